"""Card zones of Edge of Humanity: hands, decks, piles, the Row, the Colony and Weapons.

Small jitted helpers over the state row.  ``so(seat)`` is the offset of a seat's block;
every zone holds card kind ids.  Adding a card never overflows: a card that would not fit
(a hand of HAND_CAP cards goes to the Discard pile; a seat owning OWN_CAP cards, a full
Waste pile) is trashed or set aside, limits no real game reaches.
"""
from numba import njit

from simcore.humanity.layout import (
    BULLETS, CARD_CAP, DEPLETIONS, COL_CAP, E_END_SP, HAND_CAP, KF_ABIL, KF_ABIL_AMT, KF_N,
    KF_SP, KF_SUPPLY, KF_TIMING, KF_TYPE, KF_WEAPON, MAIN, MAIN_N, OWN_CAP, P_CARDS,
    P_NUM_PLAYERS, PILE_CAP, PILE_N, PILES, ROW, ROW_LEN, S_BID_N, S_COL_BUL, S_COL_DONE,
    S_COL_KIND, S_COL_N, S_COL_PLACED, S_COL_TAP, S_DECK, S_DECK_N, S_DEPLETED, S_DISC,
    S_DISC_N, S_HAND, S_HAND_N, S_LIFE, S_SP, S_TABLE_N, S_UNDER_KIND, S_UNDER_N,
    S_UNDER_SLOT, SEAT0, SEAT_SZ, TM_END, TM_PASSIVE, TY_BUILDING, TY_SUPPLY, TY_SURVIVOR,
    UNLUCKY, WASTE, WASTE_N,
)
from simcore.rng import shuffle

@njit(cache=True, inline="always")
def so(seat):
    return SEAT0 + seat * SEAT_SZ


@njit(cache=True, inline="always")
def kf(params, k, f):
    return params[P_CARDS + k * KF_N + f]


@njit(cache=True, inline="always")
def owned(state, o):
    return (state[o + S_HAND_N] + state[o + S_DECK_N] + state[o + S_DISC_N]
            + state[o + S_TABLE_N] + state[o + S_BID_N])


@njit(cache=True)
def trash(state, k):
    """Put card ``k`` on the Waste pile."""
    n = state[WASTE_N]
    if n < CARD_CAP:
        state[WASTE + n] = k
        state[WASTE_N] = n + 1


@njit(cache=True)
def add_disc(state, o, k):
    n = state[o + S_DISC_N]
    if owned(state, o) < OWN_CAP:
        state[o + S_DISC + n] = k
        state[o + S_DISC_N] = n + 1
    else:
        trash(state, k)


@njit(cache=True)
def add_hand(state, o, k):
    n = state[o + S_HAND_N]
    if n < HAND_CAP and owned(state, o) < OWN_CAP:
        state[o + S_HAND + n] = k
        state[o + S_HAND_N] = n + 1
    else:
        add_disc(state, o, k)


@njit(cache=True)
def take_hand(state, o, i):
    """Remove and return hand card ``i`` (later cards move down one)."""
    n = state[o + S_HAND_N]
    k = state[o + S_HAND + i]
    for j in range(i, n - 1):
        state[o + S_HAND + j] = state[o + S_HAND + j + 1]
    state[o + S_HAND + n - 1] = -1
    state[o + S_HAND_N] = n - 1
    return k


@njit(cache=True)
def main_draw(state, rng):
    """Top card of the Main deck (the Waste pile is shuffled in when it runs out), or -1."""
    if state[MAIN_N] == 0:
        w = state[WASTE_N]
        if w == 0:
            return -1
        for i in range(w):
            state[MAIN + i] = state[WASTE + i]
            state[WASTE + i] = -1
        state[WASTE_N] = 0
        state[MAIN_N] = w
        shuffle(rng, state[MAIN:MAIN + w], w)
    n = state[MAIN_N] - 1
    k = state[MAIN + n]
    state[MAIN + n] = -1
    state[MAIN_N] = n
    return k


