"""Scripted Darkleaf Gambit player (persona "default": one plan per clan).

Cheap greedy play on a clan-aware evaluation (one linear pass over the board):

* Upkeep, bone slotting and a few yes/no choices follow fixed rules (no search).
* Hexes that come due together (Witch's Ladders and Poison Gardens) resolve in the order
  whose result evaluates higher (both tried on a copy); Ladders first on a tie.
  The bones of a row whose skill no longer applies are always taken back (DG-SLOT-15).
* Every other decision applies each legal action to a copy and evaluates the result; when
  the action only opens a sub-decision of the same choice (unit -> destination -> Flow, deed
  -> unit -> target) the best option of that sub-decision is taken (at most 3 levels, one
  sample below the top).  An action that rolls a bone at the top level is averaged over 3
  samples.
* Declining to act (no journey, no deed) costs a little, so the clan keeps moving toward its
  path to victory instead of waiting for the turn cap.
* Wildero Wibo declare a Morph (Phase 2) when a unit stands within 3 territories of a rival
  it could reach, naming the pair with the best worth (a royal first, a rival beside the own
  queen next) times the share of rolls whose journey ends beside the target; else a
  journey.  Handicap bones are slotted like bones in play; placements (D_RELOC) are searched.

What the evaluation rewards, per clan (what the clan guide tells a player to pursue):

* Huldra: marks on the rival royal; hunters standing on a clear line to the royal.
* The Murg: Destroy-capable units adjacent to (and close to) the rival royal; an Assassin.
* Ferrymen: push-offs of the rival royal; the royal near Haggedorn's edge; Flowers near it.
* Erde: Reclaimed centre territories, pawns on unclaimed centre squares, then the king there.
* Wildero Wibo: pawns in the Wibo Seat, pawns close to the Seat, units a running start from
  rival units (ready to Morph), Morph candidates converted; the queen (the royal the rival
  hunts) away from rival units, covered by own units and near home.  Against the Ferrymen
  the territories beside the queen from which a Flow pushes her off Haggedorn's edge are
  held (scored in every position and for every unit's journey, not only hers); against
  Hexen, units keep off and away from Poison Gardens and apart from a unit under a Witch's
  Ladder.
* Hexen: Quarry vanquished; Ladders and Gardens on or beside the Quarry; casters near it
  (Chebyshev distance plus a tenth of the Manhattan one, so a roll pointing back stops
  short of the own Seat).

All clans value material, slotted bones, relic tokens and Laws, and penalise the rival's
progress on its own path (threats to the own royal, own Quarry under Hexes, centre control).
"""
import numpy as np
from numba import njit

from simcore.common import row_kernel

from simcore.darkleaf import SPEC
from simcore.darkleaf import engine as E
from simcore.darkleaf.board import (cell_seat, cell_type, cheb, clan_of, count_units,
                                    invulnerable, low_sq, own_mask, rel_rank, rt, rtb)
from simcore.darkleaf.layout import (
    A_DEED, A_DONE, A_JOURNEY, A_RETURN, A_SLOT, A_SPEND, A_WILL, AU_ASSASSIN, AU_IRON,
    AU_QUARRY, AURA, AURA_MASK, BOARD, CUR, D_AURA_CHOICE, D_BELAY_DEST, D_DEED_TGT,
    D_DEED_TGT2, D_DEED_UNIT, D_DEST, D_FLOW, D_HCAP, D_HEX, D_HEX_CASTER, D_HEX_ORDER,
    D_HULDRA, D_HUNT_TGT,
    D_HUNT_UNIT, D_INTENT, D_KNIGHT_MOVE, D_LEAP, D_MORPH, D_MORPH_TGT2, D_PICK, D_PIVOT,
    D_QUARRY, D_RELOC, D_RETREAT, D_SLOT, D_UNIT, D_UPKEEP, D_WL_TGT, DEC, DEEDMOD, END, ERDE,
    FERRY, HAND_V, HEXEN, HULDRA, I_DEED, INTENT, JPTS, KING, KNIGHT, LADDER, LAW, LOOP_, MARKS,
    META_, MURG, NUM_ACTIONS, P_FACES, P_MURG_DESTROY, P_MURG_ROYAL, P_MURG_ROYAL_LAW, P_NSLOT,
    P_RELCAP, P_WIBO_SEAT, P_WILL, P_WILL_MODE, PAWN, PEND, PG, PREDICT_, QLEFT, QUEEN, RECL,
    RELIC, ROLLS, ROLLV,
    ROOK, SAGE, SPORES_, WL_,
    SEL, SLOTS, STATE_SIZE, STILL, TGT, W_EASY_DEEDS, W_HARD_DEEDS, W_STILLNESS, WIBO,
    WINNER,
)
from simcore.darkleaf.moves import destroy_gen, journey_gen, morph_reach
from simcore.darkleaf.position import clear_line, hexes_near
from simcore.darkleaf.skills import royal_sq, row_applicable, will_part

