"""Python helpers to ask an agent for one decision (tests, notebooks, benchmarks)."""
from __future__ import annotations

import numpy as np
from numba import njit

from agents import mcts
from agents.layout import A_ITERS, MCTS
from agents.policy import act
from agents.spec import parse_agent
from simcore import dispatch
from simcore.rng import new_rng


@njit(cache=True, parallel=True)
def _decide(game, agents, state, params, rng, num_actions, max_len, max_nodes, state_size):
    legal = np.empty(num_actions, np.int32)
    n = dispatch.legal_actions(game, state, params, legal)
    ws = mcts.workspace(max_nodes, state_size, num_actions, max_len, params[0])
    return act(game, agents, 0, state, params, rng, legal, n, ws)


def decide(game_module, state: np.ndarray, params: np.ndarray, agent: str = "random",
           rng: np.ndarray | None = None, seed: int = 0) -> int:
    """The action ``agent`` (a spec string) takes in ``state``; ``state`` is not modified."""
    spec = game_module.SPEC
    a = parse_agent(agent, spec.personas)
    if game_module.API.is_terminal(state, params):
        raise ValueError("the game is over: no decision to make")
    rng = new_rng(seed, 0, 0, 1) if rng is None else rng
    max_nodes = int(a.row[A_ITERS]) + 1 if a.row[0] == MCTS else 0
    return int(_decide(spec.game_id, a.row[None, :], state.copy(), params, rng,
                       spec.num_actions, spec.max_game_length, max_nodes, spec.state_size))


@njit(cache=True, parallel=True)
def search_repeat(game, state, params, agent, rng, reps, num_actions, max_len, state_size):
    """Run ``reps`` MCTS searches from ``state`` (for timing); return the last action."""
    ws = mcts.workspace(int(agent[A_ITERS]) + 1, state_size, num_actions, max_len, params[0])
    a = -1
    for _ in range(reps):
        a = mcts.search(game, state, params, agent, rng, ws)
    return a
