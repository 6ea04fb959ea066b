"""Python helpers to ask an agent for one decision (tests, notebooks, benchmarks)."""
from __future__ import annotations

import numba
import numpy as np
from numba import njit

from agents import mcts
from agents.layout import A_ITERS, MCTS
from agents.policy import act
from agents.spec import compile_key, parse_agent
from simcore import dispatch
from simcore.rng import new_rng


@njit(cache=True, parallel=True)
def decide_repeat(game, agents, state, params, rng, reps, num_actions, max_len, max_nodes,
                  state_size):
    """Ask agent row 0 of ``agents`` for its action in ``state`` ``reps`` times (reps > 1
    times a search); return the last answer.  ``game`` is a compile key (dispatch.key)."""
    numba.literally(game)
    legal = np.empty(num_actions, np.int32)
    n = dispatch.legal_actions(game, state, params, legal)
    ws = mcts.workspace(max_nodes, state_size, num_actions, max_len, params[0])
    a = -1
    for _ in range(reps):
        a = act(game, agents, 0, state, params, rng, legal, n, ws)
    return a


def decide(game_module, state: np.ndarray, params: np.ndarray, agent: str = "random",
           rng: np.ndarray | None = None, seed: int = 0, reps: int = 1) -> int:
    """The action ``agent`` (a spec string) takes in ``state``; ``state`` is not modified.

    ``reps`` > 1 asks again from the same state with the stream advanced (for timing a
    search) and returns the last answer.
    """
    spec = game_module.SPEC
    a = parse_agent(agent, spec.personas, spec.name)
    if game_module.API.is_terminal(state, params):
        raise ValueError("the game is over: no decision to make")
    rng = new_rng(seed, 0, 0, 1) if rng is None else rng
    max_nodes = int(a.row[A_ITERS]) + 1 if a.row[0] == MCTS else 0
    return int(dispatch.call(decide_repeat, compile_key(spec, [a.row]), a.row[None, :],
                             state.copy(), params, rng, int(reps),
                             spec.num_actions, spec.max_game_length, max_nodes,
                             spec.state_size))
