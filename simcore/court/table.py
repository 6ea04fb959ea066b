"""Table helpers shared by the Court round machine and the card effects.

Decisions follow one pattern inside the round machine::

    if not state[READY]:
        if request(state, ...):   # a real decision: stop and wait for ``step``
            return False
    a = take(state)               # the action (chosen, or the only legal one)

``request`` takes a decision with a single legal action at once.  Every stage
that asks must be idempotent up to its request: when ``step`` hands the action
over, the machine re-enters the same stage, recomputes the same question and
consumes the answer.
"""

from simcore.common import popcount, row_kernel  # noqa: F401  (popcount re-exported for the court modules)
from simcore.court import layout as L


@row_kernel(inline="always")
def lowest_seat(m):
    s = 0
    while not (m >> s) & 1:
        s += 1
    return s


@row_kernel
def alive_mask(state, params):
    m = 0
    for s in range(params[L.P_NUM_PLAYERS]):
        if state[L.ALIVE + s]:
            m |= 1 << s
    return m


@row_kernel
def others_mask(state, params, seat):
    """Bit per seat still in the game other than ``seat``."""
    return alive_mask(state, params) & ~(1 << seat)


@row_kernel
def left_of(state, params, seat):
    """Next seat in the game clockwise (higher index, wrapping), skipping eliminated seats."""
    P = params[L.P_NUM_PLAYERS]
    s = seat
    for _ in range(P):
        s = (s + 1) % P
        if state[L.ALIVE + s]:
            return s
    return seat


@row_kernel
def right_of(state, params, seat):
    """Previous seat in the game (lower index, wrapping), skipping eliminated seats."""
    P = params[L.P_NUM_PLAYERS]
    s = seat
    for _ in range(P):
        s = (s - 1 + P) % P
        if state[L.ALIVE + s]:
            return s
    return seat


@row_kernel
def lose_souls(state, seat, k):
    """``seat`` loses up to ``k`` souls (never below 0); returns how many it lost."""
    have = state[L.SOULS + seat]
    t = k if k < have else have
    if t < 0:
        t = 0
    state[L.SOULS + seat] = have - t
    return t


@row_kernel
def lose_influence(state, seat, k):
    have = state[L.INFL + seat]
    t = k if k < have else have
    if t < 0:
        t = 0
    state[L.INFL + seat] = have - t
    return t


@row_kernel
def extreme_mask(state, params, field, want_max):
    """Seats in the game holding the most (or fewest) of ``state[field + seat]``."""
    best = 0
    m = 0
    for s in range(params[L.P_NUM_PLAYERS]):
        if not state[L.ALIVE + s]:
            continue
        v = state[field + s]
        if m == 0 or (v > best if want_max else v < best):
            best = v
            m = 1 << s
        elif v == best:
            m |= 1 << s
    return m


@row_kernel
def request(state, dec, seat, kind, lo, hi, mask, eff, slot):
    """Ask ``seat`` for decision ``dec``; False when there is one legal action (taken now)."""
    state[L.DEC] = dec
    state[L.CUR] = seat
    state[L.LEG_KIND] = kind
    state[L.LEG_LO] = lo
    state[L.LEG_HI] = hi
    state[L.LEG_MASK] = mask
    state[L.DEC_EFF] = eff
    state[L.DEC_SLOT] = slot
    if kind == L.LK_BIDS:
        return True  # three factions: never a single choice
    if kind == L.LK_AMT:
        if hi <= lo:
            state[L.CHOICE] = L.AMT_BASE + lo
            state[L.READY] = 1
            return False
        return True
    if popcount(mask) == 1:
        b = 0
        while not (mask >> b) & 1:
            b += 1
        state[L.CHOICE] = L.SMALL_BASE + b
        state[L.READY] = 1
        return False
    return True


@row_kernel(inline="always")
def take(state):
    state[L.READY] = 0
    return state[L.CHOICE]


@row_kernel(inline="always")
def seat_options(mask):
    """LEG_MASK bits offering the seats of ``mask`` as options."""
    return mask << L.BIT_OPT


@row_kernel
def bone_ready(state, ignore_used):
    h = state[L.FAVOR + L.BONE]
    if h < 0 or not state[L.ALIVE + h]:
        return False
    return ignore_used or state[L.BONE_USED] == 0


@row_kernel
def tie(state, params, mask, eff, slot, ignore_used=False):
    """A tie among the seats of ``mask`` (two or more).

    The Bone Favor holder may break it once per round by picking one seat.
    Returns -2 while waiting for that choice, -1 when the tie stands, else the
    seat picked.
    """
    if not bone_ready(state, ignore_used):
        return -1
    if not state[L.READY]:
        if request(state, L.D_TIE, state[L.FAVOR + L.BONE], L.LK_MASK, 0, 0,
                   seat_options(mask) | (1 << L.BIT_DECLINE), eff, slot):
            return -2
    a = take(state)
    if a == L.A_DECLINE:
        return -1
    state[L.BONE_USED] = 1
    return a - L.OPT_BASE


@row_kernel
def give_favor(state, params, faction, seat):
    """``seat`` takes the Favor of ``faction`` (-1: back beside its deck)."""
    if faction == L.BONE and params[L.P_BONE_RESET] and state[L.FAVOR + L.BONE] != seat:
        state[L.BONE_USED] = 0
    state[L.FAVOR + faction] = seat


@row_kernel
def cap(v, hi):
    return v if v < hi else hi

