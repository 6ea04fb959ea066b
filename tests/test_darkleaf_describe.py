"""Darkleaf Gambit actions in words and kinds: ``describe`` names what the rulebook
calls each action, ``engine.action_kind`` counts it under the right ``SPEC.action_kinds`` name.

Positions are hand-built like tests/test_darkleaf_rules.py (a cleared board, units by square
name, the decision under test set directly); a random playout over every pairing checks that
every legal action has words (never the fallback) and a kind in range.
"""
import numpy as np
import pytest

from simcore.darkleaf import API, SETUPS, SPEC, describe, engine
from simcore.darkleaf import layout as L
from simcore.darkleaf.describe import _describe
from simcore.rng import new_rng

P, N, B, R, Q, K = L.PAWN, L.KNIGHT, L.SAGE, L.ROOK, L.QUEEN, L.KING


def sq(name):
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


class Pos:
    def __init__(self, setup, units, cur=0):
        self.p = API.params(2, setup)
        self.s = API.new_state(self.p, seed=1)
        s = self.s
        for i in range(64):
            s[L.BOARD + i] = 0
            s[L.AURA + i] = 0
            s[L.LADDER + i] = 0
            s[L.FROZEN + i] = -1
            s[L.PG + i] = 0
        for seat, t, name in units:
            s[L.BOARD + sq(name)] = 1 + seat * 6 + t
        s[L.CUR] = cur
        s[L.TURN] = 5
        s[L.END] = 0
        for k in (L.SEL, L.SEL2, L.TGT, L.TGT2, L.JUNIT, L.JDIR):
            s[k] = -1
        s[L.ROLLS] = 0
        s[L.HAND_V] = 0
        s[L.TFLAGS] = 0

    def at(self, dec, **kw):
        self.s[L.DEC] = dec
        for k, v in kw.items():
            self.s[getattr(L, k)] = v
        return self

    def legal(self):
        return set(API.legal_actions(self.s, self.p).tolist())

    def words(self, a):
        """(text, kind name) of legal action a."""
        assert a in self.legal(), f"action {a} is not legal here"
        k = int(engine.action_kind(self.s, self.p, np.int64(a)))
        return _describe(self.s, self.p, a), SPEC.action_kinds[k]


@pytest.fixture(scope="module")
def compiled():
    p = API.params(2, "murg-huldra")
    s = API.new_state(p, seed=0)
    engine.action_kind(s, p, np.int64(L.A_DONE))
    return True


def test_kinds_are_named_and_exported(compiled):
    assert 4 <= len(SPEC.action_kinds) <= 15
    assert len(set(SPEC.action_kinds)) == len(SPEC.action_kinds)
    for name in ("journey", "Hunt", "Destroy", "Flow", "Reclaim", "Morph", "Hex",
                 "slot bone", "Haggedorn's Will", "pass"):
        assert name in SPEC.action_kinds
    import simcore.darkleaf as dl
    assert dl.describe is describe and callable(engine.action_kind)


def test_journey_names_unit_squares_and_roll(compiled):
    """Phase 3 journey: the unit, its path, the roll (Huldra sit at rank 8: forward is down)."""
    pos = Pos("murg-huldra", [(1, P, "e7"), (1, Q, "h8"), (0, K, "a1")], cur=1)
    pos.at(L.D_DEST, SEL=sq("e7"), JPTS=2, ROLLV=2, ROLLS=1, INTENT=L.I_JOURNEY)
    text, kind = pos.words(sq("e5"))
    assert "Huldra pawn journeys e7 -> e5 (2 forward, roll 2)" in text and kind == "journey"
    pos.at(L.D_HULDRA, ROLLV=2, HAND_V=2, ROLLS=1)
    text, kind = pos.words(L.A_JOURNEY)
    assert text == "Huldra apply roll 2 to journey" and kind == "journey"


