"""Agent spec strings, parsed in one place.

``random``, ``scripted``, ``scripted:persona=free-rider`` (or ``scripted:free-rider``;
``scripted:eps=0.1`` plays a uniformly random legal action in a tenth of its decisions),
``mcts``, ``mcts:iters=400,c=1.4,rollout=scripted,depth=0,eps=0.1,prior=0.5,opp=mix``
(``leaf=value``: capped rollouts scored by the learned position value, not ``evaluate``;
``vprior=W``: the root's actions biased by their learned values, agents.mcts), and
``best`` / ``best:ms=50`` / ``best:iters=N`` (the game's strongest measured search,
agents.best; ``best:v1`` the same, ``best:v2`` it with the learned value: :data:`V2` and
the profile's ``BEST_V2``), and
``value`` / ``value:samples=4`` (one ply over the learned position value, agents.value).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from agents.layout import (
    A_C,
    A_DEPTH,
    A_EPS,
    A_ITERS,
    A_KIND,
    A_NW,
    A_OPP,
    A_PERSONA,
    A_PRIOR,
    A_REPLY,
    A_ROLLOUT,
    A_SAMPLES,
    A_VPRIOR,
    A_VREPLY,
    A_VSAMPLES,
    A_VTURN,
    A_W0,
    AGENT_SIZE,
    KIND_NAMES,
    MAX_WEIGHTS,
    MCTS,
    RANDOM,
    SCRIPTED,
    VALUE,
)
from simcore.spec import BadInput

MCTS_DEFAULTS = {"iters": 400, "c": 1.4, "rollout": "random", "depth": 0, "eps": 0.0,
                 "prior": 0.0, "opp": "same", "leaf": "evaluate", "vprior": 0.0}
BEST_VERSIONS = ("v1", "v2")  # best:v1 today's entry; best:v2 it with the learned value
# best:v2 over best: capped rollouts scored by the learned value, and the root's actions
# biased by it (a game's profile BEST_V2 adds its own, e.g. a depth cap)
V2 = {"leaf": "value", "vprior": 4.0}
SPEC_KINDS = KIND_NAMES + ("best",)  # what may start an agent spec
MAX_ITERS = 1_000_000


@dataclass(frozen=True)
class AgentSpec:
    """A parsed agent: its canonical spec string and its row for the kernels."""

    text: str
    row: np.ndarray

    @property
    def kind(self) -> str:
        return KIND_NAMES[int(self.row[A_KIND])]

    @property
    def iters(self) -> int:
        return int(self.row[A_ITERS]) if int(self.row[A_KIND]) == MCTS else 0


def _persona(value: str, personas: tuple) -> int:
    v = value.strip().lower()
    if v not in personas:
        raise BadInput(f"unknown persona {value!r}; valid: {', '.join(personas)}")
    return personas.index(v)


def parse_agent(text: str, personas: tuple = ("default",), game: str | None = None,
                players: int | None = None) -> AgentSpec:
    """Parse one agent spec string; raise :class:`BadInput` naming the bad part.

    ``game`` (a registered name) is needed only for ``best`` and the learned value;
    ``players``, where known, picks the learned value's weights fitted for that table size
    (agents/weights/GAME.json ``by_players``) over the weights fitted on every count."""
    raw = str(text).strip()
    kind, _, rest = raw.partition(":")
    kind = kind.strip().lower()
    if kind not in SPEC_KINDS:
        raise BadInput(f"unknown agent {text!r}; valid: random, scripted[:persona,eps=X], "
                       "mcts[:iters=N,c=X,rollout=random|scripted,depth=N,eps=X,prior=X,"
                       "opp=same|mix,leaf=evaluate|value,vprior=W], "
                       "best[:v1|v2,ms=T|iters=N], value[:samples=N,reply=R,prior=X,persona=P]")
    row = np.zeros(AGENT_SIZE, dtype=np.float64)
    opts = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        k, eq, v = part.partition("=")
        if not eq:
            if kind == "scripted":
                k, v = "persona", k
            elif kind == "best" and k.strip().lower() in BEST_VERSIONS:
                k, v = "version", k
            else:
                raise BadInput(f"agent {text!r}: option {part!r} needs key=value")
        k = k.strip().lower()
        if k in opts:  # last-wins would hide a typo or a pasted second value
            raise BadInput(f"agent {text!r}: option {k!r} is given twice")
        opts[k] = v.strip()
    if kind == "best":
        from agents.best import BEST, best_options

        if game not in BEST:
            raise BadInput(f"agent {text!r}: best is defined per game; valid games: "
                           + ", ".join(BEST))
        bad = set(opts) - set(MCTS_DEFAULTS) - {"ms", "persona", "version"}
        if bad:
            raise BadInput(f"agent {text!r}: unknown option {sorted(bad)[0]!r}; valid: ms, "
                           + ", ".join(sorted(MCTS_DEFAULTS)) + ", or v1/v2")
        version = opts.pop("version", "v1").lower()
        if version == "v2":  # the same search with the learned value (V2, profile BEST_V2)
            from simcore import registry

            if "leaf" in opts:
                raise BadInput(f"agent {text!r}: v2 sets leaf=value; give one or the other")
            opts = {**V2, **registry.part(game, "BEST_V2"), **opts}  # the spec's own win
        if "ms" in opts:
            try:
                ms = float(opts["ms"])
            except ValueError:
                ms = float("nan")
            top = MAX_ITERS / BEST[game][1] * 1000.0
            if not 0 < ms <= top:  # NaN and inf fail here too
                raise BadInput(f"agent {text!r}: ms={opts['ms']} out of range; valid: a "
                               f"number of milliseconds in (0, {top:g}]")
        opts = {k: str(v) for k, v in best_options(game, opts).items()}
        a = parse_agent("mcts:" + ",".join(f"{k}={v}" for k, v in opts.items()), personas,
                        game, players)
        return AgentSpec("best:" + a.text.partition(":")[2], a.row)
    if kind == "value":
        return _value_agent(text, opts, game, players, personas)
    if kind == "random":
        if opts:
            raise BadInput(f"agent {text!r}: random takes no options")
        row[A_KIND] = RANDOM
        return AgentSpec("random", row)
    if kind == "scripted":
        bad = set(opts) - {"persona", "eps"}
        if bad:
            raise BadInput(f"agent {text!r}: unknown option {sorted(bad)[0]!r}; valid: "
                           "persona, eps")
        p = _persona(opts.get("persona", personas[0]), personas)
        try:
            eps = float(opts.get("eps", 0.0))
        except ValueError:
            eps = float("nan")
        if not 0.0 <= eps <= 1.0:  # NaN fails here too
            raise BadInput(f"agent {text!r}: eps={opts.get('eps')} out of range; valid: a "
                           "number in 0..1 (the share of decisions played at random)")
        row[A_KIND] = SCRIPTED
        row[A_PERSONA] = p
        row[A_EPS] = eps
        name = "scripted" if p == 0 else f"scripted:{personas[p]}"
        if eps:
            name += (":" if p == 0 else ",") + f"eps={eps:g}"
        return AgentSpec(name, row)
    # mcts
    valid = set(MCTS_DEFAULTS) | {"persona"}
    bad = set(opts) - valid
    if bad:
        raise BadInput(f"agent {text!r}: unknown option {sorted(bad)[0]!r}; "
                       f"valid: {', '.join(sorted(valid))}")
    o = {**MCTS_DEFAULTS, **opts}
    try:
        iters = int(o["iters"])
        c = float(o["c"])
        depth = int(o["depth"])
        eps = float(o["eps"])
        prior = float(o["prior"])
        vprior = float(o["vprior"])
    except ValueError:
        raise BadInput(f"agent {text!r}: iters and depth must be integers, c, eps, prior and "
                       "vprior numbers") from None
    if not 0.0 <= eps <= 1.0:
        raise BadInput(f"agent {text!r}: eps={eps} out of range; valid: 0..1")
    if not 1 <= iters <= MAX_ITERS:
        raise BadInput(f"agent {text!r}: iters={iters} out of range; valid: 1..{MAX_ITERS}")
    if not (c >= 0 and np.isfinite(c)):
        raise BadInput(f"agent {text!r}: c={c} must be a finite number >= 0")
    if not (prior >= 0 and np.isfinite(prior)):
        raise BadInput(f"agent {text!r}: prior={prior} must be a finite number >= 0 (0: none)")
    if depth < 0:
        raise BadInput(f"agent {text!r}: depth={depth} must be >= 0 (0: no cap)")
    if not (vprior >= 0 and np.isfinite(vprior)):
        raise BadInput(f"agent {text!r}: vprior={vprior} must be a finite number >= 0 "
                       "(0: none)")
    rollout = str(o["rollout"]).lower()
    if rollout not in ("random", "scripted"):
        raise BadInput(f"agent {text!r}: rollout={rollout!r}; valid: random, scripted")
    leaf = str(o["leaf"]).lower()
    if leaf not in ("evaluate", "value"):
        raise BadInput(f"agent {text!r}: leaf={leaf!r}; valid: evaluate, value")
    if leaf == "value" or vprior > 0:
        w = _weights(text, game, players)
        row[A_NW] = w.size
        row[A_W0:A_W0 + w.size] = w
    if vprior > 0:  # the root's actions valued as the game's plain ``value`` values them
        v = _value_agent("value", {}, game, players, personas).row
        row[A_VPRIOR] = vprior
        row[A_VSAMPLES] = v[A_SAMPLES]
        row[A_VTURN] = v[A_DEPTH]
        row[A_VREPLY] = v[A_REPLY]
    opp = str(o["opp"]).lower()
    if opp not in ("same", "mix"):
        raise BadInput(f"agent {text!r}: opp={opp!r}; valid: same, mix")
    # opp=mix draws rivals' personas among the current ones (a frozen reference persona,
    # always last, is a yardstick, not a style to expect); with one persona it changes
    # nothing
    current = sum(not getattr(p, "frozen", False) for p in personas)
    mix = current if opp == "mix" and current > 1 else 0
    p = _persona(o.get("persona", personas[0]), personas)
    row[A_KIND] = MCTS
    row[A_ITERS] = iters
    row[A_C] = c
    row[A_ROLLOUT] = 0 if rollout == "random" else 1
    row[A_DEPTH] = depth
    row[A_PERSONA] = p
    row[A_EPS] = eps
    row[A_PRIOR] = prior
    row[A_OPP] = mix
    name = f"mcts:iters={iters},c={c:g},rollout={rollout}"
    if depth:
        name += f",depth={depth}"
    if eps:
        name += f",eps={eps:g}"
    if prior:
        name += f",prior={prior:g}"
    if mix:
        name += ",opp=mix"
    if leaf == "value":
        name += ",leaf=value"
    if vprior:
        name += f",vprior={vprior:g}"
    if p:
        name += f",persona={personas[p]}"
    return AgentSpec(name, row)


def _weights(text: str, game: str | None, players: int | None = None) -> np.ndarray:
    """``game``'s fitted position-value weights (agents/weights/GAME.json) for agent ``text``
    (the ``value`` agent, or a search with ``leaf=value``): those fitted for ``players``
    alone where the file has them (``train --own P``), else those fitted on every count."""
    from agents.value import weights_for

    w = weights_for(game, players) if game else None
    if w is None:
        raise BadInput(f"agent {text!r}: no fitted weights for {game!r}; run "
                       f"`darkbalance train {game}` first" if game else
                       f"agent {text!r}: the learned value is defined per game")
    w = np.asarray(w, np.float64)
    if not 0 < w.size <= MAX_WEIGHTS:
        raise BadInput(f"{game} weights: {w.size} weights; valid: 1..{MAX_WEIGHTS}")
    return w


def _value_agent(text: str, opts: dict, game: str | None,
                 players: int | None = None, personas: tuple = ("default",)) -> AgentSpec:
    """``value[:samples=N,turn=T,reply=R,prior=X,persona=P]``: the game's fitted weights
    (agents/weights/GAME.json) in the row; options the spec leaves out take the game's own
    defaults (profile ``VALUE``), then agents/value.py's.  The name shows only options that
    differ from the game's defaults, so plain ``value`` is each game's tuned player.
    ``persona`` is the scripted persona whose choice stands within ``prior`` and which
    plays the lines (the first persona by default): a persona's style played strongly."""
    from agents.value import DEFAULT_PRIOR, DEFAULT_REPLY, DEFAULT_SAMPLES, DEFAULT_TURN

    bad = set(opts) - {"samples", "turn", "reply", "prior", "persona"}
    if bad:
        raise BadInput(f"agent {text!r}: unknown option {sorted(bad)[0]!r}; valid: samples, "
                       "turn, reply, prior, persona")
    p = _persona(opts.get("persona", personas[0]), personas)
    w = _weights(text, game, players)
    base = {"samples": DEFAULT_SAMPLES, "turn": DEFAULT_TURN, "reply": DEFAULT_REPLY,
            "prior": DEFAULT_PRIOR}
    if game is not None:  # the game's own defaults (profile VALUE), where it names them
        from simcore import registry

        base.update(registry.part(game, "VALUE"))
    samples = _option(text, opts, base, "samples", 1, 64)
    turn = _option(text, opts, base, "turn", 0, 256, " (own decisions played by the "
                       "script after the action; 0: none)")
    reply = _option(text, opts, base, "reply", 0, 16, " (the other seats' decisions "
                        "played by the script after the agent's turn; 0: none)")
    prior = _option(text, opts, base, "prior", 0.0, 1.0, " (the value margin another action "
                    "needs over the scripted one; 0: none)", kind=float)
    row = np.zeros(AGENT_SIZE, dtype=np.float64)
    row[A_KIND] = VALUE
    row[A_SAMPLES] = samples
    row[A_DEPTH] = turn
    row[A_REPLY] = reply
    row[A_PRIOR] = prior
    row[A_PERSONA] = p
    row[A_NW] = w.size
    row[A_W0:A_W0 + w.size] = w
    extra = [f"samples={samples}"] if samples != base["samples"] else []
    extra += [f"turn={turn}"] if turn != base["turn"] else []
    extra += [f"reply={reply}"] if reply != base["reply"] else []
    extra += [f"prior={prior:g}"] if prior != base["prior"] else []
    extra += [f"persona={personas[p]}"] if p else []
    name = "value" + (":" + ",".join(extra) if extra else "")
    return AgentSpec(name, row)


