"""Edge of Darkness position features for the learned value (agents/value.py).

For seat ``s`` of ``P`` ("the others" are the other seats still in the game; in solo there
are none and every ``*_lead`` is 0).  VP come from advancements on owned cards, Reputation,
Coins (4:1), Goodwill and Coldhollow majorities, minus the Defense Track penalty; the tower
attacks the colour with the most cubes in a tray once it holds the threshold::

    adv_vp          advancements on cards s owns (any zone), over 10
    adv_lead        (s's - the most another seat has) over 10
    rep             s's Reputation over 10
    rep_lead        (s's Reputation - the most another seat has) over 10
    coins           s's Coins over 20
    coins_lead      (s's Coins - the most another seat has) over 20
    influence       s's Influence over 10
    infl_lead       (s's Influence - the most another seat has) over 10
    goodwill        s's Goodwill over 8
    def_pen         the Defense Track penalty s would lose now, over 20
    def_pen_lead    (s's penalty - the least another seat's) over 20
    def_next        VP the next space down would cost s, over 5
    threat_hits     trays whose card would attack s now (s's colour, or black, has the
                    most cubes) with Damage beyond s's free defences (passive reduction,
                    Border Towers Agents and cubes), each weighted by how full the tray
                    is (cubes over the threshold, at most 1); over 3
    threat_cost     the same sum times def_next (VP at stake), over 15
    opp_threat      threat_hits of the most threatened other seat, over 3
    own_cubes_tower cubes of s's colour in the tower, over 8
    own_cubes_zones cubes of s's colour in every Threat Zone (dropped and drawn this
                    round), over 8
    bt_defence      s's Agents at Border Towers plus its cubes there, over 4
    trained         Agents in s's Trained pool, over 4
    untrained       Agents s has not yet trained, over 6
    board_agents    s's Agents on location boards, over 10
    owned_cards     cards s owns (starters and claimed), over 8
    owned_open      empty advancement slots on cards s owns (future VP), over 8
    hand_adv        advancements on the cards in s's hand (contacts to use), over 8
    hand_cards      cards in s's hand, over MAX_HAND
    hall_adv        advancements on s's cards waiting in its Guild Hall, over 8
    slots           Docks and Homesteads ability slots s holds, over 3
    mine_coins      Coins under s's Agents at the Ice Hills Mine, over 10
    ccubes          cubes s has taken to Coldhollow, over 5
    round_share     the round over the game's 8 rounds
    lead_x_round    tanh((s's VP now - the best other's, or the automa's in solo) / 10)
                    times round_share (a lead is surer late)
    def_x_round     def_pen times (1 - round_share) (more attacks still to come)
    coins_x_round   coins times round_share (late Coins only score, 4:1)
"""
import math

from numba import njit

from simcore.darkness import layout as L
from simcore.darkness.cards import agents_at, loc_of_kind, sleeves, tray_total
from simcore.darkness.effects import card_damage, is_out
from simcore.darkness.rounds import final_score
from simcore.darkness.turn import attack_targets, passive_reduction

FEATURES = ("adv_vp", "adv_lead", "rep", "rep_lead", "coins", "coins_lead", "influence",
            "infl_lead", "goodwill", "def_pen", "def_pen_lead", "def_next", "threat_hits",
            "threat_cost", "opp_threat", "own_cubes_tower", "own_cubes_zones", "bt_defence",
            "trained", "untrained", "board_agents", "owned_cards", "owned_open", "hand_adv",
            "hand_cards", "hall_adv", "slots", "mine_coins", "ccubes", "round_share",
            "lead_x_round", "def_x_round", "coins_x_round")


@njit(cache=True)
def penalty(params, d):
    """VP lost at Defense Track position ``d`` (the bottom space holds)."""
    return params[L.P_DEF_PEN + min(d, params[L.P_DEF_MAX])]


@njit(cache=True)
def next_cost(params, d):
    """VP the next space down would cost a guild at position ``d``."""
    return penalty(params, d + 1) - penalty(params, d)


@njit(cache=True)
def threat(state, params, q):
    """Trays whose card would attack q now with Damage beyond its free defences, each
    weighted by its cubes over the threshold (at most 1)."""
    thr = max(1, params[L.P_THRESHOLD])
    free = passive_reduction(state, params, q)
    bt = loc_of_kind(state, L.K_BORDER)
    if bt >= 0:
        free += agents_at(state, q, bt) + state[L.BT_CUBES + q]
    h = 0.0
    for t in range(L.NTRAY):
        c = state[L.TRAY_CARD + t]
        if c < 0 or not (attack_targets(state, params, t) >> q) & 1:
            continue
        if card_damage(state, params, c, q, -1) > free:
            h += min(1.0, tray_total(state, t) / thr)
    return h


