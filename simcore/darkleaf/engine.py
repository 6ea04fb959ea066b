"""Darkleaf Gambit kernels: the game contract over the turn machine (:mod:`turn`).

``options.opts`` lists the legal actions of the pending decision (DEC, see :mod:`layout`);
``step`` applies one and ``turn.advance`` runs the automatic parts of the turn to the next
decision.  Perfect information: only future rolls are unknown, so ``determinize`` is a no-op.
"""
from numba import njit

from simcore.darkleaf.board import (
    blocked_for, cell_seat, cell_type, center_bit, clan_of, do_push, free_near, move_unit,
    movable, new_to_limbo, nxt, push_ok, put_unit, reclaimed, remove_to_grave, set_win,
    swap_units, to_limbo, vanquish,
)
from simcore.darkleaf.layout import (
    A_DEED, A_DIR, A_DIR2, A_DONE, A_JOURNEY, A_RETURN, A_SLOT, A_SPEND, A_WILL, A_YES,
    ACTS, AU_ASSASSIN, AU_BARBARIC, AU_IRON, AU_LONGBOW, AU_PIVOT, AU_QUARRY, AU_RIPPLE, AURA,
    AURA_MASK, AUX, BOARD, CUR, D_AURA_CHOICE, D_BANISH, D_BELAY_DEST, D_BELAY_UNIT,
    D_DEED_TGT, D_DEED_TGT2, D_DEED_UNIT, D_DEST, D_DIR, D_FLOW, D_HCAP, D_HEX, D_HEX_CASTER,
    D_HULDRA, D_HUNT_TGT, D_HUNT_UNIT, D_INTENT, D_KNIGHT_MOVE, D_LEAP, D_MORPH, D_MORPH_TGT2,
    D_PICK, D_PIVOT, D_PLACE, D_QUARRY, D_RELOC, D_RENEWAL, D_RETREAT, D_RETREAT_DEST, D_SLOT,
    D_UNIT, D_UPKEEP, D_WL_TGT, DEC, DEEDMOD, END, END_PLAYING, ERDE, FERRY, FIRST, FROZEN,
    GRAVE, HAND_F, HAND_V, HCAP_LEFT, HEXEN, HULDRA, I_DEED, INTENT, JDIR, JMAX, JN, JPTS,
    JUNIT, KING, KNIGHT, L_DEC, L_STAGE, LADDER, LAW, LIMBO, MARKS, MAX_TURN_ACTS, MOVED, MURG,
    NP0, P_ERDE_RECLAIM, P_ERDE_RECLAIM_LAW, P_FIRST, P_HCAP_BONES, P_HUNT_MARKS, P_MAXU,
    P_MURG_DESTROY, P_MURG_LOCK, P_MURG_ROYAL, P_MURG_ROYAL_LAW, P_PG_FAST, P_PG_ROUNDS,
    P_START, P_WIBO_MORPH, P_WL_ROUNDS, PAWN, PEND, PG, PG_, PM_ADJ, PM_MORPH, PM_NEIGH,
    PM_SEAT, POOL, PSTEP, QLEFT, QUEEN, RECL, RELIC, ROLLS, ROLLV, ROOK, ROUND, SAGE, SEL, SEL2,
    TACTS, TF_HASTY, TF_JOURNEYED, TF_LOOP, TF_MASS, TF_META, TF_PREDICT, TF_SEED, TF_TWEAKED,
    TF_WILL, TF_WLPOP, TFLAGS, TGT, TGT2, TIDE_BIT, TRAIT_USED, TURN, VANQ, WIBO, WILLTOK,
    WINNER,
)
from simcore.darkleaf.kinds import action_kind  # noqa: F401  (the contract's action_kind)
from simcore.darkleaf.moves import adjacent_to_type, destroy_gen, journey_gen, ladder_gen, \
    morph_gen
from simcore.darkleaf.options import (
    _apply_flow, _banish_next, _flow_opt, _quarry_ok, _tide_moves, opts,
)
from simcore.darkleaf.skills import (
    activate_will, empty_row, hand_back, roll, royal_sq, row_full, slot_at, unslot,
)
from simcore.darkleaf.turn import (
    ST_AFTER, ST_END, ST_INTENT, ST_SETUP, ST_SLOT, ST_WAIT, acquire, advance, start_journey,
)
from simcore.darkleaf.value import evaluate  # noqa: F401  (the contract's position value)


