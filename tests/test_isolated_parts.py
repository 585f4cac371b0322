"""benchmarks/isolated_parts.py, which measures what an exact search of walled-in parts could win
(docs/autoplay.md): its layouts against plain enumeration, and its scoring of a first click."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import all_models, position

from logicmines.board import Board

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import isolated_parts  # noqa: E402


@st.composite
def positions(draw) -> Board:
    """A small board from a random layout with some safe squares open and some mines marked."""
    height, width = draw(st.integers(2, 3)), draw(st.integers(2, 4))
    cells = [(r, c) for r in range(height) for c in range(width)]
    mines = draw(st.sets(st.sampled_from(cells), max_size=len(cells) // 2))
    free = sorted(set(cells) - mines)
    opened = draw(st.sets(st.sampled_from(free), max_size=len(free))) if free else set()
    marked = draw(st.sets(st.sampled_from(sorted(mines)), max_size=len(mines))) if mines else set()
    return position(height, width, mines, opened, marked)


@settings(max_examples=100, deadline=None)
@given(positions())
def test_an_isolated_parts_layouts_are_the_models_seen_on_it(board) -> None:
    models = all_models(board)
    for part in isolated_parts.parts(board):
        if not isolated_parts.isolated(board, part):
            continue
        seen = {
            frozenset(cell for cell in part if rows[cell[0]][cell[1]] == "*") for rows in models
        }
        assert set(isolated_parts.layouts(board, part)) == seen


def test_parts_are_the_unknown_cells_connected_through_unknown_neighbours() -> None:
    board = Board(("??1??", "111??", "?????"))
    assert isolated_parts.parts(board) == [
        [(0, 0), (0, 1)],
        [(0, 3), (0, 4), (1, 3), (1, 4), (2, 0), (2, 1), (2, 2), (2, 3), (2, 4)],
    ]
    assert isolated_parts.isolated(board, [(0, 0), (0, 1)]) is False  # the 1s touch row 2 too


def test_a_first_click_is_scored_by_the_chance_of_clearing_the_part() -> None:
    # Three cells walled in by marked mines and the board's edge, with one mine among them: (0,1)
    # shows 1 wherever the mine is, so it leaves a coin flip; (0,0) and (0,2) tell the other two
    # apart. Each is safe 2 times in 3.
    board = Board(("???", "***"))
    part = isolated_parts.parts(board)[0]
    assert part == [(0, 0), (0, 1), (0, 2)] and isolated_parts.isolated(board, part)
    assert len(isolated_parts.layouts(board, part)) == 8  # no digit: any placement
    among = [layout for layout in isolated_parts.layouts(board, part) if len(layout) == 1]
    chances = {cell: isolated_parts.cell_chance(board, part, among, cell) for cell in part}
    assert chances == {(0, 0): Fraction(2, 3), (0, 1): Fraction(1, 3), (0, 2): Fraction(2, 3)}
