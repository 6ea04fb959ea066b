"""The registry: the one list of games.  Every other list of games is derived from it.

A game is its folder ``simcore/<name>/`` (``SPEC``, ``API``, engine, ``rules.toml`` and
``profile.py``), its scripted player ``agents/scripted/<name>.py`` and one line below.  Its
position in :data:`GAMES` is its ``SPEC.game_id`` (the branch number of the generic
drivers), so a new game goes at the end.

``profile.py`` holds what generic code needs to know about a game without naming it:
aliases, the ``best`` search entry, the regress gate's cell, the sensitivity headline, the
cold compile time that orders parallel warmups, and game-specific command-line options.  It
holds no compiled code and imports nothing heavy, so it is loaded from its file without
importing the game's engine (``darkbalance games --help`` stays fast); see
:func:`profile` for the names it defines.

This module imports nothing from the games or from numba: simcore._cache reads it before
any kernel is defined.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

#: every registered game, in game-id order (one line each)
GAMES = (
    "tictactoe",
    "connect4",
    "court",
    "darkleaf",
    "darkness",
    "humanity",
    "frontier",
)

_HERE = Path(__file__).resolve().parent

#: what a profile may define, with the default of each optional part
PROFILE_DEFAULTS = {
    "ALIASES": (),          # other names the command line accepts for the game
    "COMPILE_SECONDS": 0,   # measured cold compile of the full arena (2 cores)
    "CLI_OPTIONS": (),      # (flags, click keyword arguments) of game-specific options
    "HEADLINE": None,       # spec -> sensitivity headline dict; None: seat 0, scripted
    "REGRESS_CELL": None,   # the regress gate's default cell; None: the game has none
    "OPENSPIEL": None,      # the same game in OpenSpiel, for `darkbalance bench` to compare
    "CALIBRATION": False,   # a known game that checks the lab, not one of the seed games
    "SEAT_CONTENT": None,   # what a seat brings besides its player ("clan"): seat effects
                            # then measure that content, so no seat finding is reported
    "KEY_FIGURE": None,     # "study/figure" shown beside the game's verdict on the report's
                            # index; None: its seat win rates (winrates/seat_winrates_GAME)
    "SEATS": None,          # (setup, rules, players) -> who sits where and moves first
    "OPTION_NOTES": None,   # game options -> lines saying how they were read
    # why the rules (as the defaults stand) treat every seat alike, e.g. simultaneous choices
    # or a random first player; "" when they do not.  Among identical players a seat effect
    # in such a game is an artifact of the agents, never a finding about the game (the
    # winrates study reports it so)
    "SEATS_ALIKE": "",
    # the cheap strong player that labels findings at scale (#32): {player count: (agent
    # spec, evidence)}, an agent shown to beat the scripted players beyond chance at that
    # count, cheap enough for the profile's 1,000 (quick) or 10,000 (full) games a cell;
    # a count left out (or None): ``best`` at the profile's budget, on the games it affords
    "STRONG": None,
    # {player count: setup} where ``darkbalance train`` plays that count's positions on
    # another setup than the game's first, because the studies play ``value`` there (e.g.
    # darkness solo: the locations study's random 10-location setups); recorded per count
    # in the weights file (``setups``)
    "TRAIN_SETUP": {},
    # features ``darkbalance train`` holds at weight 0 (names from agents/value.py's
    # BASE_FEATURES or the engine's FEATURES), where a fit reads them the wrong way round
    # for play: recorded in the weights file (``dropped``)
    "TRAIN_DROP": (),
    # the test suite's smoke profile plays the STRONG player (its value arena compiles there)
    "SMOKE_STRONG": False,
    # the ``value`` agent's options in this game where they differ from agents/value.py's
    # defaults, e.g. {"samples": 16} (the measurement that chose them: docs/lab-log.md);
    # plain ``value`` plays them, and an option given in the spec overrides them
    "VALUE": {},
    # ``best:v2``'s MCTS options over ``best``'s (agents/spec.py V2 first, then these), e.g.
    # {"depth": 30} where ``best`` plays its rollouts to the end, so the learned value
    # scores capped ones (docs/lab-log.md holds the duels that chose them)
    "BEST_V2": {},
    # rules-path prefixes whose values the joint sensitivity moves as one block each (one
    # Morris step, one Sobol index, one ``settle_with`` name), where the default block (the
    # first two parts of a path) would split one kind of assumption into many blocks, e.g.
    # ("locations",): darkness's 25 stand-in archetypes of unpublished locations
    "JOINT_BLOCKS": (),
}
#: what every profile must define
PROFILE_REQUIRED = ("BEST",)


def game_id(name: str) -> int:
    """The game id of registered game ``name`` (its position in :data:`GAMES`)."""
    return GAMES.index(name)


def engine_module(name: str) -> str:
    """The module holding ``name``'s kernels."""
    return f"simcore.{name}.engine"


