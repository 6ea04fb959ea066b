"""`darkbalance bench`: speed figures per registered game, as records {game, metric, value, unit}.

Metrics: random_games_per_s_1t / _all, random_actions_per_s_1t, mcts_sims_per_s
(from the initial state), scripted_decision_ms, value_decision_ms (once a ``value`` agent
exists), best_decision_ms / best_sims_per_s (the median decision of each agent in real
positions of a scripted game, one thread), cold_compile_s (fresh numba cache, in a subprocess),
warm_start_s (the CLI `simulate GAME --games 1000` with the cache warm), jit_speedup
(the same random playouts with NUMBA_DISABLE_JIT=1, small N, in a subprocess),
and for connect4 with open_spiel installed: peer_random_ratio and peer_mcts_ratio
(ours / pyspiel's, measured in the same run).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from simcore import registry
from simcore.spec import game_names, get_game

ROOT = Path(__file__).resolve().parent.parent


def check_json_target(path: str) -> None:
    """Fail before any measuring if the --json target cannot be written."""
    from experiments.io import check_output

    check_output(path, (".json",))


def _rate(fn, min_time=1.0):
    """Run ``fn() -> units`` until ``min_time`` s have passed; return units per second."""
    units = 0
    t0 = time.perf_counter()
    while True:
        units += fn()
        dt = time.perf_counter() - t0
        if dt >= min_time:
            return units / dt


def random_speed(name: str, threads: int, actions: float, min_time: float = 1.0):
    """(games/s, actions/s) of uniformly random playouts through the arena.

    Each call plays a block of about ``actions`` actions (the block's games from the
    game's mean length): big blocks hide the per-call overhead that would mask thread
    scaling, and sizing them by actions keeps a long game's block as short in time as a
    short game's."""
    from experiments.api import plan, run_plan

    p = plan(name, "random")
    # always the random-only arena, whatever the cache holds, so figures compare across
    # runs; it compiles in about half the full arena's time and plays random games at the
    # same speed (court, 1 thread: 8.5-9.2M against 8.6-9.0M actions/s)
    probe = run_plan(p, 64, seed=0, threads=threads, arena="random")  # compile / load
    mean_len = max(float(probe["length"].mean()), 1.0)
    games = int(min(max(actions / mean_len, 64), 1_000_000))
    acts = [0]

    def once():
        raw = run_plan(p, games, seed=1, threads=threads, arena="random")
        acts[0] += int(raw["length"].sum())
        return games

    t0 = time.perf_counter()
    g = _rate(once, min_time)
    dt = time.perf_counter() - t0
    return g, acts[0] / dt


def mcts_speed(name: str, iters: int, min_time: float) -> float:
    """MCTS simulations per second from the initial state (one thread): decisions of
    ``iters`` simulations repeated until ``min_time`` s have passed."""
    import numba

    from agents.play import decide
    from simcore.rng import new_rng

    mod = get_game(name)
    params = mod.API.params()
    state = mod.API.new_state(params)
    numba.set_num_threads(1)
    agent = f"mcts:iters={iters}"
    decide(mod, state, params, agent, rng=new_rng(1))  # compile / load
    k = [0]

    def once():
        k[0] += 1
        decide(mod, state, params, agent, rng=new_rng(2, k[0]))
        return iters

    return _rate(once, min_time)


#: the agents whose decision cost bench reports, strongest last; an agent this version
#: does not know yet (``value``) is reported as not measured, so its row is already there
DECISION_AGENTS = ("scripted", "value", "best")


def real_positions(name: str, positions: int, seed: int = 0) -> list:
    """``positions`` states of one game of scripted players (decisions with more than one
    legal action, evenly spread over the game), played through the API."""
    from agents.play import decide
    from simcore.rng import new_rng

    mod = get_game(name)
    api = mod.API
    params = api.params()
    state = api.new_state(params, seed=seed)
    rng = new_rng(seed, 0, 0, 2)
    found = []
    while not api.is_terminal(state, params):
        if len(api.legal_actions(state, params)) > 1:
            found.append(state.copy())
        api.step(state, params, decide(mod, state, params, "scripted", rng=rng), rng)
    if not found:
        return []
    return [found[int(i)] for i in np.linspace(0, len(found) - 1, min(positions, len(found)))]


def decision_ms(name: str, agent: str, pick: list, seed: int = 0) -> float:
    """Median milliseconds of one ``agent`` decision over the states ``pick``, one thread;
    nan when this version has no such agent.

    A cheap agent is asked many times per state in one compiled call (the repeats draw
    fresh randomness), so the Python call's overhead is spread thin: each state's figure is
    that call's time over its repeats."""
    import numba

    from agents.play import decide
    from agents.spec import parse_agent
    from simcore.rng import new_rng

    mod = get_game(name)
    try:
        parse_agent(agent, mod.SPEC.personas, name)
    except ValueError:
        return float("nan")
    if not pick:
        return float("nan")
    params = mod.API.params()
    numba.set_num_threads(1)
    decide(mod, pick[0], params, agent, rng=new_rng(1))  # compile / load
    t0 = time.perf_counter()
    decide(mod, pick[0], params, agent, rng=new_rng(1))
    once = time.perf_counter() - t0
    reps = 1  # a search: one decision a call
    if once < 0.01:  # a cheap agent: repeats so that a state's call lasts about 20 ms
        t0 = time.perf_counter()
        decide(mod, pick[0], params, agent, rng=new_rng(1), reps=64)
        per = (time.perf_counter() - t0) / 64
        reps = int(min(max(0.02 / max(per, 1e-9), 1), 100_000))
    times = []
    for i, st in enumerate(pick):
        t0 = time.perf_counter()
        decide(mod, st, params, agent, rng=new_rng(seed, 1, i, 3), reps=reps)
        times.append((time.perf_counter() - t0) / reps)
    return 1000.0 * float(np.median(times))


def best_speed(name: str, positions: int, seed: int = 0) -> tuple[float, float, int]:
    """(median ms per ``best`` decision, its simulations/s, iterations) on one thread, in
    real positions (:func:`real_positions`), each decided once by ``best`` as agents.best
    states it."""
    from agents.best import best_options

    ms = decision_ms(name, "best", real_positions(name, positions, seed), seed)
    iters = int(best_options(name, {})["iters"])
    return ms, iters / (ms / 1000.0), iters


def _python(code: str, env_extra: dict, timeout: float = 900) -> tuple[float, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **env_extra)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=timeout, cwd=ROOT)
    dt = time.perf_counter() - t0
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr else "failed")
    return dt, out.stdout


