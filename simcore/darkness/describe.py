"""Edge of Darkness actions in the rulebook's words (``describe``), read from the state
BEFORE the action is applied: the seat, the decision pending (DEC and the pending effect)
and what the action concretely does there, e.g. ``"seat 0 places an Agent on Coldharbor
Homesteads slot 1 (pay 7 Reputation to have the other players give you Influence or move
down their Defense Track)"``.

Pure Python over the state row; never raises (an unexpected state falls back to the
generic ``describe_action`` name).
"""
from simcore.darkness import layout as L
from simcore.darkness.effects import card_damage, spy_bonus
from simcore.darkness.locations import location_name

COLOURS = ("green", "red", "white", "purple", "black")

#: contact / threat names of the Coldharbor kinds (rulebook); others are named by location
CONTACT = {
    L.K_CITADEL: "Councillor to the Viceroy", L.K_BARRACKS: "Winter Champion",
    L.K_NORTHSTONE: "Students of Northstone", L.K_CHASM: "Spy", L.K_MUD: "Gang Boss",
    L.K_BLUFFS: "Smuggler", L.K_MINE: "Master Refiner", L.K_BORDER: "Border Guard",
    L.K_DOCKS: "Dock Master", L.K_HOMESTEADS: "Homestead Hero",
    L.K_COLDHOLLOW: "Coldhollow Traveler", L.K_SHOREHOLLOW: "Shorehollow Priestess",
}
THREAT = {
    L.K_CITADEL: "Banished Envoy", L.K_BARRACKS: "Storm Spawn",
    L.K_NORTHSTONE: "Corrupting Mentor", L.K_CHASM: "Spy", L.K_MUD: "Slum Prowler",
    L.K_BLUFFS: "The Ferryman", L.K_MINE: "Cursed Beggar", L.K_BORDER: "Ice Troll",
    L.K_DOCKS: "Devil's Maw", L.K_HOMESTEADS: "Exiled Raiders",
    L.K_COLDHOLLOW: "Children of the Ice Hills", L.K_SHOREHOLLOW: "Salt Spawn",
}
DOCKS_SLOTS = (
    "pay 7 Coins to claim Allegiance of a Neutral card in your hand",
    "pay 5 Coins to train an Agent",
    "pay 5 Coins to hunt threats",
    "pay 3 Coins to gain 2 Battle Strength",
    "pay 2 Coins to draw a card",
    "exchange Coins for Reputation or Reputation for Coins",
)
HOME_SLOTS = (
    ("pay 7 Reputation to have the other players give you Influence or move down their "
    "Defense Track"),
    "pay 4 Reputation to hunt threats",
    "pay 3 Reputation to gain 2 Battle Strength",
    "pay 2 Reputation to gain 3 Coins",
    "pay 1 Reputation to gain Influence",
    "gain {bs} Battle Strength",
)
#: kinds whose contact is "either or both" (modes 0, 1, 2 = both)
BOTH = (L.K_BARRACKS, L.K_MINE, L.K_BATTLE, L.K_BORDER, L.K_DOCKS, L.K_WAR_COUNCIL)


def _i(x) -> int:
    return int(x)


def _n(k: int, word: str) -> str:
    """``"1 Agent"``, ``"3 Agents"``."""
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def card_name(c: int) -> str:
    c = int(c)
    if c < 0:
        return "no card"
    if c < L.NSTARTER:
        return f"seat {c // 4}'s Guild Starter {c % 4 + 1}"
    if c < L.PATRICIAN0:
        return f"Citizen {c - L.CITIZEN0 + 1}"
    return f"Patrician {c - L.PATRICIAN0 + 1}"


def _loc(state, loc: int) -> str:
    return location_name(_i(state[L.LOCNUM + loc]))


def _kind(state, loc: int) -> int:
    return _i(state[L.LOCKIND + loc])


def contact_name(state, loc: int) -> str:
    return CONTACT.get(_kind(state, loc), f"the {_loc(state, loc)} contact")


