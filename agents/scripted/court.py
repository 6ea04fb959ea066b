"""Scripted Court of the Dead: Dark Harvest players.

Personas (``SPEC.personas``; the first is plain ``scripted``):

* ``fair-share`` (0): offers its fair share of the threshold, ceil(threshold / players in
  the game), or all it has, adapted to the others (below); bids a little Influence on the
  card worth most to it and all it holds in the last Court phase; stakes on Mortis
  Knighthood all it can spare; never sabotages a Harvest and always saves one with
  Demithyle.
* ``free-rider`` (1): offers the least that keeps it safe, judged only on public facts
  (souls are public by memory, Offerings made without a screen are public): either
  what the Harvest still needs if the others give their fair share, or one soul more than
  the poorest-looking other player will give, never above its fair share; bids 1 at most;
  sabotages (Ghetis, Cleopsis) when a failure hurts others and not itself.
* ``court-hawk`` (2): spends Influence hard on strong Court cards (all of it on a card
  worth 3+ souls to it), offers its fair share plus one to take the success bonus
  Influence, sabotages like the free rider.

Card worth, the predicted card and the bid amounts live in simcore/court/guess.py: the
engine's ``determinize`` draws another seat's hidden bid from the same rule.

Fixes over the frozen player (the pre-fix player is the ``legacy`` persona, court_legacy.py):

* bids: every seat values the cards alike, so at 4-6 players two seats used to bid on the
  same card and the others went unbid.  Now a seat predicts the table: the seats in
  order of Influence (then seat) each take the card best for them after the ones already
  taken (a taken card is worth a share), and a seat bids on its own card, as much as
  the persona bids on a card of that worth (a card worth 1-2.5 souls goes for 1: a lone
  bid of 0 wins a card, by the rulebook, but 1 beats a rival who bids 0 on it).  A
  first version bid 1 on every card it predicted uncontested; bids are hidden, so any
  seat valuing the card more outbid it, and a lone legacy player beat two of them 64.9%
  [62.8, 66.9] at 3 players (1 legacy, 2 fair-share, 2,000 games), against 12.5%
  [10.7, 14.5] now (1,200 games);
* the Favors: the Flesh Favor counted 0.5 and the others 1.5 (arbitrary): now every
  Favor counts the same, and one the seat already holds counts nothing;
* the free rider no longer assumes everyone else offers ceil(T/n): after a failed
  Harvest (another free rider, or sabotage, at the table) it assumes the others give one
  soul less than that; and when the Harvest is already forced to fail its Offering cannot
  save it, so it offers only what keeps it off the fewest (the seat a failure hits).

Later fixes (the player before them is now the frozen ``legacy`` persona):

* contested cards: the predicted rival count was thrown away, so two seats of one persona
  predicted onto one card bid the same and the tie lost it for both.  Now each seat
  predicted to share its card adds a drawn 0..rivals + 1 Influence (no more than the card
  is worth above its bid);
* the prediction's order among seats of equal Influence starts at a seat drawn from a hash
  of public facts (the round, the cards turned up) that every seat computes alike (it
  was the lowest seat first, every round: the first and last seats shared one card);
* fair-share adapts to the others: when the Harvest cannot succeed on its fair share
  (some seat cannot pay its share, or it is forced to fail) it gives only what keeps it
  off the fewest;
* ties in the Bone Favor's choice and in targeting (the richest, the biggest Offering,
  the most an Exraile raise gains) go to a seat drawn from the player's stream, not the
  lowest seat.

Fair-share against the frozen player (it lost 2v2 at 4 players, 24.2% [23.7, 24.6] against
25.8%, 20,000 games; the two played much the same Harvest, so its Influence and stakes):

* a game gives about the same Influence to spend (5, then 1 a round, max 5), and the
  random extra on a contested card (above) spent it in the early rounds: fair-share won
  more cards in round 2 and fewer in rounds 5-6 than the frozen player, where a card
  decides more.  It now adds the extra only in the last two Court phases;
* in the last Court phase Influence kept only breaks a tie for the most souls: it bids
  all it holds on its card (was 1-2);
* Mortis Knighthood's stake comes back doubled when the Harvest succeeds, and a
  fair-share seat pays its share of that Harvest: it stakes all it can but a fair share
  of the largest threshold the coming Harvest can show (was half the most it may stake).

The policy reads only public fields: never another seat's unrevealed bid or secret Offering.
"""

