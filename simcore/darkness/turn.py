"""Edge of Darkness Action phase: one seat's turn (steps 1-5) and the tower's attacks.

Step 1 drops the seat's Threat Zone cubes into the tower (each cube lands in one
of the 3 trays at random); every tray whose cubes reach the threshold attacks,
tray by tray: the colour with the most cubes is attacked (black has or shares
the most: every seat), defenders in turn order from the active seat each reduce
the Damage (Border Towers Agents and own cubes, Cursed Beggar's 8 Coins,
Watchtower Agents; City Watch / defence stand-ins reduce it passively); Damage
0 or less is a successful defence (+1 Influence, then a Coldhollow cube), else
the seat moves down its Defense Track.  The card then leaves (owner's Guild Hall
or the discard pile), the tray's cubes are set aside and the next deck card is
revealed in the tray.
"""
from simcore.common import row_kernel
from simcore.darkness import layout as L
from simcore.darkness.cards import (
    agents_at,
    draw_cube,
    leg_clear,
    leg_opt,
    leg_set,
    loc_of_kind,
    request,
    take,
    tray_total,
)
from simcore.darkness.effects import (
    card_damage,
    card_has,
    clear_tray,
    defense_down,
    is_out,
    pay,
    return_agents,
)
from simcore.darkness.rounds import do_sleeve, slot_free
from simcore.rng import randint


@row_kernel
def begin_turn(state, params, p):
    """Reset the per-turn values of seat p and note the slots it holds."""
    state[L.ACTIVE] = p
    state[L.BS + p] = 0
    state[L.HSPENT + p] = 0
    state[L.DEFEATS + p] = 0
    state[L.HUNTS + p] = 0
    state[L.ABIL + p] = 0
    state[L.TURN_ACTS] = 0
    state[L.PE_KIND] = L.PK_NONE
    dm = 0
    hm = 0
    for s in range(L.NSLOT):
        if state[L.DSLOT + s] == p:
            dm |= 1 << s
        if state[L.HSLOT + s] == p:
            hm |= 1 << s
    state[L.DSTART + p] = dm
    state[L.HSTART + p] = hm
    for c in range(L.NCARD):
        state[L.C_USED + c] = 0
    state[L.STAGE] = L.S_TURN_END if is_out(state, params, p) else L.S_ATTACKS
    state[L.SUB] = 0


@row_kernel
def drop_cubes(state, params, rng):
    """Step 1 (or the automa's turn): cubes fall into random trays."""
    if state[L.AUTO_STEP]:
        for _ in range(params[L.P_AUTO_CUBES]):
            from_bag = draw_cube(state, rng)
            if from_bag < 0:
                break
            t = randint(rng, L.NTRAY)
            state[L.TRAY_CUBES + t * L.NCOL + from_bag] += 1
        return
    p = state[L.ACTIVE]
    for col in range(L.NCOL):
        for _ in range(state[L.TZ + p * L.NCOL + col]):
            t = randint(rng, L.NTRAY)
            state[L.TRAY_CUBES + t * L.NCOL + col] += 1
        state[L.TZ + p * L.NCOL + col] = 0


@row_kernel
def attack_targets(state, params, t):
    """Mask of seats attacked by tray t: the colour(s) with the most cubes (ED-BASE-58/59);
    black has or shares the most: all (ED-BASE-60)."""
    P = params[L.P_NUM_PLAYERS]
    mx = 0
    for col in range(L.NCOL):
        mx = max(mx, state[L.TRAY_CUBES + t * L.NCOL + col])
    if mx == 0:
        return 0
    m = 0
    if state[L.TRAY_CUBES + t * L.NCOL + L.BLACK] == mx:
        m = (1 << P) - 1
    for q in range(P):
        if state[L.TRAY_CUBES + t * L.NCOL + q] == mx:
            m |= 1 << q
    # solo: the automa's colour (1) is no seat, so its majority attacks nobody unless the
    # alternative reading sends it at the player
    if P == 1 and params[L.P_SOLO_AUTO_ATTACK] and state[L.TRAY_CUBES + t * L.NCOL + 1] == mx:
        m = 1
    for q in range(P):
        if is_out(state, params, q):
            m &= ~(1 << q)
    return m


