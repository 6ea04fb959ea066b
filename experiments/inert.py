"""Every rules value does something (#34): the walk over a game's assumed values.

For every ``assumed`` entry of a game the walk builds the params at each probe value (the
sensitivity sweep's sides: documented alternatives, range ends, a rule choice's other
readings, an effect removed, a scaled list; where the sweep has none, a nearby value:
another reading, the number +-1, a list nudged or reordered) and sorts the entry into one
verdict:

``changes-play``
    some probe changes some game: the recorded action sequence, length, scores, returns
    or end information of one of the first ``games`` games differs from the baseline's
    game of the same index (common random numbers: same seed, same streams).
``marked-inert``
    rules.toml marks it ``inert = "why"`` (read only under an option the walked setups do
    not use, e.g. a card that is not in the default decks) and no probe changed a game.
``refused``
    every probe value is refused with one line (``BadInput``): rules.toml marks the value
    ``unread = "why"`` (documentation only), or the engine models only this reading.
``inert``
    not marked, and nothing changed: the params bytes were identical at every probe, setup
    and player count (exact, no game played), or they differed but no game did.
``no-probe``
    the walk found no value to try.

The last two are what the test (tests/test_inert.py) refuses: every assumed value either
changes play, or says why it does not.

Where a probe's params bytes equal the baseline's at a setup, no game is played there:
identical params cannot play differently.  Otherwise the probe plays scripted players, then
random ones, setup by setup (every player count at the first setup, every other setup at
its usual table size, the same cases the conformance tests walk), and stops at the first
game that differs.
"""
from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field

import numpy as np

from experiments.joint import literal
from simcore.rules import unread_words
from simcore.spec import BadInput, get_game

VERDICTS = ("changes-play", "marked-inert", "refused", "inert", "no-probe")
AGENTS = ("scripted", "random")
OTHER = "another-reading"  # a reading no engine knows: a one-reading choice must refuse it


@dataclass
class Verdict:
    """What the walk found for one assumed value."""

    path: str
    verdict: str
    reason: str = ""
    value: object = None      # the probe value that changed play (changes-play)
    where: str = ""           # "3p on-every-front, scripted, game 0" (changes-play)
    tried: list = field(default_factory=list)
    played: int = 0           # games played for this value (baseline games not counted)

    def line(self) -> str:
        if self.verdict == "changes-play":
            return f"{self.path}: changes play ({literal(self.value)}: {self.where})"
        return f"{self.path}: {self.verdict} ({self.reason})"


def configs(game: str) -> list[tuple[int, str]]:
    """(players, setup) walked: every player count at the first setup, then every other
    setup at its usual table size (3 players where it allows, as tests/conftest.py)."""
    spec = get_game(game).SPEC
    lo, hi = spec.player_range(spec.setups[0])
    out = [(n, spec.setups[0]) for n in range(lo, hi + 1)]
    for setup in spec.setups[1:]:
        slo, shi = spec.player_range(setup)
        out.append((min(max(slo, 3), shi), setup))
    return out


def _nudged(v: list) -> list[list]:
    """Nearby lists for a list with no documented alternatives: numbers +1 / -1 (where
    that stays >= 0) item by item in one probe each way; any list reversed and rotated; an
    even-length list whose first two pairs trade their second items."""
    out = []
    if v and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
        out.append([x + 1 for x in v])
        if all(x >= 1 for x in v):
            out.append([x - 1 for x in v])
    if len(v) > 1:
        out += [list(reversed(v)), v[1:] + v[:1]]
    if len(v) >= 4 and len(v) % 2 == 0:
        # a list of (type, square) pairs: the first two pairs trade their second items
        # (two units trade squares), where reversing or rotating breaks the pairs (refused)
        out.append([v[0], v[3], v[2], v[1]] + v[4:])
    return [x for x in out if x != v]


