"""The commands that read no board (`examples`, `completion`), `--version`, and what the command
line says when it is left to read boards from a terminal."""

from __future__ import annotations

import io
import json
import os
import pty
import select
import shutil
import subprocess
import sys
import time

import pytest
from conftest import EXAMPLES, ROOT, assert_one_error_line, checkout_env, run_main
from oracle import models_with, verdict_of

from logicmines import __version__, cli
from logicmines.cli import build_parser
from logicmines.files import TERMINAL_HINT
from logicmines.parse import parse_boards
from logicmines.resources import example_names, example_text

PYTHON_M = [sys.executable, "-m", "logicmines"]
BASH = shutil.which("bash")


# --- examples -------------------------------------------------------------------------------------


def test_examples_are_the_files_of_the_examples_folder():
    assert example_names() == sorted(path.stem for path in EXAMPLES.glob("*.txt"))
    for name in example_names():
        assert example_text(name) == (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8")


def test_examples_lists_each_name_with_its_first_comment_line():
    run = run_main(["examples"])
    assert (run.status, run.err) == (0, "")
    listed = dict(line.split(None, 1) for line in run.out.splitlines())
    assert list(listed) == example_names()
    assert listed["spec"] == "The examples of docs/rules.md: one solution, four solutions, none"
    assert all(listed.values())


def test_examples_name_prints_the_file_as_it_is():
    run = run_main(["examples", "expert"])
    assert (run.status, run.err) == (0, "")
    assert run.out == (EXAMPLES / "expert.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", example_names())
def test_every_example_is_a_board_file_with_a_description(name):
    text = example_text(name)
    assert text.startswith("# ")
    assert parse_boards(text, name)


def test_an_unknown_example_is_one_error_line_naming_the_choices():
    run = run_main(["examples", "nonesuch"])
    message = assert_one_error_line(run, "argument NAME")
    assert message.startswith("invalid choice: 'nonesuch'")
    assert "'spec'" in message


def test_an_example_piped_into_check_from_another_folder(tmp_path):
    printed = subprocess.run(
        [*PYTHON_M, "examples", "spec"],
        cwd=tmp_path,
        env=checkout_env(),
        capture_output=True,
        check=True,
    )
    checked = subprocess.run(
        [*PYTHON_M, "check", "--json"],
        input=printed.stdout.decode(),
        cwd=tmp_path,
        env=checkout_env(),
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 1, checked.stderr  # two of the three boards are not unique
    assert [line.count('"verdict"') for line in checked.stdout.splitlines()] == [1, 1, 1]
    assert '"unique"' in checked.stdout and '"none"' in checked.stdout


# --- compare --mines ------------------------------------------------------------------------------


@pytest.mark.parametrize("mines", [0, 4, 5, 6])
def test_compare_with_a_mine_total_counts_only_the_solutions_with_that_many(mines):
    text = (EXAMPLES / "spec.txt").read_text(encoding="utf-8")
    run = run_main(["compare", "--json", "--mines", str(mines), "--timeout", "60"], stdin=text)
    assert run.status == 0, run.err
    for board, record in zip(parse_boards(text, "spec"), run.records(), strict=True):
        wanted = len(models_with(board, mines))
        answers = {
            (outcome["verdict"], int(outcome["count"]))
            for outcome in record["engines"].values()
            if outcome.get("verdict") is not None
        }
        assert answers == {(verdict_of(wanted), wanted)}, record


def test_compare_takes_the_same_mines_argument_as_count():
    run = run_main(["compare", "--mines", "x"], stdin="2?\n")
    assert assert_one_error_line(run, "argument --mines").startswith("expected a whole number")


# --- a game's own mines against --mines ----------------------------------------------------------

GAME_OF_TWO = "EMEE\nE2EE\nEEXE\n"  # one mine hidden (M), one opened (X)


@pytest.mark.parametrize("command", ["check", "count", "solve", "analyze", "compare"])
@pytest.mark.parametrize("mines", [0, 1])
def test_a_game_board_that_marks_more_mines_than_the_total_is_one_error_line(command, mines):
    run = run_main([command, "--mines", str(mines)], stdin="1?\n\n" + GAME_OF_TWO)
    assert assert_one_error_line(run, "board 2 (<stdin>:3, 3x4 game)") == (
        f"the board marks 2 mines (M or X), more than --mines {mines}"
    )


def test_a_puzzle_that_shows_more_mines_than_the_total_is_answered_not_refused():
    # its * squares are part of the question, as its digits are (docs/rules.md)
    run = run_main(["check", "--mines", "1", "-"], stdin="**?\n???\n")
    assert run.status == 1 and run.err == ""
    assert "none: no solution" in run.out
    assert "why: the solutions hold between 2 and 6 mines in all, never 1" in run.out
    run = run_main(["count", "--mines", "1", "--json", "-"], stdin="**?\n???\n")
    assert run.status == 0 and json.loads(run.out)["count"] == "0"


@pytest.mark.parametrize(
    "game, mines",
    [
        (GAME_OF_TWO, 2),  # its own total
        # hidden mines written E, as a player who does not know them copies the screen: the
        # counter (3) is more than the board marks (1, the opened X), and is the question's total
        ("EEEE\nE2EE\nEEXE\n", 3),
    ],
)
def test_a_game_board_with_a_total_of_at_least_its_marked_mines_is_answered(game, mines):
    run = run_main(["count", "--mines", str(mines), "--json"], stdin=game)
    (board,) = parse_boards(game, "game")
    wanted = len(models_with(board.as_puzzle(), mines))
    assert run.status == 0 and run.records()[0]["count"] == str(wanted) and wanted > 1


# --- version --------------------------------------------------------------------------------------


def test_version_prints_the_package_version():
    run = run_main(["--version"])
    assert (run.status, run.out) == (0, f"logicmines {__version__}\n")


def test_the_version_is_written_once():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert __version__ not in pyproject


# --- completion -----------------------------------------------------------------------------------


def _complete(*words: str, shell: str = "bash") -> list[str]:
    """What bash offers for the last of `words` (after `logicmines`), with the script loaded."""
    script = run_main(["completion", shell]).out
    probe = f"""
{script}
function=$(complete -p logicmines | sed 's/.* -F \\([^ ]*\\) .*/\\1/')
COMP_WORDS=(logicmines "$@")
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMPREPLY=()
"$function"
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    done = subprocess.run(
        [BASH, "-c", probe, "bash", *words], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [line for line in done.stdout.splitlines() if line]


def _subcommands() -> list[str]:
    (commands,) = [a for a in build_parser()._actions if a.dest == "command"]
    return list(commands.choices)


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_completes_a_command_from_its_first_letters():
    assert _complete("ch") == ["check"]
    assert _complete("co") == [c for c in _subcommands() if c.startswith("co")]


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_completes_every_command_from_nothing():
    assert _complete("") == _subcommands()


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_completes_an_option_of_the_command_given():
    assert _complete("analyze", "--sv") == ["--svg"]
    assert _complete("solve", "--sv") == []  # solve draws no SVG


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_completes_an_options_choices():
    assert _complete("count", "--backend", "cl") == ["clingo", "clpfd"]
    assert _complete("compare", "--engines", "re") == ["reference"]
    assert _complete("autoplay", "--ingredients", "") == [
        "tiebreak", "progress", "lookahead", "endgame", "all", "none"
    ]  # fmt: skip
    # a list: the names typed stay, the one after the last comma is completed
    assert _complete("compare", "--engines", "kanren,re") == ["kanren,reference"]
    assert _complete("compare", "--engines", "kanren,clingo,cl") == [
        "kanren,clingo,clingo", "kanren,clingo,clpfd"
    ]  # fmt: skip
    assert _complete("autoplay", "--ingredients", "progress,e") == ["progress,endgame"]
    # `all` and `none` stand alone: never offered after a comma
    assert _complete("autoplay", "--ingredients", "progress,a") == []
    assert _complete("autoplay", "--ingredients", "progress,n") == []
    assert _complete("count", "--backend", "kanren,") == []  # one engine there, not a list


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_completes_below_a_command_that_has_its_own_commands():
    assert _complete("generate", "") == ["puzzle", "game"]
    assert "--no-guess" in _complete("generate", "game", "--")
    assert _complete("generate", "puzzle", "--mi") == ["--mines", "--minimal"]
    assert _complete("generate", "game", "--no") == ["--no-guess"]
    assert _complete("generate", "puzzle", "--no") == []  # a puzzle has no --no-guess
    # once below `generate`, its commands' names are not offered again: its sizes are
    assert _complete("generate", "puzzle", "") == ["beginner", "intermediate", "expert"]
    assert _complete("generate", "game", "ex") == ["expert"]


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_offers_the_presets_where_a_size_may_be_one():
    assert _complete("autoplay", "--size", "") == ["beginner", "intermediate", "expert"]
    assert _complete("play", "") == ["beginner", "intermediate", "expert"]
    assert _complete("play", "--size", "") == []  # there, a size other than the presets


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_offers_nothing_for_a_number():
    assert _complete("check", "--timeout", "") == []


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_completes_example_names_and_shells():
    assert _complete("examples", "") == example_names()
    assert _complete("completion", "") == ["bash", "zsh"]


def test_a_shell_completion_does_not_know_is_refused_by_the_name_usage_gives_it():
    run = run_main(["completion", "fish"])
    assert run.status == 2 and run.err.startswith(
        "logicmines: error: argument SHELL: invalid choice: 'fish' (choose from 'bash', 'zsh')"
    )
    assert run_main(["completion", "--help"]).out.startswith(
        "usage: logicmines completion [-h] SHELL"
    )


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_completes_a_board_file_name(tmp_path):
    (tmp_path / "boards.txt").write_text("2?\n")
    assert _complete("check", str(tmp_path / "boa")) == [str(tmp_path / "boards.txt")]


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_offers_no_free_word_once_the_command_has_its_own(tmp_path):
    (tmp_path / "boards.txt").write_text("2?\n")
    board = str(tmp_path / "boards.txt")
    prefix = str(tmp_path / "bo")
    assert _complete("check", board, prefix) == []  # one FILE
    assert _complete("check", "--mines", "5", prefix) == [board]  # 5 is --mines' value
    assert _complete("check", "--mines=5", prefix) == [board]
    assert _complete("generate", "puzzle", "5x5", "") == []
    assert _complete("generate", "game", "--mines", "3", "") == [
        "beginner",
        "intermediate",
        "expert",
    ]
    assert _complete("examples", "spec", "") == []
    assert _complete("completion", "bash", "") == []
    assert _complete("play", "beginner", "") == []
    assert _complete("check", board, "--sv") == []  # options still: check has no --svg
    assert _complete("analyze", board, "--sv") == ["--svg"]


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_offers_no_option_after_a_double_dash(tmp_path, monkeypatch):
    # after `--` a word is a file (`-odd.txt`), never an option: it offered stats' options
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-odd.txt").write_text("EM\n")
    assert _complete("stats", "--", "-") == ["-odd.txt"]
    assert _complete("stats", "--", "--") == []
    assert _complete("stats", "--", "-odd.txt", "") == []  # its one FILE is given
    assert _complete("stats", "--j") == ["--json"]  # before it, options as ever
    # a `--` before the command is the command line's own: the command's options follow
    assert _complete("--", "stats", "--j") == ["--json"]


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_completes_a_file_name_after_every_option_that_takes_one(tmp_path):
    (tmp_path / "game.txt").write_text("EE\n")
    found = [str(tmp_path / "game.txt")]
    assert _complete("play", "--load", str(tmp_path / "ga")) == found  # metavar GAME
    assert _complete("play", "--save", str(tmp_path / "ga")) == found
    assert _complete("analyze", "--svg", str(tmp_path / "ga")) == found


def test_the_completion_script_follows_the_parser(monkeypatch):
    from logicmines import cli

    original = cli.build_parser

    def with_one_more_option():
        parser = original()
        (commands,) = [a for a in parser._actions if a.dest == "command"]
        commands.choices["count"].add_argument("--frobnicate", choices=["yes", "no"])
        return parser

    monkeypatch.setattr(cli, "build_parser", with_one_more_option)
    script = run_main(["completion", "bash"]).out
    assert "--frobnicate" in script and 'count/--frobnicate) files=0; free="yes no"' in script


def test_the_zsh_script_loads_zshs_bash_completion_then_the_same_function():
    bash, zsh = run_main(["completion", "bash"]).out, run_main(["completion", "zsh"]).out
    assert "bashcompinit" in zsh
    body = lambda script: script[script.index("_logicmines_complete()") :]  # noqa: E731
    assert body(zsh) == body(bash)


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_offers_the_same_candidates():
    # zsh's compgen ignores the word typed and leaves matching it to zsh: the candidates are
    # the same as bash's before matching.
    script = run_main(["completion", "zsh"]).out
    probe = f"""{script}
try() {{ COMP_WORDS=(logicmines "$@"); COMP_CWORD=$#; COMPREPLY=(); _logicmines_complete
print -r -- "${{COMPREPLY[*]}}"; }}
try x; try count --backend x; try analyze -x; try examples x; try generate x
try generate game -x
"""
    done = subprocess.run(["zsh", "-f", "-c", probe], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    commands, engines, options, names, kinds, game_options = done.stdout.splitlines()
    assert commands.split() == _subcommands()
    assert engines.split() == _complete("count", "--backend", "")
    assert kinds.split() == ["puzzle", "game"]
    assert game_options.split() == _complete("generate", "game", "-")
    assert set(options.split()) == set(_complete("analyze", "-"))
    assert names.split() == example_names()


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_offers_a_list_of_names_with_those_typed_kept():
    script = run_main(["completion", "zsh"]).out
    probe = f"""{script}
COMP_WORDS=(logicmines compare --engines kanren,re); COMP_CWORD=3; COMPREPLY=()
_logicmines_complete; print -r -- "${{COMPREPLY[*]}}"
"""
    done = subprocess.run(["zsh", "-f", "-c", probe], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    # zsh matches the word typed itself: every engine comes, after the names already typed
    assert done.stdout.split() == ["kanren," + name for name in _complete("count", "--backend", "")]


# --- reading from a terminal ----------------------------------------------------------------------


def _at_a_terminal(args: list[str], typed: bytes) -> tuple[int, str, str]:
    """Run `logicmines ARGS` with a terminal as standard input, type `typed` into it, and give
    back (status, stdout, stderr)."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [*PYTHON_M, *args],
        stdin=follower,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=checkout_env(),
    )
    os.close(follower)
    try:
        os.write(leader, typed)
        deadline = time.monotonic() + 60
        while process.poll() is None and time.monotonic() < deadline:
            # The terminal echoes what was typed: drain it so that it never fills up.
            if select.select([leader], [], [], 0.1)[0]:
                try:
                    os.read(leader, 4096)
                except OSError:
                    break
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(leader)
    return process.returncode, out.decode(), err.decode()


def test_reading_from_a_terminal_says_how_to_end_in_one_line_on_stderr():
    status, out, err = _at_a_terminal(["count"], b"??\n\x04")
    assert (status, out) == (0, "board 1 (<stdin>:1, 1x2 puzzle): 4 solutions\n")
    assert err == TERMINAL_HINT + "\n"
    assert "Ctrl-D" in TERMINAL_HINT


def test_one_ctrl_d_ends_the_boards_typed_at_a_terminal():
    # One end-of-file after the last line is enough: the answer comes without a second Ctrl-D.
    status, out, _ = _at_a_terminal(["check", "--json"], b"1121\n1??*\n12?*\n0122\n\x04")
    assert status == 0 and '"unique"' in out


def test_a_file_or_a_pipe_gets_no_hint():
    assert run_main(["count"], stdin="??\n").err == ""
    assert run_main(["count", str(EXAMPLES / "spec.txt")]).err == ""


# --- an option the command does not take ----------------------------------------------------------


@pytest.mark.parametrize(
    "argv, extra, help_of",
    [
        (["check", "--bogus", "-", "y"], "--bogus y", "check"),
        (["examples", "spec", "extra"], "extra", "examples"),
    ],
)
def test_an_option_a_command_does_not_take_points_to_that_commands_help(argv, extra, help_of):
    run = run_main(argv, stdin="??\n")
    assert run.status == 2 and run.out == ""
    assert run.err == (
        f"logicmines: error: unrecognized arguments: {extra} (see 'logicmines {help_of} --help')\n"
    )


@pytest.mark.parametrize(
    "argv, said, help_of",
    [
        (
            ["solve", "--exact"],
            "solve takes no --exact (count, analyze and compare take it)",
            "solve",
        ),
        (
            ["check", "--ingredients", "progress"],
            "check takes no --ingredients (autoplay takes it)",
            "check",
        ),
        # argparse took 3 for FILE, and said "unrecognized arguments: --limit spec.txt"
        (
            ["count", "--limit", "3", "spec.txt"],
            "count takes no --limit (solve and trace take it)",
            "count",
        ),
        (
            ["reveal", "--click", "0,0", "--mines", "1"],  # 1 is FILE
            "reveal takes no --mines (check, count and 8 more take it)",
            "reveal",
        ),
        (
            ["generate", "puzzle", "3x3", "--no-guess"],
            "generate puzzle takes no --no-guess (generate game and play take it)",
            "generate puzzle",
        ),
        (
            ["stats", "--timeout=5"],
            "stats takes no --timeout (check, count and 9 more take it)",
            "stats",
        ),
    ],
)
def test_an_option_another_command_takes_is_named_with_the_commands_that_take_it(
    argv, said, help_of
):
    run = run_main(argv, stdin="??\n")
    assert run.status == 2 and run.out == ""
    assert run.err == f"logicmines: error: {said} (see 'logicmines {help_of} --help')\n"


@pytest.mark.parametrize(
    "first, unknown",
    [("--bogus", True), ("-x", True), ("--json", False), ("--jso", False), ("-", False)]
    + [("--mines=3", False)],
)
def test_an_option_before_the_command_says_the_command_comes_first(first, unknown):
    # argparse said only "the following arguments are required: COMMAND"; an option no command
    # takes is said to be one
    run = run_main([first, "check"], stdin="??\n")
    assert run.status == 2 and run.out == ""
    assert run.err == (
        f"logicmines: error: unrecognized argument {first!r}: "
        + ("no command takes it; " if unknown else "")
        + "the COMMAND comes first, then its options (see 'logicmines --help')\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["--json", "puzzle", "3x3"],
        ["--no-guess", "game", "expert"],
        ["--seed", "1", "puzzle", "3x3"],
        ["--solution", "puzzle", "3x3"],
        ["-x"],
    ],
)
def test_an_option_before_the_kind_to_generate_says_the_kind_comes_first(argv):
    # argparse said that generate puzzle takes no --json (it does), or took "1" for the kind
    run = run_main(["generate", *argv])
    assert run.status == 2 and run.out == ""
    assert run.err == (
        f"logicmines: error: unrecognized argument {argv[0]!r}: the KIND (puzzle or game) comes "
        "first, then its options (see 'logicmines generate --help')\n"
    )
    assert run_main(["generate", "--help"]).out.startswith("usage: logicmines generate ")


