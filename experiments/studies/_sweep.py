"""What the sensitivity sweep varies for each assumed rules value (experiments.studies.
sensitivity's module docstring lists the kinds of variation), which values it cannot vary
and why, and which values rules.toml marks inert, unread or fixed.

The one-at-a-time sweep and the joint design (experiments.joint) share these sides: the
joint factors take every accepted side as a level, the one-at-a-time cells a bounded few
(:func:`one_at_a_time`).
"""
from __future__ import annotations

import hashlib
import re
from collections import Counter

import numpy as np

from experiments import joint
from experiments.joint import literal as _literal
from simcore.rules import unread_words
from simcore.spec import BadInput, get_game

MAX_READINGS = 4  # a named choice among more names is card content, not a rule reading
#: the one-at-a-time sweep plays at most this many of a large vocabulary's names per value
#: (a draw fixed by game and path, :func:`one_at_a_time`); the joint design takes them all
MAX_VOCAB_SIDES = 2
VOCAB = "vocabulary"  # the side of a card-content value set to another name of its vocabulary
EFFECT_KEYS = ("effect", "effects", "fail_effect", "ability", "bullet")
#: a whole number standing alone in a text ("pay-supplies 2"), not part of a name ("sp-11",
#: "n12") or of a decimal
NUMBER = re.compile(r"(?<![\w.-])\d+(?![\w.])")
EMPTY_TEXT = "an empty text (no effect; any alternative would invent one)"
NO_NUMBER = "a text with no number to shift (no documented alternatives)"


def _sides(e, names) -> tuple[list, str]:
    """The (side, value) variations of one assumed entry, or [] and why it is not swept.

    A card-content value from a large vocabulary (more than MAX_READINGS names) gets every
    other name as a :data:`VOCAB` side: the joint design takes them all, the one-at-a-time
    sweep a few (:func:`one_at_a_time`).
    """
    v = e.value
    if e.alternatives:
        return [("alternative", a) for a in e.alternatives if a != v], ""
    if isinstance(v, bool):
        return [("alternative", not v)], ""
    if isinstance(v, (int, float)):
        if not e.range:
            return [], "a number with no plausible range"
        lo, hi = e.range[0], e.range[-1]
        cast = int if isinstance(v, int) else float
        return [(side, cast(x)) for side, x in (("low", lo), ("high", hi)) if x != v], ""
    last = e.path.rsplit(".", 1)[-1]
    if names is not None and len(names) <= MAX_READINGS:
        return [("alternative", n) for n in names if n != v], ""
    if last in EFFECT_KEYS and v not in ("none", ""):
        # an effect text's amounts move too ("draw 2, actions 1"); an effect code from a
        # large vocabulary becomes every other code it accepts (#34: "effects to every
        # accepted alternative"; the one-at-a-time sweep plays a few, the joint all)
        if names is not None:
            return [("removed", "none")] + [(VOCAB, n) for n in names
                                            if n not in (v, "none")], ""
        return [("removed", "none")] + (shifted_text(v) if isinstance(v, str) else []), ""
    if isinstance(v, list) and e.sweep == "scale" \
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
        cast = int if all(isinstance(x, int) for x in v) else float
        return [(side, [cast(round(x * f)) if cast is int else x * f for x in v])
                for side, f in (("scaled down", 0.75), ("scaled up", 1.25))], ""
    if isinstance(v, list) and e.sweep == "shift" \
            and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return shifted(v, e.range), ""
    if names is not None:
        return [(VOCAB, n) for n in names if n != v], ""
    if isinstance(v, list):
        return [], "a list (no documented alternatives, not marked sweep = scale or shift)"
    if isinstance(v, str) and v.strip() in ("", "none"):
        return [], EMPTY_TEXT
    if isinstance(v, str) and shifted_text(v):
        return shifted_text(v), ""
    return [], NO_NUMBER if isinstance(v, str) else "a value with no documented alternatives"


def shifted_text(v: str) -> list[tuple[str, str]]:
    """A text's amounts shifted: ("shifted down", every number -1, never below 0) and
    ("shifted up", every number +1), all numbers of the text together; a side equal to
    ``v`` (no number, or every number already 0) is left out.

    Examples
    --------
    >>> shifted_text("pay-supplies 3, gain-sp 1")
    [('shifted down', 'pay-supplies 2, gain-sp 0'), ('shifted up', 'pay-supplies 4, gain-sp 2')]
    """
    out = [(side, NUMBER.sub(lambda m: str(max(0, int(m.group()) + d)), v))
           for side, d in (("shifted down", -1), ("shifted up", 1))]
    return [(side, w) for side, w in out if w != v]


