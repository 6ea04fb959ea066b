"""Court of the Dead position value (``evaluate``, re-exported by :mod:`engine`).

Most souls at the Final Harvest wins (the Bone Favor, then Influence, break ties), and
the last seat standing wins at once.  A seat's strength is its souls, plus its Influence
at a rate of souls (Influence buys the Court cards that move souls), plus a tie-break
bonus for the Bone Favor; once the Failure tokens have run out a failed Harvest
eliminates the lowest Offering, so the seat with the fewest souls is then at risk.  The
values are a softmax of the strengths whose temperature grows with the rounds left (a
lead early on is worth less than the same lead at the Final Harvest); eliminated seats
get 0 and the values of the seats still in sum to 1.  A finished game gives its returns.
"""
import numpy as np

from simcore.common import row_kernel
from simcore.court import layout as L

INFL_RATE = 0.6     # souls per point of Influence
BONE_BONUS = 0.5    # the Bone Favor breaks the final tie
AT_RISK = 1.5       # the fewest souls once failures eliminate


@row_kernel
def evaluate(state, params, out):
    P = params[L.P_NUM_PLAYERS]
    if state[L.END] != L.END_PLAYING:
        m = state[L.WIN_MASK]
        k = 0
        for s in range(P):
            if (m >> s) & 1:
                k += 1
        for s in range(P):
            out[s] = 1.0 / k if (k > 0 and (m >> s) & 1) else 0.0
        return
    danger = state[L.FAILS] >= params[L.P_FAIL_EFFECT_UPTO]
    least = 1 << 30
    nalive = 0
    for s in range(P):
        if state[L.ALIVE + s]:
            nalive += 1
            if state[L.SOULS + s] < least:
                least = state[L.SOULS + s]
    if nalive == 0:
        for s in range(P):
            out[s] = 0.0
        return
    best = -1e18
    for s in range(P):
        if state[L.ALIVE + s]:
            v = state[L.SOULS + s] + INFL_RATE * state[L.INFL + s]
            if state[L.FAVOR + L.BONE] == s:
                v += BONE_BONUS
            if danger and nalive > 1 and state[L.SOULS + s] == least:
                v -= AT_RISK
            out[s] = v
            if v > best:
                best = v
    left = params[L.P_HARVESTS] + 1 - state[L.ROUND]
    if left < 0:
        left = 0
    temp = 1.5 + 1.5 * left
    tot = 0.0
    for s in range(P):
        if state[L.ALIVE + s]:
            out[s] = np.exp((out[s] - best) / temp)
            tot += out[s]
        else:
            out[s] = 0.0
    for s in range(P):
        out[s] = out[s] / tot
