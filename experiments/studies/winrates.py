"""Study `winrates`: seat win rates, draws, lengths, end reasons and a skill ladder per game.

Cells per game and player count: all-random, all-scripted and all-``best`` tables
(seat and turn-order effects; the search table labels the scripted findings), then the
ladder: one focal agent (random, scripted, MCTS at two
budgets) against scripted opponents, seats rotated, compared with the fair
share 1/players. A flat ladder means skill barely matters (a finding).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from agents.spec import parse_agent
from experiments.aggregate import summarize
from experiments.plan import Study
from experiments.reporting import Section, bar_with_intervals, finding, write_findings
from simcore import registry
from simcore.spec import game_names, get_game

TITLE = "Win rates, seat effects and the skill ladder"
KEY_FIGURES = ()  # shown inline on the report's index (fnmatch patterns)
GAMES = None  # every registered game

BUDGET = {
    # smoke caps the long games' MCTS rollouts (depth=30): it checks the path, not the play
    "smoke": {"table": 100, "ladder": 40, "mcts": 4, "iters": (10, 20), "mcts_slow": 2,
              "iters_slow": (5, 10), "depth_slow": 30, "best_table": 2, "best_table_slow": 1,
              "strong_table": 20},
    # quick: 8 all-best games of a long game a table, 32 of a short one (16 and 40 cost
    # about 105 s of the report's budget (docs/performance.md), 12 and 40 about 80 s; the full profile is
    # where the seat claims under search are made: quick's all say "not enough games")
    "quick": {"table": 2000, "ladder": 600, "mcts": 24, "iters": (50, 200), "mcts_slow": 4,
              "iters_slow": (10, 30), "best_table": 32, "best_table_slow": 8,
              "strong_table": 1000},
    # long games' MCTS rungs are sized by cost: a darkleaf game at iters=200 is ~70 s
    "full": {"table": 50_000, "ladder": 20_000, "mcts": 200, "iters": (200, 1000),
             "mcts_slow": 20, "iters_slow": (50, 200), "best_table": 200,
             "best_table_slow": 12, "strong_table": 10_000},
}
# every seat searching: the seat and turn-order findings are labelled by whether they hold
# under search too (quick: best:ms=3, a third of its stated simulations or less).  Self-play
# of best:ms=5 at the rates of then (about best:ms=3 now) costs 0.04-0.6 s a game in
# tictactoe, connect4 and court, 0.9-5 s in humanity (2-5p),
# darkness (2-4p) and darkleaf, hence fewer games in those (measured 2026-12-02)
SEARCH = {"smoke": "best:iters=4,depth=10", "quick": "best:ms=3", "full": "best"}


def strong_table(game: str, profile: str, slow: bool, players: int) -> tuple[str, int]:
    """(agent spec, games) of ``game``'s all-strong seat table at ``players``: its profile's
    cheap strong player at that count (registry ``STRONG``) on the profile's
    ``strong_table`` games (reporting.STRONG_MIN in quick and full), else ``best`` at the
    profile's budget on the games it affords."""
    from experiments.reporting import strong_player

    b = BUDGET[profile]
    spec = strong_player(game, players, profile)
    if spec is not None:
        return spec, b["strong_table"]
    return SEARCH[profile], b["best_table_slow" if slow else "best_table"]


def build(profile: str, seed: int) -> Study:
    b = BUDGET[profile]
    st = Study("winrates", seed, [], chunk=5000 if profile == "quick" else 20_000,
               profile=profile)
    for g in game_names():
        spec = get_game(g).SPEC
        for P in range(spec.players[0], spec.players[1] + 1):
            stream = len(st.cells)
            for base in ("random", "scripted"):
                st.add(g, P, (base,), b["table"], stream=stream,
                       labels={"kind": "table", "agent": base})
            # long games (darkleaf, darkness, humanity) get a smaller MCTS rung: a darkleaf
            # decision at 200 iterations takes ~0.2 s, a game ~300 of them
            slow = spec.max_game_length > 1000
            if P > 1:  # a seat effect needs rivals; solo play is the setups study's
                # "best": the strong table (its spec names the player: strong_table)
                spec_, n = strong_table(g, profile, slow, P)
                st.add(g, P, (spec_,), n, stream=stream, labels={"kind": "table",
                                                                 "agent": "best"})
            iters = b["iters_slow"] if slow else b["iters"]
            depth = f",depth={b['depth_slow']}" if slow and b.get("depth_slow") else ""
            ladder = ["random", "scripted"] + [f"mcts:iters={i}{depth}" for i in iters]
            for a in ladder:
                n = (b["mcts_slow"] if slow else b["mcts"]) if a.startswith("mcts") \
                    else b["ladder"]
                agents = tuple([a] + ["scripted"] * (P - 1))
                st.add(g, P, agents, n, stream=stream + 1, labels={"kind": "ladder", "agent": a})
    _add_decision_cells(st, profile)
    return st


