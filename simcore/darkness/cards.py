"""Edge of Darkness table helpers: decisions, the cube bag, deck, Street, hands, agents.

All kernels mutate the state row in place and never allocate.
"""
import numpy as np
from numba import types

# Explicit argument types for helpers that call sites reach with literal constants in some
# places and int32 / int64 variables in others: without them numba compiles one version per
# literal value and integer type.  ROW: a state or params row; I: any integer
# (seat, card, location, kind); B: a flag.
ROW = types.int32[::1]
I = types.int64
B = types.boolean

from simcore.common import row_kernel
from simcore.darkness import layout as L
from simcore.rng import randint

# ---- decisions -------------------------------------------------------------------------------


@row_kernel(inline="always")
def leg_clear(state):
    state[L.LEG] = 0
    state[L.LEG + 1] = 0
    state[L.LEG + 2] = 0


@row_kernel(inline="always")
def leg_set(state, a):
    state[L.LEG + a // 31] |= 1 << (a % 31)


@row_kernel(inline="always")
def leg_opt(state, k):
    a = L.A_OPT + k
    state[L.LEG + a // 31] |= 1 << (a % 31)


@row_kernel(inline="always")
def leg_has(state, a):
    return (state[L.LEG + a // 31] >> (a % 31)) & 1


@row_kernel(inline="always")
def popcount31(m):
    """Set bits of 0 <= m < 2**31 (a LEG word), SWAR style: no loop over the 31 bits."""
    m = m - ((m >> 1) & 0x55555555)
    m = (m & 0x33333333) + ((m >> 2) & 0x33333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F
    return ((m * 0x01010101) & 0xFFFFFFFF) >> 24


@row_kernel(inline="always")
def low_bit(m):
    """Index of the lowest set bit of 0 < m < 2**31."""
    return popcount31((m & -m) - 1)


@row_kernel(inline="always")
def leg_count(state):
    """(number of legal actions, the lowest one or -1) from the three LEG words."""
    n = 0
    first = -1
    for w in range(3):
        m = np.int64(state[L.LEG + w])
        if m != 0:
            if first < 0:
                first = w * 31 + low_bit(m)
            n += popcount31(m)
    return n, first


@row_kernel
def request(state, params, dec, who):
    """Ask seat ``who`` for decision ``dec`` over the legal set already in LEG.

    Returns True when the engine must stop for an agent.  A decision with one
    legal action (or none: then PASS) is taken at once; past the per-turn cap
    the active seat's own decisions default to PASS (else the first legal action).
    """
    n, first = leg_count(state)
    if n == 0:
        state[L.CHOICE] = L.A_PASS
        state[L.READY] = 1
        return False
    if n == 1:
        state[L.CHOICE] = first
        state[L.READY] = 1
        return False
    st = state[L.STAGE]
    if (who == state[L.ACTIVE] and L.S_SLEEVE <= st and st <= L.S_DISCARD
            and state[L.TURN_ACTS] >= params[L.P_TURN_CAP]):
        state[L.CHOICE] = L.A_PASS if leg_has(state, L.A_PASS) else first
        state[L.READY] = 1
        return False
    state[L.DEC] = dec
    state[L.CUR] = who
    return True


@row_kernel(inline="always")
def take(state):
    state[L.READY] = 0
    return state[L.CHOICE]


# ---- small helpers ----------------------------------------------------------------------------


@row_kernel(inline="always")
def bit(state, off, i):
    return (state[off] >> i) & 1


@row_kernel((ROW, I), inline="always")
def loc_of_kind(state, kind):
    """Index of the game's location of ``kind``, -1 when not in play (LOC_OF, set at setup)."""
    return state[L.LOC_OF + kind]


@row_kernel(inline="always")
def hand_size(state, params, p, mill):
    """Hand size: base (ED-BASE-26), +1 per 2 Agents at Millhollow Farm Town (``mill`` its
    index, ED-BASE-90)."""
    h = params[L.P_HAND]
    if mill >= 0:
        h += state[L.AG + p * L.NLOC + mill] // 2
    return min(h, L.MAX_HAND)


@row_kernel((ROW, I), inline="always")
def sleeves(state, c):
    return (1 if state[L.C_MID + c] >= 0 else 0) + (1 if state[L.C_BOT + c] >= 0 else 0)


@row_kernel(inline="always")
def fee_ok(state, params, p, c):
    """Whether seat p may use an effect of card c: 1 Coin to another guild's owner, own and
    Neutral cards free (ED-BASE-41/42/43)."""
    o = state[L.C_OWNER + c]
    if o < 0 or o == p or o >= params[L.P_NUM_PLAYERS]:
        return True
    return state[L.COINS + p] >= 1


# ---- cube bag -------------------------------------------------------------------------------


@row_kernel
def draw_cube(state, rng):
    """Draw one random cube from the bag (refilled from the set-aside cubes, ED-BASE-14);
    -1 if none."""
    tot = 0
    for c in range(L.NCOL):
        tot += state[L.BAG + c]
    if tot == 0:
        for c in range(L.NCOL):
            state[L.BAG + c] += state[L.ASIDE + c]
            state[L.ASIDE + c] = 0
            tot += state[L.BAG + c]
        if tot == 0:
            return -1
    r = randint(rng, tot)
    for c in range(L.NCOL):
        r -= state[L.BAG + c]
        if r < 0:
            state[L.BAG + c] -= 1
            return c
    return -1


@row_kernel(inline="always")
def tray_total(state, t):
    n = 0
    for c in range(L.NCOL):
        n += state[L.TRAY_CUBES + t * L.NCOL + c]
    return n


@row_kernel
def clear_tray_cubes(state, t):
    for c in range(L.NCOL):
        state[L.ASIDE + c] += state[L.TRAY_CUBES + t * L.NCOL + c]
        state[L.TRAY_CUBES + t * L.NCOL + c] = 0


# ---- deck and Street ------------------------------------------------------------------------


@row_kernel
def reshuffle(state, rng):
    """Shuffle the discard pile under the (empty) deck's remaining cards (ED-BASE-46)."""
    n = state[L.DECK_N]
    start = n
    for c in range(L.NCARD):
        if state[L.C_ZONE + c] == L.Z_DISCARD:
            state[L.DECK + n] = c
            state[L.C_ZONE + c] = L.Z_DECK
            n += 1
    # shuffle the new part, then put it below the cards still in the deck
    for i in range(n - 1, start, -1):
        j = start + randint(rng, i - start + 1)
        t = state[L.DECK + i]
        state[L.DECK + i] = state[L.DECK + j]
        state[L.DECK + j] = t
    if start > 0 and n > start:
        for _ in range(start):  # rotate the old cards to the top
            t = state[L.DECK]
            for i in range(n - 1):
                state[L.DECK + i] = state[L.DECK + i + 1]
            state[L.DECK + n - 1] = t
    state[L.DECK_N] = n


@row_kernel
def draw_top(state, rng):
    """Take the top card of the deck (reshuffling the discard when empty); -1 if none."""
    if state[L.DECK_N] == 0:
        reshuffle(state, rng)
        if state[L.DECK_N] == 0:
            return -1
    state[L.DECK_N] -= 1
    c = state[L.DECK + state[L.DECK_N]]
    state[L.C_ZONE + c] = L.Z_OUT
    return c


@row_kernel
def put_bottom(state, c):
    n = state[L.DECK_N]
    for i in range(n, 0, -1):
        state[L.DECK + i] = state[L.DECK + i - 1]
    state[L.DECK] = c
    state[L.DECK_N] = n + 1
    state[L.C_ZONE + c] = L.Z_DECK


@row_kernel
def refill_street(state, rng):
    """Slide the Street toward position 1 and fill the gaps from the deck (ED-BASE-33)."""
    k = 0
    for i in range(L.NSTREET):
        c = state[L.STREET + i]
        if c >= 0:
            state[L.STREET + k] = c
            state[L.STREET_INF + k] = state[L.STREET_INF + i]
            state[L.C_HOLDER + c] = k
            k += 1
    for i in range(k, L.NSTREET):
        state[L.STREET + i] = -1
        state[L.STREET_INF + i] = 0
    for i in range(k, L.NSTREET):
        c = draw_top(state, rng)
        if c < 0:
            break
        state[L.STREET + i] = c
        state[L.C_ZONE + c] = L.Z_STREET
        state[L.C_HOLDER + c] = i


@row_kernel
def remove_from_street(state, i):
    c = state[L.STREET + i]
    state[L.STREET + i] = -1
    inf = state[L.STREET_INF + i]
    state[L.STREET_INF + i] = 0
    state[L.C_ZONE + c] = L.Z_OUT
    return inf


# ---- hands and card destinations -----------------------------------------------------------


@row_kernel
def add_to_hand(state, p, c):
    n = state[L.HAND_N + p]
    state[L.HAND + p * L.MAX_HAND + n] = c
    state[L.HAND_N + p] = n + 1
    state[L.C_ZONE + c] = L.Z_HAND
    state[L.C_HOLDER + c] = p


@row_kernel
def remove_from_hand(state, p, h):
    n = state[L.HAND_N + p]
    c = state[L.HAND + p * L.MAX_HAND + h]
    for i in range(h, n - 1):
        state[L.HAND + p * L.MAX_HAND + i] = state[L.HAND + p * L.MAX_HAND + i + 1]
    state[L.HAND + p * L.MAX_HAND + n - 1] = -1
    state[L.HAND_N + p] = n - 1
    state[L.C_ZONE + c] = L.Z_OUT
    return c


@row_kernel
def hand_pos(state, p, c):
    for h in range(state[L.HAND_N + p]):
        if state[L.HAND + p * L.MAX_HAND + h] == c:
            return h
    return -1


@row_kernel
def to_owner_or_discard(state, params, c):
    """A card leaving play goes to its owner's Guild Hall, or (Neutral) the discard pile
    (ED-BASE-45, ED-BASE-55)."""
    # the "used this turn" marks stay until the next turn begins, so a card that leaves and
    # is drawn again this turn cannot be used twice (ED-BASE-97)
    o = state[L.C_OWNER + c]
    if 0 <= o < params[L.P_NUM_PLAYERS]:
        state[L.C_ZONE + c] = L.Z_HALL
        state[L.C_HOLDER + c] = o
    else:
        state[L.C_ZONE + c] = L.Z_DISCARD
        state[L.C_HOLDER + c] = -1


@row_kernel
def to_discard(state, c):
    state[L.C_ZONE + c] = L.Z_DISCARD
    state[L.C_HOLDER + c] = -1


@row_kernel
def place_in_tray(state, t, c):
    state[L.TRAY_CARD + t] = c
    if c >= 0:
        state[L.C_ZONE + c] = L.Z_TRAY
        state[L.C_HOLDER + c] = t
    

# ---- agents -------------------------------------------------------------------------------------


@row_kernel(inline="always")
def agents_at(state, p, loc):
    return state[L.AG + p * L.NLOC + loc]


@row_kernel
def mine_remove_richest(state, p, loc):
    """Return the Mine Agent with the most Coins under it; returns those Coins."""
    n = state[L.AG + p * L.NLOC + loc]
    best = 0
    bi = -1
    for i in range(n):
        v = state[L.MINE + p * L.MAX_AG + i]
        if bi < 0 or v > best:
            best = v
            bi = i
    if bi < 0:
        return 0
    state[L.MINE + p * L.MAX_AG + bi] = state[L.MINE + p * L.MAX_AG + n - 1]
    state[L.MINE + p * L.MAX_AG + n - 1] = 0
    return best


@row_kernel
def mine_remove_poorest(state, p, loc):
    n = state[L.AG + p * L.NLOC + loc]
    best = 0
    bi = -1
    for i in range(n):
        v = state[L.MINE + p * L.MAX_AG + i]
        if bi < 0 or v < best:
            best = v
            bi = i
    if bi < 0:
        return 0
    state[L.MINE + p * L.MAX_AG + bi] = state[L.MINE + p * L.MAX_AG + n - 1]
    state[L.MINE + p * L.MAX_AG + n - 1] = 0
    return best


@row_kernel
def train(state, p):
    """Train an Agent (ED-BASE-51; nothing happens when no untrained Agent is left,
    ED-BASE-52)."""
    if state[L.UNTRAINED + p] > 0:
        state[L.UNTRAINED + p] -= 1
        state[L.TRAINED + p] += 1
