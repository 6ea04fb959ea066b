"""Edge of Darkness (Cliffs of Coldharbor) kernels: the game machine and the contract.

``settle`` drives the stages (rounds.py: setup, Prologue, start of round,
Barracks, Draft, automa, scoring; turn.py: step 1 attacks and step 2 sleeving;
actions.py: step 3 effects and hunts, step 4 Street ability, step 5 discards)
until a seat must decide; the legal set is then a bit mask in the row (LEG) and
``step`` hands the action back.  Decisions with one legal action are taken
automatically and never reach an agent.

Hidden information: the deck order only.  Hands are open (a card drawn blind from
the deck top goes City side up into its holder's hand, where everyone sees it);
the Street, Guild Halls, tower and cube counts are public; the bag is drawn at
random (chance).
"""
import math

import numpy as np
from numba import njit

from simcore.darkness.actions import stage_discard, stage_main
from simcore.darkness.cards import draw_cube, popcount31, sleeves
from simcore.darkness.layout import (
    AUTO_STEP, BAG, C_BOT, C_HOLDER, C_MID, C_OWNER, C_ZONE, COINS, CUR, DEC, D_NONE, DECK,
    DECK_N, DSLOT, END, END_PLAYING, END_ROUNDS, END_SOLO_LOST, END_SOLO_WON, FIRST, HSLOT,
    HAND, INFL, LEG, LOCKIND, LOCNUM, MAX_HAND, MOVES, NCARD, NCOL, NLOC, NSLOT, NSTARTER, NSTREET,
    NTRAY, P_BAG_PER_COLOUR, P_KIND_OF, P_LOCS, P_NBOT, P_NMID, P_NUM_PLAYERS, P_POOL,
    P_POOL_N, P_SETUP_MODE, P_SOLO_TIE_WIN, P_START_COINS, P_START_CUBES, P_START_INFL,
    P_START_TRAINED, P_START_UNTRAINED, PHASE, READY, ROUND, ROUNDS, S_ATTACKS, S_AUTOMA,
    S_DISCARD, S_DONE, S_DRAFT, S_GAME_END, S_MAIN, S_PROLOGUE, S_ROUND_END, S_ROUND_START,
    S_SLEEVE, S_TURN_END, S_TURN_START, SOLO_AUTO_VP, STACK_N, STAGE, STREET, SUB, TRAINED,
    TRAY_CARD, TURN_ACTS, TZ, UNTRAINED, Z_DECK, Z_HALL, Z_OUT, CHOICE, ACTIVE, ST_SPENT,
    ST_LANDED, ST_DEFEATED, ST_DEFENDED, DEFENSE, FIRST0, GOODWILL, P_FIRST_RANDOM, P_TIEBREAK,
    P_TIEBREAK_N, REP, TB_COINS, TB_DEFENSE, TB_GOODWILL, TB_INFLUENCE, TB_REPUTATION,
    P_AUTO_VP, P_AUTO_TAKE, P_AUTO_VP_ADV, LOC_OF, NKIND,
)
from simcore.darkness.kinds import action_kind  # noqa: F401  (SPEC.action_kinds)
from simcore.darkness.rounds import (
    automa_round_end, final_score, round_end_cubes, stage_barracks, stage_draft,
    stage_prologue, stage_round_start,
)
from simcore.darkness.turn import begin_turn, stage_attacks, stage_sleeve
from simcore.rng import randint


