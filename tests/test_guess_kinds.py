"""benchmarks/guess_kinds.py, which sorts the autoplay bot's guesses (docs/autoplay.md, "Where the
games are lost"): its dead cells against plain enumeration, its kinds on boards worked by hand,
and a measurement whose counts add up."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from oracle import models_with, positions

from logicmines.board import Board
from logicmines.bot import _engine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import guess_kinds  # noqa: E402


@settings(max_examples=100, deadline=None)
@given(positions())
def test_a_dead_cell_shows_the_same_digit_in_every_model_where_it_is_safe(drawn) -> None:
    board, mines = drawn
    models = models_with(board, mines)
    probabilities = _engine("kanren").analyze(board, mines).probabilities
    for cell in probabilities:
        around = [n for n in board.neighbours(cell) if board[n] == "?"]
        decided = all(len({rows[r][c] == "*" for rows in models}) == 1 for r, c in around)
        assert guess_kinds.dead(board, probabilities, cell) is decided
        if decided:
            shown = {
                sum(rows[r][c] == "*" for r, c in board.neighbours(cell))
                for rows in models
                if rows[cell[0]][cell[1]] != "*"
            }
            assert len(shown) <= 1


def test_kinds_of_guesses_worked_by_hand() -> None:
    # The 1s see columns 0-2: one mine among their four unknown cells; column 3 touches no digit.
    # Two mines in all: 4 x 2 = 8 layouts, a quarter of them with a mine on each cell beside the
    # 1s and half with one on each cell of column 3.
    board = Board(("?1??", "?1??"))
    analysis = _engine("kanren").analyze(board, 2)
    assert analysis.count == 8
    assert guess_kinds.kinds(board, analysis, (0, 0), first=True) == [
        "all",
        "first",
        "safest",
        "risk<=40%",
    ]
    # Later, with few layouts left, the same guess is the endgame's.
    assert guess_kinds.kinds(board, analysis, (0, 0), first=False)[1] == "endgame"
    assert guess_kinds.kinds(board, analysis, (0, 3), first=False) == [
        "all",
        "endgame",
        "off",
        "risk>40%",
    ]
    # A cell walled in by marked mines shows a certain digit: dead, and touching no digit.
    walled = Board(("?*?", "***"))
    analysis = _engine("kanren").analyze(walled, 5)
    assert {"dead", "off", "risk>40%"} <= set(guess_kinds.kinds(walled, analysis, (0, 0), False))


def test_a_measurement_counts_every_guess_once_in_each_of_its_kinds() -> None:
    summary = guess_kinds.measure(3, 900, "zero")
    counts = summary["kinds"]
    total = counts["all"]["guesses"]
    phases = sum(
        counts.get(name, {"guesses": 0})["guesses"] for name in ("first", "endgame", "middle")
    )
    bands = sum(
        counts.get(name, {"guesses": 0})["guesses"]
        for name in ["risk<=10%", "risk<=20%", "risk<=40%", "risk>40%"]
    )
    assert phases == bands == total > 0
    assert counts["all"]["lost"] == summary["games"] - summary["wins"]
