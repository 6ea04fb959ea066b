"""Dark Frontier: the Rival turn (reveal, draw, Assault and its interceptions)."""
from simcore.common import row_kernel
from simcore.frontier import layout as L
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
from simcore.rng import randint


# --------------------------------------------------------------------------
# the Rival turn
# --------------------------------------------------------------------------
@row_kernel
def rival_row(params, t):
    """Chart row (1..5, 0 = nothing) the Rival carries out on its turn ``t``."""
    if params[L.P_SKIP_T4]:
        if params[L.P_SKIP_MODE] == 0:
            if t == 4:
                return 0
        elif t >= 4:
            return 5
    return min(5, t)


@row_kernel
def reveal(state, params, active, rng):
    """Reveal the top Rival card (a uniform draw from what is left) onto the field."""
    n = rival_deck_left(state)
    if n == 0:
        return -1
    x = randint(rng, n)
    for i in range(L.NR):
        c = state[L.RDECK + i]
        if x < c:
            state[L.RDECK + i] -= 1
            state[L.RIVAL_PLAYED] += 1
            return place_rival(state, L.RIVAL0 + i, active)
        x -= c
    return -1


@row_kernel
def draw(state, params, deck, rng):
    """Draw one card from the player's ``deck`` (D_ARMY / D_ORDERS); False if empty."""
    n = 0
    for k in range(L.NK):  # card data indexed directly: a helper call per kind costs ~10 ns
        if params[L.P_CARDS + k * L.CF_N + L.CF_DECK] == deck:
            n += state[L.DECK + k]
    if n == 0:
        return False
    x = randint(rng, n)
    for k in range(L.NK):
        if params[L.P_CARDS + k * L.CF_N + L.CF_DECK] == deck:
            c = state[L.DECK + k]
            if x < c:
                state[L.DECK + k] -= 1
                state[L.HAND + k] += 1
                return True
            x -= c
    return False


@row_kernel
def _next_interceptor(state, params, after):
    for s in range(after + 1, state[L.TF_TOP]):
        k = state[L.TF_KIND + s]
        if (k >= 0 and state[L.TF_ACT + s] == 1
                and params[L.P_CARDS + k * L.CF_N + L.CF_TYPE] == L.T_TROOP):
            return s
    return -1


@row_kernel
def _check_exhausted(state, params):
    if state[L.END] != L.END_PLAYING:
        return
    if rival_on_field(state) == 0 and rival_deck_left(state) == 0:
        state[L.END] = L.END_EXHAUSTED
        win = (params[L.P_EXHAUST_WIN] != 0 and state[L.CP] >= params[L.P_CP_TARGET]
               and bunker_slot(state) >= 0)
        state[L.WON] = 1 if win else 0


@row_kernel
def _clear_troop_damage(state, params):
    if params[L.P_DMG_PERSISTS]:
        return
    # branch-free slot loops here and below (a store of the value read back where nothing
    # changes): which slots hold what is random, so a branch per slot was mostly mispredicted
    for s in range(state[L.TF_TOP]):
        k = state[L.TF_KIND + s]
        troop = (k >= 0) & (params[L.P_CARDS + max(k, 0) * L.CF_N + L.CF_TYPE] == L.T_TROOP)
        d = state[L.TF_DMG + s]
        state[L.TF_DMG + s] = 0 if troop else d
    for r in range(state[L.RF_TOP]):
        state[L.RF_DMG + r] = 0


@row_kernel
def start_assault(state, params):
    """Every activated Rival Troop assaults the Bunker.  Returns True when the
    player has an interception to decide (PHASE becomes PH_INTERCEPT)."""
    n = 0
    for r in range(state[L.RF_TOP]):
        k = state[L.RF_KIND + r]
        atk = ((k >= 0) & (state[L.RF_ACT + r] == 1)
               & (params[L.P_CARDS + max(k, 0) * L.CF_N + L.CF_TYPE] == L.T_TROOP))
        state[L.RF_ATK + r] = atk
        n += atk
    for s in range(state[L.TF_TOP]):
        state[L.TF_INT + s] = -1
    if n == 0:
        return False
    s = _next_interceptor(state, params, -1)
    if s < 0:
        return False
    state[L.INT_SLOT] = s
    state[L.PHASE] = L.PH_INTERCEPT
    return True


