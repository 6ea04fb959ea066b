"""The turn machine: phases run as stages until a decision is needed.

Each stage function does its automatic work and returns the next stage; ``advance`` loops
until a stage sets a decision (ST_WAIT) or the game ends.  No stage calls another directly
(numba and mutual recursion do not mix).
"""
from numba import njit

from simcore.darkleaf.board import (
    cell_seat, clan_of, count_units, do_push, endless_stasis, nxt, push_ok, set_win,
)
from simcore.darkleaf.layout import (
    AUX, BOARD, CUR, D_HCAP, D_HEX, HCAP_LEFT, P_HCAP_SEAT,
    D_HULDRA, D_INTENT, D_PICK, D_PLACE, D_RENEWAL, D_SLOT, D_UNIT, D_UPKEEP, DEC, END,
    END_CAP, ERDE, FERRY, HEXEN, HULDRA, I_DEED, I_JOURNEY, INTENT, JDIR, JMAX, JN, JPTS, JUNIT,
    K_AURA, K_LAW, K_RELIC, LADDER, LAW, LOOPED, MOVED, MURG, NP0, NP1, NPCNT,
    P_CALM, P_ROUND_CAP, P_WIBO_SEAT, PEND, PSTEP, RELIC, ROLLS, ROUND,
    SAGE, SEL, SEL2, SKILL_KIND, STILL, STILL_SEAT, TACTS, TF_LOOP, TF_NEWTOKEN,
    TF_PREDICT, TFLAGS, TGT, TGT2, TURN, TURNS_TAKEN, FIRST, WIBO, HAND_V,
)
from simcore.darkleaf.skills import (
    adapt_swap, empty_row, hand_back, hex_tick, roll, row_returnable, slot_ok, wibo_seat_pawns,
)

ST_WAIT = 0
ST_BEGIN = 1
ST_INTENT = 2
ST_AFTER = 3
ST_SLOT = 4
ST_END = 5
ST_SETUP = 6


@njit(cache=True)
def stage_setup(state, params, rng):
    """Setup after the Divine Quarry: the handicap player rolls each handicap bone and
    decides where it goes (D_HCAP); then the first player's first turn begins."""
    if state[HCAP_LEFT] > 0:
        hs = params[P_HCAP_SEAT]
        state[HCAP_LEFT] -= 1
        state[CUR] = hs
        roll(state, params, hs, rng)
        state[DEC] = D_HCAP
        return ST_WAIT
    state[CUR] = state[FIRST]
    return ST_BEGIN


@njit(cache=True)
def start_journey(state, params, seat, pts):
    if state[INTENT] != I_DEED:  # a Wibo Morph is declared, then journeys first
        state[INTENT] = I_JOURNEY
    if clan_of(params, seat) == FERRY and state[LAW + seat] != 0:
        pts = pts - params[P_CALM]
        if pts < 0:
            pts = 0
    state[JPTS] = pts
    state[JN] = 0
    state[JMAX] = 2 if clan_of(params, seat) == ERDE else 1
    for i in range(3):
        state[MOVED + i] = -1
    state[DEC] = D_UNIT


@njit(cache=True)
def stage_begin(state, params):
    seat = state[CUR]
    if state[TURN] >= 2 * params[P_ROUND_CAP]:
        state[END] = END_CAP
        return ST_WAIT
    state[TURN] += 1
    state[TURNS_TAKEN + seat] += 1
    if seat == state[FIRST] and state[LOOPED] == 0:
        state[ROUND] += 1
    state[TACTS] = 0
    state[ROLLS] = 0
    state[TFLAGS] = 0
    state[INTENT] = 0
    state[SEL] = -1
    state[SEL2] = -1
    state[TGT] = -1
    state[TGT2] = -1
    state[JUNIT] = -1
    state[JDIR] = -1
    state[NPCNT] = 0
    state[NP0] = -1
    state[NP1] = -1
    state[PEND] = -1
    state[PSTEP] = 0
    state[AUX] = 0
    # Upkeep 1: counters
    if clan_of(params, seat) == HEXEN:
        hex_tick(state, params)
        if state[END] != 0:
            return ST_WAIT
    if state[STILL] > 0 and state[STILL_SEAT] == seat:
        state[STILL] -= 1
    state[DEC] = D_UPKEEP
    return ST_WAIT


@njit(cache=True)
def stage_intent(state, params, rng):
    seat = state[CUR]
    cl = clan_of(params, seat)
    if cl == HULDRA:
        roll(state, params, seat, rng)
        state[DEC] = D_HULDRA
    elif cl == MURG:
        if state[TFLAGS] & TF_PREDICT:
            roll(state, params, seat, rng)
        state[DEC] = D_INTENT
    elif cl == ERDE or cl == WIBO:  # Wibo declare like any deed (Phase 2's own example)
        state[DEC] = D_INTENT
    else:
        v = roll(state, params, seat, rng)
        start_journey(state, params, seat, v)
    return ST_WAIT


