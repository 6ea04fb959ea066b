"""Rules tests for Dark Frontier (solo Tel·lus mission).

Each test names the checklist items (../shared/rules/checklists/frontier.md) it
checks.  States are hand-built: ``blank`` gives a Tel·lus turn with an empty
field, hand and Rival field; cards are put on the field with the engine's
``place_tellus`` / ``place_rival`` and the rest is set through layout offsets.
"""
import numpy as np
import pytest
from numba import njit

from agents.scripted.frontier import scripted_action
from simcore.frontier import API, SPEC, VARIANTS
from simcore.frontier import engine as E
from simcore.frontier import field as FF
from simcore.frontier import layout as L
from simcore.frontier import play as FP
from simcore.frontier import rival as FR
from simcore.rng import new_rng, randint, seed_rng


# --------------------------------------------------------------------------
# fixtures and helpers
# --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def P():
    """Standard params (compiles the kernels once for the module)."""
    p = API.params()
    s = API.new_state(p)
    API.legal_actions(s, p)
    return p


def rng(i=1):
    return new_rng(7, 0, i, 0)


def with_card(p, kind, **fields):
    q = p.copy()
    for f, v in fields.items():
        q[L.card(kind, L.CARD_FIELDS.index(f))] = v
    return q


def blank(p, turn=2, rturn=1, phase=L.PH_SPACESHIP):
    # a fresh deal stopped at turn 1 (starting cards activated so turn 1 has choices and
    # init does not pass it and Rival turn 1 automatically), then cleared
    q = p.copy()
    q[L.P_START_ACTIVE] = 1
    s = API.new_state(q)
    s[L.HAND:L.HAND + L.NK] = 0
    for base, v in ((L.TF_KIND, -1), (L.TF_ACT, 0), (L.TF_DMG, 0), (L.TF_HOST, -1),
                    (L.TF_INT, -1), (L.RF_KIND, -1), (L.RF_ACT, 0), (L.RF_DMG, 0), (L.RF_ATK, 0)):
        s[base:base + L.MAX_TF] = v
    s[L.TURN] = turn
    s[L.RTURN] = rturn
    s[L.PHASE] = phase
    s[L.END] = 0
    s[L.CP] = 0
    return s


def put(s, kind, active=1):
    return int(FF.place_tellus(s, kind, active))


def rput(s, kind, active=1):
    return int(FF.place_rival(s, kind, active))


def keep(s):
    """A Communications Tower in hand costs 0 after the reduction, so the next Spaceship
    or Hiring Phase always has an option and the engine pauses there (phases whose only
    option is 'end' are passed automatically)."""
    s[L.HAND + L.TOWER] += 1


def legal(s, p):
    return set(API.legal_actions(s, p).tolist())


def act(s, p, a, i=3):
    API.step(s, p, int(a), rng(i))


def only_rival(s, kind, n):
    s[L.RDECK:L.RDECK + L.NR] = 0
    s[L.RDECK + kind - L.RIVAL0] = n


def field_kinds(s):
    return [int(k) for k in s[L.TF_KIND:L.TF_KIND + L.MAX_TF] if k >= 0]


def rival_slots(s):
    return [r for r in range(L.MAX_RF) if s[L.RF_KIND + r] >= 0]


def run_rival_turn(s, p, i=5):
    """End the Tel·lus turn (hand <= 7) and run the Rival turn with no Tel·lus Troops."""
    s[L.PHASE] = L.PH_DISCARD
    FR.end_player_turn(s, p, rng(i))


# --------------------------------------------------------------------------
# SETUP / SOLO opening / DECK
# --------------------------------------------------------------------------
def test_opening_DF_SOLO_05_SOLO_07_SOLO_12_DECK_01_DECK_02_DECK_03(P):
    """Tel·lus starts with Bunker + Headquarters on the field, an opening hand of 0 Army
    and 1 Orders card; decks hold the listed cards (the play area's regions:
    test_play_area_regions_DF_SETUP_01).
    Checks: DF-SOLO-05, DF-SOLO-07, DF-SOLO-12, DF-DECK-01, DF-DECK-02, DF-DECK-03.
    """
    q = P.copy()
    q[L.P_START_ACTIVE] = 1  # turn 1 then has choices: the deal is seen before any play
    for seed in range(5):
        s = API.new_state(q, seed=seed)
        assert sorted(field_kinds(s)) == [L.BUNKER, L.HQ]
        assert s[L.TURN] == 1 and s[L.RTURN] == 0 and API.current_player(s, P) == 0
        hand = s[L.HAND:L.HAND + L.NK]
        assert hand.sum() == 1
        k = int(np.flatnonzero(hand)[0])
        assert P[L.card(k, L.CF_DECK)] == L.D_ORDERS
        assert s[L.CP] == 0 and s[L.DISC:L.DISC + L.NK].sum() == 0 and s[L.VAN:L.VAN + L.NK].sum() == 0
    counts = {key: int(P[L.card(k, L.CF_COUNT)]) for k, key in enumerate(L.KIND_KEYS)}
    assert [counts[k] for k in ("glider_pilot", "novice_soldier", "tellus_ranger", "rocket_launcher")] == [3, 3, 3, 1]
    assert [counts[k] for k in ("bunker", "first_settlement", "headquarters", "communications_tower",
                                "urgent_repairs")] == [1, 2, 3, 3, 2]
    assert [counts[k] for k in ("rapid_spinner", "mucosal_stinger", "swift_centipede", "ruthless_hunter",
                                "biting_larvae")] == [3, 4, 3, 1, 4]
    s = API.new_state(q)
    army = sum(int(s[L.DECK + k]) for k in range(L.NK) if P[L.card(k, L.CF_DECK)] == L.D_ARMY)
    orders = sum(int(s[L.DECK + k]) for k in range(L.NK) if P[L.card(k, L.CF_DECK)] == L.D_ORDERS)
    assert army == 10 and orders + 1 == 11 - 2  # 11 listed, 2 on the field, 1 in hand
    assert s[L.RDECK:L.RDECK + L.NR].sum() == 15


def test_deck_two_piles_DF_SETUP_02_TURN_47_RIVAL_10(P):
    """A discarded card goes to the Discard Pile of its own deck; Rival turn 4 shuffles
    only the Army Discard Pile back into the Army Deck.
    Checks: DF-SETUP-02, DF-TURN-47, DF-RIVAL-10.
    """
    s = blank(P, turn=4, rturn=3, phase=L.PH_DISCARD)
    put(s, L.BUNKER)
    s[L.HAND + L.NOVICE] = 5
    s[L.HAND + L.TOWER] = 4
    army0 = int(s[L.DECK + L.NOVICE])
    act(s, P, L.A_DISCARD + L.NOVICE)
    assert s[L.DISC + L.NOVICE] == 1 and s[L.DISC + L.TOWER] == 0 and s[L.RTURN] == 3
    act(s, P, L.A_DISCARD + L.TOWER)
    # the hand is now 7: the turn ended and Rival turn 4 ran (nothing on the Rival field)
    assert s[L.RTURN] == 4
    assert s[L.DISC + L.NOVICE] == 0 and s[L.DISC + L.TOWER] == 1
    assert s[L.DECK + L.NOVICE] + s[L.HAND + L.NOVICE] == army0 + 1 + 4


def test_ship_marker_DF_SETUP_03_CARD_13_COST_05_TURN_07_TURN_08_TURN_18_TURN_19(P):
    """With a Spaceship (ship.enabled=1): it starts with its marker; the marker pays its
    Crystal Value or fires its Ranged Value, not both; restored in the Draw Phase, which
    turn 1 skips.
    Checks: DF-SETUP-03, DF-CARD-13, DF-COST-05, DF-TURN-07, DF-TURN-08, DF-TURN-18, DF-TURN-19.
    """
    p = P.copy()
    p[L.P_SHIP] = 1
    p[L.P_SHIP_CRYSTAL] = 3
    p[L.P_SHIP_RANGED] = 2
    s = API.new_state(p)
    assert s[L.MARKER] == 1
    s = blank(p, turn=2)
    s[L.MARKER] = 1
    put(s, L.BUNKER)
    assert FP.available_crystal(s, p) == 3
    s[L.HAND + L.TOWER] = 2  # cost 2 full: paid by the marker alone
    act(s, p, L.A_PLAY + L.TOWER)
    assert s[L.MARKER] == 0 and FP.available_crystal(s, p) == 0
    assert s[L.PHASE] == L.PH_SPACESHIP and s[L.TURN] == 2
    # no marker: no ship shot
    s[L.PHASE] = L.PH_RANGED
    rput(s, L.LARVAE)
    assert L.A_SHIP_SHOOT not in legal(s, p)
    # restored in the Draw Phase of turn 2+, then it can shoot (Ranged 2 vanishes a 1-Life card)
    s[L.TURN] = 2
    FR.start_player_turn(s, p, rng())
    assert s[L.MARKER] == 1
    s[L.PHASE] = L.PH_RANGED
    act(s, p, L.A_SHIP_SHOOT)
    assert s[L.MARKER] == 0
    act(s, p, L.A_TARGET + 0)
    assert s[L.RIVAL_VANISHED] == 1
    assert FP.available_crystal(s, p) == 1  # only the Tower: the marker that shot cannot pay
    # turn 1 has no Draw Phase: no restore
    s2 = blank(p, turn=0)
    s2[L.MARKER] = 0
    FR.start_player_turn(s2, p, rng())
    assert s2[L.TURN] == 1 and s2[L.MARKER] == 0


