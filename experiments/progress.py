"""Progress for long runs: a tqdm bar on a terminal, plain lines elsewhere.

In CI logs and files a carriage-return bar becomes hundreds of updates on one line;
there a line such as ``winrates: 40% (124,000/310,036 games, 5,210 games/s, ETA 36 s)``
is printed each time another tenth is done, and at least every ``every`` seconds while
games keep finishing (a slow search run: a tenth can take minutes).
"""
from __future__ import annotations

import sys
import time
from contextlib import contextmanager


class PlainProgress:
    """tqdm's ``update``/``close`` interface, printing a line per tenth of the total and
    at least every ``every`` seconds between (``clock``: seconds, for tests)."""

    def __init__(self, total: int, desc: str = "", unit: str = "game", file=None,
                 delay: float = 1.5, every: float = 8.0, clock=time.perf_counter):
        self.total = max(int(total), 0)
        self.desc = desc
        self.unit = unit
        self.file = file or sys.stderr
        self.delay = delay  # a run shorter than this prints nothing
        self.n = 0
        self._next = 1
        self.every = every
        self._clock = clock
        self._t0 = self._last = clock()
        self._first = None  # (time, games) when games first finished

    def update(self, n: int = 1) -> None:
        self.n += int(n)
        if self.total <= 0:
            return
        if n and self._first is None:
            self._first = (self._clock(), self.n)
        tenth = self.n * 10 // self.total
        now = self._clock()
        dt = now - self._t0
        due = tenth >= self._next or now - self._last >= self.every
        if due and dt >= self.delay:
            self._next = max(self._next, tenth + 1)
            self._last = now
            # the rate since the first games finished (before them: compiling, loading)
            since = now - self._first[0] if self._first else 0.0
            rate = ((self.n - self._first[1]) / since if since > 0 and self.n > self._first[1]
                    else self.n / dt if dt > 0 else 0.0)
            eta = (self.total - self.n) / rate if rate > 0 else 0.0
            head = f"{self.desc}: " if self.desc else ""
            if self.n == 0:  # nothing finished yet (compiling, or the first search block)
                print(f"{head}0/{self.total:,} {self.unit}s, {dt:,.0f} s so far",
                      file=self.file, flush=True)
                return
            fmt = ",.0f" if rate >= 10 else ",.2f"  # a search run: a few games a second
            print(f"{head}{min(self.n * 100 // self.total, 100)}% ({self.n:,}/{self.total:,} "
                  f"{self.unit}s, {rate:{fmt}} {self.unit}s/s, ETA {eta:,.0f} s)",
                  file=self.file, flush=True)

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


@contextmanager
def heartbeat(progress, every: float = 2.0):
    """While inside, call ``progress(0)`` every ``every`` seconds from a daemon thread, so
    a bar prints its periodic line while one long compiled call plays (a block of search
    games can take longer than the bar's interval; the compiled arena releases the GIL).
    Yields the callback to use meanwhile: ``progress`` behind the same lock as the beats."""
    import threading

    if progress is None:
        yield None
        return
    lock = threading.Lock()
    stop = threading.Event()

    def tick(n: int) -> None:
        with lock:
            progress(n)

    def beat() -> None:
        while not stop.wait(every):
            tick(0)

    t = threading.Thread(target=beat, name="progress-heartbeat", daemon=True)
    t.start()
    try:
        yield tick
    finally:
        stop.set()
        t.join()


def progress_bar(total: int, desc: str = "", unit: str = "game", delay: float = 1.5):
    """A progress object with ``update(n)`` and ``close()`` suited to where stderr goes."""
    if sys.stderr.isatty():
        from tqdm import tqdm

        return tqdm(total=total, unit=unit, delay=delay, file=sys.stderr, desc=desc or None,
                    smoothing=0.05)
    return PlainProgress(total, desc, unit, delay=delay)


@contextmanager
def sigterm_as_interrupt():
    """While inside, SIGTERM and SIGINT raise KeyboardInterrupt, so a run that is killed
    ends as Ctrl-C does (finished games kept, temporary files removed).  SIGINT is set
    too because a process started with SIGINT ignored (a child of a pytest-xdist
    worker, of nohup, of a shell's background job) would otherwise never see Ctrl-C."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, handler)
    old_int = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)
        signal.signal(signal.SIGINT, old_int)
