"""Edge of Darkness effects: resources, agents, threats' Damage, reveals, rewards and the
printed top effects.  Contacts and the Docks / Homesteads slots: simcore.darkness.contacts.
"""
from numba import njit

from simcore.darkness.cards import (
    clear_tray_cubes, draw_top, mine_remove_poorest, mine_remove_richest, place_in_tray,
    to_owner_or_discard, train,
)
from simcore.darkness.layout import (
    AG, BLUFF, BS, C_BOT, C_MID, C_OWNER, COINS, DEFEATS, DEFENSE, DSLOT, E_BS, E_BUY_REP, E_COINS,
    E_INFL, E_REP, E_TRAIN, HSLOT, INFL, K_BLUFFS, K_BORDER, K_CHASM, K_CITADEL, K_COLDHOLLOW,
    K_DOCKS, K_HOMESTEADS, K_MINE, K_MUD, LOCKIND, MAX_AG, MINE, NLOC, NSLOT, NTRAY, P_BASE_DMG,
    P_CA, P_CB, P_CC, P_DEF_MAX, P_DMG, P_NUM_PLAYERS, P_TOP_A, P_TOP_B, P_TOP_EFF, R_COINS,
    R_INFL, R_REP, R_TRAIN, REP, SLIPS, ST_SPENT, TRAINED, TRAY_CARD, UNTRAINED,
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


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
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
