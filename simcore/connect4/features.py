"""Connect four position features for the learned value (agents/value.py).

For seat ``s`` (``o`` the other seat), over every window of LINE cells in a row,
column or diagonal (a window holding discs of both seats counts for neither)::

    own_threats     windows with LINE-1 of s's discs and one empty cell
    opp_threats     the same for o
    own_playable    own threats whose empty cell can be played now (the cell below is
                    filled): a win next move for s
    opp_playable    the same for o
    own_twos        windows with LINE-2 of s's discs, the rest empty
    opp_twos        the same for o
    own_center      s's discs in the middle column(s), over ROWS
    opp_center      the same for o
    tempo           1 when s has dropped fewer discs than o (s moves next)

Counts are divided by 4 so the weights stay on one scale.
"""
import numpy as np
from numba import njit

# the package imports engine first, and engine imports this file last: _load is defined by then
from simcore.connect4.engine import _load
from simcore.connect4.layout import HEIGHT, P_COLS, P_LINE, P_ROWS

FEATURES = ("own_threats", "opp_threats", "own_playable", "opp_playable", "own_twos",
            "opp_twos", "own_center", "opp_center", "tempo")


@njit(cache=True)
def features(state, params, seat, out):
    """Write ``seat``'s FEATURES to ``out[:len(FEATURES)]``."""
    rows = params[P_ROWS]
    cols = params[P_COLS]
    line = params[P_LINE]
    h = rows + 1
    me = _load(state, seat)
    you = _load(state, 1 - seat)
    cnt = np.zeros(6)  # own/opp threats, own/opp playable, own/opp twos
    for c0 in range(cols):
        for r0 in range(rows):
            for d in range(4):  # up, right, up-right, down-right
                dc = 0 if d == 0 else 1
                dr = 1 if d == 0 else (0 if d == 1 else (1 if d == 2 else -1))
                c1 = c0 + dc * (line - 1)
                r1 = r0 + dr * (line - 1)
                if c1 >= cols or r1 < 0 or r1 >= rows:
                    continue
                nm = 0
                ny = 0
                ec = -1
                er = -1
                for k in range(line):
                    c = c0 + dc * k
                    r = r0 + dr * k
                    bit = np.uint64(1) << np.uint64(c * h + r)
                    if me & bit:
                        nm += 1
                    elif you & bit:
                        ny += 1
                    else:
                        ec = c
                        er = r
                if nm > 0 and ny > 0:
                    continue
                playable = ec >= 0 and state[HEIGHT + ec] == er
                if nm == line - 1:
                    cnt[0] += 1
                    if playable:
                        cnt[2] += 1
                elif ny == line - 1:
                    cnt[1] += 1
                    if playable:
                        cnt[3] += 1
                elif nm == line - 2 and ny == 0:
                    cnt[4] += 1
                elif ny == line - 2 and nm == 0:
                    cnt[5] += 1
    for i in range(6):
        out[i] = cnt[i] / 4.0
    mid_lo = (cols - 1) // 2
    mid_hi = cols // 2
    oc = 0
    yc = 0
    n_me = 0
    n_you = 0
    for c in range(cols):
        mid = mid_lo <= c <= mid_hi
        for r in range(rows):
            bit = np.uint64(1) << np.uint64(c * h + r)
            if me & bit:
                n_me += 1
                oc += mid
            elif you & bit:
                n_you += 1
                yc += mid
    out[6] = oc / rows
    out[7] = yc / rows
    out[8] = 1.0 if n_me < n_you else 0.0
