"""Scripted Edge of Humanity players.

Personas (``SPEC.personas``; the first is plain ``scripted``):

* ``builder`` (0): uses free Survivor abilities first; finishes a partial Building when the
  hand's Supplies complete it, else constructs the best Building the hand can pay for in
  full; plays Action cards (extra actions first, then draws, then the rest); starts a
  Building with spare Supplies rather than wasting the action; recruits the best Survivor
  it can afford in the Recruit phase.
* ``legacy`` (last): the pre-fix ``builder`` (agents/scripted/humanity_legacy.py), kept for
  head-to-head comparisons.
* ``recruiter`` (1): the same deck-builder, but it keeps the Supplies needed for the best
  Survivor in hand (builds only with the surplus), rescues the Survivor with the most SP,
  and bids a little more for piles holding Survivors or Supplies.

Both bid cheap cards with a Trade value when a Trade pile is worth it, up to a drawn target
of 1-4 that grows with the pile's worth (Supplies too when the Recruit does not need them),
take the most valuable pile, choose the Event option with the best rough value (SP and
cards good, a rescue worth the best Survivor in the Row, Life loss bad when Life is low),
bid a little of a commodity they can spare, fire whenever they may, reload with a spare
Supply.  Neither places under an unfinished Building the Supplies its best Survivor in
hand needs in the Recruit phase.  The policy reads only what the seat can see (its hand,
public zones), never other hands or hidden bids.

Fixes over the frozen ``legacy`` player: it put every Supply under a Building and then could
not recruit; it bid one or two cards and never a Supply, so bids tied and turn order decided;
it valued Life gains only at 4 Life or less and a rescue like any minor effect, so First Aid
Kit and Scouting were discarded first; it valued a rescue at +20 with an empty Row.
"""

from simcore.common import row_kernel

from simcore.humanity import SPEC
from simcore.humanity import layout as L
from simcore.humanity.guess import (  # noqa: F401  (shared with determinize)
    card_worth, commodity_bid, effect_score)
from simcore.humanity.table import card_field, seat_offset, supply_value
from simcore.humanity.tasks import recruit_cost
from simcore.rng import randint
from agents.scripted import has_action as _has

#: persona index of the pre-fix builder (agents/scripted/humanity_legacy.py), always last
LEGACY = len(SPEC.personas) - 1


@row_kernel
def pile_worth(state, params, p, recruiter):
    t = 0
    for i in range(state[L.PILE_N + p]):
        k = state[L.PILES + p * L.PILE_CAP + i]
        ty = card_field(params, k, L.KF_TYPE)
        if ty == L.TY_SUPPLY:
            t += 10 + 10 * card_field(params, k, L.KF_SUPPLY) + (5 if recruiter else 0)
        elif ty == L.TY_BUILDING:
            t += 10 + 10 * card_field(params, k, L.KF_SP)
        elif ty == L.TY_SURVIVOR:
            t += 20 + 10 * card_field(params, k, L.KF_SP) + (10 if recruiter else 0)
        else:
            t += 10
    return t


@row_kernel
def _best_hand(state, params, o, legal, n, mode, need):
    """Best HAND action of legal[:n]: mode 0 least worth, 1 most worth, 2 Supply paying
    ``need`` (smallest that covers it, else the largest)."""
    best = -1
    bs = 0
    life = state[o + L.S_LIFE]
    for i in range(n):
        a = legal[i]
        if a >= L.OPT_BASE:
            continue
        k = state[o + L.S_HAND + a]
        if mode == 2:
            v = card_field(params, k, L.KF_SUPPLY)
            s = 1000 - v if v >= need else v
        else:
            s = card_worth(params, k, life)
            if mode == 0:
                s = -s
        if best < 0 or s > bs:
            best = a
            bs = s
    return best


@row_kernel
def _action_score(code, amt, persona):
    """Rough worth (action-card scale) of an effect taken as the turn's action."""
    if code == L.E_ACTIONS:
        return 40
    if code == L.E_SP:
        return 35
    if code == L.E_HEROIC or code == L.E_FINISH:
        return 30
    if code == L.E_DRAW or code == L.E_LOOT:
        return 20
    if code == L.E_RESCUE:
        return 25 if persona == 1 else 15
    return 0


