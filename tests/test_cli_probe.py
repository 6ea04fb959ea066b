"""Bad input of every kind, probed through the CLI: each is one `error:` line, exit 2, no
traceback, raised before any work, and nothing already written is damaged.

``PROBES`` is the one list: the bad inputs external probes found, and every earlier
bad-input check of the suite.  A probe is (id, argv or a function of the test's tmp_path
returning argv, the text the line must hold, extra environment)."""
import fcntl
import json
import os
import shutil

import pytest
from click.testing import CliRunner

from cli import main

LONG = "x" * 300


def run(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env)


def one_line_exit_2(res, needle):
    assert res.exit_code == 2, res.output
    lines = [ln for ln in res.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), res.output
    assert needle in lines[0], lines[0]
    assert "Traceback" not in res.output


def _loop(tmp):
    a, b = tmp / "a.toml", tmp / "b.toml"
    os.symlink(b, a)
    os.symlink(a, b)
    return ["simulate", "connect4", "--rules", a]


def _under_a_file(tmp):
    f = tmp / "plain.txt"
    f.write_text("x")
    return ["simulate", "connect4", "--rules", f / "r.toml"]


def _values_csv(tmp, path="court.zero_bid_allowed", value="1", low="0", high="1"):
    """A designer's values CSV (as `rules --assumed --format csv` writes) with one row."""
    f = tmp / "values.csv"
    f.write_text("path,value,range_low,range_high\n" f"{path},{value},{low},{high}\n")
    return ["rules", "court", "--rules", f]


def _baseline(tmp, mutate):
    """A one-cell copy of the committed baseline with ``mutate`` applied to its cell."""
    from experiments.regress import DEFAULT_PATH

    doc = json.loads(DEFAULT_PATH.read_text())
    doc["cells"] = doc["cells"][:1]
    mutate(doc["cells"][0])
    p = tmp / "b.json"
    p.write_text(json.dumps(doc))
    return p


def regress_with(mutate):
    return lambda tmp: ["regress", _baseline(tmp, mutate)]


def _metric(c):
    return next(iter(c["metrics"].values()))


def _study_with_manifest(text):
    def make(tmp):
        d = tmp / "r" / "winrates"
        d.mkdir(parents=True)
        (d / "manifest.json").write_text(text)
        return ["study", "winrates", "--results", tmp / "r"]
    return make


def _png_is_a_dir(tmp):
    (tmp / "c.png").mkdir()
    return ["compare", "connect4", "-n", 10, "--variant", "v: board.rows=5", "--html",
            tmp / "c.html"]


def _locked(tmp):
    """The results folder of a study held by another run (an flock on its .lock)."""
    d = tmp / "r" / "winrates"
    d.mkdir(parents=True)
    fh = open(d / ".lock", "w")
    fh.write("study winrates pid 4242 on testhost since now\n")
    fh.flush()
    fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
    _HELD.append(fh)
    return ["study", "winrates", "--results", tmp / "r"]


_HELD: list = []

