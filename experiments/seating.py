"""Who played: each seat's agent, its clan or role where the game gives seats one, and who
moves (or bids) first.  Every table `simulate`, `decisions`, `replay` and `compare` print
or write says it, from the plan and the game's profile (simcore.registry.seats)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcore import registry

#: info columns that hold the seat that moved first in each game (games that draw it)
FIRST_COLUMNS = ("first_player", "first_seat")


@dataclass(frozen=True)
class Seating:
    """``clans``: a label per seat or None; ``first``: the seat that moves first, None when
    each game draws it (then ``column``, an info column, holds it per game); ``rule``: why."""

    clans: tuple | None
    first: int | None
    rule: str
    column: str | None

    def clan(self, seat: int) -> str | None:
        return self.clans[seat] if self.clans else None


def seating(p) -> Seating:
    """The :class:`Seating` of plan ``p`` (its setup and rules decide it)."""
    s = registry.seats(p.spec.name, p.setup, p.rules, p.players)
    column = next((c for c in FIRST_COLUMNS if c in p.spec.info_columns), None)
    clans = tuple(s["clans"]) if s.get("clans") else None
    return Seating(clans, s["first"], s["rule"], column)


def first_line(st: Seating, df: pd.DataFrame | None = None) -> str:
    """``first to move: seat 0 (rule: ...)``; where each game draws it, how often each
    seat moved first in ``df``."""
    if st.first is not None:
        who = f"seat {st.first}" + (f" ({st.clan(st.first)})" if st.clans else "")
        return f"first to move: {who} (rule: {st.rule})"
    line = f"first to move: drawn per game (rule: {st.rule})"
    if df is not None and st.column in df and len(df):
        counts = df[st.column].value_counts().sort_index()
        line += "; " + ", ".join(f"seat {int(k)} in {int(v):,} games" for k, v in counts.items())
    return line


def seats_text(p, st: Seating | None = None) -> str:
    """One line naming every seat's agent(s), clan and the first mover, for files and
    headers: ``seat 0: scripted (hexen); seat 1: random (wibo); first: seat 0 (rule)``.
    With rotation a seat lists every agent that sits there in turn."""
    st = st or seating(p)
    parts = []
    for s in range(p.players):
        agents = sorted({p.agents[int(k)].text for k in p.perms[:, s]})
        who = " / ".join(agents) + (" (rotated)" if len(agents) > 1 else "")
        parts.append(f"seat {s}: {who}" + (f" [{st.clan(s)}]" if st.clans else ""))
    first = f"seat {st.first}" if st.first is not None else "drawn per game"
    return "; ".join(parts) + f"; first to move: {first} ({st.rule})"


def seat_agents(df: pd.DataFrame, s: int) -> str:
    """Who played seat ``s`` over the games of ``df``: one agent, or each with its games."""
    counts = df[f"agent_{s}"].value_counts()
    if len(counts) == 1:
        return str(counts.index[0])
    return " / ".join(f"{a} {int(n):,}" for a, n in sorted(counts.items()))


def with_seats(df: pd.DataFrame, p, st: Seating | None = None) -> pd.DataFrame:
    """``df`` (one row per game) with ``clan_<seat>`` columns where the game has clans and
    a ``first_seat`` column where the game does not already record the first mover."""
    st = st or seating(p)
    out = df.copy()
    if st.clans:
        for s in range(p.players):
            out[f"clan_{s}"] = st.clan(s)
    if st.column is None or st.column not in out:
        out["first_seat"] = np.int32(st.first if st.first is not None else -1)
    return out


def metadata(p, st: Seating | None = None, **extra) -> dict[str, str]:
    """Key/value metadata for a Parquet file of plan ``p``'s games: the seats line, each
    seat's clan, the first-move rule and ``extra`` (games planned, partial, ...)."""
    st = st or seating(p)
    meta = {"seats": seats_text(p, st), "first_rule": st.rule,
            "agents": ",".join(a.text for a in p.agents)}
    if st.clans:
        meta["clans"] = ",".join(st.clans)
    meta.update({k: str(v) for k, v in extra.items()})
    return meta
