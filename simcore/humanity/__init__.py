"""Edge of Humanity (2-5 players): SPEC, params compiler and action helpers.

Setups: ``1`` (Epidemic, New York), ``2`` (Nuclear Aftermath, New Mexico: Firearms and
Weapons), ``3`` (Alien Invasion, Nebraska: commodity bidding for Events) and ``custom``
(Create Your Own Story: a Plot and a Location deck drawn by the chance stream in ``init``).
Variants are rules values (``variant.longer_game``, ``variant.survival_mode``,
``variant.no_events``, 0/1) so studies can sweep them with ``--set``.

Actions (see :mod:`simcore.humanity.layout`)::

    0..39    hand card i: play / build with / bid / pay with / discard / recruit it
    40..47   option k: an Event option, a Trade pile, a seat (target), a Survivor Row slot
    48..67   Colony slot c: continue the partial Building there, or use that Survivor
    68..91   amount k (a commodity bid)
    92       done / pass / end the turn / no      93 the discard action      94 yes (fire)

Every decision is one small action; multi-card choices (a bid, the Supplies paid for a
Building or a Survivor, the cards discarded) are taken one card at a time, then ``done``.
``describe_action`` names an action for logs; ``describe`` names it in the rulebook's words
from the state (:mod:`simcore.humanity.describe`); decision kinds: :mod:`simcore.humanity.kinds`.
"""
import functools
from pathlib import Path

import numpy as np

from simcore.game import GameAPI, choice, int_in
from simcore.humanity import engine
from simcore.humanity import layout as L
from simcore.humanity.describe import describe  # noqa: F401  (re-exported)
from simcore.humanity.fit import fit_rules
from simcore.humanity.kinds import ACTION_KINDS
from simcore.spec import BadInput, GameSpec, Persona

SPEC = GameSpec(
    name="humanity",
    game_id=5,
    version=3,  # 3: Event options must be fulfillable for rescue, draw and loot; a custom
    # story plays 8 Events and takes 2 Plot pack cards (2: Heroic Act's Life cost after the
    # recruit, Supplies in the third unmarked pack, Firearms hold 1 Bullet)
    players=(2, 5),
    num_actions=L.NUM_ACTIONS,
    max_game_length=L.MAX_GAME_LENGTH,
    state_size=L.STATE_SIZE,
    params_size=L.PARAMS_SIZE,
    has_chance=True,
    hidden_info=True,
    simultaneous=True,
    setups=("1", "2", "3", "custom"),
    end_reasons=("playing", "sp-11", "events-exhausted", "round-cap"),
    info_columns=("rounds", "end_reason", "sp_ended", "buildings", "survivors", "max_sp",
                  "depletions", "first_player"),
    personas=("builder", "recruiter", Persona("legacy", frozen=True)),  # the pre-fix builder
    long_name="Edge of Humanity",
    action_kinds=ACTION_KINDS,
    setup_aliases={"s1": "1", "s2": "2", "s3": "3", "epidemic": "1", "nuclear": "2",
                   "nuclear-aftermath": "2", "alien": "3", "alien-invasion": "3",
                   "story": "custom", "create-your-own-story": "custom"},
)

EFFECTS = (
    "none", "draw", "actions", "gain-life", "lose-life", "gain-sp", "discard", "trash",
    "pay-supplies", "loot", "take-supply-from-trade", "take-from-trade", "rescue", "bullets",
    "fresh-start", "finish-building", "heroic-recruit", "armed-robbery-swap",
    "first-strike-steal", "hand-size", "trade-bonus", "recruit-discount", "extra-action",
    "end-sp", "others-lose-life", "fire", "discard-supplies",
)
assert len(EFFECTS) == L.NUM_EFFECTS
#: effects that ask the player to pick cards/targets one at a time (amount <= MAX_PICK)
PICK_EFFECTS = {"discard", "trash", "pay-supplies", "take-supply-from-trade", "take-from-trade",
                "rescue", "discard-supplies"}
PASSIVE_ONLY = {"hand-size", "trade-bonus", "recruit-discount", "extra-action", "end-sp"}

EVENT_DECKS = ("epidemic", "nuclear", "alien", "new-york", "new-mexico", "nebraska")
SCENARIOS = {"1": 0, "2": 1, "3": 2, "custom": 3}


def _card_keys(rules):
    return list(_card_keys_of(tuple(rules.entries)))


@functools.lru_cache(maxsize=16)  # a joint-sensitivity repair asks ~30k times, same paths
def _card_keys_of(paths):
    return tuple(p[len("cards."):-len(".type")] for p in paths
                 if p.endswith(".type") and p.startswith("cards."))


