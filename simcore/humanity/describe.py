"""Edge of Humanity actions in the rulebook's words (``describe``).

Reads the state BEFORE the action is applied: the task waiting for the decision (the top
of ``TASKS``: code, amount, seat, aux), the seat's hand and Colony, the Trade piles, the
Survivor Row and the current Event.  Card names come from the ``cards.*`` keys of the
default rules.toml (kind ids are in that order), Event names from its ``# ep1: First
Cases`` comments; an id outside them is named by number.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from simcore.humanity import layout as L

_EFFECT_WORDS = {
    "draw": "draw {n}", "actions": "gain {n} actions", "gain-life": "gain {n} Life",
    "lose-life": "lose {n} Life", "gain-sp": "gain {n} SP", "discard": "discard {n} cards",
    "trash": "trash {n} cards", "pay-supplies": "trash {n} Supplies", "loot": "loot {n} cards from the Main deck",
    "take-supply-from-trade": "take {n} Supply card from a Trade pile",
    "take-from-trade": "take {n} card from a Trade pile", "rescue": "rescue {n} Survivor",
    "bullets": "{n} Bullets on each Weapon", "fresh-start": "Draw deck onto the Discard pile",
    "finish-building": "finish a Building missing up to {n}",
    "heroic-recruit": "recruit a Survivor from hand for free",
    "armed-robbery-swap": "swap a card with another player",
    "first-strike-steal": "take a card from another player's Discard pile",
    "hand-size": "Hand Size +{n}", "trade-bonus": "+{n} to a valid Trade bid",
    "recruit-discount": "Recruit costs -{n}", "extra-action": "+{n} action each turn",
    "end-sp": "+{n} SP at the end", "others-lose-life": "every other player loses {n} Life",
    "fire": "fire a Weapon", "discard-supplies": "discard {n} Supply cards",
}


@lru_cache(maxsize=1)
def _names():
    """(card names by kind id, event names by event id) from the default rules.toml."""
    from simcore.humanity import API, _card_keys, _event_keys

    rules = API.rules()
    small = {"and", "of", "the", "a"}
    cards = []
    for key in _card_keys(rules):
        words = key.split("_")
        cards.append(" ".join(w if (i and w in small) else w.capitalize()
                              for i, w in enumerate(words)))
    text = Path(__file__).with_name("rules.toml").read_text()
    titles = dict(re.findall(r"^# ([a-z]+[0-9]+): (.+)$", text, re.M))
    events = [titles.get(k, k) for k in _event_keys(rules)]
    return tuple(cards), tuple(events)


def card_name(k: int) -> str:
    cards = _names()[0]
    return cards[k] if 0 <= k < len(cards) else f"card {k}"


def _source(k: int) -> str:
    """The card whose effect asks (``aux``), or the Event for an Event's effect."""
    return card_name(k) if k >= 0 else "the Event"


def event_name(e: int) -> str:
    events = _names()[1]
    return events[e] if 0 <= e < len(events) else f"Event {e}"


def _kf(params, k, f):
    return int(params[L.P_CARDS + k * L.KF_N + f])


def effect_text(code: int, n: int) -> str:
    from simcore.humanity import EFFECTS

    name = EFFECTS[code] if 0 <= code < len(EFFECTS) else f"effect {code}"
    return _EFFECT_WORDS.get(name, name + " {n}").format(n=n)


def _effects(params, off: int, count: int) -> str:
    """The (code, amount) pairs at params[off:] as words, e.g. ``"draw 2, gain 1 actions"``."""
    parts = []
    for j in range(count):
        c = int(params[off + 2 * j])
        if c != 0:
            parts.append(effect_text(c, int(params[off + 2 * j + 1])))
    return ", ".join(parts) or "no effect"


def _card_effects(params, k: int) -> str:
    return _effects(params, L.P_CARDS + k * L.KF_N + L.KF_E, L.MAX_EFF)


def _hand(state, o: int, i: int) -> int:
    return int(state[o + L.S_HAND + i]) if 0 <= i < int(state[o + L.S_HAND_N]) else -1


def _supplies(params, k: int) -> str:
    v = _kf(params, k, L.KF_SUPPLY)
    return f"{v} Suppl" + ("y" if v == 1 else "ies")


def _pile(state, p: int) -> str:
    n = int(state[L.PILE_N + p])
    cards = [card_name(int(state[L.PILES + p * L.PILE_CAP + i])) for i in range(n)]
    return f"Trade pile {p + 1} (" + (", ".join(cards) if cards else "empty") + ")"


