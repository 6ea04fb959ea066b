"""The learned position value and the ``value`` agent, which looks one ply ahead over it.

A position's value for seat ``s`` is a logistic model over features of the state row::

    v(s) = 1 / (1 + exp(-(w . f(s))))

``f(s)`` is a generic block every game has (below), then the engine's own ``FEATURES``
(its ``features`` kernel, documented in ``simcore/<game>/features.py``).  The weights
are fitted by ``darkbalance train GAME`` (experiments/train.py) on positions of
seat-rotated self-play, with each seat's final return as the target, and stored in
``agents/weights/<game>.json`` with the engine version and rules hash they were
fitted under.  They travel in the agent row (agents/layout.py: NW, W), so a kernel
never reads a global that numba would freeze.

Generic block, for seat ``s`` of ``P`` (``eval`` is the engine's hand-written
``evaluate``, each seat's chance in [0, 1]; ``score`` its raw points)::

    bias          1
    inv_players   1 / P
    eval          eval[s]
    eval_vs_mean  eval[s] - mean of the others' eval
    eval_vs_best  eval[s] - the best other eval
    score_share   score[s] / sum of |scores| (1/P when all are 0)
    score_lead    (score[s] - best other score) / (1 + max |score|)
    to_move       1 when s is the seat to act
"""
import hashlib
import json
from pathlib import Path

import numpy as np
from numba import njit

from agents.layout import A_DEPTH, A_NW, A_PERSONA, A_PRIOR, A_REPLY, A_SAMPLES, A_W0
from agents.scripted import scripted_action
from simcore import dispatch
from simcore.rng import randint

BASE_FEATURES = ("bias", "inv_players", "eval", "eval_vs_mean", "eval_vs_best",
                 "score_share", "score_lead", "to_move")
NB = len(BASE_FEATURES)
WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
DEFAULT_SAMPLES = 4
DEFAULT_TURN = 16
DEFAULT_REPLY = 0
DEFAULT_PRIOR = 0.0
#: among futures that end the game alike (every sample a win, or every one a loss) the
#: agent prefers a win reached sooner and a loss reached later: a bonus this small per
#: decision orders only exact ties (a learned value is never exactly 0 or 1)
TIE_STEP = 1e-6
#: scratch length for an engine's info row (SPEC.info_columns; darkness has the most, 28)
NINFO = 32
#: solo lines run to the start of this many turns after the decision's (see action_values)
SOLO_TURNS = 2


def feature_names(game) -> tuple:
    """Every feature of ``game``'s position value, in weight order."""
    return BASE_FEATURES + dispatch.feature_names(game)


@njit(cache=True)
def features(game, state, params, seat, out, ev, sc):
    """Write seat ``seat``'s features to ``out`` (generic block, then the engine's own);
    ``ev`` (float64) and ``sc`` (int64) are per-seat scratch rows."""
    P = params[0]
    dispatch.evaluate(game, state, params, ev)
    dispatch.scores(game, state, params, sc)
    mine = ev[seat]
    tot = 0.0
    best_o = -1.0
    for s in range(P):
        if s != seat:
            tot += ev[s]
            best_o = max(best_o, ev[s])
    others = max(P - 1, 1)
    ssum = 0.0
    smax = 0.0
    best_sc = -1e18
    for s in range(P):
        ssum += abs(sc[s])
        smax = max(smax, abs(float(sc[s])))
        if s != seat and sc[s] > best_sc:
            best_sc = float(sc[s])
    if P == 1:
        best_o = 0.0
        best_sc = 0.0
    out[0] = 1.0
    out[1] = 1.0 / P
    out[2] = mine
    out[3] = mine - tot / others
    out[4] = mine - best_o
    out[5] = sc[seat] / ssum if ssum > 0 else 1.0 / P
    out[6] = (sc[seat] - best_sc) / (1.0 + smax)
    out[7] = 1.0 if dispatch.current_player(game, state, params) == seat else 0.0
    dispatch.features(game, state, params, seat, out[NB:])


@njit(cache=True)
def position_value(game, state, params, seat, agents, k, f, ev, sc):
    """Seat ``seat``'s learned value of ``state`` in (0, 1) (its return once the game is
    over), with the weights of agent row ``agents[k]`` (NW, W); ``f`` a features row at
    least NW long."""
    if dispatch.is_terminal(game, state, params):
        dispatch.returns(game, state, params, ev)
        return ev[seat]
    features(game, state, params, seat, f, ev, sc)
    z = 0.0
    for i in range(int(agents[k, A_NW])):
        z += agents[k, A_W0 + i] * f[i]
    return _logistic(z)


@njit(cache=True, inline="always")
def _logistic(z):
    if z < -30.0:
        z = -30.0
    elif z > 30.0:
        z = 30.0
    return 1.0 / (1.0 + np.exp(-z))


