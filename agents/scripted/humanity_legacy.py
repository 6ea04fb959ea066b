"""Pre-fix scripted Edge of Humanity players (persona ``legacy``, the last of SPEC.personas).

A frozen copy of agents/scripted/humanity.py before the issue-16 blunder fixes; the legacy
persona plays the old ``builder`` (persona 0) so the fixed players can be compared head-to-head.

Original docstring:

Personas (``SPEC.personas``; the first is plain ``scripted``):

* ``builder`` (0): uses free Survivor abilities first; finishes a partial Building when the
  hand's Supplies complete it, else constructs the best Building the hand can pay for in
  full; plays Action cards (extra actions first, then draws, then the rest); starts a
  Building with spare Supplies rather than wasting the action; recruits the best Survivor
  it can afford in the Recruit phase.
* ``recruiter`` (1): the same deck-builder, but it keeps the Supplies needed for the best
  Survivor in hand (builds only with the surplus), rescues the Survivor with the most SP,
  and bids a little more for piles holding Survivors or Supplies.

Both bid one or two weak cards (starting Actions with a Trade value, never Supplies it needs)
when a Trade pile is worth it, take the most valuable pile, choose the Event option with the
best rough value (SP and cards good, Life loss bad when Life is low), bid a little of a
commodity they can spare, fire whenever they may, reload with a spare Supply.  The policy
reads only what the seat can see (its hand, public zones), never other hands or hidden bids.
"""

from simcore.common import row_kernel

from simcore.humanity.layout import (
    A_DONE, A_YES, ACTIONS, AMT_BASE, COL_BASE, E_ACTIONS, E_DISCARD,
    E_DISCARD_SUPPLY, E_DRAW, E_FINISH, E_FIRE, E_HEROIC, E_LIFE, E_LOOT, E_LOSE_LIFE, E_PAY,
    E_RESCUE, E_ROBBERY, E_SP, E_STRIKE, E_TRADE_ANY, E_TRADE_SUPPLY, E_TRASH, EF_N, EF_OPT,
    EV_CUR, KF_COST, KF_E, KF_LIFE, KF_SP, KF_SUPPLY, KF_TRADE, KF_TYPE, MAX_EFF, OPT_BASE,
    P_EVENTS, P_NUM_PLAYERS, PILE_CAP, PILE_N, PILES, ROW, S_COL_KIND,
    S_COL_PLACED, S_HAND, S_HAND_N, S_BID_N, S_LIFE, S_SP, T_BID, T_BUILD, T_DISCARD_ACT, T_EBID, T_EVENT,
    T_FIRE_OPT, T_MENU, T_PICK, T_RECRUIT, T_RECRUIT_PAY, T_RELOAD, TASKS, TK_N, TY_ACTION,
    TY_BUILDING, TY_SUPPLY, TY_SURVIVOR,
)
from simcore.humanity.table import kf, so, supply_value
from simcore.humanity.tasks import recruit_cost
from simcore.rng import randint
from agents.scripted import has_action as _has


@row_kernel
def card_worth(params, k, life):
    """Rough worth of keeping card ``k`` (x10)."""
    ty = kf(params, k, KF_TYPE)
    if ty == TY_SUPPLY:
        return 15 + 10 * kf(params, k, KF_SUPPLY)
    if ty == TY_BUILDING:
        return 20 + 10 * kf(params, k, KF_SP)
    if ty == TY_SURVIVOR:
        return 40 + 10 * kf(params, k, KF_SP)
    w = 8
    for j in range(MAX_EFF):
        c = kf(params, k, KF_E + 2 * j)
        a = kf(params, k, KF_E + 2 * j + 1)
        if c == E_DRAW or c == E_LOOT or c == E_ACTIONS:
            w += 6 * a
        elif c == E_SP:
            w += 20 * a
        elif c != 0:
            w += 4
    lf = kf(params, k, KF_LIFE)
    if lf > 0 and life <= 4:
        w += 8 * lf
    return w


@row_kernel
def pile_worth(state, params, p, recruiter):
    t = 0
    for i in range(state[PILE_N + p]):
        k = state[PILES + p * PILE_CAP + i]
        ty = kf(params, k, KF_TYPE)
        if ty == TY_SUPPLY:
            t += 10 + 10 * kf(params, k, KF_SUPPLY) + (5 if recruiter else 0)
        elif ty == TY_BUILDING:
            t += 10 + 10 * kf(params, k, KF_SP)
        elif ty == TY_SURVIVOR:
            t += 20 + 10 * kf(params, k, KF_SP) + (10 if recruiter else 0)
        else:
            t += 10
    return t


