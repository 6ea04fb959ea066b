"""Darkleaf Gambit kernels: the game contract over the turn machine (:mod:`turn`).

``options.opts`` lists the legal actions of the pending decision (DEC, see :mod:`layout`);
``step`` applies one and ``turn.advance`` runs the automatic parts of the turn to the next
decision.  Perfect information: only future rolls are unknown, so ``determinize`` is a no-op.

``_apply`` hands each decision to one function named for its rulebook phase and step.  Those
functions have one caller each and are ``inline="always"``: as separate compiled functions
they cost reference counting on every call (about 60 ns a step, measured).
"""
from numba import njit

from simcore.common import row_kernel, winner_returns
from simcore.darkleaf.board import (
    blocked_for, cell_seat, cell_type, center_bit, clan_of, do_push, free_near, movable, move_unit,
    new_to_limbo, nxt, push_ok, put_unit, reclaimed, remove_to_grave, rt, rtb, set_win, swap_units,
    to_limbo, vanquish,
)
from simcore.darkleaf import layout as L
from simcore.darkleaf.kinds import action_kind  # noqa: F401  (the contract's action_kind)
from simcore.darkleaf.moves import adjacent_to_type, destroy_gen, journey_gen, ladder_gen, \
    morph_gen
from simcore.darkleaf.options import (
    _apply_flow, _banish_next, _flow_opt, _quarry_ok, _tide_moves, opts,
)
from simcore.darkleaf.skills import (
    activate_will, empty_row, hand_back, hex_resolve, roll, royal_sq, row_full, slot_at, unslot,
)
from simcore.darkleaf.turn import (
    ST_AFTER, ST_END, ST_INTENT, ST_SETUP, ST_SLOT, ST_WAIT, acquire, advance, open_upkeep,
    start_journey,
)
from simcore.darkleaf.value import evaluate  # noqa: F401  (the contract's position value)


# ---- contract kernels -----------------------------------------------------------------------
@njit(cache=True)
def init(state, params, rng):
    for i in range(state.shape[0]):
        state[i] = 0
    for sq in range(64):
        state[L.FROZEN + sq] = -1
    state[L.WINNER] = -1
    for k in (L.SEL, L.SEL2, L.TGT, L.TGT2, L.JUNIT, L.JDIR, L.PEND, L.NP0, L.NP0 + 1):
        state[k] = -1
    first = params[L.P_FIRST]
    state[L.FIRST] = first
    for seat in range(2):
        state[L.POOL + seat] = 6
        state[L.WILLTOK + seat] = 1
        for t in range(6):
            state[L.GRAVE + seat * 6 + t] = params[L.P_MAXU + seat * 6 + t]
        for i in range(16):
            t = params[L.P_START + seat * 32 + 2 * i]
            if t < 0:
                break
            sq = params[L.P_START + seat * 32 + 2 * i + 1]
            if seat == 1:
                sq = 63 - sq
            put_unit(state, sq, seat, t)
            state[L.GRAVE + seat * 6 + t] -= 1
    # optional handicap (Tips & Tricks): rolled and slotted by its player after the Quarry
    state[L.HCAP_LEFT] = params[L.P_HCAP_BONES]
    # Hexen choose 2 Divine Quarry before the first roll
    for hx in range(2):
        if clan_of(params, hx) == L.HEXEN:
            for sq in range(64):
                if _quarry_ok(state, params, hx, sq):
                    state[L.CUR] = hx
                    state[L.DEC] = L.D_QUARRY
                    return
    advance(state, params, rt(ST_SETUP), rng)


@row_kernel(inline="always")
def current_player(state, params):
    return state[L.CUR]


@row_kernel(inline="always")
def is_terminal(state, params):
    return state[L.END] != L.END_PLAYING


@row_kernel
def legal_actions(state, params, out):
    if state[L.END] != L.END_PLAYING:
        return 0
    return opts(state, params, out, rtb(True))


@row_kernel(inline="always")
def returns(state, params, out):
    winner_returns(state[L.WINNER], out)


@row_kernel(inline="always")
def scores(state, params, out):
    """Rival units vanquished by each seat's side (units the other seat lost)."""
    out[0] = state[L.VANQ + 1]
    out[1] = state[L.VANQ + 0]


@row_kernel
def info(state, params, out):
    first = state[L.FIRST]
    out[0] = state[L.ROUND]
    out[1] = state[L.END]
    out[2] = clan_of(params, first)
    out[3] = clan_of(params, 1 - first)
    out[4] = first
    out[5] = state[L.VANQ]
    out[6] = state[L.VANQ + 1]
    out[7] = state[L.MARKS]
    out[8] = state[L.MARKS + 1]
    n = 0
    for b in range(4):
        if state[L.RECL] & (1 << b):
            n += 1
    out[9] = n
    out[10] = state[L.QLEFT]
    out[11] = state[L.TURN]


@njit(cache=True, inline="always")
def determinize(state, params, observer, rng):
    """Perfect information (only future rolls are unknown): nothing to resample."""
    return


# ---- journeys -------------------------------------------------------------------------------
@row_kernel
def _tremor(state, params, seat, k):
    for d in range(8):
        u = nxt(k, seat, d)
        if u < 0 or state[L.BOARD + u] == 0 or not movable(state, params, u):
            continue
        w = nxt(u, seat, d)
        if w < 0 or state[L.BOARD + w] != 0:
            continue
        if blocked_for(state, params, cell_seat(state[L.BOARD + u]), w):
            continue
        move_unit(state, u, w)