def _add_decision_cells(st: Study, profile: str) -> None:
    """Cells that count what each player does, per game with action kinds: the scripted
    players (all seats scripted) and search (best, in one seat among scripted ones)."""
    n_scripted, n_search = DECISIONS.get(profile, DECISIONS["quick"])
    # quick: best:ms=3 (a third of its stated simulations or less), full: as stated
    search = {"smoke": "best:iters=4,depth=10", "quick": "best:ms=3"}.get(profile, "best")
    for g in game_names():
        spec = get_game(g).SPEC
        if len(spec.action_kinds) < 2:
            continue
        P = min(max(2, spec.players[0]), spec.players[1])
        stream = len(st.cells)
        for agent, n in (("scripted", n_scripted), (search, n_search)):
            st.add(g, P, tuple([agent] + ["scripted"] * (P - 1)), n, stream=stream,
                   count_kinds=True, labels={"kind": "decisions", "agent": agent})


def analyse(study: Study, out) -> list[Section]:
    seats, ladder, lengths, ends, turns = [], [], [], [], []
    for c in study.cells:
        if c.labels["kind"] == "decisions":  # read by _decision_section
            continue
        s = summarize(out, c)
        if c.labels["kind"] == "table":
            for seat in range(c.players):
                r, lo, hi = s.seat_rate(seat)
                # agents: the table's role (random, scripted, best = the strong table);
                # player: the spec that played it (the strong table's may be `value`)
                seats.append({"game": c.game, "players": c.players, "agents": c.labels["agent"],
                              "player": c.agents[0], "seat": seat, "games": s.resolved,
                              "win_rate": r, "ci_low": lo, "ci_high": hi, "fair_share": 1 / c.players,
                              **s.cap_columns(seat=seat)})
            if s.pos_games and c.players > 1:
                for k in range(c.players):
                    r, lo, hi = s.position_rate(k)
                    turns.append({"game": c.game, "players": c.players,
                                  "agents": c.labels["agent"], "player": c.agents[0],
                                  "turn_position": k + 1,
                                  "games": s.pos_games, "win_rate": r, "ci_low": lo,
                                  "ci_high": hi, "fair_share": 1 / c.players})
            r, lo, hi = s.rate(s.shared)
            lengths.append({"game": c.game, "players": c.players, "agents": c.labels["agent"],
                            "games": s.games, "mean_length": s.length_sum / max(s.games, 1),
                            "mean_rounds": s.rounds_sum / max(s.games, 1),
                            "no_sole_winner": r, "ci_low": lo, "ci_high": hi})
            for reason, k in s.end.items():
                ends.append({"game": c.game, "players": c.players, "agents": c.labels["agent"],
                             "end_reason": reason, "share": k / s.games})
        elif c.labels["kind"] == "ladder":
            a = c.labels["agent"]
            # the scripted rung is every seat (the baseline); others, the focal agent's seats
            text = parse_agent(a, get_game(c.game).SPEC.personas, c.game).text
            r, lo, hi, n = s.agent_rate(text)
            ladder.append({"game": c.game, "players": c.players, "agent": a, "seat_games": n,
                           "win_rate": r, "ci_low": lo, "ci_high": hi,
                           "fair_share": 1 / c.players, **s.cap_columns(agent=text)})
    seats, ladder, turns = pd.DataFrame(seats), pd.DataFrame(ladder), pd.DataFrame(turns)
    if len(seats):
        seats["seats_alike"] = [bool(seats_alike(g)) for g in seats["game"]]
    lengths, ends = pd.DataFrame(lengths), pd.DataFrame(ends)
    secs = []
    sec = Section("Seat effects", text=[
        "Win rate of each seat when every seat plays the same agent (shared wins count 1/k). "
        "A seat whose interval excludes the fair share has a real seat effect under that agent. "
        "Where the rules treat the seats alike (simultaneous choices, a random first player: "
        "the column seats_alike) such an effect is an artifact of the agents, not a finding "
        "about the game. "
        "A game the engine's turn or round cap stopped has no rulebook ending: capped_share "
        "gives their share and win_rate_resolved the rate over the games the rules ended "
        "(darkleaf's rulebook has no draws, so its capped games are unresolved, as in the "
        "matchups study)."])
    sec.tables.append(("seat_winrates", seats, "Win rate by seat, Wilson 95% intervals"))
    scripted = seats[seats["agents"] == "scripted"]
    for game, g in scripted.groupby("game", sort=False):  # one readable figure per game
        labels = [f"{r.players}p seat {r.seat}" for r in g.itertuples()]
        fig = bar_with_intervals(labels, g["win_rate"], g["ci_low"], g["ci_high"],
                                 f"{game}: seat win rates, scripted tables",
                                 ref=list(1.0 / g["players"]))
        sec.figures.append((f"seat_winrates_{game}", fig, g,
                            f"{game}: seat win rates with all seats scripted (Wilson 95%)"))
    secs.append(sec)
    if len(turns):
        sec = Section("Turn position", text=[
            "Where the first player is random or rotates, a seat number says little: these "
            "are win rates by the order of play in round 1 (1 = first player), shared wins "
            "counted 1/k, Wilson 95% intervals."])
        sec.tables.append(("turn_position", turns, "Win rate by turn position"))
        secs.append(sec)
    sec = Section("Skill ladder", text=[
        "One focal agent against scripted opponents, seats rotated; the dashed line over "
        "each bar is its fair share (1/players). Better play should climb the ladder."])
    sec.tables.append(("skill_ladder", ladder, "Focal agent win rate vs scripted opponents"))
    for game, g in ladder.groupby("game", sort=False):
        labels = [f"{r.players}p {r.agent}" for r in g.itertuples()]
        fig = bar_with_intervals(labels, g["win_rate"], g["ci_low"], g["ci_high"],
                                 f"{game}: focal agent vs scripted",
                                 ref=list(1.0 / g["players"]))
        sec.figures.append((f"skill_ladder_{game}", fig, g,
                            f"{game}: skill ladder with Wilson 95% intervals"))
    secs.append(sec)
    sec = Section("Game length, draws and end reasons")
    sec.tables.append(("lengths", lengths, "Mean length (actions), rounds, and the share of "
                       "games with no sole winner (draw, shared, or a solo loss)"))
    sec.tables.append(("end_reasons", ends, "How games end"))
    secs.append(sec)
    secs.append(_decision_section(study, out))
    secs.insert(0, Section("Findings", text=_findings(seats, ladder) + _turn_findings(turns)))
    search = {(c.game, c.players): c.agents[0] for c in study.cells
              if c.labels.get("kind") == "table" and c.labels.get("agent") == "best"}
    write_findings(out, "winrates", _finding_rows(seats, turns, search), study.profile)
    return secs


