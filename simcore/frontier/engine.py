"""Dark Frontier kernels: the solo Tel·lus mission against the Zrug Rival Deck.

One decider (seat 0, the Tel·lus player).  The Rival Deck is environment: the
chart row of its turn is carried out automatically, its deck is drawn at random
(chance) and, where the chart leaves a choice (how an attacker splits damage
among interceptors, which Bunker it assaults), a fixed rule documented below and
in rules.toml decides.  The player's one decision inside a Rival turn is which
of their activated Troops intercept which attacker (Assault step 2).

Action encoding (see layout.py): ``A_END`` ends the current phase (in the
interception step: "this Troop does not intercept"); ``A_PLAY + k`` plays a card
of kind k at its full cost (the mandatory +2 for another Faction included);
``A_PLAY_RED + k`` plays an own-Faction card with the optional 2-Crystal
reduction; ``A_DISCARD + k`` discards one card of kind k; ``A_SHOOT + s``
deactivates Tel·lus field slot s to shoot and ``A_SHIP_SHOOT`` spends the
Spaceship's Crystal Marker to shoot; ``A_TARGET + i`` names the target of the
pending card or shot (Tel·lus slot for Equipment hosts and repairs, Rival slot
for shots) or, while intercepting, the attacking Rival slot to intercept.

Crystal is paid automatically: among the player's activated Crystal sources
(Buildings with a Crystal ability, the Spaceship's marker) the engine
deactivates the set whose Crystal covers the cost with the least excess (then
the fewest cards); the excess is lost.  Which sources pay never matters for
anything but later payments, and the least-excess set leaves the most Crystal.

Phases with no option but "end" are passed automatically, so every action the
agent sees is a real choice (the Assault Phase of the Tel·lus player is always
skipped).
"""
from numba import njit

from simcore.frontier.field import (
    cf,
    hand_size,
    place_tellus,
    rival_on_field,
    t_ranged,
)
from simcore.frontier.kinds import action_kind  # noqa: F401  (SPEC.action_kinds)
from simcore.frontier.value import evaluate  # noqa: F401  (the contract's position value)
from simcore.frontier.layout import (
    A_DISCARD,
    A_END,
    A_PLAY,
    A_PLAY_RED,
    A_SHIP_SHOOT,
    A_SHOOT,
    A_TARGET,
    ACTIONS,
    BUNKER_DMG,
    CF_COUNT,
    CF_N,
    CF_TYPE,
    CP,
    D_ARMY,
    D_ORDERS,
    DECK,
    DISC,
    END,
    END_CAP,
    END_PLAYING,
    END_WIN,
    HAND,
    INT_SLOT,
    MARKER,
    MAX_RF,
    MAX_TF,
    NK,
    NR,
    P_CARDS,
    P_HAND_LIMIT,
    P_OPEN_ARMY,
    P_OPEN_ORDERS,
    P_SHIP,
    P_SHIP_RANGED,
    P_START_A,
    P_START_ACTIVE,
    P_START_B,
    P_START_FROM_DECK,
    PEND_KIND,
    PEND_MODE,
    PEND_NONE,
    PEND_PLAY,
    PEND_SHOT,
    PEND_SRC,
    PH_DISCARD,
    PH_HIRING,
    PH_INTERCEPT,
    PH_RANGED,
    PH_SPACESHIP,
    PHASE,
    RDECK,
    RF_ATK,
    RF_KIND,
    RIVAL0,
    RIVAL_DESTROYED,
    RIVAL_PLAYED,
    RIVAL_VANISHED,
    RTURN,
    SRC_SHIP,
    T_BUILDING,
    T_EQUIPMENT,
    T_TROOP,
    TF_ACT,
    TF_HOST,
    TF_INT,
    TF_KIND,
    TROOPS_LOST,
    TURN,
    WON,
)
from simcore.frontier.play import (
    _play,
    any_play_option,
    any_shooter,
    _resolve_play,
    play_options,
    ranged_hit,
    shooters,
)
from simcore.frontier.rival import (
    _check_exhausted,
    _next_interceptor,
    draw,
    end_player_turn,
    resolve_assault,
    rival_turn_finish,
    start_player_turn,
)