#: persona index of the pre-fix player (agents/scripted/darkleaf_legacy.py), always last
LEGACY = len(SPEC.personas) - 1

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
#: the Wibo queen's guard against the Ferrymen (a Flow from beside her pushes her off
#: Haggedorn's edge): what the guard gap (_guard_gap) costs in the Wibo evaluation, and in a
#: journey's worth for every Wibo unit (not only the queen)
GUARD_HOLE = 3.0
GUARD_W = 4.0
#: a Wibo unit on or beside a Poison Garden (each), the queen; a unit beside an own unit under
#: a Witch's Ladder (the Ladder restarts on a unit beside the one it vanquishes)
HEX_GARDEN = 8.0
HEX_GARDEN_Q = 30.0
HEX_LADDER = 2.0
#: a Hexen caster's distance to a Quarry: Chebyshev, plus this share of the Manhattan distance
#: (Chebyshev alone cannot tell a journey back into the Seat from one that keeps the rank)
HEX_MAN = 0.1


@row_kernel(inline="always")
def _sgn(x):
    return 0 if x == 0 else (1 if x > 0 else -1)


@row_kernel
def _huldra_progress(state, params, seat, rv, rq):
    """Huldra: marks on the rival royal; hunters close to it and on a clear line."""
    v = 0.0
    v += 40.0 * state[MARKS + rv]
    if rq >= 0:
        umask = own_mask(state, seat)
        while umask != 0:
            sq = low_sq(umask)
            umask &= umask - np.uint64(1)
            c = state[BOARD + sq]
            t = cell_type(c)
            if t == ROOK:
                continue
            d = cheb(sq, rq)
            v -= 0.15 * d
            if d <= 8:
                ln = clear_line(state, sq, rq)
                if ln > 0 and ((ln == 1 and (t == PAWN or t == QUEEN or t == KNIGHT))
                               or (ln == 2 and (t == SAGE or t == KNIGHT))):
                    v += 3.0
    return v


@row_kernel
def _murg_progress(state, params, seat, rv, rq):
    """The Murg: Destroyers close to and beside the rival royal; an Assassin sage."""
    v = 0.0
    if rq >= 0:
        umask = own_mask(state, seat)
        while umask != 0:
            sq = low_sq(umask)
            umask &= umask - np.uint64(1)
            c = state[BOARD + sq]
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
    return v


@row_kernel
def _ferrymen_progress(state, params, seat, rv, rq):
    """Ferrymen: push-offs; the rival royal near the edge, Flowers close to it."""
    v = 0.0
    v += 50.0 * state[MARKS + rv]
    if rq >= 0:
        r = rq // 8
        f = rq % 8
        e = min(min(r, 7 - r), min(f, 7 - f))
        v -= 4.0 * e
        umask = own_mask(state, seat)
        while umask != 0:
            sq = low_sq(umask)
            umask &= umask - np.uint64(1)
            t = cell_type(state[BOARD + sq])
            if t == PAWN or t == SAGE or t == KNIGHT:
                d = cheb(sq, rq)
                v -= 0.4 * d
                if d == 1:
                    v += 2.0
    return v


@row_kernel
def _erde_progress(state, params, seat, rv, rq):
    """Erde: Reclaimed centre territories, pawns on the others, then the king there."""
    v = 0.0
    n = 0
    for b in range(4):
        if state[RECL] & (1 << b):
            n += 1
    v += 30.0 * n
    umask = own_mask(state, seat)
    while umask != 0:
        sq = low_sq(umask)
        umask &= umask - np.uint64(1)
        c = state[BOARD + sq]
        v += _erde_piece(state, sq, cell_type(c))
    return v


@row_kernel
def _erde_piece(state, sq, t):
    """An Erde piece's pull toward the centre: a pawn toward the nearest centre territory
    not yet Reclaimed (+10 standing on it), the king toward the centre once all four are."""
    if t == PAWN:
        best = 9
        for i in range(4):
            if (state[RECL] & (1 << i)) == 0:
                d = cheb(sq, CENTRE[i])
                if d < best:
                    best = d
        if best == 0:
            return 10.0
        return -0.8 * best if best < 9 else 0.0
    if t == KING and state[RECL] == 15:
        best = 9
        for i in range(4):
            d = cheb(sq, CENTRE[i])
            if d < best:
                best = d
        return -6.0 * best
    return 0.0


