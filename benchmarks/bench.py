"""Every engine side by side with the verbatim GNU Prolog original, on boards from fixed seeds.

    python benchmarks/bench.py                 # the full run; writes benchmarks/results/
    python benchmarks/bench.py --update-docs   # the same; writes docs/benchmarks.md and .png
    python benchmarks/bench.py --quick         # a few small boards, a few seconds; writes nothing

Two questions, one per family. On the boards every engine can count (up to 200x200), what is
timed for every board and engine is the verdict and the count together (`check` then `count`;
the original's driver answers both by collecting every model of m/2, then calling s/1). On the
boards beyond the reference's reach (50x50 to 200x200 puzzles, Expert to 100x100 mid-games: up
to 10^768 solutions, which no engine that lists them can count), it is the verdict and the
forced cells (the unknown cells safe in every solution, and those that are mines in every
one): clingo and clpfd find them without counting, kanren and prolog from their exact
probabilities; gprolog and reference, which list every solution, are not run there.

Both are measured by the package's own runners, `logicmines.compare.run_engine` and
`run_forced` (the ones `compare` uses): a new backend for each board (so nothing a backend
remembers, its piece memo, carries over), made before the clock starts, that stops itself at the
time limit (EngineTimeout), one limit per board and engine. Each engine runs in a worker process
of its own, started and warmed up (programs loaded or compiled, one small board answered) before
any clock starts; a worker that overruns the limit by more than MARGIN seconds is killed and
started again. `gprolog` starts a new process of the compiled original for every board, so its
time includes starting that process.

Families of one kind grow in size: an engine that answered no board of one family is not run on
the bigger families of that kind (shown as "not run"), unless `--no-skip`. A board answered in
under QUICK seconds is timed REPEATS times and the median kept (a repeat past the time limit
counts as the longest: a timeout, not another answer). The boards come from
`logicmines.generate`; the tables and the plot from `report.py`, beside this file. The results
section and the plot go to benchmarks/results/ (outside git) unless `--update-docs` says to
replace the results section of docs/benchmarks.md and docs/benchmarks.png; `--markdown FILE`
and `--plot FILE` write each only where told, and only what is told (a plot needs matplotlib,
from the `bench` extra that `make bench` installs).

Exit status: 0 when every engine that answered a board agrees with the others on its answer
(verdict and count, or verdict and forced cells); 1 (after a DISAGREEMENT line per board) when
not; 2, before any run, when the options are refused (a file that cannot be written, a plot
without matplotlib).
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

# Run as `python benchmarks/bench.py` from a checkout, installed or not.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arguments import Parser  # noqa: E402
from big_boards import stamp  # noqa: E402 (the commit, date and load the run is measured at)
from report import (  # noqa: E402
    FAILED,
    SKIPPED,
    UNSTEADY,
    Results,
    cell,
    plot,
    plot_formats,
    report,
    write_section,
)

from logicmines.board import Board  # noqa: E402
from logicmines.cli import _positive, _seconds  # noqa: E402 (the command line's checks of a number)
from logicmines.compare import (  # noqa: E402
    ERROR,
    MISSING,
    TIMEOUT,
    Outcome,
    run_engine,
    run_forced,
)
from logicmines.files import UsageError, writable_target  # noqa: E402
from logicmines.generate import (  # noqa: E402
    COUNT,
    FORCED,
    RULES_EXAMPLES,
    Family,
    Labelled,
    benchmark_families,
)

# All six engines, in a fixed order rather than the registry's: gprolog first, the yardstick
# every ratio is taken to; then its port; then the whole-board engines; then the staged ones.
ENGINES = ("gprolog", "reference", "clpfd", "clingo", "prolog", "kanren")
# Engines that list every solution to answer anything: not run on the FORCED families, where
# they could only run out of time.
LISTING = ("gprolog", "reference")
RUNNERS = {COUNT: run_engine, FORCED: run_forced}
MARGIN = 5.0  # seconds past the time limit before a worker is killed
QUICK, REPEATS = 0.1, 5  # a board answered in under QUICK seconds is timed REPEATS times
DOCS = ROOT / "docs" / "benchmarks.md"
PLOT = ROOT / "docs" / "benchmarks.png"
RESULTS = ROOT / "benchmarks" / "results"  # the default, outside git (.gitignore)


# --- one measurement ---------------------------------------------------------------------------


def serve(engine: str, connection) -> None:
    """A worker: warm up, say so, then answer (rows, timeout, question) jobs until told to stop
    (None)."""
    warm = Board.from_text(RULES_EXAMPLES[0])
    connection.send(run_engine(engine, warm, 60.0))
    while (job := connection.recv()) is not None:
        rows, timeout, question = job
        connection.send(RUNNERS[question](engine, Board(tuple(rows)), timeout))


class Worker:
    """One engine in a process of its own (spawned, so nothing is shared with this one)."""

    def __init__(self, engine: str) -> None:
        self.engine = engine
        self.process = None
        self.connection = None

    def start(self) -> Outcome:
        """Start the process; its answer to the warm-up board."""
        context = multiprocessing.get_context("spawn")
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=serve, args=(self.engine, theirs), daemon=True)
        self.process.start()
        theirs.close()
        return self._answer(120.0, "starting")

    def run(self, board: Board, timeout: float, question: str = COUNT) -> Outcome:
        """The runner of `question` on `board` in the worker (started again first if it is not
        running)."""
        if self.process is None or not self.process.is_alive():
            self.stop()
            warm = self.start()
            if warm.status == MISSING:
                return warm
            if not warm.answered:
                failed = f"{self.engine} worker could not start: {warm.error}"
                return Outcome(error=failed, status=ERROR)
        try:
            self.connection.send((list(board.rows), timeout, question))
        except OSError:
            return self._died("before answering")
        return self._answer(timeout + MARGIN, "answering")

    def _answer(self, wait: float, doing: str) -> Outcome:
        start = time.perf_counter()
        try:
            if self.connection.poll(wait):
                return self.connection.recv()
        except (EOFError, OSError):
            return self._died(doing)
        self.stop()
        killed = f"{self.engine} worker killed: no answer {wait:g} s after {doing} began"
        return Outcome(seconds=time.perf_counter() - start, error=killed, status=TIMEOUT)

    def _died(self, doing: str) -> Outcome:
        self.process.join(5)
        code = self.process.exitcode
        self.stop()
        return Outcome(error=f"{self.engine} worker died (exit {code}) {doing}", status=ERROR)

    def stop(self) -> None:
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
        self.process = self.connection = None

    def close(self) -> None:
        if self.process is not None and self.process.is_alive():
            self.connection.send(None)
            self.process.join(10)
        self.stop()


def steady(
    once: Callable[[Board, float], Outcome],
    board: Board,
    timeout: float,
    notes: list[str] | None = None,
) -> Outcome:
    """One measurement; for a board answered in under QUICK seconds, the median of REPEATS, as
    such short times vary from run to run by more than the differences between engines.

    Only the answers are compared: repeats that answer differently are UNSTEADY. A repeat that
    ran past the time limit gave no answer, not another one: it counts in the median as longer
    than any answer (a timeout when most repeats ran past the limit), and is said in `notes`. A
    repeat that failed otherwise (an error) is the board's outcome."""
    first = once(board, timeout)
    if not first.answered or first.seconds >= QUICK:
        return first
    runs = [first] + [once(board, timeout) for _ in range(REPEATS - 1)]
    answered = [o for o in runs if o.answered]
    if len({o.answer for o in answered}) > 1:
        said = ", ".join(said_text(o) if o.answered else o.status for o in runs)
        return Outcome(error=f"repeated runs differ: {said}", status=UNSTEADY)
    failed = [o for o in runs if not o.answered and o.status != TIMEOUT]
    if failed:
        return failed[0]
    middle = statistics.median(o.seconds if o.answered else math.inf for o in runs)
    late = len(runs) - len(answered)
    if late and notes is not None:
        kept = (
            "shown as a timeout" if math.isinf(middle) else "counted as the longest in the median"
        )
        notes.append(
            f"{late} of {len(runs)} repeated runs past the time limit (the others answered "
            f"{said_text(first)}): {kept}"
        )
    if math.isinf(middle):
        return next(o for o in runs if o.status == TIMEOUT)
    return replace(first, seconds=middle)


