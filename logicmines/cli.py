"""The command line: arguments in, answers out (text for people, JSON Lines for programs)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from itertools import islice
from typing import TextIO

from .backends import REGISTRY, BackendUnavailable, EngineError, get_backend
from .board import Board
from .parse import BoardSyntaxError, decode, parse_boards
from .results import Verdict
from .reveal import RevealError, parse_click, play, status

EXAMPLES = {
    "check": "logicmines check examples/spec.txt --backend kanren",
    "count": "logicmines count examples/expert.txt --mines 99 --json",
    "solve": "logicmines solve examples/spec.txt --limit 4",
    "reveal": "logicmines reveal examples/game.txt --click 3,0 --click 1,2",
}

DESCRIPTION = """\
Reason about Minesweeper boards with logic engines (miniKanren or SWI-Prolog).

A board file holds one or more boards separated by blank lines; '#' starts a comment line.
Puzzle boards use 0-8 (a revealed digit), * (a known mine) and ? (unknown); game boards use
E M B X 1-8, also in the bracketed form [["E","M"],...] pasted from LeetCode 529.
FILE is read from standard input when it is '-' or left out.

exit status: 0 success (check: every board has exactly one solution), 1 check found a board
without exactly one solution, 2 bad input or usage.
"""


class UsageError(Exception):
    """Bad arguments or input: one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, status 2, like every other input error
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _examples(command: str) -> str:
    return f"example:\n  {EXAMPLES[command]}"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="logicmines",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES.values()),
    )
    parser.add_argument("--version", action="version", version="%(prog)s 0.1.0")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    def command(name: str, summary: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(
            name,
            help=summary,
            description=summary,
            epilog=_examples(name),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.add_argument(
            "file", nargs="?", default="-", metavar="FILE", help="board file ('-': stdin)"
        )
        sub.add_argument("--json", action="store_true", help="one JSON object per board, per line")
        return sub

    def engine(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--backend",
            choices=list(REGISTRY),
            default="kanren",
            help="the engine: kanren (pure Python, default), prolog (CLP(FD) in SWI-Prolog), "
            "reference (the original Prolog program, slow on big boards)",
        )

    def mines(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--mines",
            type=_natural,
            metavar="N",
            help="the board holds exactly N mines in all (known * included)",
        )

    check = command("check", "Does each board have exactly one solution?")
    engine(check)
    mines(check)
    count = command("count", "Count each board's solutions exactly.")
    engine(count)
    mines(count)
    solve = command("solve", "List each board's solutions, drawn as boards.")
    engine(solve)
    solve.add_argument("--limit", type=_positive, default=10, metavar="N", help="at most N (10)")
    reveal = command("reveal", "Click squares of a game board (LeetCode 529 rules).")
    reveal.add_argument(
        "--click",
        action="append",
        required=True,
        metavar="R,C",
        help="0-based row and column; repeat for a game of several clicks",
    )
    return parser


def _natural(text: str) -> int:
    digits = text.strip()
    # isdigit() alone would let through digits that int() refuses, such as '²'.
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}")
    try:
        return int(digits)
    except ValueError:  # more digits than Python converts by default
        raise argparse.ArgumentTypeError(f"{len(digits):,} digits is too long a number") from None


def _positive(text: str) -> int:
    n = _natural(text)
    if n == 0:
        raise argparse.ArgumentTypeError("expected a whole number of at least 1, got '0'")
    return n


# --- reading --------------------------------------------------------------------------------------


def read_boards(path: str) -> list[Board]:
    """The boards in a file ('-': standard input), or UsageError or BoardSyntaxError."""
    source = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            if sys.stdin is None:
                raise UsageError("<stdin>: standard input is closed; name a board FILE")
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except FileNotFoundError:
        raise UsageError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{source}: is a folder, not a board file") from None
    except OSError as error:
        raise UsageError(f"{source}: cannot read it ({error.strerror})") from None
    return parse_boards(decode(data, source), source)


# --- writing ------------------------------------------------------------------------------------


@dataclass
class Out:
    stream: TextIO
    json: bool
    colour: bool

    def line(self, text: str = "") -> None:
        self.stream.write(text + "\n")

    def record(self, **fields: object) -> None:
        self.stream.write(json.dumps(fields) + "\n")

    def paint(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.colour else text

    def grid(self, board: Board) -> None:
        for row in board.render().splitlines():
            self.line("  " + row)


def _title(index: int, board: Board) -> str:
    size = f"{board.height}x{board.width} {board.kind}"
    return f"board {index + 1} ({board.source}:{board.line}, {size})"


def _plural(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


_VERDICT_WORDS = {
    Verdict.UNIQUE: ("unique: exactly one solution", "32"),
    Verdict.MULTIPLE: ("multiple: more than one solution", "33"),
    Verdict.NONE: ("none: no solution", "31"),
}


def run_check(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    backend = get_backend(args.backend)
    status_code = 0
    for index, board in enumerate(boards):
        result = backend.check(board, mines=args.mines)
        if result.verdict is not Verdict.UNIQUE:
            status_code = 1
        if out.json:
            fields: dict[str, object] = {
                "board": index,
                "verdict": result.verdict.value,
                "backend": backend.name,
            }
            if result.solution is not None:
                fields["solution"] = list(result.solution.rows)
            if result.reason is not None:
                fields["reason"] = result.reason
            out.record(**fields)
            continue
        words, colour = _VERDICT_WORDS[result.verdict]
        out.line(f"{_title(index, board)}: {out.paint(words, colour)}")
        out.grid(board)
        if result.solution is not None:
            out.line("solution:")
            out.grid(result.solution.as_grid())
        if result.reason:
            out.line(f"why: {result.reason}")
        out.line()
    return status_code


def run_count(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    backend = get_backend(args.backend)
    for index, board in enumerate(boards):
        n = backend.count(board, mines=args.mines)
        if out.json:
            out.record(board=index, count=n, backend=backend.name)
        else:
            among = "" if args.mines is None else f" with exactly {_plural(args.mines, 'mine')}"
            out.line(f"{_title(index, board)}: {_plural(n, 'solution')}{among}")
    return 0


def run_solve(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    backend = get_backend(args.backend)
    # One more than the limit says whether the list is complete; islice takes at most maxsize.
    wanted = min(args.limit + 1, sys.maxsize)
    for index, board in enumerate(boards):
        found = list(islice(backend.solutions(board, wanted), wanted))
        complete = len(found) <= args.limit
        shown = found[: args.limit]
        if out.json:
            solutions = [list(s.rows) for s in shown]
            out.record(board=index, solutions=solutions, complete=complete)
            continue
        more = "" if complete else f" (the first {args.limit:,}; there are more)"
        out.line(f"{_title(index, board)}: {_plural(len(shown), 'solution')}{more}")
        for number, solution in enumerate(shown, start=1):
            out.line(f"solution {number}:")
            out.grid(solution.as_grid())
        out.line()
    return 0


def run_reveal(boards: list[Board], args: argparse.Namespace, out: Out) -> int:
    clicks = [parse_click(text) for text in args.click]
    for index, board in enumerate(boards):
        try:
            after = play(board, clicks)
        except RevealError as error:
            raise UsageError(f"{board.source}:{board.line}: {error}") from None
        state = status(after)
        if out.json:
            out.record(board=index, rows=list(after.rows), status=state)
            continue
        if len(boards) > 1:
            out.line(f"{_title(index, board)}: {state}")
            out.line(after.render())
            out.line()
        else:
            out.line(after.render())
            out.line(state)
    return 0


RUNNERS = {"check": run_check, "count": run_count, "solve": run_solve, "reveal": run_reveal}


def _colour_wanted(stream: TextIO) -> bool:
    return (
        stream is not None
        and stream.isatty()
        and "NO_COLOR" not in os.environ
        and os.environ.get("TERM") != "dumb"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = Out(sys.stdout, json=False, colour=_colour_wanted(sys.stdout))
    try:
        if sys.stdout is None:
            raise UsageError("standard output is closed: there is nowhere to write the answers")
        args = build_parser().parse_args(argv)
        # Counts are exact, however long: a 1000x1000 board of ? has 2**1000000 solutions
        # (301,030 digits), beyond the 4,300 digits Python converts to text by default.
        if hasattr(sys, "set_int_max_str_digits"):
            sys.set_int_max_str_digits(0)
        out.json = args.json
        if args.json:
            out.colour = False
        boards = read_boards(args.file)
        return RUNNERS[args.command](boards, args, out)
    except (UsageError, BoardSyntaxError, BackendUnavailable, EngineError, RevealError) as error:
        _fail(str(error))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`| head`): not an error of ours.
        sys.stderr.close()
        return 0
    return 2


def _fail(message: str) -> None:
    sys.stderr.write(f"logicmines: error: {message}\n")
