"""Run a study's cells in chunks; each finished chunk is one Parquet shard, written atomically.

Shards live in ``<out>/shards/c<cell>-<key>/<first game index>.parquet``. A killed
study resumes from its shards: finished chunks are read, not replayed, and the
games are identical either way because every game is a pure function of
(seed, stream, game index, plan).

Backends: ``local`` (chunks one after another in this process, numba threads
across cores: the fastest on one machine), ``loky`` (joblib processes, one
numba thread each) and ``dask`` (a distributed cluster at ``address``).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import time
from functools import cache
from pathlib import Path

import numpy as np
import pandas as pd

from experiments.io import write_atomic
from experiments.plan import Cell, Study
from experiments.shards import (folder_lock, read_shard, remove_temps, set_aside, shard_ok,
                                write_shard)
from experiments.stats import wilson
from simcore.spec import BadInput

BACKENDS = ("local", "loky", "dask")
_ADDRESS = re.compile(
    r"^(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):"
    r"([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$")


MANIFEST = "manifest.json"


def _params_hash(cell: Cell) -> tuple[str, int, list[str], str]:
    """(hash of the compiled rules, engine version, canonical agents, hash of the agents'
    rows) of a cell: every rules value that can change a game (rules.toml contents, --set
    overrides, setup, players) is in its params; ``best`` and other shorthands resolve to
    the options they stand for; the rows hold every number a player plays by, the fitted
    weights and a profile's defaults included, which its name does not show (plain
    ``value`` is whatever the profile and the weights file say).
    Kept per cell plan and rules.toml version: a study's manifest is built several times
    a run, and a cell of many overrides costs milliseconds."""
    from agents import best
    from agents.value import weights_path
    from simcore import registry
    from simcore.spec import get_game

    mod = get_game(cell.game)
    stamps = []
    for path in (Path(mod.__file__).parent / "rules.toml", weights_path(cell.game)):
        try:
            stamps.append((str(path), path.stat().st_mtime_ns))
        except OSError:
            stamps.append((str(path), None))
    # everything else the answer depends on: the engine's spec (its version), what
    # ``best`` stands for and the value agent's defaults, any of which a re-tuning can
    # change within one process
    key = (cell.key(), tuple(stamps), id(mod.SPEC), mod.SPEC.version,
           repr(best.BEST.get(cell.game)), repr(registry.part(cell.game, "VALUE")))
    if key not in _PARAMS_HASHES:
        if len(_PARAMS_HASHES) > 100_000:
            _PARAMS_HASHES.clear()
        _PARAMS_HASHES[key] = _params_hash_of(cell)
    h, v, agents, rows = _PARAMS_HASHES[key]
    return h, v, list(agents), rows


_PARAMS_HASHES: dict = {}


def _params_hash_of(cell: Cell) -> tuple[str, int, tuple]:
    from experiments.batch import plan as make_plan

    p = make_plan(cell.game, list(cell.agents), cell.players, cell.setup, None, cell.sets,
                  cell.rotate)
    agents = tuple(a.text for a in p.agents)
    rows = hashlib.sha256(b"".join(np.ascontiguousarray(a.row, np.float64).tobytes()
                                   for a in p.agents)).hexdigest()[:16]
    return hashlib.sha256(p.params.tobytes()).hexdigest()[:16], p.spec.version, agents, rows


@cache
def code_hash(game: str) -> str:
    """A hash of the code that plays ``game``: its engine, its scripted players (legacy
    included) and the generic kernels (arena, MCTS, rng).  A player or engine edit that
    keeps the version number still changes it, so no resumed study mixes games played by
    two versions of the code.  Tests are left out: editing one changes no game."""
    from simcore import _cache

    h = hashlib.sha256()
    for group in ("common", game):
        for path in _cache._files(group):
            rel = path.relative_to(_cache.ROOT)
            if rel.parts[0] != "tests":
                h.update(str(rel).encode())
                h.update(path.read_bytes())
    return h.hexdigest()[:16]


def plan_manifest(study: Study) -> dict:
    """What fixes a study's games, cell by cell: its seed, chunk size, engine versions,
    rules hashes and agents.  Each cell's shard directory is named by a digest of all of
    it, so a shard can only ever be read back by the plan that wrote it."""
    from experiments import __version__

    cells = []
    engines = {}
    for c in study.cells:
        rules_hash, version, agents, rows = _params_hash(c)
        engines[c.game] = version
        code = code_hash(c.game)
        digest = hashlib.sha256(json.dumps(
            [c.key(), study.seed, study.chunk, version, rules_hash, agents, code, rows]
        ).encode()).hexdigest()[:16]
        cells.append({"cell_id": c.cell_id, "cell_key": c.key(), "game": c.game,
                      "version": version, "rules_hash": rules_hash, "code_hash": code,
                      "resolved_agents": agents, "agent_rows": rows,
                      "agents": list(c.agents), "games": c.games,
                      "dir": f"c{c.cell_id:04d}-{digest}"})
    return {"study": study.name, "seed": study.seed, "chunk": study.chunk,
            "darkbalance": __version__, "engines": engines, "cells": cells}


def _manifest_diff(old: dict, new: dict) -> str | None:
    """One phrase naming the first difference between two manifests, or None."""
    for k in ("seed", "chunk", "darkbalance"):
        if old.get(k) != new.get(k):
            return f"{k} {old.get(k)!r} (this run: {new.get(k)!r})"
    for g, v in new["engines"].items():
        if old.get("engines", {}).get(g, v) != v:
            return f"{g} engine version {old['engines'][g]} (this run: {v})"
    if len(old.get("cells", ())) != len(new["cells"]):
        return f"{len(old.get('cells', ()))} cells (this run: {len(new['cells'])})"
    for a, b in zip(old["cells"], new["cells"]):
        if a.get("dir") != b["dir"]:
            what = ("rules" if a.get("rules_hash") != b["rules_hash"] else
                    "code (engine or players edited)" if a.get("code_hash") != b["code_hash"]
                    else "cell plan" if a.get("cell_key") != b["cell_key"]
                    else "agents (a shorthand such as best now stands for other options)"
                    if a.get("resolved_agents") != b["resolved_agents"]
                    else "agents' settings (refitted weights or a profile's defaults)"
                    if a.get("agent_rows") != b["agent_rows"] else "cell plan")
            return f"different {what} in cell {b['cell_id']} ({b['game']})"
    return None


def load_manifest(out: str | Path) -> dict | None:
    """The manifest of the study in ``out``, or None when there is none.

    A manifest that cannot be read, or is not of a manifest's shape, is refused with one
    line (rewriting it silently would lose what it says about the shards beside it)."""
    p = Path(out) / MANIFEST
    try:
        if not p.is_file():
            return None
    except OSError:  # a name the system refuses: there is no manifest there
        return None
    # reading a study's cells reads its manifest once per cell: parse and check each
    # content once (keyed by the bytes' digest, so no rewrite is missed; callers only read)
    try:
        raw = p.read_bytes()
        key = (str(p.resolve()), hashlib.sha1(raw).digest())
        if key in _MANIFESTS:
            return _MANIFESTS[key]
        doc = json.loads(raw.decode())
        why = _manifest_problem(doc)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        why = f"not readable JSON: {exc}"
    if why is not None:
        raise BadInput(f"manifest {str(p)!r} is damaged ({why}); rerun with --fresh to move "
                       "the folder's results aside")
    if len(_MANIFESTS) > 32:
        _MANIFESTS.clear()
    _MANIFESTS[key] = doc
    return doc


_MANIFESTS: dict = {}  # (path, content digest) -> parsed manifest (load_manifest)
_DIRS: dict = {}  # id of a parsed manifest -> {(cell_id, cell_key): shard folder name}


_CELL_KEYS = {"cell_id": int, "cell_key": str, "game": str, "version": int,
              "rules_hash": str, "code_hash": str, "resolved_agents": list, "dir": str}


def _manifest_problem(doc) -> str | None:
    """What makes ``doc`` other than a manifest, or None."""
    if not isinstance(doc, dict):
        return f"a {type(doc).__name__}, not an object"
    for k, t in (("seed", int), ("chunk", int), ("engines", dict), ("cells", list)):
        if not isinstance(doc.get(k), t):
            return f"{k!r} must be a {t.__name__}"
    for i, c in enumerate(doc["cells"]):
        if not isinstance(c, dict):
            return f"cell {i} is not an object"
        for k, t in _CELL_KEYS.items():
            if not isinstance(c.get(k), t):
                return f"cell {i} {k!r} must be a {t.__name__}"
    return None


def prepare(study: Study, out: str | Path, fresh: bool = False, echo=print) -> dict:
    """Write ``study``'s manifest into ``out`` before anything is played.

    A folder holding another plan's results (other seed, engine version, rules, cells) is
    refused with one line; with ``fresh`` its shards and manifest are moved aside to
    ``shards.old-<time>`` instead, except the cells whose directory the new plan names
    too: a directory's name is a digest of everything that fixes its games (cell, seed,
    chunk, engine version, rules, code, resolved agents), so those games are the new
    plan's own and stay (an edit to one game's player replays only that game's cells).
    A damaged manifest is refused likewise, and set aside with ``fresh``.  Never are two
    plans' games mixed.  Shards found without a manifest are said to be reused.
    """
    out = Path(out)
    new = plan_manifest(study)
    if not fresh:
        check_resumable(study, out)
        old = load_manifest(out)
    else:
        try:
            old = load_manifest(out)
            stale = old is not None and _manifest_diff(old, new) is not None
        except BadInput:  # damaged: everything but the new plan's own cells goes aside
            old, stale = None, True
        if stale or (old is None and (out / "shards").exists()):
            _set_aside_except(out, new)
    (out / "shards").mkdir(parents=True, exist_ok=True)
    if old is None:
        reused = games_on_disk(study, out)
        if reused:
            echo(f"{out}: no readable manifest, but {reused:,} games in shards this plan "
                 "names (each folder is a digest of the plan that wrote it): reused, and a "
                 "new manifest written")
    text = json.dumps(new, indent=1)
    write_atomic(out / MANIFEST, lambda t: Path(t).write_text(text))
    return new


def _set_aside_except(out: Path, new: dict) -> None:
    """Move ``out``'s shards and manifest to ``*.old-<time>``, keeping the cell folders
    ``new`` names (their games are the new plan's own)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for name in ("shards", MANIFEST):
        if (out / name).exists():
            os.replace(out / name, out / f"{name}.old-{stamp}")
    aside = out / f"shards.old-{stamp}"
    (out / "shards").mkdir(parents=True, exist_ok=True)
    for c in new["cells"]:
        if (aside / c["dir"]).is_dir():
            os.replace(aside / c["dir"], out / "shards" / c["dir"])


def check_resumable(study: Study, out: str | Path) -> None:
    """Raise :class:`BadInput` (one line) if ``out`` holds results of another plan."""
    old = load_manifest(out)
    if old is not None:
        why = _manifest_diff(old, plan_manifest(study))
        if why is not None:
            raise BadInput(f"{str(out)!r} holds results of another plan ({why}); rerun with "
                           f"--fresh to move them aside, or choose another --results folder")


def cell_dir(out: str | Path, cell: Cell) -> Path:
    """The shard directory of ``cell`` as the study's manifest names it (a directory that
    does not exist when the manifest holds no such cell: nothing is read)."""
    out = Path(out)
    man = load_manifest(out)
    if man is None:
        return out / "shards" / f"c{cell.cell_id:04d}-unplanned"
    dirs = _DIRS.get(id(man))
    if dirs is None or dirs[0] is not man:
        dirs = (man, {(e["cell_id"], e["cell_key"]): e["dir"] for e in man.get("cells", ())})
        _DIRS.clear()
        _DIRS[id(man)] = dirs
    d = dirs[1].get((cell.cell_id, cell.key()))
    return out / "shards" / (d or f"c{cell.cell_id:04d}-unplanned")


def play_chunk(cell: Cell, seed: int, first: int, n: int, threads: int | None = None,
               progress=None):
    """Play games ``first .. first+n-1`` of ``cell``; return the tidy DataFrame.  A study
    plays every cell on the full arena: its other cells need it anyway, and one compile per
    game beats two.  ``progress(k)`` hears of games as their blocks finish (and ``k = 0``
    while a long search block plays)."""
    from experiments.batch import simulate

    df = simulate(cell.game, list(cell.agents), games=n, seed=seed, players=cell.players,
                  setup=cell.setup, sets=cell.sets, threads=threads, rotate=cell.rotate,
                  first_index=first, cell=cell.stream, arena="full",
                  count_kinds=cell.count_kinds, progress=progress)
    df.insert(0, "cell", cell.cell_id)
    return df


class _ChunkTicks:
    """A chunk's games as they finish, passed on to a study's bar: at most the chunk's
    ``n`` in all (a retried chunk's games count once), the rest when it is written."""

    def __init__(self, bar, n: int):
        self.bar, self.n, self.sent, self.seen = bar, n, 0, 0

    def __call__(self, k: int) -> None:
        self.seen += k
        add = max(min(self.seen, self.n) - self.sent, 0)
        self.sent += add
        self.bar.update(add)  # 0 while a block plays: the bar's periodic line

    def finish(self) -> None:
        self.bar.update(self.n - self.sent)
        self.sent = self.n


def _chunk_job(cell: Cell, seed: int, first: int, n: int, path: str, threads, bar=None):
    """Play one chunk and write its shard; a failure is retried once, then named.  With
    ``bar``, its games reach the bar as they finish (all ``n`` once it is written)."""
    ticks = None if bar is None else _ChunkTicks(bar, n)
    try:
        df = play_chunk(cell, seed, first, n, threads, progress=ticks)
    except BadInput:
        raise
    except Exception:  # noqa: BLE001  (one retry: a transient failure should not end a study)
        if ticks is not None:
            ticks.seen = 0
        try:
            df = play_chunk(cell, seed, first, n, threads, progress=ticks)
        except Exception as exc:
            raise RuntimeError(f"{_reproduce(cell, seed, first, n)} failed twice: {exc}") \
                from exc
    k = write_shard(df, path)
    if ticks is not None:
        ticks.finish()
    return k


def _reproduce(cell: Cell, seed: int, first: int, n: int) -> str:
    return (f"cell {cell.cell_id} ({cell.game}, {cell.players} players, setup {cell.setup}, "
            f"agents {','.join(cell.agents)}), seed {seed}, games {first}..{first + n - 1}")


def _focus_result(cell: Cell, path: Path, n: int) -> float:
    """The focus seat's summed return over shard ``path`` (``n`` games)."""
    col = f"return_{cell.focus}"
    df = read_shard(path, n, [col])
    if df is None:
        raise BadInput(f"shard {str(path)!r} was damaged after it was written; rerun the "
                       "study to play its games again")
    return float(df[col].sum())


def chunks(study: Study, cell: Cell, out: str | Path, d: Path | None = None):
    """Yield (first game index, games, shard path) for each chunk of ``cell`` (in folder
    ``d``; default: the one the study's manifest names)."""
    d = cell_dir(Path(out), cell) if d is None else d
    for first in range(0, cell.games, study.chunk):
        yield first, min(study.chunk, cell.games - first), d / f"{first:010d}.parquet"


def games_on_disk(study: Study, out: str | Path) -> int:
    """Games of ``study`` already in finished, whole shards under ``out`` (what a resume
    reuses): only in the cell folders this plan names, whatever the manifest says."""
    out = Path(out)
    dirs = {c["cell_id"]: out / "shards" / c["dir"] for c in plan_manifest(study)["cells"]}
    return sum(n for c in study.cells for _, n, p in chunks(study, c, out, dirs[c.cell_id])
               if shard_ok(p, n))


def check_backend(backend: str, jobs: int = 1, address: str | None = None) -> None:
    """One BadInput line for a backend, job count or address that cannot work."""
    if backend not in BACKENDS:
        raise BadInput(f"unknown backend {backend!r}; valid: {', '.join(BACKENDS)}")
    if backend == "dask" and not address:
        raise BadInput("--backend dask needs --address tcp://HOST:PORT")
    if address and backend != "dask":
        raise BadInput(f"--address {address!r} is only used with --backend dask")
    if address and not _ADDRESS.match(str(address)):
        raise BadInput(f"--address {address!r} is malformed; valid: tcp://HOST:PORT "
                       "(tls:// too), PORT in 1..65535")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise BadInput(f"--jobs must be a positive integer, got {jobs!r}")
    if backend == "dask":
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            raise BadInput("--backend dask needs dask.distributed: pip install "
                           "'darkbalance[distributed]'") from None


def run_study(study: Study, out: str | Path, backend: str = "local", jobs: int = 1,
              address: str | None = None, progress: bool = True, echo=print,
              fresh: bool = False) -> Path:
    """Play every cell of ``study`` into shards under ``out``; return the shard root.

    Everything that can fail is checked before anything is written: the backend, the
    Dask scheduler (connected to first), the folder, every cell's plan.  The folder is
    locked for the run (a second run is refused); temporary files a killed run left are
    removed; then the plan's manifest is written (see :func:`prepare`; ``fresh`` moves
    another plan's results aside instead of refusing).  A chunk whose shard is whole and
    checks out is not replayed; a damaged one is moved aside and played again.  Cells with
    ``target_halfwidth`` run chunk by chunk until the focus seat's Wilson half-width
    reaches the target (after ``min_games``) or ``games``.
    """
    check_backend(backend, jobs, address)
    client = connect_dask(address) if backend == "dask" else None
    try:
        out = open_folder(out)
        with folder_lock(out, f"study {study.name}"):
            _run_locked(study, out, backend, jobs, client, progress, echo, fresh)
    finally:
        if client is not None:
            client.close()
    return out / "shards"


def open_folder(out: str | Path) -> Path:
    """Create results folder ``out`` (one BadInput line when it cannot be written)."""
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"output directory {str(out)!r} cannot be created "
                       f"({exc.strerror})") from None
    if not os.access(out, os.W_OK):
        raise BadInput(f"output directory {str(out)!r} is not writable")
    return out


