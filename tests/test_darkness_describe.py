"""Edge of Darkness: actions in the rulebook's words (describe) and their kinds.

States are reached by play (the first legal action) or hand-set at a pending decision;
each check names what the rulebook calls the action.
"""
import numpy as np
import pytest

from simcore import darkness as D
from simcore.darkness import layout as L
from simcore.darkness.describe import _describe

ENG = D.API.engine
KINDS = D.SPEC.action_kinds


def kind(state, params, a):
    return KINDS[int(ENG.action_kind(state, params, np.int64(a)))]


def loc_index(state, kind_code):
    for i in range(L.NLOC):
        if int(state[L.LOCKIND + i]) == kind_code:
            return i
    raise AssertionError(f"kind {kind_code} not in play")


@pytest.fixture(scope="module")
def game():
    """Stretched Thin (Docks, Homesteads, Barracks, Border Towers...), 2 players."""
    params = D.API.params(2, "stretched-thin")
    state = D.API.new_state(params, seed=3)
    return state, params


def play_until(state, params, dec, limit=3000, pick=0):
    """Step with legal[pick] (clipped) until decision ``dec`` is pending; returns the state."""
    rng = np.array([5, 9], np.uint64)
    for _ in range(limit):
        if ENG.is_terminal(state, params):
            break
        if int(state[L.DEC]) == dec:
            return state
        legal = D.API.legal_actions(state, params)
        ENG.step(state, params, np.int64(legal[min(pick, len(legal) - 1)]), rng)
    raise AssertionError(f"decision {dec} not reached")


def test_kinds_are_a_short_list():
    assert 4 <= len(KINDS) <= 16
    for k in ("sleeve", "hunt", "skip a Street card", "visit Docks", "Docks exchange",
              "visit Homesteads", "Homesteads slot 1", "Prologue / Guild Hall"):
        assert k in KINDS


def test_prologue_pick_names_the_stack_and_the_seat(game):
    state, params = game
    s = state.copy()
    assert int(s[L.DEC]) == L.D_PRO_PICK
    seat = int(s[L.CUR])
    docks = loc_index(s, L.K_DOCKS)
    a = L.opt(docks * 2)
    assert D.describe(s, params, a) == (
        f"seat {seat} takes a middle advancement of Coldharbor Docks (Dock Master / "
        "Devil's Maw) in the Prologue")
    assert kind(s, params, a) == "Prologue / Guild Hall"


def test_guild_hall_choice(game):
    state, params = game
    s = play_until(state.copy(), params, L.D_HALL)
    a = D.API.legal_actions(s, params)[0]
    assert "in its Guild Hall for round 1" in D.describe(s, params, a)
    assert "Guild Starter" in D.describe(s, params, a)
    assert kind(s, params, a) == "Prologue / Guild Hall"


def test_draft_rightmost_and_skip(game):
    state, params = game
    s = play_until(state.copy(), params, L.D_DRAFT)
    legal = list(D.API.legal_actions(s, params))
    assert L.opt(0) in legal and L.opt(2) in legal
    assert "drafts the rightmost Street card" in D.describe(s, params, L.opt(0))
    assert kind(s, params, L.opt(0)) == "draft"
    t = D.describe(s, params, L.opt(2))
    assert "skips 2 Street cards (2 Influence, 1 on each) to draft" in t
    assert "(Street position 3)" in t
    assert kind(s, params, L.opt(2)) == "skip a Street card"


def test_sleeve_step(game):
    state, params = game
    s = play_until(state.copy(), params, L.D_SLEEVE)
    a = next(x for x in D.API.legal_actions(s, params) if x != L.A_PASS)
    assert D.describe(s, params, a).startswith(f"seat {int(s[L.CUR])} sleeves a ")
    assert kind(s, params, a) == "sleeve"


