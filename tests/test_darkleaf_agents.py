"""Darkleaf Gambit players: the position value (``engine.evaluate``) and the scripted blunder
fixes.  Each fix test builds a position where a pre-fix player took the blunder and checks the
improved ``default`` persona does not.  The frozen persona ``legacy`` is the player from before
the latest round of fixes, so only the latest round's tests assert that it blunders (what each
test would fail on with the old code); earlier rounds were checked against their own old code."""
import numpy as np
import pytest

from agents.scripted import darkleaf as S
from agents.scripted import persona_player
from simcore.darkleaf import API, SPEC, engine
from simcore.darkleaf import layout as L
from simcore.rng import new_rng

P, N, B, R, Q, K = L.PAWN, L.KNIGHT, L.SAGE, L.ROOK, L.QUEEN, L.KING
NEW = 0
OLD = SPEC.frozen_persona  # the pre-fix player


def sq(name):
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def pos(setup, units, cur=0, sets=()):
    p = API.params(2, setup, API.rules(sets=list(sets)) if sets else None)
    s = API.new_state(p, seed=1)
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
    s[L.ROUND] = 3
    s[L.END] = 0
    for k in (L.SEL, L.SEL2, L.TGT, L.TGT2, L.JUNIT, L.JDIR, L.PEND):
        s[k] = -1
    s[L.ROLLS] = 0
    s[L.HAND_V] = 0
    s[L.TFLAGS] = 0
    return s, p


def legal(s, p):
    return API.legal_actions(s, p).astype(np.int32)


def act(s, p, persona, seed=0):
    lg = np.zeros(L.NUM_ACTIONS, np.int32)
    n = engine.legal_actions(s, p, lg)
    return int(persona_player("darkleaf", persona)(s.copy(), p, persona, new_rng(seed), lg, n))


# ---- evaluate -------------------------------------------------------------------------------
def test_evaluate_orders_winning_and_losing_positions():
    s, p = pos("murg-huldra", [(0, K, "e1"), (0, R, "a1"), (1, Q, "d8"), (1, R, "e8")])
    out = np.zeros(2)
    # Huldra (seat 1) two marks from winning, The Murg far away: Huldra leads
    s[L.MARKS + 0] = 2
    engine.evaluate(s, p, out)
    assert 0.0 <= out[0] <= 1.0 and 0.0 <= out[1] <= 1.0
    assert out[1] > 0.75 and abs(out.sum() - 1.0) < 1e-9
    # the mirror: a Murg pawn beside the Huldra queen with an Assassin sage, no marks
    s[L.MARKS + 0] = 0
    s[L.BOARD + sq("d7")] = 1 + 0 * 6 + P
    s[L.BOARD + sq("c4")] = 1 + 0 * 6 + B
    s[L.AURA + sq("c4")] = L.AU_ASSASSIN
    engine.evaluate(s, p, out)
    assert out[0] > 0.75
    # a finished game: the returns
    s[L.END] = L.END_VICTORY
    s[L.WINNER] = 1
    engine.evaluate(s, p, out)
    assert tuple(out) == (0.0, 1.0)


def test_evaluate_in_range_over_random_play():
    p = API.params(2, "hexen-wibo")
    s = API.new_state(p, seed=3)
    rng = new_rng(5)
    out = np.zeros(2)
    lg = np.zeros(L.NUM_ACTIONS, np.int32)
    for _ in range(400):
        if s[L.END]:
            break
        engine.evaluate(s, p, out)
        assert 0.0 <= out[0] <= 1.0 and abs(out.sum() - 1.0) < 1e-9
        n = engine.legal_actions(s, p, lg)
        engine.step(s, p, int(lg[int(rng[0] % np.uint64(n))]), rng)
        rng[0] += np.uint64(1)


def test_evaluate_damped_near_turn_cap():
    s, p = pos("murg-huldra", [(0, K, "e1"), (1, Q, "d8")])
    s[L.MARKS + 0] = 2
    out = np.zeros(2)
    engine.evaluate(s, p, out)
    far = out[1]
    s[L.ROUND] = p[L.P_ROUND_CAP]
    engine.evaluate(s, p, out)
    assert 0.5 < out[1] < far