def test_solo_no_ship_DF_SOLO_09_SOLO_11(P):
    """Without a Spaceship the Tel·lus player still reduces Tel·lus costs; no marker.
    Checks: DF-SOLO-09, DF-SOLO-11.
    """
    s = blank(P)
    put(s, L.BUNKER)
    put(s, L.HQ)
    s[L.HAND + L.TOWER] = 1
    assert P[L.P_SHIP] == 0 and s[L.MARKER] == 0
    assert L.A_PLAY_RED + L.TOWER in legal(s, P)
    assert L.A_SHIP_SHOOT not in legal(s, P)


# --------------------------------------------------------------------------
# END
# --------------------------------------------------------------------------
def test_bunker_destroyed_loses_DF_END_01_END_02_CARD_10_SETUP_07_TURN_35(P):
    """Unopposed attackers reduce the Bunker's Structure; at 0 it is destroyed: loss.
    Checks: DF-END-01, DF-END-02, DF-CARD-10, DF-SETUP-07, DF-TURN-35.
    """
    s = blank(P)
    b = put(s, L.BUNKER)
    struct = int(P[L.card(L.BUNKER, L.CF_STRUCT)])
    assert P[L.P_CP_TARGET] == 10
    s[L.TF_DMG + b] = struct - 3
    rput(s, L.STINGER)  # Attack 2: Structure left 1, survives
    FR.start_assault(s, P)
    assert FR.resolve_assault(s, P) == 2
    assert s[L.END] == 0 and FF.bunker_slot(s) == b and s[L.TF_DMG + b] == struct - 1
    s[L.RF_ACT + 0] = 1
    FR.start_assault(s, P)
    FR.resolve_assault(s, P)  # Structure 1 - 2 <= 0: destroyed
    assert FF.bunker_slot(s) < 0 and s[L.END] == L.END_BUNKER
    assert API.returns(s, P)[0] == 0.0 and s[L.DISC + L.BUNKER] == 1


def test_exact_zero_destroys_DF_END_02_CARD_05(P):
    """A Troop is destroyed when its damage reaches its Life exactly, not before.
    Checks: DF-END-02, DF-CARD-05.
    """
    s = blank(P)
    put(s, L.BUNKER)
    t = put(s, L.NOVICE)  # Life 2
    r = rput(s, L.LARVAE)  # Attack 1
    FR.start_assault(s, P)
    s[L.TF_INT + t] = r
    FR.resolve_assault(s, P)
    assert s[L.TF_KIND + t] == L.NOVICE  # 1 damage < 2 Life
    p = with_card(P, L.LARVAE, attack=2)
    s = blank(p)
    put(s, L.BUNKER)
    t = put(s, L.NOVICE)
    r = rput(s, L.LARVAE)
    FR.start_assault(s, p)
    s[L.TF_INT + t] = r
    FR.resolve_assault(s, p)
    assert s[L.TF_KIND + t] == -1


def test_starting_cards_wait_for_turn_2_DF_TURN_05_SOLO_08_SOLO_13(P):
    """The starting Bunker and Headquarters enter deactivated, so skipping Activation on
    turn 1 matters: the Headquarters cannot pay for anything until the Activation Phase of
    turn 2 activates it.
    Checks: DF-TURN-05, DF-SOLO-08, DF-SOLO-13.
    """
    assert P[L.P_START_ACTIVE] == 0
    at_turn_1 = 0
    for seed in range(8):
        s = API.new_state(P, seed=seed)
        if s[L.TURN] == 1:                   # turn 1 offered a (free) play
            at_turn_1 += 1
            assert [int(s[L.TF_ACT + x]) for x in range(2)] == [0, 0]
            assert all(a == L.A_END or L.A_PLAY <= a < L.A_DISCARD for a in legal(s, P))
            while s[L.TURN] == 1 and not API.is_terminal(s, P):
                act(s, P, L.A_END)
        assert s[L.TURN] == 2 and s[L.RTURN] == 1
        kinds = [int(s[L.TF_KIND + x]) for x in range(2)]
        assert sorted(kinds) == [L.BUNKER, L.HQ]
        assert [int(s[L.TF_ACT + x]) for x in range(2)] == [1, 1]
    assert 0 < at_turn_1 < 8                 # both openings were seen
    # a turn-1 Headquarters cannot generate Crystal: a Tower that costs 1 is not playable
    pt = with_card(P, L.TOWER, cost=3)
    s = blank(pt, turn=0)
    put(s, L.BUNKER, active=0)
    put(s, L.HQ, active=0)
    s[L.HAND + L.TOWER] = 1
    FR.start_player_turn(s, pt, rng())
    assert s[L.TURN] == 1 and L.A_PLAY_RED + L.TOWER not in legal(s, pt)
    FR.start_player_turn(s, pt, rng())
    assert s[L.TURN] == 2 and L.A_PLAY_RED + L.TOWER in legal(s, pt)


def test_win_at_turn_start_DF_END_03_END_04_SOLO_01_CARD_09_VARIANT_01(P):
    """Reaching 10 CP in the Hiring Phase is not a win; starting the next turn with it is.
    Checks: DF-END-03, DF-END-04, DF-SOLO-01, DF-CARD-09, DF-VARIANT-01.
    """
    s = blank(P, turn=3, rturn=0, phase=L.PH_HIRING)
    put(s, L.BUNKER)
    put(s, L.HQ)
    only_rival(s, L.LARVAE, 4)
    s[L.CP] = 9
    s[L.HAND + L.NOVICE] = 1  # cost 2, Colonization 1
    keep(s)
    act(s, P, L.A_PLAY + L.NOVICE)
    assert s[L.CP] == 10 and s[L.END] == 0  # mid-turn: still playing
    assert not API.is_terminal(s, P)
    act(s, P, L.A_END)  # end hiring -> discard (nothing) -> Rival turn 1 (no assault) -> turn 4
    assert s[L.END] == L.END_WIN and s[L.WON] == 1
    assert API.returns(s, P)[0] == 1.0 and API.scores(s, P)[0] == 10
    assert API.info(s, P)["rounds"] == 3


def test_cp_without_bunker_DF_END_05(P):
    """10+ CP with no Bunker on the field is not a win.
    Checks: DF-END-05.
    """
    s = blank(P, turn=3)
    put(s, L.HQ)
    s[L.CP] = 12
    FR.start_player_turn(s, P, rng())
    assert s[L.END] != L.END_WIN
    put(s, L.BUNKER)
    FR.start_player_turn(s, P, rng())
    assert s[L.END] == L.END_WIN


def test_bunker_must_survive_DF_END_06(P):
    """10 CP reached mid-turn, then the Rival destroys the Bunker: a loss, not a win.
    Checks: DF-END-06.
    """
    s = blank(P, turn=5, rturn=4, phase=L.PH_HIRING)
    b = put(s, L.BUNKER)
    s[L.TF_DMG + b] = int(P[L.card(L.BUNKER, L.CF_STRUCT)]) - 1
    rput(s, L.STINGER)
    s[L.CP] = 10
    act(s, P, L.A_END)
    assert s[L.END] == L.END_BUNKER and s[L.WON] == 0


def test_abandonment_DF_END_07_END_08_SOLO_15(P):
    """Abandonment (switched on) loses with both decks empty; with one deck empty the
    player draws 1 from the other; the solo mission never loses by Abandonment.
    Checks: DF-END-07, DF-END-08, DF-SOLO-15.
    """
    s = blank(P, turn=3)
    s[L.DECK:L.DECK + L.NK] = 0
    s[L.DECK + L.TOWER] = 2
    FR.start_player_turn(s, P, rng())
    assert s[L.HAND:L.HAND + L.NK].sum() == 1 and s[L.HAND + L.TOWER] == 1  # Army empty
    FR.start_player_turn(s, P, rng())
    s[L.DECK:L.DECK + L.NK] = 0
    s[L.HAND:L.HAND + L.NK] = 0
    put(s, L.BUNKER)
    assert P[L.P_ABANDONMENT] == 0
    FR.start_player_turn(s, P, rng())
    assert s[L.END] == 0 and s[L.HAND:L.HAND + L.NK].sum() == 0
    p = P.copy()
    p[L.P_ABANDONMENT] = 1
    FR.start_player_turn(s, p, rng())
    assert s[L.END] == L.END_ABANDON


# --------------------------------------------------------------------------
# CARD / COST
# --------------------------------------------------------------------------
def test_card_data_DF_CARD_02_CARD_03_CARD_04_CARD_12_CARD_14(P):
    """Buildings carry Structure, Troops Colonization/Attack/Life; the keyword set and
    the card types are data, compiled from rules.toml into params.
    Checks: DF-CARD-02, DF-CARD-03, DF-CARD-04, DF-CARD-12, DF-CARD-14.
    """
    for k in range(L.NKIND):
        t = P[L.card(k, L.CF_TYPE)]
        if t == L.T_BUILDING:
            assert P[L.card(k, L.CF_STRUCT)] > 0
        if t == L.T_TROOP:
            assert P[L.card(k, L.CF_LIFE)] > 0 and P[L.card(k, L.CF_COL)] > 0
    assert set(L.TYPE_NAMES) == {"troop", "building", "action", "reaction", "equipment", "improvement"}
    for kw in ("ranged", "armor", "shields", "speed_assault", "anti_gravity"):
        assert kw in L.CARD_FIELDS
    rs = API.rules(sets=["cards.novice_soldier.attack=3", "cards.novice_soldier.colonization=4"])
    p = API.params(rules=rs)
    assert p[L.card(L.NOVICE, L.CF_ATTACK)] == 3
    # hire gives the Colonization value; its Attack is what it deals
    s = blank(p, phase=L.PH_HIRING)
    put(s, L.BUNKER)
    put(s, L.HQ)
    s[L.HAND + L.NOVICE] = 1
    act(s, p, L.A_PLAY + L.NOVICE)
    assert s[L.CP] == 4
    s = blank(p)
    b = put(s, L.BUNKER)
    rput(s, L.LARVAE)
    FR.start_assault(s, p)
    FR.resolve_assault(s, p)
    assert s[L.TF_DMG + b] == P[L.card(L.LARVAE, L.CF_ATTACK)]


