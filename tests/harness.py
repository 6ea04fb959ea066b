"""The shared conformance harness: one jitted checker every registered game runs through."""
import numpy as np
from numba import njit

from simcore import dispatch
from simcore.rng import randint, seed_rng

OK = 0
NO_LEGAL = 1          # not terminal but no legal action
BAD_ACTION = 2        # an action outside 0..num_actions-1, or listed twice
BAD_PLAYER = 3        # current player outside 0..players-1
TOO_LONG = 4          # more than max_game_length actions
BAD_RETURN = 5        # a return outside [0, 1] or returns summing above 1
DETERMINIZE = 6       # determinizing for the acting seat changed what it can see
TOO_MANY = 7          # more legal actions than num_actions
CODES = ("ok", "no legal action before the end", "bad or repeated action", "bad current player",
         "longer than max_game_length", "return out of bounds", "determinize changed the "
         "acting seat's legal actions or the terminal flag", "more legal actions than num_actions")


@njit(cache=True)
def random_playout_violations(game, params, n_games, seed, num_actions, max_len, state_size,
                              out_lengths):
    """Play ``n_games`` uniformly random games checking the contract at every step.

    Returns (code, game index, step) of the first violation, or (0, -1, -1).
    """
    players = params[0]
    state = np.empty(state_size, np.int32)
    copy = np.empty(state_size, np.int32)
    legal = np.empty(num_actions + 1, np.int32)
    legal2 = np.empty(num_actions + 1, np.int32)
    mark = np.zeros(num_actions, np.int32)
    chance = np.empty(2, np.uint64)
    agent = np.empty(2, np.uint64)
    det = np.empty(2, np.uint64)
    ret = np.empty(players, np.float64)
    for g in range(n_games):
        seed_rng(chance, seed, 7, g, 0)
        seed_rng(agent, seed, 7, g, 1)
        seed_rng(det, seed, 7, g, 2)
        dispatch.init(game, state, params, chance)
        length = 0
        while not dispatch.is_terminal(game, state, params):
            if length >= max_len:
                return TOO_LONG, g, length
            n = dispatch.legal_actions(game, state, params, legal)
            if n <= 0:
                return NO_LEGAL, g, length
            if n > num_actions:
                return TOO_MANY, g, length
            for i in range(n):
                a = legal[i]
                if a < 0 or a >= num_actions or mark[a] != 0:
                    for j in range(i):
                        mark[legal[j]] = 0
                    return BAD_ACTION, g, length
                mark[a] = 1
            p = dispatch.current_player(game, state, params)
            if p < 0 or p >= players:
                return BAD_PLAYER, g, length
            # the acting seat's view survives determinization
            for i in range(state_size):
                copy[i] = state[i]
            dispatch.determinize(game, copy, params, p, det)
            n2 = dispatch.legal_actions(game, copy, params, legal2)
            same = n2 == n and dispatch.current_player(game, copy, params) == p
            if same:
                for i in range(n2):
                    if legal2[i] < 0 or legal2[i] >= num_actions or mark[legal2[i]] == 0:
                        same = False
                        break
            for i in range(n):
                mark[legal[i]] = 0
            if not same or dispatch.is_terminal(game, copy, params):
                return DETERMINIZE, g, length
            a = legal[randint(agent, n)]
            dispatch.step(game, state, params, a, chance)
            length += 1
        dispatch.returns(game, state, params, ret)
        total = 0.0
        for s in range(players):
            if not (ret[s] >= 0.0 and ret[s] <= 1.0):
                return BAD_RETURN, g, length
            total += ret[s]
        if total > 1.0 + 1e-9:
            return BAD_RETURN, g, length
        out_lengths[g] = length
    return OK, -1, -1
