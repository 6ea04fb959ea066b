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
        # numpy over each column once: pandas groupby and column look-ups cost ~15 ms a
        # shard, most of a smoke or quick study's summary time (shards of a few games)
        P = self.cell.players
        col = {c: df[c].to_numpy() for c in df.columns}
        self.games += len(df)
        ok = ~np.isin(col["end_reason"], CAP_REASONS)
        for s in range(P):
            r = col[f"return_{s}"].astype(np.float64, copy=False)
            self.seat_ret[s] += r.sum()
            self.seat_sole[s] += int((col["winner"] == s).sum())
            self.seat_score[s] += col[f"score_{s}"].sum()
            names, inv = np.unique(col[f"agent_{s}"].astype(str), return_inverse=True)
            k = len(names)
            ret = np.bincount(inv, r, k)
            n = np.bincount(inv, None, k)
            lost = np.bincount(inv, r == 0, k)
            res_ret = np.bincount(inv[ok], r[ok], k)
            res_n = np.bincount(inv[ok], None, k)
            for j, agent in enumerate(names.tolist()):  # each name has n[j] >= 1 games
                self.agent_ret[agent] += float(ret[j])
                self.agent_n[agent] += int(n[j])
                self.agent_lost[agent] += int(lost[j])
                self.agent_seat_ret[agent, s] += float(ret[j])
                self.agent_seat_n[agent, s] += int(n[j])
                if res_n[j]:
                    self.agent_res_ret[agent] += float(res_ret[j])
                    self.agent_res_n[agent] += int(res_n[j])
            self.resolved_ret[s] += float(r[ok].sum())
        first = next((c for c in ("first_player", "first_seat") if c in col), None)
        if first is not None:  # over resolved games, like every rate
            fp = col[first][ok]
            for s in range(P):
                pos = (s - fp) % P
                np.add.at(self.pos_ret, pos, col[f"return_{s}"][ok])
            self.pos_games += int(ok.sum())
        self.resolved += int(ok.sum())
        self.shared += int((col["winner"] < 0).sum())
        self.length_sum += float(col["length"].sum())
        self.length_hist.update(col["length"].tolist())
        self.rounds_sum += float(col["rounds"].sum())
        self.end.update(col["end_reason"].tolist())
        known = {"first_player", "first_seat",
                 "cell", "game", "version", "setup", "players", "seed", "game_index", "winner",
                 "length", "rounds", "end_reason", "truncated"}
        for c, v in col.items():
            if c in known or c.startswith(("agent_", "return_", "score_")):
                continue
            if pd.api.types.is_numeric_dtype(df.dtypes[c]):
                self.info_sum[c] += float(np.nansum(v))  # pandas' sum skips NaN too
                self.info_pos[c] += int((v > 0).sum())

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
