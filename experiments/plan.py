"""Study plans: a study is a list of cells (game, setup, agents by seat, games, overrides).

Cells that are compared share a ``stream`` id, so game index ``i`` of each gets
the same chance draws (common random numbers); a cell's ``cell_id`` names its
shards. Both are part of the plan, so results are a pure function of
(seed, plan).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields


@dataclass(frozen=True)
class Cell:
    """One batch of identical games.

    Attributes
    ----------
    cell_id : int
        Unique within the study; names the shards.
    game, setup : str
    players : int
    agents : tuple of str
        Agent spec per seat (or one for all seats).
    games : int
        Games to play (the cap when sequential stopping is on).
    stream : int
        Stream id for the RNG: equal ids give common random numbers.
    sets : tuple of str
        ``path=value`` rules overrides.
    rotate : bool
        Rotate seats over the distinct seatings.
    target_halfwidth : float
        If > 0, stop early once the Wilson 95% half-width of ``focus`` seat's
        win rate is at most this (checked at chunk boundaries after ``min_games``).
    min_games : int
    focus : int
        Seat whose win rate drives sequential stopping.
    count_kinds : bool
        Also record each seat's decisions by action kind (``decisions_<seat>_<k>``).
    labels : dict
        Free-form labels carried into aggregates (clan, location, variant ...).
    """

    cell_id: int
    game: str
    players: int
    agents: tuple
    games: int
    setup: str | None = None
    stream: int = 0
    sets: tuple = ()
    rotate: bool = True
    target_halfwidth: float = 0.0
    min_games: int = 0
    focus: int = 0
    count_kinds: bool = False
    labels: dict = field(default_factory=dict, hash=False, compare=False)

    def key(self) -> str:
        """A digest of everything that determines the cell's games (for resume checks)."""
        k = self.__dict__.get("_key")
        if k is not None:  # frozen: a study's manifest asks for it thousands of times
            return k
        # the fields themselves (asdict deep-copies them; json writes tuples as lists alike)
        d = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "labels"}
        if not d["count_kinds"]:  # added later: a cell without it keeps its old digest
            d.pop("count_kinds")
        k = hashlib.sha256(json.dumps(d, sort_keys=True, default=str).encode()).hexdigest()[:16]
        object.__setattr__(self, "_key", k)
        return k


@dataclass
class Study:
    """A named list of cells played with one run seed."""

    name: str
    seed: int
    cells: list[Cell]
    chunk: int = 2000
    notes: list[str] = field(default_factory=list)
    profile: str = ""  # the budget profile it was built for (quick, full, ...)

    def add(self, game, players, agents, games, **kw) -> Cell:
        """Append a cell with the next free cell_id and return it."""
        if isinstance(agents, str):
            agents = (agents,)
        c = Cell(len(self.cells), game, players, tuple(agents), games, **kw)
        self.cells.append(c)
        return c
