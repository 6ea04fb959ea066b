"""Counter-based random numbers for numba kernels.

An RNG is a ``uint64[2]`` array ``[key, counter]``.  Each draw increments the
counter and returns ``mix(key + counter * GOLDEN)`` (the splitmix64 output
function), so a stream is a pure function of its key: streams for different
(seed, cell, game index, stream) never share state and a game's numbers do not
depend on which thread or worker plays it.

Every constant and intermediate stays ``uint64``: numba promotes uint64 mixed
with a signed int to float64, which would silently destroy the bits.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simcore import _cache  # noqa: F401  (cache dir before any njit)

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_S32 = np.uint64(32)
_ONE = np.uint64(1)

# stream numbers: 0 is the game's chance stream, 1 + seat is that seat's agent
STREAM_CHANCE = 0


@njit(cache=True, inline="always")
def mix64(z):
    """splitmix64 finaliser: a bijective avalanche of a uint64."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def stream_key(seed, cell, index, stream):
    """Key for the stream (seed, cell, game index, stream); all ints >= 0."""
    k = mix64(np.uint64(seed) + GOLDEN)
    k = mix64(k ^ (np.uint64(cell) * _M1 + GOLDEN))
    k = mix64(k ^ (np.uint64(index) * _M2 + GOLDEN))
    k = mix64(k ^ (np.uint64(stream) * GOLDEN + _M1))
    return k


@njit(cache=True)
def seed_rng(rng, seed, cell, index, stream):
    """Set ``rng`` (uint64[2]) to the start of stream (seed, cell, index, stream)."""
    rng[0] = stream_key(seed, cell, index, stream)
    rng[1] = np.uint64(0)


@njit(cache=True, inline="always")
def next_u64(rng):
    """Next uint64 of the stream."""
    rng[1] += _ONE
    return mix64(rng[0] + rng[1] * GOLDEN)


@njit(cache=True, inline="always")
def randint(rng, n):
    """Uniform integer in [0, n) for 0 < n < 2**32 (multiply-shift, bias < 2**-32)."""
    x = next_u64(rng) >> _S32
    return np.int64((x * np.uint64(n)) >> _S32)


@njit(cache=True, inline="always")
def uniform(rng):
    """Uniform float in [0, 1) with 53 random bits."""
    return np.float64(next_u64(rng) >> _S11) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def shuffle(rng, arr, n):
    """Fisher-Yates shuffle of ``arr[:n]`` in place."""
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


def new_rng(seed: int = 0, cell: int = 0, index: int = 0, stream: int = 0) -> np.ndarray:
    """Return a fresh ``uint64[2]`` RNG for the given stream (Python helper)."""
    for name, v in (("seed", seed), ("cell", cell), ("index", index), ("stream", stream)):
        if int(v) < 0:
            raise ValueError(f"{name} must be >= 0, got {v}")
    rng = np.zeros(2, dtype=np.uint64)
    seed_rng(rng, np.uint64(seed), np.uint64(cell), np.uint64(index), np.uint64(stream))
    return rng