@row_kernel
def effect_score(state, params, o, c, a):
    life = state[o + S_LIFE]
    if c == E_SP:
        return 40 * a
    if c == E_LIFE:
        return (8 if life <= 4 else 3) * a
    if c == E_DRAW or c == E_LOOT:
        return 12 * a
    if c == E_RESCUE:
        return 20 * a
    if c == E_LOSE_LIFE:
        if life - a <= 0:
            return -60
        return -(12 if life - a <= 2 else 6) * a
    if c == E_DISCARD:
        return -8 * a
    if c == E_TRASH:
        return -14 * a
    if c == E_PAY or c == E_DISCARD_SUPPLY:
        return -11 * a
    if c == E_FIRE:
        return -5
    return 0


@row_kernel
def _best_hand(state, params, o, legal, n, mode, need):
    """Best HAND action of legal[:n]: mode 0 least worth, 1 most worth, 2 Supply paying
    ``need`` (smallest that covers it, else the largest)."""
    best = -1
    bs = 0
    life = state[o + S_LIFE]
    for i in range(n):
        a = legal[i]
        if a >= OPT_BASE:
            continue
        k = state[o + S_HAND + a]
        if mode == 2:
            v = kf(params, k, KF_SUPPLY)
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
def _menu(state, params, o, persona, legal, n):
    life = state[o + S_LIFE]
    sv = supply_value(state, params, o)
    # the Supplies the recruiter keeps for its best affordable Survivor
    keep = 0
    # 1) free once-per-round Survivor abilities
    for i in range(n):
        a = legal[i]
        if COL_BASE <= a < AMT_BASE:
            k = state[o + S_COL_KIND + a - COL_BASE]
            if kf(params, k, KF_TYPE) == TY_SURVIVOR:
                return a
    # 2) finish a partial Building the hand completes
    for i in range(n):
        a = legal[i]
        if COL_BASE <= a < AMT_BASE:
            c = a - COL_BASE
            k = state[o + S_COL_KIND + c]
            if kf(params, k, KF_TYPE) == TY_BUILDING and \
                    state[o + S_COL_PLACED + c] + sv >= kf(params, k, KF_COST):
                return a
    if persona == 1:
        # Supplies kept for the best Survivor in hand
        for h in range(state[o + S_HAND_N]):
            k = state[o + S_HAND + h]
            if kf(params, k, KF_TYPE) == TY_SURVIVOR:
                c = recruit_cost(state, params, o, k)
                if c <= sv and c > keep:
                    keep = c
        best_sv = sv - keep
    else:
        best_sv = sv
    # 3) construct the best Building the hand pays in full; play Actions
    bb = -1
    bsp = -1
    act = -1
    asc = -1
    for i in range(n):
        a = legal[i]
        if a >= OPT_BASE:
            continue
        k = state[o + S_HAND + a]
        ty = kf(params, k, KF_TYPE)
        if ty == TY_BUILDING and kf(params, k, KF_COST) <= best_sv and kf(params, k, KF_SP) > bsp:
            bb = a
            bsp = kf(params, k, KF_SP)
        elif ty == TY_ACTION:
            s = 10
            for j in range(MAX_EFF):
                c = kf(params, k, KF_E + 2 * j)
                if c == E_ACTIONS:
                    s += 40
                elif c == E_SP:
                    s += 35
                elif c == E_HEROIC:
                    s += 30
                elif c == E_FINISH:
                    s += 30
                elif c == E_DRAW or c == E_LOOT:
                    s += 20
                elif c == E_RESCUE:
                    s += 25 if persona == 1 else 15
            lf = kf(params, k, KF_LIFE)
            if lf < 0 and life + lf <= 1:
                s = -1
            elif lf > 0:
                s += 20 if life <= 4 else -5
            if s > asc:
                act = a
                asc = s
    if bb >= 0 and (act < 0 or state[ACTIONS] <= 1 or asc < 40):
        return bb
    if act >= 0 and asc >= 0:
        return act
    # 4) start (or feed) a Building with spare Supplies
    if persona == 0 or best_sv > 0:
        for i in range(n):
            a = legal[i]
            if a < OPT_BASE and kf(params, state[o + S_HAND + a], KF_TYPE) == TY_BUILDING:
                return a
        for i in range(n):
            a = legal[i]
            if COL_BASE <= a < AMT_BASE:
                return a
    return A_DONE


@row_kernel
def _event_option(state, params, o, legal, n):
    """Event: the option whose effects score best (split out unchanged)."""
    ev = state[EV_CUR]
    best = legal[0]
    bs = -100000
    for i in range(n):
        opt = legal[i] - OPT_BASE
        off = P_EVENTS + ev * EF_N + EF_OPT + opt * 6
        s = 0
        for j in range(MAX_EFF):
            s += effect_score(state, params, o, params[off + 2 * j], params[off + 2 * j + 1])
        if s > bs:
            bs = s
            best = legal[i]
    return best


