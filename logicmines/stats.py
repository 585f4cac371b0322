"""stats: the numbers players quote about a game board: 3BV, openings, islands, mine density.

An opening is a group of blank squares (no mine beside them) joined side by side or corner to
corner: one click on any of them opens all of them and every digit around them. 3BV (Bechtel's
Board Benchmark Value) is the fewest clicks that clear the board: one per opening, plus one per
safe square that no opening reaches. Those squares, joined the same way, are the islands.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .board import Board, Cell, contradicted_digit, contradiction, require_board, shows
from .words import at, plural

__all__ = ["Stats", "StatsError", "board_stats", "stats_lines", "stats_record"]


class StatsError(ValueError):
    """A board whose mines are not all known, or whose digits its mines contradict; `cell` is
    the square at fault (None when no one square is)."""

    def __init__(self, message: str, cell: Cell | None = None):
        super().__init__(message)
        self.cell = cell


@dataclass(frozen=True)
class Stats:
    """What a mine layout is like to play."""

    height: int
    width: int
    mines: int
    bbbv: int  # 3BV: the fewest clicks that clear the board
    openings: int
    islands: int

    @property
    def density(self) -> Fraction:
        return Fraction(self.mines, self.height * self.width)


def layout_of(board: Board) -> set[Cell]:
    """Where the mines of a game board (M, X) or of a solved puzzle (*) are; StatsError when the
    board does not say, or shows a digit its mines contradict."""
    if board.kind == "puzzle":
        unknown = next((cell for cell in board.cells() if board[cell] == "?"), None)
        if unknown is not None:
            raise StatsError(
                f"stats needs a game board (mines marked M) or a solved puzzle; this puzzle has "
                f"an unknown cell at {at(unknown)}",
                unknown,
            )
    if (wrong := contradiction(board, exact=True)) is not None:  # a game board
        raise StatsError(wrong[1], wrong[0])  # worded as every command words it
    if (found := contradicted_digit(board, exact=True)) is not None:  # a solved puzzle
        cell, square, touching = found
        raise StatsError(
            f"the board has no solution: {shows(cell, square)} but touches "
            f"{plural(touching, 'mine')}",
            cell,
        )
    return {cell for cell in board.cells() if board[cell] in "MX*"}


def board_stats(board: Board) -> Stats:
    """3BV, openings and islands of the board's mine layout (what is revealed does not matter)."""
    require_board("board_stats", board, "game Board or a solved puzzle Board")
    height, width = board.height, board.width
    mines = layout_of(board)
    digits = Board.from_mines(height, width, mines)
    blank = {cell for cell in digits.cells() if digits[cell] == "0"}
    openings = _groups(board, blank)
    reached = set(blank)
    for cell in blank:
        reached.update(board.neighbours(cell))
    alone = {cell for cell in board.cells() if cell not in mines and cell not in reached}
    return Stats(
        height,
        width,
        len(mines),
        len(openings) + len(alone),
        len(openings),
        len(_groups(board, alone)),
    )


def _groups(board: Board, cells: set[Cell]) -> list[set[Cell]]:
    """`cells` split into groups joined side by side or corner to corner."""
    groups, seen = [], set()
    for start in sorted(cells):
        if start in seen:
            continue
        group, stack = set(), [start]
        seen.add(start)
        while stack:
            cell = stack.pop()
            group.add(cell)
            for n in board.neighbours(cell):
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        groups.append(group)
    return groups


# --- what the command prints ----------------------------------------------------------------------


def stats_lines(stats: Stats) -> list[str]:
    """The numbers as text, one line."""
    return [
        f"3BV {stats.bbbv}, {plural(stats.openings, 'opening')}, "
        f"{plural(stats.islands, 'island')}, {plural(stats.mines, 'mine')} in "
        f"{stats.height}x{stats.width} (density {float(stats.density):.1%})"
    ]


def stats_record(stats: Stats) -> dict:
    """The numbers as one JSON object (the density exactly, and as a float)."""
    return {
        "height": stats.height,
        "width": stats.width,
        "mines": stats.mines,
        "bbbv": stats.bbbv,
        "openings": stats.openings,
        "islands": stats.islands,
        "density": float(stats.density),
    }
