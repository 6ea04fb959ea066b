"""The task stack of Edge of Humanity: card effects, phase decisions and their legal sets.

A task is (code, amount, seat, aux) on ``TASKS``; codes below 40 are effect codes
(``E_*``), the others control tasks (``T_*``).  For the top task:

* ``legal_task`` writes the legal actions into ``LEG`` and returns their number; 0 means
  the task needs no decision now (it runs automatically, or has nothing left to ask);
* ``auto_task`` does that automatic work (or pops the task);
* ``apply_task`` consumes the chosen action.

Card effects are pushed in reverse so they resolve in printed order; a card's Life icon
is pushed below them so it resolves after every other effect (EH-ACTION-07).  Pick
decisions offer one action per card kind in hand (duplicates are the same choice).
"""
from numba import njit

from simcore.humanity.layout import (
    A_DISCARD, A_DONE, A_YES, ACTIONS, ACTS_TAKEN, AMT_BASE, BID_DONE, BULLETS,
    CM_LIFE, COL_BASE, COL_CAP, E_ACTIONS, E_BULLETS, E_DISCARD, E_DISCARD_SUPPLY, E_DRAW,
    E_FINISH, E_FIRE, E_FRESH, E_HEROIC, E_LIFE, E_LOOT, E_LOSE_LIFE, E_OTHERS_LOSE, E_PAY,
    E_RECRUIT_DISC, E_RESCUE, E_ROBBERY, E_SP, E_STRIKE, E_TRADE_ANY, E_TRADE_SUPPLY, E_TRASH,
    EBID_DONE, EF_COMMODITY, EF_N, EF_NOPT, EF_OPT, E_HAND_SIZE, KF_SP, P_HAND_SIZE, EV_CUR, HAND_CAP, KF_ABIL, KF_ABIL_AMT,
    KF_BA, KF_BE, KF_COST, KF_E, KF_LIFE, KF_NEEDS_FIRE, KF_PAY_LIFE, KF_REQ, KF_SUPPLY,
    KF_TIMING, KF_TYPE, LEG, MAX_AMT, MAX_EFF, MAX_TASKS, OPT_BASE, P_ACTION_CAP,
    P_EBID_ALL_LIFE, P_EBID_ZERO, P_EMPTY_PILE_OK, P_EVENTS, P_NUM_PLAYERS, PILE_CAP,
    PILE_N, PILES, REQ_PARTIAL, REQ_SURVIVOR, ROW, ROW_LEN, S_BID_N, S_BIDC, S_COL_DONE,
    S_COL_KIND, S_COL_N, S_COL_PLACED, S_COL_TAP, S_DECK, S_DECK_N, S_DEPLETED, S_DISC,
    S_DISC_N, S_EBID, S_HAND, S_HAND_N, S_LIFE, S_RECRUITS, S_SP, S_TABLE, S_TABLE_N,
    S_UNDER_KIND, S_UNDER_N, S_UNDER_SLOT, T_BID, T_BUILD, T_DISCARD_ACT, T_EBID, T_END_TURN,
    T_EVENT, T_FIRE_OPT, T_MENU, T_PICK, T_RECRUIT, T_RECRUIT_PAY, T_RELOAD, TAKEN, TASKS,
    TK_N, TM_ACTION, TM_ROUND, TY_ACTION, TY_BUILDING, TY_SUPPLY, TY_SURVIVOR, UNDER_CAP,
)
from simcore.humanity.table import (
    add_bullets, add_disc, add_hand, bullets_held, colony_add, complete_building, discard_to_deck,
    draw_one, first_of_kind, fire, has_unloaded_weapon, kf, loaded, lose_life, main_draw,
    passive, pile_take, rescue, so, supply_value, take_hand, trash,
)
from simcore.rng import randint


# ---- the stack -------------------------------------------------------------------------
@njit(cache=True)
def push(state, code, amt, seat, aux):
    n = state[TK_N]
    if n >= MAX_TASKS or code == 0:
        return
    t = TASKS + 4 * n
    state[t] = code
    state[t + 1] = amt
    state[t + 2] = seat
    state[t + 3] = aux
    state[TK_N] = n + 1


@njit(cache=True)
def pop(state):
    n = state[TK_N] - 1
    t = TASKS + 4 * n
    for i in range(4):
        state[t + i] = 0
    state[TK_N] = n


