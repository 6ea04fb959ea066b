"""Study `sensitivity`: which headline conclusions survive the unknown (`assumed`) numbers.

For each game, every numeric `assumed` rules value with a plausible `range` is
set to the low and the high end of its range, one at a time, and the game's
headline metric is re-measured on the same game indices as the baseline
(common random numbers), giving a paired difference with a 95% interval.
A conclusion "flips" when the headline's qualitative answer (the favoured
persona, seat or difficulty band) differs from the baseline's. List-valued
assumptions (card lists) are not swept; the report says how many.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.aggregate import summarize
from experiments.execute import cell_frame
from experiments.plan import Study
from experiments.reporting import Section
from experiments.stats import paired_difference
from simcore.spec import game_names, get_game

TITLE = "Sensitivity of the conclusions to the assumed rules values"
KEY_FIGURES = ()  # shown inline on the report's index (fnmatch patterns)
GAMES = ("court", "frontier", "darkleaf", "darkness", "humanity")

# full: 946 cells x 2000 games (~16 min on 2 cores); paired intervals over common random
# numbers are ~+-2.5 points at that size, enough to call a flip
BUDGET = {"smoke": 40, "quick": 150, "full": 2000}
MAX_ENTRIES = {"smoke": 4}  # the test suite sweeps a few values per game, studies sweep all


def headline(game: str) -> dict:
    """The cell that carries a game's headline, and how to read its conclusion."""
    spec = get_game(game).SPEC
    if game == "court":
        p = spec.personas
        agents = (f"scripted:{p[1]}", f"scripted:{p[0]}", f"scripted:{p[2]}", f"scripted:{p[0]}")
        return {"players": 4, "agents": agents, "setup": None, "rotate": True,
                "metric": "free-rider win rate (4 players, mixed personas)",
                "focus": "scripted:free-rider", "conclusion": "best persona"}
    if game == "frontier":
        return {"players": 1, "agents": ("scripted",), "setup": "standard", "rotate": True,
                "metric": "scripted win probability, standard mission", "focus": None,
                "conclusion": "difficulty band (<1/3 hard, <2/3 moderate, else easy)"}
    P = min(max(2, spec.players[0]), spec.players[1])
    return {"players": P, "agents": ("scripted",), "setup": None, "rotate": True,
            "metric": f"seat 0 win rate, scripted, {P} players", "focus": None,
            "conclusion": "favoured seat"}


def _conclusion(game: str, s) -> str:
    if game == "court":
        return max(s.agent_n, key=lambda a: s.agent_ret[a] / max(s.agent_n[a], 1))
    if game == "frontier":
        r = s.seat_rate(0)[0]
        return "hard" if r < 1 / 3 else ("moderate" if r < 2 / 3 else "easy")
    rates = [s.seat_rate(i)[0] for i in range(s.cell.players)]
    return f"seat {int(np.argmax(rates))}"


def sweep_entries(game: str):
    """(entry, low, high) for every numeric assumed value with a range; and the skipped count."""
    rs = get_game(game).API.rules()
    out, skipped = [], 0
    for e in rs.entries.values():
        if e.source != "assumed":
            continue
        if isinstance(e.value, bool) or not isinstance(e.value, (int, float)) or not e.range:
            skipped += 1
            continue
        lo, hi = e.range[0], e.range[-1]
        out.append((e, lo, hi))
    return out, skipped


def build(profile: str, seed: int) -> Study:
    n = BUDGET[profile]
    st = Study("sensitivity", seed, [], chunk=max(n, 1000))
    for stream, game in enumerate(g for g in GAMES if g in game_names()):
        h = headline(game)
        base = dict(players=h["players"], agents=h["agents"], games=n, setup=h["setup"],
                    stream=1000 + stream, rotate=h["rotate"])
        st.add(game, labels={"game": game, "role": "baseline"}, **base)
        entries, skipped = sweep_entries(game)
        entries = entries[:MAX_ENTRIES.get(profile, len(entries))]
        st.notes.append(f"{game}: {len(entries)} numeric assumptions swept, {skipped} "
                        "non-numeric or rangeless assumptions not swept.")
        for e, lo, hi in entries:
            for side, v in (("low", lo), ("high", hi)):
                if v == e.value:
                    continue
                val = int(v) if isinstance(e.value, int) else float(v)
                st.add(game, sets=(f"{e.path}={val}",),
                       labels={"game": game, "role": side, "path": e.path, "value": val,
                               "baseline_value": e.value}, **base)
    return st


