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
with a final score above the automa's.  The automa is no seat: its colour's majority in a
tray attacks nobody, the Bluffs count only the player and Coldhollow majorities are
uncontested (``solo.automa_colour``, ``solo.bluffs_players``, ``solo.coldhollow``).
"""
from simcore.common import row_kernel
from simcore.darkness import layout as L
from simcore.darkness.cards import (
    ROW,
    I,
    add_to_hand,
    draw_cube,
    draw_top,
    hand_size,
    leg_clear,
    leg_opt,
    leg_set,
    loc_of_kind,
    refill_street,
    remove_from_street,
    request,
    sleeves,
    take,
    to_discard,
)
from simcore.darkness.contacts import contact_apply, contact_modes
from simcore.darkness.effects import defense_down, dispatch, in_game, is_out, refill_tray
from simcore.rng import randint

# ---- sleeving ------------------------------------------------------------------------------------


@row_kernel
def do_sleeve(state, params, p, c, s, pro):
    """Seat p sleeves the top advancement of stack s onto card c, taking the stack's Citadel
    Influence (ED-L51-04); a Smuggler costs a Defense space (ED-L56-02; in the Prologue too
    unless P_SMUGGLER_PRO, rulings.smuggler_prologue, ED-L56-04), a Priestess on a card p
    does not own dispatches to Shorehollow Isle (ED-L62-12)."""
    loc = s >> 1
    if (s & 1) == 0:
        state[L.C_MID + c] = loc
    else:
        state[L.C_BOT + c] = loc
    state[L.STACK_N + s] -= 1
    state[L.INFL + p] += stack_influence(state, params, s)   # Citadel Influence on the stack
    state[L.STACK_INF + s] = 0
    if params[L.P_STACK_SCOPE] == 0:
        state[L.STACK_INF + (s ^ 1)] = 0
    k = state[L.LOCKIND + loc]
    if k == L.K_BLUFFS:
        if not (pro and params[L.P_SMUGGLER_PRO]):
            defense_down(state, params, p, params[L.P_CC + L.K_BLUFFS])
    elif k == L.K_SHOREHOLLOW and state[L.C_OWNER + c] != p:
        dispatch(state, p, loc, 1)


@row_kernel(inline="always")
def stack_influence(state, params, s):
    """Citadel Influence that sleeving from stack s collects: with one stack per location
    (P_STACK_SCOPE 0) the Influence lies on the location (kept at its middle index)."""
    if params[L.P_STACK_SCOPE] == 0:
        return state[L.STACK_INF + (s & ~1)] + state[L.STACK_INF + (s | 1)]
    return state[L.STACK_INF + s]


@row_kernel(inline="always")
def stack_marked(state, params, s):
    """Prologue mark (ED-BASE-92): one stack per location closes the whole location, a
    middle / bottom stack closes only itself."""
    m = state[L.PICKED + (s >> 1)]
    if params[L.P_STACK_SCOPE] == 0:
        return m > 0
    return (m >> (s & 1)) & 1 == 1


@row_kernel(inline="always")
def slot_free(state, c, t):
    return state[(L.C_MID if t == 0 else L.C_BOT) + c] < 0


# ---- Prologue ------------------------------------------------------------------------------------


@row_kernel
def pro_total(params):
    P = params[L.P_NUM_PLAYERS]
    return P * (params[L.P_PRO_PICKS2] if P == 2 else params[L.P_PRO_PICKS])


@row_kernel
def pro_seat(params, i, first):
    """Seat of Prologue pick i: a snake draft; 2 players: P1 x1, P2 x2, P1 x2, P2 x1 ..."""
    P = params[L.P_NUM_PLAYERS]
    if P == 2:
        j = ((i + 1) // 2) % 2
    else:
        r = i // P
        j = i % P
        if r % 2 == 1:
            j = P - 1 - j
    return (first + j) % P


@row_kernel
def stage_hall(state, params, j):
    """Guild Hall choice j after the Prologue picks: seat by seat from the First Player, each
    keeps ``setup.hall_start`` of its starter cards in its Guild Hall (one OPT per choice: the
    card's index 0..3 among the seat's four); the rest join the deck (ED-BASE-95)."""
    P = params[L.P_NUM_PLAYERS]
    k = params[L.P_HALL_START]
    p = (state[L.FIRST] + j // k) % P
    if not state[L.READY]:
        if j % k == 0:
            # the seat's first choice: its starters leave the Hall until chosen back
            for x in range(4):
                if state[L.C_ZONE + p * 4 + x] == L.Z_HALL:
                    state[L.C_ZONE + p * 4 + x] = L.Z_OUT
        leg_clear(state)
        for x in range(4):
            if state[L.C_ZONE + p * 4 + x] == L.Z_OUT:
                leg_opt(state, x)
        if request(state, params, L.D_HALL, p):
            return True
    c = p * 4 + take(state) - L.A_OPT
    state[L.C_ZONE + c] = L.Z_HALL
    state[L.C_HOLDER + c] = p
    state[L.PRO_IDX] += 1
    return False


@row_kernel
def stage_prologue(state, params, rng):
    """Prologue (ED-BASE-17..20, 92..94): snake-draft picks of a stack (SUB 0), the starter
    card it is sleeved on (SUB 1) and the optional use of its contact (SUB 2)."""
    i = state[L.PRO_IDX]
    n = pro_total(params)
    if i >= n:
        k = params[L.P_HALL_START]
        if k < 4 and i - n < params[L.P_NUM_PLAYERS] * k:
            return stage_hall(state, params, i - n)
        finish_prologue(state, params, rng)
        state[L.STAGE] = L.S_ROUND_START
        return False
    p = pro_seat(params, i, state[L.FIRST])
    sub = state[L.SUB]
    if sub == 0:
        if not state[L.READY]:
            leg_clear(state)
            for s in range(L.NSTACK):
                # a picked stack is marked for the rest of the Prologue, for everyone, the
                # picker included (ED-BASE-92)
                if state[L.STACK_N + s] > 0 and not stack_marked(state, params, s):
                    for j in range(4):
                        if slot_free(state, p * 4 + j, s & 1):
                            leg_opt(state, s)
                            break
            if request(state, params, L.D_PRO_PICK, p):
                return True
        a = take(state)
        if a == L.A_PASS:
            state[L.PRO_IDX] = i + 1
            return False
        state[L.PRO_STACK] = a - L.A_OPT
        state[L.SUB] = 1
    elif sub == 1:
        s = state[L.PRO_STACK]
        if not state[L.READY]:
            leg_clear(state)
            for j in range(4):
                if slot_free(state, p * 4 + j, s & 1):
                    leg_opt(state, j)
            if request(state, params, L.D_PRO_CARD, p):
                return True
        c = p * 4 + take(state) - L.A_OPT
        do_sleeve(state, params, p, c, s, True)
        if params[L.P_STACK_SCOPE] == 0:
            state[L.PICKED + (s >> 1)] += 1
        else:
            state[L.PICKED + (s >> 1)] |= 1 << (s & 1)
        state[L.PE_CARD] = c
        state[L.PE_LOC] = s >> 1
        state[L.SUB] = 2
    else:
        c = state[L.PE_CARD]
        loc = state[L.PE_LOC]
        if not state[L.READY]:
            leg_clear(state)
            leg_set(state, L.A_PASS)
            m = contact_modes(state, params, p, loc, c, True)
            for b in range(3):
                if (m >> b) & 1:
                    leg_opt(state, b)
            if request(state, params, L.D_PRO_USE, p):
                return True
        a = take(state)
        if a != L.A_PASS:
            contact_apply(state, params, p, loc, c, a - L.A_OPT, -1, rng)
        state[L.SUB] = 0
        state[L.PRO_IDX] = i + 1
    return False


@row_kernel
def finish_prologue(state, params, rng):
    """Unpicked locations: one copy onto a different Citizen, into the discard pile; the
    starter cards not kept in a Guild Hall are shuffled into the deck; then the Street and
    the three tower trays are dealt from it."""
    for loc in range(L.NLOC):
        if state[L.PICKED + loc] > 0:
            continue
        s = loc * 2 if state[L.STACK_N + loc * 2] > 0 else loc * 2 + 1
        if state[L.STACK_N + s] == 0:
            continue
        n = state[L.DECK_N]
        pos = -1
        for i in range(n - 1, -1, -1):
            c = state[L.DECK + i]
            if L.CITIZEN0 <= c < L.PATRICIAN0 and state[L.C_MID + c] < 0 and state[L.C_BOT + c] < 0:
                pos = i
                break
        if pos < 0:
            continue
        c = state[L.DECK + pos]
        for i in range(pos, n - 1):
            state[L.DECK + i] = state[L.DECK + i + 1]
        state[L.DECK_N] = n - 1
        if (s & 1) == 0:
            state[L.C_MID + c] = loc
        else:
            state[L.C_BOT + c] = loc
        state[L.STACK_N + s] -= 1
        to_discard(state, c)
    n = state[L.DECK_N]
    for c in range(L.NSTARTER):
        if c // 4 < params[L.P_NUM_PLAYERS] and state[L.C_ZONE + c] == L.Z_OUT:
            state[L.DECK + n] = c
            state[L.C_ZONE + c] = L.Z_DECK
            state[L.C_HOLDER + c] = -1
            n += 1
    state[L.DECK_N] = n
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        t = state[L.DECK + i]
        state[L.DECK + i] = state[L.DECK + j]
        state[L.DECK + j] = t
    refill_street(state, rng)
    for t in range(L.NTRAY):
        refill_tray(state, params, t, rng)


# ---- start of round --------------------------------------------------------------------------------


@row_kernel
def stage_round_start(state, params):
    """Start of the round: Citadel Influence in odd rounds (ED-L51-01/02), Coins on the
    Bluffs (ED-L56-05) and under the Mine's Agents (ED-L57-02); then the Barracks."""
    P = params[L.P_NUM_PLAYERS]
    r = state[L.ROUND] + 1
    state[L.ROUND] = r
    for loc in range(L.NLOC):
        k = state[L.LOCKIND + loc]
        if k == L.K_CITADEL and r % 2 == 1:
            # 1 Influence on each stack still holding an advancement (ED-L51-02); with one
            # stack per location it lies on the location's middle index
            for s in range(L.NSTACK):
                if params[L.P_STACK_SCOPE] == 0:
                    if (s & 1) == 0 and state[L.STACK_N + s] + state[L.STACK_N + s + 1] > 0:
                        state[L.STACK_INF + s] += 1
                elif state[L.STACK_N + s] > 0:
                    state[L.STACK_INF + s] += 1
        elif k == L.K_BLUFFS:
            # 3 + 1 per player still in the game (ED-L56-05); the solo automa is no player
            # unless the alternative reading counts it
            extra = 1 if P == 1 and params[L.P_SOLO_BLUFFS] else 0
            state[L.BLUFF] += params[L.P_CA + L.K_BLUFFS] + in_game(state, params) + extra
        elif k == L.K_MINE:
            for p in range(P):
                for i in range(state[L.AG + p * L.NLOC + loc]):
                    state[L.MINE + p * L.MAX_AG + i] += params[L.P_CA + L.K_MINE]
    state[L.SUB] = 0
    state[L.SUB2] = 0
    state[L.STAGE] = L.S_ROUND_START + 1  # S_BARRACKS


