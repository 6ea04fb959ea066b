"""rules.toml loading, overrides and their errors."""
import pytest

from simcore.rules import load_rules
from simcore.spec import BadInput, game_names, get_game


def test_every_game_rules_file_loads_with_sources():
    for name in game_names():
        rs = get_game(name).API.rules()
        assert rs.entries, name
        for e in rs.entries.values():
            assert e.source in ("rulebook", "public", "assumed")
            if e.source == "assumed":
                assert e.reason, f"{name}: {e.path} assumed without reason"
            else:
                assert e.cite, f"{name}: {e.path} has no cite"


def test_set_override_changes_params_and_is_marked():
    api = get_game("connect4").API
    rs = api.rules(sets=["board.cols=5"])
    assert rs["board.cols"] == 5
    assert [e.path for e in rs.overridden()] == ["board.cols"]
    params = api.params(2, None, rs)
    state = api.new_state(params)
    assert api.legal_actions(state, params).tolist() == [0, 1, 2, 3, 4]


def test_file_override(tmp_path):
    f = tmp_path / "o.toml"
    f.write_text("[board]\nline = 3\n[board.rows]\nvalue = 5\n")
    rs = get_game("connect4").API.rules(str(f))
    assert rs["board.line"] == 3 and rs["board.rows"] == 5


@pytest.mark.parametrize("sets,needle", [
    (["board.row=7"], "board.rows"),          # unknown path names the close match
    (["board.rows=seven"], "must be int"),    # wrong type
    (["board.rows"], "path=value"),           # malformed
])
def test_bad_set_is_one_clear_error(sets, needle):
    with pytest.raises(BadInput) as exc:
        get_game("connect4").API.rules(sets=sets)
    assert needle in str(exc.value) and "\n" not in str(exc.value)


def test_out_of_range_value_rejected_when_compiling():
    api = get_game("connect4").API
    with pytest.raises(BadInput, match="out of range; valid: 4..8"):
        api.params(2, None, api.rules(sets=["board.rows=20"]))


