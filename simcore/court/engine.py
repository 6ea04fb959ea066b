"""Court of the Dead: Dark Harvest kernels: the round machine and the game contract.

A round runs Income, the Court phase (not in round 1) and the Harvest phase
(see the rulebook's "Detailed Game Phases"); ``settle`` drives it from one
decision to the next.  Simultaneous choices (bids, Offerings) are asked one
seat at a time in seat order and kept hidden in the row until every seat has
committed; ``determinize`` re-draws the ones an observer has not seen.

What is public: the turned-up Court and Harvest cards, revealed bids and
Offerings, Favors, Failure tokens, eliminations, every card effect, and hence
every player's souls and Influence (each change to them is public: Income,
revealed bids and Offerings, card and Fail effects), so a player with perfect
memory knows what is behind every screen and ``determinize`` keeps them.
Hidden: the order of the unseen Court cards (and which deck holds each unseen
United card), the unseen Harvest cards and Final Harvest, and the committed but
unrevealed bids and Offerings of the other seats.
"""
import numpy as np
from numba import njit

from simcore.court.cards import (
    adjust,
    claim_excess,
    end_step,
    fail_effect,
    immediate,
    spirit_favor,
)
from simcore.court.kinds import action_kind  # noqa: F401  (SPEC.action_kinds)
from simcore.court.layout import (
    ADJ_BASE,
    ALIVE,
    AMT_BASE,
    CARD_WON,
    BID_A,
    BID_DONE,
    BID_F,
    BIDS_REVEALED,
    BIT_ADJ,
    BIT_DECLINE,
    BIT_OPT,
    BONE_USED,
    CHOICE,
    CLAIMED,
    CUR,
    D_BID,
    D_COPY,
    D_FAVOR,
    D_FLESH_ADJ,
    D_NONE,
    D_OFFER,
    DEC,
    DECK,
    DECK_LEN,
    DECK_PTR,
    E_COPY,
    E_STAKE,
    ELIMS,
    END,
    END_ALL_OUT,
    END_FINAL,
    END_PLAYING,
    END_SURVIVOR,
    EXPOSED_MASK,
    FAILS,
    FAVOR,
    FLESH,
    FORCED_FAIL,
    HCARD,
    HDECK,
    HPTR,
    INFL,
    LEG_HI,
    LEG_KIND,
    LEG_LO,
    LEG_MASK,
    LK_AMT,
    LK_BIDS,
    LK_MASK,
    MAX_AMT,
    MAX_P,
    MOVES,
    NUM_CARDS,
    NUM_FACTIONS,
    NUM_FINAL,
    NUM_HARVEST,
    OFFER,
    OFFER_DONE,
    OFFERS_REVEALED,
    OPT_BASE,
    OUTCOME,
    P_ALL_ELIM_NOBODY,
    P_BONUS,
    P_BONUS_CAP,
    P_BONUS_TIE_ALL,
    P_CARD_B,
    P_CARD_EFFECT,
    P_CARD_FACTION,
    P_FAIL_EFFECT_UPTO,
    P_FINAL_TIE_ROUND,
    P_H_FAIL,
    P_H_FAIL_A,
    P_H_THRESH,
    P_HARVESTS,
    P_INFL_MAX,
    P_INFL_REGAIN,
    P_INFL_START,
    P_MIN_WIN_BID,
    P_NUM_PLAYERS,
    P_SOULS_TABLE,
    P_THRESH_OFFSET,
    P_UNITED_DECLINE,
    P_ZERO_BID_OK,
    P_ZERO_OFFER_OK,
    READY,
    REVEALED,
    ROUND,
    S_ADJUST,
    S_BID,
    S_BID_REVEAL,
    S_COURT_REVEAL,
    S_DONE,
    S_END_STEP,
    S_FAVORS,
    S_FINAL,
    S_HARVEST_REVEAL,
    S_OFFER,
    S_OFFER_REVEAL,
    S_PAY,
    S_RESOLVE,
    S_RESULT,
    S_ROUND_END,
    S_ROUND_START,
    S_SPEND,
    S_UNITED,
    S_WINNERS,
    SLOT_BID,
    SLOT_EFF,
    SLOT_VAL,
    SLOT_WIN,
    SMALL_BASE,
    SOULS,
    SPIRIT,
    STAGE,
    SUB,
    SUB2,
    THRESH,
    TOTAL,
    UNITED,
    WIN_MASK,
)
from simcore.court.table import (
    alive_mask,
    cap,
    extreme_mask,
    give_favor,
    lowest_seat,
    popcount,
    request,
    take,
    tie,
)
from simcore.court.value import evaluate  # noqa: F401  (the contract's position value)
from simcore.rng import randint, shuffle