@row_kernel
def _ferry_land(state, params, seat, origin, dest, d, dist):
    t = cell_type(state[L.BOARD + origin])
    flows = t == L.PAWN or t == L.SAGE or t == L.KNIGHT
    if dist == 0:
        state[L.JUNIT] = origin
        if flows:
            state[L.SEL] = origin
            state[L.FLOW_MODE] = 2
            state[L.DEC] = L.D_FLOW
            return ST_WAIT
        if t == L.KING:
            state[L.DEC] = L.D_BELAY_UNIT
            return ST_WAIT
        return ST_AFTER
    if state[L.BOARD + dest] != 0:  # landing upon a rival unit
        state[L.SEL] = origin
        state[L.TGT] = dest
        state[L.FLOW_MODE] = 0
        state[L.DEC] = L.D_FLOW
        return ST_WAIT
    move_unit(state, origin, dest)
    state[L.JUNIT] = dest
    if flows:
        ahead = nxt(dest, seat, d)
        if ahead >= 0 and state[L.BOARD + ahead] != 0 and cell_seat(state[L.BOARD + ahead]) != seat:
            state[L.SEL] = dest
            state[L.TGT] = ahead
            rip = (state[L.AURA + dest] & L.AU_RIPPLE) != 0
            one = _flow_opt(state, params, seat, ahead, d, rt(1), rt(-1), rip) > 0
            two = (state[L.AURA + dest] & L.AU_BARBARIC) != 0 and \
                _flow_opt(state, params, seat, ahead, d, rt(2), rt(-1), rip) > 0
            if one and two:  # Barbaric: the player picks 1 or 2 territories
                state[L.FLOW_MODE] = 1
                state[L.DEC] = L.D_FLOW
                return ST_WAIT
            if one or two:  # the Flow ahead is automatic
                _apply_flow(state, params, seat, ahead, d, 1 if one else 2, rt(-1), rip, rt(-1))
        return ST_AFTER
    if t == L.KING:
        state[L.DEC] = L.D_BELAY_UNIT
        return ST_WAIT
    return ST_AFTER


@row_kernel
def _do_journey(state, params, seat, origin, dest, code):
    x = code - 1
    wrapped = x >= 128
    x = x % 128
    d = x // 16
    dist = x % 16
    cl = clan_of(params, seat)
    t = cell_type(state[L.BOARD + origin])
    state[L.TFLAGS] |= L.TF_JOURNEYED
    state[L.JDIR] = d if dist > 0 else -1
    if cl == L.FERRY:
        if wrapped:
            a = state[L.AURA + origin]
            if not (a & L.AU_BARBARIC) and not (a & L.AU_RIPPLE):
                state[L.SEL] = origin
                state[L.TGT] = dest
                state[L.SEL2] = dist
                state[L.DEC] = L.D_AURA_CHOICE
                return ST_WAIT
            state[L.AURA + origin] |= L.AU_BARBARIC | L.AU_RIPPLE
        return _ferry_land(state, params, seat, origin, dest, d, dist)
    if cl == L.MURG:
        if state[L.BOARD + dest] != 0:  # Ambush
            r = vanquish(state, params, dest, seat)
            if r != 1:
                state[L.JUNIT] = origin
                return ST_AFTER
        move_unit(state, origin, dest)
        state[L.JUNIT] = dest
        return ST_AFTER
    if cl == L.WIBO:
        if state[L.BOARD + dest] != 0:  # Deep Roots swap with a Wibo pawn
            swap_units(state, origin, dest)
        else:
            move_unit(state, origin, dest)
        state[L.JUNIT] = dest
        if state[L.INTENT] != L.I_DEED:  # a declared journey: no Morph follows
            if params[L.P_MORPH_DECL] == 0 and \
                    morph_gen(state, params, seat, dest, False, rt(-1), state, 0, rtb(False)) > 0:
                state[L.DEC] = L.D_MORPH_TGT  # undeclared reading: pick a neighbor now
                return ST_WAIT
            return ST_AFTER
        state[L.DEC] = L.D_MORPH
        return ST_WAIT
    move_unit(state, origin, dest)
    state[L.JUNIT] = dest
    if cl == L.ERDE:
        if t == L.KNIGHT:
            _tremor(state, params, seat, dest)
        if t == L.KING and center_bit(dest) != 0 and state[L.RECL] == 15:
            set_win(state, seat)
            return ST_WAIT
        state[L.JPTS] -= dist
        state[L.MOVED + state[L.JN]] = dest
        state[L.JN] += 1
        if state[L.JPTS] > 0 and state[L.JN] < state[L.JMAX]:
            state[L.DEC] = L.D_UNIT
            return ST_WAIT
        return ST_AFTER
    if cl == L.HULDRA and t == L.SAGE and (state[L.AURA + dest] & L.AU_PIVOT) and \
            dist < state[L.JPTS]:
        state[L.SEL] = dest
        state[L.TGT2] = state[L.JPTS] - dist
        state[L.DEC] = L.D_PIVOT
        return ST_WAIT
    return ST_AFTER


