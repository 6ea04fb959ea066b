"""Darkleaf Gambit rules tests, part 3: setup, the turn's phases, Haggedorn's Will, terminology
and the core rules, driven through the engine's kernels on small hand-built positions.

Each test names the checklist items it checks (../shared/rules/checklists/darkleaf.md).  The
helpers of part 1 (``Pos``: a cleared board with units placed by square name, rolls forced by
the rng stream) are reused; ``finish_turn`` plays out the rest of a turn with the passive
choices (no journey, no deed, no slotting) so counters can be followed across turns.
"""
import numpy as np
import pytest
from test_darkleaf_rules import Pos, names, sq, sqs

from simcore.darkleaf import API, board, engine, moves, skills
from simcore.darkleaf import layout as L
from simcore.rng import new_rng
from simcore.spec import BadInput

P, N, B, R, Q, K = L.PAWN, L.KNIGHT, L.SAGE, L.ROOK, L.QUEEN, L.KING


def finish_turn(s, p):
    """Play out the current turn passively (done where allowed, else a journey declaration
    that is then not taken); returns when the other seat is to act."""
    seat = int(s[L.CUR])
    for k in range(40):
        if s[L.CUR] != seat or s[L.END]:
            return
        legal = set(API.legal_actions(s, p).tolist())
        a = L.A_DONE if L.A_DONE in legal else L.A_JOURNEY
        assert a in legal, (int(s[L.DEC]), legal)
        API.step(s, p, a, new_rng(k, 5))
    raise AssertionError("turn did not end")


