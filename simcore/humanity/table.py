"""Card zones of Edge of Humanity: hands, decks, piles, the Row, the Colony and Weapons.

Small jitted helpers over the state row.  ``so(seat)`` is the offset of a seat's block;
every zone holds card kind ids.  Adding a card never overflows: a card that would not fit
(a hand of HAND_CAP cards goes to the Discard pile; a seat owning OWN_CAP cards, a full
Waste pile) is trashed or set aside, limits no real game reaches.
"""
from simcore.common import row_kernel
from simcore.humanity import layout as L
from simcore.rng import shuffle


@row_kernel(inline="always")
def seat_offset(seat):
    """Offset of ``seat``'s block in the state row (its fields are seat_offset + S_*)."""
    return L.SEAT0 + seat * L.SEAT_SZ


@row_kernel(inline="always")
def card_field(params, k, f):
    """Field ``f`` (KF_*) of card kind ``k`` in the params card table."""
    return params[L.P_CARDS + k * L.KF_N + f]


so = seat_offset  # the old short names, still imported by humanity_legacy and the tests
kf = card_field


@row_kernel(inline="always")
def owned(state, o):
    return (state[o + L.S_HAND_N] + state[o + L.S_DECK_N] + state[o + L.S_DISC_N]
            + state[o + L.S_TABLE_N] + state[o + L.S_BID_N])


@row_kernel
def trash(state, k):
    """Put card ``k`` on the Waste pile."""
    n = state[L.WASTE_N]
    if n < L.CARD_CAP:
        state[L.WASTE + n] = k
        state[L.WASTE_N] = n + 1


@row_kernel
def add_disc(state, o, k):
    n = state[o + L.S_DISC_N]
    if owned(state, o) < L.OWN_CAP:
        state[o + L.S_DISC + n] = k
        state[o + L.S_DISC_N] = n + 1
    else:
        trash(state, k)


@row_kernel
def add_hand(state, o, k):
    n = state[o + L.S_HAND_N]
    if n < L.HAND_CAP and owned(state, o) < L.OWN_CAP:
        state[o + L.S_HAND + n] = k
        state[o + L.S_HAND_N] = n + 1
    else:
        add_disc(state, o, k)


@row_kernel
def take_hand(state, o, i):
    """Remove and return hand card ``i`` (later cards move down one)."""
    n = state[o + L.S_HAND_N]
    k = state[o + L.S_HAND + i]
    for j in range(i, n - 1):
        state[o + L.S_HAND + j] = state[o + L.S_HAND + j + 1]
    state[o + L.S_HAND + n - 1] = -1
    state[o + L.S_HAND_N] = n - 1
    return k


@row_kernel
def main_draw(state, rng):
    """Top card of the Main deck (the Waste pile is shuffled in when it runs out), or -1."""
    if state[L.MAIN_N] == 0:
        w = state[L.WASTE_N]
        if w == 0:
            return -1
        for i in range(w):
            state[L.MAIN + i] = state[L.WASTE + i]
            state[L.WASTE + i] = -1
        state[L.WASTE_N] = 0
        state[L.MAIN_N] = w
        shuffle(rng, state[L.MAIN:L.MAIN + w], w)
    n = state[L.MAIN_N] - 1
    k = state[L.MAIN + n]
    state[L.MAIN + n] = -1
    state[L.MAIN_N] = n
    return k


@row_kernel
def discard_to_deck(state, o, rng):
    """Shuffle the Discard pile into a new Draw deck (the deck is empty)."""
    d = state[o + L.S_DISC_N]
    n = state[o + L.S_DECK_N]
    for i in range(d):
        state[o + L.S_DECK + n + i] = state[o + L.S_DISC + i]
        state[o + L.S_DISC + i] = -1
    state[o + L.S_DISC_N] = 0
    state[o + L.S_DECK_N] = n + d
    shuffle(rng, state[o + L.S_DECK:o + L.S_DECK + n + d], n + d)


@row_kernel
def draw_one(state, o):
    """Top card of the Draw deck into hand (the deck is not empty)."""
    n = state[o + L.S_DECK_N] - 1
    k = state[o + L.S_DECK + n]
    state[o + L.S_DECK + n] = -1
    state[o + L.S_DECK_N] = n
    add_hand(state, o, k)


