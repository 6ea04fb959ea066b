"""Static per-game dispatch: generic compiled code (arena, MCTS, harness) reaches one game's
kernels, and compiling it for one game compiles only that game.

Generic drivers take a game *key* and make it a compile-time constant with
``numba.literally(key)``; the functions below are typing-time overloads that read the
literal and return that game's kernel as their implementation.  So a driver is compiled
(and cached) once per game it is used with, and no other engine is ever typed: runtime
``if game == K`` branches would compile every branch's callee (measured: one generic entry
point compiled all seven engines, ~9.5 min cold).

A key is ``game_id + 128 * h`` where ``h`` hashes the game's own sources (its simcore
folder and its scripted agent, see simcore._cache): editing one game changes its key, so a
cached driver never runs that game's stale kernels, and the other games' keys (and cache
entries) stay valid.  Use :func:`key` to get a game's key from its id.  The key bit worth 16
(:func:`random_key`) asks for a driver whose players are all random: it compiles no search
and no scripted player (``agents.policy.act``), so a random-play run compiles the engine
alone.  The bit worth 32 (:func:`frozen_key`) asks for a driver that also compiles the game's frozen
reference player (a persona kept to measure fixes against), the bit worth 64
(:func:`value_key`) one that also compiles the ``value`` agent; no other driver does.

The games and their ids come from simcore.registry; nothing here names a game.
"""
import importlib
import sys
import time

import numpy as np
from numba import njit, typeof
from numba.core import types
from numba.extending import overload

from simcore import _cache, registry

#: game id -> (package name, engine module), from the registry
ENGINES = {registry.game_id(g): (g, registry.engine_module(g)) for g in registry.GAMES}
ID_BITS = 4  # low bits of a key: the game id
RANDOM_ONLY = 1 << ID_BITS  # the next bit: every seat is a random player
FROZEN = RANDOM_ONLY << 1  # the next: some seat plays the game's frozen reference persona
WITH_VALUE = FROZEN << 1  # the next: some seat is the learned-value agent (agents/value.py)
_HASH_SHIFT = WITH_VALUE << 1  # the source hash sits above the flag bits


def key(game_id: int) -> int:
    """The compile key of game ``game_id``: its id plus a hash of its own sources."""
    name = ENGINES[int(game_id)][0]
    return int(game_id) + _HASH_SHIFT * _cache.group_number(name)


def frozen_key(game_key: int) -> int:
    """The key of the same game for drivers where a seat may play the game's frozen
    reference persona (simcore.spec.Persona ``frozen``): only these compile that player."""
    return int(game_key) | FROZEN


def frozen(game_key: int) -> bool:
    """Whether ``game_key`` asks for a driver that includes the frozen reference player."""
    return bool(int(game_key) & FROZEN)


def value_key(game_key: int) -> int:
    """The key of the same game for drivers where a seat may be the ``value`` agent: only
    these compile it (its one-ply search links the engine's step, features and scripted
    player into the driver once more)."""
    return int(game_key) | WITH_VALUE


def with_value(game_key: int) -> bool:
    """Whether ``game_key`` asks for a driver that includes the ``value`` agent."""
    return bool(int(game_key) & WITH_VALUE)


def closed_loop(gid: int) -> bool:
    """Whether one action path alone fixes the state of game ``gid`` (no chance, no hidden
    information)."""
    return importlib.import_module(f"simcore.{ENGINES[gid][0]}").SPEC.closed_loop


def random_key(game_key: int) -> int:
    """The key of the same game for drivers whose players are all random."""
    return int(game_key) | RANDOM_ONLY


def random_only(game_key: int) -> bool:
    """Whether ``game_key`` asks for a random-players-only driver."""
    return bool(int(game_key) & RANDOM_ONLY)


def game_id(game_key: int) -> int:
    """The game id inside a compile key."""
    return int(game_key) & ((1 << ID_BITS) - 1)


def literal_game(game_key):
    """The game id of a literal key type at typing time, or None for a non-literal."""
    if not isinstance(game_key, types.IntegerLiteral):
        return None
    return game_id(game_key.literal_value)


