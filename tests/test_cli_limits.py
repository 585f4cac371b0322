"""The limits a user meets (docs/limits.md), and what the command line does at them: input size,
huge counts, the SVG written whole, control characters in messages, a closed stderr, time limits
and a stray byte order mark."""

from __future__ import annotations

import decimal
import io
import os
import random
import re
import stat
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import (
    ROOT,
    assert_one_error_line,
    assert_one_error_line_about,
    checkout_env,
    run_main,
    run_process,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from logicmines import cli, files, words
from logicmines.cli import build_parser, main
from logicmines.generate import random_puzzle
from logicmines.output import json_line
from logicmines.parse import BoardSyntaxError, parse_boards

PYTHON_M = [sys.executable, "-m", "logicmines"]
MULTIPLE = "1110\n2*31\n3*??\n2*4?\n112?\n"  # four solutions
SLOW = "\n".join(random_puzzle(20, 20, 0.2, 0.5, seed=3).rows) + "\n"  # past 0.001 s for all


@pytest.fixture
def no_int_digit_limit():
    """Let this test turn huge counts into text (Python stops at 4,300 digits), as main() does."""
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    yield
    sys.set_int_max_str_digits(saved)


def _short(n: int) -> str:
    """The short form of a count, worked out the slow, obvious way."""
    with decimal.localcontext() as context:
        context.prec, context.rounding = 3, decimal.ROUND_HALF_EVEN
        rounded = +decimal.Decimal(n)
    return f"{rounded:.2e} ({len(str(n)):,} digits)"


# --- 7. input size: refused past a limit, read no further ----------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_file_is_refused_at_the_default_limit_of_64m():
    started = time.monotonic()
    run = run_process([*PYTHON_M, "count", "/dev/zero"], env=checkout_env(), cwd=ROOT)
    message = assert_one_error_line(run, "/dev/zero")
    assert message == (
        "more than 67,108,864 bytes, the input limit; "
        "raise it with --max-input BYTES or LOGICMINES_MAX_INPUT"
    )
    assert time.monotonic() - started < 60


def test_input_of_exactly_the_limit_is_read_and_one_byte_more_is_refused():
    assert run_main(["count", "--max-input", "3", "--json"], stdin="12\n").status == 0
    run = run_main(["count", "--max-input", "2"], stdin="12\n")
    assert assert_one_error_line(run, "<stdin>").startswith("more than 2 bytes, the input limit")


class _Endless:
    """Standard input that never ends, counting the bytes taken from it."""

    def __init__(self):
        self.taken = 0

    def read(self, size: int = -1) -> bytes:
        assert size >= 0, "read everything from an endless stream"
        self.taken += size
        return b"0" * size


def test_at_most_the_limit_and_one_byte_are_read(monkeypatch, capsys):
    endless = _Endless()
    monkeypatch.setattr(sys, "stdin", type("Stdin", (), {"buffer": endless})())
    assert main(["count", "--max-input", "5M"]) == 2
    assert endless.taken == 5 * 1024 * 1024 + 1
    assert capsys.readouterr().err.startswith("logicmines: error: <stdin>: more than 5,242,880 ")


def test_the_environment_variable_sets_the_limit_and_the_option_wins(monkeypatch):
    monkeypatch.setenv("LOGICMINES_MAX_INPUT", "2")
    assert_one_error_line(run_main(["count"], stdin="12\n"), "<stdin>")
    assert run_main(["count", "--max-input", "1K"], stdin="12\n").status == 0
    monkeypatch.setenv("LOGICMINES_MAX_INPUT", "1k")
    assert run_main(["count"], stdin="12\n").status == 0


def test_a_k_is_1024_bytes_and_a_blank_variable_is_no_limit_given(monkeypatch):
    assert files.byte_count("2K") == 2048 and files.byte_count("3m") == 3 * 1024 * 1024
    monkeypatch.setenv("LOGICMINES_MAX_INPUT", " ")
    assert run_main(["count"], stdin="12\n").status == 0
    assert files.input_limit(build_parser().parse_args(["count"])) == 64 * 1024 * 1024


@pytest.mark.parametrize("value", ["many", "0", "-1", "1.5M", "1T", "0" * 40])
def test_a_bad_limit_in_the_environment_is_one_error_line(monkeypatch, value):
    monkeypatch.setenv("LOGICMINES_MAX_INPUT", value)
    message = assert_one_error_line(run_main(["count"], stdin="12\n"), "LOGICMINES_MAX_INPUT")
    assert message.startswith("expected a number of bytes of at least 1")


@pytest.mark.parametrize("value", ["9" * 31, "9" * 40 + "G", "9" * 5000])
def test_a_limit_of_many_digits_is_a_limit_no_input_reaches(monkeypatch, value):
    # 31 digits and more were refused as "not a number of bytes of at least 1"
    assert run_main(["count", "--max-input", value], stdin="12\n").status == 0
    monkeypatch.setenv("LOGICMINES_MAX_INPUT", value)
    assert run_main(["count"], stdin="12\n").status == 0


@pytest.mark.parametrize("value", ["+3", "+1K", " +2M "])
def test_a_limit_may_have_a_plus_sign_as_every_count_may(monkeypatch, value):
    assert run_main(["count", "--max-input", value], stdin="12\n").status == 0
    monkeypatch.setenv("LOGICMINES_MAX_INPUT", value)
    assert run_main(["count"], stdin="12\n").status == 0
    assert run_main(["count", "--max-input", "+2"], stdin="123\n").status == 2  # and it counts


@pytest.mark.parametrize("value", ["many", "0", "-1", "1.5M", "", "+", "++1", "+-1", "+0"])
def test_a_bad_max_input_is_a_usage_error(value):
    run = run_main(["check", f"--max-input={value}"], stdin="12\n")
    message = assert_one_error_line(run, "argument --max-input")
    assert message.endswith("(see 'logicmines check --help')")


@pytest.mark.parametrize("command", ["check", "count", "solve", "analyze", "compare"])
def test_every_command_takes_max_input(command):
    run = run_main([command, "--max-input", "1"], stdin="12\n")
    assert_one_error_line(run, "<stdin>")


@pytest.fixture
def python_int_limit():
    """Python's own limit on the digits int() reads, as a fresh process starts with it (main()
    lifts it once the arguments are read, for the counts it writes)."""
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    yield
    sys.set_int_max_str_digits(saved)


HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("argv", "option", "stdin"),
    [
        (["reveal", "--click", f"{HUGE},1", "-"], "--click", "EE\n"),
        (["reveal", "--click", f"1, {HUGE}", "-"], "--click", "EE\n"),
        (["generate", "puzzle", f"{HUGE}x3"], "HxW", ""),
        (["generate", "game", "--first", f"1,{HUGE}", "3x3"], "--first", ""),
        (["play", "--size", f"3x{HUGE}"], "--size", ""),
        (["generate", "game", "--mines", HUGE, "3x3"], "--mines", ""),
    ],
)
def test_a_number_of_thousands_of_digits_is_named_too_long_in_few_words(
    argv, option, stdin, python_int_limit
):
    # a click or a size said "invalid _cell value: '<the 5,000 digits>'", naming a function
    run = run_main(argv, stdin=stdin)
    message = assert_one_error_line(run, f"argument {option}")
    assert message.startswith("5,000 digits is too long a number (see ")


