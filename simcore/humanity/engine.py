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

from simcore.humanity.kinds import action_kind  # noqa: F401  (SPEC.action_kinds)
from simcore.humanity.layout import (
    MOVES, S_RECRUITS, DEPLETIONS, S_HAND_N, P_EV_SHUFFLED,
    ACT_SEAT, ACTIONS, ACTS_TAKEN, BID_DONE, BIDS_REVEALED, BULLETS, CHOICE, CM_LIFE, CUR,
    DEC, DECK_EVENTS, E_EXTRA_ACTION, E_TRADE_BONUS, EBID_DONE, EBID_REVEALED,
    EF_COMMODITY, EF_FIRST, EF_KIND, EF_LAST, EF_N, EF_PICKS, EK_BID, END, END_CAP, END_EVENTS,
    END_PLAYING, END_SP, EV_CUR, EV_N, EV_PTR, EV_REMOVED, EVENTS, FIREARMS, MAX_P, MAX_PILES, SEAT0, SEAT_SZ,
    S_COL_DONE, S_UNDER_KIND, FIRST, KF_COST, KF_SP, KF_SUPPLY, S_COL_KIND, S_COL_PLACED,
    KF_COUNT, KF_N, KF_PACK, KF_TRADE, KF_TYPE, LEG, LEG_N, LOCATION, MAIN, MAIN_N, MAX_KINDS,
    ORDER, ORDER_N, OWN_CAP, P_ACT_REMOVE, P_ACTION_CAP, P_BLD_REMOVE, P_BULLET_RESERVE,
    P_CARDS, P_DECK_EVENTS, P_EVENTS, P_FIREARM_KIND, P_FIREARM_START,
    P_FIREARMS, P_LONGER_EVENTS, P_LONGER_EXTRA, P_MAIN_NEW, P_MAIN_OLD, P_NEW_PILE,
    P_NO_EVENTS, P_NUM_EVENTS, P_NUM_PLAYERS, P_PILE_ADD, P_PILE_START, P_REFILL_LIFE,
    P_RELOAD_ON, P_ROUND_CAP, P_SCEN_EVENTS, P_SCENARIO, P_SP_GOAL, P_START_HAND,
    P_START_LIFE, P_SUPPLY_REMOVE, P_SURV_NEW, P_SURV_OLD, P_SURV_REMOVE, P_TIEBREAK_UNBUILT,
    PICK_IDX, PILE_N, PK_S1, PK_START, PLOT, READY, ROUND, ROW, ROW_LEN,
    S_ACTION, S_BID_N, S_BIDC, S_CLEANUP, S_COL_BUL, S_COL_N, S_COL_TAP, S_DECK, S_DECK_N,
    S_DEPLETED, S_DONE, S_EBID, S_END_CHECK, S_EVENT, S_EVENT_BID, S_HAND, S_LIFE,
    S_RECRUIT, S_RELOAD, S_ROUND_START, S_SP, S_TRADE, S_TRADE_PICK,
    S_TRADE_REVEAL, SDECK, SDECK_N, SP_ENDED, STAGE, SUB, T_BID, T_EBID, T_END_TURN, T_EVENT,
    T_MENU, T_PICK, T_RECRUIT, T_RELOAD, TAKEN, TASKS, TK_N, TY_ACTION, TY_BUILDING,
    TY_COLONY, TY_SUPPLY, TY_SURVIVOR, UNLUCKY, WIN_MASK,
)
from simcore.humanity.table import (
    buildings_done,
    colony_add, draw_one, end_bonus, kf, lose_life, main_draw,
    passive, pile_add, so, survivors_in_colony, total_supplies, trash,
)
from simcore.humanity.tasks import (
    ebid_range as _ebid_range,
    apply_task, auto_task, legal_task, pop, push, push_pairs,
)
from simcore.rng import randint, shuffle


