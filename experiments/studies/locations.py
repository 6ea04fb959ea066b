"""Study `locations` (Edge of Darkness): a difficulty rating for each Coldharbor location.

Solo games against the automa over many random 10-location setups (the engine's
"random" setup draws them per game), played by two agent kinds on the same stream
(so the first games share their setups): the scripted player and the strong player (kind
``best``): darkness's cheap strong player solo (registry ``STRONG`` at 1 player,
``value:samples=16``) where the profile plays it, else ``best`` (agents.best).  Each
location's marginal effect is the mean over games that include it minus games that do not,
on solo success and on the solo score margin (guild score ``score_0`` minus the automa's,
the ``automa_vp`` info column), each with a normal 95% interval for the difference.  The
1-3 rating reads the margin: effect > +1 VP -> 1 (easy), < -1 VP -> 3 (high), otherwise 2
(moderate); one table holds both kinds' effects and ratings side by side and whether they
agree.  (On random setups the scripted player wins about 53% of solo games and the strong
player about 69%, 2026-12-05.)

Budgets for the strong kind: quick and full play the cheap strong player on enough random
setups that each location is in at least STRONG_MIN of them (each is in 81-85% of random
setups; PRESENCE allows 72%: 1,389 and 13,889 games, about 0.09 s a game on one core).
Without one (smoke, or a profile naming none), ``best``: quick plays ``best:ms=3`` (150
simulations a decision, a third of the stated 500) over 300 random setups, about 0.27 s a
game on one core; full plays ``best`` as stated (500 simulations, about 1.3 s a game) over
400 setups; smoke plays 12 games at ``best:iters=4,depth=10``.  Multiplayer games (3
scripted players) over random setups add what each location does to the score spread and
the engine's counters (Coin economy, attacks landed).
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from experiments.execute import iter_cell_frames
from experiments.plan import Study
from experiments.reporting import Section, finding, write_findings
from experiments.stats import wilson, z_value
from simcore.spec import get_game

TITLE = "Edge of Darkness: Coldharbor location difficulty"
KEY_FIGURES = ("location_*",)  # shown inline on the report's index (fnmatch patterns)
GAMES = ("darkness",)
LOCATIONS = tuple(range(51, 63))
MARGIN_THRESHOLD = 1.0  # VP of solo margin effect for rating 1 or 3
BUDGET = {"smoke": {"solo": 300, "multi": 100, "best": 12, "best_spec": "best:iters=4,depth=10"},
          "quick": {"solo": 6000, "multi": 2000, "best": 300, "best_spec": "best:ms=3"},
          "full": {"solo": 400_000, "multi": 100_000, "best": 400, "best_spec": "best"}}


def location_names() -> dict:
    mod = get_game("darkness")
    return dict(getattr(mod, "LOCATION_NAMES", {}))


#: the share of random setups a location is in, with a margin (measured 0.81-0.85 for each
#: of the twelve over 2,000 setups): the strong kind plays STRONG_MIN / this many games
PRESENCE = 0.72


def strong_solo(profile: str) -> tuple[str, int]:
    """(agent spec, games) of the strong kind: the profile's cheap strong player solo on
    enough random setups that each location is in STRONG_MIN of them (the ``agents`` label
    needs that many strong games), else ``best`` on the profile's budget."""
    from experiments.reporting import STRONG_MIN, strong_player

    b = BUDGET[profile]
    spec = strong_player("darkness", 1, profile)
    if spec is None or profile not in STRONG_MIN:
        return b["best_spec"], b["best"]
    return spec, math.ceil(STRONG_MIN[profile] / PRESENCE)


def build(profile: str, seed: int) -> Study:
    b = BUDGET[profile]
    st = Study("locations", seed, [], chunk=2000 if profile == "quick" else 20_000,
               profile=profile)
    st.add("darkness", 1, ("scripted",), b["solo"], setup="random", stream=1,
           labels={"kind": "solo", "agent": "scripted"})
    # the same stream: the first games share their setups with the scripted cell's
    spec, n = strong_solo(profile)
    st.add("darkness", 1, (spec,), n, setup="random", stream=1,
           labels={"kind": "solo", "agent": "best"})
    st.add("darkness", 3, ("scripted",), b["multi"], setup="random", stream=2,
           labels={"kind": "multi"})
    return st


def _has(df: pd.DataFrame, loc: int) -> np.ndarray:
    """Boolean per game: was location ``loc`` in play (from the engine's info columns)."""
    mod = get_game("darkness")
    return np.asarray(mod.location_in_play(df, loc), dtype=bool)


