"""Court of the Dead: Dark Harvest (3-6 players): SPEC, params compiler and helpers.

The box says 3-6 players; the rulebook's soul table starts at 2 only because eliminations
can leave two in the game.  A 2-player game is not a supported count: it is kept only as
the named variant ``two-player`` (``--variant two-player``), so no study plays it by default.

Actions (see :mod:`simcore.court.layout`)::

    0..17     bid: faction * 6 + amount (faction 0 Flesh, 1 Spirit, 2 Bone; amount 0..5)
    18..145   amount k = action - 18 (an Offering, souls staked on Mortis Knighthood,
              souls added with Shieve)
    146..148  Favor adjustment by -1, 0, +1 (Flesh Favor on a bid, Spirit Favor on an Offering)
    149..154  option k = action - 149: a seat (targets, tie-breaks), a Favor's faction
              (United winners) or a Court slot (Socopherie's copy)
    155       decline / no        156  yes

``encode_bid``/``decode_bid`` convert bids, validating the input (the jitted pair behind
them, which the engine, ``describe`` and the scripted players use, is
:mod:`simcore.court.actions`); ``describe_action`` names any action for logs and
``describe`` names it in the rulebook's words from the state (:mod:`simcore.court.describe`);
the kinds of actions counted by ``decisions`` are in :mod:`simcore.court.kinds`.
"""
from pathlib import Path

import numpy as np

from simcore.court import actions, engine
from simcore.court import layout as L
from simcore.court.describe import describe  # noqa: F401  (re-exported)
from simcore.court.kinds import ACTION_KINDS
from simcore.game import GameAPI, choice, int_in
from simcore.spec import BadInput, GameSpec, Persona

# Court cards in id order (rules.toml paths cards.<key>.*)
CARD_KEYS = (
    "cleopsis", "poxxil", "gallevarbe", "exraile", "gethsemoni", "odium", "unnamed_flesh_1",
    "ellianastis", "ghetis", "socopherie", "oglaveil", "unnamed_spirit_1", "unnamed_spirit_2",
    "unnamed_spirit_3",
    "demithyle", "mortighull", "council_of_osteomancy", "shieve", "unnamed_bone_1",
    "unnamed_bone_2", "unnamed_bone_3",
    "mortis_knighthood", "death", "malavestros",
)
assert len(CARD_KEYS) == L.NUM_CARDS

SPEC = GameSpec(
    name="court",
    game_id=2,
    version=5,  # 2: won_<card> info columns; 3: 3-6 players (2 only as the two-player
    # variant), Gethsemoni is the Queen of the Dead, a lone bid of 0 wins its card;
    # 4: an unbroken tie on either side of Death spares everyone, the third unnamed Bone
    # card has no effect; 5: the bid prediction's start seat (guess.py order_start), which
    # the scripted players and determinize's redrawn bids read, is an even hash
    players=(3, 6),  # the box (public facts); 2 only through the two-player variant
    num_actions=L.NUM_ACTIONS,
    max_game_length=L.MAX_GAME_LENGTH,
    state_size=L.STATE_SIZE,
    params_size=L.PARAMS_SIZE,
    has_chance=True,
    hidden_info=True,
    simultaneous=True,
    setups=("standard", "two-player"),
    setup_players={"two-player": (2, 2)},
    end_reasons=("playing", "final-harvest", "last-survivor", "all-eliminated"),
    # then won_<card>: the seat that won each Court card (-1 nobody), CARD_KEYS order
    info_columns=("rounds", "end_reason", "failures", "eliminations") + tuple(
        f"won_{k}" for k in CARD_KEYS),
    # legacy: the player before the blunder fixes, kept frozen to measure them against
    personas=("fair-share", "free-rider", "court-hawk", Persona("legacy", frozen=True)),
    long_name="Court of the Dead: Dark Harvest",
    action_kinds=ACTION_KINDS,
)

FACTIONS = ("flesh", "spirit", "bone", "united")


# Harvest card ids 0..8 (harvest.cards.h1..h9) then Final Harvest 9..11 (harvest.final.f1..f3)
HARVEST_KEYS = tuple(f"harvest.cards.h{i}" for i in range(1, L.NUM_HARVEST + 1)) + tuple(
    f"harvest.final.f{i}" for i in range(1, L.NUM_FINAL + 1)
)

# effect code names used in rules.toml, by code (layout.E_*)
EFFECTS = (
    "none", "gain-influence", "gain-souls", "target-loses-souls", "steal-souls",
    "neighbours-lose-souls", "plague", "richest-loses-souls", "richest-and-poorest-lose-souls",
    "expose", "stake-souls", "copy", "force-failure-at-end", "force-failure-after-reveal",
    "force-success-at-end", "claim-excess", "raise-offering", "add-bank-souls",
    "add-own-souls", "swap-offerings",
)
assert len(EFFECTS) == L.NUM_EFFECTS

FAIL_EFFECTS = (
    "none", "lose-souls", "lose-influence", "lose-percent-souls", "give-neighbours-souls",
    "lose-favors",
)
assert len(FAIL_EFFECTS) == L.NUM_FAILS


def card_id(key: str) -> int:
    """Id of the Court card ``key`` (e.g. ``"poxxil"``)."""
    return CARD_KEYS.index(key)


def encode_bid(faction: int, amount: int) -> int:
    """Bid action for ``amount`` Influence (0..5) on ``faction`` (0 Flesh, 1 Spirit, 2 Bone)."""
    if not (0 <= faction < 3 and 0 <= amount <= L.MAX_BID):
        raise BadInput(f"court: bad bid faction={faction!r} amount={amount!r}")
    return actions.encode_bid_py(faction, amount)


