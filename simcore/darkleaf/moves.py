"""Journeys and deed targets: which destinations and targets a unit has right now.

Every generator has the shape ``gen(..., out, base, write) -> count``: with ``write`` it puts
the squares into ``out[base:base+count]``; without it only counts (legal_actions uses the count
to list the units that can act).  ``journey_find`` recovers direction/distance of a chosen
destination.
"""
import numpy as np

from simcore.common import row_kernel
from simcore.darkleaf.board import (
    blocked_for, cell_seat, cell_type, center_bit, clan_of, frozen, invulnerable, is_own, low_sq,
    movable, nxt, orth_ring, own_mask, push_ok, rel_rank, rt, unit_code, unmoving,
)
from simcore.darkleaf.layout import (
    AU_ASSASSIN, AU_LONGBOW, AU_PIVOT, AU_QUARRY, AURA, BOARD, DM_ALL, DM_DIAG, DM_FLR,
    DM_NEIGH, DM_RETREAT, ERDE, FERRY, HEXEN, HULDRA, JMAX, JN, KING, KNIGHT, LADDER, LAW,
    MOVED, MURG, P_FACES, PAWN, QUEEN, RECL, ROOK, SAGE, WIBO,
)


ANY_DEST = -2   # journey_gen(want=ANY_DEST): whether the unit has any destination

@row_kernel
def journey_mask(state, params, seat, sq):
    c = state[BOARD + sq]
    t = cell_type(c)
    cl = clan_of(params, seat)
    if cl == HULDRA and t == QUEEN:
        return 0
    if cl == FERRY and (t == PAWN or t == SAGE):
        return DM_FLR
    if cl == ERDE:
        if center_bit(sq) != 0 and (state[RECL] & center_bit(sq)) != 0:
            return DM_ALL
        if t == PAWN or t == SAGE:
            return DM_FLR
        if t == ROOK:
            return DM_NEIGH
    return DM_ALL


@row_kernel
def can_end(state, params, seat, origin, t, n):
    """Whether a journey of ``seat``'s unit (type t, from origin) may end on square n."""
    occ = state[BOARD + n]
    cl = clan_of(params, seat)
    if occ == 0:
        if blocked_for(state, params, seat, n):
            return False
        if cl == ERDE and t == KING and center_bit(n) != 0 and state[RECL] != 15:
            return False
        return True
    if cell_seat(occ) == seat:
        return False
    if blocked_for(state, params, seat, n):
        return False
    if cl == FERRY and (t == PAWN or t == SAGE or t == KNIGHT):
        for d in range(8):
            if push_ok(state, params, seat, n, d, rt(1), origin, rt(-1)):
                return True
        return False
    if cl == MURG and t == SAGE:
        if invulnerable(state, params, n, seat):
            return False
        vt = cell_type(occ)
        if vt == QUEEN or vt == KING:
            return (state[AURA + origin] & AU_ASSASSIN) != 0
        return True
    return False


@row_kernel(inline="always")
def _deep_roots_gen(state, params, seat, sq, out, base, write, want):
    """Deep Roots: the Wibo queen journeys 1 territory, or swaps with a Wibo pawn beside her."""
    n_out = 0
    for d in range(8):
        n = nxt(sq, seat, d)
        if n < 0:
            continue
        occ = state[BOARD + n]
        ok = False
        if occ == 0:
            ok = not blocked_for(state, params, seat, n)
        elif cell_seat(occ) == seat and cell_type(occ) == PAWN and movable(state, params, n) \
                and not unmoving(state, n):
            ok = True
        if ok:
            if want >= 0:
                if n == want:
                    return 1 + d * 16 + 1
            elif want == ANY_DEST:
                return 1
            else:
                if write:
                    out[base + n_out] = n
                n_out += 1
    return 0 if want >= 0 else n_out


