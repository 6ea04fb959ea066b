"""The compile log (experiments/compile_log.py): it records real compiles with self times and
finds work two processes both did."""
import json

from numba import njit

from experiments import compile_log


def test_log_records_nested_compiles_with_self_time():
    compile_log.install()
    before = len(compile_log.records())

    @njit  # not cached: a fresh compile every session
    def inner_for_log(x):
        return x + 1

    @njit
    def outer_for_log(x):
        return inner_for_log(x) * 2

    assert outer_for_log(3) == 8
    new = compile_log.records()[before:]
    names = [r[0].rsplit(".", 1)[-1] for r in new]
    assert "inner_for_log" in names and "outer_for_log" in names
    assert all(r[2] >= 0.0 for r in new)
    # the callee finishes compiling inside the caller's compile
    assert names.index("inner_for_log") < names.index("outer_for_log")
    # a second call with the same types compiles nothing
    outer_for_log(4)
    assert len(compile_log.records()) == before + len(new)


def test_summary_finds_work_done_twice(tmp_path):
    a = [["simcore.court.engine.step", "(int32,)", 2.0, 1.0],
         ["experiments.arena.play_games", "(Literal[int](7),)", 10.0, 2.0]]
    b = [["experiments.arena.play_games", "(Literal[int](7),)", 9.0, 3.0],
         ["experiments.arena.play_games", "(Literal[int](8),)", 5.0, 4.0]]
    for tag, rows in (("gw0", a), ("gw1", b)):
        (tmp_path / f"compile-{tag}.json").write_text(json.dumps(rows))
    s = compile_log.summary(str(tmp_path))
    assert s["processes"]["gw0"]["total_s"] == 12.0 and s["processes"]["gw1"]["compiles"] == 2
    assert dict(s["processes"]["gw0"]["modules"])["simcore.court.engine"] == 2.0
    # only game 7's arena was compiled by both; the smaller of the two is the waste
    assert [(t[1], t[2]) for t in s["twice"]] == [("experiments.arena.play_games",
                                                  "(Literal[int](7),)")]
    assert s["twice_s"] == 9.0
    assert compile_log.main([str(tmp_path)]) == 0
    assert compile_log.main([str(tmp_path / "missing")]) == 2
