"""Edge of Darkness (with the Cliffs of Coldharbor locations): state and params rows.

Cards (fixed ids)::

    0..15   Guild Starter cards, 4 per seat (seat = id // 4; ids of absent seats are out)
    16..26  Neutral Citizens (11)
    27..32  Neutral Patricians (6)

Each card has a printed top effect (params, by card), a printed Blight-side threat
(params) and two sleeve slots, middle and bottom, each empty (-1) or holding the
advancement of one of the game's 10 locations (index 0..9 into LOCNUM).

Locations: the game's 10 locations are indices 0..9; LOCNUM[i] is the booklet
number, LOCKIND[i] the behaviour kind (K_* below; 51..62 are the Coldharbor
kinds, the rest are the public base-game locations and the documented archetype
stand-ins).  Advancement stacks: stack s = loc * 2 + t (t 0 middle, 1 bottom).

State (int32); per-seat blocks hold MAX_P entries (or MAX_P * width)::

    +--------------------------------------------------------------------------+
    | header: END MOVES ROUND PHASE STAGE SUB SUB2 DEC CUR CHOICE READY FIRST   |
    |         FIRST0 ACTIVE TURN_ACTS LEG[3] PE_* (pending effect) AT_* ...      |
    +--------------------------------------------------------------------------+
    | board:  LOCNUM[10] LOCKIND[10] STACK_N[20] STACK_INF[20] BLUFF           |
    |         BAG[5] ASIDE[5] TRAY_CARD[3] TRAY_CUBES[3*5] DSLOT[6] HSLOT[6]     |
    |         BT_CUBES[5] STREET[5] DECK[33] DECK_N                              |
    +--------------------------------------------------------------------------+
    | cards:  C_ZONE[33] C_HOLDER[33] C_OWNER[33] C_MID[33] C_BOT[33]            |
    |         C_USED[33] (bit per slot used this turn)                           |
    +--------------------------------------------------------------------------+
    | seats:  COINS REP INFL GOODWILL DEFENSE TRAINED UNTRAINED SLIPS BS HUNTS   |
    |         DEFEATS ABIL (once-per-turn mask) DSTART HSTART HAND_N             |
    |         HAND[4*8] AG[4*10] MINE[4*10] TZ[4*5] CCUBES[4*5] stats            |
    +--------------------------------------------------------------------------+

Colours: 0..3 the seats' guild colours, 4 black.  In solo play the Voiceless
Guild automa has colour 1 (its cubes are in the bag) but is not a seat.
"""

# ---- sizes ---------------------------------------------------------------------
MAX_P = 4
NCOL = 5
BLACK = 4
NLOC = 10
NSTACK = 2 * NLOC
NCARD = 33
NSTARTER = 16
CITIZEN0 = 16
PATRICIAN0 = 27
MAX_HAND = 8
MAX_AG = 10          # 4 trained + 6 untrained
NTRAY = 3
NSTREET = 5
NSLOT = 6            # Docks / Homesteads ability slots
MAX_LOCNUM = 80      # location numbers 1..MAX_LOCNUM-1
ROUNDS = 8

# ---- location kinds -------------------------------------------------------------
K_CITADEL, K_BARRACKS, K_NORTHSTONE, K_CHASM, K_MUD, K_BLUFFS, K_MINE, K_BORDER, \
    K_DOCKS, K_HOMESTEADS, K_COLDHOLLOW, K_SHOREHOLLOW = range(12)
K_WAR_COUNCIL, K_WATCHTOWER, K_CITY_WATCH, K_GRAND_LIBRARY, K_FORGE, K_CAPITAL_HALL, \
    K_MILLHOLLOW = range(12, 19)
K_ECONOMY, K_AGENTS, K_BATTLE, K_DEFENCE, K_CARDS = range(19, 24)
NKIND = 24
KIND_NAMES = (
    "citadel", "barracks", "northstone", "chasm-road", "mud-district", "break-point-bluffs",
    "ice-hills-mine", "border-towers", "docks", "homesteads", "coldhollow", "shorehollow",
    "war-council", "watchtower", "city-watch", "grand-library", "the-forge", "capital-hall",
    "millhollow", "economy", "agents", "battle", "defence", "cards",
)

# ---- zones ------------------------------------------------------------------------
Z_OUT, Z_DECK, Z_STREET, Z_HAND, Z_HALL, Z_DISCARD, Z_TRAY = range(7)