@row_kernel
def stage_barracks(state, params):
    """Coldharbor Barracks: each seat from the First Player may dispatch 1 Agent (ED-L52-01)."""
    P = params[L.P_NUM_PLAYERS]
    loc = loc_of_kind(state, L.K_BARRACKS)
    i = state[L.SUB]
    if loc < 0 or i >= P:
        state[L.STAGE] = L.S_DRAFT
        state[L.SUB] = 0
        return False
    p = (state[L.FIRST] + i) % P
    if state[L.TRAINED + p] > 0 and not is_out(state, params, p):
        if not state[L.READY]:
            leg_clear(state)
            leg_set(state, L.A_PASS)
            leg_opt(state, 0)
            if request(state, params, L.D_BARRACKS, p):
                return True
        if take(state) != L.A_PASS:
            dispatch(state, p, loc, 1)
    state[L.SUB] = i + 1
    return False


# ---- Draft -------------------------------------------------------------------------------------------


@row_kernel
def draw_threat_cubes(state, params, p, c, rng):
    for _ in range(sleeves(state, c) + params[L.P_CUBES_BASE]):
        col = draw_cube(state, rng)
        if col >= 0:
            state[L.TZN + p * L.NCOL + col] += 1


@row_kernel
def street_len(state):
    n = 0
    for i in range(L.NSTREET):
        if state[L.STREET + i] >= 0:
            n += 1
    return n


