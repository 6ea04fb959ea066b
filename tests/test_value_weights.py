"""The committed position-value weights (agents/weights/) match their games today."""
import pytest

from agents import value as V
from simcore.spec import game_names, get_game


@pytest.mark.parametrize("game", [g for g in game_names() if V.load_weights(g) is not None])
def test_committed_weights_match_the_game(game):
    """Each file names the features the game computes today, in weight order, one weight
    each, under the engine version the game has now (a version bump must refit)."""
    spec = get_game(game).SPEC
    rec = V.load_weights(game)
    assert rec["game"] == game and rec["version"] == spec.version
    assert rec["features"] == list(V.feature_names(spec.key))
    assert len(rec["weights"]) == len(rec["features"])
    lo, hi = spec.players
    assert rec["rules"] and all(lo <= int(p) <= hi for p in rec["rules"])
    h = rec["heldout"]
    assert h["log_loss"] < h["const_log_loss"], "the fit predicts no better than a constant"


@pytest.mark.parametrize("game", [g for g in game_names() if V.load_weights(g) is not None])
def test_committed_weights_were_fitted_under_todays_rules(game):
    """Each player count's rules hash in the file is that of today's params, so `value` and
    `best:v2` never play on weights fitted under other rules without saying so; a change to
    the params row (a new slot, a new default) needs `darkbalance train GAME` again."""
    import importlib

    m = importlib.import_module(f"simcore.{game}")
    rec = V.load_weights(game)
    for P in rec["rules"]:
        setup = V.fitted_setup(rec, int(P))
        params = m.API.params(players=int(P), setup=setup)
        assert V.rules_note(m.SPEC, int(P), setup, params) is None, (game, P)
