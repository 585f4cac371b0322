"""The command line (README.md): reading, exit status, JSON Lines, plain output."""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys

import pytest
from conftest import (
    EXAMPLES,
    ROOT,
    assert_one_error_line,
    assert_one_error_line_about,
    checkout_env,
    run_main,
    run_process,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from logicmines.cli import build_parser, main
from logicmines.parse import CELL_HELP

# The three puzzles of docs/rules.md: one with a single solution, one with four, one with none.
RULES_EXAMPLES = str(EXAMPLES / "spec.txt")
UNIQUE = "1121\n1??*\n12?*\n0122\n"
UNIQUE_SOLVED = ["1121", "1*4*", "12**", "0122"]
MULTIPLE = "1110\n2*31\n3*??\n2*4?\n112?\n"  # four solutions
NONE = "2?\n"
GAME = "EEEEE\nEEMEE\nEEEEE\nEEEEE\n"  # the click example of docs/rules.md
UNIQUE_GAME = "B1E1B\nB1M1B\nB111B\nBBBBB\n"  # GAME after its first click: the rest is forced
TWO_TO_THE_70 = 1_180_591_620_717_411_303_424


def subcommands() -> list[str]:
    """Every subcommand the parser knows, so that new ones are held to the same rules."""
    parser = build_parser()
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return list(action.choices)


@pytest.fixture
def no_int_digit_limit():
    """Let this test turn huge counts into text and back (Python stops at 4,300 digits)."""
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    yield
    sys.set_int_max_str_digits(saved)


# --- where the boards come from -----------------------------------------------------------------


def test_file_argument_names_the_board_file(in_tmp):
    (in_tmp / "boards.txt").write_text(UNIQUE)
    run = run_main(["check", "boards.txt", "--json"])
    assert run.status == 0
    assert run.records()[0]["verdict"] == "unique"


def test_dash_reads_standard_input():
    run = run_main(["check", "-", "--json"], stdin=UNIQUE)
    assert (run.status, run.records()[0]["verdict"]) == (0, "unique")


def test_no_file_argument_reads_standard_input():
    run = run_main(["count", "--json"], stdin=MULTIPLE)
    assert (run.status, run.records()[0]["count"]) == (0, "4")


def test_standard_input_is_called_stdin_in_titles():
    assert run_main(["check"], stdin=UNIQUE).out.startswith("board 1 (<stdin>:1, 4x4 puzzle)")


def test_standard_input_is_called_stdin_in_errors():
    assert_one_error_line(run_main(["check"], stdin="12\n3x\n"), "<stdin>:2:2")


def test_file_with_byte_order_mark_and_crlf_reads(in_tmp):
    (in_tmp / "boards.txt").write_bytes(b"\xef\xbb\xbf# saved on Windows\r\n2?\r\n")
    run = run_main(["count", "boards.txt", "--json"])
    zero = {"board": 1, "count": "0", "count_log10": None, "backend": "kanren"}
    assert (run.status, run.records()) == (0, [zero])


def test_every_board_of_a_file_is_answered():
    records = run_main(["count", RULES_EXAMPLES, "--json"]).records()
    assert [r["board"] for r in records] == [1, 2, 3]


def test_closed_standard_input_is_one_error_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["check"]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == (
        "",
        "logicmines: error: <stdin>: standard input is closed; name a board FILE\n",
    )


# --- bad input: status 2 and one line that says where and what -------------------------------

MALFORMED = {
    "ragged row": (b"12\n12\n123\n", "boards.txt:3:1"),
    "unknown character": (b"12\n3x\n", "boards.txt:2:2"),
    "puzzle and game cells mixed": (b"1?\nEE\n", "boards.txt:2:1"),
    "unclosed bracket": (b'[["E","M"]', "boards.txt:1:11"),
    "unquoted bracketed cell": (b'[["E",M]]', "boards.txt:1:7"),
    "multi-character bracketed cell": (b'[["E","EM"]]', "boards.txt:1:8"),
    "empty file": (b"", "boards.txt"),
    "comments only": (b"# nothing here\n", "boards.txt"),
    "blank lines only": (b"\n \n\t\n", "boards.txt"),
    "NUL bytes": (b"12\n1\x00\x00\n", "boards.txt:2:2"),
    "invalid UTF-8": (b"12\n3\xff\n", "boards.txt:2:2"),
    "binary at the start": (b"\x89PNG\r\n\x1a\n", "boards.txt:1:1"),
}


@pytest.mark.parametrize("data, where", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_file_exits_2_with_one_line_naming_the_place(in_tmp, data, where):
    (in_tmp / "boards.txt").write_bytes(data)
    assert_one_error_line(run_main(["check", "boards.txt"]), where)


@pytest.mark.parametrize("command", ["check", "count", "solve", "reveal --click 0,0"])
def test_every_subcommand_reports_bad_input_the_same_way(command):
    run = run_main([*command.split(), "-"], stdin="12\n3x\n")
    assert assert_one_error_line(run, "<stdin>:2:2") == f"unexpected 'x'; {CELL_HELP}"


def test_random_bytes_exit_2_with_one_line_naming_the_place(in_tmp):
    (in_tmp / "noise.bin").write_bytes(random.Random(529).randbytes(300))
    run = run_main(["check", "noise.bin"])
    assert_one_error_line_about(run, "noise.bin")
    assert re.match(r"logicmines: error: noise\.bin:\d+:\d+: ", run.err)


def test_file_that_does_not_exist_is_one_error_line(in_tmp):
    run = run_main(["check", "nope.txt"])
    assert assert_one_error_line(run, "nope.txt") == "no such file"


def test_folder_as_file_is_one_error_line(in_tmp):
    (in_tmp / "boards").mkdir()
    run = run_main(["count", "boards"])
    assert assert_one_error_line(run, "boards") == "is a folder, not a board file"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=40))