def test_malformed_rules_files(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[board\nrows = ")
    with pytest.raises(BadInput, match="not valid TOML"):
        get_game("connect4").API.rules(str(bad))
    with pytest.raises(BadInput, match="does not exist"):
        get_game("connect4").API.rules(str(tmp_path / "missing.toml"))
    noreason = tmp_path / "r.toml"
    noreason.write_text('[x.y]\nvalue = 1\nsource = "assumed"\n')
    with pytest.raises(BadInput, match="gives no reason"):
        load_rules("t", noreason)
    badsrc = tmp_path / "s.toml"
    badsrc.write_text('[x.y]\nvalue = 1\nsource = "guess"\n')
    with pytest.raises(BadInput, match="valid: rulebook, public, assumed"):
        load_rules("t", badsrc)


def test_every_assumed_range_endpoint_compiles():
    """The sensitivity study sets each assumed value to the ends of its range: both must be
    valid rules for the engine (a range is a promise of plausibility).  A value marked
    ``unread`` is never swept (another value of it is refused by design)."""
    for name in game_names():
        mod = get_game(name)
        api = mod.API
        spec = mod.SPEC
        for e in api.rules().assumed():
            if e.range is None or isinstance(e.value, (bool, list, str)) or e.unread:
                continue
            for v in (e.range[0], e.range[-1]):
                val = int(v) if isinstance(e.value, int) else float(v)
                for players in sorted({spec.players[0], spec.players[1]}):
                    api.params(players, None, api.rules(sets=[f"{e.path}={val}"]))


def test_parsed_rules_are_reused_but_not_shared(tmp_path):
    """load_rules keeps a parsed file: a caller altering a list value does not reach the next
    load, and an edited file is read again."""
    src = get_game("court").API.rules().origin
    path = tmp_path / "rules.toml"
    path.write_text(open(src).read())
    a = load_rules("court", path)
    lists = [p for p, e in a.entries.items() if isinstance(e.value, list)]
    assert lists, "court has list values"
    before = list(a[lists[0]])
    a.entries[lists[0]].value.append(999)
    b = load_rules("court", path)
    assert b[lists[0]] == before
    path.write_text(path.read_text().replace("[meta]", "bogus = 1\n[meta]", 1))
    with pytest.raises(BadInput, match="bogus must be a table"):
        load_rules("court", path)  # edited: read again, not served from the kept parse


def test_assumed_values_csv_round_trips_and_overrides(tmp_path):
    """#34: `rules GAME --assumed --format csv` writes every assumed value with its range,
    alternatives and reason; the file passed back with --rules changes exactly the values
    a designer edited."""
    import csv

    from click.testing import CliRunner

    from cli import main
    from simcore.spec import get_game

    out = tmp_path / "court.csv"
    res = CliRunner().invoke(main, ["rules", "court", "--assumed", "--format", "csv",
                                    "-o", str(out), "--results", str(tmp_path)])
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(out.open()))
    rs = get_game("court").API.rules()
    assert [r["path"] for r in rows] == [e.path for e in rs.assumed()]
    assert all(r["reason"] for r in rows)
    ranged = next(r for r in rows if r["range_low"])
    e = rs.entries[ranged["path"]]
    assert (ranged["range_low"], ranged["range_high"]) == (repr(e.range[0]), repr(e.range[1]))
    assert rows[0]["effect_method"].startswith("not measured")  # no sensitivity run here
    # read back unchanged: every value equal
    back = rs.with_file(out)
    assert all(back[p] == rs[p] for p in rs.entries)
    # a designer's number replaces ours, the rest stay
    lo, hi = e.range
    new = hi if rs[e.path] != hi else lo
    for r in rows:
        if r["path"] == e.path:
            r["value"] = repr(new)
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    changed = rs.with_file(out)
    assert changed[e.path] == new and changed.entries[e.path].source == "override"
    assert all(changed[p] == rs[p] for p in rs.entries if p != e.path)


def test_assumed_values_csv_carries_each_values_joint_block_effect(tmp_path):
    """#34: the designer's CSV names each value's block and that block's Morris mu* and
    Sobol total index from the sensitivity study's joint part (empty where unmeasured)."""
    import csv

    import pandas as pd

    from experiments.values import write_values_csv
    from simcore.spec import get_game

    rs = get_game("court").API.rules()
    sens = tmp_path / "sensitivity"
    sens.mkdir()
    pd.DataFrame({"block": ["cards.odium", "cards.poxxil"], "mu_star": [0.2, 0.1],
                  "mu_star_conf": [0.1, 0.1], "sigma": [float("nan")] * 2,
                  "values": [3, 3]}).to_csv(sens / "morris_court.csv", index=False)
    pd.DataFrame({"block": ["cards.odium"], "ST": [0.4], "ST_conf": [0.2], "S1": [0.3],
                  "S1_conf": [0.2]}).to_csv(sens / "sobol_court.csv", index=False)
    out = tmp_path / "v.csv"
    write_values_csv(rs, rs.assumed(), str(out), tmp_path)
    rows = {r["path"]: r for r in csv.DictReader(out.open())}
    odium = [r for p, r in rows.items() if p.startswith("cards.odium.")]
    pox = [r for p, r in rows.items() if p.startswith("cards.poxxil.")]
    other = [r for p, r in rows.items() if not p.startswith(("cards.odium.", "cards.poxxil."))]
    assert odium and all((r["joint_block"], r["joint_mu_star"], r["joint_total_index"]) ==
                         ("cards.odium", "0.2", "0.4") for r in odium)
    assert pox and all(r["joint_mu_star"] == "0.1" and r["joint_total_index"] == ""
                       for r in pox)  # Morris ranked it, Sobol did not measure it
    assert all(r["joint_block"] == "" for r in other)
    back = rs.with_file(out)  # the added columns do not disturb reading the file back
    assert all(back[p] == rs[p] for p in rs.entries)
