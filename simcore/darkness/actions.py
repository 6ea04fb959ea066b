"""Edge of Darkness step 3 (effects, location abilities, hunts), step 4 (the Street ability)
and step 5 (discarding the hand: Shorehollow Isle and the Coldhollow Traveler).

Step 3 is a menu (D_MAIN): USE a card effect, a once-per-turn location ability,
start a hunt, the Street ability, or PASS to end the step.  A choice with
parameters becomes a pending effect (PE_KIND) that asks for them in turn.
"""
from simcore.common import row_kernel
from simcore.darkness import layout as L
from simcore.darkness.cards import (
    ROW,
    I,
    add_to_hand,
    draw_top,
    fee_ok,
    leg_clear,
    leg_opt,
    leg_set,
    loc_of_kind,
    put_bottom,
    refill_street,
    remove_from_hand,
    request,
    reshuffle,
    take,
    to_discard,
    to_owner_or_discard,
    tray_total,
)
from simcore.darkness.contacts import (
    contact_apply,
    contact_modes,
    contact_targets,
    slot_apply,
    slot_ok,
    slot_targets,
)
from simcore.darkness.effects import (
    card_damage,
    card_has,
    claim,
    clear_tray,
    dispatch,
    give_reward,
    remove_agent,
    return_agents,
    slot_base,
    spy_bonus,
    top_apply,
    top_ok,
)
from simcore.darkness.rounds import do_sleeve, slot_free


@row_kernel
def usable(state, params, p, c, s):
    """Whether seat p may use slot s (0 top, 1 middle, 2 bottom) of card c now."""
    if (state[L.C_USED + c] >> s) & 1 or not fee_ok(state, params, p, c):
        return False
    loc = -1
    if s > 0:
        loc = state[L.C_MID + c] if s == 1 else state[L.C_BOT + c]
        if loc < 0:
            return False
    # the 1-Coin fee to another guild is paid first: the effect's own cost must still be
    # payable from what is left (ED-BASE-41, ED-GEN-09)
    o = state[L.C_OWNER + c]
    fee = 1 if 0 <= o < params[L.P_NUM_PLAYERS] and o != p else 0
    state[L.COINS + p] -= fee
    if s == 0:
        ok = top_ok(state, params, p, c)
    else:
        ok = contact_modes(state, params, p, loc, c, False) != 0
    state[L.COINS + p] += fee
    return ok


@row_kernel
def start_use(state, params, p, c, s):
    """Mark slot s of card c used, pay the fee, resolve a top effect or open the contact."""
    state[L.C_USED + c] |= 1 << s
    o = state[L.C_OWNER + c]
    if 0 <= o < params[L.P_NUM_PLAYERS] and o != p:
        state[L.COINS + p] -= 1
        state[L.COINS + o] += 1
    if s == 0:
        top_apply(state, params, p, c)
        return
    state[L.PE_KIND] = L.PK_CONTACT
    state[L.PE_CARD] = c
    state[L.PE_LOC] = state[L.C_MID + c] if s == 1 else state[L.C_BOT + c]
    state[L.PE_STEP] = 0


@row_kernel((ROW, I, I, I), inline="always")
def slot_free_for(state, p, kind, s):
    base = slot_base(kind)
    start = state[(L.DSTART if kind == L.K_DOCKS else L.HSTART) + p]
    return state[base + s] < 0 and not (start >> s) & 1


@row_kernel
def can_visit(state, params, p, kind):
    if state[L.TRAINED + p] == 0:
        return False
    for s in range(L.NSLOT):
        if slot_free_for(state, p, kind, s) and slot_ok(state, params, p, kind, s):
            return True
    return False