def test_any_bytes_on_standard_input_give_answers_or_one_error_line(data):
    run = run_main(["count", "--json"], stdin=data)
    assert run.status in (0, 2)
    if run.status == 2:
        assert_one_error_line_about(run, "<stdin>")
    else:
        assert run.err == ""
        assert all(r["count"].isdigit() for r in run.records())


BOARDISH = st.text(st.sampled_from(list("012*?EMB[]\"', \n#x")), max_size=40)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BOARDISH)
def test_any_text_on_standard_input_gives_verdicts_or_one_error_line(text):
    run = run_main(["check", "--json"], stdin=text)
    assert run.status in (0, 1, 2)
    if run.status == 2:
        assert_one_error_line_about(run, "<stdin>")
    else:
        verdicts = [r["verdict"] for r in run.records()]
        assert verdicts and (run.status == 0) == all(v == "unique" for v in verdicts)


# --- exit status --------------------------------------------------------------------------------


def test_check_exits_0_when_every_board_is_unique():
    assert run_main(["check"], stdin=UNIQUE + "\n" + UNIQUE_GAME).status == 0


def test_check_exits_1_when_a_board_has_several_solutions():
    assert run_main(["check"], stdin=MULTIPLE).status == 1


def test_check_exits_1_when_a_board_has_no_solution():
    assert run_main(["check"], stdin=NONE).status == 1


def test_check_exits_1_when_one_board_of_several_is_not_unique_and_answers_them_all():
    run = run_main(["check", "--json"], stdin=NONE + "\n" + UNIQUE)
    assert run.status == 1
    assert [r["verdict"] for r in run.records()] == ["none", "unique"]


def test_count_exits_0_even_when_the_count_is_0():
    assert run_main(["count"], stdin=NONE).status == 0


def test_solve_exits_0_even_when_there_is_no_solution():
    assert run_main(["solve"], stdin=MULTIPLE + "\n" + NONE).status == 0


def test_reveal_exits_0_and_prints_the_board_after_the_click():
    run = run_main(["reveal", "--click", "3,0"], stdin=GAME)
    assert run.status == 0
    assert run.err == ""
    assert run.out == UNIQUE_GAME + "playing\n"


BAD_USAGE = {
    "no subcommand": [],
    "unknown subcommand": ["frob"],
    "unknown option": ["check", "--frob"],
    "unknown backend": ["check", "--backend", "nope"],
    "--limit not a number": ["solve", "--limit", "x"],
    "--limit negative": ["solve", "--limit", "-1"],
    "--limit 0": ["solve", "--limit", "0"],
    "--mines not a number": ["count", "--mines", "many"],
    "--mines not an ASCII number": ["count", "--mines", "²"],
    "missing --click": ["reveal"],
    "--click not R,C": ["reveal", "--click", "3"],
    "two files": ["check", "a.txt", "b.txt"],
}