def _event_keys(rules):
    return [p[len("events."):-len(".deck")] for p in rules.entries
            if p.startswith("events.") and p.endswith(".deck")]


def parse_effects(text, path, allow_passive=False):
    """'draw 2, actions 1' -> ((code, amount), ...) (raises BadInput on a bad name)."""
    return _parse_effects(str(text), path, allow_passive)


@functools.lru_cache(maxsize=4096)  # a joint-sensitivity repair compiles the cards ~30k times
def _parse_effects(text, path, allow_passive):
    out = []
    text = text.strip()  # parse_effects made it a str: the cache key
    if not text or text == "none":
        return out
    for part in text.split(","):
        bits = part.split()
        if not bits:
            continue
        name = bits[0]
        if name not in EFFECTS or (name in PASSIVE_ONLY and not allow_passive):
            raise BadInput(f"humanity: {path} names unknown effect {name!r}; valid: "
                           + ", ".join(e for e in EFFECTS if e not in PASSIVE_ONLY))
        try:
            amt = int(bits[1]) if len(bits) > 1 else 1
        except ValueError:
            raise BadInput(f"humanity: {path}: amount {bits[1]!r} is not an integer") from None
        hi = L.MAX_PICK if name in PICK_EFFECTS else 9
        if not 0 <= amt <= hi or len(bits) > 2:
            raise BadInput(f"humanity: {path}: {part.strip()!r} is out of range; valid: "
                           f"'{name} N' with N in 0..{hi}")
        out.append((EFFECTS.index(name), amt))
    if len(out) > L.MAX_EFF:
        raise BadInput(f"humanity: {path} has {len(out)} effects; valid: at most {L.MAX_EFF}")
    return tuple(out)


def card_ids(rules=None):
    """Card kind ids by key (rules.toml order)."""
    rules = API.rules() if rules is None else rules
    return {k: i for i, k in enumerate(_card_keys(rules))}


def event_ids(rules=None):
    rules = API.rules() if rules is None else rules
    return {k: i for i, k in enumerate(_event_keys(rules))}


def compile_params(rules, players, setup):
    scen = SCENARIOS[setup]
    p = np.zeros(L.PARAMS_SIZE, dtype=np.int32)
    p[L.P_NUM_PLAYERS] = players
    p[L.P_SCENARIO] = scen
    longer = _compile_game(rules, p, scen)
    _compile_cards(rules, p, players)
    _compile_events(rules, p, scen, longer)
    if p[L.P_ROUND_CAP] < 1:
        raise BadInput("humanity: game.round_cap must be >= 1")
    return p