# ---- deeds ----------------------------------------------------------------------------------
@row_kernel
def _destroy(state, params, seat, rng):
    v = state[L.ROLLV] if state[L.ROLLS] > 0 else roll(state, params, seat, rng)
    tg = state[L.TGT]
    t2 = state[L.TGT2]
    vt = cell_type(state[L.BOARD + tg])
    if t2 >= 0:
        thr = params[L.P_MURG_LOCK]
    elif vt == L.QUEEN or vt == L.KING:
        thr = params[L.P_MURG_ROYAL_LAW] if state[L.LAW + seat] else params[L.P_MURG_ROYAL]
    else:
        thr = params[L.P_MURG_DESTROY]
    if v < thr + state[L.DEEDMOD]:
        return ST_AFTER
    r1 = vanquish(state, params, tg, seat)
    if state[L.END] != 0:
        return ST_WAIT
    if t2 < 0:
        if r1 == 1 and not reclaimed(state, tg):
            move_unit(state, state[L.SEL], tg)
        return ST_AFTER
    r2 = vanquish(state, params, t2, seat)
    ok1 = r1 == 1 and not reclaimed(state, tg)
    ok2 = r2 == 1 and not reclaimed(state, t2)
    if ok1 and ok2:
        state[L.DEC] = L.D_KNIGHT_MOVE
        return ST_WAIT
    if ok1:
        move_unit(state, state[L.SEL], tg)
    elif ok2:
        move_unit(state, state[L.SEL], t2)
    return ST_AFTER


@row_kernel
def _reclaim(state, params, seat, rng):
    v = state[L.ROLLV] if state[L.ROLLS] > 0 else roll(state, params, seat, rng)
    thr = params[L.P_ERDE_RECLAIM_LAW] if state[L.LAW + seat] else params[L.P_ERDE_RECLAIM]
    sq = state[L.SEL]
    if v >= thr + state[L.DEEDMOD]:
        state[L.RECL] |= center_bit(sq)
        k = royal_sq(state, params, seat)
        if k >= 0:  # relocated adjacent to the king, where the Erde player decides
            to_limbo(state, sq, rt(L.PM_ADJ), k)
    return ST_AFTER


@row_kernel
def _morph_one(state, params, seat, tsq):
    """Morph the rival unit on tsq; returns the new pawn's square, -2 when it goes to the Seat
    (royal) or no pawn was left, -3 when it waits to be placed off a Reclaimed territory, -1
    when the unit was not vanquished.  Where the pawn goes is the Wibo player's decision."""
    vt = cell_type(state[L.BOARD + tsq])
    royal = vt == L.QUEEN or vt == L.KING
    r = vanquish(state, params, tsq, seat)
    if r != 1:
        return -1
    if state[L.GRAVE + seat * 6 + L.PAWN] <= 0:
        return -2
    state[L.GRAVE + seat * 6 + L.PAWN] -= 1
    if royal:  # clan trait: the pawn goes directly to the Wibo Seat
        new_to_limbo(state, seat, L.PAWN, rt(L.PM_SEAT), seat)
        return -2
    if reclaimed(state, tsq):  # next best territory placement, 1 away
        new_to_limbo(state, seat, L.PAWN, rt(L.PM_ADJ | L.PM_MORPH), tsq)
        return -3
    put_unit(state, tsq, seat, L.PAWN)
    return tsq


@row_kernel
def _morph(state, params, seat, rng):
    ok = (state[L.TFLAGS] & L.TF_SEED) != 0
    if not ok:
        v = roll(state, params, seat, rng)
        ok = v >= params[L.P_WIBO_MORPH] + state[L.DEEDMOD]
    if not ok:
        return ST_AFTER
    np1 = _morph_one(state, params, seat, state[L.TGT])
    if state[L.END] != 0:
        return ST_WAIT
    if state[L.TGT2] >= 0:
        _morph_one(state, params, seat, state[L.TGT2])
        return ST_AFTER
    if np1 >= 0 or np1 == -3:  # -3: the retreat starts where the pawn is placed
        state[L.NP0] = np1 if np1 >= 0 else -1
        if cell_type(state[L.BOARD + state[L.JUNIT]]) == L.KNIGHT:
            state[L.TFLAGS] |= L.TF_HASTY
        state[L.DEC] = L.D_RETREAT
        return ST_WAIT
    return ST_AFTER


@row_kernel
def _hunt_hit(state, params, seat, sq):
    vt = cell_type(state[L.BOARD + sq])
    rv = 1 - seat
    if vt == L.QUEEN or vt == L.KING:
        state[L.MARKS + rv] += 1
        if state[L.MARKS + rv] >= params[L.P_HUNT_MARKS]:
            set_win(state, seat)
    else:
        vanquish(state, params, sq, seat)


# ---- setup: Divine Quarry and handicap bones --------------------------------------------
@row_kernel(inline="always")
def _divine_quarry(state, params, seat, a):
    """D_QUARRY: the Hexen player names a rival unit as a Divine Quarry (two in all, or as
    many as there are candidates)."""
    state[L.AURA + a] |= L.AU_QUARRY
    state[L.QLEFT] += 1
    state[L.QUARRY_PICKS] += 1
    more = False
    for sq in range(64):
        if _quarry_ok(state, params, seat, sq):
            more = True
            break
    if state[L.QUARRY_PICKS] >= 2 or not more:
        state[L.QUARRY_PICKS] = 0
        return ST_SETUP
    return ST_WAIT


