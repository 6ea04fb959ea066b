"""Court of the Dead: Dark Harvest kernels: the round machine and the game contract.

A round runs Income, the Court phase (not in round 1) and the Harvest phase
(see the rulebook's "Detailed Game Phases"); ``settle`` drives it from one
decision to the next, one function per step of that list::

    stage (layout S_*)  function                 rulebook step
    S_ROUND_START       round_start / income     Income a. Influence, b. souls
    S_COURT_REVEAL      reveal_court_cards       Court a. reveal the top card of each deck
    S_BID               choose_bids              Court b. choose an amount of Influence to bid
    S_BID_REVEAL        reveal_bids,             Court c. reveal bids,
                        adjust_influence               d. adjust Influence (Flesh Favor)
    S_SPEND             spend_influence          The Court: every bid Influence is lost
    S_WINNERS           court_winners            The Court: the highest bid wins, a tie loses
    S_RESOLVE           resolve_court_cards      Court e. resolve Court cards: Flesh, Spirit, Bone
    S_FAVORS            award_favors             Court f. award Favor cards
    S_UNITED            united_favors            Court f. (United cards pick a Favor)
    S_HARVEST_REVEAL    reveal_harvest           Harvest a. reveal the top Harvest card
    S_OFFER             prepare_offerings        Harvest b. prepare Offerings
    S_OFFER_REVEAL      reveal_offerings         Harvest c. reveal Offerings
    S_ADJUST            adjust_offerings         Harvest d. adjust Offerings
    S_PAY               pay_celestials           Harvest e. pay Celestials
    S_END_STEP          end_of_harvest           Harvest f. end of Harvest phase
    S_RESULT            resolution               Resolution a. success / b. failure
    S_ROUND_END         round_end                the next round, or the Final Harvest is done
    S_FINAL             end_of_game              End of the Game: most souls wins

Each stage function returns True when the machine may go on and False while it
waits for a seat's decision (``settle`` then stops; ``step`` resumes the same stage).

Simultaneous choices (bids, Offerings) are asked one seat at a time in seat order
and kept hidden in the row until every seat has committed; ``determinize``
re-draws the ones an observer has not seen.

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

from simcore.common import mask_returns, row_kernel
from simcore.court import layout as L
from simcore.court.actions import decode_bid, encode_bid
from simcore.court.cards import (
    adjust,
    claim_excess,
    end_step,
    fail_effect,
    immediate,
    spirit_favor,
)
from simcore.court.kinds import action_kind  # noqa: F401  (SPEC.action_kinds)
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
from simcore.court.features import FEATURES, features  # noqa: F401  (the learned value's)
from simcore.court.guess import NUM_PERSONAS, persona_bid
from simcore.rng import randint, shuffle


# ---- Income phase -------------------------------------------------------------------------
@row_kernel
def income(state, params):
    """A new round: clear last round's Court and Harvest, then Income a. and b."""
    P = params[L.P_NUM_PLAYERS]
    state[L.ROUND] += 1
    state[L.BONE_USED] = 0  # CD-FAVOR-07: the Bone Favor's use is once per round
    for f in range(L.NUM_FACTIONS):
        state[L.CLAIMED + f] = 0
        state[L.REVEALED + f] = -1
        state[L.SLOT_WIN + f] = -1
        state[L.SLOT_BID + f] = 0
        state[L.SLOT_EFF + f] = -1
        state[L.SLOT_VAL + f] = 0
    state[L.EXPOSED_MASK] = 0
    state[L.FORCED_FAIL] = 0
    state[L.OUTCOME] = 0
    state[L.BIDS_REVEALED] = 0
    state[L.OFFERS_REVEALED] = 0
    state[L.BID_DONE] = 0
    state[L.OFFER_DONE] = 0
    state[L.THRESH] = 0
    state[L.TOTAL] = 0
    state[L.HCARD] = -1
    for s in range(L.MAX_P):
        state[L.BID_F + s] = 0
        state[L.BID_A + s] = 0
        state[L.OFFER + s] = 0
    # CD-INCOME-02..09: a. Influence (max 5), b. souls by the players still in the game
    n = popcount(alive_mask(state, params))
    gain = params[L.P_SOULS_TABLE + n - 2] if n >= 2 else 0
    for s in range(P):
        if state[L.ALIVE + s]:
            state[L.INFL + s] = cap(state[L.INFL + s] + params[L.P_INFL_REGAIN],
                                    params[L.P_INFL_MAX])
            state[L.SOULS + s] += gain


