"""One compiled specialization per kernel: two numba typing habits, changed for our code.

**Scalar arguments widened to int64 when typed.**

numba compiles a function once per tuple of argument types, and a compile re-optimizes
and re-emits everything the function calls (each callee's code is linked into the
caller's module).  Our kernels are called with the same scalars typed int32 (read from
a state row), int64 (a loop index) or as a literal (``-1``, ``True``), so one kernel
was compiled up to six times: 100 of darkleaf's 446 s of cold compile were such copies
(``DARKBALANCE_COMPILE_LOG``, 2026-12-03).

When a jitted caller types a call to one of our kernels, every signed integer narrower
than 64 bits and every integer or boolean literal is widened to int64 (or bool) first;
numba casts the caller's value at the call, as for an explicit signature.  The value is
unchanged (numba does integer arithmetic in at least int64 anyway); unsigned integers
(RNG words) keep their type.  Kernels that dispatch on a literal game key (a parameter
named ``game``) and :mod:`simcore.dispatch` keep numba's own typing.

**One implementation per overload and argument types.**  numba builds an ``@overload``'s
implementation anew for each set of the *caller's* compile flags (a call inside a
``prange`` body, in a ``parallel=True`` driver or inside another overload each differ),
so court's or darkleaf's whole scripted player was compiled three times and each
engine's ``legal_actions`` and ``step`` twice (about 45 s of darkleaf's compile).  Our
overloads (simcore.dispatch, the scripted and agent entry points) are keyed on the
argument types only, as a plain ``@njit`` function is: the first caller's inherited
settings (the error model, which only tells what a division by zero does; none happens
in a kernel) hold for all.
"""
from __future__ import annotations

import inspect

from numba.core import types
from numba.core.dispatcher import Dispatcher
from numba.core.typing.templates import _OverloadFunctionTemplate

_OURS = ("simcore.", "agents.")
_KEEP_MODULES = ("simcore.dispatch",)
_widens: dict[int, bool] = {}


def _applies(disp) -> bool:
    key = id(disp)
    hit = _widens.get(key)
    if hit is None:
        f = disp.py_func
        mod = getattr(f, "__module__", "") or ""
        hit = mod.startswith(_OURS) and not mod.startswith(_KEEP_MODULES)
        if hit:
            try:
                hit = "game" not in inspect.signature(f).parameters
            except (TypeError, ValueError):
                hit = False
        _widens[key] = hit
    return hit


def widen(t):
    """The type a kernel is compiled for when a jitted caller passes ``t``."""
    if isinstance(t, types.BooleanLiteral):
        return types.boolean
    if isinstance(t, types.IntegerLiteral):
        return types.int64
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


_original = Dispatcher.get_call_template


def _get_call_template(self, args, kws):
    if _applies(self):
        args = tuple(widen(a) for a in args)
        kws = {k: widen(v) for k, v in kws.items()}
    return _original(self, args, kws)


_original_impl = _OverloadFunctionTemplate._get_impl


def _get_impl(self, args, kws):
    mod = getattr(self._overload_func, "__module__", "") or ""
    if not mod.startswith(_OURS):
        return _original_impl(self, args, kws)
    key = self.context, tuple(args), tuple(kws.items()), None
    hit = self._impl_cache.get(key)
    if hit is not None:
        return hit
    return self._build_impl(key, args, kws)


def install() -> None:
    """Patch numba's dispatcher and overload typing (idempotent)."""
    if Dispatcher.get_call_template is not _get_call_template:
        Dispatcher.get_call_template = _get_call_template
    if _OverloadFunctionTemplate._get_impl is not _get_impl:
        _OverloadFunctionTemplate._get_impl = _get_impl