# ---- top (printed) effect codes ---------------------------------------------------------
E_NONE, E_COINS, E_REP, E_BS, E_INFL, E_TRAIN, E_BUY_REP = range(7)
EFFECT_NAMES = ("none", "coins", "reputation", "battle-strength", "influence",
                "train", "buy-reputation")
# ---- reward codes ---------------------------------------------------------------------
R_NONE, R_INFL, R_REP, R_COINS, R_TRAIN, R_DISPATCH = range(6)
REWARD_NAMES = ("none", "influence", "reputation", "coins", "train", "dispatch-anywhere")

# ---- actions ----------------------------------------------------------------------------
# 0        PASS: end the step / decline / stop hunting / keep
# 1..40    OPT k = action - 1: a generic choice (stack, hand position, tray, location,
#          slot, mode, colour, amount...; each decision documents its meaning)
# 41..64   USE effect: 41 + h * 3 + s (hand position h, slot s: 0 top, 1 middle, 2 bottom)
# 65       Border Towers: dispatch an Agent there (once per turn)
# 66       Northstone Academy: move an Agent there from another location (once per turn)
# 67       Coldharbor Docks: dispatch onto an ability slot (once per turn)
# 68       Coldharbor Homesteads: dispatch onto an ability slot (once per turn)
# 69       start a hunt (spends one hunt earned this turn)
# 70       Street ability: discard 2 cards to use one effect of a Street card (ends step 3)
A_PASS = 0
A_OPT = 1
NOPT = 40
A_USE = A_OPT + NOPT          # 41
A_BT = A_USE + MAX_HAND * 3   # 65
A_NORTH = A_BT + 1
A_DOCKS = A_BT + 2
A_HOME = A_BT + 3
A_HUNT = A_BT + 4
A_STREET = A_BT + 5
NUM_ACTIONS = A_STREET + 1    # 71

# ---- decision kinds -----------------------------------------------------------------------
D_NONE = 0
D_PRO_PICK = 1     # OPT stack (loc*2+t)
D_PRO_CARD = 2     # OPT starter card (0..3 of the seat's four)
D_PRO_USE = 3      # OPT mode, or PASS
D_BARRACKS = 4     # OPT 0 dispatch, or PASS
D_DRAFT = 5        # OPT k: Street position k (0 = rightmost), 5 = deck top
D_SLEEVE = 6       # OPT stack, or PASS when allowed
D_SLEEVE_CARD = 7  # OPT hand position
D_MAIN = 8         # USE / ability verbs / PASS (end step 3)
D_MODE = 9         # OPT mode of the chosen contact
D_TARGET = 10      # OPT target of the pending effect
D_HUNT = 11        # OPT tray to defeat, or PASS (end the hunt)
D_REWARD = 12      # OPT 0 / 1: one of two "or" rewards
D_DEFEND = 13      # OPT 0 Border Towers Agent, 1 own Border Towers cube, 2 pay 8 Coins
                   # (Cursed Beggar), 3 return a Watchtower Agent; PASS take the attack
D_CUBE = 14        # OPT colour: Coldhollow cube, or PASS
D_TRAVELER = 15    # OPT 0 put on the bottom of the deck, or PASS
D_SHORE = 16       # OPT 0 coins, 1 sleeve on a Street card, 2 claim; PASS nothing
D_STREET_DISC = 17 # OPT hand position to discard (Street ability)
D_HALL = 18        # OPT starter card (0..3 of the seat's four) kept in the Guild Hall

# ---- stages -------------------------------------------------------------------------------
S_SETUP = 0
S_PROLOGUE = 1
S_ROUND_START = 2
S_BARRACKS = 3
S_DRAFT = 4
S_TURN_START = 5
S_ATTACKS = 6
S_SLEEVE = 7
S_MAIN = 8
S_DISCARD = 9
S_TURN_END = 10
S_ROUND_END = 11
S_GAME_END = 12
S_DONE = 13
S_AUTOMA = 14

# ---- pending-effect kinds (PE_KIND) --------------------------------------------------------
PK_NONE = 0
PK_CONTACT = 1     # a contact being resolved (PE_LOC = location index, PE_MODE)
PK_TOP = 2         # a printed effect
PK_NORTH = 3       # Northstone move: target source location
PK_DOCKS = 4       # Docks dispatch: target slot, then (slot 6) amount
PK_HOME = 5        # Homesteads dispatch: target slot
PK_STREET = 6      # Street ability: discards, then target street card/slot
PK_REWARD = 7      # "or" reward / dispatch-anywhere target
PK_SHORE = 8       # Shorehollow reward
PK_HUNT = 9        # a hunt in progress

