"""Court card effects and Harvest Fail effects, driven by effect codes from rules.toml.

A Court slot (0 Flesh, 1 Spirit, 2 Bone: the deck the card was turned up from)
runs the effect of ``SLOT_EFF[slot]`` (the card itself, or the card Socopherie
copies) for its winner ``SLOT_WIN[slot]``, with that card's amounts ``a`` and
``b`` and the slot's winning bid ``SLOT_BID[slot]``.  Effects act at one of four
moments, always in slot order Flesh, Spirit, Bone (a card before the Favor of
its faction):

* Court step e (``immediate``): gain-influence, gain-souls, target-loses-souls,
  steal-souls, neighbours-lose-souls, plague, richest-loses-souls,
  richest-and-poorest-lose-souls, expose, stake-souls;
* Harvest step d, after the reveal (``adjust``): raise-offering (Exraile),
  force-failure-after-reveal (Ghetis), add-bank-souls (Mortighull),
  add-own-souls (Shieve), swap-offerings (Malavestros);
* Harvest step e, paying the Celestials (``claim_excess``): claim-excess (Gallevarbe);
* Harvest step f, the end of the phase (``end_step``): force-failure-at-end
  (Cleopsis), force-success-at-end (Demithyle).

Every function returning a bool returns False while it waits for a decision.
"""
from numba import njit

from simcore.court.layout import (
    A_DECLINE,
    A_YES,
    ADJ_BASE,
    AMT_BASE,
    BIT_ADJ,
    BIT_DECLINE,
    BIT_YES,
    D_AMOUNT,
    D_SPIRIT_ADJ,
    D_TARGET,
    D_YESNO,
    E_ADD_BANK,
    E_ADD_OWN,
    E_CLAIM_EXCESS,
    E_DEATH,
    E_EXPOSE,
    E_FAIL_AT_END,
    E_FAIL_AT_REVEAL,
    E_GAIN_INFL,
    E_GAIN_SOULS,
    E_NEIGHBOURS_LOSE,
    E_PLAGUE,
    E_RAISE_OFFER,
    E_RICHEST_LOSE,
    E_STAKE,
    E_STEAL,
    E_SUCCEED_AT_END,
    E_SWAP,
    E_TARGET_LOSE,
    EXPOSED_MASK,
    F_GIVE_NEIGHBOURS,
    F_LOSE_FAVORS,
    F_LOSE_INFL,
    F_LOSE_PCT,
    F_LOSE_SOULS,
    FAVOR,
    FORCED_FAIL,
    INFL,
    LK_AMT,
    LK_MASK,
    MAX_AMT,
    NUM_FACTIONS,
    OFFER,
    OPT_BASE,
    OUTCOME,
    P_CARD_A,
    P_CARD_B,
    P_CARD_EFFECT,
    P_INFL_MAX,
    P_NUM_PLAYERS,
    P_RESCUE_SHORT,
    READY,
    SCRATCH,
    SLOT_BID,
    SLOT_EFF,
    SLOT_VAL,
    SLOT_WIN,
    SOULS,
    SPIRIT,
    SUB2,
    THRESH,
    TOTAL,
)
from simcore.court.table import (
    cap,
    extreme_mask,
    left_of,
    lose_influence,
    lose_souls,
    lowest_seat,
    others_mask,
    popcount,
    request,
    right_of,
    seat_options,
    take,
    tie,
)


@njit(cache=True)
def slot_effect(state, params, slot):
    """(effect code, a, b) the slot runs this round; effect 0 when it has no winner."""
    c = state[SLOT_EFF + slot]
    if c < 0 or state[SLOT_WIN + slot] < 0:
        return 0, 0, 0
    return params[P_CARD_EFFECT + c], params[P_CARD_A + c], params[P_CARD_B + c]


