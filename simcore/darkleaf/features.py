"""Darkleaf Gambit position features for the learned value (agents/value.py).

Not switched on yet: the engine does not import them, so ``value`` keeps the generic block.
Every fit with them so far plays worse than the generic one (pooled over the 15 pairings,
45.3% [41.4, 49.3] against scripted, against 53.2% [49.2, 57.1]; docs/lab-log.md
"darkleaf"): the one-ply search exploits features that only correlate with winning.
Switch them on (import them at the end of engine.py, as court does) with a fit that beats
the generic one.

For seat ``s`` (``o`` the rival seat; "royal" is a seat's queen or king, whichever its clan
must protect; "hunter" any unit but a rook, which never vanquishes).  Every feature means the
same thing whatever the clans, so one fit can serve every pairing; the ``progress_*_<clan>``
block repeats a seat's progress only when the seat plays that clan, so each clan's path gets
its own weight.  Each feature is one or two passes over the 64 territories::

    progress_own      s's progress along its own path to victory (engine value.progress, 0..1;
                      0 during setup, where a Hexen seat with no Quarry named yet reads 0.9)
    progress_opp      the same for o
    material_own      s's units on Haggedorn (pawn 1, knight and sage 3, rook 0.5), over 20
    material_opp      the same for o
    pawns_own         s's pawns on Haggedorn, over 8
    pawns_opp         the same for o
    protected_own     s's units holding an aura of protection, over 4
    protected_opp     the same for o
    hexed_own         s's units under a Witch's Ladder or on a Poison Garden, over 4
    hexed_opp         the same for o
    royal_attackers   o's hunters within one territory of s's royal, over 4
    royal_attacking   s's hunters within one territory of o's royal, over 4
    quarry_lost       1 when s plays Hexen and a Divine Quarry left Haggedorn without
                      counting (fewer Quarry on the board than still needed: the Hexen path
                      is shut); -1 when o plays Hexen and it happened to o; else 0
    royal_near_opp    (7 - the nearest o hunter's distance to s's royal) / 7; 0 without either
    royal_near_own    (7 - the nearest s hunter's distance to o's royal) / 7; 0 without either
    royal_lines_opp   o's hunters on a clear line (rank, file, diagonal) to s's royal, over 4
    royal_lines_own   s's hunters on a clear line to o's royal, over 4
    royal_edge_own    s's royal's distance from Haggedorn's edge, over 3 (0 without it)
    royal_edge_opp    the same for o's royal
    marks_own         fate chips on s's royal over the marks o's path needs (o Huldra or
                      Ferrymen; else 0)
    marks_opp         fate chips on o's royal over the marks s's path needs
    pawns_home_own    s's pawns in s's own Seat (rank 0 from s), over the Wibo Seat target,
                      when s plays Wildero Wibo (their path); else 0
    pawns_home_opp    the same for o
    relics_own        s's relic tokens, over 5
    relics_opp        the same for o
    law_own           1 when s acquired its Law
    law_opp           the same for o
    progress_own_<c>  progress_own when s plays clan c (hexen, wibo, murg, ferrymen, erde,
                      huldra), else 0
    clan_own_<c>      1 when s plays clan c
    clan_opp_<c>      1 when o plays clan c

The clan indicators never change within a game, so they never rank one action above another;
they take up each pairing's base rate, which a fit without them pins on whatever else tells
the clans apart (a clan that slots more bones, say), and the agent then chases that.
Slotted bones and the pool are left out for the same reason: on scripted play they mostly
tell the clans apart, and a fit read them as "slot no bones" (the value agent, told so,
returned every bone and lost nearly every game).
"""
import numpy as np

from simcore.common import row_kernel
from simcore.darkleaf.board import (
    cell_seat,
    cell_type,
    cheb,
    clan_of,
    low_sq,
    own_mask,
    rel_rank,
    royal_type,
)
from simcore.darkleaf.layout import (
    AU_QUARRY,
    AURA,
    AURA_MASK,
    BOARD,
    CLAN_KEYS,
    FERRY,
    HEXEN,
    HULDRA,
    KNIGHT,
    LADDER,
    LAW,
    MARKS,
    P_FERRY_PUSHES,
    P_HUNT_MARKS,
    P_WIBO_SEAT,
    PAWN,
    PG,
    QLEFT,
    RELIC,
    ROOK,
    SAGE,
    TURN,
    WIBO,
)
from simcore.darkleaf.position import clear_line
from simcore.darkleaf.value import _mat, progress  # the evaluation's material scale

FEATURES = ("progress_own", "progress_opp", "material_own", "material_opp", "pawns_own",
            "pawns_opp", "protected_own", "protected_opp", "hexed_own", "hexed_opp",
            "royal_attackers", "royal_attacking", "quarry_lost", "royal_near_opp",
            "royal_near_own", "royal_lines_opp", "royal_lines_own", "royal_edge_own",
            "royal_edge_opp", "marks_own", "marks_opp", "pawns_home_own", "pawns_home_opp",
            "relics_own", "relics_opp", "law_own", "law_opp") + \
    tuple(f"progress_own_{c}" for c in CLAN_KEYS) + \
    tuple(f"clan_own_{c}" for c in CLAN_KEYS) + tuple(f"clan_opp_{c}" for c in CLAN_KEYS)
