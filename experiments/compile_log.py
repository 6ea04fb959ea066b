"""Where numba's compile time goes: a log of every compile per process, and its summary.

    DARKBALANCE_COMPILE_LOG=DIR make test      # one JSON file per pytest worker in DIR
    python -m experiments.compile_log DIR      # totals per module, work done twice

Each record is one function compiled for one signature: its qualified name, the
signature (the game key shows as ``Literal[int](...)``), its *self* time in seconds (the
compiles it triggered subtracted) and when it ended.  A load from numba's cache is not
a compile and is not logged, so a warm run logs only what was rebuilt: after an edit to
one engine, the log shows which games recompiled.
"""
from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter, defaultdict

_RECORDS: list[tuple[str, str, float, float]] = []
_STACK: list[list[float]] = []
_INSTALLED = False


def install() -> None:
    """Start logging this process's numba compiles (idempotent)."""
    global _INSTALLED
    if _INSTALLED:
        return
    from numba.core import event

    class _Listener(event.Listener):
        def on_start(self, ev):
            _STACK.append([time.perf_counter(), 0.0])

        def on_end(self, ev):
            t0, nested = _STACK.pop()
            dt = time.perf_counter() - t0
            if _STACK:  # the caller's self time excludes this compile
                _STACK[-1][1] += dt
            f = ev.data["dispatcher"].py_func
            _RECORDS.append((f"{f.__module__}.{f.__qualname__}", str(ev.data["args"]),
                             dt - nested, time.time()))

    event.register("numba:compile", _Listener())
    _INSTALLED = True


def records() -> list[tuple[str, str, float, float]]:
    """(function, signature, self seconds, end time) of every compile logged so far."""
    return list(_RECORDS)


def write(out_dir: str, tag: str) -> str:
    """Write the records to ``out_dir/compile-<tag>.json``; returns the path."""
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"compile-{tag}.json")
    with open(path, "w") as f:
        json.dump(_RECORDS, f)
    return path


def summary(out_dir: str, top: int = 12) -> dict:
    """Per process: total self seconds and the modules that took longest; across processes:
    functions compiled for the same signature by more than one (work done twice)."""
    logs = {}
    for name in sorted(os.listdir(out_dir)):
        if name.startswith("compile-") and name.endswith(".json"):
            with open(os.path.join(out_dir, name)) as f:
                logs[name[len("compile-"):-len(".json")]] = json.load(f)
    per = {}
    seen = defaultdict(dict)
    for tag, rows in logs.items():
        mods = Counter()
        for fn, sig, dt, _ in rows:
            parts = fn.split(".")
            mods[".".join(parts[:3] if parts[0] in ("simcore", "agents") else parts[:2])] += dt
            seen[(fn, sig)][tag] = seen[(fn, sig)].get(tag, 0.0) + dt
        per[tag] = {"total_s": sum(r[2] for r in rows), "compiles": len(rows),
                    "modules": mods.most_common(top)}
    twice = sorted(((min(v.values()), fn, sig, sorted(v)) for (fn, sig), v in seen.items()
                    if len(v) > 1), reverse=True)
    return {"processes": per, "twice": twice, "twice_s": sum(t[0] for t in twice)}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not os.path.isdir(argv[0]):
        print("usage: python -m experiments.compile_log DIR  (a folder of compile-*.json)")
        return 2
    s = summary(argv[0])
    for tag, p in s["processes"].items():
        print(f"{tag}: {p['compiles']} compiles, {p['total_s']:.1f} s")
        for mod, dt in p["modules"]:
            print(f"    {dt:7.1f} s  {mod}")
    print(f"compiled by more than one process: {len(s['twice'])} functions, "
          f"{s['twice_s']:.1f} s of work done twice")
    for dt, fn, sig, tags in s["twice"][:10]:
        print(f"    {dt:7.1f} s  {fn} {sig[:60]} ({', '.join(tags)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
