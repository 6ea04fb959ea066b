"""Darkleaf Gambit position features (simcore/darkleaf/features.py): each feature on a small
hand-built position against a value counted here by hand, and every feature finite and
bounded over random play."""
import numpy as np
import pytest

from simcore.darkleaf import API, engine
from simcore.darkleaf import layout as L
from simcore.darkleaf.features import FEATURES, features
from simcore.darkleaf.value import progress
from simcore.rng import new_rng
from tests.test_darkleaf_agents import pos, sq  # hand-built positions, as the agents' tests

P, N, B, R, Q, K = L.PAWN, L.KNIGHT, L.SAGE, L.ROOK, L.QUEEN, L.KING


def feats(s, p, seat):
    out = np.full(len(FEATURES) + 4, np.nan)
    features(s, p, seat, out)
    assert np.isnan(out[len(FEATURES):]).all()  # writes its own slots only
    return dict(zip(FEATURES, out[:len(FEATURES)]))


def test_feature_names_unique_and_within_the_weight_budget():
    from agents.layout import MAX_WEIGHTS
    from agents.value import NB
    assert len(set(FEATURES)) == len(FEATURES)
    assert NB + len(FEATURES) <= MAX_WEIGHTS


def test_material_pawns_home_protected_hexed():
    s, p = pos("hexen-wibo", [
        (0, Q, "d1"), (0, P, "a1"), (0, P, "b3"), (0, N, "c1"), (0, R, "e1"),
        (1, Q, "d8"), (1, P, "a8"), (1, P, "h5"), (1, B, "f8")])
    s[L.AURA + sq("b3")] = L.AU_IRON       # an aura of protection
    s[L.AURA + sq("f8")] = L.AU_QUARRY     # a Divine Quarry is no aura
    s[L.LADDER + sq("h5")] = 2             # under a Witch's Ladder
    s[L.PG + sq("f8")] = 1                 # on a Poison Garden
    s[L.PG + sq("c5")] = 1                 # a Garden on an empty territory counts nobody
    hn = p[L.P_WIBO_SEAT]
    f = feats(s, p, 0)
    assert f["material_own"] == pytest.approx((1 + 1 + 3 + 0.5) / 20)   # queen counts 0
    assert f["material_opp"] == pytest.approx((1 + 1 + 3) / 20)
    assert f["pawns_own"] == pytest.approx(2 / 8) and f["pawns_opp"] == pytest.approx(2 / 8)
    assert f["pawns_home_own"] == 0.0                      # a1: home, but Hexen
    assert f["pawns_home_opp"] == pytest.approx(1 / hn)   # a8: seat 1's (Wibo) Seat
    assert f["protected_own"] == pytest.approx(1 / 4) and f["protected_opp"] == 0.0
    assert f["hexed_own"] == 0.0 and f["hexed_opp"] == pytest.approx(2 / 4)
    g = feats(s, p, 1)  # the same position from the other seat: own and rival swap
    assert g["material_own"] == f["material_opp"] and g["protected_opp"] == f["protected_own"]
    assert g["hexed_own"] == f["hexed_opp"]
    assert g["pawns_home_own"] == pytest.approx(1 / hn) and g["pawns_home_opp"] == 0.0
    # a pawn walked out of its Seat is no longer home
    s[L.BOARD + sq("a8")] = 0
    s[L.BOARD + sq("a7")] = 1 + 6 + P
    assert feats(s, p, 1)["pawns_home_own"] == 0.0


def test_royal_pressure_guards_lines_and_edge():
    # seat 0 The Murg (royal: king d4), seat 1 Huldra (royal: queen h1)
    s, p = pos("murg-huldra", [
        (0, K, "d4"), (0, P, "c3"), (0, R, "a1"), (0, N, "g2"),
        (1, Q, "h1"), (1, P, "d5"), (1, R, "e5"), (1, N, "f6"), (1, B, "d8")])
    f = feats(s, p, 0)
    assert f["royal_attackers"] == pytest.approx(1 / 4)   # d5; the rook on e5 never hunts
    assert f["royal_near_opp"] == pytest.approx(6 / 7)
    # clear lines to d4: d5 only (f6 is behind the e5 rook, d8 behind the d5 pawn; the h1
    # queen is on no line)
    assert f["royal_lines_opp"] == pytest.approx(1 / 4)
    assert f["royal_edge_own"] == pytest.approx(3 / 3)    # d4: three from every edge
    # toward the rival queen on h1: g2 beside it (a diagonal line); the a1 rook's clear
    # rank does not count
    assert f["royal_attacking"] == pytest.approx(1 / 4)
    assert f["royal_near_own"] == pytest.approx(6 / 7)
    assert f["royal_lines_own"] == pytest.approx(1 / 4)
    assert f["royal_edge_opp"] == 0.0
    g = feats(s, p, 1)
    assert g["royal_attackers"] == f["royal_attacking"]
    # the pawn steps away from the king: no attacker, the nearest hunter is now f6 (2 away)
    s[L.BOARD + sq("d5")] = 0
    s[L.BOARD + sq("d6")] = 1 + 6 + P
    f = feats(s, p, 0)
    assert f["royal_attackers"] == 0.0
    assert f["royal_near_opp"] == pytest.approx(5 / 7)
    assert f["royal_lines_opp"] == pytest.approx(1 / 4)    # d6, with d5 now open
    # no royal on the board: the royal features are 0
    s[L.BOARD + sq("d4")] = 0
    f = feats(s, p, 0)
    assert f["royal_near_opp"] == f["royal_edge_own"] == f["royal_attackers"] == 0.0


