"""Study `locations` (Edge of Darkness): a difficulty rating for each Coldharbor location.

Solo games against the automa over many random 10-location setups (the engine's
"random" setup draws them per game); each location's marginal effect is the
solo success rate of games that include it minus games that do not (Wilson
intervals per group, normal interval for the difference). Mapping to the
1-3 scale, stated in the report: effect > +2 points -> 1 (easy), effect < -2
points -> 3 (high), otherwise 2 (moderate). Multiplayer games over random
setups add what each location does to the score spread and the engine's
counters (Coin economy, attacks landed).
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from experiments.execute import iter_cell_frames
from experiments.plan import Study
from experiments.reporting import Section, bar_with_intervals
from experiments.stats import wilson, z_value
from simcore.spec import get_game

TITLE = "Edge of Darkness: Coldharbor location difficulty"
KEY_FIGURES = ("location_*",)  # shown inline on the report's index (fnmatch patterns)
GAMES = ("darkness",)
LOCATIONS = tuple(range(51, 63))
THRESHOLD = 0.02
BUDGET = {"smoke": {"solo": 300, "multi": 100}, "quick": {"solo": 6000, "multi": 2000}, "full": {"solo": 400_000, "multi": 100_000}}


def location_names() -> dict:
    mod = get_game("darkness")
    return dict(getattr(mod, "LOCATION_NAMES", {}))


def build(profile: str, seed: int) -> Study:
    b = BUDGET[profile]
    st = Study("locations", seed, [], chunk=2000 if profile == "quick" else 20_000)
    st.add("darkness", 1, ("scripted",), b["solo"], setup="random", stream=1,
           labels={"kind": "solo"})
    st.add("darkness", 3, ("scripted",), b["multi"], setup="random", stream=2,
           labels={"kind": "multi"})
    return st


def _has(df: pd.DataFrame, loc: int) -> np.ndarray:
    """Boolean per game: was location ``loc`` in play (from the engine's info columns)."""
    mod = get_game("darkness")
    return np.asarray(mod.location_in_play(df, loc), dtype=bool)


def analyse(study: Study, out) -> list[Section]:
    names = location_names()
    secs = []
    solo = next(c for c in study.cells if c.labels["kind"] == "solo")
    k_in = dict.fromkeys(LOCATIONS, 0.0)
    n_in = dict.fromkeys(LOCATIONS, 0)
    k_all = 0.0
    n_all = 0
    for df in iter_cell_frames(out, solo):
        win = df["return_0"].to_numpy()
        k_all += win.sum()
        n_all += len(df)
        for loc in LOCATIONS:
            m = _has(df, loc)
            k_in[loc] += win[m].sum()
            n_in[loc] += int(m.sum())
    rows = []
    z = z_value()
    for loc in LOCATIONS:
        n1, k1 = n_in[loc], k_in[loc]
        n0, k0 = n_all - n1, k_all - k1
        p1 = k1 / n1 if n1 else math.nan
        p0 = k0 / n0 if n0 else math.nan
        eff = p1 - p0
        se = math.sqrt(p1 * (1 - p1) / max(n1, 1) + p0 * (1 - p0) / max(n0, 1))
        rating = 1 if eff > THRESHOLD else (3 if eff < -THRESHOLD else 2)
        lo1, hi1 = wilson(k1, n1)
        rows.append({"location": loc, "name": names.get(loc, str(loc)), "rating": rating,
                     "effect": eff, "ci_low": eff - z * se, "ci_high": eff + z * se,
                     "games": n1, "success_with": p1, "with_low": lo1, "with_high": hi1,
                     "success_without": p0})
    df = pd.DataFrame(rows)
    r, lo, hi = k_all / max(n_all, 1), *wilson(k_all, n_all)
    sec = Section("Solo difficulty rating", text=[
        f"Solo success over {n_all} random setups: {100 * r:.1f}% [{100 * lo:.1f}, "
        f"{100 * hi:.1f}] (scripted guild vs the assumed automa).",
        f"Rating mapping: effect (success with the location minus without) > "
        f"+{100 * THRESHOLD:.0f} points -> 1 (easy); < -{100 * THRESHOLD:.0f} points -> 3 "
        "(high); otherwise 2 (moderate). Effect intervals: normal 95% for a difference of "
        "proportions."])
    sec.tables.append(("location_difficulty", df, "Difficulty rating per Coldharbor location"))
    sec.figures.append(("location_effects", bar_with_intervals(
        [f"{r.location} {r.name}"[:28] for r in df.itertuples()], df["effect"], df["ci_low"],
        df["ci_high"], "Marginal effect on solo success", ylabel="effect", ref=0.0),
        df, "Each location's effect on solo success (normal 95%)"))
    secs.append(sec)
    multi = next((c for c in study.cells if c.labels["kind"] == "multi"), None)
    if multi is not None:
        acc = {loc: {"n": 0, "spread": 0.0, **{}} for loc in LOCATIONS}
        extra_cols = None
        sums = {loc: {} for loc in LOCATIONS}
        for d in iter_cell_frames(out, multi):
            scores = d[[f"score_{s}" for s in range(multi.players)]].to_numpy()
            spread = scores.max(axis=1) - scores.min(axis=1)
            if extra_cols is None:
                extra_cols = [c for c in get_game("darkness").SPEC.info_columns[2:]
                              if c in d.columns and not c.startswith("loc")
                              and c != "first_player"]
            for loc in LOCATIONS:
                m = _has(d, loc)
                acc[loc]["n"] += int(m.sum())
                acc[loc]["spread"] += float(spread[m].sum())
                for col in extra_cols:
                    sums[loc][col] = sums[loc].get(col, 0.0) + float(d[col].to_numpy()[m].sum())
        mrows = []
        for loc in LOCATIONS:
            n = max(acc[loc]["n"], 1)
            row = {"location": loc, "name": names.get(loc, str(loc)), "games": acc[loc]["n"],
                   "mean_score_spread": acc[loc]["spread"] / n}
            for col, v in sums[loc].items():
                row[f"mean {col}"] = v / n
            mrows.append(row)
        sec = Section("Multiplayer (3 players, scripted)")
        sec.tables.append(("location_multiplayer", pd.DataFrame(mrows),
                           "Score spread and engine counters in games with each location"))
        secs.append(sec)
    return secs
