"""Scripted Court of the Dead: Dark Harvest players as they were before the blunder fixes
(before the persona fixes), kept as the frozen ``legacy`` persona (agents.scripted's dispatch plays it for
the last persona under a frozen compile key, as the old plain ``scripted``, fair-share).
Do not improve this file.

The old description follows.

Personas (``SPEC.personas``; the first is plain ``scripted``):

* ``fair-share`` (0): offers its fair share of the threshold, ceil(threshold / players in
  the game), or all it has; bids a little Influence on the card worth most to it; never
  sabotages a Harvest and always saves one with Demithyle.
* ``free-rider`` (1): offers the least that keeps it safe, judged only on public facts
  (souls are public by memory, Offerings made without a screen are public): either
  what the Harvest still needs if the others give their fair share, or one soul more than
  the poorest-looking other player will give, never above its fair share; bids 1 at most;
  sabotages (Ghetis, Cleopsis) when a failure hurts others and not itself.
* ``court-hawk`` (2): spends Influence hard on strong Court cards (all of it on a card
  worth 3+ souls to it), offers its fair share plus one to take the success bonus
  Influence, sabotages like the free rider.

Card worth is a rough soul-equivalent per effect code (so it follows rules.toml
overrides), plus the Favor the card brings.  The policy reads only public fields:
never another seat's unrevealed bid or secret Offering.
"""

from simcore.common import row_kernel

from simcore.court.layout import (
    A_DECLINE,
    A_YES,
    ADJ_BASE,
    ALIVE,
    AMT_BASE,
    BID_A,
    BID_F,
    BIT_OPT,
    BONE,
    CUR,
    D_AMOUNT,
    D_BID,
    D_COPY,
    D_FAVOR,
    D_FLESH_ADJ,
    D_OFFER,
    D_SPIRIT_ADJ,
    D_TARGET,
    D_TIE,
    D_YESNO,
    DEC,
    DEC_EFF,
    DEC_SLOT,
    E_ADD_BANK,
    E_ADD_OWN,
    E_CLAIM_EXCESS,
    E_COPY,
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
    FAILS,
    FLESH,
    INFL,
    LEG_HI,
    LEG_LO,
    LEG_MASK,
    OFFER,
    OFFER_DONE,
    OPT_BASE,
    OUTCOME,
    P_CARD_A,
    P_CARD_B,
    P_CARD_EFFECT,
    P_CARD_FACTION,
    P_FAIL_EFFECT_UPTO,
    P_INFL_MAX,
    P_MIN_WIN_BID,
    P_NUM_PLAYERS,
    REVEALED,
    S_FINAL,
    S_RESULT,
    S_WINNERS,
    SLOT_EFF,
    SOULS,
    SPIRIT,
    STAGE,
    THRESH,
    UNITED,
)
from agents.scripted import has_action as _has
from simcore.rng import randint

FAIR_SHARE = 0
FREE_RIDER = 1
COURT_HAWK = 2


# ---- small helpers ----------------------------------------------------------------------
@row_kernel
def _alive_n(state, P):
    k = 0
    for s in range(P):
        k += state[ALIVE + s]
    return k


@row_kernel
def _fair(state, P):
    n = _alive_n(state, P)
    return (state[THRESH] + n - 1) // n


@row_kernel
def _amount(legal, n, k):
    """The legal amount action closest to ``k``."""
    best = legal[0]
    bd = 1 << 30
    for i in range(n):
        d = abs(legal[i] - AMT_BASE - k)
        if d < bd:
            bd = d
            best = legal[i]
    return best


@row_kernel
def _richest_other(state, P, me):
    best = -1
    bs = -1
    for s in range(P):
        if s != me and state[ALIVE + s] and state[SOULS + s] > bs:
            bs = state[SOULS + s]
            best = s
    return best


@row_kernel
def _total_offer(state, P):
    t = 0
    for s in range(P):
        if state[ALIVE + s]:
            t += state[OFFER + s]
    return t