def test_a_double_dash_before_generate_s_kind_ends_its_options():
    # argparse took "--" for the kind: "invalid choice: '--'"
    argv = ["puzzle", "3x3", "--seed", "1"]
    assert run_main(["generate", "--", *argv]) == run_main(["generate", *argv])
    assert run_main(["generate", "--", *argv]).out.startswith("# 3x3, ")


def test_a_double_dash_before_the_command_ends_the_options_and_the_command_follows():
    # argparse took "--" for the command: "invalid choice: '--'"
    assert run_main(["--", "count"], stdin="1?\n??\n") == run_main(["count"], stdin="1?\n??\n")
    assert run_main(["--", "count"], stdin="1?\n??\n").out.strip().endswith(": 3 solutions")
    run = run_main(["--"])
    assert run.status == 2 and "the following arguments are required: COMMAND" in run.err
    # after "--" a word with a dash is a command's name, not an option put before the command
    for word in ("--", "-x"):
        run = run_main(["--", word])
        assert run.status == 2 and run.out == ""
        assert run.err.startswith(
            f"logicmines: error: argument COMMAND: invalid choice: {word!r} (choose from 'check', "
        ), run.err
        assert run.err.endswith("'completion') (see 'logicmines --help')\n"), run.err


def test_solvable_refuses_a_second_first_click():
    # it took the last one and said nothing; reveal's --click is a list, solvable's is one
    run = run_main(["solvable", "--click", "4,4", "--click", "0,0"], stdin="EEE\nEME\n")
    assert run.status == 2 and run.out == ""
    assert run.err == (
        "logicmines: error: argument --click: given twice; solvable plays from one first click "
        "(reveal takes several) (see 'logicmines solvable --help')\n"
    )