@pytest.mark.parametrize("args", BAD_USAGE.values(), ids=BAD_USAGE.keys())
def test_bad_usage_exits_2_with_one_error_line(args):
    run = run_main(args, stdin=GAME)
    assert run.status == 2
    assert run.out == ""
    assert run.err.startswith("logicmines: error: ") and run.err.count("\n") == 1, run.err


def test_usage_error_points_to_the_subcommand_help():
    run = run_main(["solve", "--limit", "x"], stdin=UNIQUE)
    assert run.err.rstrip().endswith("(see 'logicmines solve --help')")


def test_click_off_the_board_is_one_error_line_naming_the_board():
    run = run_main(["reveal", "--click", "9,9"], stdin=GAME)
    message = assert_one_error_line(run, "<stdin>:1")
    assert message == "click (9,9) is outside the board (4 rows x 5 columns)"


def test_huge_limit_is_accepted():
    run = run_main(["solve", "--limit", "9" * 30, "--json"], stdin=MULTIPLE)
    assert (run.status, run.records()[0]["complete"]) == (0, True)


# --- help ---------------------------------------------------------------------------------------


def test_help_exits_0_and_shows_an_example_of_every_subcommand():
    run = run_main(["--help"])
    assert run.status == 0
    assert "examples:" in run.out
    for name in subcommands():
        assert re.search(rf"^  .*\blogicmines {name}( |$)", run.out, re.MULTILINE), name


@pytest.mark.parametrize("name", subcommands())
def test_subcommand_help_exits_0_and_shows_an_example(name):
    run = run_main([name, "--help"])
    assert run.status == 0
    assert re.search(rf"^example:\n  .*\blogicmines {name} \S", run.out, re.MULTILINE), run.out


def test_help_says_what_the_exit_statuses_mean():
    out = run_main(["--help"]).out
    assert "exit status: 0" in out and "1 check" in out and "2 bad input or usage" in out


@pytest.mark.parametrize(
    "name, one", [("check", "1 some board has"), ("solvable", "1 some game"), ("compare", "1 some")]
)
def test_the_commands_whose_status_is_a_verdict_say_it_in_their_own_help(name, one):
    out = run_main([name, "--help"]).out
    said = " ".join(out.split("exit status: ", 1)[1].split())
    assert said.startswith("0 ") and one in said
    assert "the others as 'logicmines --help' says" in said


# --- JSON Lines ---------------------------------------------------------------------------------


def test_check_json_of_a_unique_board_carries_its_solution():
    (record,) = run_main(["check", "--json"], stdin=UNIQUE).records()
    assert record == {
        "board": 1,
        "verdict": "unique",
        "backend": "kanren",
        "solution": UNIQUE_SOLVED,
    }


def test_check_json_of_a_multiple_board_has_no_solution_and_no_reason():
    (record,) = run_main(["check", "--json"], stdin=MULTIPLE).records()
    assert record == {"board": 1, "verdict": "multiple", "backend": "kanren"}


def test_check_json_of_a_board_without_solution_carries_the_reason():
    (record,) = run_main(["check", "--json"], stdin=NONE).records()
    assert set(record) == {"board", "verdict", "backend", "reason"}
    assert record["verdict"] == "none"
    assert isinstance(record["reason"], str) and record["reason"]


def test_check_json_of_a_game_board_gives_the_solution_in_game_letters():
    # The puzzle it poses is solved; the answer is drawn as the game fully revealed.
    (record,) = run_main(["check", "--json", str(EXAMPLES / "leetcode.txt")]).records()
    assert record["verdict"] == "unique"
    assert record["solution"] == ["B111B", "B1M1B", "B111B", "BBBBB"]


def test_count_json_has_board_count_its_log10_and_backend():
    (record,) = run_main(["count", "--json"], stdin=MULTIPLE).records()
    assert record == {"board": 1, "count": "4", "count_log10": math.log10(4), "backend": "kanren"}


def test_count_json_is_a_string_of_every_digit_beyond_2_to_the_53():
    run = run_main(["count", "--json"], stdin="?" * 70 + "\n")
    log = math.log10(TWO_TO_THE_70)
    assert run.out == (
        f'{{"board": 1, "count": "{TWO_TO_THE_70}", "count_log10": {log!r}, "backend": "kanren"}}\n'
    )
    assert int(run.records()[0]["count"]) == 2**70