NCLANS = len(CLAN_KEYS)
_BASE = len(FEATURES) - 3 * NCLANS   # where the per-clan block starts


@row_kernel(inline="always")
def _edge(sq):
    r = sq // 8
    f = sq % 8
    return min(min(r, 7 - r), min(f, 7 - f))


@row_kernel
def _marks_need(params, hunter):
    """The fate chips ``hunter``'s path needs on the rival royal (0: its path counts none)."""
    cl = clan_of(params, hunter)
    if cl == HULDRA:
        return max(1, params[P_HUNT_MARKS])
    if cl == FERRY:
        return max(1, params[P_FERRY_PUSHES])
    return 0


@row_kernel
def _royal_pressure(state, royal, hunter):
    """(hunters of ``hunter`` within one territory of ``royal``, the nearest one's distance
    (99 none), hunters on a clear line to it); ``royal`` a square >= 0."""
    adj = 0
    near = 99
    lines = 0
    m = own_mask(state, hunter)
    while m != 0:
        sq = low_sq(m)
        m &= m - np.uint64(1)
        if cell_type(state[BOARD + sq]) == ROOK:
            continue
        d = cheb(sq, royal)
        if d <= 1:
            adj += 1
        near = min(near, d)
        if clear_line(state, sq, royal) > 0:
            lines += 1
    return adj, near, lines


@row_kernel
def features(state, params, seat, out):
    """Write ``seat``'s FEATURES to ``out[:len(FEATURES)]`` (no allocation: the counts
    gather in ``out`` itself, own seat first, and are scaled at the end)."""
    opp = 1 - seat
    for i in range(len(FEATURES)):
        out[i] = 0.0
    code_own = 1 + seat * 6 + royal_type(params, seat)
    code_opp = 1 + opp * 6 + royal_type(params, opp)
    r_own = -1
    r_opp = -1
    nq = 0
    occ = own_mask(state, 0) | own_mask(state, 1)
    while occ != 0:
        sq = low_sq(occ)
        occ &= occ - np.uint64(1)
        c = state[BOARD + sq]
        s = cell_seat(c)
        t = cell_type(c)
        j = 0 if s == seat else 1
        if c == code_own:
            r_own = sq
        elif c == code_opp:
            r_opp = sq
        out[2 + j] += _mat(t)
        if t == PAWN:
            out[4 + j] += 1.0
            if rel_rank(sq, s) == 0:
                out[21 + j] += 1.0
        if state[AURA + sq] & AURA_MASK:
            out[6 + j] += 1.0
        if state[AURA + sq] & AU_QUARRY:
            nq += 1
        if state[LADDER + sq] != 0 or state[PG + sq] > 0:
            out[8 + j] += 1.0
    p_own = 0.0
    p_opp = 0.0
    if state[TURN] > 0:   # setup: no path has begun (a Hexen seat without Quarry reads 0.9)
        p_own = progress(state, params, seat)
        p_opp = progress(state, params, opp)
    out[0] = p_own
    out[1] = p_opp
    out[2] /= 20.0
    out[3] /= 20.0
    for i in range(4, 10):
        out[i] /= 8.0 if i < 6 else 4.0
    # the own royal under pressure, and the rival's
    if r_own >= 0:
        att, near, lines = _royal_pressure(state, r_own, opp)
        out[10] = att / 4.0
        out[13] = (7 - near) / 7.0 if near < 99 else 0.0
        out[15] = lines / 4.0
        out[17] = _edge(r_own) / 3.0
    if r_opp >= 0:
        atk, near, lines = _royal_pressure(state, r_opp, seat)
        out[11] = atk / 4.0
        out[14] = (7 - near) / 7.0 if near < 99 else 0.0
        out[16] = lines / 4.0
        out[18] = _edge(r_opp) / 3.0
    if state[TURN] > 0 and nq < state[QLEFT]:   # a Quarry gone uncounted: Hexen shut out
        if clan_of(params, seat) == HEXEN:
            out[12] = 1.0
        elif clan_of(params, opp) == HEXEN:
            out[12] = -1.0
    need_o = _marks_need(params, opp)
    need_s = _marks_need(params, seat)
    out[19] = state[MARKS + seat] / need_o if need_o > 0 else 0.0
    out[20] = state[MARKS + opp] / need_s if need_s > 0 else 0.0
    hn = max(1, params[P_WIBO_SEAT])
    out[21] = out[21] / hn if clan_of(params, seat) == WIBO else 0.0
    out[22] = out[22] / hn if clan_of(params, opp) == WIBO else 0.0
    for k in range(2):
        s = seat if k == 0 else opp
        rel = 0
        for r in range(5):
            rel += state[RELIC + s * 5 + r]
        out[23 + k] = rel / 5.0
        out[25 + k] = 1.0 if state[LAW + s] != 0 else 0.0
    c_own = clan_of(params, seat)
    c_opp = clan_of(params, opp)
    for c in range(NCLANS):
        out[_BASE + c] = p_own if c_own == c else 0.0
        out[_BASE + NCLANS + c] = 1.0 if c_own == c else 0.0
        out[_BASE + 2 * NCLANS + c] = 1.0 if c_opp == c else 0.0
