"""Darkleaf Gambit rules tests, part 2: terminology, unit rosters, skill kinds and every clan
skill driven from Acquire Power on small hand-built positions.

Each test names the checklist items it checks (../shared/rules/checklists/darkleaf.md).  A
skill is exercised by calling ``turn.acquire`` for its row (what Phase 5 does once the row is
paid) and then answering the decisions it opens, as a player would.
"""
import numpy as np
from test_darkleaf_rules import Pos, names, sq, sqs

from simcore.darkleaf import API, board, moves, turn
from simcore.darkleaf import layout as L

P, N, B, R, Q, K = L.PAWN, L.KNIGHT, L.SAGE, L.ROOK, L.QUEEN, L.KING


def acquire(pos, seat, r):
    """Phase 5 for row r of ``seat`` (the row was just paid)."""
    pos.s[L.CUR] = seat
    st = turn.acquire(pos.s, pos.p, seat, r)
    if st != turn.ST_WAIT:
        turn.advance(pos.s, pos.p, st, np.array([1, 2], np.uint64))
    return pos


def nb(seat, name, d):
    return board.nxt(sq(name), seat, d)


# ---- terminology and geometry -----------------------------------------------------------
def test_board_terms_DG_TERM_01_02_03_04_05_06_07(compiled):
    """DG-TERM-01, DG-TERM-02, DG-TERM-03, DG-TERM-04, DG-TERM-05, DG-TERM-06, DG-TERM-07,
    DG-COMP-05: 64 territories as 8 ranks x 8 files; The Seat is the own first rank, The Range
    the far one (each seat's Seat is the rival's Range), The Woods the 6 ranks between."""
    assert L.BOARD + 64 == L.AURA  # one cell per territory
    assert sq("a1") == 0 and sq("h1") == 7 and sq("a8") == 56 and sq("h8") == 63
    for s in range(64):
        assert board.rel_rank(s, 0) + board.rel_rank(s, 1) == 7
    assert board.rel_rank(sq("e1"), 0) == 0 and board.rel_rank(sq("e8"), 0) == 7
    assert board.rel_rank(sq("e8"), 1) == 0 and board.rel_rank(sq("e1"), 1) == 7
    woods = [s for s in range(64) if 1 <= board.rel_rank(s, 0) <= 6]
    assert len(woods) == 48
    # files: a step right stays in the rank, a step forward stays in the file
    assert nb(0, "d4", 2) == sq("e4") and nb(0, "d4", 0) == sq("d5")


def test_directions_DG_TERM_17_18_19_20_42(compiled):
    """DG-TERM-17, DG-TERM-18, DG-TERM-19, DG-TERM-20, DG-TERM-42, DG-TERM-09: adjacent = the 8
    surrounding territories, neighboring = the 4 orthogonal ones, diagonal = the 4 angled ones;
    'away' follows the bearing between two units."""
    adj = {nb(0, "d4", d) for d in range(8)}
    assert names(adj) == names({s for s in range(64) if board.cheb(s, sq("d4")) == 1})
    neigh = {nb(0, "d4", d) for d in range(8) if L.DM_NEIGH & (1 << d)}
    diag = {nb(0, "d4", d) for d in range(8) if L.DM_DIAG & (1 << d)}
    assert names(neigh) == ["c4", "d3", "d5", "e4"]
    assert names(diag) == ["c3", "c5", "e3", "e5"]
    assert neigh | diag == adj and not (neigh & diag)
    # away: the bearing from a unit to another, per seat
    d, n = board.dir_between(0, sq("d4"), sq("f6"))
    assert (d, n) == (1, 2) and board.nxt(sq("f6"), 0, d) == sq("g7")
    d1, _ = board.dir_between(1, sq("d4"), sq("f6"))
    assert board.nxt(sq("f6"), 1, d1) == sq("g7")
    assert board.dir_between(0, sq("d4"), sq("e6")) == (-1, 0)  # not on a line