def units(pos, seat=None):
    out = {}
    for i in range(64):
        c = int(pos.s[L.BOARD + i])
        if c and (seat is None or (c - 1) // 6 == seat):
            out[names([i])[0]] = ((c - 1) // 6, (c - 1) % 6)
    return out


# ---- setup ----------------------------------------------------------------------------------
def test_setup_starts_from_empty_board_DG_SETUP_02(compiled):
    """DG-SETUP-02: setup begins with an empty chessboard: whatever the state array held, init
    clears it and Haggedorn then holds exactly the two clans' starting units."""
    p = API.params(2, "murg-huldra")
    ref = API.new_state(p, seed=3)
    dirty = np.full(L.STATE_SIZE, 7, np.int32)
    engine.init(dirty, p, new_rng(3, 0, 0, 0))
    assert np.array_equal(dirty, ref)
    rules = API.rules()
    n_start = (len(rules["clans.murg.start"]) + len(rules["clans.huldra.start"])) // 2
    assert int(np.count_nonzero(ref[L.BOARD:L.BOARD + 64])) == n_start


def test_each_clan_its_own_bones_DG_SETUP_04_TERM_21(compiled):
    """DG-SETUP-04, DG-TERM-21: each player takes their own clan's board and 6 bones; a bone is
    a die of the clan's own type, so the two seats roll different dice (Hexen d8, Murg d6 in the
    rules data) and each clan's slot rows come from its own board."""
    rules = API.rules()
    p = API.params(2, "hexen-murg")
    s = API.new_state(p)
    assert list(s[L.POOL:L.POOL + 2]) == [6, 6]
    for seat, key in ((0, "hexen"), (1, "murg")):
        assert p[L.P_CLAN + seat] == L.CLAN_KEYS.index(key)
        faces = rules[f"clans.{key}.faces"]
        seen = set()
        for k in range(400):
            seen.add(int(skills.roll(s, p, seat, new_rng(k, 9))))
        assert seen == set(range(1, faces + 1)), key
        for r, sk in enumerate(L.SKILL_KEYS[p[L.P_CLAN + seat]]):
            codes = rules[f"clans.{key}.skills.{sk}.slots"]
            assert p[L.P_NSLOT + seat * 5 + r] == len(codes)
            assert list(p[L.P_ROW + seat * 20 + r * 4:L.P_ROW + seat * 20 + r * 4 + len(codes)]) \
                == codes
    assert faces != rules["clans.hexen.faces"]  # the two clans' bones really differ


def test_will_uses_one_shared_d12_DG_COMP_04(compiled):
    """DG-COMP-04: the Will card has a Blessings and a Curses side of 12 results each, rolled
    on one 12-sided bone shared by both players whatever their own bones (d8 and d6 here)."""
    sets = ["will.blessings=[0,0,0,0,0,0,0,0,0,0,0,0]"]
    p = API.params(2, "hexen-murg", API.rules(sets=sets))
    s = API.new_state(p)
    assert len(p[L.P_WILL:L.P_MORPH_DECL]) == 24  # 12 Blessings then 12 Curses, for both seats
    for seat in range(2):
        seen = {int(skills.activate_will(s, p, seat, new_rng(k, 11))) for k in range(400)}
        assert seen == set(range(1, 13))


def test_will_side_choice_DG_SETUP_16(compiled):
    """DG-SETUP-16: the Will is played on its Blessings or its Curses side, as chosen at setup;
    the same d12 result then reads from the chosen side (here Blessings: rekindle a pawn,
    Curses: lose the most advanced pawn)."""
    base = ["will.blessings=[1,1,1,1,1,1,1,1,1,1,1,1]", "will.curses=[4,4,4,4,4,4,4,4,4,4,4,4]"]
    for mode, want in (("blessings", 2), ("curses", 0)):
        pos = Pos("murg-huldra", [(0, P, "d4"), (1, Q, "h8")], sets=base + [f"will.mode={mode}"])
        pos.s[L.GRAVE + P] = 1
        pos.at(L.D_UPKEEP)
        pos.step(L.A_WILL)
        assert sum(1 for u in units(pos, 0).values() if u[1] == P) == want
        assert pos.s[L.WILLTOK] == 0


# ---- phases ---------------------------------------------------------------------------------
def test_upkeep_order_DG_PHASE_03(compiled):
    """DG-PHASE-03, DG-PHASE-04: Upkeep runs its three optional steps in order: counters advance
    first (Stillness rolled by The Murg ticks as the Murg turn begins, before any choice), then
    relic tokens may be spent, then the Will; once the Will is activated no relic may be spent
    in that Upkeep, and every step may be skipped."""
    sets = ["will.blessings=[0,0,0,0,0,0,0,0,0,0,0,0]"]
    pos = Pos("murg-huldra", [(0, P, "d4"), (0, K, "a1"), (1, Q, "h8")], cur=1, sets=sets)
    pos.s[L.STILL] = 2
    pos.s[L.STILL_SEAT] = 0
    pos.s[L.RELIC + 1] = 1
    pos.s[L.RELIC + 2] = 1
    pos.at(L.D_UPKEEP)
    finish_turn(pos.s, pos.p)  # Huldra's turn: not the roller's Upkeep, no tick
    assert pos.s[L.CUR] == 0 and pos.s[L.DEC] == L.D_UPKEEP
    assert pos.s[L.STILL] == 1  # already advanced when the first choice is offered
    assert pos.legal() == {L.A_SPEND + 1, L.A_SPEND + 2, L.A_WILL, L.A_DONE}
    pos.step(L.A_SPEND + 1)  # a relic, then the Will: in order
    assert pos.legal() == {L.A_SPEND + 2, L.A_WILL, L.A_DONE}
    pos.step(L.A_WILL)
    assert pos.legal() == {L.A_DONE}  # the Loop token can no longer be spent this Upkeep
    assert pos.s[L.RELIC + 2] == 1
    pos.step(L.A_DONE)
    assert pos.s[L.DEC] == L.D_INTENT


def test_every_phase_may_pass_DG_PHASE_02(compiled):
    """DG-PHASE-02: in any phase a player may take no action unless a rule requires one: from
    the real starting positions every clan plays whole turns doing nothing (no relic, no
    Will, a declared journey called off, no Morph, Hunt or Hex, no bone slotted): Haggedorn,
    the clan boards and the pools are unchanged and play passes on. Only setup choices (the
    Divine Quarry) are required."""
    for setup in ("hexen-wibo", "murg-ferrymen", "erde-huldra"):
        p = API.params(2, setup)
        s = API.new_state(p, seed=3)
        while s[L.DEC] == L.D_QUARRY:
            API.step(s, p, API.legal_actions(s, p)[0])
        board0 = s[L.BOARD:L.BOARD + 64].copy()
        for turn in range(4):
            seat = int(s[L.CUR])
            assert s[L.DEC] == L.D_UPKEEP
            finish_turn(s, p)
            assert s[L.CUR] == 1 - seat, setup
        assert np.array_equal(s[L.BOARD:L.BOARD + 64], board0), setup
        assert not s[L.SLOTS:L.SLOTS + 40].any() and list(s[L.POOL:L.POOL + 2]) == [6, 6]
        assert list(s[L.WILLTOK:L.WILLTOK + 2]) == [1, 1] and s[L.TURN] == 5


def test_hex_counters_tick_in_hexen_upkeep_DG_PHASE_04(compiled):
    """DG-PHASE-04: counters of a clan's multi-turn effects tick down by 1 in that clan's
    Upkeep only: a Witch's Ladder of 2 loses one counter at each Hexen turn start and none at
    the rival's, and resolves when the last goes."""
    pos = Pos("hexen-murg", [(0, Q, "a1"), (1, P, "e5"), (1, K, "h8")], cur=1)
    pos.s[L.LADDER + sq("e5")] = 2
    pos.at(L.D_UPKEEP)
    finish_turn(pos.s, pos.p)
    assert pos.s[L.CUR] == 0 and pos.s[L.LADDER + sq("e5")] == 1
    finish_turn(pos.s, pos.p)
    assert pos.s[L.CUR] == 1 and pos.s[L.LADDER + sq("e5")] == 1
    assert pos.unit("e5") == (1, P)
    finish_turn(pos.s, pos.p)
    assert pos.s[L.CUR] == 0 and pos.unit("e5") is None


def test_journey_declared_without_unit_DG_PHASE_11_TERM_37(compiled):
    """DG-PHASE-11, DG-TERM-37: a journey is declared without naming the unit; after the roll
    any able unit is chosen, and the journey moves it from one territory to another."""
    pos = Pos("murg-huldra", [(0, P, "d2"), (0, P, "e2"), (1, Q, "h8")])
    pos.at(L.D_INTENT)
    assert L.A_JOURNEY in pos.legal()
    pos.step(L.A_JOURNEY, roll=2)
    assert pos.s[L.DEC] == L.D_UNIT and pos.s[L.JPTS] == 2
    assert {"d2", "e2"} <= set(sqs(pos.legal()))
    pos.step(sq("e2"))
    pos.step(sq("e4"))
    assert pos.unit("e2") is None and pos.unit("e4") == (0, P) and pos.unit("d2") == (0, P)


def test_undeclared_roll_goes_to_journey_DG_PHASE_15(compiled):
    """DG-PHASE-15: a roll made without any declaration is applied to a journey: the clans
    that never declare (Ferrymen, Hexen) go from Upkeep straight to choosing the journeying
    unit with the rolled value; The Murg declare before any roll."""
    for setup, seat, faces in (("murg-ferrymen", 1, 6), ("hexen-murg", 0, 8)):
        pos = Pos(setup, [(seat, P, "d4"), (1 - seat, P, "a8" if seat == 0 else "a1")],
                  cur=seat)
        pos.at(L.D_UPKEEP)
        pos.step(L.A_DONE, roll=2, faces=faces)
        assert pos.s[L.ROLLS] == 1 and pos.s[L.DEC] == L.D_UNIT and pos.s[L.JPTS] == 2, setup
        assert L.A_DEED not in pos.legal() and sq("d4") in pos.legal()
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, Q, "h8")])
    pos.at(L.D_UPKEEP)
    pos.step(L.A_DONE)
    assert pos.s[L.DEC] == L.D_INTENT and pos.s[L.ROLLS] == 0


