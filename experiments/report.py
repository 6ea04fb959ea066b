"""`darkbalance report`: run every study and write results/report/index.html linking them.

Each study writes results/<study>/ (report.md, report.html, PNG figures, the CSV
behind every figure); the index lists them with the engines' versions, the
seeds, the agent specs, and the assumptions each game's numbers rest on.
"""
from __future__ import annotations

import html
import json
import time
from pathlib import Path

import pandas as pd

from experiments.io import write_atomic
from experiments.studies import _INTERNAL, PROFILES, STUDIES, run_named, study_module
from simcore.spec import BadInput, game_names, get_game


def collect_findings(root: Path, names) -> pd.DataFrame:
    """Every study's findings.json as one table, labelled with the sensitivity sweep."""
    from experiments.reporting import FINDING_COLUMNS, assumptions_label

    sens = {}
    sdir = Path(root) / "sensitivity"
    for p in sdir.glob("sensitivity_*.csv"):
        sens[p.stem.split("_", 1)[1]] = pd.read_csv(p)
    rows = []
    for n in names:
        p = Path(root) / n / "findings.json"
        if not p.exists():
            continue
        for f in json.loads(p.read_text()):
            f["assumptions"] = assumptions_label(f["game"], sens) if "sensitivity" in names \
                else "sensitivity study not run"
            rows.append({k: f.get(k) for k in FINDING_COLUMNS})
    return pd.DataFrame(rows, columns=list(FINDING_COLUMNS))


def run_report(profile: str = "quick", seed: int = 0, root: str = "results",
               studies=None, backend: str = "local", jobs: int = 1, address=None,
               echo=print, fresh: bool = False) -> Path:
    """Run ``studies`` (default: all) and write ``root``/report/index.html.

    Every study's folder is checked against its plan before any game is played: one
    holding another plan's results stops the report at once (unless ``fresh``).
    """
    if profile not in PROFILES + _INTERNAL:
        raise BadInput(f"unknown profile {profile!r}; valid: {', '.join(PROFILES)}")
    from experiments.execute import check_backend

    check_backend(backend, jobs, address)
    names = list(studies) if studies else list(STUDIES)
    for n in names:
        study_module(n)
    rootp = Path(root)
    try:
        (rootp / "report").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"results directory {root!r} cannot be created ({exc.strerror})") from None
    if not fresh:
        from experiments.execute import check_resumable

        for n in names:
            check_resumable(study_module(n).build(profile, seed), rootp / n)
    t0 = time.perf_counter()
    done = {}
    for n in names:
        echo(f"== study {n} ({profile})")
        done[n] = run_named(n, profile, seed, root, backend, jobs, address, echo, fresh)
    wall = time.perf_counter() - t0
    rows = []
    for n in names:
        mod = study_module(n)
        path = done[n]
        if path is None:
            rows.append(f"<li><b>{n}</b>: {html.escape(mod.TITLE)}: not run, needs "
                        f"{', '.join(mod.GAMES)} (engine not registered yet)</li>")
            continue
        meta = json.loads((path.parent / "meta.json").read_text())
        rel = f"../{n}/report.html"
        figs = sorted(p.name for p in path.parent.glob("*.png"))
        rows.append(f'<li><a href="{rel}"><b>{n}</b></a>: {html.escape(mod.TITLE)}; '
                    f"{meta['games played']:,} games, {meta['wall time']}, engines "
                    f"{html.escape(meta['engines'])}; agents {html.escape(meta['agent specs'])}"
                    "<br>figures: " + ", ".join(f'<a href="../{n}/{f}">{f}</a>' for f in figs)
                    + "</li>")
    assum = []
    for g in game_names():
        spec = get_game(g).SPEC
        entries = get_game(g).API.rules().assumed()
        items = "".join(f"<li><code>{html.escape(e.path)}</code> = {html.escape(repr(e.value))}"
                        f": {html.escape(e.reason)}</li>" for e in entries)
        assum.append(f"<details><summary><b>{g}</b> v{spec.version}: {len(entries)} assumed "
                     f"values</summary><ul>{items}</ul></details>")
    fdf = collect_findings(rootp, [n for n in names if done[n] is not None])
    write_atomic(rootp / "report" / "findings.csv", lambda t: fdf.to_csv(t, index=False))
    page = ("<!doctype html><html><head><meta charset='utf-8'><title>darkbalance report</title>"
            "<style>body{font-family:sans-serif;max-width:75em;margin:auto;padding:1em}"
            "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;"
            "font-size:90%}</style>"
            "</head><body><h1>darkbalance balance report</h1>"
            f"<p>profile {profile}, seed {seed}, wall time {wall:.0f} s. Rates carry Wilson 95% "
            "intervals; paired differences normal 95% intervals over common random numbers.</p>"
            "<h2>Findings</h2><p>Each headline with what it rests on, computed: <b>agents</b> "
            "(does it hold, same side of the null with the interval excluding it, under the "
            "scripted players and under search), <b>assumptions</b> (does any swept assumed "
            "rules value flip the game's headline, from the sensitivity study), <b>sample</b> "
            "(games behind it). Data: <a href='findings.csv'>findings.csv</a>.</p>"
            + (fdf.to_html(index=False, float_format=lambda v: f"{v:.3f}") if len(fdf)
               else "<p>No study produced a finding.</p>")
            + "<h2>Studies</h2><ul>" + "".join(rows) + "</ul>"
            "<h2>Assumptions the numbers rest on</h2>" + "".join(assum) + "</body></html>")
    index = rootp / "report" / "index.html"
    write_atomic(index, lambda t: Path(t).write_text(page))
    return index
