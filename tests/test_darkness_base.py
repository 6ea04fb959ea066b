"""Rules tests for the Edge of Darkness base game (checklist sections BASE, GEN, SETUPS) on
small hand-built states; each test names the checklist items it checks
(../shared/rules/checklists/darkness.md)."""
import pytest

from simcore.darkness import (
    API,
)
from simcore.darkness import layout as L
from simcore.darkness.cards import draw_cube, draw_top, train
from simcore.darkness.contacts import (
    contact_apply, contact_modes, contact_targets, slot_apply, slot_ok, slot_targets,
)
from simcore.darkness.effects import card_damage, clear_tray, dispatch
from simcore.darkness.turn import begin_turn
from simcore.rng import new_rng
from tests.test_darkness_util import (
    OPT, blank_card, cards_in, clear_tower, hunt_state, legal, loc, main_state, params, plain,
    play_until, set_hand, set_tray, settle, step, use_action,
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


# ---- structure, setup, Prologue -----------------------------------------------------------------
def tied_state(p, seats):
    """A finished game where ``seats`` tie for most VP with equal tiebreaker standings."""
    s = API.new_state(p, seed=1)
    s[L.END] = L.END_ROUNDS
    for q in range(int(p[L.P_NUM_PLAYERS])):
        for off in (L.REP, L.COINS, L.INFL, L.GOODWILL, L.DEFENSE):
            s[off + q] = 0
        for col in range(L.NCOL):
            s[L.CCUBES + q * L.NCOL + col] = 0
    for c in range(L.NCARD):
        s[L.C_MID + c] = -1
        s[L.C_BOT + c] = -1
    for q in seats:
        s[L.REP + q] = 5
    return s


def test_ties_share_the_win_ED_BASE_02(P3):
    """ED-BASE-02: highest VP wins; players still tied after the tiebreakers share the win
    (1/k each)."""
    p = P3
    s = tied_state(p, (0, 2))
    assert API.returns(s, p).tolist() == [0.5, 0.0, 0.5]
    s[L.REP + 2] += 1
    assert API.returns(s, p).tolist() == [0.0, 0.0, 1.0]


def test_ties_go_through_tiebreakers_ED_BASE_99(P3):
    """ED-BASE-99: a tie for most VP goes through the tiebreakers in order (assumed: most
    Reputation, highest Defense Track, most Coins, most Influence); only guilds still tied
    share the victory."""
    p = P3
    s = tied_state(p, (0, 1))
    s[L.REP + 0] += 1                 # seat 0: 1 more Reputation, seat 1: 4 more Coins
    s[L.COINS + 1] += 4
    assert list(API.scores(s, p))[:2] == [6, 6]
    assert API.returns(s, p).tolist() == [1.0, 0.0, 0.0]
    s = tied_state(p, (0, 1))
    s[L.COINS + 0] = 3                # Coins below 4 score nothing but break the tie
    s[L.INFL + 1] = 9                 # Influence comes after Coins
    assert API.returns(s, p).tolist() == [1.0, 0.0, 0.0]
    s[L.COINS + 1] = 3
    assert API.returns(s, p).tolist() == [0.0, 1.0, 0.0]
    s[L.INFL + 0] = 9
    assert API.returns(s, p).tolist() == [0.5, 0.5, 0.0]


def test_first_player_random_ED_BASE_91():
    """ED-BASE-91: the first player is chosen at random (from the game's chance stream: the
    same seed gives the same first player); it makes the first Prologue pick and is reported
    as the info column first_player."""
    for players in (2, 3, 4):
        p = params(players)
        firsts = []
        states = [API.new_state(p, seed=g) for g in range(24)]
        for g, s in enumerate(states):
            assert s[L.DEC] == L.D_PRO_PICK and s[L.CUR] == s[L.FIRST]
            firsts.append(int(s[L.CUR]))
            assert int(API.new_state(p, seed=g)[L.CUR]) == firsts[-1]
        assert set(firsts) == set(range(players)), (players, firsts)
        assert [API.info(s, p)["first_player"] for s in states] == firsts


def test_guilds_identical_ED_BASE_06(P3):
    """ED-BASE-06: the four guilds play identically: same starter cards and resources."""
    p = params(4)
    for i in range(4):
        for off in (L.P_TOP_EFF, L.P_TOP_A, L.P_TOP_B, L.P_BASE_DMG, L.P_BASE_REW):
            assert len({int(p[off + q * 4 + i]) for q in range(4)}) == 1
    s = API.new_state(p, seed=2)
    for off in (L.COINS, L.INFL, L.TRAINED, L.UNTRAINED, L.DEFENSE):
        assert len({int(s[off + q]) for q in range(4)}) == 1


def test_bag_refills_from_set_aside_ED_BASE_14_L61_05(P2):
    """ED-BASE-14: an empty bag takes back the set-aside cubes; ED-L61-05: cubes taken into a
    coffer (Coldhollow) stay there and never return to the bag."""
    s = API.new_state(P2, seed=1)
    for col in range(L.NCOL):
        s[L.BAG + col] = 0
        s[L.ASIDE + col] = 0
    s[L.ASIDE + 0] = 2
    s[L.ASIDE + L.BLACK] = 1
    s[L.CCUBES + L.BLACK] = 3
    col = draw_cube(s, new_rng(3))
    assert col in (0, L.BLACK)
    assert sum(int(s[L.BAG + c]) for c in range(L.NCOL)) == 2
    assert all(s[L.ASIDE + c] == 0 for c in range(L.NCOL)) and s[L.CCUBES + L.BLACK] == 3
    # a tray leaving the tower sets its cubes aside; coffers are untouched
    set_tray(s, 0, L.CITIZEN0, {1: 2})
    clear_tray(s, P2, 0, new_rng(1))
    assert s[L.ASIDE + 1] == 2 and s[L.CCUBES + L.BLACK] == 3


def test_prologue_pick_sleeve_use_ED_BASE_17_L51_05(P3):
    """ED-BASE-17: in turn order each player takes an advancement, sleeves it onto one of its
    own starter cards and may use it; ED-L51-05: no Citadel Influence in the Prologue."""
    p = API.params(3, "on-every-front", rules=API.rules(sets=["setup.first_player=seat-0"]))
    s = API.new_state(p, seed=1)
    assert s[L.ROUND] == 0 and s[L.DEC] == L.D_PRO_PICK and s[L.CUR] == 0
    assert all(s[L.STACK_INF + i] == 0 for i in range(L.NSTACK))
    b = loc(s, 52)
    infl = int(s[L.INFL])
    step(s, p, OPT(2 * b))
    assert s[L.DEC] == L.D_PRO_CARD and legal(s, p) == {OPT(j) for j in range(4)}
    step(s, p, OPT(1))
    assert s[L.C_MID + 1] == b and s[L.STACK_N + 2 * b] == p[L.P_NMID + 52] - 1
    # "may use it": PASS or the Barracks dispatch (its return-for-a-hunt mode is banned)
    assert s[L.DEC] == L.D_PRO_USE and legal(s, p) == {L.A_PASS, OPT(0)}
    step(s, p, OPT(0))
    assert s[L.AG + b] == 1 and s[L.TRAINED] == 3 and s[L.INFL] == infl
    assert s[L.DEC] == L.D_PRO_PICK and s[L.CUR] == 1


def test_prologue_bans_ED_BASE_18(P2):
    """ED-BASE-18: no returning Agents, drawing cards, gaining Battle Strength, confronting
    threats, claiming Allegiance or touching cubes/the tower in the Prologue."""
    p = P2
    s = API.new_state(p, seed=1)
    c = L.CITIZEN0
    set_hand(s, 0, [c])
    s[L.COINS] = 20
    s[L.TRAINED] = 4
    s[L.UNTRAINED] = 6
    set_tray(s, 0, L.CITIZEN0 + 1, {L.BLACK: 1})
    for num, ag, full, pro in ((51, 0, 1, 0), (52, 4, 7, 1), (53, 2, 3, 1), (54, 0, 1, 0),
                               (55, 1, 3, 1), (57, 1, 7, 1), (58, 0, 7, 1), (59, 1, 7, 1)):
        i = loc(s, num)
        s[L.AG + i] = ag
        assert contact_modes(s, p, 0, i, c, False) == full, num
        assert contact_modes(s, p, 0, i, c, True) == pro, num
    ps = params(2, "stretched-thin")
    s2 = API.new_state(ps, seed=1)
    h = loc(s2, 60)
    assert contact_modes(s2, ps, 0, h, c, False) == 1 and contact_modes(s2, ps, 0, h, c, True) == 0
    pb = params(2, "base")
    s3 = API.new_state(pb, seed=1)
    f = loc(s3, 70)
    assert contact_modes(s3, pb, 0, f, c, False) == 3 and contact_modes(s3, pb, 0, f, c, True) == 1


def test_prologue_picks_unique_ED_BASE_92():
    """ED-BASE-92: each Prologue pick marks its location's advancements; nobody may pick a
    marked one again during the Prologue, the picker included (2 players: P2 picks twice in a
    row; 3 players: the last seat does), and every pick is a different location."""
    for players, picks in ((2, 6), (3, 6), (4, 8)):
        p = params(players)
        s = API.new_state(p, seed=1)
        picked = []
        while s[L.ROUND] == 0:
            lg = legal(s, p)
            if s[L.DEC] == L.D_PRO_PICK:
                marked = {OPT(2 * i + t) for i in picked for t in (0, 1)}
                assert lg and not (lg & marked), (players, picked)
                a = min(lg)
                picked.append((a - L.A_OPT) // 2)
            else:
                a = L.A_PASS if L.A_PASS in lg else min(lg)
            step(s, p, a)
        assert len(picked) == picks and len(set(picked)) == picks
        assert [int(s[L.PICKED + i]) for i in range(L.NLOC)] == \
            [1 if i in picked else 0 for i in range(L.NLOC)]


def test_unpicked_advancements_on_citizens_ED_BASE_21_53(P3):
    """ED-BASE-21: after the Prologue one copy of each unpicked advancement is sleeved onto its
    own Citizen, in the discard pile; ED-BASE-53: the tower's 3 trays each hold a card."""
    p = P3
    s = API.new_state(p, seed=2)
    play_until(s, p, lambda s: s[L.ROUND] >= 1)
    unpicked = {i for i in range(L.NLOC) if s[L.PICKED + i] == 0}
    assert unpicked
    got = []
    for c in cards_in(s, L.Z_DISCARD):
        assert L.CITIZEN0 <= c < L.PATRICIAN0
        sl = [x for x in (int(s[L.C_MID + c]), int(s[L.C_BOT + c])) if x >= 0]
        assert len(sl) == 1
        got.append(sl[0])
    assert sorted(got) == sorted(unpicked)
    for t in range(L.NTRAY):
        c = s[L.TRAY_CARD + t]
        assert c >= 0 and s[L.C_ZONE + c] == L.Z_TRAY


def test_round_1_one_hall_card_two_drafted_ED_BASE_95(P3):
    """ED-BASE-95: round 1 starts with one card in each Guild Hall (assumed: the player chooses
    it after the Prologue; its other starters are shuffled into the deck), so each player takes
    1 card from its Guild Hall, then drafts 2 from the Street."""
    p = P3
    s = API.new_state(p, seed=2)

    def policy(s, lg):
        if s[L.DEC] == L.D_HALL:
            assert set(lg.tolist()) == {OPT(j) for j in range(4)}
            return OPT(3)
        return L.A_PASS if L.A_PASS in lg else lg[0]

    seen = play_until(s, p, lambda s: s[L.ROUND] >= 1 and (
        s[L.STAGE] == L.S_DRAFT or s[L.STAGE] >= L.S_TURN_START), policy)
    assert sorted(q for (_, d, q, _) in seen if d == L.D_HALL) == [0, 1, 2]
    assert s[L.ROUND] == 1 and s[L.STAGE] == L.S_DRAFT      # round 1 has a Street draft
    for q in range(3):
        assert [int(s[L.HAND + q * L.MAX_HAND])] == [q * 4 + 3] and s[L.HAND_N + q] == 1
        for c in range(q * 4, q * 4 + 3):
            assert s[L.C_ZONE + c] in (L.Z_DECK, L.Z_STREET, L.Z_TRAY)
    assert not cards_in(s, L.Z_HALL)
    play_until(s, p, lambda s: s[L.STAGE] >= L.S_TURN_START)
    assert all(s[L.HAND_N + q] == 3 for q in range(3)) and s[L.ROUND] == 1


def test_round_and_turn_order_ED_BASE_23_24(P3):
    """ED-BASE-23: a round is the Draft (every hand filled) then the Action phase, seats acting
    clockwise from the First Player (ED-BASE-24 assumed: it passes clockwise each round)."""
    p = P3
    s = API.new_state(p, seed=5)
    def in_action(s):
        return L.S_ATTACKS <= s[L.STAGE] <= L.S_DISCARD

    for r in (1, 2):
        play_until(s, p, lambda s, r=r: s[L.ROUND] == r and in_action(s))
        first = int(s[L.FIRST])
        assert first == (s[L.FIRST0] + r - 1) % 3 and s[L.ACTIVE] == first
        assert all(s[L.HAND_N + q] == p[L.P_HAND] for q in range(3))   # everyone drafted
        order = []
        while s[L.ROUND] == r:
            if in_action(s) and (not order or order[-1] != s[L.ACTIVE]):
                order.append(int(s[L.ACTIVE]))
            lg = API.legal_actions(s, p)
            step(s, p, L.A_PASS if L.A_PASS in lg else lg[0])
        rot = [(first + j) % 3 for j in range(3)]
        assert order == [q for q in rot if q in order] and order[0] == first


def test_turn_steps_1_to_5_ED_BASE_36_37_38(P2):
    """ED-BASE-36/37: step 1 drops the Threat Zone cubes into the tower, then step 2 asks for a
    compulsory sleeve (ED-BASE-38: no PASS with an own card open), step 3, step 5 discards."""
    p = P2
    s = API.new_state(p, seed=3)
    clear_tower(s)
    for t in range(L.NTRAY):
        s[L.TRAY_CARD + t] = -1
    set_hand(s, 0, [0, L.CITIZEN0])
    set_hand(s, 1, [5])
    for col in range(L.NCOL):
        s[L.TZ + col] = 0
    s[L.TZ + L.BLACK] = 2
    s[L.TZ + 0] = 1
    s[L.FIRST] = 0
    s[L.PHASE] = 0
    s[L.STAGE] = L.S_TURN_START
    settle(s, p)
    assert s[L.ACTIVE] == 0 and s[L.DEC] == L.D_SLEEVE
    assert sum(int(s[L.TRAY_CUBES + i]) for i in range(L.NTRAY * L.NCOL)) == 3
    assert all(s[L.TZ + c] == 0 for c in range(L.NCOL))
    lg = legal(s, p)
    assert L.A_PASS not in lg and OPT(0) in lg
    step(s, p, OPT(0))
    assert s[L.DEC] == L.D_SLEEVE_CARD
    step(s, p, OPT(0))
    assert s[L.C_MID + 0] == 0 and s[L.STAGE] == L.S_MAIN and s[L.DEC] == L.D_MAIN
    step(s, p, L.A_PASS)
    assert s[L.HAND_N] == 0 and s[L.C_ZONE + 0] == L.Z_DISCARD
    assert s[L.ACTIVE] == 1 and s[L.DEC] == L.D_SLEEVE


def test_sleeve_skip_only_on_neutral_ED_BASE_39(P2):
    """ED-BASE-39: sleeving may be skipped when the only open slots are on Neutral cards."""
    p = P2
    s = main_state(p)
    set_hand(s, 0, [L.CITIZEN0, L.PATRICIAN0])
    s[L.STAGE] = L.S_SLEEVE
    s[L.SUB] = 0
    settle(s, p)
    assert s[L.DEC] == L.D_SLEEVE and L.A_PASS in legal(s, p)
    step(s, p, L.A_PASS)
    assert s[L.STAGE] == L.S_MAIN and s[L.C_MID + L.CITIZEN0] == -1


# ---- Draft and the Street -----------------------------------------------------------------------
def test_draft_street_influence_goodwill_ED_BASE_25_26_27_29_30_31_32_33_34(P2):
    """ED-BASE-27: Guild Hall cards first; ED-BASE-29/30: the rightmost card unless skipping
    with 1 Influence per card (none without Influence); ED-BASE-25: 5 spaces, the deck top is
    the 6th; ED-BASE-31/32: Influence on a drafted card becomes Goodwill, never Influence;
    ED-BASE-33: the Street slides and refills; ED-BASE-26: hands reach 3; ED-BASE-34: one cube
    per advancement on a drafted card, kept for the next round."""
    p = P2
    s = API.new_state(p, seed=4)
    play_until(s, p, lambda s: s[L.ROUND] >= 1)
    for q in range(2):
        set_hand(s, q, [])
        for c in cards_in(s, L.Z_HALL, q):
            s[L.C_ZONE + c] = L.Z_OUT
    s[L.C_ZONE + 1] = L.Z_HALL
    s[L.C_HOLDER + 1] = 0
    for i in range(L.NSTREET):
        c = int(s[L.STREET + i])
        blank_card(s, c, mid=0 if i == 3 else -1, bot=1 if i == 3 else -1)
        s[L.STREET_INF + i] = 0
    street = [int(s[L.STREET + i]) for i in range(L.NSTREET)]
    s[L.INFL] = 0
    s[L.INFL + 1] = 5
    s[L.GOODWILL] = 0
    for q in range(2):
        for col in range(L.NCOL):
            s[L.TZN + q * L.NCOL + col] = 0
    s[L.FIRST] = 0
    s[L.STAGE] = L.S_DRAFT
    s[L.SUB] = 0
    settle(s, p)
    # seat 0 took its Hall card, then (no Influence) the rightmost card automatically
    assert s[L.HAND] == 1 and s[L.HAND + 1] == street[0]
    assert s[L.CUR] == 1 and s[L.DEC] == L.D_DRAFT
    assert legal(s, p) == {OPT(k) for k in range(6)}           # 5 spaces + the deck top
    # the Street slid after seat 0's pick: [1, 2, 3, 4, new]; skip 2 cards, take street[3]
    step(s, p, OPT(2))
    assert s[L.INFL + 1] == 3 and s[L.HAND + L.MAX_HAND] == street[3]
    tzn1 = sum(int(s[L.TZN + L.NCOL + c]) for c in range(L.NCOL))
    assert tzn1 == 2 + p[L.P_CUBES_BASE]
    # seat 0 (no Influence) again took the rightmost, street[1], its 1 Influence as Goodwill
    assert s[L.HAND + 2] == street[1] and s[L.GOODWILL] == 1 and s[L.INFL] == 0
    assert s[L.STREET] == street[2] and s[L.STREET_INF] == 1
    assert s[L.STREET + 1] == street[4] and s[L.STREET_INF + 1] == 0
    assert all(s[L.STREET + i] >= 0 for i in range(L.NSTREET))
    play_until(s, p, lambda s: s[L.STAGE] != L.S_DRAFT)
    assert s[L.HAND_N] == 3 and s[L.HAND_N + 1] == 3 and p[L.P_HAND] == 3
    s[L.STAGE] = L.S_ROUND_END
    s[L.ROUND] = 1
    tzn0 = [int(s[L.TZ + L.NCOL + c]) + int(s[L.TZN + L.NCOL + c]) for c in range(L.NCOL)]
    from simcore.darkness.rounds import round_end_cubes
    round_end_cubes(s, p)
    assert [int(s[L.TZ + L.NCOL + c]) for c in range(L.NCOL)] == tzn0


def test_open_hands_kept_by_determinize_ED_BASE_96(P2):
    """ED-BASE-96: hands are open (City side up, visible to all), so resampling what an
    observer cannot see keeps every hand, even a card drafted blind from the deck top; only
    the deck's order is redrawn."""
    from simcore.darkness import engine
    from simcore.darkness.rounds import draft_pick
    p = P2
    s = API.new_state(p, seed=4)
    play_until(s, p, lambda s: s[L.ROUND] >= 1)
    set_hand(s, 1, [])
    s[L.INFL + 1] = 9
    draft_pick(s, p, 1, L.NSTREET, new_rng(3))          # seat 1 skips the Street: deck top
    assert s[L.HAND_N + 1] == 1
    hands = [[int(x) for x in s[L.HAND + q * L.MAX_HAND:L.HAND + q * L.MAX_HAND + L.MAX_HAND]]
             for q in range(2)]
    deck = sorted(int(x) for x in s[L.DECK:L.DECK + s[L.DECK_N]])
    orders = set()
    for g in range(12):
        t = s.copy()
        engine.determinize(t, p, 0, new_rng(g))
        for q in range(2):
            assert [int(x) for x in t[L.HAND + q * L.MAX_HAND:L.HAND + (q + 1) * L.MAX_HAND]] \
                == hands[q], (g, q)
        got = [int(x) for x in t[L.DECK:L.DECK + t[L.DECK_N]]]
        assert sorted(got) == deck
        orders.add(tuple(got))
    assert len(orders) > 1                                # the deck order is still resampled


def test_deck_rebuilt_from_discard_ED_BASE_46(P2):
    """ED-BASE-46: an empty deck is rebuilt by shuffling the discard pile."""
    s = API.new_state(P2, seed=2)
    for i in range(int(s[L.DECK_N])):
        s[L.C_ZONE + s[L.DECK + i]] = L.Z_OUT
    s[L.DECK_N] = 0
    for c in (L.CITIZEN0, L.CITIZEN0 + 3, L.PATRICIAN0):
        s[L.C_ZONE + c] = L.Z_DISCARD
    c = draw_top(s, new_rng(1))
    assert c in (L.CITIZEN0, L.CITIZEN0 + 3, L.PATRICIAN0) and s[L.DECK_N] == 2
    assert not cards_in(s, L.Z_DISCARD)


# ---- using effects: the 1-Coin fee, the Street ability, discards --------------------------------
def test_fee_to_other_guild_ED_BASE_41_42_43_GEN_09(P2):
    """ED-BASE-41: another guild's card costs 1 Coin paid to its owner; ED-BASE-42: not with 0
    Coins; ED-BASE-43: own and Neutral cards are free; ED-GEN-09: the fee and the effect's cost
    must both be payable up front."""
    p = P2
    s = main_state(p)
    # 4: seat 1's coins card (3); 16: Neutral coins (2); 0: own coins (3); 5: seat 1's
    # buy-Reputation (pay 3, gain 2)
    for c in (0, 4, 5, L.CITIZEN0):
        blank_card(s, c, owner=c // 4 if c < 16 else -1)
    set_hand(s, 0, [4, L.CITIZEN0, 0, 5])
    s[L.COINS] = 1
    s[L.COINS + 1] = 0
    settle(s, p)
    lg = legal(s, p)
    assert use_action(s, 0, 4, 0) in lg and use_action(s, 0, 5, 0) not in lg
    step(s, p, use_action(s, 0, 4, 0))
    assert s[L.COINS] == 1 - 1 + 3 and s[L.COINS + 1] == 1
    step(s, p, use_action(s, 0, L.CITIZEN0, 0))
    step(s, p, use_action(s, 0, 0, 0))
    assert s[L.COINS] == 3 + 2 + 3 and s[L.COINS + 1] == 1
    s2 = main_state(p)
    for c in (0, 4, 5):
        blank_card(s2, c, owner=c // 4)
    set_hand(s2, 0, [4, 5, 1])
    s2[L.COINS] = 0
    settle(s2, p)
    assert use_action(s2, 0, 4, 0) not in legal(s2, p)
    s2[L.COINS] = 3
    settle(s2, p)
    lg = legal(s2, p)
    assert use_action(s2, 0, 5, 0) not in lg and use_action(s2, 0, 1, 0) in lg
    s2[L.COINS] = 4
    settle(s2, p)
    rep, c1 = int(s2[L.REP]), int(s2[L.COINS + 1])
    step(s2, p, use_action(s2, 0, 5, 0))
    assert s2[L.COINS] == 0 and s2[L.REP] == rep + 2 and s2[L.COINS + 1] == c1 + 1


def test_street_ability_and_hand_discards_ED_BASE_44_45(P2):
    """ED-BASE-44: discard 2 cards to use one effect of a Street card; ED-BASE-45: discarded
    own and Neutral cards go to the discard pile, another guild's card to its owner's Hall."""
    p = P2
    s = main_state(p)
    street = L.CITIZEN0 + 1          # printed: gain 1 Reputation
    for c in (0, 4, 5, L.CITIZEN0, street):
        blank_card(s, c, owner=c // 4 if c < 16 else -1)
    set_hand(s, 0, [0, L.CITIZEN0, 4])
    set_hand(s, 1, [5])
    for i in range(L.NSTREET):
        s[L.STREET + i] = -1
    from tests.test_darkness_util import take_card
    take_card(s, street)
    s[L.STREET] = street
    s[L.C_ZONE + street] = L.Z_STREET
    s[L.C_HOLDER + street] = 0
    s[L.FIRST] = 0
    s[L.PHASE] = 0
    settle(s, p)
    rep = int(s[L.REP])
    assert L.A_STREET in legal(s, p)
    step(s, p, L.A_STREET)
    assert s[L.DEC] == L.D_STREET_DISC
    step(s, p, OPT(0))              # own card 0
    step(s, p, OPT(1))              # seat 1's card 4 (now at position 1)
    assert s[L.REP] == rep + 1      # the Street card's only usable effect resolved
    assert s[L.C_ZONE + 0] == L.Z_DISCARD
    assert s[L.C_ZONE + 4] == L.Z_HALL and s[L.C_HOLDER + 4] == 1
    assert s[L.C_ZONE + L.CITIZEN0] == L.Z_DISCARD and s[L.HAND_N] == 0   # step 5
    assert s[L.ACTIVE] == 1


# ---- Agents -------------------------------------------------------------------------------------
def test_agents_dispatch_return_train_ED_BASE_47_48_49_50_51(P2):
    """ED-BASE-47: only trained Agents go out; ED-BASE-48: a contact dispatches to its own
    location; ED-BASE-49: no limit per location; ED-BASE-50: returned Agents may go out again
    the same turn; ED-BASE-51: training moves one untrained Agent to the Trained pool."""
    p = P2
    s = API.new_state(p, seed=1)
    mud = loc(s, 55)
    c = L.CITIZEN0
    s[L.TRAINED] = 0
    assert dispatch(s, 0, mud, 2) == 0 and contact_modes(s, p, 0, mud, c, False) == 0
    s[L.TRAINED] = 7
    s[L.UNTRAINED] = 3
    before = [int(s[L.AG + i]) for i in range(L.NLOC)]
    contact_apply(s, p, 0, mud, c, 0, 2, new_rng(1))        # Gang Boss: dispatch 3
    after = [int(s[L.AG + i]) for i in range(L.NLOC)]
    assert after[mud] == before[mud] + 3 and sum(after) == sum(before) + 3
    dispatch(s, 0, mud, 4)
    assert s[L.AG + mud] == before[mud] + 7 and s[L.TRAINED] == 0
    contact_apply(s, p, 0, mud, c, 1, -1, new_rng(1))        # return 1 for 2 Battle Strength
    assert s[L.TRAINED] == 1
    assert contact_modes(s, p, 0, mud, c, False) & 1
    contact_apply(s, p, 0, mud, c, 0, 0, new_rng(1))
    assert s[L.TRAINED] == 0 and s[L.AG + mud] == before[mud] + 7
    train(s, 0)
    assert s[L.TRAINED] == 1 and s[L.UNTRAINED] == 2


# ---- tower and attacks --------------------------------------------------------------------------
def test_attack_threshold_card_leaves_ED_BASE_54_55_57(P2):
    """ED-BASE-54: a tray card attacks once its cube threshold is reached, then is replaced;
    ED-BASE-55: a guild's card goes back to its owner's Guild Hall; ED-BASE-57: its Damage is
    the sum of its threats (printed 1 + Storm Spawn 2 + Ferryman 1 = 4)."""
    p = P2
    s = API.new_state(p, seed=3)
    clear_tower(s)
    c = 4                            # seat 1's starter
    blank_card(s, c, mid=loc(s, 52), bot=loc(s, 56), owner=1)
    assert card_damage(s, p, c, 0, -1) == 4
    thr = int(p[L.P_THRESHOLD])
    set_tray(s, 0, c, {0: thr - 1})
    set_tray(s, 1, L.CITIZEN0 + 2)
    set_tray(s, 2, L.CITIZEN0 + 3)
    s[L.ACTIVE] = 0
    s[L.STAGE] = L.S_ATTACKS
    s[L.SUB] = 1
    s[L.AUTO_STEP] = 0
    d0 = int(s[L.DEFENSE])
    settle(s, p)
    assert s[L.TRAY_CARD] == c and s[L.DEFENSE] == d0          # below the threshold
    s[L.TRAY_CUBES + 0] = thr
    s[L.STAGE] = L.S_ATTACKS
    s[L.SUB] = 1
    s[L.AT_TRAY] = 0
    s[L.ACTIVE] = 0
    aside = int(s[L.ASIDE])
    settle(s, p)
    assert s[L.DEFENSE] == d0 + 1 and s[L.DEFENSE + 1] == 0
    assert s[L.C_ZONE + c] == L.Z_HALL and s[L.C_HOLDER + c] == 1
    assert s[L.TRAY_CARD] not in (-1, c) and s[L.ASIDE] == aside + thr


def test_attack_order_offturn_defence_ED_BASE_37_GEN_08_L58_02(P2):
    """ED-BASE-37: attacks set off in step 1 resolve clockwise from the active seat;
    ED-GEN-08/ED-L58-02: the Border Towers defence is reactive and used off-turn too."""
    p = P2
    s = API.new_state(p, seed=3)
    clear_tower(s)
    bt = loc(s, 58)
    c = L.CITIZEN0
    blank_card(s, c, mid=loc(s, 52))
    set_tray(s, 0, c, {L.BLACK: int(p[L.P_THRESHOLD])})
    s[L.AG + bt] = 3
    s[L.BT_CUBES] = 1               # Agents count only alongside a cube (ED-L58-06)
    s[L.AG + L.NLOC + bt] = 1
    s[L.BT_CUBES + 1] = 1
    s[L.ACTIVE] = 1
    s[L.STAGE] = L.S_ATTACKS
    s[L.SUB] = 1
    s[L.AUTO_STEP] = 0
    settle(s, p)
    assert s[L.DEC] == L.D_DEFEND and s[L.CUR] == 1
    step(s, p, L.A_PASS)
    assert s[L.DEC] == L.D_DEFEND and s[L.CUR] == 0
    for _ in range(2):              # 1 + Storm Spawn 2 = 3 Damage: 2 Agents, then the cube
        step(s, p, OPT(0))
    assert s[L.DEC] == L.D_CUBE and s[L.CUR] == 0   # Coldhollow: a cube for the defender
    step(s, p, L.A_PASS)
    assert s[L.AG + bt] == 1 and s[L.BT_CUBES] == 0
    assert s[L.DEFENSE] == 0 and s[L.DEFENSE + 1] == 1


# ---- hunting ------------------------------------------------------------------------------------
def test_hunting_ED_BASE_66_67_68_GEN_14(P2):
    """ED-BASE-66/67: 5 Battle Strength defeats a 3- and a 2-Damage card (not then the 5),
    ED-BASE-68: each defeated threat rewards the hunter; ED-GEN-14: a whole card is defeated,
    every threat on it rewarding (Storm Spawn 2 + Devil's Maw 3 Influence)."""
    cs = (L.CITIZEN0, L.CITIZEN0 + 1, L.CITIZEN0 + 2)
    p = plain(P2, cs)
    s0 = API.new_state(p, seed=4)
    ss, dm = loc(s0, 52), loc(s0, 59)            # Storm Spawn 2, Devil's Maw 3
    st = hunt_state(p, {0: cs[0], 1: cs[1], 2: cs[2]}, 5)
    st[L.C_MID + cs[0]], st[L.C_BOT + cs[0]] = ss, dm
    st[L.C_MID + cs[1]], st[L.C_MID + cs[2]] = dm, ss
    settle(st, p)
    assert L.A_HUNT in legal(st, p)
    step(st, p, L.A_HUNT)
    assert st[L.DEC] == L.D_HUNT and {OPT(0), OPT(1), OPT(2), L.A_PASS} <= legal(st, p)
    infl = int(st[L.INFL])
    step(st, p, OPT(1))
    assert st[L.INFL] == infl + 3 and st[L.ST_DEFEATED] == 1
    lg = legal(st, p)
    assert OPT(2) in lg and OPT(0) not in lg
    step(st, p, OPT(2))
    assert st[L.INFL] == infl + 5 and st[L.HSPENT] == 5
    st = hunt_state(p, {0: cs[0]}, 5)
    st[L.C_MID + cs[0]], st[L.C_BOT + cs[0]] = ss, dm
    settle(st, p)
    infl = int(st[L.INFL])
    step(st, p, L.A_HUNT)
    step(st, p, OPT(0))
    assert st[L.INFL] == infl + 5 and st[L.C_ZONE + cs[0]] == L.Z_DISCARD


def test_hunt_needs_effect_bs_per_turn_ED_BASE_69_70_GEN_10_16(P2):
    """ED-BASE-70: no hunt without an effect granting one; ED-BASE-69/ED-GEN-10: Battle Strength
    lasts only this turn; ED-GEN-16: a 0-Damage card is defeated for free and auto-defended."""
    c = L.CITIZEN0
    p = plain(P2, (c,))
    s = hunt_state(p, {0: c}, 4)
    blank_card(s, c, mid=loc(s, 54))                # Spy threat: 0 Damage
    s[L.HUNTS] = 0
    settle(s, p)
    assert L.A_HUNT not in legal(s, p)
    s[L.HUNTS] = 1
    s[L.BS] = 0
    settle(s, p)
    step(s, p, L.A_HUNT)
    assert OPT(0) in legal(s, p)
    s[L.BS] = 6
    begin_turn(s, p, 0)
    assert s[L.BS] == 0 and s[L.HUNTS] == 0
    # the 0-Damage card attacking: Damage 0 or less is a successful defence
    s = API.new_state(p, seed=3)
    clear_tower(s)
    blank_card(s, c, mid=loc(s, 54))
    set_tray(s, 0, c, {0: int(p[L.P_THRESHOLD])})
    s[L.ACTIVE] = 0
    s[L.STAGE] = L.S_ATTACKS
    s[L.SUB] = 1
    s[L.AUTO_STEP] = 0
    infl = int(s[L.INFL])
    settle(s, p)
    assert s[L.INFL] == infl + 1 and s[L.DEFENSE] == 0 and s[L.ST_DEFENDED] == 1


# ---- Allegiance ---------------------------------------------------------------------------------
def test_claims_neutral_from_hand_permanent_ED_BASE_72_73_74_L59_08_L51_09(P2):
    """ED-BASE-72/73, ED-L59-08: Docks slot 1 claims only a Neutral card in hand (7 Coins);
    ED-L51-09: the Councillor reaches Neutral cards in the tower, not guild cards;
    ED-BASE-74: a claim is permanent (the card then returns to its new owner's Hall)."""
    p = P2
    s = API.new_state(p, seed=3)
    d = loc(s, 59)
    set_hand(s, 0, [0, 4])
    s[L.COINS] = 7
    assert not slot_ok(s, p, 0, L.K_DOCKS, 0)
    set_hand(s, 0, [0, 4, L.CITIZEN0])
    assert slot_ok(s, p, 0, L.K_DOCKS, 0)
    s[L.LEG] = s[L.LEG + 1] = s[L.LEG + 2] = 0
    assert slot_targets(s, p, 0, L.K_DOCKS, 0) == 1
    slot_apply(s, p, 0, L.K_DOCKS, 0, 2)
    assert s[L.C_OWNER + L.CITIZEN0] == 0 and s[L.COINS] == 0 and s[L.SLIPS] == 1
    assert s[L.AG + d] == 0        # (slot_apply alone: the visit's Agent is placed by the caller)
    from simcore.darkness.cards import to_owner_or_discard
    to_owner_or_discard(s, p, L.CITIZEN0)
    assert s[L.C_ZONE + L.CITIZEN0] == L.Z_HALL and s[L.C_HOLDER + L.CITIZEN0] == 0
    cit = loc(s, 51)
    set_hand(s, 0, [1])
    clear_tower(s)
    set_tray(s, 0, 5)                     # seat 1's card
    set_tray(s, 1, L.CITIZEN0 + 4)        # Neutral
    s[L.C_OWNER + 5] = 1
    s[L.COINS] = 10
    s[L.LEG] = s[L.LEG + 1] = s[L.LEG + 2] = 0
    assert contact_targets(s, p, 0, cit, 1, 0) == 1
    assert (s[L.LEG + OPT(9) // 31] >> (OPT(9) % 31)) & 1
