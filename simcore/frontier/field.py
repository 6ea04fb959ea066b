"""Dark Frontier: card data and the field (placing, stats, removing cards)."""
from simcore.common import row_kernel
from simcore.frontier import layout as L


# --------------------------------------------------------------------------
# card data
# --------------------------------------------------------------------------
@row_kernel
def cf(params, kind, field):
    """Card statistic ``field`` (CF_*) of card ``kind`` from params."""
    return params[L.P_CARDS + kind * L.CF_N + field]


@row_kernel
def _cost(cost, faction, reduced, delta, floor):
    c = cost
    if faction == L.F_TELLUS:
        if reduced:
            c -= delta
    elif faction != L.F_NONE:
        c += delta
    c = max(c, floor)
    c = max(c, 0)
    return c


# Performance note: a helper that takes the state/params arrays AND branches costs
# ~40 ns a call (numba leaves reference-count calls around it), so hot loops index
# the arrays directly and branchy helpers take scalars.

@row_kernel
def cost_of(params, kind, reduced):
    """Crystal to pay for ``kind``: own Faction may reduce by COST_DELTA, another
    Faction must add it, no Faction pays the printed cost; floored at COST_FLOOR."""
    b = L.P_CARDS + kind * L.CF_N
    return _cost(params[b + L.CF_COST], params[b + L.CF_FACTION], reduced,
                 params[L.P_COST_DELTA], params[L.P_COST_FLOOR])


@row_kernel
def gains_cp(params, kind, reduced):
    """Colonization gained by hiring: only when the cost was neither reduced nor increased."""
    f = cf(params, kind, L.CF_FACTION)
    if reduced or (f != L.F_TELLUS and f != L.F_NONE):
        return 0
    return cf(params, kind, L.CF_COL)


# --------------------------------------------------------------------------
# field helpers
# --------------------------------------------------------------------------
@row_kernel
def place_tellus(state, kind, active):
    """Put a Tel·lus card of ``kind`` on the first empty field slot; return the slot."""
    for s in range(L.MAX_TF):
        if state[L.TF_KIND + s] < 0:
            state[L.TF_KIND + s] = kind
            state[L.TF_ACT + s] = active
            state[L.TF_DMG + s] = 0
            state[L.TF_HOST + s] = -1
            state[L.TF_INT + s] = -1
            if s >= state[L.TF_TOP]:
                state[L.TF_TOP] = s + 1
            state[L.OPTS_AT] = -1  # the plays found before may have changed
            return s
    return -1


@row_kernel
def place_rival(state, kind, active):
    """Put a Rival card on the first empty Rival slot; return the slot."""
    for r in range(L.MAX_RF):
        if state[L.RF_KIND + r] < 0:
            state[L.RF_KIND + r] = kind
            state[L.RF_ACT + r] = active
            state[L.RF_DMG + r] = 0
            state[L.RF_ATK + r] = 0
            if r >= state[L.RF_TOP]:
                state[L.RF_TOP] = r + 1
            return r
    return -1


@row_kernel
def _equip_sum(state, params, s, field):
    t = 0
    for e in range(state[L.TF_TOP]):
        k = state[L.TF_KIND + e]
        if k >= 0 and state[L.TF_HOST + e] == s:
            t += cf(params, k, field)
    return t


@row_kernel
def t_attack(state, params, s):
    return cf(params, state[L.TF_KIND + s], L.CF_ATTACK) + _equip_sum(state, params, s, L.CF_ATTACK)


@row_kernel
def t_life(state, params, s):
    """Life of a Troop (with Equipment), Structure of anything else."""
    k = state[L.TF_KIND + s]
    if cf(params, k, L.CF_TYPE) == L.T_TROOP:
        return cf(params, k, L.CF_LIFE) + _equip_sum(state, params, s, L.CF_LIFE)
    return cf(params, k, L.CF_STRUCT)


