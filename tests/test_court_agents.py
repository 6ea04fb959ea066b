"""Court of the Dead players: the position value (``engine.evaluate``)."""
import numpy as np

from simcore.court import API
from simcore.court import engine as E
from simcore.court import layout as L


def test_evaluate_orders_winning_and_losing_seats():
    p = API.params(4)
    s = API.new_state(p, seed=2)
    out = np.zeros(4)
    # round 5 of 6: seat 2 far ahead in souls, seat 1 far behind
    s[L.ROUND] = 5
    for i, (souls, infl) in enumerate(((8, 2), (2, 1), (16, 3), (8, 2))):
        s[L.SOULS + i] = souls
        s[L.INFL + i] = infl
    E.evaluate(s, p, out)
    assert np.all((out >= 0.0) & (out <= 1.0)) and abs(out.sum() - 1.0) < 1e-9
    assert out[2] > 0.8 and out[1] < 0.02
    assert abs(out[0] - out[3]) < 1e-12
    # more Influence at equal souls is worth something
    s[L.INFL + 3] = 5
    E.evaluate(s, p, out)
    assert out[3] > out[0]
    # an eliminated seat is worth nothing; the rest share the value
    s[L.ALIVE + 2] = 0
    s[L.SOULS + 2] = 0
    E.evaluate(s, p, out)
    assert out[2] == 0.0 and abs(out.sum() - 1.0) < 1e-9
    # the same lead early in the game is less decisive
    s[L.ALIVE + 2] = 1
    s[L.SOULS + 2] = 16
    s[L.INFL + 3] = 2
    s[L.ROUND] = 1
    E.evaluate(s, p, out)
    assert 0.5 < out[2] < 0.8
    # a finished game: the returns
    s[L.END] = L.END_FINAL
    s[L.WIN_MASK] = 1 << 2
    E.evaluate(s, p, out)
    assert tuple(out) == (0.0, 0.0, 1.0, 0.0)
