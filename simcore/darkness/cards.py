"""Edge of Darkness table helpers: decisions, the cube bag, deck, Street, hands, agents.

All kernels mutate the state row in place and never allocate.
"""
import numpy as np
from numba import njit

from simcore.darkness.layout import (
    ACTIVE, AG, COINS, ASIDE, BAG, C_BOT, C_HOLDER, C_MID, C_OWNER, C_USED, C_ZONE,
    CHOICE, CUR, DEC, DECK, DECK_N, HAND, HAND_N, LEG, LOC_OF, LOCKIND, MAX_AG, MAX_HAND, MINE, NCARD,
    NCOL, NLOC, NSTREET, NTRAY, P_HAND, P_NUM_PLAYERS, P_TURN_CAP, READY, STAGE, STREET,
    STREET_INF, S_SLEEVE, S_DISCARD, TRAINED, TRAY_CARD, TRAY_CUBES, TURN_ACTS, UNTRAINED, Z_DECK,
    Z_DISCARD, Z_HALL, Z_HAND, Z_OUT, Z_STREET, Z_TRAY, A_PASS, NUM_ACTIONS, A_OPT,
)
from simcore.rng import randint

# ---- decisions -------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def leg_clear(state):
    state[LEG] = 0
    state[LEG + 1] = 0
    state[LEG + 2] = 0


