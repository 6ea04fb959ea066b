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
from simcore.common import row_kernel
from simcore.darkness import layout as L
from simcore.darkness.cards import (
    ROW,
    B,
    I,
    add_to_hand,
    draw_top,
    hand_pos,
    leg_opt,
    place_in_tray,
    refill_street,
    remove_from_hand,
    remove_from_street,
    to_owner_or_discard,
    train,
)
from simcore.darkness.effects import (
    claim,
    defense_down,
    dispatch,
    pay,
    return_agents,
    return_all_at,
    reveal,
)

# ---- contacts ----------------------------------------------------------------------------------------


@row_kernel
def neutral_in_hand(state, params, p):
    for h in range(state[L.HAND_N + p]):
        c = state[L.HAND + p * L.MAX_HAND + h]
        if state[L.C_OWNER + c] < 0:
            return True
    return False


@row_kernel
def any_cube_source(state, params):
    for t in range(L.NTRAY):
        for col in range(L.NCOL):
            if state[L.TRAY_CUBES + t * L.NCOL + col] > 0:
                return True
    for q in range(params[L.P_NUM_PLAYERS]):
        for col in range(L.NCOL):
            if state[L.TZ + q * L.NCOL + col] + state[L.TZN + q * L.NCOL + col] > 0:
                return True
    return False


@row_kernel((ROW, ROW, I, I, I, B))
def contact_modes(state, params, p, loc, c, pro):
    """Bit mask of the modes of the contact of location ``loc`` seat p may resolve now
    (card c carries it; ``pro``: the Prologue bans apply, ED-BASE-18)."""
    k = state[L.LOCKIND + loc]
    tr = state[L.TRAINED + p] >= 1
    ag = state[L.AG + p * L.NLOC + loc]
    coins = state[L.COINS + p]
    A = params[L.P_CA + k]
    B = params[L.P_CB + k]
    slips = state[L.SLIPS + p] < params[L.P_SLIPS]
    np_ = not pro
    if k == L.K_CITADEL:
        if np_ and coins >= A and slips:
            if neutral_in_hand(state, params, p):
                return 1
            for t in range(L.NTRAY):
                x = state[L.TRAY_CARD + t]
                if x >= 0 and state[L.C_OWNER + x] < 0:
                    return 1
        return 0
    if k == L.K_BARRACKS:
        return (1 if tr else 0) | (2 if np_ and ag >= A else 0) | \
            (4 if np_ and tr and ag + 1 >= A else 0)
    if k == L.K_NORTHSTONE or k == L.K_AGENTS:
        return (1 if tr else 0) | (2 if np_ and ag >= B and state[L.UNTRAINED + p] > 0 else 0)
    if k == L.K_CHASM:
        if np_ and coins >= A and state[L.C_ZONE + c] != L.Z_TRAY:
            return 1
        return 0
    if k == L.K_MUD:
        return (1 if tr else 0) | (2 if np_ and ag >= 1 else 0)
    if k == L.K_BLUFFS or k == L.K_ECONOMY:
        return 1
    if k == L.K_MINE or k == L.K_BATTLE:
        return (1 if tr else 0) | (2 if np_ and ag >= 1 else 0) | (4 if np_ and tr else 0)
    if k == L.K_BORDER:
        cube = np_ and any_cube_source(state, params)
        return (1 if tr else 0) | (2 if cube else 0) | (4 if cube and tr else 0)
    if k == L.K_DOCKS:
        return 1 | (2 if np_ and ag >= 1 else 0) | (4 if np_ and ag >= 1 else 0)
    if k == L.K_HOMESTEADS:
        return 1 if np_ else 0
    if k == L.K_WAR_COUNCIL:
        return (1 if tr else 0) | (2 if np_ and ag >= B else 0) | \
            (4 if np_ and tr and ag + min(A, state[L.TRAINED + p]) >= B else 0)
    if k == L.K_WATCHTOWER or k == L.K_CITY_WATCH or k == L.K_MILLHOLLOW or k == L.K_DEFENCE:
        return 1 if tr else 0
    if k == L.K_GRAND_LIBRARY:
        return 1 if np_ and coins >= 4 else 0
    if k == L.K_FORGE:
        return 1 | (2 if np_ else 0)
    if k == L.K_CAPITAL_HALL:
        cl = np_ and ag >= A and coins >= B and slips and neutral_in_hand(state, params, p)
        return (1 if tr else 0) | (2 if cl else 0)
    if k == L.K_CARDS:
        return 1 if np_ and state[L.HAND_N + p] < L.MAX_HAND else 0
    return 0  # Coldhollow Traveler, Shorehollow Priestess: no effect to use