@row_kernel
def _min_other_offer(state, P, me):
    m = 1 << 30
    for s in range(P):
        if s != me and state[ALIVE + s] and state[OFFER + s] < m:
            m = state[OFFER + s]
    return m


@row_kernel
def _is_richest(state, P, me):
    for s in range(P):
        if s != me and state[ALIVE + s] and state[SOULS + s] >= state[SOULS + me]:
            return False
    return True


@row_kernel
def _effect_worth(state, params, me, eff, a, b):
    P = params[P_NUM_PLAYERS]
    n = _alive_n(state, P)
    if eff == E_GAIN_INFL:
        # Gethsemoni's "(max five)": only what fits under the cap after a small bid counts
        room = params[P_INFL_MAX] - state[INFL + me] + 1
        return 1.2 * min(a, max(room, 0))
    if eff == E_GAIN_SOULS:
        return 1.0 * a
    if eff == E_TARGET_LOSE:
        return 0.6 * a
    if eff == E_STEAL:
        return 1.5 * a
    if eff == E_NEIGHBOURS_LOSE:
        return 1.0 * a
    if eff == E_PLAGUE:
        return 0.8 * (n - 1) * a / (b if b > 0 else 1)
    if eff == E_RICHEST_LOSE:
        return -1.0 * a if _is_richest(state, P, me) else 0.5 * a
    if eff == E_DEATH:
        return -0.5 * a if _is_richest(state, P, me) else 0.5 * a
    if eff == E_EXPOSE:
        return 1.0
    if eff == E_STAKE:
        return 2.0
    if eff == E_FAIL_AT_END or eff == E_FAIL_AT_REVEAL:
        return 1.5
    if eff == E_SUCCEED_AT_END:
        return 2.5
    if eff == E_CLAIM_EXCESS:
        return 3.0
    if eff == E_RAISE_OFFER:
        return 2.0
    if eff == E_ADD_BANK:
        return 0.7 * a
    if eff == E_ADD_OWN:
        return 1.0
    if eff == E_SWAP:
        return 2.5
    return 0.0


@row_kernel
def _card_worth(state, params, me, slot):
    """Soul-equivalent worth to ``me`` of winning the card turned up in ``slot``."""
    c = state[REVEALED + slot]
    if c < 0:
        return -1e9
    eff = params[P_CARD_EFFECT + c]
    if eff == E_COPY:
        v = 0.0
        for k in range(3):
            ck = state[REVEALED + k]
            if k != slot and ck >= 0 and params[P_CARD_EFFECT + ck] != E_COPY:
                w = _effect_worth(state, params, me, params[P_CARD_EFFECT + ck],
                                  params[P_CARD_A + ck], params[P_CARD_B + ck])
                if w > v:
                    v = w
    else:
        v = _effect_worth(state, params, me, eff, params[P_CARD_A + c], params[P_CARD_B + c])
    if params[P_CARD_FACTION + c] == UNITED:
        return v + 1.5
    return v + (0.5 if slot == FLESH else 1.5)


# ---- decisions -------------------------------------------------------------------------------
@row_kernel
def _bid(state, params, persona, rng, me):
    lo = state[LEG_LO]
    hi = state[LEG_HI]
    best = -1e18
    bf = 0
    for f in range(3):
        v = _card_worth(state, params, me, f) + 0.01 * randint(rng, 10)
        if v > best:
            best = v
            bf = f
    if persona == COURT_HAWK:
        amt = hi if best >= 3.0 else (hi + 1) // 2 if best >= 1.5 else 1
    elif persona == FREE_RIDER:
        amt = 1 if best >= 1.0 else 0
    else:
        amt = 2 if best >= 2.5 else 1 if best >= 1.0 else 0
    if amt > hi:
        amt = hi
    if amt < lo:
        amt = lo
    return bf * 6 + amt