@njit(cache=True, inline="always")
def leg_set(state, a):
    state[LEG + a // 31] |= 1 << (a % 31)


@njit(cache=True, inline="always")
def leg_opt(state, k):
    a = A_OPT + k
    state[LEG + a // 31] |= 1 << (a % 31)


@njit(cache=True, inline="always")
def leg_has(state, a):
    return (state[LEG + a // 31] >> (a % 31)) & 1


@njit(cache=True, inline="always")
def popcount31(m):
    """Set bits of 0 <= m < 2**31 (a LEG word), SWAR style: no loop over the 31 bits."""
    m = m - ((m >> 1) & 0x55555555)
    m = (m & 0x33333333) + ((m >> 2) & 0x33333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F
    return ((m * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True, inline="always")
def low_bit(m):
    """Index of the lowest set bit of 0 < m < 2**31."""
    return popcount31((m & -m) - 1)


@njit(cache=True, inline="always")
def leg_count(state):
    """(number of legal actions, the lowest one or -1) from the three LEG words."""
    n = 0
    first = -1
    for w in range(3):
        m = np.int64(state[LEG + w])
        if m != 0:
            if first < 0:
                first = w * 31 + low_bit(m)
            n += popcount31(m)
    return n, first


@njit(cache=True)
def request(state, params, dec, who):
    """Ask seat ``who`` for decision ``dec`` over the legal set already in LEG.

    Returns True when the engine must stop for an agent.  A decision with one
    legal action (or none: then PASS) is taken at once; past the per-turn cap
    the active seat's own decisions default to PASS (else the first legal action).
    """
    n, first = leg_count(state)
    if n == 0:
        state[CHOICE] = A_PASS
        state[READY] = 1
        return False
    if n == 1:
        state[CHOICE] = first
        state[READY] = 1
        return False
    st = state[STAGE]
    if (who == state[ACTIVE] and S_SLEEVE <= st and st <= S_DISCARD
            and state[TURN_ACTS] >= params[P_TURN_CAP]):
        state[CHOICE] = A_PASS if leg_has(state, A_PASS) else first
        state[READY] = 1
        return False
    state[DEC] = dec
    state[CUR] = who
    return True


@njit(cache=True, inline="always")
def take(state):
    state[READY] = 0
    return state[CHOICE]


# ---- small helpers ----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def bit(state, off, i):
    return (state[off] >> i) & 1


@njit(cache=True, inline="always")
def loc_of_kind(state, kind):
    """Index of the game's location of ``kind``, -1 when not in play (LOC_OF, set at setup)."""
    return state[LOC_OF + kind]


@njit(cache=True, inline="always")
def hand_size(state, params, p, mill):
    """Hand size: base, +1 per 2 Agents at Millhollow Farm Town (``mill`` its index)."""
    h = params[P_HAND]
    if mill >= 0:
        h += state[AG + p * NLOC + mill] // 2
    return min(h, MAX_HAND)


@njit(cache=True, inline="always")
def sleeves(state, c):
    return (1 if state[C_MID + c] >= 0 else 0) + (1 if state[C_BOT + c] >= 0 else 0)


@njit(cache=True, inline="always")
def fee_ok(state, params, p, c):
    """Whether seat p may use an effect of card c (1 Coin to another guild's owner)."""
    o = state[C_OWNER + c]
    if o < 0 or o == p or o >= params[P_NUM_PLAYERS]:
        return True
    return state[COINS + p] >= 1


# ---- cube bag -------------------------------------------------------------------------------


@njit(cache=True)
def draw_cube(state, rng):
    """Draw one random cube from the bag (refilled from the set-aside cubes); -1 if none."""
    tot = 0
    for c in range(NCOL):
        tot += state[BAG + c]
    if tot == 0:
        for c in range(NCOL):
            state[BAG + c] += state[ASIDE + c]
            state[ASIDE + c] = 0
            tot += state[BAG + c]
        if tot == 0:
            return -1
    r = randint(rng, tot)
    for c in range(NCOL):
        r -= state[BAG + c]
        if r < 0:
            state[BAG + c] -= 1
            return c
    return -1


@njit(cache=True, inline="always")
def tray_total(state, t):
    n = 0
    for c in range(NCOL):
        n += state[TRAY_CUBES + t * NCOL + c]
    return n


@njit(cache=True)
def clear_tray_cubes(state, t):
    for c in range(NCOL):
        state[ASIDE + c] += state[TRAY_CUBES + t * NCOL + c]
        state[TRAY_CUBES + t * NCOL + c] = 0


# ---- deck and Street ------------------------------------------------------------------------


@njit(cache=True)
def reshuffle(state, rng):
    """Shuffle the discard pile under the (empty) deck's remaining cards."""
    n = state[DECK_N]
    start = n
    for c in range(NCARD):
        if state[C_ZONE + c] == Z_DISCARD:
            state[DECK + n] = c
            state[C_ZONE + c] = Z_DECK
            n += 1
    # shuffle the new part, then put it below the cards still in the deck
    for i in range(n - 1, start, -1):
        j = start + randint(rng, i - start + 1)
        t = state[DECK + i]
        state[DECK + i] = state[DECK + j]
        state[DECK + j] = t
    if start > 0 and n > start:
        for _ in range(start):  # rotate the old cards to the top
            t = state[DECK]
            for i in range(n - 1):
                state[DECK + i] = state[DECK + i + 1]
            state[DECK + n - 1] = t
    state[DECK_N] = n


@njit(cache=True)
def draw_top(state, rng):
    """Take the top card of the deck (reshuffling the discard when empty); -1 if none."""
    if state[DECK_N] == 0:
        reshuffle(state, rng)
        if state[DECK_N] == 0:
            return -1
    state[DECK_N] -= 1
    c = state[DECK + state[DECK_N]]
    state[C_ZONE + c] = Z_OUT
    return c


@njit(cache=True)
def put_bottom(state, c):
    n = state[DECK_N]
    for i in range(n, 0, -1):
        state[DECK + i] = state[DECK + i - 1]
    state[DECK] = c
    state[DECK_N] = n + 1
    state[C_ZONE + c] = Z_DECK


@njit(cache=True)
def refill_street(state, rng):
    """Slide the Street toward position 1 and fill the gaps from the deck."""
    k = 0
    for i in range(NSTREET):
        c = state[STREET + i]
        if c >= 0:
            state[STREET + k] = c
            state[STREET_INF + k] = state[STREET_INF + i]
            state[C_HOLDER + c] = k
            k += 1
    for i in range(k, NSTREET):
        state[STREET + i] = -1
        state[STREET_INF + i] = 0
    for i in range(k, NSTREET):
        c = draw_top(state, rng)
        if c < 0:
            break
        state[STREET + i] = c
        state[C_ZONE + c] = Z_STREET
        state[C_HOLDER + c] = i


@njit(cache=True)
def remove_from_street(state, i):
    c = state[STREET + i]
    state[STREET + i] = -1
    inf = state[STREET_INF + i]
    state[STREET_INF + i] = 0
    state[C_ZONE + c] = Z_OUT
    return inf


# ---- hands and card destinations -----------------------------------------------------------


@njit(cache=True)
def add_to_hand(state, p, c):
    n = state[HAND_N + p]
    state[HAND + p * MAX_HAND + n] = c
    state[HAND_N + p] = n + 1
    state[C_ZONE + c] = Z_HAND
    state[C_HOLDER + c] = p


@njit(cache=True)
def remove_from_hand(state, p, h):
    n = state[HAND_N + p]
    c = state[HAND + p * MAX_HAND + h]
    for i in range(h, n - 1):
        state[HAND + p * MAX_HAND + i] = state[HAND + p * MAX_HAND + i + 1]
    state[HAND + p * MAX_HAND + n - 1] = -1
    state[HAND_N + p] = n - 1
    state[C_ZONE + c] = Z_OUT
    return c


@njit(cache=True)
def hand_pos(state, p, c):
    for h in range(state[HAND_N + p]):
        if state[HAND + p * MAX_HAND + h] == c:
            return h
    return -1


@njit(cache=True)
def to_owner_or_discard(state, params, c):
    """A card leaving play goes to its owner's Guild Hall, or (Neutral) the discard pile."""
    o = state[C_OWNER + c]
    state[C_USED + c] = 0
    if 0 <= o < params[P_NUM_PLAYERS]:
        state[C_ZONE + c] = Z_HALL
        state[C_HOLDER + c] = o
    else:
        state[C_ZONE + c] = Z_DISCARD
        state[C_HOLDER + c] = -1


@njit(cache=True)
def to_discard(state, c):
    state[C_USED + c] = 0
    state[C_ZONE + c] = Z_DISCARD
    state[C_HOLDER + c] = -1


@njit(cache=True)
def place_in_tray(state, t, c):
    state[TRAY_CARD + t] = c
    if c >= 0:
        state[C_ZONE + c] = Z_TRAY
        state[C_HOLDER + c] = t
    

# ---- agents -------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def agents_at(state, p, loc):
    return state[AG + p * NLOC + loc]


@njit(cache=True)
def mine_remove_richest(state, p, loc):
    """Return the Mine Agent with the most Coins under it; returns those Coins."""
    n = state[AG + p * NLOC + loc]
    best = 0
    bi = -1
    for i in range(n):
        v = state[MINE + p * MAX_AG + i]
        if bi < 0 or v > best:
            best = v
            bi = i
    if bi < 0:
        return 0
    state[MINE + p * MAX_AG + bi] = state[MINE + p * MAX_AG + n - 1]
    state[MINE + p * MAX_AG + n - 1] = 0
    return best


@njit(cache=True)
def mine_remove_poorest(state, p, loc):
    n = state[AG + p * NLOC + loc]
    best = 0
    bi = -1
    for i in range(n):
        v = state[MINE + p * MAX_AG + i]
        if bi < 0 or v < best:
            best = v
            bi = i
    if bi < 0:
        return 0
    state[MINE + p * MAX_AG + bi] = state[MINE + p * MAX_AG + n - 1]
    state[MINE + p * MAX_AG + n - 1] = 0
    return best


@njit(cache=True)
def train(state, p):
    """Train an Agent (nothing happens when no untrained Agent is left)."""
    if state[UNTRAINED + p] > 0:
        state[UNTRAINED + p] -= 1
        state[TRAINED + p] += 1
