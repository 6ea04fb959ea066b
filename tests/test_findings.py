"""The Findings table's labels are computed from the numbers (issue 17)."""
import json

import pandas as pd

from experiments.report import collect_findings
from experiments.reporting import agents_label, assumptions_label, finding, write_findings


def test_a_finding_that_flips_between_agents_is_labelled_no():
    f = finding("g", "seat 0 is favoured", 0.56, 0.55, 0.57, 0.5, 20000,
                scripted=(0.56, 0.55, 0.57), search=(0.47, 0.44, 0.50), search_name="best")
    lab = agents_label(f)
    assert lab.startswith("no (") and "scripted 0.560" in lab and "best 0.470" in lab


def test_a_finding_that_holds_under_both_is_labelled_yes():
    f = finding("g", "seat 0 is favoured", 0.56, 0.55, 0.57, 0.5, 20000,
                scripted=(0.56, 0.55, 0.57), search=(0.61, 0.52, 0.70))
    assert agents_label(f) == "yes"
    # an interval touching the null under search does not count as holding
    f["search"] = (0.55, 0.49, 0.61)
    assert agents_label(f).startswith("no")
    f["search"] = None
    assert agents_label(f) == "scripted only"


def test_findings_collect_with_sensitivity_labels(tmp_path):
    write_findings(tmp_path / "winrates", "winrates", [
        finding("court", "a", 0.3, 0.28, 0.32, 0.25, 100, scripted=(0.3, 0.28, 0.32)),
        finding("frontier", "b", 0.1, 0.05, 0.15, 0.0, 50)])
    (tmp_path / "sensitivity").mkdir()
    pd.DataFrame({"path": ["x.y", "z"], "value": [1, 2], "flips": [True, False]}).to_csv(
        tmp_path / "sensitivity" / "sensitivity_court.csv", index=False)
    pd.DataFrame({"path": ["q"], "value": [3], "flips": [False]}).to_csv(
        tmp_path / "sensitivity" / "sensitivity_frontier.csv", index=False)
    df = collect_findings(tmp_path, ["winrates", "sensitivity"])
    assert df.loc[0, "assumptions"] == "flipped by x.y=1"
    assert df.loc[1, "assumptions"] == "none of 1 swept values flips the frontier headline"
    assert df.loc[0, "agents"] == "scripted only" and df.loc[1, "sample"] == 50
    data = json.loads((tmp_path / "winrates" / "findings.json").read_text())
    assert data[0]["study"] == "winrates"
    assert assumptions_label("darkleaf", {}) == "not swept"
