"""The engines behind `--backend`: one protocol, a registry by name.

A backend answers the four questions below about a board; its `timeout` attribute (seconds, or
None for no limit) bounds each answer, which then raises EngineTimeout. `get_backend(name,
timeout)` makes one; given None there, an engine takes its own default: no limit for `kanren`
and `prolog`, DEFAULT_TIMEOUT (60 seconds) for the whole-board engines (`reference`, `gprolog`,
`clingo`, `clpfd`). `kanren` and `prolog` are built on `StagedBackend` (backends/staged.py), so
that they implement only `models(piece, limit)`; the whole-board engines answer the four
questions themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from importlib import import_module
from typing import Protocol, runtime_checkable

from ..analysis import Analysis
from ..board import Board
from ..engine import BackendUnavailable, EngineError, EngineTimeout  # noqa: F401 (re-exported)
from ..results import CheckResult


@runtime_checkable
class Backend(Protocol):
    """What every engine answers about a board (a game board is read as the puzzle it poses).

    Make one with `get_backend(name, timeout)`: `timeout` in seconds, or None for the engine's own
    default (no limit, except for `reference`, `gprolog`, `clingo` and `clpfd`, which stop after
    their DEFAULT_TIMEOUT, 60 seconds). The `timeout` attribute bounds each answer; an answer
    that takes longer raises EngineTimeout. Set to None afterwards, it lets any engine take as
    long as it needs. A `mines` argument says the board holds exactly that many mines in all
    (known mines included). `isinstance(engine, Backend)` is true of every engine `get_backend`
    makes; it looks only for these names, not at their arguments.

    An engine whose `count` lists every solution may say how many it lists a second at most, as
    `listing_pace` (an int; ten times or more what it lists of a row of `?`, the quickest):
    `compare` does not ask it for a count past that pace times its time limit.
    """

    name: str
    timeout: float | None

    def check(self, board: Board, mines: int | None = None) -> CheckResult:
        """Does `board` have exactly one solution? The verdict, and the solution when unique."""
        ...

    def count(self, board: Board, mines: int | None = None) -> int:
        """The exact number of solutions of `board`."""
        ...

    def solutions(
        self, board: Board, limit: int | None = None, mines: int | None = None
    ) -> Iterator[Board]:
        """The solutions of `board` (the first `limit` of them, or all for None; with `mines`,
        only those with exactly that many mines in all), each a fully revealed puzzle board. The
        order is the engine's own: engines list the same solutions, not in the same order."""
        ...

    def analyze(self, board: Board, mines: int | None = None) -> Analysis:
        """Every unknown cell's exact chance of being a mine, counted over all solutions."""
        ...


def lazy(where: str) -> Callable[..., Backend]:
    """The backend class at `module:Class`, imported only when one is made (so that a missing
    SWI-Prolog troubles only the engines that need it)."""
    module, _, name = where.partition(":")

    def make(*timeout: float | None) -> Backend:
        return getattr(import_module(module), name)(*timeout)

    make.__doc__ = f"A new {name} (imported from {module} on first use)."
    return make


# name -> a function that makes a new backend (given its timeout, or with the engine's own
# default). One line per engine.
REGISTRY: dict[str, Callable[..., Backend]] = {
    "kanren": lazy("logicmines.backends.kanren:KanrenBackend"),
    "prolog": lazy("logicmines.backends.prolog:PrologBackend"),
    "reference": lazy("logicmines.backends.prolog:ReferenceBackend"),
    "gprolog": lazy("logicmines.backends.gprolog:GprologBackend"),
    "clingo": lazy("logicmines.backends.clingo:ClingoBackend"),
    "clpfd": lazy("logicmines.backends.clpfd:ClpfdBackend"),
}


def backend_names() -> list[str]:
    """The names `get_backend` accepts, the default (`kanren`) first."""
    return list(REGISTRY)


def get_backend(name: str = "kanren", timeout: float | None = None) -> Backend:
    """A new backend called `name` (one of `backend_names()`), with that time limit in seconds or
    (None) the engine's own default: no limit, except for the whole-board engines (`reference`,
    `gprolog`, `clingo`, `clpfd`: their DEFAULT_TIMEOUT). The limit is read
    at each answer, so `backend.timeout = None` afterwards lets any engine take as long as it
    needs. A timeout that is not a number is a TypeError; one out of range a ValueError.

    ValueError for an unknown name; BackendUnavailable, whose message says what to install, when
    the engine cannot run here (pyswip, SWI-Prolog, clingo or GNU Prolog missing).
    """
    if not isinstance(name, str):
        raise TypeError(f"an engine's name is a str, one of {', '.join(REGISTRY)}, not {name!r}")
    if name not in REGISTRY:
        raise ValueError(f"unknown backend {name!r}; choose one of {', '.join(REGISTRY)}")
    return REGISTRY[name]() if timeout is None else REGISTRY[name](timeout)


# The name the command line, compare and the benchmarks have always called: the same function.
make_backend = get_backend
