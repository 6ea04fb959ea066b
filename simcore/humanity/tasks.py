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
from simcore.common import row_kernel
from simcore.humanity import layout as L
from simcore.humanity.table import (
    add_bullets,
    add_disc,
    add_hand,
    bullets_held,
    card_field,
    colony_add,
    complete_building,
    discard_to_deck,
    draw_one,
    fire,
    first_of_kind,
    has_unloaded_weapon,
    loaded,
    lose_life,
    main_draw,
    passive,
    pile_take,
    rescue,
    seat_offset,
    supply_value,
    take_hand,
    trash,
)
from simcore.rng import randint


# ---- the stack -------------------------------------------------------------------------
@row_kernel
def push(state, code, amt, seat, aux):
    n = state[L.TK_N]
    if n >= L.MAX_TASKS or code == 0:
        return
    t = L.TASKS + 4 * n
    state[t] = code
    state[t + 1] = amt
    state[t + 2] = seat
    state[t + 3] = aux
    state[L.TK_N] = n + 1


@row_kernel
def pop(state):
    n = state[L.TK_N] - 1
    t = L.TASKS + 4 * n
    for i in range(4):
        state[t + i] = 0
    state[L.TK_N] = n


@row_kernel
def push_card(state, params, seat, k):
    """Push the effects of Action card ``k`` (Life icon last, optional Bullet effect before it)."""
    life = card_field(params, k, L.KF_LIFE)
    if life > 0:
        push(state, L.E_LIFE, life, seat, k)
    elif life < 0:
        push(state, L.E_LOSE_LIFE, -life, seat, k)
    if card_field(params, k, L.KF_BE) != 0:
        push(state, L.T_FIRE_OPT, 0, seat, k)
    for j in range(L.MAX_EFF - 1, -1, -1):
        push(state, card_field(params, k, L.KF_E + 2 * j),
             card_field(params, k, L.KF_E + 2 * j + 1), seat, k)


@row_kernel
def push_pairs(state, params, seat, off, n):
    """Push ``n`` (code, amount) pairs stored at params[off:] so the first resolves first."""
    for j in range(n - 1, -1, -1):
        push(state, params[off + 2 * j], params[off + 2 * j + 1], seat, -1)


# ---- checks ----------------------------------------------------------------------------
@row_kernel
def option_feasible(state, params, o, ev, opt):
    """Can the seat fulfil Event option ``opt`` entirely (Life loss always can)?  Cards to
    give from hand, Supplies to pay, a loaded Weapon to fire, Survivors in the Row to rescue,
    Main-deck cards to loot, and cards to draw (Draw deck, Discard pile reshuffled, and one
    Survivor rescued each time the deck runs out)."""
    off = L.P_EVENTS + ev * L.EF_N + L.EF_OPT + opt * 6
    cards = 0
    sup = 0
    sup_cards = 0
    draw = 0
    resc = 0
    loot = 0
    for j in range(L.MAX_EFF):
        c = params[off + 2 * j]
        a = params[off + 2 * j + 1]
        if c == L.E_DRAW:
            draw += a
        elif c == L.E_RESCUE:
            resc += a
        elif c == L.E_LOOT:
            loot += a
        elif c == L.E_DISCARD or c == L.E_TRASH:
            cards += a
        elif c == L.E_PAY:
            sup += a
        elif c == L.E_DISCARD_SUPPLY:
            sup_cards += a
            cards += a
        elif c == L.E_FIRE:
            if not loaded(state, o):
                return False
    if cards > state[o + L.S_HAND_N]:
        return False
    if sup > 0 and supply_value(state, params, o) < sup:
        return False
    if sup_cards > 0:
        n = 0
        for i in range(state[o + L.S_HAND_N]):
            if card_field(params, state[o + L.S_HAND + i], L.KF_TYPE) == L.TY_SUPPLY:
                n += 1
        if n < sup_cards:
            return False
    if loot > state[L.MAIN_N]:
        return False
    if draw > 0 or resc > 0:
        row = 0
        for i in range(L.ROW_LEN):
            if state[L.ROW + i] >= 0:
                row += 1
        if resc > row:
            return False
        if draw > state[o + L.S_DECK_N] + state[o + L.S_DISC_N] + row - resc:
            return False
    return True


