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

from simcore.common import row_kernel
from simcore.darkness import layout as L
from simcore.darkness.actions import stage_discard, stage_main
from simcore.darkness.cards import draw_cube, popcount31, sleeves
from simcore.darkness.effects import is_out
from simcore.darkness.kinds import action_kind  # noqa: F401  (SPEC.action_kinds)
from simcore.darkness.rounds import (
    automa_round_end,
    final_score,
    round_end_cubes,
    stage_barracks,
    stage_draft,
    stage_prologue,
    stage_round_start,
)
from simcore.darkness.turn import begin_turn, stage_attacks, stage_sleeve
from simcore.rng import randint


@row_kernel
def settle(state, params, rng):
    """Run the machine until a seat must decide or the game is over."""
    P = params[L.P_NUM_PLAYERS]
    while True:
        if state[L.END] != L.END_PLAYING:
            state[L.DEC] = L.D_NONE
            state[L.STAGE] = L.S_DONE
            return
        st = state[L.STAGE]
        stop = False
        if st == L.S_PROLOGUE:
            stop = stage_prologue(state, params, rng)
        elif st == L.S_ROUND_START:
            stage_round_start(state, params)
        elif st == L.S_ROUND_START + 1:
            stop = stage_barracks(state, params)
        elif st == L.S_DRAFT:
            stop = stage_draft(state, params, rng)
        elif st == L.S_TURN_START:
            begin_turn(state, params, (state[L.FIRST] + state[L.PHASE]) % P)
        elif st == L.S_ATTACKS:
            stop = stage_attacks(state, params, rng)
        elif st == L.S_SLEEVE:
            stop = stage_sleeve(state, params)
        elif st == L.S_MAIN:
            stop = stage_main(state, params, rng)
        elif st == L.S_DISCARD:
            stop = stage_discard(state, params, rng)
        elif st == L.S_TURN_END:
            stage_turn_end(state, params)
        elif st == L.S_AUTOMA:
            stage_automa(state)
        elif st == L.S_ROUND_END:
            stage_round_end(state, params)
        elif st == L.S_GAME_END:
            stage_game_end(state, params)
        else:
            state[L.END] = L.END_ROUNDS
        if stop:
            return


@row_kernel
def stage_turn_end(state, params):
    """After a seat's step 5: the next seat clockwise takes its turn (ED-BASE-36); after
    the last one the automa's turn (solo), then the end of the round."""
    P = params[L.P_NUM_PLAYERS]
    state[L.PHASE] += 1
    if state[L.PHASE] < P:
        state[L.STAGE] = L.S_TURN_START
    elif P == 1 and state[L.AUTO_STEP] == 0:
        state[L.STAGE] = L.S_AUTOMA
    else:
        state[L.STAGE] = L.S_ROUND_END


@row_kernel
def stage_automa(state):
    """The Voiceless Guild's turn (solo, ED-BASE-82, assumed): its cubes drop into the
    tower and the attacks resolve against the player (stage_attacks with AUTO_STEP)."""
    state[L.AUTO_STEP] = 1
    state[L.ACTIVE] = 0
    state[L.STAGE] = L.S_ATTACKS
    state[L.SUB] = 0


@row_kernel
def stage_round_end(state, params):
    """End of the round: the cubes drafted this round join the Threat Zones (ED-BASE-34),
    the automa scores (solo), the First Player passes on (ED-BASE-24, assumed); after
    round 8 the game ends (ED-BASE-01)."""
    P = params[L.P_NUM_PLAYERS]
    round_end_cubes(state, params)
    if P == 1:
        automa_round_end(state, params)
    state[L.AUTO_STEP] = 0
    state[L.FIRST] = (state[L.FIRST] + 1) % P
    state[L.STAGE] = L.S_GAME_END if state[L.ROUND] >= L.ROUNDS else L.S_ROUND_START


@row_kernel
def stage_game_end(state, params):
    """Game end: solo, the player wins by beating the automa's score (a tie as
    ``solo.tie_wins`` says); otherwise the scores decide (``returns``, ED-BASE-02)."""
    if params[L.P_NUM_PLAYERS] == 1:
        s = final_score(state, params, 0)
        a = state[L.SOLO_AUTO_VP]
        won = s > a or (s == a and params[L.P_SOLO_TIE_WIN] == 1)
        state[L.END] = L.END_SOLO_WON if won else L.END_SOLO_LOST
    else:
        state[L.END] = L.END_ROUNDS


