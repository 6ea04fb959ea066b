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