# ---- the round machine ---------------------------------------------------------------------
@njit(cache=True)
def settle(state, params, rng):
    """Run the game until a real decision waits or the game is over."""
    state[DEC] = 0
    while True:
        if state[END] != END_PLAYING:
            state[DEC] = 0
            state[LEG_N] = 0
            return
        if state[READY]:
            state[READY] = 0
            apply_task(state, params, state[CHOICE], rng)
            continue
        if state[TK_N] == 0:
            advance(state, params, rng)
            continue
        t = TASKS + 4 * (state[TK_N] - 1)
        seat = state[t + 2]
        if state[so(seat) + S_DEPLETED] and state[t] != T_END_TURN:
            pop(state)  # a depleted Life Pool takes no further part this round (EH-RULES-04)
            continue
        n = legal_task(state, params)
        if n == 0:
            auto_task(state, params, rng)
        elif n == 1:
            apply_task(state, params, state[LEG], rng)
        else:
            state[CUR] = seat
            state[DEC] = 1
            state[LEG_N] = n
            return


@njit(cache=True)
def bid_value(state, params, o):
    """Trade values of the cards bid; a valid bid (>= 1) gains the trade-bonus passives."""
    v = 0
    for i in range(state[o + S_BID_N]):
        v += kf(params, state[o + S_BIDC + i], KF_TRADE)
    if v >= 1:
        v += passive(state, params, o, E_TRADE_BONUS)
    return v


@njit(cache=True)
def advance(state, params, rng):
    P = params[P_NUM_PLAYERS]
    st = state[STAGE]
    if st == S_ROUND_START:
        state[ROUND] += 1
        ev = -1
        if params[P_NO_EVENTS] == 0 and state[EV_PTR] < state[EV_N]:
            ev = state[EVENTS + state[EV_PTR]]
        state[EV_PTR] += 1  # Event cards count the rounds even without Events (EH-VARIANT-03)
        state[EV_CUR] = ev
        state[EBID_DONE] = 0
        state[EBID_REVEALED] = 0
        state[SUB] = 0
        state[STAGE] = S_EVENT if ev >= 0 else S_ACTION
    elif st == S_EVENT:
        ev = state[EV_CUR]
        bid = params[P_EVENTS + ev * EF_N + EF_KIND] == EK_BID
        if state[SUB] == P:
            state[SUB] = 0
            state[STAGE] = S_EVENT_BID if bid else S_ACTION
            return
        seat = (state[FIRST] + state[SUB]) % P
        state[SUB] += 1
        if not state[so(seat) + S_DEPLETED]:
            if bid:
                push(state, T_EBID, 0, seat, 0)
            else:
                push(state, T_EVENT, params[P_EVENTS + ev * EF_N + EF_PICKS], seat, 0)
    elif st == S_EVENT_BID:
        resolve_event_bid(state, params)
        state[STAGE] = S_ACTION
        state[SUB] = 0
    elif st == S_ACTION:
        if state[SUB] == P:
            state[SUB] = 0
            state[STAGE] = S_TRADE
            state[BID_DONE] = 0
            state[BIDS_REVEALED] = 0
            return
        seat = (state[FIRST] + state[SUB]) % P
        state[SUB] += 1
        o = so(seat)
        if not state[o + S_DEPLETED]:
            state[ACT_SEAT] = seat
            state[ACTS_TAKEN] = 0
            a = 1 + passive(state, params, o, E_EXTRA_ACTION)
            cap = params[P_ACTION_CAP]
            state[ACTIONS] = a if a < cap else cap
            push(state, T_END_TURN, 0, seat, 0)
            push(state, T_MENU, 0, seat, 0)
    elif st == S_TRADE:
        if state[SUB] == P:
            state[STAGE] = S_TRADE_REVEAL
            return
        seat = (state[FIRST] + state[SUB]) % P
        state[SUB] += 1
        if not state[so(seat) + S_DEPLETED]:
            push(state, T_BID, 0, seat, 0)
    elif st == S_TRADE_REVEAL:
        trade_order(state, params)
        state[BIDS_REVEALED] = 1
        state[PICK_IDX] = 0
        state[STAGE] = S_TRADE_PICK
    elif st == S_TRADE_PICK:
        if state[PICK_IDX] >= state[ORDER_N]:
            for s in range(P):  # every bid card is trashed (EH-TRADE-10)
                o = so(s)
                for i in range(state[o + S_BID_N]):
                    trash(state, state[o + S_BIDC + i])
                    state[o + S_BIDC + i] = -1
                state[o + S_BID_N] = 0
            state[STAGE] = S_RECRUIT
            state[SUB] = 0
            return
        push(state, T_PICK, 0, state[ORDER + state[PICK_IDX]], 0)
        state[PICK_IDX] += 1
    elif st == S_RECRUIT:
        if state[SUB] == P:
            state[STAGE] = S_END_CHECK
            return
        seat = (state[FIRST] + state[SUB]) % P
        state[SUB] += 1
        if not state[so(seat) + S_DEPLETED]:
            push(state, T_RECRUIT, 0, seat, 0)
    elif st == S_END_CHECK:
        best = 0
        for s in range(P):
            if state[so(s) + S_SP] > best:
                best = state[so(s) + S_SP]
        if best >= params[P_SP_GOAL]:
            finish(state, params, END_SP)
        elif state[EV_PTR] >= state[EV_N]:
            finish(state, params, END_EVENTS)
        elif state[ROUND] >= params[P_ROUND_CAP]:
            finish(state, params, END_CAP)
        else:
            for s in range(P):  # depleted players are back in Cleanup
                state[so(s) + S_DEPLETED] = 0
            state[STAGE] = S_RELOAD
            state[SUB] = 0
    elif st == S_RELOAD:
        if state[SUB] == P or params[P_RELOAD_ON] == 0:
            state[STAGE] = S_CLEANUP
            return
        seat = (state[FIRST] + state[SUB]) % P
        state[SUB] += 1
        push(state, T_RELOAD, 0, seat, 0)
    elif st == S_CLEANUP:
        cleanup(state, params, rng)
        state[STAGE] = S_ROUND_START


