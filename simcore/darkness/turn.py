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
from numba import njit

from simcore.darkness.cards import (
    agents_at, draw_cube, leg_clear, leg_opt, leg_set, loc_of_kind, request, take, tray_total,
)
from simcore.darkness.effects import (
    card_damage, card_has, clear_tray, defense_down, pay, return_agents, slots_held,
)
from simcore.darkness.layout import (
    A_OPT, A_PASS, ACTIVE, AG, ASIDE, AT_CARD, AT_DMG, AT_IDX, AT_MASK, AT_OK, AT_STEP,
    AT_TRAY, AUTO_STEP, BLACK, BT_CUBES, BS, C_BOT, C_MID, C_OWNER, C_USED, CCUBES, COINS,
    D_CUBE, D_DEFEND, D_SLEEVE, D_SLEEVE_CARD, DEFEATS, DSLOT, DSTART, HAND, HAND_N, HSLOT,
    HSPENT, HSTART, HUNTS, INFL, K_BORDER, K_CITY_WATCH, K_COLDHOLLOW, K_DEFENCE, K_DOCKS,
    K_HOMESTEADS, K_MINE, K_WATCHTOWER, MAX_HAND, NCARD, NCOL, NLOC, NSLOT, NSTACK, NTRAY,
    P_AUTO_CUBES, P_CB, P_NUM_PLAYERS, P_THRESHOLD, PE_KIND, PHASE, PRO_STACK, READY,
    S_MAIN, S_ROUND_END, S_SLEEVE, ST_DEFENDED, ST_LANDED, STACK_N, STAGE, SUB, TRAY_CARD,
    TRAY_CUBES, TURN_ACTS, TZ, ABIL, S_ATTACKS, PK_NONE, LOCKIND,
)
from simcore.darkness.rounds import do_sleeve, slot_free
from simcore.rng import randint


@njit(cache=True)
def begin_turn(state, params, p):
    """Reset the per-turn values of seat p and note the slots it holds."""
    state[ACTIVE] = p
    state[BS + p] = 0
    state[HSPENT + p] = 0
    state[DEFEATS + p] = 0
    state[HUNTS + p] = 0
    state[ABIL + p] = 0
    state[TURN_ACTS] = 0
    state[PE_KIND] = PK_NONE
    dm = 0
    hm = 0
    for s in range(NSLOT):
        if state[DSLOT + s] == p:
            dm |= 1 << s
        if state[HSLOT + s] == p:
            hm |= 1 << s
    state[DSTART + p] = dm
    state[HSTART + p] = hm
    for c in range(NCARD):
        state[C_USED + c] = 0
    state[STAGE] = S_ATTACKS
    state[SUB] = 0


@njit(cache=True)
def drop_cubes(state, params, rng):
    """Step 1 (or the automa's turn): cubes fall into random trays."""
    if state[AUTO_STEP]:
        for _ in range(params[P_AUTO_CUBES]):
            from_bag = draw_cube(state, rng)
            if from_bag < 0:
                break
            t = randint(rng, NTRAY)
            state[TRAY_CUBES + t * NCOL + from_bag] += 1
        return
    p = state[ACTIVE]
    for col in range(NCOL):
        for _ in range(state[TZ + p * NCOL + col]):
            t = randint(rng, NTRAY)
            state[TRAY_CUBES + t * NCOL + col] += 1
        state[TZ + p * NCOL + col] = 0


@njit(cache=True)
def attack_targets(state, params, t):
    """Mask of seats attacked by tray t: the colour(s) with the most cubes; black: all."""
    P = params[P_NUM_PLAYERS]
    mx = 0
    for col in range(NCOL):
        mx = max(mx, state[TRAY_CUBES + t * NCOL + col])
    if mx == 0:
        return 0
    if state[TRAY_CUBES + t * NCOL + BLACK] == mx:
        return (1 << P) - 1
    m = 0
    for q in range(P):
        if state[TRAY_CUBES + t * NCOL + q] == mx:
            m |= 1 << q
    return m


@njit(cache=True)
def passive_reduction(state, params, q):
    """City Watch and defence stand-ins: -B Damage per Agent of q there."""
    r = 0
    for loc in range(NLOC):
        k = state[LOCKIND + loc]
        if k == K_CITY_WATCH or k == K_DEFENCE:
            r += state[AG + q * NLOC + loc] * params[P_CB + k]
    return r


