"""Rules tests for the twelve Cliffs of Coldharbor locations (checklist sections L51-L62) on
small hand-built states; each test names the checklist items it checks
(../shared/rules/checklists/darkness.md)."""
import pytest

from simcore.darkness import API
from simcore.darkness import layout as L
from simcore.darkness.effects import card_damage, reveal, spy_bonus
from simcore.darkness.rounds import do_sleeve
from simcore.darkness.turn import begin_turn
from tests.test_darkness_util import (
    OPT, contact_turn, blank_card, clear_tower, hunt_state, legal, loc, main_state, params, plain, set_hand,
    set_tray, settle, step, use_action,
)


@pytest.fixture(scope="module")
def P2():
    return params(2)


@pytest.fixture(scope="module")
def ST():
    return params(2, "stretched-thin")


# ---- counts, Damage and rewards of every threat -------------------------------------------------
def test_advancement_counts_per_location(ST):
    """3 middle + 3 bottom advancements (ED-L51-14, ED-L55-10, ED-L56-14, ED-L57-16,
    ED-L58-19, ED-L59-22, ED-L60-22) or 4 + 4 (ED-L52-11, ED-L53-10, ED-L54-11, ED-L61-18,
    ED-L62-16), each carrying its location's contact and threat: a game's two stacks per
    location start full, and a sleeve from them puts that location on the card."""
    for n in range(51, 63):
        k = 4 if n in (52, 53, 54, 61, 62) else 3
        assert ST[L.P_NMID + n] == k and ST[L.P_NBOT + n] == k
    for p in (ST, params(2)):
        s = API.new_state(p, seed=1)
        assert s[L.ROUND] == 0 and s[L.PRO_IDX] == 0
        for i in range(L.NLOC):
            n = int(s[L.LOCNUM + i])
            k = 4 if n in (52, 53, 54, 61, 62) else 3
            assert s[L.STACK_N + 2 * i] == k and s[L.STACK_N + 2 * i + 1] == k
        blank_card(s, L.CITIZEN0)
        do_sleeve(s, p, 0, L.CITIZEN0, 2 * loc(s, 61) + 1, False)
        assert s[L.C_BOT + L.CITIZEN0] == loc(s, 61)
        assert card_damage(s, p, L.CITIZEN0, -1, -1) == p[L.P_BASE_DMG + L.CITIZEN0] + 1


THREATS = [  # number, setup, Damage, Influence, Reputation, "or" choice (None: no choice)
    (51, "on-every-front", 2, 1, 0, 0),
    (52, "on-every-front", 2, 2, 0, None),
    (53, "on-every-front", 2, 1, 0, 0),
    (54, "on-every-front", 0, 0, 0, None),
    (56, "on-every-front", 1, 1, 0, None),
    (57, "on-every-front", 2, 2, 0, None),
    (58, "on-every-front", 4, 3, 0, None),
    (59, "on-every-front", 3, 3, 0, None),
    (60, "stretched-thin", 2, 2, 0, None),
    (61, "on-every-front", 1, 1, 0, None),
    (62, "stretched-thin", 1, 1, 0, 0),
]


@pytest.mark.parametrize("num,setup,dmg,infl,rep,choice", THREATS)
def test_threat_damage_and_reward(num, setup, dmg, infl, rep, choice):
    """Damage each threat adds to its card, and its reward when hunted: ED-L51-11 Envoy 2;
    ED-L52-09, ED-L52-10 Storm Spawn 2, 2 Influence; ED-L53-08 Mentor 2; ED-L54-08 Spy 0, no
    reward; ED-L56-12, ED-L56-13 Ferryman 1, 1 Influence; ED-L57-15 Cursed Beggar 2 Influence;
    ED-L58-15 Ice Troll 3 Influence; ED-L59-20, ED-L59-21 Devil's Maw 3, 3 Influence;
    ED-L60-20, ED-L60-21 Exiled Raiders 2, 2 Influence; ED-L61-15 Children 1 Influence;
    ED-L62-14 Salt Spawn 1."""
    c = L.CITIZEN0
    p = plain(params(2, setup), (c,))
    s = hunt_state(p, {0: c}, dmg)
    blank_card(s, c, mid=loc(s, num))
    assert card_damage(s, p, c, -1, -1) == dmg
    settle(s, p)
    i0, r0 = int(s[L.INFL]), int(s[L.REP])
    step(s, p, L.A_HUNT)
    step(s, p, OPT(0))
    if choice is not None:
        assert s[L.DEC] == L.D_REWARD
        step(s, p, OPT(choice))
    assert s[L.INFL] - i0 == infl and s[L.REP] - r0 == rep
    assert s[L.C_ZONE + c] == L.Z_DISCARD