def threat_name(state, loc: int) -> str:
    return THREAT.get(_kind(state, loc), f"the {_loc(state, loc)} threat")


def card_text(state, c: int) -> str:
    """``"Citizen 3 [Gang Boss / Ice Troll]"``: the card and the advancements sleeved in it."""
    c = int(c)
    if c < 0:
        return "no card"
    parts = []
    for off in (L.C_MID, L.C_BOT):
        loc = _i(state[off + c])
        if loc >= 0:
            parts.append(f"{contact_name(state, loc)}/{threat_name(state, loc)}")
    o = _i(state[L.C_OWNER + c])
    own = "" if c < L.NSTARTER or o < 0 else f" (Allegiance: seat {o})"
    return card_name(c) + own + (f" [{'; '.join(parts)}]" if parts else "")


def stack_text(state, s: int) -> str:
    loc = s >> 1
    where = "middle" if s & 1 == 0 else "bottom"
    return (f"a {where} advancement of {_loc(state, loc)} "
            f"({contact_name(state, loc)} / {threat_name(state, loc)})")


def top_text(params, c: int) -> str:
    e = _i(params[L.P_TOP_EFF + c])
    a = _i(params[L.P_TOP_A + c])
    b = _i(params[L.P_TOP_B + c])
    if e == L.E_COINS:
        return f"gain {_n(a, 'Coin')}"
    if e == L.E_REP:
        return f"gain {a} Reputation"
    if e == L.E_BS:
        return f"gain {a} Battle Strength"
    if e == L.E_INFL:
        return f"gain {a} Influence"
    if e == L.E_TRAIN:
        return f"pay {_n(a, 'Coin')} to train an Agent"
    if e == L.E_BUY_REP:
        return f"pay {_n(a, 'Coin')} to gain {b} Reputation"
    return "no effect"


def effects(state, params, loc: int) -> tuple:
    """The contact's effect(s) in the rulebook's words: (first,) or (first, second)."""
    k = _kind(state, loc)
    A = _i(params[L.P_CA + k])
    B = _i(params[L.P_CB + k])
    C = _i(params[L.P_CC + k])
    here = _loc(state, loc)
    if k == L.K_CITADEL:
        return ((f"pay {A} Coins to claim Allegiance of a Neutral card in the tower or in your "
                f"hand, gain {C} Influence and {B} Coins"),)
    if k == L.K_BARRACKS or k == L.K_WAR_COUNCIL:
        n_out, n_back = (B, A) if k == L.K_BARRACKS else (A, B)
        return (f"dispatch {_n(n_out, 'Agent')} to {here}",
                f"return {_n(n_back, 'Agent')} to hunt threats")
    if k == L.K_NORTHSTONE or k == L.K_AGENTS:
        up = "up to " if k == L.K_NORTHSTONE else ""
        return (f"dispatch {up}{_n(A, 'Agent')} to {here}",
                f"return {_n(B, 'Agent')} from {here} to train an Agent")
    if k == L.K_CHASM:
        return (f"pay {A} Coins to discard a card in the tower and put this card there",)
    if k == L.K_MUD:
        return (f"dispatch up to {_n(A, 'Agent')} to {here}",
                f"return 1 Agent from {here} to gain {B} Battle Strength")
    if k == L.K_BLUFFS:
        g = _i(state[L.BLUFF]) // 2
        return (f"gain half the Coins on {here} ({g} of {_i(state[L.BLUFF])})",)
    if k == L.K_MINE:
        return (f"dispatch an Agent to {here}",
                f"return Agents from {here} for the Coins under them")
    if k == L.K_BATTLE:
        return (f"dispatch {_n(A, 'Agent')} to {here}",
                f"return 1 Agent from {here} to gain {B} Battle Strength and hunt threats")
    if k == L.K_BORDER:
        return (f"dispatch an Agent to {here}",
                f"move a cube from the tower or a Threat Zone onto {here}")
    if k == L.K_DOCKS:
        return (f"gain {_n(A, 'Coin')}", f"return an Agent from {here}")
    if k == L.K_HOMESTEADS:
        return (f"all players return their Agents from {here}, and gain {A} Battle Strength",)
    if k in (L.K_WATCHTOWER, L.K_CITY_WATCH, L.K_MILLHOLLOW, L.K_DEFENCE):
        return (f"dispatch {_n(A, 'Agent')} to {here}",)
    if k == L.K_GRAND_LIBRARY:
        return ("exchange Coins for Reputation",)
    if k == L.K_FORGE:
        return (f"gain {_n(A, 'Coin')}", f"gain {B} Battle Strength")
    if k == L.K_CAPITAL_HALL:
        return (f"dispatch {_n(C, 'Agent')} to {here}",
                (f"return {_n(A, 'Agent')} and pay {B} Coins to claim Allegiance of a Neutral "
                "card in your hand"))
    if k == L.K_ECONOMY:
        return (f"gain {_n(A, 'Coin')}",)
    if k == L.K_CARDS:
        return (f"draw {_n(A, 'card')}",)
    return ("no effect to use",)


