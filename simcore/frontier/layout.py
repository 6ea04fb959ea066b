"""Dark Frontier (solo Tel·lus mission) state and params rows.

Card kinds (fixed indices; every statistic of a kind lives in params)::

    Tel·lus (the player)                        Zrug (the Rival Deck)
    0 Glider Pilot     5 First Settlement        9  Rapid Spinner
    1 Novice Soldier   6 Headquarters            10 Mucosal Stinger
    2 Tel·lus Ranger   7 Communications Tower    11 Swift Centipede
    3 Rocket Launcher  8 Urgent Repairs          12 Ruthless Hunter
    4 Bunker                                     13 Biting Larvae

Decks are kept as per-kind counts: a shuffled deck is drawn uniformly at random
(the draw is chance, taken from the rng at draw time), so no deck order is stored
in the state and search can never peek at it.

State (int32), 279 entries::

    0    1      2     3      4    5          6          7         8         9
    +----+------+-----+------+----+----------+----------+---------+---------+--------+
    |END |PHASE |TURN |RTURN | CP |PEND_KIND |PEND_MODE |PEND_SRC |INT_SLOT |MARKER  |
    +----+------+-----+------+----+----------+----------+---------+---------+--------+
    10 BUNKER_HIT  11 BUNKER_DMG  12 RIVAL_PLAYED  13 RIVAL_DESTROYED  14 RIVAL_VANISHED
    15 TROOPS_LOST 16 ACTIONS     17 WON           18 OPTS        19 OPTS_AT
    20  HAND[9]      cards in hand, by Tel·lus kind
    29  DECK[9]      cards left in the player's Army/Orders Decks, by kind (a kind has one deck)
    38  DISC[9]      Discard Piles, by kind (a kind's Discard Pile is that of its deck)
    47  VAN[9]       Vanished Area, by kind
    56  RDECK[5]     cards left in the Rival Deck, by Zrug kind (kind 9 + i)
    61  TF_KIND[24]  Tel·lus field slot: kind, -1 empty
    85  TF_ACT[24]   1 activated, 0 deactivated
    109 TF_DMG[24]   damage taken (Life or Structure lost)
    133 TF_HOST[24]  Equipment: the Troop slot it is attached to (-2: the Spaceship), else -1
    157 TF_INT[24]   Troop: Rival slot it intercepts in the current assault, else -1
    181 RF_KIND[24]  Rival field slot: kind (9..13), -1 empty
    205 RF_ACT[24]   1 activated, 0 deactivated
    229 RF_DMG[24]   damage taken
    253 RF_ATK[24]   while a Rival assault resolves: 1 assaulting, 2 assaulting and Opposed
    277 TF_TOP       1 + the highest Tel·lus field slot ever filled; RF_TOP (278) the same
                     for the Rival field.  Slots at or above it are empty, so the kernels'
                     slot loops stop there (cards enter only through place_tellus /
                     place_rival, which raise it; it never has to come down)

    END        0 playing, else an END_* code
    PHASE      PH_* (whose decision it is: always the Tel·lus player, seat 0)
    TURN       Tel·lus turn number (1-based); RTURN Rival turns begun
    WON        1 when the game ended in a win for the Tel·lus player
    CP         Colonization Points in the Colonization Area
    PEND_KIND  -1, or the kind just paid for that waits for its target (Equipment/repair)
    PEND_MODE  PEND_PLAY (target a Tel·lus slot) or PEND_SHOT (target a Rival slot)
    PEND_SRC   shooter slot for PEND_SHOT (SRC_SHIP for the Spaceship)
    INT_SLOT   the Tel·lus Troop asked to intercept now (PH_INTERCEPT)
    MARKER     1 while the Spaceship holds its Crystal Marker (only with ship.enabled)
    BUNKER_HIT 1 once unopposed attackers damaged the Bunker this Rival turn (chart row 3)
    BUNKER_DMG total Structure the Bunker lost this game          (info column)
    RIVAL_PLAYED    Rival cards revealed onto the field so far    (info column)
    RIVAL_DESTROYED / RIVAL_VANISHED  Rival cards removed by damage / vanished
    TROOPS_LOST     Tel·lus Troops destroyed or vanished          (info column)
    ACTIONS    decisions taken so far (step calls)
    OPTS       the plays (play_mask) step's last phase check found in this Spaceship or
               Hiring Phase, kept so legal_actions does not scan the field again; valid
               only while OPTS_AT == ACTIONS.  init leaves OPTS_AT -1 (a fresh row is what
               tools and tests edit by hand), place_tellus and remove_tellus set it to -1;
               code that edits a row by hand after a step must do the same
    HAND..VAN  per-kind card counts of the hand, the Decks, the Discard Piles and the
               Vanished Area; RDECK the Rival Deck by Zrug kind
    TF_* / RF_*  one column per field slot (slot s of the Tel·lus field is TF_KIND + s, ...)

Params (int32)::

    0 NUM_PLAYERS 1 CP_TARGET 2 HAND_LIMIT 3 COST_DELTA 4 OPEN_ARMY 5 OPEN_ORDERS
    6 START_A 7 START_B 8 START_FROM_DECK 9 START_ACTIVE 10 SKIP_T4 11 SKIP_MODE
    12 TURN_CAP 13 DMG_PERSISTS 14 SHIP 15 SHIP_CRYSTAL 16 SHIP_RANGED 17 EXHAUST_WIN
    18 FIRST_STRIKE_KILLS 19 VANISH_AFTER_ARMOR 20 CP_FLOOR 21 NEUTRAL_LOSS
    22 VANISH_LOSES_CP 23 ABANDONMENT 24 REVEAL_ACTIVE 25 COST_FLOOR 26 RIVAL_REACTIVATE
    27 PLAYER_TELLUS 28 DAMAGE_EACH 29 RIVAL_ABILITIES   30-31 spare   32 CARDS (below)
    CARDS[14 * CF_N]  per kind: TYPE FACTION COST ATTACK LIFE STRUCT COL RANGED ARMOR
                      SHIELDS SPEED ANTIGRAV CRYSTAL REPAIR DECK COUNT
"""