def test_corrupting_mentor_train_ED_L53_09(P2):
    """ED-L53-09: Corrupting Mentor gives 1 Influence or trains an Agent, not both."""
    c = L.CITIZEN0
    p = plain(P2, (c,))
    s = hunt_state(p, {0: c}, 2)
    blank_card(s, c, bot=loc(s, 53))
    settle(s, p)
    i0, t0, u0 = int(s[L.INFL]), int(s[L.TRAINED]), int(s[L.UNTRAINED])
    step(s, p, L.A_HUNT)
    step(s, p, OPT(0))
    step(s, p, OPT(1))
    assert s[L.INFL] == i0 and s[L.TRAINED] == t0 + 1 and s[L.UNTRAINED] == u0 - 1


# ---- 51 Coldharbor Citadel ----------------------------------------------------------------------
def test_banished_envoy_reveal_ED_L51_12(P2):
    """ED-L51-12: revealing Banished Envoy gives its card's owner 1 Reputation (Neutral: nobody)."""
    p = P2
    s = API.new_state(p, seed=2)
    blank_card(s, 5, mid=loc(s, 51), owner=1)
    r = [int(s[L.REP]), int(s[L.REP + 1])]
    reveal(s, p, 5)
    assert [int(s[L.REP]), int(s[L.REP + 1])] == [r[0], r[1] + 1]
    blank_card(s, L.CITIZEN0, mid=loc(s, 51))
    reveal(s, p, L.CITIZEN0)
    assert [int(s[L.REP]), int(s[L.REP + 1])] == [r[0], r[1] + 1]


# ---- 52 Coldharbor Barracks ---------------------------------------------------------------------
def test_barracks_start_of_round_ED_L52_01_02(P2):
    """ED-L52-01: at the start of each round every player, from the First Player, may dispatch
    1 Agent to the Barracks; ED-L52-02: no other Barracks ability (no action verb for it)."""
    p = P2
    s = API.new_state(p, seed=2)
    b = loc(s, 52)
    s[L.FIRST] = 1
    s[L.ROUND] = 1
    s[L.STAGE] = L.S_ROUND_START
    settle(s, p)
    assert s[L.DEC] == L.D_BARRACKS and s[L.CUR] == 1 and legal(s, p) == {L.A_PASS, OPT(0)}
    step(s, p, OPT(0))
    assert s[L.DEC] == L.D_BARRACKS and s[L.CUR] == 0
    step(s, p, L.A_PASS)
    assert s[L.AG + L.NLOC + b] == 1 and s[L.AG + b] == 0 and s[L.ROUND] == 2
    assert set(range(L.A_BT, L.A_HOME + 1)) == {L.A_BT, L.A_NORTH, L.A_DOCKS, L.A_HOME}


def test_winter_champion_ED_L52_03_04_05_07_BASE_40(P2):
    """ED-L52-03/04/05: Winter Champion dispatches 1 Agent to the Barracks and/or returns 4 for
    a hunt (with 3 there only "both" reaches 4); ED-L52-07/ED-BASE-40: the hunt may come later
    in the turn after other effects, in any order."""
    p = P2
    s, c, b = contact_turn(p, 52, ag=3)
    s[L.HAND] = c
    set_hand(s, 0, [c, 2])                 # own starter 2: +2 Battle Strength
    blank_card(s, 2, owner=0)
    s[L.TRAINED] = 2
    settle(s, p)
    step(s, p, use_action(s, 0, c, 1))
    assert s[L.DEC] == L.D_MODE and legal(s, p) == {OPT(0), OPT(2)}
    step(s, p, OPT(2))
    assert s[L.AG + b] == 0 and s[L.TRAINED] == 2 - 1 + 4 and s[L.HUNTS] == 1
    assert L.A_HUNT in legal(s, p)
    step(s, p, use_action(s, 0, 2, 0))
    assert s[L.BS] == 2 and L.A_HUNT in legal(s, p)
    s2, c2, b2 = contact_turn(p, 52, ag=0)
    step(s2, p, use_action(s2, 0, c2, 1))
    assert s2[L.AG + b2] == 1 and s2[L.HUNTS] == 0      # only "dispatch" was possible


