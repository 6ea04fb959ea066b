"""Darkleaf Gambit state and params rows, unit/clan/skill codes and the action encoding.

Board: square = rank * 8 + file (0..63), rank 0 is seat 0's Seat, rank 7 seat 1's Seat.
Directions are relative to the acting seat, clockwise from forward (the Hexen numbering
minus one): 0 forward, 1 forward-right, 2 right, 3 back-right, 4 back, 5 back-left,
6 left, 7 forward-left.  Seat 0 looks up the board (forward = +rank, right = +file); seat 1
looks down (both signs flipped), so a clan's starting squares for seat 1 are ``63 - sq``.

A cell holds 0 (empty) or ``1 + seat * 6 + type``; what belongs to a unit (auras, the
Witch's Ladder counter, freezing) is stored per square and moves with the unit.

State (int32)::

    0 END  1 WINNER  2 CUR  3 DEC  4 TURN  5 ROUND  6 ACTS  7 TACTS  8 HAND_V  9 HAND_F
    10 ROLLS 11 SEL 12 SEL2 13 TGT 14 TGT2 15 JUNIT 16 JDIR 17 JPTS 18 JN 19 JMAX
    20 INTENT 21 TFLAGS 22 PEND 23 PSTEP 24 NP0 25 NP1 26 NPCNT 27..29 MOVED[3]
    30 QLEFT 31 TRAIT_USED 32 STILL 33 STILL_SEAT 34 DEEDMOD 35 FIRST 36 LOOPED 37 AUX
    38 RECL (bitmask of the 4 centre squares) 39 TURNS_TAKEN[2] 41 ROLLV 42 HCAP_LEFT
    43..47 spare
    48 POOL[2] 50 POOLF[2] 52 FOREIGN[2] 54 LAW[2] 56 WILLTOK[2] 58 MARKS[2] 60 VANQ[2]
    62 RELIC[2*5] 72 SLOTS[2*5*4] 112 GRAVE[2*6]
    124 BOARD[64] 188 AURA[64] 252 LADDER[64] 316 FROZEN[64] 380 PG[64]
    444 LIMBO[2][6] 456 L_STAGE 457 L_DEC                                    (458 entries)

    HAND_V/HAND_F  the rolled bone in hand (value, 1 when it is a swapped rival bone); 0 none
    SLOTS          bone value + 64 when foreign, 0 empty
    MARKS[s]       fate chips on seat s's royal (Huldra Hunts, Ferrymen push-offs)
    FROZEN[sq]     the unit may not be used/moved by its owner while TURN <= FROZEN[sq]; with
                   TIDE_BIT set (Unrelenting Tide) it only may not journey or relocate
    PG[sq]         Poison Garden counter on a territory (0 none), QUEEN bit 16 ignored
    LADDER[sq]     Witch's Ladder counter on the unit (0 none)
    LIMBO[i]       a unit off the board until its player places it (D_RELOC): cell, aura,
                   ladder, frozen, placement mode (PM_*), anchor square (PM_SEAT: the seat);
                   L_STAGE/L_DEC is where the turn resumes once every such unit is placed

Params (int32): see the P_* offsets below.

Actions (NUM_ACTIONS = 117)::

    0..63    square (a unit, a target or a destination, by decision)
    64..71   direction d: push / slide / flow direction (relative to the acting seat)
    72..79   direction d with a 2-territory push (Barbaric)
    80..84   spend the relic token of skill k
    85       activate Haggedorn's Will
    86       done / decline / no / cancel
    87       intent: journey      88 intent: deed      89 Huldra Leap      90 yes
    91..110  slot row*4+pos (own board; Renewal: the rival's board)
    111      aura choice Ripple Effect (A_YES picks Barbaric)
    112..116 return row r's slotted bones to the pool (skill r no longer applicable,
             DG-SLOT-15; offered in the owner's Upkeep and Slot Bones decisions)
"""

