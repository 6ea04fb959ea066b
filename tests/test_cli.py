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
