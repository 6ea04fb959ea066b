"""Court of the Dead: Dark Harvest actions in the rulebook's words (``describe``).

Reads the state BEFORE the action is applied: the pending decision (``DEC``), the seat
asked (``CUR``), the Court card or Favor the decision is for (``DEC_EFF``/``DEC_SLOT``)
and the cards turned up this round.  Every legal action gets a text; an action the
engine would not offer still gets the generic name of :func:`simcore.court.describe_action`.
"""
from __future__ import annotations

from simcore.court import layout as L
from simcore.court.actions import decode_bid_py

FACTION_NAMES = ("Flesh", "Spirit", "Bone", "United")

_CARD_NAMES = (
    "Cleopsis", "Poxxil", "Gallevarbe", "Exraile", "Gethsemoni", "Odium",
    "an unnamed Flesh card", "Ellianastis", "Ghetis", "Socopherie", "Oglaveil",
    "an unnamed Spirit card (1)", "an unnamed Spirit card (2)", "an unnamed Spirit card (3)",
    "Demithyle", "Mortighull", "the Council of Osteomancy", "Shieve",
    "an unnamed Bone card (1)", "an unnamed Bone card (2)", "an unnamed Bone card (3)",
    "Mortis Knighthood", "Death", "Malavestros",
)
assert len(_CARD_NAMES) == L.NUM_CARDS


def card_name(c: int) -> str:
    """The Court card ``c`` as printed (unnamed cards by their faction)."""
    return _CARD_NAMES[c] if 0 <= c < L.NUM_CARDS else f"card {c}"


def _slot_card(state, slot: int) -> str:
    """The card a Court slot runs: ``"Odium"``, or ``"Socopherie (as Odium)"`` when copied."""
    if not 0 <= slot < L.NUM_FACTIONS:
        return "a Court card"
    shown = int(state[L.REVEALED + slot])
    runs = int(state[L.SLOT_EFF + slot])
    if shown < 0:
        return f"the {FACTION_NAMES[slot]} card"
    if runs >= 0 and runs != shown:
        return f"{card_name(shown)} (as {card_name(runs)})"
    return card_name(shown)


def _amount(params, state, slot: int) -> int:
    """The ``a`` amount of the card a slot runs."""
    if not 0 <= slot < L.NUM_FACTIONS:
        return 0
    c = int(state[L.SLOT_EFF + slot])
    if c < 0:
        c = int(state[L.REVEALED + slot])
    return int(params[L.P_CARD_A + c]) if 0 <= c < L.NUM_CARDS else 0


def _souls(k: int) -> str:
    return f"{k} soul" + ("" if k == 1 else "s")


def _tie_what(state, params) -> str:
    """What the pending Bone Favor tie-break is about."""
    stage = int(state[L.STAGE])
    slot = int(state[L.DEC_SLOT])
    eff = int(state[L.DEC_EFF])
    if stage == L.S_WINNERS and 0 <= slot < L.NUM_FACTIONS:
        return f"the tied bids on {card_name(int(state[L.REVEALED + slot]))} " \
               f"({FACTION_NAMES[slot]})"
    if stage == L.S_RESOLVE and eff == L.E_RICHEST_LOSE:
        return f"the tie for most souls ({_slot_card(state, slot)})"
    if stage == L.S_RESOLVE and eff == L.E_DEATH:
        side = "most" if int(state[L.SUB2]) == 1 else "fewest"
        return f"the tie for {side} souls ({_slot_card(state, slot)})"
    if stage == L.S_RESULT:
        side = "most" if int(state[L.OUTCOME]) == 1 else "fewest"
        return f"the tie for {side} souls offered"
    if stage == L.S_FINAL:
        return "the tie for most souls at the end of the game"
    return "a tie"


def _adjust_text(state, d: int, who: str, seat: int, a: int) -> str | None:
    """A Flesh Favor (bid) or Spirit Favor (Offering) adjustment by -1, 0 or +1."""
    if not L.ADJ_BASE <= a < L.OPT_BASE:
        return None
    delta = a - L.ADJ_BASE - 1
    if d == L.D_FLESH_ADJ:
        now = int(state[L.BID_A + seat])
        what, unit = "bid", "Influence"
        fav = "Flesh"
    else:
        now = int(state[L.OFFER + seat])
        what, unit = "Offering", "soul"
        fav = "Spirit"
    if delta == 0:
        return f"{who} leaves the {fav} Favor unused (keeps its {what} of {now})"
    verb = "adds" if delta > 0 else "subtracts"
    prep = "to" if delta > 0 else "from"
    return f"{who} uses the {fav} Favor: {verb} 1 {unit} {prep} its {what} " \
           f"({now} -> {now + delta})"


