"""Edge of Humanity state and params rows.

The game is a round machine (``STAGE``/``SUB``) plus a small task stack.  Every
effect, card play and phase decision is a task (``T_*`` / effect code ``E_*``)
pushed on ``TASKS``; ``settle`` runs the top task until one needs a decision
with two or more legal actions, writes that legal set into ``LEG`` and stops.
``step`` hands the action over (``CHOICE``/``READY``) and the top task consumes
it.  Decisions with a single legal action are taken automatically.

State (int32), header then shared zones then one block per seat::

    0   1   2   3     4     5     6   7     8     9      10    11       12     13    14
    +---+---+---+-----+-----+-----+---+-----+-----+------+-----+--------+------+-----+------+
    |CUR|DEC|END|ROUND|MOVES|STAGE|SUB|FIRST|READY|CHOICE|LEG_N|WIN_MASK|EV_PTR|EV_N |EV_CUR|
    +---+---+---+-----+-----+-----+---+-----+-----+------+-----+--------+------+-----+------+
    15..31: ACTIONS, ACT_SEAT, UNLUCKY, MAIN_N, WASTE_N, SDECK_N, BULLETS, BIDS_REVEALED,
            BID_DONE, EBID_DONE, EBID_REVEALED, ORDER_N, PICK_IDX, TAKEN, FIREARMS, TK_N, SP_ENDED
    32..  : PLOT, LOCATION, ACTS_TAKEN (actions taken this turn), DEPLETIONS (Life Pools emptied)
    LEG[NUM_ACTIONS] | TASKS[MAX_TASKS][4] | EVENTS[MAX_EVENTS] | ROW[5] | ORDER[5]
    MAIN[CARD_CAP] (top = MAIN_N-1) | WASTE[CARD_CAP] | SDECK[SDECK_CAP] (top = SDECK_N-1)
    PILES[MAX_PILES][PILE_CAP] | PILE_N[MAX_PILES]
    SEAT block x MAX_P (offset SEAT0 + seat*SEAT_SZ):
      LIFE SP DEPLETED HAND_N DECK_N DISC_N TABLE_N BID_N COL_N UNDER_N EBID RECRUITS
      HAND[HAND_CAP] DECK[OWN_CAP] DISC[OWN_CAP] TABLE[TABLE_CAP] BIDC[HAND_CAP]
      COL_KIND[COL_CAP] COL_DONE[..] COL_PLACED[..] COL_BUL[..] COL_TAP[..]
      UNDER_KIND[UNDER_CAP] UNDER_SLOT[UNDER_CAP]

    CUR        seat that decides now;  DEC 1 while a decision waits
    END        end reason (END_*); WIN_MASK bit per winning seat once over
    ROUND      current round (1-based); MOVES agent decisions so far
    FIRST      seat holding the First Player token
    EV_PTR     Event cards revealed; EV_N cards in the Event deck; EV_CUR current event id (-1)
    ACTIONS    actions left to the seat in its Action phase turn (ACT_SEAT)
    UNLUCKY    Row slot carrying the Unlucky token, -1 while set aside
    TAKEN      bit per Trade pile taken this round; ORDER the valid bidders in pick order
    FIREARMS   1 when the Firearm Colony cards are in play (Scenarios 2, 3, some stories)
    STAGE/SUB  the round stage (S_*) and the next seat of it, counted from FIRST
    READY/CHOICE  step() leaves the chosen action in CHOICE and READY 1 for the top task
    LEG_N      legal actions waiting in LEG (the contract's legal_actions copies them)
    MAIN_N, WASTE_N, SDECK_N  cards in the Main deck, Waste pile and Survivor deck
    BULLETS    Bullets in the reserve;  ACTS_TAKEN actions taken this Action phase turn
    BID_DONE / EBID_DONE  bit per seat that finished its Trade / commodity bid
    BIDS_REVEALED / EBID_REVEALED  1 once those bids are face up
    ORDER_N, PICK_IDX  valid bidders in ORDER and the next one to pick a Trade pile
    TK_N       tasks on the TASKS stack, each (code, amount, seat, aux); top = TK_N - 1
    SP_ENDED   1 when the game ended on the SP goal
    PLOT, LOCATION  the Event decks of the story (0..2 plots, 3..5 locations)
    DEPLETIONS Life Pools emptied so far (info column)
    EV_REMOVED the custom story's Event cards set aside (EH-STORY-06)
    Seat block: LIFE, SP, DEPLETED (Life Pool emptied this round), counts of HAND, DECK,
    DISC (Discard pile), TABLE (Action cards played this turn), BID (Trade bid cards BIDC),
    COL (Colony slots), UNDER (Supply cards under partial Buildings: UNDER_KIND, and
    UNDER_SLOT the Colony slot); EBID the commodity bid; RECRUITS Survivors recruited.
    Cards in every zone are card kind ids (rules.toml ``cards.*`` in id order); -1 empty.
    ROW[0] is next to the Survivor deck (left), ROW[4] the rightmost slot.
    Colony slot: COL_KIND kind (the Firearm is a kind of type colony), COL_DONE 1 when
    constructed / recruited, COL_PLACED supply value under a partial Building,
    COL_BUL bullets on a Weapon, COL_TAP once-per-round ability used.

Params (int32): scalars P_* (0..63), then the card table (MAX_KINDS x KF_N), the event
table (MAX_EV_KINDS x EF_N) and the deck lists (see ``P_*`` offsets below).
"""
# ---- sizes ---------------------------------------------------------------------------
MAX_P = 5
HAND_CAP = 40
OWN_CAP = 64          # cards a seat may own in hand + deck + discard + table + bid
TABLE_CAP = 16
COL_CAP = 20
UNDER_CAP = 16
CARD_CAP = 200        # every physical card of the game fits in MAIN or WASTE
SDECK_CAP = 40
MAX_PILES = MAX_P + 1
PILE_CAP = 20
ROW_LEN = 5
MAX_EVENTS = 12
MAX_TASKS = 24
MAX_KINDS = 64
MAX_EV_KINDS = 40
MAX_EFF = 3           # effects per card / per event option
MAX_OPTS = 3
NUM_DECKS = 6         # event decks: plots 0..2, locations 3..5
DECK_EVENTS = 6
MAX_ROUNDS = 16       # hard bound on game.round_cap
MAX_ACTIONS_TURN = 12  # hard bound on rules game.action_cap

