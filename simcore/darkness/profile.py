"""Edge of Darkness's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("edge-of-darkness", "coldharbor")
COMPILE_SECONDS = 110
# 2p on-every-front vs the improved scripted, seats rotated: depth 40 + evaluate 0.883
# [0.778, 0.942] (60 games); full rollouts at iters=150 (~44 ms) 0.200.  Solo, 60 random
# setups: 100% [94.0, 100] with or without prior=0.5 (scripted 93.3%)
BEST = ({"iters": 500, "rollout": "scripted", "eps": 0.1, "depth": 40}, 5.0e4)
REGRESS_CELL = {"game": "darkness", "players": 3, "agents": "scripted", "games": 20000}
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
