"""Scripted Darkleaf Gambit player as it was before the blunder fixes (persona "legacy").

Kept unchanged so the improved ``default`` persona (agents/scripted/darkleaf.py) can be
measured head-to-head against it.  The description below is the original one.

Original: one plan per clan.

Cheap greedy play on a clan-aware evaluation (one linear pass over the board):

* Upkeep, bone slotting and a few yes/no choices follow fixed rules (no search).
  The bones of a row whose skill no longer applies are always taken back (DG-SLOT-15).
* Every other decision applies each legal action to a copy and evaluates the result; when
  the action only opens a sub-decision of the same choice (unit -> destination -> Flow, deed
  -> unit -> target) the best option of that sub-decision is taken (at most 3 levels, one
  sample below the top).  An action that rolls a bone at the top level is averaged over 3
  samples.
* Declining to act (no journey, no deed) costs a little, so the clan keeps moving toward its
  path to victory instead of waiting for the turn cap.
* Wildero Wibo declare a Morph (Phase 2) when a unit stands within 3 territories of a rival
  it could reach, naming the pair with the best worth for distance (a royal first); else a
  journey.  Handicap bones are slotted like bones in play; placements (D_RELOC) are searched.

What the evaluation rewards, per clan (what the clan guide tells a player to pursue):

* Huldra: marks on the rival royal; hunters standing on a clear line to the royal.
* The Murg: Destroy-capable units adjacent to (and close to) the rival royal; an Assassin.
* Ferrymen: push-offs of the rival royal; the royal near Haggedorn's edge; Flowers near it.
* Erde: Reclaimed centre territories, pawns on unclaimed centre squares, then the king there.
* Wildero Wibo: pawns in the Wibo Seat, pawns close to the Seat, units beside rival units
  (ready to Morph), Morph candidates converted.
* Hexen: Quarry vanquished; Ladders and Gardens on or beside the Quarry; casters near it.

All clans value material, slotted bones, relic tokens and Laws, and penalise the rival's
progress on its own path (threats to the own royal, own Quarry under Hexes, centre control).
"""
import numpy as np
from numba import njit

from simcore.darkleaf import engine as E
from simcore.darkleaf.board import cell_seat, cell_type, cheb, clan_of, rel_rank, rt, rtb
from simcore.darkleaf.layout import (
    A_DEED, A_DONE, A_JOURNEY, A_RETURN, A_SLOT, A_SPEND, A_WILL, AU_ASSASSIN, AU_QUARRY, AURA,
    AURA_MASK, BOARD, CUR, D_AURA_CHOICE, D_BELAY_DEST, D_DEED_TGT, D_DEED_TGT2, D_DEED_UNIT,
    D_DEST, D_FLOW, D_HEX_CASTER, D_HULDRA, D_HUNT_TGT, D_HUNT_UNIT, D_INTENT, D_KNIGHT_MOVE,
    D_HCAP, D_LEAP, D_MORPH, D_MORPH_TGT2, D_PIVOT, D_RELOC, D_RETREAT, D_SLOT, D_UNIT,
    D_UPKEEP, D_WL_TGT, DEC, END, ERDE, FERRY, HAND_V, HEXEN, HULDRA, JPTS, KING, KNIGHT,
    LADDER, LAW, MARKS, MURG, NUM_ACTIONS, P_NSLOT, P_WILL_MODE, PAWN, PG, QLEFT, QUEEN,
    RECL, RELIC, ROLLS, ROOK, ROUND, SAGE, SEL, SLOTS, STATE_SIZE, WIBO, WINNER,
)
from simcore.darkleaf.moves import destroy_gen, journey_gen, morph_reach

