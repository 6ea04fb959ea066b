"""Darkleaf Gambit rules tests, part 5: returning slotted bones (On Slotting Bones).

"If a skill becomes no longer applicable, the player may immediately return any bones slotted
in that skill to their pool."  The engine offers one optional action per such row
(``A_RETURN + row``) in the owner's Upkeep and Slot Bones decisions (rules data:
``core.return_slotted_bones``).  Positions are hand-built with the ``Pos`` helper of part 1;
units leave the board through the engine's own deeds or ``board.vanquish``.
"""
import numpy as np
from test_darkleaf_phases import finish_turn
from test_darkleaf_rules import Pos, sq

from simcore.darkleaf import API, board, describe_action
from simcore.darkleaf import layout as L
from simcore.rng import new_rng

P, N, B, R, Q, K = L.PAWN, L.KNIGHT, L.SAGE, L.ROOK, L.QUEEN, L.KING
RET = L.A_RETURN


def slots(s, seat, r):
    return [int(s[L.SLOTS + seat * 20 + r * 4 + q]) for q in range(4)]


def bones(s, seat):
    """Bones a seat owns right now: pool + slotted + the one in hand (while it is their turn)."""
    n = int(s[L.POOL + seat]) + int(np.count_nonzero(s[L.SLOTS + seat * 20:L.SLOTS + seat * 20
                                                         + 20]))
    if s[L.CUR] == seat and s[L.HAND_V] > 0:
        n += 1
    return n


def returns(legal):
    return {a - RET for a in legal if a >= RET}


def test_action_table_has_five_return_actions():
    """The return actions are rows 0..4 after the slot actions; NUM_ACTIONS covers them."""
    assert L.A_RETURN == L.A_RIPPLE + 1 and L.NUM_ACTIONS == L.A_RETURN + 5
    assert API.spec.num_actions == L.NUM_ACTIONS
    assert [describe_action(RET + r) for r in range(5)] == [f"return{r}" for r in range(5)]
    rule = API.rules().entries["core.return_slotted_bones"]
    assert rule.source == "assumed" and "Upkeep" in rule.reason