@row_kernel
def finish_target(state, params, o, c, reach):
    k = state[o + L.S_COL_KIND + c]
    return (card_field(params, k, L.KF_TYPE) == L.TY_BUILDING and not state[o + L.S_COL_DONE + c]
            and card_field(params, k, L.KF_COST) - state[o + L.S_COL_PLACED + c] <= reach)


@row_kernel
def card_playable(state, params, o, k):
    """An Action card ``k`` in hand can be played now."""
    if card_field(params, k, L.KF_NEEDS_FIRE) and not loaded(state, o):
        return False
    if state[o + L.S_LIFE] < card_field(params, k, L.KF_PAY_LIFE):
        return False
    req = card_field(params, k, L.KF_REQ)
    if req == L.REQ_SURVIVOR:
        found = False
        for i in range(state[o + L.S_HAND_N]):
            if card_field(params, state[o + L.S_HAND + i], L.KF_TYPE) == L.TY_SURVIVOR:
                found = True
        if not found or state[o + L.S_COL_N] >= L.COL_CAP:
            return False
    elif req == L.REQ_PARTIAL:
        reach = 0
        for j in range(L.MAX_EFF):
            if card_field(params, k, L.KF_E + 2 * j) == L.E_FINISH:
                reach = card_field(params, k, L.KF_E + 2 * j + 1)
        found = False
        for c in range(state[o + L.S_COL_N]):
            if finish_target(state, params, o, c, reach):
                found = True
        if not found:
            return False
    return True


@row_kernel
def recruit_cost(state, params, o, k):
    c = card_field(params, k, L.KF_COST) - passive(state, params, o, L.E_RECRUIT_DISC)
    return c if c > 0 else 0


# ---- legal sets --------------------------------------------------------------------------
@row_kernel
def _hand_picks(state, params, o, n, ty):
    """Append one HAND action per card kind in hand (of type ``ty``, -1 any)."""
    for i in range(state[o + L.S_HAND_N]):
        k = state[o + L.S_HAND + i]
        if (ty < 0 or card_field(params, k, L.KF_TYPE) == ty) and first_of_kind(state, o, i):
            state[L.LEG + n] = i
            n += 1
    return n


@row_kernel
def legal_task(state, params):
    """Write the legal actions of the top task into LEG; return their number (0: the
    task runs automatically).  One function per task below."""
    t = L.TASKS + 4 * (state[L.TK_N] - 1)
    code = state[t]
    amt = state[t + 1]
    seat = state[t + 2]
    aux = state[t + 3]
    o = seat_offset(seat)
    if code == L.E_DRAW:
        return _legal_draw(state, amt, aux, o)
    if code == L.E_DISCARD or code == L.E_TRASH:
        return _legal_discard(state, params, amt, o)
    if code == L.E_PAY or code == L.E_DISCARD_SUPPLY or code == L.T_RECRUIT_PAY:
        return _legal_pay(state, params, amt, o)
    if code == L.E_TRADE_SUPPLY or code == L.E_TRADE_ANY:
        return _legal_trade_take(state, params, code, amt)
    if code == L.E_RESCUE:
        return _legal_rescue(state, amt)
    if code == L.E_FINISH:
        return _legal_finish(state, params, amt, o)
    if code == L.E_HEROIC:
        return _legal_heroic(state, params, o)
    if code == L.E_ROBBERY or code == L.E_STRIKE:
        return _legal_robbery_strike(state, params, code, seat)
    if code == L.T_MENU:
        return legal_action_menu(state, params, o)
    if code == L.T_BUILD:
        return _legal_build(state, params, amt, o)
    if code == L.T_DISCARD_ACT:
        return _legal_discard_action(state, params, amt, o)
    if code == L.T_FIRE_OPT:
        return _legal_fire_option(state, o)
    if code == L.T_EVENT:
        return _legal_event_option(state, params, amt, aux, o)
    if code == L.T_EBID:
        return _legal_commodity_bid(state, params, o)
    if code == L.T_BID:
        return _legal_trade_bid(state, params, o)
    if code == L.T_PICK:
        return _legal_trade_pick(state, params)
    if code == L.T_RECRUIT:
        return _legal_recruit(state, params, o)
    if code == L.T_RELOAD:
        return _legal_reload(state, params, o)
    return 0


