"""Plain enumeration of every model: the meaning every shortcut in counting is checked against."""

from __future__ import annotations

from itertools import product

from hypothesis import strategies as st

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


def mines_in(rows: tuple[str, ...]) -> int:
    """How many mines a solved board (its rows) has."""
    return sum(row.count("*") for row in rows)


def models_with(board: Board, mines: int | None) -> list[tuple[str, ...]]:
    """`all_models` of `board` with exactly `mines` mines in all (every one when None)."""
    models = all_models(board)
    return models if mines is None else [rows for rows in models if mines_in(rows) == mines]


def verdict_of(n: int) -> str:
    return "none" if n == 0 else "unique" if n == 1 else "multiple"


def position(height: int, width: int, mines, opened, marked=()) -> Board:
    """The puzzle a player sees of the layout `mines`: the `opened` safe squares show their
    digits, the `marked` mines show `*`, the rest is unknown."""
    blank = Board(tuple("?" * width for _ in range(height)))
    rows = [["?"] * width for _ in range(height)]
    for r, c in opened:
        rows[r][c] = str(sum(n in mines for n in blank.neighbours((r, c))))
    for r, c in marked:
        rows[r][c] = "*"
    return Board(tuple("".join(row) for row in rows))


@st.composite
def positions(draw) -> tuple[Board, int]:
    """A small board with a random layout, some safe squares open and some mines marked: the
    position and its mine total (1-5 mines, at least one square unknown)."""
    height, width = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    cells = [(r, c) for r in range(height) for c in range(width)]
    mines = draw(st.sets(st.sampled_from(cells), min_size=1, max_size=min(5, len(cells) - 1)))
    free = sorted(set(cells) - mines)
    opened = draw(st.sets(st.sampled_from(free), max_size=len(free) - 1))
    marked = draw(st.sets(st.sampled_from(sorted(mines)), max_size=len(mines) - 1))
    return position(height, width, mines, opened, marked), len(mines)