@njit(cache=True)
def row_value(game, state, params, seat, row, f, ev, sc):
    """``position_value`` with the weights of one agent row ``row`` (a search's own row,
    ``leaf=value``), for every seat in turn at a capped rollout."""
    if dispatch.is_terminal(game, state, params):
        dispatch.returns(game, state, params, ev)
        return ev[seat]
    features(game, state, params, seat, f, ev, sc)
    z = 0.0
    for i in range(int(row[A_NW])):
        z += row[A_W0 + i] * f[i]
    return _logistic(z)


@njit(cache=True)
def value_act(game, agents, k, state, params, rng, legal, n, ws):
    """The legal action whose after-state has the highest learned value for the seat to act
    (:func:`action_values`); ties go to a uniformly drawn one.  With a PRIOR margin the
    scripted persona's own choice stands unless another action is valued more than PRIOR
    above it (a learned value's errors then move play only where they are large)."""
    vals = np.empty(n, np.float64)
    action_values(game, agents, k, state, params, rng, legal, n, ws, vals)
    best_v = vals.max()
    margin = agents[k, A_PRIOR]
    if margin > 0.0:
        sl = np.empty(n, np.int32)
        for i in range(n):
            sl[i] = legal[i]
        srng = np.empty(2, np.uint64)  # a copy: the script's tie draws leave the stream be
        srng[0] = rng[0]
        srng[1] = rng[1]
        a = scripted_action(game, state, params, int(agents[k, A_PERSONA]), srng, sl, n)
        for i in range(n):
            if legal[i] == a and vals[i] >= best_v - margin:
                return a
    ties = 0
    for i in range(n):
        ties += vals[i] >= best_v - 1e-12
    pick = randint(rng, ties) if ties > 1 else 0
    for i in range(n):
        if vals[i] >= best_v - 1e-12:
            if pick == 0:
                return legal[i]
            pick -= 1
    return legal[0]


@njit(cache=True)
def action_values(game, agents, k, state, params, rng, legal, n, ws, vals):
    """Write to ``vals[:n]`` the learned value of each legal action's after-state for the
    seat to act.

    A turn is often several decisions (draft, then a card, then its effect): after the
    action, the seat's own following decisions, and every seat's choices in a round of
    hidden simultaneous choices still open (bids, Offerings: their cost shows only once
    all are revealed), are played by the scripted persona (at most ``DEPTH`` decisions,
    agents/layout.py); the position reached is the one valued.  So each choice is judged
    by the turn it leads to, not by the half-made turn right after it.  Solo, the line runs
    to the start of the turn after next (SOLO_TURNS), so every action is valued at one
    point of the game.  In an open-loop game (chance, hidden cards) each action is tried on ``SAMPLES``
    determinizations from the acting seat's view, with chance drawn from the agent's own
    stream, and the values are averaged; so a hidden simultaneous choice (a bid) is made
    without seeing what the others committed.  Every action is valued on the same draws
    (common random numbers)."""
    me = dispatch.current_player(game, state, params)
    sim = ws[2]
    sl = ws[3]
    turn = int(agents[k, A_DEPTH])
    reply = int(agents[k, A_REPLY])
    persona = int(agents[k, A_PERSONA])
    P = params[0]
    f = np.zeros(max(int(agents[k, A_NW]), NB + 64), np.float64)
    ev = np.empty(P, np.float64)
    sc = np.empty(P, np.int64)
    samples = 1
    if dispatch.open_loop(game):
        samples = max(1, int(agents[k, A_SAMPLES]))
    # common random numbers: every action is valued on the same determinizations and chance
    # draws (a copy of the stream restarted per action), so two actions are compared on
    # equal futures rather than lost in four samples' noise; the agent's own stream then
    # moves past every draw used, so the next decision draws afresh
    crn = np.empty(2, np.uint64)
    used = rng[1]
    # a choice in a round whose outcome is still pending (a hidden bid or Offering, a
    # public Offering, a Favor's adjustment before the Harvest's result: the engine's
    # pending_round, else its simultaneous round) is judged once that round has resolved:
    # play on to the next such round (or the depth cap), since an Offering's cost (a
    # failed Harvest, the fewest souls eliminated) shows only after every seat's choice
    # and the effects they trigger
    root = dispatch.pending_round(game, state, params)
    # solo, every decision is the agent's own and the automa plays inside the engine, so
    # "the rest of my turn" would run on into later turns and each action's line be valued
    # at another point of the game (a line of fewer decisions reaches further): it stops
    # where the round (info column 0) has advanced SOLO_TURNS, so every line is valued at
    # the start of the turn after next, past the automa's answer to the next turn too
    # (frontier: the Rival's assaults)
    solo = P == 1
    info = np.zeros(NINFO if solo else 1, np.int64)  # read only solo
    r0 = 0
    if solo:
        dispatch.info(game, state, params, info)
        r0 = info[0]
    for i in range(n):
        v = 0.0
        crn[0] = rng[0]
        crn[1] = rng[1]  # the same start for every action
        for _ in range(samples):
            for j in range(state.shape[0]):
                sim[j] = state[j]
            if dispatch.open_loop(game):
                dispatch.determinize(game, sim, params, me, crn)
            dispatch.step(game, sim, params, legal[i], crn)
            d = 0
            rep = 0
            # the rest of my turn, and any round of hidden simultaneous choices still open
            # (a bid or Offering costs only once all are revealed), played by the script;
            # then, with ``reply``, up to that many of the other seats' decisions (a
            # threat left open shows in their answer); ``turn`` caps the rest apart
            while d - rep < turn and not dispatch.is_terminal(game, sim, params):
                if solo:
                    dispatch.info(game, sim, params, info)
                    if info[0] - r0 >= SOLO_TURNS:
                        break  # the turn after next starts here
                r = dispatch.pending_round(game, sim, params)
                mine = dispatch.current_player(game, sim, params) == me
                if root != 0:
                    if r != 0 and r != root:
                        break  # the next round of hidden choices: the last one resolved
                elif r == 0 and not mine:
                    if rep >= reply:
                        break
                    rep += 1
                elif rep > 0 and mine:
                    break  # my turn again, after the replies
                nl = dispatch.legal_actions(game, sim, params, sl)
                a = sl[0]
                if nl > 1:
                    a = scripted_action(game, sim, params, persona, crn, sl, nl)
                dispatch.step(game, sim, params, a, crn)
                d += 1
            w = position_value(game, sim, params, me, agents, k, f, ev, sc)
            if dispatch.is_terminal(game, sim, params):
                # a win sooner, a loss later (ties only: TIE_STEP)
                if w > 0.5:
                    w += TIE_STEP * (turn + reply - d)
                elif w < 0.5:
                    w += TIE_STEP * d
            v += w
        vals[i] = v / samples
        used = max(used, crn[1])
    rng[1] = used


