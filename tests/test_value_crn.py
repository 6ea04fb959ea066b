"""The value agent compares actions on common random numbers (agents/value.py)."""
import numba
import numpy as np
from numba import njit

from agents import mcts
from agents.spec import compile_key, parse_agent
from agents.value import action_values
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


def test_every_action_is_valued_on_the_same_draws():
    """Court is open-loop (souls behind the screen, hidden Offerings): each action is tried
    on SAMPLES determinizations.  The same action listed twice gets the very same value (each
    action's futures restart from one stream position); with draws running on from action
    to action the two would differ.  The agent's own stream moves past every draw used,
    so the next decision draws afresh."""
    a = parse_agent("value", SPEC.personas, "court")
    key = compile_key(SPEC, [a.row])
    p = API.params(players=4)
    pick = np.random.default_rng(3)
    checked = 0
    for g in range(6):
        s = API.new_state(p, seed=g)
        for _ in range(int(pick.integers(5, 60))):
            if API.is_terminal(s, p):
                break
            lg = API.legal_actions(s, p)
            API.step(s, p, int(pick.choice(lg)), new_rng(int(pick.integers(1 << 30))))
        if API.is_terminal(s, p):
            continue
        lg = np.asarray(API.legal_actions(s, p), np.int32)
        if len(lg) < 2:
            continue
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
