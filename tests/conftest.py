"""Shared fixtures: the registry of (game, players, setup) cases, compiled once per session."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from simcore.spec import game_names, get_game  # noqa: E402


def registry_cases():
    """Every registered game at every player count and named setup."""
    out = []
    for name in game_names():
        spec = get_game(name).SPEC
        for players in range(spec.players[0], spec.players[1] + 1):
            for setup in spec.setups:
                out.append((name, players, setup))
    return out


CASES = registry_cases()
CASE_IDS = [f"{g}-{p}p-{s}" for g, p, s in CASES]


@pytest.fixture(scope="session")
def arena_ready():
    """Compile (or load from cache) the arena once for the whole session."""
    from experiments.api import simulate

    simulate("tictactoe", "random", games=2, seed=0)
    return True