@row_kernel
def _first_striker(state, params, s, r):
    """Whether interceptor s strikes first against attacker r."""
    if t_speed(state, params, s):
        return True
    return t_ranged(state, params, s) > 0 and cf(params, state[L.RF_KIND + r], L.CF_ANTIGRAV) > 0


@row_kernel
def _attacker_hits(state, params, r):
    """Attacker r deals its Attack to its interceptors: lethal damage to the
    interceptor with the least Life left first, then the next (assumed); or, with
    combat.damage_split = 1, its full Attack to each of them."""
    dmg = cf(params, state[L.RF_KIND + r], L.CF_ATTACK)
    if params[L.P_DAMAGE_EACH]:
        for s in range(state[L.TF_TOP]):
            if state[L.TF_KIND + s] >= 0 and state[L.TF_INT + s] == r:
                state[L.TF_DMG + s] += dmg
        return
    first = -1
    while dmg > 0:
        best = -1
        best_left = 1 << 30
        for s in range(state[L.TF_TOP]):
            if state[L.TF_KIND + s] >= 0 and state[L.TF_INT + s] == r:
                if first < 0:
                    first = s
                left = t_life(state, params, s) - state[L.TF_DMG + s]
                if 0 < left < best_left:
                    best_left = left
                    best = s
        if best < 0:
            if first >= 0:
                state[L.TF_DMG + first] += dmg
            return
        g = min(best_left, dmg)
        state[L.TF_DMG + best] += g
        dmg -= g


@row_kernel
def _remove_dead(state, params):
    for s in range(state[L.TF_TOP]):
        k = state[L.TF_KIND + s]
        if (state[L.TF_DMG + s] > 0 and k >= 0  # undamaged slots (most) first
                and params[L.P_CARDS + k * L.CF_N + L.CF_TYPE] == L.T_TROOP
                and state[L.TF_DMG + s] >= t_life(state, params, s)):
            remove_tellus(state, params, s, False)
    for r in range(state[L.RF_TOP]):
        k = state[L.RF_KIND + r]
        if k >= 0 and state[L.RF_DMG + r] >= params[L.P_CARDS + k * L.CF_N + L.CF_LIFE]:
            remove_rival(state, r, False)


@row_kernel
def resolve_assault(state, params):
    """Assault steps 3-5 for the marked attackers (RF_ATK) and the declared
    interceptions (TF_INT).  Returns the damage dealt to the Bunker."""
    mark_opposed(state)
    assault_first_strikes(state, params)
    if params[L.P_FIRST_STRIKE_KILLS]:  # DF-TURN-34 (assumed)
        _remove_dead(state, params)
    assault_simultaneous_damage(state, params)
    total = assault_unopposed_damage(state, params)
    assault_destroy_and_deactivate(state, params)
    return total


@row_kernel
def mark_opposed(state):
    """Every intercepted attacker is Opposed (RF_ATK 2), and stays so when its
    interceptors die (DF-TURN-29).  Interceptors only ever target attackers, so one
    pass over them marks every one."""
    for s in range(state[L.TF_TOP]):
        r = state[L.TF_INT + s]
        if r >= 0 and state[L.TF_KIND + s] >= 0 and state[L.RF_ATK + r] == 1:
            state[L.RF_ATK + r] = 2


@row_kernel
def assault_first_strikes(state, params):
    """Step 3 exceptions: Speed Assault attackers, and Ranged interceptors against
    Anti Gravity, deal their damage first (DF-TURN-32, DF-TURN-33)."""
    for r in range(state[L.RF_TOP]):
        if state[L.RF_ATK + r] == 2:
            k = state[L.RF_KIND + r]
            if cf(params, k, L.CF_SPEED) > 0:
                _attacker_hits(state, params, r)
            for s in range(state[L.TF_TOP]):
                if (state[L.TF_KIND + s] >= 0 and state[L.TF_INT + s] == r
                        and _first_striker(state, params, s, r)):
                    state[L.RF_DMG + r] += t_attack(state, params, s)


