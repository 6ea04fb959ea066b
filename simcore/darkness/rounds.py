"""Edge of Darkness round stages: setup, Prologue, start of round, Barracks, Draft, the
Voiceless Guild automa (solo) and end-of-game scoring.

Each ``stage_*`` kernel advances the machine and returns True when a seat must
decide (the legal set is then in LEG); ``engine.settle`` loops over them.

The automa (solo only; the Voiceless Guild rules are not public, so every part
is an `assumed` rules value): after the player's draft it takes the
``automa.take`` rightmost Street cards (scoring ``automa.vp_per_advancement`` per
advancement on them) and discards them; after the player's turn it draws
``automa.cubes`` cubes from the bag straight into the tower (attacks follow);
at the end of each round it scores ``automa.vp_per_round`` and removes
``automa.advancements`` advancements from the largest stacks.  The player wins
with a final score above the automa's.
"""
import numpy as np
from numba import njit

from simcore.darkness.cards import (
    add_to_hand, draw_cube, draw_top, hand_size, leg_clear, leg_opt, leg_set, loc_of_kind,
    refill_street, remove_from_street, request, sleeves, take, to_discard,
)
from simcore.darkness.contacts import contact_apply, contact_modes
from simcore.darkness.effects import defense_down, dispatch, refill_tray
from simcore.darkness.layout import (
    A_OPT, A_PASS, AG, AUTO_CARDS, BAG, BLUFF, C_BOT, C_HOLDER, C_MID, C_OWNER, C_ZONE,
    CCUBES, COINS, D_BARRACKS, D_DRAFT, D_PRO_CARD, D_PRO_PICK, D_PRO_USE, DECK, DECK_N,
    DEFENSE, DR_IDX, FIRST, GOODWILL, HAND_N, INFL, K_BARRACKS, K_BLUFFS, K_CITADEL, K_MILLHOLLOW,
    K_MINE, K_SHOREHOLLOW, LOCKIND, MAX_AG, MAX_HAND, MINE, NCARD, NCOL, NLOC, NSTACK, NSTREET,
    NTRAY, P_AUTO_ADV, P_AUTO_TAKE, P_AUTO_VP, P_AUTO_VP_ADV, P_CA, P_CC, P_COIN_VP,
    P_CUBES_BASE, P_DEF_PEN, P_GOODWILL_VP, P_INFL_VP, P_NUM_PLAYERS, P_PRO_PICKS,
    P_PRO_PICKS2, PE_CARD, PE_LOC, PICKED, PRO_IDX, PRO_STACK, READY, REP, ROUND, S_DRAFT,
    S_ROUND_START, S_TURN_START, SOLO_AUTO_VP, STACK_INF, STACK_N, STAGE, STREET, STREET_INF,
    SUB, SUB2, TRAINED, TZ, TZN, Z_DECK, Z_HALL, CITIZEN0, PATRICIAN0, PHASE, INFL,
    D_HALL, NSTARTER, P_HALL_START, Z_OUT,
)
from simcore.rng import randint

# ---- sleeving ------------------------------------------------------------------------------------


@njit(cache=True)
def do_sleeve(state, params, p, c, s, pro):
    """Seat p sleeves the top advancement of stack s onto card c."""
    loc = s >> 1
    if (s & 1) == 0:
        state[C_MID + c] = loc
    else:
        state[C_BOT + c] = loc
    state[STACK_N + s] -= 1
    state[INFL + p] += state[STACK_INF + s]   # Citadel Influence on the stack
    state[STACK_INF + s] = 0
    k = state[LOCKIND + loc]
    if k == K_BLUFFS:
        defense_down(state, params, p, params[P_CC + K_BLUFFS])
    elif k == K_SHOREHOLLOW and state[C_OWNER + c] != p:
        dispatch(state, p, loc, 1)


@njit(cache=True, inline="always")
def slot_free(state, c, t):
    return state[(C_MID if t == 0 else C_BOT) + c] < 0


# ---- Prologue ------------------------------------------------------------------------------------


@njit(cache=True)
def pro_total(params):
    P = params[P_NUM_PLAYERS]
    return P * (params[P_PRO_PICKS2] if P == 2 else params[P_PRO_PICKS])


