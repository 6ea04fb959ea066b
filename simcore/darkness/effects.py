"""Edge of Darkness effects: agents, threats' Damage, rewards, contacts, Docks and Homesteads.

Contacts have up to three modes (bit m of ``contact_modes``): for "either or
both" contacts mode 0 is the first effect, 1 the second, 2 both (first, then
second); for "either but not both" modes 0 and 1; single-effect and "both or
neither" contacts (Homestead Hero) have mode 0 only.  A mode whose effect needs
a target (a card, a tray, a cube, an amount) asks for it with ``contact_targets``
(OPT k, meaning per kind below) before ``contact_apply`` resolves it.

Targets (OPT k):
  Councillor to the Viceroy   k < 8: hand position; 8 + t: the Neutral card in tray t
  Spy                         tray t
  Master Refiner (return)     k + 1 Agents returned, richest first
  Border Guard (cube)         src * 5 + colour; src 0..2 tray, 3 + seat a Threat Zone
  Grand Library               0: 4 -> 2, 1: 10 -> 4, 2: 15 -> 6 (Coins -> Reputation)
  Capital Hall (claim)        hand position of the Neutral card
"""
from numba import njit

from simcore.darkness.cards import (
    add_to_hand, agents_at, clear_tray_cubes, draw_top, hand_pos, leg_opt, mine_remove_poorest,
    mine_remove_richest, place_in_tray, remove_from_hand, remove_from_street, to_owner_or_discard,
    train, refill_street,
)
from simcore.darkness.layout import (
    AG, BLUFF, BS, C_BOT, C_MID, C_OWNER, C_ZONE, C_HOLDER, COINS, DECK_N, DEFENSE, DSLOT, HAND,
    HAND_N, HSLOT, HUNTS, INFL, K_AGENTS, K_BARRACKS, K_BATTLE, K_BORDER, K_CAPITAL_HALL,
    K_CARDS, K_CHASM, K_CITADEL, K_CITY_WATCH, K_COLDHOLLOW, K_DEFENCE, K_DOCKS, K_ECONOMY,
    K_FORGE, K_GRAND_LIBRARY, K_HOMESTEADS, K_MILLHOLLOW, K_MINE, K_MUD, K_NORTHSTONE,
    K_SHOREHOLLOW, K_WAR_COUNCIL, K_WATCHTOWER, K_BLUFFS, LOCKIND, MAX_AG, MAX_HAND, MINE,
    NCARD, NCOL, NLOC, NSLOT, NTRAY, P_BASE_DMG, P_CA, P_CB, P_CC, P_DEF_MAX, P_DMG,
    P_NUM_PLAYERS, P_SLIPS, REP, SLIPS, ST_SPENT, TRAINED, TRAY_CARD, TRAY_CUBES, TZ, TZN,
    UNTRAINED, BT_CUBES, DEFEATS, Z_DISCARD, Z_HAND, Z_STREET, Z_TRAY, E_COINS, E_REP, E_BS,
    E_INFL, E_TRAIN, E_BUY_REP, P_TOP_EFF, P_TOP_A, P_TOP_B, R_INFL, R_REP, R_COINS, R_TRAIN,
    C_HIDDEN, P_DOCK_RATE, P_HOME_BS, STREET,
)

# ---- resources ---------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def pay(state, p, n):
    state[COINS + p] -= n
    state[ST_SPENT + p] += n


@njit(cache=True)
def defense_down(state, params, p, n):
    d = state[DEFENSE + p] + n
    state[DEFENSE + p] = min(d, params[P_DEF_MAX])


@njit(cache=True)
def claim(state, p, c):
    state[C_OWNER + c] = p
    state[SLIPS + p] += 1


# ---- agents -----------------------------------------------------------------------------------


@njit(cache=True)
def dispatch(state, p, loc, n):
    """Dispatch up to ``n`` trained Agents of seat p to location ``loc`` (off any slot)."""
    k = min(n, state[TRAINED + p])
    if k <= 0:
        return 0
    mine = state[LOCKIND + loc] == K_MINE
    for _ in range(k):
        i = state[AG + p * NLOC + loc]
        if mine:
            state[MINE + p * MAX_AG + i] = 0
        state[AG + p * NLOC + loc] = i + 1
    state[TRAINED + p] -= k
    return k


@njit(cache=True, inline="always")
def slot_base(kind):
    return DSLOT if kind == K_DOCKS else HSLOT


@njit(cache=True)
def slots_held(state, p, kind):
    base = slot_base(kind)
    n = 0
    for s in range(NSLOT):
        if state[base + s] == p:
            n += 1
    return n


@njit(cache=True)
def remove_agent(state, p, loc, prefer_slot):
    """Take one of seat p's Agents off ``loc`` (not to the pool); returns Mine Coins under it.

    At the Mine the richest Agent leaves when ``prefer_slot`` (a return), else the
    poorest (a move); at the Docks/Homesteads a slotted Agent leaves first when
    ``prefer_slot``, else an off-slot one first.
    """
    kind = state[LOCKIND + loc]
    coins = 0
    if kind == K_MINE:
        coins = mine_remove_richest(state, p, loc) if prefer_slot else \
            mine_remove_poorest(state, p, loc)
    elif kind == K_DOCKS or kind == K_HOMESTEADS:
        held = slots_held(state, p, kind)
        off = state[AG + p * NLOC + loc] - held
        if held > 0 and (prefer_slot or off == 0):
            base = slot_base(kind)
            for s in range(NSLOT):
                if state[base + s] == p:
                    state[base + s] = -1
                    break
    state[AG + p * NLOC + loc] -= 1
    return coins


