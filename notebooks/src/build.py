"""Write the workflow notebooks from the cell lists below (run: python notebooks/src/build.py).

The .ipynb files are committed without outputs; tests/test_notebooks.py executes them."""
from pathlib import Path

import nbformat as nbf

HERE = Path(__file__).resolve().parent.parent
SETUP = '''import os, sys
# run from the repository root, whichever folder Jupyter started in
root = os.path.abspath("..") if os.path.basename(os.getcwd()) == "notebooks" else os.getcwd()
sys.path.insert(0, root)
os.chdir(root)
%matplotlib inline'''

NOTEBOOKS = {}

NOTEBOOKS["balance-study"] = [
    ("md", "# A batch balance study\n\nThe everyday batch job: plan a study, play it into "
     "Parquet shards (resumable, bit-reproducible from the seed), load the shards with pandas "
     "and plot seat win rates with Wilson 95% intervals. Court of the Dead at 3 to 6 players, "
     "every seat scripted, 2,000 games per table size (about a second of play; `darkbalance "
     "study winrates --profile full` is the long version)."),
    ("code", SETUP),
    ("code", '''import tempfile
from pathlib import Path
import pandas as pd
from experiments.plan import Study
from experiments.execute import run_study, cell_frame
from experiments.stats import wilson

out = Path(tempfile.mkdtemp(prefix="balance-study-"))
study = Study("balance-study", 0, [], chunk=1000)
for players in (3, 4, 5, 6):
    study.add("court", players, ("scripted",), 2000, stream=1, labels={"players": players})
run_study(study, out, progress=False, echo=print)
sorted(p.name for p in (out / "shards").iterdir())'''),
    ("md", "Each cell's shards are plain Parquet files, one row per game:"),
    ("code", '''frames = [cell_frame(out, c) for c in study.cells]
games = pd.concat(frames, ignore_index=True)
games[["players", "game_index", "winner", "length", "rounds", "end_reason"]].head()'''),
    ("md", "Seat win rates (a sole winner counts 1, a shared or empty result 0) with Wilson "
     "95% intervals:"),
    ("code", '''rows = []
for players, g in games.groupby("players"):
    for seat in range(players):
        k = int((g["winner"] == seat).sum())
        lo, hi = wilson(k, len(g))
        rows.append({"players": players, "seat": seat, "games": len(g), "win_rate": k / len(g),
                     "ci_low": lo, "ci_high": hi})
rates = pd.DataFrame(rows)
rates'''),
    ("code", '''import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(8, 3.5))
x = range(len(rates))
ax.bar(x, rates.win_rate, yerr=[rates.win_rate - rates.ci_low, rates.ci_high - rates.win_rate],
       capsize=3)
ax.set_xticks(list(x))
ax.set_xticklabels([f"{r.players}p s{r.seat}" for r in rates.itertuples()], rotation=60)
ax.set_ylabel("sole-winner rate")
ax.set_title("Court of the Dead, scripted tables: seat win rates (Wilson 95%)")
plt.show()'''),
    ("code", '''best = rates.sort_values("win_rate").iloc[-1]
print(f"RESULT highest seat: {int(best.players)}p seat {int(best.seat)} wins {best.win_rate:.3f} "
      f"[{best.ci_low:.3f}, {best.ci_high:.3f}] of {int(best.games)} games (Wilson 95%)")'''),
]