@row_kernel
def _flesh_adjust(state, params, legal, n, me):
    P = params[P_NUM_PLAYERS]
    f = state[BID_F + me]
    mine = state[BID_A + me]
    top = 0
    rivals = 0
    for s in range(P):
        if s != me and state[ALIVE + s] and state[BID_F + s] == f:
            rivals += 1
            if state[BID_A + s] > top:
                top = state[BID_A + s]
    up = ADJ_BASE + 2
    down = ADJ_BASE
    low = params[P_MIN_WIN_BID]  # a sole bid wins at this amount or more (0 by the rulebook)
    if ((mine <= top and mine + 1 > top if rivals > 0 else mine < low <= mine + 1)
            and _has(legal, n, up)):
        return up  # the extra Influence wins the card (or breaks the tie)
    alone = rivals == 0 and mine - 1 >= low
    if (mine >= 1 and (alone or (rivals > 0 and (mine - 1 > top or mine + 1 < top)))
            and _has(legal, n, down)):
        return down  # keep a won card cheaper, or save Influence on a lost one
    return ADJ_BASE + 1


@row_kernel
def _offer(state, params, persona, legal, n, me):
    P = params[P_NUM_PLAYERS]
    fair = _fair(state, P)
    souls = state[SOULS + me]
    if persona == FAIR_SHARE:
        return _amount(legal, n, min(fair, souls))
    if persona == COURT_HAWK:
        return _amount(legal, n, min(fair + 1, souls))
    # free rider: public facts only (souls by memory, Offerings made without a screen)
    others = 0
    least = 1 << 30
    for s in range(P):
        if s == me or not state[ALIVE + s]:
            continue
        if (state[EXPOSED_MASK] >> s) & 1 and (state[OFFER_DONE] >> s) & 1:
            e = state[OFFER + s]
        else:
            e = min(state[SOULS + s], fair)
        others += e
        if e < least:
            least = e
    need = state[THRESH] - others
    if need < 0:
        need = 0
    k = min(need, least + 1)
    k = min(k, fair)
    return _amount(legal, n, min(k, souls))


@row_kernel
def _spirit_adjust(state, params, persona, legal, n, me):
    P = params[P_NUM_PLAYERS]
    total = _total_offer(state, P)
    t = state[THRESH]
    mine = state[OFFER + me]
    low = _min_other_offer(state, P, me)
    up = ADJ_BASE + 2
    down = ADJ_BASE
    if total < t and total + 1 >= t and _has(legal, n, up):
        return up
    if total < t and mine <= low and mine + 1 > low and _has(legal, n, up):
        return up  # escape being the fewest on a failing Harvest
    if (persona != FAIR_SHARE and total - 1 >= t and mine - 1 > low
            and _has(legal, n, down)):
        return down
    return ADJ_BASE + 1


@row_kernel
def _fewest_mask(state, P):
    m = 0
    best = 1 << 30
    for s in range(P):
        if state[ALIVE + s]:
            v = state[OFFER + s]
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
    P = params[P_NUM_PLAYERS]
    if (_fewest_mask(state, P) >> me) & 1:
        return False
    return state[FAILS] >= params[P_FAIL_EFFECT_UPTO] or _is_richest(state, P, me)


@row_kernel
def _yes_no(state, params, persona, me):
    eff = state[DEC_EFF]
    if eff == E_SUCCEED_AT_END:
        if persona == FAIR_SHARE:
            return A_YES
        P = params[P_NUM_PLAYERS]
        if (_fewest_mask(state, P) >> me) & 1:
            return A_YES
        return A_DECLINE if state[FAILS] >= params[P_FAIL_EFFECT_UPTO] else A_YES
    return A_YES if _sabotage(state, params, persona, me) else A_DECLINE


@row_kernel
def _tie(state, params, legal, n, me):
    """Bone Favor tie-break: take wins for myself, push losses onto others."""
    P = params[P_NUM_PLAYERS]
    mask = state[LEG_MASK] >> BIT_OPT
    mine = (mask >> me) & 1
    st = state[STAGE]
    winning = st == S_WINNERS or st == S_FINAL or (st == S_RESULT and state[OUTCOME] == 1)
    if winning:
        return OPT_BASE + me if mine else A_DECLINE
    if not mine:
        return A_DECLINE
    for s in range(P):
        if s != me and (mask >> s) & 1:
            return OPT_BASE + s
    return A_DECLINE


