"""generate puzzle: seeded puzzles with exactly one solution, for setters; `minimal` ones too.

A puzzle starts as the whole solution, every cell shown, and cells are hidden one at a time in a
seeded order. A cell may be hidden when the puzzle with it hidden still has one solution. The
cheap test comes first: `settle` on the digits near the cell (a digit alone, or two sharing
cells) must force the cell and, when it showed a digit, every hidden cell that digit counted
(`_forced_near` says why that is enough); it is sound, so every cell it lets through keeps the
solution unique. Without `minimal` that is all. With `minimal`, a cell the cheap test keeps shown
is tried again with the exact check of the whole board, and kept shown only when hiding it gives
a second solution. Hiding more cells never removes a solution, so a cell that could not be hidden
then cannot be hidden later either: after one pass, hiding any shown cell of a minimal puzzle
gives more than one solution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .analysis import analyze_staged
from .backends import Backend
from .board import Board, Cell, require_callable, require_flag, require_whole, shown_value
from .deal import DealError, Draw, check_seed, check_size
from .engine import Deadline, PieceMemo, valid_timeout
from .generate import MINES
from .problem import Constraint, Problem
from .results import Verdict
from .solvable import _backend, _neighbours
from .staging import assignments, settle
from .words import plural

__all__ = ["Puzzle", "PuzzleError", "make_puzzle", "mines_for", "puzzle_lines", "puzzle_record"]

# How far from a hidden cell the cheap test looks: the digits beside it, and those sharing
# unknown cells with them.
_REACH = 3
# How far the exact count around a cell looks, then again further, before the whole board is
# checked; and how far a second solution is looked for, before that check.
_EXACT_REACH = 6
_FAR_REACH = 12
_SECOND_REACH = 8


class PuzzleError(ValueError):
    """A puzzle that cannot be made: an impossible size, mine count, density or seed."""


@dataclass(frozen=True)
class Puzzle:
    """A puzzle with exactly one solution, and how it was made."""

    board: Board  # 0-8 shown digits, * shown mines, ? hidden cells
    solution: Board
    mines: int
    seed: int
    minimal: bool

    @property
    def hidden(self) -> int:
        return sum(row.count("?") for row in self.board.rows)


def mines_for(height: int, width: int, mines: int | None, density: float | None) -> int:
    """The number of mines asked for (`mines`, or `density` of the cells, MINES by default).
    PuzzleError for what cannot be made, TypeError for a size, count or density that is not a
    number."""
    require_whole("make_puzzle", "height", height)
    require_whole("make_puzzle", "width", width)
    require_whole("make_puzzle", "mines", mines, optional=True)
    if density is not None and (isinstance(density, bool) or not isinstance(density, (int, float))):
        raise TypeError(
            f"make_puzzle: density must be a number from 0 to 1 or None, not {shown_value(density)}"
        )
    try:
        check_size(height, width)
    except DealError as error:
        raise PuzzleError(str(error)) from None
    cells = height * width
    if mines is not None and density is not None:
        raise PuzzleError("give the mines as a number or as a density, not both")
    if mines is None:
        share = MINES if density is None else density
        if not 0 <= share <= 1:
            raise PuzzleError(f"a density is a share of the cells from 0 to 1, not {share}")
        mines = round(cells * share)
    if not 0 <= mines <= cells:
        raise PuzzleError(
            f"{height}x{width} holds from 0 to {plural(cells, 'mine')}, not {mines:,}"
        )
    return mines


def make_puzzle(
    height: int,
    width: int,
    *,
    mines: int | None = None,
    density: float | None = None,
    seed: int = 0,
    minimal: bool = False,
    timeout: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Puzzle:
    """A puzzle of this size with exactly one solution, as many cells hidden as the cheap test
    allows (every cell it can, with `minimal`). EngineTimeout past `timeout` seconds.
    `progress(done, cells)`, when given, is told after each cell weighed (it changes nothing)."""
    count = mines_for(height, width, mines, density)
    require_whole("make_puzzle", "seed", seed)
    require_flag("make_puzzle", "minimal", minimal)
    require_callable("make_puzzle", "progress", progress)
    valid_timeout(timeout, "make_puzzle", PuzzleError)
    try:
        check_seed(seed)
    except DealError as error:
        raise PuzzleError(str(error)) from None
    draw = Draw(seed)
    cells = [(r, c) for r in range(height) for c in range(width)]
    layout = set(draw.sample(cells, count))
    solution = Board.from_mines(height, width, layout)
    grid = [list(row) for row in solution.rows]
    engine = _backend()
    deadline = Deadline("generate puzzle", timeout)
    with engine.clock(deadline):
        for done, (r, c) in enumerate(draw.shuffled(cells), 1):
            deadline.left()
            _hide_if_forced(grid, (r, c), layout, minimal, engine)
            if progress is not None:
                progress(done, len(cells))
    return Puzzle(_board(grid), solution, count, seed, minimal)


def _hide_if_forced(
    grid: list[list[str]], cell: Cell, layout: set[Cell], minimal: bool, engine: Backend
) -> None:
    """Hide `cell` in `grid` when the puzzle keeps one solution without it; else leave it."""
    r, c = cell
    shown, grid[r][c] = grid[r][c], "?"
    if _forced_near(grid, cell, shown != "*", engine.memo):
        return
    if minimal and not _second_solution_near(grid, layout, cell, engine.memo):
        # each test in turn looks further; the whole board's check, last, is seldom needed (6
        # times of 2,500 cells in a 50x50 puzzle, where it took 150 and the making 10.4 s, now
        # 5.9 s): it costs a whole board, the others the cells around
        for reach in (_EXACT_REACH, _FAR_REACH):
            if _forced_near(grid, cell, shown != "*", engine.memo, reach):
                return
        if not _second_solution_near(grid, layout, cell, engine.memo, _SECOND_REACH):
            if engine.check(_board(grid)).verdict is Verdict.UNIQUE:
                return
    grid[r][c] = shown


def _board(grid: list[list[str]]) -> Board:
    return Board(tuple("".join(row) for row in grid))


def _forced_near(
    grid: list[list[str]], cell: Cell, digit: bool, memo: PieceMemo, reach: int = _REACH
) -> bool:
    """Do the shown digits near the newly hidden `cell` prove that the puzzle still has one
    solution? They do when they force the cell and, if it showed a `digit`, every hidden cell
    that digit counted: any other solution would differ from the one solution somewhere the
    hidden digit counted (elsewhere all the other digits hold), and there they agree.

    The digits up to `reach` away are settled (one digit, two sharing cells); at a longer reach
    than the cheap test's, what is left is counted too, as analyze does."""
    height, width = len(grid), len(grid[0])
    around = _neighbours(height, width)
    r, c = cell
    constraints = []
    for i in range(max(0, r - reach), min(height, r + reach + 1)):
        for j in range(max(0, c - reach), min(width, c + reach + 1)):
            value = grid[i][j]
            if not value.isdigit():
                continue
            unknown = tuple(n for n in around[(i, j)] if grid[n[0]][n[1]] == "?")
            if unknown:
                known = sum(1 for n in around[(i, j)] if grid[n[0]][n[1]] == "*")
                constraints.append(Constraint((i, j), int(value), unknown, int(value) - known))
    if not constraints:
        return False
    board = Board(("?",))  # the staging reads only the constraints
    staged = settle(Problem(board, (), tuple(constraints), 0), memo)
    counted = [cell, *(n for n in around[cell] if grid[n[0]][n[1]] == "?")] if digit else [cell]
    if all(n in staged.forced for n in counted):
        return True
    if reach == _REACH:
        return False
    shares = analyze_staged(staged, memo).probabilities
    return all(n in shares and shares[n] in (0, 1) for n in counted)


