"""Edge of Humanity actions in words and kinds: hand-built and reached states
checked against the rulebook's names (Events, the three actions, Trade bids and piles,
recruiting, rescues, Weapons), and random playouts of every setup in which every legal
action has words and a kind in range."""
import numpy as np
import pytest

from simcore.humanity import API, SPEC, card_ids, describe, engine
from simcore.humanity import layout as L
from simcore.humanity.table import so
from simcore.humanity.tasks import push
from simcore.rng import new_rng

C = card_ids()
HAND = lambda i: L.HAND_BASE + i  # noqa: E731
OPT = lambda k: L.OPT_BASE + k  # noqa: E731
COL = lambda c: L.COL_BASE + c  # noqa: E731
DONE, DISCARD, YES = L.A_DONE, L.A_DISCARD, L.A_YES


@pytest.fixture(scope="module")
def P():
    """Default params by setup at 3 players (kernels compiled once for the module)."""
    ps = {s: API.params(3, s) for s in SPEC.setups}
    st = API.new_state(ps["1"])
    engine.action_kind(st, ps["1"], np.int64(0))
    return ps


def kind(s, p, a):
    return SPEC.action_kinds[int(engine.action_kind(s, p, np.int64(a)))]


class Table:
    def __init__(self, params, seed=1):
        self.p = params
        self.s = API.new_state(params, seed=seed)
        self.rng = new_rng(seed, 0, 0, 9)

    def hand_set(self, seat, names):
        o = so(seat)
        self.s[o + L.S_HAND:o + L.S_HAND + L.HAND_CAP] = -1
        for i, nm in enumerate(names):
            self.s[o + L.S_HAND + i] = C[nm]
        self.s[o + L.S_HAND_N] = len(names)

    def stage(self, stage, sub=0):
        self.s[L.TASKS:L.TASKS + 4 * L.MAX_TASKS] = 0
        self.s[L.TK_N] = 0
        self.s[L.READY] = 0
        self.s[L.STAGE] = stage
        self.s[L.SUB] = sub
        self.s[L.FIRST] = 0
        return self

    def settle(self):
        engine.settle(self.s, self.p, self.rng)
        return self

    def step(self, a):
        API.step(self.s, self.p, int(a), self.rng)

    def text(self, a):
        return describe(self.s, self.p, int(a))

    def kind(self, a):
        return kind(self.s, self.p, a)


def test_event_option(P):
    """1. Event Phase: each player chooses an option of the Current Event."""
    p = P["1"]
    s = API.new_state(p, seed=2)
    assert int(s[L.TASKS + 4 * (int(s[L.TK_N]) - 1)]) == L.T_EVENT
    seat = int(s[L.CUR])
    assert describe(s, p, OPT(2)) == \
        f"seat {seat} chooses option 3 of the Event First Cases: lose 2 Life"
    assert kind(s, p, OPT(2)) == "choose an Event option"


def test_action_phase_menu_and_building(P):
    """2. Action Phase: play an Action card, construct a building, discard cards (or end)."""
    t = Table(P["1"])
    t.stage(L.S_ACTION, 3)
    t.hand_set(0, ["headquarters", "supply_crates", "scavenge", "supply_crate"])
    t.s[L.ACTIONS] = 1
    t.s[L.ACTS_TAKEN] = 0
    push(t.s, L.T_END_TURN, 0, 0, 0)
    push(t.s, L.T_MENU, 0, 0, 0)
    t.settle()
    assert t.text(HAND(2)) == ("seat 0 plays the Action card Scavenge "
                               "(loot 2 cards from the Main deck, lose 1 Life)")
    assert t.kind(HAND(2)) == "play an Action card"
    assert t.text(HAND(0)) == ("seat 0 constructs the Building Headquarters into the Colony "
                               "(cost 5, 3 SP)")
    assert t.kind(HAND(0)) == "construct a Building"
    assert t.text(DISCARD).startswith("seat 0 takes the discard action")
    assert t.kind(DISCARD) == "discard cards"
    assert t.text(DONE) == "seat 0 ends the Action phase turn (1 action left)"
    assert t.kind(DONE) == "end the turn"
    t.step(HAND(0))
    assert int(t.s[L.TASKS + 4 * (int(t.s[L.TK_N]) - 1)]) == L.T_BUILD
    i = [int(k) for k in t.s[so(0) + L.S_HAND:so(0) + L.S_HAND + 3]].index(C["supply_crates"])
    assert t.text(HAND(i)) == \
        "seat 0 places Supply Crates (2 Supplies) under Headquarters (0 -> 2 of 5)"
    assert t.kind(HAND(i)) == "place a card"


