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
    return (max(0.0, centre - half), min(1.0, centre + half))


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
