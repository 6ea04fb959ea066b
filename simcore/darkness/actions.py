"""Edge of Darkness step 3 (effects, location abilities, hunts), step 4 (the Street ability)
and step 5 (discarding the hand: Shorehollow Isle and the Coldhollow Traveler).

Step 3 is a menu (D_MAIN): USE a card effect, a once-per-turn location ability,
start a hunt, the Street ability, or PASS to end the step.  A choice with
parameters becomes a pending effect (PE_KIND) that asks for them in turn.
"""
from numba import njit

from simcore.darkness.cards import (
    add_to_hand, draw_top, fee_ok, leg_clear, leg_opt, leg_set, loc_of_kind, put_bottom,
    remove_from_hand, request, take, to_discard, to_owner_or_discard, tray_total, refill_street,
    reshuffle,
)
from simcore.darkness.contacts import (
    contact_apply, contact_modes, contact_targets, slot_apply, slot_ok, slot_targets,
)
from simcore.darkness.effects import (
    card_damage, card_has, claim, clear_tray, dispatch, give_reward, remove_agent,
    return_agents, slot_base, spy_bonus, top_apply, top_ok,
)
from simcore.darkness.layout import (
    A_BT, A_DOCKS, A_HOME, A_HUNT, A_NORTH, A_OPT, A_PASS, A_STREET, A_USE, AB_BT, AB_DOCKS,
    AB_HOME, AB_NORTH, AB_STREET, ABIL, ACTIVE, AG, BS, C_BOT, C_MID, C_OWNER, C_USED, CCUBES,
    COINS, D_CUBE, D_HUNT, D_MAIN, D_MODE, D_REWARD, D_SHORE, D_STREET_DISC, D_TARGET,
    D_TRAVELER, DEFEATS, DS_SHORE, DS_STEP, DSLOT, DSTART, HAND, HAND_N, HSLOT, HSPENT, HSTART,
    HU_CARD, HU_THREAT, HU_TRAY, HUNTS, INFL, K_BORDER, K_COLDHOLLOW, K_DOCKS, K_HOMESTEADS,
    K_NORTHSTONE, K_SHOREHOLLOW, LOCKIND, MAX_HAND, NCOL, NLOC, NSLOT, NSTACK, NSTREET, NTRAY,
    P_BASE_REW, P_BASE_REW_A, P_CA, P_DOCK_AGENTS, P_NUM_PLAYERS, P_REW1, P_REW1_A, P_REW2,
    P_REW2_A, P_REW_OR, P_SLIPS, PE_ARG, PE_CARD, PE_CNT, PE_KIND, PE_LOC, PE_MODE, PE_RET,
    PE_STEP, PK_CONTACT, PK_DOCKS, PK_HOME, PK_HUNT, PK_NONE, PK_NORTH, PK_STREET, R_DISPATCH,
    READY, S_DISCARD, S_MAIN, S_TURN_END, SLIPS, ST_DEFEATED, STACK_N, STAGE, STREET, TRAINED,
    TRAY_CARD, TRAY_CUBES, SUB, C_ZONE, Z_HAND, Z_STREET, DECK_N,
)
from simcore.darkness.rounds import do_sleeve, slot_free


@njit(cache=True)
def usable(state, params, p, c, s):
    """Whether seat p may use slot s (0 top, 1 middle, 2 bottom) of card c now."""
    if (state[C_USED + c] >> s) & 1 or not fee_ok(state, params, p, c):
        return False
    loc = -1
    if s > 0:
        loc = state[C_MID + c] if s == 1 else state[C_BOT + c]
        if loc < 0:
            return False
    # the 1-Coin fee to another guild is paid first: the effect's own cost must still be
    # payable from what is left (ED-BASE-41, ED-GEN-09)
    o = state[C_OWNER + c]
    fee = 1 if 0 <= o < params[P_NUM_PLAYERS] and o != p else 0
    state[COINS + p] -= fee
    if s == 0:
        ok = top_ok(state, params, p, c)
    else:
        ok = contact_modes(state, params, p, loc, c, False) != 0
    state[COINS + p] += fee
    return ok