@njit(cache=True)
def push_card(state, params, seat, k):
    """Push the effects of Action card ``k`` (Life icon last, optional Bullet effect before it)."""
    life = kf(params, k, KF_LIFE)
    if life > 0:
        push(state, E_LIFE, life, seat, k)
    elif life < 0:
        push(state, E_LOSE_LIFE, -life, seat, k)
    if kf(params, k, KF_BE) != 0:
        push(state, T_FIRE_OPT, 0, seat, k)
    for j in range(MAX_EFF - 1, -1, -1):
        push(state, kf(params, k, KF_E + 2 * j), kf(params, k, KF_E + 2 * j + 1), seat, k)


@njit(cache=True)
def push_pairs(state, params, seat, off, n):
    """Push ``n`` (code, amount) pairs stored at params[off:] so the first resolves first."""
    for j in range(n - 1, -1, -1):
        push(state, params[off + 2 * j], params[off + 2 * j + 1], seat, -1)


# ---- checks ----------------------------------------------------------------------------
@njit(cache=True)
def option_feasible(state, params, o, ev, opt):
    """Can the seat fulfil Event option ``opt`` entirely (Life loss always can)?"""
    off = P_EVENTS + ev * EF_N + EF_OPT + opt * 6
    cards = 0
    sup = 0
    sup_cards = 0
    for j in range(MAX_EFF):
        c = params[off + 2 * j]
        a = params[off + 2 * j + 1]
        if c == E_DISCARD or c == E_TRASH:
            cards += a
        elif c == E_PAY:
            sup += a
        elif c == E_DISCARD_SUPPLY:
            sup_cards += a
            cards += a
        elif c == E_FIRE:
            if not loaded(state, o):
                return False
    if cards > state[o + S_HAND_N]:
        return False
    if sup > 0 and supply_value(state, params, o) < sup:
        return False
    if sup_cards > 0:
        n = 0
        for i in range(state[o + S_HAND_N]):
            if kf(params, state[o + S_HAND + i], KF_TYPE) == TY_SUPPLY:
                n += 1
        if n < sup_cards:
            return False
    return True


@njit(cache=True)
def finish_target(state, params, o, c, reach):
    k = state[o + S_COL_KIND + c]
    return (kf(params, k, KF_TYPE) == TY_BUILDING and not state[o + S_COL_DONE + c]
            and kf(params, k, KF_COST) - state[o + S_COL_PLACED + c] <= reach)


@njit(cache=True)
def card_playable(state, params, o, k):
    """An Action card ``k`` in hand can be played now."""
    if kf(params, k, KF_NEEDS_FIRE) and not loaded(state, o):
        return False
    if state[o + S_LIFE] < kf(params, k, KF_PAY_LIFE):
        return False
    req = kf(params, k, KF_REQ)
    if req == REQ_SURVIVOR:
        found = False
        for i in range(state[o + S_HAND_N]):
            if kf(params, state[o + S_HAND + i], KF_TYPE) == TY_SURVIVOR:
                found = True
        if not found or state[o + S_COL_N] >= COL_CAP:
            return False
    elif req == REQ_PARTIAL:
        reach = 0
        for j in range(MAX_EFF):
            if kf(params, k, KF_E + 2 * j) == E_FINISH:
                reach = kf(params, k, KF_E + 2 * j + 1)
        found = False
        for c in range(state[o + S_COL_N]):
            if finish_target(state, params, o, c, reach):
                found = True
        if not found:
            return False
    return True


@njit(cache=True)
def recruit_cost(state, params, o, k):
    c = kf(params, k, KF_COST) - passive(state, params, o, E_RECRUIT_DISC)
    return c if c > 0 else 0


# ---- legal sets --------------------------------------------------------------------------
@njit(cache=True)
def _hand_picks(state, params, o, n, ty):
    """Append one HAND action per card kind in hand (of type ``ty``, -1 any)."""
    for i in range(state[o + S_HAND_N]):
        k = state[o + S_HAND + i]
        if (ty < 0 or kf(params, k, KF_TYPE) == ty) and first_of_kind(state, o, i):
            state[LEG + n] = i
            n += 1
    return n


