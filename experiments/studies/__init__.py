"""The study registry and the one function that runs a study end to end.

Each study is one module in this package (a new study is one new file plus its name in
``STUDIES``); the machinery it uses (plan, execute, aggregate, stats, reporting) lives in
experiments/ and imports no particular study.  A study module defines ``TITLE``, ``GAMES`` (the engines it needs),
``build(profile, seed) -> Study`` and ``analyse(study, out) -> list[Section]``.
"""
from __future__ import annotations

import time
from importlib import import_module
from pathlib import Path

from experiments.execute import games_on_disk, run_study
from experiments.reporting import write_report
from simcore.spec import BadInput, game_names, get_game

FOLLOW_UP_DIR = "follow_up"  # a study's follow-up stage plays into this folder of its own
STUDIES = ("winrates", "ladder", "personas", "matchups", "locations", "setups", "sensitivity")
PROFILES = ("quick", "full")
_INTERNAL = ("smoke",)  # a tiny budget for the test suite only


def study_module(name: str):
    if name not in STUDIES:
        raise BadInput(f"unknown study {name!r}; valid: {', '.join(STUDIES)}")
    return import_module(f"experiments.studies.{name}")


def available(name: str) -> bool:
    """True when every engine the study needs is registered."""
    need = study_module(name).GAMES
    return need is None or any(g in game_names() for g in need)


def run_named(name: str, profile: str = "quick", seed: int = 0, root: str = "results",
              backend: str = "local", jobs: int = 1, address: str | None = None,
              echo=print, fresh: bool = False, study=None) -> Path | None:
    """Plan, play (resuming from shards) and report study ``name``; return report.html.
    ``study`` is its plan when the caller built it already (the report builds each once)."""
    mod = study_module(name)
    if profile not in PROFILES + _INTERNAL:
        raise BadInput(f"unknown profile {profile!r}; valid: {', '.join(PROFILES)}")
    if not available(name):
        echo(f"{name}: skipped, needs an engine not yet registered ({', '.join(mod.GAMES)})")
        return None
    from experiments.execute import check_backend, check_resumable, connect_dask, open_folder
    from experiments.shards import folder_lock

    check_backend(backend, jobs, address)
    if backend == "dask":  # an unreachable scheduler fails before any folder is made
        connect_dask(address).close()
    t0 = time.perf_counter()
    study = mod.build(profile, seed) if study is None else study
    if not fresh:  # another plan's (or a damaged) folder is refused before anything is made
        check_resumable(study, Path(root) / name)
    out = open_folder(Path(root) / name)
    with folder_lock(out, f"study {name}"):  # held while playing and while reading back
        reused = games_on_disk(study, out)
        run_study(study, out, backend=backend, jobs=jobs, address=address, echo=echo,
                  fresh=fresh)
        # a stage whose plan depends on the first one's games (the sensitivity study's
        # Sobol design follows its Morris ranking): a pure function of them, so it resumes
        follow = getattr(mod, "follow_up", None)
        sub = follow(study, out) if follow is not None else None
        if sub is not None and sub.cells:
            sub_out = out / FOLLOW_UP_DIR
            if not fresh:
                check_resumable(sub, sub_out)
            reused += games_on_disk(sub, sub_out)
            run_study(sub, sub_out, backend=backend, jobs=jobs, address=address, echo=echo,
                      fresh=fresh)
            study.notes.append(f"Follow-up stage ({sub.name}): {len(sub.cells)} cells, "
                               f"{sum(c.games for c in sub.cells):,} games.")
        sections = mod.analyse(study, out)
        return _write(name, mod, profile, seed, study, out, sections, reused, t0)


def _write(name, mod, profile, seed, study, out, sections, reused, t0) -> Path:
    """The study's report page, with what it played and what it reused."""
    games = sorted({c.game for c in study.cells})
    agents = sorted({a for c in study.cells for a in c.agents})
    meta = {
        "study": name, "profile": profile, "seed": seed,
        "games played": sum(c.games for c in study.cells),
        "cells": len(study.cells),
        "engines": ", ".join(f"{g} v{get_game(g).SPEC.version}" for g in games),
        "agent specs": "; ".join(agents),
        # a resumed run times only itself: say how much came from earlier runs' shards
        "wall time": f"{time.perf_counter() - t0:.0f} s" + (
            f" (this run; {reused:,} games read from an earlier run's shards)" if reused else ""),
        "intervals": "Wilson score 95% for rates; normal 95% for paired differences",
    }
    for note in study.notes:
        meta.setdefault("notes", "")
        meta["notes"] += note + " "
    assumptions = {g: get_game(g).API.rules().assumed() for g in games}
    return write_report(out, mod.TITLE, meta, sections, assumptions)
