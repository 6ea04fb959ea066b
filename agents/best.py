"""``best``: per game, the strongest search configuration measured so far, at a stated cost.

Each entry is an MCTS option set; ``best`` plays it as is, ``best:iters=N`` (or any other
MCTS option) overrides a part, and ``best:ms=T`` sets the simulations from a time budget
per decision through the game's measured simulations per second for that configuration
(one core, this project's bench), so a budget stays reproducible: the same spec always
means the same number of simulations.

How the entries were chosen: the ladder study (experiments/studies/ladder.py) plays each
candidate against every scripted persona; the entry is the strongest candidate whose
median decision stays near 50 ms on one core (the ``sims_per_s`` column).  Change an
entry only with the ladder table that justifies it.
"""
from __future__ import annotations

# game -> (MCTS options, measured simulations/s of that configuration on one core)
BEST: dict[str, tuple[dict, float]] = {
    "tictactoe": ({"iters": 2000, "rollout": "random"}, 2.0e6),
    "connect4": ({"iters": 4000, "rollout": "random"}, 5.0e5),
    # court (issue 16, 3 players, one candidate vs two fixed scripted, seats rotated, 120 games):
    # iters=1000 72.5% [64, 80] (median decision 47 ms on a loaded 2-core machine),
    # iters=2000 75.8% [67, 83] but 90 ms, iters=200 64.2% [55, 72] at 3.6 ms
    "court": ({"iters": 1000, "rollout": "scripted", "eps": 0.1}, 2.1e4),
    # darkleaf (issue 16, 30 games each vs the fixed scripted player over the 15 pairings):
    # iters=200,depth=20 50% [33, 67] at about half the cost of iters=100,depth=80 43% [27, 61];
    # sims/s estimated from arena wall time on a shared 2-core machine (no decide timing yet)
    "darkleaf": ({"iters": 200, "rollout": "scripted", "eps": 0.1, "depth": 20}, 3.5e3),
    # darkness (issue 16, 2p on-every-front vs the improved scripted, seats rotated): depth 40 +
    # evaluate 0.883 [0.778, 0.942] (60 games); full rollouts at iters=150 (~44 ms) 0.200
    "darkness": ({"iters": 500, "rollout": "scripted", "eps": 0.1, "depth": 40}, 1.2e4),
    # humanity (issue 16, 100 games each vs the fixed scripted builder, 2 players, seats
    # rotated; depth-capped rollouts scored by engine.evaluate): iters=2000,depth=30 77%
    # [68, 84] at 48.7 ms a decision; iters=800,depth=30 69% [59, 77] at 17.6 ms;
    # iters=400 (full rollouts) 66.5% [57, 75]; iters=200,depth=30 63% [53, 72];
    # iters=200 (full rollouts, the old entry) 56% [46, 65]
    "humanity": ({"iters": 2000, "rollout": "scripted", "eps": 0.1, "depth": 30}, 4.1e4),
    # frontier (issue 16, 100 standard missions, seed 11): iters=1000 89% [81, 94] (median
    # decision 29 ms, loaded shared machine), iters=200 82% [73, 88], scripted 29% [21, 39]
    "frontier": ({"iters": 1000, "rollout": "scripted", "eps": 0.1}, 3.4e4),
}


def best_options(game: str, overrides: dict) -> dict:
    """The MCTS options ``best`` stands for in ``game``, with ``overrides`` applied."""
    base, rate = BEST[game]
    opts = {**base}
    over = dict(overrides)
    if "ms" in over:
        ms = float(over.pop("ms"))
        opts["iters"] = max(1, int(round(ms / 1000.0 * rate)))
    opts.update(over)
    return opts
