"""The balance regression gate (`darkbalance regress`): passes on unchanged engines,
fails (exit 1) when a metric moved beyond chance, and rejects bad baselines (exit 2)."""
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from scipy.stats import norm
from scipy.stats import t as t_dist

from cli import main
from experiments import regress as R
from experiments.stats import welch_p

ROOT = Path(__file__).resolve().parents[1]
SMALL = ({"game": "connect4", "agents": "random", "games": 3000},
         {"game": "court", "players": 4, "agents": "random", "games": 3000})


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_welch_p_hand_values():
    # se = sqrt(0.5^2/100 + 0.49^2/100) = 0.0700071; z = 0.1/se = 1.42843
    se = math.sqrt(0.25 / 100 + 0.49 ** 2 / 100)
    assert se == pytest.approx(0.0700071, abs=1e-6)
    # Welch-Satterthwaite df = se^4 / ((.25/100)^2/99 + (.2401/100)^2/99) = 197.92
    df = se ** 4 / ((0.25 / 100) ** 2 / 99 + (0.49 ** 2 / 100) ** 2 / 99)
    assert df == pytest.approx(197.92, abs=0.01)
    assert welch_p(0.5, 0.5, 100, 0.6, 0.49, 100) == pytest.approx(2 * t_dist.sf(0.1 / se, df))
    assert welch_p(0.5, 0.5, 100, 0.6, 0.49, 100) == pytest.approx(0.1547, abs=1e-4)
    # thousands of games: the normal reference the gate used before, to 4 decimals
    se2 = math.sqrt(0.25 / 20000 + 0.49 ** 2 / 20000)
    assert welch_p(0.5, 0.5, 20000, 0.51, 0.49, 20000) == pytest.approx(
        2 * norm.sf(0.01 / se2), abs=1e-4)
    assert welch_p(0.0, 0.0, 50, 0.0, 0.0, 80) == 1.0   # identical constants
    assert welch_p(0.0, 0.0, 50, 1.0, 0.0, 80) == 0.0


@pytest.fixture(scope="module")
def small_baseline(tmp_path_factory):
    path = tmp_path_factory.mktemp("bl") / "small.json"
    R.write_baseline(path, SMALL, seed=4, echo=lambda *_: None)
    return path


def test_unchanged_engines_pass_and_reproduce(small_baseline):
    doc = json.loads(small_baseline.read_text())
    assert doc["format"] == R.FORMAT and len(doc["cells"]) == 2
    court = doc["cells"][1]
    assert court["players"] == 4 and court["version"] >= 1
    # four seats of a rotated random 4-player game: returns sum to <= 1 per game
    assert sum(court["metrics"][f"return_{s}"]["mean"] for s in range(4)) <= 1.0 + 1e-9
    res = run("regress", small_baseline)
    assert res.exit_code == 0, res.output
    assert "0 moved" in res.output


def test_moved_metric_fails_with_exit_1(small_baseline, tmp_path):
    """The statistical path (a bumped engine version): a shift beyond chance fails."""
    doc = json.loads(small_baseline.read_text())
    for c in doc["cells"]:
        c["version"] -= 1  # as if both engines had been bumped since the baseline
    doc["cells"][1]["metrics"]["return_2"]["mean"] += 0.08   # ~9 standard errors
    doc["cells"][0]["metrics"]["length"]["mean"] += 0.01     # well within chance
    bad = tmp_path / "shifted.json"
    bad.write_text(json.dumps(doc))
    res = run("regress", bad)
    assert res.exit_code == 1, res.output
    assert "MOVED court 4p random: return_2" in res.output
    assert "connect4" not in res.output.split("moved", 1)[1]


def test_one_changed_game_at_an_unchanged_version_is_named(small_baseline, tmp_path):
    """Exact path: the same version must replay every game to the bit; one game whose
    outcome differs fails the gate and is named."""
    doc = json.loads(small_baseline.read_text())
    fp = doc["cells"][0]["fingerprint"]
    prints = R._unpack(fp["games16"]).copy()
    prints[1234] ^= 1  # the baseline remembers game 1234 differently
    fp["games16"] = R._pack(prints)
    fp["sha256"] = "0" * 64
    bad = tmp_path / "one_game.json"
    bad.write_text(json.dumps(doc))
    res = run("regress", bad)
    assert res.exit_code == 1, res.output
    assert "CHANGED connect4 2p random: version 1 unchanged but game 1234 (of 3000)" \
        in res.output
    assert "court" not in res.output.split("CHANGED", 1)[1].split("\n")[0]


