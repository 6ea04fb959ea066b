"""The persona-equilibrium solver on games whose equilibria are known."""
import numpy as np
import pytest

from experiments.equilibrium import bootstrap, compositions, fitness, solve


def _two_player(matrix):
    """payoff[(sorted pair, i)] from a symmetric 2-player payoff matrix A[i][j]."""
    k = len(matrix)
    return {(tuple(sorted((i, j))), i): matrix[i][j] for i in range(k) for j in range(k)}, k


def test_rock_paper_scissors_is_one_third_each():
    # rock 0, paper 1, scissors 2: win 1, loss 0, tie 1/2
    m = [[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]]
    pay, k = _two_player(m)
    x, regret = solve(pay, k, 2, steps=20000)
    assert x == pytest.approx([1 / 3] * 3, abs=0.01)
    assert regret < 0.01


def test_hawk_dove_mixed_equilibrium():
    """Hawk-dove with V=2, C=4 rescaled to [0,1]: hawks are V/C = 1/2 of the population."""
    m = [[0.0, 1.0], [1 / 3, 2 / 3]]
    pay, k = _two_player(m)
    x, regret = solve(pay, k, 2, x0=[0.9, 0.1])
    assert x[0] == pytest.approx(0.5, abs=0.01)
    assert regret < 1e-3


def test_dominant_persona_at_a_three_seat_table():
    pay = {(c, i): (0.6 if i == 0 else 0.2) for c in compositions(2, 3) for i in set(c)}
    x, regret = solve(pay, 2, 3)
    assert x.tolist() == [1.0, 0.0] and regret == 0.0
    assert fitness(pay, 2, 3, x).tolist() == pytest.approx([0.6, 0.2])


def test_compositions_count_multisets():
    assert len(compositions(3, 4)) == 15 and len(compositions(2, 3)) == 4


def test_bootstrap_is_reproducible_and_covers_the_point():
    m = [[0.0, 1.0], [1 / 3, 2 / 3]]
    pay, k = _two_player(m)
    ses = {key: 0.02 for key in pay}
    a = bootstrap(pay, ses, k, 2, reps=10, seed=5, steps=1000)
    b = bootstrap(pay, ses, k, 2, reps=10, seed=5, steps=1000)
    assert np.array_equal(a["share_low"], b["share_low"])
    assert a["share_low"][0] <= 0.5 <= a["share_high"][0]


def test_a_mix_names_its_persona_only_when_the_intervals_part():
    """An equilibrium share whose interval reaches across another persona's (humanity's
    quick run: builder 27% [0, 100], recruiter 73% [0, 100]) names no winner."""
    from experiments.studies.personas import mix_claim

    wide = {"share_low": np.array([0.0, 0.0]), "share_high": np.array([1.0, 1.0])}
    text = mix_claim("humanity", 2, ["builder", "recruiter"], np.array([0.27, 0.73]), wide, "m")
    assert text == "humanity at 2 players: not enough games to tell which persona adapting " \
                   "players play most (m)"
    clear = {"share_low": np.array([0.0, 0.9]), "share_high": np.array([0.1, 1.0])}
    text = mix_claim("court", 3, ["fair", "free"], np.array([0.02, 0.98]), clear, "m")
    assert text == "court at 3 players: adapting players play free most (m)"