def _row(state, slot: int) -> str:
    k = int(state[L.ROW + slot]) if 0 <= slot < L.ROW_LEN else -1
    unlucky = " with the Unlucky token" if int(state[L.UNLUCKY]) == slot else ""
    return f"{card_name(k)} from Survivor Row slot {slot + 1}{unlucky}"


def _describe(state, params, a: int) -> str | None:
    n = int(state[L.TK_N])
    if n <= 0:
        return None
    t = L.TASKS + 4 * (n - 1)
    code, amt, seat, aux = (int(state[t + i]) for i in range(4))
    o = L.SEAT0 + seat * L.SEAT_SZ
    who = f"seat {seat}"
    hand = _hand(state, o, a) if 0 <= a < L.OPT_BASE else -1
    col = a - L.COL_BASE if L.COL_BASE <= a < L.AMT_BASE else -1
    colk = int(state[o + L.S_COL_KIND + col]) if 0 <= col < int(state[o + L.S_COL_N]) else -1
    opt = a - L.OPT_BASE if L.OPT_BASE <= a < L.COL_BASE else -1

    if code == L.T_MENU:
        return _describe_menu(state, params, o, who, a, hand, col, colk)
    if code == L.T_BUILD:
        name = card_name(int(state[o + L.S_COL_KIND + aux])) if aux >= 0 else "the Building"
        placed = int(state[o + L.S_COL_PLACED + aux]) if aux >= 0 else 0
        cost = _kf(params, int(state[o + L.S_COL_KIND + aux]), L.KF_COST) if aux >= 0 else 0
        if a == L.A_DONE:
            return f"{who} stops placing Supplies on {name} ({placed}/{cost}, left partial)"
        if hand >= 0:
            return f"{who} places {card_name(hand)} ({_supplies(params, hand)}) under {name} " \
                   f"({placed} -> {placed + _kf(params, hand, L.KF_SUPPLY)} of {cost})"
    if code == L.T_DISCARD_ACT:
        if a == L.A_DONE:
            return f"{who} stops discarding ({amt} card{'s' * (amt != 1)} discarded)"
        if hand >= 0:
            return f"{who} discards {card_name(hand)} (discard action)"
    if code == L.T_FIRE_OPT:
        bul = effect_text(_kf(params, aux, L.KF_BE), _kf(params, aux, L.KF_BA))
        if a == L.A_YES:
            return f"{who} fires a Weapon for {card_name(aux)}'s Bullet effect ({bul})"
        return f"{who} does not fire a Weapon for {card_name(aux)} ({bul} unused)"
    if code == L.T_EVENT and opt >= 0:
        ev = int(state[L.EV_CUR])
        off = L.P_EVENTS + ev * L.EF_N + L.EF_OPT + opt * 6
        return f"{who} chooses option {opt + 1} of the Event {event_name(ev)}: " \
               f"{_effects(params, off, L.MAX_EFF)}"
    if code == L.T_EBID and L.AMT_BASE <= a < L.A_DONE:
        ev = int(state[L.EV_CUR])
        cm = int(params[L.P_EVENTS + ev * L.EF_N + L.EF_COMMODITY])
        what = "Life" if cm == L.CM_LIFE else "Bullets"
        return f"{who} secretly bids {a - L.AMT_BASE} {what} on the Event {event_name(ev)}"
    if code == L.T_BID:
        nb = int(state[o + L.S_BID_N])
        if a == L.A_DONE:
            if nb == 0:
                return f"{who} makes no Trade bid"
            return f"{who} closes the Trade bid at {nb} card{'s' * (nb != 1)}"
        if hand >= 0:
            return f"{who} bids {card_name(hand)} (Trade value {_kf(params, hand, L.KF_TRADE)}) " \
                   f"face down for the Trade piles"
    if code == L.T_PICK and opt >= 0:
        return f"{who} takes {_pile(state, opt)} into the Discard pile"
    if code == L.T_RECRUIT:
        if a == L.A_DONE:
            return f"{who} recruits no Survivor"
        if hand >= 0:
            return f"{who} recruits the Survivor {card_name(hand)} into the Colony " \
                   f"(Recruit cost {_kf(params, hand, L.KF_COST)}, {_kf(params, hand, L.KF_SP)} SP)"
    if code == L.T_RECRUIT_PAY and hand >= 0:
        return f"{who} trashes {card_name(hand)} ({_supplies(params, hand)}) for the recruit " \
               f"({amt} left to pay)"
    if code == L.T_RELOAD:
        if a == L.A_DONE:
            return f"{who} does not reload"
        if hand >= 0:
            return f"{who} discards {card_name(hand)} to reload all Weapons"
    return _describe_effect(state, params, code, amt, aux, o, who, a, hand, col, colk, opt)


