"""Summary tables of a batch of games (what `darkbalance simulate` prints)."""
from __future__ import annotations

import pandas as pd

from experiments.stats import fmt_rate


def seat_table(df: pd.DataFrame) -> pd.DataFrame:
    """Win rate by seat (returns summed, so shared wins count 1/k) with Wilson 95% intervals."""
    n = len(df)
    players = int(df["players"].iloc[0]) if n else 0
    rows = []
    for s in range(players):
        wins = float(df[f"return_{s}"].sum())
        sole = int((df["winner"] == s).sum())
        rows.append({"seat": s, "win rate [95% Wilson]": fmt_rate(wins, n),
                     "sole wins": sole, "mean score": round(float(df[f"score_{s}"].mean()), 2)})
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


def summary_text(df: pd.DataFrame) -> str:
    """Plain-text summary: games, draws/shared, mean length, tables by seat and agent."""
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
        "",
        seat_table(df).to_string(index=False),
    ]
    agents = pd.unique(df[[f"agent_{s}" for s in range(players)]].values.ravel())
    if len(agents) > 1:
        lines += ["", agent_table(df).to_string(index=False)]
    if "end_reason" in df:
        counts = df["end_reason"].value_counts()
        lines += ["", "end reasons: " + ", ".join(f"{k} {v}" for k, v in counts.items())]
    lines += ["", "Intervals: Wilson score, 95%; shared wins count 1/k."]
    return "\n".join(lines)