def test_marks_count_only_for_a_path_that_needs_them():
    s, p = pos("murg-huldra", [(0, K, "e1"), (1, Q, "d8")])
    s[L.MARKS + 0] = 2   # on the Murg king: Huldra's path
    s[L.MARKS + 1] = 1   # on the Huldra queen: The Murg's path counts no marks
    need = p[L.P_HUNT_MARKS]
    f = feats(s, p, 0)
    assert f["marks_own"] == pytest.approx(2 / need) and f["marks_opp"] == 0.0
    g = feats(s, p, 1)
    assert g["marks_opp"] == pytest.approx(2 / need) and g["marks_own"] == 0.0
    s, p = pos("ferrymen-huldra", [(0, Q, "e1"), (1, Q, "d8")])
    s[L.MARKS + 1] = 1   # a push-off of the Huldra queen: the Ferrymen's path
    assert feats(s, p, 0)["marks_opp"] == pytest.approx(1 / p[L.P_FERRY_PUSHES])


def test_clan_board_resources():
    s, p = pos("hexen-wibo", [(0, Q, "d1"), (1, Q, "d8")])
    s[L.RELIC + 0] = 2
    s[L.RELIC + 1] = 1
    s[L.RELIC + 5 + 3] = 1
    s[L.LAW + 1] = 1
    f = feats(s, p, 0)
    assert f["relics_own"] == pytest.approx(3 / 5) and f["relics_opp"] == pytest.approx(1 / 5)
    assert f["law_own"] == 0.0 and f["law_opp"] == 1.0
    g = feats(s, p, 1)
    assert g["law_own"] == 1.0 and g["relics_own"] == pytest.approx(1 / 5)


def test_progress_its_per_clan_copies_and_the_clans():
    s, p = pos("hexen-wibo", [(0, Q, "d1"), (0, B, "c1"), (1, Q, "d8"), (1, P, "d2")])
    s[L.AURA + sq("d2")] = L.AU_QUARRY    # one Quarry left on Haggedorn
    s[L.PG + sq("d3")] = 1                # a Garden beside it
    s[L.QLEFT] = 1
    f = feats(s, p, 0)
    assert f["quarry_lost"] == 0.0        # one Quarry needed, one on the board
    p0, p1 = progress(s, p, 0), progress(s, p, 1)
    assert p0 > 0.45 and p1 != 0.0        # a Quarry gone; the Wibo short of pawns
    assert f["progress_own"] == pytest.approx(p0) and f["progress_opp"] == pytest.approx(p1)
    assert f["progress_own_hexen"] == pytest.approx(p0)
    for c in L.CLAN_KEYS:
        if c != "hexen":
            assert f[f"progress_own_{c}"] == 0.0
        assert f[f"clan_own_{c}"] == (1.0 if c == "hexen" else 0.0)
        assert f[f"clan_opp_{c}"] == (1.0 if c == "wibo" else 0.0)
    g = feats(s, p, 1)
    assert g["progress_own_wibo"] == pytest.approx(p1) and g["progress_own_hexen"] == 0.0
    # the Quarry leaves Haggedorn uncounted: the Hexen path is shut (1 for Hexen, -1 for Wibo)
    s[L.AURA + sq("d2")] = 0
    assert feats(s, p, 0)["quarry_lost"] == 1.0 and feats(s, p, 1)["quarry_lost"] == -1.0
    s[L.QLEFT] = 0                        # ... unless none is still needed
    assert feats(s, p, 0)["quarry_lost"] == 0.0
    s[L.QLEFT] = 1
    s[L.AURA + sq("d2")] = L.AU_QUARRY
    # during setup no path has begun (value.progress gives a Hexen seat with no Quarry 0.9)
    s[L.TURN] = 0
    f = feats(s, p, 0)
    assert progress(s, p, 0) != 0.0
    assert f["progress_own"] == f["progress_opp"] == f["progress_own_hexen"] == 0.0
    assert g["clan_own_wibo"] == 1.0 and g["clan_opp_hexen"] == 1.0 and g["clan_own_hexen"] == 0


@pytest.mark.parametrize("setup", ["hexen-wibo", "murg-huldra", "ferrymen-erde"])
def test_finite_and_bounded_over_random_play(setup):
    p = API.params(2, setup)
    s = API.new_state(p, seed=7)
    rng = new_rng(11)
    lg = np.zeros(L.NUM_ACTIONS, np.int32)
    out = np.zeros(len(FEATURES))
    seen = 0
    for _ in range(3):
        for _ in range(600):
            if s[L.END]:
                break
            for seat in (0, 1):
                features(s, p, seat, out)
                assert np.isfinite(out).all()
                assert (out >= -1.0).all() and (out <= 2.0).all(), \
                    dict(zip(FEATURES, out))
                seen += 1
            n = engine.legal_actions(s, p, lg)
            engine.step(s, p, int(lg[int(rng[0] % np.uint64(n))]), rng)
            rng[0] += np.uint64(1)
        s = API.new_state(p, seed=int(rng[0] % np.uint64(1000)))
    assert seen > 100
