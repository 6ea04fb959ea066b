"""Edge of Darkness players worth measuring: ``evaluate`` and the scripted blunders.

Each blunder test hand-sets the decision where an old scripted player took the pointless or
self-harming action, and checks that the improved persona does not.  The frozen persona
``legacy`` (agents/scripted/darkness_legacy.py) is the player from before the latest round of
fixes, so only that round's tests assert that it blunders; earlier rounds were checked against
their own old code.
"""
import numpy as np
import pytest

from agents.scripted import persona_player
from agents.scripted.darkness import LEGACY, scripted_action
from tests.purepy import pure
from simcore import darkness as D
from simcore.darkness import layout as L
from simcore.rng import new_rng

ENG = D.API.engine
NEW = 0


def loc_index(state, kind_code):
    for i in range(L.NLOC):
        if int(state[L.LOCKIND + i]) == kind_code:
            return i
    raise AssertionError(f"kind {kind_code} not in play")


def act(state, params, legal, persona=NEW, seed=0):
    legal = np.array(legal, np.int32)
    return int(persona_player("darkness", persona)(state, params, persona, new_rng(seed), legal,
                                                    len(legal)))


def old_act(state, params, legal):
    """The frozen player's action, played as written in pure Python (tests/purepy.py):
    compiled, it cost the suite 15 s of compiling for four decisions."""
    return pure("tests.test_darkness_agents", "act", state.copy(), params, legal, LEGACY)


def acts(state, params, legal, persona, seeds=20):
    return {act(state, params, legal, persona, seed) for seed in range(seeds)}


@pytest.fixture(scope="module")
def front():
    """On Every Front (Mine, Chasm Road, Mud District, Northstone, Border Towers, Docks),
    2 players, seat 0 deciding with an empty hand and empty trays."""
    params = D.API.params(2, "on-every-front")
    s = D.API.new_state(params, seed=1)
    blank(s)
    return s, params


@pytest.fixture(scope="module")
def thin():
    params = D.API.params(2, "stretched-thin")
    s = D.API.new_state(params, seed=1)
    blank(s)
    return s, params


def blank(s):
    s[L.CUR] = 0
    s[L.ACTIVE] = 0
    s[L.ROUND] = 3
    s[L.DS_SHORE] = 0
    s[L.PE_KIND] = L.PK_NONE
    for t in range(L.NTRAY):
        s[L.TRAY_CARD + t] = -1
        for col in range(L.NCOL):
            s[L.TRAY_CUBES + t * L.NCOL + col] = 0
    s[L.HAND_N] = 0
    s[L.HUNTS] = 0
    s[L.BS] = 0


def give(s, cards, p=0):
    s[L.HAND_N + p] = len(cards)
    for h, c in enumerate(cards):
        s[L.HAND + p * L.MAX_HAND + h] = c
        s[L.C_ZONE + c] = L.Z_HAND
        s[L.C_USED + c] = 0


def test_legacy_is_the_last_persona():
    assert D.SPEC.personas[-1] == "legacy"
    assert LEGACY == len(D.SPEC.personas) - 1


def test_sleeve_picks_by_value_not_location_order(thin):
    """Old: the first stack (Break Point Bluffs: a Defense space) onto the first card
    (another guild's: VP for them).  New: a worthwhile stack onto its own card."""
    s, params = thin[0].copy(), thin[1]
    bluffs = loc_index(s, L.K_BLUFFS)
    bt = loc_index(s, L.K_BORDER)
    give(s, [4, 0])  # seat 1's starter card, then seat 0's own
    for c in (0, 4):
        s[L.C_MID + c] = -1
        s[L.C_BOT + c] = -1
    s[L.DEC] = L.D_SLEEVE
    legal = [L.opt(bluffs * 2), L.opt(bt * 2)]
    assert act(s, params, legal) == L.opt(bt * 2)
    s[L.DEC] = L.D_SLEEVE_CARD
    s[L.PRO_STACK] = bt * 2
    assert act(s, params, [L.opt(0), L.opt(1)]) == L.opt(1)