@row_kernel(inline="always")
def round_start(state, params):
    """CD-INCOME-01: Income, then the Court phase, skipped in round 1 (CD-COURT-01)."""
    income(state, params)
    state[L.SUB] = 0
    state[L.SUB2] = 0
    state[L.STAGE] = L.S_COURT_REVEAL if state[L.ROUND] > 1 else L.S_HARVEST_REVEAL
    return True


# ---- Court phase --------------------------------------------------------------------------
@row_kernel(inline="always")
def reveal_court_cards(state, params):
    """Court a. (CD-COURT-02): turn up the top card of each Court deck."""
    for f in range(L.NUM_FACTIONS):
        p = state[L.DECK_PTR + f]
        if p < L.DECK_LEN:  # CD-SETUP-15: never runs out; the guard is for overrides
            state[L.REVEALED + f] = state[L.DECK + f * L.DECK_LEN + p]
            state[L.DECK_PTR + f] = p + 1
    state[L.SUB] = 0
    state[L.STAGE] = L.S_BID
    return True


@row_kernel(inline="always")
def choose_bids(state, params):
    """Court b. (CD-COURT-03..05): seat SUB commits a hidden faction and amount."""
    P = params[L.P_NUM_PLAYERS]
    s = state[L.SUB]
    while s < P and not state[L.ALIVE + s]:
        s += 1
    if s >= P:
        state[L.STAGE] = L.S_BID_REVEAL
        return True
    infl = state[L.INFL + s]
    if infl == 0 and params[L.P_MIN_WIN_BID] >= 1:
        a = encode_bid(L.FLESH, 0)  # nothing to bid and a 0 bid cannot win: no real choice
    else:
        lo = 1 if (params[L.P_ZERO_BID_OK] == 0 and infl >= 1) else 0
        if not state[L.READY]:
            if request(state, L.D_BID, s, L.LK_BIDS, lo, infl, 0, 0, -1):
                return False
        a = take(state)
    f, k = decode_bid(a)
    state[L.BID_F + s] = f
    state[L.BID_A + s] = k
    state[L.BID_DONE] |= 1 << s  # CD-COURT-06: hidden until every seat has bid
    state[L.SUB] = s + 1
    return True


@row_kernel(inline="always")
def reveal_bids(state):
    """Court c. (CD-COURT-06): every bid, faction and amount, is public at once."""
    state[L.BIDS_REVEALED] = 1


@row_kernel(inline="always")
def adjust_influence(state, params):
    """Court d. (CD-COURT-07, CD-FAVOR-02/03): the Flesh Favor holder may move its bid by 1."""
    h = state[L.FAVOR + L.FLESH]
    if h >= 0 and state[L.ALIVE + h]:
        if not state[L.READY]:
            m = 1 << (L.BIT_ADJ + 1)
            if state[L.BID_A + h] >= 1:
                m |= 1 << L.BIT_ADJ
            if state[L.BID_A + h] + 1 <= state[L.INFL + h]:
                m |= 1 << (L.BIT_ADJ + 2)
            if request(state, L.D_FLESH_ADJ, h, L.LK_MASK, 0, 0, m, 0, L.FLESH):
                return False
        state[L.BID_A + h] += take(state) - L.ADJ_BASE - 1
    state[L.STAGE] = L.S_SPEND
    return True


@row_kernel(inline="always")
def spend_influence(state, params):
    """CD-COURT-10: every Influence bid is spent, won or not."""
    for s in range(params[L.P_NUM_PLAYERS]):
        if state[L.ALIVE + s]:
            state[L.INFL + s] -= state[L.BID_A + s]
    state[L.SUB] = 0
    state[L.STAGE] = L.S_WINNERS
    return True


@row_kernel(inline="always")
def _highest_bids(state, params, f):
    """(highest bid, seats bidding it) on faction ``f``, counting only bids that may win."""
    best = 0
    m = 0
    for s in range(params[L.P_NUM_PLAYERS]):
        if state[L.ALIVE + s] and state[L.BID_F + s] == f:
            v = state[L.BID_A + s]
            if v < params[L.P_MIN_WIN_BID]:
                continue
            if m == 0 or v > best:
                best = v
                m = 1 << s
            elif v == best:
                m |= 1 << s
    return best, m


