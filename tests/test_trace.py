"""The traces of logicmines.trace are the searches they claim to be: every path they show to a
solution is a solution, they find every solution (plain enumeration says which), in the order
the traced search finds them."""

from __future__ import annotations

import subprocess
import sys
from itertools import islice
from pathlib import Path

import pytest
from conftest import checkout_env, run_main
from hypothesis import given, settings
from oracle import all_models
from test_kanren import small_boards

from logicmines.backends.kanren import board_models
from logicmines.board import Board
from logicmines.engine import EngineError
from logicmines.trace import (
    MOST_INDENT,
    Step,
    _swipl_problem,
    clpfd_steps,
    describe,
    describe_clpfd,
    kanren_steps,
    trace,
    traced,
)
from logicmines.trace import steps as steps_of

BOARD = Board.from_text("1?? / ???")


def solutions_along(steps: list[Step], board: Board) -> list[tuple[str, ...]]:
    """The solved boards at the end of each path of the trace: the cells each step on the way
    set, with the board's known mines."""
    puzzle = board.as_puzzle()
    known = {cell for cell in puzzle.cells() if puzzle[cell] == "*"}
    settled: tuple = ()  # what propagation set before any choice (clpfd)
    path: list[tuple] = []
    found = []
    for step in steps:
        if step.kind == "settle":
            settled = step.cells
            continue
        del path[step.depth :]
        if step.kind == "solution":
            chosen = [settled, *path]
            mines = known | {cell for cells in chosen for cell, value in cells if value == 1}
            found.append(Board.from_mines(puzzle.height, puzzle.width, mines).rows)
        elif step.kind != "fail":
            path.append(step.cells)
    return found


@settings(max_examples=60, deadline=None)
@given(small_boards(max_side=4, max_unknown=9))
def test_kanren_trace_finds_every_solution_in_boardo_order(board):
    found = solutions_along(list(kanren_steps(board, limit=None)), board)
    assert found == [solved.rows for solved in board_models(board)]
    assert sorted(found) == sorted(all_models(board))


@settings(max_examples=25, deadline=None)
@given(small_boards(max_side=4, max_unknown=9))
def test_clpfd_trace_finds_every_solution(board):
    found = solutions_along(clpfd_steps(board, limit=1000), board)
    assert sorted(found) == sorted(all_models(board))
    assert len(set(found)) == len(found)


def test_a_limit_stops_the_search_at_that_many_solutions():
    board = Board.from_text("????")
    assert len(all_models(board)) == 16
    for steps in (list(kanren_steps(board, 2)), clpfd_steps(board, 2)):
        assert [step.kind for step in steps].count("solution") == 2


def test_propagation_alone_settles_the_board_of_the_rules():
    steps = clpfd_steps(Board.from_text("1121 / 1??* / 12?* / 0122"))
    assert steps == [
        Step("settle", 0, (((1, 1), 1), ((1, 2), 0), ((2, 2), 1))),
        Step("solution", 0),
    ]


def test_a_digit_with_one_way_forces_its_cells_in_the_kanren_trace():
    steps = list(kanren_steps(Board.from_text("11? / ?2? / ???")))
    assert steps[0] == Step("force", 0, (((1, 0), 1),), (0, 0))
    assert trace(Board.from_text("11? / ?2? / ???"))[0] == "digit 0,0 (1) forces (1,0)=1"


def test_a_board_without_solution_shows_the_failures():
    board = Board.from_text("1?1 / 2?2")
    assert all_models(board) == []
    kinds = [step.kind for step in kanren_steps(board)]
    assert "fail" in kinds and "solution" not in kinds
    assert [step.kind for step in clpfd_steps(Board.from_text("2?"))] == ["fail"]


def test_the_clpfd_trace_takes_a_board_longer_than_a_command_line_argument_may_be():
    # 160,000 squares: written into swipl's -g goal they passed Linux's 128 KiB limit on one
    # argument, and the trace failed before SWI-Prolog started
    board = Board(("0" * 400,) * 400)
    assert [step.kind for step in clpfd_steps(board)] == ["settle", "solution"]


def test_swipl_failing_is_said_in_one_line_without_the_goal_it_was_given():
    said = (
        "ERROR: -g trace_rows(Rows), trace_board(Rows, 3): Stack limit (1.0Gb) exceeded\n"
        "ERROR:   Stack sizes: local: 12Kb, global: 0.8Gb, trail: 23.2Mb\n"
    )
    board = Board(("?" * 400,) * 300)
    assert _swipl_problem(said, 1, board) == (
        "Stack limit (1.0Gb) exceeded tracing a 300x400 board: trace it with the kanren backend "
        "(the default), which needs far less"
    )
    assert _swipl_problem("Warning: something\nmore", 1, board) == "Warning: something"
    assert _swipl_problem("", 137, board) == "exit status 137"


def test_the_clpfd_trace_says_it_cannot_write_its_program_without_naming_a_passing_path(
    monkeypatch,
):
    def full(self, text, *args, **kwargs):
        raise OSError(28, "No space left on device", str(self))

    monkeypatch.setattr(Path, "write_text", full)
    with pytest.raises(EngineError) as failed:
        clpfd_steps(Board.from_text("1?"))
    said = "cannot write swipl's program in the temporary folder: No space left on device"
    assert str(failed.value) == said


