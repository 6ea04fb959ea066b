"""experiments.stats against hand-computed values."""
import math

import numpy as np
import pytest

from experiments.stats import (bradley_terry, clopper_pearson, holm, paired_difference, wilson,
                               z_value)


def test_wilson_hand_computed():
    # p = 0.5, n = 100, z = 1.959964: centre 0.5, half = z*sqrt(.25/100 + z^2/40000)/(1+z^2/100)
    z = 1.959963984540054
    half = z * math.sqrt(0.25 / 100 + z * z / 40000) / (1 + z * z / 100)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.5 - half, abs=1e-12) and hi == pytest.approx(0.5 + half)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(z * z / (10 + z * z), abs=1e-12)  # 0.2775
    assert z_value(0.95) == pytest.approx(z)


def test_clopper_pearson_edges():
    lo, hi = clopper_pearson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(1 - 0.025 ** (1 / 10))  # 0.3085
    lo, hi = clopper_pearson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.025 ** (1 / 10))


def test_holm():
    # sorted p: 0.01 (x3) -> 0.03; 0.03 (x2) -> 0.06; 0.04 (x1) -> max(0.06, 0.04) = 0.06
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0]) and holm([]) == []


def test_holm_matches_statsmodels(monkeypatch):
    """Holm's adjusted p-values equal statsmodels' (an independent implementation) on
    random sets, ties and ones included."""
    import gc

    import numpy as np
    from statsmodels.stats.multitest import multipletests

    # statsmodels' Holm runs gc.collect on every call: 100 calls took 15 s in a worker
    # holding compiled kernels; the result does not depend on it
    monkeypatch.setattr(gc, "collect", lambda *a: 0)

    rng = np.random.default_rng(0)
    for m in (1, 2, 5, 17, 60):
        for _ in range(20):
            p = rng.uniform(0, 0.2, m) ** rng.uniform(0.5, 3)
            p[rng.integers(m)] = p[0]  # a tie
            want = multipletests(p, method="holm")[1]
            assert holm(p) == pytest.approx(list(want), abs=1e-12)
    assert holm([1.0, 0.0, 1.0]) == pytest.approx([1.0, 0.0, 1.0])


def test_wilson_fractional_wins():
    """Shared wins count 1/k: k = 50.5 of 100 uses the same formula at p = 0.505."""
    z = 1.959963984540054
    p, n = 0.505, 100
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert wilson(50.5, 100) == pytest.approx((centre - half, centre + half), abs=1e-12)


def test_wilson_matches_statsmodels():
    """The closed form equals statsmodels' Wilson interval (an independent implementation)
    over counts, fractional shared wins and confidence levels; 0 and n clip to 0 and 1."""
    from statsmodels.stats.proportion import proportion_confint

    for n in (1, 7, 40, 1000):
        for k in sorted({0, 0.5, 1, n / 3, n / 2 + 0.25, n - 1, n}):
            if not 0 <= k <= n:
                continue
            for conf in (0.9, 0.95, 0.99):
                lo, hi = proportion_confint(k, n, alpha=1 - conf, method="wilson")
                want = (0.0 if k == 0 else lo, 1.0 if k == n else hi)
                assert wilson(k, n, conf) == pytest.approx(want, abs=1e-12), (k, n, conf)


def test_binomial_p_exact():
    from experiments.stats import binom_two_sided_p

    # 0 of 10 at p0 = 1/2: two-sided exact p = 2 * 0.5^10
    assert binom_two_sided_p(0, 10) == pytest.approx(2 * 0.5 ** 10)
    # 9 of 10 at 1/2: 2 * (C(10,9) + 1) / 1024
    assert binom_two_sided_p(9, 10) == pytest.approx(22 / 1024)


def test_paired_difference():
    x = [1, 0, 1, 1]
    y = [0, 0, 1, 0]
    m, lo, hi = paired_difference(x, y)
    d = np.array([1, 0, 0, 1.0])
    se = d.std(ddof=1) / 2
    assert m == 0.5 and lo == pytest.approx(0.5 - z_value() * se)
    assert hi == pytest.approx(0.5 + z_value() * se)


