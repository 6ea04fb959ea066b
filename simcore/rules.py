"""Rules data: load a game's rules.toml, apply overrides, hand values to the params compiler.

A rules file is nested TOML tables whose leaves are tables with a ``value``::

    [board.rows]
    value = 6
    source = "public"          # rulebook | public | assumed
    cite = "public-facts.md"   # where the number comes from (rulebook, public)
    reason = "..."             # why the modelling choice (required for assumed)
    range = [4, 9]             # optional plausible range, used by sensitivity sweeps
    alternatives = [5, 8]      # optional documented alternatives (any type), also swept
    sweep = "scale"            # optional, numeric lists: sweep x0.75 and x1.25 of every item
                               # ("shift", integer lists of thresholds or amounts: every
                               # item -1 and +1, clipped to ``range`` where it has one)
    inert = "..."              # optional: why no default setup's game can change with it
                               # (read only under another option); the sweep leaves it out
    unread = "..."             # optional: documentation only, never read by the engine;
                               # --set or a rules file giving it another value is refused
    read_when = {"cards.x.effect" = ["gain-souls", ...]}
                               # optional, with unread: the value is read only while one of
                               # these paths holds one of its listed values (none does at
                               # the rules' values); another value is accepted only with
                               # such a condition in the same rules set, and the joint
                               # sensitivity design varies it only in draws that meet it
    fixed = "..."              # optional: why the sweep holds it at its value (a setup
                               # choice, or half of a value another entry varies); the
                               # sweep counts it as not swept for that reason, unlike inert

Users override values with another TOML file (same paths; a leaf may be a bare
value or a table with ``value``) or with ``--set path=value``; overridden
entries are marked ``source = "override"`` so reports say so.
"""
from __future__ import annotations

import copy
import difflib
import json
from dataclasses import dataclass, replace
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from simcore.spec import BadInput

SOURCES = ("rulebook", "public", "assumed")
#: list sweep kinds (``sweep = ...``) and what each varies, as the parser's error names them
SWEEPS = {"scale": "a numeric list x0.75 and x1.25",
          "shift": "an integer list -1 and +1 item by item, clipped to its range"}


@dataclass(frozen=True)
class Entry:
    """One rules value with its provenance."""

    path: str
    value: object
    source: str
    cite: str = ""
    reason: str = ""
    range: tuple | None = None
    alternatives: tuple | None = None
    sweep: str = ""
    inert: str = ""   # why it cannot change a default setup's game (experiments.inert)
    unread: str = ""  # why it is documentation only: another value is refused
    fixed: str = ""   # why the sweep holds it at its value (it still changes play)
    read_when: tuple = ()  # ((path, (values, ...)), ...): unread unless one of them holds


def _kind(v) -> str:
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "str"
    if isinstance(v, list):
        return "list"
    return type(v).__name__