@row_kernel
def _legal_draw(state, amt, aux, o):
    """Draw from an empty Draw deck: first rescue a Survivor from the Row (EH-ACTION-24)."""
    n = 0
    if amt > 0 and state[o + L.S_HAND_N] < L.HAND_CAP and state[o + L.S_DECK_N] == 0 and aux == 0:
        for s in range(L.ROW_LEN):
            if state[L.ROW + s] >= 0:
                state[L.LEG + n] = L.OPT_BASE + s
                n += 1
    return n


@row_kernel
def _legal_discard(state, params, amt, o):
    """Discard / trash a card from hand."""
    return _hand_picks(state, params, o, 0, -1) if amt > 0 else 0


@row_kernel
def _legal_pay(state, params, amt, o):
    """Pay with Supply cards from hand."""
    return _hand_picks(state, params, o, 0, L.TY_SUPPLY) if amt > 0 else 0


@row_kernel
def _legal_trade_take(state, params, code, amt):
    """Take a card from a Trade pile (a Supply card, or any)."""
    n = 0
    if amt <= 0:
        return 0
    for p in range(params[L.P_NUM_PLAYERS] + 1):
        ok = False
        for i in range(state[L.PILE_N + p]):
            k = state[L.PILES + p * L.PILE_CAP + i]
            if code == L.E_TRADE_ANY or card_field(params, k, L.KF_TYPE) == L.TY_SUPPLY:
                ok = True
        if ok:
            state[L.LEG + n] = L.OPT_BASE + p
            n += 1
    return n


@row_kernel
def _legal_rescue(state, amt):
    """Rescue a Survivor from the Row."""
    n = 0
    if amt > 0:
        for s in range(L.ROW_LEN):
            if state[L.ROW + s] >= 0:
                state[L.LEG + n] = L.OPT_BASE + s
                n += 1
    return n


@row_kernel
def _legal_finish(state, params, amt, o):
    """Building Plans: a partial Building within reach."""
    n = 0
    for c in range(state[o + L.S_COL_N]):
        if finish_target(state, params, o, c, amt):
            state[L.LEG + n] = L.COL_BASE + c
            n += 1
    return n


@row_kernel
def _legal_heroic(state, params, o):
    """Heroic Act: a Survivor in hand."""
    n = 0
    if state[o + L.S_COL_N] < L.COL_CAP:
        n = _hand_picks(state, params, o, 0, L.TY_SURVIVOR)
    return n


@row_kernel
def _legal_robbery_strike(state, params, code, seat):
    """Armed Robbery / First Strike: the victim."""
    n = 0
    for s in range(params[L.P_NUM_PLAYERS]):
        if s == seat:
            continue
        so_ = seat_offset(s)
        if (code == L.E_ROBBERY and state[so_ + L.S_HAND_N] > 0) or \
                (code == L.E_STRIKE and state[so_ + L.S_DISC_N] > 0):
            state[L.LEG + n] = L.OPT_BASE + s
            n += 1
    if code == L.E_ROBBERY and n > 0:
        state[L.LEG + n] = L.A_DONE  # the swap is optional ("you may")
        n += 1
    return n