def mode_text(state, params, loc: int, mode: int) -> str:
    ef = effects(state, params, loc)
    if mode == 2 and len(ef) == 2:
        return f"{ef[0]} and {ef[1]}"
    return ef[min(mode, len(ef) - 1)]


def reward_text(state, params, code: int, amount: int) -> str:
    if code == L.R_INFL:
        return f"gain {amount} Influence"
    if code == L.R_REP:
        return f"gain {amount} Reputation"
    if code == L.R_COINS:
        return f"gain {_n(amount, 'Coin')}"
    if code == L.R_TRAIN:
        return f"train {_n(amount, 'Agent')}"
    if code == L.R_DISPATCH:
        return f"dispatch {_n(amount, 'Agent')} to a location of your choice"
    return "no reward"


def _hand(state, p: int, h: int) -> int:
    return _i(state[L.HAND + p * L.MAX_HAND + h])


def _tray(t: int) -> str:
    return f"tray {t + 1}"


def contact_target(state, params, p: int, a: int) -> str:
    loc = _i(state[L.PE_LOC])
    k = _kind(state, loc)
    mode = _i(state[L.PE_MODE])
    o = a - L.A_OPT
    name = contact_name(state, loc)
    if k == L.K_CITADEL:
        c = _hand(state, p, o) if o < 8 else _i(state[L.TRAY_CARD + o - 8])
        where = "in hand" if o < 8 else f"in {_tray(o - 8)}"
        return (f"pays {_i(params[L.P_CA + k])} Coins ({name}) to claim Allegiance of "
                f"{card_text(state, c)} {where}")
    if k in (L.K_NORTHSTONE, L.K_MUD) and mode == 0:
        return f"dispatches {_n(o + 1, 'Agent')} to {_loc(state, loc)} ({name})"
    if k == L.K_CHASM:
        old = _i(state[L.TRAY_CARD + o])
        return (f"pays {_i(params[L.P_CA + k])} Coins ({name}) to discard "
                f"{card_text(state, old)} from {_tray(o)} and put "
                f"{card_text(state, _i(state[L.PE_CARD]))} there")
    if k == L.K_MINE:
        return f"returns {_n(o + 1, 'Agent')} from {_loc(state, loc)} ({name}), richest first"
    if k == L.K_BORDER:
        src, col = divmod(o, L.NCOL)
        where = _tray(src) if src < L.NTRAY else f"seat {src - L.NTRAY}'s Threat Zone"
        return (f"moves a {COLOURS[col]} cube from {where} onto {_loc(state, loc)} "
                f"({name})")
    if k == L.K_GRAND_LIBRARY:
        pay, gain = ((4, 2), (10, 4), (15, 6))[o]
        return f"pays {pay} Coins for {gain} Reputation ({name})"
    if k == L.K_CAPITAL_HALL:
        return (f"claims Allegiance of {card_text(state, _hand(state, p, o))} ({name}: return "
                f"{_i(params[L.P_CA + k])} Agents, pay {_i(params[L.P_CB + k])} Coins)")
    return f"chooses option {o} for {name}"


