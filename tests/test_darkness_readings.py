"""Rules tests for the Edge of Darkness readings the booklet leaves open: Border Towers Agents
need a cube, one advancement stack per location (Prologue marks and the Citadel), "used this
turn" marks, bare agent icons, random setups from the randomizers, and the solo automa and its
readings.  Each test names the checklist items it checks (../shared/rules/checklists/darkness.md).
"""
import pytest

from simcore.darkness import API
from simcore.darkness import layout as L
from simcore.darkness.actions import usable
from simcore.darkness.cards import to_discard, to_owner_or_discard
from simcore.darkness.contacts import contact_apply
from simcore.darkness.rounds import automa_draft, automa_round_end, do_sleeve, final_score
from simcore.darkness.turn import attack_targets, begin_turn, drop_cubes
from simcore.rng import new_rng
from tests.test_darkness_util import (
    OPT,
    blank_card,
    clear_tower,
    contact_turn,
    legal,
    loc,
    main_state,
    params,
    plain,
    play_until,
    set_hand,
    settle,
    step,
    use_action,
)


def _p(players=2, setup="on-every-front", *sets):
    return API.params(players, setup, rules=API.rules(sets=list(sets)))


@pytest.fixture(scope="module")
def P2():
    return params(2)


@pytest.fixture(scope="module")
def P1():
    return params(1)


def attack(p, dmg_card, mid, bt_agents, bt_cubes):
    """Seat 0 attacked (step 1, cubes dropped) by ``dmg_card`` in tray 0 with Border Towers
    Agents and cubes; settled at the first decision."""
    s = API.new_state(p, seed=3)
    clear_tower(s)
    s[L.AG + loc(s, 58)] = bt_agents
    s[L.BT_CUBES] = bt_cubes
    blank_card(s, dmg_card, mid, -1)
    s[L.TRAY_CARD] = dmg_card
    s[L.C_ZONE + dmg_card] = L.Z_TRAY
    s[L.TRAY_CUBES + 0] = 4          # seat 0's colour: only seat 0 is attacked
    s[L.ACTIVE] = 0
    s[L.STAGE] = L.S_ATTACKS
    s[L.SUB] = 1
    s[L.AT_TRAY] = 0
    s[L.AUTO_STEP] = 0
    settle(s, p)
    return s


# ---- Border Towers: "0 or more Agents and 1 or more cubes" ----------------------------------------
def test_border_towers_agents_need_a_cube_ED_L58_06(P2):
    """ED-L58-06 (rulings.border_agents_alone = needs-a-cube): with no cube of yours on the
    Border Towers its Agents cannot reduce an attack, so a 2-Damage card lands; the
    alternative reading lets Agents alone defend."""
    s0 = API.new_state(P2, seed=3)
    card = (L.CITIZEN0, loc(s0, 56))          # printed 1 + Ferryman 1 = 2 Damage
    s = attack(P2, *card, bt_agents=2, bt_cubes=0)
    assert s[L.DEFENSE] == 1 and s[L.ST_LANDED] == 1 and s[L.AG + loc(s, 58)] == 2
    alt = _p(2, "on-every-front", 'rulings.border_agents_alone="allowed"')
    s = attack(alt, *card, bt_agents=2, bt_cubes=0)
    assert s[L.DEC] == L.D_DEFEND and legal(s, alt) == {L.A_PASS, OPT(0)}
    step(s, alt, OPT(0))
    step(s, alt, OPT(0))
    assert s[L.DEFENSE] == 0 and s[L.ST_DEFENDED] == 1


def test_border_towers_agent_commits_a_cube_ED_L58_06_07(P2):
    """ED-L58-06/07: an Agent returned before any cube must be followed by a cube in the same
    defence (no PASS), and is offered only while a cube can still follow (Damage 2+): with
    1 Damage left the cube is the only way to reduce it."""
    s0 = API.new_state(P2, seed=3)
    s = attack(P2, L.CITIZEN0 + 1, loc(s0, 52), bt_agents=2, bt_cubes=1)   # 1 + 2 = 3
    assert s[L.AT_DMG] == 3 and legal(s, P2) == {L.A_PASS, OPT(0), OPT(1)}
    step(s, P2, OPT(0))
    assert legal(s, P2) == {OPT(0), OPT(1)}          # committed: a cube must follow
    step(s, P2, OPT(0))     # 1 Damage left: the cube, the only choice, is taken at once
    assert s[L.DEFENSE] == 0 and s[L.ST_DEFENDED] == 1 and s[L.BT_CUBES] == 0
    s = attack(P2, L.CITIZEN0, loc(s0, 54), bt_agents=1, bt_cubes=1)       # 1 + Spy 0 = 1
    assert s[L.AT_DMG] == 1 and legal(s, P2) == {L.A_PASS, OPT(1)}


