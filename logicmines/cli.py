"""The command line: arguments in, answers out (text for people, JSON Lines for programs)."""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import re
import secrets
import signal
import sys
import textwrap
import threading
from itertools import islice
from typing import TextIO

from . import __version__
from .backends import REGISTRY, BackendUnavailable, EngineError, make_backend
from .board import Board, contradiction
from .bot import INGREDIENTS
from .compare import TIMEOUT, compare, warm_up
from .deal import PRESETS, DealError, check_seed, deal, game_lines, game_record, parse_size
from .engine import LONGEST, TRACED, EngineTimeout, valid_timeout
from .files import (
    MAX_INPUT,
    MAX_INPUT_VARIABLE,
    UsageError,
    byte_count,
    input_limit,
    is_terminal,
    own_target,
    read_text,
    warn,
    write_whole,
)
from .output import DealingProgress, MakingProgress, Out, error_line, title
from .parse import BoardSyntaxError, parse_boards
from .problem import NoSolution
from .resources import example_names, example_summary, example_text
from .results import Verdict
from .reveal import ClickTooLong, RevealError, parse_click, play_clicks, status
from .setter import PuzzleError, make_puzzle, puzzle_lines, puzzle_record
from .solvable import SolvableError, check_game, solvable
from .staging import Staged
from .stats import StatsError, board_stats
from .svg import render_svg
from .words import bytes_shown, digits_past, listed, plural, said, too_long_number

# Each runs from any folder once logicmines is installed (the boards come from `examples`).
EXAMPLES = {
    "check": "logicmines examples spec | logicmines check --backend kanren",
    "count": "logicmines examples expert | logicmines count --mines 99 --json",
    "solve": "logicmines examples spec | logicmines solve --limit 4",
    "analyze": "logicmines examples expert | logicmines analyze --mines 99 --svg expert.svg",
    "reveal": "logicmines examples game | logicmines reveal --click 3,0 --click 1,2",
    "compare": "logicmines examples spec | logicmines compare --timeout 5",
    "solvable": "logicmines generate game beginner --zero-start --seed 18 | logicmines solvable "
    "--click 4,4 --mines 10",
    "generate": "logicmines generate game expert --no-guess --zero-start --seed 7",
    "stats": "logicmines generate game expert --no-guess --zero-start --seed 7 "
    "| logicmines stats -",
    "trace": "logicmines examples spec | logicmines trace --limit 1",
    "play": "logicmines play expert --no-guess --seed 7",
    "autoplay": "logicmines autoplay --size beginner --rules zero --games 20 --seed 7 --workers 2",
    "examples": "logicmines examples spec > spec.txt",
    "completion": "source <(logicmines completion bash)",
}

DESCRIPTION = """\
Reason about Minesweeper boards with logic engines (miniKanren, SWI-Prolog, GNU Prolog, clingo).

A board file holds one or more boards separated by blank lines; '#' starts a comment line.
Puzzle boards use 0-8 (a revealed digit), * (a known mine; F, a flag, too) and ? (unknown;
. too); game boards use E M B X 1-8, also in the bracketed form [["E","M"],...] pasted from
LeetCode 529.
FILE is read from standard input when it is '-' or left out. The example boards come with
logicmines: 'logicmines examples' lists them, 'logicmines examples NAME' prints one.

exit status: 0 success (check: every board has exactly one solution), 1 check found a board
without exactly one solution, solvable found a game that logic alone does not win, or
compare found engines that disagree, 2 bad input or usage (or an engine that failed
otherwise, such as gprolog out of memory), 3 some board got no answer within --timeout (one
line on stderr says which; the other boards are answered), 130 Ctrl-C, 141 the reader of
the output went away before the end (| head), 143 autoplay stopped by kill (SIGTERM).

limits (docs/limits.md): a board file of at most 64M bytes (--max-input, LOGICMINES_MAX_INPUT);
a count of more than 50 digits is written in short in text (--exact: in full); JSON has
every count exactly, as a string of digits (docs/json.md).
"""

# The time limits the command line takes: below a millisecond a limit means nothing.
SHORTEST_TIMEOUT = 0.001
LONGEST_TIMEOUT = LONGEST


# A value argparse quotes, as repr() writes it: between single quotes, with escapes inside.
_REPR_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'")


def _quoted_bytes_shown(message: str) -> str:
    """argparse's message with the bytes that are not UTF-8 shown as `\\xff` in the values it
    quotes with repr(), and nowhere else (an unknown argument is not quoted, and stays as typed)."""
    return _REPR_QUOTED.sub(lambda quoted: bytes_shown(quoted.group()), message)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # An option given twice is refused, never the first value silently replaced.
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)
        # No option begins with a digit: a word that does (-1x5, -1,0) is a value, so that it
        # reaches the check that says what is wrong with it (argparse takes only -1 and -.5 so).
        self._negative_number_matcher = re.compile(r"^-\.?\d")

    def error(self, message: str):  # one line, status 2, like every other input error
        raise UsageError(f"{_quoted_bytes_shown(message)} (see '{self.prog} --help')")

    def _print_message(self, message: str, file=None) -> None:
        # argparse drops a failed write of --help or --version without a word, and exits 0
        if message:
            try:
                (file or sys.stderr).write(message)
            except BrokenPipeError:
                raise
            except OSError as error:
                raise UsageError(
                    f"cannot write to standard output: {error.strerror or error}"
                ) from None


# The commands whose exit status says more than "it went well" (the rest: as 'logicmines --help').
VERDICT_STATUS = {
    "check": "0 every board has exactly one solution, 1 some board has none or several",
    "solvable": "0 logic alone wins every game, 1 some game needs a guess",
    "compare": "0 the engines that answered agree, 1 some of them disagree",
}


