"""The JSON contract (docs/json.md): its examples print what it shows; counts and probabilities
reach any reader whole (Python, jq, node); boards count from 1 and cells from 0 everywhere."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
import sys
from fractions import Fraction

import pytest
from conftest import EXAMPLES, ROOT, checkout_env, run_main
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import all_models
from test_kanren import small_boards

from logicmines import get_backend, parse_boards
from logicmines.board import Board

PAGE = ROOT / "docs" / "json.md"
BIG = EXAMPLES / "big.txt"  # a 100x100 mid-game
BIG_MINES = 2060


# --- the page's examples -------------------------------------------------------------------------


def _page_commands() -> list[tuple[str, list[str]]]:
    """(command line, the lines shown after it) for every command in the page's console blocks."""
    found = []
    text = PAGE.read_text(encoding="utf-8")
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *shown = chunk.rstrip("\n").split("\n")
            found.append((command, shown))
    return found


def _from_checkout(command: str) -> str:
    """The command line with each `logicmines` of the pipeline run from this checkout."""
    python = f"'{sys.executable}' -m logicmines"
    return re.sub(r"(^|\|\s*)logicmines\b", lambda m: m.group(1) + python, command)


def _timeless(line: str) -> str:
    """A line with compare's and autoplay's times taken out, the one thing that changes from
    run to run."""
    return re.sub(r'"(seconds|seconds_per_game)": \d+(\.\d+)?(e-?\d+)?', r'"\1": S', line)


def _needs(command: str) -> None:
    for tool in ("jq", "node"):
        if re.search(rf"\|\s*{tool}\b", command) and shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed: this example pipes into it")


COMMANDS = _page_commands()


def test_the_page_shows_every_command_that_writes_json():
    shown = {command.split("logicmines ")[-1].split()[0] for command, _ in COMMANDS}
    assert {"check", "count", "solve", "analyze", "reveal", "compare"} <= shown
    assert {"solvable", "stats", "trace", "generate", "autoplay"} <= shown


@pytest.mark.parametrize("command, shown", COMMANDS, ids=[command for command, _ in COMMANDS])
def test_every_example_on_the_page_prints_what_the_page_shows(command, shown, tmp_path):
    _needs(command)
    done = subprocess.run(
        _from_checkout(command),
        shell=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=checkout_env(),
        timeout=300,
    )
    if " autoplay " not in f" {command} ":  # autoplay's progress goes to stderr
        assert done.stderr == ""
    assert [_timeless(line) for line in done.stdout.splitlines()] == [
        _timeless(line) for line in shown
    ]


# --- counts reach every reader whole -------------------------------------------------------------


@pytest.fixture(scope="module")
def big_count() -> tuple[int, str]:
    """The 100x100 example's count with its mine total, from the Python API, and the JSON line
    `count --json` writes for it (in a new process, as a reader would get it)."""
    (board,) = parse_boards(BIG.read_text(encoding="utf-8"), str(BIG))
    count = get_backend("kanren").count(board, mines=BIG_MINES)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "logicmines",
            "count",
            str(BIG),
            "--mines",
            str(BIG_MINES),
            "--json",
        ],
        capture_output=True,
        text=True,
        env=checkout_env(),
        timeout=300,
        check=True,
    )
    return count, done.stdout


