"""Study `sensitivity`: which headline conclusions survive the unknown (`assumed`) numbers.

For each game, every `assumed` rules value is varied one at a time, and the game's
headline metric is re-measured on the same game indices as the baseline (common random
numbers), giving a paired difference with a 95% interval:

- a number with a plausible ``range``: the low and the high end;
- a value with documented ``alternatives`` in rules.toml: each alternative;
- a named rule choice (the engine reads it with ``simcore.game.choice``) among a few
  readings (at most MAX_READINGS): every other reading;
- an effect (a card's or event's effect code or text): removed (``none``), where the
  engine accepts that;
- a text with amounts (an Event option ``"pay-supplies 2"``, a card's effects ``"draw 2,
  actions 1"``): every number in it one down and one up together ("shifted down" /
  "shifted up", never below 0); an empty text (no effect) or one with no number is not
  swept, and its reason says so;
- a card's content from a large vocabulary (a named choice among more than MAX_READINGS
  names: a card's type or pack, a location's kind): every other name the engine accepts
  is a level of its joint factor, and the one-at-a-time sweep plays MAX_VOCAB_SIDES of
  them, drawn with a seed fixed by game and path (:func:`one_at_a_time`; the study's
  notes give the counts);
- a numeric list marked ``sweep = "scale"``: every item x0.75 and x1.25 (rounded);
- an integer list of thresholds or amounts marked ``sweep = "shift"``: every item -1 and +1,
  clipped to the entry's ``range`` where it has one (a side equal to the value is dropped).

A value rules.toml marks ``fixed = "why"`` (a setup choice such as darkness's custom
locations, or half of a value another entry varies, such as the Sum Between range of a
darkleaf row that is no Sum Between row) is held at its value and counted as not swept
for that reason; unlike ``inert`` it still changes play (experiments.inert walks it).

A game the engine's turn or round cap stopped has no rulebook ending: it is unresolved, as
in the other studies, not half a win.  Rates count the games the rules ended; a paired
difference uses the games resolved in both the baseline and the variant; the capped share
of each variant is shown apart.

Then every swept value is varied *jointly* (experiments.studies._joint, SALib): Morris
screening over blocks of values (a card, a location kind, a clan), Sobol total-order
indices for the top blocks (a follow-up stage, :data:`follow_up`), and joint draws whose
share of held conclusions, with its Wilson interval, becomes the headline finding's
``holds_share`` and the blocks with the largest total effect its ``settle_with``; the
first draws are played again under the strong player where the headline has a strong form.

A value the rulebook or a public source settles is never swept.  Whatever cannot be
varied this way (an empty text, a list of codes, a value whose every variation the engine
refuses alone) is counted by reason in the report (the sides and the reasons:
experiments/studies/_sweep.py).  A conclusion "flips" when the headline's qualitative
answer (the favoured persona, seat or difficulty band) differs from the baseline's and the
paired interval excludes 0.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.aggregate import CAP_REASONS, summarize
from experiments.execute import cell_frame
from experiments.joint import literal as _literal
from experiments.plan import Study
from experiments.reporting import Section, finding, write_findings
from experiments.stats import paired_difference, wilson
from experiments.studies import _joint
from experiments.studies._sweep import (  # noqa: F401  (what the sweep varies; re-exported)
    EFFECT_KEYS, EMPTY_TEXT, FIXED, MAX_READINGS, MAX_VOCAB_SIDES, NO_NUMBER, NUMBER, VOCAB,
    _sides, cell_sets, joint_entries, left_out_words, marked_inert, marked_unread,
    one_at_a_time, shifted, shifted_text, sweep_entries, vocab_note)
from simcore import registry
from simcore.spec import game_names, get_game

TITLE = "Sensitivity of the conclusions to the assumed rules values"
KEY_FIGURES = ()  # shown inline on the report's index (fnmatch patterns)
GAMES = ("court", "frontier", "darkleaf", "darkness", "humanity")

# full: 946 cells x 2000 games (~16 min on 2 cores); paired intervals over common random
# numbers are ~+-2.5 points at that size, enough to call a flip
BUDGET = {"smoke": 40, "quick": 150, "full": 2000}
MAX_ENTRIES = {"smoke": 4}  # the test suite sweeps a few values per game, studies sweep all


def headline(game: str) -> dict:
    """The cells that carry a game's headline, and how to read its conclusion: the game's
    profile states it (simcore.registry.headline)."""
    return registry.headline(get_game(game).SPEC.name)


def _conclusion(game: str, s, y: pd.Series, h: dict) -> str:
    """The headline's qualitative answer from the cell summary ``s`` (one setup) or, for a
    clan headline, from its per-game returns ``y``."""
    if h["read"] == "clan":
        m = float(y.dropna().mean()) if y.notna().any() else np.nan
        return f"{h['clan']} {'below' if m < 0.5 else 'at or above'} half"
    if h["read"] == "best-agent":
        return max(s.agent_n, key=lambda a: np.nan_to_num(s.resolved_agent_rate(a)[0], nan=-1))
    if h["read"] == "band":
        r = s.resolved_rate(0)[0]
        return "hard" if r < 1 / 3 else ("moderate" if r < 2 / 3 else "easy")
    rates = np.nan_to_num([s.resolved_rate(i)[0] for i in range(s.cell.players)], nan=-1)
    return f"seat {int(np.argmax(rates))}"


def build(profile: str, seed: int) -> Study:
    n = BUDGET[profile]
    st = Study("sensitivity", seed, [], chunk=max(n, 1000), profile=profile)
    for stream, game in enumerate(g for g in GAMES if g in game_names()):
        h = headline(game)
        _add(st, game, h, n, stream, {"game": game, "role": "baseline"})
        entries, skipped = sweep_entries(game)
        total = len(entries) + sum(skipped.values())
        entries = entries[:MAX_ENTRIES.get(profile, len(entries))]
        marked = marked_inert(game)
        unread = len(marked_unread(game))
        st.notes.append(f"{game}: {len(entries)} of {total} assumed values swept" +
                        ("; not swept: " + "; ".join(f"{k} ({n})" for k, n in skipped.items())
                         if skipped else "") +
                        (f"; {len(marked) - unread} more marked inert in rules.toml (no "
                         f"default setup's game changes with them) and {unread} unread "
                         f"(nothing reads them; `darkbalance rules {game} --inert`), left out "
                         "of every count" if marked else "") + ".")
        st.notes += vocab_note(game, entries)
        for e, sides in entries:
            # a large vocabulary plays a few names alone (one_at_a_time), all of them jointly
            for side, val in one_at_a_time(game, e.path, sides):
                sets = cell_sets(game, e.path, val)
                # a side the game's rule had to complete says so in its value label
                extra = "".join(f" with {t}" for t in sets[1:])
                _add(st, game, h, n, stream,
                     {"game": game, "role": side, "path": e.path,
                      "value": _literal(val) + extra,
                      "baseline_value": _literal(e.value)}, sets)
        _joint.add_cells(st, game, h, joint_entries(game, entries), stream, profile, seed,
                         _add)
    return st


#: the Sobol stage, played after the main study (experiments.studies.run_named)
follow_up = _joint.follow_up


def _add(st: Study, game: str, h: dict, n: int, stream: int, labels: dict, sets=()) -> None:
    """One cell per headline setup; a setup keeps its stream in every variant, so each
    swept game is paired with the baseline's game of the same index."""
    for k, setup in enumerate(h["setups"]):
        st.add(game, players=h["players"], agents=h["agents"], games=n, setup=setup,
               stream=1000 + stream + 100 * k, rotate=h["rotate"], sets=sets,
               labels={**labels, "setup": setup or ""})


