"""Jitted batch play: N whole games in one call, spread over threads with prange.

Game ``i`` of a batch is global game index ``first_index + i``; everything it
draws comes from streams keyed on (seed, cell, index), and its results go to
row ``i`` of the output arrays, so a batch gives bit-identical rows whatever the
thread count, the chunk size, or how the games are split into batches.

Seats are rotated: game index ``g`` seats agent ``perms[g % K, s]`` in seat
``s``, where ``perms`` lists the K distinct seatings of the agents.
"""
import numba
import numpy as np
from numba import njit, prange

from agents import mcts
from agents.layout import A_ITERS, A_KIND, MCTS
from agents.policy import act
from simcore import dispatch
from simcore.rng import seed_rng


# play_games modes (a bitmask): extra work a run asks for, off in plain play
CHECK = 1    # check the game contract at every decision (the conformance harness)
RECORD = 2   # write every action taken to out_trace (replays)
COUNT = 4    # count decisions by (seat, action kind) in out_kinds (decision statistics)

# contract violations found in check mode (the conformance harness runs the arena with it)
OK = 0
NO_LEGAL = 1          # not terminal but no legal action
BAD_ACTION = 2        # an action outside 0..num_actions-1, or listed twice
BAD_PLAYER = 3        # current player outside 0..players-1
TOO_LONG = 4          # more than max_game_length actions
BAD_RETURN = 5        # a return outside [0, 1] or returns summing above 1
DETERMINIZE = 6       # determinizing for the acting seat changed what it can see
TOO_MANY = 7          # more legal actions than num_actions
CHECK_CODES = ("ok", "no legal action before the end", "bad or repeated action",
               "bad current player", "longer than max_game_length", "return out of bounds",
               "determinize changed the acting seat's legal actions or the terminal flag",
               "more legal actions than num_actions")


@njit(cache=True, inline="always")
def _check_decision(game, state, params, legal, n, p, num_actions, copy, legal2, mark, det):
    """The contract at one decision point: OK or the first violation's code."""
    if n <= 0:
        return NO_LEGAL
    if n > num_actions:
        return TOO_MANY
    for i in range(n):
        a = legal[i]
        if a < 0 or a >= num_actions or mark[a] != 0:
            for j in range(i):
                mark[legal[j]] = 0
            return BAD_ACTION
        mark[a] = 1
    code = OK
    if p < 0 or p >= params[0]:
        code = BAD_PLAYER
    else:
        # the acting seat's view survives determinization
        for i in range(state.shape[0]):
            copy[i] = state[i]
        dispatch.determinize(game, copy, params, p, det)
        n2 = dispatch.legal_actions(game, copy, params, legal2)
        same = n2 == n and dispatch.current_player(game, copy, params) == p
        if same:
            for i in range(n2):
                if legal2[i] < 0 or legal2[i] >= num_actions or mark[legal2[i]] == 0:
                    same = False
                    break
        if not same or dispatch.is_terminal(game, copy, params):
            code = DETERMINIZE
    for i in range(n):
        mark[legal[i]] = 0
    return code