# ---- tiebreakers (scoring.tiebreakers): the most of each, in the given order ----------------
TB_REPUTATION, TB_DEFENSE, TB_COINS, TB_INFLUENCE, TB_GOODWILL, TB_ADVANCEMENTS = range(6)
NTIEBREAK = 6
TIEBREAK_NAMES = ("reputation", "defense", "coins", "influence", "goodwill", "advancements")

# ---- end reasons ---------------------------------------------------------------------------
END_PLAYING, END_ROUNDS, END_SOLO_WON, END_SOLO_LOST = range(4)

# ---- state offsets ------------------------------------------------------------------------
_o = 0


def _a(n):
    global _o
    off = _o
    _o += n
    return off


END = _a(1)
MOVES = _a(1)
ROUND = _a(1)
PHASE = _a(1)
STAGE = _a(1)
SUB = _a(1)
SUB2 = _a(1)
DEC = _a(1)
CUR = _a(1)
CHOICE = _a(1)
READY = _a(1)
FIRST = _a(1)
FIRST0 = _a(1)         # the First Player drawn at setup (FIRST passes on each round)
ACTIVE = _a(1)
TURN_ACTS = _a(1)
LEG = _a(3)            # legal-action bit mask (96 bits)
PE_KIND = _a(1)        # pending effect
PE_CARD = _a(1)        # card whose effect it is (-1: none)
PE_LOC = _a(1)         # location index of the contact / reward
PE_MODE = _a(1)
PE_STEP = _a(1)
PE_ARG = _a(1)
PE_WHO = _a(1)         # seat the pending effect belongs to
PE_RET = _a(1)         # stage to return to after the pending effect
AT_TRAY = _a(1)        # attack in progress: tray, targets mask, target index, damage left
AT_MASK = _a(1)
AT_IDX = _a(1)
AT_DMG = _a(1)
AT_OK = _a(1)          # mask of successful defenders
AT_STEP = _a(1)
AT_CARD = _a(1)
HU_TRAY = _a(1)        # tray just defeated in a hunt (Coldhollow cube, rewards)
HU_STEP = _a(1)
HU_CARD = _a(1)
HU_THREAT = _a(1)      # next sleeve of the defeated card whose reward is due
DS_STEP = _a(1)        # discard step progress (hand index)
DS_SHORE = _a(1)       # Priestess triggers still due for the card being discarded
PRO_IDX = _a(1)        # Prologue: pick index
PRO_STACK = _a(1)
DR_IDX = _a(1)         # draft: pick counter
SOLO_AUTO_VP = _a(1)   # automa score (solo)
AUTO_CARDS = _a(1)     # cards the automa took
AUTO_STEP = _a(1)      # 1 while the automa's cubes are being resolved
PE_CNT = _a(1)         # Agents placed in this Docks / Homesteads visit; Street-ability discards
BLUFF = _a(1)
DECK_N = _a(1)
LOCNUM = _a(NLOC)
LOCKIND = _a(NLOC)
STACK_N = _a(NSTACK)
STACK_INF = _a(NSTACK)
PICKED = _a(NLOC)      # advancements taken in the Prologue, by location (> 0: marked)
BAG = _a(NCOL)
ASIDE = _a(NCOL)
TRAY_CARD = _a(NTRAY)
TRAY_CUBES = _a(NTRAY * NCOL)
DSLOT = _a(NSLOT)
HSLOT = _a(NSLOT)
BT_CUBES = _a(NCOL)
STREET = _a(NSTREET)
STREET_INF = _a(NSTREET)  # Influence lying on each Street card
DECK = _a(NCARD)       # DECK[0] bottom .. DECK[DECK_N-1] top
C_ZONE = _a(NCARD)
C_HOLDER = _a(NCARD)
C_OWNER = _a(NCARD)
C_MID = _a(NCARD)
C_BOT = _a(NCARD)
C_USED = _a(NCARD)
COINS = _a(MAX_P)
REP = _a(MAX_P)
INFL = _a(MAX_P)
GOODWILL = _a(MAX_P)
DEFENSE = _a(MAX_P)    # spaces moved down the Defense Track
TRAINED = _a(MAX_P)
UNTRAINED = _a(MAX_P)
SLIPS = _a(MAX_P)      # Allegiance slips used
BS = _a(MAX_P)         # Battle Strength this Action phase
HUNTS = _a(MAX_P)      # hunts earned and not started
DEFEATS = _a(MAX_P)    # threats defeated this turn (Ice Troll)
HSPENT = _a(MAX_P)     # Battle Strength spent in hunts this turn
ABIL = _a(MAX_P)       # once-per-turn mask (ABIL_* bits)
DSTART = _a(MAX_P)     # Docks slots held at the start of the turn (bit mask)
HSTART = _a(MAX_P)
HAND_N = _a(MAX_P)
HAND = _a(MAX_P * MAX_HAND)
AG = _a(MAX_P * NLOC)
MINE = _a(MAX_P * MAX_AG)
TZ = _a(MAX_P * NCOL)   # Threat Zone cubes dropped at the seat's next step 1
TZN = _a(MAX_P * NCOL)  # cubes drawn this round (join TZ at the end of the round)
CCUBES = _a(MAX_P * NCOL)
ST_SPENT = _a(MAX_P)    # coins spent
ST_LANDED = _a(MAX_P)   # attacks that landed (failed defences)
ST_DEFENDED = _a(MAX_P) # successful defences
ST_DEFEATED = _a(MAX_P) # threats (cards) defeated in hunts
LOC_OF = _a(NKIND)      # location index of each kind in play (the first), -1: none; set at setup
STATE_SIZE = _o

