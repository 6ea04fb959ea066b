"""Replays and decision statistics: the replay is the simulated game, every legal
action has words and a kind, and decision counts add up to each seat's decisions."""
import numpy as np
import pytest

from experiments.api import plan, run_plan, simulate
from experiments.replay import decisions, describe, format_replay, replay
from simcore.rng import new_rng
from simcore.spec import game_names, get_game

# (game, players, agents, setup): scripted and random seats, rotated as simulate rotates them
CASES = [
    ("tictactoe", 2, "scripted,random", None),
    ("connect4", 2, "scripted,random", None),
    ("court", 4, "scripted,random,scripted,random", None),
    ("darkleaf", 2, "scripted,random", None),
    ("darkness", 3, "scripted,random,scripted", None),
    ("humanity", 3, "scripted,random,scripted", None),
    ("frontier", 1, "scripted", None),
]


@pytest.mark.parametrize("name,players,agents,setup", CASES, ids=[c[0] for c in CASES])
def test_replay_is_the_simulated_game(name, players, agents, setup):
    p = plan(name, agents, players, setup)
    for seed, index in ((0, 0), (3, 5)):
        df = simulate(name, agents, games=index + 1, seed=seed, players=players, setup=setup)
        row = df.iloc[index]
        r = replay(p, index, seed)
        assert r["end"]["length"] == row["length"]
        for s in range(players):
            assert r["end"]["scores"][s] == row[f"score_{s}"]
            assert r["end"]["returns"][s] == row[f"return_{s}"]
            assert r["agents"][s] == row[f"agent_{s}"]
        assert r["end"]["winner"] == row["winner"]
        assert len(r["steps"]) == row["length"]
        # the seats in the log are the seats that acted: each step's seat is in range
        assert {st["seat"] for st in r["steps"]} <= set(range(players))
        text = format_replay(r)
        assert text.splitlines()[-1].startswith("end: ")


@pytest.mark.parametrize("name", game_names())
def test_every_legal_action_has_words_and_a_kind(name):
    mod = get_game(name)
    spec = mod.SPEC
    eng = mod.API.engine
    players = min(max(spec.players[0], 2), spec.players[1])
    params = mod.API.params(players)
    rng = new_rng(4, 0, 0, 1)
    state = mod.API.new_state(params, seed=4)
    for _ in range(400):
        if eng.is_terminal(state, params):
            break
        legal = mod.API.legal_actions(state, params)
        for a in legal:
            text = describe(mod, state, params, int(a))
            assert isinstance(text, str) and text.strip(), f"{name}: action {a} has no words"
            if hasattr(eng, "action_kind"):
                k = int(eng.action_kind(state, params, np.int64(a)))
                assert 0 <= k < len(spec.action_kinds), f"{name}: kind {k} of action {a}"
        a = int(legal[int(rng[1] % np.uint64(len(legal)))])
        rng[1] += np.uint64(1)
        eng.step(state, params, np.int64(a), rng)


@pytest.mark.parametrize("name,players,agents,setup", CASES, ids=[c[0] for c in CASES])
def test_decision_counts_add_up_to_each_seats_decisions(name, players, agents, setup):
    p = plan(name, agents, players, setup)
    raw = run_plan(p, 4, 2, count_kinds=True)
    kinds = raw["kinds"]
    assert (kinds.sum(axis=(1, 2)) == raw["length"]).all()
    for g in range(4):
        r = replay(p, g, 2)
        per_seat = np.bincount([st["seat"] for st in r["steps"]], minlength=players)
        assert kinds[g].sum(axis=1).tolist() == per_seat.tolist()
        for st in r["steps"]:  # the replay's kind names match the counted kinds
            assert st["kind"] in p.spec.action_kinds
    df = decisions(p, 20, 2)
    assert set(df["kind"]) <= set(p.spec.action_kinds)
    got = df.groupby("seat")["decisions"].sum()
    raw = run_plan(p, 20, 2, count_kinds=True)
    assert got.tolist() == raw["kinds"].sum(axis=(0, 2)).tolist()


def test_calibration_games_name_their_actions():
    from simcore import connect4, tictactoe

    p = connect4.API.params()
    s = connect4.API.new_state(p)
    assert connect4.describe(s, p, 3) == "seat 0 drops a disc in column 4 (lands on row 1)"
    connect4.API.step(s, p, 3)
    assert connect4.describe(s, p, 3) == "seat 1 drops a disc in column 4 (lands on row 2)"
    assert int(connect4.engine.action_kind(s, p, np.int64(3))) == 3
    p = tictactoe.API.params()
    s = tictactoe.API.new_state(p)
    assert tictactoe.describe(s, p, 4).startswith("X (seat 0) marks b2")
    kinds = [tictactoe.SPEC.action_kinds[int(tictactoe.engine.action_kind(s, p, np.int64(a)))]
             for a in (4, 0, 1)]
    assert kinds == ["centre", "corner", "edge"]


def test_replay_and_decisions_say_who_played():
    """The replay's header names each seat's agent and who moved first (by the rule); the
    decisions table carries the games each seat moved first."""
    p = plan("tictactoe", "scripted,random")
    r = replay(p, 1, seed=2)  # game 1: the rotation seats random first
    assert r["agents"] == ["random", "scripted"] and r["first"] == 0
    assert r["steps"][0]["seat"] == r["first"]
    lines = format_replay(r).splitlines()
    assert "seat 0: random  seat 1: scripted" in lines[0]
    assert lines[1].startswith("first to move: seat 0 (rule: the seat order is fixed")
    df = decisions(p, 40, seed=1)
    first = df.groupby("seat")["moved_first"].sum() / len(p.spec.action_kinds)
    assert first[0] == 40 and first[1] == 0


def test_first_line_counts_a_drawn_first_player():
    """Where each game draws the first player, the line counts the games per seat."""
    import pandas as pd

    from experiments.seating import Seating, first_line

    st = Seating(None, None, "drawn at random", "first_player")
    df = pd.DataFrame({"first_player": [1, 0, 1, 2]})
    assert first_line(st, df) == ("first to move: drawn per game (rule: drawn at random); "
                                  "seat 0 in 1 games, seat 1 in 2 games, seat 2 in 1 games")
    st = Seating(("wibo", "murg"), 1, "murg first", "first_seat")
    assert first_line(st) == "first to move: seat 1 (murg) (rule: murg first)"
