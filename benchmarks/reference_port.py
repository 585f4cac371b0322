"""Time the port of the original (`reference`, SWI-Prolog) against the original itself
(`gprolog`, GNU Prolog) on eleven small boards of the challenge's sizes.

    python benchmarks/reference_port.py [--runs 3] [--timeout 120]

The eleven boards: the three of docs/rules.md (one solution, four, none), and the eight
challenge-size boards of `logicmines.generate.challenge_family` (4x4 to 6x10, each cell hidden
with a chance of 1/4, one solution each), with the 6x10 board of docs/relational.md that has
none as a twelfth, shown apart. Each board is answered as `compare` answers it (`check`, then
`count`, timed together, a new backend per board; the engines are started before the clock).
gprolog answers both from one run of the original (its driver's `setof` and `findall`); the port
runs its two searches. The table gives each board's median wall time over the runs, the totals, and
the ratio of the totals.
"""

from __future__ import annotations

import argparse
import statistics

from logicmines.board import Board
from logicmines.cli import _positive, _seconds  # the command line's checks of a number
from logicmines.compare import run_engine, warm_up
from logicmines.generate import CHALLENGE_NONE, challenge_family, rules_examples

ENGINES = ("reference", "gprolog")
NO_SOLUTION = ("6x10, no solution (relational.md)", Board.from_text(CHALLENGE_NONE))


def eleven() -> list[tuple[str, Board]]:
    """The three boards of docs/rules.md and the eight challenge-size ones."""
    cases = [*rules_examples().boards, *challenge_family().boards]
    return [(case.label, case.board) for case in cases]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument(
        "--runs", type=_positive, default=3, help="runs per board (3); medians shown"
    )
    parser.add_argument(
        "--timeout", type=_seconds, default=120.0, help="per board and engine (120)"
    )
    args = parser.parse_args(argv)
    warm_up(ENGINES)
    boards = [*eleven(), NO_SOLUTION]
    print(f"| board | {' | '.join(f'{name} (s)' for name in ENGINES)} | ratio |")
    print(f"|---|{'---|' * len(ENGINES)}---|")
    totals = dict.fromkeys(ENGINES, 0.0)
    for position, (label, board) in enumerate(boards):
        medians = {}
        for name in ENGINES:
            times = []
            for _ in range(args.runs):
                outcome = run_engine(name, board, args.timeout)
                if not outcome.answered:
                    raise SystemExit(f"{name} gave no answer on {label}: {outcome.verdict}")
                times.append(outcome.seconds)
            medians[name] = statistics.median(times)
        if position < len(boards) - 1:
            for name in ENGINES:
                totals[name] += medians[name]
        else:
            print(
                f"| **the eleven** | {' | '.join(f'{totals[n]:.2f}' for n in ENGINES)} | "
                f"{totals['reference'] / totals['gprolog']:.1f}x |"
            )
        cells = " | ".join(f"{medians[name]:.3f}" for name in ENGINES)
        print(f"| {label} | {cells} | {medians['reference'] / medians['gprolog']:.1f}x |")


if __name__ == "__main__":
    main()
