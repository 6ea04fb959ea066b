"""The random-only arena (simcore.dispatch.random_key): a plan of random players compiles
no search and no scripted player, and plays the same games as the full arena."""
import pandas as pd
import pytest

from experiments.api import arena_key, plan, simulate
from simcore import dispatch
from simcore.spec import BadInput


@pytest.mark.parametrize("game", ["tictactoe"])
def test_random_only_arena_plays_the_same_games(game):
    """The random-only arena (the driver with every other agent kind compiled out) plays
    the full arena's games bit for bit.  The driver is generic, so one game checks it; a
    second (connect4) cost the suite 13 s of compiling on 2 cores."""
    kw = {"games": 300, "seed": 4, "threads": 1}
    full = simulate(game, "random", arena="full", **kw)
    rand = simulate(game, "random", arena="random", **kw)
    pd.testing.assert_frame_equal(full, rand)
    # and the two are two compiled drivers, not one
    p = plan(game, "random")
    assert arena_key(p, "random", lambda k: True) != arena_key(p, "full", lambda k: True)


def test_arena_choice(monkeypatch):
    monkeypatch.delenv("DARKBALANCE_ARENA", raising=False)
    p = plan("tictactoe", "random")
    full, rk = p.spec.key, dispatch.random_key(p.spec.key)
    assert dispatch.random_only(rk) and not dispatch.random_only(full)
    assert dispatch.game_id(rk) == dispatch.game_id(full)
    # auto: the random-only arena, unless only the full one is ready
    assert arena_key(p, "auto", lambda k: False) == rk
    assert arena_key(p, "auto", lambda k: k == full) == full
    assert arena_key(p, "auto", lambda k: True) == rk
    assert arena_key(p, "full", lambda k: False) == full
    # a plan with a scripted seat always needs the full arena
    mixed = plan("tictactoe", "random,scripted")
    assert arena_key(mixed, "auto", lambda k: False) == full
    with pytest.raises(BadInput, match="random players only"):
        arena_key(mixed, "random", lambda k: True)
    with pytest.raises(BadInput, match="valid: auto, full, random"):
        arena_key(p, "fast", lambda k: True)
    # the test suite's setting: auto plays on the full arena
    monkeypatch.setenv("DARKBALANCE_ARENA", "full")
    assert arena_key(p, "auto", lambda k: False) == full


@pytest.mark.xdist_group("connect4")  # compiles tictactoe and connect4 only
def test_warmup_compiles_games_in_parallel_processes():
    """`darkbalance warmup -j 2`: the games compile in two worker processes (longest first)
    and this process then loads them from numba's cache; a bad game is one line, exit 2."""
    from click.testing import CliRunner

    from cli import main

    res = CliRunner().invoke(main, ["warmup", "tictactoe", "connect4", "-j", "2"])
    assert res.exit_code == 0, res.output
    # a cache left by earlier source versions is pruned first, in one line of its own
    lines = [ln for ln in res.output.splitlines() if not ln.startswith("removed ")]
    assert lines[0].startswith("compiling connect4, tictactoe in 2 processes")
    assert sorted(ln.split(":")[0] for ln in lines[1:]) == ["connect4", "tictactoe"]
    assert all("ready in" in ln for ln in lines[1:])
    bad = CliRunner().invoke(main, ["warmup", "chess", "-j", "2"])
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1
    assert "chess" in bad.output and "connect4" in bad.output