def test_homesteads_and_docks_slots(game):
    """ED-L60 / ED-L59: the six ability slots, in the rulebook's words and numbering."""
    state, params = game
    s = state.copy()
    s[L.DEC] = L.D_TARGET
    s[L.CUR] = 1
    s[L.ACTIVE] = 1
    s[L.DS_SHORE] = 0
    s[L.PE_KIND] = L.PK_HOME
    s[L.PE_STEP] = 0
    assert D.describe(s, params, L.opt(0)) == (
        "seat 1 places an Agent on Coldharbor Homesteads slot 1 (pay 7 Reputation to have the "
        "other players give you Influence or move down their Defense Track)")
    assert kind(s, params, L.opt(0)) == "Homesteads slot 1"
    bs = int(params[L.P_HOME_BS])
    assert f"slot 6 (gain {bs} Battle Strength)" in D.describe(s, params, L.opt(5))
    assert kind(s, params, L.opt(5)) == "hunt or Battle Strength slot"
    assert kind(s, params, L.opt(4)) == "visit Homesteads"
    assert D.describe(s, params, L.A_PASS) == \
        "seat 1 stops dispatching Agents to Coldharbor Homesteads"
    s[L.PE_KIND] = L.PK_DOCKS
    assert "Coldharbor Docks slot 3 (pay 5 Coins to hunt threats)" in \
        D.describe(s, params, L.opt(2))
    assert kind(s, params, L.opt(2)) == "hunt or Battle Strength slot"
    assert kind(s, params, L.opt(0)) == "visit Docks"
    # slot 6 chosen: the amount of the exchange
    s[L.PE_STEP] = 1
    s[L.PE_ARG] = 5
    rate = int(params[L.P_DOCK_RATE])
    assert D.describe(s, params, L.opt(1)) == (
        f"seat 1 exchanges {2 * rate} Coins for 2 Reputation (Coldharbor Docks slot 6)")
    assert D.describe(s, params, L.opt(10)) == (
        f"seat 1 exchanges 1 Reputation for {rate} Coins (Coldharbor Docks slot 6)")
    assert kind(s, params, L.opt(10)) == "Docks exchange"


def test_main_menu_verbs_and_defence(game):
    state, params = game
    s = state.copy()
    s[L.DEC] = L.D_MAIN
    s[L.CUR] = 0
    s[L.ACTIVE] = 0
    s[L.PE_KIND] = L.PK_NONE
    s[L.BS] = 4
    assert D.describe(s, params, L.A_HUNT) == "seat 0 hunts threats (4 Battle Strength)"
    assert kind(s, params, L.A_HUNT) == "hunt"
    assert kind(s, params, L.A_DOCKS) == "visit Docks"
    assert kind(s, params, L.A_HOME) == "visit Homesteads"
    assert kind(s, params, L.A_STREET) == "Street ability"
    assert "Border Towers" in D.describe(s, params, L.A_BT)
    assert kind(s, params, L.A_BT) == "location ability"
    assert "ends step 3" in D.describe(s, params, L.A_PASS)
    s[L.DEC] = L.D_DEFEND
    s[L.AT_CARD] = L.CITIZEN0
    s[L.AT_DMG] = 3
    t = D.describe(s, params, L.opt(2))
    assert t.startswith("seat 0 pays 8 Coins (Cursed Beggar) to reduce Citizen 1")
    assert kind(s, params, L.opt(2)) == "defend"
    assert "returns an Agent from Border Towers: -1 Damage" in D.describe(s, params, L.opt(0))
    assert "moves down the Defense Track" in D.describe(s, params, L.A_PASS)


def test_random_playouts_every_legal_action_has_words_and_a_kind():
    """Random play at 1 and 3 players: describe never falls back, kinds stay in range."""
    for players, setup, seed in ((3, "stretched-thin", 1), (1, "random", 2)):
        params = D.API.params(players, setup)
        state = D.API.new_state(params, seed=seed)
        rng = np.array([seed, 1], np.uint64)
        seen = set()
        while not ENG.is_terminal(state, params):
            legal = D.API.legal_actions(state, params)
            for a in legal:
                text = _describe(state, params, int(a))   # raises instead of falling back
                assert text.strip()
                k = int(ENG.action_kind(state, params, np.int64(a)))
                assert 0 <= k < len(KINDS)
                seen.add(k)
            a = int(legal[int(rng[1] % np.uint64(len(legal)))])
            rng[1] += np.uint64(1)
            ENG.step(state, params, np.int64(a), rng)
        assert len(seen) >= 8
