"""Court of the Dead: Dark Harvest state and params rows.

The game is a small state machine.  ``STAGE``/``SUB``/``SUB2`` say where the
round stands; whenever a seat must decide, the engine writes the decision
(``DEC``, ``CUR``) and its legal set (``LEG_*``) into the row and stops.
``step`` stores the action in ``CHOICE`` (``READY`` = 1) and the machine
resumes the same stage, which consumes it.  Decisions with a single legal
action are taken automatically and never reach an agent.

State (int32)::

    0   1   2   3     4     5     6   7    8      9     10       11     12
    +---+---+---+-----+-----+-----+---+----+------+-----+--------+------+------+
    |CUR|DEC|END|ROUND|MOVES|STAGE|SUB|SUB2|CHOICE|READY|LEG_KIND|LEG_LO|LEG_HI|
    +---+---+---+-----+-----+-----+---+----+------+-----+--------+------+------+
    13       14      15       16    17    18       19        20     21    22
    +--------+-------+--------+-----+-----+--------+---------+------+-----+-------+
    |LEG_MASK|DEC_EFF|DEC_SLOT|FAILS|ELIMS|WIN_MASK|BONE_USED|THRESH|TOTAL|OUTCOME|
    +--------+-------+--------+-----+-----+--------+---------+------+-----+-------+
    23          24           25   26            27              28       29         30    31
    +-----------+------------+----+-------------+---------------+--------+----------+-----+-------+
    |FORCED_FAIL|EXPOSED_MASK|HPTR|BIDS_REVEALED|OFFERS_REVEALED|BID_DONE|OFFER_DONE|HCARD|SCRATCH|
    +-----------+------------+----+-------------+---------------+--------+----------+-----+-------+
    32..34   35..37     38..40      41..43      44..46      47..49      50..52      53..55
    +--------+----------+-----------+-----------+-----------+-----------+-----------+-----------+
    |FAVOR[3]|CLAIMED[3]|REVEALED[3]|SLOT_WIN[3]|SLOT_BID[3]|SLOT_EFF[3]|SLOT_VAL[3]|DECK_PTR[3]|
    +--------+----------+-----------+-----------+-----------+-----------+-----------+-----------+
    56..79     80..85   86..91   92..97   98..103 104..109 110..115 116..121
    +----------+--------+--------+--------+-------+--------+--------+--------+
    |DECK[3][8]|HDECK[6]|ALIVE[6]|SOULS[6]|INFL[6]|BID_F[6]|BID_A[6]|OFFER[6]|
    +----------+--------+--------+--------+-------+--------+--------+--------+
    122..145
    +------------+
    |CARD_WON[24]|
    +------------+

    CUR          seat that decides now (left at the last decider when the game is over)
    DEC          decision kind (D_*); D_NONE once the game is over
    END          end reason: 0 playing, 1 final harvest, 2 last survivor, 3 all eliminated
    ROUND        current round, 1..rounds (rounds = harvest.count + 1 Final Harvest)
    MOVES        actions taken (agent decisions; automatic ones are not counted)
    STAGE/SUB/SUB2   where the round machine stands: the stage (S_* below), the seat,
                 slot or step the stage has reached, and a step inside that one
    CHOICE/READY the action handed over by ``step`` and not yet consumed
    LEG_KIND/LO/HI/MASK  the legal set of the pending decision (LK_* below)
    DEC_EFF/DEC_SLOT  effect code and Court slot (0 Flesh, 1 Spirit, 2 Bone) the decision is for
    FAILS        Failure tokens taken (counts on past 3: "failures" in the results)
    ELIMS        players eliminated
    WIN_MASK     bit per winning seat once the game is over (0: nobody won)
    BONE_USED    the Bone Favor's once-per-round tie-break was used this round
    THRESH/TOTAL this round's Harvest threshold and the final group Offering
    OUTCOME      1 success / 0 failure of this round's Harvest (settled at step f)
    FORCED_FAIL  an effect (Ghetis, Cleopsis) forced this Harvest to fail
    EXPOSED_MASK seats without a screen this round (Ellianastis): they offer first, in public
    HPTR         Harvest cards turned up so far
    HCARD        the current Harvest card id, -1 before this round's reveal
    BIDS_REVEALED / OFFERS_REVEALED   the simultaneous choices of this round are public
    BID_DONE / OFFER_DONE   bit per seat that has committed its hidden bid / Offering
    SCRATCH      temporary value kept across a decision (Death's richest seat)
    FAVOR[f]     seat holding the Flesh / Spirit / Bone Favor, -1 nobody
    CLAIMED[f]   Favor f was claimed this round (United winners pick among the others)
    REVEALED[f]  Court card turned up from deck f this round, -1 none (round 1)
    SLOT_WIN[f]  seat that won that card, -1 nobody
    SLOT_BID[f]  the winning bid on that card (Poxxil counts it)
    SLOT_EFF[f]  card whose effect the slot runs (Socopherie: the copied card), -1 none
    SLOT_VAL[f]  value kept by the slot's effect (souls staked on Mortis Knighthood)
    DECK_PTR[f]  cards already turned up from deck f
    DECK[f*8+i]  Court deck f (0 Flesh, 1 Spirit, 2 Bone): card ids, top first
    HDECK[i]     Harvest deck, top first; card ids 0..8 Harvest, 9..11 Final Harvest
    ALIVE/SOULS/INFL     per seat: still in the game, souls behind the screen, Influence held
    BID_F/BID_A  per seat: faction and amount of this round's bid (hidden until revealed)
    OFFER        per seat: this round's Offering (hidden until revealed, unless exposed)
    CARD_WON[c]  seat that won Court card c, -1 not won (kept for the "which cards
                 swing games" study; no rule reads it)

Params (int32)::

    0 1          2        3           4..8           9           10          11
    +-+----------+--------+-----------+--------------+-----------+-----------+--------------+
    |P|INFL_START|INFL_MAX|INFL_REGAIN|SOULS_TABLE[5]|MIN_WIN_BID|ZERO_BID_OK|UNITED_DECLINE|
    +-+----------+--------+-----------+--------------+-----------+-----------+--------------+
    12       13            14    15        16            17            18
    +--------+-------------+-----+---------+-------------+-------------+----------------+
    |HARVESTS|THRESH_OFFSET|BONUS|BONUS_CAP|BONUS_TIE_ALL|ZERO_OFFER_OK|FAIL_EFFECT_UPTO|
    +--------+-------------+-----+---------+-------------+-------------+----------------+
    19            20           21              22
    +-------------+------------+---------------+----------+
    |ALL_ELIM_VOID|RESCUE_SHORT|FINAL_TIE_ROUND|BONE_RESET|
    +-------------+------------+---------------+----------+
    23..46           47..70          71..94     95..118
    +----------------+---------------+----------+----------+
    |CARD_FACTION[24]|CARD_EFFECT[24]|CARD_A[24]|CARD_B[24]|
    +----------------+---------------+----------+----------+
    119..130     131..142   143..154
    +------------+----------+------------+
    |H_THRESH[12]|H_FAIL[12]|H_FAIL_A[12]|
    +------------+----------+------------+

    Each slot is compiled from rules.toml (the path in brackets) by
    ``simcore.court.compile_params``; the kernels read them as ``params[P_<NAME>]``.

    P            players at the table (params[0] in every game)
    INFL_START   Influence each seat starts with [setup.influence_start]
    INFL_MAX     most Influence a seat may hold [setup.influence_max]
    INFL_REGAIN  Influence regained at Income a. [income.influence_regain]
    SOULS_TABLE[n - 2]  souls each seat gains at Income b. with n players still in
                 the game, n = 2..6 [income.souls]
    MIN_WIN_BID  a bid below this never wins its card [court.min_winning_bid]
    ZERO_BID_OK  1: a seat holding Influence may still bid 0 [court.zero_bid_allowed]
    UNITED_DECLINE  1: a United card's winner may take no Favor [court.united_may_decline]
    HARVESTS     Harvest cards before the Final Harvest [harvest.count]; rounds = HARVESTS + 1
    THRESH_OFFSET  added to every printed threshold, the entry for this player count
                 [harvest.threshold_offset]
    BONUS/BONUS_CAP  Influence the top Offering gains on a success, and the most it can
                 reach that way [harvest.bonus_influence, harvest.bonus_cap]
    BONUS_TIE_ALL  an unbroken tie for the top Offering: 0 nobody gains the bonus, 1 each
                 tied seat does [harvest.bonus_tie: nobody / all]
    ZERO_OFFER_OK  1: a seat holding souls may offer 0 [harvest.zero_offer_allowed]
    FAIL_EFFECT_UPTO  failures up to this count run the Harvest card's Fail effect; each
                 later one eliminates the fewest offered [fail.effect_failures]
    ALL_ELIM_VOID  an elimination that would leave nobody in the game: 0 everyone goes out
                 and nobody wins, 1 the elimination is void [fail.everyone_eliminated:
                 nobody-wins / void]
    RESCUE_SHORT  1: Demithyle may also save a Harvest whose Offerings fell short
                 [court.rescue_shortfall]
    FINAL_TIE_ROUND  1: breaking the final tie is the Bone Favor's once-per-round use
                 (not possible if used in the last round already) [bone.final_tie_uses_round]
    BONE_RESET   1: the Bone Favor's use resets when it changes hands [bone.reset_on_change]
    CARD_FACTION[c] / CARD_EFFECT[c] / CARD_A[c] / CARD_B[c]  Court card c (ids in
                 simcore.court.CARD_KEYS order): faction (FLESH..UNITED), effect code (E_*),
                 its amounts a and b [cards.<key>.faction/effect/a/b]
    H_THRESH[h] / H_FAIL[h] / H_FAIL_A[h]  Harvest card h: threshold, Fail effect code
                 (F_*) and its amount [harvest.cards.h1..h9, harvest.final.f1..f3]
"""
# ---- sizes -------------------------------------------------------------------
MAX_P = 6
NUM_FACTIONS = 3
FLESH = 0
SPIRIT = 1
BONE = 2
UNITED = 3
NUM_CARDS = 24
DECK_LEN = 8                 # 7 faction cards + 1 United card
NUM_HARVEST = 9
NUM_FINAL = 3
NUM_HCARDS = NUM_HARVEST + NUM_FINAL
MAX_HDECK = 6                # 5 Harvest cards on the Final Harvest (harvest.count <= 5)
MAX_BID = 5                  # Influence never exceeds 5
MAX_AMT = 127                # largest Offering/amount an action can name (souls above it stay home)