@njit(cache=True)
def _loses_extreme(state, params, slot, eff, want_max, a):
    """The single richest (or poorest) seat loses ``a`` souls; a tie spares everyone
    unless the Bone Favor holder breaks it.  False while waiting for that holder."""
    m = extreme_mask(state, params, SOULS, want_max)
    if popcount(m) > 1:
        t = tie(state, params, m, eff, slot)
        if t == -2:
            return False
        if t < 0:
            return True
        m = 1 << t
    lose_souls(state, lowest_seat(m), a)
    return True


@njit(cache=True)
def immediate(state, params, slot):
    """Court step e: the slot's effect at the moment its card resolves."""
    w = state[SLOT_WIN + slot]
    eff, a, b = slot_effect(state, params, slot)
    if eff == E_GAIN_INFL:
        state[INFL + w] = cap(state[INFL + w] + a, params[P_INFL_MAX])
    elif eff == E_GAIN_SOULS:
        state[SOULS + w] += a
    elif eff == E_TARGET_LOSE or eff == E_STEAL or eff == E_EXPOSE:
        if not state[READY]:
            if request(state, D_TARGET, w, LK_MASK, 0, 0,
                       seat_options(others_mask(state, params, w)), eff, slot):
                return False
        t = take(state) - OPT_BASE
        if eff == E_EXPOSE:
            state[EXPOSED_MASK] |= 1 << t
        else:
            lost = lose_souls(state, t, a)
            if eff == E_STEAL:
                state[SOULS + w] += lost
    elif eff == E_NEIGHBOURS_LOSE:
        left = left_of(state, params, w)
        right = right_of(state, params, w)
        lose_souls(state, left, a)
        if right != left:
            lose_souls(state, right, a)
    elif eff == E_PLAGUE:
        k = state[SLOT_BID + slot] * a // (b if b > 0 else 1)
        om = others_mask(state, params, w)
        for s in range(params[P_NUM_PLAYERS]):
            if (om >> s) & 1:
                lose_souls(state, s, k)
    elif eff == E_RICHEST_LOSE:
        return _loses_extreme(state, params, slot, eff, True, a)
    elif eff == E_DEATH:
        # both sides are judged on the souls before either pays; SUB2 = 1 richest, 2 poorest
        if state[SUB2] == 1:
            state[SCRATCH] = extreme_mask(state, params, SOULS, False)
            if not _loses_extreme(state, params, slot, eff, True, a):
                return False
            state[SUB2] = 2
        m = state[SCRATCH]
        if popcount(m) > 1:
            t = tie(state, params, m, eff, slot)
            if t == -2:
                return False
            if t < 0:
                return True
            m = 1 << t
        lose_souls(state, lowest_seat(m), a)
    elif eff == E_STAKE:
        hi = cap(cap(a, state[SOULS + w]), MAX_AMT)
        if not state[READY]:
            if request(state, D_AMOUNT, w, LK_AMT, 0, hi, 0, eff, slot):
                return False
        k = take(state) - AMT_BASE
        state[SOULS + w] -= k
        state[SLOT_VAL + slot] = k
    return True


@njit(cache=True)
def adjust(state, params, slot):
    """Harvest step d: the slot's card acts on the revealed Offerings."""
    w = state[SLOT_WIN + slot]
    eff, a, b = slot_effect(state, params, slot)
    if eff == E_RAISE_OFFER or eff == E_SWAP:
        if not state[READY]:
            opts = seat_options(others_mask(state, params, w)) | (1 << BIT_DECLINE)
            if request(state, D_TARGET, w, LK_MASK, 0, 0, opts, eff, slot):
                return False
        act = take(state)
        if act == A_DECLINE:
            return True
        t = act - OPT_BASE
        if eff == E_SWAP:
            o = state[OFFER + w]
            state[OFFER + w] = state[OFFER + t]
            state[OFFER + t] = o
        else:
            need = a - state[OFFER + t]
            if need > 0:
                move = cap(need, state[SOULS + t])
                state[SOULS + t] -= move
                state[OFFER + t] += move
    elif eff == E_FAIL_AT_REVEAL:
        if state[FORCED_FAIL]:
            return True  # a Harvest fails only once
        if not state[READY]:
            if request(state, D_YESNO, w, LK_MASK, 0, 0, (1 << BIT_DECLINE) | (1 << BIT_YES),
                       eff, slot):
                return False
        if take(state) == A_YES:
            state[FORCED_FAIL] = 1
    elif eff == E_ADD_BANK:
        state[OFFER + w] += a
    elif eff == E_ADD_OWN:
        hi = cap(cap(a, state[SOULS + w]), MAX_AMT)
        if not state[READY]:
            if request(state, D_AMOUNT, w, LK_AMT, 0, hi, 0, eff, slot):
                return False
        k = take(state) - AMT_BASE
        state[SOULS + w] -= k
        state[OFFER + w] += k
    return True