def _examples(command: str) -> str:
    status = VERDICT_STATUS.get(command)
    if status is not None:  # wrapped by hand: these epilogs are printed as written
        statuses = textwrap.fill(
            f"exit status: {status}; the others as 'logicmines --help' says", 79
        )
        return f"example:\n  {EXAMPLES[command]}\n\n{statuses}"
    return f"example:\n  {EXAMPLES[command]}"


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, defined in one place."""
    parser = _Parser(
        prog="logicmines",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES.values()),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    _with_mines(_engine(_command(commands, "check", "Does each board have exactly one solution?")))
    count = _command(commands, "count", "Count each board's solutions exactly.")
    _with_mines(_engine(_exact(count)))
    solve = _engine(_command(commands, "solve", "List each board's solutions, drawn as boards."))
    solve.add_argument(
        "--limit", type=_positive, default=10, metavar="N", help="list at most N solutions (10)"
    )
    _with_mines(solve)
    analyze = _command(
        commands,
        "analyze",
        "Every unknown cell's exact chance of being a mine; the best next click.",
    )
    _with_mines(_engine(_exact(analyze)))
    analyze.add_argument(
        "--svg",
        type=_picture_name,
        metavar="FILE",
        help="also draw the board as an SVG heat map (board N>1 of a file: out.svg gives "
        "out-N.svg)",
    )
    analyze.add_argument(
        "--show-staging",
        action="store_true",
        help="on the --svg picture, also mark the cells settle forces and outline each group "
        "of interchangeable cells left to count (the staging's work, done by the kanren "
        "engine whatever --backend says: it is the same on every engine)",
    )
    reveal = _command(commands, "reveal", "Click squares of a game board (LeetCode 529 rules).")
    reveal.add_argument(
        "--click",
        action="append",
        required=True,
        type=_cell,
        metavar="R,C",
        help="row and column from 0, as analyze numbers them; repeat for a game of several clicks",
    )
    solvable = _command(
        commands,
        "solvable",
        "Can each game be won from a click by logic alone? Where does logic get stuck?",
    )
    solvable.add_argument(
        "--click",
        required=True,
        type=_cell,
        action=_StoreOnce,
        why="solvable plays from one first click (reveal takes several)",
        metavar="R,C",
        help="the first click (0-based)",
    )
    _with_mines(
        solvable,
        "play knowing the mine total, as a player's counter tells it: N must be the board's "
        "own number of M squares (default: the total is not used)",
    )
    _timeout(solvable, None, "no limit")
    _generate(commands)
    _play(commands)
    _autoplay(commands)
    _command(
        commands,
        "stats",
        "3BV, openings, islands and mine density of each game board (or solved puzzle).",
    )
    _trace(commands)
    engines = ", ".join(REGISTRY)
    compare = _exact(
        _command(commands, "compare", f"Run every engine ({engines}), or some, side by side.")
    )
    _timeout(
        compare,
        10.0,
        "10",
        "give up on an engine's answer for a board after this long, and say so; exit status 3 "
        "only when no engine answers a board; an engine that lists every solution is not run "
        "when an engine before it counted more than it could list in this time (at ten times "
        "its best pace)",
    )
    _with_mines(compare)
    compare.add_argument(
        "--engines",
        type=_engine_names,
        action=_StoreOnce,
        why="name every engine in one list, like kanren,reference",
        metavar="NAME,...",
        help=f"only these engines, in this order, like kanren,reference (default: all: {engines})",
    )
    compare.add_argument(
        "--forced",
        action="store_true",
        help="compare the verdict and the cells forced (safe, or a mine, in every solution) "
        "instead of the count: for boards with more solutions than the engines that list them "
        "can list (clingo and clpfd find forced cells without listing)",
    )
    examples = _parser(
        commands,
        "examples",
        "List the example boards, or print one.",
        "List the example boards that come with logicmines (name and what it holds),\n"
        "or print the one called NAME, to pipe into another command or to save as a file.",
    )
    examples.add_argument(
        "name", nargs="?", choices=_example_choices(), metavar="NAME", help="the example to print"
    )
    completion = _parser(
        commands,
        "completion",
        "Print a shell completion script (bash or zsh).",
        "Print a script that completes logicmines' commands, options and their\n"
        "choices in bash or zsh. Load it from your shell's start-up file:\n"
        "  ~/.bashrc: source <(logicmines completion bash)\n"
        "  ~/.zshrc:  source <(logicmines completion zsh)",
    )
    completion.add_argument("shell", choices=SHELLS, metavar="SHELL", help="bash or zsh")
    return parser


def _trace(commands) -> None:
    """`trace`: the search on each board made visible, step by step (logicmines/trace.py)."""
    trace = _command(
        commands,
        "trace",
        "Show the search on each (small) board step by step: the bindings tried, the failures,\n"
        "the cells a digit forces (kanren) or propagation settles (clpfd). A trace is for\n"
        'reading: it stops after 400 steps, and says so (JSON: "cut": true).',
    )
    trace.add_argument(
        "--backend",
        choices=TRACED,
        default="kanren",
        help="whose search: kanren (boardo's goals, digit by digit, depth first; default) or "
        "clpfd (board.pl's model: propagation, then first-fail labeling)",
    )
    trace.add_argument(
        "--limit",
        type=_positive,
        default=2,
        metavar="N",
        help="stop after N solutions (2: the search that decides check's verdict)",
    )
    _timeout(
        trace,
        None,
        "no limit; clpfd: 60",
        "give up on a board's trace after this long (exit status 3), trace the others",
    )
    trace.add_argument(
        "--svg",
        type=_picture_name,
        metavar="FILE",
        help="also draw the search tree as SVG (board N>1 of a file: out.svg gives out-N.svg)",
    )


def _autoplay(commands) -> None:
    """`autoplay`: the solver bot on N seeded games (logicmines/autoplay.py, logicmines/bot.py)."""
    autoplay = _parser(
        commands,
        "autoplay",
        "Play N seeded games with the solver bot; the win rate and its 95 %% interval.",
        "Deal N seeded games and let the bot play each: every forced cell first, "
        "then its\nbest guess. Game i has its own seed from --seed and i, so the results are "
        "the same on one\ncore, --workers K or a Dask cluster (docs/autoplay.md).",
    )
    autoplay.add_argument(
        "--size",
        type=_size,
        default="expert",
        metavar="HxW",
        help="HxW or beginner, intermediate, expert (expert)",
    )
    _dealt_mines(autoplay)
    autoplay.add_argument(
        "--rules",
        choices=["safe", "zero"],
        default="safe",
        help="safe: the first click is safe; zero: its 3x3 is mine-free too (safe)",
    )
    autoplay.add_argument("--games", type=_positive, default=100, metavar="N", help="N games (100)")
    autoplay.add_argument("--seed", type=_seed, default=0, metavar="S", help="the run's seed (0)")
    autoplay.add_argument(
        "--start",
        type=_natural,
        default=0,
        metavar="I",
        help="begin at game I of the run (0): a long run split in parts plays the same games",
    )
    autoplay.add_argument(
        "--backend",
        choices=list(REGISTRY),
        default="kanren",
        help="the engine whose analysis the bot's guesses use (kanren); reference, gprolog, "
        "and clingo list every solution, so they play small boards only (each of them and clpfd "
        "stops a run past --timeout, 60 s unless told: status 3)",
    )
    _timeout(
        autoplay,
        None,
        "no limit; reference, gprolog, clingo and clpfd: 60",
        "stop the run, exit status 3, when one of the engine's answers (an analysis, a count) "
        "takes longer than this",
    )
    autoplay.add_argument(
        "--json",
        action="store_true",
        help="one JSON line per game (seed, won, clicks, guesses), then a summary line",
    )
    autoplay.add_argument(
        "--ingredients",
        type=_ingredients,
        default=None,
        metavar="NAME,...",
        help=f"the bot's guessing, from {', '.join(INGREDIENTS)}, or all (the default), or none: "
        "the lowest chance of a mine, first in reading order among equals (docs/autoplay.md "
        "measures each)",
    )
    autoplay.add_argument(
        "--show",
        action="store_true",
        help="every guess of every game too (for a few games): the cell, its chance of a mine, "
        "why the bot chose it and the position, as a board file ('#' lines around the "
        "positions, which 'logicmines analyze --mines N' reads); with --json, each game's "
        "'guessed'",
    )
    autoplay.add_argument(
        "--workers",
        type=_positive,
        metavar="K",
        help="K local processes (1; at most 8 a core; not with --scheduler, as a cluster has "
        "workers of its own)",
    )
    autoplay.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a Dask scheduler, like tcp://10.0.0.5:8786 (needs logicmines[cluster])",
    )


def _play(commands) -> None:
    """`play`: Minesweeper in the terminal (logicmines/play_app.py, imported only to play)."""
    play_cmd = _parser(
        commands,
        "play",
        "Play Minesweeper in the terminal, with exact hints from any engine.",
        "Play Minesweeper in this terminal (mouse and keyboard; ? shows the keys).\n"
        "The mines are laid after the first click, so it is always safe; h shows every hidden\n"
        "square's exact chance of a mine, from the engine --backend names; s saves the game\n"
        "as a game board file that --load reads back (docs/play.md). Needs the play extra.",
    )
    play_cmd.add_argument(
        "preset",
        nargs="?",
        choices=list(PRESETS),
        help="beginner 9x9 with 10 mines (the default), intermediate 16x16/40, expert 16x30/99",
    )
    play_cmd.add_argument(
        "--size",
        type=_other_size,
        metavar="HxW",
        help="another size: rows x columns, like 20x40 (with --mines)",
    )
    _dealt_mines(play_cmd)
    play_cmd.add_argument(
        "--seed",
        type=_seed,
        metavar="S",
        help="the first game's seed, 0 to 2**64-1 (the n key deals S+1, ...; default: a random "
        "one)",
    )
    play_cmd.add_argument(
        "--no-guess", action="store_true", help="deal games 'solvable' wins from the first click"
    )
    play_cmd.add_argument(
        "--zero-start", action="store_true", help="no mine around the first click either"
    )
    play_cmd.add_argument(
        "--load",
        type=_file_name,
        metavar="GAME",
        help="go on with the game a game board file holds",
    )
    play_cmd.add_argument(
        "--max-input",
        type=byte_count,
        metavar="BYTES",
        help=f"refuse a --load file larger than this, like 200M (K, M, G: powers of 1024; "
        f"default: ${MAX_INPUT_VARIABLE}, else 64M)",
    )
    play_cmd.add_argument(
        "--save",
        type=_file_name,
        metavar="FILE",
        help="where s saves (default: the --load file, else logicmines-HxW-seedS.txt here)",
    )
    play_cmd.add_argument(
        "--backend",
        choices=list(REGISTRY),
        default="kanren",
        help="the engine behind the hints (kanren)",
    )
    play_cmd.add_argument(
        "--timeout",
        type=_seconds,
        metavar="SECONDS",
        help="give up on a hint after this long (10)",
    )


def _generate(commands) -> None:
    """`generate puzzle` and `generate game`: they read no board."""
    generate = _parser(
        commands,
        "generate",
        "Make a puzzle with one solution, or a game (no guess needed, if asked).",
        "Make a board from a seed: 'generate puzzle' a puzzle with exactly one\n"
        "solution, 'generate game' a game board whose first click is safe. The same seed and\n"
        "options give the same board on every machine (docs/generate.md).",
    )
    kinds = generate.add_subparsers(dest="kind", required=True, metavar="puzzle|game")
    size_help = "HxW (rows x columns, like 16x30) or beginner, intermediate, expert"
    puzzle = kinds.add_parser(
        "puzzle",
        help="A 0-8*? puzzle with exactly one solution.",
        description="A puzzle with exactly one solution, hiding as many cells as it can.",
        epilog="examples:\n  logicmines generate puzzle 8x8 --seed 3 --solution\n"
        "  logicmines generate puzzle 30x30 --minimal --seed 1 | logicmines check",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    puzzle.add_argument("size", type=_size, metavar="HxW", help=size_help)
    many = puzzle.add_mutually_exclusive_group()
    _dealt_mines(many)
    many.add_argument(
        "--density",
        type=_share,
        metavar="F",
        help="a share F of the cells are mines (default for an HxW size: 0.2; a preset "
        "brings its own)",
    )
    puzzle.add_argument(
        "--minimal",
        action="store_true",
        help="every shown cell needed: hiding any one more gives a second solution (slower)",
    )
    puzzle.add_argument("--solution", action="store_true", help="print its solution too")
    game = kinds.add_parser(
        "game",
        help="A game board (E, mines M) whose first click is safe.",
        description="A game board in LeetCode letters (E, mines M) whose first click is safe.",
        epilog="examples:\n  logicmines generate game expert --no-guess --zero-start --seed 7\n"
        "  logicmines generate game 20x20 --mines 60 --first 0,0 --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    game.add_argument("size", type=_size, metavar="HxW", help=size_help)
    _dealt_mines(game)
    game.add_argument(
        "--first", type=_cell, metavar="R,C", help="the first click (default: the centre)"
    )
    game.add_argument(
        "--zero-start", action="store_true", help="no mine around the first click either"
    )
    game.add_argument(
        "--no-guess",
        action="store_true",
        help="a game 'solvable' wins from the first click with the mine total",
    )
    for sub in (puzzle, game):
        sub.add_argument(
            "--seed",
            type=_seed,
            metavar="S",
            help="the seed, 0 to 2**64-1 (default: a random one, printed with the board)",
        )
        sub.add_argument("--json", action="store_true", help="one JSON object")
        _timeout(sub, None, "no limit", "give up making it after this long, with exit status 3")


def _cell(text: str) -> tuple[int, int]:
    try:
        return parse_click(text)
    except ClickTooLong as wrong:
        raise argparse.ArgumentTypeError(too_long_number(wrong.digits)) from None
    except RevealError:
        raise argparse.ArgumentTypeError(
            f"expected R,C with two whole numbers, got {said(text)}"
        ) from None


# A number as people write it, in ASCII: float() alone also takes 1_0, and digits of other scripts.
_DECIMAL = re.compile(r"\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*", re.ASCII)


def _size(text: str) -> str:
    """A size, HxW or a preset's name, checked here so that the error names the argument (as
    every other bad value's does); given on without the spaces around it. This type also marks
    the sizes completion offers the presets for."""
    try:
        parse_size(text)
    except DealError as wrong:
        raise argparse.ArgumentTypeError(str(wrong)) from None
    return text.strip()


def _other_size(text: str) -> str:
    """`_size` for play's --size, which is not offered the presets (play takes them by name)."""
    return _size(text)


