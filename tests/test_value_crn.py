"""The value agent compares actions on common random numbers (agents/value.py)."""
import numba
import numpy as np
from numba import njit

from agents import mcts
from agents.layout import A_PERSONA, A_PRIOR
from agents.scripted import scripted_action
from agents.spec import compile_key, parse_agent
from agents.value import action_values, value_act
from simcore import dispatch
from simcore.court import API, SPEC
from simcore.rng import new_rng


@njit(cache=True)
def _values(game, agents, state, params, rng, legal, n, max_len, num_actions, state_size):
    numba.literally(game)
    ws = mcts.workspace(0, state_size, num_actions, max_len, params[0])
    vals = np.empty(n, np.float64)
    action_values(game, agents, 0, state, params, rng, legal, n, ws, vals)
    return vals


def _positions(p, games: int, seed: int, most: int):
    """(game, state, legal) of court positions reached by random play (5..most steps of
    each of ``games`` games), where the game goes on and two or more actions are legal."""
    pick = np.random.default_rng(seed)
    for g in range(games):
        s = API.new_state(p, seed=g)
        for _ in range(int(pick.integers(5, most))):
            if API.is_terminal(s, p):
                break
            lg = API.legal_actions(s, p)
            API.step(s, p, int(pick.choice(lg)), new_rng(int(pick.integers(1 << 30))))
        if API.is_terminal(s, p):
            continue
        legal = np.asarray(API.legal_actions(s, p), np.int32)
        if len(legal) >= 2:
            yield g, s, legal


@njit(cache=True)
def _act(game, agents, state, params, rng, legal, n, max_len, num_actions, state_size):
    """(value_act's action, the values it compared, the scripted persona's action on the
    stream as value_act leaves it after valuing) at one position."""
    numba.literally(game)
    ws = mcts.workspace(0, state_size, num_actions, max_len, params[0])
    r = rng.copy()
    vals = np.empty(n, np.float64)
    action_values(game, agents, 0, state.copy(), params, r, legal.copy(), n, ws, vals)
    a_s = scripted_action(game, state.copy(), params, int(agents[0, A_PERSONA]), r.copy(),
                          legal.copy(), n)
    a = value_act(game, agents, 0, state, params, rng, legal, n, ws)
    return a, vals, a_s


def test_a_prior_margin_keeps_the_scripted_choice_unless_another_is_worth_more():
    """``value:prior=X``: the scripted persona's choice stands unless another action is
    valued more than X above it; with no margin the agent plays a best-valued action.
    Over court positions from random play: prior=1 always plays the script (it differs
    from the best-valued action in several), prior=0.05 plays the script exactly where it is
    within 0.05 of the best, else a best-valued action."""
    plain = parse_agent("value:prior=0", SPEC.personas, "court")
    keep = parse_agent("value:prior=1", SPEC.personas, "court")
    near = parse_agent("value:prior=0.05", SPEC.personas, "court")  # court's default: 0.2
    assert keep.text == "value:prior=1" and plain.text == "value:prior=0"
    assert plain.row[A_PRIOR] == 0.0 and near.row[A_PRIOR] == 0.05
    key = compile_key(SPEC, [plain.row])
    p = API.params(players=4)
    differ = kept = moved = 0
    for g, s, legal in _positions(p, 12, 7, 80):
        got = {}
        for name, a in (("plain", plain), ("keep", keep), ("near", near)):
            got[name] = dispatch.call(_act, key, a.row[None, :], s.copy(), p,
                                      new_rng(g, 0, 0, 1), legal.copy(), len(legal),
                                      SPEC.max_game_length, SPEC.num_actions,
                                      SPEC.state_size)
        a, vals, a_s = got["plain"]
        best = vals.max()
        assert vals[list(legal).index(a)] == best
        a, vals, a_s = got["keep"]
        assert a == a_s
        differ += vals[list(legal).index(a_s)] < best
        a, vals, a_s = got["near"]
        if vals[list(legal).index(a_s)] >= best - 0.05:
            assert a == a_s
            kept += 1
        else:
            assert vals[list(legal).index(a)] == best
            moved += 1
    assert differ >= 2 and kept >= 2 and moved >= 1, (differ, kept, moved)


@njit(cache=True)
def _act_as(game, agents, state, params, rng, legal, n, persona, max_len, num_actions,
            state_size):
    """(value_act's action, scripted persona ``persona``'s action on the stream as
    value_act leaves it after valuing) at one position."""
    numba.literally(game)
    ws = mcts.workspace(0, state_size, num_actions, max_len, params[0])
    r = rng.copy()
    vals = np.empty(n, np.float64)
    action_values(game, agents, 0, state.copy(), params, r, legal.copy(), n, ws, vals)
    a_s = scripted_action(game, state.copy(), params, persona, r.copy(), legal.copy(), n)
    return value_act(game, agents, 0, state, params, rng, legal, n, ws), a_s