# ---- action helpers ------------------------------------------------------------------
@njit(cache=True, inline="always")
def bid_action(faction, amount):
    """The action bidding ``amount`` Influence on ``faction`` (0 Flesh, 1 Spirit, 2 Bone)."""
    return faction * 6 + amount


@njit(cache=True, inline="always")
def decode_bid(action):
    """(faction, amount) of a bid action."""
    return action // 6, action % 6


@njit(cache=True, inline="always")
def amount_action(k):
    """The action naming amount ``k`` (an Offering, souls staked or added)."""
    return AMT_BASE + k


@njit(cache=True, inline="always")
def option_action(k):
    """The action picking option ``k`` (a seat, a Favor's faction or a Court slot)."""
    return OPT_BASE + k


@njit(cache=True, inline="always")
def adjust_action(delta):
    """The Favor adjustment by ``delta`` in -1, 0, +1."""
    return ADJ_BASE + delta + 1


# ---- round machine -----------------------------------------------------------------------
@njit(cache=True)
def _card_faction(params, c):
    return params[P_CARD_FACTION + c]


@njit(cache=True)
def _eliminate(state, params, mask):
    """Eliminate the seats of ``mask``; ends the game when at most one seat is left."""
    P = params[P_NUM_PLAYERS]
    left = alive_mask(state, params) & ~mask
    if left == 0:
        if params[P_ALL_ELIM_NOBODY]:
            return  # assumed alternative: an elimination that would empty the table is void
        for s in range(P):
            if (mask >> s) & 1:
                state[ALIVE + s] = 0
                state[SOULS + s] = 0
                state[ELIMS] += 1
        state[WIN_MASK] = 0
        state[END] = END_ALL_OUT
        return
    for s in range(P):
        if (mask >> s) & 1:
            state[ALIVE + s] = 0
            state[SOULS + s] = 0  # collected souls go back to the supply
            state[ELIMS] += 1
            for f in range(NUM_FACTIONS):
                if state[FAVOR + f] == s:
                    state[FAVOR + f] = -1  # assumed: the Favor returns beside its deck
    if popcount(left) == 1:
        state[WIN_MASK] = left
        state[END] = END_SURVIVOR


@njit(cache=True)
def _final(state, params):
    """Most souls wins; Bone Favor, then most Influence, break ties; else shared."""
    m = extreme_mask(state, params, SOULS, True)
    if popcount(m) > 1:
        t = tie(state, params, m, 0, -1, params[P_FINAL_TIE_ROUND] == 0)
        if t == -2:
            return False
        if t >= 0:
            m = 1 << t
        else:
            best = -1
            m2 = 0
            for s in range(params[P_NUM_PLAYERS]):
                if (m >> s) & 1:
                    v = state[INFL + s]
                    if v > best:
                        best = v
                        m2 = 1 << s
                    elif v == best:
                        m2 |= 1 << s
            m = m2
    state[WIN_MASK] = m
    state[END] = END_FINAL
    return True


@njit(cache=True)
def _start_round(state, params):
    P = params[P_NUM_PLAYERS]
    state[ROUND] += 1
    state[BONE_USED] = 0
    for f in range(NUM_FACTIONS):
        state[CLAIMED + f] = 0
        state[REVEALED + f] = -1
        state[SLOT_WIN + f] = -1
        state[SLOT_BID + f] = 0
        state[SLOT_EFF + f] = -1
        state[SLOT_VAL + f] = 0
    state[EXPOSED_MASK] = 0
    state[FORCED_FAIL] = 0
    state[OUTCOME] = 0
    state[BIDS_REVEALED] = 0
    state[OFFERS_REVEALED] = 0
    state[BID_DONE] = 0
    state[OFFER_DONE] = 0
    state[THRESH] = 0
    state[TOTAL] = 0
    state[HCARD] = -1
    for s in range(MAX_P):
        state[BID_F + s] = 0
        state[BID_A + s] = 0
        state[OFFER + s] = 0
    # Income: a. Influence, b. souls by the number of players still in the game
    n = popcount(alive_mask(state, params))
    gain = params[P_SOULS_TABLE + n - 2] if n >= 2 else 0
    for s in range(P):
        if state[ALIVE + s]:
            state[INFL + s] = cap(state[INFL + s] + params[P_INFL_REGAIN], params[P_INFL_MAX])
            state[SOULS + s] += gain


