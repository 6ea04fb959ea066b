"""The command line: every command has help, tables and exit codes (the bad-input probes
are in tests/test_cli_probe.py)."""
import os
import subprocess
import sys

import pandas as pd
import pytest
from click.testing import CliRunner

from cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_every_command_has_help():
    for name in main.list_commands(None):
        res = run(name, "--help")
        assert res.exit_code == 0, name
        assert "Usage" in res.output and len(main.get_command(None, name).help or "") > 10


def test_games_lists_registry():
    res = run("games")
    assert res.exit_code == 0
    assert "connect4" in res.output and "tictactoe" in res.output


def test_simulate_writes_csv_and_parquet(tmp_path):
    for ext in ("csv", "parquet"):
        out = tmp_path / f"g.{ext}"
        res = run("simulate", "connect4", "--games", "50", "--seed", "3", "-q", "--out", str(out))
        assert res.exit_code == 0, res.output
        df = pd.read_csv(out) if ext == "csv" else pd.read_parquet(out)
        assert len(df) == 50
        for col in ("game", "version", "setup", "seed", "game_index", "agent_0", "agent_1",
                    "return_0", "return_1", "score_0", "winner", "length", "rounds",
                    "end_reason"):
            assert col in df.columns
        assert sorted(df["game_index"]) == list(range(50))
    assert "win rate [95% Wilson]" in res.output


def test_bad_input_leaves_existing_output_untouched(tmp_path):
    out = tmp_path / "keep.csv"
    out.write_text("precious\n")
    res = run("simulate", "connect4", "--agents", "nobody", "--out", str(out))
    assert res.exit_code == 2
    assert out.read_text() == "precious\n"


