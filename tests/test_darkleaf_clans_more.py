"""Darkleaf Gambit rules tests, part 4: clan deeds, unit abilities and skill timings not
covered by parts 1 and 2, each driven through the engine on a small hand-built position.

Each test names the checklist items it checks (../shared/rules/checklists/darkleaf.md).
"""
import numpy as np
from test_darkleaf_phases import finish_turn, units
from test_darkleaf_rules import Pos, hunt_targets, names, sq, sqs

from simcore.darkleaf import API, board, engine, skills, turn
from simcore.darkleaf import layout as L
from simcore.darkleaf.describe import describe
from simcore.darkleaf.kinds import KIND_NAMES

P, N, B, R, Q, K = L.PAWN, L.KNIGHT, L.SAGE, L.ROOK, L.QUEEN, L.KING


def ring(centre, dist):
    return names(s for s in range(64) if board.cheb(s, sq(centre)) == dist)


# ---- Huldra ---------------------------------------------------------------------------------
def test_leap_next_best_DG_HUNT_12(compiled):
    """DG-HUNT-12: with every territory neighboring the rook taken, Leap places the queen by
    next best territory placement: on a free territory diagonal to the rook, and with the rook
    fully surrounded on the next ring out."""
    around = [(0, P, n) for n in ("c4", "e4", "d3", "d5")]
    pos = Pos("murg-huldra", [(1, R, "d4"), (1, Q, "h8")] + around, cur=1)
    pos.at(L.D_HULDRA, ROLLV=1, HAND_V=1, ROLLS=1)
    pos.step(L.A_LEAP)
    assert sqs(pos.legal()) == ["c3", "c5", "e3", "e5"]
    around += [(0, P, n) for n in ("c3", "c5", "e3", "e5")]
    pos = Pos("murg-huldra", [(1, R, "d4"), (1, Q, "h8")] + around, cur=1)
    pos.at(L.D_HULDRA, ROLLV=1, HAND_V=1, ROLLS=1)
    pos.step(L.A_LEAP)
    assert sqs(pos.legal()) == ring("d4", 2)
    pos.step(sq("f6"))
    assert pos.unit("f6") == (1, Q) and pos.unit("h8") is None


def test_pivot_DG_HUNT_21_22(compiled):
    """DG-HUNT-21, DG-HUNT-22: a Pivot sage stops its journey early and Hunts with the unused
    remainder of the roll, in another direction (forward journey, diagonal Hunt)."""
    pos = Pos("murg-huldra", [(1, B, "d7"), (1, Q, "h8"), (0, P, "f4"), (0, P, "g3")], cur=1)
    assert "d6" not in pos.dests(1, "d7", 3)  # without Pivot: the exact 3 only
    pos.s[L.AURA + sq("d7")] = L.AU_PIVOT
    assert "d6" in pos.dests(1, "d7", 3)
    pos.at(L.D_HULDRA, ROLLV=3, HAND_V=3, ROLLS=1)
    pos.step(L.A_JOURNEY)
    pos.step(sq("d7"))
    pos.step(sq("d6"))  # 1 of 3 used, straight forward
    assert pos.s[L.DEC] == L.D_PIVOT and pos.s[L.TGT2] == 2
    assert sqs(pos.legal()) == ["f4"]  # diagonal at the remainder 2; g3 (3 away) is not
    pos.step(sq("f4"))
    assert pos.unit("f4") is None and pos.unit("g3") == (0, P) and pos.unit("d6") == (1, B)


