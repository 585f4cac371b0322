"""The engine protocol: the small systems (pieces) the staging asks about, and one clock.

An engine is anything with `models(piece, limit)`. The staging (`logicmines.staging`,
`logicmines.frontier`) states every question about the rules as a `Piece` and asks it through a
`PieceMemo`, which remembers the answers (the same small shapes recur all over a board) and looks
at the `Deadline` between questions. So an engine that implements `models` and nothing else gets
exact answers, counting, listing and time limits from the staging.
"""

from __future__ import annotations

import math
import numbers
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol, TypeVar

from .board import shown_value
from .words import plural, quoted
from .words import seconds as seconds_text

# What a message about a missing engine ends with, after what to install: the way round it.
USE_KANREN = "or use `--backend kanren`, which needs nothing outside pip"


class BackendUnavailable(RuntimeError):
    """The engine cannot run here (a missing SWI-Prolog, say); the message says how to fix it."""

    def install(self) -> str:
        """The message without its last advice, `USE_KANREN`: for a command, such as compare,
        that runs every engine and has no `--backend` to choose another."""
        return str(self).removesuffix(f", {USE_KANREN}")


class EngineError(RuntimeError):
    """The engine ran but gave up (a Prolog resource error, say); the message says which."""


class EngineTimeout(EngineError):
    """The engine gave no answer within its time limit."""

    def __init__(self, who: str, seconds: float, advice: str = ""):
        super().__init__(f"{who}: gave up after {seconds_text(seconds)} (its time limit){advice}")
        self.who = who
        self.seconds = seconds
        self.advice = advice

    def __reduce__(self):
        # Rebuilt from its own arguments, not from the message: a game's timeout travels back
        # from a worker process (autoplay --workers), whose pool cannot rebuild it otherwise.
        return type(self), (self.who, self.seconds, self.advice)


# The engines whose search `trace` shows step by step (trace.py; the command line's choices).
TRACED = ("kanren", "clpfd")


def collects_every(program: str, mines: int | None = None) -> str:
    """The advice of a timeout of the original program (`program`: as the message names it),
    which collects every solution before it answers; with a total, every solution still, those
    with `mines` mines picked out afterwards."""
    kept = "" if mines is None else f" (those with {plural(mines, 'mine')} picked out afterwards)"
    return (
        f": {program} collects every solution{kept}, which is slow on all but small boards; "
        "`--backend prolog` answers the same question"
    )


def every_model(who: str, program: str, mines: int | None, listing: Callable[[], list]) -> list:
    """`listing()`, the list of every solution of one of the original programs (`program`, as
    collects_every names it, run by the engine `who`), to which a total `mines` is applied
    afterwards: out of time, its EngineTimeout says so."""
    try:
        return listing()
    except EngineTimeout as late:
        if mines is None:
            raise
        raise EngineTimeout(who, late.seconds, collects_every(program, mines)) from None


@dataclass(frozen=True)
class Piece:
    """A small system the engines solve: bounded whole numbers with exact sums.

    Variable i stands for a group of `sizes[i]` interchangeable cells and takes the number of
    mines among them, 0..sizes[i]; each `(indices, total)` in `sums` says those variables add up
    to `total`. A single cell is a group of size 1. Models are tuples of values, one per variable.
    """

    sizes: tuple[int, ...]
    sums: tuple[tuple[tuple[int, ...], int], ...]


Model = tuple[int, ...]


class Engine(Protocol):
    """A logic engine, seen from the staging: it lists the models of a piece."""

    def models(self, piece: Piece, limit: int | None = None) -> Sequence[Model]: ...


# The longest time limit accepted, about 11 days: plenty for any board, and under what every
# engine can wait for (a subprocess's wait counts milliseconds in a C int: 24.8 days at most).
LONGEST = 1_000_000.0


