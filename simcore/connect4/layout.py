"""Connect four state and params rows (bitboards split into int32 halves).

State (int32)::

    0     1        2     3       4      5      6      7      8 ........ 8+MAX_COLS
    +-----+--------+-----+-------+------+------+------+------+------------+
    | CUR | WINNER | END | MOVES | B0lo | B0hi | B1lo | B1hi | HEIGHT[9]  |
    +-----+--------+-----+-------+------+------+------+------+------------+

    CUR       seat to move (0 or 1)
    WINNER    -1 while playing or drawn, else the winning seat
    END       0 playing, 1 a line was made, 2 the board is full (draw)
    MOVES     discs dropped
    B<s>lo/hi seat s's discs as a 64-bit bitboard split in two int32 halves:
              bit c*(ROWS+1) + r is column c, row r (row 0 at the bottom);
              the extra row per column is a sentinel so shifts never wrap
    HEIGHT    discs in each column

Params (int32)::

    0            1      2      3
    +------------+------+------+------+
    | NUM_PLAYERS| ROWS | COLS | LINE |
    +------------+------+------+------+
"""
MAX_COLS = 9
MAX_ROWS = 8

CUR = 0
WINNER = 1
END = 2
MOVES = 3
B0 = 4  # B0, B0+1: seat 0 lo/hi; B0+2, B0+3: seat 1 lo/hi
HEIGHT = 8
STATE_SIZE = HEIGHT + MAX_COLS

P_NUM_PLAYERS = 0
P_ROWS = 1
P_COLS = 2
P_LINE = 3
PARAMS_SIZE = 4

END_PLAYING = 0
END_LINE = 1
END_FULL = 2