def test_a_long_wrong_value_is_cut_in_the_error_line():
    run = run_main(["reveal", "--click", HUGE + "x", "-"], stdin="EE\n")
    message = assert_one_error_line(run, "argument --click")
    assert message.startswith(
        f"expected R,C with two whole numbers, got '{HUGE[:60]}'... (5,001 characters) (see "
    )
    run = run_main(["generate", "puzzle", "1" + "0" * 60 + "x3"])
    message = assert_one_error_line(run, "argument HxW")
    assert message.startswith("100000... (61 digits)x3 has more than 1,000,000 cells")


# --- 7. huge counts: short in text unless --exact, exact and fast in JSON ------------------------


def test_a_count_of_up_to_50_digits_is_written_whole():
    run = run_main(["count"], stdin="?" * 166 + "\n")  # 2**166: 50 digits
    assert run.out.endswith(f": {2**166:,} solutions\n")


def test_a_count_of_more_than_50_digits_is_written_in_short():
    run = run_main(["count"], stdin="?" * 167 + "\n")  # 2**167: 51 digits
    assert run.out.endswith(": 1.87e+50 (51 digits) solutions\n")


def test_exact_writes_every_digit_with_grouping():
    run = run_main(["count", "--exact"], stdin="?" * 200 + "\n")
    assert run.out.endswith(f": {2**200:,} solutions\n")


def test_json_count_is_exact_however_long():
    (record,) = run_main(["count", "--json"], stdin="?" * 200 + "\n").records()
    assert record["count"] == str(2**200)  # a string of digits: no JSON reader rounds it


def test_analyze_and_compare_write_huge_counts_in_short_unless_exact():
    board = "?" * 200 + "\n"
    assert "1.61e+60 (61 digits) solutions" in run_main(["analyze"], stdin=board).out
    assert f"{2**200:,} solutions" in run_main(["analyze", "--exact"], stdin=board).out
    table = run_main(["compare", "--timeout", "1"], stdin=board).out
    assert re.search(r"^  kanren     multiple  1\.61e\+60 \(61 digits\) ", table, re.M), table
    table = run_main(["compare", "--timeout", "1", "--exact"], stdin=board).out
    assert f" {2**200:,} " in table


def test_a_million_digit_count_is_written_in_short_and_exactly(no_int_digit_limit):
    board = ("?" * 1000 + "\n") * 1000
    assert run_main(["count"], stdin=board).out.endswith(
        ": 9.90e+301029 (301,030 digits) solutions\n"
    )
    exact = run_main(["count", "--exact"], stdin=board).out
    assert exact.endswith(f": {2**1_000_000:,} solutions\n")


def test_the_svg_title_gives_a_huge_count_in_short_unless_exact(in_tmp):
    run_main(["analyze", "--svg", "short.svg"], stdin="?" * 200 + "\n")
    run_main(["analyze", "--svg", "long.svg", "--exact"], stdin="?" * 200 + "\n")
    title = ET.parse(in_tmp / "short.svg").getroot().find("{http://www.w3.org/2000/svg}title")
    assert title.text == "<stdin>: 1.61e+60 (61 digits) solutions"
    title = ET.parse(in_tmp / "long.svg").getroot().find("{http://www.w3.org/2000/svg}title")
    assert title.text == f"<stdin>: {2**200:,} solutions"


