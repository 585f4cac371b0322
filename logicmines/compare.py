"""compare: every engine on the same board, side by side, each within one time limit.

`run_engine` is the one way an engine is measured: `compare` and the benchmark both call it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .backends import REGISTRY, make_backend
from .board import Board
from .engine import BackendUnavailable, EngineError, EngineTimeout, seconds_text

# How an engine that gave no answer is described, by its status.
OK, TIMEOUT, MISSING, ERROR = "ok", "timeout", "missing", "error"


@dataclass(frozen=True)
class Outcome:
    """One engine on one board: its verdict and count and how long both took, or why not."""

    verdict: str | None = None
    count: int | None = None
    seconds: float | None = None
    error: str | None = None  # why there is no answer, in words (None: answered)
    status: str = OK  # ok, timeout, missing (not installed) or error

    @property
    def answered(self) -> bool:
        return self.error is None

    def as_json(self) -> dict:
        if self.error is not None:
            return {"error": self.error}
        return {"verdict": self.verdict, "count": self.count, "seconds": round(self.seconds, 6)}


def run_engine(name: str, board: Board, timeout: float | None) -> Outcome:
    """`check` (the verdict) then `count` by a new backend `name` on `board`, timed together
    and within one limit of `timeout` seconds for both (None: no limit).

    A new backend for each board: nothing one board taught it speeds up the next (the engine
    itself, a loaded Prolog program or a compiled one, is started once per process).
    """
    start = time.perf_counter()
    try:
        backend = make_backend(name, timeout)
        start = time.perf_counter()  # making the backend is starting the engine, not answering
        backend.timeout = timeout
        verdict = backend.check(board).verdict.value
        if timeout is not None:
            left = timeout - (time.perf_counter() - start)
            if left <= 0:
                raise EngineTimeout(name, timeout)
            backend.timeout = left
        count = backend.count(board)
    except BackendUnavailable as missing:
        return Outcome(error=f"not installed: {missing}", status=MISSING)
    except EngineTimeout:
        seconds = time.perf_counter() - start
        return Outcome(
            seconds=seconds, error=f"> timeout ({seconds_text(timeout)})", status=TIMEOUT
        )
    except EngineError as failure:
        return Outcome(seconds=time.perf_counter() - start, error=str(failure), status=ERROR)
    except (RuntimeError, MemoryError, RecursionError, OSError) as failure:
        return Outcome(error=f"failed: {failure}", status=ERROR)
    return Outcome(verdict, count, time.perf_counter() - start)


def warm_up(engines: tuple[str, ...] | None = None) -> None:
    """Start every engine (all registered ones by default) once: load Prolog, compile the
    original, so that no board's time includes it. One that cannot start says so later."""
    tiny = Board(("0",))
    for name in engines or tuple(REGISTRY):
        try:
            make_backend(name).check(tiny)
        except Exception:  # noqa: BLE001 - reported per board by run_engine
            pass


def agreement(outcomes: dict[str, Outcome]) -> tuple[int, bool]:
    """How many engines answered, and whether all of those gave the same verdict and count."""
    answers = [(o.verdict, o.count) for o in outcomes.values() if o.answered]
    return len(answers), len(set(answers)) <= 1


def compare(
    board: Board, timeout: float | None, engines: tuple[str, ...] | None = None
) -> tuple[dict[str, Outcome], bool]:
    """Every engine's outcome on `board` (all registered engines by default), and whether all
    engines that answered agree."""
    outcomes = {name: run_engine(name, board, timeout) for name in engines or tuple(REGISTRY)}
    return outcomes, agreement(outcomes)[1]
