"""Fair search at simultaneous decisions (court bids and Offerings, humanity Trade and
commodity bids): a searching seat never conditions on another seat's hidden choice of the
same round, and the choices it cannot see are redrawn from a policy, not uniformly."""
import numpy as np

from agents import mcts
from agents.play import decide
from simcore import court, humanity
from simcore.court import layout as CL
from simcore.humanity import layout as HL
from simcore.rng import new_rng


def _tree(n):
    tree_i = np.full((n, mcts.T_FIELDS), -1, np.int32)
    tree_w = np.zeros(n, np.float64)
    tree_i[0, mcts.T_VISITS] = 0
    return tree_i, tree_w


def _walk(tree_i, tree_w, steps, n_nodes):
    """Walk the tree as search does for ``steps`` = [(round, seat, action)]: returns the
    decision node of each step and the final public-history node."""
    path = np.empty(16, np.int32)
    mover = np.empty(16, np.int32)
    node = pub = rstart = 0
    lane, rnd, plen = -1, 0, 0
    seen = []
    for r, p, a in steps:
        node, rstart, lane, rnd, n_nodes = mcts._enter_decoupled(
            tree_i, tree_w, node, pub, rstart, lane, rnd, r, p, n_nodes)
        seen.append(node)
        ch = tree_i[node, mcts.T_FIRST]
        while ch >= 0 and tree_i[ch, mcts.T_ACTION] != a:
            ch = tree_i[ch, mcts.T_NEXT]
        if ch < 0:
            ch = n_nodes
            n_nodes += 1
            mcts._new_node(tree_i, tree_w, ch, node, a)
        pub, plen, n_nodes = mcts._advance_public(tree_i, tree_w, node, pub, ch, a, r, p,
                                                  path, mover, plen, n_nodes)
        node = ch
    node, rstart, lane, rnd, n_nodes = mcts._enter_decoupled(
        tree_i, tree_w, node, pub, rstart, lane, rnd, 0, 0, n_nodes)
    return seen, node, n_nodes


def test_a_seat_decides_at_the_same_node_whatever_the_others_chose_in_secret():
    """Seats 0 and 1 choose in one round (seat 0 twice, as a Trade bid of two cards), then
    a public decision: seat 1 decides at one node whatever seat 0 chose; seat 0's second
    choice knows its first; after the round the walk continues at a node of the whole
    history (the choices are public then)."""
    tree_i, tree_w = _tree(64)
    n = 1
    ends = set()
    seat1_nodes = set()
    for a0 in (3, 4):
        for b0 in (5, 6):
            for a1 in (7, 8):
                seen, end, n = _walk(tree_i, tree_w, [(9, 0, a0), (9, 0, b0), (9, 1, a1)], n)
                seat1_nodes.add(seen[2])
                assert seen[1] != 0 and tree_i[seen[1], mcts.T_ACTION] == a0
                ends.add(end)
    assert len(seat1_nodes) == 1, "seat 1's decision node depends on seat 0's secret choice"
    assert len(ends) == 8, "after the round the tree must tell every history apart"


def test_a_public_sequence_walks_the_ordinary_tree():
    tree_i, tree_w = _tree(16)
    seen, end, _ = _walk(tree_i, tree_w, [(0, 0, 1), (0, 1, 2)], 1)
    assert seen[0] == 0 and tree_i[seen[1], mcts.T_ACTION] == 1
    assert tree_i[end, mcts.T_ACTION] == 2


def _court_at_second_bid(players, seed):
    """A court state where seat 1 is to bid and seat 0 has bid in secret."""
    p = court.API.params(players)
    s = court.API.new_state(p, seed=seed)
    rng = new_rng(seed, 0, 0, 3)
    while not (s[CL.DEC] == CL.D_BID and s[CL.CUR] == 1):
        legal = court.API.legal_actions(s, p)
        court.API.step(s, p, int(legal[0]), rng)
    return s, p


def test_court_bidder_ignores_the_committed_bid_it_cannot_see():
    """Seat 1's decision, seed by seed, is the same whatever seat 0 bid in secret."""
    s, p = _court_at_second_bid(3, 4)
    for seed in range(4):
        got = set()
        for f, k in ((0, 0), (1, 1), (2, 1)):
            x = s.copy()
            x[CL.BID_F] = f
            x[CL.BID_A] = min(k, int(x[CL.INFL]))
            got.add(decide(court, x, p, "mcts:iters=300,rollout=scripted", seed=seed))
        assert len(got) == 1, f"seed {seed}: seat 1 bids {got} by seat 0's hidden bid"


def _court_offering(seed, saved):
    """A court state at the secret Offerings, seat 1 to offer, seat 0's Offering committed;
    every seat holds ``saved`` souls."""
    p = court.API.params(4)
    s = court.API.new_state(p, seed=seed)
    rng = new_rng(seed, 0, 0, 5)
    for _ in range(5000):
        if (s[CL.DEC] == CL.D_OFFER and s[CL.CUR] == 1 and (s[CL.OFFER_DONE] & 1)
                and not s[CL.EXPOSED_MASK] & 1):
            break
        legal = court.API.legal_actions(s, p)
        court.API.step(s, p, int(legal[rng[1] % len(legal)]), rng)
        rng[1] += np.uint64(1)
    else:
        return None
    for q in range(4):
        s[CL.SOULS + q] = saved
    return s, p


def test_court_secret_offerings_are_redrawn_near_the_fair_share():
    """With many souls saved, the others' secret Offerings are guessed around the fair share
    of the threshold, not uniformly over 0..souls (which overstated them)."""
    n = 0
    for seed in range(40):
        got = _court_offering(seed, 20)
        if got is None:
            continue
        s, p = got
        alive = int(s[CL.ALIVE:CL.ALIVE + 4].sum())
        fair = (int(s[CL.THRESH]) + alive - 1) // alive
        for d in range(20):
            x = s.copy()
            court.engine.determinize(x, p, np.int64(1), new_rng(seed, d, 0, 9))
            assert abs(int(x[CL.OFFER]) - fair) <= 1, (int(x[CL.OFFER]), fair)
        n += 1
    assert n >= 3


def test_humanity_marks_its_bidding_rounds():
    p = humanity.API.params(3)
    s = humanity.API.new_state(p, seed=2)
    rng = new_rng(2, 0, 0, 1)
    pick = np.random.default_rng(2)
    rounds = set()
    for _ in range(3000):
        if humanity.API.is_terminal(s, p):
            break
        r = int(humanity.engine.simultaneous(s, p))
        code = s[HL.TASKS + 4 * (s[HL.TK_N] - 1)]
        assert (r != 0) == (code in (HL.T_BID, HL.T_EBID))
        if r:
            rounds.add(r)
        legal = humanity.API.legal_actions(s, p)
        humanity.API.step(s, p, int(legal[pick.integers(len(legal))]), rng)
    assert len(rounds) >= 2, "no bidding round reached"