@row_kernel
def main_menu(state, params, p):
    """Step 3's menu (ED-BASE-40): card effects, Border Towers (ED-L58-01), Northstone
    (ED-L53-01), Docks / Homesteads (ED-L59-02, ED-L60-01), a hunt, the Street ability
    (step 4, ED-BASE-44), or PASS."""
    leg_clear(state)
    leg_set(state, L.A_PASS)
    for h in range(state[L.HAND_N + p]):
        c = state[L.HAND + p * L.MAX_HAND + h]
        for s in range(3):
            # an empty middle / bottom slot is never usable: skip the call
            if s == 0 or state[(L.C_MID if s == 1 else L.C_BOT) + c] >= 0:
                if usable(state, params, p, c, s):
                    leg_set(state, L.A_USE + h * 3 + s)
    ab = state[L.ABIL + p]
    if not ab & L.AB_BT and state[L.TRAINED + p] > 0 and loc_of_kind(state, L.K_BORDER) >= 0:
        leg_set(state, L.A_BT)
    ns = loc_of_kind(state, L.K_NORTHSTONE)
    if not ab & L.AB_NORTH and ns >= 0:
        for loc in range(L.NLOC):
            if loc != ns and state[L.AG + p * L.NLOC + loc] > 0:
                leg_set(state, L.A_NORTH)
                break
    if not ab & L.AB_DOCKS and loc_of_kind(state, L.K_DOCKS) >= 0 and \
            can_visit(state, params, p, L.K_DOCKS):
        leg_set(state, L.A_DOCKS)
    if not ab & L.AB_HOME and loc_of_kind(state, L.K_HOMESTEADS) >= 0 and \
            can_visit(state, params, p, L.K_HOMESTEADS):
        leg_set(state, L.A_HOME)
    if state[L.HUNTS + p] > 0:
        leg_set(state, L.A_HUNT)
    if not ab & L.AB_STREET and state[L.HAND_N + p] >= 2 and state[L.STREET] >= 0:
        leg_set(state, L.A_STREET)


@row_kernel
def done_pending(state):
    state[L.PE_KIND] = L.PK_NONE
    if state[L.PE_RET]:
        state[L.PE_RET] = 0
        state[L.STAGE] = L.S_DISCARD
        state[L.SUB] = 0


@row_kernel
def stage_main(state, params, rng):
    """Step 3: the menu, then the chosen effect's pending questions (PE_KIND)."""
    p = state[L.ACTIVE]
    pk = state[L.PE_KIND]
    if pk == L.PK_NONE:
        if not state[L.READY]:
            main_menu(state, params, p)
            if request(state, params, L.D_MAIN, p):
                return True
        a = take(state)
        if a == L.A_PASS:
            state[L.STAGE] = L.S_DISCARD
            state[L.SUB] = 0
        elif L.A_USE <= a < L.A_BT:
            h = (a - L.A_USE) // 3
            start_use(state, params, p, state[L.HAND + p * L.MAX_HAND + h], (a - L.A_USE) % 3)
        elif a == L.A_BT:
            state[L.ABIL + p] |= L.AB_BT
            dispatch(state, p, loc_of_kind(state, L.K_BORDER), 1)
        elif a == L.A_NORTH:
            state[L.ABIL + p] |= L.AB_NORTH
            state[L.PE_KIND] = L.PK_NORTH
        elif a == L.A_DOCKS or a == L.A_HOME:
            state[L.ABIL + p] |= L.AB_DOCKS if a == L.A_DOCKS else L.AB_HOME
            state[L.PE_KIND] = L.PK_DOCKS if a == L.A_DOCKS else L.PK_HOME
            state[L.PE_CNT] = 0
            state[L.PE_STEP] = 0
        elif a == L.A_HUNT:
            state[L.HUNTS + p] -= 1
            state[L.PE_KIND] = L.PK_HUNT
            state[L.PE_STEP] = 0
        elif a == L.A_STREET:
            state[L.ABIL + p] |= L.AB_STREET
            state[L.PE_KIND] = L.PK_STREET
            state[L.PE_STEP] = 0
            state[L.PE_CNT] = 0
            state[L.DS_SHORE] = 0
        return False
    if pk == L.PK_CONTACT:
        return pending_contact(state, params, p, rng)
    if pk == L.PK_NORTH:
        ns = loc_of_kind(state, L.K_NORTHSTONE)
        if not state[L.READY]:
            leg_clear(state)
            for loc in range(L.NLOC):
                if loc != ns and state[L.AG + p * L.NLOC + loc] > 0:
                    leg_opt(state, loc)
            if request(state, params, L.D_TARGET, p):
                return True
        src = take(state) - L.A_OPT
        remove_agent(state, p, src, False)
        state[L.AG + p * L.NLOC + ns] += 1
        done_pending(state)
        return False
    if pk == L.PK_DOCKS or pk == L.PK_HOME:
        return pending_slots(state, params, p, rng)
    if pk == L.PK_HUNT:
        return pending_hunt(state, params, p, rng)
    return pending_street(state, params, p, rng)


