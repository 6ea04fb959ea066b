"""Dark Frontier, the solo Tel·lus mission: SPEC and validating wrappers.

One seat (the Tel·lus player) against the Zrug Rival Deck, which the engine plays
by the rulebook's chart (its shuffled deck is chance).  Variants: ``standard``;
``eased`` (the rulebook's retry: skip the Rival's Turn 4 and remove the Ruthless
Hunter); ``skip-turn-4`` and ``no-hunter`` (each eased change alone).

"Skip the Turn 4" has two readings, and the eased result depends on which: ``eased``
and ``skip-turn-4`` read it as "the Rival does nothing on its 4th turn";
``eased-row5`` reads it as "the Rival's 4th turn already plays the 'Turn 5 and so'
row".  Report both wherever the eased mission is reported.
Card statistics are not in the rulebook: they are `assumed` entries of
rules.toml (``darkbalance rules frontier``), compiled into params so sweeps can
change them.  ``describe`` names an action in the rulebook's words from the state
(:mod:`simcore.frontier.describe`); decision kinds: :mod:`simcore.frontier.kinds`.
"""
from pathlib import Path

import numpy as np

from simcore.frontier import engine
from simcore.frontier import layout as L
from simcore.frontier.describe import describe  # noqa: F401  (re-exported)
from simcore.frontier.kinds import ACTION_KINDS
from simcore.game import GameAPI, choice, int_in
from simcore.spec import BadInput, GameSpec, Persona

SPEC = GameSpec(
    name="frontier",
    game_id=6,
    version=3,  # 2: the turn-start win check comes before the Rival's wipe-out; both
    # readings of "skip the Turn 4" named (eased, eased-row5); the starting cards enter
    # deactivated (turn 1 skips Activation); 3: three readings added as swept
    # alternatives (Faction read literally, full damage to each interceptor, a shooting
    # Ruthless Hunter), their defaults unchanged
    players=(1, 1),
    num_actions=L.NUM_ACTIONS,
    max_game_length=L.MAX_GAME_LENGTH,
    state_size=L.STATE_SIZE,
    params_size=L.PARAMS_SIZE,
    has_chance=True,
    hidden_info=False,  # only deck orders are unseen, and decks are drawn at random (counts)
    simultaneous=False,
    setups=("standard", "eased", "eased-row5", "skip-turn-4", "no-hunter"),
    end_reasons=("playing", "win-colonized", "loss-bunker", "rival-exhausted", "turn-cap",
                 "loss-abandonment"),
    info_columns=("rounds", "end_reason", "cp", "bunker_damage", "rival_cards_played",
                  "rival_removed", "troops_lost", "rival_turns"),
    # legacy: the scripted player before the blunder fixes, kept frozen
    personas=("default", Persona("legacy", frozen=True)),
    long_name="Dark Frontier: the solo Tel·lus mission",
    action_kinds=ACTION_KINDS,
    setup_aliases={"skip4": "skip-turn-4", "skip-4": "skip-turn-4", "nohunter": "no-hunter",
                   "eased-idle": "eased", "eased-turn5": "eased-row5",
                   "eased-turn-5": "eased-row5"},
)

#: (skip the Rival's Turn 4, remove the Ruthless Hunter) per variant
VARIANTS = {
    "standard": (0, 0),
    "eased": (1, 1),
    "eased-row5": (1, 1),
    "skip-turn-4": (1, 0),
    "no-hunter": (0, 1),
}
#: the reading of "skip the Turn 4" (DF-VARIANT-05): 0 the Rival does nothing on its 4th
#: turn, 1 its 4th turn plays the "Turn 5 and so" row
SKIP_READING = {"eased-row5": 1}

_INT_RANGES = {  # card field -> (lo, hi) the kernels accept
    "cost": (0, 20), "attack": (0, 20), "life": (0, 20), "structure": (0, 99),
    "colonization": (0, 20), "ranged": (0, 20), "armor": (0, 20), "shields": (0, 20),
    "speed_assault": (0, 1), "anti_gravity": (0, 1), "crystal": (0, 20), "repair": (0, 99),
    "count": (0, 24),
}