def _edges(k: int) -> dict[str, int]:
    """Counts of k or k+1 digits at the edges of the short form's rounding."""
    return {
        f"10^{k}": 10**k,
        f"10^{k}-1": 10**k - 1,
        f"10^{k}+1": 10**k + 1,
        f"2485e{k - 3}": 2485 * 10 ** (k - 3),  # exactly half way: to even (2.48)
        f"2475e{k - 3}": 2475 * 10 ** (k - 3),  # exactly half way: to even (2.48)
        f"2485e{k - 3}+1": 2485 * 10 ** (k - 3) + 1,
        f"9995e{k - 3}": 9995 * 10 ** (k - 3),  # rounds up into the next power of ten
        f"9995e{k - 3}-1": 9995 * 10 ** (k - 3) - 1,
    }


EDGES = {name: n for k in (50, 51, 60, 4000, 6100, 7000, 20000) for name, n in _edges(k).items()}


@pytest.mark.parametrize("n", EDGES.values(), ids=EDGES.keys())
def test_the_short_form_is_rounded_exactly_at_its_edges(n, no_int_digit_limit):
    assert words.number(n) == (f"{n:,}" if len(str(n)) <= 50 else _short(n))
    assert words.digit_count(n) == len(str(n))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=168, max_value=70_000), st.integers(min_value=0, max_value=2**32))
def test_the_short_form_and_the_exact_form_are_right_for_any_count(bits, seed):
    n = random.Random(seed).getrandbits(bits) | 1 << (bits - 1)  # at least 51 digits
    sys.set_int_max_str_digits(0)
    try:
        assert words.number(n) == _short(n)
        assert words.number(n, exact=True) == f"{n:,}"
        assert words.digits(n) == str(n)
    finally:
        sys.set_int_max_str_digits(4300)


def test_a_count_of_a_million_digits_is_written_exactly_in_seconds_not_minutes():
    n = 3**2_095_903  # 1,000,000 digits; Python's own conversion takes half a minute here
    started = time.monotonic()
    line = json_line({"count": n})
    grouped = words.number(n, exact=True)
    took = time.monotonic() - started
    assert line.startswith('{"count": ') and line.endswith("}")
    assert len(line) == len('{"count": }') + 1_000_000
    assert int(line[10:20]) == n // 10 ** (1_000_000 - 10)
    assert grouped.count(",") == 333_333
    assert took < 20, took


def test_json_line_keeps_small_numbers_and_strings_as_json_writes_them():
    fields = {"board": 1, "engines": {"a": {"count": 2**70_000, "ok": True}}, "text": "\x00"}
    line = json_line(fields)
    assert '"ok": true' in line and '"text": "\\u0000"' in line and '"board": 1' in line
    sys.set_int_max_str_digits(0)
    try:
        assert f'"count": {2**70_000},' in line
    finally:
        sys.set_int_max_str_digits(4300)


# --- 8. the SVG: written whole or not at all; a name is needed -----------------------------------


def test_an_empty_svg_name_is_a_usage_error():
    run = run_main(["analyze", "--svg", ""], stdin="??\n")
    assert assert_one_error_line(run, "argument --svg") == (
        "expected a file name, got '' (see 'logicmines analyze --help')"
    )


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_an_svg_that_fails_to_build_leaves_the_old_file_as_it_was(in_tmp, monkeypatch):
    (in_tmp / "heat.svg").write_text("old picture")

    def killed(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "render_svg", killed)
    assert run_main(["analyze", "--svg", "heat.svg"], stdin="??\n").status == 130
    assert (in_tmp / "heat.svg").read_text() == "old picture"
    assert _leftovers(in_tmp) == []


def test_an_svg_stopped_while_being_written_leaves_the_old_file_and_no_other(in_tmp, monkeypatch):
    (in_tmp / "heat.svg").write_text("old picture")

    def killed(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.os, "replace", killed)  # the new file is written, not yet in place
    assert run_main(["analyze", "--svg", "heat.svg"], stdin="??\n").status == 130
    assert (in_tmp / "heat.svg").read_text() == "old picture"
    assert _leftovers(in_tmp) == []


def test_an_svg_that_cannot_be_written_is_one_error_line_and_leaves_the_old_file(
    in_tmp, monkeypatch
):
    (in_tmp / "heat.svg").write_text("old picture")

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cli.os, "replace", full)
    message = assert_one_error_line(
        run_main(["analyze", "--svg", "heat.svg"], stdin="??\n"), "heat.svg"
    )
    assert message == "cannot write the SVG (No space left on device)"
    assert (in_tmp / "heat.svg").read_text() == "old picture"
    assert _leftovers(in_tmp) == []


def test_an_svg_into_a_missing_folder_is_one_error_line(in_tmp):
    run = run_main(["analyze", "--svg", "nowhere/heat.svg"], stdin="??\n")
    assert assert_one_error_line(run, "nowhere/heat.svg") == (
        "there is no folder nowhere to write in"
    )


