"""The Python face of the CLI: ``simulate(...) -> pandas.DataFrame`` (one row per game),
and compiling ahead of time (``warmup``).  Batches themselves live in experiments.batch."""
from __future__ import annotations

import time
import warnings

from experiments.batch import (  # noqa: F401  (the public API)
    MAX_GAMES,
    MAX_SEED,
    Plan,
    arena_key,
    check_games,
    check_int,
    check_threads,
    plan,
    resolutions,
    run_plan,
    simulate,
    to_frame,
)
from simcore.spec import get_game

# the order a parallel warmup hands games out: longest compile first, so the workers finish
# together (measured cold on 2 cores: darkleaf ~245 s, darkness ~110 s, humanity ~85 s,
# court ~57 s, frontier ~47 s, tictactoe and connect4 under 20 s)
_COMPILE_ORDER = ("darkleaf", "darkness", "humanity", "court", "frontier", "connect4",
                  "tictactoe")


def _warm_one(name: str) -> float:
    t0 = time.perf_counter()
    mod = get_game(name)
    p = plan(name, "random")
    run_plan(p, 1, 0, threads=1, arena="full")  # the arena with every agent kind
    state = mod.API.new_state(p.params)  # the Python-side wrappers' kernels
    mod.API.legal_actions(state, p.params)
    return time.perf_counter() - t0


def _warm_pair(name: str) -> tuple[str, float]:
    return name, _warm_one(name)


def by_compile_order(names) -> list[str]:
    """``names`` with the longest compile first (so parallel workers finish together)."""
    rank = {g: i for i, g in enumerate(_COMPILE_ORDER)}
    return sorted(names, key=lambda g: rank.get(g, -1))


def in_processes(fn, names, jobs: int):
    """Yield ``fn(name)`` for each of ``names`` as each finishes, ``jobs`` at once in
    worker processes (loky), longest compile first; in this process if ``jobs`` <= 1."""
    order = by_compile_order(names)
    if jobs <= 1 or len(order) <= 1:
        yield from (fn(g) for g in order)
        return
    from joblib import Parallel, delayed

    run = Parallel(n_jobs=min(jobs, len(order)), backend="loky",
                   return_as="generator_unordered")
    with warnings.catch_warnings():
        # loky retires a worker idle past its timeout while another compiles a long game,
        # and warns; no job is lost
        warnings.filterwarnings("ignore", message="A worker stopped")
        yield from run(delayed(fn)(g) for g in order)


def warmup(games=None, echo=print, jobs: int = 1) -> list[tuple[str, float]]:
    """Compile (or load from numba's cache) what playing each game needs, up front.

    ``jobs`` > 1 compiles that many games at once in worker processes (numba compiles one
    function at a time per process), each writing numba's on-disk cache, which this
    process then loads.  Returns (game, seconds) per game; ``echo`` gets one line per game
    as it finishes.
    """
    from simcore.spec import game_names

    names = [get_game(g).SPEC.name for g in games] if games else game_names()
    jobs = check_int("--jobs", jobs, 1)
    out = []
    if jobs > 1 and len(names) > 1:
        echo(f"compiling {', '.join(by_compile_order(names))} in {min(jobs, len(names))} "
             "processes (cached after the first run) ...")
        for name, dt in in_processes(_warm_pair, names, jobs):
            echo(f"{name}: ready in {dt:.1f} s")
            out.append((name, dt))
        for name in names:  # load what the workers cached into this process
            _warm_one(name)
        return out
    for name in names:
        echo(f"{name}: compiling (cached after the first run) ...")
        dt = _warm_one(name)
        echo(f"{name}: ready in {dt:.1f} s")
        out.append((name, dt))
    return out