def test_hexen_journey_names_the_direction_roll(compiled):
    """Hexen Clan Trait #1: the roll is a direction; the knight may go the opposite way."""
    pos = Pos("hexen-huldra", [(0, N, "b1"), (0, Q, "e1"), (1, Q, "h8")])
    pos.at(L.D_DEST, SEL=sq("b1"), JPTS=4, ROLLV=4, ROLLS=1, INTENT=L.I_JOURNEY)
    text, kind = pos.words(sq("a2"))
    assert text == "Hexen knight journeys b1 -> a2 (1 forward-left, direction roll 4: " \
        "back-right, Two-Headed Snake)" and kind == "journey"


def test_hunt_vanquishes_or_marks_the_royal(compiled):
    """Huldra Deed: Hunt vanquishes a rival unit at the roll's distance; the royal is marked."""
    pos = Pos("murg-huldra", [(1, P, "d3"), (0, P, "d5"), (1, Q, "h1")], cur=1)
    pos.at(L.D_HULDRA, ROLLV=2, HAND_V=2, ROLLS=1)
    text, kind = pos.words(L.A_DEED)
    assert "apply roll 2 to Hunt" in text and kind == "Hunt"
    pos.at(L.D_HUNT_TGT, SEL=sq("d3"), TGT2=2)
    text, kind = pos.words(sq("d5"))
    assert "Huldra pawn on d3 Hunts the Murg pawn on d5 (distance 2, roll 2): vanquish it" \
        in text and kind == "Hunt"
    pos = Pos("murg-huldra", [(1, P, "d3"), (0, K, "d4"), (1, Q, "h1")], cur=1)
    pos.s[L.MARKS] = 1
    pos.at(L.D_HUNT_TGT, SEL=sq("d3"), TGT2=1)
    text, kind = pos.words(sq("d4"))
    assert "Hunts the Murg king on d4 (distance 1, roll 1): mark the rival royal (2 of 3)" \
        in text and kind == "Hunt"


def test_destroy_declared_and_attempted(compiled):
    """The Murg Deed: declare Destroy, the unit, the adjacent target and the roll it needs."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, P, "d5"), (1, Q, "e5")])
    pos.at(L.D_INTENT)
    text, kind = pos.words(L.A_DEED)
    assert text == "The Murg declare intent: Destroy" and kind == "Destroy"
    text, kind = pos.words(L.A_JOURNEY)
    assert text == "The Murg declare intent: journey" and kind == "journey"
    pos.at(L.D_DEED_TGT, SEL=sq("d4"))
    text, kind = pos.words(sq("d5"))
    assert "Murg pawn on d4 attempts to Destroy the Huldra pawn on d5 (needs 3+)" in text
    assert kind == "Destroy"
    text, _ = pos.words(sq("e5"))
    assert "the Huldra queen on e5 (needs 6+)" in text


def test_flow_off_the_edge_and_decline(compiled):
    """Ferrymen Deed: Flow pushes a rival 1 territory; off Haggedorn's edge it is vanquished."""
    pos = Pos("ferrymen-huldra", [(0, P, "d7"), (1, P, "d8"), (1, Q, "h8"), (0, K, "e1")])
    pos.at(L.D_FLOW, SEL=sq("d7"), AUX=2, JUNIT=sq("d7"))
    text, kind = pos.words(L.A_DIR + 0)
    assert "Ferrymen Flow the Huldra pawn on d8 1 territory forward, off Haggedorn's edge" \
        in text and kind == "Flow"
    text, kind = pos.words(L.A_DONE)
    assert text == "Ferrymen do not Flow" and kind == "pass"


