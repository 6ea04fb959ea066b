"""Scripted Tel·lus player for Dark Frontier (persona "default").

What a decent solo player does:

* Spaceship Phase: repair the Bunker with Urgent Repairs once it has lost at
  least half a repair's worth; build Crystal Buildings (always at the reduced
  cost: Buildings give no Colonization) while that still leaves enough Crystal
  to hire the best Troop in hand at full cost, or freely in the first turns;
  fit the Rocket Launcher to a Troop that cannot shoot yet.
* Ranged Phase: shoot only when the shot destroys or vanishes something (a
  shooter that does not shoot stays activated and can intercept), at the
  biggest threat it can remove (highest Attack, then Speed Assault); never
  remove the Rival's last card when that would end the game as a loss.
* Hiring Phase: hire the Troop worth the most Colonization at full cost (the
  reduction would forfeit the points); if none is affordable at full cost and
  the Rival has Troops on the field, hire the best one at the reduced cost for
  defence; then build with what is left.
* Discard Phase: drop the least useful card (spare Towers first, Troops last).
* Interception: each Troop blocks a different attacker, the strongest first
  (any block saves the Bunker all of that attacker's damage); once every
  attacker is blocked, a Troop joins a block only if that makes it lethal.
"""
import numpy as np
from numba import njit

from simcore.frontier import field as FF
from simcore.frontier import play as FP
from simcore.frontier.layout import (
    A_DISCARD,
    A_END,
    A_PLAY,
    A_PLAY_RED,
    A_SHIP_SHOOT,
    A_SHOOT,
    A_TARGET,
    BUNKER,
    CF_ARMOR,
    CF_ATTACK,
    CF_COL,
    CF_CRYSTAL,
    CF_LIFE,
    CF_RANGED,
    CF_REPAIR,
    CF_SHIELDS,
    CF_SPEED,
    CF_TYPE,
    GLIDER,
    HAND,
    HQ,
    INT_SLOT,
    MAX_RF,
    MAX_TF,
    NK,
    NOVICE,
    P_EXHAUST_WIN,
    P_SHIP_RANGED,
    PEND_KIND,
    PEND_MODE,
    PEND_SHOT,
    PEND_SRC,
    PH_DISCARD,
    PH_HIRING,
    PH_INTERCEPT,
    PH_RANGED,
    PH_SPACESHIP,
    PHASE,
    RANGER,
    REPAIRS,
    RF_DMG,
    RF_KIND,
    ROCKET,
    SETTLEMENT,
    SRC_SHIP,
    T_BUILDING,
    T_EQUIPMENT,
    T_TROOP,
    TF_DMG,
    TF_INT,
    TF_KIND,
    TOWER,
    TURN,
)

# discard priority: first listed goes first
_DISCARD_ORDER = np.array([TOWER, SETTLEMENT, BUNKER, HQ, REPAIRS, NOVICE, ROCKET, GLIDER, RANGER],
                          dtype=np.int64)


@njit(cache=True)
def _has(legal, n, a):
    for i in range(n):
        if legal[i] == a:
            return True
    return False


@njit(cache=True)
def _shot_removes(state, params, dmg_raw, r):
    k = state[RF_KIND + r]
    dmg = dmg_raw - FF.cf(params, k, CF_ARMOR) - FF.cf(params, k, CF_SHIELDS)
    if dmg <= 0:
        return False
    return dmg >= 2 * FF.cf(params, k, CF_LIFE) or state[RF_DMG + r] + dmg >= FF.cf(params, k, CF_LIFE)


@njit(cache=True)
def _threat(params, k):
    return FF.cf(params, k, CF_ATTACK) * 4 + FF.cf(params, k, CF_SPEED) * 2 + FF.cf(params, k, CF_LIFE)


