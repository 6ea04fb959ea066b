"""Rules tests for Darkleaf Gambit (simcore.darkleaf).

Each test names the checklist items it checks (../shared/rules/checklists/darkleaf.md).
Positions are hand-built: a fresh game's board is cleared, units are placed by square name,
and the state is set at the decision under test; rolls are forced by picking an rng stream
whose next die value is the one wanted.
"""
import numpy as np
import pytest
from numba import njit

from simcore.darkleaf import API, SETUPS, SPEC, engine, moves, setup_for_clans, skills
from simcore.darkleaf import layout as L
from simcore.rng import new_rng, randint, seed_rng
from simcore.spec import BadInput

P, N, B, R, Q, K = L.PAWN, L.KNIGHT, L.SAGE, L.ROOK, L.QUEEN, L.KING


def sq(name):
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def names(squares):
    return sorted("abcdefgh"[s % 8] + str(s // 8 + 1) for s in squares)


def rng_for(value, faces):
    """An rng whose next die roll of ``faces`` is ``value``."""
    for k in range(5000):
        r = new_rng(k, 3)
        if 1 + randint(r.copy(), faces) == value:
            return r
    raise AssertionError("no stream")


class Pos:
    def __init__(self, setup, units, cur=0, sets=()):
        self.p = API.params(2, setup, API.rules(sets=list(sets)) if sets else None)
        self.s = API.new_state(self.p, seed=1)
        s = self.s
        for i in range(64):
            s[L.BOARD + i] = 0
            s[L.AURA + i] = 0
            s[L.LADDER + i] = 0
            s[L.FROZEN + i] = -1
            s[L.PG + i] = 0
        for seat, t, name in units:
            s[L.BOARD + sq(name)] = 1 + seat * 6 + t
        s[L.CUR] = cur
        s[L.TURN] = 5
        s[L.END] = 0
        for k in (L.SEL, L.SEL2, L.TGT, L.TGT2, L.JUNIT, L.JDIR):
            s[k] = -1
        s[L.ROLLS] = 0
        s[L.HAND_V] = 0
        s[L.TFLAGS] = 0

    def at(self, dec, **kw):
        self.s[L.DEC] = dec
        for k, v in kw.items():
            self.s[getattr(L, k)] = v
        return self

    def legal(self):
        return set(API.legal_actions(self.s, self.p).tolist())

    def step(self, a, roll=None, faces=6):
        rng = rng_for(roll, faces) if roll is not None else new_rng(0)
        API.step(self.s, self.p, int(a), rng)

    def unit(self, name):
        c = int(self.s[L.BOARD + sq(name)])
        return None if c == 0 else ((c - 1) // 6, (c - 1) % 6)

    def dests(self, seat, name, pts):
        out = np.zeros(80, np.int32)
        n = moves.journey_gen(self.s, self.p, seat, sq(name), pts, out, 0, True, -1)
        return names(out[:n])


def sqs(legal):
    return names(a for a in legal if a < 64)


# ---- setup ----------------------------------------------------------------------------------
def test_setups_order_and_aliases_DG_SETUP_05_18_19_20(compiled):
    """DG-SETUP-01, DG-SETUP-05, DG-SETUP-18, DG-SETUP-19, DG-SETUP-20: 15 pairings of two
    different clans; the clan higher on the starting order moves first (seat 0)."""
    assert len(SETUPS) == 15 and SPEC.players == (2, 2)
    assert setup_for_clans("huldra", "The Murg") == "murg-huldra"
    assert setup_for_clans("Wildero Wibo", "hexen") == "hexen-wibo"
    assert SPEC.check_setup("wibo-hexen") == "hexen-wibo"
    with pytest.raises(BadInput, match="valid"):
        setup_for_clans("huldra", "orcs")
    with pytest.raises(BadInput):
        setup_for_clans("erde", "erde")
    for s in SETUPS:
        p = API.params(2, s)
        st = API.new_state(p)
        if not s.startswith("hexen"):
            assert st[L.CUR] == 0 and st[L.DEC] == L.D_UPKEEP
        p2 = API.params(2, s, API.rules(sets=["setup.first_swapped=1"]))
        st2 = API.new_state(p2)
        if not s.startswith("hexen"):
            assert st2[L.CUR] == 1


def test_initial_state_DG_SETUP_06_07_08_WILL_01(compiled):
    """DG-SETUP-06, DG-SETUP-07, DG-SETUP-08, DG-COMP-02, DG-WILL-01, DG-SETUP-14, DG-CORE-06,
    DG-CORE-08: starting units from the rules data, 6 bones each, 1 Will token, unused
    pawns/knights/sages in the graveyard, no spare rooks or royals."""
    p = API.params(2, "murg-huldra")
    s = API.new_state(p)
    assert list(s[L.POOL:L.POOL + 2]) == [6, 6]
    assert list(s[L.WILLTOK:L.WILLTOK + 2]) == [1, 1]
    murg = API.rules()["clans.murg.start"]
    on = [int(s[L.BOARD + i]) for i in range(64) if s[L.BOARD + i] and (s[L.BOARD + i] - 1) // 6 == 0]
    assert len(on) == len(murg) // 2
    assert s[L.GRAVE + 0 * 6 + P] == 8 - 6 and s[L.GRAVE + R] == 0 and s[L.GRAVE + K] == 0
    # seat 1 mirrored: Huldra queen d1 -> e8 from seat 0's view
    assert s[L.BOARD + 63 - 3] == 1 + 6 + Q


def test_divine_quarry_DG_HEXEN_45_50_52_54(compiled):
    """DG-SETUP-21, DG-HEXEN-45, DG-HEXEN-50, DG-HEXEN-52, DG-HEXEN-54, DG-HEXEN-55: Hexen
    pick 2 non-royal, vulnerable rival units in their farthest 2 ranks before any roll."""
    p = API.params(2, "hexen-erde")
    s = API.new_state(p)
    assert s[L.DEC] == L.D_QUARRY and s[L.ROLLS] == 0 and s[L.CUR] == 0
    legal = API.legal_actions(s, p).tolist()
    for a in legal:
        c = s[L.BOARD + a]
        assert (c - 1) // 6 == 1 and (c - 1) % 6 in (P, N, B) and a // 8 >= 6
    assert 63 - 4 not in legal  # the Erde king (e1 mirrored)
    API.step(s, p, legal[0])
    API.step(s, p, API.legal_actions(s, p)[0])
    assert s[L.QLEFT] == 2 and s[L.DEC] == L.D_UPKEEP


def test_handicap_DG_TIPS_01_02_03(compiled):
    """DG-TIPS-01, DG-TIPS-02, DG-SETUP-22: the handicap is 2 to 5 bones (1 and 6 refused);
    after the Divine Quarry its player rolls each bone and decides where it goes (every slot it
    fits is offered, the choice is kept), then the first turn begins."""
    for bad in (1, 6):
        with pytest.raises(BadInput, match="handicap_bones"):
            API.params(2, "murg-huldra", API.rules(sets=[f"setup.handicap_bones={bad}"]))
    for k in (2, 5):
        API.params(2, "murg-huldra", API.rules(sets=[f"setup.handicap_bones={k}"]))
    p = API.params(2, "hexen-huldra", API.rules(sets=["setup.handicap_bones=3",
                                                      "setup.handicap_seat=1"]))
    s = API.new_state(p, seed=4)
    assert s[L.DEC] == L.D_QUARRY and s[L.HAND_V] == 0  # the Quarry come before any roll
    API.step(s, p, API.legal_actions(s, p)[0])
    API.step(s, p, API.legal_actions(s, p)[0])
    for i in range(3):
        assert s[L.DEC] == L.D_HCAP and s[L.CUR] == 1 and s[L.HAND_V] > 0
        legal = API.legal_actions(s, p).tolist()
        want = [a for a in range(L.A_SLOT, L.A_SLOT + 20)
                if skills.slot_ok(s, p, 1, (a - L.A_SLOT) // 4, (a - L.A_SLOT) % 4,
                                  int(s[L.HAND_V]))]
        assert want and set(legal) <= set(want) and L.A_DONE not in legal
        a = legal[-1]  # the player's pick, not the first slot that fits
        v = int(s[L.HAND_V])
        row_before = s[L.SLOTS + 20:L.SLOTS + 40].copy()
        API.step(s, p, a)
        if s[L.SLOTS + 20 + a - L.A_SLOT] != 0 or row_before.sum() == 0:
            assert s[L.SLOTS + 20 + a - L.A_SLOT] in (v, 0)  # 0: the row was acquired
        while s[L.DEC] == L.D_PICK:  # an aura completed by handicap bones is placed
            API.step(s, p, API.legal_actions(s, p)[0])
    assert s[L.DEC] == L.D_UPKEEP and s[L.CUR] == 0 and s[L.TURN] == 1
    assert s[L.POOL + 1] + np.count_nonzero(s[L.SLOTS + 20:L.SLOTS + 40]) == 6
    assert np.count_nonzero(s[L.SLOTS + 20:L.SLOTS + 40]) >= 1


def test_handicap_no_miracle_DG_TIPS_03_04(compiled):
    """DG-TIPS-03, DG-TIPS-04: a handicap bone may go toward a miracle but never complete it
    (no miracle during setup); it may complete a relic row (token earned) or a Law row (in
    force), both acquired at once."""
    pos = Pos("wibo-murg", [(0, P, "d2"), (0, Q, "d1"), (1, K, "e8")])
    s = pos.s
    s[L.TURN] = 0
    s[L.HCAP_LEFT] = 0
    s[L.POOL] = 3
    s[L.SLOTS + 0] = 1            # Hallucinogenic Spores [1-2, 1-2] (miracle): one bone in
    s[L.SLOTS + 2 * 4] = 3        # Starter Seed [O, O] (relic): one bone in
    s[L.SLOTS + 4 * 4] = 6        # The Endless [sum 14..18 of 3] (law)
    s[L.SLOTS + 4 * 4 + 1] = 6
    pos.at(L.D_HCAP, HAND_V=1)
    legal = pos.legal()
    assert L.A_SLOT + 0 * 4 + 1 not in legal      # would activate Spores during setup
    assert L.A_SLOT + 2 * 4 + 1 in legal and L.A_DONE not in legal
    pos.step(L.A_SLOT + 2 * 4 + 1)
    assert s[L.RELIC + 2] == 1 and s[L.SLOTS + 2 * 4] == 0 and s[L.POOL] == 5
    assert s[L.DEC] == L.D_UPKEEP and s[L.TURN] == 1 and s[L.CUR] == 0
    pos = Pos("wibo-murg", [(0, P, "d2"), (0, Q, "d1"), (1, K, "e8")])
    s = pos.s
    s[L.TURN] = 0
    s[L.HCAP_LEFT] = 1
    s[L.POOL] = 3
    s[L.SLOTS + 4 * 4] = 6
    s[L.SLOTS + 4 * 4 + 1] = 6
    pos.at(L.D_HCAP, HAND_V=4)
    pos.step(L.A_SLOT + 4 * 4 + 2)  # 6 + 6 + 4 = 16: The Endless is acquired
    assert s[L.LAW] == 1 and s[L.DEC] == L.D_HCAP and s[L.HCAP_LEFT] == 0


# ---- journeys -------------------------------------------------------------------------------
def test_exactitude_and_leapfrog_DG_JOURNEY_02_03_05_07(compiled):
    """DG-JOURNEY-01, DG-JOURNEY-02, DG-JOURNEY-03, DG-JOURNEY-05, DG-JOURNEY-07,
    DG-JOURNEY-08, DG-JOURNEY-09, DG-CORE-01, DG-CORE-09, DG-MURG-02, DG-PHASE-18: exact
    distance along straight lines, never over a unit, never onto a unit."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (0, P, "d6"), (1, P, "f4")])
    d = pos.dests(0, "d4", 2)
    assert "d6" not in d and "d8" not in d  # own pawn blocks / occupied
    assert "f4" not in d and "h4" not in d  # rival blocks, no leap frog
    assert set(d) == {"b2", "b4", "b6", "d2", "f2", "f6"}
    assert pos.dests(0, "d4", 5) == ["d1"] or "d1" not in pos.dests(0, "d4", 5)
    assert "a1" in pos.dests(0, "d4", 3) and "a4" in pos.dests(0, "d4", 3)
    assert "h8" in pos.dests(0, "d4", 4)  # diagonal exact 4
    assert pos.dests(0, "d4", 8) == []  # the edge blocks an overlong roll


def test_less_or_equal_icon_DG_JOURNEY_04_MURG_10_HUNT_07(compiled):
    """DG-JOURNEY-04, DG-TERM-14, DG-MURG-10, DG-HUNT-07: the king (Murg) and rook (Huldra)
    may journey any distance up to the roll."""
    pos = Pos("murg-huldra", [(0, K, "d4"), (1, R, "e5")])
    assert {"d5", "d6", "d7"} <= set(pos.dests(0, "d4", 3))
    assert set(pos.dests(1, "e5", 2)) >= {"e4", "e3", "f6", "g7"}


def test_no_backward_units_DG_JOURNEY_06_FERRY_02_ERDE_02_08(compiled):
    """DG-JOURNEY-06, DG-FERRY-02, DG-FERRY-03, DG-ERDE-02, DG-ERDE-03, DG-ERDE-08,
    DG-TERM-12, DG-ERDE-17: forward/left/right only; the Erde rook neighboring only; an Erde
    unit starting on a Reclaimed territory may go any way."""
    pos = Pos("ferrymen-erde", [(0, P, "d4"), (1, P, "d5"), (1, R, "a5")])
    assert set(pos.dests(0, "d4", 1)) == {"c4", "d5", "e4"}  # d5: landing upon (Flow)
    assert set(pos.dests(1, "d5", 1)) == {"c5", "e5"}  # forward (d4) is taken, no backward
    assert "b6" not in pos.dests(1, "a5", 1) and "b5" in pos.dests(1, "a5", 1)
    pos.s[L.RECL] = 4  # d5 reclaimed
    assert "d6" in pos.dests(1, "d5", 1)


def test_hexen_direction_numbering_DG_HEXEN_15_16_17(compiled):
    """DG-HEXEN-02, DG-HEXEN-15, DG-HEXEN-16, DG-HEXEN-17, DG-TERM-09, DG-TERM-07: roll 1
    forward, 2 forward-right, 3 right ... 8 forward-left, as far as wanted until blocked;
    forward for the far seat is down the board."""
    pos = Pos("hexen-huldra", [(0, P, "d4"), (0, R, "d7"), (1, P, "h4")])
    assert pos.dests(0, "d4", 1) == ["d5", "d6"]
    assert pos.dests(0, "d4", 2) == ["e5", "f6", "g7", "h8"]
    assert pos.dests(0, "d4", 3) == ["e4", "f4", "g4"]
    assert pos.dests(0, "d4", 5) == ["d1", "d2", "d3"]
    assert pos.dests(0, "d4", 8) == ["a7", "b6", "c5"]
    pos2 = Pos("hexen-huldra", [(1, P, "d4")])
    pos2.p[L.P_CLAN + 1] = L.HEXEN
    pos2.p[L.P_CLAN] = L.HULDRA
    assert pos2.dests(1, "d4", 1) == ["d1", "d2", "d3"]  # forward for seat 1 = down


def test_two_headed_snake_and_compass_DG_HEXEN_07_28(compiled):
    """DG-HEXEN-07, DG-HEXEN-28: the knight may go opposite; the Law adds +-1 directions."""
    pos = Pos("hexen-huldra", [(0, N, "d4")])
    d = pos.dests(0, "d4", 1)
    assert "d8" in d and "d1" in d
    pos.s[L.LAW] = 1
    d = pos.dests(0, "d4", 1)
    assert "h8" in d and "a7" in d and "g1" in d


# ---- Huldra ---------------------------------------------------------------------------------
def hunt_targets(pos, seat, name, dist):
    out = np.zeros(80, np.int32)
    n = moves.hunt_gen(pos.s, pos.p, seat, sq(name), dist, False, out, 0, True)
    return names(out[:n])


def test_arc_shot_over_pawns_DG_HUNT_05_06_31(compiled):
    """DG-HUNT-04, DG-HUNT-05, DG-HUNT-06, DG-HUNT-30, DG-HUNT-31, DG-HUNT-33, DG-TERM-16: a
    knight's Hunt passes over pawns (either clan) but not other units; a pawn's does not."""
    pos = Pos("murg-huldra", [(1, N, "d1"), (1, P, "d2"), (0, P, "d3"), (0, N, "d4"),
                              (1, P, "a1"), (1, B, "a2"), (0, P, "a4")])
    assert hunt_targets(pos, 1, "d1", 3) == ["a4", "d4"]
    pos.s[L.BOARD + sq("a1")] = 1 + 6 + N
    assert "a4" not in hunt_targets(pos, 1, "a1", 3)  # a sage blocks the arc
    pos.s[L.BOARD + sq("d1")] = 1 + 6 + P
    assert "d4" not in hunt_targets(pos, 1, "d1", 3)  # a pawn has no Arc Shot


def test_hunt_angles_and_long_bow_DG_HUNT_02_03_19_20(compiled):
    """DG-HUNT-02, DG-HUNT-03, DG-HUNT-19, DG-HUNT-20, DG-CORE-12, DG-CORE-10: pawns hunt
    along neighboring lines, sages diagonally; Long Bow adds diagonals and lets the player
    use the roll or the roll +1 (a roll of 2 reaches targets 3 away, a 3 still reaches them)."""
    pos = Pos("murg-huldra", [(1, P, "d4"), (1, B, "e4"), (0, P, "d6"), (0, P, "f6"),
                              (0, P, "g6")])
    assert hunt_targets(pos, 1, "d4", 2) == ["d6"]
    assert hunt_targets(pos, 1, "e4", 2) == ["g6"]  # diagonal only
    pos.s[L.BOARD + sq("g6")] = 0
    pos.s[L.BOARD + sq("g6")] = 1 + P
    pos.s[L.AURA + sq("d4")] = L.AU_LONGBOW
    assert set(hunt_targets(pos, 1, "d4", 2)) == {"d6", "f6"}
    pos = Pos("murg-huldra", [(1, P, "d4"), (0, P, "a4"), (0, P, "d7")])
    assert hunt_targets(pos, 1, "d4", 2) == [] and hunt_targets(pos, 1, "d4", 3) != []
    pos.s[L.AURA + sq("d4")] = L.AU_LONGBOW
    assert hunt_targets(pos, 1, "d4", 2) == ["a4", "d7"]  # the roll +1
    assert hunt_targets(pos, 1, "d4", 3) == ["a4", "d7"]  # or the roll itself
    assert hunt_targets(pos, 1, "d4", 1) == []


def test_hunt_royal_three_marks_DG_HUNT_37_38_32(compiled):
    """DG-HUNT-16, DG-HUNT-32, DG-HUNT-37, DG-HUNT-38, DG-PHASE-14: Huldra roll, then pick
    Hunt; the royal is marked (not removed) and the third mark wins."""
    pos = Pos("murg-huldra", [(1, P, "d3"), (0, K, "d5"), (1, Q, "h1")], cur=1)
    pos.s[L.MARKS] = 2
    pos.at(L.D_HULDRA, ROLLV=2, HAND_V=2, ROLLS=1)
    assert L.A_DEED in pos.legal()
    pos.step(L.A_DEED)
    pos.step(sq("d3"))
    pos.step(sq("d5"))
    assert pos.unit("d3") == (1, P) and pos.unit("d5") == (0, K)
    assert pos.s[L.END] == L.END_VICTORY and pos.s[L.WINNER] == 1
    # a Hunt on a non-royal vanquishes it and the hunter stays on its own territory
    pos = Pos("murg-huldra", [(1, P, "d3"), (0, P, "d5"), (0, K, "a1"), (1, Q, "h1")], cur=1)
    pos.at(L.D_HULDRA, ROLLV=2, HAND_V=2, ROLLS=1)
    pos.step(L.A_DEED)
    pos.step(sq("d3"))
    pos.step(sq("d5"))
    assert pos.unit("d5") is None and pos.unit("d3") == (1, P) and pos.unit("d4") is None


def test_iron_plating_absorbs_one_DG_MURG_17_35(compiled):
    """DG-MURG-17, DG-MURG-35, DG-UNIT-05: a Hunt on an Iron Plated pawn removes the aura only;
    the next one vanquishes it to the graveyard."""
    pos = Pos("murg-huldra", [(1, P, "d3"), (0, P, "d5"), (1, Q, "h1")], cur=1)
    pos.s[L.AURA + sq("d5")] = L.AU_IRON
    g = int(pos.s[L.GRAVE + P])
    pos.at(L.D_HUNT_TGT, SEL=sq("d3"), TGT2=2)
    pos.step(sq("d5"))
    assert pos.unit("d5") == (0, P) and pos.s[L.AURA + sq("d5")] == 0
    pos.at(L.D_HUNT_TGT, SEL=sq("d3"), TGT2=2, CUR=1)
    pos.step(sq("d5"))
    assert pos.unit("d5") is None and pos.s[L.GRAVE + P] == g + 1


def test_leap_DG_HUNT_09_10_11(compiled):
    """DG-HUNT-08, DG-HUNT-09, DG-HUNT-10, DG-HUNT-11: the queen cannot journey; Leap (any
    roll) relocates her beside her rook when she is not adjacent to it."""
    pos = Pos("murg-huldra", [(1, Q, "d4"), (1, R, "h8")], cur=1)
    assert pos.dests(1, "d4", 3) == []
    pos.at(L.D_HULDRA, ROLLV=1, HAND_V=1, ROLLS=1)
    assert L.A_LEAP in pos.legal()
    pos.step(L.A_LEAP)
    assert sqs(pos.legal()) == ["g8", "h7"]


# ---- The Murg -------------------------------------------------------------------------------
def test_destroy_and_royal_roll_DG_MURG_24_25_37(compiled):
    """DG-MURG-24, DG-MURG-25, DG-MURG-37, DG-MURG-39, DG-PHASE-12, DG-PHASE-20, DG-PHASE-21,
    DG-MURG-28: declare the unit and target, roll; 3+ vanquishes and moves in; the royal
    needs a 6."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, P, "d5"), (1, Q, "e5")])
    pos.at(L.D_INTENT)
    pos.step(L.A_DEED)
    pos.step(sq("d4"))
    assert sqs(pos.legal()) == ["d5", "e5"]
    pos.step(sq("e5"), roll=5)
    assert pos.unit("e5") == (1, Q) and pos.s[L.END] == 0
    pos2 = Pos("murg-huldra", [(0, P, "d4"), (1, P, "d5"), (1, Q, "e5")])
    pos2.at(L.D_DEED_TGT, SEL=sq("d4"))
    pos2.step(sq("d5"), roll=3)
    assert pos2.unit("d5") == (0, P) and pos2.unit("d4") is None
    pos3 = Pos("murg-huldra", [(0, P, "d4"), (1, Q, "e5")])
    pos3.at(L.D_DEED_TGT, SEL=sq("d4"))
    pos3.step(sq("e5"), roll=6)
    assert pos3.s[L.WINNER] == 0


def test_singularity_DG_MURG_21_38(compiled):
    """DG-MURG-21, DG-MURG-38, DG-COMP-08, DG-PHASE-28: after the Law a 5 destroys the royal."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, Q, "e5")])
    pos.s[L.LAW] = 1
    pos.at(L.D_DEED_TGT, SEL=sq("d4"))
    pos.step(sq("e5"), roll=5)
    assert pos.s[L.WINNER] == 0


def test_target_lock_and_king_DG_MURG_07_08_11(compiled):
    """DG-MURG-06, DG-MURG-07, DG-MURG-08, DG-MURG-11, DG-MURG-26: the knight targets 2
    non-royals on 4+ and moves into either; the king destroys only beside a rook."""
    pos = Pos("murg-huldra", [(0, N, "d4"), (1, P, "d5"), (1, P, "e5"), (0, K, "a1"),
                              (1, P, "a2")])
    pos.at(L.D_DEED_TGT, SEL=sq("d4"))
    pos.step(sq("d5"))
    assert pos.s[L.DEC] == L.D_DEED_TGT2
    pos.step(sq("e5"), roll=4)
    assert pos.unit("d5") is None and pos.unit("e5") is None
    assert sqs(pos.legal()) == ["d5", "e5"]
    pos.step(sq("e5"))
    assert pos.unit("e5") == (0, N)
    assert not moves.destroy_capable(pos.s, pos.p, 0, sq("a1"))
    pos.s[L.BOARD + sq("b1")] = 1 + R
    assert moves.destroy_capable(pos.s, pos.p, 0, sq("a1"))


def test_ambush_DG_MURG_04_05_30_31_32_33(compiled):
    """DG-MURG-03, DG-MURG-04, DG-MURG-05, DG-MURG-30, DG-MURG-31, DG-MURG-32, DG-MURG-33,
    DG-MURG-34, DG-ERDE-36: the sage's journey may end on a vulnerable non-royal rival
    (destroyed, the sage stays); not a rook, not a Reclaimed square; the royal only with
    Assassin, which wins without a 6."""
    pos = Pos("murg-erde", [(0, B, "c5"), (1, P, "e5"), (1, R, "a5"), (1, K, "f8"),
                            (1, P, "d4")])
    pos.s[L.RECL] = 1  # d4 reclaimed
    d = pos.dests(0, "c5", 2)
    assert "e5" in d and "a5" not in d
    assert "f8" not in pos.dests(0, "c5", 3)
    assert "d4" not in pos.dests(0, "c5", 1)
    pos.s[L.AURA + sq("c5")] = L.AU_ASSASSIN
    assert "f8" in pos.dests(0, "c5", 3)
    pos.at(L.D_DEST, SEL=sq("c5"), JPTS=3)
    pos.step(sq("f8"))
    assert pos.s[L.WINNER] == 0 and pos.unit("f8") == (0, B)


# ---- Ferrymen -------------------------------------------------------------------------------
def test_flow_ahead_and_off_edge_DG_FERRY_30_33_41_UNIT_03(compiled):
    """DG-FERRY-29, DG-FERRY-30, DG-FERRY-32, DG-FERRY-33, DG-FERRY-35, DG-FERRY-39,
    DG-FERRY-40, DG-FERRY-41, DG-UNIT-01, DG-UNIT-02, DG-UNIT-03: landing ahead of a rival
    pushes it 1 onward; off the edge vanquishes; a rook is never pushed off."""
    pos = Pos("murg-ferrymen", [(1, P, "d3"), (0, P, "d1"), (0, P, "b3")], cur=1)
    pos.at(L.D_DEST, SEL=sq("d3"), JPTS=1)
    pos.step(sq("d2"))
    assert pos.unit("d1") is None and pos.unit("d2") == (1, P)
    assert pos.unit("b3") == (0, P)  # off the journey line: untouched
    pos2 = Pos("murg-ferrymen", [(1, P, "d3"), (0, R, "d1")], cur=1)
    pos2.at(L.D_DEST, SEL=sq("d3"), JPTS=1)
    pos2.step(sq("d2"))
    assert pos2.unit("d1") == (0, R)


def test_flow_iron_plating_returns_DG_FERRY_42_43(compiled):
    """DG-FERRY-42, DG-FERRY-43, DG-MURG-36: an Iron Plated pawn Flowed off the edge loses the
    aura and stays on Haggedorn."""
    pos = Pos("murg-ferrymen", [(1, P, "d3"), (0, P, "d1")], cur=1)
    pos.s[L.AURA + sq("d1")] = L.AU_IRON
    pos.at(L.D_DEST, SEL=sq("d3"), JPTS=1)
    pos.step(sq("d2"))
    assert pos.unit("d1") == (0, P) and pos.s[L.AURA + sq("d1")] == 0


def test_landing_upon_DG_FERRY_12_31(compiled):
    """DG-FERRY-12, DG-FERRY-31, DG-FERRY-36: a Flow-capable unit may end on a rival and push
    it 1 in a chosen direction (only where the push is possible)."""
    pos = Pos("murg-ferrymen", [(1, P, "d4"), (0, P, "d3"), (0, P, "c2")], cur=1)
    assert "d3" in pos.dests(1, "d4", 1)
    pos.at(L.D_DEST, SEL=sq("d4"), JPTS=1)
    pos.step(sq("d3"))
    assert pos.s[L.DEC] == L.D_FLOW
    dirs = {a - L.A_DIR for a in pos.legal() if L.A_DIR <= a < L.A_DIR2}
    assert 1 not in dirs and 0 in dirs  # toward c2 (forward-right for seat 1) is blocked
    pos.step(L.A_DIR + 0)
    assert pos.unit("d3") == (1, P) and pos.unit("d2") == (0, P)


def test_calm_waters_zero_journey_DG_FERRY_45_46_47(compiled):
    """DG-FERRY-25, DG-FERRY-45, DG-FERRY-46, DG-FERRY-47, DG-CORE-11, DG-CORE-13: with Calm
    Waters a 1 is a journey of 0: no unit moves, yet a Flow may push an adjacent rival away,
    diagonals allowed."""
    pos = Pos("murg-ferrymen", [(1, P, "d4"), (0, P, "c5"), (0, K, "a1")], cur=1)
    pos.s[L.LAW + 1] = 1
    engine_start = __import__("simcore.darkleaf.turn", fromlist=["start_journey"])
    engine_start.start_journey(pos.s, pos.p, 1, 1)
    assert pos.s[L.JPTS] == 0
    assert sq("d4") in pos.legal()
    pos.step(sq("d4"))
    pos.step(sq("d4"))
    assert pos.s[L.DEC] == L.D_FLOW
    d, _ = __import__("simcore.darkleaf.board", fromlist=["dir_between"]).dir_between(
        1, sq("d4"), sq("c5"))
    assert L.A_DIR + d in pos.legal()
    pos.step(L.A_DIR + d)
    assert pos.unit("b6") == (0, P) and pos.unit("d4") == (1, P)


def test_range_to_seat_wrap_DG_FERRY_13_14_38(compiled):
    """DG-FERRY-13, DG-FERRY-14, DG-FERRY-37, DG-FERRY-38: a pawn passing The Range comes
    out in its own Seat and takes Barbaric or Ripple Effect."""
    pos = Pos("murg-ferrymen", [(1, P, "d2")], cur=1)
    assert "d7" in pos.dests(1, "d2", 3)
    pos.at(L.D_DEST, SEL=sq("d2"), JPTS=3)
    pos.step(sq("d7"))
    assert pos.s[L.DEC] == L.D_AURA_CHOICE
    pos.step(L.A_YES)
    assert pos.unit("d7") == (1, P) and pos.s[L.AURA + sq("d7")] == L.AU_BARBARIC


def test_royal_pushed_off_twice_DG_FERRY_50_51(compiled):
    """DG-FERRY-50, DG-FERRY-51, DG-FERRY-52, DG-FERRY-53, DG-ERDE-39: the first push-off puts
    the royal in The Seat with a chip; the second wins."""
    pos = Pos("ferrymen-erde", [(0, P, "d6"), (1, K, "d8")])
    pos.at(L.D_DEST, SEL=sq("d6"), JPTS=1)
    pos.step(sq("d7"))
    assert pos.s[L.MARKS + 1] == 1 and pos.s[L.DEC] == L.D_RELOC
    pos.step(sq("d1"))
    assert pos.unit("d1") == (1, K)
    pos.s[L.BOARD + sq("d1")] = 0
    pos.s[L.BOARD + sq("d8")] = 1 + 6 + K
    pos.s[L.BOARD + sq("d7")] = 0
    pos.s[L.BOARD + sq("d6")] = 1 + P
    pos.at(L.D_DEST, SEL=sq("d6"), JPTS=1, CUR=0)
    pos.step(sq("d7"))
    assert pos.s[L.WINNER] == 0


def test_deep_roots_push_reduced_DG_WIBO_13_44(compiled):
    """DG-WIBO-13, DG-WIBO-44: a rival push of 2 on the Wibo queen is reduced to 1 territory,
    not forbidden: a Barbaric landing upon her may choose the 2-push, which moves her 1; with
    Ripple Effect the Wibo pawn behind her still goes the full 2."""
    for aura, pawn in ((L.AU_BARBARIC, False), (L.AU_BARBARIC | L.AU_RIPPLE, True)):
        units = [(1, P, "d6"), (0, Q, "d5"), (1, K, "h8")] + ([(0, P, "d4")] if pawn else [])
        pos = Pos("wibo-ferrymen", units, cur=1)
        pos.s[L.AURA + sq("d6")] = aura
        pos.at(L.D_DEST, SEL=sq("d6"), JPTS=1)
        pos.step(sq("d5"))
        assert pos.s[L.DEC] == L.D_FLOW and L.A_DIR2 + 0 in pos.legal()
        pos.step(L.A_DIR2 + 0)
        assert pos.unit("d5") == (1, P) and pos.unit("d4") == (0, Q)
        if pawn:
            assert pos.unit("d2") == (0, P) and pos.unit("d3") is None
    from test_darkleaf_skills import acquire
    pos = Pos("hexen-wibo", [(0, Q, "a1"), (1, Q, "d4"), (1, P, "f6")])
    acquire(pos, 0, 2)  # Haggedorn Hoc Vult: relocate any unit anywhere, the queen only 1
    pos.step(sq("d4"))
    assert set(sqs(pos.legal())) == {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}


def test_placements_are_decisions_DG_CORE_03_FERRY_43_51(compiled):
    """DG-CORE-03, DG-FERRY-51, DG-FERRY-52, DG-FERRY-43, DG-ERDE-30: where a rule places a
    unit 'as decided by the moving player' the engine asks: the first push-off royal goes
    anywhere in the Ferrymen Seat (the far corner here, not the square by its file); an Iron
    Plated pawn Flowed off where the Ferrymen unit lands goes to a neighboring edge territory
    the Ferrymen pick."""
    pos = Pos("ferrymen-erde", [(0, P, "d6"), (1, K, "d8"), (0, R, "a1")])
    pos.at(L.D_DEST, SEL=sq("d6"), JPTS=1)
    pos.step(sq("d7"))
    assert pos.s[L.DEC] == L.D_RELOC and pos.s[L.CUR] == 0
    assert sqs(pos.legal()) == [f + "1" for f in "bcdefgh"]
    pos.step(sq("h1"))
    assert pos.unit("h1") == (1, K) and pos.s[L.MARKS + 1] == 1
    pos = Pos("murg-ferrymen", [(1, P, "d2"), (0, P, "d1"), (0, K, "a8"), (1, K, "h8")], cur=1)
    pos.s[L.AURA + sq("d1")] = L.AU_IRON
    pos.at(L.D_DEST, SEL=sq("d2"), JPTS=1)
    pos.step(sq("d1"))
    assert pos.s[L.DEC] == L.D_FLOW
    pos.step(L.A_DIR + 0)  # landing upon: pushed off the edge, the aura absorbs it
    assert pos.unit("d1") == (1, P) and pos.s[L.DEC] == L.D_RELOC
    assert sqs(pos.legal()) == ["c1", "e1"]
    pos.step(sq("e1"))
    assert pos.unit("e1") == (0, P) and pos.s[L.AURA + sq("e1")] == 0


def test_tide_and_deep_roots_DG_FERRY_19_20_WIBO_13_44(compiled):
    """DG-FERRY-19, DG-FERRY-20, DG-WIBO-13, DG-WIBO-44, DG-PHASE-06, DG-POWER-03: Unrelenting
    Tide slides the royal to the obstacle and freezes it; the Wibo queen moves at most 1."""
    pos = Pos("wibo-ferrymen", [(0, Q, "d4"), (1, K, "a8")], cur=1)
    pos.s[L.RELIC + 5] = 1
    pos.at(L.D_UPKEEP)
    pos.step(L.A_SPEND)
    d, _ = __import__("simcore.darkleaf.board", fromlist=["dir_between"]).dir_between(
        1, sq("d4"), sq("d1"))
    pos.step(L.A_DIR + d)
    assert pos.unit("d3") == (0, Q) and pos.s[L.RELIC + 5] == 0
    pos.s[L.TURN] += 1  # the queen's next turn: she cannot journey
    assert pos.dests(0, "d3", 1) == []
    pos.s[L.TURN] += 1
    assert pos.dests(0, "d3", 1) != []


def test_tide_roots_but_deeds_stay_DG_FERRY_20(compiled):
    """DG-FERRY-20: after Unrelenting Tide the royal cannot journey or relocate on its next
    turn, but it may still act in place: the Huldra queen Hunts (yet may not Leap), the Murg
    king beside its rook may Destroy (yet may not journey)."""
    from simcore.darkleaf import options
    from simcore.darkleaf.board import dir_between
    pos = Pos("ferrymen-huldra", [(1, Q, "e8"), (1, R, "a8"), (0, P, "e3"), (0, K, "h1")])
    pos.s[L.RELIC] = 1
    pos.at(L.D_UPKEEP)
    pos.step(L.A_SPEND)
    pos.step(L.A_DIR + dir_between(0, sq("e8"), sq("e3"))[0])
    assert pos.unit("e4") == (1, Q)
    pos.s[L.TURN] += 1
    pos.s[L.CUR] = 1
    assert hunt_targets(pos, 1, "e4", 1) == ["e3"]
    assert not options._leap_ok(pos.s, pos.p, 1)
    pos.s[L.TURN] += 2
    assert options._leap_ok(pos.s, pos.p, 1)  # rooted for one turn only
    pos = Pos("murg-ferrymen", [(0, K, "e4"), (0, R, "b5"), (1, P, "a4"), (1, K, "h8")],
              cur=1)
    pos.s[L.RELIC + 5] = 1
    pos.at(L.D_UPKEEP)
    pos.step(L.A_SPEND)
    pos.step(L.A_DIR + dir_between(1, sq("e4"), sq("a4"))[0])
    assert pos.unit("b4") == (0, K)
    pos.s[L.TURN] += 1
    pos.s[L.CUR] = 0
    assert pos.dests(0, "b4", 1) == []
    assert moves.destroy_capable(pos.s, pos.p, 0, sq("b4"))


# ---- Erde -----------------------------------------------------------------------------------
def test_reclaim_DG_ERDE_27_28_29_30(compiled):
    """DG-ERDE-27, DG-ERDE-28, DG-ERDE-29, DG-ERDE-30, DG-ERDE-31, DG-ERDE-35: a pawn on a
    centre square Reclaims on 6+ and is relocated beside the king."""
    pos = Pos("murg-erde", [(1, P, "d5"), (1, K, "a8")], cur=1)
    pos.at(L.D_INTENT)
    pos.step(L.A_DEED)
    assert sqs(pos.legal()) == ["d5"]
    pos.step(sq("d5"), roll=5, faces=8)
    assert pos.s[L.RECL] == 0
    pos.at(L.D_DEED_UNIT, ROLLS=0, CUR=1)
    pos.step(sq("d5"), roll=6, faces=8)
    assert pos.s[L.RECL] == 4 and pos.unit("d5") is None
    assert pos.s[L.DEC] == L.D_RELOC and sqs(pos.legal()) == ["a7", "b7", "b8"]
    pos.step(sq("b8"))
    assert pos.unit("b8") == (1, P)


def test_reclaimed_blocks_rivals_DG_ERDE_16_32_34(compiled):
    """DG-ERDE-16, DG-ERDE-32, DG-ERDE-34: rivals pass through but never end on a Reclaimed
    square; a Destroy there vanquishes without moving in."""
    pos = Pos("murg-erde", [(0, P, "d3"), (1, P, "e5")])
    pos.s[L.RECL] = 1 | 8  # d4, e5
    assert "d4" not in pos.dests(0, "d3", 1) and "d5" in pos.dests(0, "d3", 2)
    pos.s[L.BOARD + sq("d4")] = 1 + P
    pos.s[L.BOARD + sq("d3")] = 0
    pos.at(L.D_DEED_TGT, SEL=sq("d4"))
    pos.step(sq("e5"), roll=4)
    assert pos.unit("e5") is None and pos.unit("d4") == (0, P)


def test_king_center_and_split_DG_ERDE_14_15_43_44(compiled):
    """DG-ERDE-14, DG-ERDE-15, DG-ERDE-43, DG-ERDE-44, DG-PHASE-19: the roll splits between 2
    units; the king enters the centre only when all 4 are Reclaimed, which wins."""
    pos = Pos("murg-erde", [(1, K, "d7"), (1, P, "a7")], cur=1)
    assert "d5" not in pos.dests(1, "d7", 2)
    pos.s[L.RECL] = 15
    assert "d5" in pos.dests(1, "d7", 2)
    pos2 = Pos("murg-erde", [(1, K, "d8"), (1, P, "a7")], cur=1)
    pos2.s[L.RECL] = 15
    __import__("simcore.darkleaf.turn", fromlist=["x"]).start_journey(pos2.s, pos2.p, 1, 4)
    pos2.step(sq("a7"))
    pos2.step(sq("a6"))
    assert pos2.s[L.DEC] == L.D_UNIT and pos2.s[L.JPTS] == 3
    pos2.step(sq("d8"))
    pos2.step(sq("d5"))
    assert pos2.s[L.WINNER] == 1


def test_erde_exact_shares_DG_ERDE_15_JOURNEY_02(compiled):
    """DG-ERDE-15, DG-JOURNEY-02, DG-ERDE-14: Erde units have no less-or-equal icon, so each
    share of a split roll is exact and the shares add up to the roll: a unit that no other
    unit can relieve moves the whole roll; a shorter first share is open only while another
    unit can take the rest exactly, and a journey begun cannot stop after the first share."""
    from simcore.darkleaf.turn import start_journey
    hem = [(0, P, "g8"), (0, P, "g7"), (0, P, "h7")]  # the Erde king on h8 cannot move
    pos = Pos("murg-erde", [(1, P, "a7"), (1, K, "h8"), (0, K, "e1")] + hem, cur=1)
    start_journey(pos.s, pos.p, 1, 3)
    assert pos.dests(1, "a7", 3) == ["a4", "d7"]  # never a6, a5, b7, c7
    pos = Pos("murg-erde", [(1, P, "a7"), (1, P, "c7"), (1, K, "h8"), (0, K, "e1")] + hem,
              cur=1)
    start_journey(pos.s, pos.p, 1, 3)
    assert L.A_DONE in pos.legal()  # the journey may be called off before it starts
    assert "a6" in pos.dests(1, "a7", 3)  # c7 can take the other 2
    pos.step(sq("a7"))
    pos.step(sq("a6"))
    assert pos.s[L.DEC] == L.D_UNIT and pos.s[L.JPTS] == 2
    assert L.A_DONE not in pos.legal() and sqs(pos.legal()) == ["c7"]
    assert pos.dests(1, "c7", 2) == ["a7", "c5", "e7"]  # exactly 2, not c6
    pos.step(sq("c7"))
    pos.step(sq("c5"))
    assert pos.unit("a6") == (1, P) and pos.unit("c5") == (1, P)
    assert pos.s[L.TURN] == 6  # the journey is complete: the turn moved on


def test_tremor_DG_ERDE_06_07_41_42(compiled):
    """DG-ERDE-06, DG-ERDE-07, DG-ERDE-41, DG-ERDE-42: after the knight's journey adjacent
    units are pushed 1 away unless blocked; never off the edge; rivals not onto Reclaimed."""
    pos = Pos("murg-erde", [(1, N, "d7"), (0, P, "c5"), (0, P, "e5"), (0, P, "d4"),
                            (1, P, "a1")], cur=1)
    pos.s[L.RECL] = 8  # e5 reclaimed? (bit 8 = e5) keep e5 occupied
    pos.s[L.RECL] = 1  # d4 reclaimed
    __import__("simcore.darkleaf.turn", fromlist=["x"]).start_journey(pos.s, pos.p, 1, 2)
    pos.step(sq("d7"))
    pos.step(sq("d5"))
    assert pos.unit("b5") == (0, P) and pos.unit("f5") == (0, P)
    assert pos.unit("d3") == (0, P) and pos.unit("d4") is None


def test_thick_skin_DG_ERDE_10_37_38(compiled):
    """DG-ERDE-10, DG-ERDE-11, DG-ERDE-36, DG-ERDE-37, DG-ERDE-38: Wibo cannot Morph the Erde
    king and Hexen cannot Ladder it; The Murg may Destroy it."""
    pos = Pos("wibo-erde", [(0, P, "d4"), (1, K, "d5")])
    out = np.zeros(80, np.int32)
    assert moves.morph_gen(pos.s, pos.p, 0, sq("d4"), False, -1, out, 0, True) == 0
    pos2 = Pos("hexen-erde", [(0, P, "c4"), (1, K, "d5")])
    assert moves.ladder_gen(pos2.s, pos2.p, 0, sq("c4"), -1, out, 0, True) == 0
    pos3 = Pos("murg-erde", [(0, P, "d4"), (1, K, "d5")])
    assert moves.destroy_gen(pos3.s, pos3.p, 0, sq("d4"), False, -1, out, 0, True) == 1


# ---- Wildero Wibo ---------------------------------------------------------------------------
def test_morph_and_retreat_DG_WIBO_27_28_32_33(compiled):
    """DG-WIBO-02, DG-WIBO-27, DG-WIBO-28, DG-WIBO-29, DG-WIBO-32, DG-WIBO-33, DG-WIBO-34,
    DG-WIBO-37, DG-SLOT-09: journey, Morph a neighbor on 3+, retreat toward the Seat with a
    third roll; only the last bone is in hand to slot."""
    pos = Pos("wibo-murg", [(0, P, "d3"), (1, P, "d5")])
    pos.at(L.D_DEST, SEL=sq("d3"), JPTS=1, INTENT=L.I_DEED, TGT=sq("d5"))
    pos.step(sq("d4"))
    assert pos.s[L.DEC] == L.D_MORPH
    pos.step(L.A_YES, roll=4)
    assert pos.unit("d5") == (0, P) and pos.s[L.DEC] == L.D_RETREAT
    pos.step(L.A_YES, roll=2)
    assert pos.s[L.HAND_V] == 2 and pos.s[L.ROLLS] == 2
    assert set(sqs(pos.legal())) == {"b3", "f3"}  # d3 line blocked by the journeyed pawn
    pos.step(sq("f3"))
    assert pos.unit("f3") == (0, P) and pos.unit("d5") is None


def test_morph_royal_to_seat_DG_WIBO_17(compiled):
    """DG-WIBO-17, DG-WIBO-45: Morphing the rival royal sends the new pawn to the Wibo Seat;
    an Iron Plated target only loses its aura."""
    pos = Pos("wibo-huldra", [(0, P, "d4"), (1, Q, "d5")])
    pos.at(L.D_MORPH, JUNIT=sq("d4"), TGT=sq("d5"), INTENT=L.I_DEED)
    pos.step(L.A_YES, roll=3)
    assert pos.unit("d5") is None and pos.s[L.DEC] == L.D_RELOC
    assert len(sqs(pos.legal())) == 8 and all(x[1] == "1" for x in sqs(pos.legal()))
    pos.step(sq("a1"))  # anywhere in the Wibo Seat, the Wibo player's pick
    assert pos.unit("a1") == (0, P)
    pos2 = Pos("wibo-murg", [(0, P, "d4"), (1, P, "d5")])
    pos2.s[L.AURA + sq("d5")] = L.AU_IRON
    pos2.at(L.D_MORPH, JUNIT=sq("d4"), TGT=sq("d5"), INTENT=L.I_DEED)
    pos2.step(L.A_YES, roll=6)
    assert pos2.unit("d5") == (1, P) and pos2.s[L.AURA + sq("d5")] == 0


def test_endless_stasis_DG_WIBO_24_39_40(compiled):
    """DG-WIBO-24, DG-WIBO-39, DG-WIBO-40, DG-WIBO-42: a pawn that journeys into The Seat under
    The Endless may still Morph this turn; in The Seat it is invulnerable and cannot move."""
    pos = Pos("wibo-murg", [(0, P, "d2"), (1, P, "c1"), (1, N, "e1")])
    pos.s[L.LAW] = 1
    pos.at(L.D_DEST, SEL=sq("d2"), JPTS=1, INTENT=L.I_DEED, TGT=sq("c1"))
    pos.step(sq("d1"))
    assert L.A_YES in pos.legal()
    from simcore.darkleaf.board import invulnerable
    assert invulnerable(pos.s, pos.p, sq("d1"), 1)
    assert not invulnerable(pos.s, pos.p, sq("e1"), 0)
    assert pos.dests(0, "d1", 1) == []


def test_wibo_declare_morph_DG_PHASE_13_WIBO_31(compiled):
    """DG-PHASE-13, DG-PHASE-12, DG-PHASE-10, DG-WIBO-31, DG-WIBO-28: Wildero Wibo declare a
    Morph like any deed (Phase 2's own example): before any roll the unit and its target are
    named; only that unit journeys and only that target is Morphed after the journey, though a
    second rival neighbors the unit too; a turn declared as a journey has no Morph."""
    units = [(0, N, "d2"), (0, P, "g2"), (1, P, "c4"), (1, P, "e4"), (1, K, "h8")]
    pos = Pos("wibo-murg", units)
    pos.at(L.D_UPKEEP)
    pos.step(L.A_DONE)
    assert pos.s[L.DEC] == L.D_INTENT and pos.s[L.ROLLS] == 0
    assert pos.legal() == {L.A_JOURNEY, L.A_DEED}
    pos.step(L.A_DEED)
    assert sq("d2") in pos.legal()
    pos.step(sq("d2"))
    assert {"c4", "e4"} <= set(sqs(pos.legal())) and "h8" not in sqs(pos.legal())
    pos.step(sq("e4"), roll=2)  # declared: the knight Morphs e4; the bone rolls 2
    assert pos.s[L.DEC] == L.D_UNIT and pos.legal() == {sq("d2"), L.A_DONE}
    pos.step(sq("d2"))
    pos.step(sq("d4"))
    assert pos.s[L.DEC] == L.D_MORPH and L.A_YES in pos.legal()
    pos.step(L.A_YES, roll=3)
    assert pos.unit("e4") == (0, P) and pos.unit("c4") == (1, P)
    pos = Pos("wibo-murg", units)
    pos.at(L.D_UPKEEP)
    pos.step(L.A_DONE)
    pos.step(L.A_JOURNEY, roll=2)
    pos.step(sq("d2"))
    pos.step(sq("d4"))
    assert pos.s[L.DEC] != L.D_MORPH and pos.unit("e4") == (1, P)


def test_biotic_refuge_DG_WIBO_10(compiled):
    """DG-WIBO-09, DG-WIBO-10, DG-UNIT-04: rooks are invulnerable; Wibo pawns diagonal to the
    Wibo rook too."""
    from simcore.darkleaf.board import invulnerable
    pos = Pos("wibo-murg", [(0, R, "d4"), (0, P, "e5"), (0, P, "e4")])
    assert invulnerable(pos.s, pos.p, sq("d4"), 1)
    assert invulnerable(pos.s, pos.p, sq("e5"), 1)
    assert not invulnerable(pos.s, pos.p, sq("e4"), 1)


def test_wibo_win_DG_WIBO_46(compiled):
    """DG-WIBO-46: a Wibo turn ending with 6 Wibo pawns in the Wibo Seat wins."""
    pos = Pos("wibo-murg", [(0, P, n) for n in ("a1", "b1", "c1", "d1", "e1", "f1")])
    pos.at(L.D_UNIT, JPTS=1)
    pos.step(L.A_DONE)
    assert pos.s[L.WINNER] == 0


# ---- Hexen ----------------------------------------------------------------------------------
def test_witchs_ladder_aura_and_invulnerable_DG_HEXEN_38_39_40(compiled):
    """DG-HEXEN-24, DG-HEXEN-25, DG-HEXEN-38, DG-HEXEN-39, DG-HEXEN-40, DG-HEXEN-47: a Ladder
    on an Iron Plated unit strips the aura and moves on; on an invulnerable unit it ends."""
    pos = Pos("hexen-murg", [(1, P, "d4"), (1, P, "e4")])
    pos.s[L.AURA + sq("d4")] = L.AU_IRON
    pos.s[L.LADDER + sq("d4")] = 1
    skills.hex_tick(pos.s, pos.p)
    assert pos.unit("d4") == (1, P) and pos.s[L.LADDER + sq("d4")] == 0
    assert pos.s[L.LADDER + sq("e4")] == 2
    pos2 = Pos("hexen-erde", [(1, B, "d4"), (1, R, "e4"), (1, P, "c4")])
    pos2.s[L.LADDER + sq("d4")] = 1
    skills.hex_tick(pos2.s, pos2.p)
    assert pos2.unit("d4") == (1, B) and pos2.s[L.LADDER + sq("c4")] == 0


def test_ladder_spreads_and_garden_DG_HEXEN_21_22_48(compiled):
    """DG-HEXEN-21, DG-HEXEN-22, DG-HEXEN-24, DG-HEXEN-25, DG-HEXEN-44, DG-HEXEN-48,
    DG-HEXEN-55: a Ladder vanquishes after its counters and restarts beside (onto a Quarry);
    a Garden vanquishes rival units on and around its square after 3 ticks."""
    pos = Pos("hexen-murg", [(1, P, "d4"), (1, P, "e4"), (1, N, "a7"), (0, P, "b7")])
    pos.s[L.AURA + sq("e4")] = L.AU_QUARRY
    pos.s[L.QLEFT] = 1
    pos.s[L.LADDER + sq("d4")] = 2
    skills.hex_tick(pos.s, pos.p)
    assert pos.unit("d4") == (1, P)
    skills.hex_tick(pos.s, pos.p)
    assert pos.unit("d4") is None and pos.s[L.LADDER + sq("e4")] == 2
    pos.s[L.PG + sq("a8")] = 3
    for _ in range(2):
        skills.hex_tick(pos.s, pos.p)
        assert pos.unit("a7") == (1, N)
    skills.hex_tick(pos.s, pos.p)
    assert pos.unit("a7") is None and pos.unit("b7") == (0, P)
    assert pos.s[L.WINNER] == 0 and pos.s[L.QLEFT] == 0


def test_ladder_targets_DG_HEXEN_23_36_37(compiled):
    """DG-HEXEN-23, DG-HEXEN-36, DG-HEXEN-37, DG-HEXEN-03, DG-HEXEN-31, DG-HEXEN-34: diagonal,
    any distance, through units; never a Quarry."""
    pos = Pos("hexen-murg", [(0, P, "a1"), (0, P, "b2"), (1, P, "d4"), (1, P, "e5"),
                             (1, P, "a3")])
    pos.s[L.AURA + sq("e5")] = L.AU_QUARRY
    out = np.zeros(80, np.int32)
    n = moves.ladder_gen(pos.s, pos.p, 0, sq("a1"), -1, out, 0, True)
    assert names(out[:n]) == ["d4"]


def test_hex_after_journey_DG_HEXEN_31_32_46(compiled):
    """DG-HEXEN-05, DG-HEXEN-12, DG-HEXEN-19, DG-HEXEN-31, DG-HEXEN-32, DG-HEXEN-33,
    DG-HEXEN-46: after the journey the unit may spend tokens to Hex (the queen's Garden runs
    2 rounds); Hexes act only later."""
    pos = Pos("hexen-murg", [(0, Q, "d4"), (1, P, "f6")])
    pos.s[L.RELIC + 0] = 1
    pos.s[L.RELIC + 1] = 1
    pos.at(L.D_HEX, JUNIT=sq("d4"), AUX=0)
    pos.s[L.TFLAGS] = L.TF_JOURNEYED
    assert {L.A_SPEND, L.A_SPEND + 1, L.A_DONE} <= pos.legal()
    pos.step(L.A_SPEND)
    pos.step(sq("d4"))
    assert pos.s[L.PG + sq("d4")] == 2
    assert pos.s[L.RELIC + 0] == 0 and pos.s[L.RELIC + 1] == 1  # 1 token per cast
    assert L.A_SPEND not in pos.legal() and L.A_SPEND + 1 in pos.legal()
    pos.step(L.A_SPEND + 1)
    pos.step(sq("d4"))
    pos.step(sq("f6"))
    assert pos.s[L.LADDER + sq("f6")] == 2 and pos.unit("f6") == (1, P)
    assert pos.s[L.RELIC + 1] == 0
    assert pos.s[L.DEC] != L.D_HEX or pos.legal() == {L.A_DONE}  # no token left to cast


# ---- bones ----------------------------------------------------------------------------------
def test_slot_codes_DG_SLOT_01_02_03_05_06_07():
    """DG-SLOT-01, DG-SLOT-02, DG-SLOT-03, DG-SLOT-04, DG-SLOT-05, DG-SLOT-06, DG-SLOT-07,
    DG-TERM-15: exact, either-of-two, even/odd codes; Sum Between includes both ends and pays
    only when full."""
    assert skills.code_ok(5, 5) and not skills.code_ok(5, 4)
    assert skills.code_ok(304, 3) and skills.code_ok(304, 4) and not skills.code_ok(306, 4)
    assert skills.code_ok(20, 4) and not skills.code_ok(20, 3) and skills.code_ok(21, 3)
    pos = Pos("murg-huldra", [(0, P, "a1")], sets=["clans.murg.skills.assassin.sum=[9,11]"])
    s, p = pos.s, pos.p
    s[L.POOL] = 5
    s[L.SLOTS + 3 * 4] = 6
    assert skills.slot_ok(s, p, 0, 3, 1, 1)
    s[L.SLOTS + 3 * 4 + 1] = 1
    assert skills.slot_ok(s, p, 0, 3, 2, 2) and skills.slot_ok(s, p, 0, 3, 2, 4)
    assert not skills.slot_ok(s, p, 0, 3, 2, 5) and not skills.slot_ok(s, p, 0, 3, 2, 1)
    assert not skills.row_full(s, p, 0, 3)
    assert not skills.slot_ok(s, p, 0, 3, 1, 2)  # slot taken


def test_one_in_reserve_and_overload_DG_SLOT_12_13_14(compiled):
    """DG-SLOT-11, DG-SLOT-12, DG-SLOT-13, DG-SLOT-14, DG-PHASE-22, DG-PHASE-24,
    DG-PHASE-26: the last pool bone may only complete a row; a full relic slot allows bones
    but not completion; a completed relic row returns its bones and gives a token."""
    pos = Pos("murg-huldra", [(0, P, "a1"), (1, Q, "h8")])
    s, p = pos.s, pos.p
    s[L.POOL] = 0
    assert not skills.slot_ok(s, p, 0, 1, 0, 3)  # would not complete: keep one in reserve
    s[L.SLOTS + 1 * 4] = 3
    s[L.RELIC + 1] = 1
    assert not skills.slot_ok(s, p, 0, 1, 1, 5)  # relic slot full: cannot complete
    s[L.RELIC + 1] = 0
    assert skills.slot_ok(s, p, 0, 1, 1, 5)
    pos.at(L.D_SLOT, HAND_V=5)
    assert L.A_DONE in pos.legal()
    pos.step(L.A_SLOT + 1 * 4 + 1)
    assert s[L.RELIC + 1] == 1 and s[L.POOL] == 2 and s[L.SLOTS + 4] == 0


def test_failed_deed_bone_slots_DG_SLOT_10(compiled):
    """DG-SLOT-10, DG-PHASE-21: a failed deed, or a journey not taken, still leaves its bone
    to be slotted: a Destroy rolled 2 fails (the rival stays), and Slot Bones offers the 2;
    a declared journey called off offers its bone too."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, P, "d5"), (1, Q, "h8"), (0, K, "a1")])
    pos.at(L.D_INTENT)
    pos.step(L.A_DEED)
    pos.step(sq("d4"))
    pos.step(sq("d5"), roll=2)
    assert pos.unit("d5") == (1, P) and pos.unit("d4") == (0, P)  # failed
    assert pos.s[L.DEC] == L.D_SLOT and pos.s[L.HAND_V] == 2
    assert L.A_SLOT + 0 in pos.legal()  # Iron Plating [E, E]
    pos.step(L.A_SLOT + 0)
    assert pos.s[L.SLOTS] == 2 and pos.s[L.POOL] == 5
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, Q, "h8"), (0, K, "a1")])
    pos.at(L.D_INTENT)
    pos.step(L.A_JOURNEY, roll=4)
    pos.step(L.A_DONE)  # the journey is not taken
    assert pos.s[L.DEC] == L.D_SLOT and pos.s[L.HAND_V] == 4 and L.A_SLOT + 1 in pos.legal()


def test_aura_and_renewal_DG_PHASE_27_HUNT_23_35(compiled):
    """DG-PHASE-25, DG-PHASE-27, DG-POWER-01, DG-HUNT-23, DG-HUNT-35, DG-HUNT-24: an aura goes
    on a unit without it; Renewal removes a rival bone (back to its pool), relics untouched."""
    pos = Pos("murg-huldra", [(1, P, "a8"), (1, Q, "h8")], cur=1)
    s = pos.s
    s[L.SLOTS + 20] = 2
    s[L.POOL + 1] = 5
    pos.at(L.D_SLOT, HAND_V=4)
    pos.step(L.A_SLOT + 1)
    assert pos.s[L.DEC] == L.D_PICK and sqs(pos.legal()) == ["a8"]
    pos.step(sq("a8"))
    assert s[L.AURA + sq("a8")] == L.AU_LONGBOW
    pos2 = Pos("murg-huldra", [(1, Q, "h8")], cur=1)
    pos2.s[L.SLOTS + 2 * 4] = 3
    pos2.s[L.POOL] = 5
    pos2.s[L.RELIC + 1] = 1
    pos2.at(L.D_RENEWAL)
    pos2.step(L.A_SLOT + 8)
    assert pos2.s[L.SLOTS + 8] == 0 and pos2.s[L.POOL] == 6 and pos2.s[L.RELIC + 1] == 1


# ---- Haggedorn's Will -----------------------------------------------------------------------
def test_will_DG_WILL_02_06_07_08(compiled):
    """DG-WILL-02, DG-WILL-03, DG-WILL-04, DG-WILL-06, DG-WILL-07, DG-PHASE-09: spending the
    token rolls the d12; both players carry out the result where they can."""
    sets = ["will.blessings=[1,1,1,1,1,1,1,1,1,1,1,1]"]
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, Q, "h8")], sets=sets)
    pos.s[L.GRAVE + 6 + P] = 0
    g0 = int(pos.s[L.GRAVE + P])
    pos.at(L.D_UPKEEP)
    assert L.A_DONE in pos.legal() and L.A_WILL in pos.legal()
    pos.step(L.A_WILL)
    assert pos.s[L.WILLTOK] == 0 and pos.s[L.GRAVE + P] == g0 - 1
    assert L.A_WILL not in pos.legal()


