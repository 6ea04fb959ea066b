"""`darkbalance compare`: what-if rule changes as paired differences on common random numbers.

The baseline and each variant play the same game indices with the same seed, so game
``i`` of every run draws the same chance and agent streams until the rules make the games
diverge: the differences of per-game outcomes then carry much less noise than two
independent runs.  Every difference is the mean of per-game (variant - baseline) values
with a normal 95% interval; win rates are mean returns (a shared win counts 1/k).

A variant is ``"NAME: path=value; path=value"`` (``--set`` overrides) or
``"NAME: @file.toml"`` (a ``--rules`` file), or both, separated by ``;``.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.batch import check_games, plan, run_plan
from experiments.seating import seats_text
from experiments.stats import paired_difference
from simcore.spec import BadInput


RATE_METRICS = ("win rate", "ends by")
RESERVED = ("baseline",)  # variant names the comparison itself uses  # metrics in [0, 1]: what --precision applies to


def parse_variant(text: str, index: int = 0) -> tuple[str, tuple, str | None]:
    """(name, sets, rules file) of one ``--variant`` string; BadInput on bad syntax."""
    raw = str(text).strip()
    name, colon, body = raw.partition(":")
    if not colon:
        name, body = f"variant{index + 1}", raw
    name = name.strip()
    if not name or any(ch in name for ch in "=;@"):
        raise BadInput(f"--variant {text!r}: expected 'NAME: path=value; ...' or "
                       "'NAME: @rules.toml'")
    sets, rules = [], None
    for item in (x.strip() for x in body.split(";")):
        if not item:
            continue
        if item.startswith("@"):
            if rules is not None:
                raise BadInput(f"--variant {text!r}: one @rules.toml file per variant")
            rules = item[1:].strip()
        elif "=" in item:
            sets.append(item)
        else:
            raise BadInput(f"--variant {text!r}: {item!r} is neither path=value nor @file.toml")
    if not sets and rules is None:
        raise BadInput(f"--variant {text!r}: no change given (path=value or @file.toml)")
    return name, tuple(sets), rules


def _per_game(p, raw) -> dict[str, np.ndarray]:
    """Per-game outcome columns that compare pairs: seat and agent returns, scores,
    length, end reasons (0/1) and decisions by kind."""
    spec = p.spec
    out = {}
    for s in range(p.players):
        out[f"win rate, seat {s}"] = raw["returns"][:, s]
        out[f"mean score, seat {s}"] = raw["scores"][:, s].astype(float)
    if len(p.agents) > 1:
        for ai, a in enumerate(p.agents):
            mask = raw["seat_agent"] == ai
            k = mask.sum(axis=1)
            out[f"win rate, {a.text}"] = np.where(
                k > 0, (raw["returns"] * mask).sum(axis=1) / np.maximum(k, 1), np.nan)
    out["game length (actions)"] = raw["length"].astype(float)
    reasons = raw["info"][:, 1]
    for i, r in enumerate(spec.end_reasons):
        out[f"ends by {r}"] = (reasons == i).astype(float)
    if "kinds" in raw and len(spec.action_kinds) > 1:
        tot = raw["kinds"].sum(axis=1)
        for i, k in enumerate(spec.action_kinds):
            out[f"decisions: {k}"] = tot[:, i].astype(float)
    return out


def compare(game: str, variants, agents="random", players=None, setup=None, rules=None,
            sets=(), games: int = 2000, seed: int = 0, precision: float = 0.0,
            block: int = 1000, threads=None, progress=None) -> pd.DataFrame:
    """Play a baseline and each variant on common random numbers; return the differences.

    Parameters
    ----------
    game, agents, players, setup, rules, sets
        The baseline, as for :func:`experiments.batch.plan`.
    variants : list of str
        ``"NAME: path=value; ..."`` or ``"NAME: @file.toml"`` each, on top of the baseline.
    games : int
        Games per run (the cap when ``precision`` is set).
    precision : float
        If > 0, play in blocks of ``block`` games and stop once every rate difference
        (win rates, end-reason shares: the metrics in [0, 1]) has a 95% half-width of at
        most ``precision``; counts (scores, length, decisions) have other units and do
        not stop the run.
    progress : callable, optional
        Called with the games each run finishes (baseline and variants together:
        ``games * (1 + len(variants))`` in all when the run is not stopped early).

    Returns
    -------
    pandas.DataFrame
        One row per (variant, metric): baseline and variant means, the paired
        difference with its 95% interval, and the games behind it.
    """
    games = check_games(games)
    parsed = [parse_variant(v, i) for i, v in enumerate(variants)]
    if not parsed:
        raise BadInput("compare needs at least one --variant")
    names = [n for n, _, _ in parsed]
    for n in names:  # the baseline's bucket: a variant of that name would pool into it
        if n.lower() in RESERVED:
            raise BadInput(f"--variant name {n!r} is reserved for the unchanged rules; "
                           "choose another name")
    folded = [n.lower() for n in names]
    dup = next((n for i, n in enumerate(names) if folded.index(n.lower()) != i), None)
    if dup is not None:
        raise BadInput(f"variant name {dup!r} is given twice; variant names must differ "
                       f"(got {', '.join(names)})")
    base = plan(game, agents, players, setup, rules, sets)
    plans = []
    for _, vs, vr in parsed:  # every variant validated before any game
        rs = base.rules.with_file(vr) if vr else base.rules  # on top of the baseline's rules
        plans.append(plan(game, agents, players, setup, rs.with_sets(list(vs)) if vs else rs))
    cols: dict = {}
    done = 0
    step = games if precision <= 0 else min(block, games)
    while done < games:
        n = min(step, games - done)
        for key, p in [("baseline", base)] + list(zip(names, plans)):
            raw = run_plan(p, n, seed, first_index=done, threads=threads, count_kinds=True,
                           progress=progress)
            for m, x in _per_game(p, raw).items():
                cols.setdefault(key, {}).setdefault(m, []).append(x)
        done += n
        if precision > 0 and _widest(cols, names) <= precision:
            break
    out = _table(cols, names, done)
    # who played each run (a change may move the first seat): provenance writes it
    out.attrs["seats"] = {"baseline": seats_text(base),
                          **{n: seats_text(p) for n, p in zip(names, plans)}}
    return out


def _joined(cols, key):
    return {m: np.concatenate(v) for m, v in cols[key].items()}


def _widest(cols, names) -> float:
    b = _joined(cols, "baseline")
    w = 0.0
    for v in names:
        x = _joined(cols, v)
        for m in b:
            if not m.startswith(RATE_METRICS) or m not in x or np.all(b[m] == x[m]):
                continue
            ok = ~(np.isnan(b[m]) | np.isnan(x[m]))
            _, lo, hi = paired_difference(x[m][ok], b[m][ok])
            w = max(w, (hi - lo) / 2 if np.isfinite(hi - lo) else np.inf)
    return w


def _table(cols, names, games) -> pd.DataFrame:
    b = _joined(cols, "baseline")
    rows = []
    for v in names:
        x = _joined(cols, v)
        for m in b:
            if m not in x:
                continue
            ok = ~(np.isnan(b[m]) | np.isnan(x[m]))
            d, lo, hi = paired_difference(x[m][ok], b[m][ok])
            if np.all(x[m][ok] == b[m][ok]):
                lo = hi = 0.0  # identical in every game: exactly no difference
            rows.append({"variant": v, "metric": m, "baseline": float(np.mean(b[m][ok])),
                         "value": float(np.mean(x[m][ok])), "difference": d,
                         "ci_low": lo, "ci_high": hi, "games": int(ok.sum())})
    return pd.DataFrame(rows)


def format_compare(df: pd.DataFrame) -> str:
    """The terminal table: one line per metric, differences with 95% intervals."""
    seats = df.attrs.get("seats", {})
    lines = [f"baseline: {seats['baseline']}"] if "baseline" in seats else []
    for v, grp in df.groupby("variant", sort=False):
        if seats.get(v, seats.get("baseline")) != seats.get("baseline"):
            lines.append(f"{v}: {seats[v]}")
        lines.append(f"{v} - baseline (paired over {int(grp['games'].max()):,} games, "
                     "normal 95% intervals):")
        for r in grp.itertuples():
            star = " *" if (r.ci_low > 0 or r.ci_high < 0) else ""
            lines.append(f"  {r.metric:<44} {r.baseline:>10.4f} -> {r.value:>10.4f}  "
                         f"{r.difference:+.4f} [{r.ci_low:+.4f}, {r.ci_high:+.4f}]{star}")
    lines.append("* the interval excludes 0")
    return "\n".join(lines)


def commit() -> str:
    """The git commit of this checkout (``+`` when edited), or ``unknown`` outside git."""
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=root,
                              capture_output=True, text=True, timeout=5).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=root, capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return (head + ("+" if dirty.strip() else "")) if head else "unknown"


def provenance(df: pd.DataFrame, game: str, variants, agents, seed: int) -> pd.DataFrame:
    """``df`` with what fixes it beside every row: game, the change each variant makes,
    the agents, the seed and the commit that played it."""
    changes = dict(zip((parse_variant(v, i)[0] for i, v in enumerate(variants)), variants))
    out = df.copy()
    out.insert(0, "game", game)
    out.insert(2, "change", out["variant"].map(changes))
    out["agents"] = agents if isinstance(agents, str) else ",".join(agents)
    seats = df.attrs.get("seats", {})
    if seats:  # each seat's agent(s) and clan, and who moves first, in each run
        out["seats"] = out["variant"].map(seats)
        out["baseline_seats"] = seats["baseline"]
    out["seed"] = seed
    out["commit"] = commit()
    return out


def compare_html(df: pd.DataFrame, path, title: str) -> None:
    """A small page: the table and a figure of the differences with their intervals."""
    import html

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from pathlib import Path

    from experiments.io import write_atomic

    path = Path(path)
    png = path.with_suffix(".png")
    rates = df[df["metric"].str.startswith("win rate")]
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rates) + 1.5))
    y = np.arange(len(rates))
    ax.errorbar(rates["difference"], y, xerr=[rates["difference"] - rates["ci_low"],
                                              rates["ci_high"] - rates["difference"]],
                fmt="o", capsize=3)
    ax.axvline(0, color="grey", lw=1, ls="--")
    ax.set_yticks(y)
    ax.set_yticklabels([f"{r.variant}: {r.metric}" for r in rates.itertuples()], fontsize=7)
    ax.set_xlabel("variant - baseline (paired, 95% interval)")
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
            "</title></head><body style='font-family:sans-serif;max-width:70em;margin:auto'>"
            f"<h1>{html.escape(title)}</h1><p>Paired differences on common random numbers, "
            "normal 95% intervals.</p>" + _provenance_html(df)
            + f"<img src='{png.name}' alt='differences in win rate'>"
            + df.to_html(index=False, float_format=lambda v: f"{v:.4f}") + "</body></html>")
    write_atomic(path, lambda t: Path(t).write_text(page))


def _provenance_html(df: pd.DataFrame) -> str:
    """One line per variant: the change, and the agents, seed and commit of the run."""
    import html

    if "change" not in df:
        return ""
    first = df.iloc[0]
    items = "".join(f"<li><b>{html.escape(str(v))}</b>: {html.escape(str(c))}</li>"
                    for v, c in df[["variant", "change"]].drop_duplicates().itertuples(
                        index=False))
    seats = ""
    if "seats" in df:
        runs = {"baseline": first["baseline_seats"],
                **dict(df[["variant", "seats"]].drop_duplicates().itertuples(index=False))}
        seats = "<p>Who played:</p><ul>" + "".join(
            f"<li><b>{html.escape(str(k))}</b>: {html.escape(str(v))}</li>"
            for k, v in runs.items()) + "</ul>"
    return (f"<ul>{items}</ul><p>agents {html.escape(str(first['agents']))}, seed "
            f"{first['seed']}, commit {html.escape(str(first['commit']))}</p>" + seats)
