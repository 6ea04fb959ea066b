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
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from experiments.batch import MAX_GAMES, plan, simulate
from experiments.io import write_atomic
from experiments.options import game_options, option_names
from experiments.stats import holm, welch_p
from simcore import registry
from simcore.spec import BadInput, get_game

FORMAT = "darkbalance-baseline/1"
DEFAULT_PATH = Path("results/baselines/default.json")

# One cheap cell per engine (its profile's REGRESS_CELL): scripted play where a scripted
# agent exists (it is what designers read), random for the calibration game.  Sizes keep
# a re-run to seconds.
# Sizes: 20,000 games per cell let a win rate near 50% show a shift of about 2 points at
# 80% power after the Holm correction (`regress` prints each metric's detectable shift, so
# the gate's reach is stated, not implied); all six cells replay in about 20 s warm.
DEFAULT_CELLS = tuple(c for c in (registry.part(g, "REGRESS_CELL") for g in registry.GAMES)
                      if c is not None)  # each game's profile names its cell


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
    extra = {k: v for k, v in cell.items() if k in option_names()}  # e.g. darkleaf's clans
    setup, sets = game_options(cell["game"], cell.get("setup"), tuple(cell.get("sets", ())),
                               **extra)
    return {"game": spec.name, "players": int(cell.get("players") or spec.players[0]),
            "agents": cell["agents"], "setup": setup, "sets": list(sets),
            "games": int(cell["games"])}


FINGER_COLS = ("length", "winner")  # with every return_<seat> and score_<seat>


def fingerprint(df) -> tuple[str, np.ndarray]:
    """(sha256 over every game's outcome row, a 16-bit print per game): an unchanged
    engine reproduces both to the bit; the per-game prints name the first game that moved."""
    import pandas as pd

    cols = [c for c in df.columns if c.startswith(("return_", "score_"))] + list(FINGER_COLS)
    h = pd.util.hash_pandas_object(df[cols], index=False).to_numpy(np.uint64)
    return __import__("hashlib").sha256(h.tobytes()).hexdigest(), (h & 0xFFFF).astype("<u2")


def _pack(prints: np.ndarray) -> str:
    import base64
    import zlib

    return base64.b64encode(zlib.compress(prints.tobytes(), 9)).decode()


def _unpack(text: str) -> np.ndarray:
    import base64
    import zlib

    return np.frombuffer(zlib.decompress(base64.b64decode(text)), dtype="<u2")


def measure(cell: dict, seed: int, index: int, threads=None, prints: bool = False):
    """Play ``cell`` and return its metrics as {name: {mean, sd, n}} (and, with
    ``prints``, its fingerprint (sha256, per-game prints) as a second value)."""
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
    return (out, fingerprint(df)) if prints else out


def mde(n: int, sd: float, alpha: float, power: float = 0.8) -> float:
    """Smallest shift of a mean the two-sample z test detects with ``power`` at ``alpha``
    (two-sided), both samples of size ``n`` with standard deviation ``sd``."""
    from statistics import NormalDist

    z = NormalDist().inv_cdf
    return (z(1 - alpha / 2) + z(power)) * sd * (2.0 / max(n, 1)) ** 0.5


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
        c["metrics"], (sha, prints) = measure(c, seed, i, threads, prints=True)
        c["fingerprint"] = {"sha256": sha, "games16": _pack(prints)}
        echo(f"measured {_label(c)}: {c['games']} games")
        rows.append(c)
    doc = {"format": FORMAT, "seed": seed, "cells": rows}
    write_atomic(path, lambda t: Path(t).write_text(json.dumps(doc, indent=1) + "\n"))
    return path