from simcore.common import row_kernel

from simcore.court import SPEC
from simcore.court import layout as L
from simcore.court.actions import encode_bid
from simcore.court.guess import (  # the personas' reading of the cards, shared with determinize
    COURT_HAWK, FAIR_SHARE, FREE_RIDER, persona_bid,  # noqa: F401  (FREE_RIDER: the persona list)
    alive_n as _alive_n, effect_worth as _effect_worth, is_richest as _is_richest)
from simcore.court.guess import card_worth as _card_worth  # noqa: F401  (tests read them here)
from simcore.court.guess import predicted_card as _predicted_card  # noqa: F401
from simcore.rng import randint
from agents.scripted import has_action as _has

#: persona index of the pre-fix player (agents/scripted/court_legacy.py), always last
LEGACY = len(SPEC.personas) - 1


# ---- small helpers ----------------------------------------------------------------------
@row_kernel
def _fair(state, P):
    n = _alive_n(state, P)
    return (state[L.THRESH] + n - 1) // n


@row_kernel
def _amount(legal, n, k):
    """The legal amount action closest to ``k``."""
    best = legal[0]
    bd = 1 << 30
    for i in range(n):
        d = abs(legal[i] - L.AMT_BASE - k)
        if d < bd:
            bd = d
            best = legal[i]
    return best


@row_kernel
def _richest_other(state, P, me, rng):
    """The living other seat with the most souls; a tie goes to a drawn one among them
    (not the lowest seat, which made the lowest seats everyone's target)."""
    best = -1
    bs = -1
    ties = 0
    for s in range(P):
        if s == me or not state[L.ALIVE + s]:
            continue
        v = state[L.SOULS + s]
        if v > bs:
            bs = v
            best = s
            ties = 1
        elif v == bs:
            ties += 1
            if randint(rng, ties) == 0:  # reservoir draw: each tied seat alike
                best = s
    return best


@row_kernel
def _total_offer(state, P):
    t = 0
    for s in range(P):
        if state[L.ALIVE + s]:
            t += state[L.OFFER + s]
    return t


@row_kernel
def _min_other_offer(state, P, me):
    m = 1 << 30
    for s in range(P):
        if s != me and state[L.ALIVE + s] and state[L.OFFER + s] < m:
            m = state[L.OFFER + s]
    return m


# ---- decisions -------------------------------------------------------------------------------
@row_kernel
def _bid(state, params, persona, rng, me):
    bf, amt = persona_bid(state, params, persona, rng, me, state[L.LEG_LO], state[L.LEG_HI])
    return encode_bid(bf, amt)


@row_kernel
def _flesh_adjust(state, params, legal, n, me):
    P = params[L.P_NUM_PLAYERS]
    f = state[L.BID_F + me]
    mine = state[L.BID_A + me]
    top = 0
    rivals = 0
    for s in range(P):
        if s != me and state[L.ALIVE + s] and state[L.BID_F + s] == f:
            rivals += 1
            if state[L.BID_A + s] > top:
                top = state[L.BID_A + s]
    up = L.ADJ_BASE + 2
    down = L.ADJ_BASE
    low = params[L.P_MIN_WIN_BID]  # a sole bid wins at this amount or more (0 by the rulebook)
    if ((mine <= top and mine + 1 > top if rivals > 0 else mine < low <= mine + 1)
            and _has(legal, n, up)):
        return up  # the extra Influence wins the card (or breaks the tie)
    alone = rivals == 0 and mine - 1 >= low
    if (mine >= 1 and (alone or (rivals > 0 and (mine - 1 > top or mine + 1 < top)))
            and _has(legal, n, down)):
        return down  # keep a won card cheaper, or save Influence on a lost one
    return L.ADJ_BASE + 1


