"""The Findings table's labels are computed from the numbers."""
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
    write_findings(tmp_path / "sensitivity", "sensitivity", [
        finding("court", "c", 0.4, 0.35, 0.45, 0.25, 150),
        finding("frontier", "d", 0.2, 0.15, 0.25, 1 / 3, 150)])
    df = collect_findings(tmp_path, ["winrates", "sensitivity"])
    # another study's finding was not re-measured under the sweep, and says so
    assert df.loc[0, "assumptions"] == ("not re-measured under the sweep (the court sweep's "
                                        "headline: flipped by x.y=1)")
    assert df.loc[1, "assumptions"] == ("not re-measured under the sweep (the frontier sweep's "
                                        "headline: none of 1 swept values flips it)")
    # the sweep's own headline findings carry its verdict directly
    assert df.loc[2, "assumptions"] == "flipped by x.y=1"
    assert df.loc[3, "assumptions"] == "none of 1 swept values flips it"
    assert df.loc[0, "agents"] == "scripted only" and df.loc[1, "sample"] == 50
    data = json.loads((tmp_path / "winrates" / "findings.json").read_text())
    assert data[0]["study"] == "winrates"
    assert assumptions_label("darkleaf", {}) == "not swept"


def test_winrates_seat_findings_are_labelled_by_the_best_table():
    """A scripted seat effect is labelled ``yes`` when the all-best table shows the same
    seat favoured with its interval above the share, ``no`` (both values) when it does not,
    and the turn-order headline is matched by turn position, not by seat."""
    import pandas as pd

    from experiments.studies.winrates import _finding_rows

    def table(agents, rates, col):
        return [{"game": "g", "players": 2, "agents": agents, col: k, "games": 1000,
                 "win_rate": r, "ci_low": r - 0.03, "ci_high": r + 0.03}
                for k, r in enumerate(rates)]

    scripted = table("scripted", [0.62, 0.38], "seat")
    holds = pd.DataFrame(scripted + table("best", [0.60, 0.40], "seat"))
    flips = pd.DataFrame(scripted + table("best", [0.45, 0.55], "seat"))
    empty = pd.DataFrame()
    [f] = _finding_rows(holds, empty, "best:ms=5")
    assert agents_label(f) == "yes" and "seat 0" in f["finding"]
    [f] = _finding_rows(flips, empty, "best:ms=5")
    lab = agents_label(f)
    assert lab.startswith("no") and "best:ms=5 0.450" in lab and "scripted 0.620" in lab
    turns = pd.DataFrame(table("scripted", [0.5, 0.5], "turn_position")
                         + table("best", [0.5, 0.5], "turn_position"))
    turns.loc[turns["turn_position"] == 1, "turn_position"] = 2  # positions are 1-based
    turns.loc[turns["turn_position"] == 0, "turn_position"] = 1
    turns.loc[(turns["agents"] == "scripted") & (turns["turn_position"] == 2),
              ["win_rate", "ci_low", "ci_high"]] = [0.30, 0.27, 0.33]
    rows = _finding_rows(pd.DataFrame(scripted), turns, "best:ms=5")
    turn = [r for r in rows if "turn position 2" in r["finding"]]
    assert len(turn) == 1 and turn[0]["search"] == (0.5, 0.47, 0.53)
    assert agents_label(turn[0]).startswith("no")


def test_a_finding_the_sweep_measures_gets_its_label_directly(tmp_path):
    """A matchups finding with the key of the sweep's darkleaf headline (the same clan's
    rate against the field) takes the sweep's verdict; without the key, it says it was
    not re-measured."""
    write_findings(tmp_path / "sensitivity", "sensitivity", [
        dict(finding("darkleaf", "wibo under half", 0.1, 0.08, 0.12, 0.5, 750),
             key="darkleaf:wibo-vs-field")])
    write_findings(tmp_path / "matchups", "matchups", [
        dict(finding("darkleaf", "wibo weakest", 0.1, 0.08, 0.12, 0.5, 3000),
             key="darkleaf:wibo-vs-field"),
        finding("darkleaf", "hexen strongest", 0.7, 0.68, 0.72, 0.5, 3000)])
    (tmp_path / "sensitivity").mkdir(exist_ok=True)
    pd.DataFrame({"path": ["clans.wibo.start"], "value": ["[9]"], "flips": [True]}).to_csv(
        tmp_path / "sensitivity" / "sensitivity_darkleaf.csv", index=False)
    df = collect_findings(tmp_path, ["matchups", "sensitivity"]).set_index("finding")
    assert df.loc["wibo weakest", "assumptions"] == "flipped by clans.wibo.start=[9]"
    assert df.loc["hexen strongest", "assumptions"].startswith("not re-measured")
    assert df.loc["wibo under half", "assumptions"] == "flipped by clans.wibo.start=[9]"


def test_a_seat_effect_where_the_rules_treat_seats_alike_is_an_agent_artifact():
    """The same lopsided seat table among identical players: in court (simultaneous bids
    and Offerings) and humanity (a random first player) it is reported as an agent
    artifact, never as a seat favoured by the game; in connect4 (the first mover moves
    first) it stays a finding about the game."""
    import pandas as pd

    from experiments.studies.winrates import _finding_rows, _findings, seats_alike

    assert seats_alike("court") and seats_alike("humanity") and not seats_alike("connect4")
    assert not seats_alike("g")  # not a registered game

    def seats(game, P, rates, agents="scripted"):
        return [{"game": game, "players": P, "agents": agents, "seat": k, "games": 20000,
                 "win_rate": r, "ci_low": r - 0.006, "ci_high": r + 0.006}
                for k, r in enumerate(rates)]

    court = seats("court", 4, [0.20, 0.30, 0.36, 0.14])
    df = pd.DataFrame(court + seats("court", 4, [0.24, 0.27, 0.26, 0.23], "best")
                      + seats("humanity", 3, [0.30, 0.30, 0.40])
                      + seats("connect4", 2, [0.56, 0.44]))
    rows = {r["game"]: r for r in _finding_rows(df, pd.DataFrame(), "best")}
    for g in ("court", "humanity"):
        assert "agent artifact" in rows[g]["finding"] and "favoured" not in rows[g]["finding"]
        assert agents_label(rows[g]).startswith("agent artifact")
    assert "seat 0 is favoured" in rows["connect4"]["finding"]
    assert agents_label(rows["connect4"]) == "scripted only"
    text = _findings(df, pd.DataFrame(columns=["game", "players", "agent", "win_rate"]))
    court_lines = [t for t in text if t.startswith("court")]
    # the scripted and the best table both: each an agent artifact
    assert len(court_lines) == 2 and all("agent artifact" in t for t in court_lines)
    assert [t for t in text if t.startswith("connect4")] and \
        "artifact" not in next(t for t in text if t.startswith("connect4"))