# --- card kinds -------------------------------------------------------------
NK = 9            # Tel·lus kinds
NR = 5            # Zrug kinds
NKIND = NK + NR
RIVAL0 = NK       # first Zrug kind

GLIDER, NOVICE, RANGER, ROCKET, BUNKER, SETTLEMENT, HQ, TOWER, REPAIRS = range(9)
SPINNER, STINGER, CENTIPEDE, HUNTER, LARVAE = range(9, 14)

KIND_KEYS = (
    "glider_pilot", "novice_soldier", "tellus_ranger", "rocket_launcher", "bunker",
    "first_settlement", "headquarters", "communications_tower", "urgent_repairs",
    "rapid_spinner", "mucosal_stinger", "swift_centipede", "ruthless_hunter", "biting_larvae",
)

# card types
T_TROOP, T_BUILDING, T_ACTION, T_REACTION, T_EQUIPMENT, T_IMPROVEMENT = range(6)
TYPE_NAMES = ("troop", "building", "action", "reaction", "equipment", "improvement")
# factions
F_NONE, F_TELLUS, F_ZRUG = range(3)
FACTION_NAMES = ("none", "tellus", "zrug")
# decks
D_ARMY, D_ORDERS, D_RIVAL = range(3)
DECK_NAMES = ("army", "orders", "rival")

# card fields (params row per kind)
CF_TYPE, CF_FACTION, CF_COST, CF_ATTACK, CF_LIFE, CF_STRUCT, CF_COL, CF_RANGED, CF_ARMOR, \
    CF_SHIELDS, CF_SPEED, CF_ANTIGRAV, CF_CRYSTAL, CF_REPAIR, CF_DECK, CF_COUNT = range(16)
CF_N = 16
CARD_FIELDS = ("type", "faction", "cost", "attack", "life", "structure", "colonization",
               "ranged", "armor", "shields", "speed_assault", "anti_gravity", "crystal",
               "repair", "deck", "count")

# --- capacities -------------------------------------------------------------
MAX_TF = 24       # Tel·lus field slots (>= every Tel·lus card)
MAX_RF = 24       # Rival field slots (>= every Rival card)
MAX_TURN_CAP = 60

# --- state ------------------------------------------------------------------
END = 0
PHASE = 1
TURN = 2
RTURN = 3
CP = 4
PEND_KIND = 5
PEND_MODE = 6
PEND_SRC = 7
INT_SLOT = 8
MARKER = 9
BUNKER_HIT = 10
BUNKER_DMG = 11
RIVAL_PLAYED = 12
RIVAL_DESTROYED = 13
RIVAL_VANISHED = 14
TROOPS_LOST = 15
ACTIONS = 16
WON = 17
OPTS = 18
OPTS_AT = 19
HAND = 20
DECK = HAND + NK
DISC = DECK + NK
VAN = DISC + NK
RDECK = VAN + NK
TF_KIND = RDECK + NR
TF_ACT = TF_KIND + MAX_TF
TF_DMG = TF_ACT + MAX_TF
TF_HOST = TF_DMG + MAX_TF
TF_INT = TF_HOST + MAX_TF
RF_KIND = TF_INT + MAX_TF
RF_ACT = RF_KIND + MAX_RF
RF_DMG = RF_ACT + MAX_RF
RF_ATK = RF_DMG + MAX_RF
TF_TOP = RF_ATK + MAX_RF
RF_TOP = TF_TOP + 1
STATE_SIZE = RF_TOP + 1

