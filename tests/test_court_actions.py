"""Court bid actions have one home, :mod:`simcore.court.actions` (the checklist's
CD-COURT-03: a bid is one faction and one amount): the jitted pair, the validating
Python pair and the engine's legal bids agree."""
import numpy as np
import pytest

from simcore.court import API, SPEC, actions, decode_bid, encode_bid
from simcore.court import layout as L
from simcore.spec import BadInput


def test_bid_pair_round_trips_and_fills_the_bid_range():
    """CD-COURT-03: every (faction, amount) has its own action below AMT_BASE."""
    seen = set()
    for f in range(L.NUM_FACTIONS):
        for k in range(L.MAX_BID + 1):
            a = encode_bid(f, k)
            assert a == actions.encode_bid(f, k)  # the kernel itself, compiled
            assert decode_bid(a) == (f, k) == tuple(actions.decode_bid(a))
            seen.add(a)
    assert seen == set(range(L.BID_BASE, L.AMT_BASE))
    with pytest.raises(BadInput):
        encode_bid(3, 0)


def test_legal_bids_are_listed_in_encoding_order():
    """The engine lists legal bids faction by faction, amounts rising (random agents pick by
    index, so this order is part of recorded play)."""
    p = API.params(3)
    s = API.new_state(p)
    s[L.LEG_KIND] = L.LK_BIDS
    s[L.LEG_LO] = 1
    s[L.LEG_HI] = 4
    out = np.zeros(SPEC.num_actions, np.int32)
    n = API.engine.legal_actions(s, p, out)
    assert list(out[:n]) == [encode_bid(f, k) for f in range(3) for k in range(1, 5)]