def slot_text(state, params, docks: bool, s: int) -> str:
    where = "Coldharbor Docks" if docks else "Coldharbor Homesteads"
    what = DOCKS_SLOTS[s] if docks else HOME_SLOTS[s].format(bs=_i(params[L.P_HOME_BS]))
    return f"places an Agent on {where} slot {s + 1} ({what})"


def slot_target(state, params, p: int, docks: bool, a: int) -> str:
    s = _i(state[L.PE_ARG])
    o = a - L.A_OPT
    if docks and s == 0:
        return (f"pays 7 Coins (Coldharbor Docks slot 1) to claim Allegiance of "
                f"{card_text(state, _hand(state, p, o))}")
    if docks and s == 5:
        rate = _i(params[L.P_DOCK_RATE])
        if o < 10:
            return (f"exchanges {(o + 1) * rate} Coins for {o + 1} Reputation "
                    "(Coldharbor Docks slot 6)")
        return (f"exchanges {o - 9} Reputation for {(o - 9) * rate} Coins "
                "(Coldharbor Docks slot 6)")
    return f"chooses option {o} for slot {s + 1}"


def shore_text(state, params, p: int, a: int) -> str:
    step = _i(state[L.PE_STEP])
    o = a - L.A_OPT
    if step == 1:
        return f"takes {stack_text(state, o)} to sleeve on a Street card (Shorehollow Isle)"
    if step == 2:
        s = _i(state[L.PE_ARG])
        return (f"sleeves {stack_text(state, s)} onto Street card {o + 1}, "
                f"{card_text(state, _i(state[L.STREET + o]))} (Shorehollow Isle)")
    c = _hand(state, p, o) if o < 8 else _i(state[L.STREET + o - 8])
    where = "in hand" if o < 8 else f"in the Street (position {o - 7})"
    return (f"returns {_i(params[L.P_CA + L.K_SHOREHOLLOW])} Agents from Shorehollow Isle to "
            f"claim Allegiance of {card_text(state, c)} {where}")


def use_text(state, params, p: int, c: int, s: int) -> str:
    fee = ""
    o = _i(state[L.C_OWNER + c])
    if 0 <= o < _i(params[L.P_NUM_PLAYERS]) and o != p:
        fee = f" (pays 1 Coin to seat {o})"
    if s == 0:
        return f"uses the top effect of {card_text(state, c)}: {top_text(params, c)}{fee}"
    loc = _i(state[(L.C_MID if s == 1 else L.C_BOT) + c])
    return (f"resolves {contact_name(state, loc)} ({'middle' if s == 1 else 'bottom'}) of "
            f"{card_text(state, c)}{fee}")


def _main(state, params, p: int, a: int) -> str:
    if a == L.A_PASS:
        return "ends step 3 (uses no more effects or abilities this turn)"
    if L.A_USE <= a < L.A_BT:
        h, s = divmod(a - L.A_USE, 3)
        return use_text(state, params, p, _hand(state, p, h), s)
    if a == L.A_BT:
        return "dispatches an Agent to Border Towers (location ability)"
    if a == L.A_NORTH:
        return "moves an Agent from another location to Northstone Academy"
    if a == L.A_DOCKS:
        return "dispatches Agents to Coldharbor Docks"
    if a == L.A_HOME:
        return "dispatches Agents to Coldharbor Homesteads"
    if a == L.A_HUNT:
        bs = _i(state[L.BS + p]) + _i(spy_bonus(state, params, p)) - _i(state[L.HSPENT + p])
        return f"hunts threats ({bs} Battle Strength)"
    if a == L.A_STREET:
        return "discards 2 cards to use one effect of a card in the Street (step 4)"
    return L.describe_action(a)


def _hunt(state, params, p: int, a: int) -> str:
    if a == L.A_PASS:
        return "ends the hunt"
    t = a - L.A_OPT
    c = _i(state[L.TRAY_CARD + t])
    d = _i(card_damage(state, params, c, -1, p))
    return f"defeats {card_text(state, c)} in {_tray(t)} ({d} Damage)"