@njit(cache=True)
def settle(state, params, rng):
    """Run the machine until a seat must decide or the game is over."""
    P = params[P_NUM_PLAYERS]
    while True:
        if state[END] != END_PLAYING:
            state[DEC] = D_NONE
            state[STAGE] = S_DONE
            return
        st = state[STAGE]
        stop = False
        if st == S_PROLOGUE:
            stop = stage_prologue(state, params, rng)
        elif st == S_ROUND_START:
            stage_round_start(state, params)
        elif st == S_ROUND_START + 1:
            stop = stage_barracks(state, params)
        elif st == S_DRAFT:
            stop = stage_draft(state, params, rng)
        elif st == S_TURN_START:
            begin_turn(state, params, (state[FIRST] + state[PHASE]) % P)
        elif st == S_ATTACKS:
            stop = stage_attacks(state, params, rng)
        elif st == S_SLEEVE:
            stop = stage_sleeve(state, params)
        elif st == S_MAIN:
            stop = stage_main(state, params, rng)
        elif st == S_DISCARD:
            stop = stage_discard(state, params, rng)
        elif st == S_TURN_END:
            state[PHASE] += 1
            if state[PHASE] < P:
                state[STAGE] = S_TURN_START
            elif P == 1 and state[AUTO_STEP] == 0:
                state[STAGE] = S_AUTOMA
            else:
                state[STAGE] = S_ROUND_END
        elif st == S_AUTOMA:
            state[AUTO_STEP] = 1
            state[ACTIVE] = 0
            state[STAGE] = S_ATTACKS
            state[SUB] = 0
        elif st == S_ROUND_END:
            round_end_cubes(state, params)
            if P == 1:
                automa_round_end(state, params)
            state[AUTO_STEP] = 0
            state[FIRST] = (state[FIRST] + 1) % P
            state[STAGE] = S_GAME_END if state[ROUND] >= ROUNDS else S_ROUND_START
        elif st == S_GAME_END:
            if P == 1:
                s = final_score(state, params, 0)
                a = state[SOLO_AUTO_VP]
                won = s > a or (s == a and params[P_SOLO_TIE_WIN] == 1)
                state[END] = END_SOLO_WON if won else END_SOLO_LOST
            else:
                state[END] = END_ROUNDS
        else:
            state[END] = END_ROUNDS
        if stop:
            return


@njit(cache=True)
def setup_locations(state, params, rng):
    if params[P_SETUP_MODE] == 1:
        n = params[P_POOL_N]
        pool = np.empty(n, np.int32)
        for i in range(n):
            pool[i] = params[P_POOL + i]
        for i in range(NLOC):
            j = i + randint(rng, n - i)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        for i in range(NLOC):
            state[LOCNUM + i] = pool[i]
        # keep the slots sorted by number (a location's index carries no meaning)
        for i in range(NLOC):
            for j in range(NLOC - 1 - i):
                if state[LOCNUM + j] > state[LOCNUM + j + 1]:
                    t = state[LOCNUM + j]
                    state[LOCNUM + j] = state[LOCNUM + j + 1]
                    state[LOCNUM + j + 1] = t
    else:
        for i in range(NLOC):
            state[LOCNUM + i] = params[P_LOCS + i]
    for k in range(NKIND):
        state[LOC_OF + k] = -1
    for i in range(NLOC):
        num = state[LOCNUM + i]
        k = params[P_KIND_OF + num]
        state[LOCKIND + i] = k
        if state[LOC_OF + k] < 0:
            state[LOC_OF + k] = i
        state[STACK_N + 2 * i] = params[P_NMID + num]
        state[STACK_N + 2 * i + 1] = params[P_NBOT + num]


