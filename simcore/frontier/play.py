"""Dark Frontier: paying Crystal, playing cards and ranged attacks."""
from numba import njit

from simcore.frontier.field import (
    _cost,
    cf,
    cost_of,
    gains_cp,
    place_tellus,
    remove_rival,
    t_ranged,
)
from simcore.frontier.layout import (
    A_PLAY,
    A_PLAY_RED,
    A_SHOOT,
    CF_ARMOR,
    CF_COST,
    CF_CRYSTAL,
    CF_FACTION,
    CF_LIFE,
    CF_N,
    CF_RANGED,
    CF_REPAIR,
    CF_SHIELDS,
    CF_TYPE,
    CP,
    DISC,
    F_TELLUS,
    HAND,
    MARKER,
    MAX_TF,
    NK,
    P_CARDS,
    P_COST_DELTA,
    P_COST_FLOOR,
    P_SHIP,
    P_SHIP_CRYSTAL,
    P_VANISH_AFTER_ARMOR,
    PEND_KIND,
    PEND_MODE,
    PEND_PLAY,
    PH_HIRING,
    PH_SPACESHIP,
    PHASE,
    RF_DMG,
    RF_KIND,
    T_ACTION,
    T_BUILDING,
    T_EQUIPMENT,
    T_IMPROVEMENT,
    T_REACTION,
    T_TROOP,
    TF_ACT,
    TF_DMG,
    TF_HOST,
    TF_KIND,
)

_MAX_EXACT_SOURCES = 14


# --------------------------------------------------------------------------
# crystal
# --------------------------------------------------------------------------
@njit(cache=True)
def crystal_of(state, params, s):
    """Crystal Tel·lus slot s can generate now: an activated Building, not attached, with a
    Crystal ability (0 for anything else).  One test for counting and for paying."""
    k = state[TF_KIND + s]
    if k < 0 or state[TF_ACT + s] != 1 or state[TF_HOST + s] != -1:
        return 0
    b = P_CARDS + k * CF_N
    if params[b + CF_TYPE] != T_BUILDING or params[b + CF_CRYSTAL] <= 0:
        return 0
    return params[b + CF_CRYSTAL]


@njit(cache=True, inline="always")
def field_scan(state, params):
    """One pass over the Tel·lus field: (the Crystal its activated Buildings can generate,
    a Troop is on the field, a Building is on the field)."""
    crystal = 0
    troop = False
    building = False
    for s in range(MAX_TF):
        k = state[TF_KIND + s]
        if k < 0:
            continue
        b = P_CARDS + k * CF_N
        t = params[b + CF_TYPE]
        if t == T_TROOP:
            troop = True
        elif t == T_BUILDING:
            building = True
            c = params[b + CF_CRYSTAL]
            if c > 0 and state[TF_ACT + s] == 1 and state[TF_HOST + s] == -1:
                crystal += c
    return crystal, troop, building


@njit(cache=True, inline="always")
def _ship_crystal(state, params):
    """Crystal the Spaceship's marker can generate now."""
    if params[P_SHIP] and state[MARKER] == 1:
        return params[P_SHIP_CRYSTAL]
    return 0


@njit(cache=True)
def available_crystal(state, params):
    """All the Crystal the player could generate now (activated Buildings + marker)."""
    c, _, _ = field_scan(state, params)
    return c + _ship_crystal(state, params)


@njit(cache=True)
def _source_crystal(state, params, b):
    """Crystal of payment source ``b``: a Tel·lus field slot, or MAX_TF for the marker."""
    if b == MAX_TF:
        return params[P_SHIP_CRYSTAL]
    return params[P_CARDS + state[TF_KIND + b] * CF_N + CF_CRYSTAL]