def test_faction_costs_DF_CARD_07_CARD_08_COST_08_COST_09_COST_10_COST_11_SOLO_10(P):
    """Own Faction may pay 2 less (optional); another Faction must pay 2 more;
    no Faction Symbol pays the printed cost; the same card costs 2 less for Tel·lus
    and 2 more for another Faction.
    Checks: DF-CARD-07, DF-CARD-08, DF-COST-08, DF-COST-09, DF-COST-10, DF-COST-11, DF-SOLO-10.
    """
    printed = int(P[L.card(L.HQ, L.CF_COST)])
    assert P[L.card(L.HQ, L.CF_FACTION)] == L.F_TELLUS
    assert FF.cost_of(P, L.HQ, False) == printed and FF.cost_of(P, L.HQ, True) == printed - 2
    zr = with_card(P, L.HQ, faction=L.F_ZRUG)
    assert FF.cost_of(zr, L.HQ, False) == printed + 2
    assert P[L.card(L.REPAIRS, L.CF_FACTION)] == L.F_NONE
    assert FF.cost_of(P, L.REPAIRS, False) == P[L.card(L.REPAIRS, L.CF_COST)]
    s = blank(P)
    put(s, L.BUNKER)
    for _ in range(4):
        put(s, L.HQ)
    s[L.HAND + L.HQ] = 1
    s[L.HAND + L.REPAIRS] = 1
    lg = legal(s, P)
    assert {L.A_PLAY + L.HQ, L.A_PLAY_RED + L.HQ, L.A_PLAY + L.REPAIRS} <= lg
    assert L.A_PLAY_RED + L.REPAIRS not in lg  # no symbol: no reduction
    lg = legal(s, zr)
    assert L.A_PLAY + L.HQ in lg and L.A_PLAY_RED + L.HQ not in lg  # increase is mandatory


def test_cost_floor_and_crystal_limits_DF_COST_01_COST_12_CARD_11(P):
    """A card is playable only with enough Crystal; a reduced cost floors at 0.
    Checks: DF-COST-01, DF-COST-12, DF-CARD-11.
    """
    p = with_card(P, L.TOWER, cost=1)
    assert FF.cost_of(p, L.TOWER, True) == 0
    s = blank(p)
    put(s, L.BUNKER)
    s[L.HAND + L.HQ] = 1
    s[L.HAND + L.TOWER] = 1
    lg = legal(s, p)
    assert L.A_PLAY + L.HQ not in lg and L.A_PLAY_RED + L.HQ not in lg  # no Crystal at all
    assert L.A_PLAY_RED + L.TOWER in lg  # free after the reduction


def test_crystal_payment_DF_COST_02_COST_03_COST_04_COST_06_COST_07_TURN_10_TURN_11(P):
    """Buildings are deactivated to generate Crystal; the Bunker generates none; one
    payment combines several Buildings; excess is lost; spent and new Buildings cannot
    pay again until the next Activation.
    Checks: DF-COST-02, DF-COST-03, DF-COST-04, DF-COST-06, DF-COST-07, DF-TURN-10, DF-TURN-11.
    """
    s = blank(P)
    b = put(s, L.BUNKER)
    h1 = put(s, L.HQ)  # 2
    t1 = put(s, L.TOWER)  # 1
    t2 = put(s, L.TOWER)  # 1
    assert FP.available_crystal(s, P) == 4  # the Bunker adds nothing
    s[L.HAND + L.SETTLEMENT] = 1  # full cost 3
    keep(s)
    act(s, P, L.A_PLAY + L.SETTLEMENT)
    # least excess: HQ + one Tower (3), or... exactly 3 with two cards
    assert s[L.TF_ACT + h1] == 0 and s[L.TF_ACT + t1] + s[L.TF_ACT + t2] == 1
    assert s[L.TF_ACT + b] == 1
    fs = next(i for i in range(L.MAX_TF) if s[L.TF_KIND + i] == L.SETTLEMENT)
    assert s[L.TF_ACT + fs] == 0  # enters deactivated
    assert FP.available_crystal(s, P) == 1  # the new Building and the spent ones give nothing
    # excess lost: a 1-cost card paid by the only source, a 2-Crystal HQ
    s = blank(P)
    put(s, L.BUNKER)
    h = put(s, L.HQ)
    s[L.HAND + L.REPAIRS] = 1
    keep(s)
    act(s, P, L.A_PLAY + L.REPAIRS)
    act(s, P, L.A_TARGET + h)
    assert s[L.TF_ACT + h] == 0 and FP.available_crystal(s, P) == 0
    assert L.A_PLAY_RED + L.TOWER in legal(s, P)  # cost 0 after reduction still playable
    # next Activation restores every card
    FR.start_player_turn(s, P, rng())
    assert all(s[L.TF_ACT + i] == 1 for i in range(L.MAX_TF) if s[L.TF_KIND + i] >= 0)


def test_full_price_keeps_colonization_DF_COST_13_TURN_41_TURN_40(P):
    """Hiring at full cost gains Colonization; at the reduced cost it gains none; the
    Troop enters activated either way.
    Checks: DF-COST-13, DF-TURN-41, DF-TURN-40.
    """
    for reduced, gain in ((False, 2), (True, 0)):
        s = blank(P, phase=L.PH_HIRING)
        put(s, L.BUNKER)
        put(s, L.HQ)
        put(s, L.HQ)
        s[L.HAND + L.GLIDER] = 1  # cost 3, Colonization 2
        act(s, P, (L.A_PLAY_RED if reduced else L.A_PLAY) + L.GLIDER)
        g = next(i for i in range(L.MAX_TF) if s[L.TF_KIND + i] == L.GLIDER)
        assert s[L.CP] == gain and s[L.TF_ACT + g] == 1


def test_other_faction_troop_DF_TURN_43_TURN_44_TURN_42(P):
    """An other-Faction Troop never gives Colonization when hired (cost increased) but
    costs its Colonization when destroyed; an own-Faction Troop costs nothing.
    Checks: DF-TURN-43, DF-TURN-44, DF-TURN-42.
    """
    p = with_card(P, L.GLIDER, faction=L.F_ZRUG)
    s = blank(p, phase=L.PH_HIRING)
    put(s, L.BUNKER)
    for _ in range(3):
        put(s, L.HQ)
    s[L.CP] = 5
    s[L.HAND + L.GLIDER] = 1
    assert L.A_PLAY_RED + L.GLIDER not in legal(s, p)
    act(s, p, L.A_PLAY + L.GLIDER)
    assert s[L.CP] == 5
    g = next(i for i in range(L.MAX_TF) if s[L.TF_KIND + i] == L.GLIDER)
    FF.remove_tellus(s, p, g, False)
    assert s[L.CP] == 3
    n = put(s, L.NOVICE)
    FF.remove_tellus(s, p, n, False)
    assert s[L.CP] == 3 and s[L.TROOPS_LOST] == 2


# --------------------------------------------------------------------------
# TURN: phases
# --------------------------------------------------------------------------
def test_phase_order_DF_TURN_02_TURN_03_SOLO_14_TURN_09_TURN_39(P):
    """Spaceship -> Ranged -> (Assault skipped) -> Hiring -> Discard; each ends by doing
    nothing; Troops can be hired only in the Hiring Phase.
    Checks: DF-TURN-02, DF-TURN-03, DF-SOLO-14, DF-TURN-09, DF-TURN-39.
    """
    s = blank(P, turn=3, rturn=2)
    put(s, L.BUNKER)
    put(s, L.HQ)
    put(s, L.HQ)
    t = put(s, L.RANGER)
    rput(s, L.LARVAE)
    s[L.HAND + L.NOVICE] = 1
    s[L.HAND + L.TOWER] = 1
    s[L.HAND + L.ROCKET] = 1
    s[L.HAND + L.REPAIRS] = 1
    lg = legal(s, P)
    assert L.A_END in lg and L.A_PLAY + L.NOVICE not in lg and L.A_PLAY_RED + L.NOVICE not in lg
    assert {L.A_PLAY + L.TOWER, L.A_PLAY_RED + L.ROCKET, L.A_PLAY + L.REPAIRS} <= lg
    act(s, P, L.A_END)
    assert s[L.PHASE] == L.PH_RANGED and L.A_END in legal(s, P) and L.A_SHOOT + t in legal(s, P)
    act(s, P, L.A_END)
    assert s[L.PHASE] == L.PH_HIRING  # straight from Ranged to Hiring: no Assault Phase
    lg = legal(s, P)
    assert {L.A_END, L.A_PLAY + L.NOVICE, L.A_PLAY + L.TOWER, L.A_PLAY_RED + L.ROCKET,
            L.A_PLAY + L.REPAIRS} <= lg
    assert s[L.RF_DMG + 0] == 0 and s[L.RTURN] == 2  # the Tel·lus Troops never assaulted