# phases
PH_SPACESHIP, PH_RANGED, PH_HIRING, PH_DISCARD, PH_INTERCEPT = range(5)
PHASE_NAMES = ("spaceship", "ranged", "hiring", "discard", "intercept")
PEND_NONE, PEND_PLAY, PEND_SHOT = range(3)
SRC_SHIP = 99

# end codes (index into SPEC.end_reasons)
END_PLAYING, END_WIN, END_BUNKER, END_EXHAUSTED, END_CAP, END_ABANDON = range(6)

# --- actions ----------------------------------------------------------------
A_END = 0                      # end the phase / do not intercept
A_PLAY = 1                     # + kind: play paying the full (or mandatorily increased) cost
A_PLAY_RED = A_PLAY + NK       # + kind: play an own-Faction card with the cost reduced
A_DISCARD = A_PLAY_RED + NK    # + kind: discard one card of that kind (Discard Phase)
A_SHIP_SHOOT = A_DISCARD + NK  # shoot with the Spaceship (gives up the Crystal Marker)
A_SHOOT = A_SHIP_SHOOT + 1     # + Tel·lus slot: deactivate that card to shoot
A_TARGET = A_SHOOT + MAX_TF    # + slot: the target (Tel·lus slot for plays, Rival slot
                               #   for shots and interceptions)
NUM_ACTIONS = A_TARGET + max(MAX_TF, MAX_RF)

# A true bound on actions per game: per Tel·lus turn at most 3 phase ends, one
# shot (2 actions) per field card plus the Spaceship, one interception decision
# per Troop; every card entering the hand is played (2 actions with its target)
# or discarded once, and at most MAX_TF + 2 per turn cards ever enter the hand.
MAX_GAME_LENGTH = MAX_TURN_CAP * (3 + 2 * (MAX_TF + 1) + MAX_TF) + 2 * (MAX_TF + 2 * MAX_TURN_CAP)

# --- params -----------------------------------------------------------------
P_NUM_PLAYERS = 0
P_CP_TARGET = 1
P_HAND_LIMIT = 2
P_COST_DELTA = 3
P_OPEN_ARMY = 4
P_OPEN_ORDERS = 5
P_START_A = 6
P_START_B = 7
P_START_FROM_DECK = 8
P_START_ACTIVE = 9
P_SKIP_T4 = 10
P_SKIP_MODE = 11
P_TURN_CAP = 12
P_DMG_PERSISTS = 13
P_SHIP = 14
P_SHIP_CRYSTAL = 15
P_SHIP_RANGED = 16
P_EXHAUST_WIN = 17
P_FIRST_STRIKE_KILLS = 18
P_VANISH_AFTER_ARMOR = 19
P_CP_FLOOR = 20
P_NEUTRAL_LOSS = 21
P_VANISH_LOSES_CP = 22
P_ABANDONMENT = 23
P_REVEAL_ACTIVE = 24
P_COST_FLOOR = 25
P_RIVAL_REACTIVATE = 26
P_PLAYER_TELLUS = 27      # 1: the player counts as Tel·lus for every Faction check
P_DAMAGE_EACH = 28        # 1: an attacker deals its full Attack to each interceptor
P_RIVAL_ABILITIES = 29    # 1: activated Rival cards with Ranged shoot a Tel·lus Troop
P_CARDS = 32
PARAMS_SIZE = P_CARDS + NKIND * CF_N


def card(kind: int, field: int) -> int:
    """Offset in params of ``field`` of card ``kind`` (Python helper)."""
    return P_CARDS + kind * CF_N + field


def decode_action(a: int) -> tuple:
    """Decode an action into (verb, argument) for display and tests."""
    a = int(a)
    if a == A_END:
        return ("end", -1)
    if A_PLAY <= a < A_PLAY_RED:
        return ("play", a - A_PLAY)
    if A_PLAY_RED <= a < A_DISCARD:
        return ("play-reduced", a - A_PLAY_RED)
    if A_DISCARD <= a < A_SHIP_SHOOT:
        return ("discard", a - A_DISCARD)
    if a == A_SHIP_SHOOT:
        return ("ship-shoot", -1)
    if A_SHOOT <= a < A_TARGET:
        return ("shoot", a - A_SHOOT)
    if A_TARGET <= a < NUM_ACTIONS:
        return ("target", a - A_TARGET)
    raise ValueError(f"frontier: action {a} out of range 0..{NUM_ACTIONS - 1}")