@row_kernel
def legal_action_menu(state, params, o):
    """Action phase: play a card, construct, use an ability, discard, or end the turn."""
    n = 0
    if state[L.ACTIONS] > 0:
        for i in range(state[o + L.S_HAND_N]):
            k = state[o + L.S_HAND + i]
            if not first_of_kind(state, o, i):
                continue
            ty = card_field(params, k, L.KF_TYPE)
            if ty == L.TY_ACTION and card_playable(state, params, o, k):
                state[L.LEG + n] = i
                n += 1
            elif (ty == L.TY_BUILDING and state[o + L.S_COL_N] < L.COL_CAP
                  and state[o + L.S_UNDER_N] < L.UNDER_CAP and supply_value(state, params, o) > 0):
                state[L.LEG + n] = i
                n += 1
    has_sup = state[o + L.S_UNDER_N] < L.UNDER_CAP and supply_value(state, params, o) > 0
    for c in range(state[o + L.S_COL_N]):
        k = state[o + L.S_COL_KIND + c]
        ty = card_field(params, k, L.KF_TYPE)
        if ty == L.TY_BUILDING and not state[o + L.S_COL_DONE + c]:
            if state[L.ACTIONS] > 0 and has_sup:
                state[L.LEG + n] = L.COL_BASE + c
                n += 1
        elif (ty == L.TY_SURVIVOR and not state[o + L.S_COL_TAP + c]
              and card_field(params, k, L.KF_ABIL) != 0):
            tm = card_field(params, k, L.KF_TIMING)
            if tm == L.TM_ROUND or (tm == L.TM_ACTION and state[L.ACTIONS] > 0):
                state[L.LEG + n] = L.COL_BASE + c
                n += 1
    if state[L.ACTIONS] > 0 and state[o + L.S_HAND_N] > 0:
        state[L.LEG + n] = L.A_DISCARD
        n += 1
    state[L.LEG + n] = L.A_DONE
    return n + 1


@row_kernel
def _legal_build(state, params, amt, o):
    """Construct: place a Supply card under the Building, or stop."""
    n = 0
    if state[o + L.S_UNDER_N] < L.UNDER_CAP:
        n = _hand_picks(state, params, o, 0, L.TY_SUPPLY)
    if amt > 0:
        state[L.LEG + n] = L.A_DONE
        n += 1
    return n


@row_kernel
def _legal_discard_action(state, params, amt, o):
    """The discard action: one more card, or stop."""
    n = 0
    n = _hand_picks(state, params, o, 0, -1)
    if amt > 0:
        state[L.LEG + n] = L.A_DONE
        n += 1
    return n


@row_kernel
def _legal_fire_option(state, o):
    """Fire a Weapon for the card's Bullet effect?"""
    if loaded(state, o):
        state[L.LEG] = L.A_YES
        state[L.LEG + 1] = L.A_DONE
        return 2
    return 0


@row_kernel
def _legal_event_option(state, params, amt, aux, o):
    """Event: an option not taken yet (feasible ones first)."""
    n = 0
    if amt <= 0:
        return 0
    ev = state[L.EV_CUR]
    nopt = params[L.P_EVENTS + ev * L.EF_N + L.EF_NOPT]
    for opt in range(nopt):
        if not (aux >> opt) & 1 and option_feasible(state, params, o, ev, opt):
            state[L.LEG + n] = L.OPT_BASE + opt
            n += 1
    if n == 0:
        for opt in range(nopt):
            if not (aux >> opt) & 1:
                state[L.LEG + n] = L.OPT_BASE + opt
                n += 1
    return n


@row_kernel
def _legal_commodity_bid(state, params, o):
    """Commodity bid: an amount in the legal range."""
    n = 0
    lo, hi = ebid_range(state, params, o)
    for k in range(lo, hi + 1):
        state[L.LEG + n] = L.AMT_BASE + k
        n += 1
    return n


@row_kernel
def _legal_trade_bid(state, params, o):
    """Trade bid: one more card, or done."""
    n = 0
    n = _hand_picks(state, params, o, 0, -1)
    state[L.LEG + n] = L.A_DONE
    return n + 1


