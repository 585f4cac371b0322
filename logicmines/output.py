"""How answers are written: boards as grids, verdicts in words, probabilities, engine tables."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import TextIO

from .analysis import Analysis
from .board import Board
from .compare import Outcome
from .results import Verdict
from .svg import percent

VERDICT_WORDS = {
    Verdict.UNIQUE: ("unique: exactly one solution", "32"),
    Verdict.MULTIPLE: ("multiple: more than one solution", "33"),
    Verdict.NONE: ("none: no solution", "31"),
}

# A solved game board is drawn in the game's own letters: a mine the player has not found is M,
# a revealed one stays X, a safe square with no mine around it is B.
_PUZZLE_TO_GAME = str.maketrans({"*": "M", "0": "B"})


@dataclass
class Out:
    """Where answers go: JSON Lines, or text for people (with colour only on a terminal)."""

    stream: TextIO
    json: bool
    colour: bool

    def line(self, text: str = "") -> None:
        self.stream.write(text + "\n")

    def record(self, **fields: object) -> None:
        self.stream.write(json.dumps(fields) + "\n")

    def paint(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.colour else text

    def grid(self, board: Board) -> None:
        for row in board.render().splitlines():
            self.line("  " + row)


def title(index: int, board: Board) -> str:
    size = f"{board.height}x{board.width} {board.kind}"
    return f"board {index + 1} ({board.source}:{board.line}, {size})"


def plural(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def as_given(board: Board, solution: Board) -> Board:
    """A solution drawn the way its board came in: a game board in game letters and form."""
    if board.kind != "game":
        return solution.as_grid()
    rows = tuple(
        "".join(
            "X" if given == "X" else solved.translate(_PUZZLE_TO_GAME)
            for given, solved in zip(given_row, solved_row)
        )
        for given_row, solved_row in zip(board.rows, solution.rows)
    )
    return board.with_rows(rows)


# --- analyze ------------------------------------------------------------------------------------


def cell_name(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def cell_list(cells: list[tuple[int, int]]) -> str:
    if not cells:
        return "none"
    shown = " ".join(cell_name(c) for c in cells[:20])
    return shown + (f" and {len(cells) - 20:,} more" if len(cells) > 20 else "")


def analysis_record(index: int, analysis: Analysis) -> dict[str, object]:
    """analyze's JSON object (DESIGN.md): probabilities as a grid, null where nothing is unknown."""
    board = analysis.board
    shares = analysis.probabilities
    fields: dict[str, object] = {
        "board": index,
        "count": analysis.count,
        "probabilities": [
            [_number(shares.get((r, c))) for c in range(board.width)] for r in range(board.height)
        ],
        "safe": [list(cell) for cell in analysis.safe],
        "mines": [list(cell) for cell in analysis.mines],
        "best": list(analysis.best) if analysis.best else None,
    }
    if analysis.reason:
        fields["reason"] = analysis.reason
    return fields


def _number(p: Fraction | None) -> float | None:
    return None if p is None else float(p)


def draw_analysis(analysis: Analysis, out: Out) -> None:
    """The board with each unknown cell's chance of being a mine in percent (`26%`), digits and
    known mines as shown; then the forced cells and the best click."""
    board = analysis.board
    for r in range(board.height):
        cells = []
        for c in range(board.width):
            p = analysis.probabilities.get((r, c))
            if p is None:
                cells.append(f"{board[(r, c)]:>5}")
                continue
            colour = "32" if p == 0 else "31;1" if p == 1 else "31" if p > 0.5 else "33"
            cells.append(out.paint(f"{percent(p) + '%':>5}", colour))
        out.line("".join(cells))
    out.line("  (digits and * as shown; N%: the chance that an unknown cell is a mine)")
    out.line(f"safe in every solution: {cell_list(analysis.safe)}")
    out.line(f"a mine in every solution: {cell_list(analysis.mines)}")
    if analysis.best is not None:
        p = analysis.probabilities[analysis.best]
        out.line(f"best next click: {cell_name(analysis.best)} ({percent(p)}% chance of a mine)")


# --- compare ------------------------------------------------------------------------------------


def draw_comparison(outcomes: dict[str, Outcome], out: Out) -> None:
    """One line per engine: verdict, count, seconds (or why there is no answer)."""
    counts = [f"{o.count:,}" for o in outcomes.values() if o.error is None]
    width = max([len("count"), *map(len, counts)])
    out.line(f"  {'engine':<10} {'verdict':<9} {'count':>{width}} {'seconds':>9}")
    for name, o in outcomes.items():
        if o.error is not None:
            out.line(f"  {name:<10} {o.error}")
        else:
            out.line(f"  {name:<10} {o.verdict:<9} {o.count:>{width},} {o.seconds:>9.3f}")