@row_kernel(inline="always")
def _slot_bone(state, params, seat, a):
    """Phase 4, Slot Bones: the bone in hand goes into slot action ``a``; a completed row is
    acquired at once (Phase 5, Acquire Power).  Returns the stage from Acquire Power, or -1
    when the row is not complete."""
    i = a - L.A_SLOT
    r = i // 4
    state[slot_at(seat, r, i % 4)] = state[L.HAND_V] + 64 * state[L.HAND_F]
    state[L.HAND_V] = 0
    state[L.HAND_F] = 0
    if row_full(state, params, seat, r):  # a relic, aura or law row: acquired at once
        return acquire(state, params, seat, r)
    return -1


@row_kernel(inline="always")
def _handicap_bone(state, params, seat, a):
    """D_HCAP (Tips & Tricks handicap): slot the rolled handicap bone, then setup goes on."""
    if a == L.A_DONE:  # no slot takes this bone (never with the rules data): back to the pool
        hand_back(state, seat)
        return ST_SETUP
    st = _slot_bone(state, params, seat, a)
    return ST_SETUP if st < 0 else st


# ---- Phase 1: Upkeep ------------------------------------------------------------------------
@row_kernel(inline="always")
def _upkeep(state, params, seat, cl, a, rng):
    """D_UPKEEP: spend a relic token (Predictive Model, Electromagnetic Loop, Unrelenting Tide,
    Banish), activate Haggedorn's Will, return a dead row's bones, or end the Upkeep."""
    if a >= L.A_RETURN:  # DG-SLOT-15: the skill no longer applies; its bones go home
        empty_row(state, params, seat, a - L.A_RETURN)
        return ST_WAIT
    if a == L.A_DONE:
        return ST_INTENT
    if a == L.A_WILL:
        state[L.WILLTOK + seat] -= 1
        state[L.TFLAGS] |= L.TF_WILL  # Upkeep runs in order: no relic spend after the Will
        activate_will(state, params, seat, rng)
        return ST_WAIT
    k = a - L.A_SPEND
    if cl == L.MURG:  # Predictive Model or Electromagnetic Loop
        state[L.RELIC + seat * 5 + k] -= 1
        state[L.TFLAGS] |= L.TF_PREDICT if k == L.PREDICT_ else L.TF_LOOP
    elif cl == L.FERRY:  # Unrelenting Tide: the direction is the next decision (D_DIR)
        state[L.PEND] = 0
        state[L.DEC] = L.D_DIR
    elif cl == L.ERDE:  # Banish: each rival unit on a centre territory, one at a time
        state[L.RELIC + seat * 5 + L.BANISH_] -= 1
        state[L.SEL] = _banish_next(state, params, seat)
        state[L.DEC] = L.D_BANISH
    return ST_WAIT


@row_kernel(inline="always")
def _banish(state, params, seat, a):
    """D_BANISH (Erde relic): the rival unit on SEL goes to territory ``a``; then the next."""
    if a != L.A_DONE:
        move_unit(state, state[L.SEL], a)
        nx = _banish_next(state, params, seat)
        if nx >= 0:
            state[L.SEL] = nx
            return ST_WAIT
    state[L.DEC] = L.D_UPKEEP
    return ST_WAIT


@row_kernel(inline="always")
def _unrelenting_tide(state, params, seat, a):
    """D_DIR in the Upkeep (Ferrymen relic): the rival royal slides in direction ``a`` and is
    rooted (no journey or relocation) through the rival's next turn."""
    if a != L.A_DONE:
        state[L.RELIC + seat * 5 + L.TIDE_] -= 1
        k, e = _tide_moves(state, params, seat, a - L.A_DIR)
        q = royal_sq(state, params, 1 - seat)
        move_unit(state, q, e)
        state[L.FROZEN + e] = (state[L.TURN] + 1) | L.TIDE_BIT  # no journey/relocation
    state[L.PEND] = -1
    state[L.DEC] = L.D_UPKEEP
    return ST_WAIT


@row_kernel(inline="always")
def _master_the_current(state, params, seat, a):
    """D_DIR when acquired (Ferrymen miracle): Flow the picked pawn(s) 1 in direction ``a``."""
    if a != L.A_DONE:
        d = a - L.A_DIR
        for s2 in (state[L.SEL], state[L.SEL2]):
            if s2 >= 0 and state[L.BOARD + s2] != 0:
                if push_ok(state, params, seat, s2, d, rt(1), rt(-1), rt(-1)):
                    do_push(state, params, seat, s2, d, rt(1), rt(-1))
    return ST_END


# ---- Phase 2: Declare Intent ----------------------------------------------------------------
@row_kernel(inline="always")
def _declare_intent(state, params, seat, a, rng):
    """D_INTENT: journey (roll now unless Predictive Model rolled already), deed, or pass."""
    if a == L.A_DONE:
        return ST_AFTER
    if a == L.A_DEED:
        state[L.INTENT] = L.I_DEED
        state[L.DEC] = L.D_DEED_UNIT
        return ST_WAIT
    v = state[L.ROLLV] if state[L.ROLLS] > 0 else roll(state, params, seat, rng)
    start_journey(state, params, seat, v)
    return ST_WAIT


