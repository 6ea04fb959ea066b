"""Dark Frontier: paying Crystal, playing cards and ranged attacks."""
from simcore.common import row_kernel
from simcore.frontier import layout as L
from simcore.frontier.field import (
    _cost,
    cf,
    cost_of,
    gains_cp,
    place_tellus,
    remove_rival,
    t_ranged,
)

_MAX_EXACT_SOURCES = 14


# --------------------------------------------------------------------------
# crystal
# --------------------------------------------------------------------------
@row_kernel
def crystal_of(state, params, s):
    """Crystal Tel·lus slot s can generate now: an activated Building, not attached, with a
    Crystal ability (0 for anything else).  One test for counting and for paying."""
    k = state[L.TF_KIND + s]
    if k < 0 or state[L.TF_ACT + s] != 1 or state[L.TF_HOST + s] != -1:
        return 0
    b = L.P_CARDS + k * L.CF_N
    if params[b + L.CF_TYPE] != L.T_BUILDING or params[b + L.CF_CRYSTAL] <= 0:
        return 0
    return params[b + L.CF_CRYSTAL]


@row_kernel(inline="always")
def field_scan(state, params):
    """One pass over the Tel·lus field: (the Crystal its activated Buildings can generate,
    a Troop is on the field, a Building is on the field)."""
    # no branch per slot (an empty slot reads kind 0's data and counts for nothing): the
    # field is random, so tests of it were mispredicted most of the time
    crystal = 0
    troop = False
    building = False
    for s in range(state[L.TF_TOP]):
        k = state[L.TF_KIND + s]
        on = k >= 0
        b = L.P_CARDS + max(k, 0) * L.CF_N
        t = params[b + L.CF_TYPE]
        troop |= on & (t == L.T_TROOP)
        bld = on & (t == L.T_BUILDING)
        building |= bld
        c = params[b + L.CF_CRYSTAL]
        gives = bld & (c > 0) & (state[L.TF_ACT + s] == 1) & (state[L.TF_HOST + s] == -1)
        crystal += c * gives
    return crystal, troop, building


@row_kernel(inline="always")
def _ship_crystal(state, params):
    """Crystal the Spaceship's marker can generate now."""
    if params[L.P_SHIP] and state[L.MARKER] == 1:
        return params[L.P_SHIP_CRYSTAL]
    return 0


@row_kernel
def available_crystal(state, params):
    """All the Crystal the player could generate now (activated Buildings + marker)."""
    c, _, _ = field_scan(state, params)
    return c + _ship_crystal(state, params)


@row_kernel
def _source_crystal(state, params, b):
    """Crystal of payment source ``b``: a Tel·lus field slot, or MAX_TF for the marker."""
    if b == L.MAX_TF:
        return params[L.P_SHIP_CRYSTAL]
    return params[L.P_CARDS + state[L.TF_KIND + b] * L.CF_N + L.CF_CRYSTAL]


@row_kernel
def pay(state, params, cost):
    """Generate Crystal for ``cost``: deactivate the least-excess set of sources
    (then the fewest); the excess is lost.  Returns the Crystal generated."""
    if cost <= 0:
        return 0
    mask = 0
    nsrc = 0
    for s in range(state[L.TF_TOP]):  # crystal_of, written out: a helper call per slot costs ~10 ns
        k = state[L.TF_KIND + s]
        if k >= 0 and state[L.TF_ACT + s] == 1 and state[L.TF_HOST + s] == -1:
            b = L.P_CARDS + k * L.CF_N
            if params[b + L.CF_TYPE] == L.T_BUILDING and params[b + L.CF_CRYSTAL] > 0:
                mask |= 1 << s
                nsrc += 1
    if params[L.P_SHIP] and state[L.MARKER] == 1 and params[L.P_SHIP_CRYSTAL] > 0:
        mask |= 1 << L.MAX_TF
        nsrc += 1
    if nsrc <= _MAX_EXACT_SOURCES:
        best, best_sum = _least_excess_grouped(state, params, cost, mask)
    else:
        best, best_sum = _largest_first(state, params, cost, mask)
    if best < 0:
        return 0
    for b in range(L.MAX_TF + 1):
        if (best >> b) & 1:
            if b == L.MAX_TF:
                state[L.MARKER] = 0
            else:
                state[L.TF_ACT + b] = 0
    return best_sum


