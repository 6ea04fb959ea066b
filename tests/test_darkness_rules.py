"""Rules tests for Edge of Darkness with the Cliffs of Coldharbor (simcore.darkness).

Each test names the checklist items it checks (../shared/rules/checklists/darkness.md).
States are built by hand from a fresh game (layout offsets), then ``engine.settle``
runs the machine to the next decision and ``API.step`` checks each action's legality.
"""
import numpy as np
import pytest
from numba import njit

from simcore.darkness import API, SPEC, engine, locations_rules_value, setup_locations
from simcore.darkness import layout as L
from simcore.darkness.contacts import contact_apply
from simcore.darkness.effects import card_damage, reveal
from simcore.darkness.rounds import do_sleeve, final_score, pro_seat
from simcore.rng import new_rng, randint, seed_rng
from simcore.spec import BadInput

OPT = L.opt
K = {n: n - 51 for n in range(51, 63)}


@pytest.fixture(scope="module")
def PR():
    ps = {n: API.params(n, "on-every-front") for n in range(1, 5)}
    st = API.new_state(ps[2])
    API.legal_actions(st, ps[2])
    return ps


def loc(state, num):
    for i in range(L.NLOC):
        if state[L.LOCNUM + i] == num:
            return i
    raise AssertionError(num)


def blank_card(s, c, mid=-1, bot=-1, owner=-1):
    s[L.C_MID + c] = mid
    s[L.C_BOT + c] = bot
    s[L.C_OWNER + c] = owner


def settle(s, p):
    s[L.READY] = 0
    engine.settle(s, p, new_rng(7))


def step(s, p, a):
    API.step(s, p, int(a), new_rng(8))


def clear_tower(s):
    for t in range(L.NTRAY):
        for col in range(L.NCOL):
            s[L.TRAY_CUBES + t * L.NCOL + col] = 0


def attack_state(p, trays, bt_agents=0, bt_cubes=0, coins=None):
    """Seat 0 active at step 1 (cubes already dropped); trays: {t: (card, mid, bot, colour)}."""
    s = API.new_state(p, seed=3)
    clear_tower(s)
    bt = loc(s, 58)
    s[L.AG + bt] = bt_agents
    s[L.BT_CUBES + 0] = bt_cubes
    for t, (c, mid, bot, col) in trays.items():
        blank_card(s, c, mid, bot)
        s[L.TRAY_CARD + t] = c
        s[L.C_ZONE + c] = L.Z_TRAY
        s[L.TRAY_CUBES + t * L.NCOL + col] = 4
    s[L.ACTIVE] = 0
    s[L.STAGE] = L.S_ATTACKS
    s[L.SUB] = 1
    s[L.AT_TRAY] = 0
    s[L.AUTO_STEP] = 0
    if coins is not None:
        for q, v in enumerate(coins):
            s[L.COINS + q] = v
    settle(s, p)
    return s


# ---- setup and structure ---------------------------------------------------------------------
def test_setup_per_player_ED_BASE_05_07_08_09_10_12_13(PR):
    """ED-BASE-05 1-4 players; ED-BASE-07 4 Influence 5 Coins; ED-BASE-08 4 trained 6 untrained;
    ED-BASE-09 4 starter cards (slips cap 7); ED-BASE-10 Defense top; ED-BASE-12 bag 15 x (P+1);
    ED-BASE-13 2 cubes each."""
    assert SPEC.players == (1, 4)
    p = API.params(3, "on-every-front")
    s = API.new_state(p, seed=5)
    for q in range(3):
        assert s[L.TRAINED + q] == 4 and s[L.UNTRAINED + q] == 6
        assert s[L.DEFENSE + q] == 0
        assert sum(int(s[L.C_OWNER + c]) == q for c in range(L.NCARD)) == 4
    assert p[L.P_SLIPS] == 7 and p[L.P_START_COINS] == 5 and p[L.P_START_INFL] == 4
    assert p[L.P_BAG_PER_COLOUR] * 4 == 60 and p[L.P_START_CUBES] == 2


def test_neutral_cards_ED_BASE_11():
    """ED-BASE-11: 17 Neutral cards, 11 Citizens and 6 Patricians."""
    assert L.PATRICIAN0 - L.CITIZEN0 == 11 and L.NCARD - L.PATRICIAN0 == 6


