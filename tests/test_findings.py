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


def test_a_finding_of_no_effect_holds_where_both_intervals_include_the_null():
    """"No seat is favoured beyond chance" (the sensitivity headlines' null result) holds
    under an agent whose interval includes the null, and not under one that favours a seat;
    the effect rule would call it "no" under both."""
    f = finding("g", "no seat is favoured beyond chance (seat 0 highest)", 0.52, 0.44, 0.60,
                0.5, 150, scripted=(0.52, 0.44, 0.60), search=(0.51, 0.48, 0.54),
                search_name="value", search_games=1000, null_claim=True)
    assert agents_label(f, 1000) == "yes"
    f["search"] = (0.58, 0.55, 0.61)
    assert agents_label(f, 1000).startswith("no (") and "value 0.580" in agents_label(f, 1000)
    f["search"] = (0.51, 0.48, 0.54)
    f["null_claim"] = False
    assert agents_label(f, 1000).startswith("no (")
    f["null_claim"] = True
    assert agents_label(f, 2000).startswith("not confirmed: 1,000 strong games")


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
    # the values rules.toml marks inert (#34) are left out of the count and said so
    from experiments.studies.sensitivity import marked_inert, marked_unread
    from experiments.studies._sweep import marked_conditional

    u = len(marked_unread("frontier"))
    k = len(marked_inert("frontier")) - u
    c = len(marked_conditional("frontier"))
    assert k and u and 0 < c < u  # frontier marks every kind, so all the words are checked
    left = f" ({k} inert, {u} unread left out, {c} of them drawn where read)"
    assert df.loc[1, "assumptions"] == ("not re-measured under the sweep (the frontier sweep's "
                                        f"headline: none of 1 swept values flips it{left})")
    # the sweep's own headline findings carry its verdict directly
    assert df.loc[2, "assumptions"] == "flipped by x.y=1"
    assert df.loc[3, "assumptions"] == f"none of 1 swept values flips it{left}"
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
    # the strong player is named per (game, players) with the games it rests on (#32)
    [f] = _finding_rows(holds, empty, {("g", 2): "value", ("g", 3): "best:ms=3"})
    assert f["search_name"] == "value" and f["search_games"] == 1000
    assert agents_label(turn[0]).startswith("no")


def test_a_seat_finding_stands_only_after_holm_over_its_table():
    """#34: with four seats and four turn positions compared at once, a seat whose own 95%
    interval just clears the table's mean is chance (Holm over the eight); a clear edge
    stands."""
    import pandas as pd

    from experiments.stats import wilson
    from experiments.studies.winrates import _finding_rows

    def table(wins, n=2000):
        rows = []
        for k, w in enumerate(wins):
            lo, hi = wilson(w, n)
            rows.append({"game": "g", "players": 4, "agents": "scripted", "seat": k,
                         "games": n, "win_rate": w / n, "ci_low": lo, "ci_high": hi})
        return pd.DataFrame(rows)

    # seat 0: 545 of 2,000 against a mean of 0.25 (500): its Wilson interval [0.253, 0.292]
    # clears 0.25 (unadjusted p about 0.03), but not after Holm over the table
    marginal = table([545, 485, 485, 485])
    assert marginal.iloc[0]["ci_low"] > marginal["win_rate"].mean()
    assert _finding_rows(marginal, pd.DataFrame()) == []
    clear = table([620, 460, 460, 460])
    [f] = _finding_rows(clear, pd.DataFrame())
    assert "seat 0 is favoured" in f["finding"]


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
    # no strong player on either side: neither is labelled across agents
    assert df.loc["wibo under half", "agents"] == "not tested across agents"


