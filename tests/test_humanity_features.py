"""Edge of Humanity position features (simcore/humanity/features.py).

Hand-built positions whose every feature is worked out from the card table by hand (the
comments give the sums); the random-play test checks every feature stays finite and on
its documented scale."""
import numpy as np
import pytest

from simcore.humanity import API, engine
from simcore.humanity import layout as L
from simcore.humanity.features import FEATURES, features
from simcore.humanity.table import so
from simcore.rng import new_rng
from tests.test_humanity_rules import C, PR, Table  # noqa: F401  (PR: fixture)


def feats(t, seat):
    out = np.full(len(FEATURES), np.nan)
    features(t.s, t.p, seat, out)
    return dict(zip(FEATURES, out.tolist()))


def row_set(t, names):
    for i in range(L.ROW_LEN):
        t.s[L.ROW + i] = C[names[i]] if names[i] else -1


def piles_set(t, sizes):
    for p, n in enumerate(sizes):
        t.pile_set(p, ["canned_food"] * n)


def two_seat_table(PR):
    """Seat 0: 3 SP and a finished Watchtower (end-game +1), a Farm with 1 of its 2
    Supplies, a Farmer and a finished Safe House (Hand Size +1); seat 1: 5 SP, a Radio
    Station (+1 action), a Mechanic (Trade bid +1) and a Greenhouse (Recruit -1)."""
    t = Table(PR[(2, "1")])
    t.put(0, L.S_COL_N, 0)
    t.put(1, L.S_COL_N, 0)
    t.put(0, L.S_SP, 3)
    t.colony_add(0, "watchtower")
    farm = t.colony_add(0, "farm", done=0)
    t.s[so(0) + L.S_COL_PLACED + farm] = 1
    t.colony_add(0, "farmer")
    t.colony_add(0, "safe_house")
    t.hand_set(0, ["toolbox", "canned_food", "farm", "nurse", "leader", "scavenge"])
    t.deck_set(0, ["fuel_drum", "medic", "headquarters"])
    t.disc_set(0, ["weapons_cache", "orphan", "forage"])
    t.put(0, L.S_LIFE, 2)
    t.put(1, L.S_SP, 5)
    t.colony_add(1, "radio_station")
    t.colony_add(1, "mechanic")
    t.colony_add(1, "greenhouse")
    t.hand_set(1, ["canned_food"])
    t.deck_set(1, ["toolbox", "toolbox"])
    t.disc_set(1, ["barracks"])
    t.put(1, L.S_LIFE, 7)
    t.s[L.EV_PTR] = 3
    t.s[L.EV_N] = 9
    t.s[L.FIRST] = 1
    row_set(t, ["farmer", "nurse", None, None, "veteran"])
    piles_set(t, [3, 1, 2])
    return t


