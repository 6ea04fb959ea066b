"""Legal actions of each pending decision (``opts``) and the small helpers step shares.

The per-decision option functions have one caller (``opts``) and are ``inline="always"``,
like the tiny helpers used inside board loops: a non-inlined call costs reference counting.
"""
import numpy as np

from simcore.common import row_kernel
from simcore.darkleaf.board import (
    blocked_for, cell_seat, cell_type, center_bit, cheb, clan_of, do_push, frozen, invulnerable,
    is_own, low_sq, movable, nxt, own_mask, place_gen, push_ok, rel_rank, ring_count, rt, rtb, unmoving,
)
from simcore.darkleaf import layout as L
from simcore.darkleaf.moves import (
    ANY_DEST, adjacent_to_type, destroy_capable, destroy_gen, hexen_any, hunt_gen, journey_gen,
    DIAGONALS, ladder_gen, ladder_targets, morph_gen, morph_reach, plain_any, plain_unit,
    retreat_gen,
)
from simcore.darkleaf.skills import (
    marks_full, royal_sq, row_returnable, row_slots, slot_at,
)


# ---- helpers ---------------------------------------------------------------------------------
@row_kernel(inline="always")
def _own(state, seat, sq):
    return is_own(state[L.BOARD + sq], seat)


@row_kernel(inline="always")
def _rival(state, seat, sq):
    return is_own(state[L.BOARD + sq], 1 - seat)


@row_kernel(inline="always")
def _add(out, n, a, write):
    if write:
        out[n] = a
    return n + 1


@row_kernel
def _wibo_queen(state, params, sq):
    """The unit on sq is the Wibo queen: Deep Roots caps what a rival moves her to 1."""
    c = state[L.BOARD + sq]
    return c != 0 and cell_type(c) == L.QUEEN and clan_of(params, cell_seat(c)) == L.WIBO


@row_kernel
def _quarry_ok(state, params, hx, sq):
    c = state[L.BOARD + sq]
    if c == 0 or cell_seat(c) == hx or rel_rank(sq, hx) < 6:
        return False
    t = cell_type(c)
    if t == L.QUEEN or t == L.KING or t == L.ROOK:
        return False
    if state[L.AURA + sq] & L.AU_QUARRY:
        return False
    return not invulnerable(state, params, sq, hx)


@row_kernel
def _tide_moves(state, params, seat, d):
    """How far Unrelenting Tide slides the rival royal in direction d."""
    rv = 1 - seat
    sq = royal_sq(state, params, rv)
    if sq < 0 or not movable(state, params, sq):
        return 0, sq
    cap = 1 if clan_of(params, rv) == L.WIBO else 64
    cur = sq
    k = 0
    while k < cap:
        n = nxt(cur, seat, d)
        if n < 0 or state[L.BOARD + n] != 0 or blocked_for(state, params, rv, n):
            break
        cur = n
        k += 1
    return k, cur


@row_kernel
def _banish_next(state, params, seat):
    for sq in (27, 28, 35, 36):
        if _rival(state, seat, sq) and movable(state, params, sq):
            return sq
    return -1


@row_kernel
def _casters(state, params, seat, out, base, write):
    """Hexen units that may Hex now: the unit that journeyed (not a rook) and every sage."""
    n = 0
    j = state[L.JUNIT]
    m = own_mask(state, seat)
    while m != 0:
        sq = low_sq(m)
        m &= m - np.uint64(1)
        t = cell_type(state[L.BOARD + sq])
        if t == L.ROOK:
            continue
        if sq == j or t == L.SAGE:
            if write:
                out[base + n] = sq
            n += 1
    return n


