"""Dark Frontier players: the position value (``engine.evaluate``), an estimate of the
chance of completing the mission (never a constant), and the scripted blunder fixes (each
asserts the frozen ``legacy`` player's blunder and the improved ``default`` player's choice)."""
import numpy as np

from agents.scripted import persona_player
from simcore.frontier import API, SPEC
from simcore.frontier import engine as E
from simcore.frontier import field as FF
from simcore.frontier import layout as L
from simcore.rng import new_rng


def blank(p, turn=6):
    q = p.copy()
    q[L.P_START_ACTIVE] = 1
    s = API.new_state(q)
    s[L.HAND:L.HAND + L.NK] = 0
    for base, v in ((L.TF_KIND, -1), (L.TF_ACT, 0), (L.TF_DMG, 0), (L.TF_HOST, -1),
                    (L.TF_INT, -1), (L.RF_KIND, -1), (L.RF_ACT, 0), (L.RF_DMG, 0), (L.RF_ATK, 0)):
        s[base:base + L.MAX_TF] = v
    s[L.TURN] = turn
    s[L.RTURN] = turn - 1
    s[L.PHASE] = L.PH_SPACESHIP
    s[L.END] = 0
    s[L.WON] = 0
    return s


def test_evaluate_estimates_the_chance_of_success():
    p = API.params()
    out = np.zeros(1)
    # winning: 9 of 10 CP, an intact Bunker, two Troops, one weak attacker
    good = blank(p)
    good[L.CP] = 9
    FF.place_tellus(good, L.BUNKER, 1)
    FF.place_tellus(good, L.SETTLEMENT, 1)
    FF.place_tellus(good, L.RANGER, 1)
    FF.place_tellus(good, L.NOVICE, 1)
    FF.place_rival(good, L.LARVAE, 1)
    E.evaluate(good, p, out)
    v_good = out[0]
    # losing: 1 CP, the Bunker one hit from falling, no Troops, three Hunters on the field
    bad = blank(p)
    bad[L.CP] = 1
    b = FF.place_tellus(bad, L.BUNKER, 1)
    bad[L.TF_DMG + b] = p[L.card(L.BUNKER, L.CF_STRUCT)] - 2
    for _ in range(3):
        FF.place_rival(bad, L.HUNTER, 1)
    E.evaluate(bad, p, out)
    v_bad = out[0]
    assert 0.0 <= v_bad < v_good <= 1.0
    assert v_good > 0.7 and v_bad < 0.2
    # an open position is not a certainty either way
    mid = blank(p, turn=2)
    mid[L.CP] = 3
    FF.place_tellus(mid, L.BUNKER, 1)
    FF.place_tellus(mid, L.NOVICE, 1)
    FF.place_rival(mid, L.SPINNER, 1)
    E.evaluate(mid, p, out)
    assert 0.05 < out[0] < 0.95
    # a finished game: the returns
    bad[L.END] = L.END_BUNKER
    E.evaluate(bad, p, out)
    assert out[0] == 0.0
    good[L.END] = L.END_WIN
    good[L.WON] = 1
    E.evaluate(good, p, out)
    assert out[0] == 1.0


def test_evaluate_stays_in_range_over_played_positions():
    from simcore.rng import new_rng, randint
    p = API.params()
    out = np.zeros(1)
    legal = np.zeros(L.NUM_ACTIONS, np.int32)
    rng = new_rng(3, 0, 0, 0)
    vals = []
    for g in range(5):
        s = API.new_state(p, seed=g)
        for _ in range(300):
            if E.is_terminal(s, p):
                break
            E.evaluate(s, p, out)
            assert 0.0 <= out[0] <= 1.0
            vals.append(out[0])
            n = E.legal_actions(s, p, legal)
            E.step(s, p, legal[randint(rng, n)], rng)
    assert len(set(np.round(vals, 6))) > 3


# ---- scripted blunder fixes ------------------------------------------------------------------
# Each test builds a decision where the frozen reference player (persona ``legacy``, the
# player before these fixes) blundered, and checks the improved ``default`` does not.
def _act(s, p, persona):
    legal = np.zeros(L.NUM_ACTIONS, np.int32)
    n = E.legal_actions(s, p, legal)
    who = SPEC.frozen_persona if persona == "legacy" else 0
    return int(persona_player("frontier", who)(s.copy(), p, who, new_rng(0), legal, n))