@row_kernel(inline="always")
def _hexen_gen(state, params, seat, sq, t, pts, out, base, write, want):
    """Hexen: the bone names the direction (a knight also the opposite one, The Celestial
    Compass adds both neighbouring directions); any distance along clear territories."""
    n_out = 0
    r = pts - 1
    mask = 1 << r
    if t == KNIGHT:
        mask |= 1 << ((r + 4) % 8)
    if state[LAW + seat] != 0:  # each direction's two neighbours: the mask rotated by one
        m = mask & 255
        mask |= (((m << 1) | (m >> 7)) | ((m >> 1) | (m << 7))) & 255
    # a bone of more than 8 faces (a swept rules value): a roll over 8 names no direction,
    # only a knight's opposite one
    dirs = np.uint64(mask & 255)
    while dirs != 0:  # the one to three directions in order, not a test of all eight
        d = low_sq(dirs)
        dirs &= dirs - np.uint64(1)
        cur = sq
        dist = 0
        while True:
            n = nxt(cur, seat, d)
            if n < 0 or state[BOARD + n] != 0:
                break
            dist += 1
            cur = n
            # the walk stops at the first unit, so n is empty: can_end is then only "not
            # blocked" for a Hexen unit (inlined: a call per territory walked)
            if not blocked_for(state, params, seat, n):
                if want >= 0:
                    if n == want:
                        return 1 + d * 16 + dist
                elif want == ANY_DEST:
                    return 1
                else:
                    if write:
                        out[base + n_out] = n
                    n_out += 1
    return 0 if want >= 0 else n_out


@row_kernel(inline="always")
def hexen_any(state, params, seat, sq, pts):
    """``journey_gen(..., want=ANY_DEST) > 0`` for a Hexen unit of ``seat`` on ``sq``, inlined
    where every own unit is tested (D_UNIT): most of a call's cost was its prologue."""
    if unmoving(state, sq) or not movable(state, params, sq):
        return False
    if pts == 0:
        return True
    t = cell_type(state[BOARD + sq])
    return _hexen_gen(state, params, seat, sq, t, pts, state, 0, False, ANY_DEST) > 0


@row_kernel(inline="always")
def run_end(state, seat, sq, d, k):
    """The territory ``k`` (>= 1) steps from ``sq`` in direction ``d`` when it and every one
    on the way are empty, else -1 (the board ends or a unit stands in the way)."""
    cur = sq
    for i in range(k):
        n = nxt(cur, seat, d)
        if n < 0 or state[BOARD + n] != 0:
            return -1
        cur = n
    return cur


@row_kernel(inline="always")
def plain_unit(state, cl, t, sq):
    """A unit whose journey is the plain one: exactly the roll in any straight line over empty
    territories, ending on an empty one (no shorter journey, no wrap, no push or capture at
    the end, no Erde share): Wibo but the queen, Murg but the king and the sage, Huldra but
    the queen, the rook and a Pivot sage."""
    if cl == WIBO:
        return t != QUEEN
    if cl == MURG:
        return t != KING and t != SAGE
    if cl == HULDRA:
        return t != QUEEN and t != ROOK and not (t == SAGE and (state[AURA + sq] & AU_PIVOT) != 0)
    return False


@row_kernel(inline="always")
def plain_any(state, params, seat, sq, pts):
    """``journey_gen(..., want=ANY_DEST) > 0`` for a ``plain_unit``, inlined where every own
    unit is tested (D_UNIT): most of a call's cost was its prologue."""
    if unmoving(state, sq) or not movable(state, params, sq):
        return False
    if pts == 0:
        return True
    for d in range(8):
        e = run_end(state, seat, sq, d, pts)
        if e >= 0 and not blocked_for(state, params, seat, e):
            return True
    return False


