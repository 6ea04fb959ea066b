"""Expert iteration (#32 part 4, experiments/iterate.py): the refit plays ``best:v2`` in
its strong seat, the loop keeps the best round's weights and stops when the duel stops
rising, and the duel's rate counts the right seats."""
import json
import shutil

import numpy as np
import pandas as pd
import pytest

import agents.value as V
from experiments import iterate as IT


@pytest.fixture()
def c4_weights(tmp_path, monkeypatch):
    """connect4's committed weights, copied where the loop may rewrite them."""
    shutil.copy(V.weights_path("connect4"), tmp_path / "connect4.json")
    monkeypatch.setattr(V, "WEIGHTS_DIR", tmp_path)
    return tmp_path / "connect4.json"


def _fake_duels(monkeypatch, rates):
    calls = []

    def duel(game, a, b, games, seed, players, threads=None):
        calls.append((a, b, seed, players))
        r = rates[len(calls) - 1]
        return {"rate": r, "low": r - 0.1, "high": r + 0.1, "games": games, "fair": 0.5}
    monkeypatch.setattr(IT, "duel", duel)
    return calls


def _fake_self_play(monkeypatch):
    """The refit's self-play stubbed (the loop is under test, not the games: playing them
    compiled connect4's recording and search arenas, 46 s of a cold test run): synthetic
    positions of connect4's feature count, whose outcome turns on a feature drawn by the
    seed, so every round's refit differs.  Returns the strong seat of each call."""
    from experiments import train as T
    from simcore.connect4 import API as C4

    seen = []
    nf = len(V.load_weights("connect4")["weights"])

    def fake(game, c, games, seed, best_games, progress, explore, strong="best", setup=None):
        seen.append(strong)
        rng = np.random.default_rng(seed)
        X = rng.normal(size=(400, nf))
        y = (X[:, 1 + seed % (nf - 1)] > 0).astype(float)
        return X, y, np.repeat(np.arange(100), 4), 100, C4.params(c)
    monkeypatch.setattr(T, "_self_play", fake)
    return seen


def test_the_loop_keeps_the_best_round_and_stops_when_the_duel_falls(c4_weights, monkeypatch):
    """Duel rates 0.50 (committed), 0.60, 0.55: round 1 is kept, round 2 ends the loop
    although a third round was allowed, and the file holds round 1's refit weights (not
    the committed ones, not round 2's) with every round's row."""
    start = json.loads(c4_weights.read_text())["weights"]
    calls = _fake_duels(monkeypatch, [0.50, 0.60, 0.55, 0.99])
    strong = _fake_self_play(monkeypatch)
    fits = []
    from experiments import train as T
    fit = T.train

    def train(*a, **k):
        rec = fit(*a, **k)
        fits.append(rec["weights"])
        return rec
    monkeypatch.setattr(T, "train", train)
    rec = IT.iterate("connect4", rounds=3, games=30, best_games=2, iters=3, duel_games=4,
                     seed=5, echo=lambda *_: None)
    assert len(calls) == 3 and len(fits) == 2  # stopped after round 2
    assert all(a == "best:v2,iters=3" and b == "best:v1,iters=3" for a, b, _, _ in calls)
    assert [c[2] for c in calls] == [1005, 1006, 1007]  # fresh duel seeds each round
    on_disk = json.loads(c4_weights.read_text())
    assert on_disk["weights"] == fits[0] != start
    assert on_disk["weights"] != fits[1]
    it = on_disk["iteration"]
    assert it["kept"] == 1 and [r["round"] for r in it["rounds"]] == [0, 1, 2]
    assert it["start_weights"] == start and rec["weights"] == fits[0]
    assert on_disk["strong"] == "best:v2,iters=3"  # the refit's strong seat played best:v2
    assert strong and set(strong) == {"best:v2,iters=3"}  # ...in every self-play it asked for


def test_a_first_round_that_does_not_beat_the_committed_weights_restores_them(c4_weights,
                                                                            monkeypatch):
    start = json.loads(c4_weights.read_text())
    _fake_duels(monkeypatch, [0.50, 0.50])
    _fake_self_play(monkeypatch)
    IT.iterate("connect4", rounds=2, games=30, best_games=2, iters=3, duel_games=4,
               echo=lambda *_: None)
    got = json.loads(c4_weights.read_text())
    assert got["weights"] == start["weights"] and got["iteration"]["kept"] == 0
    assert got.get("strong") == start.get("strong")


def test_the_duel_rate_counts_the_first_agent_in_whatever_seat_it_sat():
    """A hand-built frame: 'a' wins at seat 0 once, at seat 1 once and loses once at seat
    1; the capped game is left out: 2 of 3."""
    df = pd.DataFrame({"players": [2] * 4, "agent_0": ["a", "b", "b", "a"],
                       "agent_1": ["b", "a", "a", "b"],
                       "return_0": [1.0, 0.0, 1.0, 0.5], "return_1": [0.0, 1.0, 0.0, 0.5],
                       "truncated": [False, False, False, True],
                       "end_reason": ["rules", "rules", "rules", "truncated"]})
    r, lo, hi, n = IT._rate(df, "a")
    assert n == 3 and r == pytest.approx(2 / 3) and lo < r < hi
    df.loc[0, "end_reason"] = "turn-cap"  # the rules' turn cap is unresolved too
    assert IT._rate(df, "a")[3] == 2


@pytest.mark.xdist_group("connect4")  # compiles connect4's value arena: with its other users
def test_a_real_duel_plays_rotated_seats_and_the_equal_ms_share():
    d = IT.duel("connect4", "best:v2,iters=3", "best:v1,iters=3", 6, 0, 2)
    assert d["games"] == 6 and 0.0 <= d["rate"] <= 1.0 and d["fair"] == 0.5
    assert IT.equal_ms_iters(150, 3.2, 3.8) == 126
    assert np.isfinite(IT.decision_ms("connect4", "best:v1,iters=3", 2, 2, 0))


@pytest.mark.parametrize("args, words", [
    (["--rounds", "1", "--dry-run"], "--rounds without --dry-run"),
    (["--rounds", "1"], "--best-games must be an integer in 1.."),
    (["--rounds", "1", "--best-games", "2", "--iters", "0"], "--iters must be"),
    (["--rounds", "99", "--best-games", "2"], "--rounds must be an integer in 1..20"),
    (["--rounds", "1", "--best-games", "2", "--duel-players", "3"],
     "player count 3 is out of range; valid: 2"),
])
def test_bad_iteration_options_are_one_line_and_leave_the_weights_alone(c4_weights, args,
                                                                        words):
    from click.testing import CliRunner

    from cli import main

    before = c4_weights.read_text()
    r = CliRunner().invoke(main, ["train", "connect4", *args])
    assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1
    assert c4_weights.read_text() == before
