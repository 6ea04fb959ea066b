"""Study `ladder`: every rung against every other, per game.

Rungs per game: random, each scripted persona, plain UCT (random rollouts) at a base
budget and at 4x it, and ``best`` (agents.best).  At 2 players every pair plays with
seats rotated; at a larger table (4 where the game allows, 3 for court, whose box starts
at 3) each rung sits with copies of each non-search opponent (random, a persona: search
tables of 3-4 search seats cost hours in the long games); solo games rate each rung
by its own success.  Rates are the focal rung's mean return (a shared win counts 1/k)
with Wilson 95% intervals; 2-player tables add Bradley-Terry ratings with
observed-information intervals.  A ladder "rises" when scripted beats random, ``best``
beats every scripted persona and the 4x budget is not weaker than 1x (intervals).
The cells the ladder sets targets for, ``best`` against each scripted persona, get more
games ("target" budget); in darkleaf they are split over the 15 clan pairings and pooled.
"""
from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd

from agents.spec import parse_agent
from experiments.aggregate import summarize
from experiments.plan import Study
from experiments.reporting import (
    Section,
    bar_with_intervals,
    finding,
    rate_heatmap,
    write_findings,
)
from experiments.stats import bradley_terry, wilson
from simcore.spec import game_names, get_game

TITLE = "Skill ladder: random, scripted personas, search budgets and best"
KEY_FIGURES = ("ladder_*",)  # shown inline on the report's index (fnmatch patterns)
GAMES = None

# games whose decisions cost the most search time (per decision, measured)
SLOW = ("darkleaf", "darkness", "humanity")
BUDGET = {
    "smoke": {"plain": 60, "search": 4, "search_slow": 2, "base": 10, "base_slow": 4,
              "best": "iters=8", "best_slow": "iters=4,depth=20", "target": 4, "target_slow": 2,
              "pooled": 2, "uct_slow": 2, "value_games": "smoke"},
    # quick plays best:ms=3 (a third of a long game's stated simulations: 54 in darkleaf,
    # 150 in darkness, 165 in humanity, 360 in court): its verdicts are a floor
    # on what best does; the full profile plays best as stated (agents.best).  "target":
    # the games of each best-vs-persona cell, the head-to-heads the targets are set for;
    # "pooled": games per setup of such a cell where it is split over the setups (darkleaf's
    # pairings: 20 a pairing gives each pairing's rate a +-20-point interval, 40 +-15; the
    # full profile keeps 20 so it finishes in about 2 hours on 2 cores); "uct_slow":
    # games of a slow game's cell whose only search is plain UCT (random rollouts: a
    # darkleaf game with one mcts:iters=200 seat costs ~35 s on one core, and the rung plays
    # near random there, which 20 games show)
    # "value_random": the cheap strong player's cells with random (beside it or around
    # it): it wins nearly every game, which 100 show (300 cost 39 s of the quick report);
    # "among_value": a larger table's cell of one rung among P-1 value seats (no target;
    # at 300 games darkness's and humanity's four cost 39 s of the quick report, where
    # one value seat among personas, the targets' cells, costs a third as much)
    "quick": {"plain": 300, "search": 20, "search_slow": 4, "base": 50, "base_slow": 10,
              "best": "ms=3", "best_slow": "ms=3", "target": 40, "target_slow": 24,
              "pooled": 2, "uct_slow": 2, "value_random": 100, "among_value": 100},
    "full": {"plain": 2000, "search": 200, "search_slow": 20, "base": 200, "base_slow": 50,
             "best": "", "best_slow": "", "target": 400, "target_slow": 60,
             "pooled": 20, "uct_slow": 10},
}
# games whose setups are the matchups themselves (darkleaf's 15 clan pairings): a target
# cell is split over every setup so its rate is pooled over them
POOLED = ("darkleaf",)


def tables(name: str) -> list[int]:
    """Player counts the ladder plays for ``name``: 2 and a larger table, or solo."""
    lo, hi = get_game(name).SPEC.players
    if hi == 1:
        return [1]
    out = [max(lo, 2)]
    big = 4 if lo <= 4 <= hi else (3 if lo <= 3 <= hi else None)
    if big and big not in out:
        out.append(big)
    return out