# ---- actions -------------------------------------------------------------------------
# 0..39   hand card i        (HAND_BASE + i)
# 40..47  option k: event option, Trade pile, seat, Survivor Row slot   (OPT_BASE + k)
# 48..67  Colony slot c      (COL_BASE + c)
# 68..91  amount k (commodity bid)   (AMT_BASE + k)
# 92 done / pass / no     93 the discard action     94 yes (fire a Weapon)
HAND_BASE = 0
OPT_BASE = HAND_CAP
NUM_OPT = 8
COL_BASE = OPT_BASE + NUM_OPT
AMT_BASE = COL_BASE + COL_CAP
MAX_AMT = 23
A_DONE = AMT_BASE + MAX_AMT + 1
A_DISCARD = A_DONE + 1
A_YES = A_DONE + 2
NUM_ACTIONS = A_YES + 1

# ---- card types, timings, packs ----------------------------------------------------------
TY_SUPPLY = 0
TY_ACTION = 1
TY_BUILDING = 2
TY_SURVIVOR = 3
TY_COLONY = 4
TYPE_NAMES = ("supply", "action", "building", "survivor", "colony")

TM_PASSIVE = 0
TM_ROUND = 1       # once per round, free
TM_ACTION = 2      # used as an action, once per round
TM_END = 3         # scores at game end
TIMING_NAMES = ("passive", "round", "action", "end")

