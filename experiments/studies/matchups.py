"""Study `matchups` (Darkleaf Gambit): the clan-vs-clan table.

For all 15 pairings: the rulebook's turn order and the same pairing with the
turn order swapped (so clan strength and moving first separate: a clan's
strength in a pairing is the mean of its two win rates, the first-move edge is
half their difference); a 6x6 heatmap of win % with intervals; Bradley-Terry
strengths; the handicap (0-5 pre-slotted bones for the weaker clan) bringing
each pairing closest to 50%; Blessings vs Curses; scripted, strong (`value`) and MCTS
tables.

The strong table (#32) plays darkleaf's `value` (agents/value.py: each action valued by the
learned position value after the rival's scripted answer) in both seats: it beats the
scripted player 62.6-63.8% pooled over the 15 pairings (docs/lab-log.md, "darkleaf value
reply and prior"), and costs about 27 CPU-ms a game (scripted: 1.5), so the quick
profile can give every clan's finding and the first-move edge STRONG_MIN strong games,
which the search table (about 3 s a game) cannot.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.aggregate import summarize
from experiments.plan import Study
from experiments.reporting import (
    Section,
    bar_with_intervals,
    finding,
    rate_heatmap,
    write_findings,
)
from experiments.stats import bradley_terry, wilson, z_value
from simcore.spec import get_game

TITLE = "Darkleaf Gambit: clan matchups"
KEY_FIGURES = ("heatmap_*",)  # shown inline on the report's index (fnmatch patterns)
GAMES = ("darkleaf",)
# the quick profile leaves the best table out: measured (2026-12, one core of a shared
# 2-core machine, warm) best:ms=5 (at the rates of then; about best:ms=3 now) in both
# seats costs about 3 s a darkleaf game (800-1200
# actions) and 3 of 5 games ran to the turn cap, so even 2 games per ordered pairing (60
# games, ~3 minutes) would leave about one resolved game per clan pair; see QUICK_NO_BEST
# smoke caps MCTS rollouts (depth=30): it checks the path, and a full-length darkleaf
# rollout made each 1-game smoke cell cost ~3 s
# The search table plays `best` (agents.best) in both seats: the strongest measured
# darkleaf search (scripted rollouts, depth-capped, scored by darkleaf's evaluate).
# strong: games of `value` in both seats per pairing and turn order; a clan plays 10 such
# cells (5 opponents, both orders), so 110 gives it STRONG_MIN (1,000 quick, 10,000 full)
# resolved games with a tenth to spare for turn-capped ones (none in 2,000 measured); smoke
# plays none (darkleaf's value arena would add minutes of compiling to the test suite)
BUDGET = {"smoke": {"table": 30, "handicap": 10, "will": 10, "mcts": 1,
                    "search": "best:iters=5,depth=10", "strong": 0},
          "quick": {"table": 300, "handicap": 100, "will": 200, "mcts": 0, "search": "best",
                    "strong": 110},
          # both seats searching: ~2 s a game (measured at iters=100-200 on 2 shared cores),
          # so 10 games per ordered pairing (300 pooled)
          "full": {"table": 20_000, "handicap": 5_000, "will": 10_000, "mcts": 2,
                   "search": "best", "strong": 1_100}}
#: the strong table's player, in both seats
STRONG = "value"
#: the table kinds a clan's win rate is read from, and the agents each names
KINDS = {"table": "scripted", "strong": STRONG, "mcts": "best"}


QUICK_NO_BEST = (
    "The best heatmap exists only in the full profile: best:ms=3 in both seats costs about "
    "3 s a darkleaf game on one core (measured; 800-1,200 actions a game) and 3 of 5 such "
    "games ran to the turn cap, so a quick table of 2 games per ordered pairing (60 games, "
    "about 3 minutes) would hold about one resolved game per clan pair: too few to set "
    "beside the scripted heatmap.")


STRONG_TEXT = (
    "The value heatmap plays darkleaf's fitted one-ply player (`value`) in both seats: the "
    "findings' agents labels compare the scripted table with it.  It beats the scripted "
    "player only modestly (54-56% pooled over the 15 pairings, #32's target is 60%; "
    "docs/lab-log.md, darkleaf), so a label that holds under both says the finding does not "
    "rest on the scripted habits alone, not that it holds under expert play.  Its weights "
    "were fitted on hexen-wibo games without the two unit-kill score features (profile "
    "TRAIN_DROP: a fit that read them made a first kill worth less than none); fits pooled "
    "over all 15 pairings played no better.  A small effect can depend on the player: the "
    "first-move edge read +2.7 points [1.3, 4.2] under the earlier weights with 4 "
    "determinizations an action, +0.7 [-0.8, 2.2] with 1, and +2.8 [1.3, 4.2] with 1 under "
    "these weights (about 3,300 games each).")


def _pairings():
    return [s for s in get_game("darkleaf").SPEC.setups if "-" in s]


def _rules_paths():
    return set(get_game("darkleaf").API.rules().entries)


def build(profile: str, seed: int) -> Study:
    b = BUDGET[profile]
    st = Study("matchups", seed, [], chunk=max(1000, b["table"]), profile=profile)
    paths = _rules_paths()
    for k, pairing in enumerate(_pairings()):
        stream = 10 * k
        for swapped in (0, 1):
            sets = (f"setup.first_swapped={swapped}",) if "setup.first_swapped" in paths else ()
            st.add("darkleaf", 2, ("scripted", "scripted"), b["table"], setup=pairing,
                   stream=stream, sets=sets, rotate=False,
                   labels={"kind": "table", "pairing": pairing, "swapped": swapped})
            if b["mcts"]:
                st.add("darkleaf", 2, (b["search"],) * 2, b["mcts"],
                       setup=pairing, stream=stream + 1, sets=sets, rotate=False,
                       labels={"kind": "mcts", "pairing": pairing, "swapped": swapped})
            if b["strong"]:
                st.add("darkleaf", 2, (STRONG, STRONG), b["strong"], setup=pairing,
                       stream=stream + 2, sets=sets, rotate=False,
                       labels={"kind": "strong", "pairing": pairing, "swapped": swapped})
        if "setup.handicap_bones" in paths and "setup.handicap_seat" in paths:
            for seat in (0, 1):
                for h in range(2, 6):  # the rulebook's handicap: 2 to 5 bones
                    st.add("darkleaf", 2, ("scripted", "scripted"), b["handicap"], setup=pairing,
                           stream=stream, rotate=False,
                           sets=(f"setup.handicap_bones={h}", f"setup.handicap_seat={seat}"),
                           labels={"kind": "handicap", "pairing": pairing, "seat": seat,
                                   "bones": h})
        if "will.mode" in paths:
            for mode in ("blessings", "curses"):
                st.add("darkleaf", 2, ("scripted", "scripted"), b["will"], setup=pairing,
                       stream=stream, rotate=False, sets=(f"will.mode={mode}",),
                       labels={"kind": "will", "pairing": pairing, "mode": mode})
    return st


def _clans():
    seen = []
    for p in _pairings():
        for c in p.split("-"):
            if c not in seen:
                seen.append(c)
    return seen


def analyse(study: Study, out) -> list[Section]:
    """Tables first (aggregated from the shards), then the sections that draw them."""
    clans = _clans()
    df, wins, games = _pairing_tables(study, out, clans)
    secs = [_matchup_section(clans, df, wins, games)]
    write_findings(out, "matchups", _clan_findings(clans, wins, games)
                   + _edge_finding(df, _search_kind(games)),
                   study.profile)
    base = {r.pairing: r for r in df.itertuples()
            if r.agents == "table" and r.first == r.clan_a} if len(df) else {}
    hand = _handicap_table(study, out, base)
    if hand is not None:
        sec = Section("Handicap", text=["Pre-slotted bones (0-5) for either seat; the row "
                                        "shows the handicap that brings the pairing closest "
                                        "to 50% (rulebook turn order)."])
        sec.tables.append(("handicap", hand, "Best handicap per pairing"))
        secs.append(sec)
    will = _will_table(study, out)
    if will is not None:
        sec = Section("Blessings vs Curses")
        sec.tables.append(("will_modes", will, "First clan's win rate under each Will mode"))
        lab = [f"{r.pairing} {r.will_mode}" for r in will.itertuples()]
        sec.figures.append(("will_modes", bar_with_intervals(
            lab, will["first_clan_win"], will["ci_low"], will["ci_high"],
            "Blessings vs Curses", ref=0.5), will,
            "First clan's win rate by Will mode (Wilson 95%)"))
        secs.append(sec)
    return secs


def _pairing_tables(study: Study, out, clans):
    """(one row per pairing and turn order, wins and games matrices by agent kind) of the
    table, strong and best cells.  The rulebook has no draws: a game the turn cap ends is
    unresolved, shown apart and left out of win rates (not half a win each)."""
    idx = {c: i for i, c in enumerate(clans)}
    k = len(clans)
    rows = []
    wins = {kind: np.zeros((k, k)) for kind in KINDS}
    games = {kind: np.zeros((k, k)) for kind in KINDS}
    for c in study.cells:
        kind = c.labels["kind"]
        if kind not in KINDS:
            continue
        s = summarize(out, c)
        a, b = c.labels["pairing"].split("-")
        first = b if c.labels["swapped"] else a
        ra = s.resolved_ret[0]  # seat 0 is the first-listed clan
        n_ok = s.resolved
        cap_r, cap_lo, cap_hi = s.rate(s.capped)
        rows.append({"agents": kind, "pairing": c.labels["pairing"],
                     "first": first, "clan_a": a, "clan_b": b, "games": s.games,
                     "resolved_games": n_ok,
                     "a_win": ra / max(n_ok, 1), **dict(zip(("a_low", "a_high"),
                                                            wilson(ra, n_ok))),
                     "capped_share": cap_r, "capped_low": cap_lo, "capped_high": cap_hi,
                     "mean_length": s.length_sum / max(s.games, 1)})
        wins[kind][idx[a], idx[b]] += s.resolved_ret[0] + 0.0
        wins[kind][idx[b], idx[a]] += s.resolved_ret[1] + 0.0
        games[kind][idx[a], idx[b]] += n_ok
        games[kind][idx[b], idx[a]] += n_ok
    return pd.DataFrame(rows), wins, games


def _clan_cells(clans, wins, n) -> pd.DataFrame:
    """Clan vs clan win rates (resolved games, both orders) with Wilson 95% intervals."""
    cells = []
    for i in range(len(clans)):
        for j in range(len(clans)):
            if i != j and n[i, j] > 0:
                lo, hi = wilson(wins[i, j], int(n[i, j]))
                cells.append({"clan": clans[i], "opponent": clans[j], "games": int(n[i, j]),
                              "win_rate": wins[i, j] / n[i, j], "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(cells)


def _heatmap(clans, cdf: pd.DataFrame, label: str):
    """The clan-vs-clan heatmap of ``cdf`` (rows win), its cells labelled with intervals."""
    k = len(clans)
    idx = {c: i for i, c in enumerate(clans)}
    rate = np.full((k, k), np.nan)
    text = [[""] * k for _ in range(k)]
    for r in cdf.itertuples():
        rate[idx[r.clan], idx[r.opponent]] = r.win_rate
        text[idx[r.clan]][idx[r.opponent]] = (f"{100 * r.win_rate:.0f}%\n"
                                              f"[{100 * r.ci_low:.0f},{100 * r.ci_high:.0f}]")
    return rate_heatmap(rate, clans, clans, 0.5,
                        f"Win % of row clan, both turn orders ({label} agents)", text=text,
                        xlabel="opponent", ylabel="clan (row wins)", size=(6.5, 5.5))


def _matchup_section(clans, df, wins, games) -> Section:
    sec = Section("Matchup table", text=[
        "Each pairing is played in the rulebook's turn order and swapped; a clan's strength "
        "in a pairing averages both, so the first-move edge cancels. The rulebook has no "
        "draws: a game stopped by the engine's turn cap is unresolved, left out of the win "
        "rates and reported per pairing (capped_share). Wilson 95% intervals."])
    if games["mcts"].sum() == 0:
        sec.text.append(QUICK_NO_BEST)
    if games["strong"].sum():
        sec.text.append(STRONG_TEXT)
    for kind, label in KINDS.items():
        if games[kind].sum() == 0:
            continue
        cdf = _clan_cells(clans, wins[kind], games[kind])
        sec.figures.append((f"heatmap_{label}", _heatmap(clans, cdf, label), cdf,
                            f"6x6 matchup heatmap, {label} agents (Wilson 95%)"))
        bt = pd.DataFrame(bradley_terry(clans, wins[kind]))
        sec.tables.append((f"bradley_terry_{label}", bt, f"Bradley-Terry strengths, {label} "
                           "agents (log scale, observed-information 95% intervals)"))
        order = bt.sort_values("strength")["name"].tolist()
        sec.text.append(f"Bradley-Terry order under {label} agents, weakest first: "
                        + ", ".join(order) + ".")
        if kind == "table":
            sec.text.append("Strongest favourites (scripted): " + "; ".join(
                f"{r.clan} over {r.opponent} {100 * r.win_rate:.1f}% [{100 * r.ci_low:.1f}, "
                f"{100 * r.ci_high:.1f}]" for r in cdf.sort_values(
                    "win_rate", ascending=False).head(3).itertuples()) + ".")
            sec.tables.append(("matchups", cdf, "Clan vs clan win rates (scripted, both orders)"))
    sec.tables.append(("pairings_by_order", df, "Every pairing and turn order"))
    for kind, suffix in (("table", ""), ("strong", "_" + STRONG)):
        t = df[df["agents"] == kind] if len(df) else df
        if not len(t):
            continue
        edge = pd.DataFrame([{"pairing": p, **dict(zip(("first_move_edge", "ci_low", "ci_high"),
                                                       _first_edge(g)))}
                             for p, g in t.groupby("pairing")])
        sec.tables.append((f"first_move_edge{suffix}", edge, "Win rate of the clan moving "
                           "first minus 1/2, averaged over the two orders (normal 95% "
                           f"interval; {KINDS[kind]} agents)"))
        pos = edge[edge["ci_low"] > 0]
        sec.text.append(f"Moving first helps in {len(pos)} of {len(edge)} pairings under "
                        f"{KINDS[kind]} agents (interval above 0); mean edge "
                        f"{100 * edge['first_move_edge'].mean():+.1f} points.")
    return sec


def _handicap_table(study: Study, out, base) -> pd.DataFrame | None:
    """Per pairing, the pre-slotted bones that bring it closest to 50% (or None)."""
    hand = [c for c in study.cells if c.labels["kind"] == "handicap"]
    if not hand:
        return None
    hrows = []
    for p in _pairings():
        b0 = base.get(p)
        cands = [(0, None, b0.a_win if b0 else np.nan,
                  b0.a_win * b0.resolved_games if b0 else 0,
                  b0.resolved_games if b0 else 0)]
        for c in hand:
            if c.labels["pairing"] == p:
                s = summarize(out, c)
                cands.append((c.labels["bones"], c.labels["seat"],
                              s.resolved_ret[0] / max(s.resolved, 1), s.resolved_ret[0],
                              s.resolved))
        best = min(cands, key=lambda t: abs(t[2] - 0.5))
        lo, hi = wilson(best[3], best[4])
        hrows.append({"pairing": p, "bones": best[0], "given_to_seat": best[1],
                      "first_clan_win": best[2], "ci_low": lo, "ci_high": hi,
                      "games": best[4], "baseline": cands[0][2]})
    return pd.DataFrame(hrows)


def _will_table(study: Study, out) -> pd.DataFrame | None:
    """The first clan's win rate under each Will mode (or None without such cells)."""
    will = [c for c in study.cells if c.labels["kind"] == "will"]
    if not will:
        return None
    wrows = []
    for c in will:
        s = summarize(out, c)
        r, lo, hi = s.seat_rate(0)
        wrows.append({"pairing": c.labels["pairing"], "will_mode": c.labels["mode"],
                      "first_clan_win": r, "ci_low": lo, "ci_high": hi,
                      "capped_share": s.capped / max(s.games, 1)})
    return pd.DataFrame(wrows)


