"""``best``: per game, the strongest search configuration measured so far, at a stated cost.

Each entry is an MCTS option set; ``best`` plays it as is, ``best:iters=N`` (or any other
MCTS option) overrides a part, and ``best:ms=T`` sets the simulations from a time budget
per decision through the game's measured simulations per second for that configuration
(one core, this project's bench), so a budget stays reproducible: the same spec always
means the same number of simulations.

How the entries were chosen: the ladder study (experiments/studies/ladder.py) plays each
candidate against every scripted persona; the entry is the strongest candidate whose
median decision stays near 50 ms on one core (the ``sims_per_s`` column).  Change an
entry only with the ladder table that justifies it.
"""
from __future__ import annotations

# game -> (MCTS options, simulations/s of that configuration on one core)
#
# The rates are `darkbalance bench`'s best_sims_per_s (median `best` decision in real
# positions of a scripted game, one thread), the lower of two runs on 2026-12-02 (a fresh
# clone's full bench and a rerun; the engines' speed work since 2026-12-01 had made the
# earlier rates 1.6-2x too low, and connect4's 1.7x too high).  Before that (2026-12-01,
# 2-core machine at load about 2;
# the prior's scripted call at every tree step costs darkleaf 40%, court and frontier
# 15-30% of their simulations/s):
# the earlier rates came from arena wall time on a loaded machine and were 2-7x too low,
# so ``best:ms=T`` bought far fewer simulations than T milliseconds allow.
# ``prior`` (agents.mcts) biases the tree toward the scripted move: with it a search never
# starts weaker than the script and departs from it only where its own evidence says so.
BEST: dict[str, tuple[dict, float]] = {
    # tictactoe: against the perfect scripted player (a draw is the game's value) iters=2000
    # lost 4 of 6,000 games and 1 of 400 in the full ladder of 2026-12-02; iters=10000
    # (about 9 ms a decision) lost 0 of 3,000 (seed 6)
    "tictactoe": ({"iters": 10000, "rollout": "random"}, 1.1e6),
    "connect4": ({"iters": 4000, "rollout": "random"}, 8.6e5),
    # court (issue 16, 3 players, one candidate vs two fixed scripted, seats rotated):
    # vs the scripted players of this session (bids by worth), 240 games: iters=1000
    # 68.3% [62.2, 73.9], iters=1000,prior=0.5 73.8% [67.8, 78.9] (11.6 ms a decision).
    # Earlier, vs the previous scripted players, 120 games: iters=1000 72.5% [64, 80],
    # iters=2000 75.8% [67, 83], iters=200 64.2% [55, 72]
    # Opponent model (opp=mix: each rival's rollout persona drawn per simulation among
    # fair-share, free-rider and court-hawk), 2026-12-02, 120 games a seed.  Vs two free-riders:
    # the same-persona search (above) 36.2% [30.4, 42.5] over 240; opp=mix 49.0% [44.5, 53.4]
    # over 480 (seeds 0-3: 53.3, 45.0, 46.7, 50.8); opp=mix,persona=free-rider (its own later
    # moves and prior as the free-rider, the 3-player equilibrium persona) 55.2% [50.7, 59.6]
    # over 480 (58.3, 52.5, 53.3, 56.7).  That entry vs two fair-share 73.3% [68.5, 77.6] over
    # 360 (opp=mix with the fair-share persona: 76.7% over 120), vs two court-hawks 87.9% [83.2,
    # 91.5] over 240, vs two legacy 85.0% over 120.  Within noise of opp=mix vs two
    # free-riders (240 games each): iters=2000 51.3%, c=0.7 50.8%, c=2 52.1%, prior=0 53.7%,
    # prior=2 54.2%, eps=0.25 49.6%
    "court": ({"iters": 1000, "rollout": "scripted", "eps": 0.1, "prior": 0.5, "opp": "mix",
               "persona": "free-rider"}, 1.2e5),
    # darkleaf (issue 16, vs the fixed scripted player, pooled over the 15 pairings, seats
    # rotated, 60 games a row): iters=200,depth=20 55.0% [42.5, 66.9]; with prior=0.5
    # 62.5% [49.8, 73.6]; prior=1 61.7% [49.0, 72.9]; iters=400,prior=0.5 65.8% [53.2,
    # 76.6] (seed 1) and 63.3% [50.7, 74.4] (seed 3), pooled 64.6% [55.7, 72.5] over 120;
    # iters=800,prior=0.5 60.8% [48.2, 72.2] (seed 2, no gain for twice the cost).
    # Exploration c (iters=400,prior=0.5): c=0.7 77.5% [65.5, 86.2] (seed 1) and 77.5%
    # [65.5, 86.2] (seed 3), pooled 77.5% [69.2, 84.1] over 120 games; c=0.4 65.0% [52.4,
    # 75.8] (seed 1).  Earlier: iters=200,depth=20 50% [33, 67] over 30 games
    "darkleaf": ({"iters": 400, "c": 0.7, "rollout": "scripted", "eps": 0.1, "depth": 20,
                  "prior": 0.5}, 1.8e4),
    # darkness (issue 16, 2p on-every-front vs the improved scripted, seats rotated): depth 40 +
    # evaluate 0.883 [0.778, 0.942] (60 games); full rollouts at iters=150 (~44 ms) 0.200.
    # Solo, 60 random setups: 100% [94.0, 100] with or without prior=0.5 (scripted 93.3%)
    "darkness": ({"iters": 500, "rollout": "scripted", "eps": 0.1, "depth": 40}, 5.0e4),
    # humanity (issue 16, vs the fixed scripted builder, seats rotated).  Depth-capped
    # rollouts lose at 4 players: 30 actions are less than a round there, and the
    # evaluation of an early position is close to 1/P for everyone.  4 players, 40 games
    # a row (fair share 25%): iters=2000,depth=30 12.5% [5.5, 26.1]; with prior=0.5 15.0%;
    # prior=0.5,c=0.7 36.2% [23.2, 51.7]; depth=60,prior=0.5 52.5% [37.5, 67.1]; full
    # rollouts iters=400,prior=0.5 60.0% [44.6, 73.7] (seed 0) and 37.5% [24.2, 53.0]
    # (seed 7), pooled 48.8% [38.1, 59.5] over 80 (13.4 ms a decision).  The same at 2
    # players, 60 games a row:
    # 78.3% [66.4, 86.9] (seed 0) and 65.0% [52.4, 75.8] (seed 7), pooled 71.7% [63.0,
    # 79.0]; with c=0.7 75.0% [62.8, 84.2].  Earlier, 2 players, 100 games each:
    # iters=2000,depth=30 77% [68, 84]; iters=800,depth=30 69% [59, 77]; iters=400 (full
    # rollouts, no prior) 66.5% [57, 75]; iters=200 (full rollouts) 56% [46, 65]
    "humanity": ({"iters": 400, "rollout": "scripted", "eps": 0.1, "prior": 0.5}, 5.5e4),
    # frontier (issue 16, standard missions): 200 missions, iters=1000 85.5% [80.0, 89.7],
    # iters=1000,prior=0.5 88.5% [83.3, 92.2] (4.5 ms a decision).  Earlier, 100 missions
    # (seed 11): iters=1000 89% [81, 94], iters=200 82% [73, 88], scripted 29% [21, 39]
    "frontier": ({"iters": 1000, "rollout": "scripted", "eps": 0.1, "prior": 0.5}, 3.2e5),
}


def best_options(game: str, overrides: dict) -> dict:
    """The MCTS options ``best`` stands for in ``game``, with ``overrides`` applied."""
    base, rate = BEST[game]
    opts = {**base}
    over = dict(overrides)
    if "ms" in over:
        ms = float(over.pop("ms"))
        opts["iters"] = max(1, int(round(ms / 1000.0 * rate)))
    opts.update(over)
    return opts
