"""Action kinds of Darkleaf Gambit: what a designer counts (``SPEC.action_kinds``).

Every decision of a turn belongs to the part of the rulebook it plays out, so a multi-step
choice (declare intent, pick the unit, pick the destination) counts under one kind each step:

    journey           declare a journey, pick the journeying unit and its destination (also
                      the Ferrymen crossing aura and the king's Belay)
    Leap              Huldra queen's Leap (declare, territory)
    Hunt              Huldra deed (apply the roll to Hunt, the hunter, the target, a Pivot Hunt)
    Destroy           The Murg deed (declare, unit, target(s), the knight's move after)
    Flow              Ferrymen deed after a journey (direction, 1 or 2 territories)
    Reclaim           Erde deed (declare, the pawn that rolls)
    Morph             Wildero Wibo deed (declare, unit, target, the Morph roll, Mass Morph's
                      second target, the new pawn's retreat)
    Hex               Hexen deed (spend a Poison Garden / Witch's Ladder token, caster, target);
                      the order of Hexes that come due together (Witch's Ladders or Poison
                      Gardens first)
    Divine Quarry     Hexen setup: the 2 rival units to vanquish
    spend relic       a relic token spent outside a Hex (Predictive Model, Electromagnetic Loop,
                      Unrelenting Tide, Banish, Metamorphic, Tweak, Starter Seed), its choices
    Haggedorn's Will  spend the Will token and roll the d12
    slot bone         place the rolled bone in a slot (handicap bones too), or take back the
                      bones of a skill that no longer applies
    skill effect      the choices of an acquired miracle or aura (Phase 5)
    place unit        next best territory placement of a unit off the board (pushed-off royal,
                      Reclaim relocation, new Morph pawns, Hasty Retreat, Iron Plating return)
    pass              end Upkeep, cancel a journey, decline an optional step (no Flow, no Hex,
                      no Morph roll, no retreat, no Belay), leave the bone in the pool
"""
from simcore.common import row_kernel
from simcore.darkleaf.board import clan_of
from simcore.darkleaf.layout import (
    A_DEED, A_DONE, A_JOURNEY, A_LEAP, A_RETURN, A_SPEND, A_WILL, A_YES, CUR, D_AURA_CHOICE,
    D_BANISH, D_BELAY_DEST, D_BELAY_UNIT, D_DEED_TGT, D_DEED_TGT2, D_DEED_UNIT, D_DEST, D_DIR,
    D_FLOW, D_HCAP, D_HEX, D_HEX_CASTER, D_HEX_ORDER, D_HULDRA, D_HUNT_TGT, D_HUNT_UNIT, D_INTENT,
    D_KNIGHT_MOVE, D_LEAP, D_MORPH, D_MORPH_TGT, D_MORPH_TGT2, D_PICK, D_PIVOT, D_PLACE,
    D_QUARRY, D_RELOC, D_RENEWAL, D_RETREAT, D_RETREAT_DEST, D_SLOT, D_UNIT, D_UPKEEP, D_WL_TGT,
    DEC, ERDE, FERRY, META_, MURG, PEND, WIBO,
)

KIND_NAMES = ("journey", "Leap", "Hunt", "Destroy", "Flow", "Reclaim", "Morph", "Hex",
              "Divine Quarry", "spend relic", "Haggedorn's Will", "slot bone", "skill effect",
              "place unit", "pass")
(K_JOURNEY, K_LEAP, K_HUNT, K_DESTROY, K_FLOW, K_RECLAIM, K_MORPH, K_HEX, K_QUARRY, K_RELIC,
 K_WILL, K_SLOT, K_SKILL, K_PLACE, K_PASS) = range(len(KIND_NAMES))


@row_kernel(inline="always")
def _deed_kind(cl):
    """The declared deed of a clan that declares intent (The Murg, Erde, Wildero Wibo)."""
    if cl == MURG:
        return K_DESTROY
    if cl == ERDE:
        return K_RECLAIM
    if cl == WIBO:
        return K_MORPH
    return K_PASS


@row_kernel
def action_kind(state, params, action):
    """Kind of ``action`` in ``state`` (an index into :data:`KIND_NAMES`); reads the pending
    decision only, never raises, never allocates."""
    a = action
    dec = state[DEC]
    cl = clan_of(params, state[CUR])
    if dec == D_UPKEEP:
        if a == A_DONE:
            return K_PASS
        if a == A_WILL:
            return K_WILL
        if a >= A_RETURN:
            return K_SLOT
        return K_RELIC
    if dec == D_INTENT:
        if a == A_JOURNEY:
            return K_JOURNEY
        if a == A_DEED:
            return _deed_kind(cl)
        return K_PASS
    if dec == D_HULDRA:
        if a == A_JOURNEY:
            return K_JOURNEY
        if a == A_DEED:
            return K_HUNT
        if a == A_LEAP:
            return K_LEAP
        if a == A_DONE:
            return K_PASS
        return K_RELIC  # Tweak
    if dec == D_UNIT:
        if a == A_DONE:
            return K_PASS
        if a == A_SPEND + META_:
            return K_RELIC  # Metamorphic
        return K_JOURNEY
    if dec == D_DEST or dec == D_AURA_CHOICE or dec == D_BELAY_DEST:
        return K_JOURNEY
    if dec == D_BELAY_UNIT:
        return K_PASS if a == A_DONE else K_JOURNEY
    if dec == D_DEED_UNIT or dec == D_DEED_TGT or dec == D_DEED_TGT2:
        return _deed_kind(cl)
    if dec == D_KNIGHT_MOVE:
        return K_DESTROY
    if dec == D_FLOW:
        return K_PASS if a == A_DONE else K_FLOW
    if dec == D_HUNT_UNIT or dec == D_HUNT_TGT:
        return K_HUNT
    if dec == D_PIVOT:
        return K_PASS if a == A_DONE else K_HUNT
    if dec == D_LEAP:
        return K_LEAP
    if dec == D_MORPH:
        if a == A_YES:
            return K_MORPH
        if a == A_DONE:
            return K_PASS
        return K_RELIC  # Starter Seed
    if dec == D_MORPH_TGT or dec == D_MORPH_TGT2:
        return K_MORPH
    if dec == D_RETREAT or dec == D_RETREAT_DEST:
        return K_PASS if a == A_DONE else K_MORPH
    if dec == D_HEX:
        return K_PASS if a == A_DONE else K_HEX
    if dec == D_HEX_CASTER or dec == D_WL_TGT or dec == D_HEX_ORDER:
        return K_HEX
    if dec == D_QUARRY:
        return K_QUARRY
    if dec == D_SLOT or dec == D_HCAP:
        return K_PASS if a == A_DONE else K_SLOT
    if dec == D_BANISH:
        return K_RELIC
    if dec == D_DIR:
        if cl == FERRY and state[PEND] == 0:
            return K_RELIC  # Unrelenting Tide
        return K_SKILL  # Master the Current
    if dec == D_PICK or dec == D_PLACE or dec == D_RENEWAL:
        return K_SKILL
    if dec == D_RELOC:
        return K_PLACE
    return K_PASS
