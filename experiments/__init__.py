"""Everything that plays and measures: the arena, the Python API, studies and reports."""
import simcore  # noqa: F401  (configures the numba cache directory first)

try:
    from importlib.metadata import version as _version

    __version__ = _version("darkbalance")
except Exception:  # noqa: BLE001  (running from a source tree that is not installed)
    __version__ = "0.1.0"


def simulate(*args, **kwargs):
    """See :func:`experiments.api.simulate` (imported lazily to keep start-up fast)."""
    from experiments.api import simulate as _simulate

    return _simulate(*args, **kwargs)


def compare(*args, **kwargs):
    """See :func:`experiments.compare.compare` (paired what-if differences)."""
    from experiments.compare import compare as _compare

    return _compare(*args, **kwargs)