# --------------------------------------------------------------------------
# phase machine
# --------------------------------------------------------------------------
@njit(cache=True)
def _has_options(state, params):
    ph = state[PHASE]
    if ph == PH_SPACESHIP or ph == PH_HIRING:
        return any_play_option(state, params)
    if ph == PH_RANGED:
        if rival_on_field(state) == 0:
            return False
        if params[P_SHIP] and state[MARKER] == 1 and params[P_SHIP_RANGED] > 0:
            return True
        return any_shooter(state, params)
    if ph == PH_DISCARD:
        return hand_size(state) > params[P_HAND_LIMIT]
    return True  # PH_INTERCEPT


@njit(cache=True)
def _end_phase(state, params, rng):
    ph = state[PHASE]
    if ph == PH_SPACESHIP:
        state[PHASE] = PH_RANGED
    elif ph == PH_RANGED:
        state[PHASE] = PH_HIRING  # the Tel·lus Assault Phase is skipped
    elif ph == PH_HIRING:
        state[PHASE] = PH_DISCARD
    elif ph == PH_DISCARD:
        end_player_turn(state, params, rng)
    else:  # PH_INTERCEPT: the asked Troop does not intercept
        _next_intercept(state, params, rng)


@njit(cache=True)
def _next_intercept(state, params, rng):
    s = _next_interceptor(state, params, state[INT_SLOT])
    if s >= 0:
        state[INT_SLOT] = s
        return
    state[INT_SLOT] = -1
    state[PHASE] = PH_SPACESHIP
    resolve_assault(state, params)
    if state[END] != END_PLAYING:
        return
    rival_turn_finish(state, params, rng)


@njit(cache=True)
def advance(state, params, rng):
    """Pass automatically every phase whose only option is to end it."""
    while state[END] == END_PLAYING and state[PEND_MODE] == PEND_NONE:
        if _has_options(state, params):
            return
        _end_phase(state, params, rng)


# --------------------------------------------------------------------------
# the contract
# --------------------------------------------------------------------------
@njit(cache=True)
def init(state, params, rng):
    for i in range(state.shape[0]):  # explicit loop: no parfor under parallel callers
        state[i] = 0
    for s in range(MAX_TF):
        state[TF_KIND + s] = -1
        state[TF_HOST + s] = -1
        state[TF_INT + s] = -1
    for r in range(MAX_RF):
        state[RF_KIND + r] = -1
    state[PEND_KIND] = -1
    state[PEND_SRC] = -1
    state[INT_SLOT] = -1
    for k in range(NK):
        state[DECK + k] = params[P_CARDS + k * CF_N + CF_COUNT]
    for i in range(NR):
        state[RDECK + i] = params[P_CARDS + (RIVAL0 + i) * CF_N + CF_COUNT]
    for j in range(2):
        k = params[P_START_A] if j == 0 else params[P_START_B]
        if k < 0:
            continue
        if params[P_START_FROM_DECK] and state[DECK + k] > 0:
            state[DECK + k] -= 1
        place_tellus(state, k, 1 if params[P_START_ACTIVE] else 0)
    for _ in range(params[P_OPEN_ARMY]):
        draw(state, params, D_ARMY, rng)
    for _ in range(params[P_OPEN_ORDERS]):
        draw(state, params, D_ORDERS, rng)
    state[MARKER] = 1 if params[P_SHIP] else 0
    state[TURN] = 0
    start_player_turn(state, params, rng)  # turn 1: no Activation, no Draw
    advance(state, params, rng)


@njit(cache=True)
def current_player(state, params):
    return 0


@njit(cache=True)
def is_terminal(state, params):
    return state[END] != END_PLAYING


