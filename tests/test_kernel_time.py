"""experiments/kernel_time.py --by-decision splits a phase-driven game (no DEC field) by phase."""
import numpy as np

from experiments.kernel_time import by_decision
from simcore.frontier import layout as L


def test_by_decision_names_frontier_phases_and_pending_targets(capsys):
    states = np.zeros((6, L.STATE_SIZE), np.int32)
    states[:, L.PHASE] = [L.PH_SPACESHIP, L.PH_HIRING, L.PH_HIRING, L.PH_INTERCEPT,
                          L.PH_HIRING, L.PH_RANGED]
    states[4, L.PEND_MODE] = L.PEND_PLAY  # a card waiting for its target asks that first
    states[5, L.PEND_MODE] = L.PEND_SHOT
    actions = np.zeros(6, np.int32)

    def kernel(params, st, *rest):  # stands in for the compiled timers: no compiling here
        return int(st.sum())

    res = by_decision("frontier", None, states, actions, kernel, kernel, kernel,
                      np.empty(1, np.int32))
    assert {"PH_SPACESHIP", "PH_HIRING", "PH_INTERCEPT", "PEND_PLAY", "PEND_SHOT"} <= set(res)
    assert res["PH_HIRING"][0] == 2 and res["PEND_PLAY"][0] == 1  # states counted per kind
    assert "PH_HIRING/legal" in res
