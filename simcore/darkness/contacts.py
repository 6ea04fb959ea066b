"""Edge of Darkness contacts (the advancements' contact effects) and the Docks / Homesteads
ability slots.

Contacts have up to three modes (bit m of ``contact_modes``): for "either or
both" contacts mode 0 is the first effect, 1 the second, 2 both (first, then
second); for "either but not both" modes 0 and 1; single-effect and "both or
neither" contacts (Homestead Hero) have mode 0 only.  A mode whose effect needs
a target (a card, a tray, a cube, an amount) asks for it with ``contact_targets``
(OPT k, meaning per kind below) before ``contact_apply`` resolves it.

Targets (OPT k):
  Councillor to the Viceroy   k < 8: hand position; 8 + t: the Neutral card in tray t
  Spy                         tray t
  Students / Gang Boss (1)    k + 1 Agents dispatched ("up to" A)
  Master Refiner (return)     k + 1 Agents returned, richest first
  Border Guard (cube)         src * 5 + colour; src 0..2 tray, 3 + seat a Threat Zone
  Grand Library               0: 4 -> 2, 1: 10 -> 4, 2: 15 -> 6 (Coins -> Reputation)
  Capital Hall (claim)        hand position of the Neutral card
"""
from numba import njit

from simcore.darkness.cards import (
    add_to_hand, draw_top, hand_pos, leg_opt, place_in_tray, refill_street, remove_from_hand,
    remove_from_street, to_owner_or_discard, train,
)
from simcore.darkness.effects import (
    claim, defense_down, dispatch, pay, return_agents, return_all_at, reveal,
)
from simcore.darkness.layout import (
    AG, BLUFF, BS, BT_CUBES, C_HOLDER, C_OWNER, C_ZONE, COINS, HAND, HAND_N, HUNTS, INFL, K_AGENTS,
    K_BARRACKS, K_BATTLE, K_BLUFFS, K_BORDER, K_CAPITAL_HALL, K_CARDS, K_CHASM, K_CITADEL,
    K_CITY_WATCH, K_DEFENCE, K_DOCKS, K_ECONOMY, K_FORGE, K_GRAND_LIBRARY, K_HOMESTEADS,
    K_MILLHOLLOW, K_MINE, K_MUD, K_NORTHSTONE, K_WAR_COUNCIL, K_WATCHTOWER, LOCKIND, MAX_HAND,
    NCOL, NLOC, NTRAY, P_CA, P_CB, P_CC, P_DOCK_RATE, P_HOME_BS, P_NUM_PLAYERS, P_SLIPS, REP,
    DEFENSE, P_DEF_MAX,
    SLIPS, TRAINED, TRAY_CARD, TRAY_CUBES, TZ, TZN, UNTRAINED, Z_HAND, Z_STREET, Z_TRAY,
)

# ---- contacts ----------------------------------------------------------------------------------------


@njit(cache=True)
def neutral_in_hand(state, params, p):
    for h in range(state[HAND_N + p]):
        c = state[HAND + p * MAX_HAND + h]
        if state[C_OWNER + c] < 0:
            return True
    return False


@njit(cache=True)
def any_cube_source(state, params):
    for t in range(NTRAY):
        for col in range(NCOL):
            if state[TRAY_CUBES + t * NCOL + col] > 0:
                return True
    for q in range(params[P_NUM_PLAYERS]):
        for col in range(NCOL):
            if state[TZ + q * NCOL + col] + state[TZN + q * NCOL + col] > 0:
                return True
    return False


