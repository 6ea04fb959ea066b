"""The shared conformance harness: the arena's own compiled loop in check mode.

Every registered game runs through it, so the harness compiles no driver of its own:
the contract is checked inside ``experiments.arena.play_games`` (``check=True``).
"""
from experiments.api import plan, run_plan
from experiments.arena import CHECK_CODES as CODES  # noqa: F401  (re-exported for tests)


def random_playout_violations(name, players, setup, n_games, seed, threads=None):
    """Play ``n_games`` uniformly random games checking the contract at every step.

    Returns ((code, game index, step) of the first violation or (0, -1, -1), lengths).
    """
    raw = run_plan(plan(name, "random", players, setup), n_games, seed, threads=threads,
                   check=True)
    bad = raw["check"][:, 0].nonzero()[0]
    if len(bad):
        g = int(bad[0])
        return (int(raw["check"][g, 0]), g, int(raw["check"][g, 1])), raw["length"]
    return (0, -1, -1), raw["length"]