# decision statistics per game: (scripted games, search games) by profile
DECISIONS = {"smoke": (20, 2), "quick": (400, 6), "full": (4000, 40)}


def _decision_section(study: Study, out) -> Section:
    """What each agent does, per game: action kinds counted inside the compiled loop, for
    the scripted players and for search (best) side by side, each against scripted seats
    (read from the study's own decision cells)."""
    from experiments.execute import cell_frame

    frames = []
    for c in study.cells:
        if c.labels.get("kind") != "decisions":
            continue
        kinds = get_game(c.game).SPEC.action_kinds
        df = cell_frame(out, c)
        focus = c.labels["agent"]
        rows = []
        for agent in sorted({a for s in range(c.players) for a in df[f"agent_{s}"]}):
            if not agent.startswith(focus.split(":")[0]):
                continue
            for k, name in enumerate(kinds):
                dec = with_ = games = 0
                for s in range(c.players):
                    sel = df[f"agent_{s}"] == agent
                    col = df.loc[sel, f"decisions_{s}_{k}"]
                    dec += int(col.sum())
                    with_ += int((col > 0).sum())
                    games += int(sel.sum())
                rows.append({"game": c.game, "agent": agent, "kind": name, "decisions": dec,
                             "games_with": with_, "games": games})
        df = pd.DataFrame(rows)
        if len(df):
            df["per_game"] = df["decisions"] / df["games"].clip(lower=1)
            frames.append(df)
    table = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    sec = Section("What the players do (decision counts)", text=[
        "Each action kind per game, for the scripted players (all seats scripted) and for "
        "search (best, in one seat among scripted ones), counted inside the compiled loop. "
        "`darkbalance decisions GAME` gives the same with each kind's return association."])
    if len(table):
        sec.tables.append(("decisions", table, "Decisions by action kind, scripted and "
                           "search side by side"))
    return sec


