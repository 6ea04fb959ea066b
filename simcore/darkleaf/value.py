"""Darkleaf Gambit position value (``evaluate``, re-exported by :mod:`engine`).

Each seat gets a number in [0, 1]: its chance to win as a logistic of a score lead.  A seat's
score is its progress along its own path to victory (0 none .. 1 won), then material and
clan-board resources at small rates::

    score = 3.0 * progress + 0.06 * material + 0.08 * relic tokens + 0.02 * slotted bones
            + 0.15 * Law + 0.1 * Will token

Progress per clan (what the clan guide's Path to Victory counts):

* Huldra: marks on the rival royal / marks needed; +0.1 per hunter on a clear line to it.
* The Murg: a Destroy-capable unit beside the rival royal (a 1-in-6 win every turn) 0.3, a
  second 0.1 more; an Assassin sage 0.4; closeness of the nearest Destroyer.
* Ferrymen: push-offs / push-offs needed; the royal near Haggedorn's edge, Flowers near it.
* Erde: Reclaimed centre territories (0.18 each), pawns on unclaimed centre squares, then
  the king's closeness to the centre once all four are Reclaimed.
* Wildero Wibo: Wibo pawns owned beyond the starting army's (0.6 at six), pawns in The Seat
  (0.35 at six; a pawn on the way counts by how close it is).
* Hexen: Quarry vanquished (0.45 each); a Ladder on a Quarry, Gardens and Ladders beside it.

The lead is damped as the turn cap nears (a capped game is a draw).  A finished game gives
``returns``.  No allocation; never raises.
"""
import numpy as np

from simcore.common import row_kernel
from simcore.darkleaf.board import cell_seat, cell_type, cheb, clan_of, rel_rank, rt
from simcore.darkleaf.position import clear_line, hexes_near
from simcore.darkleaf.layout import (
    AU_ASSASSIN,
    AU_QUARRY,
    AURA,
    AURA_MASK,
    BOARD,
    END,
    ERDE,
    FERRY,
    HEXEN,
    HULDRA,
    KING,
    KNIGHT,
    LADDER,
    LAW,
    MARKS,
    MURG,
    P_FERRY_PUSHES,
    P_HUNT_MARKS,
    P_ROUND_CAP,
    P_START,
    P_WIBO_SEAT,
    PAWN,
    QUEEN,
    RECL,
    RELIC,
    ROOK,
    ROUND,
    SAGE,
    SLOTS,
    WIBO,
    WILLTOK,
    WINNER,
)

LEAD_SCALE = 1.6   # logistic slope: a lead of 1.0 (a third of a path) is worth ~83%


@row_kernel(inline="always")
def _mat(t):
    if t == PAWN:
        return 1.0
    if t == KNIGHT or t == SAGE:
        return 3.0
    if t == ROOK:
        return 0.5
    return 0.0


@row_kernel
def _huldra_progress(state, params, seat, rv, rq):
    """Huldra Hunt: marks on the rival royal, hunters on a clear line to it."""
    p = state[MARKS + rv] / max(1, params[P_HUNT_MARKS])
    if rq >= 0:
        k = 0
        for sq in range(64):
            c = state[BOARD + sq]
            if c == 0 or cell_seat(c) != seat:
                continue
            t = cell_type(c)
            ln = clear_line(state, sq, rq)
            if (ln == 1 and (t == PAWN or t == QUEEN or t == KNIGHT)) or \
                    (ln == 2 and (t == SAGE or t == KNIGHT)):
                k += 1
        p += 0.1 * min(k, 3) / max(1, params[P_HUNT_MARKS]) * 3.0
    return p


@row_kernel
def _murg_progress(state, params, seat, rv, rq):
    """The Murg Destroy: Destroyers beside the rival royal, an Assassin sage, a Law."""
    p = 0.0
    if rq >= 0:
        adj = 0
        near = 9
        assassin = False
        for sq in range(64):
            c = state[BOARD + sq]
            if c == 0 or cell_seat(c) != seat:
                continue
            t = cell_type(c)
            if t == PAWN or t == KNIGHT:
                d = cheb(sq, rq)
                if d == 1:
                    adj += 1
                near = min(near, d)
            elif t == SAGE and (state[AURA + sq] & AU_ASSASSIN):
                assassin = True
        if adj > 0:
            p += 0.3 + (0.1 if adj > 1 else 0.0)
        elif near < 9:
            p += 0.03 * (8 - near)
        if assassin:
            p += 0.4
        if state[LAW + seat] != 0:
            p += 0.05
    return p


@row_kernel
def _ferrymen_progress(state, params, seat, rv, rq):
    """Ferrymen: push-offs of the rival royal, the royal near the edge, Flowers near it."""
    need = max(1, params[P_FERRY_PUSHES])
    p = state[MARKS + rv] / need
    if rq >= 0:
        r = rq // 8
        f = rq % 8
        e = min(min(r, 7 - r), min(f, 7 - f))
        near = 9
        for sq in range(64):
            c = state[BOARD + sq]
            if c != 0 and cell_seat(c) == seat:
                t = cell_type(c)
                if t == PAWN or t == SAGE or t == KNIGHT:
                    d = cheb(sq, rq)
                    near = min(near, d)
        p += (0.04 * (3 - e) + (0.04 * (8 - near) if near < 9 else 0.0)) / need
    return p


