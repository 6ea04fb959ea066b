"""Connect Four's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("connect-four", "connect_four")
COMPILE_SECONDS = 19
BEST = ({"iters": 4000, "rollout": "random"}, 8.6e5)
# random play: the calibration engine has no scripted cell worth gating
REGRESS_CELL = {"game": "connect4", "agents": "random", "games": 20000}
# the same game in OpenSpiel (`darkbalance bench` reports the speed ratio to it)
OPENSPIEL = "connect_four"
# a known game that checks the lab: its verdict goes after the seed games
CALIBRATION = True
# the value agent values a move after the opponent's scripted reply (one decision): a
# threat left open or a square handed over shows in it (docs/lab-log.md "connect4",
# 2026-12-05: 93.1% against scripted where the one-ply player won 71.8%, seed 2)
VALUE = {"reply": 1}
# the strong player of the all-strong seat tables
SMOKE_STRONG = True  # the test suite plays it (its value arena compiles in seconds)
STRONG = {2: ("value", "value (one scripted reply) 93.1% [91.9, 94.1] against scripted over "
                       "2,000 games (seed 2), seats rotated; 67.8% [65.8, 69.9] against the "
                       "one-ply value:reply=0")}