def test_shift_of_the_stated_detectable_size_is_usually_caught(small_baseline, tmp_path):
    """At the bumped-version path, a shift equal to the printed minimum detectable effect
    (80% power) is caught in most re-samples."""
    doc = json.loads(small_baseline.read_text())
    for c in doc["cells"]:
        c["version"] -= 1
    m = doc["cells"][1]["metrics"]["return_0"]
    n_metrics = sum(len(c["metrics"]) for c in doc["cells"])
    m["mean"] += R.mde(m["n"], m["sd"], 0.01 / n_metrics)
    p = tmp_path / "mde.json"
    p.write_text(json.dumps(doc))
    caught = sum(any(x.metric == "return_0" and x.label.startswith("court")
                     for x in R.check(p, seed=s, echo=lambda *_: None)) for s in range(20, 26))
    assert caught >= 4, f"caught in {caught} of 6 re-samples"


def test_other_seed_is_within_chance(small_baseline):
    """A different seed re-samples every game: nothing should move at alpha 0.001."""
    assert R.check(small_baseline, seed=99, alpha=0.001, echo=lambda *_: None) == []


@pytest.mark.parametrize("content,needle", [
    ("{not json", "is not valid JSON"),
    ('{"format": "other"}', "format must be"),
    ('{"format": "darkbalance-baseline/1", "seed": 0, "cells": []}', "non-empty list"),
    ('{"format": "darkbalance-baseline/1", "seed": 0, "cells": [{"game": "chess", '
     '"players": 2, "agents": "random", "sets": [], "games": 5, "version": 1, '
     '"metrics": {}}]}', "unknown game 'chess'"),
    ('{"format": "darkbalance-baseline/1", "seed": 0, "cells": [{"game": "court"}]}',
     "cell 0 needs 'players'"),
])
def test_malformed_baseline_is_one_line_exit_2(tmp_path, content, needle):
    p = tmp_path / "b.json"
    p.write_text(content)
    for args in (("regress", p), ("regress", "--update", p)):
        res = run(*args)
        assert res.exit_code == 2, res.output
        lines = [ln for ln in res.output.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0]
    assert p.read_text() == content   # --update left the bad file as it was


def test_bad_arguments_exit_2(tmp_path):
    for args, needle in ((("regress", tmp_path / "none.json"), "does not exist"),
                         (("regress", "--update", tmp_path / "new.json"), "does not exist"),
                         (("regress", "--alpha", "2", ROOT / "results/baselines/default.json"),
                          "--alpha must be in (0, 1)")):
        res = run(*args)
        assert res.exit_code == 2 and needle in res.output, res.output


BASELINE = ROOT / "results/baselines/default.json"


def test_committed_baseline_covers_every_long_game():
    games = {c["game"] for c in R.load_baseline(BASELINE)["cells"]}
    assert games >= {"court", "frontier", "darkleaf", "darkness", "humanity"}
    with pytest.raises(R.BadInput, match="valid: "):
        R.check(BASELINE, games=["chess"], echo=lambda *_: None)


@pytest.mark.parametrize("game", sorted({c["game"] for c in R.load_baseline(BASELINE)["cells"]}))
def test_committed_baseline_passes(game, monkeypatch):
    """The project's own gate: the committed baseline reproduces on this tree, one game at a
    time (each in its game's test group, so no worker compiles a game twice)."""
    measured, real = [], R.measure
    monkeypatch.setattr(R, "measure",
                        lambda c, *a, **k: measured.append(c["game"]) or real(c, *a, **k))
    assert R.check(BASELINE, games=[game], echo=lambda *_: None) == []
    assert measured and set(measured) == {game}


def test_a_gate_that_checks_nothing_fails(small_baseline, monkeypatch):
    """No metric gave a p-value and no cell was compared game by game (here: another seed,
    and every test undefined): the gate fails instead of passing on nothing."""
    monkeypatch.setattr(R, "welch_p", lambda *a: math.nan)
    lines = []
    moved = R.check(small_baseline, seed=5, echo=lines.append)
    assert len(moved) == 1 and moved[0].metric == "nothing checked"
    assert any("nothing was checked" in ln for ln in lines)
    # every metric named: connect4 2 seats + no sole winner + length, court 4 + 1 + 1
    assert sum("UNTESTED" in ln for ln in lines) == (2 + 1 + 1) + (4 + 1 + 1)