def test_lucky_shot_quarter_DG_HUNT_34(compiled):
    """DG-HUNT-34: a lone unit's lucky shot at the royal succeeds 25% of the time: with the
    Huldra bone of the rules data (d8), a Long Bow pawn 3 away hits on 2 of the 8 faces (3, or
    2 + 1); a plain pawn only on 1."""
    faces = API.rules()["clans.huldra.faces"]
    pos = Pos("murg-huldra", [(1, P, "d4"), (0, K, "d1"), (1, Q, "h8")], cur=1)
    plain = [v for v in range(1, faces + 1) if "d1" in hunt_targets(pos, 1, "d4", v)]
    pos.s[L.AURA + sq("d4")] = L.AU_LONGBOW
    bow = [v for v in range(1, faces + 1) if "d1" in hunt_targets(pos, 1, "d4", v)]
    assert plain == [3] and bow == [2, 3]
    assert len(bow) / faces == 0.25


def test_adapt_foreign_bone_slots_by_value_DG_HUNT_36(compiled):
    """DG-HUNT-36: a bone received by Adapt is slotted by its value alone (the same slots as a
    native bone of that value), completes a row, and goes back to the pool still foreign."""
    pos = Pos("murg-huldra", [(1, B, "d4"), (1, Q, "h8"), (0, K, "a1")], cur=1)
    pos.s[L.SLOTS + 20 + 1 * 4] = 3  # Pivot [O, O]: one odd bone in
    pos.s[L.POOL + 1] = 3
    pos.at(L.D_SLOT, HAND_V=5, HAND_F=0)
    native = pos.legal()
    pos.at(L.D_SLOT, HAND_V=5, HAND_F=1)
    assert pos.legal() == native and L.A_SLOT + 1 * 4 + 1 in native
    pos.at(L.D_SLOT, HAND_V=6, HAND_F=1)
    assert L.A_SLOT + 1 * 4 + 1 not in pos.legal()  # still needs an odd value
    pos.at(L.D_SLOT, HAND_V=5, HAND_F=1)
    pos.step(L.A_SLOT + 1 * 4 + 1)
    assert pos.s[L.POOL + 1] == 5 and pos.s[L.POOLF + 1] == 1
    assert pos.s[L.DEC] == L.D_PICK  # Pivot acquired: the aura is placed


# ---- The Murg -------------------------------------------------------------------------------
def test_journey_then_destroy_later_DG_MURG_27(compiled):
    """DG-MURG-27: a Murg unit journeys into position on one turn (no Destroy that turn), is
    exposed to the rival's turn in between, and may Destroy on its next turn."""
    pos = Pos("murg-huldra", [(0, P, "d3"), (1, P, "d5"), (1, Q, "h8"), (0, K, "a1")])
    pos.at(L.D_INTENT)
    assert L.A_DEED not in pos.legal()
    pos.step(L.A_JOURNEY, roll=1)
    pos.step(sq("d3"))
    pos.step(sq("d4"))
    assert pos.unit("d4") == (0, P)
    assert L.A_DEED not in pos.legal() and pos.s[L.DEC] not in (L.D_DEED_UNIT, L.D_DEED_TGT)
    finish_turn(pos.s, pos.p)
    assert pos.s[L.CUR] == 1 and hunt_targets(pos, 1, "d5", 1) == ["d4"]  # exposed
    finish_turn(pos.s, pos.p)
    assert pos.s[L.CUR] == 0
    pos.step(L.A_DONE)
    assert L.A_DEED in pos.legal()
    pos.step(L.A_DEED)
    assert sq("d4") in pos.legal()


# ---- Ferrymen -------------------------------------------------------------------------------
def test_ferrymen_never_declare_DG_FERRY_34(compiled):
    """DG-FERRY-34: Ferrymen never declare intent: after Upkeep the roll goes to a journey with
    no deed choice, and the Flow follows the journey by itself."""
    pos = Pos("murg-ferrymen", [(1, P, "d4"), (0, P, "d2"), (0, K, "a1"), (1, K, "h8")], cur=1)
    pos.at(L.D_UPKEEP)
    pos.step(L.A_DONE, roll=1)
    assert pos.s[L.DEC] == L.D_UNIT
    assert L.A_DEED not in pos.legal() and L.A_JOURNEY not in pos.legal()
    pos.step(sq("d4"))
    pos.step(sq("d3"))
    assert pos.unit("d3") == (1, P) and pos.unit("d2") is None and pos.unit("d1") == (0, P)


