"""Dark Frontier's profile (simcore.registry): what generic code needs to know about it."""

ALIASES = ("dark-frontier",)
COMPILE_SECONDS = 47
# standard missions: 200 missions, iters=1000 85.5% [80.0, 89.7], iters=1000,prior=0.5
# 88.5% [83.3, 92.2] (4.5 ms a decision).  Earlier, 100 missions (seed 11): iters=1000
# 89% [81, 94], iters=200 82% [73, 88], scripted 29% [21, 39]
BEST = ({"iters": 1000, "rollout": "scripted", "eps": 0.1, "prior": 0.5}, 3.2e5)
REGRESS_CELL = {"game": "frontier", "agents": "scripted", "setup": "standard", "games": 20000}


def HEADLINE(spec) -> dict:
    """The solo mission's difficulty band from the scripted win probability."""
    return {"players": 1, "agents": ("scripted",), "setups": ["standard"], "rotate": True,
            "metric": "scripted win probability, standard mission", "focus": None,
            "clan": None, "conclusion": "difficulty band (<1/3 hard, <2/3 moderate, else easy)",
            "read": "band"}