@row_kernel
def contact_targets(state, params, p, loc, c, mode):
    """Write the legal targets (OPT k) of the mode into LEG; returns how many (0: none needed)."""
    k = state[L.LOCKIND + loc]
    n = 0
    if k == L.K_CITADEL:
        for h in range(state[L.HAND_N + p]):
            if state[L.C_OWNER + state[L.HAND + p * L.MAX_HAND + h]] < 0:
                leg_opt(state, h)
                n += 1
        for t in range(L.NTRAY):
            x = state[L.TRAY_CARD + t]
            if x >= 0 and state[L.C_OWNER + x] < 0:
                leg_opt(state, 8 + t)
                n += 1
    elif (k == L.K_NORTHSTONE or k == L.K_MUD) and mode == 0:
        for j in range(min(params[L.P_CA + k], state[L.TRAINED + p])):   # "up to" A Agents
            leg_opt(state, j)
            n += 1
    elif k == L.K_CHASM:
        for t in range(L.NTRAY):
            leg_opt(state, t)
            n += 1
    elif k == L.K_MINE and mode >= 1:
        ag = state[L.AG + p * L.NLOC + loc] + (1 if mode == 2 else 0)
        for j in range(ag):
            leg_opt(state, j)
            n += 1
    elif k == L.K_BORDER and mode >= 1:
        for t in range(L.NTRAY):
            for col in range(L.NCOL):
                if state[L.TRAY_CUBES + t * L.NCOL + col] > 0:
                    leg_opt(state, t * L.NCOL + col)
                    n += 1
        for q in range(params[L.P_NUM_PLAYERS]):
            for col in range(L.NCOL):
                if state[L.TZ + q * L.NCOL + col] + state[L.TZN + q * L.NCOL + col] > 0:
                    leg_opt(state, (3 + q) * L.NCOL + col)
                    n += 1
    elif k == L.K_GRAND_LIBRARY:
        coins = state[L.COINS + p]
        for j in range(3):
            if coins >= (4, 10, 15)[j]:
                leg_opt(state, j)
                n += 1
    elif k == L.K_CAPITAL_HALL and mode == 1:
        for h in range(state[L.HAND_N + p]):
            if state[L.C_OWNER + state[L.HAND + p * L.MAX_HAND + h]] < 0:
                leg_opt(state, h)
                n += 1
    return n


@row_kernel
def card_leaves_place(state, params, p, c, rng):
    """Take card c out of seat p's hand or the Street (Spy: it goes to the tower)."""
    if state[L.C_ZONE + c] == L.Z_HAND:
        remove_from_hand(state, p, hand_pos(state, p, c))
    elif state[L.C_ZONE + c] == L.Z_STREET:
        remove_from_street(state, state[L.C_HOLDER + c])
        refill_street(state, rng)


@row_kernel
def contact_apply(state, params, p, loc, c, mode, target, rng):
    """Resolve the contact of ``loc`` (card c) in ``mode`` with ``target`` (-1: none)."""
    k = state[L.LOCKIND + loc]
    if k < L.K_WAR_COUNCIL:
        coldharbor_contact(state, params, p, loc, c, k, mode, target, rng)
    else:
        base_contact(state, params, p, loc, k, mode, target, rng)


