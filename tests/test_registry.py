"""The registry (simcore.registry) is the one list of games: every registered game has all its
parts, every other list of games is derived from it and agrees with it, engines never import
agents, and no generic module names a game.  Nothing here compiles a kernel."""
import ast
import importlib
from pathlib import Path

import pytest

from simcore import registry

ROOT = Path(__file__).resolve().parent.parent
GAMES = registry.GAMES
HEADLINE_KEYS = {"players", "agents", "setups", "rotate", "metric", "focus", "clan",
                 "conclusion", "read"}
READS = {"seat", "best-agent", "band", "clan"}


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_game_has_all_its_parts(game):
    from agents.spec import parse_agent

    mod = importlib.import_module(f"simcore.{game}")
    spec = mod.SPEC
    assert spec.name == game and spec.game_id == registry.game_id(game)
    assert mod.API.spec is spec and (ROOT / "simcore" / game / "rules.toml").is_file()
    assert (ROOT / "simcore" / game / "engine.py").is_file()
    assert (ROOT / "agents" / "scripted" / f"{game}.py").is_file()
    prof = registry.profile(game)
    assert not set(dir(prof)) & {"njit", "jit", "overload"}, "a profile holds no kernels"
    opts, rate = prof.BEST
    assert isinstance(opts, dict) and rate > 0
    parse_agent("best", spec.personas, game)  # the entry is a valid search for this game
    assert registry.part(game, "COMPILE_SECONDS") > 0
    cell = registry.part(game, "REGRESS_CELL")
    assert cell is None or cell["game"] == game
    h = registry.headline(game)
    assert HEADLINE_KEYS <= set(h) and h["read"] in READS
    if registry.part(game, "CLI_OPTIONS"):
        assert callable(prof.fold_options)
    # the cheap strong player (#32): a valid agent of this game at a count it allows, with
    # the evidence that it beats the scripted players there
    for P, (agent, evidence) in (registry.part(game, "STRONG") or {}).items():
        assert spec.players[0] <= P <= spec.players[1] and "scripted" in evidence
        parse_agent(agent, spec.personas, game)


@pytest.mark.parametrize("game", GAMES)
def test_a_frozen_persona_is_typed_last_and_has_its_player(game):
    """At most one frozen reference persona, the last, and its module exists; the current
    personas are the rest."""
    spec = importlib.import_module(f"simcore.{game}").SPEC
    frozen = [i for i, p in enumerate(spec.personas) if p.frozen]
    assert len(frozen) <= 1
    if frozen:
        assert frozen == [len(spec.personas) - 1] == [spec.frozen_persona]
        name = registry.frozen_module(game, spec.personas[-1]).rsplit(".", 1)[1]
        assert (ROOT / "agents" / "scripted" / f"{name}.py").is_file()
    assert spec.current_personas == tuple(p for p in spec.personas if not p.frozen)


def test_every_list_of_games_agrees_with_the_registry():
    from agents.best import BEST
    from agents.scripted import SCRIPTED
    from experiments.api import by_compile_order
    from experiments.regress import DEFAULT_CELLS
    from simcore import _cache, dispatch
    from simcore.spec import game_names, get_spec
    from tests import conftest

    assert list(GAMES) == game_names() == list(_cache.GAMES) == list(conftest._GAMES)
    assert [dispatch.ENGINES[i][0] for i in range(len(GAMES))] == list(GAMES)
    assert sorted(SCRIPTED) == list(range(len(GAMES)))
    assert list(BEST) == list(GAMES)
    assert sorted(by_compile_order(GAMES)) == sorted(GAMES)
    games = [c["game"] for c in DEFAULT_CELLS]
    assert games == [g for g in GAMES if registry.part(g, "REGRESS_CELL")]
    aliases = registry.aliases()
    assert not set(aliases) & set(GAMES)
    assert sum(len(registry.part(g, "ALIASES")) for g in GAMES) == len(aliases)  # no clash
    assert all(get_spec(a).name == g for a, g in aliases.items())
    dests = [registry.option_dest(f) for _, f, _ in registry.cli_options()]
    assert len(dests) == len(set(dests))


def test_closed_loop_follows_the_spec():
    from simcore import dispatch

    for g in GAMES:
        spec = importlib.import_module(f"simcore.{g}").SPEC
        assert dispatch.closed_loop(spec.game_id) == (not spec.has_chance
                                                     and not spec.hidden_info)


def test_engines_never_import_agents_or_experiments():
    bad = [(str(p.relative_to(ROOT)), m) for p in (ROOT / "simcore").rglob("*.py")
           for m in _imports(p) if m.split(".")[0] in ("agents", "experiments", "cli")]
    assert not bad, bad


