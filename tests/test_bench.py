"""`darkbalance bench --json` writes the documented metric records (quick workloads)."""
import json

import pytest

from experiments.bench import run_bench


@pytest.mark.xdist_group("tictactoe")  # compiles tictactoe's arenas: with its own group
def test_bench_json_records(tmp_path):
    out = tmp_path / "b.json"
    lines = []
    recs = run_bench(["tictactoe"], str(out), quick=True, echo=lines.append)
    data = json.loads(out.read_text())
    assert data == recs
    metrics = {r["metric"] for r in data}
    for m in ("random_games_per_s_1t", "random_games_per_s_all", "random_actions_per_s_1t",
              "mcts_sims_per_s", "jit_speedup", "scripted_decision_ms", "best_decision_ms"):
        assert m in metrics
    for r in data:
        assert set(r) == {"game", "metric", "value", "unit"} and r["value"] > 0
    speed = {r["metric"]: r["value"] for r in data}
    assert speed["jit_speedup"] > 5  # compiled code must beat the interpreter by far
    # a search decision costs more than the script's, both in milliseconds per decision
    assert speed["best_decision_ms"] > speed["scripted_decision_ms"] > 0
    # the value agent's row: measured, or printed as not there yet
    assert "value_decision_ms" in metrics or any("value_decision_ms" in x for x in lines)
