"""Dark Frontier: the Rival turn (reveal, draw, Assault and its interceptions)."""
from numba import njit

from simcore.frontier.field import (
    bunker_slot,
    cf,
    place_rival,
    remove_rival,
    remove_tellus,
    rival_deck_left,
    rival_on_field,
    t_attack,
    t_life,
    t_ranged,
    t_speed,
)
from simcore.frontier.layout import (
    BUNKER,
    BUNKER_DMG,
    BUNKER_HIT,
    CF_ANTIGRAV,
    CF_ATTACK,
    CF_DECK,
    CF_LIFE,
    CF_N,
    CF_SPEED,
    CF_STRUCT,
    CF_TYPE,
    CP,
    D_ARMY,
    D_ORDERS,
    DECK,
    DISC,
    END,
    END_ABANDON,
    END_BUNKER,
    END_CAP,
    END_EXHAUSTED,
    END_PLAYING,
    END_WIN,
    HAND,
    INT_SLOT,
    MARKER,
    MAX_RF,
    MAX_TF,
    NK,
    NR,
    P_ABANDONMENT,
    P_CARDS,
    P_CP_TARGET,
    P_DMG_PERSISTS,
    P_EXHAUST_WIN,
    P_FIRST_STRIKE_KILLS,
    P_REVEAL_ACTIVE,
    P_RIVAL_REACTIVATE,
    P_SHIP,
    P_SKIP_MODE,
    P_SKIP_T4,
    P_TURN_CAP,
    PH_INTERCEPT,
    PH_SPACESHIP,
    PHASE,
    RDECK,
    RF_ACT,
    RF_ATK,
    RF_DMG,
    RF_KIND,
    RIVAL0,
    RIVAL_PLAYED,
    RTURN,
    T_TROOP,
    TF_ACT,
    TF_DMG,
    TF_INT,
    TF_KIND,
    TURN,
    WON,
)
from simcore.rng import randint


# --------------------------------------------------------------------------
# the Rival turn
# --------------------------------------------------------------------------
@njit(cache=True)
def rival_row(params, t):
    """Chart row (1..5, 0 = nothing) the Rival carries out on its turn ``t``."""
    if params[P_SKIP_T4]:
        if params[P_SKIP_MODE] == 0:
            if t == 4:
                return 0
        elif t >= 4:
            return 5
    return min(5, t)


@njit(cache=True)
def reveal(state, params, active, rng):
    """Reveal the top Rival card (a uniform draw from what is left) onto the field."""
    n = rival_deck_left(state)
    if n == 0:
        return -1
    x = randint(rng, n)
    for i in range(NR):
        c = state[RDECK + i]
        if x < c:
            state[RDECK + i] -= 1
            state[RIVAL_PLAYED] += 1
            return place_rival(state, RIVAL0 + i, active)
        x -= c
    return -1


@njit(cache=True)
def draw(state, params, deck, rng):
    """Draw one card from the player's ``deck`` (D_ARMY / D_ORDERS); False if empty."""
    n = 0
    for k in range(NK):  # card data indexed directly: a helper call per kind costs ~10 ns
        if params[P_CARDS + k * CF_N + CF_DECK] == deck:
            n += state[DECK + k]
    if n == 0:
        return False
    x = randint(rng, n)
    for k in range(NK):
        if params[P_CARDS + k * CF_N + CF_DECK] == deck:
            c = state[DECK + k]
            if x < c:
                state[DECK + k] -= 1
                state[HAND + k] += 1
                return True
            x -= c
    return False


@njit(cache=True)
def _next_interceptor(state, params, after):
    for s in range(after + 1, MAX_TF):
        k = state[TF_KIND + s]
        if k >= 0 and state[TF_ACT + s] == 1 and params[P_CARDS + k * CF_N + CF_TYPE] == T_TROOP:
            return s
    return -1


@njit(cache=True)
def _check_exhausted(state, params):
    if state[END] != END_PLAYING:
        return
    if rival_on_field(state) == 0 and rival_deck_left(state) == 0:
        state[END] = END_EXHAUSTED
        win = (params[P_EXHAUST_WIN] != 0 and state[CP] >= params[P_CP_TARGET]
               and bunker_slot(state) >= 0)
        state[WON] = 1 if win else 0