class RuleSet:
    """Ordered mapping ``path -> Entry`` for one game."""

    def __init__(self, game: str, entries: dict[str, Entry], origin: str = ""):
        self.game = game
        self.entries = dict(entries)
        self.origin = origin

    # -- reading -----------------------------------------------------------
    def __getitem__(self, path: str):
        return self.entries[path].value

    def __contains__(self, path: str) -> bool:
        return path in self.entries

    def get(self, path: str, default=None):
        e = self.entries.get(path)
        return default if e is None else e.value

    def assumed(self) -> list[Entry]:
        """Entries resting on a modelling assumption (or a user override)."""
        return [e for e in self.entries.values() if e.source in ("assumed", "override")]

    def overridden(self) -> list[Entry]:
        return [e for e in self.entries.values() if e.source == "override"]

    # -- overriding --------------------------------------------------------
    def _check_path(self, path: str) -> Entry:
        if path not in self.entries:
            close = difflib.get_close_matches(path, list(self.entries), n=3)
            hint = ("; did you mean " + ", ".join(close) + "?") if close else ""
            raise BadInput(
                f"{self.game}: unknown rules path {path!r}{hint} "
                f"(valid: {', '.join(self.entries)})"
            )
        return self.entries[path]

    def with_values(self, values: dict[str, object], origin: str = "override") -> RuleSet:
        """Return a copy with ``values`` (path -> new value) applied and type-checked."""
        new = dict(self.entries)
        unread = []
        for path, v in values.items():
            e = self._check_path(path)
            if _kind(e.value) == "float" and _kind(v) == "int":
                v = float(v)
            if _kind(v) != _kind(e.value):
                raise BadInput(
                    f"{self.game}: {path} must be {_kind(e.value)} "
                    f"(like {e.value!r}), got {v!r} from {origin}"
                )
            if isinstance(v, list) and e.value and v and _kind(v[0]) != _kind(e.value[0]):
                raise BadInput(f"{self.game}: {path} must be a list of {_kind(e.value[0])}, got {v!r}")
            if e.unread and v != e.value:
                unread.append((e, v))
            new[path] = replace(e, value=v, source="override", reason=f"set by {origin}")
        for e, v in unread:  # after every value: a condition may come with the same set
            why = unread_refusal(e, new)
            if why:
                raise BadInput(f"{self.game}: {why}; got {v!r} from {origin}")
        return RuleSet(self.game, new, self.origin)

    def with_file(self, path: str | Path) -> RuleSet:
        """Apply an override file: TOML (same paths as rules.toml), or the CSV that
        ``darkbalance rules GAME --assumed --format csv`` writes (:func:`read_values_csv`)."""
        if str(path).lower().endswith(".csv"):
            return self.with_values(read_values_csv(path, self), origin=str(path))
        data = _read_toml(path)
        values = {}
        for p, leaf in _leaves(data):
            if p == "meta" or p.startswith("meta."):
                continue
            values[p] = leaf["value"] if isinstance(leaf, dict) else leaf
        return self.with_values(values, origin=str(path))

    def with_sets(self, sets: list[str] | tuple[str, ...]) -> RuleSet:
        """Apply ``path=value`` strings (value parsed as a TOML literal, else a string)."""
        values = {}
        for s in sets:
            if "=" not in s:
                raise BadInput(f"--set {s!r}: expected path=value")
            if "\n" in s or "\r" in s:
                raise BadInput(f"--set {s!r}: one path=value per --set (no line breaks)")
            p, raw = s.split("=", 1)
            p, raw = p.strip(), raw.strip()
            try:
                v = tomllib.loads(f"v = {raw}")["v"]
            except tomllib.TOMLDecodeError:
                v = raw
            values[p] = v
        return self.with_values(values, origin="--set")


def read_when_met(e: Entry, entries: dict) -> bool:
    """Whether unread entry ``e``'s ``read_when`` condition holds in ``entries``
    (path -> Entry): some listed path holds one of its listed values."""
    return any(p in entries and entries[p].value in vals for p, vals in e.read_when)


def unread_words(e: Entry) -> str:
    """How an unread entry is listed: documentation only, or read only under its
    ``read_when`` condition; "" for an entry that is read."""
    if not e.unread:
        return ""
    if not e.read_when:
        return f"documentation only: {e.unread}"
    return f"read only when {_condition_words(e)}: {e.unread}"


def _condition_words(e: Entry, entries: dict | None = None) -> str:
    """``e``'s ``read_when`` in words, with each path's value in ``entries`` where given."""
    return " or ".join(f"{p} is one of {', '.join(map(str, vals))}"
                       + (f" (now {entries[p].value!r})" if entries else "")
                       for p, vals in e.read_when)


def unread_refusal(e: Entry, entries: dict) -> str:
    """Why ``e``, an ``unread`` entry given another value, is refused in the rules set
    ``entries`` (path -> Entry); "" where its ``read_when`` condition holds there."""
    if not e.unread or read_when_met(e, entries):
        return ""
    if not e.read_when:
        return f"{e.path} is documentation only and cannot be changed ({e.unread})"
    return (f"{e.path} is read only when {_condition_words(e, entries)}, so another value "
            f"alone changes nothing; set that in the same rules")


