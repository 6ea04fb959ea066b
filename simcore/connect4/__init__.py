"""Connect four (calibration game): SPEC and validating wrappers."""
from pathlib import Path

import numpy as np

from simcore.connect4 import engine, layout as L
from simcore.game import GameAPI, int_in
from simcore.spec import BadInput, GameSpec

SPEC = GameSpec(
    name="connect4",
    game_id=1,
    version=1,
    players=(2, 2),
    num_actions=L.MAX_COLS,
    max_game_length=L.MAX_COLS * L.MAX_ROWS,
    state_size=L.STATE_SIZE,
    params_size=L.PARAMS_SIZE,
    has_chance=False,
    hidden_info=False,
    simultaneous=False,
    end_reasons=("playing", "line", "full-board"),
    long_name="Connect four (calibration)",
    action_kinds=tuple(f"column {c + 1}" for c in range(L.MAX_COLS)),
)


def describe(state, params, action: int) -> str:
    """``"seat 0 drops a disc in column 4 (row 2)"``: the column and the row it lands on."""
    seat = int(state[L.CUR])
    row = int(state[L.HEIGHT + int(action)]) + 1
    return f"seat {seat} drops a disc in column {int(action) + 1} (lands on row {row})"


def compile_params(rules, players, setup):
    rows = int_in(rules, "board.rows", 4, L.MAX_ROWS)
    cols = int_in(rules, "board.cols", 4, L.MAX_COLS)
    line = int_in(rules, "board.line", 3, 5)
    if cols * (rows + 1) > 63:
        raise BadInput(
            f"connect4: board {rows}x{cols} does not fit a 64-bit bitboard; "
            "valid: cols * (rows + 1) <= 63"
        )
    if line > max(rows, cols):
        raise BadInput(f"connect4: board.line = {line} exceeds the board")
    p = np.zeros(L.PARAMS_SIZE, dtype=np.int32)
    p[L.P_NUM_PLAYERS] = players
    p[L.P_ROWS] = rows
    p[L.P_COLS] = cols
    p[L.P_LINE] = line
    return p


API = GameAPI(SPEC, engine, compile_params, Path(__file__).with_name("rules.toml"))