# ---- actions -------------------------------------------------------------------
# 0..17    bid: faction * 6 + amount           (simcore.court.actions encode_bid / decode_bid)
# 18..145  amount k (Offering, souls staked, souls added)   AMT_BASE + k
# 146..148 adjust by -1 / 0 / +1 (Flesh and Spirit Favors)  ADJ_BASE + delta + 1
# 149..154 option k: a seat, a Favor (faction) or a Court slot  OPT_BASE + k
# 155      decline / no;  156 yes
BID_BASE = 0
BID_STRIDE = MAX_BID + 1              # amounts 0..MAX_BID per faction
AMT_BASE = BID_BASE + NUM_FACTIONS * BID_STRIDE   # 18
SMALL_BASE = AMT_BASE + MAX_AMT + 1   # 146
ADJ_BASE = SMALL_BASE
OPT_BASE = SMALL_BASE + 3             # 149
A_DECLINE = SMALL_BASE + 9            # 155
A_YES = SMALL_BASE + 10               # 156
NUM_ACTIONS = SMALL_BASE + 11         # 157
# LEG_MASK bits (over SMALL_BASE + bit)
BIT_ADJ = 0
BIT_OPT = 3
BIT_DECLINE = 9
BIT_YES = 10

# ---- decision kinds ---------------------------------------------------------------
D_NONE = 0
D_BID = 1
D_FLESH_ADJ = 2
D_TIE = 3        # Bone Favor holder breaks a tie: option seat, or decline
D_COPY = 4       # Socopherie: option slot to copy
D_TARGET = 5     # option seat (Odium, steal, Ellianastis, Exraile, Malavestros)
D_AMOUNT = 6     # amount (Mortis Knighthood stake, Shieve)
D_FAVOR = 7      # United winner: option faction, or decline
D_OFFER = 8
D_SPIRIT_ADJ = 9
D_YESNO = 10     # Ghetis / Cleopsis / Demithyle