def test_activation_and_draw_DF_TURN_04_TURN_05_TURN_06_SOLO_13(P):
    """Activation and Draw happen from turn 2; turn 1 skips both.
    Checks: DF-TURN-04, DF-TURN-05, DF-TURN-06, DF-SOLO-13.
    """
    s = blank(P, turn=0)
    h = put(s, L.HQ, active=0)
    hand0 = int(s[L.HAND:L.HAND + L.NK].sum())
    FR.start_player_turn(s, P, rng())
    assert s[L.TURN] == 1 and s[L.TF_ACT + h] == 0 and s[L.HAND:L.HAND + L.NK].sum() == hand0
    FR.start_player_turn(s, P, rng())
    assert s[L.TURN] == 2 and s[L.TF_ACT + h] == 1
    hand = s[L.HAND:L.HAND + L.NK]
    assert hand.sum() == 2
    decks = sorted(int(P[L.card(k, L.CF_DECK)]) for k in range(L.NK) for _ in range(hand[k]))
    assert decks == [L.D_ARMY, L.D_ORDERS]
    # a real opening: turn 1 runs with the 1 Orders card only
    q = P.copy()
    q[L.P_START_ACTIVE] = 1
    s = API.new_state(q, seed=3)
    assert s[L.TURN] == 1 and s[L.HAND:L.HAND + L.NK].sum() == 1


def test_building_action_equipment_DF_CARD_12_TURN_12_TURN_13_TURN_14(P):
    """Action: pay, apply, Discard Pile. Equipment needs a Troop and is attached; it is
    destroyed or vanished with its Troop. Improvements need a Spaceship.
    Checks: DF-CARD-12, DF-TURN-12, DF-TURN-13, DF-TURN-14.
    """
    s = blank(P)
    b = put(s, L.BUNKER)
    for _ in range(3):
        put(s, L.HQ)
    s[L.TF_DMG + b] = 5
    s[L.HAND + L.REPAIRS] = 1
    s[L.HAND + L.ROCKET] = 2
    keep(s)
    assert L.A_PLAY_RED + L.ROCKET not in legal(s, P) and L.A_PLAY + L.ROCKET not in legal(s, P)
    act(s, P, L.A_PLAY + L.REPAIRS)
    assert legal(s, P) == {L.A_TARGET + i for i in range(L.MAX_TF) if FF.is_building(s, P, i)}
    assert s[L.PEND_MODE] == L.PEND_PLAY
    act(s, P, L.A_TARGET + b)
    assert s[L.TF_DMG + b] == 1 and s[L.DISC + L.REPAIRS] == 1
    t = put(s, L.NOVICE)
    act(s, P, L.A_PLAY_RED + L.ROCKET)
    assert legal(s, P) == {L.A_TARGET + t}
    act(s, P, L.A_TARGET + t)
    assert FF.t_ranged(s, P, t) == P[L.card(L.ROCKET, L.CF_RANGED)]
    FF.remove_tellus(s, P, t, False)
    assert s[L.DISC + L.ROCKET] == 1 and s[L.DISC + L.NOVICE] == 1 and field_kinds(s).count(L.ROCKET) == 0
    t = put(s, L.NOVICE)
    e = put(s, L.ROCKET)
    s[L.TF_HOST + e] = t
    FF.remove_tellus(s, P, t, True)
    assert s[L.VAN + L.ROCKET] == 1 and s[L.VAN + L.NOVICE] == 1
    # an Improvement needs a Spaceship
    p = with_card(P, L.REPAIRS, type=L.T_IMPROVEMENT, repair=0)
    s = blank(p)
    put(s, L.HQ)
    s[L.HAND + L.REPAIRS] = 1
    assert L.A_PLAY + L.REPAIRS not in legal(s, p)
    p[L.P_SHIP] = 1
    assert L.A_PLAY + L.REPAIRS in legal(s, p)


def test_discard_phase_DF_TURN_46_TURN_48(P):
    """More than 7 cards is fine until the Discard Phase, which discards down to 7 and
    then ends the turn.
    Checks: DF-TURN-46, DF-TURN-48.
    """
    s = blank(P, turn=3, rturn=2, phase=L.PH_HIRING)
    put(s, L.BUNKER)
    s[L.HAND + L.TOWER] = 9
    assert L.A_END in legal(s, P)
    act(s, P, L.A_END)
    assert s[L.PHASE] == L.PH_DISCARD and legal(s, P) == {L.A_DISCARD + L.TOWER}
    act(s, P, L.A_DISCARD + L.TOWER)
    assert s[L.PHASE] == L.PH_DISCARD and s[L.RTURN] == 2
    act(s, P, L.A_DISCARD + L.TOWER)
    assert s[L.RTURN] == 3  # down to 7: the turn ended and the Rival played


# --------------------------------------------------------------------------
# TURN: ranged
# --------------------------------------------------------------------------
def test_ranged_vanish_at_double_life_DF_TURN_16_TURN_22_TURN_23_SOLO_22(P):
    """A shot of 4 at a 2-Life card vanishes it, a shot of 3 destroys it; each shooter
    deactivates; Rival cards are targets.
    Checks: DF-TURN-16, DF-TURN-22, DF-TURN-23, DF-SOLO-22.
    """
    p = with_card(P, L.RANGER, ranged=4)
    s = blank(p, phase=L.PH_RANGED)
    put(s, L.BUNKER)
    a = put(s, L.RANGER)
    r = rput(s, L.STINGER)  # Life 2
    rput(s, L.STINGER)
    act(s, p, L.A_SHOOT + a)
    assert s[L.TF_ACT + a] == 0
    assert legal(s, p) == {L.A_TARGET + i for i in rival_slots(s)}
    act(s, p, L.A_TARGET + r)
    assert s[L.RIVAL_VANISHED] == 1 and s[L.RIVAL_DESTROYED] == 0
    p3 = with_card(P, L.RANGER, ranged=3)
    s = blank(p3, phase=L.PH_RANGED)
    a = put(s, L.RANGER)
    b = put(s, L.RANGER)
    r = rput(s, L.STINGER)
    rput(s, L.LARVAE)
    act(s, p3, L.A_SHOOT + a)
    act(s, p3, L.A_TARGET + r)
    assert s[L.RIVAL_DESTROYED] == 1 and s[L.RIVAL_VANISHED] == 0
    assert L.A_SHOOT + b in legal(s, p3)  # any number of shots


def test_only_activated_shoot_DF_TURN_17_SOLO_21(P):
    """A deactivated Ranged card cannot shoot; a Troop that shot stays deactivated
    through the Rival turn, so it is never asked to intercept.
    Checks: DF-TURN-17, DF-SOLO-21.
    """
    s = blank(P, turn=5, rturn=4, phase=L.PH_RANGED)
    put(s, L.BUNKER)
    a = put(s, L.RANGER)
    b = put(s, L.RANGER, active=0)
    rput(s, L.STINGER)
    rput(s, L.STINGER)
    lg = legal(s, P)
    assert L.A_SHOOT + a in lg and L.A_SHOOT + b not in lg
    s[L.TF_ACT + b] = 1  # now b could shoot too, and stays ready to intercept
    act(s, P, L.A_SHOOT + a)
    act(s, P, L.A_TARGET + 0)  # 2 damage on a 2-Life Stinger: destroyed
    assert s[L.PHASE] == L.PH_RANGED and s[L.RIVAL_DESTROYED] == 1
    act(s, P, L.A_END)  # -> Hiring (nothing) -> Discard -> Rival turn 5: assault
    assert s[L.PHASE] == L.PH_INTERCEPT and s[L.INT_SLOT] == b
    assert API.current_player(s, P) == 0
    keep(s)
    act(s, P, L.A_END)  # b does not intercept -> resolution; a was never asked
    assert s[L.RTURN] == 5 and s[L.TURN] == 6 and s[L.PHASE] == L.PH_SPACESHIP


def test_armor_shields_DF_TURN_21_CARD_14(P):
    """Armor and Shields reduce a Ranged Attack; the vanish test uses the reduced damage
    against printed Life (assumed).
    Checks: DF-TURN-21, DF-CARD-14.
    """
    p = with_card(P, L.STINGER, armor=1, shields=1)
    s = blank(p)
    r = rput(s, L.STINGER)
    assert FP.ranged_hit(s, p, 3, r) == 0 and s[L.RF_DMG + r] == 1
    assert FP.ranged_hit(s, p, 3, r) == 1  # 1 + 1 >= 2: destroyed
    r = rput(s, L.STINGER)
    assert FP.ranged_hit(s, p, 5, r) == 1  # 3 after Armor+Shields < 4: destroyed, not vanished
    r = rput(s, L.STINGER)
    assert FP.ranged_hit(s, p, 6, r) == 2  # 4 >= 2 x 2: vanished