@row_kernel
def _menu_sure_moves(state, params, o, legal, n, life, sv):
    """The moves taken whenever legal (steps 1-2 of the menu), or -1."""
    # 1) free once-per-round Survivor abilities (an ability that costs the turn's action is
    #    weighed with the Action cards below, after finishing a payable Building)
    for i in range(n):
        a = legal[i]
        if L.COL_BASE <= a < L.AMT_BASE:
            k = state[o + L.S_COL_KIND + a - L.COL_BASE]
            if (card_field(params, k, L.KF_TYPE) == L.TY_SURVIVOR
                    and card_field(params, k, L.KF_TIMING) == L.TM_ROUND):
                return a
    # 1b) an Action card that gives back more actions than it costs (Adrenaline Shot) comes
    #     before anything that spends the last action
    for i in range(n):
        a = legal[i]
        if a >= L.OPT_BASE:
            continue
        k = state[o + L.S_HAND + a]
        if card_field(params, k, L.KF_TYPE) != L.TY_ACTION:
            continue
        lf = card_field(params, k, L.KF_LIFE)
        if lf < 0 and life + lf <= 1:
            continue
        for j in range(L.MAX_EFF):
            if (card_field(params, k, L.KF_E + 2 * j) == L.E_ACTIONS
                    and card_field(params, k, L.KF_E + 2 * j + 1) >= 1):
                return a
    # 2) finish a partial Building the hand completes
    for i in range(n):
        a = legal[i]
        if L.COL_BASE <= a < L.AMT_BASE:
            c = a - L.COL_BASE
            k = state[o + L.S_COL_KIND + c]
            if card_field(params, k, L.KF_TYPE) == L.TY_BUILDING and \
                    state[o + L.S_COL_PLACED + c] + sv >= card_field(params, k, L.KF_COST):
                return a
    return -1


@row_kernel
def _action_card_score(params, k, life, persona):
    """How much the menu wants to play Action card ``k`` now (-1: it would leave 1 Life)."""
    s = 10
    for j in range(L.MAX_EFF):
        c = card_field(params, k, L.KF_E + 2 * j)
        if c == L.E_ACTIONS:
            s += 40
        elif c == L.E_SP:
            s += 35
        elif c == L.E_HEROIC:
            s += 30
        elif c == L.E_FINISH:
            s += 30
        elif c == L.E_DRAW or c == L.E_LOOT:
            s += 20
        elif c == L.E_RESCUE:
            s += 25 if persona == 1 else 15
    lf = card_field(params, k, L.KF_LIFE)
    if lf < 0 and life + lf <= 1:
        s = -1
    elif lf > 0:
        s += 20 if life <= 4 else -5
    return s


@row_kernel
def _recruit_keep(state, params, o, sv):
    """Supply value kept for the Recruit phase: the cost of the dearest Survivor in hand
    that ``sv`` pays for (0 when none)."""
    keep = 0
    for h in range(state[o + L.S_HAND_N]):
        k = state[o + L.S_HAND + h]
        if card_field(params, k, L.KF_TYPE) == L.TY_SURVIVOR:
            c = recruit_cost(state, params, o, k)
            if c <= sv and c > keep:
                keep = c
    return keep


@row_kernel
def _spare_supply(state, params, o, legal, n, spare):
    """The largest Supply of legal[:n] worth at most ``spare``, or -1."""
    best = -1
    bv = 0
    for i in range(n):
        a = legal[i]
        if a >= L.OPT_BASE:
            continue
        k = state[o + L.S_HAND + a]
        if card_field(params, k, L.KF_TYPE) != L.TY_SUPPLY:
            continue
        v = card_field(params, k, L.KF_SUPPLY)
        if v <= spare and v > bv:
            best = a
            bv = v
    return best


@row_kernel
def _fits_spare(state, params, o, spare):
    """True when a Supply in hand is worth at most ``spare`` (and ``spare`` > 0)."""
    for h in range(state[o + L.S_HAND_N]):
        k = state[o + L.S_HAND + h]
        if card_field(params, k, L.KF_TYPE) == L.TY_SUPPLY and \
                0 < card_field(params, k, L.KF_SUPPLY) <= spare:
            return True
    return False


@row_kernel
def _build_supply(state, params, o, legal, n, need):
    """Construct: the Supply to place under the Building (short by ``need``), or A_DONE.

    A hand that completes the Building pays it; one that does not places only the Supplies
    it does not need for its best Survivor in the Recruit phase (it used to place them all
    and then could not recruit)."""
    sv = supply_value(state, params, o)
    if sv < need:
        keep = _recruit_keep(state, params, o, sv)
        if keep > 0:
            a = _spare_supply(state, params, o, legal, n, sv - keep)
            if a >= 0:
                return a
            if _has(legal, n, L.A_DONE):
                return L.A_DONE
            need = 1  # the first Supply is required: the smallest
    a = _best_hand(state, params, o, legal, n, 2, need)
    return a if a >= 0 else L.A_DONE


