"""#34: an unread value read under a condition (rules.toml ``read_when``).

A Court card's amount ``a`` is read by twelve effect codes only; Cleopsis's effect
(force-failure-at-end) reads none, so ``cards.cleopsis.a`` is marked unread. Its effect is
itself assumed and swept, so the amount is read once a designer (or a joint draw) gives
the card an effect that reads it. The mark says which: another value is refused alone and
accepted with such an effect in the same rules, and the joint design varies the amount
only in draws that meet the condition.
"""
import os
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from experiments.studies.sensitivity import GAMES  # noqa: E402
from simcore.spec import BadInput  # noqa: E402


def _court():
    from simcore.spec import get_game

    return get_game("court").API


def test_a_conditional_unread_value_is_refused_alone_and_read_with_its_condition():
    api = _court()
    rs = api.rules()
    with pytest.raises(BadInput, match=r"cards\.cleopsis\.a is read only when "
                                       r"cards\.cleopsis\.effect is one of .*gain-souls"):
        rs.with_sets(["cards.cleopsis.a=3"])
    # with the condition in the same rules (one --set list, or a file then --set)
    both = rs.with_sets(['cards.cleopsis.effect="gain-souls"', "cards.cleopsis.a=3"])
    eff = rs.with_sets(['cards.cleopsis.effect="gain-souls"'])
    later = eff.with_sets(["cards.cleopsis.a=3"])
    assert both["cards.cleopsis.a"] == later["cards.cleopsis.a"] == 3
    # the amount now reaches the params: it is read
    assert not np.array_equal(api.params(3, None, both), api.params(3, None, eff))
    # b is read by plague and stake-souls only: gain-souls does not make it read
    with pytest.raises(BadInput, match=r"cards\.cleopsis\.b is read only when"):
        eff.with_sets(["cards.cleopsis.b=2"])
    eff.with_sets(['cards.cleopsis.effect="plague"', "cards.cleopsis.b=2"])


def test_the_cli_names_the_condition_in_one_line_and_exit_2():
    cmd = [sys.executable, os.path.join(ROOT, "cli.py"), "rules", "court", "--assumed"]
    p = subprocess.run(cmd + ["--set", "cards.cleopsis.a=3"], capture_output=True,
                       text=True, cwd=ROOT)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "cards.cleopsis.effect" in lines[0], p.stderr
    p = subprocess.run(cmd + ["--set", 'cards.cleopsis.effect="gain-souls"',
                              "--set", "cards.cleopsis.a=3"], capture_output=True,
                       text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize("leaf, why", [
    ('read_when = { "x.mode" = ["b"] }\n', "read_when needs unread"),
    ('unread = "u"\nread_when = { "x.nope" = ["b"] }\n', "unknown path 'x.nope'"),
    ('unread = "u"\nread_when = { "x.mode" = ["a"] }\n', "its read_when holds at the rules"),
    ('unread = "u"\nread_when = { "x.mode" = [] }\n', "table of path = \\[values"),
])
def test_a_malformed_read_when_is_one_line(tmp_path, leaf, why):
    from simcore.rules import load_rules

    f = tmp_path / "rules.toml"
    f.write_text('[x.mode]\nvalue = "a"\nsource = "assumed"\nreason = "r"\n\n'
                 '[x.amount]\nvalue = 1\nsource = "assumed"\nreason = "r"\n' + leaf)
    with pytest.raises(BadInput, match=why):
        load_rules("t", f)


@pytest.mark.parametrize("game", GAMES)
def test_every_unread_claim_and_read_when_condition_holds_in_play(game):
    """Each unread value forced past its refusal plays every walked game as before, and
    each condition read_when lists makes the value change some game (experiments/inert.py
    read_when_check)."""
    from experiments.inert import read_when_check

    assert read_when_check(game, games=4, more=48) == []


def test_the_check_catches_a_false_unread_claim_and_a_false_condition():
    from experiments.inert import read_when_check

    api = _court()
    rs = api.rules()
    e = rs.entries
    wrong = dict(e)
    # poxxil's plague reads its a: calling it unread is false
    wrong["cards.poxxil.a"] = replace(e["cards.poxxil.a"], unread="planted")
    # an exposed card reads no amount: a condition naming expose is false
    wrong["cards.cleopsis.a"] = replace(e["cards.cleopsis.a"],
                                        read_when=(("cards.cleopsis.effect", ("expose",)),))
    got = read_when_check("court", games=4, more=16, rules=type(rs)("court", wrong, rs.origin))
    assert any(g.startswith("cards.poxxil.a: marked unread, but") for g in got), got
    assert any(g.startswith("cards.cleopsis.a: read_when cards.cleopsis.effect = 'expose'")
               for g in got), got


def test_the_joint_design_applies_a_conditional_value_only_where_its_condition_is_drawn():
    from experiments import joint
    from experiments.studies._joint import applicable
    from experiments.studies._sweep import joint_entries, sweep_entries

    entries, _ = sweep_entries("court")
    fs = joint.factors(joint_entries("court", entries), joint.merged_blocks("court"))
    names = [f.path for f in fs]
    a, eff = names.index("cards.cleopsis.a"), names.index("cards.cleopsis.effect")
    assert fs[a].when and fs[a].block == fs[eff].block == "cards.cleopsis"
    x = np.array([f.x_base for f in fs])
    x[a] = 0.99  # a at its highest level
    assert joint.sets_at(fs, x) == ()  # effect at baseline: nothing reads a
    x[eff] = (fs[eff].levels.index("gain-souls") + 0.5) / len(fs[eff].levels)
    assert joint.sets_at(fs, x) == ('cards.cleopsis.effect="gain-souls"', "cards.cleopsis.a=6")
    x[eff] = (fs[eff].levels.index("expose") + 0.5) / len(fs[eff].levels)
    assert joint.sets_at(fs, x) == ('cards.cleopsis.effect="expose"',)
    # a repair that set the effect back leaves the amount unread again: dropped
    assert applicable("court", ("cards.cleopsis.a=6",)) == ()