@njit(cache=True)
def contact_modes(state, params, p, loc, c, pro):
    """Bit mask of the modes of the contact of location ``loc`` seat p may resolve now
    (card c carries it; ``pro``: the Prologue bans apply)."""
    k = state[LOCKIND + loc]
    tr = state[TRAINED + p] >= 1
    ag = state[AG + p * NLOC + loc]
    coins = state[COINS + p]
    A = params[P_CA + k]
    B = params[P_CB + k]
    slips = state[SLIPS + p] < params[P_SLIPS]
    np_ = not pro
    if k == K_CITADEL:
        if np_ and coins >= A and slips:
            if neutral_in_hand(state, params, p):
                return 1
            for t in range(NTRAY):
                x = state[TRAY_CARD + t]
                if x >= 0 and state[C_OWNER + x] < 0:
                    return 1
        return 0
    if k == K_BARRACKS:
        return (1 if tr else 0) | (2 if np_ and ag >= A else 0) | \
            (4 if np_ and tr and ag + 1 >= A else 0)
    if k == K_NORTHSTONE or k == K_AGENTS:
        return (1 if tr else 0) | (2 if np_ and ag >= B and state[UNTRAINED + p] > 0 else 0)
    if k == K_CHASM:
        if np_ and coins >= A and state[C_ZONE + c] != Z_TRAY:
            return 1
        return 0
    if k == K_MUD:
        return (1 if tr else 0) | (2 if np_ and ag >= 1 else 0)
    if k == K_BLUFFS or k == K_ECONOMY:
        return 1
    if k == K_MINE or k == K_BATTLE:
        return (1 if tr else 0) | (2 if np_ and ag >= 1 else 0) | (4 if np_ and tr else 0)
    if k == K_BORDER:
        cube = np_ and any_cube_source(state, params)
        return (1 if tr else 0) | (2 if cube else 0) | (4 if cube and tr else 0)
    if k == K_DOCKS:
        return 1 | (2 if np_ and ag >= 1 else 0) | (4 if np_ and ag >= 1 else 0)
    if k == K_HOMESTEADS:
        return 1 if np_ else 0
    if k == K_WAR_COUNCIL:
        return (1 if tr else 0) | (2 if np_ and ag >= B else 0) | \
            (4 if np_ and tr and ag + min(A, state[TRAINED + p]) >= B else 0)
    if k == K_WATCHTOWER or k == K_CITY_WATCH or k == K_MILLHOLLOW or k == K_DEFENCE:
        return 1 if tr else 0
    if k == K_GRAND_LIBRARY:
        return 1 if np_ and coins >= 4 else 0
    if k == K_FORGE:
        return 1 | (2 if np_ else 0)
    if k == K_CAPITAL_HALL:
        cl = np_ and ag >= A and coins >= B and slips and neutral_in_hand(state, params, p)
        return (1 if tr else 0) | (2 if cl else 0)
    if k == K_CARDS:
        return 1 if np_ and state[HAND_N + p] < MAX_HAND else 0
    return 0  # Coldhollow Traveler, Shorehollow Priestess: no effect to use


@njit(cache=True)
def contact_targets(state, params, p, loc, c, mode):
    """Write the legal targets (OPT k) of the mode into LEG; returns how many (0: none needed)."""
    k = state[LOCKIND + loc]
    n = 0
    if k == K_CITADEL:
        for h in range(state[HAND_N + p]):
            if state[C_OWNER + state[HAND + p * MAX_HAND + h]] < 0:
                leg_opt(state, h)
                n += 1
        for t in range(NTRAY):
            x = state[TRAY_CARD + t]
            if x >= 0 and state[C_OWNER + x] < 0:
                leg_opt(state, 8 + t)
                n += 1
    elif (k == K_NORTHSTONE or k == K_MUD) and mode == 0:
        for j in range(min(params[P_CA + k], state[TRAINED + p])):   # "up to" A Agents
            leg_opt(state, j)
            n += 1
    elif k == K_CHASM:
        for t in range(NTRAY):
            leg_opt(state, t)
            n += 1
    elif k == K_MINE and mode >= 1:
        ag = state[AG + p * NLOC + loc] + (1 if mode == 2 else 0)
        for j in range(ag):
            leg_opt(state, j)
            n += 1
    elif k == K_BORDER and mode >= 1:
        for t in range(NTRAY):
            for col in range(NCOL):
                if state[TRAY_CUBES + t * NCOL + col] > 0:
                    leg_opt(state, t * NCOL + col)
                    n += 1
        for q in range(params[P_NUM_PLAYERS]):
            for col in range(NCOL):
                if state[TZ + q * NCOL + col] + state[TZN + q * NCOL + col] > 0:
                    leg_opt(state, (3 + q) * NCOL + col)
                    n += 1
    elif k == K_GRAND_LIBRARY:
        coins = state[COINS + p]
        for j in range(3):
            if coins >= (4, 10, 15)[j]:
                leg_opt(state, j)
                n += 1
    elif k == K_CAPITAL_HALL and mode == 1:
        for h in range(state[HAND_N + p]):
            if state[C_OWNER + state[HAND + p * MAX_HAND + h]] < 0:
                leg_opt(state, h)
                n += 1
    return n