@row_kernel
def passive_reduction(state, params, q):
    """City Watch and defence stand-ins: -B Damage per Agent of q there (ED-BASE-89)."""
    r = 0
    for loc in range(L.NLOC):
        k = state[L.LOCKIND + loc]
        if k == L.K_CITY_WATCH or k == L.K_DEFENCE:
            r += state[L.AG + q * L.NLOC + loc] * params[L.P_CB + k]
    return r


@row_kernel
def stage_attacks(state, params, rng):
    """Step 1 (ED-BASE-37): the Threat Zone cubes go into the tower, then each tray that
    reached its threshold attacks, tray by tray (SUB 0 drop, 1 next tray, 2 defend,
    3 Coldhollow cubes and the card leaves)."""
    sub = state[L.SUB]
    if sub == 0:
        drop_cubes(state, params, rng)
        state[L.AT_TRAY] = 0
        state[L.SUB] = 1
        return False
    if sub == 1:
        attack_next_tray(state, params)
        return False
    if sub == 2:
        return attack_defend(state, params)
    return attack_end(state, params, rng)


@row_kernel
def attack_next_tray(state, params):
    """The next tray whose cubes reach the threshold attacks (ED-BASE-54); none left: on to
    step 2 (or the automa's round end)."""
    t = state[L.AT_TRAY]
    while t < L.NTRAY:
        if state[L.TRAY_CARD + t] >= 0 and tray_total(state, t) >= params[L.P_THRESHOLD]:
            break
        t += 1
    state[L.AT_TRAY] = t
    if t >= L.NTRAY:
        if state[L.AUTO_STEP]:
            state[L.STAGE] = L.S_ROUND_END
        else:
            state[L.STAGE] = L.S_SLEEVE
            state[L.SUB] = 0
        return
    state[L.AT_CARD] = state[L.TRAY_CARD + t]
    state[L.AT_MASK] = attack_targets(state, params, t)
    state[L.AT_IDX] = 0
    state[L.AT_OK] = 0
    state[L.AT_STEP] = 0
    state[L.SUB] = 2


@row_kernel
def attack_defend(state, params):
    """One attacked guild, in turn order from the active seat, reduces the Damage
    (ED-BASE-58..63): Border Towers Agents and own cubes (ED-L58-02), the Cursed Beggar's
    8 Coins (ED-L57-11), Watchtower Agents (ED-BASE-88); Damage 0 or less is a successful
    defence (+1 Influence), else the guild moves down its Defense Track."""
    P = params[L.P_NUM_PLAYERS]
    j = state[L.AT_IDX]
    if j >= P:
        state[L.AT_IDX] = 0
        state[L.SUB] = 3
        return False
    q = (state[L.ACTIVE] + j) % P
    if not (state[L.AT_MASK] >> q) & 1:
        state[L.AT_IDX] = j + 1
        return False
    c = state[L.AT_CARD]
    if state[L.AT_STEP] == 0:
        state[L.AT_DMG] = card_damage(state, params, c, q, -1) - passive_reduction(state, params, q)
        state[L.AT_STEP] = 1
    bt = loc_of_kind(state, L.K_BORDER)
    wt = loc_of_kind(state, L.K_WATCHTOWER)
    if state[L.AT_DMG] > 0:
        if not state[L.READY]:
            leg_clear(state)
            # "return 0 or more Agents and remove 1 or more cubes" (ED-L58-06): with
            # P_BT_CUBE an Agent counts only in a defence that also removes a cube, so after
            # an Agent returned before any cube (AT_STEP 2) a cube must follow, and an Agent
            # is offered before a cube only while a cube can still follow (Damage 2+)
            step = state[L.AT_STEP]
            if step == 2:
                leg_opt(state, 1)
                if agents_at(state, q, bt) > 0 and state[L.AT_DMG] >= 2:
                    leg_opt(state, 0)
            else:
                leg_set(state, L.A_PASS)
                if bt >= 0 and agents_at(state, q, bt) > 0 and (
                        not params[L.P_BT_CUBE] or step == 3
                        or (state[L.BT_CUBES + q] > 0 and state[L.AT_DMG] >= 2)):
                    leg_opt(state, 0)
                if bt >= 0 and state[L.BT_CUBES + q] > 0:
                    leg_opt(state, 1)
                mine = loc_of_kind(state, L.K_MINE)
                if mine >= 0 and card_has(state, c, L.K_MINE) > 0 and \
                        state[L.COINS + q] >= params[L.P_CB + L.K_MINE]:
                    leg_opt(state, 2)
                if wt >= 0 and agents_at(state, q, wt) > 0:
                    leg_opt(state, 3)
            if request(state, params, L.D_DEFEND, q):
                return True
        a = take(state)
        if a != L.A_PASS:
            o = a - L.A_OPT
            if o == 0:
                return_agents(state, q, bt, 1)
                state[L.AT_DMG] -= 1
                if params[L.P_BT_CUBE] and state[L.AT_STEP] == 1:
                    state[L.AT_STEP] = 2
            elif o == 1:
                state[L.BT_CUBES + q] -= 1
                state[L.ASIDE + q] += 1
                state[L.AT_DMG] -= 1
                state[L.AT_STEP] = 3
            elif o == 2:
                pay(state, q, params[L.P_CB + L.K_MINE])
                state[L.AT_DMG] = 0
            else:
                return_agents(state, q, wt, 1)
                state[L.AT_DMG] -= params[L.P_CB + L.K_WATCHTOWER]
            return False
    if state[L.AT_DMG] <= 0:
        state[L.INFL + q] += 1
        state[L.ST_DEFENDED + q] += 1
        state[L.AT_OK] |= 1 << q
    else:
        defense_down(state, params, q, 1)
        state[L.ST_LANDED + q] += 1
    state[L.AT_IDX] = j + 1
    state[L.AT_STEP] = 0
    return False


