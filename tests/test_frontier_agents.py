"""Dark Frontier players: the position value (``engine.evaluate``), an estimate of the
chance of completing the mission (never a constant)."""
import numpy as np

from simcore.frontier import API
from simcore.frontier import engine as E
from simcore.frontier import field as FF
from simcore.frontier import layout as L


def blank(p, turn=6):
    q = p.copy()
    q[L.P_START_ACTIVE] = 1
    s = API.new_state(q)
    s[L.HAND:L.HAND + L.NK] = 0
    for base, v in ((L.TF_KIND, -1), (L.TF_ACT, 0), (L.TF_DMG, 0), (L.TF_HOST, -1),
                    (L.TF_INT, -1), (L.RF_KIND, -1), (L.RF_ACT, 0), (L.RF_DMG, 0), (L.RF_ATK, 0)):
        s[base:base + L.MAX_TF] = v
    s[L.TURN] = turn
    s[L.RTURN] = turn - 1
    s[L.PHASE] = L.PH_SPACESHIP
    s[L.END] = 0
    s[L.WON] = 0
    return s


def test_evaluate_estimates_the_chance_of_success():
    p = API.params()
    out = np.zeros(1)
    # winning: 9 of 10 CP, an intact Bunker, two Troops, one weak attacker
    good = blank(p)
    good[L.CP] = 9
    FF.place_tellus(good, L.BUNKER, 1)
    FF.place_tellus(good, L.SETTLEMENT, 1)
    FF.place_tellus(good, L.RANGER, 1)
    FF.place_tellus(good, L.NOVICE, 1)
    FF.place_rival(good, L.LARVAE, 1)
    E.evaluate(good, p, out)
    v_good = out[0]
    # losing: 1 CP, the Bunker one hit from falling, no Troops, three Hunters on the field
    bad = blank(p)
    bad[L.CP] = 1
    b = FF.place_tellus(bad, L.BUNKER, 1)
    bad[L.TF_DMG + b] = p[L.card(L.BUNKER, L.CF_STRUCT)] - 2
    for _ in range(3):
        FF.place_rival(bad, L.HUNTER, 1)
    E.evaluate(bad, p, out)
    v_bad = out[0]
    assert 0.0 <= v_bad < v_good <= 1.0
    assert v_good > 0.7 and v_bad < 0.2
    # an open position is not a certainty either way
    mid = blank(p, turn=2)
    mid[L.CP] = 3
    FF.place_tellus(mid, L.BUNKER, 1)
    FF.place_tellus(mid, L.NOVICE, 1)
    FF.place_rival(mid, L.SPINNER, 1)
    E.evaluate(mid, p, out)
    assert 0.05 < out[0] < 0.95
    # a finished game: the returns
    bad[L.END] = L.END_BUNKER
    E.evaluate(bad, p, out)
    assert out[0] == 0.0
    good[L.END] = L.END_WIN
    good[L.WON] = 1
    E.evaluate(good, p, out)
    assert out[0] == 1.0


def test_evaluate_stays_in_range_over_played_positions():
    from simcore.rng import new_rng, randint
    p = API.params()
    out = np.zeros(1)
    legal = np.zeros(L.NUM_ACTIONS, np.int32)
    rng = new_rng(3, 0, 0, 0)
    vals = []
    for g in range(5):
        s = API.new_state(p, seed=g)
        for _ in range(300):
            if E.is_terminal(s, p):
                break
            E.evaluate(s, p, out)
            assert 0.0 <= out[0] <= 1.0
            vals.append(out[0])
            n = E.legal_actions(s, p, legal)
            E.step(s, p, legal[randint(rng, n)], rng)
    assert len(set(np.round(vals, 6))) > 3