def has_value(name: str, profile: str) -> bool:
    """Whether ``name``'s ladder has a ``value`` rung: the game has fitted weights
    (agents/weights/), and the profile plays it there (smoke: only where its tests already
    compile the value arena)."""
    from agents.value import load_weights

    from experiments.reporting import smoke_strong

    smoke = BUDGET[profile].get("value_games") == "smoke"
    return load_weights(name) is not None and (not smoke or smoke_strong(name))


def rungs(name: str, profile: str) -> list[str]:
    """The rungs of ``name``'s ladder, weakest first by design (``value``, the cheap
    one-ply player of #32, after the scripted personas, where :func:`has_value`)."""
    b = BUDGET[profile]
    slow = name in SLOW
    base = b["base_slow"] if slow else b["base"]
    best = b["best_slow"] if slow else b["best"]
    personas = get_game(name).SPEC.personas
    # only the full profile plays the frozen reference players: each compiles a second
    # arena for its game (minutes), which the quick report's time budget cannot carry
    out = ["random"] + ["scripted" if i == 0 else f"scripted:{p}"
                        for i, p in enumerate(personas)
                        if not (profile != "full" and getattr(p, "frozen", False))]
    out += ["value"] if has_value(name, profile) else []
    out += [f"mcts:iters={base}", f"mcts:iters={4 * base}", "best" + (f":{best}" if best else "")]
    return out