@row_kernel
def assault_simultaneous_damage(state, params):
    """Step 3: every other Opposed Troop deals its Attack at the same time (DF-TURN-31)."""
    for r in range(state[L.RF_TOP]):
        if state[L.RF_ATK + r] == 2 and state[L.RF_KIND + r] >= 0:
            k = state[L.RF_KIND + r]
            for s in range(state[L.TF_TOP]):
                if (state[L.TF_KIND + s] >= 0 and state[L.TF_INT + s] == r
                        and not _first_striker(state, params, s, r)):
                    state[L.RF_DMG + r] += t_attack(state, params, s)
            if cf(params, k, L.CF_SPEED) == 0:
                _attacker_hits(state, params, r)


@row_kernel
def assault_unopposed_damage(state, params):
    """Step 4: non-Opposed attackers deal their Attack to the Bunker's Structure; at 0 it
    is destroyed (DF-TURN-35, DF-TURN-36).  Returns the damage dealt."""
    total = 0
    for r in range(state[L.RF_TOP]):
        if state[L.RF_ATK + r] == 1 and state[L.RF_KIND + r] >= 0:
            total += params[L.P_CARDS + state[L.RF_KIND + r] * L.CF_N + L.CF_ATTACK]
    b = bunker_slot(state)
    if total > 0 and b >= 0:
        state[L.TF_DMG + b] += total
        state[L.BUNKER_DMG] += total
        state[L.BUNKER_HIT] = 1
        if state[L.TF_DMG + b] >= cf(params, L.BUNKER, L.CF_STRUCT):
            remove_tellus(state, params, b, False)
    return total


@row_kernel
def assault_destroy_and_deactivate(state, params):
    """Step 5: Troops with lethal damage are destroyed, then surviving attackers become
    deactivated (DF-TURN-37, DF-TURN-38); losing the Bunker loses the game (DF-END-01)."""
    _remove_dead(state, params)
    for r in range(state[L.RF_TOP]):
        if state[L.RF_ATK + r] != 0 and state[L.RF_KIND + r] >= 0:
            state[L.RF_ACT + r] = 0
        state[L.RF_ATK + r] = 0
    for s in range(state[L.TF_TOP]):
        state[L.TF_INT + s] = -1
    if bunker_slot(state) < 0:
        state[L.END] = L.END_BUNKER
        state[L.WON] = 0


@row_kernel
def start_player_turn(state, params, rng):
    """Start of a Tel·lus turn: the win check (DF-END-03), the turn cap, then the
    Activation and Draw Phases."""
    state[L.TURN] += 1
    state[L.PHASE] = L.PH_SPACESHIP
    if state[L.CP] >= params[L.P_CP_TARGET] and bunker_slot(state) >= 0:
        state[L.END] = L.END_WIN
        state[L.WON] = 1
        return
    if state[L.TURN] > params[L.P_TURN_CAP]:
        state[L.END] = L.END_CAP
        state[L.WON] = 0
        return
    if state[L.TURN] > 1:  # the first turn skips Activation and Draw (DF-TURN-05, DF-TURN-08)
        activation_phase(state)
        draw_phase(state, params, rng)


@row_kernel
def activation_phase(state):
    """Activation Phase: activate all of your cards (DF-TURN-04)."""
    for s in range(state[L.TF_TOP]):
        a = state[L.TF_ACT + s]
        state[L.TF_ACT + s] = 1 if state[L.TF_KIND + s] >= 0 else a  # branch-free


@row_kernel
def draw_phase(state, params, rng):
    """Draw Phase: one card from each Deck (DF-TURN-06), the Crystal Marker back on the
    Spaceship (DF-TURN-07); with nothing left to draw the game is lost
    only where abandonment is switched on (DF-END-07, DF-END-08)."""
    a = draw(state, params, L.D_ARMY, rng)
    o = draw(state, params, L.D_ORDERS, rng)
    if not a and not o and params[L.P_ABANDONMENT]:
        state[L.END] = L.END_ABANDON
        state[L.WON] = 0
        return
    state[L.MARKER] = 1 if params[L.P_SHIP] else 0


