"""Edge of Darkness's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("edge-of-darkness", "coldharbor")
COMPILE_SECONDS = 110
# the strongest search measured so far; the tables that chose it: docs/lab-log.md, "darkness"
BEST = ({"iters": 500, "rollout": "scripted", "eps": 0.1, "depth": 40}, 5.0e4)
# the cheap strong player of the strong tables (#32; docs/lab-log.md "darkness"): value,
# 0.29 ms a decision, against the scripted players, 1,000 games a row, seats rotated, seed 1
STRONG = {
    2: ("value", "value 62.6% [59.6, 65.5] against scripted, 57.0% [53.9, 60.0] against "
                 "scripted:hunter, 77.0% [74.3, 79.5] against scripted:merchant"),
    3: ("value", "value 51.6% [48.5, 54.7] against two scripted seats (fair share 33.3%)"),
    4: ("value", "value 50.1% [47.0, 53.2] against three scripted seats (fair share 25%)"),
}
REGRESS_CELL = {"game": "darkness", "players": 3, "agents": "scripted", "games": 20000}
SEATS_ALIKE = ("the first player is drawn at random, rules setup.first_player "
               "(turn position is reported on its own)")
CLI_OPTIONS = (
    (("--locations",), {"default": None, "metavar": "51,52,...",
                        "help": "darkness: play these 10 locations."}),
    (("--random-setup",), {"is_flag": True, "help": "darkness: 10 random locations per game."}),
)


def fold_options(setup, sets: tuple, locations=None, random_setup=False) -> tuple:
    """(setup, sets) with ``--locations`` / ``--random-setup`` folded in."""
    from simcore.spec import BadInput

    if not (locations or random_setup):
        return setup, sets
    if locations and random_setup:
        raise BadInput("give --locations or --random-setup, not both")
    if setup:
        raise BadInput("give --locations/--random-setup or --setup, not both")
    if random_setup:
        return "random", sets
    from simcore.darkness import locations_rules_value

    locs = locations_rules_value(locations)
    return "custom", sets + ("setup.locations=[" + ",".join(str(x) for x in locs) + "]",)

# the report index shows this figure beside the verdict: the solo game's difficulty by Coldharbor location
KEY_FIGURE = "locations/location_margin_effects"


def SEATS(setup, rules, players) -> dict:
    """The First Player is drawn per game (``setup.first_player = random``) or seat 0."""
    if players == 1:
        return {"first": 0, "rule": "solo: seat 0 against the Voiceless Guild automa"}
    if rules["setup.first_player"] == "seat-0":
        return {"first": 0, "rule": "setup.first_player = seat-0"}
    return {"first": None, "rule": "Prologue: the first player is drawn at random each game"}
# the 25 stand-in archetypes of unpublished locations are one kind of assumption: the joint
# sensitivity moves them as one block (one Morris step, not 25; #34)
JOINT_BLOCKS = ("locations",)