@row_kernel
def _legal_trade_pick(state, params):
    """Trade: a Trade pile not taken yet."""
    n = 0
    for p in range(params[L.P_NUM_PLAYERS] + 1):
        if not (state[L.TAKEN] >> p) & 1 and (state[L.PILE_N + p] > 0 or params[L.P_EMPTY_PILE_OK]):
            state[L.LEG + n] = L.OPT_BASE + p
            n += 1
    return n


@row_kernel
def _legal_recruit(state, params, o):
    """Recruit phase: an affordable Survivor in hand, or done."""
    n = 0
    if state[o + L.S_COL_N] < L.COL_CAP:
        sv = supply_value(state, params, o)
        for i in range(state[o + L.S_HAND_N]):
            k = state[o + L.S_HAND + i]
            if (card_field(params, k, L.KF_TYPE) == L.TY_SURVIVOR and first_of_kind(state, o, i)
                    and recruit_cost(state, params, o, k) <= sv):
                state[L.LEG + n] = i
                n += 1
    state[L.LEG + n] = L.A_DONE
    return n + 1


@row_kernel
def _legal_reload(state, params, o):
    """Reload: a Supply card for a Bullet, or done."""
    n = 0
    if has_unloaded_weapon(state, params, o) and state[L.BULLETS] > 0:
        n = _hand_picks(state, params, o, 0, L.TY_SUPPLY)
        if n > 0:
            state[L.LEG + n] = L.A_DONE
            n += 1
    return n


@row_kernel
def ebid_range(state, params, o):
    """(lo, hi) of a commodity bid for the seat at offset ``o``."""
    ev = state[L.EV_CUR]
    if params[L.P_EVENTS + ev * L.EF_N + L.EF_COMMODITY] == L.CM_LIFE:
        hi = state[o + L.S_LIFE] - (0 if params[L.P_EBID_ALL_LIFE] else 1)
    else:
        hi = bullets_held(state, o)
    if hi < 0:
        hi = 0
    if hi > L.MAX_AMT:
        hi = L.MAX_AMT
    lo = 0 if (params[L.P_EBID_ZERO] or hi == 0) else 1
    return lo, hi


# ---- automatic work ------------------------------------------------------------------------
@row_kernel
def auto_task(state, params, rng):
    """Run the top task when it needs no decision (legal_task returned 0)."""
    t = L.TASKS + 4 * (state[L.TK_N] - 1)
    code = state[t]
    amt = state[t + 1]
    seat = state[t + 2]
    o = seat_offset(seat)
    if code == L.E_DRAW:
        if amt <= 0 or state[o + L.S_HAND_N] >= L.HAND_CAP:
            pop(state)
        elif state[o + L.S_DECK_N] > 0:
            draw_one(state, o)
            state[t + 1] = amt - 1
        else:
            # empty Draw deck: the rescue (if any) is done, shuffle the Discard pile in
            discard_to_deck(state, o, rng)
            state[t + 3] = 0
            if state[o + L.S_DECK_N] == 0:
                pop(state)
        return
    pop(state)
    if code == L.E_ACTIONS:
        room = params[L.P_ACTION_CAP] - state[L.ACTS_TAKEN] - state[L.ACTIONS]
        state[L.ACTIONS] += amt if amt < room else (room if room > 0 else 0)
    elif code == L.E_LIFE:
        state[o + L.S_LIFE] += amt
    elif code == L.E_LOSE_LIFE:
        lose_life(state, o, amt)
    elif code == L.E_SP:
        state[o + L.S_SP] += amt
    elif code == L.E_LOOT:
        for _ in range(amt):
            k = main_draw(state, rng)
            if k >= 0:
                add_hand(state, o, k)
    elif code == L.E_BULLETS:
        add_bullets(state, params, o, amt)
    elif code == L.E_FRESH:
        n = state[o + L.S_DECK_N]
        state[o + L.S_DECK_N] = 0
        for i in range(n - 1, -1, -1):  # turned face up: the top card ends below
            k = state[o + L.S_DECK + i]
            state[o + L.S_DECK + i] = -1
            add_disc(state, o, k)
    elif code == L.E_FIRE:
        fire(state, o)
    elif code == L.E_OTHERS_LOSE:
        P = params[L.P_NUM_PLAYERS]
        for d in range(1, P):
            lose_life(state, seat_offset((seat + d) % P), amt)
    elif code == L.T_END_TURN:
        n = state[o + L.S_TABLE_N]
        state[o + L.S_TABLE_N] = 0
        for i in range(n):
            k = state[o + L.S_TABLE + i]
            state[o + L.S_TABLE + i] = -1
            add_disc(state, o, k)
        state[L.ACTIONS] = 0
        if not state[o + L.S_DEPLETED]:
            hs = hand_size(state, params, o)
            if state[o + L.S_HAND_N] < hs:
                push(state, L.E_DRAW, hs - state[o + L.S_HAND_N], seat, 0)