def test_prologue_snake_ED_BASE_19_20(PR):
    """ED-BASE-19 snake draft, 2 picks each; ED-BASE-20 2 players: P1 1, P2 2, P1 2, P2 1."""
    assert [pro_seat(PR[2], i, 0) for i in range(6)] == [0, 1, 1, 0, 0, 1]
    assert [pro_seat(PR[3], i, 0) for i in range(6)] == [0, 1, 2, 2, 1, 0]
    assert [pro_seat(PR[4], i, 0) for i in range(8)] == [0, 1, 2, 3, 3, 2, 1, 0]


def test_game_has_8_rounds_and_10_locations_ED_BASE_01_04_GEN_02():
    """ED-BASE-01 8 rounds; ED-BASE-04 exactly 10 locations; ED-GEN-02 numbers 51-62."""
    p = API.params(2, "stretched-thin")
    s = API.new_state(p, seed=1)
    assert sorted(int(x) for x in s[L.LOCNUM:L.LOCNUM + 10]) == [51, 52, 53, 54, 56, 58, 59, 60, 61, 62]
    assert L.ROUNDS == 8


def test_counts_ED_GEN_03_04():
    """ED-GEN-03 6/8 advancements per location, 82 in all; ED-GEN-04 equal middle/bottom."""
    p = API.params(2, "on-every-front")
    tot = 0
    for n in range(51, 63):
        assert p[L.P_NMID + n] == p[L.P_NBOT + n]
        tot += p[L.P_NMID + n] + p[L.P_NBOT + n]
        assert p[L.P_NMID + n] + p[L.P_NBOT + n] == (8 if n in (52, 53, 54, 61, 62) else 6)
    assert tot == 82


@pytest.mark.parametrize("name,locs", [
    ("cultural-exchanges", [5, 9, 16, 19, 20, 51, 55, 58, 60, 62]),
    ("stretched-thin", [51, 52, 53, 54, 56, 58, 59, 60, 61, 62]),
    ("heeding-the-call", [7, 18, 34, 38, 40, 47, 58, 60, 61, 62]),
    ("on-every-front", [51, 52, 53, 54, 55, 56, 57, 58, 59, 61]),
    ("a-frosty-welcome", [2, 6, 30, 41, 43, 46, 53, 54, 56, 59]),
    ("a-chilling-truth", [2, 9, 27, 41, 43, 52, 54, 57, 59, 61]),
    ("the-blustery-wind", [9, 13, 16, 17, 39, 50, 51, 58, 60, 61]),
    ("an-imminent-thaw", [3, 4, 8, 20, 27, 30, 42, 56, 57, 59]),
])
def test_named_setups_ED_SETUPS_04_07_11_14_20_23_26_29_33(name, locs):
    """ED-SETUPS-04/07/11/14 recommended setups, ED-SETUPS-20/23/26/29 chapters, ED-SETUPS-33
    exactly 10 distinct locations."""
    p = API.params(2, name)
    assert sorted(p[L.P_LOCS:L.P_LOCS + 10].tolist()) == sorted(locs)
    assert len(set(locs)) == 10


def test_substitutions_ED_SETUPS_05_08_15_21_30_31():
    """ED-SETUPS-05/08 Harbor swap; ED-SETUPS-15 no 62 after it; ED-SETUPS-10/12 Heeding the
    Call: no swap, needs Sands; ED-SETUPS-21/24/27/30/31 chapter
    substitutions without Sands of Dunestar, still 10 distinct (ED-SETUPS-33)."""
    r = API.rules(sets=["setup.harbor_swap=1", "setup.without_sands=1"])
    assert 62 not in setup_locations(r, "cultural-exchanges") and 63 in setup_locations(r, "stretched-thin")
    # ED-SETUPS-12: no swap offered; ED-SETUPS-10: it needs Sands of Dunestar
    assert 62 in setup_locations(API.rules(sets=["setup.harbor_swap=1"]), "heeding-the-call")
    with pytest.raises(BadInput, match="Sands of Dunestar"):
        setup_locations(r, "heeding-the-call")
    f = setup_locations(r, "a-frosty-welcome")
    assert 64 in f and 65 in f and 66 in f and len(set(f)) == 10
    assert 68 in setup_locations(r, "an-imminent-thaw")
    c2 = setup_locations(r, "a-chilling-truth")
    assert 65 in c2 and 66 in c2 and 41 not in c2 and 43 not in c2 and len(set(c2)) == 10
    c3 = setup_locations(r, "the-blustery-wind")
    assert 67 in c3 and 20 in c3 and 39 not in c3 and 50 not in c3 and len(set(c3)) == 10
    assert 62 not in setup_locations(API.rules(), "a-frosty-welcome")  # ED-SETUPS-32


