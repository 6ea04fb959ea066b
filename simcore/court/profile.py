"""Court of the Dead's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("court-of-the-dead", "dark-harvest")
COMPILE_SECONDS = 57
# the value agent keeps the scripted persona's choice unless another action is valued
# 0.2 above it.  prior=0.05 (docs/lab-log.md "value prior") beat the personas as well, but
# its self-play failed Harvests into a last survivor and seat 0 lost (4p 16.9/25.4/28.4/
# 29.1%, 4,000 games, seed 7); at 0.2 its 4p self-play reads 26.9/25.8/24.3/22.9%, near
# the all-best table, and it plays best:ms=3 and prior=0.05 even (docs/lab-log.md "court
# value prior 0.2", 2026-12-05)
VALUE = {"prior": 0.2}
# the strongest search measured so far; the tables that chose it: docs/lab-log.md, "court"
BEST = ({"iters": 1000, "rollout": "scripted", "eps": 0.1, "prior": 0.5, "opp": "mix",
         "persona": "free-rider"}, 1.2e5)
# best:v2's own options: rollouts capped at 10 actions and scored by the learned value
# (best plays them to the end, where the value never scores one); docs/lab-log.md
# "best:v2" (4p, one v2 against three v1 at 150 simulations, vprior 4: depth 5 31.5%,
# 10 42.7%, 20 34.0%, none 29.2%)
BEST_V2 = {"depth": 10}
# the cheap strong player of the strong tables (#32; docs/lab-log.md "court value prior
# 0.2"): value, seats rotated, 1,000 games a row, seed 1
STRONG = {
    3: ("value", "value 95.8% [94.4, 96.9] against two scripted seats, 87.0% [84.7, 88.9] "
                 "against two scripted:free-rider, 89.6% [87.6, 91.3] against two "
                 "scripted:court-hawk (fair share 33.3%)"),
    4: ("value", "value 85.2% [82.9, 87.3] against three scripted seats, 70.7% [67.8, 73.4] "
                 "against three scripted:free-rider, 95.5% [94.0, 96.6] against three "
                 "scripted:court-hawk (fair share 25%); 24.0% [20.1, 28.4] as one seat "
                 "against three best:ms=3 (400 games, seed 3)"),
    5: ("value", "value 80.7% [78.1, 83.0] against four scripted seats, 69.8% [66.9, 72.6] "
                 "against four scripted:free-rider (fair share 20%)"),
    6: ("value", "value 91.7% [89.8, 93.2] against five scripted seats (fair share 16.7%)"),
}
REGRESS_CELL = {"game": "court", "players": 4, "agents": "scripted", "games": 20000}
SEATS_ALIKE = ("every seat gets the same income and bids and offers at the same time, "
               "behind a screen")


def HEADLINE(spec) -> dict:
    """The free-rider's win rate at a 4-player table of mixed personas: the best persona."""
    p = spec.personas
    agents = (f"scripted:{p[1]}", f"scripted:{p[0]}", f"scripted:{p[2]}", f"scripted:{p[0]}")
    return {"players": 4, "agents": agents, "setups": [None], "rotate": True,
            "metric": "free-rider win rate (4 players, mixed personas)",
            "focus": "scripted:free-rider", "clan": None, "conclusion": "best persona",
            "read": "best-agent"}


def SEATS(setup, rules, players) -> dict:
    """Bids and Offerings are hidden and simultaneous; seat 0 is the oldest player."""
    return {"first": 0, "rule": "bids and Offerings are hidden and simultaneous (asked in "
                                "seat order); seat 0 is the oldest, who resolves Fail "
                                "effects first"}
