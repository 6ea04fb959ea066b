"""Edge of Humanity kernels: the round machine and the game contract.

A round runs 1 Event, 2 Action, 3 Trade, 4 Recruit and 5 Cleanup (rulebook "Gameplay");
``advance`` moves the machine between phases and seats and pushes each seat's tasks
(:mod:`simcore.humanity.tasks`); ``settle`` runs tasks until a decision with two or more
legal actions waits (single-action decisions are taken automatically).

Simultaneous choices (Trade bids, commodity bids) are asked one seat at a time in turn
order and stay hidden in the row until revealed; ``determinize`` re-draws them.

What is public: Discard piles, Colonies, Trade piles, the Row, the Waste pile, SP, Life,
Bullets, the number of cards in every hand, deck and bid, and every revealed bid.  Hidden:
the order of every deck, the cards in other hands, unrevealed bids, and the order of the
unrevealed Events where they were shuffled (custom stories, Longer Game extras).
"""
import numpy as np
from numba import njit

from simcore.common import mask_returns, row_kernel
from simcore.humanity import layout as L
from simcore.humanity.kinds import action_kind  # noqa: F401  (SPEC.action_kinds)
from simcore.humanity.table import (
    buildings_done,
    card_field,
    colony_add,
    draw_one,
    end_bonus,
    lose_life,
    main_draw,
    passive,
    pile_add,
    seat_offset,
    survivors_in_colony,
    total_supplies,
    trash,
)
from simcore.humanity.tasks import (
    apply_task,
    auto_task,
    legal_task,
    pop,
    push,
    push_pairs,
)
from simcore.humanity.tasks import (
    ebid_range as _ebid_range,
)
from simcore.rng import randint, shuffle
from simcore.humanity.features import FEATURES, features  # noqa: F401  (the learned value's)
from simcore.humanity.guess import NUM_PERSONAS, commodity_bid, trade_bid_cards


# ---- the round machine ---------------------------------------------------------------------
@row_kernel
def settle(state, params, rng):
    """Run the game until a real decision waits or the game is over."""
    state[L.DEC] = 0
    while True:
        if state[L.END] != L.END_PLAYING:
            state[L.DEC] = 0
            state[L.LEG_N] = 0
            return
        if state[L.READY]:
            state[L.READY] = 0
            apply_task(state, params, state[L.CHOICE], rng)
            continue
        if state[L.TK_N] == 0:
            advance(state, params, rng)
            continue
        t = L.TASKS + 4 * (state[L.TK_N] - 1)
        seat = state[t + 2]
        if state[seat_offset(seat) + L.S_DEPLETED] and state[t] != L.T_END_TURN:
            pop(state)  # a depleted Life Pool takes no further part this round (EH-RULES-04)
            continue
        n = legal_task(state, params)
        if n == 0:
            auto_task(state, params, rng)
        elif n == 1:
            apply_task(state, params, state[L.LEG], rng)
        else:
            state[L.CUR] = seat
            state[L.DEC] = 1
            state[L.LEG_N] = n
            return


@row_kernel
def bid_value(state, params, o):
    """Trade values of the cards bid; a valid bid (>= 1) gains the trade-bonus passives."""
    v = 0
    for i in range(state[o + L.S_BID_N]):
        v += card_field(params, state[o + L.S_BIDC + i], L.KF_TRADE)
    if v >= 1:
        v += passive(state, params, o, L.E_TRADE_BONUS)
    return v


@row_kernel
def advance(state, params, rng):
    """Move the round machine one stage or seat on (rulebook "Gameplay": 1 Event, 2 Action,
    3 Trade, 4 Recruit, 5 Cleanup), pushing the tasks of the seat whose turn it is."""
    st = state[L.STAGE]
    if st == L.S_ROUND_START:
        round_start(state, params)
    elif st == L.S_EVENT:
        event_phase(state, params)
    elif st == L.S_EVENT_BID:
        resolve_event_bid(state, params)
        state[L.STAGE] = L.S_ACTION
        state[L.SUB] = 0
    elif st == L.S_ACTION:
        action_phase(state, params)
    elif st == L.S_TRADE:
        trade_bids(state, params)
    elif st == L.S_TRADE_REVEAL:
        trade_order(state, params)
        state[L.BIDS_REVEALED] = 1
        state[L.PICK_IDX] = 0
        state[L.STAGE] = L.S_TRADE_PICK
    elif st == L.S_TRADE_PICK:
        trade_picks(state, params)
    elif st == L.S_RECRUIT:
        recruit_phase(state, params)
    elif st == L.S_END_CHECK:
        end_check(state, params)
    elif st == L.S_RELOAD:
        reload_phase(state, params)
    elif st == L.S_CLEANUP:
        cleanup(state, params, rng)
        state[L.STAGE] = L.S_ROUND_START