@njit(cache=True)
def trade_order(state, params):
    """Valid bidders (value >= 1) into ORDER, highest first, ties in turn order (EH-TRADE-09)."""
    P = params[P_NUM_PLAYERS]
    done = 0
    n = 0
    while True:
        best = -1
        bv = 0
        for d in range(P):
            s = (state[FIRST] + d) % P
            if (done >> s) & 1:
                continue
            v = bid_value(state, params, so(s))
            if v >= 1 and v > bv:
                best = s
                bv = v
        if best < 0:
            break
        done |= 1 << best
        state[ORDER + n] = best
        n += 1
    state[ORDER_N] = n


@njit(cache=True)
def resolve_event_bid(state, params):
    """Commodity bidding: reveal, pay every bid to the reserve, reward the highest bidder,
    punish the lowest (ties in turn order, EH-SCEN3-09)."""
    P = params[P_NUM_PLAYERS]
    ev = state[EV_CUR]
    e0 = P_EVENTS + ev * EF_N
    state[EBID_REVEALED] = 1
    first = -1
    last = -1
    cnt = 0
    for d in range(P):
        s = (state[FIRST] + d) % P
        if not (state[EBID_DONE] >> s) & 1:
            continue
        cnt += 1
        b = state[so(s) + S_EBID]
        if first < 0 or b > state[so(first) + S_EBID]:
            first = s
        if last < 0 or b <= state[so(last) + S_EBID]:
            last = s
    for s in range(P):
        if not (state[EBID_DONE] >> s) & 1:
            continue
        o = so(s)
        b = state[o + S_EBID]
        if params[e0 + EF_COMMODITY] == CM_LIFE:
            lose_life(state, o, b)
        else:
            for _ in range(b):  # Bullets come off the most loaded Weapon first
                best = -1
                for c in range(state[o + S_COL_N]):
                    if state[o + S_COL_BUL + c] > 0 and (
                            best < 0 or state[o + S_COL_BUL + c] > state[o + S_COL_BUL + best]):
                        best = c
                if best >= 0:
                    state[o + S_COL_BUL + best] -= 1
                    state[BULLETS] += 1
    if cnt >= 2 and last != first:
        push_pairs(state, params, last, e0 + EF_LAST, 2)
    if first >= 0:
        push_pairs(state, params, first, e0 + EF_FIRST, 2)


