"""Shared fixtures: the registry of (game, players, setup) cases, compiled once per session."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from simcore import registry
from simcore.spec import game_names, get_game  # noqa: E402

# every test plays on the full arena, so a worker compiles each game's arena once; the
# random-only arena is checked against it in tests/test_arena_variants.py
os.environ.setdefault("DARKBALANCE_ARENA", "full")
# and a report compiles each game when it first plays it, as before the up-front warmup (a
# warmup would compile every game at once, while the games' own test groups compile them)
os.environ.setdefault("DARKBALANCE_WARMUP_JOBS", "0")


def registry_cases():
    """Every registered game at every player count (default setup) and every named setup
    (at the most common table size): each player count and each setup is covered without
    the full cross product, which would cost minutes per game on 2 cores."""
    out = []
    for name in game_names():
        spec = get_game(name).SPEC
        lo, hi = spec.players
        for players in range(lo, hi + 1):
            out.append((name, players, spec.setups[0]))
        for setup in spec.setups[1:]:
            slo, shi = spec.player_range(setup)  # a variant may have its own range
            out.append((name, min(max(slo, 3), shi), setup))
    return out


def budget(name: str, fast: int, slow: int) -> int:
    """Games for a conformance check: ``fast`` for quick games, ``slow`` for long ones."""
    return fast if get_game(name).SPEC.max_game_length <= 1000 else slow


CASES = registry_cases()
CASE_IDS = [f"{g}-{p}p-{s}" for g, p, s in CASES]


@pytest.fixture(scope="session")
def arena_ready():
    """Compile (or load from cache) the arena once for the whole session."""
    from experiments.api import simulate

    simulate("tictactoe", "random", games=2, seed=0)
    return True


@pytest.fixture(scope="session")
def compiled():
    """Darkleaf rules tests: compile (or load) the darkleaf kernels once per session."""
    from simcore.darkleaf import API

    p = API.params(2, "murg-huldra")
    API.legal_actions(API.new_state(p), p)
    return True


_GAMES = registry.GAMES


def _game_of(item) -> str | None:
    callspec = getattr(item, "callspec", None)
    if callspec is not None:
        for key in ("name", "game"):
            v = callspec.params.get(key)
            if isinstance(v, str) and v in _GAMES:
                return v
    base = os.path.basename(str(item.fspath))
    for g in _GAMES:
        if base.startswith(f"test_{g}"):
            return g
    return None


def pytest_itemcollected(item):
    """Group tests by the game they compile (pytest-xdist ``--dist loadgroup``), so one
    worker compiles each game's kernels once; tests spanning games share one group.

    A test of no one game is grouped by its file ("mixed:test_cli"): after the warmup
    every game loads from the cache, so such files spread over the workers (one "mixed"
    group held a worker for 111 s of the suite's 141 s), while a file's module fixtures
    (the studies' smoke report, 62 s) still run once.

    Marked as each item is collected: xdist reads the groups in its own
    collection_modifyitems hook, which runs before a conftest's."""
    if item.get_closest_marker("xdist_group") is None:
        base = os.path.splitext(os.path.basename(str(item.fspath)))[0]
        item.add_marker(pytest.mark.xdist_group(_game_of(item) or f"mixed:{base}"))


def _whole_suite(config) -> bool:
    """Whether this run collects the whole suite (``make test``), not a chosen file or test."""
    args = [a for a in config.args if not a.startswith("-")]
    root = os.path.join(ROOT, "tests")
    whole = not args or all(os.path.abspath(a) in (root, ROOT) for a in args)
    return whole and not config.getoption("keyword", "") and \
        not config.getoption("markexpr", "")


#: further warmup jobs (experiments.api._warm_one): connect4's value arena was compiled by
#: two groups at once on a cold cache (its value tests, and the mixed group's smoke report
#: and duel), about 45 s on the mixed worker, the suite's critical path; the warmup's
#: shorter core has room for it
WARM_MORE = ["connect4:value"]


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    """Before xdist starts its workers, compile every game once, one game per core (longest
    first), into numba's on-disk cache; the workers then load it.  Without this a game
    was compiled twice on a cold cache: by its own test group, and at the same time by the
    mixed group's report or notebook that plays every game.  Only for the whole suite on
    several workers; DARKBALANCE_TEST_WARMUP=0 skips it, =1 forces it."""
    config = session.config
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    want = os.environ.get("DARKBALANCE_TEST_WARMUP")
    jobs = config.getoption("numprocesses", None) or 0
    jobs = jobs if isinstance(jobs, int) else (os.cpu_count() or 1)
    if want == "0" or (want != "1" and (jobs < 2 or not _whole_suite(config))):
        return
    import time

    from experiments.api import _warm_pair, in_processes

    t0 = time.perf_counter()
    done = [f"{g} {dt:.0f} s" for g, dt in in_processes(_warm_pair, game_names() + WARM_MORE,
                                                         max(jobs, 2))]
    print(f"\nwarmup: compiled or loaded {', '.join(done)} in "
          f"{time.perf_counter() - t0:.0f} s wall", flush=True)


def pytest_configure(config):
    """``DARKBALANCE_COMPILE_LOG=DIR``: log every numba compile of this process
    (experiments/compile_log.py), one file per worker, to see where compile time goes."""
    if os.environ.get("DARKBALANCE_COMPILE_LOG"):
        from experiments import compile_log

        compile_log.install()


def pytest_sessionfinish(session):
    out = os.environ.get("DARKBALANCE_COMPILE_LOG")
    if out:
        from experiments import compile_log

        compile_log.write(out, os.environ.get("PYTEST_XDIST_WORKER", "main"))
