"""Scripted Darkleaf Gambit player (persona "default": one plan per clan).

Every decision is taken greedily on a clan-aware evaluation of the position reached: the
action is applied to a copy (sub-decisions of the same choice, e.g. unit -> destination ->
target, are searched to depth 3; actions that roll a bone are averaged over 2 samples).
What the evaluation rewards, per clan (what the clan guide tells a player to pursue):

* Huldra: marks on the rival royal; hunters standing on a clear line to the royal.
* The Murg: Destroy-capable units close to (and adjacent to) the rival royal; material.
* Ferrymen: push-offs of the rival royal; the royal near Haggedorn's edge; Flowers nearby.
* Erde: Reclaimed centre territories, pawns on unclaimed centre squares, then the king there.
* Wildero Wibo: pawns in the Wibo Seat, pawns in play, pawns close to the Seat.
* Hexen: Quarry vanquished; Ladders and Gardens on or beside the Quarry.

All clans value material, slotted bones, relic tokens and Laws, and penalise the rival's
progress on its own path (threats to the own royal, own Quarry under Hexes, centre control).
Upkeep: The Murg spend both relics, Erde Banish, Ferrymen slide the rival royal when that
helps; Haggedorn's Will is activated from round 6 on Blessings.
"""
import numpy as np
from numba import njit

from simcore.darkleaf import engine as E
from simcore.darkleaf.board import cell_seat, cell_type, cheb, clan_of, rel_rank
from simcore.darkleaf.layout import (
    A_DONE, A_SPEND, A_WILL, AU_QUARRY, AURA, AURA_MASK, BOARD, CUR, D_DEED_TGT, D_DEED_TGT2,
    D_DEED_UNIT, D_DEST, D_FLOW, D_HEX_CASTER, D_HUNT_TGT, D_HUNT_UNIT, D_KNIGHT_MOVE,
    D_MORPH_TGT, D_MORPH_TGT2, D_PLACE, D_UNIT, D_UPKEEP, D_WL_TGT, D_BELAY_DEST, D_DIR,
    D_PICK, D_INTENT, D_HULDRA, DEC, END, ERDE, FERRY, HEXEN, HULDRA, KING, KNIGHT, LADDER,
    LAW, MARKS, MURG, NUM_ACTIONS, P_WILL_MODE, PAWN, PG, QLEFT, QUEEN, RECL, RELIC, ROLLS,
    ROOK, ROUND, SAGE, SLOTS, STATE_SIZE, WIBO, WINNER,
)

UNIT_VALUE = (1.0, 3.0, 3.0, 0.5, 8.0, 8.0)


@njit(cache=True)
def _royal(state, params, seat):
    cl = clan_of(params, seat)
    t = QUEEN if (cl == HULDRA or cl == WIBO or cl == HEXEN) else KING
    for sq in range(64):
        c = state[BOARD + sq]
        if c != 0 and cell_seat(c) == seat and cell_type(c) == t:
            return sq
    return -1


