"""Time one engine's ``step`` and ``legal_actions`` alone, over states recorded from
random play (a per-kernel breakdown to compare two commits; ``darkbalance bench`` times whole
games).

    python -m experiments.kernel_time court [players] [states] [--by-decision] [--hot]

Prints ns per call of each kernel, of the row copy that ``step``'s timing includes, and
``step_net``, step less the copy; ``--by-decision`` splits ``step_net`` by the decision
kind each state asks (games whose layout has a ``DEC`` field, named by its ``D_*``
constants where it has them: court, darkness; humanity and darkleaf print the numbers;
frontier by its ``PHASE``, and the pending card or shot target as ``PEND_*``).
Compare two commits by running this in both, interleaved: one process on this 2-core
machine varies by about 20%.  The rows are int32 like the arena's (an int64 row compiles
another specialization and measures something else).
"""
from __future__ import annotations

import importlib
import resource
import sys

import numpy as np
from numba import njit

from experiments.api import plan
from simcore.rng import randint, seed_rng
from simcore.spec import get_game


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _kernels(E):
    @njit
    def record(params, n_states, states, actions, out):
        st = np.zeros(states.shape[1], np.int32)
        rng = np.zeros(2, np.uint64)
        pick = np.zeros(2, np.uint64)  # the recording's own moves, a stream of their own
        n = 0
        g = 0
        while n < n_states:
            st[:] = 0
            seed_rng(rng, 7, 0, g, 0)
            seed_rng(pick, 7, 0, g, 1)
            E.init(st, params, rng)
            g += 1
            while not E.is_terminal(st, params) and n < n_states:
                k = E.legal_actions(st, params, out)
                a = out[randint(pick, k)]
                states[n, :] = st
                actions[n] = a
                n += 1
                E.step(st, params, np.int64(a), rng)
        return g

    @njit
    def t_legal(params, states, out, reps):
        t = 0
        for i in range(states.shape[0]):
            for _ in range(reps):  # reps > 1: the row is in cache after the first call
                t += E.legal_actions(states[i], params, out)
        return t

    @njit
    def t_step(params, states, actions):
        st = np.empty(states.shape[1], np.int32)
        rng = np.zeros(2, np.uint64)
        t = 0
        for i in range(states.shape[0]):
            st[:] = states[i]
            E.step(st, params, np.int64(actions[i]), rng)
            t += st[0]
        return t

    @njit
    def t_copy(params, states, actions):
        st = np.empty(states.shape[1], np.int32)
        t = 0
        for i in range(states.shape[0]):
            st[:] = states[i]
            t += st[0] + actions[i]
        return t

    return record, t_legal, t_step, t_copy


def _best_of_5(f) -> float:
    f()  # compile and warm
    best = 1e9
    for _ in range(5):
        c = _cpu()
        f()
        best = min(best, _cpu() - c)
    return best


def by_decision(game, params, states, actions, t_step, t_copy, t_legal, out,
                reps: int = 1) -> dict:
    """``step_net`` per decision kind (the layout's ``DEC`` field, named by its ``D_*``
    constants): {name: (states, ns per step, share of step time)}, and ``legal_actions``
    (``t_legal`` filling ``out``, ``reps`` calls per state) per decision kind under
    ``name + "/legal"`` (ns per call, share of legal time)."""
    layout = importlib.import_module(f"simcore.{game}.layout")
    # the decision a state asks: DEC, or a game's phase (PHASE, named by its PH_* constants)
    # where a pending card or shot target (PEND_MODE, PEND_*) does not ask first
    if hasattr(layout, "DEC"):
        field, prefix = layout.DEC, "D_"
    elif hasattr(layout, "PHASE"):
        field, prefix = layout.PHASE, "PH_"
    else:
        raise SystemExit(f"{game}: its layout has no DEC or PHASE field; --by-decision needs one")
    names = {v: k for k, v in vars(layout).items() if k.startswith(prefix) and isinstance(v, int)}
    dec = states[:, field].copy()
    if prefix == "PH_" and hasattr(layout, "PEND_MODE"):
        pend = {v: k for k, v in vars(layout).items() if k.startswith("PEND_") and k != "PEND_MODE"
                and isinstance(v, int) and v != 0}
        for v, k in pend.items():  # codes above the phases for the pending targets
            dec[states[:, layout.PEND_MODE] == v] = 100 + v
            names[100 + v] = k
    cost, lcost = {}, {}
    for d in np.unique(dec):
        idx = np.nonzero(dec == d)[0]
        st, ac = states[idx].copy(), actions[idx].copy()
        net = (_best_of_5(lambda: t_step(params, st, ac))  # noqa: B023  (called at once)
               - _best_of_5(lambda: t_copy(params, st, ac)))  # noqa: B023
        name = names.get(int(d), str(int(d)))
        cost[name] = (len(idx), max(net, 0.0))
        lc = _best_of_5(lambda: t_legal(params, st, out, reps))  # noqa: B023
        lcost[name] = (len(idx), lc / reps)
    res = {}
    for what, c in (("step_net", cost), ("legal", lcost)):
        total = sum(t for _, t in c.values()) or 1.0
        part = {k: (n, t / n * 1e9, t / total) for k, (n, t) in c.items()}
        for k, (n, ns, share) in sorted(part.items(), key=lambda kv: -kv[1][2]):
            print(f"  {k:16s} {n:7d} states  {what:8s} {ns:7.1f} ns  share {share:6.1%}")
        res.update({(k if what == "step_net" else k + "/legal"): v for k, v in part.items()})
    return res


def main(game: str, players: int | None = None, n_states: int = 200_000,
         decisions: bool = False, hot: bool = False) -> dict:
    """ns per call of ``legal_actions``, ``step`` (row copy included), the copy alone and
    ``step_net`` (step less the copy); with ``decisions``, also ``step_net`` per decision
    kind (:func:`by_decision`).  ``hot``: legal_actions is called 8 times on each row and
    timed per call, so a row not touched since recording costs its cache misses once in 8
    (on a busy machine the misses otherwise outweigh the work of a small decision)."""
    reps = 8 if hot else 1
    spec = get_game(game).SPEC
    E = importlib.import_module(f"simcore.{game}.engine")
    params = plan(game, "random", players=players).params
    record, t_legal, t_step, t_copy = _kernels(E)
    states = np.zeros((n_states, spec.state_size), np.int32)
    actions = np.zeros(n_states, np.int32)
    out = np.empty(spec.num_actions + 1, np.int32)
    games = record(params, n_states, states, actions, out)
    runs = {"legal": lambda: t_legal(params, states, out, reps),
            "step": lambda: t_step(params, states, actions),
            "copy": lambda: t_copy(params, states, actions)}
    res = {name: _best_of_5(f) / n_states * 1e9 for name, f in runs.items()}
    res["legal"] /= reps
    # the copy is timed on its own: step's net cost is the difference of two minima, an
    # estimate (for a large row such as humanity's the copy outweighs the step)
    res["step_net"] = max(0.0, res["step"] - res["copy"])
    print(f"{game}: {n_states} states from {games} random games; ns per call: "
          + ", ".join(f"{k} {v:.1f}" for k, v in res.items()))
    if decisions:
        res["by_decision"] = by_decision(game, params, states, actions, t_step, t_copy,
                                         t_legal, out, reps)
    return res


if __name__ == "__main__":
    flag = "--by-decision" in sys.argv
    a = [x for x in sys.argv[1:] if x not in ("--by-decision", "--hot")]
    main(a[0], int(a[1]) if len(a) > 1 else None, int(a[2]) if len(a) > 2 else 200_000, flag,
         "--hot" in sys.argv)
