"""Court of the Dead position features for the learned value (agents/value.py).

For seat ``s`` (souls behind the screen decide the Final Harvest; the lowest-souls seat is
the one a failed Harvest eliminates once Failures reach the fail-effect limit)::

    souls_share     s's souls over all living seats' souls (0 when s is out)
    souls_vs_best   (s's souls - the best other living seat's) / (1 + most souls)
    lowest_souls    1 when s is alive and holds the fewest souls of the living seats
    danger_lowest   lowest_souls, when Failures have reached the fail-effect limit
    influence       s's Influence over the Influence cap
    influence_lead  (s's Influence - the most another living seat holds) / the cap
    favors          Favors (Flesh, Spirit, Bone) s holds, over 3
    rivals_alive    living seats besides s, over P - 1
    round_share     the round over the game's rounds (Harvests + the Final Harvest)
    alive           1 while s is still in the game
"""
from numba import njit

from simcore.court import layout as L

FEATURES = ("souls_share", "souls_vs_best", "lowest_souls", "danger_lowest", "influence",
            "influence_lead", "favors", "rivals_alive", "round_share", "alive")


@njit(cache=True)
def features(state, params, seat, out):
    """Write ``seat``'s FEATURES to ``out[:len(FEATURES)]``."""
    P = params[L.P_NUM_PLAYERS]
    cap = max(1, params[L.P_INFL_MAX])
    alive = state[L.ALIVE + seat] != 0
    mine = state[L.SOULS + seat]
    total = 0
    best_o = -1
    most = 0
    least = 1 << 30
    infl_o = 0
    rivals = 0
    for s in range(P):
        if state[L.ALIVE + s]:
            v = state[L.SOULS + s]
            total += v
            most = max(most, v)
            if v < least:
                least = v
            if s != seat:
                rivals += 1
                best_o = max(best_o, v)
                infl_o = max(infl_o, state[L.INFL + s])
    lowest = alive and mine <= least and rivals > 0
    out[0] = mine / total if alive and total > 0 else 0.0
    out[1] = (mine - max(best_o, 0)) / (1.0 + most) if alive else -1.0
    out[2] = 1.0 if lowest else 0.0
    out[3] = 1.0 if lowest and state[L.FAILS] >= params[L.P_FAIL_EFFECT_UPTO] else 0.0
    out[4] = state[L.INFL + seat] / cap
    out[5] = (state[L.INFL + seat] - infl_o) / cap
    fav = 0
    for f in range(L.NUM_FACTIONS):
        if state[L.FAVOR + f] == seat:
            fav += 1
    out[6] = fav / 3.0
    out[7] = rivals / max(1, P - 1)
    out[8] = state[L.ROUND] / (params[L.P_HARVESTS] + 1.0)
    out[9] = 1.0 if alive else 0.0