@row_kernel(inline="always")
def court_winners(state, params):
    """The Court (CD-COURT-09, -11, -12): the single highest bid on faction SUB wins its
    card; tied bids all lose unless the Bone Favor breaks the tie (CD-FAVOR-08/09)."""
    f = state[L.SUB]
    if f >= L.NUM_FACTIONS:
        state[L.SUB] = 0
        state[L.SUB2] = 0
        state[L.STAGE] = L.S_RESOLVE
        return True
    best, m = _highest_bids(state, params, f)
    w = -1
    if m != 0 and state[L.REVEALED + f] >= 0:
        if popcount(m) == 1:
            w = lowest_seat(m)
        else:
            w = tie(state, params, m, 0, f)
            if w == -2:
                return False
    state[L.SLOT_WIN + f] = w
    state[L.SLOT_BID + f] = best if w >= 0 else 0  # CD-COURT-14: Poxxil counts it
    if w >= 0:
        state[L.CARD_WON + state[L.REVEALED + f]] = w
    state[L.SUB] = f + 1
    return True


@row_kernel(inline="always")
def socopherie_copy(state, params, f, w):
    """CD-CARD-23..26: Socopherie (slot ``f``, won by ``w``) copies another card turned up
    this round, at Spirit speed; nothing to copy leaves the slot idle.  False while
    ``w`` chooses."""
    m = 0
    for k in range(L.NUM_FACTIONS):
        ck = state[L.REVEALED + k]
        if k != f and ck >= 0 and params[L.P_CARD_EFFECT + ck] != L.E_COPY:
            m |= 1 << (L.BIT_OPT + k)
    if m == 0:
        state[L.SLOT_EFF + f] = -1
        return True
    if not state[L.READY]:
        if request(state, L.D_COPY, w, L.LK_MASK, 0, 0, m, L.E_COPY, f):
            return False
    state[L.SLOT_EFF + f] = state[L.REVEALED + take(state) - L.OPT_BASE]
    return True


@row_kernel(inline="always")
def resolve_court_cards(state, params):
    """Court e. (CD-COURT-15, -16): slot SUB's winner resolves its card, Flesh, Spirit,
    Bone; SUB2 = 1 once the slot knows which card it runs (Socopherie's copy)."""
    f = state[L.SUB]
    if f >= L.NUM_FACTIONS:
        state[L.STAGE] = L.S_FAVORS
        return True
    w = state[L.SLOT_WIN + f]
    if w < 0:
        state[L.SUB] = f + 1
        return True
    if state[L.SUB2] == 0:
        c = state[L.REVEALED + f]
        state[L.SLOT_EFF + f] = c
        if params[L.P_CARD_EFFECT + c] == L.E_COPY:
            if not socopherie_copy(state, params, f, w):
                return False
        state[L.SUB2] = 1
    if not immediate(state, params, f):
        return False
    state[L.SUB] = f + 1
    state[L.SUB2] = 0
    return True


@row_kernel(inline="always")
def award_favors(state, params):
    """Court f. (CD-COURT-20..23): a Flesh, Spirit or Bone card's winner takes that
    faction's Favor (Socopherie's winner the Spirit Favor, CD-CARD-24)."""
    for f in range(L.NUM_FACTIONS):
        w = state[L.SLOT_WIN + f]
        if w >= 0 and params[L.P_CARD_FACTION + state[L.REVEALED + f]] != L.UNITED:
            give_favor(state, params, f, w)
            state[L.CLAIMED + f] = 1
    state[L.SUB] = 0
    state[L.STAGE] = L.S_UNITED
    return True


@row_kernel(inline="always")
def united_favors(state, params):
    """Court f. (CD-COURT-24, -25): slot SUB's United winner picks a Favor not claimed this
    round (in slot order; declining as rules.toml court.united_may_decline says)."""
    f = state[L.SUB]
    if f >= L.NUM_FACTIONS:
        state[L.STAGE] = L.S_HARVEST_REVEAL
        return True
    w = state[L.SLOT_WIN + f]
    if w >= 0 and params[L.P_CARD_FACTION + state[L.REVEALED + f]] == L.UNITED:
        m = 0
        for k in range(L.NUM_FACTIONS):
            if state[L.CLAIMED + k] == 0:
                m |= 1 << (L.BIT_OPT + k)
        if m != 0:
            if params[L.P_UNITED_DECLINE]:
                m |= 1 << L.BIT_DECLINE
            if not state[L.READY]:
                if request(state, L.D_FAVOR, w, L.LK_MASK, 0, 0, m, 0, f):
                    return False
            a = take(state)
            if a >= L.OPT_BASE and a < L.OPT_BASE + L.NUM_FACTIONS:
                k = a - L.OPT_BASE
                give_favor(state, params, k, w)
                state[L.CLAIMED + k] = 1
    state[L.SUB] = f + 1
    return True


