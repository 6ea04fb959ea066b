"""Generic open-loop UCT over the game contract (any game, through simcore.dispatch).

Each simulation copies the root, determinizes what the acting seat cannot see,
redraws chance from the agent's own stream, walks the tree by action, expands
one node, rolls out with the default policy (random or scripted, optionally
capped in depth) and backs up per-seat returns: a node's value is the return of
the seat that chose the action leading into it (max^n).  Legal actions can
differ between determinizations, so children keep an availability count
(ISMCTS's subset-armed bandit) instead of using the parent's visits.

The tree is preallocated arrays indexed by node number (mctx style); nodes hold
statistics, never states, and are initialised lazily when created::

    tree_i[node] = [ACTION, FIRST_CHILD, NEXT_SIBLING, VISITS, AVAIL, CONT]
    tree_w[node] = summed return of the seat that moved into the node

Simultaneous decisions (an engine's ``simultaneous`` kernel names a round of hidden
commitments, see :func:`_enter_decoupled`) are searched decoupled (SM-MCTS): a seat's
decision node in such a round never depends on another seat's hidden choice of that round.
CONT links a node to the next seat's decision node of the round.
"""
import numpy as np
from numba import njit
from numba.core import types
from numba.extending import overload

from agents.layout import (
    A_C, A_DEPTH, A_EPS, A_ITERS, A_NW, A_OPP, A_PERSONA, A_PRIOR, A_ROLLOUT, A_VPRIOR,
)
from agents.scripted import scripted_action
from agents.value import NB, row_value
from simcore import dispatch
from simcore.rng import randint, uniform

T_ACTION = 0
T_FIRST = 1
T_NEXT = 2
T_VISITS = 3
T_AVAIL = 4
T_CONT = 5  # the next seat's decision node in a round of simultaneous choices (or -1)
T_FIELDS = 6


@njit(cache=True)
def workspace(max_nodes, state_size, num_actions, max_len, players):
    """Preallocate one search's buffers (reused for every decision of a game)."""
    tree_i = np.empty((max(max_nodes, 1), T_FIELDS), np.int32)
    tree_w = np.empty(max(max_nodes, 1), np.float64)
    sim = np.empty(state_size, np.int32)
    legal = np.empty(num_actions, np.int32)
    child_of = np.full(num_actions, -1, np.int32)
    path = np.empty(2 * max_len + 2, np.int32)  # decoupled rounds add public-history nodes
    mover = np.empty(2 * max_len + 2, np.int32)
    ret = np.empty(players, np.float64)
    sc = np.empty(players, np.int64)
    who = np.empty(players, np.int64)  # each seat's rollout persona in one simulation
    return tree_i, tree_w, sim, legal, child_of, path, mover, ret, sc, who


@njit(cache=True, inline="always")
def _new_node(tree_i, tree_w, node, parent, action):
    tree_i[node, T_ACTION] = action
    tree_i[node, T_FIRST] = -1
    tree_i[node, T_NEXT] = tree_i[parent, T_FIRST]
    tree_i[node, T_VISITS] = 0
    tree_i[node, T_AVAIL] = 1
    tree_i[node, T_CONT] = -1
    tree_w[node] = 0.0
    tree_i[parent, T_FIRST] = node