@row_kernel
def round_start(state, params):
    """A new round: reveal the next Event card (Event cards count the rounds even without
    Events, EH-VARIANT-03)."""
    state[L.ROUND] += 1
    ev = -1
    if params[L.P_NO_EVENTS] == 0 and state[L.EV_PTR] < state[L.EV_N]:
        ev = state[L.EVENTS + state[L.EV_PTR]]
    state[L.EV_PTR] += 1  # Event cards count the rounds even without Events (EH-VARIANT-03)
    state[L.EV_CUR] = ev
    state[L.EBID_DONE] = 0
    state[L.EBID_REVEALED] = 0
    state[L.SUB] = 0
    state[L.STAGE] = L.S_EVENT if ev >= 0 else L.S_ACTION


@row_kernel
def event_phase(state, params):
    """1 Event: each seat in turn order resolves the Event (or bids for a commodity Event)."""
    P = params[L.P_NUM_PLAYERS]
    ev = state[L.EV_CUR]
    bid = params[L.P_EVENTS + ev * L.EF_N + L.EF_KIND] == L.EK_BID
    if state[L.SUB] == P:
        state[L.SUB] = 0
        state[L.STAGE] = L.S_EVENT_BID if bid else L.S_ACTION
        return
    seat = (state[L.FIRST] + state[L.SUB]) % P
    state[L.SUB] += 1
    if not state[seat_offset(seat) + L.S_DEPLETED]:
        if bid:
            push(state, L.T_EBID, 0, seat, 0)
        else:
            push(state, L.T_EVENT, params[L.P_EVENTS + ev * L.EF_N + L.EF_PICKS], seat, 0)


@row_kernel
def action_phase(state, params):
    """2 Action: the next seat in turn order takes its Action phase turn."""
    P = params[L.P_NUM_PLAYERS]
    if state[L.SUB] == P:
        state[L.SUB] = 0
        state[L.STAGE] = L.S_TRADE
        state[L.BID_DONE] = 0
        state[L.BIDS_REVEALED] = 0
        return
    seat = (state[L.FIRST] + state[L.SUB]) % P
    state[L.SUB] += 1
    o = seat_offset(seat)
    if not state[o + L.S_DEPLETED]:
        state[L.ACT_SEAT] = seat
        state[L.ACTS_TAKEN] = 0
        a = 1 + passive(state, params, o, L.E_EXTRA_ACTION)
        cap = params[L.P_ACTION_CAP]
        state[L.ACTIONS] = a if a < cap else cap
        push(state, L.T_END_TURN, 0, seat, 0)
        push(state, L.T_MENU, 0, seat, 0)


@row_kernel
def trade_bids(state, params):
    """3 Trade: each seat in turn order bids hidden cards."""
    P = params[L.P_NUM_PLAYERS]
    if state[L.SUB] == P:
        state[L.STAGE] = L.S_TRADE_REVEAL
        return
    seat = (state[L.FIRST] + state[L.SUB]) % P
    state[L.SUB] += 1
    if not state[seat_offset(seat) + L.S_DEPLETED]:
        push(state, L.T_BID, 0, seat, 0)


@row_kernel
def trade_picks(state, params):
    """3 Trade: the valid bidders pick a Trade pile, highest bid first; then every bid card
    is trashed (EH-TRADE-10)."""
    P = params[L.P_NUM_PLAYERS]
    if state[L.PICK_IDX] >= state[L.ORDER_N]:
        for s in range(P):  # every bid card is trashed (EH-TRADE-10)
            o = seat_offset(s)
            for i in range(state[o + L.S_BID_N]):
                trash(state, state[o + L.S_BIDC + i])
                state[o + L.S_BIDC + i] = -1
            state[o + L.S_BID_N] = 0
        state[L.STAGE] = L.S_RECRUIT
        state[L.SUB] = 0
        return
    push(state, L.T_PICK, 0, state[L.ORDER + state[L.PICK_IDX]], 0)
    state[L.PICK_IDX] += 1


@row_kernel
def recruit_phase(state, params):
    """4 Recruit: each seat in turn order may recruit Survivors."""
    P = params[L.P_NUM_PLAYERS]
    if state[L.SUB] == P:
        state[L.STAGE] = L.S_END_CHECK
        return
    seat = (state[L.FIRST] + state[L.SUB]) % P
    state[L.SUB] += 1
    if not state[seat_offset(seat) + L.S_DEPLETED]:
        push(state, L.T_RECRUIT, 0, seat, 0)


