"""Tic-tac-toe's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("tic-tac-toe",)
COMPILE_SECONDS = 10
# the strongest search measured so far; the tables that chose it: docs/lab-log.md, "tictactoe"
BEST = ({"iters": 10000, "rollout": "random"}, 1.1e6)
# a known game that checks the lab: its verdict goes after the seed games
CALIBRATION = True
