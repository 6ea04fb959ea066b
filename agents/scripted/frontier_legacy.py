"""Frozen reference player for Dark Frontier (persona "legacy"): the scripted player as it
was before its blunder fixes (reduced-cost hires, the interception guard, Urgent Repairs),
kept unchanged so the improved ``default`` persona (agents/scripted/frontier.py) can be
measured against it on the same seeds.  It plays as ``default`` did.  The description below
is the original one.

Original: Scripted Tel·lus player for Dark Frontier (persona "default").

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

from simcore.common import row_kernel

from simcore.frontier import field as FF
from simcore.frontier import layout as L
from simcore.frontier import play as FP
from agents.scripted import has_action as _has

# discard priority: first listed goes first
_DISCARD_ORDER = np.array([L.TOWER, L.SETTLEMENT, L.BUNKER, L.HQ, L.REPAIRS, L.NOVICE, L.ROCKET,
                           L.GLIDER, L.RANGER],
                          dtype=np.int64)


@row_kernel
def _shot_removes(state, params, dmg_raw, r):
    k = state[L.RF_KIND + r]
    dmg = dmg_raw - FF.cf(params, k, L.CF_ARMOR) - FF.cf(params, k, L.CF_SHIELDS)
    if dmg <= 0:
        return False
    life = FF.cf(params, k, L.CF_LIFE)
    return dmg >= 2 * life or state[L.RF_DMG + r] + dmg >= life


@row_kernel
def _threat(params, k):
    return (FF.cf(params, k, L.CF_ATTACK) * 4 + FF.cf(params, k, L.CF_SPEED) * 2
            + FF.cf(params, k, L.CF_LIFE))


@row_kernel
def _best_shot_target(state, params, dmg):
    best = -1
    bv = -1
    for r in range(L.MAX_RF):
        k = state[L.RF_KIND + r]
        if k >= 0 and _shot_removes(state, params, dmg, r):
            v = _threat(params, k)
            if v > bv:
                bv = v
                best = r
    return best


@row_kernel
def _last_card_guard(state, params):
    """True when removing one more Rival card could end the game as a loss."""
    return (params[L.P_EXHAUST_WIN] == 0 and FF.rival_deck_left(state) == 0
            and FF.rival_on_field(state) <= 1)


@row_kernel
def _best_troop(state, params, legal, n, reduced):
    """Legal troop play (full or reduced) worth the most Colonization, then Attack."""
    best = -1
    bv = -1
    base = L.A_PLAY_RED if reduced else L.A_PLAY
    for k in range(L.NK):
        if FF.cf(params, k, L.CF_TYPE) == L.T_TROOP and _has(legal, n, base + k):
            v = (FF.cf(params, k, L.CF_COL) * 10 + FF.cf(params, k, L.CF_ATTACK)
                 + FF.cf(params, k, L.CF_RANGED))
            if v > bv:
                bv = v
                best = base + k
    return best


@row_kernel
def _hire_cost_in_hand(state, params):
    """Full cost of the Troop in hand worth most Colonization (0 if none)."""
    best = 0
    bv = -1
    for k in range(L.NK):
        if state[L.HAND + k] > 0 and FF.cf(params, k, L.CF_TYPE) == L.T_TROOP:
            v = FF.cf(params, k, L.CF_COL)
            if v > bv:
                bv = v
                best = FF.cost_of(params, k, False)
    return best


@row_kernel
def _build(state, params, legal, n, free):
    """A legal Crystal Building play (reduced when possible), or -1."""
    avail = FP.available_crystal(state, params)
    need = _hire_cost_in_hand(state, params)
    best = -1
    bv = -1
    for k in range(L.NK):
        if FF.cf(params, k, L.CF_TYPE) != L.T_BUILDING or FF.cf(params, k, L.CF_CRYSTAL) <= 0:
            continue
        a = -1
        if _has(legal, n, L.A_PLAY_RED + k):
            a = L.A_PLAY_RED + k
        elif _has(legal, n, L.A_PLAY + k):
            a = L.A_PLAY + k
        if a < 0:
            continue
        c = FF.cost_of(params, k, a >= L.A_PLAY_RED)
        if not free and need > 0 and avail - c < need:
            continue
        v = FF.cf(params, k, L.CF_CRYSTAL) * 10 - c
        if v > bv:
            bv = v
            best = a
    return best


@row_kernel
def _repair(state, params, legal, n):
    b = FF.bunker_slot(state)
    if b < 0:
        return -1
    for k in range(L.NK):
        rep = FF.cf(params, k, L.CF_REPAIR)
        if rep > 0 and state[L.TF_DMG + b] * 2 >= rep:
            if _has(legal, n, L.A_PLAY + k):
                return L.A_PLAY + k
            if _has(legal, n, L.A_PLAY_RED + k):
                return L.A_PLAY_RED + k
    return -1


@row_kernel
def _equip(state, params, legal, n):
    for k in range(L.NK):
        if FF.cf(params, k, L.CF_TYPE) == L.T_EQUIPMENT:
            if _has(legal, n, L.A_PLAY_RED + k):
                return L.A_PLAY_RED + k
            if _has(legal, n, L.A_PLAY + k):
                return L.A_PLAY + k
    return -1


@row_kernel
def _pending(state, params, legal, n):
    mode = state[L.PEND_MODE]
    if mode == L.PEND_SHOT:
        src = state[L.PEND_SRC]
        dmg = params[L.P_SHIP_RANGED] if src == L.SRC_SHIP else FF.t_ranged(state, params, src)
        r = _best_shot_target(state, params, dmg)
        if r >= 0 and _has(legal, n, L.A_TARGET + r):
            return L.A_TARGET + r
        best = legal[0]
        bv = -1
        for i in range(n):
            k = state[L.RF_KIND + legal[i] - L.A_TARGET]
            if _threat(params, k) > bv:
                bv = _threat(params, k)
                best = legal[i]
        return best
    kind = state[L.PEND_KIND]
    best = legal[0]
    bv = -1 << 30
    for i in range(n):
        s = legal[i] - L.A_TARGET
        if FF.cf(params, kind, L.CF_TYPE) == L.T_EQUIPMENT:
            # a Troop that cannot shoot yet, the sturdiest first
            v = -FF.t_ranged(state, params, s) * 100 + FF.t_life(state, params, s)
        else:  # repair: the most damaged Building, the Bunker first on ties
            v = state[L.TF_DMG + s] * 10 + (5 if state[L.TF_KIND + s] == L.BUNKER else 0)
        if v > bv:
            bv = v
            best = legal[i]
    return best


@row_kernel
def _intercept(state, params, legal, n):
    s = state[L.INT_SLOT]
    atk = FF.t_attack(state, params, s)
    best = -1
    bv = -1
    # an unblocked attacker, the strongest first
    for i in range(n):
        a = legal[i]
        if a < L.A_TARGET:
            continue
        r = a - L.A_TARGET
        blocked = False
        for t in range(L.MAX_TF):
            if state[L.TF_KIND + t] >= 0 and state[L.TF_INT + t] == r:
                blocked = True
                break
        if not blocked:
            v = _threat(params, state[L.RF_KIND + r])
            if v > bv:
                bv = v
                best = a
    if best >= 0:
        return best
    # every attacker blocked: join a block where this Troop makes it lethal
    for i in range(n):
        a = legal[i]
        if a < L.A_TARGET:
            continue
        r = a - L.A_TARGET
        k = state[L.RF_KIND + r]
        dealt = 0
        for t in range(L.MAX_TF):
            if state[L.TF_KIND + t] >= 0 and state[L.TF_INT + t] == r:
                dealt += FF.t_attack(state, params, t)
        life = FF.cf(params, k, L.CF_LIFE)
        if dealt < life <= dealt + atk:
            return a
    return L.A_END


@row_kernel
def scripted_action(state, params, persona, rng, legal, n):
    if n == 1:
        return legal[0]
    if state[L.PEND_MODE] != 0:
        return _pending(state, params, legal, n)
    ph = state[L.PHASE]
    if ph == L.PH_INTERCEPT:
        return _intercept(state, params, legal, n)
    if ph == L.PH_DISCARD:
        for i in range(_DISCARD_ORDER.shape[0]):
            a = L.A_DISCARD + _DISCARD_ORDER[i]
            if _has(legal, n, a):
                return a
        return legal[0]
    if ph == L.PH_RANGED:
        if _last_card_guard(state, params):
            return L.A_END
        best = -1
        bv = -1
        for i in range(n):
            a = legal[i]
            if a == L.A_SHIP_SHOOT:
                dmg = params[L.P_SHIP_RANGED]
            elif L.A_SHOOT <= a < L.A_TARGET:
                dmg = FF.t_ranged(state, params, a - L.A_SHOOT)
            else:
                continue
            r = _best_shot_target(state, params, dmg)
            if r >= 0:
                v = _threat(params, state[L.RF_KIND + r]) * 10 + dmg
                if v > bv:
                    bv = v
                    best = a
        return best if best >= 0 else L.A_END
    if ph == L.PH_SPACESHIP:
        a = _repair(state, params, legal, n)
        if a >= 0:
            return a
        a = _build(state, params, legal, n, state[L.TURN] <= 2)
        if a >= 0:
            return a
        a = _equip(state, params, legal, n)
        if a >= 0:
            return a
        return L.A_END
    if ph == L.PH_HIRING:
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
        return L.A_END
    return legal[0]
