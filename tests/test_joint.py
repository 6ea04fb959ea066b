"""#34 part 3: joint sensitivity (experiments.joint, experiments.studies._joint) and its
labels in the Findings (holds_share, settle_with)."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from experiments import joint


def _entry(path, value, rng=None, alternatives=()):
    return SimpleNamespace(path=path, value=value, range=rng, alternatives=alternatives)


def _fs():
    return joint.factors([
        (_entry("cards.a.cost", 3, [2, 5]), [("low", 2), ("high", 5)]),
        (_entry("cards.a.text", "draw"), [("alternative", "discard")]),
        (_entry("rulings.x", True), [("alternative", False)]),
    ])


def test_factor_levels_and_blocks():
    fs = _fs()
    assert fs[0].levels == (2, 3, 5) and fs[0].base == 1  # a number: low to high
    assert fs[1].levels == ("draw", "discard") and fs[1].base == 0
    assert [f.block for f in fs] == ["cards.a", "cards.a", "rulings.x"]
    assert joint.blocks(fs) == ["cards.a", "rulings.x"]
    # a coordinate picks a level uniformly, and x_base stands for the baseline
    assert [fs[0].level(x) for x in (0.0, 0.34, 0.67, 1.0)] == [0, 1, 2, 2]
    assert all(f.level(f.x_base) == f.base for f in fs)


def test_a_games_joint_blocks_merge_its_prefix_into_one_block():
    """A prefix in a game's JOINT_BLOCKS is one block (darkness: the stand-in archetypes of
    unpublished locations); a path that merely begins with the same letters is not."""
    fs = joint.factors([
        (_entry("locations.n02", "battle"), [("alternative", "agents")]),
        (_entry("locations.n03", "defence"), [("alternative", "cards")]),
        (_entry("locationsx.n04", "cards"), [("alternative", "agents")]),
        (_entry("cards.a.cost", 3, [2, 5]), [("low", 2)]),
    ], ("locations",))
    assert [f.block for f in fs] == ["locations", "locations", "locationsx.n04", "cards.a"]
    from experiments.studies._joint import _factors_of

    dk = _factors_of("darkness", None)
    locs = [f for f in dk if f.path.startswith("locations.")]
    assert len(locs) >= 20 and {f.block for f in locs} == {"locations"}


def test_every_morris_step_moves_a_two_or_three_level_factor():
    """Morris's 4-level grid steps x by 2/3; each step must change the level it stands
    for, or an elementary effect would measure no change."""
    for L in (2, 3):
        f = joint.Factor("p", tuple(range(L)), 0, "p")
        for a, b in ((0, 2 / 3), (1 / 3, 1.0)):
            assert f.level(a) != f.level(b), (L, a, b)


def test_sets_at_names_only_the_values_off_baseline():
    fs = _fs()
    assert joint.sets_at(fs, [f.x_base for f in fs]) == ()
    assert joint.sets_at(fs, [0.0, 0.9, 0.9]) == ('cards.a.cost=2', 'cards.a.text="discard"',
                                                  "rulings.x=false")


def test_repair_puts_refused_combinations_back_to_baseline():
    ok = lambda sets: not ("a=1" in sets and "b=1" in sets)
    assert joint.repaired(ok, ("a=1", "c=1")) == (("a=1", "c=1"), 0)
    assert joint.repaired(ok, ("a=1", "b=1", "c=1")) == (("a=1", "c=1"), 1)


def test_morris_ranks_the_block_that_moves_the_metric_and_sobol_agrees():
    """A metric driven by one block only: Morris gives it the largest mu*, the idle block
    mu* 0; Sobol's total index is larger for it; settle_with names it alone."""
    fs = _fs()
    X = joint.morris_design(fs, 6, seed=1)
    assert X.shape == (6 * 3, 3)  # r trajectories of (blocks + 1) points
    lv = np.array([[f.levels[f.level(x)] for f, x in zip(fs, row)] for row in X], dtype=object)
    y = np.array([float(r[0]) for r in lv])  # only cards.a.cost matters
    m = joint.morris_indices(fs, X, y, seed=1)
    assert list(m["block"]) == ["cards.a", "rulings.x"]
    assert m["mu_star"].iloc[0] > 0 and m["mu_star"].iloc[1] == 0
    Xs = joint.sobol_design(fs, ["cards.a", "rulings.x"], 16, seed=2)
    assert Xs.shape == (16 * 4, 3)
    ys = np.array([float(fs[0].levels[fs[0].level(r[0])]) for r in Xs])
    s = joint.sobol_indices(fs, ["cards.a", "rulings.x"], ys, seed=2)
    assert s["block"].iloc[0] == "cards.a" and s["ST"].iloc[0] > 0.5
    assert joint.settle_with(m, s) == ["cards.a"]
    # with no positive Sobol index (too few base points), Morris ranks
    assert joint.settle_with(m, s.assign(ST=0.0)) == ["cards.a"]