# ---- Harvest phase ------------------------------------------------------------------------
@row_kernel(inline="always")
def reveal_harvest(state, params):
    """Harvest a. (CD-HARVEST-01..03): the top Harvest card sets this round's threshold."""
    h = state[L.HDECK + state[L.HPTR]]
    state[L.HPTR] += 1
    state[L.HCARD] = h
    t = params[L.P_H_THRESH + h] + params[L.P_THRESH_OFFSET]
    state[L.THRESH] = t if t > 0 else 0
    state[L.SUB] = 0
    state[L.STAGE] = L.S_OFFER
    return True


@row_kernel(inline="always")
def _next_offerer(state, params):
    """The next seat to offer, advancing SUB: pass 1 (SUB 0..5) the seats without a screen,
    in public (CD-CARD-18); pass 2 (SUB 6..11) everyone else, in secret.  -1 when done."""
    P = params[L.P_NUM_PLAYERS]
    while state[L.SUB] < 2 * L.MAX_P:
        k = state[L.SUB]
        c = k % L.MAX_P
        exposed_pass = k < L.MAX_P
        if (c < P and state[L.ALIVE + c]
                and (((state[L.EXPOSED_MASK] >> c) & 1) == 1) == exposed_pass
                and not (state[L.OFFER_DONE] >> c) & 1):
            return c
        state[L.SUB] = k + 1
    return -1


@row_kernel(inline="always")
def prepare_offerings(state, params):
    """Harvest b. (CD-HARVEST-04..06): the next seat commits its Offering, 0..souls."""
    s = _next_offerer(state, params)
    if s < 0:
        state[L.STAGE] = L.S_OFFER_REVEAL
        return True
    hi = cap(state[L.SOULS + s], L.MAX_AMT)
    lo = 1 if (params[L.P_ZERO_OFFER_OK] == 0 and hi >= 1) else 0
    if not state[L.READY]:
        if request(state, L.D_OFFER, s, L.LK_AMT, lo, hi, 0, 0, -1):
            return False
    state[L.OFFER + s] = take(state) - L.AMT_BASE
    state[L.OFFER_DONE] |= 1 << s
    state[L.SUB] += 1
    return True


@row_kernel(inline="always")
def reveal_offerings(state, params):
    """Harvest c. (CD-HARVEST-07): the Offerings are public at once and leave the screens."""
    for s in range(params[L.P_NUM_PLAYERS]):
        if state[L.ALIVE + s]:
            state[L.SOULS + s] -= state[L.OFFER + s]
    state[L.OFFERS_REVEALED] = 1
    state[L.SUB] = 0
    state[L.STAGE] = L.S_ADJUST
    return True


@row_kernel(inline="always")
def adjust_offerings(state, params):
    """Harvest d. (CD-HARVEST-08, CD-FAQ-04..06): step SUB of Flesh card, (Flesh Favor:
    bids only), Spirit card, Spirit Favor (CD-FAVOR-05/06), Bone card."""
    k = state[L.SUB]
    if k >= 2 * L.NUM_FACTIONS:
        state[L.STAGE] = L.S_PAY
        return True
    f = k // 2
    if k % 2 == 0:
        if not adjust(state, params, f):
            return False
    elif f == L.SPIRIT:
        if not spirit_favor(state, params):
            return False
    state[L.SUB] = k + 1
    return True


@row_kernel(inline="always")
def pay_celestials(state, params):
    """Harvest e. (CD-HARVEST-09, -10, -12): total the Offerings; they go to the bank
    (but Gallevarbe's claim); the Harvest succeeds on reaching the threshold."""
    total = 0
    for s in range(params[L.P_NUM_PLAYERS]):
        if state[L.ALIVE + s]:
            total += state[L.OFFER + s]
    state[L.TOTAL] = total
    claim_excess(state, params)  # every other offered soul goes back to the bank
    state[L.OUTCOME] = 1 if (total >= state[L.THRESH] and state[L.FORCED_FAIL] == 0) else 0
    state[L.SUB] = 0
    state[L.STAGE] = L.S_END_STEP
    return True