def test_a_sweep_headline_with_no_strong_form_takes_the_strong_label_of_its_twin(tmp_path):
    """#32: darkleaf's sweep headline has no strong player of its own; the matchups
    finding that states the same claim (same key) does, so the headline shows that label,
    naming the study it comes from; a headline with a label of its own keeps it."""
    write_findings(tmp_path / "sensitivity", "sensitivity", [
        dict(finding("darkleaf", "wibo under half", 0.16, 0.13, 0.19, 0.5, 747),
             key="darkleaf:wibo-vs-field"),
        finding("darkness", "no seat favoured", 0.52, 0.44, 0.60, 0.5, 150,
                scripted=(0.52, 0.44, 0.60), search=(0.52, 0.49, 0.55), search_name="value",
                search_games=1000, null_claim=True)], "quick")
    write_findings(tmp_path / "matchups", "matchups", [
        dict(finding("darkleaf", "wibo weakest", 0.16, 0.15, 0.17, 0.5, 3000,
                     scripted=(0.16, 0.15, 0.17), search=(0.13, 0.11, 0.15),
                     search_name="value", search_games=1097), key="darkleaf:wibo-vs-field"),
        finding("darkleaf", "murg strongest", 0.7, 0.68, 0.72, 0.5, 3000,
                scripted=(0.7, 0.68, 0.72), search=(0.3, 0.28, 0.32), search_name="value",
                search_games=1100)], "quick")
    df = collect_findings(tmp_path, ["matchups", "sensitivity"]).set_index("finding")
    assert df.loc["wibo under half", "agents"] == "yes"
    assert df.loc["wibo under half", "strong_agent"] == "value (matchups study)"
    assert df.loc["wibo under half", "strong_games"] == 1097
    assert df.loc["no seat favoured", "agents"] == "yes"
    assert df.loc["no seat favoured", "strong_agent"] == "value"
    assert df.loc["murg strongest", "agents"].startswith("no (")
    # full profile: the headline's own few games of best give way to the twin's many
    write_findings(tmp_path / "sensitivity", "sensitivity", [
        dict(finding("darkleaf", "wibo under half", 0.16, 0.13, 0.19, 0.5, 747,
                     scripted=(0.16, 0.13, 0.19), search=(0.2, 0.05, 0.5), search_name="best",
                     search_games=40), key="darkleaf:wibo-vs-field")], "full")
    df = collect_findings(tmp_path, ["matchups", "sensitivity"]).set_index("finding")
    assert df.loc["wibo under half", "strong_agent"] == "value (matchups study)"
    assert df.loc["wibo under half", "strong_games"] == 1097


# ---- the index's verdicts, computed from the findings ----

def _row(game="court", text="court at 4 players: seat 2 is favoured (scripted tables)",
         value=0.36, lo=0.34, hi=0.38, null=0.25, n=2000, agents="yes",
         assumptions="none of 40 swept values flips it", study="winrates",
         measure="rate", key=None):
    return {"study": study, "game": game, "finding": text, "measure": measure,
            "value": value, "ci_low": lo, "ci_high": hi, "null": null, "sample": n,
            "agents": agents, "assumptions": assumptions, "key": key}


def test_finding_status_follows_the_evidence():
    from experiments.verdict import finding_status

    assert finding_status(_row())[0] == "confirmed"
    # strong play says otherwise, with an interval that excludes the scripted value
    other = _row(agents="no (scripted 0.360 [0.340, 0.380]; best:ms=3 0.240 [0.180, 0.300])")
    st, settle = finding_status(other)
    assert st == "depends on the players" and "best:ms=3 gives 0.240" in settle
    # strong play too thin to say: holds the null and the scripted value
    thin = _row(agents="no (scripted 0.360 [0.340, 0.380]; best 0.300 [0.100, 0.600])")
    assert finding_status(thin)[0] == "not enough games"
    assert finding_status(_row(agents="scripted only"))[0] == "depends on the players"
    flip = _row(assumptions="flipped by cards.a=1, cards.b=2, cards.c=3, cards.d=4")
    st, settle = finding_status(flip)
    assert st == "depends on assumed content"
    assert "cards.a, cards.b, cards.c and 1 more" in settle
    assert finding_status(_row(assumptions="not swept"))[0] == "depends on assumed content"
    # an interval as wide as [0, 1] names no winner, whatever the agents say
    wide = _row(value=0.9, lo=0.3, hi=1.0, null=0.25)
    st, settle = finding_status(wide)
    assert st == "not enough games" and "names no winner" in settle
    # ... but a difference is not on a 0-1 scale
    assert finding_status(_row(measure="difference", value=5.0, lo=2.0, hi=8.0,
                               null=0.0))[0] == "confirmed"
    # scripted too thin to say, strong play far from it (frontier's band): still not
    # enough games, and the settle text carries the strong player's other story
    band = _row(value=0.313, lo=0.245, hi=0.391, null=1 / 3, n=150,
                agents="no (scripted 0.313 [0.245, 0.391]; value 0.736 [0.708, 0.762])")
    st, settle = finding_status(band)
    assert st == "not enough games" and "value gives 0.736 [0.708, 0.762]" in settle
    near = _row(value=0.313, lo=0.245, hi=0.391, null=1 / 3, n=150,
                agents="no (scripted 0.313 [0.245, 0.391]; value 0.300 [0.270, 0.330])")
    assert "another story" not in finding_status(near)[1]