@row_kernel
def _flow_opt(state, params, seat, victim, d, k, ign, ripple):
    """1 when the victim can be Flowed k in d directly, 2 through Ripple Effect, 0 not at all."""
    if push_ok(state, params, seat, victim, d, k, ign, rt(-1)):
        return 1
    if ripple:
        n1 = nxt(victim, seat, d)
        if k > 1 and n1 >= 0 and cell_type(state[L.BOARD + n1]) == L.QUEEN and \
                clan_of(params, cell_seat(state[L.BOARD + n1])) == L.WIBO:
            return 0  # the rooted queen moves only 1 and would block the first unit
        if n1 >= 0 and _rival(state, seat, n1) and \
                push_ok(state, params, seat, n1, d, k, ign, victim) and \
                push_ok(state, params, seat, victim, d, k, ign, n1):
            return 2
    return 0


@row_kernel
def _apply_flow(state, params, seat, victim, d, k, ign, ripple, excl):
    how = _flow_opt(state, params, seat, victim, d, k, ign, ripple)
    if how == 2:
        n1 = nxt(victim, seat, d)
        do_push(state, params, seat, n1, d, k, excl)
    if how >= 1:
        do_push(state, params, seat, victim, d, k, excl)


@row_kernel
def _flow_opts(state, params, out, write):
    """Options of D_FLOW: FLOW_MODE 0 landing upon (TGT victim, SEL mover origin), 1 ahead (TGT
    victim, d = JDIR), 2 zero journey (SEL the Ferrymen unit)."""
    seat = state[L.CUR]
    mode = state[L.FLOW_MODE]
    n = 0
    if mode == 2:
        src = state[L.SEL]
        a = state[L.AURA + src]
        for d in range(8):
            v = nxt(src, seat, d)
            if v < 0 or not _rival(state, seat, v):
                continue
            if _flow_opt(state, params, seat, v, d, rt(1), rt(-1), (a & L.AU_RIPPLE) != 0) > 0:
                n = _add(out, n, L.A_DIR + d, write)
            if (a & L.AU_BARBARIC) and _flow_opt(state, params, seat, v, d, rt(2), rt(-1),
                                                (a & L.AU_RIPPLE) != 0) > 0:
                n = _add(out, n, L.A_DIR2 + d, write)
        n = _add(out, n, L.A_DONE, write)
        return n
    src = state[L.SEL]
    a = state[L.AURA + src]
    v = state[L.TGT]
    rip = (a & L.AU_RIPPLE) != 0
    for d in range(8):
        if mode == 1 and d != state[L.JDIR]:
            continue
        if _flow_opt(state, params, seat, v, d, rt(1), src, rip) > 0:
            n = _add(out, n, L.A_DIR + d, write)
        if (a & L.AU_BARBARIC) and _flow_opt(state, params, seat, v, d, rt(2), src, rip) > 0:
            n = _add(out, n, L.A_DIR2 + d, write)
    return n


@row_kernel
def _pick_opts(state, params, out, write):
    seat = state[L.CUR]
    cl = clan_of(params, seat)
    r = state[L.PEND]
    st = state[L.PSTEP]
    n = 0
    for sq in range(64):
        c = state[L.BOARD + sq]
        if c == 0:
            continue
        s = cell_seat(c)
        t = cell_type(c)
        a = state[L.AURA + sq]
        ok = False
        if cl == L.MURG:
            if r == L.IRON_:
                ok = s == seat and t == L.PAWN and not (a & L.AU_IRON)
            elif r == L.ASSASSIN_:
                if st == 1:  # no sage left: a pawn to sacrifice (clan trait)
                    ok = s == seat and t == L.PAWN
                else:
                    ok = s == seat and t == L.SAGE and not (a & L.AU_ASSASSIN)
        elif cl == L.HULDRA:
            if r == L.LONGBOW_:
                ok = s == seat and t == L.PAWN and not (a & L.AU_LONGBOW)
            elif r == L.PIVOT_:
                ok = s == seat and t == L.SAGE and not (a & L.AU_PIVOT)
        elif cl == L.HEXEN:
            ok = r == L.HOC_ and movable(state, params, sq) and not unmoving(state, sq)
        elif cl == L.WIBO:
            if r == L.SPORES_:
                ok = t == L.PAWN and movable(state, params, sq)
            elif r == L.SCATTER_:
                ok = s != seat and (a & L.AURA_MASK) != 0
        elif cl == L.FERRY:
            if r == L.MTC_:
                ok = t == L.PAWN and movable(state, params, sq) and sq != state[L.SEL]
            elif r == L.EDDY_:
                if st == 0:
                    ok = s == seat and t == L.PAWN and movable(state, params, sq)
                else:
                    ok = s != seat and t == L.PAWN and movable(state, params, sq)
        elif cl == L.ERDE:
            if r == L.SINK_:
                if s != seat:
                    ok = not invulnerable(state, params, sq, seat)
                elif params[L.P_SINK_OWN] != 0:
                    ok = t != L.KING and not invulnerable(state, params, sq, 1 - seat)
        if ok:
            n = _add(out, n, sq, write)
    if n == 0 or (cl == L.FERRY and r == L.MTC_ and st == 1):
        n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel
def _place_opts(state, params, out, write):
    seat = state[L.CUR]
    cl = clan_of(params, seat)
    r = state[L.PEND]
    n = 0
    if (cl == L.WIBO and r == L.REGROW_) or (cl == L.ERDE and r == L.TWCBD_):
        owner = 1 - seat if cl == L.WIBO else seat
        if state[L.GRAVE + owner * 6 + L.PAWN] > 0:
            if write:
                n = ring_count(state, params, seat, L.ROOK, out, 0, rtb(True))
            else:
                n = ring_count(state, params, seat, L.ROOK, out, 0, rtb(False))
    else:
        sel = state[L.SEL]
        owner = cell_seat(state[L.BOARD + sel])
        rooted = owner != seat and _wibo_queen(state, params, sel)
        for sq in range(64):
            if state[L.BOARD + sq] == 0 and not blocked_for(state, params, owner, sq) and \
                    (not rooted or cheb(sq, sel) <= 1):
                n = _add(out, n, sq, write)
    if n == 0:
        n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel
def _hcap_opts(state, params, seat, out, write):
    """Handicap bone in hand (setup, DG-TIPS-01..04): every slot it may go in, except one that
    would complete a miracle row (no miracle is activated during setup)."""
    cl = clan_of(params, seat)
    v = state[L.HAND_V]
    n = 0
    for r in range(5):
        ns = params[L.P_NSLOT + seat * 5 + r]
        filled = 0
        for q in range(ns):
            if state[slot_at(seat, r, q)] != 0:
                filled += 1
        if filled + 1 == ns and L.SKILL_KIND[cl][r] == L.K_MIRACLE:
            continue
        m = row_slots(state, params, seat, r, v)
        for p in range(4):
            if (m >> p) & 1:
                n = _add(out, n, L.A_SLOT + r * 4 + p, write)
    if n == 0:
        n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel
def _return_opts(state, params, seat, out, n, write):
    """DG-SLOT-15: one optional 'return row r's bones' action per row whose skill is no longer
    applicable and still holds bones (offered in the Upkeep and Slot Bones decisions)."""
    held = 0
    for i in range(20):
        held |= state[L.SLOTS + seat * 20 + i]
    if held == 0:  # no bone slotted: nothing to return (the common case)
        return n
    for r in range(5):
        if row_returnable(state, params, seat, r):
            n = _add(out, n, L.A_RETURN + r, write)
    return n


@row_kernel
def _relic_spend_opts(state, params, seat, tf, out, n, write):
    """The relic tokens seat may spend in Upkeep (Murg relics, Unrelenting Tide, Banish)."""
    cl = clan_of(params, seat)
    if cl == L.MURG:
        if state[L.RELIC + seat * 5 + L.PREDICT_] > 0 and not (tf & L.TF_PREDICT):
            n = _add(out, n, L.A_SPEND + L.PREDICT_, write)
        if state[L.RELIC + seat * 5 + L.LOOP_] > 0 and not (tf & L.TF_LOOP):
            n = _add(out, n, L.A_SPEND + L.LOOP_, write)
    elif cl == L.FERRY:
        if state[L.RELIC + seat * 5 + L.TIDE_] > 0:
            for d in range(8):
                k, e = _tide_moves(state, params, seat, d)
                if k > 0:
                    n = _add(out, n, L.A_SPEND + L.TIDE_, write)
                    break
    elif cl == L.ERDE:
        if state[L.RELIC + seat * 5 + L.BANISH_] > 0 and _banish_next(state, params, seat) >= 0:
            n = _add(out, n, L.A_SPEND + L.BANISH_, write)
    return n