def _hunt_threat_loc(state) -> int:
    th = _i(state[L.HU_THREAT])
    c = _i(state[L.HU_CARD])
    return _i(state[(L.C_MID if th == 1 else L.C_BOT) + c])


def _reward(state, params, a: int) -> str:
    loc = _hunt_threat_loc(state)
    k = _kind(state, loc)
    w = a - L.A_OPT
    code = _i(params[(L.P_REW1 if w == 0 else L.P_REW2) + k])
    am = _i(params[(L.P_REW1_A if w == 0 else L.P_REW2_A) + k])
    return f"takes the reward of {threat_name(state, loc)}: {reward_text(state, params, code, am)}"


def _defend(state, params, q: int, a: int) -> str:
    c = _i(state[L.AT_CARD])
    dmg = _i(state[L.AT_DMG])
    att = f"{card_text(state, c)} ({dmg} Damage left)"
    if a == L.A_PASS:
        return f"takes the attack of {att}: moves down the Defense Track"
    o = a - L.A_OPT
    if o == 0:
        return f"returns an Agent from Border Towers: -1 Damage against {att}"
    if o == 1:
        return f"removes one of its cubes from Border Towers: -1 Damage against {att}"
    if o == 2:
        cost = _i(params[L.P_CB + L.K_MINE])
        return f"pays {cost} Coins (Cursed Beggar) to reduce {att} to 0 Damage"
    red = _i(params[L.P_CB + L.K_WATCHTOWER])
    return f"returns an Agent from the Watchtower: -{red} Damage against {att}"


def _target(state, params, p: int, a: int) -> str:
    if _i(state[L.DS_SHORE]) > 0:
        return shore_text(state, params, p, a)
    pk = _i(state[L.PE_KIND])
    if pk == L.PK_DOCKS or pk == L.PK_HOME:
        docks = pk == L.PK_DOCKS
        if _i(state[L.PE_STEP]) == 0:
            if a == L.A_PASS:
                where = "Coldharbor Docks" if docks else "Coldharbor Homesteads"
                return f"stops dispatching Agents to {where}"
            return slot_text(state, params, docks, a - L.A_OPT)
        return slot_target(state, params, p, docks, a)
    if pk == L.PK_CONTACT:
        return contact_target(state, params, p, a)
    if pk == L.PK_NORTH:
        return f"moves an Agent from {_loc(state, a - L.A_OPT)} to Northstone Academy"
    if pk == L.PK_HUNT:
        loc = _hunt_threat_loc(state)
        k = _kind(state, loc)
        mode = _i(state[L.PE_MODE])
        w = 0 if mode & 1 else 1
        am = _i(params[(L.P_REW1_A if w == 0 else L.P_REW2_A) + k])
        return (f"dispatches {_n(am, 'Agent')} to {_loc(state, a - L.A_OPT)} "
                f"({threat_name(state, loc)} reward)")
    if pk == L.PK_STREET:
        if a == L.A_PASS:
            return "uses no Street card effect"
        i, s = divmod(a - L.A_OPT, 3)
        c = _i(state[L.STREET + i])
        return f"(Street ability) {use_text(state, params, p, c, s)} in Street position {i + 1}"
    return L.describe_action(a)


