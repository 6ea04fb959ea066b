"""#34 part 2: the sensitivity sweep varies content lists (experiments.studies.sensitivity):
``sweep = "shift"`` moves an integer list one down and one up within its range, lists with
documented alternatives sweep them, and a list held on purpose says why (``fixed``)."""
import pytest

from experiments import joint
from experiments.studies.sensitivity import FIXED, _sides, shifted, sweep_entries
from simcore.rules import Entry, load_rules
from simcore.spec import BadInput

LIST_REASON = "a list ("  # the reason a list with no sweep kind is skipped under


def test_shift_moves_every_item_one_down_and_up_clipped_to_the_range():
    e = Entry("clans.x.skills.y.sum", [20, 28], "assumed", reason="r", sweep="shift",
              range=(4, 28))
    # down: 19, 27; up: 21, 29 -> 28 (the range's high end)
    assert _sides(e, None) == ([("shifted down", [19, 27]), ("shifted up", [21, 28])], "")
    e = Entry("cards.c.b", [0, 2, 0, 0], "assumed", reason="r", sweep="shift", range=(0, 20))
    assert _sides(e, None)[0] == [("shifted down", [0, 1, 0, 0]), ("shifted up", [1, 3, 1, 1])]
    # no range: nothing clipped
    assert shifted([0, -3]) == [("shifted down", [-1, -4]), ("shifted up", [1, -2])]
    # a side the range folds back onto the value is no variation: left out
    e = Entry("cards.c.damage", [1, 1, 1], "assumed", reason="r", sweep="shift", range=(1, 4))
    assert _sides(e, None)[0] == [("shifted up", [2, 2, 2])]


def _rules(tmp_path, extra, value="[1, 2]"):
    p = tmp_path / "rules.toml"
    p.write_text(f'[a.b]\nvalue = {value}\nsource = "assumed"\nreason = "r"\n{extra}\n')
    return p


def test_the_parser_refuses_a_bad_sweep_kind_with_one_line_naming_the_valid_ones(tmp_path):
    with pytest.raises(BadInput) as exc:
        load_rules("t", _rules(tmp_path, 'sweep = "nudge"'))
    msg = str(exc.value)
    assert "\n" not in msg and "a.b" in msg and "'nudge'" in msg
    assert "valid: scale" in msg and "shift" in msg
    with pytest.raises(BadInput, match="list of integers"):
        load_rules("t", _rules(tmp_path, 'sweep = "shift"', value="[1.5, 2.0]"))
    with pytest.raises(BadInput, match="fixed must be a non-empty reason"):
        load_rules("t", _rules(tmp_path, 'fixed = ""'))
    rs = load_rules("t", _rules(tmp_path, 'sweep = "shift"\nrange = [0, 3]'))
    assert rs.entries["a.b"].sweep == "shift" and rs.entries["a.b"].range == (0, 3)


def test_darkleaf_sweeps_every_list_and_its_clan_lists_share_a_block():
    swept, skipped = sweep_entries("darkleaf")
    assert not [k for k in skipped if k.startswith(LIST_REASON)], skipped
    # only the [0, 0] sums of coded rows are held, each saying why
    assert set(skipped) <= {FIXED}
    paths = {e.path: sides for e, sides in swept}
    assert paths["clans.hexen.skills.celestial_compass.sum"] == [
        ("shifted down", [19, 27]), ("shifted up", [21, 29])]
    assert len(paths["clans.hexen.start"]) == 2 and len(paths["will.blessings"]) == 2
    fs = {f.path: f for f in joint.factors(swept)}
    for p in ("clans.hexen.start", "clans.hexen.skills.celestial_compass.sum",
              "clans.hexen.skills.poison_garden.slots", "clans.hexen.faces"):
        assert fs[p].block == "clans.hexen"


@pytest.mark.parametrize("game", ["darkness", "court", "humanity"])
def test_the_lists_still_skipped_are_held_with_a_reason(game):
    from simcore.spec import get_game

    rs = get_game(game).API.rules()
    swept, skipped = sweep_entries(game)
    assert not [k for k in skipped if k.startswith(LIST_REASON)], skipped
    done = {e.path for e, _ in swept}
    for e in rs.assumed():
        if isinstance(e.value, list) and e.path not in done and not (e.inert or e.unread):
            # held on purpose (fixed), or a card's content the engine names a vocabulary for
            assert e.fixed.strip() or not all(isinstance(x, int) for x in e.value), e.path


def test_an_event_moved_to_another_deck_trades_places_by_humanitys_fit():
    """#34: every Event deck holds six Events, so moving one alone is refused; humanity's
    fit swaps it with the Event at the same place in the deck it joins (worked by hand:
    ep1, first of epidemic, into nuclear -> nu1 to epidemic; then al3 into nuclear too, and
    alien is full again after ep2 joined it -> nu3 goes to the short epidemic deck)."""
    from simcore.humanity.fit import fit_decks
    from simcore.spec import get_game

    api = get_game("humanity").API
    base = api.rules()
    assert fit_decks(base, base) == {}
    one = base.with_sets(['events.ep1.deck="nuclear"'])
    assert fit_decks(one, base) == {"events.nu1.deck": '"epidemic"'}
    three = base.with_sets(['events.ep1.deck="nuclear"', 'events.ep2.deck="alien"',
                            'events.al3.deck="nuclear"'])
    assert fit_decks(three, base) == {"events.nu1.deck": '"epidemic"',
                                      "events.nu3.deck": '"epidemic"'}
    with pytest.raises(BadInput, match="deck has"):
        api.params(None, None, one)
    # a draw that empties two decks into a third: epidemic trades places with nuclear,
    # and the alien Events, with no epidemic Event left to trade, go home again
    moved = [f'events.{d}{i}.deck="epidemic"' for d in ("nu", "al") for i in range(1, 7)]
    got = fit_decks(base.with_sets(moved), base)
    assert got == {**{f"events.ep{i}.deck": '"nuclear"' for i in range(1, 7)},
                   **{f"events.al{i}.deck": '"alien"' for i in range(1, 7)}}
    sets, moved = api.fit(('events.ep1.deck="nuclear"',))
    assert moved == 1
    api.params(None, None, base.with_sets(list(sets)))  # accepted once swapped


def test_humanitys_event_decks_are_swept_as_swaps():
    """The one-at-a-time sweep moves an Event to another deck with its swap partner in the
    same cell; before the fit, all 36 deck entries were refused at every side."""
    from experiments.studies._sweep import cell_sets

    swept, skipped = sweep_entries("humanity")
    decks = {e.path: sides for e, sides in swept if e.path.endswith(".deck")}
    assert len(decks) == 36
    assert {v for _, v in decks["events.ep1.deck"]} == {
        "nuclear", "alien", "new-york", "new-mexico", "nebraska"}
    assert cell_sets("humanity", "events.ep1.deck", "alien") == (
        'events.ep1.deck="alien"', 'events.al1.deck="epidemic"')
    assert cell_sets("humanity", "cards.safe_house.count", 3) == ("cards.safe_house.count=3",)