@row_kernel
def _upkeep_opts(state, params, out, write):
    seat = state[L.CUR]
    n = 0
    tf = state[L.TFLAGS]
    if not (tf & L.TF_WILL):  # Upkeep steps run in order: relic tokens are spent before the Will
        n = _relic_spend_opts(state, params, seat, tf, out, n, write)
    if state[L.WILLTOK + seat] > 0:
        n = _add(out, n, L.A_WILL, write)
    n = _return_opts(state, params, seat, out, n, write)
    n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel
def _any_journey(state, params, seat, pts):
    m = own_mask(state, seat)
    while m != 0:
        sq = low_sq(m)
        m &= m - np.uint64(1)
        if journey_gen(state, params, seat, sq, pts, state, 0, rtb(False), rt(ANY_DEST)) > 0:
            return True
    return False


@row_kernel
def _leap_ok(state, params, seat):
    q = royal_sq(state, params, seat)
    if q < 0 or unmoving(state, q) or not movable(state, params, q):
        return False
    if adjacent_to_type(state, seat, q, L.ROOK, rtb(False)):
        return False
    for sq in range(64):
        c = state[L.BOARD + sq]
        if c != 0 and cell_seat(c) == seat and cell_type(c) == L.ROOK:
            return True
    return False


@row_kernel
def _leap_opts(state, params, seat, out, write):
    n = 0
    for sq in range(64):
        if state[L.BOARD + sq] != 0 or blocked_for(state, params, seat, sq):
            continue
        if adjacent_to_type(state, seat, sq, L.ROOK, rtb(True)):
            n = _add(out, n, sq, write)
    if n == 0:
        n = ring_count(state, params, seat, L.ROOK, out, 0, write)
    return n


@row_kernel
def _hunt_units(state, params, seat, dist, out, write):
    n = 0
    m = own_mask(state, seat)
    while m != 0:
        sq = low_sq(m)
        m &= m - np.uint64(1)
        if hunt_gen(state, params, seat, sq, dist, rtb(False), out, 0, rtb(False)) > 0:
            n = _add(out, n, sq, write)
    return n


@row_kernel
def _deed_unit_ok(state, params, seat, cl, sq, out):
    """Whether seat's unit on sq may perform the clan deed now (Destroy, Reclaim, Morph)."""
    if cl == L.MURG:
        return destroy_capable(state, params, seat, sq) and \
            destroy_gen(state, params, seat, sq, rtb(False), rt(-1), out, 0, rtb(False)) > 0
    if cl == L.ERDE:
        b = center_bit(sq)
        return b != 0 and (state[L.RECL] & b) == 0 and \
            cell_type(state[L.BOARD + sq]) == L.PAWN and not frozen(state, sq)
    if cl == L.WIBO:
        return morph_reach(state, params, seat, sq, out, 0, rtb(False)) > 0
    return False


@row_kernel
def _deed_units(state, params, seat, out, write):
    """D_DEED_UNIT: the units that may perform the deed."""
    cl = clan_of(params, seat)
    n = 0
    m = own_mask(state, seat)
    while m != 0:
        sq = low_sq(m)
        m &= m - np.uint64(1)
        if _deed_unit_ok(state, params, seat, cl, sq, out):
            n = _add(out, n, sq, write)
    return n


