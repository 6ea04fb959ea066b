"""Writing a study's report: Markdown + HTML, PNG figures, and the CSV behind each figure/table."""
from __future__ import annotations

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
    return df.to_markdown(index=False, floatfmt=".4g")


_ENV = None


def template(name: str):
    """A report page template from experiments/templates/ (Jinja2, HTML autoescaped)."""
    global _ENV
    if _ENV is None:
        import jinja2

        _ENV = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(Path(__file__).parent / "templates")),
            autoescape=True, trim_blocks=True, lstrip_blocks=True)
        _ENV.filters["pyrepr"] = repr
    return _ENV.get_template(name)


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
    md += [f"- {k}: {v}" for k, v in meta.items()] + [""]
    secs = []
    for sec in sections:
        md += [f"## {sec.title}", ""]
        figs, tabs = [], []
        for t in sec.text:
            md += [t, ""]
        for name, fig, data, caption in sec.figures:
            fig.savefig(out / f"{name}.png", dpi=110, bbox_inches="tight")
            plt.close(fig)
            write_atomic(out / f"{name}.csv", lambda t, d=data: d.to_csv(t, index=False))
            md += [f"![{caption}]({name}.png)", "", f"*{caption}* (data: [{name}.csv]({name}.csv))",
                   ""]
            figs.append({"name": name, "caption": caption})
        for name, df, caption in sec.tables:
            write_atomic(out / f"{name}.csv", lambda t, d=df: d.to_csv(t, index=False))
            md += [f"*{caption}* (data: [{name}.csv]({name}.csv))", "", _md_table(df), ""]
            tabs.append({"name": name, "caption": caption,
                         "html": df.to_html(index=False, escape=True,
                                            float_format=lambda v: f"{v:.4g}")})
        secs.append({"title": sec.title, "text": sec.text, "figures": figs, "tables": tabs})
    if assumptions is not None:
        md += ["## Assumptions these numbers rest on", ""]
        for game, entries in assumptions.items():
            md.append(f"- **{game}**: {len(entries)} assumed values" +
                      (": " + ", ".join(f"`{e.path}`" for e in entries) if entries else ""))
        md.append("")
    page = template("study.html.j2").render(title=title, meta=meta, sections=secs,
                                            assumptions=assumptions)
    write_atomic(out / "report.md", lambda t: Path(t).write_text("\n".join(md) + "\n"))
    write_atomic(out / "report.html", lambda t: Path(t).write_text(page))
    captions = [f for sec in secs for f in sec["figures"]]
    _drop_stale_figures(out, {f["name"] for f in captions})
    write_atomic(out / "figures.json", lambda t: Path(t).write_text(json.dumps(captions, indent=1)))
    write_atomic(out / "meta.json", lambda t: Path(t).write_text(json.dumps(meta, indent=1,
                                                                           default=str)))
    return out / "report.html"


def _drop_stale_figures(out: Path, names: set) -> None:
    """Remove the figures (PNG + CSV) a previous write of this report listed and this one
    no longer makes, so a rerun into the same folder shows no stale figure."""
    old = out / "figures.json"
    if not old.exists():
        return
    try:
        prev = {f["name"] for f in json.loads(old.read_text())}
    except (ValueError, KeyError, TypeError):
        return
    for name in prev - names:
        for ext in (".png", ".csv"):
            (out / f"{name}{ext}").unlink(missing_ok=True)


