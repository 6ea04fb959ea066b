"""Which sources key the compiled code (simcore._cache): a file that cached kernels depend
on is in its group; a per-run tool is not, so editing it keeps every cache and study."""
from simcore import _cache


def test_common_group_holds_the_drivers_but_not_the_kernel_timer():
    files = {p.relative_to(_cache.ROOT).as_posix() for p in _cache._files("common")}
    for f in ("experiments/arena.py", "agents/mcts.py", "agents/policy.py",
              "simcore/dispatch.py", "simcore/common.py"):
        assert f in files, f
    assert "experiments/kernel_time.py" not in files  # uncached kernels, called by nothing
    assert "experiments/bench.py" not in files  # no kernels at all


def test_a_game_group_is_its_engine_and_its_scripted_players():
    files = {p.relative_to(_cache.ROOT).as_posix() for p in _cache._files("darkleaf")}
    assert "simcore/darkleaf/engine.py" in files
    assert {"agents/scripted/darkleaf.py", "agents/scripted/darkleaf_legacy.py"} <= files
    assert not any("court" in f for f in files)


def test_memoized_typeof_is_numbas_typeof():
    """simcore.dispatch types a driver's arguments through a memo keyed on what numba's
    ``typeof`` reads (dtype, rank, layout, writeable, aligned; an int's range): each kind
    of argument gets exactly numba's type, the memo's second answer included."""
    import numpy as np
    from numba import typeof

    from simcore.dispatch import _typeof

    grid = np.zeros((3, 4))
    ro = np.zeros(3, np.int32)
    ro.flags.writeable = False
    args = [np.zeros(3, np.int32), grid, grid[:, ::2], grid.T, grid[::2, 0], np.zeros(0),
            np.zeros(()), ro, np.zeros(3, np.uint64), 5, -1, 2 ** 63, np.uint64(3),
            np.int64(3), True, 1.5]
    types = [typeof(a) for a in args]
    assert len({str(t) for t in types}) >= 12  # the cases do differ
    for _ in range(2):
        assert [_typeof(a) for a in args] == types
