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

from simcore.frontier.layout import (
    A_DISCARD,
    A_END,
    A_PLAY,
    A_PLAY_RED,
    A_SHIP_SHOOT,
    A_SHOOT,
    A_TARGET,
    ACTIONS,
    BUNKER,
    BUNKER_DMG,
    BUNKER_HIT,
    CF_ANTIGRAV,
    CF_ARMOR,
    CF_ATTACK,
    CF_COL,
    CF_COST,
    CF_COUNT,
    CF_CRYSTAL,
    CF_DECK,
    CF_FACTION,
    CF_LIFE,
    CF_N,
    CF_RANGED,
    CF_REPAIR,
    CF_SHIELDS,
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
    F_NONE,
    F_TELLUS,
    HAND,
    INT_SLOT,
    MARKER,
    MAX_RF,
    MAX_TF,
    NK,
    NR,
    P_ABANDONMENT,
    P_CARDS,
    P_COST_DELTA,
    P_COST_FLOOR,
    P_CP_FLOOR,
    P_CP_TARGET,
    P_DMG_PERSISTS,
    P_EXHAUST_WIN,
    P_FIRST_STRIKE_KILLS,
    P_HAND_LIMIT,
    P_NEUTRAL_LOSS,
    P_OPEN_ARMY,
    P_OPEN_ORDERS,
    P_REVEAL_ACTIVE,
    P_RIVAL_REACTIVATE,
    P_SHIP,
    P_SHIP_CRYSTAL,
    P_SHIP_RANGED,
    P_SKIP_MODE,
    P_SKIP_T4,
    P_START_A,
    P_START_ACTIVE,
    P_START_B,
    P_START_FROM_DECK,
    P_TURN_CAP,
    P_VANISH_AFTER_ARMOR,
    P_VANISH_LOSES_CP,
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
    RF_ACT,
    RF_ATK,
    RF_DMG,
    RF_KIND,
    RIVAL0,
    RIVAL_DESTROYED,
    RIVAL_PLAYED,
    RIVAL_VANISHED,
    RTURN,
    SRC_SHIP,
    T_ACTION,
    T_BUILDING,
    T_EQUIPMENT,
    T_IMPROVEMENT,
    T_REACTION,
    T_TROOP,
    TF_ACT,
    TF_DMG,
    TF_HOST,
    TF_INT,
    TF_KIND,
    TROOPS_LOST,
    TURN,
    VAN,
    WON,
)
from simcore.rng import randint

_MAX_EXACT_SOURCES = 14


# --------------------------------------------------------------------------
# card data
# --------------------------------------------------------------------------
@njit(cache=True)
def cf(params, kind, field):
    """Card statistic ``field`` (CF_*) of card ``kind`` from params."""
    return params[P_CARDS + kind * CF_N + field]


@njit(cache=True)
def _cost(cost, faction, reduced, delta, floor):
    c = cost
    if faction == F_TELLUS:
        if reduced:
            c -= delta
    elif faction != F_NONE:
        c += delta
    c = max(c, floor)
    c = max(c, 0)
    return c


# Performance note: a helper that takes the state/params arrays AND branches costs
# ~40 ns a call (numba leaves reference-count calls around it), so hot loops index
# the arrays directly and branchy helpers take scalars.

@njit(cache=True)
def cost_of(params, kind, reduced):
    """Crystal to pay for ``kind``: own Faction may reduce by COST_DELTA, another
    Faction must add it, no Faction pays the printed cost; floored at COST_FLOOR."""
    b = P_CARDS + kind * CF_N
    return _cost(params[b + CF_COST], params[b + CF_FACTION], reduced,
                 params[P_COST_DELTA], params[P_COST_FLOOR])


@njit(cache=True)
def gains_cp(params, kind, reduced):
    """Colonization gained by hiring: only when the cost was neither reduced nor increased."""
    f = cf(params, kind, CF_FACTION)
    if reduced or (f != F_TELLUS and f != F_NONE):
        return 0
    return cf(params, kind, CF_COL)


# --------------------------------------------------------------------------
# field helpers
# --------------------------------------------------------------------------
@njit(cache=True)
def place_tellus(state, kind, active):
    """Put a Tel·lus card of ``kind`` on the first empty field slot; return the slot."""
    for s in range(MAX_TF):
        if state[TF_KIND + s] < 0:
            state[TF_KIND + s] = kind
            state[TF_ACT + s] = active
            state[TF_DMG + s] = 0
            state[TF_HOST + s] = -1
            state[TF_INT + s] = -1
            return s
    return -1