def test_features_of_a_hand_built_position(PR):
    t = two_seat_table(PR)
    f = feats(t, 0)
    # seat 0 owns 12 cards: hand toolbox(2) canned_food(1) farm nurse leader scavenge, deck
    # fuel_drum(2) medic headquarters, discard weapons_cache(3) orphan forage
    want = {
        "sp": 4 / 11,                       # 3 SP + the Watchtower's end-game 1
        "sp_lead": (4 - 5) / 11,
        "sp_lead_late": (4 - 5) / 11 * 3 / 9,
        "progress": 3 / 9,
        "leader_near": 5 / 11,
        "partial": 0.5 * 1 / 11,            # Farm: 1 of 2 Supplies, 1 SP
        "partial_lead": 0.5 / 11,
        "supply_owned": 8 / 20,             # 2 + 1 + 2 + 3
        "supply_lead": (8 - 5) / 20,        # seat 1: canned_food + 2 toolboxes
        "supply_density": 8 / 12,
        "build_owned": (1 + 3) / 11,        # farm + headquarters
        "build_lead": (4 - 3) / 11,         # seat 1: barracks
        "surv_owned": (1 + 3 + 2) / 11,     # nurse 1, leader 3, orphan 0 + end-game 2
        "surv_lead": 6 / 11,
        "action_cards": 3 / 10,             # scavenge, medic, forage
        "engine_cards": 2 / 10,             # scavenge (loot), forage (draw); not medic
        "supply_cards": 4 / 10,
        "build_cards": 2 / 5,
        "surv_cards": 3 / 5,
        "hand_supply": 3 / 10,
        "hand_build": 1 / 4,                # farm (cost 2) paid, no other Building
        "hand_recruit": 1 / 3,              # nurse (cost 2) yes, leader (cost 4) no
        "hand_cards": 6 / 6,                # Hand Size 5 + Safe House
        "hand_size": 1 / 2,
        "extra_actions": 0.0,
        "trade_bonus": 0.0,
        "colony_surv": 1 / 5,
        "colony_lead": 0.0,
        "life": 2 / 7,
        "low_life": 1.0,
        "depleted": 0.0,
        "deck_left": 3 / 10,
        "row_best": 1 / 3,                  # farmer, nurse, veteran: 1 SP each
        "turn_order": 1.0,                  # seat 1 holds the First Player token
        "pile_best": 3 / 6,
    }
    assert set(want) == set(FEATURES)
    for k, v in want.items():
        assert f[k] == pytest.approx(v), k


def test_the_rival_seat_sees_the_mirror(PR):
    t = two_seat_table(PR)
    f = feats(t, 1)
    assert f["sp"] == pytest.approx(5 / 11)
    assert f["sp_lead"] == pytest.approx(1 / 11)
    assert f["partial"] == 0.0 and f["partial_lead"] == pytest.approx(-0.5 / 11)
    assert f["supply_density"] == pytest.approx(5 / 4)
    assert f["extra_actions"] == pytest.approx(1 / 2)       # Radio Station
    assert f["trade_bonus"] == pytest.approx((1 + 1) / 2)   # Mechanic + Greenhouse
    assert f["hand_size"] == 0.0 and f["hand_cards"] == pytest.approx(1 / 5)
    assert f["low_life"] == 0.0 and f["life"] == pytest.approx(1.0)
    assert f["turn_order"] == 0.0


def test_recruit_discount_counts_in_hand_recruit(PR):
    """The Greenhouse's Recruit -1 makes a Leader (cost 4) payable with 3 Supplies."""
    t = two_seat_table(PR)
    t.hand_set(1, ["toolbox", "canned_food", "leader"])
    assert feats(t, 1)["hand_recruit"] == pytest.approx(3 / 3)
    t.put(1, L.S_COL_N, 2)  # the Greenhouse leaves the Colony
    assert feats(t, 1)["hand_recruit"] == 0.0


def test_bid_cards_are_not_owned_and_depleted(PR):
    """Trade-bid cards are trashed whatever happens: they leave the owned totals."""
    t = two_seat_table(PR)
    o = so(0)
    t.s[o + L.S_BIDC] = C["weapons_cache"]
    t.s[o + L.S_BIDC + 1] = C["leader"]
    t.put(0, L.S_BID_N, 2)
    f = feats(t, 0)
    assert f["supply_owned"] == pytest.approx(8 / 20)
    assert f["supply_cards"] == pytest.approx(4 / 10) and f["surv_cards"] == pytest.approx(3 / 5)
    # to seat 1 the unrevealed bid is part of seat 0's hidden cards, until it is revealed
    t.s[L.BIDS_REVEALED] = 0
    assert feats(t, 1)["supply_lead"] == pytest.approx((5 - (8 + 3)) / 20)
    assert feats(t, 1)["surv_lead"] == pytest.approx((0 - (6 + 3)) / 11)
    t.s[L.BIDS_REVEALED] = 1
    assert feats(t, 1)["supply_lead"] == pytest.approx((5 - 8) / 20)
    t.put(0, L.S_LIFE, 0)
    t.put(0, L.S_DEPLETED, 1)
    f = feats(t, 0)
    assert f["depleted"] == 1.0 and f["low_life"] == 0.0 and f["life"] == 0.0


