"""Shared helpers for the Edge of Darkness rules tests (tests/test_darkness_*.py): hand-built
states from a fresh game, moved cards, a seat's main step, hunts.  No tests here."""
import numpy as np

from simcore.darkness import API, engine
from simcore.darkness import layout as L
from simcore.rng import new_rng

OPT = L.opt

#: setups whose locations the tests need: on-every-front (51-59, 61), stretched-thin (51-54,
#: 56, 58-62) and a custom one with the public base-game locations
BASE_LOCS = "[7,64,69,68,70,71,72,51,52,55]"


def params(players=2, setup="on-every-front"):
    if setup == "base":
        return API.params(players, "custom",
                          rules=API.rules(sets=[f"setup.locations={BASE_LOCS}"]))
    return API.params(players, setup)


def loc(state, num):
    for i in range(L.NLOC):
        if state[L.LOCNUM + i] == num:
            return i
    raise AssertionError(num)


def settle(s, p):
    s[L.READY] = 0
    engine.settle(s, p, new_rng(7))


def step(s, p, a):
    API.step(s, p, int(a), new_rng(8))


def legal(s, p):
    return set(API.legal_actions(s, p).tolist())


def blank_card(s, c, mid=-1, bot=-1, owner=-1):
    s[L.C_MID + c] = mid
    s[L.C_BOT + c] = bot
    s[L.C_OWNER + c] = owner


def take_card(s, c):
    """Take card c out of wherever it is (deck, Street, tray, a hand): zone OUT."""
    z = s[L.C_ZONE + c]
    if z == L.Z_DECK:
        n = int(s[L.DECK_N])
        i = [int(x) for x in s[L.DECK:L.DECK + n]].index(c)
        for j in range(i, n - 1):
            s[L.DECK + j] = s[L.DECK + j + 1]
        s[L.DECK_N] = n - 1
    elif z == L.Z_STREET:
        for i in range(L.NSTREET):
            if s[L.STREET + i] == c:
                s[L.STREET + i] = -1
    elif z == L.Z_TRAY:
        for t in range(L.NTRAY):
            if s[L.TRAY_CARD + t] == c:
                s[L.TRAY_CARD + t] = -1
    elif z == L.Z_HAND:
        q = int(s[L.C_HOLDER + c])
        n = int(s[L.HAND_N + q])
        h = [int(x) for x in s[L.HAND + q * L.MAX_HAND:L.HAND + q * L.MAX_HAND + n]].index(c)
        for j in range(h, n - 1):
            s[L.HAND + q * L.MAX_HAND + j] = s[L.HAND + q * L.MAX_HAND + j + 1]
        s[L.HAND + q * L.MAX_HAND + n - 1] = -1
        s[L.HAND_N + q] = n - 1
    s[L.C_ZONE + c] = L.Z_OUT
    s[L.C_HOLDER + c] = -1


def set_hand(s, q, cards):
    """Seat q's hand becomes exactly ``cards`` (old hand cards go out of play)."""
    for h in range(int(s[L.HAND_N + q])):
        c = int(s[L.HAND + q * L.MAX_HAND + h])
        s[L.C_ZONE + c] = L.Z_OUT
        s[L.HAND + q * L.MAX_HAND + h] = -1
    s[L.HAND_N + q] = 0
    for c in cards:
        take_card(s, c)
        n = int(s[L.HAND_N + q])
        s[L.HAND + q * L.MAX_HAND + n] = c
        s[L.HAND_N + q] = n + 1
        s[L.C_ZONE + c] = L.Z_HAND
        s[L.C_HOLDER + c] = q


def set_tray(s, t, c, cubes=None):
    """Tray t holds card c (taken from where it was) and ``cubes`` {colour: n} (default none)."""
    old = int(s[L.TRAY_CARD + t])
    if old >= 0:
        s[L.C_ZONE + old] = L.Z_OUT
    take_card(s, c)
    s[L.TRAY_CARD + t] = c
    s[L.C_ZONE + c] = L.Z_TRAY
    s[L.C_HOLDER + c] = t
    for col in range(L.NCOL):
        s[L.TRAY_CUBES + t * L.NCOL + col] = (cubes or {}).get(col, 0)


