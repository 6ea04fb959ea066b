"""Edge of Humanity's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("edge-of-humanity",)
COMPILE_SECONDS = 85
# the strongest search measured so far; the tables that chose it: docs/lab-log.md, "humanity"
BEST = ({"iters": 400, "rollout": "scripted", "eps": 0.1, "prior": 0.5}, 5.5e4)
REGRESS_CELL = {"game": "humanity", "players": 3, "agents": "scripted", "games": 20000}


def SEATS(setup, rules, players) -> dict:
    """The First Player token goes to a random seat and passes clockwise each round."""
    return {"first": None, "rule": "the First Player token goes to a random seat each game "
                                   "(then passes clockwise every round)"}
SEATS_ALIKE = "the first player is drawn at random (turn position is reported on its own)"