PK_START = 0
PK_BASE = 1
PK_S1 = 2
PK_S2 = 3
PK_S3 = 4
PK_EXTRA = 5
PK_NONE = 6
PACK_NAMES = ("start", "base", "pack1", "pack2", "pack3", "extra", "none")

REQ_NONE = 0
REQ_SURVIVOR = 1   # a Survivor in hand (Heroic Act)
REQ_PARTIAL = 2    # a partial Building within reach (Building Plans)
REQ_NAMES = ("none", "survivor-in-hand", "partial-building")

# ---- effect codes (rules.toml names in simcore.humanity.EFFECTS) ----------------------------
E_NONE = 0
E_DRAW = 1
E_ACTIONS = 2
E_LIFE = 3
E_LOSE_LIFE = 4
E_SP = 5
E_DISCARD = 6
E_TRASH = 7
E_PAY = 8            # trash Supplies from hand worth >= n
E_LOOT = 9           # top n Main-deck cards into hand
E_TRADE_SUPPLY = 10  # take a Supply card from a Trade pile into hand
E_TRADE_ANY = 11     # take the newest card of a Trade pile into hand
E_RESCUE = 12        # rescue a Survivor from the Row into your Discard pile
E_BULLETS = 13       # +n Bullets on each of your Weapons (up to capacity)
E_FRESH = 14         # Fresh Start: Draw deck onto Discard pile
E_FINISH = 15        # Building Plans: finish a partial Building missing <= n
E_HEROIC = 16        # Heroic Act: recruit a Survivor from hand without Supplies
E_ROBBERY = 17       # Armed Robbery effect 2
E_STRIKE = 18        # First Strike effect 2
E_HAND_SIZE = 19     # passive: Hand Size +n
E_TRADE_BONUS = 20   # passive: +n to a valid Trade bid
E_RECRUIT_DISC = 21  # passive: Recruit costs -n
E_EXTRA_ACTION = 22  # passive: +n actions each Action phase
E_END_SP = 23        # end: +n SP at game end
E_OTHERS_LOSE = 24   # every other player loses n Life
E_FIRE = 25          # fire a Weapon (requirement)
E_DISCARD_SUPPLY = 26  # discard n Supply cards
NUM_EFFECTS = 27

# ---- event kinds ---------------------------------------------------------------------
EK_CHOOSE = 0
EK_BID = 1
EVENT_KIND_NAMES = ("choose", "bid")
CM_LIFE = 0
CM_BULLETS = 1
COMMODITY_NAMES = ("life", "bullets")

# ---- task codes (above the effect codes) ------------------------------------------------
T_MENU = 40
T_END_TURN = 41
T_BUILD = 42         # aux = colony slot being built
T_DISCARD_ACT = 43   # amt = cards discarded so far
T_FIRE_OPT = 44      # amt/aux = bullet effect amount / code
T_EVENT = 45         # amt = picks left, aux = chosen option mask
T_EBID = 46
T_BID = 47
T_PICK = 48
T_RECRUIT = 49
T_RECRUIT_PAY = 50   # amt = cost left, aux = colony slot
T_RELOAD = 51
T_ROBBERY_CARD = 52  # aux = table index of the Armed Robbery card (set by play)
TK_CODE = 0
TK_AMT = 1
TK_SEAT = 2
TK_AUX = 3

# ---- stages -------------------------------------------------------------------------------
S_ROUND_START = 0
S_EVENT = 1
S_EVENT_BID = 2
S_ACTION = 3
S_TRADE = 4
S_TRADE_REVEAL = 5
S_TRADE_PICK = 6
S_RECRUIT = 7
S_END_CHECK = 8
S_RELOAD = 9
S_CLEANUP = 10
S_DONE = 11

# ---- end reasons --------------------------------------------------------------------------
END_PLAYING = 0
END_SP = 1
END_EVENTS = 2
END_CAP = 3

