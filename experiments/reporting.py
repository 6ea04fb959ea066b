"""Writing a study's report: Markdown + HTML, PNG figures, and the CSV behind each figure/table."""
from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from experiments.io import write_atomic


@dataclass
class Section:
    """A titled part of a report: paragraphs, tables and figures (each with its data)."""

    title: str
    text: list = field(default_factory=list)
    tables: list = field(default_factory=list)   # (name, DataFrame, caption)
    figures: list = field(default_factory=list)  # (name, matplotlib Figure, DataFrame, caption)


def _md_table(df: pd.DataFrame) -> str:
    cols = [str(c) for c in df.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for row in df.itertuples(index=False):
        lines.append("| " + " | ".join(_fmt(v) for v in row) + " |")
    return "\n".join(lines)


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v).replace("|", "/")


def write_report(out: str | Path, title: str, meta: dict, sections: list[Section],
                 assumptions: dict | None = None) -> Path:
    """Write ``out``/report.md, report.html, figures (PNG + CSV) and tables (CSV).

    Parameters
    ----------
    meta : dict
        Versions, seeds, agent specs, profile, games, wall time: printed at the top.
    assumptions : dict, optional
        game -> list of rules Entry the numbers rest on (listed at the end).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    md = [f"# {title}", ""]
    body = [f"<h1>{html.escape(title)}</h1>"]
    meta_lines = [f"- {k}: {v}" for k, v in meta.items()]
    md += meta_lines + [""]
    body.append("<ul>" + "".join(f"<li>{html.escape(str(k))}: {html.escape(str(v))}</li>"
                                 for k, v in meta.items()) + "</ul>")
    for sec in sections:
        md += [f"## {sec.title}", ""]
        body.append(f"<h2>{html.escape(sec.title)}</h2>")
        for t in sec.text:
            md += [t, ""]
            body.append(f"<p>{html.escape(t)}</p>")
        for name, fig, data, caption in sec.figures:
            fig.savefig(out / f"{name}.png", dpi=110, bbox_inches="tight")
            plt.close(fig)
            write_atomic(out / f"{name}.csv", lambda t, d=data: d.to_csv(t, index=False))
            md += [f"![{caption}]({name}.png)", "", f"*{caption}* (data: [{name}.csv]({name}.csv))",
                   ""]
            body.append(f'<figure><img src="{name}.png" alt="{html.escape(caption)}">'
                        f"<figcaption>{html.escape(caption)} "
                        f'(data: <a href="{name}.csv">{name}.csv</a>)</figcaption></figure>')
        for name, df, caption in sec.tables:
            write_atomic(out / f"{name}.csv", lambda t, d=df: d.to_csv(t, index=False))
            md += [f"*{caption}* (data: [{name}.csv]({name}.csv))", "", _md_table(df), ""]
            body.append(f"<p><i>{html.escape(caption)}</i> "
                        f'(data: <a href="{name}.csv">{name}.csv</a>)</p>'
                        + df.to_html(index=False, escape=True, float_format=lambda v: f"{v:.4g}"))
    if assumptions is not None:
        md += ["## Assumptions these numbers rest on", ""]
        body.append("<h2>Assumptions these numbers rest on</h2>")
        for game, entries in assumptions.items():
            md.append(f"- **{game}**: {len(entries)} assumed values" +
                      (": " + ", ".join(f"`{e.path}`" for e in entries) if entries else ""))
            items = "".join(f"<li><code>{html.escape(e.path)}</code> = "
                            f"{html.escape(repr(e.value))}: {html.escape(e.reason)}</li>"
                            for e in entries)
            body.append(f"<details><summary><b>{html.escape(game)}</b>: {len(entries)} assumed "
                        f"values</summary><ul>{items}</ul></details>")
        md.append("")
    page = ("<!doctype html><html><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;"
            "max-width:75em;margin:auto;padding:1em}table{border-collapse:collapse;margin:.5em 0}"
            "td,th{border:1px solid #ccc;padding:2px 6px;font-size:90%}img{max-width:100%}"
            "</style></head><body>" + "\n".join(body) + "</body></html>")
    write_atomic(out / "report.md", lambda t: Path(t).write_text("\n".join(md) + "\n"))
    write_atomic(out / "report.html", lambda t: Path(t).write_text(page))
    write_atomic(out / "meta.json", lambda t: Path(t).write_text(json.dumps(meta, indent=1,
                                                                           default=str)))
    return out / "report.html"


def bar_with_intervals(labels, rates, lows, highs, title, ylabel="win rate", ref=None):
    """A bar chart with Wilson error bars (rates in [0, 1])."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    fig, ax = plt.subplots(figsize=(max(5, 0.5 * len(labels) + 2), 3.8))
    r = np.asarray(rates, float)
    # a bootstrap percentile interval need not hold the point estimate: never a negative bar
    err = np.maximum(np.vstack([r - np.asarray(lows, float), np.asarray(highs, float) - r]), 0)
    ax.bar(range(len(labels)), r, yerr=err, capsize=3, color="#4c72b0")
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, rotation=45, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    if ref is not None:
        ax.axhline(ref, color="grey", ls="--", lw=1)
    fig.tight_layout()
    return fig