@row_kernel(inline="always")
def _deed_target(state, params, seat, cl, a, rng):
    """D_DEED_TGT: the deed's target.  Wibo declared a Morph (the journey comes first); a Murg
    knight may name a second target (Lock), else the Destroy is rolled."""
    state[L.TGT] = a
    state[L.TGT2] = -1
    if cl == L.WIBO:  # Morph declared (unit and target): roll for the journey first
        v = roll(state, params, seat, rng)
        start_journey(state, params, seat, v)
        return ST_WAIT
    vt = cell_type(state[L.BOARD + a])
    if cell_type(state[L.BOARD + state[L.SEL]]) == L.KNIGHT and vt != L.QUEEN and vt != L.KING and \
            destroy_gen(state, params, seat, state[L.SEL], rtb(True), a, state, 0, rtb(False)) > 0:
        state[L.DEC] = L.D_DEED_TGT2
        return ST_WAIT
    return _destroy(state, params, seat, rng)


@row_kernel(inline="always")
def _deed_unit(state, params, seat, cl, a, rng):
    """D_DEED_UNIT: the unit that performs the deed; Erde Reclaim is rolled at once."""
    state[L.SEL] = a
    if cl == L.ERDE:
        return _reclaim(state, params, seat, rng)
    state[L.DEC] = L.D_DEED_TGT
    return ST_WAIT


# ---- Phase 3: Roll & Execute ----------------------------------------------------------------
@row_kernel(inline="always")
def _journey_unit(state, params, seat, a):
    """D_UNIT: the unit that journeys, Metamorphic (Erde: a third share), or no journey."""
    if a == L.A_DONE:
        return ST_AFTER
    if a == L.A_SPEND + L.META_:
        state[L.RELIC + seat * 5 + L.META_] -= 1
        state[L.TFLAGS] |= L.TF_META
        state[L.JMAX] = 3
        return ST_WAIT
    state[L.SEL] = a
    state[L.DEC] = L.D_DEST
    return ST_WAIT


@row_kernel(inline="always")
def _flow(state, params, seat, a):
    """D_FLOW (Ferrymen deed): Flow the rival unit in direction ``a`` (1 or, Barbaric, 2
    territories); FLOW_MODE says which unit: 0 the one landed upon, 1 the one ahead, 2 one
    beside a zero journey."""
    mode = state[L.FLOW_MODE]
    state[L.FLOW_MODE] = 0
    if a == L.A_DONE:
        return ST_AFTER
    if a >= L.A_DIR2:
        d = a - L.A_DIR2
        k = 2
    else:
        d = a - L.A_DIR
        k = 1
    src = state[L.SEL]
    rip = (state[L.AURA + src] & L.AU_RIPPLE) != 0
    if mode == 2:
        v = nxt(src, seat, d)
        _apply_flow(state, params, seat, v, d, k, rt(-1), rip, rt(-1))
    elif mode == 1:
        _apply_flow(state, params, seat, state[L.TGT], d, k, rt(-1), rip, rt(-1))
    else:
        tg = state[L.TGT]
        _apply_flow(state, params, seat, tg, d, k, src, rip, tg)
        if state[L.BOARD + tg] == 0:
            move_unit(state, src, tg)
            state[L.JUNIT] = tg
        else:
            state[L.JUNIT] = src
    return ST_AFTER


@row_kernel(inline="always")
def _belay(state, params, dec, a):
    """D_BELAY_UNIT / D_BELAY_DEST (Ferrymen king): a neighbouring unit, then where it goes."""
    if dec == L.D_BELAY_DEST:
        move_unit(state, state[L.SEL2], a)
        return ST_AFTER
    if a == L.A_DONE:
        return ST_AFTER
    state[L.SEL2] = a
    state[L.DEC] = L.D_BELAY_DEST
    return ST_WAIT


@row_kernel(inline="always")
def _morph_decision(state, params, seat, a, rng):
    """D_MORPH (Wibo deed after the journey): Morph (rolled, or sure with Starter Seed); a
    sage may Morph a second, diagonal unit (Mass Morph, D_MORPH_TGT2)."""
    if a == L.A_DONE:
        return ST_AFTER
    if a == L.A_SPEND + L.SEED_:
        state[L.RELIC + seat * 5 + L.SEED_] -= 1
        state[L.TFLAGS] |= L.TF_SEED
    state[L.TGT2] = -1
    j = state[L.JUNIT]
    if cell_type(state[L.BOARD + j]) == L.SAGE and not (state[L.TFLAGS] & L.TF_SEED) and \
            morph_gen(state, params, seat, j, True, state[L.TGT], state, 0, rtb(False)) > 0:
        state[L.DEC] = L.D_MORPH_TGT2
        return ST_WAIT
    return _morph(state, params, seat, rng)


