"""Edge of Humanity's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("edge-of-humanity",)
COMPILE_SECONDS = 85
# vs the fixed scripted builder, seats rotated.  Depth-capped rollouts lose at 4 players:
# 30 actions are less than a round there, and the evaluation of an early position is close
# to 1/P for everyone.  4 players, 40 games a row (fair share 25%): iters=2000,depth=30
# 12.5% [5.5, 26.1]; with prior=0.5 15.0%; prior=0.5,c=0.7 36.2% [23.2, 51.7];
# depth=60,prior=0.5 52.5% [37.5, 67.1]; full rollouts iters=400,prior=0.5 60.0% [44.6,
# 73.7] (seed 0) and 37.5% [24.2, 53.0] (seed 7), pooled 48.8% [38.1, 59.5] over 80 (13.4
# ms a decision).  The same at 2 players, 60 games a row: 78.3% [66.4, 86.9] (seed 0) and
# 65.0% [52.4, 75.8] (seed 7), pooled 71.7% [63.0, 79.0]; with c=0.7 75.0% [62.8, 84.2].
# Earlier, 2 players, 100 games each: iters=2000,depth=30 77% [68, 84]; iters=800,depth=30
# 69% [59, 77]; iters=400 (full rollouts, no prior) 66.5% [57, 75]; iters=200 (full
# rollouts) 56% [46, 65]
BEST = ({"iters": 400, "rollout": "scripted", "eps": 0.1, "prior": 0.5}, 5.5e4)
REGRESS_CELL = {"game": "humanity", "players": 3, "agents": "scripted", "games": 20000}