# ---- contract kernels -----------------------------------------------------------------------
@njit(cache=True)
def init(state, params, rng):
    for i in range(state.shape[0]):
        state[i] = 0
    for sq in range(64):
        state[FROZEN + sq] = -1
    state[WINNER] = -1
    for k in (SEL, SEL2, TGT, TGT2, JUNIT, JDIR, PEND, NP0, NP0 + 1):
        state[k] = -1
    first = params[P_FIRST]
    state[FIRST] = first
    for seat in range(2):
        state[POOL + seat] = 6
        state[WILLTOK + seat] = 1
        for t in range(6):
            state[GRAVE + seat * 6 + t] = params[P_MAXU + seat * 6 + t]
        for i in range(16):
            t = params[P_START + seat * 32 + 2 * i]
            if t < 0:
                break
            sq = params[P_START + seat * 32 + 2 * i + 1]
            if seat == 1:
                sq = 63 - sq
            put_unit(state, sq, seat, t)
            state[GRAVE + seat * 6 + t] -= 1
    # optional handicap (Tips & Tricks): rolled and slotted by its player after the Quarry
    state[HCAP_LEFT] = params[P_HCAP_BONES]
    # Hexen choose 2 Divine Quarry before the first roll
    for hx in range(2):
        if clan_of(params, hx) == HEXEN:
            for sq in range(64):
                if _quarry_ok(state, params, hx, sq):
                    state[CUR] = hx
                    state[DEC] = D_QUARRY
                    return
    advance(state, params, ST_SETUP, rng)


@njit(cache=True, inline="always")
def current_player(state, params):
    return state[CUR]


@njit(cache=True, inline="always")
def is_terminal(state, params):
    return state[END] != END_PLAYING


@njit(cache=True)
def legal_actions(state, params, out):
    if state[END] != END_PLAYING:
        return 0
    return opts(state, params, out, True)


@njit(cache=True, inline="always")
def returns(state, params, out):
    w = state[WINNER]
    if w < 0:
        out[0] = 0.5
        out[1] = 0.5
    else:
        out[w] = 1.0
        out[1 - w] = 0.0


@njit(cache=True, inline="always")
def scores(state, params, out):
    """Rival units vanquished by each seat's side (units the other seat lost)."""
    out[0] = state[VANQ + 1]
    out[1] = state[VANQ + 0]


@njit(cache=True)
def info(state, params, out):
    first = state[FIRST]
    out[0] = state[ROUND]
    out[1] = state[END]
    out[2] = clan_of(params, first)
    out[3] = clan_of(params, 1 - first)
    out[4] = first
    out[5] = state[VANQ]
    out[6] = state[VANQ + 1]
    out[7] = state[MARKS]
    out[8] = state[MARKS + 1]
    n = 0
    for b in range(4):
        if state[RECL] & (1 << b):
            n += 1
    out[9] = n
    out[10] = state[QLEFT]
    out[11] = state[TURN]


@njit(cache=True, inline="always")
def determinize(state, params, observer, rng):
    """Perfect information (only future rolls are unknown): nothing to resample."""
    return


# ---- journeys -------------------------------------------------------------------------------
@njit(cache=True)
def _tremor(state, params, seat, k):
    for d in range(8):
        u = nxt(k, seat, d)
        if u < 0 or state[BOARD + u] == 0 or not movable(state, params, u):
            continue
        w = nxt(u, seat, d)
        if w < 0 or state[BOARD + w] != 0:
            continue
        if blocked_for(state, params, cell_seat(state[BOARD + u]), w):
            continue
        move_unit(state, u, w)


