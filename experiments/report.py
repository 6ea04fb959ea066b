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
    heads = json.loads(sf.read_text()) if sf.exists() else []
    keys = {f["key"] for f in heads if f.get("key")}
    joint = {f["game"]: f for f in heads}  # each game's headline, with its joint part
    rows = []
    for n in names:
        p = Path(root) / n / "findings.json"
        if not p.exists():
            continue
        for f in json.loads(p.read_text()):
            # a finding of another study that the sweep's headline measures (same key) is
            # labelled as the sweep's own
            direct = n == "sensitivity" or f.get("key") in keys
            j = joint.get(f["game"]) if direct else None
            f["assumptions"] = assumptions_label(f["game"], sens, direct, j) \
                if "sensitivity" in names else "sensitivity study not run"
            for k in ("holds_share", "holds_low", "holds_high"):
                f[k] = (j or {}).get(k)
            f["settle_with"] = ", ".join((j or {}).get("settle_with") or ())
            # results written before ``about``: the ladder always measured the players
            f.setdefault("about", "players" if n == "ladder" else "game")
            rows.append({k: f.get(k) for k in FINDING_COLUMNS})
    _share_strong_labels(rows)
    return pd.DataFrame(rows, columns=list(FINDING_COLUMNS))


def _share_strong_labels(rows: list[dict]) -> None:
    """A sweep headline whose own strong games are fewer (darkleaf's: none in quick, where
    the joint part has no cheap strong player for it; a few of ``best`` in full) takes the
    ``agents`` label of another study's finding that states the same claim (same ``key``:
    the matchups study's weakest clan, whose strong table plays it), naming where it comes
    from; the sweep's ``assumptions`` label already travels the other way."""
    by_key = {r["key"]: r for r in rows
              if r["key"] and r["study"] != "sensitivity" and r["strong_games"]}
    for r in rows:
        src = by_key.get(r["key"]) if r["study"] == "sensitivity" else None
        if src is not None and src["strong_games"] > (r["strong_games"] or 0):
            r["agents"] = src["agents"]
            r["strong_agent"] = f"{src['strong_agent']} ({src['study']} study)"
            r["strong_games"] = src["strong_games"]


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
    holding another plan's results stops the report at once (unless ``fresh``).  The
    index is written as soon as there is something to show and rewritten after each
    study: first a look at the first seed game's win rates (played as soon as that game
    has compiled, while the others compile; its games are the winrates study's own and
    are reused by it), then each finished study's findings.
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
    look = _first_look_plan(built, rootp, fresh)
    page = dict(profile=profile, seed=seed, t0=t0)

    def first_look(_game=None):
        if look is not None:
            _run_first_look(look, rootp, profile, seed, echo)
            write_index(rootp, [], page, look=look)

    if backend != "dask":
        # compile every game the studies play up front, several at once: a cold report
        # otherwise compiles them one after another on one core (dask workers compile
        # their own; DARKBALANCE_WARMUP_JOBS=N sets the processes, 0 skips it, as the tests do)
        from experiments.api import needs_frozen, needs_value, warmup

        cells = [c for n in names for c in built[n].cells]
        games = sorted({c.game for c in cells})
        frozen = sorted({c.game for c in cells if needs_frozen(c.game, c.agents)})
        value = sorted({c.game for c in cells if needs_value(c.game, c.agents)})
        procs = env_warmup_jobs(max(jobs, os.cpu_count() or 1))
        if procs > 0:
            warmup(games, echo=echo, jobs=procs, frozen=frozen, value=value,
                   first=None if look is None else _look_jobs(look), on_first=first_look)
        else:
            first_look()
    else:
        first_look()
    done = {}
    for n in names:
        echo(f"== study {n} ({profile})")
        done[n] = run_named(n, profile, seed, root, backend, jobs, address, echo, fresh,
                            study=built[n])
        write_index(rootp, [m for m in names if done.get(m) is not None], page,
                    pending=[m for m in names if m not in done])
    return rootp / "report" / "index.html"


FIRST_LOOK = "first-look"  # results/<this>/winrates: the first seed game's win rates


def _first_look_plan(built: dict, rootp: Path, fresh: bool):
    """The winrates study's cells of the first seed game (the first registered game that
    is not a calibration game), or None: no winrates study, or its folder already holds
    games (a resumed report answers from those at once)."""
    from simcore import registry

    st = built.get("winrates")
    if st is None or (not fresh and (rootp / "winrates" / "shards").exists()):
        return None
    seed_games = [g for g in registry.GAMES if not registry.part(g, "CALIBRATION")
                  and any(c.game == g for c in st.cells)]
    if not seed_games:
        return None
    from experiments.plan import Study

    return Study(st.name, st.seed, [c for c in st.cells if c.game == seed_games[0]],
                 chunk=st.chunk, notes=list(st.notes), profile=st.profile)


