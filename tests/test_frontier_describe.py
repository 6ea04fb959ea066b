"""Dark Frontier (solo Tel·lus mission) actions in words and kinds: hand-built
states checked against the rulebook's names (hire a Troop, play Buildings, reduced costs,
Ranged Phase shots, interceptions, the Discard Phase), and random playouts in which every
legal action has words and a kind in range."""
import numpy as np
import pytest

from simcore.frontier import API, SPEC, describe, engine
from simcore.frontier import field as FF
from simcore.frontier import layout as L
from simcore.rng import new_rng

WHO = "seat 0 (Tel·lus)"


@pytest.fixture(scope="module")
def P():
    p = API.params()
    s = API.new_state(p)
    API.legal_actions(s, p)
    engine.action_kind(s, p, np.int64(0))
    return p


def kind(s, p, a):
    return SPEC.action_kinds[int(engine.action_kind(s, p, np.int64(a)))]


def blank(p, phase):
    """A Tel·lus turn with an empty hand and empty fields (as the rules tests build it)."""
    q = p.copy()
    q[L.P_START_ACTIVE] = 1
    s = API.new_state(q)
    s[L.HAND:L.HAND + L.NK] = 0
    for base, v in ((L.TF_KIND, -1), (L.TF_ACT, 0), (L.TF_DMG, 0), (L.TF_HOST, -1),
                    (L.TF_INT, -1), (L.RF_KIND, -1), (L.RF_ACT, 0), (L.RF_DMG, 0),
                    (L.RF_ATK, 0)):
        s[base:base + L.MAX_TF] = v
    s[L.TURN] = 2
    s[L.RTURN] = 1
    s[L.PHASE] = phase
    s[L.END] = 0
    s[L.CP] = 0
    return s


def test_hiring_phase_full_and_reduced_cost(P):
    """Hiring Phase: hire a Troop (CP only when the cost was not reduced); play Buildings."""
    p = P
    s = blank(p, L.PH_HIRING)
    FF.place_tellus(s, L.HQ, 1)                 # 2 Crystal
    FF.place_tellus(s, L.TOWER, 1)              # 1 Crystal
    s[L.HAND + L.NOVICE] = 1
    s[L.HAND + L.SETTLEMENT] = 1
    a = L.A_PLAY + L.NOVICE
    assert describe(s, p, a) == \
        f"{WHO} hires a Novice Soldier for 2 Crystal (3 available), enters activated, +1 CP"
    assert kind(s, p, a) == "hire a Troop"
    a = L.A_PLAY_RED + L.NOVICE
    assert describe(s, p, a) == (f"{WHO} hires a Novice Soldier for 0 Crystal (reduced by 2; "
                                 "3 available), enters activated, no CP")
    assert kind(s, p, a) == "hire a Troop at reduced cost"
    a = L.A_PLAY + L.SETTLEMENT
    assert describe(s, p, a) == (f"{WHO} plays the Building First Settlement for 3 Crystal "
                                 "(3 available) (enters deactivated)")
    assert kind(s, p, a) == "play a Building"
    assert kind(s, p, L.A_PLAY_RED + L.SETTLEMENT) == "play a Building at reduced cost"
    assert describe(s, p, L.A_END).startswith(f"{WHO} ends the Hiring Phase (\"I do nothing\"")
    assert kind(s, p, L.A_END) == "end a phase"


def test_ranged_phase_shot_and_target(P):
    """Ranged Phase: deactivate a card with Ranged to shoot; at least double the Life
    vanishes the target."""
    p = P
    s = blank(p, L.PH_RANGED)
    t = int(FF.place_tellus(s, L.RANGER, 1))
    r = int(FF.place_rival(s, L.LARVAE, 1))
    assert L.A_SHOOT + t in API.legal_actions(s, p)
    assert describe(s, p, L.A_SHOOT + t) == \
        f"{WHO} deactivates Tel·lus Ranger (slot {t}) to shoot (Ranged 2)"
    assert kind(s, p, L.A_SHOOT + t) == "shoot with a card"
    API.step(s, p, L.A_SHOOT + t, new_rng(1, 0, 0, 0))
    assert s[L.PEND_MODE] == L.PEND_SHOT
    a = L.A_TARGET + r
    assert describe(s, p, a) == (f"{WHO}: Tel·lus Ranger (slot {t}) shoots Biting Larvae "
                                 f"(Rival slot {r}) for 2: vanishes it")
    assert kind(s, p, a) == "target a Rival card"


def test_interception_and_discard(P):
    """Assault step 2: the assaulted player decides which activated Troops intercept;
    Discard Phase: discard down to 7."""
    p = P
    s = blank(p, L.PH_INTERCEPT)
    t = int(FF.place_tellus(s, L.GLIDER, 1))
    r = int(FF.place_rival(s, L.STINGER, 1))
    s[L.RF_ATK + r] = 1
    s[L.INT_SLOT] = t
    assert describe(s, p, L.A_TARGET + r) == (f"{WHO} intercepts the assaulting Mucosal "
                                              f"Stinger (Rival slot {r}) with Glider Pilot "
                                              f"(slot {t})")
    assert kind(s, p, L.A_TARGET + r) == "intercept"
    assert describe(s, p, L.A_END) == f"{WHO} does not intercept with Glider Pilot (slot {t})"
    assert kind(s, p, L.A_END) == "do not intercept"
    s = blank(p, L.PH_DISCARD)
    s[L.HAND + L.NOVICE] = 5
    s[L.HAND + L.TOWER] = 4
    a = L.A_DISCARD + L.TOWER
    assert describe(s, p, a) == f"{WHO} discards a Communications Tower (9 cards in hand, limit 7)"
    assert kind(s, p, a) == "discard"


def test_random_playouts_name_every_action(P):
    for setup in ("standard", "eased"):
        p = API.params(1, setup)
        for seed in range(4):
            s = API.new_state(p, seed=seed)
            rng = new_rng(seed, 0, 0, 7)
            while not API.is_terminal(s, p):
                legal = API.legal_actions(s, p)
                for a in legal:
                    text = describe(s, p, int(a))
                    # the rulebook's words, not the generic fallback "seat 0 (Tel·lus): play 3"
                    assert text.strip() and not text.startswith(f"{WHO}: ") or " shoots " in text
                    k = int(engine.action_kind(s, p, np.int64(a)))
                    assert 0 <= k < len(SPEC.action_kinds)
                a = int(legal[int(rng[1] % np.uint64(len(legal)))])
                rng[1] += np.uint64(1)
                API.step(s, p, a, rng)