@njit(cache=True)
def start_use(state, params, p, c, s):
    """Mark slot s of card c used, pay the fee, resolve a top effect or open the contact."""
    state[C_USED + c] |= 1 << s
    o = state[C_OWNER + c]
    if 0 <= o < params[P_NUM_PLAYERS] and o != p:
        state[COINS + p] -= 1
        state[COINS + o] += 1
    if s == 0:
        top_apply(state, params, p, c)
        return
    state[PE_KIND] = PK_CONTACT
    state[PE_CARD] = c
    state[PE_LOC] = state[C_MID + c] if s == 1 else state[C_BOT + c]
    state[PE_STEP] = 0


@njit(cache=True, inline="always")
def slot_free_for(state, p, kind, s):
    base = slot_base(kind)
    start = state[(DSTART if kind == K_DOCKS else HSTART) + p]
    return state[base + s] < 0 and not (start >> s) & 1


@njit(cache=True)
def can_visit(state, params, p, kind):
    if state[TRAINED + p] == 0:
        return False
    for s in range(NSLOT):
        if slot_free_for(state, p, kind, s) and slot_ok(state, params, p, kind, s):
            return True
    return False


@njit(cache=True)
def main_menu(state, params, p):
    leg_clear(state)
    leg_set(state, A_PASS)
    for h in range(state[HAND_N + p]):
        c = state[HAND + p * MAX_HAND + h]
        for s in range(3):
            # an empty middle / bottom slot is never usable: skip the call
            if s == 0 or state[(C_MID if s == 1 else C_BOT) + c] >= 0:
                if usable(state, params, p, c, s):
                    leg_set(state, A_USE + h * 3 + s)
    ab = state[ABIL + p]
    if not ab & AB_BT and state[TRAINED + p] > 0 and loc_of_kind(state, K_BORDER) >= 0:
        leg_set(state, A_BT)
    ns = loc_of_kind(state, K_NORTHSTONE)
    if not ab & AB_NORTH and ns >= 0:
        for loc in range(NLOC):
            if loc != ns and state[AG + p * NLOC + loc] > 0:
                leg_set(state, A_NORTH)
                break
    if not ab & AB_DOCKS and loc_of_kind(state, K_DOCKS) >= 0 and can_visit(state, params, p, K_DOCKS):
        leg_set(state, A_DOCKS)
    if not ab & AB_HOME and loc_of_kind(state, K_HOMESTEADS) >= 0 and \
            can_visit(state, params, p, K_HOMESTEADS):
        leg_set(state, A_HOME)
    if state[HUNTS + p] > 0:
        leg_set(state, A_HUNT)
    if not ab & AB_STREET and state[HAND_N + p] >= 2 and state[STREET] >= 0:
        leg_set(state, A_STREET)


@njit(cache=True)
def done_pending(state):
    state[PE_KIND] = PK_NONE
    if state[PE_RET]:
        state[PE_RET] = 0
        state[STAGE] = S_DISCARD
        state[SUB] = 0


