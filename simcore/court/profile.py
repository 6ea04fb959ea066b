"""Court of the Dead's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("court-of-the-dead", "dark-harvest")
COMPILE_SECONDS = 57
# 3 players, one candidate vs two fixed scripted, seats rotated:
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
BEST = ({"iters": 1000, "rollout": "scripted", "eps": 0.1, "prior": 0.5, "opp": "mix",
         "persona": "free-rider"}, 1.2e5)
REGRESS_CELL = {"game": "court", "players": 4, "agents": "scripted", "games": 20000}


def HEADLINE(spec) -> dict:
    """The free-rider's win rate at a 4-player table of mixed personas: the best persona."""
    p = spec.personas
    agents = (f"scripted:{p[1]}", f"scripted:{p[0]}", f"scripted:{p[2]}", f"scripted:{p[0]}")
    return {"players": 4, "agents": agents, "setups": [None], "rotate": True,
            "metric": "free-rider win rate (4 players, mixed personas)",
            "focus": "scripted:free-rider", "clan": None, "conclusion": "best persona",
            "read": "best-agent"}