@njit(cache=True)
def _best_shot_target(state, params, dmg):
    best = -1
    bv = -1
    for r in range(MAX_RF):
        k = state[RF_KIND + r]
        if k >= 0 and _shot_removes(state, params, dmg, r):
            v = _threat(params, k)
            if v > bv:
                bv = v
                best = r
    return best


@njit(cache=True)
def _last_card_guard(state, params):
    """True when removing one more Rival card could end the game as a loss."""
    return (params[P_EXHAUST_WIN] == 0 and FF.rival_deck_left(state) == 0
            and FF.rival_on_field(state) <= 1)


@njit(cache=True)
def _best_troop(state, params, legal, n, reduced):
    """Legal troop play (full or reduced) worth the most Colonization, then Attack."""
    best = -1
    bv = -1
    base = A_PLAY_RED if reduced else A_PLAY
    for k in range(NK):
        if FF.cf(params, k, CF_TYPE) == T_TROOP and _has(legal, n, base + k):
            v = FF.cf(params, k, CF_COL) * 10 + FF.cf(params, k, CF_ATTACK) + FF.cf(params, k, CF_RANGED)
            if v > bv:
                bv = v
                best = base + k
    return best


@njit(cache=True)
def _hire_cost_in_hand(state, params):
    """Full cost of the Troop in hand worth most Colonization (0 if none)."""
    best = 0
    bv = -1
    for k in range(NK):
        if state[HAND + k] > 0 and FF.cf(params, k, CF_TYPE) == T_TROOP:
            v = FF.cf(params, k, CF_COL)
            if v > bv:
                bv = v
                best = FF.cost_of(params, k, False)
    return best


@njit(cache=True)
def _build(state, params, legal, n, free):
    """A legal Crystal Building play (reduced when possible), or -1."""
    avail = FP.available_crystal(state, params)
    need = _hire_cost_in_hand(state, params)
    best = -1
    bv = -1
    for k in range(NK):
        if FF.cf(params, k, CF_TYPE) != T_BUILDING or FF.cf(params, k, CF_CRYSTAL) <= 0:
            continue
        a = -1
        if _has(legal, n, A_PLAY_RED + k):
            a = A_PLAY_RED + k
        elif _has(legal, n, A_PLAY + k):
            a = A_PLAY + k
        if a < 0:
            continue
        c = FF.cost_of(params, k, a >= A_PLAY_RED)
        if not free and need > 0 and avail - c < need:
            continue
        v = FF.cf(params, k, CF_CRYSTAL) * 10 - c
        if v > bv:
            bv = v
            best = a
    return best


@njit(cache=True)
def _repair(state, params, legal, n):
    b = FF.bunker_slot(state)
    if b < 0:
        return -1
    for k in range(NK):
        rep = FF.cf(params, k, CF_REPAIR)
        if rep > 0 and state[TF_DMG + b] * 2 >= rep:
            if _has(legal, n, A_PLAY + k):
                return A_PLAY + k
            if _has(legal, n, A_PLAY_RED + k):
                return A_PLAY_RED + k
    return -1


@njit(cache=True)
def _equip(state, params, legal, n):
    for k in range(NK):
        if FF.cf(params, k, CF_TYPE) == T_EQUIPMENT:
            if _has(legal, n, A_PLAY_RED + k):
                return A_PLAY_RED + k
            if _has(legal, n, A_PLAY + k):
                return A_PLAY + k
    return -1


