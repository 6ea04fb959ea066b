"""Darkleaf Gambit (2 players, six asymmetric clans): SPEC, params compiler and helpers.

Setups are the 15 clan pairings ``"<first>-<second>"`` with clans in the Clan Starting Order
(hexen, wibo, murg, ferrymen, erde, huldra); seat 0 is the first-listed clan, which takes the
first turn unless ``setup.first_swapped = 1``.  ``setup_for_clans("huldra", "The Murg")`` gives
the canonical name (``"murg-huldra"``); reversed and full names are accepted as aliases.

Actions (see :mod:`simcore.darkleaf.layout`)::

    0..63    a square (unit to act, target, destination: per decision)
    64..71   a direction d (0 forward, clockwise, relative to the acting seat)
    72..79   direction d with a 2-territory push (Barbaric)
    80..84   spend the relic token of skill k (rulebook order on the clan board)
    85 activate Haggedorn's Will   86 done/decline/cancel   87 journey   88 deed
    89 Huldra Leap   90 yes (Barbaric on the aura choice)   91..110 slot row*4+pos
    111 Ripple Effect (aura choice)   112..116 return row r's bones (skill no longer applicable)

``describe(state, params, action)`` names an action in the rulebook's words (read before it
is applied); ``describe_action`` is the short code name.  ``SPEC.action_kinds`` names what the
compiled ``engine.action_kind`` counts (:mod:`simcore.darkleaf.kinds`).
"""
from itertools import combinations
from pathlib import Path

import numpy as np

from simcore.darkleaf import engine
from simcore.darkleaf import layout as L
from simcore.darkleaf.describe import describe  # noqa: F401  (rulebook words for replays)
from simcore.darkleaf.kinds import KIND_NAMES
from simcore.game import GameAPI, int_in
from simcore.spec import BadInput, GameSpec, Persona

CLANS = L.CLAN_KEYS
_FULL = {
    "hexen": "hexen", "wibo": "wibo", "wildero-wibo": "wibo", "wildero wibo": "wibo",
    "wilderowibo": "wibo", "murg": "murg", "the-murg": "murg", "the murg": "murg",
    "themurg": "murg", "ferrymen": "ferrymen", "ferry": "ferrymen", "erde": "erde",
    "huldra": "huldra",
}
SETUPS = tuple(f"{CLANS[a]}-{CLANS[b]}" for a, b in combinations(range(6), 2))


def clan_key(name: str) -> str:
    """The short clan key of a short or full clan name (BadInput otherwise)."""
    k = str(name).strip().lower().replace("_", "-")
    if k in _FULL:
        return _FULL[k]
    raise BadInput(f"darkleaf: unknown clan {name!r}; valid: " + ", ".join(CLANS)
                   + " (or full names: " + ", ".join(L.CLAN_LONG) + ")")


def setup_for_clans(a: str, b: str) -> str:
    """Canonical setup name for two different clans (short or full names, any order)."""
    ka, kb = clan_key(a), clan_key(b)
    if ka == kb:
        raise BadInput(f"darkleaf: the two clans must differ (got {ka!r} twice); valid: "
                       + ", ".join(CLANS))
    ia, ib = sorted((CLANS.index(ka), CLANS.index(kb)))
    return f"{CLANS[ia]}-{CLANS[ib]}"


def _aliases():
    out = {}
    longs = {k: [k] for k in CLANS}
    for full, k in _FULL.items():
        if " " not in full and full != k:
            longs[k].append(full)
    for s in SETUPS:
        a, b = s.split("-", 1) if not s.startswith("wibo") else ("wibo", s[5:])
        for x in longs[a]:
            for y in longs[b]:
                for key in (f"{x}-{y}", f"{y}-{x}", f"{x},{y}", f"{y},{x}"):
                    if key != s:
                        out[key] = s
    return out


SPEC = GameSpec(
    name="darkleaf",
    game_id=3,
    version=5,  # 5: the Hexen player orders Hexes that come due together (D_HEX_ORDER)
    # 4: Hasty Retreat optional, at most 5 Hexes of a kind (fate chips)
    # 3: exact Erde shares, declared Morph, handicap/placement/Tide/Deep Roots
    #               fixes (2: Upkeep order kept; returning bones from an inapplicable skill)
    players=(2, 2),
    num_actions=L.NUM_ACTIONS,
    max_game_length=L.MAX_GAME_LENGTH,
    state_size=L.STATE_SIZE,
    params_size=L.PARAMS_SIZE,
    has_chance=True,
    hidden_info=False,
    simultaneous=False,
    setups=SETUPS,
    end_reasons=("playing", "path-to-victory", "turn-cap"),
    info_columns=("rounds", "end_reason", "first_clan", "second_clan", "first_seat",
                  "vanquished_0", "vanquished_1", "royal_marks_0", "royal_marks_1",
                  "reclaimed", "quarry_left", "turns"),
    # legacy: the scripted player before the blunder fixes, kept frozen
    personas=("default", Persona("legacy", frozen=True)),
    long_name="Darkleaf Gambit",
    setup_aliases=_aliases(),
    action_kinds=KIND_NAMES,
)


