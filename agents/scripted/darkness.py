"""Scripted guild for Edge of Darkness (personas "default", "hunter", "merchant", "legacy").

A plain guild strategy that never pays for nothing.  Values are counted in quarter VP
("units"): a Coin is 1 (4 Coins = 1 VP), a Reputation or an advancement on an own card 4,
an Influence about 2 (it buys draft skips; it is no VP), Battle Strength 2 a point, but
only while a hunt this turn is possible (it is useless otherwise).

* Prologue: pick the stack whose contact is worth most to the guild (a small random
  tie-break, so seats differ), concentrate the picks on one starter card, resolve the
  contact when it is worth something; keep the starter with the most advancements in the
  Guild Hall.
* Draft: the rightmost Street card, unless a card worth clearly more (own card, more
  advancements, a better effect) lies one or two cards further and Influence allows the
  skip ("merchant" never skips).
* Sleeve: the stack worth most (Break Point Bluffs costs a Defense space) onto the
  guild's own card when it can (advancements on own cards are VP), a Neutral card
  otherwise, another guild's card only when forced.
* Step 3: use each effect whose value is positive, the best first: Battle Strength only
  with a hunt in reach, the Councillor to the Viceroy / Capital Hall / Docks claim only for
  a card with enough advancements, the Spy only where it takes a worse threat out of a
  tray; hunt once the Battle Strength gathered can defeat a tray card (the most damaging
  one it can); visit the Docks / Homesteads only for a slot worth its price (never the
  Homesteads' 7-Reputation slot or Reputation-for-Coins, buy Reputation at the Docks when
  Coins buy it below 4 a point); Border Towers dispatch only while the guild's defence there
  (its Agents and cubes, City Watch) falls short of the worst tray card that could attack
  it; Northstone Academy moves an idle Agent only; the Street ability when a Street card has
  a worthwhile effect, discarding the two hand cards whose unused effects are worth least
  (they would be discarded at the end of the turn anyway).  "hunter" hunts as soon as it
  can, after the Battle Strength effects in hand, and buys hunts; "merchant" prefers Coin
  effects.
* Hunts: first the tray card whose cube majority attacks this guild (the most damaging to
  it, the fullest tray next), then the most damaging card; a card set to attack only the
  others is left to them.
* Students of Northstone / Gang Boss dispatch only the Agents their second effect will
  use, keeping Trained Agents for Border Towers and the Docks.
* Border Guard takes the guild's own cube (or black) from the fullest tray.
* Defence: free reductions first (Border Towers Agents, own cubes, Watchtower Agents) and
  only when they save the attack; the Cursed Beggar's 8 Coins only when the Defense space
  costs more than 2 VP and nothing free is enough.

Persona "legacy" (the last of SPEC.personas) plays the scripted code from before the persona fixes
(agents/scripted/darkness_legacy.py), kept to compare head-to-head.
"""
from numba import njit

from simcore.common import row_kernel

from simcore.darkness import layout as L
from simcore.darkness.actions import slot_free_for, usable
from simcore.darkness.cards import ROW, B, I, agents_at, loc_of_kind, sleeves, tray_total
from simcore.darkness.contacts import contact_modes, slot_ok
from simcore.darkness.effects import card_damage, spy_bonus
from simcore.darkness.rounds import stack_influence
from simcore.darkness.turn import attack_targets, passive_reduction
from simcore.rng import randint
from agents.scripted import has_action

HUNTER = 1
MERCHANT = 2
LEGACY = 3          # == len(SPEC.personas) - 1 (tests check it)
NEG = -(1 << 20)

#: worth of a location's contact on a card the guild keeps using (by kind, KIND_NAMES order)
KIND_VALUE = (2, 3, 3, 1, 2, 3, 3, 4, 4, 1, 1, 2,     # Coldharbor 51-62
              3, 3, 3, 3, 4, 2, 3, 4, 3, 3, 3, 3)     # stand-ins
HUNT_VALUE = 6      # a defeated threat: its rewards and one attacker fewer


# the shared helper, compiled once for this player's types (it is called with literal
# actions, which would otherwise compile one version per literal); plain Python where
# NUMBA_DISABLE_JIT=1 (tests/purepy.py)
_has = njit((ROW, I, I), cache=True)(getattr(has_action, "py_func", has_action))


@row_kernel
def _avail_bs(state, params, p):
    return state[L.BS + p] + spy_bonus(state, params, p) - state[L.HSPENT + p]


@row_kernel
def _min_damage(state, params, p):
    m = 1 << 20
    for t in range(L.NTRAY):
        c = state[L.TRAY_CARD + t]
        if c >= 0:
            m = min(m, card_damage(state, params, c, -1, p))
    return m


@row_kernel((ROW, I, I))
def _hand_card(state, p, h):
    return state[L.HAND + p * L.MAX_HAND + h]


