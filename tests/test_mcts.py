"""MCTS correctness: perfect tic-tac-toe play, tactics, and connect four strength."""
import numpy as np
import pytest

from agents.play import decide
from experiments.api import simulate
from simcore import connect4, tictactoe
from simcore.spec import BadInput

STRONG = "mcts:iters=3000,c=1.0"


def _state(mod, moves):
    p = mod.API.params()
    s = mod.API.new_state(p)
    for m in moves:
        mod.API.step(s, p, m)
    return s, p


def test_tictactoe_mcts_never_loses_to_random():
    df = simulate("tictactoe", f"{STRONG},random", games=200, seed=1)
    mcts_seat_return = np.where(df["agent_0"].str.startswith("mcts"), df["return_0"], df["return_1"])
    assert (mcts_seat_return >= 0.5).all(), "MCTS lost a game of tic-tac-toe to random play"
    assert (mcts_seat_return == 1.0).mean() > 0.8


def test_tictactoe_mcts_self_play_is_always_a_draw():
    df = simulate("tictactoe", STRONG, games=100, seed=2)
    assert (df["winner"] == -1).all(), "perfect play draws tic-tac-toe"


@pytest.mark.parametrize("moves,expected", [
    ([0, 3, 1, 4], 2),     # X has 0,1: complete the row
    ([4, 0, 8, 2], 1),     # O threatens 0-1-2 ... X to move must block at 1
])
def test_tictactoe_takes_win_and_blocks_loss(moves, expected):
    s, p = _state(tictactoe, moves)
    for seed in range(5):
        assert decide(tictactoe, s, p, "mcts:iters=500", seed=seed) == expected


def test_connect4_takes_win_and_blocks_loss():
    s, p = _state(connect4, [3, 0, 3, 0, 3, 6])       # seat 0 wins at column 3
    assert decide(connect4, s, p, "mcts:iters=400", seed=1) == 3
    s, p = _state(connect4, [0, 3, 0, 3, 6, 3])       # seat 0 must block column 3
    assert decide(connect4, s, p, "mcts:iters=400", seed=1) == 3
    s0 = s.copy()
    decide(connect4, s, p, "mcts:iters=50", seed=2)
    assert np.array_equal(s, s0), "deciding must not modify the state"


def test_connect4_mcts_beats_random_from_either_seat():
    df = simulate("connect4", "mcts:iters=200,random", games=200, seed=3)
    for seat in (0, 1):
        rows = df[df[f"agent_{seat}"].str.startswith("mcts")]
        assert len(rows) == 100  # rotation: 100 games in each seat
        assert rows[f"return_{seat}"].mean() >= 0.95


def test_scripted_rollouts_and_depth_cap_run():
    df = simulate("connect4", "mcts:iters=100,rollout=scripted,depth=6,scripted", games=20, seed=4)
    assert len(df) == 20 and not df["truncated"].any()


@pytest.mark.parametrize("spec,needle", [
    ("mcts:iters=0", "iters=0 out of range"),
    ("mcts:iter=5", "unknown option 'iter'"),
    ("mcts:rollout=smart", "valid: random, scripted"),
    ("mcts:c=-1", "c=-1"),
    ("mcts:opp=every", "opp='every'; valid: same, mix"),
    ("scripted:nobody", "unknown persona 'nobody'"),
    ("greedy", "unknown agent 'greedy'"),
])
def test_bad_agent_specs(spec, needle):
    with pytest.raises(BadInput, match=needle.replace("(", r"\(")):
        simulate("connect4", spec, games=1)


def test_opp_mix_counts_the_current_personas_only():
    """``opp=mix`` stores how many personas rivals are drawn from: the current ones,
    never the frozen legacy player (last); a one-persona game has nothing to mix."""
    from agents.layout import A_OPP
    from agents.spec import parse_agent
    from simcore.spec import Persona

    court = ("fair-share", "free-rider", "court-hawk", Persona("legacy", frozen=True))
    a = parse_agent("mcts:opp=mix", court)
    assert a.row[A_OPP] == 3 and a.text.endswith(",opp=mix")
    assert parse_agent("mcts:opp=same", court).row[A_OPP] == 0
    assert parse_agent("mcts", court).text == parse_agent("mcts:opp=same", court).text
    one = parse_agent("mcts:opp=mix", ("default",))
    assert one.row[A_OPP] == 0 and "opp" not in one.text  # same games as opp=same


def test_draw_rivals_keeps_the_searcher_and_spreads_the_rest():
    """The per-simulation opponent model: the searching seat keeps its persona, every
    rival draws each current persona about equally often, and the draw is reproducible."""
    from agents.mcts import _draw_rivals
    from simcore.rng import new_rng

    counts = np.zeros((4, 3), np.int64)
    rng = new_rng(5)
    who = np.full(4, 1, np.int64)
    for _ in range(3000):
        _draw_rivals(who, 2, 3, rng)
        assert who[2] == 1
        for q in range(4):
            counts[q, who[q]] += 1
    for q in (0, 1, 3):
        assert counts[q].min() > 900, counts  # uniform over 3: 1000 each
    again = np.full(4, 1, np.int64)
    rng2 = new_rng(5)
    _draw_rivals(again, 2, 3, rng2)
    first = np.full(4, 1, np.int64)
    _draw_rivals(first, 2, 3, new_rng(5))
    assert (again == first).all()