def test_a_choice_that_propagation_refutes_is_shown_failing():
    # Propagation leaves (0,0) open, but a mine there leaves the 2 one mine short or the 1 below
    # one too many, whichever way the cells under it go.
    board = Board.from_text("??10 / ?2?? / ?100")
    assert not any(rows[0][0] == "*" for rows in all_models(board))
    assert trace(board, "clpfd", limit=20)[-1] == "try (0,0)=1: propagation fails, back up"


def test_the_module_run_as_a_program_is_the_trace_command(tmp_path):
    # It had options, headers and error words of its own (`board 1 (11? / ?2? / ???):`,
    # "No such file"), where the course's readers meet `logicmines trace` too.
    (tmp_path / "b.txt").write_text("11?\n?2?\n???\n\n2?\n")
    (tmp_path / "bad.txt").write_text("12\n3x\n")
    for args in (
        [str(tmp_path / "b.txt"), "--backend", "clpfd"],
        [str(tmp_path / "b.txt"), "--limit", "1"],
        [str(tmp_path / "bad.txt")],
        [str(tmp_path / "missing.txt")],
        [str(tmp_path / "b.txt"), "--limit", "0"],
    ):
        module, command = run_main_trace(args), run_main(["trace", *args])
        assert (module.returncode, module.stdout, module.stderr) == (
            command.status,
            command.out,
            command.err,
        )
    done = run_main_trace([str(tmp_path / "b.txt"), "--backend", "clpfd"])
    assert done.stdout.splitlines()[:2] == [
        f"board 1 ({tmp_path / 'b.txt'}:1, 3x3 puzzle): clpfd search",
        "  propagation settles (0,2)=0 (1,0)=1 (1,2)=0",
    ]
    bad = run_main_trace([str(tmp_path / "bad.txt")])
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    assert bad.stderr.startswith(f"logicmines: error: {tmp_path / 'bad.txt'}:2:2: unexpected 'x'")


def run_main_trace(args: list[str]) -> subprocess.CompletedProcess:
    """`python -m logicmines.trace ARGS`, run as a real process."""
    return subprocess.run(
        [sys.executable, "-m", "logicmines.trace", *args],
        capture_output=True,
        text=True,
        env=checkout_env(),
        timeout=120,
    )


def test_a_deep_step_says_its_depth_instead_of_running_off_the_screen():
    board = Board.from_text("1?")
    assert describe(Step("solution", 3), board) == "      solution"
    deep = describe(Step("solution", 400), board)
    assert deep == "  " * MOST_INDENT + "[depth 400] solution"
    assert describe_clpfd(Step("settle", 400)).startswith("  " * MOST_INDENT + "[depth 400] ")


def test_a_digit_goal_is_made_only_when_the_search_reaches_it(monkeypatch):
    # A 400x200 board of digits made all its goals (0.9 GB for 80,000) before the first step,
    # past any time limit; the first few steps need the first few goals only.
    from logicmines import trace

    made = []
    real = trace.counto

    def counting(*args):
        made.append(args)
        return real(*args)

    monkeypatch.setattr(trace, "counto", counting)
    board = Board(("?1" * 100,) * 400)
    assert len(list(islice(kanren_steps(board), 5))) == 5
    assert 0 < len(made) <= 5


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        # any name but "kanren" ran the clpfd trace
        (
            (BOARD, "prolog"),
            ValueError,
            "a trace is of kanren's search or clpfd's, not str 'prolog'",
        ),
        ((BOARD, None), ValueError, "a trace is of kanren's search or clpfd's, not NoneType None"),
        # limit 0 showed a solution, then "stopped after 0 solutions"; -1 an IndexError
        ((BOARD, "kanren", 0), ValueError, "limit must be at least 1, not 0"),
        ((BOARD, "clpfd", -1), ValueError, "limit must be at least 1, not -1"),
        ((BOARD, "kanren", 2.0), TypeError, "limit must be a whole number or None, not float 2.0"),
        (("1??",), TypeError, "needs a Board (parse_board(text) reads one from its text)"),
        # a blank beside a marked mine: the engines refuse it, the trace showed the mine safe
        (
            (Board.from_text("BM / EE"),),
            ValueError,
            "(0,0) shows a blank but touches 1 marked mine",
        ),
    ],
)
@pytest.mark.parametrize("call", [trace, steps_of, traced])
def test_a_trace_checks_its_arguments_as_the_engines_questions_do(call, args, error, words):
    with pytest.raises(error) as raised:
        call(*args)
    assert str(raised.value).startswith(f"{call.__name__}: {words}") or (
        error is TypeError and str(raised.value).startswith(f"{call.__name__} {words}")
    )


@pytest.mark.parametrize("backend", ["kanren", "clpfd"])
def test_a_trace_without_a_limit_goes_to_the_end_of_the_search(backend):
    shown, cut, ended = traced(Board.from_text("1? / ??"), backend, None)
    assert [step.kind for step in shown].count("solution") == 3 and ended and not cut