def one_at_a_time(game: str, path: str, sides: list, k: int = MAX_VOCAB_SIDES) -> list:
    """The sides of one swept value the one-at-a-time sweep plays.

    Parameters
    ----------
    game, path : str
        The game and the value's rules path: they alone seed the draw, so every build
        plays the same names and the results stay comparable from run to run.
    sides : list of (str, object)
        The value's accepted sides (:func:`sweep_entries`).
    k : int
        At most this many :data:`VOCAB` sides are kept.

    Returns
    -------
    list of (str, object)
        ``sides`` in their order, with only ``k`` of its :data:`VOCAB` sides (drawn
        without replacement) where it has more; the joint design still takes all of them.
    """
    vocab = [i for i, (side, _) in enumerate(sides) if side == VOCAB]
    if len(vocab) <= k:
        return list(sides)
    seed = int.from_bytes(hashlib.sha256(f"{game}:{path}".encode()).digest()[:8], "little")
    keep = {vocab[int(i)] for i in np.random.default_rng(seed).choice(len(vocab), k,
                                                                      replace=False)}
    return [s for i, s in enumerate(sides) if s[0] != VOCAB or i in keep]


def shifted(v: list, rng=None) -> list[tuple[str, list]]:
    """``sweep = "shift"``: ("shifted down", every item -1) and ("shifted up", +1), each
    item clipped to ``rng`` (low, high) where given; a side equal to ``v`` is left out."""
    lo, hi = (rng[0], rng[-1]) if rng else (None, None)

    def clip(x):
        x = x if lo is None else max(lo, x)
        return x if hi is None else min(hi, x)

    out = [(side, [clip(x + d) for x in v]) for side, d in (("shifted down", -1),
                                                             ("shifted up", 1))]
    return [(side, w) for side, w in out if w != v]


FIXED = "marked fixed in rules.toml (a setup choice, or varied with another value)"


def marked_inert(game: str) -> list[tuple[str, str]]:
    """(path, reason) of the assumed values rules.toml marks ``inert`` (no default setup's
    game can change with them) or ``unread`` (documentation only): the sweep leaves them
    out of every count (experiments.inert walks them)."""
    rs = get_game(game).API.rules()
    return [(e.path, e.inert or unread_words(e))
            for e in rs.entries.values() if e.source == "assumed" and (e.inert or e.unread)]


def marked_unread(game: str) -> set[str]:
    """Paths of the assumed values rules.toml marks ``unread`` (documentation only: no
    kernel reads them), a part of :func:`marked_inert`."""
    rs = get_game(game).API.rules()
    return {e.path for e in rs.entries.values() if e.source == "assumed" and e.unread}


def marked_conditional(game: str) -> set[str]:
    """Paths of the unread values read under a condition (rules.toml ``read_when``): the
    joint draws vary them where a drawn value meets it (:func:`joint_entries`)."""
    rs = get_game(game).API.rules()
    return {e.path for e in rs.entries.values() if e.source == "assumed" and e.read_when}


def left_out_words(dead, game: str | None = None) -> str:
    """`` (N inert, M unread left out)`` for the values ``dead`` that no count holds: those
    the sweep or rules.toml found inert (read, but no walked game changes with them), and
    those rules.toml marks unread (nothing reads them; ``, K of them drawn where
    read`` for those a drawn effect or type makes read); "" when there are none."""
    unread = marked_unread(game) & set(dead) if game is not None else set()
    cond = marked_conditional(game) & unread if game is not None else set()
    parts = [f"{n} {w}" for n, w in ((len(set(dead) - unread), "inert"),
                                     (len(unread), "unread")) if n]
    more = f", {len(cond)} of them drawn where read" if cond else ""
    return f" ({', '.join(parts)} left out{more})" if parts else ""


#: (game, "path=value") -> the other overrides the game's own rule (``API.fit``) adds to
#: make that one-at-a-time side acceptable; filled by :func:`sweep_entries`
_FITTED: dict[tuple[str, str], tuple] = {}


def cell_sets(game: str, path: str, val) -> tuple:
    """The overrides of the one-at-a-time cell that sets ``path`` to ``val``: that one,
    then any the game's own rule adds to make it acceptable (:func:`sweep_entries` found
    them: humanity's Event swap)."""
    one = f"{path}={_literal(val)}"
    return (one,) + _FITTED.get((game, one), ())


#: sweep_entries' answers by (game, rules.toml's path and modification time): checking
#: every side with the engine takes seconds (humanity ~10 s), and a report asks twice
_ENTRIES: dict[tuple, tuple] = {}


