"""Darkleaf Gambit players, measured (issue 16): the improved scripted player against the
pre-fix one (``scripted:legacy``), then ``best`` candidates against scripted, every one of the
15 clan pairings, seats rotated; Wilson 95% intervals.  Shared wins (turn cap) count 1/2.

    python -m experiments.darkleaf_agents_measure legacy 20
    python -m experiments.darkleaf_agents_measure speed "mcts:iters=100,..."
    python -m experiments.darkleaf_agents_measure vs "mcts:iters=100,..." 4
"""
from __future__ import annotations

import sys
import time

import numpy as np

from experiments.api import simulate
from experiments.stats import wilson
from simcore.darkleaf import SETUPS


def head_to_head(a: str, b: str, per_setup: int, seed: int = 16, threads=None):
    """Win share of agent ``a`` against ``b`` per clan pairing and pooled."""
    rows = []
    tot_k = 0.0
    tot_n = 0
    caps = 0
    t0 = time.time()
    for setup in SETUPS:
        df = simulate("darkleaf", [a, b], games=per_setup, seed=seed, setup=setup,
                      threads=threads)
        k = _share(df, a)
        n = len(df)
        caps += int((df["end_reason"] == "turn-cap").sum())
        lo, hi = wilson(k, n)
        rows.append((setup, n, k / n, lo, hi))
        tot_k += k
        tot_n += n
        print(f"{setup:18s} n={n:3d} rate={k / n:.3f} [{lo:.3f}, {hi:.3f}]", flush=True)
    lo, hi = wilson(tot_k, tot_n)
    print(f"{'pooled':18s} n={tot_n:3d} rate={tot_k / tot_n:.3f} [{lo:.3f}, {hi:.3f}] "
          f"turn-cap={caps} ({time.time() - t0:.0f} s)", flush=True)
    return rows, (tot_k / tot_n, lo, hi)


def _share(df, a):
    """Summed return of the seats that agent ``a`` played (its canonical name in agent_<s>)."""
    names = set(df["agent_0"]) | set(df["agent_1"])
    k = 0.0
    for s in range(2):
        col = df[f"agent_{s}"]
        other = df[f"agent_{1 - s}"]
        mine = col != other
        k += float(df.loc[mine & (col == _canon(a, names)), f"return_{s}"].sum())
    return k


def _canon(a, names):
    from agents.spec import parse_agent
    from simcore.darkleaf import SPEC

    t = parse_agent(a, SPEC.personas, "darkleaf").text
    assert t in names, (t, names)
    return t


def speed(agent: str, reps: int = 3, states: int = 8):
    """Median seconds per decision of ``agent`` over mid-game states (one thread)."""
    import numba

    from agents.play import decide
    from simcore.darkleaf import API, engine
    from simcore.darkleaf import layout as L
    from simcore.rng import new_rng

    import simcore.darkleaf as mod

    numba.set_num_threads(1)
    times = []
    rng = new_rng(9)
    lg = np.zeros(L.NUM_ACTIONS, np.int32)
    for i, setup in enumerate(SETUPS[:states]):
        p = API.params(2, setup)
        s = API.new_state(p, seed=i)
        # walk 60 scripted-ish (random) steps in, to a decision with a choice
        steps = 0
        while steps < 60 or engine.legal_actions(s, p, lg) < 2:
            if s[L.END]:
                break
            n = engine.legal_actions(s, p, lg)
            engine.step(s, p, int(lg[int(rng[0] % np.uint64(n))]), rng)
            rng[0] += np.uint64(1)
            steps += 1
        if s[L.END]:
            continue
        decide(mod, s, p, agent, seed=1)
        t0 = time.perf_counter()
        decide(mod, s, p, agent, seed=2, reps=reps)
        times.append((time.perf_counter() - t0) / reps)
    med = float(np.median(times))
    print(f"{agent}: median {med * 1000:.1f} ms/decision over {len(times)} states", flush=True)
    return med


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "legacy":
        head_to_head("scripted", "scripted:legacy", int(sys.argv[2]))
    elif what == "speed":
        speed(sys.argv[2])
    elif what == "vs":
        head_to_head(sys.argv[2], "scripted", int(sys.argv[3]))
