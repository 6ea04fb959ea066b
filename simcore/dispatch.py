"""One static branch per game so generic code (arena, MCTS) reaches kernels with caching intact.

numba's on-disk cache is defeated by jitted functions passed as call-time
arguments or captured by factory closures, so generic code calls these
functions with an integer ``game`` id instead (see each SPEC.game_id).
Adding a game: import its engine and add one branch to every function.
"""
import numpy as np
from numba import njit

from simcore.connect4 import engine as connect4
from simcore.court import engine as court
from simcore.darkleaf import engine as darkleaf
from simcore.darkness import engine as darkness
from simcore.frontier import engine as frontier
from simcore.humanity import engine as humanity
from simcore.tictactoe import engine as tictactoe

TICTACTOE = 0
CONNECT4 = 1
COURT = 2
DARKLEAF = 3
DARKNESS = 4
HUMANITY = 5
FRONTIER = 6


@njit(cache=True, inline="always")
def init(game, state, params, rng):
    if game == TICTACTOE:
        tictactoe.init(state, params, rng)
    elif game == CONNECT4:
        connect4.init(state, params, rng)
    elif game == COURT:
        court.init(state, params, rng)
    elif game == FRONTIER:
        frontier.init(state, params, rng)
    elif game == DARKLEAF:
        darkleaf.init(state, params, rng)
    elif game == HUMANITY:
        humanity.init(state, params, rng)
    elif game == DARKNESS:
        darkness.init(state, params, rng)


@njit(cache=True, inline="always")
def current_player(game, state, params):
    if game == TICTACTOE:
        return tictactoe.current_player(state, params)
    elif game == CONNECT4:
        return connect4.current_player(state, params)
    elif game == COURT:
        return court.current_player(state, params)
    elif game == FRONTIER:
        return frontier.current_player(state, params)
    elif game == DARKLEAF:
        return darkleaf.current_player(state, params)
    elif game == HUMANITY:
        return humanity.current_player(state, params)
    elif game == DARKNESS:
        return darkness.current_player(state, params)
    return 0


@njit(cache=True, inline="always")
def is_terminal(game, state, params):
    if game == TICTACTOE:
        return tictactoe.is_terminal(state, params)
    elif game == CONNECT4:
        return connect4.is_terminal(state, params)
    elif game == COURT:
        return court.is_terminal(state, params)
    elif game == FRONTIER:
        return frontier.is_terminal(state, params)
    elif game == DARKLEAF:
        return darkleaf.is_terminal(state, params)
    elif game == HUMANITY:
        return humanity.is_terminal(state, params)
    elif game == DARKNESS:
        return darkness.is_terminal(state, params)
    return True


@njit(cache=True, inline="always")
def legal_actions(game, state, params, out):
    if game == TICTACTOE:
        return tictactoe.legal_actions(state, params, out)
    elif game == CONNECT4:
        return connect4.legal_actions(state, params, out)
    elif game == COURT:
        return court.legal_actions(state, params, out)
    elif game == FRONTIER:
        return frontier.legal_actions(state, params, out)
    elif game == DARKLEAF:
        return darkleaf.legal_actions(state, params, out)
    elif game == HUMANITY:
        return humanity.legal_actions(state, params, out)
    elif game == DARKNESS:
        return darkness.legal_actions(state, params, out)
    return 0


@njit(cache=True, inline="always")
def step(game, state, params, action, rng):
    # one action type for every caller (legal arrays hold int32, searches return int64):
    # each extra type would compile a game's whole step tree again (~10-20 s a game)
    action = np.int64(action)
    if game == TICTACTOE:
        tictactoe.step(state, params, action, rng)
    elif game == CONNECT4:
        connect4.step(state, params, action, rng)
    elif game == COURT:
        court.step(state, params, action, rng)
    elif game == FRONTIER:
        frontier.step(state, params, action, rng)
    elif game == DARKLEAF:
        darkleaf.step(state, params, action, rng)
    elif game == HUMANITY:
        humanity.step(state, params, action, rng)
    elif game == DARKNESS:
        darkness.step(state, params, action, rng)


@njit(cache=True, inline="always")
def returns(game, state, params, out):
    if game == TICTACTOE:
        tictactoe.returns(state, params, out)
    elif game == CONNECT4:
        connect4.returns(state, params, out)
    elif game == COURT:
        court.returns(state, params, out)
    elif game == FRONTIER:
        frontier.returns(state, params, out)
    elif game == DARKLEAF:
        darkleaf.returns(state, params, out)
    elif game == HUMANITY:
        humanity.returns(state, params, out)
    elif game == DARKNESS:
        darkness.returns(state, params, out)


@njit(cache=True, inline="always")
def scores(game, state, params, out):
    if game == TICTACTOE:
        tictactoe.scores(state, params, out)
    elif game == CONNECT4:
        connect4.scores(state, params, out)
    elif game == COURT:
        court.scores(state, params, out)
    elif game == FRONTIER:
        frontier.scores(state, params, out)
    elif game == DARKLEAF:
        darkleaf.scores(state, params, out)
    elif game == HUMANITY:
        humanity.scores(state, params, out)
    elif game == DARKNESS:
        darkness.scores(state, params, out)


@njit(cache=True, inline="always")
def info(game, state, params, out):
    if game == TICTACTOE:
        tictactoe.info(state, params, out)
    elif game == CONNECT4:
        connect4.info(state, params, out)
    elif game == COURT:
        court.info(state, params, out)
    elif game == FRONTIER:
        frontier.info(state, params, out)
    elif game == DARKLEAF:
        darkleaf.info(state, params, out)
    elif game == HUMANITY:
        humanity.info(state, params, out)
    elif game == DARKNESS:
        darkness.info(state, params, out)


@njit(cache=True, inline="always")
def determinize(game, state, params, observer, rng):
    if game == TICTACTOE:
        tictactoe.determinize(state, params, observer, rng)
    elif game == CONNECT4:
        connect4.determinize(state, params, observer, rng)
    elif game == COURT:
        court.determinize(state, params, observer, rng)
    elif game == FRONTIER:
        frontier.determinize(state, params, observer, rng)
    elif game == DARKLEAF:
        darkleaf.determinize(state, params, observer, rng)
    elif game == HUMANITY:
        humanity.determinize(state, params, observer, rng)
    elif game == DARKNESS:
        darkness.determinize(state, params, observer, rng)


@njit(cache=True, inline="always")
def open_loop(game):
    """True when the same action path can reach different states (chance or hidden
    information): search must then determinize and count child availability."""
    if game == TICTACTOE or game == CONNECT4:
        return False
    return True  # the others have chance draws, hidden hands/bids/decks, or both
