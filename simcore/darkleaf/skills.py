"""Bones, slots, Hex counters and Haggedorn's Will."""
from simcore.common import row_kernel
from simcore.darkleaf.board import (
    cell_seat, cell_type, clan_of, count_units, free_in_seat, invulnerable, nxt, rel_rank,
    royal_type, rt, unit_code, vanquish,
)
from simcore.darkleaf.layout import (
    AU_ASSASSIN, AU_IRON, AU_LONGBOW, AU_PIVOT, AU_QUARRY, AURA, BOARD, DEEDMOD, ERDE, FERRY,
    FOREIGN, GRAVE, HAND_F, HAND_V, HEXEN, HULDRA, K_AURA, K_LAW, K_RELIC, KING, KNIGHT,
    LADDER, LAW, MURG, P_FACES, P_FATE_CAP, P_HEX_ORDER, P_NSLOT, P_RELCAP, P_ROW, P_STILL_ROUNDS, P_SUMHI, P_SUMLO,
    P_WILL, P_WILL_MODE, P_WL_ROUNDS, PAWN, PG, POOL, POOLF, QUEEN, RELIC, ROLLS, ROLLV, ROOK,
    SAGE, SC_ANY, SC_EVEN, SC_ODD, SKILL_KIND, SLOTS, STILL, STILL_SEAT, TRAIT_USED,
    W_CLEAR_BOARD, W_EASY_DEEDS,
    W_FREE_RELIC, W_HARD_DEEDS, W_REKINDLE_MINOR, W_REKINDLE_PAWN, W_RETURN_BONE,
    W_STILLNESS, W_VANQUISH_MINOR, W_VANQUISH_PAWN, WIBO,
    IRON_, ASSASSIN_, LONGBOW_, PIVOT_, MTC_, SPORES_, EDDY_, REGROW_, TWCBD_,
)
from simcore.rng import randint


# ---- bones ----------------------------------------------------------------------------------
@row_kernel
def roll(state, params, seat, rng):
    """Roll a bone from the pool into the hand (an earlier bone in hand goes back first: only
    the last bone of successive rolls can be slotted).  A swapped (Adapt) bone in the pool is
    rolled first.  Returns the value."""
    if state[HAND_V] > 0:
        state[POOL + seat] += 1
        if state[HAND_F]:
            state[POOLF + seat] += 1
        state[HAND_V] = 0
        state[HAND_F] = 0
    state[ROLLS] += 1
    foreign = 0
    if state[POOLF + seat] > 0:
        foreign = 1
    faces = params[P_FACES + (1 - seat if foreign else seat)]
    v = 1 + randint(rng, faces)
    state[ROLLV] = v
    if state[POOL + seat] > 0:
        state[POOL + seat] -= 1
        if foreign:
            state[POOLF + seat] -= 1
        state[HAND_V] = v
        state[HAND_F] = foreign
    return v


@row_kernel
def hand_back(state, seat):
    if state[HAND_V] > 0:
        state[POOL + seat] += 1
        if state[HAND_F]:
            state[POOLF + seat] += 1
    state[HAND_V] = 0
    state[HAND_F] = 0


@row_kernel(inline="always")
def slot_at(seat, r, p):
    return SLOTS + seat * 20 + r * 4 + p


@row_kernel(inline="always")
def code_ok(code, v):
    if code == SC_ANY:
        return True
    if code <= 12:
        return v == code
    if code == SC_EVEN:
        return v % 2 == 0
    if code == SC_ODD:
        return v % 2 == 1
    return v == code // 100 or v == code % 100


@row_kernel
def aura_target_exists(state, params, seat, r):
    cl = clan_of(params, seat)
    for sq in range(64):
        c = state[BOARD + sq]
        if c == 0 or cell_seat(c) != seat:
            continue
        t = cell_type(c)
        a = state[AURA + sq]
        if cl == MURG and r == IRON_ and t == PAWN and not (a & AU_IRON):
            return True
        if cl == MURG and r == ASSASSIN_ and t == SAGE and not (a & AU_ASSASSIN):
            return True
        if cl == HULDRA and r == LONGBOW_ and t == PAWN and not (a & AU_LONGBOW):
            return True
        if cl == HULDRA and r == PIVOT_ and t == SAGE and not (a & AU_PIVOT):
            return True
    if cl == MURG and r == ASSASSIN_ and state[TRAIT_USED] == 0 and \
            count_units(state, seat, rt(SAGE)) == 0 and count_units(state, seat, rt(PAWN)) > 0:
        return True
    return False