def test_huldra_roll_then_choose_DG_HUNT_17(compiled):
    """DG-HUNT-17: Huldra roll without declaring, yet the roll is not defaulted to a journey:
    journey, Hunt and Leap are all still open, and a Hunt may be chosen."""
    pos = Pos("murg-huldra", [(1, P, "d3"), (1, Q, "h8"), (1, R, "a8"), (0, P, "d1")], cur=1)
    pos.at(L.D_UPKEEP)
    pos.step(L.A_DONE, roll=2, faces=8)
    assert pos.s[L.DEC] == L.D_HULDRA and pos.s[L.ROLLS] == 1 and pos.s[L.ROLLV] == 2
    assert {L.A_JOURNEY, L.A_DEED, L.A_LEAP, L.A_DONE} <= pos.legal()
    pos.step(L.A_DEED)
    pos.step(sq("d3"))
    pos.step(sq("d1"))
    assert pos.unit("d1") is None and pos.unit("d3") == (1, P)


def test_row_filled_from_either_end_DG_PHASE_23(compiled):
    """DG-PHASE-23: a row's slots are filled from its left or its right end (never starting in
    the middle): both ends of an empty row take the bone, an inner slot only once it has become
    an end."""
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, Q, "h8")])
    pos.s[L.POOL] = 5
    pos.at(L.D_SLOT, HAND_V=4)
    row0 = {a - L.A_SLOT for a in pos.legal() if L.A_SLOT <= a < L.A_SLOT + 4}
    assert row0 == {0, 1}  # Iron Plating [E, E]: either end first
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, Q, "h8")],
              sets=["clans.murg.skills.iron_plating.slots=[20,20,20]"])
    pos.s[L.POOL] = 5
    pos.at(L.D_SLOT, HAND_V=4)
    row0 = {a - L.A_SLOT for a in pos.legal() if L.A_SLOT <= a < L.A_SLOT + 4}
    assert row0 == {0, 2}
    pos.step(L.A_SLOT + 2)  # from the right end
    assert pos.s[L.SLOTS + 2] == 4
    assert skills.slot_ok(pos.s, pos.p, 0, 0, 1, 6) and skills.slot_ok(pos.s, pos.p, 0, 0, 0, 6)


