"""Rules of the two calibration games in small hand-built positions."""
import numpy as np
import pytest

from simcore.connect4 import API as C4
from simcore.connect4.engine import cell
from simcore.spec import BadInput
from simcore.tictactoe import API as TTT


def play(api, moves, params=None):
    params = api.params() if params is None else params
    s = api.new_state(params)
    for m in moves:
        api.step(s, params, m)
    return s, params


@pytest.mark.parametrize("moves,winner", [
    ([0, 3, 1, 4, 2], 0),        # row
    ([0, 1, 3, 2, 6], 0),        # column
    ([0, 1, 4, 2, 8], 0),        # diagonal
    ([1, 2, 0, 4, 3, 6], 1),     # anti-diagonal by the second player
])
def test_tictactoe_lines(moves, winner):
    s, p = play(TTT, moves)
    assert TTT.is_terminal(s, p)
    r = TTT.returns(s, p)
    assert r[winner] == 1.0 and r[1 - winner] == 0.0
    assert TTT.info(s, p)["end_reason"] == 1


def test_tictactoe_full_board_is_a_draw_and_occupied_cells_are_illegal():
    s, p = play(TTT, [0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert TTT.is_terminal(s, p) and TTT.returns(s, p).tolist() == [0.5, 0.5]
    s, p = play(TTT, [4])
    assert 4 not in TTT.legal_actions(s, p).tolist()
    with pytest.raises(BadInput, match="illegal action 4"):
        TTT.step(s, p, 4)


@pytest.mark.parametrize("moves,winner", [
    ([3, 4, 3, 4, 3, 4, 3], 0),                       # vertical
    ([0, 0, 1, 1, 2, 2, 3], 0),                       # horizontal
    ([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3], 0),           # rising diagonal
    ([6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3], 0),           # falling diagonal
])
def test_connect4_lines(moves, winner):
    s, p = play(C4, moves)
    assert C4.is_terminal(s, p)
    assert C4.returns(s, p)[winner] == 1.0


def test_connect4_gravity_full_column_and_no_false_line_across_columns():
    s, p = play(C4, [0] * 6)
    assert 0 not in C4.legal_actions(s, p).tolist()
    assert [cell(s, p, r, 0) for r in range(6)] == [0, 1, 0, 1, 0, 1]
    # three at the top of column 0 and one at the bottom of column 1 are not a line
    s, p = play(C4, [0, 0, 0, 1, 0, 1, 0])
    assert not C4.is_terminal(s, p)


def test_connect4_draw_on_full_board():
    # columns filled in pairs so no four ever line up: a known drawn filling
    order = [0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0,
             2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 2,
             4, 5, 4, 5, 4, 5, 5, 4, 5, 4, 5, 4,
             6, 6, 6, 6, 6, 6]
    s, p = play(C4, order)
    assert C4.is_terminal(s, p)
    assert C4.returns(s, p).tolist() == [0.5, 0.5]
    assert C4.info(s, p)["end_reason"] == 2


def test_connect4_line_length_from_rules():
    p = C4.params(2, None, C4.rules(sets=["board.line=3"]))
    s, p = play(C4, [3, 4, 3, 4, 3], p)
    assert C4.is_terminal(s, p) and C4.returns(s, p)[0] == 1.0