def _read_toml(path: str | Path) -> dict:
    p = Path(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise BadInput(f"rules file {str(path)!r} does not exist") from None
    except IsADirectoryError:
        raise BadInput(f"rules file {str(path)!r} is a directory") from None
    except tomllib.TOMLDecodeError as exc:
        raise BadInput(f"rules file {str(path)!r} is not valid TOML: {exc}") from None
    except UnicodeDecodeError:
        raise BadInput(f"rules file {str(path)!r} is not UTF-8 TOML") from None
    except (OSError, RuntimeError) as exc:  # a symlink loop, a path under a file, a long name
        why = getattr(exc, "strerror", None) or str(exc)
        raise BadInput(f"rules file {str(path)!r} cannot be read ({why})") from None


def _leaves(data: dict, prefix: str = ""):
    """Yield (path, leaf) where a leaf is a table holding ``value`` or a bare value."""
    for k, v in data.items():
        path = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict) and "value" not in v:
            yield from _leaves(v, path)
        else:
            yield path, v


def load_rules(game: str, path: str | Path) -> RuleSet:
    """Parse and validate a game's rules.toml into a :class:`RuleSet`.

    Parsed files are kept per (path, mtime, size): a study builds hundreds of plans
    from the same file, and parsing one took ~30 ms (most of a smoke report's setup).
    """
    try:
        st = Path(path).stat()
        key = (game, str(Path(path).resolve()), st.st_mtime_ns, st.st_size)
    except (OSError, RuntimeError):
        key = None  # let the reader name the problem
    if key is None or key not in _PARSED:
        rs = _load_rules(game, path)
        if key is None:
            return rs
        if len(_PARSED) >= 64:
            _PARSED.clear()
        _PARSED[key] = rs
    rs = _PARSED[key]
    # a fresh RuleSet each call; list values copied so a caller cannot alter the cache
    return RuleSet(game, {p: replace(e, value=copy.deepcopy(e.value)) if isinstance(e.value, list)
                          else e for p, e in rs.entries.items()}, str(path))


_PARSED: dict = {}


def _load_rules(game: str, path: str | Path) -> RuleSet:
    data = _read_toml(path)
    entries: dict[str, Entry] = {}
    for p, leaf in _leaves(data):
        if p.startswith("meta"):
            continue
        if not isinstance(leaf, dict):
            raise BadInput(f"{path}: {p} must be a table with value and source")
        src = leaf.get("source")
        if src not in SOURCES:
            raise BadInput(f"{path}: {p} has source {src!r}; valid: {', '.join(SOURCES)}")
        if src == "assumed" and not leaf.get("reason"):
            raise BadInput(f"{path}: {p} is assumed but gives no reason")
        if src in ("rulebook", "public") and not leaf.get("cite"):
            raise BadInput(f"{path}: {p} ({src}) gives no cite")
        rng = leaf.get("range")
        alts = leaf.get("alternatives")
        if alts is not None and not isinstance(alts, list):
            raise BadInput(f"{path}: {p} alternatives must be a list of values")
        for key in ("inert", "unread", "fixed"):
            if key in leaf and (not isinstance(leaf[key], str) or not leaf[key].strip()):
                raise BadInput(f"{path}: {p} {key} must be a non-empty reason (a string)")
        sweep = leaf.get("sweep", "")
        if sweep != "" and sweep not in SWEEPS:
            raise BadInput(f"{path}: {p} sweep = {sweep!r}; valid: "
                           + ", ".join(f"{k} ({w})" for k, w in SWEEPS.items()))
        if sweep == "shift" and not (isinstance(leaf["value"], list) and all(
                isinstance(x, int) and not isinstance(x, bool) for x in leaf["value"])):
            raise BadInput(f"{path}: {p} sweep = 'shift' needs a list of integers, "
                           f"not {leaf['value']!r}")
        rw = leaf.get("read_when", {})
        if rw and not leaf.get("unread"):
            raise BadInput(f"{path}: {p} read_when needs unread (why it is not read otherwise)")
        if not isinstance(rw, dict) or not all(
                isinstance(v, list) and v for v in rw.values()):
            raise BadInput(f"{path}: {p} read_when must be a table of path = [values, ...]")
        entries[p] = Entry(
            path=p,
            value=leaf["value"],
            source=src,
            cite=str(leaf.get("cite", "")),
            reason=str(leaf.get("reason", "")),
            range=tuple(rng) if rng is not None else None,
            alternatives=tuple(alts) if alts is not None else None,
            sweep=str(leaf.get("sweep", "")),
            inert=str(leaf.get("inert", "")),
            unread=str(leaf.get("unread", "")),
            fixed=str(leaf.get("fixed", "")),
            read_when=tuple((q, tuple(v)) for q, v in rw.items()),
        )
    for e in entries.values():  # a condition names other entries, so checked once all are read
        for q, vals in e.read_when:
            if q not in entries:
                raise BadInput(f"{path}: {e.path} read_when names unknown path {q!r}")
            if entries[q].value in vals:
                raise BadInput(f"{path}: {e.path} is unread, but its read_when holds at the "
                               f"rules' values ({q} = {entries[q].value!r})")
    return RuleSet(game, entries, origin=str(path))


