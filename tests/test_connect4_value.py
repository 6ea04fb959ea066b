"""The learned position value (agents/value.py), its fit (experiments/train.py) and the
`value` agent, on connect four: small, closed-loop, and easy to count by hand."""
import json

import numpy as np
import pytest

import simcore.connect4 as C4
from agents import value as V
from simcore.connect4 import API
from simcore.connect4 import layout as L
from simcore.connect4.features import FEATURES, features


def _drop(state, params, cols):
    for c in cols:
        API.step(state, params, c)


def _features_by_windows(state, params, seat):
    """FEATURES counted window by window from the cells (the rule as features.py's
    docstring states it), for boards of any size and line."""
    rows, cols, line = (int(params[k]) for k in (L.P_ROWS, L.P_COLS, L.P_LINE))
    h = rows + 1

    def disc(c, r):
        b = 1 << (c * h + r)
        for s_ in (0, 1):
            w = (int(np.uint32(state[L.B0 + 2 * s_])) |
                 (int(np.uint32(state[L.B0 + 2 * s_ + 1])) << 32))
            if w & b:
                return s_
        return -1
    cnt = [0] * 6
    for c0 in range(cols):
        for r0 in range(rows):
            for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(c0 + dc * k, r0 + dr * k) for k in range(line)]
                if not all(0 <= c < cols and 0 <= r < rows for c, r in cells):
                    continue
                who = [disc(c, r) for c, r in cells]
                nm, ny = who.count(seat), who.count(1 - seat)
                empty = [(c, r) for (c, r), w in zip(cells, who) if w < 0]
                playable = any(state[L.HEIGHT + c] == r for c, r in empty)
                if nm and ny:
                    continue
                if nm == line - 1:
                    cnt[0] += 1
                    cnt[2] += playable
                elif ny == line - 1:
                    cnt[1] += 1
                    cnt[3] += playable
                elif nm == line - 2:
                    cnt[4] += 1
                elif ny == line - 2:
                    cnt[5] += 1
    mid = range((cols - 1) // 2, cols // 2 + 1)
    cells = [(c, r) for c in range(cols) for r in range(rows)]
    own = [disc(c, r) == seat for c, r in cells]
    opp = [disc(c, r) == 1 - seat for c, r in cells]
    centre = [c in mid for c, r in cells]
    return [x / 4 for x in cnt] + [
        sum(o and m for o, m in zip(own, centre)) / rows,
        sum(o and m for o, m in zip(opp, centre)) / rows,
        1.0 if sum(own) < sum(opp) else 0.0]


@pytest.mark.parametrize("sets", [(), ("board.line=3",), ("board.line=5",),
                                  ("board.rows=4", "board.cols=9"), ("board.rows=8",)])
def test_bitboard_features_match_the_window_by_window_count(sets):
    """features.py counts every window at once on the bitboards; over random positions of
    boards of every size and line the rules allow, it gives what a window-by-window count
    of the cells gives (threats, playable threats, twos, centre, tempo), for both seats."""
    from simcore.rng import new_rng

    p = API.params(rules=API.rules(sets=sets))
    pick = np.random.default_rng(len(sets))
    out = np.zeros(len(FEATURES))
    seen = 0
    for g in range(60):
        s = API.new_state(p, seed=g)
        for _ in range(int(pick.integers(0, 40))):
            if API.is_terminal(s, p):
                break
            API.step(s, p, int(pick.choice(API.legal_actions(s, p))), new_rng(g))
        for seat in (0, 1):
            features(s, p, seat, out)
            assert list(out) == pytest.approx(_features_by_windows(s, p, seat)), (sets, g)
        seen += out[0] > 0 or out[1] > 0
    assert seen >= 10  # threats were there to count


def test_features_count_threats_twos_and_centre_by_hand():
    """Seat 0 holds the bottom row's columns 1-3, seat 1 two discs in column 7: one open
    playable three and one open two for seat 0, one open two for seat 1."""
    p = API.params()
    s = API.new_state(p)
    _drop(s, p, [0, 6, 1, 6, 2])  # seat 1 to move after seat 0's third disc
    out = np.zeros(len(FEATURES))
    features(s, p, 0, out)
    got = dict(zip(FEATURES, out))
    assert got["own_threats"] == pytest.approx(0.25)   # columns 1-4 of the bottom row
    assert got["own_playable"] == pytest.approx(0.25)  # column 4 is playable at row 1
    assert got["own_twos"] == pytest.approx(0.25)      # columns 2-5 of the bottom row
    assert got["opp_twos"] == pytest.approx(0.25)      # column 7, rows 1-4
    assert got["opp_threats"] == 0 and got["opp_playable"] == 0
    assert got["own_center"] == 0 and got["opp_center"] == 0
    assert got["tempo"] == 0.0  # seat 0 has dropped more discs
    features(s, p, 1, out)
    mirror = dict(zip(FEATURES, out))
    assert mirror["opp_threats"] == got["own_threats"] and mirror["tempo"] == 1.0
    s = API.new_state(p)
    _drop(s, p, [3, 3, 0])  # the middle column (4 of 7) holds one disc of each seat
    features(s, p, 0, out)
    got = dict(zip(FEATURES, out))
    rows = int(p[L.P_ROWS])
    assert got["own_center"] == pytest.approx(1 / rows)
    assert got["opp_center"] == pytest.approx(1 / rows)


def _weights_file(tmp_path, monkeypatch, weights, rules=None, version=None):
    from simcore.connect4 import SPEC

    monkeypatch.setattr(V, "WEIGHTS_DIR", tmp_path)
    rec = {"game": "connect4", "version": SPEC.version if version is None else version,
           "setup": SPEC.setups[0],
           "rules": rules if rules is not None else
           {"2": V.rules_hash({2: API.params()})},
           "features": list(V.feature_names(SPEC.key)), "weights": list(weights)}
    (tmp_path / "connect4.json").write_text(json.dumps(rec))
    return rec


def test_value_agent_takes_the_winning_drop_and_blocks_the_losing_one(tmp_path, monkeypatch):
    """One ply: a drop that wins ends the game with return 1, above any learned value; and
    with a weight against the rival's playable threats, the agent blocks one."""
    from agents.play import decide
    from simcore.rng import new_rng

    n = len(V.BASE_FEATURES) + len(FEATURES)
    _weights_file(tmp_path, monkeypatch, np.zeros(n))
    p = API.params()
    s = API.new_state(p)
    _drop(s, p, [0, 6, 1, 6, 2, 5])  # seat 0 to move, column 4 wins
    for k in range(5):
        assert decide(C4, s, p, "value", rng=new_rng(k)) == 3
    w = np.zeros(n)
    w[len(V.BASE_FEATURES) + FEATURES.index("opp_playable")] = -4.0
    _weights_file(tmp_path, monkeypatch, w)
    s = API.new_state(p)
    _drop(s, p, [0, 6, 1, 6, 2])  # seat 1 to move: seat 0 threatens column 4
    for k in range(5):
        assert decide(C4, s, p, "value", rng=new_rng(k)) == 3


def test_value_with_a_reply_blocks_and_hands_over_no_square(tmp_path, monkeypatch):
    """``value:reply=1`` values a drop after the rival's scripted answer.  With weights that
    know nothing (every unfinished position 0.5), a drop that leaves seat 0's three open,
    or one that fills the square under seat 0's winning one, is answered by that win
    (return 0): the agent blocks, and keeps off that column.  The one-ply agent
    (``reply=0``) sees 0.5 everywhere and draws among the drops."""
    from agents.play import decide
    from simcore.rng import new_rng

    _weights_file(tmp_path, monkeypatch, np.zeros(len(V.BASE_FEATURES) + len(FEATURES)))
    p = API.params()
    s = API.new_state(p)
    _drop(s, p, [0, 6, 1, 6, 2])  # seat 1 to move: seat 0 threatens column 4 (index 3)
    assert {decide(C4, s, p, "value:reply=1", rng=new_rng(k)) for k in range(8)} == {3}
    assert len({decide(C4, s, p, "value:reply=0", rng=new_rng(k)) for k in range(8)}) > 1
    s = API.new_state(p)
    # seat 0 holds row 2 of columns 1-3 over a full row 1; column 4's row 1 is empty
    _drop(s, p, [2, 0, 0, 1, 1, 6, 2])
    under = {decide(C4, s, p, "value:reply=1", rng=new_rng(k)) for k in range(12)}
    assert 3 not in under and len(under) > 1, under
    assert 3 in {decide(C4, s, p, "value:reply=0", rng=new_rng(k)) for k in range(24)}


def test_value_spec_needs_weights_and_sane_options(tmp_path, monkeypatch):
    from agents.spec import parse_agent
    from simcore.spec import BadInput

    monkeypatch.setattr(V, "WEIGHTS_DIR", tmp_path)
    with pytest.raises(BadInput, match="darkbalance train connect4"):
        parse_agent("value", game="connect4")
    _weights_file(tmp_path, monkeypatch, np.ones(len(V.BASE_FEATURES) + len(FEATURES)))
    a = parse_agent("value:samples=2", game="connect4")
    assert a.text == "value:samples=2" and a.kind == "value"
    assert parse_agent("value:turn=0", game="connect4").text == "value:turn=0"
    assert parse_agent("value:reply=2", game="connect4").text == "value:reply=2"
    assert parse_agent("value:reply=1", game="connect4").text == "value"  # its default
    for bad in ("value:samples=0", "value:samples=x", "value:depth=2", "value:turn=-1",
                "value:turn=999", "value:reply=-1", "value:reply=17", "value:reply=x",
                "value:prior=-0.1", "value:prior=1.5", "value:prior=x", "value:prior=nan"):
        with pytest.raises(BadInput):
            parse_agent(bad, game="connect4")


def test_other_rules_are_said_in_one_line(tmp_path, monkeypatch):
    """A plan with the value agent under rules its weights were not fitted on says so."""
    from experiments.batch import plan

    n = len(V.BASE_FEATURES) + len(FEATURES)
    _weights_file(tmp_path, monkeypatch, np.zeros(n))
    assert not [r for r in plan("connect4", "value").resolved if "other rules" in r]
    moved = plan("connect4", "value", sets=["board.line=3"]).resolved
    assert [r for r in moved if "other rules" in r and "rules hash" in r]
    _weights_file(tmp_path, monkeypatch, np.zeros(n), version=0)
    assert [r for r in plan("connect4", "value").resolved if "engine version 0" in r]


def test_train_beats_the_constant_model_and_is_reproducible():
    """The fit on scripted self-play predicts held-out outcomes better than the share of
    wins alone, and the same (games, seed) give the same weights."""
    from experiments.train import train

    a = train("connect4", games=200, seed=3, write=False)
    h = a["heldout"]
    assert h["positions"] > 1000
    assert h["log_loss"] < h["const_log_loss"] and h["brier"] < h["const_brier"]
    assert len(a["weights"]) == len(V.BASE_FEATURES) + len(FEATURES)
    assert a["features"][len(V.BASE_FEATURES):] == list(FEATURES)
    b = train("connect4", games=200, seed=3, write=False)
    assert a["weights"] == b["weights"]


def test_train_cli_bad_input_is_one_line():
    from click.testing import CliRunner

    from cli import main

    for args, word in ((["train", "chess"], "chess"), (["train", "connect4", "-n", "3"],
                                                         "--games")):
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 2, res.output
        assert len(res.output.strip().splitlines()) == 1 and word in res.output


def test_only_plans_with_a_value_agent_compile_it(tmp_path, monkeypatch):
    """The value agent is compiled into a driver only under the key's value bit, which the
    plan's agents set exactly when one of them is `value` (the frozen bit is left alone)."""
    from agents.spec import compile_key, parse_agent
    from simcore import dispatch
    from simcore.connect4 import SPEC

    _weights_file(tmp_path, monkeypatch, np.zeros(len(V.BASE_FEATURES) + len(FEATURES)))
    rows = [parse_agent(t, SPEC.personas, "connect4").row for t in ("scripted", "mcts")]
    assert compile_key(SPEC, rows) == SPEC.key
    k = compile_key(SPEC, rows + [parse_agent("value", SPEC.personas, "connect4").row])
    assert dispatch.with_value(k) and not dispatch.frozen(k)
    assert k == dispatch.value_key(SPEC.key) and dispatch.game_id(k) == SPEC.game_id


def test_a_search_leaf_scores_by_the_learned_value_only_where_asked(tmp_path, monkeypatch):
    """``leaf=value`` (and ``best:v2``): a capped rollout's position is scored by every seat's
    learned value from the search's own row; without weights, or in a driver compiled
    without the value bit, by the game's ``evaluate``."""
    from numba import njit

    from agents.layout import A_NW, A_W0
    from agents.mcts import leaf_score
    from agents.spec import compile_key, parse_agent
    from simcore import dispatch
    from simcore.connect4 import SPEC

    kv = dispatch.value_key(SPEC.key)
    k0 = SPEC.key

    @njit
    def leaf_v(s, p, row, ret):
        leaf_score(kv, s, p, row, ret)

    @njit
    def leaf_0(s, p, row, ret):
        leaf_score(k0, s, p, row, ret)

    @njit
    def evaluate(s, p, ret):
        dispatch.evaluate(k0, s, p, ret)

    n = len(V.BASE_FEATURES) + len(FEATURES)
    w = np.zeros(n)
    w[0] = 2.0  # the bias alone: every seat's value is logistic(2)
    _weights_file(tmp_path, monkeypatch, w)
    a = parse_agent("mcts:depth=4,leaf=value", SPEC.personas, "connect4")
    assert a.text.endswith(",leaf=value") and int(a.row[A_NW]) == n
    assert np.allclose(a.row[A_W0:A_W0 + n], w)
    assert compile_key(SPEC, [a.row]) == kv  # such a search compiles under the value bit
    b = parse_agent("best:v2", SPEC.personas, "connect4")
    assert b.text == parse_agent("best:v1", SPEC.personas, "connect4").text \
        + ",leaf=value,vprior=4"
    p = API.params()
    s = API.new_state(p)
    _drop(s, p, [3, 3, 2, 4])
    ev = np.zeros(2)
    evaluate(s, p, ev)
    assert not np.allclose(ev, 1.0 / (1.0 + np.exp(-2.0)))
    ret = np.zeros(2)
    leaf_v(s, p, a.row, ret)
    assert np.allclose(ret, 1.0 / (1.0 + np.exp(-2.0)))
    plain = a.row.copy()
    plain[A_NW] = 0
    leaf_v(s, p, plain, ret)
    assert np.allclose(ret, ev)
    leaf_0(s, p, a.row, ret)  # no value bit: the hand-written evaluation
    assert np.allclose(ret, ev)


def test_scripted_eps_plays_off_the_script_only_when_asked():
    """``scripted:eps=X`` (training positions, ``train --explore``): eps=0 is the plain
    scripted seat, draw for draw; eps=1 never consults the script, so its games are those
    of an all-random seat only in distribution, and differ from scripted ones; a share
    outside 0..1 is refused in one line naming it."""
    from agents.spec import parse_agent
    from experiments.batch import plan, run_plan
    from simcore.connect4 import SPEC
    from simcore.spec import BadInput

    assert parse_agent("scripted:eps=0.25", SPEC.personas).text == "scripted:eps=0.25"

    def lengths(a):
        return np.asarray(run_plan(plan("connect4", a), 200, 5, 0)["length"])

    plain = lengths("scripted")
    assert (lengths("scripted:eps=0") == plain).all()
    off = lengths("scripted:eps=1")
    # the scripted player takes an immediate win and blocks one: its games run longer
    # than games where both seats play at random
    assert off.mean() < plain.mean() - 2
    half = lengths("scripted:eps=0.5")
    assert (half != plain).any()
    for bad in ("scripted:eps=1.5", "scripted:eps=x", "scripted:eps=-0.1"):
        with pytest.raises(BadInput, match="eps"):
            parse_agent(bad, SPEC.personas)


def test_train_explore_is_recorded_and_changes_the_positions():
    """``train --explore X`` fits on positions of exploring seats: the fit differs from the
    plain one, the record says X (so a refit reproduces it), and X outside 0..1 is refused."""
    from experiments.train import train
    from simcore.spec import BadInput

    a = train("connect4", games=100, seed=3, write=False)
    b = train("connect4", games=100, seed=3, write=False, explore=0.3)
    assert b["explore"] == 0.3 and a["explore"] == 0.0
    assert a["weights"] != b["weights"]
    assert b["weights"] == train("connect4", games=100, seed=3, write=False,
                                 explore=0.3)["weights"]
    with pytest.raises(BadInput, match="explore"):
        train("connect4", games=100, write=False, explore=2.0)


def test_train_holds_the_profiles_dropped_features_at_zero(monkeypatch):
    """Profile ``TRAIN_DROP`` (darkleaf's two score features): the fit leaves those weights
    at exactly 0 and fits the rest, the record lists them, own-count weights too, and a name
    that is no feature is refused in one line naming the valid ones."""
    from experiments.train import train
    from simcore import registry
    from simcore.spec import BadInput

    assert registry.part("darkleaf", "TRAIN_DROP") == ("score_share", "score_lead")
    plain = train("connect4", games=100, seed=3, write=False)
    i, j = plain["features"].index("score_share"), plain["features"].index("eval")
    assert plain["weights"][i] != 0.0 and "dropped" not in plain
    real = registry.profile("connect4")
    monkeypatch.setattr(real, "TRAIN_DROP", ("score_share",), raising=False)
    rec = train("connect4", games=100, seed=3, write=False, own=(2,))
    assert rec["dropped"] == ["score_share"]
    assert rec["weights"][i] == 0.0 and rec["by_players"]["2"]["weights"][i] == 0.0
    assert rec["weights"][j] != 0.0 and rec["weights"] != plain["weights"]
    monkeypatch.setattr(real, "TRAIN_DROP", ("no_such",), raising=False)
    with pytest.raises(BadInput, match="no_such.*valid: bias"):
        train("connect4", games=100, seed=3, write=False)


def test_a_game_names_its_own_value_defaults(monkeypatch):
    """Profile ``VALUE``: plain ``value`` plays the game's own options (frontier averages 16
    determinizations), the name shows only options that differ from them, and an option
    in the spec overrides them."""
    from agents.layout import A_PRIOR, A_SAMPLES
    from agents.spec import parse_agent
    from simcore import registry

    assert registry.part("frontier", "VALUE") == {"samples": 16, "prior": 0.05}
    a = parse_agent("value", game="frontier")
    assert a.text == "value" and a.row[A_SAMPLES] == 16
    b = parse_agent(f"value:samples={V.DEFAULT_SAMPLES}", game="frontier")
    assert b.text == f"value:samples={V.DEFAULT_SAMPLES}" and b.row[A_SAMPLES] == V.DEFAULT_SAMPLES
    assert parse_agent("value:samples=16", game="frontier").text == "value"
    assert registry.part("court", "VALUE") == {"prior": 0.2}
    assert parse_agent("value", game="court").row[A_SAMPLES] == V.DEFAULT_SAMPLES
    assert parse_agent("value", game="court").row[A_PRIOR] == 0.2
    assert parse_agent("value:prior=0.2", game="court").text == "value"
    assert parse_agent("value:prior=0.05", game="court").text == "value:prior=0.05"
    assert parse_agent("value:prior=0", game="court").text == "value:prior=0"
    assert parse_agent("value", game="connect4").row[A_PRIOR] == V.DEFAULT_PRIOR == 0.0


def test_a_player_count_can_have_weights_of_its_own(tmp_path, monkeypatch):
    """``train --own P``: count P also gets weights fitted on its positions alone (one
    vector for every table size can be right for none), and ``value`` at P plays them;
    at another count, or with the count unknown, it plays the pooled ones."""
    from agents.layout import A_W0
    from agents.spec import parse_agent, parse_agents
    from experiments import train as T
    from simcore.court import API as CA
    from simcore.spec import BadInput

    nf = 12  # synthetic positions (self-play and feature names are stubbed)
    rng = np.random.default_rng(0)

    def fake(game, c, games, seed, best_games, progress, explore, strong="best", setup=None):
        # positions whose outcome turns on feature 2 at 3 players and on feature 3 at 4
        X = rng.normal(size=(400, nf))
        y = (X[:, 2 if c == 3 else 3] > 0).astype(float)
        gid = np.repeat(np.arange(100), 4)
        return X, y, gid, 100, CA.params(c)

    monkeypatch.setattr(T, "_self_play", fake)
    monkeypatch.setattr(T, "feature_names", lambda key: tuple(f"f{i}" for i in range(nf)))
    rec = T.train("court", games=100, players=(3, 4), own=(4,), write=False)
    own = np.array(rec["by_players"]["4"]["weights"])
    pooled = np.array(rec["weights"])
    assert set(rec["by_players"]) == {"4"} and rec["own"] == [4]
    assert abs(own[3]) > 5 * abs(own[2])             # its own count's rule alone
    assert abs(pooled[2]) > 0.3 * abs(pooled[3])     # the pooled fit mixes both
    with pytest.raises(BadInput, match="--own 5"):
        T.train("court", games=100, players=(3, 4), own=(5,), write=False)
    # the agent picks the count's own weights where the file has them
    rec = _weights_file(tmp_path, monkeypatch, np.zeros(len(V.BASE_FEATURES) + len(FEATURES)))
    rec["by_players"] = {"2": {"weights": list(np.ones(len(rec["weights"])))}}
    (tmp_path / "connect4.json").write_text(json.dumps(rec))
    assert parse_agents("value", 2, game="connect4")[0].row[A_W0] == 1.0
    assert parse_agent("value", game="connect4").row[A_W0] == 0.0  # count unknown: pooled
    assert V.weights_for("connect4", 3) == rec["weights"]


def test_a_player_count_can_be_fitted_on_the_setup_its_studies_play(monkeypatch):
    """A profile's TRAIN_SETUP plays one count's positions on another setup (darkness solo:
    random 10-location setups, the locations study's); the file records the setup and rules
    hash per count, and ``value`` says so in one line only where it plays another setup."""
    from agents import value as V
    from experiments import train as T
    from simcore import registry
    from simcore.darkness import API as DA
    from simcore.darkness import SPEC as DS

    assert registry.part("darkness", "TRAIN_SETUP") == {1: "random"}
    nf, played = 8, {}
    rng = np.random.default_rng(0)

    def fake(game, c, games, seed, best_games, progress, explore, strong="best", setup=None):
        played[c] = setup
        X = rng.normal(size=(400, nf))
        y = (X[:, 1] > 0).astype(float)
        return X, y, np.repeat(np.arange(100), 4), 100, DA.params(c, setup)

    monkeypatch.setattr(T, "_self_play", fake)
    monkeypatch.setattr(T, "feature_names", lambda key: tuple(f"f{i}" for i in range(nf)))
    rec = T.train("darkness", games=100, players=(1, 2), write=False)
    first = DS.setups[0]
    assert played == {1: "random", 2: first}
    assert rec["setups"] == {"1": "random", "2": first} and rec["setup"] == first
    assert rec["rules"]["1"] == V.rules_hash({1: DA.params(1, "random")})
    assert "random at 1p" in T.format_record(rec)
    monkeypatch.setattr(V, "load_weights", lambda game: rec)
    assert V.fitted_setup(rec, 1) == "random" and V.fitted_setup(rec, 2) == first
    assert V.rules_note(DS, 1, "random", DA.params(1, "random")) is None
    assert V.rules_note(DS, 2, first, DA.params(2, first)) is None
    note = V.rules_note(DS, 1, first, DA.params(1, first))
    assert note is not None and f"setup 'random' (now '{first}')" in note