@row_kernel
def row_applicable(state, params, seat, r):
    """Whether skill row r of seat can still have a target on the current board (DG-SLOT-15).

    Only unit presence counts (a skill whose named target unit is gone), never positional or
    passing conditions (blocked pushes, frozen units, Hex counters, rival auras, graveyard
    contents):

    * aura rows: a unit that can take the aura (``aura_target_exists``; The Murg's Assassin
      also counts the unused trait: a pawn to sacrifice for a rekindled sage);
    * Master the Current (Ferrymen) and Hallucinogenic Spores (Wibo): a pawn of either seat;
    * Eddy (Ferrymen): a Ferrymen pawn and a rival pawn;
    * Rival Regrowth (Wibo) and That Which Cannot Be Destroyed (Erde): an own rook (the pawn is
      placed adjacent to it).
    Every other skill (relics, laws, the remaining miracles) always applies."""
    cl = clan_of(params, seat)
    if SKILL_KIND[cl][r] == K_AURA:
        return aura_target_exists(state, params, seat, r)
    rv = 1 - seat
    if (cl == FERRY and r == MTC_) or (cl == WIBO and r == SPORES_):
        return count_units(state, seat, rt(PAWN)) > 0 or count_units(state, rv, rt(PAWN)) > 0
    if cl == FERRY and r == EDDY_:
        return count_units(state, seat, rt(PAWN)) > 0 and count_units(state, rv, rt(PAWN)) > 0
    if (cl == WIBO and r == REGROW_) or (cl == ERDE and r == TWCBD_):
        return count_units(state, seat, rt(ROOK)) > 0
    return True


@row_kernel
def row_returnable(state, params, seat, r):
    """Whether seat may return row r's slotted bones to the pool now (DG-SLOT-15): the row holds
    a bone and its skill is no longer applicable."""
    n = params[P_NSLOT + seat * 5 + r]
    held = False
    for q in range(n):
        if state[slot_at(seat, r, q)] != 0:
            held = True
            break
    return held and not row_applicable(state, params, seat, r)


@row_kernel
def row_slots(state, params, seat, r, v):
    """Bit p set: bone value v may go into slot p of row r (numeric validity, either-end
    filling, Sum Between reachability, relic overload, one in reserve, aura target, law
    once).  The row's tallies are made once for its slots."""
    n = params[P_NSLOT + seat * 5 + r]
    cl = clan_of(params, seat)
    kind = SKILL_KIND[cl][r]
    if kind == K_LAW and state[LAW + seat] != 0:
        return 0
    lo = params[P_SUMLO + seat * 5 + r]
    hi = params[P_SUMHI + seat * 5 + r]
    filled = 0
    total = 0
    left = -1
    right = -1
    for q in range(n):
        b = state[slot_at(seat, r, q)]
        if b != 0:
            filled += 1
            total += b % 64
        else:
            if left < 0:
                left = q
            right = q
    completes = filled + 1 == n
    if hi > 0:
        k = n - filled - 1
        t2 = total + v
        if completes:
            if t2 < lo or t2 > hi:
                return 0
        else:
            if t2 + k > hi or t2 + k * params[P_FACES + seat] < lo:
                return 0
    if completes:
        if kind == K_RELIC and state[RELIC + seat * 5 + r] >= params[P_RELCAP + seat * 5 + r]:
            return 0
        if kind == K_AURA and not aura_target_exists(state, params, seat, r):
            return 0
    else:
        if state[POOL + seat] <= 0:
            return 0
    mask = 0
    for p in range(n):
        if state[slot_at(seat, r, p)] != 0:
            continue
        if hi == 0 and p != left and p != right:
            continue
        if code_ok(params[P_ROW + seat * 20 + r * 4 + p], v):
            mask |= 1 << p
    return mask


@row_kernel
def slot_ok(state, params, seat, r, p, v):
    """Whether bone value v may go into slot p of row r (see ``row_slots``)."""
    return ((row_slots(state, params, seat, r, v) >> p) & 1) != 0


@row_kernel
def row_full(state, params, seat, r):
    n = params[P_NSLOT + seat * 5 + r]
    for q in range(n):
        if state[slot_at(seat, r, q)] == 0:
            return False
    return True