# legal-set kinds
LK_BIDS = 0      # faction*6 + a for faction 0..2, a in LEG_LO..LEG_HI
LK_AMT = 1       # AMT_BASE + k, k in LEG_LO..LEG_HI
LK_MASK = 2      # SMALL_BASE + bit for each bit of LEG_MASK

# ---- stages ---------------------------------------------------------------------
S_ROUND_START = 0
S_COURT_REVEAL = 1
S_BID = 2
S_BID_REVEAL = 3
S_SPEND = 4
S_WINNERS = 5
S_RESOLVE = 6
S_FAVORS = 7
S_UNITED = 8
S_HARVEST_REVEAL = 9
S_OFFER = 10
S_OFFER_REVEAL = 11
S_ADJUST = 12
S_PAY = 13
S_END_STEP = 14
S_RESULT = 15
S_ROUND_END = 16
S_FINAL = 17
S_DONE = 18

# ---- end reasons ------------------------------------------------------------------
END_PLAYING = 0
END_FINAL = 1
END_SURVIVOR = 2
END_ALL_OUT = 3

# ---- effect codes (rules.toml names in simcore.court.EFFECTS) ---------------------
E_NONE = 0
E_GAIN_INFL = 1
E_GAIN_SOULS = 2
E_TARGET_LOSE = 3
E_STEAL = 4
E_NEIGHBOURS_LOSE = 5
E_PLAGUE = 6
E_RICHEST_LOSE = 7
E_DEATH = 8
E_EXPOSE = 9
E_STAKE = 10
E_COPY = 11
E_FAIL_AT_END = 12
E_FAIL_AT_REVEAL = 13
E_SUCCEED_AT_END = 14
E_CLAIM_EXCESS = 15
E_RAISE_OFFER = 16
E_ADD_BANK = 17
E_ADD_OWN = 18
E_SWAP = 19
NUM_EFFECTS = 20

