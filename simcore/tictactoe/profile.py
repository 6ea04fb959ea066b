"""Tic-tac-toe's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("tic-tac-toe",)
COMPILE_SECONDS = 10
# against the perfect scripted player (a draw is the game's value) iters=2000 lost 4 of
# 6,000 games and 1 of 400 in the full ladder of 2026-12-02; iters=10000 (about 9 ms a
# decision) lost 0 of 3,000 (seed 6)
BEST = ({"iters": 10000, "rollout": "random"}, 1.1e6)
