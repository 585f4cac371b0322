"""Why a board has no solution, as the whole-board engines find it themselves: clpfd (board.pl's
board_why, a binary search over the digits in reading order) and clingo (unsatisfiable cores of
the digits as assumptions, then optimising searches for the mine total). Checked against plain
enumeration: the group named fails on its own and holds without any one of its digits; the
range of mines is the one the solutions have."""

from __future__ import annotations

import time

import clingo as clingo_module
import pytest
from conftest import run_main
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import all_models, mines_in
from test_kanren import small_boards

from logicmines.backends.clingo import ClingoBackend, _Grounded
from logicmines.backends.clpfd import ClpfdBackend
from logicmines.backends.kanren import KanrenBackend
from logicmines.board import Board
from logicmines.engine import Deadline
from logicmines.explain import conflict_words, group_words, total_words
from logicmines.generate import lattice, midgame
from logicmines.results import Verdict

clpfd = ClpfdBackend()
clingo = ClingoBackend()
kanren = KanrenBackend()


def clpfd_group(board: Board) -> list[tuple[int, int]] | None:
    why = clpfd._ask("board_why", board.as_puzzle(), None, advice="")
    return [(r, c) for r, c in why[1]] if why else None


def clingo_group(board: Board) -> list[tuple[int, int]] | None:
    grounded = _Grounded(
        clingo_module, board.as_puzzle(), None, Deadline("clingo", None), "", assumed=True
    )
    return grounded.conflict()


@st.composite
def wrong_boards(draw) -> Board:
    """Small puzzles with one to three of their digits changed: mostly without a solution."""
    board = draw(small_boards(max_side=4))
    rows = [list(row) for row in board.rows]
    digits = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch.isdigit()]
    if digits:
        for r, c in draw(st.lists(st.sampled_from(digits), min_size=1, max_size=3)):
            rows[r][c] = str(draw(st.integers(0, 8)))
    return Board(tuple("".join(row) for row in rows))


GROUPS = {"clpfd": clpfd_group, "clingo": clingo_group}
ENGINES = {"clpfd": clpfd, "clingo": clingo}


@pytest.mark.parametrize("name", GROUPS)
@settings(max_examples=150, deadline=None)
@given(board=wrong_boards())
def test_the_group_fails_alone_and_holds_without_any_one_of_its_digits(name, board):
    group = GROUPS[name](board)
    if all_models(board):
        assert group is None
        return
    assert group == sorted(group)
    assert all_models(board, only=set(group)) == []
    for digit in group:
        assert all_models(board, only=set(group) - {digit}), f"{digit} is not needed"
    assert ENGINES[name].check(board).reason == conflict_words(board.as_puzzle(), group)


@pytest.mark.parametrize("name", ENGINES)
@settings(max_examples=200, deadline=None)
@given(
    # the wider boards spread their unknown cells: several parts that share no digit, cells no
    # digit touches, and mines already shown (clpfd finds the range part by part)
    board=st.one_of(
        small_boards(max_side=4, max_unknown=10), small_boards(max_side=8, max_unknown=12)
    ),
    mines=st.integers(0, 14),
)
def test_a_total_no_solution_has_is_told_by_the_range_the_solutions_have(name, board, mines):
    totals = {mines_in(rows) for rows in all_models(board)}
    if not totals or mines in totals:
        return
    result = ENGINES[name].check(board, mines)
    assert result.verdict is Verdict.NONE
    assert result.reason == total_words(min(totals), max(totals), mines)
    assert ENGINES[name].analyze(board, mines).reason == result.reason


def test_clpfd_finds_the_range_of_each_part_and_adds_them():
    # The 11 mines shown; the corners (3,0) and (3,10), a mine each, settled by propagation;
    # two parts that share no digit, (0,0)-(0,2) and (0,8)-(0,10), one mine in the middle cell
    # or two at its ends; and (3,5), which no digit touches: 13 + 2 + 0 to 13 + 4 + 1.
    board = Board.from_text("???*202*??? / 2*4*434*4*2 / 2223***3222 / ?102*?*201?")
    totals = {mines_in(rows) for rows in all_models(board)}
    assert sorted(totals) == [15, 16, 17, 18]
    assert clpfd._ask("board_why", board.as_puzzle(), 9, advice="") == [1, [15, 18]]
    assert clpfd.check(board, 9).reason == total_words(15, 18, 9)


