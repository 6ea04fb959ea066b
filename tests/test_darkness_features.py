"""The Edge of Darkness position features (simcore/darkness/features.py) on hand-built states:
each expected value is counted here from the state as built, not from the kernel's helpers.
"""
import math

import numpy as np
import pytest

from simcore.darkness import API, engine
from simcore.darkness import layout as L
from simcore.rng import new_rng
from tests.test_darkness_util import loc, params, set_hand, set_tray

N = len(engine.FEATURES)


def feats(s, p, seat):
    out = np.full(N + 4, 99.0)
    engine.features(s, p, seat, out)
    assert np.all(out[N:] == 99.0), "features wrote past FEATURES"
    return dict(zip(engine.FEATURES, out[:N].tolist()))


def bare(p, seed=3):
    """A fresh game with no card owned or sleeved, nobody holding anything, an empty tower."""
    s = API.new_state(p, seed=seed)
    for c in range(L.NCARD):
        s[L.C_OWNER + c] = -1
        s[L.C_MID + c] = -1
        s[L.C_BOT + c] = -1
    for q in range(p[L.P_NUM_PLAYERS]):
        set_hand(s, q, [])
        for off in (L.COINS, L.REP, L.INFL, L.GOODWILL, L.DEFENSE, L.TRAINED, L.UNTRAINED):
            s[off + q] = 0
        for i in range(L.NLOC):
            s[L.AG + q * L.NLOC + i] = 0
        for col in range(L.NCOL):
            s[L.TZ + q * L.NCOL + col] = 0
            s[L.TZN + q * L.NCOL + col] = 0
            s[L.CCUBES + q * L.NCOL + col] = 0
        s[L.BT_CUBES + q] = 0
    for t in range(L.NTRAY):
        for col in range(L.NCOL):
            s[L.TRAY_CUBES + t * L.NCOL + col] = 0
    return s


def test_feature_names_fit_the_weight_row():
    from agents.layout import MAX_WEIGHTS
    from agents.value import NB

    assert len(set(engine.FEATURES)) == N and NB + N <= MAX_WEIGHTS


def test_scores_resources_and_defense():
    p = params(2)
    s = bare(p)
    # seat 0 owns card 0 (2 advancements, in its Guild Hall) and card 20 (1, discarded);
    # seat 1 owns card 4 (1 advancement; a starter, in its Guild Hall since setup)
    s[L.C_OWNER + 0], s[L.C_MID + 0], s[L.C_BOT + 0] = 0, 1, 2
    s[L.C_ZONE + 0], s[L.C_HOLDER + 0] = L.Z_HALL, 0
    s[L.C_OWNER + 20], s[L.C_MID + 20] = 0, 3
    s[L.C_ZONE + 20], s[L.C_HOLDER + 20] = L.Z_DISCARD, -1
    s[L.C_OWNER + 4], s[L.C_BOT + 4] = 1, 5
    s[L.REP + 0], s[L.REP + 1] = 5, 6
    s[L.COINS + 0], s[L.COINS + 1] = 12, 3
    s[L.INFL + 0], s[L.INFL + 1] = 4, 6
    s[L.GOODWILL + 0] = 3
    s[L.DEFENSE + 0] = 2
    s[L.ROUND] = 4
    pen = list(p[L.P_DEF_PEN:L.P_DEF_PEN + 12])
    assert pen[:4] == [0, 1, 3, 5]
    f = feats(s, p, 0)
    # VP: 3 advancements + 5 Reputation + 12 // 4 Coins - 3 penalty = 8; seat 1: 1 + 6 = 7
    want = {"adv_vp": 0.3, "adv_lead": 0.2, "rep": 0.5, "rep_lead": -0.1, "coins": 0.6,
            "coins_lead": 9 / 20, "influence": 0.4, "infl_lead": -0.2, "goodwill": 3 / 8,
            "def_pen": 3 / 20, "def_pen_lead": 3 / 20, "def_next": 2 / 5,
            "owned_cards": 2 / 8, "owned_open": 1 / 8, "hall_adv": 2 / 8,
            "round_share": 0.5, "lead_x_round": math.tanh(0.1) * 0.5, "def_x_round": 3 / 20 * 0.5,
            "coins_x_round": 0.6 * 0.5}
    for k, v in want.items():
        assert f[k] == pytest.approx(v), k
    g = feats(s, p, 1)
    want1 = {"adv_vp": 0.1, "adv_lead": -0.2, "rep_lead": 0.1, "coins_lead": -9 / 20,
             "infl_lead": 0.2, "def_pen": 0.0, "def_pen_lead": -3 / 20, "def_next": 1 / 5,
             "owned_cards": 1 / 8, "owned_open": 1 / 8, "hall_adv": 1 / 8,
             "lead_x_round": -math.tanh(0.1) * 0.5}
    for k, v in want1.items():
        assert g[k] == pytest.approx(v), k


