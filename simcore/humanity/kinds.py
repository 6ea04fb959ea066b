"""Edge of Humanity action kinds (SPEC.action_kinds), for decision counts.

The kind is read from the task waiting for the decision (the top of ``TASKS``) and the
action::

    0  play an Action card      Action phase: an Action card from hand
    1  construct a Building     Action phase: a Building into the Colony, or more Supplies
                                on a partial one
    2  use a Survivor ability   Action phase: a Colony Survivor's once-per-round ability
    3  discard cards            Action phase: the discard action
    4  end the turn             Action phase: no further action
    5  place a card             a card from hand put to a use already chosen: Supplies under
                                a Building or paid for a recruit, cards discarded or trashed
                                by an effect or the discard action
    6  choose an Event option   Event phase (Scenarios 1, 2, stories)
    7  bid on an Event          Event phase commodity bid (Life or Bullets, Scenario 3)
    8  bid a card               Trade phase: a card from hand added to the bid
    9  take a Trade pile        Trade phase: the pile a valid bidder takes
    10 recruit a Survivor       Recruit phase (or Heroic Act)
    11 rescue a Survivor        from the Survivor Row (empty Draw deck, or a card effect)
    12 fire a Weapon            for an Action card's Bullet effect
    13 reload Weapons           Cleanup: a Supply card discarded to reload
    14 pick a target            a card effect's choice of Trade pile, Building or player
    15 pass                     done / no: stop placing cards, close a Trade bid, recruit or
                                reload nothing, do not fire, do not rob
"""
from numba import njit

from simcore.humanity.layout import (
    A_DISCARD, A_DONE, A_YES, COL_BASE, E_DISCARD, E_DISCARD_SUPPLY, E_DRAW, E_FINISH,
    E_HEROIC, E_PAY, E_RESCUE, E_ROBBERY, E_STRIKE, E_TRADE_ANY, E_TRADE_SUPPLY, E_TRASH,
    KF_TYPE, KF_N, OPT_BASE, P_CARDS, S_COL_KIND, S_HAND, SEAT0, SEAT_SZ, T_BID, T_BUILD,
    T_DISCARD_ACT, T_EBID, T_EVENT, T_FIRE_OPT, T_MENU, T_PICK, T_RECRUIT, T_RECRUIT_PAY,
    T_RELOAD, TASKS, TK_N, TY_BUILDING,
)

ACTION_KINDS = ("play an Action card", "construct a Building", "use a Survivor ability",
                "discard cards", "end the turn", "place a card", "choose an Event option",
                "bid on an Event", "bid a card", "take a Trade pile", "recruit a Survivor",
                "rescue a Survivor", "fire a Weapon", "reload Weapons", "pick a target", "pass")
K_PLAY = 0
K_BUILD = 1
K_ABILITY = 2
K_DISCARD = 3
K_END_TURN = 4
K_PLACE = 5
K_EVENT = 6
K_EBID = 7
K_BID = 8
K_PILE = 9
K_RECRUIT = 10
K_RESCUE = 11
K_FIRE = 12
K_RELOAD = 13
K_TARGET = 14
K_PASS = 15


@njit(cache=True)
def action_kind(state, params, action):
    """Kind of ``action`` in ``state`` (an index into SPEC.action_kinds); never raises."""
    n = state[TK_N]
    if n <= 0:
        return K_PASS  # no decision pending (game over): never asked by the drivers
    t = TASKS + 4 * (n - 1)
    code = state[t]
    o = SEAT0 + state[t + 2] * SEAT_SZ
    if code == T_MENU:
        if action == A_DONE:
            return K_END_TURN
        if action == A_DISCARD:
            return K_DISCARD
        if action >= COL_BASE:
            k = state[o + S_COL_KIND + action - COL_BASE]
            if params[P_CARDS + k * KF_N + KF_TYPE] == TY_BUILDING:
                return K_BUILD
            return K_ABILITY
        if 0 <= action < OPT_BASE:
            k = state[o + S_HAND + action]
            if params[P_CARDS + k * KF_N + KF_TYPE] == TY_BUILDING:
                return K_BUILD
        return K_PLAY
    if action == A_DONE:
        return K_PASS
    if code == T_BUILD or code == T_DISCARD_ACT or code == T_RECRUIT_PAY or code == E_PAY \
            or code == E_DISCARD or code == E_DISCARD_SUPPLY or code == E_TRASH:
        return K_PLACE
    if code == T_EVENT:
        return K_EVENT
    if code == T_EBID:
        return K_EBID
    if code == T_BID:
        return K_BID
    if code == T_PICK:
        return K_PILE
    if code == T_RECRUIT or code == E_HEROIC:
        return K_RECRUIT
    if code == E_DRAW or code == E_RESCUE:
        return K_RESCUE
    if code == T_FIRE_OPT:
        return K_FIRE if action == A_YES else K_PASS
    if code == T_RELOAD:
        return K_RELOAD
    if code == E_TRADE_SUPPLY or code == E_TRADE_ANY or code == E_FINISH or code == E_ROBBERY \
            or code == E_STRIKE:
        return K_TARGET
    return K_TARGET