@njit(cache=True)
def card_leaves_place(state, params, p, c, rng):
    """Take card c out of seat p's hand or the Street (Spy: it goes to the tower)."""
    if state[C_ZONE + c] == Z_HAND:
        remove_from_hand(state, p, hand_pos(state, p, c))
    elif state[C_ZONE + c] == Z_STREET:
        remove_from_street(state, state[C_HOLDER + c])
        refill_street(state, rng)


@njit(cache=True)
def contact_apply(state, params, p, loc, c, mode, target, rng):
    """Resolve the contact of ``loc`` (card c) in ``mode`` with ``target`` (-1: none)."""
    k = state[LOCKIND + loc]
    A = params[P_CA + k]
    B = params[P_CB + k]
    C = params[P_CC + k]
    first = mode == 0 or mode == 2
    second = mode == 1 or mode == 2
    if k == K_CITADEL:
        pay(state, p, A)
        if target < 8:
            x = state[HAND + p * MAX_HAND + target]
        else:
            x = state[TRAY_CARD + target - 8]
        claim(state, p, x)
        state[INFL + p] += C
        state[COINS + p] += B
    elif k == K_BARRACKS:
        if first:
            dispatch(state, p, loc, B)
        if second:
            return_agents(state, p, loc, A)
            state[HUNTS + p] += 1
    elif k == K_NORTHSTONE or k == K_AGENTS:
        if mode == 0:
            dispatch(state, p, loc, A if target < 0 or k == K_AGENTS else target + 1)
        else:
            return_agents(state, p, loc, B)
            train(state, p)
    elif k == K_CHASM:
        pay(state, p, A)
        old = state[TRAY_CARD + target]
        if old >= 0:
            to_owner_or_discard(state, params, old)
        card_leaves_place(state, params, p, c, rng)
        place_in_tray(state, target, c)
        reveal(state, params, c)
    elif k == K_MUD:
        if mode == 0:
            dispatch(state, p, loc, A if target < 0 else target + 1)
        else:
            return_agents(state, p, loc, 1)
            state[BS + p] += B
    elif k == K_BLUFFS:
        g = state[BLUFF] // 2
        state[BLUFF] -= g
        state[COINS + p] += g
    elif k == K_MINE:
        if first:
            dispatch(state, p, loc, 1)
        if second:
            return_agents(state, p, loc, target + 1)
    elif k == K_BORDER:
        if first:
            dispatch(state, p, loc, 1)
        if second:
            src = target // NCOL
            col = target % NCOL
            if src < NTRAY:
                state[TRAY_CUBES + src * NCOL + col] -= 1
            else:
                q = src - NTRAY
                if state[TZ + q * NCOL + col] > 0:
                    state[TZ + q * NCOL + col] -= 1
                else:
                    state[TZN + q * NCOL + col] -= 1
            state[BT_CUBES + col] += 1
    elif k == K_DOCKS:
        if first:
            state[COINS + p] += A
        if second:
            return_agents(state, p, loc, 1)
    elif k == K_HOMESTEADS:
        return_all_at(state, params, loc)
        state[BS + p] += A
    elif k == K_WAR_COUNCIL:
        if first:
            dispatch(state, p, loc, A)
        if second:
            return_agents(state, p, loc, B)
            state[HUNTS + p] += 1
    elif k == K_WATCHTOWER or k == K_CITY_WATCH or k == K_MILLHOLLOW or k == K_DEFENCE:
        dispatch(state, p, loc, A)
    elif k == K_GRAND_LIBRARY:
        pay(state, p, (4, 10, 15)[target])
        state[REP + p] += (2, 4, 6)[target]
    elif k == K_FORGE:
        if mode == 0:
            state[COINS + p] += A
        else:
            state[BS + p] += B
    elif k == K_CAPITAL_HALL:
        if mode == 0:
            dispatch(state, p, loc, C)
        else:
            return_agents(state, p, loc, A)
            pay(state, p, B)
            claim(state, p, state[HAND + p * MAX_HAND + target])
    elif k == K_ECONOMY:
        state[COINS + p] += A
    elif k == K_BATTLE:
        if first:
            dispatch(state, p, loc, A)
        if second:
            return_agents(state, p, loc, 1)
            state[BS + p] += B
            state[HUNTS + p] += 1
    elif k == K_CARDS:
        for _ in range(A):
            if state[HAND_N + p] >= MAX_HAND:
                break
            x = draw_top(state, rng)
            if x < 0:
                break
            add_to_hand(state, p, x)