def seats_alike(game: str) -> str:
    """Why the rules treat every seat of ``game`` alike (its profile's ``SEATS_ALIKE``), or
    "" when they do not (or the game is not registered)."""
    return registry.part(game, "SEATS_ALIKE") if game in registry.GAMES else ""


def _artifact(g: str, P: int, seat: int, agent: str) -> str:
    """The words for a seat effect among identical players where the rules treat the
    seats alike: it measures the players, not the game."""
    return (f"{g} at {P} players: seat {seat} wins more among identical {agent} players, "
            f"an agent artifact, not a seat advantage of the game (the rules treat the "
            f"seats alike: {seats_alike(g)})")


def _finding_rows(seats: pd.DataFrame, turns: pd.DataFrame, search=None) -> list[dict]:
    """The seat and turn-order headlines of the scripted tables as data, each with the same
    seat's (turn position's) rate in the all-``best`` table for its agents label.  Where the
    rules treat the seats alike (:func:`seats_alike`) a seat effect is an agent artifact:
    its row says so and is labelled ``agent artifact``, never a finding about the game.
    ``search``: the strong table's agent spec, one for every table (a str) or per (game,
    players): a game's cheap strong player may play some player counts only."""
    rows = []
    names = search if isinstance(search, dict) else {}
    one = "" if isinstance(search, dict) else (search or "")

    def under_best(df, g, P, col, k):
        """{search, search_games} of the same seat (position) in the all-best table."""
        m = df[(df["agents"] == "best") & (df["game"] == g) & (df["players"] == P)
               & (df[col] == k)]
        if m.empty:
            return {"search": None}
        r = m.iloc[0]
        return {"search": (r.win_rate, r.ci_low, r.ci_high), "search_games": int(r.games)}

    holm_p = _holm_by_table(seats, turns)
    for (g, P), grp in seats[seats["agents"] == "scripted"].groupby(["game", "players"]):
        if P < 2 or _seat_content(g):
            continue
        ref = float(grp["win_rate"].mean())
        r = grp.loc[grp["win_rate"].idxmax()]
        if r.ci_low > ref and holm_p[(g, P, "seat", int(r.seat))] < 0.05:
            alike = bool(seats_alike(g))
            text = (_artifact(g, P, int(r.seat), "scripted") if alike else
                    f"{g} at {P} players: seat {int(r.seat)} is favoured (scripted tables)")
            rows.append(finding(g, text, r.win_rate, r.ci_low, r.ci_high, ref,
                                int(r.games), scripted=(r.win_rate, r.ci_low, r.ci_high),
                                **under_best(seats, g, P, "seat", r.seat),
                                search_name=names.get((g, P), one), artifact=alike))
    if not turns.empty:
        for (g, P), grp in turns[turns["agents"] == "scripted"].groupby(["game", "players"]):
            if _seat_content(g):
                continue
            ref = float(grp["win_rate"].mean())
            r = grp.loc[(grp["win_rate"] - ref).abs().idxmax()]
            if (r.ci_low > ref or r.ci_high < ref) and \
                    holm_p[(g, P, "position", int(r.turn_position))] < 0.05:
                rows.append(finding(g, f"{g} at {P} players: turn position "
                                    f"{int(r.turn_position)} wins "
                                    f"{'more' if r.win_rate > ref else 'less'} than its share",
                                    r.win_rate, r.ci_low, r.ci_high, ref, int(r.games),
                                    scripted=(r.win_rate, r.ci_low, r.ci_high),
                                    **under_best(turns, g, P, "turn_position",
                                                 r.turn_position),
                                    search_name=names.get((g, P), one)))
    return rows


