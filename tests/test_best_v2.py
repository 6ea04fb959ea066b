"""``best:v2``: the game's search with the learned value at its depth cap and as its root
prior (agents/mcts.py ``vprior``, agents/policy.py ``_root_values``; #32 part 3)."""
import numpy as np
import pytest

from agents.layout import A_DEPTH, A_NW, A_REPLY, A_SAMPLES, A_VPRIOR, A_VREPLY, A_VSAMPLES, \
    A_VTURN
from agents.play import decide
from agents.spec import V2, parse_agent
from simcore import connect4
from simcore.rng import new_rng
from simcore.spec import BadInput
from tests.test_value_crn import _values  # action_values at one position, compiled per game


def test_v2_carries_the_value_agents_options_for_its_root_prior():
    spec = connect4.SPEC
    v2 = parse_agent("best:v2", spec.personas, spec.name).row
    v1 = parse_agent("best:v1", spec.personas, spec.name).row
    val = parse_agent("value", spec.personas, spec.name).row
    assert v2[A_VPRIOR] == V2["vprior"] > 0 and v2[A_NW] > 0
    assert (v2[A_VSAMPLES], v2[A_VTURN], v2[A_VREPLY]) == \
        (val[A_SAMPLES], val[A_DEPTH], val[A_REPLY])
    assert v1[A_VPRIOR] == 0 and v1[A_NW] == 0
    assert parse_agent("best:v2,vprior=3", spec.personas, spec.name).row[A_VPRIOR] == 3
    # a game's profile BEST_V2 adds its own options (court: a depth cap, so that the
    # learned value scores capped rollouts at all); the spec's own options win
    from simcore import court, registry

    cap = registry.part("court", "BEST_V2")["depth"]
    assert parse_agent("best:v2", court.SPEC.personas, "court").row[A_DEPTH] == cap > 0
    assert parse_agent("best:v1", court.SPEC.personas, "court").row[A_DEPTH] == 0
    assert parse_agent("best:v2,depth=3", court.SPEC.personas, "court").row[A_DEPTH] == 3
    for bad in ("mcts:vprior=-1", "mcts:vprior=x", "best:v2,leaf=value"):
        with pytest.raises(BadInput):
            parse_agent(bad, spec.personas, spec.name)


def test_a_vprior_search_of_one_simulation_plays_the_values_best_action():
    """One simulation expands one root child: under ``vprior`` the best-valued one (the
    value agent's choice where its best is unique); without, one drawn at random."""
    from agents.spec import compile_key

    spec, api = connect4.SPEC, connect4.API
    p = api.params()
    val = parse_agent("value", spec.personas, spec.name).row
    key = compile_key(spec, [val])
    pick = np.random.default_rng(5)
    agree = differ_v1 = checked = 0
    for g in range(60):
        s = api.new_state(p, seed=g)
        for _ in range(int(pick.integers(2, 14))):
            if api.is_terminal(s, p):
                break
            api.step(s, p, int(pick.choice(api.legal_actions(s, p))), new_rng(g))
        if api.is_terminal(s, p):
            continue
        legal = np.asarray(api.legal_actions(s, p), np.int32)
        vals = _values(key, val[None, :], s.copy(), p,
                       new_rng(1, 0, 0, 1), legal, len(legal), spec.max_game_length,
                       spec.num_actions, spec.state_size)
        top = np.flatnonzero(vals >= vals.max() - 1e-12)
        if len(top) != 1:
            continue
        checked += 1
        best = int(legal[top[0]])
        agree += decide(connect4, s, p, "best:v2,iters=1", seed=1) == best
        differ_v1 += decide(connect4, s, p, "best:v1,iters=1", seed=1) != best
    assert checked >= 20
    assert agree == checked
    assert differ_v1 > 0