def test_royals_and_rosters_DG_HUNT_01_MURG_01_FERRY_01_ERDE_01_WIBO_01_HEXEN_01(compiled):
    """DG-HUNT-01, DG-MURG-01, DG-FERRY-01, DG-ERDE-01, DG-WIBO-01, DG-HEXEN-01, DG-TERM-45,
    DG-TERM-46, DG-COMP-12: every clan fields pawn, knight, sage (the bishop), rook and one
    royal: the queen for Huldra, Wibo and Hexen, the king for The Murg, Ferrymen and Erde."""
    assert L.TYPE_KEYS[L.SAGE] == "sage" and L.SAGE == 2  # chess bishop slot
    royal = {"huldra": Q, "wibo": Q, "hexen": Q, "murg": K, "ferrymen": K, "erde": K}
    rules = API.rules()
    for ci, key in enumerate(L.CLAN_KEYS):
        start = rules[f"clans.{key}.start"]
        types = {start[i] for i in range(0, len(start), 2)}
        assert types == {P, N, B, R, royal[key]}, key
        p = API.params(2, "murg-huldra")
        p[L.P_CLAN] = ci
        assert board.royal_type(p, 0) == royal[key]


def test_skill_kinds_DG_COMP_06_07_08_TERM_30_34(compiled):
    """DG-HUNT-18, DG-MURG-16, DG-FERRY-18, DG-ERDE-18, DG-WIBO-18, DG-HEXEN-20, DG-COMP-06,
    DG-COMP-07, DG-COMP-08, DG-TERM-30, DG-TERM-31, DG-TERM-32, DG-TERM-33, DG-TERM-34,
    DG-TERM-23: five skills per clan, each with its own row of slots and its kind; exactly one
    Law per board; relic skills have relic slots."""
    M, Rl, A, Lw = L.K_MIRACLE, L.K_RELIC, L.K_AURA, L.K_LAW
    want = {
        "huldra": (("long_bow", A), ("pivot", A), ("renewal", M), ("tweak", Rl), ("adapt", Lw)),
        "murg": (("iron_plating", A), ("predictive_model", Rl), ("electromagnetic_loop", Rl),
                 ("assassin", A), ("technological_singularity", Lw)),
        "ferrymen": (("unrelenting_tide", Rl), ("master_the_current", M), ("eddy", M),
                     ("big_wave", M), ("calm_waters", Lw)),
        "erde": (("banish", Rl), ("that_which_cannot_be_destroyed", M), ("metamorphic", Rl),
                 ("sink", M), ("one_with_the_land", Lw)),
        "wibo": (("hallucinogenic_spores", M), ("rival_regrowth", M), ("starter_seed", Rl),
                 ("scatter", M), ("the_endless", Lw)),
        "hexen": (("poison_garden", Rl), ("witchs_ladder", Rl), ("haggedorn_hoc_vult", M),
                  ("waxing_moon", M), ("celestial_compass", Lw)),
    }
    for ci, key in enumerate(L.CLAN_KEYS):
        got = tuple(zip(L.SKILL_KEYS[ci], L.SKILL_KIND[ci]))
        assert got == want[key]
        assert sum(1 for k in L.SKILL_KIND[ci] if k == Lw) == 1
    for setup in ("hexen-wibo", "murg-ferrymen", "erde-huldra"):
        p = API.params(2, setup)
        for seat in range(2):
            cl = p[L.P_CLAN + seat]
            for r in range(5):
                assert p[L.P_NSLOT + seat * 5 + r] >= 1
                cap = p[L.P_RELCAP + seat * 5 + r]
                assert (cap >= 1) == (L.SKILL_KIND[cl][r] == Rl)


def test_acquire_kinds_DG_PHASE_24_25_26_28(compiled):
    """DG-PHASE-24, DG-PHASE-25, DG-PHASE-26, DG-PHASE-28, DG-TERM-31, DG-TERM-32, DG-TERM-34,
    DG-TERM-22, DG-TERM-47, DG-COMP-09: a paid row's bones go back to the pool; a relic puts a
    token in its slot, a law applies at once, a miracle acts at once."""
    pos = Pos("murg-erde", [(0, P, "d4"), (0, K, "a1"), (1, K, "h8"), (1, P, "d6")])
    pos.s[L.SLOTS + 0 * 20 + 1 * 4] = 3
    pos.s[L.SLOTS + 0 * 20 + 1 * 4 + 1] = 4
    pos.s[L.POOL] = 4
    acquire(pos, 0, 1)  # Predictive Model (relic)
    assert pos.s[L.RELIC + 1] == 1 and pos.s[L.POOL] == 6
    assert pos.s[L.SLOTS + 4] == 0 and pos.s[L.SLOTS + 5] == 0
    acquire(pos, 0, 4)  # Technological Singularity (law)
    assert pos.s[L.LAW] == 1
    assert pos.s[L.WILLTOK] == 1  # the Will slot keeps its token
    pos2 = Pos("murg-erde", [(1, P, "d4"), (1, K, "e1"), (0, P, "c5"), (0, K, "h8")], cur=1)
    acquire(pos2, 1, 3)  # Sink (miracle): acts at once
    assert pos2.s[L.DEC] == L.D_PICK and pos2.s[L.CUR] == 1
    pos2.step(sq("c5"))
    assert pos2.unit("c5") is None


