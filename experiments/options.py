"""Game-specific command-line options translated into a setup name and rules overrides.

Each game's profile (simcore.registry) declares its own options (``CLI_OPTIONS``) and folds
them into ``--setup`` and ``--set`` (``fold_options``): this keeps the engines' contract
(setup + rules values) the only input, and this module free of game names.
"""
from __future__ import annotations

from simcore import registry
from simcore.spec import BadInput, get_spec


def option_names() -> list[str]:
    """Keyword names of every game-specific option (the CLI passes each one)."""
    return [registry.option_dest(flags) for _, flags, _ in registry.cli_options()]


def game_options(game: str, setup: str | None, sets: tuple, **values) -> tuple[str | None,
                                                                               tuple]:
    """Return (setup, sets) with the game-specific options ``values`` folded in.

    ``values`` maps option names (``clans``, ``random_setup``, ...) to what was given; an
    option of another game that was given is refused with one line."""
    name = get_spec(game).name
    owners: dict[str, list[str]] = {}
    for owner, flags, _ in registry.cli_options():
        dest = registry.option_dest(flags)
        if dest not in values and owner != name:
            continue
        owners.setdefault(owner, []).append(dest)
    unknown = set(values) - {d for ds in owners.values() for d in ds} - set(option_names())
    if unknown:
        raise BadInput(f"unknown game option(s) {', '.join(sorted(unknown))}; valid: "
                       + ", ".join(option_names()))
    for owner, dests in owners.items():
        given = [d for d in dests if values.get(d)]
        if given and owner != name:
            flags = "/".join("--" + d.replace("_", "-") for d in dests)
            raise BadInput(f"{flags} apply to {owner} only, not {name}")
    own = {d: values[d] for d in owners.get(name, []) if d in values}
    if not own:
        return setup, tuple(sets)
    return registry.profile(name).fold_options(setup, tuple(sets), **own)


def option_notes(game: str, **values) -> list[str]:
    """Lines saying how game ``game``'s own options in ``values`` were read (e.g. the seats
    the clans of ``--clans`` got); the other games' options are left out."""
    name = get_spec(game).name
    own = {registry.option_dest(flags): values.get(registry.option_dest(flags))
           for owner, flags, _ in registry.cli_options() if owner == name}
    if not any(own.values()):
        return []
    return registry.option_notes(name, **own)
