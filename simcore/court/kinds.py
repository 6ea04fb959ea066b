"""Court of the Dead: Dark Harvest action kinds (SPEC.action_kinds), for decision counts.

The kind depends on the pending decision (``DEC``) and, for Favors and card powers, on
whether the seat acts or lets it pass::

    0 bid              a hidden Court bid (any faction, any amount)
    1 offer            a hidden (or, without a screen, public) Harvest Offering
    2 use a Favor      Flesh Favor +-1 on the bid, Spirit Favor +-1 on the Offering,
                       Bone Favor breaks a tie by picking a seat
    3 pass a Favor     the Favor holder leaves the bid/Offering as it is or lets a tie stand
    4 claim a Favor    a United card's winner takes an unclaimed Faction Favor
    5 target a player  a won card's power names a seat (Odium, Oglaveil, Ellianastis,
                       Exraile, Malavestros, ...)
    6 copy a card      Socopherie copies another card turned up this round
    7 stake souls      souls put on Mortis Knighthood or added to the Offering with Shieve
    8 fail the Harvest Ghetis or Cleopsis declares the Harvest a failure
    9 save the Harvest Demithyle declares the Harvest a success
    10 decline a power a won card's optional power (or a United Favor) is not used
"""
from numba import njit

from simcore.court import layout as L

ACTION_KINDS = ("bid", "offer", "use a Favor", "pass a Favor", "claim a Favor",
                "target a player", "copy a card", "stake souls", "fail the Harvest",
                "save the Harvest", "decline a power")
K_BID = 0
K_OFFER = 1
K_USE_FAVOR = 2
K_PASS_FAVOR = 3
K_CLAIM_FAVOR = 4
K_TARGET = 5
K_COPY = 6
K_STAKE = 7
K_FAIL = 8
K_SAVE = 9
K_DECLINE = 10


@njit(cache=True)
def action_kind(state, params, action):
    """Kind of ``action`` in ``state`` (an index into SPEC.action_kinds); never raises."""
    d = state[L.DEC]
    if d == L.D_BID:
        return K_BID
    if d == L.D_OFFER:
        return K_OFFER
    if d == L.D_FLESH_ADJ or d == L.D_SPIRIT_ADJ:
        return K_PASS_FAVOR if action == L.ADJ_BASE + 1 else K_USE_FAVOR
    if d == L.D_TIE:
        return K_PASS_FAVOR if action == L.A_DECLINE else K_USE_FAVOR
    if d == L.D_FAVOR:
        return K_DECLINE if action == L.A_DECLINE else K_CLAIM_FAVOR
    if d == L.D_TARGET:
        return K_DECLINE if action == L.A_DECLINE else K_TARGET
    if d == L.D_COPY:
        return K_COPY
    if d == L.D_AMOUNT:
        return K_STAKE
    if d == L.D_YESNO:
        if action != L.A_YES:
            return K_DECLINE
        return K_SAVE if state[L.DEC_EFF] == L.E_SUCCEED_AT_END else K_FAIL
    return K_BID  # no decision pending (game over): never asked by the drivers
