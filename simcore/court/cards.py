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
* Harvest step d, after the reveal (``adjust``): raise-offering (Exraile: another
  player's Offering, or the holder's own by ``court.raise_offering_target``),
  force-failure-after-reveal (Ghetis), add-bank-souls (Mortighull),
  add-own-souls (Shieve), swap-offerings (Malavestros);
* Harvest step e, paying the Celestials (``claim_excess``): claim-excess (Gallevarbe);
* Harvest step f, the end of the phase (``end_step``): force-failure-at-end
  (Cleopsis), force-success-at-end (Demithyle).

Every function returning a bool returns False while it waits for a decision.
"""
from simcore.common import row_kernel
from simcore.court import layout as L
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


@row_kernel
def slot_effect(state, params, slot):
    """(effect code, a, b) the slot runs this round; effect 0 when it has no winner."""
    c = state[L.SLOT_EFF + slot]
    if c < 0 or state[L.SLOT_WIN + slot] < 0:
        return 0, 0, 0
    return params[L.P_CARD_EFFECT + c], params[L.P_CARD_A + c], params[L.P_CARD_B + c]


@row_kernel
def _single_extreme(state, params, slot, eff, want_max):
    """The single richest (or poorest) seat; on a tie the Bone Favor holder may pick one.
    -2 while waiting for that holder, -1 when the tie stands."""
    m = extreme_mask(state, params, L.SOULS, want_max)
    if popcount(m) > 1:
        return tie(state, params, m, eff, slot)
    return lowest_seat(m)


@row_kernel
def _loses_extreme(state, params, slot, eff, want_max, a):
    """The single richest (or poorest) seat loses ``a`` souls; a tie spares everyone
    unless the Bone Favor holder breaks it.  False while waiting for that holder."""
    t = _single_extreme(state, params, slot, eff, want_max)
    if t == -2:
        return False
    if t >= 0:
        lose_souls(state, t, a)
    return True


@row_kernel
def immediate(state, params, slot):
    """Court step e: the slot's effect at the moment its card resolves."""
    w = state[L.SLOT_WIN + slot]
    eff, a, b = slot_effect(state, params, slot)
    if eff == L.E_GAIN_INFL:
        state[L.INFL + w] = cap(state[L.INFL + w] + a, params[L.P_INFL_MAX])
    elif eff == L.E_GAIN_SOULS:
        state[L.SOULS + w] += a
    elif eff == L.E_TARGET_LOSE or eff == L.E_STEAL or eff == L.E_EXPOSE:
        if not state[L.READY]:
            if request(state, L.D_TARGET, w, L.LK_MASK, 0, 0,
                       seat_options(others_mask(state, params, w)), eff, slot):
                return False
        t = take(state) - L.OPT_BASE
        if eff == L.E_EXPOSE:
            state[L.EXPOSED_MASK] |= 1 << t
        else:
            lost = lose_souls(state, t, a)
            if eff == L.E_STEAL:
                state[L.SOULS + w] += lost
    elif eff == L.E_NEIGHBOURS_LOSE:
        left = left_of(state, params, w)
        right = right_of(state, params, w)
        lose_souls(state, left, a)
        if right != left:
            lose_souls(state, right, a)
    elif eff == L.E_PLAGUE:
        k = state[L.SLOT_BID + slot] * a // (b if b > 0 else 1)
        om = others_mask(state, params, w)
        for s in range(params[L.P_NUM_PLAYERS]):
            if (om >> s) & 1:
                lose_souls(state, s, k)
    elif eff == L.E_RICHEST_LOSE:
        return _loses_extreme(state, params, slot, eff, True, a)
    elif eff == L.E_DEATH:
        # the Death note: an unbroken tie on either side means nobody gives up souls, so
        # both sides are settled before anyone pays; SUB2 = 1 richest, 2 poorest, and
        # SCRATCH keeps the richest seat while the poorest side is settled
        if state[L.SUB2] == 1:
            t = _single_extreme(state, params, slot, eff, True)
            if t == -2:
                return False
            if t < 0:
                return True
            state[L.SCRATCH] = t
            state[L.SUB2] = 2
        t = _single_extreme(state, params, slot, eff, False)
        if t == -2:
            return False
        if t < 0:
            return True
        lose_souls(state, state[L.SCRATCH], a)
        lose_souls(state, t, a)
    elif eff == L.E_STAKE:
        hi = cap(cap(a, state[L.SOULS + w]), L.MAX_AMT)
        if not state[L.READY]:
            if request(state, L.D_AMOUNT, w, L.LK_AMT, 0, hi, 0, eff, slot):
                return False
        k = take(state) - L.AMT_BASE
        state[L.SOULS + w] -= k
        state[L.SLOT_VAL + slot] = k
    return True