@row_kernel
def _least_excess_grouped(state, params, cost, mask):
    """The least-excess, then fewest-card set of the sources in ``mask`` whose Crystal
    covers ``cost``; among equals the numerically largest mask (the set the plain scan
    below finds first).  Returns (mask, Crystal) or (-1, 0).

    Sources of one kind give the same Crystal, so only how many of each kind pay
    matters: the walk is over those counts (3 Crystal kinds with a few cards each: tens
    of sets, not 2^n), and a count vector's largest mask takes each kind's highest slots.
    Per kind: count, Crystal and kind are packed 5 bits a group into three integers."""
    per_kind = (mask >> L.MAX_TF) << (5 * L.NK)  # source count per kind, 5 bits each
    for b in range(state[L.TF_TOP]):
        if (mask >> b) & 1:
            per_kind += 1 << (5 * int(state[L.TF_KIND + b]))  # int(): no int32 overflow
    ns = 0
    vs = 0
    ks = 0
    ng = 0
    for g in range(L.NK + 1):
        n = (per_kind >> (5 * g)) & 31
        if n == 0:
            continue
        v = params[L.P_SHIP_CRYSTAL] if g == L.NK else params[L.P_CARDS + g * L.CF_N + L.CF_CRYSTAL]
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


@row_kernel
def _top_slots(state, mask, digits, ks, ng):
    """The mask taking, of each packed kind group, its count of highest source slots."""
    sub = 0
    for g in range(ng):
        d = (digits >> (5 * g)) & 31
        k = (ks >> (5 * g)) & 31
        if d == 0:
            continue
        if k == L.NK:
            sub |= 1 << L.MAX_TF
            continue
        for b in range(state[L.TF_TOP] - 1, -1, -1):
            if (mask >> b) & 1 and state[L.TF_KIND + b] == k:
                sub |= 1 << b
                d -= 1
                if d == 0:
                    break
    return sub


@row_kernel
def _least_excess_scan(state, params, cost, mask):
    """As _least_excess_grouped, walking every subset of ``mask`` in decreasing order."""
    best = -1
    best_sum = 1 << 30
    best_cnt = 1 << 30
    sub = mask
    while sub != 0:
        tot = 0
        cnt = 0
        for b in range(L.MAX_TF + 1):
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


@row_kernel
def _largest_first(state, params, cost, mask):
    """Greedy payment for many sources: the largest sources first."""
    best = 0
    best_sum = 0
    while best_sum < cost:
        bb = -1
        bv = -1
        for b in range(L.MAX_TF + 1):
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
@row_kernel
def field_flags(state, params):
    """(a Tel·lus Troop is on the field, a Tel·lus Building is on the field)."""
    _, troop, building = field_scan(state, params)
    return troop, building


@row_kernel(inline="always")
def _playable(in_hand, ph, t, faction, cost, repair, delta, floor, ship, reduced, avail,
              has_troop, has_building):
    """Scalar core of can_play."""
    if in_hand <= 0:
        return False
    if ph == L.PH_SPACESHIP:
        if t == L.T_TROOP:
            return False
    elif ph != L.PH_HIRING:
        return False
    c = _cost(cost, faction, reduced, delta, floor)
    if reduced and (faction != L.F_TELLUS or c >= _cost(cost, faction, False, delta, floor)):
        return False
    if c > avail:
        return False
    if t == L.T_EQUIPMENT:
        return has_troop
    if t == L.T_IMPROVEMENT:
        return ship != 0
    if (t == L.T_ACTION or t == L.T_REACTION) and repair > 0:
        return has_building
    return True


