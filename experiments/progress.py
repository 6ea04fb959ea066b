"""Progress for long runs: a tqdm bar on a terminal, plain lines every ~10% elsewhere.

In CI logs and files a carriage-return bar becomes hundreds of updates on one line;
there a line such as ``winrates: 40% (124,000/310,036 games, 5,210 games/s, ETA 36 s)``
is printed each time another tenth is done.
"""
from __future__ import annotations

import sys
import time


class PlainProgress:
    """tqdm's ``update``/``close`` interface, printing a line per tenth of the total."""

    def __init__(self, total: int, desc: str = "", unit: str = "game", file=None,
                 delay: float = 1.5):
        self.total = max(int(total), 0)
        self.desc = desc
        self.unit = unit
        self.file = file or sys.stderr
        self.delay = delay  # a run shorter than this prints nothing
        self.n = 0
        self._next = 1
        self._t0 = time.perf_counter()

    def update(self, n: int = 1) -> None:
        self.n += int(n)
        if self.total <= 0:
            return
        tenth = self.n * 10 // self.total
        dt = time.perf_counter() - self._t0
        if tenth >= self._next and dt >= self.delay:
            self._next = tenth + 1
            rate = self.n / dt if dt > 0 else 0.0
            eta = (self.total - self.n) / rate if rate > 0 else 0.0
            head = f"{self.desc}: " if self.desc else ""
            print(f"{head}{min(tenth, 10) * 10}% ({self.n:,}/{self.total:,} {self.unit}s, "
                  f"{rate:,.0f} {self.unit}s/s, ETA {eta:,.0f} s)", file=self.file, flush=True)

    def close(self) -> None:
        pass


def progress_bar(total: int, desc: str = "", unit: str = "game", delay: float = 1.5):
    """A progress object with ``update(n)`` and ``close()`` suited to where stderr goes."""
    if sys.stderr.isatty():
        from tqdm import tqdm

        return tqdm(total=total, unit=unit, delay=delay, file=sys.stderr, desc=desc or None,
                    smoothing=0.05)
    return PlainProgress(total, desc, unit, delay=delay)