UNIT_VALUE = (1.0, 3.0, 3.0, 0.5, 8.0, 8.0)
# how much each clan wants each skill row (clan board order), for slotting
SKILL_WANT = (
    (3.0, 3.0, 1.5, 2.0, 1.0),   # Hexen: Garden, Ladder, Hoc Vult, Waxing Moon, Compass
    (3.0, 0.8, 2.0, 0.5, 3.0),   # Wibo: Spores, Regrowth, Seed, Scatter, Endless
    (1.5, 1.5, 2.0, 2.5, 3.0),   # Murg: Plating, Predictive, Loop, Assassin, Singularity
    (3.0, 1.5, 1.0, 1.5, 1.0),   # Ferrymen: Tide, Current, Eddy, Big Wave, Calm Waters
    (1.5, 1.5, 1.5, 2.0, 3.0),   # Erde: Banish, TWCBD, Metamorphic, Sink, One With the Land
    (2.0, 1.5, 1.0, 1.5, 1.0),   # Huldra: Long Bow, Pivot, Renewal, Tweak, Adapt
)
CENTRE = (27, 28, 35, 36)


@njit(cache=True, inline="always")
def _sgn(x):
    return 0 if x == 0 else (1 if x > 0 else -1)


@njit(cache=True)
def _clear_line(state, a, b):
    """1 (neighboring line) or 2 (diagonal line) when nothing stands between a and b."""
    dr = b // 8 - a // 8
    df = b % 8 - a % 8
    if not (dr == 0 or df == 0 or abs(dr) == abs(df)):
        return 0
    n = abs(dr) if dr != 0 else abs(df)
    ur = _sgn(dr)
    uf = _sgn(df)
    for i in range(1, n):
        if state[BOARD + (a // 8 + ur * i) * 8 + a % 8 + uf * i] != 0:
            return 0
    return 1 if (dr == 0 or df == 0) else 2


@njit(cache=True)
def _erde_progress(state, seat):
    """Erde's part of :func:`_progress` (split out unchanged)."""
    v = 0.0
    n = 0
    for b in range(4):
        if state[RECL] & (1 << b):
            n += 1
    v += 30.0 * n
    for sq in range(64):
        c = state[BOARD + sq]
        if c == 0 or cell_seat(c) != seat:
            continue
        t = cell_type(c)
        if t == PAWN:
            best = 9
            for i in range(4):
                cs = CENTRE[i]
                if (state[RECL] & (1 << i)) == 0:
                    d = cheb(sq, cs)
                    if d < best:
                        best = d
            if best == 0:
                v += 10.0
            elif best < 9:
                v -= 0.8 * best
        elif t == KING and state[RECL] == 15:
            best = 9
            for i in range(4):
                d = cheb(sq, CENTRE[i])
                if d < best:
                    best = d
            v -= 6.0 * best
    return v


@njit(cache=True)
def _hexen_progress(state, seat):
    """Hexen's part of :func:`_progress` (split out unchanged)."""
    v = 0.0
    v += 70.0 * (2 - state[QLEFT])
    for sq in range(64):
        c = state[BOARD + sq]
        if c == 0 or cell_seat(c) == seat or not (state[AURA + sq] & AU_QUARRY):
            continue
        if state[LADDER + sq] > 0:
            v += 25.0
        r0 = sq // 8
        f0 = sq % 8
        for dr in range(-1, 2):
            for df in range(-1, 2):
                r2 = r0 + dr
                f2 = f0 + df
                if r2 < 0 or r2 > 7 or f2 < 0 or f2 > 7:
                    continue
                n = r2 * 8 + f2
                if state[PG + n] > 0:
                    v += 14.0
                c2 = state[BOARD + n]
                if n != sq and c2 != 0 and cell_seat(c2) != seat and state[LADDER + n] > 0:
                    v += 12.0
        for n in range(64):
            c2 = state[BOARD + n]
            if c2 != 0 and cell_seat(c2) == seat and cell_type(c2) != ROOK:
                d = cheb(n, sq)
                v -= 0.3 * d
                if d <= 1:
                    v += 1.5
    return v


@njit(cache=True)
def _progress(state, params, seat, rq, oq):
    """How far ``seat`` is along its path to victory; rq the rival royal, oq the own royal."""
    cl = clan_of(params, seat)
    rv = 1 - seat
    v = 0.0
    if cl == HULDRA:
        v += 40.0 * state[MARKS + rv]
        if rq >= 0:
            for sq in range(64):
                c = state[BOARD + sq]
                if c == 0 or cell_seat(c) != seat:
                    continue
                t = cell_type(c)
                if t == ROOK:
                    continue
                d = cheb(sq, rq)
                v -= 0.15 * d
                if d <= 8:
                    ln = _clear_line(state, sq, rq)
                    if ln > 0 and ((ln == 1 and (t == PAWN or t == QUEEN or t == KNIGHT))
                                   or (ln == 2 and (t == SAGE or t == KNIGHT))):
                        v += 3.0
    elif cl == MURG:
        if rq >= 0:
            for sq in range(64):
                c = state[BOARD + sq]
                if c == 0 or cell_seat(c) != seat:
                    continue
                t = cell_type(c)
                if t == PAWN or t == KNIGHT:
                    d = cheb(sq, rq)
                    v -= 0.6 * d
                    if d == 1:
                        v += 9.0
                elif t == SAGE:
                    if state[AURA + sq] & AU_ASSASSIN:
                        v += 20.0
                    v -= 0.3 * cheb(sq, rq)
    elif cl == FERRY:
        v += 50.0 * state[MARKS + rv]
        if rq >= 0:
            r = rq // 8
            f = rq % 8
            e = min(min(r, 7 - r), min(f, 7 - f))
            v -= 4.0 * e
            for sq in range(64):
                c = state[BOARD + sq]
                if c != 0 and cell_seat(c) == seat:
                    t = cell_type(c)
                    if t == PAWN or t == SAGE or t == KNIGHT:
                        d = cheb(sq, rq)
                        v -= 0.4 * d
                        if d == 1:
                            v += 2.0
    elif cl == ERDE:
        v += _erde_progress(state, seat)
    elif cl == WIBO:
        for sq in range(64):
            c = state[BOARD + sq]
            if c == 0 or cell_seat(c) != seat:
                continue
            t = cell_type(c)
            if t == PAWN:
                r = rel_rank(sq, seat)
                v += 5.0 - 0.8 * r
                if r == 0:
                    v += 12.0
            if t == PAWN or t == KNIGHT or t == SAGE:
                # beside a rival unit: a Morph target next turn
                for d in range(4):
                    dr = (1, 0, -1, 0)[d]
                    df = (0, 1, 0, -1)[d]
                    r2 = sq // 8 + dr
                    f2 = sq % 8 + df
                    if 0 <= r2 < 8 and 0 <= f2 < 8:
                        c2 = state[BOARD + r2 * 8 + f2]
                        if c2 != 0 and cell_seat(c2) != seat and cell_type(c2) != ROOK:
                            v += 1.2
                            break
    elif cl == HEXEN:
        v += _hexen_progress(state, seat)
    return v


@njit(cache=True)
def evaluate(state, params, seat):
    if state[END] != 0:
        w = state[WINNER]
        if w == seat:
            return 1e6
        if w < 0:
            return 0.0
        return -1e6
    v = 0.0
    rq0 = -1
    rq1 = -1
    for sq in range(64):
        c = state[BOARD + sq]
        if c == 0:
            continue
        s = cell_seat(c)
        t = cell_type(c)
        if t == QUEEN or t == KING:
            if s == 0:
                rq0 = sq
            else:
                rq1 = sq
        val = UNIT_VALUE[t]
        if (state[AURA + sq] & AURA_MASK) != 0:
            val += 1.5
        if state[LADDER + sq] > 0:
            val -= 1.5
        v += val if s == seat else -val
    for s in range(2):
        sg = 1.0 if s == seat else -1.0
        for i in range(20):
            if state[SLOTS + s * 20 + i] != 0:
                v += 0.6 * sg
        for r in range(5):
            v += 3.0 * sg * state[RELIC + s * 5 + r]
        v += 12.0 * sg * state[LAW + s]
    own = rq0 if seat == 0 else rq1
    riv = rq1 if seat == 0 else rq0
    v += _progress(state, params, seat, riv, own) - 0.9 * _progress(state, params, 1 - seat,
                                                                     own, riv)
    return v


@njit(cache=True, inline="always")
def _sub(dec):
    """Sub-decisions that finish the choice just made (searched through)."""
    return dec == D_DEST or dec == D_DEED_TGT or dec == D_DEED_TGT2 or dec == D_HUNT_UNIT \
        or dec == D_HUNT_TGT or dec == D_DEED_UNIT \
        or dec == D_MORPH_TGT2 or dec == D_WL_TGT or dec == D_HEX_CASTER or dec == D_FLOW \
        or dec == D_AURA_CHOICE or dec == D_KNIGHT_MOVE or dec == D_LEAP or dec == D_PIVOT \
        or dec == D_BELAY_DEST or dec == D_RELOC


@njit(cache=True, inline="always")
def _copy_step(state, params, a, row, rng, r2, sample, depth):
    for i in range(STATE_SIZE):
        row[i] = state[i]
    r2[0] = rng[0] + np.uint64(sample * 7919 + depth * 104729 + 1)
    r2[1] = rng[1]
    E.step(row, params, rt(a), r2)  # int64 like the arena: step compiles once


@njit(cache=True, inline="always")
def _more(row, seat, depth):
    return depth < 2 and row[END] == 0 and row[CUR] == seat and _sub(row[DEC])


@njit(cache=True)
def _v2(state, params, seat, a, rng, buf, lbuf, rb):
    row = buf[2]
    _copy_step(state, params, a, row, rng, rb[2], 0, 2)
    return evaluate(row, params, seat)


@njit(cache=True)
def _v1(state, params, seat, a, rng, buf, lbuf, rb):
    row = buf[1]
    _copy_step(state, params, a, row, rng, rb[1], 0, 1)
    if _more(row, seat, 1):
        lg = lbuf[1]
        n = E.legal_actions(row, params, lg)
        best = -1e18
        for j in range(n):
            x = _v2(row, params, seat, lg[j], rng, buf, lbuf, rb)
            if x > best:
                best = x
        return best
    return evaluate(row, params, seat)


@njit(cache=True)
def _v0(state, params, seat, a, rng, buf, lbuf, rb):
    """Value for ``seat`` of playing ``a``: sub-decisions searched (3 levels), a roll at the
    top averaged over 3 samples."""
    total = 0.0
    k = 0
    row = buf[0]
    for sample in range(3):
        _copy_step(state, params, a, row, rng, rb[0], sample, 0)
        if _more(row, seat, 0):
            lg = lbuf[0]
            n = E.legal_actions(row, params, lg)
            best = -1e18
            for j in range(n):
                x = _v1(row, params, seat, lg[j], rng, buf, lbuf, rb)
                if x > best:
                    best = x
            total += best
        else:
            total += evaluate(row, params, seat)
        k += 1
        if row[ROLLS] == state[ROLLS]:
            break
    return total / k


@njit(cache=True, inline="always")
def _law_done(state, seat, r):
    return r == 4 and state[LAW + seat] != 0


@njit(cache=True)
def _return_choice(legal, n):
    """A row whose skill no longer applies cannot pay off: take its bones back first (more
    bones in the pool, never fewer choices later).  -1 when no return is offered."""
    for i in range(n):
        if legal[i] >= A_RETURN:
            return legal[i]
    return -1


@njit(cache=True)
def _slot_choice(state, params, seat, legal, n):
    ra = _return_choice(legal, n)
    if ra >= 0:
        return ra
    cl = clan_of(params, seat)
    best = 0.0
    ba = A_DONE
    for i in range(n):
        a = legal[i]
        if a < A_SLOT or a >= A_SLOT + 20:
            continue
        r = (a - A_SLOT) // 4
        ns = params[P_NSLOT + seat * 5 + r]
        filled = 0
        for q in range(4):
            if state[SLOTS + seat * 20 + r * 4 + q] != 0:
                filled += 1
        w = SKILL_WANT[cl][r]
        if _law_done(state, seat, r):
            w = 0.0
        sc = w * (filled + 1.0) / ns
        if filled + 1 == ns:
            sc += 2.0 * w
        if sc > best:
            best = sc
            ba = a
    return ba


@njit(cache=True)
def _upkeep(state, params, seat, legal, n):
    ra = _return_choice(legal, n)
    if ra >= 0:
        return ra
    cl = clan_of(params, seat)
    for i in range(n):
        a = legal[i]
        if cl == MURG and (a == A_SPEND + 1 or a == A_SPEND + 2):
            return a
        if cl == ERDE and a == A_SPEND:
            return a
        if a == A_WILL and params[P_WILL_MODE] == 0 and state[ROUND] >= 6:
            return a
    if cl == FERRY:
        for i in range(n):
            if legal[i] == A_SPEND:
                return A_SPEND
    return A_DONE


@njit(cache=True)
def _morphable(state, params, seat, sq):
    """A rival unit on a square neighboring ``sq`` that a Wibo Morph could take."""
    for d in range(4):
        r2 = sq // 8 + (1, 0, -1, 0)[d]
        f2 = sq % 8 + (0, 1, 0, -1)[d]
        if 0 <= r2 < 8 and 0 <= f2 < 8:
            c2 = state[BOARD + r2 * 8 + f2]
            if c2 != 0 and cell_seat(c2) != seat:
                t2 = cell_type(c2)
                if t2 != ROOK and not (t2 == KING and clan_of(params, 1 - seat) == ERDE):
                    return True
    return False


@njit(cache=True)
def _pot(state, params, seat, cl, t, sq, rq, q0, q1):
    """Positional worth of own unit type ``t`` standing on ``sq`` (the clan plan, O(1))."""
    v = 0.0
    if cl == HULDRA:
        if rq >= 0 and (t == PAWN or t == KNIGHT or t == SAGE):
            d = cheb(sq, rq)
            v -= 0.15 * d
            ln = _clear_line(state, sq, rq)
            if ln > 0 and d <= 8 and ((ln == 1 and t != SAGE) or (ln == 2 and t != PAWN)):
                v += 3.0
    elif cl == MURG:
        if rq >= 0:
            d = cheb(sq, rq)
            if t == PAWN or t == KNIGHT:
                v -= 0.6 * d
                if d == 1:
                    v += 9.0
            elif t == SAGE:
                v -= 0.3 * d
    elif cl == FERRY:
        if rq >= 0 and (t == PAWN or t == SAGE or t == KNIGHT):
            d = cheb(sq, rq)
            v -= 0.4 * d
            if d == 1:
                v += 2.0
    elif cl == ERDE:
        if t == PAWN:
            best = 9
            for i in range(4):
                if (state[RECL] & (1 << i)) == 0:
                    d = cheb(sq, CENTRE[i])
                    if d < best:
                        best = d
            if best == 0:
                v += 10.0
            elif best < 9:
                v -= 0.8 * best
        elif t == KING and state[RECL] == 15:
            best = 9
            for i in range(4):
                d = cheb(sq, CENTRE[i])
                if d < best:
                    best = d
            v -= 6.0 * best
    elif cl == WIBO:
        if t == PAWN:
            r = rel_rank(sq, seat)
            v += 5.0 - 0.8 * r
            if r == 0:
                v += 12.0
        if (t == PAWN or t == KNIGHT or t == SAGE) and _morphable(state, params, seat, sq):
            v += 4.0
    elif cl == HEXEN:
        if t != ROOK and t != QUEEN:
            for q in (q0, q1):
                if q >= 0:
                    d = cheb(sq, q)
                    v -= 0.3 * d
                    if d <= 1:
                        v += 1.5
                    if state[RELIC + seat * 5 + 1] > 0:
                        # a rival beside the Quarry on one of our diagonals: a Ladder target
                        for e in range(64):
                            c2 = state[BOARD + e]
                            if c2 != 0 and cell_seat(c2) != seat and e != q and \
                                    cheb(e, q) == 1 and abs(e // 8 - sq // 8) == \
                                    abs(e % 8 - sq % 8) and e != sq:
                                v += 2.0
                                break
    return v


@njit(cache=True)
def _tactical(state, params, cl, seat, sq, n):
    """Whether a journey to ``n`` needs a real look (it lands on or pushes a rival)."""
    c = state[BOARD + n]
    if c != 0:
        return True
    if cl == FERRY:
        if n == sq:
            return True   # Calm Waters zero journey: Flow any adjacent rival
        # landing ahead of a rival: the next square along the journey line holds one
        dr = _sgn(n // 8 - sq // 8)
        df = _sgn(n % 8 - sq % 8)
        r2 = n // 8 + dr
        f2 = n % 8 + df
        if 0 <= r2 < 8 and 0 <= f2 < 8:
            c2 = state[BOARD + r2 * 8 + f2]
            if c2 != 0 and cell_seat(c2) != seat:
                return True
    if cl == ERDE and cell_type(state[BOARD + sq]) == KNIGHT:
        return True
    return False


@njit(cache=True)
def _best_move(state, params, seat, units, nu, rng, buf, lbuf, rb):
    """Best (unit, destination) of a journey: plan worth O(1) per destination, a real
    look (copy, step, evaluate) only where the journey lands on or pushes a rival."""
    cl = clan_of(params, seat)
    rq = -1
    q0 = -1
    q1 = -1
    for sq in range(64):
        c = state[BOARD + sq]
        if c == 0 or cell_seat(c) == seat:
            continue
        t = cell_type(c)
        if t == QUEEN or t == KING:
            rq = sq
        if state[AURA + sq] & AU_QUARRY:
            if q0 < 0:
                q0 = sq
            else:
                q1 = sq
    base = -1e18
    dests = lbuf[2]
    best = -1e18
    bu = -1
    bd = -1
    for i in range(nu):
        u = units[i]
        t = cell_type(state[BOARD + u])
        p0 = _pot(state, params, seat, cl, t, u, rq, q0, q1)
        nd = journey_gen(state, params, seat, u, state[JPTS], dests, 0, rtb(True), rt(-1))
        for j in range(nd):
            n = dests[j]
            if _tactical(state, params, cl, seat, u, n):
                if base < -1e17:
                    base = evaluate(state, params, seat)
                if state[DEC] == D_DEST:
                    v = _v1(state, params, seat, n, rng, buf, lbuf, rb) - base
                else:
                    row = buf[0]
                    _copy_step(state, params, u, row, rng, rb[0], 0, 0)
                    v = _v1(row, params, seat, n, rng, buf, lbuf, rb) - base
            else:
                v = _pot(state, params, seat, cl, t, n, rq, q0, q1) - p0
            v += 1e-6 * ((n * 7 + u * 3) % 11)
            if v > best:
                best = v
                bu = u
                bd = n
    return bu, bd, best


@njit(cache=True)
def _murg_target(state, legal, n, want_done):
    """The royal if it is a target, else the most valuable rival unit."""
    best = -1.0
    ba = A_DONE if want_done else legal[0]
    for i in range(n):
        a = legal[i]
        if a >= 64:
            continue
        t = cell_type(state[BOARD + a])
        v = 100.0 if (t == QUEEN or t == KING) else UNIT_VALUE[t]
        if v > best:
            best = v
            ba = a
    return ba


@njit(cache=True)
def _morph_worth(state, sq):
    """What converting the rival unit on ``sq`` is worth (a royal sends a pawn to the Seat)."""
    t = cell_type(state[BOARD + sq])
    v = 20.0 if (t == QUEEN or t == KING) else UNIT_VALUE[t]
    if state[AURA + sq] & AURA_MASK:
        v -= 2.0  # an aura of protection is only stripped
    return v


@njit(cache=True)
def _wibo_pair(state, params, seat, units, nu, fixed_tg):
    """Best declared Morph (unit, target, distance): worth minus distance; ``fixed_tg`` >= 0
    scores only that target."""
    tg = np.empty(64, np.int32)
    best = -1e18
    bu = -1
    bt = -1
    bd = 99
    for i in range(nu):
        u = units[i]
        k = morph_reach(state, params, seat, u, tg, 0, True)
        for j in range(k):
            if fixed_tg >= 0 and tg[j] != fixed_tg:
                continue
            d = cheb(u, tg[j])
            v = _morph_worth(state, tg[j]) - 1.0 * d
            if v > best:
                best = v
                bu = u
                bt = tg[j]
                bd = d
    return bu, bt, bd


@njit(cache=True)
def _wibo_declare(state, params, seat, dec, legal, n):
    """Wildero Wibo declare a Morph (Phase 2) when a unit stands within 3 territories of a
    rival it could reach; the unit and target are the best worth-for-distance pair."""
    units = np.empty(64, np.int32)
    nu = 0
    if dec == D_DEED_TGT:
        units[0] = state[SEL]
        nu = 1
    else:
        for sq in range(64):
            c = state[BOARD + sq]
            if c != 0 and cell_seat(c) == seat:
                units[nu] = sq
                nu += 1
    if dec == D_INTENT:
        has_deed = False
        for i in range(n):
            if legal[i] == A_DEED:
                has_deed = True
        if has_deed:
            bu, bt, bd = _wibo_pair(state, params, seat, units, nu, -1)
            if bu >= 0 and bd <= 3:
                return A_DEED
        return A_JOURNEY
    if dec == D_DEED_UNIT:
        nu = 0
        for i in range(n):
            if legal[i] < 64:
                units[nu] = legal[i]
                nu += 1
        bu, bt, bd = _wibo_pair(state, params, seat, units, nu, -1)
        return bu if bu >= 0 else legal[0]
    bu, bt, bd = _wibo_pair(state, params, seat, units, nu, -1)
    return bt if bt >= 0 else legal[0]


@njit(cache=True)
def scripted_action(state, params, persona, rng, legal, n):
    if n == 1:
        return legal[0]
    seat = state[CUR]
    dec = state[DEC]
    cl = clan_of(params, seat)
    if dec == D_UPKEEP:
        return _upkeep(state, params, seat, legal, n)
    if dec == D_SLOT:
        return _slot_choice(state, params, seat, legal, n)
    if dec == D_HCAP:  # handicap bone: slotted as in play (a slot is always taken)
        a = _slot_choice(state, params, seat, legal, n)
        return legal[0] if a == A_DONE else a
    if dec == D_RETREAT:
        return legal[0]  # yes: a new pawn heads home
    buf = np.empty((3, STATE_SIZE), np.int32)
    lbuf = np.empty((3, NUM_ACTIONS), np.int32)
    rb = np.empty((3, 2), np.uint64)
    if dec == D_UNIT or dec == D_DEST:
        units = np.empty(64, np.int32)
        nu = 0
        if dec == D_DEST:
            units[0] = state[SEL]
            nu = 1
        else:
            for i in range(n):
                if legal[i] < 64:
                    units[nu] = legal[i]
                    nu += 1
                elif legal[i] == A_SPEND + 2:   # Erde Metamorphic: a third unit moves
                    return legal[i]
        bu, bd, bv = _best_move(state, params, seat, units, nu, rng, buf, lbuf, rb)
        if dec == D_DEST:
            return bd if bd >= 0 else legal[0]
        can_stop = False
        for i in range(n):
            if legal[i] == A_DONE:
                can_stop = True
        if bu < 0 or (bv < -1.5 and can_stop):
            return A_DONE if can_stop else legal[0]
        return bu
    if cl == WIBO and (dec == D_INTENT or dec == D_DEED_UNIT or dec == D_DEED_TGT):
        return _wibo_declare(state, params, seat, dec, legal, n)
    if cl == MURG or cl == ERDE:
        if dec == D_INTENT:
            has_deed = False
            for i in range(n):
                if legal[i] == A_DEED:
                    has_deed = True
            if has_deed and (state[ROLLS] == 0 or state[HAND_V] >= 3):
                return A_DEED
            return A_JOURNEY
        if dec == D_DEED_UNIT:
            if cl == MURG:
                tg = np.empty(NUM_ACTIONS, np.int32)
                for i in range(n):
                    k = destroy_gen(state, params, seat, legal[i], False, -1, tg, 0, True)
                    for j in range(k):
                        t = cell_type(state[BOARD + tg[j]])
                        if t == QUEEN or t == KING:
                            return legal[i]
            return legal[0]
        if dec == D_DEED_TGT:
            return _murg_target(state, legal, n, False)
        if dec == D_DEED_TGT2:
            return _murg_target(state, legal, n, True)
    best = -1e18
    ba = legal[0]
    for i in range(n):
        a = legal[i]
        v = _v0(state, params, seat, a, rng, buf, lbuf, rb)
        if a == A_DONE and (dec == D_INTENT or dec == D_HULDRA or dec == D_MORPH):
            v -= 1.5
        v += 1e-6 * ((a * 7 + i) % 13)
        if v > best:
            best = v
            ba = a
    return ba
