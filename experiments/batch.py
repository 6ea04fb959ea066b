"""Batches of games: validate a plan, play it in the compiled arena, tidy the rows.

The bottom of experiments/: the study runner (execute), the comparisons and the Python
API (experiments.api, which re-exports what is public here) all play through it."""
from __future__ import annotations

import time
from contextlib import nullcontext

import numpy as np
import pandas as pd

from agents.layout import MCTS, RANDOM
from agents.spec import AgentSpec, compile_key, parse_agents, split_agents
from experiments.arena import play_games, seatings
from experiments.env import ARENAS, env_arena
from experiments.progress import heartbeat
from simcore import dispatch
from simcore.rules import RuleSet
from simcore.spec import BadInput, get_game

MAX_SEED = 2**63 - 1
# one simulate call holds every game's row in memory (~0.5 kB a game with the table):
# more than this is a study's job, which plays in chunks
MAX_GAMES = 10_000_000


def check_int(name: str, v, lo: int, hi: int = MAX_SEED) -> int:
    """``v`` as an int in lo..hi, or :class:`BadInput` naming ``name`` and the range."""
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not lo <= int(v) <= hi:
        raise BadInput(f"{name} must be an integer in {lo}..{hi}, got {v!r}")
    return int(v)


def check_games(games, name: str = "games", lo: int = 0) -> int:
    """A game count for one in-memory run (lo..MAX_GAMES), or one BadInput line."""
    if isinstance(games, (int, np.integer)) and not isinstance(games, bool) \
            and int(games) > MAX_GAMES:
        raise BadInput(f"{name} {games:,} is more than one run holds in memory (at most "
                       f"{MAX_GAMES:,}); run a study for more, it plays in chunks")
    return check_int(name, games, lo)


def check_threads(threads, name: str = "--threads") -> int | None:
    """A numba thread count (1..the cores numba sees), None for all; one BadInput line."""
    if threads is None:
        return None
    import numba

    return check_int(name, threads, 1, numba.config.NUMBA_NUM_THREADS)


class Plan:
    """A validated batch: game, params, agents by seat, seatings; built by :func:`plan`."""

    def __init__(self, game, params, rules, agents, perms, setup, players):
        self.module = game
        self.spec = game.SPEC
        self.params = params
        self.rules = rules
        self.agents = agents  # distinct AgentSpec list; perms index it
        self.perms = perms
        self.setup = setup
        self.players = players
        self.resolved: list[str] = []  # "agent X plays as Y" lines (see resolutions)

    @property
    def has_mcts(self) -> bool:
        return any(a.row[0] == MCTS for a in self.agents)

    @property
    def random_only(self) -> bool:
        return all(a.row[0] == RANDOM for a in self.agents)


#: which compiled arena plays a plan: ``auto`` (random-player plans take the random-only
#: arena unless only the full one is ready), ``full`` (always the arena with every agent
#: kind), ``random`` (the random-only arena; random players only).  The environment
#: variable DARKBALANCE_ARENA=full turns ``auto`` into ``full`` (experiments.env).


def arena_key(p: Plan, arena: str, ready) -> int:
    """The compile key ``run_plan`` plays plan ``p`` with; ``ready(key)`` says whether that
    key's arena needs no compiling.  A random-player plan compiles only the engine and
    random play (``dispatch.random_key``), about half of a long game's cold compile, but
    reuses the full arena where that one is ready and the random-only one is not."""
    if arena not in ARENAS:
        raise BadInput(f"arena {arena!r}; valid: {', '.join(ARENAS)}")
    if arena == "auto" and env_arena() == "full":
        arena = "full"
    full = compile_key(p.spec, [a.row for a in p.agents])
    if arena == "random" and not p.random_only:
        raise BadInput("arena 'random' plays random players only; agents: "
                       + ", ".join(a.text for a in p.agents))
    if arena == "full" or not p.random_only:
        return full
    rk = dispatch.random_key(full)
    return rk if arena == "random" or ready(rk) or not ready(full) else full


