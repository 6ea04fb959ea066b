"""Dark Frontier (solo Tel·lus mission) actions in the rulebook's words (``describe``).

Reads the state BEFORE the action is applied: the phase, the pending target (an Equipment
or repair waiting for its card, a shot waiting for its target), the Troop asked to
intercept, the hand and both Field Areas.  Field cards are named with their slot
("Tel·lus Ranger (slot 3)", "Mucosal Stinger (Rival slot 1)").
"""
from __future__ import annotations

from simcore.frontier import layout as L

CARD_NAMES = (
    "Glider Pilot", "Novice Soldier", "Tel·lus Ranger", "Rocket Launcher", "Bunker",
    "First Settlement", "Headquarters", "Communications Tower", "Urgent Repairs",
    "Rapid Spinner", "Mucosal Stinger", "Swift Centipede", "Ruthless Hunter", "Biting Larvae",
)
assert len(CARD_NAMES) == L.NKIND
PHASE_TITLES = ("Spaceship Phase", "Ranged Phase", "Hiring Phase", "Discard Phase",
                "interception")


def card_name(k: int) -> str:
    return CARD_NAMES[k] if 0 <= k < L.NKIND else f"card {k}"


def _cf(params, k: int, f: int) -> int:
    return int(params[L.P_CARDS + k * L.CF_N + f])


def _own(state, s: int) -> str:
    return f"{card_name(int(state[L.TF_KIND + s]))} (slot {s})"


def _rival(state, r: int) -> str:
    return f"{card_name(int(state[L.RF_KIND + r]))} (Rival slot {r})"


def _shot(state, params, dmg_raw: int, r: int) -> str:
    """What a Ranged Attack of ``dmg_raw`` does to Rival slot ``r`` (as ``ranged_hit``)."""
    k = int(state[L.RF_KIND + r])
    red = _cf(params, k, L.CF_ARMOR) + _cf(params, k, L.CF_SHIELDS)
    dmg = max(dmg_raw - red, 0)
    test = dmg if params[L.P_VANISH_AFTER_ARMOR] else dmg_raw
    life = _cf(params, k, L.CF_LIFE)
    taken = int(state[L.RF_DMG + r])
    if test >= 2 * life and dmg > 0:
        out = "vanishes it"
    elif taken + dmg >= life:
        out = "destroys it"
    else:
        out = f"it survives ({taken + dmg}/{life} damage)"
    less = f" less {red} Armor/Shields" if red else ""
    return f"shoots {_rival(state, r)} for {dmg_raw}{less}: {out}"


def _describe(state, params, a: int) -> str:
    from simcore.frontier.field import cost_of, t_ranged
    from simcore.frontier.play import available_crystal

    who = "seat 0 (Tel·lus)"
    mode = int(state[L.PEND_MODE])
    ph = int(state[L.PHASE])
    if mode == L.PEND_PLAY and a >= L.A_TARGET:
        s = a - L.A_TARGET
        k = int(state[L.PEND_KIND])
        if _cf(params, k, L.CF_TYPE) == L.T_EQUIPMENT:
            return f"{who} attaches {card_name(k)} to {_own(state, s)}"
        dmg = int(state[L.TF_DMG + s])
        return f"{who} repairs {_own(state, s)} with {card_name(k)} " \
               f"(restores up to {_cf(params, k, L.CF_REPAIR)}; {dmg} damage taken)"
    if mode == L.PEND_SHOT and a >= L.A_TARGET:
        src = int(state[L.PEND_SRC])
        if src == L.SRC_SHIP:
            return f"{who}: the Spaceship " + _shot(state, params, int(params[L.P_SHIP_RANGED]),
                                                 a - L.A_TARGET)
        return f"{who}: {_own(state, src)} " + _shot(
            state, params, int(t_ranged(state, params, src)), a - L.A_TARGET)
    if a == L.A_END:
        if ph == L.PH_INTERCEPT:
            return f"{who} does not intercept with {_own(state, int(state[L.INT_SLOT]))}"
        title = PHASE_TITLES[ph] if 0 <= ph < len(PHASE_TITLES) else "phase"
        return f"{who} ends the {title} (\"I do nothing\"; turn {int(state[L.TURN])})"
    if L.A_PLAY <= a < L.A_DISCARD:
        red = a >= L.A_PLAY_RED
        k = a - (L.A_PLAY_RED if red else L.A_PLAY)
        cost = int(cost_of(params, k, red))
        avail = int(available_crystal(state, params))
        pay = f"{cost} Crystal ({'reduced by 2; ' if red else ''}{avail} available)"
        t = _cf(params, k, L.CF_TYPE)
        if t == L.T_TROOP:
            col = _cf(params, k, L.CF_COL)
            f = _cf(params, k, L.CF_FACTION)
            gain = 0 if red or f not in (L.F_TELLUS, L.F_NONE) else col
            got = f"+{gain} CP" if gain else "no CP"
            return f"{who} hires a {card_name(k)} for {pay}, enters activated, {got}"
        if t == L.T_BUILDING:
            return f"{who} plays the Building {card_name(k)} for {pay} (enters deactivated)"
        if t == L.T_EQUIPMENT:
            return f"{who} plays the Equipment {card_name(k)} for {pay} (to attach to a Troop)"
        if t == L.T_IMPROVEMENT:
            return f"{who} attaches the Improvement {card_name(k)} to the Spaceship for {pay}"
        what = "Reaction" if t == L.T_REACTION else "Action"
        rep = _cf(params, k, L.CF_REPAIR)
        return f"{who} plays the {what} {card_name(k)} for {pay}" + \
            (f" (repairs {rep} Structure of a Building)" if rep else "")
    if L.A_DISCARD <= a < L.A_SHIP_SHOOT:
        k = a - L.A_DISCARD
        n = int(sum(int(state[L.HAND + i]) for i in range(L.NK)))
        return f"{who} discards a {card_name(k)} ({n} cards in hand, limit " \
               f"{int(params[L.P_HAND_LIMIT])})"
    if a == L.A_SHIP_SHOOT:
        return f"{who} removes the Crystal Marker to shoot with the Spaceship " \
               f"(Ranged {int(params[L.P_SHIP_RANGED])})"
    if L.A_SHOOT <= a < L.A_TARGET:
        s = a - L.A_SHOOT
        return f"{who} deactivates {_own(state, s)} to shoot " \
               f"(Ranged {int(t_ranged(state, params, s))})"
    if ph == L.PH_INTERCEPT and a >= L.A_TARGET:
        r = a - L.A_TARGET
        return f"{who} intercepts the assaulting {_rival(state, r)} with " \
               f"{_own(state, int(state[L.INT_SLOT]))}"
    return ""


def describe(state, params, action: int) -> str:
    """``action`` in the rulebook's words, e.g. ``"seat 0 (Tel·lus) hires a Novice
    Soldier for 2 Crystal (4 available), enters activated, +1 CP"``; read from ``state`` before
    the action is applied."""
    a = int(action)
    try:
        text = _describe(state, params, a)
    except (IndexError, ValueError, TypeError):  # a state no game reaches: still words
        text = ""
    if text:
        return text
    try:
        verb, arg = L.decode_action(a)
        return f"seat 0 (Tel·lus): {verb} {arg}"
    except ValueError:
        return f"seat 0 (Tel·lus): action {a}"
