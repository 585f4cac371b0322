"""Plain enumeration of every model: the meaning every shortcut in counting is checked against."""

from __future__ import annotations

from itertools import product

from logicmines.board import Board


def all_models(board: Board, only: set | None = None) -> list[tuple[str, ...]]:
    """Every solved board (docs/rules.md, "Solutions"), by trying every mine placement on the
    unknown cells in turn.

    With `only`, just the digits at those cells must hold (the others are still safe cells)."""
    puzzle = board.as_puzzle()
    cells = list(puzzle.cells())
    unknown = [cell for cell in cells if puzzle[cell] == "?"]
    known = {cell for cell in cells if puzzle[cell] == "*"}
    digits = [
        (puzzle.neighbours(cell), int(puzzle[cell]))
        for cell in cells
        if puzzle[cell].isdigit() and (only is None or cell in only)
    ]
    solved = []
    for placement in product((False, True), repeat=len(unknown)):
        mines = known | {cell for cell, bit in zip(unknown, placement) if bit}
        if all(sum(cell in mines for cell in around) == value for around, value in digits):
            solved.append(Board.from_mines(puzzle.height, puzzle.width, mines).rows)
    return solved


def verdict_of(n: int) -> str:
    return "none" if n == 0 else "unique" if n == 1 else "multiple"