def _target_text(state, params, who: str, seat: int, a: int) -> str | None:
    """A won card's power aimed at a seat (or not used)."""
    slot = int(state[L.DEC_SLOT])
    eff = int(state[L.DEC_EFF])
    card = _slot_card(state, slot)
    if a == L.A_DECLINE:
        return f"{who} does not use {card}"
    if not L.OPT_BASE <= a < L.A_DECLINE:
        return None
    t = a - L.OPT_BASE
    n = _amount(params, state, slot)
    if eff == L.E_TARGET_LOSE:
        lose = min(n, int(state[L.SOULS + t]))
        return f"{who} has {card} make seat {t} lose {_souls(n)} (loses {lose})"
    if eff == L.E_STEAL:
        lose = min(n, int(state[L.SOULS + t]))
        return f"{who} has {card} take {_souls(n)} from seat {t} (gets {lose})"
    if eff == L.E_EXPOSE:
        return f"{who} has {card} take away seat {t}'s screen " \
               "(it offers first, in public)"
    if eff == L.E_RAISE_OFFER:
        return f"{who} has {card} raise seat {t}'s Offering to {n} " \
               f"(offered {int(state[L.OFFER + t])})"
    if eff == L.E_SWAP:
        return f"{who} has {card} swap Offerings with seat {t} " \
               f"({int(state[L.OFFER + seat])} <-> {int(state[L.OFFER + t])})"
    return f"{who} targets seat {t} with {card}"


def _yes_no_text(state, who: str, a: int) -> str | None:
    """Ghetis or Cleopsis failing the Harvest, Demithyle saving it (or not)."""
    if a not in (L.A_DECLINE, L.A_YES):
        return None
    card = _slot_card(state, int(state[L.DEC_SLOT]))
    eff = int(state[L.DEC_EFF])
    yes = a == L.A_YES
    if eff == L.E_SUCCEED_AT_END:
        return f"{who} has {card} declare the Harvest a success" if yes else \
            f"{who} lets the Harvest fail ({card} unused)"
    if eff == L.E_FAIL_AT_REVEAL:
        return f"{who} has {card} force the Harvest to fail" if yes else \
            f"{who} lets the Harvest stand ({card} unused)"
    if eff == L.E_FAIL_AT_END:
        return f"{who} has {card} declare the Harvest a failure" if yes else \
            f"{who} lets the Harvest succeed ({card} unused)"
    return None


def _describe(state, params, a: int) -> str | None:
    from simcore.court import describe_action

    seat = int(state[L.CUR])
    who = f"seat {seat}"
    d = int(state[L.DEC])
    slot = int(state[L.DEC_SLOT])
    text = None
    if d == L.D_BID and 0 <= a < L.AMT_BASE:
        f, k = decode_bid_py(a)
        c = int(state[L.REVEALED + f]) if f < L.NUM_FACTIONS else -1
        on = f" for {card_name(c)}" if c >= 0 else ""
        return f"{who} bids {k} Influence on the {FACTION_NAMES[f]} faction{on}" \
               f" (holds {int(state[L.INFL + seat])})"
    if d == L.D_OFFER and L.AMT_BASE <= a < L.SMALL_BASE:
        k = a - L.AMT_BASE
        how = " in public, without a screen" if (int(state[L.EXPOSED_MASK]) >> seat) & 1 \
            else ""
        return f"{who} offers {_souls(k)} to the Harvest{how} " \
               f"(threshold {int(state[L.THRESH])}, {int(state[L.SOULS + seat])} behind the screen)"
    if d in (L.D_FLESH_ADJ, L.D_SPIRIT_ADJ):
        text = _adjust_text(state, d, who, seat, a)
    elif d == L.D_TIE:
        what = _tie_what(state, params)
        if a == L.A_DECLINE:
            return f"{who} lets {what} stand (Bone Favor unused)"
        if L.OPT_BASE <= a < L.A_DECLINE:
            return f"{who} uses the Bone Favor to break {what} in favour of seat {a - L.OPT_BASE}"
    elif d == L.D_COPY and L.OPT_BASE <= a < L.OPT_BASE + L.NUM_FACTIONS:
        k = a - L.OPT_BASE
        return f"{who} has Socopherie copy {card_name(int(state[L.REVEALED + k]))} " \
               f"(the {FACTION_NAMES[k]} card)"
    elif d == L.D_FAVOR:
        card = _slot_card(state, slot)
        if a == L.A_DECLINE:
            return f"{who} takes no Faction Favor with the United card {card}"
        if L.OPT_BASE <= a < L.OPT_BASE + L.NUM_FACTIONS:
            return f"{who} takes the {FACTION_NAMES[a - L.OPT_BASE]} Favor " \
                   f"(United card {card})"
    elif d == L.D_TARGET:
        text = _target_text(state, params, who, seat, a)
    elif d == L.D_AMOUNT and L.AMT_BASE <= a < L.SMALL_BASE:
        k = a - L.AMT_BASE
        card = _slot_card(state, slot)
        if int(state[L.DEC_EFF]) == L.E_ADD_OWN:
            return f"{who} adds {_souls(k)} from behind the screen to its Offering ({card})"
        return f"{who} stakes {_souls(k)} on {card}"
    elif d == L.D_YESNO:
        text = _yes_no_text(state, who, a)
    return text or f"{who}: {describe_action(a)}"


def describe(state, params, action: int) -> str:
    """``action`` in the rulebook's words, e.g. ``"seat 2 bids 3 Influence on the Bone
    faction for Demithyle (holds 4)"``; read from ``state`` before the action is applied."""
    a = int(action)
    try:
        text = _describe(state, params, a)
    except (IndexError, ValueError, TypeError):  # a state no game reaches: still words
        text = None
    return text or f"seat {int(state[L.CUR])}: action {a}"