def test_design_is_fixed_by_seed_and_game():
    from experiments.studies._joint import design_seed

    fs = _fs()
    a = joint.morris_design(fs, 3, design_seed(0, "court", "morris"))
    b = joint.morris_design(fs, 3, design_seed(0, "court", "morris"))
    c = joint.morris_design(fs, 3, design_seed(1, "court", "morris"))
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert design_seed(0, "court", "x") != design_seed(0, "humanity", "x")


def test_filled_replaces_points_without_a_resolved_game():
    y, k = joint.filled([0.2, np.nan, 0.4])
    assert k == 1 and y[1] == pytest.approx(0.3)


def test_seat_claim_is_the_finding_not_the_highest_seat():
    """A seat headline within chance claims 'no seat favoured', so a draw whose highest
    seat differs still holds it; a favoured seat must be the same seat beyond chance."""
    from experiments.studies._joint import claim

    h = {"read": "seat"}

    def summary(rates):
        return SimpleNamespace(cell=SimpleNamespace(players=2),
                               resolved_rate=lambda s: rates[s])
    concl = lambda g, s, y, h: "seat 1"
    within = summary({1: (0.55, 0.45, 0.65)})
    beyond = summary({1: (0.70, 0.60, 0.80)})
    assert claim("darkness", within, None, h, concl) == "no seat favoured beyond chance"
    assert claim("darkness", beyond, None, h, concl) == "seat 1 favoured"
    assert claim("frontier", None, None, {"read": "band"}, lambda *a: "hard") == "hard"


def test_holds_share_sets_the_status_and_the_short_label(tmp_path):
    """A finding confirmed one value at a time but holding in too few joint draws depends
    on the assumed content, and says which blocks would settle it."""
    import json

    from experiments.reporting import assumptions_label, write_findings
    from experiments.verdict import finding_status, short_table

    sens = {"court": pd.DataFrame({"path": ["a", "b"], "flips": [False, False],
                                   "inert": [False, False]})}
    j = {"holds_share": 0.6, "holds_low": 0.39, "holds_high": 0.78, "holds_draws": 20,
         "settle_with": ["cards.odium", "cards.poxxil"]}
    from experiments.studies.sensitivity import left_out_words, marked_inert

    label = assumptions_label("court", sens, True, j)
    # the values rules.toml marks (#34) are said to be left out
    left = left_out_words([p for p, _ in marked_inert("court")], "court")
    assert left
    assert label.startswith(f"none of 2 swept values flips it{left}; joint: holds in 12 of 20 draws")
    assert "largest total effect: cards.odium, cards.poxxil" in label
    row = pd.Series({"game": "court", "finding": "x", "value": 0.7, "ci_low": 0.6,
                     "ci_high": 0.8, "null": 0.25, "sample": 400, "measure": "rate",
                     "agents": "yes", "assumptions": label, "holds_share": 0.6,
                     "holds_low": 0.39, "holds_high": 0.78,
                     "settle_with": "cards.odium, cards.poxxil"})
    status, settle = finding_status(row)
    assert status == "depends on assumed content" and "cards.odium" in settle
    assert finding_status(pd.Series({**row, "holds_low": 0.8}))[0] == "confirmed"
    short = short_table(pd.DataFrame([row]))
    assert "joint 0.60 [0.39, 0.78]" in short["assumptions"].iloc[0]
    # the strong player's draws are said with their own claim
    js = {**j, "joint_strong_agent": "best:ms=1", "strong_conclusion": "easy",
          "strong_holds": 0.25, "strong_holds_low": 0.046, "strong_holds_high": 0.699,
          "strong_draws": 4}
    assert assumptions_label("court", sens, True, js).endswith(
        "; under best:ms=1: 'easy' holds in 1 of 4 draws [0.046, 0.699]")
    # the headline row goes through write_findings, whose own strong_agent column (the
    # player behind the agents label: none here) must not blank the joint player's name
    write_findings(tmp_path, "sensitivity", [{**js, "game": "court", "finding": "x"}])
    back = json.loads((tmp_path / "findings.json").read_text())[0]
    assert "; under best:ms=1: 'easy'" in assumptions_label("court", sens, True, back)
    # a finding the sweep did not re-measure gets no joint words
    assert "joint" not in assumptions_label("court", sens, False, None)