# ---- blunder fixes --------------------------------------------------------------------------
def test_fix_hexen_quarry_never_a_wibo_pawn():
    """Hexen against Wibo: the rulebook warns against a Quarry that can become invulnerable
    (a Wibo pawn); the old player took a pawn."""
    p = API.params(2, "hexen-wibo")
    s = API.new_state(p, seed=1)
    assert s[L.DEC] == L.D_QUARRY
    new = act(s, p, NEW)
    assert s[L.BOARD + new] in (1 + 6 + N, 1 + 6 + B)


def test_fix_hexen_quarry_not_an_erde_sage_or_murg_pawn():
    for setup, bad in (("hexen-erde", B), ("hexen-murg", P)):
        p = API.params(2, setup)
        s = API.new_state(p, seed=1)
        for _ in range(2):
            a = act(s, p, NEW)
            assert (int(s[L.BOARD + a]) - 1) % 6 != bad
            engine.step(s, p, a, new_rng(0))


def test_fix_hexen_casts_a_hex_at_the_relic_cap():
    """Poison Garden tokens at the cap (the row cannot pay out again): cast one rather than
    hoard; the old player declined."""
    s, p = pos("hexen-huldra", [(0, Q, "d1"), (0, R, "e1"), (0, P, "d4"), (1, Q, "d8"),
                                (1, P, "e6"), (1, N, "b8")])
    s[L.AURA + sq("b8")] = L.AU_QUARRY
    s[L.QLEFT] = 1
    s[L.RELIC + 0] = p[L.P_RELCAP + 0]
    s[L.DEC] = L.D_HEX
    s[L.JUNIT] = sq("d4")
    s[L.TFLAGS] = L.TF_JOURNEYED
    s[L.AUX] = 0
    lg = set(legal(s, p).tolist())
    assert L.A_SPEND + 0 in lg and L.A_DONE in lg
    assert act(s, p, NEW) == L.A_SPEND + 0


def at_destination(s, unit, pts, intent):
    """Ask where the Wibo unit on ``unit`` journeys (D_DEST) with a roll worth ``pts``, on a
    turn declared as ``intent`` (I_JOURNEY, or I_DEED for a declared Morph)."""
    s[L.DEC] = L.D_DEST
    s[L.SEL] = sq(unit)
    s[L.JUNIT] = sq(unit)
    s[L.JPTS] = pts
    s[L.INTENT] = intent


def test_fix_wibo_does_not_journey_beside_a_rival():
    """A declared journey: ending beside a rival gives no Morph (running start), so it is not
    sought; the old player valued it."""
    s, p = pos("wibo-murg", [(0, Q, "a1"), (0, R, "b1"), (0, N, "d4"), (1, K, "h8"),
                             (1, P, "d6")])
    at_destination(s, "d4", 1, L.I_JOURNEY)
    lg = set(legal(s, p).tolist())
    assert sq("d5") in lg
    assert act(s, p, NEW) != sq("d5")


def test_fix_wibo_declared_morph_still_ends_beside_its_target():
    s, p = pos("wibo-murg", [(0, Q, "a1"), (0, R, "b1"), (0, N, "d3"), (1, K, "h8"),
                             (1, P, "d6")])
    at_destination(s, "d3", 2, L.I_DEED)
    s[L.TGT] = sq("d6")
    assert sq("d5") in set(legal(s, p).tolist())
    assert act(s, p, NEW) == sq("d5")


def test_fix_wibo_queen_keeps_away_from_rival_units():
    """The queen is the royal the rival hunts (a Huldra Hunt or a Murg Destroy strikes from
    beside her): her journey goes home, away from the rival knight; the old player walked
    her beside it (f4, beside g5), as the replays showed (f3 -> g4 toward Huldra)."""
    s, p = pos("wibo-huldra", [(0, Q, "e3"), (0, R, "a1"), (1, Q, "d8"), (1, N, "g5")])
    at_destination(s, "e3", 3, L.I_JOURNEY)
    lg = set(legal(s, p).tolist())
    assert {sq("f4"), sq("e2"), sq("d2"), sq("f2")} <= lg  # Deep Roots: one territory
    new = act(s, p, NEW)
    assert new in (sq("d2"), sq("e2"), sq("f2"))  # rank 2 -> 1, out of the knight's reach


