"""numba's on-disk cache, one directory per game, keyed on the sources it depends on.

numba's cache notices edits to a function's own file only: a cached caller keeps
running an old callee from another file.  So every compiled function is cached
under a directory named by a hash of the files it can depend on:

* a game's files (``simcore/<game>/``, ``agents/scripted/<game>[_*].py`` and the
  ``tests/test_<game>*.py`` that drive its kernels) go to
  ``numba-<game>-<hash of the common files and the game's files>``;
* everything else (the generic drivers: arena, MCTS, harness; ``simcore/rng.py``)
  goes to ``numba-common-<hash of the common files>``.  A generic driver is
  compiled once per game under a *key* that carries that game's hash
  (simcore.dispatch.key), so its entry for a game changes exactly when the game does.

Editing one engine therefore recompiles that game only; editing common code
recompiles everything; an unchanged tree reuses everything.  This module must run
before any ``@njit(cache=True)`` function is defined (simcore/__init__ imports it).
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
from functools import lru_cache
from pathlib import Path

from simcore import registry

ROOT = Path(__file__).resolve().parent.parent
#: the numba releases this code is tested with, [low, high) as in pyproject.toml: it
#: relies on numba internals (``CacheImpl._locator_classes`` here, the cache index in
#: simcore.dispatch, ``_nrt=False`` in simcore.common) that may change in any release
NUMBA_TESTED = ("0.68", "0.69")
GAMES = registry.GAMES
# outside the game folders only modules defining kernels count (and agents/layout.py, whose
# constants kernels freeze), so editing the rules loader, agent specs, `best`, a study or
# the report does not throw compiled code away
_KERNEL_MARKS = (b"@njit", b"@jit", b"@overload")
# tools whose kernels are compiled per run (no cache=True) and called by no cached code:
# editing one must not throw every game's compiled code and study results away
_TOOLS = ("kernel_time.py",)


def group_of(path: str | os.PathLike) -> str | None:
    """The cache group of a source file: a game name, ``"common"``, or None (not ours)."""
    try:
        rel = Path(path).resolve().relative_to(ROOT)
    except ValueError:
        return None
    parts = rel.parts
    if len(parts) >= 3 and parts[0] == "simcore" and parts[1] in GAMES:
        return parts[1]
    if len(parts) == 3 and parts[:2] == ("agents", "scripted"):
        stem = parts[2][:-3]
        for g in GAMES:  # <game>.py and its variants (<game>_legacy.py, ...)
            if stem == g or stem.startswith(g + "_"):
                return g
    if len(parts) == 2 and parts[0] == "tests":
        for g in GAMES:
            if parts[1].startswith(f"test_{g}"):
                return g
    if parts and parts[0] in ("simcore", "agents", "experiments", "tests"):
        return "common"
    return None


def _files(group: str) -> list[Path]:
    if group == "common":
        # _specialize.py decides which specializations are compiled
        out = [p for p in sorted((ROOT / "simcore").glob("*.py"))
               if p.name == "_specialize.py" or any(m in p.read_bytes() for m in _KERNEL_MARKS)]
        out += [p for p in sorted((ROOT / "agents").rglob("*.py")) if group_of(p) == "common"
                and (p.name == "layout.py" or any(m in p.read_bytes() for m in _KERNEL_MARKS))]
        out += [p for p in sorted((ROOT / "experiments").rglob("*.py"))
                if any(m in p.read_bytes() for m in _KERNEL_MARKS) and p.name not in _TOOLS]
        return [p for p in out if p.is_file()]
    # a profile (simcore.registry) holds no compiled code: editing a `best` entry or a
    # regress cell keeps the game's compiled code and study results
    out = [p for p in sorted((ROOT / "simcore" / group).rglob("*.py"))
           if p.relative_to(ROOT / "simcore" / group).as_posix() != "profile.py"]
    return out + [p for p in sorted((ROOT / "agents" / "scripted").glob("*.py"))
                  if group_of(p) == group]


@lru_cache(maxsize=None)
def group_hash(group: str) -> str:
    """A short hash of every file that ``group``'s compiled code can depend on."""
    h = hashlib.sha256()
    if group != "common":
        h.update(group_hash("common").encode())
    for path in _files(group):
        h.update(str(path.relative_to(ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def group_number(group: str) -> int:
    """``group_hash`` as a 40-bit integer (it goes into a compile-time constant)."""
    return int(group_hash(group)[:10], 16)


def source_hash() -> str:
    """A short hash of all compiled sources (every group)."""
    return hashlib.sha256("".join(group_hash(g) for g in ("common",) + GAMES).encode()
                          ).hexdigest()[:16]


def base_dir() -> str:
    """Where the cache directories live (DARKBALANCE_CACHE, NUMBA_CACHE_DIR, or ~/.cache)."""
    return (os.environ.get("DARKBALANCE_CACHE") or os.environ.get("NUMBA_CACHE_DIR")
            or os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
                            "darkbalance"))


def group_dir(group: str) -> str:
    """The cache directory of ``group`` for the current sources."""
    return os.path.join(base_dir(), f"numba-{group}-{group_hash(group)}")


def _make_locator():
    from numba.core import caching

    class GroupCacheLocator(caching.UserProvidedCacheLocator):
        """Put a function's cache in its group's source-keyed directory (see module doc)."""

        def __init__(self, py_func, py_file):
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            self._cache_path = os.path.join(group_dir(group_of(py_file)),
                                            self.get_suitable_cache_subpath(py_file))

        @classmethod
        def from_function(cls, py_func, py_file):
            if group_of(py_file) is None or not os.path.exists(py_file):
                return None
            self = cls(py_func, py_file)
            try:
                self.ensure_cache_path()
            except OSError:
                return None
            return self

    return caching, GroupCacheLocator


def numba_problem(version: str | None = None) -> str | None:
    """One line saying why numba ``version`` (default: the installed one) is outside
    :data:`NUMBA_TESTED`, or None when it is inside."""
    if version is None:
        import numba

        version = numba.__version__
    lo, hi = NUMBA_TESTED

    def key(v: str) -> tuple:
        return tuple(int(x) for x in re.findall(r"\d+", v)[:2])

    if key(lo) <= key(version) < key(hi):
        return None
    return (f"numba {version} is untested: darkbalance relies on numba internals and is "
            f"tested with numba>={lo},<{hi}; install a tested release "
            f"(pip install 'numba>={lo},<{hi}') or, to move on, run the whole test suite "
            "on the new one and widen NUMBA_TESTED (simcore/_cache.py) and pyproject.toml")


def configure() -> str:
    """Install the per-group cache locator; return the common group's directory.

    This is the only thing importing simcore does to numba: it leaves numba's own settings
    (``numba.config.CACHE_DIR``) alone, so code outside darkbalance caches where it did,
    and it deletes nothing (old trees are removed by :func:`prune`, which
    ``darkbalance warmup`` runs)."""
    caching, locator = _make_locator()
    classes = caching.CacheImpl._locator_classes
    if not any(c.__name__ == locator.__name__ for c in classes):
        classes.insert(0, locator)
    return group_dir("common")


def prune(keep: int = 5) -> list[str]:
    """Remove all but the ``keep`` most recently used cache trees of each group (each edit
    of a group's sources starts a new tree); the current trees always stay.  Return the
    removed paths."""
    removed: list[str] = []
    for group in ("common",) + GAMES:
        removed += _prune(f"numba-{group}-", keep=group_dir(group), n=keep)
    return removed


def _prune(prefix: str, keep: str, n: int = 5) -> list[str]:
    base = base_dir()
    try:
        olds = sorted(
            (e for e in os.scandir(base) if e.name.startswith(prefix) and e.path != keep),
            key=lambda e: e.stat().st_mtime,
        )
    except OSError:
        return []
    gone = olds[: max(0, len(olds) - (n - 1))]
    for e in gone:
        shutil.rmtree(e.path, ignore_errors=True)
    return [e.path for e in gone]


CACHE_DIR = configure()