@njit(cache=True)
def _clear_troop_damage(state, params):
    if params[P_DMG_PERSISTS]:
        return
    for s in range(MAX_TF):
        k = state[TF_KIND + s]
        if k >= 0 and params[P_CARDS + k * CF_N + CF_TYPE] == T_TROOP:
            state[TF_DMG + s] = 0
    for r in range(MAX_RF):
        state[RF_DMG + r] = 0


@njit(cache=True)
def start_assault(state, params):
    """Every activated Rival Troop assaults the Bunker.  Returns True when the
    player has an interception to decide (PHASE becomes PH_INTERCEPT)."""
    n = 0
    for r in range(MAX_RF):
        k = state[RF_KIND + r]
        if k >= 0 and state[RF_ACT + r] == 1 and params[P_CARDS + k * CF_N + CF_TYPE] == T_TROOP:
            state[RF_ATK + r] = 1
            n += 1
        else:
            state[RF_ATK + r] = 0
    for s in range(MAX_TF):
        state[TF_INT + s] = -1
    if n == 0:
        return False
    s = _next_interceptor(state, params, -1)
    if s < 0:
        return False
    state[INT_SLOT] = s
    state[PHASE] = PH_INTERCEPT
    return True


@njit(cache=True)
def _first_striker(state, params, s, r):
    """Whether interceptor s strikes first against attacker r."""
    if t_speed(state, params, s):
        return True
    return t_ranged(state, params, s) > 0 and cf(params, state[RF_KIND + r], CF_ANTIGRAV) > 0


@njit(cache=True)
def _attacker_hits(state, params, r):
    """Attacker r deals its Attack to its interceptors: lethal damage to the
    interceptor with the least Life left first, then the next (assumed)."""
    dmg = cf(params, state[RF_KIND + r], CF_ATTACK)
    first = -1
    while dmg > 0:
        best = -1
        best_left = 1 << 30
        for s in range(MAX_TF):
            if state[TF_KIND + s] >= 0 and state[TF_INT + s] == r:
                if first < 0:
                    first = s
                left = t_life(state, params, s) - state[TF_DMG + s]
                if 0 < left < best_left:
                    best_left = left
                    best = s
        if best < 0:
            if first >= 0:
                state[TF_DMG + first] += dmg
            return
        g = min(best_left, dmg)
        state[TF_DMG + best] += g
        dmg -= g


@njit(cache=True)
def _remove_dead(state, params):
    for s in range(MAX_TF):
        k = state[TF_KIND + s]
        if (k >= 0 and state[TF_DMG + s] > 0 and params[P_CARDS + k * CF_N + CF_TYPE] == T_TROOP
                and state[TF_DMG + s] >= t_life(state, params, s)):
            remove_tellus(state, params, s, False)
    for r in range(MAX_RF):
        k = state[RF_KIND + r]
        if k >= 0 and state[RF_DMG + r] >= params[P_CARDS + k * CF_N + CF_LIFE]:
            remove_rival(state, r, False)


@njit(cache=True)
def resolve_assault(state, params):
    """Assault steps 3-5 for the marked attackers (RF_ATK) and the declared
    interceptions (TF_INT).  Returns the damage dealt to the Bunker."""
    # who is Opposed (remembered: an attacker stays Opposed when its interceptors die);
    # interceptors only ever target attackers, so one pass over them marks every one
    for s in range(MAX_TF):
        r = state[TF_INT + s]
        if r >= 0 and state[TF_KIND + s] >= 0 and state[RF_ATK + r] == 1:
            state[RF_ATK + r] = 2
    # step 3, first strikes: Speed Assault; Ranged interceptors against Anti Gravity
    for r in range(MAX_RF):
        if state[RF_ATK + r] == 2:
            k = state[RF_KIND + r]
            if cf(params, k, CF_SPEED) > 0:
                _attacker_hits(state, params, r)
            for s in range(MAX_TF):
                if (state[TF_KIND + s] >= 0 and state[TF_INT + s] == r
                        and _first_striker(state, params, s, r)):
                    state[RF_DMG + r] += t_attack(state, params, s)
    if params[P_FIRST_STRIKE_KILLS]:
        _remove_dead(state, params)
    # step 3, everyone else at the same time
    for r in range(MAX_RF):
        if state[RF_ATK + r] == 2 and state[RF_KIND + r] >= 0:
            k = state[RF_KIND + r]
            for s in range(MAX_TF):
                if (state[TF_KIND + s] >= 0 and state[TF_INT + s] == r
                        and not _first_striker(state, params, s, r)):
                    state[RF_DMG + r] += t_attack(state, params, s)
            if cf(params, k, CF_SPEED) == 0:
                _attacker_hits(state, params, r)
    # step 4: non-Opposed attackers hit the Bunker
    total = 0
    for r in range(MAX_RF):
        if state[RF_ATK + r] == 1 and state[RF_KIND + r] >= 0:
            total += params[P_CARDS + state[RF_KIND + r] * CF_N + CF_ATTACK]
    b = bunker_slot(state)
    if total > 0 and b >= 0:
        state[TF_DMG + b] += total
        state[BUNKER_DMG] += total
        state[BUNKER_HIT] = 1
        if state[TF_DMG + b] >= cf(params, BUNKER, CF_STRUCT):
            remove_tellus(state, params, b, False)
    # step 5: destroy, then surviving attackers become deactivated
    _remove_dead(state, params)
    for r in range(MAX_RF):
        if state[RF_ATK + r] != 0 and state[RF_KIND + r] >= 0:
            state[RF_ACT + r] = 0
        state[RF_ATK + r] = 0
    for s in range(MAX_TF):
        state[TF_INT + s] = -1
    if bunker_slot(state) < 0:
        state[END] = END_BUNKER
        state[WON] = 0
    return total


