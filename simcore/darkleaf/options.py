"""Legal actions of each pending decision (``opts``) and the small helpers step shares."""
from numba import njit

from simcore.darkleaf.board import (
    blocked_for, cell_seat, cell_type, center_bit, cheb, clan_of, do_push, frozen,
    invulnerable, movable, nxt, place_gen, push_ok, rel_rank, ring_count, unmoving,
)
from simcore.darkleaf.layout import (
    A_DEED, A_DIR, A_DIR2, A_DONE, A_JOURNEY, A_LEAP, A_RETURN, A_RIPPLE, A_SLOT, A_SPEND,
    A_WILL, A_YES,
    AU_ASSASSIN, AU_BARBARIC, AU_IRON, AU_LONGBOW, AU_PIVOT, AU_QUARRY, AU_RIPPLE, AURA,
    AURA_MASK, AUX, BOARD, CUR, D_AURA_CHOICE, D_BANISH, D_BELAY_DEST, D_BELAY_UNIT,
    D_DEED_TGT, D_DEED_TGT2, D_DEED_UNIT, D_DEST, D_DIR, D_FLOW, D_HEX, D_HEX_CASTER,
    D_HULDRA, D_HUNT_TGT, D_HUNT_UNIT, D_INTENT, D_KNIGHT_MOVE, D_LEAP, D_MORPH,
    D_MORPH_TGT2, D_PICK, D_PIVOT, D_PLACE, D_QUARRY, D_RELOC, D_RENEWAL, D_RETREAT,
    D_RETREAT_DEST, D_SLOT, D_UNIT, D_UPKEEP, D_WL_TGT, DEC, D_HCAP, ERDE, FERRY, K_MIRACLE,
    GRAVE, HAND_V, HEXEN, HULDRA, I_DEED, INTENT, JDIR, JN, LIMBO, P_NSLOT, SKILL_KIND,
    JPTS, JUNIT, KING, MOVED, MURG, NP0, P_RETREAT_LE, P_SINK_OWN, P_WL_SAME, PAWN, PEND, PG,
    PSTEP, QUEEN, RECL, RELIC, ROLLS, ROOK, SAGE, SEL, SEL2, TF_HASTY, TF_LOOP, TF_META, TF_PREDICT,
    TF_TWEAKED, TF_WILL, TF_WLPOP, TFLAGS, TGT, TGT2, WIBO, WILLTOK,
)
from simcore.darkleaf.moves import (
    adjacent_to_type, destroy_capable, destroy_gen, hunt_gen, journey_gen, ladder_gen,
    morph_gen, morph_reach, retreat_gen,
)
from simcore.darkleaf.skills import (
    royal_sq, row_returnable, slot_at, slot_ok,
)


# ---- helpers ---------------------------------------------------------------------------------
@njit(cache=True)
def _own(state, seat, sq):
    c = state[BOARD + sq]
    return c != 0 and cell_seat(c) == seat


@njit(cache=True)
def _rival(state, seat, sq):
    c = state[BOARD + sq]
    return c != 0 and cell_seat(c) != seat


@njit(cache=True)
def _add(out, n, a, write):
    if write:
        out[n] = a
    return n + 1


@njit(cache=True)
def _wibo_queen(state, params, sq):
    """The unit on sq is the Wibo queen: Deep Roots caps what a rival moves her to 1."""
    c = state[BOARD + sq]
    return c != 0 and cell_type(c) == QUEEN and clan_of(params, cell_seat(c)) == WIBO


@njit(cache=True)
def _quarry_ok(state, params, hx, sq):
    c = state[BOARD + sq]
    if c == 0 or cell_seat(c) == hx or rel_rank(sq, hx) < 6:
        return False
    t = cell_type(c)
    if t == QUEEN or t == KING or t == ROOK:
        return False
    if state[AURA + sq] & AU_QUARRY:
        return False
    return not invulnerable(state, params, sq, hx)


@njit(cache=True)
def _tide_moves(state, params, seat, d):
    """How far Unrelenting Tide slides the rival royal in direction d."""
    rv = 1 - seat
    sq = royal_sq(state, params, rv)
    if sq < 0 or not movable(state, params, sq):
        return 0, sq
    cap = 1 if clan_of(params, rv) == WIBO else 64
    cur = sq
    k = 0
    while k < cap:
        n = nxt(cur, seat, d)
        if n < 0 or state[BOARD + n] != 0 or blocked_for(state, params, rv, n):
            break
        cur = n
        k += 1
    return k, cur


