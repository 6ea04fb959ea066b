"""Long runs: blocks sized from the measured rate never change a result, progress lines
come while games finish, and an interrupted run keeps whole games only."""
import numpy as np
import pytest

from experiments.batch import Interrupted, next_block, plan, run_plan
from experiments.progress import PlainProgress


@pytest.mark.parametrize("game,agents", [("tictactoe", "mcts:iters=30,random"),
                                         ("connect4", "scripted,random")])
def test_blocks_are_bit_identical_to_one_call(game, agents):
    """The RNG is counter-based per game index: any block size plays the same games."""
    p = plan(game, agents)
    whole = run_plan(p, 23, seed=5, block=23, count_kinds=True)
    for block in (1, 4, 7):
        parts = run_plan(p, 23, seed=5, block=block, count_kinds=True)
        for k, v in whole.items():
            assert np.array_equal(v, parts[k]), (block, k)
    adaptive = run_plan(p, 23, seed=5, target_s=1e-9, count_kinds=True)
    for k, v in whole.items():
        assert np.array_equal(v, adaptive[k]), k


def test_search_blocks_are_sized_to_report_often():
    """A search run reports after small blocks (a block of every game at once printed
    nothing for minutes); the blocks follow the measured rate."""
    p = plan("tictactoe", "mcts:iters=30,random")
    seen = []
    run_plan(p, 12, seed=1, threads=1, progress=seen.append, target_s=1e-9)
    assert [k for k in seen if k] == [1] * 12  # (0: a heartbeat while a block compiles)
    assert next_block(4, 1.0, 2.0, lo=1) == 8       # 4 games/s, 2 s a block
    assert next_block(4, 8.0, 2.0, lo=2) == 2       # never under one game per thread
    assert next_block(10, 1e-6, 2.0) == 160         # at most 16x the last block
    assert next_block(9, 1.0, 1.0, lo=4) == 8       # a multiple of the threads


def test_plain_progress_prints_while_games_finish():
    """A slow run prints a line at least every ``every`` s even inside one tenth."""
    import io

    t = [0.0]
    out = io.StringIO()
    bar = PlainProgress(1000, unit="game", file=out, delay=1.5, every=5.0, clock=lambda: t[0])
    for _ in range(4):
        t[0] += 6.0
        bar.update(1)
    lines = out.getvalue().splitlines()
    assert len(lines) == 4, lines
    assert lines[-1].startswith("0% (4/1,000 games, 0.17 games/s, ETA")
    bar = PlainProgress(10, unit="game", file=out, delay=1.5, every=5.0, clock=lambda: t[0])
    t[0] += 9.0
    bar.update(0)  # a heartbeat before any game is done: no rate, no ETA
    assert out.getvalue().splitlines()[-1] == "0/10 games, 9 s so far"
    t[0] += 1.0
    bar.update(2)  # the first games (after compiling): the rate counts from here on
    t[0] += 2.0
    bar.update(2)
    assert "1.00 games/s, ETA 6 s" in out.getvalue().splitlines()[-1]


def test_interrupt_keeps_whole_games_only():
    """Ctrl-C between blocks: the games finished before it, identical to a full run's."""
    p = plan("connect4", "scripted,random")
    full = run_plan(p, 20, seed=2, block=20)
    calls = []

    def stop(n):
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as exc:
        run_plan(p, 20, seed=2, block=6, progress=stop)
    assert exc.value.done == 12 and exc.value.games == 20
    for k, v in exc.value.raw.items():
        assert len(v) == 12 and np.array_equal(v, full[k][:12]), k


def test_heartbeat_ticks_while_a_long_call_plays():
    """A search block can outlast the bar's interval: a thread calls progress(0) while
    it plays, and stops when it ends; the games themselves still pass through."""
    import time

    from experiments.progress import heartbeat

    seen = []
    with heartbeat(seen.append, every=0.02) as tick:
        time.sleep(0.3)  # stands for a compiled call that released the GIL
        tick(3)
    beats = len(seen)
    time.sleep(0.1)
    assert len(seen) == beats  # stopped with the block
    assert seen.count(0) >= 3 and [k for k in seen if k] == [3]
    with heartbeat(None) as tick:
        assert tick is None


def test_the_arena_releases_the_gil():
    """The heartbeat can only print while a block plays if the arena lets go of the GIL."""
    from experiments.arena import play_games

    assert play_games.targetoptions.get("nogil") is True


def test_a_study_chunk_reports_its_games_once():
    """A study's bar hears of a chunk's games block by block, and a retried chunk's
    games count once (the rest arrives when the shard is written)."""
    from experiments.execute import _ChunkTicks

    class Bar:
        n = 0

        def update(self, k):
            assert k >= 0
            self.n += k

    bar = Bar()
    t = _ChunkTicks(bar, 10)
    t(4)
    t(0)
    assert bar.n == 4
    t.seen = 0  # the chunk failed and is played again
    t(3)
    assert bar.n == 4
    t(5)
    assert bar.n == 8
    t.finish()
    assert bar.n == 10