@row_kernel
def _target(state, params, persona, legal, n, me):
    P = params[P_NUM_PLAYERS]
    eff = state[DEC_EFF]
    if eff == E_RAISE_OFFER:
        c = state[SLOT_EFF + state[DEC_SLOT]]
        a = params[P_CARD_A + c] if c >= 0 else 0
        if _total_offer(state, P) >= state[THRESH]:
            if _has(legal, n, A_DECLINE):
                return A_DECLINE
        best = -1
        gain = 0
        for s in range(P):
            if s != me and _has(legal, n, OPT_BASE + s):
                g = min(a - state[OFFER + s], state[SOULS + s])
                if g > gain:
                    gain = g
                    best = s
        if best >= 0:
            return OPT_BASE + best
        return A_DECLINE if _has(legal, n, A_DECLINE) else legal[0]
    if eff == E_SWAP:
        best = -1
        top = state[OFFER + me]
        for s in range(P):
            if s != me and _has(legal, n, OPT_BASE + s) and state[OFFER + s] > top:
                top = state[OFFER + s]
                best = s
        if best >= 0:
            return OPT_BASE + best
        return A_DECLINE if _has(legal, n, A_DECLINE) else legal[0]
    s = _richest_other(state, P, me)
    if s >= 0 and _has(legal, n, OPT_BASE + s):
        return OPT_BASE + s
    return legal[0]


@row_kernel
def _amount_choice(state, params, persona, legal, n, me):
    P = params[P_NUM_PLAYERS]
    hi = state[LEG_HI]
    if state[DEC_EFF] == E_STAKE:
        return _amount(legal, n, hi if persona == COURT_HAWK else hi // 2)
    if state[DEC_EFF] == E_ADD_OWN:
        short = state[THRESH] - _total_offer(state, P)
        if short > 0 and short <= hi:
            return _amount(legal, n, short)
        low = _min_other_offer(state, P, me)
        mine = state[OFFER + me]
        if mine <= low and low + 1 - mine <= hi:
            return _amount(legal, n, low + 1 - mine)
        return _amount(legal, n, 0)
    return legal[0]


@row_kernel
def scripted_action(state, params, persona, rng, legal, n):
    me = state[CUR]
    dec = state[DEC]
    if dec == D_BID:
        a = _bid(state, params, persona, rng, me)
        return a if _has(legal, n, a) else legal[0]
    if dec == D_OFFER:
        return _offer(state, params, persona, legal, n, me)
    if dec == D_FLESH_ADJ:
        return _flesh_adjust(state, params, legal, n, me)
    if dec == D_SPIRIT_ADJ:
        return _spirit_adjust(state, params, persona, legal, n, me)
    if dec == D_YESNO:
        a = _yes_no(state, params, persona, me)
        return a if _has(legal, n, a) else legal[0]
    if dec == D_TIE:
        a = _tie(state, params, legal, n, me)
        return a if _has(legal, n, a) else legal[0]
    if dec == D_TARGET:
        return _target(state, params, persona, legal, n, me)
    if dec == D_AMOUNT:
        return _amount_choice(state, params, persona, legal, n, me)
    if dec == D_COPY:
        best = legal[0]
        bv = -1e18
        for i in range(n):
            k = legal[i] - OPT_BASE
            c = state[REVEALED + k]
            v = _effect_worth(state, params, me, params[P_CARD_EFFECT + c],
                              params[P_CARD_A + c], params[P_CARD_B + c])
            if v > bv:
                bv = v
                best = legal[i]
        return best
    if dec == D_FAVOR:
        for f in (BONE, SPIRIT, FLESH):
            if _has(legal, n, OPT_BASE + f):
                return OPT_BASE + f
        return legal[0]
    return legal[randint(rng, n)]