def _search_kind(games) -> str:
    """The table a finding's strong value is read from: the strong (`value`) table where it
    was played (it holds the most games), else the best table (full profile), else none
    (``mcts``, empty: the finding is then scripted only)."""
    return "strong" if games["strong"].sum() else "mcts"


def _clan_findings(clans, wins, games) -> list[dict]:
    """The weakest and the strongest clan of the scripted table, each with its win rate
    against the other clans (resolved games of every pairing, both turn orders, Wilson
    95%), under scripted and under the strong player (the strong table where it was
    played, else best's; :func:`_search_kind`).  The weakest
    clan's finding carries the key of darkleaf's sensitivity headline when that headline
    measures the same clan, so the sweep's verdict labels it."""
    from simcore.registry import headline

    def field(kind, i):
        n = float(games[kind][i].sum())
        k = float(wins[kind][i].sum())
        return (k / n, *wilson(k, n)) if n else None

    n_table = games["table"].sum(axis=1)
    if not n_table.sum():
        return []
    rates = [field("table", i)[0] if n_table[i] else np.nan for i in range(len(clans))]
    sweep = headline("darkleaf")
    rows = []
    ends = (("weakest", int(np.nanargmin(rates))), ("strongest", int(np.nanargmax(rates))))
    kind = _search_kind(games)
    strong = [field(kind, i) for i in range(len(clans))]
    for which, i in ends:
        s, b = field("table", i), strong[i]
        # "the weakest clan" holds under strong play only if it is the weakest there too
        also = None
        if b is not None and all(x is not None for x in strong):
            r = [x[0] for x in strong]
            j = int(np.argmin(r) if which == "weakest" else np.argmax(r))
            also = (j == i, f"under {KINDS[kind]} the {which} clan is {clans[j]} "
                            f"({r[j]:.3f} [{strong[j][1]:.3f}, {strong[j][2]:.3f}] against "
                            f"the other clans; {clans[i]} {r[i]:.3f})")
        f = finding("darkleaf", f"darkleaf: {clans[i]} is the {which} clan (scripted table): "
                    f"its win rate against the other clans", s[0], s[1], s[2], 0.5,
                    int(n_table[i]), scripted=s, search=b, search_name=KINDS[kind],
                    search_games=int(games[kind][i].sum()), strong_also=also)
        if sweep.get("clan") == clans[i]:
            f["key"] = sweep["key"]
        rows.append(f)
    return rows


