"""A designer's own numbers: every assumed value as a CSV to fill in and pass back.

``darkbalance rules GAME --assumed --format csv`` writes one row per value (path, value as
a TOML literal, range, alternatives, source, reason) plus what the sensitivity study in
the results folder measured of it: the largest change of the game's headline when that
value alone moves to an end of its range or an alternative (``sweep_effect``, with its
95% interval), or that it was not measured; and from the joint part, the value's block
(``joint_block``: the values sharing a card, location kind or clan), the block's Morris
mu* and, where the Sobol stage measured it, its total-order index.  ``--rules FILE.csv`` on any command that
plays reads the ``path`` and ``value`` columns back (simcore.rules.read_values_csv).
"""
from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

from simcore.rules import CSV_COLUMNS, RuleSet, values_rows
from simcore.spec import BadInput

EFFECT_COLUMNS = ("headline", "sweep_effect", "sweep_low", "sweep_high", "effect_method",
                  "joint_block", "joint_mu_star", "joint_total_index")


def _sweep_effects(game: str, results: str | Path) -> dict:
    """path -> (effect, low, high) of the largest one-at-a-time change of the headline in
    ``results``/sensitivity/sensitivity_GAME.csv (empty when the study was not run)."""
    import pandas as pd

    p = Path(results) / "sensitivity" / f"sensitivity_{game}.csv"
    if not p.is_file():
        return {}
    try:
        df = pd.read_csv(p)
    except (OSError, ValueError):
        return {}
    if not {"path", "effect"} <= set(df.columns) or df.empty:
        return {}
    out = {}
    for path, g in df.groupby("path"):
        r = g.loc[g["effect"].abs().idxmax()]
        out[path] = (float(r["effect"]), float(r.get("ci_low", float("nan"))),
                     float(r.get("ci_high", float("nan"))))
    return out


def _joint_effects(game: str, results: str | Path) -> dict:
    """block -> (Morris mu*, Sobol ST or NaN) from the sensitivity study in ``results``."""
    import pandas as pd

    d = Path(results) / "sensitivity"
    out: dict = {}
    try:
        m = pd.read_csv(d / f"morris_{game}.csv")
        st = pd.read_csv(d / f"sobol_{game}.csv") if (d / f"sobol_{game}.csv").is_file() \
            else pd.DataFrame(columns=["block", "ST"])
    except (OSError, ValueError):
        return out
    if not {"block", "mu_star"} <= set(m.columns) or "ST" not in st.columns:
        return out
    total = dict(zip(st["block"], st["ST"]))
    for r in m.itertuples():
        out[r.block] = (float(r.mu_star), float(total.get(r.block, float("nan"))))
    return out


def write_values_csv(rs: RuleSet, entries, out: str | None, results: str | Path) -> int:
    """Write ``entries`` of ``rs`` as the values CSV to ``out`` (standard output when None);
    return the rows written.  An unwritable ``out`` is one BadInput line and leaves any
    file already there as it was."""
    from simcore.registry import headline

    effects = _sweep_effects(rs.game, results)
    try:
        metric = headline(rs.game)["metric"]
    except KeyError:
        metric = ""
    from experiments.joint import block_of, merged_blocks

    merged = merged_blocks(rs.game)
    blocks = _joint_effects(rs.game, results)
    rows = values_rows(rs, entries)
    for r in rows:
        b = block_of(r["path"], merged)
        j = blocks.get(b)
        r.update({"joint_block": b if j else "",
                  "joint_mu_star": "" if j is None else f"{j[0]:.4g}",
                  "joint_total_index": "" if j is None or j[1] != j[1] else f"{j[1]:.4g}"})
        e = effects.get(r["path"])
        r.update({"headline": metric,
                  "sweep_effect": "" if e is None else f"{e[0]:.4g}",
                  "sweep_low": "" if e is None else f"{e[1]:.4g}",
                  "sweep_high": "" if e is None else f"{e[2]:.4g}",
                  "effect_method": "one at a time, rest at their values (sensitivity study)"
                  if e is not None else "not measured: run `darkbalance study sensitivity`"})
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(CSV_COLUMNS) + list(EFFECT_COLUMNS),
                       lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    if out is None:
        sys.stdout.write(buf.getvalue())
        return len(rows)
    from experiments.io import write_atomic

    target = Path(out)
    if target.is_dir():
        raise BadInput(f"--out {out!r} is a directory; give a file name such as values.csv")
    if not target.parent.exists() and str(target.parent) not in ("", "."):
        raise BadInput(f"--out {out!r}: folder {str(target.parent)!r} does not exist")
    try:
        write_atomic(target, lambda t: Path(t).write_text(buf.getvalue(), encoding="utf-8"))
    except OSError as exc:
        raise BadInput(f"--out {out!r} cannot be written ({exc.strerror})") from None
    return len(rows)