# ---- state header ---------------------------------------------------------------------------
CUR = 0
DEC = 1
END = 2
ROUND = 3
MOVES = 4
STAGE = 5
SUB = 6
FIRST = 7
READY = 8
CHOICE = 9
LEG_N = 10
WIN_MASK = 11
EV_PTR = 12
EV_N = 13
EV_CUR = 14
ACTIONS = 15
ACT_SEAT = 16
UNLUCKY = 17
MAIN_N = 18
WASTE_N = 19
SDECK_N = 20
BULLETS = 21
BIDS_REVEALED = 22
BID_DONE = 23
EBID_DONE = 24
EBID_REVEALED = 25
ORDER_N = 26
PICK_IDX = 27
TAKEN = 28
FIREARMS = 29
TK_N = 30
SP_ENDED = 31
PLOT = 32
LOCATION = 33
ACTS_TAKEN = 34
DEPLETIONS = 35
LEG = 40
TASKS = LEG + NUM_ACTIONS
EVENTS = TASKS + MAX_TASKS * 4
EV_REMOVED = EVENTS + MAX_EVENTS        # up to 3 custom-story cards set aside
ROW = EV_REMOVED + 4
ORDER = ROW + ROW_LEN
MAIN = ORDER + MAX_P
WASTE = MAIN + CARD_CAP
SDECK = WASTE + CARD_CAP
PILES = SDECK + SDECK_CAP
PILE_N = PILES + MAX_PILES * PILE_CAP
SEAT0 = PILE_N + MAX_PILES

# per-seat block
S_LIFE = 0
S_SP = 1
S_DEPLETED = 2
S_HAND_N = 3
S_DECK_N = 4
S_DISC_N = 5
S_TABLE_N = 6
S_BID_N = 7
S_COL_N = 8
S_UNDER_N = 9
S_EBID = 10
S_RECRUITS = 11
S_HAND = 12
S_DECK = S_HAND + HAND_CAP
S_DISC = S_DECK + OWN_CAP
S_TABLE = S_DISC + OWN_CAP
S_BIDC = S_TABLE + TABLE_CAP
S_COL_KIND = S_BIDC + HAND_CAP
S_COL_DONE = S_COL_KIND + COL_CAP
S_COL_PLACED = S_COL_DONE + COL_CAP
S_COL_BUL = S_COL_PLACED + COL_CAP
S_COL_TAP = S_COL_BUL + COL_CAP
S_UNDER_KIND = S_COL_TAP + COL_CAP
S_UNDER_SLOT = S_UNDER_KIND + UNDER_CAP
SEAT_SZ = S_UNDER_SLOT + UNDER_CAP
STATE_SIZE = SEAT0 + MAX_P * SEAT_SZ

# ---- params -----------------------------------------------------------------------------------
P_NUM_PLAYERS = 0
P_SCENARIO = 1        # 0, 1, 2 scenario packs; 3 custom story
P_HAND_SIZE = 2
P_START_LIFE = 3
P_REFILL_LIFE = 4
P_SP_GOAL = 5
P_PILE_START = 6
P_PILE_ADD = 7
P_NEW_PILE = 8
P_NO_EVENTS = 9
P_FIREARMS = 10       # 0 off, 1 on, 2 decided by the custom story's decks
P_FIREARM_CAP = 11
P_FIREARM_START = 12
P_BULLET_RESERVE = 13
P_ROUND_CAP = 14
P_ACTION_CAP = 15
P_EBID_ZERO = 16      # a bid of 0 is allowed in commodity bidding
P_EBID_ALL_LIFE = 17  # Life may be bid down to 0
P_EBID_WEAPON_BUL = 18  # Bullets on Weapons may be bid
P_EMPTY_PILE_OK = 20  # an emptied Trade pile may be chosen
P_SURV_REMOVE = 21    # Scenario 3: random Survivors removed from the older part
P_ACT_REMOVE = 22
P_BLD_REMOVE = 23
P_SUPPLY_REMOVE = 24  # Survival mode: random Supplies removed from the Main deck
P_NUM_EVENTS = 25     # Event cards in the deck (9, +Longer Game extras)
P_EV_SHUFFLED = 26    # the unrevealed Event order is unknown (custom story, Longer extras)
P_LONGER_EXTRA = 27
P_START_HAND = 28
P_RELOAD_ON = 29      # Weapons reload in Cleanup
P_MAIN_OLD = 30       # bit per pack (PK_*) in the older part of the Main deck
P_MAIN_NEW = 31       # packs shuffled in after the Scenario 3 removals
P_SURV_OLD = 32
P_SURV_NEW = 33
P_PLOT_CARDS = 34     # custom story: Action/Building cards taken from the Plot's pack
P_FIREARM_KIND = 35
P_TIEBREAK_UNBUILT = 36