def test_fix_wibo_morphs_the_unit_that_threatens_its_queen():
    """A Murg pawn stands beside the Wibo queen (a Destroy each turn); a sage two territories
    from a Wibo pawn is worth more by material (a Murg rook on h6 keeps the king out of the
    knight's reach).  The declared Morph goes for the queen's attacker; the pre-fix pick,
    worth minus distance, was the pawn on a3 for the sage."""
    s, p = pos("wibo-murg", [(0, Q, "d1"), (0, N, "h2"), (0, P, "a3"), (1, K, "h8"),
                             (1, R, "h6"), (1, P, "e2"), (1, B, "a5")])
    s[L.DEC] = L.D_DEED_UNIT
    s[L.INTENT] = L.I_DEED
    assert set(legal(s, p).tolist()) == {sq("h2"), sq("a3")}
    assert act(s, p, NEW) == sq("h2")


def test_fix_wibo_with_six_pawns_walks_home_instead_of_morphing():
    """The Wibo Path to Victory is six pawns in The Seat.  Six pawns owned, five in The Seat:
    the sixth walks home (journey).  An Erde pawn three territories from the Wibo knight is
    a Morph the player declares with five pawns; with six the pre-fix player declared it
    too (the replays showed six pawns and Morph after Morph until the rival won).  The Erde
    king is immune to Morph (Thick Skin), so it is no target."""
    units = [(0, Q, "h2"), (0, R, "g2"), (0, N, "d3"), (0, P, "e4"), (1, K, "h8"),
             (1, P, "c6")] + [(0, P, f + "1") for f in "abcde"]
    s, p = pos("wibo-erde", units)
    assert int(p[L.P_WIBO_SEAT]) == 6
    s[L.DEC] = L.D_INTENT
    assert {L.A_DEED, L.A_JOURNEY} <= set(legal(s, p).tolist())
    assert act(s, p, NEW) == L.A_JOURNEY
    s[L.BOARD + sq("e4")] = 0   # five pawns: a Morph is still the way to the sixth
    assert act(s, p, NEW) == L.A_DEED


def test_wibo_value_counts_a_morph_above_walking_the_first_pawns_home():
    """The Wibo need six pawns in The Seat and start with three, so the position
    value (the search's evaluation at its depth cap) ranks a fourth pawn (a Morph won) above
    the three starting pawns walked into The Seat.  The old value made the three in The Seat
    half a win (0.5 progress) and the search walked them home while its queen's guard opened."""
    base = [(0, Q, "d1"), (0, R, "e1"), (1, K, "e8"), (1, P, "a7")]
    out = np.zeros(2)
    s, p = pos("wibo-murg", base + [(0, P, "a1"), (0, P, "b1"), (0, P, "c1")])
    engine.evaluate(s, p, out)
    home = out[0]
    s, p = pos("wibo-murg", base + [(0, P, "a2"), (0, P, "b2"), (0, P, "c2"), (0, P, "f2")])
    engine.evaluate(s, p, out)
    morphed = out[0]
    assert morphed > home > 0.5


def test_wibo_value_counts_morphs_from_the_rules_starting_army():
    """Pawns owned count from the starting army in the rules (``clans.wibo.start``, whose
    sensitivity alternatives start with four or five pawns), not from a fixed three."""
    from simcore.darkleaf.value import progress

    five = "clans.wibo.start=[4, 3, 3, 4, 1, 1, 2, 5, 0, 9, 0, 10, 0, 11, 0, 12, 0, 13]"
    far = [(0, Q, "d1"), (1, K, "e8")] + [(0, P, f + "8") for f in "abcde"]  # no pawn home
    s, p = pos("wibo-murg", far)
    assert progress(s, p, 0) == pytest.approx(0.6 * 2 / 6)   # two Morphs won from three
    s, p = pos("wibo-murg", far, sets=[five])
    assert progress(s, p, 0) == pytest.approx(0.0)           # five pawns were there at the start