@row_kernel(inline="always")
def end_of_harvest(state, params):
    """Harvest f. (CD-HARVEST-13): slot SUB's Cleopsis or Demithyle may settle the outcome."""
    f = state[L.SUB]
    if f >= L.NUM_FACTIONS:
        state[L.SUB2] = 0
        state[L.STAGE] = L.S_RESULT
        return True
    if not end_step(state, params, f):
        return False
    state[L.SUB] = f + 1
    return True


# ---- Resolution ---------------------------------------------------------------------------
@row_kernel(inline="always")
def harvest_success(state, params):
    """Resolution a. (CD-HARVEST-15..18): the most souls offered gains the bonus Influence
    (a tie: the Bone Favor, else rules.toml harvest.bonus_tie); Mortis Knighthood pays
    back its stake and more (CD-CARD-39).  False while the Bone Favor holder decides."""
    P = params[L.P_NUM_PLAYERS]
    m = extreme_mask(state, params, L.OFFER, True)
    if popcount(m) > 1:
        t = tie(state, params, m, 0, -1)
        if t == -2:
            return False
        if t >= 0:
            m = 1 << t
        elif params[L.P_BONUS_TIE_ALL] == 0:
            m = 0
    for s in range(P):
        if (m >> s) & 1:
            state[L.INFL + s] = cap(state[L.INFL + s] + params[L.P_BONUS],
                                    params[L.P_BONUS_CAP])
    for f in range(L.NUM_FACTIONS):
        w = state[L.SLOT_WIN + f]
        c = state[L.SLOT_EFF + f]
        if w >= 0 and c >= 0 and params[L.P_CARD_EFFECT + c] == L.E_STAKE:
            v = state[L.SLOT_VAL + f]
            state[L.SOULS + w] += v + v * params[L.P_CARD_B + c]
    return True


@row_kernel(inline="always")
def harvest_failure(state, params):
    """Resolution b. (CD-FAIL-01..07, -14): one Failure token (SUB2 = 1 once taken); the
    fewest offered resolve the Fail effect, oldest first, or from the 3rd failure on are
    eliminated; the Bone Favor may break the tie.  False while its holder decides."""
    if state[L.SUB2] == 0:
        state[L.FAILS] += 1
        state[L.SUB2] = 1
    m = extreme_mask(state, params, L.OFFER, False)
    if popcount(m) > 1:
        t = tie(state, params, m, 0, -1)
        if t == -2:
            return False
        if t >= 0:
            m = 1 << t
    if state[L.FAILS] <= params[L.P_FAIL_EFFECT_UPTO]:
        h = state[L.HCARD]
        for s in range(params[L.P_NUM_PLAYERS]):  # oldest first: seat 0 is the oldest
            if (m >> s) & 1:
                fail_effect(state, params, s, params[L.P_H_FAIL + h], params[L.P_H_FAIL_A + h])
    else:
        eliminate(state, params, m)
    return True


@row_kernel(inline="always")
def resolution(state, params):
    """Resolution: a. success or b. failure of this round's Harvest."""
    if state[L.OUTCOME] == 1:
        if not harvest_success(state, params):
            return False
    elif not harvest_failure(state, params):
        return False
    state[L.SUB2] = 0
    state[L.STAGE] = L.S_ROUND_END
    return True


@row_kernel
def eliminate(state, params, mask):
    """CD-FAIL-05, -08, -12, -13: eliminate the seats of ``mask``; the last seat left wins
    at once (CD-END-03)."""
    P = params[L.P_NUM_PLAYERS]
    left = alive_mask(state, params) & ~mask
    if left == 0:
        if params[L.P_ALL_ELIM_VOID]:
            return  # assumed alternative: an elimination that would empty the table is void
        for s in range(P):
            if (mask >> s) & 1:
                state[L.ALIVE + s] = 0
                state[L.SOULS + s] = 0
                state[L.ELIMS] += 1
        state[L.WIN_MASK] = 0
        state[L.END] = L.END_ALL_OUT
        return
    for s in range(P):
        if (mask >> s) & 1:
            state[L.ALIVE + s] = 0
            state[L.SOULS + s] = 0  # collected souls go back to the supply
            state[L.ELIMS] += 1
            for f in range(L.NUM_FACTIONS):
                if state[L.FAVOR + f] == s:
                    state[L.FAVOR + f] = -1  # assumed: the Favor returns beside its deck
    if popcount(left) == 1:
        state[L.WIN_MASK] = left
        state[L.END] = L.END_SURVIVOR