# ---- unit guides ---------------------------------------------------------------------------
def test_unit_guides_all_directions_DG_TERM_10_11_13(compiled):
    """DG-HEXEN-04, DG-HEXEN-06, DG-HEXEN-08, DG-HEXEN-11, DG-ERDE-05, DG-ERDE-09,
    DG-FERRY-05, DG-FERRY-06, DG-FERRY-07, DG-WIBO-03, DG-WIBO-06, DG-WIBO-11, DG-MURG-09,
    DG-TERM-10, DG-TERM-11, DG-TERM-13: units whose guide shows the eight-arrow icon journey
    in all 8 directions; a slashed circle forbids the deed (Murg rook Destroy, Hexen rook
    Hex, Wibo rook and queen Morph, Ferrymen rook and king Flow, Erde non-pawns Reclaim)."""
    for setup, seat, t in (("erde-huldra", 0, N), ("erde-huldra", 0, K),
                           ("ferrymen-erde", 0, N), ("ferrymen-erde", 0, R),
                           ("ferrymen-erde", 0, K), ("wibo-murg", 0, B),
                           ("wibo-murg", 0, N), ("murg-erde", 0, R)):
        pos = Pos(setup, [(seat, t, "b3")])
        assert len(pos.dests(seat, "b3", 1)) == 8, (setup, t)
    pos = Pos("wibo-murg", [(0, Q, "d4")])
    assert len(pos.dests(0, "d4", 3)) == 8  # Deep Roots: 1 territory, any direction
    for t in (P, N, B, R, Q):  # Hexen: every direction roll gives a line
        pos = Pos("hexen-huldra", [(0, t, "d4")])
        assert all(pos.dests(0, "d4", v) for v in range(1, 9)), t
    # deeds not allowed
    pos = Pos("murg-erde", [(0, R, "d4"), (1, P, "d5")])
    assert not moves.destroy_capable(pos.s, pos.p, 0, sq("d4"))
    pos = Pos("wibo-murg", [(0, R, "d4"), (0, Q, "a1"), (1, P, "d5"), (1, P, "b1")])
    assert moves.morph_gen(pos.s, pos.p, 0, sq("d4"), False, -1, pos.s, 0, False) == 0
    assert moves.morph_gen(pos.s, pos.p, 0, sq("a1"), False, -1, pos.s, 0, False) == 0
    pos = Pos("wibo-murg", [(0, N, "d4"), (0, B, "a1"), (1, P, "d5"), (1, P, "b1")])
    assert moves.morph_gen(pos.s, pos.p, 0, sq("d4"), False, -1, pos.s, 0, False) == 1
    assert moves.morph_gen(pos.s, pos.p, 0, sq("a1"), False, -1, pos.s, 0, False) == 1
    # Ferrymen rook and king journeys never Flow
    pos = Pos("murg-ferrymen", [(1, R, "d4"), (0, P, "d2")], cur=1)
    pos.at(L.D_DEST, SEL=sq("d4"), JPTS=1)
    pos.step(sq("d3"))
    assert pos.unit("d2") == (0, P) and pos.s[L.DEC] != L.D_FLOW
    # Erde: only pawns Reclaim; Hexen: the rook never Hexes
    pos = Pos("erde-huldra", [(0, N, "d4"), (0, K, "a1"), (0, P, "e4")])
    out = np.zeros(80, np.int32)
    from simcore.darkleaf import options
    n = options._deed_units(pos.s, pos.p, 0, out, True)
    assert names(out[:n]) == ["e4"]
    pos = Pos("hexen-huldra", [(0, R, "d4"), (0, B, "a1")])
    pos.s[L.JUNIT] = sq("d4")
    n = options._casters(pos.s, pos.p, 0, out, 0, True)
    assert names(out[:n]) == ["a1"]