def test_prologue_picks_are_not_the_same_list_for_every_seat(thin):
    """Old: every seat takes the lowest-index stack it may.  New: by value, never the
    Bluffs' Defense-costing Smuggler first, and seats' picks vary."""
    s, params = thin[0].copy(), thin[1]
    s[L.DEC] = L.D_PRO_PICK
    legal = [L.opt(x) for x in range(L.NSTACK) if s[L.STACK_N + x] > 0]
    new = acts(s, params, legal, NEW)
    bluffs = loc_index(s, L.K_BLUFFS)
    assert len(new) > 1 and L.opt(bluffs * 2) not in new and L.opt(bluffs * 2 + 1) not in new


def test_no_councillor_for_a_bare_card_and_no_idle_battle_strength(front):
    """Old: every usable effect, e.g. 10 Coins (4 back) for the Councillor to claim a card
    with one advancement, or Battle Strength with no hunt in reach."""
    s, params = front[0].copy(), front[1]
    cit = loc_index(s, L.K_CITADEL)
    c, bare, bs = L.CITIZEN0, L.CITIZEN0 + 1, L.CITIZEN0 + 2   # Citizen 3 gives 2 BS
    give(s, [c, bare, bs])
    for x in (c, bare, bs):
        s[L.C_OWNER + x] = -1
        s[L.C_MID + x] = -1
        s[L.C_BOT + x] = -1
    s[L.C_MID + c] = cit
    s[L.COINS] = 12
    s[L.SLIPS] = 0
    s[L.DEC] = L.D_MAIN
    legal = [L.A_PASS, L.use(0, 1), L.use(2, 0)]
    assert act(s, params, legal) == L.A_PASS
    # a Neutral card with 2 advancements in hand is worth the Councillor
    s[L.C_MID + bare] = cit
    s[L.C_BOT + bare] = loc_index(s, L.K_DOCKS)
    assert act(s, params, legal) == L.use(0, 1)


def test_homesteads_only_for_a_slot_worth_its_price(thin):
    """Old: always visits, and takes slot 1 (7 Reputation) or any Reputation-for-little
    slot.  New: no visit when every slot trades Reputation (VP) for less."""
    s, params = thin[0].copy(), thin[1]
    s[L.REP] = 9
    s[L.REP + 1] = 3
    s[L.INFL + 1] = 2
    s[L.TRAINED] = 3
    s[L.DEC] = L.D_MAIN
    assert act(s, params, [L.A_PASS, L.A_HOME]) == L.A_PASS
    s[L.DEC] = L.D_TARGET
    s[L.PE_KIND] = L.PK_HOME
    s[L.PE_STEP] = 0
    legal = [L.A_PASS, L.opt(0), L.opt(3), L.opt(4)]
    assert act(s, params, legal) == L.A_PASS


def test_docks_exchange_buys_reputation_never_sells(front):
    """Old: a random amount, selling Reputation (4 units) for 3 Coins as often as not."""
    s, params = front[0].copy(), front[1]
    s[L.COINS] = 12
    s[L.REP] = 5
    s[L.DEC] = L.D_TARGET
    s[L.PE_KIND] = L.PK_DOCKS
    s[L.PE_STEP] = 1
    s[L.PE_ARG] = 5
    legal = [L.opt(j) for j in range(4)] + [L.opt(10 + j) for j in range(5)]
    k = (12 - 3) // int(params[L.P_DOCK_RATE])
    assert acts(s, params, legal, NEW) == {L.opt(k - 1)}