# ---- End of the Game ----------------------------------------------------------------------
@row_kernel(inline="always")
def round_end(state, params):
    """CD-SETUP-14, CD-END-01: the game ends once the Final Harvest is resolved."""
    last = state[L.ROUND] >= params[L.P_HARVESTS] + 1
    state[L.STAGE] = L.S_FINAL if last else L.S_ROUND_START
    return True


@row_kernel
def end_of_game(state, params):
    """CD-END-02, -05..-09: most souls wins; the Bone Favor, then most Influence, break
    ties; else the victory is shared.  False while the Bone Favor holder decides."""
    m = extreme_mask(state, params, L.SOULS, True)
    if popcount(m) > 1:
        t = tie(state, params, m, 0, -1, params[L.P_FINAL_TIE_ROUND] == 0)
        if t == -2:
            return False
        if t >= 0:
            m = 1 << t
        else:
            best = -1
            m2 = 0
            for s in range(params[L.P_NUM_PLAYERS]):
                if (m >> s) & 1:
                    v = state[L.INFL + s]
                    if v > best:
                        best = v
                        m2 = 1 << s
                    elif v == best:
                        m2 |= 1 << s
            m = m2
    state[L.WIN_MASK] = m
    state[L.END] = L.END_FINAL
    return True


# ---- the round machine --------------------------------------------------------------------
@row_kernel
def settle(state, params):
    """Run the round machine until a seat must decide or the game is over.

    ``step`` calls it after storing the action; tests call it after building a
    state by hand (set ``STAGE``/``SUB``/``SUB2`` and the fields that stage reads).
    """
    while True:
        if state[L.END] != L.END_PLAYING:
            state[L.DEC] = L.D_NONE
            state[L.STAGE] = L.S_DONE
            return
        st = state[L.STAGE]
        if st == L.S_ROUND_START:
            go = round_start(state, params)
        elif st == L.S_COURT_REVEAL:
            go = reveal_court_cards(state, params)
        elif st == L.S_BID:
            go = choose_bids(state, params)
        elif st == L.S_BID_REVEAL:
            reveal_bids(state)
            go = adjust_influence(state, params)
        elif st == L.S_SPEND:
            go = spend_influence(state, params)
        elif st == L.S_WINNERS:
            go = court_winners(state, params)
        elif st == L.S_RESOLVE:
            go = resolve_court_cards(state, params)
        elif st == L.S_FAVORS:
            go = award_favors(state, params)
        elif st == L.S_UNITED:
            go = united_favors(state, params)
        elif st == L.S_HARVEST_REVEAL:
            go = reveal_harvest(state, params)
        elif st == L.S_OFFER:
            go = prepare_offerings(state, params)
        elif st == L.S_OFFER_REVEAL:
            go = reveal_offerings(state, params)
        elif st == L.S_ADJUST:
            go = adjust_offerings(state, params)
        elif st == L.S_PAY:
            go = pay_celestials(state, params)
        elif st == L.S_END_STEP:
            go = end_of_harvest(state, params)
        elif st == L.S_RESULT:
            go = resolution(state, params)
        elif st == L.S_ROUND_END:
            go = round_end(state, params)
        elif st == L.S_FINAL:
            go = end_of_game(state, params)
        else:
            go = False
        if not go:
            return


# ---- the game contract ----------------------------------------------------------------------
@njit(cache=True)
def init(state, params, rng):
    P = params[L.P_NUM_PLAYERS]
    for i in range(state.shape[0]):  # explicit loop: no parfor under parallel callers
        state[i] = 0
    for f in range(L.NUM_FACTIONS):
        state[L.FAVOR + f] = -1
        state[L.REVEALED + f] = -1
        state[L.SLOT_WIN + f] = -1
        state[L.SLOT_EFF + f] = -1
    for s in range(P):
        state[L.ALIVE + s] = 1
        state[L.INFL + s] = params[L.P_INFL_START]
    for c in range(L.NUM_CARDS):
        state[L.CARD_WON + c] = -1
    # Court decks: each faction's 7 cards plus one United card dealt at random, shuffled
    united = np.empty(L.NUM_FACTIONS, np.int32)
    nu = 0
    fill = np.empty(L.NUM_FACTIONS, np.int32)
    for f in range(L.NUM_FACTIONS):
        fill[f] = 0
    for c in range(L.NUM_CARDS):
        f = params[L.P_CARD_FACTION + c]
        if f == L.UNITED:
            united[nu] = c
            nu += 1
        else:
            state[L.DECK + f * L.DECK_LEN + fill[f]] = c
            fill[f] += 1
    shuffle(rng, united, L.NUM_FACTIONS)
    for f in range(L.NUM_FACTIONS):
        state[L.DECK + f * L.DECK_LEN + L.DECK_LEN - 1] = united[f]
        shuffle(rng, state[L.DECK + f * L.DECK_LEN:L.DECK + (f + 1) * L.DECK_LEN], L.DECK_LEN)
    # Harvest deck: harvest.count random Harvest cards on one random Final Harvest
    hv = np.arange(L.NUM_HARVEST).astype(np.int32)
    shuffle(rng, hv, L.NUM_HARVEST)
    n = params[L.P_HARVESTS]
    for i in range(n):
        state[L.HDECK + i] = hv[i]
    state[L.HDECK + n] = L.NUM_HARVEST + randint(rng, L.NUM_FINAL)
    state[L.STAGE] = L.S_ROUND_START
    settle(state, params)