# ---- Ferrymen skills -----------------------------------------------------------------------
def test_master_the_current_DG_FERRY_21(compiled):
    """DG-FERRY-21: two pawns anywhere (either clan) Flow 1 territory in one shared direction."""
    pos = Pos("murg-ferrymen", [(0, P, "c4"), (1, P, "f4"), (1, K, "h8"), (0, K, "a1")], cur=1)
    acquire(pos, 1, 1)
    assert pos.s[L.DEC] == L.D_PICK and {sq("c4"), sq("f4")} <= pos.legal()
    pos.step(sq("c4"))
    pos.step(sq("f4"))
    assert pos.s[L.DEC] == L.D_DIR
    pos.step(L.A_DIR + 0)  # forward for the far seat: down the board
    assert pos.unit("c3") == (0, P) and pos.unit("f3") == (1, P)


def test_eddy_DG_FERRY_22(compiled):
    """DG-FERRY-22: a Ferrymen pawn and a rival pawn swap territories."""
    pos = Pos("murg-ferrymen", [(0, P, "c4"), (1, P, "f6"), (1, K, "h8"), (0, K, "a1")], cur=1)
    acquire(pos, 1, 2)
    assert sqs(pos.legal()) == ["f6"]  # first the own pawn
    pos.step(sq("f6"))
    assert sqs(pos.legal()) == ["c4"]
    pos.step(sq("c4"))
    assert pos.unit("c4") == (1, P) and pos.unit("f6") == (0, P)


def test_big_wave_DG_FERRY_23_24_44_53(compiled):
    """DG-FERRY-23, DG-FERRY-24, DG-FERRY-44, DG-FERRY-53, DG-FERRY-48: every rival adjacent
    to the unit that journeyed is pushed 1 away along its own bearing (never 2, even with
    Barbaric); a royal pushed off the edge this way counts."""
    pos = Pos("murg-ferrymen", [(1, P, "d4"), (0, P, "d5"), (0, P, "e5"), (0, P, "c3"),
                                (1, K, "h8"), (0, K, "a1")], cur=1)
    pos.s[L.JUNIT] = sq("d4")
    pos.s[L.AURA + sq("d4")] = L.AU_BARBARIC
    acquire(pos, 1, 3)
    assert pos.unit("d6") == (0, P) and pos.unit("f6") == (0, P) and pos.unit("b2") == (0, P)
    assert pos.unit("d5") is None and pos.unit("e5") is None and pos.unit("c3") is None
    pos2 = Pos("murg-ferrymen", [(1, P, "b2"), (0, K, "a1"), (1, K, "h8")], cur=1)
    pos2.s[L.JUNIT] = sq("b2")
    acquire(pos2, 1, 3)
    assert pos2.s[L.MARKS] == 1 and pos2.unit("a1") is None


def test_belay_and_wave_rider_DG_FERRY_04_08_09(compiled):
    """DG-FERRY-04, DG-FERRY-08, DG-FERRY-09, DG-TERM-38: after the king journeys, an adjacent
    Ferrymen unit may be relocated beside the king (a relocation: it does not Flow); the sage
    rides over Ferrymen units but not over rival ones."""
    pos = Pos("murg-ferrymen", [(1, K, "d5"), (1, P, "c3"), (0, P, "b2"), (0, K, "a1")],
              cur=1)
    pos.at(L.D_DEST, SEL=sq("d5"), JPTS=1)
    pos.step(sq("d4"))
    assert pos.s[L.DEC] == L.D_BELAY_UNIT and sq("c3") in pos.legal()
    pos.step(sq("c3"))
    assert sq("c4") in pos.legal() and sq("e5") in pos.legal()
    pos.step(sq("c4"))
    assert pos.unit("c4") == (1, P) and pos.unit("c3") is None
    assert pos.unit("b2") == (0, P) and pos.s[L.DEC] != L.D_FLOW
    pos = Pos("murg-ferrymen", [(1, B, "d6"), (1, P, "d5")])
    assert "d4" in pos.dests(1, "d6", 2)
    pos = Pos("murg-ferrymen", [(1, B, "d6"), (0, P, "d5")])
    assert "d4" not in pos.dests(1, "d6", 2)