@row_kernel
def coldharbor_contact(state, params, p, loc, c, k, mode, target, rng):
    """The Cliffs of Coldharbor contacts (locations 51-60; Coldhollow's Traveler and
    Shorehollow's Priestess have no effect to use): Councillor to the Viceroy (ED-L51-07),
    Winter Champion (ED-L52-03), Students of Northstone (ED-L53-05), Spy (ED-L54-03), Gang
    Boss (ED-L55-02), Smuggler (ED-L56-08), Master Refiner (ED-L57-04), Border Guard
    (ED-L58-10), the Docks' and Homesteads' contacts (ED-L59, ED-L60)."""
    A = params[L.P_CA + k]
    B = params[L.P_CB + k]
    C = params[L.P_CC + k]
    first = mode == 0 or mode == 2
    second = mode == 1 or mode == 2
    if k == L.K_CITADEL:
        pay(state, p, A)
        if target < 8:
            x = state[L.HAND + p * L.MAX_HAND + target]
        else:
            x = state[L.TRAY_CARD + target - 8]
        claim(state, p, x)
        state[L.INFL + p] += C
        state[L.COINS + p] += B
    elif k == L.K_BARRACKS:
        if first:
            dispatch(state, p, loc, B)
        if second:
            return_agents(state, p, loc, A)
            state[L.HUNTS + p] += 1
    elif k == L.K_NORTHSTONE:
        if mode == 0:
            dispatch(state, p, loc, A if target < 0 else target + 1)
        else:
            return_agents(state, p, loc, B)
            train(state, p)
    elif k == L.K_CHASM:
        pay(state, p, A)
        old = state[L.TRAY_CARD + target]
        if old >= 0:
            to_owner_or_discard(state, params, old)
        card_leaves_place(state, params, p, c, rng)
        place_in_tray(state, target, c)
        reveal(state, params, c)
    elif k == L.K_MUD:
        if mode == 0:
            dispatch(state, p, loc, A if target < 0 else target + 1)
        else:
            return_agents(state, p, loc, 1)
            state[L.BS + p] += B
    elif k == L.K_BLUFFS:
        g = state[L.BLUFF] // 2
        state[L.BLUFF] -= g
        state[L.COINS + p] += g
    elif k == L.K_MINE:
        if first:
            dispatch(state, p, loc, 1)
        if second:
            return_agents(state, p, loc, target + 1)
    elif k == L.K_BORDER:
        if first:
            dispatch(state, p, loc, 1)
        if second:
            src = target // L.NCOL
            col = target % L.NCOL
            if src < L.NTRAY:
                state[L.TRAY_CUBES + src * L.NCOL + col] -= 1
            else:
                q = src - L.NTRAY
                if state[L.TZ + q * L.NCOL + col] > 0:
                    state[L.TZ + q * L.NCOL + col] -= 1
                else:
                    state[L.TZN + q * L.NCOL + col] -= 1
            state[L.BT_CUBES + col] += 1
    elif k == L.K_DOCKS:
        if first:
            state[L.COINS + p] += A
        if second:
            return_agents(state, p, loc, 1)
    elif k == L.K_HOMESTEADS:
        return_all_at(state, params, loc)
        state[L.BS + p] += A


@row_kernel
def base_contact(state, params, p, loc, k, mode, target, rng):
    """The public base-game locations' contacts (War Council ED-BASE-84, Watchtower, City
    Watch, Millhollow Farm Town, Grand Library ED-BASE-86, The Forge ED-BASE-87, Capital
    Hall ED-BASE-85) and the archetype stand-ins (economy, agents, battle, defence, cards)."""
    A = params[L.P_CA + k]
    B = params[L.P_CB + k]
    C = params[L.P_CC + k]
    first = mode == 0 or mode == 2
    second = mode == 1 or mode == 2
    if k == L.K_WAR_COUNCIL:
        if first:
            dispatch(state, p, loc, A)
        if second:
            return_agents(state, p, loc, B)
            state[L.HUNTS + p] += 1
    elif k == L.K_WATCHTOWER or k == L.K_CITY_WATCH or k == L.K_MILLHOLLOW or k == L.K_DEFENCE:
        dispatch(state, p, loc, A)
    elif k == L.K_GRAND_LIBRARY:
        pay(state, p, (4, 10, 15)[target])
        state[L.REP + p] += (2, 4, 6)[target]
    elif k == L.K_FORGE:
        if mode == 0:
            state[L.COINS + p] += A
        else:
            state[L.BS + p] += B
    elif k == L.K_CAPITAL_HALL:
        if mode == 0:
            dispatch(state, p, loc, C)
        else:
            return_agents(state, p, loc, A)
            pay(state, p, B)
            claim(state, p, state[L.HAND + p * L.MAX_HAND + target])
    elif k == L.K_ECONOMY:
        state[L.COINS + p] += A
    elif k == L.K_AGENTS:   # the Students of Northstone stand-in: always A Agents
        if mode == 0:
            dispatch(state, p, loc, A)
        else:
            return_agents(state, p, loc, B)
            train(state, p)
    elif k == L.K_BATTLE:
        if first:
            dispatch(state, p, loc, A)
        if second:
            return_agents(state, p, loc, 1)
            state[L.BS + p] += B
            state[L.HUNTS + p] += 1
    elif k == L.K_CARDS:
        for _ in range(A):
            if state[L.HAND_N + p] >= L.MAX_HAND:
                break
            x = draw_top(state, rng)
            if x < 0:
                break
            add_to_hand(state, p, x)