# ---- 53 Northstone Academy ----------------------------------------------------------------------
def test_northstone_move_ED_L53_01_02_03_04(P2):
    """ED-L53-01/02: move one of your Agents from another location board (never the pool) to
    Northstone; ED-L53-03: once per turn; ED-L53-04: board to board, not via the pool."""
    p = P2
    s = main_state(p)
    ns, mud, mine = loc(s, 53), loc(s, 55), loc(s, 57)
    set_hand(s, 0, [])
    settle(s, p)
    assert L.A_NORTH not in legal(s, p)          # Agents only in the Trained pool
    s[L.AG + mud] = 1
    s[L.AG + mine] = 1
    settle(s, p)
    step(s, p, L.A_NORTH)
    assert legal(s, p) == {OPT(mud), OPT(mine)}
    t0 = int(s[L.TRAINED])
    step(s, p, OPT(mud))
    assert s[L.AG + mud] == 0 and s[L.AG + ns] == 1 and s[L.TRAINED] == t0
    assert L.A_NORTH not in legal(s, p)


def test_students_of_northstone_ED_L53_05_06_07(P2):
    """ED-L53-05: one option, not both; ED-L53-06: dispatch up to 3 Agents (the player picks
    how many); ED-L53-07: return 2 from the Academy to train an Agent."""
    p = P2
    s, c, ns = contact_turn(p, 53, ag=2)
    step(s, p, use_action(s, 0, c, 1))
    assert legal(s, p) == {OPT(0), OPT(1)}
    step(s, p, OPT(0))
    assert legal(s, p) == {OPT(0), OPT(1), OPT(2)}
    t0 = int(s[L.TRAINED])
    step(s, p, OPT(1))
    assert s[L.AG + ns] == 4 and s[L.TRAINED] == t0 - 2
    s, c, ns = contact_turn(p, 53, ag=2)
    t0, u0 = int(s[L.TRAINED]), int(s[L.UNTRAINED])
    step(s, p, use_action(s, 0, c, 1))
    step(s, p, OPT(1))
    assert s[L.AG + ns] == 0 and s[L.TRAINED] == t0 + 3 and s[L.UNTRAINED] == u0 - 1


# ---- 54 Chasm Road ------------------------------------------------------------------------------
@pytest.mark.parametrize("target,dest,holder", [(0, L.Z_DISCARD, -1), (1, L.Z_HALL, 0),
                                                (2, L.Z_HALL, 1)])
def test_spy_replaces_tower_card_ED_L54_01_03_04_05_06(P2, target, dest, holder):
    """ED-L54-03: pay 2 Coins to discard a tower card and put the Spy's card in its place;
    ED-L54-04/05: the discarded card may be Neutral (discard pile), yours or another guild's
    (its owner's Guild Hall); ED-L54-06: the Spy's card is not discarded with the hand;
    ED-L54-01: Chasm Road itself sends no Agents anywhere."""
    p = P2
    s, c, _ = contact_turn(p, 54, coins=3)
    clear_tower(s)
    blank_card(s, 1, owner=0)
    blank_card(s, 6, owner=1)
    olds = (L.CITIZEN0 + 3, 1, 6)
    for t, x in enumerate(olds):
        set_tray(s, t, x)
    ag = [int(s[L.AG + i]) for i in range(2 * L.NLOC)]
    settle(s, p)
    step(s, p, use_action(s, 0, c, 1))
    assert s[L.DEC] == L.D_TARGET and legal(s, p) == {OPT(0), OPT(1), OPT(2)}
    step(s, p, OPT(target))
    old = olds[target]
    assert s[L.COINS] == 1 and s[L.TRAY_CARD + target] == c and s[L.C_ZONE + c] == L.Z_TRAY
    assert s[L.C_ZONE + old] == dest and (holder < 0 or s[L.C_HOLDER + old] == holder)
    assert s[L.HAND_N] == 0 and [int(s[L.AG + i]) for i in range(2 * L.NLOC)] == ag
    step(s, p, L.A_PASS)
    assert s[L.C_ZONE + c] == L.Z_TRAY


def test_spy_threat_battle_strength_ED_L54_09(P2):
    """ED-L54-09: while a Spy threat is in the tower its card's owner has +2 Battle Strength
    when hunting (another player has not)."""
    cs = (L.CITIZEN0, L.CITIZEN0 + 1)
    p = plain(P2, cs)
    s = hunt_state(p, {0: cs[0], 1: cs[1]}, 0)
    blank_card(s, cs[0], mid=loc(s, 54), owner=0)
    blank_card(s, cs[1], mid=loc(s, 52))              # Storm Spawn: 2
    assert spy_bonus(s, p, 0) == 2 and spy_bonus(s, p, 1) == 0
    settle(s, p)
    step(s, p, L.A_HUNT)
    assert OPT(1) in legal(s, p)
    s[L.C_OWNER + cs[0]] = 1
    s[L.PE_KIND] = L.PK_NONE
    s[L.HUNTS] = 1
    settle(s, p)
    step(s, p, L.A_HUNT)
    assert OPT(1) not in legal(s, p)