@njit(cache=True)
def _banish_next(state, params, seat):
    for sq in (27, 28, 35, 36):
        if _rival(state, seat, sq) and movable(state, params, sq):
            return sq
    return -1


@njit(cache=True)
def _casters(state, params, seat, out, base, write):
    """Hexen units that may Hex now: the unit that journeyed (not a rook) and every sage."""
    n = 0
    j = state[JUNIT]
    for sq in range(64):
        c = state[BOARD + sq]
        if c == 0 or cell_seat(c) != seat:
            continue
        t = cell_type(c)
        if t == ROOK:
            continue
        if sq == j or t == SAGE:
            if write:
                out[base + n] = sq
            n += 1
    return n


@njit(cache=True)
def _flow_opt(state, params, seat, victim, d, k, ign, ripple):
    """1 when the victim can be Flowed k in d directly, 2 through Ripple Effect, 0 not at all."""
    if push_ok(state, params, seat, victim, d, k, ign, -1):
        return 1
    if ripple:
        n1 = nxt(victim, seat, d)
        if k > 1 and n1 >= 0 and cell_type(state[BOARD + n1]) == QUEEN and \
                clan_of(params, cell_seat(state[BOARD + n1])) == WIBO:
            return 0  # the rooted queen moves only 1 and would block the first unit
        if n1 >= 0 and _rival(state, seat, n1) and \
                push_ok(state, params, seat, n1, d, k, ign, victim) and \
                push_ok(state, params, seat, victim, d, k, ign, n1):
            return 2
    return 0


@njit(cache=True)
def _apply_flow(state, params, seat, victim, d, k, ign, ripple, excl):
    how = _flow_opt(state, params, seat, victim, d, k, ign, ripple)
    if how == 2:
        n1 = nxt(victim, seat, d)
        do_push(state, params, seat, n1, d, k, excl)
    if how >= 1:
        do_push(state, params, seat, victim, d, k, excl)


@njit(cache=True)
def _flow_opts(state, params, out, write):
    """Options of D_FLOW: AUX 0 landing upon (TGT victim, SEL mover origin), 1 ahead (TGT
    victim, d = JDIR), 2 zero journey (SEL the Ferrymen unit)."""
    seat = state[CUR]
    mode = state[AUX]
    n = 0
    if mode == 2:
        src = state[SEL]
        a = state[AURA + src]
        for d in range(8):
            v = nxt(src, seat, d)
            if v < 0 or not _rival(state, seat, v):
                continue
            if _flow_opt(state, params, seat, v, d, 1, -1, (a & AU_RIPPLE) != 0) > 0:
                n = _add(out, n, A_DIR + d, write)
            if (a & AU_BARBARIC) and _flow_opt(state, params, seat, v, d, 2, -1,
                                                (a & AU_RIPPLE) != 0) > 0:
                n = _add(out, n, A_DIR2 + d, write)
        n = _add(out, n, A_DONE, write)
        return n
    src = state[SEL]
    a = state[AURA + src]
    v = state[TGT]
    rip = (a & AU_RIPPLE) != 0
    for d in range(8):
        if mode == 1 and d != state[JDIR]:
            continue
        if _flow_opt(state, params, seat, v, d, 1, src, rip) > 0:
            n = _add(out, n, A_DIR + d, write)
        if (a & AU_BARBARIC) and _flow_opt(state, params, seat, v, d, 2, src, rip) > 0:
            n = _add(out, n, A_DIR2 + d, write)
    return n