def test_locations_value_and_custom():
    """custom setups: 10 valid distinct numbers, clear errors."""
    assert locations_rules_value("51,52,53,54,55,56,57,58,59,60") == list(range(51, 61))
    for bad in ("51,52", "51,51,53,54,55,56,57,58,59,60", "51,x,53,54,55,56,57,58,59,60",
                "99,52,53,54,55,56,57,58,59,60"):
        with pytest.raises(BadInput, match="valid"):
            locations_rules_value(bad)
    p = API.params(2, "custom", rules=API.rules(sets=["setup.locations=[1,2,3,4,5,6,7,8,9,62]"]))
    assert p[L.P_LOCS + 9] == 62


# ---- Break Point Bluffs -------------------------------------------------------------------
def test_bluffs_start_of_round_ED_L56_05_06_07(PR):
    """ED-L56-05 3 + 1 per player each round; ED-L56-06 4 players: 7; ED-L56-07 coins pile up."""
    p = PR[4]
    s = API.new_state(p, seed=2)
    s[L.BLUFF] = 5
    r = int(s[L.ROUND])
    s[L.STAGE] = L.S_ROUND_START
    settle(s, p)
    assert s[L.ROUND] == r + 1 and s[L.BLUFF] == 12


def test_smuggler_half_rounded_down_ED_L56_08_09_10(PR):
    """ED-L56-08 half of the Bluffs, rounded down, rest remains; ED-L56-09 3 -> 1; ED-L56-10 4 -> 2."""
    p = PR[2]
    s = API.new_state(p, seed=2)
    b = loc(s, 56)
    for have, gain in ((3, 1), (4, 2)):
        s[L.BLUFF] = have
        c0 = int(s[L.COINS])
        contact_apply(s, p, 0, b, L.CITIZEN0, 0, -1, new_rng(1))
        assert s[L.COINS] - c0 == gain and s[L.BLUFF] == have - gain


def test_smuggler_sleeve_penalty_ED_L56_02_03(PR):
    """ED-L56-02/03: sleeving a Smuggler moves you down 1 Defense space, on any card."""
    p = PR[2]
    s = API.new_state(p, seed=2)
    b = loc(s, 56)
    d0 = int(s[L.DEFENSE + 1])
    blank_card(s, L.CITIZEN0)
    s[L.STACK_N + 2 * b] = 3
    do_sleeve(s, p, 1, L.CITIZEN0, 2 * b, False)
    assert s[L.DEFENSE + 1] == d0 + 1 and s[L.C_MID + L.CITIZEN0] == b


def test_ferryman_reveal_ED_L56_11(PR):
    """ED-L56-11: The Ferryman revealed puts 5 Coins on the Bluffs."""
    p = PR[2]
    s = API.new_state(p, seed=2)
    blank_card(s, L.CITIZEN0, mid=loc(s, 56))
    s[L.BLUFF] = 0
    reveal(s, p, L.CITIZEN0)
    assert s[L.BLUFF] == 5