def bar_with_intervals(labels, rates, lows, highs, title, ylabel="win rate", ref=None):
    """A bar chart with each bar's interval drawn as it is (a bootstrap percentile
    interval need not hold the point estimate, so it is drawn from low to high, never
    as error bars around the bar).  ``ref``: a fair-share line, one value for every bar or
    one per bar (tables of several player counts in one figure)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    fig, ax = plt.subplots(figsize=(max(5, 0.5 * len(labels) + 2), 3.8))
    x = np.arange(len(labels))
    ax.bar(x, np.asarray(rates, float), color=BLUE)
    ax.vlines(x, np.asarray(lows, float), np.asarray(highs, float), color="black", lw=1.2)
    ax.hlines(np.concatenate([lows, highs]).astype(float), np.concatenate([x, x]) - 0.12,
              np.concatenate([x, x]) + 0.12, color="black", lw=1.2)
    ax.set_xticks(x)
    ax.set_xticklabels(labels, rotation=45, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    if ref is not None and np.ndim(ref) == 0:
        ax.axhline(ref, color="grey", ls="--", lw=1)
    elif ref is not None:  # one fair share per bar
        ax.hlines(np.asarray(ref, float), x - 0.45, x + 0.45, color="grey", ls="--", lw=1)
    fig.tight_layout()
    return fig


# one colour convention for the whole report: blue is above the fair share (the row does
# well), red below, white at it
BLUE = "#4c72b0"
HEAT_CMAP = "RdBu"


def rate_heatmap(m, rows, cols, fair: float, title: str, text=None, xlabel=None,
                 ylabel=None, size=None):
    """A heat map of rates ``m`` (rows x cols, NaN blank) coloured around ``fair`` (the fair
    share: 1/2 for a pairing, 1/P at a P-player table), blue above and red below; each
    cell's text (``text[i][j]``, default the rate in %) is white on dark cells."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.colors import TwoSlopeNorm

    m = np.asarray(m, float)
    norm = TwoSlopeNorm(vcenter=fair, vmin=0.0, vmax=1.0)
    fig, ax = plt.subplots(figsize=size or (1.1 * len(cols) + 3, 0.6 * len(rows) + 2))
    im = ax.imshow(m, norm=norm, cmap=HEAT_CMAP)
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            if np.isnan(m[i, j]):
                continue
            dark = abs(norm(m[i, j]) - 0.5) > 0.3  # far from white: light text
            ax.text(j, i, text[i][j] if text is not None else f"{100 * m[i, j]:.0f}",
                    ha="center", va="center", fontsize=7,
                    color="white" if dark else "black")
    ax.set_xticks(range(len(cols)))
    ax.set_xticklabels(cols, rotation=30, ha="right", fontsize=7)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels(rows, fontsize=7)
    if xlabel:
        ax.set_xlabel(xlabel)
    if ylabel:
        ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    fig.colorbar(im, ax=ax, fraction=0.04, label=f"win rate (white at the fair share "
                                                 f"{fair:.2f})")
    fig.tight_layout()
    return fig


# ---- Findings: one sentence each, with computed labels ----

FINDING_COLUMNS = ("study", "game", "finding", "about", "measure", "value", "ci_low", "ci_high",
                   "null", "sample", "agents", "strong_agent", "strong_games", "assumptions",
                   "holds_share", "holds_low", "holds_high", "settle_with", "key")
#: strong-play games a finding's ``agents`` label needs, by profile (#32): under that, the
#: label says "not confirmed" with the count, never "yes" or "no" (a profile not named here,
#: the test suite's smoke, needs none)
STRONG_MIN = {"quick": 1000, "full": 10_000}
def smoke_strong(game: str) -> bool:
    """Whether the smoke profile (the test suite) plays ``game``'s cheap strong player (its
    profile's ``SMOKE_STRONG``): every other game's value arena would cost the suite a
    minute or more of compiling."""
    from simcore import registry

    return game in registry.GAMES and bool(registry.part(game, "SMOKE_STRONG"))


def strong_player(game: str, players: int, profile: str) -> str | None:
    """The cheap strong player ``game``'s profile names at ``players`` (registry ``STRONG``)
    as played in ``profile``, or None (then ``best`` at the profile's budget)."""
    from simcore import registry

    if game not in registry.GAMES or (profile == "smoke" and not smoke_strong(game)):
        return None
    strong = registry.part(game, "STRONG") or {}
    return strong[players][0] if players in strong else None