@njit(cache=True)
def place_rival(state, kind, active):
    """Put a Rival card on the first empty Rival slot; return the slot."""
    for r in range(MAX_RF):
        if state[RF_KIND + r] < 0:
            state[RF_KIND + r] = kind
            state[RF_ACT + r] = active
            state[RF_DMG + r] = 0
            state[RF_ATK + r] = 0
            return r
    return -1


@njit(cache=True)
def _equip_sum(state, params, s, field):
    t = 0
    for e in range(MAX_TF):
        k = state[TF_KIND + e]
        if k >= 0 and state[TF_HOST + e] == s:
            t += cf(params, k, field)
    return t


@njit(cache=True)
def t_attack(state, params, s):
    return cf(params, state[TF_KIND + s], CF_ATTACK) + _equip_sum(state, params, s, CF_ATTACK)


@njit(cache=True)
def t_life(state, params, s):
    """Life of a Troop (with Equipment), Structure of anything else."""
    k = state[TF_KIND + s]
    if cf(params, k, CF_TYPE) == T_TROOP:
        return cf(params, k, CF_LIFE) + _equip_sum(state, params, s, CF_LIFE)
    return cf(params, k, CF_STRUCT)


@njit(cache=True)
def t_ranged(state, params, s):
    return cf(params, state[TF_KIND + s], CF_RANGED) + _equip_sum(state, params, s, CF_RANGED)


@njit(cache=True)
def t_speed(state, params, s):
    return cf(params, state[TF_KIND + s], CF_SPEED) + _equip_sum(state, params, s, CF_SPEED) > 0


@njit(cache=True)
def is_troop(state, params, s):
    k = state[TF_KIND + s]
    return k >= 0 and cf(params, k, CF_TYPE) == T_TROOP


@njit(cache=True)
def is_building(state, params, s):
    k = state[TF_KIND + s]
    return k >= 0 and cf(params, k, CF_TYPE) == T_BUILDING


@njit(cache=True)
def bunker_slot(state):
    """The Bunker the Rival assaults: the lowest field slot holding a Bunker, or -1."""
    for s in range(MAX_TF):
        if state[TF_KIND + s] == BUNKER:
            return s
    return -1


@njit(cache=True)
def rival_on_field(state):
    n = 0
    for r in range(MAX_RF):
        if state[RF_KIND + r] >= 0:
            n += 1
    return n


@njit(cache=True)
def rival_deck_left(state):
    n = 0
    for i in range(NR):
        n += state[RDECK + i]
    return n


@njit(cache=True)
def hand_size(state):
    n = 0
    for k in range(NK):
        n += state[HAND + k]
    return n


@njit(cache=True)
def _lose_cp(state, params, kind, vanish):
    """Colonization lost when a Troop of ``kind`` leaves the field."""
    f = cf(params, kind, CF_FACTION)
    if f == F_TELLUS:
        return
    if f == F_NONE and params[P_NEUTRAL_LOSS] == 0:
        return
    if vanish and params[P_VANISH_LOSES_CP] == 0:
        return
    state[CP] -= cf(params, kind, CF_COL)
    if params[P_CP_FLOOR] and state[CP] < 0:
        state[CP] = 0


@njit(cache=True)
def _to_pile(state, kind, vanish):
    if vanish:
        state[VAN + kind] += 1
    else:
        state[DISC + kind] += 1


@njit(cache=True)
def remove_tellus(state, params, s, vanish):
    """Destroy (to its Discard Pile) or vanish the Tel·lus card in slot ``s``,
    with every card attached to it."""
    kind = state[TF_KIND + s]
    for e in range(MAX_TF):
        if state[TF_KIND + e] >= 0 and state[TF_HOST + e] == s:
            _to_pile(state, state[TF_KIND + e], vanish)
            state[TF_KIND + e] = -1
            state[TF_HOST + e] = -1
    if cf(params, kind, CF_TYPE) == T_TROOP:
        state[TROOPS_LOST] += 1
        _lose_cp(state, params, kind, vanish)
    _to_pile(state, kind, vanish)
    state[TF_KIND + s] = -1
    state[TF_ACT + s] = 0
    state[TF_DMG + s] = 0
    state[TF_HOST + s] = -1
    state[TF_INT + s] = -1