# ---- Erde -----------------------------------------------------------------------------------
def test_metamorphic_three_units_DG_ERDE_21(compiled):
    """DG-ERDE-21: Metamorphic is spent after a journey roll of 3 or more to split the move
    between 3 units; on a 2 it cannot be spent, and without it a third unit cannot move."""
    line = [(1, P, "a7"), (1, P, "b7"), (1, P, "c7"), (1, K, "e8"), (0, K, "e1")]
    pos = Pos("murg-erde", line, cur=1)
    pos.s[L.RELIC + 5 + 2] = 1
    pos.at(L.D_INTENT)
    pos.step(L.A_JOURNEY, roll=3, faces=8)
    assert L.A_SPEND + 2 in pos.legal()
    pos.step(L.A_SPEND + 2)
    assert pos.s[L.RELIC + 5 + 2] == 0
    for f in "abc":
        assert pos.s[L.DEC] == L.D_UNIT
        pos.step(sq(f + "7"))
        pos.step(sq(f + "6"))
    assert all(pos.unit(f + "6") == (1, P) for f in "abc")
    pos = Pos("murg-erde", line, cur=1)
    pos.s[L.RELIC + 5 + 2] = 1
    pos.at(L.D_INTENT)
    pos.step(L.A_JOURNEY, roll=2, faces=8)
    assert L.A_SPEND + 2 not in pos.legal()
    pos = Pos("murg-erde", line, cur=1)
    pos.at(L.D_INTENT)
    pos.step(L.A_JOURNEY, roll=3, faces=8)
    pos.step(sq("a7"))
    pos.step(sq("a6"))
    assert "b6" not in pos.dests(1, "b7", 2)  # the second share takes the whole rest
    pos.step(sq("b7"))
    pos.step(sq("b5"))
    assert pos.s[L.DEC] != L.D_UNIT and pos.unit("c7") == (1, P)


def test_morph_on_reclaimed_DG_ERDE_33(compiled):
    """DG-ERDE-33: an Erde unit on a Reclaimed territory can still be Morphed; the new Wibo
    pawn is shifted 1 territory off it (next best placement) and the territory stays
    Reclaimed."""
    pos = Pos("wibo-erde", [(0, P, "d3"), (1, P, "d4"), (1, K, "h8"), (0, Q, "a1")])
    pos.s[L.RECL] = board.center_bit(sq("d4"))
    pos.at(L.D_MORPH, JUNIT=sq("d3"), TGT=sq("d4"), INTENT=L.I_DEED)
    assert L.A_YES in pos.legal()
    pos.step(L.A_YES, roll=3)
    assert pos.unit("d4") is None and pos.s[L.RECL] == board.center_bit(sq("d4"))
    assert pos.s[L.DEC] == L.D_RELOC  # the Wibo player picks the territory 1 away
    assert set(sqs(pos.legal())) == set(ring("d4", 1)) - {"d3"}
    pos.step(sq("e5"))
    new = [n for n, u in units(pos, 0).items() if u == (0, P) and n != "d3"]
    assert new == ["e5"] and pos.s[L.DEC] == L.D_RETREAT and pos.s[L.NP0] == sq("e5")