@njit(cache=True)
def settle(state, params):
    """Run the round machine until a seat must decide or the game is over.

    ``step`` calls it after storing the action; tests call it after building a
    state by hand (set ``STAGE``/``SUB``/``SUB2`` and the fields that stage reads).
    """
    P = params[P_NUM_PLAYERS]
    while True:
        if state[END] != END_PLAYING:
            state[DEC] = D_NONE
            state[STAGE] = S_DONE
            return
        st = state[STAGE]

        if st == S_ROUND_START:
            _start_round(state, params)
            state[SUB] = 0
            state[SUB2] = 0
            state[STAGE] = S_COURT_REVEAL if state[ROUND] > 1 else S_HARVEST_REVEAL

        elif st == S_COURT_REVEAL:
            for f in range(NUM_FACTIONS):
                p = state[DECK_PTR + f]
                if p < DECK_LEN:
                    state[REVEALED + f] = state[DECK + f * DECK_LEN + p]
                    state[DECK_PTR + f] = p + 1
            state[SUB] = 0
            state[STAGE] = S_BID

        elif st == S_BID:
            s = state[SUB]
            while s < P and not state[ALIVE + s]:
                s += 1
            if s >= P:
                state[STAGE] = S_BID_REVEAL
                continue
            infl = state[INFL + s]
            if infl == 0 and params[P_MIN_WIN_BID] >= 1:
                a = 0  # nothing to bid and a 0 bid cannot win: no real choice
            else:
                lo = 1 if (params[P_ZERO_BID_OK] == 0 and infl >= 1) else 0
                if not state[READY]:
                    if request(state, D_BID, s, LK_BIDS, lo, infl, 0, 0, -1):
                        return
                a = take(state)
            state[BID_F + s] = a // 6
            state[BID_A + s] = a % 6
            state[BID_DONE] |= 1 << s
            state[SUB] = s + 1

        elif st == S_BID_REVEAL:
            state[BIDS_REVEALED] = 1
            h = state[FAVOR + FLESH]
            if h >= 0 and state[ALIVE + h]:
                if not state[READY]:
                    m = 1 << (BIT_ADJ + 1)
                    if state[BID_A + h] >= 1:
                        m |= 1 << BIT_ADJ
                    if state[BID_A + h] + 1 <= state[INFL + h]:
                        m |= 1 << (BIT_ADJ + 2)
                    if request(state, D_FLESH_ADJ, h, LK_MASK, 0, 0, m, 0, FLESH):
                        return
                state[BID_A + h] += take(state) - ADJ_BASE - 1
            state[STAGE] = S_SPEND

        elif st == S_SPEND:
            # every Influence bid is spent, won or not
            for s in range(P):
                if state[ALIVE + s]:
                    state[INFL + s] -= state[BID_A + s]
            state[SUB] = 0
            state[STAGE] = S_WINNERS

        elif st == S_WINNERS:
            f = state[SUB]
            if f >= NUM_FACTIONS:
                state[SUB] = 0
                state[SUB2] = 0
                state[STAGE] = S_RESOLVE
                continue
            best = 0
            m = 0
            for s in range(P):
                if state[ALIVE + s] and state[BID_F + s] == f:
                    v = state[BID_A + s]
                    if v < params[P_MIN_WIN_BID]:
                        continue
                    if m == 0 or v > best:
                        best = v
                        m = 1 << s
                    elif v == best:
                        m |= 1 << s
            w = -1
            if m != 0 and state[REVEALED + f] >= 0:
                if popcount(m) == 1:
                    w = lowest_seat(m)
                else:
                    w = tie(state, params, m, 0, f)
                    if w == -2:
                        return
            state[SLOT_WIN + f] = w
            state[SLOT_BID + f] = best if w >= 0 else 0
            if w >= 0:
                state[CARD_WON + state[REVEALED + f]] = w
            state[SUB] = f + 1

        elif st == S_RESOLVE:
            f = state[SUB]
            if f >= NUM_FACTIONS:
                state[STAGE] = S_FAVORS
                continue
            w = state[SLOT_WIN + f]
            if w < 0:
                state[SUB] = f + 1
                continue
            if state[SUB2] == 0:
                c = state[REVEALED + f]
                state[SLOT_EFF + f] = c
                if params[P_CARD_EFFECT + c] == E_COPY:
                    # Socopherie copies another card turned up this round, at Spirit speed
                    m = 0
                    for k in range(NUM_FACTIONS):
                        ck = state[REVEALED + k]
                        if k != f and ck >= 0 and params[P_CARD_EFFECT + ck] != E_COPY:
                            m |= 1 << (BIT_OPT + k)
                    if m == 0:
                        state[SLOT_EFF + f] = -1
                    else:
                        if not state[READY]:
                            if request(state, D_COPY, w, LK_MASK, 0, 0, m, E_COPY, f):
                                return
                        state[SLOT_EFF + f] = state[REVEALED + take(state) - OPT_BASE]
                state[SUB2] = 1
            if not immediate(state, params, f):
                return
            state[SUB] = f + 1
            state[SUB2] = 0

        elif st == S_FAVORS:
            for f in range(NUM_FACTIONS):
                w = state[SLOT_WIN + f]
                if w >= 0 and _card_faction(params, state[REVEALED + f]) != UNITED:
                    give_favor(state, params, f, w)
                    state[CLAIMED + f] = 1
            state[SUB] = 0
            state[STAGE] = S_UNITED

        elif st == S_UNITED:
            f = state[SUB]
            if f >= NUM_FACTIONS:
                state[STAGE] = S_HARVEST_REVEAL
                continue
            w = state[SLOT_WIN + f]
            if w >= 0 and _card_faction(params, state[REVEALED + f]) == UNITED:
                m = 0
                for k in range(NUM_FACTIONS):
                    if state[CLAIMED + k] == 0:
                        m |= 1 << (BIT_OPT + k)
                if m != 0:
                    if params[P_UNITED_DECLINE]:
                        m |= 1 << BIT_DECLINE
                    if not state[READY]:
                        if request(state, D_FAVOR, w, LK_MASK, 0, 0, m, 0, f):
                            return
                    a = take(state)
                    if a >= OPT_BASE and a < OPT_BASE + NUM_FACTIONS:
                        k = a - OPT_BASE
                        give_favor(state, params, k, w)
                        state[CLAIMED + k] = 1
            state[SUB] = f + 1

        elif st == S_HARVEST_REVEAL:
            h = state[HDECK + state[HPTR]]
            state[HPTR] += 1
            state[HCARD] = h
            t = params[P_H_THRESH + h] + params[P_THRESH_OFFSET]
            state[THRESH] = t if t > 0 else 0
            state[SUB] = 0
            state[STAGE] = S_OFFER

        elif st == S_OFFER:
            # pass 1 (SUB 0..5): seats without a screen offer first, in public;
            # pass 2 (SUB 6..11): everyone else, in secret
            s = -1
            while state[SUB] < 2 * MAX_P:
                k = state[SUB]
                c = k % MAX_P
                exposed_pass = k < MAX_P
                if (c < P and state[ALIVE + c]
                        and (((state[EXPOSED_MASK] >> c) & 1) == 1) == exposed_pass
                        and not (state[OFFER_DONE] >> c) & 1):
                    s = c
                    break
                state[SUB] = k + 1
            if s < 0:
                state[STAGE] = S_OFFER_REVEAL
                continue
            hi = cap(state[SOULS + s], MAX_AMT)
            lo = 1 if (params[P_ZERO_OFFER_OK] == 0 and hi >= 1) else 0
            if not state[READY]:
                if request(state, D_OFFER, s, LK_AMT, lo, hi, 0, 0, -1):
                    return
            state[OFFER + s] = take(state) - AMT_BASE
            state[OFFER_DONE] |= 1 << s
            state[SUB] += 1

        elif st == S_OFFER_REVEAL:
            for s in range(P):
                if state[ALIVE + s]:
                    state[SOULS + s] -= state[OFFER + s]
            state[OFFERS_REVEALED] = 1
            state[SUB] = 0
            state[STAGE] = S_ADJUST

        elif st == S_ADJUST:
            # Flesh card, (Flesh Favor: bids only), Spirit card, Spirit Favor, Bone card
            k = state[SUB]
            if k >= 2 * NUM_FACTIONS:
                state[STAGE] = S_PAY
                continue
            f = k // 2
            if k % 2 == 0:
                if not adjust(state, params, f):
                    return
            elif f == SPIRIT:
                if not spirit_favor(state, params):
                    return
            state[SUB] = k + 1

        elif st == S_PAY:
            total = 0
            for s in range(P):
                if state[ALIVE + s]:
                    total += state[OFFER + s]
            state[TOTAL] = total
            claim_excess(state, params)  # every other offered soul goes back to the bank
            state[OUTCOME] = 1 if (total >= state[THRESH] and state[FORCED_FAIL] == 0) else 0
            state[SUB] = 0
            state[STAGE] = S_END_STEP

        elif st == S_END_STEP:
            f = state[SUB]
            if f >= NUM_FACTIONS:
                state[SUB2] = 0
                state[STAGE] = S_RESULT
                continue
            if not end_step(state, params, f):
                return
            state[SUB] = f + 1

        elif st == S_RESULT:
            if state[OUTCOME] == 1:
                m = extreme_mask(state, params, OFFER, True)
                if popcount(m) > 1:
                    t = tie(state, params, m, 0, -1)
                    if t == -2:
                        return
                    if t >= 0:
                        m = 1 << t
                    elif params[P_BONUS_TIE_ALL] == 0:
                        m = 0
                for s in range(P):
                    if (m >> s) & 1:
                        state[INFL + s] = cap(state[INFL + s] + params[P_BONUS],
                                              params[P_BONUS_CAP])
                for f in range(NUM_FACTIONS):
                    w = state[SLOT_WIN + f]
                    c = state[SLOT_EFF + f]
                    if w >= 0 and c >= 0 and params[P_CARD_EFFECT + c] == E_STAKE:
                        v = state[SLOT_VAL + f]
                        state[SOULS + w] += v + v * params[P_CARD_B + c]
            else:
                if state[SUB2] == 0:
                    state[FAILS] += 1
                    state[SUB2] = 1
                m = extreme_mask(state, params, OFFER, False)
                if popcount(m) > 1:
                    t = tie(state, params, m, 0, -1)
                    if t == -2:
                        return
                    if t >= 0:
                        m = 1 << t
                if state[FAILS] <= params[P_FAIL_EFFECT_UPTO]:
                    h = state[HCARD]
                    for s in range(P):  # oldest first: seat 0 is the oldest
                        if (m >> s) & 1:
                            fail_effect(state, params, s, params[P_H_FAIL + h],
                                        params[P_H_FAIL_A + h])
                else:
                    _eliminate(state, params, m)
            state[SUB2] = 0
            state[STAGE] = S_ROUND_END

        elif st == S_ROUND_END:
            state[STAGE] = S_FINAL if state[ROUND] >= params[P_HARVESTS] + 1 else S_ROUND_START

        elif st == S_FINAL:
            if not _final(state, params):
                return

        else:
            return


