"""The sensitivity study's joint part: Morris, Sobol and joint draws (experiments.joint).

Cells (labels ``role = "joint"``, ``design``, ``point``) ride in the sensitivity study's
plan, on the baseline's streams, so every design point's game ``i`` shares its chance
draws with the baseline's game ``i`` (common random numbers):

- ``morris``: the Morris trajectories over every swept value, blocks moved together;
- ``draw``: the joint draws whose share of held conclusions is ``holds_share``;
- ``strong-draw`` (with a ``strong-baseline``): the first draws again under the strong
  player, where the headline is one the strong player can play (every seat the same
  scripted player; court's headline compares scripted personas and has no strong form).
  Where the game's profile names a cheap strong player at the headline's player count
  (registry ``STRONG``, #32), every draw is played again under it on as many games as the
  scripted ones, and so are the Morris points (``strong-morris``): the screening under
  both player kinds.

Sobol's design needs Morris's ranking, so it is a follow-up study played after the main
one into ``sensitivity/follow_up`` (:func:`follow_up`, FOLLOW_UP_DIR): a pure function of the main
study's games, so a rerun resumes it like any study.
"""
from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import numpy as np
import pandas as pd

from experiments import joint
from experiments.plan import Study
from experiments.stats import wilson
from experiments.reporting import STRONG_MIN
from experiments.studies import FOLLOW_UP_DIR
from simcore.rules import RuleSet
from simcore.spec import BadInput, get_game

# r: Morris trajectories; top: blocks Sobol measures; sobol_n: Saltelli base points (a
# power of two); draws: joint draws for holds_share; games: per design point and setup;
# strong: the strong player's spec, its draws and games (None: not played; the games are
# split over a headline's setups where it pools several, at least 2 a setup)
JOINT = {
    "smoke": {"r": 2, "top": 2, "sobol_n": 2, "draws": 4, "games": 16,
              "strong": "best:iters=2", "strong_draws": 2, "strong_games": 4},
    # quick: 4 trajectories, Sobol over the top 10 with 8 base points and 8 strong draws
    # took 335 s on 2 cores (the one-at-a-time sweep alone 32 s); this is about a third
    # strong_morris: games a Morris point under a cheap strong player (quick: 16, not 40:
    # darkness's and humanity's strong screening took 178 s of the 2026-12-04 report with
    # 40, and plays 6,480 games where it played 15,600; the strong joint draws, which label
    # the findings, keep ``games``)
    # "strong" None: a game with no cheap strong player (darkleaf) gets no search draws in
    # quick: 4 draws of best:ms=1 on 10 games (2 a pairing) cost 21 s of the report and
    # cannot reach HOLDS_FLOOR (4 of 4 draws: Wilson lower bound 0.51); full plays best
    "quick": {"r": 2, "top": 6, "sobol_n": 4, "draws": 20, "games": 40,
              "strong": None, "strong_draws": 4, "strong_games": 6,
              "strong_morris": 16},
    "full": {"r": 10, "top": 10, "sobol_n": 32, "draws": 100, "games": 400,
             "strong": "best", "strong_draws": 24, "strong_games": 40},
}
#: a conclusion that holds in joint draws whose Wilson 95% lower bound reaches this share
#: is robust to the assumptions (16 of 16 draws gives 0.806; 19 of 20 gives 0.764)
HOLDS_FLOOR = 0.75


def design_seed(seed: int, game: str, part: str) -> int:
    """SALib's and the draws' seed for ``part`` of ``game``'s design under run seed
    ``seed``: a digest, so each game's designs are fixed by (seed, game) alone."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{game}:{part}".encode()).digest()[:4],
                          "little")


def _accepts(game: str):
    """``ok(sets, full)``: whether the engine accepts the rules overrides ``sets``; with
    ``full=False`` only its cheap checks are asked (``API.precheck``: a refusal is final,
    a pass is not)."""
    api = get_game(game).API
    rs = api.rules()
    lits: dict = {}
    # an unread value read under a condition (read_when) is parsed with that condition
    # met; one whose condition the set does not meet is unread there, not refused
    met = {e.path: f"{e.read_when[0][0]}={joint.literal(e.read_when[0][1][0])}"
           for e in rs.entries.values() if e.read_when}
    conds = _conditions(game)

    def ok(sets, full: bool = True) -> bool:
        sets = joint.applicable(sets, conds)
        try:
            entries = dict(rs.entries)
            for t in sets:  # each override parsed and type-checked once: a repair checks
                if t not in lits:  # thousands of sets of a hundred overrides each
                    p = t.split("=", 1)[0]
                    lits[t] = (p, rs.with_sets([met[p], t] if p in met else [t]).entries[p])
                entries[lits[t][0]] = lits[t][1]
            (api.params if full else api.precheck)(None, None,
                                                   RuleSet(rs.game, entries, rs.origin))
        except (BadInput, KeyError, ValueError, TypeError, IndexError):
            return False
        return True
    return ok


def _conditions(game: str) -> dict:
    """path -> the overrides that meet its ``read_when`` (joint.condition_sets), for
    ``game``'s values read only under a condition (kept per rules.toml version)."""
    path = get_game(game).API.rules_path
    return _conditions_of(game, path.stat().st_mtime_ns)