NOTEBOOKS["compare-setups"] = [
    ("md", "# Recommended setups side by side\n\nEdge of Darkness: every recommended setup "
     "and Tale chapter at 3 players, scripted guilds, with the rulebook's printed Difficulty, "
     "Complexity and Combative labels beside the simulated figures. Then the Dark Frontier "
     "variants (the solo mission). The `setups` study (`darkbalance study setups`) runs the "
     "same comparison at larger budgets."),
    ("code", SETUP),
    ("code", '''import pandas as pd
from experiments import simulate
from experiments.stats import wilson
from simcore.darkness.locations import SETUPS
from simcore.spec import get_game

rows = []
for setup in get_game("darkness").SPEC.setups:
    if setup in ("custom", "random"):
        continue
    df = simulate("darkness", "scripted", games=300, seed=0, players=3, setup=setup)
    score = df[[f"score_{s}" for s in range(3)]].mean(axis=1)
    labels = SETUPS[setup][2]
    rows.append({"setup": setup, "printed_difficulty": labels[0],
                 "printed_complexity": labels[1], "printed_combative": labels[2],
                 "mean_score": score.mean(), "score_ci": 1.96 * score.std() / len(df) ** 0.5,
                 "mean_rounds": df["rounds"].mean(),
                 "seat_spread": max((df.winner == s).mean() for s in range(3))
                 - min((df.winner == s).mean() for s in range(3))})
darkness = pd.DataFrame(rows).sort_values("mean_score")
darkness'''),
    ("md", "A harder printed Difficulty should mean a lower score per player:"),
    ("code", '''darkness.groupby("printed_difficulty")["mean_score"].mean()'''),
    ("code", '''import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(8, 3.5))
ax.barh(darkness.setup + " (" + darkness.printed_difficulty.astype(str) + ")",
        darkness.mean_score, xerr=darkness.score_ci, capsize=3)
ax.set_xlabel("mean score per player (normal 95% interval)")
ax.set_title("Edge of Darkness, 3 scripted guilds: setups with their printed Difficulty")
plt.show()'''),
    ("md", "Dark Frontier variants (solo; win = the mission succeeds), scripted commander, "
     "Wilson 95% intervals:"),
    ("code", '''rows = []
for variant in get_game("frontier").SPEC.setups:
    df = simulate("frontier", "scripted", games=2000, seed=0, setup=variant)
    k = int((df["return_0"] > 0).sum())
    lo, hi = wilson(k, len(df))
    rows.append({"variant": variant, "games": len(df), "win_rate": k / len(df),
                 "ci_low": lo, "ci_high": hi})
frontier = pd.DataFrame(rows)
frontier'''),
    ("code", '''std = frontier.set_index("variant").loc["standard"]
print(f"RESULT frontier standard mission (scripted): {std.win_rate:.3f} "
      f"[{std.ci_low:.3f}, {std.ci_high:.3f}] (Wilson 95%, {int(std.games)} games)")'''),
]

NOTEBOOKS["matchup-heatmap"] = [
    ("md", "# Darkleaf Gambit matchups\n\nThe 6x6 clan heatmap per agent kind, Bradley-Terry "
     "ratings, the first-move edge and the handicap (bones given to the weaker side). This "
     "runs the `matchups` study at its smallest budget so the notebook finishes in a minute; "
     "`darkbalance study matchups --profile full` is the version to quote."),
    ("code", SETUP),
    ("code", '''import tempfile
from pathlib import Path
import pandas as pd
from experiments.studies import run_named

out = Path(tempfile.mkdtemp(prefix="matchups-"))
report = run_named("matchups", profile="smoke", seed=0, root=str(out), echo=lambda *a: None)
folder = report.parent
sorted(p.name for p in folder.glob("*.csv"))'''),
    ("code", '''%matplotlib inline
# (the study's report writer switched matplotlib to its file backend; back to inline)
import matplotlib.pyplot as plt
import numpy as np
kinds = [k for k in ("scripted", "best") if (folder / f"heatmap_{k}.csv").exists()]
fig, axes = plt.subplots(1, len(kinds), figsize=(6 * len(kinds), 5))
for ax, kind in zip(np.atleast_1d(axes), kinds):
    h = pd.read_csv(folder / f"heatmap_{kind}.csv")
    m = h.pivot(index="clan", columns="opponent", values="win_rate")
    im = ax.imshow(m.values, vmin=0, vmax=1, cmap="RdBu")
    ax.set_xticks(range(len(m.columns)), m.columns, rotation=45)
    ax.set_yticks(range(len(m.index)), m.index)
    ax.set_title(f"row clan's win rate ({kind})")
fig.colorbar(im, ax=axes)
plt.show()'''),
    ("md", "Bradley-Terry strengths (log scale, observed-information 95% intervals):"),
    ("code", '''bt = {k: pd.read_csv(folder / f"bradley_terry_{k}.csv") for k in kinds}
bt["scripted"]'''),
    ("md", "First-move edge (the first clan's win rate minus the same pairing with the other "
     "clan first) and the handicap table:"),
    ("code", '''edge = pd.read_csv(folder / "first_move_edge.csv")
hand = pd.read_csv(folder / "handicap.csv")
edge.head(), hand.head()'''),
    ("code", '''top = bt["scripted"].sort_values("strength").iloc[-1]
h = pd.read_csv(folder / "heatmap_scripted.csv")
row = h.sort_values("win_rate").iloc[-1]
print(f"RESULT strongest clan (scripted, Bradley-Terry): {top['name']} {top.strength:.2f} "
      f"[{top.low:.2f}, {top.high:.2f}]; most lopsided pairing {row.clan} vs {row.opponent}: "
      f"{row.win_rate:.3f} [{row.ci_low:.3f}, {row.ci_high:.3f}] (Wilson 95%, {row.games} games)")'''),
]

