"""Balance regression gate: re-run a baseline's cells, fail when a metric moved beyond chance.

A baseline (``results/baselines/*.json``, committed) lists cells (game, players, agents,
setup, rules overrides, games) with the metrics measured when it was written: each
seat's mean return (its win rate), the share of games without a sole winner, and the
mean game length, each as (mean, sd, n).  ``regress`` plays the same cells again
(same seed by default, so unchanged engines reproduce the metrics to the bit) and
tests every metric with a two-sample z test (Welch); the p-values of one baseline
are Holm-adjusted together, and a metric whose adjusted p is below ``alpha`` has
moved.  Engine versions are recorded: a bumped version is reported, since a
deliberate behaviour change is expected to move metrics (refresh with ``--update``).
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from experiments.api import simulate
from experiments.io import write_atomic
from experiments.options import game_options
from experiments.stats import holm, welch_z_p
from simcore.spec import BadInput, get_game

FORMAT = "darkbalance-baseline/1"
DEFAULT_PATH = Path("results/baselines/default.json")

# One cheap cell per engine: scripted play where a scripted agent exists (it is what
# designers read), random for the calibration game.  Sizes keep a re-run to seconds.
DEFAULT_CELLS = (
    {"game": "connect4", "agents": "random", "games": 20000},
    {"game": "court", "players": 4, "agents": "scripted", "games": 4000},
    {"game": "frontier", "agents": "scripted", "setup": "standard", "games": 4000},
    {"game": "darkness", "players": 3, "agents": "scripted", "games": 600},
    {"game": "humanity", "players": 3, "agents": "scripted", "games": 600},
    {"game": "darkleaf", "agents": "scripted", "clans": "huldra,murg", "games": 300},
)


@dataclass
class Moved:
    cell: int
    label: str
    metric: str
    base: float
    now: float
    p: float
    p_holm: float


def _label(c: dict) -> str:
    bits = [c["game"], f"{c['players']}p", c["agents"]]
    if c.get("setup"):
        bits.append(str(c["setup"]))
    bits += list(c.get("sets", ()))
    return " ".join(bits)


def _resolve(cell: dict) -> dict:
    """A default-cell description made concrete (setup name, sets, player count)."""
    spec = get_game(cell["game"]).SPEC
    setup, sets = game_options(cell["game"], cell.get("setup"), tuple(cell.get("sets", ())),
                               clans=cell.get("clans"))
    return {"game": spec.name, "players": int(cell.get("players") or spec.players[0]),
            "agents": cell["agents"], "setup": setup, "sets": list(sets),
            "games": int(cell["games"])}


def measure(cell: dict, seed: int, index: int, threads=None) -> dict:
    """Play ``cell`` and return its metrics as {name: {mean, sd, n}}."""
    df = simulate(cell["game"], cell["agents"], cell["games"], seed, cell["players"],
                  cell.get("setup"), sets=tuple(cell["sets"]), threads=threads, cell=index)
    out = {}

    def put(name, x):
        x = np.asarray(x, float)
        out[name] = {"mean": float(x.mean()), "sd": float(x.std(ddof=1)) if x.size > 1 else 0.0,
                     "n": int(x.size)}

    for s in range(cell["players"]):
        put(f"return_{s}", df[f"return_{s}"])
    if cell["players"] > 1:
        put("no_sole_winner", df["winner"] < 0)
    put("length", df["length"])
    return out


def check_target(path) -> Path:
    """Fail before any game is played when ``path`` cannot take a baseline."""
    p = Path(path)
    if p.suffix != ".json":
        raise BadInput(f"baseline {str(path)!r}: must be a .json file")
    if p.is_dir():
        raise BadInput(f"baseline {str(path)!r} is a directory; give a file name")
    parent = p.parent if str(p.parent) else Path(".")
    target = parent
    while not target.exists():
        target = target.parent
    if not os.access(target, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise BadInput(f"baseline {str(path)!r} is not writable")
    return p


def write_baseline(path, cells, seed: int = 0, threads=None, echo=print) -> Path:
    """Measure ``cells`` and write them with their metrics and engine versions to ``path``."""
    path = check_target(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = []
    for i, c in enumerate(cells):
        c = _resolve(c)
        c["version"] = get_game(c["game"]).SPEC.version
        c["metrics"] = measure(c, seed, i, threads)
        echo(f"measured {_label(c)}: {c['games']} games")
        rows.append(c)
    doc = {"format": FORMAT, "seed": seed, "cells": rows}
    write_atomic(path, lambda t: Path(t).write_text(json.dumps(doc, indent=1) + "\n"))
    return path


def load_baseline(path) -> dict:
    """Read and validate a baseline file; any defect is a one-line BadInput."""
    p = Path(path)
    if not p.is_file():
        raise BadInput(f"baseline {str(path)!r} does not exist")
    try:
        doc = json.loads(p.read_text())
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadInput(f"baseline {str(path)!r} is not valid JSON ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BadInput(f"baseline {str(path)!r}: format must be {FORMAT!r}")
    cells = doc.get("cells")
    if not isinstance(cells, list) or not cells:
        raise BadInput(f"baseline {str(path)!r}: 'cells' must be a non-empty list")
    need = {"game": str, "players": int, "agents": str, "sets": list, "games": int,
            "version": int, "metrics": dict}
    for i, c in enumerate(cells):
        for k, t in need.items():
            if not isinstance(c, dict) or not isinstance(c.get(k), t):
                raise BadInput(f"baseline {str(path)!r}: cell {i} needs {k!r} ({t.__name__})")
        if "setup" in c and not (c["setup"] is None or isinstance(c["setup"], str)):
            raise BadInput(f"baseline {str(path)!r}: cell {i} 'setup' must be a name")
        if not c["metrics"]:
            raise BadInput(f"baseline {str(path)!r}: cell {i} has no metrics (a gate that "
                           "tests nothing cannot pass)")
        for m, v in c["metrics"].items():
            if not (isinstance(v, dict) and {"mean", "sd", "n"} <= set(v)):
                raise BadInput(f"baseline {str(path)!r}: cell {i} metric {m!r} needs "
                               "mean, sd and n")
            for k in ("mean", "sd", "n"):
                if isinstance(v[k], bool) or not isinstance(v[k], (int, float)):
                    raise BadInput(f"baseline {str(path)!r}: cell {i} metric {m!r}: {k} "
                                   f"must be a number, got {v[k]!r}")
            if v["n"] < 2 or v["sd"] < 0:
                raise BadInput(f"baseline {str(path)!r}: cell {i} metric {m!r} has n={v['n']}"
                               f", sd={v['sd']} (needs n >= 2 and sd >= 0)")
        get_game(c["game"])  # unknown game: BadInput naming the valid ones
    if not isinstance(doc.get("seed"), int):
        raise BadInput(f"baseline {str(path)!r}: 'seed' must be an integer")
    return doc


def check(path, seed: int | None = None, alpha: float = 0.01, threads=None,
          echo=print) -> list[Moved]:
    """Re-run every cell of baseline ``path``; return the metrics that moved."""
    if not 0 < alpha < 1:
        raise BadInput(f"--alpha must be in (0, 1), got {alpha!r}")
    doc = load_baseline(path)
    seed = doc["seed"] if seed is None else seed
    tests = []
    for i, c in enumerate(doc["cells"]):
        v = get_game(c["game"]).SPEC.version
        if v != c["version"]:
            echo(f"note: {c['game']} engine is version {v}, the baseline has {c['version']} "
                 "(a declared behaviour change; refresh with --update once reviewed)")
        now = measure(c, seed, i, threads)
        for m, b in c["metrics"].items():
            if m not in now:
                raise BadInput(f"baseline {str(path)!r}: cell {i} metric {m!r} is not measured; "
                               f"valid: {', '.join(now)}")
            a = now[m]
            p = welch_z_p(b["mean"], b["sd"], b["n"], a["mean"], a["sd"], a["n"])
            tests.append((i, _label(c), m, b["mean"], a["mean"], p))
    adj = holm([t[-1] for t in tests])
    moved = [Moved(*t, q) for t, q in zip(tests, adj) if q < alpha]
    echo(f"{path}: {len(doc['cells'])} cells, {len(tests)} metrics, seed {seed}, "
         f"Welch z tests, Holm-adjusted, alpha {alpha}: {len(moved)} moved")
    for m in moved:
        echo(f"  MOVED {m.label}: {m.metric} {m.base:.4f} -> {m.now:.4f} "
             f"(Holm p = {m.p_holm:.2g})")
    return moved
