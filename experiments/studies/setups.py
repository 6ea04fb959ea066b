"""Study `setups`: named setups, variants, scenarios and player counts side by side.

- Dark Frontier: each variant (standard, eased, and each eased step alone) for
  random, scripted, plain MCTS (mcts:iters=100, kept because it is cheap: its random
  rollouts lose a mission in about 7 actions) and ``best`` (agents.best; quick
  ``best:ms=3``), with the paired difference to standard.  The findings compare
  scripted with the profile's cheap strong player where it names one (registry
  ``STRONG``: frontier's ``value``, on reporting.STRONG_MIN missions a variant), else
  with ``best``.
- Court of the Dead: 3-6 players with the three scripted personas mixed at the
  table: Harvest failures, eliminations, and which persona wins; beside each, the same
  count with court's cheap strong player (registry ``STRONG``: ``value``) in every seat
  (quick 1,000 games, full 10,000), its failures and eliminations compared in the text.
- Edge of Darkness: every named setup with 3 scripted players (mean scores, seat
  shares, end reasons), and each setup's difficulty by a measure that does not rest
  on one player's habits: solo against the automa, scripted and a strong kind side by
  side (success, mean score, margin over the automa), random setups as the reference
  row.  The strong kind is darkness's cheap strong player solo (registry ``STRONG`` at
  1 player: ``value:samples=16``, about 0.1 CPU-s a game) on 100 games a setup (quick;
  full 1,000); a follow-up stage (:func:`follow_up`) tops the three setups the findings
  compare (the hardest and easiest named setups by the scripted margin, and random
  setups) up to STRONG_MIN games, so their ``agents`` labels rest on that many strong
  games.  Where no cheap strong player is named (smoke), ``best`` plays a few games.
- Edge of Humanity: every scenario with scripted players only (why: HUMANITY_NO_BEST).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from experiments.aggregate import summarize
from experiments.execute import cell_frame
from experiments.plan import Study
from experiments.reporting import (
    STRONG_MIN,
    Section,
    bar_with_intervals,
    finding,
    strong_player,
    write_findings,
)
from experiments.stats import binom_two_sided_p, holm, paired_difference, wilson
from experiments.studies import FOLLOW_UP_DIR
from simcore.spec import game_names, get_game

# measured cost that keeps `best` out of the humanity scenarios (see _generic)
HUMANITY_NO_BEST = (
    "measured: best:ms=3 in all three seats costs about 2 s a 3-player game on one core, "
    "130-180 actions a game, so even 20 games per scenario is about 2 minutes against a "
    "one-minute allowance in the quick profile; the ladder study measures best in humanity")

TITLE = "Setups, variants, scenarios and player counts"
KEY_FIGURES = ("*",)  # shown inline on the report's index (fnmatch patterns)
GAMES = ("frontier", "court", "darkness", "humanity")

# ``search``: games per search cell; ``best``: the `best` spec each profile plays (quick: a
# tenth of its stated cost, as in the ladder and locations studies; full: as stated)
BUDGET = {
    "smoke": {"frontier": 200, "search": 4, "court": 100, "other": 40, "solo": 100,
              "best_solo": 3, "best": "best:iters=4,depth=10", "frontier_best": "best:iters=8",
              "strong_total": 6},
    # quick: 20 frontier and 24 darkness games a search cell (30 and 40 cost 95 s of the
    # report's budget, docs/performance.md)
    # ("frontier_best" None: frontier's cheap strong player alone, on STRONG_MIN missions;
    # best:ms=3 on 20 a variant cost 36 s and labelled nothing)
    # "strong_solo": darkness's cheap strong player's games a named setup (100: about 10
    # CPU-s a setup); "best_solo": ``best``'s where the profile names none (smoke); the
    # follow-up stage brings the setups the findings name to STRONG_MIN ("strong_total"
    # where ``best`` plays)
    # "strong_table": games of humanity's cheap strong player in every seat a scenario,
    # beside the scripted table (quick: 200, about 5 s a scenario on 2 cores; #32 asks for
    # the strong player on every setup; no finding rests on these tables)
    # "court_strong": games of court's cheap strong player in every seat a player count
    # (quick: 1,000, about 3 s a count on 2 cores)
    "quick": {"frontier": 3000, "search": 20, "court": 2000, "other": 600, "solo": 2000,
              "best_solo": 24, "strong_solo": 100, "best": "best:ms=3", "frontier_best": None,
              "strong_table": 200, "court_strong": 1000},
    "full": {"frontier": 200_000, "search": 400, "court": 100_000, "other": 20_000,
             "solo": 50_000, "best_solo": 100, "strong_solo": 1000, "best": "best",
             "frontier_best": "best", "strong_table": 2000, "court_strong": 10_000},
}
# the follow-up stage's stream (the first stage's darkness solo cells play stream 400): its
# games are independent of the first stage's, so the two pool
FOLLOW_STREAM = 500


def _frontier_strong(profile: str) -> str | None:
    """Frontier's cheap strong player in ``profile`` (registry STRONG at 1 player), or
    None (then ``best`` on the games the profile affords)."""
    return strong_player("frontier", 1, profile)


def _darkness_strong(profile: str) -> tuple[str, int, int]:
    """(spec, games a named setup, games a finding's setup) of darkness's strong solo kind:
    the profile's cheap strong player solo (registry ``STRONG`` at 1 player) where it names
    one, else ``best`` on the profile's budget; the follow-up stage tops the setups a
    finding names up to the last figure (reporting.STRONG_MIN: the ``agents`` label needs
    that many strong games)."""
    b = BUDGET[profile]
    spec = strong_player("darkness", 1, profile)
    if spec is None or profile not in STRONG_MIN:
        return b["best"], b["best_solo"], b.get("strong_total", b["best_solo"])
    return spec, b["strong_solo"], STRONG_MIN[profile]


def build(profile: str, seed: int) -> Study:
    b = BUDGET[profile]
    st = Study("setups", seed, [], chunk=5000 if profile == "quick" else 20_000,
               profile=profile)
    reg = game_names()
    if "frontier" in reg:
        # plain UCT stays as a cheap rung (random rollouts end a mission in ~7 actions: ~0.1 s
        # a game); best, then the profile's cheap strong player where it names one (#32:
        # the findings compare scripted with it, on STRONG_MIN missions a variant)
        strong = _frontier_strong(profile)
        fb = b["frontier_best"] or (None if strong else "best:ms=3")
        for agent in ("random", "scripted", "mcts:iters=100") + ((fb,) if fb else ()) + (
                (strong,) if strong else ()):
            n = STRONG_MIN[profile] if agent == strong else \
                b["search"] if agent.startswith(("best", "mcts")) else b["frontier"]
            for v in get_game("frontier").SPEC.setups:
                # one stream for all variants: common random numbers for the paired differences
                st.add("frontier", 1, (agent,), n, setup=v, stream=100,
                       labels={"game": "frontier", "variant": v, "agent": agent})
    if "court" in reg:
        personas = get_game("court").SPEC.current_personas
        lo, hi = get_game("court").SPEC.players  # 3-6 as on the box (2: a named variant)
        for P in range(lo, hi + 1):
            agents = tuple(f"scripted:{personas[i % len(personas)]}" for i in range(P))
            st.add("court", P, agents, b["court"], stream=200,
                   labels={"game": "court", "players": P})
            # the same table under court's cheap strong player in every seat (#32: the
            # strong player on every setup; its Harvest failures are a property of play
            # worth measuring, not of the scripted personas' habits)
            strong = strong_player("court", P, profile)
            if strong and b.get("court_strong"):
                st.add("court", P, (strong,), b["court_strong"], stream=200,
                       labels={"game": "court", "players": P, "agent": strong})
    for g in ("darkness", "humanity"):
        if g not in reg:
            continue
        spec = get_game(g).SPEC
        for setup in spec.setups:
            if setup == "custom":
                continue
            P = min(max(3, spec.players[0]), spec.players[1])
            st.add(g, P, ("scripted",), b["other"], setup=setup, stream=300,
                   labels={"game": g, "setup": setup, "agent": "scripted", "kind": "table"})
            strong = strong_player(g, P, profile) if g == "humanity" else None
            if strong and b.get("strong_table"):
                st.add(g, P, (strong,), b["strong_table"], setup=setup, stream=300,
                       labels={"game": g, "setup": setup, "agent": strong, "kind": "table"})
            if g == "darkness":
                # the difficulty measure: solo against the automa, scripted and best on the
                # same stream (success, score, margin), beside the 3-player scripted table
                strong, n_strong, _ = _darkness_strong(profile)
                for kind, agent, n in (("scripted", "scripted", b["solo"]),
                                       ("best", strong, n_strong)):
                    st.add(g, 1, (agent,), n, setup=setup, stream=400,
                           labels={"game": g, "setup": setup, "agent": kind, "kind": "solo"})
    return st


def _margins(out, cell) -> np.ndarray:
    """Each solo game's margin over the automa (guild score minus the automa's VP)."""
    d = cell_frame(out, cell, ["score_0", "automa_vp"])
    return (d["score_0"] - d["automa_vp"]).to_numpy(float)


def _extremes(out, cells) -> list[str]:
    """The hardest and the easiest named darkness setup by the scripted player's mean solo
    margin over the automa (the setups the difficulty findings name), in that order."""
    m = {c.setup: float(_margins(out, c).mean()) for c in cells
         if c.labels.get("kind") == "solo" and c.labels["agent"] == "scripted"
         and c.setup != "random"}
    if not m:
        return []
    order = sorted(m, key=m.get)
    return list(dict.fromkeys([order[0], order[-1]]))


def follow_up(study: Study, out) -> Study | None:
    """The strong kind's second stage for darkness: its solo games on the setups the
    difficulty findings compare (the hardest and easiest named setups by the first stage's
    scripted games, and random setups, the reference) topped up to the profile's
    STRONG_MIN, on a stream of their own (independent games, pooled with the first
    stage's).  A pure function of the first stage's games, so it resumes."""
    cells = [c for c in study.cells if c.labels.get("game") == "darkness"]
    if not cells:
        return None
    strong, n1, total = _darkness_strong(study.profile)
    sub = Study("setups-strong", study.seed, [], chunk=study.chunk, profile=study.profile)
    for setup in _extremes(out, cells) + ["random"]:
        if total > n1:
            sub.add("darkness", 1, (strong,), total - n1, setup=setup, stream=FOLLOW_STREAM,
                    labels={"game": "darkness", "setup": setup, "agent": "best",
                            "kind": "solo", "stage": "follow-up"})
    return sub


def analyse(study: Study, out) -> list[Section]:
    secs, frows = [], []
    fr = [c for c in study.cells if c.labels.get("game") == "frontier"]
    if fr:
        sec, frows = _frontier(study, out, fr)
        secs.append(sec)
    co = [c for c in study.cells if c.labels.get("game") == "court"]
    if co:
        secs.append(_court(out, co))
    for g in ("darkness", "humanity"):
        cells = [c for c in study.cells if c.labels.get("game") == g]
        if cells:
            sub = follow_up(study, out) if g == "darkness" else None
            more = [] if sub is None else [(Path(out) / FOLLOW_UP_DIR, c) for c in sub.cells]
            secs.append(_generic(out, g, cells, frows, more))
    write_findings(out, "setups", frows, study.profile)
    return secs


def _frontier(study, out, cells) -> Section:
    rows = []
    for c in cells:
        s = summarize(out, c)
        r, lo, hi = s.seat_rate(0)
        row = {"variant": c.setup, "agent": c.labels["agent"], "games": s.games,
               "win_rate": r, "ci_low": lo, "ci_high": hi,
               "mean_cp": s.seat_score[0] / max(s.games, 1)}
        base = next(b for b in cells if b.setup == "standard" and b.agents == c.agents)
        if c is not base:
            x = cell_frame(out, c, ["game_index", "return_0"]).set_index("game_index")
            y = cell_frame(out, base, ["game_index", "return_0"]).set_index("game_index")
            j = x.add_suffix("_v").join(y.add_suffix("_s"), how="inner")
            d, dlo, dhi = paired_difference(j["return_0_v"], j["return_0_s"])
            row.update(diff_vs_standard=d, diff_low=dlo, diff_high=dhi)
        rows.append(row)
    df = pd.DataFrame(rows)
    sec = Section("Dark Frontier: variants", text=[
        "Solo win probability of each variant per agent (Wilson 95%), and the paired "
        "difference to the standard mission over the same game indices (normal 95%). "
        "The eased variant is both steps together; skip-turn-4 and no-hunter separate them. "
        "'Skip the Turn 4' has two readings, both reported: eased (the Rival does nothing on "
        "its 4th turn) and eased-row5 (its 4th turn plays the 'Turn 5 and so' row)."])
    sec.tables.append(("frontier_variants", df, "Win probability by variant and agent"))
    lab = [f"{r.variant} / {r.agent}" for r in df.itertuples()]
    sec.figures.append(("frontier_variants", bar_with_intervals(
        lab, df["win_rate"], df["ci_low"], df["ci_high"], "Dark Frontier win probability"),
        df, "Win probability by variant and agent (Wilson 95%)"))
    for agent, g in df.groupby("agent", sort=False):
        g = g.set_index("variant")
        if "standard" not in g.index:
            continue
        s_ = g.loc["standard"]
        for v in ("eased", "eased-row5"):
            if v not in g.index:
                continue
            e = g.loc[v]
            sec.text.append(
                f"{agent}: standard {100 * s_.win_rate:.1f}% [{100 * s_.ci_low:.1f}, "
                f"{100 * s_.ci_high:.1f}], {v} {100 * e.win_rate:.1f}% [{100 * e.ci_low:.1f}, "
                f"{100 * e.ci_high:.1f}]; {v} - standard = {100 * e.diff_vs_standard:+.1f} "
                f"points [{100 * e.diff_low:+.1f}, {100 * e.diff_high:+.1f}].")
    frows = []
    search = [a for a in df["agent"].unique() if a.startswith(("mcts", "best"))]
    strong = _frontier_strong(study.profile)
    if strong in set(df["agent"]):
        search.append(strong)  # the cheap strong player, on STRONG_MIN missions, last
    for v in df["variant"].unique():
        if v == "standard":
            continue
        x = df[df["variant"] == v].set_index("agent")
        if "scripted" not in x.index or "diff_vs_standard" not in x:
            continue
        sr = x.loc["scripted"]
        m = x.loc[search[-1]] if search and search[-1] in x.index else None
        frows.append(finding(
            "frontier", f"Dark Frontier: {v} minus standard, the mission's success rate "
            "(a difference)",
            sr.diff_vs_standard, sr.diff_low, sr.diff_high, 0.0, int(sr.games),
            scripted=(sr.diff_vs_standard, sr.diff_low, sr.diff_high),
            search=None if m is None else (m.diff_vs_standard, m.diff_low, m.diff_high),
            search_name=search[-1] if search else "", measure="difference",
            search_games=0 if m is None else int(m.games)))
    return sec, frows


def _court_equilibrium(out) -> list[str]:
    """The Court section leads with the persona equilibrium (the mix adapting players settle
    on, from the personas study in the same results folder) when it has been run."""
    from pathlib import Path

    eq = Path(out).parent / "personas" / "equilibrium.csv"
    if not eq.exists():
        return ["Persona equilibrium: not available (run `darkbalance study personas`; the "
                "report runs it before this study)."]
    df = pd.read_csv(eq)
    df = df[df["game"] == "court"]
    lines = []
    for P, g in df.groupby("players"):
        mix = ", ".join(f"{r.persona} {100 * r.share:.0f}% [{100 * r.share_low:.0f}, "
                        f"{100 * r.share_high:.0f}]" for r in g.itertuples() if r.share >= 0.005)
        win = ", ".join(f"{r.persona} {r.win_rate_at_equilibrium:.3f} [{r.ci_low:.3f}, "
                        f"{r.ci_high:.3f}]" for r in g.itertuples() if r.share >= 0.005)
        lines.append(f"{P} players, equilibrium mix of the scripted personas (bootstrap 95%): "
                     f"{mix}; win rates at that mix: {win} (fair share {1 / P:.3f}).")
    return (["Persona equilibrium first (see ../personas/report.html): what adapting "
             "players settle on."] + lines) if lines else []


def _court_kind(c) -> str:
    """A court setups cell's players: the persona mix, or the strong player's spec."""
    return c.labels.get("agent", "scripted personas")


def _court(out, cells) -> Section:
    rows, personas = [], []
    for c in cells:
        s = summarize(out, c)
        fail = s.mean_info("failures")
        elim_games = s.info_pos["eliminations"]
        r, lo, hi = s.rate(elim_games)
        nw, nlo, nhi = s.rate(s.shared)
        rows.append({"players": c.players, "agents": _court_kind(c), "games": s.games,
                     "mean_failures": fail,
                     "games_with_elimination": r, "elim_low": lo, "elim_high": hi,
                     "no_sole_winner": nw, "nsw_low": nlo, "nsw_high": nhi,
                     "mean_rounds": s.rounds_sum / max(s.games, 1)})
        if "agent" in c.labels:  # one player in every seat: no persona to compare
            continue
        for a in sorted(s.agent_n):
            k, n = s.agent_ret[a], s.agent_n[a]
            lo, hi = wilson(k, n)
            personas.append({"players": c.players, "persona": a, "seat_games": n,
                             "win_rate": k / n, "ci_low": lo, "ci_high": hi,
                             "fair_share": 1 / c.players})
    df, pdf = pd.DataFrame(rows), pd.DataFrame(personas)
    sec = Section("Court of the Dead: player counts", text=_court_equilibrium(out) + [
        "Below: scripted tables mixing the personas (fair-share, free-rider, court-hawk) in "
        "turn, seats rotated. One fixed mix per table size is a seating, not a property of "
        "the game: read its persona rates with the equilibrium above. Failures are Harvest "
        "failures per game; eliminations happen from the third failure on."] + (
        [_court_strong_text(df)] if (df["agents"] != "scripted personas").any() else []))
    sec.tables.append(("court_player_counts", df, "Failures, eliminations and games without "
                       "a sole winner by player count (Wilson 95%)"))
    sec.tables.append(("court_personas", pdf, "Which persona wins, by player count"))
    lab = [f"{r.players}p {r.persona.replace('scripted:', '')}" for r in pdf.itertuples()]
    sec.figures.append(("court_personas", bar_with_intervals(
        lab, pdf["win_rate"], pdf["ci_low"], pdf["ci_high"], "Court: persona win rates"),
        pdf, "Persona win rates by player count (Wilson 95%)"))
    _court_cards(out, cells, sec)
    return sec


def _court_strong_text(df: pd.DataFrame) -> str:
    """A line comparing the persona tables with the strong player's, count by count."""
    parts, name = [], "value"
    for P, g in df.groupby("players"):
        g = g.set_index("agents")
        strong = [a for a in g.index if a != "scripted personas"]
        if not strong or "scripted personas" not in g.index:
            continue
        name = strong[0]
        a, b = g.loc["scripted personas"], g.loc[name]
        parts.append(f"{P}p {a.mean_failures:.2f} / {b.mean_failures:.2f} failures a game, "
                     f"eliminations in {100 * a.games_with_elimination:.0f}% / "
                     f"{100 * b.games_with_elimination:.0f}% [{100 * b.elim_low:.0f}, "
                     f"{100 * b.elim_high:.0f}] of games")
    return (f"The same tables with the cheap strong player (registry STRONG, {name}) in "
            "every seat, personas first: "
            + "; ".join(parts) + ".  Strong play lets Harvests fail where the personas "
            "offer their fair share (so does `best`: `best:ms=3` in every seat, 200 games, "
            "ended with a last survivor in 65% of 3-player and 48% of 4-player games, "
            "docs/lab-log.md \"court value prior 0.2\"): each seat free-rides "
            "while a failure costs it little, which the Harvest thresholds and Fail effects "
            "make pay, and those values are assumed (`darkbalance rules court --assumed`); "
            "whether people play so is not measured here.") if parts else ""


def _court_cards(out, cells, sec) -> None:
    """Which Court cards swing games: how often a card's winner goes on to win the game,
    against the fair share 1/players, per player count (Wilson 95%, Holm within a count)."""
    from simcore.court import CARD_KEYS

    rows = []
    for c in cells:
        P = c.players
        kind = _court_kind(c)
        cols = [f"return_{s}" for s in range(P)] + [f"won_{k}" for k in CARD_KEYS]
        df = cell_frame(out, c, cols)
        ret = df[[f"return_{s}" for s in range(P)]].to_numpy(float)
        part = []
        for k in CARD_KEYS:
            w = df[f"won_{k}"].to_numpy()
            m = w >= 0
            n = int(m.sum())
            if n == 0:
                continue
            wins = float(ret[np.flatnonzero(m), w[m]].sum())
            lo, hi = wilson(wins, n)
            part.append({"players": P, "agents": kind, "card": k, "games_won": n,
                         "winner_win_rate": wins / n,
                         "ci_low": lo, "ci_high": hi, "fair_share": 1 / P,
                         "lift": wins / n - 1 / P, "p": binom_two_sided_p(wins, n, 1 / P)})
        for r, a in zip(part, holm([r["p"] for r in part])):
            r["p_holm"] = a
        rows += part
    if not rows:
        return
    df = pd.DataFrame(rows)
    sec.tables.append(("court_cards", df, "Which Court cards swing games: the card winner's "
                       "game win rate vs the fair share 1/players (Wilson 95%; Holm-adjusted "
                       "two-sided binomial p within each player count)"))
    P = 4 if 4 in set(df["players"]) else int(df["players"].iloc[0])
    d = df[(df["players"] == P) & (df["agents"] == "scripted personas")].sort_values(
        "lift", ascending=False)
    sec.figures.append((f"court_cards_{P}p", bar_with_intervals(
        list(d["card"]), d["winner_win_rate"], d["ci_low"], d["ci_high"],
        f"Court, {P} players: game win rate of each card's winner", ref=1 / P),
        d, f"{P} players, scripted personas: the card winner's game win rate (Wilson 95%); "
        f"dashed line 1/{P}"))
    sig = df[df["p_holm"] < 0.05].sort_values("lift", ascending=False)
    shown = pd.concat([x for _, k in sig.groupby("agents", sort=False)
                       for x in (k[k["lift"] > 0].head(3), k[k["lift"] < 0].tail(2))]
                      or [sig])
    for r in shown.itertuples():
        sec.text.append(
            f"{r.players} players ({r.agents}): winning {r.card} goes with a game win rate of "
            f"{100 * r.winner_win_rate:.1f}% [{100 * r.ci_low:.1f}, {100 * r.ci_high:.1f}] "
            f"against a fair share of {100 * r.fair_share:.1f}% ({r.games_won} games, "
            f"Holm p = {r.p_holm:.2g}).")
    if sig.empty:
        sec.text.append("No Court card's winner wins measurably more or less often than the "
                        "fair share (Holm-adjusted p >= 0.05 for every card and player count).")


def _generic(out, game, cells, frows=None, more=()) -> Section:
    rows = []
    for c in cells:
        s = summarize(out, c)
        row = {"setup": c.setup, "agent": c.labels.get("agent", "scripted"),
               "players": c.players, "games": s.games,
               "mean_rounds": s.rounds_sum / max(s.games, 1)}
        row["capped_share"] = s.capped / max(s.games, 1)  # no rulebook ending: unresolved
        for seat in range(c.players):
            r, lo, hi = s.seat_rate(seat)
            row[f"seat{seat}_win"] = r
            row[f"seat{seat}_ci"] = f"[{lo:.3f}, {hi:.3f}]"
            if s.capped:
                row[f"seat{seat}_win_resolved"] = s.resolved_rate(seat)[0]
            row[f"seat{seat}_mean_score"] = s.seat_score[seat] / max(s.games, 1)
        for reason, k in s.end.most_common(3):
            row[f"end:{reason}"] = k / s.games
        for col in list(s.info_sum)[:6]:
            row[f"mean {col}"] = s.mean_info(col)
        rows.append(row)
    df = pd.DataFrame(rows)
    text = ["Every named setup: seat win shares (Wilson 95%), mean scores, end reasons and "
            "the engine's own counters; one row per setup, agent kind and player count."]
    if game == "humanity":
        strong = sorted({c.labels["agent"] for c in cells} - {"scripted"})
        lead = (f"Beside the scripted table, the cheap strong player ({', '.join(strong)}) "
                "in every seat, on the same streams; no `best` table" if strong else
                "Scripted players only: a `best` table would cost well over this study's "
                "budget")
        text.append(f"{lead} ({HUMANITY_NO_BEST}).")
    sec = Section(f"{get_game(game).SPEC.long_name or game}: setups", text=text)
    if game == "darkness":
        _darkness_labels(df, sec)
        _darkness_difficulty(out, [c for c in cells if c.labels.get("kind") == "solo"], sec,
                             frows if frows is not None else [], more)
    sec.tables.append((f"{game}_setups", df, f"{game}: setups side by side, per agent kind"))
    return sec


def _darkness_difficulty(out, cells, sec, frows: list, more=()) -> None:
    """Each named setup's difficulty per agent kind, side by side: solo success against the
    automa (Wilson 95%), mean guild score and mean margin over the automa (normal 95%), and
    whether the agent kinds order the named setups alike (Spearman rank correlation of
    margins; the random setup is the reference row, not ranked).  Appends to ``frows`` the
    findings: the hardest and easiest named setups (scripted) against random setups, under
    both kinds.  ``more``: (folder, cell) of the follow-up stage, pooled with the first
    stage's cell of the same setup and kind."""
    from experiments.execute import cell_frame
    from experiments.stats import z_value

    if not cells:
        return
    z = z_value()
    per = {}
    for c in cells:
        d = pd.concat([cell_frame(o, x, ["return_0", "score_0", "automa_vp"])
                       for o, x in [(out, c)] + [
                           (o, x) for o, x in more if x.setup == c.setup
                           and x.labels["agent"] == c.labels["agent"]]], ignore_index=True)
        n = len(d)
        k = float(d["return_0"].sum())
        lo, hi = wilson(k, n)
        m = (d["score_0"] - d["automa_vp"]).to_numpy(float)
        h = z * float(m.std(ddof=1)) / np.sqrt(n) if n > 1 else float("nan")
        kind = c.labels["agent"]
        per.setdefault(c.setup, {"setup": c.setup})
        per[c.setup][f"_var_{kind}"] = float(m.var(ddof=1)) / n if n > 1 else float("nan")
        per[c.setup].update({
            f"games_{kind}": n, f"success_{kind}": k / max(n, 1), f"success_low_{kind}": lo,
            f"success_high_{kind}": hi, f"mean_score_{kind}": float(d["score_0"].mean()),
            f"margin_{kind}": float(m.mean()), f"margin_low_{kind}": float(m.mean()) - h,
            f"margin_high_{kind}": float(m.mean()) + h})
    full = pd.DataFrame(list(per.values()))
    df = full[[c for c in full.columns if not c.startswith("_var_")]].copy()
    kinds = [k for k in ("scripted", "best") if f"margin_{k}" in df]
    named = df["setup"] != "random"
    for k in kinds:
        df.loc[named, f"hardness_rank_{k}"] = df.loc[named, f"margin_{k}"].rank(
            ascending=True, method="min")
    sec.tables.append(("darkness_difficulty", df, "Edge of Darkness: each setup's solo "
                       "difficulty per agent kind, side by side (success Wilson 95%; margin "
                       "= guild score minus the automa's, normal 95%; rank 1 = hardest)"))
    lab = [f"{r.setup} / {k}" for r in df.itertuples() for k in kinds]
    vals = [getattr(r, f"margin_{k}") for r in df.itertuples() for k in kinds]
    los = [getattr(r, f"margin_low_{k}") for r in df.itertuples() for k in kinds]
    his = [getattr(r, f"margin_high_{k}") for r in df.itertuples() for k in kinds]
    sec.figures.append(("darkness_difficulty", bar_with_intervals(
        lab, vals, los, his, "Edge of Darkness: solo margin over the automa by setup",
        ylabel="guild score - automa (VP)", ref=0.0), df,
        "Solo margin over the automa per setup and agent kind (normal 95%)"))
    strong = ", ".join(sorted({c.agents[0] for c in cells if c.labels["agent"] == "best"}))
    sec.text.append("Difficulty by a measure that does not rest on one player's habits: each "
                    "setup played solo against the automa by the scripted player and by "
                    f"the strong kind `best` ({strong}), side by side in darkness_difficulty; "
                    "random setups are the reference row.")
    if more:
        top = ", ".join(dict.fromkeys(x.setup for _, x in more))
        sec.text.append(f"The strong kind's rows for {top} pool a follow-up stage's games "
                        "(the setups the findings compare, topped up to the games an "
                        "`agents` label needs; an independent stream), so their games "
                        "column is larger than the other setups'.")
    nd = df[named]
    weaker = weaker_than_script(df) if len(kinds) == 2 else []
    if weaker:
        sec.text.append("The strong kind wins less often than the scripted player beyond "
                        "chance (Wilson intervals apart) on: " + "; ".join(weaker) + ". "
                        "There its difficulty figures rest on a player weaker than the "
                        "script.")
    if len(kinds) == 2 and len(nd) > 2:
        rho = nd["margin_scripted"].rank().corr(nd["margin_best"].rank())
        hard = {k: nd.sort_values(f"margin_{k}").iloc[0].setup for k in kinds}
        sec.text.append(f"Hardest named setup by the solo margin: {hard['scripted']} (scripted), "
                        f"{hard['best']} (best); the two agent kinds' orderings of the named "
                        f"setups correlate at Spearman {rho:.2f}.")
    if "scripted" in kinds and len(nd) and "random" in set(df["setup"]):
        fr = full.set_index("setup").loc["random"]
        names = sorted({c.agents[0] for c in cells if c.labels["agent"] == "best"})
        # the setups the follow-up stage topped up (the same pure function of the games)
        for which, h in zip(("hardest", "easiest"), _extremes(out, cells)):
            fa = full.set_index("setup").loc[h]

            def diff(k, fa=fa):
                d = fa[f"margin_{k}"] - fr[f"margin_{k}"]
                half = z * float(np.sqrt(fa[f"_var_{k}"] + fr[f"_var_{k}"]))
                return (d, d - half, d + half)

            sc = diff("scripted")
            bs = diff("best") if "best" in kinds else None
            frows.append(finding(
                "darkness", f"Edge of Darkness solo: {h} is the {which} named setup "
                "(scripted): its margin over the automa minus random setups' (a difference, "
                "VP)", *sc, 0.0, int(fa["games_scripted"]), scripted=sc, search=bs,
                search_name=", ".join(names), measure="difference",
                # the difference rests on both setups' games: the smaller count
                search_games=int(min(fa["games_best"], fr["games_best"])) if bs else 0))


def weaker_than_script(df: pd.DataFrame) -> list[str]:
    """The setups of the difficulty table where the strong kind's solo success lies below
    the scripted player's beyond chance (its Wilson upper bound under scripted's lower),
    each as "setup: strong x% [lo, hi] against scripted y% [lo, hi]"."""
    out = []
    for r in df.itertuples():
        if r.success_high_best < r.success_low_scripted:
            out.append(f"{r.setup}: strong {100 * r.success_best:.1f}% "
                       f"[{100 * r.success_low_best:.1f}, {100 * r.success_high_best:.1f}] "
                       f"against scripted {100 * r.success_scripted:.1f}% "
                       f"[{100 * r.success_low_scripted:.1f}, {100 * r.success_high_scripted:.1f}]")
    return out


def _darkness_labels(df, sec) -> None:
    """Set the measured Coin economy, combativeness, seat balance and scores beside the
    printed Difficulty / Complexity / Combative labels of the named setups."""
    from simcore.darkness.locations import SETUPS

    lab = {k: v[2] for k, v in SETUPS.items()}
    df["printed_difficulty"] = [lab.get(s, ("-",))[0] for s in df["setup"]]
    df["printed_complexity"] = [lab.get(s, ("-", "-"))[1] for s in df["setup"]]
    df["printed_combative"] = [lab[s][2] if s in lab else None for s in df["setup"]]
    seats = [c for c in df.columns if c.startswith("seat") and c.endswith("_win")]
    df["seat_spread"] = (df[seats].max(axis=1) - df[seats].min(axis=1)).where(df["players"] > 1)
    score = [c for c in df.columns if c.endswith("_mean_score")]
    df["mean_score"] = df[score].mean(axis=1)
    named = df[(df["printed_difficulty"] != "-") & (df["players"] > 1)]
    if named.empty:
        return
    by = named.groupby("printed_difficulty")["mean_score"].mean()
    sec.text.append("Printed Difficulty against the mean score per player (scripted, "
                    f"{int(named['players'].iloc[0])} players): " + ", ".join(
        f"{k} {v:.1f}" for k, v in by.items()) + " (a harder setup should score lower).")
    if "mean attacks_landed" in df.columns:
        comb = named.groupby("printed_combative")["mean attacks_landed"].mean()
        sec.text.append("Attacks landed per game, setups printed Combative vs not: " + ", ".join(
            f"{'combative' if k else 'not combative'} {v:.2f}" for k, v in comb.items()) + ".")
    if "mean coins_spent" in df.columns:
        c = named.sort_values("mean coins_spent")
        sec.text.append(f"Coin economy: tightest {c.iloc[0].setup} ({c.iloc[0]['mean coins_spent']:.1f}"
                        f" Coins spent per game), most flooded {c.iloc[-1].setup} "
                        f"({c.iloc[-1]['mean coins_spent']:.1f}).")
    w = named.sort_values("seat_spread").iloc[-1]
    sec.text.append(f"Least seat-balanced: {w.setup} (spread of seat win shares "
                    f"{100 * w.seat_spread:.1f} points; per-seat Wilson intervals in the table).")