@njit(cache=True)
def _pick_opts(state, params, out, write):
    seat = state[CUR]
    cl = clan_of(params, seat)
    r = state[PEND]
    st = state[PSTEP]
    n = 0
    for sq in range(64):
        c = state[BOARD + sq]
        if c == 0:
            continue
        s = cell_seat(c)
        t = cell_type(c)
        a = state[AURA + sq]
        ok = False
        if cl == MURG:
            if r == 0:
                ok = s == seat and t == PAWN and not (a & AU_IRON)
            elif r == 3:
                if st == 1:
                    ok = s == seat and t == PAWN
                else:
                    ok = s == seat and t == SAGE and not (a & AU_ASSASSIN)
        elif cl == HULDRA:
            if r == 0:
                ok = s == seat and t == PAWN and not (a & AU_LONGBOW)
            elif r == 1:
                ok = s == seat and t == SAGE and not (a & AU_PIVOT)
        elif cl == HEXEN:
            ok = r == 2 and movable(state, params, sq) and not unmoving(state, sq)
        elif cl == WIBO:
            if r == 0:
                ok = t == PAWN and movable(state, params, sq)
            elif r == 3:
                ok = s != seat and (a & AURA_MASK) != 0
        elif cl == FERRY:
            if r == 1:
                ok = t == PAWN and movable(state, params, sq) and sq != state[SEL]
            elif r == 2:
                if st == 0:
                    ok = s == seat and t == PAWN and movable(state, params, sq)
                else:
                    ok = s != seat and t == PAWN and movable(state, params, sq)
        elif cl == ERDE:
            if r == 3:
                if s != seat:
                    ok = not invulnerable(state, params, sq, seat)
                elif params[P_SINK_OWN] != 0:
                    ok = t != KING and not invulnerable(state, params, sq, 1 - seat)
        if ok:
            n = _add(out, n, sq, write)
    if n == 0 or (cl == FERRY and r == 1 and st == 1):
        n = _add(out, n, A_DONE, write)
    return n


@njit(cache=True)
def _place_opts(state, params, out, write):
    seat = state[CUR]
    cl = clan_of(params, seat)
    r = state[PEND]
    n = 0
    if (cl == WIBO and r == 1) or (cl == ERDE and r == 1):
        owner = 1 - seat if cl == WIBO else seat
        if state[GRAVE + owner * 6 + PAWN] > 0:
            if write:
                n = ring_count(state, params, seat, ROOK, out, 0, True)
            else:
                n = ring_count(state, params, seat, ROOK, out, 0, False)
    else:
        sel = state[SEL]
        owner = cell_seat(state[BOARD + sel])
        rooted = owner != seat and _wibo_queen(state, params, sel)
        for sq in range(64):
            if state[BOARD + sq] == 0 and not blocked_for(state, params, owner, sq) and \
                    (not rooted or cheb(sq, sel) <= 1):
                n = _add(out, n, sq, write)
    if n == 0:
        n = _add(out, n, A_DONE, write)
    return n


@njit(cache=True)
def _hcap_opts(state, params, seat, out, write):
    """Handicap bone in hand (setup, DG-TIPS-01..04): every slot it may go in, except one that
    would complete a miracle row (no miracle is activated during setup)."""
    cl = clan_of(params, seat)
    v = state[HAND_V]
    n = 0
    for r in range(5):
        ns = params[P_NSLOT + seat * 5 + r]
        filled = 0
        for q in range(ns):
            if state[slot_at(seat, r, q)] != 0:
                filled += 1
        if filled + 1 == ns and SKILL_KIND[cl][r] == K_MIRACLE:
            continue
        for p in range(4):
            if slot_ok(state, params, seat, r, p, v):
                n = _add(out, n, A_SLOT + r * 4 + p, write)
    if n == 0:
        n = _add(out, n, A_DONE, write)
    return n


@njit(cache=True)
def _return_opts(state, params, seat, out, n, write):
    """DG-SLOT-15: one optional 'return row r's bones' action per row whose skill is no longer
    applicable and still holds bones (offered in the Upkeep and Slot Bones decisions)."""
    for r in range(5):
        if row_returnable(state, params, seat, r):
            n = _add(out, n, A_RETURN + r, write)
    return n


@njit(cache=True)
def _relic_spend_opts(state, params, seat, tf, out, n, write):
    """The relic tokens seat may spend in Upkeep (Murg relics, Unrelenting Tide, Banish)."""
    cl = clan_of(params, seat)
    if cl == MURG:
        if state[RELIC + seat * 5 + 1] > 0 and not (tf & TF_PREDICT):
            n = _add(out, n, A_SPEND + 1, write)
        if state[RELIC + seat * 5 + 2] > 0 and not (tf & TF_LOOP):
            n = _add(out, n, A_SPEND + 2, write)
    elif cl == FERRY:
        if state[RELIC + seat * 5] > 0:
            for d in range(8):
                k, e = _tide_moves(state, params, seat, d)
                if k > 0:
                    n = _add(out, n, A_SPEND, write)
                    break
    elif cl == ERDE:
        if state[RELIC + seat * 5] > 0 and _banish_next(state, params, seat) >= 0:
            n = _add(out, n, A_SPEND, write)
    return n