def _edge_finding(df: pd.DataFrame, kind: str = "mcts") -> list[dict]:
    """Darkleaf's seat effect, measured where it does not measure the clans: the first
    mover's edge over every pairing and both turn orders (scripted), with the same edge
    under the strong player (``kind``'s table, :func:`_search_kind`) over the pairings it
    played in both orders."""
    if not len(df) or not (df["agents"] == "table").any():
        return []
    t = df[df["agents"] == "table"]
    v = _first_edge(t)
    m = df[df["agents"] == kind]
    both = m.groupby("pairing").filter(lambda g: g["first"].nunique() == 2) if len(m) else m
    b = _first_edge(both) if len(both) else None
    return [finding("darkleaf", "darkleaf: moving first, over every pairing and both orders "
                    "(a difference: the first mover's win rate minus 1/2)", *v, 0.0,
                    int(t["resolved_games"].sum()), scripted=v, search=b,
                    search_name=KINDS[kind], measure="difference",
                    search_games=int(both["resolved_games"].sum()) if len(both) else 0)]


def _first_edge(g: pd.DataFrame) -> tuple[float, float, float]:
    """Mean over both orders of (the first mover's return) - 1/2 (turn-capped games left out),
    with a normal 95% interval (the two orders are independent samples)."""
    vals = [(r.a_win if r.first == r.clan_a else 1 - r.a_win) for r in g.itertuples()]
    if not vals:
        return (float("nan"),) * 3
    var = sum(v * (1 - v) / max(n, 1) for v, n in zip(vals, g["resolved_games"])) \
        / len(vals) ** 2
    m = float(np.mean(vals)) - 0.5
    h = z_value() * float(np.sqrt(var))
    return (m, m - h, m + h)
