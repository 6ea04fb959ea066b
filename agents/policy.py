"""One entry point for every agent kind, called by the arena for each decision."""
from numba import njit

from agents import mcts
from agents.layout import A_KIND, A_PERSONA, MCTS, RANDOM  # noqa: F401
from agents.scripted import scripted_action
from simcore.rng import randint


@njit(cache=True, inline="always")
def act(game, agents, k, state, params, rng, legal, n, ws):
    """Action of agent ``agents[k]`` in ``state``; legal[:n] holds the legal actions.

    The agent table and a row number are passed rather than a row view: a view
    costs reference counting on every decision of the hot loop.
    """
    if n == 1:
        return legal[0]  # forced: no agent needs to think (nor draw)
    kind = int(agents[k, A_KIND])
    if kind == RANDOM:
        return legal[randint(rng, n)]
    if kind == MCTS:
        return mcts.search(game, state, params, agents[k], rng, ws)
    return scripted_action(game, state, params, int(agents[k, A_PERSONA]), rng, legal, n)