def test_an_svg_replaces_the_old_file_whole_and_keeps_its_permissions(in_tmp):
    old = in_tmp / "heat.svg"
    old.write_text("old picture")
    old.chmod(0o640)
    assert run_main(["analyze", "--svg", "heat.svg"], stdin="??\n").status == 0
    assert old.read_text().startswith("<svg ") and old.read_text().endswith("</svg>\n")
    assert stat.S_IMODE(old.stat().st_mode) == 0o640
    assert _leftovers(in_tmp) == []


def test_an_svg_through_a_link_replaces_the_file_it_names_and_keeps_the_link(in_tmp):
    (in_tmp / "pictures").mkdir()
    target = in_tmp / "pictures" / "heat.svg"
    target.write_text("old picture")
    (in_tmp / "heat.svg").symlink_to(target)
    assert run_main(["analyze", "--svg", "heat.svg"], stdin="??\n").status == 0
    assert (in_tmp / "heat.svg").is_symlink()
    assert target.read_text().startswith("<svg ")
    assert _leftovers(in_tmp) == [] and _leftovers(in_tmp / "pictures") == []


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_an_svg_never_replaces_what_is_not_a_file(in_tmp, kind):
    # (a device, /dev/null, goes the same way; it is not tried here, where a mistake would
    # replace the machine's own)
    name = "heat.svg"
    if kind == "pipe":
        os.mkfifo(name)
    else:
        os.mkdir(name)
    before = os.stat(name)
    run = run_main(["analyze", "--svg", name], stdin="??\n")
    said = {
        "folder": "a folder; --svg writes a picture to a file of its own",
        "pipe": "not a file of its own; --svg writes a picture to a file",
    }[kind]
    assert assert_one_error_line(run, name) == said
    after = os.stat(name)
    assert (after.st_mode, after.st_ino, after.st_rdev) == (
        before.st_mode,
        before.st_ino,
        before.st_rdev,
    )
    assert _leftovers(in_tmp) == []


@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1", "/dev/stderr", "/proc/self/fd/1"])
def test_an_svg_never_goes_where_the_answers_go(name):
    # with stdout sent to a file, /dev/stdout names that file: the picture would replace it
    run = run_main(["analyze", "--svg", name], stdin="??\n")
    said = "not a file of its own; --svg writes a picture to a file"
    assert assert_one_error_line(run, name) == said


@pytest.mark.parametrize("command", ["analyze", "trace"])
@pytest.mark.parametrize("how", ["same name", "a link to it", "a hard link"])
def test_an_svg_never_replaces_the_board_file_it_was_read_from(in_tmp, command, how):
    (in_tmp / "b.txt").write_text("1?\n??\n")
    name = {"same name": "b.txt", "a link to it": "b.svg", "a hard link": "b.svg"}[how]
    if how == "a link to it":
        (in_tmp / name).symlink_to("b.txt")
    elif how == "a hard link":
        os.link("b.txt", name)
    run = run_main([command, "--svg", name, "b.txt"])
    said = "the board file itself; --svg writes a picture to a file of its own"
    assert assert_one_error_line(run, name) == said
    assert (in_tmp / "b.txt").read_text() == "1?\n??\n"
    assert _leftovers(in_tmp) == []


@pytest.mark.parametrize("link", [False, True])
def test_write_whole_itself_never_replaces_the_board_file(in_tmp, link):
    # the command line refuses such a name before the work; write_whole refuses it as well
    (in_tmp / "b.txt").write_text("1?\n??\n")
    name = "b.svg" if link else "b.txt"
    if link:
        (in_tmp / name).symlink_to("b.txt")
    with pytest.raises(files.UsageError) as refused:
        files.write_whole(name, "<svg/>", "--svg writes a picture to a file", "b.txt")
    said = f"{name}: the board file itself; --svg writes a picture to a file of its own"
    assert str(refused.value) == said
    assert (in_tmp / "b.txt").read_text() == "1?\n??\n"
    files.write_whole("c.svg", "<svg/>", "--svg writes a picture to a file", "b.txt")
    assert (in_tmp / "c.svg").read_text() == "<svg/>"


@pytest.mark.parametrize("command", ["analyze", "trace"])
def test_a_later_boards_svg_over_the_board_file_is_refused_before_any_answer(in_tmp, command):
    # board 2's picture of --svg p.svg is p-2.svg: board 1 was answered and drawn first
    (in_tmp / "p-2.svg").write_text("1?\n\n??\n")
    run = run_main([command, "--svg", "p.svg", "p-2.svg"])
    said = "the board file itself; --svg writes a picture to a file of its own"
    assert assert_one_error_line(run, "p-2.svg") == said
    assert run.out == ""
    assert sorted(path.name for path in in_tmp.iterdir()) == ["p-2.svg"]
    assert (in_tmp / "p-2.svg").read_text() == "1?\n\n??\n"