@row_kernel
def _wibo_progress(state, params, seat, rv, rq):
    """Wildero Wibo: pawns in and close to The Seat; units a short journey from a Morph."""
    v = 0.0
    umask = own_mask(state, seat)
    while umask != 0:
        sq = low_sq(umask)
        umask &= umask - np.uint64(1)
        c = state[BOARD + sq]
        t = cell_type(c)
        if t == PAWN:
            r = rel_rank(sq, seat)
            v += 5.0 - 0.8 * r
            if r == 0:
                v += 12.0
        if t == PAWN or t == KNIGHT or t == SAGE:
            # a Morph needs a running start (the journey comes first): standing beside a
            # rival is worth nothing, standing a short journey away from one is
            if _morph_range(state, params, seat, sq):
                v += 1.2
    return v


@row_kernel
def _hexen_progress(state, params, seat, rv, rq):
    """Hexen: Quarry vanquished; Ladders and Gardens on or beside a Quarry, casters near."""
    v = 0.0
    v += 70.0 * (2 - state[QLEFT])
    rmask = own_mask(state, 1 - seat)
    while rmask != 0:
        sq = low_sq(rmask)
        rmask &= rmask - np.uint64(1)
        if not (state[AURA + sq] & AU_QUARRY):
            continue
        if state[LADDER + sq] > 0:
            v += 25.0
        v = hexes_near(state, seat, sq, v, 14.0, 12.0)
        umask = own_mask(state, seat)
        while umask != 0:
            n = low_sq(umask)
            umask &= umask - np.uint64(1)
            if cell_type(state[BOARD + n]) != ROOK:
                d = cheb(n, sq)
                v -= 0.3 * d
                if d <= 1:
                    v += 1.5
    return v


@row_kernel
def _progress(state, params, seat, rq, oq):
    """How far ``seat`` is along its path to victory; rq the rival royal, oq the own royal."""
    cl = clan_of(params, seat)
    rv = 1 - seat
    v = 0.0
    if cl == HULDRA:
        v = _huldra_progress(state, params, seat, rv, rq)
    elif cl == MURG:
        v = _murg_progress(state, params, seat, rv, rq)
    elif cl == FERRY:
        v = _ferrymen_progress(state, params, seat, rv, rq)
    elif cl == ERDE:
        v = _erde_progress(state, params, seat, rv, rq)
    elif cl == WIBO:
        v = _wibo_progress(state, params, seat, rv, rq)
    elif cl == HEXEN:
        v = _hexen_progress(state, params, seat, rv, rq)
    return v


@row_kernel
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
    occ = own_mask(state, 0) | own_mask(state, 1)
    while occ != 0:
        sq = low_sq(occ)
        occ &= occ - np.uint64(1)
        c = state[BOARD + sq]
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
    if clan_of(params, seat) == WIBO:
        if own >= 0 and clan_of(params, 1 - seat) == FERRY:
            v -= GUARD_HOLE * _guard_gap(state, seat, own)
        if clan_of(params, 1 - seat) == HEXEN:
            umask = own_mask(state, seat)
            while umask != 0:
                sq = low_sq(umask)
                umask &= umask - np.uint64(1)
                v -= 0.5 * _hex_hazard(state, params, seat, sq, state[LADDER + sq] > 0)
    return v


@row_kernel(inline="always")
def _sub(dec):
    """Sub-decisions that finish the choice just made (searched through)."""
    return dec == D_DEST or dec == D_DEED_TGT or dec == D_DEED_TGT2 or dec == D_HUNT_UNIT \
        or dec == D_HUNT_TGT or dec == D_DEED_UNIT \
        or dec == D_MORPH_TGT2 or dec == D_WL_TGT or dec == D_HEX_CASTER or dec == D_FLOW \
        or dec == D_AURA_CHOICE or dec == D_KNIGHT_MOVE or dec == D_LEAP or dec == D_PIVOT \
        or dec == D_BELAY_DEST or dec == D_RELOC


@row_kernel(inline="always")
def _copy_step(state, params, a, row, rng, r2, sample, depth):
    for i in range(STATE_SIZE):
        row[i] = state[i]
    r2[0] = rng[0] + np.uint64(sample * 7919 + depth * 104729 + 1)
    r2[1] = rng[1]
    E.step(row, params, rt(a), r2)  # int64 like the arena: step compiles once


@row_kernel(inline="always")
def _more(row, seat, depth):
    return depth < 2 and row[END] == 0 and row[CUR] == seat and _sub(row[DEC])


@row_kernel
def _v2(state, params, seat, a, rng, buf, lbuf, rb):
    row = buf[2]
    _copy_step(state, params, a, row, rng, rb[2], 0, 2)
    return evaluate(row, params, seat)


@row_kernel
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


@row_kernel
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


