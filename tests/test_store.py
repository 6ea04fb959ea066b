"""Results that cannot go stale or get lost: shard keys and the plan manifest,
torn/empty/short shards, kill -9 and resume, file modes, and the Dask backend."""
import dataclasses
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from experiments.execute import (cell_dir, cell_frame, load_manifest, run_study,
                                 games_on_disk)
from experiments.plan import Study
from simcore.spec import BadInput

ROOT = Path(__file__).resolve().parent.parent
QUIET = dict(progress=False, echo=lambda *_: None)


def _study(seed=3, sets=(), chunk=50, games=120):
    st = Study("store", seed, [], chunk=chunk)
    st.add("connect4", 2, ("random",), games, stream=1, sets=sets)
    st.add("connect4", 2, ("scripted", "random"), 100, stream=1, sets=sets)
    return st


def _frames(out, st):
    return [cell_frame(out, c).sort_values("game_index").reset_index(drop=True)
            for c in st.cells]


def _same(a, b):
    for x, y in zip(a, b):
        pd.testing.assert_frame_equal(x, y)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref")
    st = _study()
    run_study(st, out, **QUIET)
    return out, _frames(out, st)


def test_another_seed_is_refused_then_replayed_with_fresh(tmp_path, reference):
    run_study(_study(seed=3), tmp_path, **QUIET)
    with pytest.raises(BadInput, match="another plan.*seed 3.*this run: 4.*--fresh"):
        run_study(_study(seed=4), tmp_path, **QUIET)
    _same(_frames(tmp_path, _study(seed=3)), reference[1])  # refusal damaged nothing
    run_study(_study(seed=4), tmp_path, fresh=True, **QUIET)
    four = _frames(tmp_path, _study(seed=4))
    assert (four[0]["seed"] == 4).all()
    assert not four[0]["length"].equals(reference[1][0]["length"]), "seed 3's games reused"
    assert list(tmp_path.glob("shards.old-*")), "the old shards were not kept aside"
    # seed 4's own games: equal to a clean seed-4 run elsewhere
    clean = tmp_path / "clean"
    run_study(_study(seed=4), clean, **QUIET)
    _same(four, _frames(clean, _study(seed=4)))


def test_fresh_keeps_the_cells_the_new_plan_shares(tmp_path, reference):
    """--fresh after an edit to one cell replays that cell only: a cell whose directory
    digest (cell, seed, chunk, version, rules, code, agents) is unchanged keeps its games."""
    st = _study()
    run_study(st, tmp_path, **QUIET)
    kept = {p.name: p.stat().st_mtime_ns for p in cell_dir(tmp_path, st.cells[0]).iterdir()}
    old_dir = cell_dir(tmp_path, st.cells[1]).name
    edited = _study()
    edited.cells[1] = dataclasses.replace(edited.cells[1], agents=("scripted", "scripted"))
    with pytest.raises(BadInput, match="different cell plan in cell 1"):
        run_study(edited, tmp_path, **QUIET)
    run_study(edited, tmp_path, fresh=True, **QUIET)
    now = {p.name: p.stat().st_mtime_ns for p in cell_dir(tmp_path, edited.cells[0]).iterdir()}
    assert now == kept, "an unchanged cell was replayed"
    _same(_frames(tmp_path, edited)[:1], reference[1][:1])
    new = cell_frame(tmp_path, edited.cells[1])
    assert len(new) == 100 and (new["agent_1"] == "scripted").all()
    [aside] = tmp_path.glob("shards.old-*")
    assert [p.name for p in aside.iterdir()] == [old_dir]


def test_changed_rules_value_is_never_reused(tmp_path):
    run_study(_study(), tmp_path, **QUIET)
    changed = _study(sets=("board.cols=8",))
    with pytest.raises(BadInput, match="different rules in cell 0"):
        run_study(changed, tmp_path, **QUIET)
    assert games_on_disk(changed, tmp_path) == 0
    run_study(changed, tmp_path, fresh=True, **QUIET)
    assert games_on_disk(changed, tmp_path) == 220


def test_engine_version_bump_is_refused(tmp_path, monkeypatch):
    import dataclasses

    from simcore import connect4

    run_study(_study(), tmp_path, **QUIET)
    monkeypatch.setattr(connect4, "SPEC", dataclasses.replace(connect4.SPEC,
                                                              version=connect4.SPEC.version + 1))
    with pytest.raises(BadInput, match="connect4 engine version"):
        run_study(_study(), tmp_path, **QUIET)