@row_kernel
def empty_row(state, params, seat, r):
    """Return the row's bones to the pool."""
    for q in range(4):
        a = slot_at(seat, r, q)
        b = state[a]
        if b != 0:
            state[POOL + seat] += 1
            if b >= 64:
                state[POOLF + seat] += 1
            state[a] = 0


@row_kernel
def unslot(state, seat, r, p):
    a = slot_at(seat, r, p)
    b = state[a]
    if b != 0:
        state[POOL + seat] += 1
        if b >= 64:
            state[POOLF + seat] += 1
        state[a] = 0


# ---- Hexes ----------------------------------------------------------------------------------
@row_kernel
def hexen_seat(params):
    return 0 if clan_of(params, 0) == HEXEN else 1


@row_kernel
def spread_ladder(state, params, hx, sq):
    """Witch's Ladder restarts on an adjacent unit (the Hexen choice is modelled as: a rival
    Quarry, else a rival non-royal, else a rival royal; never the Erde king or a Hexen unit)."""
    best = -1
    bscore = -1
    for d in range(8):
        n = nxt(sq, 0, d)
        if n < 0:
            continue
        c = state[BOARD + n]
        if c == 0 or cell_seat(c) == hx or state[LADDER + n] != 0:
            continue
        t = cell_type(c)
        if t == KING and clan_of(params, cell_seat(c)) == ERDE:
            continue
        if t == ROOK:
            continue
        sc = 1
        if state[AURA + n] & AU_QUARRY:
            sc = 3
        elif t != QUEEN and t != KING:
            sc = 2
        if sc > bscore:
            bscore = sc
            best = n
    if best >= 0 and not marks_full(state, params, LADDER):
        state[LADDER + best] = params[P_WL_ROUNDS]


@row_kernel
def marks_full(state, params, off):
    """All fate chips of one colour are on Haggedorn: as many squares of the mark array at
    ``off`` (Poison Gardens PG, Witch's Ladders LADDER) hold a mark as the cap allows."""
    cap = params[P_FATE_CAP]
    if cap <= 0:
        return False
    k = 0
    for sq in range(64):
        if state[off + sq] != 0:
            k += 1
    return k >= cap


@row_kernel
def resolve_ladder(state, params, hx, sq):
    state[LADDER + sq] = 0
    if invulnerable(state, params, sq, hx):
        return
    r = vanquish(state, params, sq, hx)
    if r >= 0:
        spread_ladder(state, params, hx, sq)


