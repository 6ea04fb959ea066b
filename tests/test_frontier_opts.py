"""Dark Frontier's play cache (layout OPTS / OPTS_AT) and its branch-free play_mask.

step keeps the plays its last phase check found in the row, and legal_actions reads them
back instead of scanning the field again; play_mask writes the rule of ``_playable``
without a branch per card kind.  Over random games in several rule sets: the cached legal
actions equal freshly computed ones at every decision, and play_mask equals can_play for
every card kind, at full and at reduced cost.
"""
import numpy as np
import pytest

from simcore.frontier import API, SPEC
from simcore.frontier import engine as E
from simcore.frontier import layout as L
from simcore.frontier import play as FP
from simcore.rng import randint, seed_rng

RULES = {
    "standard": [],
    "ship": ["ship.enabled=1"],
    "floor-literal": ["cost.floor=1", "faction.player_is_tellus=0", "cost.faction_delta=3"],
}


def _cases():
    out = [(setup, "standard") for setup in SPEC.setups]
    out += [(SPEC.setups[0], name) for name in RULES if name != "standard"]
    return out


@pytest.mark.parametrize("setup,rules", _cases())
def test_cached_plays_match_fresh(setup, rules):
    p = API.params(setup=setup, rules=API.rules(sets=RULES[rules]))
    st = np.zeros(L.STATE_SIZE, np.int32)
    legal = np.zeros(L.NUM_ACTIONS, np.int32)
    fresh = np.zeros(L.NUM_ACTIONS, np.int32)
    crng = np.zeros(2, np.uint64)
    arng = np.zeros(2, np.uint64)
    asked = 0
    for g in range(60):
        seed_rng(crng, 5, 0, g, 0)
        seed_rng(arng, 5, 0, g, 1)
        E.init(st, p, crng)
        while not E.is_terminal(st, p):
            n = E.legal_actions(st, p, legal)
            cold = st.copy()
            cold[L.OPTS_AT] = -1  # as if edited by hand: legal_actions computes afresh
            assert E.legal_actions(cold, p, fresh) == n
            assert list(fresh[:n]) == list(legal[:n])
            if st[L.PEND_MODE] == L.PEND_NONE and st[L.PHASE] in (L.PH_SPACESHIP, L.PH_HIRING):
                asked += 1
                m = FP.play_mask(st, p)
                for k in range(L.NK):
                    for red in (0, 1):
                        assert bool((m >> (2 * k + red)) & 1) == FP.can_play(st, p, k, red == 1)
            E.step(st, p, legal[randint(arng, n)], crng)
    assert asked > 100