@njit(cache=True)
def setup_locations(state, params, rng):
    if params[L.P_SETUP_MODE] == 1:
        n = params[L.P_POOL_N]
        pool = np.empty(n, np.int32)
        for i in range(n):
            pool[i] = params[L.P_POOL + i]
        for i in range(L.NLOC):
            j = i + randint(rng, n - i)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        for i in range(L.NLOC):
            state[L.LOCNUM + i] = pool[i]
        # keep the slots sorted by number (a location's index carries no meaning)
        for i in range(L.NLOC):
            for j in range(L.NLOC - 1 - i):
                if state[L.LOCNUM + j] > state[L.LOCNUM + j + 1]:
                    t = state[L.LOCNUM + j]
                    state[L.LOCNUM + j] = state[L.LOCNUM + j + 1]
                    state[L.LOCNUM + j + 1] = t
    else:
        for i in range(L.NLOC):
            state[L.LOCNUM + i] = params[L.P_LOCS + i]
    for k in range(L.NKIND):
        state[L.LOC_OF + k] = -1
    for i in range(L.NLOC):
        num = state[L.LOCNUM + i]
        k = params[L.P_KIND_OF + num]
        state[L.LOCKIND + i] = k
        if state[L.LOC_OF + k] < 0:
            state[L.LOC_OF + k] = i
        state[L.STACK_N + 2 * i] = params[L.P_NMID + num]
        state[L.STACK_N + 2 * i + 1] = params[L.P_NBOT + num]


@njit(cache=True)
def init(state, params, rng):
    P = params[L.P_NUM_PLAYERS]
    for i in range(state.shape[0]):
        state[i] = 0
    setup_locations(state, params, rng)
    for i in range(L.NSTREET):
        state[L.STREET + i] = -1
    for t in range(L.NTRAY):
        state[L.TRAY_CARD + t] = -1
    for s in range(L.NSLOT):
        state[L.DSLOT + s] = -1
        state[L.HSLOT + s] = -1
    for i in range(L.MAX_HAND * 4):
        state[L.HAND + i] = -1
    n = 0
    for c in range(L.NCARD):
        state[L.C_MID + c] = -1
        state[L.C_BOT + c] = -1
        state[L.C_HOLDER + c] = -1
        if c < L.NSTARTER:
            p = c // 4
            if p < P:
                state[L.C_OWNER + c] = p
                state[L.C_ZONE + c] = L.Z_HALL
                state[L.C_HOLDER + c] = p
            else:
                state[L.C_OWNER + c] = -1
                state[L.C_ZONE + c] = L.Z_OUT
        else:
            state[L.C_OWNER + c] = -1
            state[L.C_ZONE + c] = L.Z_DECK
            state[L.DECK + n] = c
            n += 1
    state[L.DECK_N] = n
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = state[L.DECK + i]
        state[L.DECK + i] = state[L.DECK + j]
        state[L.DECK + j] = t
    per = params[L.P_BAG_PER_COLOUR]
    for col in range(L.NCOL):
        state[L.BAG + col] = per if (col < P or col == L.NCOL - 1 or (P == 1 and col == 1)) else 0
    for p in range(P):
        state[L.COINS + p] = params[L.P_START_COINS]
        state[L.INFL + p] = params[L.P_START_INFL]
        state[L.TRAINED + p] = params[L.P_START_TRAINED]
        state[L.UNTRAINED + p] = params[L.P_START_UNTRAINED]
        for _ in range(params[L.P_START_CUBES]):
            col = draw_cube(state, rng)
            if col >= 0:
                state[L.TZ + p * L.NCOL + col] += 1
    # the First Player is chosen at random (ED-BASE-91), from the chance stream
    first = randint(rng, P) if params[L.P_FIRST_RANDOM] == 1 else 0
    state[L.FIRST] = first
    state[L.FIRST0] = first
    state[L.ACTIVE] = -1
    state[L.STAGE] = L.S_PROLOGUE
    settle(state, params, rng)


@row_kernel
def current_player(state, params):
    return state[L.CUR]


@row_kernel
def is_terminal(state, params):
    return state[L.END] != L.END_PLAYING


@row_kernel
def legal_actions(state, params, out):
    if state[L.END] != L.END_PLAYING:
        return 0
    n = 0
    for w in range(3):   # the LEG words' set bits, lowest first (the order agents index)
        m = np.int64(state[L.LEG + w])
        while m != 0:
            low = m & -m
            out[n] = w * 31 + popcount31(low - 1)
            n += 1
            m ^= low
    return n


@row_kernel
def step(state, params, action, rng):
    state[L.MOVES] += 1
    st = state[L.STAGE]
    if state[L.CUR] == state[L.ACTIVE] and L.S_SLEEVE <= st and st <= L.S_DISCARD:
        state[L.TURN_ACTS] += 1
    state[L.CHOICE] = action
    state[L.READY] = 1
    settle(state, params, rng)


@row_kernel
def scores(state, params, out):
    for p in range(params[L.P_NUM_PLAYERS]):
        out[p] = final_score(state, params, p)