def _through(command: list[str], line: str) -> str:
    done = subprocess.run(command, input=line, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_100x100_count_read_by_json_loads_has_every_digit(big_count):
    count, line = big_count
    assert count > 2**53 and len(str(count)) > 500  # far past what a double holds
    read = _through(
        [sys.executable, "-c", "import json, sys; print(json.loads(sys.stdin.read())['count'])"],
        line,
    )
    assert read == str(count)
    record = json.loads(line)
    assert record["board"] == 1 and int(record["count"]) == count
    assert record["count_log10"] == pytest.approx(math.log10(count), rel=1e-12)


def test_a_100x100_count_read_by_jq_has_every_digit(big_count):
    if shutil.which("jq") is None:
        pytest.skip("jq is not installed (apt-get install jq): no jq reader to check")
    count, line = big_count
    assert _through(["jq", "-r", ".count"], line) == str(count)


def test_a_100x100_count_read_by_node_has_every_digit(big_count):
    if shutil.which("node") is None:
        pytest.skip("node is not installed: no JavaScript reader to check")
    count, line = big_count
    script = (
        'const r = JSON.parse(require("fs").readFileSync(0, "utf8"));'
        "console.log(BigInt(r.count).toString())"
    )
    assert _through(["node", "-e", script], line) == str(count)


def test_a_count_past_a_double_would_be_lost_as_a_json_number():
    # Why counts are strings: the same count as a JSON number, read as a double, is not the count.
    (record,) = run_main(
        ["count", "--json", "--mines", "99", str(EXAMPLES / "expert.txt")]
    ).records()
    assert int(float(record["count"])) != int(record["count"])


def test_no_json_object_holds_a_number_a_double_cannot_hold_exactly():
    commands = [
        ["check"],
        ["count"],
        ["count", "--mines", "99"],
        ["solve", "--limit", "2"],
        ["analyze", "--mines", "99"],
    ]
    for args in commands:
        for record in run_main([*args, "--json", str(EXAMPLES / "expert.txt")]).records():
            for number in _numbers(record):
                assert isinstance(number, float) or abs(number) <= 2**53, (args, number)


def _numbers(value: object):
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        for inner in value:
            yield from _numbers(inner)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        yield value


# --- exact probabilities --------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(small_boards(max_side=4), st.one_of(st.none(), st.integers(0, 10)))
def test_analyze_json_gives_each_share_of_the_enumerated_models_exactly(board: Board, mines):
    models = all_models(board)
    if mines is not None:
        models = [m for m in models if sum(row.count("*") for row in m) == mines]
    text = "\n".join(board.rows) + "\n"
    args = ["analyze", "--json", *(["--mines", str(mines)] if mines is not None else [])]
    (record,) = run_main(args, stdin=text).records()
    assert record["count"] == str(len(models))
    puzzle = board.as_puzzle()
    for r, c in puzzle.cells():
        exact, near = record["fractions"][r][c], record["probabilities"][r][c]
        if puzzle[(r, c)] != "?" or not models:
            assert exact is None and near is None
            continue
        share = Fraction(sum(m[r][c] == "*" for m in models), len(models))
        assert re.fullmatch(r"\d+/\d+", exact) and Fraction(exact) == share
        assert near == float(share)


def test_fractions_are_in_lowest_terms_with_both_parts():
    (record,) = run_main(["analyze", "--json"], stdin="1121\n1??*\n12?*\n0122\n").records()
    assert record["fractions"][1][1:3] == ["1/1", "0/1"]
    (record,) = run_main(["analyze", "--json"], stdin="2?\n??\n").records()
    assert {record["fractions"][0][1], record["fractions"][1][0]} == {"2/3"}


# --- one numbering -------------------------------------------------------------------------------


def test_boards_count_from_1_in_json_as_in_text():
    spec = str(EXAMPLES / "spec.txt")
    for command in ("check", "count", "solve", "analyze"):
        numbers = [record["board"] for record in run_main([command, spec, "--json"]).records()]
        said = re.findall(r"^board (\d+) ", run_main([command, spec]).out, flags=re.M)
        assert numbers == [1, 2, 3] == [int(n) for n in said], command


def test_the_best_click_in_json_and_in_text_is_the_cell_reveal_clicks():
    # A game board: the cell analyze calls best (safe here) is the one `reveal --click` opens.
    game = "EEEEE\nEEMEE\nEEEEE\nEEEEE\n"
    after_first = run_main(["reveal", "--click", "3,0"], stdin=game).out.splitlines()[:-1]
    board = "\n".join(after_first) + "\n"
    (record,) = run_main(["analyze", "--json"], stdin=board).records()
    row, column = record["best"]
    text = run_main(["analyze"], stdin=board).out
    assert f"best next click: {row},{column} (row {row}, column {column}; 0% chance" in text
    (played,) = run_main(["reveal", "--json", "--click", f"{row},{column}"], stdin=board).records()
    assert played["status"] != "lost"
    assert played["rows"][row][column] not in "EM"  # that very square is open now