def _compile_game(rules, p, scen):
    """Setup, game, trade, weapon and bidding values and the packs in play; returns whether
    the Longer Game variant is on."""
    survival = int_in(rules, "variant.survival_mode", 0, 1)
    longer = int_in(rules, "variant.longer_game", 0, 1)
    p[L.P_HAND_SIZE] = int_in(rules, "setup.hand_size", 1, 12)
    p[L.P_START_HAND] = int_in(rules, "setup.starting_hand", 1, 12)
    life = int_in(rules, "setup.life", 1, 20)
    refill = int_in(rules, "setup.life_refill", 1, 20)
    if survival:
        life = refill = int_in(rules, "variant.survival_life", 1, 20)
    p[L.P_START_LIFE] = life
    p[L.P_REFILL_LIFE] = refill
    int_in(rules, "setup.life_as_number", 1, 1)
    int_in(rules, "setup.row_length", L.ROW_LEN, L.ROW_LEN)
    choice(rules, "setup.colony_card_effect", ("none",))
    goal = int_in(rules, "game.sp_goal", 1, 60)
    if longer:
        goal = int_in(rules, "variant.longer_sp_goal", 1, 60)
    p[L.P_SP_GOAL] = goal
    p[L.P_PILE_START] = int_in(rules, "trade.pile_cards", 1, 4)
    p[L.P_PILE_ADD] = int_in(rules, "trade.pile_growth", 0, 2)
    p[L.P_NEW_PILE] = int_in(rules, "trade.new_pile_cards", 1, 4)
    p[L.P_EMPTY_PILE_OK] = int_in(rules, "trade.empty_pile_choosable", 0, 1)
    choice(rules, "cleanup.unlucky_removed_to", ("box",))
    choice(rules, "cleanup.short_row", ("leave-gaps",))
    choice(rules, "cleanup.reload_step", ("before-step-1",))
    choice(rules, "rescue.empty_row", ("shuffle-only",))
    choice(rules, "game.event_reading", ("one-event-per-round",))
    choice(rules, "weapons.fire_choice", ("most-loaded",))
    choice(rules, "bidding.ranking", ("turn-order",))
    int_in(rules, "game.depleted_skips_refill", 1, 1)
    p[L.P_NO_EVENTS] = int_in(rules, "variant.no_events", 0, 1)
    p[L.P_ROUND_CAP] = int_in(rules, "game.round_cap", 1, L.MAX_ROUNDS)
    p[L.P_ACTION_CAP] = int_in(rules, "game.action_cap", 1, L.MAX_ACTIONS_TURN)
    p[L.P_TIEBREAK_UNBUILT] = int_in(rules, "game.tiebreak_counts_unbuilt", 0, 1)
    p[L.P_FIREARM_CAP] = int_in(rules, "weapons.firearm_capacity", 1, 5)
    p[L.P_FIREARM_START] = int_in(rules, "weapons.firearm_start", 0, int(p[L.P_FIREARM_CAP]))
    p[L.P_RELOAD_ON] = int_in(rules, "weapons.reload", 0, 1)
    p[L.P_BULLET_RESERVE] = int_in(rules, "setup.bullet_tokens", 0, 99)
    p[L.P_EBID_ZERO] = int_in(rules, "bidding.zero_allowed", 0, 1)
    p[L.P_EBID_ALL_LIFE] = int_in(rules, "bidding.life_to_zero", 0, 1)
    p[L.P_EBID_WEAPON_BUL] = int_in(rules, "bidding.weapon_bullets", 1, 1)
    p[L.P_FIREARMS] = (0, 1, 1, 2)[scen]
    p[L.P_SUPPLY_REMOVE] = int_in(rules, "variant.survival_supplies_removed", 0, 40) if survival else 0
    if scen == 2:
        p[L.P_SURV_REMOVE] = int_in(rules, "scenario.s3.remove_survivors", 0, 20)
        p[L.P_ACT_REMOVE] = int_in(rules, "scenario.s3.remove_actions", 0, 20)
        p[L.P_BLD_REMOVE] = int_in(rules, "scenario.s3.remove_buildings", 0, 20)
    choice(rules, "scenario.custom.firearms", ("if-pack-2-or-3",))
    choice(rules, "scenario.custom.main_deck", ("base + extra + plot cards",))
    p[L.P_PLOT_CARDS] = int_in(rules, "scenario.custom.plot_cards", 0, 20)
    choice(rules, "scenario.custom.survivor_deck", ("all 34",))
    b = lambda *ks: sum(1 << k for k in ks)  # noqa: E731
    main_old, main_new, surv_old, surv_new = [
        (b(L.PK_BASE), 0, b(L.PK_S1), 0),
        (b(L.PK_BASE, L.PK_S2), 0, b(L.PK_S1, L.PK_S2), 0),
        (b(L.PK_BASE, L.PK_S2), b(L.PK_S3), b(L.PK_S1, L.PK_S2), b(L.PK_S3)),
        (b(L.PK_BASE, L.PK_EXTRA), 0, b(L.PK_S1, L.PK_S2, L.PK_S3, L.PK_EXTRA), 0),
    ][scen]
    p[L.P_MAIN_OLD], p[L.P_MAIN_NEW], p[L.P_SURV_OLD], p[L.P_SURV_NEW] = (
        main_old, main_new, surv_old, surv_new)
    return longer


def precheck_params(rules, players, setup):
    """compile_params's game values and deck-size checks, without the card and event
    tables: a joint-sensitivity repair asks about thousands of rules sets, and most of
    those the engine refuses exceed the 180 cards of the packs (API.precheck)."""
    _compile_game(rules, np.zeros(L.PARAMS_SIZE, dtype=np.int32), SCENARIOS[setup])
    _check_card_keys(rules, players)


def _check_card_keys(rules, players):
    """The card kinds (their number, the firearm) and the deck sizes; returns the keys."""
    keys = _card_keys(rules)
    if len(keys) > L.MAX_KINDS:
        raise BadInput(f"humanity: {len(keys)} card kinds; valid: at most {L.MAX_KINDS}")
    if "firearm" not in keys:
        raise BadInput("humanity: cards.firearm is missing; valid: a colony card named firearm")
    _check_deck_sizes(rules, keys, players)
    return keys


