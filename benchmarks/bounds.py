"""Time and peak memory of the answers that must stay bounded: check and solve --limit of a
30x30 lattice, analyze of it, a huge mine total, and analyze --mines of mid-games beside count.

    python benchmarks/bounds.py [--runs 3] [--cases NAME ...] [--memory GB] [--timeout SECONDS]

Every run of every case is a new Python process that reads its board from a file (drawn once, by
a child of its own, from `logicmines.generate`), makes a kanren backend, then times the one
operation. Its peak resident memory is the child's `ru_maxrss`, read with `os.wait4`. With
`--memory`, each child may map at most that much (RLIMIT_AS); with `--timeout`, the operation
may take at most that many seconds of processor time (a timer of the child's own, armed as the
operation starts, so that Python's start, the imports and the reading of the board are not
counted, as they are not timed). A run that runs out of memory or time is reported as such
instead of timed, with the processor time it had taken when it was stopped. The table gives the
median over the runs and, in brackets, the smallest and largest.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

# Run as `python benchmarks/bounds.py` from a checkout, installed or not.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# How a spread of runs is written, and the commit, date and load a run is measured at: as
# big_boards.py beside it.
from arguments import Parser  # noqa: E402
from big_boards import MB, spread, stamp  # noqa: E402

from logicmines.backends import make_backend  # noqa: E402
from logicmines.board import Board  # noqa: E402
from logicmines.cli import _positive, _seconds  # noqa: E402 (the command line's checks of a number)
from logicmines.generate import lattice, midgame  # noqa: E402
from logicmines.words import plural  # noqa: E402

# name -> how to draw it (every board from a fixed seed)
BOARDS: dict[str, Callable[[], Board]] = {
    "lattice30": lambda: lattice(30, 3),
    "unknown1000": lambda: Board(("?" * 1000,) * 1000),
    "mid100": lambda: midgame(100, 100, 2000, 1),
    "mid200": lambda: midgame(200, 200, 8000, 1),
    "mid300": lambda: midgame(300, 300, 18000, 1),
}


def short(n: int) -> str:
    """A count in a few characters: its size in bits past 2^40."""
    return str(n) if n < 2**40 else f"about 2^{n.bit_length() - 1}"


# name -> (what it does, the board, the operation on a backend and the board, with any total)
CASES: dict[str, tuple[str, str, Callable]] = {
    "check-lattice": ("`check` 30x30 lattice", "lattice30", lambda b, x: b.check(x).verdict.value),
    "solve1-lattice": (
        "`solve --limit 1` 30x30 lattice",
        "lattice30",
        lambda b, x: len(list(b.solutions(x, 1))),
    ),
    "solve10-lattice": (
        "`solve --limit 10` 30x30 lattice",
        "lattice30",
        lambda b, x: len(list(b.solutions(x, 10))),
    ),
    "count-lattice": ("`count` 30x30 lattice", "lattice30", lambda b, x: short(b.count(x))),
    "analyze-lattice": (
        "`analyze` 30x30 lattice",
        "lattice30",
        lambda b, x: short(b.analyze(x).count),
    ),
    "count-huge": (
        "`count --mines 500000` 1000x1000 of `?`",
        "unknown1000",
        lambda b, x: short(b.count(x, 500000)),
    ),
    "analyze-huge": (
        "`analyze --mines 500000` 1000x1000 of `?`",
        "unknown1000",
        lambda b, x: short(b.analyze(x, 500000).count),
    ),
}
for _name, _size, _mines in (("mid100", 100, 2000), ("mid200", 200, 8000), ("mid300", 300, 18000)):
    _label = f"mid-game {_size}x{_size}/{_mines}"
    CASES[f"count-{_name}"] = (f"`count` {_label}", _name, lambda b, x: short(b.count(x)))
    CASES[f"count-mines-{_name}"] = (
        f"`count --mines {_mines}` {_label}",
        _name,
        lambda b, x, m=_mines: short(b.count(x, m)),
    )
    CASES[f"analyze-mines-{_name}"] = (
        f"`analyze --mines {_mines}` {_label}",
        _name,
        lambda b, x, m=_mines: short(b.analyze(x, m).count),
    )


# --- in the child ------------------------------------------------------------------------------


def child(name: str, path: Path, seconds: float | None) -> None:
    """One run of case `name` on the board in `path`, stopped (by SIGPROF) after `seconds` of
    processor time: print first the processor time taken before the operation, then the seconds
    it took and its answer, each a line of JSON."""
    board = Board(tuple(path.read_text().split()))
    backend = make_backend("kanren")
    print(json.dumps({"before": time.process_time()}), flush=True)
    if seconds:
        # RLIMIT_CPU counts whole seconds from the process's start: 0.999 s was no time at all
        signal.setitimer(signal.ITIMER_PROF, seconds)
    start = time.perf_counter()
    answer = CASES[name][2](backend, board)
    took = time.perf_counter() - start
    signal.setitimer(signal.ITIMER_PROF, 0)
    print(json.dumps({"seconds": took, "answer": answer}))


# --- here --------------------------------------------------------------------------------------


def spawn(arguments: list[str], memory: int | None, seconds: float | None = None):
    """Run this script with `arguments` in a new process: its output (None when it failed), its
    peak memory in bytes, and why it failed. `memory` caps what it may map; `seconds`, the time
    the child was told it may take (`--timeout`, as processor time, which is its wall time here:
    it computes alone, in one thread), names the limit when the child's timer stopped it."""

    def limits() -> None:
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    with tempfile.TemporaryFile() as errors:
        command = [sys.executable, __file__, *arguments]
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=errors, preexec_fn=limits
        )
        out = process.stdout.read().decode()
        process.stdout.close()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        err = errors.read().decode(errors="replace")
    peak = usage.ru_maxrss * 1024  # kilobytes on Linux
    if process.returncode == -signal.SIGPROF and seconds:
        # only the child's own timer sends SIGPROF: the stop happened, and this is how far in
        before = json.loads(out.splitlines()[0])["before"] if out else 0.0
        ran = usage.ru_utime + usage.ru_stime - before
        return None, peak, f"stopped after {ran:.2f} s of processor time (--timeout {seconds:g})"
    if "MemoryError" in err and memory:
        return None, peak, f"out of memory (limit {memory / 2**30:g} GB)"
    if process.returncode < 0:
        return None, peak, f"killed by signal {-process.returncode}: {err.strip()[-200:]}"
    if process.returncode != 0:
        return None, peak, f"failed (exit {process.returncode}): {err.strip()[-200:]}"
    return out, peak, ""


