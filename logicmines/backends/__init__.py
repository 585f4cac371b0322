"""The engines behind `--backend`: one protocol, a registry by name.

A backend answers the four questions below about a board; its `timeout` (seconds, or None for no
limit) bounds each answer, which then raises EngineTimeout. Most backends are built on
`StagedBackend` (backends/staged.py), so that they implement only `models(piece, limit)`; the
whole-board engines (`reference`, `gprolog`) answer the four questions themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from importlib import import_module
from typing import Protocol

from ..analysis import Analysis
from ..board import Board
from ..engine import BackendUnavailable, EngineError, EngineTimeout  # noqa: F401 (re-exported)
from ..results import CheckResult


class Backend(Protocol):
    """What every engine answers about a board (a game board is read as the puzzle it poses)."""

    name: str
    timeout: float | None

    def check(self, board: Board, mines: int | None = None) -> CheckResult: ...

    def count(self, board: Board, mines: int | None = None) -> int: ...

    def solutions(self, board: Board, limit: int | None = None) -> Iterator[Board]: ...

    def analyze(self, board: Board, mines: int | None = None) -> Analysis: ...


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


def make_backend(name: str, timeout: float | None = None) -> Backend:
    """A new backend called `name`, with that time limit or (None) the engine's own default
    (none, except `reference`: see its class); ValueError for an unknown name."""
    if name not in REGISTRY:
        raise ValueError(f"unknown backend {name!r}; choose one of {', '.join(REGISTRY)}")
    return REGISTRY[name]() if timeout is None else REGISTRY[name](timeout)