@njit(cache=True)
def stage_main(state, params, rng):
    p = state[ACTIVE]
    pk = state[PE_KIND]
    if pk == PK_NONE:
        if not state[READY]:
            main_menu(state, params, p)
            if request(state, params, D_MAIN, p):
                return True
        a = take(state)
        if a == A_PASS:
            state[STAGE] = S_DISCARD
            state[SUB] = 0
        elif A_USE <= a < A_BT:
            h = (a - A_USE) // 3
            start_use(state, params, p, state[HAND + p * MAX_HAND + h], (a - A_USE) % 3)
        elif a == A_BT:
            state[ABIL + p] |= AB_BT
            dispatch(state, p, loc_of_kind(state, K_BORDER), 1)
        elif a == A_NORTH:
            state[ABIL + p] |= AB_NORTH
            state[PE_KIND] = PK_NORTH
        elif a == A_DOCKS or a == A_HOME:
            state[ABIL + p] |= AB_DOCKS if a == A_DOCKS else AB_HOME
            state[PE_KIND] = PK_DOCKS if a == A_DOCKS else PK_HOME
            state[PE_CNT] = 0
            state[PE_STEP] = 0
        elif a == A_HUNT:
            state[HUNTS + p] -= 1
            state[PE_KIND] = PK_HUNT
            state[PE_STEP] = 0
        elif a == A_STREET:
            state[ABIL + p] |= AB_STREET
            state[PE_KIND] = PK_STREET
            state[PE_STEP] = 0
            state[PE_CNT] = 0
            state[DS_SHORE] = 0
        return False
    if pk == PK_CONTACT:
        return pending_contact(state, params, p, rng)
    if pk == PK_NORTH:
        ns = loc_of_kind(state, K_NORTHSTONE)
        if not state[READY]:
            leg_clear(state)
            for loc in range(NLOC):
                if loc != ns and state[AG + p * NLOC + loc] > 0:
                    leg_opt(state, loc)
            if request(state, params, D_TARGET, p):
                return True
        src = take(state) - A_OPT
        remove_agent(state, p, src, False)
        state[AG + p * NLOC + ns] += 1
        done_pending(state)
        return False
    if pk == PK_DOCKS or pk == PK_HOME:
        return pending_slots(state, params, p, rng)
    if pk == PK_HUNT:
        return pending_hunt(state, params, p, rng)
    return pending_street(state, params, p, rng)


@njit(cache=True)
def pending_contact(state, params, p, rng):
    c = state[PE_CARD]
    loc = state[PE_LOC]
    if state[PE_STEP] == 0:
        if not state[READY]:
            leg_clear(state)
            m = contact_modes(state, params, p, loc, c, False)
            for b in range(3):
                if (m >> b) & 1:
                    leg_opt(state, b)
            if request(state, params, D_MODE, p):
                return True
        state[PE_MODE] = take(state) - A_OPT
        state[PE_STEP] = 1
        return False
    mode = state[PE_MODE]
    target = -1
    if state[READY]:
        target = take(state) - A_OPT
    else:
        leg_clear(state)
        n = contact_targets(state, params, p, loc, c, mode)
        if n > 0:
            if request(state, params, D_TARGET, p):
                return True
            target = take(state) - A_OPT
    contact_apply(state, params, p, loc, c, mode, target, rng)
    done_pending(state)
    return False


@njit(cache=True)
def pending_slots(state, params, p, rng):
    kind = K_DOCKS if state[PE_KIND] == PK_DOCKS else K_HOMESTEADS
    loc = loc_of_kind(state, kind)
    if state[PE_STEP] == 0:
        if not state[READY]:
            leg_clear(state)
            if state[PE_CNT] > 0:
                leg_set(state, A_PASS)
            if state[TRAINED + p] > 0:
                for s in range(NSLOT):
                    if slot_free_for(state, p, kind, s) and slot_ok(state, params, p, kind, s):
                        leg_opt(state, s)
            if request(state, params, D_TARGET, p):
                return True
        a = take(state)
        if a == A_PASS:
            done_pending(state)
            return False
        s = a - A_OPT
        state[PE_ARG] = s
        state[slot_base(kind) + s] = p
        state[AG + p * NLOC + loc] += 1
        state[TRAINED + p] -= 1
        state[PE_STEP] = 1
        return False
    s = state[PE_ARG]
    target = -1
    if not state[READY]:
        leg_clear(state)
        n = slot_targets(state, params, p, kind, s)
        if n > 0:
            if request(state, params, D_TARGET, p):
                return True
            target = take(state) - A_OPT
    else:
        target = take(state) - A_OPT
    if slot_apply(state, params, p, kind, s, target) == 1 and state[HAND_N + p] < MAX_HAND:
        x = draw_top(state, rng)
        if x >= 0:
            add_to_hand(state, p, x)
    state[PE_CNT] += 1
    if state[PE_CNT] < params[P_DOCK_AGENTS] and state[TRAINED + p] > 0:
        state[PE_STEP] = 0
    else:
        done_pending(state)
    return False


