"""Writing result tables safely: check the target first, write atomically."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from simcore.spec import BadInput

TABLE_SUFFIXES = (".parquet", ".csv")


def check_output(path: str | Path, suffixes=TABLE_SUFFIXES) -> Path:
    """Fail early (before any work) if ``path`` cannot be written: wrong suffix, a
    directory, a missing or unwritable folder, a name too long, a pseudo-filesystem."""
    p = Path(path)
    if p.suffix.lower() not in suffixes:
        raise BadInput(f"output {str(path)!r}: unknown format; valid: {', '.join(suffixes)}")
    parent = p.parent if str(p.parent) else Path(".")
    try:
        limit = os.pathconf(parent, "PC_NAME_MAX") if parent.is_dir() else 255
        if len(p.name.encode()) > limit:
            raise BadInput(f"output {str(path)!r}: file name too long (over {limit} bytes)")
        if p.is_dir():
            raise BadInput(f"output {str(path)!r} is a directory; give a file name")
        if not parent.is_dir():
            raise BadInput(f"output {str(path)!r}: directory {str(parent)!r} does not exist")
        if not os.access(parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
            raise BadInput(f"output {str(path)!r} is not writable")
        # a real write in the folder: catches read-only and pseudo filesystems (/proc, /sys)
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=parent)
        os.close(fd)
        os.unlink(probe)
        if p.exists():
            with open(p, "ab"):
                pass
    except OSError as exc:
        raise BadInput(f"output {str(path)!r} cannot be written ({exc.strerror or exc})") \
            from None
    return p


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, write) -> None:
    """Call ``write(tmp_path)``, flush it to disk, then rename over ``path``: a failure
    (or a crash) leaves the old file intact, never a torn one.  The file gets the
    user's umask like any other (mkstemp alone would make it private)."""
    p = Path(path)
    fd, tmp = tempfile.mkstemp(prefix="." + p.name + ".", suffix=".tmp" + p.suffix,
                               dir=p.parent if str(p.parent) else ".")
    os.close(fd)
    try:
        write(tmp)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _parquet(df, path, meta: dict[str, str]) -> None:
    """``df`` to Parquet with ``meta`` in the file's key/value metadata (``darkbalance.*``)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    t = pa.Table.from_pandas(df, preserve_index=False)
    keys = {f"darkbalance.{k}".encode(): str(v).encode() for k, v in meta.items()}
    pq.write_table(t.replace_schema_metadata({**(t.schema.metadata or {}), **keys}), path)


def read_meta(path: str | Path) -> dict[str, str]:
    """The ``darkbalance.*`` metadata of a Parquet file written by :func:`write_table`."""
    import pyarrow.parquet as pq

    raw = pq.read_schema(path).metadata or {}
    return {k.decode()[len("darkbalance."):]: v.decode() for k, v in raw.items()
            if k.startswith(b"darkbalance.")}


def write_table(df, path: str | Path, meta: dict | None = None) -> None:
    """Write a DataFrame as Parquet or CSV (by suffix), atomically; a failed write (a full
    disk) is one BadInput line and leaves any old file intact.  ``meta`` (str -> str) goes
    into a Parquet file's metadata as ``darkbalance.<key>`` (a CSV file has none)."""
    p = check_output(path)
    try:
        if p.suffix.lower() == ".parquet" and meta:
            write_atomic(p, lambda t: _parquet(df, t, meta))
        elif p.suffix.lower() == ".parquet":
            write_atomic(p, lambda t: df.to_parquet(t, index=False))
        else:
            write_atomic(p, lambda t: df.to_csv(t, index=False))
    except OSError as exc:
        raise BadInput(f"output {str(path)!r} could not be written ({exc.strerror or exc}); "
                       "nothing was replaced") from None