@row_kernel
def current_player(state, params):
    return state[L.CUR]


@row_kernel
def is_terminal(state, params):
    return state[L.END] != L.END_PLAYING


@njit(cache=True)
def legal_actions(state, params, out):
    if state[L.END] != L.END_PLAYING:
        return 0
    kind = state[L.LEG_KIND]
    lo = state[L.LEG_LO]
    hi = state[L.LEG_HI]
    n = 0
    if kind == L.LK_BIDS:
        for f in range(L.NUM_FACTIONS):
            for a in range(lo, hi + 1):
                out[n] = encode_bid(f, a)
                n += 1
    elif kind == L.LK_AMT:
        for k in range(lo, hi + 1):
            out[n] = L.AMT_BASE + k
            n += 1
    else:
        m = state[L.LEG_MASK]
        for b in range(11):
            if (m >> b) & 1:
                out[n] = L.SMALL_BASE + b
                n += 1
    return n


@row_kernel
def step(state, params, action, rng):
    state[L.MOVES] += 1
    state[L.CHOICE] = action
    state[L.READY] = 1
    settle(state, params)


@row_kernel
def returns(state, params, out):
    mask_returns(state[L.WIN_MASK], params[L.P_NUM_PLAYERS], out)


@row_kernel
def scores(state, params, out):
    for s in range(params[L.P_NUM_PLAYERS]):
        out[s] = state[L.SOULS + s]


@row_kernel
def info(state, params, out):
    out[0] = state[L.ROUND]
    out[1] = state[L.END]
    out[2] = state[L.FAILS]
    out[3] = state[L.ELIMS]
    for c in range(L.NUM_CARDS):
        out[4 + c] = state[L.CARD_WON + c]


@row_kernel
def _offer_guess(state, params, s, rng):
    """A secret Offering of seat ``s`` as a player at the table would guess it: the rule of
    one of the scripted personas (agents/scripted/court.py) drawn at random, from public
    facts only: the fair share of the Harvest's threshold (fair-share), one soul more
    (court-hawk) or one less (free-rider), within 0..souls and the legal minimum."""
    P = params[L.P_NUM_PLAYERS]
    alive = 0
    for q in range(P):
        alive += state[L.ALIVE + q]
    fair = (state[L.THRESH] + alive - 1) // max(alive, 1)
    k = fair + randint(rng, 3) - 1
    hi = cap(state[L.SOULS + s], L.MAX_AMT)
    lo = 1 if (params[L.P_ZERO_OFFER_OK] == 0 and hi >= 1) else 0
    return min(max(k, lo), hi)


@row_kernel
def _bid_guess(state, params, s, lo, rng):
    """A hidden bid of seat ``s`` as a player at the table would guess it: the bid of one
    of the scripted personas drawn at random (simcore/court/guess.py: the card it is
    predicted onto, as much as that persona bids on a card of that worth), from public
    facts only.  Uniform draws over the factions and 0..Influence overstate a seat's bid
    once it has saved Influence, and spread it over cards nobody wants."""
    return persona_bid(state, params, randint(rng, NUM_PERSONAS), rng, s, lo,
                       state[L.INFL + s])


@row_kernel
def simultaneous(state, params):
    """The round of hidden simultaneous choices the seat to act is in (search must not let
    it see the others' choices of that round), or 0: the bids of round r are round 2r + 1,
    its secret Offerings 2r + 2 (Offerings made without a screen are public)."""
    d = state[L.DEC]
    if state[L.END] != L.END_PLAYING:
        return 0
    if d == L.D_BID:
        return 2 * state[L.ROUND] + 1
    if d == L.D_OFFER and not (state[L.EXPOSED_MASK] >> state[L.CUR]) & 1:
        return 2 * state[L.ROUND] + 2
    return 0