def sweep_entries(game: str):
    """(entry, [(side, value), ...]) for every assumed value the sweep varies (each value
    checked to compile), and a Counter of the assumed values it cannot vary, by reason;
    values marked inert or documentation only are in neither (:func:`marked_inert`)."""
    api = get_game(game).API
    key = (game, str(api.rules_path), api.rules_path.stat().st_mtime_ns)
    if key not in _ENTRIES:
        _ENTRIES[key] = _sweep_entries(game)
    out, skipped = _ENTRIES[key]
    return [(e, list(sides)) for e, sides in out], Counter(skipped)


def _sweep_entries(game: str):
    from simcore.game import CHOICES

    api = get_game(game).API
    rs = api.rules()
    api.params(None, None, rs)  # records every named choice's readings (CHOICES)
    out, skipped = [], Counter()
    for e in rs.entries.values():
        if e.source != "assumed" or e.inert or e.unread:
            continue  # marked inert or documentation only: no count holds it (marked_inert)
        if e.fixed:
            skipped[FIXED] += 1  # held at its value on purpose; rules.toml says why
            continue
        sides, why = _sides(e, CHOICES.get((game, e.path)))
        ok = []
        for side, val in sides:
            one = f"{e.path}={_literal(val)}"
            try:
                api.params(None, None, rs.with_sets([one]))
            except (BadInput, KeyError, ValueError, TypeError, IndexError):
                # refused alone: the game's own rule may make it fit (humanity: an Event
                # moved to another deck trades places with one of that deck's)
                sets, moved = api.fit((one,))
                if not moved:
                    continue  # this engine refuses that reading here
                try:
                    api.params(None, None, rs.with_sets(list(sets)))
                except (BadInput, KeyError, ValueError, TypeError, IndexError):
                    continue
                _FITTED[(game, one)] = tuple(t for t in sets if t != one)
            ok.append((side, val))
        if ok:
            out.append((e, ok))
        else:
            skipped[why or "no variation the engine accepts"] += 1
    return out, skipped


def joint_entries(game: str, entries) -> list:
    """``entries`` (the swept values, as :func:`sweep_entries` gives them) and the unread
    values read only under a condition one of them can meet (rules.toml ``read_when``: a
    card's amount that only some effects read, when its effect is swept).  The joint
    design varies those too, and applies one only in draws meeting its condition
    (:func:`experiments.joint.sets_at`); the one-at-a-time sweep cannot, and no count
    holds them."""
    api = get_game(game).API
    key = (game, str(api.rules_path), api.rules_path.stat().st_mtime_ns)
    if key not in _CONDITIONAL:
        _CONDITIONAL[key] = _conditional(game)
    swept = {e.path for e, _ in entries}
    return list(entries) + [(e, list(sides)) for e, sides in _CONDITIONAL[key]
                            if any(q in swept for q, _ in e.read_when)]


_CONDITIONAL: dict = {}


def _conditional(game: str) -> list:
    api = get_game(game).API
    rs = api.rules()
    out = []
    for e in rs.entries.values():
        if e.source != "assumed" or not e.read_when or e.inert or e.fixed:
            continue
        q, vals = e.read_when[0]
        ok = []
        for side, val in _sides(e, None)[0]:
            try:
                api.params(None, None, rs.with_sets([f"{q}={_literal(vals[0])}",
                                                     f"{e.path}={_literal(val)}"]))
            except (BadInput, KeyError, ValueError, TypeError, IndexError):
                continue
            ok.append((side, val))
        if ok:
            out.append((e, tuple(ok)))
    return out


def vocab_note(game: str, entries) -> list[str]:
    """The study's note on ``game``'s card-content values from large vocabularies: how
    many of their alternatives the one-at-a-time sweep plays and how many the joint design
    takes ([] where it sweeps none)."""
    vocab = [sum(side == VOCAB for side, _ in sides) for _, sides in entries]
    vocab = [m for m in vocab if m]
    if not vocab:
        return []
    k, m = sum(min(MAX_VOCAB_SIDES, n) for n in vocab), sum(vocab)
    return [f"{game}: {len(vocab)} card-content values (names from a large vocabulary) "
            f"swept to {k} of their {m} accepted alternatives one at a time (at most "
            f"{MAX_VOCAB_SIDES} a value, drawn with a seed fixed by game and path), all {m} "
            f"jointly (as levels of their factors: the joint draws reach every level, "
            f"Morris's {joint.GRID}-level grid at most {joint.GRID} of a value's)."]
