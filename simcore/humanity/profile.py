"""Edge of Humanity's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("edge-of-humanity",)
COMPILE_SECONDS = 85
# the strongest search measured so far; the tables that chose it: docs/lab-log.md, "humanity"
BEST = ({"iters": 400, "rollout": "scripted", "eps": 0.1, "prior": 0.5}, 5.5e4)
REGRESS_CELL = {"game": "humanity", "players": 3, "agents": "scripted", "games": 20000}
# the cheap strong player of the strong tables (#32; docs/agents-humanity.md): value, 0.036
# ms a decision, against the scripted players, 1,000 games a row, seats rotated, seed 2;
# at 4 players it only just clears the fair share (27.6-28.5% over 2,000), so not there
STRONG = {
    2: ("value", "value 72.0% [69.2, 74.7] against scripted (builder), 75.0% [72.2, 77.5] "
                 "against scripted:recruiter"),
    3: ("value", "value 45.5% [42.5, 48.6] against two scripted seats (fair share 33.3%)"),
}


def SEATS(setup, rules, players) -> dict:
    """The First Player token goes to a random seat and passes clockwise each round."""
    return {"first": None, "rule": "the First Player token goes to a random seat each game "
                                   "(then passes clockwise every round)"}
SEATS_ALIKE = "the first player is drawn at random (turn position is reported on its own)"