def test_edited_players_or_engine_code_are_refused(tmp_path, monkeypatch):
    """A scripted player or engine edit that keeps the version still changes the games:
    the resume is refused, naming the code, and --fresh replays."""
    from experiments import execute

    st = _study()
    run_study(st, tmp_path, **QUIET)
    real = execute.code_hash("connect4")
    assert len(real) == 16 and real == execute.code_hash("connect4")
    execute.code_hash.cache_clear()
    monkeypatch.setattr(execute, "code_hash", lambda game: "0" * 16)
    with pytest.raises(BadInput, match="code .engine or players edited. in cell 0"):
        run_study(_study(), tmp_path, **QUIET)
    run_study(_study(), tmp_path, fresh=True, **QUIET)
    assert games_on_disk(_study(), tmp_path) == 220


def test_best_resolving_to_other_options_is_refused(tmp_path, monkeypatch):
    """``best`` is stored as the options it stands for, so re-tuning agents.best cannot
    leave old ``best`` games in a resumed study."""
    from agents import best

    st = Study("store", 3, [], chunk=10)
    st.add("connect4", 2, ("best:iters=3", "random"), 10, stream=1)
    run_study(st, tmp_path, **QUIET)
    opts, rate = best.BEST["connect4"]
    monkeypatch.setitem(best.BEST, "connect4", ({**opts, "c": 0.5}, rate))
    with pytest.raises(BadInput, match="agents .a shorthand such as best"):
        run_study(st, tmp_path, **QUIET)


def test_refitted_weights_or_new_value_defaults_are_refused(tmp_path, monkeypatch):
    """Plain ``value`` names no weights and no defaults: a study's shards are keyed by the
    agents' rows too, so refitted weights (agents/weights/GAME.json) or a profile's new
    VALUE defaults cannot leave games of the old player in a resumed study."""
    import json
    import shutil

    from agents import value
    from simcore import registry

    st = Study("store", 3, [], chunk=10)
    st.add("connect4", 2, ("value", "random"), 10, stream=1)
    run_study(st, tmp_path / "a", **QUIET)
    assert load_manifest(tmp_path / "a")["cells"][0]["resolved_agents"][0] == "value"
    run_study(st, tmp_path / "a", **QUIET)  # unchanged: resumes
    # new defaults in the profile: the name is still plain "value"
    monkeypatch.setattr(registry.profile("connect4"), "VALUE", {"reply": 0})
    with pytest.raises(BadInput, match="agents' settings .refitted weights"):
        run_study(st, tmp_path / "a", **QUIET)
    assert load_manifest(tmp_path / "a")["cells"][0]["resolved_agents"][0] == "value"
    monkeypatch.undo()
    # refitted weights: one weight moved
    wdir = tmp_path / "weights"
    wdir.mkdir()
    rec = json.loads(value.weights_path("connect4").read_text())
    shutil.copy(value.weights_path("connect4"), wdir / "connect4.json")
    monkeypatch.setattr(value, "WEIGHTS_DIR", wdir)
    run_study(st, tmp_path / "a", **QUIET)  # the same weights in another file: resumes
    rec["weights"][0] += 0.5
    (wdir / "connect4.json").write_text(json.dumps(rec))
    with pytest.raises(BadInput, match="agents' settings .refitted weights"):
        run_study(st, tmp_path / "a", **QUIET)
    run_study(st, tmp_path / "a", fresh=True, **QUIET)
    assert games_on_disk(st, tmp_path / "a") == 10


def test_shard_dirs_carry_seed_and_chunking(tmp_path):
    """A changed chunk size writes other files; stray shards of another chunking are not read."""
    a = _study(chunk=50)
    run_study(a, tmp_path / "a", **QUIET)
    b = _study(chunk=40)
    run_study(b, tmp_path / "b", **QUIET)
    assert cell_dir(tmp_path / "a", a.cells[0]).name != cell_dir(tmp_path / "b", b.cells[0]).name
    d = cell_dir(tmp_path / "a", a.cells[0])
    extra = d / "0000000025.parquet"  # a stray overlapping chunk (as an old chunk size left)
    extra.write_bytes((d / "0000000000.parquet").read_bytes())
    assert len(cell_frame(tmp_path / "a", a.cells[0])) == 120
    man = load_manifest(tmp_path / "a")
    assert man["seed"] == 3 and man["chunk"] == 50 and man["engines"]["connect4"] >= 1
    assert all(len(c["rules_hash"]) == 16 for c in man["cells"])