@njit(cache=True)
def _upkeep_opts(state, params, out, write):
    seat = state[CUR]
    n = 0
    tf = state[TFLAGS]
    if not (tf & TF_WILL):  # Upkeep steps run in order: relic tokens are spent before the Will
        n = _relic_spend_opts(state, params, seat, tf, out, n, write)
    if state[WILLTOK + seat] > 0:
        n = _add(out, n, A_WILL, write)
    n = _return_opts(state, params, seat, out, n, write)
    n = _add(out, n, A_DONE, write)
    return n


@njit(cache=True)
def _any_journey(state, params, seat, pts):
    for sq in range(64):
        if _own(state, seat, sq) and journey_gen(state, params, seat, sq, pts, state, 0, False,
                                                  -1) > 0:
            return True
    return False


@njit(cache=True)
def _leap_ok(state, params, seat):
    q = royal_sq(state, params, seat)
    if q < 0 or unmoving(state, q) or not movable(state, params, q):
        return False
    if adjacent_to_type(state, seat, q, ROOK, False):
        return False
    for sq in range(64):
        c = state[BOARD + sq]
        if c != 0 and cell_seat(c) == seat and cell_type(c) == ROOK:
            return True
    return False


@njit(cache=True)
def _leap_opts(state, params, seat, out, write):
    n = 0
    for sq in range(64):
        if state[BOARD + sq] != 0 or blocked_for(state, params, seat, sq):
            continue
        if adjacent_to_type(state, seat, sq, ROOK, True):
            n = _add(out, n, sq, write)
    if n == 0:
        n = ring_count(state, params, seat, ROOK, out, 0, write)
    return n


@njit(cache=True)
def _hunt_units(state, params, seat, dist, out, write):
    n = 0
    for sq in range(64):
        if _own(state, seat, sq) and hunt_gen(state, params, seat, sq, dist, False, out, 0,
                                              False) > 0:
            n = _add(out, n, sq, write)
    return n


@njit(cache=True)
def _deed_units(state, params, seat, out, write):
    cl = clan_of(params, seat)
    n = 0
    for sq in range(64):
        if not _own(state, seat, sq):
            continue
        if cl == MURG:
            if destroy_capable(state, params, seat, sq) and \
                    destroy_gen(state, params, seat, sq, False, -1, out, 0, False) > 0:
                n = _add(out, n, sq, write)
        elif cl == ERDE:
            b = center_bit(sq)
            if b != 0 and (state[RECL] & b) == 0 and cell_type(state[BOARD + sq]) == PAWN \
                    and not frozen(state, sq):
                n = _add(out, n, sq, write)
        elif cl == WIBO and morph_reach(state, params, seat, sq, out, 0, False) > 0:
            n = _add(out, n, sq, write)
    return n


@njit(cache=True)
def morph_ready(state, params, seat):
    """The declared Morph target (TGT) neighbors the unit that journeyed and is vulnerable."""
    j = state[JUNIT]
    tg = state[TGT]
    if j < 0 or tg < 0 or not _rival(state, seat, tg):
        return False
    c = state[BOARD + j]
    if c == 0 or cell_seat(c) != seat:
        return False
    t = cell_type(c)
    if t == ROOK or t == QUEEN or invulnerable(state, params, tg, seat):
        return False
    for d in range(0, 8, 2):
        if nxt(j, seat, d) == tg:
            return True
    return False