@njit(cache=True, parallel=True)  # no prange: see agents/__init__.py for why parallel
def search(game, root, params, agent, rng, ws, rootv):
    """Run UCT from ``root`` and return the most visited legal action.

    Parameters
    ----------
    game : int
        Game key (simcore.dispatch.key), a compile-time constant: search compiles per game.
    root : int32 array
        The state to decide in; never modified.
    params : int32 array
    agent : float64 array
        The agent row (agents.layout): iterations, c, rollout policy, depth cap, prior,
        opponent model.
    rng : uint64[2]
        The deciding seat's stream; determinizations, chance and rollouts draw from it.
    ws : tuple
        Buffers from :func:`workspace`.
    rootv : float64 array
        The learned value of each root action, by action id (``vprior``, agents.policy),
        or empty: the root expands its best-valued action first and each root child's UCB
        gets ``VPRIOR * rootv[a] / (visits + 1)``, a progressive bias toward what the
        value prefers that fades as the search gathers its own evidence.
    """
    tree_i, tree_w, s, legal, child_of, path, mover, ret, sc, who = ws
    vw = agent[A_VPRIOR] if rootv.shape[0] > 0 else 0.0
    iters = int(agent[A_ITERS])
    c = agent[A_C]
    rollout_scripted = agent[A_ROLLOUT] == 1
    depth_cap = int(agent[A_DEPTH])
    persona = int(agent[A_PERSONA])
    eps = agent[A_EPS]
    prior = agent[A_PRIOR]
    mix = int(agent[A_OPP])
    max_nodes = tree_i.shape[0]
    me = dispatch.current_player(game, root, params)
    open_loop = dispatch.open_loop(game)
    decoupled = dispatch.has_simultaneous(game)

    tree_i[0, T_FIRST] = -1
    tree_i[0, T_VISITS] = 0
    tree_i[0, T_CONT] = -1
    n_nodes = 1
    for q in range(who.shape[0]):
        who[q] = persona
    for _ in range(iters):
        for i in range(root.shape[0]):  # explicit loop: a slice copy becomes a parfor
            s[i] = root[i]
        if open_loop:
            dispatch.determinize(game, s, params, me, rng)
        if mix > 0:
            _draw_rivals(who, me, mix, rng)
        node = 0
        plen = 0
        pub = 0  # decoupled: the node of the public history (see _enter_decoupled)
        rstart = 0
        lane = -1
        rnd = 0
        at_root = vw > 0.0
        # selection and expansion
        while not dispatch.is_terminal(game, s, params):
            nl = dispatch.legal_actions(game, s, params, legal)
            p = dispatch.current_player(game, s, params)
            r = 0
            if decoupled:
                r = dispatch.simultaneous(game, s, params)
                node, rstart, lane, rnd, n_nodes = _enter_decoupled(
                    tree_i, tree_w, node, pub, rstart, lane, rnd, r, p, n_nodes)
                if node < 0:  # tree full: continue as a rollout
                    break
            _index_children(tree_i, node, child_of)
            sa = -1  # the scripted move here, favoured by the progressive bias
            if prior > 0.0:
                sa = scripted_action(game, s, params, who[p], rng, legal, nl)
            untried, a = _pick_untried(legal, nl, child_of, rng)
            if untried > 0 and at_root:
                a = _best_untried(legal, nl, child_of, rootv)  # the value's order first
            elif untried > 0 and sa >= 0 and child_of[sa] < 0:
                a = sa  # expand the scripted move first
            if untried > 0:
                nxt = -1
                if n_nodes < max_nodes:
                    nxt = n_nodes
                    n_nodes += 1
                    _new_node(tree_i, tree_w, nxt, node, a)
            else:
                a, nxt = _pick_ucb(tree_i, tree_w, node, legal, nl, child_of, c, open_loop,
                                   sa, prior, rootv, vw if at_root else 0.0)
            at_root = False
            _clear_children(tree_i, node, child_of)
            dispatch.step(game, s, params, a, rng)
            if nxt < 0:  # tree full: continue as a rollout
                break
            path[plen] = nxt
            mover[plen] = p
            plen += 1
            if decoupled:
                pub, plen, n_nodes = _advance_public(tree_i, tree_w, node, pub, nxt, a, r, p,
                                                     path, mover, plen, n_nodes)
                if pub < 0:
                    break
            node = nxt
            if untried > 0:
                break
        # rollout
        d = 0
        while not dispatch.is_terminal(game, s, params) and (depth_cap == 0 or d < depth_cap):
            nl = dispatch.legal_actions(game, s, params, legal)
            if rollout_scripted and (eps <= 0.0 or uniform(rng) >= eps):
                p = dispatch.current_player(game, s, params)
                a = scripted_action(game, s, params, who[p], rng, legal, nl)
            else:
                a = legal[randint(rng, nl)]
            dispatch.step(game, s, params, a, rng)
            d += 1
        if dispatch.is_terminal(game, s, params):
            dispatch.returns(game, s, params, ret)
        else:  # a capped rollout: the game's own evaluation, or the learned value
            leaf_score(game, s, params, agent, ret)
        # backup
        tree_i[0, T_VISITS] += 1
        for i in range(plen):
            nd = path[i]
            tree_i[nd, T_VISITS] += 1
            tree_w[nd] += ret[mover[i]]

    # the most visited root child among the actions legal in the real root
    nl = dispatch.legal_actions(game, root, params, legal)
    _index_children(tree_i, 0, child_of)
    best_a = _most_visited(tree_i, tree_w, legal, nl, child_of)
    _clear_children(tree_i, 0, child_of)
    return best_a