@row_kernel
def pending_contact(state, params, p, rng):
    c = state[L.PE_CARD]
    loc = state[L.PE_LOC]
    if state[L.PE_STEP] == 0:
        if not state[L.READY]:
            leg_clear(state)
            m = contact_modes(state, params, p, loc, c, False)
            for b in range(3):
                if (m >> b) & 1:
                    leg_opt(state, b)
            if request(state, params, L.D_MODE, p):
                return True
        state[L.PE_MODE] = take(state) - L.A_OPT
        state[L.PE_STEP] = 1
        return False
    mode = state[L.PE_MODE]
    target = -1
    if state[L.READY]:
        target = take(state) - L.A_OPT
    else:
        leg_clear(state)
        n = contact_targets(state, params, p, loc, c, mode)
        if n > 0:
            if request(state, params, L.D_TARGET, p):
                return True
            target = take(state) - L.A_OPT
    contact_apply(state, params, p, loc, c, mode, target, rng)
    done_pending(state)
    return False


@row_kernel
def pending_slots(state, params, p, rng):
    kind = L.K_DOCKS if state[L.PE_KIND] == L.PK_DOCKS else L.K_HOMESTEADS
    loc = loc_of_kind(state, kind)
    if state[L.PE_STEP] == 0:
        if not state[L.READY]:
            leg_clear(state)
            if state[L.PE_CNT] > 0:
                leg_set(state, L.A_PASS)
            if state[L.TRAINED + p] > 0:
                for s in range(L.NSLOT):
                    if slot_free_for(state, p, kind, s) and slot_ok(state, params, p, kind, s):
                        leg_opt(state, s)
            if request(state, params, L.D_TARGET, p):
                return True
        a = take(state)
        if a == L.A_PASS:
            done_pending(state)
            return False
        s = a - L.A_OPT
        state[L.PE_ARG] = s
        state[slot_base(kind) + s] = p
        state[L.AG + p * L.NLOC + loc] += 1
        state[L.TRAINED + p] -= 1
        state[L.PE_STEP] = 1
        return False
    s = state[L.PE_ARG]
    target = -1
    if not state[L.READY]:
        leg_clear(state)
        n = slot_targets(state, params, p, kind, s)
        if n > 0:
            if request(state, params, L.D_TARGET, p):
                return True
            target = take(state) - L.A_OPT
    else:
        target = take(state) - L.A_OPT
    if slot_apply(state, params, p, kind, s, target) == 1 and state[L.HAND_N + p] < L.MAX_HAND:
        x = draw_top(state, rng)
        if x >= 0:
            add_to_hand(state, p, x)
    state[L.PE_CNT] += 1
    if state[L.PE_CNT] < params[L.P_DOCK_AGENTS] and state[L.TRAINED + p] > 0:
        state[L.PE_STEP] = 0
    else:
        done_pending(state)
    return False


@row_kernel
def reward_of(params, kind, which):
    if which == 0:
        return params[L.P_REW1 + kind], params[L.P_REW1_A + kind]
    return params[L.P_REW2 + kind], params[L.P_REW2_A + kind]


@row_kernel
def pending_hunt(state, params, p, rng):
    """A hunt (ED-BASE-66..71): PE_STEP 0 pick a tray card the Battle Strength defeats,
    1 its rewards threat by threat, 2 a Coldhollow cube and the card leaves the tower."""
    step = state[L.PE_STEP]
    if step == 0:
        return hunt_pick(state, params, p)
    if step == 1:
        return hunt_rewards(state, params, p)
    return hunt_end(state, params, p, rng)


