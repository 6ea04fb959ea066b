"""Connect four kernels over bitboards (one 64-bit board per seat, kept as int32 halves)."""
import numpy as np
from numba import njit

from simcore.common import winner_returns

from simcore.connect4.layout import (
    B0, CUR, END, END_FULL, END_LINE, END_PLAYING, HEIGHT, MOVES, P_COLS, P_LINE, P_ROWS, WINNER,
)

_LO = np.uint64(0xFFFFFFFF)
_32 = np.uint64(32)
_ONE = np.uint64(1)


@njit(cache=True, inline="always")
def _load(state, seat):
    lo = np.uint64(np.uint32(state[B0 + 2 * seat]))
    hi = np.uint64(np.uint32(state[B0 + 2 * seat + 1]))
    return lo | (hi << _32)


@njit(cache=True, inline="always")
def _store(state, seat, b):
    state[B0 + 2 * seat] = np.int32(np.uint32(b & _LO))
    state[B0 + 2 * seat + 1] = np.int32(np.uint32(b >> _32))


@njit(cache=True, inline="always")
def has_line(b, rows, line):
    """True if bitboard ``b`` holds ``line`` discs in a row in any direction."""
    h = np.uint64(rows + 1)
    for d in (np.uint64(1), h, h - _ONE, h + _ONE):  # vertical, horizontal, two diagonals
        m = b
        for k in range(1, line):
            m &= b >> (d * np.uint64(k))
        if m != np.uint64(0):
            return True
    return False


@njit(cache=True, inline="always")
def init(state, params, rng):
    for i in range(state.shape[0]):
        state[i] = 0
    state[WINNER] = -1


@njit(cache=True, inline="always")
def current_player(state, params):
    return state[CUR]


@njit(cache=True, inline="always")
def is_terminal(state, params):
    return state[END] != END_PLAYING


@njit(cache=True, inline="always")
def legal_actions(state, params, out):
    if state[END] != END_PLAYING:
        return 0
    rows = params[P_ROWS]
    n = 0
    for c in range(params[P_COLS]):
        if state[HEIGHT + c] < rows:
            out[n] = c
            n += 1
    return n


@njit(cache=True, inline="always")
def step(state, params, action, rng):
    rows = params[P_ROWS]
    seat = state[CUR]
    c = action
    b = _load(state, seat) | (_ONE << np.uint64(c * (rows + 1) + state[HEIGHT + c]))
    _store(state, seat, b)
    state[HEIGHT + c] += 1
    state[MOVES] += 1
    if has_line(b, rows, params[P_LINE]):
        state[WINNER] = seat
        state[END] = END_LINE
    elif state[MOVES] == rows * params[P_COLS]:
        state[END] = END_FULL
    else:
        state[CUR] = 1 - seat


@njit(cache=True, inline="always")
def returns(state, params, out):
    winner_returns(state[WINNER], out)


@njit(cache=True, inline="always")
def scores(state, params, out):
    w = state[WINNER]
    out[0] = 1 if w == 0 else 0
    out[1] = 1 if w == 1 else 0


@njit(cache=True, inline="always")
def info(state, params, out):
    out[0] = (state[MOVES] + 1) // 2
    out[1] = state[END]


@njit(cache=True, inline="always")
def determinize(state, params, observer, rng):
    """Perfect information: nothing to resample."""
    return


def cell(state, params, row, col):
    """Seat whose disc is at (row, col), -1 if empty (Python helper for tests and display)."""
    bit = 1 << (col * (int(params[P_ROWS]) + 1) + row)
    for seat in (0, 1):
        if int(_load(state, seat)) & bit:
            return seat
    return -1


@njit(cache=True)
def action_kind(state, params, action):
    """Kind of a drop (SPEC.action_kinds): the column, counted from the left."""
    return action


# the learned value's position features (agents/value.py) live in their own file
from simcore.connect4.features import FEATURES, features  # noqa: E402,F401
