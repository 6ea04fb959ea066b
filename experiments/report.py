"""`darkbalance report`: the balance report over every registered game.

Until the balance studies land (issue 8), the report is the "skill ladder" per
game and player count: random, scripted and MCTS agents against each other with
seat rotation, win rates with Wilson 95% intervals, the draw/shared rate, game
lengths, and the rules assumptions each game's numbers rest on.
"""
from __future__ import annotations

import html
import platform
import time
from pathlib import Path

import pandas as pd

from experiments.api import simulate
from experiments.io import write_atomic
from experiments.stats import fmt_rate
from simcore.spec import BadInput, game_names, get_game

PROFILES = {
    "quick": {"games": 400, "mcts_games": 40, "mcts": "mcts:iters=200"},
    "full": {"games": 20_000, "mcts_games": 1_000, "mcts": "mcts:iters=1000"},
}


def _ladder(name: str, players: int, prof: dict, seed: int) -> list[dict]:
    spec = get_game(name).SPEC
    mixes = [("random", prof["games"]), ("scripted", prof["games"]),
             (prof["mcts"], prof["mcts_games"])]
    rows = []
    for cell, (agent, n) in enumerate(mixes):
        agents = ",".join([agent] + ["random"] * (players - 1))
        df = simulate(name, agents, games=n, seed=seed, players=players, cell=cell)
        long = pd.concat([pd.DataFrame({"agent": df[f"agent_{s}"], "ret": df[f"return_{s}"]})
                          for s in range(players)])
        if agent == "random":  # all seats alike: report the first seat's edge instead
            mine = long.iloc[:n]
            label = "random (seat 0)"
        else:
            mine = long[long["agent"] != "random"]
            label = agent
        rows.append({
            "game": name, "version": spec.version, "players": players, "agent": label,
            "opponents": "random", "games": n,
            "win rate [Wilson 95%]": fmt_rate(float(mine["ret"].sum()), len(mine)),
            "fair share": f"{100 / players:.1f}%",
            "drawn/shared": fmt_rate(int((df["winner"] < 0).sum()), n),
            "mean length": round(float(df["length"].mean()), 1),
        })
    return rows


def run_report(profile: str = "quick", seed: int = 0, out_dir: str = "results/report",
               echo=print) -> Path:
    """Run the report and write ``out_dir``/index.html and report.md; return the HTML path."""
    if profile not in PROFILES:
        raise BadInput(f"unknown profile {profile!r}; valid: {', '.join(PROFILES)}")
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"--out {out_dir!r}: cannot create directory ({exc.strerror})") from None
    prof = PROFILES[profile]
    t0 = time.perf_counter()
    rows = []
    assumptions = {}
    for name in game_names():
        spec = get_game(name).SPEC
        for players in range(spec.players[0], spec.players[1] + 1):
            echo(f"{name}: {players} players ...")
            rows += _ladder(name, players, prof, seed)
        assumptions[name] = get_game(name).API.rules().assumed()
    table = pd.DataFrame(rows)
    write_atomic(out / "skill_ladder.csv", lambda t: table.to_csv(t, index=False))
    wall = time.perf_counter() - t0
    meta = (f"profile {profile}, seed {seed}, {int(table['games'].sum())} games, "
            f"wall time {wall:.0f} s, Python {platform.python_version()}")
    md = ["# darkbalance report", "", meta, "",
          "Win rates of each agent against random opponents (seats rotated evenly). "
          "Intervals: Wilson score, 95%; shared wins count 1/k.", "",
          table.to_markdown(index=False) if _has_tabulate() else table.to_string(index=False),
          "", "## Assumptions", ""]
    for name, entries in assumptions.items():
        md.append(f"- {name}: " + (f"{len(entries)} assumed values: " +
                                   ", ".join(e.path for e in entries) if entries else
                                   "no assumed values"))
    write_atomic(out / "report.md", lambda t: Path(t).write_text("\n".join(md) + "\n"))
    body = [f"<h1>darkbalance report</h1><p>{html.escape(meta)}</p>",
            "<p>Win rates against random opponents, seats rotated evenly; "
            "Wilson score 95% intervals; shared wins count 1/k.</p>",
            table.to_html(index=False, escape=True),
            '<p>Data: <a href="skill_ladder.csv">skill_ladder.csv</a>, '
            '<a href="report.md">report.md</a></p>', "<h2>Assumptions</h2><ul>"]
    for name, entries in assumptions.items():
        items = "".join(f"<li><code>{html.escape(e.path)}</code> = {html.escape(repr(e.value))}: "
                        f"{html.escape(e.reason)}</li>" for e in entries) or "<li>none</li>"
        body.append(f"<li><b>{name}</b><ul>{items}</ul></li>")
    body.append("</ul>")
    page = ("<!doctype html><html><head><meta charset='utf-8'><title>darkbalance report</title>"
            "<style>body{font-family:sans-serif;max-width:70em;margin:auto}"
            "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}</style>"
            "</head><body>" + "\n".join(body) + "</body></html>")
    write_atomic(out / "index.html", lambda t: Path(t).write_text(page))
    return out / "index.html"


def _has_tabulate() -> bool:
    try:
        import tabulate  # noqa: F401
    except ImportError:
        return False
    return True