def _done(out: Path, path: Path, n: int, echo) -> bool:
    """Whether shard ``path`` holds its ``n`` games whole; a damaged one is set aside."""
    if shard_ok(path, n):
        return True
    if path.exists():
        set_aside(out, path, echo)
    return False


def _pending(study: Study, out: Path, c: Cell, echo, bar) -> list:
    """The chunks of fixed-size cell ``c`` still to play."""
    todo = []
    for first, n, path in chunks(study, c, out):
        if _done(out, path, n, echo):
            if bar is not None:
                bar.update(n)
        else:
            todo.append((c, first, n, str(path)))
    return todo


def _run_locked(study, out, backend, jobs, client, progress, echo, fresh):
    removed = remove_temps(out)
    if removed:
        echo(f"{out}: removed {removed} temporary file(s) a killed run left behind")
    prepare(study, out, fresh, echo)  # validates every cell (builds its plan) before any game
    total = sum(c.games for c in study.cells)
    bar = None
    if progress:
        from experiments.progress import progress_bar

        bar = progress_bar(total, study.name, delay=2)
    t0 = time.perf_counter()
    try:
        jobs_list = []
        for c in study.cells:
            cell_dir(out, c).mkdir(parents=True, exist_ok=True)
            if c.target_halfwidth <= 0:
                jobs_list += _pending(study, out, c, echo, bar)
        _run_jobs(jobs_list, study.seed, backend, jobs, client, bar)
        for c in study.cells:  # sequential stopping decides chunk by chunk
            if c.target_halfwidth > 0:
                _run_sequential(study, out, c, echo, bar)
    finally:
        if bar is not None:
            bar.close()
    echo(f"{study.name}: {total} games planned, {time.perf_counter() - t0:.1f} s")