@row_kernel
def hand_size(state, params, o):
    return params[L.P_HAND_SIZE] + passive(state, params, o, L.E_HAND_SIZE)


# ---- consuming a decision --------------------------------------------------------------------
@row_kernel
def apply_task(state, params, a, rng):
    """The top task consumes the chosen action ``a``."""
    t = L.TASKS + 4 * (state[L.TK_N] - 1)
    code = state[t]
    amt = state[t + 1]
    seat = state[t + 2]
    aux = state[t + 3]
    o = seat_offset(seat)
    if code == L.E_DRAW:
        rescue(state, o, a - L.OPT_BASE)
        state[t + 3] = 1
    elif code == L.E_DISCARD or code == L.E_DISCARD_SUPPLY:
        add_disc_hand(state, o, a)
        _dec(state, t, amt - 1)
    elif code == L.E_TRASH:
        trash(state, take_hand(state, o, a))
        _dec(state, t, amt - 1)
    elif code == L.E_PAY or code == L.T_RECRUIT_PAY:
        k = take_hand(state, o, a)
        trash(state, k)
        _dec(state, t, amt - card_field(params, k, L.KF_SUPPLY))
    elif code == L.E_TRADE_SUPPLY or code == L.E_TRADE_ANY:
        _take_from_trade_pile(state, params, t, code, amt, o, a)
    elif code == L.E_RESCUE:
        rescue(state, o, a - L.OPT_BASE)
        _dec(state, t, amt - 1)
    elif code == L.E_FINISH:
        pop(state)
        complete_building(state, params, o, a - L.COL_BASE)
    elif code == L.E_HEROIC:
        pop(state)
        k = take_hand(state, o, a)
        recruit_into_colony(state, params, o, k)
    elif code == L.E_ROBBERY:
        _armed_robbery(state, aux, o, a, rng)
    elif code == L.E_STRIKE:
        _first_strike(state, o, a, rng)
    elif code == L.T_MENU:
        menu_choice(state, params, o, seat, a)
    elif code == L.T_BUILD:
        _construct_step(state, params, t, amt, aux, o, a)
    elif code == L.T_DISCARD_ACT:
        if a == L.A_DONE:
            pop(state)
        else:
            add_disc_hand(state, o, a)
            state[t + 1] = amt + 1
    elif code == L.T_FIRE_OPT:
        pop(state)
        if a == L.A_YES:
            fire(state, o)
            push(state, card_field(params, aux, L.KF_BE), card_field(params, aux, L.KF_BA),
                 seat, aux)
    elif code == L.T_EVENT:
        _event_option(state, params, t, amt, seat, aux, a)
    elif code == L.T_EBID:
        pop(state)
        state[o + L.S_EBID] = a - L.AMT_BASE
        state[L.EBID_DONE] |= 1 << seat
    elif code == L.T_BID:
        _trade_bid(state, seat, o, a)
    elif code == L.T_PICK:
        _trade_pick(state, o, a)
    elif code == L.T_RECRUIT:
        _recruit(state, params, seat, o, a)
    elif code == L.T_RELOAD:
        pop(state)
        if a != L.A_DONE:
            add_disc_hand(state, o, a)
            add_bullets(state, params, o, 1)