@njit(cache=True)
def init(state, params, rng):
    P = params[P_NUM_PLAYERS]
    for i in range(state.shape[0]):
        state[i] = 0
    setup_locations(state, params, rng)
    for i in range(NSTREET):
        state[STREET + i] = -1
    for t in range(NTRAY):
        state[TRAY_CARD + t] = -1
    for s in range(NSLOT):
        state[DSLOT + s] = -1
        state[HSLOT + s] = -1
    for i in range(MAX_HAND * 4):
        state[HAND + i] = -1
    n = 0
    for c in range(NCARD):
        state[C_MID + c] = -1
        state[C_BOT + c] = -1
        state[C_HOLDER + c] = -1
        if c < NSTARTER:
            p = c // 4
            if p < P:
                state[C_OWNER + c] = p
                state[C_ZONE + c] = Z_HALL
                state[C_HOLDER + c] = p
            else:
                state[C_OWNER + c] = -1
                state[C_ZONE + c] = Z_OUT
        else:
            state[C_OWNER + c] = -1
            state[C_ZONE + c] = Z_DECK
            state[DECK + n] = c
            n += 1
    state[DECK_N] = n
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = state[DECK + i]
        state[DECK + i] = state[DECK + j]
        state[DECK + j] = t
    per = params[P_BAG_PER_COLOUR]
    for col in range(NCOL):
        state[BAG + col] = per if (col < P or col == NCOL - 1 or (P == 1 and col == 1)) else 0
    for p in range(P):
        state[COINS + p] = params[P_START_COINS]
        state[INFL + p] = params[P_START_INFL]
        state[TRAINED + p] = params[P_START_TRAINED]
        state[UNTRAINED + p] = params[P_START_UNTRAINED]
        for _ in range(params[P_START_CUBES]):
            col = draw_cube(state, rng)
            if col >= 0:
                state[TZ + p * NCOL + col] += 1
    # the First Player is chosen at random (ED-BASE-91), from the chance stream
    first = randint(rng, P) if params[P_FIRST_RANDOM] == 1 else 0
    state[FIRST] = first
    state[FIRST0] = first
    state[ACTIVE] = -1
    state[STAGE] = S_PROLOGUE
    settle(state, params, rng)


@njit(cache=True)
def current_player(state, params):
    return state[CUR]


@njit(cache=True)
def is_terminal(state, params):
    return state[END] != END_PLAYING


@njit(cache=True)
def legal_actions(state, params, out):
    if state[END] != END_PLAYING:
        return 0
    n = 0
    for w in range(3):   # the LEG words' set bits, lowest first (the order agents index)
        m = np.int64(state[LEG + w])
        while m != 0:
            low = m & -m
            out[n] = w * 31 + popcount31(low - 1)
            n += 1
            m ^= low
    return n


@njit(cache=True)
def step(state, params, action, rng):
    state[MOVES] += 1
    st = state[STAGE]
    if state[CUR] == state[ACTIVE] and S_SLEEVE <= st and st <= S_DISCARD:
        state[TURN_ACTS] += 1
    state[CHOICE] = action
    state[READY] = 1
    settle(state, params, rng)


@njit(cache=True)
def scores(state, params, out):
    for p in range(params[P_NUM_PLAYERS]):
        out[p] = final_score(state, params, p)


@njit(cache=True)
def returns(state, params, out):
    P = params[P_NUM_PLAYERS]
    for p in range(P):
        out[p] = 0.0
    if state[END] == END_PLAYING:
        return
    if P == 1:
        out[0] = 1.0 if state[END] == END_SOLO_WON else 0.0
        return
    best = -1 << 30
    for p in range(P):
        best = max(best, final_score(state, params, p))
    tied = 0
    for p in range(P):
        if final_score(state, params, p) == best:
            tied |= 1 << p
    # the tiebreakers in order, among the guilds still tied (ED-BASE-99)
    for i in range(params[P_TIEBREAK_N]):
        tb = params[P_TIEBREAK + i]
        top = -1 << 30
        for p in range(P):
            if (tied >> p) & 1:
                top = max(top, tiebreak_value(state, tb, p))
        for p in range(P):
            if (tied >> p) & 1 and tiebreak_value(state, tb, p) < top:
                tied &= ~(1 << p)
    k = 0
    for p in range(P):
        k += (tied >> p) & 1
    for p in range(P):
        if (tied >> p) & 1:
            out[p] = 1.0 / k


