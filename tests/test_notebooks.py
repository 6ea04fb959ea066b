"""Every notebook in notebooks/ executes top to bottom, and its key output is there: a rate
with its interval (parsed and checked for sense), a figure, and the notebook's own facts."""
import glob
import os
import re

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOTEBOOKS = sorted(glob.glob(os.path.join(ROOT, "notebooks", "*.ipynb")))
RATE = r"(?P<v>[+-]?\d\.\d+) \[(?P<lo>[+-]?\d\.\d+), (?P<hi>[+-]?\d\.\d+)\]"

# notebook -> (the game whose kernels it compiles: its test group, RESULT line pattern,
#              other text its outputs must hold, whether it draws a figure)
EXPECT = {
    "balance-study": ("court", r"RESULT highest seat: [3-6]p seat \d wins " + RATE,
                      ["ci_high", "win_rate"], True),
    "compare-setups": ("frontier", r"RESULT frontier standard mission \(scripted\): " + RATE,
                       ["printed_difficulty", "eased"], True),
    "matchup-heatmap": ("darkleaf", r"RESULT strongest clan \(scripted, Bradley-Terry\): \w+ "
                        r"[-\d.]+ \[[-\d.]+, [-\d.]+\]; most lopsided pairing \w+ vs \w+: " + RATE,
                        ["first_move_edge", "bones"], True),
    "what-if": ("frontier", r"RESULT cp_target 7 vs 10: win rate, seat 0 " + RATE,
                ["unchanged rules, changes found: 0", "edited rules, changes found: 1"], True),
    "calibration": ("mixed", r"\[", [], False),
}


def _text(nb) -> tuple[str, bool]:
    out, figure = [], False
    for c in nb.cells:
        for o in c.get("outputs", []):
            out.append(o.get("text", ""))
            data = o.get("data", {})
            out.append(data.get("text/plain", ""))
            out.append(data.get("text/html", ""))
            figure |= "image/png" in data
    return "\n".join(out), figure


def _params():
    out = []
    for path in NOTEBOOKS:
        name = os.path.basename(path)[:-len(".ipynb")]
        group = EXPECT.get(name, ("mixed",))[0]
        out.append(pytest.param(path, id=name, marks=pytest.mark.xdist_group(group)))
    return out


@pytest.mark.parametrize("path", _params())
def test_notebook_runs_and_shows_its_result(path):
    name = os.path.basename(path)[:-len(".ipynb")]
    assert name in EXPECT, f"{name}.ipynb has no expected output in tests/test_notebooks.py"
    _, pattern, needed, draws = EXPECT[name]
    nb = nbformat.read(path, as_version=4)
    env_path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = ROOT + (os.pathsep + env_path if env_path else "")
    try:
        NotebookClient(nb, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": os.path.join(ROOT, "notebooks")}}).execute()
    finally:
        os.environ["PYTHONPATH"] = env_path
    text, figure = _text(nb)
    m = re.search(pattern, text)
    assert m, f"{name}: no line matching {pattern!r}"
    if "v" in m.groupdict():
        v, lo, hi = (float(m.group(k)) for k in ("v", "lo", "hi"))
        assert lo <= v <= hi and hi - lo < 0.5, (name, v, lo, hi)
    if name == "what-if":
        assert lo > 0, "a lower CP target should help the commander, interval above 0"
    for s in needed:
        assert s in text, f"{name}: output lacks {s!r}"
    assert figure or not draws, f"{name}: no figure drawn"