# ---- Wildero Wibo ---------------------------------------------------------------------------
def test_mass_morph_DG_WIBO_04_05(compiled):
    """DG-WIBO-04, DG-WIBO-05: the sage's one Morph roll also converts a second rival unit
    diagonal to it, and the pawns so made may not retreat this turn (a single-target sage
    Morph may)."""
    pos = Pos("wibo-murg", [(0, B, "d4"), (1, P, "d5"), (1, P, "e5"), (1, K, "h8")])
    pos.at(L.D_MORPH, JUNIT=sq("d4"), TGT=sq("d5"), INTENT=L.I_DEED)  # declared: neighbors
    pos.step(L.A_YES)
    assert pos.s[L.DEC] == L.D_MORPH_TGT2 and sqs(pos.legal()) == ["e5"]
    rolls = int(pos.s[L.ROLLS])
    pos.step(sq("e5"), roll=3)
    assert pos.s[L.ROLLS] == rolls + 1  # one roll for both
    assert pos.unit("d5") == (0, P) and pos.unit("e5") == (0, P)
    assert pos.s[L.DEC] not in (L.D_RETREAT, L.D_RETREAT_DEST) and L.A_YES not in pos.legal()
    pos = Pos("wibo-murg", [(0, B, "d4"), (1, P, "d5"), (1, P, "e5"), (1, K, "h8")])
    pos.at(L.D_MORPH, JUNIT=sq("d4"), TGT=sq("d5"), INTENT=L.I_DEED)
    pos.step(L.A_YES)
    pos.step(L.A_DONE, roll=3)
    assert pos.s[L.DEC] == L.D_RETREAT and pos.unit("e5") == (1, P)


def test_hasty_retreat_DG_WIBO_07_08(compiled):
    """DG-WIBO-07, DG-WIBO-08: after a knight's Morph the knight and the new pawn retreat
    together from the knight's territory, the pawn ending neighboring the knight."""
    pos = Pos("wibo-murg", [(0, N, "d4"), (1, P, "d5"), (1, K, "h8")])
    pos.at(L.D_MORPH, JUNIT=sq("d4"), TGT=sq("d5"), INTENT=L.I_DEED)
    pos.step(L.A_YES, roll=3)
    assert pos.s[L.DEC] == L.D_RETREAT
    pos.step(L.A_YES, roll=2)
    assert sqs(pos.legal()) == ["b2", "d2", "f2"]  # measured from the knight on d4
    pos.step(sq("d2"))
    assert pos.unit("d2") == (0, N) and pos.unit("d4") is None and pos.unit("d5") is None
    assert pos.s[L.DEC] == L.D_RELOC  # the Wibo player picks the neighboring territory
    assert sqs(pos.legal()) == names(board.nxt(sq("d2"), 0, d) for d in (0, 2, 4, 6))
    pos.step(sq("e2"))
    pawns = [n for n, u in units(pos, 0).items() if u == (0, P)]
    assert pawns == ["e2"]


def test_wibo_convert_not_kill_DG_WIBO_14(compiled):
    """DG-WIBO-14: Wibo units cannot attack or kill: no Wibo unit may end a journey on a rival
    and Wibo have no deed but Morph, which turns the rival unit into a Wibo pawn on its
    territory (the unit count in Haggedorn is unchanged)."""
    for t in (P, N, B, R, Q):
        pos = Pos("wibo-murg", [(0, t, "d4"), (1, P, "d5"), (1, P, "f6"), (1, K, "h8")])
        assert "d5" not in pos.dests(0, "d4", 1) and "f6" not in pos.dests(0, "d4", 2)
    pos = Pos("wibo-murg", [(0, P, "d4"), (1, P, "d5"), (1, K, "h8")])
    pos.at(L.D_UPKEEP)
    pos.step(L.A_DONE)
    assert pos.s[L.DEC] == L.D_INTENT and pos.legal() == {L.A_JOURNEY, L.A_DEED}  # Morph
    n = len(units(pos))
    pos.at(L.D_MORPH, JUNIT=sq("d4"), TGT=sq("d5"), INTENT=L.I_DEED)
    pos.step(L.A_YES, roll=3)
    assert pos.unit("d5") == (0, P) and len(units(pos)) == n