def test_an_input_limit_of_one_byte_says_byte():
    run = run_main(["count", "--max-input", "1"], stdin="??\n")
    assert assert_one_error_line(run, "<stdin>").startswith("more than 1 byte, the input limit;")


@pytest.mark.parametrize("command", ["check", "count", "solve", "analyze", "stats", "compare"])
def test_an_empty_file_name_is_named_as_such(command):
    # it was ": no such file", a message with no place in it
    run = run_main([command, ""])
    assert assert_one_error_line(run, "argument FILE") == (
        f"expected a file name, got '' (see 'logicmines {command} --help')"
    )


@pytest.mark.parametrize(
    "argv, starts",
    [(["--vers"], "logicmines "), (["--version"], "logicmines "), (["--he"], "usage: ")],
)
def test_logicmines_own_options_may_be_shortened(argv, starts):
    run = run_main(argv)
    assert run.status == 0 and run.out.startswith(starts) and run.err == ""


def test_a_short_help_option_with_more_letters_is_argparses_refusal():
    run = run_main(["-hx"])
    assert assert_one_error_line(run, "argument -h/--help").startswith(
        "ignored explicit argument 'x'"
    )


def test_compare_refuses_a_second_list_of_engines_and_a_shortened_backend():
    run = run_main(["compare", "--engines", "kanren", "--engines", "prolog"], stdin="1?\n")
    assert assert_one_error_line(run, "argument --engines").startswith(
        "given twice; name every engine in one list, like kanren,reference"
    )
    run = run_main(["compare", "--back", "kanren"], stdin="1?\n")
    assert assert_one_error_line(run, "compare takes no --backend").startswith("it runs every")


