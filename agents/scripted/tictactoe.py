"""Scripted tic-tac-toe: win now, else block the opponent's win, else centre, corner, edge."""
import numpy as np
from numba import njit

from simcore.rng import randint
from simcore.tictactoe import engine
from simcore.tictactoe.layout import CUR, P_SIZE, WINNER


@njit(cache=True)
def _wins(state, params, action, seat):
    tmp = state.copy()
    tmp[CUR] = seat
    engine.step(tmp, params, action, np.zeros(2, np.uint64))
    return tmp[WINNER] == seat


@njit(cache=True)
def scripted_action(state, params, persona, rng, legal, n):
    seat = state[CUR]
    for i in range(n):
        if _wins(state, params, legal[i], seat):
            return legal[i]
    for i in range(n):
        if _wins(state, params, legal[i], 1 - seat):
            return legal[i]
    size = params[P_SIZE]
    # prefer cells on more lines: centre(s), then corners, then the rest at random
    best = -1
    best_rank = -1
    ties = 0
    for i in range(n):
        r = legal[i] // size
        c = legal[i] % size
        central = (2 * r + 1 == size or 2 * r + 2 == size or 2 * r == size) and (
            2 * c + 1 == size or 2 * c + 2 == size or 2 * c == size)
        corner = (r == 0 or r == size - 1) and (c == 0 or c == size - 1)
        rank = 2 if central else (1 if corner else 0)
        if rank > best_rank:
            best_rank = rank
            best = legal[i]
            ties = 1
        elif rank == best_rank:
            ties += 1
            if randint(rng, ties) == 0:  # reservoir: uniform among equals
                best = legal[i]
    return best


