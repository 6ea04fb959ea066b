"""Tic-tac-toe kernels: the smallest complete example of the game contract."""
from numba import njit

from simcore.common import winner_returns

from simcore.tictactoe.layout import (
    BOARD, CUR, END, END_FULL, END_LINE, END_PLAYING, MOVES, P_LINE, P_SIZE, WINNER,
)


@njit(cache=True, inline="always")
def init(state, params, rng):
    n = params[P_SIZE]
    for i in range(state.shape[0]):
        state[i] = 0
    state[WINNER] = -1
    for i in range(n * n):
        state[BOARD + i] = -1


@njit(cache=True, inline="always")
def current_player(state, params):
    return state[CUR]


@njit(cache=True, inline="always")
def is_terminal(state, params):
    return state[END] != END_PLAYING


@njit(cache=True, inline="always")
def legal_actions(state, params, out):
    n = 0
    if state[END] != END_PLAYING:
        return 0
    size = params[P_SIZE]
    for i in range(size * size):
        if state[BOARD + i] < 0:
            out[n] = i
            n += 1
    return n


@njit(cache=True, inline="always")
def _run(state, size, r, c, dr, dc, seat):
    """Count ``seat``'s marks from (r, c) outward along (dr, dc), excluding (r, c)."""
    k = 0
    r += dr
    c += dc
    while 0 <= r < size and 0 <= c < size and state[BOARD + r * size + c] == seat:
        k += 1
        r += dr
        c += dc
    return k


@njit(cache=True, inline="always")
def step(state, params, action, rng):
    size = params[P_SIZE]
    line = params[P_LINE]
    seat = state[CUR]
    state[BOARD + action] = seat
    state[MOVES] += 1
    r = action // size
    c = action % size
    # a line through the new mark, in any of the four directions
    for d in range(4):
        dr = 1 if d > 0 else 0
        dc = 1 if d < 2 else (0 if d == 2 else -1)
        if 1 + _run(state, size, r, c, dr, dc, seat) + _run(state, size, r, c, -dr, -dc, seat) >= line:
            state[WINNER] = seat
            state[END] = END_LINE
            return
    if state[MOVES] == size * size:
        state[END] = END_FULL
        return
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
    out[0] = (state[MOVES] + 1) // 2  # rounds: one mark by each player
    out[1] = state[END]


@njit(cache=True, inline="always")
def determinize(state, params, observer, rng):
    """Perfect information: nothing to resample."""
    return


@njit(cache=True)
def action_kind(state, params, action):
    """Kind of a mark (SPEC.action_kinds): 0 centre, 1 corner, 2 edge."""
    size = params[P_SIZE]
    r = action // size
    c = action % size
    edge_r = r == 0 or r == size - 1
    edge_c = c == 0 or c == size - 1
    if edge_r and edge_c:
        return 1
    if edge_r or edge_c:
        return 2
    return 0