def test_wibo_land_share_counts_the_rolls_that_end_beside_the_target():
    """The share of bone faces whose exact journey ends beside the target, counted by hand:
    from g3 toward the pawn on e2, a 1 lands on f2 (diagonal) and a 2 on e3 (left) or e1
    (diagonal); no other roll ends beside e2.  Beside means orthogonally adjacent."""
    s, p = pos("wibo-murg", [(0, Q, "a1"), (0, N, "g3"), (1, K, "h8"), (1, P, "e2")])
    faces = int(p[L.P_FACES + 0])
    dests = np.empty(L.NUM_ACTIONS, np.int32)
    assert S._land_share(s, p, 0, sq("g3"), sq("e2"), dests) == pytest.approx(2 / faces)
    # a unit of ours on f2 blocks that diagonal: only the 2 to e3 is left
    s[L.BOARD + sq("f2")] = 1 + P
    assert S._land_share(s, p, 0, sq("g3"), sq("e2"), dests) == pytest.approx(1 / faces)


def test_fix_wibo_spores_moves_an_own_pawn_not_a_rival():
    """Hallucinogenic Spores: the old player could relocate a rival pawn into the Wibo lines;
    the new one sends its own pawn toward The Seat."""
    s, p = pos("wibo-murg", [(0, Q, "a1"), (0, R, "b1"), (0, P, "d5"), (0, N, "c2"),
                             (1, K, "h8"), (1, P, "g6")])
    s[L.DEC] = L.D_PICK
    s[L.PEND] = 0
    s[L.PSTEP] = 0
    lg = set(legal(s, p).tolist())
    assert {sq("d5"), sq("g6")} <= lg
    new = act(s, p, NEW)
    assert new == sq("d5")

def test_fix_huldra_no_bone_in_a_dead_long_bow_row():
    """No Huldra pawn left: Long Bow has no target, a bone slotted there only comes back; the
    old player parked one there."""
    s, p = pos("murg-huldra", [(1, Q, "d8"), (1, R, "e8"), (1, N, "b8"), (0, K, "e1")], cur=1)
    s[L.DEC] = L.D_SLOT
    s[L.HAND_V] = 4
    lg = set(legal(s, p).tolist())
    assert L.A_SLOT + 0 in lg
    new = act(s, p, NEW)
    assert not (L.A_SLOT <= new < L.A_SLOT + 4)


def test_fix_murg_no_deed_that_cannot_succeed():
    """Predictive Model showed a 4: the only target is the royal (needs 6); the old player
    declared the Destroy anyway."""
    s, p = pos("murg-huldra", [(0, K, "e1"), (0, R, "a1"), (0, P, "d7"), (0, N, "b3"),
                               (1, Q, "d8"), (1, R, "h8")])
    s[L.DEC] = L.D_INTENT
    s[L.ROLLS] = 1
    s[L.ROLLV] = 4
    s[L.HAND_V] = 4
    s[L.TFLAGS] = L.TF_PREDICT
    lg = set(legal(s, p).tolist())
    assert L.A_DEED in lg and L.A_JOURNEY in lg
    assert act(s, p, NEW) != L.A_DEED


def test_fix_murg_no_deed_on_a_lone_pawn_only():
    """Unknown roll, the only target a rival pawn: the old player always declared; the new one
    journeys toward the royal instead (and still declares on the royal)."""
    s, p = pos("murg-huldra", [(0, K, "e1"), (0, R, "a1"), (0, P, "d4"), (1, Q, "d8"),
                               (1, R, "h8"), (1, P, "d5")])
    s[L.DEC] = L.D_INTENT
    assert L.A_DEED in set(legal(s, p).tolist())
    assert act(s, p, NEW) == L.A_JOURNEY
    s[L.BOARD + sq("d5")] = 0
    s[L.BOARD + sq("d4")] = 0
    s[L.BOARD + sq("d7")] = 1 + P
    assert act(s, p, NEW) == L.A_DEED


