"""``darkbalance train GAME``: fit the learned position value of agents/value.py.

Positions come from seat-rotated self-play: every current scripted persona against the
others (and, with ``best_games``, the strong player), at every player count asked for,
on the game's first setup (or the setup its profile's TRAIN_SETUP names for that count:
darkness solo plays random 10-location setups, as the locations study does).  Each game's
actions are recorded, the positions are rebuilt from the same chance stream (as ``replay``
does), and every ``stride``-th position gives one row per seat: the seat's features and, as
the target, the seat's final return (a shared win counts 1/k; a turn-capped game is left
out, unresolved).

The model is scikit-learn's L2 logistic regression; a return r in (0, 1) enters as a
win of weight r and a loss of weight 1 - r.  The last fifth of each player count's games
is held out: the report gives held-out log loss and Brier score against the constant
model (the training share of wins).  Fits are deterministic: the same (games, seed,
players) give the same weights, so the committed file can be checked by refitting.
"""
from __future__ import annotations

import json
import math

import numba
import numpy as np
from numba import njit

from agents.value import feature_names, features, rules_hash, weights_path
from simcore import dispatch
from simcore.rng import seed_rng
from simcore.spec import BadInput, get_game


@njit(cache=True)
def collect(game, params, state_size, seed, cell, first_index, traces, lengths, stride, nf,
            out):
    """Rebuild the positions of recorded games and write features rows to ``out``.

    Game ``i`` is game index ``first_index + i`` of (seed, cell): its chance stream is
    the arena's.  Every ``stride``-th position before the end gives ``P`` rows (one per
    seat): ``out[r, :nf]`` the features, ``out[r, nf]`` the game, ``out[r, nf + 1]`` the
    seat.  Returns the number of rows written."""
    numba.literally(game)
    P = params[0]
    state = np.empty(state_size, np.int32)
    chance = np.empty(2, np.uint64)
    f = np.zeros(nf + 64, np.float64)
    ev = np.empty(P, np.float64)
    sc = np.empty(P, np.int64)
    r = 0
    for i in range(lengths.shape[0]):
        seed_rng(chance, seed, cell, first_index + i, 0)
        dispatch.init(game, state, params, chance)
        for t in range(lengths[i]):
            if t % stride == 0:
                for s in range(P):
                    features(game, state, params, s, f, ev, sc)
                    for j in range(nf):
                        out[r, j] = f[j]
                    out[r, nf] = i
                    out[r, nf + 1] = s
                    r += 1
            dispatch.step(game, state, params, traces[i, t], chance)
    return r