def test_solve_json_lists_each_solution_as_row_strings():
    (record,) = run_main(["solve", "--json"], stdin=UNIQUE).records()
    assert record == {
        "board": 1,
        "solutions": [UNIQUE_SOLVED],
        "complete": True,
        "backend": "kanren",
    }


def test_solve_json_is_incomplete_when_the_limit_cuts_the_list():
    (record,) = run_main(["solve", "--json", "--limit", "2"], stdin=MULTIPLE).records()
    assert len(record["solutions"]) == 2 and record["complete"] is False


def test_solve_json_is_complete_when_the_limit_equals_the_count():
    (record,) = run_main(["solve", "--json", "--limit", "4"], stdin=MULTIPLE).records()
    assert len(record["solutions"]) == 4 and record["complete"] is True
    assert len({tuple(s) for s in record["solutions"]}) == 4


def test_solve_json_of_a_board_without_solution_is_an_empty_complete_list():
    (record,) = run_main(["solve", "--json"], stdin=NONE).records()
    assert record == {"board": 1, "solutions": [], "complete": True, "backend": "kanren"}


def test_reveal_json_has_board_rows_and_status():
    (record,) = run_main(["reveal", "--json", "--click", "3,0"], stdin=GAME).records()
    assert record == {
        "board": 1,
        "rows": ["B1E1B", "B1M1B", "B111B", "BBBBB"],
        "status": "playing",
    }


def test_reveal_json_status_is_lost_after_a_mine():
    run = run_main(["reveal", "--json", "--click", "3,0", "--click", "1,2"], stdin=GAME)
    assert run.records()[0]["status"] == "lost"


def test_reveal_json_status_is_won_when_every_safe_square_is_open():
    run = run_main(["reveal", "--json", "--click", "0,0", "--click", "1,1"], stdin="EM\nEE\n")
    assert run.records()[0] == {"board": 1, "rows": ["1M", "E1"], "status": "playing"}
    run = run_main(["reveal", "--json", "--click", "1,0"], stdin="1M\nE1\n")
    assert run.records()[0]["status"] == "won"


def test_json_lines_are_one_object_per_board_in_file_order():
    run = run_main(["check", RULES_EXAMPLES, "--json"])
    lines = run.out.splitlines()
    assert len(lines) == 3 and run.out.endswith("\n")
    records = [json.loads(line) for line in lines]
    assert [(r["board"], r["verdict"]) for r in records] == [
        (1, "unique"),
        (2, "multiple"),
        (3, "none"),
    ]


@pytest.mark.parametrize("command", ["check", "count", "solve", "reveal --click 0,0"])
def test_every_subcommand_writes_one_json_line_per_board(command):
    boards = "EM\nEE\n\n[['E','E'],['E','M']]\n\nEE\n"
    run = run_main([*command.split(), "--json"], stdin=boards)
    assert [r["board"] for r in run.records()] == [1, 2, 3]


# --- output for people --------------------------------------------------------------------------


def test_check_draws_the_board_and_its_solution_as_grids():
    out = run_main(["check"], stdin=UNIQUE).out
    assert "\n  1121\n  1??*\n  12?*\n  0122\n" in out
    assert "solution:\n  1121\n  1*4*\n  12**\n  0122\n" in out


def test_check_says_each_verdict_in_words():
    out = run_main(["check", RULES_EXAMPLES]).out
    assert "unique: exactly one solution" in out
    assert "multiple: more than one solution" in out
    assert "none: no solution" in out
    assert "\nwhy: " in out


def test_title_names_file_line_size_and_kind():
    out = run_main(["check", RULES_EXAMPLES]).out
    assert f"board 2 ({RULES_EXAMPLES}:9, 5x4 puzzle): multiple" in out


def test_check_draws_a_game_solution_the_way_the_board_came_in():
    out = run_main(["check", str(EXAMPLES / "leetcode.txt")]).out
    solved = '[["B","1","1","1","B"],\n   ["B","1","M","1","B"],\n   ["B","1","1","1","B"],\n'
    assert "solution:\n  " + solved in out


def test_count_groups_the_digits():
    out = run_main(["count"], stdin="?" * 70).out
    assert out == "board 1 (<stdin>:1, 1x70 puzzle): 1,180,591,620,717,411,303,424 solutions\n"