@row_kernel
def _any_deed_unit(state, params, seat, out):
    """Whether some unit may perform the deed (D_INTENT offers the deed then)."""
    cl = clan_of(params, seat)
    m = own_mask(state, seat)
    while m != 0:
        sq = low_sq(m)
        m &= m - np.uint64(1)
        if _deed_unit_ok(state, params, seat, cl, sq, out):
            return True
    return False


@row_kernel
def morph_ready(state, params, seat):
    """The declared Morph target (TGT) neighbors the unit that journeyed and is vulnerable."""
    j = state[L.JUNIT]
    tg = state[L.TGT]
    if j < 0 or tg < 0 or not _rival(state, seat, tg):
        return False
    c = state[L.BOARD + j]
    if c == 0 or cell_seat(c) != seat:
        return False
    t = cell_type(c)
    if t == L.ROOK or t == L.QUEEN or invulnerable(state, params, tg, seat):
        return False
    for d in range(0, 8, 2):
        if nxt(j, seat, d) == tg:
            return True
    return False


@row_kernel(inline="always")
def _journey_unit_opts(state, params, seat, cl, out, write):
    """D_UNIT: own units with a destination for the roll (JPTS), Metamorphic, no journey."""
    n = 0
    m = own_mask(state, seat)
    while m != 0:
        sq = low_sq(m)
        m &= m - np.uint64(1)
        if cl == L.WIBO and state[L.INTENT] == L.I_DEED and sq != state[L.SEL]:
            continue  # the unit declared for the Morph makes the journey
        if cl == L.ERDE and (sq == state[L.MOVED] or sq == state[L.MOVED + 1]
                             or sq == state[L.MOVED + 2]):
            continue
        if cl == L.HEXEN:
            ok = hexen_any(state, params, seat, sq, state[L.JPTS])
        elif plain_unit(state, cl, cell_type(state[L.BOARD + sq]), sq):
            ok = plain_any(state, params, seat, sq, state[L.JPTS])
        else:
            ok = journey_gen(state, params, seat, sq, state[L.JPTS], out, 0, rtb(False),
                             rt(ANY_DEST)) > 0
        if ok:
            n = _add(out, n, sq, write)
    if cl == L.ERDE and state[L.JN] == 0 and state[L.RELIC + seat * 5 + L.META_] > 0 and \
            not (state[L.TFLAGS] & L.TF_META) and state[L.JPTS] >= 3:
        n = _add(out, n, L.A_SPEND + L.META_, write)
    # a split Erde journey runs to the full roll once begun (DG-ERDE-15); the journey as
    # a whole may still be called off before its first share (DG-PHASE-19)
    if not (cl == L.ERDE and state[L.JN] > 0 and n > 0):
        n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel(inline="always")
def _belay_opts(state, params, seat, dec, out, write):
    """D_BELAY_UNIT: own units beside the Ferrymen king that may move to a free neighbour of
    it (then no); D_BELAY_DEST: those free neighbours."""
    n = 0
    k = state[L.JUNIT]
    if dec == L.D_BELAY_DEST:
        for e in range(8):
            w = nxt(k, seat, e)
            if w >= 0 and state[L.BOARD + w] == 0 and not blocked_for(state, params, seat, w):
                n = _add(out, n, w, write)
        return n
    for d in range(8):
        u = nxt(k, seat, d)
        if u >= 0 and _own(state, seat, u) and movable(state, params, u) and \
                not unmoving(state, u):
            for e in range(8):
                w = nxt(k, seat, e)
                if w >= 0 and state[L.BOARD + w] == 0 and \
                        not blocked_for(state, params, seat, w):
                    n = _add(out, n, u, write)
                    break
    n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel(inline="always")