def test_threats_cubes_and_border_towers():
    p = params(2).copy()
    s = bare(p)
    assert p[L.P_THRESHOLD] == 4
    for c, d in ((16, 3), (17, 3), (18, 2)):
        p[L.P_BASE_DMG + c] = d
    set_tray(s, 0, 16, {0: 3})          # seat 0's colour: attacks seat 0, 3/4 full
    set_tray(s, 1, 17, {1: 2, 0: 1})    # seat 1's: attacks seat 1, 3/4 full
    set_tray(s, 2, 18, {4: 1, 0: 1})    # black shares the most: attacks both, 2/4 full
    bt = loc(s, 58)
    s[L.AG + 0 * L.NLOC + bt] = 1       # seat 0's free defence: 1 Agent + 1 cube = 2
    s[L.BT_CUBES + 0] = 1
    s[L.DEFENSE + 0] = 2                # the next space costs 5 - 3 = 2 VP
    s[L.TZ + 1 * L.NCOL + 0] = 2        # cubes of seat 0's colour still to drop
    s[L.TZN + 0 * L.NCOL + 0] = 1
    s[L.TZ + 0 * L.NCOL + 1] = 4        # another colour: not seat 0's
    f = feats(s, p, 0)
    # seat 0: tray 0 (Damage 3 > 2) counts 3/4; tray 2 (Damage 2, not above 2) does not
    assert f["threat_hits"] == pytest.approx(0.75 / 3)
    assert f["threat_cost"] == pytest.approx(0.75 * 2 / 15)
    # seat 1 (no free defence): tray 1 at 3/4 and tray 2 at 2/4
    assert f["opp_threat"] == pytest.approx(1.25 / 3)
    assert f["own_cubes_tower"] == pytest.approx(5 / 8)   # 3 + 1 + 1
    assert f["own_cubes_zones"] == pytest.approx(3 / 8)
    assert f["bt_defence"] == pytest.approx(2 / 4)
    assert f["board_agents"] == pytest.approx(1 / 10)
    g = feats(s, p, 1)
    assert g["threat_hits"] == pytest.approx(1.25 / 3)
    assert g["opp_threat"] == pytest.approx(0.75 / 3)
    assert g["own_cubes_tower"] == pytest.approx(2 / 8)
    assert g["own_cubes_zones"] == pytest.approx(4 / 8)
    # a free defence of 3 covers tray 0 as well
    s[L.BT_CUBES + 0] = 2
    assert feats(s, p, 0)["threat_hits"] == 0.0


def test_agents_hand_slots_mine_and_coldhollow():
    p = params(2)
    s = bare(p)
    s[L.TRAINED + 0], s[L.UNTRAINED + 0] = 3, 2
    s[L.AG + 0 * L.NLOC + 2] = 2
    s[L.AG + 0 * L.NLOC + 5] = 1
    s[L.AG + 1 * L.NLOC + 5] = 4            # another seat's Agents are not counted
    set_hand(s, 0, [16, 17])
    s[L.C_MID + 16], s[L.C_BOT + 16] = 1, 2
    s[L.C_MID + 21] = 1                     # a sleeved card nobody holds
    s[L.DSLOT + 0] = 0
    s[L.HSLOT + 3] = 0
    s[L.DSLOT + 1] = 1
    s[L.MINE + 0 * L.MAX_AG + 0] = 2
    s[L.MINE + 0 * L.MAX_AG + 1] = 3
    s[L.CCUBES + 0 * L.NCOL + 1] = 2
    f = feats(s, p, 0)
    want = {"trained": 3 / 4, "untrained": 2 / 6, "board_agents": 3 / 10, "hand_adv": 2 / 8,
            "hand_cards": 2 / L.MAX_HAND, "slots": 2 / 3, "mine_coins": 5 / 10,
            "ccubes": 2 / 5, "owned_cards": 0.0, "adv_vp": 0.0}
    for k, v in want.items():
        assert f[k] == pytest.approx(v), k
    g = feats(s, p, 1)
    assert g["slots"] == pytest.approx(1 / 3) and g["hand_cards"] == 0.0
    assert g["board_agents"] == pytest.approx(4 / 10)


def test_solo_leads_are_zero_and_the_lead_is_over_the_automa():
    p = params(1)
    s = bare(p)
    s[L.REP + 0] = 9
    s[L.SOLO_AUTO_VP] = 5
    s[L.ROUND] = 2
    f = feats(s, p, 0)
    for k in ("adv_lead", "rep_lead", "coins_lead", "infl_lead", "def_pen_lead", "opp_threat"):
        assert f[k] == 0.0, k
    assert f["lead_x_round"] == pytest.approx(math.tanh((9 - 5) / 10) * 2 / 8)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_features_are_finite_and_bounded_in_random_play(players):
    p = params(players)
    rng = np.random.default_rng(players)
    out = np.zeros(N)
    lo = np.full(N, math.inf)
    hi = np.full(N, -math.inf)
    for g in range(3):
        s = API.new_state(p, seed=11, index=g)
        chance = new_rng(11, 1, g, 0)
        k = 0
        while not API.is_terminal(s, p):
            if k % 5 == 0:
                for seat in range(players):
                    engine.features(s, p, seat, out)
                    assert np.all(np.isfinite(out))
                    lo = np.minimum(lo, out)
                    hi = np.maximum(hi, out)
            lg = API.legal_actions(s, p)
            API.step(s, p, int(lg[rng.integers(len(lg))]), chance)
            k += 1
    bad = [(n, lo[i], hi[i]) for i, n in enumerate(engine.FEATURES) if lo[i] < -3 or hi[i] > 3]
    assert not bad, bad