@njit(cache=True)
def legal_task(state, params):
    t = TASKS + 4 * (state[TK_N] - 1)
    code = state[t]
    amt = state[t + 1]
    seat = state[t + 2]
    aux = state[t + 3]
    o = so(seat)
    n = 0
    if code == E_DRAW:
        if amt > 0 and state[o + S_HAND_N] < HAND_CAP and state[o + S_DECK_N] == 0 and aux == 0:
            for s in range(ROW_LEN):
                if state[ROW + s] >= 0:
                    state[LEG + n] = OPT_BASE + s
                    n += 1
        return n
    if code == E_DISCARD or code == E_TRASH:
        return _hand_picks(state, params, o, 0, -1) if amt > 0 else 0
    if code == E_PAY or code == E_DISCARD_SUPPLY or code == T_RECRUIT_PAY:
        return _hand_picks(state, params, o, 0, TY_SUPPLY) if amt > 0 else 0
    if code == E_TRADE_SUPPLY or code == E_TRADE_ANY:
        if amt <= 0:
            return 0
        for p in range(params[P_NUM_PLAYERS] + 1):
            ok = False
            for i in range(state[PILE_N + p]):
                k = state[PILES + p * PILE_CAP + i]
                if code == E_TRADE_ANY or kf(params, k, KF_TYPE) == TY_SUPPLY:
                    ok = True
            if ok:
                state[LEG + n] = OPT_BASE + p
                n += 1
        return n
    if code == E_RESCUE:
        if amt > 0:
            for s in range(ROW_LEN):
                if state[ROW + s] >= 0:
                    state[LEG + n] = OPT_BASE + s
                    n += 1
        return n
    if code == E_FINISH:
        for c in range(state[o + S_COL_N]):
            if finish_target(state, params, o, c, amt):
                state[LEG + n] = COL_BASE + c
                n += 1
        return n
    if code == E_HEROIC:
        if state[o + S_COL_N] < COL_CAP:
            n = _hand_picks(state, params, o, 0, TY_SURVIVOR)
        return n
    if code == E_ROBBERY or code == E_STRIKE:
        for s in range(params[P_NUM_PLAYERS]):
            if s == seat:
                continue
            so_ = so(s)
            if (code == E_ROBBERY and state[so_ + S_HAND_N] > 0) or \
                    (code == E_STRIKE and state[so_ + S_DISC_N] > 0):
                state[LEG + n] = OPT_BASE + s
                n += 1
        if code == E_ROBBERY and n > 0:
            state[LEG + n] = A_DONE  # the swap is optional ("you may")
            n += 1
        return n
    if code == T_MENU:
        if state[ACTIONS] > 0:
            for i in range(state[o + S_HAND_N]):
                k = state[o + S_HAND + i]
                if not first_of_kind(state, o, i):
                    continue
                ty = kf(params, k, KF_TYPE)
                if ty == TY_ACTION and card_playable(state, params, o, k):
                    state[LEG + n] = i
                    n += 1
                elif (ty == TY_BUILDING and state[o + S_COL_N] < COL_CAP
                      and state[o + S_UNDER_N] < UNDER_CAP and supply_value(state, params, o) > 0):
                    state[LEG + n] = i
                    n += 1
        has_sup = state[o + S_UNDER_N] < UNDER_CAP and supply_value(state, params, o) > 0
        for c in range(state[o + S_COL_N]):
            k = state[o + S_COL_KIND + c]
            ty = kf(params, k, KF_TYPE)
            if ty == TY_BUILDING and not state[o + S_COL_DONE + c]:
                if state[ACTIONS] > 0 and has_sup:
                    state[LEG + n] = COL_BASE + c
                    n += 1
            elif ty == TY_SURVIVOR and not state[o + S_COL_TAP + c] and kf(params, k, KF_ABIL) != 0:
                tm = kf(params, k, KF_TIMING)
                if tm == TM_ROUND or (tm == TM_ACTION and state[ACTIONS] > 0):
                    state[LEG + n] = COL_BASE + c
                    n += 1
        if state[ACTIONS] > 0 and state[o + S_HAND_N] > 0:
            state[LEG + n] = A_DISCARD
            n += 1
        state[LEG + n] = A_DONE
        return n + 1
    if code == T_BUILD:
        if state[o + S_UNDER_N] < UNDER_CAP:
            n = _hand_picks(state, params, o, 0, TY_SUPPLY)
        if amt > 0:
            state[LEG + n] = A_DONE
            n += 1
        return n
    if code == T_DISCARD_ACT:
        n = _hand_picks(state, params, o, 0, -1)
        if amt > 0:
            state[LEG + n] = A_DONE
            n += 1
        return n
    if code == T_FIRE_OPT:
        if loaded(state, o):
            state[LEG] = A_YES
            state[LEG + 1] = A_DONE
            return 2
        return 0
    if code == T_EVENT:
        if amt <= 0:
            return 0
        ev = state[EV_CUR]
        nopt = params[P_EVENTS + ev * EF_N + EF_NOPT]
        for opt in range(nopt):
            if not (aux >> opt) & 1 and option_feasible(state, params, o, ev, opt):
                state[LEG + n] = OPT_BASE + opt
                n += 1
        if n == 0:
            for opt in range(nopt):
                if not (aux >> opt) & 1:
                    state[LEG + n] = OPT_BASE + opt
                    n += 1
        return n
    if code == T_EBID:
        lo, hi = ebid_range(state, params, o)
        for k in range(lo, hi + 1):
            state[LEG + n] = AMT_BASE + k
            n += 1
        return n
    if code == T_BID:
        n = _hand_picks(state, params, o, 0, -1)
        state[LEG + n] = A_DONE
        return n + 1
    if code == T_PICK:
        for p in range(params[P_NUM_PLAYERS] + 1):
            if not (state[TAKEN] >> p) & 1 and (state[PILE_N + p] > 0 or params[P_EMPTY_PILE_OK]):
                state[LEG + n] = OPT_BASE + p
                n += 1
        return n
    if code == T_RECRUIT:
        if state[o + S_COL_N] < COL_CAP:
            sv = supply_value(state, params, o)
            for i in range(state[o + S_HAND_N]):
                k = state[o + S_HAND + i]
                if (kf(params, k, KF_TYPE) == TY_SURVIVOR and first_of_kind(state, o, i)
                        and recruit_cost(state, params, o, k) <= sv):
                    state[LEG + n] = i
                    n += 1
        state[LEG + n] = A_DONE
        return n + 1
    if code == T_RELOAD:
        if has_unloaded_weapon(state, params, o) and state[BULLETS] > 0:
            n = _hand_picks(state, params, o, 0, TY_SUPPLY)
            if n > 0:
                state[LEG + n] = A_DONE
                n += 1
        return n
    return 0


