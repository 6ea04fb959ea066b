"""Rules tests for the Cliffs of Coldharbor locations 59-62 (Docks and Homesteads slots,
Coldhollow, Shorehollow Isle); each test names the checklist items it checks
(../shared/rules/checklists/darkness.md)."""
import pytest

from simcore.darkness import API
from simcore.darkness import layout as L
from simcore.darkness.cards import refill_street
from simcore.darkness.rounds import do_sleeve
from simcore.darkness.turn import begin_turn
from simcore.rng import new_rng
from tests.test_darkness_util import (
    OPT, contact_turn, blank_card, clear_tower, legal, loc, main_state, params, plain, set_hand, set_tray,
    settle, step, use_action,
)


@pytest.fixture(scope="module")
def P2():
    return params(2)


@pytest.fixture(scope="module")
def ST():
    return params(2, "stretched-thin")


# ---- 59 Coldharbor Docks ------------------------------------------------------------------------
def docks_visit(p, slot, coins=20, rep=5, seed=4):
    s = main_state(p, seed=seed)
    set_hand(s, 0, [])
    s[L.COINS] = coins
    s[L.REP] = rep
    settle(s, p)
    step(s, p, L.A_DOCKS)
    if s[L.PE_KIND] == L.PK_DOCKS and s[L.PE_STEP] == 0:   # (a single open slot is automatic)
        step(s, p, OPT(slot))
    assert s[L.DSLOT + slot] == 0
    end_visit(s, p)
    return s


def end_visit(s, p):
    """Place no more Agents in this Docks / Homesteads visit (PASS once a slot is taken)."""
    if s[L.PE_KIND] in (L.PK_DOCKS, L.PK_HOME) and s[L.PE_STEP] == 0 and L.A_PASS in legal(s, p):
        step(s, p, L.A_PASS)