@row_kernel
def _fair_offer(state, params, me, fair, souls):
    """Fair-share's Offering: its fair share, adapted to what the others can and will give
    (public facts only: souls by memory, Offerings made without a screen).

    The others are expected to give their fair share or all they have (one soul less each
    after a failed Harvest showed someone short); when the Harvest cannot succeed on its
    fair share (forced to fail, or the others short) it gives only what keeps it off the
    fewest, the seats a failure hits.  (Covering the others' shortfall instead cost souls,
    which are the score: a first version that did so lost to the frozen player, 23.6%
    [23.2, 24.1] against 26.4% at 4 players, 20,000 games.)"""
    P = params[L.P_NUM_PLAYERS]
    guess = fair - 1 if state[L.FAILS] > 0 else fair
    if guess < 0:
        guess = 0
    others = 0
    least = 1 << 30
    for s in range(P):
        if s == me or not state[L.ALIVE + s]:
            continue
        if (state[L.EXPOSED_MASK] >> s) & 1 and (state[L.OFFER_DONE] >> s) & 1:
            e = state[L.OFFER + s]
        else:
            e = min(state[L.SOULS + s], guess)
        others += e
        if e < least:
            least = e
    if not state[L.FORCED_FAIL] and state[L.THRESH] - others <= fair:
        return min(fair, souls)  # the Harvest succeeds on its fair share
    return min(least + 1, fair, souls)  # a lost Harvest: just off the fewest


@row_kernel
def _offer(state, params, persona, legal, n, me):
    P = params[L.P_NUM_PLAYERS]
    fair = _fair(state, P)
    souls = state[L.SOULS + me]
    if persona == FAIR_SHARE:
        return _amount(legal, n, _fair_offer(state, params, me, fair, souls))
    if persona == COURT_HAWK:
        return _amount(legal, n, min(fair + 1, souls))
    # free rider: public facts only (souls by memory, Offerings made without a screen);
    # after a failed Harvest (a second free rider or a saboteur at the table) the others
    # are no longer trusted to give their full fair share
    guess = fair - 1 if state[L.FAILS] > 0 else fair
    if guess < 0:
        guess = 0
    others = 0
    least = 1 << 30
    least_full = 1 << 30  # the least the others give if they do give their fair share
    for s in range(P):
        if s == me or not state[L.ALIVE + s]:
            continue
        if (state[L.EXPOSED_MASK] >> s) & 1 and (state[L.OFFER_DONE] >> s) & 1:
            e = state[L.OFFER + s]
            ef = e
        else:
            e = min(state[L.SOULS + s], guess)
            ef = min(state[L.SOULS + s], fair)
        others += e
        if e < least:
            least = e
        if ef < least_full:
            least_full = ef
    if state[L.FORCED_FAIL]:
        # the Harvest fails whatever is offered: only staying off the fewest matters, at
        # any price when the failure eliminates, else up to the fair share
        k = least_full + 1
        if state[L.FAILS] + 1 <= params[L.P_FAIL_EFFECT_UPTO] and k > fair:
            k = fair
        return _amount(legal, n, min(k, souls))
    need = state[L.THRESH] - others
    if need < 0:
        need = 0
    k = min(need, least + 1)
    k = min(k, fair)
    return _amount(legal, n, min(k, souls))


@row_kernel
def _spirit_adjust(state, params, persona, legal, n, me):
    P = params[L.P_NUM_PLAYERS]
    total = _total_offer(state, P)
    t = state[L.THRESH]
    mine = state[L.OFFER + me]
    low = _min_other_offer(state, P, me)
    up = L.ADJ_BASE + 2
    down = L.ADJ_BASE
    if total < t and total + 1 >= t and _has(legal, n, up):
        return up
    if total < t and mine <= low and mine + 1 > low and _has(legal, n, up):
        return up  # escape being the fewest on a failing Harvest
    if (persona != FAIR_SHARE and total - 1 >= t and mine - 1 > low
            and _has(legal, n, down)):
        return down
    return L.ADJ_BASE + 1


