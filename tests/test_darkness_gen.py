"""Rules tests for Edge of Darkness: the public base-game locations, the booklet-wide
conventions (checklist GEN), the named setups (SETUPS) and the location helpers; each test
names the checklist items it checks (../shared/rules/checklists/darkness.md)."""
import pytest

from simcore.darkness import (
    API, LOCATION_NAMES, SETUPS, location_in_play, setup_locations,
)
from simcore.darkness import layout as L
from simcore.darkness.cards import hand_size
from simcore.darkness.contacts import (
    contact_apply, contact_modes, contact_targets,
)
from simcore.darkness.effects import dispatch
from simcore.darkness.locations import CHAPTERS, COLDHARBOR, NAMED, RECOMMENDED
from simcore.rng import new_rng
from simcore.spec import BadInput
from tests.test_darkness_util import (
    OPT, blank_card, clear_tower, hunt_state, legal, loc, main_state, params, plain, set_hand,
    set_tray, settle, step,
)


@pytest.fixture(scope="module")
def P2():
    return params(2)


@pytest.fixture(scope="module")
def P3():
    return params(3)


@pytest.fixture(scope="module")
def PB():
    return params(2, "base")


# ---- public base-game locations -----------------------------------------------------------------
def test_public_locations_ED_BASE_84_85_86_87_90(PB):
    """ED-BASE-84 War Council dispatch / return for a hunt; ED-BASE-85 Capital Hall: return
    Agents and pay to claim a Neutral card in hand; ED-BASE-86 Grand Library 4->2, 10->4,
    15->6; ED-BASE-87 The Forge Coins or Battle Strength; ED-BASE-90 Millhollow +1 hand size
    per 2 Agents (City Watch in an attack: test_city_watch_in_an_attack_ED_BASE_89)."""
    p = PB
    s = API.new_state(p, seed=1)
    wc, ch, gl, fo, mh, cw = (loc(s, n) for n in (7, 71, 68, 70, 72, 69))
    assert [s[L.LOCKIND + i] for i in (wc, ch, gl, fo, mh, cw)] == [
        L.K_WAR_COUNCIL, L.K_CAPITAL_HALL, L.K_GRAND_LIBRARY, L.K_FORGE, L.K_MILLHOLLOW,
        L.K_CITY_WATCH]
    c = L.CITIZEN0
    rng = new_rng(1)
    s[L.TRAINED] = 8
    contact_apply(s, p, 0, wc, c, 0, -1, rng)
    assert s[L.AG + wc] == p[L.P_CA + L.K_WAR_COUNCIL]
    contact_apply(s, p, 0, wc, c, 1, -1, rng)
    assert s[L.AG + wc] == 0 and s[L.HUNTS] == 1
    set_hand(s, 0, [0, L.CITIZEN0 + 1])
    dispatch(s, 0, ch, 2)
    s[L.COINS] = 3
    assert contact_modes(s, p, 0, ch, c, False) == 3
    contact_apply(s, p, 0, ch, c, 1, 1, rng)
    assert s[L.C_OWNER + L.CITIZEN0 + 1] == 0 and s[L.COINS] == 0 and s[L.AG + ch] == 0
    for coins, opts, pick, left, rep in ((10, 2, 1, 0, 4), (15, 3, 2, 0, 6), (4, 1, 0, 0, 2)):
        s[L.COINS] = coins
        s[L.LEG] = s[L.LEG + 1] = s[L.LEG + 2] = 0
        assert contact_targets(s, p, 0, gl, c, 0) == opts
        r0 = int(s[L.REP])
        contact_apply(s, p, 0, gl, c, 0, pick, rng)
        assert s[L.COINS] == left and s[L.REP] == r0 + rep
    s[L.COINS] = 0
    s[L.BS] = 0
    contact_apply(s, p, 0, fo, c, 0, -1, rng)
    contact_apply(s, p, 0, fo, c, 1, -1, rng)
    assert s[L.COINS] == 3 and s[L.BS] == 2
    s[L.AG + mh] = 5
    assert hand_size(s, p, 0, mh) == 3 + 2
    from simcore.darkness.turn import passive_reduction
    s[L.AG + cw] = 2
    assert passive_reduction(s, p, 0) == 2 and passive_reduction(s, p, 1) == 0