@row_kernel
def play_options(state, params, out, n):
    """Write A_PLAY + k / A_PLAY_RED + k into ``out[n:]`` for every card kind the current
    phase lets the player play at full / reduced cost (when out has room; pass an empty
    array to count); return the new n."""
    return emit_plays(play_mask(state, params), out, n)


@row_kernel(inline="always")
def emit_plays(mask, out, n):
    """play_options from a play_mask: kinds in order, full cost before reduced."""
    for b in range(2 * L.NK):
        if (mask >> b) & 1:
            if n < out.shape[0]:
                out[n] = (L.A_PLAY_RED if b & 1 else L.A_PLAY) + (b >> 1)
            n += 1
    return n


@row_kernel
def play_mask(state, params):
    """The plays the current phase allows: bit 2k (full cost) and 2k + 1 (reduced) for
    card kind k; 0 outside the Spaceship and Hiring Phases.  The rule of _playable,
    written without a branch per kind (the hand is random: most of them were mispredicted)."""
    ph = state[L.PHASE]
    if ph != L.PH_SPACESHIP and ph != L.PH_HIRING:
        return 0
    held = 0
    for k in range(L.NK):
        held |= state[L.HAND + k]
    if held <= 0:  # an empty hand: no field scan
        return 0
    crystal, troop, building = field_scan(state, params)
    avail = crystal + _ship_crystal(state, params)
    delta = params[L.P_COST_DELTA]
    floor = max(params[L.P_COST_FLOOR], 0)
    ship = params[L.P_SHIP] != 0
    hiring = ph == L.PH_HIRING
    mask = 0
    for k in range(L.NK):
        b = L.P_CARDS + k * L.CF_N
        t = params[b + L.CF_TYPE]
        f = params[b + L.CF_FACTION]
        c = params[b + L.CF_COST]
        own = f == L.F_TELLUS
        other = (f != L.F_TELLUS) & (f != L.F_NONE)
        full = max(c + delta * other, floor)  # _cost: another Faction pays delta more
        red = max(c - delta, floor)
        ok = (state[L.HAND + k] > 0) & (hiring | (t != L.T_TROOP))
        ok &= (t != L.T_EQUIPMENT) | troop
        ok &= (t != L.T_IMPROVEMENT) | ship
        ok &= (not (((t == L.T_ACTION) | (t == L.T_REACTION)) & (params[b + L.CF_REPAIR] > 0))) | building
        mask |= int(ok & (full <= avail)) << (2 * k)
        mask |= int(ok & own & (red < full) & (red <= avail)) << (2 * k + 1)
    return mask


@row_kernel
def _can_play(state, params, kind, reduced, avail, has_troop, has_building):
    b = L.P_CARDS + kind * L.CF_N
    return _playable(state[L.HAND + kind], state[L.PHASE], params[b + L.CF_TYPE],
                     params[b + L.CF_FACTION], params[b + L.CF_COST], params[b + L.CF_REPAIR],
                     params[L.P_COST_DELTA], params[L.P_COST_FLOOR], params[L.P_SHIP], reduced,
                     avail, has_troop, has_building)


@row_kernel
def can_play(state, params, kind, reduced):
    """Whether the player may play a card of ``kind`` now (phase, target, Crystal)."""
    troop, building = field_flags(state, params)
    return _can_play(state, params, kind, reduced, available_crystal(state, params),
                     troop, building)


@row_kernel
def _play(state, params, kind, reduced):
    pay(state, params, cost_of(params, kind, reduced))
    state[L.HAND + kind] -= 1
    t = cf(params, kind, L.CF_TYPE)
    if t == L.T_TROOP:
        place_tellus(state, kind, 1)
        state[L.CP] += gains_cp(params, kind, reduced)
    elif t == L.T_BUILDING:
        place_tellus(state, kind, 0)
    elif t == L.T_IMPROVEMENT:
        s = place_tellus(state, kind, 1)
        state[L.TF_HOST + s] = -2  # attached to the Spaceship
    elif t == L.T_EQUIPMENT or cf(params, kind, L.CF_REPAIR) > 0:
        state[L.PEND_KIND] = kind
        state[L.PEND_MODE] = L.PEND_PLAY
    else:
        state[L.DISC + kind] += 1