def _compile_cards(rules, p, players):
    """The card table (one KF_N row per card kind) and the deck-size checks."""
    keys = _check_card_keys(rules, players)
    for k, key in enumerate(keys):
        base = f"cards.{key}."
        o = L.P_CARDS + k * L.KF_N
        t = choice(rules, base + "type", L.TYPE_NAMES)
        pack = choice(rules, base + "pack", L.PACK_NAMES)
        cnt = int_in(rules, base + "count", 0, 20)
        p[o + L.KF_TYPE] = t
        p[o + L.KF_PACK] = pack
        p[o + L.KF_COUNT] = cnt
        g = rules.get
        p[o + L.KF_TRADE] = int_in(rules, base + "trade", 0, 9) if base + "trade" in rules else 0
        if t == L.TY_SUPPLY:
            p[o + L.KF_SUPPLY] = int_in(rules, base + "supply", 1, 9)
        if t in (L.TY_BUILDING, L.TY_SURVIVOR):
            p[o + L.KF_COST] = int_in(rules, base + "cost", 0 if t == L.TY_SURVIVOR else 1,
                                      L.MAX_COST)
            p[o + L.KF_SP] = int_in(rules, base + "sp", 0, 20)
        p[o + L.KF_LIFE] = int_in(rules, base + "life", -9, 9) if base + "life" in rules else 0
        p[o + L.KF_PAY_LIFE] = int_in(rules, base + "pay_life", 0, 9) if base + "pay_life" in rules else 0
        if p[o + L.KF_PAY_LIFE] > 0:
            if base + "life" in rules:
                raise BadInput(f"humanity: {base}life and {base}pay_life are both set; valid: "
                               "one (a Life cost is lost as the heart icon)")
            # a Life cost is paid as the heart icon: lost after all other effects
            p[o + L.KF_LIFE] = -p[o + L.KF_PAY_LIFE]
        p[o + L.KF_WEAPON] = int_in(rules, base + "weapon", 0, 5) if base + "weapon" in rules else 0
        p[o + L.KF_NEEDS_FIRE] = int_in(rules, base + "needs_fire", 0, 1) if base + "needs_fire" in rules else 0
        p[o + L.KF_REQ] = choice(rules, base + "requires", L.REQ_NAMES) if base + "requires" in rules else 0
        effs = parse_effects(g(base + "effects", ""), base + "effects")
        for j, (c, a) in enumerate(effs):
            p[o + L.KF_E + 2 * j] = c
            p[o + L.KF_E + 2 * j + 1] = a
        be = parse_effects(g(base + "bullet", ""), base + "bullet")
        if len(be) > 1:
            raise BadInput(f"humanity: {base}bullet has {len(be)} effects; valid: at most 1")
        if be:
            p[o + L.KF_BE], p[o + L.KF_BA] = be[0]
        ab = parse_effects(g(base + "ability", ""), base + "ability", allow_passive=True)
        if len(ab) > 1:
            raise BadInput(f"humanity: {base}ability has {len(ab)} effects; valid: at most 1")
        if ab:
            p[o + L.KF_ABIL], p[o + L.KF_ABIL_AMT] = ab[0]
        p[o + L.KF_TIMING] = choice(rules, base + "timing", L.TIMING_NAMES) if base + "timing" in rules else 0
        if t == L.TY_COLONY and key == "firearm":
            p[L.P_FIREARM_KIND] = k
            p[o + L.KF_WEAPON] = p[L.P_FIREARM_CAP]


def _check_deck_sizes(rules, keys, players):
    """The deck-size limits, checked before the card table is built (a joint-sensitivity
    repair asks about thousands of rules sets, most refused here)."""
    start_n = surv = main_cards = 0
    for key in keys:
        base = f"cards.{key}."
        pack = choice(rules, base + "pack", L.PACK_NAMES)
        cnt = int_in(rules, base + "count", 0, 20)
        if pack == L.PK_START:
            start_n += cnt
        if pack < L.PK_NONE:  # the start pack counts too, as before
            main_cards += cnt
        if choice(rules, base + "type", L.TYPE_NAMES) == L.TY_SURVIVOR:
            surv += cnt
    if start_n > L.OWN_CAP // 2 or start_n < 1:
        raise BadInput(f"humanity: the starting deck has {start_n} cards; valid: 1..{L.OWN_CAP // 2}")
    if main_cards + start_n * players > L.CARD_CAP:
        raise BadInput(f"humanity: {main_cards} cards in the packs; valid: at most "
                       f"{L.CARD_CAP - start_n * players}")
    if surv > L.SDECK_CAP:
        raise BadInput(f"humanity: {surv} Survivor cards; valid: at most {L.SDECK_CAP}")


