"""GameSpec: the declarative descriptor of a game, and the registry of games."""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module

from simcore import registry


class BadInput(ValueError):
    """A user-facing input error; its message is one line naming the bad value."""


class Persona(str):
    """A scripted persona's name, typed: ``frozen`` marks a reference player kept unchanged
    to measure later fixes against (it plays ``agents/scripted/<game>_<name>.py``, compiled
    only into drivers that ask for it, see simcore.dispatch.frozen_key).  A frozen persona
    is never a current style of play: studies and ``opp=mix`` leave it out.

    It is a ``str``, so agent specs name it like any other persona."""

    frozen: bool = False

    def __new__(cls, name: str, frozen: bool = False):
        self = super().__new__(cls, name)
        self.frozen = bool(frozen)
        return self

    def __reduce__(self):  # pickles (process pools) keep the flag
        return (Persona, (str(self), self.frozen))


@dataclass(frozen=True)
class GameSpec:
    """Static description of one game engine.

    Attributes
    ----------
    name : str
        Command-line name (``connect4``).
    game_id : int
        Branch number in :mod:`simcore.dispatch`.
    version : int
        Behavioural version; bump whenever play changes.
    players : tuple of int
        (min, max) player count.
    num_actions : int
        Size of the action space; actions are ``0..num_actions-1``.
    max_game_length : int
        Hard bound on actions in one game (the arena stops there).
    state_size, params_size : int
        Length of a state row and of the params array.
    has_chance, hidden_info, simultaneous : bool
        Whether steps draw random numbers, whether seats see different things,
        whether some decisions are simultaneous (taken in turn, hidden).
    setups : tuple of str
        Named setups / variants / scenarios; the first is the default.
    end_reasons : tuple of str
        Labels for the integer ``end_reason`` the engine reports.
    info_columns : tuple of str
        Game-specific integer columns written by the ``info`` kernel; the first
        two are always ``rounds`` and ``end_reason``.
    personas : tuple of str or Persona
        Scripted-agent personas; the first is what plain ``scripted`` means.  Stored as
        :class:`Persona`; at most one is ``frozen`` (see :attr:`frozen_persona`).
    long_name : str
        Human-readable title.
    action_kinds : tuple of str
        Names of the kinds the compiled ``action_kind(state, params, action)`` returns
        (decision statistics count them); an engine without it has one kind, "action".
    setup_players : dict
        Setups whose player count differs from ``players``: setup -> (min, max). A
        variant that alone allows an unsupported count (Court's ``two-player``) is
        named here, so the default setup keeps the supported range.
    """

    name: str
    game_id: int
    version: int
    players: tuple
    num_actions: int
    max_game_length: int
    state_size: int
    params_size: int
    has_chance: bool
    hidden_info: bool
    simultaneous: bool
    setups: tuple = ("standard",)
    end_reasons: tuple = ("normal",)
    info_columns: tuple = ("rounds", "end_reason")
    personas: tuple = ("default",)
    long_name: str = ""
    setup_aliases: dict = field(default_factory=dict)
    action_kinds: tuple = ("action",)
    setup_players: dict = field(default_factory=dict)

    def __post_init__(self):
        typed = tuple(p if isinstance(p, Persona) else Persona(p) for p in self.personas)
        object.__setattr__(self, "personas", typed)

    @property
    def current_personas(self) -> tuple:
        """The personas that are styles of play today (the frozen reference left out)."""
        return tuple(p for p in self.personas if not p.frozen)

    @property
    def frozen_persona(self) -> int:
        """Index of the frozen reference persona in :attr:`personas`, or -1 if none."""
        return next((i for i, p in enumerate(self.personas) if p.frozen), -1)

    @property
    def closed_loop(self) -> bool:
        """Whether one action path alone fixes the state (no chance, no hidden information):
        search need not determinize."""
        return not self.has_chance and not self.hidden_info

    @property
    def key(self) -> int:
        """Compile key of this game for generic drivers (simcore.dispatch.key)."""
        from simcore import dispatch

        return dispatch.key(self.game_id)

    def player_range(self, setup: str | None = None) -> tuple:
        """(min, max) players of ``setup`` (default: the first setup)."""
        return tuple(self.setup_players.get(self.check_setup(setup), self.players))

    def check_players(self, n: int, setup: str | None = None) -> int:
        """Check a player count against ``setup``'s range.

        Without a setup, any count some setup allows passes (callers that check the
        count before the setup stay valid); :meth:`simcore.game.GameAPI.params` checks
        the count and the setup together.
        """
        if setup is None:
            ranges = [self.players] + [tuple(r) for r in self.setup_players.values()]
            ok = any(lo <= n <= hi for lo, hi in ranges) if _is_int(n) else False
            lo, hi = self.players
        else:
            lo, hi = self.player_range(setup)
            ok = _is_int(n) and lo <= n <= hi
        if not ok:
            hint = "".join(
                f"; {n} players only with setup {s!r} (--variant {s})"
                for s, (a, b) in self.setup_players.items()
                if _is_int(n) and a <= n <= b and not lo <= n <= hi)
            raise BadInput(
                f"{self.name}: player count {n!r} is out of range; valid: "
                + ", ".join(str(k) for k in range(lo, hi + 1)) + hint
            )
        return int(n)

    def check_setup(self, setup: str | None) -> str:
        if setup is None:
            return self.setups[0]
        key = str(setup).strip().lower()
        key = self.setup_aliases.get(key, key)
        if key not in self.setups:
            raise BadInput(
                f"{self.name}: unknown setup {setup!r}; valid: " + ", ".join(self.setups)
            )
        return key


def _is_int(n) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def game_names() -> list[str]:
    """Names of all registered games, in registry order."""
    return list(registry.GAMES)


def get_game(name: str):
    """Return the game module for ``name`` or raise :class:`BadInput`."""
    key = str(name).strip().lower()
    key = registry.aliases().get(key, key)
    if key not in registry.GAMES:
        raise BadInput(f"unknown game {name!r}; valid: " + ", ".join(registry.GAMES))
    # modules are imported lazily so `darkbalance games` stays fast
    return import_module(f"simcore.{key}")


def get_spec(name: str) -> GameSpec:
    """Return the :class:`GameSpec` of ``name`` or raise :class:`BadInput`."""
    return get_game(name).SPEC