# fail effect codes
F_NONE = 0
F_LOSE_SOULS = 1
F_LOSE_INFL = 2
F_LOSE_PCT = 3
F_GIVE_NEIGHBOURS = 4
F_LOSE_FAVORS = 5
NUM_FAILS = 6

# ---- state offsets ------------------------------------------------------------------
CUR = 0
DEC = 1
END = 2
ROUND = 3
MOVES = 4
STAGE = 5
SUB = 6
SUB2 = 7
CHOICE = 8
READY = 9
LEG_KIND = 10
LEG_LO = 11
LEG_HI = 12
LEG_MASK = 13
DEC_EFF = 14
DEC_SLOT = 15
FAILS = 16
ELIMS = 17
WIN_MASK = 18
BONE_USED = 19
THRESH = 20
TOTAL = 21
OUTCOME = 22
FORCED_FAIL = 23
EXPOSED_MASK = 24
HPTR = 25
BIDS_REVEALED = 26
OFFERS_REVEALED = 27
BID_DONE = 28
OFFER_DONE = 29
HCARD = 30
SCRATCH = 31
FAVOR = 32
CLAIMED = 35
REVEALED = 38
SLOT_WIN = 41
SLOT_BID = 44
SLOT_EFF = 47
SLOT_VAL = 50
DECK_PTR = 53
DECK = 56
HDECK = DECK + NUM_FACTIONS * DECK_LEN      # 80
ALIVE = HDECK + MAX_HDECK                   # 86
SOULS = ALIVE + MAX_P                       # 92
INFL = SOULS + MAX_P                        # 98
BID_F = INFL + MAX_P                        # 104
BID_A = BID_F + MAX_P                       # 110
OFFER = BID_A + MAX_P                       # 116
CARD_WON = OFFER + MAX_P                    # 122
STATE_SIZE = CARD_WON + NUM_CARDS           # 146

# ---- params offsets -----------------------------------------------------------------
P_NUM_PLAYERS = 0
P_INFL_START = 1
P_INFL_MAX = 2
P_INFL_REGAIN = 3
P_SOULS_TABLE = 4            # + (players in the game - 2)
P_MIN_WIN_BID = 9
P_ZERO_BID_OK = 10
P_UNITED_DECLINE = 11
P_HARVESTS = 12
P_THRESH_OFFSET = 13
P_BONUS = 14
P_BONUS_CAP = 15
P_BONUS_TIE_ALL = 16
P_ZERO_OFFER_OK = 17
P_FAIL_EFFECT_UPTO = 18
P_ALL_ELIM_VOID = 19
P_RESCUE_SHORT = 20
P_FINAL_TIE_ROUND = 21
P_BONE_RESET = 22
P_CARD_FACTION = 23
P_CARD_EFFECT = P_CARD_FACTION + NUM_CARDS   # 47
P_CARD_A = P_CARD_EFFECT + NUM_CARDS         # 71
P_CARD_B = P_CARD_A + NUM_CARDS              # 95
P_H_THRESH = P_CARD_B + NUM_CARDS            # 119
P_H_FAIL = P_H_THRESH + NUM_HCARDS           # 131
P_H_FAIL_A = P_H_FAIL + NUM_HCARDS           # 143
P_RAISE_OWN = P_H_FAIL_A + NUM_HCARDS        # 155: raise-offering acts on its holder's own Offering
PARAMS_SIZE = P_RAISE_OWN + 1                # 156

# ---- bounds ----------------------------------------------------------------------------
# decisions per round at most: 6 bids + 1 Flesh adjust + 3 bid ties + 3 slots x (copy +
# 2 decisions) + 3 United Favors + 6 Offerings + 4 step-d + 3 step-f + 1 result tie = 36;
# 6 rounds (round 1 has no Court) + 1 final tie-break.
MAX_GAME_LENGTH = 6 * 36 + 1