def _compile_events(rules, p, scen, longer):
    """The event table, the six Event decks and the scenario's Event deck."""
    ekeys = _event_keys(rules)
    if len(ekeys) > L.MAX_EV_KINDS:
        raise BadInput(f"humanity: {len(ekeys)} events; valid: at most {L.MAX_EV_KINDS}")
    per_deck = [[] for _ in EVENT_DECKS]
    for e, key in enumerate(ekeys):
        base = f"events.{key}."
        o = L.P_EVENTS + e * L.EF_N
        kind = choice(rules, base + "kind", L.EVENT_KIND_NAMES)
        d = choice(rules, base + "deck", EVENT_DECKS)
        per_deck[d].append(e)
        p[o + L.EF_KIND] = kind
        p[o + L.EF_DECK] = d
        if kind == L.EK_CHOOSE:
            nopt = 0
            for i in range(L.MAX_OPTS):
                path = f"{base}option{i + 1}"
                effs = parse_effects(rules.get(path, ""), path)
                if not effs:
                    continue
                for j, (c, a) in enumerate(effs):
                    p[o + L.EF_OPT + nopt * 6 + 2 * j] = c
                    p[o + L.EF_OPT + nopt * 6 + 2 * j + 1] = a
                nopt += 1
            if nopt == 0:
                raise BadInput(f"humanity: events.{key} has no option; valid: 1..3 options")
            p[o + L.EF_NOPT] = nopt
            p[o + L.EF_PICKS] = int_in(rules, base + "picks", 1, min(2, nopt))
        else:
            if base + "commodity" not in rules:  # a 'choose' Event set to 'bid' by --set
                raise BadInput(f"humanity: {base}kind = 'bid' needs {base}commodity, which "
                               f"this Event's entry does not have (only a bid Event's does); "
                               "valid: choose")
            p[o + L.EF_COMMODITY] = choice(rules, base + "commodity", L.COMMODITY_NAMES)
            for fld, off in (("first", L.EF_FIRST), ("last", L.EF_LAST)):
                effs = parse_effects(rules.get(base + fld, ""), base + fld)
                if len(effs) > 2:
                    raise BadInput(f"humanity: {base}{fld} has {len(effs)} effects; valid: at most 2")
                for j, (c, a) in enumerate(effs):
                    p[o + off + 2 * j] = c
                    p[o + off + 2 * j + 1] = a
    for d, lst in enumerate(per_deck):
        if len(lst) != L.DECK_EVENTS:
            raise BadInput(f"humanity: the {EVENT_DECKS[d]} deck has {len(lst)} events; "
                           f"valid: {L.DECK_EVENTS}")
        for i, e in enumerate(lst):
            p[L.P_DECK_EVENTS + d * L.DECK_EVENTS + i] = e
    n_events = 9
    if scen < 3:
        s = f"scenario.s{scen + 1}."
        lst = rules[s + "events"]
        if not isinstance(lst, list) or not 1 <= len(lst) <= 9 or any(x not in ekeys for x in lst):
            raise BadInput(f"humanity: {s}events = {lst!r} must list 1..9 event keys; valid keys: "
                           + ", ".join(ekeys))
        n_events = len(lst)
        for i, x in enumerate(lst):
            p[L.P_SCEN_EVENTS + i] = ekeys.index(x)
        extra = rules[s + "longer"]
        if not isinstance(extra, list) or len(extra) > 3 or any(x not in ekeys for x in extra):
            raise BadInput(f"humanity: {s}longer = {extra!r} must list 0..3 event keys")
        for i, x in enumerate(extra):
            p[L.P_LONGER_EVENTS + i] = ekeys.index(x)
        n_extra = min(len(extra), int_in(rules, "variant.longer_events", 0, 3)) if longer else 0
    else:
        n_events = int_in(rules, "game.custom_rounds", 1, 9)
        n_extra = int_in(rules, "variant.longer_events", 0, 3) if longer else 0
    p[L.P_LONGER_EXTRA] = n_extra
    p[L.P_NUM_EVENTS] = n_events + n_extra
    p[L.P_EV_SHUFFLED] = 1 if (scen == 3 or n_extra > 0) else 0


def describe_action(action: int) -> str:
    """A short human-readable name for ``action``."""
    a = int(action)
    if a < L.OPT_BASE:
        return f"hand card {a}"
    if a < L.COL_BASE:
        return f"option {a - L.OPT_BASE}"
    if a < L.AMT_BASE:
        return f"colony slot {a - L.COL_BASE}"
    if a < L.A_DONE:
        return f"amount {a - L.AMT_BASE}"
    return {L.A_DONE: "done", L.A_DISCARD: "discard action", L.A_YES: "yes"}.get(a, f"action {a}")


API = GameAPI(SPEC, engine, compile_params, Path(__file__).with_name("rules.toml"),
              precheck=precheck_params, fit=fit_rules)
