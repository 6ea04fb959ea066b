"""Interval estimates for win rates and other proportions."""
from __future__ import annotations

import math
from statistics import NormalDist


def z_value(conf: float = 0.95) -> float:
    """Two-sided normal quantile for confidence ``conf``."""
    if not 0 < conf < 1:
        raise ValueError(f"confidence must be in (0, 1), got {conf}")
    return NormalDist().inv_cdf(0.5 + conf / 2)


def wilson(k: float, n: int, conf: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials.

    ``k`` may be fractional (shared wins count 1/k each). Returns (nan, nan) for n = 0.

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
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


def clopper_pearson(k: int, n: int, conf: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval; preferred for tiny counts."""
    from scipy.stats import beta

    if n <= 0:
        return (math.nan, math.nan)
    a = 1 - conf
    lo = 0.0 if k == 0 else float(beta.ppf(a / 2, k, n - k + 1))
    hi = 1.0 if k == n else float(beta.ppf(1 - a / 2, k + 1, n - k))
    return (lo, hi)


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
    import numpy as np

    d = np.asarray(x, dtype=float) - np.asarray(y, dtype=float)
    n = d.size
    if n < 2:
        return (float(d.mean()) if n else math.nan, math.nan, math.nan)
    m = float(d.mean())
    se = float(d.std(ddof=1)) / math.sqrt(n)
    z = z_value(conf)
    return (m, m - z * se, m + z * se)


def welch_z_p(m1: float, s1: float, n1: int, m2: float, s2: float, n2: int) -> float:
    """Two-sided p-value that two independent samples (mean, sd, n) share one mean.

    Welch's statistic with the normal reference (samples here are thousands of games).
    When both standard errors are 0 the p-value is 1 for equal means, else 0.
    """
    se = math.sqrt(s1 * s1 / max(n1, 1) + s2 * s2 / max(n2, 1))
    if se == 0:
        return 1.0 if m1 == m2 else 0.0
    z = abs(m1 - m2) / se
    return math.erfc(z / math.sqrt(2))


def holm(pvalues) -> list[float]:
    """Holm-Bonferroni adjusted p-values (same order as given)."""
    p = list(pvalues)
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    adj = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adj[i] = running
    return adj


def binom_two_sided_p(k: float, n: int, p0: float = 0.5) -> float:
    """Two-sided p-value of ``k`` successes in ``n`` against rate ``p0`` (normal approx.,
    continuity-corrected; exact binomial below 30 games)."""
    if n == 0:
        return 1.0
    if n < 30:
        from scipy.stats import binomtest

        return float(binomtest(int(round(k)), n, p0).pvalue)
    se = math.sqrt(p0 * (1 - p0) / n)
    z = (abs(k / n - p0) - 0.5 / n) / se
    return float(min(1.0, 2 * (1 - NormalDist().cdf(max(z, 0.0)))))


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
    import numpy as np

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
