"""Shard files that cannot lie: a checksum beside every shard, checked on every read, and
one run per results folder.

A shard is one chunk's games as a Parquet file ``<first>.parquet``.  Once it is on disk
its sha256 (of the file's bytes) and row count are written beside it, atomically, as
``<first>.parquet.sha256``.  Every read hashes the file again: a flipped bit anywhere
(data, page header, footer), a torn file, a missing checksum or another chunk's file
reads as *damaged*, never as other games.  The study runner moves a damaged shard aside
(``<results>/shards.damaged/``) and plays its games again.

One run writes a results folder at a time: :func:`folder_lock` holds an advisory lock
(``.lock``, naming the process) for the whole run, so a second run of the same folder, or
a ``--fresh`` that would move a running study's shards, is refused with one line.
"""
from __future__ import annotations

import errno
import hashlib
import os
import socket
import time
from contextlib import contextmanager
from pathlib import Path

import pandas as pd

from experiments.io import write_atomic
from simcore.spec import BadInput

SUFFIX = ".sha256"
LOCK = ".lock"
DAMAGED = "shards.damaged"
# what write_atomic leaves behind when a run is killed mid-write
TEMP_GLOBS = ("shards/*/.*.tmp.parquet", "shards/*/.*.tmp.sha256",
              ".manifest.json.*.tmp.json")

_held: dict = {}  # lock paths this process holds -> depth (a nested run reuses the lock)


def checksum_path(path: str | Path) -> Path:
    """Where the checksum of shard ``path`` lives."""
    return Path(str(path) + SUFFIX)


def write_shard(df: pd.DataFrame, path: str | Path) -> int:
    """Write one chunk's games atomically (fsync before the rename), then its checksum."""
    path = Path(path)
    checksum_path(path).unlink(missing_ok=True)  # no old checksum may vouch for new bytes
    write_atomic(path, lambda t: df.to_parquet(t, index=False))
    line = f"{hashlib.sha256(path.read_bytes()).hexdigest()} {len(df)}\n"
    write_atomic(checksum_path(path), lambda t: Path(t).write_text(line))
    return len(df)


def _checked(path: str | Path, n: int):
    """Shard ``path`` opened as a ParquetFile once its checksum and its ``n`` rows check
    out, else None (missing, torn, unlabelled, other games)."""
    import io

    import pyarrow.parquet as pq

    path = Path(path)
    try:
        want, rows = checksum_path(path).read_text().split()
        data = path.read_bytes()
        if int(rows) != n or hashlib.sha256(data).hexdigest() != want:
            return None
        pf = pq.ParquetFile(io.BytesIO(data))  # the bytes just checked, not a second read
        return pf if pf.metadata.num_rows == n else None
    except Exception:  # noqa: BLE001  (any unreadable or unlabelled file is damaged)
        return None


def read_shard(path: str | Path, n: int, columns=None) -> pd.DataFrame | None:
    """The games of shard ``path`` (only ``columns`` if given), or None when the file is
    missing, torn, unlabelled, holds other than ``n`` games, or fails its checksum."""
    pf = _checked(path, n)
    if pf is None:
        return None
    try:
        return pf.read(columns=list(columns) if columns is not None else None).to_pandas()
    except Exception:  # noqa: BLE001
        return None


def shard_ok(path: str | Path, n: int) -> bool:
    """Whether ``path`` holds exactly its ``n`` games, its bytes those its checksum was
    taken of (a resume check: the columns are not decoded, the checksum vouches for
    them)."""
    return _checked(path, n) is not None


def set_aside(out: Path, path: Path, echo=print) -> Path:
    """Move damaged shard ``path`` under ``out``/shards.damaged and say so in one line."""
    dest = out / DAMAGED / path.parent.name / f"{path.name}.{time.strftime('%Y%m%d-%H%M%S')}"
    dest.parent.mkdir(parents=True, exist_ok=True)
    os.replace(path, dest)
    if checksum_path(path).exists():
        os.replace(checksum_path(path), Path(str(dest) + SUFFIX))
    echo(f"shard {path} failed its checksum (damaged or torn): moved to {dest}; its games "
         "are played again")
    return dest


def remove_temps(out: Path) -> int:
    """Delete the temporary files a killed run left in ``out``; return how many."""
    k = 0
    for pattern in TEMP_GLOBS:
        for p in out.glob(pattern):
            try:
                p.unlink()
                k += 1
            except OSError:
                pass
    return k


@contextmanager
def folder_lock(out: str | Path, what: str = "study"):
    """Hold ``out``'s advisory lock for the block; a folder another live process holds is
    refused with one line naming it.  The lock dies with its process (flock), so a killed
    run never leaves the folder locked."""
    import fcntl

    out = Path(out)
    path = out / LOCK
    real = os.path.realpath(path)
    if real in _held:  # this process already holds it (a study inside a report, say)
        _held[real] += 1
        try:
            yield path
        finally:
            _held[real] -= 1
        return
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise BadInput(f"results folder {str(out)!r} cannot be locked ({exc.strerror})") \
            from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES):
                raise
            try:
                holder = path.read_text().strip() or "another process"
            except OSError:
                holder = "another process"
            raise BadInput(f"results folder {str(out)!r} is in use by {holder}; wait for it "
                           "to finish, or choose another --results folder") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{what} pid {os.getpid()} on {socket.gethostname()} since "
                     f"{time.strftime('%Y-%m-%d %H:%M:%S')}\n".encode())
        _held[real] = 1
        try:
            yield path
        finally:
            del _held[real]
    finally:
        os.close(fd)  # releases the flock