def inert_paths(df: pd.DataFrame, game: str | None = None) -> list[str]:
    """Swept paths none of whose sides changed the result of any game, and with ``game``
    the values rules.toml marks inert for it (:func:`marked_inert`, never swept), sorted."""
    marked = {p for p, _ in marked_inert(game)} if game is not None else set()
    if df.empty or "inert" not in df:
        return sorted(marked)
    dead = df.groupby("path")["inert"].all()
    return sorted(set(dead[dead].index) | marked)


def _headline_finding(game: str, h: dict, cell, s, y: pd.Series, concl: str) -> dict:
    """The baseline's conclusion as a finding (the one finding per game whose
    ``assumptions`` label the sweep measures directly)."""
    P = cell.players
    setup = get_game(game).SPEC.check_setup(cell.setup)  # None: the game's first
    if h["clan"] is not None:
        r = y.dropna()  # the games the rules ended
        k = float(r.sum())
        v = k / len(r) if len(r) else np.nan
        lo, hi = wilson(k, len(r)) if len(r) else (np.nan, np.nan)
        f = finding(game, f"{game} at {P} players (scripted, every {h['clan']} pairing): "
                    f"{h['clan']} wins {'under' if 'below' in concl else 'at least'} half "
                    "its games against the other clans" + _capped_words(y), v, lo, hi, 0.5,
                    len(r))
        f["key"] = h["key"]
        return f
    if h["read"] == "best-agent":
        v, lo, hi, _ = s.resolved_agent_rate(concl)
        text = f"{game} at {P} players, mixed scripted personas: {concl} wins most often"
        null = 1 / P
    elif h["read"] == "band":
        v, lo, hi = s.resolved_rate(0)
        text = f"{game}, {setup} mission, scripted: {concl} ({h['conclusion']})"
        null = 2 / 3 if concl == "easy" else 1 / 3
    else:
        seat = int(concl.split()[1])
        v, lo, hi = s.resolved_rate(seat)
        null = 1 / P
        text = f"{game} at {P} players (setup {setup}, scripted): " + (
            f"seat {seat} is favoured" if lo > null else
            f"no seat is favoured beyond chance (seat {seat} highest)")
    return finding(game, text + _capped_words(y), v, lo, hi, null, s.resolved)


