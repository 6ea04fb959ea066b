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

from simcore import registry

# game -> (MCTS options, simulations/s of that configuration on one core, the bench's
# best_sims_per_s): each game's profile (simcore/<game>/profile.py, ``BEST``) states its
# entry; docs/lab-log.md holds the tables that chose each one and the history of the rates.
BEST: dict[str, tuple[dict, float]] = {g: registry.part(g, "BEST") for g in registry.GAMES}


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