def _look_jobs(look) -> list[str]:
    """The warmup jobs the first look plays (its game, and its game's value or frozen arena
    where a look cell plays one): the look waits for all of them, so it never compiles
    an arena itself inside the games' time."""
    from experiments.api import FROZEN_JOB, VALUE_JOB, needs_frozen, needs_value

    g = look.cells[0].game
    return [g] + [g + j for j, need in ((VALUE_JOB, needs_value), (FROZEN_JOB, needs_frozen))
                  if any(need(c.game, c.agents) for c in look.cells)]


def _run_first_look(look, rootp: Path, profile: str, seed: int, echo) -> None:
    """Play and report ``look`` into results/first-look/winrates, then hand its shards to
    the winrates study (a shard folder's name is a digest of everything that fixes its
    games, cell id included, so the full study reads them as its own)."""
    import shutil

    echo(f"== first look: win rates of {look.cells[0].game} ({profile})")
    root = rootp / FIRST_LOOK
    if root.exists():
        shutil.rmtree(root)
    run_named("winrates", profile, seed, str(root), echo=echo, fresh=True, study=look)
    src, dst = root / "winrates" / "shards", rootp / "winrates" / "shards"
    dst.mkdir(parents=True, exist_ok=True)
    for d in src.iterdir():
        if d.is_dir() and not (dst / d.name).exists():
            shutil.copytree(d, dst / d.name)


def write_index(rootp: Path, names: list, page: dict, pending=(), look=None) -> Path:
    """Write ``rootp``/report/index.html and findings.csv from the studies in ``names``
    (finished), saying which are still to come; with ``look`` (and no study finished yet),
    from the first look's win rates alone."""
    from experiments.verdict import game_verdicts, short_table

    wall = time.perf_counter() - page["t0"]
    src = rootp / FIRST_LOOK if look is not None else rootp
    shown = ["winrates"] if look is not None else list(names)
    studies = [] if look is not None else [_study_entry(n, rootp / n / "report.html")
                                           for n in names]
    fdf = collect_findings(src, shown)
    played = sorted({c.game for c in look.cells}) if look is not None else \
        sorted({g for n in names for g in _games_of(rootp / n)})
    verdicts = game_verdicts(fdf, played, _no_effect_games(src))
    assum = []
    for g in game_names():
        assum.append({"name": g, "version": get_game(g).SPEC.version,
                      "entries": get_game(g).API.rules().assumed()})
    if look is None:
        write_atomic(rootp / "report" / "findings.csv", lambda t: fdf.to_csv(t, index=False))
    short = short_table(fdf)
    html = template("index.html.j2").render(
        title="darkbalance balance report", body_class="index", profile=page["profile"],
        seed=page["seed"],
        wall=f"{wall:.0f}", studies=studies, assumptions=assum, verdicts=verdicts,
        figures=_key_figures(src, verdicts, "../" + (f"{FIRST_LOOK}/" if look else "")),
        pending=list(pending),
        first_look=None if look is None else look.cells[0].game,
        findings_html=short.to_html(index=False, escape=True) if len(short) else "")
    index = rootp / "report" / "index.html"
    write_atomic(index, lambda t: Path(t).write_text(html))
    return index


def _games_of(folder: Path) -> list[str]:
    """The games a finished study's folder played (from its manifest)."""
    from experiments.execute import load_manifest

    try:
        man = load_manifest(folder)
    except BadInput:
        return []
    return sorted({c["game"] for c in (man or {}).get("cells", ())})


def _no_effect_games(root: Path) -> dict:
    """game -> games behind its scripted seat tables (winrates' seat_winrates.csv), so a
    game without findings can say on how many games no effect was found."""
    p = Path(root) / "winrates" / "seat_winrates.csv"
    if not p.exists():
        return {}
    df = pd.read_csv(p)
    t = df[(df["agents"] == "scripted") & (df["seat"] == 0) & (df["players"] > 1)]
    return t.groupby("game")["games"].sum().astype(int).to_dict()


def _key_figures(root: Path, verdicts, href: str) -> dict:
    """game -> its key figure (profile ``KEY_FIGURE``, ``study/name`` under ``root``, linked
    as ``href`` + that) when it was drawn."""
    from simcore import registry

    out = {}
    for v in verdicts:
        rel = registry.part(v["game"], "KEY_FIGURE") or f"winrates/seat_winrates_{v['game']}"
        if (root / f"{rel}.png").exists():
            out[v["game"]] = {"src": f"{href}{rel}.png", "csv": f"{href}{rel}.csv"}
    return out