@row_kernel
def stage_draft(state, params, rng):
    """Draft phase: Guild Hall cards first (ED-BASE-27), then one Street pick per seat in
    turn until every hand is full (ED-BASE-29/30); each card brings its Threat cubes."""
    P = params[L.P_NUM_PLAYERS]
    mill = loc_of_kind(state, L.K_MILLHOLLOW)
    if state[L.SUB] == 0:
        # first every seat takes the cards waiting in its Guild Hall, up to its hand size
        for j in range(P):
            p = (state[L.FIRST] + j) % P
            if is_out(state, params, p):
                continue
            hs = hand_size(state, params, p, mill)
            for c in range(L.NCARD):
                if state[L.HAND_N + p] >= hs:
                    break
                if state[L.C_ZONE + c] == L.Z_HALL and state[L.C_HOLDER + c] == p:
                    add_to_hand(state, p, c)
                    draw_threat_cubes(state, params, p, c, rng)
        state[L.SUB] = 1
        state[L.DR_IDX] = 0
        state[L.SUB2] = 0
    while True:
        if state[L.SUB2] >= P:   # a full lap where nobody drafted: the draft is over
            automa_draft(state, params, rng)
            state[L.PHASE] = 0
            state[L.STAGE] = L.S_TURN_START
            return False
        p = (state[L.FIRST] + state[L.DR_IDX]) % P
        refill_street(state, rng)
        m = street_len(state)
        if state[L.HAND_N + p] >= hand_size(state, params, p, mill) or \
                (m == 0 and state[L.DECK_N] == 0) or is_out(state, params, p):
            state[L.DR_IDX] = (state[L.DR_IDX] + 1) % P
            state[L.SUB2] += 1
            continue
        if not state[L.READY]:
            leg_clear(state)
            infl = state[L.INFL + p]
            for k in range(m):
                if infl >= k:
                    leg_opt(state, k)
            if state[L.DECK_N] > 0 and infl >= m:
                leg_opt(state, L.NSTREET)
            if request(state, params, L.D_DRAFT, p):
                return True
        k = take(state) - L.A_OPT
        draft_pick(state, params, p, k, rng)
        state[L.DR_IDX] = (state[L.DR_IDX] + 1) % P
        state[L.SUB2] = 0