# ---- clans (index = Clan Starting Order) ------------------------------------------------
HEXEN, WIBO, MURG, FERRY, ERDE, HULDRA = range(6)
CLAN_KEYS = ("hexen", "wibo", "murg", "ferrymen", "erde", "huldra")
CLAN_LONG = ("Hexen", "Wildero Wibo", "The Murg", "Ferrymen", "Erde", "Huldra")

# ---- unit types ---------------------------------------------------------------------------
PAWN, KNIGHT, SAGE, ROOK, QUEEN, KING = range(6)
TYPE_KEYS = ("pawn", "knight", "sage", "rook", "queen", "king")

# ---- skill kinds --------------------------------------------------------------------------
K_MIRACLE, K_RELIC, K_AURA, K_LAW = range(4)
SKILL_KEYS = (
    ("poison_garden", "witchs_ladder", "haggedorn_hoc_vult", "waxing_moon", "celestial_compass"),
    ("hallucinogenic_spores", "rival_regrowth", "starter_seed", "scatter", "the_endless"),
    ("iron_plating", "predictive_model", "electromagnetic_loop", "assassin",
     "technological_singularity"),
    ("unrelenting_tide", "master_the_current", "eddy", "big_wave", "calm_waters"),
    ("banish", "that_which_cannot_be_destroyed", "metamorphic", "sink", "one_with_the_land"),
    ("long_bow", "pivot", "renewal", "tweak", "adapt"),
)
SKILL_KIND = (
    (K_RELIC, K_RELIC, K_MIRACLE, K_MIRACLE, K_LAW),
    (K_MIRACLE, K_MIRACLE, K_RELIC, K_MIRACLE, K_LAW),
    (K_AURA, K_RELIC, K_RELIC, K_AURA, K_LAW),
    (K_RELIC, K_MIRACLE, K_MIRACLE, K_MIRACLE, K_LAW),
    (K_RELIC, K_MIRACLE, K_RELIC, K_MIRACLE, K_LAW),
    (K_AURA, K_AURA, K_MIRACLE, K_RELIC, K_LAW),
)
# skill indices by clan
PG_, WL_, HOC_, WAX_, CEL_ = range(5)
SPORES_, REGROW_, SEED_, SCATTER_, ENDLESS_ = range(5)
IRON_, PREDICT_, LOOP_, ASSASSIN_, SING_ = range(5)
TIDE_, MTC_, EDDY_, BIGWAVE_, CALM_ = range(5)
BANISH_, TWCBD_, META_, SINK_, OWTL_ = range(5)
LONGBOW_, PIVOT_, RENEWAL_, TWEAK_, ADAPT_ = range(5)

TIDE_BIT = 1 << 12   # FROZEN[sq] flag: rooted by Unrelenting Tide (deeds still allowed)

# ---- aura / unit flag bits (AURA[sq]) ----------------------------------------------------
AU_IRON = 1
AU_LONGBOW = 2
AU_PIVOT = 4
AU_ASSASSIN = 8
AU_BARBARIC = 16
AU_RIPPLE = 32
AU_QUARRY = 64      # not an aura: the unit is a Hexen Divine Quarry
AURA_MASK = 63

# ---- direction masks (bit d = direction d allowed) ----------------------------------------
DM_ALL = 255
DM_NEIGH = 1 | 4 | 16 | 64
DM_DIAG = 2 | 8 | 32 | 128
DM_FLR = 1 | 4 | 64          # forward, right, left (no backward)
DM_RETREAT = 8 | 16 | 32     # back-right, back, back-left
DM_NONE = 0
# relative direction vectors for seat 0 (seat 1 negates both)
DR0 = (1, 1, 0, -1, -1, -1, 0, 1)
DF0 = (0, 1, 1, 1, 0, -1, -1, -1)

