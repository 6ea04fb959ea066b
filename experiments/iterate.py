"""Expert iteration (#32): refit the learned position value on games of the search that
plays it, and repeat while the ladder rises.

Round 0 measures the committed weights: ``best:v2`` (the game's ``best`` search with its
capped rollouts scored by the learned value, ``leaf=value``) against ``best:v1`` (today's
``best``), both at the same simulations a decision, seats rotated, one ``best:v2`` against
the rest.  Round k refits the weights (:func:`experiments.train.train`) on the round's
scripted self-play plus ``best_games`` games a player count with ``best:v2``, on the
current weights, in one seat; then plays the duel again on fresh seeds.  The loop stops
after the first round whose duel does not beat the best so far, and the weights file keeps
the best round's weights, with the table of every round under ``iteration`` (what the
note quotes, and what a rerun with the same options reproduces from the same start).

Simulations, not milliseconds, are equal in the duel: the learned leaf costs a little more
a simulation (darkness: 3.8 ms against 3.2 ms at 150), so :func:`decision_ms` measures both
and :func:`equal_ms_iters` gives ``best:v2`` the simulations that cost ``best:v1``'s time.
"""
from __future__ import annotations

import json
import time

from experiments.stats import wilson


def _rate(df, name: str) -> tuple[float, float, float, int]:
    """``name``'s share of the games the rules ended, summed over the seats it sat in;
    Wilson 95%.  Unresolved as in every study (experiments.aggregate): a game the turn or
    round cap ended, or one cut at the length cap."""
    from experiments.aggregate import CAP_REASONS

    done = df[~(df["truncated"] | df["end_reason"].isin(CAP_REASONS))]
    seats = int(df["players"].iloc[0])
    k = sum(float(done.loc[done[f"agent_{s}"] == name, f"return_{s}"].sum())
            for s in range(seats))
    n = int(sum((done[f"agent_{s}"] == name).sum() for s in range(seats)))
    return (k / n if n else float("nan"), *wilson(k, n), n)


def duel(game: str, a: str, b: str, games: int, seed: int, players: int,
         threads: int | None = None) -> dict:
    """``a`` in one seat against ``b`` in every other, seats rotated: ``a``'s win rate
    over the resolved games (Wilson 95%) and its fair share ``1/players``.  A solo game
    plays ``a`` and ``b`` alone on the same seeds and gives both rates."""
    from experiments.batch import simulate

    if players == 1:
        da = simulate(game, a, games, seed, players=1, threads=threads)
        db = simulate(game, b, games, seed, players=1, threads=threads)
        r, lo, hi, n = _rate(da, da["agent_0"].iloc[0])
        return {"rate": r, "low": lo, "high": hi, "games": n, "fair": float("nan"),
                "other": _rate(db, db["agent_0"].iloc[0])[0]}
    df = simulate(game, [a] + [b] * (players - 1), games, seed, players=players,
                  threads=threads)
    from experiments.batch import plan

    name = plan(game, [a] + [b] * (players - 1), players).agents[0].text
    r, lo, hi, n = _rate(df, name)
    return {"rate": r, "low": lo, "high": hi, "games": n, "fair": 1.0 / players}


def decision_ms(game: str, spec: str, players: int, games: int, seed: int) -> float:
    """Milliseconds a decision of ``spec`` costs on one thread: ``games`` games of it in
    every seat, wall time over the actions played (a decision's cost, chance and state
    updates included)."""
    from experiments.batch import simulate

    simulate(game, spec, 1, seed, players=players, threads=1)  # compiled, warm
    t = time.perf_counter()
    df = simulate(game, spec, games, seed, players=players, threads=1)
    return 1000.0 * (time.perf_counter() - t) / max(1, int(df["length"].sum()))


def equal_ms_iters(iters: int, ms_v1: float, ms_v2: float) -> int:
    """The simulations ``best:v2`` affords in ``best:v1``'s time at ``iters``
    (decision cost taken as proportional to simulations)."""
    return max(1, int(round(iters * ms_v1 / ms_v2)))


def iterate(game: str, rounds: int = 3, games: int = 2000, best_games: int = 200,
            iters: int = 150, duel_games: int = 200, seed: int = 0, players=None,
            duel_players: int | None = None, explore: float = 0.0, own=(),
            progress=None, echo=print) -> dict:
    """Expert iteration on ``game``'s weights file (module docstring).

    Parameters
    ----------
    rounds : int
        At most this many refits.
    games, best_games, players, explore, own
        Each refit's :func:`experiments.train.train` options; its seed is ``seed + k``
        and its strong seat ``best:v2,iters=ITERS``.
    iters : int
        Simulations a decision of both searches, in the refit games and the duel.
    duel_games : int
        Games of each round's duel (at ``duel_players``, default the game's smallest
        count above one), seeds ``seed + 1000 + k``.

    Returns
    -------
    dict
        The weights record of the best round, with ``iteration``: one row per round
        (held-out log loss, the duel's rate and interval) and which round was kept.
    """
    from agents.value import load_weights, weights_path
    from experiments.train import train
    from simcore.spec import BadInput, get_game

    spec = get_game(game).SPEC
    if load_weights(spec.name) is None:
        raise BadInput(f"iterate {game}: no fitted weights to start from; run "
                       f"`darkbalance train {game}` first")
    dp = duel_players or max(spec.players[0], min(2, spec.players[1]))
    spec.check_players(dp)
    v2, v1 = f"best:v2,iters={iters}", f"best:v1,iters={iters}"
    path = weights_path(spec.name)
    start = path.read_text()
    rows, kept, best_text = [], 0, start
    for k in range(rounds + 1):
        if k:
            rec = train(game, games, seed + k, players, best_games, write=True,
                        progress=progress, explore=explore, own=own, strong=v2)
            ll = rec["heldout"]["log_loss"]
        else:
            ll = load_weights(spec.name)["heldout"]["log_loss"]
        d = duel(game, v2, v1, duel_games, seed + 1000 + k, dp)
        rows.append({"round": k, "heldout_log_loss": ll, **d})
        echo(f"round {k}: held-out log loss {ll:.4f}; best:v2 vs best:v1 at {iters} "
             f"simulations, {dp}p: {d['rate']:.1%} [{d['low']:.1%}, {d['high']:.1%}] over "
             f"{d['games']} seat-games")
        if k and not d["rate"] > rows[kept]["rate"]:
            break  # the ladder stopped rising: keep the best round's weights
        if k:
            kept, best_text = k, path.read_text()
    rec = json.loads(best_text)
    rec["iteration"] = {"strong": v2, "duel": f"{v2} vs {v1}, {dp}p, {duel_games} games",
                        "seed": seed, "games": games, "best_games": best_games,
                        "kept": kept, "rounds": rows,
                        "start_weights": json.loads(start)["weights"]}
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(rec, indent=1) + "\n")
    tmp.replace(path)
    echo(f"kept round {kept}" + (" (the committed weights)" if kept == 0 else "")
         + f"; wrote {path}")
    return rec