# ---- the game contract ----------------------------------------------------------------------
@njit(cache=True)
def init(state, params, rng):
    P = params[P_NUM_PLAYERS]
    for i in range(state.shape[0]):  # explicit loop: no parfor under parallel callers
        state[i] = 0
    for f in range(NUM_FACTIONS):
        state[FAVOR + f] = -1
        state[REVEALED + f] = -1
        state[SLOT_WIN + f] = -1
        state[SLOT_EFF + f] = -1
    for s in range(P):
        state[ALIVE + s] = 1
        state[INFL + s] = params[P_INFL_START]
    for c in range(NUM_CARDS):
        state[CARD_WON + c] = -1
    # Court decks: each faction's 7 cards plus one United card dealt at random, shuffled
    united = np.empty(NUM_FACTIONS, np.int32)
    nu = 0
    fill = np.empty(NUM_FACTIONS, np.int32)
    for f in range(NUM_FACTIONS):
        fill[f] = 0
    for c in range(NUM_CARDS):
        f = params[P_CARD_FACTION + c]
        if f == UNITED:
            united[nu] = c
            nu += 1
        else:
            state[DECK + f * DECK_LEN + fill[f]] = c
            fill[f] += 1
    shuffle(rng, united, NUM_FACTIONS)
    for f in range(NUM_FACTIONS):
        state[DECK + f * DECK_LEN + DECK_LEN - 1] = united[f]
        shuffle(rng, state[DECK + f * DECK_LEN:DECK + (f + 1) * DECK_LEN], DECK_LEN)
    # Harvest deck: harvest.count random Harvest cards on one random Final Harvest
    hv = np.arange(NUM_HARVEST).astype(np.int32)
    shuffle(rng, hv, NUM_HARVEST)
    n = params[P_HARVESTS]
    for i in range(n):
        state[HDECK + i] = hv[i]
    state[HDECK + n] = NUM_HARVEST + randint(rng, NUM_FINAL)
    state[STAGE] = S_ROUND_START
    settle(state, params)


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
    kind = state[LEG_KIND]
    lo = state[LEG_LO]
    hi = state[LEG_HI]
    n = 0
    if kind == LK_BIDS:
        for f in range(NUM_FACTIONS):
            for a in range(lo, hi + 1):
                out[n] = f * 6 + a
                n += 1
    elif kind == LK_AMT:
        for k in range(lo, hi + 1):
            out[n] = AMT_BASE + k
            n += 1
    else:
        m = state[LEG_MASK]
        for b in range(11):
            if (m >> b) & 1:
                out[n] = SMALL_BASE + b
                n += 1
    return n