@njit(cache=True)
def spirit_favor(state, params):
    """Harvest step d, after the Spirit card: the Spirit Favor holder may move 1 soul."""
    h = state[FAVOR + SPIRIT]
    if h < 0:
        return True
    if not state[READY]:
        m = 1 << (BIT_ADJ + 1)
        if state[OFFER + h] >= 1:
            m |= 1 << BIT_ADJ
        if state[SOULS + h] >= 1:
            m |= 1 << (BIT_ADJ + 2)
        if request(state, D_SPIRIT_ADJ, h, LK_MASK, 0, 0, m, 0, SPIRIT):
            return False
    d = take(state) - ADJ_BASE - 1
    state[OFFER + h] += d
    state[SOULS + h] -= d
    return True


@njit(cache=True)
def claim_excess(state, params):
    """Harvest step e: every claim-excess slot shares the souls beyond the threshold
    (evenly; what cannot be split goes back to the bank), success or not."""
    k = 0
    for f in range(NUM_FACTIONS):
        if slot_effect(state, params, f)[0] == E_CLAIM_EXCESS:
            k += 1
    if k == 0:
        return
    excess = state[TOTAL] - state[THRESH]
    if excess <= 0:
        return
    share = excess // k
    for f in range(NUM_FACTIONS):
        if slot_effect(state, params, f)[0] == E_CLAIM_EXCESS:
            state[SOULS + state[SLOT_WIN + f]] += share


@njit(cache=True)
def end_step(state, params, slot):
    """Harvest step f: Cleopsis may sabotage a success, Demithyle may save a failure."""
    w = state[SLOT_WIN + slot]
    eff, a, b = slot_effect(state, params, slot)
    ask = False
    if eff == E_FAIL_AT_END and state[OUTCOME] == 1:
        ask = True
    elif eff == E_SUCCEED_AT_END and state[OUTCOME] == 0:
        ask = params[P_RESCUE_SHORT] != 0 or state[TOTAL] >= state[THRESH]
    if not ask:
        return True
    if not state[READY]:
        if request(state, D_YESNO, w, LK_MASK, 0, 0, (1 << BIT_DECLINE) | (1 << BIT_YES),
                   eff, slot):
            return False
    if take(state) == A_YES:
        if eff == E_FAIL_AT_END:
            state[OUTCOME] = 0
            state[FORCED_FAIL] = 1
        else:
            state[OUTCOME] = 1
    return True


@njit(cache=True)
def fail_effect(state, params, seat, code, a):
    """A Harvest card's Fail effect on ``seat`` (never below 0 souls or Influence)."""
    if code == F_LOSE_SOULS:
        lose_souls(state, seat, a)
    elif code == F_LOSE_INFL:
        lose_influence(state, seat, a)
    elif code == F_LOSE_PCT:
        lose_souls(state, seat, (state[SOULS + seat] * a + 99) // 100)
    elif code == F_GIVE_NEIGHBOURS:
        left = left_of(state, params, seat)
        right = right_of(state, params, seat)
        if left != seat:
            state[SOULS + left] += lose_souls(state, seat, a)
        if right != left and right != seat:
            state[SOULS + right] += lose_souls(state, seat, a)
    elif code == F_LOSE_FAVORS:
        for f in range(NUM_FACTIONS):
            if state[FAVOR + f] == seat:
                state[FAVOR + f] = -1