# ---- core rules -----------------------------------------------------------------------------
def test_one_unit_per_territory_DG_CORE_02(compiled):
    """DG-CORE-02: a unit enters an occupied territory only by a journey that allows it, an
    ability or a deed, and the action ends with one unit there: a Huldra pawn cannot end on a
    rival; a Ferrymen landing upon pushes the rival out; a Destroy removes the rival before the
    Murg unit moves in."""
    pos = Pos("murg-huldra", [(1, P, "d5"), (0, P, "d4")])
    assert "d4" not in pos.dests(1, "d5", 1)
    pos = Pos("murg-ferrymen", [(1, P, "d4"), (0, P, "d3"), (0, K, "a1"), (1, K, "h8")], cur=1)
    before = len(units(pos))
    pos.at(L.D_DEST, SEL=sq("d4"), JPTS=1)
    pos.step(sq("d3"))
    assert pos.s[L.DEC] == L.D_FLOW
    pos.step(L.A_DIR + 0)
    assert pos.unit("d3") == (1, P) and pos.unit("d2") == (0, P) and len(units(pos)) == before
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, P, "d5"), (1, Q, "h8")])
    pos.at(L.D_DEED_TGT, SEL=sq("d4"))
    pos.step(sq("d5"), roll=3)
    assert pos.unit("d5") == (0, P) and pos.unit("d4") is None and len(units(pos)) == 2


def test_rekindle_seat_full_DG_CORE_04(compiled):
    """DG-CORE-04: a unit rekindled to The Seat while every Seat territory is taken goes to a
    territory one rank above The Seat (each player's own Seat)."""
    sets = ["will.blessings=[1,1,1,1,1,1,1,1,1,1,1,1]"]
    full = [(0, R, f + "1") for f in "abcdefgh"]
    pos = Pos("murg-huldra", full + [(1, Q, "h6")], sets=sets)
    pos.s[L.GRAVE + P] = 1
    pos.s[L.GRAVE + 6 + P] = 1
    pos.at(L.D_UPKEEP)
    pos.step(L.A_WILL)
    mine = [n for n, u in units(pos, 0).items() if u[1] == P]
    assert len(mine) == 1 and mine[0][1] == "2"
    theirs = [n for n, u in units(pos, 1).items() if u[1] == P]
    assert len(theirs) == 1 and theirs[0][1] == "8"  # the rival's Seat had room


