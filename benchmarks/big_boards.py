"""Time and peak memory on big boards: stating and counting a revealed 1000x1000 board and a
2000x2000 board of unknowns.

    python benchmarks/big_boards.py [--runs 5]

Every run of every case is a new Python process, so that each peak of memory is its own: the
process reads its board from a file (not timed), makes the backend, then times the one operation
and says how long it took and what it answered. Its peak resident memory (`ru_maxrss`) is read
here, by `os.wait4`, from the resource usage of that one child. Linux counts in a child's peak the
memory of its parent when it was started, so this process stays small: the boards are drawn and
written by a child of their own, and the child of each run also reports its own high-water mark
(VmHWM in /proc/self/status), which must agree. A case's "board only" run reads the same board
and stops: what the process holds before the operation starts (Python, logicmines, the board).
The table gives the median over the runs and, in brackets, the smallest and largest.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

# Run as `python benchmarks/big_boards.py` from a checkout, installed or not.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arguments import Parser  # noqa: E402

from logicmines.backends import make_backend  # noqa: E402
from logicmines.board import Board  # noqa: E402
from logicmines.cli import _positive  # noqa: E402 (the command line's checks of a number)
from logicmines.generate import mine_layout  # noqa: E402
from logicmines.problem import Problem  # noqa: E402
from logicmines.words import plural  # noqa: E402

SIZE, WIDE = 1000, 2000
SEED, MINES = 1, 0.2
MB = 2**20


def revealed() -> Board:
    """A fully revealed SIZE x SIZE board (MINES of its cells mines): every digit shown."""
    layout = mine_layout(SIZE, SIZE, round(SIZE * SIZE * MINES), random.Random(SEED))
    return Board.from_mines(SIZE, SIZE, layout)


def unknown() -> Board:
    """A WIDE x WIDE board of `?` only."""
    return Board(("?" * WIDE,) * WIDE)


BOARDS = {"revealed": revealed, "unknown": unknown}


def state(board: Board) -> Callable[[], object]:
    """Stating the board as constraints."""
    return lambda: f"{len(Problem.from_board(board).unknowns)} unknown cells"


def count(board: Board) -> Callable[[], object]:
    """The whole count by a new kanren backend (made before the clock starts)."""
    backend = make_backend("kanren")
    return lambda: backend.count(board)


def bits(answer: object) -> object:
    """A count too long to print, as its size: 2^4,000,000 is `2^4000000`."""
    if isinstance(answer, int) and answer > 10**12 and answer & (answer - 1) == 0:
        return f"2^{answer.bit_length() - 1}"
    return answer


# name -> (what it does, target, the board, the job on the board, the expected answer)
CASES = {
    "state": (
        f"`Problem.from_board` of a revealed {SIZE}x{SIZE} board",
        "",
        "revealed",
        state,
        "0 unknown cells",
    ),
    "count": (
        f"`count` (kanren) of a revealed {SIZE}x{SIZE} board",
        "< 1.5 s",
        "revealed",
        count,
        1,
    ),
    "state-unknown": (
        f"`Problem.from_board` of a {WIDE}x{WIDE} board of `?`",
        "",
        "unknown",
        state,
        f"{WIDE * WIDE} unknown cells",
    ),
    "count-unknown": (
        f"`count` (kanren) of a {WIDE}x{WIDE} board of `?`",
        "< ~1 GB",
        "unknown",
        count,
        f"2^{WIDE * WIDE}",
    ),
}


# --- in the child ------------------------------------------------------------------------------


def high_water() -> int | None:
    """This process's peak resident memory in bytes, as Linux keeps it (None elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def child(name: str, path: Path, board_only: bool) -> None:
    """One run of one case on the board in `path`: print seconds, answer and peak as JSON."""
    board = Board(tuple(path.read_text().split()))
    seconds = answer = None
    if not board_only:
        work = CASES[name][3](board)
        start = time.perf_counter()
        answer = bits(work())
        seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "answer": answer, "peak": high_water()}))


# --- here --------------------------------------------------------------------------------------