@pytest.mark.parametrize(("size", "seed"), [(9, 1), (9, 2), (11, 1), (11, 2), (13, 2)])
def test_clpfd_finds_the_range_of_a_wide_part_kanren_counts(size, seed):
    # A lattice of digits is one wide part: clpfd splits it line by line and meets the same
    # smaller parts again under settings of lines they do not touch, whose ranges it keeps and
    # takes again (range_known/3). A key that told two different parts apart too little would
    # take a wrong range here; kanren finds the range from its counts by total.
    board = lattice(size, seed)
    ours, theirs = clpfd.check(board, 0).reason, kanren.check(board, 0).reason
    assert ours == theirs
    assert theirs.startswith("the solutions hold between ")


def test_clpfd_asked_why_with_a_total_a_solution_has_finds_one_before_any_range():
    # A 15x15 lattice of digits is one wide part, whose range takes clpfd some 2 s (19 s before
    # it kept the ranges of the parts met on the way); a solution with 50 mines is found at
    # once, and then no range is needed.
    board = lattice(15, 1)
    assert kanren.check(board, 50).verdict is not Verdict.NONE
    assert ClpfdBackend(timeout=5)._ask("board_why", board.as_puzzle(), 50, advice="") == []


@pytest.mark.parametrize("name", ENGINES)
def test_the_reasons_are_worded_as_kanren_words_them(name):
    engine = ENGINES[name]
    for text, mines in [("??? / 131", None), ("2? / 11", None), ("1?1 / ?1?", 2)]:
        board = Board.from_text(text)
        assert engine.check(board, mines).reason == kanren.check(board, mines).reason
    assert (
        engine.check(Board.from_text("??? / 131")).reason == "(1,0)=1 and (1,1)=3 cannot both hold"
    )


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("seed", [1, 2])
def test_on_a_big_board_the_group_holds_the_one_wrong_digit(name, seed):
    # A half-played 40x40 game with one digit made wrong: every other digit holds with the
    # game's mines, so every group of digits that fails holds the wrong one.
    board = midgame(40, 40, 330, seed=seed)
    rows = [list(row) for row in board.rows]
    r, c = next(
        (r, c)
        for r, row in enumerate(rows)
        for c, ch in enumerate(row)
        if ch in "12345" and "?" in "".join(board.rows[r - 1][max(c - 1, 0) : c + 2]) and r > 0
    )
    rows[r][c] = str(int(rows[r][c]) + 3)
    wrong = Board(tuple("".join(row) for row in rows))
    assert kanren.check(wrong).verdict is Verdict.NONE
    group = GROUPS[name](wrong)
    assert (r, c) in group
    assert f"({r},{c})" in ENGINES[name].check(wrong).reason


def test_out_of_time_the_answer_stands_with_the_plain_words():
    board = Board.from_text("??? / 131")
    asked = _Grounded(clingo_module, board, None, Deadline("clingo", 60), "")
    asked.clock = Deadline("clingo", 1e-9)  # the question's time is up
    assert clingo._why(board, None, asked) == "the answer-set program has no answer set"
    # with less time left than the question's own grounding took, none is begun
    asked = _Grounded(clingo_module, board, None, Deadline("clingo", 60), "")
    asked.grounding = 120.0
    assert clingo._why(board, None, asked) == "the answer-set program has no answer set"
    long_ago = time.monotonic() - 1000
    assert (
        clpfd._why(board, 2, long_ago) == "the CLP(FD) model has no solution with exactly 2 mines"
    )


@pytest.mark.parametrize("name", ENGINES)
def test_the_command_line_says_why(name):
    run = run_main(["check", "--backend", name, "-"], "???\n131\n")
    assert run.status == 1
    assert "why: (1,0)=1 and (1,1)=3 cannot both hold" in run.out
    run = run_main(["analyze", "--backend", name, "--mines", "2", "-"], "1?1\n?1?\n")
    assert "why: every solution holds exactly 1 mine in all, not 2" in run.out


def test_a_conflict_is_shrunk_to_the_digits_that_clash():
    # The two 0s above take no part: the 1 needs a mine beside it that the lower 0 forbids.
    reason = KanrenBackend().check(Board.from_text("00 / 1? / ?0")).reason
    assert reason == "(1,0)=1 and (2,1)=0 cannot both hold"


def test_eight_digits_are_named_all_and_nine_in_short():
    assert group_words([f"d{i}" for i in range(8)]) == (
        "d0, d1, d2, d3, d4, d5, d6 and d7 cannot all hold"
    )
    assert group_words([f"d{i}" for i in range(9)]).endswith("and 1 more cannot all hold")