def test_verdicts_one_per_game_seed_games_first_from_the_findings():
    from experiments.verdict import game_verdicts

    rows = pd.DataFrame([
        _row(),
        _row(text="court at 4 players: best against scripted", study="ladder"),
        _row(game="darkleaf", text="darkleaf: wibo is the weakest clan (scripted table)",
             value=0.4, lo=0.38, hi=0.42, null=0.5, study="matchups",
             assumptions="flipped by clans.wibo.will=2", key="darkleaf-headline"),
        _row(game="darkleaf", text="darkleaf: huldra is the strongest clan (scripted table)",
             value=0.6, lo=0.58, hi=0.62, null=0.5, study="matchups"),
    ])
    rows = pd.concat([rows, pd.DataFrame([_row(
        text="court at 4 players: seat 1 wins more among identical players",
        agents="agent artifact (the rules treat the seats alike)")])], ignore_index=True)
    v = game_verdicts(rows, ["connect4", "darkleaf", "court", "frontier"],
                      {"frontier": 0, "connect4": 6000})
    assert [x["game"] for x in v] == ["court", "darkleaf", "frontier", "connect4"]
    court, dl, fr, c4 = v
    assert court["status"] == "confirmed" and "seat 2 is favoured" in court["sentence"]
    # the ladder measures the players, not the game: it is no finding of the game
    assert court["counts"]["confirmed"] == 1
    # an agent artifact is no finding of the game: set aside, and said
    assert sum(court["counts"].values()) == 1 and "1 seat effect among identical" in \
        court["sentence"]
    # the sweep's headline leads, with what would settle it; the other clan is an extreme
    assert dl["status"] == "depends on assumed content" and "wibo" in dl["sentence"]
    assert "clans.wibo.will" in dl["settle"]
    assert len(dl["extremes"]) == 1 and "huldra is the strongest" in dl["extremes"][0]
    assert "Other findings: 1 confirmed." in dl["sentence"]
    # no finding: says so, and on how many games (or that nothing measured it)
    assert "No seat, turn-position or other effect" in c4["sentence"] and "6,000" in \
        c4["sentence"] and c4["calibration"] and c4["status"] == "depends on the players"
    assert fr["status"] == "not enough games"


def test_findings_about_the_players_carry_no_agents_label_and_no_verdict():
    """A finding about our players (the ladder's, the personas'; ``about="players"``) gets
    the ABOUT_PLAYERS label however many strong games it has, no status, no place in its
    game's verdict, and sorts after its game's findings about the game; an unknown
    ``about`` is refused."""
    import pytest

    from experiments.reporting import ABOUT_PLAYERS, agents_label, finding
    from experiments.verdict import game_verdicts, short_table

    f = finding("court", "court at 4 players: adapting players play free-rider most", 0.9,
                0.8, 0.95, 1 / 3, 5000, scripted=(0.9, 0.8, 0.95), search=(0.9, 0.8, 0.95),
                search_games=5000, measure="share", about="players")
    assert agents_label(f, 1000) == ABOUT_PLAYERS
    assert agents_label({**f, "about": "game"}, 1000) == "yes"
    with pytest.raises(ValueError, match="unknown about 'designers'"):
        finding("court", "x", 0.5, 0.4, 0.6, 0.5, 10, about="designers")
    players = _row(text="court at 4 players: adapting players play free-rider most",
                   study="personas", agents=ABOUT_PLAYERS)
    players["about"] = "players"
    rows = pd.DataFrame([players, {**_row(), "about": "game"}])
    court, = game_verdicts(rows, ["court"])
    assert sum(court["counts"].values()) == 1 and "seat 2" in court["sentence"]
    only = game_verdicts(pd.DataFrame([players]), ["court"])[0]
    assert only["counts"] == {} and "No seat" in only["sentence"]
    t = short_table(rows)
    assert list(t["status"]) == ["confirmed", "about the players"]
    assert list(t["agents"]) == ["yes", "n/a"]