@njit(cache=True)
def remove_rival(state, r, vanish):
    state[RF_KIND + r] = -1
    state[RF_ACT + r] = 0
    state[RF_DMG + r] = 0
    state[RF_ATK + r] = 0
    if vanish:
        state[RIVAL_VANISHED] += 1
    else:
        state[RIVAL_DESTROYED] += 1


# --------------------------------------------------------------------------
# crystal
# --------------------------------------------------------------------------
@njit(cache=True)
def available_crystal(state, params):
    """All the Crystal the player could generate now (activated Buildings + marker)."""
    t = 0
    for s in range(MAX_TF):
        k = state[TF_KIND + s]
        if k >= 0 and state[TF_ACT + s] == 1 and state[TF_HOST + s] == -1:
            b = P_CARDS + k * CF_N
            if params[b + CF_TYPE] == T_BUILDING and params[b + CF_CRYSTAL] > 0:
                t += params[b + CF_CRYSTAL]
    if params[P_SHIP] and state[MARKER] == 1:
        t += params[P_SHIP_CRYSTAL]
    return t


@njit(cache=True)
def pay(state, params, cost):
    """Generate Crystal for ``cost``: deactivate the least-excess set of sources
    (then the fewest); the excess is lost.  Returns the Crystal generated."""
    if cost <= 0:
        return 0
    mask = 0
    nsrc = 0
    for s in range(MAX_TF):
        k = state[TF_KIND + s]
        if k >= 0 and state[TF_ACT + s] == 1 and state[TF_HOST + s] == -1:
            b = P_CARDS + k * CF_N
            if params[b + CF_TYPE] == T_BUILDING and params[b + CF_CRYSTAL] > 0:
                mask |= 1 << s
                nsrc += 1
    if params[P_SHIP] and state[MARKER] == 1 and params[P_SHIP_CRYSTAL] > 0:
        mask |= 1 << MAX_TF
        nsrc += 1
    best = -1
    best_sum = 1 << 30
    best_cnt = 1 << 30
    if nsrc <= _MAX_EXACT_SOURCES:
        sub = mask
        while sub != 0:
            tot = 0
            cnt = 0
            for b in range(MAX_TF + 1):
                if (sub >> b) == 0:
                    break
                if (sub >> b) & 1:
                    if b == MAX_TF:
                        tot += params[P_SHIP_CRYSTAL]
                    else:
                        tot += params[P_CARDS + state[TF_KIND + b] * CF_N + CF_CRYSTAL]
                    cnt += 1
            if tot >= cost and (tot < best_sum or (tot == best_sum and cnt < best_cnt)):
                best = sub
                best_sum = tot
                best_cnt = cnt
            sub = (sub - 1) & mask
    else:  # greedy: largest sources first
        best = 0
        best_sum = 0
        while best_sum < cost:
            bb = -1
            bv = -1
            for b in range(MAX_TF + 1):
                if (mask >> b) & 1 and not (best >> b) & 1:
                    v = (params[P_SHIP_CRYSTAL] if b == MAX_TF
                         else params[P_CARDS + state[TF_KIND + b] * CF_N + CF_CRYSTAL])
                    if v > bv:
                        bv = v
                        bb = b
            if bb < 0:
                break
            best |= 1 << bb
            best_sum += bv
    if best < 0:
        return 0
    for b in range(MAX_TF + 1):
        if (best >> b) & 1:
            if b == MAX_TF:
                state[MARKER] = 0
            else:
                state[TF_ACT + b] = 0
    return best_sum


# --------------------------------------------------------------------------
# playing cards
# --------------------------------------------------------------------------
@njit(cache=True)
def field_flags(state, params):
    """(a Tel·lus Troop is on the field, a Tel·lus Building is on the field)."""
    troop = False
    building = False
    for s in range(MAX_TF):
        k = state[TF_KIND + s]
        if k >= 0:
            t = params[P_CARDS + k * CF_N + CF_TYPE]
            if t == T_TROOP:
                troop = True
            elif t == T_BUILDING:
                building = True
    return troop, building


