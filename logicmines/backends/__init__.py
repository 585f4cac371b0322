"""The engines behind `--backend`: one protocol, a registry by name."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

from ..analysis import Analysis
from ..board import Board
from ..engine import BackendUnavailable, EngineError, EngineTimeout  # noqa: F401 (re-exported)
from ..results import CheckResult


class Backend(Protocol):
    """What every engine answers about a board (a game board is read as the puzzle it poses)."""

    name: str

    def check(self, board: Board, mines: int | None = None) -> CheckResult: ...

    def count(self, board: Board, mines: int | None = None) -> int: ...

    def solutions(self, board: Board, limit: int | None = None) -> Iterator[Board]: ...

    def analyze(self, board: Board, mines: int | None = None) -> Analysis: ...


def _kanren() -> Backend:
    from .kanren import KanrenBackend

    return KanrenBackend()


def _prolog() -> Backend:
    from .prolog import PrologBackend

    return PrologBackend()


def _reference() -> Backend:
    from .prolog import ReferenceBackend

    return ReferenceBackend()


REGISTRY: dict[str, Callable[[], Backend]] = {
    "kanren": _kanren,
    "prolog": _prolog,
    "reference": _reference,
}
_made: dict[str, Backend] = {}


def get_backend(name: str) -> Backend:
    """The backend called `name`, made once per process (pyswip allows one Prolog per process)."""
    if name not in REGISTRY:
        raise ValueError(f"unknown backend {name!r}; choose one of {', '.join(REGISTRY)}")
    if name not in _made:
        _made[name] = REGISTRY[name]()
    return _made[name]