@row_kernel
def _fewest_mask(state, P):
    m = 0
    best = 1 << 30
    for s in range(P):
        if state[L.ALIVE + s]:
            v = state[L.OFFER + s]
            if v < best:
                best = v
                m = 1 << s
            elif v == best:
                m |= 1 << s
    return m


@row_kernel
def _sabotage(state, params, persona, me):
    """Force a failure? Only when it hurts others and not ``me``."""
    if persona == FAIR_SHARE:
        return False
    P = params[L.P_NUM_PLAYERS]
    if (_fewest_mask(state, P) >> me) & 1:
        return False
    return state[L.FAILS] >= params[L.P_FAIL_EFFECT_UPTO] or _is_richest(state, P, me)


@row_kernel
def _yes_no(state, params, persona, me):
    eff = state[L.DEC_EFF]
    if eff == L.E_SUCCEED_AT_END:
        if persona == FAIR_SHARE:
            return L.A_YES
        P = params[L.P_NUM_PLAYERS]
        if (_fewest_mask(state, P) >> me) & 1:
            return L.A_YES
        return L.A_DECLINE if state[L.FAILS] >= params[L.P_FAIL_EFFECT_UPTO] else L.A_YES
    return L.A_YES if _sabotage(state, params, persona, me) else L.A_DECLINE


@row_kernel
def _tie(state, params, legal, n, me, rng):
    """Bone Favor tie-break: take wins for myself, push losses onto a drawn other seat of
    the tie (not the lowest seat, which made the lowest seats everyone's victim)."""
    P = params[L.P_NUM_PLAYERS]
    mask = state[L.LEG_MASK] >> L.BIT_OPT
    mine = (mask >> me) & 1
    st = state[L.STAGE]
    winning = st == L.S_WINNERS or st == L.S_FINAL or (st == L.S_RESULT and state[L.OUTCOME] == 1)
    if winning:
        return L.OPT_BASE + me if mine else L.A_DECLINE
    if not mine:
        return L.A_DECLINE
    k = 0
    for s in range(P):
        if s != me and (mask >> s) & 1:
            k += 1
    if k == 0:
        return L.A_DECLINE
    j = randint(rng, k)
    for s in range(P):
        if s != me and (mask >> s) & 1:
            if j == 0:
                return L.OPT_BASE + s
            j -= 1
    return L.A_DECLINE


@row_kernel
def _target(state, params, persona, legal, n, me, rng):
    P = params[L.P_NUM_PLAYERS]
    eff = state[L.DEC_EFF]
    if eff == L.E_RAISE_OFFER:
        c = state[L.SLOT_EFF + state[L.DEC_SLOT]]
        a = params[L.P_CARD_A + c] if c >= 0 else 0
        if _total_offer(state, P) >= state[L.THRESH]:
            if _has(legal, n, L.A_DECLINE):
                return L.A_DECLINE
        if params[L.P_RAISE_OWN]:
            # own Offering (the other reading of Exraile): raise it while the Harvest
            # falls short, since a failure costs more than the souls it gives
            if min(a - state[L.OFFER + me], state[L.SOULS + me]) > 0 \
                    and _has(legal, n, L.OPT_BASE + me):
                return L.OPT_BASE + me
            return L.A_DECLINE if _has(legal, n, L.A_DECLINE) else legal[0]
        best = -1
        gain = 0
        ties = 0
        for s in range(P):
            if s != me and _has(legal, n, L.OPT_BASE + s):
                g = min(a - state[L.OFFER + s], state[L.SOULS + s])
                if g > gain:
                    gain = g
                    best = s
                    ties = 1
                elif g == gain and best >= 0:
                    ties += 1
                    if randint(rng, ties) == 0:  # a tie: a drawn seat, not the lowest
                        best = s
        if best >= 0:
            return L.OPT_BASE + best
        return L.A_DECLINE if _has(legal, n, L.A_DECLINE) else legal[0]
    if eff == L.E_SWAP:
        best = -1
        top = state[L.OFFER + me]
        ties = 0
        for s in range(P):
            if s != me and _has(legal, n, L.OPT_BASE + s):
                v = state[L.OFFER + s]
                if v > top:
                    top = v
                    best = s
                    ties = 1
                elif v == top and best >= 0:
                    ties += 1
                    if randint(rng, ties) == 0:  # a tie: a drawn seat, not the lowest
                        best = s
        if best >= 0:
            return L.OPT_BASE + best
        return L.A_DECLINE if _has(legal, n, L.A_DECLINE) else legal[0]
    s = _richest_other(state, P, me, rng)
    if s >= 0 and _has(legal, n, L.OPT_BASE + s):
        return L.OPT_BASE + s
    return legal[0]


