"""Watch one game and count what players do: ``darkbalance replay`` and ``decisions``.

A replay is the very game ``simulate`` plays at that index: the arena plays it once in
record mode (same driver, same streams) and keeps every action; the engine then re-steps
it on the game's chance stream from the Python side, describing each action in the
rulebook's words before it is applied.  The replay checks that it ends with the arena's
scores and returns, so a replay never shows a game other than the one measured.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.batch import Plan, run_plan
from experiments.seating import seating
from experiments.stats import wilson
from simcore.rng import new_rng


def describe(mod, state, params, action: int) -> str:
    """The game's own words for ``action`` in ``state`` (its ``describe`` if it has one)."""
    if hasattr(mod, "describe"):
        return mod.describe(state, params, int(action))
    if hasattr(mod, "describe_action"):
        return mod.describe_action(int(action))
    return f"action {int(action)}"


def replay(p: Plan, game_index: int, seed: int = 0, cell: int = 0) -> dict:
    """Replay game ``game_index`` of plan ``p`` (as ``simulate`` plays it).

    Returns
    -------
    dict
        ``steps``: one record per action (step, round, seat, agent, kind, action, text,
        scores after it), ``rounds``: each seat's scores at the end of every round,
        and ``end``: length, end reason, returns, scores, winner.
    """
    raw = run_plan(p, 1, seed, cell, game_index, record=True)
    spec = p.spec
    mod = p.module
    eng = mod.API.engine
    params = p.params
    length = int(raw["length"][0])
    trace = raw["trace"][0, :length]
    seat_agent = raw["seat_agent"][0]
    agents = [p.agents[int(k)].text for k in seat_agent]
    state = np.zeros(spec.state_size, np.int32)
    chance = new_rng(seed, cell, game_index, 0)  # the arena's chance stream of that game
    eng.init(state, params, chance)
    info = np.zeros(len(spec.info_columns), np.int64)
    scores = np.zeros(p.players, np.int64)
    kinds = spec.action_kinds
    steps, rounds = [], []
    eng.info(state, params, info)
    rnd = int(info[0])
    for t, a in enumerate(trace):
        seat = int(eng.current_player(state, params))
        text = describe(mod, state, params, int(a))
        kind = int(eng.action_kind(state, params, np.int64(a))) if hasattr(eng, "action_kind") \
            else 0
        eng.step(state, params, np.int64(a), chance)
        eng.scores(state, params, scores)
        eng.info(state, params, info)
        steps.append({"step": t, "round": rnd, "seat": seat, "agent": agents[seat],
                      "kind": kinds[kind], "action": int(a), "text": text,
                      "scores": scores.tolist()})
        if int(info[0]) != rnd:
            rounds.append({"round": rnd, "scores": scores.tolist()})
            rnd = int(info[0])
    rounds.append({"round": rnd, "scores": scores.tolist()})
    ret = np.zeros(p.players, np.float64)
    eng.returns(state, params, ret)
    if not (np.array_equal(ret, raw["returns"][0]) and np.array_equal(scores, raw["scores"][0])):
        raise RuntimeError(f"{spec.name} game {game_index}: the replay diverged from the arena")
    end_reason = int(info[1])
    win = np.flatnonzero(ret == ret.max()) if ret.max() > 0 else []
    st = seating(p)
    first = st.first if st.column is None else int(raw["info"][0, list(
        spec.info_columns).index(st.column)])
    return {"game": spec.name, "version": spec.version, "seed": seed, "game_index": game_index,
            "agents": agents, "clans": list(st.clans) if st.clans else None,
            "first": first, "first_rule": st.rule, "steps": steps, "rounds": rounds,
            "end": {"length": length, "truncated": bool(raw["truncated"][0]),
                    "end_reason": spec.end_reasons[end_reason]
                    if 0 <= end_reason < len(spec.end_reasons) else str(end_reason),
                    "returns": ret.tolist(), "scores": scores.tolist(),
                    "winner": int(win[0]) if len(win) == 1 else -1}}