def test_fix_will_not_used_blindly():
    """Blessings from round 6: with the rival's graveyard full and none of the roller's units
    lost, the Will's rekindles help only the rival; the old player activated it anyway."""
    s, p = pos("murg-huldra", [(1, Q, "d8"), (1, R, "e8"), (1, P, "a7"), (1, P, "b7"),
                               (1, N, "b8"), (0, K, "e1")], cur=1)
    for t in range(6):
        s[L.GRAVE + 6 + t] = 0
    s[L.GRAVE + 0 + P] = 6
    s[L.GRAVE + 0 + N] = 2
    s[L.ROUND] = 8
    s[L.DEC] = L.D_UPKEEP
    s[L.WILLTOK + 1] = 1
    for r in range(5):
        s[L.RELIC + 5 + r] = p[L.P_RELCAP + 5 + r]
    lg = set(legal(s, p).tolist())
    assert L.A_WILL in lg and L.A_DONE in lg
    assert act(s, p, NEW) == L.A_DONE


@pytest.mark.parametrize("persona", ["default", "legacy"])
def test_personas_play_whole_games(persona):
    from agents.play import decide  # noqa: F401  (import check only)
    assert persona in SPEC.personas
    assert SPEC.personas[-1] == "legacy"


# ---- issue #33: each test asserts the frozen player's blunder as well ------------------------
# The frozen player's moves are played as written in pure Python (NUMBA_DISABLE_JIT=1, in a
# subprocess: the legacy_moves fixture): compiled, the frozen darkleaf player cost the suite
# 54 s of compiling, for three decisions that run in under a second as Python.
def _guard_pos():
    """Against the Ferrymen a Flow from e2 pushes the Wibo queen on d1 off Haggedorn's edge;
    a Ferrymen pawn stands two territories from e2."""
    return pos("wibo-ferrymen", [(0, Q, "d1"), (0, R, "e1"), (0, N, "d2"), (0, B, "c2"),
                                 (0, P, "h4"), (1, K, "h8"), (1, P, "d4")])


def _garden_pos():
    """Hexen against Wibo (Wibo the second seat, home on rank 8): a Poison Garden on d7, the
    Wibo pawn on d5 to journey 1."""
    s, p = pos("hexen-wibo", [(0, Q, "e1"), (0, R, "a1"), (1, Q, "a8"), (1, R, "h8"),
                              (1, P, "d5")], cur=1)
    s[L.PG + sq("d7")] = 2
    at = sq("d5")
    s[L.DEC] = L.D_DEST
    s[L.SEL] = at
    s[L.JUNIT] = at
    s[L.JPTS] = 1
    s[L.INTENT] = L.I_JOURNEY
    return s, p


def _seat_pos():
    """A Hexen pawn on f3 whose roll points straight back toward its Seat, the Quarry on a6."""
    s, p = pos("hexen-wibo", [(0, Q, "e1"), (0, R, "h1"), (0, P, "f3"), (1, Q, "d8"),
                              (1, N, "a6")])
    s[L.AURA + sq("a6")] = L.AU_QUARRY
    for r in range(5):
        s[L.RELIC + r] = 0
    at = sq("f3")
    s[L.DEC] = L.D_DEST
    s[L.SEL] = at
    s[L.JUNIT] = at
    s[L.INTENT] = L.I_JOURNEY
    s[L.JPTS] = 5   # direction 5: straight back
    return s, p


#: case -> the move a persona makes there (a journey: [unit, destination])
CASES = {
    "guard": lambda persona: list(journey(*_guard_pos(), persona, 1)),
    "garden": lambda persona: act(*_garden_pos(), persona),
    "seat": lambda persona: act(*_seat_pos(), persona),
}