@row_kernel
def _resolve_play(state, params, kind, s):
    if cf(params, kind, L.CF_TYPE) == L.T_EQUIPMENT:
        e = place_tellus(state, kind, 1)
        state[L.TF_HOST + e] = s
    else:  # repair: restore Structure, never above the printed value
        d = state[L.TF_DMG + s] - cf(params, kind, L.CF_REPAIR)
        state[L.TF_DMG + s] = max(0, d)
        state[L.DISC + kind] += 1


# --------------------------------------------------------------------------
# ranged attacks
# --------------------------------------------------------------------------
@row_kernel
def shooters(state, params, out, n):
    """Write A_SHOOT + s into ``out[n:]`` for every slot that can shoot (when out has
    room; pass an empty array to count); return the new n."""
    return _shooters(state, params, out, n, False)


@row_kernel
def any_shooter(state, params):
    """Whether some Tel·lus card can shoot now (shooters > 0)."""
    return _shooters(state, params, state[0:0], 0, True) > 0


@row_kernel(inline="always")
def _shooters(state, params, out, n, first_only):
    # Ranged values are never negative, so a card has Ranged exactly when its own or an
    # attached Equipment's is positive: one pass marks the hosts of Ranged Equipment.
    armed = 0
    for e in range(state[L.TF_TOP]):
        ke = state[L.TF_KIND + e]
        h = state[L.TF_HOST + e]
        if ke >= 0 and h >= 0 and params[L.P_CARDS + ke * L.CF_N + L.CF_RANGED] > 0:
            armed |= 1 << int(h)
    for s in range(state[L.TF_TOP]):
        k = state[L.TF_KIND + s]
        if k < 0 or state[L.TF_ACT + s] != 1 or state[L.TF_HOST + s] != -1:
            continue
        b = L.P_CARDS + k * L.CF_N
        t = params[b + L.CF_TYPE]
        if t == L.T_EQUIPMENT or t == L.T_IMPROVEMENT:
            continue
        if params[b + L.CF_RANGED] > 0 or (armed >> s) & 1:
            if first_only:
                return n + 1
            if n < out.shape[0]:
                out[n] = L.A_SHOOT + s
            n += 1
    return n


@row_kernel
def can_shoot(state, params, s):
    k = state[L.TF_KIND + s]
    if k < 0 or state[L.TF_ACT + s] != 1 or state[L.TF_HOST + s] != -1:
        return False
    t = cf(params, k, L.CF_TYPE)
    if t == L.T_EQUIPMENT or t == L.T_IMPROVEMENT:
        return False
    return t_ranged(state, params, s) > 0


@row_kernel
def ranged_hit(state, params, dmg_raw, r):
    """A Ranged Attack of ``dmg_raw`` on Rival slot ``r``: Armor and Shields reduce
    it; at least twice the Life vanishes the card, else damage >= Life destroys it.
    Returns 2 vanished, 1 destroyed, 0 survived."""
    k = state[L.RF_KIND + r]
    dmg = dmg_raw - cf(params, k, L.CF_ARMOR) - cf(params, k, L.CF_SHIELDS)
    dmg = max(dmg, 0)
    test = dmg if params[L.P_VANISH_AFTER_ARMOR] else dmg_raw
    life = cf(params, k, L.CF_LIFE)
    if test >= 2 * life and dmg > 0:
        remove_rival(state, r, True)
        return 2
    state[L.RF_DMG + r] += dmg
    if state[L.RF_DMG + r] >= life:
        remove_rival(state, r, False)
        return 1
    return 0