@row_kernel
def hunt_pick(state, params, p):
    """Defeat one tray card whose Damage the unspent Battle Strength covers, or PASS."""
    avail = state[L.BS + p] + spy_bonus(state, params, p) - state[L.HSPENT + p]
    if not state[L.READY]:
        leg_clear(state)
        leg_set(state, L.A_PASS)
        for t in range(L.NTRAY):
            c = state[L.TRAY_CARD + t]
            if c >= 0 and card_damage(state, params, c, -1, p) <= avail:
                leg_opt(state, t)
        if request(state, params, L.D_HUNT, p):
            return True
    a = take(state)
    if a == L.A_PASS:
        done_pending(state)
        return False
    t = a - L.A_OPT
    c = state[L.TRAY_CARD + t]
    state[L.HSPENT + p] += card_damage(state, params, c, -1, p)
    state[L.DEFEATS + p] += 1
    state[L.ST_DEFEATED + p] += 1
    state[L.HU_TRAY] = t
    state[L.HU_CARD] = c
    state[L.HU_THREAT] = 0
    state[L.PE_ARG] = 0
    state[L.PE_STEP] = 1
    return False


@row_kernel
def hunt_rewards(state, params, p):
    """The defeated card's rewards, threat by threat (ED-BASE-68): printed, middle, bottom;
    an "or" reward asks which (PE_ARG 0), then each chosen one is paid (PE_ARG 1)."""
    c = state[L.HU_CARD]
    th = state[L.HU_THREAT]
    if th >= 3:
        state[L.PE_STEP] = 2
        return False
    if th == 0:
        give_reward(state, p, params[L.P_BASE_REW + c], params[L.P_BASE_REW_A + c])
        state[L.HU_THREAT] = 1
        return False
    loc = state[L.C_MID + c] if th == 1 else state[L.C_BOT + c]
    if loc < 0:
        state[L.HU_THREAT] = th + 1
        return False
    kind = state[L.LOCKIND + loc]
    if state[L.PE_ARG] == 0:  # choose which reward(s)
        if params[L.P_REW_OR + kind]:
            if not state[L.READY]:
                leg_clear(state)
                leg_opt(state, 0)
                code, am = reward_of(params, kind, 1)
                if code != L.R_DISPATCH or state[L.TRAINED + p] > 0:
                    leg_opt(state, 1)
                if request(state, params, L.D_REWARD, p):
                    return True
            w = take(state) - L.A_OPT
            state[L.PE_MODE] = 1 << w
        else:
            state[L.PE_MODE] = 3
        state[L.PE_ARG] = 1
        return False
    # pay the chosen rewards; a dispatch asks where
    for w in range(2):
        if not (state[L.PE_MODE] >> w) & 1:
            continue
        code, am = reward_of(params, kind, w)
        if code == L.R_DISPATCH:
            if state[L.TRAINED + p] > 0:
                if not state[L.READY]:
                    leg_clear(state)
                    for l2 in range(L.NLOC):
                        leg_opt(state, l2)
                    if request(state, params, L.D_TARGET, p):
                        return True
                dispatch(state, p, take(state) - L.A_OPT, am)
        else:
            give_reward(state, p, code, am)
        state[L.PE_MODE] &= ~(1 << w)
        return False
    state[L.PE_ARG] = 0
    state[L.HU_THREAT] = th + 1
    return False


@row_kernel
def hunt_end(state, params, p, rng):
    """A Coldhollow cube from the defeated card's tray (ED-L61-01), then the card leaves
    the tower and the next one is revealed."""
    t = state[L.HU_TRAY]
    if loc_of_kind(state, L.K_COLDHOLLOW) >= 0 and tray_total(state, t) > 0 and \
            state[L.PE_ARG] == 0:
        if not state[L.READY]:
            leg_clear(state)
            leg_set(state, L.A_PASS)
            for col in range(L.NCOL):
                if state[L.TRAY_CUBES + t * L.NCOL + col] > 0:
                    leg_opt(state, col)
            if request(state, params, L.D_CUBE, p):
                return True
        a = take(state)
        if a != L.A_PASS:
            state[L.TRAY_CUBES + t * L.NCOL + a - L.A_OPT] -= 1
            state[L.CCUBES + p * L.NCOL + a - L.A_OPT] += 1
    clear_tray(state, params, t, rng)
    state[L.PE_STEP] = 0
    state[L.PE_ARG] = 0
    return False