@row_kernel
def end_check(state, params):
    """Game end: the SP goal, the last Event, or the round cap; else depleted seats are back."""
    P = params[L.P_NUM_PLAYERS]
    best = 0
    for s in range(P):
        if state[seat_offset(s) + L.S_SP] > best:
            best = state[seat_offset(s) + L.S_SP]
    if best >= params[L.P_SP_GOAL]:
        finish(state, params, L.END_SP)
    elif state[L.EV_PTR] >= state[L.EV_N]:
        finish(state, params, L.END_EVENTS)
    elif state[L.ROUND] >= params[L.P_ROUND_CAP]:
        finish(state, params, L.END_CAP)
    else:
        for s in range(P):  # depleted players are back in Cleanup
            state[seat_offset(s) + L.S_DEPLETED] = 0
        state[L.STAGE] = L.S_RELOAD
        state[L.SUB] = 0


@row_kernel
def reload_phase(state, params):
    """Reload (variant): each seat in turn order may trade Supplies for Bullets."""
    P = params[L.P_NUM_PLAYERS]
    if state[L.SUB] == P or params[L.P_RELOAD_ON] == 0:
        state[L.STAGE] = L.S_CLEANUP
        return
    seat = (state[L.FIRST] + state[L.SUB]) % P
    state[L.SUB] += 1
    push(state, L.T_RELOAD, 0, seat, 0)


@row_kernel
def trade_order(state, params):
    """Valid bidders (value >= 1) into ORDER, highest first, ties in turn order (EH-TRADE-09)."""
    P = params[L.P_NUM_PLAYERS]
    done = 0
    n = 0
    while True:
        best = -1
        bv = 0
        for d in range(P):
            s = (state[L.FIRST] + d) % P
            if (done >> s) & 1:
                continue
            v = bid_value(state, params, seat_offset(s))
            if v >= 1 and v > bv:
                best = s
                bv = v
        if best < 0:
            break
        done |= 1 << best
        state[L.ORDER + n] = best
        n += 1
    state[L.ORDER_N] = n


@row_kernel
def resolve_event_bid(state, params):
    """Commodity bidding: reveal, pay every bid to the reserve, reward the highest bidder,
    punish the lowest (ties in turn order, EH-SCEN3-09)."""
    P = params[L.P_NUM_PLAYERS]
    ev = state[L.EV_CUR]
    e0 = L.P_EVENTS + ev * L.EF_N
    state[L.EBID_REVEALED] = 1
    first = -1
    last = -1
    cnt = 0
    for d in range(P):
        s = (state[L.FIRST] + d) % P
        if not (state[L.EBID_DONE] >> s) & 1:
            continue
        cnt += 1
        b = state[seat_offset(s) + L.S_EBID]
        if first < 0 or b > state[seat_offset(first) + L.S_EBID]:
            first = s
        if last < 0 or b <= state[seat_offset(last) + L.S_EBID]:
            last = s
    for s in range(P):
        if not (state[L.EBID_DONE] >> s) & 1:
            continue
        o = seat_offset(s)
        b = state[o + L.S_EBID]
        if params[e0 + L.EF_COMMODITY] == L.CM_LIFE:
            lose_life(state, o, b)
        else:
            for _ in range(b):  # Bullets come off the most loaded Weapon first
                best = -1
                for c in range(state[o + L.S_COL_N]):
                    if state[o + L.S_COL_BUL + c] > 0 and (
                            best < 0 or state[o + L.S_COL_BUL + c] > state[o + L.S_COL_BUL + best]):
                        best = c
                if best >= 0:
                    state[o + L.S_COL_BUL + best] -= 1
                    state[L.BULLETS] += 1
    if cnt >= 2 and last != first:
        push_pairs(state, params, last, e0 + L.EF_LAST, 2)
    if first >= 0:
        push_pairs(state, params, first, e0 + L.EF_FIRST, 2)


