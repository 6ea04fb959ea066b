"""The scripted tic-tac-toe player plays perfectly on a 3x3 board (its value is a draw):
checked against every line of play an opponent can choose, not against its own search."""
import numpy as np
import pytest

from agents.scripted.tictactoe import scripted_action
from simcore.tictactoe import engine
from simcore.tictactoe.layout import CUR, END, END_PLAYING, MAX_CELLS, STATE_SIZE, WINNER

PARAMS = np.array([2, 3, 3], np.int32)


def _start():
    s = np.zeros(STATE_SIZE, np.int32)
    engine.init(s, PARAMS, np.zeros(2, np.uint64))
    return s


def _legal(s):
    out = np.empty(MAX_CELLS, np.int64)
    n = engine.legal_actions(s, PARAMS, out)
    return out, n


def _worst_for_scripted(s, me, key, tally):
    """Walk every opponent reply (all of them) and the scripted player's choice under a few
    RNG keys; count the finished games by outcome for the scripted seat."""
    if s[END] != END_PLAYING:
        tally["loss" if s[WINNER] == 1 - me else "win" if s[WINNER] == me else "draw"] += 1
        return
    legal, n = _legal(s)
    if s[CUR] == me:
        keys = (key, key + 7) if n >= 8 else (key,)  # vary the opening tie-breaks
        for k in keys:
            a = scripted_action(s, PARAMS, 0, np.array([k, 0], np.uint64), legal, n)
            assert a in legal[:n]
            child = s.copy()
            engine.step(child, PARAMS, a, np.zeros(2, np.uint64))
            _worst_for_scripted(child, me, k + 1, tally)
    else:
        for i in range(n):
            child = s.copy()
            engine.step(child, PARAMS, legal[i], np.zeros(2, np.uint64))
            _worst_for_scripted(child, me, key, tally)


@pytest.mark.parametrize("me", [0, 1])
def test_scripted_never_loses_whatever_the_opponent_plays(me):
    tally = {"win": 0, "draw": 0, "loss": 0}
    _worst_for_scripted(_start(), me, 1, tally)
    assert tally["loss"] == 0, tally
    assert tally["win"] > 0 and tally["draw"] > 0  # it punishes mistakes and holds the rest


def test_scripted_answers_the_opposite_corners_with_an_edge():
    """X corner, O centre, X opposite corner: a corner for O loses to a fork, an edge
    draws (the heuristic this player replaced took the corner)."""
    s = _start()
    for a in (0, 4, 8):
        engine.step(s, PARAMS, a, np.zeros(2, np.uint64))
    legal, n = _legal(s)
    for k in range(20):
        a = scripted_action(s, PARAMS, 0, np.array([k, 0], np.uint64), legal, n)
        assert a in (1, 3, 5, 7)


def test_scripted_takes_the_quicker_win():
    """Two wins available (one now, one later): it wins now."""
    s = _start()
    for a in (0, 3, 1, 4):  # X: 0, 1; O: 3, 4 -> X to move, 2 wins at once
        engine.step(s, PARAMS, a, np.zeros(2, np.uint64))
    legal, n = _legal(s)
    for k in range(10):
        assert scripted_action(s, PARAMS, 0, np.array([k, 0], np.uint64), legal, n) == 2