# ---- one stack per location: Prologue marks and the Citadel ----------------------------------------
def test_citadel_one_influence_per_location_ED_L51_02_03_04_06(P2):
    """ED-L51-06 (rulings.prologue_mark_scope = location): a location is one stack, so the
    Citadel puts 1 Influence on each location still holding an advancement (ED-L51-02/03),
    and sleeving its middle or its bottom advancement collects it (ED-L51-04); the
    alternative 'stack' feeds the middle and the bottom stacks apart."""
    for scope, p in (("location", P2), ("stack", _p(2, "on-every-front",
                                                      'rulings.prologue_mark_scope="stack"'))):
        s = API.new_state(p, seed=3)
        for i in range(L.NSTACK):
            s[L.STACK_INF + i] = 0
        s[L.STACK_N + 0] = 0              # location 0: bottom advancements only
        s[L.STACK_N + 2] = 0              # location 1: empty
        s[L.STACK_N + 3] = 0
        s[L.ROUND] = 0
        s[L.STAGE] = L.S_ROUND_START
        settle(s, p)
        inf = [int(s[L.STACK_INF + i]) for i in range(6)]
        if scope == "location":
            assert inf == [1, 0, 0, 0, 1, 0]
            blank_card(s, L.CITIZEN0)
            i0 = int(s[L.INFL + 1])
            do_sleeve(s, p, 1, L.CITIZEN0, 5, False)     # location 2's bottom advancement
            assert s[L.INFL + 1] == i0 + 1 and s[L.STACK_INF + 4] == 0
        else:
            assert inf == [0, 1, 0, 0, 1, 1]


def test_prologue_marks_and_any_advancement_ED_BASE_92_94(P2):
    """ED-BASE-94: a Prologue pick may take any advancement of a location's stack, its middle
    or its bottom one; ED-BASE-92: the pick marks the whole stack (the location) for everyone;
    under the alternative 'stack' reading the other kind stays open."""
    for scope, p in (("location", _p(2, "on-every-front", "setup.first_player=seat-0")),
                     ("stack", _p(2, "on-every-front", "setup.first_player=seat-0",
                                  'rulings.prologue_mark_scope="stack"'))):
        s = API.new_state(p, seed=1)
        assert s[L.DEC] == L.D_PRO_PICK and s[L.CUR] == 0
        b = loc(s, 52)
        assert {OPT(2 * b), OPT(2 * b + 1)} <= legal(s, p)
        step(s, p, OPT(2 * b + 1))                     # the bottom advancement
        step(s, p, min(legal(s, p)))
        assert sum(int(s[L.C_BOT + c]) == b for c in range(4)) == 1
        if s[L.DEC] == L.D_PRO_USE:
            step(s, p, L.A_PASS)
        assert s[L.DEC] == L.D_PRO_PICK and s[L.CUR] == 1
        lg = legal(s, p)
        assert OPT(2 * b + 1) not in lg
        assert (OPT(2 * b) in lg) == (scope == "stack")


# ---- ED-BASE-97 / 98 ---------------------------------------------------------------------------
def test_used_mark_survives_discard_ED_BASE_97(P2):
    """ED-BASE-97: a contact used this turn cannot be used again that turn, even when its card
    leaves (discard pile or its owner's Guild Hall) and comes back to hand; the next turn
    frees it."""
    for leave in (to_discard, to_owner_or_discard):
        s, c, _ = contact_turn(P2, 55, ag=0)
        s[L.TRAINED] = 4
        s[L.C_OWNER + c] = 0 if leave is to_owner_or_discard else -1   # to its Guild Hall
        assert usable(s, P2, 0, c, 1)
        s[L.C_USED + c] |= 1 << 1
        set_hand(s, 0, [])
        if leave is to_discard:
            leave(s, c)
        else:
            leave(s, P2, c)
        set_hand(s, 0, [c])
        assert not usable(s, P2, 0, c, 1)
        begin_turn(s, P2, 0)
        assert usable(s, P2, 0, c, 1)


def test_bare_agent_icon_is_one_ED_BASE_98_L58_01_11(P2):
    """ED-BASE-98: an agent icon without a number is 1 Agent: the Border Towers ability
    (ED-L58-01) and Border Guard's dispatch (ED-L58-11) each send exactly 1."""
    s = main_state(P2)
    bt = loc(s, 58)
    s[L.TRAINED] = 4
    s[L.AG + bt] = 0
    settle(s, P2)
    step(s, P2, L.A_BT)
    assert s[L.AG + bt] == 1 and s[L.TRAINED] == 3
    assert L.A_BT not in legal(s, P2)                  # once per turn
    contact_apply(s, P2, 0, bt, L.CITIZEN0, 0, -1, new_rng(1))
    assert s[L.AG + bt] == 2 and s[L.TRAINED] == 2


