"""`darkbalance compare`: paired what-if differences on common random numbers."""
import pytest
from click.testing import CliRunner

from cli import main
from experiments import compare
from experiments.compare import parse_variant
from simcore.spec import BadInput


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_identical_variant_differs_by_exactly_zero():
    df = compare("connect4", ["same: board.cols=7"], "scripted,random", games=300, seed=2)
    assert len(df) > 5
    assert (df["difference"] == 0).all() and (df["ci_low"] == 0).all() \
        and (df["ci_high"] == 0).all()


def test_a_helping_change_moves_the_right_way():
    """A lower Colonization target can only make the solo mission easier."""
    df = compare("frontier", ["easy: mission.cp_target=7"], "scripted", games=600, seed=1)
    r = df[df["metric"] == "win rate, seat 0"].iloc[0]
    assert r["difference"] > 0 and r["ci_low"] > 0, r.to_dict()
    assert r["value"] == pytest.approx(r["baseline"] + r["difference"])


def test_precision_stops_early():
    df = compare("connect4", ["wide: board.cols=8"], "random", games=20000, seed=3,
                 precision=0.05, block=500)
    assert df["games"].max() < 20000
    moved = df[(df["difference"] != 0) & df["metric"].str.startswith(("win rate", "ends by"))]
    assert ((moved["ci_high"] - moved["ci_low"]) / 2 <= 0.05 + 1e-12).all()


@pytest.mark.parametrize("text,name,sets,rules", [
    ("cheap: a.b=1; c.d=[1, 2]", "cheap", ("a.b=1", "c.d=[1, 2]"), None),
    ("v2: @x.toml; a=3", "v2", ("a=3",), "x.toml"),
    ("a.b=2", "variant1", ("a.b=2",), None),
])
def test_variant_syntax(text, name, sets, rules):
    assert parse_variant(text) == (name, sets, rules)


@pytest.mark.parametrize("args,needle", [
    (["--variant", "bad: nonsense"], "neither path=value nor @file.toml"),
    (["--variant", "x: board.nope=3"], "unknown rules path 'board.nope'"),
    (["--variant", "x:"], "no change given"),
    (["--variant", "x: board.cols=7", "--variant", "x: board.cols=8"], "names must differ"),
    (["--variant", "x: @/nonexistent.toml"], "does not exist"),
])
def test_bad_variants_exit_2(args, needle):
    res = run("compare", "connect4", "-n", 10, *args)
    assert res.exit_code == 2, res.output
    lines = [ln for ln in res.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0]


def test_cli_writes_table_and_html(tmp_path):
    res = run("compare", "connect4", "-n", 200, "--agents", "scripted,random",
              "--variant", "w: board.cols=8", "--out", tmp_path / "d.csv",
              "--html", tmp_path / "d.html")
    assert res.exit_code == 0, res.output
    assert "w - baseline (paired over 200 games" in res.output
    assert (tmp_path / "d.csv").stat().st_size > 0
    assert (tmp_path / "d.png").stat().st_size > 0
    assert "<img src='d.png'" in (tmp_path / "d.html").read_text()


def test_compare_files_record_the_change_agents_seed_and_commit(tmp_path):
    """--change is --variant's name where it means a rules change; the CSV and the page say
    what was changed, who played, the seed and the commit."""
    import pandas as pd

    res = run("compare", "connect4", "-n", 50, "--agents", "scripted,random", "-s", 7,
              "--change", "w: board.cols=8", "--out", tmp_path / "d.csv",
              "--html", tmp_path / "d.html")
    assert res.exit_code == 0, res.output
    df = pd.read_csv(tmp_path / "d.csv")
    assert set(df["change"]) == {"w: board.cols=8"} and set(df["game"]) == {"connect4"}
    assert set(df["agents"]) == {"scripted,random"} and set(df["seed"]) == {7}
    assert df["commit"].iloc[0] != "" and len(set(df["commit"])) == 1
    page = (tmp_path / "d.html").read_text()
    assert "board.cols=8" in page and "scripted,random" in page and "seed 7" in page


def test_no_variant_is_refused():
    with pytest.raises(BadInput, match="at least one --variant"):
        compare("connect4", [], games=10)


def _same_value_variant(game: str) -> str:
    """A variant that sets some scalar rules value to the value it already has."""
    from simcore.spec import get_game

    for e in get_game(game).API.rules().entries.values():
        if isinstance(e.value, bool) or not isinstance(e.value, int):
            continue
        return f"same: {e.path}={e.value}"
    raise AssertionError(f"{game}: no integer rules value")


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "court", "darkleaf", "darkness",
                                  "humanity", "frontier"])
def test_compare_works_for_every_game(game):
    """Every game: a no-op variant differs by exactly 0 on every metric, win rates included."""
    from simcore.spec import get_game

    players = get_game(game).SPEC.players[0]
    df = compare(game, [_same_value_variant(game)], "random", players=players, games=40, seed=3)
    assert any(m.startswith("win rate") for m in df["metric"])
    assert (df["difference"] == 0).all() and (df["games"] == 40).all()


def test_compare_files_say_who_played(tmp_path):
    """The CSV and the page name each seat's agents and who moves first in every run."""
    out, page = tmp_path / "d.csv", tmp_path / "d.html"
    res = run("compare", "connect4", "-n", 20, "--agents", "scripted,random", "--change",
              "wide: board.cols=8", "--out", out, "--html", page)
    assert res.exit_code == 0, res.output
    seats = ("seat 0: random / scripted (rotated); seat 1: random / scripted (rotated); "
             "first to move: seat 0 (the seat order is fixed")
    assert f"baseline: {seats}" in res.output
    import pandas as pd

    df = pd.read_csv(out)
    assert df["seats"].str.startswith(seats).all()
    assert df["baseline_seats"].str.startswith(seats).all()
    assert "Who played:" in page.read_text()