def _solo_effects(out, cell) -> tuple[pd.DataFrame, dict]:
    """Per location, one agent kind's solo games: the effect on success (with minus without,
    Wilson per group) and on the score margin (guild score minus the automa's, ``score_0 -
    automa_vp``), each with a normal 95% interval for the difference."""
    names = location_names()
    acc = {loc: np.zeros((2, 4)) for loc in LOCATIONS}  # [without, with] x [n, win, m, m^2]
    tot = np.zeros(4)
    for df in iter_cell_frames(out, cell):
        win = df["return_0"].to_numpy(float)
        margin = df["score_0"].to_numpy(float) - df["automa_vp"].to_numpy(float)
        cols = np.stack([np.ones_like(win), win, margin, margin ** 2], axis=1)
        tot += cols.sum(axis=0)
        for loc in LOCATIONS:
            m = _has(df, loc)
            acc[loc][1] += cols[m].sum(axis=0)
            acc[loc][0] += cols[~m].sum(axis=0)
    z = z_value()
    rows = []
    for loc in LOCATIONS:
        (n0, k0, s0, q0), (n1, k1, s1, q1) = acc[loc]
        p1 = k1 / n1 if n1 else math.nan
        p0 = k0 / n0 if n0 else math.nan
        eff = p1 - p0
        se = math.sqrt(p1 * (1 - p1) / max(n1, 1) + p0 * (1 - p0) / max(n0, 1))
        m1 = s1 / n1 if n1 else math.nan
        m0 = s0 / n0 if n0 else math.nan
        v1 = max(q1 / n1 - m1 ** 2, 0.0) * n1 / (n1 - 1) if n1 > 1 else math.nan
        v0 = max(q0 / n0 - m0 ** 2, 0.0) * n0 / (n0 - 1) if n0 > 1 else math.nan
        meff = m1 - m0
        mse = math.sqrt(v1 / max(n1, 1) + v0 / max(n0, 1))
        rows.append({"location": loc, "name": names.get(loc, str(loc)), "games": int(n1),
                     "games_without": int(n0), "effect": eff, "ci_low": eff - z * se,
                     "ci_high": eff + z * se, "success_with": p1, "success_without": p0,
                     "margin_effect": meff, "margin_low": meff - z * mse,
                     "margin_high": meff + z * mse, "margin_with": m1, "margin_without": m0,
                     "rating": rating(meff)})
    n, k, s, _ = tot
    return pd.DataFrame(rows), {"games": int(n), "wins": k, "margin": s / max(n, 1)}


def rating(margin_effect: float):
    """The 1-3 rating from a location's effect on the solo score margin (VP): above
    +MARGIN_THRESHOLD -> 1 (easy), below -MARGIN_THRESHOLD -> 3 (high), else 2 (moderate);
    ``None`` when the effect could not be measured (the location was in every game or none)."""
    if not math.isfinite(margin_effect):
        return None
    return 1 if margin_effect > MARGIN_THRESHOLD else (3 if margin_effect < -MARGIN_THRESHOLD
                                                       else 2)


def side_by_side(per_kind: dict) -> pd.DataFrame:
    """One row per location, each agent kind's columns suffixed ``_<kind>``, and ``agree``:
    ``yes`` when every kind gives the same rating, ``no`` when not, ``n/a`` when a rating is
    missing."""
    keep = ("games", "effect", "ci_low", "ci_high", "margin_effect", "margin_low",
            "margin_high", "rating")
    out = None
    for kind, df in per_kind.items():
        part = df[["location", "name", *keep]].rename(columns={c: f"{c}_{kind}" for c in keep})
        out = part if out is None else out.merge(part, on=["location", "name"])
    ratings = out[[f"rating_{k}" for k in per_kind]]
    out["agree"] = [("n/a" if any(pd.isna(v) for v in r) else
                     ("yes" if len(set(r)) == 1 else "no"))
                    for r in ratings.itertuples(index=False)]
    return out


