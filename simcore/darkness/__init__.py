"""Edge of Darkness with the Cliffs of Coldharbor locations (1-4 players): SPEC and wrappers.

1 player plays solo against an assumed Voiceless Guild automa (environment, not a
seat: see simcore.darkness.rounds).  Setups: the four Recommended Setups, the
four Tale chapters, ``random`` (10 locations drawn per game with the chance stream
from ``setup.random_pool``: the 12 Coldharbor locations, or ``booklet`` for every location a
booklet setup names, stand-ins included) and ``custom``
(``setup.locations``, e.g. ``--set setup.locations=[51,52,...]``; parse a
"51,52,..." string with :func:`locations_rules_value`).

Actions (simcore.darkness.layout): 0 PASS; 1..40 OPT k (a choice whose meaning
the pending decision DEC gives, see layout D_*); 41..64 USE hand h slot s
(41 + 3h + s); 65 Border Towers dispatch; 66 Northstone move; 67 Docks; 68
Homesteads; 69 start a hunt; 70 Street ability.  ``describe_action`` names them;
``describe(state, params, action)`` says what one does in a state, in the rulebook's words,
and ``engine.action_kind`` counts it under one of ``SPEC.action_kinds`` (simcore.darkness.kinds).
"""
from pathlib import Path

import numpy as np

from simcore.darkness import engine
from simcore.darkness import layout as L
from simcore.darkness.describe import describe  # noqa: F401
from simcore.darkness.kinds import ACTION_KINDS
from simcore.darkness.layout import describe_action, opt, use  # noqa: F401
from simcore.darkness.locations import (  # noqa: F401
    COLDHARBOR,
    SETUPS,
    VALID_NUMBERS,
    location_name,
)
from simcore.game import GameAPI, choice, int_in
from simcore.spec import BadInput, GameSpec, Persona

NAMED_SETUPS = tuple(SETUPS)
SPEC = GameSpec(
    name="darkness",
    game_id=4,
    version=4,
    players=(1, 4),
    num_actions=L.NUM_ACTIONS,
    max_game_length=L.MAX_GAME_LENGTH,
    state_size=L.STATE_SIZE,
    params_size=L.PARAMS_SIZE,
    has_chance=True,
    hidden_info=True,
    simultaneous=False,
    setups=("on-every-front", "cultural-exchanges", "stretched-thin", "heeding-the-call",
            "a-frosty-welcome", "a-chilling-truth", "the-blustery-wind", "an-imminent-thaw",
            "random", "custom"),
    end_reasons=("playing", "rounds-complete", "solo-won", "solo-lost"),
    info_columns=("rounds", "end_reason", "coins_spent", "attacks_landed", "defences",
                  "threats_defeated", "automa_vp", "loc_mask_lo", "loc_mask_hi")
    + tuple(f"loc_{i}" for i in range(L.NLOC)) + ("first_player",),
    personas=("default", "hunter", "merchant", Persona("legacy", frozen=True)),
    action_kinds=ACTION_KINDS,
    long_name="Edge of Darkness: Cliffs of Coldharbor",
    setup_aliases={"random-setup": "random", "locations": "custom"},
)


#: booklet names of the twelve Cliffs of Coldharbor locations, by number (ED-GEN-02)
LOCATION_NAMES = dict(COLDHARBOR)


def location_in_play(df, loc: int) -> np.ndarray:
    """Per game (row of a results DataFrame): was location number ``loc`` one of its 10?

    Reads the info columns ``loc_mask_lo`` (bit n for numbers 1..31) and ``loc_mask_hi``
    (bit n - 32 for 32..62); numbers above 62 are looked up in ``loc_0``..``loc_9``.
    """
    loc = int(loc)
    if not 1 <= loc <= max(VALID_NUMBERS):
        raise BadInput(f"darkness: location {loc} out of range; valid: 1..{max(VALID_NUMBERS)}")
    if loc <= 62 and "loc_mask_lo" in df and "loc_mask_hi" in df:
        col, bit = ("loc_mask_lo", loc) if loc < 32 else ("loc_mask_hi", loc - 32)
        mask = np.asarray(df[col], dtype=np.int64)
        return ((mask >> bit) & 1).astype(bool)
    out = np.zeros(len(df), dtype=bool)
    for i in range(L.NLOC):
        out |= np.asarray(df[f"loc_{i}"], dtype=np.int64) == loc
    return out