def test_starter_seed_DG_WIBO_22_43(compiled):
    """DG-WIBO-22, DG-WIBO-43: Starter Seed, spent after the journey, makes the Morph succeed
    with no roll (a roll that would fail is never made); having no roll, it cannot power the
    sage's Mass Morph."""
    pos = Pos("wibo-murg", [(0, P, "d4"), (1, P, "d5"), (1, K, "h8")])
    pos.s[L.RELIC + 2] = 1
    pos.at(L.D_MORPH, JUNIT=sq("d4"), ROLLS=1, TGT=sq("d5"), INTENT=L.I_DEED)
    assert {L.A_YES, L.A_SPEND + 2, L.A_DONE} == pos.legal()
    pos.step(L.A_SPEND + 2, roll=1)  # a 1 would fail a rolled Morph
    assert pos.s[L.RELIC + 2] == 0
    assert pos.unit("d5") == (0, P) and pos.s[L.ROLLS] == 1
    pos = Pos("wibo-murg", [(0, B, "d4"), (1, P, "d5"), (1, P, "e5"), (1, K, "h8")])
    pos.s[L.RELIC + 2] = 1
    pos.at(L.D_MORPH, JUNIT=sq("d4"), ROLLS=1, TGT=sq("d5"), INTENT=L.I_DEED)
    pos.step(L.A_SPEND + 2)
    assert pos.s[L.DEC] != L.D_MORPH_TGT2
    assert pos.unit("d5") == (0, P) and pos.unit("e5") == (1, P)


def test_running_start_DG_WIBO_36(compiled):
    """DG-WIBO-36: Morph needs a journey first: a Wibo pawn beginning its turn neighboring a
    rival cannot Morph it without journeying; journeying around (d4 to c5) it can."""
    for journey in (False, True):
        pos = Pos("wibo-murg", [(0, P, "d4"), (1, P, "d5"), (1, K, "h8")])
        pos.at(L.D_UPKEEP)
        pos.step(L.A_DONE)
        pos.step(L.A_DEED)
        pos.step(sq("d4"))
        pos.step(sq("d5"), roll=1)  # declared: d4 Morphs d5; the journey roll is a 1
        assert pos.s[L.DEC] == L.D_UNIT and L.A_YES not in pos.legal()
        if not journey:
            pos.step(L.A_DONE)  # no journey: no Morph decision follows
            assert pos.s[L.DEC] != L.D_MORPH and pos.unit("d5") == (1, P)
            continue
        pos.step(sq("d4"))
        pos.step(sq("c5"))
        assert pos.s[L.DEC] == L.D_MORPH and L.A_YES in pos.legal()
        pos.step(L.A_YES, roll=3)
        assert pos.unit("d5") == (0, P)


def test_endless_arrival_dispels_ladder_DG_WIBO_41(compiled):
    """DG-WIBO-41: under The Endless a Wibo pawn that journeys into The Seat loses a pending
    Witch's Ladder on arrival (end of Phase 3); without the Law the Ladder stays and ticks."""
    for law, left in ((1, 0), (0, 1)):
        pos = Pos("hexen-wibo", [(1, P, "d7"), (0, Q, "a1")], cur=1)
        pos.s[L.LAW + 1] = law
        pos.s[L.LADDER + sq("d7")] = 2
        pos.at(L.D_DEST, SEL=sq("d7"), JPTS=1)
        pos.step(sq("d8"))  # a declared journey: no Morph, the turn ends
        assert pos.s[L.CUR] == 0  # the Hexen turn began (its counters ticked)
        assert pos.unit("d8") == (1, P) and pos.s[L.LADDER + sq("d8")] == left


# ---- Hexen ----------------------------------------------------------------------------------
def _hex_pos(rook):
    extra = [(0, R, "d3")] if rook else [(0, R, "a8")]
    pos = Pos("hexen-murg", [(0, P, "d4"), (1, P, "f6"), (1, P, "b6"), (1, K, "h1")] + extra)
    pos.s[L.RELIC + 1] = 1
    pos.s[L.TFLAGS] = L.TF_JOURNEYED
    return pos.at(L.D_HEX, JUNIT=sq("d4"), AUX=0)