def _share(text: str) -> float:
    if not _DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {said(text)}")
    value = float(text)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {said(text)}")
    return value


def _example_choices() -> list[str] | None:
    try:
        return example_names()
    except FileNotFoundError:  # a broken install: `logicmines examples` says so, not argparse
        return None


def _parser(
    commands, name: str, summary: str, description: str | None = None
) -> argparse.ArgumentParser:
    """A command's parser: `summary` in the list of commands, `description` (the summary by
    default) atop its own help, its example from EXAMPLES below."""
    return commands.add_parser(
        name,
        help=summary,
        description=description or summary,
        epilog=_examples(name),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def _command(commands, name: str, summary: str) -> argparse.ArgumentParser:
    """A command that reads boards: FILE, --json and --max-input."""
    sub = _parser(commands, name, summary)
    sub.add_argument(
        "file",
        nargs="?",
        default="-",
        type=_file_name,
        metavar="FILE",
        help="board file ('-': stdin)",
    )
    sub.add_argument("--json", action="store_true", help="one JSON object per board, per line")
    sub.add_argument(
        "--max-input",
        type=byte_count,
        metavar="BYTES",
        help=f"refuse a board file larger than this, like 200M (K, M, G: powers of 1024; "
        f"default: ${MAX_INPUT_VARIABLE}, else 64M)",
    )
    return sub


def _exact(sub: argparse.ArgumentParser) -> argparse.ArgumentParser:
    sub.add_argument(
        "--exact",
        action="store_true",
        help="write every digit of a count of more than 50 digits (text; JSON is always exact)",
    )
    return sub


def _engine(sub: argparse.ArgumentParser) -> argparse.ArgumentParser:
    sub.add_argument(
        "--backend",
        choices=list(REGISTRY),
        default="kanren",
        help="the engine: kanren (pure Python, default), prolog (CLP(FD) in SWI-Prolog), "
        "reference (the original Prolog program ported to SWI-Prolog), gprolog (the "
        "original, verbatim, under GNU Prolog), clingo (answer-set programming), clpfd (the "
        "whole board as one CLP(FD) model); reference, gprolog and clingo list every solution "
        "to count, so they count small boards only",
    )
    _timeout(sub, None, "no limit; reference, gprolog, clingo and clpfd: 60")
    return sub


def _timeout(
    sub: argparse.ArgumentParser,
    default: float | None,
    said: str,
    what: str = "give up on a board after this long (exit status 3), answer the others",
) -> None:
    sub.add_argument(
        "--timeout",
        type=_seconds,
        default=default,
        metavar="SECONDS",
        help=f"{what} ({said})",
    )


def _dealt_mines(sub: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup) -> None:
    """--mines for the commands that deal boards of a size (generate, play, autoplay)."""
    sub.add_argument(
        "--mines", type=_natural, metavar="N", help="N mines (a preset brings its own)"
    )


def _with_mines(
    sub: argparse.ArgumentParser,
    what: str = (
        "the board holds exactly N mines in all, its * included; a game board's M squares count "
        "in N but are read as hidden, as a player sees them"
    ),
) -> None:
    sub.add_argument("--mines", type=_natural, metavar="N", help=what)


def _seconds(text: str) -> float:
    # inf and nan are numbers to float(): refused below by what they are, not by how written
    infinite = text.strip().lstrip("+-").lower() in ("inf", "infinity", "nan")
    if not _DECIMAL.fullmatch(text) and not infinite:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {said(text)}")
    value = float(text)
    # Compared as written too: 1e-400 reads as 0.0 and 1e400 as inf, which were not written.
    if not (math.isfinite(value) and SHORTEST_TIMEOUT <= value <= LONGEST_TIMEOUT):
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds from {SHORTEST_TIMEOUT:g} to {LONGEST_TIMEOUT:,.0f} "
            f"(about 11 days), got {said(text)}"
        )
    try:
        return valid_timeout(value)
    except ValueError as why:  # engine.LONGEST lowered below ours one day
        raise argparse.ArgumentTypeError(str(why)) from None