def _with_strong(f: dict, study: Study, out, game: str, h: dict, concl: str) -> dict:
    """``f`` with its agents label's inputs: the same quantity read off the strong player's
    baseline (the joint part's ``strong-baseline`` cells: a cheap strong player on
    STRONG_MIN games), where the game has one; a finding that says no seat is favoured
    holds under an agent whose interval includes the null (``null_claim``)."""
    sb = [c for c in study.cells if c.game == game and c.labels["role"] == "strong-baseline"]
    f["null_claim"] = h["read"] == "seat" and h["clan"] is None and not f["ci_low"] > f["null"]
    if not sb:
        return f
    sh = _joint.strong_headline(h, _joint.strong_of(sb[0]), game)
    ys = pd.concat([_per_game(out, c, sh) for c in sb])
    ss = summarize(out, sb[0]) if len(sb) == 1 else None
    # the scripted claim's quantity (a persona's rate: the same persona's, styled)
    g = _headline_finding(game, sh, sb[0], ss, ys, _joint.strong_claim(sh, concl))
    f.update(scripted=(f["value"], f["ci_low"], f["ci_high"]),
             search=(g["value"], g["ci_low"], g["ci_high"]), search_name=_joint.strong_name(sh),
             search_games=g["sample"])
    return f


def _capped_words(y: pd.Series) -> str:
    """The capped share in a finding's words ('' when the cap ended no game)."""
    k = int(y.isna().sum())
    return f" ({k} of {len(y)} games turn-capped, left out)" if k else ""


def _per_game(out, cell, h) -> pd.Series:
    """The cell's games as :func:`per_game_returns` reads them."""
    P = cell.players
    cols = ["game_index", "end_reason"] + [f"return_{s}" for s in range(P)] + \
        [f"agent_{s}" for s in range(P)]
    return per_game_returns(cell_frame(out, cell, cols), cell, h)


def per_game_returns(df: pd.DataFrame, cell, h: dict) -> pd.Series:
    """Per game, indexed by (setup, game index), the headline's return.

    Parameters
    ----------
    df : pandas.DataFrame
        The cell's games: ``game_index``, ``end_reason``, ``return_<s>`` and ``agent_<s>``.
    cell : experiments.plan.Cell
        The cell (its game, setup and players).
    h : dict
        The game's :func:`headline`.

    Returns
    -------
    pandas.Series
        Its clan's return (a clan headline), its focus agent's (mean over the seats it
        holds) or seat 0's; NaN for a game the turn or round cap ended (unresolved).
    """
    P = cell.players
    index = pd.MultiIndex.from_arrays([np.full(len(df), cell.setup or ""), df["game_index"]])
    capped = df["end_reason"].isin(CAP_REASONS).to_numpy()
    if h["clan"] is not None:
        seat = get_game(cell.game).SPEC.check_setup(cell.setup).split("-").index(h["clan"])
        vals = df[f"return_{seat}"].to_numpy(dtype=float)
    elif h["focus"] is None:
        vals = df["return_0"].to_numpy(dtype=float)
    else:
        vals = np.zeros(len(df))
        k = np.zeros(len(df))
        for s in range(P):
            m = (df[f"agent_{s}"] == h["focus"]).to_numpy()
            vals += np.where(m, df[f"return_{s}"].to_numpy(), 0.0)
            k += m
        vals = vals / np.maximum(k, 1)
    return pd.Series(np.where(capped, np.nan, vals), index=index)


