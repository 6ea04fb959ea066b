"""How a player at the table reads an Event's stakes: the scripted personas' effect worth
and commodity bid, from public facts only (Life, the Row, the Event).

The scripted players (agents/scripted/humanity.py) bid by it, and ``determinize``
(engine.py) draws another seat's hidden committed commodity bid from it (#33: from a
policy, not uniformly over the legal range), which is why it lives in the engine package.
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