@njit(cache=True)
def reward_of(params, kind, which):
    if which == 0:
        return params[P_REW1 + kind], params[P_REW1_A + kind]
    return params[P_REW2 + kind], params[P_REW2_A + kind]


@njit(cache=True)
def pending_hunt(state, params, p, rng):
    step = state[PE_STEP]
    if step == 0:
        avail = state[BS + p] + spy_bonus(state, params, p) - state[HSPENT + p]
        if not state[READY]:
            leg_clear(state)
            leg_set(state, A_PASS)
            for t in range(NTRAY):
                c = state[TRAY_CARD + t]
                if c >= 0 and card_damage(state, params, c, -1, p) <= avail:
                    leg_opt(state, t)
            if request(state, params, D_HUNT, p):
                return True
        a = take(state)
        if a == A_PASS:
            done_pending(state)
            return False
        t = a - A_OPT
        c = state[TRAY_CARD + t]
        state[HSPENT + p] += card_damage(state, params, c, -1, p)
        state[DEFEATS + p] += 1
        state[ST_DEFEATED + p] += 1
        state[HU_TRAY] = t
        state[HU_CARD] = c
        state[HU_THREAT] = 0
        state[PE_ARG] = 0
        state[PE_STEP] = 1
        return False
    c = state[HU_CARD]
    t = state[HU_TRAY]
    if step == 1:   # rewards, threat by threat: printed, middle, bottom
        th = state[HU_THREAT]
        if th >= 3:
            state[PE_STEP] = 2
            return False
        if th == 0:
            give_reward(state, p, params[P_BASE_REW + c], params[P_BASE_REW_A + c])
            state[HU_THREAT] = 1
            return False
        loc = state[C_MID + c] if th == 1 else state[C_BOT + c]
        if loc < 0:
            state[HU_THREAT] = th + 1
            return False
        kind = state[LOCKIND + loc]
        sub = state[PE_ARG]
        if sub == 0:  # choose which reward(s)
            if params[P_REW_OR + kind]:
                if not state[READY]:
                    leg_clear(state)
                    leg_opt(state, 0)
                    code, am = reward_of(params, kind, 1)
                    if code != R_DISPATCH or state[TRAINED + p] > 0:
                        leg_opt(state, 1)
                    if request(state, params, D_REWARD, p):
                        return True
                w = take(state) - A_OPT
                state[PE_MODE] = 1 << w
            else:
                state[PE_MODE] = 3
            state[PE_ARG] = 1
            return False
        # sub 1: pay the chosen rewards; a dispatch asks where
        for w in range(2):
            if not (state[PE_MODE] >> w) & 1:
                continue
            code, am = reward_of(params, kind, w)
            if code == R_DISPATCH:
                if state[TRAINED + p] > 0:
                    if not state[READY]:
                        leg_clear(state)
                        for l2 in range(NLOC):
                            leg_opt(state, l2)
                        if request(state, params, D_TARGET, p):
                            return True
                    dispatch(state, p, take(state) - A_OPT, am)
            else:
                give_reward(state, p, code, am)
            state[PE_MODE] &= ~(1 << w)
            return False
        state[PE_ARG] = 0
        state[HU_THREAT] = th + 1
        return False
    # step 2: a Coldhollow cube from the tray, then the card leaves the tower
    if loc_of_kind(state, K_COLDHOLLOW) >= 0 and tray_total(state, t) > 0 and state[PE_ARG] == 0:
        if not state[READY]:
            leg_clear(state)
            leg_set(state, A_PASS)
            for col in range(NCOL):
                if state[TRAY_CUBES + t * NCOL + col] > 0:
                    leg_opt(state, col)
            if request(state, params, D_CUBE, p):
                return True
        a = take(state)
        if a != A_PASS:
            state[TRAY_CUBES + t * NCOL + a - A_OPT] -= 1
            state[CCUBES + p * NCOL + a - A_OPT] += 1
    clear_tray(state, params, t, rng)
    state[PE_STEP] = 0
    state[PE_ARG] = 0
    return False