def test_barbaric_push_two_DG_FERRY_15_17(compiled):
    """DG-FERRY-15, DG-FERRY-17, DG-POWER-01: a Barbaric unit may push 2 territories; a unit
    holds Barbaric and Ripple Effect together, never two of one kind."""
    pos = Pos("murg-ferrymen", [(1, P, "d4"), (0, P, "d3"), (0, K, "a1"), (1, K, "h8")], cur=1)
    pos.s[L.AURA + sq("d4")] = L.AU_BARBARIC | L.AU_RIPPLE
    pos.at(L.D_DEST, SEL=sq("d4"), JPTS=1)
    pos.step(sq("d3"))
    assert pos.s[L.DEC] == L.D_FLOW and L.A_DIR2 + 0 in pos.legal()
    pos.step(L.A_DIR2 + 0)
    assert pos.unit("d1") == (0, P) and pos.unit("d3") == (1, P)
    a = int(pos.s[L.AURA + sq("d3")])
    assert a & L.AU_BARBARIC and a & L.AU_RIPPLE
    a |= L.AU_BARBARIC  # a bit mask: a second Barbaric cannot be held
    assert a == L.AU_BARBARIC | L.AU_RIPPLE


# ---- Erde skills ---------------------------------------------------------------------------
def test_banish_DG_ERDE_19(compiled):
    """DG-ERDE-19, DG-PHASE-06, DG-PHASE-07: spent in Upkeep, Banish relocates every rival unit
    on the centre 4 to territories of The Woods of Erde's choice."""
    pos = Pos("murg-erde", [(0, P, "d4"), (0, P, "e5"), (0, K, "a1"), (1, K, "h8")], cur=1)
    pos.s[L.RELIC + 5] = 1
    pos.at(L.D_UPKEEP)
    assert L.A_SPEND in pos.legal()
    pos.step(L.A_SPEND)
    legal = pos.legal()
    assert sq("a3") in legal and sq("a1") not in legal and sq("a8") not in legal
    assert sq("d5") not in legal
    pos.step(sq("a3"))
    pos.step(sq("h3"))
    assert pos.unit("a3") == (0, P) and pos.unit("h3") == (0, P)
    assert pos.s[L.DEC] == L.D_UPKEEP and pos.s[L.RELIC + 5] == 0


def test_twcbd_next_best_DG_ERDE_20_CORE_03_05_07(compiled):
    """DG-ERDE-20, DG-CORE-03, DG-CORE-05, DG-CORE-07, DG-TERM-40: a pawn is rekindled beside
    the Erde rook; with the rook surrounded, next to the surrounding units; with no pawn in
    the graveyard nothing is placed."""
    pos = Pos("murg-erde", [(1, R, "a1"), (1, K, "h1"), (0, K, "h8")], cur=1)
    pos.s[L.GRAVE + 6 + P] = g = 2
    acquire(pos, 1, 1)
    assert sqs(pos.legal()) == ["a2", "b1", "b2"]
    pos.step(sq("b2"))
    assert pos.unit("b2") == (1, P) and pos.s[L.GRAVE + 6 + P] == g - 1
    pos = Pos("murg-erde", [(1, R, "a1"), (1, P, "a2"), (1, P, "b1"), (0, P, "b2"),
                            (1, K, "h1"), (0, K, "h8")], cur=1)
    pos.s[L.GRAVE + 6 + P] = 2
    acquire(pos, 1, 1)
    assert sqs(pos.legal()) == ["a3", "b3", "c1", "c2", "c3"]
    pos = Pos("murg-erde", [(1, R, "a1"), (1, K, "h1"), (0, K, "h8")], cur=1)
    pos.s[L.GRAVE + 6 + P] = 0
    acquire(pos, 1, 1)
    assert pos.legal() == {L.A_DONE}


def test_sink_and_ladder_leaves_DG_ERDE_22_HEXEN_42_43_UNIT_06(compiled):
    """DG-ERDE-22, DG-HEXEN-42, DG-HEXEN-43, DG-TERM-41: Sink vanquishes a rival
    unit; a Witch's Ladder on it leaves Haggedorn with it and never spreads."""
    pos = Pos("hexen-erde", [(1, P, "d4"), (1, P, "d5"), (1, K, "h1"), (0, Q, "a8")], cur=1)
    pos.s[L.LADDER + sq("d4")] = 1
    pos.p[L.P_SINK_OWN] = 1
    acquire(pos, 1, 3)
    assert sq("d4") in pos.legal() and sq("a8") in pos.legal()
    pos.step(sq("d4"))
    assert pos.unit("d4") is None and pos.s[L.LADDER + sq("d4")] == 0
    assert pos.s[L.LADDER + sq("d5")] == 0
    # Sink's own text: a rival unit, to the rival's graveyard
    pos = Pos("hexen-erde", [(1, P, "d4"), (1, K, "h1"), (0, P, "c6"), (0, Q, "a8")], cur=1)
    g = int(pos.s[L.GRAVE + P])
    acquire(pos, 1, 3)
    assert sq("c6") in pos.legal()
    pos.step(sq("c6"))
    assert pos.unit("c6") is None and int(pos.s[L.GRAVE + P]) == g + 1
    assert pos.unit("d4") == (1, P)