def test_northstone_source_border_guard_cube_and_spy_tray(front):
    """Old: random targets.  New: an idle Agent (not a Mine Agent with Coins under it), the
    guild's own cube from the fullest tray, the tray with the worst threat."""
    s, params = front[0].copy(), front[1]
    mine, chasm = loc_index(s, L.K_MINE), loc_index(s, L.K_CHASM)
    s[L.AG + mine] = 1
    s[L.MINE] = 4
    s[L.AG + chasm] = 1
    s[L.DEC] = L.D_TARGET
    s[L.PE_KIND] = L.PK_NORTH
    legal = sorted([L.opt(mine), L.opt(chasm)])
    assert acts(s, params, legal, NEW) == {L.opt(chasm)}
    # Border Guard, second effect: a cube onto Border Towers
    s[L.PE_KIND] = L.PK_CONTACT
    s[L.PE_LOC] = loc_index(s, L.K_BORDER)
    s[L.PE_MODE] = 1
    s[L.TRAY_CARD] = L.CITIZEN0
    s[L.TRAY_CARD + 1] = L.CITIZEN0 + 1
    s[L.TRAY_CUBES + 0 * L.NCOL + 1] = 3          # seat 1's cubes in tray 1
    s[L.TRAY_CUBES + 1 * L.NCOL + 0] = 2          # own cubes in tray 2
    s[L.TRAY_CUBES + 1 * L.NCOL + L.BLACK] = 1
    legal = [L.opt(1), L.opt(5), L.opt(5 + L.BLACK)]
    assert acts(s, params, legal, NEW) == {L.opt(5)}
    # Spy: replace the most damaging tray card
    spy = L.CITIZEN0 + 5
    give(s, [spy])
    s[L.C_MID + spy] = chasm
    s[L.C_BOT + spy] = -1
    troll = L.PATRICIAN0
    s[L.C_MID + troll] = loc_index(s, L.K_BORDER)   # Ice Troll: 4 Damage
    s[L.TRAY_CARD + 2] = troll
    for c in (L.CITIZEN0, L.CITIZEN0 + 1):
        s[L.C_MID + c] = -1
        s[L.C_BOT + c] = -1
    s[L.PE_LOC] = chasm
    s[L.PE_CARD] = spy
    s[L.PE_MODE] = 0
    legal = [L.opt(0), L.opt(1), L.opt(2)]
    assert acts(s, params, legal, NEW) == {L.opt(2)}


def test_students_and_gang_boss_dispatch_what_they_use(front):
    """Old: always the maximum (3), emptying the Trained pool."""
    s, params = front[0].copy(), front[1]
    s[L.TRAINED] = 4
    s[L.DEC] = L.D_TARGET
    s[L.PE_KIND] = L.PK_CONTACT
    s[L.PE_MODE] = 0
    legal = [L.opt(0), L.opt(1), L.opt(2)]
    s[L.PE_LOC] = loc_index(s, L.K_NORTHSTONE)
    assert act(s, params, legal) == L.opt(1)      # 2 Agents: what training returns
    s[L.PE_LOC] = loc_index(s, L.K_MUD)
    assert act(s, params, legal) == L.opt(0)      # 1 Agent: what Battle Strength returns


def test_skips_a_street_card_for_its_own_card(front):
    """Old: never skips (its docstring said it did)."""
    s, params = front[0].copy(), front[1]
    weak, own, other = L.CITIZEN0 + 1, 0, L.CITIZEN0 + 3
    for i, c in enumerate((weak, own, other)):
        s[L.STREET + i] = c
        s[L.STREET_INF + i] = 0
        s[L.C_MID + c] = -1
        s[L.C_BOT + c] = -1
    s[L.C_MID + own] = loc_index(s, L.K_DOCKS)
    s[L.C_BOT + own] = loc_index(s, L.K_BORDER)
    s[L.INFL] = 3
    s[L.DEC] = L.D_DRAFT
    legal = [L.opt(0), L.opt(1), L.opt(2)]
    assert act(s, params, legal) == L.opt(1)
    assert act(s, params, legal, 2) == L.opt(0)   # "merchant" keeps never skipping


def test_hunt_defeats_the_most_damaging_tray_card(front):
    s, params = front[0].copy(), front[1]
    troll = L.PATRICIAN0
    s[L.C_MID + troll] = loc_index(s, L.K_BORDER)
    s[L.C_BOT + troll] = -1
    for t, c in enumerate((troll, L.CITIZEN0, L.CITIZEN0 + 1)):
        s[L.TRAY_CARD + t] = c
    for c in (L.CITIZEN0, L.CITIZEN0 + 1):
        s[L.C_MID + c] = -1
        s[L.C_BOT + c] = -1
    s[L.BS] = 10
    s[L.DEC] = L.D_HUNT
    legal = [L.A_PASS, L.opt(0), L.opt(1), L.opt(2)]
    assert act(s, params, legal) == L.opt(0)