def test_city_watch_in_an_attack_ED_BASE_89(PB):
    """ED-BASE-89: each of your Agents at City Watch cuts an attack on you by 1 Damage: with 4
    Agents a 4-Damage attack is defended (+1 Influence), with 3 it lands for 1 (down one
    space), against the same card attacking both seats (black cubes)."""
    p = PB
    s = API.new_state(p, seed=3)
    clear_tower(s)
    cw = loc(s, 69)
    c = L.PATRICIAN0                      # printed 2 + War Council threat 2 = 4
    blank_card(s, c, mid=loc(s, 7))
    set_tray(s, 0, c, {L.BLACK: int(p[L.P_THRESHOLD])})
    for q in range(2):
        for i in range(L.NLOC):
            s[L.AG + q * L.NLOC + i] = 0
        s[L.DEFENSE + q] = 0
    s[L.AG + cw] = 4
    s[L.AG + L.NLOC + cw] = 3
    infl = [int(s[L.INFL]), int(s[L.INFL + 1])]
    s[L.ACTIVE] = 0
    s[L.STAGE] = L.S_ATTACKS
    s[L.SUB] = 1
    s[L.AUTO_STEP] = 0
    settle(s, p)
    assert s[L.TRAY_CARD] != c                                  # the attack is over
    assert s[L.INFL] == infl[0] + 1 and s[L.DEFENSE] == 0
    assert s[L.INFL + 1] == infl[1] and s[L.DEFENSE + 1] == 1
    assert s[L.AG + cw] == 4 and s[L.AG + L.NLOC + cw] == 3     # the Agents stay


def test_watchtower_defence_ED_BASE_88(PB):
    """ED-BASE-88: each Agent returned from the Watchtower when attacked cuts 3 Damage."""
    p = PB
    s = API.new_state(p, seed=3)
    clear_tower(s)
    wt = loc(s, 64)
    c = L.PATRICIAN0                      # printed 2 + War Council threat 2 = 4
    blank_card(s, c, mid=loc(s, 7))
    set_tray(s, 0, c, {0: int(p[L.P_THRESHOLD])})
    s[L.AG + wt] = 2
    s[L.ACTIVE] = 0
    s[L.STAGE] = L.S_ATTACKS
    s[L.SUB] = 1
    s[L.AUTO_STEP] = 0
    settle(s, p)
    assert s[L.DEC] == L.D_DEFEND and s[L.AT_DMG] == 4
    infl = int(s[L.INFL])
    step(s, p, OPT(3))
    assert s[L.AT_DMG] == 1 and s[L.AG + wt] == 1
    step(s, p, OPT(3))
    assert s[L.INFL] == infl + 1 and s[L.DEFENSE] == 0


# ---- booklet-wide conventions -------------------------------------------------------------------
def test_contents_ED_GEN_01_02():
    """ED-GEN-01: 12 Location boards (51-62) with 82 advancements; ED-GEN-02: their names."""
    p = params(2)
    assert sorted(COLDHARBOR) == list(range(51, 63))
    assert sum(int(p[L.P_NMID + n] + p[L.P_NBOT + n]) for n in COLDHARBOR) == 82
    assert LOCATION_NAMES[51] == "Coldharbor Citadel" and LOCATION_NAMES[62] == "Shorehollow Isle"
    assert LOCATION_NAMES[61] == "Coldhollow, Northmost Town" and len(LOCATION_NAMES) == 12


def test_or_and_rewards_ED_GEN_17_L55_07_L51_13(P2):
    """ED-GEN-17: an "or" reward gives exactly one, the defeater's choice (Banished Envoy:
    1 Influence or dispatch 2 Agents, ED-L51-13); "and" gives both (Slum Prowler: 3 Reputation
    and 1 Influence, ED-L55-07)."""
    c = L.CITIZEN0
    p = plain(P2, (c,))
    for choice in (0, 1):
        s = hunt_state(p, {0: c}, 5)
        blank_card(s, c, mid=loc(s, 51))
        settle(s, p)
        infl, tr, rep = int(s[L.INFL]), int(s[L.TRAINED]), int(s[L.REP])
        step(s, p, L.A_HUNT)
        step(s, p, OPT(0))
        assert s[L.DEC] == L.D_REWARD and legal(s, p) == {OPT(0), OPT(1)}
        step(s, p, OPT(choice))
        if choice == 0:
            assert s[L.INFL] == infl + 1 and s[L.TRAINED] == tr
        else:
            assert s[L.DEC] == L.D_TARGET
            step(s, p, OPT(loc(s, 53)))
            assert s[L.INFL] == infl and s[L.TRAINED] == tr - 2 and s[L.AG + loc(s, 53)] == 2
        assert s[L.REP] == rep
    s = hunt_state(p, {0: c}, 5)
    blank_card(s, c, bot=loc(s, 55))
    settle(s, p)
    infl, rep = int(s[L.INFL]), int(s[L.REP])
    step(s, p, L.A_HUNT)
    step(s, p, OPT(0))
    assert s[L.INFL] == infl + 1 and s[L.REP] == rep + 3


def test_option_forms_ED_GEN_18(P2):
    """ED-GEN-18: "either but not both" (Students, Gang Boss: modes 0/1), "either or both"
    (Winter Champion, Master Refiner, Border Guard, Dock Master: 0/1/both) and "both or
    neither" (Homestead Hero: one mode)."""
    p = P2
    s = API.new_state(p, seed=1)
    c = L.CITIZEN0
    s[L.TRAINED] = 4
    set_tray(s, 0, L.CITIZEN0 + 1, {L.BLACK: 1})
    for num, ag in ((53, 2), (55, 1)):
        s[L.AG + loc(s, num)] = ag
        assert contact_modes(s, p, 0, loc(s, num), c, False) == 0b011
    for num, ag in ((52, 4), (57, 1), (58, 0), (59, 1)):
        s[L.AG + loc(s, num)] = ag
        assert contact_modes(s, p, 0, loc(s, num), c, False) == 0b111
    ps = params(2, "stretched-thin")
    s2 = API.new_state(ps, seed=1)
    assert contact_modes(s2, ps, 0, loc(s2, 60), c, False) == 0b001