def _second_solution_near(
    grid: list[list[str]], layout: set[Cell], cell: Cell, memo: PieceMemo, reach: int = _REACH
) -> bool:
    """Is there a second solution that differs from the one solution only near `cell` (up to
    `reach` rows and columns away)?

    The hidden cells near the cell are left open and every other hidden cell is held at what it
    is; every digit touching an open cell is then a constraint on the open cells alone, so a
    second model of those constraints is a second solution of the whole puzzle. (No second model
    here proves nothing: a second solution may differ further away.)"""
    height, width = len(grid), len(grid[0])
    around = _neighbours(height, width)
    r, c = cell
    near = {
        (i, j)
        for i in range(max(0, r - reach), min(height, r + reach + 1))
        for j in range(max(0, c - reach), min(width, c + reach + 1))
        if grid[i][j] == "?"
    }
    digits = {n for cell in near for n in around[cell] if grid[n[0]][n[1]].isdigit()}
    constraints = []
    for i, j in sorted(digits):
        value = int(grid[i][j])
        open_cells = tuple(n for n in around[(i, j)] if n in near)
        held = sum(1 for n in around[(i, j)] if n not in near and n in layout)
        constraints.append(Constraint((i, j), value, open_cells, value - held))
    touched = {n for constraint in constraints for n in constraint.cells}
    if near - touched:
        return True  # a hidden cell no digit touches may be a mine or not
    board = Board(("?",))  # the staging reads only the constraints
    staged = settle(Problem(board, tuple(sorted(near)), tuple(constraints), 0), memo)
    return len(list(assignments(staged, memo, limit=2))) > 1


# --- what the command prints ----------------------------------------------------------------------


def puzzle_lines(puzzle: Puzzle, solution: bool = False) -> list[str]:
    """The puzzle as text: a comment line saying how it was made, the puzzle, and (with
    `solution`) its solution after a blank line."""
    board = puzzle.board
    how = (
        f"# {board.height}x{board.width}, {plural(puzzle.mines, 'mine')}, "
        f"{plural(puzzle.hidden, 'cell')} hidden, one solution"
        + (", minimal" if puzzle.minimal else "")
        + f", seed {puzzle.seed}"
    )
    lines = [how, *board.rows]
    if solution:
        lines += ["", "# its solution", *puzzle.solution.rows]
    return lines


def puzzle_record(puzzle: Puzzle) -> dict:
    """The puzzle as one JSON object."""
    return {
        "height": puzzle.board.height,
        "width": puzzle.board.width,
        "mines": puzzle.mines,
        "seed": str(puzzle.seed),  # up to 2**64 - 1: digits, as counts are (docs/json.md)
        "minimal": puzzle.minimal,
        "hidden": puzzle.hidden,
        "rows": list(puzzle.board.rows),
        "solution": list(puzzle.solution.rows),
    }
