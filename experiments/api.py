"""The Python face of the CLI: ``simulate(...) -> pandas.DataFrame`` (one row per game),
and compiling ahead of time (``warmup``).  Batches themselves live in experiments.batch."""
from __future__ import annotations

import time
import warnings

from agents.spec import compile_key, parse_agents, split_agents
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

FROZEN_JOB = ":frozen"  # a warmup job "GAME:frozen": the arena with the frozen player too
VALUE_JOB = ":value"  # a warmup job "GAME:value": the arena with the value agent's one-ply search


def needs_frozen(game: str, agents) -> bool:
    """Whether playing ``agents`` (spec strings) in ``game`` needs the arena that holds the
    game's frozen reference player (agents.spec.compile_key)."""
    spec = get_game(game).SPEC
    if spec.frozen_persona < 0:
        return False
    texts = split_agents(agents) if isinstance(agents, str) else list(agents)
    rows = [a.row for a in parse_agents(texts, len(texts), spec.personas, spec.name)]
    from simcore import dispatch

    return dispatch.frozen(compile_key(spec, rows))


def needs_value(game: str, agents) -> bool:
    """Whether playing ``agents`` (spec strings) in ``game`` needs the arena that holds the
    ``value`` agent (agents.spec.compile_key's value bit): the strong tables of a game whose
    profile names ``value`` as its cheap strong player, and the ladder's value rung."""
    spec = get_game(game).SPEC
    texts = split_agents(agents) if isinstance(agents, str) else list(agents)
    rows = [a.row for a in parse_agents(texts, len(texts), spec.personas, spec.name)]
    from simcore import dispatch

    return dispatch.with_value(compile_key(spec, rows))


def _warm_one(job: str) -> float:
    name, _, extra = job.partition(":")
    t0 = time.perf_counter()
    mod = get_game(name)
    if extra == VALUE_JOB[1:]:  # the arena with the value agent (its fitted weights)
        run_plan(plan(name, "value"), 1, 0, threads=1, arena="full")
        return time.perf_counter() - t0
    if extra:  # the arena that also holds the frozen reference player
        spec = mod.SPEC
        p = plan(name, f"scripted:{spec.personas[spec.frozen_persona]}")
        run_plan(p, 1, 0, threads=1, arena="full")
        return time.perf_counter() - t0
    p = plan(name, "random")
    run_plan(p, 1, 0, threads=1, arena="full")  # the arena with every agent kind
    state = mod.API.new_state(p.params)  # the Python-side wrappers' kernels
    mod.API.legal_actions(state, p.params)
    return time.perf_counter() - t0


def _warm_pair(name: str) -> tuple[str, float]:
    return name, _warm_one(name)


def by_compile_order(names, first=None) -> list[str]:
    """``names`` with the longest compile first (so parallel workers finish together): each
    game's profile states its measured cold compile (simcore.registry); a ``GAME:frozen``
    warmup job (a second arena, measured at about 0.6 of the first) goes by its share, and
    so does a ``GAME:value`` job.
    ``first`` (a job, or a collection of jobs), when given, leads whatever its cost
    (something waits for it)."""
    from simcore import registry

    firsts = _jobs(first)

    def cost(job: str) -> float:
        game, _, extra = job.partition(":")
        if game not in registry.GAMES:
            return float("inf")
        return registry.part(game, "COMPILE_SECONDS") * (0.6 if extra else 1.0)
    return sorted(names, key=lambda j: (j not in firsts, -cost(j)))


def _jobs(first) -> tuple:
    """``first`` (None, one job, or several) as a tuple of jobs."""
    if first is None:
        return ()
    return (first,) if isinstance(first, str) else tuple(first)


def in_processes(fn, names, jobs: int, first=None):
    """Yield ``fn(name)`` for each of ``names`` as each finishes, ``jobs`` at once in
    worker processes (loky), ``first`` first, then the longest compile first; in this
    process if ``jobs`` <= 1."""
    order = by_compile_order(names, first)
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


def warmup(games=None, echo=print, jobs: int = 1, frozen=(), first=None,
           on_first=None, value=()) -> list[tuple[str, float]]:
    """Compile (or load from numba's cache) what playing each game needs, up front.

    ``jobs`` > 1 compiles that many games at once in worker processes (numba compiles one
    function at a time per process), each writing numba's on-disk cache, which this
    process then loads.  Returns (game, seconds) per game; ``echo`` gets one line per game
    as it finishes.  Old numba cache trees (earlier versions of the sources) are removed
    first, all but the most recent few of each game (``simcore._cache.prune``).

    ``frozen`` names games whose arena with the frozen reference player (a second arena,
    compiled only for runs that play that persona, see :func:`needs_frozen`) is compiled
    too, as job ``GAME:frozen``; ``value`` the same for the arena with the ``value`` agent
    (job ``GAME:value``).

    ``first`` (a game, or the jobs a first run needs: "court" and "court:value") is
    compiled before the others and ``on_first(game)`` is called in this process as soon as
    all of it is ready, while the workers go on compiling the rest (the report plays its
    first look there: court's seat tables, whose strong table is court's ``value``; had
    that arena been left to its turn, the look would compile it itself, about 30 s of a
    cold report's games).
    """
    from simcore import _cache
    from simcore.spec import game_names

    gone = _cache.prune()
    if gone:
        echo(f"removed {len(gone)} old numba cache folder(s) from {_cache.base_dir()}")
    names = [get_game(g).SPEC.name for g in games] if games else game_names()
    names += [f"{n}{FROZEN_JOB}" for n in dict.fromkeys(get_game(g).SPEC.name for g in frozen)
              if get_game(n).SPEC.frozen_persona >= 0]
    names += [f"{n}{VALUE_JOB}" for n in dict.fromkeys(get_game(g).SPEC.name for g in value)]
    jobs = check_int("--jobs", jobs, 1)
    out = []
    firsts = []  # the jobs under their games' canonical names ("court:value")
    for j in _jobs(first):
        g, sep, extra = j.partition(":")
        firsts.append(get_game(g).SPEC.name + sep + extra)
    names += [j for j in firsts if j not in names]
    waiting = set(firsts)

    def ready(name, dt):
        echo(f"{name}: ready in {dt:.1f} s")
        out.append((name, dt))
        if name in waiting:
            waiting.discard(name)
            if not waiting and on_first is not None:
                for j in firsts:
                    _warm_one(j)  # load what the workers cached into this process
                on_first(firsts[0].partition(":")[0])

    if jobs > 1 and len(names) > 1:
        echo(f"compiling {', '.join(by_compile_order(names, firsts))} in "
             f"{min(jobs, len(names))} processes (cached after the first run) ...")
        for name, dt in in_processes(_warm_pair, names, jobs, firsts):
            ready(name, dt)
        for name in names:  # load what the workers cached into this process
            _warm_one(name)
        return out
    for name in by_compile_order(names, firsts) if firsts else names:
        echo(f"{name}: compiling (cached after the first run) ...")
        ready(name, _warm_one(name))
    return out