def build(profile: str, seed: int) -> Study:
    b = BUDGET[profile]
    st = Study("ladder", seed, [], chunk=500 if profile != "full" else 2000, profile=profile)
    for g in game_names():
        rs = rungs(g, profile)
        slow = g in SLOW
        for P in tables(g):
            stream = len(st.cells)
            if P == 1:
                for a in rs:
                    n = b["plain"] if not _search(a) else (b["search_slow" if slow else "search"])
                    st.add(g, 1, (a,), n, stream=stream,
                           labels={"agent": a, "opponent": "(solo)"})
                continue
            for i, a in enumerate(rs):
                for j, o in enumerate(rs):
                    if i == j or (P == 2 and j < i):
                        continue  # 2 players: one cell per pair, both seatings inside it
                    if P > 2 and _search(o):
                        continue  # larger tables: every rung among non-search opponents
                    search = _search(a) or _search(o)
                    n = b["plain"] if not search else b["search_slow" if slow else "search"]
                    if slow and search and not (_best(a) or _best(o)):
                        n = b["uct_slow"]
                    if {a, o} == {"value", "random"}:
                        n = b.get("value_random", n)
                    elif P > 2 and o == "value" and not search:
                        n = b.get("among_value", n)  # a search keeps its few games
                    target = _target(a, o)
                    if target:
                        n = b["target_slow" if slow else "target"]
                    agents = tuple([a] + [o] * (P - 1))
                    labels = {"agent": a, "opponent": o}
                    setups = get_game(g).SPEC.setups
                    # value against a persona (#32's targets), pooled like best's
                    vt = not target and _value_target(a, o)
                    if (target or vt) and g in POOLED:
                        per = max(b["pooled"] if target else n // len(setups), _seatings(P))
                        per -= per % _seatings(P)
                        for k, setup in enumerate(setups):
                            st.add(g, P, agents, per, setup=setup, stream=stream + 1000 * k,
                                   labels={**labels, "setup": setup})
                        continue
                    n = max(n - n % _seatings(P), _seatings(P))
                    st.add(g, P, agents, n, stream=stream, labels=labels)
    return st


@cache
def _frozen_names() -> frozenset:
    """Names of the frozen reference personas (simcore.spec.Persona) of every game."""
    return frozenset(p for g in game_names() for p in get_game(g).SPEC.personas if p.frozen)


def _frozen(a: str) -> bool:
    """Whether agent spec ``a`` is a scripted frozen reference persona (a yardstick for the
    fixes, not a rung to beat)."""
    kind, _, persona = a.partition(":")
    return kind == "scripted" and persona.removeprefix("persona=") in _frozen_names()


def _target(a: str, o: str) -> bool:
    """A cell of ``best`` against a scripted persona other than a frozen reference one."""
    pair = {a.split(":")[0], o.split(":")[0]}
    return pair == {"best", "scripted"} and not (_frozen(a) or _frozen(o))


def _value_target(a: str, o: str) -> bool:
    """A cell of ``value`` against a scripted persona other than a frozen reference one."""
    pair = {a.split(":")[0], o.split(":")[0]}
    return pair == {"value", "scripted"} and not (_frozen(a) or _frozen(o))


def _search(a: str) -> bool:
    return a.startswith(("mcts", "best"))


def _best(a: str) -> bool:
    return a.startswith("best")


def _seatings(P: int) -> int:
    return P  # one focal rung among P-1 equal opponents: P distinct seatings


def analyse(study: Study, out) -> list[Section]:
    # cells with the same (game, players, agent, opponent) pool: darkleaf target cells are
    # one per clan pairing
    acc: dict[tuple, list] = {}
    by_setup = []  # the focal rung's rate in each setup of a split (pooled) cell

    def add(c, s, agent, opponent, text):
        key = (c.game, c.players, agent, opponent)
        k, n, games, lost, capped = acc.get(key, (0.0, 0, 0, 0, 0))
        acc[key] = (k + s.agent_ret[text], n + s.agent_n[text], games + s.games,
                    lost + s.agent_lost[text], capped + s.capped)
        if c.labels.get("setup"):
            r, lo, hi, _ = s.agent_rate(text)
            row = {"game": c.game, "players": c.players, "agent": agent,
                   "opponent": opponent, "setup": c.labels["setup"],
                   "games": s.games, "win_rate": r, "ci_low": lo, "ci_high": hi,
                   **s.cap_columns(agent=text)}
            # the rate in each seat: a setup's seats differ (darkleaf's first and second clan)
            for seat in range(c.players):
                n = s.agent_seat_n[text, seat]
                row[f"seat_{seat}"] = f"{s.agent_seat_ret[text, seat]:g}/{n}" if n else ""
            by_setup.append(row)

    for c in study.cells:
        s = summarize(out, c)
        spec = get_game(c.game).SPEC
        a, o = c.labels["agent"], c.labels["opponent"]
        add(c, s, a, o, parse_agent(a, spec.personas, c.game).text)
        if c.players == 2:  # the same cell read from the other side
            add(c, s, o, a, parse_agent(o, spec.personas, c.game).text)
    rows = []
    for (g, P, a, o), (k, n, games, lost, capped) in acc.items():
        r, lo, hi = (k / n, *wilson(k, n)) if n else (np.nan,) * 3
        rows.append({"game": g, "players": P, "agent": a, "opponent": o, "games": games,
                     "win_rate": r, "ci_low": lo, "ci_high": hi, "fair_share": 1 / P,
                     "losses": lost, "capped_share": capped / max(games, 1)})
    df = pd.DataFrame(rows)
    ratings = _ratings(df)
    verdicts = _verdicts(df, study)
    secs = [Section("Findings", text=[v["text"] for v in verdicts])]
    split = pd.DataFrame(by_setup)
    if len(split):
        secs[0].text += _setup_verdicts(split)
    for (g, P), grp in df.groupby(["game", "players"], sort=False):
        sec = Section(f"{g} at {P} player{'s' if P > 1 else ''}")
        sec.tables.append((f"ladder_{g}_{P}p", grp.reset_index(drop=True),
                           "Focal rung's win rate against each opponent (Wilson 95%)"))
        if P == 2:
            rt = ratings[ratings["game"] == g]
            sec.tables.append((f"ratings_{g}", rt.reset_index(drop=True),
                               "Bradley-Terry strength per rung (log scale, mean 0; "
                               "observed-information 95% intervals)"))
        sec.figures.append((f"ladder_{g}_{P}p", _figure(grp, g, P), grp,
                            f"{g}, {P} players: win rate of each rung (rows) against each "
                            "opponent (columns)"))
        secs.append(sec)
    from experiments.io import write_atomic

    write_atomic(out / "ladder.csv", lambda t: df.to_csv(t, index=False))
    write_atomic(out / "ratings.csv", lambda t: ratings.to_csv(t, index=False))
    write_atomic(out / "verdicts.csv", lambda t: pd.DataFrame(verdicts).to_csv(t, index=False))
    for g, grp in split.groupby("game", sort=False) if len(split) else ():
        bs = grp[grp["agent"].map(_best)].reset_index(drop=True)
        secs.append(Section(f"{g}: best against scripted by setup", tables=[(
            f"ladder_{g}_by_setup", bs, "best's win rate against the scripted player in "
            "each setup (seats rotated, Wilson 95%; seat_k: best's wins/games in seat k, "
            "e.g. darkleaf's first and second clan): the target is >= 55% in each")]))
    rows = []
    for (g, P), grp in df.groupby(["game", "players"], sort=False):
        best = grp[grp["agent"].str.startswith("best")]
        if P == 1:
            x = best
        else:
            x = best[best["opponent"] == "scripted"]
        if x.empty:
            continue
        r = x.iloc[0]
        rows.append(finding(g, f"{g} at {P} player{'s' if P > 1 else ''}: best "
                            + ("succeeds" if P == 1 else "against scripted"), r.win_rate,
                            r.ci_low, r.ci_high, r.fair_share if P > 1 else 0.0,
                            int(r.games), search=(r.win_rate, r.ci_low, r.ci_high),
                            search_name=r.agent, search_games=int(r.games), about="players"))
    write_findings(out, "ladder", rows, study.profile)
    return secs


def _ratings(df: pd.DataFrame) -> pd.DataFrame:
    out = []
    for g, grp in df[df["players"] == 2].groupby("game", sort=False):
        names = list(dict.fromkeys(grp["agent"]))
        w = np.zeros((len(names), len(names)))
        for r in grp.itertuples():
            w[names.index(r.agent), names.index(r.opponent)] += r.win_rate * r.games
        for x in bradley_terry(names, w):
            out.append({"game": g, "rung": x["name"], "strength": x["strength"],
                        "ci_low": x["low"], "ci_high": x["high"],
                        "p_vs_average": x["p_vs_average"]})
    return pd.DataFrame(out)


def _verdicts(df: pd.DataFrame, study: Study) -> list[dict]:
    """Per game and table: does the ladder rise? Each check with the numbers behind it."""
    out = []
    for (g, P), grp in df.groupby(["game", "players"], sort=False):
        def rate(a, o):
            x = grp[(grp["agent"] == a) & (grp["opponent"] == o)]
            return None if x.empty else x.iloc[0]
        rs = list(dict.fromkeys(grp["agent"]))
        scripted = [a for a in rs if a.startswith("scripted")]
        base = [a for a in rs if a.startswith("mcts")]
        best = [a for a in rs if a.startswith("best")]
        checks = []
        if P == 1:
            solo = grp.set_index("agent")
            def above(a, b):
                return solo.loc[a, "ci_low"] > solo.loc[b, "ci_high"]
            checks.append(("scripted beats random", above(scripted[0], "random"),
                           f"{_pct(solo.loc[scripted[0]])} vs {_pct(solo.loc['random'])}"))
            checks.append(("best beats scripted", above(best[0], scripted[0]),
                           f"{_pct(solo.loc[best[0]])} vs {_pct(solo.loc[scripted[0]])}"))
            checks.append(("4x budget not weaker", not above(base[0], base[1]),
                           f"{_pct(solo.loc[base[1]])} vs {_pct(solo.loc[base[0]])}"))
        else:
            fair = 1 / P
            r = rate(scripted[0], "random")
            checks.append(("scripted beats random", r is not None and r.ci_low > fair,
                           _pct(r)))
            # the frozen reference player is a yardstick for the fixes, not a rung to beat
            legacy = [a for a in scripted if _frozen(a)]
            for sp in [a for a in scripted if a not in legacy]:
                r = rate(best[0], sp)
                if r is not None and r.ci_low <= fair and _unbeaten(grp, sp) and r.losses == 0:
                    # a persona no rung beats (tictactoe's plays perfectly): a draw is the
                    # game's value, so holding it to draws is the top of the ladder
                    checks.append((f"best holds {sp}, which no rung beats, to draws", True,
                                   f"{_pct(r)}, best lost none"))
                    continue
                checks.append((f"best beats {sp}", r is not None and r.ci_low > fair, _pct(r)))
            r = rate(base[1], base[0])
            if r is not None:  # larger tables seat search only among non-search opponents
                checks.append(("4x budget not weaker", r.ci_high >= fair, _pct(r)))
        rises = all(ok for _, ok, _ in checks)
        # #32's targets for value, beside the ladder (value is a cheap player, not a rung
        # the ladder must climb): >= 60% at 2 players, >= 1.6x the fair share at 3-4, and
        # 30 points over scripted solo
        vals = []
        for sp in [a for a in scripted if not _frozen(a)] if "value" in rs else ():
            if P == 1:
                v, s_ = solo.loc["value"], solo.loc[sp]
                vals.append(f"value {_pct(v)} vs {sp} {_pct(s_)} (target: +30 points; "
                            f"{'met' if v.win_rate - s_.win_rate >= 0.30 else 'not met'})")
                continue
            r = rate("value", sp)
            if r is None:
                continue
            goal = 0.6 if P == 2 else 1.6 * fair
            vals.append(f"value vs {sp} {_pct(r)} (target {100 * goal:.0f}%: "
                        f"{'met' if r.ci_low >= goal else 'not met'})")
        fixes = [] if P == 1 else [
            f"{sp} vs legacy {_pct(rate(sp, lg))}" + _swapped(rate(sp, lg), rate(lg, sp), sp, P)
            for lg in legacy for sp in scripted
            if sp not in legacy and rate(sp, lg) is not None]
        text = (f"{g} at {P} player{'s' if P > 1 else ''}: the ladder "
                f"{'rises' if rises else 'does not rise'} ("
                + "; ".join(f"{name}: {'yes' if ok else 'no'}, {v}" for name, ok, v in checks)
                + ")." + (" Improved players against the frozen legacy one: "
                          + "; ".join(fixes) + "." if fixes else "")
                + (" The value player: " + "; ".join(vals) + "." if vals else ""))
        out.append({"game": g, "players": P, "rises": rises, "text": text})
    return out


def _swapped(mine, theirs, sp: str, P: int) -> str:
    """At a larger table, the improved persona's lone seat among legacy seats beside the
    legacy persona's lone seat among improved ones: the same role, so the head-to-head
    that a minority's handicap (court's card convention, which any persona the others do
    not share pays) cannot bias.  Empty at 2 players, or where the swap was not played."""
    if P == 2 or mine is None or theirs is None:
        return ""
    if mine["ci_low"] > theirs["ci_high"]:
        word = "ahead beyond chance"
    elif mine["ci_high"] < theirs["ci_low"]:
        word = "behind beyond chance"
    else:
        word = "not told apart"
    return (f", against legacy's lone seat among {sp} {_pct(theirs)}"
            f" (the same role: {sp} {word})")


def _unbeaten(grp: pd.DataFrame, a: str) -> bool:
    """True when rung ``a`` lost none of its games against any rung at this table."""
    mine = grp[grp["agent"] == a]
    return len(mine) > 0 and int(mine["losses"].sum()) == 0


def _setup_verdicts(split: pd.DataFrame, floor: float = 0.55) -> list[str]:
    """Per game with split cells: in how many setups best reaches ``floor`` against each
    scripted persona, and the setups whose whole interval lies below it."""
    out = []
    for (g, o), grp in split[split["agent"].map(_best)].groupby(["game", "opponent"],
                                                                 sort=False):
        below = grp[grp["ci_high"] < floor]
        out.append(
            f"{g}, best against {o} by setup: at or above {100 * floor:.0f}% in "
            f"{int((grp['win_rate'] >= floor).sum())} of {len(grp)} setups ("
            f"{int(grp['games'].min())}-{int(grp['games'].max())} games each); below it "
            "beyond chance in " + (", ".join(
                f"{r.setup} {100 * r.win_rate:.0f}% [{100 * r.ci_low:.0f}, "
                f"{100 * r.ci_high:.0f}]" for r in below.itertuples()) or "none") + ".")
    return out


def _pct(r) -> str:
    if r is None:
        return "not played"
    return (f"{100 * r['win_rate']:.1f}% [{100 * r['ci_low']:.1f}, {100 * r['ci_high']:.1f}] "
            f"over {int(r['games'])} games")


def _figure(grp: pd.DataFrame, g: str, P: int):
    rs = list(dict.fromkeys(grp["agent"]))
    if P == 1:
        x = grp.set_index("agent").loc[rs]
        return bar_with_intervals(rs, x["win_rate"], x["ci_low"], x["ci_high"],
                                  f"{g}: success by rung (Wilson 95%)", ylabel="success rate")
    opp = list(dict.fromkeys(grp["opponent"]))
    # one order for rows and columns: the opponents first, in rung order, so each
    # self-play cell (blank) sits on the diagonal
    cols = [a for a in rs if a in opp] + [a for a in opp if a not in rs]
    rows = [a for a in cols if a in rs] + [a for a in rs if a not in cols]
    m = np.full((len(rows), len(cols)), np.nan)
    for r in grp.itertuples():
        m[rows.index(r.agent), cols.index(r.opponent)] = r.win_rate
    return rate_heatmap(m, rows, cols, 1.0 / P,
                        f"{g}, {P} players: row's win rate (%) vs column", xlabel="opponents",
                        ylabel="rung")