@row_kernel
def t_ranged(state, params, s):
    return cf(params, state[L.TF_KIND + s], L.CF_RANGED) + _equip_sum(state, params, s, L.CF_RANGED)


@row_kernel
def t_speed(state, params, s):
    speed = cf(params, state[L.TF_KIND + s], L.CF_SPEED)
    return speed + _equip_sum(state, params, s, L.CF_SPEED) > 0


@row_kernel
def is_troop(state, params, s):
    k = state[L.TF_KIND + s]
    return k >= 0 and cf(params, k, L.CF_TYPE) == L.T_TROOP


@row_kernel
def is_building(state, params, s):
    k = state[L.TF_KIND + s]
    return k >= 0 and cf(params, k, L.CF_TYPE) == L.T_BUILDING


@row_kernel
def bunker_slot(state):
    """The Bunker the Rival assaults: the lowest field slot holding a Bunker, or -1."""
    for s in range(state[L.TF_TOP]):
        if state[L.TF_KIND + s] == L.BUNKER:
            return s
    return -1


@row_kernel
def rival_on_field(state):
    n = 0
    for r in range(state[L.RF_TOP]):
        if state[L.RF_KIND + r] >= 0:
            n += 1
    return n


@row_kernel
def rival_deck_left(state):
    n = 0
    for i in range(L.NR):
        n += state[L.RDECK + i]
    return n


@row_kernel
def hand_size(state):
    n = 0
    for k in range(L.NK):
        n += state[L.HAND + k]
    return n


@row_kernel
def _lose_cp(state, params, kind, vanish):
    """Colonization lost when a Troop of ``kind`` leaves the field.  A Tel·lus Troop costs
    nothing while the player counts as Tel·lus (faction.player_is_tellus); read literally,
    with no Spaceship to share its symbol, it is NOT from the player's Faction."""
    f = cf(params, kind, L.CF_FACTION)
    if f == L.F_TELLUS and params[L.P_PLAYER_TELLUS]:
        return
    if f == L.F_NONE and params[L.P_NEUTRAL_LOSS] == 0:
        return
    if vanish and params[L.P_VANISH_LOSES_CP] == 0:
        return
    state[L.CP] -= cf(params, kind, L.CF_COL)
    if params[L.P_CP_FLOOR] and state[L.CP] < 0:
        state[L.CP] = 0


@row_kernel
def _to_pile(state, kind, vanish):
    if vanish:
        state[L.VAN + kind] += 1
    else:
        state[L.DISC + kind] += 1


@row_kernel
def remove_tellus(state, params, s, vanish):
    """Destroy (to its Discard Pile) or vanish the Tel·lus card in slot ``s``,
    with every card attached to it."""
    kind = state[L.TF_KIND + s]
    for e in range(state[L.TF_TOP]):
        if state[L.TF_KIND + e] >= 0 and state[L.TF_HOST + e] == s:
            _to_pile(state, state[L.TF_KIND + e], vanish)
            state[L.TF_KIND + e] = -1
            state[L.TF_HOST + e] = -1
    if cf(params, kind, L.CF_TYPE) == L.T_TROOP:
        state[L.TROOPS_LOST] += 1
        _lose_cp(state, params, kind, vanish)
    _to_pile(state, kind, vanish)
    state[L.TF_KIND + s] = -1
    state[L.TF_ACT + s] = 0
    state[L.TF_DMG + s] = 0
    state[L.TF_HOST + s] = -1
    state[L.TF_INT + s] = -1
    state[L.OPTS_AT] = -1  # the plays found before may have changed


@row_kernel
def remove_rival(state, r, vanish):
    state[L.RF_KIND + r] = -1
    state[L.RF_ACT + r] = 0
    state[L.RF_DMG + r] = 0
    state[L.RF_ATK + r] = 0
    if vanish:
        state[L.RIVAL_VANISHED] += 1
    else:
        state[L.RIVAL_DESTROYED] += 1
