"""Edge of Humanity's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("edge-of-humanity",)
COMPILE_SECONDS = 85
# the strongest search measured so far; the tables that chose it: docs/lab-log.md, "humanity"
BEST = ({"iters": 400, "rollout": "scripted", "eps": 0.1, "prior": 0.5}, 5.5e4)
# best:v2's own options: rollouts capped at 30 actions and scored by the learned value
# (best plays them to the end, where the value never scores one); docs/lab-log.md
# "best:v2" (2p, 150 simulations each, against best:v1: no cap 51.7% over 60, depth 60
# 62.0% [52.2, 70.9] and depth 30 69.0% [59.4, 77.2] over 100)
BEST_V2 = {"depth": 30}
REGRESS_CELL = {"game": "humanity", "players": 3, "agents": "scripted", "games": 20000}
# the value agent averages 16 determinizations an action, not 4 (the Event and Main decks'
# order decides a turn), 1,000 games a row, seeds 1 (2p, 3p, 4p) and 2 (4p), seats rotated:
# 2p 76.0% -> 79.9%, 3p 50.0% -> 54.6%, 4p (its own 4-player weights, `train --own 4`)
# 33.8% -> 40.8% (seed 2: 37.8% over 2,000); docs/lab-log.md "humanity"
# the value agent keeps the scripted persona's choice unless another action is valued
# 0.05 above it (prior=0.05; docs/lab-log.md "value prior", 2026-12-05, seed 1, 400 games
# a row: 4p against three scripted 41.9% -> 48.8%)
VALUE = {"samples": 16, "prior": 0.05}
# the cheap strong player of the strong tables (#32)
STRONG = {
    2: ("value", "value 84.0% [81.6, 86.1] against scripted (builder), 79.9% [77.3, 82.3] "
                 "against scripted:recruiter"),
    3: ("value", "value 63.5% [60.5, 66.5] against two scripted seats (fair share 33.3%)"),
    4: ("value", "value 47.6% [44.6, 50.7] (seed 1) and 47.5% [45.3, 49.7] (seed 2, 2,000) "
                 "against three scripted seats, 49.8% [46.7, 52.8] against three "
                 "scripted:recruiter (fair share 25%)"),
}


def SEATS(setup, rules, players) -> dict:
    """The First Player token goes to a random seat and passes clockwise each round."""
    return {"first": None, "rule": "the First Player token goes to a random seat each game "
                                   "(then passes clockwise every round)"}
SEATS_ALIKE = "the first player is drawn at random (turn position is reported on its own)"
