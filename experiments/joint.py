"""Joint sensitivity: every assumed value a game's sweep varies, varied at once (SALib).

The one-at-a-time sweep (experiments.studies.sensitivity) moves one assumed value with
all others at baseline, so it cannot see two assumptions that matter only together.  Here
every value the sweep varies is a *factor* whose levels are its baseline and its swept
sides (a number's low, baseline and high; a reading's alternatives; every name of a
large vocabulary the engine accepts, of which the one-at-a-time sweep plays only a few),
and three designs
draw whole rules sets from those levels:

- **Morris screening** (``SALib.sample.morris``, 4 grid levels): ``r`` trajectories,
  each moving one *block* at a time.  A block is the factors sharing the first two parts
  of their path (one card, one location kind, one clan): a designer settles a card's
  numbers together, and humanity's 268 values in 107 blocks cost 108 points a trajectory
  instead of 269.  mu* (mean absolute elementary effect) ranks the blocks, sigma says
  whether a one-value block's effect depends on the others (SALib gives no sigma
  for a block of several values).
- **Sobol total-order indices** (``SALib.sample.sobol``, Saltelli's scheme without second
  order) for the ``top`` blocks Morris ranks first, all other factors at baseline.
- **Joint draws**: ``m`` rules sets, each factor at a level drawn uniformly; the share of
  draws in which the headline's conclusion holds, with its Wilson interval, is the
  finding's ``holds_share``.

A factor's level is read from a coordinate x in [0, 1] as ``min(L - 1, floor(x * L))``
of its ``L`` levels: every step of Morris's 4-level grid (x moves by 2/3) changes the
level of a factor with 2 or 3 levels, and a uniform x gives a uniform level.  A factor
with more levels than the grid (a card's type among its vocabulary) is seen by Morris at
only ``GRID`` of them (x = 0, 1/3, 2/3, 1); the joint draws reach every level.

Every design point's rules set is checked against the engine.  A game may name its own
rule for a draw that overflows what the engine holds (``API.fit``: humanity scales the
raised card counts of an overflowing deck down together, so the draw keeps its shape);
what is still refused is repaired by putting the values it refuses back to baseline,
tried in a seeded shuffled order (:func:`repaired_fairly`: no path is reset more often
for its place).  Both are counted in the study's notes.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np
import pandas as pd

BLOCK_PARTS = 2  # a block: the factors whose paths share their first two parts
GRID = 4  # Morris grid levels (SALib's num_levels; its step is GRID / (2 (GRID - 1)))


@dataclass(frozen=True)
class Factor:
    """One assumed value as a factor: its ``levels`` (baseline at ``base``) and block."""

    path: str
    levels: tuple
    base: int
    block: str
    when: tuple = ()  # an unread value's read_when: applied only in draws that meet it

    def level(self, x: float) -> int:
        """The level a coordinate ``x`` in [0, 1] stands for."""
        return min(len(self.levels) - 1, int(x * len(self.levels)))

    @property
    def x_base(self) -> float:
        """A coordinate that stands for the baseline level."""
        return (self.base + 0.5) / len(self.levels)


def literal(v) -> str:
    """A value as the TOML literal ``--set`` parses back to the same value."""
    return json.dumps(v) if isinstance(v, (str, list)) else str(v).lower() \
        if isinstance(v, bool) else str(v)


def block_of(path: str, merged=()) -> str:
    """The block of rules value ``path``: its first :data:`BLOCK_PARTS` parts, or the
    prefix in ``merged`` (a game's ``JOINT_BLOCKS``) it lies under.

    Examples
    --------
    >>> block_of("cards.spy.count"), block_of("locations.n02", ("locations",))
    ('cards.spy', 'locations')
    """
    for m in merged:
        if path == m or path.startswith(m + "."):
            return m
    return ".".join(path.split(".")[:BLOCK_PARTS])


def merged_blocks(game: str) -> tuple:
    """``game``'s ``JOINT_BLOCKS`` (its profile): path prefixes moved as one block; () for
    a game outside the registry."""
    from simcore.registry import GAMES, part

    return tuple(part(game, "JOINT_BLOCKS")) if game in GAMES else ()


def factors(entries, merged=()) -> list[Factor]:
    """Factors from the sweep's ``[(entry, [(side, value), ...]), ...]``: a number's
    levels run low to high; any other value's are its baseline then its alternatives.
    ``merged``: path prefixes that are one block each (:func:`block_of`)."""
    out = []
    for e, sides in entries:
        vals = [v for _, v in sides]
        numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool)
                      for v in [e.value, *vals])
        levels = sorted({e.value, *vals}) if numeric else [e.value] + \
            [v for i, v in enumerate(vals) if v != e.value and v not in vals[:i]]
        out.append(Factor(e.path, tuple(levels), levels.index(e.value),
                          block_of(e.path, merged), tuple(getattr(e, "read_when", ()))))
    return out


def blocks(fs: list[Factor]) -> list[str]:
    """The blocks of ``fs`` in first-seen order."""
    return list(dict.fromkeys(f.block for f in fs))


def problem(fs: list[Factor]) -> dict:
    """SALib's problem: one unit-interval variable per factor, grouped by block."""
    return {"num_vars": len(fs), "names": [f.path for f in fs],
            "bounds": [[0.0, 1.0]] * len(fs), "groups": [f.block for f in fs]}


def condition_sets(when) -> frozenset:
    """The ``path=value`` overrides that meet a ``read_when`` condition ``when``
    (``((path, (values, ...)), ...)``); :func:`applicable` looks for them in a set."""
    return frozenset(f"{q}={literal(v)}" for q, vals in when for v in vals)


def applicable(sets: tuple, conds: dict) -> tuple:
    """``sets`` without the overrides of values read only under a condition (``conds``:
    path -> :func:`condition_sets` of its ``read_when``) that no override in ``sets``
    meets: there nothing reads them.  No condition holds at the rules' values
    (simcore.rules refuses such a mark), so one is met only by an override in the set."""
    have = set(sets)
    return tuple(t for t in sets
                 if (p := t.split("=", 1)[0]) not in conds or conds[p] & have)


def sets_at(fs: list[Factor], x) -> tuple:
    """The ``path=value`` overrides of the design point ``x`` (baseline levels left out).
    A value read only under a condition (``Factor.when``: rules.toml's ``read_when`` on
    an unread value, a card's amount that only some effects read) is left out of a point
    whose drawn values do not meet it (:func:`applicable`)."""
    out = []
    for f, xi in zip(fs, x):
        k = f.level(float(xi))
        if k != f.base:
            out.append(f"{f.path}={literal(f.levels[k])}")
    return applicable(tuple(out), {f.path: condition_sets(f.when) for f in fs if f.when})


def repaired(ok, sets: tuple) -> tuple[tuple, int]:
    """``sets`` made acceptable to the engine: ``ok(sets)`` says whether it accepts a
    set; when it refuses the whole, the overrides are kept in path order up to the first
    one it refuses with those before it (found by bisection, so a refusal costs about
    log2(len(sets)) checks, not one per override), which goes back to baseline, and so on.
    Returns (sets, overrides dropped)."""
    if ok(sets):
        return sets, 0
    kept: list = []
    rest = list(sets)
    while rest and not ok(tuple(kept + rest)):
        lo, hi = 1, len(rest)  # kept + rest[:hi] is refused; kept alone is accepted
        while lo < hi:
            mid = (lo + hi) // 2
            if ok(tuple(kept + rest[:mid])):
                lo = mid + 1
            else:
                hi = mid
        kept += rest[:lo - 1]  # accepted (checked above, or kept itself)
        rest = rest[lo:]  # rest[lo - 1] is refused with what comes before it
    kept += rest
    return tuple(kept), len(sets) - len(kept)


def repaired_fairly(ok, sets: tuple, seed: int) -> tuple[tuple, int]:
    """:func:`repaired` with the overrides tried in an order shuffled by ``seed``, so that
    where the engine refuses a combination (humanity's packs hold at most 180 cards) no
    path is set back to baseline more often for coming later; the result is in path
    order, as :func:`sets_at` gives it."""
    if ok(sets):
        return sets, 0
    order = np.random.default_rng(seed).permutation(len(sets))
    kept, dropped = repaired(ok, tuple(sets[i] for i in order))
    keep = set(kept)
    return tuple(s for s in sets if s in keep), dropped


def morris_design(fs: list[Factor], r: int, seed: int) -> np.ndarray:
    """``r`` Morris trajectories over the blocks of ``fs`` (rows: design points)."""
    from SALib.sample import morris

    return morris.sample(problem(fs), r, num_levels=GRID, seed=seed)


def morris_indices(fs: list[Factor], X: np.ndarray, y: np.ndarray, seed: int) -> pd.DataFrame:
    """mu*, its 95% bootstrap half-width and sigma per block, largest mu* first."""
    from SALib.analyze import morris

    r = morris.analyze(problem(fs), X, y, num_levels=GRID, seed=seed)
    df = pd.DataFrame({"block": list(r["names"]),
                       "mu_star": np.asarray(r["mu_star"], dtype=float),
                       "mu_star_conf": np.asarray(r["mu_star_conf"], dtype=float),
                       # NaN for a block of several values: grouped Morris has no sigma
                       "sigma": np.asarray(r["sigma"], dtype=float),
                       "values": [sum(f.block == b for f in fs) for b in r["names"]]})
    return df.sort_values(["mu_star", "block"], ascending=[False, True], ignore_index=True)


def sobol_design(fs: list[Factor], top: list[str], n: int, seed: int) -> np.ndarray:
    """Saltelli's sample (``n`` base points, no second order) over the factors of the
    blocks ``top``; every other factor sits at its baseline.  Rows: design points over
    all of ``fs``."""
    from SALib.sample import sobol

    sub = [f for f in fs if f.block in top]
    Xs = sobol.sample(problem(sub), n, calc_second_order=False, seed=seed)
    X = np.tile([f.x_base for f in fs], (len(Xs), 1))
    cols = [i for i, f in enumerate(fs) if f.block in top]
    X[:, cols] = Xs
    return X


def sobol_indices(fs: list[Factor], top: list[str], y: np.ndarray, seed: int) -> pd.DataFrame:
    """Total-order (ST) and first-order (S1) indices per block of ``top``, with 95%
    bootstrap half-widths, largest ST first."""
    from SALib.analyze import sobol

    sub = [f for f in fs if f.block in top]
    with np.errstate(all="ignore"):  # a block with no effect divides 0 by the variance
        r = sobol.analyze(problem(sub), y, calc_second_order=False, seed=seed)
    df = pd.DataFrame({"block": blocks(sub),
                       **{k: np.asarray(r[k], dtype=float)
                          for k in ("ST", "ST_conf", "S1", "S1_conf")}})
    return df.sort_values(["ST", "block"], ascending=[False, True], ignore_index=True)


def draws(fs: list[Factor], m: int, seed: int) -> np.ndarray:
    """``m`` joint draws: each factor's coordinate uniform in [0, 1), so its level is
    uniform over its levels."""
    return np.random.default_rng(seed).random((m, len(fs)))


def filled(y: np.ndarray) -> tuple[np.ndarray, int]:
    """``y`` with a point that has no resolved game (NaN) set to the mean of the others,
    and how many were; SALib needs a value at every point."""
    y = np.asarray(y, dtype=float).copy()
    bad = ~np.isfinite(y)
    if bad.any():
        y[bad] = np.nanmean(y) if (~bad).any() else 0.0
    return y, int(bad.sum())


def settle_with(morris_df: pd.DataFrame, sobol_df: pd.DataFrame | None, k: int = 3) -> list[str]:
    """The ``k`` blocks with the largest total effect: Sobol ST where measured, else
    Morris mu*; a block whose effect is 0 settles nothing and is left out."""
    if sobol_df is not None:
        src = sobol_df[np.nan_to_num(sobol_df["ST"]) > 0]
        if len(src):  # too few base points can leave every ST at 0: then Morris ranks
            return list(src["block"][:k])
    return list(morris_df[morris_df["mu_star"] > 0]["block"][:k])