# ---- Border Towers -------------------------------------------------------------------------
def test_border_towers_example_1_ED_L58_02_03_04_08_BASE_61_62(PR):
    """ED-L58-08: 2 Agents + 3 cubes vs 4 Damage: 1 Agent + 3 cubes reduce it to 0; the
    defence succeeds and gives Influence (ED-BASE-61/62, ED-L58-02/03/04)."""
    p = PR[2]
    c = L.PATRICIAN0     # printed 2 + Slum Prowler 2 = 4 Damage
    s0 = API.new_state(p, seed=3)
    s = attack_state(p, {0: (c, loc(s0, 55), -1, 0)}, bt_agents=2, bt_cubes=3)
    assert s[L.DEC] == L.D_DEFEND and s[L.CUR] == 0 and s[L.AT_DMG] == 4
    infl, aside = int(s[L.INFL]), int(s[L.ASIDE])
    step(s, p, OPT(0))
    for _ in range(3):
        step(s, p, OPT(1))
    bt = loc(s, 58)
    assert s[L.AG + bt] == 1 and s[L.BT_CUBES] == 0 and s[L.TRAINED] >= 1
    assert s[L.INFL] == infl + 1 and s[L.DEFENSE] == 0 and s[L.ST_DEFENDED] == 1
    assert s[L.DEC] == L.D_CUBE and s[L.ASIDE] == aside + 3   # ED-L58-04: cubes set aside


def test_border_towers_example_2_ED_L58_07_09_GEN_07(PR):
    """ED-L58-09: 2 Agents + 3 cubes vs 2 then 3 Damage: 2 cubes, then 2 Agents + 1 cube;
    two successful defences give 2 Influence (ED-GEN-07, ED-L58-07)."""
    p = PR[2]
    s0 = API.new_state(p, seed=3)
    two = (L.CITIZEN0, loc(s0, 56), -1, 0)        # 1 + Ferryman 1
    three = (L.CITIZEN0 + 1, loc(s0, 52), -1, 0)  # 1 + Storm Spawn 2
    s = attack_state(p, {0: two, 1: three}, bt_agents=2, bt_cubes=3)
    infl = int(s[L.INFL])
    assert s[L.AT_DMG] == 2
    step(s, p, OPT(1))
    step(s, p, OPT(1))
    assert s[L.DEC] == L.D_CUBE       # ED-L61-01: Coldhollow offers a cube from the tray
    step(s, p, L.A_PASS)
    assert s[L.AT_DMG] == 3 and s[L.DEC] == L.D_DEFEND
    step(s, p, OPT(0))
    step(s, p, OPT(0))      # 1 Damage left: the cube that must join the Agents is taken at once
    assert s[L.BT_CUBES] == 0 and s[L.AG + loc(s, 58)] == 0
    assert s[L.INFL] == infl + 2 and s[L.DEFENSE] == 0 and s[L.ST_DEFENDED] == 2


def test_failed_defence_and_black_ED_BASE_60_63_64(PR):
    """ED-BASE-60 black majority attacks everyone; ED-BASE-63 a failed defence drops 1 space;
    ED-BASE-64 Battle Strength does not help."""
    p = PR[2]
    s0 = API.new_state(p, seed=3)
    s = attack_state(p, {0: (L.PATRICIAN0, loc(s0, 55), -1, L.BLACK)})
    # nobody has a way to reduce: both take the hit automatically
    assert s[L.DEFENSE] == 1 and s[L.DEFENSE + 1] == 1 and s[L.ST_LANDED] + s[L.ST_LANDED + 1] == 2


def test_colour_majority_ED_BASE_58_59(PR):
    """ED-BASE-58 the single top colour is attacked; ED-BASE-59 tied colours each attacked."""
    from simcore.darkness.turn import attack_targets
    p = PR[3]
    s = API.new_state(p, seed=3)
    clear_tower(s)
    s[L.TRAY_CUBES + 0] = 2
    s[L.TRAY_CUBES + 1] = 1
    assert attack_targets(s, p, 0) == 1
    s[L.TRAY_CUBES + 2] = 2
    assert attack_targets(s, p, 0) == 0b101
    s[L.TRAY_CUBES + L.BLACK] = 2
    assert attack_targets(s, p, 0) == 0b111