# --- the run -----------------------------------------------------------------------------------


def said_text(o: Outcome) -> str:
    """An answer in a few words: verdict/count, or verdict/safe cells/mines."""
    if o.count is None and o.safe is not None:
        return f"{o.verdict}/{len(o.safe)} safe/{len(o.mines)} mines"
    return f"{o.verdict}/{o.count}"


def disagreements(item: Labelled, outcomes: dict[str, Outcome]) -> list[str]:
    """What is wrong with the answers to one board: engines that differ, or a verdict that does
    not fit its own count."""
    found = []
    answered = {name: o for name, o in outcomes.items() if o.answered}
    fits = {"none": lambda n: n == 0, "unique": lambda n: n == 1, "multiple": lambda n: n > 1}
    for name, o in outcomes.items():
        if o.status == UNSTEADY:
            found.append(f"DISAGREEMENT: {item.label}: {name} answers differently: {o.error}")
    for name, o in answered.items():
        if o.count is not None and not fits.get(o.verdict, lambda n: False)(o.count):
            found.append(
                f"DISAGREEMENT: {item.label}: {name} says {o.verdict} with count {o.count}"
            )
    if len({o.answer for o in answered.values()}) > 1:
        said = ", ".join(f"{name} {said_text(o)}" for name, o in answered.items())
        found.append(f"DISAGREEMENT: {item.label}: {said}")
    return found


