"""What the backends answer: verdicts, counts and solved boards, as data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .board import Board, Cell, mine_counts, positions


class Verdict(str, Enum):
    """A check's answer: exactly one solution (UNIQUE), two or more (MULTIPLE), or none (NONE)."""

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"


@dataclass(frozen=True)
class CheckResult:
    """The answer to "does this board have exactly one solution?"."""

    verdict: Verdict
    solution: Board | None = None  # only when unique
    reason: str | None = None  # only when none


MANY = 10_000  # unknown cells past which solved_board counts every mine at once


def solved_board(puzzle: Board, mines: dict[Cell, int]) -> Board:
    """The fully revealed board: `*` for every mine (known, or 1 in `mines`), every other cell
    that was unknown showing its digit. Only the rows with unknown cells are touched, so a big
    board with a few unknown cells is solved in time proportional to those few."""
    rows = list(puzzle.rows)
    changed: dict[int, list[str]] = {}
    unknown = [(r, c) for r, row in enumerate(rows) for c in positions(row, "?")]
    for r, c in unknown:
        if r not in changed:  # each row copied once (a default built per cell made it quadratic)
            changed[r] = list(rows[r])
        changed[r][c] = "*" if mines.get((r, c)) else "?"
    for r, cells in changed.items():
        rows[r] = "".join(cells)
    if type(puzzle).neighbours is not Board.neighbours:  # a board with its own neighbours
        for r, c in unknown:
            if rows[r][c] == "?":
                around = sum(rows[i][j] == "*" for i, j in puzzle.neighbours((r, c)))
                changed[r][c] = str(around)
    elif len(unknown) >= MANY:
        # Many cells to count: every mine counted into its 3x3 square at once (a 700x700 board
        # of ? took 6 s cell by cell).
        mines_at = ((r, c) for r, row in enumerate(rows) for c in positions(row, "*"))
        counts = mine_counts(puzzle.height, puzzle.width, mines_at)
        for r, c in unknown:
            if rows[r][c] == "?":
                changed[r][c] = str(counts[r + 1][c + 1])
    else:
        # The `*`s of the 3x3 square, counted on the text of its (up to) three rows: a fourth
        # of the time of asking for each neighbour (listing 2,000 solutions of a half-played
        # 50x50 game spent 9 s here, now 2 s).
        last = len(rows) - 1
        for r, c in unknown:
            if rows[r][c] == "?":
                left = c - 1 if c else 0
                around = rows[r].count("*", left, c + 2)
                if r:
                    around += rows[r - 1].count("*", left, c + 2)
                if r < last:
                    around += rows[r + 1].count("*", left, c + 2)
                changed[r][c] = str(around)
    for r, cells in changed.items():
        rows[r] = "".join(cells)
    return puzzle.with_rows(rows)