@njit(cache=True)
def tiebreak_value(state, tb, p):
    """Seat p's standing on tiebreaker ``tb`` (TB_*): more is better."""
    if tb == TB_REPUTATION:
        return state[REP + p]
    if tb == TB_DEFENSE:
        return -state[DEFENSE + p]
    if tb == TB_COINS:
        return state[COINS + p]
    if tb == TB_INFLUENCE:
        return state[INFL + p]
    if tb == TB_GOODWILL:
        return state[GOODWILL + p]
    n = 0
    for c in range(NCARD):
        if state[C_OWNER + c] == p:
            n += sleeves(state, c)
    return n


@njit(cache=True)
def info(state, params, out):
    """rounds, end_reason, coins_spent, attacks_landed, defences, threats_defeated,
    automa_vp, loc_mask_lo (bits 1..31), loc_mask_hi (bits 32..62), loc_0..loc_9,
    first_player (the seat drawn to go first; the First Player then passes clockwise)."""
    P = params[P_NUM_PLAYERS]
    out[0] = state[ROUND]
    out[1] = state[END]
    a = 0
    b = 0
    c = 0
    d = 0
    for p in range(P):
        a += state[ST_SPENT + p]
        b += state[ST_LANDED + p]
        c += state[ST_DEFENDED + p]
        d += state[ST_DEFEATED + p]
    out[2] = a
    out[3] = b
    out[4] = c
    out[5] = d
    out[6] = state[SOLO_AUTO_VP]
    lo = 0
    hi = 0
    for i in range(NLOC):
        num = state[LOCNUM + i]
        if 1 <= num < 32:
            lo |= 1 << num
        elif 32 <= num < 63:
            hi |= 1 << (num - 32)
        out[9 + i] = num
    out[7] = lo
    out[8] = hi
    out[9 + NLOC] = state[FIRST0]


@njit(cache=True)
def determinize(state, params, observer, rng):
    """Re-deal what ``observer`` has not seen: the deck's order.  Hands are open (kept City
    side up on the table, ED-BASE-96), so every hand is kept, even cards drawn blind."""
    if state[END] != END_PLAYING:
        return
    n = state[DECK_N]
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = state[DECK + i]
        state[DECK + i] = state[DECK + j]
        state[DECK + j] = t


@njit(cache=True)
def evaluate(state, params, out):
    """Each seat's value in [0, 1] from a position (search scores capped rollouts with it).

    A finished game: its returns.  Otherwise each seat's score is projected to the end of
    round 8 at its own pace so far (VP per round, shrunk toward 3), and the spread of the
    rounds left sets how sure a lead is (sd = 2 + 1.5 sqrt(rounds left)): several seats
    share 1 as a softmax of projected score / sd; solo, the value is the chance the
    projected score beats the Voiceless Guild's (its VP so far plus its per-round VP and
    one Street card a round), a logistic of the projected margin / sd.
    """
    P = params[P_NUM_PLAYERS]
    if state[END] != END_PLAYING:
        returns(state, params, out)
        return
    r = state[ROUND]
    left = float(ROUNDS) if r == 0 else ROUNDS - r + 0.5
    sd = 2.0 + 1.5 * math.sqrt(left)
    if P == 1:
        s = final_score(state, params, 0)
        pace = (max(s, 0) + 6.0) / (r + 2.0)
        auto = state[SOLO_AUTO_VP] + left * (params[P_AUTO_VP]
                                             + params[P_AUTO_TAKE] * params[P_AUTO_VP_ADV])
        x = (s + pace * left - auto) / sd
        out[0] = 1.0 / (1.0 + math.exp(-x)) if x > -50.0 else 0.0
        return
    top = -1e18
    for p in range(P):
        s = final_score(state, params, p)
        out[p] = (s + left * (max(s, 0) + 6.0) / (r + 2.0)) / sd
        top = max(top, out[p])
    tot = 0.0
    for p in range(P):
        out[p] = math.exp(out[p] - top)
        tot += out[p]
    for p in range(P):
        out[p] /= tot
