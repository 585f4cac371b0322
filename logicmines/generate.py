"""Boards from fixed seeds, for tests, benchmarks and puzzle setters: random puzzles, mid-games."""

from __future__ import annotations

import random

from .board import Board
from .reveal import reveal


def mine_layout(height: int, width: int, mines: int, rng: random.Random) -> set[tuple[int, int]]:
    """`mines` distinct cells chosen at random."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    return set(rng.sample(cells, mines))


def game_board(height: int, width: int, mines: set[tuple[int, int]]) -> Board:
    """A fresh game: every square unrevealed (E), the mines marked M."""
    rows = tuple(
        "".join("M" if (r, c) in mines else "E" for c in range(width)) for r in range(height)
    )
    return Board(rows, "game")


def random_puzzle(
    height: int, width: int, mine_fraction: float, hidden_fraction: float, seed: int
) -> Board:
    """A solvable-by-construction puzzle: random mines, then a random share of cells hidden (?)."""
    rng = random.Random(seed)
    count = round(height * width * mine_fraction)
    mines = mine_layout(height, width, count, rng)
    rows = []
    for r in range(height):
        row = []
        for c in range(width):
            if rng.random() < hidden_fraction:
                row.append("?")
            elif (r, c) in mines:
                row.append("*")
            else:
                around = sum(
                    (i, j) in mines for i in range(r - 1, r + 2) for j in range(c - 1, c + 2)
                )
                row.append(str(around))
        rows.append("".join(row))
    return Board(tuple(rows))


def midgame(height: int, width: int, mines: int, seed: int, opened: float = 0.5) -> Board:
    """A real position: random mines, then random safe clicks (the reveal rules, floods and all)
    until at least `opened` of the safe squares are open. Returned as the puzzle it poses."""
    rng = random.Random(seed)
    layout = mine_layout(height, width, mines, rng)
    board = game_board(height, width, layout)
    safe = height * width - mines
    order = [cell for cell in board.cells() if cell not in layout]
    rng.shuffle(order)
    open_squares = 0
    for cell in order:
        if open_squares >= opened * safe:
            break
        if board[cell] != "E":
            continue
        board = reveal(board, cell)
        open_squares = sum(len(row) - row.count("E") - row.count("M") for row in board.rows)
    return board.as_puzzle()