@row_kernel
def cleanup(state, params, rng):
    P = params[L.P_NUM_PLAYERS]
    # steps 1-2: untaken piles grow, taken piles are replaced
    for p in range(P + 1):
        if (state[L.TAKEN] >> p) & 1:
            add = params[L.P_NEW_PILE]
        else:
            add = params[L.P_PILE_ADD]
        for _ in range(add):
            k = main_draw(state, rng)
            if k >= 0:
                pile_add(state, p, k)
    state[L.TAKEN] = 0
    # steps 3-5: the Unlucky Survivor leaves, the Row slides right and refills
    u = state[L.UNLUCKY]
    if u >= 0 and state[L.ROW + u] >= 0:
        state[L.ROW + u] = -1
    j = L.ROW_LEN - 1
    for i in range(L.ROW_LEN - 1, -1, -1):
        k = state[L.ROW + i]
        if k >= 0:
            state[L.ROW + i] = -1
            state[L.ROW + j] = k
            j -= 1
    while j >= 0 and state[L.SDECK_N] > 0:
        state[L.SDECK_N] -= 1
        state[L.ROW + j] = state[L.SDECK + state[L.SDECK_N]]
        state[L.SDECK + state[L.SDECK_N]] = -1
        j -= 1
    state[L.UNLUCKY] = L.ROW_LEN - 1 if state[L.ROW + L.ROW_LEN - 1] >= 0 else -1
    # step 6: First Player token; step 7: empty Life Pools refill
    state[L.FIRST] = (state[L.FIRST] + 1) % P
    for s in range(P):
        o = seat_offset(s)
        if state[o + L.S_LIFE] == 0:
            state[o + L.S_LIFE] = params[L.P_REFILL_LIFE]
        for c in range(state[o + L.S_COL_N]):  # once-per-round abilities reset (EH-CLEANUP-09)
            state[o + L.S_COL_TAP + c] = 0


@row_kernel
def finish(state, params, reason):
    """Game end: end-game SP, then most SP, most Survivors, most supplies; else shared."""
    P = params[L.P_NUM_PLAYERS]
    for s in range(P):
        o = seat_offset(s)
        state[o + L.S_SP] += end_bonus(state, params, o)
    best = -1
    mask = 0
    b0 = 0
    b1 = 0
    b2 = 0
    for s in range(P):
        o = seat_offset(s)
        k0 = state[o + L.S_SP]
        k1 = survivors_in_colony(state, params, o)
        k2 = total_supplies(state, params, o, params[L.P_TIEBREAK_UNBUILT])
        if best < 0 or (k0, k1, k2) > (b0, b1, b2):
            best = s
            b0, b1, b2 = k0, k1, k2
            mask = 1 << s
        elif (k0, k1, k2) == (b0, b1, b2):
            mask |= 1 << s
    state[L.WIN_MASK] = mask
    state[L.END] = reason
    state[L.SP_ENDED] = 1 if reason == L.END_SP else 0
    state[L.STAGE] = L.S_DONE
    state[L.DEC] = 0


# ---- setup ---------------------------------------------------------------------------------
@row_kernel
def _collect(params, out, n, mask, want_survivors):
    """Append every card (with multiplicity) of the packs in ``mask`` to out[n:]."""
    for k in range(L.MAX_KINDS):
        o = L.P_CARDS + k * L.KF_N
        ty = params[o + L.KF_TYPE]
        if (params[o + L.KF_COUNT] == 0 or ty == L.TY_COLONY
                or (ty == L.TY_SURVIVOR) != want_survivors):
            continue
        if (mask >> params[o + L.KF_PACK]) & 1:
            for _ in range(params[o + L.KF_COUNT]):
                out[n] = k
                n += 1
    return n


@row_kernel
def _remove_random(params, arr, n, ty, count, rng):
    """Remove ``count`` random cards of type ``ty`` (-1 any) from arr[:n]; returns the new n."""
    for _ in range(count):
        m = 0
        for i in range(n):
            if ty < 0 or params[L.P_CARDS + arr[i] * L.KF_N + L.KF_TYPE] == ty:
                m += 1
        if m == 0:
            break
        r = randint(rng, m)
        for i in range(n):
            if ty < 0 or params[L.P_CARDS + arr[i] * L.KF_N + L.KF_TYPE] == ty:
                if r == 0:
                    arr[i] = arr[n - 1]
                    n -= 1
                    break
                r -= 1
    return n


@njit(cache=True)
def init(state, params, rng):
    P = params[L.P_NUM_PLAYERS]
    for i in range(state.shape[0]):
        state[i] = 0
    scen = params[L.P_SCENARIO]
    state[L.FIRST] = randint(rng, P)
    plot = scen if scen < 3 else randint(rng, 3)
    loc = 3 + (scen if scen < 3 else randint(rng, 3))
    state[L.PLOT] = plot
    state[L.LOCATION] = loc
    fa = params[L.P_FIREARMS]
    if fa == 2:
        fa = 1 if (plot >= 1 or loc >= 4) else 0
    state[L.FIREARMS] = fa
    state[L.BULLETS] = params[L.P_BULLET_RESERVE]
    # empty zones hold -1
    fill_empty(state)
    deal_players(state, params, fa, rng)  # setup: starting deck, Life, Firearm
    setup_survivors(state, params, rng)  # the Survivor deck and the Row
    setup_main_deck(state, params, scen, plot, rng)  # the Main deck and the Trade piles
    setup_event_deck(state, params, scen, plot, loc, rng)
    state[L.STAGE] = L.S_ROUND_START
    settle(state, params, rng)