def test_place_of_power_DG_HEXEN_09(compiled):
    """DG-HEXEN-09: a unit whose journey ends adjacent to the Hexen rook casts Witch's Ladder
    twice for 1 relic token; elsewhere one token casts one Ladder."""
    wl = API.rules()["hexen.witchs_ladder_rounds"]
    pos = _hex_pos(True)
    pos.step(L.A_SPEND + 1)
    pos.step(sq("d4"))
    assert sqs(pos.legal()) == ["b6", "f6"]
    pos.step(sq("f6"))
    assert pos.s[L.RELIC + 1] == 0 and pos.s[L.DEC] == L.D_WL_TGT
    assert sqs(pos.legal()) == ["b6"]
    pos.step(sq("b6"))
    assert pos.s[L.LADDER + sq("f6")] == wl and pos.s[L.LADDER + sq("b6")] == wl
    pos = _hex_pos(False)
    pos.step(L.A_SPEND + 1)
    pos.step(sq("d4"))
    pos.step(sq("f6"))
    assert pos.s[L.DEC] == L.D_HEX and pos.s[L.RELIC + 1] == 0
    assert L.A_SPEND + 1 not in pos.legal() and pos.s[L.LADDER + sq("b6")] == 0


def test_hex_token_spent_when_earned_DG_HEXEN_35(compiled):
    """DG-HEXEN-35: a Witch's Ladder token earned in Acquire Power may be spent at once, in the
    same turn, like a miracle."""
    pos = Pos("hexen-murg", [(0, P, "d4"), (1, P, "f6"), (1, K, "h1")])
    pos.s[L.SLOTS + 1 * 4] = 2  # Witch's Ladder [E, E]: one even bone in
    pos.s[L.POOL] = 4
    pos.s[L.TFLAGS] = L.TF_JOURNEYED
    pos.at(L.D_SLOT, HAND_V=4, JUNIT=sq("d4"))
    turn = int(pos.s[L.TURN])
    pos.step(L.A_SLOT + 1 * 4 + 1)
    assert pos.s[L.RELIC + 1] == 1 and pos.s[L.DEC] == L.D_HEX
    assert L.A_SPEND + 1 in pos.legal()
    pos.step(L.A_SPEND + 1)
    pos.step(sq("d4"))
    pos.step(sq("f6"))
    assert pos.s[L.LADDER + sq("f6")] > 0 and pos.s[L.RELIC + 1] == 0
    assert pos.s[L.TURN] == turn and pos.s[L.CUR] == 0


def test_ladder_never_to_erde_king_DG_HEXEN_41(compiled):
    """DG-HEXEN-41: a resolving Witch's Ladder never passes to the Erde king (Thick Skin), while
    it would pass to another Erde unit in the same place."""
    for t, want in ((K, 0), (N, API.rules()["hexen.witchs_ladder_rounds"])):
        pos = Pos("hexen-erde", [(1, P, "d4"), (1, t, "d5"), (0, Q, "a8")]
                  + ([(1, K, "h1")] if t != K else []))
        pos.s[L.LADDER + sq("d4")] = 1
        skills.hex_tick(pos.s, pos.p)
        assert pos.unit("d4") is None and pos.unit("d5") == (1, t)
        assert pos.s[L.LADDER + sq("d5")] == want


def _due_together(garden=True, sets=()):
    """Hexen (seat 0) about to begin a turn: a Witch's Ladder on d4 and (``garden``) a Poison
    Garden on c3, covering b2..d4 but not e5, each on its last counter."""
    pos = Pos("hexen-murg", [(1, P, "d4"), (1, P, "e5"), (0, Q, "a8"), (1, K, "h1")], cur=1,
              sets=sets)
    pos.s[L.LADDER + sq("d4")] = 1
    if garden:
        pos.s[L.PG + sq("c3")] = 1
    pos.at(L.D_UPKEEP)
    finish_turn(pos.s, pos.p)  # the Murg turn ends; the Hexen Upkeep begins
    return pos


