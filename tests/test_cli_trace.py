"""`logicmines trace`: the search on each board, as lines, as JSON Lines and as an SVG tree;
bad input is one line and exit status 2."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from conftest import EXAMPLES, run_main
from oracle import all_models

from logicmines.board import Board
from logicmines.trace import MOST_STEPS, steps, trace

SVG = "{http://www.w3.org/2000/svg}"
BOARDS = "11?\n?2?\n???\n\n2?\n"


@pytest.mark.parametrize("backend", ["kanren", "clpfd"])
def test_each_board_gets_a_title_and_the_lines_of_its_trace(backend):
    run = run_main(["trace", "--backend", backend], stdin=BOARDS)
    assert (run.status, run.err) == (0, "")
    first, second = Board.from_text("11? / ?2? / ???"), Board.from_text("2?")
    assert run.out.splitlines() == [
        f"board 1 (<stdin>:1, 3x3 puzzle): {backend} search",
        *("  " + line for line in trace(first, backend)),
        f"board 2 (<stdin>:5, 1x2 puzzle): {backend} search",
        *("  " + line for line in trace(second, backend)),
    ]


def test_the_limit_is_the_number_of_solutions_searched_for():
    # 16 solutions: the trace stops at the third, and says the search was not at an end.
    run = run_main(["trace", "--limit", "3"], stdin="????\n")
    assert run.status == 0
    assert [line.strip() for line in run.out.splitlines()].count("solution") == 3
    assert run.out.splitlines()[-1] == (
        "  ... (stopped after 3 solutions, the limit asked for; the search had not ended)"
    )
    assert len(all_models(Board.from_text("????"))) == 16


def test_a_kanren_search_without_a_solution_ends_by_saying_so():
    # its last step is a failed digit, which would read as if a choice were left to try
    run = run_main(["trace"], stdin="133\n??2\n003\n")
    assert run.out.splitlines()[1:] == [
        "  digit 0,0 (1) tries (1,0)=0 (1,1)=1",
        "    digit 0,1 (3) fails: back up",
        "  digit 0,0 (1) tries (1,0)=1 (1,1)=0",
        "    digit 0,1 (3) fails: back up",
        "  no solution: no choice is left to try",
    ]
    assert all_models(Board.from_text("133 / ??2 / 003")) == []
    assert trace(Board.from_text("2?"))[-1] == "no solution: no choice is left to try"
    assert trace(Board.from_text("1?"))[-1].strip() == "solution"


@pytest.mark.parametrize("backend", ["kanren", "clpfd"])
@pytest.mark.parametrize(("text", "limit"), [("?", 1), ("?", 2), ("??", 3), ("??", 4), ("1?", 1)])
def test_json_is_complete_exactly_when_every_solution_was_found(backend, text, limit):
    # --limit 1 on `?` (2 solutions) said complete: true
    (record,) = run_main(
        ["trace", "--json", "--backend", backend, "--limit", str(limit)], stdin=text + "\n"
    ).records()
    solutions = len(all_models(Board.from_text(text)))
    assert record["complete"] is (solutions <= limit)
    shown = [step["kind"] for step in record["steps"]].count("solution")
    assert shown == min(solutions, limit)


def test_a_long_search_is_cut_and_says_so():
    run = run_main(["trace", "--limit", "100000"], stdin="??????\n??????\n??????\n")
    lines = run.out.splitlines()
    assert run.status == 0
    assert len(lines) == 1 + MOST_STEPS + 1
    assert lines[-1] == f"  ... (cut after {MOST_STEPS} steps)"


@pytest.mark.parametrize("backend", ["kanren", "clpfd"])
def test_json_says_whether_the_step_cap_or_the_limit_stopped_the_search(backend):
    # Both stop a search before its end (complete: false); only the cap sets cut.
    command = ["trace", "--json", "--backend", backend]
    (capped,) = run_main([*command, "--limit", "100000"], stdin="??????\n" * 3).records()
    assert (capped["complete"], capped["cut"], len(capped["steps"])) == (False, True, MOST_STEPS)
    (limited,) = run_main([*command, "--limit", "1"], stdin="??\n").records()
    assert (limited["complete"], limited["cut"]) == (False, False)
    (ended,) = run_main([*command, "--limit", "4"], stdin="??\n").records()
    assert (ended["complete"], ended["cut"]) == (True, False)


def test_json_is_one_object_per_board_with_its_steps():
    run = run_main(["trace", "--json", "--backend", "clpfd"], stdin=BOARDS)
    first, second = run.records()
    # 3 solutions: the default --limit 2 stops the search before its end
    assert first["board"] == 1 and first["backend"] == "clpfd" and first["complete"] is False
    assert second["complete"] is True  # no solution: the search ran to its end
    assert first["steps"][0] == {
        "kind": "settle",
        "depth": 0,
        "cells": [[0, 2, 0], [1, 0, 1], [1, 2, 0]],
    }
    assert [step["kind"] for step in first["steps"]].count("solution") == 2
    assert second["steps"] == [{"kind": "fail", "depth": 0, "cells": []}]


def test_json_of_a_kanren_step_names_its_digit():
    (record,) = run_main(["trace", "--json"], stdin="11?\n?2?\n???\n").records()
    assert record["steps"][0] == {
        "kind": "force",
        "depth": 0,
        "cells": [[1, 0, 1]],
        "digit": [0, 0],
    }


def test_svg_draws_each_boards_tree_in_its_own_file(tmp_path):
    picture = tmp_path / "tree.svg"
    run = run_main(["trace", "--svg", str(picture)], stdin=BOARDS)
    assert run.status == 0
    for path, text in ((picture, "11? / ?2? / ???"), (tmp_path / "tree-2.svg", "2?")):
        board = Board.from_text(text)
        found, _ = steps(board, "kanren")
        root = ET.fromstring(path.read_text(encoding="utf-8"))
        nodes = [g for g in root.iter(f"{SVG}g") if "node" in g.get("class", "").split()]
        choices = sum(step.kind in ("try", "force") for step in found)
        assert len(nodes) == 1 + choices
    title = ET.fromstring(picture.read_text()).find(f"{SVG}text[@class='title']").text
    assert title == "board 1 (<stdin>:1, 3x3 puzzle): kanren search"


def test_the_help_example_runs():
    text = (EXAMPLES / "spec.txt").read_text()
    run = run_main(["trace", "--limit", "1"], stdin=text)
    assert run.status == 0 and run.out.count(": kanren search") == 3


@pytest.mark.parametrize(
    "args, stdin, says",
    [
        (["trace"], "12\n3x\n", "<stdin>:2:2: unexpected 'x'"),
        (
            ["trace", "--limit", "0"],
            "1?\n",
            "--limit: expected a whole number of at least",
        ),
        (["trace", "--backend", "prolog"], "1?\n", "argument --backend: invalid choice: 'prolog'"),
        (["trace", "--svg", ""], "1?\n", "argument --svg: expected a file name"),
        (["trace", "no-such-file.txt"], "", "no-such-file.txt: no such file"),
        (
            ["trace", "--svg", "no/such/folder/t.svg"],
            "1?\n",
            "no/such/folder/t.svg: there is no folder no/such/folder to write in",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(in_tmp, args, stdin, says):
    run = run_main(args, stdin=stdin)
    assert run.status == 2
    assert run.out == ""
    assert run.err.count("\n") == 1 and "Traceback" not in run.err
    assert run.err.startswith("logicmines: error: ") and says in run.err, run.err


@pytest.mark.parametrize("backend", ["kanren", "clpfd"])
def test_past_its_timeout_a_board_is_one_line_status_3_and_the_others_are_traced(backend):
    # trace had no time limit: a 300x300 board ran for minutes under clpfd
    from logicmines.generate import midgame

    big = "\n".join(midgame(120, 120, 2900, seed=1).rows)
    # clpfd traces 1? in about 0.13 s (0.25 s with both cores busy): 1 s for it, 0.2 for kanren;
    # the big board takes each several times its limit.
    limit = "1" if backend == "clpfd" else "0.2"
    run = run_main(["trace", "--backend", backend, "--timeout", limit, "-"], f"{big}\n\n1?\n")
    assert run.status == 3
    (line,) = run.err.splitlines()
    assert line.startswith("logicmines: timeout: board 1 (<stdin>:1, 120x120 puzzle): ")
    assert f"{backend}: gave up after {limit} s" in line
    assert run.out.startswith(f"board 2 (<stdin>:122, 1x2 puzzle): {backend} search")