@pytest.mark.parametrize("command", ["analyze", "trace"])
def test_a_later_boards_svg_where_a_folder_stands_is_refused_before_any_answer(in_tmp, command):
    # board 1 was answered and p.svg written before p-2.svg was found to be a folder
    (in_tmp / "b.txt").write_text("1?\n\n??\n")
    (in_tmp / "p-2.svg").mkdir()
    run = run_main([command, "--svg", "p.svg", "b.txt"])
    said = "a folder; --svg writes a picture to a file of its own"
    assert assert_one_error_line(run, "p-2.svg") == said
    assert run.out == ""
    assert sorted(path.name for path in in_tmp.iterdir()) == ["b.txt", "p-2.svg"]


@pytest.mark.parametrize("command", ["analyze", "trace"])
def test_a_later_boards_svg_linked_to_an_earlier_one_is_refused_before_any_answer(in_tmp, command):
    # board 2's picture went through the link over board 1's: one file, status 0
    (in_tmp / "b.txt").write_text("1?\n\n??\n")
    (in_tmp / "p-2.svg").symlink_to("p.svg")
    run = run_main([command, "--svg", "p.svg", "b.txt"])
    said = "the same file as p.svg; --svg writes a picture to a file of its own for each board"
    assert assert_one_error_line(run, "p-2.svg") == said
    assert run.out == "" and not (in_tmp / "p.svg").exists()


def test_an_svg_never_replaces_the_file_standard_input_reads(in_tmp):
    (in_tmp / "b.txt").write_text("1?\n??\n")
    with open("b.txt", "rb") as board:
        done = subprocess.run(
            [*PYTHON_M, "analyze", "--svg", "b.txt"],
            stdin=board,
            capture_output=True,
            text=True,
            env=checkout_env(),
            timeout=120,
        )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "logicmines: error: b.txt: the board file itself; --svg writes a picture to a file of "
        "its own\n"
    )
    assert (in_tmp / "b.txt").read_text() == "1?\n??\n"


@pytest.mark.parametrize("command", ["analyze", "trace"])
def test_an_svg_named_dash_is_refused_as_standard_output_takes_the_answers(in_tmp, command):
    run = run_main([command, "--svg", "-"], stdin="??\n")
    assert assert_one_error_line(run, "argument --svg") == (
        "'-' is standard output, which takes the answers; --svg writes a picture to a file "
        f"(see 'logicmines {command} --help')"
    )
    assert list(in_tmp.iterdir()) == []
    assert run_main([command, "--svg", "./-"], stdin="??\n").status == 0  # a file named -
    assert (in_tmp / "-").read_text().startswith("<svg")


def test_an_svg_under_a_file_says_it_is_not_a_folder(in_tmp):
    (in_tmp / "b.txt").write_text("1?\n")
    run = run_main(["analyze", "--svg", "b.txt/x.svg", "b.txt"])
    assert assert_one_error_line(run, "b.txt/x.svg") == "b.txt is not a folder"


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="no /dev/shm on this system")
def test_an_svg_in_dev_shm_is_a_file_like_any_other(tmp_path):
    name = f"/dev/shm/logicmines-test-{os.getpid()}.svg"
    try:
        assert run_main(["analyze", "--svg", name], stdin="??\n").status == 0
        assert Path(name).read_text().startswith("<svg ")
    finally:
        Path(name).unlink(missing_ok=True)


def test_a_new_svg_gets_the_usual_permissions(in_tmp):
    umask = os.umask(0o022)
    try:
        assert run_main(["analyze", "--svg", "heat.svg"], stdin="??\n").status == 0
    finally:
        os.umask(umask)
    assert stat.S_IMODE((in_tmp / "heat.svg").stat().st_mode) == 0o644


# --- 9. control characters from the input are shown escaped --------------------------------------

CONTROL = ["\x1b", "\r", "\t", "\n", "\x00", "\x07", "\x7f", "\x85", "\x9b", "\u2028", "\u202e"]


def _one_printable_line(err: str) -> None:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err[:-1].isprintable(), err


@pytest.mark.parametrize("ch", CONTROL, ids=[f"U+{ord(c):04X}" for c in CONTROL])
def test_a_file_name_with_a_control_character_is_shown_escaped(in_tmp, ch):
    name = f"a{ch}b.txt"
    run = run_main(["check", name])
    _one_printable_line(run.err)
    assert assert_one_error_line(run, f"a{repr(ch)[1:-1]}b.txt").startswith("no such file")


@pytest.mark.parametrize(
    "argv, where, said",
    [
        (["generate", "puzzle", "-1x5"], None, "argument HxW: a size is HxW (like 16x30) or"),
        (["reveal", "--click", "-1,0"], "<stdin>:1", "click (-1,0) is outside the board"),
        (
            ["generate", "game", "5x5", "--mines", "3", "--first", "-1,0"],
            None,
            "first click (-1,0)",
        ),
    ],
)
def test_a_value_that_begins_with_a_minus_sign_is_read_as_a_value(argv, where, said):
    # not as an unknown option ('the following arguments are required: HxW'), which it was
    run = run_main(argv, stdin="EE\n")
    assert run.status == 2 and run.out == ""
    (line,) = run.err.splitlines()
    assert line.startswith("logicmines: error: " + (f"{where}: " if where else "") + said), line


