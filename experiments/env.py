"""The DARKBALANCE_* environment settings, each checked in one place (one BadInput line)."""
from __future__ import annotations

import os

from simcore.spec import BadInput

#: which compiled arena plays a plan (see experiments.batch.arena_key)
ARENAS = ("auto", "full", "random")


def env_arena() -> str:
    """DARKBALANCE_ARENA (unset: ``auto``), or one BadInput line naming the valid values."""
    v = os.environ.get("DARKBALANCE_ARENA", "auto").strip().lower() or "auto"
    if v not in ARENAS:
        raise BadInput(f"DARKBALANCE_ARENA={os.environ['DARKBALANCE_ARENA']!r}; valid: "
                       + ", ".join(ARENAS))
    return v


def env_warmup_jobs(default: int) -> int:
    """DARKBALANCE_WARMUP_JOBS (games compiled at once before a report; 0 skips the
    warmup), ``default`` when unset, or one BadInput line."""
    v = os.environ.get("DARKBALANCE_WARMUP_JOBS")
    if v is None or not v.strip():
        return default
    try:
        n = int(v)
    except ValueError:
        n = -1
    if n < 0:
        raise BadInput(f"DARKBALANCE_WARMUP_JOBS={v!r}; valid: a whole number >= 0 (0 skips "
                       "the warmup)")
    return n


def check_environment() -> None:
    """Every DARKBALANCE_* setting that changes a run, checked before any work."""
    env_arena()
    env_warmup_jobs(1)