def _describe(state, params, action: int) -> str:
    a = int(action)
    p = _i(state[L.CUR])
    dec = _i(state[L.DEC])
    o = a - L.A_OPT
    if dec == L.D_PRO_PICK:
        return f"takes {stack_text(state, o)} in the Prologue"
    if dec == L.D_PRO_CARD:
        s = _i(state[L.PRO_STACK])
        return (f"sleeves {stack_text(state, s)} onto {card_text(state, p * 4 + o)} "
                "(Prologue)")
    if dec == L.D_PRO_USE:
        loc = _i(state[L.PE_LOC])
        if a == L.A_PASS:
            return f"does not use {contact_name(state, loc)} (Prologue)"
        return (f"resolves {contact_name(state, loc)} in the Prologue: "
                f"{mode_text(state, params, loc, o)}")
    if dec == L.D_HALL:
        return f"keeps {card_text(state, p * 4 + o)} in its Guild Hall for round 1"
    if dec == L.D_BARRACKS:
        if a == L.A_PASS:
            return "does not dispatch an Agent to Coldharbor Barracks (start of round)"
        return "dispatches an Agent to Coldharbor Barracks (start of round)"
    if dec == L.D_DRAFT:
        m = sum(1 for i in range(L.NSTREET) if _i(state[L.STREET + i]) >= 0)
        if o >= L.NSTREET:
            return (f"skips the whole Street ({m} Influence, 1 on each card) to draft the "
                    "top card of the deck")
        c = _i(state[L.STREET + o])
        gw = _i(state[L.STREET_INF + o])
        bonus = f", taking its {gw} Influence as Goodwill" if gw else ""
        if o == 0:
            return f"drafts the rightmost Street card, {card_text(state, c)}{bonus}"
        return (f"skips {_n(o, 'Street card')} ({o} Influence, 1 on each) to draft "
                f"{card_text(state, c)} (Street position {o + 1}){bonus}")
    if dec == L.D_SLEEVE:
        if a == L.A_PASS:
            return "does not sleeve an advancement this turn"
        return f"sleeves {stack_text(state, o)}"
    if dec == L.D_SLEEVE_CARD:
        s = _i(state[L.PRO_STACK])
        return f"sleeves {stack_text(state, s)} onto {card_text(state, _hand(state, p, o))}"
    if dec == L.D_MAIN:
        return _main(state, params, p, a)
    if dec == L.D_MODE:
        loc = _i(state[L.PE_LOC])
        return f"resolves {contact_name(state, loc)}: {mode_text(state, params, loc, o)}"
    if dec == L.D_TARGET:
        return _target(state, params, p, a)
    if dec == L.D_HUNT:
        return _hunt(state, params, p, a)
    if dec == L.D_REWARD:
        return _reward(state, params, a)
    if dec == L.D_DEFEND:
        return _defend(state, params, p, a)
    if dec == L.D_CUBE:
        t = _i(state[L.AT_TRAY] if _i(state[L.STAGE]) == L.S_ATTACKS else state[L.HU_TRAY])
        if a == L.A_PASS:
            return "takes no cube (Coldhollow, Northmost Town)"
        return f"takes a {COLOURS[o]} cube from {_tray(t)} (Coldhollow, Northmost Town)"
    if dec == L.D_TRAVELER:
        c = _hand(state, p, 0)
        if a == L.A_PASS:
            return f"discards {card_text(state, c)} to the Discard pile"
        return f"puts {card_text(state, c)} on the bottom of the deck (Coldhollow Traveler)"
    if dec == L.D_SHORE:
        n = _i(params[L.P_CA + L.K_SHOREHOLLOW])
        return ("gains 2 Coins (Shorehollow Isle)",
                "sleeves an advancement on a card in the Street (Shorehollow Isle)",
                (f"returns {n} Agents from Shorehollow Isle to claim Allegiance of another "
                "player's card"))[o] if a != L.A_PASS else "takes no Shorehollow Isle reward"
    if dec == L.D_STREET_DISC:
        return (f"discards {card_text(state, _hand(state, p, o))} for the Street ability "
                f"({_i(state[L.PE_CNT]) + 1} of 2)")
    return L.describe_action(a)


def describe(state, params, action: int) -> str:
    """The action in the rulebook's words, read from ``state`` before it is applied:
    ``"seat 1 skips 2 Street cards (2 Influence, 1 on each) to draft Citizen 4 ..."``."""
    try:
        p = int(state[L.CUR])
        text = _describe(state, params, action)
    except Exception:  # noqa: BLE001  a describe must never break a replay: fall back to the action's name
        try:
            return f"seat {int(state[L.CUR])} {L.describe_action(int(action))}"
        except Exception:  # noqa: BLE001
            return f"action {int(action)}"
    return f"seat {p} {text}"