@row_kernel
def row_count(state):
    c = 0
    for i in range(L.ROW_LEN):
        if state[L.ROW + i] >= 0:
            c += 1
    return c


@row_kernel
def rescue(state, o, slot):
    """Rescue the Survivor in Row ``slot`` into the Discard pile (the Unlucky token is set
    aside)."""
    k = state[L.ROW + slot]
    state[L.ROW + slot] = -1
    if state[L.UNLUCKY] == slot:
        state[L.UNLUCKY] = -1
    add_disc(state, o, k)


@row_kernel
def supply_value(state, params, o):
    """Total Supply value in hand."""
    t = 0
    for i in range(state[o + L.S_HAND_N]):
        k = state[o + L.S_HAND + i]
        if card_field(params, k, L.KF_TYPE) == L.TY_SUPPLY:
            t += card_field(params, k, L.KF_SUPPLY)
    return t


@row_kernel
def count_type(state, params, o, ty):
    c = 0
    for i in range(state[o + L.S_HAND_N]):
        if card_field(params, state[o + L.S_HAND + i], L.KF_TYPE) == ty:
            c += 1
    return c


@row_kernel
def passive(state, params, o, code):
    """Sum of the passive abilities ``code`` of the finished cards in the Colony."""
    t = 0
    for c in range(state[o + L.S_COL_N]):
        k = state[o + L.S_COL_KIND + c]
        if (state[o + L.S_COL_DONE + c] and card_field(params, k, L.KF_ABIL) == code
                and card_field(params, k, L.KF_TIMING) == L.TM_PASSIVE):
            t += card_field(params, k, L.KF_ABIL_AMT)
    return t


@row_kernel
def end_bonus(state, params, o):
    """SP scored at game end by the Colony (end-sp abilities)."""
    t = 0
    for c in range(state[o + L.S_COL_N]):
        k = state[o + L.S_COL_KIND + c]
        if (state[o + L.S_COL_DONE + c] and card_field(params, k, L.KF_ABIL) == L.E_END_SP
                and card_field(params, k, L.KF_TIMING) == L.TM_END):
            t += card_field(params, k, L.KF_ABIL_AMT)
    return t


@row_kernel
def survivors_in_colony(state, params, o):
    c = 0
    for i in range(state[o + L.S_COL_N]):
        if card_field(params, state[o + L.S_COL_KIND + i], L.KF_TYPE) == L.TY_SURVIVOR:
            c += 1
    return c


@row_kernel
def buildings_done(state, params, o):
    c = 0
    for i in range(state[o + L.S_COL_N]):
        if (card_field(params, state[o + L.S_COL_KIND + i], L.KF_TYPE) == L.TY_BUILDING
                and state[o + L.S_COL_DONE + i]):
            c += 1
    return c


@row_kernel
def total_supplies(state, params, o, with_unbuilt):
    """Supply value in Draw deck, hand and Discard pile (tie-break 2)."""
    t = 0
    for base, nf in ((L.S_DECK, L.S_DECK_N), (L.S_HAND, L.S_HAND_N), (L.S_DISC, L.S_DISC_N)):
        for i in range(state[o + nf]):
            k = state[o + base + i]
            if card_field(params, k, L.KF_TYPE) == L.TY_SUPPLY:
                t += card_field(params, k, L.KF_SUPPLY)
    if with_unbuilt:
        for i in range(state[o + L.S_UNDER_N]):
            t += card_field(params, state[o + L.S_UNDER_KIND + i], L.KF_SUPPLY)
    return t


@row_kernel
def weapon_cap(state, params, o, c):
    if not state[o + L.S_COL_DONE + c]:
        return 0
    return card_field(params, state[o + L.S_COL_KIND + c], L.KF_WEAPON)


@row_kernel
def loaded(state, o):
    for c in range(state[o + L.S_COL_N]):
        if state[o + L.S_COL_BUL + c] > 0:
            return True
    return False


@row_kernel
def bullets_held(state, o):
    t = 0
    for c in range(state[o + L.S_COL_N]):
        t += state[o + L.S_COL_BUL + c]
    return t