@row_kernel
def journey_gen(state, params, seat, sq, pts, out, base, write, want):
    """Destinations of the unit on ``sq`` for a journey worth ``pts`` (Hexen: the direction
    roll).  With ``want >= 0`` returns the code ``1 + d*16 + dist + 128*wrapped`` of the
    destination ``want`` (0 when it is not reachable) instead of a count; with ``want ==
    ANY_DEST`` 1 at the first destination found (0 none), to test a unit without counting."""
    c = state[BOARD + sq]
    if c == 0 or cell_seat(c) != seat or unmoving(state, sq) or not movable(state, params, sq):
        return 0
    t = cell_type(c)
    cl = clan_of(params, seat)
    n_out = 0
    if pts == 0:  # Calm Waters zero journey: no movement, still a journey
        if want >= 0:
            return 1 if want == sq else 0
        if write:
            out[base] = sq
        return 1
    if cl == WIBO and t == QUEEN:
        return _deep_roots_gen(state, params, seat, sq, out, base, write, want)
    if cl == HEXEN:
        return _hexen_gen(state, params, seat, sq, t, pts, out, base, write, want)
    mask = journey_mask(state, params, seat, sq)
    # Erde: each share of a split roll is exact; a share shorter than the roll is open only
    # while another unit may still take the rest (``left`` more shares) exactly
    left = state[JMAX] - state[JN] - 1 if cl == ERDE else 0
    le = (cl == HULDRA and t == ROOK) or (cl == MURG and t == KING) or left > 0 or \
        (cl == HULDRA and t == SAGE and (state[AURA + sq] & AU_PIVOT) != 0)
    wrap_ok = cl == FERRY and (t == PAWN or t == SAGE)
    ride = cl == FERRY and t == SAGE
    for d in range(8):
        if not (mask & (1 << d)):
            continue
        cur = sq
        wrapped = 0
        for i in range(1, pts + 1):
            n = nxt(cur, seat, d)
            if n < 0:
                if wrap_ok and d == 0 and rel_rank(cur, seat) == 7 and wrapped == 0:
                    n = (cur % 8) if seat == 0 else 56 + (cur % 8)
                    wrapped = 1
                else:
                    break
            if n == sq:
                break
            ok = (le or i == pts) and can_end(state, params, seat, sq, t, n)
            if ok and left > 0 and i < pts:
                ok = erde_rest(state, params, seat, sq, n, pts - i, left)
            if ok:
                if want >= 0:
                    if n == want:
                        return 1 + d * 16 + i + 128 * wrapped
                elif want == ANY_DEST:
                    return 1
                else:
                    if write:
                        out[base + n_out] = n
                    n_out += 1
            occ = state[BOARD + n]
            if occ != 0:
                if not (ride and cell_seat(occ) == seat):
                    break
            cur = n
    return 0 if want >= 0 else n_out


@row_kernel
def _erde_exact(state, params, seat, u, k):
    """Whether the Erde unit on ``u`` can journey exactly ``k`` territories (one share)."""
    t = cell_type(state[BOARD + u])
    mask = journey_mask(state, params, seat, u)
    for d in range(8):
        if not (mask & (1 << d)):
            continue
        e = run_end(state, seat, u, d, k)
        if e >= 0 and can_end(state, params, seat, u, t, e):
            return True
    return False


@row_kernel
def _erde_free(state, params, seat, u, x0, x1):
    """An Erde unit on ``u`` that may still take a share (not moved yet this journey)."""
    c = state[BOARD + u]
    if c == 0 or cell_seat(c) != seat or u == x0 or u == x1:
        return False
    if unmoving(state, u) or not movable(state, params, u):
        return False
    for i in range(3):
        if state[MOVED + i] == u:
            return False
    return True


@row_kernel
def _erde_one(state, params, seat, rem, x0, x1):
    m = own_mask(state, seat)
    while m != 0:
        u = low_sq(m)
        m &= m - np.uint64(1)
        if _erde_free(state, params, seat, u, x0, x1) and \
                _erde_exact(state, params, seat, u, rem):
            return True
    return False


@row_kernel
def erde_rest(state, params, seat, origin, dest, rem, left):
    """Whether, once the unit on ``origin`` has taken the share to ``dest``, the remaining
    ``rem`` territories can be journeyed exactly by up to ``left`` other units (DG-ERDE-15;
    the board is changed in place and restored; Tremor is not foreseen)."""
    c = state[BOARD + origin]
    state[BOARD + dest] = c
    state[BOARD + origin] = 0
    ok = _erde_one(state, params, seat, rem, dest, rt(-1))
    if not ok and left >= 2:  # Metamorphic: the rest may be split once more
        m = own_mask(state, seat)
        while m != 0:
            u = low_sq(m)
            m &= m - np.uint64(1)
            if ok:
                break
            if not _erde_free(state, params, seat, u, dest, rt(-1)):
                continue
            t = cell_type(state[BOARD + u])
            mask = journey_mask(state, params, seat, u)
            for d in range(8):
                if ok:
                    break
                if not (mask & (1 << d)):
                    continue
                cur = u
                for i in range(1, rem):
                    n = nxt(cur, seat, d)
                    if n < 0 or state[BOARD + n] != 0:
                        break
                    cur = n
                    if can_end(state, params, seat, u, t, n):
                        state[BOARD + n] = state[BOARD + u]
                        state[BOARD + u] = 0
                        ok = _erde_one(state, params, seat, rem - i, dest, n)
                        state[BOARD + u] = state[BOARD + n]
                        state[BOARD + n] = 0
                        if ok:
                            break
    state[BOARD + origin] = c
    state[BOARD + dest] = 0
    return ok


