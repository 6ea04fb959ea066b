"""Policies only: random, scripted (per game) and a generic MCTS over the game contract.

Hot drivers here (MCTS search) are compiled with ``parallel=True`` although they
contain no ``prange``: numba 0.68's parallel pipeline produced 3-5x faster code
for these loops (MCTS on connect four: 154k -> 547k simulations/s, same
results).  Such functions must not use whole-array expressions (``a[:] = b``),
which that pipeline turns into thread-pool launches; copy with explicit loops.
"""
import warnings

from numba.core.errors import NumbaIRAssumptionWarning, NumbaPerformanceWarning

import simcore  # noqa: F401  (installs the per-game numba cache locator first)

# our drivers' parallel=True is deliberate (above): silence that one message only, not
# every performance warning of every numba user in the process
warnings.filterwarnings(
    "ignore", category=NumbaPerformanceWarning,
    message=r"\s*The keyword argument 'parallel=True' was specified but no transformation")
# simcore.dispatch inlines its hot overloads (inline="always"): numba's pedantic IR check
# then reports the inlined lambdas' temporaries as out of scope, a known false alarm
warnings.filterwarnings("ignore", category=NumbaIRAssumptionWarning,
                        message=r".*_ov_\w+__locals___lambda.* is not in scope")
