"""Dark Frontier position value (``evaluate``, re-exported by :mod:`engine`).

The mission is solo, so the value is an estimate of the chance that the Tel·lus
player completes it from this position (never a constant): a logistic score of

* progress: Colonization Points against the target (the main term);
* safety: the Bunker's Structure left, against the Attack of the Rival cards on the
  field that the player's Troops cannot soak up (interceptors' Life);
* defence in hand: Troops on the field (each one can intercept an attacker);
* time: the mission is lost when the Rival runs out (deck and field empty, unless the
  mission counts exhaustion as a win) or the turn cap passes with CP still missing, so
  missing CP weigh more when few Rival cards or turns are left.

A finished game gives its returns (1 won, 0 lost).  No allocation; never raises.
"""
import numpy as np

from simcore.common import row_kernel
from simcore.frontier import layout as L
from simcore.frontier.field import bunker_slot, cf, rival_deck_left, t_attack, t_life


@row_kernel
def success_logit(state, params):
    """The logit of the estimated chance of completing the mission (playing positions)."""
    b = bunker_slot(state)
    if b < 0:
        return -6.0
    target = max(params[L.P_CP_TARGET], 1)
    cp = state[L.CP]
    cpf = min(cp / target, 1.0)
    need = max(target - cp, 0)
    struct = max(cf(params, L.BUNKER, L.CF_STRUCT), 1)
    hp = max(struct - state[L.TF_DMG + b], 0)
    hpf = hp / struct
    # the Rival's pressure on the field against the Troops that can intercept it
    ratk = 0.0
    rlife = 0.0
    nriv = 0
    for r in range(state[L.RF_TOP]):
        k = state[L.RF_KIND + r]
        if k >= 0:
            nriv += 1
            ratk += cf(params, k, L.CF_ATTACK)
            rlife += max(cf(params, k, L.CF_LIFE) - state[L.RF_DMG + r], 0)
    tatk = 0.0
    tlife = 0.0
    ntroop = 0
    for s in range(state[L.TF_TOP]):
        k = state[L.TF_KIND + s]
        if k >= 0 and state[L.TF_HOST + s] == -1 and cf(params, k, L.CF_TYPE) == L.T_TROOP:
            ntroop += 1
            tatk += t_attack(state, params, s)
            tlife += max(t_life(state, params, s) - state[L.TF_DMG + s], 0)
    # attackers no interceptor stands in front of reach the Bunker
    unopposed = ratk * max(nriv - ntroop, 0) / max(nriv, 1)
    press = (unopposed + 0.25 * max(ratk - tlife, 0.0)) / max(hp, 1)
    x = -2.2 + 5.5 * cpf + 1.6 * hpf - 2.0 * min(press, 2.0)
    x += 0.25 * min(ntroop, 4) + 0.08 * min(tatk - 0.5 * rlife, 8.0)
    # time: the Rival cards still to come (exhaustion ends the mission) and the turn cap
    if need > 0:
        left = rival_deck_left(state) + nriv
        if params[L.P_EXHAUST_WIN] == 0 and left < need:
            x -= 0.5 * (need - left)
        turns = params[L.P_TURN_CAP] - state[L.TURN] + 1
        if turns < need:
            x -= 0.6 * (need - max(turns, 0))
    if x > 30.0:
        x = 30.0
    elif x < -30.0:
        x = -30.0
    return x


@row_kernel
def evaluate(state, params, out):
    """The estimated chance of completing the mission in [0, 1]; a finished game: returns."""
    if state[L.END] != L.END_PLAYING:
        out[0] = 1.0 if state[L.WON] else 0.0
        return
    out[0] = 1.0 / (1.0 + np.exp(-success_logit(state, params)))
