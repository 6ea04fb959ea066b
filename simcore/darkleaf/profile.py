"""Darkleaf Gambit's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("darkleaf-gambit",)
COMPILE_SECONDS = 245
# the value agent values each action after the rival's answer (reply=6: up to 6 of the
# rival's decisions played by the script, most of a turn, stopping when the agent's turn
# comes back; the one-ply player left its king where a Ferrymen Flow takes it off
# Haggedorn's edge next turn), and keeps the scripted persona's choice unless another
# action is valued 0.005 above it: many actions tie (a move that changes no feature), and
# the script's choice among them beats a draw among them (prior=0: 52.4% pooled against
# scripted), yet a wider margin keeps the script where the value knows better.  Pooled
# over the 15 pairings against scripted, 2,400 games a seed, seats rotated, fresh seeds 13
# and 14 (docs/lab-log.md "darkleaf value reply and prior"): 63.8% and 62.6% (before,
# reply=0 and prior 0.05: 56.5%, 55.8%; reply=0, prior 0.005: 60.4%, 61.4%).  reply=16 (the
# rival's whole turn) read 64.8% and 64.9% but stalled: 5.7% of hexen-wibo self-play games
# reached the 100-round cap (reply=6: 0.7%, one ply: 0%; 600 games, seed 1), a Hexen
# leading 6-1 that never pressed its lead.  One determinization an action, not 4: as strong
# within chance at about a third of the cost (docs/lab-log.md "darkleaf, value options")
VALUE = {"prior": 0.005, "samples": 1, "reply": 6}
# the two score features (units vanquished: share of all, lead over the best rival) are
# held at 0 in the fit: they say nearly the same thing, the fit splits them with opposite
# signs (-4.0 / +2.5, and +1.6 / -1.5 on another seed), and the committed pair made a first
# kill worth less than none, so value declined a Sink that would vanquish a rival (watched
# in replays, docs/agents-value-replays.md; docs/lab-log.md "darkleaf kill aversion")
TRAIN_DROP = ("score_share", "score_lead")
# the strongest search measured so far; the tables that chose it: docs/lab-log.md, "darkleaf"
BEST = ({"iters": 400, "c": 0.7, "rollout": "scripted", "eps": 0.1, "depth": 20,
         "prior": 0.5}, 1.8e4)
REGRESS_CELL = {"game": "darkleaf", "agents": "scripted", "clans": "huldra,murg",
                "games": 20000}
CLI_OPTIONS = (
    (("--clans",), {"default": None, "metavar": "A,B", "help": "darkleaf: the two clans."}),
    (("--first",), {"default": None, "metavar": "CLAN",
                    "help": "darkleaf: the clan that moves first (default: the rulebook order)."}),
)
# each seat brings a clan: a seat's win rate measures its clan (and the pairing), so seat
# and turn-position effects come from the matchups study, over every pairing, both orders
SEAT_CONTENT = "clan"
# the clan the matchups study finds weakest (scripted, quick and full profiles, 2026-12):
# the sensitivity headline asks whether any assumed value lifts it to half
WEAK_CLAN = "wibo"


def HEADLINE(spec) -> dict:
    """The weakest clan's win rate against the others, every pairing pooled; each game is
    read as that clan's return wherever it sits (the matchups study's finding of the
    weakest clan carries the same ``key``, so it gets the sweep's label)."""
    clan = WEAK_CLAN
    return {"players": 2, "agents": ("scripted",), "rotate": True, "focus": None,
            "setups": [x for x in spec.setups if clan in x.split("-")], "clan": clan,
            "metric": f"{clan} win rate against the other clans (scripted, every "
                      f"{clan} pairing, over the games the rules ended)",
            "conclusion": f"{clan} below or above half", "key": f"darkleaf:{clan}-vs-field",
            "read": "clan"}


def fold_options(setup, sets: tuple, clans=None, first=None) -> tuple:
    """(setup, sets) with ``--clans A,B`` and ``--first CLAN`` folded in."""
    from simcore.spec import BadInput

    if not (clans or first):
        return setup, sets
    from simcore.darkleaf import CLANS, SPEC, clan_key, setup_for_clans

    if clans:
        parts = [c.strip() for c in clans.split(",") if c.strip()]
        if len(parts) != 2:
            raise BadInput(f"--clans {clans!r}: give two clans; valid: {', '.join(CLANS)}")
        if setup:
            raise BadInput("give --clans or --setup, not both")
        setup = setup_for_clans(*parts)
    if first:
        if not setup:
            raise BadInput("--first needs --clans (or --setup)")
        canon = SPEC.check_setup(setup)
        k = clan_key(first)
        pair = canon.split("-")
        if k not in pair:
            raise BadInput(f"--first {first!r} is not one of the clans: {', '.join(pair)}")
        sets += (f"setup.first_swapped={0 if k == pair[0] else 1}",)
        setup = canon
    return setup, sets

# the report index shows this figure beside the verdict: the clans decide more than the seats: the matchup heatmap
KEY_FIGURE = "matchups/heatmap_scripted"


def _pair(setup) -> tuple:
    """The two clans of a canonical setup name, seat 0's first."""
    return ("wibo", setup[5:]) if setup.startswith("wibo-") else tuple(setup.split("-", 1))


def SEATS(setup, rules, players) -> dict:
    """Seat 0 holds the setup's first-listed clan (the Clan Starting Order), which moves
    first unless ``setup.first_swapped = 1``."""
    a, b = _pair(setup)
    swapped = int(rules["setup.first_swapped"])
    rule = (f"Clan Starting Order: {a} before {b}" if not swapped else
            f"setup.first_swapped = 1: {b} before {a}, against the Clan Starting Order")
    return {"clans": (a, b), "first": 1 if swapped else 0, "rule": rule}


def OPTION_NOTES(clans=None, first=None) -> list:
    """One line when ``--clans`` was given in the other order than the setup seats them."""
    if not clans:
        return []
    from simcore.darkleaf import clan_key, setup_for_clans

    parts = [c.strip() for c in clans.split(",") if c.strip()]
    given = tuple(clan_key(c) for c in parts)
    seated = _pair(setup_for_clans(*parts))
    if given == seated:
        return []
    line = (f"--clans {clans}: seat 0 is {seated[0]} and seat 1 is {seated[1]} (setup "
            f"{'-'.join(seated)}: the setups seat the clans in the Clan Starting Order); "
            "--first picks the clan that moves first")
    return [line]