def test_best_rival_and_turn_order_at_three_players(PR):
    """The best rival is taken total by total (seat 1 the most SP, seat 2 the most
    Supplies); seat 2 is last in a turn order that starts at seat 0."""
    t = Table(PR[(3, "1")])
    for s in range(3):
        t.put(s, L.S_COL_N, 0)
        t.hand_set(s, [])
        t.deck_set(s, [])
        t.disc_set(s, [])
    t.put(0, L.S_SP, 2)
    t.put(1, L.S_SP, 7)
    t.put(2, L.S_SP, 4)
    t.deck_set(0, ["canned_food"])
    t.deck_set(1, ["toolbox"])
    t.deck_set(2, ["weapons_cache", "fuel_drum"])
    t.s[L.FIRST] = 0
    f = feats(t, 0)
    assert f["sp_lead"] == pytest.approx((2 - 7) / 11)
    assert f["supply_lead"] == pytest.approx((1 - 5) / 20)
    assert f["leader_near"] == pytest.approx(7 / 11)
    assert f["turn_order"] == 0.0
    f = feats(t, 2)
    assert f["sp_lead"] == pytest.approx((4 - 7) / 11)
    assert f["supply_lead"] == pytest.approx((5 - 2) / 20)
    assert f["turn_order"] == 1.0
    assert feats(t, 1)["turn_order"] == pytest.approx(0.5)


def test_rival_hidden_cards_do_not_move_a_seats_features(PR):
    """A determinization for a seat re-deals the other hands, decks and unrevealed bids:
    the seat's features read only what survives it (its own hand, rivals' owned totals),
    at every position of two random games (Trade bids included)."""
    p = PR[(3, "1")]
    a = np.zeros(len(FEATURES))
    b = np.zeros(len(FEATURES))
    checked = 0
    bids = 0
    for g in range(2):
        s = API.new_state(p, seed=4 + g)
        rng = np.random.default_rng(g)
        while not API.is_terminal(s, p):
            for seat in range(3):
                features(s, p, seat, a)
                d = s.copy()
                engine.determinize(d, p, seat, new_rng(7, g, checked, 1))
                features(d, p, seat, b)
                assert np.array_equal(a, b), (seat, [n for n, x, y in zip(FEATURES, a, b)
                                                     if x != y])
                checked += 1
            bids += s[L.BIDS_REVEALED] == 0 and s[L.STAGE] == L.S_TRADE
            lg = API.legal_actions(s, p)
            API.step(s, p, int(rng.choice(lg)), new_rng(int(rng.integers(1 << 30))))
    assert checked > 100 and bids > 5


def test_features_finite_and_bounded_over_random_play(PR):
    lo = np.full(len(FEATURES), np.inf)
    hi = np.full(len(FEATURES), -np.inf)
    for n, setup in ((2, "1"), (3, "2"), (4, "3"), (5, "custom")):
        p = PR[(n, setup)]
        for g in range(3):
            s = API.new_state(p, seed=10 * n + g)
            rng = np.random.default_rng(g)
            out = np.zeros(len(FEATURES))
            while not API.is_terminal(s, p):
                for seat in range(n):
                    features(s, p, seat, out)
                    assert np.all(np.isfinite(out))
                    lo = np.minimum(lo, out)
                    hi = np.maximum(hi, out)
                lg = API.legal_actions(s, p)
                API.step(s, p, int(rng.choice(lg)), new_rng(int(rng.integers(1 << 30))))
    assert lo.min() >= -3.0 and hi.max() <= 3.0, dict(zip(FEATURES, zip(lo, hi)))
    # the 0/1 indicators and the shares stay in [0, 1]
    for k in ("progress", "low_life", "depleted", "turn_order"):
        i = FEATURES.index(k)
        assert 0.0 <= lo[i] and hi[i] <= 1.0, k
