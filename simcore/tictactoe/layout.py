"""Tic-tac-toe state and params rows.

State (int32)::

    0      1        2     3       4 ............. 4+MAX_CELLS
    +------+--------+-----+-------+----------------+
    | CUR  | WINNER | END | MOVES | BOARD[16]      |
    +------+--------+-----+-------+----------------+

    CUR     seat to move (0 or 1)
    WINNER  -1 while playing or drawn, else the winning seat
    END     0 playing, 1 ended by a line, 2 ended with a full board (draw)
    MOVES   actions taken
    BOARD   cell r*SIZE+c: -1 empty, else the seat whose mark is there

Params (int32)::

    0            1      2
    +------------+------+------+
    | NUM_PLAYERS| SIZE | LINE |
    +------------+------+------+
"""
MAX_SIZE = 4
MAX_CELLS = MAX_SIZE * MAX_SIZE

CUR = 0
WINNER = 1
END = 2
MOVES = 3
BOARD = 4
STATE_SIZE = BOARD + MAX_CELLS

P_NUM_PLAYERS = 0
P_SIZE = 1
P_LINE = 2
PARAMS_SIZE = 3

END_PLAYING = 0
END_LINE = 1
END_FULL = 2