PROBES = [
    # games, setups, players, agents
    ("unknown-game", ["simulate", "chess"], "unknown game 'chess'; valid: tictactoe, connect4",
     None),
    ("players", ["simulate", "connect4", "--players", "3"],
     "player count 3 is out of range; valid: 2", None),
    ("agent", ["simulate", "connect4", "--agents", "alphazero"], "unknown agent 'alphazero'",
     None),
    ("games-negative", ["simulate", "connect4", "--games", "-5"], "--games must be an integer",
     None),
    ("setup", ["simulate", "connect4", "--setup", "huge"], "unknown setup 'huge'; valid: standard",
     None),
    ("set-path", ["simulate", "connect4", "--set", "board.size=3"],
     "unknown rules path 'board.size'", None),
    ("rules-missing", ["simulate", "connect4", "--rules", "/nonexistent.toml"], "does not exist",
     None),
    ("out-dir-missing", ["simulate", "connect4", "--out", "/nonexistent/dir/x.csv"],
     "does not exist", None),
    ("out-format", ["simulate", "connect4", "--out", "games.xlsx"], "valid: .parquet, .csv", None),
    ("threads", ["simulate", "connect4", "--threads", "0"], "threads must be an integer", None),
    ("rules-game", ["rules", "monopoly"], "unknown game 'monopoly'", None),
    ("command", ["frobnicate"], "unknown command 'frobnicate'; valid:", None),
    ("bench-game", ["bench", "--game", "go"], "unknown game 'go'", None),
    ("clan", ["simulate", "darkleaf", "--clans", "huldra,zebra"], "unknown clan 'zebra'", None),
    ("one-clan", ["simulate", "darkleaf", "--clans", "huldra"], "give two clans", None),
    ("first-clan", ["simulate", "darkleaf", "--clans", "huldra,murg", "--first", "erde"],
     "not one of the clans", None),
    ("clans-elsewhere", ["simulate", "court", "--clans", "huldra,murg"], "apply to darkleaf only",
     None),
    ("locations-count", ["simulate", "darkness", "--locations", "51,52"],
     "valid: 10 distinct numbers", None),
    ("location", ["simulate", "darkness", "--locations", "51,52,53,54,55,56,57,58,59,99"],
     "unknown location 99", None),
    ("random-setup-elsewhere", ["simulate", "connect4", "--random-setup"],
     "apply to darkness only", None),
    ("games-too-many", ["simulate", "connect4", "--games", 10**12], "run a study for more", None),
    # rules files and output paths
    ("rules-symlink-loop", _loop, "cannot be read", None),
    ("rules-under-a-file", _under_a_file, "rules file", None),
    ("rules-name-too-long", lambda t: ["simulate", "connect4", "--rules", t / (LONG + ".toml")],
     "rules file", None),
    ("out-pseudo-filesystem", ["simulate", "connect4", "-n", 10, "--out",
                               "/proc/self/games.csv"], "'/proc/self/games.csv'", None),
    ("out-name-too-long", lambda t: ["simulate", "connect4", "-n", 10, "--out",
                                     t / (LONG + ".csv")], "file name too long", None),
    ("bench-json-long", lambda t: ["bench", "--json", t / (LONG + ".json")], "file name too long",
     None),
    ("bench-json-suffix", lambda t: ["bench", "--json", t / "b.txt"], "valid: .json", None),
    ("results-too-long", lambda t: ["study", "winrates", "--results", t / LONG],
     "cannot be created", None),
    ("rules-set-validated", ["rules", "connect4", "--set", "board.cols=99"], "board.cols", None),
    ("values-csv-path", lambda t: _values_csv(t, path="court.nope"),
     "line 2: court: unknown rules path 'court.nope'", None),
    ("values-csv-type", lambda t: _values_csv(t, value='"seven"'),
     "court.zero_bid_allowed must be int", None),
    ("values-csv-range", lambda t: _values_csv(t, value="5"),
     "line 2: court.zero_bid_allowed = 5 is outside its range [0, 1]", None),
    ("values-csv-columns", lambda t: (t / "v.csv").write_text("a,b\n1,2\n") and
     ["rules", "court", "--rules", t / "v.csv"], "needs the columns path and value", None),
    ("values-csv-out-without-csv", lambda t: ["rules", "court", "--out", t / "v.csv"],
     "--out writes the CSV: add --format csv", None),
    ("newline-in-set", ["simulate", "connect4", "--set", "board.cols=8\nboard.rows=7"],
     "no line breaks", None),
    # backends
    ("jobs-negative", lambda t: ["study", "winrates", "--jobs", "-5", "--backend", "loky",
                                 "--results", t / "r"], "--jobs must be a positive", None),
    ("address-without-dask", lambda t: ["study", "winrates", "--address", "tcp://127.0.0.1:1",
                                        "--results", t / "r"], "only used with --backend dask",
     None),
    ("report-jobs-zero", lambda t: ["report", "--jobs", "0", "--backend", "loky", "--results",
                                    t / "r"], "--jobs must be a positive", None),
    ("dask-address-malformed", lambda t: ["study", "winrates", "--backend", "dask", "--address",
                                          "tcp://::bad", "--results", t / "r"],
     "--address 'tcp://::bad' is malformed", None),
    ("dask-unreachable", lambda t: ["study", "winrates", "--backend", "dask", "--address",
                                    "tcp://127.0.0.1:1", "--results", t / "r"],
     "cannot reach the Dask scheduler at 'tcp://127.0.0.1:1'", None),
    ("report-dask-unreachable", lambda t: ["report", "--backend", "dask", "--address",
                                           "tcp://127.0.0.1:1", "--results", t / "r"],
     "cannot reach the Dask scheduler", None),
    # the balance gate: malformed baselines
    ("baseline-no-metrics", regress_with(lambda c: c.update(metrics={})), "has no metrics", None),
    ("baseline-n-zero", regress_with(lambda c: _metric(c).update(n=0)), "has n=0", None),
    ("baseline-mean-text", regress_with(lambda c: _metric(c).update(mean="high")),
     "must be a number", None),
    ("baseline-setup-number", regress_with(lambda c: c.update(setup=7)),
     "'setup' must be a name", None),
    ("baseline-nan-metric", regress_with(lambda c: _metric(c).update(mean=float("nan"))),
     "a gate needs finite numbers", None),
    ("baseline-no-fingerprint", regress_with(lambda c: c.pop("fingerprint")),
     "cell 0 has no 'fingerprint'", None),
    ("baseline-corrupt-fingerprint",
     regress_with(lambda c: c["fingerprint"].update(games16="!!not base64!!")),
     "games16 does not decode", None),
    ("baseline-short-fingerprint",
     regress_with(lambda c: c["fingerprint"].update(games16="eJwDAAAAAAE=")),
     "games16 holds 0 games", None),
    ("baseline-bad-sha", regress_with(lambda c: c["fingerprint"].update(sha256="xyz")),
     "sha256 must be 64 hex digits", None),
    ("baseline-sets-number", regress_with(lambda c: c.update(sets=[5])), "cell 0 'sets' is [5]",
     None),
    ("baseline-games-zero", regress_with(lambda c: c.update(games=0)), "'games' is 0", None),
    ("baseline-agent-inf", regress_with(lambda c: c.update(agents="best:ms=inf")),
     "ms=inf out of range", None),
    # agent specs
    ("best-ms-negative", ["simulate", "connect4", "--agents", "best:ms=-5"],
     "ms=-5 out of range", None),
    ("best-ms-inf", ["simulate", "connect4", "--agents", "best:ms=inf"], "ms=inf out of range",
     None),
    ("best-ms-nan", ["simulate", "connect4", "--agents", "best:ms=nan"], "ms=nan out of range",
     None),
    ("duplicate-key", ["simulate", "connect4", "--agents", "mcts:iters=10,iters=20"],
     "option 'iters' is given twice", None),
    # compare
    ("variant-named-baseline", ["compare", "connect4", "-n", 10, "--variant",
                                "baseline: board.rows=7"], "is reserved", None),
    ("variant-twice", ["compare", "connect4", "-n", 10, "--variant", "a: board.rows=7",
                       "--variant", "A: board.rows=5"], "variant name 'A' is given twice", None),
    ("compare-png-dir", _png_is_a_dir, "c.png' is a directory", None),
    ("compare-zero-games", ["compare", "connect4", "-n", 0, "--variant", "v: board.rows=7"],
     "--games must be an integer in 2..", None),
    ("decisions-zero-games", ["decisions", "connect4", "-n", 0],
     "--games must be an integer in 1..", None),
    ("replay-threads", ["replay", "connect4", "--threads", 0], "--threads must be an integer",
     None),
    # environment
    ("warmup-jobs-env", ["games"], "DARKBALANCE_WARMUP_JOBS='abc'",
     {"DARKBALANCE_WARMUP_JOBS": "abc"}),
    ("arena-env", ["simulate", "connect4", "-n", 5], "DARKBALANCE_ARENA='fast'",
     {"DARKBALANCE_ARENA": "fast"}),
    # results folders
    ("manifest-truncated", _study_with_manifest('{"study": "winrates", "se'),
     "manifest.json' is damaged (not readable JSON", None),
    ("manifest-list", _study_with_manifest("[]"), "is damaged (a list, not an object)", None),
    ("manifest-string", _study_with_manifest('"x"'), "is damaged (a str, not an object)", None),
    ("manifest-cells-number", _study_with_manifest(
        '{"seed": 0, "chunk": 5, "engines": {}, "cells": 5}'), "'cells' must be a list", None),
    ("folder-in-use", _locked, "is in use by study winrates pid 4242", None),
]


@pytest.mark.parametrize("argv,needle,env", [p[1:] for p in PROBES],
                         ids=[p[0] for p in PROBES])
def test_bad_input_probe(tmp_path, argv, needle, env):
    """One `error:` line naming the bad value, exit 2, no traceback; nothing in the test's
    folder changed."""
    args = argv(tmp_path) if callable(argv) else argv
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    try:
        one_line_exit_2(run(*args, env=env), needle)
    finally:
        while _HELD:
            _HELD.pop().close()
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before, "a refused run wrote or changed files"
    assert not (tmp_path / "r" / "winrates" / "shards").exists()
    assert not (tmp_path / "r" / "report").exists()


def test_probe_count():
    """The note reports the probes handled out of those tried: keep the count honest."""
    assert len({p[0] for p in PROBES}) == len(PROBES) >= 60


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