# ABIL bits
AB_BT = 1
AB_NORTH = 2
AB_DOCKS = 4
AB_HOME = 8
AB_STREET = 16
AB_DOCK_USED = 32      # (slot abilities used this turn: DOCK_USED << slot is not needed:
                       # each slot can be taken once per turn by construction)

# ---- params ---------------------------------------------------------------------------------
_o = 0
P_NUM_PLAYERS = _a(1)
P_SETUP_MODE = _a(1)      # 0 fixed list, 1 random draw from the pool
P_LOCS = _a(NLOC)         # fixed setup: location numbers
P_POOL_N = _a(1)
P_POOL = _a(MAX_LOCNUM)   # random setup pool
P_KIND_OF = _a(MAX_LOCNUM)  # location number -> kind (-1 invalid)
P_NMID = _a(MAX_LOCNUM)   # middle / bottom advancements per location number
P_NBOT = _a(MAX_LOCNUM)
P_START_COINS = _a(1)
P_START_INFL = _a(1)
P_START_TRAINED = _a(1)
P_START_UNTRAINED = _a(1)
P_SLIPS = _a(1)
P_BAG_PER_COLOUR = _a(1)
P_START_CUBES = _a(1)
P_HAND = _a(1)
P_THRESHOLD = _a(1)
P_CUBES_BASE = _a(1)      # cubes per drafted card besides one per advancement
P_DEF_PEN = _a(12)        # VP lost at Defense Track position 0..11
P_DEF_MAX = _a(1)
P_COIN_VP = _a(1)
P_GOODWILL_VP = _a(1)
P_INFL_VP = _a(1)         # Influence per VP at the end (0: none)
P_PRO_PICKS = _a(1)       # Prologue picks per seat (3+ players); 2 players: P_PRO_PICKS2
P_PRO_PICKS2 = _a(1)
P_HALL_START = _a(1)      # starter cards each seat keeps in its Guild Hall for round 1
P_TOP_EFF = _a(NCARD)     # printed top effect per card: code, a, b
P_TOP_A = _a(NCARD)
P_TOP_B = _a(NCARD)
P_BASE_DMG = _a(NCARD)    # printed Blight-side threat Damage
P_BASE_REW = _a(NCARD)    # printed threat reward code and amount
P_BASE_REW_A = _a(NCARD)
P_DMG = _a(NKIND)         # threat Damage by location kind
P_REW1 = _a(NKIND)        # threat rewards: code/amount 1, code/amount 2, 1 = "or"
P_REW1_A = _a(NKIND)
P_REW2 = _a(NKIND)
P_REW2_A = _a(NKIND)
P_REW_OR = _a(NKIND)
P_CA = _a(NKIND)          # per-kind amounts A, B, C (meaning per kind: see AMOUNTS)
P_CB = _a(NKIND)
P_CC = _a(NKIND)
P_DOCK_RATE = _a(1)       # Coins per Reputation at Docks slot 6
P_DOCK_AGENTS = _a(1)     # Agents per Docks / Homesteads visit
P_HOME_BS = _a(1)         # Homesteads slot 6 Battle Strength
P_AUTO_VP = _a(1)         # automa: VP per round
P_AUTO_VP_ADV = _a(1)     # automa: VP per advancement on cards it takes
P_AUTO_TAKE = _a(1)       # automa: Street cards taken per round
P_AUTO_CUBES = _a(1)      # automa: cubes dropped per round
P_AUTO_ADV = _a(1)        # automa: advancements removed per round
P_TURN_CAP = _a(1)        # safety cap on decisions per turn (then PASS)
P_SHORE_AGENTS = _a(1)    # Agents returned for the Shorehollow claim
P_SOLO_TIE_WIN = _a(1)
P_FIRST_RANDOM = _a(1)    # 1: the First Player is drawn at random, 0: seat 0
P_TIEBREAK_N = _a(1)      # tiebreakers for most VP, in order (TB_* codes)
P_TIEBREAK = _a(NTIEBREAK)
PARAMS_SIZE = _o

