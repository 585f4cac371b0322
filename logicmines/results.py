"""What the backends answer: verdicts, counts and solved boards, as data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .board import Board, Cell


class Verdict(str, Enum):
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"


@dataclass(frozen=True)
class CheckResult:
    """The answer to "does this board have exactly one solution?"."""

    verdict: Verdict
    solution: Board | None = None  # only when unique
    reason: str | None = None  # only when none


def solved_board(puzzle: Board, mines: dict[Cell, int]) -> Board:
    """The fully revealed board: `*` for every mine (known, or 1 in `mines`), every safe cell
    showing its digit."""
    layout = [cell for cell in puzzle.cells() if puzzle[cell] == "*" or mines.get(cell)]
    return puzzle.with_rows(Board.from_mines(puzzle.height, puzzle.width, layout).rows)