def test_compare_of_one_engine_says_there_is_nothing_to_compare_it_with():
    run = run_main(["compare", "--engines", "kanren"], stdin="1?\n")
    assert run.status == 0
    assert run.out.splitlines()[0] == (
        "board 1 (<stdin>:1, 1x2 puzzle): 1 engine answered: nothing to compare it with"
    )


@pytest.mark.parametrize("density", ["0_1", "\u0660.2", "0x1", "nan"])
def test_a_density_is_a_number_written_in_ascii(density):
    run = run_main(["generate", "puzzle", "5x5", "--density", density])
    assert assert_one_error_line(run, "argument --density").startswith(
        f"expected a number from 0 to 1, got {density!r}"
    )


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        if self.closed:
            raise ValueError("I/O operation on closed file")  # as a real stream's does
        return True


@pytest.mark.parametrize(
    ("environment", "wanted"),
    [
        ({}, True),
        ({"NO_COLOR": "1"}, False),
        ({"NO_COLOR": ""}, True),  # no-color.org: set to a string that is not empty
        ({"TERM": "dumb"}, False),
    ],
)
def test_colour_on_a_terminal_unless_no_color_or_a_dumb_terminal(monkeypatch, environment, wanted):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert cli._colour_wanted(_Terminal()) is wanted
    assert cli._colour_wanted(io.StringIO()) is False and cli._colour_wanted(None) is False
    closed = _Terminal()
    closed.close()
    assert cli._colour_wanted(closed) is False  # isatty of a closed stream raises: no colour