# ---- legal actions --------------------------------------------------------------------------
@njit(cache=True)
def opts(state, params, out, write):
    dec = state[DEC]
    seat = state[CUR]
    cl = clan_of(params, seat)
    n = 0
    if dec == D_QUARRY:
        hx = seat
        for sq in range(64):
            if _quarry_ok(state, params, hx, sq):
                n = _add(out, n, sq, write)
    elif dec == D_UPKEEP:
        n = _upkeep_opts(state, params, out, write)
    elif dec == D_INTENT:
        n = _add(out, n, A_JOURNEY, write)
        if _deed_units(state, params, seat, out, False) > 0:
            n = _add(out, n, A_DEED, write)
        if state[ROLLS] > 0:
            n = _add(out, n, A_DONE, write)
    elif dec == D_DEED_UNIT:
        n = _deed_units(state, params, seat, out, write)
    elif dec == D_DEED_TGT:
        if cl == WIBO:
            n = morph_reach(state, params, seat, state[SEL], out, 0, write)
        else:
            n = destroy_gen(state, params, seat, state[SEL], False, -1, out, 0, write)
    elif dec == D_DEED_TGT2:
        n = destroy_gen(state, params, seat, state[SEL], True, state[TGT], out, 0, write)
        n = _add(out, n, A_DONE, write)
    elif dec == D_UNIT:
        for sq in range(64):
            if not _own(state, seat, sq):
                continue
            if cl == WIBO and state[INTENT] == I_DEED and sq != state[SEL]:
                continue  # the unit declared for the Morph makes the journey
            if cl == ERDE and (sq == state[MOVED] or sq == state[MOVED + 1]
                               or sq == state[MOVED + 2]):
                continue
            if journey_gen(state, params, seat, sq, state[JPTS], out, 0, False, -1) > 0:
                n = _add(out, n, sq, write)
        if cl == ERDE and state[JN] == 0 and state[RELIC + seat * 5 + 2] > 0 and \
                not (state[TFLAGS] & TF_META) and state[JPTS] >= 3:
            n = _add(out, n, A_SPEND + 2, write)
        # a split Erde journey runs to the full roll once begun (DG-ERDE-15); the journey as
        # a whole may still be called off before its first share (DG-PHASE-19)
        if not (cl == ERDE and state[JN] > 0 and n > 0):
            n = _add(out, n, A_DONE, write)
    elif dec == D_DEST:
        n = journey_gen(state, params, seat, state[SEL], state[JPTS], out, 0, write, -1)
    elif dec == D_FLOW:
        n = _flow_opts(state, params, out, write)
    elif dec == D_AURA_CHOICE:
        n = _add(out, n, A_YES, write)
        n = _add(out, n, A_RIPPLE, write)
    elif dec == D_BELAY_UNIT:
        k = state[JUNIT]
        for d in range(8):
            u = nxt(k, seat, d)
            if u >= 0 and _own(state, seat, u) and movable(state, params, u) and \
                    not unmoving(state, u):
                for e in range(8):
                    w = nxt(k, seat, e)
                    if w >= 0 and state[BOARD + w] == 0 and not blocked_for(state, params, seat, w):
                        n = _add(out, n, u, write)
                        break
        n = _add(out, n, A_DONE, write)
    elif dec == D_BELAY_DEST:
        k = state[JUNIT]
        for e in range(8):
            w = nxt(k, seat, e)
            if w >= 0 and state[BOARD + w] == 0 and not blocked_for(state, params, seat, w):
                n = _add(out, n, w, write)
    elif dec == D_MORPH:
        if morph_ready(state, params, seat):
            n = _add(out, n, A_YES, write)
            if state[RELIC + seat * 5 + 2] > 0:
                n = _add(out, n, A_SPEND + 2, write)
        n = _add(out, n, A_DONE, write)
    elif dec == D_MORPH_TGT2:
        n = morph_gen(state, params, seat, state[JUNIT], True, state[TGT], out, 0, write)
        n = _add(out, n, A_DONE, write)
    elif dec == D_RETREAT:
        n = _add(out, n, A_YES, write)
        n = _add(out, n, A_DONE, write)
    elif dec == D_RETREAT_DEST:
        src = state[JUNIT] if (state[TFLAGS] & TF_HASTY) else state[NP0]
        le = params[P_RETREAT_LE] != 0
        n = retreat_gen(state, params, seat, src, state[JPTS], le, out, 0, write)
        n = _add(out, n, A_DONE, write)
    elif dec == D_HEX:
        if _casters(state, params, seat, out, 0, False) > 0:
            if state[RELIC + seat * 5 + 0] > 0:
                ok = False
                for sq in range(64):
                    if _own(state, seat, sq) and state[PG + sq] == 0 and \
                            (sq == state[JUNIT] or cell_type(state[BOARD + sq]) == SAGE) and \
                            cell_type(state[BOARD + sq]) != ROOK:
                        ok = True
                        break
                if ok:
                    n = _add(out, n, A_SPEND + 0, write)
            if state[RELIC + seat * 5 + 1] > 0:
                for sq in range(64):
                    if _own(state, seat, sq) and cell_type(state[BOARD + sq]) != ROOK and \
                            (sq == state[JUNIT] or cell_type(state[BOARD + sq]) == SAGE) and \
                            ladder_gen(state, params, seat, sq, -1, out, 0, False) > 0:
                        n = _add(out, n, A_SPEND + 1, write)
                        break
        n = _add(out, n, A_DONE, write)
    elif dec == D_HEX_CASTER:
        for sq in range(64):
            if not _own(state, seat, sq):
                continue
            t = cell_type(state[BOARD + sq])
            if t == ROOK or not (sq == state[JUNIT] or t == SAGE):
                continue
            if state[PEND] == 0:
                if state[PG + sq] == 0:
                    n = _add(out, n, sq, write)
            elif ladder_gen(state, params, seat, sq, -1, out, 0, False) > 0:
                n = _add(out, n, sq, write)
    elif dec == D_WL_TGT:
        excl = -1 if params[P_WL_SAME] != 0 else state[TGT]
        n = ladder_gen(state, params, seat, state[SEL2], excl, out, 0, write)
        if state[TFLAGS] & TF_WLPOP:
            n = _add(out, n, A_DONE, write)
    elif dec == D_SLOT:
        v = state[HAND_V]
        for r in range(5):
            for p in range(4):
                if slot_ok(state, params, seat, r, p, v):
                    n = _add(out, n, A_SLOT + r * 4 + p, write)
        n = _return_opts(state, params, seat, out, n, write)
        n = _add(out, n, A_DONE, write)
    elif dec == D_RELOC:  # the first unit waiting in LIMBO
        owner = cell_seat(state[LIMBO])
        n = place_gen(state, params, state[LIMBO + 4], state[LIMBO + 5], owner, out, 0, write)
    elif dec == D_HCAP:
        n = _hcap_opts(state, params, seat, out, write)
    elif dec == D_PICK:
        n = _pick_opts(state, params, out, write)
    elif dec == D_PLACE:
        n = _place_opts(state, params, out, write)
    elif dec == D_DIR:
        if cl == FERRY and state[PEND] == 0:
            for d in range(8):
                k, e = _tide_moves(state, params, seat, d)
                if k > 0:
                    n = _add(out, n, A_DIR + d, write)
        else:
            for d in range(8):
                ok = False
                for s2 in (state[SEL], state[SEL2]):
                    if s2 >= 0 and push_ok(state, params, seat, s2, d, 1, -1, -1):
                        ok = True
                if ok:
                    n = _add(out, n, A_DIR + d, write)
        if n == 0:
            n = _add(out, n, A_DONE, write)
    elif dec == D_HULDRA:
        v = state[HAND_V] if state[HAND_V] > 0 else state[JPTS]
        if _any_journey(state, params, seat, v):
            n = _add(out, n, A_JOURNEY, write)
        if _hunt_units(state, params, seat, v, out, False) > 0:
            n = _add(out, n, A_DEED, write)
        if _leap_ok(state, params, seat):
            n = _add(out, n, A_LEAP, write)
        if state[RELIC + seat * 5 + 3] > 0 and not (state[TFLAGS] & TF_TWEAKED):
            n = _add(out, n, A_SPEND + 3, write)
        n = _add(out, n, A_DONE, write)
    elif dec == D_HUNT_UNIT:
        n = _hunt_units(state, params, seat, state[JPTS], out, write)
    elif dec == D_HUNT_TGT or dec == D_PIVOT:
        n = hunt_gen(state, params, seat, state[SEL], state[TGT2], dec == D_PIVOT, out, 0, write)
        if dec == D_PIVOT:
            n = _add(out, n, A_DONE, write)
    elif dec == D_LEAP:
        n = _leap_opts(state, params, seat, out, write)
    elif dec == D_KNIGHT_MOVE:
        for sq in (state[TGT], state[TGT2]):
            if state[BOARD + sq] == 0 and not blocked_for(state, params, seat, sq):
                n = _add(out, n, sq, write)
        n = _add(out, n, A_DONE, write)
    elif dec == D_BANISH:
        rooted = _wibo_queen(state, params, state[SEL])
        for sq in range(64):
            r = sq // 8
            if 1 <= r <= 6 and state[BOARD + sq] == 0 and center_bit(sq) == 0 and \
                    (not rooted or cheb(sq, state[SEL]) <= 1):
                n = _add(out, n, sq, write)
        if n == 0:
            n = _add(out, n, A_DONE, write)
    elif dec == D_RENEWAL:
        rv = 1 - seat
        for r in range(5):
            for p in range(4):
                if state[slot_at(rv, r, p)] != 0:
                    n = _add(out, n, A_SLOT + r * 4 + p, write)
        if n == 0:
            n = _add(out, n, A_DONE, write)
    if n == 0:  # safety: never leave a live game without a legal action
        n = _add(out, n, A_DONE, write)
    return n
