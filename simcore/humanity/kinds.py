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
from simcore.common import row_kernel
from simcore.humanity import layout as L

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


@row_kernel
def action_kind(state, params, action):
    """Kind of ``action`` in ``state`` (an index into SPEC.action_kinds); never raises."""
    n = state[L.TK_N]
    if n <= 0:
        return K_PASS  # no decision pending (game over): never asked by the drivers
    t = L.TASKS + 4 * (n - 1)
    code = state[t]
    o = L.SEAT0 + state[t + 2] * L.SEAT_SZ
    if code == L.T_MENU:
        if action == L.A_DONE:
            return K_END_TURN
        if action == L.A_DISCARD:
            return K_DISCARD
        if action >= L.COL_BASE:
            k = state[o + L.S_COL_KIND + action - L.COL_BASE]
            if params[L.P_CARDS + k * L.KF_N + L.KF_TYPE] == L.TY_BUILDING:
                return K_BUILD
            return K_ABILITY
        if 0 <= action < L.OPT_BASE:
            k = state[o + L.S_HAND + action]
            if params[L.P_CARDS + k * L.KF_N + L.KF_TYPE] == L.TY_BUILDING:
                return K_BUILD
        return K_PLAY
    if action == L.A_DONE:
        return K_PASS
    if code == L.T_BUILD or code == L.T_DISCARD_ACT or code == L.T_RECRUIT_PAY or code == L.E_PAY \
            or code == L.E_DISCARD or code == L.E_DISCARD_SUPPLY or code == L.E_TRASH:
        return K_PLACE
    if code == L.T_EVENT:
        return K_EVENT
    if code == L.T_EBID:
        return K_EBID
    if code == L.T_BID:
        return K_BID
    if code == L.T_PICK:
        return K_PILE
    if code == L.T_RECRUIT or code == L.E_HEROIC:
        return K_RECRUIT
    if code == L.E_DRAW or code == L.E_RESCUE:
        return K_RESCUE
    if code == L.T_FIRE_OPT:
        return K_FIRE if action == L.A_YES else K_PASS
    if code == L.T_RELOAD:
        return K_RELOAD
    if (code == L.E_TRADE_SUPPLY or code == L.E_TRADE_ANY or code == L.E_FINISH
            or code == L.E_ROBBERY or code == L.E_STRIKE):
        return K_TARGET
    return K_TARGET