def test_gang_boss_up_to_three_ED_L55_03(P2):
    """ED-L55-03: Gang Boss dispatches "up to 3" Agents: the player chooses 1, 2 or 3 (never
    4, with 4+ trained Agents), and no more than it has trained."""
    p = plain(P2, (L.CITIZEN0,))
    for trained, menu in ((6, 3), (2, 2)):
        for k in range(menu):
            s, c, mud = contact_turn(p, 55, ag=1)
            s[L.TRAINED] = trained
            settle(s, p)
            step(s, p, use_action(s, 0, c, 1))
            step(s, p, OPT(0))
            assert legal(s, p) == {OPT(j) for j in range(menu)}, (trained, k)
            step(s, p, OPT(k))
            assert s[L.AG + mud] == 1 + k + 1 and s[L.TRAINED] == trained - k - 1


# ---- random setups --------------------------------------------------------------------------------
def test_random_setup_draws_coldharbor_ED_GEN_06():
    """ED-GEN-06 (setup.random_pool = coldharbor): the 12 randomizers are the Coldharbor
    locations, so every random setup holds 10 of 51-62; 'booklet' also draws stand-ins."""
    p = _p(1, "random")
    seen = set()
    for seed in range(20):
        s = API.new_state(p, seed=seed)
        locs = {int(s[L.LOCNUM + i]) for i in range(L.NLOC)}
        assert len(locs) == 10 and locs <= set(range(51, 63))
        seen |= locs
    assert seen == set(range(51, 63))
    pb = _p(1, "random", 'setup.random_pool="booklet"')
    assert pb[L.P_POOL_N] == 38
    assert any(int(API.new_state(pb, seed=x)[L.LOCNUM + i]) < 51
               for x in range(5) for i in range(L.NLOC))


# ---- solo: the automa and its readings -------------------------------------------------------------
def test_solo_automa_colour_attacks_nobody_ED_BASE_58_82(P1):
    """ED-BASE-82 (solo.automa_colour = attacks-nobody): a tray whose majority is the automa's
    colour (1) attacks nobody; black tying it still attacks the player (ED-BASE-60); the
    alternative sends the automa's majority at the player."""
    s = API.new_state(P1, seed=3)
    clear_tower(s)
    s[L.TRAY_CUBES + 1] = 3
    s[L.TRAY_CUBES + 0] = 1
    assert attack_targets(s, P1, 0) == 0
    alt = _p(1, "on-every-front", 'solo.automa_colour="attacks-the-player"')
    assert attack_targets(s, alt, 0) == 1
    s[L.TRAY_CUBES + L.BLACK] = 3
    assert attack_targets(s, P1, 0) == 1


def test_solo_bluffs_count_the_player_ED_L56_05_GEN_20(P1):
    """ED-L56-05/ED-GEN-20 (solo.bluffs_players = the-player): in solo the Bluffs get 3 + 1
    Coins a round (the automa is not a player still in the game); the alternative adds 1."""
    for p, gain in ((P1, 4), (_p(1, "on-every-front", 'solo.bluffs_players="with-the-automa"'), 5)):
        s = API.new_state(p, seed=2)
        s[L.BLUFF] = 0
        s[L.STAGE] = L.S_ROUND_START
        settle(s, p)
        assert s[L.BLUFF] == gain


def test_solo_coldhollow_uncontested_ED_L61_06_BASE_82():
    """ED-L61-06 in solo (solo.coldhollow = uncontested): every colour the player holds is a
    majority (+1 VP each); the alternative scores no majorities in solo."""
    for sets, vp in (((), 2), (('solo.coldhollow="no-majorities"',), 0)):
        p = _p(1, "stretched-thin", *sets)
        s = API.new_state(p, seed=2)
        for col in range(L.NCOL):
            s[L.CCUBES + col] = 0
        v0 = final_score(s, p, 0)
        s[L.CCUBES + 0] = 2
        s[L.CCUBES + L.BLACK] = 1
        assert final_score(s, p, 0) - v0 == vp