def format_replay(r: dict) -> str:
    """A readable log of :func:`replay`'s record."""
    clans = r.get("clans") or [None] * len(r["agents"])
    lines = [f"{r['game']} v{r['version']}  seed {r['seed']}  game {r['game_index']}  "
             + "  ".join(f"seat {s}: {a}" + (f" ({c})" if c else "")
                         for s, (a, c) in enumerate(zip(r["agents"], clans)))]
    if "first" in r:
        lines.append(f"first to move: seat {r['first']}"
                     + (f" ({clans[r['first']]})" if clans[r["first"]] else "")
                     + f" (rule: {r['first_rule']})")
    by_round = {x["round"]: x["scores"] for x in r["rounds"]}
    cur = None
    for st in r["steps"]:
        if st["round"] != cur:
            if cur is not None and cur in by_round:
                lines.append(f"  end of round {cur}: scores {by_round[cur]}")
            cur = st["round"]
            lines.append(f"round {cur}")
        lines.append(f"  {st['step']:>4}  seat {st['seat']} ({st['agent']}): {st['text']}")
    e = r["end"]
    lines.append(f"  end of round {cur}: scores {e['scores']}")
    lines.append(f"end: {e['end_reason']} after {e['length']} actions"
                 + (" (turn cap)" if e["truncated"] else "")
                 + f"; returns {e['returns']}; winner "
                 + (f"seat {e['winner']}" if e["winner"] >= 0 else
                    "none (unresolved: the turn cap)" if e["truncated"] else "none (shared)"))
    return "\n".join(lines)


def decisions(p: Plan, games: int, seed: int = 0, threads=None, progress=None) -> pd.DataFrame:
    """How often each agent, by seat, takes each action kind, and whether it pays.

    Counted inside the compiled loop (a seats x kinds counter per game).  One row per
    (agent, seat, kind), with the seat's clan where the game has clans and the games in
    which the seat moved first (``moved_first``): decisions of that kind, their share of the seat's decisions,
    the share of games in which the seat took the kind at least once, and the seat's
    mean return in games with the kind vs without, each with a Wilson 95% interval
    (returns are win shares in [0, 1]).
    """
    raw = run_plan(p, games, seed, threads=threads, progress=progress, count_kinds=True)
    kinds = raw["kinds"]  # (games, seats, kinds)
    st = seating(p)
    fcol = list(p.spec.info_columns).index(st.column) if st.first is None else None
    rows = []
    for seat in range(p.players):
        for ai, a in enumerate(p.agents):
            mask = raw["seat_agent"][:, seat] == ai
            if not mask.any():
                continue
            k = kinds[mask, seat, :]
            ret = raw["returns"][mask, seat]
            total = k.sum()
            # games this seat moved first (all or none where the rules fix the first seat)
            first = int((raw["info"][mask, fcol] == seat).sum()) if fcol is not None \
                else int(mask.sum()) * (st.first == seat)
            for ki, name in enumerate(p.spec.action_kinds):
                took = k[:, ki] > 0
                row = {"agent": a.text, "seat": seat}
                if st.clans:
                    row["clan"] = st.clan(seat)
                row.update({"moved_first": first, "kind": name,
                       "games": int(mask.sum()), "decisions": int(k[:, ki].sum()),
                       "share": float(k[:, ki].sum() / total) if total else 0.0,
                       "games_with": int(took.sum())})
                for tag, sel in (("with", took), ("without", ~took)):
                    n = int(sel.sum())
                    w = float(ret[sel].sum())
                    lo, hi = wilson(w, n) if n else (float("nan"), float("nan"))
                    row[f"return_{tag}"] = w / n if n else float("nan")
                    row[f"return_{tag}_lo"] = lo
                    row[f"return_{tag}_hi"] = hi
                rows.append(row)
    return pd.DataFrame(rows)