@njit(cache=True)
def _playable(in_hand, ph, t, faction, cost, repair, delta, floor, ship, reduced, avail,
              has_troop, has_building):
    """Scalar core of can_play."""
    if in_hand <= 0:
        return False
    if ph == PH_SPACESHIP:
        if t == T_TROOP:
            return False
    elif ph != PH_HIRING:
        return False
    c = _cost(cost, faction, reduced, delta, floor)
    if reduced and (faction != F_TELLUS or c >= _cost(cost, faction, False, delta, floor)):
        return False
    if c > avail:
        return False
    if t == T_EQUIPMENT:
        return has_troop
    if t == T_IMPROVEMENT:
        return ship != 0
    if (t == T_ACTION or t == T_REACTION) and repair > 0:
        return has_building
    return True


@njit(cache=True)
def _can_play(state, params, kind, reduced, avail, has_troop, has_building):
    b = P_CARDS + kind * CF_N
    return _playable(state[HAND + kind], state[PHASE], params[b + CF_TYPE],
                     params[b + CF_FACTION], params[b + CF_COST], params[b + CF_REPAIR],
                     params[P_COST_DELTA], params[P_COST_FLOOR], params[P_SHIP], reduced,
                     avail, has_troop, has_building)


@njit(cache=True)
def can_play(state, params, kind, reduced):
    """Whether the player may play a card of ``kind`` now (phase, target, Crystal)."""
    troop, building = field_flags(state, params)
    return _can_play(state, params, kind, reduced, available_crystal(state, params),
                     troop, building)


@njit(cache=True)
def _play(state, params, kind, reduced):
    pay(state, params, cost_of(params, kind, reduced))
    state[HAND + kind] -= 1
    t = cf(params, kind, CF_TYPE)
    if t == T_TROOP:
        place_tellus(state, kind, 1)
        state[CP] += gains_cp(params, kind, reduced)
    elif t == T_BUILDING:
        place_tellus(state, kind, 0)
    elif t == T_IMPROVEMENT:
        s = place_tellus(state, kind, 1)
        state[TF_HOST + s] = -2  # attached to the Spaceship
    elif t == T_EQUIPMENT or cf(params, kind, CF_REPAIR) > 0:
        state[PEND_KIND] = kind
        state[PEND_MODE] = PEND_PLAY
    else:
        state[DISC + kind] += 1


@njit(cache=True)
def _resolve_play(state, params, kind, s):
    if cf(params, kind, CF_TYPE) == T_EQUIPMENT:
        e = place_tellus(state, kind, 1)
        state[TF_HOST + e] = s
    else:  # repair: restore Structure, never above the printed value
        d = state[TF_DMG + s] - cf(params, kind, CF_REPAIR)
        state[TF_DMG + s] = max(0, d)
        state[DISC + kind] += 1


# --------------------------------------------------------------------------
# ranged attacks
# --------------------------------------------------------------------------
@njit(cache=True)
def shooters(state, params, out, n):
    """Write A_SHOOT + s into ``out[n:]`` for every slot that can shoot (when out has
    room; pass an empty array to count); return the new n."""
    any_eq = False
    for e in range(MAX_TF):
        if state[TF_KIND + e] >= 0 and state[TF_HOST + e] >= 0:
            any_eq = True
            break
    for s in range(MAX_TF):
        k = state[TF_KIND + s]
        if k < 0 or state[TF_ACT + s] != 1 or state[TF_HOST + s] != -1:
            continue
        b = P_CARDS + k * CF_N
        t = params[b + CF_TYPE]
        if t == T_EQUIPMENT or t == T_IMPROVEMENT:
            continue
        rg = params[b + CF_RANGED]
        if any_eq:
            for e in range(MAX_TF):
                ke = state[TF_KIND + e]
                if ke >= 0 and state[TF_HOST + e] == s:
                    rg += params[P_CARDS + ke * CF_N + CF_RANGED]
        if rg > 0:
            if n < out.shape[0]:
                out[n] = A_SHOOT + s
            n += 1
    return n


@njit(cache=True)
def can_shoot(state, params, s):
    k = state[TF_KIND + s]
    if k < 0 or state[TF_ACT + s] != 1 or state[TF_HOST + s] != -1:
        return False
    t = cf(params, k, CF_TYPE)
    if t == T_EQUIPMENT or t == T_IMPROVEMENT:
        return False
    return t_ranged(state, params, s) > 0