# ---- Docks and Homesteads slots ------------------------------------------------------------------


@row_kernel
def slot_ok(state, params, p, kind, s):
    """Whether seat p can pay for (and use) slot s of the Docks (ED-L59-08..13) / Homesteads
    (ED-L60-06..12) now."""
    coins = state[L.COINS + p]
    rep = state[L.REP + p]
    if kind == L.K_DOCKS:
        if s == 0:
            return coins >= 7 and state[L.SLIPS + p] < params[L.P_SLIPS] and \
                neutral_in_hand(state, params, p)
        if s == 1:
            return coins >= 5 and state[L.UNTRAINED + p] > 0
        if s == 2:
            return coins >= 5
        if s == 3:
            return coins >= 3
        if s == 4:
            return coins >= 2 and state[L.HAND_N + p] < L.MAX_HAND
        return coins >= params[L.P_DOCK_RATE] or rep >= 1
    if s == 0:
        # only where it has an effect: some other player can give Influence or still move
        # down its Defense Track (never in solo)
        if rep < 7:
            return False
        for q in range(params[L.P_NUM_PLAYERS]):
            if q != p and (state[L.INFL + q] > 0 or state[L.DEFENSE + q] < params[L.P_DEF_MAX]):
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


@row_kernel
def slot_targets(state, params, p, kind, s):
    """Legal targets of a slot needing one (Docks 1: hand position; Docks 6: amount)."""
    n = 0
    if kind == L.K_DOCKS and s == 0:
        for h in range(state[L.HAND_N + p]):
            if state[L.C_OWNER + state[L.HAND + p * L.MAX_HAND + h]] < 0:
                leg_opt(state, h)
                n += 1
    elif kind == L.K_DOCKS and s == 5:
        rate = params[L.P_DOCK_RATE]
        buy = min(state[L.COINS + p] // rate, 10)
        for j in range(buy):
            leg_opt(state, j)          # buy j + 1 Reputation
            n += 1
        sell = min(state[L.REP + p], 10)
        for j in range(sell):
            leg_opt(state, 10 + j)     # sell j + 1 Reputation
            n += 1
    return n


@row_kernel
def slot_apply(state, params, p, kind, s, target):
    if kind == L.K_DOCKS:
        if s == 0:
            pay(state, p, 7)
            claim(state, p, state[L.HAND + p * L.MAX_HAND + target])
        elif s == 1:
            pay(state, p, 5)
            train(state, p)
        elif s == 2:
            pay(state, p, 5)
            state[L.HUNTS + p] += 1
        elif s == 3:
            pay(state, p, 3)
            state[L.BS + p] += 2
        elif s == 4:
            pay(state, p, 2)
            return 1  # draw a card: the caller draws (needs the rng)
        else:
            rate = params[L.P_DOCK_RATE]
            if target < 10:
                pay(state, p, rate * (target + 1))
                state[L.REP + p] += target + 1
            else:
                state[L.REP + p] -= target - 9
                state[L.COINS + p] += rate * (target - 9)
        return 0
    if s == 0:
        state[L.REP + p] -= 7
        for q in range(params[L.P_NUM_PLAYERS]):
            if q == p:
                continue
            if state[L.INFL + q] > 0:
                state[L.INFL + q] -= 1
                state[L.INFL + p] += 1
            else:
                defense_down(state, params, q, 1)
    elif s == 1:
        state[L.REP + p] -= 4
        state[L.HUNTS + p] += 1
    elif s == 2:
        state[L.REP + p] -= 3
        state[L.BS + p] += 2
    elif s == 3:
        state[L.REP + p] -= 2
        state[L.COINS + p] += 3
    elif s == 4:
        state[L.REP + p] -= 1
        state[L.INFL + p] += 1
    else:
        state[L.BS + p] += params[L.P_HOME_BS]
    return 0