@row_kernel
def _trade_bid(state, params, o, persona, legal, n):
    """Trade: the old bid (split out of scripted_action unchanged)."""
    # bid while the bid is below 2 cards and a pile is worth it
    P = params[P_NUM_PLAYERS]
    bw = 0
    for p in range(P + 1):
        w = pile_worth(state, params, p, persona == 1)
        if w > bw:
            bw = w
    nb = state[o + S_BID_N]
    if bw >= 40 and nb < 2:
        life = state[o + S_LIFE]
        best = -1
        bs = 0
        for i in range(n):
            a = legal[i]
            if a >= OPT_BASE:
                continue
            k = state[o + S_HAND + a]
            if kf(params, k, KF_TRADE) < 1 or kf(params, k, KF_TYPE) == TY_SURVIVOR:
                continue
            s = card_worth(params, k, life) - 10 * kf(params, k, KF_TRADE)
            if kf(params, k, KF_TYPE) == TY_SUPPLY:
                s += 25
            if best < 0 or s < bs:
                best = a
                bs = s
        if best >= 0 and bs <= 25:
            return best
    return A_DONE


@row_kernel
def scripted_action(state, params, persona, rng, legal, n):
    persona = 0  # the old builder
    t = TASKS + 4 * (state[TK_N] - 1)
    code = state[t]
    amt = state[t + 1]
    seat = state[t + 2]
    o = so(seat)
    if code == T_MENU:
        return _menu(state, params, o, persona, legal, n)
    if code == T_BUILD:
        c = state[t + 3]
        need = kf(params, state[o + S_COL_KIND + c], KF_COST) - state[o + S_COL_PLACED + c]
        a = _best_hand(state, params, o, legal, n, 2, need)
        return a if a >= 0 else A_DONE
    if code == T_RECRUIT_PAY or code == E_PAY or code == E_DISCARD_SUPPLY:
        a = _best_hand(state, params, o, legal, n, 2, amt)
        return a if a >= 0 else legal[0]
    if code == E_DISCARD or code == E_TRASH:
        return _best_hand(state, params, o, legal, n, 0, 0)
    if code == T_DISCARD_ACT:
        if _has(legal, n, A_DONE):
            return A_DONE
        return _best_hand(state, params, o, legal, n, 0, 0)
    if code == T_FIRE_OPT:
        return A_YES
    if code == T_EVENT:
        return _event_option(state, params, o, legal, n)
    if code == T_EBID:
        hi = legal[n - 1] - AMT_BASE
        lo = legal[0] - AMT_BASE
        want = hi // 2 if persona == 0 else (hi + 1) // 2
        if want > 3:
            want = 3
        if want < lo:
            want = lo
        return AMT_BASE + want
    if code == T_BID:
        return _trade_bid(state, params, o, persona, legal, n)
    if code == T_PICK or code == E_TRADE_ANY or code == E_TRADE_SUPPLY:
        best = legal[0]
        bw = -1
        for i in range(n):
            p = legal[i] - OPT_BASE
            w = pile_worth(state, params, p, persona == 1)
            if w > bw:
                bw = w
                best = legal[i]
        return best
    if code == T_RECRUIT or code == E_HEROIC:
        best = -1
        bs = -1
        for i in range(n):
            a = legal[i]
            if a >= OPT_BASE:
                continue
            k = state[o + S_HAND + a]
            s = 10 * kf(params, k, KF_SP) - kf(params, k, KF_COST)
            if s > bs:
                bs = s
                best = a
        return best if best >= 0 else A_DONE
    if code == T_RELOAD:
        cnt = 0
        for i in range(n):
            if legal[i] < OPT_BASE:
                cnt += 1
        if cnt >= 2 or persona == 0:
            return _best_hand(state, params, o, legal, n, 2, 1)
        return A_DONE
    if code == E_RESCUE or code == E_DRAW:
        best = legal[0]
        bs = -1000
        for i in range(n):
            k = state[ROW + legal[i] - OPT_BASE]
            s = 10 * kf(params, k, KF_SP) - 3 * kf(params, k, KF_COST)
            if s > bs:
                bs = s
                best = legal[i]
        return best
    if code == E_ROBBERY or code == E_STRIKE:
        best = legal[0]
        bs = -1
        for i in range(n):
            a = legal[i]
            if OPT_BASE <= a < COL_BASE:
                s = state[so(a - OPT_BASE) + S_SP]
                if s > bs:
                    bs = s
                    best = a
        return best
    if code == E_FINISH:
        return legal[0]
    return legal[randint(rng, n)]

