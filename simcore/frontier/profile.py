"""Dark Frontier's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("dark-frontier",)
COMPILE_SECONDS = 47
# the strongest search measured so far; the tables that chose it: docs/lab-log.md, "frontier"
BEST = ({"iters": 1000, "rollout": "scripted", "eps": 0.1, "prior": 0.5}, 3.2e5)
REGRESS_CELL = {"game": "frontier", "agents": "scripted", "setup": "standard", "games": 20000}
# the value agent averages 16 determinizations an action here, not 4: the Rival Deck's
# order decides a solo turn (docs/lab-log.md "frontier", seeds 1-2): 4 samples won 52.1%,
# 8 59.5%, 16 61.1% and 59.2% (2,000), against scripted 28.6% / 26.7%; about 0.4 ms a
# decision, 140x a scripted one
# the value agent keeps the scripted persona's choice unless another action is valued
# 0.05 above it (prior=0.05; docs/lab-log.md "value prior", 2026-12-05, seed 1, 600 games
# a row: solo 64.5% -> 75.5%, scripted 30.0%)
VALUE = {"samples": 16, "prior": 0.05}
# the cheap strong player of the strong tables (#32)
# (each action's line valued where the turn after next begins, agents/value.py SOLO_TURNS:
# seed 1 74.0% -> 76.9%, seed 2 70.4% -> 74.1%, 1,000 missions each; docs/lab-log.md
# "value solo lines")
STRONG = {1: ("value", "value (16 samples, prior 0.05) 76.9% [74.2, 79.4] (seed 1) and 74.1% "
                       "[71.3, 76.7] (seed 2) over 1,000 missions each, against scripted "
                       "28.7% and 24.9% (seed 2: over 2,000) on the same seeds: +46 to +48 "
                       "points")}


def HEADLINE(spec) -> dict:
    """The solo mission's difficulty band from the scripted win probability."""
    return {"players": 1, "agents": ("scripted",), "setups": ["standard"], "rotate": True,
            "metric": "scripted win probability, standard mission", "focus": None,
            "clan": None, "conclusion": "difficulty band (<1/3 hard, <2/3 moderate, else easy)",
            "read": "band"}

# the report index shows this figure beside the verdict: the solo mission's win probability by variant
KEY_FIGURE = "setups/frontier_variants"


def SEATS(setup, rules, players) -> dict:
    """One seat: the Tel·lus player, against the Rival Deck the engine plays."""
    return {"clans": ("Tel·lus",), "first": 0,
            "rule": "solo: seat 0 is the Tel·lus player; the Rival Deck is not a seat"}