def locations_rules_value(text: str) -> list[int]:
    """Parse "51,52,..." into 10 distinct valid location numbers (raises BadInput)."""
    parts = [t.strip() for t in str(text).replace(" ", ",").split(",") if t.strip()]
    valid = f"valid: 10 distinct numbers in 1..{max(VALID_NUMBERS)} (51-62 Cliffs of Coldharbor)"
    out = []
    for t in parts:
        try:
            n = int(t)
        except ValueError:
            raise BadInput(f"darkness: location {t!r} is not a number; {valid}") from None
        if n not in VALID_NUMBERS:
            raise BadInput(f"darkness: unknown location {n}; {valid}")
        if n in out:
            raise BadInput(f"darkness: location {n} is listed twice; {valid}")
        out.append(n)
    if len(out) != L.NLOC:
        raise BadInput(f"darkness: {len(out)} locations given ({text!r}); {valid}")
    return out


def _int_list(rules, path, n, lo, hi):
    v = rules[path]
    if (not isinstance(v, list) or len(v) != n
            or not all(isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi for x in v)):
        raise BadInput(f"darkness: {path} = {v!r} must be {n} integers {lo}..{hi}")
    return v


def _str_list(rules, path, n, names):
    v = rules[path]
    if not isinstance(v, list) or len(v) != n or not all(x in names for x in v):
        raise BadInput(f"darkness: {path} = {v!r} must be {n} names from: {', '.join(names)}")
    return [names.index(x) for x in v]


def kind_of_number(rules, n: int) -> int:
    """Location kind index of location number n under ``rules``."""
    if n in COLDHARBOR:
        return n - 51
    return choice(rules, f"locations.n{n:02d}", L.KIND_NAMES[L.K_WAR_COUNCIL:]) + L.K_WAR_COUNCIL


def setup_locations(rules, setup: str) -> list[int]:
    """The 10 location numbers of a named or custom setup (after optional substitutions)."""
    if setup == "custom":
        v = rules["setup.locations"]
        if isinstance(v, str):
            return locations_rules_value(v)
        if not isinstance(v, list):
            raise BadInput(f"darkness: setup.locations = {v!r} must be a list of 10 numbers")
        return locations_rules_value(",".join(str(x) for x in v))
    if setup == "heeding-the-call" and int_in(rules, "setup.without_sands", 0, 1):
        raise BadInput("darkness: heeding-the-call needs Sands of Dunestar (the booklet offers no "
                       "substitution); valid: setup.without_sands=0, or another setup")
    locs = list(_int_list(rules, f"setups.{setup}", L.NLOC, 1, max(VALID_NUMBERS)))
    subs = SETUPS[setup][3]
    swap = (setup in ("cultural-exchanges", "stretched-thin")
            and int_in(rules, "setup.harbor_swap", 0, 1)) or \
        (setup.startswith(("a-", "the-", "an-")) and int_in(rules, "setup.without_sands", 0, 1))
    if swap:
        locs = [subs.get(n, n) for n in locs]
    return locations_rules_value(",".join(str(x) for x in locs))


def compile_params(rules, players, setup):
    """The params row (layout.py) from the rules, validated: the location setup, the
    per-seat setup, the tower / scoring / solo rules, the location kinds and the cards, in
    that order (the order the errors are checked in)."""
    p = np.zeros(L.PARAMS_SIZE, dtype=np.int32)
    p[L.P_NUM_PLAYERS] = players
    _location_params(p, rules, setup)
    _setup_params(p, rules)
    _rule_params(p, rules)
    _kind_params(p, rules)
    _card_params(p, rules)
    for path in [k for k in rules.entries if k.startswith("rulings.")]:
        if path in FIXED_RULINGS:  # the one reading the kernels play: another is refused
            reading = FIXED_RULINGS[path]
            if isinstance(reading, int):
                int_in(rules, path, reading, reading)
            else:
                choice(rules, path, (reading,))
        elif path not in WIRED_RULINGS:
            raise AssertionError(f"darkness: {path} is neither wired nor fixed")
    return p