# --- a game's own mines against its digits -------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "count", "solve", "analyze", "compare"])
def test_a_game_board_whose_marked_mine_touches_a_blank_is_one_error_line_at_the_blank(command):
    # The engines forget where M squares are: answered, this board came back with the marked
    # mine safe (check: unique, BB/BB; analyze: best click the M at 0 %).
    run = run_main([command], stdin="1?\n\n# a comment line\nEE\nBM\n")
    assert assert_one_error_line(run, "<stdin>:5:1") == (
        "(1,0) shows a blank but touches 1 marked mine (M or X): the board contradicts itself"
    )


def test_the_error_points_at_the_digit_in_a_bracketed_board():
    run = run_main(["analyze"], stdin='[["E","E"],\n ["E","1"], ["M","M"]]\n')
    assert assert_one_error_line(run, "<stdin>:2:8") == (
        "(1,1) shows 1 but touches 2 marked mines (M or X): the board contradicts itself"
    )


def test_a_digit_showing_more_mines_than_are_marked_is_answered_as_hidden_ones():
    run = run_main(["count", "--json"], stdin="2E\nEE\n")
    assert run.status == 0 and run.records()[0]["count"] == "3"


@pytest.mark.parametrize("command", ["reveal --click 1,1", "solvable --click 1,1", "stats"])
def test_the_commands_that_play_the_boards_own_mines_need_every_mine_marked(command):
    run = run_main(command.split(), stdin="2E\nEE\n")
    assert assert_one_error_line(run, "<stdin>:1:1") == (
        "(0,0) shows 2 but 0 mines are marked around it (M or X): where the board's own mines "
        "are played, every mine must be marked"
    )