def start(workers: dict[str, Worker], results: Results) -> None:
    """Start every worker (warmed up), then time gprolog on a 1x1 board: its process start."""
    for name, worker in workers.items():
        warm = worker.start()
        if not warm.answered:
            print(f"note: {name}: {warm.error}", file=sys.stderr)
    floor = steady(workers["gprolog"].run, Board(("0",)), 60.0)
    results.gprolog_floor = floor.seconds if floor.answered else None


def run_family(
    family: Family,
    workers: dict[str, Worker],
    results: Results,
    given_up: dict[tuple[str, str], str],
    skip: bool,
    total: int,
) -> None:
    """Every engine on every board of `family`, board by board (the engines one after another on
    each), `total` boards in the run; then note the engines that answered none of its boards."""
    timeout = results.timeout
    for item in family.boards:
        outcomes = {}
        for name in results.engines:
            if family.question == FORCED and name in LISTING:
                why = "lists every solution: not run on boards beyond its reach"
                outcomes[name] = Outcome(error=why, status=SKIPPED)
            elif skip and (family.kind, name) in given_up:
                before = given_up[family.kind, name]
                outcomes[name] = Outcome(error=f"answered none of {before}", status=SKIPPED)
            else:
                run = functools.partial(workers[name].run, question=family.question)
                notes: list[str] = []
                outcomes[name] = steady(run, item.board, timeout, notes)
                results.notes += [f"{item.label}: {name}: {note}" for note in notes]
        results.rows.append((family, item, outcomes))
        results.disagreements += disagreements(item, outcomes)
        said = ", ".join(f"{name} {cell(o, timeout)}" for name, o in outcomes.items())
        print(f"[{len(results.rows)}/{total}] {item.label}: {said}", file=sys.stderr, flush=True)
    for name in results.engines:
        mine = [outcomes[name] for fam, _, outcomes in results.rows if fam is family]
        tried = [o for o in mine if o.status == TIMEOUT or o.status in FAILED]
        if tried and len(tried) == len(mine):
            given_up[family.kind, name] = family.name


def run(found: list[Family], timeout: float, skip: bool) -> Results:
    """Every engine on every board of every family."""
    results = Results(ENGINES, timeout, stamp=stamp())  # the load before the workers start
    started = time.perf_counter()
    workers = {name: Worker(name) for name in ENGINES}
    given_up: dict[tuple[str, str], str] = {}  # (kind, engine) -> the family it answered none of
    total = sum(len(family.boards) for family in found)
    try:
        start(workers, results)
        for family in found:
            run_family(family, workers, results, given_up, skip, total)
    finally:
        for worker in workers.values():
            worker.close()
    results.seconds = time.perf_counter() - started
    return results


def destinations(
    quick: bool, update_docs: bool, markdown: Path | None, picture: Path | None
) -> tuple[Path | None, Path | None]:
    """Where the results section and the plot go (None: not written). Told either, only where
    told: `--markdown` alone draws no plot, `--plot` alone writes no section. Told neither, a
    full run writes both to RESULTS (outside git), or to docs/ with `update_docs` (which main
    refuses beside --markdown or --plot); a quick run writes nothing."""
    if quick or markdown is not None or picture is not None:
        return markdown, picture
    return (DOCS, PLOT) if update_docs else (RESULTS / DOCS.name, RESULTS / PLOT.name)


def drawn_at(picture: Path) -> Path:
    """Where the plot goes: `picture`, with .png added when it has no suffix, as matplotlib adds
    it (named here so that "wrote ..." names the file written)."""
    if picture.suffix or picture.is_dir():  # a folder is refused as it is, by unwritable()
        return picture
    return Path(str(picture).rstrip(".") + ".png")