# --------------------------------------------------------------------------
# TURN: assault (the Rival's)
# --------------------------------------------------------------------------
def test_interception_choices_DF_TURN_28_TURN_29_SOLO_20_TURN_36_TURN_38(P):
    """The Tel·lus player picks, Troop by Troop, which attacker each intercepts; several
    may intercept the same one; an Opposed attacker deals no Bunker damage even when its
    interceptors die; interceptors stay activated.
    Checks: DF-TURN-28, DF-TURN-29, DF-SOLO-20, DF-TURN-36, DF-TURN-38.
    """
    p = with_card(P, L.STINGER, attack=4, life=3)
    s = blank(p, turn=5, rturn=4, phase=L.PH_DISCARD)
    b = put(s, L.BUNKER)
    t1 = put(s, L.NOVICE)
    t2 = put(s, L.NOVICE)
    only_rival(s, L.LARVAE, 5)
    st = rput(s, L.STINGER)
    keep(s)
    FR.end_player_turn(s, p, rng())  # Rival turn 5: reveal a Larvae (activated), assault
    assert s[L.PHASE] == L.PH_INTERCEPT and s[L.INT_SLOT] == t1
    atk = [r for r in range(L.MAX_RF) if s[L.RF_ATK + r]]
    assert len(atk) == 2 and legal(s, p) == {L.A_END} | {L.A_TARGET + r for r in atk}
    act(s, p, L.A_TARGET + st)
    assert s[L.INT_SLOT] == t2 and legal(s, p) == {L.A_END} | {L.A_TARGET + r for r in atk}
    act(s, p, L.A_TARGET + st)  # both on the Stinger (Attack 4 kills both Novices)
    assert s[L.TF_KIND + t1] == -1 and s[L.TF_KIND + t2] == -1
    assert s[L.RF_KIND + st] == L.STINGER and s[L.RF_DMG + st] == 0  # 1 + 1 < 3; cleared at turn end
    larvae_atk = int(p[L.card(L.LARVAE, L.CF_ATTACK)])
    assert s[L.BUNKER_DMG] == larvae_atk  # only the unopposed Larvae hit the Bunker
    assert s[L.TF_DMG + b] == larvae_atk
    # interceptors stay activated after the assault
    s = blank(P)
    put(s, L.BUNKER)
    t = put(s, L.GLIDER)  # 2/2
    r = rput(s, L.LARVAE)  # 1/1
    FR.start_assault(s, P)
    s[L.TF_INT + t] = r
    FR.resolve_assault(s, P)
    assert s[L.TF_ACT + t] == 1 and s[L.RF_KIND + r] == -1


def test_simultaneous_damage_DF_TURN_31_TURN_37(P):
    """Without first strike, attacker and interceptor deal damage at the same time: a
    2/2 Stinger and a 2/2 Glider destroy each other; a surviving attacker is deactivated.
    Checks: DF-TURN-31, DF-TURN-37.
    """
    s = blank(P)
    put(s, L.BUNKER)
    g = put(s, L.GLIDER)
    r = rput(s, L.STINGER)
    FR.start_assault(s, P)
    s[L.TF_INT + g] = r
    FR.resolve_assault(s, P)
    assert s[L.TF_KIND + g] == -1 and s[L.RF_KIND + r] == -1
    s = blank(P)
    put(s, L.BUNKER)
    n = put(s, L.NOVICE)  # 1/2
    r = rput(s, L.STINGER)  # 2/2
    FR.start_assault(s, P)
    s[L.TF_INT + n] = r
    FR.resolve_assault(s, P)
    assert s[L.TF_KIND + n] == -1 and s[L.RF_KIND + r] == L.STINGER
    assert s[L.RF_ACT + r] == 0 and s[L.RF_DMG + r] == 1


def test_speed_assault_first_DF_TURN_32(P):
    """A Speed Assault attacker deals its damage first: it destroys the interceptor,
    which then deals nothing; the same card without Speed Assault takes the hit.
    Checks: DF-TURN-32.
    """
    for speed, hurt in ((1, 0), (0, 1)):
        p = with_card(P, L.CENTIPEDE, attack=2, speed_assault=speed)
        s = blank(p)
        put(s, L.BUNKER)
        n = put(s, L.NOVICE)  # Attack 1, Life 2
        r = rput(s, L.CENTIPEDE)  # Life 2
        FR.start_assault(s, p)
        s[L.TF_INT + n] = r
        FR.resolve_assault(s, p)
        assert s[L.TF_KIND + n] == -1
        assert s[L.RF_DMG + r] == hurt
    # a Speed Assault interceptor also strikes first
    p = with_card(P, L.NOVICE, speed_assault=1, attack=2)
    s = blank(p)
    put(s, L.BUNKER)
    n = put(s, L.NOVICE)
    r = rput(s, L.STINGER)  # 2/2, no first strike
    FR.start_assault(s, p)
    s[L.TF_INT + n] = r
    FR.resolve_assault(s, p)
    assert s[L.RF_KIND + r] == -1 and s[L.TF_KIND + n] == L.NOVICE and s[L.TF_DMG + n] == 0


def test_ranged_vs_anti_gravity_first_DF_TURN_33(P):
    """A Ranged interceptor strikes an Anti Gravity attacker first; a Troop without
    Ranged trades blows with it.
    Checks: DF-TURN-33.
    """
    p = with_card(P, L.SPINNER, attack=2, speed_assault=0)  # 2/1 Anti Gravity
    s = blank(p)
    put(s, L.BUNKER)
    rg = put(s, L.RANGER)  # Ranged 2, Attack 1, Life 2
    r = rput(s, L.SPINNER)
    FR.start_assault(s, p)
    s[L.TF_INT + rg] = r
    FR.resolve_assault(s, p)
    assert s[L.RF_KIND + r] == -1 and s[L.TF_KIND + rg] == L.RANGER and s[L.TF_DMG + rg] == 0
    s = blank(p)
    put(s, L.BUNKER)
    n = put(s, L.NOVICE)
    r = rput(s, L.SPINNER)
    FR.start_assault(s, p)
    s[L.TF_INT + n] = r
    FR.resolve_assault(s, p)
    assert s[L.RF_KIND + r] == -1 and s[L.TF_KIND + n] == -1
    # no Anti Gravity: the Ranger has no first strike
    q = with_card(p, L.SPINNER, anti_gravity=0)
    s = blank(q)
    put(s, L.BUNKER)
    rg = put(s, L.RANGER)
    r = rput(s, L.SPINNER)
    FR.start_assault(s, q)
    s[L.TF_INT + rg] = r
    FR.resolve_assault(s, q)
    assert s[L.TF_KIND + rg] == -1


def test_only_activated_assault_DF_TURN_26_TURN_27_RIVAL_14(P):
    """Only activated Rival Troops assault, always the Tel·lus Bunker (the lowest-slot one
    if two stand); Troops are never the target; attackers end deactivated.
    Checks: DF-TURN-26, DF-TURN-27, DF-RIVAL-14.
    """
    s = blank(P)
    n = put(s, L.NOVICE, active=0)
    b1 = put(s, L.BUNKER)
    b2 = put(s, L.BUNKER)
    r1 = rput(s, L.LARVAE, active=1)
    r2 = rput(s, L.STINGER, active=0)
    FR.start_assault(s, P)
    assert s[L.RF_ATK + r1] == 1 and s[L.RF_ATK + r2] == 0
    FR.resolve_assault(s, P)
    assert s[L.TF_DMG + b1] == P[L.card(L.LARVAE, L.CF_ATTACK)] and s[L.TF_DMG + b2] == 0
    assert s[L.TF_DMG + n] == 0 and s[L.RF_ACT + r1] == 0


def test_vanished_never_return_DF_CARD_15(P):
    """Vanished cards go to the Vanished Area and stay there: the Rival's turn-4 shuffle
    brings back destroyed Army cards only.
    Checks: DF-CARD-15.
    """
    s = blank(P, turn=4, rturn=3, phase=L.PH_DISCARD)
    put(s, L.BUNKER)
    only_rival(s, L.LARVAE, 5)
    a = put(s, L.GLIDER)
    d = put(s, L.NOVICE)
    FF.remove_tellus(s, P, a, True)
    FF.remove_tellus(s, P, d, False)
    assert s[L.VAN + L.GLIDER] == 1 and s[L.DISC + L.NOVICE] == 1
    g0 = int(s[L.DECK + L.GLIDER] + s[L.HAND + L.GLIDER])
    n0 = int(s[L.DECK + L.NOVICE] + s[L.HAND + L.NOVICE])
    keep(s)
    FR.end_player_turn(s, P, rng())
    assert s[L.RTURN] == 4 and s[L.VAN + L.GLIDER] == 1
    assert s[L.DECK + L.GLIDER] + s[L.HAND + L.GLIDER] == g0
    assert s[L.DECK + L.NOVICE] + s[L.HAND + L.NOVICE] == n0 + 1


# --------------------------------------------------------------------------
# SOLO / RIVAL chart
# --------------------------------------------------------------------------
def _chart_state(p, kind=L.LARVAE, n=15):
    s = blank(p, turn=1, rturn=0, phase=L.PH_DISCARD)
    b = put(s, L.BUNKER)
    only_rival(s, kind, n)
    return s, b


def test_chart_turn_1_DF_RIVAL_01_SOLO_03_SOLO_18(P):
    """Rival turn 1: one card from the top of the Rival Deck, activated, at no cost; no
    assault.
    Checks: DF-RIVAL-01, DF-SOLO-03, DF-SOLO-18.
    """
    s, b = _chart_state(P)
    run_rival_turn(s, P)
    assert s[L.RTURN] == 1 and s[L.RIVAL_PLAYED] == 1
    assert rival_slots(s) == [0] and s[L.RF_ACT + 0] == 1 and s[L.RDECK + L.LARVAE - L.RIVAL0] == 14
    assert s[L.TF_DMG + b] == 0 and s[L.TURN] == 2