def _holm_by_table(seats: pd.DataFrame, turns: pd.DataFrame) -> dict:
    """(game, players, "seat" | "position", k) -> Holm-adjusted p-value of that seat's
    (turn position's) scripted win rate against the table's mean, adjusted over every
    seat and position of its table: with P seats and P positions compared at once, one
    interval in 2P missing the mean is what chance alone gives."""
    from experiments.stats import binom_two_sided_p, holm

    tests = {}
    for df, what, col in ((seats, "seat", "seat"), (turns, "position", "turn_position")):
        if df.empty:
            continue
        for (g, P), grp in df[df["agents"] == "scripted"].groupby(["game", "players"]):
            ref = float(grp["win_rate"].mean())
            for r in grp.itertuples():
                n = int(r.games)
                tests.setdefault((g, P), []).append(
                    ((g, P, what, int(getattr(r, col))),
                     binom_two_sided_p(r.win_rate * n, n, min(max(ref, 1e-9), 1 - 1e-9))))
    out = {}
    for group in tests.values():
        for (key, _), p in zip(group, holm([p for _, p in group])):
            out[key] = p
    return out


def _seat_content(game: str) -> bool:
    """Whether a seat of ``game`` brings content besides its player (Darkleaf's clan): one
    pairing's seat table then measures the clans, so seat and turn findings come from the
    matchups study (every pairing, both orders) instead."""
    return game in registry.GAMES and registry.part(game, "SEAT_CONTENT") is not None


def _who(grp: pd.DataFrame, a: str) -> str:
    """A table's players as a finding names them: its role (random, scripted, best), or
    the spec that played it where that is another agent (the strong table's cheap strong
    player, ``value``, where the profile names one)."""
    player = str(grp["player"].iloc[0]) if "player" in grp else a
    return a if player == a or player.startswith(a + ":") else player


def _turn_findings(turns: pd.DataFrame) -> list[str]:
    out = []
    if turns.empty:
        return out
    for (g, P, a), grp in turns.groupby(["game", "players", "agents"]):
        ref = float(grp["win_rate"].mean())
        if ((grp["ci_low"] > ref) | (grp["ci_high"] < ref)).any():
            parts = ", ".join(f"{int(r.turn_position)}: {100 * r.win_rate:.1f}% "
                              f"[{100 * r.ci_low:.1f}, {100 * r.ci_high:.1f}]"
                              for r in grp.itertuples())
            out.append(f"{g} at {P} players ({_who(grp, a)}): turn order matters; by turn position "
                       f"{parts} (equal share {100 * ref:.1f}%).")
    return out


def _findings(seats: pd.DataFrame, ladder: pd.DataFrame) -> list[str]:
    out = []
    for (g, P, a), grp in seats.groupby(["game", "players", "agents"]):
        # every table of identical players where the rules treat the seats alike; the
        # scripted tables of the others
        if P < 2 or (a != "scripted" and not seats_alike(g)):
            continue
        # equal seats would each get the mean (games without a winner lower every seat)
        ref = float(grp["win_rate"].mean())
        off = grp[(grp["ci_low"] > ref) | (grp["ci_high"] < ref)]
        if len(off):
            best = grp.loc[grp["win_rate"].idxmax()]
            line = (f"{g} at {P} players ({_who(grp, a)}): seat {int(best.seat)} wins "
                    f"{100 * best.win_rate:.1f}% [{100 * best.ci_low:.1f}, "
                    f"{100 * best.ci_high:.1f}] against an equal-seat share of "
                    f"{100 * ref:.1f}%")
            if seats_alike(g):
                line += (f": an agent artifact, not a finding about the game (the rules "
                         f"treat the seats alike: {seats_alike(g)}); it measures how the "
                         f"{_who(grp, a)} players treat each other")
            out.append(line + ".")
    for (g, P), grp in ladder.groupby(["game", "players"]):
        r = grp.set_index("agent")["win_rate"]
        if "random" in r and len(r) > 1 and np.nanmax(r.values) - r["random"] < 0.05:
            out.append(f"{g} at {P} players: the skill ladder is flat (within 5 points of "
                       "random): skill barely matters under these agents.")
    return out or ["No seat effect beyond chance at the 95% level under scripted play."]