def test_fair_repair_resets_no_path_more_often_for_its_place():
    """A capacity the engine enforces (at most 2 of 4 overrides at once): repaired in path
    order, the last two would always go back to baseline; shuffled by the point's seed,
    each path is reset about as often, and the result stays in path order."""
    sets = ("a=1", "b=1", "c=1", "d=1")
    ok = lambda s: len(s) <= 2
    assert joint.repaired(ok, sets) == (("a=1", "b=1"), 2)
    resets = dict.fromkeys(sets, 0)
    for seed in range(400):
        kept, d = joint.repaired_fairly(ok, sets, seed)
        assert d == 2 and list(kept) == sorted(kept)
        for s in set(sets) - set(kept):
            resets[s] += 1
    assert all(150 < n < 250 for n in resets.values()), resets


def test_a_cheap_strong_player_plays_every_draw_and_the_morris_points(monkeypatch):
    """#34 part 3 with #32: where a game's profile names a cheap strong player at its
    headline's player count (registry STRONG), the joint part plays every draw and every
    Morris point again under it, on as many games as the scripted ones; elsewhere only the
    profile's few strong draws (best), and no strong Morris."""
    from experiments.studies import _joint, sensitivity
    from simcore import registry

    real = registry.part

    def part(game, what):
        if game == "humanity" and what == "STRONG":
            return {2: ("value", "value beats scripted (a test's stand-in)")}
        if game == "humanity" and what == "SMOKE_STRONG":
            return True
        return real(game, what)

    monkeypatch.setattr(registry, "part", part)
    st = sensitivity.build("smoke", 0)
    b = _joint.JOINT["smoke"]

    def cells(game, design):
        return [c for c in st.cells if c.game == game and c.labels.get("design") == design]
    for game in ("humanity", "frontier"):  # darkness names value too, but not in smoke
        sm, m = cells(game, "strong-morris"), cells(game, "morris")
        sd, d = cells(game, "strong-draw"), cells(game, "draw")
        if game == "humanity":
            assert len(sm) == len(m) > 0 and len(sd) == len(d)
            assert {c.agents for c in sm + sd} == {("value",)}
            assert {c.games for c in sm + sd} == {b["games"]}
            # the same design points: point i under both players has the same overrides
            assert [c.sets for c in sm] == [c.sets for c in m]
        else:
            assert not sm and len(sd) == b["strong_draws"]
            assert {c.agents for c in sd} == {(b["strong"],)}


def test_humanity_precheck_refuses_only_what_params_refuses():
    """API.precheck (the repair's cheap checks): a rules set over the packs' 180 cards is
    refused by both; a set it passes that params refuses is allowed (a pass is no
    promise), and _repair then answers as the full repair does."""
    from experiments.studies import _joint
    from simcore.humanity import API
    from simcore.spec import BadInput

    rs = API.rules()
    counts = [p for p in rs.entries if p.startswith("cards.") and p.endswith(".count")
              and rs.entries[p[:-len("count")] + "pack"].value == "base"]
    over = API.rules(sets=[f"{p}=20" for p in counts])
    for check in (API.precheck, API.params):
        with pytest.raises(BadInput, match="cards in the packs"):
            check(None, None, over)
    API.precheck(None, None, rs)  # the baseline passes both
    API.params(None, None, rs)
    ok = _joint._accepts("humanity")
    sets = tuple(f"{p}=20" for p in counts)
    assert not ok(sets, False) and not ok(sets)
    got, dropped = _joint._repair(ok, sets, seed=3)
    assert ok(got) and dropped > 0
    assert (got, dropped) == joint.repaired_fairly(ok, sets, 3)
    # where the cheap checks pass a set the full ones refuse, the full repair answers
    full_only = ("cards.scavenge.effects=bogus 1",)  # an unknown effect: the card table
    assert ok(full_only, False) and not ok(full_only)
    assert _joint._repair(ok, full_only, seed=3) == ((), 1)