NOTEBOOKS["what-if"] = [
    ("md", "# What if a rule changes?\n\n`compare` plays the baseline rules and each variant "
     "on common random numbers (the same random streams per game index), so the paired "
     "difference of every metric has a tight interval. Here: the Dark Frontier mission with "
     "a lower CP target, then the regression gate on the changed rules."),
    ("code", SETUP),
    ("code", '''from experiments import compare
diff = compare("frontier", ["easier: mission.cp_target=7"], agents="scripted", games=2000,
               seed=0)
diff[diff.metric.str.contains("win rate")]'''),
    ("code", '''import matplotlib.pyplot as plt
show = diff[diff.metric.str.contains("win rate|mean length")]
fig, ax = plt.subplots(figsize=(7, 2.5))
ax.errorbar(show.difference, range(len(show)),
            xerr=[show.difference - show.ci_low, show.ci_high - show.difference], fmt="o")
ax.set_yticks(range(len(show)), show.metric)
ax.axvline(0, color="grey", lw=1)
ax.set_title("variant minus baseline (paired, normal 95%)")
plt.show()'''),
    ("md", "The regression gate: a baseline recorded from the current rules passes exactly; "
     "the same cell played with the variant's rule fails (an unreviewed behaviour change is "
     "named by its first differing game)."),
    ("code", '''import json, tempfile
from pathlib import Path
from experiments.regress import check, write_baseline

tmp = Path(tempfile.mkdtemp(prefix="what-if-"))
cell = {"game": "frontier", "players": 1, "agents": "scripted", "games": 2000}
base = write_baseline(tmp / "baseline.json", [cell], seed=0, echo=print)
print("unchanged rules, changes found:", len(check(base, echo=lambda *a: None)))'''),
    ("md", "Now the same cell with the rule edited, as if `simcore/frontier/rules.toml` "
     "said `cp_target = 7` (the engine version unchanged, so the gate is exact):"),
    ("code", '''doc = json.loads(base.read_text())
doc["cells"][0]["sets"] = ["mission.cp_target=7"]
edited = tmp / "edited.json"
edited.write_text(json.dumps(doc))
changed = check(edited, echo=print)
print("edited rules, changes found:", len(changed), "| first:", changed[0].metric)'''),
    ("code", '''row = diff[diff.metric.str.contains("win rate")].iloc[0]
print(f"RESULT cp_target 7 vs 10: {row.metric} {row.difference:+.3f} "
      f"[{row.ci_low:+.3f}, {row.ci_high:+.3f}] (paired, normal 95%, {row.games} games)")'''),
]


def build():
    for name, cells in NOTEBOOKS.items():
        nb = nbf.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        nb.cells = [nbf.v4.new_markdown_cell(src) if kind == "md" else nbf.v4.new_code_cell(src)
                    for kind, src in cells]
        nbf.write(nb, HERE / f"{name}.ipynb")
        print(f"wrote notebooks/{name}.ipynb")


if __name__ == "__main__":
    build()