@njit(cache=True)
def features(state, params, seat, out):
    """Write ``seat``'s FEATURES to ``out[:len(FEATURES)]``."""
    P = params[L.P_NUM_PLAYERS]
    s = seat
    adv = 0
    owned = 0
    open_ = 0
    hall = 0
    hand = 0
    for c in range(L.NCARD):
        n = sleeves(state, c)
        if state[L.C_OWNER + c] == s:
            adv += n
            owned += 1
            open_ += 2 - n
            if state[L.C_ZONE + c] == L.Z_HALL:
                hall += n
        if state[L.C_ZONE + c] == L.Z_HAND and state[L.C_HOLDER + c] == s:
            hand += n
    others = 0
    adv_o = -(1 << 30)
    rep_o = -(1 << 30)
    coins_o = -(1 << 30)
    infl_o = -(1 << 30)
    pen_o = 1 << 30
    vp_o = -(1 << 30)
    thr_o = 0.0
    for q in range(P):
        if q == s or is_out(state, params, q):
            continue
        others += 1
        a = 0
        for c in range(L.NCARD):
            if state[L.C_OWNER + c] == q:
                a += sleeves(state, c)
        adv_o = max(adv_o, a)
        rep_o = max(rep_o, state[L.REP + q])
        coins_o = max(coins_o, state[L.COINS + q])
        infl_o = max(infl_o, state[L.INFL + q])
        pen_o = min(pen_o, penalty(params, state[L.DEFENSE + q]))
        vp_o = max(vp_o, final_score(state, params, q))
        thr_o = max(thr_o, threat(state, params, q))
    d = state[L.DEFENSE + s]
    pen = penalty(params, d)
    nxt = next_cost(params, d)
    hits = threat(state, params, s)
    vp = final_score(state, params, s)
    rnd = min(1.0, state[L.ROUND] / L.ROUNDS)
    own_tower = 0
    for t in range(L.NTRAY):
        own_tower += state[L.TRAY_CUBES + t * L.NCOL + s]
    own_zones = 0
    for q in range(P):
        own_zones += state[L.TZ + q * L.NCOL + s] + state[L.TZN + q * L.NCOL + s]
    board = 0
    for i in range(L.NLOC):
        board += state[L.AG + s * L.NLOC + i]
    slots = 0
    for i in range(L.NSLOT):
        if state[L.DSLOT + i] == s:
            slots += 1
        if state[L.HSLOT + i] == s:
            slots += 1
    mine = 0
    for i in range(L.MAX_AG):
        mine += state[L.MINE + s * L.MAX_AG + i]
    cc = 0
    for col in range(L.NCOL):
        cc += state[L.CCUBES + s * L.NCOL + col]
    bt = loc_of_kind(state, L.K_BORDER)
    btd = state[L.BT_CUBES + s] + (agents_at(state, s, bt) if bt >= 0 else 0)
    out[0] = adv / 10.0
    out[2] = state[L.REP + s] / 10.0
    out[4] = state[L.COINS + s] / 20.0
    out[6] = state[L.INFL + s] / 10.0
    if others > 0:
        out[1] = (adv - adv_o) / 10.0
        out[3] = (state[L.REP + s] - rep_o) / 10.0
        out[5] = (state[L.COINS + s] - coins_o) / 20.0
        out[7] = (state[L.INFL + s] - infl_o) / 10.0
        out[10] = (pen - pen_o) / 20.0
        out[14] = thr_o / 3.0
    else:
        out[1] = 0.0
        out[3] = 0.0
        out[5] = 0.0
        out[7] = 0.0
        out[10] = 0.0
        out[14] = 0.0
        vp_o = state[L.SOLO_AUTO_VP] if P == 1 else vp
    out[8] = state[L.GOODWILL + s] / 8.0
    out[9] = pen / 20.0
    out[11] = nxt / 5.0
    out[12] = hits / 3.0
    out[13] = hits * nxt / 15.0
    out[15] = own_tower / 8.0
    out[16] = own_zones / 8.0
    out[17] = btd / 4.0
    out[18] = state[L.TRAINED + s] / 4.0
    out[19] = state[L.UNTRAINED + s] / 6.0
    out[20] = board / 10.0
    out[21] = owned / 8.0
    out[22] = open_ / 8.0
    out[23] = hand / 8.0
    out[24] = state[L.HAND_N + s] / L.MAX_HAND
    out[25] = hall / 8.0
    out[26] = slots / 3.0
    out[27] = mine / 10.0
    out[28] = cc / 5.0
    out[29] = rnd
    out[30] = math.tanh((vp - vp_o) / 10.0) * rnd
    out[31] = pen / 20.0 * (1.0 - rnd)
    out[32] = state[L.COINS + s] / 20.0 * rnd