@pytest.mark.parametrize(
    "command", ["check", "reveal --click 1,1", "trace --backend kanren", "solvable --click 1,1"]
)
def test_a_blank_beside_an_opened_mine_contradicts_the_board_in_every_command(command):
    run = run_main(command.split(), stdin="BX\nEE\n")
    assert assert_one_error_line(run, "<stdin>:1:1") == (
        "(0,0) shows a blank but touches 1 marked mine (M or X): the board contradicts itself"
    )


@pytest.mark.parametrize(
    "words, option",
    [
        (["check", "--mines", "1", "--mines", "2", "-"], "--mines"),
        (["generate", "puzzle", "3x3", "--seed", "1", "--seed", "2"], "--seed"),
        (["count", "--backend", "kanren", "--backend", "prolog", "-"], "--backend"),
        (["analyze", "--timeout", "5", "--timeout", "9", "-"], "--timeout"),
        (["autoplay", "--games", "1", "--games", "2"], "--games"),
    ],
)
def test_an_option_given_twice_is_refused_not_silently_replaced(words, option):
    # the last value was kept and the first dropped without a word
    run = run_main(words, "1?\n")
    assert run.status == 2 and run.out == ""
    (line,) = run.err.splitlines()
    assert line.startswith(f"logicmines: error: argument {option}: given twice; give it once")


