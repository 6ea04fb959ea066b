"""Edge of Darkness's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("edge-of-darkness", "coldharbor")
COMPILE_SECONDS = 110
# the value agent keeps the scripted persona's choice unless another action is valued
# 0.05 above it (prior=0.05; docs/lab-log.md "value prior", 2026-12-05, seed 1, 400 games
# a row: 2p against scripted:hunter 57.5% -> 84.8%, 4p against three scripted 58.0% ->
# 73.5%; solo with 16 samples on a-frosty-welcome 87.0% -> 96.0%, seed 4)
VALUE = {"prior": 0.05}
# the strongest search measured so far; the tables that chose it: docs/lab-log.md, "darkness"
BEST = ({"iters": 500, "rollout": "scripted", "eps": 0.1, "depth": 40}, 5.0e4)
# the cheap strong player of the strong tables (#32; docs/lab-log.md "darkness"): value,
# against the scripted players, seats rotated, common random numbers; 2-4 players 1,000 games
# a row, seed 1, each count's own weights (fitted on that count alone: weights fitted on 1-2
# players made the first of 3-4 players lose in value self-play, docs/lab-log.md "darkness
# weights per player count"); solo 16 determinizations an action on random 10-location
# setups (the locations study's), 1p weights fitted there (TRAIN_SETUP)
STRONG = {
    1: ("value:samples=16", ("value:samples=16 (prior 0.05) 87.0% [85.5, 88.5] (2,000, seed "
                             "12) and 84.6% [82.2, 86.7] (1,000, seed 13) solo success on "
                             "random setups, against scripted 53.1% [51.5, 54.6] and 53.5% "
                             "[51.9, 55.0] (4,000 each, same seeds); with each line valued "
                             "where the turn after next begins, 86.5% [84.2, 88.5] (1,000, "
                             "seed 12; the decision cap of 16 usually ends a solo line "
                             "inside its own turn, so little changes)")),
    2: ("value", ("value 88.3% [86.2, 90.1] against scripted, 87.3% [85.1, 89.2] against "
                  "scripted:hunter, 95.7% [94.3, 96.8] against scripted:merchant")),
    3: ("value", "value 73.9% [71.1, 76.5] against two scripted seats (fair share 33.3%)"),
    4: ("value", "value 78.2% [75.5, 80.6] against three scripted seats (fair share 25%)"),
}
# solo positions are fitted on random 10-location setups, where the locations study plays
# value: fitted on on-every-front only, value:samples=16 won 53.6% of random setups against
# scripted's 53.1%; fitted there, 68.8% (docs/lab-log.md "darkness solo on random setups")
TRAIN_SETUP = {1: "random"}
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