@njit(cache=True)
def ebid_range(state, params, o):
    """(lo, hi) of a commodity bid for the seat at offset ``o``."""
    ev = state[EV_CUR]
    if params[P_EVENTS + ev * EF_N + EF_COMMODITY] == CM_LIFE:
        hi = state[o + S_LIFE] - (0 if params[P_EBID_ALL_LIFE] else 1)
    else:
        hi = bullets_held(state, o)
    if hi < 0:
        hi = 0
    if hi > MAX_AMT:
        hi = MAX_AMT
    lo = 0 if (params[P_EBID_ZERO] or hi == 0) else 1
    return lo, hi


# ---- automatic work ------------------------------------------------------------------------
@njit(cache=True)
def auto_task(state, params, rng):
    """Run the top task when it needs no decision (legal_task returned 0)."""
    t = TASKS + 4 * (state[TK_N] - 1)
    code = state[t]
    amt = state[t + 1]
    seat = state[t + 2]
    o = so(seat)
    if code == E_DRAW:
        if amt <= 0 or state[o + S_HAND_N] >= HAND_CAP:
            pop(state)
        elif state[o + S_DECK_N] > 0:
            draw_one(state, o)
            state[t + 1] = amt - 1
        else:
            # empty Draw deck: the rescue (if any) is done, shuffle the Discard pile in
            discard_to_deck(state, o, rng)
            state[t + 3] = 0
            if state[o + S_DECK_N] == 0:
                pop(state)
        return
    pop(state)
    if code == E_ACTIONS:
        room = params[P_ACTION_CAP] - state[ACTS_TAKEN] - state[ACTIONS]
        state[ACTIONS] += amt if amt < room else (room if room > 0 else 0)
    elif code == E_LIFE:
        state[o + S_LIFE] += amt
    elif code == E_LOSE_LIFE:
        lose_life(state, o, amt)
    elif code == E_SP:
        state[o + S_SP] += amt
    elif code == E_LOOT:
        for _ in range(amt):
            k = main_draw(state, rng)
            if k >= 0:
                add_hand(state, o, k)
    elif code == E_BULLETS:
        add_bullets(state, params, o, amt)
    elif code == E_FRESH:
        n = state[o + S_DECK_N]
        state[o + S_DECK_N] = 0
        for i in range(n - 1, -1, -1):  # turned face up: the top card ends below
            k = state[o + S_DECK + i]
            state[o + S_DECK + i] = -1
            add_disc(state, o, k)
    elif code == E_FIRE:
        fire(state, o)
    elif code == E_OTHERS_LOSE:
        P = params[P_NUM_PLAYERS]
        for d in range(1, P):
            lose_life(state, so((seat + d) % P), amt)
    elif code == T_END_TURN:
        n = state[o + S_TABLE_N]
        state[o + S_TABLE_N] = 0
        for i in range(n):
            k = state[o + S_TABLE + i]
            state[o + S_TABLE + i] = -1
            add_disc(state, o, k)
        state[ACTIONS] = 0
        if not state[o + S_DEPLETED]:
            hs = hand_size(state, params, o)
            if state[o + S_HAND_N] < hs:
                push(state, E_DRAW, hs - state[o + S_HAND_N], seat, 0)


