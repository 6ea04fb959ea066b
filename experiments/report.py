"""`darkbalance report`: run every study and write results/report/index.html linking them.

Each study writes results/<study>/ (report.md, report.html, PNG figures, the CSV
behind every figure); the index lists them with the engines' versions, the
seeds, the agent specs, and the assumptions each game's numbers rest on.
"""
from __future__ import annotations

import fnmatch
import json
import os
import time
from pathlib import Path

import pandas as pd

from experiments.io import write_atomic
from experiments.reporting import template
from experiments.studies import _INTERNAL, PROFILES, STUDIES, run_named, study_module
from simcore.spec import BadInput, game_names, get_game


def collect_findings(root: Path, names) -> pd.DataFrame:
    """Every study's findings.json as one table, labelled with the sensitivity sweep."""
    from experiments.reporting import FINDING_COLUMNS, assumptions_label

    sens = {}
    sdir = Path(root) / "sensitivity"
    for p in sdir.glob("sensitivity_*.csv"):
        sens[p.stem.split("_", 1)[1]] = pd.read_csv(p)
    sf = sdir / "findings.json"
    keys = {f["key"] for f in json.loads(sf.read_text()) if f.get("key")} if sf.exists() else set()
    rows = []
    for n in names:
        p = Path(root) / n / "findings.json"
        if not p.exists():
            continue
        for f in json.loads(p.read_text()):
            # a finding of another study that the sweep's headline measures (same key) is
            # labelled as the sweep's own
            direct = n == "sensitivity" or f.get("key") in keys
            f["assumptions"] = assumptions_label(f["game"], sens, direct) \
                if "sensitivity" in names else "sensitivity study not run"
            rows.append({k: f.get(k) for k in FINDING_COLUMNS})
    return pd.DataFrame(rows, columns=list(FINDING_COLUMNS))


def _study_entry(name: str, path) -> dict:
    """What the index shows of one study: its link and numbers, its key figures inline
    (the study module's KEY_FIGURES patterns) and the rest as links."""
    mod = study_module(name)
    if path is None:
        return {"name": name, "title": mod.TITLE, "link": None, "needs": ", ".join(mod.GAMES),
                "key_figures": [], "other_figures": []}
    folder = path.parent
    meta = json.loads((folder / "meta.json").read_text())
    figures = json.loads((folder / "figures.json").read_text())  # what this run drew
    key, other = [], []
    patterns = getattr(mod, "KEY_FIGURES", ())
    for fig in figures:
        n = fig["name"]
        f = {"name": n, "src": f"../{name}/{n}.png", "csv": f"../{name}/{n}.csv",
             "csv_name": f"{n}.csv", "caption": fig["caption"]}
        (key if any(fnmatch.fnmatch(n, p) for p in patterns) else other).append(f)
    return {"name": name, "title": mod.TITLE, "link": f"../{name}/report.html",
            "games": meta["games played"], "wall": meta["wall time"],
            "engines": meta["engines"], "agents": meta["agent specs"],
            "key_figures": key, "other_figures": other}


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

    from experiments.env import check_environment, env_warmup_jobs

    check_backend(backend, jobs, address)
    check_environment()
    if backend == "dask":  # an unreachable scheduler fails before any folder is made
        from experiments.execute import connect_dask

        connect_dask(address).close()
    names = list(studies) if studies else list(STUDIES)
    for n in names:
        study_module(n)
    rootp = Path(root)
    try:
        (rootp / "report").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"results directory {root!r} cannot be created ({exc.strerror})") from None
    built = {n: study_module(n).build(profile, seed) for n in names}  # each study once
    if not fresh:
        from experiments.execute import check_resumable

        for n in names:
            check_resumable(built[n], rootp / n)
    t0 = time.perf_counter()
    if backend != "dask":
        # compile every game the studies play up front, several at once: a cold report
        # otherwise compiles them one after another on one core (dask workers compile
        # their own; DARKBALANCE_WARMUP_JOBS=N sets the processes, 0 skips it, as the tests do)
        from experiments.api import needs_frozen, warmup

        cells = [c for n in names for c in built[n].cells]
        games = sorted({c.game for c in cells})
        frozen = sorted({c.game for c in cells if needs_frozen(c.game, c.agents)})
        procs = env_warmup_jobs(max(jobs, os.cpu_count() or 1))
        if procs > 0:
            warmup(games, echo=echo, jobs=procs, frozen=frozen)
    done = {}
    for n in names:
        echo(f"== study {n} ({profile})")
        done[n] = run_named(n, profile, seed, root, backend, jobs, address, echo, fresh,
                            study=built[n])
    wall = time.perf_counter() - t0
    studies = [_study_entry(n, done[n]) for n in names]
    assum = []
    for g in game_names():
        assum.append({"name": g, "version": get_game(g).SPEC.version,
                      "entries": get_game(g).API.rules().assumed()})
    fdf = collect_findings(rootp, [n for n in names if done[n] is not None])
    write_atomic(rootp / "report" / "findings.csv", lambda t: fdf.to_csv(t, index=False))
    page = template("index.html.j2").render(
        title="darkbalance balance report", profile=profile, seed=seed, wall=f"{wall:.0f}", studies=studies, assumptions=assum,
        findings_html=fdf.to_html(index=False, float_format=lambda v: f"{v:.3f}")
        if len(fdf) else "")
    index = rootp / "report" / "index.html"
    write_atomic(index, lambda t: Path(t).write_text(page))
    return index