@njit(cache=True)
def step(state, params, action, rng):
    state[MOVES] += 1
    state[CHOICE] = action
    state[READY] = 1
    settle(state, params)


@njit(cache=True)
def returns(state, params, out):
    P = params[P_NUM_PLAYERS]
    m = state[WIN_MASK]
    k = popcount(m)
    for s in range(P):
        out[s] = 1.0 / k if (k > 0 and (m >> s) & 1) else 0.0


@njit(cache=True)
def scores(state, params, out):
    for s in range(params[P_NUM_PLAYERS]):
        out[s] = state[SOULS + s]


@njit(cache=True)
def info(state, params, out):
    out[0] = state[ROUND]
    out[1] = state[END]
    out[2] = state[FAILS]
    out[3] = state[ELIMS]
    for c in range(NUM_CARDS):
        out[4 + c] = state[CARD_WON + c]


@njit(cache=True)
def determinize(state, params, observer, rng):
    """Re-draw what ``observer`` cannot see, consistently with what it has seen.

    * bids committed but not revealed by other seats: uniform over their legal bids;
    * Offerings committed in secret by other seats: uniform over 0..souls
      (Offerings made without a screen are public and kept);
    * the unseen Court cards: the unseen United cards are dealt again among the
      decks whose United card has not shown, then each deck's unseen part is shuffled;
    * the unseen Harvest cards: drawn again from the Harvest cards not yet turned
      up, and the Final Harvest (while unseen) from the three.
    """
    if state[END] != END_PLAYING:
        return
    P = params[P_NUM_PLAYERS]
    if state[BIDS_REVEALED] == 0:
        for s in range(P):
            if s == observer or not state[ALIVE + s] or not (state[BID_DONE] >> s) & 1:
                continue
            infl = state[INFL + s]
            if infl == 0 and params[P_MIN_WIN_BID] >= 1:
                continue
            lo = 1 if (params[P_ZERO_BID_OK] == 0 and infl >= 1) else 0
            state[BID_F + s] = randint(rng, NUM_FACTIONS)
            state[BID_A + s] = lo + randint(rng, infl - lo + 1)
    if state[OFFERS_REVEALED] == 0:
        for s in range(P):
            if (s == observer or not state[ALIVE + s] or not (state[OFFER_DONE] >> s) & 1
                    or (state[EXPOSED_MASK] >> s) & 1):
                continue
            hi = cap(state[SOULS + s], MAX_AMT)
            lo = 1 if (params[P_ZERO_OFFER_OK] == 0 and hi >= 1) else 0
            state[OFFER + s] = lo + randint(rng, hi - lo + 1)
    # Court decks
    pos = np.empty(NUM_FACTIONS, np.int64)
    ids = np.empty(NUM_FACTIONS, np.int32)
    nu = 0
    for f in range(NUM_FACTIONS):
        for i in range(state[DECK_PTR + f], DECK_LEN):
            c = state[DECK + f * DECK_LEN + i]
            if params[P_CARD_FACTION + c] == UNITED:
                pos[nu] = DECK + f * DECK_LEN + i
                ids[nu] = c
                nu += 1
    shuffle(rng, ids, nu)
    for i in range(nu):
        state[pos[i]] = ids[i]
    for f in range(NUM_FACTIONS):
        p = state[DECK_PTR + f]
        if p < DECK_LEN - 1:
            shuffle(rng, state[DECK + f * DECK_LEN + p:DECK + (f + 1) * DECK_LEN], DECK_LEN - p)
    # Harvest deck
    n = params[P_HARVESTS]
    hp = state[HPTR]
    if hp <= n:
        pool = np.empty(NUM_HARVEST, np.int32)
        k = 0
        for h in range(NUM_HARVEST):
            seen = False
            for i in range(hp):
                if state[HDECK + i] == h:
                    seen = True
            if not seen:
                pool[k] = h
                k += 1
        shuffle(rng, pool, k)
        for i in range(hp, n):
            state[HDECK + i] = pool[i - hp]
        state[HDECK + n] = NUM_HARVEST + randint(rng, NUM_FINAL)