def test_a_persona_option_plays_that_personas_style():
    """``value:persona=P`` keeps persona P's choice within its prior (and plays P in its
    lines): with prior=1, over court positions from random play, it plays exactly the
    court-hawk script's action, which differs from the first persona's in some positions;
    an unknown persona is refused naming the valid ones."""
    import pytest

    from simcore.spec import BadInput

    k = SPEC.personas.index("court-hawk")
    hawk = parse_agent("value:prior=1,persona=court-hawk", SPEC.personas, "court")
    fair = parse_agent("value:prior=1", SPEC.personas, "court")
    assert hawk.text == "value:prior=1,persona=court-hawk"
    assert hawk.row[A_PERSONA] == k > 0 and fair.row[A_PERSONA] == 0
    with pytest.raises(BadInput, match="unknown persona 'nobody'; valid: .*court-hawk"):
        parse_agent("value:persona=nobody", SPEC.personas, "court")
    key = compile_key(SPEC, [hawk.row])
    p = API.params(players=4)
    n = differ = 0
    for g, s, legal in _positions(p, 12, 7, 80):
        (a_hawk, want), (a_fair, _) = [
            dispatch.call(_act_as, key, a.row[None, :], s.copy(), p, new_rng(g, 0, 0, 1),
                          legal.copy(), len(legal), k, SPEC.max_game_length,
                          SPEC.num_actions, SPEC.state_size) for a in (hawk, fair)]
        assert a_hawk == want
        differ += a_hawk != a_fair
        n += 1
    assert n >= 5 and differ >= 1, (n, differ)


def test_every_action_is_valued_on_the_same_draws():
    """Court is open-loop (souls behind the screen, hidden Offerings): each action is tried
    on SAMPLES determinizations.  The same action listed twice gets the very same value (each
    action's futures restart from one stream position); with draws running on from action
    to action the two would differ.  The agent's own stream moves past every draw used,
    so the next decision draws afresh."""
    a = parse_agent("value", SPEC.personas, "court")
    key = compile_key(SPEC, [a.row])
    p = API.params(players=4)
    checked = 0
    for g, s, lg in _positions(p, 6, 3, 60):
        legal = np.array([lg[0], lg[0], lg[1]], np.int32)
        rng = new_rng(g, 0, 0, 1)
        before = int(rng[1])
        vals = dispatch.call(_values, key, a.row[None, :], s.copy(), p, rng, legal, 3,
                             SPEC.max_game_length, SPEC.num_actions, SPEC.state_size)
        assert vals[0] == vals[1], (g, vals)
        assert np.isfinite(vals).all() and ((vals >= 0) & (vals <= 1)).all()
        assert int(rng[1]) > before  # the stream moved on
        checked += 1
    assert checked >= 3


def test_an_offering_is_judged_after_the_harvest_it_feeds_resolves():
    """A choice in a round of hidden simultaneous choices is valued once that round has
    resolved (agents/value.py: play on to the next such round).  Here the Harvest fails
    whatever is offered (threshold 60 against 30 + 3 x 10 souls) and Failures have reached
    the fail-effect limit, so the failure eliminates the seats that offered fewest.  The
    scripted seats, who cannot save it, offer what keeps them off the fewest: all their
    10.  Offering 0 keeps every soul behind the screen but is elimination; 11 or more
    eliminates the other three.  Valued right after the Offerings are revealed, before the
    Harvest resolves (the agent as it was), 0 looked best: the most souls kept."""
    _offer_0_loses_and_11_wins()


def _offer_0_loses_and_11_wins(**table):
    """Seat 0's Offering values at a failing Harvest of round 3 (souls 30, 10, 10, 10;
    threshold 60; Failures at the fail-effect limit): 0 is elimination, the best 11 or
    more.  ``table``: more of harvest_table's options."""
    from simcore.court import layout as L
    from tests.test_court_rules import harvest_table

    a = parse_agent("value", SPEC.personas, "court")
    key = compile_key(SPEC, [a.row])
    p = API.params(players=4)
    t = harvest_table(p, souls=[30, 10, 10, 10], thresh=60,
                      fails=int(p[L.P_FAIL_EFFECT_UPTO]), round_=3, **table)
    assert t.cur == 0 and t.s[L.DEC] == L.D_OFFER
    legal = np.asarray(API.legal_actions(t.s, p), np.int32)
    zero = [i for i, x in enumerate(legal) if x - L.AMT_BASE == 0]
    assert zero, "offering 0 is legal here"
    vals = dispatch.call(_values, key, a.row[None, :], t.s.copy(), p, new_rng(5, 0, 0, 1),
                         legal, len(legal), SPEC.max_game_length, SPEC.num_actions,
                         SPEC.state_size)
    assert vals[zero[0]] < 0.05  # eliminated
    best = int(legal[int(np.argmax(vals))]) - L.AMT_BASE
    assert best >= 11 and vals.max() > 0.5, (best, vals)
    return t, p