@row_kernel
def draft_pick(state, params, p, k, rng):
    """Seat p drafts Street position k (0 = rightmost), putting 1 Influence on each skipped
    card; k = 5 takes the deck top after skipping the whole Street."""
    m = street_len(state)
    if k < L.NSTREET:
        for j in range(k):
            state[L.STREET_INF + j] += 1
        state[L.INFL + p] -= k
        c = state[L.STREET + k]
        state[L.GOODWILL + p] += remove_from_street(state, k)
        add_to_hand(state, p, c)
        refill_street(state, rng)
    else:
        for j in range(m):
            state[L.STREET_INF + j] += 1
        state[L.INFL + p] -= m
        c = draw_top(state, rng)
        add_to_hand(state, p, c)
    draw_threat_cubes(state, params, p, c, rng)


@row_kernel
def automa_draft(state, params, rng):
    if params[L.P_NUM_PLAYERS] != 1:
        return
    for _ in range(params[L.P_AUTO_TAKE]):
        refill_street(state, rng)
        c = state[L.STREET]
        if c < 0:
            break
        remove_from_street(state, 0)
        state[L.SOLO_AUTO_VP] += params[L.P_AUTO_VP_ADV] * sleeves(state, c)
        state[L.AUTO_CARDS] += 1
        to_discard(state, c)
    refill_street(state, rng)