@njit(cache=True)
def _ferry_land(state, params, seat, origin, dest, d, dist):
    t = cell_type(state[BOARD + origin])
    flows = t == PAWN or t == SAGE or t == KNIGHT
    if dist == 0:
        state[JUNIT] = origin
        if flows:
            state[SEL] = origin
            state[AUX] = 2
            state[DEC] = D_FLOW
            return ST_WAIT
        if t == KING:
            state[DEC] = D_BELAY_UNIT
            return ST_WAIT
        return ST_AFTER
    if state[BOARD + dest] != 0:  # landing upon a rival unit
        state[SEL] = origin
        state[TGT] = dest
        state[AUX] = 0
        state[DEC] = D_FLOW
        return ST_WAIT
    move_unit(state, origin, dest)
    state[JUNIT] = dest
    if flows:
        ahead = nxt(dest, seat, d)
        if ahead >= 0 and state[BOARD + ahead] != 0 and cell_seat(state[BOARD + ahead]) != seat:
            state[SEL] = dest
            state[TGT] = ahead
            rip = (state[AURA + dest] & AU_RIPPLE) != 0
            one = _flow_opt(state, params, seat, ahead, d, 1, -1, rip) > 0
            two = (state[AURA + dest] & AU_BARBARIC) != 0 and \
                _flow_opt(state, params, seat, ahead, d, 2, -1, rip) > 0
            if one and two:  # Barbaric: the player picks 1 or 2 territories
                state[AUX] = 1
                state[DEC] = D_FLOW
                return ST_WAIT
            if one or two:  # the Flow ahead is automatic
                _apply_flow(state, params, seat, ahead, d, 1 if one else 2, -1, rip, -1)
        return ST_AFTER
    if t == KING:
        state[DEC] = D_BELAY_UNIT
        return ST_WAIT
    return ST_AFTER


@njit(cache=True)
def _do_journey(state, params, seat, origin, dest, code):
    x = code - 1
    wrapped = x >= 128
    x = x % 128
    d = x // 16
    dist = x % 16
    cl = clan_of(params, seat)
    t = cell_type(state[BOARD + origin])
    state[TFLAGS] |= TF_JOURNEYED
    state[JDIR] = d if dist > 0 else -1
    if cl == FERRY:
        if wrapped:
            a = state[AURA + origin]
            if not (a & AU_BARBARIC) and not (a & AU_RIPPLE):
                state[SEL] = origin
                state[TGT] = dest
                state[SEL2] = dist
                state[DEC] = D_AURA_CHOICE
                return ST_WAIT
            state[AURA + origin] |= AU_BARBARIC | AU_RIPPLE
        return _ferry_land(state, params, seat, origin, dest, d, dist)
    if cl == MURG:
        if state[BOARD + dest] != 0:  # Ambush
            r = vanquish(state, params, dest, seat)
            if r != 1:
                state[JUNIT] = origin
                return ST_AFTER
        move_unit(state, origin, dest)
        state[JUNIT] = dest
        return ST_AFTER
    if cl == WIBO:
        if state[BOARD + dest] != 0:  # Deep Roots swap with a Wibo pawn
            swap_units(state, origin, dest)
        else:
            move_unit(state, origin, dest)
        state[JUNIT] = dest
        if state[INTENT] != I_DEED:  # a declared journey: no Morph follows
            return ST_AFTER
        state[DEC] = D_MORPH
        return ST_WAIT
    move_unit(state, origin, dest)
    state[JUNIT] = dest
    if cl == ERDE:
        if t == KNIGHT:
            _tremor(state, params, seat, dest)
        if t == KING and center_bit(dest) != 0 and state[RECL] == 15:
            set_win(state, seat)
            return ST_WAIT
        state[JPTS] -= dist
        state[MOVED + state[JN]] = dest
        state[JN] += 1
        if state[JPTS] > 0 and state[JN] < state[JMAX]:
            state[DEC] = D_UNIT
            return ST_WAIT
        return ST_AFTER
    if cl == HULDRA and t == SAGE and (state[AURA + dest] & AU_PIVOT) and dist < state[JPTS]:
        state[SEL] = dest
        state[TGT2] = state[JPTS] - dist
        state[DEC] = D_PIVOT
        return ST_WAIT
    return ST_AFTER