def test_trade_bid_and_recruit(P):
    """3. Trade Phase: bid cards face down (or none); 4. Recruit Phase: recruit a Survivor."""
    t = Table(P["1"])
    t.stage(L.S_TRADE, 0)
    t.hand_set(0, ["looting", "nurse"])
    t.settle()
    assert t.text(HAND(0)) == \
        "seat 0 bids Looting (Trade value 1) face down for the Trade piles"
    assert t.kind(HAND(0)) == "bid a card"
    assert t.text(DONE) == "seat 0 makes no Trade bid" and t.kind(DONE) == "pass"
    t = Table(P["1"])
    t.stage(L.S_RECRUIT, 0)
    t.hand_set(0, ["nurse", "supply_crates"])
    t.settle()
    assert t.text(HAND(0)) == ("seat 0 recruits the Survivor Nurse into the Colony "
                               "(Recruit cost 2, 1 SP)")
    assert t.kind(HAND(0)) == "recruit a Survivor"
    assert t.text(DONE) == "seat 0 recruits no Survivor" and t.kind(DONE) == "pass"


def test_rescue_from_the_row_on_an_empty_draw_deck(P):
    """Empty Draw deck: rescue any one Survivor from the Row (the Unlucky token aside)."""
    t = Table(P["1"])
    t.stage(L.S_ACTION, 3)
    o = so(0)
    t.s[o + L.S_DECK_N] = 0
    push(t.s, L.E_DRAW, 1, 0, 0)
    t.settle()
    k = int(t.s[L.ROW + 4])
    name = " ".join(w.capitalize() for w in [n for n, v in C.items() if v == k][0].split("_"))
    assert t.text(OPT(4)) == \
        f"seat 0 rescues {name} from Survivor Row slot 5 with the Unlucky token (empty Draw deck)"
    assert t.kind(OPT(4)) == "rescue a Survivor"


def test_fire_a_weapon(P):
    """Bullet Action: First Strike may also Fire a Weapon for its second effect."""
    t = Table(P["2"])
    t.stage(L.S_ACTION, 3)
    o = so(0)
    c = int(t.s[o + L.S_COL_N])
    t.s[o + L.S_COL_KIND + c] = C["firearm"]
    t.s[o + L.S_COL_DONE + c] = 1
    t.s[o + L.S_COL_BUL + c] = 1
    t.s[o + L.S_COL_N] = c + 1
    push(t.s, L.T_FIRE_OPT, 0, 0, C["first_strike"])
    t.settle()
    assert t.text(YES) == ("seat 0 fires a Weapon for First Strike's Bullet effect "
                           "(take a card from another player's Discard pile)")
    assert t.kind(YES) == "fire a Weapon"
    assert t.text(DONE).startswith("seat 0 does not fire a Weapon for First Strike")
    assert t.kind(DONE) == "pass"


def test_random_playouts_name_every_action(P):
    for setup, p in P.items():
        s = API.new_state(p, seed=3)
        rng = new_rng(3, 0, 0, 7)
        seen = set()
        while not API.is_terminal(s, p):
            legal = API.legal_actions(s, p)
            for a in legal:
                text = describe(s, p, int(a))
                # the rulebook's words, not the generic fallback "seat k: hand card 3"
                assert text.strip() and not text.startswith(f"seat {int(s[L.CUR])}:"), text
                k = int(engine.action_kind(s, p, np.int64(a)))
                assert 0 <= k < len(SPEC.action_kinds)
                seen.add(SPEC.action_kinds[k])
            a = int(legal[int(rng[1] % np.uint64(len(legal)))])
            rng[1] += np.uint64(1)
            API.step(s, p, a, rng)
        assert {"bid a card", "take a Trade pile", "end the turn"} <= seen, (setup, seen)