def test_free_border_towers_agents_before_the_cursed_beggar(front):
    """Old: 8 Coins to the Cursed Beggar first, with two free Border Towers Agents there
    (and a cube, which the Agents need)."""
    s, params = front[0].copy(), front[1]
    s[L.AG + loc_index(s, L.K_BORDER)] = 2
    s[L.BT_CUBES] = 1
    s[L.COINS] = 10
    s[L.DEFENSE] = 3
    s[L.AT_DMG] = 2
    s[L.AT_CARD] = L.CITIZEN0
    s[L.DEC] = L.D_DEFEND
    legal = [L.A_PASS, L.opt(0), L.opt(1), L.opt(2)]
    assert act(s, params, legal) == L.opt(0)


def test_evaluate_orders_positions_and_matches_returns():
    params = D.API.params(1, "on-every-front")
    s = D.API.new_state(params, seed=2)
    out = np.zeros(1)
    s[L.ROUND] = 5
    win, lose = s.copy(), s.copy()
    win[L.REP] = 40
    win[L.SOLO_AUTO_VP] = 12
    lose[L.REP] = 0
    lose[L.SOLO_AUTO_VP] = 30
    ENG.evaluate(win, params, out)
    v_win = out[0]
    ENG.evaluate(lose, params, out)
    v_lose = out[0]
    assert 0.0 <= v_lose < 0.2
    assert 0.8 < v_win <= 1.0
    ENG.evaluate(s, params, out)          # a middling position: neither 0 nor 1
    assert 0.0 < out[0] < 1.0
    done = win.copy()
    done[L.END] = L.END_SOLO_LOST
    ENG.evaluate(done, params, out)
    assert out[0] == 0.0
    params2 = D.API.params(2, "on-every-front")
    s2 = D.API.new_state(params2, seed=2)
    s2[L.ROUND] = 6
    s2[L.REP] = 15
    out2 = np.zeros(2)
    ENG.evaluate(s2, params2, out2)
    assert out2[0] > 0.5 > out2[1] >= 0.0 and abs(out2.sum() - 1.0) < 1e-9
    s2[L.END] = L.END_ROUNDS
    ret = np.zeros(2)
    ENG.returns(s2, params2, ret)
    ENG.evaluate(s2, params2, out2)
    assert out2.tolist() == ret.tolist()


def legal_walk(personas):
    """Mixed play (scripted with some random moves) at 1-4 players on random setups: each
    of ``personas``' choice is always one of the legal actions."""
    for players in (1, 2, 3, 4):
        params = D.API.params(players, "random")
        s = D.API.new_state(params, seed=players, index=players)
        rng = new_rng(players, 1)
        k = 0
        while not ENG.is_terminal(s, params):
            legal = D.API.legal_actions(s, params)
            for persona in personas:
                a = int(persona_player("darkness", persona)(s, params, persona, rng, legal,
                                                             len(legal)))
                assert a in legal, (players, persona, int(s[L.DEC]), a, list(legal))
            if k % 5 == 0:
                a = int(legal[int(rng[1] % np.uint64(len(legal)))])
                rng[1] += np.uint64(1)
            else:
                a = int(scripted_action(s, params, k % 3, rng, legal, len(legal)))
            ENG.step(s, params, np.int64(a), rng)
            k += 1
    return True


def test_every_persona_picks_a_legal_action():
    """legal_walk for every persona; the frozen one as written in pure Python
    (tests/purepy.py: compiled, it cost the suite 15 s of compiling for this test alone)."""
    legal_walk([q for q in range(len(D.SPEC.personas)) if q != LEGACY])
    assert pure("tests.test_darkness_agents", "legal_walk", [LEGACY])


# ---- the latest round of fixes: each asserts the frozen player's blunder too --------------
def _tray(s, t, c, cubes):
    """Card c in tray t, with ``cubes`` {colour: count}; its advancements cleared."""
    s[L.TRAY_CARD + t] = c
    s[L.C_MID + c] = -1
    s[L.C_BOT + c] = -1
    for col, k in cubes.items():
        s[L.TRAY_CUBES + t * L.NCOL + col] = k


