"""Tic-tac-toe (calibration game): SPEC and validating wrappers."""
from pathlib import Path

import numpy as np

from simcore.game import GameAPI, int_in
from simcore.spec import BadInput, GameSpec
from simcore.tictactoe import engine, layout as L

SPEC = GameSpec(
    name="tictactoe",
    game_id=0,
    version=1,
    players=(2, 2),
    num_actions=L.MAX_CELLS,
    max_game_length=L.MAX_CELLS,
    state_size=L.STATE_SIZE,
    params_size=L.PARAMS_SIZE,
    has_chance=False,
    hidden_info=False,
    simultaneous=False,
    end_reasons=("playing", "line", "full-board"),
    long_name="Tic-tac-toe (calibration)",
    action_kinds=("centre", "corner", "edge"),
)


def describe(state, params, action: int) -> str:
    """``"X marks b2 (row 2, column 2)"``: the mover and the cell, in board words."""
    size = int(params[L.P_SIZE])
    r, c = divmod(int(action), size)
    mark = "XO"[int(state[L.CUR])]
    return f"{mark} (seat {int(state[L.CUR])}) marks {'abcdefgh'[c]}{r + 1} (row {r + 1}, column {c + 1})"


def compile_params(rules, players, setup):
    size = int_in(rules, "board.size", 3, L.MAX_SIZE)
    line = int_in(rules, "board.line", 2, L.MAX_SIZE)
    if line > size:
        raise BadInput(f"tictactoe: board.line = {line} exceeds board.size = {size}")
    p = np.zeros(L.PARAMS_SIZE, dtype=np.int32)
    p[L.P_NUM_PLAYERS] = players
    p[L.P_SIZE] = size
    p[L.P_LINE] = line
    return p


API = GameAPI(SPEC, engine, compile_params, Path(__file__).with_name("rules.toml"))