@njit(cache=True)
def hex_castable(state, params, seat):
    """Whether a Hex could be cast now (a caster and a token for something to mark)."""
    if state[RELIC + seat * 5 + 0] <= 0 and state[RELIC + seat * 5 + 1] <= 0:
        return False
    return True


@njit(cache=True)
def stage_after(state, params):
    """End of Roll & Execute: Endless stasis dispels Ladders; Hexen may Hex."""
    seat = state[CUR]
    cl = clan_of(params, seat)
    if cl == WIBO and state[LAW + seat] != 0:
        for sq in range(64):
            if state[LADDER + sq] != 0 and endless_stasis(state, params, sq):
                state[LADDER + sq] = 0
    if cl == HEXEN and hex_castable(state, params, seat):
        state[AUX] = 0
        state[DEC] = D_HEX
        return ST_WAIT
    return ST_SLOT


@njit(cache=True)
def stage_slot(state, params):
    seat = state[CUR]
    v = state[HAND_V]
    if v > 0:
        for r in range(5):
            for p in range(4):
                if slot_ok(state, params, seat, r, p, v):
                    state[DEC] = D_SLOT
                    return ST_WAIT
        for r in range(5):  # returning a dead row's bones may free the last pool bone
            if row_returnable(state, params, seat, r):
                state[DEC] = D_SLOT
                return ST_WAIT
    hand_back(state, seat)
    return ST_END


@njit(cache=True)
def acquire(state, params, seat, r):
    """Phase 5 for the completed row r: bones back to the pool, then the skill's effect.
    Returns the next stage (ST_WAIT when a choice is pending)."""
    cl = clan_of(params, seat)
    empty_row(state, params, seat, r)
    kind = SKILL_KIND[cl][r]
    state[PEND] = r
    state[PSTEP] = 0
    if kind == K_RELIC:
        state[RELIC + seat * 5 + r] += 1
        if cl == HEXEN and state[TURN] > 0:  # no Hex is cast during setup (handicap)
            state[TFLAGS] |= TF_NEWTOKEN
            state[AUX] = 1
            state[DEC] = D_HEX
            return ST_WAIT
        return ST_END
    if kind == K_LAW:
        state[LAW + seat] = 1
        if cl == HULDRA:
            adapt_swap(state, seat)
        return ST_END
    state[SEL] = -1
    state[SEL2] = -1
    if kind == K_AURA:
        if cl == MURG and r == 3 and count_units(state, seat, SAGE) == 0:
            state[PSTEP] = 1
        state[DEC] = D_PICK
        return ST_WAIT
    # miracles
    if cl == HEXEN and r == 3:  # Waxing Moon
        hex_tick(state, params)
        return ST_END
    if cl == FERRY and r == 3:  # Big Wave
        big_wave(state, params, seat)
        return ST_END
    if cl == HULDRA and r == 2:
        state[DEC] = D_RENEWAL
        return ST_WAIT
    if (cl == WIBO and r == 1) or (cl == ERDE and r == 1):
        state[DEC] = D_PLACE
        return ST_WAIT
    state[DEC] = D_PICK
    return ST_WAIT


@njit(cache=True)
def big_wave(state, params, seat):
    from_sq = state[JUNIT]
    if from_sq < 0 or state[BOARD + from_sq] == 0 or cell_seat(state[BOARD + from_sq]) != seat:
        return
    targets = 0
    for d in range(8):
        n = nxt(from_sq, seat, d)
        if n >= 0:
            c = state[BOARD + n]
            if c != 0 and cell_seat(c) != seat:
                targets |= 1 << d
    for d in range(8):
        if targets & (1 << d):
            n = nxt(from_sq, seat, d)
            if state[BOARD + n] != 0 and push_ok(state, params, seat, n, d, 1, -1, -1):
                do_push(state, params, seat, n, d, 1, -1)


@njit(cache=True)
def stage_end(state, params):
    seat = state[CUR]
    cl = clan_of(params, seat)
    hand_back(state, seat)
    if cl == WIBO and wibo_seat_pawns(state, params, seat) >= params[P_WIBO_SEAT]:
        set_win(state, seat)
        return ST_WAIT
    if state[TFLAGS] & TF_LOOP:
        state[LOOPED] = 1
    else:
        state[LOOPED] = 0
        state[CUR] = 1 - seat
    return ST_BEGIN


@njit(cache=True)
def advance(state, params, stage, rng):
    while stage != ST_WAIT and state[END] == 0:
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
