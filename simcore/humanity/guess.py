"""How a player at the table reads an Event's stakes and a card's worth: the scripted
personas' effect worth, commodity bid, card worth and Trade bid, from what that seat knows.

The scripted players (agents/scripted/humanity.py) bid by them, and ``determinize``
(engine.py) draws another seat's hidden committed commodity bid and Trade bid cards from
them (#33: from a policy, not uniformly), which is why they live in the engine package.
"""
from simcore.common import row_kernel
from simcore.humanity import layout as L
from simcore.humanity.table import card_field
from simcore.rng import randint

#: the scripted personas in SPEC.personas order (builder, recruiter; the frozen legacy one
#: is not read here)
NUM_PERSONAS = 2


@row_kernel
def row_best(state, params):
    """Worth of rescuing the best Survivor in the Row (0 with an empty Row)."""
    best = 0
    for i in range(L.ROW_LEN):
        k = state[L.ROW + i]
        if k >= 0:
            v = 10 + 10 * card_field(params, k, L.KF_SP)
            if v > best:
                best = v
    return best


@row_kernel
def effect_score(state, params, o, c, a):
    """Rough worth of effect ``c`` with amount ``a`` to the seat at offset ``o`` (40 is
    one SP), as the scripted personas weigh an Event's options and stakes."""
    life = state[o + L.S_LIFE]
    if c == L.E_SP:
        return 40 * a
    if c == L.E_LIFE:
        return (8 if life <= 4 else 3) * a
    if c == L.E_DRAW or c == L.E_LOOT:
        return 12 * a
    if c == L.E_RESCUE:
        return row_best(state, params) * a  # nothing to rescue from an empty Row
    if c == L.E_LOSE_LIFE:
        if life - a <= 0:
            return -60
        return -(12 if life - a <= 2 else 6) * a
    if c == L.E_DISCARD:
        return -8 * a
    if c == L.E_TRASH:
        return -14 * a
    if c == L.E_PAY or c == L.E_DISCARD_SUPPLY:
        return -11 * a
    if c == L.E_FIRE:
        return -5
    return 0


@row_kernel
def commodity_bid(state, params, o, persona, rng, lo, hi):
    """The commodity bid (an amount in ``lo``..``hi``) of the seat at offset ``o`` as
    scripted ``persona`` makes it: by the stakes (the winner's reward, the lowest
    bidder's penalty), keeping 2 Life, one more for the recruiter, varied by one."""
    # bid by the stakes (the winner's reward and the lowest bidder's penalty), keep 2 Life,
    # and vary the bid by one so equal seats do not tie into turn order every time
    off = L.P_EVENTS + state[L.EV_CUR] * L.EF_N
    stakes = 0
    for j in range(2):
        stakes += effect_score(state, params, o, params[off + L.EF_FIRST + 2 * j],
                               params[off + L.EF_FIRST + 2 * j + 1])
        stakes -= effect_score(state, params, o, params[off + L.EF_LAST + 2 * j],
                               params[off + L.EF_LAST + 2 * j + 1])
    cap = hi
    if params[off + L.EF_COMMODITY] == L.CM_LIFE:
        cap = state[o + L.S_LIFE] - 2
    want = (stakes + 12) // 25 + (1 if persona == 1 else 0) + randint(rng, 3) - 1
    if want > cap:
        want = cap
    if want > hi:
        want = hi
    if want < lo:
        want = lo
    return want


@row_kernel
def card_worth(params, k, life):
    """Rough worth of keeping card ``k`` (x10)."""
    ty = card_field(params, k, L.KF_TYPE)
    if ty == L.TY_SUPPLY:
        return 15 + 10 * card_field(params, k, L.KF_SUPPLY)
    if ty == L.TY_BUILDING:
        return 20 + 10 * card_field(params, k, L.KF_SP)
    if ty == L.TY_SURVIVOR:
        return 40 + 10 * card_field(params, k, L.KF_SP)
    w = 8
    for j in range(L.MAX_EFF):
        c = card_field(params, k, L.KF_E + 2 * j)
        a = card_field(params, k, L.KF_E + 2 * j + 1)
        if c == L.E_DRAW or c == L.E_LOOT or c == L.E_ACTIONS:
            w += 6 * a
        elif c == L.E_SP:
            w += 20 * a
        elif c == L.E_RESCUE:
            w += 16 * a  # a Survivor for nothing (40+ kept), when the Row shows one
        elif c != 0:
            w += 4
    # Life is spent on bids, Heroic Acts and Events at any Life, not only when low (a First
    # Aid Kit counted 0 above 4 Life and went first on every discard)
    lf = card_field(params, k, L.KF_LIFE)
    if lf > 0:
        w += (8 if life <= 4 else 6) * lf
    elif lf < 0:
        w += 4 * lf
    return w


@row_kernel
def trade_bid_cards(params, cards, n, nb, life, rng):
    """Reorder ``cards[:n]`` (a seat's hand and its face-down Trade bid, dealt again by
    ``determinize``) so that its first ``nb`` are the bid the scripted personas make from
    that hand: the cheapest cards with a Trade value (``card_worth`` less 10 a Trade point),
    never a Survivor, then any card where fewer qualify.  Ties keep the dealt order, which
    is random.  The personas' further checks (the Supplies the Recruit needs, the drawn
    target that stops the bid) read the hand before the bid; the count ``nb`` is public."""
    for j in range(nb):
        best = -1
        bs = 0
        for i in range(j, n):
            k = cards[i]
            tr = card_field(params, k, L.KF_TRADE)
            if tr < 1 or card_field(params, k, L.KF_TYPE) == L.TY_SURVIVOR:
                continue
            sc = card_worth(params, k, life) - 10 * tr
            if best < 0 or sc < bs:
                best = i
                bs = sc
        if best < 0:
            best = j + randint(rng, n - j)
        c = cards[j]
        cards[j] = cards[best]
        cards[best] = c