def _hex_opts(state, params, seat, out, write):
    """D_HEX: the Hex tokens that have a caster and something to mark, then done."""
    n = 0
    if _casters(state, params, seat, out, 0, False) > 0:
        if state[L.RELIC + seat * 5 + L.PG_] > 0 and not marks_full(state, params, L.PG):
            ok = False
            m = own_mask(state, seat)
            while m != 0:
                sq = low_sq(m)
                m &= m - np.uint64(1)
                t = cell_type(state[L.BOARD + sq])
                if state[L.PG + sq] == 0 and (sq == state[L.JUNIT] or t == L.SAGE) and \
                        t != L.ROOK:
                    ok = True
                    break
            if ok:
                n = _add(out, n, L.A_SPEND + L.PG_, write)
        if state[L.RELIC + seat * 5 + L.WL_] > 0 and not marks_full(state, params, L.LADDER):
            marks = ladder_targets(state, params, seat)
            m = own_mask(state, seat)
            while m != 0:
                sq = low_sq(m)
                m &= m - np.uint64(1)
                if cell_type(state[L.BOARD + sq]) != L.ROOK and \
                        (sq == state[L.JUNIT] or cell_type(state[L.BOARD + sq]) == L.SAGE) and \
                        (DIAGONALS[sq] & marks) != 0:
                    n = _add(out, n, L.A_SPEND + L.WL_, write)
                    break
    n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel(inline="always")
def _hex_caster_opts(state, params, seat, out, write):
    """D_HEX_CASTER: the units that may cast the chosen Hex (PEND)."""
    n = 0
    gardens = state[L.PEND] == L.PG_
    marks = np.uint64(0) if gardens else ladder_targets(state, params, seat)  # once a call
    m = own_mask(state, seat)
    while m != 0:
        sq = low_sq(m)
        m &= m - np.uint64(1)
        t = cell_type(state[L.BOARD + sq])
        if t == L.ROOK or not (sq == state[L.JUNIT] or t == L.SAGE):
            continue
        if gardens:
            if state[L.PG + sq] == 0:
                n = _add(out, n, sq, write)
        elif (DIAGONALS[sq] & marks) != 0:
            n = _add(out, n, sq, write)
    return n


@row_kernel(inline="always")
def _slot_opts(state, params, seat, out, write):
    """D_SLOT (Phase 4): every slot the bone in hand may go in, dead rows to return, keep."""
    n = 0
    v = state[L.HAND_V]
    for r in range(5):
        m = row_slots(state, params, seat, r, v)
        for p in range(4):
            if (m >> p) & 1:
                n = _add(out, n, L.A_SLOT + r * 4 + p, write)
    n = _return_opts(state, params, seat, out, n, write)
    n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel(inline="always")
def _dir_opts(state, params, seat, cl, out, write):
    """D_DIR: Unrelenting Tide directions that slide the rival royal, or Master the Current
    directions that Flow a picked pawn."""
    n = 0
    if cl == L.FERRY and state[L.PEND] == 0:
        for d in range(8):
            k, e = _tide_moves(state, params, seat, d)
            if k > 0:
                n = _add(out, n, L.A_DIR + d, write)
    else:
        for d in range(8):
            ok = False
            for s2 in (state[L.SEL], state[L.SEL2]):
                if s2 >= 0 and push_ok(state, params, seat, s2, d, rt(1), rt(-1), rt(-1)):
                    ok = True
            if ok:
                n = _add(out, n, L.A_DIR + d, write)
    if n == 0:
        n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel(inline="always")
def _huldra_opts(state, params, seat, out, write):
    """D_HULDRA: journey, Hunt, Leap, Tweak with the roll in hand, or pass."""
    n = 0
    v = state[L.HAND_V] if state[L.HAND_V] > 0 else state[L.JPTS]
    if _any_journey(state, params, seat, v):
        n = _add(out, n, L.A_JOURNEY, write)
    if _hunt_units(state, params, seat, v, out, rtb(False)) > 0:
        n = _add(out, n, L.A_DEED, write)
    if _leap_ok(state, params, seat):
        n = _add(out, n, L.A_LEAP, write)
    if state[L.RELIC + seat * 5 + L.TWEAK_] > 0 and not (state[L.TFLAGS] & L.TF_TWEAKED):
        n = _add(out, n, L.A_SPEND + L.TWEAK_, write)
    n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel(inline="always")
