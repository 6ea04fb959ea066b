"""Everything that plays and measures: the arena, the Python API, studies and reports."""
import simcore  # noqa: F401  (configures the numba cache directory first)


def simulate(*args, **kwargs):
    """See :func:`experiments.api.simulate` (imported lazily to keep start-up fast)."""
    from experiments.api import simulate as _simulate

    return _simulate(*args, **kwargs)