@row_kernel(inline="always")
def _retreat(state, params, seat, dec, a, rng):
    """D_RETREAT / D_RETREAT_DEST (Wibo): roll to retreat the new pawn (Hasty Retreat: the
    knight, the pawn placed beside it), then where it goes."""
    if a == L.A_DONE:
        return ST_AFTER
    if dec == L.D_RETREAT:
        if a == L.A_JOURNEY:  # Hasty Retreat declined: the new pawn retreats alone
            state[L.TFLAGS] &= ~L.TF_HASTY
        state[L.JPTS] = roll(state, params, seat, rng)
        state[L.DEC] = L.D_RETREAT_DEST
        return ST_WAIT
    if state[L.TFLAGS] & L.TF_HASTY:
        kn = state[L.JUNIT]
        move_unit(state, kn, a)
        # the pawn resumes play neighboring the knight, where the Wibo player decides
        to_limbo(state, state[L.NP0], rt(L.PM_NEIGH), a)
    else:
        move_unit(state, state[L.NP0], a)
    return ST_AFTER


@row_kernel(inline="always")
def _huldra_roll(state, params, seat, a, rng):
    """D_HULDRA (clan trait, no intent declared): with the roll in hand journey, Hunt, Leap,
    Tweak (reroll), or pass."""
    if a == L.A_DONE:
        return ST_AFTER
    if a == L.A_SPEND + L.TWEAK_:
        state[L.RELIC + seat * 5 + L.TWEAK_] -= 1
        state[L.TFLAGS] |= L.TF_TWEAKED
        roll(state, params, seat, rng)
        return ST_WAIT
    if a == L.A_JOURNEY:
        start_journey(state, params, seat, state[L.ROLLV])
        return ST_WAIT
    if a == L.A_DEED:
        state[L.JPTS] = state[L.ROLLV]
        state[L.DEC] = L.D_HUNT_UNIT
        return ST_WAIT
    state[L.DEC] = L.D_LEAP
    return ST_WAIT


@row_kernel(inline="always")
def _hunt(state, params, seat, dec, a):
    """D_HUNT_UNIT: the Huldra hunter (the roll is its distance); D_HUNT_TGT / D_PIVOT: the
    unit it hits (a Pivot sage's remainder may also be declined)."""
    if dec == L.D_HUNT_UNIT:
        state[L.SEL] = a
        state[L.TGT2] = state[L.JPTS]
        state[L.DEC] = L.D_HUNT_TGT
        return ST_WAIT
    if a != L.A_DONE:
        _hunt_hit(state, params, seat, a)
    return ST_AFTER


# ---- Hexes (end of Roll & Execute, or a new Hex relic in Acquire Power) ---------------------
@row_kernel(inline="always")
def _hex(state, a):
    """D_HEX: cast a Hex (Poison Garden or Witch's Ladder token), or stop casting."""
    if a == L.A_DONE:
        return ST_END if state[L.HEX_ON_ACQUIRE] == 1 else ST_SLOT
    state[L.PEND] = a - L.A_SPEND
    state[L.DEC] = L.D_HEX_CASTER
    return ST_WAIT


@row_kernel(inline="always")
def _hex_caster(state, params, seat, a):
    """D_HEX_CASTER: Poison Garden is cast on the caster's territory at once; Witch's Ladder
    asks for its target next (D_WL_TGT)."""
    if state[L.PEND] == L.PG_:
        fast = cell_type(state[L.BOARD + a]) == L.QUEEN
        state[L.PG + a] = params[L.P_PG_FAST] if fast else params[L.P_PG_ROUNDS]
        state[L.RELIC + seat * 5 + L.PG_] -= 1
        state[L.DEC] = L.D_HEX
        return ST_WAIT
    state[L.SEL2] = a
    state[L.TGT] = -1
    state[L.TFLAGS] &= ~L.TF_WLPOP
    state[L.DEC] = L.D_WL_TGT
    return ST_WAIT


@row_kernel(inline="always")
def _witchs_ladder(state, params, seat, a):
    """D_WL_TGT: the Witch's Ladder target; a caster that journeyed beside a Hexen rook (Place
    of Power) places a second, free Ladder."""
    if a == L.A_DONE:
        state[L.TFLAGS] &= ~L.TF_WLPOP
        state[L.DEC] = L.D_HEX
        return ST_WAIT
    state[L.LADDER + a] = params[L.P_WL_ROUNDS]
    if state[L.TFLAGS] & L.TF_WLPOP:
        state[L.TFLAGS] &= ~L.TF_WLPOP
        state[L.DEC] = L.D_HEX
        return ST_WAIT
    state[L.RELIC + seat * 5 + L.WL_] -= 1
    c = state[L.SEL2]
    if c == state[L.JUNIT] and (state[L.TFLAGS] & L.TF_JOURNEYED) and \
            adjacent_to_type(state, seat, c, L.ROOK, rtb(False)) and \
            ladder_gen(state, params, seat, c, a, state, 0, rtb(False)) > 0:
        state[L.TFLAGS] |= L.TF_WLPOP
        state[L.TGT] = a
        return ST_WAIT
    state[L.DEC] = L.D_HEX
    return ST_WAIT


@row_kernel(inline="always")
def _hex_order(state, params, a):
    """D_HEX_ORDER: Ladders and Gardens came due together; the Hexes of the chosen skill
    (Witch's Ladder or Poison Garden) resolve first, then the turn goes on where the counters
    came off (Upkeep, or the end of the turn after Waxing Moon)."""
    hex_resolve(state, params, a != L.A_SPEND + L.PG_)
    if state[L.END] != 0:
        return ST_WAIT
    if state[L.HEX_WAXING] == 1:
        return ST_END
    open_upkeep(state)
    return ST_WAIT


