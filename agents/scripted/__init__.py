"""Per-game scripted policies behind one static dispatch (see simcore.dispatch for why)."""
from numba import njit

from agents.scripted import connect4, court, darkleaf, darkness, frontier, humanity, tictactoe
from simcore.dispatch import CONNECT4, COURT, DARKLEAF, DARKNESS, FRONTIER, HUMANITY, TICTACTOE
from simcore.rng import randint


@njit(cache=True)
def scripted_action(game, state, params, persona, rng, legal, n):
    """The scripted action of ``persona`` for ``game``; legal[:n] holds the legal actions."""
    if game == TICTACTOE:
        return tictactoe.scripted_action(state, params, persona, rng, legal, n)
    elif game == CONNECT4:
        return connect4.scripted_action(state, params, persona, rng, legal, n)
    elif game == COURT:
        return court.scripted_action(state, params, persona, rng, legal, n)
    elif game == FRONTIER:
        return frontier.scripted_action(state, params, persona, rng, legal, n)
    elif game == DARKLEAF:
        return darkleaf.scripted_action(state, params, persona, rng, legal, n)
    elif game == HUMANITY:
        return humanity.scripted_action(state, params, persona, rng, legal, n)
    elif game == DARKNESS:
        return darkness.scripted_action(state, params, persona, rng, legal, n)
    return legal[randint(rng, n)]
