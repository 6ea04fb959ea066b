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
# the strong player of the all-strong seat tables: value beats scripted 71.5% [68.6, 74.2]
# over 1,000 games at 0.011 ms a decision (2026-12-03, docs/lab-log.md "connect4")
SMOKE_STRONG = True  # the test suite plays it (its value arena compiles in seconds)
STRONG = {2: ("value", "value 71.5% [68.6, 74.2] against scripted over 1,000 games, seats "
                       "rotated")}