@row_kernel
def attack_end(state, params, rng):
    """After the attack: each successful defender may take a cube from the tray to
    Coldhollow (ED-L61-01..03), then the card leaves and the next one is revealed
    (ED-BASE-54/55)."""
    P = params[L.P_NUM_PLAYERS]
    t = state[L.AT_TRAY]
    j = state[L.AT_IDX]
    if j < P and loc_of_kind(state, L.K_COLDHOLLOW) >= 0:
        q = (state[L.ACTIVE] + j) % P
        if (state[L.AT_OK] >> q) & 1 and tray_total(state, t) > 0:
            if not state[L.READY]:
                leg_clear(state)
                leg_set(state, L.A_PASS)
                for col in range(L.NCOL):
                    if state[L.TRAY_CUBES + t * L.NCOL + col] > 0:
                        leg_opt(state, col)
                if request(state, params, L.D_CUBE, q):
                    return True
            a = take(state)
            if a != L.A_PASS:
                col = a - L.A_OPT
                state[L.TRAY_CUBES + t * L.NCOL + col] -= 1
                state[L.CCUBES + q * L.NCOL + col] += 1
        state[L.AT_IDX] = j + 1
        return False
    clear_tray(state, params, t, rng)
    state[L.AT_TRAY] = t + 1
    state[L.SUB] = 1
    return False


# ---- step 2: sleeve ---------------------------------------------------------------------------------


@row_kernel
def stage_sleeve(state, params):
    """Step 2: sleeve one advancement onto a card in hand, compulsory unless only Neutral
    cards have an open slot (ED-BASE-38/39): the stack (SUB 0), then the card (SUB 1)."""
    p = state[L.ACTIVE]
    n = state[L.HAND_N + p]
    if state[L.SUB] == 0:
        if not state[L.READY]:
            leg_clear(state)
            must = False
            for s in range(L.NSTACK):
                if state[L.STACK_N + s] == 0:
                    continue
                for h in range(n):
                    c = state[L.HAND + p * L.MAX_HAND + h]
                    if slot_free(state, c, s & 1):
                        leg_opt(state, s)
                        if state[L.C_OWNER + c] >= 0:
                            must = True
            if not must:
                leg_set(state, L.A_PASS)
            if request(state, params, L.D_SLEEVE, p):
                return True
        a = take(state)
        if a == L.A_PASS:
            state[L.STAGE] = L.S_MAIN
            return False
        state[L.PRO_STACK] = a - L.A_OPT
        state[L.SUB] = 1
        return False
    s = state[L.PRO_STACK]
    if not state[L.READY]:
        leg_clear(state)
        for h in range(n):
            if slot_free(state, state[L.HAND + p * L.MAX_HAND + h], s & 1):
                leg_opt(state, h)
        if request(state, params, L.D_SLEEVE_CARD, p):
            return True
    h = take(state) - L.A_OPT
    do_sleeve(state, params, p, state[L.HAND + p * L.MAX_HAND + h], s, False)
    state[L.STAGE] = L.S_MAIN
    state[L.SUB] = 0
    return False
