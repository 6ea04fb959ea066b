"""The turn machine: phases run as stages until a decision is needed.

Each stage function does its automatic work and returns the next stage; ``advance`` loops
until a stage sets a decision (ST_WAIT) or the game ends.  No stage calls another directly
(numba and mutual recursion do not mix).
"""
from simcore.common import row_kernel
from simcore.darkleaf.board import (
    cell_seat, clan_of, count_units, do_push, endless_stasis, nxt, push_ok, rt, set_win,
)
from simcore.darkleaf import layout as L
from simcore.darkleaf.skills import (
    adapt_swap, empty_row, hand_back, hex_tick, roll, row_returnable, row_slots, wibo_seat_pawns,
)

ST_WAIT = 0
ST_BEGIN = 1
ST_INTENT = 2
ST_AFTER = 3
ST_SLOT = 4
ST_END = 5
ST_SETUP = 6


@row_kernel
def stage_setup(state, params, rng):
    """Setup after the Divine Quarry: the handicap player rolls each handicap bone and
    decides where it goes (D_HCAP); then the first player's first turn begins."""
    if state[L.HCAP_LEFT] > 0:
        hs = params[L.P_HCAP_SEAT]
        state[L.HCAP_LEFT] -= 1
        state[L.CUR] = hs
        roll(state, params, hs, rng)
        state[L.DEC] = L.D_HCAP
        return ST_WAIT
    state[L.CUR] = state[L.FIRST]
    return ST_BEGIN


@row_kernel
def start_journey(state, params, seat, pts):
    if state[L.INTENT] != L.I_DEED:  # a Wibo Morph is declared, then journeys first
        state[L.INTENT] = L.I_JOURNEY
    if clan_of(params, seat) == L.FERRY and state[L.LAW + seat] != 0:
        pts = pts - params[L.P_CALM]
        if pts < 0:
            pts = 0
    state[L.JPTS] = pts
    state[L.JN] = 0
    state[L.JMAX] = 2 if clan_of(params, seat) == L.ERDE else 1
    for i in range(3):
        state[L.MOVED + i] = -1
    state[L.DEC] = L.D_UNIT


@row_kernel
def stage_begin(state, params):
    seat = state[L.CUR]
    if state[L.TURN] >= 2 * params[L.P_ROUND_CAP]:
        state[L.END] = L.END_CAP
        return ST_WAIT
    state[L.TURN] += 1
    state[L.TURNS_TAKEN + seat] += 1
    if seat == state[L.FIRST] and state[L.LOOPED] == 0:
        state[L.ROUND] += 1
    state[L.TACTS] = 0
    state[L.ROLLS] = 0
    state[L.TFLAGS] = 0
    state[L.INTENT] = L.I_NONE
    state[L.SEL] = -1
    state[L.SEL2] = -1
    state[L.TGT] = -1
    state[L.TGT2] = -1
    state[L.JUNIT] = -1
    state[L.JDIR] = -1
    state[L.NPCNT] = 0
    state[L.NP0] = -1
    state[L.NP1] = -1
    state[L.PEND] = -1
    state[L.PSTEP] = 0
    state[L.AUX] = 0
    # Upkeep 1: counters
    if clan_of(params, seat) == L.HEXEN:
        if hex_tick(state, params):  # the Hexen player orders the Hexes due together
            state[L.HEX_WAXING] = 0
            state[L.DEC] = L.D_HEX_ORDER
            return ST_WAIT
        if state[L.END] != 0:
            return ST_WAIT
    open_upkeep(state)
    return ST_WAIT


@row_kernel
def open_upkeep(state):
    """The rest of Upkeep once the Hex counters are off: Stillness counts down, then the
    Upkeep decision (relic tokens, the Will, done)."""
    seat = state[L.CUR]
    if state[L.STILL] > 0 and state[L.STILL_SEAT] == seat:
        state[L.STILL] -= 1
    state[L.DEC] = L.D_UPKEEP


@row_kernel
def stage_intent(state, params, rng):
    seat = state[L.CUR]
    cl = clan_of(params, seat)
    if cl == L.HULDRA:
        roll(state, params, seat, rng)
        state[L.DEC] = L.D_HULDRA
    elif cl == L.MURG:
        if state[L.TFLAGS] & L.TF_PREDICT:
            roll(state, params, seat, rng)
        state[L.DEC] = L.D_INTENT
    elif cl == L.ERDE or cl == L.WIBO:  # Wibo declare like any deed (Phase 2's own example)
        state[L.DEC] = L.D_INTENT
    else:
        v = roll(state, params, seat, rng)
        start_journey(state, params, seat, v)
    return ST_WAIT


@row_kernel
def hex_castable(state, params, seat):
    """Whether a Hex could be cast now (a caster and a token for something to mark)."""
    if state[L.RELIC + seat * 5 + L.PG_] <= 0 and state[L.RELIC + seat * 5 + L.WL_] <= 0:
        return False
    return True


