"""Jitted batch play: N whole games in one call, spread over threads with prange.

Game ``i`` of a batch is global game index ``first_index + i``; everything it
draws comes from streams keyed on (seed, cell, index), and its results go to
row ``i`` of the output arrays, so a batch gives bit-identical rows whatever the
thread count, the chunk size, or how the games are split into batches.

Seats are rotated: game index ``g`` seats agent ``perms[g % K, s]`` in seat
``s``, where ``perms`` lists the K distinct seatings of the agents.
"""
import numpy as np
from numba import njit, prange

from agents import mcts
from agents.layout import A_ITERS, A_KIND, MCTS
from agents.policy import act
from simcore import dispatch
from simcore.rng import seed_rng


@njit(cache=True, parallel=True)
def play_games(game, params, seed, cell, first_index, n_games, agents, perms, chunk,
               state_size, num_actions, max_len, n_info,
               out_returns, out_scores, out_length, out_info, out_seat_agent, out_truncated):
    """Play ``n_games`` games and fill the ``out_*`` arrays (one row per game).

    Parameters
    ----------
    game : int
        Game id (simcore.dispatch).
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
    """
    players = params[0]
    max_nodes = 0
    for a in range(agents.shape[0]):
        if agents[a, A_KIND] == MCTS:
            max_nodes = max(max_nodes, int(agents[a, A_ITERS]) + 1)
    n_chunks = (n_games + chunk - 1) // chunk
    for ci in prange(n_chunks):
        state = np.empty(state_size, np.int32)
        legal = np.empty(num_actions, np.int32)
        rngs = np.empty((players, 2), np.uint64)  # one stream per seat's agent
        chance = np.empty(2, np.uint64)
        arng = np.empty(2, np.uint64)  # the acting seat's stream, copied in and out (no views)
        seat_agent = np.empty(players, np.int64)
        ret = np.empty(players, np.float64)
        sc = np.empty(players, np.int64)
        inf = np.zeros(n_info, np.int64)
        ws = mcts.workspace(max_nodes, state_size, num_actions, max_len, players)
        for i in range(ci * chunk, min(n_games, (ci + 1) * chunk)):
            g = first_index + i
            row = g % perms.shape[0]
            seed_rng(chance, seed, cell, g, 0)
            for s in range(players):
                seat_agent[s] = perms[row, s]
                seed_rng(arng, seed, cell, g, 1 + s)
                rngs[s, 0] = arng[0]
                rngs[s, 1] = arng[1]
            dispatch.init(game, state, params, chance)
            length = 0
            while length < max_len and not dispatch.is_terminal(game, state, params):
                n = dispatch.legal_actions(game, state, params, legal)
                p = dispatch.current_player(game, state, params)
                arng[0] = rngs[p, 0]
                arng[1] = rngs[p, 1]
                a = act(game, agents, seat_agent[p], state, params, arng, legal, n, ws)
                rngs[p, 1] = arng[1]
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