def _notice(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


#: called with one line when a driver starts compiling for a game and when it is done;
#: set to ``None`` to stay silent (the CLI's ``-q``)
notice = _notice
_ENTRIES: dict = {}


def _in_cache(dispatcher, sig) -> bool:
    """Whether numba's on-disk cache holds ``sig`` (so loading is quick): best effort."""
    try:
        cache = dispatcher._cache
        k = cache._index_key(sig, dispatcher.targetctx.codegen())
        return k in cache._cache_file._load_index()
    except Exception:  # noqa: BLE001  (numba internals: assume a compile)
        return False


_TYPES: dict = {}  # _type_key(a) -> numba type


def _type_key(a):
    """What numba's ``typeof`` reads of ``a``, for the two kinds drivers take by the
    thousand (arrays, Python ints); None for anything else (typed afresh)."""
    t = type(a)
    if t is np.ndarray:
        f = a.flags
        return (a.dtype, a.ndim, f.c_contiguous, f.f_contiguous, f.writeable, f.aligned)
    if t is int:
        return (int, -2 ** 63 <= a < 2 ** 63)  # int64, else numba types it uint64
    return None


def _typeof(a):
    """numba's ``typeof(a)``, memoized: typing a driver's ~20 arguments cost 0.4 ms a
    call, a quarter of a short call's time (the inert walk plays 15,000 of them)."""
    k = _type_key(a)
    if k is None:
        return typeof(a)
    ty = _TYPES.get(k)
    if ty is None:
        ty = _TYPES[k] = typeof(a)
    return ty


def _signature(game_key: int, args) -> tuple:
    """A driver's signature for ``game_key`` (a literal) and ``args``."""
    return (types.literal(int(game_key)),) + tuple(_typeof(a) for a in args)


def available(dispatcher, game_key: int, *args) -> bool:
    """Whether calling ``dispatcher`` for ``game_key`` with ``args`` needs no compiling: it
    is loaded in this process or held by numba's on-disk cache."""
    if not hasattr(dispatcher, "overloads"):
        return True
    sig = _signature(game_key, args)
    return (dispatcher, sig) in _ENTRIES or sig in dispatcher.overloads or \
        _in_cache(dispatcher, sig)


def call(dispatcher, game_key: int, *args):
    """Call a generic driver (``dispatcher(game, *args)``, which makes ``game`` literal)
    for game ``game_key`` straight through its compiled entry point.

    Calling the dispatcher itself would re-run numba's literal dispatch (a failed typing
    pass, ~0.3 s) on every call; the entry point is looked up once per signature.  The
    first use of a game compiles (or loads from the cache) and says so through
    :data:`notice`.
    """
    if not hasattr(dispatcher, "overloads"):  # NUMBA_DISABLE_JIT=1: plain Python
        return dispatcher(game_key, *args)
    sig = _signature(game_key, args)
    ep = _ENTRIES.get((dispatcher, sig))
    if ep is None:
        fresh = sig not in dispatcher.overloads and not _in_cache(dispatcher, sig)
        name = ENGINES[game_id(game_key)][0]
        what = dispatcher.py_func.__name__
        if random_only(game_key):
            what += " (random players)"
        if fresh and notice is not None:
            notice(f"compiling {name} kernels for {what} (first run only) ...")
        t0 = time.perf_counter()
        ep = _ENTRIES[(dispatcher, sig)] = dispatcher.compile(sig)
        if fresh and notice is not None:
            notice(f"compiled {name} kernels for {what} in {time.perf_counter() - t0:.0f} s")
    return ep(game_key, *args)


def _kernel(game_key, name):
    gid = literal_game(game_key)
    if gid is None:
        return None
    return getattr(importlib.import_module(ENGINES[gid][1]), name)


# The functions below run as written only in pure Python (NUMBA_DISABLE_JIT=1, where the
# generic drivers are plain Python too); in compiled code the overloads that follow
# replace them with the game's kernel, chosen at compile time.
def _py(game, name):
    return getattr(importlib.import_module(ENGINES[game_id(game)][1]), name)


def init(game, state, params, rng):
    """Set up a new game of ``game`` (a literal key) in ``state``."""
    _py(game, "init")(state, params, rng)


def current_player(game, state, params):
    """Seat to act."""
    return _py(game, "current_player")(state, params)


def is_terminal(game, state, params):
    """Whether the game is over."""
    return _py(game, "is_terminal")(state, params)


def legal_actions(game, state, params, out):
    """Fill ``out[:n]`` with the legal actions; return n."""
    return _py(game, "legal_actions")(state, params, out)


def step(game, state, params, action, rng):
    """Apply ``action``."""
    _py(game, "step")(state, params, np.int64(action), rng)


def returns(game, state, params, out):
    """Per-seat returns of a finished game."""
    _py(game, "returns")(state, params, out)


def scores(game, state, params, out):
    """Per-seat raw points."""
    _py(game, "scores")(state, params, out)


def info(game, state, params, out):
    """Game-specific integer columns (rounds, end reason, ...)."""
    _py(game, "info")(state, params, out)


def determinize(game, state, params, observer, rng):
    """Resample what ``observer`` cannot see."""
    _py(game, "determinize")(state, params, observer, rng)


def evaluate(game, state, params, out):
    """Each seat's value in [0, 1] from a position (the engine's ``evaluate``)."""
    k = _engine_evaluate(game_id(game))
    if k is not None:
        k(state, params, out)
    else:
        sc = np.empty(out.shape[0], np.int64)
        _py(game, "scores")(state, params, sc)
        leaders_value(sc, out)


def features(game, state, params, seat, out):
    """The engine's own position features for ``seat`` (its ``features`` kernel, named by its
    ``FEATURES`` tuple) written to ``out[:len(FEATURES)]``; nothing for an engine without."""
    k = getattr(importlib.import_module(ENGINES[game_id(game)][1]), "features", None)
    if k is not None:
        k(state, params, seat, out)


def feature_names(game) -> tuple:
    """Names of the engine's own position features (its ``FEATURES``; empty without)."""
    return tuple(getattr(importlib.import_module(ENGINES[game_id(game)][1]), "FEATURES", ()))


def action_kind(game, state, params, action):
    """Kind of ``action`` in ``state`` (an index into the game's SPEC.action_kinds)."""
    mod = importlib.import_module(ENGINES[game_id(game)][1])
    k = getattr(mod, "action_kind", None)
    return 0 if k is None else k(state, params, np.int64(action))


def simultaneous(game, state, params):
    """0 when the seat to act decides in view of the others; else the id of the round of
    hidden simultaneous choices it is making (the engine's ``simultaneous`` kernel; 0 for
    an engine without one)."""
    k = getattr(importlib.import_module(ENGINES[game_id(game)][1]), "simultaneous", None)
    return 0 if k is None else k(state, params)


def pending_round(game, state, params):
    """The round whose outcome the seat to act waits on (a choice that costs only once
    that round has resolved, as a court Offering, public or hidden, or a Favor's
    adjustment before the Harvest's result), or 0: the engine's ``pending_round`` kernel,
    else its :func:`simultaneous` round."""
    k = _pending_kernel(game_id(game))
    return 0 if k is None else k(state, params)


def _pending_kernel(gid):
    """Game ``gid``'s ``pending_round`` kernel, else its ``simultaneous``, else None."""
    mod = importlib.import_module(ENGINES[gid][1])
    return getattr(mod, "pending_round", None) or getattr(mod, "simultaneous", None)


def has_simultaneous(game):
    """Whether the engine of ``game`` marks rounds of hidden simultaneous choices."""
    return hasattr(importlib.import_module(ENGINES[game_id(game)][1]), "simultaneous")


def open_loop(game):
    """True when one action path can reach different states (chance or hidden information):
    search must then determinize and count child availability."""
    return not closed_loop(game_id(game))


def _engine_evaluate(gid):
    return getattr(importlib.import_module(ENGINES[gid][1]), "evaluate", None)


@njit(cache=True)
def leaders_value(sc, out):
    """Values from raw scores ``sc`` for an engine without ``evaluate``: the score leaders
    share the value; alone at the table a score says nothing about winning (0.5)."""
    n = out.shape[0]
    if n == 1:
        out[0] = 0.5
        return
    best = sc.max()
    k = 0
    for s in range(n):
        if sc[s] == best:
            k += 1
    for s in range(n):
        out[s] = 1.0 / k if sc[s] == best else 0.0


# The kernels a search or a playout calls at every step are inlined into the driver at the
# IR level (the engines' own kernels are inline="always" already): compiled as separate
# functions, each call passed its arrays as structs through a real call, which halved
# connect4's MCTS (1.37M -> 0.69M simulations/s when this dispatch replaced the old
# if-chains; 1.55M with it, random play 22M -> 56M actions/s; darkleaf 2.25M -> 2.45M).
# Cold compile is about the same (two games at once: darkleaf 83 s, connect4 16 s).
HOT = "always"


@overload(init, prefer_literal=True)
def _ov_init(game, state, params, rng):
    k = _kernel(game, "init")
    if k is not None:
        return lambda game, state, params, rng: k(state, params, rng)


@overload(current_player, prefer_literal=True, inline=HOT)
def _ov_current_player(game, state, params):
    k = _kernel(game, "current_player")
    if k is not None:
        return lambda game, state, params: k(state, params)


@overload(is_terminal, prefer_literal=True, inline=HOT)
def _ov_is_terminal(game, state, params):
    k = _kernel(game, "is_terminal")
    if k is not None:
        return lambda game, state, params: k(state, params)


@overload(legal_actions, prefer_literal=True, inline=HOT)
def _ov_legal_actions(game, state, params, out):
    k = _kernel(game, "legal_actions")
    if k is not None:
        return lambda game, state, params, out: k(state, params, out)


@overload(step, prefer_literal=True, inline=HOT)
def _ov_step(game, state, params, action, rng):
    k = _kernel(game, "step")
    if k is not None:
        # one action type for every caller (legal arrays hold int32, searches return
        # int64): each extra type would compile a game's whole step tree again
        return lambda game, state, params, action, rng: k(state, params, np.int64(action), rng)


@overload(returns, prefer_literal=True, inline=HOT)
def _ov_returns(game, state, params, out):
    k = _kernel(game, "returns")
    if k is not None:
        return lambda game, state, params, out: k(state, params, out)


@overload(scores, prefer_literal=True)
def _ov_scores(game, state, params, out):
    k = _kernel(game, "scores")
    if k is not None:
        return lambda game, state, params, out: k(state, params, out)


@overload(info, prefer_literal=True)
def _ov_info(game, state, params, out):
    k = _kernel(game, "info")
    if k is not None:
        return lambda game, state, params, out: k(state, params, out)


@overload(determinize, prefer_literal=True, inline=HOT)
def _ov_determinize(game, state, params, observer, rng):
    k = _kernel(game, "determinize")
    if k is not None:
        return lambda game, state, params, observer, rng: k(state, params, observer, rng)


@overload(evaluate, prefer_literal=True)
def _ov_evaluate(game, state, params, out):
    gid = literal_game(game)
    if gid is None:
        return None
    eng = importlib.import_module(ENGINES[gid][1])
    k = getattr(eng, "evaluate", None)
    if k is not None:
        return lambda game, state, params, out: k(state, params, out)
    scores_k = eng.scores

    def leaders(game, state, params, out):
        sc = np.empty(out.shape[0], np.int64)
        scores_k(state, params, sc)
        leaders_value(sc, out)
    return leaders


@overload(features, prefer_literal=True)
def _ov_features(game, state, params, seat, out):
    gid = literal_game(game)
    if gid is None:
        return None
    k = getattr(importlib.import_module(ENGINES[gid][1]), "features", None)
    if k is None:
        return lambda game, state, params, seat, out: None
    return lambda game, state, params, seat, out: k(state, params, np.int64(seat), out)


@overload(action_kind, prefer_literal=True)
def _ov_action_kind(game, state, params, action):
    gid = literal_game(game)
    if gid is None:
        return None
    k = getattr(importlib.import_module(ENGINES[gid][1]), "action_kind", None)
    if k is None:  # an engine without kinds: every action is of kind 0 ("action")
        return lambda game, state, params, action: 0
    return lambda game, state, params, action: k(state, params, np.int64(action))


@overload(open_loop, prefer_literal=True)
def _ov_open_loop(game):
    gid = literal_game(game)
    if gid is not None:
        flag = not closed_loop(gid)
        return lambda game: flag


@overload(simultaneous, prefer_literal=True)
def _ov_simultaneous(game, state, params):
    gid = literal_game(game)
    if gid is None:
        return None
    k = getattr(importlib.import_module(ENGINES[gid][1]), "simultaneous", None)
    if k is None:
        return lambda game, state, params: 0
    return lambda game, state, params: np.int64(k(state, params))


@overload(pending_round, prefer_literal=True)
def _ov_pending_round(game, state, params):
    gid = literal_game(game)
    if gid is None:
        return None
    k = _pending_kernel(gid)
    if k is None:
        return lambda game, state, params: 0
    return lambda game, state, params: np.int64(k(state, params))


@overload(has_simultaneous, prefer_literal=True)
def _ov_has_simultaneous(game):
    gid = literal_game(game)
    if gid is not None:
        flag = hasattr(importlib.import_module(ENGINES[gid][1]), "simultaneous")
        return lambda game: flag