@njit(cache=True)
def deal_players(state, params, fa, rng):
    """Each seat: Life, the shuffled starting deck, the opening hand, and the Firearm
    Colony card with its Bullets where Firearms are in play."""
    P = params[L.P_NUM_PLAYERS]
    start = np.empty(L.OWN_CAP, np.int32)
    ns = _collect_start(params, start)
    for s in range(P):
        o = seat_offset(s)
        state[o + L.S_LIFE] = params[L.P_START_LIFE]
        for i in range(ns):
            state[o + L.S_DECK + i] = start[i]
        state[o + L.S_DECK_N] = ns
        shuffle(rng, state[o + L.S_DECK:o + L.S_DECK + ns], ns)
        for _ in range(params[L.P_START_HAND]):
            if state[o + L.S_DECK_N] > 0:
                draw_one(state, o)
        if fa:
            c = colony_add(state, o, params[L.P_FIREARM_KIND], 1)
            b = params[L.P_FIREARM_START]
            if b > state[L.BULLETS]:
                b = state[L.BULLETS]
            state[o + L.S_COL_BUL + c] = b
            state[L.BULLETS] -= b


@njit(cache=True)
def setup_survivors(state, params, rng):
    """The Survivor deck (old packs less the removed cards, plus the new ones, at most
    40, shuffled) and the five-slot Survivor Row dealt from it; the Unlucky token."""
    sv = np.empty(64, np.int32)
    n = _collect(params, sv, 0, params[L.P_SURV_OLD], True)
    n = _remove_random(params, sv, n, -1, params[L.P_SURV_REMOVE], rng)
    n = _collect(params, sv, n, params[L.P_SURV_NEW], True)
    if n > 40:
        n = 40
    shuffle(rng, sv, n)
    for i in range(n):
        state[L.SDECK + i] = sv[i]
    state[L.SDECK_N] = n
    for i in range(L.ROW_LEN):
        if state[L.SDECK_N] > 0:
            state[L.SDECK_N] -= 1
            state[L.ROW + i] = state[L.SDECK + state[L.SDECK_N]]
            state[L.SDECK + state[L.SDECK_N]] = -1
    state[L.UNLUCKY] = L.ROW_LEN - 1 if state[L.ROW + L.ROW_LEN - 1] >= 0 else -1


@njit(cache=True)
def setup_main_deck(state, params, scen, plot, rng):
    """The Main deck (with the story's pack in Scenario 3, less the removed cards,
    shuffled) and the starting Trade piles, one per seat plus one."""
    P = params[L.P_NUM_PLAYERS]
    md = np.empty(256, np.int32)
    n = _collect(params, md, 0, params[L.P_MAIN_OLD], False)
    if scen == 3 and plot >= 1:
        # a custom story takes a few of its Plot pack's Action and Building cards at random
        m = _collect(params, md, n, 1 << (L.PK_S1 + plot), False)
        k = n
        for i in range(n, m):
            ty = params[L.P_CARDS + md[i] * L.KF_N + L.KF_TYPE]
            if ty == L.TY_ACTION or ty == L.TY_BUILDING:
                md[k] = md[i]
                k += 1
        shuffle(rng, md[n:k], k - n)
        take = params[L.P_PLOT_CARDS]
        n += min(k - n, take)
    n = _remove_random(params, md, n, L.TY_ACTION, params[L.P_ACT_REMOVE], rng)
    n = _remove_random(params, md, n, L.TY_BUILDING, params[L.P_BLD_REMOVE], rng)
    n = _collect(params, md, n, params[L.P_MAIN_NEW], False)
    n = _remove_random(params, md, n, L.TY_SUPPLY, params[L.P_SUPPLY_REMOVE], rng)
    shuffle(rng, md, n)
    for i in range(n):
        state[L.MAIN + i] = md[i]
    state[L.MAIN_N] = n
    for p in range(P + 1):
        for _ in range(params[L.P_PILE_START]):
            k = main_draw(state, rng)
            if k >= 0:
                pile_add(state, p, k)


