"""Validating Python wrappers shared by every game (kernels themselves never raise)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from simcore.rng import new_rng
from simcore.rules import RuleSet, game_rules
from simcore.spec import BadInput, GameSpec


class GameAPI:
    """The Python face of one game engine.

    Parameters
    ----------
    spec : GameSpec
    engine : module
        The game's ``engine`` module (``init``, ``legal_actions``, ``step`` ...).
    compile_params : callable
        ``compile_params(rules, players, setup) -> int32 array`` for this game.
    rules_path : Path
        The game's ``rules.toml``.
    precheck : callable, optional
        ``precheck(rules, players, setup)``: some of ``compile_params``'s checks, cheaply
        (it raises BadInput only where ``compile_params`` would); see :meth:`precheck`.
    fit : callable, optional
        ``fit(rules, base, players) -> {path: value}``: the game's own rule for bringing a
        jointly drawn rules set within what the engine holds; see :meth:`fit`.
    """

    def __init__(self, spec: GameSpec, engine, compile_params, rules_path: Path,
                 precheck=None, fit=None):
        self.spec = spec
        self.engine = engine
        self._compile = compile_params
        self._precheck = precheck
        self._fit = fit
        self.rules_path = Path(rules_path)

    def rules(self, rules_file=None, sets=()) -> RuleSet:
        """The rules with an optional override file and ``path=value`` strings applied."""
        return game_rules(self.spec.name, self.rules_path, rules_file, sets)

    def params(self, players: int | None = None, setup: str | None = None,
               rules: RuleSet | None = None) -> np.ndarray:
        """Compile the params array; ``players`` defaults to the setup's minimum."""
        spec = self.spec
        setup = spec.check_setup(setup)
        players = (spec.player_range(setup)[0] if players is None
                   else spec.check_players(players, setup))
        rules = self.rules() if rules is None else rules
        p = np.asarray(self._compile(rules, players, setup), dtype=np.int32)
        if p.shape != (spec.params_size,):
            raise AssertionError(f"{spec.name}: params has shape {p.shape}")
        return p

    def precheck(self, players: int | None = None, setup: str | None = None,
                 rules: RuleSet | None = None) -> None:
        """Raise BadInput where a cheap part of :meth:`params`'s checks refuses ``rules``
        (all of them where the game names no precheck).  Passing is no promise that
        :meth:`params` accepts; a refusal is.  A joint-sensitivity repair asks thousands of
        times about rules sets that differ in a few values (experiments.studies._joint)."""
        if self._precheck is None:
            self.params(players, setup, rules)
            return
        spec = self.spec
        setup = spec.check_setup(setup)
        players = (spec.player_range(setup)[0] if players is None
                   else spec.check_players(players, setup))
        self._precheck(self.rules() if rules is None else rules, players, setup)

    def fit(self, sets: tuple, players: int | None = None,
            setup: str | None = None) -> tuple[tuple, int]:
        """``sets`` (``path=value`` overrides of a joint draw) brought within what the
        engine holds by the game's own rule (humanity: raised card counts scaled down
        together to fit the decks), and how many overrides it changed; ``sets`` as given
        where the game names no rule or the draw already fits.  What is still refused
        after it is the caller's to repair (experiments.studies._joint)."""
        if self._fit is None:
            return tuple(sets), 0
        spec = self.spec
        setup = spec.check_setup(setup)
        players = (spec.player_range(setup)[0] if players is None
                   else spec.check_players(players, setup))
        base = self.rules()
        try:
            moved = self._fit(base.with_sets(list(sets)), base, players)
        except (BadInput, KeyError, ValueError, TypeError):
            return tuple(sets), 0  # a draw the rule cannot read: the caller's repair answers
        paths = [t.split("=", 1)[0] for t in sets]
        out = tuple(f"{p}={moved[p]}" if p in moved else t for p, t in zip(paths, sets))
        new = tuple(f"{p}={v}" for p, v in sorted(moved.items()) if p not in paths)
        return out + new, sum(a != b for a, b in zip(out, sets)) + len(new)

    def new_state(self, params: np.ndarray, seed: int = 0, index: int = 0) -> np.ndarray:
        """A fresh initial state (the chance stream of game ``index``)."""
        state = np.zeros(self.spec.state_size, dtype=np.int32)
        self.engine.init(state, params, new_rng(seed, 0, index, 0))
        return state

    def legal_actions(self, state: np.ndarray, params: np.ndarray) -> np.ndarray:
        out = np.zeros(self.spec.num_actions, dtype=np.int32)
        n = self.engine.legal_actions(state, params, out)
        return out[:n].copy()

    def step(self, state: np.ndarray, params: np.ndarray, action: int, rng=None) -> None:
        """Apply ``action`` in place after checking that it is legal."""
        if self.engine.is_terminal(state, params):
            raise BadInput(f"{self.spec.name}: the game is over; no action is legal")
        legal = self.legal_actions(state, params)
        if int(action) not in set(legal.tolist()):
            raise BadInput(
                f"{self.spec.name}: illegal action {action!r}; legal: {legal.tolist()}"
            )
        self.engine.step(state, params, np.int64(action), new_rng() if rng is None else rng)

    def current_player(self, state, params) -> int:
        return int(self.engine.current_player(state, params))

    def is_terminal(self, state, params) -> bool:
        return bool(self.engine.is_terminal(state, params))

    def returns(self, state, params) -> np.ndarray:
        out = np.zeros(int(params[0]), dtype=np.float64)
        self.engine.returns(state, params, out)
        return out

    def scores(self, state, params) -> np.ndarray:
        out = np.zeros(int(params[0]), dtype=np.int64)
        self.engine.scores(state, params, out)
        return out

    def info(self, state, params) -> dict:
        out = np.zeros(len(self.spec.info_columns), dtype=np.int64)
        self.engine.info(state, params, out)
        return dict(zip(self.spec.info_columns, out.tolist()))


#: (game, rules path) -> the names a choice-valued rules entry accepts, recorded as each
#: game compiles its params; the sensitivity study sweeps an assumed choice over them
CHOICES: dict[tuple[str, str], tuple[str, ...]] = {}


def choice(rules: RuleSet, path: str, names) -> int:
    """Read a rules value that names one of ``names``; return its index.

    Every game's params compiler reads its named choices through here, so the valid
    alternatives of each choice are known (``CHOICES``) without a second list to keep.
    """
    names = tuple(names)
    CHOICES[(rules.game, path)] = names
    v = rules[path]
    if v not in names:
        only = " (the only reading the engine plays)" if len(names) == 1 else ""
        raise BadInput(f"{rules.game}: {path} = {v!r} is not valid; valid: "
                       f"{', '.join(names)}{only}")
    return names.index(v)


def int_in(rules: RuleSet, path: str, lo: int, hi: int) -> int:
    """Read an integer rules value and check it lies in [lo, hi]."""
    v = rules[path]
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise BadInput(f"{rules.game}: {path} = {v!r} is out of range; valid: {lo}..{hi}")
    return v