def _self_play(game: str, players: int, games: int, seed: int, best_games: int, progress,
               explore: float = 0.0, strong: str = "best", setup: str | None = None):
    """(features rows, targets, game ids) of seat-rotated self-play at ``players``; with
    ``explore`` every scripted seat plays a random legal action in that share of its
    decisions, so the positions include the consequences of moves the script would not
    make (one-ply search compares exactly such after-states)."""
    from experiments.batch import plan, run_plan

    spec = get_game(game).SPEC
    personas = list(spec.current_personas) or ["default"]
    tail = f",eps={explore:g}" if explore else ""
    seats = [f"scripted:{personas[s % len(personas)]}{tail}" for s in range(players)]
    parts = [(seats, games, 0)]
    if best_games:
        parts.append(([(strong if s == 0 else seats[s]) for s in range(players)],
                      best_games, 1))
    names = feature_names(spec.key)
    nf = len(names)
    X, y, gid = [], [], []
    offset = 0
    for agents, n, cell in parts:
        if n <= 0:
            continue
        p = plan(game, agents, players, setup)
        raw = run_plan(p, n, seed, cell, record=True, progress=progress)
        lengths = raw["length"].astype(np.int64)
        traces = raw["trace"].astype(np.int64)
        keep = ~raw["truncated"]  # capped games are unresolved: no target
        stride = max(1, int(np.median(lengths)) // 24)  # about 24 positions a game
        rows = int(sum((int(L) + stride - 1) // stride for L in lengths)) * players
        out = np.zeros((max(rows, 1), nf + 2), np.float64)
        r = dispatch.call(collect, p.spec.key, p.params, spec.state_size, seed, cell, 0,
                          traces, lengths, stride, nf, out)
        out = out[:r]
        g = out[:, nf].astype(np.int64)
        s = out[:, nf + 1].astype(np.int64)
        ok = keep[g]
        X.append(out[ok, :nf])
        y.append(raw["returns"][g[ok], s[ok]])
        gid.append(g[ok] + offset)
        offset += n
    return np.concatenate(X), np.concatenate(y), np.concatenate(gid), offset, p.params


def _fit(X, y, C: float = 1.0):
    """L2 logistic regression on fractional targets (a win of weight r, a loss of 1 - r)."""
    from sklearn.linear_model import LogisticRegression

    Xd = np.concatenate([X, X])
    yd = np.concatenate([np.ones(len(y)), np.zeros(len(y))])
    wd = np.concatenate([y, 1.0 - y])
    keep = wd > 0
    m = LogisticRegression(C=C, fit_intercept=False, max_iter=2000)
    m.fit(Xd[keep], yd[keep], sample_weight=wd[keep])
    return m.coef_[0].copy()


def _fit_kept(X, y, keep) -> np.ndarray:
    """:func:`_fit` over the columns ``keep`` only; every other weight is 0 (the profile's
    TRAIN_DROP: a feature the fit would read the wrong way round for play)."""
    w = np.zeros(X.shape[1])
    w[keep] = _fit(X[:, keep], y)
    return w


def _scores(w, X, y, const: float) -> dict:
    z = np.clip(X @ w, -30, 30)
    p = 1.0 / (1.0 + np.exp(-z))
    eps = 1e-12

    def ll(q):
        q = np.clip(q, eps, 1 - eps)
        return float(np.mean(-(y * np.log(q) + (1 - y) * np.log(1 - q))))
    return {"log_loss": ll(p), "brier": float(np.mean((p - y) ** 2)),
            "const_log_loss": ll(np.full_like(y, const)),
            "const_brier": float(np.mean((const - y) ** 2)), "positions": len(y)}


def train(game: str, games: int = 4000, seed: int = 0, players=None, best_games: int = 0,
          write: bool = True, progress=None, explore: float = 0.0, own=(),
          strong: str = "best") -> dict:
    """Fit ``game``'s position value; write agents/weights/GAME.json unless ``write`` is
    False.  Returns the record (weights, features, held-out scores, what it was fitted on).

    Parameters
    ----------
    game : str
        Registered game name.
    games : int
        Scripted self-play games per player count.
    seed : int
        Seed of the self-play (cell 0: scripted; cell 1: ``best`` games).
    players : sequence of int, optional
        Player counts to fit on (default: every count the game allows, at most 4).
    best_games : int
        Games per player count with ``best`` in one seat, added to the positions.
    explore : float
        Share of each scripted seat's decisions played at random (``scripted:eps=X``),
        in 0..1; recorded in the weights file so a refit reproduces them.
    own : sequence of int
        Player counts (among ``players``) that also get weights of their own, fitted on
        that count's positions alone (``by_players``; ``value`` plays them at that count):
        one weight vector for every table size can be right for none (humanity at 4
        players: 28.6% with the pooled fit, 34.5% with its own, against 3 scripted).
    strong : str
        The agent in the strong seat of the ``best_games`` (default ``best``; expert
        iteration, experiments/iterate.py, plays ``best:v2`` on the weights it refits).
    """
    from experiments.batch import check_int

    mod = get_game(game)
    spec = mod.SPEC
    games = check_int("--games", games, 10)
    explore = float(explore)
    if not 0.0 <= explore <= 1.0:  # NaN fails here too
        raise BadInput(f"train {game}: --explore {explore:g} out of range; valid: 0..1 (the "
                       "share of scripted decisions played at random)")
    lo, hi = spec.players
    counts = list(players) if players else list(range(lo, min(hi, 4) + 1))
    for c in counts:
        spec.check_players(c)
    own = sorted({int(c) for c in own})
    for c in own:
        if c not in counts:
            raise BadInput(f"train {game}: --own {c} is not a fitted player count; valid: "
                           + ", ".join(str(k) for k in counts))
    from simcore import registry

    moved = registry.part(spec.name, "TRAIN_SETUP") or {}
    setups = {str(c): moved.get(c, spec.setups[0]) for c in counts}
    names = list(feature_names(spec.key))
    drop = tuple(registry.part(spec.name, "TRAIN_DROP") or ())
    unknown = [d for d in drop if d not in names]
    if unknown:
        raise BadInput(f"train {game}: TRAIN_DROP names {', '.join(unknown)}, not features "
                       f"of {game}; valid: {', '.join(names)}")
    keep = np.array([j for j, nm in enumerate(names) if nm not in drop], np.int64)
    Xtr, ytr, Xte, yte, rules, per = [], [], [], [], {}, {}
    for c in counts:
        X, y, gid, n, params = _self_play(spec.name, c, games, seed, best_games, progress,
                                          explore, strong, setups[str(c)])
        cut = int(n * 0.8)
        tr = gid < cut
        Xtr.append(X[tr]), ytr.append(y[tr]), Xte.append(X[~tr]), yte.append(y[~tr])
        rules[str(c)] = rules_hash({c: params})
        per[str(c)] = int(n)
    split = {str(c): (Xtr[i], ytr[i], Xte[i], yte[i]) for i, c in enumerate(counts)}
    Xtr, ytr, Xte, yte = map(np.concatenate, (Xtr, ytr, Xte, yte))
    if len(ytr) == 0 or len(yte) == 0:
        raise BadInput(f"train {game}: no finished games to fit on; play more (--games)")
    w = _fit_kept(Xtr, ytr, keep)
    const = float(np.mean(ytr))
    by_players = {}
    for c in own:
        xtr, y_tr, xte, y_te = split[str(c)]
        if len(y_tr) == 0 or len(y_te) == 0:
            raise BadInput(f"train {game}: no finished {c}-player games to fit on; play "
                           "more (--games)")
        wc = _fit_kept(xtr, y_tr, keep)
        cc = float(np.mean(y_tr))
        by_players[str(c)] = {"weights": [float(x) for x in wc],
                              "heldout": _scores(wc, xte, y_te, cc),
                              "train": _scores(wc, xtr, y_tr, cc)}
    rec = {"game": spec.name, "version": spec.version, "setup": spec.setups[0],
           **({"setups": setups} if set(setups.values()) != {spec.setups[0]} else {}),
           "rules": rules, "features": names, **({"dropped": list(drop)} if drop else {}),
           "weights": [float(x) for x in w], "seed": seed, "games": per,
           "best_games": best_games, "explore": explore,
           **({"strong": strong} if best_games and strong != "best" else {}),
           "model": "sklearn LogisticRegression(C=1, L2)",
           "heldout": _scores(w, Xte, yte, const),
           "train": _scores(w, Xtr, ytr, const)}
    if by_players:
        rec["own"] = own  # the recipe: `train --own P` for each
        rec["by_players"] = by_players
    if write:
        path = weights_path(spec.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".json.tmp")
        with open(tmp, "w") as fh:
            json.dump(rec, fh, indent=1)
            fh.write("\n")
        tmp.replace(path)
    return rec


def format_record(rec: dict) -> str:
    """Held-out scores of a fit, one line each, against the constant model."""
    h = rec["heldout"]
    gain = 1.0 - h["log_loss"] / h["const_log_loss"] if h["const_log_loss"] > 0 else math.nan
    return "\n".join([
        f"{rec['game']}: {len(rec['weights'])} weights fitted on "
        + ", ".join(f"{n} games at {c}p" for c, n in rec["games"].items())
        + f" (engine v{rec['version']}, setup "
        + (", ".join(f"{s} at {c}p" for c, s in rec["setups"].items()) if "setups" in rec
           else rec["setup"]) + f", seed {rec['seed']}"
        + (f", explore {rec['explore']:g}" if rec.get("explore") else "") + ")",
        f"held out: log loss {h['log_loss']:.4f} (constant model {h['const_log_loss']:.4f}, "
        f"{gain:+.1%}), Brier {h['brier']:.4f} (constant {h['const_brier']:.4f}), "
        f"{h['positions']} positions"] + [
        f"{c}p alone (value plays these at {c} players): held out log loss "
        f"{o['heldout']['log_loss']:.4f} (constant {o['heldout']['const_log_loss']:.4f}), "
        f"Brier {o['heldout']['brier']:.4f}, {o['heldout']['positions']} positions"
        for c, o in rec.get("by_players", {}).items()])