@row_kernel
def _contact_bs(state, params, p, k, loc):
    """Battle Strength a contact of kind k can give seat p this turn (0: none)."""
    if k == L.K_MUD and state[L.AG + p * L.NLOC + loc] >= 1:
        return params[L.P_CB + k]
    if k == L.K_FORGE or k == L.K_BATTLE:
        return params[L.P_CB + k]
    if k == L.K_HOMESTEADS:
        return params[L.P_CA + k]
    return 0


@row_kernel
def _contact_hunt(state, params, p, loc, c):
    """Whether resolving the contact of ``loc`` on card c can give seat p a hunt now."""
    k = state[L.LOCKIND + loc]
    if k == L.K_BARRACKS or k == L.K_WAR_COUNCIL or k == L.K_BATTLE:
        return (contact_modes(state, params, p, loc, c, False) & 2) != 0
    return False


@row_kernel
def _bs_potential(state, params, p):
    """Battle Strength seat p has, plus what its unused hand effects can still add."""
    v = _avail_bs(state, params, p)
    for h in range(state[L.HAND_N + p]):
        c = _hand_card(state, p, h)
        if not state[L.C_USED + c] & 1 and params[L.P_TOP_EFF + c] == L.E_BS:
            v += params[L.P_TOP_A + c]
        for s in range(1, 3):
            loc = state[L.C_MID + c] if s == 1 else state[L.C_BOT + c]
            if loc >= 0 and not (state[L.C_USED + c] >> s) & 1:
                v += _contact_bs(state, params, p, state[L.LOCKIND + loc], loc)
    return v


@row_kernel
def _docks_hunt_ok(state, params, p):
    docks = loc_of_kind(state, L.K_DOCKS)
    if docks < 0 or state[L.ABIL + p] & L.AB_DOCKS or state[L.TRAINED + p] == 0:
        return False
    return slot_free_for(state, p, L.K_DOCKS, 2) and state[L.COINS + p] >= 5


@row_kernel
def _hunt_reach(state, params, p, persona):
    """Whether a hunt this turn can defeat something: a hunt earned or on offer (a contact
    in hand, the Docks' hunt slot) and enough Battle Strength in reach."""
    mind = _min_damage(state, params, p)
    if mind >= 1 << 20:
        return False
    src = state[L.HUNTS + p] > 0
    if not src:
        for h in range(state[L.HAND_N + p]):
            c = _hand_card(state, p, h)
            for s in range(1, 3):
                loc = state[L.C_MID + c] if s == 1 else state[L.C_BOT + c]
                if loc >= 0 and not (state[L.C_USED + c] >> s) & 1 and \
                        _contact_hunt(state, params, p, loc, c):
                    src = True
        if not src and _docks_hunt_ok(state, params, p):
            src = True
    return src and _bs_potential(state, params, p) >= mind


@row_kernel((ROW, ROW, I, B))
def _best_neutral(state, params, p, tray_too):
    """(most advancements, option) among Neutral cards in p's hand (OPT h) and, with
    ``tray_too``, the tower (OPT 8 + t); (-1, -1) when none."""
    best = -1
    opt = -1
    for h in range(state[L.HAND_N + p]):
        c = _hand_card(state, p, h)
        if state[L.C_OWNER + c] < 0 and sleeves(state, c) > best:
            best = sleeves(state, c)
            opt = h
    if tray_too:
        for t in range(L.NTRAY):
            c = state[L.TRAY_CARD + t]
            if c >= 0 and state[L.C_OWNER + c] < 0 and sleeves(state, c) > best:
                best = sleeves(state, c)
                opt = 8 + t
    return best, opt


@row_kernel
def _spy_tray(state, params, p, c):
    """(Damage taken out of the tower, tray) for putting card c in place of a tray card:
    the tray whose card threatens most beyond c's own Damage."""
    mine = card_damage(state, params, c, p, -1)
    best = 0
    bt = -1
    for t in range(L.NTRAY):
        x = state[L.TRAY_CARD + t]
        if x < 0 or x == c:
            continue
        d = card_damage(state, params, x, p, -1) - mine
        if d > best:
            best = d
            bt = t
    return best, bt


@row_kernel
def _cube_choice(state, params, p):
    """Border Guard: the cube to move onto Border Towers, as OPT src * 5 + colour: the
    guild's own cube from the fullest tray, else from its Threat Zone, else black from the
    fullest tray; -1 when none of those."""
    best = -1
    bv = -1
    for t in range(L.NTRAY):
        tot = tray_total(state, t)
        for j in range(2):
            col = p if j == 0 else L.BLACK
            if state[L.TRAY_CUBES + t * L.NCOL + col] > 0:
                v = tot * 2 + (1 if col == p else 0) + 100 * (1 if col == p else 0)
                if v > bv:
                    bv = v
                    best = t * L.NCOL + col
    if state[L.TZ + p * L.NCOL + p] + state[L.TZN + p * L.NCOL + p] > 0 and bv < 100:
        return (L.NTRAY + p) * L.NCOL + p
    return best


