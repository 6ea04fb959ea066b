"""Edge of Darkness action kinds: what a designer counts (``SPEC.action_kinds``).

``action_kind(state, params, action)`` reads the pending decision (DEC and the pending
effect) BEFORE the action is applied and returns an index into ``ACTION_KINDS``.  A
decision belongs to the kind of what it is part of: the card chosen for a sleeve is
"sleeve", the mode and target of a contact are "contact", the slot and amount of a
Docks visit are that slot group's kind, a hunt's tray and reward are "hunt".

Slot groups (rulebook numbering 1..6, OPT k = slot k + 1):

* Docks slots 1, 2, 5 (claim Allegiance / train / draw, paid in Coins): "visit Docks"
  (also the visit itself, A_DOCKS);
* Docks slot 6 (exchange Coins and Reputation, with its amount): "Docks exchange";
* Homesteads slots 4, 5 (Reputation for Coins / Influence): "visit Homesteads" (also A_HOME);
* Homesteads slot 1 (pay 7 Reputation: Influence from, or Defense for, the others):
  "Homesteads slot 1";
* Docks slots 3, 4 and Homesteads slots 2, 3, 6 (hunt threats / Battle Strength):
  "hunt or Battle Strength slot".
"""
from simcore.common import row_kernel
from simcore.darkness import layout as L

ACTION_KINDS = (
    "Prologue / Guild Hall",        # 0 Prologue picks, sleeves and uses; the Guild Hall keep
    "draft",                        # 1 the rightmost Street card
    "skip a Street card",           # 2 draft past 1+ Street cards (Influence on each), deck top
    "sleeve",                       # 3 step 2: a stack, then the card
    "top effect",                   # 4 a card's printed effect
    "contact",                      # 5 a sleeved contact, its mode and target
    "location ability",             # 6 Border Towers / Northstone Academy / Barracks dispatch
    "visit Docks",                  # 7 the visit; slots 1, 2, 5 (claim, train, draw)
    "Docks exchange",               # 8 Docks slot 6 and its amount
    "visit Homesteads",             # 9 the visit; slots 4, 5 (Coins, Influence)
    "Homesteads slot 1",            # 10 pay 7 Reputation
    "hunt or Battle Strength slot",  # 11 Docks 3, 4; Homesteads 2, 3, 6
    "hunt",                         # 12 start a hunt, defeat a tray card, take its rewards
    "defend",                       # 13 Border Towers Agent/cube, Cursed Beggar, Watchtower
    "Street ability",               # 14 step 4: discard 2 cards, use a Street card's effect
    "pass / other",                 # 15 end a step, decline, cubes, Traveler, Shorehollow
)
K_PROLOGUE, K_DRAFT, K_SKIP, K_SLEEVE, K_TOP, K_CONTACT, K_ABILITY, K_DOCKS, K_EXCHANGE, \
    K_HOME, K_HOME1, K_HUNT_SLOT, K_HUNT, K_DEFEND, K_STREET, K_OTHER = range(16)


@row_kernel(inline="always")
def slot_kind(docks, s):
    """Kind of placing an Agent on slot s (0-based) of the Docks (docks True) / Homesteads."""
    if docks:
        if s == 5:
            return K_EXCHANGE
        if s == 2 or s == 3:
            return K_HUNT_SLOT
        return K_DOCKS
    if s == 0:
        return K_HOME1
    if s == 3 or s == 4:
        return K_HOME
    return K_HUNT_SLOT


@row_kernel
def action_kind(state, params, action):
    """Index into ``ACTION_KINDS`` of ``action`` in ``state`` (read before the step)."""
    a = action
    dec = state[L.DEC]
    if dec == L.D_PRO_PICK or dec == L.D_PRO_CARD or dec == L.D_PRO_USE or dec == L.D_HALL:
        return K_PROLOGUE
    if dec == L.D_DRAFT:
        return K_DRAFT if a == L.A_OPT else K_SKIP
    if dec == L.D_SLEEVE:
        return K_OTHER if a == L.A_PASS else K_SLEEVE
    if dec == L.D_SLEEVE_CARD:
        return K_SLEEVE
    if dec == L.D_BARRACKS:
        return K_OTHER if a == L.A_PASS else K_ABILITY
    if dec == L.D_MAIN:
        if L.A_USE <= a < L.A_BT:
            return K_TOP if (a - L.A_USE) % 3 == 0 else K_CONTACT
        if a == L.A_BT or a == L.A_NORTH:
            return K_ABILITY
        if a == L.A_DOCKS:
            return K_DOCKS
        if a == L.A_HOME:
            return K_HOME
        if a == L.A_HUNT:
            return K_HUNT
        if a == L.A_STREET:
            return K_STREET
        return K_OTHER
    if dec == L.D_MODE:
        return K_CONTACT
    if dec == L.D_HUNT or dec == L.D_REWARD:
        return K_HUNT if a != L.A_PASS else K_OTHER
    if dec == L.D_DEFEND:
        return K_OTHER if a == L.A_PASS else K_DEFEND
    if dec == L.D_STREET_DISC:
        return K_STREET
    if dec == L.D_TARGET:
        if state[L.DS_SHORE] > 0:
            return K_OTHER                  # a Shorehollow Isle reward
        pk = state[L.PE_KIND]
        if pk == L.PK_DOCKS or pk == L.PK_HOME:
            if state[L.PE_STEP] == 0:
                if a == L.A_PASS:
                    return K_OTHER
                return slot_kind(pk == L.PK_DOCKS, a - L.A_OPT)
            return slot_kind(pk == L.PK_DOCKS, state[L.PE_ARG])
        if pk == L.PK_CONTACT:
            return K_CONTACT
        if pk == L.PK_NORTH:
            return K_ABILITY
        if pk == L.PK_HUNT:
            return K_HUNT
        if pk == L.PK_STREET:
            return K_STREET
        return K_OTHER
    # D_CUBE, D_TRAVELER, D_SHORE and anything else
    return K_OTHER