@row_kernel
def _erde_progress(state, params, seat, rv, rq):
    """Erde Reclaim: Reclaimed centre territories, pawns on the others, then the king."""
    p = 0.0
    n = 0
    for b in range(4):
        if state[RECL] & (1 << b):
            n += 1
    p = 0.18 * n
    for sq in range(64):
        c = state[BOARD + sq]
        if c == 0 or cell_seat(c) != seat:
            continue
        t = cell_type(c)
        if t == PAWN:
            r = sq // 8
            f = sq % 8
            if (r == 3 or r == 4) and (f == 3 or f == 4):
                b = (r - 3) * 2 + (f - 3)
                if (state[RECL] & (1 << b)) == 0:
                    p += 0.04
        elif t == KING and state[RECL] == 15:
            best = 9
            for cs in (27, 28, 35, 36):
                d = cheb(sq, cs)
                best = min(best, d)
            p += 0.05 * (6 - min(best, 6))
    return p


@row_kernel
def _wibo_progress(state, params, seat, rv, rq):
    """Wildero Wibo: pawns owned (each one past the starting army's is a Morph won), then
    pawns in The Seat.  A pawn walked into The Seat early is a short journey, not progress:
    the win needs six, and only Morphs make pawns."""
    need = max(1, params[P_WIBO_SEAT])
    start = 0   # pawns in the starting army (rules.toml clans.wibo.start)
    for i in range(16):
        t = params[P_START + seat * 32 + 2 * i]
        if t < 0:
            break
        if t == PAWN:
            start += 1
    n = 0
    home = 0.0   # a pawn in The Seat counts 1, one on the way by how close it is
    for sq in range(64):
        c = state[BOARD + sq]
        if c != 0 and cell_seat(c) == seat and cell_type(c) == PAWN:
            n += 1
            r = rel_rank(sq, seat)
            home += 1.0 if r == 0 else 0.4 * (7 - r) / 7.0
    return 0.6 * (min(n, need) - start) / need + 0.35 * min(home, need) / need


@row_kernel
def _hexen_progress(state, params, seat, rv, rq):
    """Hexen: Quarry vanquished, Ladders and Gardens on or beside a Quarry."""
    p = 0.0
    q = 0
    for sq in range(64):
        c = state[BOARD + sq]
        if c == 0 or cell_seat(c) == seat or not (state[AURA + sq] & AU_QUARRY):
            continue
        q += 1
        if state[LADDER + sq] > 0:
            p += 0.15
        p = hexes_near(state, seat, sq, p, 0.06, 0.05)
    p += 0.45 * (2 - q)
    return p


@row_kernel
def progress(state, params, seat):
    """How far ``seat`` is along its path to victory, 0..1 (1: as good as won)."""
    cl = clan_of(params, seat)
    rv = 1 - seat
    rq = -1
    for sq in range(64):
        c = state[BOARD + sq]
        if c != 0 and cell_seat(c) == rv and (cell_type(c) == QUEEN or cell_type(c) == KING):
            rq = sq
    p = 0.0
    if cl == HULDRA:
        p = _huldra_progress(state, params, seat, rv, rq)
    elif cl == MURG:
        p = _murg_progress(state, params, seat, rv, rq)
    elif cl == FERRY:
        p = _ferrymen_progress(state, params, seat, rv, rq)
    elif cl == ERDE:
        p = _erde_progress(state, params, seat, rv, rq)
    elif cl == WIBO:
        p = _wibo_progress(state, params, seat, rv, rq)
    elif cl == HEXEN:
        p = _hexen_progress(state, params, seat, rv, rq)
    return min(p, 0.95)


@row_kernel
def seat_score(state, params, seat):
    """Progress at a high rate, then material and clan-board resources at small ones."""
    v = 3.0 * progress(state, params, seat)
    for sq in range(64):
        c = state[BOARD + sq]
        if c != 0 and cell_seat(c) == seat:
            m = _mat(cell_type(c))
            if state[AURA + sq] & AURA_MASK:
                m += 0.5
            if state[LADDER + sq] > 0:
                m *= 0.5
            v += 0.06 * m
    for r in range(5):
        v += 0.08 * state[RELIC + seat * 5 + r]
    for i in range(20):
        if state[SLOTS + seat * 20 + i] != 0:
            v += 0.02
    if state[LAW + seat] != 0:
        v += 0.15
    v += 0.1 * state[WILLTOK + seat]
    return v


@row_kernel
def evaluate(state, params, out):
    """Each seat's value in [0, 1]; a finished game gives its returns."""
    if state[END] != 0:
        w = state[WINNER]
        if w < 0 or w > 1:
            out[0] = 0.5
            out[1] = 0.5
        else:
            out[w] = 1.0
            out[1 - w] = 0.0
        return
    lead = seat_score(state, params, rt(0)) - seat_score(state, params, rt(1))
    left = params[P_ROUND_CAP] - state[ROUND] + 1
    damp = min(1.0, max(left, 0) / 8.0)
    x = LEAD_SCALE * lead * damp
    if x > 30.0:
        x = 30.0
    elif x < -30.0:
        x = -30.0
    v = 1.0 / (1.0 + np.exp(-x))
    out[0] = v
    out[1] = 1.0 - v
