"""The symmetric equilibrium of an empirical game over table compositions.

Where personas share a table, a fixed seating ("one free-rider among fair players") is
not a property of the game; what players who adapt would do is.  The empirical game: for
every multiset of personas at a P-seat table, the mean return of each persona present.
A persona's payoff against a population mix ``x`` is its expected return when the other
P-1 seats are drawn from ``x`` (multinomially).  The solver runs replicator dynamics from
the uniform mix and reports the time average of the trajectory (the average converges
to the interior equilibrium also where orbits cycle, as in rock-paper-scissors), then
checks it: the largest gain any persona would have over the mix (its regret) is returned
with it.  Intervals: a parametric bootstrap over each composition's games.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial

import numpy as np


def compositions(k: int, players: int) -> list[tuple[int, ...]]:
    """Every multiset of ``players`` persona indices out of ``k`` (sorted tuples)."""
    return list(combinations_with_replacement(range(k), players))


def _tables(payoff: dict, k: int, players: int):
    """(counts (M, k), multinomial coefficients (M,), payoffs (M, k)) over the M multisets
    of the other P-1 seats: fitness is then two array products."""
    others = compositions(k, players - 1)
    counts = np.array([np.bincount(o, minlength=k) for o in others], dtype=float)
    coef = np.array([factorial(players - 1) / np.prod([factorial(int(c)) for c in row])
                     for row in counts])
    u = np.array([[payoff[(tuple(sorted(o + (i,))), i)] for i in range(k)] for o in others])
    return counts, coef, u


def _fit(tabs, x: np.ndarray) -> np.ndarray:
    """Each persona's fitness at mix ``x``: ``x`` (k,) with payoffs (M, k), or a batch,
    ``x`` (R, k) with payoffs (R, M, k)."""
    counts, coef, u = tabs
    if x.ndim == 1:
        return (coef * np.prod(x[None, :] ** counts, axis=1)) @ u
    w = coef[None, :] * np.prod(x[:, None, :] ** counts[None, :, :], axis=2)  # (R, M)
    return np.einsum("rm,rmk->rk", w, u)


def fitness(payoff: dict, k: int, players: int, x: np.ndarray) -> np.ndarray:
    """Expected return of each persona when the other seats are drawn from ``x``.

    ``payoff[(composition, persona)]`` is that persona's mean return at that table.
    """
    return _fit(_tables(payoff, k, players), np.asarray(x, float))


def solve(payoff: dict, k: int, players: int, steps: int = 4000, dt: float = 0.05,
          x0=None) -> tuple[np.ndarray, float]:
    """(equilibrium mix, regret) by time-averaged replicator dynamics.

    ``regret`` = max_i f_i(x) - x . f(x): 0 at an equilibrium of the empirical game.
    """
    counts, coef, u = _tables(payoff, k, players)
    x0 = None if x0 is None else np.asarray(x0, float)[None, :]
    x, regret = _solve_batch((counts, coef, u[None]), k, steps, dt, x0)
    return x[0], float(regret[0])


def _solve_batch(tabs, k: int, steps: int, dt: float, x0=None):
    """:func:`solve` for R payoff tables at once (``tabs``' payoffs (R, M, k)): every
    replicate follows its own trajectory, in one array step (a bootstrap's hundreds of
    solves were a Python loop each)."""
    R = tabs[2].shape[0]
    x = np.full((R, k), 1.0 / k) if x0 is None else np.repeat(x0, R, axis=0)
    avg = np.zeros((R, k))
    total = 0.0
    for t in range(steps):
        f = _fit(tabs, x)
        xf = np.einsum("rk,rk->r", x, f)[:, None]
        x = x * np.exp(dt * (f - xf))  # exponential replicator step (stays on the simplex)
        x = np.maximum(x, 1e-300)
        x /= x.sum(axis=1, keepdims=True)
        if t >= steps // 4:  # average the later part of the trajectory
            avg += x
            total += 1.0
    xbar = avg / total

    def regret_of(m):
        f = _fit(tabs, m)
        return np.max(f, axis=1) - np.einsum("rk,rk->r", m, f)

    regret = regret_of(xbar)
    # a pure strategy that dominates shows as an average creeping to the corner: snap
    # tiny shares to 0 only when doing so does not raise the regret
    snapped = np.where(xbar < 1e-3, 0.0, xbar)
    tot = snapped.sum(axis=1, keepdims=True)
    some = tot[:, 0] > 0
    snapped = np.where(some[:, None], snapped / np.where(tot > 0, tot, 1.0), xbar)
    rs = regret_of(snapped)
    take = some & (rs <= regret + 1e-9)
    xbar = np.where(take[:, None], snapped, xbar)
    regret = np.where(take, rs, regret)
    return xbar, np.maximum(regret, 0.0)


def bootstrap(means: dict, ses: dict, k: int, players: int, reps: int = 200,
              seed: int = 0, steps: int = 4000) -> dict:
    """Percentile 95% intervals of the equilibrium shares and the win rates at equilibrium.

    Each replicate redraws every payoff from Normal(mean, se) (its games' sampling
    distribution), solves again and evaluates each persona's return at that mix.
    """
    rng = np.random.default_rng(seed)
    us = []
    for _ in range(reps):
        pay = {key: float(np.clip(rng.normal(m, ses[key]), 0.0, 1.0)) for key, m in means.items()}
        counts, coef, u = _tables(pay, k, players)
        us.append(u)
    tabs = (counts, coef, np.array(us))
    shares, _ = _solve_batch(tabs, k, steps, 0.05)  # every replicate in one array step
    rates = _fit(tabs, shares)
    return {"share_low": np.percentile(shares, 2.5, axis=0),
            "share_high": np.percentile(shares, 97.5, axis=0),
            "rate_low": np.percentile(rates, 2.5, axis=0),
            "rate_high": np.percentile(rates, 97.5, axis=0)}
