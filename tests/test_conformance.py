"""Conformance harness over the whole registry (pgx api_test / OpenSpiel games_sim_test style).

Every registered game, at every player count and setup: random play never
breaks the contract, copies never alias, batched play equals one-by-one play,
results are bit-identical across thread counts and reproducible from the seed.
"""
import numpy as np
import pytest

from experiments.api import plan, run_plan
from simcore.rng import new_rng
from simcore.spec import get_game
from tests.conftest import CASE_IDS, CASES, budget
from tests.harness import CODES, random_playout_violations

N_RANDOM = 200


def _module_params(name, players, setup):
    mod = get_game(name)
    return mod, mod.API.params(players, setup)


@pytest.mark.parametrize("name,players,setup", CASES, ids=CASE_IDS)
def test_random_playouts_respect_contract(name, players, setup):
    spec = get_game(name).SPEC
    n_games = budget(name, N_RANDOM, 40)
    (code, g, step), lengths = random_playout_violations(name, players, setup, n_games, 11)
    assert code == 0, f"{name}: {CODES[code]} (game {g}, step {step})"
    assert lengths.max() <= spec.max_game_length
    assert lengths.min() >= 1


@pytest.mark.parametrize("name,players,setup", CASES, ids=CASE_IDS)
def test_copies_never_alias(name, players, setup):
    """Stepping a row copy leaves the original (and the params) bit-identical;
    the same (state, action, rng) always gives the same next state."""
    mod, params = _module_params(name, players, setup)
    api = mod.API
    params0 = params.copy()
    rng = new_rng(3, 0, 0, 1)
    for game in range(budget(name, 3, 1)):
        state = api.new_state(params, seed=5, index=game)
        moves = 0
        while not api.is_terminal(state, params) and moves < mod.SPEC.max_game_length:
            legal = api.legal_actions(state, params)
            a = int(legal[int(rng[1]) % len(legal)])
            rng[1] += np.uint64(1)
            before = state.copy()
            c1, c2 = state.copy(), state.copy()
            r1, r2 = new_rng(9, 0, moves, 0), new_rng(9, 0, moves, 0)
            mod.engine.step(c1, params, np.int64(a), r1)
            mod.engine.step(c2, params, np.int64(a), r2)
            assert np.array_equal(state, before), f"{name}: stepping a copy changed the original"
            assert np.array_equal(c1, c2), f"{name}: step is not a function of (state, action, rng)"
            mod.engine.determinize(c1.copy(), params, 0, new_rng(1))
            state = c1
            moves += 1
    assert np.array_equal(params, params0), f"{name}: a kernel wrote to params"


def _raw(name, players, setup, agents, games, seed, threads=None, first_index=0):
    p = plan(name, agents, players, setup)
    return run_plan(p, games, seed, first_index=first_index, threads=threads)


def _assert_same(a, b, what):
    for k in a:
        assert np.array_equal(a[k], b[k]), f"{what}: {k} differs"


@pytest.mark.parametrize("name,players,setup", CASES, ids=CASE_IDS)
def test_batched_equals_one_by_one(name, players, setup, arena_ready):
    agents = ",".join(["random", "scripted"] * players)
    agents = ",".join(agents.split(",")[:players])
    n = budget(name, 16, 6)
    batch = _raw(name, players, setup, agents, n, 21)
    for i in range(n):
        one = _raw(name, players, setup, agents, 1, 21, first_index=i)
        for k in batch:
            assert np.array_equal(batch[k][i], one[k][0]), f"{name} game {i}: {k} differs"


@pytest.mark.parametrize("name,players,setup", CASES, ids=CASE_IDS)
def test_threads_and_seeds(name, players, setup, arena_ready):
    """Bit-identical with 1 and 2 threads; same seed same games; another seed other games."""
    import numba

    agents = ",".join((["scripted", "random"] * players)[:players])
    n = budget(name, 300, 24)
    t1 = _raw(name, players, setup, agents, n, 4, threads=1)
    t2 = _raw(name, players, setup, agents, n, 4, threads=min(2, numba.config.NUMBA_NUM_THREADS))
    _assert_same(t1, t2, f"{name} threads 1 vs 2")
    again = _raw(name, players, setup, agents, n, 4)
    _assert_same(t1, again, f"{name} same seed")
    other = _raw(name, players, setup, agents, n, 5)
    assert not all(np.array_equal(t1[k], other[k]) for k in ("length", "returns", "scores")), \
        f"{name}: seed 5 replayed seed 4's games"


def _allocations_outstanding(play):
    """NRT blocks allocated minus freed while ``play()`` runs and its result is dropped."""
    import gc

    from numba.core.runtime import _nrt_python, rtsys

    _nrt_python.memsys_enable_stats()  # off unless NUMBA_NRT_STATS; counting costs ~nothing
    gc.collect()
    before = rtsys.get_allocation_stats()
    out = play()
    del out
    gc.collect()
    after = rtsys.get_allocation_stats()
    return (after.alloc - before.alloc) - (after.free - before.free)


def _holds_array(ty) -> bool:
    from numba.core import types

    if isinstance(ty, types.ArrayCompatible):
        return True
    return isinstance(ty, types.BaseTuple) and any(_holds_array(t) for t in ty)


def test_checks_below_can_fail():
    """Controls for the test below: an allocation still alive when play ends is counted,
    and a kernel compiled without reference counting that hands back its argument (the
    one array numba lets such a kernel return) is flagged."""
    from numba import njit

    @njit
    def scratch(n):
        return np.zeros(n)

    kept = []
    scratch(1)
    assert _allocations_outstanding(lambda: kept.append(scratch(3))) == 1
    assert _allocations_outstanding(lambda: scratch(3)) == 0

    @njit(_nrt=False)
    def same(a):
        return a

    same(np.zeros(2))
    assert _holds_array(same.nopython_signatures[0].return_type)


@pytest.mark.parametrize("name", sorted({c[0] for c in CASES}))
def test_row_kernels_own_no_reference(name, arena_ready):
    """Row kernels (``simcore.common.row_kernel``: no reference counting) return no array,
    and whole games of random, scripted and search play free every block they allocate."""
    from simcore.common import ROW_KERNELS

    mod = get_game(name)
    players = mod.SPEC.players[0]
    setup = mod.SPEC.setups[0]
    for agents in ("random", "scripted", "mcts:iters=8,depth=20"):
        spec = ",".join([agents] * players)
        _raw(name, players, setup, spec, 2, 1)  # compile and load outside the count
        left = _allocations_outstanding(lambda spec=spec: _raw(name, players, setup, spec, 6, 2))
        assert left == 0, f"{name} {agents}: {left} blocks never freed"

    def game_of(module):  # simcore.<game>.engine, agents.scripted.<game>[_legacy]
        parts = module.split(".")
        return parts[1] if parts[0] == "simcore" else parts[-1].removesuffix("_legacy")

    mine = [d for d in ROW_KERNELS if game_of(d.py_func.__module__) == name]
    assert mine or name in ("tictactoe", "connect4"), f"{name}: no row kernel found"
    for d in mine:
        for sig in d.nopython_signatures:
            assert not _holds_array(sig.return_type), \
                f"{d.py_func.__module__}.{d.__name__} returns {sig.return_type}"
