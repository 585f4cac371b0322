"""Listing solutions with a mine total: the staged engines' walk against plain enumeration."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import all_models, mines_in
from test_kanren import small_boards

from logicmines.backends import make_backend
from logicmines.board import Board


@settings(max_examples=150, deadline=None)
@given(board=small_boards(max_side=5, max_unknown=10), extra=st.integers(-1, 4))
def test_kanren_lists_exactly_the_solutions_with_the_total(board: Board, extra: int) -> None:
    models = all_models(board)
    totals = sorted({mines_in(rows) for rows in models}) or [0]
    # often a total some solutions have, sometimes not (never below 0, which is refused)
    mines = max(0, totals[len(totals) // 2] + extra)
    wanted = sorted(rows for rows in models if mines_in(rows) == mines)
    listed = [solved.rows for solved in make_backend("kanren").solutions(board, None, mines)]
    assert sorted(listed) == wanted
    assert len(set(listed)) == len(listed)


@settings(max_examples=60, deadline=None)
@given(board=small_boards(max_side=5, max_unknown=10), limit=st.integers(0, 3))
def test_a_limit_gives_the_first_solutions_with_the_total(board: Board, limit: int) -> None:
    models = all_models(board)
    if not models:
        return
    mines = mines_in(models[0])
    every = list(make_backend("kanren").solutions(board, None, mines))
    assert list(make_backend("kanren").solutions(board, limit, mines)) == every[:limit]


def test_a_total_no_solution_has_lists_nothing() -> None:
    board = Board.from_text("1?\n??")  # one mine among three cells
    assert list(make_backend("kanren").solutions(board, None, 2)) == []
    assert len(list(make_backend("kanren").solutions(board, None, 1))) == 3


def test_free_cells_take_the_mines_left_over() -> None:
    board = Board.from_text("1?\n??\n??")  # (0,1),(1,0),(1,1) hold one mine; row 2 is free
    listed = list(make_backend("kanren").solutions(board, None, 3))
    assert len(listed) == 3  # the digit's one mine in three ways, both free cells mines
    assert all(solved.rows[2] == "**" for solved in listed)


ENGINES = ("kanren", "prolog", "reference", "gprolog", "clpfd", "clingo")


@settings(max_examples=25, deadline=None)
@given(board=small_boards(max_side=4, max_unknown=7), extra=st.integers(-1, 2))
def test_every_engine_lists_the_same_solutions_with_a_total(board: Board, extra: int) -> None:
    models = all_models(board)
    totals = sorted({mines_in(rows) for rows in models}) or [0]
    mines = max(0, totals[len(totals) // 2] + extra)  # below 0 is refused
    wanted = sorted(rows for rows in models if mines_in(rows) == mines)
    for name in ENGINES:
        listed = [solved.rows for solved in make_backend(name).solutions(board, None, mines)]
        assert sorted(listed) == wanted, name


def test_solve_mines_on_the_command_line_says_the_total(tmp_path, capsys) -> None:
    from logicmines.cli import main

    board = tmp_path / "b.txt"
    board.write_text("1??\n???\n")  # one mine beside the 1, two cells free: 3 mines at most
    assert main(["solve", str(board), "--mines", "3"]) == 0
    out = capsys.readouterr().out
    assert "3 solutions with exactly 3 mines" in out
    assert out.count("solution ") == 3
    assert main(["solve", str(board), "--mines", "4"]) == 0
    assert "0 solutions with exactly 4 mines" in capsys.readouterr().out


def test_a_digit_with_one_mine_too_many_beside_it_has_no_solution_in_every_engine() -> None:
    board = Board.from_text("1?0")  # the 0 makes ? safe, then the 1 has no mine left to have
    for name in ENGINES:
        assert make_backend(name).count(board) == 0, name
        assert make_backend(name).check(board).verdict.value == "none", name