#: rulings the params carry to the kernels (read in _rule_params)
WIRED_RULINGS = ("rulings.prologue_mark_scope", "rulings.players_in_game",
                 "rulings.border_agents_alone", "rulings.smuggler_prologue")
#: rulings the kernels play in one reading only (the rules.toml reason says which); a
#: different value is refused with one line, never silently ignored
FIXED_RULINGS = {
    "rulings.hall_start_choice": "player-chooses-rest-to-deck",
    "rulings.no_general_defence": "none",
    "rulings.train_none_left": "nothing",
    "rulings.hunts": "whole-cards",
    "rulings.middle_vs_bottom": "same",
    "rulings.no_cost_dispatch": "same",
    "rulings.revealed": "enters-tray",
    "rulings.neutral_owner": "nobody",
    "rulings.threat_floor": "zero",
    "rulings.draft_order": "round-robin",
    "rulings.other_guild_sleeve": "mandatory",
    "rulings.open_hands": "open",
    "rulings.street_ability": "ends-step-3",
    "rulings.prologue_up_to": "as-many-as-possible",
    "rulings.citadel_stacks": "accumulate",
    "rulings.citadel_tower_claim": "stays",
    "rulings.barracks_return": "from-barracks-4",
    "rulings.northstone_once": 1,
    "rulings.spy": "no-attack",
    "rulings.cursed_beggar": "whole-card",
    "rulings.homesteads_slot1": "influence-if-any",
    "rulings.coldhollow": "one-per-card",
    "rulings.traveler_hall": "no-effect",
    "rulings.shorehollow": "discarder",
}


def _location_params(p, rules, setup):
    """Location kinds and advancement counts by number; the fixed locations or the pool."""
    for n in range(L.MAX_LOCNUM):
        p[L.P_KIND_OF + n] = -1
    sm = int_in(rules, "kinds.standin_middle", 0, 6)
    sb = int_in(rules, "kinds.standin_bottom", 0, 6)
    for n in VALID_NUMBERS:
        k = kind_of_number(rules, n)
        p[L.P_KIND_OF + n] = k
        if k < L.K_WAR_COUNCIL:
            p[L.P_NMID + n] = int_in(rules, f"kinds.{L.KIND_NAMES[k]}.middle", 0, 8)
            p[L.P_NBOT + n] = int_in(rules, f"kinds.{L.KIND_NAMES[k]}.bottom", 0, 8)
        else:
            p[L.P_NMID + n] = sm
            p[L.P_NBOT + n] = sb
    if setup == "random":
        pool = random_pool(rules)
        if not isinstance(pool, list) or len(set(pool)) != len(pool) or len(pool) < L.NLOC \
                or not all(isinstance(x, int) and x in VALID_NUMBERS for x in pool):
            raise BadInput(f"darkness: setup.random_pool = {pool!r} must list at least 10 "
                           f"distinct location numbers in 1..{max(VALID_NUMBERS)}")
        p[L.P_SETUP_MODE] = 1
        p[L.P_POOL_N] = len(pool)
        p[L.P_POOL:L.P_POOL + len(pool)] = pool
    else:
        p[L.P_LOCS:L.P_LOCS + L.NLOC] = setup_locations(rules, setup)


#: every location a booklet setup or Tale chapter names: the 12 Coldharbor locations and
#: the 26 base-game / Sands of Dunestar ones, which play as stand-ins
BOOKLET_POOL = (5, 7, 9, 16, 18, 19, 20, 34, 38, 40, 47, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60,
                61, 62, 2, 3, 4, 6, 8, 13, 17, 27, 30, 39, 41, 42, 43, 46, 50)


def random_pool(rules) -> list:
    """The locations a ``random`` setup draws from: ``setup.random_pool`` names a pool
    (``coldharbor``: the box's 12 randomizers; ``booklet``: every location a booklet setup
    names, stand-ins included) or lists location numbers."""
    v = rules["setup.random_pool"]
    if v == "coldharbor":
        return sorted(COLDHARBOR)
    if v == "booklet":
        return list(BOOKLET_POOL)
    if isinstance(v, str):
        raise BadInput(f"darkness: setup.random_pool = {v!r}; valid: coldharbor, booklet, "
                       "or a list of at least 10 location numbers")
    return v


