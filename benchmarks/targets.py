"""Time the speed targets of the kanren and prolog backends on fixed boards.

    python benchmarks/targets.py [--backend kanren] [--backend prolog] [--runs 5]

Each run starts from a fresh backend (nothing remembered from the run before, as in a new
`logicmines` process); the table shows the median and the range over the runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from logicmines.backends import make_backend
from logicmines.generate import lattice, midgame, random_puzzle


def cases() -> list[tuple[str, str, Callable]]:
    """(name, target, job) where job(backend) does the work."""
    check_50 = random_puzzle(50, 50, 0.2, 0.3, seed=1)
    check_200 = random_puzzle(200, 200, 0.2, 0.3, seed=2)
    expert = midgame(16, 30, 99, seed=1)
    big = midgame(50, 50, 500, seed=1, opened=0.6)
    huge = midgame(100, 100, 2000, seed=1, opened=0.6)
    block = lattice(25, seed=1)
    return [
        ("check 50x50, 20% mines, 30% hidden", "< 0.5 s", lambda b: b.check(check_50)),
        ("count expert mid-game 16x30/99", "< 0.5 s", lambda b: b.count(expert)),
        ("count expert mid-game, --mines 99", "", lambda b: b.count(expert, mines=99)),
        ("check 200x200, 20% mines, 30% hidden", "answers", lambda b: b.check(check_200)),
        ("count mid-game 50x50/500", "< 2 s", lambda b: b.count(big)),
        ("count mid-game 100x100/2000", "< 10 s", lambda b: b.count(huge)),
        ("count 25x25 block of digits on every other cell", "", lambda b: b.count(block)),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", action="append", choices=["kanren", "prolog"])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    backends = args.backend or ["kanren", "prolog"]
    jobs = cases()
    print(f"| case | target | {' | '.join(backends)} |")
    print(f"|---|---|{'---|' * len(backends)}")
    for name, target, job in jobs:
        cells = []
        for backend_name in backends:
            times = []
            for _ in range(args.runs):
                backend = make_backend(backend_name)  # fresh: nothing remembered
                start = time.perf_counter()
                job(backend)
                times.append(time.perf_counter() - start)
            median = statistics.median(times)
            cells.append(f"{median:.3f} s ({min(times):.3f}-{max(times):.3f})")
        print(f"| {name} | {target} | {' | '.join(cells)} |", flush=True)


if __name__ == "__main__":
    main()