@njit(cache=True)
def hand_size(state, params, o):
    return params[P_HAND_SIZE] + passive(state, params, o, E_HAND_SIZE)


# ---- consuming a decision --------------------------------------------------------------------
@njit(cache=True)
def apply_task(state, params, a, rng):
    t = TASKS + 4 * (state[TK_N] - 1)
    code = state[t]
    amt = state[t + 1]
    seat = state[t + 2]
    aux = state[t + 3]
    o = so(seat)
    if code == E_DRAW:
        rescue(state, o, a - OPT_BASE)
        state[t + 3] = 1
    elif code == E_DISCARD or code == E_DISCARD_SUPPLY:
        add_disc_hand(state, o, a)
        _dec(state, t, amt - 1)
    elif code == E_TRASH:
        trash(state, take_hand(state, o, a))
        _dec(state, t, amt - 1)
    elif code == E_PAY or code == T_RECRUIT_PAY:
        k = take_hand(state, o, a)
        trash(state, k)
        _dec(state, t, amt - kf(params, k, KF_SUPPLY))
    elif code == E_TRADE_SUPPLY or code == E_TRADE_ANY:
        p = a - OPT_BASE
        n = state[PILE_N + p]
        best = n - 1
        if code == E_TRADE_SUPPLY:
            best = -1
            for i in range(n):
                k = state[PILES + p * PILE_CAP + i]
                if kf(params, k, KF_TYPE) == TY_SUPPLY and (
                        best < 0 or kf(params, k, KF_SUPPLY) > kf(params, state[PILES + p * PILE_CAP + best], KF_SUPPLY)):
                    best = i
        add_hand(state, o, pile_take(state, p, best))
        _dec(state, t, amt - 1)
    elif code == E_RESCUE:
        rescue(state, o, a - OPT_BASE)
        _dec(state, t, amt - 1)
    elif code == E_FINISH:
        pop(state)
        complete_building(state, params, o, a - COL_BASE)
    elif code == E_HEROIC:
        pop(state)
        k = take_hand(state, o, a)
        recruit_into_colony(state, params, o, k)
    elif code == E_ROBBERY:
        pop(state)
        if a != A_DONE:
            so_ = so(a - OPT_BASE)
            k = take_hand(state, so_, randint(rng, state[so_ + S_HAND_N]))
            add_disc(state, o, k)
            # Armed Robbery leaves the table for the victim's hand (EH-CLAR-10)
            for i in range(state[o + S_TABLE_N]):
                if state[o + S_TABLE + i] == aux:
                    for j in range(i, state[o + S_TABLE_N] - 1):
                        state[o + S_TABLE + j] = state[o + S_TABLE + j + 1]
                    state[o + S_TABLE_N] -= 1
                    state[o + S_TABLE + state[o + S_TABLE_N]] = -1
                    add_hand(state, so_, aux)
                    break
    elif code == E_STRIKE:
        pop(state)
        so_ = so(a - OPT_BASE)
        n = state[so_ + S_DISC_N]
        i = randint(rng, n)
        k = state[so_ + S_DISC + i]
        for j in range(i, n - 1):
            state[so_ + S_DISC + j] = state[so_ + S_DISC + j + 1]
        state[so_ + S_DISC + n - 1] = -1
        state[so_ + S_DISC_N] = n - 1
        add_hand(state, o, k)
    elif code == T_MENU:
        menu_choice(state, params, o, seat, a)
    elif code == T_BUILD:
        if a == A_DONE:
            pop(state)
        else:
            c = aux
            k = take_hand(state, o, a)
            u = state[o + S_UNDER_N]
            state[o + S_UNDER_KIND + u] = k
            state[o + S_UNDER_SLOT + u] = c
            state[o + S_UNDER_N] = u + 1
            state[o + S_COL_PLACED + c] += kf(params, k, KF_SUPPLY)
            state[t + 1] = amt + 1
            if state[o + S_COL_PLACED + c] >= kf(params, state[o + S_COL_KIND + c], KF_COST):
                pop(state)
                complete_building(state, params, o, c)
    elif code == T_DISCARD_ACT:
        if a == A_DONE:
            pop(state)
        else:
            add_disc_hand(state, o, a)
            state[t + 1] = amt + 1
    elif code == T_FIRE_OPT:
        pop(state)
        if a == A_YES:
            fire(state, o)
            push(state, kf(params, aux, KF_BE), kf(params, aux, KF_BA), seat, aux)
    elif code == T_EVENT:
        opt = a - OPT_BASE
        state[t + 3] = aux | (1 << opt)
        state[t + 1] = amt - 1
        if amt - 1 <= 0:
            pop(state)
        ev = state[EV_CUR]
        push_pairs(state, params, seat, P_EVENTS + ev * EF_N + EF_OPT + opt * 6, MAX_EFF)
    elif code == T_EBID:
        pop(state)
        state[o + S_EBID] = a - AMT_BASE
        state[EBID_DONE] |= 1 << seat
    elif code == T_BID:
        if a == A_DONE:
            pop(state)
            state[BID_DONE] |= 1 << seat
        else:
            k = take_hand(state, o, a)
            b = state[o + S_BID_N]
            state[o + S_BIDC + b] = k
            state[o + S_BID_N] = b + 1
    elif code == T_PICK:
        pop(state)
        p = a - OPT_BASE
        state[TAKEN] |= 1 << p
        for i in range(state[PILE_N + p]):
            add_disc(state, o, state[PILES + p * PILE_CAP + i])
            state[PILES + p * PILE_CAP + i] = -1
        state[PILE_N + p] = 0
    elif code == T_RECRUIT:
        pop(state)
        if a != A_DONE:
            k = take_hand(state, o, a)
            cost = recruit_cost(state, params, o, k)
            recruit_into_colony(state, params, o, k)
            if cost > 0:
                push(state, T_RECRUIT_PAY, cost, seat, 0)
    elif code == T_RELOAD:
        pop(state)
        if a != A_DONE:
            add_disc_hand(state, o, a)
            add_bullets(state, params, o, 1)


