"""compare: every engine on the same board, side by side, each within one time limit.

`run_engine` (verdict and count) and `run_forced` (verdict and the cells forced in every
solution, for boards whose solutions are past counting by the whole-board engines) are the two
ways an engine is measured: `compare` and the benchmark both call them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from .backends import REGISTRY, Backend, make_backend
from .board import Board, Cell, require_board, shown_value
from .engine import BackendUnavailable, EngineError, EngineTimeout, seconds_text, valid_timeout

# How an engine that gave no answer is described, by its status.
OK, TIMEOUT, MISSING, ERROR, SKIPPED = "ok", "timeout", "missing", "error", "skipped"


@dataclass(frozen=True)
class Outcome:
    """One engine on one board: its verdict and count (or, from `run_forced`, its verdict and
    the forced cells) and how long they took, or why not."""

    verdict: str | None = None
    count: int | None = None
    seconds: float | None = None
    error: str | None = None  # why there is no answer, in words (None: answered)
    status: str = OK  # ok, timeout, missing (cannot run here), error or skipped (not asked)
    safe: tuple[Cell, ...] | None = None  # run_forced: unknown cells safe in every solution
    mines: tuple[Cell, ...] | None = None  # run_forced: unknown cells mines in every solution
    reason: str | None = None  # run_engine, no solution: why, as the engine words it
    said: str | None = None  # a timeout: the engine's own words, as every command's JSON has them
    seen: int | None = None  # run_forced: the count an engine found on the way (not compared)

    @property
    def answered(self) -> bool:
        return self.error is None

    @property
    def answer(self) -> tuple:
        """What two engines that agree both said: verdict, count, safe cells, mines."""
        return (self.verdict, self.count, self.safe, self.mines)


def run_engine(
    name: str,
    board: Board,
    timeout: float | None,
    mines: int | None = None,
    known: int | None = None,
) -> Outcome:
    """`check` (the verdict) then `count` by a new backend `name` on `board` (with exactly
    `mines` mines in all, when given), timed together and within one limit of `timeout` seconds
    for both (None: no limit).

    `known`: the board's count as another engine gave it. An engine that counts by listing every
    solution is not asked when listing that many would outlast `timeout` even at its
    `listing_pace`, ten times the quickest it lists (status SKIPPED, its `error` saying why):
    the Expert example's 10^35 solutions had four engines each wait out the limit in turn.

    A new backend for each board: nothing one board taught it speeds up the next (the engine
    itself, a loaded Prolog program or a compiled one, is started once per process).
    """

    def answer(backend, left) -> Outcome:
        checked = backend.check(board, mines)
        backend.timeout = left()
        return Outcome(checked.verdict.value, backend.count(board, mines), reason=checked.reason)

    return _timed(name, timeout, answer, known)


def run_forced(
    name: str,
    board: Board,
    timeout: float | None,
    mines: int | None = None,
    known: int | None = None,
) -> Outcome:
    """The verdict and the forced cells (the unknown cells safe in every solution, and those
    that are mines in every solution) by a new backend `name`, within `timeout` seconds.

    For boards with too many solutions to list: an engine that finds forced cells without
    counting (`consequences`, as clingo and clpfd do) is asked that, and its verdict follows
    from it (no solution; one, when every unknown cell is forced; else several); any other
    engine is asked `analyze` (cells with chance 0 and 1), and its verdict follows from the
    count. The outcome's count is None: agreeing engines agree on verdict, safe cells and mines.
    `known`: as for `run_engine`, for an engine asked `analyze` (which lists every solution
    when the engine counts by listing them).
    """

    def lists(backend) -> bool:  # analyze, not consequences: every solution, when it lists them
        return getattr(backend, "consequences", None) is None

    return _timed(
        name, timeout, lambda backend, left: forced_cells(backend, board, mines, left), known, lists
    )


def forced_cells(
    backend: Backend,
    board: Board,
    mines: int | None = None,
    left: Callable[[], float | None] | None = None,
) -> Outcome:
    """The verdict and the forced cells of `board` by `backend`, untimed (see `run_forced`).
    A board with no solution gets the reason too: from `analyze`, or else asked of `check`
    within what `left()` says is left of the time limit (its backend's own limit without it),
    and none when that runs out: the verdict stands."""
    consequences = getattr(backend, "consequences", None)
    if consequences is None:
        analysis = backend.analyze(board, mines)
        verdict = _verdict(analysis.count)
        safe, forced_mines = tuple(analysis.safe), tuple(analysis.mines)
        return Outcome(
            verdict, safe=safe, mines=forced_mines, seen=analysis.count, reason=analysis.reason
        )
    forced = consequences(board, mines)
    if forced is None:  # why, as a check words it (as compare without --forced gives it)
        try:
            if left is not None:
                backend.timeout = left()
            reason = backend.check(board, mines).reason
        except EngineTimeout:
            reason = None
        return Outcome("none", safe=(), mines=(), reason=reason)
    unknown = sum(row.count("?") for row in board.as_puzzle().rows)
    verdict = _verdict(1 if len(forced.safe) + len(forced.mines) == unknown else 2)
    return Outcome(verdict, safe=tuple(sorted(forced.safe)), mines=tuple(sorted(forced.mines)))


def _verdict(count: int) -> str:
    return "none" if count == 0 else "unique" if count == 1 else "multiple"


class _NotAsked(Exception):
    """An engine not asked the question (its words say why)."""


def _timed(
    name: str,
    timeout: float | None,
    answer,
    known: int | None = None,
    lists=lambda backend: True,
) -> Outcome:
    """`answer(backend, left)` by a new backend `name`, timed, within `timeout` seconds in all:
    `left()` is the time left of it (for a second question), or the reason there is none.

    Not asked (SKIPPED) when the answer `lists(backend)` every solution, the backend has a
    `listing_pace`, and `known` solutions would outlast `timeout` even at that pace."""
    timeout = valid_timeout(timeout)  # a float: a Decimal would not mix with the clock's
    start = time.perf_counter()

    def left() -> float | None:
        if timeout is None:
            return None
        seconds = timeout - (time.perf_counter() - start)
        if seconds <= 0:
            raise EngineTimeout(name, timeout)
        return seconds

    try:
        backend = make_backend(name, timeout)
        start = time.perf_counter()  # making the backend is starting the engine, not answering
        backend.timeout = timeout
        pace = getattr(backend, "listing_pace", None)
        if None not in (known, timeout, pace) and lists(backend) and known > pace * timeout:
            too_many = f"too many for {seconds_text(timeout)}"
            raise _NotAsked(f"not run: it would list each solution, {too_many}")
        found = answer(backend, left)
    except BackendUnavailable as missing:
        return Outcome(error=f"cannot run here: {missing.install()}", status=MISSING)
    except _NotAsked as why:
        return Outcome(error=str(why), status=SKIPPED)
    except EngineTimeout as late:
        seconds = time.perf_counter() - start
        return Outcome(
            seconds=seconds,
            error=f"> timeout ({seconds_text(timeout)})",  # as the table shows it
            status=TIMEOUT,
            # the whole limit: an engine asked twice (check, then count) was given what was left
            said=str(EngineTimeout(name, timeout, late.advice)) if timeout else str(late),
        )
    except EngineError as failure:
        return Outcome(seconds=time.perf_counter() - start, error=str(failure), status=ERROR)
    except (RuntimeError, MemoryError, RecursionError, OSError) as failure:
        return Outcome(error=f"failed: {failure}", status=ERROR)
    return replace(found, seconds=time.perf_counter() - start)


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
    """How many engines answered, and whether all of those gave the same answer (verdict and
    count, and the forced cells from `run_forced`)."""
    answers = [o.answer for o in outcomes.values() if o.answered]
    return len(answers), len(set(answers)) <= 1


def compare(
    board: Board,
    timeout: float | None = 10.0,
    engines: tuple[str, ...] | None = None,
    mines: int | None = None,
    forced: bool = False,
) -> tuple[dict[str, Outcome], bool]:
    """Every engine's outcome on `board` (all registered engines by default; with exactly
    `mines` mines in all, when given), and whether all engines that answered agree: their
    verdict and count (`run_engine`), or with `forced` their verdict and forced cells
    (`run_forced`); each engine is told the smallest count found before it. `timeout`: the
    seconds each engine has for the board (10, as `logicmines compare`; None: no limit)."""
    require_board("compare", board)
    if isinstance(engines, str):  # "kanren" would be run letter by letter
        raise TypeError(
            f"compare: engines is a list of engine names, like ('kanren', 'clpfd'), not "
            f"{shown_value(engines)}"
        )
    if engines is not None and not engines:
        raise ValueError("compare: engines names none: None compares every engine")
    names = tuple(REGISTRY) if engines is None else tuple(engines)
    outcomes: dict[str, Outcome] = {}
    run = run_forced if forced else run_engine
    for name in names:
        counts = [o.seen if forced else o.count for o in outcomes.values() if o.answered]
        known = min((n for n in counts if n is not None), default=None)
        outcomes[name] = run(name, board, timeout, mines, known)
    return outcomes, agreement(outcomes)[1]