@functools.cache
def _conditions_of(game: str, mtime: int) -> dict:
    return {e.path: joint.condition_sets(e.read_when)
            for e in get_game(game).API.rules().entries.values() if e.read_when}


def applicable(game: str, sets: tuple) -> tuple:
    """``sets`` without the conditional values (rules.toml ``read_when``) whose condition
    they do not meet: where a repair set a card's effect back to baseline, its amount is
    unread again, and the rules would refuse it."""
    return joint.applicable(sets, _conditions(game))


def _repair(ok, sets: tuple, seed: int) -> tuple[tuple, int]:
    """:func:`joint.repaired_fairly` on the engine's cheap checks, then the full check
    of the result (again on the full checks where that refuses it): a repair asks about a
    draw ~100 times, and the cheap checks are what refuses almost every one."""
    got = joint.repaired_fairly(lambda s: ok(s, False), sets, seed)
    return got if ok(got[0]) else joint.repaired_fairly(ok, sets, seed)


def _fit_and_repair(game: str, ok, sets: tuple, seed: int) -> tuple[tuple, int, int]:
    """(sets, overrides the game's own rule moved, overrides set back to baseline): the
    draw brought within what the engine holds by the game's rule first (``API.fit``: a
    card game may scale raised card counts down together), then anything still refused
    repaired (:func:`_repair`)."""
    fitted, moved = get_game(game).API.fit(sets)
    got, dropped = _repair(ok, fitted, seed)
    return applicable(game, got), moved, dropped


def strong_spec(game: str, h: dict, profile: str) -> tuple[str | None, bool]:
    """(spec, cheap) of the strong player for ``game``'s headline: its profile's cheap
    strong player at the headline's player count (registry ``STRONG``; cheap = True), else
    the profile's ``strong`` search (None: not played)."""
    from experiments.reporting import strong_player

    spec = strong_player(game, h["players"], profile)
    if spec is not None:
        return spec, True
    return JOINT[profile]["strong"], False


def strong_headline(h: dict, spec: str | None, game: str | None = None) -> dict | None:
    """The headline played by ``spec`` in every seat, or None where it has no strong form
    (no strong player in the profile, or a comparison of scripted personas that ``spec``
    cannot play in each persona's style).

    A headline that compares scripted personas (court's mixed table) is played by the
    cheap strong player in each persona's style (``value:persona=P``: the persona's choice
    stands unless another is valued ``prior`` above it): its ``styled`` maps each scripted
    name to the strong one, so a conclusion ("scripted:free-rider wins most") is read off
    the strong table as the same persona's.  ``strong`` names ``spec`` itself."""
    if spec is None:
        return None
    agents = tuple(h["agents"])
    if agents == ("scripted",):
        return {**h, "agents": (spec,), "strong": spec, "styled": {"scripted": spec}}
    if not spec.startswith("value") or not all(a.split(":")[0] == "scripted" for a in agents):
        return None
    first = get_game(game).SPEC.personas[0] if game else None
    styled = {a: _styled(spec, a, first) for a in agents}
    if None in styled.values():
        return None
    # the results name the first persona plain "scripted" (agents.spec)
    styled.update({"scripted": spec} if first and f"scripted:{first}" in styled else {})
    focus = h.get("focus")
    return {**h, "agents": tuple(styled[a] for a in agents), "strong": spec, "styled": styled,
            "focus": styled.get(focus, focus)}