@njit(cache=True)
def cleanup(state, params, rng):
    P = params[P_NUM_PLAYERS]
    # steps 1-2: untaken piles grow, taken piles are replaced
    for p in range(P + 1):
        if (state[TAKEN] >> p) & 1:
            add = params[P_NEW_PILE]
        else:
            add = params[P_PILE_ADD]
        for _ in range(add):
            k = main_draw(state, rng)
            if k >= 0:
                pile_add(state, p, k)
    state[TAKEN] = 0
    # steps 3-5: the Unlucky Survivor leaves, the Row slides right and refills
    u = state[UNLUCKY]
    if u >= 0 and state[ROW + u] >= 0:
        state[ROW + u] = -1
    j = ROW_LEN - 1
    for i in range(ROW_LEN - 1, -1, -1):
        k = state[ROW + i]
        if k >= 0:
            state[ROW + i] = -1
            state[ROW + j] = k
            j -= 1
    while j >= 0 and state[SDECK_N] > 0:
        state[SDECK_N] -= 1
        state[ROW + j] = state[SDECK + state[SDECK_N]]
        state[SDECK + state[SDECK_N]] = -1
        j -= 1
    state[UNLUCKY] = ROW_LEN - 1 if state[ROW + ROW_LEN - 1] >= 0 else -1
    # step 6: First Player token; step 7: empty Life Pools refill
    state[FIRST] = (state[FIRST] + 1) % P
    for s in range(P):
        o = so(s)
        if state[o + S_LIFE] == 0:
            state[o + S_LIFE] = params[P_REFILL_LIFE]
        for c in range(state[o + S_COL_N]):  # once-per-round abilities reset (EH-CLEANUP-09)
            state[o + S_COL_TAP + c] = 0


@njit(cache=True)
def finish(state, params, reason):
    """Game end: end-game SP, then most SP, most Survivors, most supplies; else shared."""
    P = params[P_NUM_PLAYERS]
    for s in range(P):
        o = so(s)
        state[o + S_SP] += end_bonus(state, params, o)
    best = -1
    mask = 0
    b0 = 0
    b1 = 0
    b2 = 0
    for s in range(P):
        o = so(s)
        k0 = state[o + S_SP]
        k1 = survivors_in_colony(state, params, o)
        k2 = total_supplies(state, params, o, params[P_TIEBREAK_UNBUILT])
        if best < 0 or (k0, k1, k2) > (b0, b1, b2):
            best = s
            b0, b1, b2 = k0, k1, k2
            mask = 1 << s
        elif (k0, k1, k2) == (b0, b1, b2):
            mask |= 1 << s
    state[WIN_MASK] = mask
    state[END] = reason
    state[SP_ENDED] = 1 if reason == END_SP else 0
    state[STAGE] = S_DONE
    state[DEC] = 0


# ---- setup ---------------------------------------------------------------------------------
@njit(cache=True)
def _collect(params, out, n, mask, want_survivors):
    """Append every card (with multiplicity) of the packs in ``mask`` to out[n:]."""
    for k in range(MAX_KINDS):
        o = P_CARDS + k * KF_N
        ty = params[o + KF_TYPE]
        if params[o + KF_COUNT] == 0 or ty == TY_COLONY or (ty == TY_SURVIVOR) != want_survivors:
            continue
        if (mask >> params[o + KF_PACK]) & 1:
            for _ in range(params[o + KF_COUNT]):
                out[n] = k
                n += 1
    return n


@njit(cache=True)
def _remove_random(params, arr, n, ty, count, rng):
    """Remove ``count`` random cards of type ``ty`` (-1 any) from arr[:n]; returns the new n."""
    for _ in range(count):
        m = 0
        for i in range(n):
            if ty < 0 or params[P_CARDS + arr[i] * KF_N + KF_TYPE] == ty:
                m += 1
        if m == 0:
            break
        r = randint(rng, m)
        for i in range(n):
            if ty < 0 or params[P_CARDS + arr[i] * KF_N + KF_TYPE] == ty:
                if r == 0:
                    arr[i] = arr[n - 1]
                    n -= 1
                    break
                r -= 1
    return n