def test_dispatch_anywhere_off_slot_ED_GEN_19_L54_02_L59_06_L60_04_L62_15(P2):
    """ED-GEN-19/ED-L54-02: a "location of your choice" reward (Salt Spawn, ED-L62-15: 1
    Influence or dispatch 1 Agent) may send an Agent to Chasm Road, or off-slot to the Docks
    or Homesteads where it blocks and triggers nothing (ED-L59-06, ED-L60-04)."""
    c = L.CITIZEN0
    ps = plain(params(2, "stretched-thin"), (c,))
    for num in (54, 59, 60):
        s = hunt_state(ps, {0: c}, 5)
        blank_card(s, c, mid=loc(s, 62))
        settle(s, ps)
        infl, rep, coins = int(s[L.INFL]), int(s[L.REP]), int(s[L.COINS])
        step(s, ps, L.A_HUNT)
        step(s, ps, OPT(0))
        assert legal(s, ps) == {OPT(0), OPT(1)}
        step(s, ps, OPT(1))
        assert legal(s, ps) == {OPT(i) for i in range(L.NLOC)}
        step(s, ps, OPT(loc(s, num)))
        assert s[L.AG + loc(s, num)] == 1 and s[L.INFL] == infl
        assert all(s[L.DSLOT + i] == -1 and s[L.HSLOT + i] == -1 for i in range(L.NSLOT))
        assert s[L.REP] == rep and s[L.COINS] == coins
    # the off-slot Agent does not block: every Docks slot can still be taken
    s = main_state(ps)
    d = loc(s, 59)
    s[L.AG + d] = 1
    s[L.COINS] = 20
    s[L.REP] = 5
    set_hand(s, 0, [L.CITIZEN0])
    settle(s, ps)
    step(s, ps, L.A_DOCKS)
    assert legal(s, ps) == {OPT(i) for i in range(L.NSLOT)}


# ---- setups -------------------------------------------------------------------------------------
def test_setup_labels_ED_SETUPS_02_03_06_09_13_19_22_25_28():
    """ED-SETUPS-02: Difficulty and Complexity labels, some Combative: Cultural Exchanges
    High/Moderate/Combative (03), Stretched Thin Moderate/High/Combative (06), Heeding the Call
    High/High/Combative (09), On Every Front Low/High (13); chapters 1-4 Low, Moderate,
    Moderate, Low, all High Complexity (19, 22, 25, 28)."""
    want = {"cultural-exchanges": ("High", "Moderate", True),
            "stretched-thin": ("Moderate", "High", True),
            "heeding-the-call": ("High", "High", True),
            "on-every-front": ("Low", "High", False),
            "a-frosty-welcome": ("Low", "High", False),
            "a-chilling-truth": ("Moderate", "High", False),
            "the-blustery-wind": ("Moderate", "High", False),
            "an-imminent-thaw": ("Low", "High", False)}
    for k, v in want.items():
        assert SETUPS[k][2] == v
        assert v[0] in ("Low", "Moderate", "High") and v[1] in ("Moderate", "High")


def test_tale_and_names_ED_SETUPS_17_34():
    """ED-SETUPS-17: the Tale has 4 chapters, each a fixed 10-location setup; ED-SETUPS-34:
    the location numbers the booklet names."""
    assert len(CHAPTERS) == 4 and len(RECOMMENDED) == 4
    r = API.rules()
    for ch in CHAPTERS:
        assert len(set(setup_locations(r, ch))) == 10
        assert setup_locations(r, ch) == setup_locations(r, ch)
    assert {5: "Hunters' Guildhall", 7: "War Council", 9: "Fairhollow Academy",
            16: "Riverhollow, Fishing Town", 18: "City Treasury", 19: "Explorers' Society",
            20: "Fairgrounds", 34: "Labor Exchange", 38: "Embassy of Dunestar",
            40: "The Pits", 47: "Debtors' Prison"}.items() <= NAMED.items()


def test_location_in_play():
    """location_in_play: per game, whether a location number was among its 10 (info masks)."""
    import pandas as pd
    p = API.params(2, "random")
    rows = []
    for g in range(3):
        s = API.new_state(p, seed=9, index=g)
        rows.append(API.info(s, p))
    df = pd.DataFrame(rows)
    for num in (5, 31, 32, 51, 62, 63, 70):
        want = [num in [int(r[f"loc_{i}"]) for i in range(L.NLOC)] for r in rows]
        assert location_in_play(df, num).tolist() == want
    assert location_in_play(df[["loc_mask_lo", "loc_mask_hi"]], 51).dtype == bool
    with pytest.raises(BadInput):
        location_in_play(df, 0)