# ---- whole games ----------------------------------------------------------------------------
@njit(cache=True)
def _random_games(params, n_games, seed, out_len):
    state = np.empty(L.STATE_SIZE, np.int32)
    legal = np.empty(L.NUM_ACTIONS, np.int32)
    chance = np.empty(2, np.uint64)
    agent = np.empty(2, np.uint64)
    for g in range(n_games):
        seed_rng(chance, seed, 7, g, 0)
        seed_rng(agent, seed, 7, g, 1)
        engine.init(state, params, chance)
        length = 0
        while not engine.is_terminal(state, params):
            n = engine.legal_actions(state, params, legal)
            if n <= 0 or length > L.MAX_GAME_LENGTH:
                return -1
            for i in range(n):
                if legal[i] < 0 or legal[i] >= L.NUM_ACTIONS:
                    return -2
                for j in range(i):
                    if legal[i] == legal[j]:
                        return -3
            engine.step(state, params, legal[randint(agent, n)], chance)
            length += 1
        out_len[g] = length
    return 0


@pytest.mark.parametrize("setup", SETUPS)
def test_random_playouts_all_pairings(setup):
    """DG-PHASE-01, DG-PHASE-17: random legal play always has a legal action,
    ends within max_game_length, never repeats an action in the legal list."""
    p = API.params(2, setup)
    lengths = np.zeros(12, np.int64)
    assert _random_games(p, 12, 2, lengths) == 0
    assert lengths.min() >= 1 and lengths.max() <= SPEC.max_game_length