def decode_bid(action: int) -> tuple[int, int]:
    """(faction, amount) of a bid action."""
    return actions.decode_bid_py(action)


def describe_action(action: int) -> str:
    """A short human-readable name for ``action``."""
    a = int(action)
    if 0 <= a < L.AMT_BASE:
        f, k = decode_bid(a)
        return f"bid {k} on {FACTIONS[f]}"
    if a < L.SMALL_BASE:
        return f"amount {a - L.AMT_BASE}"
    if a < L.OPT_BASE:
        return f"adjust {a - L.ADJ_BASE - 1:+d}"
    if a < L.A_DECLINE:
        return f"option {a - L.OPT_BASE}"
    if a == L.A_DECLINE:
        return "decline"
    if a == L.A_YES:
        return "yes"
    return f"action {a}"


def compile_params(rules, players, setup):
    p = np.zeros(L.PARAMS_SIZE, dtype=np.int32)
    p[L.P_NUM_PLAYERS] = players
    imax = int_in(rules, "setup.influence_max", 1, L.MAX_BID)
    p[L.P_INFL_MAX] = imax
    p[L.P_INFL_START] = int_in(rules, "setup.influence_start", 0, imax)
    p[L.P_INFL_REGAIN] = int_in(rules, "income.influence_regain", 0, imax)
    choice(rules, "setup.influence_public", ("public",))
    choice(rules, "setup.soul_bank", ("unlimited",))
    choice(rules, "setup.seating", ("seat-order",))
    souls = rules["income.souls"]
    if (not isinstance(souls, list) or len(souls) != 5
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 20
                       for v in souls)):
        raise BadInput(f"court: income.souls = {souls!r} must be 5 integers 0..20 "
                       "(souls for 2..6 players)")
    p[L.P_SOULS_TABLE:L.P_SOULS_TABLE + 5] = souls
    p[L.P_ZERO_BID_OK] = int_in(rules, "court.zero_bid_allowed", 0, 1)
    p[L.P_MIN_WIN_BID] = int_in(rules, "court.min_winning_bid", 0, 1)
    choice(rules, "court.unwon_card", ("discarded",))
    choice(rules, "court.united_slot", ("deck",))
    choice(rules, "court.card_duration", ("round",))
    p[L.P_UNITED_DECLINE] = int_in(rules, "court.united_may_decline", 0, 1)
    p[L.P_RESCUE_SHORT] = int_in(rules, "court.rescue_shortfall", 0, 1)
    p[L.P_RAISE_OWN] = choice(rules, "court.raise_offering_target", ("another", "own"))
    p[L.P_HARVESTS] = int_in(rules, "harvest.count", 1, L.MAX_HDECK - 1)
    p[L.P_BONUS] = int_in(rules, "harvest.bonus_influence", 0, L.MAX_BID)
    p[L.P_BONUS_CAP] = int_in(rules, "harvest.bonus_cap", 0, L.MAX_BID)
    p[L.P_BONUS_TIE_ALL] = choice(rules, "harvest.bonus_tie", ("nobody", "all"))
    p[L.P_ZERO_OFFER_OK] = int_in(rules, "harvest.zero_offer_allowed", 0, 1)
    off = rules["harvest.threshold_offset"]
    if (not isinstance(off, list) or len(off) != 5
            or not all(isinstance(v, int) and not isinstance(v, bool) and -50 <= v <= 50
                       for v in off)):
        raise BadInput(f"court: harvest.threshold_offset = {off!r} must be 5 integers "
                       "-50..50 (for 2..6 players)")
    p[L.P_THRESH_OFFSET] = off[players - 2]
    p[L.P_FAIL_EFFECT_UPTO] = int_in(rules, "fail.effect_failures", 0, 10)
    choice(rules, "fail.age_order", ("seat",))
    choice(rules, "fail.eliminated_favors", ("returned",))
    p[L.P_ALL_ELIM_VOID] = choice(rules, "fail.everyone_eliminated", ("nobody-wins", "void"))
    p[L.P_FINAL_TIE_ROUND] = int_in(rules, "bone.final_tie_uses_round", 0, 1)
    p[L.P_BONE_RESET] = int_in(rules, "bone.reset_on_change", 0, 1)
    counts = [0, 0, 0, 0]
    for c, key in enumerate(CARD_KEYS):
        f = choice(rules, f"cards.{key}.faction", FACTIONS)
        counts[f] += 1
        p[L.P_CARD_FACTION + c] = f
        p[L.P_CARD_EFFECT + c] = choice(rules, f"cards.{key}.effect", EFFECTS)
        p[L.P_CARD_A + c] = int_in(rules, f"cards.{key}.a", 0, 50)
        p[L.P_CARD_B + c] = int_in(rules, f"cards.{key}.b", 0, 20)
    if counts != [7, 7, 7, 3]:
        raise BadInput(f"court: card factions give flesh/spirit/bone/united = {counts}; "
                       "the decks need 7/7/7/3")
    for h, key in enumerate(HARVEST_KEYS):
        p[L.P_H_THRESH + h] = int_in(rules, f"{key}.threshold", 0, 99)
        p[L.P_H_FAIL + h] = choice(rules, f"{key}.fail_effect", FAIL_EFFECTS)
        p[L.P_H_FAIL_A + h] = int_in(rules, f"{key}.fail_amount", 0, 100)
    return p


API = GameAPI(SPEC, engine, compile_params, Path(__file__).with_name("rules.toml"))