@njit(cache=True)
def init(state, params, rng):
    P = params[P_NUM_PLAYERS]
    for i in range(state.shape[0]):
        state[i] = 0
    scen = params[P_SCENARIO]
    state[FIRST] = randint(rng, P)
    plot = scen if scen < 3 else randint(rng, 3)
    loc = 3 + (scen if scen < 3 else randint(rng, 3))
    state[PLOT] = plot
    state[LOCATION] = loc
    fa = params[P_FIREARMS]
    if fa == 2:
        fa = 1 if (plot >= 1 or loc >= 4) else 0
    state[FIREARMS] = fa
    state[BULLETS] = params[P_BULLET_RESERVE]
    # empty zones hold -1
    fill_empty(state)
    # players: starting deck, Life, Firearm
    start = np.empty(OWN_CAP, np.int32)
    ns = _collect_start(params, start)
    for s in range(P):
        o = so(s)
        state[o + S_LIFE] = params[P_START_LIFE]
        for i in range(ns):
            state[o + S_DECK + i] = start[i]
        state[o + S_DECK_N] = ns
        shuffle(rng, state[o + S_DECK:o + S_DECK + ns], ns)
        for _ in range(params[P_START_HAND]):
            if state[o + S_DECK_N] > 0:
                draw_one(state, o)
        if fa:
            c = colony_add(state, o, params[P_FIREARM_KIND], 1)
            b = params[P_FIREARM_START]
            if b > state[BULLETS]:
                b = state[BULLETS]
            state[o + S_COL_BUL + c] = b
            state[BULLETS] -= b
    # Survivor deck and Row
    sv = np.empty(64, np.int32)
    n = _collect(params, sv, 0, params[P_SURV_OLD], True)
    n = _remove_random(params, sv, n, -1, params[P_SURV_REMOVE], rng)
    n = _collect(params, sv, n, params[P_SURV_NEW], True)
    if n > 40:
        n = 40
    shuffle(rng, sv, n)
    for i in range(n):
        state[SDECK + i] = sv[i]
    state[SDECK_N] = n
    for i in range(ROW_LEN):
        if state[SDECK_N] > 0:
            state[SDECK_N] -= 1
            state[ROW + i] = state[SDECK + state[SDECK_N]]
            state[SDECK + state[SDECK_N]] = -1
    state[UNLUCKY] = ROW_LEN - 1 if state[ROW + ROW_LEN - 1] >= 0 else -1
    # Main deck
    md = np.empty(256, np.int32)
    mask = params[P_MAIN_OLD]
    if scen == 3 and plot >= 1:
        mask |= 1 << (PK_S1 + plot)
    n = _collect(params, md, 0, mask, False)
    n = _remove_random(params, md, n, TY_ACTION, params[P_ACT_REMOVE], rng)
    n = _remove_random(params, md, n, TY_BUILDING, params[P_BLD_REMOVE], rng)
    n = _collect(params, md, n, params[P_MAIN_NEW], False)
    n = _remove_random(params, md, n, TY_SUPPLY, params[P_SUPPLY_REMOVE], rng)
    shuffle(rng, md, n)
    for i in range(n):
        state[MAIN + i] = md[i]
    state[MAIN_N] = n
    for p in range(P + 1):
        for _ in range(params[P_PILE_START]):
            k = main_draw(state, rng)
            if k >= 0:
                pile_add(state, p, k)
    # Event deck
    ne = params[P_NUM_EVENTS]
    extra = params[P_LONGER_EXTRA]
    if scen < 3:
        for i in range(ne - extra):
            state[EVENTS + i] = params[P_SCEN_EVENTS + i]
        for i in range(extra):
            state[EVENTS + ne - extra + i] = params[P_LONGER_EVENTS + i]
        shuffle(rng, state[EVENTS + ne - extra:EVENTS + ne], extra)
    else:
        ev = np.empty(12, np.int32)
        for i in range(DECK_EVENTS):
            ev[i] = params[P_DECK_EVENTS + plot * DECK_EVENTS + i]
            ev[DECK_EVENTS + i] = params[P_DECK_EVENTS + loc * DECK_EVENTS + i]
        # one random card out of each deck, shuffle the 10, one more out (EH-STORY-06)
        r = randint(rng, DECK_EVENTS)
        t = ev[r]
        ev[r] = ev[DECK_EVENTS - 1]
        ev[DECK_EVENTS - 1] = t
        r = DECK_EVENTS + randint(rng, DECK_EVENTS)
        t = ev[r]
        ev[r] = ev[11]
        ev[11] = t
        t = ev[DECK_EVENTS - 1]
        ev[DECK_EVENTS - 1] = ev[10]
        ev[10] = t  # set-aside cards now at 10, 11
        shuffle(rng, ev, 10)
        # the last of the shuffled ten is the third card set aside
        state[EV_REMOVED] = ev[9]
        state[EV_REMOVED + 1] = ev[10]
        state[EV_REMOVED + 2] = ev[11]
        base = ne - extra
        for i in range(base):
            state[EVENTS + i] = ev[i]
        rem = np.empty(3, np.int32)
        for i in range(3):
            rem[i] = state[EV_REMOVED + i]
        shuffle(rng, rem, 3)
        for i in range(extra):
            state[EVENTS + base + i] = rem[i]
    state[EV_N] = ne
    state[STAGE] = S_ROUND_START
    settle(state, params, rng)