@njit(cache=True)
def _dec(state, t, left):
    if left <= 0:
        pop(state)
    else:
        state[t + 1] = left


@njit(cache=True)
def add_disc_hand(state, o, i):
    k = take_hand(state, o, i)
    add_disc(state, o, k)


@njit(cache=True)
def recruit_into_colony(state, params, o, k):
    """Survivor ``k`` (already out of hand) joins the Colony and scores its SP."""
    c = colony_add(state, o, k, 1)
    if c < 0:
        trash(state, k)
        return
    state[o + S_SP] += kf(params, k, KF_SP)
    state[o + S_RECRUITS] += 1


@njit(cache=True)
def menu_choice(state, params, o, seat, a):
    """The Action phase menu: play a card, build, use a Survivor, discard, or end the turn."""
    if a == A_DONE:
        pop(state)
        return
    if a == A_DISCARD:
        state[ACTIONS] -= 1
        state[ACTS_TAKEN] += 1
        push(state, T_DISCARD_ACT, 0, seat, 0)
        return
    if a >= COL_BASE:
        c = a - COL_BASE
        k = state[o + S_COL_KIND + c]
        if kf(params, k, KF_TYPE) == TY_BUILDING:
            state[ACTIONS] -= 1
            state[ACTS_TAKEN] += 1
            push(state, T_BUILD, 0, seat, c)
        else:
            if kf(params, k, KF_TIMING) == TM_ACTION:
                state[ACTIONS] -= 1
                state[ACTS_TAKEN] += 1
            state[o + S_COL_TAP + c] = 1
            push(state, kf(params, k, KF_ABIL), kf(params, k, KF_ABIL_AMT), seat, k)
        return
    k = take_hand(state, o, a)
    state[ACTIONS] -= 1
    state[ACTS_TAKEN] += 1
    if kf(params, k, KF_TYPE) == TY_BUILDING:
        c = colony_add(state, o, k, 0)
        push(state, T_BUILD, 0, seat, c)
        return
    tn = state[o + S_TABLE_N]
    state[o + S_TABLE + tn] = k
    state[o + S_TABLE_N] = tn + 1
    if kf(params, k, KF_NEEDS_FIRE):
        fire(state, o)
    push_card(state, params, seat, k)

