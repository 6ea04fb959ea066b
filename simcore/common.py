"""Kernels every engine may share: one home for each (issue 21).

    popcount(m)              number of set bits of a seat or card mask
    winner_returns(w, out)   two seats: 1 to the winner ``w``, 0 to the other; a draw
                             (``w < 0``) gives each 0.5
    mask_returns(m, P, out)  ``P`` seats: each seat in the winner mask ``m`` gets 1/k of
                             the win (k winners); nobody wins an empty mask
"""
from numba import njit


@njit(cache=True, inline="always")
def popcount(m):
    """Number of set bits of ``m`` (a non-negative mask)."""
    c = 0
    while m:
        m &= m - 1
        c += 1
    return c


@njit(cache=True, inline="always")
def winner_returns(w, out):
    """Returns of a two-seat game won by seat ``w`` (``w < 0``: a draw, 0.5 each)."""
    if w < 0:
        out[0] = 0.5
        out[1] = 0.5
    else:
        out[w] = 1.0
        out[1 - w] = 0.0


@njit(cache=True, inline="always")
def mask_returns(m, P, out):
    """Returns of a ``P``-seat game whose winners are the set bits of ``m``: shared wins
    split evenly, an empty mask gives every seat 0."""
    k = popcount(m)
    for s in range(P):
        out[s] = 1.0 / k if (k > 0 and (m >> s) & 1) else 0.0