def _banish_opts(state, params, out, write):
    """D_BANISH: empty non-centre territories off both Seats (1 away for a rooted queen)."""
    n = 0
    rooted = _wibo_queen(state, params, state[L.SEL])
    for sq in range(64):
        r = sq // 8
        if 1 <= r <= 6 and state[L.BOARD + sq] == 0 and center_bit(sq) == 0 and \
                (not rooted or cheb(sq, state[L.SEL]) <= 1):
            n = _add(out, n, sq, write)
    if n == 0:
        n = _add(out, n, L.A_DONE, write)
    return n


@row_kernel(inline="always")
def _small_opts(state, params, seat, dec, out, write):
    """The decisions with few options: Divine Quarry, intent, Morph, retreat, aura choice,
    knight move, Renewal."""
    n = 0
    if dec == L.D_QUARRY:
        for sq in range(64):
            if _quarry_ok(state, params, seat, sq):
                n = _add(out, n, sq, write)
    elif dec == L.D_INTENT:
        n = _add(out, n, L.A_JOURNEY, write)
        if _any_deed_unit(state, params, seat, out):
            n = _add(out, n, L.A_DEED, write)
        if state[L.ROLLS] > 0:
            n = _add(out, n, L.A_DONE, write)
    elif dec == L.D_AURA_CHOICE:
        n = _add(out, n, L.A_YES, write)
        n = _add(out, n, L.A_RIPPLE, write)
    elif dec == L.D_MORPH:
        if morph_ready(state, params, seat):
            n = _add(out, n, L.A_YES, write)
            if state[L.RELIC + seat * 5 + L.SEED_] > 0:
                n = _add(out, n, L.A_SPEND + L.SEED_, write)
        n = _add(out, n, L.A_DONE, write)
    elif dec == L.D_RETREAT:
        n = _add(out, n, L.A_YES, write)  # Hasty Retreat where TF_HASTY, else the pawn alone
        if (state[L.TFLAGS] & L.TF_HASTY) and params[L.P_HASTY_ONLY] == 0 and state[L.NP0] >= 0:
            n = _add(out, n, L.A_JOURNEY, write)  # the new pawn retreats alone
        n = _add(out, n, L.A_DONE, write)
    elif dec == L.D_KNIGHT_MOVE:
        for sq in (state[L.TGT], state[L.TGT2]):
            if state[L.BOARD + sq] == 0 and not blocked_for(state, params, seat, sq):
                n = _add(out, n, sq, write)
        n = _add(out, n, L.A_DONE, write)
    elif dec == L.D_RENEWAL:
        rv = 1 - seat
        for r in range(5):
            for p in range(4):
                if state[slot_at(rv, r, p)] != 0:
                    n = _add(out, n, L.A_SLOT + r * 4 + p, write)
        if n == 0:
            n = _add(out, n, L.A_DONE, write)
    return n