def test_bradley_terry_two_players():
    # a beat b 30 times, b beat a 10: p_a / p_b = 3, log-strengths +-ln(3)/2;
    # information on the difference: 40 * 3/16 = 7.5, so se(beta_a) = sqrt(1/7.5)/2
    out = bradley_terry(["a", "b"], np.array([[0, 30], [10, 0]]))
    assert out[0]["strength"] == pytest.approx(math.log(3) / 2, abs=1e-6)
    assert out[1]["strength"] == pytest.approx(-math.log(3) / 2, abs=1e-6)
    se = math.sqrt(1 / 7.5) / 2
    assert out[0]["high"] - out[0]["strength"] == pytest.approx(z_value() * se, rel=1e-4)


def test_turn_position_rates_sum_to_one_and_match_seats_when_first_is_fixed(tmp_path):
    """Turn-position win rates sum to 1 over positions when every game has a winner or a
    shared win (split 1/k), and equal the seat rates when the first player is always seat 0
    (hand-built games)."""
    import pandas as pd

    from experiments.aggregate import CellSummary
    from experiments.plan import Cell

    c = Cell(0, "x", 3, ("scripted",), 6)
    s = CellSummary(c)
    df = pd.DataFrame({"return_0": [1, 0, 0, 1 / 3, 0, 0], "return_1": [0, 1, 0, 1 / 3, 1, 0],
                       "return_2": [0, 0, 1, 1 / 3, 0, 1], "first_player": [0, 1, 2, 0, 2, 2],
                       "score_0": 0, "score_1": 0, "score_2": 0, "agent_0": "s", "agent_1": "s",
                       "agent_2": "s", "winner": [0, 1, 2, -1, 1, 2], "length": 1,
                       "rounds": 1, "end_reason": 0})
    s.add(df)
    rates = [s.position_rate(k)[0] for k in range(3)]
    assert sum(rates) == pytest.approx(1.0)
    # game 0: first 0 won (pos 1); game 1: first 1 won (pos 1); game 2: first 2 won (pos 1);
    # game 3: shared; game 4: first 2, seat 1 won -> position 3; game 5: first 2 won (pos 1)
    assert rates[0] == pytest.approx((4 + 1 / 3) / 6)
    assert rates[2] == pytest.approx((1 + 1 / 3) / 6)
    fixed = CellSummary(c)
    fixed.add(df.assign(first_player=0))
    for k in range(3):
        assert fixed.position_rate(k)[0] == pytest.approx(fixed.seat_rate(k)[0])


def test_turn_capped_games_are_unresolved_not_half_wins():
    """DG turn cap: a capped game is left out of resolved win rates and counted
    apart, where a plain mean would give each side half a win."""
    import pandas as pd

    from experiments.aggregate import CellSummary
    from experiments.plan import Cell

    s = CellSummary(Cell(0, "darkleaf", 2, ("scripted",), 4))
    s.add(pd.DataFrame({"return_0": [1.0, 0.5, 0.5, 0.0], "return_1": [0.0, 0.5, 0.5, 1.0],
                        "score_0": 0, "score_1": 0, "agent_0": "a", "agent_1": "b",
                        "winner": [0, -1, -1, 1], "length": 1, "rounds": 1,
                        "end_reason": ["path-to-victory", "turn-cap", "turn-cap",
                                       "path-to-victory"]}))
    assert s.capped == 2 and s.resolved == 2
    assert s.resolved_rate(0)[0] == 0.5 and s.seat_rate(0)[0] == 0.5
    s.add(pd.DataFrame({"return_0": [0.5], "return_1": [0.5], "score_0": 0, "score_1": 0,
                        "agent_0": "a", "agent_1": "b", "winner": [-1], "length": 1,
                        "rounds": 1, "end_reason": ["turn-cap"]}))
    assert s.resolved_rate(0)[0] == 0.5 and s.capped == 3