# ---- Cursed Beggar / Children / Ice Troll / Slum Prowler -----------------------------------
def test_cursed_beggar_only_payer_ED_L57_11_12_14(PR):
    """ED-L57-11/12: each attacked player may pay 8 Coins; only the payer defends (and gains
    Influence), the other takes full Damage."""
    p = PR[2]
    s0 = API.new_state(p, seed=3)
    s = attack_state(p, {0: (L.CITIZEN0, loc(s0, 57), -1, L.BLACK)}, coins=(9, 9))
    assert s[L.DEC] == L.D_DEFEND and s[L.CUR] == 0
    infl0, infl1 = int(s[L.INFL]), int(s[L.INFL + 1])
    step(s, p, OPT(2))
    assert s[L.COINS] == 1 and s[L.INFL] == infl0 + 1 and s[L.DEFENSE] == 0
    if s[L.DEC] == L.D_CUBE:
        step(s, p, L.A_PASS)
    assert s[L.CUR] == 1 and s[L.DEC] == L.D_DEFEND
    step(s, p, L.A_PASS)
    assert s[L.DEFENSE + 1] == 1 and s[L.INFL + 1] == infl1 and s[L.COINS + 1] == 9


def test_children_of_ice_hills_ED_L61_14_16_17(PR):
    """ED-L61-14 1 Damage; ED-L61-16 -3 against the card's owner (floored at 0); ED-L61-17 full
    against others."""
    p = PR[2]
    s = API.new_state(p, seed=3)
    c = 0   # seat 0's starter: printed 1
    blank_card(s, c, mid=loc(s, 61), owner=0)
    assert card_damage(s, p, c, 0, -1) == 1 and card_damage(s, p, c, 1, -1) == 2


def test_ice_troll_after_defeat_ED_L58_14_16_17_18(PR):
    """ED-L58-16/17: after defeating another threat this turn Ice Troll has -3 (contributes 1);
    ED-L58-18 attacks face the full 4."""
    p = PR[2]
    s = API.new_state(p, seed=3)
    c = L.CITIZEN0
    blank_card(s, c, mid=loc(s, 58))
    s[L.DEFEATS] = 0
    assert card_damage(s, p, c, -1, 0) == 5
    s[L.DEFEATS] = 1
    assert card_damage(s, p, c, -1, 0) == 2
    assert card_damage(s, p, c, 0, -1) == 5


def test_slum_prowler_owner_hunt_ED_L55_06_08_09(PR):
    """ED-L55-08/09: -2 only when the card's owner hunts."""
    p = PR[2]
    s = API.new_state(p, seed=3)
    blank_card(s, 1, mid=loc(s, 55), owner=0)
    assert card_damage(s, p, 1, -1, 0) == 1 and card_damage(s, p, 1, -1, 1) == 3


# ---- Docks / Homesteads / Devil's Maw ------------------------------------------------------------
def main_state(p, seed=4):
    s = API.new_state(p, seed=seed)
    s[L.ACTIVE] = 0
    s[L.STAGE] = L.S_MAIN
    s[L.PE_KIND] = L.PK_NONE
    s[L.ABIL] = 0
    s[L.HUNTS] = 0
    s[L.BS] = 0
    s[L.TURN_ACTS] = 0
    return s


def test_docks_only_turn_placed_ED_L59_04_05_10_14_15(PR):
    """ED-L59-14/15: an Agent left on slot 4 gives nothing; dispatching to slot 3 gives the hunt
    only; ED-L59-04/05 occupied slots and slots held at turn start are closed."""
    p = PR[2]
    s = main_state(p)
    d = loc(s, 59)
    s[L.DSLOT + 3] = 0
    s[L.DSLOT + 1] = 1
    s[L.AG + d] = 1
    s[L.AG + L.NLOC + d] = 1
    s[L.DSTART] = 1 << 3
    s[L.COINS] = 20
    settle(s, p)
    assert L.A_DOCKS in API.legal_actions(s, p)
    step(s, p, L.A_DOCKS)
    legal = set(API.legal_actions(s, p).tolist())
    assert OPT(3) not in legal and OPT(1) not in legal and OPT(2) in legal
    step(s, p, OPT(2))
    assert s[L.HUNTS] == 1 and s[L.BS] == 0 and s[L.COINS] == 15 and s[L.DSLOT + 2] == 0


def test_homesteads_only_turn_placed_ED_L60_08_14_15(PR):
    """ED-L60-14/15: the Agent on slot 6 from a prior turn gives no Battle Strength; slot 2 pays
    4 Reputation for a hunt."""
    p = API.params(2, "stretched-thin")
    s = main_state(p)
    h = loc(s, 60)
    s[L.HSLOT + 5] = 0
    s[L.AG + h] = 1
    s[L.HSTART] = 1 << 5
    s[L.REP] = 5
    settle(s, p)
    step(s, p, L.A_HOME)
    assert OPT(5) not in set(API.legal_actions(s, p).tolist())
    step(s, p, OPT(1))
    assert s[L.HUNTS] == 1 and s[L.BS] == 0 and s[L.REP] == 1