@row_kernel
def _mine_coins(state, p, loc):
    """(Coins under p's Mine Agents, Agents with Coins under them)."""
    tot = 0
    k = 0
    for i in range(state[L.AG + p * L.NLOC + loc]):
        v = state[L.MINE + p * L.MAX_AG + i]
        if v > 0:
            tot += v
            k += 1
    return tot, k


@row_kernel(inline="always")
def _pick(mode, v0, v1):
    """Value of mode 0 (first effect), 1 (second) or 2 (both)."""
    if mode == 0:
        return v0
    if mode == 1:
        return v1
    return v0 + v1


@row_kernel((ROW, ROW, I, I, I, I, B, I))
def mode_value(state, params, p, loc, c, mode, reach, persona):
    """Worth (units) of resolving the contact of ``loc`` on card c in ``mode``."""
    k = state[L.LOCKIND + loc]
    A = params[L.P_CA + k]
    B = params[L.P_CB + k]
    C = params[L.P_CC + k]
    ag = state[L.AG + p * L.NLOC + loc]
    tr = state[L.TRAINED + p]
    bsv = 2 if reach else 0
    left = L.ROUNDS - state[L.ROUND]
    if k == L.K_CITADEL:
        s, _ = _best_neutral(state, params, p, True)
        return 4 * s + 2 * C - (A - B) - 2 if s >= 0 else NEG
    if k == L.K_BARRACKS or k == L.K_WAR_COUNCIL:
        out = B if k == L.K_BARRACKS else A
        v0 = 1 if tr > out else 0
        v1 = HUNT_VALUE if reach and state[L.HUNTS + p] == 0 else 0
        return _pick(mode, v0, v1)
    if k == L.K_NORTHSTONE or k == L.K_AGENTS:
        if mode == 0:
            return 1 if tr >= 2 and (k == L.K_AGENTS or ag < B) else 0
        return 4 if state[L.UNTRAINED + p] > 0 else 0
    if k == L.K_CHASM:
        d, _ = _spy_tray(state, params, p, c)
        return 3 * d - A
    if k == L.K_MUD:
        if mode == 0:
            return 1 if ag == 0 and tr >= 2 else 0
        return bsv * B
    if k == L.K_BLUFFS:
        return state[L.BLUFF] // 2
    if k == L.K_MINE:
        v0 = 2 * (left - 1) if tr >= 2 else 0
        tot, _ = _mine_coins(state, p, loc)
        v1 = tot if left <= 1 or tot >= 4 * ag else 0
        return _pick(mode, v0, v1)
    if k == L.K_BORDER:
        v0 = 2 if tr >= 2 else 0
        v1 = 2 if _cube_choice(state, params, p) >= 0 else 0
        return _pick(mode, v0, v1)
    if k == L.K_DOCKS:
        v1 = 1 if ag > 0 else 0
        return _pick(mode, A, v1)
    if k == L.K_HOMESTEADS:
        return bsv * A - 1
    if k == L.K_WATCHTOWER or k == L.K_CITY_WATCH or k == L.K_DEFENCE or k == L.K_MILLHOLLOW:
        return 2 if tr >= 2 else 0
    if k == L.K_GRAND_LIBRARY:
        coins = state[L.COINS + p]
        if coins >= 15:
            return 24 - 15
        if coins >= 10:
            return 16 - 10
        return 8 - 4
    if k == L.K_FORGE:
        return A if mode == 0 else bsv * B
    if k == L.K_CAPITAL_HALL:
        if mode == 0:
            return 1 if tr > C else 0
        s, _ = _best_neutral(state, params, p, False)
        return 4 * s - B - 2
    if k == L.K_ECONOMY:
        return A
    if k == L.K_BATTLE:
        if mode == 0:
            return 1 if tr > A else 0
        v1 = bsv * B + (HUNT_VALUE if reach and state[L.HUNTS + p] == 0 else 0)
        return v1 if mode == 1 else v1 + (1 if tr > A else 0)
    if k == L.K_CARDS:
        return 3 * A
    return 0


@row_kernel((ROW, ROW, I, I, I, B, B, I))
def best_mode(state, params, p, loc, c, pro, reach, persona):
    """(value, mode) of the best legal mode of the contact (pro: the Prologue bans)."""
    m = contact_modes(state, params, p, loc, c, pro)
    bv = NEG
    bm = -1
    for mode in range(3):
        if (m >> mode) & 1:
            v = mode_value(state, params, p, loc, c, mode, reach, persona)
            if v > bv:
                bv = v
                bm = mode
    return bv, bm