@row_kernel
def rival_shots(state, params):
    """With rival.abilities = 1, every activated Rival card with a Ranged value (the
    Ruthless Hunter) shoots before the Rival assaults: at the Tel·lus Troop with the least
    Life left (then the lowest slot), holding fire when none stands.  Armor and Shields
    reduce the shot and twice the Life vanishes the Troop, as for the player's shots; the
    shot is an ability, so the card still assaults."""
    if params[L.P_RIVAL_ABILITIES] == 0:
        return
    for r in range(state[L.RF_TOP]):
        k = state[L.RF_KIND + r]
        if k < 0 or state[L.RF_ACT + r] == 0:
            continue
        raw = params[L.P_CARDS + k * L.CF_N + L.CF_RANGED]
        if raw <= 0:
            continue
        best = -1
        best_left = 1 << 30
        for s in range(state[L.TF_TOP]):
            kt = state[L.TF_KIND + s]
            if kt >= 0 and state[L.TF_HOST + s] == -1 and cf(params, kt, L.CF_TYPE) == L.T_TROOP:
                left = t_life(state, params, s) - state[L.TF_DMG + s]
                if left < best_left:
                    best_left = left
                    best = s
        if best < 0:
            continue
        kt = state[L.TF_KIND + best]
        dmg = max(raw - cf(params, kt, L.CF_ARMOR) - cf(params, kt, L.CF_SHIELDS), 0)
        test = dmg if params[L.P_VANISH_AFTER_ARMOR] else raw
        life = t_life(state, params, best)
        if test >= 2 * life and dmg > 0:
            remove_tellus(state, params, best, True)
        else:
            state[L.TF_DMG + best] += dmg
            if state[L.TF_DMG + best] >= life:
                remove_tellus(state, params, best, False)


@row_kernel
def rival_turn_finish(state, params, rng):
    """Chart steps after the assault, end of the Rival turn, next Tel·lus turn."""
    row = rival_row(params, state[L.RTURN])
    if row == 3 and state[L.BUNKER_HIT]:
        reveal(state, params, 1, rng)
    elif row == 4:
        for k in range(L.NK):
            if params[L.P_CARDS + k * L.CF_N + L.CF_DECK] == L.D_ARMY:
                state[L.DECK + k] += state[L.DISC + k]
                state[L.DISC + k] = 0
    _clear_troop_damage(state, params)
    # the next Tel·lus turn starts now, and its win check ("start one of your turns with
    # 10 Colonization Points ... and a Bunker") comes before the wiped-out Rival ends the game
    if not (state[L.CP] >= params[L.P_CP_TARGET] and bunker_slot(state) >= 0):
        _check_exhausted(state, params)
        if state[L.END] != L.END_PLAYING:
            return
    start_player_turn(state, params, rng)


@row_kernel
def rival_turn(state, params, rng):
    """Run the Rival turn until the player must decide an interception or it ends."""
    state[L.RTURN] += 1
    state[L.BUNKER_HIT] = 0
    if params[L.P_RIVAL_REACTIVATE]:
        for r in range(state[L.RF_TOP]):
            a = state[L.RF_ACT + r]
            state[L.RF_ACT + r] = 1 if state[L.RF_KIND + r] >= 0 else a  # branch-free
    row = rival_row(params, state[L.RTURN])
    act = params[L.P_REVEAL_ACTIVE]
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
    if row >= 1:
        rival_shots(state, params)
    if row >= 2:
        if start_assault(state, params):
            return
        resolve_assault(state, params)
        if state[L.END] != L.END_PLAYING:
            return
    rival_turn_finish(state, params, rng)


@row_kernel
def end_player_turn(state, params, rng):
    _clear_troop_damage(state, params)
    rival_turn(state, params, rng)