def test_devils_maw_returns_all_ED_L59_19(PR):
    """ED-L59-19: revealing Devil's Maw returns every player's Docks Agents."""
    p = PR[2]
    s = API.new_state(p, seed=3)
    d = loc(s, 59)
    s[L.DSLOT + 0] = 0
    s[L.DSLOT + 4] = 1
    s[L.AG + d] = 2
    s[L.AG + L.NLOC + d] = 1
    t0, t1 = int(s[L.TRAINED]), int(s[L.TRAINED + 1])
    blank_card(s, L.CITIZEN0, bot=d)
    reveal(s, p, L.CITIZEN0)
    assert s[L.AG + d] == 0 and s[L.AG + L.NLOC + d] == 0
    assert s[L.TRAINED] == t0 + 2 and s[L.TRAINED + 1] == t1 + 1
    assert all(s[L.DSLOT + i] == -1 for i in range(6))


# ---- Coldhollow -------------------------------------------------------------------------------------
def test_coldhollow_majorities_ED_L61_06_07_08_09(PR):
    """ED-L61-07: Anointed 2 white 2 purple 1 black vs Fede 1/1/1: 3 VP and 1 VP (tie on black)."""
    p = PR[2]
    s = API.new_state(p, seed=3)
    base0, base1 = final_score(s, p, 0), final_score(s, p, 1)
    white, purple = 2, 3
    s[L.CCUBES + white] = 2
    s[L.CCUBES + purple] = 2
    s[L.CCUBES + L.BLACK] = 1
    s[L.CCUBES + L.NCOL + white] = 1
    s[L.CCUBES + L.NCOL + purple] = 1
    s[L.CCUBES + L.NCOL + L.BLACK] = 1
    assert final_score(s, p, 0) - base0 == 3 and final_score(s, p, 1) - base1 == 1


def test_traveler_bottom_before_reshuffle_ED_L61_11_12(PR):
    """ED-L61-11/12: a Traveler discarded with an empty deck goes under it first and becomes
    the next Street card, before the discard pile is reshuffled."""
    p = PR[2]
    s = API.new_state(p, seed=3)
    ch = loc(s, 61)
    c = L.CITIZEN0 + 5
    for i in range(L.NSTREET):
        x = s[L.STREET + i]
        if x >= 0:
            s[L.C_ZONE + x] = L.Z_DISCARD
        s[L.STREET + i] = -1
    for i in range(s[L.DECK_N]):
        s[L.C_ZONE + s[L.DECK + i]] = L.Z_DISCARD
    s[L.DECK_N] = 0
    s[L.HAND_N] = 0
    blank_card(s, c, mid=ch)
    s[L.HAND] = c
    s[L.HAND_N] = 1
    s[L.C_ZONE + c] = L.Z_HAND
    s[L.ACTIVE] = 0
    s[L.STAGE] = L.S_DISCARD
    s[L.DS_STEP] = 0
    settle(s, p)
    assert s[L.DEC] == L.D_TRAVELER
    step(s, p, OPT(0))
    assert s[L.STREET] == c


# ---- Citadel ---------------------------------------------------------------------------------
def test_citadel_influence_odd_rounds_ED_L51_01_02_03_04(PR):
    """ED-L51-01/02/03 1 Influence on non-empty stacks in odd rounds; ED-L51-04 the sleever
    takes it."""
    p = PR[2]
    s = API.new_state(p, seed=3)
    s[L.STACK_N + 3] = 0
    inf = s[L.STACK_INF:L.STACK_INF + 20].copy()
    s[L.ROUND] = 2          # next round 3 (odd)
    s[L.STAGE] = L.S_ROUND_START
    settle(s, p)
    assert s[L.STACK_INF + 3] == inf[3] and s[L.STACK_INF + 0] == inf[0] + 1
    s[L.ROUND] = 3
    s[L.STAGE] = L.S_ROUND_START
    before = int(s[L.STACK_INF])
    settle(s, p)
    assert s[L.STACK_INF] == before
    i0 = int(s[L.INFL + 1])
    blank_card(s, L.CITIZEN0)
    do_sleeve(s, p, 1, L.CITIZEN0, 0, False)
    assert s[L.INFL + 1] == i0 + before and s[L.STACK_INF] == 0