def test_short_table_labels_and_order():
    from experiments.verdict import short_table

    rows = pd.DataFrame([
        _row(game="connect4", text="connect4 at 2 players: seat 0 is favoured"),
        _row(agents="no (scripted 0.360 [0.340, 0.380]; best 0.240 [0.180, 0.300])",
             assumptions="flipped by a.b=1, c.d=2"),
    ])
    t = short_table(rows)
    assert list(t["game"]) == ["court", "connect4"]
    court = t.iloc[0]
    assert court["agents"] == "no: best 0.240" and court["assumptions"] == "flipped by 2"
    assert court["value"] == "0.360 [0.340, 0.380]" and court["games"] == "2,000"
    assert t.iloc[1]["assumptions"] == "holds (40 swept)"


def test_inert_values_leave_the_sweep_counts():
    """#34: a swept value none of whose sides changed any game's result is inert: it is
    listed, and the "none of N" count holds only the values that could have flipped it."""
    from experiments.studies.sensitivity import inert_paths, marked_inert, marked_unread

    df = pd.DataFrame({"path": ["a", "a", "b", "c", "c"], "value": [1, 2, 3, 4, 5],
                       "flips": [False] * 5, "inert": [True, True, False, True, False]})
    assert inert_paths(df) == ["a"]  # c moved a game on one side: not inert
    # a, and the values court's rules.toml marks inert; those it marks unread apart
    u = len(marked_unread("court"))
    k = 1 + len(marked_inert("court")) - u
    assert assumptions_label("court", {"court": df}) == \
        f"none of 2 swept values flips it ({k} inert, {u} unread left out, {u} of them " \
        "drawn where read)"  # every court unread amount has a read_when
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
    # the strong table names the player that played it where that is not `best` (court's
    # cheap strong player, value), and `best` itself where it played
    strong = pd.DataFrame([{**r, "player": p} for r, p in zip(
        seats("court", 4, [0.24, 0.31, 0.26, 0.19], "best"),
        ["value"] * 4)] + [{**r, "player": "best:ms=3"} for r in seats(
        "court", 3, [0.28, 0.40, 0.32], "best")])
    text = _findings(strong, pd.DataFrame(columns=["game", "players", "agent", "win_rate"]))
    assert any(t.startswith("court at 4 players (value): seat 1") and
               "how the value players treat each other" in t for t in text)
    assert any(t.startswith("court at 3 players (best): seat 1") for t in text)


def test_an_agents_label_needs_the_profiles_strong_games(tmp_path):
    """#32: under the profile's STRONG_MIN strong-play games a label is neither yes nor no
    but "not confirmed" with the count, both values and what would settle it; at or over
    it, yes/no as before; findings.csv carries strong_agent and strong_games."""
    from experiments.reporting import STRONG_MIN
    from experiments.verdict import finding_status, short_table, strong_side

    need = STRONG_MIN["quick"]
    f = finding("court", "court at 4 players: seat 2 is favoured (scripted tables)", 0.36,
                0.34, 0.38, 0.25, 20000, scripted=(0.36, 0.34, 0.38),
                search=(0.40, 0.30, 0.50), search_name="best:ms=3", search_games=32)
    few = agents_label(f, need)
    assert few.startswith(f"not confirmed: 32 strong games, fewer than {need:,} (")
    assert strong_side(few) == ("best:ms=3", 0.40, 0.30, 0.50)
    st, settle = finding_status(_row(agents=few))
    assert st == "not enough games" and f"needs {need:,}" in settle and "on 32 games" in settle
    f["search_games"] = need
    assert agents_label(f, need) == "yes"
    f["search"] = (0.24, 0.22, 0.26)
    assert agents_label(f, need).startswith("no (")
    assert agents_label(f).startswith("no (")  # no profile: no minimum
    f["search_games"] = need - 1
    write_findings(tmp_path / "winrates", "winrates", [f], "quick")
    df = collect_findings(tmp_path, ["winrates"])
    assert df.loc[0, "strong_agent"] == "best:ms=3" and df.loc[0, "strong_games"] == need - 1
    assert df.loc[0, "agents"].startswith("not confirmed")
    assert short_table(df).iloc[0]["agents"] == \
        f"not confirmed: best:ms=3 0.240 on {need - 1:,} games"
    write_findings(tmp_path / "winrates", "winrates", [f], "smoke")
    assert collect_findings(tmp_path, ["winrates"]).loc[0, "agents"].startswith("no (")