@njit(cache=True)
def _clear_line(state, a, b):
    """Whether a and b are on one line (rank, file or diagonal) with nothing between."""
    dr = b // 8 - a // 8
    df = b % 8 - a % 8
    if not (dr == 0 or df == 0 or abs(dr) == abs(df)):
        return 0
    n = abs(dr) if dr != 0 else abs(df)
    ur = 0 if dr == 0 else (1 if dr > 0 else -1)
    uf = 0 if df == 0 else (1 if df > 0 else -1)
    for i in range(1, n):
        if state[BOARD + (a // 8 + ur * i) * 8 + a % 8 + uf * i] != 0:
            return 0
    return 1 if (dr == 0 or df == 0) else 2


@njit(cache=True)
def _progress(state, params, seat):
    """How far ``seat`` is along its path to victory (clan-specific)."""
    cl = clan_of(params, seat)
    rv = 1 - seat
    v = 0.0
    rq = _royal(state, params, rv)
    if cl == HULDRA:
        v += 35.0 * state[MARKS + rv]
        if rq >= 0:
            for sq in range(64):
                c = state[BOARD + sq]
                if c == 0 or cell_seat(c) != seat:
                    continue
                t = cell_type(c)
                ln = _clear_line(state, sq, rq)
                d = cheb(sq, rq)
                if ln > 0 and d <= 8:
                    if (t == PAWN or t == QUEEN) and ln == 1:
                        v += 3.0
                    elif t == SAGE and ln == 2:
                        v += 3.0
                    elif t == KNIGHT:
                        v += 3.0
    elif cl == MURG:
        if rq >= 0:
            for sq in range(64):
                c = state[BOARD + sq]
                if c == 0 or cell_seat(c) != seat:
                    continue
                t = cell_type(c)
                if t == PAWN or t == KNIGHT or t == SAGE:
                    d = cheb(sq, rq)
                    v -= 0.6 * d
                    if d == 1 and t != SAGE:
                        v += 8.0
    elif cl == FERRY:
        v += 45.0 * state[MARKS + rv]
        if rq >= 0:
            r = rq // 8
            f = rq % 8
            e = min(min(r, 7 - r), min(f, 7 - f))
            v -= 4.0 * e
            for sq in range(64):
                c = state[BOARD + sq]
                if c != 0 and cell_seat(c) == seat and cell_type(c) != ROOK \
                        and cell_type(c) != KING:
                    v -= 0.3 * cheb(sq, rq)
    elif cl == ERDE:
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
            cb = 0
            if sq == 27:
                cb = 1
            elif sq == 28:
                cb = 2
            elif sq == 35:
                cb = 4
            elif sq == 36:
                cb = 8
            if t == PAWN:
                if cb != 0 and (state[RECL] & cb) == 0:
                    v += 10.0
                else:
                    best = 9
                    for cs in (27, 28, 35, 36):
                        if state[BOARD + cs] == 0 or cs == sq:
                            d = cheb(sq, cs)
                            if d < best:
                                best = d
                    v -= 0.8 * best
            elif t == KING and state[RECL] == 15:
                best = 9
                for cs in (27, 28, 35, 36):
                    d = cheb(sq, cs)
                    if d < best:
                        best = d
                v -= 6.0 * best
    elif cl == WIBO:
        for sq in range(64):
            c = state[BOARD + sq]
            if c != 0 and cell_seat(c) == seat and cell_type(c) == PAWN:
                r = rel_rank(sq, seat)
                v += 4.0 - 0.7 * r
                if r == 0:
                    v += 14.0
    elif cl == HEXEN:
        v += 60.0 * (2 - state[QLEFT])
        for sq in range(64):
            c = state[BOARD + sq]
            if c == 0 or cell_seat(c) == seat or not (state[AURA + sq] & AU_QUARRY):
                continue
            if state[LADDER + sq] > 0:
                v += 25.0
            for n in range(64):
                if cheb(n, sq) <= 1:
                    if state[PG + n] > 0:
                        v += 14.0
                    c2 = state[BOARD + n]
                    if n != sq and c2 != 0 and cell_seat(c2) != seat and state[LADDER + n] > 0:
                        v += 12.0
            for n in range(64):
                c2 = state[BOARD + n]
                if c2 != 0 and cell_seat(c2) == seat and cell_type(c2) != ROOK:
                    v -= 0.3 * cheb(n, sq)
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
    for sq in range(64):
        c = state[BOARD + sq]
        if c == 0:
            continue
        s = cell_seat(c)
        t = cell_type(c)
        val = UNIT_VALUE[t] + (1.5 if (state[AURA + sq] & AURA_MASK) != 0 else 0.0)
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
    v += _progress(state, params, seat) - 0.9 * _progress(state, params, 1 - seat)
    return v


@njit(cache=True)
def _sub(dec):
    return dec == D_DEST or dec == D_DEED_TGT or dec == D_DEED_TGT2 or dec == D_HUNT_UNIT \
        or dec == D_HUNT_TGT or dec == D_DEED_UNIT or dec == D_MORPH_TGT \
        or dec == D_MORPH_TGT2 or dec == D_WL_TGT or dec == D_HEX_CASTER or dec == D_FLOW \
        or dec == D_PLACE or dec == D_BELAY_DEST or dec == D_KNIGHT_MOVE or dec == D_UNIT \
        or dec == D_DIR or dec == D_PICK


@njit(cache=True)
def _copy_step(state, params, a, row, rng, sample, depth):
    for i in range(STATE_SIZE):
        row[i] = state[i]
    r2 = np.empty(2, np.uint64)
    r2[0] = rng[0] + np.uint64(sample * 7919 + depth * 104729)
    r2[1] = rng[1]
    E.step(row, params, a, r2)


@njit(cache=True)
def _value2(state, params, seat, a, rng, buf):
    """Leaf: the evaluation after ``a`` (averaged over 2 samples when it rolls)."""
    total = 0.0
    k = 0
    for sample in range(2):
        row = buf[2]
        _copy_step(state, params, a, row, rng, sample, 2)
        total += evaluate(row, params, seat)
        k += 1
        if row[ROLLS] == state[ROLLS]:
            break
    return total / k


@njit(cache=True)
def _value1(state, params, seat, a, rng, buf, lbuf):
    total = 0.0
    k = 0
    for sample in range(2):
        row = buf[1]
        _copy_step(state, params, a, row, rng, sample, 1)
        if row[END] == 0 and row[CUR] == seat and _sub(row[DEC]):
            lg = lbuf[1]
            n = E.legal_actions(row, params, lg)
            best = -1e18
            for j in range(n):
                x = _value2(row, params, seat, lg[j], rng, buf)
                if x > best:
                    best = x
            total += best
        else:
            total += evaluate(row, params, seat)
        k += 1
        if row[ROLLS] == state[ROLLS]:
            break
    return total / k


@njit(cache=True)
def _value(state, params, seat, a, rng, buf, lbuf):
    """Value for ``seat`` of playing ``a``: sub-decisions of the same choice are searched
    (depth 3 in all), rolls averaged over 2 samples."""
    total = 0.0
    k = 0
    for sample in range(2):
        row = buf[0]
        _copy_step(state, params, a, row, rng, sample, 0)
        if row[END] == 0 and row[CUR] == seat and _sub(row[DEC]):
            lg = lbuf[0]
            n = E.legal_actions(row, params, lg)
            best = -1e18
            for j in range(n):
                x = _value1(row, params, seat, lg[j], rng, buf, lbuf)
                if x > best:
                    best = x
            total += best
        else:
            total += evaluate(row, params, seat)
        k += 1
        if row[ROLLS] == state[ROLLS]:
            break
    return total / k


@njit(cache=True)
def scripted_action(state, params, persona, rng, legal, n):
    seat = state[CUR]
    cl = clan_of(params, seat)
    dec = state[DEC]
    if n == 1:
        return legal[0]
    if dec == D_UPKEEP:
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
                    rq = _royal(state, params, 1 - seat)
                    if rq >= 0:
                        r = rq // 8
                        f = rq % 8
                        if min(min(r, 7 - r), min(f, 7 - f)) >= 1:
                            return A_SPEND
        return A_DONE
    buf = np.empty((3, STATE_SIZE), np.int32)
    lbuf = np.empty((3, NUM_ACTIONS), np.int32)
    best = -1e18
    ba = legal[0]
    for i in range(n):
        a = legal[i]
        v = _value(state, params, seat, a, rng, buf, lbuf)
        if dec == D_INTENT or dec == D_HULDRA:
            if a == A_DONE:
                v -= 2.0
        v += 1e-6 * ((a * 7 + i) % 13)
        if v > best:
            best = v
            ba = a
    return ba