@njit(cache=True)
def stage_attacks(state, params, rng):
    P = params[P_NUM_PLAYERS]
    act = state[ACTIVE]
    sub = state[SUB]
    if sub == 0:
        drop_cubes(state, params, rng)
        state[AT_TRAY] = 0
        state[SUB] = 1
        return False
    t = state[AT_TRAY]
    if sub == 1:
        while t < NTRAY:
            if state[TRAY_CARD + t] >= 0 and tray_total(state, t) >= params[P_THRESHOLD]:
                break
            t += 1
        state[AT_TRAY] = t
        if t >= NTRAY:
            if state[AUTO_STEP]:
                state[STAGE] = S_ROUND_END
            else:
                state[STAGE] = S_SLEEVE
                state[SUB] = 0
            return False
        state[AT_CARD] = state[TRAY_CARD + t]
        state[AT_MASK] = attack_targets(state, params, t)
        state[AT_IDX] = 0
        state[AT_OK] = 0
        state[AT_STEP] = 0
        state[SUB] = 2
        return False
    c = state[AT_CARD]
    if sub == 2:
        j = state[AT_IDX]
        if j >= P:
            state[AT_IDX] = 0
            state[SUB] = 3
            return False
        q = (act + j) % P
        if not (state[AT_MASK] >> q) & 1:
            state[AT_IDX] = j + 1
            return False
        if state[AT_STEP] == 0:
            state[AT_DMG] = card_damage(state, params, c, q, -1) - passive_reduction(state, params, q)
            state[AT_STEP] = 1
        bt = loc_of_kind(state, K_BORDER)
        wt = loc_of_kind(state, K_WATCHTOWER)
        if state[AT_DMG] > 0:
            if not state[READY]:
                leg_clear(state)
                leg_set(state, A_PASS)
                if bt >= 0 and agents_at(state, q, bt) > 0:
                    leg_opt(state, 0)
                if bt >= 0 and state[BT_CUBES + q] > 0:
                    leg_opt(state, 1)
                mine = loc_of_kind(state, K_MINE)
                if mine >= 0 and card_has(state, c, K_MINE) > 0 and \
                        state[COINS + q] >= params[P_CB + K_MINE]:
                    leg_opt(state, 2)
                if wt >= 0 and agents_at(state, q, wt) > 0:
                    leg_opt(state, 3)
                if request(state, params, D_DEFEND, q):
                    return True
            a = take(state)
            if a != A_PASS:
                o = a - A_OPT
                if o == 0:
                    return_agents(state, q, bt, 1)
                    state[AT_DMG] -= 1
                elif o == 1:
                    state[BT_CUBES + q] -= 1
                    state[ASIDE + q] += 1
                    state[AT_DMG] -= 1
                elif o == 2:
                    pay(state, q, params[P_CB + K_MINE])
                    state[AT_DMG] = 0
                else:
                    return_agents(state, q, wt, 1)
                    state[AT_DMG] -= params[P_CB + K_WATCHTOWER]
                return False
        if state[AT_DMG] <= 0:
            state[INFL + q] += 1
            state[ST_DEFENDED + q] += 1
            state[AT_OK] |= 1 << q
        else:
            defense_down(state, params, q, 1)
            state[ST_LANDED + q] += 1
        state[AT_IDX] = j + 1
        state[AT_STEP] = 0
        return False
    # sub 3: Coldhollow cubes for the successful defenders, then the card leaves
    j = state[AT_IDX]
    if j < P and loc_of_kind(state, K_COLDHOLLOW) >= 0:
        q = (act + j) % P
        if (state[AT_OK] >> q) & 1 and tray_total(state, t) > 0:
            if not state[READY]:
                leg_clear(state)
                leg_set(state, A_PASS)
                for col in range(NCOL):
                    if state[TRAY_CUBES + t * NCOL + col] > 0:
                        leg_opt(state, col)
                if request(state, params, D_CUBE, q):
                    return True
            a = take(state)
            if a != A_PASS:
                col = a - A_OPT
                state[TRAY_CUBES + t * NCOL + col] -= 1
                state[CCUBES + q * NCOL + col] += 1
        state[AT_IDX] = j + 1
        return False
    clear_tray(state, params, t, rng)
    state[AT_TRAY] = t + 1
    state[SUB] = 1
    return False


# ---- step 2: sleeve ---------------------------------------------------------------------------------


@njit(cache=True)
def stage_sleeve(state, params):
    p = state[ACTIVE]
    n = state[HAND_N + p]
    if state[SUB] == 0:
        if not state[READY]:
            leg_clear(state)
            must = False
            for s in range(NSTACK):
                if state[STACK_N + s] == 0:
                    continue
                for h in range(n):
                    c = state[HAND + p * MAX_HAND + h]
                    if slot_free(state, c, s & 1):
                        leg_opt(state, s)
                        if state[C_OWNER + c] >= 0:
                            must = True
            if not must:
                leg_set(state, A_PASS)
            if request(state, params, D_SLEEVE, p):
                return True
        a = take(state)
        if a == A_PASS:
            state[STAGE] = S_MAIN
            return False
        state[PRO_STACK] = a - A_OPT
        state[SUB] = 1
        return False
    s = state[PRO_STACK]
    if not state[READY]:
        leg_clear(state)
        for h in range(n):
            if slot_free(state, state[HAND + p * MAX_HAND + h], s & 1):
                leg_opt(state, h)
        if request(state, params, D_SLEEVE_CARD, p):
            return True
    h = take(state) - A_OPT
    do_sleeve(state, params, p, state[HAND + p * MAX_HAND + h], s, False)
    state[STAGE] = S_MAIN
    state[SUB] = 0
    return False