def _option(text: str, opts: dict, base: dict, name: str, lo, hi, meaning: str = "",
            kind=int):
    """Option ``name`` of agent ``text`` as a ``kind`` (int or float) in lo..hi (``base``'s
    where not given); anything else, NaN included, is refused with one line."""
    try:
        v = kind(opts.get(name, base[name]))
    except ValueError:
        v = float("nan")
    if not lo <= v <= hi:  # NaN fails here too
        raise BadInput(f"agent {text!r}: {name}={opts.get(name)} out of range; valid: "
                       f"{lo:g}..{hi:g}{meaning}")
    return v


def compile_key(spec, rows) -> int:
    """The compile key (simcore.dispatch) of game ``spec`` for agent ``rows``: the game's
    key, asking for its frozen reference player only when some non-random agent plays (or
    searches as) that persona, and for the ``value`` agent only when one plays, so no other
    run compiles them."""
    from simcore import dispatch

    k = spec.key
    f = spec.frozen_persona
    if f >= 0 and any(int(r[A_KIND]) != RANDOM and int(r[A_PERSONA]) == f for r in rows):
        k = dispatch.frozen_key(k)
    if any(int(r[A_KIND]) == VALUE or (int(r[A_KIND]) == MCTS and r[A_NW] > 0) for r in rows):
        k = dispatch.value_key(k)  # the value agent, or a search scoring leaves by it
    return k


def parse_agents(texts, players: int, personas: tuple = ("default",), game: str | None = None
                 ) -> list[AgentSpec]:
    """Parse a list (or comma-free ``A/B`` list) of specs for ``players`` seats.

    One spec is repeated for every seat; otherwise exactly one per seat is needed.
    """
    if isinstance(texts, str):
        texts = split_agents(texts)
    texts = list(texts)
    if not texts:
        raise BadInput("no agents given; valid: random, scripted, mcts[:options]")
    specs = [parse_agent(t, personas, game, players) for t in texts]
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise BadInput(f"{len(specs)} agents given for {players} players; give 1 or {players}")
    return specs


def split_agents(text: str) -> list[str]:
    """Split ``"mcts:iters=50,c=1,random"`` into agent specs.

    Commas separate agents *and* mcts options, so a comma starts a new agent only
    when what follows is an agent kind (``random``, ``scripted``, ``mcts``).
    """
    out: list[str] = []
    for part in str(text).split(","):
        p = part.strip()
        head = p.split(":", 1)[0].strip().lower()
        if not out or head in SPEC_KINDS:
            out.append(p)
        else:
            out[-1] += "," + p
    return out