def test_chart_turn_2_DF_RIVAL_02_RIVAL_03_RIVAL_13(P):
    """Rival turn 2: two cards activated, then every activated Troop, the new ones
    included, assaults the Bunker.
    Checks: DF-RIVAL-02, DF-RIVAL-03, DF-RIVAL-13.
    """
    s, b = _chart_state(P)
    rput(s, L.LARVAE, active=0)  # the turn-1 card (reactivated at the start of the turn)
    s[L.RTURN] = 1
    run_rival_turn(s, P)
    assert s[L.RTURN] == 2 and len(rival_slots(s)) == 3 and s[L.RIVAL_PLAYED] == 2
    assert s[L.TF_DMG + b] == 3 * P[L.card(L.LARVAE, L.CF_ATTACK)]
    assert all(s[L.RF_ACT + r] == 0 for r in rival_slots(s))


def test_chart_turn_3_DF_RIVAL_04_RIVAL_05_RIVAL_06_RIVAL_07(P):
    """Rival turn 3: one card deactivated (it does not assault), assault, and one more
    activated card only if the Bunker was damaged; blocked attackers mean no extra card.
    Checks: DF-RIVAL-04, DF-RIVAL-05, DF-RIVAL-06, DF-RIVAL-07.
    """
    s, b = _chart_state(P)
    rput(s, L.LARVAE)
    s[L.RTURN] = 2
    run_rival_turn(s, P)
    assert s[L.TF_DMG + b] == 1  # only the old card assaulted
    slots = rival_slots(s)
    assert len(slots) == 3 and s[L.RIVAL_PLAYED] == 2
    assert [s[L.RF_ACT + r] for r in slots] == [0, 0, 1]  # attacker, deactivated new, extra activated
    # every attacker intercepted: no damage, no extra card
    s, b = _chart_state(P)
    rput(s, L.LARVAE)
    g = put(s, L.GLIDER)
    s[L.RTURN] = 2
    s[L.PHASE] = L.PH_DISCARD
    keep(s)
    FR.end_player_turn(s, P, rng())
    assert s[L.PHASE] == L.PH_INTERCEPT
    act(s, P, L.A_TARGET + 0)
    assert s[L.TF_DMG + b] == 0 and s[L.RIVAL_PLAYED] == 1 and s[L.RTURN] == 3
    assert s[L.TF_KIND + g] == L.GLIDER


def test_chart_turn_4_DF_RIVAL_08_RIVAL_09_RIVAL_10(P):
    """Rival turn 4: two cards deactivated, assault with the activated ones, then the
    Army Discard Pile is shuffled into the Army Deck.
    Checks: DF-RIVAL-08, DF-RIVAL-09, DF-RIVAL-10.
    """
    s, b = _chart_state(P)
    rput(s, L.LARVAE)
    s[L.RTURN] = 3
    s[L.DISC + L.GLIDER] = 2
    s[L.DISC + L.HQ] = 1
    deck_g = int(s[L.DECK + L.GLIDER])
    run_rival_turn(s, P)
    assert s[L.RTURN] == 4 and s[L.TF_DMG + b] == 1
    slots = rival_slots(s)
    assert len(slots) == 3 and [s[L.RF_ACT + r] for r in slots] == [0, 0, 0]
    assert s[L.DISC + L.GLIDER] == 0 and s[L.DISC + L.HQ] == 1
    assert s[L.DECK + L.GLIDER] + s[L.HAND + L.GLIDER] == deck_g + 2


def test_chart_turn_5_and_so_DF_RIVAL_11_RIVAL_12_SOLO_06_SOLO_04_TURN_01(P):
    """From Rival turn 5 on, every turn reveals one activated card and assaults with all;
    Tel·lus and Rival turns alternate.
    Checks: DF-RIVAL-11, DF-RIVAL-12, DF-SOLO-06, DF-SOLO-04, DF-TURN-01.
    """
    s, b = _chart_state(P)
    s[L.RTURN] = 4
    for t in (5, 6, 7, 8):
        turn0 = int(s[L.TURN])
        s[L.TF_DMG + b] = 0
        run_rival_turn(s, P)
        assert s[L.RTURN] == t and s[L.TURN] == turn0 + 1
        assert s[L.RIVAL_PLAYED] == t - 4
        assert s[L.TF_DMG + b] == (t - 4) * P[L.card(L.LARVAE, L.CF_ATTACK)]  # all assault
    assert [FR.rival_row(P, t) for t in range(1, 9)] == [1, 2, 3, 4, 5, 5, 5, 5]


def test_reveal_counts_DF_RIVAL_15_DF_DECK_05(P):
    """Cards revealed per Rival turn: 1, 2, 1 (+1 after a Bunker hit), 2, then 1: the
    15-card deck is empty after turn 12 with the extra card, 13 without; the Army Deck
    alone empties after Tel·lus turn 11.
    Checks: DF-RIVAL-15, DF-DECK-05.
    """
    for atk, last in ((1, 12), (0, 13)):
        p = with_card(P, L.LARVAE, attack=atk)
        p[L.card(L.BUNKER, L.CF_STRUCT)] = 99
        s, _b = _chart_state(p)
        left = []
        for _ in range(14):
            run_rival_turn(s, p)
            left.append(int(FF.rival_deck_left(s)))
        assert left.index(0) + 1 == last
        if atk:
            assert left[:5] == [14, 12, 10, 8, 7]
    s = blank(P, turn=1)
    put(s, L.BUNKER)
    army = [k for k in range(L.NK) if P[L.card(k, L.CF_DECK)] == L.D_ARMY]
    for turn in range(2, 13):
        FR.start_player_turn(s, P, rng(turn))
        left = sum(int(s[L.DECK + k]) for k in army)
        assert left == max(0, 10 - (turn - 1))
    assert left == 0 and s[L.TURN] == 12


def test_reactivation_and_short_deck_DF_RIVAL_13(P):
    """Deactivated Rival cards from turns 3/4 assault from the next turn on (assumed
    reactivation); a short deck reveals what is left (assumed).
    Checks: DF-RIVAL-13.
    """
    s, b = _chart_state(P, n=1)
    rput(s, L.LARVAE, active=0)
    s[L.RTURN] = 1
    run_rival_turn(s, P)  # turn 2 wants 2 cards, only 1 left
    assert s[L.RIVAL_PLAYED] == 1 and len(rival_slots(s)) == 2
    assert s[L.TF_DMG + b] == 2


def test_rival_exhausted_DF_SOLO_16(P):
    """The game ends when the Rival has no card on the field and an empty deck (a loss
    by default, assumed) - here by a Tel·lus shot.
    Checks: DF-SOLO-16.
    """
    s = blank(P, turn=14, rturn=13, phase=L.PH_RANGED)
    put(s, L.BUNKER)
    a = put(s, L.RANGER)
    only_rival(s, L.LARVAE, 0)
    r = rput(s, L.LARVAE)
    s[L.CP] = 4
    act(s, P, L.A_SHOOT + a)
    act(s, P, L.A_TARGET + r)
    assert s[L.END] == L.END_EXHAUSTED and API.returns(s, P)[0] == 0.0
    assert API.info(s, P)["end_reason"] == SPEC.end_reasons.index("rival-exhausted")


def test_win_before_wipe_out_DF_SOLO_01_END_03_SOLO_16(P):
    """A player with 10 CP and a Bunker whose interceptors kill the Rival's last card on
    the Rival's turn starts the next turn with 10 CP and wins: the win check at the start
    of the turn comes before the wiped-out Rival ends the game.  Below 10 CP the same
    wipe-out ends the game as before.
    Checks: DF-SOLO-01, DF-END-03, DF-SOLO-16.
    """
    for cp, end in ((10, L.END_WIN), (9, L.END_EXHAUSTED)):
        s = blank(P, turn=14, rturn=13, phase=L.PH_DISCARD)
        put(s, L.BUNKER)
        g = put(s, L.GLIDER)                  # 2/2 interceptor
        only_rival(s, L.LARVAE, 0)
        r = rput(s, L.LARVAE)                 # 1/1, the Rival's last card
        s[L.CP] = cp
        FR.end_player_turn(s, P, rng())      # Rival turn 14: nothing to reveal, assault
        assert s[L.PHASE] == L.PH_INTERCEPT and s[L.INT_SLOT] == g
        act(s, P, L.A_TARGET + r)
        assert s[L.RF_KIND + r] == -1 and FF.rival_deck_left(s) == 0
        assert s[L.END] == end and s[L.WON] == (1 if cp == 10 else 0)
        assert API.returns(s, P)[0] == (1.0 if cp == 10 else 0.0)


def test_solo_opponent_is_chart_DF_SOLO_02(P):
    """The Rival makes no decisions: the only decider is seat 0 and every Rival turn is
    carried out between Tel·lus turns without actions of its own.
    Checks: DF-SOLO-02.
    """
    s, _b = _chart_state(P)
    for _ in range(3):
        run_rival_turn(s, P)
        assert API.current_player(s, P) == 0 and s[L.PHASE] == L.PH_SPACESHIP
    assert s[L.RTURN] == 3 and s[L.TURN] == 4


