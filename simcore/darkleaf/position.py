"""Position helpers shared by the position value (:mod:`value`) and the scripted player."""
from simcore.common import row_kernel
from simcore.darkleaf import layout as L
from simcore.darkleaf.board import cell_seat


@row_kernel
def clear_line(state, a, b):
    """1 when a and b share a neighboring line (rank or file), 2 a diagonal line, with nothing
    standing between them; 0 otherwise."""
    dr = b // 8 - a // 8
    df = b % 8 - a % 8
    if not (dr == 0 or df == 0 or abs(dr) == abs(df)):
        return 0
    n = abs(dr) if dr != 0 else abs(df)
    ur = 0 if dr == 0 else (1 if dr > 0 else -1)
    uf = 0 if df == 0 else (1 if df > 0 else -1)
    for i in range(1, n):
        if state[L.BOARD + (a // 8 + ur * i) * 8 + a % 8 + uf * i] != 0:
            return 0
    return 1 if (dr == 0 or df == 0) else 2


@row_kernel
def hexes_near(state, seat, sq, v, w_garden, w_ladder):
    """``v`` plus ``w_garden`` for each Poison Garden on or around ``sq`` and ``w_ladder`` for
    each rival unit around it under a Witch's Ladder (the 3x3 block, in board order)."""
    r0 = sq // 8
    f0 = sq % 8
    for dr in range(-1, 2):
        for df in range(-1, 2):
            r2 = r0 + dr
            f2 = f0 + df
            if r2 < 0 or r2 > 7 or f2 < 0 or f2 > 7:
                continue
            n = r2 * 8 + f2
            if state[L.PG + n] > 0:
                v += w_garden
            c2 = state[L.BOARD + n]
            if n != sq and c2 != 0 and cell_seat(c2) != seat and state[L.LADDER + n] > 0:
                v += w_ladder
    return v
