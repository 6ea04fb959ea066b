"""Haggedorn: geometry, units, invulnerability, vanquish, pushes and placement."""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import overload

from simcore.common import row_kernel
from simcore.darkleaf.layout import (
    AU_IRON, AU_QUARRY, AURA, BOARD, CUR, DF0, DR0, END, END_VICTORY, ERDE, FERRY, FROZEN,
    GRAVE,
    HEXEN, HULDRA, KING, KNIGHT, LADDER, LAW, MARKS, MURG, P_CLAN, P_FERRY_PUSHES,
    P_QUARRY_ANY, P_WILL_THICK, PAWN, LIMBO, PM_EDGE, PM_NEIGH, PM_SEAT, QLEFT, QUEEN,
    RECL, ROOK, SAGE, STILL, TIDE_BIT, TURN, VANQ, WIBO, WINNER,
)

@row_kernel(inline="always")
def rt(x):
    """``x`` as a run-time int64.  numba compiles a helper once per argument type and gives a
    constant argument its own literal type, so a helper called with a constant at one call
    site and a variable at another is compiled twice; constants passed where other call sites
    pass variables go through ``rt`` (or ``rtb`` for flags) so each helper compiles once."""
    return np.int64(x)


@row_kernel(inline="always")
def rtb(x):
    """``x`` as a run-time bool (see ``rt``)."""
    return np.bool_(x)


DR = DR0   # rank and file steps of each direction, seen from seat 0
DF = DF0


@row_kernel(inline="always")
def cell_seat(c):
    return (c - 1) // 6


@row_kernel(inline="always")
def cell_type(c):
    return (c - 1) % 6


@row_kernel(inline="always")
def own_mask(state, seat):
    """Bit sq set where seat has a unit on square sq.  Built without a branch per square: the
    generators that scan 64 squares for their own units paid a mispredicted branch on most of
    them; they walk these bits instead (``low_sq``, lowest square first, as the scan did)."""
    m = np.uint64(0)
    for sq in range(64):
        m |= np.uint64(is_own(state[BOARD + sq], seat)) << np.uint64(sq)
    return m


@row_kernel(inline="always")
def unit_code(seat, t):
    """The BOARD value of seat's unit of type t: one compare finds it (no seat/type split)."""
    return 1 + seat * 6 + t


@row_kernel(inline="always")
def is_own(c, seat):
    """Cell value c holds a unit of seat (one unsigned compare: seat's codes are 6 in a row)."""
    return np.uint32(c - (1 + seat * 6)) < np.uint32(6)


FILE_A = np.uint64(0x0101010101010101)  # the squares on file a (f == 0), as a square mask
FILE_H = np.uint64(0x8080808080808080)


@row_kernel(inline="always")
def orth_ring(m):
    """The squares orthogonally next to some square of mask m (the same from either seat)."""
    return (m << np.uint64(8)) | (m >> np.uint64(8)) | ((m & ~FILE_H) << np.uint64(1)) | \
        ((m & ~FILE_A) >> np.uint64(1))


def low_sq(m):
    """The lowest square of a non-empty square mask (pure Python; compiled code gets the
    CPU's count of trailing zeros through the overload below)."""
    m = int(m)
    return (m & -m).bit_length() - 1


@overload(low_sq, inline="always")
def _ov_low_sq(m):
    def impl(m):
        return np.int64(trailing_zeros(m))
    return impl


@row_kernel(inline="always")
def clan_of(params, seat):
    return params[P_CLAN + seat]


@row_kernel(inline="always")
def nxt(sq, seat, d):
    """The square one step from ``sq`` in ``seat``-relative direction d, or -1 off the board."""
    s = 1 if seat == 0 else -1
    r = sq // 8 + s * DR[d]
    f = sq % 8 + s * DF[d]
    if r < 0 or r > 7 or f < 0 or f > 7:
        return -1
    return r * 8 + f


