"""#34: every rules value does something, or says why not (experiments/inert.py).

The walk plays every assumed value of every swept game at its alternatives against the same
games at the rules' value (4 games per setup and agents here, then a 48-game second pass for
an unmarked value whose params differ and whose first games did not: about 35 s for all five
games on 2 cores with the arenas compiled; `darkbalance rules --inert` walks 6 and 64).  A value that changes no game must be marked
``inert = "why"`` in rules.toml (read only under an option or setup no walked case uses) or
``unread = "why"`` (nothing reads it: another value is refused with one line); an unmarked
one fails here, and so does a marked-inert one that changes play (the mark is stale).
"""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from experiments.studies.sensitivity import GAMES  # noqa: E402

@pytest.mark.parametrize("game", GAMES)
def test_every_assumed_value_changes_play_or_says_why(game):
    from experiments.inert import walk
    from simcore.spec import get_game

    rs = get_game(game).API.rules()
    vs = walk(game, games=4, more=48)
    assert {v.path for v in vs} == {e.path for e in rs.entries.values()
                                    if e.source == "assumed"}
    bad = []
    for v in vs:
        e = rs.entries[v.path]
        if v.verdict == "changes-play":
            if e.inert:
                bad.append(f"{v.path}: marked inert ({e.inert}) but {v.line()}")
        elif v.verdict == "marked-inert":
            assert v.reason.strip()
        elif v.verdict == "refused":
            if "not a BadInput line" in v.reason or "\n" in v.reason or not v.reason:
                bad.append(f"{v.path}: refused without one clear line: {v.reason!r}")
        else:  # inert or no-probe: neither wired nor marked
            bad.append(v.line())
    assert not bad, "\n".join(bad)


def test_a_documentation_only_value_is_refused_with_one_line_and_exit_2():
    """`--set` on an ``unread`` value exits 2 with one error line naming it and why; the
    same value (a values CSV written back) is accepted."""
    env = dict(os.environ)
    cmd = [sys.executable, os.path.join(ROOT, "cli.py"), "rules", "darkleaf", "--assumed"]
    p = subprocess.run(cmd + ["--set", "will.extra_tokens=2"], capture_output=True,
                       text=True, env=env, cwd=ROOT)
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    assert "will.extra_tokens" in lines[0] and "documentation only" in lines[0]
    from simcore.spec import get_game

    rs = get_game("darkleaf").API.rules().with_sets(["will.extra_tokens=0"])  # its value
    assert rs["will.extra_tokens"] == 0


def test_a_one_reading_ruling_is_refused_with_one_line():
    """A darkness ruling the kernels play in one reading only: another is refused (it was
    silently ignored), naming the one reading."""
    from simcore.darkness import API
    from simcore.spec import BadInput

    with pytest.raises(BadInput, match=r"rulings.hunts = 'partial' is not valid; valid: "
                                       r"whole-cards \(the only reading"):
        API.params(1, None, API.rules(sets=["rulings.hunts=partial"]))


def test_darkness_smuggler_prologue_is_read_by_the_sleeve_kernel():
    """rulings.smuggler_prologue: a Smuggler (Break-Point Bluffs advancement) sleeved in the
    Prologue moves its guild down a Defense space ('applies') or not ('not-in-prologue');
    after the Prologue it always does."""
    from simcore.darkness import API
    from simcore.darkness import layout as L
    from simcore.darkness.rounds import do_sleeve

    def defense_after(reading, pro):
        params = API.params(2, None, API.rules(sets=[f'rulings.smuggler_prologue="{reading}"']))
        state = API.new_state(params, seed=3)
        state[L.LOCKIND + 0] = L.K_BLUFFS  # location 0 made the Bluffs (hand-built)
        state[L.STACK_N + 0] = 1           # its middle stack holds an advancement
        state[L.DEFENSE + 0] = 0           # seat 0 at the top of its Defense Track
        do_sleeve(state, params, 0, 0, 0, pro)  # seat 0 sleeves it onto card 0
        return int(state[L.DEFENSE + 0])

    assert defense_after("applies", True) > 0
    assert defense_after("not-in-prologue", True) == 0
    assert defense_after("not-in-prologue", False) == defense_after("applies", False) > 0


def test_the_walk_finds_a_wired_value_and_a_marked_one():
    """The walk's own verdicts on known values: a swept value that moves games, a ruling
    refused, a Spaceship value marked inert (only read with a Spaceship)."""
    from experiments.inert import walk

    vs = {v.path: v for v in walk("frontier", games=6, more=0,
                                  paths=["ship.crystal", "cost.floor"])}
    assert vs["ship.crystal"].verdict == "marked-inert"
    assert "Spaceship" in vs["ship.crystal"].reason
    assert vs["cost.floor"].verdict == "changes-play"
    dv = {v.path: v.verdict for v in walk("darkness", games=6, more=0,
                                          paths=["rulings.spy", "rulings.smuggler_prologue"])}
    assert dv == {"rulings.smuggler_prologue": "changes-play", "rulings.spy": "refused"}