@row_kernel
def stage_after(state, params):
    """End of Roll & Execute: Endless stasis dispels Ladders; Hexen may Hex."""
    seat = state[L.CUR]
    cl = clan_of(params, seat)
    if cl == L.WIBO and state[L.LAW + seat] != 0:
        for sq in range(64):
            if state[L.LADDER + sq] != 0 and endless_stasis(state, params, sq):
                state[L.LADDER + sq] = 0
    if cl == L.HEXEN and hex_castable(state, params, seat):
        state[L.HEX_ON_ACQUIRE] = 0
        state[L.DEC] = L.D_HEX
        return ST_WAIT
    return ST_SLOT


@row_kernel
def stage_slot(state, params):
    seat = state[L.CUR]
    v = state[L.HAND_V]
    if v > 0:
        for r in range(5):
            if row_slots(state, params, seat, r, v) != 0:
                state[L.DEC] = L.D_SLOT
                return ST_WAIT
        for r in range(5):  # returning a dead row's bones may free the last pool bone
            if row_returnable(state, params, seat, r):
                state[L.DEC] = L.D_SLOT
                return ST_WAIT
    hand_back(state, seat)
    return ST_END


@row_kernel
def acquire(state, params, seat, r):
    """Phase 5 for the completed row r: bones back to the pool, then the skill's effect.
    Returns the next stage (ST_WAIT when a choice is pending)."""
    cl = clan_of(params, seat)
    empty_row(state, params, seat, r)
    kind = L.SKILL_KIND[cl][r]
    state[L.PEND] = r
    state[L.PSTEP] = 0
    if kind == L.K_RELIC:
        state[L.RELIC + seat * 5 + r] += 1
        if cl == L.HEXEN and state[L.TURN] > 0:  # no Hex is cast during setup (handicap)
            state[L.TFLAGS] |= L.TF_NEWTOKEN
            state[L.HEX_ON_ACQUIRE] = 1
            state[L.DEC] = L.D_HEX
            return ST_WAIT
        return ST_END
    if kind == L.K_LAW:
        state[L.LAW + seat] = 1
        if cl == L.HULDRA:
            adapt_swap(state, seat)
        return ST_END
    state[L.SEL] = -1
    state[L.SEL2] = -1
    if kind == L.K_AURA:
        if cl == L.MURG and r == L.ASSASSIN_ and count_units(state, seat, rt(L.SAGE)) == 0:
            state[L.PSTEP] = 1
        state[L.DEC] = L.D_PICK
        return ST_WAIT
    # miracles
    if cl == L.HEXEN and r == L.WAX_:  # Waxing Moon
        if hex_tick(state, params):
            state[L.HEX_WAXING] = 1
            state[L.DEC] = L.D_HEX_ORDER
            return ST_WAIT
        return ST_END
    if cl == L.FERRY and r == L.BIGWAVE_:  # Big Wave
        big_wave(state, params, seat)
        return ST_END
    if cl == L.HULDRA and r == L.RENEWAL_:
        state[L.DEC] = L.D_RENEWAL
        return ST_WAIT
    if (cl == L.WIBO and r == L.REGROW_) or (cl == L.ERDE and r == L.TWCBD_):
        state[L.DEC] = L.D_PLACE
        return ST_WAIT
    state[L.DEC] = L.D_PICK
    return ST_WAIT


@row_kernel
def big_wave(state, params, seat):
    from_sq = state[L.JUNIT]
    if from_sq < 0 or state[L.BOARD + from_sq] == 0 or cell_seat(state[L.BOARD + from_sq]) != seat:
        return
    targets = 0
    for d in range(8):
        n = nxt(from_sq, seat, d)
        if n >= 0:
            c = state[L.BOARD + n]
            if c != 0 and cell_seat(c) != seat:
                targets |= 1 << d
    for d in range(8):
        if targets & (1 << d):
            n = nxt(from_sq, seat, d)
            if state[L.BOARD + n] != 0 and \
                    push_ok(state, params, seat, n, d, rt(1), rt(-1), rt(-1)):
                do_push(state, params, seat, n, d, rt(1), rt(-1))


@row_kernel
def stage_end(state, params):
    seat = state[L.CUR]
    cl = clan_of(params, seat)
    hand_back(state, seat)
    if cl == L.WIBO and wibo_seat_pawns(state, params, seat) >= params[L.P_WIBO_SEAT]:
        set_win(state, seat)
        return ST_WAIT
    if state[L.TFLAGS] & L.TF_LOOP:
        state[L.LOOPED] = 1
    else:
        state[L.LOOPED] = 0
        state[L.CUR] = 1 - seat
    return ST_BEGIN


@row_kernel
def advance(state, params, stage, rng):
    while stage != ST_WAIT and state[L.END] == 0:
        if stage == ST_BEGIN:
            stage = stage_begin(state, params)
        elif stage == ST_INTENT:
            stage = stage_intent(state, params, rng)
        elif stage == ST_AFTER:
            stage = stage_after(state, params)
        elif stage == ST_SLOT:
            stage = stage_slot(state, params)
        elif stage == ST_END:
            stage = stage_end(state, params)
        elif stage == ST_SETUP:
            stage = stage_setup(state, params, rng)
        else:
            stage = ST_WAIT