TURN_CAP_MAX = 100
# A true bound: Prologue <= 8 picks * 3 decisions + 4 seats * 4 Guild Hall choices; per round and seat: Barracks 1, draft
# <= MAX_HAND, own steps 2-5 <= TURN_CAP_MAX (past the cap every decision of those steps is
# taken automatically); attacks: <= 3 per turn (and per automa turn), each attacked seat
# <= MAX_DEFENCE decisions.
MAX_DEFENCE = 18     # decisions per attacked seat: Damage <= 16 (validated), PASS, cube
MAX_GAME_LENGTH = 4 * 2 * 3 + MAX_P * 4 + ROUNDS * (
    MAX_P * (1 + MAX_HAND + TURN_CAP_MAX) + (MAX_P + 1) * NTRAY * MAX_P * MAX_DEFENCE)


def opt(k: int) -> int:
    """The action choosing option ``k``."""
    return A_OPT + k


def use(h: int, s: int) -> int:
    """The action using slot ``s`` (0 top, 1 middle, 2 bottom) of hand card ``h``."""
    return A_USE + h * 3 + s


def describe_action(a: int) -> str:
    """A short human-readable name for action ``a``."""
    a = int(a)
    if a == A_PASS:
        return "pass"
    if A_OPT <= a < A_USE:
        return f"option {a - A_OPT}"
    if A_USE <= a < A_BT:
        h, s = divmod(a - A_USE, 3)
        return f"use hand {h} {('top', 'middle', 'bottom')[s]}"
    names = {A_BT: "border-towers dispatch", A_NORTH: "northstone move", A_DOCKS: "docks",
             A_HOME: "homesteads", A_HUNT: "hunt", A_STREET: "street ability"}
    if a in names:
        return names[a]
    raise ValueError(f"darkness: action {a} out of range 0..{NUM_ACTIONS - 1}")


#: meaning of the per-kind amounts A, B, C (rules.toml locations.<kind>.a/b/c)
AMOUNTS = {
    "citadel": ("Councillor cost in Coins", "Coins back", "Influence gained"),
    "barracks": ("Agents returned for a hunt", "Agents dispatched", ""),
    "northstone": ("Agents dispatched (up to)", "Agents returned to train", ""),
    "chasm-road": ("Spy cost in Coins", "Spy threat Battle Strength", ""),
    "mud-district": ("Agents dispatched (up to)", "Battle Strength", "Slum Prowler reduction"),
    "break-point-bluffs": ("Coins placed each round besides 1 per player", "Ferryman Coins",
                           "Defense spaces per Smuggler sleeved"),
    "ice-hills-mine": ("Coins under each Agent per round", "Cursed Beggar payment", ""),
    "border-towers": ("Ice Troll reduction", "", ""),
    "docks": ("Dock Master Coins", "", ""),
    "homesteads": ("Homestead Hero Battle Strength", "slot 6 Battle Strength", ""),
    "coldhollow": ("Children of the Ice Hills reduction", "", ""),
    "shorehollow": ("Agents returned for the claim", "", ""),
    "war-council": ("Agents dispatched", "Agents returned for a hunt", ""),
    "watchtower": ("Agents dispatched", "reduction per Agent returned", ""),
    "city-watch": ("Agents dispatched", "reduction per Agent there", ""),
    "grand-library": ("", "", ""),
    "the-forge": ("Coins", "Battle Strength", ""),
    "capital-hall": ("Agents returned for the claim", "claim cost in Coins", "Agents dispatched"),
    "millhollow": ("Agents dispatched", "", ""),
    "economy": ("Coins", "", ""),
    "agents": ("Agents dispatched", "Agents returned to train", ""),
    "battle": ("Agents dispatched", "Battle Strength", ""),
    "defence": ("Agents dispatched", "reduction per Agent there", ""),
    "cards": ("cards drawn", "", ""),
}