# ---- legal actions --------------------------------------------------------------------------
@row_kernel
def opts(state, params, out, write):
    """Legal actions of the pending decision (DEC) in out[:n] (``write``) and their count n."""
    dec = state[L.DEC]
    seat = state[L.CUR]
    cl = clan_of(params, seat)
    n = 0
    if dec == L.D_UNIT:
        n = _journey_unit_opts(state, params, seat, cl, out, write)
    elif dec == L.D_DEST:
        n = journey_gen(state, params, seat, state[L.SEL], state[L.JPTS], out, 0, write, rt(-1))
    elif dec == L.D_UPKEEP:
        n = _upkeep_opts(state, params, out, write)
    elif dec == L.D_SLOT:
        n = _slot_opts(state, params, seat, out, write)
    elif dec == L.D_HEX:
        n = _hex_opts(state, params, seat, out, write)
    elif dec == L.D_HEX_CASTER:
        n = _hex_caster_opts(state, params, seat, out, write)
    elif dec == L.D_HEX_ORDER:  # which Hexes resolve first: Witch's Ladders or Poison Gardens
        n = _add(out, n, L.A_SPEND + L.WL_, write)
        n = _add(out, n, L.A_SPEND + L.PG_, write)
    elif dec == L.D_WL_TGT:
        excl = -1 if params[L.P_WL_SAME] != 0 else state[L.TGT]
        if not ((state[L.TFLAGS] & L.TF_WLPOP) and marks_full(state, params, L.LADDER)):
            n = ladder_gen(state, params, seat, state[L.SEL2], excl, out, 0, write)
        if state[L.TFLAGS] & L.TF_WLPOP:
            n = _add(out, n, L.A_DONE, write)
    elif dec == L.D_DEED_UNIT:
        n = _deed_units(state, params, seat, out, write)
    elif dec == L.D_DEED_TGT:
        if cl == L.WIBO:
            n = morph_reach(state, params, seat, state[L.SEL], out, 0, write)
        else:
            n = destroy_gen(state, params, seat, state[L.SEL], rtb(False), rt(-1), out, 0, write)
    elif dec == L.D_DEED_TGT2:
        n = destroy_gen(state, params, seat, state[L.SEL], rtb(True), state[L.TGT], out, 0, write)
        n = _add(out, n, L.A_DONE, write)
    elif dec == L.D_FLOW:
        n = _flow_opts(state, params, out, write)
    elif dec == L.D_BELAY_UNIT or dec == L.D_BELAY_DEST:
        n = _belay_opts(state, params, seat, dec, out, write)
    elif dec == L.D_MORPH_TGT2:
        n = morph_gen(state, params, seat, state[L.JUNIT], True, state[L.TGT], out, 0, write)
        n = _add(out, n, L.A_DONE, write)
    elif dec == L.D_MORPH_TGT:  # MORPH_DECL 0: a journey's end picks the Morph target
        n = morph_gen(state, params, seat, state[L.JUNIT], False, rt(-1), out, 0, write)
        n = _add(out, n, L.A_DONE, write)
    elif dec == L.D_RETREAT_DEST:
        src = state[L.JUNIT] if (state[L.TFLAGS] & L.TF_HASTY) else state[L.NP0]
        le = params[L.P_RETREAT_LE] != 0
        n = retreat_gen(state, params, seat, src, state[L.JPTS], le, out, 0, write)
        n = _add(out, n, L.A_DONE, write)
    elif dec == L.D_RELOC:  # the first unit waiting in LIMBO
        owner = cell_seat(state[L.LIMBO])
        n = place_gen(state, params, state[L.LIMBO + 4], state[L.LIMBO + 5], owner, out, 0,
                      write)
    elif dec == L.D_HCAP:
        n = _hcap_opts(state, params, seat, out, write)
    elif dec == L.D_PICK:
        n = _pick_opts(state, params, out, write)
    elif dec == L.D_PLACE:
        n = _place_opts(state, params, out, write)
    elif dec == L.D_DIR:
        n = _dir_opts(state, params, seat, cl, out, write)
    elif dec == L.D_HULDRA:
        n = _huldra_opts(state, params, seat, out, write)
    elif dec == L.D_HUNT_UNIT:
        n = _hunt_units(state, params, seat, state[L.JPTS], out, write)
    elif dec == L.D_HUNT_TGT or dec == L.D_PIVOT:
        n = hunt_gen(state, params, seat, state[L.SEL], state[L.TGT2], dec == L.D_PIVOT, out, 0,
                     write)
        if dec == L.D_PIVOT:
            n = _add(out, n, L.A_DONE, write)
    elif dec == L.D_LEAP:
        n = _leap_opts(state, params, seat, out, write)
    elif dec == L.D_BANISH:
        n = _banish_opts(state, params, out, write)
    else:
        n = _small_opts(state, params, seat, dec, out, write)
    if n == 0:  # safety: never leave a live game without a legal action
        n = _add(out, n, L.A_DONE, write)
    return n