def test_a_file_name_that_is_not_utf8_is_shown_by_its_bytes(in_tmp):
    name = os.fsdecode(b"caf\xe9-\xff.txt")  # as Python hands such a name to the program
    run = run_main(["check", name])
    _one_printable_line(run.err)
    assert assert_one_error_line(run, "caf\\xe9-\\xff.txt") == "no such file"


def test_a_click_that_is_not_two_numbers_is_an_argument_error_in_reveal_as_in_solvable():
    for command in ("reveal", "solvable"):
        run = run_main([command, "--click", "x"], stdin="E\n")
        assert assert_one_error_line(run, "argument --click") == (
            f"expected R,C with two whole numbers, got 'x' (see 'logicmines {command} --help')"
        )


def test_a_cell_outside_brackets_is_quoted_escaped_and_cut():
    run = run_main(["check"], stdin='"\x1b[31m\r\t"\n')
    _one_printable_line(run.err)
    assert '"\\x1b[31m\\r\\t"' in run.err
    run = run_main(["check"], stdin='"' + "\x1b" * 5000 + '"\n')
    _one_printable_line(run.err)
    assert "... (5,002 characters)" in run.err and len(run.err) < 400


def test_an_error_in_a_file_named_with_an_escape_sequence_is_escaped(in_tmp):
    name = "board\x1b[2J.txt"
    (in_tmp / name).write_text("12\n3x\n")
    run = run_main(["count", name])
    assert_one_error_line(run, "board\\x1b[2J.txt:2:2")


def test_a_timeout_line_and_a_title_show_the_file_name_escaped(in_tmp):
    name = "slow\x1b]0;owned\x07.txt"
    (in_tmp / name).write_text(SLOW + "\n2?\n")
    run = run_main(["count", name, "--timeout", "0.001"])
    assert run.status == 3
    _one_printable_line(run.err)
    assert "(slow\\x1b]0;owned\\x07.txt:1, 20x20 puzzle)" in run.err
    assert run.out == "board 2 (slow\\x1b]0;owned\\x07.txt:22, 1x2 puzzle): 0 solutions\n"


@pytest.mark.parametrize("command", ["check", "count", "solve", "analyze"])
def test_with_json_a_board_without_an_answer_in_time_has_its_own_object(command):
    # The stream keeps one object per board, in order: a reader need not count stderr's lines.
    run = run_main([command, "--json", "--timeout", "0.001"], stdin="2?\n\n" + SLOW + "\n1?\n")
    assert run.status == 3
    first, late, last = run.records()
    assert (first["board"], late["board"], last["board"]) == (1, 2, 3)
    assert set(late) == {"board", "error"}
    assert late["error"].startswith("kanren: gave up after 0.001 s")
    assert late["error"] in run.err  # the same words as the line on stderr


def test_an_svg_title_has_no_control_characters(in_tmp):
    name = "b\x1bc.txt"
    (in_tmp / name).write_text("??\n")
    assert run_main(["analyze", name, "--svg", "heat.svg"]).status == 0
    title = ET.parse(in_tmp / "heat.svg").getroot().find("{http://www.w3.org/2000/svg}title")
    assert title.text == "b\\x1bc.txt: 4 solutions"


BOARDISH = st.text(st.sampled_from([*"012*?EMBX[]\"', \n#x", *CONTROL, "\ufeff"]), max_size=40)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BOARDISH)
def test_any_error_line_is_one_printable_line(text):
    run = run_main(["check"], stdin=text)
    if run.status == 2:
        assert_one_error_line_about(run, "<stdin>")
        _one_printable_line(run.err)


# --- 10. stderr closed or full: the status still says what happened ------------------------------


def _shell(script: str) -> subprocess.CompletedProcess:
    command = " ".join([*PYTHON_M, script])
    return subprocess.run(
        ["sh", "-c", command], capture_output=True, env=checkout_env(), cwd=ROOT, timeout=120
    )


def test_bad_input_exits_2_when_stderr_is_closed():
    done = _shell("check 2>&- <<'EOF'\nx\nEOF")
    assert (done.returncode, done.stdout) == (2, b"")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_bad_input_exits_2_when_stderr_is_full():
    done = _shell("check 2>/dev/full <<'EOF'\nx\nEOF")
    assert (done.returncode, done.stdout) == (2, b"")


def test_a_timeout_exits_3_when_stderr_is_closed(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(SLOW.encode())))
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["count", "--timeout", "0.001"]) == 3