def test_malformed_rules_file_is_exit_2(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("this is = = not toml")
    res = run("simulate", "connect4", "--rules", str(bad))
    assert res.exit_code == 2 and "not valid TOML" in res.output


def test_rules_lists_sources_and_overrides():
    res = run("rules", "connect4", "--set", "board.rows=7")
    assert res.exit_code == 0
    assert "board.rows = 7  [override]" in res.output
    assert "[public]" in res.output


def test_console_script_process_exit_code():
    """The real process (not CliRunner): exit status 2 and no traceback on stderr."""
    p = subprocess.run([sys.executable, os.path.join(ROOT, "cli.py"), "simulate", "nope"],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 2
    assert p.stderr.strip().startswith("error: unknown game 'nope'")
    assert "Traceback" not in p.stderr


def test_game_specific_options_translate():
    from experiments.options import game_options

    setup, sets = game_options("darkleaf", None, (), clans="murg,hexen", first="murg")
    assert setup == "hexen-murg" and sets == ("setup.first_swapped=1",)
    setup, sets = game_options("darkness", None, (), locations="51,52,53,54,55,56,57,58,59,60")
    assert setup == "custom" and sets == ("setup.locations=[51,52,53,54,55,56,57,58,59,60]",)


def test_a_spec_that_stands_for_other_options_says_so():
    """``best:ms=T`` is a number of simulations, and a tiny budget rounds up to one: the
    output says what played, not only the shorthand."""
    res = run("simulate", "connect4", "-n", "2", "-q", "--agents", "best:ms=0.0001,random")
    assert res.exit_code == 0, res.output
    assert "agent 'best:ms=0.0001' plays as 'best:iters=1,c=1.4,rollout=random'" in res.output
    res = run("simulate", "connect4", "-n", "2", "-q", "--agents", "scripted,random")
    assert "plays as" not in res.output  # nothing to say when the spec is what plays


def test_simulate_says_who_played(tmp_path):
    """The seat table names each seat's agent(s), the output says who moves first, and the
    file carries it: a first_seat column and the seats in the Parquet metadata."""
    from experiments.io import read_meta

    out = tmp_path / "g.parquet"
    res = run("simulate", "tictactoe", "-n", "30", "-q", "--agents", "scripted,random",
              "--no-rotate", "--out", str(out))
    assert res.exit_code == 0, res.output
    assert "first to move: seat 0 (rule: the seat order is fixed" in res.output
    header = next(ln for ln in res.output.splitlines() if "win rate [95% Wilson]" in ln
                  and ln.split()[0] == "seat")
    assert header.split()[:2] == ["seat", "agent"]
    seat0 = next(ln for ln in res.output.splitlines() if ln.split()[:1] == ["0"])
    assert seat0.split()[1] == "scripted"
    df = pd.read_parquet(out)
    assert (df["first_seat"] == 0).all() and (df["agent_0"] == "scripted").all()
    meta = read_meta(out)
    assert meta["partial"] == "false" and meta["games"] == "30"
    assert meta["seats"].startswith("seat 0: scripted; seat 1: random; first to move: seat 0")


def test_clans_order_is_said_and_seats_carry_clans():
    """--clans murg,wibo seats wibo first (the setups keep the Clan Starting Order): one
    line says which seat got which clan; --first murg is said as the first-move rule.
    -n 0 plays (and compiles) nothing."""
    res = run("simulate", "darkleaf", "--clans", "murg,wibo", "--first", "murg", "-n", "0",
              "-q")
    assert res.exit_code == 0, res.output
    assert ("--clans murg,wibo: seat 0 is wibo and seat 1 is murg (setup wibo-murg"
            in res.output)
    res = run("simulate", "darkleaf", "--clans", "wibo,murg", "-n", "0", "-q")
    assert res.exit_code == 0 and "seat 0 is" not in res.output
    from experiments.api import plan
    from experiments.options import game_options
    from experiments.seating import seating, with_seats

    setup, sets = game_options("darkleaf", None, (), clans="murg,wibo", first="murg")
    p = plan("darkleaf", "scripted", None, setup, None, sets)
    st = seating(p)
    assert st.clans == ("wibo", "murg") and st.first == 1
    assert "murg before wibo" in st.rule
    df = with_seats(pd.DataFrame({"first_seat": [1]}), p, st)
    assert list(df.columns) == ["first_seat", "clan_0", "clan_1"]
    assert (df["clan_0"].iloc[0], df["clan_1"].iloc[0]) == ("wibo", "murg")


def test_interrupt_before_any_game_writes_nothing(tmp_path, monkeypatch):
    from simcore import dispatch

    def stop(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(dispatch, "call", stop)
    out = tmp_path / "g.parquet"
    res = run("simulate", "connect4", "-n", "50", "-q", "--out", str(out))
    assert res.exit_code == 130, res.output
    assert "nothing written to" in res.output and not out.exists()
    assert list(tmp_path.iterdir()) == []  # no temporary file left either


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_interrupted_simulate_keeps_finished_games(tmp_path, sig):
    """A real process sent Ctrl-C / SIGTERM while playing: the file holds the games that
    had finished, says it is partial, and they are the very games a full run plays."""
    import signal
    import time

    from experiments.api import simulate
    from experiments.io import read_meta

    total = 20_000  # a tenth (the first progress line) finishes in about a second
    out = tmp_path / "g.parquet"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "cli.py"), "simulate", "connect4", "-n",
         str(total), "--agents", "mcts:iters=100,random", "--seed", "4", "--threads", "1",
         "--out", str(out)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    t0 = time.time()
    while True:  # wait for the first progress line: games are finishing
        line = proc.stderr.readline()
        assert line or proc.poll() is None, "no progress line before exit"
        if "games/s" in line:
            break
        assert time.time() - t0 < 300
    proc.send_signal(getattr(signal, sig))
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stdout + stderr
    assert "Traceback" not in stderr
    df = pd.read_parquet(out)
    n = len(df)
    assert 0 < n < total
    assert f"a partial run, the {n:,} games finished of {total:,}" in stderr
    meta = read_meta(out)
    assert meta["partial"] == "true" and meta["games"] == str(n)
    full = simulate("connect4", "mcts:iters=100,random", games=n, seed=4)
    cols = ["game_index", "agent_0", "return_0", "return_1", "length", "winner"]
    pd.testing.assert_frame_equal(df[cols], full[cols])


def test_seat_table_names_clans_and_who_moved_first():
    """With clans and a first player drawn per game, the seat table carries both."""
    from experiments.seating import Seating
    from experiments.summary import seat_table, summary_text

    df = pd.DataFrame({"game": "g", "version": 1, "setup": "s", "players": 2, "seed": 0,
                       "agent_0": ["a", "b", "a"], "agent_1": ["b", "a", "b"],
                       "return_0": [1.0, 0.0, 1.0], "return_1": [0.0, 1.0, 0.0],
                       "score_0": 0, "score_1": 0, "winner": [0, 1, 0], "length": 9,
                       "truncated": False, "first_player": [1, 1, 0]})
    st = Seating(("wibo", "murg"), None, "drawn", "first_player")
    t = seat_table(df, st)
    assert list(t.columns[:4]) == ["seat", "agent", "clan", "moved first"]
    assert t["agent"].tolist() == ["a 2 / b 1", "a 1 / b 2"]
    assert t["clan"].tolist() == ["wibo", "murg"] and t["moved first"].tolist() == [1, 2]
    assert "first to move: drawn per game (rule: drawn); seat 0 in 1 games, seat 1 in 2 games" \
        in summary_text(df, st)


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "court", "darkleaf", "darkness",
                                  "humanity", "frontier"])
def test_every_game_says_who_moves_first(game):
    """Every game's seating is complete: a first seat in range, or a per-game column that
    holds it; clans, where given, one per seat (plans only: nothing is compiled)."""
    from experiments.api import plan
    from experiments.seating import seating
    from simcore.spec import get_spec

    spec = get_spec(game)
    for players in sorted({spec.players[0], spec.players[1]}):
        st = seating(plan(game, "random", players))
        assert st.rule
        if st.first is None:
            assert st.column in spec.info_columns
        else:
            assert 0 <= st.first < players
        assert st.clans is None or len(st.clans) == players
