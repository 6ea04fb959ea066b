"""Edge of Humanity players: the position value (``engine.evaluate``) and the scripted blunder
fixes.  Each fix test builds a position where the pre-fix player (persona ``legacy``) took the
blunder and checks the improved personas do not (the legacy assertion is what the test would
fail on with the old code)."""
import numpy as np

from agents.scripted import persona_player
from simcore.humanity import API, SPEC, engine
from simcore.humanity import layout as L
from simcore.humanity.table import so
from simcore.rng import new_rng
from tests.test_humanity_rules import COL, EV, HAND, PR, Table  # noqa: F401  (PR: fixture)

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
    assert act(t, OLD) == COL(0)
    for persona in NEW:
        assert act(t, persona) == COL(farm)


def test_adrenaline_shot_before_the_last_action_builds(PR):
    """One action, a Farm payable in full and Adrenaline Shot in hand: the old builder built
    (ending the turn); Adrenaline Shot first gives the action back twice."""
    t = Table(PR[(2, "1")])
    t.hand_set(0, ["farm", "supply_crates", "adrenaline_shot"])
    t.turn(0, actions=1)
    assert act(t, OLD) == HAND(0)
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
    old = {act(t, OLD, seed) for seed in range(12)}
    assert len(old) == 1
    for persona in NEW:
        bids = {act(t, persona, seed) - L.AMT_BASE for seed in range(12)}
        assert len(bids) >= 2
        assert max(bids) <= t.get(seat, L.S_LIFE) - 2
    t.put(seat, L.S_LIFE, 2)
    t.stage(L.S_EVENT).settle()
    lo = min(t.legal()) - L.AMT_BASE
    for persona in NEW:
        assert {act(t, persona, seed) - L.AMT_BASE for seed in range(12)} == {lo}