def test_solo_automa_kernels_ED_BASE_82(P1):
    """ED-BASE-82 (solo.automa_*): after the draft the automa takes solo.automa_take rightmost
    Street cards to the discard pile, scoring solo.automa_vp_per_advancement per advancement
    on them; its step drops solo.automa_cubes cubes from the bag into the tower; at the
    round's end it scores solo.automa_vp_per_round and removes solo.automa_advancements
    advancements from the largest stack."""
    p = _p(1, "on-every-front", "solo.automa_take=2", "solo.automa_vp_per_advancement=2",
           "solo.automa_cubes=3", "solo.automa_vp_per_round=7", "solo.automa_advancements=2")
    s = API.new_state(p, seed=4)
    play_until(s, p, lambda s: s[L.ROUND] >= 1)        # the Street is dealt after the Prologue
    c0, c1 = int(s[L.STREET]), int(s[L.STREET + 1])
    assert c0 >= 0 and c1 >= 0
    blank_card(s, c0, mid=0, bot=1)
    blank_card(s, c1)
    vp, n = int(s[L.SOLO_AUTO_VP]), int(s[L.AUTO_CARDS])
    automa_draft(s, p, new_rng(1))
    assert s[L.SOLO_AUTO_VP] == vp + 4 and s[L.AUTO_CARDS] == n + 2
    assert s[L.C_ZONE + c0] == L.Z_DISCARD and s[L.C_ZONE + c1] == L.Z_DISCARD
    assert all(s[L.STREET + i] >= 0 for i in range(L.NSTREET))
    clear_tower(s)
    bag = sum(int(s[L.BAG + c]) for c in range(L.NCOL))
    s[L.AUTO_STEP] = 1
    drop_cubes(s, p, new_rng(2))
    tower = sum(int(s[L.TRAY_CUBES + i]) for i in range(L.NTRAY * L.NCOL))
    assert tower == 3 and sum(int(s[L.BAG + c]) for c in range(L.NCOL)) == bag - 3
    for i in range(L.NSTACK):
        s[L.STACK_N + i] = 1
    s[L.STACK_N + 7] = 4
    vp = int(s[L.SOLO_AUTO_VP])
    automa_round_end(s, p)
    assert s[L.SOLO_AUTO_VP] == vp + 7 and s[L.STACK_N + 7] == 2
    assert sum(int(s[L.STACK_N + i]) for i in range(L.NSTACK)) == 19 + 2
    # a 2-player game has no automa
    s2 = API.new_state(params(2), seed=4)
    street = [int(s2[L.STREET + i]) for i in range(L.NSTREET)]
    automa_draft(s2, params(2), new_rng(1))
    assert [int(s2[L.STREET + i]) for i in range(L.NSTREET)] == street


# ---- players still in the game -----------------------------------------------------------------
def test_elimination_reading_ED_GEN_20_L56_05(P2):
    """ED-GEN-20 (rulings.players_in_game = all): a guild on the bottom Defense space stays
    there and plays on; under the alternative 'bottom-out' a guild pushed below it leaves the
    game: it is not attacked, skips its turns, stops counting for the Bluffs (ED-L56-05) and
    cannot win; in solo it loses at once."""
    import numpy as np

    from simcore.darkness import engine
    from simcore.darkness.effects import defense_down

    mx = int(P2[L.P_DEF_MAX])
    s = API.new_state(P2, seed=2)
    s[L.DEFENSE] = mx
    defense_down(s, P2, 0, 1)
    assert s[L.DEFENSE] == mx
    begin_turn(s, P2, 0)
    assert s[L.STAGE] == L.S_ATTACKS
    alt = _p(2, "on-every-front", 'rulings.players_in_game="bottom-out"')
    s = API.new_state(alt, seed=2)
    s[L.DEFENSE] = mx
    defense_down(s, alt, 0, 1)
    assert s[L.DEFENSE] == mx + 1 and s[L.END] == L.END_PLAYING
    clear_tower(s)
    s[L.TRAY_CUBES + L.BLACK] = 4
    assert attack_targets(s, alt, 0) == 2              # black attacks only seat 1 now
    begin_turn(s, alt, 0)
    assert s[L.STAGE] == L.S_TURN_END
    s[L.BLUFF] = 0
    s[L.STAGE] = L.S_ROUND_START
    settle(s, alt)
    assert s[L.BLUFF] == 3 + 1
    s[L.REP] = 50
    s[L.END] = L.END_ROUNDS
    out = np.zeros(2)
    engine.returns(s, alt, out)
    assert out.tolist() == [0.0, 1.0]
    solo = _p(1, "on-every-front", 'rulings.players_in_game="bottom-out"')
    s = API.new_state(solo, seed=2)
    s[L.DEFENSE] = mx
    defense_down(s, solo, 0, 1)
    assert s[L.END] == L.END_SOLO_LOST