def _borrowed(e, rs) -> list:
    """For an empty string (an effect list with nothing in it, an Event option that is not
    there), the same field's first non-empty value on another card or Event of the same
    table (``events.ep2.option3`` borrows another Event's option3): "none" and "" both
    compile to nothing, so only a real value shows whether the engine reads the field."""
    if rs is None or not isinstance(e.value, str) or e.value not in ("", "none"):
        return []
    parts = e.path.split(".")
    if len(parts) < 3:
        return []
    head, leaf = parts[0], parts[-1]
    for o in rs.entries.values():
        q = o.path.split(".")
        if (o.path != e.path and len(q) == len(parts) and q[0] == head and q[-1] == leaf
                and isinstance(o.value, str) and o.value not in ("", "none")):
            return [o.value]
    return []


def probes(e, names, rs=None) -> list:
    """Values to try for entry ``e`` (``names``: a rule choice's readings, or None; ``rs``:
    the rules, for an empty string to borrow a sibling's value, see :func:`_borrowed`)."""
    from experiments.studies.sensitivity import _sides

    vals = [v for _, v in _sides(e, names)[0]]
    v = e.value
    if names is not None:
        vals += [n for n in names if n != v] or [OTHER]  # one reading: is another refused?
    elif isinstance(v, bool):
        vals.append(not v)
    elif isinstance(v, int):
        vals += [v + 1] + ([v - 1] if v >= 1 else [])
    elif isinstance(v, float):
        vals += [v * 1.25 + 0.25, v * 0.75]
    elif isinstance(v, list):
        vals += _nudged(v)
    elif isinstance(v, str):
        vals += _borrowed(e, rs) + [x for x in ("none", "", OTHER) if x != v]
    out = []
    for x in vals:
        if x != v and x not in out:
            out.append(x)
    return out


class _Baseline:
    """The baseline plan and games of each (config, agents, games), made once and kept."""

    def __init__(self, game: str, seed: int):
        self.game, self.seed = game, seed
        self.plans: dict = {}
        self.raw: dict = {}

    def plan(self, players, setup, agents):
        from experiments.batch import plan

        key = (players, setup, agents)
        if key not in self.plans:
            self.plans[key] = plan(self.game, agents, players, setup)
        return self.plans[key]

    def get(self, players, setup, agents, games):
        key = (players, setup, agents, games)
        if key not in self.raw:
            self.raw[key] = play(self.plan(players, setup, agents), None, games, self.seed)
        return self.raw[key]


def play(p, params, games, seed) -> dict:
    """``games`` recorded games of plan ``p``, with ``params`` (compiled from other rules)
    in place of its own where given (threads=1, the full arena the tests compile)."""
    from experiments.batch import run_plan

    if params is not None:
        p = copy.copy(p)
        p.params = params
    return run_plan(p, games, seed, threads=1, record=True, arena="full")


def first_difference(a: dict, b: dict) -> int:
    """The first game index whose play differs between two recorded runs, or -1."""
    diff = np.zeros(len(a["length"]), bool)
    for k in ("trace", "length", "scores", "returns", "info", "truncated"):
        x, y = a[k], b[k]
        diff |= (x != y).reshape(len(diff), -1).any(axis=1)
    hit = np.flatnonzero(diff)
    return int(hit[0]) if len(hit) else -1


def walk(game: str, games: int = 6, seed: int = 0, paths=None, agents=AGENTS, more: int = 64,
         echo=None) -> list[Verdict]:
    """Sort every assumed value of ``game`` (or only ``paths``) into a verdict.

    Parameters
    ----------
    game : str
        A registered game.
    games : int
        Games per (setup, agents) a probe plays where its params differ.
    seed : int
        The run seed (probe and baseline share it: common random numbers).
    paths : iterable of str, optional
        Only these rules paths (default: every assumed one).
    agents : sequence of str
        Agent specs tried in turn (all seats), each only where the previous one changed
        nothing.
    more : int
        Games per (setup, agents) of a second pass for a value not marked inert whose
        params differ but whose first ``games`` games did not (a rarely used card or
        location); 0 for none.
    echo : callable, optional
        Called with each verdict's line as it is decided.
    """
    from simcore.game import CHOICES

    api = get_game(game).API
    name = get_game(game).SPEC.name
    rs = api.rules()
    cfgs = configs(name)
    base_params = {}
    for players, setup in cfgs:
        base_params[(players, setup)] = api.params(players, setup, rs)  # also fills CHOICES
    base = _Baseline(name, seed)
    entries = [e for e in rs.entries.values() if e.source == "assumed"]
    if paths is not None:
        want = set(paths)
        entries = [e for e in entries if e.path in want]
    out = []
    for e in entries:
        v = _walk_one(api, rs, e, cfgs, base_params, base, CHOICES.get((name, e.path)),
                      games, more, agents)
        out.append(v)
        if echo is not None:
            echo(v.line())
    return out