@row_kernel
def hunt_gen(state, params, seat, sq, dist, pivot, out, base, write):
    """Hunt targets of the Huldra unit on ``sq`` at distance ``dist`` (Long Bow: dist or dist+1;
    ``pivot``: a Pivot sage's remainder, any diagonal)."""
    c = state[BOARD + sq]
    if c == 0 or cell_seat(c) != seat or frozen(state, sq):
        return 0
    t = cell_type(c)
    lb = t == PAWN and (state[AURA + sq] & AU_LONGBOW) != 0
    if t == PAWN:
        mask = DM_ALL if lb else DM_NEIGH
    elif t == SAGE:
        mask = DM_DIAG
    elif t == KNIGHT:
        mask = DM_ALL
    elif t == QUEEN:
        mask = DM_NEIGH
    else:
        return 0
    n_out = 0
    for extra in range(2 if lb else 1):
        k = dist + extra
        if k < 1:
            continue
        for d in range(8):
            if not (mask & (1 << d)):
                continue
            cur = sq
            ok = True
            for i in range(k - 1):
                cur = nxt(cur, seat, d)
                if cur < 0:
                    ok = False
                    break
                oc = state[BOARD + cur]
                if oc != 0 and not (t == KNIGHT and cell_type(oc) == PAWN):
                    ok = False
                    break
            if not ok:
                continue
            tg = nxt(cur, seat, d)
            if tg < 0:
                continue
            oc = state[BOARD + tg]
            if oc == 0 or cell_seat(oc) == seat:
                continue
            vt = cell_type(oc)
            if vt != QUEEN and vt != KING and invulnerable(state, params, tg, seat):
                continue
            if write:
                out[base + n_out] = tg
            n_out += 1
    return n_out


@row_kernel
def destroy_capable(state, params, seat, sq):
    """Murg pawn/knight, or the king while adjacent to a Murg rook (Sanctioned Violence)."""
    c = state[BOARD + sq]
    if c == 0 or cell_seat(c) != seat or frozen(state, sq):
        return False
    t = cell_type(c)
    if t == PAWN or t == KNIGHT:
        return True
    if t == KING:
        for d in range(8):
            n = nxt(sq, seat, d)
            if n >= 0:
                c2 = state[BOARD + n]
                if c2 != 0 and cell_seat(c2) == seat and cell_type(c2) == ROOK:
                    return True
    return False


@row_kernel
def destroy_gen(state, params, seat, sq, nonroyal, excl, out, base, write):
    """Rival units adjacent to the Murg unit on ``sq`` that a Destroy may target."""
    n_out = 0
    for d in range(8):
        n = nxt(sq, seat, d)
        if n < 0 or n == excl:
            continue
        oc = state[BOARD + n]
        if oc == 0 or cell_seat(oc) == seat:
            continue
        vt = cell_type(oc)
        if nonroyal and (vt == QUEEN or vt == KING):
            continue
        if invulnerable(state, params, n, seat):
            continue
        if write:
            out[base + n_out] = n
        n_out += 1
    return n_out


@row_kernel
def morph_gen(state, params, seat, sq, diag, excl, out, base, write):
    """Rival units neighboring (``diag``: diagonal to) the Wibo unit on ``sq`` it may Morph."""
    n_out = 0
    c = state[BOARD + sq]
    if c == 0 or cell_seat(c) != seat:
        return 0
    t = cell_type(c)
    if t == ROOK or t == QUEEN:
        return 0
    for d in range(1 if diag else 0, 8, 2):
        n = nxt(sq, seat, d)
        if n < 0 or n == excl:
            continue
        oc = state[BOARD + n]
        if oc == 0 or cell_seat(oc) == seat:
            continue
        if invulnerable(state, params, n, seat):
            continue
        if write:
            out[base + n_out] = n
        n_out += 1
    return n_out