@row_kernel
def adjust(state, params, slot):
    """Harvest step d: the slot's card acts on the revealed Offerings."""
    w = state[L.SLOT_WIN + slot]
    eff, a, b = slot_effect(state, params, slot)
    if eff == L.E_RAISE_OFFER or eff == L.E_SWAP:
        if not state[L.READY]:
            # raise-offering on the holder's own Offering (court.raise_offering_target =
            # own): the holder is the only seat offered
            m = (1 << w) if eff == L.E_RAISE_OFFER and params[L.P_RAISE_OWN] \
                else others_mask(state, params, w)
            opts = seat_options(m) | (1 << L.BIT_DECLINE)
            if request(state, L.D_TARGET, w, L.LK_MASK, 0, 0, opts, eff, slot):
                return False
        act = take(state)
        if act == L.A_DECLINE:
            return True
        t = act - L.OPT_BASE
        if eff == L.E_SWAP:
            o = state[L.OFFER + w]
            state[L.OFFER + w] = state[L.OFFER + t]
            state[L.OFFER + t] = o
        else:
            need = a - state[L.OFFER + t]
            if need > 0:
                move = cap(need, state[L.SOULS + t])
                state[L.SOULS + t] -= move
                state[L.OFFER + t] += move
    elif eff == L.E_FAIL_AT_REVEAL:
        if state[L.FORCED_FAIL]:
            return True  # a Harvest fails only once
        if not state[L.READY]:
            if request(state, L.D_YESNO, w, L.LK_MASK, 0, 0,
                       (1 << L.BIT_DECLINE) | (1 << L.BIT_YES), eff, slot):
                return False
        if take(state) == L.A_YES:
            state[L.FORCED_FAIL] = 1
    elif eff == L.E_ADD_BANK:
        state[L.OFFER + w] += a
    elif eff == L.E_ADD_OWN:
        hi = cap(cap(a, state[L.SOULS + w]), L.MAX_AMT)
        if not state[L.READY]:
            if request(state, L.D_AMOUNT, w, L.LK_AMT, 0, hi, 0, eff, slot):
                return False
        k = take(state) - L.AMT_BASE
        state[L.SOULS + w] -= k
        state[L.OFFER + w] += k
    return True


@row_kernel
def spirit_favor(state, params):
    """Harvest step d, after the Spirit card: the Spirit Favor holder may move 1 soul."""
    h = state[L.FAVOR + L.SPIRIT]
    if h < 0:
        return True
    if not state[L.READY]:
        m = 1 << (L.BIT_ADJ + 1)
        if state[L.OFFER + h] >= 1:
            m |= 1 << L.BIT_ADJ
        if state[L.SOULS + h] >= 1:
            m |= 1 << (L.BIT_ADJ + 2)
        if request(state, L.D_SPIRIT_ADJ, h, L.LK_MASK, 0, 0, m, 0, L.SPIRIT):
            return False
    d = take(state) - L.ADJ_BASE - 1
    state[L.OFFER + h] += d
    state[L.SOULS + h] -= d
    return True


@row_kernel
def claim_excess(state, params):
    """Harvest step e: every claim-excess slot shares the souls beyond the threshold
    (evenly; what cannot be split goes back to the bank), success or not."""
    k = 0
    for f in range(L.NUM_FACTIONS):
        if slot_effect(state, params, f)[0] == L.E_CLAIM_EXCESS:
            k += 1
    if k == 0:
        return
    excess = state[L.TOTAL] - state[L.THRESH]
    if excess <= 0:
        return
    share = excess // k
    for f in range(L.NUM_FACTIONS):
        if slot_effect(state, params, f)[0] == L.E_CLAIM_EXCESS:
            state[L.SOULS + state[L.SLOT_WIN + f]] += share


@row_kernel
def end_step(state, params, slot):
    """Harvest step f: Cleopsis may sabotage a success, Demithyle may save a failure."""
    w = state[L.SLOT_WIN + slot]
    eff, a, b = slot_effect(state, params, slot)
    ask = False
    if eff == L.E_FAIL_AT_END and state[L.OUTCOME] == 1:
        ask = True
    elif eff == L.E_SUCCEED_AT_END and state[L.OUTCOME] == 0:
        ask = params[L.P_RESCUE_SHORT] != 0 or state[L.TOTAL] >= state[L.THRESH]
    if not ask:
        return True
    if not state[L.READY]:
        if request(state, L.D_YESNO, w, L.LK_MASK, 0, 0, (1 << L.BIT_DECLINE) | (1 << L.BIT_YES),
                   eff, slot):
            return False
    if take(state) == L.A_YES:
        if eff == L.E_FAIL_AT_END:
            state[L.OUTCOME] = 0
            state[L.FORCED_FAIL] = 1
        else:
            state[L.OUTCOME] = 1
    return True


@row_kernel
def fail_effect(state, params, seat, code, a):
    """A Harvest card's Fail effect on ``seat`` (never below 0 souls or Influence)."""
    if code == L.F_LOSE_SOULS:
        lose_souls(state, seat, a)
    elif code == L.F_LOSE_INFL:
        lose_influence(state, seat, a)
    elif code == L.F_LOSE_PCT:
        lose_souls(state, seat, (state[L.SOULS + seat] * a + 99) // 100)
    elif code == L.F_GIVE_NEIGHBOURS:
        left = left_of(state, params, seat)
        right = right_of(state, params, seat)
        if left != seat:
            state[L.SOULS + left] += lose_souls(state, seat, a)
        if right != left and right != seat:
            state[L.SOULS + right] += lose_souls(state, seat, a)
    elif code == L.F_LOSE_FAVORS:
        for f in range(L.NUM_FACTIONS):
            if state[L.FAVOR + f] == seat:
                state[L.FAVOR + f] = -1