def _per_game(out, cell, focus) -> pd.Series:
    """Per game index: the headline agent's return (focus agent) or seat 0's."""
    P = cell.players
    cols = ["game_index"] + [f"return_{s}" for s in range(P)] + [f"agent_{s}" for s in range(P)]
    df = cell_frame(out, cell, cols).set_index("game_index")
    if focus is None:
        return df["return_0"]
    vals = np.zeros(len(df))
    k = np.zeros(len(df))
    for s in range(P):
        m = (df[f"agent_{s}"] == focus).to_numpy()
        vals += np.where(m, df[f"return_{s}"].to_numpy(), 0.0)
        k += m
    return pd.Series(vals / np.maximum(k, 1), index=df.index)


def analyse(study: Study, out) -> list[Section]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    secs = [Section("Method", text=[
        "One-at-a-time sweep: each numeric assumed value is set to the ends of its plausible "
        "range with all else at baseline; games share indices and streams with the baseline "
        "(common random numbers), so the effect is a paired difference with a normal 95% "
        "interval. 'flips' marks a changed qualitative conclusion whose paired interval excludes 0.", *study.notes])]
    for game in [g for g in GAMES if any(c.game == g for c in study.cells)]:
        h = headline(game)
        cells = [c for c in study.cells if c.game == game]
        base = next(c for c in cells if c.labels["role"] == "baseline")
        bs = summarize(out, base)
        base_concl = _conclusion(game, bs)
        y = _per_game(out, base, h["focus"])
        rows = []
        for c in cells:
            if c.labels["role"] == "baseline":
                continue
            x = _per_game(out, c, h["focus"])
            j = pd.concat([x, y], axis=1, join="inner")
            d, lo, hi = paired_difference(j.iloc[:, 0], j.iloc[:, 1])
            concl = _conclusion(game, summarize(out, c))
            rows.append({"path": c.labels["path"], "side": c.labels["role"],
                         "value": c.labels["value"], "baseline_value": c.labels["baseline_value"],
                         "metric": float(x.mean()), "effect": d, "ci_low": lo, "ci_high": hi,
                         "conclusion": concl,
                         # a flip must be more than chance: the paired interval excludes 0
                         "flips": concl != base_concl and bool(lo > 0 or hi < 0),
                         "changed_within_chance": concl != base_concl and not (lo > 0 or hi < 0),
                         "significant": bool(lo > 0 or hi < 0)})
        df = pd.DataFrame(rows)
        sec = Section(f"{game}: {h['metric']}", text=[
            f"Baseline {h['metric']}: {float(y.mean()):.3f} over {len(y)} games; "
            f"conclusion ({h['conclusion']}): {base_concl}."])
        if len(df):
            flips = df[df["flips"]]
            sec.text.append(f"{int(df['significant'].sum())} of {len(df)} one-sided changes move "
                            f"the metric beyond chance; {len(flips)} flip the conclusion" +
                            (": " + ", ".join(f"{r.path}={r.value}" for r in flips.itertuples()) + "."
                             if len(flips) else ".") +
                            f" A further {int(df['changed_within_chance'].sum())} change the "
                            "point conclusion only within chance (paired interval spans 0), "
                            "which more games would settle.")
            top = (df.assign(mag=df["effect"].abs()).groupby("path")["mag"].max()
                   .sort_values(ascending=False).head(15).index.tolist())
            fig, ax = plt.subplots(figsize=(7, 0.35 * len(top) + 1.5))
            for i, path in enumerate(reversed(top)):
                for r in df[df["path"] == path].itertuples():
                    color = "#c44e52" if r.side == "high" else "#4c72b0"
                    ax.barh(i, r.effect, color=color, alpha=0.8)
                    ax.errorbar(r.effect, i, xerr=[[r.effect - r.ci_low], [r.ci_high - r.effect]],
                                color="k", capsize=2, lw=0.8)
            ax.set_yticks(range(len(top)))
            ax.set_yticklabels(list(reversed(top)), fontsize=7)
            ax.axvline(0, color="grey", lw=1)
            ax.set_xlabel(f"change in {h['metric']} (blue: range low, red: range high)")
            ax.set_title(f"{game}: tornado of the 15 largest effects", fontsize=10)
            fig.tight_layout()
            sec.figures.append((f"tornado_{game}", fig, df[df["path"].isin(top)],
                                f"{game}: largest effects of assumed values (paired 95%)"))
            sec.tables.append((f"sensitivity_{game}", df.sort_values("effect", key=abs,
                                                                      ascending=False),
                               f"{game}: every swept assumption"))
        secs.append(sec)
    return secs