def compile_times(name: str) -> tuple[float, float]:
    """(cold, warm) seconds: a fresh process playing 1000 random games via the CLI path,
    first with an empty numba cache, then with the cache it left behind."""
    code = ("import sys; sys.argv=['darkbalance','simulate',%r,'--games','1000','-q'];"
            "import cli; cli.main()" % name)
    with tempfile.TemporaryDirectory() as cache:
        cold, _ = _python(code, {"NUMBA_CACHE_DIR": cache})
        warm, _ = _python(code, {"NUMBA_CACHE_DIR": cache})
    return cold, warm


def interpreted_speed(name: str, games: int) -> float:
    """Random playouts per second with NUMBA_DISABLE_JIT=1 (same code, pure Python)."""
    code = (
        "import time, warnings; warnings.simplefilter('ignore');"
        "from experiments.api import plan, run_plan;"
        f"p = plan({name!r}, 'random'); t = time.perf_counter();"
        f"run_plan(p, {games}, seed=1, threads=1);"
        "print(time.perf_counter() - t)"
    )
    _, out = _python(code, {"NUMBA_DISABLE_JIT": "1"})
    return games / float(out.strip().splitlines()[-1])


def peer_openspiel(peer: str, sims: int, min_time: float = 1.0):
    """pyspiel game ``peer`` (a game's profile ``OPENSPIEL``, e.g. connect_four): (random
    games/s driven from Python, MCTSBot sims/s) or None."""
    try:
        import pyspiel
    except ImportError:
        return None
    import random

    game = pyspiel.load_game(peer)
    rnd = random.Random(0)

    def one_game():
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rnd.choice(s.legal_actions()))
        return 1

    games_per_s = _rate(one_game, min_time)
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 0), 1.4, sims, 1000,
                          False, 0, False)
    bot.step(game.new_initial_state())
    t0 = time.perf_counter()
    reps = 3
    for _ in range(reps):
        bot.step(game.new_initial_state())
    return games_per_s, sims * reps / (time.perf_counter() - t0)


def _prepare(name: str, cold: bool) -> tuple[str, float, float, float]:
    """Compile (or load) everything the bench runs for ``name`` into numba's cache, after
    the cold/warm start subprocesses when ``cold``: (name, cold s, warm s, this s)."""
    c = w = float("nan")
    if cold:
        c, w = compile_times(name)
    t0 = time.perf_counter()
    random_speed(name, 1, 64, 0.0)
    mcts_speed(name, 8, 0.0)
    best_speed(name, 1)
    return name, c, w, time.perf_counter() - t0


def _prepare_all(names, cold: bool, jobs: int, echo) -> dict:
    """Run :func:`_prepare` for every game, ``jobs`` games at once (longest compile first)
    in worker processes; returns name -> (cold s, warm s)."""
    from functools import partial

    from experiments.api import by_compile_order, in_processes

    what = "cold starts and compiling" if cold else "compiling"
    k = min(jobs, len(names))
    echo(f"bench: {what} {', '.join(by_compile_order(names))}" +
         (f", {k} at once ..." if k > 1 else " ..."))
    out = {}
    for name, c, w, dt in in_processes(partial(_prepare, cold=cold), names, jobs):
        echo(f"bench: {name} ready in {dt:.0f} s" + (f" (cold start {c:.0f} s)" if cold else ""))
        out[name] = (c, w)
    return out