def test_vanquish_paths_DG_UNIT_06(compiled):
    """DG-UNIT-06, DG-UNIT-05: units are vanquished to the graveyard by other units (a Destroy),
    by clan miracles (Sink), by Haggedorn's Will (a curse that takes the most advanced pawn)
    and by sacrifice (The Murg trait gives up a pawn for an Assassin sage)."""
    def grave(pos, seat, t):
        return int(pos.s[L.GRAVE + seat * 6 + t])
    pos = Pos("murg-erde", [(0, P, "d4"), (1, P, "d5"), (0, K, "a1"), (1, K, "h8")])
    g = grave(pos, 1, P)
    pos.at(L.D_DEED_TGT, SEL=sq("d4"))
    pos.step(sq("d5"), roll=3)
    assert pos.unit("d5") == (0, P) and grave(pos, 1, P) == g + 1  # by a unit
    pos = Pos("murg-erde", [(1, P, "d4"), (1, K, "e1"), (0, P, "c5"), (0, K, "h8")], cur=1)
    g = grave(pos, 0, P)
    acquire(pos, 1, 3)
    pos.step(sq("c5"))
    assert pos.unit("c5") is None and grave(pos, 0, P) == g + 1  # by a miracle
    sets = ["will.mode=curses", "will.curses=[4,4,4,4,4,4,4,4,4,4,4,4]"]
    pos = Pos("murg-huldra", [(0, P, "d4"), (0, K, "a1"), (1, P, "e6"), (1, Q, "h8")],
              sets=sets)
    g0, g1 = grave(pos, 0, P), grave(pos, 1, P)
    pos.at(L.D_UPKEEP)
    pos.step(L.A_WILL)
    assert pos.unit("d4") is None and pos.unit("e6") is None  # by the Will, both players
    assert grave(pos, 0, P) == g0 + 1 and grave(pos, 1, P) == g1 + 1
    pos = Pos("murg-huldra", [(0, P, "d4"), (0, K, "a1"), (1, Q, "h8")])
    pos.s[L.GRAVE + B] = 2
    g = grave(pos, 0, P)
    acquire(pos, 0, 3)
    pos.step(sq("d4"))
    assert grave(pos, 0, P) == g + 1 and pos.unit("d4") == (0, B)  # by sacrifice


def test_one_with_the_land_DG_ERDE_24(compiled):
    """DG-ERDE-24: after the Law a 5 Reclaims (without it a 5 fails)."""
    for law, ok in ((0, False), (1, True)):
        pos = Pos("murg-erde", [(1, P, "d5"), (1, K, "a8"), (0, K, "h1")], cur=1)
        pos.s[L.LAW + 1] = law
        pos.at(L.D_DEED_UNIT)
        pos.step(sq("d5"), roll=5, faces=8)
        assert (pos.s[L.RECL] != 0) == ok


# ---- Wildero Wibo skills -------------------------------------------------------------------
def test_spores_DG_WIBO_19(compiled):
    """DG-WIBO-19, DG-TERM-38: Hallucinogenic Spores relocates any pawn (rival ones too) to any
    territory."""
    pos = Pos("wibo-murg", [(0, P, "d4"), (1, P, "e6"), (0, Q, "a1"), (1, K, "h8")])
    acquire(pos, 0, 0)
    assert {sq("d4"), sq("e6")} <= pos.legal()
    pos.step(sq("e6"))
    assert sq("a8") in pos.legal()
    pos.step(sq("a8"))
    assert pos.unit("a8") == (1, P) and pos.unit("e6") is None


def test_rival_regrowth_DG_WIBO_20_21(compiled):
    """DG-WIBO-20, DG-WIBO-21: a rival pawn is rekindled beside the Wibo rook, still the
    rival's, and frozen for its next turn."""
    pos = Pos("wibo-murg", [(0, R, "d4"), (0, Q, "a1"), (1, K, "h8")])
    g = int(pos.s[L.GRAVE + 6 + P])
    acquire(pos, 0, 1)
    assert sqs(pos.legal()) == names(nb(0, "d4", d) for d in range(8))
    pos.step(sq("d5"))
    assert pos.unit("d5") == (1, P) and pos.s[L.GRAVE + 6 + P] == g - 1
    # the turn has passed to the rival: the pawn is frozen for this, its next turn
    assert pos.s[L.CUR] == 1 and pos.s[L.FROZEN + sq("d5")] == pos.s[L.TURN]
    assert pos.dests(1, "d5", 1) == []