@row_kernel
def pending_round(state, params):
    """The round whose outcome the seat to act waits on (the ``value`` player judges a
    choice once that round has resolved), or 0: a bid, round 2r + 1 (as
    :func:`simultaneous`); an Offering, public or behind a screen, and every choice until
    the Harvest resolves (Spirit and Flesh Favor adjustments, Shieve's amount), round
    2r + 2: a public Offering or a Favor's one soul costs nothing until the Harvest's
    success or failure, and its fewest-souls elimination, show."""
    if state[L.END] != L.END_PLAYING:
        return 0
    if state[L.DEC] == L.D_BID:
        return 2 * state[L.ROUND] + 1
    if L.S_OFFER <= state[L.STAGE] <= L.S_END_STEP:
        return 2 * state[L.ROUND] + 2
    return 0


@njit(cache=True)
def determinize(state, params, observer, rng):
    """Re-draw what ``observer`` cannot see, consistently with what it has seen.

    * bids committed but not revealed by other seats: drawn from the scripted personas'
      bid rule (:func:`_bid_guess`), not uniformly over the factions and 0..Influence;
    * Offerings committed in secret by other seats: drawn from the scripted personas'
      rule (:func:`_offer_guess`), not uniformly over 0..souls, which overstates them once
      a seat has saved souls (Offerings made without a screen are public and kept);
    * the unseen Court cards: the unseen United cards are dealt again among the
      decks whose United card has not shown, then each deck's unseen part is shuffled;
    * the unseen Harvest cards: drawn again from the Harvest cards not yet turned
      up, and the Final Harvest (while unseen) from the three.
    """
    if state[L.END] != L.END_PLAYING:
        return
    P = params[L.P_NUM_PLAYERS]
    if state[L.BIDS_REVEALED] == 0:
        for s in range(P):
            if s == observer or not state[L.ALIVE + s] or not (state[L.BID_DONE] >> s) & 1:
                continue
            infl = state[L.INFL + s]
            if infl == 0 and params[L.P_MIN_WIN_BID] >= 1:
                continue
            lo = 1 if (params[L.P_ZERO_BID_OK] == 0 and infl >= 1) else 0
            state[L.BID_F + s], state[L.BID_A + s] = _bid_guess(state, params, s, lo, rng)
    if state[L.OFFERS_REVEALED] == 0:
        for s in range(P):
            if (s == observer or not state[L.ALIVE + s] or not (state[L.OFFER_DONE] >> s) & 1
                    or (state[L.EXPOSED_MASK] >> s) & 1):
                continue
            state[L.OFFER + s] = _offer_guess(state, params, s, rng)
    # Court decks
    pos = np.empty(L.NUM_FACTIONS, np.int64)
    ids = np.empty(L.NUM_FACTIONS, np.int32)
    nu = 0
    for f in range(L.NUM_FACTIONS):
        for i in range(state[L.DECK_PTR + f], L.DECK_LEN):
            c = state[L.DECK + f * L.DECK_LEN + i]
            if params[L.P_CARD_FACTION + c] == L.UNITED:
                pos[nu] = L.DECK + f * L.DECK_LEN + i
                ids[nu] = c
                nu += 1
    shuffle(rng, ids, nu)
    for i in range(nu):
        state[pos[i]] = ids[i]
    for f in range(L.NUM_FACTIONS):
        p = state[L.DECK_PTR + f]
        if p < L.DECK_LEN - 1:
            top = L.DECK + f * L.DECK_LEN
            shuffle(rng, state[top + p:top + L.DECK_LEN], L.DECK_LEN - p)
    # Harvest deck
    n = params[L.P_HARVESTS]
    hp = state[L.HPTR]
    if hp <= n:
        pool = np.empty(L.NUM_HARVEST, np.int32)
        k = 0
        for h in range(L.NUM_HARVEST):
            seen = False
            for i in range(hp):
                if state[L.HDECK + i] == h:
                    seen = True
            if not seen:
                pool[k] = h
                k += 1
        shuffle(rng, pool, k)
        for i in range(hp, n):
            state[L.HDECK + i] = pool[i - hp]
        state[L.HDECK + n] = L.NUM_HARVEST + randint(rng, L.NUM_FINAL)

