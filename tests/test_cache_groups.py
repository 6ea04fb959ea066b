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
