"""Edge of Humanity players: the position value (``engine.evaluate``) and the scripted blunder
fixes.  Each fix test builds a position where the pre-fix player (persona ``legacy``: a frozen
copy of the player before the latest fixes, as the builder) takes the blunder and checks the
improved personas do not (the legacy assertion is what the test would fail on with the old
code).  The tests of earlier fixes (Farm before Scavenger, Adrenaline Shot, the Heroic Act guard,
commodity bids) were checked against the player before them (commit 35bae2c) and now check
only the fixed personas: the legacy persona no longer makes those blunders."""
import numpy as np

from agents.scripted import persona_player
from simcore.humanity import API, SPEC, engine
from simcore.humanity import layout as L
from simcore.humanity.table import so
from simcore.rng import new_rng
from simcore.humanity.table import supply_value
from tests.test_humanity_rules import C, COL, EV, HAND, PR, Table  # noqa: F401  (PR: fixture)

OLD = SPEC.frozen_persona  # the pre-fix player
NEW = (0, 1)  # builder, recruiter


def act(t, persona, seed=0):
    lg = np.zeros(L.NUM_ACTIONS, np.int32)
    n = engine.legal_actions(t.s, t.p, lg)
    return int(persona_player("humanity", persona)(t.s.copy(), t.p, persona,
                                                    new_rng(seed, 0, 0, 3), lg, n))


# ---- evaluate -------------------------------------------------------------------------------
def test_evaluate_orders_winning_and_losing_positions(PR):
    t = Table(PR[(2, "1")])
    out = np.zeros(2)
    engine.evaluate(t.s, t.p, out)
    assert abs(out[0] - out[1]) < 0.2 and abs(out.sum() - 1) < 1e-9  # the start is even
    # seat 1 two SP from the goal with a finished Watchtower, seat 0 with 2 SP
    t.put(0, L.S_SP, 2)
    t.put(1, L.S_SP, 9)
    t.colony_add(1, "watchtower")
    engine.evaluate(t.s, t.p, out)
    assert 0 <= out.min() and out.max() <= 1
    assert out[1] > 0.85
    # the mirror, and a depleted seat is worth less
    t.put(0, L.S_SP, 9)
    t.put(1, L.S_SP, 2)
    engine.evaluate(t.s, t.p, out)
    assert out[0] > 0.85
    v = out[0]
    t.put(0, L.S_DEPLETED, 1)
    engine.evaluate(t.s, t.p, out)
    assert out[0] < v
    # a finished game: the returns
    t.s[L.END] = L.END_SP
    t.s[L.WIN_MASK] = 0b10
    engine.evaluate(t.s, t.p, out)
    assert tuple(out) == (0.0, 1.0)


def test_evaluate_in_range_over_random_play(PR):
    for n, setup in ((2, "1"), (3, "3"), (4, "2")):
        p = PR[(n, setup)]
        s = API.new_state(p, seed=5)
        rng = np.random.default_rng(1)
        out = np.zeros(n)
        for _ in range(400):
            if API.is_terminal(s, p):
                break
            engine.evaluate(s, p, out)
            assert np.all(out >= 0) and np.all(out <= 1) and abs(out.sum() - 1) < 1e-9
            lg = API.legal_actions(s, p)
            API.step(s, p, int(rng.choice(lg)), new_rng(int(rng.integers(1 << 30))))


# ---- blunder fixes --------------------------------------------------------------------------
def test_farm_finished_before_scavenger_spends_the_action(PR):
    """One action left, a Farm (cost 2) holding 1 Supply, a Supply Crate in hand and a
    Scavenger (loot 2, costs the action): the old builder used the Scavenger first."""
    t = Table(PR[(2, "1")])
    t.colony_add(0, "scavenger")
    farm = t.colony_add(0, "farm", done=0)
    t.s[so(0) + L.S_COL_PLACED + farm] = 1
    t.hand_set(0, ["supply_crate", "forage"])
    t.turn(0, actions=1)
    assert COL(farm) in t.legal() and COL(0) in t.legal()
    for persona in NEW:
        assert act(t, persona) == COL(farm)


