"""compare: every engine on the same board, side by side, with a time limit each."""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

from .backends import REGISTRY, BackendUnavailable, EngineError, EngineTimeout, get_backend
from .board import Board
from .gprolog import GprologUnavailable, run_original

ENGINES = ("kanren", "prolog", "reference", "gprolog")


@dataclass(frozen=True)
class Outcome:
    """One engine on one board: its verdict and count and how long both took, or why not."""

    verdict: str | None = None
    count: int | None = None
    seconds: float | None = None
    error: str | None = None

    def as_json(self) -> dict:
        if self.error is not None:
            return {"error": self.error}
        return {"verdict": self.verdict, "count": self.count, "seconds": round(self.seconds, 6)}


class _OutOfTime(Exception):
    pass


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Interrupt pure-Python work (the kanren engine) after `seconds`, on the main thread."""

    def expire(signum, frame):
        raise _OutOfTime

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_engine(name: str, board: Board, timeout: float) -> Outcome:
    """`check` (the verdict) and `count` of one engine on one board, timed together."""
    start = time.perf_counter()
    try:
        if name == "gprolog":
            answer = run_original(board, timeout=timeout)
            verdict, count = answer.verdict, answer.count
        else:
            # A new backend for each board: nothing one board taught it speeds up the next
            # (the engine itself, loaded Prolog included, is started once, by warm_up).
            backend = REGISTRY[name]()
            # Prolog engines stop themselves (SWI's own time limit); a Python signal must not
            # land inside a Prolog call, so only pure-Python engines get the alarm. One limit
            # covers both questions: count gets what check left.
            own_limit = hasattr(backend, "timeout")
            with nullcontext() if own_limit else _time_limit(timeout):
                if own_limit:
                    backend.timeout = timeout
                verdict = backend.check(board).verdict.value
                if own_limit:
                    backend.timeout = max(timeout - (time.perf_counter() - start), 1e-3)
                count = backend.count(board)
    except (subprocess.TimeoutExpired, _OutOfTime):
        return Outcome(error=f"> timeout ({timeout:g} s)")
    except (BackendUnavailable, GprologUnavailable) as missing:
        return Outcome(error=f"not installed: {missing}")
    except EngineTimeout:
        return Outcome(error=f"> timeout ({timeout:g} s)")
    except EngineError as failure:
        return Outcome(error=str(failure))
    except (RuntimeError, MemoryError, RecursionError, OSError) as failure:
        return Outcome(error=f"failed: {failure}")
    return Outcome(verdict, count, time.perf_counter() - start)


def warm_up(engines=ENGINES) -> None:
    """Start every engine once (load Prolog, compile the original) so that no board's time
    includes it; an engine that cannot start says so later, board by board."""
    tiny = Board(("0",))
    for name in engines:
        try:
            if name == "gprolog":
                run_original(tiny, timeout=60)
            else:
                get_backend(name).check(tiny)
        except Exception:  # noqa: BLE001 - reported per board by run_engine
            pass


def compare(board: Board, timeout: float, engines=ENGINES) -> tuple[dict[str, Outcome], bool]:
    """Every engine's outcome on `board`, and whether all engines that answered agree."""
    outcomes = {name: run_engine(name, board, timeout) for name in engines}
    answers = {(o.verdict, o.count) for o in outcomes.values() if o.error is None}
    return outcomes, len(answers) <= 1