def load_baseline(path) -> dict:
    """Read and validate a baseline file; any defect is a one-line BadInput naming the cell
    and field.  A gate must be able to fail: every metric is finite, every cell carries a
    fingerprint that decodes to one print per game, and every cell replays (its agents,
    player count, setup and rules overrides are valid)."""
    p = Path(path)
    if not p.is_file():
        raise BadInput(f"baseline {str(path)!r} does not exist")
    try:
        doc = json.loads(p.read_text())
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadInput(f"baseline {str(path)!r} is not valid JSON ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BadInput(f"baseline {str(path)!r}: format must be {FORMAT!r}")
    if isinstance(doc.get("seed"), bool) or not isinstance(doc.get("seed"), int) \
            or doc["seed"] < 0:
        raise BadInput(f"baseline {str(path)!r}: 'seed' must be an integer >= 0")
    cells = doc.get("cells")
    if not isinstance(cells, list) or not cells:
        raise BadInput(f"baseline {str(path)!r}: 'cells' must be a non-empty list")
    for i, c in enumerate(cells):
        why = _cell_problem(c)
        if why is not None:
            raise BadInput(f"baseline {str(path)!r}: cell {i} {why}")
    return doc


_NEED = {"game": str, "players": int, "agents": str, "sets": list, "games": int,
         "version": int, "metrics": dict}


def _cell_problem(c) -> str | None:
    """What is wrong with baseline cell ``c`` (a phrase naming the field), or None."""
    if not isinstance(c, dict):
        return "must be an object"
    for k, t in _NEED.items():
        if isinstance(c.get(k), bool) or not isinstance(c.get(k), t):
            return f"needs {k!r} ({t.__name__})"
    spec = get_game(c["game"]).SPEC  # unknown game: BadInput naming the valid ones
    if "setup" in c and not (c["setup"] is None or isinstance(c["setup"], str)):
        return "'setup' must be a name"
    if not 2 <= c["games"] <= MAX_GAMES:
        return f"'games' is {c['games']!r}; valid: 2..{MAX_GAMES:,}"
    if not all(isinstance(x, str) and "=" in x for x in c["sets"]):
        return f"'sets' is {c['sets']!r}; valid: a list of 'path=value' strings"
    try:  # the cell must replay: agents, players, setup and overrides as simulate has them
        plan(spec.name, c["agents"], c["players"], c.get("setup"), None, tuple(c["sets"]))
    except BadInput as exc:
        return f"does not replay: {exc}"
    if not c["metrics"]:
        return "has no metrics (a gate that tests nothing cannot pass)"
    for m, v in c["metrics"].items():
        if not (isinstance(v, dict) and {"mean", "sd", "n"} <= set(v)):
            return f"metric {m!r} needs mean, sd and n"
        for k in ("mean", "sd", "n"):
            if isinstance(v[k], bool) or not isinstance(v[k], (int, float)):
                return f"metric {m!r}: {k} must be a number, got {v[k]!r}"
            if not math.isfinite(v[k]):
                return f"metric {m!r}: {k} is {v[k]!r}; a gate needs finite numbers"
        if v["n"] < 2 or v["sd"] < 0:
            return f"metric {m!r} has n={v['n']}, sd={v['sd']} (needs n >= 2 and sd >= 0)"
    fp = c.get("fingerprint")
    if fp is None:
        return ("has no 'fingerprint' (an unchanged engine could not be checked game by "
                "game; rewrite the baseline with --update)")
    if not (isinstance(fp, dict) and isinstance(fp.get("sha256"), str)
            and isinstance(fp.get("games16"), str)):
        return "'fingerprint' needs sha256 and games16 strings"
    if not re.fullmatch(r"[0-9a-f]{64}", fp["sha256"]):
        return "'fingerprint' sha256 must be 64 hex digits"
    try:
        prints = _unpack(fp["games16"])
    except Exception:  # noqa: BLE001  (bad base64, bad zlib, odd length: all one defect)
        return "'fingerprint' games16 does not decode (corrupt)"
    if len(prints) != c["games"]:
        return (f"'fingerprint' games16 holds {len(prints)} games, the cell {c['games']} "
                "(corrupt)")
    return None


def check(path, seed: int | None = None, alpha: float = 0.01, threads=None,
          echo=print, games=None) -> list[Moved]:
    """Re-run every cell of baseline ``path`` (or only the cells of ``games``); return what
    moved.  A skipped cell keeps its place, so the others replay the same games.

    Where a cell's engine version is unchanged and the run uses the baseline's seed, the
    gate is exact: any game whose outcome differs from the baseline's fails the cell (an
    unreviewed behaviour change) and the first such game index is named.  Where the
    version was bumped (or another seed re-samples), every metric gets a Welch z test,
    Holm-adjusted over the baseline at ``alpha``, and its shift with a 95% interval and
    the minimum detectable effect at 80% power are printed.
    """
    if not 0 < alpha < 1:
        raise BadInput(f"--alpha must be in (0, 1), got {alpha!r}")
    doc = load_baseline(path)
    same_seed = seed is None or seed == doc["seed"]
    seed = doc["seed"] if seed is None else seed
    known = sorted({c["game"] for c in doc["cells"]})
    for g in games or ():
        if g not in known:
            raise BadInput(f"game {g!r} has no cell in baseline {str(path)!r}; "
                           f"valid: {', '.join(known)}")
    tests, exact = [], []
    fingerprinted = 0  # cells checked game by game
    n_metrics = sum(len(c["metrics"]) for c in doc["cells"])
    for i, c in enumerate(doc["cells"]):
        if games and c["game"] not in games:
            continue
        v = get_game(c["game"]).SPEC.version
        bumped = v != c["version"]
        if bumped:
            echo(f"note: {c['game']} engine is version {v}, the baseline has {c['version']} "
                 "(a declared behaviour change: statistical test; refresh with --update once "
                 "reviewed)")
        now, (sha, prints) = measure(c, seed, i, threads, prints=True)
        fp = c["fingerprint"]
        if not bumped and same_seed:
            fingerprinted += 1
            if sha != fp["sha256"]:
                old = _unpack(fp["games16"])
                k = min(len(old), len(prints))
                diff = np.flatnonzero(old[:k] != prints[:k])
                first = int(diff[0]) if len(diff) else k
                exact.append(Moved(i, _label(c), f"game {first}", 0.0, 1.0, 0.0, 0.0))
                echo(f"  CHANGED {_label(c)}: version {v} unchanged but game {first} (of "
                     f"{len(prints)}) plays differently from the baseline; an unreviewed "
                     f"behaviour change (bump the version, then --update)")
            continue
        for m, b in c["metrics"].items():
            if m not in now:
                raise BadInput(f"baseline {str(path)!r}: cell {i} metric {m!r} is not measured; "
                               f"valid: {', '.join(now)}")
            a = now[m]
            p = welch_p(b["mean"], b["sd"], b["n"], a["mean"], a["sd"], a["n"])
            tests.append((i, _label(c), m, b["mean"], a["mean"], p))
            se = (b["sd"] ** 2 / b["n"] + a["sd"] ** 2 / a["n"]) ** 0.5
            d = a["mean"] - b["mean"]
            echo(f"  {_label(c)}: {m} {b['mean']:.4f} -> {a['mean']:.4f}, shift {d:+.4f} "
                 f"[{d - 1.96 * se:+.4f}, {d + 1.96 * se:+.4f}]; detectable at 80% power: "
                 f"{mde(b['n'], b['sd'], alpha / max(n_metrics, 1)):.4f}")
    untestable = [t for t in tests if not math.isfinite(t[-1])]
    tests = [t for t in tests if math.isfinite(t[-1])]
    for t in untestable:
        echo(f"  UNTESTED {t[1]}: {t[2]} gave no p-value (a non-finite measurement)")
    adj = holm([t[-1] for t in tests])
    moved = [Moved(*t, q) for t, q in zip(tests, adj) if q < alpha]
    if not tests and not fingerprinted:  # a gate that checked nothing must not pass
        echo(f"{path}: nothing was checked (no metric gave a p-value and no cell was "
             "compared game by game): FAIL")
        return [Moved(-1, "(whole baseline)", "nothing checked", math.nan, math.nan,
                      math.nan, math.nan)]
    echo(f"{path}: {len(doc['cells'])} cells; exact check where the version is unchanged "
         f"({len(exact)} changed); {len(tests)} metrics tested (Welch z, Holm, alpha "
         f"{alpha}, seed {seed}): {len(moved)} moved")
    for m in moved:
        echo(f"  MOVED {m.label}: {m.metric} {m.base:.4f} -> {m.now:.4f} "
             f"(Holm p = {m.p_holm:.2g})")
    return exact + moved
