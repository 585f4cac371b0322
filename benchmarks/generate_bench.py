"""Time generate and solvable (issue 15's targets), beside ms-toollib's when it is installed.

    python benchmarks/generate_bench.py [--quick] [--seeds N]

Everything runs in this one process, one board after another: no-guess games (expert with a
zero start at the centre, expert with only the first click safe, 50x50/500, 100x100/2000),
`solvable` on expert games, and `generate puzzle 30x30` with and without --minimal. With
ms-toollib (`pip install ms-toollib`) its `laymine_solvable` and `is_solvable` are timed in the
same run on the same sizes, and each judge is shown the other's boards: the share it accepts.
Times are medians and 95th percentiles of wall-clock seconds; ms-toollib draws its own layouts
(it takes no seed), ours come from seeds 0, 1, 2, ...
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from importlib import metadata
from pathlib import Path

# Run as `python benchmarks/generate_bench.py` from a checkout, installed or not.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arguments import Parser  # noqa: E402

from logicmines.board import Board  # noqa: E402
from logicmines.cli import _positive  # noqa: E402 (the command line's checks of a number)
from logicmines.deal import deal  # noqa: E402
from logicmines.setter import make_puzzle  # noqa: E402
from logicmines.solvable import solvable  # noqa: E402

try:
    import ms_toollib
except ImportError:  # the benchmark runs without it
    ms_toollib = None

# name, height, width, mines, zero start, how many boards (of --seeds)
NO_GUESS = (
    ("expert 16x30/99, zero start", 16, 30, 99, True, 1.0),
    ("expert 16x30/99, first click safe", 16, 30, 99, False, 1.0),
    ("50x50/500, zero start", 50, 50, 500, True, 0.2),
    ("100x100/2000, zero start", 100, 100, 2000, True, 0.06),
)


def timed(work: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    answer = work()
    return time.perf_counter() - start, answer


def summary(times: list[float]) -> str:
    """Median and 95th percentile (the nearest rank) in seconds, and how many runs."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    return f"median {statistics.median(ordered):7.3f} s  p95 {p95:7.3f} s  ({len(ordered)} runs)"


def game_of_ms(matrix: list[list[int]]) -> Board:
    """An ms-toollib board (-1 for a mine) as a LeetCode game board."""
    return Board(tuple("".join("M" if n < 0 else "E" for n in row) for row in matrix), "game")


def ms_of_game(board: Board) -> list[list[int]]:
    """A game board as ms-toollib's matrix: -1 on mines, the digits elsewhere."""
    mines = {cell for cell in board.cells() if board[cell] == "M"}
    shown = Board.from_mines(board.height, board.width, mines)
    return [[-1 if ch == "*" else int(ch) for ch in row] for row in shown.rows]


def mines_in(board: Board) -> int:
    return sum(row.count("M") for row in board.rows)


def no_guess_rows(seeds: int) -> list[str]:
    lines = []
    for name, height, width, mines, zero_start, share in NO_GUESS:
        count = max(1, round(seeds * share))
        first = (height // 2, width // 2)
        ours, boards = [], []
        for seed in range(count):
            make = partial(
                deal, height, width, mines, first=first, zero_start=zero_start, no_guess=True
            )
            seconds, game = timed(partial(make, seed=seed))
            ours.append(seconds)
            boards.append(game.board)
        lines.append(f"no-guess {name}, logicmines:  {summary(ours)}")
        if ms_toollib is None or not zero_start:
            continue
        theirs, ms_boards = [], []
        for _ in range(count):
            seconds, (matrix, ok) = timed(
                partial(ms_toollib.laymine_solvable, height, width, mines, *first)
            )
            theirs.append(seconds)
            if ok:
                ms_boards.append(game_of_ms(matrix))
        lines.append(f"no-guess {name}, ms-toollib:  {summary(theirs)}")
        ours_accept = sum(solvable(b, first, mines).won for b in ms_boards)
        theirs = [bool(ms_toollib.is_solvable(ms_of_game(b), *first)) for b in boards]
        no_total = [solvable(b, first).won for b in boards]
        same = sum(a == b for a, b in zip(theirs, no_total))
        lines.append(
            f"  logicmines' solvable accepts {ours_accept}/{len(ms_boards)} of ms-toollib's "
            f"boards; ms-toollib's is_solvable accepts {sum(theirs)}/{len(boards)} of ours "
            f"(logicmines' solvable without the mine total: {sum(no_total)}, "
            f"the same verdict on {same}/{len(boards)})"
        )
    return lines


def solvable_rows(seeds: int) -> list[str]:
    """Judging expert games: random ones (a zero start at the centre, most of them need a guess)
    and no-guess ones (played to the end)."""
    first = (8, 15)
    lines = []
    kinds = (("random", False), ("no-guess", True))
    for kind, no_guess in kinds:
        games = [
            deal(16, 30, 99, first=first, zero_start=True, no_guess=no_guess, seed=seed).board
            for seed in range(seeds)
        ]
        ours, verdicts = [], []
        for board in games:
            seconds, answer = timed(partial(solvable, board, first, 99))
            ours.append(seconds)
            verdicts.append(answer.won)
        no_total = [solvable(board, first).won for board in games]
        won = sum(verdicts)
        lines.append(
            f"solvable, expert {kind} games, logicmines:  {summary(ours)}  won {won}/{len(games)}"
        )
        if ms_toollib is None:
            continue
        theirs, agree, agree_no_total = [], 0, 0
        for board, verdict, plain in zip(games, verdicts, no_total):
            matrix = ms_of_game(board)
            seconds, answer = timed(partial(ms_toollib.is_solvable, matrix, *first))
            theirs.append(seconds)
            agree += bool(answer) == verdict
            agree_no_total += bool(answer) == plain
        lines.append(
            f"solvable, expert {kind} games, ms-toollib:  {summary(theirs)}  "
            f"same verdict on {agree}/{len(games)} "
            f"({agree_no_total}/{len(games)} as logicmines' without the mine total)"
        )
    return lines


def puzzle_rows(runs: int) -> list[str]:
    lines = []
    for minimal in (False, True):
        times, hidden = [], []
        for seed in range(runs):
            seconds, puzzle = timed(partial(make_puzzle, 30, 30, seed=seed, minimal=minimal))
            times.append(seconds)
            hidden.append(puzzle.hidden)
        label = "generate puzzle 30x30" + (" --minimal" if minimal else "")
        lines.append(
            f"{label}:  {summary(times)}  hidden cells: median {statistics.median(hidden):.0f}/900"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few boards of each (seconds)")
    parser.add_argument("--seeds", type=_positive, help="expert boards per row (50)")
    args = parser.parse_args(argv)
    if args.quick and args.seeds is not None:
        print("note: --quick draws 3 boards per row: --seeds is ignored", file=sys.stderr)
    seeds = 3 if args.quick else args.seeds or 50
    version = metadata.version("ms-toollib") if ms_toollib else "not installed"
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"ms-toollib {version}; wall-clock seconds in one process"
    )
    deal(9, 9, 10, no_guess=True)  # the engine's first answers are worked out once, untimed
    for line in [
        *no_guess_rows(seeds),
        *solvable_rows(seeds),
        *puzzle_rows(1 if args.quick else 3),
    ]:
        print(line, flush=True)


if __name__ == "__main__":
    main()