def test_count_of_one_says_solution_in_the_singular():
    assert run_main(["count"], stdin=UNIQUE).out.endswith(": 1 solution\n")


def test_count_with_mines_says_how_many_mines():
    out = run_main(["count", "--mines", "1"], stdin="??\n").out
    assert out.endswith(": 2 solutions with exactly 1 mine\n")


def test_solve_draws_each_solution_as_a_grid():
    out = run_main(["solve"], stdin=UNIQUE).out
    assert ": 1 solution\nsolution 1:\n  1121\n  1*4*\n  12**\n  0122\n" in out


@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_bracketed_puzzle_gets_its_solution_in_brackets(command):
    # drawn the way the board came in, as a game board's solutions are
    out = run_main([command], stdin='[["1","."],[".","F"]]\n').out
    assert out.endswith(':\n  [["1","1"],\n   ["1","*"]]\n\n')


def test_solve_says_when_there_are_more_solutions_than_shown():
    out = run_main(["solve", "--limit", "2"], stdin=MULTIPLE).out
    assert ": the first 2 solutions (there are more: count says how many)\n" in out
    assert out.count("solution ") == 2


def test_reveal_prints_the_board_after_the_clicks_then_the_status():
    run = run_main(["reveal", str(EXAMPLES / "game.txt"), "--click", "3,0", "--click", "1,2"])
    assert run.out == "B1E1B\nB1X1B\nB111B\nBBBBB\nlost\n"


def test_reveal_keeps_the_bracketed_form_one_row_to_a_line():
    run = run_main(["reveal", "--click", "1,0"], stdin="[['E','E'],['E','M']]")
    assert run.out == "[['E','E'],\n ['1','M']]\nplaying\n"


def test_reveal_titles_each_board_when_there_are_several():
    out = run_main(["reveal", "--click", "0,0"], stdin="EM\n\nEE\n").out
    assert "board 1 (<stdin>:1, 1x2 game): won\n1M\n" in out
    assert "board 2 (<stdin>:3, 1x2 game): won\nBB\n" in out


def test_reveal_prints_nothing_when_a_later_board_cannot_take_the_click():
    # as stats and solvable: the first board's answer came out before the second's error
    run = run_main(["reveal", "--click", "0,2"], stdin="EEE\nEEM\n\nEE\nEM\n")
    assert assert_one_error_line(run, "<stdin>:4") == (
        "click (0,2) is outside the board (2 rows x 2 columns)"
    )


def test_output_has_no_colour_when_it_is_not_a_terminal():
    assert "\x1b" not in run_main(["check", RULES_EXAMPLES]).out


# --- `python -m logicmines` ---------------------------------------------------------------------


def test_python_dash_m_gives_the_same_answers():
    args = ["check", RULES_EXAMPLES, "--json"]
    module = run_process([sys.executable, "-m", "logicmines", *args], env=checkout_env(), cwd=ROOT)
    assert module == run_main(args)


def test_python_dash_m_reports_errors_the_same_way():
    command = [sys.executable, "-m", "logicmines", "count"]
    module = run_process(command, stdin="12\n3x\n", env=checkout_env(), cwd=ROOT)
    assert module == run_main(["count"], stdin="12\n3x\n")
    assert module.status == 2


def test_python_dash_m_shows_the_help():
    command = [sys.executable, "-m", "logicmines", "--help"]
    module = run_process(command, env=checkout_env(), cwd=ROOT)
    assert module.status == 0 and module.out.startswith("usage: logicmines ")


# --- big boards ---------------------------------------------------------------------------------


def test_check_finds_a_revealed_1000_by_1000_board_unique():
    zeros = ("0" * 1000 + "\n") * 1000
    run = run_main(["check", "--json"], stdin=zeros)
    assert run.status == 0
    (record,) = run.records()
    assert record["verdict"] == "unique"
    assert record["solution"] == ["0" * 1000] * 1000


def test_count_of_a_1000_by_1000_board_of_unknowns_is_2_to_the_million(no_int_digit_limit):
    run = run_main(["count", "--json"], stdin=("?" * 1000 + "\n") * 1000)
    assert run.status == 0
    log = math.log10(2**1_000_000)
    count = f'"count": "{2**1_000_000}", "count_log10": {log!r}'
    assert run.out == f'{{"board": 1, {count}, "backend": "kanren"}}\n'