def leaf_score(game, s, params, agent, ret):
    """Each seat's value (in ``ret``) of the position a capped rollout stopped in: the game's
    hand-written ``evaluate``, or, for a search given learned weights (``leaf=value``, NW
    > 0 in its row), every seat's learned position value (agents/value.py).  Only a key with
    the value bit (dispatch.value_key, set whenever such a search plays) compiles the
    learned one, so other runs link no feature kernel into their search."""
    dispatch.evaluate(game, s, params, ret)


# inlined: as a call, its mere presence in the rollout loop cost connect4 7-10% of its
# simulations/s, though a full-length rollout never reaches it
@overload(leaf_score, prefer_literal=True, inline="always")
def _ov_leaf_score(game, s, params, agent, ret):
    if not isinstance(game, types.IntegerLiteral):
        return None
    if dispatch.with_value(game.literal_value):
        def learned_impl(game, s, params, agent, ret):
            nw = int(agent[A_NW])
            if nw == 0:
                dispatch.evaluate(game, s, params, ret)
                return
            P = params[0]
            f = np.zeros(max(nw, NB + 64), np.float64)
            ev = np.empty(P, np.float64)
            sc = np.empty(P, np.int64)
            for q in range(P):
                ret[q] = row_value(game, s, params, q, agent, f, ev, sc)
        return learned_impl

    def impl(game, s, params, agent, ret):
        dispatch.evaluate(game, s, params, ret)
    return impl


@njit(cache=True, inline="always")
def _draw_rivals(who, me, mix, rng):
    """The opponent model of one simulation: every seat but ``me`` plays persona
    ``randint(mix)`` in this simulation's prior and rollouts (``who[me]`` is kept), so a
    search does not assume that its rivals share its own style."""
    for q in range(who.shape[0]):
        if q != me:
            who[q] = randint(rng, mix)


@njit(cache=True, inline="always")
def _index_children(tree_i, node, child_of):
    """child_of[action] = the child of ``node`` reached by that action (else stays -1)."""
    ch = tree_i[node, T_FIRST]
    while ch >= 0:
        child_of[tree_i[ch, T_ACTION]] = ch
        ch = tree_i[ch, T_NEXT]


@njit(cache=True, inline="always")
def _clear_children(tree_i, node, child_of):
    """Undo :func:`_index_children` (child_of is all -1 between uses)."""
    ch = tree_i[node, T_FIRST]
    while ch >= 0:
        child_of[tree_i[ch, T_ACTION]] = -1
        ch = tree_i[ch, T_NEXT]


@njit(cache=True, inline="always")
def _best_untried(legal, nl, child_of, rv):
    """The legal action with no child yet whose learned value ``rv`` is highest (the first
    of equals)."""
    a = -1
    best = -np.inf
    for i in range(nl):
        if child_of[legal[i]] < 0 and rv[legal[i]] > best:
            best = rv[legal[i]]
            a = legal[i]
    return a


@njit(cache=True, inline="always")
def _pick_untried(legal, nl, child_of, rng):
    """(number of legal actions with no child yet, one of them drawn uniformly or -1)."""
    untried = 0
    for i in range(nl):
        if child_of[legal[i]] < 0:
            untried += 1
    a = -1
    if untried > 0:
        k = randint(rng, untried)
        for i in range(nl):
            if child_of[legal[i]] < 0:
                if k == 0:
                    a = legal[i]
                    break
                k -= 1
    return untried, a