def test_golden_rule_ability_over_exactitude_DG_CORE_14(compiled):
    """DG-CORE-14: a unit's ability overrides the general rule: exactitude makes a Wibo pawn's
    roll of 3 an exact 3, but the Wibo queen's Deep Roots moves her 1 whatever the roll, and
    the Murg king (less-or-equal icon) may stop short."""
    pos = Pos("wibo-murg", [(0, P, "d4"), (0, Q, "e1"), (1, K, "h8")])
    assert all(board.cheb(sq(x), sq("d4")) == 3 for x in pos.dests(0, "d4", 3))
    assert pos.dests(0, "e1", 3) and all(board.cheb(sq(x), sq("e1")) == 1
                                         for x in pos.dests(0, "e1", 3))
    pos = Pos("murg-huldra", [(0, K, "d4"), (1, Q, "h8")])
    assert {1, 2, 3} == {board.cheb(sq(x), sq("d4")) for x in pos.dests(0, "d4", 3)}


# ---- Haggedorn's Will -----------------------------------------------------------------------
def test_will_rival_resolves_first_DG_WILL_08_TERM_35(compiled):
    """DG-WILL-08, DG-TERM-35: the Will acts on all of Haggedorn (both players rekindle), and
    the rival resolves first: with one free territory left, it goes to the rival's pawn and
    the roller's rekindle finds no room."""
    sets = ["will.blessings=[1,1,1,1,1,1,1,1,1,1,1,1]"]
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, Q, "h6")], sets=sets)
    pos.s[L.GRAVE + P] = 1
    pos.s[L.GRAVE + 6 + P] = 1
    pos.at(L.D_UPKEEP)
    pos.step(L.A_WILL)
    assert pos.s[L.GRAVE + P] == 0 and pos.s[L.GRAVE + 6 + P] == 0
    for roller in (0, 1):
        fill = [(i % 2, R, n) for i, n in enumerate(
            f + r for r in "12345678" for f in "abcdefgh") if n != "d4"]
        pos = Pos("murg-huldra", fill, cur=roller, sets=sets)
        pos.s[L.GRAVE + P] = 1
        pos.s[L.GRAVE + 6 + P] = 1
        pos.at(L.D_UPKEEP)
        pos.step(L.A_WILL)
        assert pos.unit("d4") == (1 - roller, P)
        assert pos.s[L.GRAVE + roller * 6 + P] == 1 and pos.s[L.GRAVE + (1 - roller) * 6 + P] == 0


def test_lasting_will_result_DG_WILL_09(compiled):
    """DG-WILL-09: a result lasting the rest of the game stays marked active (the deed modifier
    of 'deed rolls need 1 less'): it is unchanged after several rounds and a Destroy then
    succeeds on a 2, where without it a 2 fails."""
    sets = ["will.blessings=[7,7,7,7,7,7,7,7,7,7,7,7]"]
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, P, "d5"), (1, Q, "h8"), (0, K, "a1")],
              sets=sets)
    pos.at(L.D_UPKEEP)
    pos.step(L.A_WILL)
    assert pos.s[L.DEEDMOD] == -1
    pos.step(L.A_DONE)
    pos.step(L.A_JOURNEY)
    finish_turn(pos.s, pos.p)
    for _ in range(3):
        finish_turn(pos.s, pos.p)
        assert pos.s[L.DEEDMOD] == -1
    assert pos.s[L.CUR] == 0 and pos.s[L.DEC] == L.D_UPKEEP
    pos.step(L.A_DONE)
    pos.step(L.A_DEED)
    pos.step(sq("d4"))
    pos.step(sq("d5"), roll=2)
    assert pos.unit("d5") == (0, P)
    pos2 = Pos("murg-huldra", [(0, P, "d4"), (1, P, "d5"), (1, Q, "h8")])
    pos2.at(L.D_DEED_TGT, SEL=sq("d4"))
    pos2.step(sq("d5"), roll=2)
    assert pos2.unit("d5") == (1, P)