def _styled(spec: str, scripted: str, first: str | None) -> str | None:
    """The name of ``spec`` (a ``value`` spec) playing scripted persona ``scripted``'s style
    ("scripted:free-rider" -> "value:persona=free-rider"; the first persona ``first``, or
    plain "scripted", -> ``spec``), or None for a scripted spec with other options (eps)."""
    _, _, rest = scripted.partition(":")
    if "," in rest or "eps=" in rest:
        return None
    persona = rest.removeprefix("persona=")
    if not persona or persona == first:
        return spec
    return spec + (":" if ":" not in spec else ",") + f"persona={persona}"


def strong_name(sh: dict) -> str:
    """The strong player as the report names it: its spec, and where it plays the
    headline's scripted personas, "in each persona's style"."""
    return sh["strong"] + (" in each persona's style" if len(set(sh["styled"].values())) > 1
                           else "")


def strong_claim(sh: dict, claim_: str) -> str:
    """A scripted claim in the strong headline's names (a persona's name, styled)."""
    return sh["styled"].get(claim_, claim_)


def strong_of(cell) -> str:
    """The strong player's spec behind a strong cell (its ``strong`` label; before that
    label, the first seat's spec)."""
    return cell.labels.get("strong") or cell.agents[0]


def add_cells(st: Study, game: str, h: dict, entries, stream: int, profile: str, seed: int,
              add) -> None:
    """Add ``game``'s Morris, draw and strong cells to ``st`` (``add`` is the study's
    cell adder: one cell per headline setup on the baseline's streams)."""
    b = JOINT[profile]
    fs = joint.factors(entries, joint.merged_blocks(game))
    if len(joint.blocks(fs)) < 2:
        st.notes.append(f"{game}: joint sensitivity needs two blocks of swept values; "
                        f"{len(joint.blocks(fs))} here.")
        return
    ok, dropped, moved, scaled = _accepts(game), 0, 0, 0
    X = {"morris": joint.morris_design(fs, b["r"], design_seed(seed, game, "morris")),
         "draw": joint.draws(fs, b["draws"], design_seed(seed, game, "draw"))}
    spec, cheap = strong_spec(game, h, profile)
    sh = strong_headline(h, spec, game)
    plays = [("morris", h, b["games"]), ("draw", h, b["games"])]
    # a headline pooled over several setups (darkleaf's weakest clan over its 5 pairings)
    # plays its strong games split over them: the pooled count is what the claim rests on
    sn = b["games"] if cheap else max(2, -(-b["strong_games"] // len(h["setups"])))
    if sh is not None and b["strong_draws"]:
        # a cheap strong player's baseline also carries the headline finding's agents
        # label (experiments.studies.sensitivity), which needs STRONG_MIN strong games
        add(st, game, sh, max(sn, STRONG_MIN.get(profile, 0)) if cheap else sn, stream,
            {"game": game, "role": "strong-baseline", "strong": spec})
        X["strong-draw"] = X["draw"] if cheap else X["draw"][:b["strong_draws"]]
        plays.append(("strong-draw", sh, sn))
        if cheap:  # the screening itself under the strong player
            X["strong-morris"] = X["morris"]
            plays.append(("strong-morris", sh, b.get("strong_morris", sn)))
    fixed: dict = {}
    for design, hh, n in plays:
        twin = design.removeprefix("strong-")  # the strong player plays the same points
        for i, x in enumerate(X[design]):
            if (twin, i) not in fixed:
                fixed[twin, i] = _fit_and_repair(game, ok, joint.sets_at(fs, x),
                                                 design_seed(seed, game, f"{twin}:{i}"))
                moved += fixed[twin, i][1]
                scaled += fixed[twin, i][1] > 0
                dropped += fixed[twin, i][2]
            sets = fixed[twin, i][0]
            add(st, game, hh, n, stream, {"game": game, "role": "joint", "design": design,
                                          "point": i}, sets)
    st.notes.append(
        f"{game}: joint design over {len(fs)} values in {len(joint.blocks(fs))} blocks"
        + (f" ({sum(bool(f.when) for f in fs)} of them unread values that a drawn effect or "
           "type makes read, rules.toml read_when, applied only in those draws)"
           if any(f.when for f in fs) else "") + ": "
        f"{len(X['morris'])} Morris points ({b['r']} trajectories), {len(X['draw'])} joint "
        f"draws of {b['games']} games" + (
            f", {len(X['strong-draw'])} of them again under {strong_name(sh)} "
            f"({sn * len(h['setups'])} games)" + (
                f", and the Morris points too ({b.get('strong_morris', sn)} games a point)"
                if "strong-morris" in X else "")
            if "strong-draw" in X else
            "; no strong-player draws (" + (
                "its headline compares scripted personas that the strong player cannot "
                "play in their styles" if tuple(h["agents"]) != ("scripted",) and spec
                else "no cheap strong player, and this profile plays no search draws")
            + ")")
        + (f"; in {scaled} design points the game's own fitting rule (API.fit, "
           f"simcore/{game}/) moved {moved} drawn values within what the engine holds"
           if moved else "")
        + (f"; {dropped} overrides the engine refuses in combination set back to baseline"
           if dropped else "") + ".")


def claim(game: str, s, y: pd.Series, h: dict, conclusion) -> str:
    """The headline's claim at one design point, as its finding states it: the study's
    ``conclusion``, except that a seat headline claims a favoured seat only when that
    seat's interval excludes the fair share, and otherwise that no seat is favoured
    beyond chance (which seat happens to be highest is then not part of the claim)."""
    c = conclusion(game, s, y, h)
    if h["read"] != "seat" or s is None:
        return c
    lo = s.resolved_rate(int(c.split()[1]))[1]
    return f"{c} favoured" if lo > 1 / s.cell.players else "no seat favoured beyond chance"


def _points(cells, design: str) -> list[list]:
    """The cells of ``design`` grouped by design point (one per headline setup), in order."""
    groups: dict = {}
    for c in cells:
        if c.labels.get("role") == "joint" and c.labels.get("design") == design:
            groups.setdefault(c.labels["point"], []).append(c)
    return [groups[k] for k in sorted(groups)]


def _design_factors(study: Study, game: str):
    from experiments.studies.sensitivity import MAX_ENTRIES

    return _factors_of(game, MAX_ENTRIES.get(study.profile))


@functools.cache
def _factors_of(game: str, limit: int | None) -> list:
    """The factors of ``game``'s first ``limit`` swept values (all when None): the sweep
    checks each value with the engine (seconds in darkness), so once a process."""
    from experiments.studies.sensitivity import joint_entries, sweep_entries

    entries, _ = sweep_entries(game)
    return joint.factors(joint_entries(game, entries[:limit]), joint.merged_blocks(game))



def _metric(out, cs, h) -> tuple[float, pd.Series]:
    from experiments.studies.sensitivity import _per_game

    y = pd.concat([_per_game(out, c, h) for c in cs])
    return (float(y.mean()) if y.notna().any() else np.nan), y


def morris_all(study: Study, out) -> dict:
    """game -> (factors, Morris indices) from the main study's games, for every game with
    Morris points (read once: the Sobol stage and each game's analysis use them)."""
    from experiments.studies.sensitivity import headline

    out_ = {}
    b = JOINT[study.profile]
    for game in dict.fromkeys(c.game for c in study.cells if c.labels.get("design") == "morris"):
        h = headline(game)
        fs = _design_factors(study, game)
        pts = _points([c for c in study.cells if c.game == game], "morris")
        X = joint.morris_design(fs, b["r"], design_seed(study.seed, game, "morris"))
        y, _ = joint.filled([_metric(out, cs, h)[0] for cs in pts])
        out_[game] = (fs, joint.morris_indices(fs, X, y, design_seed(study.seed, game, "ma")))
    return out_


def strong_morris(study: Study, out, game: str, fs, sh: dict) -> pd.DataFrame | None:
    """Morris indices of ``game``'s ``strong-morris`` points (the same design as the
    scripted one, played by the strong headline ``sh``), or None where none were played."""
    pts = _points([c for c in study.cells if c.game == game], "strong-morris")
    if not pts:
        return None
    X = joint.morris_design(fs, JOINT[study.profile]["r"],
                            design_seed(study.seed, game, "morris"))
    y, _ = joint.filled([_metric(out, cs, sh)[0] for cs in pts])
    return joint.morris_indices(fs, X, y, design_seed(study.seed, game, "ma"))


def follow_up(study: Study, out, morris: dict | None = None) -> Study | None:
    """The Sobol stage: Saltelli's design over each game's ``top`` Morris blocks
    (``morris``: :func:`morris_all` of the main study, when the caller has it)."""
    from experiments.studies.sensitivity import _add, headline

    morris = morris_all(study, out) if morris is None else morris
    if not morris:
        return None
    b = JOINT[study.profile]
    sub = Study("sensitivity-sobol", study.seed, [], chunk=study.chunk, profile=study.profile)
    ok = {}
    for game, (fs, mdf) in morris.items():
        h = headline(game)
        top = list(mdf["block"][:b["top"]])
        if len(top) < 2:
            continue
        ok.setdefault(game, _accepts(game))
        X = joint.sobol_design(fs, top, b["sobol_n"], design_seed(study.seed, game, "sobol"))
        for i, x in enumerate(X):
            sets, _ = _repair(ok[game], joint.sets_at(fs, x),
                              design_seed(study.seed, game, f"sobol:{i}"))
            sets = applicable(game, sets)
            _add(sub, game, h, b["games"], _base_stream(study, game),
                 {"game": game, "role": "joint", "design": "sobol", "point": i}, sets)
    return sub


def _base_stream(study: Study, game: str) -> int:
    """The stream index ``_add`` took for ``game``'s baseline (its first setup's stream
    is 1000 + index), so the Sobol points share the baseline's chance draws."""
    return next(c.stream for c in study.cells if c.game == game
                and c.labels.get("role") == "baseline") - 1000


def analyse_game(study: Study, out, game: str, h: dict, conclusion, plt, morris: dict,
                 sub: Study | None) -> tuple[list, list, list, dict]:
    """(texts, figures, tables, summary) of ``game``'s joint part (``morris``: the main
    study's :func:`morris_all`; ``sub``: its :func:`follow_up`); the summary holds
    ``holds_share``/``holds_low``/``holds_high``/``holds_draws``, ``settle_with`` and the
    strong player's ``strong_holds`` (with its bounds and draws) where played."""
    from experiments.aggregate import summarize

    cells = [c for c in study.cells if c.game == game]
    if game not in morris:
        return [], [], [], {}
    b = JOINT[study.profile]
    fs, mdf = morris[game]
    texts = [f"Joint sensitivity (SALib Morris, {b['r']} trajectories over {len(fs)} values "
             f"in {len(mdf)} blocks, {b['games']} games a point on the baseline's common "
             "random numbers): blocks ranked by mu*, the mean absolute change in the metric "
             "per move across the block's range; sigma (only for a block of one value: "
             "SALib's grouped Morris has none for larger blocks) large beside mu* means its "
             "effect depends on the other values. Top: " + "; ".join(
                 f"{r.block} {r.mu_star:.3f} (+-{r.mu_star_conf:.3f}"
                 + (f", sigma {r.sigma:.3f})" if r.sigma == r.sigma else ")")
                 for r in mdf.head(5).itertuples()) + "."]
    sdf = _sobol(study, out, game, h, fs, mdf, sub)
    if sdf is not None:
        texts.append(f"Sobol total-order indices (Saltelli, {b['sobol_n']} base points, the "
                     f"top {len(sdf)} Morris blocks, all else at baseline): " + "; ".join(
                         f"{r.block} ST {r.ST:.2f} (+-{r.ST_conf:.2f})"
                         for r in sdf.head(5).itertuples()) + ".")
    settle = joint.settle_with(mdf, sdf)
    summary = {"settle_with": settle}

    def holds(design, concl0, hh) -> tuple:
        k = n = 0
        for cs in _points(cells, design):
            _, yy = _metric(out, cs, hh)
            s = summarize(out, cs[0]) if len(cs) == 1 else None
            k += claim(game, s, yy, hh, conclusion) == concl0
            n += 1
        lo, hi = wilson(k, n) if n else (np.nan, np.nan)
        return k, n, (k / n if n else np.nan), lo, hi

    base_cells = [c for c in cells if c.labels.get("role") == "baseline"]
    _, yb = _metric(out, base_cells, h)
    base_claim = claim(game, summarize(out, base_cells[0]) if len(base_cells) == 1 else None,
                       yb, h, conclusion)
    k, n, v, lo, hi = holds("draw", base_claim, h)
    summary.update(holds_share=v, holds_low=lo, holds_high=hi, holds_draws=n)
    texts.append(f"Joint draws (every swept value at a level drawn uniformly, {n} draws): "
                 f"the conclusion '{base_claim}' holds in {k} of {n}, {v:.3f} [{lo:.3f}, "
                 f"{hi:.3f}] (Wilson 95%); {'robust' if lo >= HOLDS_FLOOR else 'not shown robust'}"
                 f" to the assumptions at the {HOLDS_FLOOR} floor. A draw's conclusion "
                 f"rests on {b['games']} games, so a conclusion within chance at baseline "
                 "also varies with the games, not only the values."
                 + (f" What would settle it: the real values of {', '.join(settle)}."
                    if settle else ""))
    sb = [c for c in cells if c.labels.get("role") == "strong-baseline"]
    sh = strong_headline(h, strong_of(sb[0]), game) if sb else None
    if sb:
        _, ys = _metric(out, sb, sh)
        s0 = summarize(out, sb[0]) if len(sb) == 1 else None
        sc = claim(game, s0, ys, sh, conclusion)
        k, n, v, lo, hi = holds("strong-draw", sc, sh)
        # not "strong_agent": that findings column names the player behind the agents label
        summary.update(joint_strong_agent=strong_name(sh), strong_conclusion=sc,
                       strong_holds=v, strong_holds_low=lo, strong_holds_high=hi,
                       strong_draws=n)
        nd = next((c.games for c in cells if c.labels.get("design") == "strong-draw"), 0)
        texts.append(f"Under the strong player ({strong_name(sh)}, {sum(c.games for c in sb)}"
                     f" baseline games, {nd} a draw): baseline conclusion '{sc}'"
                     f"{' (the scripted one)' if sc == strong_claim(sh, base_claim) else ' (not the scripted one)'}"
                     f", holding in {k} of {n} joint draws, {v:.3f} [{lo:.3f}, {hi:.3f}] "
                     "(Wilson 95%).")
    figs = [(f"morris_{game}", _morris_figure(plt, game, h, mdf), mdf,
             f"{game}: Morris screening of the assumed values' blocks (mu*, 95% bootstrap)")]
    tables = [(f"morris_{game}", mdf, f"{game}: Morris indices per block")]
    smdf = strong_morris(study, out, game, fs, sh) if sb else None
    if smdf is not None:
        name = strong_name(sh)
        summary["strong_settle_with"] = joint.settle_with(smdf, None)
        texts.append(f"Morris under the strong player ({name}, the same {len(smdf)} blocks "
                     "and design points): top " + "; ".join(
                         f"{r.block} {r.mu_star:.3f} (+-{r.mu_star_conf:.3f})"
                         for r in smdf.head(5).itertuples()) + ". The blocks both players "
                     "rank in their top five: " + (", ".join(
                         sorted(set(mdf["block"][:5]) & set(smdf["block"][:5]))) or "none")
                     + ".")
        figs.append((f"morris_strong_{game}", _morris_figure(plt, game, h, smdf, name), smdf,
                     f"{game}: Morris screening under the strong player {name} (mu*, 95% "
                     "bootstrap)"))
        tables.append((f"morris_strong_{game}", smdf,
                       f"{game}: Morris indices per block under {name}"))
    if sdf is not None:
        tables.append((f"sobol_{game}", sdf, f"{game}: Sobol indices of the top blocks"))
    return texts, figs, tables, summary


def _sobol(study: Study, out, game: str, h: dict, fs, mdf, sub) -> pd.DataFrame | None:
    if sub is None:
        return None
    pts = _points([c for c in sub.cells if c.game == game], "sobol")
    if not pts:
        return None
    b = JOINT[study.profile]
    top = list(mdf["block"][:b["top"]])
    y, _ = joint.filled([_metric(Path(out) / FOLLOW_UP_DIR, cs, h)[0] for cs in pts])
    return joint.sobol_indices(fs, top, y, design_seed(study.seed, game, "sa"))


def _morris_figure(plt, game: str, h: dict, mdf: pd.DataFrame, player: str = ""):
    """mu* of the 15 largest blocks with their 95% bootstrap half-widths (SALib's
    grouped Morris gives no sigma for a block of several values, so no mu*-sigma plane)."""
    top = mdf.head(15).iloc[::-1]
    fig, ax = plt.subplots(figsize=(7, 0.3 * len(top) + 1.5))
    ax.barh(range(len(top)), top["mu_star"], xerr=top["mu_star_conf"], color="#4c72b0",
            alpha=0.85, error_kw={"lw": 0.8, "capsize": 2})
    ax.set_yticks(range(len(top)))
    ax.set_yticklabels([f"{b} ({n})" for b, n in zip(top["block"], top["values"])], fontsize=7)
    ax.set_xlabel(f"mu*: mean |change| in {h['metric']} per move", fontsize=8)
    ax.set_title(f"{game}: Morris screening, blocks of assumed values (values in each)"
                 + (f", under {player}" if player else ""), fontsize=9)
    fig.tight_layout()
    return fig