@row_kernel
def resolve_garden(state, params, hx, sq):
    state[PG + sq] = 0
    for n in range(64):
        dr = abs(n // 8 - sq // 8)
        df = abs(n % 8 - sq % 8)
        if dr <= 1 and df <= 1:
            c = state[BOARD + n]
            if c != 0 and cell_seat(c) != hx:
                vanquish(state, params, n, hx)


@row_kernel
def _tick_gardens(state, params, hx):
    for sq in range(64):
        if state[PG + sq] > 0:
            state[PG + sq] -= 1
            if state[PG + sq] == 0:
                resolve_garden(state, params, hx, sq)


@row_kernel
def hex_resolve(state, params, ladders_first):
    """Remove one counter from every Hex and resolve those at 0, the due Witch's Ladders
    before the due Poison Gardens (``ladders_first``) or after them (a Ladder whose unit a
    Garden took leaves Haggedorn with it)."""
    hx = hexen_seat(params)
    due = False
    gardens = False
    for sq in range(64):
        if state[LADDER + sq] > 0:
            state[LADDER + sq] -= 1
            if state[LADDER + sq] == 0:
                state[LADDER + sq] = -1  # due
                due = True
        if state[PG + sq] > 0:
            gardens = True
    if gardens and not ladders_first:
        _tick_gardens(state, params, hx)
        gardens = False
    if due:
        for sq in range(64):
            if state[LADDER + sq] == -1:
                resolve_ladder(state, params, hx, sq)
    if gardens:  # (resolving Ladders never plants a Garden)
        _tick_gardens(state, params, hx)


@row_kernel
def hexes_due_together(state):
    """Whether a Witch's Ladder and a Poison Garden both lose their last counter now (the
    only case where the order of counter removal changes what happens)."""
    ladder = False
    garden = False
    for sq in range(64):
        if state[LADDER + sq] == 1:
            ladder = True
        if state[PG + sq] == 1:
            garden = True
    return ladder and garden


@row_kernel
def hex_tick(state, params):
    """Hex counting (Upkeep, Waxing Moon).  Returns True, touching nothing, when Ladders and
    Gardens come due together and the Hexen player picks the order (HEX_ORDER 0: the caller
    poses D_HEX_ORDER, whose answer calls :func:`hex_resolve`); else removes the counters
    and resolves (HEX_ORDER 2: Gardens first, otherwise Ladders first) and returns False."""
    if params[P_HEX_ORDER] == 0 and state[STILL] == 0 and hexes_due_together(state):
        return True  # (under Stillness nothing is vanquished: both orders are the same)
    hex_resolve(state, params, params[P_HEX_ORDER] != 2)
    return False


# ---- Haggedorn's Will ----------------------------------------------------------------------
@row_kernel
def _advanced(sq, seat):
    return rel_rank(sq, seat)


@row_kernel
def will_part(state, params, seat, eff, roller):
    if eff == W_REKINDLE_PAWN or eff == W_REKINDLE_MINOR:
        t = PAWN
        if eff == W_REKINDLE_MINOR:
            t = KNIGHT if state[GRAVE + seat * 6 + KNIGHT] > 0 else SAGE
        if state[GRAVE + seat * 6 + t] > 0:
            sq = free_in_seat(state, seat, 3)
            if sq >= 0:
                state[GRAVE + seat * 6 + t] -= 1
                state[BOARD + sq] = 1 + seat * 6 + t
                state[AURA + sq] = 0
                state[LADDER + sq] = 0
    elif eff == W_RETURN_BONE:
        for r in range(5):
            for p in range(4):
                if state[slot_at(seat, r, p)] != 0:
                    unslot(state, seat, r, p)
                    return
    elif eff == W_CLEAR_BOARD:
        for r in range(5):
            empty_row(state, params, seat, r)
    elif eff == W_VANQUISH_PAWN or eff == W_VANQUISH_MINOR:
        best = -1
        br = -1
        for sq in range(64):
            c = state[BOARD + sq]
            if c == 0 or cell_seat(c) != seat:
                continue
            t = cell_type(c)
            if eff == W_VANQUISH_PAWN and t != PAWN:
                continue
            if eff == W_VANQUISH_MINOR and t != KNIGHT and t != SAGE:
                continue
            if invulnerable(state, params, sq, rt(-1)):
                continue
            if _advanced(sq, seat) > br:
                br = _advanced(sq, seat)
                best = sq
        if best >= 0:
            vanquish(state, params, best, rt(-1))
    elif eff == W_FREE_RELIC:
        cl = clan_of(params, seat)
        for r in range(5):
            if SKILL_KIND[cl][r] == K_RELIC and \
                    state[RELIC + seat * 5 + r] < params[P_RELCAP + seat * 5 + r]:
                state[RELIC + seat * 5 + r] += 1
                return


@row_kernel
def activate_will(state, params, seat, rng):
    """Spend the Will token and roll the d12; the rival resolves first, then the roller.
    Returns the d12 value."""
    v = 1 + randint(rng, 12)
    eff = params[P_WILL + params[P_WILL_MODE] * 12 + v - 1]
    if eff == W_STILLNESS:
        state[STILL] = params[P_STILL_ROUNDS]
        state[STILL_SEAT] = seat
    elif eff == W_EASY_DEEDS:
        state[DEEDMOD] -= 1
    elif eff == W_HARD_DEEDS:
        state[DEEDMOD] += 1
    else:
        will_part(state, params, 1 - seat, eff, seat)
        will_part(state, params, seat, eff, seat)
    return v


@row_kernel
def adapt_swap(state, seat):
    """Adapt: one bone of each pool changes hands for the rest of the game."""
    r = 1 - seat
    if state[POOL + seat] > 0 and state[POOL + r] > 0 and state[FOREIGN + seat] == 0:
        state[FOREIGN + seat] = 1
        state[FOREIGN + r] = 1
        state[POOLF + seat] += 1
        state[POOLF + r] += 1


@row_kernel
def royal_sq(state, params, seat):
    v = unit_code(seat, royal_type(params, seat))
    for sq in range(64):
        if state[BOARD + sq] == v:
            return sq
    return -1


@row_kernel
def wibo_seat_pawns(state, params, seat):
    v = unit_code(seat, PAWN)
    first = 0 if seat == 0 else 56  # The Seat: rank 0 seen from seat
    n = 0
    for sq in range(first, first + 8):
        n += state[BOARD + sq] == v
    return n