# ---- deeds ----------------------------------------------------------------------------------
@njit(cache=True)
def _destroy(state, params, seat, rng):
    v = state[ROLLV] if state[ROLLS] > 0 else roll(state, params, seat, rng)
    tg = state[TGT]
    t2 = state[TGT2]
    vt = cell_type(state[BOARD + tg])
    if t2 >= 0:
        thr = params[P_MURG_LOCK]
    elif vt == QUEEN or vt == KING:
        thr = params[P_MURG_ROYAL_LAW] if state[LAW + seat] else params[P_MURG_ROYAL]
    else:
        thr = params[P_MURG_DESTROY]
    if v < thr + state[DEEDMOD]:
        return ST_AFTER
    r1 = vanquish(state, params, tg, seat)
    if state[END] != 0:
        return ST_WAIT
    if t2 < 0:
        if r1 == 1 and not reclaimed(state, tg):
            move_unit(state, state[SEL], tg)
        return ST_AFTER
    r2 = vanquish(state, params, t2, seat)
    ok1 = r1 == 1 and not reclaimed(state, tg)
    ok2 = r2 == 1 and not reclaimed(state, t2)
    if ok1 and ok2:
        state[DEC] = D_KNIGHT_MOVE
        return ST_WAIT
    if ok1:
        move_unit(state, state[SEL], tg)
    elif ok2:
        move_unit(state, state[SEL], t2)
    return ST_AFTER


@njit(cache=True)
def _reclaim(state, params, seat, rng):
    v = state[ROLLV] if state[ROLLS] > 0 else roll(state, params, seat, rng)
    thr = params[P_ERDE_RECLAIM_LAW] if state[LAW + seat] else params[P_ERDE_RECLAIM]
    sq = state[SEL]
    if v >= thr + state[DEEDMOD]:
        state[RECL] |= center_bit(sq)
        k = royal_sq(state, params, seat)
        if k >= 0:  # relocated adjacent to the king, where the Erde player decides
            to_limbo(state, sq, PM_ADJ, k)
    return ST_AFTER


@njit(cache=True)
def _morph_one(state, params, seat, tsq):
    """Morph the rival unit on tsq; returns the new pawn's square, -2 when it goes to the Seat
    (royal) or no pawn was left, -3 when it waits to be placed off a Reclaimed territory, -1
    when the unit was not vanquished.  Where the pawn goes is the Wibo player's decision."""
    vt = cell_type(state[BOARD + tsq])
    royal = vt == QUEEN or vt == KING
    r = vanquish(state, params, tsq, seat)
    if r != 1:
        return -1
    if state[GRAVE + seat * 6 + PAWN] <= 0:
        return -2
    state[GRAVE + seat * 6 + PAWN] -= 1
    if royal:  # clan trait: the pawn goes directly to the Wibo Seat
        new_to_limbo(state, seat, PAWN, PM_SEAT, seat)
        return -2
    if reclaimed(state, tsq):  # next best territory placement, 1 away
        new_to_limbo(state, seat, PAWN, PM_ADJ | PM_MORPH, tsq)
        return -3
    put_unit(state, tsq, seat, PAWN)
    return tsq


@njit(cache=True)
def _morph(state, params, seat, rng):
    ok = (state[TFLAGS] & TF_SEED) != 0
    if not ok:
        v = roll(state, params, seat, rng)
        ok = v >= params[P_WIBO_MORPH] + state[DEEDMOD]
    if not ok:
        return ST_AFTER
    np1 = _morph_one(state, params, seat, state[TGT])
    if state[END] != 0:
        return ST_WAIT
    if state[TGT2] >= 0:
        _morph_one(state, params, seat, state[TGT2])
        return ST_AFTER
    if np1 >= 0 or np1 == -3:  # -3: the retreat starts where the pawn is placed
        state[NP0] = np1 if np1 >= 0 else -1
        if cell_type(state[BOARD + state[JUNIT]]) == KNIGHT:
            state[TFLAGS] |= TF_HASTY
        state[DEC] = D_RETREAT
        return ST_WAIT
    return ST_AFTER


@njit(cache=True)
def _hunt_hit(state, params, seat, sq):
    vt = cell_type(state[BOARD + sq])
    rv = 1 - seat
    if vt == QUEEN or vt == KING:
        state[MARKS + rv] += 1
        if state[MARKS + rv] >= params[P_HUNT_MARKS]:
            set_win(state, seat)
    else:
        vanquish(state, params, sq, seat)