def _describe_menu(state, params, o, who, a, hand, col, colk):
    """The Action phase menu: end the turn, discard, construct, use an ability, play a card."""
    left = int(state[L.ACTIONS])
    if a == L.A_DONE:
        return f"{who} ends the Action phase turn ({left} action{'s' * (left != 1)} left)"
    if a == L.A_DISCARD:
        return f"{who} takes the discard action ({int(state[o + L.S_HAND_N])} cards in hand)"
    if colk >= 0:
        if _kf(params, colk, L.KF_TYPE) == L.TY_BUILDING:
            placed = int(state[o + L.S_COL_PLACED + col])
            return f"{who} continues constructing {card_name(colk)} " \
                   f"({placed}/{_kf(params, colk, L.KF_COST)} Supplies placed)"
        ab = effect_text(_kf(params, colk, L.KF_ABIL), _kf(params, colk, L.KF_ABIL_AMT))
        how = "as an action" if _kf(params, colk, L.KF_TIMING) == L.TM_ACTION \
            else "once per round"
        return f"{who} uses the Survivor {card_name(colk)}'s ability ({ab}, {how})"
    if hand >= 0:
        if _kf(params, hand, L.KF_TYPE) == L.TY_BUILDING:
            return f"{who} constructs the Building {card_name(hand)} into the Colony " \
                   f"(cost {_kf(params, hand, L.KF_COST)}, {_kf(params, hand, L.KF_SP)} SP)"
        extra = ""
        if _kf(params, hand, L.KF_NEEDS_FIRE):
            extra = ", firing a Weapon"
        life = _kf(params, hand, L.KF_LIFE)
        if life:
            extra += f", {'gain' if life > 0 else 'lose'} {abs(life)} Life"
        return f"{who} plays the Action card {card_name(hand)} " \
               f"({_card_effects(params, hand)}{extra})"
    return None


def _describe_effect(state, params, code, amt, aux, o, who, a, hand, col, colk, opt):
    """The decisions inside card and Event effects (E_*)."""
    if code == L.E_DRAW and opt >= 0:
        return f"{who} rescues {_row(state, opt)} (empty Draw deck)"
    if code == L.E_RESCUE and opt >= 0:
        return f"{who} rescues {_row(state, opt)} (card effect)"
    if code in (L.E_DISCARD, L.E_DISCARD_SUPPLY) and hand >= 0:
        return f"{who} discards {card_name(hand)} ({amt} to discard)"
    if code == L.E_TRASH and hand >= 0:
        return f"{who} trashes {card_name(hand)} ({amt} to trash)"
    if code == L.E_PAY and hand >= 0:
        return f"{who} trashes {card_name(hand)} ({_supplies(params, hand)}; {amt} to pay)"
    if code == L.E_TRADE_SUPPLY and opt >= 0:
        return f"{who} takes the best Supply card from {_pile(state, opt)} into hand"
    if code == L.E_TRADE_ANY and opt >= 0:
        top = int(state[L.PILE_N + opt]) - 1
        newest = card_name(int(state[L.PILES + opt * L.PILE_CAP + top])) if top >= 0 else "nothing"
        return f"{who} takes {newest}, the newest card of {_pile(state, opt)}, into hand"
    if code == L.E_FINISH and colk >= 0:
        placed = int(state[o + L.S_COL_PLACED + col])
        return f"{who} finishes the Building {card_name(colk)} " \
               f"({placed}/{_kf(params, colk, L.KF_COST)} Supplies placed) with {_source(aux)}"
    if code == L.E_HEROIC and hand >= 0:
        return f"{who} recruits the Survivor {card_name(hand)} without Supplies " \
               f"({_source(aux)}, {_kf(params, hand, L.KF_SP)} SP)"
    if code == L.E_ROBBERY:
        if a == L.A_DONE:
            return f"{who} does not swap with {_source(aux)}"
        if opt >= 0:
            return f"{who} takes a random card from seat {opt}'s hand and gives it " \
                   f"{_source(aux)}"
    if code == L.E_STRIKE and opt >= 0:
        return f"{who} takes a random card from seat {opt}'s Discard pile ({_source(aux)})"
    return None


def describe(state, params, action: int) -> str:
    """``action`` in the rulebook's words, e.g. ``"seat 1 plays the Action card Scavenge
    (draw 2)"``; read from ``state`` before the action is applied."""
    from simcore.humanity import describe_action

    a = int(action)
    try:
        text = _describe(state, params, a)
    except (IndexError, ValueError, TypeError, KeyError):  # a state no game reaches
        text = None
    return text or f"seat {int(state[L.CUR])}: {describe_action(a)}"