@row_kernel
def _take_from_trade_pile(state, params, t, code, amt, o, a):
    """Take the best Supply card (or the newest card) of the chosen Trade pile."""
    n = 0
    p = a - L.OPT_BASE
    n = state[L.PILE_N + p]
    best = n - 1
    if code == L.E_TRADE_SUPPLY:
        best = -1
        for i in range(n):
            k = state[L.PILES + p * L.PILE_CAP + i]
            if card_field(params, k, L.KF_TYPE) == L.TY_SUPPLY and (
                    best < 0 or card_field(params, k, L.KF_SUPPLY) > card_field(
                        params, state[L.PILES + p * L.PILE_CAP + best], L.KF_SUPPLY)):
                best = i
    add_hand(state, o, pile_take(state, p, best))
    _dec(state, t, amt - 1)


@row_kernel
def _armed_robbery(state, aux, o, a, rng):
    """Armed Robbery: a random card of the victim's hand; the victim gets the Armed Robbery
    card (EH-CLAR-10)."""
    pop(state)
    if a != L.A_DONE:
        so_ = seat_offset(a - L.OPT_BASE)
        k = take_hand(state, so_, randint(rng, state[so_ + L.S_HAND_N]))
        add_disc(state, o, k)
        # Armed Robbery leaves the table for the victim's hand (EH-CLAR-10)
        for i in range(state[o + L.S_TABLE_N]):
            if state[o + L.S_TABLE + i] == aux:
                for j in range(i, state[o + L.S_TABLE_N] - 1):
                    state[o + L.S_TABLE + j] = state[o + L.S_TABLE + j + 1]
                state[o + L.S_TABLE_N] -= 1
                state[o + L.S_TABLE + state[o + L.S_TABLE_N]] = -1
                add_hand(state, so_, aux)
                break


@row_kernel
def _first_strike(state, o, a, rng):
    """First Strike: a random card of the victim's Discard pile into hand."""
    n = 0
    pop(state)
    so_ = seat_offset(a - L.OPT_BASE)
    n = state[so_ + L.S_DISC_N]
    i = randint(rng, n)
    k = state[so_ + L.S_DISC + i]
    for j in range(i, n - 1):
        state[so_ + L.S_DISC + j] = state[so_ + L.S_DISC + j + 1]
    state[so_ + L.S_DISC + n - 1] = -1
    state[so_ + L.S_DISC_N] = n - 1
    add_hand(state, o, k)


@row_kernel
def _construct_step(state, params, t, amt, aux, o, a):
    """Construct: place the chosen Supply card under the Building; complete it when paid."""
    if a == L.A_DONE:
        pop(state)
    else:
        c = aux
        k = take_hand(state, o, a)
        u = state[o + L.S_UNDER_N]
        state[o + L.S_UNDER_KIND + u] = k
        state[o + L.S_UNDER_SLOT + u] = c
        state[o + L.S_UNDER_N] = u + 1
        state[o + L.S_COL_PLACED + c] += card_field(params, k, L.KF_SUPPLY)
        state[t + 1] = amt + 1
        cost = card_field(params, state[o + L.S_COL_KIND + c], L.KF_COST)
        if state[o + L.S_COL_PLACED + c] >= cost:
            pop(state)
            complete_building(state, params, o, c)


@row_kernel
def _event_option(state, params, t, amt, seat, aux, a):
    """Event: resolve the chosen option's effects."""
    opt = a - L.OPT_BASE
    state[t + 3] = aux | (1 << opt)
    state[t + 1] = amt - 1
    if amt - 1 <= 0:
        pop(state)
    ev = state[L.EV_CUR]
    push_pairs(state, params, seat, L.P_EVENTS + ev * L.EF_N + L.EF_OPT + opt * 6, L.MAX_EFF)