@njit(cache=True)
def pay(state, params, cost):
    """Generate Crystal for ``cost``: deactivate the least-excess set of sources
    (then the fewest); the excess is lost.  Returns the Crystal generated."""
    if cost <= 0:
        return 0
    mask = 0
    nsrc = 0
    for s in range(MAX_TF):  # crystal_of, written out: a helper call per slot costs ~10 ns
        k = state[TF_KIND + s]
        if k >= 0 and state[TF_ACT + s] == 1 and state[TF_HOST + s] == -1:
            b = P_CARDS + k * CF_N
            if params[b + CF_TYPE] == T_BUILDING and params[b + CF_CRYSTAL] > 0:
                mask |= 1 << s
                nsrc += 1
    if params[P_SHIP] and state[MARKER] == 1 and params[P_SHIP_CRYSTAL] > 0:
        mask |= 1 << MAX_TF
        nsrc += 1
    if nsrc <= _MAX_EXACT_SOURCES:
        best, best_sum = _least_excess_grouped(state, params, cost, mask)
    else:
        best, best_sum = _largest_first(state, params, cost, mask)
    if best < 0:
        return 0
    for b in range(MAX_TF + 1):
        if (best >> b) & 1:
            if b == MAX_TF:
                state[MARKER] = 0
            else:
                state[TF_ACT + b] = 0
    return best_sum


@njit(cache=True)
def _least_excess_grouped(state, params, cost, mask):
    """The least-excess, then fewest-card set of the sources in ``mask`` whose Crystal
    covers ``cost``; among equals the numerically largest mask (the set the plain scan
    below finds first).  Returns (mask, Crystal) or (-1, 0).

    Sources of one kind give the same Crystal, so only how many of each kind pay
    matters: the walk is over those counts (3 Crystal kinds with a few cards each: tens
    of sets, not 2^n), and a count vector's largest mask takes each kind's highest slots.
    Per kind: count, Crystal and kind are packed 5 bits a group into three integers."""
    per_kind = (mask >> MAX_TF) << (5 * NK)  # source count per kind, 5 bits each
    for b in range(MAX_TF):
        if (mask >> b) & 1:
            per_kind += 1 << (5 * int(state[TF_KIND + b]))  # int(): no int32 overflow
    ns = 0
    vs = 0
    ks = 0
    ng = 0
    for g in range(NK + 1):
        n = (per_kind >> (5 * g)) & 31
        if n == 0:
            continue
        v = params[P_SHIP_CRYSTAL] if g == NK else params[P_CARDS + g * CF_N + CF_CRYSTAL]
        if v > 31:
            return _least_excess_scan(state, params, cost, mask)
        ns |= n << (5 * ng)
        vs |= int(v) << (5 * ng)
        ks |= g << (5 * ng)
        ng += 1
    best = -1
    best_sum = 1 << 30
    best_cnt = 1 << 30
    digits = 0
    tot = 0
    cnt = 0
    while True:
        g = 0  # mixed-radix increment of the per-kind counts
        while g < ng:
            d = (digits >> (5 * g)) & 31
            v = (vs >> (5 * g)) & 31
            if d < (ns >> (5 * g)) & 31:
                digits += 1 << (5 * g)
                tot += v
                cnt += 1
                break
            digits -= d << (5 * g)
            tot -= d * v
            cnt -= d
            g += 1
        if g == ng:
            break
        if tot < cost or tot > best_sum or (tot == best_sum and cnt > best_cnt):
            continue
        sub = _top_slots(state, mask, digits, ks, ng)
        if tot < best_sum or cnt < best_cnt or sub > best:
            best = sub
            best_sum = tot
            best_cnt = cnt
    if best < 0:
        return -1, 0
    return best, best_sum


@njit(cache=True)
def _top_slots(state, mask, digits, ks, ng):
    """The mask taking, of each packed kind group, its count of highest source slots."""
    sub = 0
    for g in range(ng):
        d = (digits >> (5 * g)) & 31
        k = (ks >> (5 * g)) & 31
        if d == 0:
            continue
        if k == NK:
            sub |= 1 << MAX_TF
            continue
        for b in range(MAX_TF - 1, -1, -1):
            if (mask >> b) & 1 and state[TF_KIND + b] == k:
                sub |= 1 << b
                d -= 1
                if d == 0:
                    break
    return sub