def test_a_second_board_file_is_told_that_one_file_holds_them_all(tmp_path):
    board = tmp_path / "a.txt"
    board.write_text("1?\n")
    run = run_main(["stats", str(board), str(board)])
    assert run.status == 2 and run.err == (
        f"logicmines: error: unrecognized arguments: {board}: stats reads one FILE (put several "
        "boards in one file, a blank line between them) (see 'logicmines stats --help')\n"
    )
    # standard input, `-`, is a file too (it was a bare "unrecognized arguments: -")
    run = run_main(["check", "-", "-"], "1?\n")
    assert run.status == 2 and run.err.startswith(
        "logicmines: error: unrecognized arguments: -: check reads one FILE (put several "
    )
    # an unknown option is not taken for a file
    run = run_main(["check", str(board), "--frobnicate"])
    assert run.err == (
        "logicmines: error: unrecognized arguments: --frobnicate (see 'logicmines check --help')\n"
    )


def test_analyze_offers_no_click_on_a_lost_game():
    # it offered 0,0, which reveal refuses: the game ends with its first opened mine
    lost = "E1X\nEEE\nEEE\n"
    run = run_main(["analyze", "-"], stdin=lost)
    assert run.status == 0
    assert "best next click: none (the game is lost: the mine at (0,2) is open)" in run.out
    assert json.loads(run_main(["analyze", "--json", "-"], stdin=lost).out)["best"] is None
    assert run_main(["reveal", "--click", "0,0", "-"], stdin=lost).status == 2
    playing = json.loads(run_main(["analyze", "--json", "-"], stdin=lost.replace("X", "M")).out)
    assert playing["best"] == [0, 0]


def test_the_solution_of_a_lost_game_keeps_its_open_mine():
    run = run_main(["check", "-"], stdin="X1E\n11E\nEEE\n")
    assert run.out.endswith("solution:\n  X1B\n  11B\n  BBB\n\n")


def test_the_picture_of_a_lost_game_frames_no_click(tmp_path):
    lost = "E1X\nEEE\nEEE\n"
    for board, name in ((lost, "lost.svg"), (lost.replace("X", "M"), "playing.svg")):
        assert run_main(["analyze", "--svg", str(tmp_path / name), "-"], stdin=board).status == 0
    picture, playing = (tmp_path / "lost.svg").read_text(), (tmp_path / "playing.svg").read_text()
    assert 'class="best"' not in picture and "framed" not in picture
    assert "best next click: none (the game is lost: the mine at (0,2) is open)" in picture
    assert 'class="best"' in playing and "the game is lost" not in playing
    assert "framed: the best next click" in playing
    for drawn in (picture, playing):  # named as given, as the text output names it
        assert "3x3 game" in drawn and "puzzle" not in drawn