def measure(name: str, folder: Path, runs: int, memory: int | None, seconds: float | None) -> str:
    """The table row of case `name`: median time and memory over `runs` new processes."""
    what, board, _ = CASES[name]
    path = folder / f"{board}.txt"
    if not path.exists():
        spawn(["--write", board, "--board", str(path)], None, None)
    times, peaks, answers = [], [], set()
    timed = ["--timeout", repr(seconds)] if seconds else []
    for _ in range(runs):
        out, peak, why = spawn(["--case", name, "--board", str(path), *timed], memory, seconds)
        if out is None:
            return f"| {what} | {why} | | {peak / MB:,.0f} MB when it stopped |"
        said = json.loads(out.splitlines()[-1])  # after the line the child wrote before timing
        times.append(said["seconds"])
        peaks.append(peak)
        answers.add(str(said["answer"]))
    took = spread(times, 1, "s") if min(times) >= 1 else spread(times, 1e-3, "ms")
    return f"| {what} | {', '.join(sorted(answers))} | {took} | {spread(peaks, MB, 'MB')} |"


LARGEST_GB = 2**30  # 2^60 bytes: below the 2^63 that setrlimit takes


def _gigabytes(text: str) -> float:
    """--memory's GB: a number above 0 (nan, inf, 0 and below are not a limit)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= LARGEST_GB):
        raise argparse.ArgumentTypeError(
            f"expected a number of GB above 0 and at most {LARGEST_GB:,}, got {text!r}"
        )
    return value


def main() -> None:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--runs", type=_positive, default=3, help="new processes per case (default 3)"
    )
    parser.add_argument("--cases", nargs="+", choices=sorted(CASES), help="only these cases")
    parser.add_argument("--memory", type=_gigabytes, help="GB each run may map (default: no limit)")
    parser.add_argument(
        "--timeout",
        type=_seconds,
        help="seconds of processor time each run's operation may take (default: no limit)",
    )
    parser.add_argument("--case", choices=sorted(CASES), help=argparse.SUPPRESS)
    parser.add_argument("--write", choices=sorted(BOARDS), help=argparse.SUPPRESS)
    parser.add_argument("--board", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write:
        args.board.write_text("\n".join(BOARDS[args.write]().rows) + "\n")
        return
    if args.case:
        child(args.case, args.board, args.timeout)
        return
    memory = int(args.memory * 2**30) if args.memory is not None else None
    runs = plural(args.runs, "run")
    print(f"Python {sys.version.split()[0]}; {stamp()}; {runs}")
    print()
    print("| case | answer | time | peak memory |")
    print("|---|---|--:|--:|")
    with tempfile.TemporaryDirectory() as folder:
        for name in args.cases or CASES:
            print(measure(name, Path(folder), args.runs, memory, args.timeout), flush=True)


if __name__ == "__main__":
    main()
