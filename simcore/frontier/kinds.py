"""Dark Frontier (solo Tel·lus mission) action kinds (SPEC.action_kinds), for decision counts.

The kind follows the action's verb, the card type played and the phase::

    0  hire a Troop                     Hiring Phase, full cost (gains its Colonization)
    1  hire a Troop at reduced cost     the optional -2 Crystal for a Tel·lus card (no CP)
    2  play a Building                  full cost (enters deactivated)
    3  play a Building at reduced cost
    4  play an Action                   Actions and Reactions (Urgent Repairs)
    5  attach an Equipment             an Equipment to a Troop or an Improvement to the ship
    6  shoot with a card                Ranged Phase: deactivate a card with Ranged
    7  shoot with the Spaceship         Ranged Phase: remove the Crystal Marker
    8  target a Rival card              where a shot goes
    9  target own card                  the Troop an Equipment attaches to, the Building repaired
    10 intercept                        a Rival assault: an activated Troop intercepts
    11 do not intercept
    12 end a phase                      "I do nothing": end the Spaceship, Ranged or Hiring Phase
    13 discard                          Discard Phase: down to the hand limit
"""
from simcore.common import row_kernel
from simcore.frontier import layout as L

ACTION_KINDS = ("hire a Troop", "hire a Troop at reduced cost", "play a Building",
                "play a Building at reduced cost", "play an Action", "attach an Equipment",
                "shoot with a card", "shoot with the Spaceship", "target a Rival card",
                "target own card", "intercept", "do not intercept", "end a phase", "discard")
K_HIRE = 0
K_HIRE_RED = 1
K_BUILD = 2
K_BUILD_RED = 3
K_ACTION = 4
K_EQUIP = 5
K_SHOOT = 6
K_SHIP_SHOOT = 7
K_TARGET_RIVAL = 8
K_TARGET_OWN = 9
K_INTERCEPT = 10
K_NO_INTERCEPT = 11
K_END = 12
K_DISCARD = 13


@row_kernel
def action_kind(state, params, action):
    """Kind of ``action`` in ``state`` (an index into SPEC.action_kinds); never raises."""
    mode = state[L.PEND_MODE]
    if mode == L.PEND_PLAY:
        return K_TARGET_OWN
    if mode == L.PEND_SHOT:
        return K_TARGET_RIVAL
    if action == L.A_END:
        return K_NO_INTERCEPT if state[L.PHASE] == L.PH_INTERCEPT else K_END
    if action < L.A_DISCARD:
        red = action >= L.A_PLAY_RED
        k = action - (L.A_PLAY_RED if red else L.A_PLAY)
        t = params[L.P_CARDS + k * L.CF_N + L.CF_TYPE]
        if t == L.T_TROOP:
            return K_HIRE_RED if red else K_HIRE
        if t == L.T_BUILDING:
            return K_BUILD_RED if red else K_BUILD
        if t == L.T_EQUIPMENT or t == L.T_IMPROVEMENT:
            return K_EQUIP
        return K_ACTION
    if action < L.A_SHIP_SHOOT:
        return K_DISCARD
    if action == L.A_SHIP_SHOOT:
        return K_SHIP_SHOOT
    if action < L.A_TARGET:
        return K_SHOOT
    if state[L.PHASE] == L.PH_INTERCEPT:
        return K_INTERCEPT
    return K_TARGET_RIVAL