def test_the_strong_seat_table_is_the_profiles_cheap_strong_player_at_scale():
    """#32: a game whose profile names a cheap strong player (registry STRONG, connect4's
    `value`) gets its all-strong seat table on STRONG_MIN games in quick and full; the
    others keep `best` at the profile's budget on the games it affords, so their labels say
    "not confirmed" (see the test above) instead of resting yes or no on 8-32 games."""
    from experiments.reporting import STRONG_MIN
    from experiments.studies import winrates
    from simcore import registry

    assert registry.part("connect4", "STRONG")[2][0] == "value"
    for profile in ("quick", "full"):
        st = winrates.build(profile, 0)
        tables = {(c.game, c.players): c for c in st.cells
                  if c.labels == {"kind": "table", "agent": "best"}}
        c4 = tables[("connect4", 2)]
        assert c4.agents == ("value",) and c4.games == STRONG_MIN[profile]
        court = tables[("court", 4)]
        assert court.agents == ("value",) and court.games == STRONG_MIN[profile]
        dl = tables[("darkleaf", 2)]
        assert dl.agents[0] == winrates.SEARCH[profile]
        assert dl.games < STRONG_MIN[profile]


def test_the_setups_study_plays_frontiers_cheap_strong_player_on_every_variant():
    """#32 part 5: the setups study runs the strong player on every variant: frontier's
    profile names `value` at 1 player (registry STRONG), so each variant gets a value cell
    of STRONG_MIN missions in quick and full, beside best; the smoke profile (the test
    suite) plays none."""
    from experiments.reporting import STRONG_MIN
    from experiments.studies import setups
    from simcore.frontier import SPEC

    for profile in ("quick", "full"):
        cells = [c for c in setups.build(profile, 0).cells
                 if c.game == "frontier" and c.agents == ("value",)]
        assert sorted(c.setup for c in cells) == sorted(SPEC.setups)
        assert {c.games for c in cells} == {STRONG_MIN[profile]}
    assert not [c for c in setups.build("smoke", 0).cells if c.agents == ("value",)]


def test_the_setups_study_plays_courts_cheap_strong_player_at_every_player_count():
    """#32 part 5: court's player-count tables (scripted personas mixed) each get a twin
    with court's cheap strong player (registry STRONG, `value`) in every seat, on the same
    stream, in quick and full; and the section's text compares the two count by count."""
    import pandas as pd

    from experiments.studies import setups
    from simcore.court import SPEC

    lo, hi = SPEC.players
    for profile in ("quick", "full"):
        cells = [c for c in setups.build(profile, 0).cells if c.game == "court"]
        strong = {c.players: c for c in cells if c.agents == ("value",)}
        assert sorted(strong) == list(range(lo, hi + 1))
        assert {c.games for c in strong.values()} == {setups.BUDGET[profile]["court_strong"]}
        personas = {c.players: c for c in cells if c.agents != ("value",)}
        assert all(strong[P].stream == personas[P].stream for P in strong)
    df = pd.DataFrame([
        {"players": 3, "agents": "scripted personas", "mean_failures": 0.5,
         "games_with_elimination": 0.02, "elim_low": 0.01, "elim_high": 0.03},
        {"players": 3, "agents": "value", "mean_failures": 3.1,
         "games_with_elimination": 0.83, "elim_low": 0.80, "elim_high": 0.85}])
    text = setups._court_strong_text(df)
    assert "3p 0.50 / 3.10 failures a game" in text and "2% / 83% [80, 85]" in text
    assert setups._court_strong_text(df.iloc[:1]) == ""
    # a later count played by the personas alone (no strong twin) is left out, not misread
    more = pd.concat([df, df.iloc[:1].assign(players=4)])
    assert setups._court_strong_text(more) == text


def test_every_study_knows_its_profile():
    """The agents label's minimum of strong games comes from the study's profile
    (write_findings): every study's plan carries the profile it was built for."""
    from experiments.studies import STUDIES, study_module

    for name in STUDIES:
        assert study_module(name).build("quick", 0).profile == "quick", name