def _codes(rules, path, n_max):
    v = rules[path]
    if not isinstance(v, list) or not 1 <= len(v) <= n_max or \
            any(not isinstance(x, int) or isinstance(x, bool) for x in v):
        raise BadInput(f"darkleaf: {path} = {v!r} is not valid; valid: a list of 1..{n_max} ints")
    for x in v:
        ok = x in (0, 20, 21) or 1 <= x <= 12 or (100 <= x <= 1212 and 1 <= x // 100 <= 12
                                                   and 1 <= x % 100 <= 12)
        if not ok:
            raise BadInput(f"darkleaf: {path} has slot code {x!r}; valid: 0 (sum), 1..12, "
                           "20 (even), 21 (odd), 100a+b (a-b)")
    return v


def compile_params(rules, players, setup):
    a, b = setup.split("-", 1) if not setup.startswith("wibo") else ("wibo", setup[5:])
    p = np.zeros(L.PARAMS_SIZE, dtype=np.int32)
    p[L.P_NUM_PLAYERS] = players
    clans = (CLANS.index(a), CLANS.index(b))
    p[L.P_CLAN] = clans[0]
    p[L.P_CLAN + 1] = clans[1]
    p[L.P_FIRST] = int_in(rules, "setup.first_swapped", 0, 1)
    p[L.P_HCAP_BONES] = int_in(rules, "setup.handicap_bones", 0, 5)
    if p[L.P_HCAP_BONES] == 1:
        raise BadInput("darkleaf: setup.handicap_bones = 1 is not valid; valid: 0 (no handicap) "
                       "or 2..5 (Tips & Tricks: 2 bones, up to 5 by agreement)")
    p[L.P_HCAP_SEAT] = int_in(rules, "setup.handicap_seat", 0, 1)
    mode = rules["will.mode"]
    if mode not in ("blessings", "curses"):
        raise BadInput(f"darkleaf: will.mode = {mode!r} is not valid; valid: blessings, curses")
    p[L.P_WILL_MODE] = 0 if mode == "blessings" else 1
    p[L.P_ROUND_CAP] = int_in(rules, "game.round_cap", 1, L.MAX_ROUND_CAP)
    p[L.P_MURG_DESTROY] = int_in(rules, "murg.destroy_roll", 1, 12)
    p[L.P_MURG_ROYAL] = int_in(rules, "murg.royal_roll", 1, 12)
    p[L.P_MURG_ROYAL_LAW] = int_in(rules, "murg.royal_roll_law", 1, 12)
    p[L.P_MURG_LOCK] = int_in(rules, "murg.target_lock_roll", 1, 12)
    p[L.P_ERDE_RECLAIM] = int_in(rules, "erde.reclaim_roll", 1, 12)
    p[L.P_ERDE_RECLAIM_LAW] = int_in(rules, "erde.reclaim_roll_law", 1, 12)
    p[L.P_WIBO_MORPH] = int_in(rules, "wibo.morph_roll", 1, 12)
    p[L.P_HUNT_MARKS] = int_in(rules, "huldra.hunt_marks", 1, 9)
    p[L.P_FERRY_PUSHES] = int_in(rules, "ferrymen.push_offs", 1, 9)
    p[L.P_WIBO_SEAT] = int_in(rules, "wibo.seat_pawns", 1, 8)
    p[L.P_PG_ROUNDS] = int_in(rules, "hexen.poison_garden_rounds", 1, 9)
    p[L.P_PG_FAST] = int_in(rules, "hexen.master_gardener_rounds", 1, 9)
    p[L.P_WL_ROUNDS] = int_in(rules, "hexen.witchs_ladder_rounds", 1, 9)
    p[L.P_STILL_ROUNDS] = int_in(rules, "will.stillness_rounds", 0, 9)
    p[L.P_SINK_OWN] = int_in(rules, "erde.sink_own", 0, 1)
    p[L.P_QUARRY_ANY] = int_in(rules, "hexen.quarry_any_cause", 0, 1)
    p[L.P_WILL_THICK] = int_in(rules, "will.thick_skin", 0, 1)
    p[L.P_WL_SAME] = int_in(rules, "hexen.pop_same_unit", 0, 1)
    p[L.P_RETREAT_LE] = int_in(rules, "wibo.retreat_le", 0, 1)
    p[L.P_HASTY_ONLY] = int_in(rules, "wibo.hasty_only", 0, 1)
    p[L.P_FATE_CAP] = int_in(rules, "setup.fate_chip_cap", 0, 64)
    p[L.P_MORPH_DECL] = int_in(rules, "wibo.morph_declared", 0, 1)
    p[L.P_HEX_ORDER] = int_in(rules, "hexen.hex_order", 0, 2)
    p[L.P_CALM] = int_in(rules, "ferrymen.calm_waters", 0, 3)
    for key in ("will.tokens", "hexen.quarry"):
        int_in(rules, key, rules.entries[key].range[0], rules.entries[key].range[1])
    for m, key in enumerate(("will.blessings", "will.curses")):
        v = rules[key]
        if not isinstance(v, list) or len(v) != 12 or any(
                not isinstance(x, int) or not 0 <= x < len(L.WILL_KEYS) for x in v):
            raise BadInput(f"darkleaf: {key} = {v!r} is not valid; valid: 12 codes in "
                           f"0..{len(L.WILL_KEYS) - 1}")
        p[L.P_WILL + 12 * m:L.P_WILL + 12 * m + 12] = v
    for seat, cl in enumerate(clans):
        key = CLANS[cl]
        base = f"clans.{key}."
        p[L.P_FACES + seat] = int_in(rules, base + "faces", 2, 12)
        start = rules[base + "start"]
        if not isinstance(start, list) or len(start) % 2 or not 2 <= len(start) <= 32:
            raise BadInput(f"darkleaf: {base}start is not valid; valid: (type, square) pairs")
        counts = [0] * 6
        seen = set()
        for i in range(0, len(start), 2):
            t, sq = start[i], start[i + 1]
            if not (isinstance(t, int) and 0 <= t <= 5 and isinstance(sq, int) and 0 <= sq < 64) \
                    or sq in seen:
                raise BadInput(f"darkleaf: {base}start has a bad pair ({t!r}, {sq!r}); valid: "
                               "type 0..5, distinct squares 0..63")
            seen.add(sq)
            counts[t] += 1
        royal = L.QUEEN if cl in (L.HULDRA, L.WIBO, L.HEXEN) else L.KING
        if counts[royal] != 1 or counts[L.KING + L.QUEEN - royal] != 0:
            raise BadInput(f"darkleaf: {base}start must hold exactly one "
                           f"{L.TYPE_KEYS[royal]} (the {key} royal)")
        for i in range(16):
            if 2 * i < len(start):
                p[L.P_START + seat * 32 + 2 * i] = start[2 * i]
                p[L.P_START + seat * 32 + 2 * i + 1] = start[2 * i + 1]
            else:
                p[L.P_START + seat * 32 + 2 * i] = -1
        maxu = (max(8, counts[0]), max(2, counts[1]), max(2, counts[2]), counts[3], counts[4],
                counts[5])
        p[L.P_MAXU + seat * 6:L.P_MAXU + seat * 6 + 6] = maxu
        for r, sk in enumerate(L.SKILL_KEYS[cl]):
            sb = f"{base}skills.{sk}."
            codes = _codes(rules, sb + "slots", 4)
            sm = rules[sb + "sum"]
            if not isinstance(sm, list) or len(sm) != 2 or not 0 <= sm[0] <= sm[1] <= 48:
                raise BadInput(f"darkleaf: {sb}sum = {sm!r} is not valid; valid: [lo, hi]")
            p[L.P_NSLOT + seat * 5 + r] = len(codes)
            for q, c in enumerate(codes):
                p[L.P_ROW + seat * 20 + r * 4 + q] = c
            p[L.P_SUMLO + seat * 5 + r] = sm[0]
            p[L.P_SUMHI + seat * 5 + r] = sm[1]
            if L.SKILL_KIND[cl][r] == L.K_RELIC:
                p[L.P_RELCAP + seat * 5 + r] = int_in(rules, sb + "relic_slots", 1, 9)
    return p


_NAMES = {L.A_WILL: "will", L.A_DONE: "done", L.A_JOURNEY: "journey", L.A_DEED: "deed",
          L.A_LEAP: "leap", L.A_YES: "yes", L.A_RIPPLE: "ripple"}


def describe_action(a: int) -> str:
    a = int(a)
    if 0 <= a < 64:
        return "abcdefgh"[a % 8] + str(a // 8 + 1)
    if L.A_DIR <= a < L.A_DIR2:
        return f"dir{a - L.A_DIR}"
    if L.A_DIR2 <= a < L.A_SPEND:
        return f"dir{a - L.A_DIR2}x2"
    if L.A_SPEND <= a < L.A_WILL:
        return f"spend{a - L.A_SPEND}"
    if L.A_SLOT <= a < L.A_SLOT + 20:
        i = a - L.A_SLOT
        return f"slot{i // 4}.{i % 4}"
    if L.A_RETURN <= a < L.A_RETURN + 5:
        return f"return{a - L.A_RETURN}"
    return _NAMES.get(a, f"?{a}")


API = GameAPI(SPEC, engine, compile_params, Path(__file__).with_name("rules.toml"))