def _nearest_folder(path: Path) -> Path:
    """The nearest of `path`'s parents that exists: the folders below it are made to write it."""
    folder = path.parent
    while not os.path.lexists(folder) and folder != folder.parent:
        folder = folder.parent
    return folder


def unwritable(markdown: Path | None, picture: Path | None) -> str | None:
    """Why the results section or the plot could not be written where they go (None: they
    can), said before the run rather than after it."""
    for path, purpose in (
        (markdown, "--markdown writes the results section to a file"),
        (picture, "--plot draws a picture in a file"),
    ):
        if path is None:
            continue
        # Missing folders are made after the run, when the file is written (nothing is left
        # behind by a run that is refused or stopped); here, only whether they can be.
        folder = _nearest_folder(path)
        if folder != path.parent:
            if not folder.is_dir():
                return f"{path}: {folder} is not a folder"
            if not os.access(folder, os.W_OK | os.X_OK):
                return f"{path}: no folder can be made in {folder}"
            continue
        try:
            writable_target(str(path), purpose)
        except UsageError as wrong:
            return str(wrong)
    if picture is None:
        return None
    known = plot_formats()
    if known is None:  # said now, not after the run (with the old picture left in place)
        return (
            f"{picture}: the plot needs matplotlib, which is not installed: `make bench` "
            "installs it, as pip install -e '.[bench]' does (the bench extra)"
        )
    if picture.suffix[1:].lower() not in known:
        return (
            f"{picture}: --plot draws a picture in a file named for its format: "
            f"{', '.join('.' + k for k in sorted(known))}"
        )
    return None


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a few small boards; writes only where --markdown and --plot say",
    )
    parser.add_argument(
        "--timeout",
        type=_seconds,
        help="seconds per board and engine (default 10; 2 with --quick)",
    )
    parser.add_argument(
        "--boards", type=_positive, help="boards per random/mid-game family (default 3)"
    )
    parser.add_argument("--no-skip", action="store_true", help="run every engine on every board")
    parser.add_argument(
        "--update-docs",
        action="store_true",
        help=f"write the results section into {DOCS.relative_to(ROOT)} and the plot to "
        f"{PLOT.relative_to(ROOT)} (not with --markdown or --plot); a full run told none of "
        f"the three writes both to {RESULTS.relative_to(ROOT)}/ (outside git)",
    )
    parser.add_argument(
        "--markdown",
        type=Path,
        help="the file to write the results section to (no plot then, unless --plot)",
    )
    parser.add_argument(
        "--plot",
        type=Path,
        help="the picture to draw, its format by its suffix: .png, .svg, .pdf, ... (none: .png); "
        "no results section is written then, unless --markdown",
    )
    args = parser.parse_args(argv)
    timeout = args.timeout or (2.0 if args.quick else 10.0)
    ignored = [
        name
        for name, given in (("--boards", args.boards), ("--update-docs", args.update_docs))
        if given
    ]
    if args.quick and ignored:
        said = " and ".join(ignored)
        print(
            f"note: --quick runs its own few boards and writes only where told: {said} ignored",
            file=sys.stderr,
        )
    if not args.quick and args.update_docs and (args.markdown or args.plot):
        parser.error(
            f"--update-docs writes {DOCS.relative_to(ROOT)} and {PLOT.relative_to(ROOT)}, "
            "both: not with --markdown or --plot, which name where to write instead"
        )
    markdown, picture = destinations(args.quick, args.update_docs, args.markdown, args.plot)
    picture = picture and drawn_at(picture)
    wrong = unwritable(markdown, picture)
    if wrong:
        parser.error(wrong)

    found = benchmark_families(args.quick, args.boards or 3)
    results = run(found, timeout, skip=not args.no_skip)
    command = "python benchmarks/bench.py" + (" " + " ".join(argv or sys.argv[1:])).rstrip()
    section = report(results, command)
    print(section)
    for path in (markdown, picture):
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
    if markdown is not None:
        write_section(markdown, section)
        print(f"wrote {markdown}", file=sys.stderr)
    if picture is not None:  # matplotlib is there: unwritable() said so before the run
        plot(results, picture)
        print(f"wrote {picture}", file=sys.stderr)
    for line in results.disagreements:
        print(line, file=sys.stderr)
    return 1 if results.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