def _setup_params(p, rules):
    """Per-seat setup, the Prologue, the First Player and the tiebreakers."""
    p[L.P_START_COINS] = int_in(rules, "setup.coins", 0, 50)
    p[L.P_START_INFL] = int_in(rules, "setup.influence", 0, 20)
    t = int_in(rules, "setup.trained_agents", 0, L.MAX_AG)
    p[L.P_START_TRAINED] = t
    p[L.P_START_UNTRAINED] = int_in(rules, "setup.untrained_agents", 0, L.MAX_AG - t)
    slips = int_in(rules, "setup.allegiance_slips", 0, 20)
    p[L.P_SLIPS] = slips if int_in(rules, "setup.slips_cap_claims", 0, 1) else 99
    p[L.P_BAG_PER_COLOUR] = int_in(rules, "setup.bag_per_colour", 1, 30)
    p[L.P_START_CUBES] = int_in(rules, "setup.start_cubes", 0, 5)
    p[L.P_HAND] = int_in(rules, "setup.hand_size", 1, 5)
    int_in(rules, "setup.rounds", L.ROUNDS, L.ROUNDS)
    p[L.P_PRO_PICKS] = int_in(rules, "setup.prologue_picks", 0, 2)
    p[L.P_PRO_PICKS2] = int_in(rules, "setup.prologue_picks_2p", 0, 3)
    p[L.P_HALL_START] = int_in(rules, "setup.hall_start", 1, 4)
    p[L.P_FIRST_RANDOM] = 1 - choice(rules, "setup.first_player", ("random", "seat-0"))
    tb = rules["scoring.tiebreakers"]
    if (not isinstance(tb, list) or len(set(tb)) != len(tb) or len(tb) > L.NTIEBREAK
            or not all(x in L.TIEBREAK_NAMES for x in tb)):
        raise BadInput(f"darkness: scoring.tiebreakers = {tb!r} must list distinct names from: "
                       f"{', '.join(L.TIEBREAK_NAMES)}")
    p[L.P_TIEBREAK_N] = len(tb)
    for i, name in enumerate(tb):
        p[L.P_TIEBREAK + i] = L.TIEBREAK_NAMES.index(name)
    for path, ch in (("setup.deck", ("neutrals",)), ("setup.first_player_passes", ("clockwise",)),
                     ("setup.hall_overflow", ("wait",)), ("setup.prologue_slots", ("by-type",)),
                     ("setup.prologue_marks", ("unique",)),
                     ("setup.chapters_carry", ("none",)), ("setup.guilds", ("identical",)),
                     ("tower.landing", ("uniform",))):
        choice(rules, path, ch)