@row_kernel
def automa_round_end(state, params):
    state[L.SOLO_AUTO_VP] += params[L.P_AUTO_VP]
    for _ in range(params[L.P_AUTO_ADV]):
        best = -1
        for s in range(L.NSTACK):
            if state[L.STACK_N + s] > 0 and \
                    (best < 0 or state[L.STACK_N + s] > state[L.STACK_N + best]):
                best = s
        if best < 0:
            break
        state[L.STACK_N + best] -= 1
        if stack_empty(state, params, best):
            state[L.STACK_INF + best] = 0
            if params[L.P_STACK_SCOPE] == 0:
                state[L.STACK_INF + (best & ~1)] = 0


@row_kernel(inline="always")
def stack_empty(state, params, s):
    if params[L.P_STACK_SCOPE] == 0:
        return state[L.STACK_N + (s & ~1)] + state[L.STACK_N + (s | 1)] == 0
    return state[L.STACK_N + s] == 0


@row_kernel
def round_end_cubes(state, params):
    for p in range(params[L.P_NUM_PLAYERS]):
        for col in range(L.NCOL):
            state[L.TZ + p * L.NCOL + col] += state[L.TZN + p * L.NCOL + col]
            state[L.TZN + p * L.NCOL + col] = 0


# ---- scoring ---------------------------------------------------------------------------------------


@row_kernel((ROW, ROW, I))
def final_score(state, params, p):
    """VP: advancements on owned cards (ED-BASE-76), Reputation 1:1 (ED-BASE-77), Coins and
    Goodwill at their rates (ED-BASE-78/79), (optionally Influence), Coldhollow colour
    majorities (ED-L61-06), minus the Defense Track penalty (ED-BASE-80)."""
    P = params[L.P_NUM_PLAYERS]
    v = 0
    for c in range(L.NCARD):
        if state[L.C_OWNER + c] == p:
            v += sleeves(state, c)
    v += state[L.REP + p]
    v += state[L.COINS + p] // params[L.P_COIN_VP]
    v += state[L.GOODWILL + p] // params[L.P_GOODWILL_VP]
    if params[L.P_INFL_VP] > 0:
        v += state[L.INFL + p] // params[L.P_INFL_VP]
    v -= params[L.P_DEF_PEN + min(state[L.DEFENSE + p], params[L.P_DEF_MAX])]
    if P == 1 and params[L.P_SOLO_COLDHOLLOW]:
        return v   # the alternative solo reading: no rival, no majorities
    # solo: the player is the only holder, so every colour it holds is a majority
    for col in range(L.NCOL):
        mine = state[L.CCUBES + p * L.NCOL + col]
        if mine == 0:
            continue
        best = 0
        for q in range(P):
            best = max(best, state[L.CCUBES + q * L.NCOL + col])
        if mine == best:
            v += 1
    return v
