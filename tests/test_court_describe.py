"""Court of the Dead: Dark Harvest actions in words and kinds: hand-built states
checked against the rulebook's names (bids, Offerings, Faction Favors, Court cards), and a
random playout in which every legal action has words and a kind in range."""
import numpy as np
import pytest

from simcore.court import API, SPEC, card_id, describe, encode_bid, engine
from simcore.court import layout as L
from simcore.rng import new_rng

AMT = lambda k: L.AMT_BASE + k  # noqa: E731
OPT = lambda k: L.OPT_BASE + k  # noqa: E731
ADJ = lambda d: L.ADJ_BASE + d + 1  # noqa: E731
YES, NO = L.A_YES, L.A_DECLINE
FL, SP, BO = L.FLESH, L.SPIRIT, L.BONE


@pytest.fixture(scope="module")
def P3():
    p = API.params(3)
    s = API.new_state(p)
    API.legal_actions(s, p)
    engine.action_kind(s, p, np.int64(0))
    return p


def kind(s, p, a):
    return SPEC.action_kinds[int(engine.action_kind(s, p, np.int64(a)))]


def court(p, cards, souls, infl, favors=(-1, -1, -1)):
    """Round 2 at the bids with ``cards`` (keys or None) turned up Flesh, Spirit, Bone."""
    s = API.new_state(p, seed=1)
    s[L.SOULS:L.SOULS + 3] = souls
    s[L.INFL:L.INFL + 3] = infl
    s[L.FAVOR:L.FAVOR + 3] = favors
    s[L.ROUND] = 2
    for f in range(3):
        s[L.REVEALED + f] = card_id(cards[f]) if cards[f] else -1
        s[L.SLOT_WIN + f] = s[L.SLOT_EFF + f] = -1
        s[L.SLOT_BID + f] = s[L.CLAIMED + f] = 0
    s[L.STAGE] = L.S_BID
    s[L.SUB] = s[L.SUB2] = s[L.READY] = s[L.BID_DONE] = s[L.BIDS_REVEALED] = 0
    engine.settle(s, p)
    return s


def harvest(p, souls, thresh, slots=(), favors=(-1, -1, -1), exposed=0):
    """Last round at the Offerings; slots: (slot, card key, winner, bid)."""
    s = API.new_state(p, seed=1)
    s[L.SOULS:L.SOULS + 3] = souls
    s[L.FAVOR:L.FAVOR + 3] = favors
    s[L.ROUND] = 6
    for f in range(3):
        s[L.REVEALED + f] = s[L.SLOT_WIN + f] = s[L.SLOT_EFF + f] = -1
        s[L.SLOT_VAL + f] = 0
    for f, key, w, bid in slots:
        s[L.REVEALED + f] = s[L.SLOT_EFF + f] = card_id(key)
        s[L.SLOT_WIN + f] = w
        s[L.SLOT_BID + f] = bid
    s[L.EXPOSED_MASK] = exposed
    s[L.THRESH] = thresh
    s[L.HCARD] = 0
    s[L.FAILS] = s[L.FORCED_FAIL] = s[L.OUTCOME] = 0
    s[L.OFFER:L.OFFER + L.MAX_P] = 0
    s[L.OFFER_DONE] = s[L.OFFERS_REVEALED] = 0
    s[L.STAGE] = L.S_OFFER
    s[L.SUB] = s[L.SUB2] = s[L.READY] = 0
    engine.settle(s, p)
    return s


def test_bids_and_the_flesh_favor(P3):
    """Court phase b-d: a secret bid of Influence on a faction; the Flesh Favor adds or
    subtracts one Influence after the reveal."""
    p = P3
    s = court(p, ("gethsemoni", "odium", "demithyle"), [5, 5, 5], [5, 4, 3], favors=(2, -1, -1))
    assert s[L.DEC] == L.D_BID and s[L.CUR] == 0
    t = describe(s, p, encode_bid(BO, 3))
    assert t.startswith("seat 0 bids 3 Influence on the Bone faction for Demithyle (holds 5)")
    assert kind(s, p, encode_bid(BO, 3)) == "bid"
    for seat, (f, k) in enumerate([(FL, 2), (FL, 2), (SP, 1)]):
        assert s[L.CUR] == seat
        API.step(s, p, encode_bid(f, k))
    assert s[L.DEC] == L.D_FLESH_ADJ and s[L.CUR] == 2
    assert describe(s, p, ADJ(1)) == \
        "seat 2 uses the Flesh Favor: adds 1 Influence to its bid (1 -> 2)"
    assert describe(s, p, ADJ(-1)) == \
        "seat 2 uses the Flesh Favor: subtracts 1 Influence from its bid (1 -> 0)"
    assert "leaves the Flesh Favor unused" in describe(s, p, ADJ(0))
    assert kind(s, p, ADJ(1)) == kind(s, p, ADJ(-1)) == "use a Favor"
    assert kind(s, p, ADJ(0)) == "pass a Favor"