def _grouped(df: pd.DataFrame, kinds, col: str, lo: str, hi: str, title: str, ylabel: str):
    """One bar per (location, agent kind), intervals as error bars."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(df) + 2), 4))
    w = 0.8 / len(kinds)
    x = np.arange(len(df))
    for i, k in enumerate(kinds):
        v = df[f"{col}_{k}"].to_numpy(float)
        err = np.maximum(np.vstack([v - df[f"{lo}_{k}"].to_numpy(float),
                                    df[f"{hi}_{k}"].to_numpy(float) - v]), 0)
        ax.bar(x + (i - (len(kinds) - 1) / 2) * w, np.nan_to_num(v), w, yerr=np.nan_to_num(err),
               capsize=2, label=k)
    ax.set_xticks(x)
    ax.set_xticklabels([f"{r.location} {r.name}"[:24] for r in df.itertuples()], rotation=45,
                       ha="right", fontsize=8)
    ax.axhline(0, color="grey", ls="--", lw=1)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def analyse(study: Study, out) -> list[Section]:
    secs = []
    solo = [c for c in study.cells if c.labels["kind"] == "solo"]
    per_kind, totals, specs = {}, {}, {}
    for c in solo:
        k = c.labels.get("agent", "scripted")
        per_kind[k], totals[k] = _solo_effects(out, c)
        specs[k] = c.agents[0]
    df = side_by_side(per_kind)
    kinds = list(per_kind)
    text = []
    for k in kinds:
        t = totals[k]
        r, (lo, hi) = t["wins"] / max(t["games"], 1), wilson(t["wins"], t["games"])
        text.append(f"{k} ({specs[k]}): solo success over {t['games']} random setups "
                    f"{100 * r:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}], mean margin "
                    f"{t['margin']:+.1f} VP (guild score minus the assumed automa's).")
    text += [
        "Each location's effect is the mean over games that include it minus games that do "
        "not, on success and on the score margin, with normal 95% intervals for the "
        "difference. A success rate near 100% is a ceiling (a location cannot raise it), so "
        f"the rating reads the margin: effect > +{MARGIN_THRESHOLD:g} VP -> 1 (easy); < "
        f"-{MARGIN_THRESHOLD:g} VP -> 3 (high); otherwise 2 (moderate). 'agree' says whether "
        "the agent kinds give the same rating: a rating they disagree on measures a player's "
        "habits more than the location."]
    for k in kinds:
        t = totals[k]
        if abs(t["margin"]) < 2 * MARGIN_THRESHOLD and t["games"]:
            text.append(f"{k}'s mean margin sits near zero: a search whose value is the chance "
                        "to beat the automa plays for the win, not for the margin, so its "
                        "margin effects are compressed; for it the success effects (not at a "
                        f"ceiling: {100 * t['wins'] / t['games']:.0f}%) are the more telling "
                        "columns.")
    if "best" in kinds and len(kinds) > 1:
        a = df[df["agree"] != "n/a"]
        text.append(f"The ratings agree for {int((a['agree'] == 'yes').sum())} of {len(a)} "
                    "locations.")
    sec = Section("Solo difficulty rating, per agent kind", text=text)
    sec.tables.append(("location_difficulty", df, "Difficulty rating per Coldharbor location, "
                       "each agent kind side by side (effects with normal 95% intervals)"))
    sec.figures.append(("location_margin_effects", _grouped(
        df, kinds, "margin_effect", "margin_low", "margin_high",
        "Each location's effect on the solo score margin", "effect (VP)"),
        df, "Each location's effect on the solo score margin, per agent kind (normal 95%)"))
    sec.figures.append(("location_effects", _grouped(
        df, kinds, "effect", "ci_low", "ci_high", "Each location's effect on solo success",
        "effect on success"),
        df, "Each location's effect on solo success, per agent kind (normal 95%)"))
    secs.append(sec)
    write_findings(out, "locations", _findings(df, kinds, specs), study.profile)
    multi = next((c for c in study.cells if c.labels["kind"] == "multi"), None)
    if multi is not None:
        names = location_names()
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
        sec = Section("Multiplayer (3 players, scripted)", text=[
            "Scripted seats only: three searching seats cost about three times a solo "
            "search game per game, beyond this study's budget."])
        sec.tables.append(("location_multiplayer", pd.DataFrame(mrows),
                           "Score spread and engine counters in games with each location"))
        secs.append(sec)
    return secs


def _findings(df: pd.DataFrame, kinds, specs) -> list[dict]:
    """The hardest and the easiest location by their effect on the solo margin (games with
    the location minus games without it), and the location with the largest effect on
    success, under the scripted player, with the same location's effect under ``best``
    beside each."""
    rows = []
    search = next((k for k in kinds if k != "scripted"), None)
    if "scripted" not in kinds:
        return rows

    def add(r, col, lo, hi, words):
        val = (r[f"{col}_scripted"], r[f"{lo}_scripted"], r[f"{hi}_scripted"])
        other = None if search is None else (r[f"{col}_{search}"], r[f"{lo}_{search}"],
                                             r[f"{hi}_{search}"])
        rows.append(finding(
            "darkness", f"Edge of Darkness solo: {r['name']} ({int(r['location'])}) {words} "
            "(a difference: games with it minus games without)", *val, 0.0,
            int(r["games_scripted"]), scripted=val, search=other,
            search_name=specs.get(search, "") if search else "", measure="difference",
            search_games=int(r[f"games_{search}"]) if search else 0))

    m = df["margin_effect_scripted"]
    if not m.isna().all():
        add(df.loc[m.idxmin()], "margin_effect", "margin_low", "margin_high",
            "is the hardest of the twelve Coldharbor locations: it lowers the solo score "
            "margin the most (VP)")
        add(df.loc[m.idxmax()], "margin_effect", "margin_low", "margin_high",
            "is the easiest of the twelve Coldharbor locations: it raises the solo score "
            "margin the most (VP)")
    e = df["effect_scripted"].abs()
    if not e.isna().all():
        r = df.loc[e.idxmax()]
        add(r, "effect", "ci_low", "ci_high",
            f"{'raises' if r['effect_scripted'] > 0 else 'lowers'} solo success the most of "
            "the twelve")
    return rows