class _StoreOnce(argparse._StoreAction):
    """An option with a value (--mines N, --seed S, ...), refused when given a second time:
    argparse would keep the last value and drop the first without a word. `why` words the
    refusal where there is more to say than "give it once" (solvable's one first click,
    compare's one list of engines)."""

    def __init__(self, *args, why: str = "give it once", **kwargs):
        super().__init__(*args, **kwargs)
        self.why = why

    def __call__(self, parser, namespace, values, option_string=None):
        given = namespace.__dict__.setdefault("_given", set())
        if self.dest in given:
            parser.error(f"argument {'/'.join(self.option_strings)}: given twice; {self.why}")
        given.add(self.dest)
        super().__call__(parser, namespace, values, option_string)


# Words that stand for a whole list of ingredients, never in one: the default's and the baseline's.
ALONE = {"all": INGREDIENTS, "none": ()}


def _ingredients(text: str) -> tuple[str, ...]:
    """`progress,endgame`: the bot's ingredients, each once, in the bot's own order; `all` (every
    one, the default) or `none`."""
    if text.strip() in ALONE:
        return ALONE[text.strip()]
    names = [name.strip() for name in text.split(",")]
    for name in names:
        if name not in INGREDIENTS:
            wrong = f"an empty name in {said(text)}" if not name else f"no ingredient {said(name)}"
            if name in ALONE:
                wrong = f"'{name}' stands alone, not in {said(text)}"
            raise argparse.ArgumentTypeError(
                f"{wrong}: the ingredients are {', '.join(INGREDIENTS)}, or all, or none"
            )
    return tuple(name for name in INGREDIENTS if name in names)


def _engine_names(text: str) -> tuple[str, ...]:
    """`kanren,reference`: registered engine names, each once (a name given twice is refused),
    in the order given."""
    names = [name.strip() for name in text.split(",")]
    if not any(names):
        raise argparse.ArgumentTypeError(
            f"expected engine names, like kanren,reference, got {said(text)}"
        )
    for name in names:
        if name not in REGISTRY:
            wrong = f"an empty name in {said(text)}" if not name else f"no engine {said(name)}"
            raise argparse.ArgumentTypeError(f"{wrong}: the engines are {', '.join(REGISTRY)}")
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:  # a comparison of an engine with itself is not what was meant
        raise argparse.ArgumentTypeError(f"{twice} is named twice in {said(text)}: name each once")
    return tuple(names)


def _picture_name(text: str) -> str:
    """--svg's FILE: a file name, and not `-`, as standard output takes the answers."""
    if text == "-":
        raise argparse.ArgumentTypeError(
            "'-' is standard output, which takes the answers; --svg writes a picture to a file"
        )
    return _file_name(text)