def plan(game: str, agents="random", players: int | None = None, setup: str | None = None,
         rules: RuleSet | str | None = None, sets=(), rotate: bool = True) -> Plan:
    """Validate everything about a batch before any game is played.

    Parameters
    ----------
    game : str
        Registered game name.
    agents : str or list of str
        One spec for every seat, or one per seat (``"mcts:iters=200,random"``).
    players : int, optional
        Player count (default: the game's minimum).
    setup : str, optional
        Named setup / variant / scenario (default: the game's first).
    rules : RuleSet or path, optional
        Rules to use (default: the game's rules.toml); a path is an override file.
    sets : sequence of str
        ``path=value`` overrides applied on top.
    rotate : bool
        Rotate seats so every distinct seating gets equal games (default); if
        False, agents keep the seats they were given in.
    """
    mod = get_game(game)
    spec = mod.SPEC
    players = spec.players[0] if players is None else spec.check_players(players)
    setup = spec.check_setup(setup)
    if isinstance(rules, RuleSet):
        rs = rules.with_sets(list(sets)) if sets else rules
    else:
        rs = mod.API.rules(rules, sets)
    params = mod.API.params(players, setup, rs)
    specs: list[AgentSpec] = parse_agents(agents, players, spec.personas, spec.name)
    distinct: list[AgentSpec] = []
    for a in specs:
        if a.text not in [d.text for d in distinct]:
            distinct.append(a)
    ids = [[d.text for d in distinct].index(a.text) for a in specs]
    perms = seatings(ids) if rotate else np.asarray([ids], dtype=np.int32)
    p = Plan(mod, params, rs, distinct, perms, setup, players)
    p.resolved = resolutions(agents, specs)
    if any(a.kind == "value" for a in distinct):
        from agents.value import rules_note

        note = rules_note(spec, players, setup, params)
        if note:
            p.resolved.append(note)
    return p