@row_kernel
def _menu(state, params, o, persona, legal, n):
    """Action phase: free abilities and action-giving cards, then a Building the hand
    completes, the best Building or Action card, then feeding a Building; else end."""
    life = state[o + L.S_LIFE]
    sv = supply_value(state, params, o)
    a = _menu_sure_moves(state, params, o, legal, n, life, sv)
    if a >= 0:
        return a
    # the Supplies kept for the best affordable Survivor in hand: the recruiter builds
    # only with the rest; the builder pays a whole Building with them but feeds one only
    # with the rest
    keep = _recruit_keep(state, params, o, sv)
    best_sv = sv - keep if persona == 1 else sv
    # 3) construct the best Building the hand pays in full; play Actions
    bb = -1
    bsp = -1
    act = -1
    asc = -1
    for i in range(n):
        a = legal[i]
        if a >= L.OPT_BASE:
            continue
        k = state[o + L.S_HAND + a]
        ty = card_field(params, k, L.KF_TYPE)
        if (ty == L.TY_BUILDING and card_field(params, k, L.KF_COST) <= best_sv
                and card_field(params, k, L.KF_SP) > bsp):
            bb = a
            bsp = card_field(params, k, L.KF_SP)
        elif ty == L.TY_ACTION:
            s = _action_card_score(params, k, life, persona)
            if s > asc:
                act = a
                asc = s
    for i in range(n):
        a = legal[i]
        if L.COL_BASE <= a < L.AMT_BASE:
            k = state[o + L.S_COL_KIND + a - L.COL_BASE]
            if card_field(params, k, L.KF_TYPE) == L.TY_SURVIVOR:
                s = 10 + _action_score(card_field(params, k, L.KF_ABIL),
                                       card_field(params, k, L.KF_ABIL_AMT), persona)
                if s > asc:
                    act = a
                    asc = s
    if bb >= 0 and (act < 0 or state[L.ACTIONS] <= 1 or asc < 40):
        return bb
    if act >= 0 and asc >= 0:
        return act
    # 4) start (or feed) a Building with spare Supplies (the builder: with any, when no
    #    Survivor in hand wants them)
    if _fits_spare(state, params, o, sv - keep) or (persona != 1 and keep == 0):
        for i in range(n):
            a = legal[i]
            if (a < L.OPT_BASE
                    and card_field(params, state[o + L.S_HAND + a], L.KF_TYPE) == L.TY_BUILDING):
                return a
        for i in range(n):
            a = legal[i]
            if L.COL_BASE <= a < L.AMT_BASE and \
                    card_field(params, state[o + L.S_COL_KIND + a - L.COL_BASE],
                               L.KF_TYPE) == L.TY_BUILDING:
                return a
    return L.A_DONE


@row_kernel
def scripted_action(state, params, persona, rng, legal, n):
    t = L.TASKS + 4 * (state[L.TK_N] - 1)
    code = state[t]
    amt = state[t + 1]
    seat = state[t + 2]
    o = seat_offset(seat)
    if code == L.T_MENU:
        return _menu(state, params, o, persona, legal, n)
    if code == L.T_BUILD:
        c = state[t + 3]
        cost = card_field(params, state[o + L.S_COL_KIND + c], L.KF_COST)
        need = cost - state[o + L.S_COL_PLACED + c]
        return _build_supply(state, params, o, legal, n, need)
    if code == L.T_RECRUIT_PAY or code == L.E_PAY or code == L.E_DISCARD_SUPPLY:
        a = _best_hand(state, params, o, legal, n, 2, amt)
        return a if a >= 0 else legal[0]
    if code == L.E_DISCARD or code == L.E_TRASH:
        return _best_hand(state, params, o, legal, n, 0, 0)
    if code == L.T_DISCARD_ACT:
        if _has(legal, n, L.A_DONE):
            return L.A_DONE
        return _best_hand(state, params, o, legal, n, 0, 0)
    if code == L.T_FIRE_OPT:
        return L.A_YES
    if code == L.T_EVENT:
        return _event_choice(state, params, o, legal, n)
    if code == L.T_EBID:
        return _commodity_bid(state, params, o, persona, rng, legal, n)
    if code == L.T_BID:
        return _trade_bid(state, params, o, persona, rng, legal, n)
    if code == L.T_PICK or code == L.E_TRADE_ANY or code == L.E_TRADE_SUPPLY:
        return _pile_choice(state, params, persona, legal, n)
    if code == L.T_RECRUIT or code == L.E_HEROIC:
        return _recruit_choice(state, params, o, legal, n)
    if code == L.T_RELOAD:
        cnt = 0
        for i in range(n):
            if legal[i] < L.OPT_BASE:
                cnt += 1
        if cnt >= 2 or persona == 0:
            return _best_hand(state, params, o, legal, n, 2, 1)
        return L.A_DONE
    if code == L.E_RESCUE or code == L.E_DRAW:
        return _rescue_choice(state, params, legal, n)
    if code == L.E_ROBBERY or code == L.E_STRIKE:
        return _victim_choice(state, legal, n)
    if code == L.E_FINISH:
        return legal[0]
    return legal[randint(rng, n)]