@njit(cache=True)
def discard_to_deck(state, o, rng):
    """Shuffle the Discard pile into a new Draw deck (the deck is empty)."""
    d = state[o + S_DISC_N]
    n = state[o + S_DECK_N]
    for i in range(d):
        state[o + S_DECK + n + i] = state[o + S_DISC + i]
        state[o + S_DISC + i] = -1
    state[o + S_DISC_N] = 0
    state[o + S_DECK_N] = n + d
    shuffle(rng, state[o + S_DECK:o + S_DECK + n + d], n + d)


@njit(cache=True)
def draw_one(state, o):
    """Top card of the Draw deck into hand (the deck is not empty)."""
    n = state[o + S_DECK_N] - 1
    k = state[o + S_DECK + n]
    state[o + S_DECK + n] = -1
    state[o + S_DECK_N] = n
    add_hand(state, o, k)


@njit(cache=True)
def row_count(state):
    c = 0
    for i in range(ROW_LEN):
        if state[ROW + i] >= 0:
            c += 1
    return c


@njit(cache=True)
def rescue(state, o, slot):
    """Rescue the Survivor in Row ``slot`` into the Discard pile (the Unlucky token is set aside)."""
    k = state[ROW + slot]
    state[ROW + slot] = -1
    if state[UNLUCKY] == slot:
        state[UNLUCKY] = -1
    add_disc(state, o, k)


@njit(cache=True)
def supply_value(state, params, o):
    """Total Supply value in hand."""
    t = 0
    for i in range(state[o + S_HAND_N]):
        k = state[o + S_HAND + i]
        if kf(params, k, KF_TYPE) == TY_SUPPLY:
            t += kf(params, k, KF_SUPPLY)
    return t


@njit(cache=True)
def count_type(state, params, o, ty):
    c = 0
    for i in range(state[o + S_HAND_N]):
        if kf(params, state[o + S_HAND + i], KF_TYPE) == ty:
            c += 1
    return c


@njit(cache=True)
def passive(state, params, o, code):
    """Sum of the passive abilities ``code`` of the finished cards in the Colony."""
    t = 0
    for c in range(state[o + S_COL_N]):
        k = state[o + S_COL_KIND + c]
        if (state[o + S_COL_DONE + c] and kf(params, k, KF_ABIL) == code
                and kf(params, k, KF_TIMING) == TM_PASSIVE):
            t += kf(params, k, KF_ABIL_AMT)
    return t


@njit(cache=True)
def end_bonus(state, params, o):
    """SP scored at game end by the Colony (end-sp abilities)."""
    t = 0
    for c in range(state[o + S_COL_N]):
        k = state[o + S_COL_KIND + c]
        if (state[o + S_COL_DONE + c] and kf(params, k, KF_ABIL) == E_END_SP
                and kf(params, k, KF_TIMING) == TM_END):
            t += kf(params, k, KF_ABIL_AMT)
    return t


@njit(cache=True)
def survivors_in_colony(state, params, o):
    c = 0
    for i in range(state[o + S_COL_N]):
        if kf(params, state[o + S_COL_KIND + i], KF_TYPE) == TY_SURVIVOR:
            c += 1
    return c


@njit(cache=True)
def buildings_done(state, params, o):
    c = 0
    for i in range(state[o + S_COL_N]):
        if kf(params, state[o + S_COL_KIND + i], KF_TYPE) == TY_BUILDING and state[o + S_COL_DONE + i]:
            c += 1
    return c


@njit(cache=True)
def total_supplies(state, params, o, with_unbuilt):
    """Supply value in Draw deck, hand and Discard pile (tie-break 2)."""
    t = 0
    for base, nf in ((S_DECK, S_DECK_N), (S_HAND, S_HAND_N), (S_DISC, S_DISC_N)):
        for i in range(state[o + nf]):
            k = state[o + base + i]
            if kf(params, k, KF_TYPE) == TY_SUPPLY:
                t += kf(params, k, KF_SUPPLY)
    if with_unbuilt:
        for i in range(state[o + S_UNDER_N]):
            t += kf(params, state[o + S_UNDER_KIND + i], KF_SUPPLY)
    return t


@njit(cache=True)
def weapon_cap(state, params, o, c):
    if not state[o + S_COL_DONE + c]:
        return 0
    return kf(params, state[o + S_COL_KIND + c], KF_WEAPON)


@njit(cache=True)
def loaded(state, o):
    for c in range(state[o + S_COL_N]):
        if state[o + S_COL_BUL + c] > 0:
            return True
    return False


