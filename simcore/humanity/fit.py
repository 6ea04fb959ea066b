"""Joint draws within the packs: humanity's rule for bringing a drawn rules set to decks
the engine holds (GameAPI ``fit``, experiments.studies._joint).

Each card count is assumed within its own range, but a joint draw that raises many counts
at once overflows the packs (the Main deck and Waste hold ``CARD_CAP`` cards with every
seat's starting deck; the Survivor deck ``SDECK_CAP``).  Setting drawn values back to
baseline one by one, in a shuffled order, drops some raises entirely and keeps others
whole.  Here every raise of a deck that overflows is scaled down by one common factor
instead: the drawn composition keeps its shape (which cards went up, in what
proportion), lowered counts and counts at baseline stay as drawn, and the deck ends at
the most it may hold.  The Survivor deck is fitted first (its cards count in the packs
too), then the packs.
"""
from __future__ import annotations

from simcore.game import choice
from simcore.humanity import layout as L


def _deck(rules, base, key):
    """(pack, is a Survivor, count, baseline count) of card ``key``."""
    p = f"cards.{key}."
    pack = choice(rules, p + "pack", L.PACK_NAMES)
    surv = choice(rules, p + "type", L.TYPE_NAMES) == L.TY_SURVIVOR
    n = int(rules.get(p + "count"))
    b = int(base.get(p + "count")) if p + "count" in base.entries else n
    return pack, surv, n, b


def _shrink(counts: dict, base: dict, over: int) -> dict:
    """``counts`` with the raises (count above baseline) scaled by one factor so that the
    total falls by ``over``: each raise r becomes floor(f r), and the units still to give
    go to the largest remainders (then the larger raise, then the path: a fixed order
    that depends on the draw, not on where a card sits in the file)."""
    raises = {k: counts[k] - base[k] for k in counts if counts[k] > base[k]}
    total = sum(raises.values())
    if over <= 0 or total == 0:
        return dict(counts)
    keep = max(total - over, 0)
    f = keep / total
    new = {k: int(f * r) for k, r in raises.items()}
    left = keep - sum(new.values())
    for k in sorted(raises, key=lambda k: (-(f * raises[k] - new[k]), -raises[k], k))[:left]:
        new[k] += 1
    return {**counts, **{k: base[k] + r for k, r in new.items()}}


def fit_counts(rules, base, players: int) -> dict[str, int]:
    """The card counts to set so that ``rules`` fits the decks at ``players`` seats:
    ``{"cards.<key>.count": n}`` for each count it changes (empty when ``rules`` fits).

    ``base`` is the rules the draw's baselines come from (the game's rules.toml).  A
    draw that overflows even with every raise undone (a card moved into a pack, a bigger
    starting deck) is left to the caller's repair."""
    from simcore.humanity import _card_keys

    cards = {k: _deck(rules, base, k) for k in _card_keys(rules)}
    counts = {k: c[2] for k, c in cards.items()}
    basec = {k: c[3] for k, c in cards.items()}
    surv = [k for k, c in cards.items() if c[1]]
    counts.update(_shrink({k: counts[k] for k in surv}, basec,
                          sum(counts[k] for k in surv) - L.SDECK_CAP))
    start_n = sum(counts[k] for k, c in cards.items() if c[0] == L.PK_START)
    packs = [k for k, c in cards.items() if c[0] < L.PK_NONE and c[0] != L.PK_START]
    room = L.CARD_CAP - start_n * players - start_n  # the start pack counts in the packs too
    counts.update(_shrink({k: counts[k] for k in packs}, basec,
                          sum(counts[k] for k in packs) - room))
    return {f"cards.{k}.count": n for k, n in counts.items() if n != cards[k][2]}


def fit_decks(rules, base) -> dict[str, str]:
    """The Event moves that bring ``rules``'s six Event decks back to six Events each, by
    swaps: ``{"events.<key>.deck": '"<deck>"'}`` for each Event it moves (TOML literals).

    An Event the draw moved into a full deck (``events.ep1.deck = nuclear``) trades places
    with the Event of that deck that sits where it sat in its own deck (``nu1``, first
    Event of Pack 2, goes to the epidemic deck), or the deck's first Event still at home
    where that one has moved too.  Events at their baseline deck are moved out first: what
    the draw moved stays moved unless a deck holds nothing else (a joint draw that moved
    most Events), where its last Event moves on to a short deck, its own first.  Every deck has six Events in the rulebook's
    composition, and the engine refuses any other count, so without this a one-at-a-time
    sweep could not move an Event at all and a joint draw would drop every move."""
    import json

    from simcore.humanity import EVENT_DECKS, _event_keys

    keys = _event_keys(rules)
    drawn = {k: choice(rules, f"events.{k}.deck", EVENT_DECKS) for k in keys}
    home = {k: (choice(base, f"events.{k}.deck", EVENT_DECKS)
                if f"events.{k}.deck" in base.entries else drawn[k]) for k in keys}
    homes = {d: [k for k in keys if home[k] == d] for d in range(len(EVENT_DECKS))}
    moves, paired = {}, set()
    while True:
        size = {d: sum(drawn[k] == d for k in keys) for d in homes}
        over = [d for d in homes if size[d] > L.DECK_EVENTS]
        under = [d for d in homes if size[d] < L.DECK_EVENTS]
        if not over or not under:
            break
        d = over[0]
        natives = [c for c in homes[d] if drawn[c] == d]
        movers = [k for k in keys if drawn[k] == d and home[k] != d and k not in paired]
        if not natives:  # every Event here was moved in: the last goes to a short deck,
            k = [x for x in keys if drawn[x] == d][-1]  # its own deck first
            drawn[k] = home[k] if home[k] in under else under[0]
            moves[f"events.{k}.deck"] = json.dumps(EVENT_DECKS[drawn[k]])
            continue
        k = movers[0] if movers else None
        to = home[k] if k is not None and home[k] in under else under[0]
        at = homes[home[k]].index(k) if k is not None else 0
        c = homes[d][at] if at < len(homes[d]) and homes[d][at] in natives else natives[0]
        drawn[c] = to
        moves[f"events.{c}.deck"] = json.dumps(EVENT_DECKS[to])
        if k is not None:
            paired.add(k)
    return moves


def fit_rules(rules, base, players: int) -> dict:
    """humanity's ``GameAPI.fit``: card counts scaled to the packs (:func:`fit_counts`)
    and Event moves made swaps (:func:`fit_decks`)."""
    return {**fit_counts(rules, base, players), **fit_decks(rules, base)}