# --------------------------------------------------------------------------
# VARIANT
# --------------------------------------------------------------------------
def test_eased_variant_DF_VARIANT_02_VARIANT_03_VARIANT_04_VARIANT_06(P):
    """Eased: no Ruthless Hunter (14 cards) and the Rival's Turn 4 is skipped (no
    deactivated reveals, no Army shuffle); every other param is unchanged; each change
    also exists alone as its own variant.
    Checks: DF-VARIANT-02, DF-VARIANT-03, DF-VARIANT-04, DF-VARIANT-06.
    """
    pe = API.params(setup="eased")
    assert pe[L.card(L.HUNTER, L.CF_COUNT)] == 0 and P[L.card(L.HUNTER, L.CF_COUNT)] == 1
    s = API.new_state(pe)
    assert s[L.RDECK:L.RDECK + L.NR].sum() + s[L.RIVAL_PLAYED] == 14
    assert s[L.RDECK + L.HUNTER - L.RIVAL0] == 0
    diff = np.flatnonzero(pe != P).tolist()
    assert diff == sorted([L.P_SKIP_T4, L.card(L.HUNTER, L.CF_COUNT)])
    assert VARIANTS["eased"] == (1, 1) and VARIANTS["skip-turn-4"] == (1, 0)
    assert VARIANTS["no-hunter"] == (0, 1)
    assert API.params(setup="skip-turn-4")[L.card(L.HUNTER, L.CF_COUNT)] == 1
    assert API.params(setup="no-hunter")[L.P_SKIP_T4] == 0
    s, b = _chart_state(pe)
    rput(s, L.LARVAE)
    s[L.RTURN] = 3
    s[L.DISC + L.GLIDER] = 2
    run_rival_turn(s, pe)
    assert s[L.RTURN] == 4 and s[L.RIVAL_PLAYED] == 0 and s[L.TF_DMG + b] == 0
    assert s[L.DISC + L.GLIDER] == 2
    assert [FR.rival_row(pe, t) for t in range(1, 8)] == [1, 2, 3, 0, 5, 5, 5]


def test_eased_deck_runs_out_DF_VARIANT_07(P):
    """Eased 14-card deck with a do-nothing 4th turn: empty after Rival turn 13 with the
    turn-3 extra card, 14 without.
    Checks: DF-VARIANT-07.
    """
    pe = API.params(setup="eased")
    for atk, last in ((1, 13), (0, 14)):
        p = with_card(pe, L.LARVAE, attack=atk)
        p[L.card(L.BUNKER, L.CF_STRUCT)] = 99
        s, _b = _chart_state(p, n=14)
        left = []
        for _ in range(15):
            run_rival_turn(s, p)
            left.append(int(FF.rival_deck_left(s)))
        assert left.index(0) + 1 == last
    alt = API.params(setup="eased-row5")  # the 4th turn already plays "Turn 5 and so"
    assert [FR.rival_row(alt, t) for t in range(1, 7)] == [1, 2, 3, 5, 5, 5]


def test_skip_turn_4_both_readings_named_DF_VARIANT_05_VARIANT_07(P):
    """"Skip the Turn 4" has two readings, both kept as named setups: ``eased`` (the Rival
    does nothing on its 4th turn) and ``eased-row5`` (its 4th turn plays the "Turn 5 and so"
    row: one card, activated, then an assault); the two differ in nothing else.  The
    row-5 reading's 14-card deck is empty after Rival turn 13 (12 with the turn-3 extra).
    Checks: DF-VARIANT-05, DF-VARIANT-07.
    """
    assert {"eased", "eased-row5"} <= set(SPEC.setups)
    pe, pr = API.params(setup="eased"), API.params(setup="eased-row5")
    assert np.flatnonzero(pe != pr).tolist() == [L.P_SKIP_MODE]
    assert API.params(setup="eased-turn5")[L.P_SKIP_MODE] == 1
    assert [FR.rival_row(pe, t) for t in range(1, 7)] == [1, 2, 3, 0, 5, 5]
    assert [FR.rival_row(pr, t) for t in range(1, 7)] == [1, 2, 3, 5, 5, 5]
    for p, played, hit in ((pe, 0, 0), (pr, 1, 1)):
        s, b = _chart_state(p)
        s[L.RTURN] = 3
        s[L.DISC + L.GLIDER] = 2
        run_rival_turn(s, p)                                  # the Rival's 4th turn
        assert s[L.RTURN] == 4 and s[L.RIVAL_PLAYED] == played
        assert (s[L.TF_DMG + b] > 0) == bool(hit) and s[L.DISC + L.GLIDER] == 2
    for atk, last in ((1, 12), (0, 13)):
        p = with_card(pr, L.LARVAE, attack=atk)
        p[L.card(L.BUNKER, L.CF_STRUCT)] = 99
        s, _b = _chart_state(p, n=14)
        left = []
        for _ in range(15):
            run_rival_turn(s, p)
            left.append(int(FF.rival_deck_left(s)))
        assert left.index(0) + 1 == last


def test_settled_values_are_rulebook_DF_SOLO_11_SOLO_19(P):
    """No Spaceship ("even not having a Spaceship") and Rival cards activated again each
    Rival turn (cards put in "deactivated" on turns 3-4 must assault later) are rulebook
    values, not assumptions: the sensitivity study, which sweeps assumed values, leaves
    them alone.
    Checks: DF-SOLO-11, DF-SOLO-19.
    """
    rs = API.rules()
    assumed = {e.path for e in rs.assumed()}
    for path, value in (("ship.enabled", 0), ("rival.reactivate", 1)):
        e = rs.entries[path]
        assert e.source == "rulebook" and e.value == value and e.cite
        assert path not in assumed
    assert P[L.P_SHIP] == 0 and P[L.P_RIVAL_REACTIVATE] == 1


def test_bad_inputs():
    from simcore.spec import BadInput
    with pytest.raises(BadInput):
        API.params(setup="hard")
    with pytest.raises(BadInput):
        API.params(rules=API.rules(sets=["cards.glider_pilot.type=wizard"]))
    with pytest.raises(BadInput):
        API.params(rules=API.rules(sets=["mission.turn_cap=500"]))
    assert API.params(setup="Eased")[L.P_SKIP_T4] == 1
    assert L.decode_action(L.A_PLAY_RED + L.HQ) == ("play-reduced", L.HQ)


def test_rules_toml_assumed_entries():
    """Every value not from the rulebook is `assumed` with a reason and every gap item
    of the checklist is named by an assumed entry; an assumed number has a plausible range
    unless its reason says why it is not swept (it changes no game)."""
    rs = API.rules()
    text = API.rules_path.read_text()
    for gap in ("SETUP-05", "SETUP-06", "CARD-16", "CARD-17", "CARD-18", "COST-12", "TURN-15",
                "TURN-24", "TURN-25", "TURN-30", "TURN-34", "TURN-45", "SOLO-08", "SOLO-10",
                "SOLO-11", "SOLO-17", "SOLO-19", "SOLO-23", "SOLO-24", "DECK-04", "VARIANT-05"):
        assert f"DF-{gap}" in text, gap
    for e in rs.entries.values():
        assert e.source in ("rulebook", "assumed")
        if e.source == "assumed":
            assert e.reason
            if isinstance(e.value, int) and "not swept" not in e.reason.lower():
                assert e.range is not None and e.range[0] <= e.value <= e.range[1], e.path


# --------------------------------------------------------------------------
# random play over every variant (conformance)
# --------------------------------------------------------------------------
@njit(cache=True)
def _random_games(params, n_games, seed, max_len):
    st = np.zeros(L.STATE_SIZE, np.int32)
    legal = np.zeros(L.NUM_ACTIONS, np.int32)
    crng = np.zeros(2, np.uint64)
    arng = np.zeros(2, np.uint64)
    wins = 0
    worst = 0
    for g in range(n_games):
        seed_rng(crng, seed, 0, g, 0)
        seed_rng(arng, seed, 0, g, 1)
        E.init(st, params, crng)
        length = 0
        while not E.is_terminal(st, params):
            n = E.legal_actions(st, params, legal)
            if n < 1 or length >= max_len:
                return -1, length
            E.step(st, params, legal[randint(arng, n)], crng)
            length += 1
        if E.legal_actions(st, params, legal) != 0:
            return -2, length
        worst = max(worst, length)
        wins += st[L.WON]
    return wins, worst


@pytest.mark.parametrize("setup", SPEC.setups)
def test_random_playouts(P, setup):
    p = API.params(setup=setup)
    wins, worst = _random_games(p, 300, 11, SPEC.max_game_length)
    assert wins >= 0, (wins, worst)
    assert 0 < worst <= SPEC.max_game_length


def test_same_rng_same_game(P):
    """Chance comes only from the rng: the same (state, action, rng) gives the same state,
    and copying a state is a row copy that never aliases."""
    a = API.new_state(P, seed=4)
    b = API.new_state(P, seed=4)
    assert (a == b).all()
    c = a.copy()
    for i in range(200):
        if API.is_terminal(a, P):
            break
        la = API.legal_actions(a, P)
        act_ = int(la[i % len(la)])
        API.step(a, P, act_, rng(100 + i))
        API.step(b, P, act_, rng(100 + i))
        assert (a == b).all()
    assert (c == API.new_state(P, seed=4)).all()
    out = np.zeros(len(SPEC.info_columns), np.int64)
    E.info(a, P, out)
    E.determinize(b, P, 0, rng())
    assert (a == b).all()