@njit(cache=True)
def _pending(state, params, legal, n):
    mode = state[PEND_MODE]
    if mode == PEND_SHOT:
        src = state[PEND_SRC]
        dmg = params[P_SHIP_RANGED] if src == SRC_SHIP else FF.t_ranged(state, params, src)
        r = _best_shot_target(state, params, dmg)
        if r >= 0 and _has(legal, n, A_TARGET + r):
            return A_TARGET + r
        best = legal[0]
        bv = -1
        for i in range(n):
            k = state[RF_KIND + legal[i] - A_TARGET]
            if _threat(params, k) > bv:
                bv = _threat(params, k)
                best = legal[i]
        return best
    kind = state[PEND_KIND]
    best = legal[0]
    bv = -1 << 30
    for i in range(n):
        s = legal[i] - A_TARGET
        if FF.cf(params, kind, CF_TYPE) == T_EQUIPMENT:
            # a Troop that cannot shoot yet, the sturdiest first
            v = -FF.t_ranged(state, params, s) * 100 + FF.t_life(state, params, s)
        else:  # repair: the most damaged Building, the Bunker first on ties
            v = state[TF_DMG + s] * 10 + (5 if state[TF_KIND + s] == BUNKER else 0)
        if v > bv:
            bv = v
            best = legal[i]
    return best


@njit(cache=True)
def _intercept(state, params, legal, n):
    s = state[INT_SLOT]
    atk = FF.t_attack(state, params, s)
    best = -1
    bv = -1
    # an unblocked attacker, the strongest first
    for i in range(n):
        a = legal[i]
        if a < A_TARGET:
            continue
        r = a - A_TARGET
        blocked = False
        for t in range(MAX_TF):
            if state[TF_KIND + t] >= 0 and state[TF_INT + t] == r:
                blocked = True
                break
        if not blocked:
            v = _threat(params, state[RF_KIND + r])
            if v > bv:
                bv = v
                best = a
    if best >= 0:
        return best
    # every attacker blocked: join a block where this Troop makes it lethal
    for i in range(n):
        a = legal[i]
        if a < A_TARGET:
            continue
        r = a - A_TARGET
        k = state[RF_KIND + r]
        dealt = 0
        for t in range(MAX_TF):
            if state[TF_KIND + t] >= 0 and state[TF_INT + t] == r:
                dealt += FF.t_attack(state, params, t)
        life = FF.cf(params, k, CF_LIFE)
        if dealt < life <= dealt + atk:
            return a
    return A_END


@njit(cache=True)
def scripted_action(state, params, persona, rng, legal, n):
    if n == 1:
        return legal[0]
    if state[PEND_MODE] != 0:
        return _pending(state, params, legal, n)
    ph = state[PHASE]
    if ph == PH_INTERCEPT:
        return _intercept(state, params, legal, n)
    if ph == PH_DISCARD:
        for i in range(_DISCARD_ORDER.shape[0]):
            a = A_DISCARD + _DISCARD_ORDER[i]
            if _has(legal, n, a):
                return a
        return legal[0]
    if ph == PH_RANGED:
        if _last_card_guard(state, params):
            return A_END
        best = -1
        bv = -1
        for i in range(n):
            a = legal[i]
            if a == A_SHIP_SHOOT:
                dmg = params[P_SHIP_RANGED]
            elif A_SHOOT <= a < A_TARGET:
                dmg = FF.t_ranged(state, params, a - A_SHOOT)
            else:
                continue
            r = _best_shot_target(state, params, dmg)
            if r >= 0:
                v = _threat(params, state[RF_KIND + r]) * 10 + dmg
                if v > bv:
                    bv = v
                    best = a
        return best if best >= 0 else A_END
    if ph == PH_SPACESHIP:
        a = _repair(state, params, legal, n)
        if a >= 0:
            return a
        a = _build(state, params, legal, n, state[TURN] <= 2)
        if a >= 0:
            return a
        a = _equip(state, params, legal, n)
        if a >= 0:
            return a
        return A_END
    if ph == PH_HIRING:
        a = _best_troop(state, params, legal, n, False)
        if a >= 0:
            return a
        if FF.rival_on_field(state) > 0:
            a = _best_troop(state, params, legal, n, True)
            if a >= 0:
                return a
        a = _repair(state, params, legal, n)
        if a >= 0:
            return a
        a = _build(state, params, legal, n, True)
        if a >= 0:
            return a
        return A_END
    return legal[0]
