"""Court of the Dead: Dark Harvest bid actions: the one home of the bid encoding.

A bid is a composite choice, a faction and an amount of Influence, encoded as one
action (see the action table in :mod:`simcore.court.layout`)::

    action = BID_BASE + faction * BID_STRIDE + amount    faction 0 Flesh, 1 Spirit, 2 Bone
                                                         amount 0..MAX_BID (BID_STRIDE = 6)

The engine (legal bids, storing a committed bid), the scripted players and the
Python side (``simcore.court.encode_bid``/``decode_bid``, ``describe``) all use this
pair; Python callers use the plain functions ``encode_bid_py``/``decode_bid_py``.
"""
from simcore.common import row_kernel
from simcore.court import layout as L


@row_kernel(inline="always")
def encode_bid(faction, amount):
    """The action bidding ``amount`` Influence (0..5) on ``faction`` (0 Flesh, 1 Spirit,
    2 Bone); no check (the Python ``simcore.court.encode_bid`` validates)."""
    return L.BID_BASE + faction * L.BID_STRIDE + amount


@row_kernel(inline="always")
def decode_bid(action):
    """(faction, amount) of a bid action."""
    a = action - L.BID_BASE
    return a // L.BID_STRIDE, a % L.BID_STRIDE


# The same pair for Python callers (``simcore.court.encode_bid``, ``describe``): the plain
# functions, which need no compile (and are what NUMBA_DISABLE_JIT=1 leaves anyway).
encode_bid_py = getattr(encode_bid, "py_func", encode_bid)
decode_bid_py = getattr(decode_bid, "py_func", decode_bid)