# ---- Docks and Homesteads slots ------------------------------------------------------------------


@njit(cache=True)
def slot_ok(state, params, p, kind, s):
    """Whether seat p can pay for (and use) slot s of the Docks / Homesteads now."""
    coins = state[COINS + p]
    rep = state[REP + p]
    if kind == K_DOCKS:
        if s == 0:
            return coins >= 7 and state[SLIPS + p] < params[P_SLIPS] and \
                neutral_in_hand(state, params, p)
        if s == 1:
            return coins >= 5 and state[UNTRAINED + p] > 0
        if s == 2:
            return coins >= 5
        if s == 3:
            return coins >= 3
        if s == 4:
            return coins >= 2 and state[HAND_N + p] < MAX_HAND
        return coins >= params[P_DOCK_RATE] or rep >= 1
    if s == 0:
        # only where it has an effect: some other player can give Influence or still move
        # down its Defense Track (never in solo)
        if rep < 7:
            return False
        for q in range(params[P_NUM_PLAYERS]):
            if q != p and (state[INFL + q] > 0 or state[DEFENSE + q] < params[P_DEF_MAX]):
                return True
        return False
    if s == 1:
        return rep >= 4
    if s == 2:
        return rep >= 3
    if s == 3:
        return rep >= 2
    if s == 4:
        return rep >= 1
    return True


@njit(cache=True)
def slot_targets(state, params, p, kind, s):
    """Legal targets of a slot needing one (Docks 1: hand position; Docks 6: amount)."""
    n = 0
    if kind == K_DOCKS and s == 0:
        for h in range(state[HAND_N + p]):
            if state[C_OWNER + state[HAND + p * MAX_HAND + h]] < 0:
                leg_opt(state, h)
                n += 1
    elif kind == K_DOCKS and s == 5:
        rate = params[P_DOCK_RATE]
        buy = min(state[COINS + p] // rate, 10)
        for j in range(buy):
            leg_opt(state, j)          # buy j + 1 Reputation
            n += 1
        sell = min(state[REP + p], 10)
        for j in range(sell):
            leg_opt(state, 10 + j)     # sell j + 1 Reputation
            n += 1
    return n


@njit(cache=True)
def slot_apply(state, params, p, kind, s, target):
    if kind == K_DOCKS:
        if s == 0:
            pay(state, p, 7)
            claim(state, p, state[HAND + p * MAX_HAND + target])
        elif s == 1:
            pay(state, p, 5)
            train(state, p)
        elif s == 2:
            pay(state, p, 5)
            state[HUNTS + p] += 1
        elif s == 3:
            pay(state, p, 3)
            state[BS + p] += 2
        elif s == 4:
            pay(state, p, 2)
            return 1  # draw a card: the caller draws (needs the rng)
        else:
            rate = params[P_DOCK_RATE]
            if target < 10:
                pay(state, p, rate * (target + 1))
                state[REP + p] += target + 1
            else:
                state[REP + p] -= target - 9
                state[COINS + p] += rate * (target - 9)
        return 0
    if s == 0:
        state[REP + p] -= 7
        for q in range(params[P_NUM_PLAYERS]):
            if q == p:
                continue
            if state[INFL + q] > 0:
                state[INFL + q] -= 1
                state[INFL + p] += 1
            else:
                defense_down(state, params, q, 1)
    elif s == 1:
        state[REP + p] -= 4
        state[HUNTS + p] += 1
    elif s == 2:
        state[REP + p] -= 3
        state[BS + p] += 2
    elif s == 3:
        state[REP + p] -= 2
        state[COINS + p] += 3
    elif s == 4:
        state[REP + p] -= 1
        state[INFL + p] += 1
    else:
        state[BS + p] += params[P_HOME_BS]
    return 0
