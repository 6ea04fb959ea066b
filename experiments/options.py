"""Game-specific command-line options translated into a setup name and rules overrides.

``--clans huldra,murg`` and ``--first CLAN`` (Darkleaf Gambit), ``--locations 51,52,...``
and ``--random-setup`` (Edge of Darkness) are conveniences over ``--setup`` and
``--set``: this keeps the engines' contract (setup + rules values) the only input.
"""
from __future__ import annotations

from simcore.spec import BadInput, get_game


def game_options(game: str, setup: str | None, sets: tuple, clans: str | None = None,
                 first: str | None = None, locations: str | None = None,
                 random_setup: bool = False) -> tuple[str | None, tuple]:
    """Return (setup, sets) with the game-specific options folded in."""
    name = get_game(game).SPEC.name
    sets = tuple(sets)
    if (clans or first) and name != "darkleaf":
        raise BadInput(f"--clans/--first apply to darkleaf only, not {name}")
    if (locations or random_setup) and name != "darkness":
        raise BadInput(f"--locations/--random-setup apply to darkness only, not {name}")
    if clans or first:
        from simcore.darkleaf import CLANS, clan_key, setup_for_clans

        if clans:
            parts = [c.strip() for c in clans.split(",") if c.strip()]
            if len(parts) != 2:
                raise BadInput(f"--clans {clans!r}: give two clans; valid: {', '.join(CLANS)}")
            if setup:
                raise BadInput("give --clans or --setup, not both")
            setup = setup_for_clans(*parts)
        if first:
            if not setup:
                raise BadInput("--first needs --clans (or --setup)")
            canon = get_game("darkleaf").SPEC.check_setup(setup)
            k = clan_key(first)
            pair = canon.split("-")
            if k not in pair:
                raise BadInput(f"--first {first!r} is not one of the clans: {', '.join(pair)}")
            sets += (f"setup.first_swapped={0 if k == pair[0] else 1}",)
            setup = canon
    if locations or random_setup:
        if locations and random_setup:
            raise BadInput("give --locations or --random-setup, not both")
        if setup:
            raise BadInput("give --locations/--random-setup or --setup, not both")
        if random_setup:
            setup = "random"
        else:
            from simcore.darkness import locations_rules_value

            locs = locations_rules_value(locations)
            setup = "custom"
            sets += ("setup.locations=[" + ",".join(str(x) for x in locs) + "]",)
    return setup, sets