# ---- the fitted weights: files, and the rules they were fitted under ----

def weights_path(game: str) -> Path:
    """Where ``game``'s fitted weights live (committed; ``darkbalance train`` rewrites)."""
    return WEIGHTS_DIR / f"{game}.json"


def rules_hash(params_by_players: dict) -> str:
    """A short hash of the compiled rules a fit played under (one params row per player
    count, in player order): a run under other rules compares its own to it."""
    h = hashlib.sha256()
    for players in sorted(params_by_players):
        h.update(np.asarray(params_by_players[players], np.int32).tobytes())
    return h.hexdigest()[:16]


def load_weights(game: str) -> dict | None:
    """The fitted weights record of ``game`` (see experiments/train.py), or None."""
    path = weights_path(game)
    if not path.is_file():
        return None
    with open(path) as fh:
        return json.load(fh)


def weights_for(game: str, players: int | None = None):
    """The weights ``value`` plays at ``players``: those fitted on that count alone where
    the file has them (``by_players``, ``darkbalance train --own P``), else those fitted on
    every count; None when the game has no fitted weights."""
    rec = load_weights(game)
    if rec is None:
        return None
    own = rec.get("by_players", {}).get(str(players)) if players is not None else None
    return (own or rec)["weights"]


def fitted_setup(rec: dict, players: int) -> str | None:
    """The setup a weights record's positions at ``players`` were played on (``setups``,
    per count, where the game's TRAIN_SETUP moves one; else the record's ``setup``)."""
    return rec.get("setups", {}).get(str(players), rec.get("setup"))


def rules_note(spec, players: int, setup: str, params) -> str | None:
    """One line when the ``value`` agent plays under other rules, another setup, player
    count or engine version than its weights were fitted under; None when they match."""
    rec = load_weights(spec.name)
    if rec is None:
        return None
    fitted = rec.get("rules", {}).get(str(players))
    fsetup = fitted_setup(rec, players)
    why = []
    if rec.get("version") != spec.version:
        why.append(f"engine version {rec.get('version')} (now {spec.version})")
    if fitted is None:
        why.append(f"player counts {', '.join(sorted(rec.get('rules', {})))} (now {players})")
    elif fitted != rules_hash({players: params}) and setup == fsetup:
        why.append(f"rules hash {fitted} (now {rules_hash({players: params})})")
    elif fitted != rules_hash({players: params}):
        why.append(f"setup {fsetup!r} (now {setup!r})")
    if not why:
        return None
    return (f"agent 'value' uses weights fitted under other rules: {'; '.join(why)}; "
            f"`darkbalance train {spec.name}` refits them")