# ---- 55 Mud District ----------------------------------------------------------------------------
def test_gang_boss_ED_L55_01_02_03_04_05(P2):
    """ED-L55-01/02/03: Gang Boss (no Mud ability) dispatches up to 3 Agents there, or (not
    both, ED-L55-04) returns 1 for 2 Battle Strength, which helps only a hunt this turn
    (ED-L55-05)."""
    c2 = L.CITIZEN0 + 1
    p = plain(P2, (c2,))
    s, c, mud = contact_turn(p, 55, ag=1)
    step(s, p, use_action(s, 0, c, 1))
    assert legal(s, p) == {OPT(0), OPT(1)}
    step(s, p, OPT(0))
    step(s, p, OPT(2))
    assert s[L.AG + mud] == 4
    s, c, mud = contact_turn(p, 55, ag=1)
    clear_tower(s)
    blank_card(s, c2, mid=loc(s, 52))                # 2 Damage
    set_tray(s, 0, c2)
    s[L.HUNTS] = 1
    settle(s, p)
    step(s, p, use_action(s, 0, c, 1))
    step(s, p, OPT(1))
    assert s[L.AG + mud] == 0 and s[L.BS] == 2
    step(s, p, L.A_HUNT)
    assert OPT(0) in legal(s, p)
    begin_turn(s, p, 0)
    assert s[L.BS] == 0


# ---- 56 Break Point Bluffs ----------------------------------------------------------------------
def test_bluffs_two_abilities_ED_L56_01(P2):
    """ED-L56-01: the Bluffs have a reactive ability (sleeving a Smuggler costs a Defense space)
    and a start-of-round one (3 + 1 Coin per player)."""
    p = P2
    s = API.new_state(p, seed=2)
    b = loc(s, 56)
    blank_card(s, 0, owner=0)
    d0 = int(s[L.DEFENSE])
    do_sleeve(s, p, 0, 0, 2 * b + 1, False)
    assert s[L.DEFENSE] == d0 + 1
    s[L.BLUFF] = 0
    s[L.STAGE] = L.S_ROUND_START
    settle(s, p)
    assert s[L.BLUFF] == 3 + 2


# ---- 57 Ice Hills Mine --------------------------------------------------------------------------
def mine_state(p, coins_under):
    s, c, m = contact_turn(p, 57, ag=len(coins_under))
    for i, v in enumerate(coins_under):
        s[L.MINE + i] = v
    return s, c, m


def test_mine_round_start_ED_L57_01_02_03(P2):
    """ED-L57-01/02: at each round start 2 Coins go under every Agent at the Mine, for every
    player; ED-L57-03: they accumulate while the Agent stays."""
    p = P2
    s = API.new_state(p, seed=2)
    m = loc(s, 57)
    s[L.AG + m] = 3
    s[L.AG + L.NLOC + m] = 1
    for i, v in enumerate((0, 0, 2)):
        s[L.MINE + i] = v
    s[L.STAGE] = L.S_ROUND_START
    settle(s, p)
    assert [int(s[L.MINE + i]) for i in range(3)] == [2, 2, 4]
    assert s[L.MINE + L.MAX_AG] == 2


