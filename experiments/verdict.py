"""The report's first screen: one verdict per game, computed from the Findings table.

A finding is a claim about the game only when it holds under the scripted players and
under the strongest search measured, on enough games, and no swept assumed value flips
it.  Each finding gets one status, the first of these that applies:

``not enough games``
    its own interval holds the null, or is half the scale wide (a rate of [0.1, 0.9]
    names no winner);
``depends on the players``
    the strong player was not measured on it, or its interval excludes the scripted value
    (strong play tells another story);
``not enough games`` (strong play)
    the strong player's interval still holds both the null and the scripted value, or it
    rests on fewer strong games than the profile's ``reporting.STRONG_MIN``;
``depends on assumed content``
    a swept assumed value flips it, the sweep never re-measured it, or in the joint draws
    (every assumed value at once) the Wilson 95% lower bound of the share in which it holds
    is under ``HOLDS_FLOOR``;
``confirmed``
    none of the above.

A finding about our players (``about``: the ladder's strengths, the personas' equilibria)
is no claim about the game: it gets no status and no verdict reads it.

A game's verdict leads with its headline finding (the one the sensitivity sweep measures,
else the first confirmed one, else the first), counts the others by status, lists the
extremes (hardest and easiest location or setup, weakest and strongest clan) and says
what would settle the headline.  When a game has no finding, the verdict says that no
effect was found and on how many games.
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from experiments.studies._joint import HOLDS_FLOOR
from simcore import registry

STATUSES = ("confirmed", "depends on the players", "depends on assumed content",
            "not enough games")
#: a rate interval at least this wide names no winner
WIDE = 0.5
_EXTREME = re.compile(r"\b(hardest|easiest|weakest|strongest)\b")
_PAIR = re.compile(r"(-?\d+\.\d+) \[(-?\d+\.\d+), (-?\d+\.\d+)\]")


def _holds_null(lo: float, hi: float, null: float) -> bool:
    return lo <= null <= hi


_FEW = re.compile(r"not confirmed: ([\d,]+) strong games, fewer than ([\d,]+) \(")


def strong_few(agents: str) -> tuple | None:
    """(games, needed) of a ``not confirmed`` agents label (too few strong games), or None."""
    m = _FEW.match(agents) if isinstance(agents, str) else None
    return None if m is None else tuple(int(x.replace(",", "")) for x in m.groups())


def strong_side(agents: str) -> tuple | None:
    """(name, value, low, high) of the search player in an ``agents`` label (``no (...)``
    or ``not confirmed: ... (...)``), or None."""
    if not isinstance(agents, str):
        return None
    few = _FEW.match(agents)
    if few:
        agents = "no (" + agents[few.end():]
    if not agents.startswith("no ("):
        return None
    body = agents[4:].rstrip(")")
    parts = body.split("; ", 1)
    if len(parts) != 2:
        return None
    m = _PAIR.search(parts[1])
    if m is None:
        return None
    name = parts[1][:m.start()].strip()
    return (name, *map(float, m.groups()))


def finding_status(row) -> tuple[str, str]:
    """(status, what would settle it) of one Findings row (see the module docstring)."""
    lo, hi, null, v = float(row["ci_low"]), float(row["ci_high"]), float(row["null"]), \
        float(row["value"])
    n = int(row["sample"])
    measure = row.get("measure", "rate") if hasattr(row, "get") else "rate"
    agents = str(row.get("agents", ""))
    if _holds_null(lo, hi, null) or (measure in ("rate", "share") and hi - lo >= WIDE):
        s = strong_side(agents)
        # strong play that excludes the scripted value is news even here (frontier's
        # mission: scripted 0.31 holds the band's edge, value succeeds 0.74)
        sn = _number(row.get("strong_games"))
        other = (f"; {s[0] or 'search'} gives {s[1]:.3f} [{s[2]:.3f}, {s[3]:.3f}]"
                 + (f" on {int(sn):,} games" if sn else "") + ": strong play tells "
                 "another story"
                 if s is not None and not s[2] <= v <= s[3] and not strong_few(agents)
                 else "")
        return ("not enough games",
                f"more games: its interval [{lo:.3f}, {hi:.3f}] on {n:,} games "
                f"{'holds the null ' + format(null, '.3f') if _holds_null(lo, hi, null) else 'names no winner'}"
                + other)
    if agents != "yes":
        s = strong_side(agents)
        if s is None:
            return ("depends on the players",
                    "strong play: no search player was measured on it "
                    f"({agents})")
        name, sv, slo, shi = s
        few = strong_few(agents)
        if few:  # too few strong games for a yes or a no (reporting.STRONG_MIN)
            return ("not enough games",
                    f"more strong games: {name or 'search'} gives {sv:.3f} [{slo:.3f}, "
                    f"{shi:.3f}] on {few[0]:,} games; the agents label needs {few[1]:,}")
        if slo <= v <= shi and _holds_null(slo, shi, null):
            return ("not enough games",
                    f"more strong games: {name or 'search'} gives {sv:.3f} [{slo:.3f}, "
                    f"{shi:.3f}], which holds both the null and the scripted {v:.3f}")
        tail = agents.split("): ", 1)[1] if "): " in agents else ""  # the rest of the claim
        return ("depends on the players",
                f"stronger play: {name or 'search'} gives {sv:.3f} [{slo:.3f}, {shi:.3f}] "
                f"against the scripted {v:.3f}" + (f"; {tail}" if tail else ""))
    a = str(row.get("assumptions", ""))
    hl = _number(row.get("holds_low"))
    settle = str(row.get("settle_with") or "")
    if hl is not None and hl < HOLDS_FLOOR and not a.startswith("flipped by "):
        return ("depends on assumed content",
                (f"the real values of {settle}" if settle and settle != "nan" else
                 "the assumed values") + f" (it holds in a share of the joint draws whose "
                f"Wilson 95% bound {hl:.3f} is under {HOLDS_FLOOR})")
    if a.startswith("flipped by "):
        paths = [p.split("=")[0] for p in a.split("; ")[0][len("flipped by "):].split(", ")]
        more = f" and {len(paths) - 3} more" if len(paths) > 3 else ""
        return ("depends on assumed content",
                "the real values of " + ", ".join(paths[:3]) + more)
    if not a.startswith("none of"):
        return ("depends on assumed content",
                "a sweep of the assumed values under it (" + (a or "not swept") + ")")
    return ("confirmed", "nothing within the swept ranges; " + a)


def _number(v) -> float | None:
    """A finite float, or None (a missing or NaN cell of findings.csv)."""
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return f if f == f else None


def about_players(row) -> bool:
    """Whether a Findings row is about our players, not the game (``about``; the ladder's
    rows before that column)."""
    about = row.get("about")
    if isinstance(about, str) and about:
        return about == "players"
    return row.get("study") == "ladder"


def _artifact(row) -> bool:
    return str(row.get("agents", "")).startswith("agent artifact")


def _short(text: str) -> str:
    """A finding's words without the game's name in front or the explanation after:
    "Edge of Darkness solo: Barracks (52) is the hardest of the twelve ...: it lowers ..."
    -> "Barracks (52) is the hardest of the twelve ..."."""
    head, sep, rest = str(text).partition(": ")
    body = rest if sep else head
    for cut in (": ", " (a difference", " (scripted"):
        body = body.split(cut, 1)[0]
    return body


def _fmt(row) -> str:
    unit = {"difference": "", "share": "", "margin": " VP"}.get(row.get("measure"), "")
    return (f"{float(row['value']):.3f} [{float(row['ci_low']):.3f}, "
            f"{float(row['ci_high']):.3f}]{unit}")


def _seed_first(games) -> list[str]:
    """Seed games first (registry order), the calibration games last."""
    return sorted(games, key=lambda g: (bool(registry.part(g, "CALIBRATION")),
                                        registry.GAMES.index(g)))


def game_verdicts(findings: pd.DataFrame, games, no_effect_games: dict | None = None
                  ) -> list[dict]:
    """One verdict per game in ``games`` (seed games first, calibration games last).

    Parameters
    ----------
    findings : DataFrame
        The report's Findings table (experiments.report.collect_findings) with its
        ``measure``, ``agents`` and ``assumptions`` labels.
    games : iterable of str
        The games the report played.
    no_effect_games : dict, optional
        game -> games of scripted seat tables behind "no seat effect", for games without
        findings.

    Returns
    -------
    list of dict
        ``game``, ``title``, ``status``, ``sentence``, ``settle``, ``extremes`` (sentences),
        ``counts`` (status -> findings), ``calibration``.
    """
    from simcore.spec import get_game

    out = []
    df = findings.copy()
    if len(df):  # a finding about our players (the ladder, the personas) is none of the game's
        df = df[~df.apply(about_players, axis=1)]
    for g in _seed_first(set(games)):
        title = get_game(g).SPEC.long_name or g
        rows = df[df["game"] == g] if len(df) else df
        rows = [r for _, r in rows.iterrows()]
        # a seat effect among identical players where the rules treat the seats alike is
        # the agents', not the game's: set aside, and said
        artifacts = [r for r in rows if _artifact(r)]
        rows = [r for r in rows if not _artifact(r)]
        aside = (f" {len(artifacts)} seat effect{'s' if len(artifacts) > 1 else ''} among "
                 "identical players set aside as agent artifacts (the rules treat the seats "
                 "alike).") if artifacts else ""
        calib = bool(registry.part(g, "CALIBRATION"))
        if not rows:
            # "no effect" rests on the scripted tables alone: the strong player's tables
            # are too small to confirm an absence, so it depends on the players
            n = (no_effect_games or {}).get(g, 0)
            out.append({"game": g, "title": title, "calibration": calib,
                        "status": "depends on the players" if n else "not enough games",
                        "sentence": "No seat, turn-position or other effect beyond chance"
                                    + (f" in {n:,} scripted games." if n else
                                       " (no study has measured it yet).") + aside,
                        "settle": "strong play on enough games to confirm the absence" if n
                                  else "run the report's studies",
                        "extremes": [], "counts": {}})
            continue
        stat = [finding_status(r) for r in rows]
        counts = {s: sum(1 for x in stat if x[0] == s) for s in STATUSES}
        # the game's headline: the one the sweep measures (a key, else the sweep's own),
        # else the first confirmed finding, else the first
        head = next((i for i, r in enumerate(rows) if isinstance(r.get("key"), str)
                     and r.get("key")), None)
        if head is None:
            head = next((i for i, r in enumerate(rows) if r.get("study") == "sensitivity"),
                        None)
        if head is None:
            head = next((i for i, x in enumerate(stat) if x[0] == "confirmed"), 0)
        r, (status, settle) = rows[head], stat[head]
        others = {s: c - (s == status) for s, c in counts.items() if c - (s == status)}
        tail = " Other findings: " + ", ".join(f"{c} {s}" for s, c in others.items()) + "." \
            if others else ""
        sentence = f"{r['finding']}: {_fmt(r)} over {int(r['sample']):,} games.{tail}{aside}"
        extremes = [f"{_short(x['finding'])}: {_fmt(x)} ({st[0]})"
                    for x, st in zip(rows, stat)
                    if _EXTREME.search(str(x["finding"])) and x is not r]
        out.append({"game": g, "title": title, "calibration": calib, "status": status,
                    "sentence": sentence, "settle": settle, "extremes": extremes,
                    "counts": counts})
    return out


def short_table(findings: pd.DataFrame) -> pd.DataFrame:
    """The Findings table in short labels (seed games first, each game's findings about our
    players after its findings about the game): status, value with its
    interval, agents (yes / no / untested, with the strong player's value), assumptions
    (holds / flipped / not swept) and games; the long labels stay in findings.csv."""
    if not len(findings):
        return pd.DataFrame(columns=["game", "finding", "status", "value", "agents",
                                     "assumptions", "games"])
    rows = []
    for _, r in findings.iterrows():
        st = ("about the players" if about_players(r) else
              "agent artifact" if _artifact(r) else finding_status(r)[0])
        s = strong_side(str(r["agents"]))
        few = strong_few(str(r["agents"]))
        ag = ("n/a" if about_players(r) else "yes" if r["agents"] == "yes" else
              f"not confirmed: {s[0] or 'search'} {s[1]:.3f} on {few[0]:,} games" if few
              else f"no: {s[0] or 'search'} {s[1]:.3f}" if s else "untested")
        a = str(r["assumptions"])
        asm = ("holds (" + a.split(" swept")[0].replace("none of ", "") + " swept)"
               if a.startswith("none of") else
               f"flipped by {len(a.split('; ')[0].split(', '))}" if a.startswith("flipped by")
               else "not swept")
        hs = _number(r.get("holds_share"))
        if hs is not None:
            asm += (f"; joint {hs:.2f} [{_number(r.get('holds_low')):.2f}, "
                    f"{_number(r.get('holds_high')):.2f}]")
        rows.append({"game": r["game"], "finding": r["finding"], "status": st,
                     "value": _fmt(r), "agents": ag, "assumptions": asm,
                     "games": f"{int(r['sample']):,}"})
    out = pd.DataFrame(rows)
    order = {g: i for i, g in enumerate(_seed_first(set(out["game"])))}
    # each game's findings about the game first, those about our players after them
    rank = out["game"].map(order) * 2 + (out["status"] == "about the players")
    return out.iloc[np.argsort(rank.to_numpy(), kind="stable")]