def _walk_one(api, rs, e, cfgs, base_params, base, names, games, more, agents):
    vals = probes(e, names, rs)
    res = Verdict(e.path, "no-probe", tried=[literal(x) for x in vals])
    if e.unread:
        try:
            rs.with_sets([f"{e.path}={literal(vals[0] if vals else OTHER)}"])
        except BadInput:
            res.verdict, res.reason = "refused", unread_words(e)
            return res
        res.verdict, res.reason = "inert", "marked unread but --set accepts a new value"
        return res
    if not vals:
        res.reason = "no probe value for this kind of value"
        return res
    refusals, live = [], []  # live: (value, players, setup, params) whose params differ

    def differing():
        # params compiled lazily: most values change play in their first live setup, so
        # the rest are compiled only for a value that has not (about 1 ms each, 60 a value)
        for x in vals:
            try:
                rs2 = rs.with_sets([f"{e.path}={literal(x)}"])
            except BadInput as exc:
                refusals.append(str(exc))
                continue
            for players, setup in cfgs:
                try:
                    p2 = api.params(players, setup, rs2)
                except BadInput as exc:
                    refusals.append(str(exc))
                    continue
                except (KeyError, ValueError, TypeError, IndexError) as exc:
                    # not one line: the engine should refuse this value with BadInput
                    refusals.append(f"{type(exc).__name__}: {exc} (not a BadInput line)")
                    continue
                if not np.array_equal(p2, base_params[(players, setup)]):
                    yield x, players, setup, p2

    def changes(item, n) -> bool:
        x, players, setup, p2 = item
        for ag in agents:
            b = base.get(players, setup, ag, n)
            r = play(base.plan(players, setup, ag), p2, n, base.seed)
            res.played += n
            i = first_difference(b, r)
            if i >= 0:
                res.verdict, res.value = "changes-play", x
                res.where = f"{players}p {setup}, {ag}, game {i}"
                return True
        return False

    passes = [games] + ([more] if more > games and not e.inert else [])
    for item in differing():  # the first pass, in the order the params are compiled
        live.append(item)
        if changes(item, games):
            return res
    compiled = len(refusals) < len(vals) * len(cfgs)
    for n in passes[1:] if live else []:
        for item in live:
            if changes(item, n):
                return res
    if e.inert:
        res.verdict, res.reason = "marked-inert", e.inert
    elif not compiled:
        res.verdict = "refused"
        res.reason = refusals[0] if refusals else "every probe refused"
    elif not live:
        res.verdict = "inert"
        res.reason = ("params identical at every probe value, setup and player count: "
                      "the engine never reads it")
    else:
        res.verdict = "inert"
        res.reason = (f"params differ, but no game of {passes[-1]} per setup and agents "
                      f"changed (probes {', '.join(res.tried)})")
    return res


def summary(verdicts: list[Verdict]) -> dict:
    """verdict -> count (every verdict named, zeros included)."""
    out = {k: 0 for k in VERDICTS}
    for v in verdicts:
        out[v.verdict] += 1
    return out


def report(game: str, games: int = 6, seed: int = 0, more: int = 64,
           echo=print) -> list[Verdict]:
    """Walk ``game`` and print one line per value that does not change play, then the
    counts and the wall time (what ``darkbalance rules GAME --inert`` prints)."""
    t0 = time.perf_counter()
    vs = walk(game, games, seed, more=more)
    for v in vs:
        if v.verdict != "changes-play":
            echo(v.line())
    n = summary(vs)
    echo(f"{game}: {len(vs)} assumed values: " +
         ", ".join(f"{k} {c}" for k, c in n.items()) +
         f" ({games} games per setup and agents where params differ, {more} where "
         "those changed nothing; "
         f"{time.perf_counter() - t0:.1f} s)")
    return vs