def _old(s, p):
    """The frozen player's action, played as written in pure Python (tests/purepy.py):
    compiled, it cost the suite 5 s of compiling for four decisions."""
    from tests.purepy import pure

    return pure("tests.test_frontier_agents", "_act", s, p, "legacy")


def _hiring(p, crystal_kind, hand, rivals, troops=()):
    s = blank(p)
    s[L.PHASE] = L.PH_HIRING
    FF.place_tellus(s, L.BUNKER, 1)
    FF.place_tellus(s, crystal_kind, 1)
    for k in troops:
        FF.place_tellus(s, k, 1)
    for k in hand:
        s[L.HAND + k] += 1
    for k in rivals:
        FF.place_rival(s, k, 1)
    return s


def test_fix_a_defence_hire_forfeits_the_least_colonization():
    """Nothing affordable at full cost, two Rival Troops on the field: a reduced hire gives
    up the Troop's Colonization, so the Novice Soldier (1 CP, free) goes, not the Glider
    Pilot (2 CP), which waits for a full-price hire; the old player hired the Glider."""
    p = API.params()
    s = _hiring(p, L.TOWER, (L.GLIDER, L.NOVICE), (L.LARVAE, L.STINGER))
    assert _old(s, p) == L.A_PLAY_RED + L.GLIDER
    assert _act(s, p, "default") == L.A_PLAY_RED + L.NOVICE


def test_fix_no_reduced_hires_once_the_troops_match_the_rivals():
    """A Troop on the field (hired at full price) already blocks the Rival's one Troop: the
    Ranger in hand waits for a full-price hire (2 CP); the old player reduced-hired it."""
    p = API.params()
    s = _hiring(p, L.HQ, (L.RANGER,), (L.LARVAE,), troops=(L.GLIDER,))
    assert _old(s, p) == L.A_PLAY_RED + L.RANGER
    assert _act(s, p, "default") == L.A_END
    # a second Rival Troop would meet no blocker: the defence hire is made
    FF.place_rival(s, L.STINGER, 1)
    assert _act(s, p, "default") == L.A_PLAY_RED + L.RANGER


def test_fix_urgent_repairs_waits_for_a_whole_repair():
    """Urgent Repairs restores up to 4: with 2 lost and one Biting Larvae (Attack 1) on the
    field, playing it wastes half; the old player played it at 2 lost."""
    p = API.params()
    s = _hiring(p, L.HQ, (L.REPAIRS,), (L.LARVAE,))
    s[L.PHASE] = L.PH_SPACESHIP
    b = FF.bunker_slot(s)
    s[L.TF_DMG + b] = 2
    assert _old(s, p) == L.A_PLAY + L.REPAIRS
    assert _act(s, p, "default") == L.A_END
    s[L.TF_DMG + b] = 4   # a whole repair's worth lost
    assert _act(s, p, "default") == L.A_PLAY + L.REPAIRS
    s[L.TF_DMG + b] = 2   # or the Rival's Troops could finish the Bunker next assault
    for _ in range(4):
        FF.place_rival(s, L.HUNTER, 1)
    assert _act(s, p, "default") == L.A_PLAY + L.REPAIRS


def test_fix_no_block_destroys_the_rivals_last_card():
    """Rival Deck empty, one Biting Larvae (Life 1) assaulting: a Novice Soldier's block
    would destroy the Rival's last card, which ends the game as a loss (the Bunker easily
    takes the 1 damage); the old player blocked."""
    p = API.params()
    s = _hiring(p, L.HQ, (), (L.LARVAE,), troops=(L.NOVICE,))
    s[L.RDECK:L.RDECK + 5] = 0
    s[L.PHASE] = L.PH_INTERCEPT
    r = 0
    assert s[L.RF_KIND + r] == L.LARVAE
    s[L.RF_ATK + r] = 1
    s[L.INT_SLOT] = next(t for t in range(L.MAX_TF) if s[L.TF_KIND + t] == L.NOVICE)
    assert _old(s, p) == L.A_TARGET + r
    assert _act(s, p, "default") == L.A_END
    # with cards left in the Rival Deck the block is made
    s[L.RDECK] = 1
    assert _act(s, p, "default") == L.A_TARGET + r
