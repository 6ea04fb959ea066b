"""Scripted connect four: win now, else block, else avoid handing over a win, prefer the centre."""
import numpy as np
from numba import njit

from simcore.connect4.engine import _load, has_line
from simcore.connect4.layout import CUR, HEIGHT, P_COLS, P_LINE, P_ROWS
from simcore.rng import randint

_ONE = np.uint64(1)


@njit(cache=True, inline="always")
def _bit(state, rows, col, extra):
    return _ONE << np.uint64(col * (rows + 1) + state[HEIGHT + col] + extra)


@njit(cache=True)
def scripted_action(state, params, persona, rng, legal, n):
    rows = params[P_ROWS]
    line = params[P_LINE]
    seat = state[CUR]
    mine = _load(state, seat)
    theirs = _load(state, 1 - seat)
    for i in range(n):
        if has_line(mine | _bit(state, rows, legal[i], 0), rows, line):
            return legal[i]
    for i in range(n):
        if has_line(theirs | _bit(state, rows, legal[i], 0), rows, line):
            return legal[i]
    # among safe moves (the cell above is not an opponent win), weight by centrality
    cols = params[P_COLS]
    best = legal[randint(rng, n)]
    total = 0
    for i in range(n):
        c = legal[i]
        if state[HEIGHT + c] + 1 < rows and has_line(theirs | _bit(state, rows, c, 1), rows, line):
            continue
        w = cols - abs(2 * c - (cols - 1))  # centre column weighs most
        total += w
        if randint(rng, total) < w:
            best = c
    return best