class _Broken(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_bad_input_exits_2_when_stderr_cannot_be_written(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x\n")))
    monkeypatch.setattr(sys, "stderr", _Broken())
    assert main(["check"]) == 2


def test_a_reader_that_goes_away_ends_check_with_141_not_a_verdict(tmp_path):
    # `check many.txt | head -1`: the first board is unique, the ones after it go unanswered, so
    # 0 ("every board has one solution") would be a verdict nobody gave
    boards = tmp_path / "many.txt"
    boards.write_text("\n\n".join(["1?"] + ["??\n1?"] * 20_000) + "\n")
    run = subprocess.Popen(
        [sys.executable, "-m", "logicmines", "check", str(boards)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=checkout_env(),
    )
    first = run.stdout.readline()
    run.stdout.close()  # as `| head -1` does
    err = run.stderr.read()
    assert run.wait(timeout=120) == cli.READER_GONE == 141
    assert first.decode().endswith("unique: exactly one solution\n") and err == b""


class _Full(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("argv", [["--help"], ["check", "--help"], ["--version"]])
def test_help_that_cannot_be_written_is_one_error_line_and_status_2(monkeypatch, capsys, argv):
    monkeypatch.setattr(sys, "stdout", _Full())
    assert main(argv) == 2
    assert capsys.readouterr().err == (
        "logicmines: error: cannot write to standard output: No space left on device\n"
    )


# --- 11. every time limit is checked, on every command that takes one ---------------------------

TIMED = ["check", "count", "solve", "analyze", "compare"]
BAD_TIMEOUTS = {
    "huge": "1e7",
    "far too huge": "1e300",
    "beyond a float": "1e400",
    "tiny": "0.0001",
    "below a float": "1e-400",
    "the smallest float": "5e-324",
    "nan": "nan",
    "inf": "inf",
    "-inf": "-inf",
    "negative": "-1",
    "zero": "0",
    "words": "soon",
}


@pytest.mark.parametrize("command", TIMED)
@pytest.mark.parametrize("value", BAD_TIMEOUTS.values(), ids=BAD_TIMEOUTS.keys())
def test_a_bad_timeout_is_one_error_line_that_quotes_it(command, value):
    run = run_main([command, f"--timeout={value}"], stdin="2?\n")
    message = assert_one_error_line(run, "argument --timeout")
    assert repr(value) in message and message.endswith(f"(see 'logicmines {command} --help')")


@pytest.mark.parametrize("command", TIMED)
def test_the_shortest_and_longest_timeouts_are_taken(command):
    for value in ("0.001", "1000000"):
        args = build_parser().parse_args([command, "--timeout", value])
        assert args.timeout == float(value)


def test_compare_with_the_longest_timeout_answers():
    # A year (engine.LONGEST) crashed gprolog's subprocess wait: poll() takes a C int of ms.
    run = run_main(["compare", "--timeout", "1000000", "--json"], stdin="2?\n")
    assert run.status == 0, run
    (record,) = run.records()
    assert all(outcome.get("count") == "0" for outcome in record["engines"].values()), record


# --- 12. a second byte order mark is a stray character ------------------------------------------


def test_two_byte_order_marks_are_one_error_line(in_tmp):
    (in_tmp / "boards.txt").write_bytes(b"\xef\xbb\xbf\xef\xbb\xbf12\n")
    message = assert_one_error_line(run_main(["count", "boards.txt"]), "boards.txt:1:1")
    assert message.startswith("unexpected byte order mark (U+FEFF); ")


def test_two_byte_order_marks_in_text_read_the_same_as_in_a_file(in_tmp):
    (in_tmp / "boards.txt").write_bytes(b"\xef\xbb\xbf\xef\xbb\xbf12\n")
    from_file = run_main(["count", "boards.txt"]).err
    with pytest.raises(BoardSyntaxError) as caught:
        parse_boards("\ufeff\ufeff12\n", "boards.txt")
    assert from_file == f"logicmines: error: {caught.value}\n"


def test_one_byte_order_mark_is_still_dropped():
    assert run_main(["count", "--json"], stdin=b"\xef\xbb\xbf" + MULTIPLE.encode()).status == 0


def test_a_value_that_is_not_utf8_is_shown_by_its_bytes_in_argument_errors():
    # argparse quotes values with repr(), which wrote the byte 0xff as '\udcff'
    value = os.fsdecode(b"\xfe\xff")
    run = run_main(["count", "--mines", value], stdin="1?\n")
    _one_printable_line(run.err)
    assert "got '\\xfe\\xff'" in run.err and "udc" not in run.err, run.err
    run = run_main(["check", "--backend", value], stdin="1?\n")
    assert "invalid choice: '\\xfe\\xff'" in run.err, run.err
    # a backslash typed before 'udcff' is the user's text, and stays as repr() wrote it
    run = run_main(["count", "--mines", "\\udcff"], stdin="1?\n")
    assert "got '\\\\udcff'" in run.err, run.err


def test_a_size_that_is_not_utf8_is_shown_by_its_bytes():
    run = run_main(["generate", "puzzle", os.fsdecode(b"9x\xff")])
    said = "logicmines: error: argument HxW: a size is HxW"
    assert run.status == 2 and run.err.startswith(said), run.err
    assert " not '9x\\xff' (see" in run.err, run.err


def test_a_file_name_with_a_typed_backslash_u_is_shown_as_typed(in_tmp):
    run = run_main(["check", "\\udcff.txt"])
    assert run.err.startswith("logicmines: error: \\udcff.txt: no such file"), run.err


@pytest.mark.parametrize(
    "argv, said",
    [
        (
            ["solve", "--limit", "-1"],
            "argument --limit: expected a whole number of at least 1, got '-1'",
        ),
        (
            ["solve", "--limit", "0"],
            "argument --limit: expected a whole number of at least 1, got '0'",
        ),
        (
            ["count", "--mines", "-1"],
            "argument --mines: expected a whole number of at least 0, got '-1'",
        ),
        (
            ["generate", "puzzle", "3x3", "--seed", "-1"],
            "argument --seed: expected a whole number of at least 0, got '-1'",
        ),
        (
            ["generate", "game", "3x3", "--mines", "1", "--seed", str(2**64)],
            f"argument --seed: a seed is a whole number from 0 to 2**64 - 1, not {2**64}",
        ),
        (
            ["autoplay", "--seed", str(2**64)],
            f"argument --seed: a seed is a whole number from 0 to 2**64 - 1, not {2**64}",
        ),
    ],
)
def test_a_number_out_of_range_says_the_range_and_names_its_option(argv, said):
    # '-1' read 'expected a whole number', as if it were not one; a seed past 2**64 - 1 named no
    # option
    run = run_main(argv, stdin="1?\n")
    assert run.status == 2 and run.out == "", run
    (line,) = run.err.splitlines()
    assert line.startswith(f"logicmines: error: {said} (see 'logicmines "), line


def test_only_quoted_values_have_their_bytes_rewritten():
    # an unknown argument is not quoted by argparse: what was typed is shown as typed
    run = run_main(["count", "--mi\\udcff"], stdin="1?\n")
    assert "unrecognized arguments: --mi\\udcff" in run.err, run.err
    run = run_main(["count", os.fsdecode(b"--mi\xff")], stdin="1?\n")
    assert "unrecognized arguments: --mi\\xff" in run.err, run.err


def test_the_input_limit_variable_shows_its_bytes(monkeypatch):
    monkeypatch.setenv("LOGICMINES_MAX_INPUT", os.fsdecode(b"1\xff"))
    run = run_main(["count"], stdin="1?\n")
    assert run.status == 2 and run.err.rstrip().endswith("got '1\\xff'"), run.err


def test_minus_zero_is_not_called_below_zero():
    run = run_main(["count", "--mines", "-0"], stdin="1?\n")
    assert "expected a whole number, got '-0'" in run.err, run.err


@pytest.mark.parametrize("command", [["count"], ["check"], ["analyze"]])
def test_running_out_of_memory_is_one_line_and_status_2(monkeypatch, command):
    # A MemoryError (here raised where the answer is worked out) was a traceback with status 1,
    # which check uses for "not unique".
    from logicmines.backends.kanren import KanrenBackend

    def no_room(*args, **kwargs):
        raise MemoryError

    for question in ("check", "count", "analyze"):
        monkeypatch.setattr(KanrenBackend, question, no_room)
    run = run_main([*command, "-"], "1?\n")
    assert run.status == 2
    assert run.err.splitlines() == [
        "logicmines: error: ran out of memory: this input is too big for this machine's memory "
        "(docs/limits.md says how much the commands take)"
    ]


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "--mines", "+1"],
        ["solve", "--limit", "+1", "--mines", "1"],
        ["count", "--mines", " +1"],
    ],
)
def test_a_whole_number_may_have_a_plus_sign_as_a_number_of_seconds_may(argv):
    # '--timeout +3' was taken and '--mines +3' refused as not a whole number
    run = run_main(argv, stdin="1?\n")
    assert run.status == 0 and run.err == "", run
    assert ("1 solution" in run.out) and "mine" in run.out, run.out


@pytest.mark.parametrize("value", ["+", "++1", "+-1", "+ 1", "+1.0"])
def test_a_plus_sign_alone_or_with_another_sign_is_no_number(value):
    run = run_main(["count", "--mines", value], stdin="1?\n")
    assert run.status == 2 and f"expected a whole number, got {value!r}" in run.err, run.err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["generate", "puzzle", "5x"], "argument HxW: a size is HxW (like 16x30) or one of"),
        (["generate", "game", "0x5", "--mines", "1"], "argument HxW: a board has at least one row"),
        (["play", "--size", "0x5", "--mines", "1"], "argument --size: a board has at least one"),
        (["autoplay", "--size", "9x9x9"], "argument --size: a size is HxW"),
    ],
)
def test_a_bad_size_names_its_argument_as_every_bad_value_does(argv, said):
    run = run_main(argv)
    assert run.status == 2 and run.err.startswith(f"logicmines: error: {said}"), run.err
    assert run.err.count("\n") == 1


def test_a_size_is_taken_without_the_spaces_around_it():
    run = run_main(["generate", "game", " 5x5 "])
    assert run.err == (
        "logicmines: error: generate game 5x5 needs --mines N (a preset such as expert brings "
        "its own)\n"
    )


@pytest.mark.parametrize(
    "error, said",
    [
        (
            OSError(28, "No space left on device"),
            "cannot write the answers: No space left on device",
        ),
        # a program the run starts, or a file of its own: named, not taken for the answers
        (OSError(7, "Argument list too long", "swipl"), "swipl: Argument list too long"),
    ],
)
def test_a_system_error_in_a_run_is_one_line_naming_what_failed(monkeypatch, error, said):
    def fails(boards, args, out):
        raise error

    monkeypatch.setitem(cli.RUNNERS, "check", fails)
    run = run_main(["check", "-"], "1?\n")
    assert (run.status, run.out, run.err) == (2, "", f"logicmines: error: {said}\n")