@njit(cache=True)
def bullets_held(state, o):
    t = 0
    for c in range(state[o + S_COL_N]):
        t += state[o + S_COL_BUL + c]
    return t


@njit(cache=True)
def fire(state, o):
    """Fire the loaded Weapon with the most Bullets; its Bullet goes back to the reserve."""
    best = -1
    for c in range(state[o + S_COL_N]):
        if state[o + S_COL_BUL + c] > 0 and (best < 0 or state[o + S_COL_BUL + c] > state[o + S_COL_BUL + best]):
            best = c
    if best >= 0:
        state[o + S_COL_BUL + best] -= 1
        state[BULLETS] += 1
        return True
    return False


@njit(cache=True)
def add_bullets(state, params, o, n):
    """Put up to ``n`` Bullets on each Weapon (capacity and reserve allowing)."""
    for c in range(state[o + S_COL_N]):
        cap = weapon_cap(state, params, o, c)
        for _ in range(n):
            if state[o + S_COL_BUL + c] < cap and state[BULLETS] > 0:
                state[o + S_COL_BUL + c] += 1
                state[BULLETS] -= 1


@njit(cache=True)
def has_unloaded_weapon(state, params, o):
    for c in range(state[o + S_COL_N]):
        if state[o + S_COL_BUL + c] < weapon_cap(state, params, o, c):
            return True
    return False


@njit(cache=True)
def lose_life(state, o, n):
    if n <= 0 or state[o + S_LIFE] <= 0:
        return
    v = state[o + S_LIFE] - n
    if v <= 0:
        v = 0
        state[o + S_DEPLETED] = 1
        state[DEPLETIONS] += 1
    state[o + S_LIFE] = v


@njit(cache=True)
def colony_add(state, o, k, done):
    """Put card ``k`` into a new Colony slot; returns the slot (-1 when full)."""
    c = state[o + S_COL_N]
    if c >= COL_CAP:
        return -1
    state[o + S_COL_KIND + c] = k
    state[o + S_COL_DONE + c] = done
    state[o + S_COL_PLACED + c] = 0
    state[o + S_COL_BUL + c] = 0
    state[o + S_COL_TAP + c] = 0
    state[o + S_COL_N] = c + 1
    return c


@njit(cache=True)
def complete_building(state, params, o, c):
    """Finish the Building in slot ``c``: trash its Supplies, score its SP."""
    n = state[o + S_UNDER_N]
    j = 0
    for i in range(n):
        if state[o + S_UNDER_SLOT + i] == c:
            trash(state, state[o + S_UNDER_KIND + i])
        else:
            state[o + S_UNDER_KIND + j] = state[o + S_UNDER_KIND + i]
            state[o + S_UNDER_SLOT + j] = state[o + S_UNDER_SLOT + i]
            j += 1
    for i in range(j, n):
        state[o + S_UNDER_KIND + i] = -1
        state[o + S_UNDER_SLOT + i] = -1
    state[o + S_UNDER_N] = j
    state[o + S_COL_DONE + c] = 1
    state[o + S_SP] += kf(params, state[o + S_COL_KIND + c], KF_SP)


@njit(cache=True)
def pile_add(state, p, k):
    n = state[PILE_N + p]
    if n < PILE_CAP:
        state[PILES + p * PILE_CAP + n] = k
        state[PILE_N + p] = n + 1
    else:
        trash(state, k)


@njit(cache=True)
def pile_take(state, p, i):
    """Remove and return card ``i`` of Trade pile ``p``."""
    base = PILES + p * PILE_CAP
    n = state[PILE_N + p]
    k = state[base + i]
    for j in range(i, n - 1):
        state[base + j] = state[base + j + 1]
    state[base + n - 1] = -1
    state[PILE_N + p] = n - 1
    return k


@njit(cache=True)
def num_piles(params):
    return params[P_NUM_PLAYERS] + 1


@njit(cache=True)
def first_of_kind(state, o, i):
    """True when hand card ``i`` is the first of its kind in hand (pick decisions dedupe)."""
    k = state[o + S_HAND + i]
    for j in range(i):
        if state[o + S_HAND + j] == k:
            return False
    return True

