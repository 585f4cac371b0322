"""stats: 3BV is the fewest clicks that clear the board (by brute force over the click rules),
openings and islands as defined, and boards that do not say where the mines are are errors."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from conftest import run_main
from hypothesis import given, settings
from hypothesis import strategies as st

from logicmines.board import Board, contradicted_digit
from logicmines.generate import game_board
from logicmines.reveal import reveal
from logicmines.stats import Stats, StatsError, board_stats, stats_lines, stats_record


def game(text: str) -> Board:
    return Board.from_text(text, kind="game")


def fewest_clicks(board: Board) -> int:
    """The fewest clicks that open every safe square, by trying every set of clicks, smallest
    first. A click opens the same squares whatever was opened before it (reveal's flood from a
    fresh board), so a set of clicks clears the board when their floods cover every safe square."""
    safe = [cell for cell in board.cells() if board[cell] != "M"]
    opens = {
        cell: {c for c in reveal(board, cell).cells() if reveal(board, cell)[c] not in "EM"}
        for cell in safe
    }
    for k in range(len(safe) + 1):
        for clicks in combinations(safe, k):
            if set().union(*(opens[c] for c in clicks)) >= set(safe):
                return k
    raise AssertionError("unreachable")


@st.composite
def small_layouts(draw):
    height = draw(st.integers(1, 4))
    width = draw(st.integers(1, 4))
    cells = [(r, c) for r in range(height) for c in range(width)]
    mines = draw(st.sets(st.sampled_from(cells), max_size=len(cells)))
    return game_board(height, width, set(mines))


@settings(max_examples=200, deadline=None)
@given(small_layouts())
def test_3bv_is_the_fewest_clicks_that_clear_the_board(board):
    assert board_stats(board).bbbv == fewest_clicks(board)


def test_one_opening_clears_a_board_with_a_mine_in_the_corner():
    stats = board_stats(game("EEEE / EEEE / EEEM"))
    assert (stats.bbbv, stats.openings, stats.islands, stats.mines) == (1, 1, 0, 1)


def test_squares_no_opening_reaches_are_clicked_one_by_one_and_joined_into_islands():
    # Mines on the middle row: no blank anywhere, every safe square needs its own click; the
    # top row is one island, the bottom row another.
    stats = board_stats(game("EEE / MMM / EEE"))
    assert (stats.bbbv, stats.openings, stats.islands) == (6, 0, 2)


def test_blanks_join_round_the_end_of_a_wall_of_mines():
    # The wall's digits part the blanks at the top; below its end they meet. The square over the
    # wall touches no blank: an island of one.
    stats = board_stats(game("EEEEEEE / EEEMEEE / EEEMEEE / EEEEEEE / EEEEEEE"))
    assert (stats.bbbv, stats.openings, stats.islands) == (2, 1, 1)
    stats = board_stats(game("EEEMEEE / EEEMEEE / EEEMEEE"))
    assert (stats.bbbv, stats.openings, stats.islands) == (2, 2, 0)


def test_what_is_revealed_does_not_change_the_numbers():
    board = game("EEE / MMM / EEE")
    assert board_stats(reveal(board, (0, 0))) == board_stats(board)


def test_a_lost_game_counts_its_x_as_a_mine():
    board = game("EEE / MMM / EEE")
    assert board_stats(reveal(board, (1, 1))) == board_stats(board)  # X at (1,1)
    stats = board_stats(game("XEE / EEE / EEE"))
    assert (stats.bbbv, stats.openings, stats.islands, stats.mines) == (1, 1, 0, 1)


def test_a_solved_puzzle_has_the_same_numbers_as_its_game():
    assert board_stats(Board.from_text("232 / *** / 232")) == board_stats(game("EEE / MMM / EEE"))


def test_every_number_of_the_line_is_grouped_by_thousands():
    big = Stats(
        height=1000, width=1000, mines=200_000, bbbv=350_482, openings=21_555, islands=1_000
    )
    assert stats_lines(big) == [
        "3BV 350,482, 21,555 openings, 1,000 islands, 200,000 mines in 1000x1000 (density 20.0%)"
    ]


def test_text_and_json():
    stats = board_stats(game("EEEM / EEEE / EEEE / MEEE"))
    assert stats_lines(stats) == ["3BV 1, 1 opening, 0 islands, 2 mines in 4x4 (density 12.5%)"]
    assert stats_record(stats) == {
        "height": 4,
        "width": 4,
        "mines": 2,
        "bbbv": 1,
        "openings": 1,
        "islands": 0,
        "density": 0.125,
    }


@pytest.mark.parametrize(
    "text, message",
    [
        ("1? / ??", "stats needs a game board (mines marked M) or a solved puzzle"),
        ("2E / EM", "(0,0) shows 2 but 1 mine is marked around it (M or X): where the board's "),
        ("2* / **", "the board has no solution: (0,0) shows 2 but touches 3 mines"),
    ],
)
def test_a_board_that_does_not_say_where_the_mines_are_is_an_error(text, message):
    with pytest.raises(StatsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        board_stats(Board.from_text(text))


def test_a_blank_beside_a_mine_is_called_a_blank_as_solvable_calls_it():
    with pytest.raises(StatsError) as refused:
        board_stats(Board(("BM", "EE"), "game"))
    assert str(refused.value) == (
        "(0,0) shows a blank but touches 1 marked mine (M or X): the board contradicts itself"
    )


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 5).flatmap(
        lambda width: st.lists(
            st.text(alphabet="EMBX12345678", min_size=width, max_size=width),
            min_size=1,
            max_size=5,
        )
    ),
    st.booleans(),
)
def test_contradicted_digit_is_the_first_square_counted_plainly_against_its_marks(rows, exact):
    """contradicted_digit counts on the rows' text; here each square's marked neighbours are
    counted one by one."""
    board = Board(tuple(rows), "game")
    expected = None
    for cell in board.cells():
        square = board[cell]
        if square in "EMX":
            continue
        shown = 0 if square == "B" else int(square)
        touching = sum(1 for n in board.neighbours(cell) if board[n] in "MX")
        if touching > shown or (exact and touching != shown):
            expected = (cell, square, touching)
            break
    assert contradicted_digit(board, exact) == expected


@pytest.mark.parametrize(
    "text, said",
    [
        # the line and column of the square at fault, where it said the board's first line
        ("1*\n12\n", "<stdin>:2:2: the board has no solution: (1,1) shows 2 but touches 1 mine"),
        ("1?\n??\n", "<stdin>:1:2: stats needs a game board (mines marked M) or a solved puzzle"),
        ("# x\n\n2E\nEM\n", "<stdin>:3:1: (0,0) shows 2 but 1 mine is marked around it"),
    ],
)
def test_the_command_line_points_at_the_square_at_fault(text, said):
    run = run_main(["stats", "-"], text)
    assert run.status == 2 and run.out == ""
    (line,) = run.err.splitlines()
    assert line.startswith(f"logicmines: error: {said}"), line


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32), st.floats(0, 1))
def test_the_grid_count_is_the_count_cell_by_cell(height, width, seed, density):
    # board_stats works on flat arrays for the board's own geometry (a 1000x1000 board took 13
    # s cell by cell, now about 1): the same numbers as asking each cell for its neighbours.
    from logicmines.stats import _by_neighbours

    rng = random.Random(seed)
    mines = {(r, c) for r in range(height) for c in range(width) if rng.random() < density}
    board = Board.from_mines(height, width, mines)
    found = board_stats(board)
    openings, alone, islands = _by_neighbours(board, mines)
    assert (found.openings, found.bbbv, found.islands) == (openings, openings + alone, islands)