@njit(cache=True)
def _collect_start(params, out):
    n = 0
    for k in range(MAX_KINDS):
        o = P_CARDS + k * KF_N
        if params[o + KF_PACK] == PK_START and params[o + KF_TYPE] != TY_COLONY:
            for _ in range(params[o + KF_COUNT]):
                out[n] = k
                n += 1
    return n


@njit(cache=True)
def fill_empty(state):
    """-1 in every card zone (card ids are >= 0); counts stay 0."""
    for i in range(EVENTS, SEAT0):
        if i < PILE_N or i >= PILE_N + MAX_PILES:
            state[i] = -1
    for s in range(MAX_P):
        o = SEAT0 + s * SEAT_SZ
        for i in range(o + S_HAND, o + S_COL_DONE):
            state[i] = -1
        for i in range(o + S_UNDER_KIND, o + SEAT_SZ):
            state[i] = -1


# ---- the game contract ------------------------------------------------------------------------
@njit(cache=True)
def current_player(state, params):
    return state[CUR]


@njit(cache=True)
def is_terminal(state, params):
    return state[END] != END_PLAYING


@njit(cache=True)
def legal_actions(state, params, out):
    if state[END] != END_PLAYING:
        return 0
    n = state[LEG_N]
    for i in range(n):
        out[i] = state[LEG + i]
    return n


@njit(cache=True)
def step(state, params, action, rng):
    state[MOVES] += 1
    state[CHOICE] = action
    state[READY] = 1
    settle(state, params, rng)


@njit(cache=True)
def returns(state, params, out):
    P = params[P_NUM_PLAYERS]
    m = state[WIN_MASK]
    k = 0
    for s in range(P):
        if (m >> s) & 1:
            k += 1
    for s in range(P):
        out[s] = 1.0 / k if (k > 0 and (m >> s) & 1) else 0.0


@njit(cache=True)
def scores(state, params, out):
    for s in range(params[P_NUM_PLAYERS]):
        out[s] = state[so(s) + S_SP]


@njit(cache=True)
def info(state, params, out):
    P = params[P_NUM_PLAYERS]
    out[0] = state[ROUND]
    out[1] = state[END]
    out[2] = state[SP_ENDED]
    b = 0
    r = 0
    m = 0
    for s in range(P):
        o = so(s)
        b += buildings_done(state, params, o)
        r += state[o + S_RECRUITS]
        if state[o + S_SP] > m:
            m = state[o + S_SP]
    out[3] = b
    out[4] = r
    out[5] = m
    out[6] = state[DEPLETIONS]
    # the token passes once per finished round, so the first player of round 1 is:
    out[7] = (state[FIRST] - (state[ROUND] - 1)) % P