@row_kernel
def morph_reach(state, params, seat, u, out, base, write):
    """Rival units the Wibo unit on ``u`` may be declared to Morph (DG-PHASE-12): each is
    vulnerable and neighbors a territory that some roll of the Wibo bone lets ``u`` journey
    to (Morph needs the journey first)."""
    c = state[BOARD + u]
    if c == 0 or cell_seat(c) != seat or unmoving(state, u) or not movable(state, params, u):
        return 0
    t = cell_type(c)
    if t == ROOK or t == QUEEN:
        return 0
    faces = params[P_FACES + seat]
    # the territories beside a square some roll lets u journey to (one bit per square), then
    # the vulnerable rival units on them in board order
    reach = np.uint64(0)
    for d in range(8):
        cur = u
        for i in range(faces):
            n = nxt(cur, seat, d)
            if n < 0 or state[BOARD + n] != 0:
                break
            cur = n
            if blocked_for(state, params, seat, n):
                continue
            reach |= np.uint64(1) << np.uint64(n)
    n_out = 0
    cand = orth_ring(reach) & own_mask(state, 1 - seat)
    while cand != 0:
        tg = low_sq(cand)
        cand &= cand - np.uint64(1)
        if invulnerable(state, params, tg, seat):
            continue
        if write:
            out[base + n_out] = tg
        n_out += 1
    return n_out


@row_kernel
def retreat_gen(state, params, seat, sq, dist, le, out, base, write):
    """Retreat destinations toward the Wibo Seat (back, back-left, back-right)."""
    n_out = 0
    for d in range(8):
        if not (DM_RETREAT & (1 << d)):
            continue
        cur = sq
        for i in range(1, dist + 1):
            n = nxt(cur, seat, d)
            if n < 0 or state[BOARD + n] != 0:
                break
            cur = n
            if (le or i == dist) and not blocked_for(state, params, seat, n):
                if write:
                    out[base + n_out] = n
                n_out += 1
    return n_out


@row_kernel
def ladder_gen(state, params, seat, sq, excl, out, base, write):
    """Witch's Ladder targets: rival non-Quarry units diagonal to ``sq`` at any distance,
    whatever stands between (never a rook or the Erde king; one Ladder per unit)."""
    n_out = 0
    for d in range(1, 8, 2):
        cur = sq
        while True:
            cur = nxt(cur, seat, d)
            if cur < 0:
                break
            oc = state[BOARD + cur]
            if oc == 0 or cell_seat(oc) == seat or cur == excl:
                continue
            vt = cell_type(oc)
            if vt == ROOK or (vt == KING and clan_of(params, cell_seat(oc)) == ERDE):
                continue
            if (state[AURA + cur] & AU_QUARRY) != 0 or state[LADDER + cur] != 0:
                continue
            if write:
                out[base + n_out] = cur
            n_out += 1
    return n_out


def _diagonals():
    t = np.zeros(64, np.uint64)
    for sq in range(64):
        r, f = divmod(sq, 8)
        for n in range(64):
            r2, f2 = divmod(n, 8)
            if n != sq and abs(r2 - r) == abs(f2 - f):
                t[sq] |= np.uint64(1) << np.uint64(n)
    return t


DIAGONALS = _diagonals()  # the squares on the four diagonals through each square


@row_kernel(inline="always")
def ladder_targets(state, params, seat):
    """Every square a Witch's Ladder of ``seat`` may mark from some diagonal (``ladder_gen``'s
    test of a square, for all 64 at once and without a branch each): a rival unit that is no
    rook, not the Erde king, not a Quarry and not already under a Ladder."""
    rv = 1 - seat
    erde = clan_of(params, rv) == ERDE
    rook = unit_code(rv, ROOK)
    king = unit_code(rv, KING)
    m = np.uint64(0)
    for sq in range(64):
        c = state[BOARD + sq]
        ok = is_own(c, rv)
        ok &= c != rook
        ok &= not (erde and c == king)
        ok &= (state[AURA + sq] & AU_QUARRY) == 0
        ok &= state[LADDER + sq] == 0
        m |= np.uint64(ok) << np.uint64(sq)
    return m


@row_kernel
def adjacent_to_type(state, seat, sq, t, orth):
    step = 2 if orth else 1
    v = unit_code(seat, t)
    for d in range(0, 8, step):
        n = nxt(sq, seat, d)
        if n >= 0 and state[BOARD + n] == v:
            return True
    return False