#: what a finding's value is: a rate in [0, 1], a difference of two quantities (null 0), a
#: share of a mix, or a score margin (points)
MEASURES = ("rate", "difference", "share", "margin")
#: what a finding is about: the game (a claim a designer can act on, which must hold under
#: strong play) or our players (how strong a player is, which scripted persona adapting
#: scripts settle on): the latter carry no ``agents`` label and no game verdict
ABOUT = ("game", "players")
#: the ``agents`` label of a finding about the players
ABOUT_PLAYERS = "about the players, not the game (no agents label)"


def finding(game: str, text: str, value: float, lo: float, hi: float, null: float,
            sample: int, scripted=None, search=None, search_name: str = "",
            measure: str = "rate", artifact: bool = False, search_games: int = 0,
            null_claim: bool = False, about: str = "game", strong_also=None) -> dict:
    """A headline as data.

    Parameters
    ----------
    sample : int
        Games behind the value (never table compositions or cells).
    scripted, search : tuple, optional
        (value, low, high) of the same quantity under the scripted agent and under the
        strongest search agent measured, from which the ``agents`` label is computed
        (:func:`agents_label`).
    search_games : int
        Games the ``search`` value rests on (the ``strong_games`` column): a label needs
        :data:`STRONG_MIN` of them in its profile.
    measure : str
        One of :data:`MEASURES`; a ``difference`` says so in its text too.
    artifact : bool
        The effect is one of the agents, not of the game (a seat effect among identical
        players where the rules treat the seats alike).
    null_claim : bool
        The finding claims no effect beyond chance ("no seat is favoured"): it holds under
        an agent whose interval includes the null.
    about : str
        One of :data:`ABOUT`: ``players`` for a claim about our players (the ladder's
        strengths, the personas' equilibria), which no agents label or verdict reads.
    strong_also : tuple, optional
        (holds, words): the rest of the claim under the strong player, where the value
        alone does not carry it ("murg is the strongest clan": murg's rate must also top
        the strong table's); a ``yes`` becomes ``no (...): words`` where it fails.
    """
    if measure not in MEASURES:
        raise ValueError(f"unknown measure {measure!r}; valid: {', '.join(MEASURES)}")
    if about not in ABOUT:
        raise ValueError(f"unknown about {about!r}; valid: {', '.join(ABOUT)}")
    return {"game": game, "finding": text, "measure": measure, "value": float(value),
            "ci_low": float(lo), "ci_high": float(hi), "null": float(null),
            "sample": int(sample), "scripted": scripted, "search": search,
            "search_name": search_name, "search_games": int(search_games),
            "artifact": bool(artifact), "null_claim": bool(null_claim), "about": about,
            "strong_also": None if strong_also is None else [bool(strong_also[0]),
                                                              str(strong_also[1])]}


def _side(v, null):
    lo, hi = v[1], v[2]
    return 1 if lo > null else (-1 if hi < null else 0)


def agents_label(f: dict, strong_min: int = 0) -> str:
    """``yes`` when the finding holds (same side of the null, interval excluding it) under
    scripted and under search; ``no (...)`` with both values otherwise; or what is missing;
    ``agent artifact ...`` for an effect of the agents, not the game (``finding(artifact)``);
    :data:`ABOUT_PLAYERS` for a finding about our players (``finding(about="players")``).

    With ``strong_min`` (the profile's :data:`STRONG_MIN`), a search value on fewer games
    (``search_games``) gives ``not confirmed: N strong games, fewer than M (...)`` with both
    values: neither yes nor no rests on a handful of strong games."""
    s, m = f.get("scripted"), f.get("search")
    if f.get("about", "game") == "players":
        return ABOUT_PLAYERS
    if f.get("artifact"):
        return "agent artifact (the rules treat the seats alike)"
    if s is None and m is None:
        return "not tested across agents"
    if s is None or m is None:
        return f"{'scripted' if s is not None else f.get('search_name') or 'search'} only"
    a, b = _side(s, f["null"]), _side(m, f["null"])
    name = f.get("search_name") or "search"
    both = (f"(scripted {s[0]:.3f} [{s[1]:.3f}, {s[2]:.3f}]; {name} {m[0]:.3f} "
            f"[{m[1]:.3f}, {m[2]:.3f}])")
    n = int(f.get("search_games") or 0)
    if n < strong_min:
        return f"not confirmed: {n:,} strong games, fewer than {strong_min:,} {both}"
    if f.get("null_claim"):  # "no effect beyond chance": both intervals include the null
        return "yes" if a == b == 0 else "no " + both
    if a != 0 and a == b:
        also = f.get("strong_also")
        if also is not None and not also[0]:  # the value holds, the rest of the claim not
            return f"no {both}: {also[1]}"
        return "yes"
    return "no " + both


