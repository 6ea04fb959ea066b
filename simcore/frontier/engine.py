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
from simcore.common import row_kernel
from simcore.frontier import layout as L
from simcore.frontier.field import (
    cf,
    hand_size,
    place_tellus,
    rival_on_field,
    t_ranged,
)
from simcore.frontier.kinds import action_kind  # noqa: F401  (SPEC.action_kinds)
from simcore.frontier.play import (
    _play,
    _resolve_play,
    any_shooter,
    emit_plays,
    play_mask,
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
from simcore.frontier.value import evaluate  # noqa: F401  (the contract's position value)


# --------------------------------------------------------------------------
# phase machine
# --------------------------------------------------------------------------
@row_kernel
def _has_options(state, params):
    ph = state[L.PHASE]
    if ph == L.PH_SPACESHIP or ph == L.PH_HIRING:
        m = play_mask(state, params)
        state[L.OPTS] = m  # legal_actions reads it back (layout: OPTS)
        state[L.OPTS_AT] = state[L.ACTIONS]
        return m != 0
    if ph == L.PH_RANGED:
        if rival_on_field(state) == 0:
            return False
        if params[L.P_SHIP] and state[L.MARKER] == 1 and params[L.P_SHIP_RANGED] > 0:
            return True
        return any_shooter(state, params)
    if ph == L.PH_DISCARD:
        return hand_size(state) > params[L.P_HAND_LIMIT]
    return True  # PH_INTERCEPT


@row_kernel
def _end_phase(state, params, rng):
    """End the current phase by doing nothing (DF-TURN-02 order, DF-TURN-03)."""
    ph = state[L.PHASE]
    if ph == L.PH_SPACESHIP:
        state[L.PHASE] = L.PH_RANGED
    elif ph == L.PH_RANGED:
        state[L.PHASE] = L.PH_HIRING  # the Tel·lus Assault Phase is skipped
    elif ph == L.PH_HIRING:
        state[L.PHASE] = L.PH_DISCARD
    elif ph == L.PH_DISCARD:
        end_player_turn(state, params, rng)
    else:  # PH_INTERCEPT: the asked Troop does not intercept
        _next_intercept(state, params, rng)


@row_kernel
def _next_intercept(state, params, rng):
    s = _next_interceptor(state, params, state[L.INT_SLOT])
    if s >= 0:
        state[L.INT_SLOT] = s
        return
    state[L.INT_SLOT] = -1
    state[L.PHASE] = L.PH_SPACESHIP
    resolve_assault(state, params)
    if state[L.END] != L.END_PLAYING:
        return
    rival_turn_finish(state, params, rng)


@row_kernel
def advance(state, params, rng):
    """Pass automatically every phase whose only option is to end it."""
    while state[L.END] == L.END_PLAYING and state[L.PEND_MODE] == L.PEND_NONE:
        if _has_options(state, params):
            return
        _end_phase(state, params, rng)


# --------------------------------------------------------------------------
# the contract
# --------------------------------------------------------------------------
@row_kernel
def init(state, params, rng):
    for i in range(state.shape[0]):  # explicit loop: no parfor under parallel callers
        state[i] = 0
    for s in range(L.MAX_TF):
        state[L.TF_KIND + s] = -1
        state[L.TF_HOST + s] = -1
        state[L.TF_INT + s] = -1
    for r in range(L.MAX_RF):
        state[L.RF_KIND + r] = -1
    state[L.PEND_KIND] = -1
    state[L.PEND_SRC] = -1
    state[L.INT_SLOT] = -1
    for k in range(L.NK):
        state[L.DECK + k] = params[L.P_CARDS + k * L.CF_N + L.CF_COUNT]
    for i in range(L.NR):
        state[L.RDECK + i] = params[L.P_CARDS + (L.RIVAL0 + i) * L.CF_N + L.CF_COUNT]
    for j in range(2):
        k = params[L.P_START_A] if j == 0 else params[L.P_START_B]
        if k < 0:
            continue
        if params[L.P_START_FROM_DECK] and state[L.DECK + k] > 0:
            state[L.DECK + k] -= 1
        place_tellus(state, k, 1 if params[L.P_START_ACTIVE] else 0)
    for _ in range(params[L.P_OPEN_ARMY]):
        draw(state, params, L.D_ARMY, rng)
    for _ in range(params[L.P_OPEN_ORDERS]):
        draw(state, params, L.D_ORDERS, rng)
    state[L.MARKER] = 1 if params[L.P_SHIP] else 0
    state[L.TURN] = 0
    start_player_turn(state, params, rng)  # turn 1: no Activation, no Draw
    advance(state, params, rng)
    state[L.OPTS_AT] = -1


@row_kernel
def current_player(state, params):
    return 0


@row_kernel
def is_terminal(state, params):
    return state[L.END] != L.END_PLAYING


@row_kernel
def legal_actions(state, params, out):
    if state[L.END] != L.END_PLAYING:
        return 0
    n = 0
    mode = state[L.PEND_MODE]
    if mode == L.PEND_PLAY:
        equipment = cf(params, state[L.PEND_KIND], L.CF_TYPE) == L.T_EQUIPMENT
        want = L.T_TROOP if equipment else L.T_BUILDING  # its host, or the Building repaired
        for s in range(state[L.TF_TOP]):
            k = state[L.TF_KIND + s]
            if k >= 0 and params[L.P_CARDS + k * L.CF_N + L.CF_TYPE] == want:
                out[n] = L.A_TARGET + s
                n += 1
        return n
    if mode == L.PEND_SHOT:
        for r in range(state[L.RF_TOP]):
            if state[L.RF_KIND + r] >= 0:
                out[n] = L.A_TARGET + r
                n += 1
        return n
    ph = state[L.PHASE]
    if ph == L.PH_DISCARD:
        if hand_size(state) > params[L.P_HAND_LIMIT]:
            for k in range(L.NK):
                if state[L.HAND + k] > 0:
                    out[n] = L.A_DISCARD + k
                    n += 1
            return n
        out[0] = L.A_END
        return 1
    out[0] = L.A_END
    n = 1
    if ph == L.PH_SPACESHIP or ph == L.PH_HIRING:
        if state[L.OPTS_AT] == state[L.ACTIONS]:
            mask = state[L.OPTS]  # found by step's last phase check on this very row
        else:
            mask = play_mask(state, params)
        n = emit_plays(mask, out, n)
    elif ph == L.PH_RANGED:
        if rival_on_field(state) > 0:
            if params[L.P_SHIP] and state[L.MARKER] == 1 and params[L.P_SHIP_RANGED] > 0:
                out[n] = L.A_SHIP_SHOOT
                n += 1
            n = shooters(state, params, out, n)
    elif ph == L.PH_INTERCEPT:
        for r in range(state[L.RF_TOP]):
            if state[L.RF_ATK + r] != 0:
                out[n] = L.A_TARGET + r
                n += 1
    return n


@row_kernel
def step(state, params, action, rng):
    state[L.ACTIONS] += 1
    a = action
    mode = state[L.PEND_MODE]
    if mode != L.PEND_NONE:
        t = a - L.A_TARGET
        kind = state[L.PEND_KIND]
        src = state[L.PEND_SRC]
        state[L.PEND_MODE] = L.PEND_NONE
        state[L.PEND_KIND] = -1
        state[L.PEND_SRC] = -1
        if mode == L.PEND_PLAY:
            _resolve_play(state, params, kind, t)
        else:
            if src == L.SRC_SHIP:
                dmg = params[L.P_SHIP_RANGED]
            else:
                dmg = t_ranged(state, params, src)
            ranged_hit(state, params, dmg, t)
            _check_exhausted(state, params)
    elif a == L.A_END:
        _end_phase(state, params, rng)
    elif a < L.A_PLAY_RED:
        _play(state, params, a - L.A_PLAY, False)
    elif a < L.A_DISCARD:
        _play(state, params, a - L.A_PLAY_RED, True)
    elif a < L.A_SHIP_SHOOT:
        k = a - L.A_DISCARD
        state[L.HAND + k] -= 1
        state[L.DISC + k] += 1
    elif a == L.A_SHIP_SHOOT:
        state[L.MARKER] = 0
        state[L.PEND_MODE] = L.PEND_SHOT
        state[L.PEND_SRC] = L.SRC_SHIP
    elif a < L.A_TARGET:
        s = a - L.A_SHOOT
        state[L.TF_ACT + s] = 0
        state[L.PEND_MODE] = L.PEND_SHOT
        state[L.PEND_SRC] = s
    else:  # interception: the asked Troop intercepts Rival slot a - A_TARGET
        state[L.TF_INT + state[L.INT_SLOT]] = a - L.A_TARGET
        _next_intercept(state, params, rng)
    advance(state, params, rng)


@row_kernel
def returns(state, params, out):
    out[0] = 1.0 if state[L.WON] else 0.0


@row_kernel
def scores(state, params, out):
    out[0] = state[L.CP]


@row_kernel
def info(state, params, out):
    e = state[L.END]
    rounds = state[L.TURN]
    if e == L.END_WIN or e == L.END_CAP:
        rounds -= 1  # ended at the start of a turn that was not played
    out[0] = rounds
    out[1] = e
    out[2] = state[L.CP]
    out[3] = state[L.BUNKER_DMG]
    out[4] = state[L.RIVAL_PLAYED]
    out[5] = state[L.RIVAL_DESTROYED] + state[L.RIVAL_VANISHED]
    out[6] = state[L.TROOPS_LOST]
    out[7] = state[L.RTURN]


@row_kernel
def determinize(state, params, observer, rng):
    """Nothing to resample: the only unseen things are deck orders, and decks are
    stored as counts and drawn at random when a card is drawn or revealed, so the
    state holds no order for a search to peek at."""
    return