@row_kernel((ROW, ROW, I, I, B, I))
def top_value(state, params, p, c, reach, persona):
    e = params[L.P_TOP_EFF + c]
    a = params[L.P_TOP_A + c]
    if e == L.E_COINS:
        return a + (2 if persona == MERCHANT else 0)
    if e == L.E_REP:
        return 4 * a
    if e == L.E_INFL:
        return 2 * a
    if e == L.E_BS:
        return (2 * a) if reach else 0
    if e == L.E_TRAIN:
        return 4 - a if state[L.UNTRAINED + p] > 0 else NEG
    if e == L.E_BUY_REP:
        return 4 * params[L.P_TOP_B + c] - a
    return 0


@row_kernel
def use_value(state, params, p, c, s, reach, persona):
    """Worth of using slot s of card c (its 1-Coin fee to another guild counted)."""
    o = state[L.C_OWNER + c]
    fee = 2 if 0 <= o < params[L.P_NUM_PLAYERS] and o != p else 0
    if s == 0:
        return top_value(state, params, p, c, reach, persona) - fee
    loc = state[L.C_MID + c] if s == 1 else state[L.C_BOT + c]
    v, _ = best_mode(state, params, p, loc, c, False, reach, persona)
    return v - fee


@row_kernel
def _buy_amount(state, params, p):
    """Reputation to buy at the Docks' exchange: Coins beyond a small reserve (none in
    the last round)."""
    rate = params[L.P_DOCK_RATE]
    keep = 0 if state[L.ROUND] >= L.ROUNDS else 3
    return min(10, max(0, state[L.COINS + p] - keep) // rate)


@row_kernel((ROW, ROW, I, B, I, B, I))
def slot_value(state, params, p, docks, s, reach, persona):
    """Worth of placing an Agent on slot s of the Docks (docks) / Homesteads."""
    coins = state[L.COINS + p]
    if docks:
        if s == 0:
            n, _ = _best_neutral(state, params, p, False)
            return 4 * n - 7 + 1 if n >= 0 else NEG
        if s == 1:
            return 1 if state[L.UNTRAINED + p] > 0 and coins >= 12 else NEG
        if s == 2:
            if state[L.HUNTS + p] == 0 and \
                    _bs_potential(state, params, p) >= _min_damage(state, params, p):
                return HUNT_VALUE - 5 + (2 if persona == HUNTER else 0)
            return NEG
        if s == 3:
            need = _min_damage(state, params, p) - _bs_potential(state, params, p)
            if (state[L.HUNTS + p] > 0 or reach) and 0 < need <= 2:
                return HUNT_VALUE - 3
            return NEG
        if s == 4:
            return 3 - 2 if state[L.HAND_N + p] < L.MAX_HAND and coins >= 4 else NEG
        rate = params[L.P_DOCK_RATE]
        k = _buy_amount(state, params, p)
        return (4 - rate) * k if k > 0 and rate < 4 else NEG
    if s == 5:
        need = _min_damage(state, params, p) - _bs_potential(state, params, p)
        if (state[L.HUNTS + p] > 0 or reach) and 0 < need <= params[L.P_HOME_BS]:
            return HUNT_VALUE
        return NEG
    return NEG   # the others trade Reputation (VP) for less than it is worth


@row_kernel((ROW, ROW, I, B, B, I))
def best_slot(state, params, p, docks, reach, persona):
    """(value, slot) of the best slot seat p can take now at the Docks / Homesteads."""
    kind = L.K_DOCKS if docks else L.K_HOMESTEADS
    bv = NEG
    bs = -1
    if state[L.TRAINED + p] == 0:
        return bv, bs
    for s in range(L.NSLOT):
        if slot_free_for(state, p, kind, s) and slot_ok(state, params, p, kind, s):
            v = slot_value(state, params, p, docks, s, reach, persona)
            if v > bv:
                bv = v
                bs = s
    return bv, bs


@row_kernel
def stack_value(state, params, p, s):
    """Worth of sleeving the top advancement of stack s (its contact, Citadel Influence,
    the Break Point Bluffs' Defense space)."""
    loc = s >> 1
    k = state[L.LOCKIND + loc]
    v = KIND_VALUE[k] + 2 * stack_influence(state, params, s)
    if k == L.K_BLUFFS:
        d = state[L.DEFENSE + p]
        d2 = min(d + params[L.P_CC + L.K_BLUFFS], params[L.P_DEF_MAX])
        v -= 4 * (params[L.P_DEF_PEN + d2] - params[L.P_DEF_PEN + d])
    return v


@row_kernel
def card_sleeve_value(state, params, p, c, loc):
    """Worth of an advancement (of location ``loc``) on card c for seat p."""
    o = state[L.C_OWNER + c]
    v = 0
    if o == p:
        v = 6
    elif 0 <= o < params[L.P_NUM_PLAYERS]:
        v = -8
    if state[L.LOCKIND + loc] == L.K_SHOREHOLLOW and o != p:
        v += 2
    return v


@row_kernel
def draft_value(state, params, p, c):
    o = state[L.C_OWNER + c]
    v = top_value(state, params, p, c, True, 0)
    for s in range(2):
        loc = state[L.C_MID + c] if s == 0 else state[L.C_BOT + c]
        if loc >= 0:
            v += KIND_VALUE[state[L.LOCKIND + loc]] - 1
    if o == p:
        v += 4
    elif 0 <= o < params[L.P_NUM_PLAYERS]:
        v -= 2
    return v


@row_kernel
def _use_bs(state, params, p, a):
    """Battle Strength use action ``a`` (A_USE + 3 * hand index + slot) gives seat p."""
    h = (a - L.A_USE) // 3
    s = (a - L.A_USE) % 3
    c = _hand_card(state, p, h)
    if s == 0:
        return params[L.P_TOP_A + c] if params[L.P_TOP_EFF + c] == L.E_BS else 0
    loc = state[L.C_MID + c] if s == 1 else state[L.C_BOT + c]
    return _contact_bs(state, params, p, state[L.LOCKIND + loc], loc) if loc >= 0 else 0


@row_kernel
def _bt_short(state, params, p):
    """Whether seat p's defence at the Border Towers (Agents, own cubes, City Watch) falls
    short of the worst Damage a tray card could attack it with."""
    bt = loc_of_kind(state, L.K_BORDER)
    if bt < 0:
        return False
    have = (agents_at(state, p, bt) + state[L.BT_CUBES + p]
            + passive_reduction(state, params, p))
    need = 0
    for t in range(L.NTRAY):
        c = state[L.TRAY_CARD + t]
        if c >= 0:
            need = max(need, card_damage(state, params, c, p, -1))
    return have < need


@row_kernel
def _hunt_value(state, params, p, t):
    """Worth of defeating tray t's card in a hunt by seat p: a card whose cube majority
    attacks p first (its Damage to p, then the fuller tray), then the most damaging."""
    c = state[L.TRAY_CARD + t]
    v = card_damage(state, params, c, -1, p)
    if (attack_targets(state, params, t) >> p) & 1:
        v += 1000 * max(card_damage(state, params, c, p, -1), 1) + 10 * tray_total(state, t)
    return v


@row_kernel
def _main(state, params, p, persona, rng, legal, n):
    reach = _hunt_reach(state, params, p, persona)
    avail = _avail_bs(state, params, p)
    mind = _min_damage(state, params, p)
    if persona == HUNTER and _has(legal, n, L.A_HUNT) and avail >= mind:
        # the Battle Strength effects in hand first: the hunt spends what is gathered
        best = -1
        bv = 0
        for i in range(n):
            a = legal[i]
            if L.A_USE <= a < L.A_BT and _use_bs(state, params, p, a) > 0:
                v = use_value(state, params, p, _hand_card(state, p, (a - L.A_USE) // 3),
                              (a - L.A_USE) % 3, True, persona)
                if v > bv:
                    bv = v
                    best = a
        return best if best >= 0 else L.A_HUNT
    best = -1
    bv = 0
    for i in range(n):
        a = legal[i]
        if L.A_USE <= a < L.A_BT:
            h = (a - L.A_USE) // 3
            v = use_value(state, params, p, _hand_card(state, p, h), (a - L.A_USE) % 3, reach,
                          persona)
            if v > bv:
                bv = v
                best = a
    if best >= 0:
        return best
    if _has(legal, n, L.A_HUNT) and avail >= mind:
        return L.A_HUNT
    if _has(legal, n, L.A_DOCKS):
        v, _ = best_slot(state, params, p, True, reach, persona)
        if v > 0:
            return L.A_DOCKS
    if _has(legal, n, L.A_HOME):
        v, _ = best_slot(state, params, p, False, reach, persona)
        if v > 0:
            return L.A_HOME
    if _has(legal, n, L.A_BT) and _bt_short(state, params, p):
        return L.A_BT
    if _has(legal, n, L.A_NORTH) and _north_source(state, p) >= 0:
        return L.A_NORTH
    if _has(legal, n, L.A_STREET):
        v, _ = _street_choice(state, params, p, reach, persona)
        if v > 0:
            return L.A_STREET
    return L.A_PASS


@row_kernel
def _north_source(state, p):
    """A location whose Agent of p does nothing there (moved to Northstone Academy), -1."""
    best = -1
    bv = 0
    for loc in range(L.NLOC):
        if state[L.AG + p * L.NLOC + loc] == 0:
            continue
        k = state[L.LOCKIND + loc]
        v = 0
        if k == L.K_CHASM or k == L.K_COLDHOLLOW:
            v = 3
        elif k == L.K_DOCKS or k == L.K_HOMESTEADS:
            v = 2     # frees the slot it holds for this guild's next visit
        if v > bv:
            bv = v
            best = loc
    return best


@row_kernel
def _street_choice(state, params, p, reach, persona):
    """(value, OPT) of the best Street card effect for the Street ability."""
    bv = NEG
    bo = -1
    for i in range(L.NSTREET):
        c = state[L.STREET + i]
        if c < 0:
            continue
        for s in range(3):
            if usable(state, params, p, c, s):
                v = use_value(state, params, p, c, s, reach, persona)
                if v > bv:
                    bv = v
                    bo = i * 3 + s
    return bv, bo


@row_kernel
def _street_discard(state, params, p, persona, legal, n):
    """The hand card (OPT h) whose unused effects are worth least to keep this turn."""
    reach = _hunt_reach(state, params, p, persona)
    best = legal[0]
    bv = 1 << 30
    for i in range(n):
        h = legal[i] - L.A_OPT
        c = _hand_card(state, p, h)
        v = 0
        for s in range(3):
            if usable(state, params, p, c, s):
                v += max(use_value(state, params, p, c, s, reach, persona), 0)
        if v < bv:
            bv = v
            best = legal[i]
    return best


@row_kernel
def _slot_target(state, params, p, legal, n):
    s = state[L.PE_ARG]
    if state[L.PE_KIND] == L.PK_DOCKS and s == 0:
        _, h = _best_neutral(state, params, p, False)
        if h >= 0 and _has(legal, n, L.A_OPT + h):
            return L.A_OPT + h
    if state[L.PE_KIND] == L.PK_DOCKS and s == 5:
        k = _buy_amount(state, params, p)
        if k > 0 and _has(legal, n, L.A_OPT + k - 1):
            return L.A_OPT + k - 1
        for i in range(n):       # the smallest purchase
            if legal[i] - L.A_OPT < 10:
                return legal[i]
    return legal[0]


@row_kernel
def _contact_target(state, params, p, legal, n):
    loc = state[L.PE_LOC]
    k = state[L.LOCKIND + loc]
    mode = state[L.PE_MODE]
    c = state[L.PE_CARD]
    last = legal[n - 1]
    if k == L.K_CITADEL or k == L.K_CAPITAL_HALL:
        _, o = _best_neutral(state, params, p, k == L.K_CITADEL)
        if o >= 0 and _has(legal, n, L.A_OPT + o):
            return L.A_OPT + o
        return legal[0]
    if (k == L.K_NORTHSTONE or k == L.K_MUD) and mode == 0:
        # only the Agents the second effect will use (2 to train / 1 for Battle Strength),
        # keeping 1 Trained Agent for Border Towers and the Docks
        want = (params[L.P_CB + k] if k == L.K_NORTHSTONE else 1) - state[L.AG + p * L.NLOC + loc]
        want = min(want, state[L.TRAINED + p] - 1)
        want = max(want, 1)
        if _has(legal, n, L.A_OPT + want - 1):
            return L.A_OPT + want - 1
        return legal[0]
    if k == L.K_CHASM:
        _, t = _spy_tray(state, params, p, c)
        if t >= 0 and _has(legal, n, L.A_OPT + t):
            return L.A_OPT + t
        return legal[0]
    if k == L.K_MINE:
        _, m = _mine_coins(state, p, loc)
        m = max(m, 1)
        if _has(legal, n, L.A_OPT + m - 1):
            return L.A_OPT + m - 1
        return legal[0]
    if k == L.K_BORDER:
        o = _cube_choice(state, params, p)
        if o >= 0 and _has(legal, n, L.A_OPT + o):
            return L.A_OPT + o
        return legal[0]
    return last     # Grand Library: the largest exchange it can pay


@row_kernel
def _defend(state, params, q, legal, n):
    """Free reductions only when they save the attack; the Cursed Beggar's 8 Coins only
    when nothing free is enough and the Defense space costs more than 2 VP."""
    dmg = state[L.AT_DMG]
    bt = loc_of_kind(state, L.K_BORDER)
    wt = loc_of_kind(state, L.K_WATCHTOWER)
    free = 0
    if bt >= 0:
        cubes = state[L.BT_CUBES + q]
        # Agents count only alongside a cube where the booklet's "1 or more cubes" holds
        if cubes > 0 or not params[L.P_BT_CUBE]:
            free += state[L.AG + q * L.NLOC + bt] + cubes
    if wt >= 0:
        free += state[L.AG + q * L.NLOC + wt] * params[L.P_CB + L.K_WATCHTOWER]
    if free >= dmg:
        for o in (0, 3, 1):
            if _has(legal, n, L.A_OPT + o):
                return L.A_OPT + o
    if _has(legal, n, L.A_OPT + 2):
        d = state[L.DEFENSE + q]
        d2 = min(d + 1, params[L.P_DEF_MAX])
        if params[L.P_DEF_PEN + d2] - params[L.P_DEF_PEN + d] > 2:
            return L.A_OPT + 2
    return L.A_PASS


@row_kernel
def _reward_value(code, am):
    if code == L.R_INFL:
        return 2 * am
    if code == L.R_REP:
        return 4 * am
    if code == L.R_COINS:
        return am
    if code == L.R_TRAIN:
        return 3 * am
    if code == L.R_DISPATCH:
        return am
    return 0


@row_kernel
def _cube_colour(state, params, p, legal, n):
    """Coldhollow: the colour whose majority this cube wins or keeps."""
    P = params[L.P_NUM_PLAYERS]
    best = legal[0]
    bv = NEG
    for i in range(n):
        a = legal[i]
        if a == L.A_PASS:
            continue
        col = a - L.A_OPT
        mine = state[L.CCUBES + p * L.NCOL + col]
        top = 0
        for q in range(P):
            if q != p:
                top = max(top, state[L.CCUBES + q * L.NCOL + col])
        gap = top - mine
        v = 10 - gap if gap >= 0 else -gap   # tie or take the lead first
        if v > bv:
            bv = v
            best = a
    return best


@row_kernel
def scripted_action(state, params, persona, rng, legal, n):
    if n == 1:
        return legal[0]
    dec = state[L.DEC]
    p = state[L.CUR]
    if dec == L.D_MAIN:
        return _main(state, params, p, persona, rng, legal, n)
    if dec == L.D_PRO_PICK or dec == L.D_PRO_CARD or dec == L.D_PRO_USE or dec == L.D_HALL:
        return _prologue(state, params, p, dec, rng, legal, n, persona)
    if dec == L.D_BARRACKS:
        return L.A_OPT if state[L.TRAINED + p] > 2 else L.A_PASS
    if dec == L.D_DRAFT:
        return _draft(state, params, p, persona, legal, n)
    if dec == L.D_SLEEVE or dec == L.D_SLEEVE_CARD:
        return _sleeve(state, params, p, dec, legal, n)
    if dec == L.D_MODE:
        reach = _hunt_reach(state, params, p, persona)
        v, m = best_mode(state, params, p, state[L.PE_LOC], state[L.PE_CARD], False, reach,
                         persona)
        if m >= 0 and _has(legal, n, L.A_OPT + m):
            return L.A_OPT + m
        return legal[0]
    if dec == L.D_HUNT:
        best = L.A_PASS
        bd = -1
        for i in range(n):
            a = legal[i]
            if a == L.A_PASS:
                continue
            d = _hunt_value(state, params, p, a - L.A_OPT)
            if d > bd:
                bd = d
                best = a
        return best
    if dec == L.D_REWARD:
        th = state[L.HU_THREAT]
        c = state[L.HU_CARD]
        loc = state[L.C_MID + c] if th == 1 else state[L.C_BOT + c]
        k = state[L.LOCKIND + loc]
        v0 = _reward_value(params[L.P_REW1 + k], params[L.P_REW1_A + k])
        v1 = _reward_value(params[L.P_REW2 + k], params[L.P_REW2_A + k])
        if v1 > v0 and _has(legal, n, L.A_OPT + 1):
            return L.A_OPT + 1
        return L.A_OPT if _has(legal, n, L.A_OPT) else legal[0]
    if dec == L.D_DEFEND:
        return _defend(state, params, p, legal, n)
    if dec == L.D_CUBE:
        return _cube_colour(state, params, p, legal, n)
    if dec == L.D_TRAVELER:
        return L.A_OPT if _has(legal, n, L.A_OPT) else legal[0]
    if dec == L.D_SHORE:
        if _has(legal, n, L.A_OPT + 2):
            return L.A_OPT + 2
        return L.A_OPT if _has(legal, n, L.A_OPT) else legal[0]
    if dec == L.D_TARGET:
        return _target(state, params, p, persona, legal, n)
    if dec == L.D_STREET_DISC:
        return _street_discard(state, params, p, persona, legal, n)
    for i in range(n):
        if legal[i] != L.A_PASS and legal[i] != L.A_STREET:
            return legal[i]
    return legal[0]


@row_kernel
def _prologue(state, params, p, dec, rng, legal, n, persona):
    """Prologue picks (stack, starter card, use the contact) and the Guild Hall choice."""
    if dec == L.D_PRO_PICK:
        best = legal[0]
        bv = NEG
        for i in range(n):
            s = legal[i] - L.A_OPT
            v = 4 * stack_value(state, params, p, s) + randint(rng, 4)
            if v > bv:
                bv = v
                best = legal[i]
        return best
    if dec == L.D_PRO_CARD:
        best = legal[0]
        bv = -1
        for i in range(n):
            c = p * 4 + legal[i] - L.A_OPT
            if sleeves(state, c) > bv:
                bv = sleeves(state, c)
                best = legal[i]
        return best
    if dec == L.D_PRO_USE:
        c = state[L.PE_CARD]
        v, m = best_mode(state, params, p, state[L.PE_LOC], c, True, False, persona)
        if v > 0 and m >= 0 and _has(legal, n, L.A_OPT + m):
            return L.A_OPT + m
        return L.A_PASS if _has(legal, n, L.A_PASS) else legal[0]
    if dec == L.D_HALL:
        best = legal[0]
        most = -1
        for i in range(n):
            c = p * 4 + legal[i] - L.A_OPT
            if sleeves(state, c) > most:
                most = sleeves(state, c)
                best = legal[i]
        return best
    return legal[0]


@row_kernel
def _draft(state, params, p, persona, legal, n):
    """The rightmost Street card unless one worth clearly more lies 1-2 further."""
    if persona == MERCHANT:
        return legal[0]
    best = legal[0]
    bv = NEG
    for i in range(n):
        k = legal[i] - L.A_OPT
        if k >= L.NSTREET or k > 2:
            continue
        c = state[L.STREET + k]
        v = draft_value(state, params, p, c) + state[L.STREET_INF + k] - 3 * k
        if v > bv:
            bv = v
            best = legal[i]
    return best


@row_kernel
def _sleeve(state, params, p, dec, legal, n):
    """The stack (D_SLEEVE) or the card (D_SLEEVE_CARD) of the best (stack, card) pair."""
    bv = NEG
    bs = -1
    bh = -1
    for i in range(n):
        a = legal[i]
        if a == L.A_PASS:
            continue
        s = a - L.A_OPT if dec == L.D_SLEEVE else state[L.PRO_STACK]
        loc = s >> 1
        sv = stack_value(state, params, p, s)
        for h in range(state[L.HAND_N + p]):
            if dec == L.D_SLEEVE_CARD and h != a - L.A_OPT:
                continue
            c = _hand_card(state, p, h)
            if state[(L.C_MID if (s & 1) == 0 else L.C_BOT) + c] >= 0:
                continue
            v = sv + card_sleeve_value(state, params, p, c, loc)
            if v > bv:
                bv = v
                bs = s
                bh = h
    if dec == L.D_SLEEVE:
        if bs < 0 or (bv < 0 and _has(legal, n, L.A_PASS)):
            return L.A_PASS if _has(legal, n, L.A_PASS) else legal[0]
        return L.A_OPT + bs
    return L.A_OPT + bh if bh >= 0 else legal[0]


@row_kernel
def _target(state, params, p, persona, legal, n):
    """A pending effect's target: Shorehollow reward, slot, contact, Northstone source,
    hunt dispatch, Street ability."""
    if state[L.DS_SHORE] > 0:
        return _shore_target(state, params, p, legal, n)
    pk = state[L.PE_KIND]
    if pk == L.PK_DOCKS or pk == L.PK_HOME:
        if state[L.PE_STEP] == 0:
            reach = _hunt_reach(state, params, p, persona)
            v, s = best_slot(state, params, p, pk == L.PK_DOCKS, reach, persona)
            if v > 0 and s >= 0 and _has(legal, n, L.A_OPT + s):
                return L.A_OPT + s
            if _has(legal, n, L.A_PASS):
                return L.A_PASS
            return L.A_OPT + s if s >= 0 and _has(legal, n, L.A_OPT + s) else legal[0]
        return _slot_target(state, params, p, legal, n)
    if pk == L.PK_CONTACT:
        return _contact_target(state, params, p, legal, n)
    if pk == L.PK_NORTH:
        src = _north_source(state, p)
        if src >= 0 and _has(legal, n, L.A_OPT + src):
            return L.A_OPT + src
        return legal[0]
    if pk == L.PK_HUNT:   # dispatch reward: Border Towers (defence) when in play
        bt = loc_of_kind(state, L.K_BORDER)
        if bt >= 0 and _has(legal, n, L.A_OPT + bt):
            return L.A_OPT + bt
        return legal[0]
    if pk == L.PK_STREET:
        reach = _hunt_reach(state, params, p, persona)
        _, o = _street_choice(state, params, p, reach, persona)
        if o >= 0 and _has(legal, n, L.A_OPT + o):
            return L.A_OPT + o
        return legal[0]
    return legal[0]


@row_kernel
def _shore_target(state, params, p, legal, n):
    step = state[L.PE_STEP]
    best = legal[0]
    bv = NEG
    for i in range(n):
        o = legal[i] - L.A_OPT
        if step == 1:
            v = stack_value(state, params, p, o)
        elif step == 2:
            c = state[L.STREET + o]
            v = card_sleeve_value(state, params, p, c, state[L.PE_ARG] >> 1)
        else:
            c = _hand_card(state, p, o) if o < 8 else state[L.STREET + o - 8]
            v = sleeves(state, c)
        if v > bv:
            bv = v
            best = legal[i]
    return best
