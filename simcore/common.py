"""Kernels every engine may share: one home for each.

    popcount(m)              number of set bits of a seat or card mask
    winner_returns(w, out)   two seats: 1 to the winner ``w``, 0 to the other; a draw
                             (``w < 0``) gives each 0.5
    mask_returns(m, P, out)  ``P`` seats: each seat in the winner mask ``m`` gets 1/k of
                             the win (k winners); nobody wins an empty mask

and the decorator of the engines' hot kernels:

    row_kernel               ``njit(cache=True)`` without reference counting
"""
from numba import njit

ROW_KERNELS = []  # every row kernel, for the test that none returns an array


def row_kernel(fn_or_sig=None, *, inline="never"):
    """``njit(cache=True)`` for a kernel that allocates nothing and returns no array.

    numba counts references to each array a function receives: an atomic
    ``NRT_incref``/``NRT_decref`` pair per array argument and per alias, which its
    pruning pass cannot remove across an engine's branches and stage functions.  In
    court's ``step`` (``state`` and ``params`` passed down some 30 stage and card
    functions) the pairs cost about as much as the rules; without them the kernel
    runs 1.5-2x faster (measured with experiments/kernel_time.py).  A kernel that only reads and writes
    rows its caller owns needs no count of its own, so it is compiled without NRT:

    - numba refuses to compile an allocation here (a typing error), so a kernel that
      needs scratch space keeps plain ``njit``;
    - a row kernel must not return an array or a view (the caller would release a
      reference it never got); ``tests/test_conformance.py`` checks every compiled
      signature of every row kernel, and that random play leaks no allocation.

    Use as ``@row_kernel``, ``@row_kernel(inline="always")`` or with argument types,
    ``@row_kernel((ROW, I))``, as ``njit`` takes them.
    """
    sig = None if fn_or_sig is None or callable(fn_or_sig) else fn_or_sig

    def wrap(f):
        d = njit(sig, cache=True, inline=inline, _nrt=False)(f)  # sig None: types at call
        ROW_KERNELS.append(d)
        return d

    return wrap(fn_or_sig) if callable(fn_or_sig) else wrap


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
