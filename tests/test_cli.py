"""The command line: every command has help, bad input is one line with exit 2."""
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


@pytest.mark.parametrize("args,needle", [
    (["simulate", "chess"], "unknown game 'chess'; valid: tictactoe, connect4"),
    (["simulate", "connect4", "--players", "3"], "player count 3 is out of range; valid: 2"),
    (["simulate", "connect4", "--agents", "alphazero"], "unknown agent 'alphazero'"),
    (["simulate", "connect4", "--games", "-5"], "--games must be an integer"),
    (["simulate", "connect4", "--setup", "huge"], "unknown setup 'huge'; valid: standard"),
    (["simulate", "connect4", "--set", "board.size=3"], "unknown rules path 'board.size'"),
    (["simulate", "connect4", "--rules", "/nonexistent.toml"], "does not exist"),
    (["simulate", "connect4", "--out", "/nonexistent/dir/x.csv"], "does not exist"),
    (["simulate", "connect4", "--out", "games.xlsx"], "valid: .parquet, .csv"),
    (["simulate", "connect4", "--threads", "0"], "threads must be an integer"),
    (["rules", "monopoly"], "unknown game 'monopoly'"),
    (["frobnicate"], "unknown command 'frobnicate'; valid:"),
    (["bench", "--game", "go"], "unknown game 'go'"),
])
def test_bad_input_is_one_line_exit_2(args, needle):
    res = run(*args)
    assert res.exit_code == 2, res.output
    lines = [ln for ln in res.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), res.output
    assert needle in lines[0]
    assert "Traceback" not in res.output


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


@pytest.mark.parametrize("args,needle", [
    (["simulate", "darkleaf", "--clans", "huldra,zebra"], "unknown clan 'zebra'"),
    (["simulate", "darkleaf", "--clans", "huldra"], "give two clans"),
    (["simulate", "darkleaf", "--clans", "huldra,murg", "--first", "erde"], "not one of the clans"),
    (["simulate", "court", "--clans", "huldra,murg"], "apply to darkleaf only"),
    (["simulate", "darkness", "--locations", "51,52"], "valid: 10 distinct numbers"),
    (["simulate", "darkness", "--locations", "51,52,53,54,55,56,57,58,59,99"], "unknown location 99"),
    (["simulate", "connect4", "--random-setup"], "apply to darkness only"),
])
def test_game_specific_options_bad_input(args, needle):
    res = run(*args)
    assert res.exit_code == 2, res.output
    assert needle in res.output and len(res.output.strip().splitlines()) == 1


def test_game_specific_options_translate():
    from experiments.options import game_options

    setup, sets = game_options("darkleaf", None, (), clans="murg,hexen", first="murg")
    assert setup == "hexen-murg" and sets == ("setup.first_swapped=1",)
    setup, sets = game_options("darkness", None, (), locations="51,52,53,54,55,56,57,58,59,60")
    assert setup == "custom" and sets == ("setup.locations=[51,52,53,54,55,56,57,58,59,60]",)