@njit(cache=True)
def start_player_turn(state, params, rng):
    """Start of a Tel·lus turn: win check, turn cap, Activation, Draw."""
    state[TURN] += 1
    state[PHASE] = PH_SPACESHIP
    if state[CP] >= params[P_CP_TARGET] and bunker_slot(state) >= 0:
        state[END] = END_WIN
        state[WON] = 1
        return
    if state[TURN] > params[P_TURN_CAP]:
        state[END] = END_CAP
        state[WON] = 0
        return
    if state[TURN] > 1:
        for s in range(MAX_TF):
            if state[TF_KIND + s] >= 0:
                state[TF_ACT + s] = 1
        a = draw(state, params, D_ARMY, rng)
        o = draw(state, params, D_ORDERS, rng)
        if not a and not o and params[P_ABANDONMENT]:
            state[END] = END_ABANDON
            state[WON] = 0
            return
        state[MARKER] = 1 if params[P_SHIP] else 0


@njit(cache=True)
def rival_turn_finish(state, params, rng):
    """Chart steps after the assault, end of the Rival turn, next Tel·lus turn."""
    row = rival_row(params, state[RTURN])
    if row == 3 and state[BUNKER_HIT]:
        reveal(state, params, 1, rng)
    elif row == 4:
        for k in range(NK):
            if params[P_CARDS + k * CF_N + CF_DECK] == D_ARMY:
                state[DECK + k] += state[DISC + k]
                state[DISC + k] = 0
    _clear_troop_damage(state, params)
    # the next Tel·lus turn starts now, and its win check ("start one of your turns with
    # 10 Colonization Points ... and a Bunker") comes before the wiped-out Rival ends the game
    if not (state[CP] >= params[P_CP_TARGET] and bunker_slot(state) >= 0):
        _check_exhausted(state, params)
        if state[END] != END_PLAYING:
            return
    start_player_turn(state, params, rng)


@njit(cache=True)
def rival_turn(state, params, rng):
    """Run the Rival turn until the player must decide an interception or it ends."""
    state[RTURN] += 1
    state[BUNKER_HIT] = 0
    if params[P_RIVAL_REACTIVATE]:
        for r in range(MAX_RF):
            if state[RF_KIND + r] >= 0:
                state[RF_ACT + r] = 1
    row = rival_row(params, state[RTURN])
    act = params[P_REVEAL_ACTIVE]
    if row == 1 or row == 5:
        reveal(state, params, act, rng)
    elif row == 2:
        reveal(state, params, act, rng)
        reveal(state, params, act, rng)
    elif row == 3:
        reveal(state, params, 0, rng)
    elif row == 4:
        reveal(state, params, 0, rng)
        reveal(state, params, 0, rng)
    if row >= 2:
        if start_assault(state, params):
            return
        resolve_assault(state, params)
        if state[END] != END_PLAYING:
            return
    rival_turn_finish(state, params, rng)


@njit(cache=True)
def end_player_turn(state, params, rng):
    _clear_troop_damage(state, params)
    rival_turn(state, params, rng)