def test_adrenaline_shot_before_the_last_action_builds(PR):
    """One action, a Farm payable in full and Adrenaline Shot in hand: the old builder built
    (ending the turn); Adrenaline Shot first gives the action back twice."""
    t = Table(PR[(2, "1")])
    t.hand_set(0, ["farm", "supply_crates", "adrenaline_shot"])
    t.turn(0, actions=1)
    for persona in NEW:
        assert act(t, persona) == HAND(2)


def test_heroic_act_needs_a_life_guard(PR):
    """Heroic Act costs 2 Life after the recruit: at 3 Life it would leave 1, so neither the
    fixed personas nor the legacy one plays it (the guard was already in the old code); at 6
    Life it is played."""
    t = Table(PR[(2, "1")])
    t.hand_set(0, ["heroic_act", "leader"])
    t.put(0, L.S_LIFE, 3)
    t.turn(0, actions=1)
    assert HAND(0) in t.legal()
    for persona in NEW + (OLD,):
        assert act(t, persona) != HAND(0)
    t.put(0, L.S_LIFE, 6)
    for persona in NEW:
        assert act(t, persona) == HAND(0)


def test_commodity_bids_vary_and_keep_life(PR):
    """Grain Silo (Life bid, the highest gains 2 SP): the old builder always bid the same
    amount (half its Life, at most 3), so equal seats tied and turn order decided; the fixed
    personas vary the bid with the chance stream and keep 2 Life."""
    t = Table(PR[(2, "3")])
    t.s[L.FIRST] = 0
    t.s[L.EV_CUR] = EV["ne1"]
    for s in range(2):
        t.hand_set(s, ["forage", "rest"])
    t.stage(L.S_EVENT).settle()
    assert t.top == L.T_EBID
    seat = t.cur
    for persona in NEW:
        bids = {act(t, persona, seed) - L.AMT_BASE for seed in range(12)}
        assert len(bids) >= 2
        assert max(bids) <= t.get(seat, L.S_LIFE) - 2
    t.put(seat, L.S_LIFE, 2)
    t.stage(L.S_EVENT).settle()
    lo = min(t.legal()) - L.AMT_BASE
    for persona in NEW:
        assert {act(t, persona, seed) - L.AMT_BASE for seed in range(12)} == {lo}


# ---- fixes over the frozen legacy player ----------------------------------------------------
SUPPLIES = {"supply_crate", "supply_crates", "toolbox", "canned_food", "fuel_drum",
            "weapons_cache"}


def _supply_left(t, seat):
    return int(supply_value(t.s, t.p, so(seat)))


def _play_turn(t, persona):
    """Steps seat 0's Action-phase decisions (the menu and any Construct) with ``persona``."""
    for _ in range(10):
        if t.cur != 0 or t.top not in (L.T_MENU, L.T_BUILD):
            break
        t.step(act(t, persona))


def test_builder_keeps_the_supplies_its_survivor_needs(PR):
    """A Nurse (recruit cost 2) and Supplies worth 3 in hand, a Watchtower (cost 4) to start:
    the legacy builder starts it and places all 3 under it, so it cannot recruit the Nurse;
    the fixed players place only the spare 1 and keep 2 for the Recruit phase."""
    for persona, left in ((OLD, 0), (0, 2), (1, 2)):
        t = Table(PR[(2, "1")])
        t.hand_set(0, ["nurse", "supply_crate", "supply_crates", "watchtower"])
        t.turn(0, actions=1)
        _play_turn(t, persona)
        assert _supply_left(t, 0) == left, persona
        if persona == OLD:
            assert t.colony(0)[-1][0] == "watchtower"


def test_builder_does_not_start_a_building_with_its_recruit_supplies(PR):
    """A Mechanic (cost 3) and exactly 3 Supply in hand, a Watchtower it cannot pay: the legacy
    builder starts the Watchtower anyway; the fixed builder keeps the Supplies."""
    t = Table(PR[(2, "1")])
    t.hand_set(0, ["mechanic", "supply_crate", "supply_crates", "watchtower"])
    t.turn(0, actions=1)
    assert act(t, OLD) == HAND(3)
    for persona in NEW:
        assert act(t, persona) != HAND(3)