@row_kernel(inline="always")
def rel_rank(sq, seat):
    """Rank counted from ``seat``'s Seat (0 The Seat .. 7 The Range)."""
    return sq // 8 if seat == 0 else 7 - sq // 8


@row_kernel(inline="always")
def cheb(a, b):
    dr = abs(a // 8 - b // 8)
    df = abs(a % 8 - b % 8)
    return dr if dr > df else df


@row_kernel(inline="always")
def dir_between(seat, a, b):
    """Direction (relative to seat) of the straight line from a to b, and the distance; (-1, 0)
    when a and b are not on one line."""
    s = 1 if seat == 0 else -1
    dr = (b // 8 - a // 8) * s
    df = (b % 8 - a % 8) * s
    if dr == 0 and df == 0:
        return -1, 0
    if dr != 0 and df != 0 and abs(dr) != abs(df):
        return -1, 0
    n = abs(dr) if dr != 0 else abs(df)
    ur = 0 if dr == 0 else (1 if dr > 0 else -1)
    uf = 0 if df == 0 else (1 if df > 0 else -1)
    for d in range(8):
        if DR[d] == ur and DF[d] == uf:
            return d, n
    return -1, 0


@row_kernel(inline="always")
def center_bit(sq):
    if sq == 27:
        return 1
    if sq == 28:
        return 2
    if sq == 35:
        return 4
    if sq == 36:
        return 8
    return 0


@row_kernel(inline="always")
def reclaimed(state, sq):
    return (state[RECL] & center_bit(sq)) != 0


@row_kernel(inline="always")
def blocked_for(state, params, seat, sq):
    """A Reclaimed territory is blocked to (non-Erde) rival units as a journey end or push end."""
    return clan_of(params, seat) != ERDE and reclaimed(state, sq)


@row_kernel
def find_unit(state, seat, t):
    v = unit_code(seat, t)
    for sq in range(64):
        if state[BOARD + sq] == v:
            return sq
    return -1


@row_kernel(inline="always")
def royal_type(params, seat):
    cl = clan_of(params, seat)
    return QUEEN if (cl == HULDRA or cl == WIBO or cl == HEXEN) else KING


@row_kernel(inline="always")
def path_targets_royal(clan):
    return clan == HULDRA or clan == MURG or clan == FERRY


@row_kernel(inline="always")
def endless_stasis(state, params, sq):
    """A Wibo pawn in the Wibo Seat under The Endless (invulnerable and immovable)."""
    c = state[BOARD + sq]
    if c == 0 or cell_type(c) != PAWN:
        return False
    s = cell_seat(c)
    return clan_of(params, s) == WIBO and state[LAW + s] != 0 and rel_rank(sq, s) == 0


@row_kernel
def invulnerable(state, params, sq, attacker):
    """Whether the unit on ``sq`` cannot be vanquished by ``attacker`` (a seat, or -1 for
    Haggedorn's Will)."""
    c = state[BOARD + sq]
    if c == 0:
        return True
    if state[STILL] > 0:
        return True
    s = cell_seat(c)
    t = cell_type(c)
    cl = clan_of(params, s)
    if t == ROOK:
        return True
    if cl == ERDE and t == SAGE:
        r = rel_rank(sq, s)
        if 1 <= r <= 6:
            for d in range(0, 8, 2):
                n = nxt(sq, s, d)
                if n >= 0:
                    c2 = state[BOARD + n]
                    if c2 != 0 and cell_seat(c2) == s and cell_type(c2) == ROOK \
                            and 1 <= rel_rank(n, s) <= 6:
                        return True
    if cl == ERDE and t == KING:  # Thick Skin (DG-ERDE-10): only a royal-targeting path
        if attacker < 0:
            return params[P_WILL_THICK] != 0
        if attacker != s and not path_targets_royal(clan_of(params, attacker)):
            return True
    if cl == WIBO and t == PAWN:
        if endless_stasis(state, params, sq):
            return True
        for d in range(1, 8, 2):
            n = nxt(sq, s, d)
            if n >= 0:
                c2 = state[BOARD + n]
                if c2 != 0 and cell_seat(c2) == s and cell_type(c2) == ROOK:
                    return True
    return False


@row_kernel(inline="always")
def frozen(state, sq):
    """The unit may not be used or moved this turn (Rival Regrowth)."""
    v = state[FROZEN + sq]
    return v >= 0 and (v & TIDE_BIT) == 0 and state[TURN] <= v


@row_kernel(inline="always")
def unmoving(state, sq):
    """The unit may not journey or relocate this turn: frozen, or rooted by Unrelenting
    Tide (which still lets it perform deeds)."""
    v = state[FROZEN + sq]
    return v >= 0 and state[TURN] <= (v & (TIDE_BIT - 1))


@row_kernel(inline="always")
def movable(state, params, sq):
    """Whether any effect may move or relocate the unit (The Endless stasis forbids it)."""
    return not endless_stasis(state, params, sq)


@row_kernel(inline="always")
def set_win(state, seat):
    if state[END] == 0:
        state[END] = END_VICTORY
        state[WINNER] = seat


@row_kernel(inline="always")
def clear_sq(state, sq):
    state[BOARD + sq] = 0
    state[AURA + sq] = 0
    state[LADDER + sq] = 0
    state[FROZEN + sq] = -1


@row_kernel(inline="always")
def move_unit(state, a, b):
    if a == b:
        return
    state[BOARD + b] = state[BOARD + a]
    state[AURA + b] = state[AURA + a]
    state[LADDER + b] = state[LADDER + a]
    state[FROZEN + b] = state[FROZEN + a]
    clear_sq(state, a)


@row_kernel(inline="always")
def swap_units(state, a, b):
    for off in (BOARD, AURA, LADDER, FROZEN):
        t = state[off + a]
        state[off + a] = state[off + b]
        state[off + b] = t


@row_kernel(inline="always")
def put_unit(state, sq, seat, t):
    state[BOARD + sq] = 1 + seat * 6 + t
    state[AURA + sq] = 0
    state[LADDER + sq] = 0
    state[FROZEN + sq] = -1


@row_kernel
def remove_to_grave(state, params, sq, by):
    """Vanquish bookkeeping: the unit leaves Haggedorn for the graveyard (no protection checks)."""
    c = state[BOARD + sq]
    s = cell_seat(c)
    t = cell_type(c)
    quarry = (state[AURA + sq] & AU_QUARRY) != 0
    clear_sq(state, sq)
    state[GRAVE + s * 6 + t] += 1
    state[VANQ + s] += 1
    if quarry and state[QLEFT] > 0:
        hx = 0 if clan_of(params, 0) == HEXEN else 1
        if by == hx or params[P_QUARRY_ANY] != 0:
            state[QLEFT] -= 1
            if state[QLEFT] == 0:
                set_win(state, hx)
    if t == royal_type(params, s):
        if path_targets_royal(clan_of(params, 1 - s)):
            set_win(state, 1 - s)


@row_kernel
def vanquish(state, params, sq, by):
    """Try to vanquish the unit on ``sq`` (``by``: acting seat, -1 for the Will).

    Returns 1 vanquished, 0 an aura of protection was removed instead, -1 not possible."""
    if state[BOARD + sq] == 0 or invulnerable(state, params, sq, by):
        return -1
    if state[AURA + sq] & AU_IRON:  # Iron Plating (DG-MURG-17): the aura goes instead
        state[AURA + sq] &= ~AU_IRON
        return 0
    remove_to_grave(state, params, sq, by)
    return 1


@row_kernel
def free_near(state, target, excl):
    """Next best territory: the closest empty square to ``target`` (ties by index), or -1."""
    best = -1
    bd = 99
    for sq in range(64):
        if state[BOARD + sq] == 0 and sq != excl:
            d = cheb(sq, target)
            if d < bd:
                bd = d
                best = sq
    return best


@row_kernel
def free_in_seat(state, seat, file_hint):
    """An empty territory in ``seat``'s Seat nearest to the file; else the rank above, etc."""
    for rr in range(8):
        r = rr if seat == 0 else 7 - rr
        best = -1
        bd = 99
        for f in range(8):
            sq = r * 8 + f
            if state[BOARD + sq] == 0:
                d = abs(f - file_hint)
                if d < bd:
                    bd = d
                    best = sq
        if best >= 0:
            return best
    return -1


@row_kernel
def ring_count(state, params, seat, centres_type, out, base, write):
    """Candidate squares 'adjacent to' every unit of ``seat`` of type ``centres_type`` with next
    best territory placement: the empty squares at the smallest ring distance (1, then 2...)."""
    v = unit_code(seat, centres_type)
    centres = np.uint64(0)
    for r in range(64):
        centres |= np.uint64(state[BOARD + r] == v) << np.uint64(r)
    for dist in range(1, 8):
        n = 0
        for sq in range(64):
            if state[BOARD + sq] != 0:
                continue
            ok = False
            m = centres
            while m != 0:
                r = low_sq(m)
                m &= m - np.uint64(1)
                if cheb(r, sq) == dist:
                    ok = True
                    break
            if ok:
                if write:
                    out[base + n] = sq
                n += 1
        if n > 0:
            return n
    return 0


@row_kernel
def push_ok(state, params, pusher, sq, d, k, ign1, ign2):
    """Whether the unit on ``sq`` can be Flowed ``k`` territories in direction d (relative to
    ``pusher``); squares ign1/ign2 count as empty.  Going off the edge counts as 1 territory and
    needs a unit that may be vanquished (or one with an aura of protection)."""
    c = state[BOARD + sq]
    if c == 0 or not movable(state, params, sq):
        return False
    s = cell_seat(c)
    t = cell_type(c)
    if t == QUEEN and clan_of(params, s) == WIBO:
        k = 1  # Deep Roots: a push of 2 moves the Wibo queen 1 territory
    cur = sq
    for i in range(k):
        n = nxt(cur, pusher, d)
        if n < 0:
            return not invulnerable(state, params, sq, pusher)
        if state[BOARD + n] != 0 and n != ign1 and n != ign2:
            return False
        cur = n
    if blocked_for(state, params, s, cur):
        return False
    return True


@row_kernel
def do_push(state, params, pusher, sq, d, k, excl):
    """Flow the unit on ``sq`` (already checked with push_ok; the last square it stood on is
    where the Flow initiated; a unit with Iron Plating pushed off stays there unless it is
    ``excl``, the square the Ferrymen unit is about to take).  Returns the final square or -1."""
    c = state[BOARD + sq]
    s = cell_seat(c)
    t = cell_type(c)
    if t == QUEEN and clan_of(params, s) == WIBO:
        k = 1  # Deep Roots
    cur = sq
    for i in range(k):
        n = nxt(cur, pusher, d)
        if n < 0:
            # pushed off Haggedorn's edge
            if t == royal_type(params, s) and clan_of(params, pusher) == FERRY and s != pusher:
                state[MARKS + s] += 1
                if state[MARKS + s] < params[P_FERRY_PUSHES]:
                    # placed anywhere in the Ferrymen's Seat, by the Ferrymen player
                    to_limbo(state, cur, rt(PM_SEAT), pusher)
                    return -1
                remove_to_grave(state, params, cur, pusher)
                return -1
            if state[AURA + cur] & AU_IRON:
                # Iron Plating: the aura is removed instead; the unit returns where the Flow
                # started, or to the nearest free edge territory when that one is taken (excl)
                state[AURA + cur] &= ~AU_IRON
                if cur != excl:
                    return cur
                to_limbo(state, cur, rt(PM_EDGE), cur)  # a neighboring edge one, Ferrymen's pick
                return -1
            r = vanquish(state, params, cur, pusher)
            return -1 if r == 1 else cur
        move_unit(state, cur, n)
        cur = n
    return cur


@row_kernel
def to_limbo(state, sq, mode, anchor):
    """The unit on ``sq`` leaves the board until its territory is picked (D_RELOC)."""
    i = LIMBO if state[LIMBO] == 0 else LIMBO + 6
    state[i] = state[BOARD + sq]
    state[i + 1] = state[AURA + sq]
    state[i + 2] = state[LADDER + sq]
    state[i + 3] = state[FROZEN + sq]
    state[i + 4] = mode
    state[i + 5] = anchor
    clear_sq(state, sq)


@row_kernel
def new_to_limbo(state, seat, t, mode, anchor):
    """A new unit (already out of the graveyard) waiting for its territory (D_RELOC)."""
    i = LIMBO if state[LIMBO] == 0 else LIMBO + 6
    state[i] = 1 + seat * 6 + t
    state[i + 1] = 0
    state[i + 2] = 0
    state[i + 3] = -1
    state[i + 4] = mode
    state[i + 5] = anchor


@row_kernel(inline="always")
def _is_edge(sq):
    r = sq // 8
    f = sq % 8
    return r == 0 or r == 7 or f == 0 or f == 7


@row_kernel
def place_gen(state, params, mode, anchor, owner, out, base, write):
    """Territories where the moving player may place a unit of ``owner`` in placement mode
    ``mode`` around ``anchor`` (next best territory placement: the first non-empty tier)."""
    m = mode & 15
    if m == PM_SEAT:
        for rr in range(8):
            r = rr if anchor == 0 else 7 - rr
            n = 0
            for f in range(8):
                sq = r * 8 + f
                if state[BOARD + sq] == 0 and not blocked_for(state, params, owner, sq):
                    if write:
                        out[base + n] = sq
                    n += 1
            if n > 0:
                return n
        return 0
    if m == PM_NEIGH or m == PM_EDGE:
        n = 0
        for d in range(0, 8, 2):
            sq = nxt(anchor, 0, d)
            if sq >= 0 and state[BOARD + sq] == 0 and \
                    not blocked_for(state, params, owner, sq) and (m == PM_NEIGH or _is_edge(sq)):
                if write:
                    out[base + n] = sq
                n += 1
        if n > 0:
            return n
    for edge in range(2 if m == PM_EDGE else 1):
        for dist in range(1, 8):
            n = 0
            for sq in range(64):
                if state[BOARD + sq] != 0 or cheb(sq, anchor) != dist or \
                        blocked_for(state, params, owner, sq):
                    continue
                if m == PM_EDGE and edge == 0 and not _is_edge(sq):
                    continue
                if write:
                    out[base + n] = sq
                n += 1
            if n > 0:
                return n
    return 0


@row_kernel
def free_edge(state, target, excl):
    best = -1
    bd = 99
    for sq in range(64):
        r = sq // 8
        f = sq % 8
        if (r == 0 or r == 7 or f == 0 or f == 7) and state[BOARD + sq] == 0 and sq != excl:
            d = cheb(sq, target)
            if d < bd:
                bd = d
                best = sq
    return best


@row_kernel
def knight_or_sage_in_grave(state, seat):
    if state[GRAVE + seat * 6 + KNIGHT] > 0:
        return KNIGHT
    if state[GRAVE + seat * 6 + SAGE] > 0:
        return SAGE
    return -1


@row_kernel
def count_units(state, seat, t):
    v = unit_code(seat, t)
    n = 0
    for sq in range(64):
        n += state[BOARD + sq] == v
    return n


@row_kernel
def turn_seat(state):
    return state[CUR]