@njit(cache=True, inline="always")
def _pick_ucb(tree_i, tree_w, node, legal, nl, child_of, c, open_loop, sa, prior, rv, vw):
    """(action, child) maximising UCB1 over ``node``'s children, all expanded.

    Closed loop: every child is always available, so log(parent visits); open loop
    (information sets): log(times the child was available), counted here.  The
    scripted move ``sa`` gets the progressive bias ``prior / (visits + 1)``
    (Chaslot et al. 2008), which fades as the search gathers its own evidence; with
    ``vw`` > 0 (the root of a ``vprior`` search) every child also gets
    ``vw * rv[action] / (visits + 1)``, its learned value's bias."""
    best = -np.inf
    a = legal[0]
    nxt = -1
    log_n = np.log(max(tree_i[node, T_VISITS], 1))
    for i in range(nl):
        chn = child_of[legal[i]]
        if open_loop:
            tree_i[chn, T_AVAIL] += 1
            log_n = np.log(tree_i[chn, T_AVAIL])
        inv = 1.0 / tree_i[chn, T_VISITS]
        u = tree_w[chn] * inv + c * np.sqrt(log_n * inv)
        if legal[i] == sa:
            u += prior / (tree_i[chn, T_VISITS] + 1)
        if vw > 0.0:
            u += vw * rv[legal[i]] / (tree_i[chn, T_VISITS] + 1)
        if u > best:
            best = u
            a = legal[i]
            nxt = chn
    return a, nxt


@njit(cache=True, inline="always")
def _most_visited(tree_i, tree_w, legal, nl, child_of):
    """The legal root action whose child has the most visits (ties: the higher mean)."""
    best_a = legal[0]
    best_n = -1
    best_q = -np.inf
    for i in range(nl):
        chn = child_of[legal[i]]
        if chn < 0:
            continue
        nv = tree_i[chn, T_VISITS]
        q = tree_w[chn] / max(nv, 1)
        if nv > best_n or (nv == best_n and q > best_q):
            best_n = nv
            best_q = q
            best_a = legal[i]
    return best_a


# ---- simultaneous decisions (decoupled selection) ------------------------------------------
@njit(cache=True, inline="always")
def _enter_decoupled(tree_i, tree_w, node, pub, rstart, lane, rnd, r, p, n_nodes):
    """The decision node of seat ``p`` where the engine's ``simultaneous`` kernel says
    ``r`` (0: a decision the other seats see; else the id of a round of hidden choices).

    Inside a round each seat decides at its own node of the round's CONT chain, reached
    from the node where the round began whatever the earlier seats chose, so no seat
    conditions on another's hidden choice (decoupled UCT); a seat's own consecutive
    choices descend as usual.  When the round is over the walk continues from ``pub``,
    the node keyed by every action taken (the choices are public then).  Returns
    (node, rstart, lane, rnd, n_nodes); node is -1 when the tree is full."""
    if r != rnd:
        if rnd != 0:
            node = pub
        rnd = r
        rstart = node
        lane = p
    elif r != 0 and p != lane:
        nxt = tree_i[rstart, T_CONT]
        if nxt < 0:
            if n_nodes >= tree_i.shape[0]:
                return -1, rstart, lane, rnd, n_nodes
            nxt = n_nodes
            n_nodes += 1
            tree_i[nxt, T_ACTION] = -1
            tree_i[nxt, T_FIRST] = -1
            tree_i[nxt, T_NEXT] = -1
            tree_i[nxt, T_VISITS] = 0
            tree_i[nxt, T_AVAIL] = 1
            tree_i[nxt, T_CONT] = -1
            tree_w[nxt] = 0.0
            tree_i[rstart, T_CONT] = nxt
        rstart = nxt
        node = nxt
        lane = p
    return node, rstart, lane, rnd, n_nodes


@njit(cache=True, inline="always")
def _advance_public(tree_i, tree_w, node, pub, nxt, a, r, p, path, mover, plen, n_nodes):
    """The public-history node after seat ``p`` took ``a`` at decision node ``node``
    (child ``nxt``): the same child, unless a round of hidden choices has left the two
    apart; then the child of ``pub`` keyed by ``a`` (made if new), which joins the path
    so its statistics are those of the seat that moved into it.  Returns (pub, plen,
    n_nodes); pub is -1 when the tree or the path is full."""
    if r == 0 or pub == node:
        return nxt, plen, n_nodes
    ch = tree_i[pub, T_FIRST]
    while ch >= 0 and tree_i[ch, T_ACTION] != a:
        ch = tree_i[ch, T_NEXT]
    if ch < 0:
        if n_nodes >= tree_i.shape[0]:
            return -1, plen, n_nodes
        ch = n_nodes
        n_nodes += 1
        _new_node(tree_i, tree_w, ch, pub, a)
    if plen >= path.shape[0]:
        return -1, plen, n_nodes
    path[plen] = ch
    mover[plen] = p
    return ch, plen + 1, n_nodes