@row_kernel
def _event_choice(state, params, o, legal, n):
    """Event: the option whose effects score best for this seat."""
    ev = state[L.EV_CUR]
    best = legal[0]
    bs = -100000
    for i in range(n):
        opt = legal[i] - L.OPT_BASE
        off = L.P_EVENTS + ev * L.EF_N + L.EF_OPT + opt * 6
        s = 0
        for j in range(L.MAX_EFF):
            s += effect_score(state, params, o, params[off + 2 * j], params[off + 2 * j + 1])
        if s > bs:
            bs = s
            best = legal[i]
    return best


@row_kernel
def _commodity_bid(state, params, o, persona, rng, legal, n):
    """Commodity bid: by the stakes (simcore/humanity/guess.py :func:`commodity_bid`)."""
    return L.AMT_BASE + commodity_bid(state, params, o, persona, rng, legal[0] - L.AMT_BASE,
                                      legal[n - 1] - L.AMT_BASE)


@row_kernel
def _trade_bid(state, params, o, persona, rng, legal, n):
    """Trade bid: cheap cards with a Trade value until the bid reaches a drawn target that
    grows with the best pile's worth (so equal seats seldom tie into turn order); Supplies
    go in too when the hand does not need them for its best Survivor."""
    P = params[L.P_NUM_PLAYERS]
    bw = 0
    for p in range(P + 1):
        w = pile_worth(state, params, p, persona == 1)
        if w > bw:
            bw = w
    if bw < 40:
        return L.A_DONE
    cur = 0
    for i in range(state[o + L.S_BID_N]):
        cur += card_field(params, state[o + L.S_BIDC + i], L.KF_TRADE)
    # the draw is made afresh at each card: the target is 1..4 Trade, the pile's worth in
    # 30s plus 0 or 1 (the recruiter one more)
    want = bw // 30 + randint(rng, 2) + (1 if persona == 1 else 0)
    if want > 4:
        want = 4
    if cur >= want:
        return L.A_DONE
    life = state[o + L.S_LIFE]
    sv = supply_value(state, params, o)
    spare = sv - _recruit_keep(state, params, o, sv)
    limit = 10 + bw // 4  # the better the pile, the better the cards it is worth
    best = -1
    bs = 0
    for i in range(n):
        a = legal[i]
        if a >= L.OPT_BASE:
            continue
        k = state[o + L.S_HAND + a]
        tr = card_field(params, k, L.KF_TRADE)
        ty = card_field(params, k, L.KF_TYPE)
        if tr < 1 or ty == L.TY_SURVIVOR:
            continue
        if ty == L.TY_SUPPLY and card_field(params, k, L.KF_SUPPLY) > spare:
            continue  # the Recruit needs it
        sc = card_worth(params, k, life) - 10 * tr
        if best < 0 or sc < bs:
            best = a
            bs = sc
    if best >= 0 and bs <= limit:
        return best
    return L.A_DONE


@row_kernel
def _pile_choice(state, params, persona, legal, n):
    """Trade pile: the one worth most."""
    best = legal[0]
    bw = -1
    for i in range(n):
        p = legal[i] - L.OPT_BASE
        w = pile_worth(state, params, p, persona == 1)
        if w > bw:
            bw = w
            best = legal[i]
    return best


@row_kernel
def _recruit_choice(state, params, o, legal, n):
    """Recruit / Heroic Act: the Survivor with the most SP for its cost."""
    best = -1
    bs = -1
    for i in range(n):
        a = legal[i]
        if a >= L.OPT_BASE:
            continue
        k = state[o + L.S_HAND + a]
        s = 10 * card_field(params, k, L.KF_SP) - card_field(params, k, L.KF_COST)
        if s > bs:
            bs = s
            best = a
    return best if best >= 0 else L.A_DONE


@row_kernel
def _rescue_choice(state, params, legal, n):
    """Rescue: the Row Survivor with the most SP for its cost."""
    best = legal[0]
    bs = -1000
    for i in range(n):
        k = state[L.ROW + legal[i] - L.OPT_BASE]
        s = 10 * card_field(params, k, L.KF_SP) - 3 * card_field(params, k, L.KF_COST)
        if s > bs:
            bs = s
            best = legal[i]
    return best


@row_kernel
def _victim_choice(state, legal, n):
    """Armed Robbery / First Strike: the leader in SP."""
    best = legal[0]
    bs = -1
    for i in range(n):
        a = legal[i]
        if L.OPT_BASE <= a < L.COL_BASE:
            s = state[seat_offset(a - L.OPT_BASE) + L.S_SP]
            if s > bs:
                bs = s
                best = a
    return best