@njit(cache=True)
def legal_actions(state, params, out):
    if state[END] != END_PLAYING:
        return 0
    n = 0
    mode = state[PEND_MODE]
    if mode == PEND_PLAY:
        want = T_TROOP if cf(params, state[PEND_KIND], CF_TYPE) == T_EQUIPMENT else T_BUILDING
        for s in range(MAX_TF):
            k = state[TF_KIND + s]
            if k >= 0 and params[P_CARDS + k * CF_N + CF_TYPE] == want:
                out[n] = A_TARGET + s
                n += 1
        return n
    if mode == PEND_SHOT:
        for r in range(MAX_RF):
            if state[RF_KIND + r] >= 0:
                out[n] = A_TARGET + r
                n += 1
        return n
    ph = state[PHASE]
    if ph == PH_DISCARD:
        if hand_size(state) > params[P_HAND_LIMIT]:
            for k in range(NK):
                if state[HAND + k] > 0:
                    out[n] = A_DISCARD + k
                    n += 1
            return n
        out[0] = A_END
        return 1
    out[0] = A_END
    n = 1
    if ph == PH_SPACESHIP or ph == PH_HIRING:
        n = play_options(state, params, out, n)
    elif ph == PH_RANGED:
        if rival_on_field(state) > 0:
            if params[P_SHIP] and state[MARKER] == 1 and params[P_SHIP_RANGED] > 0:
                out[n] = A_SHIP_SHOOT
                n += 1
            n = shooters(state, params, out, n)
    elif ph == PH_INTERCEPT:
        for r in range(MAX_RF):
            if state[RF_ATK + r] != 0:
                out[n] = A_TARGET + r
                n += 1
    return n


@njit(cache=True)
def step(state, params, action, rng):
    state[ACTIONS] += 1
    a = action
    mode = state[PEND_MODE]
    if mode != PEND_NONE:
        t = a - A_TARGET
        kind = state[PEND_KIND]
        src = state[PEND_SRC]
        state[PEND_MODE] = PEND_NONE
        state[PEND_KIND] = -1
        state[PEND_SRC] = -1
        if mode == PEND_PLAY:
            _resolve_play(state, params, kind, t)
        else:
            if src == SRC_SHIP:
                dmg = params[P_SHIP_RANGED]
            else:
                dmg = t_ranged(state, params, src)
            ranged_hit(state, params, dmg, t)
            _check_exhausted(state, params)
    elif a == A_END:
        _end_phase(state, params, rng)
    elif a < A_PLAY_RED:
        _play(state, params, a - A_PLAY, False)
    elif a < A_DISCARD:
        _play(state, params, a - A_PLAY_RED, True)
    elif a < A_SHIP_SHOOT:
        k = a - A_DISCARD
        state[HAND + k] -= 1
        state[DISC + k] += 1
    elif a == A_SHIP_SHOOT:
        state[MARKER] = 0
        state[PEND_MODE] = PEND_SHOT
        state[PEND_SRC] = SRC_SHIP
    elif a < A_TARGET:
        s = a - A_SHOOT
        state[TF_ACT + s] = 0
        state[PEND_MODE] = PEND_SHOT
        state[PEND_SRC] = s
    else:  # interception: the asked Troop intercepts Rival slot a - A_TARGET
        state[TF_INT + state[INT_SLOT]] = a - A_TARGET
        _next_intercept(state, params, rng)
    advance(state, params, rng)


@njit(cache=True)
def returns(state, params, out):
    out[0] = 1.0 if state[WON] else 0.0


@njit(cache=True)
def scores(state, params, out):
    out[0] = state[CP]


@njit(cache=True)
def info(state, params, out):
    e = state[END]
    rounds = state[TURN]
    if e == END_WIN or e == END_CAP:
        rounds -= 1  # ended at the start of a turn that was not played
    out[0] = rounds
    out[1] = e
    out[2] = state[CP]
    out[3] = state[BUNKER_DMG]
    out[4] = state[RIVAL_PLAYED]
    out[5] = state[RIVAL_DESTROYED] + state[RIVAL_VANISHED]
    out[6] = state[TROOPS_LOST]
    out[7] = state[RTURN]


@njit(cache=True)
def determinize(state, params, observer, rng):
    """Nothing to resample: the only unseen things are deck orders, and decks are
    stored as counts and drawn at random when a card is drawn or revealed, so the
    state holds no order for a search to peek at."""
    return