@row_kernel
def _stake(state, params, me, hi):
    """Fair-share's stake on Mortis Knighthood: all it may stake but a fair share of the
    largest threshold the Harvest to come can show (it is not turned up yet).  The stake
    comes back with b more a soul when the Harvest succeeds, and a fair-share seat pays its
    share of that Harvest: a good bet, and half of it (as before) left souls unwon."""
    P = params[L.P_NUM_PLAYERS]
    final = state[L.ROUND] >= params[L.P_HARVESTS] + 1
    t = 0
    for h in range(L.NUM_HCARDS):
        if (h >= L.NUM_HARVEST) == final and params[L.P_H_THRESH + h] > t:
            t = params[L.P_H_THRESH + h]
    n = _alive_n(state, P)
    keep = (t + params[L.P_THRESH_OFFSET] + n - 1) // n
    return max(0, min(hi, state[L.SOULS + me] - keep))


@row_kernel
def _amount_choice(state, params, persona, legal, n, me):
    P = params[L.P_NUM_PLAYERS]
    hi = state[L.LEG_HI]
    if state[L.DEC_EFF] == L.E_STAKE:
        if persona == FAIR_SHARE:
            return _amount(legal, n, _stake(state, params, me, hi))
        return _amount(legal, n, hi if persona == COURT_HAWK else hi // 2)
    if state[L.DEC_EFF] == L.E_ADD_OWN:
        short = state[L.THRESH] - _total_offer(state, P)
        if short > 0 and short <= hi:
            return _amount(legal, n, short)
        low = _min_other_offer(state, P, me)
        mine = state[L.OFFER + me]
        if mine <= low and low + 1 - mine <= hi:
            return _amount(legal, n, low + 1 - mine)
        return _amount(legal, n, 0)
    return legal[0]


@row_kernel
def scripted_action(state, params, persona, rng, legal, n):
    me = state[L.CUR]
    dec = state[L.DEC]
    if dec == L.D_BID:
        a = _bid(state, params, persona, rng, me)
        return a if _has(legal, n, a) else legal[0]
    if dec == L.D_OFFER:
        return _offer(state, params, persona, legal, n, me)
    if dec == L.D_FLESH_ADJ:
        return _flesh_adjust(state, params, legal, n, me)
    if dec == L.D_SPIRIT_ADJ:
        return _spirit_adjust(state, params, persona, legal, n, me)
    if dec == L.D_YESNO:
        a = _yes_no(state, params, persona, me)
        return a if _has(legal, n, a) else legal[0]
    if dec == L.D_TIE:
        a = _tie(state, params, legal, n, me, rng)
        return a if _has(legal, n, a) else legal[0]
    if dec == L.D_TARGET:
        return _target(state, params, persona, legal, n, me, rng)
    if dec == L.D_AMOUNT:
        return _amount_choice(state, params, persona, legal, n, me)
    if dec == L.D_COPY:
        best = legal[0]
        bv = -1e18
        for i in range(n):
            k = legal[i] - L.OPT_BASE
            c = state[L.REVEALED + k]
            v = _effect_worth(state, params, me, params[L.P_CARD_EFFECT + c],
                              params[L.P_CARD_A + c], params[L.P_CARD_B + c])
            if v > bv:
                bv = v
                best = legal[i]
        return best
    if dec == L.D_FAVOR:
        for f in (L.BONE, L.SPIRIT, L.FLESH):
            if _has(legal, n, L.OPT_BASE + f):
                return L.OPT_BASE + f
        return legal[0]
    return legal[randint(rng, n)]