def write_findings(out, study: str, rows: list[dict], profile: str = "") -> None:
    """Write a study's findings (``out``/findings.json) for the report's Findings table;
    ``profile`` sets the strong-play games an ``agents`` label needs (:data:`STRONG_MIN`)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    data = []
    for f in rows:
        d = {k: v for k, v in f.items()}
        d["study"] = study
        d["agents"] = agents_label(f, STRONG_MIN.get(profile, 0))
        d["strong_agent"] = f.get("search_name") or "" if f.get("search") is not None else ""
        d["strong_games"] = int(f.get("search_games") or 0) if f.get("search") is not None \
            else 0
        for k in ("scripted", "search"):
            d[k] = list(map(float, f[k])) if f.get(k) is not None else None
        data.append(d)
    text = json.dumps(data, indent=1)
    write_atomic(out / "findings.json", lambda t: Path(t).write_text(text))


def joint_words(j: dict | None) -> str:
    """The joint sensitivity's words for a label ('' when it was not measured): the share
    of joint draws in which the finding holds, with its interval, and the blocks of
    assumed values with the largest total effect."""
    if not j or j.get("holds_draws") in (None, 0):
        return ""
    n = int(j["holds_draws"])
    k = round(float(j["holds_share"]) * n)
    settle = ", ".join(j.get("settle_with") or ()) or "none measured"
    out = (f"; joint: holds in {k} of {n} draws, {float(j['holds_share']):.3f} "
           f"[{float(j['holds_low']):.3f}, {float(j['holds_high']):.3f}] (Wilson 95%); "
           f"largest total effect: {settle}")
    sn = int(j.get("strong_draws") or 0)
    if sn:  # the first draws again under the strong player (its own baseline's claim)
        sk = round(float(j["strong_holds"]) * sn)
        out += (f"; under {j['joint_strong_agent']}: '{j['strong_conclusion']}' holds in "
                f"{sk} of {sn} draws [{float(j['strong_holds_low']):.3f}, "
                f"{float(j['strong_holds_high']):.3f}]")
    return out


def assumptions_label(game: str, sens: dict, direct: bool = True,
                      joint: dict | None = None) -> str:
    """What the sensitivity sweep says of a finding of ``game``.

    The sweep re-measures one headline per game (experiments.studies.sensitivity): a
    finding it measures (``direct``) gets which swept assumed values flip it, or that none
    of those swept do, then (``joint``, the headline's joint part) the share of joint
    draws in which it holds and the blocks with the largest total effect; any other
    finding was not re-measured, and its label says so rather than lend it the
    headline's robustness."""
    df = sens.get(game)
    if df is None or df.empty:
        return "not swept"
    flips = df[df["flips"].astype(bool)] if "flips" in df else df.iloc[0:0]
    from experiments.studies.sensitivity import GAMES, inert_paths, left_out_words

    # the values the sweep found inert, and those rules.toml marks inert (never swept)
    known = game if game in GAMES else None
    dead = inert_paths(df, known)
    live = len(set(df["path"]) - set(dead)) if "path" in df else len(df)
    if len(flips):
        verdict = "flipped by " + ", ".join(f"{r.path}={r.value}" for r in flips.itertuples())
    else:
        verdict = f"none of {live} swept values flips it" + left_out_words(dead, known)
    if direct:
        return verdict + joint_words(joint)
    return f"not re-measured under the sweep (the {game} sweep's headline: {verdict})"