@njit(cache=True)
def return_agents(state, p, loc, n):
    """Return up to n Agents from ``loc`` to the Trained pool; returns Coins gained (Mine)."""
    k = min(n, state[AG + p * NLOC + loc])
    coins = 0
    for _ in range(k):
        coins += remove_agent(state, p, loc, True)
    state[TRAINED + p] += k
    state[COINS + p] += coins
    return k


@njit(cache=True)
def return_all_at(state, params, loc):
    """Every seat returns all its Agents from ``loc`` (Devil's Maw, Homestead Hero)."""
    for q in range(params[P_NUM_PLAYERS]):
        return_agents(state, q, loc, MAX_AG)


# ---- threats ------------------------------------------------------------------------------------


@njit(cache=True)
def threat_value(state, params, kind, owner, target, hunter):
    v = params[P_DMG + kind]
    if kind == K_COLDHOLLOW and target >= 0 and target == owner:
        v -= params[P_CA + K_COLDHOLLOW]
    elif kind == K_MUD and hunter >= 0 and hunter == owner:
        v -= params[P_CC + K_MUD]
    elif kind == K_BORDER and hunter >= 0 and state[DEFEATS + hunter] >= 1:
        v -= params[P_CA + K_BORDER]
    return v if v > 0 else 0


@njit(cache=True)
def card_damage(state, params, c, target, hunter):
    """Damage of card c attacking seat ``target`` or hunted by seat ``hunter`` (-1: neither).

    A threat's modifiers change only its own contribution, which never goes below 0.
    """
    d = params[P_BASE_DMG + c]
    o = state[C_OWNER + c]
    m = state[C_MID + c]
    if m >= 0:
        d += threat_value(state, params, state[LOCKIND + m], o, target, hunter)
    b = state[C_BOT + c]
    if b >= 0:
        d += threat_value(state, params, state[LOCKIND + b], o, target, hunter)
    return d


@njit(cache=True)
def card_has(state, c, kind):
    n = 0
    m = state[C_MID + c]
    if m >= 0 and state[LOCKIND + m] == kind:
        n += 1
    b = state[C_BOT + c]
    if b >= 0 and state[LOCKIND + b] == kind:
        n += 1
    return n


@njit(cache=True)
def spy_bonus(state, params, p):
    """Battle Strength seat p has from its Spy threats in the tower."""
    b = 0
    for t in range(NTRAY):
        c = state[TRAY_CARD + t]
        if c >= 0 and state[C_OWNER + c] == p:
            b += card_has(state, c, K_CHASM) * params[P_CB + K_CHASM]
    return b


@njit(cache=True)
def reveal(state, params, c):
    """Reactive 'when revealed' effects of card c entering a tray Blight side up."""
    o = state[C_OWNER + c]
    for s in range(2):
        loc = state[C_MID + c] if s == 0 else state[C_BOT + c]
        if loc < 0:
            continue
        k = state[LOCKIND + loc]
        if k == K_CITADEL and 0 <= o < params[P_NUM_PLAYERS]:
            state[REP + o] += 1
        elif k == K_BLUFFS:
            state[BLUFF] += params[P_CB + K_BLUFFS]
        elif k == K_DOCKS:
            return_all_at(state, params, loc)


@njit(cache=True)
def refill_tray(state, params, t, rng):
    c = draw_top(state, rng)
    place_in_tray(state, t, c)
    if c >= 0:
        reveal(state, params, c)


@njit(cache=True)
def clear_tray(state, params, t, rng):
    """The tray's card leaves (owner's Guild Hall or discard), its cubes are set aside,
    and the next deck card is revealed in it."""
    c = state[TRAY_CARD + t]
    if c >= 0:
        to_owner_or_discard(state, params, c)
    state[TRAY_CARD + t] = -1
    clear_tray_cubes(state, t)
    refill_tray(state, params, t, rng)


@njit(cache=True)
def give_reward(state, p, code, a):
    if code == R_INFL:
        state[INFL + p] += a
    elif code == R_REP:
        state[REP + p] += a
    elif code == R_COINS:
        state[COINS + p] += a
    elif code == R_TRAIN:
        for _ in range(a):
            train(state, p)


# ---- printed top effects ---------------------------------------------------------------------------


@njit(cache=True)
def top_ok(state, params, p, c):
    e = params[P_TOP_EFF + c]
    a = params[P_TOP_A + c]
    if e == 0:
        return False
    if e == E_TRAIN:
        return state[COINS + p] >= a and state[UNTRAINED + p] > 0
    if e == E_BUY_REP:
        return state[COINS + p] >= a
    return True


@njit(cache=True)
def top_apply(state, params, p, c):
    e = params[P_TOP_EFF + c]
    a = params[P_TOP_A + c]
    if e == E_COINS:
        state[COINS + p] += a
    elif e == E_REP:
        state[REP + p] += a
    elif e == E_BS:
        state[BS + p] += a
    elif e == E_INFL:
        state[INFL + p] += a
    elif e == E_TRAIN:
        pay(state, p, a)
        train(state, p)
    elif e == E_BUY_REP:
        pay(state, p, a)
        state[REP + p] += params[P_TOP_B + c]


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
            dispatch(state, p, loc, A)
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
            dispatch(state, p, loc, A)
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
            add_to_hand(state, p, x, 1)


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
        return rep >= 7
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