def test_upkeep_will_and_end(compiled):
    """Phase 1: activate Haggedorn's Will, or end Upkeep."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, Q, "e5")])
    pos.s[L.WILLTOK] = 1
    pos.at(L.D_UPKEEP)
    text, kind = pos.words(L.A_WILL)
    assert "activate Haggedorn's Will" in text and "d12" in text and "Blessings" in text
    assert kind == "Haggedorn's Will"
    text, kind = pos.words(L.A_DONE)
    assert text == "The Murg end Upkeep" and kind == "pass"


def test_slot_bone_names_the_skill(compiled):
    """Phase 4: the bone goes into a numerically valid slot of a named skill."""
    pos = Pos("murg-huldra", [(1, P, "d4"), (1, B, "c3"),
                              (1, Q, "h8"), (0, K, "a1")], cur=1)
    pos.s[L.POOL + 1] = 5
    pos.at(L.D_SLOT, HAND_V=4, ROLLV=4)
    slots = sorted(a for a in pos.legal() if L.A_SLOT <= a < L.A_SLOT + 20)
    assert slots
    huldra = ("Long Bow", "Pivot", "Renewal", "Tweak", "Adapt")
    for a in slots:
        text, kind = pos.words(a)
        r, q = divmod(a - L.A_SLOT, 4)
        assert f"Huldra slot bone 4 in {huldra[r]} slot {q + 1}" in text and kind == "slot bone"
    text, kind = pos.words(L.A_DONE)
    assert "return bone 4 to the pool" in text and kind == "pass"


def test_morph_roll_after_the_journey(compiled):
    """Wildero Wibo Deed: after the journey, a second roll Morphs the neighboring rival unit."""
    pos = Pos("wibo-huldra", [(0, N, "c4"), (1, P, "c5"), (0, Q, "e1"), (1, Q, "h8")])
    pos.at(L.D_MORPH, JUNIT=sq("c4"), TGT=sq("c5"), INTENT=L.I_DEED)
    text, kind = pos.words(L.A_YES)
    assert text == "Wildero Wibo knight on c4 rolls to Morph the Huldra pawn on c5 (needs 3+)"
    assert kind == "Morph"
    text, kind = pos.words(L.A_DONE)
    assert "do not attempt the Morph" in text and kind == "pass"


def test_divine_quarry_at_setup(compiled):
    """Hexen setup: choose 2 non-royal rival units in the farthest 2 ranks as Divine Quarry."""
    p = API.params(2, "hexen-huldra")
    s = API.new_state(p, seed=0)
    assert s[L.DEC] == L.D_QUARRY
    a = int(API.legal_actions(s, p)[0])
    text = describe(s, p, a)
    assert text.startswith("Hexen choose the Huldra ") and "as Divine Quarry (1 of 2)" in text
    assert SPEC.action_kinds[int(engine.action_kind(s, p, np.int64(a)))] == "Divine Quarry"


def test_random_playouts_every_action_has_words_and_a_kind(compiled):
    """Every legal action of random games over all 15 pairings: text (not the fallback) and a
    kind in range; the common kinds all occur."""
    seen = set()
    for si, setup in enumerate(SETUPS):
        p = API.params(2, setup)
        s = API.new_state(p, seed=si)
        rng = new_rng(7, si, 0, 1)
        for _ in range(700):
            if engine.is_terminal(s, p):
                break
            legal = API.legal_actions(s, p)
            for a in legal:
                text = _describe(s, p, int(a))
                assert isinstance(text, str) and text.strip(), (setup, int(s[L.DEC]), a)
                assert not text.startswith("seat "), (setup, text)
                k = int(engine.action_kind(s, p, np.int64(a)))
                assert 0 <= k < len(SPEC.action_kinds), (setup, int(s[L.DEC]), a, k)
                seen.add(SPEC.action_kinds[k])
            a = int(legal[int(rng[1] % np.uint64(len(legal)))])
            rng[1] += np.uint64(1)
            engine.step(s, p, np.int64(a), rng)
    assert {"journey", "slot bone", "pass", "Haggedorn's Will", "Hunt", "Destroy", "Flow",
            "Reclaim", "Morph", "Hex", "Divine Quarry"} <= seen