@njit(cache=True)
def _hex_order_choice(state, params, seat, rng, legal, n):
    """Hexes due together: resolve them both ways on a copy (no chance is involved) and take
    the order whose result the evaluation rates higher; on a tie the Witch's Ladders go
    first, the order the rulebook points to (a Ladder that vanquishes its unit restarts
    beside it, which it cannot do once a Garden has taken that unit)."""
    row = np.empty(STATE_SIZE, np.int32)
    r2 = np.empty(2, np.uint64)
    best = -1e18
    ba = A_SPEND + WL_
    for i in range(n):
        a = legal[i]
        _copy_step(state, params, a, row, rng, r2, 0, 0)
        v = evaluate(row, params, seat)
        if a == A_SPEND + WL_:
            v += 1e-6
        if v > best:
            best = v
            ba = a
    return ba


@row_kernel(inline="always")
def _law_done(state, seat, r):
    return r == 4 and state[LAW + seat] != 0


@row_kernel
def _return_choice(legal, n):
    """A row whose skill no longer applies cannot pay off: take its bones back first (more
    bones in the pool, never fewer choices later).  -1 when no return is offered."""
    for i in range(n):
        if legal[i] >= A_RETURN:
            return legal[i]
    return -1


@row_kernel
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
        if _law_done(state, seat, r) or not row_applicable(state, params, seat, r):
            w = 0.0  # a dead row: the bone would only be parked there (and handed back)
        elif params[P_RELCAP + seat * 5 + r] > 0 and \
                state[RELIC + seat * 5 + r] >= params[P_RELCAP + seat * 5 + r]:
            w *= 0.25  # relic slots full: the row cannot pay out until a token is spent
        sc = w * (filled + 1.0) / ns
        if filled + 1 == ns:
            sc += 2.0 * w
        if sc > best:
            best = sc
            ba = a
    return ba


@njit(cache=True)
def _will_gain(state, params, seat):
    """Expected gain (scripted evaluation) of activating Haggedorn's Will now: every face of
    the d12 applied to a copy as the engine would (rival first, then the roller).  Stillness
    and the deed-roll modifiers touch both seats alike and count 0."""
    if state[STILL] > 0:
        return -1.0
    base = evaluate(state, params, seat)
    row = np.empty(STATE_SIZE, np.int32)
    total = 0.0
    for v in range(12):
        eff = params[P_WILL + params[P_WILL_MODE] * 12 + v]
        if eff == W_STILLNESS or eff == W_EASY_DEEDS or eff == W_HARD_DEEDS:
            continue
        for i in range(STATE_SIZE):
            row[i] = state[i]
        will_part(row, params, 1 - seat, eff, seat)
        will_part(row, params, seat, eff, seat)
        total += evaluate(row, params, seat) - base
    return total / 12.0


@njit(cache=True)
def _upkeep(state, params, seat, legal, n):
    ra = _return_choice(legal, n)
    if ra >= 0:
        return ra
    cl = clan_of(params, seat)
    for i in range(n):
        a = legal[i]
        if cl == MURG and (a == A_SPEND + PREDICT_ or a == A_SPEND + LOOP_):
            return a
        if cl == ERDE and a == A_SPEND:
            return a
        if a == A_WILL and _will_gain(state, params, seat) > 0.5:
            return a
    if cl == FERRY:
        for i in range(n):
            if legal[i] == A_SPEND:
                return A_SPEND
    return A_DONE


@row_kernel
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


@row_kernel
def _morph_range(state, params, seat, sq):
    """A Morph-able rival 2 or 3 territories from ``sq`` (a running start away), none beside
    it (a rival beside a Wibo unit can strike first, and that unit must journey off anyway)."""
    near = False
    r0 = sq // 8
    f0 = sq % 8
    for r2 in range(max(0, r0 - 3), min(8, r0 + 4)):
        for f2 in range(max(0, f0 - 3), min(8, f0 + 4)):
            c2 = state[BOARD + r2 * 8 + f2]
            if c2 == 0 or cell_seat(c2) == seat:
                continue
            t2 = cell_type(c2)
            if t2 == ROOK or (t2 == KING and clan_of(params, 1 - seat) == ERDE):
                continue
            d = max(abs(r2 - r0), abs(f2 - f0))
            if d == 1 and (r2 == r0 or f2 == f0):
                return False
            if d >= 2:
                near = True
    return near


@row_kernel
def _queen_danger(state, seat, sq):
    """How exposed an own queen on ``sq`` is: rival units beside it (a Murg Destroy or a
    Huldra Hunt at distance 1 each turn, a chance to lose the game) weigh 6, two
    territories off (one journey from beside it) 2; each own unit beside it (a territory no
    rival can take) takes 1 off."""
    v = 0.0
    r0 = sq // 8
    f0 = sq % 8
    for r2 in range(max(0, r0 - 2), min(8, r0 + 3)):
        for f2 in range(max(0, f0 - 2), min(8, f0 + 3)):
            e = r2 * 8 + f2
            c = state[BOARD + e]
            if c == 0 or e == sq:
                continue
            near = abs(r2 - r0) <= 1 and abs(f2 - f0) <= 1
            if cell_seat(c) != seat:
                v += 6.0 if near else 2.0
            elif near and cell_type(c) != QUEEN:
                v -= 1.0
    return v


