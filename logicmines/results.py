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
    """The fully revealed board: `*` for every mine, every safe cell showing its digit."""
    rows = [list(row) for row in puzzle.rows]
    for (r, c), value in mines.items():
        rows[r][c] = "*" if value else "?"
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "?":
                around = puzzle.neighbours((r, c))
                row[c] = str(sum(1 for i, j in around if rows[i][j] == "*"))
    return puzzle.with_rows(tuple("".join(row) for row in rows))