def run_bench(games=None, json_out=None, quick=False, echo=print, jobs=None) -> list[dict]:
    """Measure every metric for ``games`` (default: all registered) and print a table.

    First every game's compiled code is built into numba's cache, ``jobs`` games at once
    (default: one per core), with the full bench's cold and warm start subprocesses (each
    in its own empty cache, so the figure is that game's alone; with ``jobs`` > 1 another
    game compiles on the other core meanwhile).  Then each game is measured in this
    process, one after another, on an otherwise idle machine.
    """
    import numba

    from agents.best import best_options

    names = list(games) if games else game_names()
    for n in names:
        get_game(n)  # validates names before any work
    all_threads = numba.config.NUMBA_NUM_THREADS
    jobs = all_threads if jobs is None else int(jobs)
    recs: list[dict] = []

    def rec(game, metric, value, unit):
        recs.append({"game": game, "metric": metric, "value": float(value), "unit": unit})
        # a value under 1 (a scripted decision's ms) keeps three significant digits
        text = f"{value:>14,.2f}" if abs(value) >= 1 or value == 0 else f"{value:>14.3g}"
        echo(f"{game:<10} {metric:<24} {text} {unit}")

    starts = _prepare_all(names, not quick, jobs, echo)
    min_time = 0.3 if quick else 2.0
    # a block of this many actions per call: big enough that per-call overhead hides no
    # thread scaling (~1-3 s a block on one thread in the full bench)
    block = 50_000 if quick else 5_000_000
    for name in names:
        g1, a1 = random_speed(name, 1, block, min_time)
        rec(name, "random_games_per_s_1t", g1, "games/s")
        rec(name, "random_actions_per_s_1t", a1, "actions/s")
        gall, _ = random_speed(name, all_threads, block * all_threads, min_time)
        rec(name, "random_games_per_s_all", gall, "games/s")
        rec(name, "thread_scaling", gall / g1, f"x on {all_threads} threads")
        # pure Python plays a long game in seconds: a few games measure the ratio well enough
        long_game = get_game(name).SPEC.max_game_length > 1000
        # a long game's random rollouts cost ~1 ms: fewer simulations a decision there
        iters = (200 if long_game else 2_000) if quick else (2_000 if long_game else 20_000)
        ours_mcts = mcts_speed(name, iters, min_time)
        rec(name, "mcts_sims_per_s", ours_mcts, f"simulations/s ({iters} a decision, initial "
            "state, random rollouts, 1 thread)")
        pick = real_positions(name, 5 if quick else 25)
        for agent in DECISION_AGENTS:
            ms = decision_ms(name, agent, pick)
            if ms != ms:  # nan: no such agent in this version (the slot waits for it)
                echo(f"{name:<10} {agent + '_decision_ms':<24} {'-':>14} (no {agent} agent)")
                continue
            if agent == "best":
                best_iters = int(best_options(name, {})["iters"])
                rec(name, "best_decision_ms", ms,
                    f"ms median (best, {best_iters} simulations, 1 thread, real positions)")
                rec(name, "best_sims_per_s", best_iters / (ms / 1000.0),
                    "simulations/s (best, real positions)")
            else:
                rec(name, f"{agent}_decision_ms", ms,
                    f"ms median ({agent}, 1 thread, real positions)")
        interp = interpreted_speed(name, (2 if long_game else 20) if quick
                                   else (5 if long_game else 100))
        rec(name, "jit_speedup", g1 / interp, "x (vs NUMBA_DISABLE_JIT=1)")
        if not quick:
            cold, warm = starts[name]
            rec(name, "cold_compile_s", cold, "s (fresh process, empty cache, 1000 random "
                "games: the engine and random play only)")
            rec(name, "warm_start_s", warm, "s (fresh process, warm cache, 1000 games)")
        peer_name = registry.part(name, "OPENSPIEL")
        if peer_name:
            peer = peer_openspiel(peer_name, iters, min_time)
            if peer is None:
                echo(f"{name:<10} open_spiel not installed: peer ratios skipped "
                     "(pip install .[bench])")
            else:
                rec(name, "peer_random_games_per_s", peer[0], "games/s (pyspiel, Python loop)")
                rec(name, "peer_mcts_sims_per_s", peer[1], "simulations/s (pyspiel MCTSBot)")
                rec(name, "peer_random_ratio", g1 / peer[0], "x (ours 1 thread / pyspiel)")
                rec(name, "peer_mcts_ratio", ours_mcts / peer[1], "x (ours / pyspiel MCTSBot)")
    if json_out:
        from experiments.io import write_atomic

        text = json.dumps(recs, indent=1)
        write_atomic(json_out, lambda t: Path(t).write_text(text))
        echo(f"wrote {len(recs)} records to {json_out}")
    return recs


