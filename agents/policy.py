"""One entry point for every agent kind, called by the arena for each decision."""
import numpy as np
from numba import njit
from numba.core import types
from numba.extending import overload

from agents import mcts
from agents.layout import (
    A_DEPTH, A_EPS, A_KIND, A_PERSONA, A_PRIOR, A_REPLY, A_SAMPLES, A_VPRIOR, A_VREPLY,
    A_VSAMPLES, A_VTURN, MCTS, RANDOM, VALUE,
)
from agents.scripted import scripted_action
from agents.value import action_values, value_act
from simcore import dispatch
from simcore.rng import randint, uniform


@njit(cache=True, inline="always")
def _random_act(rng, legal, n):
    if n == 1:
        return legal[0]  # forced: no agent needs to think (nor draw)
    return legal[randint(rng, n)]


@njit(cache=True, inline="always")
def _any_act(game, agents, k, state, params, rng, legal, n, ws):
    kind = int(agents[k, A_KIND])
    if n == 1 or kind == RANDOM:
        return _random_act(rng, legal, n)
    if kind == MCTS:
        return mcts.search(game, state, params, agents[k], rng, ws, np.empty(0, np.float64))
    # scripted:eps=X (training positions off the script's one line): no draw when X is 0,
    # so a plain scripted seat's stream is what it always was
    eps = agents[k, A_EPS]
    if eps > 0.0 and uniform(rng) < eps:
        return legal[randint(rng, n)]
    return scripted_action(game, state, params, int(agents[k, A_PERSONA]), rng, legal, n)


@njit(cache=True, inline="always")
def _any_act_value(game, agents, k, state, params, rng, legal, n, ws):
    # only under a key with the value bit (dispatch.value_key): agents.spec.compile_key sets
    # it whenever a value agent plays, so other runs never compile the one-ply search
    if n > 1 and int(agents[k, A_KIND]) == VALUE:
        return value_act(game, agents, k, state, params, rng, legal, n, ws)
    if n > 1 and int(agents[k, A_KIND]) == MCTS and agents[k, A_VPRIOR] > 0.0:
        return mcts.search(game, state, params, agents[k], rng, ws,
                           _root_values(game, agents, k, state, params, rng, legal, n, ws))
    return _any_act(game, agents, k, state, params, rng, legal, n, ws)


@njit(cache=True)
def _root_values(game, agents, k, state, params, rng, legal, n, ws):
    """A ``vprior`` search's root prior: the learned value of each legal action, by action
    id, as the ``value`` agent with the row's VSAMPLES, VTURN and VREPLY values them
    (agents.value.action_values, on this search's stream)."""
    vrow = np.empty((1, agents.shape[1]), np.float64)
    for j in range(agents.shape[1]):
        vrow[0, j] = agents[k, j]
    vrow[0, A_KIND] = VALUE
    vrow[0, A_SAMPLES] = agents[k, A_VSAMPLES]
    vrow[0, A_DEPTH] = agents[k, A_VTURN]
    vrow[0, A_REPLY] = agents[k, A_VREPLY]
    vrow[0, A_PRIOR] = 0.0
    vals = np.empty(n, np.float64)
    action_values(game, vrow, 0, state, params, rng, legal, n, ws, vals)
    rootv = np.zeros(ws[3].shape[0], np.float64)
    for i in range(n):
        rootv[legal[i]] = vals[i]
    return rootv


def act(game, agents, k, state, params, rng, legal, n, ws):
    """Action of agent ``agents[k]`` in ``state``; legal[:n] holds the legal actions.

    The agent table and a row number are passed rather than a row view: a view
    costs reference counting on every decision of the hot loop.  ``game`` is a literal
    key (simcore.dispatch); under a random-only key (``dispatch.random_key``) every agent
    plays random and no search or scripted player is compiled; only a key with the value
    bit (``dispatch.value_key``) compiles the ``value`` agent.  Runs as written only in
    pure Python (NUMBA_DISABLE_JIT=1); compiled code gets the overload below.
    """
    if dispatch.random_only(game):
        return _random_act(rng, legal, n)
    if dispatch.with_value(game):
        return _any_act_value(game, agents, k, state, params, rng, legal, n, ws)
    return _any_act(game, agents, k, state, params, rng, legal, n, ws)


# not inline="always": numba compiles an inlined overload in full anyway, then discards it
# (10-15 s a game); LLVM inlines the call where it pays
@overload(act, prefer_literal=True)
def _ov_act(game, agents, k, state, params, rng, legal, n, ws):
    if not isinstance(game, types.IntegerLiteral):
        return None
    if dispatch.random_only(game.literal_value):
        def random_impl(game, agents, k, state, params, rng, legal, n, ws):
            return _random_act(rng, legal, n)
        return random_impl

    if dispatch.with_value(game.literal_value):
        def value_impl(game, agents, k, state, params, rng, legal, n, ws):
            return _any_act_value(game, agents, k, state, params, rng, legal, n, ws)
        return value_impl

    def impl(game, agents, k, state, params, rng, legal, n, ws):
        return _any_act(game, agents, k, state, params, rng, legal, n, ws)
    return impl
