"""Edge of Darkness effects: resources, agents, threats' Damage, reveals, rewards and the
printed top effects.  Contacts and the Docks / Homesteads slots: simcore.darkness.contacts.
"""
from simcore.common import row_kernel
from simcore.darkness import layout as L
from simcore.darkness.cards import (
    ROW,
    I,
    clear_tray_cubes,
    draw_top,
    mine_remove_poorest,
    mine_remove_richest,
    place_in_tray,
    to_owner_or_discard,
    train,
)

# ---- resources ---------------------------------------------------------------------------------


@row_kernel(inline="always")
def pay(state, p, n):
    state[L.COINS + p] -= n
    state[L.ST_SPENT + p] += n


@row_kernel
def defense_down(state, params, p, n):
    """Seat p moves down n Defense spaces; at the bottom it stays, unless the alternative
    elimination reading (P_ELIMINATE) puts it out of the game (solo: the game is lost)."""
    d = state[L.DEFENSE + p] + n
    mx = params[L.P_DEF_MAX]
    if params[L.P_ELIMINATE] and d > mx:
        state[L.DEFENSE + p] = mx + 1
        if params[L.P_NUM_PLAYERS] == 1:
            state[L.END] = L.END_SOLO_LOST
        return
    state[L.DEFENSE + p] = min(d, mx)


@row_kernel(inline="always")
def is_out(state, params, p):
    """Whether seat p has left the game (only under the elimination reading)."""
    return params[L.P_ELIMINATE] == 1 and state[L.DEFENSE + p] > params[L.P_DEF_MAX]


@row_kernel
def in_game(state, params):
    """Players still in the game (ED-L56-05)."""
    n = 0
    for p in range(params[L.P_NUM_PLAYERS]):
        if not is_out(state, params, p):
            n += 1
    return n


@row_kernel
def claim(state, p, c):
    """Seat p claims Allegiance of card c with a slip, for good (ED-BASE-72..75)."""
    state[L.C_OWNER + c] = p
    state[L.SLIPS + p] += 1


# ---- agents -----------------------------------------------------------------------------------


@row_kernel
def dispatch(state, p, loc, n):
    """Dispatch up to ``n`` trained Agents of seat p to location ``loc`` (off any slot;
    ED-BASE-47, ED-L59-06)."""
    k = min(n, state[L.TRAINED + p])
    if k <= 0:
        return 0
    mine = state[L.LOCKIND + loc] == L.K_MINE
    for _ in range(k):
        i = state[L.AG + p * L.NLOC + loc]
        if mine:
            state[L.MINE + p * L.MAX_AG + i] = 0
        state[L.AG + p * L.NLOC + loc] = i + 1
    state[L.TRAINED + p] -= k
    return k


@row_kernel(inline="always")
def slot_base(kind):
    return L.DSLOT if kind == L.K_DOCKS else L.HSLOT


@row_kernel
def slots_held(state, p, kind):
    base = slot_base(kind)
    n = 0
    for s in range(L.NSLOT):
        if state[base + s] == p:
            n += 1
    return n


@row_kernel
def remove_agent(state, p, loc, prefer_slot):
    """Take one of seat p's Agents off ``loc`` (not to the pool); returns Mine Coins under it.

    At the Mine the richest Agent leaves when ``prefer_slot`` (a return), else the
    poorest (a move); at the Docks/Homesteads a slotted Agent leaves first when
    ``prefer_slot``, else an off-slot one first.
    """
    kind = state[L.LOCKIND + loc]
    coins = 0
    if kind == L.K_MINE:
        coins = mine_remove_richest(state, p, loc) if prefer_slot else \
            mine_remove_poorest(state, p, loc)
    elif kind == L.K_DOCKS or kind == L.K_HOMESTEADS:
        held = slots_held(state, p, kind)
        off = state[L.AG + p * L.NLOC + loc] - held
        if held > 0 and (prefer_slot or off == 0):
            base = slot_base(kind)
            for s in range(L.NSLOT):
                if state[base + s] == p:
                    state[base + s] = -1
                    break
    state[L.AG + p * L.NLOC + loc] -= 1
    return coins


@row_kernel
def return_agents(state, p, loc, n):
    """Return up to n Agents from ``loc`` to the Trained pool (ED-BASE-50); returns Coins
    gained (Mine, ED-L57-06)."""
    k = min(n, state[L.AG + p * L.NLOC + loc])
    coins = 0
    for _ in range(k):
        coins += remove_agent(state, p, loc, True)
    state[L.TRAINED + p] += k
    state[L.COINS + p] += coins
    return k


@row_kernel
def return_all_at(state, params, loc):
    """Every seat returns all its Agents from ``loc`` (Devil's Maw, Homestead Hero)."""
    for q in range(params[L.P_NUM_PLAYERS]):
        return_agents(state, q, loc, L.MAX_AG)


# ---- threats ------------------------------------------------------------------------------------


