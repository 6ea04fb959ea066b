"""Calling a test helper as written in pure Python (NUMBA_DISABLE_JIT=1, in a subprocess).

The fix tests of #33 assert a frozen (legacy) player's blunder.  Compiled, each frozen player
costs the suite 5-54 s of numba compiling for a handful of decisions that run in well under a
second as Python, so those decisions are made in a subprocess with the JIT off.
"""
import os
import pickle
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_CODE = ("import importlib, pickle, sys, warnings; warnings.simplefilter('ignore');"
         "mod, name, args = pickle.load(sys.stdin.buffer);"
         "out = getattr(importlib.import_module(mod), name)(*args);"
         "sys.stdout.buffer.write(pickle.dumps(out))")


def pure(module: str, name: str, *args):
    """``module.name(*args)`` run as plain Python in a subprocess (arguments and result
    pickled; numpy arrays travel as they are)."""
    out = subprocess.run([sys.executable, "-c", _CODE], input=pickle.dumps((module, name, args)),
                         capture_output=True, cwd=ROOT, timeout=300,
                         env={**os.environ, "NUMBA_DISABLE_JIT": "1"})
    assert out.returncode == 0, out.stderr.decode()[-800:]
    return pickle.loads(out.stdout)