def _run_sequential(study, out, c, echo, bar):
    """Play ``c`` chunk by chunk until the focus seat's Wilson 95% half-width reaches the
    target (after ``min_games``) or the cap; each shard is read once, as it is reached."""
    done, wins = 0, 0.0
    for first, n, path in chunks(study, c, out):
        if not _done(out, path, n, echo):
            _chunk_job(c, study.seed, first, n, str(path), None, bar)
        elif bar is not None:
            bar.update(n)
        done += n
        wins += _focus_result(c, path, n)
        lo, hi = wilson(wins, done)
        if done >= c.min_games and (hi - lo) / 2 <= c.target_halfwidth:
            if bar is not None:  # the rest is skipped: the interval is narrow enough
                bar.update(c.games - first - n)
            break


def connect_dask(address: str, timeout: float = 10.0):
    """A Dask client for ``address``; a malformed or unreachable address is one BadInput
    line, before anything is written."""
    import socket

    from dask.distributed import Client

    m = _ADDRESS.match(str(address))
    if m and m.group(1) == "tcp":  # a refused port answers at once; Client would retry
        try:
            socket.create_connection((m.group(2).strip("[]"), int(m.group(3))),
                                     timeout=timeout).close()
        except OSError as exc:
            raise BadInput(f"cannot reach the Dask scheduler at {address!r} "
                           f"({exc.strerror or exc}); valid: tcp://HOST:PORT of a running "
                           "scheduler") from None
    try:
        return Client(address, timeout=timeout)
    except Exception as exc:  # noqa: BLE001  (malformed, refused, timed out: one line)
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise BadInput(f"cannot reach the Dask scheduler at {address!r} ({why[:160]}); "
                       "valid: tcp://HOST:PORT of a running scheduler") from None


