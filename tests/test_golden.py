"""Golden games: refactors and speed work must leave every game exactly as it was.

For each game, every registered (players, setup) case plays random games, and one
case plays scripted ones; each game's actions, length, scores and returns are reduced
to a 16-bit print and the case to a sha256.  The recorded values in tests/golden/ were
made before the engines were made faster; a rules change that is *meant* to
change play bumps the engine version and re-records, and so does a scripted-player fix
(then only the cases with scripted seats or scripted rollouts may change)::

    .venv/bin/python tests/test_golden.py GAME [GAME ...]

A failure names the first game index whose play differs, so ``darkbalance replay``
can show it.
"""
import hashlib
import json
import os
import sys

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from experiments.api import plan, run_plan  # noqa: E402
from simcore.spec import game_names, get_game  # noqa: E402

GOLDEN = os.path.join(ROOT, "tests", "golden")
SEED = 20261201
RANDOM_GAMES = 60
SCRIPTED_GAMES = 12
MCTS_GAMES = 3
MCTS = "mcts:iters=12,depth=10,rollout=scripted,eps=0.1"  # tree, scripted rollouts, evaluate


def cases(game: str) -> list[tuple[str, str, int, str, int]]:
    """(case id, agents, players, setup, games) for one game: random play at every player
    count and setup, then scripted play (mixed with random) at a middle table size."""
    spec = get_game(game).SPEC
    out = []
    lo, hi = spec.players
    for players in range(lo, hi + 1):
        out.append((f"random-{players}p-{spec.setups[0]}", "random", players, spec.setups[0],
                    RANDOM_GAMES))
    for setup in spec.setups[1:]:
        slo, shi = spec.player_range(setup)
        players = min(max(slo, 3), shi)
        out.append((f"random-{players}p-{setup}", "random", players, setup, RANDOM_GAMES))
    players = min(max(lo, 3), hi)
    agents = ",".join(["scripted", "random"][s % 2] for s in range(players)) \
        if players > 1 else "scripted"
    out.append((f"scripted-{players}p-{spec.setups[0]}", agents, players, spec.setups[0],
                SCRIPTED_GAMES))
    if players > 1:
        out.append((f"allscripted-{players}p-{spec.setups[0]}", "scripted", players,
                    spec.setups[0], SCRIPTED_GAMES))
    # no case plays a frozen reference player: it is frozen code, and playing it would compile
    # a second arena per game (about 60% of the first) for every run of the suite
    agents = MCTS if lo == 1 else ",".join([MCTS] + ["random"] * (lo - 1))
    out.append((f"mcts-{lo}p-{spec.setups[0]}", agents, lo, spec.setups[0], MCTS_GAMES))
    return out


def prints(game: str, agents: str, players: int, setup: str, games: int):
    """Each game's 16-bit print and the case's sha256 over all games."""
    raw = run_plan(plan(game, agents, players, setup), games, SEED, record=True)
    whole = hashlib.sha256()
    out = []
    for g in range(games):
        n = int(raw["length"][g])
        h = hashlib.sha256()
        h.update(np.int64(n).tobytes())
        h.update(raw["trace"][g, :n].astype(np.int64).tobytes())
        h.update(raw["scores"][g].astype(np.int64).tobytes())
        h.update(raw["returns"][g].astype(np.float64).tobytes())
        d = h.digest()
        whole.update(d)
        out.append(int.from_bytes(d[:2], "little"))
    return out, whole.hexdigest()


def _path(game: str) -> str:
    return os.path.join(GOLDEN, f"{game}.json")


def record(game: str) -> None:
    """Write tests/golden/GAME.json from the current engine."""
    data = {"seed": SEED, "version": get_game(game).SPEC.version, "cases": {}}
    for cid, agents, players, setup, games in cases(game):
        p, digest = prints(game, agents, players, setup, games)
        data["cases"][cid] = {"games": games, "sha256": digest,
                              "prints": " ".join(f"{x:04x}" for x in p)}
    os.makedirs(GOLDEN, exist_ok=True)
    with open(_path(game), "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


@pytest.mark.parametrize("game", game_names())
def test_golden_games_unchanged(game):
    """Random and scripted games replay exactly as recorded (same actions, scores, returns)."""
    with open(_path(game)) as f:
        data = json.load(f)
    assert data["version"] == get_game(game).SPEC.version, \
        f"{game}: engine version changed; re-record the golden games (see module docstring)"
    want = data["cases"]
    got_ids = [c[0] for c in cases(game)]
    assert sorted(got_ids) == sorted(want), f"{game}: the case list changed"
    for cid, agents, players, setup, games in cases(game):
        p, digest = prints(game, agents, players, setup, games)
        if digest != want[cid]["sha256"]:
            old = [int(x, 16) for x in want[cid]["prints"].split()]
            first = next((i for i, (a, b) in enumerate(zip(p, old)) if a != b), None)
            pytest.fail(f"{game} {cid}: play changed; first differing game index "
                        f"{first} (seed {SEED})")


def test_golden_detects_a_changed_game(monkeypatch):
    """The check can fail: a plan with another seed gives other prints."""
    a, da = prints("tictactoe", "random", 2, get_game("tictactoe").SPEC.setups[0], 20)
    monkeypatch.setattr(sys.modules[__name__], "SEED", SEED + 1)
    b, db = prints("tictactoe", "random", 2, get_game("tictactoe").SPEC.setups[0], 20)
    assert da != db and a != b


if __name__ == "__main__":
    for name in sys.argv[1:] or game_names():
        record(name)
        print(f"recorded tests/golden/{name}.json")