@row_kernel
def threat_value(state, params, kind, owner, target, hunter):
    """One threat's Damage: Children of the Ice Hills -A against its owner (ED-L61-16),
    Slum Prowler -C hunted by its owner (ED-L55-08), Ice Troll -A after a defeat this turn
    (ED-L58-16)."""
    v = params[L.P_DMG + kind]
    if kind == L.K_COLDHOLLOW and target >= 0 and target == owner:
        v -= params[L.P_CA + L.K_COLDHOLLOW]
    elif kind == L.K_MUD and hunter >= 0 and hunter == owner:
        v -= params[L.P_CC + L.K_MUD]
    elif kind == L.K_BORDER and hunter >= 0 and state[L.DEFEATS + hunter] >= 1:
        v -= params[L.P_CA + L.K_BORDER]
    return v if v > 0 else 0


@row_kernel((ROW, ROW, I, I, I))
def card_damage(state, params, c, target, hunter):
    """Damage of card c attacking seat ``target`` or hunted by seat ``hunter`` (-1: neither).

    A threat's modifiers change only its own contribution, which never goes below 0.
    """
    d = params[L.P_BASE_DMG + c]
    o = state[L.C_OWNER + c]
    m = state[L.C_MID + c]
    if m >= 0:
        d += threat_value(state, params, state[L.LOCKIND + m], o, target, hunter)
    b = state[L.C_BOT + c]
    if b >= 0:
        d += threat_value(state, params, state[L.LOCKIND + b], o, target, hunter)
    return d


@row_kernel(inline="always")
def card_has(state, c, kind):
    n = 0
    m = state[L.C_MID + c]
    if m >= 0 and state[L.LOCKIND + m] == kind:
        n += 1
    b = state[L.C_BOT + c]
    if b >= 0 and state[L.LOCKIND + b] == kind:
        n += 1
    return n


@row_kernel
def spy_bonus(state, params, p):
    """Battle Strength seat p has from its Spy threats in the tower (ED-L54-09)."""
    b = 0
    for t in range(L.NTRAY):
        c = state[L.TRAY_CARD + t]
        if c >= 0 and state[L.C_OWNER + c] == p:
            b += card_has(state, c, L.K_CHASM) * params[L.P_CB + L.K_CHASM]
    return b


@row_kernel
def reveal(state, params, c):
    """Reactive 'when revealed' effects of card c entering a tray Blight side up: Banished
    Envoy (ED-L51-12), The Ferryman (ED-L56-11), Devil's Maw (ED-L59-19)."""
    o = state[L.C_OWNER + c]
    for s in range(2):
        loc = state[L.C_MID + c] if s == 0 else state[L.C_BOT + c]
        if loc < 0:
            continue
        k = state[L.LOCKIND + loc]
        if k == L.K_CITADEL and 0 <= o < params[L.P_NUM_PLAYERS]:
            state[L.REP + o] += 1
        elif k == L.K_BLUFFS:
            state[L.BLUFF] += params[L.P_CB + L.K_BLUFFS]
        elif k == L.K_DOCKS:
            return_all_at(state, params, loc)


@row_kernel
def refill_tray(state, params, t, rng):
    c = draw_top(state, rng)
    place_in_tray(state, t, c)
    if c >= 0:
        reveal(state, params, c)


@row_kernel
def clear_tray(state, params, t, rng):
    """The tray's card leaves (owner's Guild Hall or discard), its cubes are set aside,
    and the next deck card is revealed in it."""
    c = state[L.TRAY_CARD + t]
    if c >= 0:
        to_owner_or_discard(state, params, c)
    state[L.TRAY_CARD + t] = -1
    clear_tray_cubes(state, t)
    refill_tray(state, params, t, rng)


@row_kernel
def give_reward(state, p, code, a):
    if code == L.R_INFL:
        state[L.INFL + p] += a
    elif code == L.R_REP:
        state[L.REP + p] += a
    elif code == L.R_COINS:
        state[L.COINS + p] += a
    elif code == L.R_TRAIN:
        for _ in range(a):
            train(state, p)


# ---- printed top effects ---------------------------------------------------------------------------


@row_kernel(inline="always")
def top_ok(state, params, p, c):
    e = params[L.P_TOP_EFF + c]
    a = params[L.P_TOP_A + c]
    if e == 0:
        return False
    if e == L.E_TRAIN:
        return state[L.COINS + p] >= a and state[L.UNTRAINED + p] > 0
    if e == L.E_BUY_REP:
        return state[L.COINS + p] >= a
    return True


@row_kernel
def top_apply(state, params, p, c):
    e = params[L.P_TOP_EFF + c]
    a = params[L.P_TOP_A + c]
    if e == L.E_COINS:
        state[L.COINS + p] += a
    elif e == L.E_REP:
        state[L.REP + p] += a
    elif e == L.E_BS:
        state[L.BS + p] += a
    elif e == L.E_INFL:
        state[L.INFL + p] += a
    elif e == L.E_TRAIN:
        pay(state, p, a)
        train(state, p)
    elif e == L.E_BUY_REP:
        pay(state, p, a)
        state[L.REP + p] += params[L.P_TOP_B + c]