def test_fix_border_towers_dispatch_only_when_short(front):
    """Nothing in the tower can attack: an Agent dispatched to the Border Towers only sits
    there; the old player dispatched on every idle turn."""
    s, params = front[0].copy(), front[1]
    s[L.TRAINED] = 2
    s[L.DEC] = L.D_MAIN
    legal = [L.A_PASS, L.A_BT]
    assert old_act(s, params, legal) == L.A_BT
    assert act(s, params, legal) == L.A_PASS
    # a 2-Damage card in a tray, no defence there yet: the dispatch pays
    _tray(s, 0, L.PATRICIAN0, {})
    assert act(s, params, legal) == L.A_BT
    # two Agents there already cover it
    s[L.AG + loc_index(s, L.K_BORDER)] = 2
    assert act(s, params, legal) == L.A_PASS


def test_fix_hunt_the_card_about_to_attack_this_guild(front):
    """The most damaging card's cube majority is the rival's colour; a weaker card's is this
    guild's: that is the one to defeat (the other attacks the rival).  The old player took
    the most damaging card."""
    s, params = front[0].copy(), front[1]
    _tray(s, 0, L.PATRICIAN0, {1: 2})     # 2 Damage, attacks seat 1
    _tray(s, 1, L.CITIZEN0, {0: 2})       # 1 Damage, attacks seat 0
    s[L.BS] = 10
    s[L.DEC] = L.D_HUNT
    legal = [L.A_PASS, L.opt(0), L.opt(1)]
    assert old_act(s, params, legal) == L.opt(0)
    assert act(s, params, legal) == L.opt(1)
    # both attack the rival: the most damaging, as before
    s[L.TRAY_CUBES + 1 * L.NCOL + 0] = 0
    s[L.TRAY_CUBES + 1 * L.NCOL + 1] = 2
    assert act(s, params, legal) == L.opt(0)


def test_fix_hunter_plays_battle_strength_before_its_hunt(front):
    """"hunter" with a hunt that can already defeat a 1-Damage card and a Battle Strength
    card in hand: the hunt spends only what is gathered, so the card goes first; the old
    hunter hunted at once."""
    s, params = front[0].copy(), front[1]
    bs_card = L.CITIZEN0 + 2
    assert params[L.P_TOP_EFF + bs_card] == L.E_BS
    give(s, [bs_card])
    s[L.C_MID + bs_card] = -1
    s[L.C_BOT + bs_card] = -1
    _tray(s, 0, L.CITIZEN0, {})
    s[L.BS] = 1
    s[L.HUNTS] = 1
    s[L.DEC] = L.D_MAIN
    legal = np.array([L.A_PASS, L.A_HUNT, L.use(0, 0)], np.int32)
    hunter = 1
    assert D.SPEC.personas[hunter] == "hunter"
    old = pure("agents.scripted.darkness_legacy", "scripted_action", s.copy(), params, hunter,
               new_rng(0), legal, 3)
    assert old == L.A_HUNT
    assert act(s, params, legal.tolist(), hunter) == L.use(0, 0)


def test_fix_street_ability_discards_the_spent_cards(front):
    """The Street ability's two discards: the first card in hand still has its Coin effect
    unused, the others are spent; the old player discarded the first card."""
    s, params = front[0].copy(), front[1]
    fresh, spent1, spent2 = L.CITIZEN0, L.CITIZEN0 + 1, L.CITIZEN0 + 4
    give(s, [fresh, spent1, spent2])
    for c in (fresh, spent1, spent2):
        s[L.C_MID + c] = -1
        s[L.C_BOT + c] = -1
    s[L.C_USED + spent1] = 7
    s[L.C_USED + spent2] = 7
    s[L.DEC] = L.D_STREET_DISC
    legal = [L.opt(0), L.opt(1), L.opt(2)]
    assert old_act(s, params, legal) == L.opt(0)
    assert act(s, params, legal) == L.opt(1)
