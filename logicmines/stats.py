"""stats: the numbers players quote about a game board: 3BV, openings, islands, mine density.

An opening is a group of blank squares (no mine beside them) joined side by side or corner to
corner: one click on any of them opens all of them and every digit around them. 3BV (Bechtel's
Board Benchmark Value) is the fewest clicks that clear the board: one per opening, plus one per
safe square that no opening reaches. Those squares, joined the same way, are the islands.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .board import (
    Board,
    Cell,
    contradicted_digit,
    contradiction,
    mine_counts,
    require_board,
    shows,
)
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
    if type(board).neighbours is Board.neighbours:
        openings, alone, islands = _on_grid(height, width, mines)
    else:  # a board with neighbours of its own: each cell asked for them
        openings, alone, islands = _by_neighbours(board, mines)
    return Stats(height, width, len(mines), openings + alone, openings, islands)


def _by_neighbours(board: Board, mines: set[Cell]) -> tuple[int, int, int]:
    """Openings, safe cells no opening reveals, and islands (their groups), cell by cell."""
    digits = Board.from_mines(board.height, board.width, mines)
    blank = {cell for cell in digits.cells() if digits[cell] == "0"}
    openings = _groups(board, blank)
    reached = set(blank)
    for cell in blank:
        reached.update(board.neighbours(cell))
    alone = {cell for cell in board.cells() if cell not in mines and cell not in reached}
    return len(openings), len(alone), len(_groups(board, alone))


# A count of 0 as 1, anything else as 0: the blanks of a row of mine counts, in one translate.
_ZERO = bytes([1] + [0] * 255)


def _on_grid(height: int, width: int, mines: set[Cell]) -> tuple[int, int, int]:
    """What `_by_neighbours` gives, on flat arrays with a border all round, so that the 8
    neighbours of cell i are i plus fixed offsets and need no bounds check: a 1000x1000 board
    took 13 s (20 with no mine at all) cell by cell."""
    span = width + 2
    size = (height + 2) * span
    counts = mine_counts(height, width, mines)
    blank = bytearray(size)
    inside = bytearray(size)
    for r in range(1, height + 1):
        start = r * span
        blank[start + 1 : start + width + 1] = bytes(counts[r][1:-1]).translate(_ZERO)
        inside[start + 1 : start + width + 1] = b"\x01" * width
    offsets = (-span - 1, -span, -span + 1, -1, 1, span - 1, span, span + 1)
    reached = bytearray(blank)  # blanks, and what their openings reveal
    openings = _components(blank, offsets, reached)
    alone = bytearray(inside)
    for r, c in mines:
        alone[(r + 1) * span + c + 1] = 0
    for i, was in enumerate(reached):
        if was:
            alone[i] = 0
    return openings, alone.count(1), _components(alone, offsets)


def _components(
    cells: bytearray, offsets: tuple[int, ...], touched: bytearray | None = None
) -> int:
    """How many groups the 1s of `cells` make, joined side by side or corner to corner; every
    neighbour of a 1 is marked in `touched`, when given."""
    seen = bytearray(len(cells))
    groups = 0
    i = cells.find(1)
    while i != -1:
        if not seen[i]:
            groups += 1
            seen[i] = 1
            stack = [i]
            while stack:
                j = stack.pop()
                for offset in offsets:
                    k = j + offset
                    if touched is not None:
                        touched[k] = 1
                    if cells[k] and not seen[k]:
                        seen[k] = 1
                        stack.append(k)
        i = cells.find(1, i + 1)
    return groups


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
        f"3BV {stats.bbbv:,}, {plural(stats.openings, 'opening')}, "
        f"{plural(stats.islands, 'island')}, {plural(stats.mines, 'mine')} in "
        f"{stats.height}x{stats.width} (density {float(stats.density):.1%})"
    ]


def stats_record(stats: Stats) -> dict:
    """The numbers as one JSON object (the density as a float: mines over squares)."""
    return {
        "height": stats.height,
        "width": stats.width,
        "mines": stats.mines,
        "bbbv": stats.bbbv,
        "openings": stats.openings,
        "islands": stats.islands,
        "density": float(stats.density),
    }