@njit(cache=True)
def setup_event_deck(state, params, scen, plot, loc, rng):
    """The Event deck: the scenario's fixed Events (with the shuffled Longer Game extras),
    or for a custom story a shuffled mix of the plot and location decks (EH-STORY-06)."""
    ne = params[L.P_NUM_EVENTS]
    extra = params[L.P_LONGER_EXTRA]
    if scen < 3:
        for i in range(ne - extra):
            state[L.EVENTS + i] = params[L.P_SCEN_EVENTS + i]
        for i in range(extra):
            state[L.EVENTS + ne - extra + i] = params[L.P_LONGER_EVENTS + i]
        shuffle(rng, state[L.EVENTS + ne - extra:L.EVENTS + ne], extra)
    else:
        ev = np.empty(12, np.int32)
        for i in range(L.DECK_EVENTS):
            ev[i] = params[L.P_DECK_EVENTS + plot * L.DECK_EVENTS + i]
            ev[L.DECK_EVENTS + i] = params[L.P_DECK_EVENTS + loc * L.DECK_EVENTS + i]
        # one random card out of each deck, shuffle the 10, one more out (EH-STORY-06)
        r = randint(rng, L.DECK_EVENTS)
        t = ev[r]
        ev[r] = ev[L.DECK_EVENTS - 1]
        ev[L.DECK_EVENTS - 1] = t
        r = L.DECK_EVENTS + randint(rng, L.DECK_EVENTS)
        t = ev[r]
        ev[r] = ev[11]
        ev[11] = t
        t = ev[L.DECK_EVENTS - 1]
        ev[L.DECK_EVENTS - 1] = ev[10]
        ev[10] = t  # set-aside cards now at 10, 11
        shuffle(rng, ev, 10)
        # the last of the shuffled ten is the third card set aside
        state[L.EV_REMOVED] = ev[9]
        state[L.EV_REMOVED + 1] = ev[10]
        state[L.EV_REMOVED + 2] = ev[11]
        base = ne - extra
        for i in range(base):
            state[L.EVENTS + i] = ev[i]
        rem = np.empty(3, np.int32)
        for i in range(3):
            rem[i] = state[L.EV_REMOVED + i]
        shuffle(rng, rem, 3)
        for i in range(extra):
            state[L.EVENTS + base + i] = rem[i]
    state[L.EV_N] = ne


@row_kernel
def _collect_start(params, out):
    n = 0
    for k in range(L.MAX_KINDS):
        o = L.P_CARDS + k * L.KF_N
        if params[o + L.KF_PACK] == L.PK_START and params[o + L.KF_TYPE] != L.TY_COLONY:
            for _ in range(params[o + L.KF_COUNT]):
                out[n] = k
                n += 1
    return n


@row_kernel
def fill_empty(state):
    """-1 in every card zone (card ids are >= 0); counts stay 0."""
    for i in range(L.EVENTS, L.SEAT0):
        if i < L.PILE_N or i >= L.PILE_N + L.MAX_PILES:
            state[i] = -1
    for s in range(L.MAX_P):
        o = L.SEAT0 + s * L.SEAT_SZ
        for i in range(o + L.S_HAND, o + L.S_COL_DONE):
            state[i] = -1
        for i in range(o + L.S_UNDER_KIND, o + L.SEAT_SZ):
            state[i] = -1


# ---- the game contract ------------------------------------------------------------------------
@row_kernel
def current_player(state, params):
    return state[L.CUR]


@row_kernel
def is_terminal(state, params):
    return state[L.END] != L.END_PLAYING


@row_kernel
def legal_actions(state, params, out):
    if state[L.END] != L.END_PLAYING:
        return 0
    n = state[L.LEG_N]
    for i in range(n):
        out[i] = state[L.LEG + i]
    return n


@row_kernel
def step(state, params, action, rng):
    state[L.MOVES] += 1
    state[L.CHOICE] = action
    state[L.READY] = 1
    settle(state, params, rng)


@row_kernel
def returns(state, params, out):
    mask_returns(state[L.WIN_MASK], params[L.P_NUM_PLAYERS], out)


@row_kernel
def scores(state, params, out):
    for s in range(params[L.P_NUM_PLAYERS]):
        out[s] = state[seat_offset(s) + L.S_SP]