@row_kernel
def fire(state, o):
    """Fire the loaded Weapon with the most Bullets; its Bullet goes back to the reserve."""
    best = -1
    for c in range(state[o + L.S_COL_N]):
        if state[o + L.S_COL_BUL + c] > 0 and (
                best < 0 or state[o + L.S_COL_BUL + c] > state[o + L.S_COL_BUL + best]):
            best = c
    if best >= 0:
        state[o + L.S_COL_BUL + best] -= 1
        state[L.BULLETS] += 1
        return True
    return False


@row_kernel
def add_bullets(state, params, o, n):
    """Put up to ``n`` Bullets on each Weapon (capacity and reserve allowing)."""
    for c in range(state[o + L.S_COL_N]):
        cap = weapon_cap(state, params, o, c)
        for _ in range(n):
            if state[o + L.S_COL_BUL + c] < cap and state[L.BULLETS] > 0:
                state[o + L.S_COL_BUL + c] += 1
                state[L.BULLETS] -= 1


@row_kernel
def has_unloaded_weapon(state, params, o):
    for c in range(state[o + L.S_COL_N]):
        if state[o + L.S_COL_BUL + c] < weapon_cap(state, params, o, c):
            return True
    return False


@row_kernel
def lose_life(state, o, n):
    if n <= 0 or state[o + L.S_LIFE] <= 0:
        return
    v = state[o + L.S_LIFE] - n
    if v <= 0:
        v = 0
        state[o + L.S_DEPLETED] = 1
        state[L.DEPLETIONS] += 1
    state[o + L.S_LIFE] = v


@row_kernel
def colony_add(state, o, k, done):
    """Put card ``k`` into a new Colony slot; returns the slot (-1 when full)."""
    c = state[o + L.S_COL_N]
    if c >= L.COL_CAP:
        return -1
    state[o + L.S_COL_KIND + c] = k
    state[o + L.S_COL_DONE + c] = done
    state[o + L.S_COL_PLACED + c] = 0
    state[o + L.S_COL_BUL + c] = 0
    state[o + L.S_COL_TAP + c] = 0
    state[o + L.S_COL_N] = c + 1
    return c


@row_kernel
def complete_building(state, params, o, c):
    """Finish the Building in slot ``c``: trash its Supplies, score its SP."""
    n = state[o + L.S_UNDER_N]
    j = 0
    for i in range(n):
        if state[o + L.S_UNDER_SLOT + i] == c:
            trash(state, state[o + L.S_UNDER_KIND + i])
        else:
            state[o + L.S_UNDER_KIND + j] = state[o + L.S_UNDER_KIND + i]
            state[o + L.S_UNDER_SLOT + j] = state[o + L.S_UNDER_SLOT + i]
            j += 1
    for i in range(j, n):
        state[o + L.S_UNDER_KIND + i] = -1
        state[o + L.S_UNDER_SLOT + i] = -1
    state[o + L.S_UNDER_N] = j
    state[o + L.S_COL_DONE + c] = 1
    state[o + L.S_SP] += card_field(params, state[o + L.S_COL_KIND + c], L.KF_SP)


@row_kernel
def pile_add(state, p, k):
    n = state[L.PILE_N + p]
    if n < L.PILE_CAP:
        state[L.PILES + p * L.PILE_CAP + n] = k
        state[L.PILE_N + p] = n + 1
    else:
        trash(state, k)


@row_kernel
def pile_take(state, p, i):
    """Remove and return card ``i`` of Trade pile ``p``."""
    base = L.PILES + p * L.PILE_CAP
    n = state[L.PILE_N + p]
    k = state[base + i]
    for j in range(i, n - 1):
        state[base + j] = state[base + j + 1]
    state[base + n - 1] = -1
    state[L.PILE_N + p] = n - 1
    return k


@row_kernel
def num_piles(params):
    return params[L.P_NUM_PLAYERS] + 1


@row_kernel
def first_of_kind(state, o, i):
    """True when hand card ``i`` is the first of its kind in hand (pick decisions dedupe)."""
    k = state[o + L.S_HAND + i]
    for j in range(i):
        if state[o + L.S_HAND + j] == k:
            return False
    return True

