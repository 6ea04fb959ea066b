"""Per-game scripted policies behind one static dispatch (see simcore.dispatch for why).

``scripted_action(game, ...)`` takes a literal game key, like simcore.dispatch, so code
that uses it compiles only the scripted agent of the game it plays.  A game's frozen
reference persona (simcore.spec.Persona ``frozen``: its scripted player as it was before
later fixes, ``agents/scripted/<game>_<persona>.py``) is compiled in only under a
``dispatch.frozen_key``; it plays as the game's first persona did.
"""
import importlib

from numba import njit
from numba.extending import overload

from simcore import dispatch, registry

#: game id -> module holding that game's ``scripted_action`` kernel
SCRIPTED = {registry.game_id(g): registry.scripted_module(g) for g in registry.GAMES}


def frozen_player(gid: int):
    """(persona index, ``scripted_action`` kernel) of game ``gid``'s frozen reference
    player, or None when the game keeps none."""
    name = dispatch.ENGINES[gid][0]
    spec = importlib.import_module(f"simcore.{name}").SPEC
    i = spec.frozen_persona
    if i < 0:
        return None
    mod = importlib.import_module(registry.frozen_module(name, spec.personas[i]))
    return i, mod.scripted_action


def scripted_action(game, state, params, persona, rng, legal, n):
    """The scripted action of ``persona`` for ``game`` (a literal key); legal[:n] is legal.

    Runs as written only in pure Python (NUMBA_DISABLE_JIT=1); compiled code gets the
    overload below."""
    gid = dispatch.game_id(game)
    fz = frozen_player(gid) if dispatch.frozen(game) else None
    if fz is not None and persona == fz[0]:
        return fz[1](state, params, 0, rng, legal, n)
    k = importlib.import_module(SCRIPTED[gid]).scripted_action
    return k(state, params, persona, rng, legal, n)


@overload(scripted_action, prefer_literal=True)
def _ov_scripted_action(game, state, params, persona, rng, legal, n):
    gid = dispatch.literal_game(game)
    if gid is None:
        return None
    k = importlib.import_module(SCRIPTED[gid]).scripted_action
    fz = frozen_player(gid) if dispatch.frozen(game.literal_value) else None
    if fz is None:
        def impl(game, state, params, persona, rng, legal, n):
            return k(state, params, persona, rng, legal, n)
        return impl
    which, old = fz

    def impl_frozen(game, state, params, persona, rng, legal, n):
        if persona == which:  # the frozen player plays as the first persona once did
            return old(state, params, 0, rng, legal, n)
        return k(state, params, persona, rng, legal, n)
    return impl_frozen


# ---- helpers every scripted player shares (one home each) ----

@njit(cache=True, inline="always")
def has_action(legal, n, a):
    """True when action ``a`` is among ``legal[:n]``."""
    for i in range(n):
        if legal[i] == a:
            return True
    return False


def persona_player(game: str, persona: int):
    """The compiled ``scripted_action(state, params, persona, rng, legal, n)`` that plays
    ``persona`` (an index) of registered game ``game`` when called directly (tests, tools):
    the game's scripted player, or its frozen reference player for the frozen persona."""
    spec = importlib.import_module(f"simcore.{game}").SPEC
    if persona != spec.frozen_persona:
        return importlib.import_module(registry.scripted_module(game)).scripted_action
    old = importlib.import_module(registry.frozen_module(game, spec.personas[persona]))

    def frozen(state, params, _persona, rng, legal, n):
        return old.scripted_action(state, params, 0, rng, legal, n)
    return frozen
