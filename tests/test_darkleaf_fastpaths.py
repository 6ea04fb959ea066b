"""Darkleaf's fast legal-action paths give the answers of the general generators.

D_UNIT asks every own unit whether it has any destination; for a Hexen unit and a plain
unit (``moves.plain_unit``) it calls the inlined ``hexen_any``/``plain_any`` instead of
``journey_gen``, and the unit loops walk ``board.own_mask``.  Over random games in all
fifteen clan pairings, at every D_UNIT decision, each own unit's fast answer equals
``journey_gen(..., ANY_DEST)``, the own mask equals a scan of the board, and the Witch's
Ladder target mask (``ladder_targets`` on ``DIAGONALS``) agrees with ``ladder_gen`` from
every square.
"""
import numpy as np
import pytest
from numba import njit

from simcore.darkleaf import API, SPEC
from simcore.darkleaf import engine as E
from simcore.darkleaf import layout as L
from simcore.darkleaf.board import cell_seat, cell_type, clan_of, orth_ring, own_mask
from simcore.darkleaf.moves import (
    ANY_DEST, DIAGONALS, hexen_any, journey_gen, ladder_gen, ladder_targets, plain_any,
    plain_unit,
)
from simcore.rng import randint, seed_rng


@njit(cache=True)
def _play_and_check(p, games, seed):
    """(units compared on a fast path, disagreements, mask mismatches) over ``games``
    random games."""
    st = np.zeros(L.STATE_SIZE, np.int32)
    legal = np.zeros(L.NUM_ACTIONS + 1, np.int32)
    crng = np.zeros(2, np.uint64)
    arng = np.zeros(2, np.uint64)
    compared = 0
    bad = 0
    bad_mask = 0
    for g in range(games):
        seed_rng(crng, seed, 0, g, 0)
        seed_rng(arng, seed, 0, g, 1)
        E.init(st, p, crng)
        while not E.is_terminal(st, p):
            seat = st[L.CUR]
            scan = np.uint64(0)
            for sq in range(64):
                c = st[L.BOARD + sq]
                if c != 0 and cell_seat(c) == seat:
                    scan |= np.uint64(1) << np.uint64(sq)
            if scan != own_mask(st, seat):
                bad_mask += 1
            marks = ladder_targets(st, p, seat)
            for sq in range(64):  # a Witch's Ladder's targets from every square, as a mask
                if ((DIAGONALS[sq] & marks) != 0) != \
                        (ladder_gen(st, p, seat, sq, -1, legal, 0, False) > 0):
                    bad_mask += 1
            if st[L.DEC] == L.D_UNIT:
                cl = clan_of(p, seat)
                pts = st[L.JPTS]
                for sq in range(64):
                    c = st[L.BOARD + sq]
                    if c == 0 or cell_seat(c) != seat:
                        continue
                    want = journey_gen(st, p, seat, sq, pts, legal, 0, False, ANY_DEST) > 0
                    if cl == L.HEXEN:
                        got = hexen_any(st, p, seat, sq, pts)
                    elif plain_unit(st, cl, cell_type(c), sq):
                        got = plain_any(st, p, seat, sq, pts)
                    else:
                        continue
                    compared += 1
                    if got != want:
                        bad += 1
            n = E.legal_actions(st, p, legal)
            E.step(st, p, legal[randint(arng, n)], crng)
    return compared, bad, bad_mask


@pytest.mark.parametrize("setup", SPEC.setups)
def test_fast_journey_tests_match_the_generator(setup):
    compared, bad, bad_mask = _play_and_check(API.params(setup=setup), 30, 11)
    assert bad == 0 and bad_mask == 0
    if setup.split("-")[0] in ("hexen", "wibo", "murg", "huldra") or \
            setup.split("-")[1] in ("hexen", "wibo", "murg", "huldra"):
        assert compared > 500  # the fast paths were really exercised in this pairing


def test_orth_ring_is_the_four_orthogonal_neighbours():
    from simcore.darkleaf.board import nxt
    for sq in range(64):
        want = 0
        for d in (0, 2, 4, 6):
            n = nxt(sq, 0, d)
            if n >= 0:
                want |= 1 << n
        assert int(orth_ring(np.uint64(1) << np.uint64(sq))) == want


def test_the_same_games_in_pure_python():
    """The mask walks run as written with NUMBA_DISABLE_JIT=1 (``low_sq`` is plain Python
    there; compiled code gets the trailing-zero count), and play the same games."""
    import os
    import subprocess
    import sys

    from experiments.api import plan, run_plan

    code = ("import warnings; warnings.simplefilter('ignore');"
            "from experiments.api import plan, run_plan;"
            "print([int(x) for a in ('random', 'scripted') "
            "for x in run_plan(plan('darkleaf', a), 2, seed=1, threads=1)['length']])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "NUMBA_DISABLE_JIT": "1"}, timeout=300)
    assert out.returncode == 0, out.stderr[-500:]
    want = [int(x) for a in ("random", "scripted")
            for x in run_plan(plan("darkleaf", a), 2, seed=1, threads=1)["length"]]
    assert out.stdout.strip().splitlines()[-1] == str(want)


def test_a_hexen_bone_over_eight_faces_names_no_direction_but_a_knights_opposite():
    """DG-JOURNEY (Hexen: the bone names the direction).  ``clans.hexen.faces`` is swept up
    to 12; a roll over 8 names no direction, except a knight's opposite one, (r + 4) % 8,
    which the generator walked before the mask walk too; with the Law only the
    neighbours of directions 0-7 join.  The mask walk once walked direction r itself and
    crashed (IndexError in nxt) in the sensitivity sweep's cell."""
    from experiments.batch import plan, run_plan
    from tests.test_darkleaf_agents import pos, sq

    s, p = pos("hexen-wibo", [(0, L.PAWN, "d4"), (0, L.KNIGHT, "f4"), (1, L.QUEEN, "h8")],
               sets=("clans.hexen.faces=12",))
    out = np.zeros(64, np.int32)
    assert journey_gen(s, p, 0, sq("d4"), 12, out, 0, True, -1) == 0  # no direction
    assert not hexen_any(s, p, 0, sq("d4"), 12)
    from simcore.darkleaf.board import nxt

    def walk(start, d):  # the clear territories along direction d (the board is empty)
        got, cur = [], start
        while nxt(cur, 0, d) >= 0 and s[L.BOARD + nxt(cur, 0, d)] == 0:
            cur = nxt(cur, 0, d)
            got.append(cur)
        return got

    n = journey_gen(s, p, 0, sq("f4"), 12, out, 0, True, -1)  # the knight: direction 7
    assert sorted(out[:n]) == sorted(walk(sq("f4"), 7)) and n > 0
    assert hexen_any(s, p, 0, sq("f4"), 12)
    s[L.LAW + 0] = 1  # the Celestial Compass: neighbours of 7 (0 and 6) for the knight only
    assert journey_gen(s, p, 0, sq("d4"), 12, out, 0, True, -1) == 0
    n = journey_gen(s, p, 0, sq("f4"), 12, out, 0, True, -1)
    assert sorted(out[:n]) == sorted(walk(sq("f4"), 7) + walk(sq("f4"), 0)
                                     + walk(sq("f4"), 6))
    raw = run_plan(plan("darkleaf", "scripted", setup="hexen-wibo",
                        sets=["clans.hexen.faces=12"]), 40, 0)
    assert len(raw["length"]) == 40