def valid_timeout(
    seconds: float | None, who: str = "", error: type[ValueError] = ValueError
) -> float | None:
    """`seconds` when it is a usable time limit (None: no limit), else TypeError or ValueError
    (`error`: a module's own kind of it) saying why (after `who: `, the function given it, when
    named)."""
    if seconds is None:
        return None
    named = f"{who}: " if who else ""
    # Decimal is no numbers.Real (it does not mix with floats), but a number of seconds all the same
    if not isinstance(seconds, (numbers.Real, Decimal)) or isinstance(seconds, bool):
        raise TypeError(
            f"{named}a timeout is a number of seconds or None, not {shown_value(seconds)}"
        )
    try:
        value = float(seconds)
    except (ValueError, OverflowError):  # a signalling NaN; a Fraction past any float
        value = math.nan
    if not 0 < value <= LONGEST:
        raise error(
            f"{named}a timeout is a positive number of seconds, at most {LONGEST:,.0f}, "
            f"not {quoted(repr(seconds))}"
        )
    return value


class TimeLimit:
    """An engine's `timeout` attribute, checked whenever it is set (`engine.timeout = 5`), not only
    when the engine is made: `valid_timeout`'s TypeError or ValueError at the assignment, so that
    no engine reads a limit of 0, -1 or nan later as no limit, or as one already past."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = "_" + name

    def __get__(self, engine: object, owner: type | None = None) -> float | None:
        if engine is None:
            return self  # type: ignore[return-value]  (the class's attribute: the descriptor)
        return getattr(engine, self.slot, None)

    def __set__(self, engine: object, seconds: float | None) -> None:
        setattr(engine, self.slot, valid_timeout(seconds))


class Deadline:
    """A time limit that has started: `left()` says how long remains, or raises EngineTimeout."""

    def __init__(self, who: str, seconds: float | None):
        self.who = who
        self.seconds = valid_timeout(seconds)  # a float, whatever number it was given as
        self.ends = None if self.seconds is None else time.monotonic() + self.seconds

    def put_off(self, seconds: float) -> None:
        """Move the end `seconds` later: time that was not the engine's (a caller holding a
        lazy answer between two items) does not count against it."""
        if self.ends is not None:
            self.ends += seconds

    def left(self) -> float | None:
        """Seconds remaining (None: no limit); EngineTimeout when none remain."""
        if self.ends is None:
            return None
        remaining = self.ends - time.monotonic()
        if remaining <= 0:
            raise EngineTimeout(self.who, self.seconds)
        return remaining


NO_LIMIT = Deadline("", None)

Answer = TypeVar("Answer")


class PieceMemo:
    """An engine's answers remembered by piece, and the clock looked at before each question.

    The answers are shared by every thread that uses the engine; the clock is each thread's
    own, so that a question asked from one thread runs on its own time limit, not on the limit
    of a question another thread is asking at the same time (or on none once that one ends).
    """

    def __init__(self, engine: Engine):
        self.engine = engine
        self.answers: dict[Piece, Sequence[Model]] = {}
        self.steps: dict[tuple, list] = {}  # answers worked out from pieces, by their own key
        self._clocks = threading.local()

    @property
    def deadline(self) -> Deadline:
        """The time limit of the question this thread is asking (NO_LIMIT between questions)."""
        return getattr(self._clocks, "deadline", NO_LIMIT)

    @deadline.setter
    def deadline(self, deadline: Deadline) -> None:
        self._clocks.deadline = deadline

    def __getstate__(self) -> dict:
        # Sent to another process without its clocks: a thread's clock stays in its thread.
        state = dict(self.__dict__)
        del state["_clocks"]
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._clocks = threading.local()

    def models(self, piece: Piece) -> Sequence[Model]:
        """Every model of `piece` (asked of the engine once per piece)."""
        self.deadline.left()
        answer = self.answers.get(piece)
        if answer is None:
            answer = self.answers[piece] = tuple(self.engine.models(piece))
        return answer

    def step(self, key: tuple, work: Callable[[], Answer]) -> Answer:
        """What `work()` gives, remembered by `key`; the clock is looked at every time, so the
        staging's own loops stop at the deadline too."""
        self.deadline.left()
        answer = self.steps.get(key)
        if answer is None:
            answer = self.steps[key] = work()
        return answer
