"""solvable: the judge against a step-by-step brute-force judge, and its answers and errors."""

from __future__ import annotations

import pytest
from conftest import run_main
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import all_models, models_with

from logicmines.board import Board
from logicmines.generate import game_board
from logicmines.reveal import reveal, status
from logicmines.solvable import (
    Position,
    SolvableError,
    _Around,
    solvable,
    solvable_lines,
    solvable_record,
)


def game(text: str) -> Board:
    return Board.from_text(text, kind="game")


def brute_judge(board: Board, click, mines: int | None) -> Board:
    """Step by step by plain enumeration: list every solution of what is showing (with exactly
    `mines` mines when given), open every square that is safe in all of them, until none is."""
    board = reveal(board, click)
    while status(board) == "playing":
        models = all_models(board)
        if mines is not None:
            models = [rows for rows in models if sum(row.count("*") for row in rows) == mines]
        unknown = [cell for cell in board.cells() if board[cell] in "EM"]
        safe = [cell for cell in unknown if all(rows[cell[0]][cell[1]] != "*" for rows in models)]
        if not safe:
            break
        for cell in safe:
            if board[cell] == "E":
                board = reveal(board, cell)
    return board


@st.composite
def small_games(draw):
    """A game of at most 12 squares, its mines, and a click on a safe square."""
    height = draw(st.integers(1, 3))
    width = draw(st.integers(1, 12 // height))
    cells = [(r, c) for r in range(height) for c in range(width)]
    click = draw(st.sampled_from(cells))
    others = [cell for cell in cells if cell != click]
    mines = draw(
        st.sets(st.sampled_from(others), max_size=len(others)) if others else st.just(set())
    )
    return game_board(height, width, set(mines)), click


@settings(max_examples=150, deadline=None)
@given(small_games(), st.booleans())
def test_solvable_agrees_with_a_step_by_step_brute_force_judge(case, with_total):
    board, click = case
    total = sum(row.count("M") for row in board.rows) if with_total else None
    expected = brute_judge(board, click, total)
    answer = solvable(board, click, total)
    assert answer.won == (status(expected) == "won")
    assert answer.game == expected
    unknown = [cell for cell in board.cells() if expected[cell] in "EM"]
    # Where the judge stopped: the squares a mine in every solution are marked, the rest stuck.
    models = models_with(expected, total)
    mines = {cell for cell in unknown if all(rows[cell[0]][cell[1]] == "*" for rows in models)}
    assert {cell for cell in board.cells() if answer.known[cell] == "*"} == (
        set(unknown) if answer.won else mines
    )
    assert set(answer.stuck) == (set() if answer.won else set(unknown) - mines)


def test_a_mine_the_total_forces_is_marked_not_stuck():
    # The 1 leaves one mine between (0,0) and (0,2); with two in all, (0,3) must be the other.
    answer = solvable(game("EEMM"), (0, 1), 2)
    assert answer.known == Board.from_text("?1?*")
    assert answer.stuck == ((0, 0), (0, 2))
    assert solvable(game("EEMM"), (0, 1)).stuck == ((0, 0), (0, 2), (0, 3))


def test_a_board_with_an_opening_that_clears_it_is_won():
    answer = solvable(game("EEEEE / EEMEE / EEEEE / EEEEE"), (3, 0), 1)
    assert answer.won and answer.stuck == ()
    assert answer.game == game("B111B / B1M1B / B111B / BBBBB")


def test_a_won_game_knows_every_square_left_is_a_mine():
    # The judge stops at the win, before marking the last mine: known showed "1?", where ? is
    # "what no deduction settles".
    answer = solvable(game("EM"), (0, 0), 1)
    assert answer.won and answer.known == Board.from_text("1*")
    opened = solvable(game("EEEEE / EEMEE / EEEEE / EEEEE"), (3, 0), 1)
    assert opened.known == Board.from_text("01110 / 01*10 / 01110 / 00000")


def test_a_fifty_fifty_is_stuck_on_its_squares():
    # The 1 says one mine among three squares, and nothing tells which.
    answer = solvable(game("EE / ME"), (1, 1), 1)
    assert not answer.won
    assert answer.stuck == ((0, 0), (0, 1), (1, 0))
    assert answer.known == Board.from_text("?? / ?1")


def test_the_total_settles_a_square_no_digit_touches():
    # (0,0) is walled in by mines: no digit touches it, only the total says it is safe.
    board = game("EMEE / MMEE / EEEE")
    stuck = solvable(board, (2, 3))
    assert not stuck.won and stuck.stuck == ((0, 0), (1, 0), (2, 0))
    won = solvable(board, (2, 3), 3)
    assert won.won and won.game == game("3M2B / MM2B / 221B")


def test_text_and_json_of_a_stuck_game():
    answer = solvable(game("EMEE / MMEE / EEEE"), (2, 3))
    assert solvable_lines(answer) == [
        "no: stuck from (2,3), 3 unknown squares that no deduction settles "
        "(? below; * marks the mines deduced)",
        "  ?*20",
        "  ?*20",
        "  ?210",
        "stuck beside the open squares: (1,0) (2,0)",
    ]
    assert solvable_record(answer) == {
        "solvable": False,
        "click": [2, 3],
        "mines": None,
        "rows": ["EM2B", "MM2B", "E21B"],
        "known": ["?*20", "?*20", "?210"],
        "stuck": [[0, 0], [1, 0], [2, 0]],
        "frontier": [[1, 0], [2, 0]],
    }


def test_text_of_a_won_game():
    answer = solvable(game("EMEE / MMEE / EEEE"), (2, 3), 3)
    assert solvable_lines(answer) == ["yes: won by logic alone from (2,3) with 3 mines in all"]


def test_the_command_exits_1_when_some_game_is_not_won_by_logic_alone():
    walled = "EMEE\nMMEE\nEEEE\n"
    assert run_main(["solvable", "--click", "2,3", "--mines", "3"], walled).status == 0
    stuck = run_main(["solvable", "--click", "2,3"], walled)
    assert (stuck.status, stuck.err) == (1, "")
    assert stuck.out.startswith("no: stuck from (2,3)")
    cleared = "MEEE\nEEEE\nEEEE\n"  # the click's opening clears it
    assert run_main(["solvable", "--click", "2,3"], cleared).status == 0
    both = run_main(["solvable", "--click", "2,3"], cleared + "\n" + walled)
    assert both.status == 1 and both.out.count("yes: won") == 1
    assert "solvable found a game that logic alone does not win" in " ".join(
        run_main(["--help"]).out.split()
    )


def test_a_game_already_under_way_is_played_from_what_it_shows():
    board = game("EMEE / MMEE / EEEE")
    half = reveal(board, (2, 3))
    assert half == game("EM2B / MM2B / EE1B")
    without = solvable(half, (2, 0))
    assert not without.won and without.stuck == ((0, 0),)
    assert without.game == game("EM2B / MM2B / 221B")
    assert solvable(half, (2, 0), 3).won


@pytest.mark.parametrize(
    "text, click, mines, message",
    [
        ("1? / ??", (0, 0), None, "needs a game board"),
        ("EX / EE", (0, 0), None, "already lost"),
        ("E2 / EM", (0, 0), None, "(0,1) shows 2 but 1 mine is marked around it (M or X)"),
        ("EE / EM", (2, 0), None, "click (2,0) is outside the board (2 rows x 2 columns)"),
        ("EE / EM", (1, 1), None, "click (1,1) is on a mine"),
        (
            "1E / EM",
            (0, 0),
            None,
            "click (0,0) is on a square already revealed: it shows the digit 1",
        ),
        (
            "MEE / EEE / EBB",
            (2, 2),
            None,
            "click (2,2) is on a square already revealed: it shows a blank",
        ),
        ("EE / EM", (0, 0), 2, "holds 1 mine (M), not 2: the mine total (--mines) must be theirs"),
        ("EE / EM", (0, 0), -1, "the number of mines cannot be negative (-1)"),
    ],
)
def test_a_game_it_cannot_play_is_one_clear_error(text, click, mines, message):
    with pytest.raises(SolvableError, match=message.replace("(", r"\(").replace(")", r"\)")):
        solvable(Board.from_text(text), click, mines)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.floats(0, 0.3), st.randoms(use_true_random=False))
def test_the_judge_opens_what_a_click_opens_by_the_click_rules(height, width, density, rng):
    # The judge floods on its own tables (for speed); reveal is the rule it must follow.
    cells = [(r, c) for r in range(height) for c in range(width)]
    click = rng.choice(cells)
    mines = {cell for cell in cells if cell != click and rng.random() < density}
    board = game_board(height, width, mines)
    position = Position(board.height, board.width, mines)
    position.open(click)
    assert position.game() == reveal(board, click)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.data())
def test_the_neighbours_worked_out_when_asked_are_the_boards(height, width, data):
    around = _Around(height, width)
    board = Board(("?" * width,) * height)
    cells = data.draw(st.permutations(list(board.cells())))  # asked in any order
    for cell in cells:
        assert around[cell] == board.neighbours(cell)
    assert dict(around) == {cell: board.neighbours(cell) for cell in board.cells()}
    for off in ((-1, 0), (0, -1), (height, 0), (0, width)):
        with pytest.raises(KeyError):
            around[off]
    assert len(around) == height * width  # a cell off the board is not kept


def test_a_bad_timeout_names_the_function_given_it():
    with pytest.raises(TypeError, match=r"^solvable: a timeout is a number of seconds or None"):
        solvable(Board.from_text("EM / EE"), (1, 0), timeout="5")