def test_docks_slots_ED_L59_01_02_07_09_11_12_13(P2):
    """ED-L59-01/02: one Docks visit per turn puts an Agent on one of six slots (ED-L59-07:
    each slot once per turn); slot 2 pays 5 Coins to train (ED-L59-09), slot 4 pays 3 for 2
    Battle Strength (ED-L59-11), slot 5 pays 2 to draw a card (ED-L59-12), slot 6 trades Coins
    and Reputation either way (ED-L59-13; rate assumed 3:1)."""
    p = P2
    d = loc(API.new_state(p, seed=4), 59)
    s = docks_visit(p, 1)
    assert s[L.COINS] == 15 and s[L.TRAINED] == 4 and s[L.UNTRAINED] == 5
    assert s[L.DSLOT + 1] == 0 and s[L.AG + d] == 1 and L.A_DOCKS not in legal(s, p)
    s = docks_visit(p, 3)
    assert s[L.COINS] == 17 and s[L.BS] == 2
    s = docks_visit(p, 4)
    assert s[L.COINS] == 18 and s[L.HAND_N] == 1
    s = docks_visit(p, 5, coins=10, rep=2)
    rate = int(p[L.P_DOCK_RATE])
    assert legal(s, p) == {OPT(j) for j in range(10 // rate)} | {OPT(10), OPT(11)}
    step(s, p, OPT(1))                              # buy 2 Reputation
    assert s[L.COINS] == 10 - 2 * rate and s[L.REP] == 4
    s = docks_visit(p, 5, coins=0, rep=2)
    step(s, p, OPT(11))                             # sell 2 Reputation
    assert s[L.COINS] == 2 * rate and s[L.REP] == 0


def test_dock_master_and_blocking_ED_L59_16_17(P2):
    """ED-L59-16: a placed Agent stays on its slot, blocking it, until returned; ED-L59-17:
    Dock Master gains Coins and/or returns an Agent from the Docks (freeing its slot)."""
    p = P2
    s = docks_visit(p, 3)
    d = loc(s, 59)
    c = L.CITIZEN0
    blank_card(s, c, mid=d)
    set_hand(s, 1, [c])
    begin_turn(s, p, 1)
    s[L.STAGE] = L.S_MAIN
    s[L.COINS + 1] = 20
    settle(s, p)
    assert s[L.DSLOT + 3] == 0
    step(s, p, L.A_DOCKS)
    assert OPT(3) not in legal(s, p) and OPT(2) in legal(s, p)
    s = docks_visit(p, 3)
    blank_card(s, c, mid=d)
    set_hand(s, 0, [c])
    settle(s, p)
    c0, t0 = int(s[L.COINS]), int(s[L.TRAINED])
    step(s, p, use_action(s, 0, c, 1))
    assert legal(s, p) == {OPT(0), OPT(1), OPT(2)}
    step(s, p, OPT(2))
    assert s[L.COINS] == c0 + p[L.P_CA + L.K_DOCKS] and s[L.TRAINED] == t0 + 1
    assert s[L.DSLOT + 3] == -1 and s[L.AG + d] == 0


# ---- 60 Coldharbor Homesteads -------------------------------------------------------------------
def home_visit(p, slot, rep=10, seed=4):
    s = main_state(p, seed=seed)
    set_hand(s, 0, [])
    s[L.REP] = rep
    settle(s, p)
    step(s, p, L.A_HOME)
    if s[L.PE_KIND] == L.PK_HOME and s[L.PE_STEP] == 0:
        step(s, p, OPT(slot))
    assert s[L.HSLOT + slot] == 0
    end_visit(s, p)
    return s


def test_one_visit_several_slots_ED_L59_03_07_L60_02_05():
    """ED-L59-03 / ED-L60-02 (assumed: any number): one Docks or Homesteads visit places Agents
    on several free slots, so a hunt slot and a Battle Strength slot can serve one hunt;
    ED-L59-07 / ED-L60-05: each slot's ability once per turn (a slot taken is not offered
    again in the visit, nor a second visit)."""
    p = params(2, "stretched-thin")
    s = main_state(p)
    h = loc(s, 60)
    set_hand(s, 0, [])
    s[L.REP] = 10
    t0 = int(s[L.TRAINED])
    settle(s, p)
    step(s, p, L.A_HOME)
    step(s, p, OPT(1))                            # pay 4 Reputation to hunt threats
    assert s[L.PE_KIND] == L.PK_HOME and OPT(1) not in legal(s, p) and OPT(5) in legal(s, p)
    step(s, p, OPT(5))                            # and gain Battle Strength, same visit
    assert s[L.HUNTS] == 1 and s[L.BS] == p[L.P_HOME_BS] and s[L.REP] == 6
    assert s[L.HSLOT + 1] == 0 and s[L.HSLOT + 5] == 0
    assert s[L.AG + h] == 2 and s[L.TRAINED] == t0 - 2
    assert OPT(1) not in legal(s, p) and OPT(5) not in legal(s, p)
    end_visit(s, p)
    assert s[L.PE_KIND] == L.PK_NONE and L.A_HOME not in legal(s, p) and L.A_HUNT in legal(s, p)
    ps = params(2)
    s = main_state(ps)
    set_hand(s, 0, [])
    s[L.COINS] = 20
    settle(s, ps)
    step(s, ps, L.A_DOCKS)
    step(s, ps, OPT(2))                           # pay 5 Coins to hunt threats
    step(s, ps, OPT(3))                           # pay 3 Coins to gain 2 Battle Strength
    assert s[L.HUNTS] == 1 and s[L.BS] == 2 and s[L.COINS] == 12
    assert s[L.DSLOT + 2] == 0 and s[L.DSLOT + 3] == 0


def test_homesteads_slots_ED_L60_01_05_09_10_11_12_13(ST):
    """ED-L60-01/05: six slots like the Docks, one visit per turn; slot 3 pays 3 Reputation for
    2 Battle Strength (ED-L60-09), slot 4 2 for 3 Coins (ED-L60-10), slot 5 1 for 1 Influence
    (ED-L60-11), slot 6 Battle Strength for free (ED-L60-12), lost unless hunting this turn
    (ED-L60-13)."""
    p = ST
    h = loc(API.new_state(p, seed=4), 60)
    s = home_visit(p, 2)
    assert s[L.REP] == 7 and s[L.BS] == 2 and s[L.HSLOT + 2] == 0 and s[L.AG + h] == 1
    assert L.A_HOME not in legal(s, p)
    begin_turn(s, p, 0)
    assert s[L.BS] == 0
    c0 = int(main_state(p)[L.COINS])
    s = home_visit(p, 3)
    assert s[L.REP] == 8 and s[L.COINS] == c0 + 3
    i0 = int(main_state(p)[L.INFL])
    s2 = home_visit(p, 4)
    assert s2[L.REP] == 9 and s2[L.INFL] == i0 + 1
    s3 = home_visit(p, 5, rep=0)
    assert s3[L.REP] == 0 and s3[L.BS] == p[L.P_HOME_BS] >= 1


def test_homesteads_slot1_and_closed_slots_ED_L60_03_06(ST):
    """ED-L60-06: slot 1 pays 7 Reputation; each other player gives 1 Influence or (none left,
    assumed) moves down its Defense Track; ED-L60-03: slots holding any Agent, or held by you
    at the start of the turn, are closed."""
    p = params(3, "stretched-thin")
    s = main_state(p)
    set_hand(s, 0, [])
    s[L.REP] = 7
    s[L.INFL + 1] = 2
    s[L.INFL + 2] = 0
    s[L.HSLOT + 4] = 1
    s[L.HSLOT + 5] = 0
    s[L.HSTART] = 1 << 5
    i0, d2 = int(s[L.INFL]), int(s[L.DEFENSE + 2])
    settle(s, p)
    step(s, p, L.A_HOME)
    lg = legal(s, p)
    assert OPT(4) not in lg and OPT(5) not in lg and OPT(0) in lg
    step(s, p, OPT(0))
    assert s[L.REP] == 0 and s[L.INFL] == i0 + 1 and s[L.INFL + 1] == 1
    assert s[L.DEFENSE + 2] == d2 + 1


def test_homesteads_slot1_needs_another_player_ED_L60_06():
    """ED-L60-06: slot 1 acts on the other players, so it is not offered in solo, nor when no
    other player can give Influence or move down its Defense Track (assumed: its Influence
    gone and its token at the bottom)."""
    p1 = params(1, "stretched-thin")
    s = main_state(p1)
    set_hand(s, 0, [])
    s[L.REP] = 10
    settle(s, p1)
    step(s, p1, L.A_HOME)
    lg = legal(s, p1)
    assert OPT(0) not in lg and OPT(1) in lg
    p = params(2, "stretched-thin")
    for infl, down, offered in ((0, int(p[L.P_DEF_MAX]), False), (1, int(p[L.P_DEF_MAX]), True),
                                (0, 0, True)):
        s = main_state(p)
        set_hand(s, 0, [])
        s[L.REP] = 10
        s[L.INFL + 1] = infl
        s[L.DEFENSE + 1] = down
        settle(s, p)
        step(s, p, L.A_HOME)
        assert (OPT(0) in legal(s, p)) == offered, (infl, down)


def test_unnumbered_amounts_are_1_ED_L59_18_L60_12_18(ST):
    """ED-L59-18: Dock Master's "Gain Coins", ED-L60-18: Homestead Hero's "gain Battle
    Strength" and ED-L60-12: Homesteads slot 6's identical wording carry no number, so each
    gives 1 (an icon without a number means 1)."""
    p = params(2)
    s, c, _ = contact_turn(p, 59, coins=0)
    step(s, p, use_action(s, 0, c, 1))            # nobody at the Docks: "gain Coins" only
    assert s[L.COINS] == 1
    s, c, _ = contact_turn(ST, 60)
    step(s, ST, use_action(s, 0, c, 1))
    assert s[L.BS] == 1
    s = home_visit(ST, 5, rep=0)
    assert s[L.BS] == 1


def test_homestead_hero_ED_L60_16_17_19(ST):
    """ED-L60-16/17: Homestead Hero returns every player's Homesteads Agents and gives Battle
    Strength, both together; ED-L60-19: with nobody there it still gives the Battle Strength."""
    p = ST
    s, c, h = contact_turn(p, 60, ag=1)
    s[L.HSLOT + 2] = 0
    s[L.HSLOT + 4] = 1
    s[L.AG + L.NLOC + h] = 1
    t = [int(s[L.TRAINED]), int(s[L.TRAINED + 1])]
    settle(s, p)
    step(s, p, use_action(s, 0, c, 1))            # one mode only: no choice asked
    assert s[L.AG + h] == 0 and s[L.AG + L.NLOC + h] == 0
    assert [int(s[L.TRAINED]), int(s[L.TRAINED + 1])] == [t[0] + 1, t[1] + 1]
    assert all(s[L.HSLOT + i] == -1 for i in range(L.NSLOT))
    assert s[L.BS] == p[L.P_CA + L.K_HOMESTEADS]
    s, c, h = contact_turn(p, 60, ag=0)
    step(s, p, use_action(s, 0, c, 1))
    assert s[L.BS] == p[L.P_CA + L.K_HOMESTEADS]


# ---- 61 Coldhollow ------------------------------------------------------------------------------
def test_coldhollow_cubes_in_order_ED_L61_01_02_03(P2):
    """ED-L61-02/03: several successful defenders take one cube each from the tray, the active
    player first, then clockwise (ED-L61-01)."""
    c = L.CITIZEN0
    p = plain(P2, (c,))
    s = API.new_state(p, seed=3)
    clear_tower(s)
    blank_card(s, c)
    set_tray(s, 0, c, {L.BLACK: 3, 0: 1})
    s[L.ACTIVE] = 1
    s[L.STAGE] = L.S_ATTACKS
    s[L.SUB] = 1
    s[L.AUTO_STEP] = 0
    settle(s, p)
    assert s[L.DEC] == L.D_CUBE and s[L.CUR] == 1 and legal(s, p) == {L.A_PASS, OPT(0), OPT(4)}
    step(s, p, OPT(0))
    assert s[L.DEC] == L.D_CUBE and s[L.CUR] == 0 and legal(s, p) == {L.A_PASS, OPT(4)}
    step(s, p, OPT(4))
    assert s[L.CCUBES + L.NCOL + 0] == 1 and s[L.CCUBES + L.BLACK] == 1
    assert s[L.CCUBES + 0] == 0


# ---- 62 Shorehollow Isle ------------------------------------------------------------------------
def discard_state(p, hand, isle, seed=4):
    """Seat 0 at step 5 with ``hand`` and ``isle`` Agents on Shorehollow Isle (the Street
    dealt); seat 1 holds its own card so its turn stops at its sleeve."""
    s = main_state(p, seed=seed)
    refill_street(s, new_rng(2))
    set_hand(s, 0, hand)
    set_hand(s, 1, [5])
    s[L.C_OWNER + 5] = 1
    s[L.AG + loc(s, 62)] = isle
    s[L.TRAINED] = 8
    s[L.FIRST] = 0
    s[L.PHASE] = 0
    s[L.STAGE] = L.S_DISCARD
    s[L.DS_STEP] = 0
    return s


@pytest.mark.parametrize("isle,gain", [(0, 0), (1, 1), (2, 2)])
def test_shorehollow_low_tiers_ED_L62_01_03_04_05_06(ST, isle, gain):
    """ED-L62-01: a discarded card carrying a Priestess triggers the Isle (a card without one
    does not); ED-L62-03 (assumed) for the discarding player; ED-L62-04/05/06: 0, 1 and 2
    Agents give nothing, 1 and 2 Coins."""
    p = ST
    c, other = L.CITIZEN0, L.CITIZEN0 + 1
    s = discard_state(p, [c, other], isle)
    blank_card(s, c, bot=loc(s, 62))
    blank_card(s, other, mid=loc(s, 61))
    c0 = int(s[L.COINS])
    settle(s, p)
    if s[L.DEC] == L.D_TRAVELER:
        step(s, p, L.A_PASS)
    assert s[L.COINS] == c0 + gain and s[L.ACTIVE] == 1


def test_shorehollow_three_sleeve_street_ED_L62_07_10(ST):
    """ED-L62-07: 3 Agents: 2 Coins or sleeve an advancement onto a Street card;
    ED-L62-10: that is a normal sleeve, collecting the stack's Citadel Influence."""
    p = ST
    c = L.CITIZEN0
    s = discard_state(p, [c], 3)
    blank_card(s, c, mid=loc(s, 62))
    cit = loc(s, 51)
    s[L.STACK_INF + 2 * cit] = 2
    i0, c0 = int(s[L.INFL]), int(s[L.COINS])
    settle(s, p)
    assert s[L.DEC] == L.D_SHORE and legal(s, p) == {OPT(0), OPT(1)}
    step(s, p, OPT(1))
    step(s, p, OPT(2 * cit))
    target = int(s[L.STREET + 1])
    step(s, p, OPT(1))
    assert s[L.C_MID + target] == cit and s[L.INFL] == i0 + 2 and s[L.COINS] == c0
    s = discard_state(p, [c], 3)
    blank_card(s, c, mid=loc(s, 62))
    settle(s, p)
    step(s, p, OPT(0))
    assert s[L.COINS] == c0 + 2


def test_shorehollow_four_claim_ED_L62_08_11(ST):
    """ED-L62-08: 4 Agents: any lower reward, or return 3 Agents to claim another player's card
    in hand or in the Street, that player gaining 1 Influence; ED-L62-11: the only claim of
    another guild's card (the other claims accept Neutral cards only)."""
    p = ST
    c = L.CITIZEN0
    s = discard_state(p, [c, 6], 4)
    blank_card(s, c, mid=loc(s, 62))
    blank_card(s, 6, owner=1)
    isle = loc(s, 62)
    i1, t0 = int(s[L.INFL + 1]), int(s[L.TRAINED])
    settle(s, p)
    assert legal(s, p) == {OPT(0), OPT(1), OPT(2)}
    step(s, p, OPT(2))
    assert OPT(1) in legal(s, p)                    # seat 1's card 6 at hand position 1
    step(s, p, OPT(1))
    assert s[L.C_OWNER + 6] == 0 and s[L.INFL + 1] == i1 + 1
    assert s[L.AG + isle] == 1 and s[L.TRAINED] == t0 + 3 and s[L.SLIPS] == 1
    assert s[L.C_ZONE + 6] == L.Z_DISCARD            # now seat 0's own card
    from simcore.darkness.contacts import slot_ok
    s2 = main_state(p)
    set_hand(s2, 0, [6])
    s2[L.C_OWNER + 6] = 1
    s2[L.COINS] = 20
    assert not slot_ok(s2, p, 0, L.K_DOCKS, 0)


def test_shorehollow_street_ability_discard_ED_L62_02(ST):
    """ED-L62-02: discards by the Street ability trigger the Isle too (here 1 Agent: 1 Coin)."""
    p = ST
    c, d = L.CITIZEN0, L.CITIZEN0 + 1
    s = main_state(p)
    refill_street(s, new_rng(2))
    for x in range(L.NCARD):
        if s[L.C_ZONE + x] == L.Z_STREET:
            blank_card(s, x)
    blank_card(s, c, mid=loc(s, 62))
    blank_card(s, d)
    set_hand(s, 0, [c, d])
    s[L.AG + loc(s, 62)] = 1
    s[L.COINS] = 0
    settle(s, p)
    step(s, p, L.A_STREET)
    step(s, p, OPT(0))
    assert s[L.COINS] == 1 and s[L.C_ZONE + c] == L.Z_DISCARD


def test_priestess_dispatch_ED_L62_12_13(ST):
    """ED-L62-12/13: sleeving a Priestess onto a card you do not own (Neutral or another
    guild's) dispatches 1 Agent to the Isle; onto your own card it does not."""
    p = ST
    s = API.new_state(p, seed=2)
    isle = loc(s, 62)
    st = 2 * isle
    blank_card(s, 0, owner=0)
    blank_card(s, 5, owner=1)
    blank_card(s, L.CITIZEN0)
    s[L.STACK_N + st] = 4
    s[L.AG + isle] = 0
    do_sleeve(s, p, 0, 0, st, False)
    assert s[L.AG + isle] == 0
    do_sleeve(s, p, 0, L.CITIZEN0, st, False)
    assert s[L.AG + isle] == 1
    do_sleeve(s, p, 0, 5, st, False)
    assert s[L.AG + isle] == 2 and s[L.AG + L.NLOC + isle] == 0
