"""LEGACY scripted guild for Edge of Darkness (persona "legacy": the scripted code before the persona fixes,
kept to compare the improved personas head-to-head; it plays as "default" did).

A plain guild strategy:

* Draft: take the rightmost Street card (skipping costs Influence), unless a card
  with more advancements is one Influence away (persona "merchant" never skips).
* Sleeve: always sleeve when allowed (advancements on owned cards are VP),
  onto the first card that fits.
* Step 3: use every card effect it can (the richest mode: "both" when allowed),
  then hunt when a hunt is available, then visit the Docks / Homesteads and
  Border Towers; "hunter" hunts first, "merchant" prefers Coin effects.
* Docks / Homesteads visit (several slots in one visit): the hunt slot when Battle
  Strength is in hand or on offer, Battle Strength slots only with a hunt earned, any
  other slot; then stop.
* Hunts: defeat the most damaging tray card the Battle Strength allows.
* Defence: spend Border Towers Agents/cubes, Watchtower Agents or the Cursed
  Beggar payment while the attack would still land (defending is worth an
  Influence and saves a Defense Track space).
* Guild Hall after the Prologue: keep the starter card with the most advancements (its
  contacts are in hand for round 1).
* Anything else: the first legal option.
"""

from simcore.common import row_kernel

from simcore.darkness.layout import (
    A_BT, A_DOCKS, A_HOME, A_HUNT, A_NORTH, A_OPT, A_PASS, A_STREET, A_USE, D_BARRACKS, D_CUBE,
    D_DEFEND, D_DRAFT, D_HUNT, D_MAIN, D_MODE, D_PRO_USE, D_REWARD, D_SHORE, D_TARGET, D_TRAVELER,
    DEC, K_MUD, K_NORTHSTONE, LOCKIND, PE_KIND, PE_LOC, PE_MODE, PK_CONTACT, C_BOT, C_MID, CUR,
    D_HALL, ACTIVE, BS, HUNTS, PE_STEP, PK_DOCKS, PK_HOME,
)
from simcore.rng import randint
from agents.scripted import has_action as _has


@row_kernel
def _slot_action(state, legal, n):
    """A slot of the Docks / Homesteads visit in progress, or PASS: never Battle Strength
    without a hunt this turn, never a hunt without Battle Strength."""
    p = state[ACTIVE]
    docks = state[PE_KIND] == PK_DOCKS
    hunt = A_OPT + (2 if docks else 1)
    bs1 = A_OPT + (3 if docks else 2)
    bs2 = A_OPT + (3 if docks else 5)
    if _has(legal, n, hunt) and (state[BS + p] > 0 or _has(legal, n, bs1) or _has(legal, n, bs2)):
        return hunt
    for i in range(n):
        a = legal[i]
        if a == A_PASS or a == hunt:
            continue
        if (a == bs1 or a == bs2) and state[HUNTS + p] == 0:
            continue
        return a
    return A_PASS if _has(legal, n, A_PASS) else legal[0]


@row_kernel
def scripted_action(state, params, persona, rng, legal, n):
    if n == 1:
        return legal[0]
    dec = state[DEC]
    if dec == D_MAIN:
        if persona == 1 and _has(legal, n, A_HUNT):
            return A_HUNT
        best = -1
        for i in range(n):
            a = legal[i]
            if A_USE <= a < A_BT:
                if best < 0 or (persona == 2 and (a - A_USE) % 3 == 0):
                    best = a
        if best >= 0:
            return best
        for a in (A_HUNT, A_DOCKS, A_HOME, A_BT, A_NORTH):
            if _has(legal, n, a):
                return a
        return A_PASS
    if dec == D_HUNT:
        # the last tray option is as good as any; defeat whatever is affordable
        for i in range(n - 1, -1, -1):
            if legal[i] != A_PASS:
                return legal[i]
        return A_PASS
    if dec == D_DEFEND:
        for o in (2, 0, 1, 3):
            if _has(legal, n, A_OPT + o):
                return A_OPT + o
        return A_PASS
    if dec == D_DRAFT:
        if persona == 2:
            return legal[0]
        return legal[0]
    if dec == D_HALL:
        best = legal[0]
        most = -1
        for i in range(n):
            c = state[CUR] * 4 + legal[i] - A_OPT
            k = (1 if state[C_MID + c] >= 0 else 0) + (1 if state[C_BOT + c] >= 0 else 0)
            if k > most:
                most = k
                best = legal[i]
        return best
    if dec == D_MODE:
        return legal[n - 1]
    if dec in (D_CUBE, D_REWARD, D_TRAVELER, D_SHORE, D_PRO_USE, D_BARRACKS):
        for i in range(n):
            if legal[i] != A_PASS:
                return legal[i]
        return legal[0]
    if dec == D_TARGET:
        if (state[PE_KIND] == PK_DOCKS or state[PE_KIND] == PK_HOME) and state[PE_STEP] == 0:
            return _slot_action(state, legal, n)
        if state[PE_KIND] == PK_CONTACT and state[PE_MODE] == 0 and \
                state[LOCKIND + state[PE_LOC]] in (K_NORTHSTONE, K_MUD):
            return legal[n - 1]   # "dispatch up to 3": all it can
        return legal[randint(rng, n)]
    for i in range(n):
        if legal[i] != A_PASS and legal[i] != A_STREET:
            return legal[i]
    return legal[0]