@row_kernel
def returns(state, params, out):
    P = params[L.P_NUM_PLAYERS]
    for p in range(P):
        out[p] = 0.0
    if state[L.END] == L.END_PLAYING:
        return
    if P == 1:
        out[0] = 1.0 if state[L.END] == L.END_SOLO_WON else 0.0
        return
    # a guild out of the game cannot win (the elimination reading), unless all are out
    alive = 0
    for p in range(P):
        if not is_out(state, params, p):
            alive |= 1 << p
    if alive == 0:
        alive = (1 << P) - 1
    best = -1 << 30
    for p in range(P):
        if (alive >> p) & 1:
            best = max(best, final_score(state, params, p))
    tied = 0
    for p in range(P):
        if (alive >> p) & 1 and final_score(state, params, p) == best:
            tied |= 1 << p
    # the tiebreakers in order, among the guilds still tied (ED-BASE-99)
    for i in range(params[L.P_TIEBREAK_N]):
        tb = params[L.P_TIEBREAK + i]
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


@row_kernel
def tiebreak_value(state, tb, p):
    """Seat p's standing on tiebreaker ``tb`` (TB_*): more is better."""
    if tb == L.TB_REPUTATION:
        return state[L.REP + p]
    if tb == L.TB_DEFENSE:
        return -state[L.DEFENSE + p]
    if tb == L.TB_COINS:
        return state[L.COINS + p]
    if tb == L.TB_INFLUENCE:
        return state[L.INFL + p]
    if tb == L.TB_GOODWILL:
        return state[L.GOODWILL + p]
    n = 0
    for c in range(L.NCARD):
        if state[L.C_OWNER + c] == p:
            n += sleeves(state, c)
    return n


@row_kernel
def info(state, params, out):
    """rounds, end_reason, coins_spent, attacks_landed, defences, threats_defeated,
    automa_vp, loc_mask_lo (bits 1..31), loc_mask_hi (bits 32..62), loc_0..loc_9,
    first_player (the seat drawn to go first; the First Player then passes clockwise)."""
    P = params[L.P_NUM_PLAYERS]
    out[0] = state[L.ROUND]
    out[1] = state[L.END]
    a = 0
    b = 0
    c = 0
    d = 0
    for p in range(P):
        a += state[L.ST_SPENT + p]
        b += state[L.ST_LANDED + p]
        c += state[L.ST_DEFENDED + p]
        d += state[L.ST_DEFEATED + p]
    out[2] = a
    out[3] = b
    out[4] = c
    out[5] = d
    out[6] = state[L.SOLO_AUTO_VP]
    lo = 0
    hi = 0
    for i in range(L.NLOC):
        num = state[L.LOCNUM + i]
        if 1 <= num < 32:
            lo |= 1 << num
        elif 32 <= num < 63:
            hi |= 1 << (num - 32)
        out[9 + i] = num
    out[7] = lo
    out[8] = hi
    out[9 + L.NLOC] = state[L.FIRST0]


@njit(cache=True)
def determinize(state, params, observer, rng):
    """Re-deal what ``observer`` has not seen: the deck's order.  Hands are open (kept City
    side up on the table, ED-BASE-96), so every hand is kept, even cards drawn blind."""
    if state[L.END] != L.END_PLAYING:
        return
    n = state[L.DECK_N]
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = state[L.DECK + i]
        state[L.DECK + i] = state[L.DECK + j]
        state[L.DECK + j] = t


@row_kernel
def evaluate(state, params, out):
    """Each seat's value in [0, 1] from a position (search scores capped rollouts with it).

    A finished game: its returns.  Otherwise each seat's score is projected to the end of
    round 8 at its own pace so far (VP per round, shrunk toward 3), and the spread of the
    rounds left sets how sure a lead is (sd = 2 + 1.5 sqrt(rounds left)): several seats
    share 1 as a softmax of projected score / sd; solo, the value is the chance the
    projected score beats the Voiceless Guild's (its VP so far plus its per-round VP and
    one Street card a round), a logistic of the projected margin / sd.
    """
    P = params[L.P_NUM_PLAYERS]
    if state[L.END] != L.END_PLAYING:
        returns(state, params, out)
        return
    r = state[L.ROUND]
    left = float(L.ROUNDS) if r == 0 else L.ROUNDS - r + 0.5
    sd = 2.0 + 1.5 * math.sqrt(left)
    if P == 1:
        s = final_score(state, params, 0)
        pace = (max(s, 0) + 6.0) / (r + 2.0)
        auto = state[L.SOLO_AUTO_VP] + left * (params[L.P_AUTO_VP]
                                             + params[L.P_AUTO_TAKE] * params[L.P_AUTO_VP_ADV])
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


from simcore.darkness.features import FEATURES, features  # noqa: F401,E402  (the learned value's)