def scripted_module(name: str) -> str:
    """The module holding ``name``'s scripted player (``scripted_action``)."""
    return f"agents.scripted.{name}"


def frozen_module(name: str, persona: str) -> str:
    """The module holding ``name``'s frozen reference player ``persona`` (a
    :class:`simcore.spec.Persona` with ``frozen=True``): ``agents/scripted/<name>_<persona>.py``."""
    return f"agents.scripted.{name}_{persona}"


def profile(name: str):
    """The profile module of registered game ``name``, loaded from its file.

    Defines ``BEST`` (``(MCTS options, simulations/s on one core)``: what agent spec
    ``best`` plays) and may define the optional names of :data:`PROFILE_DEFAULTS`; the
    missing ones read as their defaults through :func:`part`.
    """
    if name not in GAMES:
        raise KeyError(name)
    qual = f"simcore.{name}.profile"
    mod = sys.modules.get(qual)
    if mod is None:
        spec = importlib.util.spec_from_file_location(qual, _HERE / name / "profile.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[qual] = mod
        try:
            spec.loader.exec_module(mod)
        except BaseException:
            del sys.modules[qual]
            raise
    return mod


def part(name: str, what: str):
    """One part of game ``name``'s profile (its default where the profile leaves it out)."""
    mod = profile(name)
    if what in PROFILE_DEFAULTS:
        return getattr(mod, what, PROFILE_DEFAULTS[what])
    return getattr(mod, what)


def aliases() -> dict[str, str]:
    """Every accepted alternative name -> its registered game."""
    return {a: g for g in GAMES for a in part(g, "ALIASES")}


def by_compile_time(names) -> list[str]:
    """``names`` with the longest cold compile first (parallel workers then finish
    together); names outside the registry go first."""
    cost = {g: part(g, "COMPILE_SECONDS") for g in GAMES}
    return sorted(names, key=lambda g: -cost.get(g, float("inf")))


def cli_options() -> list[tuple[str, tuple, dict]]:
    """(game, flags, click keyword arguments) of every game-specific option, in registry
    order.  Each option's destination is its first long flag without dashes
    (``--random-setup`` -> ``random_setup``)."""
    return [(g, tuple(flags), dict(kw)) for g in GAMES for flags, kw in part(g, "CLI_OPTIONS")]


def option_dest(flags) -> str:
    """The keyword name of an option with ``flags``."""
    long = next(f for f in flags if f.startswith("--"))
    return long[2:].replace("-", "_")


#: who moves first where a profile does not say (the engines' fixed seat order)
DEFAULT_FIRST_RULE = "the seat order is fixed: seat 0, then seat 1, ..."


def seats(name: str, setup: str, rules, players: int) -> dict:
    """Who sits where in game ``name``: ``clans`` (one label per seat: a clan or role the
    setup gives the seat, or None when seats differ only by agent), ``first`` (the seat
    that moves or bids first, None when each game draws it: its info column
    ``first_player``/``first_seat`` says) and ``rule`` (the rule behind it, in words)."""
    fn = part(name, "SEATS")
    out = {"clans": None, "first": 0, "rule": DEFAULT_FIRST_RULE}
    if fn is not None:
        out.update(fn(setup, rules, players))
    return out


def option_notes(name: str, **values) -> list[str]:
    """Lines saying how game ``name``'s own options were read (a clan order the setups
    cannot keep, ...); empty when there is nothing to say."""
    fn = part(name, "OPTION_NOTES")
    return list(fn(**values)) if fn is not None else []


def headline(name: str) -> dict:
    """The cells that carry game ``name``'s headline in the sensitivity sweep, and how to
    read its conclusion (``read``: ``seat``, the favoured seat; ``best-agent``; ``band``,
    a solo difficulty band; ``clan``, a clan's return wherever it sits).

    ``setups`` lists the setups the headline pools (one cell each, per swept value).  A
    profile without ``HEADLINE`` gets seat 0's scripted win rate at its smallest table of
    two or more."""
    from importlib import import_module

    spec = import_module(f"simcore.{name}").SPEC
    fn = part(name, "HEADLINE")
    if fn is not None:
        return fn(spec)
    P = min(max(2, spec.players[0]), spec.players[1])
    return {"players": P, "agents": ("scripted",), "setups": [None], "rotate": True,
            "metric": f"seat 0 win rate, scripted, {P} players", "focus": None, "clan": None,
            "conclusion": "favoured seat", "read": "seat"}
