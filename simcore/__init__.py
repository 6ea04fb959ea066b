"""darkbalance's compiled rules core: pure game kernels, no players, no studies."""
from simcore import _cache  # noqa: F401  (must run before any kernel module is imported)
from simcore import _specialize  # noqa: E402

_specialize.install()  # one specialization per kernel (simcore/_specialize.py)