def compile_params(rules, players, setup):
    skip_t4, no_hunter = VARIANTS[setup]
    p = np.zeros(L.PARAMS_SIZE, dtype=np.int32)
    p[L.P_NUM_PLAYERS] = players
    p[L.P_CP_TARGET] = int_in(rules, "mission.cp_target", 1, 99)
    p[L.P_HAND_LIMIT] = int_in(rules, "mission.hand_limit", 0, 30)
    p[L.P_OPEN_ARMY] = int_in(rules, "mission.open_army", 0, 10)
    p[L.P_OPEN_ORDERS] = int_in(rules, "mission.open_orders", 0, 10)
    p[L.P_ABANDONMENT] = int_in(rules, "mission.abandonment", 0, 1)
    p[L.P_TURN_CAP] = int_in(rules, "mission.turn_cap", 1, L.MAX_TURN_CAP)
    p[L.P_START_FROM_DECK] = int_in(rules, "mission.starting_from_deck", 0, 1)
    p[L.P_START_ACTIVE] = int_in(rules, "mission.starting_active", 0, 1)
    p[L.P_EXHAUST_WIN] = int_in(rules, "mission.exhausted_win", 0, 1)
    p[L.P_COST_DELTA] = int_in(rules, "cost.faction_delta", 0, 10)
    p[L.P_COST_FLOOR] = int_in(rules, "cost.floor", 0, 10)
    p[L.P_PLAYER_TELLUS] = int_in(rules, "faction.player_is_tellus", 0, 1)
    p[L.P_SHIP] = int_in(rules, "ship.enabled", 0, 1)
    p[L.P_SHIP_CRYSTAL] = int_in(rules, "ship.crystal", 0, 20)
    p[L.P_SHIP_RANGED] = int_in(rules, "ship.ranged", 0, 20)
    p[L.P_DMG_PERSISTS] = int_in(rules, "combat.damage_persists", 0, 1)
    p[L.P_VANISH_AFTER_ARMOR] = int_in(rules, "combat.vanish_after_armor", 0, 1)
    p[L.P_FIRST_STRIKE_KILLS] = int_in(rules, "combat.first_strike_kills", 0, 1)
    p[L.P_DAMAGE_EACH] = int_in(rules, "combat.damage_split", 0, 1)
    int_in(rules, "combat.interceptor_blocks", 1, 1)
    int_in(rules, "combat.reactions_own_phases", 1, 1)
    p[L.P_CP_FLOOR] = int_in(rules, "colonization.floor_zero", 0, 1)
    p[L.P_NEUTRAL_LOSS] = int_in(rules, "colonization.neutral_loss", 0, 1)
    p[L.P_VANISH_LOSES_CP] = int_in(rules, "colonization.vanish_loses", 0, 1)
    int_in(rules, "deck.shuffled", 1, 1)
    int_in(rules, "deck.destroyed_to_discard", 1, 1)
    int_in(rules, "deck.standard_open_army", 0, 7)
    int_in(rules, "deck.bunker_text", 0, 0)
    p[L.P_RIVAL_REACTIVATE] = int_in(rules, "rival.reactivate", 0, 1)
    p[L.P_RIVAL_ABILITIES] = int_in(rules, "rival.abilities", 0, 1)
    int_in(rules, "rival.reveal_short", 1, 1)
    int_in(rules, "rival.target_bunker", 0, 0)
    # both readings are named setups, so the rules value only names them (not swept)
    choice(rules, "variant.skip_turn4_mode", ("both-named",))
    p[L.P_SKIP_MODE] = SKIP_READING.get(setup, 0) if skip_t4 else 0
    p[L.P_SKIP_T4] = skip_t4
    p[L.P_REVEAL_ACTIVE] = 1
    p[L.P_START_A] = L.BUNKER
    p[L.P_START_B] = L.HQ

    for kind, key in enumerate(L.KIND_KEYS):
        base = f"cards.{key}."
        t = choice(rules, base + "type", L.TYPE_NAMES)
        f = choice(rules, base + "faction", L.FACTION_NAMES)
        d = choice(rules, base + "deck", L.DECK_NAMES)
        rival = kind >= L.RIVAL0
        if rival != (d == L.D_RIVAL):
            raise BadInput(f"frontier: {base}deck = {L.DECK_NAMES[d]!r} is not valid for this card; "
                           f"valid: {'rival' if rival else 'army, orders'}")
        if rival and t != L.T_TROOP:
            raise BadInput(f"frontier: {base}type = {L.TYPE_NAMES[t]!r} is not valid for a "
                           "Rival card; valid: troop")
        p[L.card(kind, L.CF_TYPE)] = t
        p[L.card(kind, L.CF_FACTION)] = f
        p[L.card(kind, L.CF_DECK)] = d
        for field, (lo, hi) in _INT_RANGES.items():
            p[L.card(kind, L.CARD_FIELDS.index(field))] = int_in(rules, base + field, lo, hi)
    if no_hunter:
        p[L.card(L.HUNTER, L.CF_COUNT)] = 0
    if p[L.card(L.BUNKER, L.CF_STRUCT)] < 1:
        raise BadInput("frontier: cards.bunker.structure = 0 is out of range; valid: 1..99")
    n_tellus = sum(int(p[L.card(k, L.CF_COUNT)]) for k in range(L.NK))
    n_rival = sum(int(p[L.card(k, L.CF_COUNT)]) for k in range(L.RIVAL0, L.NKIND))
    n_tellus += 0 if p[L.P_START_FROM_DECK] else 2
    if n_tellus > L.MAX_TF:
        raise BadInput(f"frontier: the Tel·lus decks hold {n_tellus} cards; valid: at most {L.MAX_TF}")
    if n_rival > L.MAX_RF:
        raise BadInput(f"frontier: the Rival Deck holds {n_rival} cards; valid: at most {L.MAX_RF}")
    return p


API = GameAPI(SPEC, engine, compile_params, Path(__file__).with_name("rules.toml"))