@njit(cache=True)
def ranged_hit(state, params, dmg_raw, r):
    """A Ranged Attack of ``dmg_raw`` on Rival slot ``r``: Armor and Shields reduce
    it; at least twice the Life vanishes the card, else damage >= Life destroys it.
    Returns 2 vanished, 1 destroyed, 0 survived."""
    k = state[RF_KIND + r]
    dmg = dmg_raw - cf(params, k, CF_ARMOR) - cf(params, k, CF_SHIELDS)
    dmg = max(dmg, 0)
    test = dmg if params[P_VANISH_AFTER_ARMOR] else dmg_raw
    life = cf(params, k, CF_LIFE)
    if test >= 2 * life and dmg > 0:
        remove_rival(state, r, True)
        return 2
    state[RF_DMG + r] += dmg
    if state[RF_DMG + r] >= life:
        remove_rival(state, r, False)
        return 1
    return 0


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
    for k in range(NK):
        if cf(params, k, CF_DECK) == deck:
            n += state[DECK + k]
    if n == 0:
        return False
    x = randint(rng, n)
    for k in range(NK):
        if cf(params, k, CF_DECK) == deck:
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
        if k >= 0 and state[RF_ACT + r] == 1 and cf(params, k, CF_TYPE) == T_TROOP:
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
        if k >= 0 and state[RF_DMG + r] >= cf(params, k, CF_LIFE):
            remove_rival(state, r, False)


@njit(cache=True)
def resolve_assault(state, params):
    """Assault steps 3-5 for the marked attackers (RF_ATK) and the declared
    interceptions (TF_INT).  Returns the damage dealt to the Bunker."""
    # who is Opposed (remembered: an attacker stays Opposed when its interceptors die)
    for r in range(MAX_RF):
        if state[RF_ATK + r] == 1:
            for s in range(MAX_TF):
                if state[TF_KIND + s] >= 0 and state[TF_INT + s] == r:
                    state[RF_ATK + r] = 2
                    break
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
            total += cf(params, state[RF_KIND + r], CF_ATTACK)
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
            if cf(params, k, CF_DECK) == D_ARMY:
                state[DECK + k] += state[DISC + k]
                state[DISC + k] = 0
    _clear_troop_damage(state, params)
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


# --------------------------------------------------------------------------
# phase machine
# --------------------------------------------------------------------------
@njit(cache=True)
def _has_options(state, params):
    ph = state[PHASE]
    if ph == PH_SPACESHIP or ph == PH_HIRING:
        avail = available_crystal(state, params)
        troop, building = field_flags(state, params)
        delta = params[P_COST_DELTA]
        floor = params[P_COST_FLOOR]
        ship = params[P_SHIP]
        for k in range(NK):
            h = state[HAND + k]
            if h > 0:
                b = P_CARDS + k * CF_N
                t = params[b + CF_TYPE]
                f = params[b + CF_FACTION]
                c = params[b + CF_COST]
                rp = params[b + CF_REPAIR]
                if (_playable(h, ph, t, f, c, rp, delta, floor, ship, False, avail, troop, building)
                        or _playable(h, ph, t, f, c, rp, delta, floor, ship, True, avail, troop,
                                     building)):
                    return True
        return False
    if ph == PH_RANGED:
        if rival_on_field(state) == 0:
            return False
        if params[P_SHIP] and state[MARKER] == 1 and params[P_SHIP_RANGED] > 0:
            return True
        return shooters(state, params, state[0:0], 0) > 0
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
        state[DECK + k] = cf(params, k, CF_COUNT)
    for i in range(NR):
        state[RDECK + i] = cf(params, RIVAL0 + i, CF_COUNT)
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
        avail = available_crystal(state, params)
        troop, building = field_flags(state, params)
        delta = params[P_COST_DELTA]
        floor = params[P_COST_FLOOR]
        ship = params[P_SHIP]
        for k in range(NK):
            h = state[HAND + k]
            if h > 0:
                b = P_CARDS + k * CF_N
                t = params[b + CF_TYPE]
                f = params[b + CF_FACTION]
                c = params[b + CF_COST]
                rp = params[b + CF_REPAIR]
                if _playable(h, ph, t, f, c, rp, delta, floor, ship, False, avail, troop, building):
                    out[n] = A_PLAY + k
                    n += 1
                if _playable(h, ph, t, f, c, rp, delta, floor, ship, True, avail, troop, building):
                    out[n] = A_PLAY_RED + k
                    n += 1
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
