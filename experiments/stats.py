"""Interval estimates for win rates and other proportions."""
from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np


def z_value(conf: float = 0.95) -> float:
    """Two-sided normal quantile for confidence ``conf``."""
    if not 0 < conf < 1:
        raise ValueError(f"confidence must be in (0, 1), got {conf}")
    return NormalDist().inv_cdf(0.5 + conf / 2)


def wilson(k: float, n: int, conf: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials; ``k`` may be fractional
    (shared wins count 1/k).  Returns (nan, nan) for n = 0.

    The closed form of statsmodels' ``proportion_confint(method="wilson")`` (the tests
    check it against that), written out because importing statsmodels costs a CLI start
    most of a second.

    Examples
    --------
    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    """
    if n <= 0:
        return (math.nan, math.nan)
    if not 0 <= k <= n:
        raise ValueError(f"k={k} outside 0..n={n}")
    z = z_value(conf)
    p = k / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
    lo, hi = centre - half, centre + half
    return (0.0 if k == 0 else max(0.0, float(lo)), 1.0 if k == n else min(1.0, float(hi)))


def clopper_pearson(k: int, n: int, conf: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval (``scipy.stats.binomtest(...).proportion_ci``);
    preferred for tiny counts."""
    from scipy.stats import binomtest

    if n <= 0:
        return (math.nan, math.nan)
    ci = binomtest(int(k), int(n)).proportion_ci(confidence_level=conf, method="exact")
    return (float(ci.low), float(ci.high))


def fmt_rate(k: float, n: int, conf: float = 0.95) -> str:
    """``"52.3% [51.2, 53.4]"``: a rate with its Wilson interval, in percent."""
    if n == 0:
        return "n/a"
    lo, hi = wilson(k, n, conf)
    return f"{100 * k / n:5.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def paired_difference(x, y, conf: float = 0.95) -> tuple[float, float, float]:
    """Mean of ``x - y`` over paired games (common random numbers) with a normal interval.

    Returns (mean difference, low, high). Pairing removes the shared noise, so the
    interval is narrower than for two independent rates.
    """
    d = np.asarray(x, dtype=float) - np.asarray(y, dtype=float)
    n = d.size
    if n < 2:
        return (float(d.mean()) if n else math.nan, math.nan, math.nan)
    m = float(d.mean())
    se = float(d.std(ddof=1)) / math.sqrt(n)
    z = z_value(conf)
    return (m, m - z * se, m + z * se)


def welch_p(m1: float, s1: float, n1: int, m2: float, s2: float, n2: int) -> float:
    """Two-sided p-value of Welch's test that two independent samples (mean, sd, n) share
    one mean (``scipy.stats.ttest_ind_from_stats``).  When both standard errors are 0 the
    p-value is 1 for equal means, else 0 (scipy returns nan there)."""
    if s1 == 0 and s2 == 0:
        return 1.0 if m1 == m2 else 0.0
    from scipy.stats import ttest_ind_from_stats

    return float(ttest_ind_from_stats(m1, s1, n1, m2, s2, n2, equal_var=False).pvalue)


def holm(pvalues) -> list[float]:
    """Holm-Bonferroni adjusted p-values, same order as given: the k-th smallest of m is
    multiplied by m - k + 1, kept at least its predecessor's and at most 1.  (statsmodels'
    ``multipletests`` gives the same values but runs ``gc.collect`` on every call, 0.1 s.)"""
    p = np.asarray(list(pvalues), np.float64)
    if p.size == 0:
        return []
    order = np.argsort(p, kind="stable")
    m = p.size
    adj = np.minimum(1.0, np.maximum.accumulate(p[order] * (m - np.arange(m))))
    out = np.empty(m)
    out[order] = adj
    return [float(x) for x in out]


def binom_two_sided_p(k: float, n: int, p0: float = 0.5) -> float:
    """Two-sided exact binomial p-value of ``k`` successes in ``n`` against rate ``p0``
    (``scipy.stats.binomtest``; a fractional ``k`` of shared wins is rounded)."""
    if n == 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(round(k), n, p0).pvalue)


def bradley_terry(names, wins, conf: float = 0.95, iters: int = 500):
    """Bradley-Terry strengths from a win matrix, with observed-information intervals.

    Parameters
    ----------
    names : list of str
    wins : array (k, k)
        ``wins[i, j]``: games i won against j (shared results count 1/2 each).

    Returns
    -------
    list of dict
        name, strength (log scale, mean zero), low, high, and the implied win
        probability against an average opponent.
    """
    w = np.asarray(wins, dtype=float)
    k = w.shape[0]
    n = w + w.T
    p = np.ones(k)
    for _ in range(iters):  # Zermelo / MM iterations
        tot = w.sum(axis=1)
        denom = np.array([sum(n[i, j] / (p[i] + p[j]) for j in range(k) if j != i)
                          for i in range(k)])
        new = np.where(denom > 0, (tot + 1e-9) / np.maximum(denom, 1e-300), p)
        new /= np.exp(np.mean(np.log(new)))
        if np.max(np.abs(new - p)) < 1e-12:
            p = new
            break
        p = new
    beta = np.log(p)
    # Fisher information of the log-strengths, with the sum-to-zero constraint
    info = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            if i != j and n[i, j] > 0:
                q = p[i] * p[j] / (p[i] + p[j]) ** 2
                info[i, j] -= n[i, j] * q
                info[i, i] += n[i, j] * q
    z = z_value(conf)
    c = np.eye(k) - 1.0 / k  # projection onto sum-zero space
    cov = c @ np.linalg.pinv(c @ info @ c) @ c
    se = np.sqrt(np.maximum(np.diag(cov), 0))
    out = []
    for i in range(k):
        out.append({"name": names[i], "strength": float(beta[i]),
                    "low": float(beta[i] - z * se[i]), "high": float(beta[i] + z * se[i]),
                    "p_vs_average": float(1 / (1 + np.exp(-beta[i])))})
    return out
