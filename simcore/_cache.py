"""Point numba's on-disk cache at a directory keyed on this package's source.

numba's cache does not notice edits to *other* modules: a cached caller keeps
the old inlined callee.  Hashing every source file of the project into the
cache path means any edit starts a fresh cache and an unchanged tree reuses it.
This module must run before any ``@njit(cache=True)`` function is defined.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
_PACKAGES = ("simcore", "agents", "experiments")
# simcore and agents are kernel packages whole (their plain modules hold the layout
# constants that kernels freeze); in experiments only modules defining kernels count,
# so editing a study or the report does not throw the compiled cache away.
_KERNEL_ONLY = ("experiments",)


def source_hash() -> str:
    """Return a short hash of every ``.py`` file that compiled code can depend on."""
    h = hashlib.sha256()
    for pkg in _PACKAGES:
        base = _ROOT / pkg
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*.py")):
            data = path.read_bytes()
            if pkg in _KERNEL_ONLY and b"@njit" not in data and b"@jit" not in data:
                continue
            h.update(str(path.relative_to(_ROOT)).encode())
            h.update(data)
    return h.hexdigest()[:16]


def configure() -> str:
    """Set ``numba.config.CACHE_DIR`` (unless the user set NUMBA_CACHE_DIR)."""
    import numba

    if os.environ.get("NUMBA_CACHE_DIR"):
        return os.environ["NUMBA_CACHE_DIR"]
    base = os.environ.get("DARKBALANCE_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "darkbalance"
    )
    path = os.path.join(base, "numba-" + source_hash())
    numba.config.CACHE_DIR = path
    _prune(base, keep=path)
    return path


def _prune(base: str, keep: str, n: int = 6) -> None:
    """Remove all but the ``n`` most recently used cache trees (every edit makes a new one)."""
    import shutil

    try:
        olds = sorted(
            (e for e in os.scandir(base) if e.name.startswith("numba-") and e.path != keep),
            key=lambda e: e.stat().st_mtime,
        )
    except OSError:
        return
    for e in olds[: max(0, len(olds) - (n - 1))]:
        shutil.rmtree(e.path, ignore_errors=True)


CACHE_DIR = configure()