@njit(cache=True)
def _least_excess_scan(state, params, cost, mask):
    """As _least_excess_grouped, walking every subset of ``mask`` in decreasing order."""
    best = -1
    best_sum = 1 << 30
    best_cnt = 1 << 30
    sub = mask
    while sub != 0:
        tot = 0
        cnt = 0
        for b in range(MAX_TF + 1):
            if (sub >> b) == 0:
                break
            if (sub >> b) & 1:
                tot += _source_crystal(state, params, b)
                cnt += 1
        if tot >= cost and (tot < best_sum or (tot == best_sum and cnt < best_cnt)):
            best = sub
            best_sum = tot
            best_cnt = cnt
        sub = (sub - 1) & mask
    if best < 0:
        return -1, 0
    return best, best_sum


@njit(cache=True)
def _largest_first(state, params, cost, mask):
    """Greedy payment for many sources: the largest sources first."""
    best = 0
    best_sum = 0
    while best_sum < cost:
        bb = -1
        bv = -1
        for b in range(MAX_TF + 1):
            if (mask >> b) & 1 and not (best >> b) & 1:
                v = _source_crystal(state, params, b)
                if v > bv:
                    bv = v
                    bb = b
        if bb < 0:
            break
        best |= 1 << bb
        best_sum += bv
    return best, best_sum


# --------------------------------------------------------------------------
# playing cards
# --------------------------------------------------------------------------
@njit(cache=True)
def field_flags(state, params):
    """(a Tel·lus Troop is on the field, a Tel·lus Building is on the field)."""
    _, troop, building = field_scan(state, params)
    return troop, building


@njit(cache=True, inline="always")
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
def play_options(state, params, out, n):
    """Write A_PLAY + k / A_PLAY_RED + k into ``out[n:]`` for every card kind the current
    phase lets the player play at full / reduced cost (when out has room; pass an empty
    array to count); return the new n."""
    return _play_options(state, params, out, n, False)


@njit(cache=True)
def any_play_option(state, params):
    """Whether the current phase lets the player play any card (play_options > 0)."""
    return _play_options(state, params, state[0:0], 0, True) > 0


@njit(cache=True, inline="always")
def _play_options(state, params, out, n, first_only):
    ph = state[PHASE]
    if ph != PH_SPACESHIP and ph != PH_HIRING:
        return n
    crystal, troop, building = field_scan(state, params)
    avail = crystal + _ship_crystal(state, params)
    delta = params[P_COST_DELTA]
    floor = params[P_COST_FLOOR]
    ship = params[P_SHIP]
    for k in range(NK):
        h = state[HAND + k]
        if h <= 0:
            continue
        b = P_CARDS + k * CF_N
        t = params[b + CF_TYPE]
        f = params[b + CF_FACTION]
        c = params[b + CF_COST]
        rp = params[b + CF_REPAIR]
        for red in range(2):
            if _playable(h, ph, t, f, c, rp, delta, floor, ship, red == 1, avail, troop,
                         building):
                if first_only:
                    return n + 1
                if n < out.shape[0]:
                    out[n] = (A_PLAY_RED if red == 1 else A_PLAY) + k
                n += 1
    return n


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
    return _shooters(state, params, out, n, False)


@njit(cache=True)
def any_shooter(state, params):
    """Whether some Tel·lus card can shoot now (shooters > 0)."""
    return _shooters(state, params, state[0:0], 0, True) > 0


@njit(cache=True, inline="always")
def _shooters(state, params, out, n, first_only):
    # Ranged values are never negative, so a card has Ranged exactly when its own or an
    # attached Equipment's is positive: one pass marks the hosts of Ranged Equipment.
    armed = 0
    for e in range(MAX_TF):
        ke = state[TF_KIND + e]
        h = state[TF_HOST + e]
        if ke >= 0 and h >= 0 and params[P_CARDS + ke * CF_N + CF_RANGED] > 0:
            armed |= 1 << int(h)
    for s in range(MAX_TF):
        k = state[TF_KIND + s]
        if k < 0 or state[TF_ACT + s] != 1 or state[TF_HOST + s] != -1:
            continue
        b = P_CARDS + k * CF_N
        t = params[b + CF_TYPE]
        if t == T_EQUIPMENT or t == T_IMPROVEMENT:
            continue
        if params[b + CF_RANGED] > 0 or (armed >> s) & 1:
            if first_only:
                return n + 1
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