def _rule_params(p, rules):
    """Tower, cubes, scoring, Docks / Homesteads, the turn cap and the solo automa."""
    p[L.P_THRESHOLD] = int_in(rules, "tower.threshold", 1, 12)
    p[L.P_CUBES_BASE] = int_in(rules, "cubes.base_per_card", 0, 2)
    p[L.P_COIN_VP] = int_in(rules, "scoring.coins_per_vp", 1, 20)
    p[L.P_GOODWILL_VP] = int_in(rules, "scoring.goodwill_per_vp", 1, 20)
    p[L.P_INFL_VP] = int_in(rules, "scoring.influence_per_vp", 0, 20)
    p[L.P_DEF_PEN:L.P_DEF_PEN + 12] = _int_list(rules, "scoring.defense_penalty", 12, 0, 99)
    p[L.P_DEF_MAX] = int_in(rules, "scoring.defense_max", 1, 11)
    p[L.P_DOCK_RATE] = int_in(rules, "docks.rate", 1, 10)
    p[L.P_DOCK_AGENTS] = int_in(rules, "docks.agents_per_visit", 1, 6)
    p[L.P_HOME_BS] = int_in(rules, "homesteads.slot6_battle_strength", 0, 6)
    p[L.P_TURN_CAP] = int_in(rules, "engine.turn_cap", 10, L.TURN_CAP_MAX)
    p[L.P_AUTO_VP] = int_in(rules, "solo.automa_vp_per_round", 0, 20)
    p[L.P_AUTO_VP_ADV] = int_in(rules, "solo.automa_vp_per_advancement", 0, 5)
    p[L.P_AUTO_TAKE] = int_in(rules, "solo.automa_take", 0, 5)
    p[L.P_AUTO_CUBES] = int_in(rules, "solo.automa_cubes", 0, 10)
    p[L.P_AUTO_ADV] = int_in(rules, "solo.automa_advancements", 0, 5)
    p[L.P_SOLO_TIE_WIN] = int_in(rules, "solo.tie_wins", 0, 1)
    p[L.P_BT_CUBE] = choice(rules, "rulings.border_agents_alone", ("needs-a-cube", "allowed")) == 0
    p[L.P_STACK_SCOPE] = choice(rules, "rulings.prologue_mark_scope", ("location", "stack"))
    p[L.P_SOLO_AUTO_ATTACK] = choice(rules, "solo.automa_colour", ("attacks-nobody",
                                                                   "attacks-the-player"))
    p[L.P_SOLO_BLUFFS] = choice(rules, "solo.bluffs_players", ("the-player", "with-the-automa"))
    p[L.P_SOLO_COLDHOLLOW] = choice(rules, "solo.coldhollow", ("uncontested", "no-majorities"))
    p[L.P_ELIMINATE] = choice(rules, "rulings.players_in_game", ("all", "bottom-out"))
    p[L.P_SMUGGLER_PRO] = choice(rules, "rulings.smuggler_prologue",
                                 ("applies", "not-in-prologue"))
    if p[L.P_ELIMINATE] and p[L.P_DEF_MAX] > 10:
        raise BadInput(f"darkness: rulings.players_in_game = 'bottom-out' needs "
                       f"scoring.defense_max <= 10 (got {p[L.P_DEF_MAX]}); valid: 1..10")


def _kind_params(p, rules):
    """Per location kind: threat Damage and rewards, amounts A/B/C."""
    for k, name in enumerate(L.KIND_NAMES):
        b = f"kinds.{name}."
        p[L.P_DMG + k] = int_in(rules, b + "damage", 0, 6)
        p[L.P_REW1 + k] = choice(rules, b + "reward1", L.REWARD_NAMES)
        p[L.P_REW1_A + k] = int_in(rules, b + "reward1_amount", 0, 6)
        p[L.P_REW2 + k] = choice(rules, b + "reward2", L.REWARD_NAMES)
        p[L.P_REW2_A + k] = int_in(rules, b + "reward2_amount", 0, 6)
        p[L.P_REW_OR + k] = int_in(rules, b + "reward_or", 0, 1)
        p[L.P_CA + k] = int_in(rules, b + "a", 0, 20)
        p[L.P_CB + k] = int_in(rules, b + "b", 0, 20)
        p[L.P_CC + k] = int_in(rules, b + "c", 0, 20)


def _card_params(p, rules):
    """Per card: the printed top effect, the printed threat's Damage and reward."""
    rew = choice(rules, "cards.printed_reward", L.REWARD_NAMES[:5])
    rew_a = int_in(rules, "cards.printed_reward_amount", 0, 5)
    for key, first, n, dmax in (("starter", 0, 4, 4), ("citizen", L.CITIZEN0, 11, 4),
                                ("patrician", L.PATRICIAN0, 6, 4)):
        eff = _str_list(rules, f"cards.{key}.effect", n, L.EFFECT_NAMES)
        a = _int_list(rules, f"cards.{key}.a", n, 0, 20)
        b = _int_list(rules, f"cards.{key}.b", n, 0, 20)
        d = _int_list(rules, f"cards.{key}.damage", n, 0, dmax)
        for i in range(n):
            ids = [s * 4 + i for s in range(4)] if key == "starter" else [first + i]
            for c in ids:
                p[L.P_TOP_EFF + c] = eff[i]
                p[L.P_TOP_A + c] = a[i]
                p[L.P_TOP_B + c] = b[i]
                p[L.P_BASE_DMG + c] = d[i]
                p[L.P_BASE_REW + c] = rew
                p[L.P_BASE_REW_A + c] = rew_a


API = GameAPI(SPEC, engine, compile_params, Path(__file__).with_name("rules.toml"))