def test_a_public_offering_is_judged_after_the_harvest_it_feeds_resolves():
    """With Ellianastis's lost screen: the same Harvest as above, but seat 0 offers
    first, in public (its screen taken away), and seat 1 holds the Spirit Favor.  A public
    Offering is no hidden simultaneous choice (court's ``simultaneous`` is 0), yet it costs
    nothing until the Harvest resolves: court's ``pending_round`` keeps it, and seat 1's
    adjustment after the reveal, in the Harvest's round, so the agent plays on to the
    failure and its eliminations.  The agent as it was stopped at seat 1's adjustment,
    an open choice of another seat, before the Harvest resolved: there 0 looked best, the
    most souls kept."""
    from simcore.court import layout as L
    from simcore.court.engine import pending_round, simultaneous

    t, p = _offer_0_loses_and_11_wins(
        exposed=1, favors=tuple(1 if f == L.SPIRIT else -1 for f in range(3)))
    assert simultaneous(t.s, p) == 0 and pending_round(t.s, p) == 2 * 3 + 2


def test_pending_round_keeps_a_harvests_choices_in_its_round():
    """court's ``pending_round``: a bid is round 2r + 1 (as ``simultaneous``); an Offering
    behind a screen and every choice after it until the Harvest resolves (here the Spirit
    Favor holder's adjustment) are round 2r + 2, while ``simultaneous`` marks only the
    hidden Offering."""
    from simcore.court import layout as L
    from simcore.court.engine import pending_round, simultaneous
    from tests.test_court_rules import harvest_table

    p = API.params(players=4)
    t = harvest_table(p, souls=[30, 10, 10, 10], thresh=20, round_=2,
                      favors=tuple(0 if f == L.SPIRIT else -1 for f in range(3)))
    assert t.s[L.DEC] == L.D_OFFER and simultaneous(t.s, p) == pending_round(t.s, p) == 6
    seen = set()
    for _ in range(40):
        if API.is_terminal(t.s, p):
            break
        d = int(t.s[L.DEC])
        if d == L.D_SPIRIT_ADJ:
            assert simultaneous(t.s, p) == 0
            assert pending_round(t.s, p) == 2 * t.s[L.ROUND] + 2
        if d == L.D_BID:
            assert pending_round(t.s, p) == simultaneous(t.s, p) == 2 * t.s[L.ROUND] + 1
        seen.add(d)
        lg = API.legal_actions(t.s, p)
        API.step(t.s, p, int(lg[0]), new_rng(1, 0, 0, 0))
    assert {L.D_SPIRIT_ADJ, L.D_BID} <= seen, seen



def test_a_solo_line_is_valued_where_the_turn_after_next_begins():
    """Solo, every decision is the agent's and the automa plays inside the engine, so a line
    cut at a count of decisions (16) was valued at another round for each action (a line
    of fewer decisions reached further; docs/agents-value-replays.md, frontier).  Each line
    now runs to the start of the turn after next (SOLO_TURNS) and is valued there.  With
    darkness solo weights that read only the round (round_share, times 8), every action
    of a mid-round position gets the same value, that of a later round than now."""
    from agents.layout import A_NW, A_W0
    from agents.value import feature_names
    from simcore.darkness import API as DA
    from simcore.darkness import SPEC as DS
    from simcore.darkness import layout as DL

    # turn=200: no decision cap short of the round boundary (a solo darkness turn is long)
    a = parse_agent("value:samples=1,prior=0,turn=200", DS.personas, "darkness", players=1)
    row = a.row.copy()
    names = feature_names(DS.key)
    row[A_W0:A_W0 + int(row[A_NW])] = 0.0
    row[A_W0 + names.index("round_share")] = 8.0
    key = compile_key(DS, [row])
    p = DA.params(players=1)
    pick = np.random.default_rng(5)
    checked = 0
    for g in range(6):
        s = DA.new_state(p, seed=g)
        for _ in range(int(pick.integers(3, 40))):
            if DA.is_terminal(s, p):
                break
            lg = DA.legal_actions(s, p)
            DA.step(s, p, int(pick.choice(lg)), new_rng(int(pick.integers(1 << 30))))
        if DA.is_terminal(s, p) or len(DA.legal_actions(s, p)) < 2:
            continue
        legal = np.asarray(DA.legal_actions(s, p), np.int32)
        vals = dispatch.call(_values, key, row[None, :], s.copy(), p, new_rng(g, 0, 0, 1),
                             legal.copy(), len(legal), DS.max_game_length, DS.num_actions,
                             DS.state_size)
        live = vals[(vals > 1e-6) & (vals < 1 - 1e-6)]
        assert len(live) and np.ptp(live) < 1e-9, vals  # one round for every line
        r0 = min(int(s[DL.ROUND]), DL.ROUNDS)  # round_share = ROUND / ROUNDS
        if r0 < DL.ROUNDS:  # valued at a later round than now
            assert live[0] > 1.0 / (1.0 + np.exp(-float(r0))) + 1e-9, (live[0], r0)
        checked += 1
    assert checked >= 3