def _generic_modules() -> list[Path]:
    """Modules that serve every game: the core, the agents' drivers, the experiment
    machinery and the command line (study modules, which pick their games, are not)."""
    out = sorted((ROOT / "simcore").glob("*.py")) + sorted((ROOT / "agents").glob("*.py"))
    out += [ROOT / "agents" / "scripted" / "__init__.py", ROOT / "cli.py"]
    out += sorted((ROOT / "experiments").glob("*.py"))
    return [p for p in out if p.name != "registry.py"]


def test_no_generic_module_names_a_game():
    names = set(GAMES) | set(registry.aliases())
    found = [(str(p.relative_to(ROOT)), n.lineno, n.value) for p in _generic_modules()
             for n in ast.walk(ast.parse(p.read_text()))
             if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in names]
    assert not found, found


def test_a_frozen_player_compiles_only_when_asked():
    """The frozen reference persona needs its own compile key; a plan of current personas
    never asks for it (so the default arena never compiles the old code)."""
    from agents.spec import compile_key, parse_agents
    from simcore import dispatch

    spec = importlib.import_module("simcore.court").SPEC
    now = parse_agents("scripted", 4, spec.personas, "court")
    old = parse_agents("scripted:legacy,scripted,scripted,scripted", 4, spec.personas, "court")
    mix = parse_agents("mcts:opp=mix", 4, spec.personas, "court")
    assert compile_key(spec, [a.row for a in now]) == spec.key
    assert compile_key(spec, [a.row for a in mix]) == spec.key
    k = compile_key(spec, [a.row for a in old])
    assert k == dispatch.frozen_key(spec.key) and dispatch.frozen(k)
    assert dispatch.game_id(k) == spec.game_id and not dispatch.random_only(k)
    src = (ROOT / "agents" / "scripted" / "court.py").read_text()
    assert "court_legacy" not in _imports(ROOT / "agents" / "scripted" / "court.py") and \
        "import court_legacy" not in src


def test_a_persona_pickles_with_its_type():
    import pickle

    from simcore.spec import Persona

    p = pickle.loads(pickle.dumps(Persona("legacy", frozen=True)))
    assert p == "legacy" and p.frozen and not Persona("x").frozen


def test_warmup_knows_which_runs_need_the_frozen_arena():
    """The report warms the frozen player's arena exactly for the games whose cells play it
    (a second arena: about 0.6 of the first one's compile), longest first."""
    from experiments.api import by_compile_order, needs_frozen

    assert needs_frozen("court", ("scripted:legacy", "scripted", "scripted"))
    assert needs_frozen("darkleaf", ("mcts:persona=legacy", "random"))
    assert not needs_frozen("court", ("scripted", "mcts:opp=mix", "best:iters=4"))
    assert not needs_frozen("frontier", ("scripted",))  # its default persona only
    order = by_compile_order(["tictactoe", "court:frozen", "darkleaf", "court"])
    assert order == ["darkleaf", "court", "court:frozen", "tictactoe"]


def test_warmup_knows_which_runs_need_the_value_arena():
    """#32: the report warms the arena holding the value agent exactly for the games whose
    cells play it (a strong table of `value`, a search scoring leaves by it)."""
    from experiments.api import VALUE_JOB, needs_value

    assert needs_value("connect4", ("value", "value"))
    assert needs_value("court", ("best:v2", "scripted", "scripted"))
    assert not needs_value("court", ("scripted", "best:iters=4", "scripted:eps=0.5"))
    assert VALUE_JOB == ":value"


def test_the_first_look_waits_for_every_arena_it_plays(monkeypatch):
    """The report's first look (court's seat tables, whose strong table is court's
    ``value``) waits for both of court's warmup jobs, "court" and "court:value", which lead
    the compile order; it is called once, after both and before the other games, so it
    never compiles an arena inside the games' time."""
    from experiments import api
    from experiments.report import _first_look_plan, _look_jobs
    from experiments.studies import winrates

    look = _first_look_plan({"winrates": winrates.build("quick", 0)}, Path("/nonexistent"),
                            True)
    assert look.cells[0].game == "court" and _look_jobs(look) == ["court", "court:value"]
    assert api.by_compile_order(["darkleaf", "court:value", "tictactoe", "court"],
                                ["court", "court:value"])[:2] == ["court", "court:value"]
    events = []
    monkeypatch.setattr(api, "_warm_one", lambda job: events.append(job) or 0.0)
    from simcore import _cache

    monkeypatch.setattr(_cache, "prune", list)
    api.warmup(["court", "darkleaf"], echo=lambda *_: None, jobs=1, value=["court"],
               first=["court", "court:value"], on_first=lambda g: events.append(f"look {g}"))
    look_at = events.index("look court")
    assert events.count("look court") == 1
    assert {"court", "court:value"} <= set(events[:look_at]) and "darkleaf" in events[look_at:]