def test_bone_favor_tie_and_a_target(P3):
    """Bone Favor: break a tie in any way (or refuse); Odium makes a chosen player lose souls."""
    p = P3
    s = court(p, ("odium", None, None), [5, 2, 5], [5, 5, 5], favors=(-1, -1, 1))
    for a in (encode_bid(FL, 2), encode_bid(FL, 2), encode_bid(SP, 1)):
        API.step(s, p, a)
    assert s[L.DEC] == L.D_TIE and s[L.CUR] == 1
    assert describe(s, p, OPT(0)) == ("seat 1 uses the Bone Favor to break the tied bids on "
                                      "Odium (Flesh) in favour of seat 0")
    assert "lets the tied bids on Odium (Flesh) stand (Bone Favor unused)" in describe(s, p, NO)
    assert kind(s, p, OPT(0)) == "use a Favor" and kind(s, p, NO) == "pass a Favor"
    API.step(s, p, OPT(0))
    assert s[L.DEC] == L.D_TARGET and s[L.CUR] == 0
    assert describe(s, p, OPT(1)) == "seat 0 has Odium make seat 1 lose 4 souls (loses 2)"
    assert kind(s, p, OPT(1)) == "target a player"


def test_united_favor_choice(P3):
    """United cards let the winner choose any Faction Favor not claimed this round."""
    p = P3
    s = court(p, ("malavestros", "unnamed_spirit_1", None), [5, 5, 5], [5, 5, 5],
              favors=(-1, -1, 0))
    for a in (encode_bid(BO, 0), encode_bid(FL, 2), encode_bid(SP, 1)):
        API.step(s, p, a)
    assert s[L.DEC] == L.D_FAVOR and s[L.CUR] == 1
    assert describe(s, p, OPT(BO)) == "seat 1 takes the Bone Favor (United card Malavestros)"
    assert kind(s, p, OPT(BO)) == "claim a Favor"
    assert kind(s, p, NO) == "decline a power"


def test_offerings_spirit_favor_and_harvest_cards(P3):
    """Harvest b-f: Offerings (in public without a screen), Ghetis and Demithyle declare the
    Harvest, the Spirit Favor moves one soul."""
    p = P3
    slots = [(FL, "cleopsis", 0, 1), (SP, "ghetis", 1, 1), (BO, "demithyle", 2, 1)]
    s = harvest(p, [9, 9, 9], 12, slots=slots, favors=(-1, 0, -1), exposed=0b100)
    assert s[L.DEC] == L.D_OFFER and s[L.CUR] == 2      # no screen: offers first
    assert describe(s, p, AMT(3)) == ("seat 2 offers 3 souls to the Harvest in public, "
                                      "without a screen (threshold 12, 9 behind the screen)")
    assert kind(s, p, AMT(3)) == "offer"
    for a in (AMT(3), AMT(5), AMT(5)):
        API.step(s, p, a)
    assert s[L.DEC] == L.D_YESNO and s[L.CUR] == 1
    assert describe(s, p, YES) == "seat 1 has Ghetis force the Harvest to fail"
    assert kind(s, p, YES) == "fail the Harvest" and kind(s, p, NO) == "decline a power"
    API.step(s, p, YES)
    assert s[L.DEC] == L.D_SPIRIT_ADJ and s[L.CUR] == 0
    assert describe(s, p, ADJ(-1)) == \
        "seat 0 uses the Spirit Favor: subtracts 1 soul from its Offering (5 -> 4)"
    assert kind(s, p, ADJ(-1)) == "use a Favor"
    API.step(s, p, ADJ(0))
    assert s[L.DEC] == L.D_YESNO and s[L.CUR] == 2
    assert describe(s, p, YES) == "seat 2 has Demithyle declare the Harvest a success"
    assert kind(s, p, YES) == "save the Harvest"


def test_stake_and_swap(P3):
    """Mortis Knighthood stakes souls; Malavestros switches Offerings."""
    p = P3
    s = harvest(p, [9, 9, 9], 12, slots=[(FL, "malavestros", 0, 1), (BO, "shieve", 1, 1)])
    for a in (AMT(1), AMT(5), AMT(2)):
        API.step(s, p, a)
    assert s[L.DEC] == L.D_TARGET and s[L.CUR] == 0
    assert describe(s, p, OPT(1)) == "seat 0 has Malavestros swap Offerings with seat 1 (1 <-> 5)"
    assert describe(s, p, NO) == "seat 0 does not use Malavestros"
    API.step(s, p, OPT(1))
    assert s[L.DEC] == L.D_AMOUNT and s[L.CUR] == 1
    assert describe(s, p, AMT(2)) == \
        "seat 1 adds 2 souls from behind the screen to its Offering (Shieve)"
    assert kind(s, p, AMT(2)) == "stake souls"


def test_random_playouts_name_every_action(P3):
    for players in (3, 5):
        p = API.params(players)
        for seed in range(3):
            s = API.new_state(p, seed=seed)
            rng = new_rng(seed, 0, 0, 7)
            seen = set()
            while not API.is_terminal(s, p):
                legal = API.legal_actions(s, p)
                for a in legal:
                    text = describe(s, p, int(a))
                    # the rulebook's words, not the generic fallback "seat k: ..."
                    assert text.strip() and not text.startswith(f"seat {int(s[L.CUR])}:"), text
                    k = int(engine.action_kind(s, p, np.int64(a)))
                    assert 0 <= k < len(SPEC.action_kinds)
                    seen.add(k)
                a = int(legal[int(rng[1] % np.uint64(len(legal)))])
                rng[1] += np.uint64(1)
                API.step(s, p, a)
            assert 0 in seen and 1 in seen