@njit(cache=True)
def pending_street(state, params, p, rng):
    if state[DS_SHORE] > 0:   # a discarded card's Priestesses trigger Shorehollow (ED-L62-02)
        return shore_reward(state, params, p, rng)
    step = state[PE_CNT]
    if step < 2:   # discard two cards from hand
        if not state[READY]:
            leg_clear(state)
            for h in range(state[HAND_N + p]):
                leg_opt(state, h)
            if request(state, params, D_STREET_DISC, p):
                return True
        h = take(state) - A_OPT
        c = remove_from_hand(state, p, h)
        o = state[C_OWNER + c]
        if o >= 0 and o != p:
            to_owner_or_discard(state, params, c)
        else:
            to_discard(state, c)
        if loc_of_kind(state, K_SHOREHOLLOW) >= 0:
            state[DS_SHORE] = card_has(state, c, K_SHOREHOLLOW)
            state[PE_STEP] = 0
        state[PE_CNT] = step + 1
        return False
    if not state[READY]:
        leg_clear(state)
        for i in range(NSTREET):
            c = state[STREET + i]
            if c < 0:
                continue
            for s in range(3):
                if usable(state, params, p, c, s):
                    leg_opt(state, i * 3 + s)
        if request(state, params, D_TARGET, p):
            return True
    a = take(state)
    state[PE_KIND] = PK_NONE
    state[STAGE] = S_DISCARD
    state[SUB] = 0
    if a != A_PASS:
        k = a - A_OPT
        start_use(state, params, p, state[STREET + k // 3], k % 3)
        if state[PE_KIND] != PK_NONE:
            state[PE_RET] = 1
            state[STAGE] = S_MAIN  # back to S_MAIN to finish the contact, then step 5
    return False


# ---- step 5: discard the hand ---------------------------------------------------------------------


@njit(cache=True)
def shore_reward(state, params, p, rng):
    """One Shorehollow Priestess trigger for seat p (the discarding seat)."""
    isle = loc_of_kind(state, K_SHOREHOLLOW)
    n = state[AG + p * NLOC + isle]
    step = state[PE_STEP]
    if n <= 2 and step == 0:
        state[COINS + p] += n
        state[DS_SHORE] -= 1
        return False
    P = params[P_NUM_PLAYERS]
    if step == 0:
        if not state[READY]:
            leg_clear(state)
            leg_opt(state, 0)
            for s in range(NSTACK):
                if state[STACK_N + s] > 0 and street_slot(state, s) >= 0:
                    leg_opt(state, 1)
                    break
            if n >= 4 and n >= params[P_CA + K_SHOREHOLLOW] and \
                    state[SLIPS + p] < params[P_SLIPS] and claimable(state, params, p, -1) >= 0:
                leg_opt(state, 2)
            if request(state, params, D_SHORE, p):
                return True
        o = take(state) - A_OPT
        if o == 0:
            state[COINS + p] += 2
            state[DS_SHORE] -= 1
        else:
            state[PE_STEP] = 1 if o == 1 else 3
        return False
    if step == 1:
        if not state[READY]:
            leg_clear(state)
            for s in range(NSTACK):
                if state[STACK_N + s] > 0 and street_slot(state, s) >= 0:
                    leg_opt(state, s)
            if request(state, params, D_TARGET, p):
                return True
        state[PE_ARG] = take(state) - A_OPT
        state[PE_STEP] = 2
        return False
    if step == 2:
        s = state[PE_ARG]
        if not state[READY]:
            leg_clear(state)
            for i in range(NSTREET):
                c = state[STREET + i]
                if c >= 0 and slot_free(state, c, s & 1):
                    leg_opt(state, i)
            if request(state, params, D_TARGET, p):
                return True
        i = take(state) - A_OPT
        do_sleeve(state, params, p, state[STREET + i], s, False)
    else:
        if not state[READY]:
            leg_clear(state)
            claimable(state, params, p, 1)
            if request(state, params, D_TARGET, p):
                return True
        k = take(state) - A_OPT
        c = state[HAND + p * MAX_HAND + k] if k < 8 else state[STREET + k - 8]
        o = state[C_OWNER + c]
        return_agents(state, p, isle, params[P_CA + K_SHOREHOLLOW])
        claim(state, p, c)
        state[INFL + o] += 1
    state[PE_STEP] = 0
    state[DS_SHORE] -= 1
    return False


@njit(cache=True)
def street_slot(state, s):
    for i in range(NSTREET):
        c = state[STREET + i]
        if c >= 0 and slot_free(state, c, s & 1):
            return i
    return -1


@njit(cache=True)
def claimable(state, params, p, mark):
    """Another seat's card in p's hand (OPT h) or the Street (OPT 8 + i); with mark >= 0
    every one is written into LEG.  Returns the first option or -1."""
    P = params[P_NUM_PLAYERS]
    first = -1
    for h in range(state[HAND_N + p]):
        o = state[C_OWNER + state[HAND + p * MAX_HAND + h]]
        if 0 <= o < P and o != p:
            if mark >= 0:
                leg_opt(state, h)
            if first < 0:
                first = h
    for i in range(NSTREET):
        c = state[STREET + i]
        if c >= 0:
            o = state[C_OWNER + c]
            if 0 <= o < P and o != p:
                if mark >= 0:
                    leg_opt(state, 8 + i)
                if first < 0:
                    first = 8 + i
    return first


@njit(cache=True)
def stage_discard(state, params, rng):
    p = state[ACTIVE]
    if state[HAND_N + p] == 0:
        refill_street(state, rng)   # a Traveler put under an empty deck enters the Street
        if state[DECK_N] == 0:
            reshuffle(state, rng)
            refill_street(state, rng)
        state[STAGE] = S_TURN_END
        return False
    c = state[HAND + p * MAX_HAND]
    step = state[DS_STEP]
    if step == 0:
        isle = loc_of_kind(state, K_SHOREHOLLOW)
        state[DS_SHORE] = card_has(state, c, K_SHOREHOLLOW) if isle >= 0 else 0
        state[DS_STEP] = 1
        state[PE_STEP] = 0
        return False
    if step == 1:
        if state[DS_SHORE] > 0:
            return shore_reward(state, params, p, rng)
        state[DS_STEP] = 2
        return False
    o = state[C_OWNER + c]
    if 0 <= o < params[P_NUM_PLAYERS] and o != p:
        remove_from_hand(state, p, 0)
        to_owner_or_discard(state, params, c)
    elif card_has(state, c, K_COLDHOLLOW) > 0:
        if not state[READY]:
            leg_clear(state)
            leg_set(state, A_PASS)
            leg_opt(state, 0)
            if request(state, params, D_TRAVELER, p):
                return True
        a = take(state)
        remove_from_hand(state, p, 0)
        if a == A_PASS:
            to_discard(state, c)
        else:
            state[C_USED + c] = 0
            put_bottom(state, c)
    else:
        remove_from_hand(state, p, 0)
        to_discard(state, c)
    state[DS_STEP] = 0
    return False