def _changed(api, base, cfgs, rs0, rs1, games: int, agents) -> str:
    """Where play under rules ``rs1`` first differs from play under ``rs0`` (same seeds,
    scripted then random players, the walk's setups), or "" where no game of ``games``
    differs.  Setups whose params bytes are equal play nothing."""
    for players, setup in cfgs:
        try:
            p0 = api.params(players, setup, rs0)
            p1 = api.params(players, setup, rs1)
        except BadInput:
            continue  # the engine refuses this rules set at this setup
        if np.array_equal(p0, p1):
            continue
        for ag in agents:
            plan = base.plan(players, setup, ag)
            i = first_difference(play(plan, p0, games, base.seed),
                                 play(plan, p1, games, base.seed))
            if i >= 0:
                return f"{players}p {setup}, {ag}, game {i}"
    return ""


def read_when_check(game: str, games: int = 8, seed: int = 0, agents=AGENTS,
                    more: int = 64, rules=None) -> list[str]:
    """Check every ``unread`` entry's claim and every ``read_when`` condition of ``game``.

    An ``unread`` entry given a probe value directly (past the refusal a user meets) must
    play every game as its rules value does: otherwise nothing stops a designer's number
    from being silently dropped.  Under each value its ``read_when`` lists (that condition
    set, all else the rules'), some probe value must change some game: otherwise the
    condition claims a reader that does not exist (a second pass plays ``more`` games: a
    card whose effect is rarely resolved).  A condition on a value marked ``inert`` (read
    only in setups the walk does not play) is not played.  Returns one line per failed
    claim.  ``rules``: a RuleSet of ``game`` to check in place of its rules.toml's.
    """
    from dataclasses import replace

    from simcore.game import CHOICES
    from simcore.rules import RuleSet

    api = get_game(game).API
    name = get_game(game).SPEC.name
    rs = api.rules() if rules is None else rules
    cfgs = configs(name)
    for players, setup in cfgs:
        api.params(players, setup, rs)  # fills CHOICES
    base = _Baseline(name, seed)
    bad = []
    for e in rs.entries.values():
        if not e.unread:
            continue
        vals = [x for x in probes(e, CHOICES.get((name, e.path)), rs) if x != OTHER]

        def forced(r, x):  # ``r`` with e at x, past the unread refusal
            return RuleSet(r.game, {**r.entries, e.path: replace(e, value=x)}, r.origin)

        for x in vals[:1]:  # one probe: a claim that holds plays every setup (the cost)
            where = _changed(api, base, cfgs, rs, forced(rs, x), games, agents)
            if where:
                bad.append(f"{e.path}: marked unread, but {literal(x)} changes play ({where})")
        for q, conds in e.read_when:
            if rs.entries[q].inert:
                continue  # the condition is itself read only in setups the walk does not play
            for c in conds:
                # the condition, and every other entry it makes read at its first probe
                # (plague reads b only with a non-zero a; both are unread at zero)
                sets = [f"{q}={literal(c)}"] + [
                    f"{o.path}={literal(ps[0])}" for o in rs.entries.values()
                    if o is not e and o.unread and any(q == q2 and c in c2
                                                       for q2, c2 in o.read_when)
                    for ps in [probes(o, CHOICES.get((name, o.path)), rs)] if ps]
                try:
                    rc = rs.with_sets(sets)
                    api.params(None, None, rc)
                except BadInput as exc:
                    bad.append(f"{e.path}: read_when {q} = {c!r} is refused ({exc})")
                    continue
                if not any(_changed(api, base, cfgs, rc, forced(rc, x), n, agents)
                           for n in dict.fromkeys((games, more)) for x in vals):
                    bad.append(f"{e.path}: read_when {q} = {c!r}, but no probe value "
                               f"({', '.join(map(literal, vals))}) changes play")
    return bad