def test_hex_order_is_a_hexen_decision_DG_HEXEN_47_49(compiled):
    """DG-HEXEN-47, DG-HEXEN-49: when a Witch's Ladder and a Poison Garden come due in the
    same Hexen Upkeep the Hexen player picks the order.  Ladders first: the Ladder's unit
    falls to the Ladder, which restarts beside it on e5, before the Garden resolves.  Gardens
    first: the Garden takes d4 and the Ladder leaves Haggedorn with it, so e5 stays clean.
    Either way the Upkeep decision follows."""
    wl = API.rules()["hexen.witchs_ladder_rounds"]
    for a, e5 in ((L.A_SPEND + L.WL_, wl), (L.A_SPEND + L.PG_, 0)):
        pos = _due_together()
        assert pos.s[L.CUR] == 0 and pos.s[L.DEC] == L.D_HEX_ORDER
        assert pos.legal() == {L.A_SPEND + L.WL_, L.A_SPEND + L.PG_}
        assert pos.unit("d4") == (1, P) and pos.s[L.PG + sq("c3")] == 1  # nothing came off yet
        assert engine.action_kind(pos.s, pos.p, a) == KIND_NAMES.index("Hex")
        assert "first" in describe(pos.s, pos.p, a)
        pos.step(a)
        assert pos.unit("d4") is None and pos.s[L.PG + sq("c3")] == 0
        assert pos.unit("e5") == (1, P) and pos.s[L.LADDER + sq("e5")] == e5
        assert pos.s[L.CUR] == 0 and pos.s[L.DEC] == L.D_UPKEEP


def test_hex_order_only_when_due_together_DG_HEXEN_49(compiled):
    """DG-HEXEN-49: a Ladder due alone resolves without a question (the order cannot matter),
    and the fixed orders of the rules data (hexen.hex_order 1 Ladders, 2 Gardens) resolve at
    once as before."""
    pos = _due_together(garden=False)
    assert pos.s[L.DEC] == L.D_UPKEEP and pos.unit("d4") is None
    for order, e5 in (("1", API.rules()["hexen.witchs_ladder_rounds"]), ("2", 0)):
        pos = _due_together(sets=[f"hexen.hex_order={order}"])
        assert pos.s[L.DEC] == L.D_UPKEEP and pos.unit("d4") is None
        assert pos.s[L.LADDER + sq("e5")] == e5


def test_hex_order_after_waxing_moon_DG_HEXEN_27_49(compiled):
    """DG-HEXEN-27, DG-HEXEN-49: Waxing Moon takes a counter off every Hex; when that brings a
    Ladder and a Garden due together the Hexen player orders them too, and the turn ends
    after (the Murg turn begins)."""
    pos = Pos("hexen-murg", [(1, P, "d4"), (1, P, "e5"), (0, Q, "a8"), (1, K, "h1")])
    pos.s[L.LADDER + sq("d4")] = 1
    pos.s[L.PG + sq("c3")] = 1
    st = turn.acquire(pos.s, pos.p, 0, L.WAX_)
    assert st == turn.ST_WAIT and pos.s[L.DEC] == L.D_HEX_ORDER and pos.s[L.HEX_WAXING] == 1
    pos.step(L.A_SPEND + L.WL_)
    assert pos.unit("d4") is None and pos.s[L.LADDER + sq("e5")] > 0
    assert pos.s[L.CUR] == 1 and pos.s[L.DEC] == L.D_UPKEEP


def test_scripted_hex_order_ladders_first_DG_HEXEN_49(compiled):
    """DG-HEXEN-49: the scripted Hexen player resolves the Ladder first here, where that
    restarts it on e5 (the order the rulebook points to)."""
    from agents.scripted.darkleaf import scripted_action
    from simcore.rng import new_rng

    pos = _due_together()
    lg = np.array(sorted(pos.legal()), np.int32)
    a = scripted_action(pos.s.copy(), pos.p, 0, new_rng(0), lg, len(lg))
    assert a == L.A_SPEND + L.WL_