@row_kernel
def info(state, params, out):
    P = params[L.P_NUM_PLAYERS]
    out[0] = state[L.ROUND]
    out[1] = state[L.END]
    out[2] = state[L.SP_ENDED]
    b = 0
    r = 0
    m = 0
    for s in range(P):
        o = seat_offset(s)
        b += buildings_done(state, params, o)
        r += state[o + L.S_RECRUITS]
        if state[o + L.S_SP] > m:
            m = state[o + L.S_SP]
    out[3] = b
    out[4] = r
    out[5] = m
    out[6] = state[L.DEPLETIONS]
    # the token passes once per finished round, so the first player of round 1 is:
    out[7] = (state[L.FIRST] - (state[L.ROUND] - 1)) % P


@row_kernel
def simultaneous(state, params):
    """The round of hidden simultaneous choices the seat to act is in (search must not let
    it see the others' choices of that round), or 0: round r's commodity bids are round
    2r + 1, its Trade bids 2r + 2."""
    n = state[L.TK_N]
    if state[L.END] != L.END_PLAYING or n <= 0:
        return 0
    code = state[L.TASKS + 4 * (n - 1)]
    if code == L.T_EBID:
        return 2 * state[L.ROUND] + 1
    if code == L.T_BID:
        return 2 * state[L.ROUND] + 2
    return 0


@njit(cache=True)
def determinize(state, params, observer, rng):
    """Re-draw what ``observer`` cannot see, consistently with what it has seen.

    * its own Draw deck order;
    * every other seat's hand, Draw deck and (while unrevealed) Trade bid: the cards are
      pooled and dealt again keeping the public counts, the bid chosen from the dealt hand
      and bid by the scripted personas' rule (simcore/humanity/guess.py
      ``trade_bid_cards``: cheap cards with a Trade value), not dealt at random;
    * unrevealed commodity bids of the other seats: the bid of a scripted persona drawn
      at random (simcore/humanity/guess.py: by the Event's stakes, from public facts),
      not uniform over the legal range, which spreads them over bids nobody makes;
    * the Main deck and Survivor deck orders;
    * the unrevealed Events (:func:`_redraw_events`): the players place every Event deck
      face down without looking at it, so its order is never known.
    """
    if state[L.END] != L.END_PLAYING:
        return
    P = params[L.P_NUM_PLAYERS]
    pool = np.empty(2 * L.OWN_CAP + 8, np.int32)
    for s in range(P):
        o = seat_offset(s)
        nd = state[o + L.S_DECK_N]
        if s == observer:
            shuffle(rng, state[o + L.S_DECK:o + L.S_DECK + nd], nd)
            continue
        nh = state[o + L.S_HAND_N]
        nb = state[o + L.S_BID_N] if state[L.BIDS_REVEALED] == 0 else 0
        n = 0
        for i in range(nh):
            pool[n] = state[o + L.S_HAND + i]
            n += 1
        for i in range(nb):
            pool[n] = state[o + L.S_BIDC + i]
            n += 1
        for i in range(nd):
            pool[n] = state[o + L.S_DECK + i]
            n += 1
        shuffle(rng, pool, n)
        n = 0
        if nb > 0:  # the bid: the persona's choice from the hand it was made from
            trade_bid_cards(params, pool, nh + nb, nb, state[o + L.S_LIFE], rng)
            for i in range(nb):
                state[o + L.S_BIDC + i] = pool[n]
                n += 1
        for i in range(nh):
            state[o + L.S_HAND + i] = pool[n]
            n += 1
        for i in range(nd):
            state[o + L.S_DECK + i] = pool[n]
            n += 1
        if state[L.EBID_REVEALED] == 0 and (state[L.EBID_DONE] >> s) & 1 and state[L.EV_CUR] >= 0:
            lo, hi = _ebid_range(state, params, o)
            state[o + L.S_EBID] = commodity_bid(state, params, o,
                                                randint(rng, NUM_PERSONAS), rng, lo, hi)
    nm = state[L.MAIN_N]
    shuffle(rng, state[L.MAIN:L.MAIN + nm], nm)
    ns = state[L.SDECK_N]
    shuffle(rng, state[L.SDECK:L.SDECK + ns], ns)
    _redraw_events(state, params, rng)


