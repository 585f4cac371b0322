"""What every backend needs from a puzzle: unknown cells, digit constraints, pieces, parts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .board import Board, Cell
from .words import at


@dataclass(frozen=True)
class Constraint:
    """A shown digit: exactly `need` of `cells` (its unknown neighbours) are mines."""

    digit: Cell
    value: int
    cells: tuple[Cell, ...]
    need: int

    def describe(self) -> str:
        return f"{at(self.digit)}={self.value}"


class NoSolution(Exception):
    """The board has no solution; the message names the digits that cannot hold together.

    `digits` are the constraints where the contradiction showed (other digits may have forced
    cells on the way there; `logicmines.analysis.explain` finds a small group that alone fails).
    """

    def __init__(self, message: str, digits: tuple[Constraint, ...] = ()):
        super().__init__(message)
        self.digits = digits


@dataclass
class Problem:
    """A puzzle board stated as constraints on its unknown (`?`) cells."""

    board: Board
    unknowns: tuple[Cell, ...]
    constraints: tuple[Constraint, ...]
    known_mines: int
    reason: str | None = None  # set when some digit can never hold, whatever the unknowns are

    @classmethod
    def from_board(cls, board: Board) -> Problem:
        """State `board` (a game board is read as the puzzle it poses) as constraints."""
        board = board.as_puzzle()
        rows = board.rows
        unknowns = []
        constraints = []
        reasons = []
        known_mines = 0
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch == "?":
                    unknowns.append((r, c))
                    continue
                if ch == "*":
                    known_mines += 1
                    continue
                value = ord(ch) - 48
                around = board.neighbours((r, c))
                mines = sum(1 for i, j in around if rows[i][j] == "*")
                cells = tuple((i, j) for i, j in around if rows[i][j] == "?")
                need = value - mines
                if need < 0:
                    touch = "mine" if mines == 1 else "mines"
                    reasons.append(f"{at((r, c))} shows {value} but touches {mines} known {touch}")
                elif need > len(cells):
                    room = mines + len(cells)
                    can = "can be a mine" if room == 1 else "can be mines"
                    reasons.append(
                        f"{at((r, c))} shows {value} but only {room} of its neighbours {can}"
                    )
                elif cells:
                    constraints.append(Constraint((r, c), value, cells, need))
        return cls(
            board,
            tuple(unknowns),
            tuple(constraints),
            known_mines,
            reasons[0] if reasons else None,
        )

    def free_cells(self) -> tuple[Cell, ...]:
        """Unknown cells that touch no digit: each one doubles the count."""
        touched = {cell for constraint in self.constraints for cell in constraint.cells}
        return tuple(cell for cell in self.unknowns if cell not in touched)


def touching(constraints: Sequence[Constraint]) -> dict[Cell, list[int]]:
    """For each unknown cell, the indices of the digits (constraints) around it."""
    around: dict[Cell, list[int]] = {}
    for i, constraint in enumerate(constraints):
        for cell in constraint.cells:
            around.setdefault(cell, []).append(i)
    return around


def parts(constraints: list[Constraint]) -> list[list[Constraint]]:
    """The constraints split into independent parts: linked through the cells they share."""
    parent = list(range(len(constraints)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[Cell, int] = {}
    for i, constraint in enumerate(constraints):
        for cell in constraint.cells:
            j = owner.setdefault(cell, i)
            if j != i:
                a, b = root(i), root(j)
                if a != b:
                    parent[b] = a
    groups: dict[int, list[Constraint]] = {}
    for i, constraint in enumerate(constraints):
        groups.setdefault(root(i), []).append(constraint)
    return list(groups.values())