# nogil: a progress heartbeat (experiments.progress.heartbeat) prints while a block plays
@njit(cache=True, parallel=True, nogil=True)
def play_games(game, params, seed, cell, first_index, n_games, agents, perms, chunk,
               state_size, num_actions, max_len, n_info,
               out_returns, out_scores, out_length, out_info, out_seat_agent, out_truncated,
               mode, out_check, out_trace, out_kinds):
    """Play ``n_games`` games and fill the ``out_*`` arrays (one row per game).

    Parameters
    ----------
    game : int
        Game key (simcore.dispatch.key): this driver is compiled once per game.
    params : int32 array
        Compiled rules; ``params[0]`` is the player count.
    seed, cell, first_index : int
        Stream keys; game ``i`` uses index ``first_index + i``.
    agents : float64 array (A, AGENT_SIZE)
        Agent rows; ``perms`` indexes them.
    perms : int32 array (K, players)
        Seatings; game index ``g`` uses row ``g % K``.
    chunk : int
        Games per parallel work item (buffers are allocated once per item).
    mode : int
        Bitmask of extra work; each ``out_*`` below is written only under its bit (pass a
        1-row dummy otherwise).  CHECK: check the game contract at every decision and
        write (code, step) of a game's first violation to ``out_check[i]`` (the game
        stops there), (OK, -1) for a clean game.  RECORD: ``out_trace[i, t]`` is the
        action of step ``t`` (-1 after the end).  COUNT: ``out_kinds[i, seat, kind]``
        counts the seat's decisions by action kind (the engine's ``action_kind``).
    """
    numba.literally(game)
    check = (mode & CHECK) != 0
    record = (mode & RECORD) != 0
    count = (mode & COUNT) != 0
    players = params[0]
    max_nodes = 0
    for a in range(agents.shape[0]):
        if agents[a, A_KIND] == MCTS:
            max_nodes = max(max_nodes, int(agents[a, A_ITERS]) + 1)
    n_chunks = (n_games + chunk - 1) // chunk
    for ci in prange(n_chunks):
        state = np.empty(state_size, np.int32)
        legal = np.empty(num_actions + 1, np.int32)
        rngs = np.empty((players, 2), np.uint64)  # one stream per seat's agent
        chance = np.empty(2, np.uint64)
        arng = np.empty(2, np.uint64)  # the acting seat's stream, copied in and out (no views)
        seat_agent = np.empty(players, np.int64)
        ret = np.empty(players, np.float64)
        sc = np.empty(players, np.int64)
        inf = np.zeros(n_info, np.int64)
        ws = mcts.workspace(max_nodes, state_size, num_actions, max_len, players)
        # check-mode scratch (tiny when off)
        copy = np.empty(state_size if check else 1, np.int32)
        legal2 = np.empty(num_actions + 1 if check else 1, np.int32)
        mark = np.zeros(num_actions if check else 1, np.int32)
        det = np.empty(2, np.uint64)
        for i in range(ci * chunk, min(n_games, (ci + 1) * chunk)):
            g = first_index + i
            row = g % perms.shape[0]
            seed_rng(chance, seed, cell, g, 0)
            for s in range(players):
                seat_agent[s] = perms[row, s]
                seed_rng(arng, seed, cell, g, 1 + s)
                rngs[s, 0] = arng[0]
                rngs[s, 1] = arng[1]
            if check:
                seed_rng(det, seed, cell, g, 1 + players)
                out_check[i, 0] = OK
                out_check[i, 1] = -1
            if record:
                for t in range(out_trace.shape[1]):
                    out_trace[i, t] = -1
            if count:
                for s in range(players):
                    for k in range(out_kinds.shape[2]):
                        out_kinds[i, s, k] = 0
            dispatch.init(game, state, params, chance)
            length = 0
            while length < max_len and not dispatch.is_terminal(game, state, params):
                n = dispatch.legal_actions(game, state, params, legal)
                p = dispatch.current_player(game, state, params)
                if check:
                    code = _check_decision(game, state, params, legal, n, p, num_actions,
                                           copy, legal2, mark, det)
                    if code != OK:
                        out_check[i, 0] = code
                        out_check[i, 1] = length
                        break
                arng[0] = rngs[p, 0]
                arng[1] = rngs[p, 1]
                a = act(game, agents, seat_agent[p], state, params, arng, legal, n, ws)
                rngs[p, 1] = arng[1]
                if record:
                    out_trace[i, length] = a
                if count:
                    out_kinds[i, p, dispatch.action_kind(game, state, params, a)] += 1
                dispatch.step(game, state, params, a, chance)
                length += 1
            out_truncated[i] = not dispatch.is_terminal(game, state, params)
            dispatch.returns(game, state, params, ret)
            dispatch.scores(game, state, params, sc)
            dispatch.info(game, state, params, inf)
            out_length[i] = length
            for s in range(players):
                out_returns[i, s] = ret[s]
                out_scores[i, s] = sc[s]
                out_seat_agent[i, s] = seat_agent[s]
            for k in range(n_info):
                out_info[i, k] = inf[k]
            if check and out_check[i, 0] == OK:
                total = 0.0
                for s in range(players):
                    if not (ret[s] >= 0.0 and ret[s] <= 1.0):
                        total = 2.0
                    total += ret[s]
                if out_truncated[i]:
                    out_check[i, 0] = TOO_LONG
                    out_check[i, 1] = length
                elif total > 1.0 + 1e-9:
                    out_check[i, 0] = BAD_RETURN
                    out_check[i, 1] = length


def seatings(n_agents_distinct: list[int]) -> np.ndarray:
    """All distinct orderings of a multiset of agent numbers, in lexicographic order.

    ``seatings([0, 1])`` -> ``[[0, 1], [1, 0]]``; ``seatings([0, 0, 1])`` has 3 rows.
    """
    items = sorted(n_agents_distinct)
    out = []

    def rec(prefix, rest):
        if not rest:
            out.append(prefix)
            return
        seen = set()
        for i, x in enumerate(rest):
            if x in seen:
                continue
            seen.add(x)
            rec(prefix + [x], rest[:i] + rest[i + 1:])

    rec([], items)
    return np.asarray(out, dtype=np.int32)