def _trade_bids(PR, persona, seed):
    t = Table(PR[(2, "1")])
    t.s[L.FIRST] = 0
    t.hand_set(0, ["supply_crates", "toolbox", "fire_camp", "looting"])
    t.hand_set(1, ["forage"])
    for p in range(3):
        t.pile_set(p, ["nurse", "toolbox"])
    t.stage(L.S_TRADE).settle()
    assert t.top == L.T_BID and t.cur == 0
    bid = []
    for i in range(8):
        if t.top != L.T_BID or t.cur != 0:
            break  # an emptied hand ends the bid
        a = act(t, persona, seed * 16 + i)
        if a == L.A_DONE:
            break
        bid.append(t.hand(0)[a - L.HAND_BASE])
        t.step(a)
    return bid


def test_trade_bids_grow_with_the_pile_vary_and_may_hold_supplies(PR):
    """Trade piles worth a bid and a hand with spare Supplies (no Survivor to recruit): the
    legacy builder bids the same two cards on every draw, never a Supply; the fixed players
    bid by the pile's worth and a draw, so the bid varies, reaches 3 cards and includes
    Supplies."""
    old = {tuple(_trade_bids(PR, OLD, seed)) for seed in range(12)}
    assert len(old) == 1 and len(next(iter(old))) <= 2
    assert not any(nm in SUPPLIES for nm in next(iter(old)))
    for persona in NEW:
        bids = [_trade_bids(PR, persona, seed) for seed in range(12)]
        assert len({len(b) for b in bids}) >= 2
        assert max(len(b) for b in bids) >= 3
        assert any(nm in SUPPLIES for b in bids for nm in b)


def test_first_aid_kit_and_scouting_are_not_discarded_first(PR):
    """Discard one of First Aid Kit, Scouting and Looting at 6 Life: the legacy player counted
    Life gains only at 4 Life or less and a rescue like a minor effect, so the First Aid Kit
    went; the fixed players discard Looting (it costs a Life)."""
    t = Table(PR[(2, "1")])
    t.hand_set(0, ["first_aid_kit", "scouting", "looting"])
    t.put(0, L.S_LIFE, 6)
    t.stage(L.S_ACTION, 2).task(L.E_DISCARD, 1, 0).settle()
    assert t.top == L.E_DISCARD and t.cur == 0
    assert act(t, OLD) == HAND(0)
    for persona in NEW:
        assert act(t, persona) == HAND(2)


def _ne2_bids(PR, persona, row):
    """Seat bids for Event ne2 (a Bullets bid: the highest gains 1 SP and rescues 1, the
    lowest loses 2 Life) over 12 draws, with the Survivor Row empty or showing a Leader."""
    t = Table(PR[(2, "3")])
    t.s[L.FIRST] = 0
    t.s[L.EV_CUR] = EV["ne2"]
    for s in range(2):
        t.hand_set(s, ["forage", "rest"])
        t.colony_add(s, "firearm", bullets=6)
    t.s[L.ROW:L.ROW + L.ROW_LEN] = -1
    if row:
        t.s[L.ROW + 4] = C["leader"]
    t.stage(L.S_EVENT).settle()
    assert t.top == L.T_EBID
    return [act(t, persona, seed) - L.AMT_BASE for seed in range(12)]


def test_rescue_is_worth_nothing_with_an_empty_row(PR):
    """An Event option that rescues needs a Survivor in the Row (EH-EVENT-04), but a bid's
    reward does not: ne2's highest bidder gains 1 SP and rescues 1.  The legacy player valued
    the rescue +20 whatever the Row held, so it bid the same with an empty Row; the fixed
    players value it by the best Survivor in the Row: less with an empty Row than the
    legacy player, more with a Leader there than with the Row empty."""
    old = _ne2_bids(PR, OLD, False)
    assert old == _ne2_bids(PR, OLD, True)
    for persona in NEW:
        empty, leader = _ne2_bids(PR, persona, False), _ne2_bids(PR, persona, True)
        assert sum(empty) < sum(leader)
        if persona == 0:  # the same draws as the legacy builder's
            assert sum(empty) < sum(old)