# ---- Phase 4: Slot Bones --------------------------------------------------------------------
@row_kernel(inline="always")
def _slot_bones(state, params, seat, a):
    """D_SLOT: slot the bone in hand, return a dead row's bones, or keep the bone."""
    if a >= L.A_RETURN:  # DG-SLOT-15: the skill no longer applies; its bones go home
        empty_row(state, params, seat, a - L.A_RETURN)
        return ST_WAIT
    if a == L.A_DONE:
        return ST_END
    st = _slot_bone(state, params, seat, a)
    return ST_END if st < 0 else st


# ---- Phase 5: Acquire Power -----------------------------------------------------------------
@row_kernel(inline="always")
def _acquire_pick(state, params, seat, cl, a):
    """D_PICK: the unit an acquired aura or miracle acts on (row PEND, step PSTEP)."""
    r = state[L.PEND]
    if a == L.A_DONE:
        if cl == L.FERRY and r == L.MTC_ and state[L.PSTEP] == 1:
            state[L.SEL2] = -1
            state[L.DEC] = L.D_DIR
            return ST_WAIT
        return ST_END
    if cl == L.MURG:
        if r == L.IRON_:  # Iron Plating
            state[L.AURA + a] |= L.AU_IRON
        elif state[L.PSTEP] == 1:  # trait: sacrifice a pawn, rekindle an Assassin sage
            remove_to_grave(state, params, a, seat)
            if state[L.GRAVE + seat * 6 + L.SAGE] > 0:
                state[L.GRAVE + seat * 6 + L.SAGE] -= 1
                put_unit(state, a, seat, L.SAGE)
                state[L.AURA + a] = L.AU_ASSASSIN
            state[L.TRAIT_USED] = 1
        else:
            state[L.AURA + a] |= L.AU_ASSASSIN
        return ST_END
    if cl == L.HULDRA:
        state[L.AURA + a] |= L.AU_LONGBOW if r == L.LONGBOW_ else L.AU_PIVOT
        return ST_END
    if cl == L.HEXEN or (cl == L.WIBO and r == L.SPORES_):  # Haggedorn Hoc Vult, Spores: relocate
        state[L.SEL] = a
        state[L.DEC] = L.D_PLACE
        return ST_WAIT
    if cl == L.WIBO:  # Scatter: the first aura goes
        au = state[L.AURA + a] & L.AURA_MASK
        state[L.AURA + a] &= ~(au & (-au))
        return ST_END
    if cl == L.FERRY:
        if state[L.PSTEP] == 0:
            state[L.SEL] = a
            state[L.SEL2] = -1
            state[L.PSTEP] = 1
            return ST_WAIT
        if r == L.MTC_:
            state[L.SEL2] = a
            state[L.DEC] = L.D_DIR
            return ST_WAIT
        swap_units(state, state[L.SEL], a)  # Eddy
        return ST_END
    if cl == L.ERDE:  # Sink
        vanquish(state, params, a, seat)
        return ST_END
    return ST_END


@row_kernel(inline="always")
def _acquire_place(state, params, seat, cl, a):
    """D_PLACE: Rival Regrowth (a rival pawn, frozen a turn) or That Which Cannot Be Destroyed
    (an Erde pawn) is placed; else the picked unit relocates to ``a``."""
    if a == L.A_DONE:
        return ST_END
    r = state[L.PEND]
    if cl == L.WIBO and r == L.REGROW_:
        rv = 1 - seat
        state[L.GRAVE + rv * 6 + L.PAWN] -= 1
        put_unit(state, a, rv, L.PAWN)
        state[L.FROZEN + a] = state[L.TURN] + 1
    elif cl == L.ERDE:
        state[L.GRAVE + seat * 6 + L.PAWN] -= 1
        put_unit(state, a, seat, L.PAWN)
    else:
        move_unit(state, state[L.SEL], a)
    return ST_END