@njit(cache=True)
def pro_seat(params, i, first):
    """Seat of Prologue pick i: a snake draft; 2 players: P1 x1, P2 x2, P1 x2, P2 x1 ..."""
    P = params[P_NUM_PLAYERS]
    if P == 2:
        j = ((i + 1) // 2) % 2
    else:
        r = i // P
        j = i % P
        if r % 2 == 1:
            j = P - 1 - j
    return (first + j) % P


@njit(cache=True)
def stage_hall(state, params, j):
    """Guild Hall choice j after the Prologue picks: seat by seat from the First Player, each
    keeps ``setup.hall_start`` of its starter cards in its Guild Hall (one OPT per choice: the
    card's index 0..3 among the seat's four); the rest join the deck (ED-BASE-95)."""
    P = params[P_NUM_PLAYERS]
    k = params[P_HALL_START]
    p = (state[FIRST] + j // k) % P
    if not state[READY]:
        if j % k == 0:
            # the seat's first choice: its starters leave the Hall until chosen back
            for x in range(4):
                if state[C_ZONE + p * 4 + x] == Z_HALL:
                    state[C_ZONE + p * 4 + x] = Z_OUT
        leg_clear(state)
        for x in range(4):
            if state[C_ZONE + p * 4 + x] == Z_OUT:
                leg_opt(state, x)
        if request(state, params, D_HALL, p):
            return True
    c = p * 4 + take(state) - A_OPT
    state[C_ZONE + c] = Z_HALL
    state[C_HOLDER + c] = p
    state[PRO_IDX] += 1
    return False


@njit(cache=True)
def stage_prologue(state, params, rng):
    i = state[PRO_IDX]
    n = pro_total(params)
    if i >= n:
        k = params[P_HALL_START]
        if k < 4 and i - n < params[P_NUM_PLAYERS] * k:
            return stage_hall(state, params, i - n)
        finish_prologue(state, params, rng)
        state[STAGE] = S_ROUND_START
        return False
    p = pro_seat(params, i, state[FIRST])
    sub = state[SUB]
    if sub == 0:
        if not state[READY]:
            leg_clear(state)
            for s in range(NSTACK):
                # a picked location's stack is marked for the rest of the Prologue, for
                # everyone, the picker included (ED-BASE-92)
                if state[STACK_N + s] > 0 and state[PICKED + (s >> 1)] == 0:
                    for j in range(4):
                        if slot_free(state, p * 4 + j, s & 1):
                            leg_opt(state, s)
                            break
            if request(state, params, D_PRO_PICK, p):
                return True
        a = take(state)
        if a == A_PASS:
            state[PRO_IDX] = i + 1
            return False
        state[PRO_STACK] = a - A_OPT
        state[SUB] = 1
    elif sub == 1:
        s = state[PRO_STACK]
        if not state[READY]:
            leg_clear(state)
            for j in range(4):
                if slot_free(state, p * 4 + j, s & 1):
                    leg_opt(state, j)
            if request(state, params, D_PRO_CARD, p):
                return True
        c = p * 4 + take(state) - A_OPT
        do_sleeve(state, params, p, c, s, True)
        state[PICKED + (s >> 1)] += 1
        state[PE_CARD] = c
        state[PE_LOC] = s >> 1
        state[SUB] = 2
    else:
        c = state[PE_CARD]
        loc = state[PE_LOC]
        if not state[READY]:
            leg_clear(state)
            leg_set(state, A_PASS)
            m = contact_modes(state, params, p, loc, c, True)
            for b in range(3):
                if (m >> b) & 1:
                    leg_opt(state, b)
            if request(state, params, D_PRO_USE, p):
                return True
        a = take(state)
        if a != A_PASS:
            contact_apply(state, params, p, loc, c, a - A_OPT, -1, rng)
        state[SUB] = 0
        state[PRO_IDX] = i + 1
    return False


@njit(cache=True)
def finish_prologue(state, params, rng):
    """Unpicked locations: one copy onto a different Citizen, into the discard pile; the
    starter cards not kept in a Guild Hall are shuffled into the deck; then the Street and
    the three tower trays are dealt from it."""
    for loc in range(NLOC):
        if state[PICKED + loc] > 0:
            continue
        s = loc * 2 if state[STACK_N + loc * 2] > 0 else loc * 2 + 1
        if state[STACK_N + s] == 0:
            continue
        n = state[DECK_N]
        pos = -1
        for i in range(n - 1, -1, -1):
            c = state[DECK + i]
            if CITIZEN0 <= c < PATRICIAN0 and state[C_MID + c] < 0 and state[C_BOT + c] < 0:
                pos = i
                break
        if pos < 0:
            continue
        c = state[DECK + pos]
        for i in range(pos, n - 1):
            state[DECK + i] = state[DECK + i + 1]
        state[DECK_N] = n - 1
        if (s & 1) == 0:
            state[C_MID + c] = loc
        else:
            state[C_BOT + c] = loc
        state[STACK_N + s] -= 1
        to_discard(state, c)
    n = state[DECK_N]
    for c in range(NSTARTER):
        if c // 4 < params[P_NUM_PLAYERS] and state[C_ZONE + c] == Z_OUT:
            state[DECK + n] = c
            state[C_ZONE + c] = Z_DECK
            state[C_HOLDER + c] = -1
            n += 1
    state[DECK_N] = n
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = state[DECK + i]
        state[DECK + i] = state[DECK + j]
        state[DECK + j] = t
    refill_street(state, rng)
    for t in range(NTRAY):
        refill_tray(state, params, t, rng)


# ---- start of round --------------------------------------------------------------------------------


@njit(cache=True)
def stage_round_start(state, params):
    P = params[P_NUM_PLAYERS]
    r = state[ROUND] + 1
    state[ROUND] = r
    for loc in range(NLOC):
        k = state[LOCKIND + loc]
        if k == K_CITADEL and r % 2 == 1:
            for s in range(NSTACK):
                if state[STACK_N + s] > 0:
                    state[STACK_INF + s] += 1
        elif k == K_BLUFFS:
            state[BLUFF] += params[P_CA + K_BLUFFS] + P
        elif k == K_MINE:
            for p in range(P):
                for i in range(state[AG + p * NLOC + loc]):
                    state[MINE + p * MAX_AG + i] += params[P_CA + K_MINE]
    state[SUB] = 0
    state[SUB2] = 0
    state[STAGE] = S_ROUND_START + 1  # S_BARRACKS


@njit(cache=True)
def stage_barracks(state, params):
    P = params[P_NUM_PLAYERS]
    loc = loc_of_kind(state, K_BARRACKS)
    i = state[SUB]
    if loc < 0 or i >= P:
        state[STAGE] = S_DRAFT
        state[SUB] = 0
        return False
    p = (state[FIRST] + i) % P
    if state[TRAINED + p] > 0:
        if not state[READY]:
            leg_clear(state)
            leg_set(state, A_PASS)
            leg_opt(state, 0)
            if request(state, params, D_BARRACKS, p):
                return True
        if take(state) != A_PASS:
            dispatch(state, p, loc, 1)
    state[SUB] = i + 1
    return False


# ---- Draft -------------------------------------------------------------------------------------------


@njit(cache=True)
def draw_threat_cubes(state, params, p, c, rng):
    for _ in range(sleeves(state, c) + params[P_CUBES_BASE]):
        col = draw_cube(state, rng)
        if col >= 0:
            state[TZN + p * NCOL + col] += 1


@njit(cache=True)
def street_len(state):
    n = 0
    for i in range(NSTREET):
        if state[STREET + i] >= 0:
            n += 1
    return n


@njit(cache=True)
def stage_draft(state, params, rng):
    P = params[P_NUM_PLAYERS]
    mill = loc_of_kind(state, K_MILLHOLLOW)
    if state[SUB] == 0:
        # first every seat takes the cards waiting in its Guild Hall, up to its hand size
        for j in range(P):
            p = (state[FIRST] + j) % P
            hs = hand_size(state, params, p, mill)
            for c in range(NCARD):
                if state[HAND_N + p] >= hs:
                    break
                if state[C_ZONE + c] == Z_HALL and state[C_HOLDER + c] == p:
                    add_to_hand(state, p, c)
                    draw_threat_cubes(state, params, p, c, rng)
        state[SUB] = 1
        state[DR_IDX] = 0
        state[SUB2] = 0
    while True:
        if state[SUB2] >= P:   # a full lap where nobody drafted: the draft is over
            automa_draft(state, params, rng)
            state[PHASE] = 0
            state[STAGE] = S_TURN_START
            return False
        p = (state[FIRST] + state[DR_IDX]) % P
        refill_street(state, rng)
        m = street_len(state)
        if state[HAND_N + p] >= hand_size(state, params, p, mill) or (m == 0 and state[DECK_N] == 0):
            state[DR_IDX] = (state[DR_IDX] + 1) % P
            state[SUB2] += 1
            continue
        if not state[READY]:
            leg_clear(state)
            infl = state[INFL + p]
            for k in range(m):
                if infl >= k:
                    leg_opt(state, k)
            if state[DECK_N] > 0 and infl >= m:
                leg_opt(state, NSTREET)
            if request(state, params, D_DRAFT, p):
                return True
        k = take(state) - A_OPT
        draft_pick(state, params, p, k, rng)
        state[DR_IDX] = (state[DR_IDX] + 1) % P
        state[SUB2] = 0


@njit(cache=True)
def draft_pick(state, params, p, k, rng):
    """Seat p drafts Street position k (0 = rightmost), putting 1 Influence on each skipped
    card; k = 5 takes the deck top after skipping the whole Street."""
    m = street_len(state)
    if k < NSTREET:
        for j in range(k):
            state[STREET_INF + j] += 1
        state[INFL + p] -= k
        c = state[STREET + k]
        state[GOODWILL + p] += remove_from_street(state, k)
        add_to_hand(state, p, c)
        refill_street(state, rng)
    else:
        for j in range(m):
            state[STREET_INF + j] += 1
        state[INFL + p] -= m
        c = draw_top(state, rng)
        add_to_hand(state, p, c)
    draw_threat_cubes(state, params, p, c, rng)


@njit(cache=True)
def automa_draft(state, params, rng):
    if params[P_NUM_PLAYERS] != 1:
        return
    for _ in range(params[P_AUTO_TAKE]):
        refill_street(state, rng)
        c = state[STREET]
        if c < 0:
            break
        remove_from_street(state, 0)
        state[SOLO_AUTO_VP] += params[P_AUTO_VP_ADV] * sleeves(state, c)
        state[AUTO_CARDS] += 1
        to_discard(state, c)
    refill_street(state, rng)


@njit(cache=True)
def automa_round_end(state, params):
    state[SOLO_AUTO_VP] += params[P_AUTO_VP]
    for _ in range(params[P_AUTO_ADV]):
        best = -1
        for s in range(NSTACK):
            if state[STACK_N + s] > 0 and (best < 0 or state[STACK_N + s] > state[STACK_N + best]):
                best = s
        if best < 0:
            break
        state[STACK_N + best] -= 1
        if state[STACK_N + best] == 0:
            state[STACK_INF + best] = 0


@njit(cache=True)
def round_end_cubes(state, params):
    for p in range(params[P_NUM_PLAYERS]):
        for col in range(NCOL):
            state[TZ + p * NCOL + col] += state[TZN + p * NCOL + col]
            state[TZN + p * NCOL + col] = 0


# ---- scoring ---------------------------------------------------------------------------------------


@njit(cache=True)
def final_score(state, params, p):
    """VP: advancements on owned cards, Reputation 1:1, Coins and Goodwill at their rates,
    (optionally Influence), Coldhollow colour majorities, minus the Defense Track penalty."""
    P = params[P_NUM_PLAYERS]
    v = 0
    for c in range(NCARD):
        if state[C_OWNER + c] == p:
            v += sleeves(state, c)
    v += state[REP + p]
    v += state[COINS + p] // params[P_COIN_VP]
    v += state[GOODWILL + p] // params[P_GOODWILL_VP]
    if params[P_INFL_VP] > 0:
        v += state[INFL + p] // params[P_INFL_VP]
    v -= params[P_DEF_PEN + state[DEFENSE + p]]
    for col in range(NCOL):
        mine = state[CCUBES + p * NCOL + col]
        if mine == 0:
            continue
        best = 0
        for q in range(P):
            best = max(best, state[CCUBES + q * NCOL + col])
        if mine == best:
            v += 1
    return v