def spawn(arguments: list[str]) -> tuple[str, int]:
    """Run this script with `arguments` in a new process: its output and its peak (bytes)."""
    process = subprocess.Popen([sys.executable, __file__, *arguments], stdout=subprocess.PIPE)
    out = process.stdout.read().decode()
    process.stdout.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(arguments)}: the child failed (exit {process.returncode})")
    return out, usage.ru_maxrss * 1024  # kilobytes on Linux


def once(name: str, path: Path, board_only: bool) -> tuple[float | None, object, int]:
    """Seconds, answer and peak memory (bytes) of one run of case `name` in a new process."""
    out, peak = spawn(["--case", name, "--board", str(path)] + ["--board-only"] * board_only)
    said = json.loads(out)
    own = said["peak"]
    if own is not None and abs(own - peak) > max(0.1 * peak, 8 * MB):
        print(f"note: {name}: ru_maxrss {peak / MB:.0f} MB, VmHWM {own / MB:.0f} MB", flush=True)
    return said["seconds"], said["answer"], peak


def spread(values: list[float], scale: float, unit: str) -> str:
    """The median and, in brackets, the smallest and largest, in units of `scale`."""
    middle, low, high = (v / scale for v in (statistics.median(values), min(values), max(values)))
    form = ",.0f" if middle >= 100 else ".3g"
    return f"{middle:{form}} {unit} ({low:{form}}–{high:{form}})"


def measure(name: str, folder: Path, runs: int) -> str:
    """The table row of case `name`: median time and memory over `runs` new processes."""
    what, target, board, _, expected = CASES[name]
    path = folder / f"{board}.txt"
    if not path.exists():
        spawn(["--write", board, "--board", str(path)])
    results = [once(name, path, False) for _ in range(runs)]
    before = [once(name, path, True)[2] for _ in range(runs)]
    answers = {answer for _, answer, _ in results}
    if answers != {expected}:
        raise SystemExit(f"{name}: expected {expected}, answered {sorted(map(str, answers))}")
    times = [s for s, _, _ in results]
    seconds = spread(times, 1, "s") if min(times) >= 1 else spread(times, 1e-3, "ms")
    peak = spread([m for *_, m in results], MB, "MB")
    board_only = spread(before, MB, "MB")
    return f"| {what} | {target} | {expected} | {seconds} | {peak} | {board_only} |"


def commit() -> str:
    """The commit measured, and the package's files that differ from it (if any)."""

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT)
        return done.stdout.rstrip() if done.returncode == 0 else ""

    head = git("rev-parse", "--short", "HEAD") or "unknown (not a git checkout)"
    changed = git("status", "--porcelain", "--", "logicmines").splitlines()
    if not changed:
        return head
    return f"{head}, with uncommitted changes to {', '.join(line[3:] for line in changed)}"


def stamp() -> str:
    """What a table copied into the docs carries: the commit measured, the date and time, and the
    machine's load average (over 1, 5 and 15 minutes) as the measuring begins."""
    try:
        load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:  # not to be had on this system
        load = "unknown"
    when = time.strftime("%Y-%m-%d %H:%M %Z")
    return f"logicmines at commit {commit()}; {when}; load average {load}"


def main() -> None:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--runs", type=_positive, default=5, help="new processes per case (default 5)"
    )
    parser.add_argument("--case", choices=sorted(CASES), help=argparse.SUPPRESS)
    parser.add_argument("--write", choices=sorted(BOARDS), help=argparse.SUPPRESS)
    parser.add_argument("--board", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--board-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write:
        args.board.write_text("\n".join(BOARDS[args.write]().rows) + "\n")
        print("{}")
        return
    if args.case:
        child(args.case, args.board, args.board_only)
        return
    runs = plural(args.runs, "run")
    print(f"Python {sys.version.split()[0]}; {stamp()}; {runs}")
    print()
    print("| case | target | answer | time | peak memory | of which the board only |")
    print("|---|---|---|--:|--:|--:|")
    with tempfile.TemporaryDirectory() as folder:
        for name in CASES:
            print(measure(name, Path(folder), args.runs), flush=True)


if __name__ == "__main__":
    main()