def resolutions(given, specs) -> list[str]:
    """One line per agent spec that stands for other options than it spells (``best``,
    defaults filled in, a time budget turned into simulations), so output says who played."""
    texts = split_agents(given) if isinstance(given, str) else [str(t) for t in given]
    if len(texts) == 1:
        texts = texts * len(specs)
    out = []
    for t, a in zip(texts, specs):
        norm = t.strip().lower().replace(" ", "")
        line = f"agent {t.strip()!r} plays as {a.text!r}"
        if norm != a.text and line not in out:
            out.append(line)
    return out


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM turned into it) stopped :func:`run_plan` between blocks: ``raw``
    holds the ``done`` games finished before it (the first ``done`` game indices, whole),
    ``games`` the games asked for."""

    def __init__(self, done: int, games: int, raw: dict):
        super().__init__(f"interrupted after {done:,} of {games:,} games")
        self.done, self.games, self.raw = done, games, raw

    def __reduce__(self):  # crosses process boundaries (loky, dask) like any exception
        return (Interrupted, (self.done, self.games, self.raw))


def run_plan(p: Plan, games: int, seed: int = 0, cell: int = 0, first_index: int = 0,
             threads: int | None = None, progress=None, check: bool = False,
             record: bool = False, count_kinds: bool = False,
             arena: str = "auto", block: int | None = None,
             target_s: float | None = None) -> dict[str, np.ndarray]:
    """Play games ``first_index .. first_index+games-1`` of a plan; return raw arrays.

    The games are played in blocks (one compiled call each) so ``progress`` moves:
    ``progress`` is called with the number of games finished after each block.  Each block
    is sized from the rate measured on the last one to take about ``target_s`` seconds
    (default 2 s with a search player, 0.5 s without; a search block holds at least one
    game per thread); ``block`` fixes the size instead.  Results do not depend on the
    blocks: every game's streams come from (seed, cell, game index) alone.  Ctrl-C stops
    the run after the block in flight and raises :class:`Interrupted` with the games
    finished before it.
    ``check`` runs the arena in conformance mode: ``raw["check"]`` holds each game's
    first contract violation as (code, step), see experiments.arena.CHECK_CODES.
    ``record`` adds ``raw["trace"]`` (games, max_game_length): every action taken, -1
    after the end.  ``count_kinds`` adds ``raw["kinds"]`` (games, players, kinds): each
    seat's decisions by the game's action kinds (SPEC.action_kinds).
    """
    import numba

    from experiments.arena import CHECK, COUNT, RECORD

    games = check_int("games", games, 0)
    seed = check_int("seed", seed, 0)
    spec = p.spec
    threads = check_threads(threads, "threads") or numba.config.NUMBA_NUM_THREADS
    numba.set_num_threads(threads)
    nthreads = numba.get_num_threads()
    P = p.players
    n_info = len(spec.info_columns)
    out = {
        "returns": np.zeros((games, P), np.float64),
        "scores": np.zeros((games, P), np.int64),
        "length": np.zeros(games, np.int32),
        "info": np.zeros((games, n_info), np.int64),
        "seat_agent": np.zeros((games, P), np.int32),
        "truncated": np.zeros(games, np.bool_),
    }
    mode = 0
    extra = {}
    for flag, bit, name, shape, dtype in (
            (check, CHECK, "check", (2,), np.int64),
            (record, RECORD, "trace", (spec.max_game_length,), np.int32),
            (count_kinds, COUNT, "kinds", (P, len(spec.action_kinds)), np.int32)):
        if flag:
            mode |= bit
            out[name] = np.zeros((games,) + shape, dtype)
        extra[name] = out[name] if flag else np.zeros((1,) + (1,) * len(shape), dtype)
    agents = np.stack([a.row for a in p.agents])
    chunk = 1 if p.has_mcts else max(1, min(256, games // (8 * nthreads) or 1))
    fixed = block is not None
    if fixed:
        block = check_int("block", block, 1)
    # a search game can take seconds: start with one game per thread and grow from there
    lo = nthreads if p.has_mcts else 1
    block = block if fixed else (lo if p.has_mcts else 4096)
    target_s = (2.0 if p.has_mcts else 0.5) if target_s is None else float(target_s)
    def args(done, n):
        sl = slice(done, done + n)
        return (p.params, np.uint64(seed), np.uint64(cell),
                np.int64(first_index + done), np.int64(n), agents, p.perms,
                np.int64(min(chunk, n)), spec.state_size, spec.num_actions,
                spec.max_game_length, n_info,
                out["returns"][sl], out["scores"][sl], out["length"][sl],
                out["info"][sl], out["seat_agent"][sl], out["truncated"][sl],
                np.int64(mode), *(v[sl] if k in out else v for k, v in extra.items()))

    key = arena_key(p, arena, lambda k: dispatch.available(play_games, k, *args(0, 1)))
    done = 0
    # a search block can outlast the bar's interval (a darkleaf `best` game: ~12 s): beat
    beats = heartbeat(progress) if p.has_mcts else nullcontext(progress)
    try:
        with beats as tick:
            while done < games:
                n = min(block, games - done)
                t0 = time.perf_counter()
                dispatch.call(play_games, key, *args(done, n))
                dt = time.perf_counter() - t0
                done += n
                if tick is not None:
                    tick(n)
                if not fixed:
                    block = next_block(n, dt, target_s, lo)
    except KeyboardInterrupt:
        # a signal waits until the compiled call returns, so games [0, done) are whole
        raise Interrupted(done, games, {k: v[:done] for k, v in out.items()}) from None
    return out


def next_block(n: int, dt: float, target_s: float, lo: int = 1) -> int:
    """Games for the next block after ``n`` took ``dt`` s: about ``target_s`` s at the
    measured rate, a multiple of ``lo`` (the threads, for search) and at most 16 times the
    last block (the first one's time may include compiling)."""
    want = n * target_s / dt if dt > 0 else n * 16
    want = int(min(want, n * 16, 1 << 20))
    return max(lo, want // lo * lo)


def to_frame(p: Plan, raw: dict, seed: int, first_index: int = 0) -> pd.DataFrame:
    """Tidy one-row-per-game DataFrame (docs/design.md "Names and result columns")."""
    spec = p.spec
    n = raw["length"].shape[0]
    P = p.players
    names = np.array([a.text for a in p.agents], dtype=object)
    cols: dict[str, object] = {
        "game": np.full(n, spec.name, dtype=object),
        "version": np.full(n, spec.version, dtype=np.int32),
        "setup": np.full(n, p.setup, dtype=object),
        "players": np.full(n, P, dtype=np.int32),
        "seed": np.full(n, seed, dtype=np.int64),
        "game_index": np.arange(first_index, first_index + n, dtype=np.int64),
    }
    for s in range(P):
        cols[f"agent_{s}"] = names[raw["seat_agent"][:, s]]
    for s in range(P):
        cols[f"return_{s}"] = raw["returns"][:, s]
    for s in range(P):
        cols[f"score_{s}"] = raw["scores"][:, s]
    ret = raw["returns"]
    top = ret.max(axis=1) if P else np.zeros(n)
    sole = (ret == 1.0).sum(axis=1) == 1
    cols["winner"] = np.where(sole & (top == 1.0), ret.argmax(axis=1), -1).astype(np.int32)
    cols["length"] = raw["length"]
    info = raw["info"]
    reasons = np.array(list(spec.end_reasons) + ["?"], dtype=object)
    for k, name in enumerate(spec.info_columns):
        if name == "end_reason":
            codes = np.clip(info[:, k], 0, len(spec.end_reasons))
            lab = reasons[codes]
            cols[name] = np.where(raw["truncated"], "truncated", lab)
        else:
            cols[name] = info[:, k]
    cols["truncated"] = raw["truncated"]
    if "kinds" in raw:  # decisions by action kind, counted inside the compiled loop
        for s in range(P):
            for k in range(len(spec.action_kinds)):
                cols[f"decisions_{s}_{k}"] = raw["kinds"][:, s, k]
    return pd.DataFrame(cols)


def simulate(game: str, agents="random", games: int = 1000, seed: int = 0,
             players: int | None = None, setup: str | None = None, rules=None, sets=(),
             threads: int | None = None, rotate: bool = True, first_index: int = 0,
             cell: int = 0, progress=None, arena: str = "auto",
             count_kinds: bool = False) -> pd.DataFrame:
    """Play ``games`` games and return one tidy row per game.

    Parameters
    ----------
    game : str
        ``tictactoe``, ``connect4``, ... (see ``darkbalance games``).
    agents : str or list of str
        Agent specs: one for all seats or one per seat.
    games, seed : int
        How many games, and the run seed (results are a pure function of
        (seed, cell, game index, plan), whatever ``threads``).
    players, setup, rules, sets, rotate
        See :func:`plan`.
    threads : int, optional
        numba threads (default: all).
    arena : str
        Which compiled arena plays (:data:`ARENAS`): ``auto`` plays an all-random plan on
        the random-only arena (compiles no search or scripted player); results are the
        same on either.
    count_kinds : bool
        Add ``decisions_<seat>_<k>``: the seat's decisions of action kind ``k``
        (``SPEC.action_kinds``) in each game.

    Returns
    -------
    pandas.DataFrame
        Columns game, version, setup, players, seed, game_index, agent_<s>,
        return_<s>, score_<s>, winner, length, then the game's info columns
        (rounds, end_reason, ...), then truncated.

    Examples
    --------
    >>> df = simulate("connect4", "mcts:iters=50,random", games=10, seed=1)
    """
    p = plan(game, agents, players, setup, rules, sets, rotate)
    games = check_games(games)
    first_index = check_int("first_index", first_index, 0)
    raw = run_plan(p, games, seed, cell, first_index, threads, progress, arena=arena,
                   count_kinds=count_kinds)
    return to_frame(p, raw, seed, first_index)