@njit(cache=True)
def _redraw_events(state, params, rng):
    """The unrevealed part of the Event deck, as the players know it.

    A scenario's Events are known, their order is not ("Carefully place this new Event
    deck face down without looking at it"): the unrevealed scenario Events are shuffled,
    and the Longer Game extras (shuffled onto its end) among themselves.  A custom story's
    deck is 9 of the 12 plot and location Events, the 3 set aside being one of each deck
    and one more (EH-STORY-06): every such 3 not yet seen is equally likely, so the set
    aside cards are drawn again (3 of the unseen, not all from one deck) and the other
    unseen cards dealt in random order (with the Longer Game, the set-aside 3 are its
    extras, at the end of the deck)."""
    ptr = state[L.EV_PTR]
    ne = state[L.EV_N]
    base = ne - params[L.P_LONGER_EXTRA]
    if params[L.P_SCENARIO] < 3 or ptr >= base:
        lo = ptr
        if lo < base:
            shuffle(rng, state[L.EVENTS + lo:L.EVENTS + base], base - lo)
            lo = base
        if lo < ne:
            shuffle(rng, state[L.EVENTS + lo:L.EVENTS + ne], ne - lo)
        return
    # custom story, set-aside cards not yet all known: the 12 candidates less those seen
    unseen = np.empty(2 * L.DECK_EVENTS, np.int32)
    nu = 0
    for d in range(2):
        deck = state[L.PLOT] if d == 0 else state[L.LOCATION]
        for i in range(L.DECK_EVENTS):
            c = params[L.P_DECK_EVENTS + deck * L.DECK_EVENTS + i]
            seen = False
            for j in range(ptr):
                if state[L.EVENTS + j] == c:
                    seen = True
            if not seen:
                unseen[nu] = c
                nu += 1
    pd = L.P_DECK_EVENTS + state[L.PLOT] * L.DECK_EVENTS
    while True:  # the first 3 after a shuffle: set aside, unless all from one deck
        shuffle(rng, unseen, nu)
        n_plot = 0
        for i in range(3):
            for j in range(L.DECK_EVENTS):
                if unseen[i] == params[pd + j]:
                    n_plot += 1
        if 0 < n_plot < 3:
            break
    for i in range(3):
        state[L.EV_REMOVED + i] = unseen[i]
    k = 3
    for i in range(ptr, base):
        state[L.EVENTS + i] = unseen[k]
        k += 1
    for i in range(base, ne):
        state[L.EVENTS + i] = unseen[i - base]


# ---- position value ------------------------------------------------------------------------
@row_kernel
def _worth(state, params, o):
    """A seat's expected final SP, roughly: SP now, end-game SP of the Colony, a share of a
    partial Building's SP by the Supplies already on it, a little for Supplies in hand (the
    next Building) and Survivors (tie-break), less for a depleted or nearly dead seat."""
    w = 1.0 * (state[o + L.S_SP] + end_bonus(state, params, o))
    sv = 0
    for i in range(state[o + L.S_HAND_N]):
        k = state[o + L.S_HAND + i]
        if card_field(params, k, L.KF_TYPE) == L.TY_SUPPLY:
            sv += card_field(params, k, L.KF_SUPPLY)
    w += 0.15 * sv
    for c in range(state[o + L.S_COL_N]):
        k = state[o + L.S_COL_KIND + c]
        ty = card_field(params, k, L.KF_TYPE)
        if ty == L.TY_BUILDING and not state[o + L.S_COL_DONE + c]:
            cost = card_field(params, k, L.KF_COST)
            if cost > 0:
                f = state[o + L.S_COL_PLACED + c] / cost
                if f > 1.0:
                    f = 1.0
                w += 0.6 * f * card_field(params, k, L.KF_SP)
        elif ty == L.TY_SURVIVOR:
            w += 0.2
    if state[o + L.S_DEPLETED]:
        w -= 1.0
    elif state[o + L.S_LIFE] <= 1:
        w -= 0.4
    return w


@row_kernel
def evaluate(state, params, out):
    """Each seat's chance of winning from this position, in [0, 1] and summing to 1: a
    softmax of the seats' rough final SP (``_worth``) whose sharpness grows as the leader
    nears the SP goal or the Events run out; a finished game gives ``returns``."""
    P = params[L.P_NUM_PLAYERS]
    if state[L.END] != L.END_PLAYING:
        returns(state, params, out)
        return
    best = -1e9
    for s in range(P):
        v = _worth(state, params, seat_offset(s))
        out[s] = v
        if v > best:
            best = v
    goal = params[L.P_SP_GOAL]
    prog = best / goal if goal > 0 else 0.0
    evn = state[L.EV_N]
    if evn > 0:
        pe = state[L.EV_PTR] / evn
        if pe > prog:
            prog = pe
    if prog > 1.0:
        prog = 1.0
    if prog < 0.0:
        prog = 0.0
    k = 0.35 + 1.25 * prog
    t = 0.0
    for s in range(P):
        e = np.exp(k * (out[s] - best))
        out[s] = e
        t += e
    for s in range(P):
        out[s] = out[s] / t
