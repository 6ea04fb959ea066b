"""Per-game scripted policies behind one static dispatch (see simcore.dispatch for why).

``scripted_action(game, ...)`` takes a literal game key, like simcore.dispatch, so code
that uses it compiles only the scripted agent of the game it plays.
"""
import importlib

from numba import njit
from numba.extending import overload

from simcore import dispatch

#: game id -> module holding that game's ``scripted_action`` kernel
SCRIPTED = {gid: f"agents.scripted.{name}" for gid, (name, _) in dispatch.ENGINES.items()}


def scripted_action(game, state, params, persona, rng, legal, n):
    """The scripted action of ``persona`` for ``game`` (a literal key); legal[:n] is legal.

    Runs as written only in pure Python (NUMBA_DISABLE_JIT=1); compiled code gets the
    overload below."""
    k = importlib.import_module(SCRIPTED[dispatch.game_id(game)]).scripted_action
    return k(state, params, persona, rng, legal, n)


@overload(scripted_action, prefer_literal=True)
def _ov_scripted_action(game, state, params, persona, rng, legal, n):
    gid = dispatch.literal_game(game)
    if gid is None:
        return None
    k = importlib.import_module(SCRIPTED[gid]).scripted_action

    def impl(game, state, params, persona, rng, legal, n):
        return k(state, params, persona, rng, legal, n)
    return impl


# ---- helpers every scripted player shares (one home each) ----

@njit(cache=True, inline="always")
def has_action(legal, n, a):
    """True when action ``a`` is among ``legal[:n]``."""
    for i in range(n):
        if legal[i] == a:
            return True
    return False
