"""Summary tables of a batch of games (what `darkbalance simulate` prints)."""
from __future__ import annotations

import pandas as pd

from experiments.seating import Seating, first_line, seat_agents
from experiments.stats import fmt_rate


def seat_table(df: pd.DataFrame, seats: Seating | None = None) -> pd.DataFrame:
    """Win rate by seat (returns summed, so shared wins count 1/k) with Wilson 95% intervals,
    beside who sat there: the agent(s), the seat's clan and, where each game draws the first
    mover, the games the seat moved first (``seats``: the plan's :class:`Seating`)."""
    n = len(df)
    players = int(df["players"].iloc[0]) if n else 0
    rows = []
    for s in range(players):
        wins = float(df[f"return_{s}"].sum())
        sole = int((df["winner"] == s).sum())
        row = {"seat": s, "agent": seat_agents(df, s)}
        if seats is not None and seats.clans:
            row["clan"] = seats.clan(s)
        if seats is not None and seats.first is None and seats.column in df:
            row["moved first"] = int((df[seats.column] == s).sum())
        row.update({"win rate [95% Wilson]": fmt_rate(wins, n), "sole wins": sole,
                    "mean score": round(float(df[f"score_{s}"].mean()), 2)})
        rows.append(row)
    return pd.DataFrame(rows)


def agent_table(df: pd.DataFrame) -> pd.DataFrame:
    """Win rate by agent over all the seats it played."""
    players = int(df["players"].iloc[0])
    parts = [pd.DataFrame({"agent": df[f"agent_{s}"], "ret": df[f"return_{s}"]})
             for s in range(players)]
    long = pd.concat(parts, ignore_index=True)
    rows = []
    for agent, g in long.groupby("agent", sort=True):
        rows.append({"agent": agent, "seat-games": len(g),
                     "win rate [95% Wilson]": fmt_rate(float(g["ret"].sum()), len(g))})
    return pd.DataFrame(rows)


def summary_text(df: pd.DataFrame, seats: Seating | None = None) -> str:
    """Plain-text summary: games, shared wins and unresolved games, mean length, who moved
    first (with ``seats``, the plan's :class:`Seating`), tables by seat and agent."""
    n = len(df)
    if n == 0:
        return "0 games played."
    players = int(df["players"].iloc[0])
    capped = df["truncated"].astype(bool)
    shared = int(((df["winner"] < 0) & ~capped).sum())
    # a game the turn cap stopped is unresolved, not a draw (the rulebooks have none);
    # solo games have no draws either: a resolved game without a winner is a loss
    outcome = (f"lost: {fmt_rate(shared, n)}" if players == 1
               else f"no sole winner (a shared win): {fmt_rate(shared, n)}")
    outcome += f"   unresolved (turn cap): {fmt_rate(int(capped.sum()), n)}"
    lines = [
        f"{df['game'].iloc[0]} v{df['version'].iloc[0]}  setup={df['setup'].iloc[0]}  "
        f"players={players}  games={n}  seed={df['seed'].iloc[0]}",
        f"{outcome}   mean length: {df['length'].mean():.1f} actions",
    ]
    if seats is not None:
        lines.append(first_line(seats, df))
    lines += [
        "",
        seat_table(df, seats).to_string(index=False),
    ]
    agents = pd.unique(df[[f"agent_{s}" for s in range(players)]].values.ravel())
    if len(agents) > 1:
        lines += ["", agent_table(df).to_string(index=False)]
    if "end_reason" in df:
        counts = df["end_reason"].value_counts()
        lines += ["", "end reasons: " + ", ".join(f"{k} {v}" for k, v in counts.items())]
    lines += ["", "Intervals: Wilson score, 95%; shared wins count 1/k."]
    return "\n".join(lines)
