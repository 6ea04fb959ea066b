"""Darkleaf Gambit rules tests, part 5: readings of the text that the rules data settles or
sweeps (Hasty Retreat, fate chip caps, the Morph declaration), each on a hand-built position.

Each test names the checklist items it checks (../shared/rules/checklists/darkleaf.md).
"""
from test_darkleaf_rules import Pos, sq, sqs

from simcore.darkleaf import board
from simcore.darkleaf import layout as L

P, N, B, R, Q, K = L.PAWN, L.KNIGHT, L.SAGE, L.ROOK, L.QUEEN, L.KING


def _knight_morph(sets=()):
    pos = Pos("wibo-murg", [(0, N, "d4"), (1, P, "d5"), (1, K, "h8")], sets=sets)
    pos.at(L.D_MORPH, JUNIT=sq("d4"), TGT=sq("d5"), INTENT=L.I_DEED)
    pos.step(L.A_YES, roll=3)
    assert pos.s[L.DEC] == L.D_RETREAT
    return pos


def test_hasty_retreat_may_be_declined_DG_WIBO_07(compiled):
    """DG-WIBO-07: 'pawn and knight may retreat together': after a knight's Morph the Wibo
    player may instead retreat the new pawn alone, from its own territory, the knight staying
    put (wibo.hasty_only = 1 restores the forced Hasty Retreat)."""
    pos = _knight_morph()
    assert pos.legal() == {L.A_YES, L.A_JOURNEY, L.A_DONE}
    pos.step(L.A_JOURNEY, roll=2)
    dests = sqs(pos.legal() - {L.A_DONE})
    assert dests and all(board.cheb(sq(d), sq("d5")) == 2 for d in dests)  # from the pawn
    assert "d2" not in dests  # (the Hasty Retreat destination, measured from the knight)
    pos.step(sq(dests[0]))
    assert pos.unit("d4") == (0, N) and pos.unit(dests[0]) == (0, P)
    assert pos.unit("d5") is None
    assert _knight_morph(["wibo.hasty_only=1"]).legal() == {L.A_YES, L.A_DONE}


def test_fate_chip_cap_DG_SETUP_13_HEXEN_44(compiled):
    """DG-SETUP-13, DG-HEXEN-44: a colour's 6 chips leave 5 for play, so at most 5 Poison
    Gardens (and 5 Witch's Ladders) are marked at once: with 5 on Haggedorn the Hex token
    cannot be spent, with 4 it can."""
    marks = ("a3", "b3", "c3", "e3", "f3")
    rivals = ("a6", "b6", "c6", "e6", "g6")
    for arr, tok, where in ((L.PG, 0, marks), (L.LADDER, 1, rivals)):
        for n, offered in ((5, False), (4, True)):
            pos = Pos("hexen-murg", [(0, Q, "d4"), (1, P, "f6"), (1, K, "h8")]
                      + [(1, P, r) for r in rivals])
            pos.s[L.RELIC + tok] = 1
            for m in where[:n]:
                pos.s[arr + sq(m)] = 2
            pos.at(L.D_HEX, JUNIT=sq("d4"), AUX=0)
            pos.s[L.TFLAGS] = L.TF_JOURNEYED
            assert ((L.A_SPEND + tok) in pos.legal()) == offered, (arr, n)
    pos = Pos("hexen-murg", [(0, Q, "d4"), (1, K, "h8")], sets=["setup.fate_chip_cap=0"])
    pos.s[L.RELIC] = 1
    for m in marks:
        pos.s[L.PG + sq(m)] = 2
    pos.at(L.D_HEX, JUNIT=sq("d4"), AUX=0)
    pos.s[L.TFLAGS] = L.TF_JOURNEYED
    assert L.A_SPEND in pos.legal()  # no cap: the old reading


def test_undeclared_morph_reading_DG_WIBO_31(compiled):
    """DG-WIBO-31 (swept reading wibo.morph_declared = 0): a Wibo turn declared as a journey
    may still end in a Morph of a rival neighboring the unit's destination, picked after the
    journey; under the default reading (1) a declared journey has no Morph."""
    for decl in (1, 0):
        pos = Pos("wibo-murg", [(0, P, "d3"), (1, P, "d6"), (1, K, "h8")],
                  sets=[f"wibo.morph_declared={decl}"])
        pos.at(L.D_DEST, SEL=sq("d3"), JPTS=2, INTENT=L.I_JOURNEY, ROLLS=1)
        pos.step(sq("d5"))
        assert pos.unit("d5") == (0, P)
        if decl:
            assert pos.s[L.DEC] != L.D_MORPH_TGT and pos.unit("d6") == (1, P)
            continue
        assert pos.s[L.DEC] == L.D_MORPH_TGT
        assert pos.legal() == {sq("d6"), L.A_DONE}
        pos.step(sq("d6"))
        assert pos.s[L.DEC] == L.D_MORPH and L.A_YES in pos.legal()
        pos.step(L.A_YES, roll=3)
        assert pos.unit("d6") == (0, P)


def test_murg_declares_before_rolling_DG_MURG_28(compiled):
    """DG-MURG-28: the Murg declare journey or Destroy in Phase 2, before any roll (no
    Predictive Model): Upkeep leads to the declaration with no bone rolled; a declared journey
    is then played without any Destroy, the rival beside the pawn left standing."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, P, "d5"), (0, K, "a1"), (1, Q, "h8")])
    pos.at(L.D_UPKEEP)
    pos.step(L.A_DONE)
    assert pos.s[L.DEC] == L.D_INTENT and pos.s[L.ROLLS] == 0
    assert pos.legal() == {L.A_JOURNEY, L.A_DEED}
    pos.step(L.A_JOURNEY, roll=1)
    assert pos.s[L.ROLLS] == 1
    for _ in range(20):
        if pos.s[L.CUR] != 0 or pos.s[L.END]:
            break
        assert pos.s[L.DEC] not in (L.D_DEED_UNIT, L.D_DEED_TGT, L.D_DEED_TGT2)
        legal = pos.legal()
        pos.step(L.A_DONE if L.A_DONE in legal else min(legal))
    assert pos.s[L.CUR] == 1 and pos.unit("d5") == (1, P)