def _run_jobs(jobs_list, seed, backend, jobs, client, bar):
    if not jobs_list:
        return
    if backend == "local" or (backend == "loky" and jobs <= 1):
        for c, first, n, path in jobs_list:
            _chunk_job(c, seed, first, n, path, None, bar)
        return
    if backend == "dask":
        _run_dask(jobs_list, seed, client, bar)
        return
    from joblib import Parallel, delayed

    par = Parallel(n_jobs=jobs, backend="loky", return_as="generator_unordered")
    for k in par(delayed(_chunk_job)(c, seed, first, n, path, 1)
                 for c, first, n, path in jobs_list):
        if bar is not None:
            bar.update(k)


def _run_dask(jobs_list, seed, client, bar):
    """Workers play chunks and return their tables; this process writes every shard, so
    workers need no disk in common with the client (each keeps its own numba cache)."""
    from dask.distributed import as_completed

    futs = {client.submit(play_chunk, c, seed, first, n, 1, pure=False, retries=1):
            (c, first, n, path) for c, first, n, path in jobs_list}
    for f in as_completed(futs):
        c, first, n, path = futs[f]
        try:
            df = f.result()
        except Exception as exc:  # noqa: BLE001  (already retried once by the scheduler)
            raise RuntimeError(f"{_reproduce(c, seed, first, n)} failed twice: {exc}") from exc
        write_shard(df, path)
        if bar is not None:
            bar.update(n)


def iter_cell_frames(out: str | Path, cell: Cell, columns=None):
    """Yield the finished shards of ``cell`` one DataFrame at a time (streaming aggregation).

    Only the chunk files the plan names are read (never a stray file of another chunking);
    a chunk's file is read only when whole.
    """
    out = Path(out)
    man = load_manifest(out)
    chunk = (man or {}).get("chunk")
    if not chunk:
        return
    d = cell_dir(out, cell)
    for first in range(0, cell.games, chunk):
        n = min(chunk, cell.games - first)
        p = d / f"{first:010d}.parquet"
        if not p.exists():
            continue
        df = read_shard(p, n, columns)
        if df is None:  # checked when the study ran: damaged since
            raise BadInput(f"shard {str(p)!r} fails its checksum (damaged since it was "
                           "written); rerun the study to set it aside and play its games "
                           "again")
        yield df


def cell_frame(out: str | Path, cell: Cell, columns=None) -> pd.DataFrame:
    """All finished games of ``cell`` (for cells small enough to hold)."""
    parts = list(iter_cell_frames(out, cell, columns))
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()
