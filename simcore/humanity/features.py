"""Edge of Humanity position features for the learned value (agents/value.py).

A race to the SP goal (11) over the Event deck's rounds (9): SP come from Buildings
(Supplies trashed under them) and recruited Survivors (Supplies trashed from hand), so what
decides a game is the SP already scored, the SP within reach (partial Buildings, Buildings
and Survivors owned, the Supplies to pay for them) and the time left.  For seat ``s`` of
``P``; "owned" is the seat's hand, Draw deck, Discard pile and played Action cards (not the
Supplies under a partial Building, nor s's own Trade bid, which is trashed whatever
happens).  A rival's hand, Draw deck and unrevealed bid are one pool to a determinization
(re-dealt keeping the counts), so a rival's owned cards include its bid until the bids are
revealed, and every rival feature reads owned totals, never a rival's hand: s's features
are the same in every determinization from s's view.  ``hand_*`` read s's own hand.
"The best rival" is the other seat with the most of that quantity (0 when P is 1)::

    sp             s's SP plus its end-game SP (Watchtower, Orphan...) over the SP goal
    sp_lead        (s's SP - the best rival's, both with end-game SP) over the goal
    sp_lead_late   sp_lead times progress: a lead counts for more as the game nears its end
    progress       Event cards revealed over the Event deck (the rounds played)
    leader_near    the most SP any seat holds over the goal (the game may end this round)
    partial        SP of s's partial Buildings times the share of their cost placed, / goal
    partial_lead   partial less the best rival's
    supply_owned   Supply value s owns, over 20
    supply_lead    (s's owned Supply value - the best rival's) over 20
    supply_density s's owned Supply value over the cards it owns
    build_owned    SP of the unbuilt Building cards s owns, over the goal
    build_lead     build_owned less the best rival's
    surv_owned     SP (with end-game SP) of the unrecruited Survivor cards s owns, / goal
    surv_lead      surv_owned less the best rival's
    action_cards   Action cards s owns, over 10 (the owned counts by type: a thin deck
                   cycles faster, and each new Draw deck rescues a Survivor from the Row)
    engine_cards   of them, those that draw, loot or give actions, over 10
    supply_cards   Supply cards s owns, over 10
    build_cards    Building cards s owns (unbuilt), over 5
    surv_cards     Survivor cards s owns (unrecruited), over 5
    hand_supply    Supply value in s's hand, over 10
    hand_build     SP of the best Building in s's hand its hand's Supplies pay for, over 4
    hand_recruit   SP of the best Survivor in s's hand its Supplies recruit, over 3
    hand_cards     cards in s's hand over its hand size
    hand_size      s's Hand Size bonus (finished Buildings and Survivors), over 2
    extra_actions  s's extra actions each Action phase, over 2
    trade_bonus    s's Trade-bid bonus plus its Recruit discount, over 2
    colony_surv    Survivors in s's Colony, over 5 (the first tie-break)
    colony_lead    colony_surv less the best rival's
    life           s's Life over the starting Life
    low_life       1 when s has 1 or 2 Life (an Event or a Life cost may empty it)
    depleted       1 while s's Life Pool is empty (it sits out the rest of the round)
    deck_left      cards in s's Draw deck over 10 (an empty deck rescues a Survivor)
    row_best       SP of the best Survivor in the Row, over 3
    turn_order     s's place in the turn order, 0 for the First player .. 1 for the last
    pile_best      cards in the fullest Trade pile, over 6
"""
import numpy as np
from numba import njit

from simcore.humanity import layout as L
from simcore.humanity.table import card_field, end_bonus, passive, seat_offset

FEATURES = ("sp", "sp_lead", "sp_lead_late", "progress", "leader_near", "partial",
            "partial_lead", "supply_owned", "supply_lead", "supply_density", "build_owned",
            "build_lead", "surv_owned", "surv_lead", "action_cards", "engine_cards",
            "supply_cards", "build_cards", "surv_cards", "hand_supply", "hand_build",
            "hand_recruit", "hand_cards", "hand_size", "extra_actions", "trade_bonus",
            "colony_surv", "colony_lead", "life", "low_life", "depleted", "deck_left",
            "row_best", "turn_order", "pile_best")

