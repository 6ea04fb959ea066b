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

import os
import sys
import time
from pathlib import Path

import pandas as pd

from experiments.io import write_atomic
from experiments.plan import Cell, Study
from experiments.stats import wilson
from simcore.spec import BadInput

BACKENDS = ("local", "loky", "dask")


def cell_dir(out: Path, cell: Cell) -> Path:
    return Path(out) / "shards" / f"c{cell.cell_id:04d}-{cell.key()}"


def play_chunk(cell: Cell, seed: int, first: int, n: int, threads: int | None = None):
    """Play games ``first .. first+n-1`` of ``cell``; return the tidy DataFrame."""
    from experiments.api import simulate

    df = simulate(cell.game, list(cell.agents), games=n, seed=seed, players=cell.players,
                  setup=cell.setup, sets=cell.sets, threads=threads, rotate=cell.rotate,
                  first_index=first, cell=cell.stream)
    df.insert(0, "cell", cell.cell_id)
    return df


def _chunk_job(cell: Cell, seed: int, first: int, n: int, path: str, threads):
    df = play_chunk(cell, seed, first, n, threads)
    write_atomic(path, lambda t: df.to_parquet(t, index=False))
    return len(df)


def _focus_interval(cell: Cell, shards: list[Path]) -> tuple[int, float]:
    """(games, Wilson half-width) of the focus seat's win rate over finished shards."""
    n = 0
    wins = 0.0
    for p in shards:
        col = pd.read_parquet(p, columns=[f"return_{cell.focus}"])[f"return_{cell.focus}"]
        n += len(col)
        wins += float(col.sum())
    if n == 0:
        return 0, 1.0
    lo, hi = wilson(wins, n)
    return n, (hi - lo) / 2


def chunks(study: Study, cell: Cell, out: str | Path):
    """Yield (first game index, games, shard path) for each chunk of ``cell``."""
    d = cell_dir(Path(out), cell)
    for first in range(0, cell.games, study.chunk):
        yield first, min(study.chunk, cell.games - first), d / f"{first:010d}.parquet"


def games_on_disk(study: Study, out: str | Path) -> int:
    """Games of ``study`` already in finished shards under ``out`` (what a resume reuses)."""
    return sum(n for c in study.cells for _, n, path in chunks(study, c, out) if path.exists())


def run_study(study: Study, out: str | Path, backend: str = "local", jobs: int = 1,
              address: str | None = None, progress: bool = True, echo=print) -> Path:
    """Play every cell of ``study`` into shards under ``out``; return the shard root.

    Cells with ``target_halfwidth`` run chunk by chunk until the focus seat's
    Wilson half-width reaches the target (after ``min_games``) or ``games``.
    """
    if backend not in BACKENDS:
        raise BadInput(f"unknown backend {backend!r}; valid: {', '.join(BACKENDS)}")
    if backend == "dask" and not address:
        raise BadInput("--backend dask needs --address tcp://HOST:PORT")
    out = Path(out)
    try:
        (out / "shards").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"output directory {str(out)!r} cannot be created ({exc.strerror})") \
            from None
    if not os.access(out, os.W_OK):
        raise BadInput(f"output directory {str(out)!r} is not writable")
    from experiments.api import plan as make_plan

    for c in study.cells:  # validate every cell before playing anything
        make_plan(c.game, list(c.agents), c.players, c.setup, None, c.sets, c.rotate)

    total = sum(c.games for c in study.cells)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=total, unit="game", delay=2, file=sys.stderr, desc=study.name,
                   smoothing=0.05)
    t0 = time.perf_counter()
    client = None
    if backend == "dask":
        from dask.distributed import Client

        client = Client(address)
    try:
        seq = [c for c in study.cells if c.target_halfwidth > 0]
        fixed = [c for c in study.cells if c.target_halfwidth <= 0]
        jobs_list = []
        for c in fixed:
            cell_dir(out, c).mkdir(parents=True, exist_ok=True)
            for first, n, path in chunks(study, c, out):
                if path.exists():
                    if bar is not None:
                        bar.update(n)
                    continue
                jobs_list.append((c, first, n, str(path)))
        _run_jobs(jobs_list, study.seed, backend, jobs, client, bar)
        for c in seq:  # sequential stopping decides chunk by chunk
            d = cell_dir(out, c)
            d.mkdir(parents=True, exist_ok=True)
            for first, n, path in chunks(study, c, out):
                if not path.exists():
                    _chunk_job(c, study.seed, first, n, str(path), None)
                if bar is not None:
                    bar.update(n)
                done, half = _focus_interval(c, sorted(d.glob("*.parquet")))
                if done >= c.min_games and half <= c.target_halfwidth:
                    if bar is not None:  # the rest is skipped: the interval is narrow enough
                        bar.update(c.games - first - n)
                    break
    finally:
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()
    echo(f"{study.name}: {total} games planned, {time.perf_counter() - t0:.1f} s")
    return out / "shards"


def _run_jobs(jobs_list, seed, backend, jobs, client, bar):
    if not jobs_list:
        return
    if backend == "local" or (backend == "loky" and jobs <= 1):
        for c, first, n, path in jobs_list:
            _chunk_job(c, seed, first, n, path, None)
            if bar is not None:
                bar.update(n)
        return
    if backend == "dask":
        futs = [client.submit(_chunk_job, c, seed, first, n, path, 1, pure=False)
                for c, first, n, path in jobs_list]
        from dask.distributed import as_completed

        for f in as_completed(futs):
            k = f.result()
            if bar is not None:
                bar.update(k)
        return
    from joblib import Parallel, delayed

    par = Parallel(n_jobs=jobs, backend="loky", return_as="generator_unordered")
    for k in par(delayed(_chunk_job)(c, seed, first, n, path, 1)
                 for c, first, n, path in jobs_list):
        if bar is not None:
            bar.update(k)


def iter_cell_frames(out: str | Path, cell: Cell, columns=None):
    """Yield the finished shards of ``cell`` one DataFrame at a time (streaming aggregation)."""
    d = cell_dir(Path(out), cell)
    for p in sorted(d.glob("*.parquet")):
        yield pd.read_parquet(p, columns=columns)


def cell_frame(out: str | Path, cell: Cell, columns=None) -> pd.DataFrame:
    """All finished games of ``cell`` (for cells small enough to hold)."""
    parts = list(iter_cell_frames(out, cell, columns))
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()
