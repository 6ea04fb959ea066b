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


_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@njit(cache=True, inline="always")
def _popcount(x):
    """Set bits of uint64 ``x`` (SWAR; uint64 throughout, the product wraps)."""
    x = x - ((x >> _ONE) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return int((x * _H01) >> np.uint64(56))


@njit(cache=True, inline="always")
def _is(c0, c1, c2, k):
    """Where the bit-sliced count (c2 c1 c0) equals ``k`` (0..7)."""
    m = ~_ZERO
    m &= c0 if k & 1 else ~c0
    m &= c1 if k & 2 else ~c1
    m &= c2 if k & 4 else ~c2
    return m


@njit(cache=True)
def features(state, params, seat, out):
    """Write ``seat``'s FEATURES to ``out[:len(FEATURES)]``.

    Every window is counted at once per direction on the bitboards (bit ``c * h + r``,
    ``h = rows + 1``): a window starts at bit ``i`` and steps ``d`` (1 up, ``h`` right,
    ``h + 1`` up-right, ``h - 1`` down-right); shifting a board right by ``k * d`` puts
    each window's k-th cell on its start bit, and a bit-sliced counter adds the ``line``
    shifted boards, so each start bit holds its window's disc count."""
    rows = params[P_ROWS]
    cols = params[P_COLS]
    line = params[P_LINE]
    h = rows + 1
    me = _load(state, seat)
    you = _load(state, 1 - seat)
    col = (_ONE << np.uint64(rows)) - _ONE
    board = _ZERO  # every real cell
    can = _ZERO  # the cell each column plays next (none for a full column)
    for c in range(cols):
        board |= col << np.uint64(c * h)
        if state[HEIGHT + c] < rows:
            can |= _ONE << np.uint64(c * h + state[HEIGHT + c])
    cnt = np.zeros(6)  # own/opp threats, own/opp playable, own/opp twos
    for d in (1, h, h + 1, h - 1):
        fits = board  # windows wholly on the board
        m0 = _ZERO  # my discs per window, bit-sliced (m2 m1 m0)
        m1 = _ZERO
        m2 = _ZERO
        y0 = _ZERO  # the other seat's
        y1 = _ZERO
        y2 = _ZERO
        play = _ZERO  # some empty cell of the window is playable now
        for k in range(line):
            sh = np.uint64(k * d)
            fits &= board >> sh
            x = me >> sh
            y = you >> sh
            play |= (can >> sh) & ~x & ~y
            cy = m0 & x
            m0 ^= x
            m2 ^= m1 & cy
            m1 ^= cy
            cy = y0 & y
            y0 ^= y
            y2 ^= y1 & cy
            y1 ^= cy
        mine = fits & _is(y0, y1, y2, 0)  # no disc of the other seat
        theirs = fits & _is(m0, m1, m2, 0)
        own3 = mine & _is(m0, m1, m2, line - 1)
        opp3 = theirs & _is(y0, y1, y2, line - 1)
        cnt[0] += _popcount(own3)
        cnt[1] += _popcount(opp3)
        cnt[2] += _popcount(own3 & play)  # a threat's one empty cell is playable
        cnt[3] += _popcount(opp3 & play)
        cnt[4] += _popcount(mine & _is(m0, m1, m2, line - 2))
        cnt[5] += _popcount(theirs & _is(y0, y1, y2, line - 2))
    for i in range(6):
        out[i] = cnt[i] / 4.0
    mid = _ZERO  # the middle column(s)
    for c in range((cols - 1) // 2, cols // 2 + 1):
        mid |= col << np.uint64(c * h)
    n_me = _popcount(me)
    n_you = _popcount(you)
    out[6] = _popcount(me & mid) / rows
    out[7] = _popcount(you & mid) / rows
    out[8] = 1.0 if n_me < n_you else 0.0
