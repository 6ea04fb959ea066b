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
stand-ins).  Advancement stacks: stack s = loc * 2 + t (t 0 middle, 1 bottom); under the
default reading (rulings.prologue_mark_scope = location) a location's two are one stack for
the Prologue marks and the Citadel, whose Influence then lies at s = loc * 2.

The game is a state machine.  ``STAGE``/``SUB``/``SUB2`` say where the round stands (the
rulebook's Prologue, Draft phase, Action phase steps 1-5, end of round); whenever a seat
must decide, the engine writes the decision (``DEC``, ``CUR``) and its legal set (``LEG``)
into the row and stops; ``step`` stores the action in ``CHOICE`` (``READY`` = 1) and the
machine resumes the same stage, which consumes it.  Decisions with one legal action are
taken automatically and never reach an agent.

State (int32), offsets as laid out below (per-seat blocks hold MAX_P entries, or
MAX_P * width, seat-major)::

    0    1      2      3      4      5    6     7    8    9       10     11     12
    +----+------+------+------+------+----+-----+----+----+-------+------+------+-------+
    |END |MOVES |ROUND |PHASE |STAGE |SUB |SUB2 |DEC |CUR |CHOICE |READY |FIRST |FIRST0 |
    +----+------+------+------+------+----+-----+----+----+-------+------+------+-------+
    13      14         15..17  18       19       20      21       22       23      24
    +-------+----------+-------+--------+--------+-------+--------+--------+-------+-------+
    |ACTIVE |TURN_ACTS |LEG[3] |PE_KIND |PE_CARD |PE_LOC |PE_MODE |PE_STEP |PE_ARG |PE_WHO |
    +-------+----------+-------+--------+--------+-------+--------+--------+-------+-------+
    25      26       27       28      29      30     31       32       33       34
    +-------+--------+--------+-------+-------+------+--------+--------+--------+--------+
    |PE_RET |AT_TRAY |AT_MASK |AT_IDX |AT_DMG |AT_OK |AT_STEP |AT_CARD |HU_TRAY |HU_STEP |
    +-------+--------+--------+-------+-------+------+--------+--------+--------+--------+
    35       36         37       38        39       40         41      42
    +--------+----------+--------+---------+--------+----------+-------+-------------+
    |HU_CARD |HU_THREAT |DS_STEP |DS_SHORE |PRO_IDX |PRO_STACK |DR_IDX |SOLO_AUTO_VP |
    +--------+----------+--------+---------+--------+----------+-------+-------------+
    43          44         45      46     47      48..57        58..67
    +-----------+----------+-------+------+-------+-------------+--------------+
    |AUTO_CARDS |AUTO_STEP |PE_CNT |BLUFF |DECK_N |LOCNUM[NLOC] |LOCKIND[NLOC] |
    +-----------+----------+-------+------+-------+-------------+--------------+
    68..87           88..107            108..117      118..122   123..127
    +----------------+------------------+-------------+----------+------------+
    |STACK_N[NSTACK] |STACK_INF[NSTACK] |PICKED[NLOC] |BAG[NCOL] |ASIDE[NCOL] |
    +----------------+------------------+-------------+----------+------------+
    128..130          131..145                146..151      152..157      158..162
    +-----------------+-----------------------+-------------+-------------+---------------+
    |TRAY_CARD[NTRAY] |TRAY_CUBES[NTRAY*NCOL] |DSLOT[NSLOT] |HSLOT[NSLOT] |BT_CUBES[NCOL] |
    +-----------------+-----------------------+-------------+-------------+---------------+
    163..167         168..172             173..205     206..238       239..271
    +----------------+--------------------+------------+--------------+----------------+
    |STREET[NSTREET] |STREET_INF[NSTREET] |DECK[NCARD] |C_ZONE[NCARD] |C_HOLDER[NCARD] |
    +----------------+--------------------+------------+--------------+----------------+
    272..304        305..337      338..370      371..403       404..407      408..411
    +---------------+-------------+-------------+--------------+-------------+-----------+
    |C_OWNER[NCARD] |C_MID[NCARD] |C_BOT[NCARD] |C_USED[NCARD] |COINS[MAX_P] |REP[MAX_P] |
    +---------------+-------------+-------------+--------------+-------------+-----------+
    412..415     416..419         420..423        424..427        428..431
    +------------+----------------+---------------+---------------+-----------------+
    |INFL[MAX_P] |GOODWILL[MAX_P] |DEFENSE[MAX_P] |TRAINED[MAX_P] |UNTRAINED[MAX_P] |
    +------------+----------------+---------------+---------------+-----------------+
    432..435      436..439   440..443      444..447        448..451       452..455
    +-------------+----------+-------------+---------------+--------------+------------+
    |SLIPS[MAX_P] |BS[MAX_P] |HUNTS[MAX_P] |DEFEATS[MAX_P] |HSPENT[MAX_P] |ABIL[MAX_P] |
    +-------------+----------+-------------+---------------+--------------+------------+
    456..459       460..463       464..467       468..499              500..539
    +--------------+--------------+--------------+---------------------+---------------+
    |DSTART[MAX_P] |HSTART[MAX_P] |HAND_N[MAX_P] |HAND[MAX_P*MAX_HAND] |AG[MAX_P*NLOC] |
    +--------------+--------------+--------------+---------------------+---------------+
    540..579            580..599        600..619         620..639
    +-------------------+---------------+----------------+-------------------+
    |MINE[MAX_P*MAX_AG] |TZ[MAX_P*NCOL] |TZN[MAX_P*NCOL] |CCUBES[MAX_P*NCOL] |
    +-------------------+---------------+----------------+-------------------+
    640..643         644..647          648..651            652..655
    +----------------+-----------------+-------------------+-------------------+
    |ST_SPENT[MAX_P] |ST_LANDED[MAX_P] |ST_DEFENDED[MAX_P] |ST_DEFEATED[MAX_P] |
    +----------------+-----------------+-------------------+-------------------+
    656..679
    +--------------+
    |LOC_OF[NKIND] |
    +--------------+

Header (machine and pending decision):

    END          end reason (END_*): 0 playing, 1 eight rounds over, 2/3 solo won/lost
    MOVES        actions taken by agents (automatic decisions are not counted)
    ROUND        current round 1..8 (0 in the Prologue)
    PHASE        turns taken this Action phase (the active seat is FIRST + PHASE)
    STAGE/SUB/SUB2   where the machine stands (S_* below; SUB/SUB2 count inside a stage)
    DEC/CUR      the decision (D_*) and the seat deciding now; D_NONE once over
    CHOICE/READY the action handed over by ``step`` and not yet consumed
    FIRST/FIRST0 this round's First Player / the one drawn at setup (ED-BASE-91)
    ACTIVE       seat whose turn (steps 1-5) it is, -1 outside the Action phase
    TURN_ACTS    the active seat's decisions this turn (P_TURN_CAP safety cap)
    LEG[3]       legal set of the pending decision: bit a % 31 of word a // 31 = action a
    PE_*         the pending effect of step 3/4: kind (PK_*), card, location, mode, step,
                 argument, (PE_WHO unused), PE_RET 1 = back to step 5 when done,
                 PE_CNT Agents placed this Docks/Homesteads visit or Street-ability discards
    AT_*         the attack in progress (step 1): tray, mask of attacked seats, index of
                 the defender in turn order, Damage left, mask of successful defences,
                 step of the defender (0 Damage not yet computed), attacking card
    HU_*         the hunt in progress: tray and card defeated, next threat whose reward
                 is due (0 printed, 1 middle, 2 bottom); HU_STEP unused
    DS_STEP      step 5 progress on the hand's first card; DS_SHORE Shorehollow Priestess
                 triggers still due for the card being discarded (ED-L62-02)
    PRO_IDX/PRO_STACK  Prologue pick index and the stack picked (also step 2's stack)
    DR_IDX       draft: seat index from the First Player
    SOLO_AUTO_VP/AUTO_CARDS/AUTO_STEP  the Voiceless Guild automa (solo): VP, cards
                 taken, 1 while its cubes are being resolved

Board:

    BLUFF        Coins lying on Break Point Bluffs (ED-L56-05)
    DECK_N/DECK  deck size; DECK[0] bottom .. DECK[DECK_N-1] top (card ids)
    LOCNUM[i]    booklet number of the game's location i; LOCKIND[i] its kind (K_*)
    STACK_N[s]   advancements left in stack s = loc * 2 + t (t 0 middle, 1 bottom)
    STACK_INF[s] Influence lying on stack s (Coldharbor Citadel, ED-L51-02)
    PICKED[loc]  advancements of loc taken in the Prologue (> 0: marked, ED-BASE-92)
    BAG/ASIDE    cubes per colour in the bag / set aside (back in the bag when empty)
    TRAY_CARD[t] card Blight side up in tower tray t (-1 none); TRAY_CUBES[t*5+col]
    DSLOT/HSLOT  seat on each Docks / Homesteads ability slot, -1 free
    BT_CUBES     cubes of each colour on the Border Towers (ED-L58-02)
    STREET[i]    Street position i (0 = rightmost, position 1), -1 empty;
                 STREET_INF[i] Influence lying on it (skips, ED-BASE-29)

Cards (by card id):

    C_ZONE       Z_* zone; C_HOLDER the seat (hand, Guild Hall), Street position or tray
    C_OWNER      guild owning the card (starter or claimed), -1 Neutral
    C_MID/C_BOT  location index of the middle / bottom advancement, -1 empty
    C_USED       bit per slot (0 top, 1 middle, 2 bottom) used this turn (ED-BASE-97)

Seats (MAX_P entries each, or MAX_P * width, seat-major):

    COINS REP INFL GOODWILL   Coins, Reputation, Influence, Goodwill (ED-BASE-31/32)
    DEFENSE      spaces moved down the Defense Track
    TRAINED/UNTRAINED  Agents in the Trained pool / not yet trained (ED-BASE-08)
    SLIPS        Allegiance slips used; BS Battle Strength this Action phase
    HUNTS        hunts earned and not started; DEFEATS threats defeated this turn (Ice
                 Troll); HSPENT Battle Strength spent in hunts this turn
    ABIL         once-per-turn abilities used (AB_* bits)
    DSTART/HSTART  Docks / Homesteads slots held at the start of the turn (bit masks)
    HAND_N/HAND  hand size and cards (HAND[p*8+h], -1 past HAND_N)
    AG[p*10+loc] Agents of seat p at location loc
    MINE[p*10+i] Coins under seat p's i-th Agent at the Ice Hills Mine (ED-L57-02)
    TZ/TZN       Threat Zone cubes by colour: dropped at the seat's next step 1 / drawn
                 this round (join TZ at the end of the round, ED-BASE-34)
    CCUBES       cubes taken to the seat's coffers (Coldhollow, ED-L61-01)
    ST_*         statistics for the results: Coins spent, attacks landed, defences,
                 threats defeated

Cached (derived once at setup, read by the hot paths):

    LOC_OF[k]    index of the (first) location of kind k in play, -1 none; what
                 ``loc_of_kind`` returns without scanning LOCKIND

Colours: 0..3 the seats' guild colours, 4 black.  In solo play the Voiceless
Guild automa has colour 1 (its cubes are in the bag) but is not a seat.

Params (int32), compiled from rules.toml by ``compile_params``::

    0              1             2..11         12        13..92
    +--------------+-------------+-------------+---------+-------------------+
    |P_NUM_PLAYERS |P_SETUP_MODE |P_LOCS[NLOC] |P_POOL_N |P_POOL[MAX_LOCNUM] |
    +--------------+-------------+-------------+---------+-------------------+
    93..172                173..252            253..332            333
    +----------------------+-------------------+-------------------+--------------+
    |P_KIND_OF[MAX_LOCNUM] |P_NMID[MAX_LOCNUM] |P_NBOT[MAX_LOCNUM] |P_START_COINS |
    +----------------------+-------------------+-------------------+--------------+
    334           335              336                337      338
    +-------------+----------------+------------------+--------+-----------------+
    |P_START_INFL |P_START_TRAINED |P_START_UNTRAINED |P_SLIPS |P_BAG_PER_COLOUR |
    +-------------+----------------+------------------+--------+-----------------+
    339            340     341          342           343..354       355        356
    +--------------+-------+------------+-------------+--------------+----------+----------+
    |P_START_CUBES |P_HAND |P_THRESHOLD |P_CUBES_BASE |P_DEF_PEN[12] |P_DEF_MAX |P_COIN_VP |
    +--------------+-------+------------+-------------+--------------+----------+----------+
    357            358        359          360           361           362..394
    +--------------+----------+------------+-------------+-------------+-----------------+
    |P_GOODWILL_VP |P_INFL_VP |P_PRO_PICKS |P_PRO_PICKS2 |P_HALL_START |P_TOP_EFF[NCARD] |
    +--------------+----------+------------+-------------+-------------+-----------------+
    395..427        428..460        461..493           494..526
    +---------------+---------------+------------------+------------------+
    |P_TOP_A[NCARD] |P_TOP_B[NCARD] |P_BASE_DMG[NCARD] |P_BASE_REW[NCARD] |
    +---------------+---------------+------------------+------------------+
    527..559             560..583      584..607       608..631         632..655
    +--------------------+-------------+--------------+----------------+--------------+
    |P_BASE_REW_A[NCARD] |P_DMG[NKIND] |P_REW1[NKIND] |P_REW1_A[NKIND] |P_REW2[NKIND] |
    +--------------------+-------------+--------------+----------------+--------------+
    656..679         680..703         704..727     728..751     752..775     776
    +----------------+----------------+------------+------------+------------+------------+
    |P_REW2_A[NKIND] |P_REW_OR[NKIND] |P_CA[NKIND] |P_CB[NKIND] |P_CC[NKIND] |P_DOCK_RATE |
    +----------------+----------------+------------+------------+------------+------------+
    777            778        779        780            781          782
    +--------------+----------+----------+--------------+------------+-------------+
    |P_DOCK_AGENTS |P_HOME_BS |P_AUTO_VP |P_AUTO_VP_ADV |P_AUTO_TAKE |P_AUTO_CUBES |
    +--------------+----------+----------+--------------+------------+-------------+
    783         784         785             786             787             788
    +-----------+-----------+---------------+---------------+---------------+----------+
    |P_AUTO_ADV |P_TURN_CAP |P_SHORE_AGENTS |P_SOLO_TIE_WIN |P_FIRST_RANDOM |P_BT_CUBE |
    +-----------+-----------+---------------+---------------+---------------+----------+
    789            790                 791            792                793
    +--------------+-------------------+--------------+------------------+------------+
    |P_STACK_SCOPE |P_SOLO_AUTO_ATTACK |P_SOLO_BLUFFS |P_SOLO_COLDHOLLOW |P_ELIMINATE |
    +--------------+-------------------+--------------+------------------+------------+
    794            795..800                 801
    +-------------+----------------------+----------------+
    |P_TIEBREAK_N |P_TIEBREAK[NTIEBREAK] |P_SMUGGLER_PRO |
    +-------------+----------------------+----------------+

P_NUM_PLAYERS seats (1 = solo against the automa); P_SETUP_MODE 0 the fixed locations
P_LOCS, 1 ten drawn from P_POOL; by location number: P_KIND_OF its kind, P_NMID/P_NBOT its
middle/bottom advancements; P_START_* the per-seat setup (ED-BASE-07/08/13); by card: the
printed top effect (P_TOP_EFF code E_*, amounts P_TOP_A/B), the printed threat's Damage
and reward (P_BASE_*); by location kind: the threat's Damage and rewards (P_DMG, P_REW*,
P_REW_OR 1 = choose one), the amounts A/B/C of its contact and ability (AMOUNTS below);
P_DEF_PEN the VP lost at each Defense Track position; P_AUTO_* the solo automa;
P_BT_CUBE 1: Border Towers Agents count only with at least 1 cube (ED-L58-06); P_STACK_SCOPE
0: one advancement stack per location (Prologue marks, Citadel Influence), 1: a middle and
a bottom stack; P_SOLO_*: the solo readings (the automa's colour majority attacks the player,
the Bluffs count the automa, Coldhollow majorities score nothing; 0 = no); P_ELIMINATE 1: a
guild pushed below the bottom Defense space leaves the game (DEFENSE = P_DEF_MAX + 1);
P_SMUGGLER_PRO 1: a Smuggler sleeved in the Prologue costs no Defense space (ED-L56-04).
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
AT_STEP = _a(1)        # 0 Damage not yet set, 1 set, 2 a Border Towers Agent awaits its cube, 3 a cube removed
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

# ---- params ----------------------------------------------------------------------------------
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
P_BT_CUBE = _a(1)         # 1: Border Towers Agents need a cube in the same defence
P_STACK_SCOPE = _a(1)     # 0: one stack per location, 1: middle and bottom stacks
P_SOLO_AUTO_ATTACK = _a(1)  # solo, 1: the automa's colour majority attacks the player
P_SOLO_BLUFFS = _a(1)     # solo, 1: the Bluffs add a Coin for the automa too
P_SOLO_COLDHOLLOW = _a(1)  # solo, 1: Coldhollow colour majorities score nothing
P_ELIMINATE = _a(1)       # 1: a guild pushed below the bottom Defense space is out
P_TIEBREAK_N = _a(1)      # tiebreakers for most VP, in order (TB_* codes)
P_TIEBREAK = _a(NTIEBREAK)
P_SMUGGLER_PRO = _a(1)    # 1: a Smuggler sleeved in the Prologue costs no Defense space
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
