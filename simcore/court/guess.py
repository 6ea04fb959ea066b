"""How a player at the Court table reads the cards and the other seats: the scripted
personas' card worth and bid rule, from public facts only.

The scripted players (agents/scripted/court.py) bid by it, and ``determinize``
(engine.py) draws another seat's hidden committed bid from it (#33: from a policy, not
uniformly), which is why it lives in the engine package.

Card worth is a rough soul-equivalent per effect code (so it follows rules.toml
overrides), plus the Favor the card brings (the same worth for every Favor, nothing for a
Favor the seat already holds).
"""

import numpy as np

from simcore.common import row_kernel
from simcore.court import layout as L
from simcore.rng import GOLDEN, mix64, randint

#: the scripted personas in SPEC.personas order (the frozen legacy one is not read here)
FAIR_SHARE = 0
FREE_RIDER = 1
COURT_HAWK = 2
NUM_PERSONAS = 3
FAVOR_WORTH = 1.0   # every Favor alike (the frozen player: Flesh 0.5, Spirit and Bone 1.5)


@row_kernel
def alive_n(state, P):
    k = 0
    for s in range(P):
        k += state[L.ALIVE + s]
    return k


@row_kernel
def is_richest(state, P, me):
    for s in range(P):
        if s != me and state[L.ALIVE + s] and state[L.SOULS + s] >= state[L.SOULS + me]:
            return False
    return True


@row_kernel
def effect_worth(state, params, me, eff, a, b):
    P = params[L.P_NUM_PLAYERS]
    n = alive_n(state, P)
    if eff == L.E_GAIN_INFL:
        # Gethsemoni's "(max five)": only what fits under the cap after a small bid counts
        room = params[L.P_INFL_MAX] - state[L.INFL + me] + 1
        return 1.2 * min(a, max(room, 0))
    if eff == L.E_GAIN_SOULS:
        return 1.0 * a
    if eff == L.E_TARGET_LOSE:
        return 0.6 * a
    if eff == L.E_STEAL:
        return 1.5 * a
    if eff == L.E_NEIGHBOURS_LOSE:
        return 1.0 * a
    if eff == L.E_PLAGUE:
        return 0.8 * (n - 1) * a / (b if b > 0 else 1)
    if eff == L.E_RICHEST_LOSE:
        return -1.0 * a if is_richest(state, P, me) else 0.5 * a
    if eff == L.E_DEATH:
        return -0.5 * a if is_richest(state, P, me) else 0.5 * a
    if eff == L.E_EXPOSE:
        return 1.0
    if eff == L.E_STAKE:
        return 2.0
    if eff == L.E_FAIL_AT_END or eff == L.E_FAIL_AT_REVEAL:
        return 1.5
    if eff == L.E_SUCCEED_AT_END:
        return 2.5
    if eff == L.E_CLAIM_EXCESS:
        return 3.0
    if eff == L.E_RAISE_OFFER:
        return 2.0
    if eff == L.E_ADD_BANK:
        return 0.7 * a
    if eff == L.E_ADD_OWN:
        return 1.0
    if eff == L.E_SWAP:
        return 2.5
    return 0.0


@row_kernel
def card_worth(state, params, me, slot):
    """Soul-equivalent worth to ``me`` of winning the card turned up in ``slot``."""
    c = state[L.REVEALED + slot]
    if c < 0:
        return -1e9
    eff = params[L.P_CARD_EFFECT + c]
    if eff == L.E_COPY:
        v = 0.0
        for k in range(3):
            ck = state[L.REVEALED + k]
            if k != slot and ck >= 0 and params[L.P_CARD_EFFECT + ck] != L.E_COPY:
                w = effect_worth(state, params, me, params[L.P_CARD_EFFECT + ck],
                                  params[L.P_CARD_A + ck], params[L.P_CARD_B + ck])
                if w > v:
                    v = w
    else:
        v = effect_worth(state, params, me, eff, params[L.P_CARD_A + c], params[L.P_CARD_B + c])
    if params[L.P_CARD_FACTION + c] == L.UNITED:
        return v + FAVOR_WORTH  # the winner picks a Favor it does not hold
    # the Favor of the card's faction: nothing if already held
    return v + (0.0 if state[L.FAVOR + slot] == me else FAVOR_WORTH)