KF_TYPE = 0
KF_TRADE = 1
KF_SUPPLY = 2
KF_COST = 3
KF_SP = 4
KF_LIFE = 5
KF_E = 6              # 6..11: (code, amount) x 3
KF_NEEDS_FIRE = 12
KF_BE = 13
KF_BA = 14
KF_ABIL = 15
KF_ABIL_AMT = 16
KF_TIMING = 17
KF_WEAPON = 18
KF_PAY_LIFE = 19
KF_REQ = 20
KF_PACK = 21
KF_COUNT = 22
KF_N = 24

EF_KIND = 0
EF_DECK = 1
EF_PICKS = 2
EF_NOPT = 3
EF_OPT = 4            # 4..21: option o, effect j: (code, amount) at 4 + o*6 + j*2
EF_COMMODITY = 22
EF_FIRST = 23         # 23..26: (code, amount) x 2 for the highest bidder
EF_LAST = 27          # 27..30: (code, amount) x 2 for the lowest bidder
EF_N = 32

P_CARDS = 64
P_EVENTS = P_CARDS + MAX_KINDS * KF_N
P_SCEN_EVENTS = P_EVENTS + MAX_EV_KINDS * EF_N     # the Event deck of this scenario, in order
P_LONGER_EVENTS = P_SCEN_EVENTS + MAX_EVENTS       # extra events of the Longer Game (in order)
P_DECK_EVENTS = P_LONGER_EVENTS + 4                # custom: deck d's 6 event ids
PARAMS_SIZE = P_DECK_EVENTS + NUM_DECKS * DECK_EVENTS

# ---- the bound on agent decisions -------------------------------------------------------------
# Effect amounts that ask for picks are at most MAX_PICK (rules compiler), Supply values >= 1.
# Per seat and round: Event <= 2 picks x (1 + 3 effects x MAX_PICK) + 1 bid + 2 bid results x
# 2 effects x MAX_PICK; Action phase <= MAX_ACTIONS_TURN actions x (1 menu + HAND_CAP + 1, the
# longest sub-decision) + COL_CAP free abilities x (1 + 2 x MAX_PICK) + 1 end; Trade <=
# HAND_CAP + 2; Recruit <= 1 + MAX_COST picks; reload 1; plus <= ROW_LEN rescues a round for
# the whole table (the Row is refilled only in Cleanup).
MAX_PICK = 5
MAX_COST = 12
PER_SEAT_ROUND = (2 * (1 + 3 * MAX_PICK) + 1 + 4 * MAX_PICK
                  + MAX_ACTIONS_TURN * (HAND_CAP + 2) + COL_CAP * (1 + 2 * MAX_PICK) + 1
                  + HAND_CAP + 2 + 1 + MAX_COST + 1)
MAX_GAME_LENGTH = MAX_ROUNDS * (MAX_P * PER_SEAT_ROUND + ROW_LEN)