def clear_tower(s):
    for t in range(L.NTRAY):
        for col in range(L.NCOL):
            s[L.TRAY_CUBES + t * L.NCOL + col] = 0


def plain(p, cards):
    """A params copy where ``cards`` have no printed threat (0 Damage, no reward) and no
    printed top effect, so a test sees only the sleeved advancements."""
    q = p.copy()
    for c in cards:
        q[L.P_BASE_DMG + c] = 0
        q[L.P_BASE_REW + c] = L.R_NONE
        q[L.P_TOP_EFF + c] = L.E_NONE
    return q


def main_state(p, seed=4, seat=0):
    """A fresh game put at ``seat``'s step 3 with clean per-turn values (the machine not yet
    settled: call ``settle``)."""
    s = API.new_state(p, seed=seed)
    s[L.ACTIVE] = seat
    s[L.STAGE] = L.S_MAIN
    s[L.PE_KIND] = L.PK_NONE
    s[L.PE_RET] = 0
    for off in (L.ABIL, L.HUNTS, L.BS, L.HSPENT, L.DEFEATS, L.DSTART, L.HSTART):
        s[off + seat] = 0
    for c in range(L.NCARD):
        s[L.C_USED + c] = 0
    s[L.TURN_ACTS] = 0
    return s


def hunt_state(p, trays, bs, seat=0, seed=4):
    """Seat at step 3 with one hunt earned, ``bs`` Battle Strength and tray cards
    {t: card} (no cubes); settled at the main menu."""
    s = main_state(p, seed=seed, seat=seat)
    clear_tower(s)
    for t, c in trays.items():
        set_tray(s, t, c)
    s[L.HUNTS + seat] = 1
    s[L.BS + seat] = bs
    settle(s, p)
    return s


def use_action(s, seat, c, slot):
    """The USE action for slot (0 top, 1 middle, 2 bottom) of card c in seat's hand."""
    n = int(s[L.HAND_N + seat])
    h = [int(x) for x in s[L.HAND + seat * L.MAX_HAND:L.HAND + seat * L.MAX_HAND + n]].index(c)
    return L.use(h, slot)


def play_until(s, p, stop, policy=None, limit=5000):
    """Step with ``policy(s, legal) -> action`` (default: PASS if legal else the first) until
    ``stop(s)`` holds; returns the decisions seen as (round, dec, cur, active) tuples."""
    seen = []
    for _ in range(limit):
        if stop(s) or API.is_terminal(s, p):
            return seen
        lg = API.legal_actions(s, p)
        seen.append((int(s[L.ROUND]), int(s[L.DEC]), int(s[L.CUR]), int(s[L.ACTIVE])))
        if policy is not None:
            a = policy(s, lg)
        else:
            a = L.A_PASS if L.A_PASS in lg else lg[0]
        step(s, p, a)
    raise AssertionError("play_until: limit reached")


def zeros(s, off, n):
    for i in range(n):
        s[off + i] = 0


def cards_in(s, zone, holder=None):
    return [c for c in range(L.NCARD) if s[L.C_ZONE + c] == zone
            and (holder is None or s[L.C_HOLDER + c] == holder)]


__all__ = [n for n in dir() if not n.startswith("_")] + ["np"]


def contact_turn(p, num, ag=0, seat=0, coins=None, mid=True, seed=4):
    """Seat at step 3 holding Citizen 16 with the contact of location ``num`` (middle or
    bottom slot), ``ag`` of its Agents there; settled at the main menu."""
    s = main_state(p, seed=seed, seat=seat)
    c = L.CITIZEN0
    i = loc(s, num)
    blank_card(s, c, mid=i if mid else -1, bot=-1 if mid else i)
    set_hand(s, seat, [c])
    s[L.AG + seat * L.NLOC + i] = ag
    if coins is not None:
        s[L.COINS + seat] = coins
    settle(s, p)
    return s, c, i