@row_kernel
def _guard_gap(state, seat, oq):
    """How open the Wibo queen on ``oq`` is to a Ferrymen push-off: each empty territory
    beside her counts the rival units (up to 2) within two territories of it (one journey
    from stepping in), each one a rival already holds counts 2; in full where a Flow from
    there pushes her off Haggedorn's edge (the territory across her is off the board), a
    quarter elsewhere (a push along the edge)."""
    v = 0.0
    r0 = oq // 8
    f0 = oq % 8
    for r2 in range(max(0, r0 - 1), min(8, r0 + 2)):
        for f2 in range(max(0, f0 - 1), min(8, f0 + 2)):
            e = r2 * 8 + f2
            if e == oq:
                continue
            w = 1.0
            ro = 2 * r0 - r2
            fo = 2 * f0 - f2
            if 0 <= ro < 8 and 0 <= fo < 8:
                w = 0.25
            c = state[BOARD + e]
            if c == 0:
                k = 0
                for r3 in range(max(0, r2 - 2), min(8, r2 + 3)):
                    for f3 in range(max(0, f2 - 2), min(8, f2 + 3)):
                        c3 = state[BOARD + r3 * 8 + f3]
                        if c3 != 0 and cell_seat(c3) != seat and cell_type(c3) != ROOK:
                            k += 1
                v += w * min(k, 2)
            elif cell_seat(c) != seat:
                v += 2.0 * w
    return v


@row_kernel
def _hex_hazard(state, params, seat, sq, lad):
    """What the Wibo unit on ``sq`` stands to lose to the Hexen's Hexes: each Poison Garden on
    or beside it (it vanquishes rival units there when it resolves), and each own unit beside
    it when one of the two carries a Witch's Ladder (``lad``: this one does).  Nothing for a
    unit that cannot be vanquished (the rook, a pawn beside it diagonally, a pawn shielded by
    The Endless)."""
    if invulnerable(state, params, sq, 1 - seat):
        return 0.0
    t = cell_type(state[BOARD + sq])
    v = 0.0
    r0 = sq // 8
    f0 = sq % 8
    for r2 in range(max(0, r0 - 1), min(8, r0 + 2)):
        for f2 in range(max(0, f0 - 1), min(8, f0 + 2)):
            e = r2 * 8 + f2
            if state[PG + e] > 0:
                v += HEX_GARDEN_Q if t == QUEEN else HEX_GARDEN
            if e != sq:
                c = state[BOARD + e]
                if c != 0 and cell_seat(c) == seat and (lad or state[LADDER + e] > 0):
                    v += HEX_LADDER
    return v


@row_kernel
def _hex_delta(state, params, seat, u, n):
    """Change in the Hexes' reach (_hex_hazard) when the Wibo unit on ``u`` journeys to the
    empty ``n`` (the board changed in place for the look, then put back)."""
    c = state[BOARD + u]
    lad = state[LADDER + u] > 0
    h0 = _hex_hazard(state, params, seat, u, lad)
    state[BOARD + u] = 0
    state[BOARD + n] = c
    h1 = _hex_hazard(state, params, seat, n, lad)
    state[BOARD + n] = 0
    state[BOARD + u] = c
    return h1 - h0


@row_kernel
def _guard_delta(state, seat, u, n, oq):
    """Change in the queen's guard gap when the Wibo unit on ``u`` journeys to the empty
    ``n`` (the board changed in place for the look, then put back)."""
    g0 = _guard_gap(state, seat, oq)
    c = state[BOARD + u]
    state[BOARD + u] = 0
    state[BOARD + n] = c
    g1 = _guard_gap(state, seat, n if u == oq else oq)
    state[BOARD + n] = 0
    state[BOARD + u] = c
    return g1 - g0


@row_kernel
def _threat_bonus(oq, tg):
    """What removing the rival unit on ``tg`` adds for the own royal's safety: it stands
    beside the royal (strikes this turn) or one journey from it."""
    if oq < 0:
        return 0.0
    d = cheb(oq, tg)
    if d == 1:
        return 12.0
    if d == 2:
        return 4.0
    return 0.0


@row_kernel
def _land_share(state, params, seat, u, tg, dests):
    """Share of the unit's bone faces whose journey from ``u`` (the engine's own journey
    generator, one roll value at a time) can end on a territory neighboring ``tg``: the
    running start a declared Morph needs.  ``dests`` is scratch (NUM_ACTIONS ints)."""
    faces = params[P_FACES + seat]
    k = 0
    for r in range(1, faces + 1):
        nd = journey_gen(state, params, seat, u, r, dests, 0, rtb(True), rt(-1))
        for j in range(nd):
            if _neigh(dests[j], tg):
                k += 1
                break
    return k / faces