@row_kernel
def pending_street(state, params, p, rng):
    """Step 4, the Street ability (ED-BASE-44): discard 2 cards, then use one effect of a
    Street card; step 5 follows."""
    if state[L.DS_SHORE] > 0:   # a discarded card's Priestesses trigger Shorehollow (ED-L62-02)
        return shore_reward(state, params, p, rng)
    step = state[L.PE_CNT]
    if step < 2:   # discard two cards from hand
        if not state[L.READY]:
            leg_clear(state)
            for h in range(state[L.HAND_N + p]):
                leg_opt(state, h)
            if request(state, params, L.D_STREET_DISC, p):
                return True
        h = take(state) - L.A_OPT
        c = remove_from_hand(state, p, h)
        o = state[L.C_OWNER + c]
        if o >= 0 and o != p:
            to_owner_or_discard(state, params, c)
        else:
            to_discard(state, c)
        if loc_of_kind(state, L.K_SHOREHOLLOW) >= 0:
            state[L.DS_SHORE] = card_has(state, c, L.K_SHOREHOLLOW)
            state[L.PE_STEP] = 0
        state[L.PE_CNT] = step + 1
        return False
    if not state[L.READY]:
        leg_clear(state)
        for i in range(L.NSTREET):
            c = state[L.STREET + i]
            if c < 0:
                continue
            for s in range(3):
                if usable(state, params, p, c, s):
                    leg_opt(state, i * 3 + s)
        if request(state, params, L.D_TARGET, p):
            return True
    a = take(state)
    state[L.PE_KIND] = L.PK_NONE
    state[L.STAGE] = L.S_DISCARD
    state[L.SUB] = 0
    if a != L.A_PASS:
        k = a - L.A_OPT
        start_use(state, params, p, state[L.STREET + k // 3], k % 3)
        if state[L.PE_KIND] != L.PK_NONE:
            state[L.PE_RET] = 1
            state[L.STAGE] = L.S_MAIN  # back to S_MAIN to finish the contact, then step 5
    return False


# ---- step 5: discard the hand ---------------------------------------------------------------------


@row_kernel
def shore_reward(state, params, p, rng):
    """One Shorehollow Priestess trigger for seat p (the discarding seat): 1-2 Agents Coins,
    3 Coins or a sleeve on a Street card, 4 a claim of another guild's card
    (ED-L62-04..08)."""
    isle = loc_of_kind(state, L.K_SHOREHOLLOW)
    n = state[L.AG + p * L.NLOC + isle]
    step = state[L.PE_STEP]
    if n <= 2 and step == 0:
        state[L.COINS + p] += n
        state[L.DS_SHORE] -= 1
        return False
    if step == 0:
        if not state[L.READY]:
            leg_clear(state)
            leg_opt(state, 0)
            for s in range(L.NSTACK):
                if state[L.STACK_N + s] > 0 and street_slot(state, s) >= 0:
                    leg_opt(state, 1)
                    break
            if n >= 4 and n >= params[L.P_CA + L.K_SHOREHOLLOW] and \
                    state[L.SLIPS + p] < params[L.P_SLIPS] and claimable(state, params, p, -1) >= 0:
                leg_opt(state, 2)
            if request(state, params, L.D_SHORE, p):
                return True
        o = take(state) - L.A_OPT
        if o == 0:
            state[L.COINS + p] += 2
            state[L.DS_SHORE] -= 1
        else:
            state[L.PE_STEP] = 1 if o == 1 else 3
        return False
    if step == 1:
        if not state[L.READY]:
            leg_clear(state)
            for s in range(L.NSTACK):
                if state[L.STACK_N + s] > 0 and street_slot(state, s) >= 0:
                    leg_opt(state, s)
            if request(state, params, L.D_TARGET, p):
                return True
        state[L.PE_ARG] = take(state) - L.A_OPT
        state[L.PE_STEP] = 2
        return False
    if step == 2:
        s = state[L.PE_ARG]
        if not state[L.READY]:
            leg_clear(state)
            for i in range(L.NSTREET):
                c = state[L.STREET + i]
                if c >= 0 and slot_free(state, c, s & 1):
                    leg_opt(state, i)
            if request(state, params, L.D_TARGET, p):
                return True
        i = take(state) - L.A_OPT
        do_sleeve(state, params, p, state[L.STREET + i], s, False)
    else:
        if not state[L.READY]:
            leg_clear(state)
            claimable(state, params, p, 1)
            if request(state, params, L.D_TARGET, p):
                return True
        k = take(state) - L.A_OPT
        c = state[L.HAND + p * L.MAX_HAND + k] if k < 8 else state[L.STREET + k - 8]
        o = state[L.C_OWNER + c]
        return_agents(state, p, isle, params[L.P_CA + L.K_SHOREHOLLOW])
        claim(state, p, c)
        state[L.INFL + o] += 1
    state[L.PE_STEP] = 0
    state[L.DS_SHORE] -= 1
    return False


@row_kernel
def street_slot(state, s):
    for i in range(L.NSTREET):
        c = state[L.STREET + i]
        if c >= 0 and slot_free(state, c, s & 1):
            return i
    return -1


@row_kernel
def claimable(state, params, p, mark):
    """Another seat's card in p's hand (OPT h) or the Street (OPT 8 + i); with mark >= 0
    every one is written into LEG.  Returns the first option or -1."""
    P = params[L.P_NUM_PLAYERS]
    first = -1
    for h in range(state[L.HAND_N + p]):
        o = state[L.C_OWNER + state[L.HAND + p * L.MAX_HAND + h]]
        if 0 <= o < P and o != p:
            if mark >= 0:
                leg_opt(state, h)
            if first < 0:
                first = h
    for i in range(L.NSTREET):
        c = state[L.STREET + i]
        if c >= 0:
            o = state[L.C_OWNER + c]
            if 0 <= o < P and o != p:
                if mark >= 0:
                    leg_opt(state, 8 + i)
                if first < 0:
                    first = 8 + i
    return first


@row_kernel
def stage_discard(state, params, rng):
    """Step 5: discard the hand card by card (ED-BASE-45): Shorehollow triggers first
    (ED-L62-01), other guilds' cards to their Guild Halls, the Coldhollow Traveler may go
    under the deck (ED-L61-11/12)."""
    p = state[L.ACTIVE]
    if state[L.HAND_N + p] == 0:
        refill_street(state, rng)   # a Traveler put under an empty deck enters the Street
        if state[L.DECK_N] == 0:
            reshuffle(state, rng)
            refill_street(state, rng)
        state[L.STAGE] = L.S_TURN_END
        return False
    c = state[L.HAND + p * L.MAX_HAND]
    step = state[L.DS_STEP]
    if step == 0:
        isle = loc_of_kind(state, L.K_SHOREHOLLOW)
        state[L.DS_SHORE] = card_has(state, c, L.K_SHOREHOLLOW) if isle >= 0 else 0
        state[L.DS_STEP] = 1
        state[L.PE_STEP] = 0
        return False
    if step == 1:
        if state[L.DS_SHORE] > 0:
            return shore_reward(state, params, p, rng)
        state[L.DS_STEP] = 2
        return False
    o = state[L.C_OWNER + c]
    if 0 <= o < params[L.P_NUM_PLAYERS] and o != p:
        remove_from_hand(state, p, 0)
        to_owner_or_discard(state, params, c)
    elif card_has(state, c, L.K_COLDHOLLOW) > 0:
        if not state[L.READY]:
            leg_clear(state)
            leg_set(state, L.A_PASS)
            leg_opt(state, 0)
            if request(state, params, L.D_TRAVELER, p):
                return True
        a = take(state)
        remove_from_hand(state, p, 0)
        if a == L.A_PASS:
            to_discard(state, c)
        else:
            put_bottom(state, c)
    else:
        remove_from_hand(state, p, 0)
        to_discard(state, c)
    state[L.DS_STEP] = 0
    return False