@row_kernel
def order_start(state, P):
    """The seat where the prediction's order starts among equal Influence, from public
    facts only, so that every seat computes the same one; over games each seat gets it
    alike (the lowest seat first, or a turn by round, gave seat effects of up to 10 points
    at 4 players).

    A splitmix64 hash of the round, the Court cards turned up, each seat's Influence, the
    Favors' holders, the Failures, the Harvest cards turned up and who won each Court card
    so far.  The earlier hash read only the round and the cards, as ``(h * 2654435761 >> 7)
    % P``: at 5 players it started seat 2 in 11% of Court phases and seat 3 in 26%, and the
    all-scripted table read 20.7 / 22.8 / 16.7 / 22.4 / 17.5% by seat (20,000 games, seed
    12).  The game's history is in the hash so that one set of cards does not always
    favour the same seat: a hash of the cards alone, however well mixed, left 1-2 points
    between seats."""
    h = np.uint64(state[L.ROUND])
    for k in range(L.NUM_FACTIONS):
        h = h * np.uint64(31) + np.uint64(state[L.REVEALED + k] + 1)
    for s in range(P):
        h = h * np.uint64(31) + np.uint64(state[L.INFL + s])
    for k in range(L.NUM_FACTIONS):
        h = h * np.uint64(31) + np.uint64(state[L.FAVOR + k] + 1)
    h = h * np.uint64(31) + np.uint64(state[L.FAILS])
    for i in range(state[L.HPTR]):
        h = h * np.uint64(31) + np.uint64(state[L.HDECK + i] + 1)
    for c in range(L.NUM_CARDS):
        h = h * np.uint64(31) + np.uint64(state[L.CARD_WON + c] + 1)
    z = mix64(h + GOLDEN)
    return np.int64(((z >> np.uint64(32)) * np.uint64(P)) >> np.uint64(32))


@row_kernel
def predicted_card(state, params, me):
    """The card (slot) ``me`` bids on and how many other seats are predicted on it.

    Every seat is assumed to value the cards as this player does; in order of Influence
    (most first, then a seat order starting at :func:`order_start`, so no seat picks
    first more often than another) each seat takes the card worth most to it, a card
    already taken by k seats counting 1 / (1 + 1.5 k) of its worth.  So the seats spread
    over the cards instead of all bidding on the same one."""
    P = params[L.P_NUM_PLAYERS]
    c0 = 0
    c1 = 0
    c2 = 0
    mine = 0
    done = 0
    start = order_start(state, P)
    for _ in range(P):
        # the next seat in order: most Influence, then the seat order of this round
        nxt = -1
        for i in range(P):
            s = (i + start) % P
            if not state[L.ALIVE + s] or (done >> s) & 1:
                continue
            if nxt < 0 or state[L.INFL + s] > state[L.INFL + nxt]:
                nxt = s
        if nxt < 0:
            break
        done |= 1 << nxt
        if state[L.INFL + nxt] == 0 and nxt != me:
            continue  # no Influence, no bid
        best = -1e18
        bf = 0
        for f in range(3):
            cnt = c0 if f == 0 else c1 if f == 1 else c2
            w = card_worth(state, params, nxt, f)
            v = w / (1.0 + 1.5 * cnt) if w > 0 else w
            if v > best:
                best = v
                bf = f
        if nxt == me:
            mine = bf
        if bf == 0:
            c0 += 1
        elif bf == 1:
            c1 += 1
        else:
            c2 += 1
    cnt = c0 if mine == 0 else c1 if mine == 1 else c2
    return mine, cnt - 1


@row_kernel
def persona_bid(state, params, persona, rng, me, lo, hi):
    """The bid of ``me`` as scripted ``persona`` makes it: (faction slot, amount) within
    ``lo``..``hi``, on its predicted card (:func:`predicted_card`), as much as the persona
    bids on a card of that worth."""
    bf, rivals = predicted_card(state, params, me)
    best = card_worth(state, params, me, bf)
    if persona == COURT_HAWK:
        amt = hi if best >= 3.0 else (hi + 1) // 2 if best >= 1.5 else 1
    elif persona == FREE_RIDER:
        amt = 1 if best >= 1.0 else 0
    else:
        amt = 2 if best >= 2.5 else 1 if best >= 1.0 else 0
        if persona == FAIR_SHARE and amt >= 1 and state[L.ROUND] >= params[L.P_HARVESTS] + 1:
            amt = hi  # the last Court phase: Influence kept only breaks a tie for the most souls
    # the last two Court phases (fair-share adds only there: see below)
    late = state[L.ROUND] >= params[L.P_HARVESTS]
    if rivals > 0 and amt >= 1 and (late or persona != FAIR_SHARE):
        # seats predicted onto the same card value it alike and bid alike, and a tie loses
        # for all of them: each adds a drawn 0..rivals + 1, no more than the card is worth
        # above the bid, so the rivals split instead of tying.  Fair-share keeps that
        # Influence for the last two Court phases: the Influence a game gives is about fixed
        # (1 a round, max 5) and a late card decides more
        extra = randint(rng, rivals + 2)
        room = int(best) - amt
        amt += min(extra, max(room, 0))
    if amt > hi:
        amt = hi
    if amt < lo:
        amt = lo
    return bf, amt
