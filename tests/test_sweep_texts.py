"""#34 part 2: texts with amounts and card content from large vocabularies are swept.

A text's amounts shift one down and one up together (never below 0); an empty text says
why it is not swept.  A named choice among more than MAX_READINGS names gets every other
accepted name as a level of its joint factor, and the one-at-a-time sweep plays at most
MAX_VOCAB_SIDES of them, the same ones on every call.
"""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from experiments import joint  # noqa: E402
from experiments.studies.sensitivity import (EMPTY_TEXT, FIXED, MAX_VOCAB_SIDES,  # noqa: E402
                                             NO_NUMBER, VOCAB, _sides, one_at_a_time,
                                             shifted_text, sweep_entries)
from simcore.rules import Entry  # noqa: E402


def _entry(path, value):
    return Entry(path, value, "assumed", reason="r")


def test_a_text_amount_shifts_one_down_and_one_up():
    # hand-computed: "pay-supplies 2" -> 1 and 3
    assert shifted_text("pay-supplies 2") == [("shifted down", "pay-supplies 1"),
                                              ("shifted up", "pay-supplies 3")]
    assert _sides(_entry("events.e1.option1", "pay-supplies 2"), None) == (
        [("shifted down", "pay-supplies 1"), ("shifted up", "pay-supplies 3")], "")


def test_a_two_effect_text_shifts_all_its_numbers_together():
    assert shifted_text("draw 2, actions 1") == [("shifted down", "draw 1, actions 0"),
                                                 ("shifted up", "draw 3, actions 2")]
    # a card's effects text: removed, as before, and its amounts shifted
    sides, why = _sides(_entry("cards.c.effects", "draw 2, actions 1"), None)
    assert why == "" and sides == [("removed", "none"), ("shifted down", "draw 1, actions 0"),
                                   ("shifted up", "draw 3, actions 2")]
    # an effect *code* from a vocabulary is not a text: removed, and every other code it
    # accepts as a vocabulary side (not "none" twice, not itself)
    names = ("steal", "none") + tuple(f"e{i}" for i in range(18))
    sides, why = _sides(_entry("cards.c.effect", "steal"), names)
    assert why == "" and sides[0] == ("removed", "none")
    assert sides[1:] == [(VOCAB, f"e{i}") for i in range(18)]


def test_zero_never_goes_negative_and_names_keep_their_digits():
    assert shifted_text("gain-sp 0") == [("shifted up", "gain-sp 1")]
    assert shifted_text("fire 1, gain-sp 0") == [("shifted down", "fire 0, gain-sp 0"),
                                                 ("shifted up", "fire 2, gain-sp 1")]
    # digits inside a name ("sp-11", "n12") or a decimal are not amounts
    assert shifted_text("end sp-11 n12 1.5") == []
    assert shifted_text("n12 2") == [("shifted down", "n12 1"), ("shifted up", "n12 3")]


def test_an_empty_text_or_one_without_a_number_says_why():
    for v in ("", "none"):
        assert _sides(_entry("events.e1.option3", v), None) == ([], EMPTY_TEXT)
    assert _sides(_entry("cards.c.effects", ""), None) == ([], EMPTY_TEXT)
    assert _sides(_entry("events.e1.first", "fresh-start"), None) == ([], NO_NUMBER)


def test_a_large_vocabulary_is_every_joint_level_and_a_few_sides_alone():
    names = tuple(f"n{i}" for i in range(9))
    e = _entry("cards.c.type", "n3")
    sides, why = _sides(e, names)
    assert why == "" and sides == [(VOCAB, n) for n in names if n != "n3"]
    # the joint factor takes the baseline and all 8 alternatives as levels
    (f,) = joint.factors([(e, sides)])
    assert f.levels == ("n3",) + tuple(n for n in names if n != "n3") and f.base == 0
    # one at a time: at most MAX_VOCAB_SIDES, in their order, the same on every call
    few = one_at_a_time("somegame", e.path, sides)
    assert len(few) == MAX_VOCAB_SIDES and all(s in sides for s in few)
    assert few == sorted(few, key=sides.index)
    assert all(one_at_a_time("somegame", e.path, sides) == few for _ in range(3))
    # other sides are kept whole; a short vocabulary keeps every name
    other = [("removed", "none")] + sides
    assert one_at_a_time("somegame", e.path, other)[0] == ("removed", "none")
    assert one_at_a_time("somegame", e.path, sides[:2]) == sides[:2]
    # the draw depends on (game, path): some path draws other names
    draws = {tuple(one_at_a_time("somegame", f"cards.c{i}.type", sides)) for i in range(20)}
    assert len(draws) > 1


STATED = {"no variation the engine accepts", EMPTY_TEXT, NO_NUMBER, FIXED}


@pytest.mark.parametrize("game", ["humanity", "darkness", "frontier"])
def test_texts_and_vocabularies_are_swept_or_say_why(game):
    from experiments.studies import _joint
    from experiments.studies.sensitivity import MAX_READINGS
    from simcore.game import CHOICES

    swept, skipped = sweep_entries(game)
    # the two old blanket reasons are gone: what is left has a stated reason
    assert set(skipped) <= STATED, dict(skipped)
    vocab = [(e, s) for e, s in swept if any(side == VOCAB for side, _ in s)]
    assert vocab  # every one of these games has card content from a large vocabulary
    for e, sides in vocab:
        names = CHOICES[(game, e.path)]
        assert len(names) > MAX_READINGS
        assert {v for _, v in sides} <= set(names) - {e.value}
        few = one_at_a_time(game, e.path, sides)
        assert len(few) <= MAX_VOCAB_SIDES and few == one_at_a_time(game, e.path, sides)
    # the joint design takes every accepted name as a level
    fs = {f.path: f for f in _joint._factors_of(game, None)}
    for e, sides in vocab:
        assert len(fs[e.path].levels) == len(sides) + 1
    if game == "humanity":  # Event options with amounts are swept; empty ones say why
        paths = {e.path: s for e, s in swept}
        assert paths["events.ep1.option1"] == [("shifted down", "pay-supplies 1"),
                                               ("shifted up", "pay-supplies 3")]
        assert skipped[EMPTY_TEXT] > 0


def test_the_quick_plan_plays_a_few_names_alone_and_notes_it():
    from experiments.studies import sensitivity

    st = sensitivity.build("quick", 0)
    per: dict = {}
    for c in st.cells:
        if c.labels["role"] == VOCAB:
            per.setdefault((c.game, c.labels["path"]), set()).add(c.labels["value"])
    assert per and max(len(v) for v in per.values()) <= MAX_VOCAB_SIDES
    assert any("card-content values" in n and "jointly" in n for n in st.notes)