# per-seat totals (seat_stats)
T_SP = 0        # SP with end-game SP
T_PARTIAL = 1   # SP of partial Buildings x share placed
T_SUPPLY = 2    # owned Supply value
T_CARDS = 3     # owned cards
T_BUILD = 4     # SP of owned unbuilt Building cards
T_SURV = 5      # SP of owned unrecruited Survivor cards (with end-game SP)
T_ENGINE = 6    # owned Action cards that draw, loot or give actions
T_COLSURV = 7   # Survivors in the Colony
T_NACT = 8      # owned Action cards
T_NSUP = 9      # owned Supply cards
T_NBLD = 10     # owned Building cards
T_NSRV = 11     # owned Survivor cards
NT = 12


@njit(cache=True)
def _card_stats(params, k, t):
    """Add owned card ``k`` to the totals row ``t``."""
    ty = card_field(params, k, L.KF_TYPE)
    t[T_CARDS] += 1
    if ty == L.TY_SUPPLY:
        t[T_SUPPLY] += card_field(params, k, L.KF_SUPPLY)
        t[T_NSUP] += 1
    elif ty == L.TY_BUILDING:
        t[T_BUILD] += card_field(params, k, L.KF_SP)
        t[T_NBLD] += 1
    elif ty == L.TY_SURVIVOR:
        t[T_NSRV] += 1
        v = card_field(params, k, L.KF_SP)
        if card_field(params, k, L.KF_TIMING) == L.TM_END and \
                card_field(params, k, L.KF_ABIL) == L.E_END_SP:
            v += card_field(params, k, L.KF_ABIL_AMT)
        t[T_SURV] += v
    elif ty == L.TY_ACTION:
        t[T_NACT] += 1
        for j in range(L.MAX_EFF):
            c = card_field(params, k, L.KF_E + 2 * j)
            if c == L.E_DRAW or c == L.E_LOOT or c == L.E_ACTIONS:
                t[T_ENGINE] += 1
                break


@njit(cache=True)
def seat_stats(state, params, s, t, with_bid):
    """Seat ``s``'s totals (T_*) into ``t``: public or determinization-invariant only
    (``with_bid``: its Trade bid cards count as owned)."""
    for j in range(NT):
        t[j] = 0.0
    o = seat_offset(s)
    t[T_SP] = state[o + L.S_SP] + end_bonus(state, params, o)
    for base, nf in ((L.S_HAND, L.S_HAND_N), (L.S_DECK, L.S_DECK_N), (L.S_DISC, L.S_DISC_N),
                     (L.S_TABLE, L.S_TABLE_N)):
        for i in range(state[o + nf]):
            _card_stats(params, state[o + base + i], t)
    if with_bid:
        for i in range(state[o + L.S_BID_N]):
            _card_stats(params, state[o + L.S_BIDC + i], t)
    for c in range(state[o + L.S_COL_N]):
        k = state[o + L.S_COL_KIND + c]
        ty = card_field(params, k, L.KF_TYPE)
        if ty == L.TY_SURVIVOR:
            t[T_COLSURV] += 1
        elif ty == L.TY_BUILDING and not state[o + L.S_COL_DONE + c]:
            cost = card_field(params, k, L.KF_COST)
            f = 1.0
            if cost > 0:
                f = min(1.0, state[o + L.S_COL_PLACED + c] / cost)
            t[T_PARTIAL] += f * card_field(params, k, L.KF_SP)


