"""Edge of Darkness location catalogue: numbers, names, kinds, named setups (pure Python).

The booklet numbers the twelve Cliffs of Coldharbor locations 51-62 and names
some base-game / Sands of Dunestar locations; everything else about 1-50 is not
public, so those are stand-ins of documented archetypes (rules.toml
``locations.standin.nNN``, source assumed).  Locations the booklet names without a
number (Harbor, Watchtowers, ...) get assumed numbers 63-72.
"""
from simcore.darkness.layout import KIND_NAMES

COLDHARBOR = {
    51: "Coldharbor Citadel", 52: "Coldharbor Barracks", 53: "Northstone Academy",
    54: "Chasm Road", 55: "Mud District", 56: "Break Point Bluffs", 57: "Ice Hills Mine",
    58: "Border Towers", 59: "Coldharbor Docks", 60: "Coldharbor Homesteads",
    61: "Coldhollow, Northmost Town", 62: "Shorehollow Isle",
}
COLDHARBOR_KIND = {n: KIND_NAMES[n - 51] for n in COLDHARBOR}

#: names the booklet gives (numbers 46, 41/43, 39/50, 42 inferred: ED-SETUPS-35)
NAMED = {
    5: "Hunters' Guildhall", 7: "War Council", 9: "Fairhollow Academy",
    16: "Riverhollow, Fishing Town", 18: "City Treasury", 19: "Explorers' Society",
    20: "Fairgrounds", 34: "Labor Exchange", 38: "Embassy of Dunestar", 40: "The Pits",
    47: "Debtors' Prison", 46: "Gates of Dunestar", 41: "Beacon of Light", 43: "The Scale",
    39: "Sandslayer Encampment", 50: "Rattlesnake Hideout", 42: "Mahj Kennels",
    63: "Harbor", 64: "Watchtowers", 65: "Monument Park", 66: "Almshouse",
    67: "Ranger's Outpost", 68: "Grand Library", 69: "City Watch", 70: "The Forge",
    71: "Capital Hall", 72: "Millhollow Farm Town",
}
VALID_NUMBERS = tuple(range(1, 73))

#: name, locations, (difficulty, complexity, combative), substitutions (without Sands of
#: Dunestar for the chapters; the Harbor swap for the Combative recommended setups)
SETUPS = {
    "cultural-exchanges": ("Cultural Exchanges", (5, 9, 16, 19, 20, 51, 55, 58, 60, 62),
                           ("High", "Moderate", True), {62: 63}),
    "stretched-thin": ("Stretched Thin", (51, 52, 53, 54, 56, 58, 59, 60, 61, 62),
                       ("Moderate", "High", True), {62: 63}),
    "heeding-the-call": ("Heeding the Call", (7, 18, 34, 38, 40, 47, 58, 60, 61, 62),
                         ("High", "High", True), {}),
    "on-every-front": ("On Every Front", (51, 52, 53, 54, 55, 56, 57, 58, 59, 61),
                       ("Low", "High", False), {}),
    "a-frosty-welcome": ("Chapter 1: A Frosty Welcome", (2, 6, 30, 41, 43, 46, 53, 54, 56, 59),
                         ("Low", "High", False), {46: 64, 41: 65, 43: 66}),
    "a-chilling-truth": ("Chapter 2: A Chilling Truth", (2, 9, 27, 41, 43, 52, 54, 57, 59, 61),
                         ("Moderate", "High", False), {41: 65, 43: 66}),
    "the-blustery-wind": ("Chapter 3: The Blustery Wind", (9, 13, 16, 17, 39, 50, 51, 58, 60, 61),
                          ("Moderate", "High", False), {39: 67, 50: 20}),
    "an-imminent-thaw": ("Chapter 4: An Imminent Thaw", (3, 4, 8, 20, 27, 30, 42, 56, 57, 59),
                         ("Low", "High", False), {42: 68}),
}
RECOMMENDED = ("cultural-exchanges", "stretched-thin", "heeding-the-call", "on-every-front")
CHAPTERS = ("a-frosty-welcome", "a-chilling-truth", "the-blustery-wind", "an-imminent-thaw")


def location_name(n: int) -> str:
    n = int(n)
    return COLDHARBOR.get(n) or NAMED.get(n) or f"Location {n}"