def game_rules(spec_name: str, rules_toml: Path, rules_file=None, sets=()) -> RuleSet:
    """The rules of a game with an optional override file and ``--set`` strings applied."""
    rs = load_rules(spec_name, rules_toml)
    if rules_file:
        rs = rs.with_file(rules_file)
    if sets:
        rs = rs.with_sets(list(sets))
    return rs


# ---- a designer's own numbers: the assumed values as a CSV, and back ----

CSV_COLUMNS = ("path", "value", "range_low", "range_high", "alternatives", "source", "reason")


def toml_literal(v) -> str:
    """``v`` written as a TOML literal (what ``--set`` and the values CSV read back)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_literal(x) for x in v) + "]"
    return repr(v)


def values_rows(rs: RuleSet, entries=None) -> list[dict]:
    """One row per entry (default: every assumed one) in :data:`CSV_COLUMNS`."""
    rows = []
    for e in rs.assumed() if entries is None else entries:
        lo, hi = (e.range[0], e.range[1]) if e.range else ("", "")
        rows.append({"path": e.path, "value": toml_literal(e.value),
                     "range_low": "" if lo == "" else toml_literal(lo),
                     "range_high": "" if hi == "" else toml_literal(hi),
                     "alternatives": "" if not e.alternatives else
                     toml_literal(list(e.alternatives)),
                     "source": e.source, "reason": e.reason or e.cite})
    return rows


def _parse_literal(raw: str, where: str):
    raw = raw.strip()
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        if raw[:1] in "[{\"'":
            raise BadInput(f"{where}: {raw!r} is not a TOML value") from None
        return raw


def read_values_csv(path: str | Path, rs: RuleSet) -> dict:
    """path -> value from a values CSV (columns ``path`` and ``value``; ``range_low`` and
    ``range_high`` where given bound the value).  An unknown path, a wrong type or a value
    outside its row's range raises :class:`BadInput` naming the row."""
    import csv

    p = Path(path)
    try:
        with p.open(newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
    except FileNotFoundError:
        raise BadInput(f"rules file {str(path)!r} does not exist") from None
    except IsADirectoryError:
        raise BadInput(f"rules file {str(path)!r} is a directory") from None
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise BadInput(f"rules file {str(path)!r} cannot be read as CSV ({why})") from None
    if not rows or not {"path", "value"} <= set(rows[0]):
        raise BadInput(f"rules file {str(path)!r}: a values CSV needs the columns path and "
                       f"value (as `darkbalance rules {rs.game} --assumed --format csv` "
                       "writes them)")
    out = {}
    for i, r in enumerate(rows, start=2):  # line 1 is the header
        where = f"{path} line {i}"
        key = (r.get("path") or "").strip()
        try:
            rs._check_path(key)
        except BadInput as exc:
            raise BadInput(f"{where}: {exc}") from None
        v = _parse_literal(r.get("value") or "", f"{where} ({key})")
        for side in ("range_low", "range_high"):
            raw = (r.get(side) or "").strip()
            if not raw or not isinstance(v, (int, float)) or isinstance(v, bool):
                continue
            bound = _parse_literal(raw, f"{where} ({key} {side})")
            if not isinstance(bound, (int, float)):
                raise BadInput(f"{where}: {key} {side} {raw!r} is not a number")
            if (side == "range_low" and v < bound) or (side == "range_high" and v > bound):
                raise BadInput(f"{where}: {key} = {v!r} is outside its range "
                               f"[{r.get('range_low')}, {r.get('range_high')}]; widen the "
                               "range in the file if the real value lies beyond it")
        out[key] = v
    return out
