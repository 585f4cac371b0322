"""Plain enumeration of every model: the meaning every shortcut in counting is checked against."""

from __future__ import annotations

from itertools import product

from logicmines.board import Board


def all_models(board: Board) -> list[tuple[str, ...]]:
    """Every solved board, by trying every mine placement on the unknown cells."""
    puzzle = board.as_puzzle()
    unknown = [cell for cell in puzzle.cells() if puzzle[cell] == "?"]
    solved = []
    for placement in product("01", repeat=len(unknown)):
        mines = {cell for cell, bit in zip(unknown, placement) if bit == "1"}
        mines |= {cell for cell in puzzle.cells() if puzzle[cell] == "*"}
        rows = []
        ok = True
        for r in range(puzzle.height):
            row = []
            for c in range(puzzle.width):
                if (r, c) in mines:
                    row.append("*")
                    continue
                around = sum(1 for cell in puzzle.neighbours((r, c)) if cell in mines)
                shown = puzzle[(r, c)]
                if shown != "?" and int(shown) != around:
                    ok = False
                    break
                row.append(str(around))
            if not ok:
                break
            rows.append("".join(row))
        if ok:
            solved.append(tuple(rows))
    return solved


def verdict_of(n: int) -> str:
    return "none" if n == 0 else "unique" if n == 1 else "multiple"
