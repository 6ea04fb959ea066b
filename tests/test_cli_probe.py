"""The bad inputs an external probe found (issue 19): each is one `error:` line, exit 2,
no traceback, raised before any work, and nothing already written is damaged."""
import json
import os
import shutil

import pytest
from click.testing import CliRunner

from cli import main

LONG = "x" * 300


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_line_exit_2(res, needle):
    assert res.exit_code == 2, res.output
    lines = [ln for ln in res.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), res.output
    assert needle in lines[0], lines[0]
    assert "Traceback" not in res.output


@pytest.fixture
def loop(tmp_path):
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    os.symlink(b, a)
    os.symlink(a, b)
    return a


def test_too_many_games_for_memory():
    one_line_exit_2(run("simulate", "connect4", "--games", 10**12), "run a study for more")


def test_rules_symlink_loop(loop):
    one_line_exit_2(run("simulate", "connect4", "--rules", loop), "cannot be read")


def test_rules_under_a_file(tmp_path):
    f = tmp_path / "plain.txt"
    f.write_text("x")
    one_line_exit_2(run("simulate", "connect4", "--rules", f / "r.toml"), "rules file")


def test_rules_name_too_long(tmp_path):
    one_line_exit_2(run("simulate", "connect4", "--rules", tmp_path / (LONG + ".toml")),
                    "rules file")


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_out_into_a_pseudo_filesystem():
    one_line_exit_2(run("simulate", "connect4", "-n", 10, "--out", "/proc/self/games.csv"),
                    "'/proc/self/games.csv'")


def test_out_name_too_long(tmp_path):
    one_line_exit_2(run("simulate", "connect4", "-n", 10, "--out", tmp_path / (LONG + ".csv")),
                    "file name too long")


def test_full_disk_leaves_the_old_file(tmp_path, monkeypatch):
    out = tmp_path / "g.csv"
    out.write_text("old,table\n")
    import pandas as pd

    def full(self, *a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pd.DataFrame, "to_csv", full)
    res = run("simulate", "connect4", "-n", 10, "-q", "--out", out)
    assert res.exit_code == 2 and "Traceback" not in res.output
    errors = [ln for ln in res.output.splitlines() if ln.startswith("error: ")]
    assert len(errors) == 1 and "No space left on device" in errors[0]
    assert res.output.rstrip().splitlines()[-1] == errors[0]  # the summary came first
    assert out.read_text() == "old,table\n"
    assert [f.name for f in tmp_path.iterdir()] == ["g.csv"]  # no temporary left behind


def test_bench_json_target_checked_first(tmp_path):
    one_line_exit_2(run("bench", "--json", tmp_path / (LONG + ".json")), "file name too long")
    one_line_exit_2(run("bench", "--json", tmp_path / "b.txt"), "valid: .json")


def test_dask_backend_without_dask_leaves_nothing(tmp_path, monkeypatch):
    import builtins

    real = builtins.__import__

    def no_dask(name, *a, **k):
        if name.startswith("dask"):
            raise ImportError(name)
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_dask)
    res = run("study", "winrates", "--backend", "dask", "--address", "tcp://127.0.0.1:1",
              "--results", tmp_path / "r")
    one_line_exit_2(res, "pip install 'darkbalance[distributed]'")
    assert not (tmp_path / "r").exists()


def test_results_name_too_long(tmp_path):
    one_line_exit_2(run("study", "winrates", "--results", tmp_path / LONG), "cannot be created")


@pytest.mark.parametrize("args,needle", [
    (["study", "winrates", "--jobs", "-5", "--backend", "loky"], "--jobs must be a positive"),
    (["study", "winrates", "--address", "tcp://127.0.0.1:1"], "only used with --backend dask"),
    (["report", "--jobs", "0", "--backend", "loky"], "--jobs must be a positive"),
])
def test_ignored_options_are_refused(tmp_path, args, needle):
    one_line_exit_2(run(*args, "--results", tmp_path / "r"), needle)
    assert not (tmp_path / "r" / "winrates").exists()


def test_rules_set_is_validated_like_simulate():
    one_line_exit_2(run("rules", "connect4", "--set", "board.cols=99"), "board.cols")


def test_newline_inside_one_set():
    one_line_exit_2(run("simulate", "connect4", "--set", "board.cols=8\nboard.rows=7"),
                    "no line breaks")


def _baseline(tmp_path, mutate):
    from experiments.regress import DEFAULT_PATH

    doc = json.loads(DEFAULT_PATH.read_text())
    doc["cells"] = doc["cells"][:1]
    mutate(doc["cells"][0])
    p = tmp_path / "b.json"
    p.write_text(json.dumps(doc))
    return p


@pytest.mark.parametrize("mutate,needle", [
    (lambda c: c.update(metrics={}), "has no metrics"),
    (lambda c: next(iter(c["metrics"].values())).update(n=0), "has n=0"),
    (lambda c: next(iter(c["metrics"].values())).update(mean="high"), "must be a number"),
    (lambda c: c.update(setup=7), "'setup' must be a name"),
])
def test_malformed_baselines_fail_the_gate(tmp_path, mutate, needle):
    p = _baseline(tmp_path, mutate)
    before = p.read_bytes()
    one_line_exit_2(run("regress", p), needle)
    assert p.read_bytes() == before


def test_baseline_cell_without_setup_runs(tmp_path):
    """A cell without 'setup' uses the game's default setup (no KeyError)."""
    from experiments.regress import load_baseline

    p = _baseline(tmp_path, lambda c: c.pop("setup", None))
    assert "setup" not in load_baseline(p)["cells"][0]


def test_long_names_do_not_leave_files(tmp_path):
    shutil.rmtree(tmp_path)
    tmp_path.mkdir()
    run("simulate", "connect4", "-n", 5, "--out", tmp_path / (LONG + ".csv"))
    assert list(tmp_path.iterdir()) == []