def test_master_refiner_example_ED_L57_04_05_06_07_08_09(P2):
    """ED-L57-08: Agents with 2, 2 and 4 Coins: returning one (the 4) gains 4, returning all
    three gains 8 (ED-L57-06/07); ED-L57-04/05: either or both, the dispatch at no cost;
    ED-L57-09: a new Agent has no Coins under it."""
    p = P2
    for k, gain in ((1, 4), (3, 8)):
        s, c, m = mine_state(p, (2, 2, 4))
        c0, t0 = int(s[L.COINS]), int(s[L.TRAINED])
        step(s, p, use_action(s, 0, c, 1))
        assert legal(s, p) == {OPT(0), OPT(1), OPT(2)}
        step(s, p, OPT(1))
        assert legal(s, p) == {OPT(0), OPT(1), OPT(2)}
        step(s, p, OPT(k - 1))
        assert s[L.COINS] == c0 + gain and s[L.TRAINED] == t0 + k and s[L.AG + m] == 3 - k
    s, c, m = mine_state(p, (2, 2, 4))
    c0 = int(s[L.COINS])
    step(s, p, use_action(s, 0, c, 1))
    step(s, p, OPT(2))                               # dispatch, then return
    assert legal(s, p) == {OPT(i) for i in range(4)}
    step(s, p, OPT(3))
    assert s[L.COINS] == c0 + 8 and s[L.AG + m] == 0
    s, c, m = mine_state(p, (2,))
    c0 = int(s[L.COINS])
    step(s, p, use_action(s, 0, c, 1))
    step(s, p, OPT(0))
    assert s[L.AG + m] == 2 and s[L.MINE + 1] == 0 and s[L.COINS] == c0


# ---- 58 Border Towers ---------------------------------------------------------------------------
def test_border_towers_dispatch_once_ED_L58_01(P2):
    """ED-L58-01: exactly once per Action phase, dispatch 1 Agent to the Border Towers."""
    p = P2
    s = main_state(p)
    bt = loc(s, 58)
    set_hand(s, 0, [])
    settle(s, p)
    step(s, p, L.A_BT)
    assert s[L.AG + bt] == 1 and L.A_BT not in legal(s, p)


def test_border_towers_own_cubes_only_ED_L58_05(P2):
    """ED-L58-05: only cubes of your own colour on the Border Towers can be spent."""
    p = P2
    s = API.new_state(p, seed=3)
    clear_tower(s)
    blank_card(s, L.CITIZEN0, mid=loc(s, 52))
    set_tray(s, 0, L.CITIZEN0, {0: int(p[L.P_THRESHOLD])})
    for col in range(L.NCOL):
        s[L.BT_CUBES + col] = 0
    s[L.BT_CUBES + L.BLACK] = 2
    s[L.BT_CUBES + 1] = 2
    s[L.ACTIVE] = 0
    s[L.STAGE] = L.S_ATTACKS
    s[L.SUB] = 1
    s[L.AUTO_STEP] = 0
    d0 = int(s[L.DEFENSE])
    settle(s, p)
    assert s[L.DEFENSE] == d0 + 1 and s[L.BT_CUBES + L.BLACK] == 2 and s[L.BT_CUBES + 1] == 2


def test_border_guard_ED_L58_10_11_12_13(P2):
    """ED-L58-10/11/12: Border Guard dispatches 1 Agent there and/or moves one cube from the
    tower or any Threat Zone onto the Border Towers; ED-L58-13: any colour, any tray or zone,
    lowering that count."""
    p = P2
    s, c, bt = contact_turn(p, 58)
    clear_tower(s)
    for q in range(2):
        for col in range(L.NCOL):
            s[L.TZ + q * L.NCOL + col] = 0
            s[L.TZN + q * L.NCOL + col] = 0
    s[L.TZ + L.NCOL + L.BLACK] = 2          # seat 1's Threat Zone
    s[L.TRAY_CUBES + 2 * L.NCOL + 1] = 3    # tray 2: three of seat 1's colour
    for col in range(L.NCOL):
        s[L.BT_CUBES + col] = 0
    settle(s, p)
    step(s, p, use_action(s, 0, c, 1))
    assert legal(s, p) == {OPT(0), OPT(1), OPT(2)}
    step(s, p, OPT(2))
    assert legal(s, p) == {OPT(2 * L.NCOL + 1), OPT(4 * L.NCOL + L.BLACK)}
    t0 = int(s[L.TRAINED])
    step(s, p, OPT(4 * L.NCOL + L.BLACK))
    assert s[L.AG + bt] == 1 and s[L.TRAINED] == t0 - 1
    assert s[L.TZ + L.NCOL + L.BLACK] == 1 and s[L.BT_CUBES + L.BLACK] == 1
    s, c, bt = contact_turn(p, 58)
    clear_tower(s)
    s[L.TRAY_CUBES + 2 * L.NCOL + 1] = 3
    for col in range(L.NCOL):
        s[L.BT_CUBES + col] = 0
    settle(s, p)
    step(s, p, use_action(s, 0, c, 1))
    step(s, p, OPT(1))
    step(s, p, OPT(2 * L.NCOL + 1))
    assert s[L.TRAY_CUBES + 2 * L.NCOL + 1] == 2 and s[L.BT_CUBES + 1] == 1 and s[L.AG + bt] == 0