# ---- decisions ----------------------------------------------------------------------------
(D_NONE, D_QUARRY, D_UPKEEP, D_INTENT, D_DEED_UNIT, D_DEED_TGT, D_DEED_TGT2, D_UNIT, D_DEST,
 D_FLOW, D_AURA_CHOICE, D_BELAY_UNIT, D_BELAY_DEST, D_MORPH, D_MORPH_TGT, D_MORPH_TGT2,
 D_RETREAT, D_RETREAT_DEST, D_HEX, D_HEX_CASTER, D_WL_TGT, D_SLOT, D_PICK, D_PLACE, D_DIR,
 D_HULDRA, D_HUNT_UNIT, D_HUNT_TGT, D_LEAP, D_PIVOT, D_KNIGHT_MOVE, D_BANISH,
 D_RENEWAL, D_HCAP, D_RELOC) = range(35)

# D_MORPH_TGT is no longer used (since version 3 the Morph target is declared in Phase 2,
# D_DEED_TGT); the code is kept so the other decision codes stay put.
# placement modes of a unit in LIMBO (the moving player picks the territory, DG-CORE-03)
PM_SEAT = 1      # anywhere in the anchor seat's Seat; full: the next rank up, and so on
PM_ADJ = 2       # adjacent to the anchor square; next best: the next ring out
PM_NEIGH = 3     # neighboring the anchor; next best: diagonal, then the next ring out
PM_EDGE = 4      # an edge territory neighboring the anchor; next best: the nearest edge ones
PM_MORPH = 16    # flag: a newly Morphed pawn (its retreat starts where it is placed)

# intents
I_NONE, I_JOURNEY, I_DEED, I_LEAP = range(4)
# per-turn flags (TFLAGS)
TF_PREDICT = 1
TF_LOOP = 2
TF_SEED = 4
TF_META = 8
TF_JOURNEYED = 16
TF_TWEAKED = 32
TF_HEXCAST = 64
TF_MASS = 128
TF_HASTY = 256
TF_WLPOP = 512       # the next Witch's Ladder is the free Place of Power one
TF_NEWTOKEN = 1024   # Hexen: a Hex relic was earned this turn (cast in Acquire Power)
TF_WILL = 2048       # Haggedorn's Will was activated this Upkeep (relic spending is over)

# ---- actions ------------------------------------------------------------------------------
A_SQ = 0
A_DIR = 64
A_DIR2 = 72
A_SPEND = 80
A_WILL = 85
A_DONE = 86
A_JOURNEY = 87
A_DEED = 88
A_LEAP = 89
A_YES = 90
A_SLOT = 91
A_RIPPLE = 111
A_RETURN = 112          # + row: return that row's bones (row no longer applicable)
NUM_ACTIONS = 117

# ---- end reasons --------------------------------------------------------------------------
END_PLAYING, END_VICTORY, END_CAP = range(3)

# ---- Will effect codes --------------------------------------------------------------------
(W_NOTHING, W_REKINDLE_PAWN, W_REKINDLE_MINOR, W_RETURN_BONE, W_VANQUISH_PAWN,
 W_CLEAR_BOARD, W_STILLNESS, W_EASY_DEEDS, W_HARD_DEEDS, W_VANQUISH_MINOR,
 W_FREE_RELIC) = range(11)
WILL_KEYS = ("nothing", "rekindle_pawn", "rekindle_minor", "return_bone", "vanquish_pawn",
             "clear_board", "stillness", "easy_deeds", "hard_deeds", "vanquish_minor",
             "free_relic")

# ---- capacities / bounds ------------------------------------------------------------------
MAX_TURN_ACTS = 48      # actions one turn may take (a safety bound; never reached in play)
MAX_ROUND_CAP = 150
SETUP_ACTS = 2 + 5 * 2  # Divine Quarry picks; 5 handicap bones, each slotted and maybe an aura