@njit(cache=True)
def _cast_pg(state, params, seat, sq):
    fast = cell_type(state[BOARD + sq]) == QUEEN
    state[PG + sq] = params[P_PG_FAST] if fast else params[P_PG_ROUNDS]
    state[RELIC + seat * 5 + 0] -= 1
    state[DEC] = D_HEX


@njit(cache=True)
def _hex_done(state):
    return ST_END if state[AUX] == 1 else ST_SLOT


# ---- step -----------------------------------------------------------------------------------
@njit(cache=True)
def _apply(state, params, a, rng):
    """Apply action a to the pending decision; returns the stage to run next."""
    dec = state[DEC]
    seat = state[CUR]
    cl = clan_of(params, seat)
    if dec == D_QUARRY:
        state[AURA + a] |= AU_QUARRY
        state[QLEFT] += 1
        state[AUX] += 1
        more = False
        for sq in range(64):
            if _quarry_ok(state, params, seat, sq):
                more = True
                break
        if state[AUX] >= 2 or not more:
            state[AUX] = 0
            return ST_SETUP
        return ST_WAIT
    if dec == D_HCAP:
        if a == A_DONE:  # no slot takes this bone (never with the rules data): back to the pool
            hand_back(state, seat)
            return ST_SETUP
        i = a - A_SLOT
        r = i // 4
        state[slot_at(seat, r, i % 4)] = state[HAND_V] + 64 * state[HAND_F]
        state[HAND_V] = 0
        state[HAND_F] = 0
        if row_full(state, params, seat, r):  # a relic, aura or law row: acquired at once
            return acquire(state, params, seat, r)
        return ST_SETUP
    if dec == D_UPKEEP or dec == D_SLOT:
        if a >= A_RETURN:  # DG-SLOT-15: the skill no longer applies; its bones go home
            empty_row(state, params, seat, a - A_RETURN)
            return ST_WAIT
    if dec == D_UPKEEP:
        if a == A_DONE:
            return ST_INTENT
        if a == A_WILL:
            state[WILLTOK + seat] -= 1
            state[TFLAGS] |= TF_WILL  # Upkeep runs in order: no relic spend after the Will
            activate_will(state, params, seat, rng)
            return ST_WAIT
        k = a - A_SPEND
        if cl == MURG:
            state[RELIC + seat * 5 + k] -= 1
            state[TFLAGS] |= TF_PREDICT if k == 1 else TF_LOOP
        elif cl == FERRY:
            state[PEND] = 0
            state[DEC] = D_DIR
        elif cl == ERDE:
            state[RELIC + seat * 5] -= 1
            state[SEL] = _banish_next(state, params, seat)
            state[DEC] = D_BANISH
        return ST_WAIT
    if dec == D_BANISH:
        if a != A_DONE:
            move_unit(state, state[SEL], a)
            nx = _banish_next(state, params, seat)
            if nx >= 0:
                state[SEL] = nx
                return ST_WAIT
        state[DEC] = D_UPKEEP
        return ST_WAIT
    if dec == D_DIR:
        if cl == FERRY and state[PEND] == 0:  # Unrelenting Tide (Upkeep)
            if a != A_DONE:
                state[RELIC + seat * 5] -= 1
                k, e = _tide_moves(state, params, seat, a - A_DIR)
                q = royal_sq(state, params, 1 - seat)
                move_unit(state, q, e)
                state[FROZEN + e] = (state[TURN] + 1) | TIDE_BIT  # no journey/relocation
            state[PEND] = -1
            state[DEC] = D_UPKEEP
            return ST_WAIT
        if a != A_DONE:  # Master the Current
            d = a - A_DIR
            for s2 in (state[SEL], state[SEL2]):
                if s2 >= 0 and state[BOARD + s2] != 0:
                    if push_ok(state, params, seat, s2, d, 1, -1, -1):
                        do_push(state, params, seat, s2, d, 1, -1)
        return ST_END
    if dec == D_INTENT:
        if a == A_DONE:
            return ST_AFTER
        if a == A_DEED:
            state[INTENT] = I_DEED
            state[DEC] = D_DEED_UNIT
            return ST_WAIT
        v = state[ROLLV] if state[ROLLS] > 0 else roll(state, params, seat, rng)
        start_journey(state, params, seat, v)
        return ST_WAIT
    if dec == D_DEED_UNIT:
        state[SEL] = a
        if cl == ERDE:
            return _reclaim(state, params, seat, rng)
        state[DEC] = D_DEED_TGT
        return ST_WAIT
    if dec == D_DEED_TGT:
        state[TGT] = a
        state[TGT2] = -1
        if cl == WIBO:  # Morph declared (unit and target): roll for the journey first
            v = roll(state, params, seat, rng)
            start_journey(state, params, seat, v)
            return ST_WAIT
        vt = cell_type(state[BOARD + a])
        if cell_type(state[BOARD + state[SEL]]) == KNIGHT and vt != QUEEN and vt != KING and \
                destroy_gen(state, params, seat, state[SEL], True, a, state, 0, False) > 0:
            state[DEC] = D_DEED_TGT2
            return ST_WAIT
        return _destroy(state, params, seat, rng)
    if dec == D_DEED_TGT2:
        if a != A_DONE:
            state[TGT2] = a
        return _destroy(state, params, seat, rng)
    if dec == D_KNIGHT_MOVE:
        if a != A_DONE:
            move_unit(state, state[SEL], a)
        return ST_AFTER
    if dec == D_UNIT:
        if a == A_DONE:
            return ST_AFTER
        if a == A_SPEND + 2:
            state[RELIC + seat * 5 + 2] -= 1
            state[TFLAGS] |= TF_META
            state[JMAX] = 3
            return ST_WAIT
        state[SEL] = a
        state[DEC] = D_DEST
        return ST_WAIT
    if dec == D_DEST:
        origin = state[SEL]
        code = journey_gen(state, params, seat, origin, state[JPTS], state, 0, False, a)
        return _do_journey(state, params, seat, origin, a, code)
    if dec == D_AURA_CHOICE:
        state[AURA + state[SEL]] |= AU_BARBARIC if a == A_YES else AU_RIPPLE
        d = state[JDIR] if state[JDIR] >= 0 else 0
        return _ferry_land(state, params, seat, state[SEL], state[TGT], d, state[SEL2])
    if dec == D_FLOW:
        mode = state[AUX]
        state[AUX] = 0
        if a == A_DONE:
            return ST_AFTER
        if a >= A_DIR2:
            d = a - A_DIR2
            k = 2
        else:
            d = a - A_DIR
            k = 1
        src = state[SEL]
        rip = (state[AURA + src] & AU_RIPPLE) != 0
        if mode == 2:
            v = nxt(src, seat, d)
            _apply_flow(state, params, seat, v, d, k, -1, rip, -1)
        elif mode == 1:
            _apply_flow(state, params, seat, state[TGT], d, k, -1, rip, -1)
        else:
            tg = state[TGT]
            _apply_flow(state, params, seat, tg, d, k, src, rip, tg)
            if state[BOARD + tg] == 0:
                move_unit(state, src, tg)
                state[JUNIT] = tg
            else:
                state[JUNIT] = src
        return ST_AFTER
    if dec == D_BELAY_UNIT:
        if a == A_DONE:
            return ST_AFTER
        state[SEL2] = a
        state[DEC] = D_BELAY_DEST
        return ST_WAIT
    if dec == D_BELAY_DEST:
        move_unit(state, state[SEL2], a)
        return ST_AFTER
    if dec == D_MORPH:
        if a == A_DONE:
            return ST_AFTER
        if a == A_SPEND + 2:
            state[RELIC + seat * 5 + 2] -= 1
            state[TFLAGS] |= TF_SEED
        state[TGT2] = -1
        j = state[JUNIT]
        if cell_type(state[BOARD + j]) == SAGE and not (state[TFLAGS] & TF_SEED) and \
                morph_gen(state, params, seat, j, True, state[TGT], state, 0, False) > 0:
            state[DEC] = D_MORPH_TGT2
            return ST_WAIT
        return _morph(state, params, seat, rng)
    if dec == D_MORPH_TGT2:
        if a != A_DONE:
            state[TGT2] = a
            state[TFLAGS] |= TF_MASS
        return _morph(state, params, seat, rng)
    if dec == D_RETREAT:
        if a == A_DONE:
            return ST_AFTER
        state[JPTS] = roll(state, params, seat, rng)
        state[DEC] = D_RETREAT_DEST
        return ST_WAIT
    if dec == D_RETREAT_DEST:
        if a == A_DONE:
            return ST_AFTER
        if state[TFLAGS] & TF_HASTY:
            kn = state[JUNIT]
            move_unit(state, kn, a)
            # the pawn resumes play neighboring the knight, where the Wibo player decides
            to_limbo(state, state[NP0], PM_NEIGH, a)
        else:
            move_unit(state, state[NP0], a)
        return ST_AFTER
    if dec == D_HEX:
        if a == A_DONE:
            return _hex_done(state)
        k = a - A_SPEND
        state[PEND] = k
        state[DEC] = D_HEX_CASTER
        return ST_WAIT
    if dec == D_HEX_CASTER:
        if state[PEND] == PG_:
            _cast_pg(state, params, seat, a)
            return ST_WAIT
        state[SEL2] = a
        state[TGT] = -1
        state[TFLAGS] &= ~TF_WLPOP
        state[DEC] = D_WL_TGT
        return ST_WAIT
    if dec == D_WL_TGT:
        if a == A_DONE:
            state[TFLAGS] &= ~TF_WLPOP
            state[DEC] = D_HEX
            return ST_WAIT
        state[LADDER + a] = params[P_WL_ROUNDS]
        if state[TFLAGS] & TF_WLPOP:
            state[TFLAGS] &= ~TF_WLPOP
            state[DEC] = D_HEX
            return ST_WAIT
        state[RELIC + seat * 5 + 1] -= 1
        c = state[SEL2]
        if c == state[JUNIT] and (state[TFLAGS] & TF_JOURNEYED) and \
                adjacent_to_type(state, seat, c, ROOK, False) and \
                ladder_gen(state, params, seat, c, a, state, 0, False) > 0:
            state[TFLAGS] |= TF_WLPOP
            state[TGT] = a
            return ST_WAIT
        state[DEC] = D_HEX
        return ST_WAIT
    if dec == D_SLOT:
        if a == A_DONE:
            return ST_END
        i = a - A_SLOT
        r = i // 4
        state[slot_at(seat, r, i % 4)] = state[HAND_V] + 64 * state[HAND_F]
        state[HAND_V] = 0
        state[HAND_F] = 0
        if row_full(state, params, seat, r):
            return acquire(state, params, seat, r)
        return ST_END
    if dec == D_PICK:
        r = state[PEND]
        if a == A_DONE:
            if cl == FERRY and r == 1 and state[PSTEP] == 1:
                state[SEL2] = -1
                state[DEC] = D_DIR
                return ST_WAIT
            return ST_END
        if cl == MURG:
            if r == 0:
                state[AURA + a] |= AU_IRON
            elif state[PSTEP] == 1:  # trait: sacrifice a pawn, rekindle an Assassin sage
                remove_to_grave(state, params, a, seat)
                if state[GRAVE + seat * 6 + SAGE] > 0:
                    state[GRAVE + seat * 6 + SAGE] -= 1
                    put_unit(state, a, seat, SAGE)
                    state[AURA + a] = AU_ASSASSIN
                state[TRAIT_USED] = 1
            else:
                state[AURA + a] |= AU_ASSASSIN
            return ST_END
        if cl == HULDRA:
            state[AURA + a] |= AU_LONGBOW if r == 0 else AU_PIVOT
            return ST_END
        if cl == HEXEN or (cl == WIBO and r == 0):
            state[SEL] = a
            state[DEC] = D_PLACE
            return ST_WAIT
        if cl == WIBO:  # Scatter: the first aura goes
            au = state[AURA + a] & AURA_MASK
            state[AURA + a] &= ~(au & (-au))
            return ST_END
        if cl == FERRY:
            if state[PSTEP] == 0:
                state[SEL] = a
                state[SEL2] = -1
                state[PSTEP] = 1
                return ST_WAIT
            if r == 1:
                state[SEL2] = a
                state[DEC] = D_DIR
                return ST_WAIT
            swap_units(state, state[SEL], a)
            return ST_END
        if cl == ERDE:
            vanquish(state, params, a, seat)
            return ST_END
        return ST_END
    if dec == D_PLACE:
        if a == A_DONE:
            return ST_END
        r = state[PEND]
        if cl == WIBO and r == 1:
            rv = 1 - seat
            state[GRAVE + rv * 6 + PAWN] -= 1
            put_unit(state, a, rv, PAWN)
            state[FROZEN + a] = state[TURN] + 1
        elif cl == ERDE:
            state[GRAVE + seat * 6 + PAWN] -= 1
            put_unit(state, a, seat, PAWN)
        else:
            move_unit(state, state[SEL], a)
        return ST_END
    if dec == D_HULDRA:
        if a == A_DONE:
            return ST_AFTER
        if a == A_SPEND + 3:
            state[RELIC + seat * 5 + 3] -= 1
            state[TFLAGS] |= TF_TWEAKED
            roll(state, params, seat, rng)
            return ST_WAIT
        if a == A_JOURNEY:
            start_journey(state, params, seat, state[ROLLV])
            return ST_WAIT
        if a == A_DEED:
            state[JPTS] = state[ROLLV]
            state[DEC] = D_HUNT_UNIT
            return ST_WAIT
        state[DEC] = D_LEAP
        return ST_WAIT
    if dec == D_HUNT_UNIT:
        state[SEL] = a
        state[TGT2] = state[JPTS]
        state[DEC] = D_HUNT_TGT
        return ST_WAIT
    if dec == D_HUNT_TGT or dec == D_PIVOT:
        if a != A_DONE:
            _hunt_hit(state, params, seat, a)
        return ST_AFTER
    if dec == D_LEAP:
        q = royal_sq(state, params, seat)
        move_unit(state, q, a)
        return ST_AFTER
    if dec == D_RELOC:
        i = LIMBO
        if a == A_DONE:  # safety only: no territory was offered
            a = free_near(state, state[i + 5] if state[i + 5] < 64 else 0, -1)
        state[BOARD + a] = state[i]
        state[AURA + a] = state[i + 1]
        state[LADDER + a] = state[i + 2]
        state[FROZEN + a] = state[i + 3]
        if (state[i + 4] & PM_MORPH) and state[L_DEC] == D_RETREAT and state[NP0] < 0:
            state[NP0] = a
        for k in range(6):
            state[i + k] = state[i + 6 + k]
            state[i + 6 + k] = 0
        if state[LIMBO] != 0:
            return ST_WAIT
        if state[L_STAGE] == ST_WAIT:
            state[DEC] = state[L_DEC]
        return state[L_STAGE]
    if dec == D_RENEWAL:
        if a != A_DONE:
            i = a - A_SLOT
            unslot(state, 1 - seat, i // 4, i % 4)
        return ST_END
    return ST_AFTER


@njit(cache=True)
def step(state, params, action, rng):
    a = np_int(action)
    turn = state[TURN]
    state[ACTS] += 1
    state[TACTS] += 1
    st = _apply(state, params, a, rng)
    if state[END] != 0:
        return
    if st == ST_END and state[TURN] == 0:  # a skill acquired during setup: setup goes on
        st = ST_SETUP
    if st == ST_WAIT and state[TURN] == turn and state[TACTS] >= MAX_TURN_ACTS:
        st = ST_END  # safety bound: a turn never runs longer than MAX_TURN_ACTS actions
    if state[LIMBO] != 0 and state[DEC] != D_RELOC:
        # a unit left the board to be placed by the moving player: ask now, then resume
        state[L_STAGE] = st
        state[L_DEC] = state[DEC]
        state[DEC] = D_RELOC
        return
    if st != ST_WAIT:
        advance(state, params, st, rng)


@njit(cache=True, inline="always")
def np_int(x):
    return int(x)
