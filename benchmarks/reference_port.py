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

A board an engine does not answer (past `--timeout`, or failing) is said on stderr with the
engine's reason, shown in the table as `> TIMEOUT` or `failed`, and the run goes on: a total
that counts a board past the limit at the limit is a lower bound (`> TOTAL`), one that would
miss a failed board is `failed`, and a ratio is a bound or a dash. Exit status, as the command
line's: 0 when every board was answered, 3 when one was not for want of time, else 2 when an
engine failed otherwise.
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import replace
from pathlib import Path

# Run as `python benchmarks/reference_port.py` from a checkout, installed or not.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arguments import Parser  # noqa: E402
from big_boards import stamp  # noqa: E402 (the commit, date and load the run is measured at)

from logicmines.board import Board  # noqa: E402
from logicmines.cli import _positive, _seconds  # noqa: E402 (the command line's checks of a number)
from logicmines.compare import TIMEOUT, Outcome, run_engine, warm_up  # noqa: E402
from logicmines.generate import CHALLENGE_NONE, challenge_family, rules_examples  # noqa: E402
from logicmines.words import plural  # noqa: E402

ENGINES = ("reference", "gprolog")
NO_SOLUTION = ("6x10, no solution (relational.md)", Board.from_text(CHALLENGE_NONE))


def eleven() -> list[tuple[str, Board]]:
    """The three boards of docs/rules.md and the eight challenge-size ones."""
    cases = [*rules_examples().boards, *challenge_family().boards]
    return [(case.label, case.board) for case in cases]


def timed(name: str, board: Board, runs: int, timeout: float) -> Outcome:
    """`runs` answers of `name` on `board`, as one with their median time; or the first run that
    gave no answer."""
    answers = []
    for _ in range(runs):
        outcome = run_engine(name, board, timeout)
        if not outcome.answered:
            return outcome
        answers.append(outcome)
    return replace(answers[0], seconds=statistics.median(o.seconds for o in answers))


def at_least(outcome: Outcome, timeout: float) -> tuple[float, bool] | None:
    """The seconds an answer took, with True when they are a lower bound (past the limit, counted
    at it); None when the engine failed, and nothing can be said."""
    if outcome.answered:
        return outcome.seconds, False
    return (timeout, True) if outcome.status == TIMEOUT else None


def total(bounds: list[tuple[float, bool] | None]) -> tuple[float, bool] | None:
    """The sum of the boards' bounds, itself a bound when one is; None when a board failed."""
    if None in bounds:
        return None
    return sum(seconds for seconds, _ in bounds), any(late for _, late in bounds)


def seconds_text(bound: tuple[float, bool] | None, digits: int) -> str:
    """A bound as the table shows it: "> 1.000" for a lower bound, "failed" for None."""
    if bound is None:
        return "failed"
    return f"{'> ' if bound[1] else ''}{bound[0]:.{digits}f}"


def ratio(reference: tuple[float, bool] | None, gprolog: tuple[float, bool] | None) -> str:
    """reference / gprolog, as a bound when one side is one; a dash when nothing can be said."""
    if reference is None or gprolog is None or (reference[1] and gprolog[1]):
        return "—"
    bound = "> " if reference[1] else "< " if gprolog[1] else ""
    return f"{bound}{reference[0] / gprolog[0]:.1f}x"


def main(argv: list[str] | None = None) -> int:
    parser = Parser(
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument(
        "--runs",
        type=_positive,
        default=3,
        help="runs per board and engine, the median shown (default 3)",
    )
    parser.add_argument(
        "--timeout",
        type=_seconds,
        default=120.0,
        help="seconds per run of a board by an engine (default 120)",
    )
    args = parser.parse_args(argv)
    runs = plural(args.runs, "run")
    limit = f"a limit of {args.timeout:g} s per run"
    print(f"Python {sys.version.split()[0]}; {stamp()}; {runs} per board and engine, {limit}")
    print()
    warm_up(ENGINES)
    boards = [*eleven(), NO_SOLUTION]
    print(f"| board | {' | '.join(f'{name} (s)' for name in ENGINES)} | ratio |")
    print(f"|---|{'---|' * len(ENGINES)}---|")
    eleven_bounds: dict[str, list] = {name: [] for name in ENGINES}
    status = 0
    for position, (label, board) in enumerate(boards):
        bounds = {}
        for name in ENGINES:
            outcome = timed(name, board, args.runs, args.timeout)
            if not outcome.answered:
                print(f"{name} gave no answer on {label}: {outcome.error}", file=sys.stderr)
                status = max(status, 3 if outcome.status == TIMEOUT else 2)  # as the CLI's
            bounds[name] = at_least(outcome, args.timeout)
        if position < len(boards) - 1:
            for name in ENGINES:
                eleven_bounds[name].append(bounds[name])
        else:
            totals = {name: total(eleven_bounds[name]) for name in ENGINES}
            print(
                f"| **the eleven** | {' | '.join(seconds_text(totals[n], 2) for n in ENGINES)} | "
                f"{ratio(totals['reference'], totals['gprolog'])} |"
            )
        cells = " | ".join(seconds_text(bounds[name], 3) for name in ENGINES)
        print(f"| {label} | {cells} | {ratio(bounds['reference'], bounds['gprolog'])} |")
    return status


if __name__ == "__main__":
    sys.exit(main())