def test_scatter_DG_WIBO_23(compiled):
    """DG-WIBO-23: Scatter removes one aura from a rival unit."""
    pos = Pos("wibo-murg", [(1, P, "d5"), (1, P, "e5"), (0, Q, "a1"), (1, K, "h8")])
    pos.s[L.AURA + sq("d5")] = L.AU_IRON
    acquire(pos, 0, 3)
    assert sqs(pos.legal()) == ["d5"]
    pos.step(sq("d5"))
    assert pos.s[L.AURA + sq("d5")] & L.AURA_MASK == 0


# ---- Hexen skills --------------------------------------------------------------------------
def test_hoc_vult_DG_HEXEN_26(compiled):
    """DG-HEXEN-26: relocate any unit (either clan) to any territory."""
    pos = Pos("hexen-murg", [(0, Q, "a1"), (1, P, "e5"), (1, K, "h8")])
    acquire(pos, 0, 2)
    assert {sq("a1"), sq("e5")} <= pos.legal()
    pos.step(sq("e5"))
    pos.step(sq("b7"))
    assert pos.unit("b7") == (1, P)


def test_waxing_moon_DG_HEXEN_27_PHASE_05(compiled):
    """DG-HEXEN-27, DG-PHASE-05: every Hex counter drops by 1; a Hex whose last counter goes
    resolves at once."""
    pos = Pos("hexen-murg", [(0, Q, "a1"), (1, P, "e5"), (1, P, "c6"), (1, K, "h8")])
    pos.s[L.LADDER + sq("e5")] = 1
    pos.s[L.LADDER + sq("c6")] = 2
    acquire(pos, 0, 3)
    assert pos.unit("e5") is None
    assert pos.s[L.LADDER + sq("c6")] == 1 and pos.unit("c6") == (1, P)


# ---- Huldra and Murg relics/laws -----------------------------------------------------------
def test_tweak_DG_HUNT_25_PHASE_08(compiled):
    """DG-HUNT-25, DG-PHASE-08: Tweak is spent after the roll to reroll the bone."""
    pos = Pos("murg-huldra", [(1, P, "d3"), (0, K, "d5"), (1, Q, "h1")], cur=1)
    pos.s[L.RELIC + 5 + 3] = 1
    pos.at(L.D_HULDRA, ROLLV=1, HAND_V=1, ROLLS=1)
    assert L.A_SPEND + 3 in pos.legal()
    pos.step(L.A_SPEND + 3, roll=2, faces=8)
    assert pos.s[L.ROLLV] == 2 and pos.s[L.RELIC + 8] == 0
    assert L.A_SPEND + 3 not in pos.legal()  # once per turn


def test_adapt_DG_HUNT_26(compiled):
    """DG-HUNT-26: Adapt swaps one bone with the rival for the rest of the game."""
    pos = Pos("murg-huldra", [(1, Q, "h1"), (0, K, "a8")], cur=1)
    acquire(pos, 1, 4)
    assert pos.s[L.LAW + 1] == 1
    assert pos.s[L.FOREIGN] == 1 and pos.s[L.FOREIGN + 1] == 1
    assert pos.s[L.POOLF] == 1 and pos.s[L.POOLF + 1] == 1