def test_every_study_row_reads_the_turn_cap():
    """The turn cap in the other studies (winrates' seat and ladder tables, the ladder study,
    setups): a row carries the capped share and the seat's or agent's win rate over the games
    the rules ended, where capped games would otherwise count half a win each."""
    import pandas as pd

    from experiments.aggregate import CellSummary
    from experiments.plan import Cell

    s = CellSummary(Cell(0, "darkleaf", 2, ("scripted",), 4))
    s.add(pd.DataFrame({"return_0": [1.0, 0.5, 0.5, 1.0], "return_1": [0.0, 0.5, 0.5, 0.0],
                        "score_0": 0, "score_1": 0, "agent_0": ["a", "a", "b", "b"],
                        "agent_1": ["b", "b", "a", "a"], "winner": [0, -1, -1, 0],
                        "length": 1, "rounds": 1,
                        "end_reason": ["path-to-victory", "turn-cap", "turn-cap",
                                       "path-to-victory"]}))
    assert s.seat_rate(0)[0] == 1.0  # capped games unresolved, never half wins (#34)
    row = s.cap_columns(seat=0)
    assert row["capped_share"] == 0.5 and row["win_rate_resolved"] == 1.0
    assert row["resolved_low"] < 1.0 <= row["resolved_high"]
    assert s.agent_rate("a")[0] == 0.5 and s.cap_columns(agent="a")["win_rate_resolved"] == 0.5
    assert s.resolved_agent_rate("b")[3] == 2  # b's seats in the two resolved games
    s2 = CellSummary(Cell(0, "darkleaf", 2, ("scripted",), 4))
    s2.add(pd.DataFrame({"return_0": [1.0], "return_1": [0.0], "score_0": 0, "score_1": 0,
                         "agent_0": "a", "agent_1": "b", "winner": [0], "length": 1,
                         "rounds": 1, "end_reason": ["path-to-victory"]}))
    assert s2.cap_columns(agent="b") == {"capped_share": 0.0, "win_rate_resolved": 0.0,
                                         "resolved_low": s2.agent_rate("b")[1],
                                         "resolved_high": s2.agent_rate("b")[2]}


def test_sensitivity_leaves_turn_capped_games_unresolved():
    """The sensitivity headline, like the other studies: a game the turn cap ended is
    unresolved (not half a win); the paired difference uses the games resolved in both the
    baseline and the variant, and each variant's capped share is shown apart."""
    import pandas as pd

    from experiments.plan import Cell
    from experiments.studies import sensitivity as S

    h = S.headline("darkleaf")
    cell = Cell(0, "darkleaf", 2, ("scripted",), 4, setup="wibo-murg")  # the Wibo in seat 0

    def frame(ret0, ends):
        return pd.DataFrame({"game_index": range(len(ret0)), "end_reason": ends,
                             "return_0": ret0, "return_1": [1.0 - r for r in ret0],
                             "agent_0": "scripted", "agent_1": "scripted"})

    ptv, cap = "path-to-victory", "turn-cap"
    y = S.per_game_returns(frame([1.0, 0.5, 0.0, 1.0, 0.0], [ptv, cap, ptv, ptv, ptv]), cell, h)
    x = S.per_game_returns(frame([1.0, 1.0, 0.5, 0.0, 0.0], [ptv, ptv, cap, ptv, ptv]), cell, h)
    assert y.isna().tolist() == [False, True, False, False, False]  # capped: no return
    e = S.paired_effect(x, y)
    # resolved in both: games 0, 3 and 4 (x - y = 0, -1, 0); capped halves would give
    # games 0..4 with differences 0, +0.5, +0.5, -1, 0
    assert e["paired_games"] == 3 and e["effect"] == -1 / 3
    assert e["metric"] == 0.5  # the variant over its 4 resolved games
    assert e["capped_share"] == 0.2 and e["baseline_capped_share"] == 0.2
    assert S._conclusion("darkleaf", None, y, h) == "wibo at or above half"
    f = S._headline_finding("darkleaf", h, cell, None, y, "wibo at or above half")
    assert f["value"] == 0.5 and f["sample"] == 4  # 2 wins of 4 resolved, not 2.5 of 5
    assert "1 of 5 games turn-capped" in f["finding"] and S._capped_words(x.fillna(0)) == ""
