"""Dark Frontier: card data and the field (placing, stats, removing cards)."""
from numba import njit

from simcore.frontier.layout import (
    BUNKER,
    CF_ATTACK,
    CF_COL,
    CF_COST,
    CF_FACTION,
    CF_LIFE,
    CF_N,
    CF_RANGED,
    CF_SPEED,
    CF_STRUCT,
    CF_TYPE,
    CP,
    DISC,
    F_NONE,
    F_TELLUS,
    HAND,
    MAX_RF,
    MAX_TF,
    NK,
    NR,
    P_CARDS,
    P_COST_DELTA,
    P_COST_FLOOR,
    P_CP_FLOOR,
    P_NEUTRAL_LOSS,
    P_VANISH_LOSES_CP,
    RDECK,
    RF_ACT,
    RF_ATK,
    RF_DMG,
    RF_KIND,
    RIVAL_DESTROYED,
    RIVAL_VANISHED,
    T_BUILDING,
    T_TROOP,
    TF_ACT,
    TF_DMG,
    TF_HOST,
    TF_INT,
    TF_KIND,
    TROOPS_LOST,
    VAN,
)


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
