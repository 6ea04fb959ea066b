"""Darkleaf Gambit state and params rows, unit/clan/skill codes and the action encoding.

Board: square = rank * 8 + file (0..63), rank 0 is seat 0's Seat, rank 7 seat 1's Seat.
Directions are relative to the acting seat, clockwise from forward (the Hexen numbering
minus one): 0 forward, 1 forward-right, 2 right, 3 back-right, 4 back, 5 back-left,
6 left, 7 forward-left.  Seat 0 looks up the board (forward = +rank, right = +file); seat 1
looks down (both signs flipped), so a clan's starting squares for seat 1 are ``63 - sq``.

A cell holds 0 (empty) or ``1 + seat * 6 + type``; what belongs to a unit (auras, the
Witch's Ladder counter, freezing) is stored per square and moves with the unit.

State (int32)::

    0    1      2    3    4    5     6    7     8      9      10    11   12   13   14
    +----+------+----+----+----+-----+----+-----+------+------+-----+----+----+----+----+
    |END |WINNER|CUR |DEC |TURN|ROUND|ACTS|TACTS|HAND_V|HAND_F|ROLLS|SEL |SEL2|TGT |TGT2|
    +----+------+----+----+----+-----+----+-----+------+------+-----+----+----+----+----+
    15    16   17   18  19   20     21     22   23    24  25  26    27..29    30
    +-----+----+----+---+----+------+------+----+-----+---+---+-----+---------+-----+
    |JUNIT|JDIR|JPTS|JN |JMAX|INTENT|TFLAGS|PEND|PSTEP|NP0|NP1|NPCNT|MOVED[3] |QLEFT|
    +-----+----+----+---+----+------+------+----+-----+---+---+-----+---------+-----+
    31         32    33         34      35    36     37   38   39..40          41
    +----------+-----+----------+-------+-----+------+----+----+---------------+-----+
    |TRAIT_USED|STILL|STILL_SEAT|DEEDMOD|FIRST|LOOPED|AUX |RECL|TURNS_TAKEN[2] |ROLLV|
    +----------+-----+----------+-------+-----+------+----+----+---------------+-----+
    42         43..47  48..49   50..51   52..53     54..55  56..57     58..59    60..61
    +----------+-------+--------+--------+----------+-------+----------+---------+-------+
    |HCAP_LEFT |spare  |POOL[2] |POOLF[2]|FOREIGN[2]|LAW[2] |WILLTOK[2]|MARKS[2] |VANQ[2]|
    +----------+-------+--------+--------+----------+-------+----------+---------+-------+
    62..71        72..111          112..123     124..187   188..251  252..315    316..379
    +-------------+----------------+------------+----------+---------+-----------+----------+
    |RELIC[2][5]  |SLOTS[2][5][4]  |GRAVE[2][6] |BOARD[64] |AURA[64] |LADDER[64] |FROZEN[64]|
    +-------------+----------------+------------+----------+---------+-----------+----------+
    380..443  444..455       456      457
    +---------+--------------+--------+-------+
    |PG[64]   |LIMBO[2][6]   |L_STAGE |L_DEC  |                        (458 entries)
    +---------+--------------+--------+-------+

    END            end reason (END_*): 0 playing, 1 a path to victory, 2 the turn cap
    WINNER         the winning seat, -1 none (playing, or a capped game: a draw)
    CUR            seat that decides now (during a turn: the seat whose turn it is)
    DEC            pending decision (D_* below); its options are ``options.opts``
    TURN           turns begun in the game, both seats (0 during setup)
    ROUND          rounds begun (the first player's turns; an Electromagnetic Loop turn
                   does not start a round)
    ACTS / TACTS   actions taken in the game / in this turn (TACTS <= MAX_TURN_ACTS)
    HAND_V/HAND_F  the rolled bone in hand (value, 1 when it is a swapped rival bone); 0 none
    ROLLS          bones rolled this turn;  ROLLV the value of the last one
    SEL / SEL2     squares picked by this turn's decisions: the unit acting (journey, deed,
                   Banish, Hex caster), a second unit (Belay, Master the Current, Witch's
                   Ladder caster); D_AURA_CHOICE keeps the journey distance in SEL2; -1 none
    TGT / TGT2     deed targets (Destroy, Morph; TGT2 the second one of a knight or a Mass
                   Morph); in D_HUNT_TGT / D_PIVOT TGT2 is the Hunt distance; -1 none
    JUNIT          square of the unit that journeyed this turn, -1 none
    JDIR           direction of this turn's journey, -1 none (or a zero journey)
    JPTS           territories the journey may cover (the roll; the rest of an Erde split
                   roll); the retreat roll in D_RETREAT_DEST, the Hunt roll in D_HUNT_UNIT
    JN / JMAX      Erde shares taken / allowed this journey (1; Erde 2; Metamorphic 3)
    INTENT         declared intent (I_*)
    TFLAGS         per-turn flags (TF_* below)
    PEND / PSTEP   skill row being acquired (its skill index) and the step inside a
                   multi-step skill (Eddy, Master the Current, the Assassin trait); the Hex
                   token picked in D_HEX; PEND 0 in D_DIR = Unrelenting Tide; -1 none
    NP0            square of the pawn a Morph made (the retreat starts there), -1 none
    NP1 / NPCNT    unused (cleared each turn, never read)
    MOVED[i]       squares of the Erde units that took a share of this journey, -1 none
    QLEFT          Divine Quarry still on Haggedorn (the Hexen win at 0 once named)
    TRAIT_USED     The Murg trait (sacrifice a pawn for an Assassin sage) was used
    STILL          rounds of Stillness (Will) left: nothing can be vanquished while > 0;
                   STILL_SEAT the seat whose Upkeep counts it down
    DEEDMOD        added to every deed's needed roll (Will: easy deeds -1, hard deeds +1)
    FIRST          seat that takes the first turn
    LOOPED         this turn is an Electromagnetic Loop extra turn (no new round)
    AUX            one slot, four uses that never overlap: QUARRY_PICKS (setup), FLOW_MODE
                   (D_FLOW), HEX_ON_ACQUIRE (D_HEX) and HEX_WAXING (D_HEX_ORDER); see the
                   aliases below
    RECL           bit b set: centre territory b (27, 28, 35, 36) is Reclaimed by Erde
    TURNS_TAKEN[s] turns seat s has begun
    HCAP_LEFT      setup: handicap bones still to roll and slot (Tips & Tricks)
    POOL[s]        bones in seat s's pool;  POOLF[s] how many of them are swapped (Adapt)
    FOREIGN[s]     the Adapt swap has happened for seat s
    LAW[s]         seat s acquired its Law;  WILLTOK[s] Haggedorn's Will tokens left
    MARKS[s]       fate chips on seat s's royal (Huldra Hunts, Ferrymen push-offs)
    VANQ[s]        seat s's units vanquished (the other seat's score)
    RELIC[s*5+r]   relic tokens of seat s's skill r (clan board order)
    SLOTS[s*20+r*4+p]  bone in slot p of row r: value, + 64 when foreign; 0 empty
    GRAVE[s*6+t]   seat s's units of type t off Haggedorn (rekindle/placement supply)
    BOARD[sq]      0 empty, or 1 + seat * 6 + type
    AURA[sq]       AU_* bits of the unit on sq (auras, and AU_QUARRY for a Divine Quarry)
    LADDER[sq]     Witch's Ladder counter on the unit (0 none, -1 due this Upkeep)
    FROZEN[sq]     the unit may not be used/moved by its owner while TURN <= FROZEN[sq]; with
                   TIDE_BIT set (Unrelenting Tide) it only may not journey or relocate; -1 none
    PG[sq]         Poison Garden counter on a territory (0 none)
    LIMBO[i*6..]   up to two units off the board until their player places them (D_RELOC):
                   cell, aura, ladder, frozen, placement mode (PM_*), anchor square (PM_SEAT:
                   the seat); L_STAGE/L_DEC is where the turn resumes once all are placed

Params (int32)::

    0    1..2     3      4           5           6          7          8..9
    +----+--------+------+-----------+-----------+----------+----------+---------+
    |P   |CLAN[2] |FIRST |HCAP_BONES |HCAP_SEAT  |WILL_MODE |ROUND_CAP |FACES[2] |
    +----+--------+------+-----------+-----------+----------+----------+---------+
    10            11          12              13         14            15
    +-------------+-----------+---------------+----------+-------------+-----------------+
    |MURG_DESTROY |MURG_ROYAL |MURG_ROYAL_LAW |MURG_LOCK |ERDE_RECLAIM |ERDE_RECLAIM_LAW |
    +-------------+-----------+---------------+----------+-------------+-----------------+
    16          17          18            19         20         21       22        23
    +-----------+-----------+-------------+----------+----------+--------+---------+-----------+
    |WIBO_MORPH |HUNT_MARKS |FERRY_PUSHES |WIBO_SEAT |PG_ROUNDS |PG_FAST |WL_ROUNDS|STILL_ROUNDS|
    +-----------+-----------+-------------+----------+----------+--------+---------+-----------+
    24         25      26          27          28       29          30      31
    +----------+-------+-----------+-----------+--------+-----------+-------+------+
    |SINK_OWN  |HASTY  |QUARRY_ANY |WILL_THICK |WL_SAME |RETREAT_LE |FATE   |CALM  |
    +----------+-------+-----------+-----------+--------+-----------+-------+------+
    32..71          72..81       82..91      92..101     102..111     112..123
    +---------------+------------+-----------+-----------+------------+-----------+
    |ROW[2][5][4]   |NSLOT[2][5] |SUMLO[2][5]|SUMHI[2][5]|RELCAP[2][5]|MAXU[2][6] |
    +---------------+------------+-----------+-----------+------------+-----------+
    124..187            188..211        212           213
    +-------------------+---------------+-------------+----------+
    |START[2][32]       |WILL[2][12]    |MORPH_DECL   |HEX_ORDER |           (214 entries)
    +-------------------+---------------+-------------+----------+

    P (P_NUM_PLAYERS) 2;  CLAN[s] clan of seat s;  FIRST seat that takes the first turn
    HCAP_BONES/SEAT   handicap bones and the seat that gets them (Tips & Tricks)
    WILL_MODE         Haggedorn's Will table: 0 Blessings, 1 Curses;  WILL[m*12+v-1] the
                      effect (W_*) of d12 roll v in table m
    ROUND_CAP         rounds before the game is a draw;  FACES[s] faces of seat s's bones
    MURG_DESTROY / MURG_ROYAL(_LAW) / MURG_LOCK   roll needed to Destroy a unit / the royal
                      (with the Law) / two units at once (a knight's lock)
    ERDE_RECLAIM(_LAW) roll needed to Reclaim (with the Law)
    WIBO_MORPH        roll needed to Morph;  WIBO_SEAT pawns in The Seat that win
    HUNT_MARKS        marks on the rival royal that win for Huldra; FERRY_PUSHES push-offs
                      that win for the Ferrymen
    PG_ROUNDS / PG_FAST  Poison Garden counters (PG_FAST when cast by the queen);
                      WL_ROUNDS Witch's Ladder counters; STILL_ROUNDS Stillness rounds
    SINK_OWN          1: Sink may also target an Erde unit
    QUARRY_ANY        1: a Quarry vanquished by any cause counts for the Hexen
    WILL_THICK        1: Thick Skin also shields the Erde king from the Will
    WL_SAME           1: both Place of Power Ladders may mark the same unit
    RETREAT_LE        1: a retreat may be shorter than the roll
    HASTY             1: a knight's Morph always retreats by Hasty Retreat (0: the Wibo
                      player picks Hasty Retreat or the new pawn alone)
    FATE              marks of one kind (one fate chip colour) on Haggedorn at once (0: no cap)
    MORPH_DECL        1: a Wibo Morph is declared in Phase 2 (0: any journey may end in one)
    HEX_ORDER         when Witch's Ladders and Poison Gardens come due together: 0 the Hexen
                      player picks which kind resolves first (D_HEX_ORDER), 1 Ladders always
                      first, 2 Gardens always first
    CALM              Calm Waters: Ferrymen journey rolls receive -CALM
    ROW[s*20+r*4+p]   slot code of slot p of row r (SC_* below);  NSLOT[s*5+r] slots in row r
    SUMLO/SUMHI[s*5+r] Sum Between bounds of row r (SUMHI 0: no sum rule)
    RELCAP[s*5+r]     relic tokens row r may hold at once
    MAXU[s*6+t]       units of type t seat s owns in all
    START[s*32+2i..]  (type, square) start pairs of seat s's units (seat 0's view), type -1 ends

Actions (NUM_ACTIONS = 117)::

    0..63    square (a unit, a target or a destination, by decision)
    64..71   direction d: push / slide / flow direction (relative to the acting seat)
    72..79   direction d with a 2-territory push (Barbaric)
    80..84   spend the relic token of skill k (D_HEX_ORDER: the Hexes of skill k, Poison
             Garden 80 or Witch's Ladder 81, resolve first)
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
PG_, WL_, HOC_, WAX_ = range(4)      # row 4 of every clan is its Law (K_LAW)
SPORES_, REGROW_, SEED_, SCATTER_ = range(4)
IRON_, PREDICT_, LOOP_, ASSASSIN_ = range(4)
TIDE_, MTC_, EDDY_, BIGWAVE_ = range(4)
BANISH_, TWCBD_, META_, SINK_ = range(4)
LONGBOW_, PIVOT_, RENEWAL_, TWEAK_ = range(4)

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
# relative direction vectors for seat 0 (seat 1 negates both)
DR0 = (1, 1, 0, -1, -1, -1, 0, 1)
DF0 = (0, 1, 1, 1, 0, -1, -1, -1)

# ---- decisions ----------------------------------------------------------------------------
(D_NONE, D_QUARRY, D_UPKEEP, D_INTENT, D_DEED_UNIT, D_DEED_TGT, D_DEED_TGT2, D_UNIT, D_DEST,
 D_FLOW, D_AURA_CHOICE, D_BELAY_UNIT, D_BELAY_DEST, D_MORPH, D_MORPH_TGT, D_MORPH_TGT2,
 D_RETREAT, D_RETREAT_DEST, D_HEX, D_HEX_CASTER, D_WL_TGT, D_SLOT, D_PICK, D_PLACE, D_DIR,
 D_HULDRA, D_HUNT_UNIT, D_HUNT_TGT, D_LEAP, D_PIVOT, D_KNIGHT_MOVE, D_BANISH,
 D_RENEWAL, D_HCAP, D_RELOC, D_HEX_ORDER) = range(36)

# D_MORPH_TGT is no longer used (since version 3 the Morph target is declared in Phase 2,
# D_DEED_TGT); the code is kept so the other decision codes stay put.
# placement modes of a unit in LIMBO (the moving player picks the territory, DG-CORE-03)
PM_SEAT = 1      # anywhere in the anchor seat's Seat; full: the next rank up, and so on
PM_ADJ = 2       # adjacent to the anchor square; next best: the next ring out
PM_NEIGH = 3     # neighboring the anchor; next best: diagonal, then the next ring out
PM_EDGE = 4      # an edge territory neighboring the anchor; next best: the nearest edge ones
PM_MORPH = 16    # flag: a newly Morphed pawn (its retreat starts where it is placed)

# intents
I_NONE, I_JOURNEY, I_DEED = range(3)
# per-turn flags (TFLAGS)
TF_PREDICT = 1
TF_LOOP = 2
TF_SEED = 4
TF_META = 8
TF_JOURNEYED = 16
TF_TWEAKED = 32      # (bit 64 is free)
TF_MASS = 128
TF_HASTY = 256       # a knight's Morph: Hasty Retreat is open (taken by A_YES at D_RETREAT)
TF_WLPOP = 512       # the next Witch's Ladder is the free Place of Power one
TF_NEWTOKEN = 1024   # Hexen: a Hex relic was earned this turn (cast in Acquire Power)
TF_WILL = 2048       # Haggedorn's Will was activated this Upkeep (relic spending is over)

# ---- actions ------------------------------------------------------------------------------
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
AUX = 37              # one slot, four uses that never overlap (named by the aliases below)
QUARRY_PICKS = AUX    # setup: Divine Quarry picks made so far (D_QUARRY)
FLOW_MODE = AUX       # D_FLOW: the unit that Flows (0 landed upon, 1 ahead, 2 zero journey)
HEX_ON_ACQUIRE = AUX  # D_HEX: 1 a Hex relic earned in Acquire Power (the turn ends after), 0 the
#                       Hex step at the end of Roll & Execute (Slot Bones follows)
HEX_WAXING = AUX      # D_HEX_ORDER: 1 the Hexes came due by Waxing Moon (the turn ends after),
#                       0 in Upkeep (the Upkeep decision follows)
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
P_QUARRY_ANY = 26     # 1: a Quarry vanquished by any cause counts
P_WILL_THICK = 27     # 1: Thick Skin also shields the Erde king from the Will
P_WL_SAME = 28        # 1: both Place of Power Ladders may mark the same unit
P_HASTY_ONLY = 25     # 1: a knight's Morph always retreats by Hasty Retreat
P_RETREAT_LE = 29     # 1: retreat may be shorter than the roll
P_FATE_CAP = 30       # marks of one kind at once (0: no cap)
P_CALM = 31           # Calm Waters: journey rolls receive -P_CALM
P_ROW = 32            # [2][5][4] slot codes
P_NSLOT = 72          # [2][5]
P_SUMLO = 82          # [2][5]
P_SUMHI = 92          # [2][5]
P_RELCAP = 102        # [2][5]
P_MAXU = 112          # [2][6] unit maximums
P_START = 124         # [2][32] (type, square) pairs, type -1 ends
P_WILL = 188          # [2][12] Blessings then Curses
P_MORPH_DECL = 212    # 1: a Morph is declared in Phase 2; 0: any journey may end in one
P_HEX_ORDER = 213     # 0: the Hexen player picks (D_HEX_ORDER), 1: Ladders first, 2: Gardens
PARAMS_SIZE = 214

MAX_GAME_LENGTH = SETUP_ACTS + 2 * (MAX_ROUND_CAP + 2) * 2 * MAX_TURN_ACTS

# slot codes: 0 any (sum rows), 1..12 exact value, 20 even, 21 odd, 100*a + b either a or b
SC_ANY = 0
SC_EVEN = 20
SC_ODD = 21
