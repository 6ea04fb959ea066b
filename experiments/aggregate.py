"""Streaming per-cell aggregates: one pass over a cell's shards, memory independent of games."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd

from experiments.execute import iter_cell_frames
from experiments.plan import Cell
from experiments.stats import wilson


# end reasons that mean "no rulebook ending": the engine's turn cap stopped the game
CAP_REASONS = ("turn-cap", "round-cap")


class CellSummary:
    """Running sums of one cell: seats, agents, lengths, end reasons, info columns."""

    def __init__(self, cell: Cell):
        self.cell = cell
        self.games = 0
        self.seat_ret = np.zeros(cell.players)
        self.seat_sole = np.zeros(cell.players, np.int64)
        self.seat_score = np.zeros(cell.players)
        self.shared = 0
        self.length_sum = 0.0
        self.length_hist = Counter()
        self.rounds_sum = 0.0
        self.end = Counter()
        self.agent_ret = Counter()
        self.agent_n = Counter()
        self.agent_lost = Counter()  # games the agent's seat returned 0 (no share of a win)
        self.agent_seat_ret = Counter()  # (agent, seat) -> summed return
        self.agent_seat_n = Counter()
        self.info_sum = Counter()
        # turn position: position k = k-th to act in round 1 (games with a first_player
        # or first_seat column, i.e. a random or rotating first player)
        self.pos_ret = np.zeros(cell.players)
        self.pos_games = 0
        # games that ended by a rulebook rule (not the turn cap), and their seat returns
        self.resolved = 0
        self.resolved_ret = np.zeros(cell.players)
        self.agent_res_ret = Counter()  # agent -> summed return over resolved games
        self.agent_res_n = Counter()
        self.info_pos = Counter()  # games where the info column is > 0

    def add(self, df: pd.DataFrame) -> None:
        P = self.cell.players
        self.games += len(df)
        for s in range(P):
            self.seat_ret[s] += df[f"return_{s}"].sum()
            self.seat_sole[s] += int((df["winner"] == s).sum())
            self.seat_score[s] += df[f"score_{s}"].sum()
            for agent, g in df.groupby(f"agent_{s}")[f"return_{s}"]:
                self.agent_ret[agent] += float(g.sum())
                self.agent_n[agent] += len(g)
                self.agent_lost[agent] += int((g == 0).sum())
                self.agent_seat_ret[agent, s] += float(g.sum())
                self.agent_seat_n[agent, s] += len(g)
        ok = ~df["end_reason"].isin(CAP_REASONS).to_numpy()
        first = next((c for c in ("first_player", "first_seat") if c in df.columns), None)
        if first is not None:  # over resolved games, like every rate
            fp = df[first].to_numpy()[ok]
            for s in range(P):
                pos = (s - fp) % P
                np.add.at(self.pos_ret, pos, df[f"return_{s}"].to_numpy()[ok])
            self.pos_games += int(ok.sum())
        self.resolved += int(ok.sum())
        for s in range(P):
            self.resolved_ret[s] += float(df[f"return_{s}"].to_numpy()[ok].sum())
            for agent, g in df[ok].groupby(f"agent_{s}")[f"return_{s}"]:
                self.agent_res_ret[agent] += float(g.sum())
                self.agent_res_n[agent] += len(g)
        self.shared += int((df["winner"] < 0).sum())
        self.length_sum += float(df["length"].sum())
        self.length_hist.update(df["length"].tolist())
        self.rounds_sum += float(df["rounds"].sum())
        self.end.update(df["end_reason"].tolist())
        known = {"first_player", "first_seat",
                 "cell", "game", "version", "setup", "players", "seed", "game_index", "winner",
                 "length", "rounds", "end_reason", "truncated"}
        for col in df.columns:
            if col in known or col.startswith(("agent_", "return_", "score_")):
                continue
            if pd.api.types.is_numeric_dtype(df[col]):
                self.info_sum[col] += float(df[col].sum())
                self.info_pos[col] += int((df[col] > 0).sum())

    def seat_rate(self, s: int) -> tuple[float, float, float]:
        """Seat ``s``'s win rate (shared wins 1/k) over the games the rules ended: a game
        the turn cap stopped is unresolved, shown apart (:attr:`capped`), never half a
        win (Wilson 95%)."""
        return self.resolved_rate(s)

    @property
    def capped(self) -> int:
        """Games the turn cap ended (no winner by the rulebook)."""
        return self.games - self.resolved

    def resolved_rate(self, s: int) -> tuple[float, float, float]:
        """Seat ``s``'s win rate over games that ended by the rules (Wilson 95%)."""
        n = self.resolved
        return (self.resolved_ret[s] / n, *wilson(self.resolved_ret[s], n)) if n \
            else (np.nan,) * 3

    def resolved_agent_rate(self, agent: str) -> tuple[float, float, float, int]:
        """``agent``'s win rate over the games that ended by the rules (Wilson 95%)."""
        n = self.agent_res_n[agent]
        k = self.agent_res_ret[agent]
        return (k / n, *wilson(k, n), n) if n else (np.nan, np.nan, np.nan, 0)

    def cap_columns(self, seat: int | None = None, agent: str | None = None) -> dict:
        """The turn cap's columns for a study row: the share of games it ended (no rulebook
        ending: unresolved, not a draw) and the seat's or agent's win rate over the games
        that ended by the rules, with its Wilson 95% interval."""
        if agent is not None:
            r, lo, hi, _ = self.resolved_agent_rate(agent)
        elif seat is not None:
            r, lo, hi = self.resolved_rate(seat)
        else:
            r = lo = hi = np.nan
        return {"capped_share": self.capped / max(self.games, 1), "win_rate_resolved": r,
                "resolved_low": lo, "resolved_high": hi}

    def position_rate(self, k: int) -> tuple[float, float, float]:
        """Win rate of the k-th player to act in round 1, over the games the rules ended
        (Wilson 95%)."""
        n = self.pos_games
        return (self.pos_ret[k] / n, *wilson(self.pos_ret[k], n)) if n else (np.nan,) * 3

    def agent_rate(self, agent: str) -> tuple[float, float, float, int]:
        """``agent``'s win rate and its seat-games over the games the rules ended (a
        turn-capped game is unresolved, never half a win; Wilson 95%)."""
        return self.resolved_agent_rate(agent)

    def rate(self, k: float) -> tuple[float, float, float]:
        return (k / self.games, *wilson(k, self.games)) if self.games else (np.nan,) * 3

    def mean_info(self, col: str) -> float:
        return self.info_sum[col] / self.games if self.games else np.nan


def summarize(out, cell: Cell) -> CellSummary:
    """Stream every shard of ``cell`` into a :class:`CellSummary`."""
    s = CellSummary(cell)
    for df in iter_cell_frames(out, cell):
        s.add(df)
    return s