@pytest.mark.parametrize("damage", ["truncated", "empty", "short"])
def test_damaged_shards_are_replayed(tmp_path, reference, damage):
    st = _study()
    run_study(st, tmp_path, **QUIET)
    p = cell_dir(tmp_path, st.cells[0]) / "0000000050.parquet"
    if damage == "truncated":
        p.write_bytes(p.read_bytes()[: p.stat().st_size // 2])
    elif damage == "empty":
        p.write_bytes(b"")
    else:  # a valid file holding fewer games than its chunk
        pd.read_parquet(p).head(10).to_parquet(p, index=False)
    assert games_on_disk(st, tmp_path) == 170
    run_study(st, tmp_path, **QUIET)
    assert games_on_disk(st, tmp_path) == 220
    _same(_frames(tmp_path, st), reference[1])


def test_written_files_follow_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        run_study(_study(), tmp_path, **QUIET)
    finally:
        os.umask(old)
    shard = next(cell_dir(tmp_path, _study().cells[0]).glob("*.parquet"))
    assert shard.stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "manifest.json").stat().st_mode & 0o777 == 0o644


_KILL_SCRIPT = """
import sys
from experiments.execute import run_study
from experiments.plan import Study
st = Study("kill", 5, [], chunk=20)
for i in range(4):
    st.add("connect4", 2, ("scripted", "random"), 400, stream=i)
run_study(st, sys.argv[1], progress=False, echo=lambda *_: None)
"""


def _kill_study():
    st = Study("kill", 5, [], chunk=20)
    for i in range(4):
        st.add("connect4", 2, ("scripted", "random"), 400, stream=i)
    return st


def test_sigkill_then_resume_equals_an_uninterrupted_run(tmp_path):
    """Kill a running study with SIGKILL once some shards exist, resume, compare."""
    part = tmp_path / "part"
    env = dict(os.environ, PYTHONPATH=str(ROOT), NUMBA_NUM_THREADS="1")
    proc = subprocess.Popen([sys.executable, "-c", _KILL_SCRIPT, str(part)], env=env,
                            cwd=ROOT)
    deadline = time.time() + 300
    while time.time() < deadline and proc.poll() is None:
        if len(list(part.glob("shards/*/*.parquet"))) >= 5:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    st = _kill_study()
    done_before = games_on_disk(st, part)
    assert 0 < done_before < 1600, "the kill did not land mid-study"
    run_study(st, part, **QUIET)
    full = tmp_path / "full"
    run_study(_kill_study(), full, **QUIET)
    a, b = _frames(part, st), _frames(full, st)
    _same(a, b)
    for df in a:
        assert df["game_index"].tolist() == list(range(400)), "a game is missing or doubled"


def test_dask_local_cluster_equals_local_backend(tmp_path, reference):
    """A real dask.distributed cluster (2 worker processes on loopback): the workers return
    tables and the client writes the shards; the games equal the local backend's bit for bit."""
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        run_study(_study(), tmp_path, backend="dask", address=cluster.scheduler_address,
                  **QUIET)
    _same(_frames(tmp_path, _study()), reference[1])


def test_backend_input_errors(tmp_path):
    with pytest.raises(BadInput, match="only used with --backend dask"):
        run_study(_study(), tmp_path, backend="local", address="tcp://127.0.0.1:1", **QUIET)
    with pytest.raises(BadInput, match="--jobs must be a positive integer"):
        run_study(_study(), tmp_path, backend="loky", jobs=-5, **QUIET)
    assert not (tmp_path / "shards").exists()


def _flip(path: Path, at: float) -> None:
    b = bytearray(path.read_bytes())
    b[int(len(b) * at)] ^= 0x10
    path.write_bytes(bytes(b))


@pytest.mark.parametrize("where", [0.02, 0.3, 0.5, 0.97])
def test_flipped_bit_is_caught_set_aside_and_replayed(tmp_path, reference, where):
    """One flipped bit anywhere (page header near the start, data in the middle) reads as
    damaged, never as other games: the shard is set aside with a line naming it and its
    games are played again, equal to the reference."""
    st = _study()
    run_study(st, tmp_path, **QUIET)
    p = cell_dir(tmp_path, st.cells[0]) / "0000000050.parquet"
    _flip(p, where)
    assert games_on_disk(st, tmp_path) == 170
    lines = []
    run_study(st, tmp_path, progress=False, echo=lines.append)
    named = [ln for ln in lines if "failed its checksum" in ln]
    assert len(named) == 1 and str(p) in named[0]
    aside = sorted(p.name for p in (tmp_path / "shards.damaged").rglob("0*"))
    assert len(aside) == 2 and aside[1] == aside[0] + ".sha256", aside  # with its checksum
    _same(_frames(tmp_path, st), reference[1])


def test_a_shard_damaged_after_the_run_is_named_not_read(tmp_path):
    """Reading back (analysis) never returns a damaged shard's games: one line names it."""
    st = _study()
    run_study(st, tmp_path, **QUIET)
    p = cell_dir(tmp_path, st.cells[1]) / "0000000000.parquet"
    _flip(p, 0.5)
    with pytest.raises(BadInput, match="0000000000.parquet.*fails its checksum"):
        cell_frame(tmp_path, st.cells[1])


@pytest.mark.parametrize("how", ["rewritten", "checksum lost"])
def test_shard_its_checksum_does_not_vouch_for_is_replayed(tmp_path, reference, how):
    """A shard rewritten behind the study's back (the same games, other bytes), or one
    whose checksum file is gone (a kill between the two writes, an older darkbalance),
    is not trusted: it is replayed."""
    st = _study()
    run_study(st, tmp_path, **QUIET)
    p = cell_dir(tmp_path, st.cells[0]) / "0000000000.parquet"
    if how == "rewritten":
        pd.read_parquet(p).to_parquet(p, index=False, compression="gzip")
    else:
        Path(str(p) + ".sha256").unlink()
    assert games_on_disk(st, tmp_path) == 170
    run_study(st, tmp_path, **QUIET)
    _same(_frames(tmp_path, st), reference[1])


def test_missing_manifest_is_rewritten_and_says_what_it_reused(tmp_path):
    st = _study()
    run_study(st, tmp_path, **QUIET)
    (tmp_path / "manifest.json").unlink()
    lines = []
    run_study(st, tmp_path, progress=False, echo=lines.append)
    assert any("no readable manifest, but 220 games" in ln for ln in lines), lines
    assert load_manifest(tmp_path)["seed"] == 3


def test_damaged_manifest_is_refused_then_fresh_keeps_the_plans_cells(tmp_path):
    st = _study()
    run_study(st, tmp_path, **QUIET)
    kept = {p.name: p.stat().st_mtime_ns for p in cell_dir(tmp_path, st.cells[0]).iterdir()}
    text = (tmp_path / "manifest.json").read_text()
    (tmp_path / "manifest.json").write_text(text[: len(text) // 2])
    with pytest.raises(BadInput, match="manifest.json' is damaged.*--fresh"):
        run_study(st, tmp_path, **QUIET)
    run_study(st, tmp_path, fresh=True, **QUIET)
    now = {p.name: p.stat().st_mtime_ns for p in cell_dir(tmp_path, st.cells[0]).iterdir()}
    assert now == kept, "shards the plan names were replayed"
    assert load_manifest(tmp_path)["chunk"] == 50


_HOLD_SCRIPT = """
import sys, time
from experiments.shards import folder_lock
with folder_lock(sys.argv[1], "study held"):
    print("held", flush=True)
    time.sleep(60)
"""


def test_one_run_per_results_folder(tmp_path, reference):
    """A folder another live process holds is refused, with or without --fresh (its shards
    stay where they are); once that process dies the folder is free again."""
    st = _study()
    run_study(st, tmp_path, **QUIET)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", _HOLD_SCRIPT, str(tmp_path)], env=env,
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        for fresh in (False, True):
            with pytest.raises(BadInput, match=f"in use by study held pid {proc.pid}"):
                run_study(_study(seed=9), tmp_path, fresh=fresh, **QUIET)
        assert not list(tmp_path.glob("shards.old-*")), "--fresh moved a running study's shards"
    finally:
        proc.kill()
        proc.wait()
    run_study(st, tmp_path, **QUIET)
    _same(_frames(tmp_path, st), reference[1])


def test_temp_shards_of_a_killed_run_are_removed(tmp_path):
    st = _study()
    run_study(st, tmp_path, **QUIET)
    d = cell_dir(tmp_path, st.cells[0])
    left = d / ".0000000100.parquet.abc123.tmp.parquet"  # what write_atomic leaves on SIGKILL
    left.write_bytes(b"x" * 1000)
    lines = []
    run_study(st, tmp_path, progress=False, echo=lines.append)
    assert not left.exists()
    assert any("removed 1 temporary file" in ln for ln in lines)