@row_kernel
def _trade_bid(state, seat, o, a):
    """Trade bid: one more hidden card, or done."""
    if a == L.A_DONE:
        pop(state)
        state[L.BID_DONE] |= 1 << seat
    else:
        k = take_hand(state, o, a)
        b = state[o + L.S_BID_N]
        state[o + L.S_BIDC + b] = k
        state[o + L.S_BID_N] = b + 1


@row_kernel
def _trade_pick(state, o, a):
    """Trade: take every card of the chosen Trade pile into the Discard pile."""
    pop(state)
    p = a - L.OPT_BASE
    state[L.TAKEN] |= 1 << p
    for i in range(state[L.PILE_N + p]):
        add_disc(state, o, state[L.PILES + p * L.PILE_CAP + i])
        state[L.PILES + p * L.PILE_CAP + i] = -1
    state[L.PILE_N + p] = 0


@row_kernel
def _recruit(state, params, seat, o, a):
    """Recruit phase: the chosen Survivor joins the Colony, then its cost is paid."""
    pop(state)
    if a != L.A_DONE:
        k = take_hand(state, o, a)
        cost = recruit_cost(state, params, o, k)
        recruit_into_colony(state, params, o, k)
        if cost > 0:
            push(state, L.T_RECRUIT_PAY, cost, seat, 0)


@row_kernel
def _dec(state, t, left):
    if left <= 0:
        pop(state)
    else:
        state[t + 1] = left


@row_kernel
def add_disc_hand(state, o, i):
    k = take_hand(state, o, i)
    add_disc(state, o, k)


@row_kernel
def recruit_into_colony(state, params, o, k):
    """Survivor ``k`` (already out of hand) joins the Colony and scores its SP."""
    c = colony_add(state, o, k, 1)
    if c < 0:
        trash(state, k)
        return
    state[o + L.S_SP] += card_field(params, k, L.KF_SP)
    state[o + L.S_RECRUITS] += 1


@row_kernel
def menu_choice(state, params, o, seat, a):
    """The Action phase menu: play a card, build, use a Survivor, discard, or end the turn."""
    if a == L.A_DONE:
        pop(state)
        return
    if a == L.A_DISCARD:
        state[L.ACTIONS] -= 1
        state[L.ACTS_TAKEN] += 1
        push(state, L.T_DISCARD_ACT, 0, seat, 0)
        return
    if a >= L.COL_BASE:
        c = a - L.COL_BASE
        k = state[o + L.S_COL_KIND + c]
        if card_field(params, k, L.KF_TYPE) == L.TY_BUILDING:
            state[L.ACTIONS] -= 1
            state[L.ACTS_TAKEN] += 1
            push(state, L.T_BUILD, 0, seat, c)
        else:
            if card_field(params, k, L.KF_TIMING) == L.TM_ACTION:
                state[L.ACTIONS] -= 1
                state[L.ACTS_TAKEN] += 1
            state[o + L.S_COL_TAP + c] = 1
            push(state, card_field(params, k, L.KF_ABIL), card_field(params, k, L.KF_ABIL_AMT),
                 seat, k)
        return
    k = take_hand(state, o, a)
    state[L.ACTIONS] -= 1
    state[L.ACTS_TAKEN] += 1
    if card_field(params, k, L.KF_TYPE) == L.TY_BUILDING:
        c = colony_add(state, o, k, 0)
        push(state, L.T_BUILD, 0, seat, c)
        return
    tn = state[o + L.S_TABLE_N]
    state[o + L.S_TABLE + tn] = k
    state[o + L.S_TABLE_N] = tn + 1
    if card_field(params, k, L.KF_NEEDS_FIRE):
        fire(state, o)
    push_card(state, params, seat, k)