def test_last_sage_vanquished_returns_pivot_bones_DG_SLOT_15_16(compiled):
    """DG-SLOT-16, DG-SLOT-15: the rulebook's example (a skill that targets a knight; the last
    knight is vanquished).  No clan skill names a knight, so the example is played with the
    same shape: Huldra's Pivot aura targets a Huldra sage.  While one of the two sages is left
    no return is offered; once The Murg Destroy the last sage, Huldra's next decision (their
    Upkeep) offers to return the Pivot row, and doing so puts exactly its slotted bone back in
    the pool (Long Bow's bone stays: a pawn can still take that aura)."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (0, P, "g4"), (0, K, "a1"),
                              (1, B, "d5"), (1, B, "g5"), (1, P, "a6"), (1, Q, "h8")])
    s = pos.s
    s[L.SLOTS + 20 + 1 * 4] = 3   # Pivot [O, O]: one odd bone
    s[L.SLOTS + 20 + 0 * 4] = 2   # Long Bow [E, E]: one even bone
    s[L.POOL + 1] = 4
    assert bones(s, 1) == 6
    # The Murg Destroy the first sage; Huldra still have one: nothing to return
    pos.at(L.D_DEED_TGT, SEL=sq("d4"))
    pos.step(sq("d5"), roll=3)
    assert pos.unit("d5") == (0, P)
    finish_turn(s, pos.p)
    assert s[L.CUR] == 1 and s[L.DEC] == L.D_UPKEEP
    assert returns(pos.legal()) == set()
    finish_turn(s, pos.p)
    # The Murg Destroy the last sage
    assert s[L.CUR] == 0 and s[L.DEC] == L.D_UPKEEP
    pos.step(L.A_DONE)
    pos.step(L.A_DEED)
    pos.step(sq("g4"))
    pos.step(sq("g5"), roll=3)
    assert pos.unit("g5") == (0, P) and board.count_units(s, 1, B) == 0
    finish_turn(s, pos.p)
    assert s[L.CUR] == 1 and s[L.DEC] == L.D_UPKEEP
    pivot, bow = slots(s, 1, 1), slots(s, 1, 0)
    pool = int(s[L.POOL + 1])
    legal = pos.legal()
    assert returns(legal) == {1} and L.A_DONE in legal  # optional: "may"
    pos.step(RET + 1)
    assert slots(s, 1, 1) == [0, 0, 0, 0] and slots(s, 1, 0) == bow
    assert s[L.POOL + 1] == pool + sum(1 for b in pivot if b) == pool + 1
    assert bones(s, 1) == 6 and s[L.DEC] == L.D_UPKEEP
    assert returns(pos.legal()) == set()


def test_return_is_optional_and_offer_persists_DG_SLOT_15(compiled):
    """DG-SLOT-15 ("may"): declining keeps the bones on the board, and the offer stands at the
    owner's later decisions for as long as the skill stays inapplicable; it is gone again once
    a target is back (a rekindled pawn can take Iron Plating)."""
    pos = Pos("murg-huldra", [(0, K, "a1"), (0, N, "b1"), (1, Q, "h8")])
    s = pos.s
    s[L.SLOTS + 0] = 4            # Iron Plating [E, E]: one bone; The Murg have no pawn
    s[L.POOL] = 5
    pos.at(L.D_UPKEEP)
    assert returns(pos.legal()) == {0}
    finish_turn(s, pos.p)         # declines the return
    assert slots(s, 0, 0)[0] == 4
    finish_turn(s, pos.p)         # Huldra's turn
    assert s[L.CUR] == 0 and s[L.DEC] == L.D_UPKEEP
    assert returns(pos.legal()) == {0}
    s[L.BOARD + sq("c2")] = 1 + P  # a Murg pawn is back: the skill applies again
    assert returns(pos.legal()) == set()


def test_only_inapplicable_rows_with_bones_DG_SLOT_15(compiled):
    """DG-SLOT-15: the offer is per row and only for a skill with no target left: an empty
    dead row offers nothing; relic and law rows (no unit target) are never offered; The Murg's
    Assassin still applies with no sage while the trait can sacrifice a pawn for one, and is
    offered once the trait is spent."""
    pos = Pos("murg-huldra", [(0, K, "a1"), (0, P, "c2"), (1, Q, "h8")])
    s = pos.s
    s[L.SLOTS + 1 * 4] = 3        # Predictive Model (relic)
    s[L.SLOTS + 2 * 4] = 5        # Electromagnetic Loop (relic)
    s[L.SLOTS + 3 * 4] = 4        # Assassin (aura on a sage): no sage, trait unused
    s[L.SLOTS + 4 * 4] = 6        # Technological Singularity (law)
    s[L.POOL] = 2
    pos.at(L.D_UPKEEP)
    assert returns(pos.legal()) == set()   # Iron Plating is empty; Assassin has the trait
    s[L.TRAIT_USED] = 1
    assert returns(pos.legal()) == {3}
    pos.step(RET + 3)
    assert slots(s, 0, 3) == [0, 0, 0, 0] and s[L.POOL] == 3
    assert slots(s, 0, 1)[0] == 3 and slots(s, 0, 2)[0] == 5 and slots(s, 0, 4)[0] == 6


def test_eddy_without_rival_pawn_DG_SLOT_15(compiled):
    """DG-SLOT-15 beyond auras: Eddy swaps a Ferrymen pawn with a rival pawn, so once the
    rival's last pawn is vanquished it has no target and its bones may be returned; Master the
    Current (any pawn: the Ferrymen pawn is still there) keeps its bones."""
    pos = Pos("murg-ferrymen", [(0, K, "a1"), (0, P, "d4"), (1, P, "e5"), (1, K, "h8")], cur=1)
    s = pos.s
    s[L.SLOTS + 20 + 1 * 4] = 2   # Master the Current [E, E]
    s[L.SLOTS + 20 + 2 * 4] = 1   # Eddy [O, O]
    s[L.POOL + 1] = 4
    pos.at(L.D_UPKEEP)
    assert returns(pos.legal()) == set()
    assert board.vanquish(s, pos.p, sq("d4"), 1) == 1
    assert returns(pos.legal()) == {2}
    pos.step(RET + 2)
    assert slots(s, 1, 2) == [0, 0, 0, 0] and slots(s, 1, 1)[0] == 2 and bones(s, 1) == 6


def test_return_in_slot_phase_frees_reserve_bone_DG_SLOT_15_14(compiled):
    """DG-SLOT-15 with DG-SLOT-14: a skill that died during the owner's own turn is offered at
    once in Slot Bones, even when the bone in hand fits nowhere (the pool is empty, so it could
    only complete a row); returning the dead row refills the pool, after which the bone may be
    slotted without completing a row."""
    pos = Pos("murg-huldra", [(0, K, "a1"), (0, N, "b1"), (1, Q, "h8")])
    s = pos.s
    s[L.SLOTS + 0] = 4            # Iron Plating: dead (no Murg pawn)
    s[L.SLOTS + 1 * 4] = 3        # Predictive Model [O, O]
    s[L.SLOTS + 2 * 4] = 5        # Loop [5-6, 5-6]
    s[L.SLOTS + 4 * 4] = 4        # Singularity: 4 + 4, sum 15..19
    s[L.SLOTS + 4 * 4 + 1] = 4
    s[L.POOL] = 0
    pos.at(L.D_INTENT, ROLLS=1, ROLLV=2, HAND_V=2)
    assert bones(s, 0) == 6
    pos.step(L.A_DONE)            # no more rolling: on to Slot Bones with a 2 in hand
    assert s[L.DEC] == L.D_SLOT
    assert pos.legal() == {RET + 0, L.A_DONE}
    pos.step(RET + 0)
    assert s[L.DEC] == L.D_SLOT and s[L.POOL] == 1 and slots(s, 0, 0) == [0, 0, 0, 0]
    assert bones(s, 0) == 6
    legal = pos.legal()
    assert L.A_SLOT + 4 * 4 + 2 in legal and not returns(legal)
    pos.step(L.A_SLOT + 4 * 4 + 2)
    assert slots(s, 0, 4)[:3] == [4, 4, 2] and s[L.CUR] == 1 and bones(s, 0) == 6


def test_scripted_takes_the_return_DG_SLOT_15(compiled):
    """The scripted player takes the offered return (a dead row cannot pay off) in Upkeep."""
    from agents.scripted.darkleaf import scripted_action
    pos = Pos("murg-huldra", [(0, K, "a1"), (0, N, "b1"), (1, Q, "h8")])
    pos.s[L.SLOTS + 0] = 4
    pos.s[L.POOL] = 5
    pos.at(L.D_UPKEEP)
    legal = API.legal_actions(pos.s, pos.p)
    a = scripted_action(pos.s, pos.p, 0, new_rng(1), legal, len(legal))
    assert a == RET + 0