def paired_effect(x: pd.Series, y: pd.Series) -> dict:
    """A variant's per-game returns ``x`` against the baseline's ``y`` (same index).

    Returns
    -------
    dict
        ``metric`` (the variant's rate over its resolved games), ``effect`` with
        ``ci_low``/``ci_high`` (the paired difference over the games resolved in both),
        ``paired_games``, and the ``capped_share`` of the variant and of the baseline.
    """
    j = pd.concat([x, y], axis=1, join="inner").dropna()
    d, lo, hi = paired_difference(j.iloc[:, 0], j.iloc[:, 1])
    return {"metric": float(x.mean()) if x.notna().any() else np.nan, "effect": d,
            "ci_low": lo, "ci_high": hi, "paired_games": len(j),
            "capped_share": float(x.isna().mean()) if len(x) else np.nan,
            "baseline_capped_share": float(y.isna().mean()) if len(y) else np.nan}


def _variants(cells) -> list[list]:
    """The game's cells grouped by variant (the baseline, or one swept value): one list
    per variant, a cell per headline setup."""
    groups: dict = {}
    for c in cells:
        if c.labels["role"] in ("joint", "strong-baseline"):
            continue  # the joint part's (experiments.studies._joint)
        key = (c.labels["role"], c.labels.get("path"), c.labels.get("value"))
        groups.setdefault(key, []).append(c)
    return list(groups.values())