@row_kernel
def _pot(state, params, seat, cl, t, sq, rq, q0, q1, oq):
    """Positional worth of own unit type ``t`` standing on ``sq`` (the clan plan, O(1));
    ``oq`` is the own royal's square (-1 if none)."""
    v = 0.0
    if cl == HULDRA:
        if rq >= 0 and (t == PAWN or t == KNIGHT or t == SAGE):
            d = cheb(sq, rq)
            v -= 0.15 * d
            ln = clear_line(state, sq, rq)
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
        v += _erde_piece(state, sq, t)
    elif cl == WIBO:
        if t == PAWN:
            r = rel_rank(sq, seat)
            v += 5.0 - 0.8 * r
            if r == 0:
                v += 12.0
        if (t == PAWN or t == KNIGHT or t == SAGE) and _morph_range(state, params, seat, sq):
            v += 1.5
        if t == QUEEN:
            # the royal the rival hunts: out of reach and at home (Deep Roots: 1 a turn back)
            v -= _queen_danger(state, seat, sq) + 0.5 * rel_rank(sq, seat)
        elif oq >= 0 and t != ROOK and cheb(sq, oq) == 1:
            v += 1.0  # cover: a territory beside the queen a rival cannot strike from
    elif cl == HEXEN:
        if t != ROOK and t != QUEEN:
            for q in (q0, q1):
                if q >= 0:
                    d = cheb(sq, q)
                    v -= 0.3 * d + HEX_MAN * (abs(sq // 8 - q // 8) + abs(sq % 8 - q % 8))
                    if d <= 1:
                        v += 1.5
                    if state[RELIC + seat * 5 + WL_] > 0:
                        # a rival beside the Quarry on one of our diagonals: a Ladder target
                        for e in range(64):
                            c2 = state[BOARD + e]
                            if c2 != 0 and cell_seat(c2) != seat and e != q and \
                                    cheb(e, q) == 1 and abs(e // 8 - sq // 8) == \
                                    abs(e % 8 - sq % 8) and e != sq:
                                v += 2.0
                                break
    return v


@row_kernel(inline="always")
def _neigh(a, b):
    return (a // 8 == b // 8 and abs(a % 8 - b % 8) == 1) or \
        (a % 8 == b % 8 and abs(a // 8 - b // 8) == 1)


@row_kernel
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


@row_kernel
def _best_move(state, params, seat, units, nu, rng, buf, lbuf, rb):
    """Best (unit, destination) of a journey: plan worth O(1) per destination, a real
    look (copy, step, evaluate) only where the journey lands on or pushes a rival."""
    cl = clan_of(params, seat)
    rq = -1
    q0 = -1
    q1 = -1
    oq = -1
    occ = own_mask(state, 0) | own_mask(state, 1)
    while occ != 0:
        sq = low_sq(occ)
        occ &= occ - np.uint64(1)
        c = state[BOARD + sq]
        t = cell_type(c)
        if cell_seat(c) == seat:
            if t == QUEEN or t == KING:
                oq = sq
            continue
        if t == QUEEN or t == KING:
            rq = sq
        if state[AURA + sq] & AU_QUARRY:
            if q0 < 0:
                q0 = sq
            else:
                q1 = sq
    guard = cl == WIBO and oq >= 0 and clan_of(params, 1 - seat) == FERRY
    hexed = cl == WIBO and clan_of(params, 1 - seat) == HEXEN
    morph_tg = -1
    if cl == WIBO and state[INTENT] == I_DEED:
        morph_tg = state[TGT]
    base = -1e18
    dests = lbuf[2]
    best = -1e18
    bu = -1
    bd = -1
    for i in range(nu):
        u = units[i]
        t = cell_type(state[BOARD + u])
        p0 = _pot(state, params, seat, cl, t, u, rq, q0, q1, oq)
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
                v = _pot(state, params, seat, cl, t, n, rq, q0, q1, oq) - p0
                if guard:
                    v -= GUARD_W * _guard_delta(state, seat, u, n, oq)
                if hexed:
                    v -= _hex_delta(state, params, seat, u, n)
            if morph_tg >= 0 and _neigh(n, morph_tg):
                v += 8.0  # the declared Morph can follow this journey
            v += 1e-6 * ((n * 7 + u * 3) % 11)
            if v > best:
                best = v
                bu = u
                bd = n
    return bu, bd, best


@row_kernel
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


@row_kernel
def _morph_worth(state, sq):
    """What converting the rival unit on ``sq`` is worth (a royal sends a pawn to the Seat)."""
    t = cell_type(state[BOARD + sq])
    v = 20.0 if (t == QUEEN or t == KING) else UNIT_VALUE[t]
    if state[AURA + sq] & AURA_MASK:
        v -= 2.0  # an aura of protection is only stripped
    return v


@njit(cache=True)
def _wibo_pair(state, params, seat, units, nu, fixed_tg):
    """Best declared Morph (unit, target, distance): what converting the target is worth
    (more when it threatens the own queen) times the share of rolls whose journey ends beside
    it; ``fixed_tg`` >= 0 scores only that target."""
    tg = np.empty(64, np.int32)
    dests = np.empty(NUM_ACTIONS, np.int32)
    oq = royal_sq(state, params, seat)
    best = -1e18
    bu = -1
    bt = -1
    bd = 99
    for i in range(nu):
        u = units[i]
        k = morph_reach(state, params, seat, u, tg, 0, rtb(True))
        for j in range(k):
            if fixed_tg >= 0 and tg[j] != fixed_tg:
                continue
            d = cheb(u, tg[j])
            # what the Morph is worth, times the chance the journey ends beside the target
            v = (_morph_worth(state, tg[j]) + _threat_bonus(oq, tg[j])) * \
                _land_share(state, params, seat, u, tg[j], dests) - 0.3 * d
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
        umask = own_mask(state, seat)
        while umask != 0:
            units[nu] = low_sq(umask)
            umask &= umask - np.uint64(1)
            nu += 1
    if dec == D_INTENT:
        has_deed = False
        for i in range(n):
            if legal[i] == A_DEED:
                has_deed = True
        # enough pawns for the Path to Victory: walk them into The Seat, Morph no more
        if has_deed and not _wibo_enough(state, params, seat):
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


@row_kernel
def _wibo_enough(state, params, seat):
    """The Wibo own as many pawns as its Path to Victory needs in The Seat."""
    return count_units(state, seat, PAWN) >= params[P_WIBO_SEAT]


@row_kernel
def _quarry_worth(state, params, hx, sq):
    """How good a Divine Quarry the rival unit on ``sq`` is for Hexen ``hx``.  The rulebook
    warns against units that can become invulnerable (a Wibo pawn beside its rook or in The
    Seat under The Endless, an Erde sage locking arms with its rook) and against a Murg pawn
    (replenishable Iron Plating); among the rest a knight or sage (few, and not replaced)."""
    c = state[BOARD + sq]
    t = cell_type(c)
    rc = clan_of(params, 1 - hx)
    if (rc == WIBO and t == PAWN) or (rc == ERDE and t == SAGE):
        return 0.0
    if rc == MURG and t == PAWN:
        return 1.0
    v = 5.0 if (t == KNIGHT or t == SAGE) else 3.0
    if state[AURA + sq] & AU_IRON:
        v -= 1.0
    # closer to the Hexen casters: reachable sooner
    return v + 0.01 * (7 - min(7, abs(sq % 8 - 3)))


@row_kernel
def _quarry_choice(state, params, seat, legal, n):
    best = -1.0
    ba = legal[0]
    for i in range(n):
        a = legal[i]
        if a >= 64:
            continue
        v = _quarry_worth(state, params, seat, a)
        if v > best:
            best = v
            ba = a
    return ba


@row_kernel
def _hex_at_cap(state, params, seat, legal, n):
    """A Hex relic whose slots are full: hoarding it blocks its row (no token can be earned),
    so cast it.  -1 when no full relic can be spent."""
    for k in range(2):
        if state[RELIC + seat * 5 + k] >= params[P_RELCAP + seat * 5 + k]:
            for i in range(n):
                if legal[i] == A_SPEND + k:
                    return legal[i]
    return -1


@row_kernel
def _spores_pick(state, params, seat, legal, n):
    """Hallucinogenic Spores: an own pawn outside The Seat goes home (the farthest one);
    else -1 (a rival pawn: searched, never placed for the rival's benefit)."""
    best = -1
    ba = -1
    for i in range(n):
        a = legal[i]
        if a >= 64:
            continue
        c = state[BOARD + a]
        if cell_seat(c) == seat and cell_type(c) == PAWN:
            r = rel_rank(a, seat)
            if r > 0 and r > best:
                best = r
                ba = a
    return ba


@row_kernel(inline="always")
def _p_roll(faces, need, known, v):
    """Chance a bone of ``faces`` meets ``need`` (certain 0/1 when the roll ``v`` is known)."""
    if known:
        return 1.0 if v >= need else 0.0
    k = faces - need + 1
    if k <= 0:
        return 0.0
    if k >= faces:
        return 1.0
    return k / faces


@row_kernel
def _murg_deed(state, params, seat, units_out):
    """The Murg's best Destroy: (unit, expected worth, royal targeted).  The worth is the
    success chance (the known roll under Predictive Model) times what the target is worth;
    the royal wins the game."""
    faces = params[P_FACES + seat]
    known = state[ROLLS] > 0
    v = state[ROLLV]
    need = params[P_MURG_DESTROY] + state[DEEDMOD]
    needr = (params[P_MURG_ROYAL_LAW] if state[LAW + seat] else params[P_MURG_ROYAL]) + \
        state[DEEDMOD]
    pn = _p_roll(faces, need, known, v)
    pr = _p_roll(faces, needr, known, v)
    best = -1.0
    bu = -1
    royal = False
    umask = own_mask(state, seat)
    while umask != 0:
        u = low_sq(umask)
        umask &= umask - np.uint64(1)
        k = destroy_gen(state, params, seat, u, rtb(False), rt(-1), units_out, 0, rtb(True))
        for j in range(k):
            tq = units_out[j]
            t = cell_type(state[BOARD + tq])
            if t == QUEEN or t == KING:
                w = 100.0 * pr
            else:
                w = UNIT_VALUE[t] * pn
                if state[AURA + tq] & AURA_MASK:
                    w *= 0.5  # an aura of protection is only stripped
            if w > best:
                best = w
                bu = u
                royal = t == QUEEN or t == KING
    return bu, best, royal


@njit(cache=True)
def _murg_intent(state, params, seat):
    """Declare a Destroy when it is worth a turn: the royal with any chance, else a target whose
    expected worth beats bringing a Destroyer beside the royal (a pawn is not; a knight or sage
    at 3+ is).  A known roll (Predictive Model) that cannot succeed never declares a deed."""
    tg = np.empty(64, np.int32)
    bu, w, royal = _murg_deed(state, params, seat, tg)
    if bu < 0 or w <= 0.0:
        return A_JOURNEY
    if royal:
        return A_DEED
    return A_DEED if w >= 1.5 else A_JOURNEY


@njit(cache=True)
def _journey_choice(state, params, seat, dec, rng, legal, n, buf, lbuf, rb):
    """D_UNIT / D_DEST: the best unit and destination by evaluation; Metamorphic when offered;
    no journey when every move loses more than declining costs."""
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
            elif legal[i] == A_SPEND + META_:   # Erde Metamorphic: a third unit moves
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


@njit(cache=True)
def _deed_choice(state, params, seat, cl, dec, legal, n):
    """The Murg and Erde intent and deed decisions (fixed rules, no search)."""
    if dec == D_INTENT:
        has_deed = False
        for i in range(n):
            if legal[i] == A_DEED:
                has_deed = True
        if has_deed and cl == MURG:
            return _murg_intent(state, params, seat)
        if has_deed and (state[ROLLS] == 0 or state[HAND_V] >= 3):
            return A_DEED
        return A_JOURNEY
    if dec == D_DEED_UNIT:
        if cl == MURG:
            tg = np.empty(64, np.int32)
            bu, w, royal = _murg_deed(state, params, seat, tg)
            for i in range(n):
                if legal[i] == bu:
                    return bu
        return legal[0]
    return _murg_target(state, legal, n, dec == D_DEED_TGT2)


@njit(cache=True)
def scripted_action(state, params, persona, rng, legal, n):
    if n == 1:
        return legal[0]
    seat = state[CUR]
    dec = state[DEC]
    cl = clan_of(params, seat)
    if dec == D_QUARRY:
        return _quarry_choice(state, params, seat, legal, n)
    if dec == D_HEX:
        a = _hex_at_cap(state, params, seat, legal, n)
        if a >= 0:
            return a
    if dec == D_PICK and cl == WIBO and state[PEND] == SPORES_:
        a = _spores_pick(state, params, seat, legal, n)
        if a >= 0:
            return a
    if dec == D_UPKEEP:
        return _upkeep(state, params, seat, legal, n)
    if dec == D_SLOT:
        return _slot_choice(state, params, seat, legal, n)
    if dec == D_HCAP:  # handicap bone: slotted as in play (a slot is always taken)
        a = _slot_choice(state, params, seat, legal, n)
        return legal[0] if a == A_DONE else a
    if dec == D_RETREAT:
        return legal[0]  # yes: a new pawn heads home
    if dec == D_HEX_ORDER:
        return _hex_order_choice(state, params, seat, rng, legal, n)
    buf = np.empty((3, STATE_SIZE), np.int32)
    lbuf = np.empty((3, NUM_ACTIONS), np.int32)
    rb = np.empty((3, 2), np.uint64)
    if dec == D_UNIT or dec == D_DEST:
        return _journey_choice(state, params, seat, dec, rng, legal, n, buf, lbuf, rb)
    if cl == WIBO and (dec == D_INTENT or dec == D_DEED_UNIT or dec == D_DEED_TGT):
        return _wibo_declare(state, params, seat, dec, legal, n)
    if (cl == MURG or cl == ERDE) and (dec == D_INTENT or dec == D_DEED_UNIT or
                                       dec == D_DEED_TGT or dec == D_DEED_TGT2):
        return _deed_choice(state, params, seat, cl, dec, legal, n)
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