def test_stillness_counter_DG_WILL_10(compiled):
    """DG-WILL-10: a Will result lasting several rounds (Stillness: no unit can be vanquished)
    is tracked by a counter that ticks down in the roller's Upkeep and ends at 0."""
    rounds = API.rules()["will.stillness_rounds"]
    sets = ["will.blessings=[6,6,6,6,6,6,6,6,6,6,6,6]"]
    pos = Pos("murg-huldra", [(0, P, "d4"), (1, P, "d5"), (1, Q, "h8"), (0, K, "a1")],
              sets=sets)
    pos.at(L.D_UPKEEP)
    pos.step(L.A_WILL)
    assert pos.s[L.STILL] == rounds and pos.s[L.STILL_SEAT] == 0
    assert board.invulnerable(pos.s, pos.p, sq("d5"), 0)
    left = rounds
    while left > 0:
        finish_turn(pos.s, pos.p)
        assert pos.s[L.CUR] == 1 and pos.s[L.STILL] == left  # the rival's Upkeep: no tick
        finish_turn(pos.s, pos.p)
        left -= 1
        assert pos.s[L.CUR] == 0 and pos.s[L.STILL] == left
    assert not board.invulnerable(pos.s, pos.p, sq("d5"), 0)


# ---- terminology ----------------------------------------------------------------------------
def test_seat_means_acting_players_DG_TERM_08(compiled):
    """DG-TERM-08: 'The Seat' in a skill or path means the acting player's Seat: Wibo in the
    second seat win with 6 pawns on the 8th rank (their Seat), not on the 1st (their Range)."""
    for rank, wins in (("8", True), ("1", False)):
        pos = Pos("hexen-wibo", [(1, P, f + rank) for f in "abcdef"] + [(0, Q, "h4")], cur=1)
        pos.at(L.D_UNIT, JPTS=1)
        pos.step(L.A_DONE)
        assert (pos.s[L.WINNER] == 1) == wins


def test_graveyard_conservation_DG_TERM_24(compiled):
    """DG-TERM-24: the graveyard holds the unused and the vanquished units: in random legal
    play every unit of each clan and type is always either in Haggedorn or in the graveyard
    (the chess-set maximum in all), and vanquishes move units there."""
    rng = np.random.default_rng(5)
    vanquished = 0
    for g, setup in enumerate(("murg-huldra", "wibo-erde", "hexen-ferrymen")):
        p = API.params(2, setup)
        s = API.new_state(p, seed=g)
        steps = 0
        while not API.is_terminal(s, p) and steps < 1500:
            legal = API.legal_actions(s, p)
            engine.step(s, p, np.int64(legal[rng.integers(len(legal))]), new_rng(g, 1, steps))
            steps += 1
            cells = np.concatenate([s[L.BOARD:L.BOARD + 64], s[L.LIMBO:L.LIMBO + 12:6]])
            on = np.bincount(cells, minlength=13)[1:]  # a unit being placed counts as on
            assert np.array_equal(on + s[L.GRAVE:L.GRAVE + 12], p[L.P_MAXU:L.P_MAXU + 12]), \
                (setup, steps)
        vanquished += int(s[L.VANQ] + s[L.VANQ + 1])
    assert vanquished > 0


def test_retreat_toward_own_seat_DG_TERM_39(compiled):
    """DG-TERM-39: a retreat moves back toward the player's own Seat: down the board for the
    first seat, up it for the second."""
    out = np.zeros(80, np.int32)
    for setup, seat, want in (("wibo-murg", 0, ["c4", "d4", "e4"]),
                              ("hexen-wibo", 1, ["c6", "d6", "e6"])):
        pos = Pos(setup, [(seat, P, "d5")])
        n = moves.retreat_gen(pos.s, pos.p, seat, sq("d5"), 1, False, out, 0, True)
        assert names(out[:n]) == want
        assert all(board.rel_rank(int(x), seat) < board.rel_rank(sq("d5"), seat)
                   for x in out[:n])


def test_round_is_two_turns_DG_TERM_43(compiled):
    """DG-TERM-43: a round is two consecutive turns, one by each player: the rounds column
    counts ceil(turns / 2)."""
    p = API.params(2, "murg-huldra")
    s = API.new_state(p, seed=2)
    for turns in range(1, 9):
        assert s[L.TURN] == turns
        assert API.info(s, p)["rounds"] == (turns + 1) // 2
        assert s[L.CUR] == (turns - 1) % 2
        finish_turn(s, p)