def test_councillor_needs_10_ED_L51_07_08(PR):
    """ED-L51-07/08: the Councillor needs 10 Coins up front, then gives Influence and 4 Coins."""
    from simcore.darkness.contacts import contact_modes
    p = PR[2]
    s = API.new_state(p, seed=3)
    cit = loc(s, 51)
    c = L.CITIZEN0 + 2
    blank_card(s, c)
    s[L.HAND] = c
    s[L.HAND_N] = 1
    s[L.C_ZONE + c] = L.Z_HAND
    s[L.COINS] = 9
    assert contact_modes(s, p, 0, cit, c, False) == 0
    s[L.COINS] = 10
    assert contact_modes(s, p, 0, cit, c, False) == 1
    i0 = int(s[L.INFL])
    contact_apply(s, p, 0, cit, c, 0, 0, new_rng(1))
    assert s[L.COINS] == 4 and s[L.INFL] == i0 + 1 and s[L.C_OWNER + c] == 0


def test_scoring_ED_BASE_76_77_78_79_80(PR):
    """ED-BASE-76 advancements on owned cards, 77 Reputation, 78 Coins 4:1, 79 Goodwill 4:1,
    80 Defense Track penalty."""
    p = PR[2]
    s = API.new_state(p, seed=3)
    for c in range(L.NCARD):
        blank_card(s, c, owner=int(s[L.C_OWNER + c]))
    s[L.REP] = 3
    s[L.COINS] = 9
    s[L.GOODWILL] = 5
    s[L.DEFENSE] = 0
    s[L.C_MID + 0] = 1
    s[L.C_BOT + 0] = 2
    for col in range(L.NCOL):
        s[L.CCUBES + col] = 0
    assert final_score(s, p, 0) == 2 + 3 + 2 + 1
    s[L.DEFENSE] = 2
    assert final_score(s, p, 0) == 8 - p[L.P_DEF_PEN + 2]


# ---- random playouts over every player count and setup --------------------------------------------
@njit(cache=True)
def _playouts(params, games, seed, num_actions, max_len, size):
    state = np.empty(size, np.int32)
    copy = np.empty(size, np.int32)
    legal = np.empty(num_actions, np.int32)
    legal2 = np.empty(num_actions, np.int32)
    ch = np.empty(2, np.uint64)
    ag = np.empty(2, np.uint64)
    longest = 0
    for g in range(games):
        seed_rng(ch, seed, 1, g, 0)
        seed_rng(ag, seed, 1, g, 1)
        engine.init(state, params, ch)
        n = 0
        while not engine.is_terminal(state, params):
            k = engine.legal_actions(state, params, legal)
            if k < 1 or n >= max_len:
                return -1, g
            pl = engine.current_player(state, params)
            for i in range(size):
                copy[i] = state[i]
            engine.determinize(copy, params, pl, ag)
            if engine.legal_actions(copy, params, legal2) != k:
                return -2, g
            engine.step(state, params, legal[randint(ag, k)], ch)
            n += 1
        if n < 1:
            return -3, g
        longest = max(longest, n)
    return longest, -1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_playouts_every_setup(players):
    """Contract: n >= 1 legal actions before the end, length <= max_game_length, determinize
    keeps the acting seat's legal set; every named setup plus random and custom."""
    for setup in SPEC.setups:
        p = API.params(players, setup)
        longest, g = _playouts(p, 6, 11, SPEC.num_actions, SPEC.max_game_length, SPEC.state_size)
        assert g == -1, (setup, longest, g)
        assert 1 <= longest <= SPEC.max_game_length
        s = API.new_state(p, seed=1)
        while not API.is_terminal(s, p):
            step(s, p, API.legal_actions(s, p)[0])
        r = API.returns(s, p)
        assert 0.0 <= r.sum() <= 1.0 + 1e-9
