"""Court of the Dead's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("court-of-the-dead", "dark-harvest")
COMPILE_SECONDS = 57
# the value agent keeps the scripted persona's choice unless another action is valued
# 0.05 above it (prior=0.05; docs/lab-log.md "value prior", 2026-12-05, seed 1, 400 games
# a row: 3p against two scripted:free-rider 56.9% -> 80.0%, 4p against three scripted
# 94.0% -> 93.9%)
VALUE = {"prior": 0.05}
# the strongest search measured so far; the tables that chose it: docs/lab-log.md, "court"
BEST = ({"iters": 1000, "rollout": "scripted", "eps": 0.1, "prior": 0.5, "opp": "mix",
         "persona": "free-rider"}, 1.2e5)
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