@njit(cache=True)
def determinize(state, params, observer, rng):
    """Re-draw what ``observer`` cannot see, consistently with what it has seen.

    * its own Draw deck order;
    * every other seat's hand, Draw deck and (while unrevealed) Trade bid: the cards are
      pooled and dealt again keeping the public counts;
    * unrevealed commodity bids of the other seats: uniform over their legal range;
    * the Main deck and Survivor deck orders;
    * the unrevealed Events where their order was shuffled (custom story, Longer Game).
    """
    if state[END] != END_PLAYING:
        return
    P = params[P_NUM_PLAYERS]
    pool = np.empty(2 * OWN_CAP + 8, np.int32)
    for s in range(P):
        o = so(s)
        nd = state[o + S_DECK_N]
        if s == observer:
            shuffle(rng, state[o + S_DECK:o + S_DECK + nd], nd)
            continue
        nh = state[o + S_HAND_N]
        nb = state[o + S_BID_N] if state[BIDS_REVEALED] == 0 else 0
        n = 0
        for i in range(nh):
            pool[n] = state[o + S_HAND + i]
            n += 1
        for i in range(nb):
            pool[n] = state[o + S_BIDC + i]
            n += 1
        for i in range(nd):
            pool[n] = state[o + S_DECK + i]
            n += 1
        shuffle(rng, pool, n)
        n = 0
        for i in range(nh):
            state[o + S_HAND + i] = pool[n]
            n += 1
        for i in range(nb):
            state[o + S_BIDC + i] = pool[n]
            n += 1
        for i in range(nd):
            state[o + S_DECK + i] = pool[n]
            n += 1
        if state[EBID_REVEALED] == 0 and (state[EBID_DONE] >> s) & 1 and state[EV_CUR] >= 0:
            lo, hi = _ebid_range(state, params, o)
            state[o + S_EBID] = lo + randint(rng, hi - lo + 1)
    nm = state[MAIN_N]
    shuffle(rng, state[MAIN:MAIN + nm], nm)
    ns = state[SDECK_N]
    shuffle(rng, state[SDECK:SDECK + ns], ns)
    if params[P_EV_SHUFFLED]:
        lo = state[EV_PTR]
        if params[P_SCENARIO] < 3:
            fixed = state[EV_N] - params[P_LONGER_EXTRA]
            if lo < fixed:
                lo = fixed
        if lo < state[EV_N]:
            shuffle(rng, state[EVENTS + lo:EVENTS + state[EV_N]], state[EV_N] - lo)


# ---- position value ------------------------------------------------------------------------
@njit(cache=True)
def _worth(state, params, o):
    """A seat's expected final SP, roughly: SP now, end-game SP of the Colony, a share of a
    partial Building's SP by the Supplies already on it, a little for Supplies in hand (the
    next Building) and Survivors (tie-break), less for a depleted or nearly dead seat."""
    w = 1.0 * (state[o + S_SP] + end_bonus(state, params, o))
    sv = 0
    for i in range(state[o + S_HAND_N]):
        k = state[o + S_HAND + i]
        if kf(params, k, KF_TYPE) == TY_SUPPLY:
            sv += kf(params, k, KF_SUPPLY)
    w += 0.15 * sv
    for c in range(state[o + S_COL_N]):
        k = state[o + S_COL_KIND + c]
        ty = kf(params, k, KF_TYPE)
        if ty == TY_BUILDING and not state[o + S_COL_DONE + c]:
            cost = kf(params, k, KF_COST)
            if cost > 0:
                f = state[o + S_COL_PLACED + c] / cost
                if f > 1.0:
                    f = 1.0
                w += 0.6 * f * kf(params, k, KF_SP)
        elif ty == TY_SURVIVOR:
            w += 0.2
    if state[o + S_DEPLETED]:
        w -= 1.0
    elif state[o + S_LIFE] <= 1:
        w -= 0.4
    return w


@njit(cache=True)
def evaluate(state, params, out):
    """Each seat's chance of winning from this position, in [0, 1] and summing to 1: a
    softmax of the seats' rough final SP (``_worth``) whose sharpness grows as the leader
    nears the SP goal or the Events run out; a finished game gives ``returns``."""
    P = params[P_NUM_PLAYERS]
    if state[END] != END_PLAYING:
        returns(state, params, out)
        return
    best = -1e9
    for s in range(P):
        v = _worth(state, params, so(s))
        out[s] = v
        if v > best:
            best = v
    goal = params[P_SP_GOAL]
    prog = best / goal if goal > 0 else 0.0
    evn = state[EV_N]
    if evn > 0:
        pe = state[EV_PTR] / evn
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