@njit(cache=True)
def _scripted_games(params, n_games, seed):
    st = np.zeros(L.STATE_SIZE, np.int32)
    legal = np.zeros(L.NUM_ACTIONS, np.int32)
    crng = np.zeros(2, np.uint64)
    arng = np.zeros(2, np.uint64)
    wins = 0
    for g in range(n_games):
        seed_rng(crng, seed, 0, g, 0)
        seed_rng(arng, seed, 0, g, 1)
        E.init(st, params, crng)
        while not E.is_terminal(st, params):
            n = E.legal_actions(st, params, legal)
            a = scripted_action(st, params, 0, arng, legal, n)
            ok = False
            for i in range(n):
                if legal[i] == a:
                    ok = True
            if not ok:
                return -1
            E.step(st, params, a, crng)
        wins += st[L.WON]
    return wins


def test_scripted_plays_legal_and_beats_random(P):
    """The scripted player only picks legal actions, and wins far more than random."""
    for setup in ("standard", "eased"):
        p = API.params(setup=setup)
        w = _scripted_games(p, 200, 5)
        assert w >= 0
        r, _ = _random_games(p, 200, 5, SPEC.max_game_length)
        assert w > r + 10, (setup, w, r)


# --------------------------------------------------------------------------
# readings swept as alternatives, and readings the text settles
# --------------------------------------------------------------------------
def params_set(*sets):
    return API.params(rules=API.rules(sets=list(sets)))


def test_faction_read_literally_DF_TURN_43_SOLO_10(P):
    """Paying Costs read literally ('NOT from your Faction if it has a Faction Symbol and
    doesn't share it with your Spaceship'): with no Spaceship, a destroyed Tel·lus Troop
    costs its Colonization (faction.player_is_tellus = 0); by default the player counts as
    Tel·lus and loses nothing.  The reduction the Special Rules grant stays either way.
    Checks: DF-TURN-43, DF-SOLO-10.
    """
    q = params_set("faction.player_is_tellus=0")
    col = int(P[L.card(L.GLIDER, L.CF_COL)])
    for p, cp in ((P, 5), (q, 5 - col)):
        s = blank(p)
        s[L.CP] = 5
        g = put(s, L.GLIDER)
        FF.remove_tellus(s, p, g, False)
        assert s[L.CP] == cp
    assert FF.cost_of(q, L.GLIDER, 1) == FF.cost_of(P, L.GLIDER, 1) < P[L.card(L.GLIDER, L.CF_COST)]
    assert FF.gains_cp(q, L.GLIDER, 0) == col


def test_full_damage_to_each_interceptor_DF_TURN_31_TURN_34(P):
    """Step 3, 'damage equal to its Attack Points to the Troop or Troops opposing it', read
    two ways: by default an attacker divides its Attack (lethal damage to the weakest
    first), so a 3-Attack attacker blocked by two 1/2 Novice Soldiers destroys one; with
    combat.damage_split = 1 each takes the full 3 and both are destroyed.
    Checks: DF-TURN-31, DF-TURN-34.
    """
    q = params_set("combat.damage_split=1")
    for p, left in ((P, 1), (q, 0)):
        p = with_card(p, L.STINGER, attack=3, life=9, speed_assault=0)
        s = blank(p)
        put(s, L.BUNKER)
        a = put(s, L.NOVICE)
        b = put(s, L.NOVICE)
        r = rput(s, L.STINGER)
        FR.start_assault(s, p)
        s[L.TF_INT + a] = r
        s[L.TF_INT + b] = r
        FR.resolve_assault(s, p)
        assert sum(1 for k in field_kinds(s) if k == L.NOVICE) == left
        assert s[L.BUNKER_DMG] == 0  # Opposed: nothing reaches the Bunker


def test_hunter_shoots_with_abilities_DF_SOLO_23(P):
    """rival.abilities = 1: the Ruthless Hunter, activated, shoots its Ranged value at the
    Tel·lus Troop with the least Life left before the Rival assaults, and still assaults;
    by default (0) Rival cards never shoot.
    Checks: DF-SOLO-23.
    """
    q = params_set("rival.abilities=1")
    rng_ = int(q[L.card(L.HUNTER, L.CF_RANGED)])
    assert rng_ >= int(q[L.card(L.NOVICE, L.CF_LIFE)])
    for p, shot in ((P, False), (q, True)):
        p = with_card(p, L.RANGER, life=4)  # sturdier than the Novice, and first in slot
        s = blank(p)
        put(s, L.BUNKER)
        put(s, L.RANGER)
        n = put(s, L.NOVICE)
        rput(s, L.HUNTER)
        FR.rival_shots(s, p)
        assert (s[L.TF_KIND + n] == -1) == shot
    s = blank(q)
    put(s, L.BUNKER)
    put(s, L.NOVICE)
    rput(s, L.HUNTER, active=0)
    FR.rival_shots(s, q)
    assert L.NOVICE in field_kinds(s)  # a deactivated Hunter holds fire
    # the whole Rival turn: the shot clears the only interceptor, then the Hunter assaults
    s = blank(q, turn=5, rturn=4)
    put(s, L.BUNKER)
    put(s, L.NOVICE)
    rput(s, L.HUNTER)
    only_rival(s, L.LARVAE, 3)
    run_rival_turn(s, q)
    assert L.NOVICE not in field_kinds(s) and s[L.TROOPS_LOST] == 1
    assert s[L.BUNKER_DMG] >= q[L.card(L.HUNTER, L.CF_ATTACK)]


def test_settled_and_swept_readings_DF_TURN_34_CARD_16_SOLO_08():
    """First-strike kills, destroyed cards to their Discard Pile and the starting cards
    taken out of the listed deck are settled by the text (never swept); the three
    alternative readings are swept; values that change no game are not.
    Checks: DF-TURN-34, DF-CARD-16, DF-SOLO-08.
    """
    from experiments.studies.sensitivity import sweep_entries

    rs = API.rules()
    for path in ("combat.first_strike_kills", "deck.destroyed_to_discard",
                 "mission.starting_from_deck", "rival.reactivate"):
        assert rs.entries[path].source == "rulebook" and rs[path] == 1
    assert "reasoned" in rs.entries["rival.reactivate"].cite
    swept = {e.path for e, _ in sweep_entries("frontier")[0]}
    assert {"faction.player_is_tellus", "combat.damage_split", "rival.abilities"} <= swept
    assert not swept & {"mission.exhausted_win", "ship.crystal", "ship.ranged",
                        "combat.first_strike_kills", "deck.destroyed_to_discard",
                        "mission.starting_from_deck"}


def test_play_area_regions_DF_SETUP_01(P):
    """The play area's regions are kept apart: a destroyed Army card goes to the Army
    Discard Pile and the Rival's turn 4 shuffles it back into the Army Deck; a destroyed
    Orders card stays in the Orders Discard Pile; a vanished card stays in the Vanished
    Area; Colonization Points stay in the Colonization Area; the Field keeps the Bunker.
    Checks: DF-SETUP-01.
    """
    s = blank(P, turn=4, rturn=3)
    put(s, L.BUNKER)
    only_rival(s, L.LARVAE, 5)  # turn 4 reveals deactivated cards: no assault
    n_before = int(s[L.DECK + L.NOVICE] + s[L.HAND + L.NOVICE])
    h_before = int(s[L.DECK + L.HQ] + s[L.HAND + L.HQ])
    g_before = int(s[L.DECK + L.GLIDER] + s[L.HAND + L.GLIDER])
    FF.remove_tellus(s, P, put(s, L.NOVICE), False)
    FF.remove_tellus(s, P, put(s, L.HQ), False)
    FF.remove_tellus(s, P, put(s, L.GLIDER), True)
    assert s[L.DISC + L.NOVICE] == 1 and s[L.DISC + L.HQ] == 1 and s[L.VAN + L.GLIDER] == 1
    s[L.CP] = 3
    run_rival_turn(s, P)
    assert s[L.RTURN] == 4 and s[L.END] == L.END_PLAYING
    assert s[L.DISC + L.NOVICE] == 0
    assert s[L.DECK + L.NOVICE] + s[L.HAND + L.NOVICE] == n_before + 1
    assert s[L.DISC + L.HQ] == 1 and s[L.DECK + L.HQ] + s[L.HAND + L.HQ] == h_before
    assert s[L.VAN + L.GLIDER] == 1 and s[L.DECK + L.GLIDER] + s[L.HAND + L.GLIDER] == g_before
    assert s[L.CP] == 3 and field_kinds(s) == [L.BUNKER]


def test_bottom_strip_cost_and_set_size_DF_CARD_06(P):
    """The bottom strip: the set size is how many copies the deck holds, and the Crystal
    Cost (centre) is what a card without Faction changes costs: a Troop with no Faction
    Symbol is playable with exactly its printed cost in Crystal, not with one less.
    Checks: DF-CARD-06.
    """
    s = API.new_state(P)
    for k in range(L.NK):
        held = int(s[L.DECK + k] + s[L.HAND + k]) + field_kinds(s).count(k)
        assert held == P[L.card(k, L.CF_COUNT)]
    p = with_card(P, L.GLIDER, faction=L.F_NONE, cost=3)
    for towers, ok in ((3, True), (2, False)):  # a Communications Tower gives 1 Crystal
        s = blank(p, phase=L.PH_HIRING)
        put(s, L.BUNKER)
        for _ in range(towers):
            put(s, L.TOWER)
        s[L.HAND + L.GLIDER] = 1
        keep(s)
        assert (L.A_PLAY + L.GLIDER in legal(s, p)) == ok