def test_loop_and_predictive_DG_MURG_18_19_29(compiled):
    """DG-MURG-18, DG-MURG-19, DG-MURG-29, DG-PHASE-10: both relics are spent in Upkeep
    (never after intent); Predictive Model rolls before the declaration; Electromagnetic
    Loop gives the same player the next turn."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, P, "d5"), (0, K, "a1"), (1, Q, "h8")])
    pos.s[L.RELIC + 1] = 1
    pos.s[L.RELIC + 2] = 1
    pos.at(L.D_UPKEEP)
    assert {L.A_SPEND + 1, L.A_SPEND + 2} <= pos.legal()
    pos.step(L.A_SPEND + 1)
    pos.step(L.A_SPEND + 2)
    pos.step(L.A_DONE)
    assert pos.s[L.DEC] == L.D_INTENT and pos.s[L.ROLLS] == 1
    assert not any(L.A_SPEND <= a < L.A_WILL for a in pos.legal())
    assert {L.A_JOURNEY, L.A_DEED} <= pos.legal()
    pos.step(L.A_JOURNEY)
    pos.step(L.A_DONE)  # no journey taken
    while pos.s[L.DEC] == L.D_SLOT:
        pos.step(L.A_DONE)
    assert pos.s[L.CUR] == 0 and pos.s[L.DEC] == L.D_UPKEEP


# ---- unit abilities and traits -------------------------------------------------------------
def test_deep_roots_swap_DG_WIBO_12(compiled):
    """DG-WIBO-12: whatever the roll the Wibo queen journeys 1 territory, or swaps places with
    an adjacent Wibo pawn."""
    pos = Pos("wibo-murg", [(0, Q, "d4"), (0, P, "d5"), (1, K, "h8")])
    d = pos.dests(0, "d4", 4)
    assert "d5" in d and all(board.cheb(sq(x), sq("d4")) == 1 for x in d)
    pos.at(L.D_DEST, SEL=sq("d4"), JPTS=4)
    pos.step(sq("d5"))
    assert pos.unit("d5") == (0, Q) and pos.unit("d4") == (0, P)


def test_murg_trait_and_assassin_DG_MURG_14_15_20(compiled):
    """DG-MURG-14, DG-MURG-15, DG-MURG-20, DG-CORE-07: Assassin earned with both sages gone lets
    a pawn be sacrificed for a sage bearing the aura (once per game); with a sage in play the
    aura goes on a sage."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (0, K, "a1"), (1, Q, "h8")])
    pos.s[L.GRAVE + B] = 2
    acquire(pos, 0, 3)
    assert sqs(pos.legal()) == ["d4"]
    pos.step(sq("d4"))
    assert pos.unit("d4") == (0, B) and pos.s[L.AURA + sq("d4")] & L.AU_ASSASSIN
    assert pos.s[L.TRAIT_USED] == 1 and pos.s[L.GRAVE + B] == 1
    pos = Pos("murg-huldra", [(0, B, "d4"), (0, K, "a1"), (1, Q, "h8")])
    acquire(pos, 0, 3)
    pos.step(sq("d4"))
    assert pos.s[L.AURA + sq("d4")] & L.AU_ASSASSIN


def test_lock_arms_DG_ERDE_04(compiled):
    """DG-ERDE-04: an Erde sage neighboring an Erde rook, both in The Woods, is invulnerable;
    in The Seat it is not."""
    pos = Pos("murg-erde", [(1, B, "d4"), (1, R, "d5"), (1, B, "a8"), (1, R, "b8")])
    assert board.invulnerable(pos.s, pos.p, sq("d4"), 0)
    assert not board.invulnerable(pos.s, pos.p, sq("a8"), 0)


def test_ripple_effect_DG_FERRY_16_49(compiled):
    """DG-FERRY-16, DG-FERRY-49: with Ripple Effect a landing-upon Flow pushes the landed-on
    unit and the rival unit in line behind it, the same way."""
    pos = Pos("murg-ferrymen", [(1, P, "d4"), (0, P, "d3"), (0, P, "d2"), (0, K, "a1"),
                                (1, K, "h8")], cur=1)
    pos.at(L.D_DEST, SEL=sq("d4"), JPTS=1)
    pos.step(sq("d3"))
    assert L.A_DIR + 0 not in pos.legal()  # blocked without the aura
    pos = Pos("murg-ferrymen", [(1, P, "d4"), (0, P, "d3"), (0, P, "d2"), (0, K, "a1"),
                                (1, K, "h8")], cur=1)
    pos.s[L.AURA + sq("d4")] = L.AU_RIPPLE
    pos.at(L.D_DEST, SEL=sq("d4"), JPTS=1)
    pos.step(sq("d3"))
    assert L.A_DIR + 0 in pos.legal()
    pos.step(L.A_DIR + 0)
    assert pos.unit("d3") == (1, P) and pos.unit("d2") == (0, P) and pos.unit("d1") == (0, P)


def test_quarry_advice_not_ban_DG_HEXEN_51_53(compiled):
    """DG-HEXEN-51, DG-HEXEN-53: a Murg pawn and a Wibo pawn may be chosen as Divine Quarry
    (ill-advised, not forbidden)."""
    from simcore.darkleaf import options
    for setup, t in (("hexen-murg", P), ("hexen-wibo", P), ("hexen-erde", B)):
        pos = Pos(setup, [(1, t, "d8")])
        assert options._quarry_ok(pos.s, pos.p, 0, sq("d8"))