def test_humanity_fit_scales_every_raise_of_an_overflowing_deck_by_one_factor():
    """#34: a joint draw that overflows humanity's packs is brought within them by
    scaling every raised count down by one common factor (simcore/humanity/fit.py), not by
    setting a shuffled few back to baseline: the deck ends exactly full, lowered counts
    and counts at baseline stay as drawn, and nothing is set back by the repair."""
    from experiments.studies import _joint
    from simcore.humanity import API
    from simcore.humanity import layout as HL
    from simcore.humanity.fit import _shrink

    # worked by hand: raises a +6, b +2 (c lowered, untouched); 4 over -> factor 1/2
    assert _shrink({"a": 10, "b": 6, "c": 3}, {"a": 4, "b": 4, "c": 5}, 4) == \
        {"a": 7, "b": 5, "c": 3}
    # 3 over -> keep 5 of 8: floors 3 and 1, the unit left to the larger remainder (a)
    assert _shrink({"a": 10, "b": 6, "c": 3}, {"a": 4, "b": 4, "c": 5}, 3) == \
        {"a": 8, "b": 5, "c": 3}
    assert _shrink({"a": 10}, {"a": 4}, 0) == {"a": 10}

    rs = API.rules()
    pack = {p: rs.entries[p[:-len("count")] + "pack"].value for p in rs.entries
            if p.startswith("cards.") and p.endswith(".count")}
    base = [p for p, k in pack.items() if k == "base"]
    sets = tuple(f"{p}=20" for p in base)
    assert not _joint._accepts("humanity")(sets)
    fitted, moved = API.fit(sets)
    got = API.rules(sets=list(fitted))
    API.params(None, None, got)  # accepted at the default table (2 players)
    start = sum(rs.get(p) for p, k in pack.items() if k == "start")
    in_packs = sum(got.get(p) for p, k in pack.items() if k not in ("start", "none"))
    assert in_packs == HL.CARD_CAP - start * 2 - start  # exactly full
    f = [(got.get(p) - rs.get(p)) / (20 - rs.get(p)) for p in base if rs.get(p) < 20]
    # each raise r becomes floor(f r) or one more: its own factor is within 1/r of f
    assert max(f) - min(f) < 2 / min(20 - rs.get(p) for p in base if rs.get(p) < 20) + 1e-9
    assert moved == sum(got.get(p) != 20 for p in base) > 0
    ok = _joint._accepts("humanity")
    assert _joint._fit_and_repair("humanity", ok, sets, 3)[1:] == (moved, 0)
    # a draw that fits, and a game with no rule, pass through unchanged
    assert API.fit(sets[:1]) == (sets[:1], 0)
    from simcore.court import API as CA
    assert CA.fit(("harvest.count=3",)) == (("harvest.count=3",), 0)


def test_a_cheap_strong_baseline_has_enough_games_for_the_headlines_agents_label():
    """#32 part 5: the strong baseline of a headline whose game names a cheap strong player
    (darkness, humanity, frontier) carries that finding's agents label, so it plays
    STRONG_MIN games in quick; its joint draws keep the scripted draws' games."""
    from experiments.reporting import STRONG_MIN
    from experiments.studies import _joint, sensitivity

    st = sensitivity.build("quick", 0)
    for game in ("darkness", "humanity", "frontier"):
        sb = [c for c in st.cells if c.game == game and c.labels["role"] == "strong-baseline"]
        assert sb and sum(c.games for c in sb) >= STRONG_MIN["quick"], game
        sd = [c for c in st.cells if c.game == game and c.labels.get("design") == "strong-draw"]
        assert sd and {c.games for c in sd} == {_joint.JOINT["quick"]["games"]}


def test_a_persona_comparison_is_played_strongly_in_each_personas_style():
    """#32 part 5: court's headline compares scripted personas at a mixed table, which
    ``value`` in every seat cannot read; its strong form plays each persona's style under
    ``value`` (``value:persona=P``), so the conclusion "free-rider wins most" is read off
    the same persona.  A search spec or an eps persona has no such form; a plain scripted
    headline is the strong spec in every seat.  The quick sensitivity study plays court's
    styled table on STRONG_MIN games."""
    from agents.spec import parse_agent
    from experiments.reporting import STRONG_MIN
    from experiments.studies import _joint, sensitivity
    from simcore.court import SPEC

    h = sensitivity.headline("court")
    sh = _joint.strong_headline(h, "value", "court")
    first = SPEC.personas[0]
    styled = {a: ("value" if a == f"scripted:{first}" else "value:persona=" + a.split(":")[1])
              for a in h["agents"]}
    assert sh["styled"]["scripted"] == "value"  # the results' name of the first persona
    assert sh["agents"] == tuple(styled[a] for a in h["agents"])
    assert sh["focus"] == "value:persona=free-rider" == sh["styled"][h["focus"]]
    # each styled name is the name the parsed spec plays under (the results' agent column)
    for a in sh["agents"]:
        assert parse_agent(a, SPEC.personas, "court").text == a
    assert _joint.strong_name(sh) == "value in each persona's style"
    assert _joint.strong_headline(h, "best:ms=3", "court") is None
    assert _joint.strong_headline({**h, "agents": ("scripted:eps=0.1", "scripted")},
                                  "value", "court") is None
    plain = _joint.strong_headline({**h, "agents": ("scripted",)}, "value", "court")
    assert plain["agents"] == ("value",) and _joint.strong_name(plain) == "value"
    st = sensitivity.build("quick", 0)
    sb = [c for c in st.cells if c.game == "court" and c.labels["role"] == "strong-baseline"]
    assert sb and set(sb[0].agents) == set(sh["agents"])
    assert _joint.strong_of(sb[0]) == "value"
    assert sum(c.games for c in sb) >= STRONG_MIN["quick"]
