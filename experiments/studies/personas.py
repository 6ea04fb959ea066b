"""Study `personas`: what happens when players adapt.

For each game with scripted personas (court, humanity, darkness) and each table size,
every multiset of personas at the table plays (seats rotated).  The empirical game's
symmetric equilibrium (experiments.equilibrium: time-averaged replicator dynamics) gives
the mix of personas adapting players settle on, and each persona's win rate at that mix,
with parametric-bootstrap 95% intervals.  A fixed seating (one free-rider among fair
players) is shown beside it, but the equilibrium is the finding.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.aggregate import summarize
from experiments.equilibrium import bootstrap, compositions, solve
from experiments.plan import Study
from experiments.reporting import Section, bar_with_intervals, finding, write_findings
from simcore.spec import game_names, get_game

TITLE = "Persona equilibria: the mix adapting players settle on"
KEY_FIGURES = ("equilibrium_*",)  # shown inline on the report's index (fnmatch patterns)
GAMES = ("court", "humanity", "darkness")

BUDGET = {"smoke": {"fast": 60, "slow": 20, "reps": 20},
          "quick": {"fast": 600, "slow": 120, "reps": 60},
          "full": {"fast": 6000, "slow": 1200, "reps": 400}}
TABLES = {"court": (3, 4, 5, 6), "humanity": (2, 3, 4), "darkness": (2, 3, 4)}


def personas_of(game: str) -> list[str]:
    """The personas a table may hold (a frozen reference persona, the pre-fix scripts, is
    left out)."""
    return list(get_game(game).SPEC.current_personas)


def build(profile: str, seed: int) -> Study:
    b = BUDGET[profile]
    st = Study("personas", seed, [], chunk=1000 if profile != "full" else 5000, profile=profile)
    for g in GAMES:
        if g not in game_names():
            continue
        ps = personas_of(g)
        lo, hi = get_game(g).SPEC.players
        for P in TABLES[g]:
            if not lo <= P <= hi:
                continue
            stream = len(st.cells)
            for comp in compositions(len(ps), P):
                agents = tuple(f"scripted:{ps[i]}" for i in comp)
                st.add(g, P, agents, b["fast"] if g == "court" else b["slow"], stream=stream,
                       labels={"comp": list(comp)})
    st.notes.append(f"bootstrap replicates: {b['reps']}")
    return st


def mix_claim(g: str, P: int, ps, x, ci, mix: str) -> str:
    """The finding's sentence: the persona adapting players play most, named only when
    its share's interval clears every other persona's (an interval as wide as [0, 100]
    names no winner: it says there are not enough games to tell)."""
    top = int(np.argmax(x))
    if all(ci["share_low"][top] > ci["share_high"][j] for j in range(len(ps)) if j != top):
        return f"{g} at {P} players: adapting players play {ps[top]} most ({mix})"
    return (f"{g} at {P} players: not enough games to tell which persona adapting players "
            f"play most ({mix})")


def analyse(study: Study, out) -> list[Section]:
    reps = int(study.notes[0].split(":")[1]) if study.notes else 100
    rows, tables = [], []
    by = {}
    for c in study.cells:
        by.setdefault((c.game, c.players), []).append(c)
    findings, frows = [], []
    for (g, P), cells in by.items():
        ps = personas_of(g)
        k = len(ps)
        means, ses = {}, {}
        for c in cells:
            s = summarize(out, c)
            comp = tuple(c.labels["comp"])
            for i in sorted(set(comp)):
                r, lo, hi, n = s.agent_rate(f"scripted:{ps[i]}" if i else "scripted")
                if n == 0:  # the first persona's canonical text is plain "scripted"
                    r, lo, hi, n = s.agent_rate(f"scripted:{ps[i]}")
                means[(comp, i)] = float(r)
                ses[(comp, i)] = float(np.sqrt(max(r * (1 - r), 1e-4) / max(n, 1)))
                tables.append({"game": g, "players": P,
                               "table": " + ".join(ps[j] for j in comp), "persona": ps[i],
                               "seat_games": n, "win_rate": r, "ci_low": lo, "ci_high": hi})
        x, regret = solve(means, k, P)
        ci = bootstrap(means, ses, k, P, reps=reps, seed=study.seed)
        from experiments.equilibrium import fitness

        f = fitness(means, k, P, x)
        for i, p in enumerate(ps):
            rows.append({"game": g, "players": P, "persona": p, "share": x[i],
                         "share_low": ci["share_low"][i], "share_high": ci["share_high"][i],
                         "win_rate_at_equilibrium": f[i], "ci_low": ci["rate_low"][i],
                         "ci_high": ci["rate_high"][i], "fair_share": 1 / P,
                         "regret": regret})
        mix = ", ".join(f"{p} {100 * x[i]:.0f}% [{100 * ci['share_low'][i]:.0f}, "
                        f"{100 * ci['share_high'][i]:.0f}]" for i, p in enumerate(ps))
        played = [i for i in range(k) if x[i] > 0]
        rates = "; ".join(f"{ps[i]} wins {100 * f[i]:.1f}% [{100 * ci['rate_low'][i]:.1f}, "
                          f"{100 * ci['rate_high'][i]:.1f}]" for i in played)
        top = int(np.argmax(x))
        frows.append(finding(g, mix_claim(g, P, ps, x, ci, mix), x[top], ci["share_low"][top],
                             ci["share_high"][top], 1 / k, sum(c.games for c in cells),
                             scripted=(x[top], ci["share_low"][top], ci["share_high"][top]),
                             measure="share", about="players"))
        findings.append(f"{g} at {P} players: adapting players settle on {mix} "
                        f"(regret {regret:.3f}); at that mix {rates}, against a fair share of "
                        f"{100 / P:.1f}%.")
    write_findings(out, "personas", frows, study.profile)
    eq = pd.DataFrame(rows)
    fixed = pd.DataFrame(tables)
    secs = [Section("Findings", text=findings + [
        "Method: every multiset of personas at the table played with seats rotated; the "
        "symmetric equilibrium of that empirical game by time-averaged replicator dynamics "
        "(regret = what the best persona would gain over the mix; 0 at an equilibrium); "
        f"95% intervals from a parametric bootstrap of every table's win rates ({reps} "
        "replicates). Scripted personas only: the mix is over these scripts' styles."])]
    sec = Section("Equilibrium mix and win rates at equilibrium")
    sec.tables.append(("equilibrium", eq, "Equilibrium share of each persona and its win "
                       "rate at that mix (bootstrap 95%)"))
    for game, g in (eq.groupby("game", sort=False) if len(eq) else ()):
        lab = [f"{r.players}p {r.persona}" for r in g.itertuples()]
        sec.figures.append((f"equilibrium_{game}", bar_with_intervals(
            lab, g["share"], g["share_low"], g["share_high"],
            f"{game}: equilibrium persona shares", ylabel="share of players"), g,
            f"{game}: equilibrium share per persona (bootstrap 95%)"))
    secs.append(sec)
    sec = Section("Every table composition (fixed seatings)")
    sec.tables.append(("compositions", fixed, "Win rate of each persona at each table "
                       "composition (Wilson 95%)"))
    secs.append(sec)
    return secs
