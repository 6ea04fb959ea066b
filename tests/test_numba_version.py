"""numba is pinned to the tested range: the installed release is inside it (or the test says,
in one line, what to do), and pyproject.toml states the same range."""
import re
from pathlib import Path

from simcore import _cache

ROOT = Path(__file__).resolve().parent.parent


def test_installed_numba_is_a_tested_release():
    problem = _cache.numba_problem()
    assert problem is None, problem


def test_an_untested_release_gets_one_clear_line():
    lo, hi = _cache.NUMBA_TESTED
    assert _cache.numba_problem(lo + ".0") is None
    for v in ("0.59.1", hi + ".0", "1.0.0"):
        msg = _cache.numba_problem(v)
        assert msg and "\n" not in msg and f"numba {v} is untested" in msg
        assert f"numba>={lo},<{hi}" in msg


def test_pyproject_pins_the_tested_range():
    lo, hi = _cache.NUMBA_TESTED
    deps = re.findall(r'"numba([^"]*)"', (ROOT / "pyproject.toml").read_text())
    assert deps == [f">={lo},<{hi}"], deps


def test_importing_simcore_leaves_numba_settings_and_old_caches_alone(tmp_path):
    """Importing the package only installs its cache locator: numba's own cache folder
    setting is untouched and no cache tree is deleted; ``prune`` (run by warmup) does that."""
    import os
    import subprocess
    import sys

    for i in range(8):
        d = tmp_path / f"numba-court-old{i}"
        d.mkdir()
        os.utime(d, (i, i))
    code = ("import numba; before = numba.config.CACHE_DIR; import simcore, os; "
            "from simcore import _cache; assert numba.config.CACHE_DIR == before; "
            "print(len([e for e in os.listdir(_cache.base_dir()) if 'court' in e])); "
            "print(len(_cache.prune()))")
    env = {**os.environ, "DARKBALANCE_CACHE": str(tmp_path)}
    env.pop("NUMBA_CACHE_DIR", None)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["8", "4"]  # all kept on import; prune keeps the 4 newest old trees
    assert sorted(p.name for p in tmp_path.iterdir() if "court" in p.name) == [
        f"numba-court-old{i}" for i in range(4, 8)]


def test_importing_agents_silences_only_the_parallel_message():
    """The one numba warning our parallel=True drivers cause is filtered; other performance
    warnings in the process still show (a fresh process: pytest filters them all)."""
    import os
    import subprocess
    import sys

    code = (
        "import warnings, agents\n"
        "from numba.core.errors import NumbaPerformanceWarning as W\n"
        "ours = '\\nThe keyword argument \\'parallel=True\\' was specified but no '\n"
        "with warnings.catch_warnings(record=True) as seen:\n"
        "    warnings.warn(W(ours + 'transformation for parallel execution was possible.'))\n"
        "    warnings.warn(W('some other performance note'))\n"
        "print([str(w.message) for w in seen])\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ),
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == "['some other performance note']", out