def analyse(study: Study, out) -> list[Section]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    secs = [Section("Method", text=[
        ("One-at-a-time sweep: each assumed value is varied with all else at baseline (a "
        "number to the ends of its plausible range; a rule choice to each other reading; an "
        "effect removed; a text's amounts one down and one up; a card's content to "
        f"{MAX_VOCAB_SIDES} other names of its vocabulary, drawn per value (the joint "
        "design takes every name); documented alternatives; scaled lists); games share indices and streams with the baseline "
        "(common random numbers), so the effect is a paired difference with a normal 95% "
        "interval. 'flips' marks a changed qualitative conclusion whose paired interval excludes 0. "
        "A game the turn or round cap stopped has no rulebook ending: it is unresolved, not "
        "half a win; rates count the games the rules ended, a paired difference the games "
        "resolved in both the baseline and the variant (paired_games), and capped_share "
        "shows each variant's capped games apart."), *study.notes])]
    frows = []
    morris = _joint.morris_all(study, out)  # the joint part's Morris screen, read once
    sub = _joint.follow_up(study, out, morris)
    for game in [g for g in GAMES if any(c.game == g for c in study.cells)]:
        h = headline(game)
        groups = _variants([c for c in study.cells if c.game == game])
        base_cells = next(g for g in groups if g[0].labels["role"] == "baseline")
        # one setup (every headline but a clan's): its summary gives the conclusion
        bs = summarize(out, base_cells[0]) if len(base_cells) == 1 else None
        y = pd.concat([_per_game(out, c, h) for c in base_cells])
        base_concl = _conclusion(game, bs, y, h)
        frows.append(_with_strong(_headline_finding(game, h, base_cells[0], bs, y, base_concl),
                                  study, out, game, h, base_concl))
        rows = []
        for cs in groups:
            c = cs[0]
            if c.labels["role"] == "baseline":
                continue
            x = pd.concat([_per_game(out, ci, h) for ci in cs])
            pe = paired_effect(x, y)
            lo, hi = pe["ci_low"], pe["ci_high"]
            concl = _conclusion(game, summarize(out, c) if bs is not None else None, x, h)
            # inert here: not one of the games changed its result (NaN, unresolved, equal)
            same = x.reindex(y.index)
            inert = bool(((same == y) | (same.isna() & y.isna())).all())
            rows.append({"path": c.labels["path"], "side": c.labels["role"],
                         "value": c.labels["value"], "baseline_value": c.labels["baseline_value"],
                         **pe, "conclusion": concl, "inert": inert,
                         # a flip must be more than chance: the paired interval excludes 0
                         "flips": concl != base_concl and bool(lo > 0 or hi < 0),
                         "changed_within_chance": concl != base_concl and not (lo > 0 or hi < 0),
                         "significant": bool(lo > 0 or hi < 0)})
        df = pd.DataFrame(rows)
        sec = Section(f"{game}: {h['metric']}", text=[
            f"Baseline {h['metric']}: {float(y.mean()):.3f} over the {int(y.notna().sum())} "
            f"of {len(y)} games the rules ended ({float(y.isna().mean()):.1%} turn-capped, "
            f"left out); conclusion ({h['conclusion']}): {base_concl}."])
        if len(df):
            flips = df[df["flips"]]
            sec.text.append(f"{int(df['significant'].sum())} of {len(df)} one-sided changes move "
                            f"the metric beyond chance; {len(flips)} flip the conclusion" +
                            (": " + ", ".join(f"{r.path}={r.value}" for r in flips.itertuples()) + "."
                             if len(flips) else ".") +
                            f" A further {int(df['changed_within_chance'].sum())} change the "
                            "point conclusion only within chance (paired interval spans 0), "
                            "which more games would settle.")
            ranked = (df[df["significant"]].assign(mag=lambda d: d["effect"].abs())
                      .sort_values("mag", ascending=False).drop_duplicates("path").head(5))
            if len(ranked):
                sec.text.append("Largest moves beyond chance, ranked: " + "; ".join(
                    f"{r.path}={r.value} ({r.side}): {r.effect:+.3f} [{r.ci_low:+.3f}, "
                    f"{r.ci_high:+.3f}]{' FLIPS' if r.flips else ''}"
                    for r in ranked.itertuples()) + ".")
            dead = inert_paths(df)
            if dead:
                sec.text.append(f"Inert here ({len(dead)}): no side changed the result of any "
                                f"of the {len(y)} games, so they leave the counts: "
                                + ", ".join(dead) + ".")
            marked = marked_inert(game)
            if marked:
                sec.text.append(f"Marked inert in rules.toml ({len(marked)}, not swept, in no "
                                "count): " + "; ".join(f"{p} ({why})" for p, why in marked)
                                + ".")
            moved = df[df["significant"]]["path"].nunique()
            sec.text.append(f"How much of this headline rests on assumed values: {moved} of "
                            f"{df['path'].nunique() - len(dead)} swept assumed values (inert "
                            "ones left out) move it beyond chance on their own.")
            top = (df.assign(mag=df["effect"].abs()).groupby("path")["mag"].max()
                   .sort_values(ascending=False).head(15).index.tolist())
            fig, ax = plt.subplots(figsize=(7, 0.35 * len(top) + 1.5))
            for i, path in enumerate(reversed(top)):
                for r in df[df["path"] == path].itertuples():
                    color = {"high": "#c44e52", "low": "#4c72b0", "scaled up": "#c44e52",
                             "scaled down": "#4c72b0", "shifted up": "#c44e52",
                             "shifted down": "#4c72b0"}.get(r.side, "#55a868")
                    ax.barh(i, r.effect, color=color, alpha=0.8)
                    ax.errorbar(r.effect, i, xerr=[[r.effect - r.ci_low], [r.ci_high - r.effect]],
                                color="k", capsize=2, lw=0.8)
            ax.set_yticks(range(len(top)))
            ax.set_yticklabels(list(reversed(top)), fontsize=7)
            ax.axvline(0, color="grey", lw=1)
            ax.set_xlabel(f"change in {h['metric']} (blue: low, red: high, green: alternative)")
            ax.set_title(f"{game}: tornado of the 15 largest effects", fontsize=10)
            fig.tight_layout()
            sec.figures.append((f"tornado_{game}", fig, df[df["path"].isin(top)],
                                f"{game}: largest effects of assumed values (paired 95%)"))
            sec.tables.append((f"sensitivity_{game}", df.sort_values("effect", key=abs,
                                                                      ascending=False),
                               f"{game}: every swept assumption"))
        texts, figs, tables, joint_summary = _joint.analyse_game(
            study, out, game, h, _conclusion, plt, morris, sub)
        sec.text += texts
        sec.figures += figs
        sec.tables += tables
        frows[-1].update(joint_summary)  # holds_share, settle_with, the strong player's
        secs.append(sec)
    write_findings(out, "sensitivity", frows, study.profile)
    return secs