def test_rival_is_the_one_opponent_DG_TERM_44(compiled):
    """DG-TERM-44: the game has two players, you and your rival: a three-player table is
    refused, and a skill naming 'rival unit' (Sink, own units excluded) offers only the other
    seat's vanquishable units."""
    with pytest.raises(BadInput):
        API.params(3, "murg-erde")
    from test_darkleaf_skills import acquire
    pos = Pos("murg-erde", [(0, P, "c5"), (0, R, "a1"), (0, K, "e1"), (1, P, "d4"),
                            (1, K, "e8")], cur=1, sets=["erde.sink_own=0"])
    acquire(pos, 1, 3)
    assert sqs(pos.legal()) == ["c5", "e1"]


def test_ability_belongs_to_unit_type_DG_TERM_28(compiled):
    """DG-TERM-28: an ability belongs to one unit type: with the same two rivals adjacent, the
    Murg knight's Target Lock asks for a second target, a Murg pawn's Destroy takes one."""
    for t, two in ((N, True), (P, False)):
        pos = Pos("murg-huldra", [(0, t, "d4"), (1, P, "d5"), (1, P, "e5"), (1, Q, "h8")])
        pos.at(L.D_DEED_TGT, SEL=sq("d4"))
        pos.step(sq("d5"), roll=4)
        assert (pos.s[L.DEC] == L.D_DEED_TGT2) == two
        if not two:
            assert pos.unit("d5") == (0, P) and pos.unit("e5") == (1, P)


def test_trait_is_clan_wide_DG_TERM_29(compiled):
    """DG-TERM-29: a trait benefits the clan's units whatever their type: one Erde roll splits
    between a rook and a knight; a Murg roll moves a single unit."""
    pos = Pos("murg-erde", [(1, R, "a8"), (1, N, "h8"), (1, K, "e8"), (0, K, "e1")], cur=1)
    pos.at(L.D_INTENT)
    pos.step(L.A_JOURNEY, roll=3, faces=8)
    pos.step(sq("a8"))
    pos.step(sq("a7"))
    assert pos.s[L.DEC] == L.D_UNIT and pos.s[L.JPTS] == 2
    pos.step(sq("h8"))
    pos.step(sq("h6"))
    assert pos.unit("a7") == (1, R) and pos.unit("h6") == (1, N)
    pos = Pos("murg-huldra", [(0, R, "a1"), (0, N, "h1"), (1, Q, "e8")])
    pos.at(L.D_INTENT)
    pos.step(L.A_JOURNEY, roll=3)
    pos.step(sq("a1"))
    pos.step(sq("a4"))
    assert pos.s[L.DEC] != L.D_UNIT and pos.unit("h1") == (0, N)


def test_deed_is_clan_specific_DG_TERM_36(compiled):
    """DG-TERM-36: the deed is the clan's own action: on the same centre position a Murg
    pawn's deed targets the adjacent rival (Destroy), an Erde pawn's claims its own territory
    (Reclaim) and leaves the rival alone."""
    pos = Pos("murg-erde", [(0, P, "d4"), (1, P, "e5"), (0, K, "a1"), (1, K, "h8")])
    pos.at(L.D_INTENT)
    pos.step(L.A_DEED)
    assert sqs(pos.legal()) == ["d4"]
    pos.step(sq("d4"))
    assert pos.s[L.DEC] == L.D_DEED_TGT and sqs(pos.legal()) == ["e5"]
    pos = Pos("murg-erde", [(0, P, "d4"), (1, P, "e5"), (0, K, "a1"), (1, K, "h8")], cur=1)
    pos.at(L.D_INTENT)
    pos.step(L.A_DEED)
    assert sqs(pos.legal()) == ["e5"]
    pos.step(sq("e5"), roll=6, faces=8)
    assert pos.s[L.RECL] == board.center_bit(sq("e5")) and pos.unit("d4") == (0, P)