# ---- state offsets ------------------------------------------------------------------------
END = 0
WINNER = 1
CUR = 2
DEC = 3
TURN = 4
ROUND = 5
ACTS = 6
TACTS = 7
HAND_V = 8
HAND_F = 9
ROLLS = 10
SEL = 11
SEL2 = 12
TGT = 13
TGT2 = 14
JUNIT = 15
JDIR = 16
JPTS = 17
JN = 18
JMAX = 19
INTENT = 20
TFLAGS = 21
PEND = 22
PSTEP = 23
NP0 = 24
NP1 = 25
NPCNT = 26
MOVED = 27
QLEFT = 30
TRAIT_USED = 31
STILL = 32
STILL_SEAT = 33
DEEDMOD = 34
FIRST = 35
LOOPED = 36
AUX = 37
RECL = 38
TURNS_TAKEN = 39      # turns taken by seat 0 (40: seat 1)
ROLLV = 41            # value of the last bone rolled this turn
HCAP_LEFT = 42        # setup: handicap bones still to roll and slot
POOL = 48
POOLF = 50
FOREIGN = 52
LAW = 54
WILLTOK = 56
MARKS = 58
VANQ = 60
RELIC = 62
SLOTS = 72
GRAVE = 112
BOARD = 124
AURA = 188
LADDER = 252
FROZEN = 316
PG = 380
LIMBO = 444           # [2][6]
L_STAGE = 456
L_DEC = 457
STATE_SIZE = 458

# ---- params offsets -----------------------------------------------------------------------
P_NUM_PLAYERS = 0
P_CLAN = 1            # [2] clan of seat 0, seat 1
P_FIRST = 3           # seat that takes the first turn
P_HCAP_BONES = 4
P_HCAP_SEAT = 5
P_WILL_MODE = 6       # 0 Blessings, 1 Curses
P_ROUND_CAP = 7
P_FACES = 8           # [2] faces of each seat's bones
P_MURG_DESTROY = 10
P_MURG_ROYAL = 11
P_MURG_ROYAL_LAW = 12
P_MURG_LOCK = 13
P_ERDE_RECLAIM = 14
P_ERDE_RECLAIM_LAW = 15
P_WIBO_MORPH = 16
P_HUNT_MARKS = 17
P_FERRY_PUSHES = 18
P_WIBO_SEAT = 19
P_PG_ROUNDS = 20
P_PG_FAST = 21
P_WL_ROUNDS = 22
P_STILL_ROUNDS = 23
P_SINK_OWN = 24       # 1: Sink may also target an Erde unit
P_HEX_ZERO = 25       # 1: a Hexen unit may journey 0 territories (unused: 0)
P_QUARRY_ANY = 26     # 1: a Quarry vanquished by any cause counts
P_WILL_THICK = 27     # 1: Thick Skin also shields the Erde king from the Will
P_WL_SAME = 28        # 1: both Place of Power Ladders may mark the same unit
P_RETREAT_LE = 29     # 1: retreat may be shorter than the roll
P_LEAP_ANY = 30       # 1: Leap allowed when adjacent to one rook but not another
P_CALM = 31           # Calm Waters: journey rolls receive -P_CALM
P_ROW = 32            # [2][5][4] slot codes
P_NSLOT = 72          # [2][5]
P_SUMLO = 82          # [2][5]
P_SUMHI = 92          # [2][5]
P_RELCAP = 102        # [2][5]
P_MAXU = 112          # [2][6] unit maximums
P_START = 124         # [2][32] (type, square) pairs, type -1 ends
P_WILL = 188          # [2][12] Blessings then Curses
PARAMS_SIZE = 212

MAX_GAME_LENGTH = SETUP_ACTS + 2 * (MAX_ROUND_CAP + 2) * 2 * MAX_TURN_ACTS

# slot codes: 0 any (sum rows), 1..12 exact value, 20 even, 21 odd, 100*a + b either a or b
SC_ANY = 0
SC_EVEN = 20
SC_ODD = 21
