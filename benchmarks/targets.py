"""Time the speed targets of the engines on fixed boards.

    python benchmarks/targets.py [--backend kanren] [--backend clingo] ... [--runs 5]

Each case is timed on the engines it was set for (kanren and prolog: check and count; clpfd and
clingo, the whole-board engines: check and the forced cells); with `--backend`, on those named
(a case none of them was set for is left out). Each run starts from a fresh backend (nothing
remembered from the run before, as in a new `logicmines` process); the table shows the median
and the range over the runs, "—" where the case is not one of the engine's.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# Run as `python benchmarks/targets.py` from a checkout, installed or not.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arguments import Parser  # noqa: E402
from big_boards import stamp  # noqa: E402 (the commit, date and load the run is measured at)

from logicmines.backends import make_backend  # noqa: E402
from logicmines.cli import _positive  # noqa: E402 (the command line's checks of a number)
from logicmines.compare import forced_cells  # noqa: E402
from logicmines.generate import lattice, midgame, random_puzzle  # noqa: E402
from logicmines.words import plural  # noqa: E402

STAGED, WHOLE = ("kanren", "prolog"), ("clpfd", "clingo")
COUNTING = STAGED + ("clpfd",)  # clingo counts by listing every solution: not timed on counts


@dataclass(frozen=True)
class Case:
    name: str
    target: str  # in words, and for which engines
    job: Callable  # job(backend) does the work
    engines: tuple[str, ...]  # the engines it is timed on


def cases() -> list[Case]:
    check_50 = random_puzzle(50, 50, 0.2, 0.3, seed=1)
    check_200 = random_puzzle(200, 200, 0.2, 0.3, seed=2)
    expert = midgame(16, 30, 99, seed=1)
    big = midgame(50, 50, 500, seed=1, opened=0.6)
    huge = midgame(100, 100, 2000, seed=1, opened=0.6)
    block = lattice(25, seed=1)
    return [
        Case(
            "check 50x50, 20% mines, 30% hidden",
            "< 0.5 s (kanren, prolog); < 1 s (clpfd)",
            lambda b: b.check(check_50),
            STAGED + WHOLE,
        ),
        Case(
            "count expert mid-game 16x30/99",
            "< 0.5 s (kanren, prolog)",
            lambda b: b.count(expert),
            COUNTING,
        ),
        Case("count expert mid-game, --mines 99", "", lambda b: b.count(expert, 99), COUNTING),
        Case(
            "check 200x200, 20% mines, 30% hidden",
            "answers (kanren, prolog); < 2 s (clingo)",
            lambda b: b.check(check_200),
            STAGED + WHOLE,
        ),
        Case(
            "count mid-game 50x50/500", "< 2 s (kanren, prolog)", lambda b: b.count(big), COUNTING
        ),
        Case(
            "forced cells of mid-game 50x50/500",
            "< 2 s (clingo)",
            lambda b: forced_cells(b, big),
            STAGED + WHOLE,
        ),
        Case(
            "count mid-game 100x100/2000",
            "< 10 s (kanren, prolog)",
            lambda b: b.count(huge),
            COUNTING,
        ),
        Case(
            "count 25x25 block of digits on every other cell",
            "",
            lambda b: b.count(block),
            COUNTING,
        ),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--backend",
        action="append",
        choices=STAGED + WHOLE,
        help=f"an engine to time, each once; repeat it for more, in the table's order (default: "
        f"all four, {', '.join(STAGED + WHOLE)})",
    )
    parser.add_argument(
        "--runs",
        type=_positive,
        default=5,
        help="runs per case and engine, each with a new backend; the median and the range shown "
        "(default 5)",
    )
    args = parser.parse_args(argv)
    backends = args.backend or list(STAGED + WHOLE)
    twice = next((name for name in backends if backends.count(name) > 1), None)
    if twice is not None:  # it made two columns of the same engine
        parser.error(f"argument --backend: {twice} is given twice")
    jobs = [case for case in cases() if set(case.engines) & set(backends)]
    print(f"Python {sys.version.split()[0]}; {stamp()}; {plural(args.runs, 'run')}")
    print()
    print(f"| case | target | {' | '.join(backends)} |")
    print(f"|---|---|{'---|' * len(backends)}")
    for case in jobs:
        cells = []
        for backend_name in backends:
            if backend_name not in case.engines:
                cells.append("—")
                continue
            times = []
            for _ in range(args.runs):
                backend = make_backend(backend_name)  # fresh: nothing remembered
                start = time.perf_counter()
                case.job(backend)
                times.append(time.perf_counter() - start)
            median = statistics.median(times)
            cells.append(f"{median:.3f} s ({min(times):.3f}-{max(times):.3f})")
        print(f"| {case.name} | {case.target} | {' | '.join(cells)} |", flush=True)


if __name__ == "__main__":
    main()