@row_kernel(inline="always")
def _renewal(state, seat, a):
    """D_RENEWAL (Huldra miracle): one bone slotted on the rival's board goes back to the
    rival's pool."""
    if a != L.A_DONE:
        i = a - L.A_SLOT
        unslot(state, 1 - seat, i // 4, i % 4)
    return ST_END


# ---- placement of units off the board (DG-CORE-03) -----------------------------------------
@row_kernel(inline="always")
def _relocate(state, a):
    """D_RELOC: the first unit waiting in LIMBO takes territory ``a``; the turn resumes where
    it stopped once every such unit is placed."""
    i = L.LIMBO
    if a == L.A_DONE:  # safety only: no territory was offered
        a = free_near(state, state[i + 5] if state[i + 5] < 64 else 0, -1)
    state[L.BOARD + a] = state[i]
    state[L.AURA + a] = state[i + 1]
    state[L.LADDER + a] = state[i + 2]
    state[L.FROZEN + a] = state[i + 3]
    if (state[i + 4] & L.PM_MORPH) and state[L.L_DEC] == L.D_RETREAT and state[L.NP0] < 0:
        state[L.NP0] = a
    for k in range(6):
        state[i + k] = state[i + 6 + k]
        state[i + 6 + k] = 0
    if state[L.LIMBO] != 0:
        return ST_WAIT
    if state[L.L_STAGE] == ST_WAIT:
        state[L.DEC] = state[L.L_DEC]
    return state[L.L_STAGE]


# ---- step -----------------------------------------------------------------------------------
@row_kernel
def _apply(state, params, a, rng):
    """Apply action a to the pending decision; returns the stage to run next."""
    dec = state[L.DEC]
    seat = state[L.CUR]
    cl = clan_of(params, seat)
    if dec == L.D_UNIT:
        return _journey_unit(state, params, seat, a)
    if dec == L.D_DEST:
        origin = state[L.SEL]
        code = journey_gen(state, params, seat, origin, state[L.JPTS], state, 0, rtb(False), a)
        return _do_journey(state, params, seat, origin, a, code)
    if dec == L.D_UPKEEP:
        return _upkeep(state, params, seat, cl, a, rng)
    if dec == L.D_SLOT:
        return _slot_bones(state, params, seat, a)
    if dec == L.D_INTENT:
        return _declare_intent(state, params, seat, a, rng)
    if dec == L.D_HEX:
        return _hex(state, a)
    if dec == L.D_HEX_CASTER:
        return _hex_caster(state, params, seat, a)
    if dec == L.D_HEX_ORDER:
        return _hex_order(state, params, a)
    if dec == L.D_WL_TGT:
        return _witchs_ladder(state, params, seat, a)
    if dec == L.D_DEED_UNIT:
        return _deed_unit(state, params, seat, cl, a, rng)
    if dec == L.D_DEED_TGT:
        return _deed_target(state, params, seat, cl, a, rng)
    if dec == L.D_DEED_TGT2:
        if a != L.A_DONE:
            state[L.TGT2] = a
        return _destroy(state, params, seat, rng)
    if dec == L.D_KNIGHT_MOVE:
        if a != L.A_DONE:
            move_unit(state, state[L.SEL], a)
        return ST_AFTER
    if dec == L.D_AURA_CHOICE:
        state[L.AURA + state[L.SEL]] |= L.AU_BARBARIC if a == L.A_YES else L.AU_RIPPLE
        d = state[L.JDIR] if state[L.JDIR] >= 0 else 0
        return _ferry_land(state, params, seat, state[L.SEL], state[L.TGT], d, state[L.SEL2])
    if dec == L.D_FLOW:
        return _flow(state, params, seat, a)
    if dec == L.D_BELAY_UNIT or dec == L.D_BELAY_DEST:
        return _belay(state, params, dec, a)
    if dec == L.D_MORPH:
        return _morph_decision(state, params, seat, a, rng)
    if dec == L.D_MORPH_TGT:
        if a == L.A_DONE:
            return ST_AFTER
        state[L.TGT] = a
        state[L.DEC] = L.D_MORPH
        return ST_WAIT
    if dec == L.D_MORPH_TGT2:
        if a != L.A_DONE:
            state[L.TGT2] = a
            state[L.TFLAGS] |= L.TF_MASS
        return _morph(state, params, seat, rng)
    if dec == L.D_RETREAT or dec == L.D_RETREAT_DEST:
        return _retreat(state, params, seat, dec, a, rng)
    if dec == L.D_HULDRA:
        return _huldra_roll(state, params, seat, a, rng)
    if dec == L.D_HUNT_UNIT or dec == L.D_HUNT_TGT or dec == L.D_PIVOT:
        return _hunt(state, params, seat, dec, a)
    if dec == L.D_LEAP:
        move_unit(state, royal_sq(state, params, seat), a)
        return ST_AFTER
    if dec == L.D_PICK:
        return _acquire_pick(state, params, seat, cl, a)
    if dec == L.D_PLACE:
        return _acquire_place(state, params, seat, cl, a)
    if dec == L.D_RENEWAL:
        return _renewal(state, seat, a)
    if dec == L.D_RELOC:
        return _relocate(state, a)
    if dec == L.D_BANISH:
        return _banish(state, params, seat, a)
    if dec == L.D_DIR:
        if cl == L.FERRY and state[L.PEND] == 0:
            return _unrelenting_tide(state, params, seat, a)
        return _master_the_current(state, params, seat, a)
    if dec == L.D_QUARRY:
        return _divine_quarry(state, params, seat, a)
    if dec == L.D_HCAP:
        return _handicap_bone(state, params, seat, a)
    return ST_AFTER


@row_kernel
def step(state, params, action, rng):
    a = np_int(action)
    turn = state[L.TURN]
    state[L.ACTS] += 1
    state[L.TACTS] += 1
    st = _apply(state, params, a, rng)
    if state[L.END] != 0:
        return
    if st == ST_END and state[L.TURN] == 0:  # a skill acquired during setup: setup goes on
        st = ST_SETUP
    if st == ST_WAIT and state[L.TURN] == turn and state[L.TACTS] >= L.MAX_TURN_ACTS:
        st = ST_END  # safety bound: a turn never runs longer than MAX_TURN_ACTS actions
    if state[L.LIMBO] != 0 and state[L.DEC] != L.D_RELOC:
        # a unit left the board to be placed by the moving player: ask now, then resume
        state[L.L_STAGE] = st
        state[L.L_DEC] = state[L.DEC]
        state[L.DEC] = L.D_RELOC
        return
    if st != ST_WAIT:
        advance(state, params, st, rng)


@row_kernel(inline="always")
def np_int(x):
    return int(x)
