"""What every backend needs from a puzzle: unknown cells, digit constraints, pieces, parts."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .board import Board, Cell, positions
from .words import at, plural


@dataclass(frozen=True)
class Constraint:
    """A shown digit: exactly `need` of `cells` (its unknown neighbours) are mines.

    The staging narrows constraints as it settles cells; a narrowed one keeps the board's own
    constraint for its digit as `origin`, so an explanation can name what the board shows.
    """

    digit: Cell
    value: int
    cells: tuple[Cell, ...]
    need: int
    origin: Constraint | None = field(default=None, compare=False, repr=False)

    def describe(self) -> str:
        return f"{at(self.digit)}={self.value}"

    @property
    def original(self) -> Constraint:
        """The board's own constraint for this digit (itself, unless narrowed)."""
        return self.origin or self

    def narrowed(self, cells: tuple[Cell, ...], need: int) -> Constraint:
        """The same digit, once some of its cells are settled: `need` of `cells` left."""
        return Constraint(self.digit, self.value, cells, need, self.original)


class NoSolution(Exception):
    """The board has no solution; the message names the digits that cannot hold together.

    `digits` are the constraints where the contradiction showed (other digits may have forced
    cells on the way there; `logicmines.explain.conflict` finds a small group that alone fails).
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
        constraints: list[Constraint] = []
        reasons: list[str] = []
        for r, columns in _digits_to_look_at(board.rows):
            for c in columns:
                _state_digit(board, (r, c), constraints, reasons)
        unknowns = tuple((r, c) for r, row in enumerate(board.rows) for c in positions(row, "?"))
        return cls(
            board,
            unknowns,
            tuple(constraints),
            sum(row.count("*") for row in board.rows),
            reasons[0] if reasons else None,
        )

    def free_cells(self) -> tuple[Cell, ...]:
        """Unknown cells that touch no digit: each one doubles the count."""
        touched = {cell for constraint in self.constraints for cell in constraint.cells}
        return tuple(cell for cell in self.unknowns if cell not in touched)


# Byte tables for bytes.translate: a row of cells as one byte per cell.
_MINE = bytes(int(b == ord("*")) for b in range(256))
_UNKNOWN = bytes(int(b == ord("?")) for b in range(256))
_VALUE = bytes(b - 48 if 48 <= b <= 56 else 0 for b in range(256))
_DIGIT = bytes(255 if 48 <= b <= 56 else 0 for b in range(256))


def _digits_to_look_at(rows: tuple[str, ...]) -> Iterator[tuple[int, list[int]]]:
    """For each row, the columns of the digits that touch an unknown cell or do not show the
    number of known mines around them: the only digits that say anything, or that are wrong.

    A row is read as one big integer, a byte per cell, so that the mines (or unknown cells)
    around every cell of a row are a few additions of shifted integers (no byte ever exceeds
    9, so none carries into the next): on a board of revealed digits, that is most of the work.
    """
    width = len(rows[0])
    full = (1 << (8 * width)) - 1

    def as_int(row: str, table: bytes) -> int:
        return int.from_bytes(row.encode("ascii").translate(table), "big")

    def around(above: int, here: int, below: int) -> int:
        column = above + here + below
        return column + ((column << 8) & full) + (column >> 8)

    mines = [0] + [as_int(row, _MINE) for row in rows] + [0]
    unknown = [0] + [as_int(row, _UNKNOWN) for row in rows] + [0]
    for r, row in enumerate(rows):
        digit = as_int(row, _DIGIT)
        if not digit:
            continue
        shown = as_int(row, _VALUE)
        near_unknown = around(*unknown[r : r + 3]) & digit
        wrong = (around(*mines[r : r + 3]) & digit) ^ shown
        look = (near_unknown | wrong).to_bytes(width, "big")
        if any(look):
            yield r, [c for c, byte in enumerate(look) if byte]


def _state_digit(board: Board, cell: Cell, constraints: list, reasons: list) -> None:
    """The digit at `cell` as a constraint on its unknown neighbours, or a reason it cannot hold."""
    value, mines, cells = _around(board, cell)
    reason = _cannot_hold(cell, value, mines, len(cells))
    if reason:
        reasons.append(reason)
    elif cells:
        constraints.append(Constraint(cell, value, cells, value - mines))


def digit_reason(board: Board, cell: Cell) -> str | None:
    """Why the digit at `cell` of a puzzle can never hold, whatever its unknown neighbours are
    (it touches more known mines than it shows, or too few cells are left to be its mines);
    None when some choice of them makes it hold."""
    value, mines, cells = _around(board, cell)
    return _cannot_hold(cell, value, mines, len(cells))


def _around(board: Board, cell: Cell) -> tuple[int, int, tuple[Cell, ...]]:
    """The digit at `cell`, the known mines around it, and its unknown neighbours."""
    rows = board.rows
    around = board.neighbours(cell)
    mines = sum(1 for i, j in around if rows[i][j] == "*")
    cells = tuple((i, j) for i, j in around if rows[i][j] == "?")
    return ord(rows[cell[0]][cell[1]]) - 48, mines, cells


def _cannot_hold(cell: Cell, value: int, mines: int, unknown: int) -> str | None:
    if value < mines:
        return f"{at(cell)} shows {value} but touches {plural(mines, 'known mine')}"
    if value > mines + unknown:
        room = mines + unknown
        can = "can be a mine" if room == 1 else "can be mines"
        return f"{at(cell)} shows {value} but only {room} of its neighbours {can}"
    return None


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