@pytest.fixture(scope="module")
def legacy_moves():
    """The frozen player's move in each of CASES, played in pure Python."""
    import json
    import os
    import subprocess
    import sys

    code = ("import json, warnings; warnings.simplefilter('ignore');"
            "from tests.test_darkleaf_agents import CASES, OLD;"
            "print(json.dumps({k: f(OLD) for k, f in CASES.items()}))")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root,
                         env={**os.environ, "NUMBA_DISABLE_JIT": "1"}, timeout=300)
    assert out.returncode == 0, out.stderr[-800:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_fix_wibo_closes_the_push_off_territory_beside_its_queen(legacy_moves):
    """Mistake: Wibo leaves the squares next to its queen open (the queen's danger was scored
    only on the queen's own journeys).  In _guard_pos, with a roll of 1 the old player walked
    its free pawn a rank toward home (h4 -> g3); the new one closes e2 with its rook (the
    guard is scored for every unit's journey)."""
    assert legacy_moves["guard"] == [sq("h4"), sq("g3")]
    assert CASES["guard"](NEW) == [sq("e1"), sq("e2")]


def test_fix_wibo_keeps_clear_of_a_poison_garden(legacy_moves):
    """Mistake: Wibo ignores Hexes.  A Poison Garden on d7 vanquishes every rival unit on or
    beside it when it resolves.  The old player walked its pawn toward home onto d6, beside
    the Garden; the new one keeps off every territory beside it."""
    lg = set(legal(*_garden_pos()).tolist())
    assert sq("d6") in lg and sq("c5") in lg and sq("e5") in lg

    def beside_garden(x):
        return max(abs(x // 8 - 6), abs(x % 8 - 3)) <= 1

    assert legacy_moves["garden"] == sq("d6")
    assert not beside_garden(CASES["garden"](NEW))


def test_fix_wibo_hex_hazard_counts_gardens_and_ladders():
    """The Hexes' reach on a Wibo unit, counted by hand: a Garden on or beside it (8; d6 is
    beside d5 and e5), a Garden beside the queen (30; c8, while d6 is two off d8), an own
    unit beside one under a Witch's Ladder (2 each way: d5 and e5); none for the rook or a
    pawn diagonal to it (Biotic Refuge)."""
    s, p = pos("hexen-wibo", [(0, Q, "e1"), (0, R, "a1"), (1, Q, "d8"), (1, R, "h8"),
                              (1, P, "d5"), (1, P, "e5"), (1, N, "b5"), (1, P, "g7")], cur=1)
    s[L.PG + sq("d6")] = 2
    s[L.PG + sq("c8")] = 1
    s[L.LADDER + sq("e5")] = 2
    lad = np.int32(0)
    assert S._hex_hazard(s, p, 1, sq("d5"), lad == 1) == pytest.approx(8.0 + 2.0)
    assert S._hex_hazard(s, p, 1, sq("e5"), lad == 0) == pytest.approx(8.0 + 2.0)
    assert S._hex_hazard(s, p, 1, sq("d8"), lad == 1) == pytest.approx(30.0)
    assert S._hex_hazard(s, p, 1, sq("h8"), lad == 1) == 0.0
    assert S._hex_hazard(s, p, 1, sq("g7"), lad == 1) == 0.0


def test_fix_hexen_caster_does_not_journey_back_into_its_seat(legacy_moves):
    """Mistake: a Hexen pawn journeys back into its own Seat.  f2 and f1 are as far from the
    Quarry by Chebyshev distance, so the old player took the Seat (f1) on its tie-break; the
    new one measures the Manhattan distance as well and stops on f2."""
    assert set(legal(*_seat_pos()).tolist()) == {sq("f2"), sq("f1")}
    assert legacy_moves["seat"] == sq("f1")
    assert CASES["seat"](NEW) == sq("f2")


def journey(s, p, persona, pts):
    """The (unit, destination) the player picks for a plain journey worth ``pts``."""
    s = s.copy()
    s[L.DEC] = L.D_UNIT
    s[L.JPTS] = pts
    s[L.INTENT] = L.I_JOURNEY
    u = act(s, p, persona)
    assert 0 <= u < 64, u
    engine.step(s, p, u, new_rng(0))
    assert s[L.DEC] == L.D_DEST
    return u, act(s, p, persona)