def _file_name(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, got ''")
    return text


def _natural(text: str, least: int = 0) -> int:
    digits = text.strip()
    if digits.startswith("+") and digits[1:].isdigit():  # +3 is 3, as --timeout +3 reads it
        digits = digits[1:]
    too_small = argparse.ArgumentTypeError(
        f"expected a whole number of at least {least}, got {said(text)}"
    )
    # isdigit() alone would let through digits that int() refuses, such as '²'.
    if not (digits.isascii() and digits.isdigit()):
        below = digits[1:]
        if digits.startswith("-") and below.isascii() and below.isdigit() and below.strip("0"):
            raise too_small
        raise argparse.ArgumentTypeError(f"expected a whole number, got {said(text)}")
    if count := digits_past(digits):  # as clicks and sizes are refused, whatever int() allows
        raise argparse.ArgumentTypeError(too_long_number(count))
    n = int(digits)
    if n < least:
        raise too_small
    return n


def _positive(text: str) -> int:
    return _natural(text, least=1)


def _seed(text: str) -> int:
    seed = _natural(text)
    try:
        return check_seed(seed)
    except DealError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


# --- reading --------------------------------------------------------------------------------------


def _check_game_totals(boards: list[Board], args: argparse.Namespace) -> None:
    """UsageError for a game board that marks more mines (M and X) than the --mines total: a
    mistake in any reading of the board, not a question. A larger total is the player's mine
    counter: a board copied from a screen marks none of the hidden mines, or only those already
    found (solvable, which plays the board's own mines, asks for its exact number)."""
    mines = getattr(args, "mines", None)
    if mines is None or args.command == "solvable":
        return
    for index, board in enumerate(boards):
        if board.kind == "game":
            marked = sum(row.count("M") + row.count("X") for row in board.rows)
            if marked > mines:
                raise UsageError(
                    f"{title(index, board)}: the board marks {plural(marked, 'mine')} (M or X), "
                    f"more than --mines {mines:,}"
                )


def _check_game_marks(boards: list[Board], args: argparse.Namespace) -> None:
    """UsageError, pointing at the digit, for a game board whose marked mines contradict it."""
    # The engines forget where M squares are (a player does not see them), so they would answer
    # the puzzle with a marked mine gone. As a player reads it, only a digit touching more marked
    # mines than it shows is wrong (hidden mines may be written E); reveal, solvable and stats
    # play or measure the board's own mines, so there every digit must count them exactly.
    exact = args.command in ("reveal", "solvable", "stats")
    for index, board in enumerate(boards):
        found = contradiction(board, exact)
        if found is not None:
            cell, what = found
            place = board.place(cell)
            where = f"{board.source}:{place[0]}:{place[1]}" if place else title(index, board)
            raise UsageError(f"{where}: {what}")


def read_boards(path: str, limit: int = MAX_INPUT) -> list[Board]:
    """The boards in a file ('-': standard input) of at most `limit` bytes, or UsageError or
    BoardSyntaxError."""
    return parse_boards(*read_text(path, limit))


def _each_board(boards: list[Board], out: Out, answer) -> int:
    """Call `answer(index, board)` for every board; a board that gets no answer within the time
    limit is reported on stderr (one line; with --json, also as its own object with an `error`)
    and the others are still answered. Returns 3 when
    some board got no answer, else what the answers returned (0, or 1 for any true value). An
    engine that fails otherwise (gprolog out of memory) ends the run, naming the board."""
    status_code = 0
    timed_out = False
    for index, board in enumerate(boards):
        try:
            if answer(index, board):
                status_code = 1
        except EngineTimeout as error:
            timed_out = True
            if out.json:  # one object per board still: this one says why it has no answer
                out.record(board=index + 1, error=str(error))
            warn(out.timeout(index, board, error))
        except EngineError as error:
            raise UsageError(f"{title(index, board)}: {error}") from None
    return 3 if timed_out else status_code


def run_check(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    backend = make_backend(args.backend, args.timeout)

    def answer(index: int, board: Board) -> bool:
        result = backend.check(board, mines=args.mines)
        out.check(index, board, result, backend.name)
        return result.verdict is not Verdict.UNIQUE

    return _each_board(boards, out, answer)


def run_count(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    backend = make_backend(args.backend, args.timeout)

    def answer(index: int, board: Board) -> None:
        out.count(index, board, backend.count(board, mines=args.mines), args.mines, backend.name)

    return _each_board(boards, out, answer)


def run_solve(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    backend = make_backend(args.backend, args.timeout)
    # One more than the limit says whether the list is complete; islice takes at most maxsize.
    wanted = min(args.limit + 1, sys.maxsize)

    def answer(index: int, board: Board) -> None:
        found = list(islice(backend.solutions(board, wanted, args.mines), wanted))
        out.solutions(index, board, found, args.limit, args.mines, backend.name)

    return _each_board(boards, out, answer)


def run_analyze(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    backend = make_backend(args.backend, args.timeout)
    if args.show_staging and args.svg is None:
        raise UsageError("--show-staging draws on the picture: give --svg FILE too")
    _check_pictures(boards, args)

    def answer(index: int, board: Board) -> None:
        analysis = backend.analyze(board, mines=args.mines)
        if args.svg is not None:
            staged = _staging(board) if args.show_staging else None
            picture = render_svg(analysis, args.exact, index, staged, board)
            _write_picture(picture, args.svg, index, args.file)
        out.analysis(index, board, analysis, args.mines)

    return _each_board(boards, out, answer)


def run_reveal(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    played = []
    for board in boards:  # all of them first: nothing is printed for a file with a bad click
        try:
            played.append(play_clicks(board, args.click, "reveal"))
        except RevealError as error:
            raise UsageError(f"{board.source}:{board.line}: {error}") from None
    for index, (board, after) in enumerate(zip(boards, played)):
        out.reveal(index, board, after, status(after), many=len(boards) > 1)
    return 0


def _staging(board: Board) -> Staged | None:
    """settle's work on the board, for --show-staging (None when the board has no solution:
    there is nothing to stage). Settling is quick beside the analysis it draws on."""
    try:
        return make_backend("kanren").stage(board)
    except NoSolution:
        return None


def _picture_path(path: str, index: int) -> str:
    """Where the SVG of the board at `index` (from 0) goes: `path`, with -N before its extension
    for board N > 1 (out.svg, out-2.svg, ...)."""
    if index:
        root, ext = os.path.splitext(path)
        return f"{root}-{index + 1}{ext}"
    return path


# The endings of other pictures' files, which an SVG written under them would be taken for.
_NOT_SVG = {
    ext: kind
    for kind, endings in (
        ("PNG", ".png"),
        ("JPEG", ".jpg .jpeg"),
        ("GIF", ".gif"),
        ("WebP", ".webp"),
        ("PDF", ".pdf"),
        ("BMP", ".bmp"),
        ("TIFF", ".tif .tiff"),
    )
    for ext in endings.split()
}


SVG_PURPOSE = "--svg writes a picture to a file"


def _check_pictures(boards: list[Board], args: argparse.Namespace) -> None:
    """UsageError, before any board is answered, when a picture could not be written where it
    goes (`own_target`): over the boards' own file (p.svg for two boards read from p-2.svg),
    where a folder or what is not a file stands, or over another board's picture (p-2.svg a link
    to p.svg); such a name was refused only once the boards before it were answered, and a
    link's picture silently replaced the one it links to."""
    if args.svg is None:
        return
    root, ext = os.path.splitext(args.svg)
    if ext.lower() in _NOT_SVG:  # an image viewer would refuse the file, or show nothing
        raise UsageError(
            f"--svg {said(args.svg)}: the picture is SVG (text), not {_NOT_SVG[ext.lower()]}; "
            f"name it {said(root + '.svg')}"
        )
    drawn: dict[str, str] = {}  # each picture's file, links followed: the name it was given
    for index in range(len(boards)):
        path = _picture_path(args.svg, index)
        target = own_target(path, SVG_PURPOSE, args.file)
        if target in drawn:
            raise UsageError(
                f"{path}: the same file as {drawn[target]}; {SVG_PURPOSE} of its own for each board"
            )
        drawn[target] = path


def _write_picture(text: str, path: str, index: int, board_file: str) -> None:
    """Write an SVG for the board at `index` (from 0) to `_picture_path(path, index)`; never
    over `board_file`, the boards' own file."""
    path = _picture_path(path, index)
    try:
        write_whole(path, text, SVG_PURPOSE, board_file)
    except OSError as error:
        raise UsageError(f"{path}: cannot write the SVG ({error.strerror or error})") from None


def run_compare(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    status_code = 0
    warm_up(args.engines)
    for index, board in enumerate(boards):
        outcomes, agree = compare(
            board, args.timeout, args.engines, mines=args.mines, forced=args.forced
        )
        if not agree:
            status_code = 1
        out.comparison(index, board, outcomes, forced=args.forced)
        late = [name for name, outcome in outcomes.items() if outcome.status == TIMEOUT]
        if any(outcome.answered for outcome in outcomes.values()):
            continue
        if late:  # nothing to compare: a timeout, as the other commands report one (status 3)
            warn(out.no_answer(index, board, late, args.timeout))
            status_code = max(status_code, 3)
        else:  # nothing to compare, and not for want of time: engines that failed (status 2)
            failed = "; ".join(
                # an engine's error names it already ("gprolog: out of memory ..."), or not
                outcome.error
                if outcome.error.startswith(f"{name}: ")
                else f"{name}: {outcome.error}"
                for name, outcome in outcomes.items()
            )
            warn(error_line(f"{title(index, board)}: no engine answered ({failed})"))
            status_code = max(status_code, 2)
    return status_code


def run_solvable(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    for board in boards:  # every board is checked before anything is printed
        try:
            check_game(board, args.click, args.mines)
        except SolvableError as error:
            raise UsageError(f"{board.source}:{board.line}: {error}") from None

    def answer(index: int, board: Board) -> bool:
        found = solvable(board, args.click, args.mines, args.timeout)
        out.solvable(index, board, found, many=len(boards) > 1)
        return not found.won

    return _each_board(boards, out, answer)


def run_stats(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    found = []
    for board in boards:  # all of them first: nothing is printed for a file with a bad board
        try:
            found.append(board_stats(board))
        except StatsError as error:  # at the square at fault, when there is one
            raise UsageError(f"{board.where(error.cell)}: {error}") from None
    for index, (board, numbers) in enumerate(zip(boards, found)):
        out.stats(index, board, numbers, many=len(boards) > 1)
    return 0


def run_trace(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    """Each board's search, at most trace.MOST_STEPS steps of it, as lines (or one JSON object)
    and, with --svg, as a tree."""
    # Only this command needs the tracer (and the kanren relations it walks): not every start-up.
    from .trace import describe_any as describe_step
    from .trace import last_line, step_record, traced
    from .tree_svg import render_tree

    _check_pictures(boards, args)

    # As the engines' own: no limit for kanren, the clpfd engine's 60 s for clpfd.
    timeout = args.timeout if args.timeout is not None or args.backend == "kanren" else 60.0

    def answer(index: int, board: Board) -> None:
        found, cut, ended = traced(board, args.backend, args.limit, timeout)
        if args.svg is not None:
            heading = f"{title(index, board)}: {args.backend} search"
            picture = render_tree(found, board, args.backend, cut, heading)
            _write_picture(picture, args.svg, index, args.file)
        if out.json:
            records = [step_record(step) for step in found]
            complete = ended and not cut  # every solution found: none left past --limit
            out.record(
                board=index + 1, backend=args.backend, steps=records, complete=complete, cut=cut
            )
            return
        out.line(f"{title(index, board)}: {args.backend} search")
        for step in found:
            out.line("  " + describe_step(step, board, args.backend))
        last = last_line(found, args.backend, cut, ended, args.limit)
        if last is not None:
            out.line("  " + last)

    return _each_board(boards, out, answer)


RUNNERS = {
    "check": run_check,
    "count": run_count,
    "solve": run_solve,
    "analyze": run_analyze,
    "reveal": run_reveal,
    "compare": run_compare,
    "solvable": run_solvable,
    "stats": run_stats,
    "trace": run_trace,
}


# --- commands that read no board ------------------------------------------------------------------


def run_examples(args: argparse.Namespace, out: Out) -> int:
    """List the example boards (name and first comment line), or print the one named."""
    try:
        if args.name is not None:
            out.stream.write(example_text(args.name))
            return 0
        names = example_names()
        width = max(map(len, names), default=0)
        for name in names:
            out.line(f"{name:<{width}}  {example_summary(example_text(name))}".rstrip())
    except KeyError:
        raise UsageError(
            f"no example called {said(args.name)}; choose one of {', '.join(example_names())}"
        ) from None
    except FileNotFoundError as missing:
        raise UsageError(str(missing)) from None
    return 0


def run_completion(args: argparse.Namespace, out: Out) -> int:
    out.stream.write(completion_script(build_parser(), args.shell))
    return 0


def run_generate(args: argparse.Namespace, out: Out) -> int:
    """Make the board first, then print it whole: a failure prints nothing but its line."""
    seed = secrets.randbelow(2**32) if args.seed is None else args.seed
    try:
        height, width, preset_mines = parse_size(args.size)
        if args.kind == "puzzle":
            mines = preset_mines if args.mines is None and args.density is None else args.mines
            progress = MakingProgress(sys.stderr)  # a big board takes minutes: say how many
            try:
                puzzle = make_puzzle(
                    height,
                    width,
                    mines=mines,
                    density=args.density,
                    seed=seed,
                    minimal=args.minimal,
                    timeout=args.timeout,
                    progress=progress,
                )
            finally:
                progress.end()
            lines, record = puzzle_lines(puzzle, args.solution), puzzle_record(puzzle)
        else:
            mines = preset_mines if args.mines is None else args.mines
            if mines is None:
                raise UsageError(
                    f"generate game {args.size} needs --mines N (a preset such as expert brings "
                    "its own)"
                )
            progress = DealingProgress(sys.stderr)  # a no-guess deal of a big board, minutes
            if args.no_guess:
                progress.begin()  # its first play, before any move, takes seconds too
            try:
                game = deal(
                    height,
                    width,
                    mines,
                    first=args.first,
                    no_guess=args.no_guess,
                    zero_start=args.zero_start,
                    seed=seed,
                    timeout=args.timeout,
                    progress=progress,
                )
            finally:
                progress.end()
            lines, record = game_lines(game), game_record(game)
    except (DealError, PuzzleError) as error:
        raise UsageError(str(error)) from None
    except EngineTimeout as error:
        warn(f"logicmines: timeout: {error}")  # as a board past --timeout: exit status 3
        return 3
    if out.json:
        out.record(**record)
    else:
        for line in lines:
            out.line(line)
    return 0


def run_play(args: argparse.Namespace, out: Out) -> int:
    from .play_app import run_play as play_game  # textual: only the game needs it

    return play_game(args, out)


def run_autoplay(args: argparse.Namespace, out: Out) -> int:
    from .autoplay import run_autoplay as autoplay  # dask only when a scheduler is named

    if args.workers is not None and args.scheduler is not None:
        # the games would run on the cluster's workers, whatever K said
        raise UsageError(
            "autoplay: --workers K starts local processes, and --scheduler plays on the cluster's "
            "own workers: give one of them"
        )
    with _stopped_by_sigterm():
        return autoplay(
            args.size,
            args.mines,
            args.rules,
            args.games,
            args.seed,
            args.backend,
            args.json,
            1 if args.workers is None else args.workers,
            args.scheduler,
            out=out.stream,
            start=args.start,
            show=args.show,
            ingredients=args.ingredients,
            timeout=args.timeout,
        )


@contextlib.contextmanager
def _stopped_by_sigterm():
    """SIGTERM (`kill`) ends a long run as Ctrl-C does: the worker processes are stopped on the
    way out (status 143), where Python's default left them writing into a closed pipe, each
    with a traceback."""

    def stop(signum, frame):
        raise SystemExit(128 + signum)

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


OTHER_RUNNERS = {
    "play": run_play,
    "autoplay": run_autoplay,
    "examples": run_examples,
    "completion": run_completion,
    "generate": run_generate,
}


# --- shell completion, read off the parser --------------------------------------------------------

SHELLS = ("bash", "zsh")
_FUNCTION = "_logicmines_complete"


# Options whose value is a list of names with commas between them (kanren,reference).
_LISTS = (_engine_names, _ingredients)


def _words(parser: argparse.ArgumentParser) -> tuple[list[str], dict[str, list[str] | None], bool]:
    """What a parser takes: its option strings; for each option that takes a value, the values
    to offer (a list, or None for a file name; an empty list: nothing to offer); and whether its
    free arguments are file names (else they are its positional choices, given as option '')."""
    options: list[str] = []
    values: dict[str, list[str] | None] = {}
    files = False
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            values[""] = list(action.choices)
        elif action.option_strings:
            options += action.option_strings
            if action.nargs != 0:
                named = action.metavar == "FILE" or action.type is _file_name
                offered = None if named else list(action.choices or [])
                if action.type is _engine_names:  # a list of them: the first one, at least
                    offered = list(REGISTRY)
                if action.type is _ingredients:
                    offered = [*INGREDIENTS, *ALONE]
                if action.type is _size:
                    offered = list(PRESETS)
                values.update(dict.fromkeys(action.option_strings, offered))
        elif action.choices:
            values[""] = [str(choice) for choice in action.choices]
        elif action.type is _size:
            values[""] = list(PRESETS)
        elif action.metavar == "FILE":
            files = True
    return options, values, files


def _commands(
    parser: argparse.ArgumentParser, path: str = ""
) -> list[tuple[str, argparse.ArgumentParser]]:
    """Every command below `parser` with its path ('generate', then 'generate.puzzle'), parent
    before child; `parser` itself first, as ''."""
    found = [(path, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _commands(sub, f"{path}.{name}" if path else name)
    return found


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    """A bash function that completes `parser`'s commands (and their own subcommands, as
    `generate puzzle`), options and their choices, with the line that registers it; for zsh, the
    same through zsh's bash-completion emulation."""
    cases, value_cases, steps, taking = [], [], [], []
    for name, sub in _commands(parser):
        options, values, files = _words(sub)
        free = " ".join(values.get("", []) or [])
        # How many free words the command takes (FILE, a size, a name): once they are given,
        # nothing more is offered but options. A command with commands below it takes one.
        wanted = sum(
            1
            for a in sub._actions
            if not a.option_strings and not isinstance(a, argparse._SubParsersAction)
        )
        cases.append(
            f'        {name or chr(39) * 2}) options="{" ".join(options)}"; '
            f'free="{free}"; files={int(files)}; wanted={wanted or 1} ;;'
        )
        for option, offered in values.items():
            if not option:
                continue
            taking.append(f"                    {name}/{option}) ;;")
            what = 'files=1; free=""' if offered is None else f'files=0; free="{" ".join(offered)}"'
            if any(a.type in _LISTS for a in sub._actions if option in a.option_strings):
                # after a comma, only the names a list holds: `all` and `none` stand alone
                items = " ".join(w for w in offered or [] if w not in ALONE)
                what += f'; listed=1; items="{items}"'
            value_cases.append(f"            {name}/{option}) {what}; settled=1 ;;")
        if name:
            parent, _, word = name.rpartition(".")
            steps.append(f"            {parent}/{word}) command={name}; given=0 ;;")
    script = _BASH.format(
        function=_FUNCTION,
        version=__version__,
        shell=shell,
        steps="\n".join(steps),
        taking="\n".join(taking),
        cases="\n".join(cases),
        value_cases="\n".join(value_cases),
    )
    if shell == "zsh":
        script = _ZSH_PREAMBLE + script
    return script


_ZSH_PREAMBLE = """\
# zsh runs the bash function below through its bash-completion emulation.
autoload -Uz compinit bashcompinit
(( $+functions[compdef] )) || compinit
bashcompinit
"""

# Written for bash and for zsh's emulation of it: arrays are read through slices only (0-based in
# both shells), never by index.
_BASH = """\
# {shell} completion for logicmines {version}, generated by `logicmines completion {shell}`.
{function}() {{
    local cur prev command="" word last="" options free files=0 settled=0 listed=0 items=""
    local given=0 wanted=1 ended=0
    cur=${{COMP_WORDS[@]:$((COMP_CWORD)):1}}
    prev=${{COMP_WORDS[@]:$((COMP_CWORD - 1)):1}}
    # Each word that names a command below the one found so far steps down to it: a word
    # after `generate` may be `puzzle`; the same word after a file name or a value is left alone.
    # The other words that are neither options nor an option's value are counted: the free
    # words given (a file, a size). A `--` after the command ends its options: every word after
    # it is a free word, a file named `-x` say.
    for word in "${{COMP_WORDS[@]:1:$((COMP_CWORD - 1))}}"; do
        if [[ -n $command && $ended == 0 && $word == -- ]]; then
            ended=1; last=$word; continue
        fi
        case $command/$word in
{steps}
            *)
                if [[ $ended == 1 || $word != -* ]]; then
                    case $command/$last in
{taking}
                        *) given=$((given + 1)) ;;
                    esac
                fi ;;
        esac
        last=$word
    done
    case $command in
{cases}
    esac
    if [[ -n $command && $given -ge $wanted ]]; then
        free=""; files=0
    fi
    if [[ $ended == 0 ]]; then
        case $command/$prev in
{value_cases}
        esac
    fi
    COMPREPLY=()
    if [[ $settled == 0 && $ended == 0 && $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
    elif [[ $files == 1 ]]; then
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -f -- "$cur"))
    elif [[ $listed == 1 && $cur == *,* ]]; then
        # a list of names: the ones typed stay, the one being typed is completed
        compopt -o nospace 2>/dev/null
        COMPREPLY=($(compgen -P "${{cur%,*}}," -W "$items" -- "${{cur##*,}}"))
    elif [[ -n $free ]]; then
        COMPREPLY=($(compgen -W "$free" -- "$cur"))
    fi
}}
complete -F {function} logicmines
"""


def _colour_wanted(stream: TextIO | None) -> bool:
    """Colour on a terminal, unless NO_COLOR is set to anything but "" (no-color.org) or the
    terminal is dumb."""
    return (
        is_terminal(stream) and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
    )


# The status a shell gives a command that a closed pipe stopped (128 + SIGPIPE's 13), as for
# `yes | head -1`: the reader went away before the command had written all it had to.
READER_GONE = 141


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = Out(sys.stdout, json=False, colour=_colour_wanted(sys.stdout))
    try:
        if sys.stdout is None:
            raise UsageError("standard output is closed: there is nowhere to write the answers")
        parser = build_parser()
        words = sys.argv[1:] if argv is None else list(argv)
        if words[:1] == ["--"]:  # the end of the options, before any: the command follows
            words = words[1:]
            if words and words[0].startswith("-"):  # after "--" it is a command's name
                names = [name for name, _ in _commands(parser) if name and "." not in name]
                parser.error(
                    f"argument COMMAND: invalid choice: {said(words[0])} (choose from "
                    + ", ".join(said(name) for name in names)
                    + ")"
                )
        if words and words[0].startswith("-") and not _top_level_option(words[0]):
            # argparse would only say that COMMAND is missing
            unknown = "" if _some_command_takes(parser, words[0]) else "no command takes it; "
            parser.error(
                f"unrecognized argument {said(words[0])}: {unknown}the COMMAND comes first, then "
                "its options"
            )
        if words[:2] == ["generate", "--"]:  # the end of generate's options: KIND follows
            del words[1]
        if (
            words[:1] == ["generate"]
            and len(words) > 1
            and words[1].startswith("-")
            and not _top_level_option(words[1])
        ):
            # argparse would take the option for the kind, or blame the kind for it
            dict(_commands(parser))["generate"].error(
                f"unrecognized argument {said(words[1])}: the KIND (puzzle or game) comes first, "
                "then its options"
            )
        args, extra = parser.parse_known_args(words)
        if extra:  # said by the command's own parser, so that it names that command's --help
            path = ".".join(str(w) for w in (args.command, getattr(args, "kind", None)) if w)
            if path == "compare" and any(_abbreviates(w, "--backend") for w in extra):
                # argparse has taken the engine's name for FILE by now: say what was meant
                dict(_commands(parser))[path].error(
                    "compare takes no --backend: it runs every engine, or the ones --engines "
                    "NAME,... names"
                )
            elsewhere = _taken_elsewhere(parser, path, extra)
            if elsewhere is not None:
                # argparse may have taken the option's value for FILE, and then blames the file
                option, takers = elsewhere
                dict(_commands(parser))[path].error(
                    f"{path.replace('.', ' ')} takes no {option} ({takers})"
                )
            if getattr(args, "file", None) is not None and (
                extra[0] == "-" or not extra[0].startswith("-")
            ):
                # a second board file (standard input, `-`, too): the boards of a run stand in
                # one file
                dict(_commands(parser))[path].error(
                    f"unrecognized arguments: {' '.join(extra)}: {path} reads one FILE (put "
                    "several boards in one file, a blank line between them)"
                )
            dict(_commands(parser))[path].error(f"unrecognized arguments: {' '.join(extra)}")
        # Counts are exact, however long: a 1000x1000 board of ? has 2**1000000 solutions
        # (301,030 digits), beyond the 4,300 digits Python converts to text by default.
        if hasattr(sys, "set_int_max_str_digits"):
            sys.set_int_max_str_digits(0)
        out.json, out.exact = getattr(args, "json", False), getattr(args, "exact", False)
        if out.json:
            out.colour = False
        if args.command in OTHER_RUNNERS:
            return OTHER_RUNNERS[args.command](args, out)
        boards = read_boards(args.file, input_limit(args))
        _check_game_marks(boards, args)
        _check_game_totals(boards, args)
        return RUNNERS[args.command](boards, args, out)
    except (UsageError, BoardSyntaxError, BackendUnavailable, EngineError, RevealError) as error:
        _fail(str(error))
    except SystemExit as stop:  # --help and --version print, then leave through argparse
        if stop.code not in (0, None):
            raise
        try:
            sys.stdout.flush()  # what they printed must reach its reader, or say why not
        except BrokenPipeError:
            return READER_GONE
        except OSError as error:
            _fail(f"cannot write to standard output: {error.strerror or error}")
            return 2
        raise
    except KeyboardInterrupt:
        return 130
    except MemoryError:  # what was made for the answer is gone by now: room for one line
        _fail(
            "ran out of memory: this input is too big for this machine's memory "
            "(docs/limits.md says how much the commands take)"
        )
    except BrokenPipeError:
        # The reader went away (`| head`): no error line, yet not 0, which would say (for
        # `check`) that every board has one solution when the boards after it went unanswered.
        if sys.stderr is not None:
            sys.stderr.close()
        return READER_GONE
    except OSError as error:
        if error.filename is not None:  # a file or a program of the run's own, named
            _fail(f"{error.filename}: {error.strerror or error}")
        else:  # writing the answers failed: a full disk, say
            _fail(f"cannot write the answers: {error.strerror or error}")
    return 2


def _top_level_option(word: str) -> bool:
    """Whether `word` is for logicmines itself rather than a command's: -h (-hx too, which
    argparse refuses in its own words), --help or --version or a start of them."""
    if word.startswith("-h"):
        return True
    return any(_abbreviates(word, option) for option in ("--help", "--version"))


def _taken_elsewhere(
    parser: argparse.ArgumentParser, path: str, extra: list[str]
) -> tuple[str, str] | None:
    """The first of the `extra` words that is an option other commands take, not the command
    `path`, and those commands in words ("solve and trace take it"); None when there is none."""
    for word in extra:
        option = word.split("=")[0]
        if not option.startswith("--"):
            continue
        takers = [
            name.replace(".", " ")
            for name, sub in _commands(parser)
            if name and name != path and option in sub._option_string_actions
        ]
        if takers:  # at most three named, in the order of the command list
            named = takers if len(takers) <= 3 else [*takers[:2], f"{len(takers) - 2} more"]
            return option, f"{listed(named)} {'takes' if len(takers) == 1 else 'take'} it"
    return None


def _some_command_takes(parser: argparse.ArgumentParser, word: str) -> bool:
    """Whether some command takes the option `word` (before any `=value`; a long one may be cut
    short, as argparse lets it be), or `word` is `-`, standard input."""
    if word == "-":
        return True
    options = {o for _, sub in _commands(parser) for o in sub._option_string_actions}
    return word.split("=")[0] in options or any(_abbreviates(word, o) for o in options)


def _abbreviates(word: str, option: str) -> bool:
    """Whether `word` (before any `=value`) is `option` or a start of it that argparse takes for
    it (at least one letter after the dashes)."""
    name = word.split("=")[0]
    return len(name) > 2 and name.startswith("--") and option.startswith(name)


def _fail(message: str) -> None:
    warn(error_line(message))