@njit(cache=True)
def features(state, params, seat, out):
    """Write ``seat``'s FEATURES to ``out[:len(FEATURES)]``."""
    P = params[L.P_NUM_PLAYERS]
    goal = max(1.0, float(params[L.P_SP_GOAL]))
    tt = np.zeros((P, NT))
    for s in range(P):
        seat_stats(state, params, s, tt[s], s != seat and state[L.BIDS_REVEALED] == 0)
    me = tt[seat]
    best = np.zeros(NT)  # the best rival's value of each total
    most_sp = me[T_SP]
    for s in range(P):
        if s != seat:
            most_sp = max(most_sp, tt[s, T_SP])
    for j in range(NT):
        b = -1e9
        for s in range(P):
            if s != seat and tt[s, j] > b:
                b = tt[s, j]
        best[j] = b if P > 1 else 0.0
    evn = state[L.EV_N]
    prog = min(1.0, state[L.EV_PTR] / evn) if evn > 0 else 0.0
    o = seat_offset(seat)
    # s's own hand: Supplies, and the best Building and Survivor they pay for
    hs = 0
    for i in range(state[o + L.S_HAND_N]):
        k = state[o + L.S_HAND + i]
        if card_field(params, k, L.KF_TYPE) == L.TY_SUPPLY:
            hs += card_field(params, k, L.KF_SUPPLY)
    disc = passive(state, params, o, L.E_RECRUIT_DISC)
    hb = 0
    hr = 0
    for i in range(state[o + L.S_HAND_N]):
        k = state[o + L.S_HAND + i]
        ty = card_field(params, k, L.KF_TYPE)
        if ty == L.TY_BUILDING and card_field(params, k, L.KF_COST) <= hs:
            hb = max(hb, card_field(params, k, L.KF_SP))
        elif ty == L.TY_SURVIVOR and card_field(params, k, L.KF_COST) - disc <= hs:
            hr = max(hr, card_field(params, k, L.KF_SP))
    hsize = params[L.P_HAND_SIZE] + passive(state, params, o, L.E_HAND_SIZE)
    rb = 0
    for i in range(L.ROW_LEN):
        k = state[L.ROW + i]
        if k >= 0:
            rb = max(rb, card_field(params, k, L.KF_SP))
    pile = 0
    for p in range(P + 1):
        pile = max(pile, state[L.PILE_N + p])
    life = state[o + L.S_LIFE]
    lead = (me[T_SP] - best[T_SP]) / goal
    out[0] = me[T_SP] / goal
    out[1] = lead
    out[2] = lead * prog
    out[3] = prog
    out[4] = min(1.5, most_sp / goal)
    out[5] = me[T_PARTIAL] / goal
    out[6] = (me[T_PARTIAL] - best[T_PARTIAL]) / goal
    out[7] = me[T_SUPPLY] / 20.0
    out[8] = (me[T_SUPPLY] - best[T_SUPPLY]) / 20.0
    out[9] = me[T_SUPPLY] / max(1.0, me[T_CARDS])
    out[10] = me[T_BUILD] / goal
    out[11] = (me[T_BUILD] - best[T_BUILD]) / goal
    out[12] = me[T_SURV] / goal
    out[13] = (me[T_SURV] - best[T_SURV]) / goal
    out[14] = me[T_NACT] / 10.0
    out[15] = me[T_ENGINE] / 10.0
    out[16] = me[T_NSUP] / 10.0
    out[17] = me[T_NBLD] / 5.0
    out[18] = me[T_NSRV] / 5.0
    out[19] = hs / 10.0
    out[20] = hb / 4.0
    out[21] = hr / 3.0
    out[22] = state[o + L.S_HAND_N] / max(1.0, float(hsize))
    out[23] = passive(state, params, o, L.E_HAND_SIZE) / 2.0
    out[24] = passive(state, params, o, L.E_EXTRA_ACTION) / 2.0
    out[25] = (passive(state, params, o, L.E_TRADE_BONUS) + disc) / 2.0
    out[26] = me[T_COLSURV] / 5.0
    out[27] = (me[T_COLSURV] - best[T_COLSURV]) / 5.0
    out[28] = life / max(1.0, float(params[L.P_START_LIFE]))
    out[29] = 1.0 if 0 < life <= 2 else 0.0
    out[30] = 1.0 if state[o + L.S_DEPLETED] else 0.0
    out[31] = min(3.0, state[o + L.S_DECK_N] / 10.0)
    out[32] = rb / 3.0
    out[33] = ((seat - state[L.FIRST]) % P) / max(1.0, P - 1.0)
    out[34] = min(3.0, pile / 6.0)
