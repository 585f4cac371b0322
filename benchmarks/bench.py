"""Every engine side by side with the verbatim GNU Prolog original, on boards from fixed seeds.

    python benchmarks/bench.py            # the full run; writes docs/benchmarks.md and .png
    python benchmarks/bench.py --quick    # a few small boards, a few seconds; writes nothing

What is timed, for every board and engine: the verdict and the count together (`check` then
`count`; the original's driver answers both by collecting every model of m/2, then calling s/1),
under one time limit per board and engine. `gprolog` is the compiled original, a new process per
board, so its time includes starting that process. `kanren`, `prolog` and `reference` each run in
a worker process of their own, started and warmed up (programs loaded, one tiny board answered)
before any clock starts; each board gets a new backend object, so nothing a backend remembers
(its piece memo) carries over from one board to the next. Prolog engines stop at their own time
limit (the backends' `timeout`), kanren at an alarm; a worker that overruns the limit by more than
`MARGIN` seconds is killed and started again. Families of one kind grow in size: an engine that
answered no board of one family is not run on the bigger families of that kind (shown as
"not run"), unless `--no-skip`. A board answered in under QUICK seconds is timed REPEATS times
and the median kept.

One file, as the issue asks for one script: the boards, the measurement, the report and the plot.

Exit status: 0 when every engine that answered a board agrees with the others on its verdict and
count; 1 (after a DISAGREEMENT line per board) when not.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from pathlib import Path

# Run as `python benchmarks/bench.py` from a checkout, installed or not.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from logicmines.board import Board  # noqa: E402
from logicmines.generate import midgame, random_puzzle  # noqa: E402

ENGINES = ("gprolog", "reference", "prolog", "kanren")  # gprolog first: the yardstick
IN_WORKERS = ("reference", "prolog", "kanren")
MARGIN = 5.0  # seconds past the time limit before a worker is killed
QUICK, REPEATS = 0.1, 5  # a board answered in under QUICK seconds is timed REPEATS times
MINES = 0.2  # the share of mines in random puzzles (Expert has 99/480 = 0.21)
DOCS = ROOT / "docs" / "benchmarks.md"
PLOT = ROOT / "docs" / "benchmarks.png"
BEGIN = "<!-- results: written by benchmarks/bench.py; everything to the end marker is replaced -->"
END = "<!-- end of results -->"


# --- the boards --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Labelled:
    label: str  # enough to make the board again
    board: Board

    @property
    def cells(self) -> int:
        return self.board.height * self.board.width

    @property
    def unknowns(self) -> int:
        return sum(row.count("?") for row in self.board.rows)


@dataclass(frozen=True)
class Family:
    name: str
    kind: str  # families of one kind are listed smallest first (see `run`)
    boards: list[Labelled]


SPEC_EXAMPLES = ("1121 / 1??* / 12?* / 0122", "1110 / 2*31 / 3*?? / 2*4? / 112?", "2?")
CHALLENGE_SIZES = ((4, 4), (4, 5), (5, 5), (5, 6), (6, 6), (5, 8), (6, 8), (6, 10))
CHALLENGE_HIDDEN = 0.25
RANDOM_SIZES = (8, 16, 50, 100, 200)
RANDOM_HIDDEN = (0.1, 0.3, 0.5)
MIDGAMES = (
    ("Beginner 9x9/10", 9, 9, 10),
    ("Intermediate 16x16/40", 16, 16, 40),
    ("Expert 16x30/99", 16, 30, 99),
    ("50x50/500", 50, 50, 500),
)


def unique_puzzle(height: int, width: int) -> Labelled:
    """The first random puzzle of this size, from seed 0 up, that has exactly one solution."""
    from logicmines.backends import REGISTRY

    seed = 0
    while True:
        board = random_puzzle(height, width, MINES, CHALLENGE_HIDDEN, seed)
        if REGISTRY["kanren"]().check(board).verdict.value == "unique":
            label = f"{height}x{width}, {CHALLENGE_HIDDEN:.0%} hidden, unique, seed {seed}"
            return Labelled(label, board)
        seed += 1


def families(quick: bool, per_family: int) -> list[Family]:
    """The board families, from fixed seeds: the same boards on every run and machine."""
    spec = Family(
        "SPEC §1 examples",
        "spec",
        [Labelled(f"SPEC: {text}", Board.from_text(text)) for text in SPEC_EXAMPLES],
    )
    sizes = CHALLENGE_SIZES[:2] if quick else CHALLENGE_SIZES
    challenge = Family(
        f"challenge size ({sizes[0][0]}x{sizes[0][1]} to {sizes[-1][0]}x{sizes[-1][1]}, unique)",
        "challenge",
        [unique_puzzle(h, w) for h, w in sizes],
    )
    found = [spec, challenge]
    seeds = range(1, 1 + (1 if quick else per_family))
    for hidden in RANDOM_HIDDEN[:1] if quick else RANDOM_HIDDEN:
        for size in RANDOM_SIZES[:1] if quick else RANDOM_SIZES:
            name = f"random {size}x{size}, {hidden:.0%} hidden"
            boards = [
                Labelled(
                    f"{name}, {MINES:.0%} mines, seed {seed}",
                    random_puzzle(size, size, MINES, hidden, seed),
                )
                for seed in seeds
            ]
            found.append(Family(name, f"random, {hidden:.0%} hidden", boards))
    for level, height, width, mines in MIDGAMES[:1] if quick else MIDGAMES:
        name = f"mid-game {level}"
        boards = [
            Labelled(f"{name}, seed {seed}", midgame(height, width, mines, seed)) for seed in seeds
        ]
        found.append(Family(name, "mid-game", boards))
    return found


# --- one measurement ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """One engine on one board: ok (with its answer and time), timeout, error, skipped, missing."""

    status: str
    seconds: float | None = None
    verdict: str | None = None
    count: int | None = None
    message: str = ""
    unsteady: bool = False  # repeated runs of the board gave different answers

    @property
    def answered(self) -> bool:
        return self.status == "ok"


class _OutOfTime(Exception):
    pass


def _alarm(signum, frame):
    raise _OutOfTime


def measure(engine: str, board: Board, timeout: float) -> Outcome:
    """check then count by a new backend of `engine`, in this process, within `timeout` seconds."""
    from logicmines.backends import REGISTRY, BackendUnavailable, EngineError, EngineTimeout

    try:
        backend = REGISTRY[engine]()
    except BackendUnavailable as missing:
        return Outcome("missing", message=str(missing))
    own_limit = hasattr(backend, "timeout")  # the Prolog engines; no signal may land inside one
    start = time.perf_counter()
    deadline = start + timeout

    def left() -> float:
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            raise _OutOfTime
        return remaining

    try:
        if own_limit:
            backend.timeout = left()
        else:
            signal.signal(signal.SIGALRM, _alarm)
            signal.setitimer(signal.ITIMER_REAL, timeout)
        verdict = backend.check(board).verdict.value
        if own_limit:
            backend.timeout = left()
        count = backend.count(board)
    except _OutOfTime:
        return Outcome("timeout", time.perf_counter() - start)
    except EngineError as failure:
        seconds = time.perf_counter() - start
        if isinstance(failure, EngineTimeout) or seconds >= timeout:
            return Outcome("timeout", seconds)
        return Outcome("error", seconds, message=str(failure))
    except (RecursionError, MemoryError) as failure:
        return Outcome("error", time.perf_counter() - start, message=repr(failure))
    finally:
        if not own_limit:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return Outcome("ok", time.perf_counter() - start, verdict, count)


def serve(engine: str, connection) -> None:
    """A worker: warm up, say so, then answer (rows, timeout) jobs until told to stop (None)."""
    warm = Board.from_text(SPEC_EXAMPLES[0])
    connection.send(measure(engine, warm, 60.0))
    while (job := connection.recv()) is not None:
        rows, timeout = job
        connection.send(measure(engine, Board(tuple(rows)), timeout))


class Worker:
    """One engine in a process of its own (spawned, so nothing is shared with this one)."""

    def __init__(self, engine: str) -> None:
        self.engine = engine
        self.process = None
        self.connection = None

    def start(self) -> Outcome:
        context = multiprocessing.get_context("spawn")
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=serve, args=(self.engine, theirs), daemon=True)
        self.process.start()
        theirs.close()
        return self._answer(120.0, "starting")

    def run(self, board: Board, timeout: float) -> Outcome:
        if self.process is None or not self.process.is_alive():
            self.stop()
            warm = self.start()
            if warm.status == "missing":
                return warm
            if not warm.answered:
                return Outcome("error", message=f"{self.engine} worker could not start: {warm}")
        try:
            self.connection.send((list(board.rows), timeout))
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
        return Outcome("timeout", time.perf_counter() - start, message="worker killed")

    def _died(self, doing: str) -> Outcome:
        self.process.join(5)
        code = self.process.exitcode
        self.stop()
        return Outcome("error", message=f"{self.engine} worker died (exit {code}) {doing}")

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


def run_gprolog(board: Board, timeout: float) -> Outcome:
    from logicmines.gprolog import GprologUnavailable, run_original

    start = time.perf_counter()
    try:
        answer = run_original(board, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Outcome("timeout", time.perf_counter() - start)
    except GprologUnavailable as missing:
        return Outcome("missing", message=str(missing))
    except RuntimeError as failure:
        return Outcome("error", time.perf_counter() - start, message=str(failure))
    return Outcome("ok", time.perf_counter() - start, answer.verdict, answer.count)


def steady(once: Callable[[Board, float], Outcome], board: Board, timeout: float) -> Outcome:
    """One measurement; for a board answered in under QUICK seconds, the median of REPEATS, as
    such short times vary from run to run by more than the differences between engines."""
    first = once(board, timeout)
    if not first.answered or first.seconds >= QUICK:
        return first
    runs = [first] + [once(board, timeout) for _ in range(REPEATS - 1)]
    for other in runs:
        if (other.verdict, other.count) != (first.verdict, first.count):
            said = ", ".join(f"{o.verdict}/{o.count}" if o.answered else o.status for o in runs)
            return Outcome("error", message=f"repeated runs differ: {said}", unsteady=True)
    return replace(first, seconds=statistics.median(o.seconds for o in runs))


# --- the run -----------------------------------------------------------------------------------


@dataclass
class Results:
    timeout: float
    rows: list[tuple[Family, Labelled, dict[str, Outcome]]] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    gprolog_floor: float | None = None  # seconds for gprolog to start and answer `0`
    seconds: float = 0.0


def disagreements(item: Labelled, outcomes: dict[str, Outcome]) -> list[str]:
    """What is wrong with the answers to one board: engines that differ, or a verdict that does
    not fit its own count."""
    found = []
    answered = {name: o for name, o in outcomes.items() if o.answered}
    fits = {"none": lambda n: n == 0, "unique": lambda n: n == 1, "multiple": lambda n: n > 1}
    for name, o in outcomes.items():
        if o.unsteady:
            found.append(f"DISAGREEMENT: {item.label}: {name} answers differently: {o.message}")
    for name, o in answered.items():
        if not fits.get(o.verdict, lambda n: False)(o.count):
            found.append(
                f"DISAGREEMENT: {item.label}: {name} says {o.verdict} with count {o.count}"
            )
    if len({(o.verdict, o.count) for o in answered.values()}) > 1:
        said = ", ".join(f"{name} {o.verdict}/{o.count}" for name, o in answered.items())
        found.append(f"DISAGREEMENT: {item.label}: {said}")
    return found


def run(found: list[Family], timeout: float, skip: bool) -> Results:
    """Every engine on every board, board by board (the engines one after another on each)."""
    from logicmines.gprolog import GprologUnavailable, executable

    results = Results(timeout)
    started = time.perf_counter()
    try:
        executable()  # compiled once and cached; never inside a timed run
        floor = steady(run_gprolog, Board(("0",)), 60.0)
        results.gprolog_floor = floor.seconds if floor.answered else None
    except GprologUnavailable as missing:
        print(f"note: {missing}", file=sys.stderr)
    workers = {name: Worker(name) for name in IN_WORKERS}
    given_up: dict[tuple[str, str], str] = {}  # (kind, engine) -> the family it answered none of
    total = sum(len(family.boards) for family in found)
    done = 0
    try:
        for name in IN_WORKERS:
            warm = workers[name].start()
            if not warm.answered:
                print(f"note: {name}: {warm.message or warm.status}", file=sys.stderr)
        for family in found:
            per_engine: dict[str, list[Outcome]] = {name: [] for name in ENGINES}
            for item in family.boards:
                outcomes = {}
                for name in ENGINES:
                    if skip and (family.kind, name) in given_up:
                        before = given_up[family.kind, name]
                        outcomes[name] = Outcome("skipped", message=f"answered none of {before}")
                    elif name == "gprolog":
                        outcomes[name] = steady(run_gprolog, item.board, timeout)
                    else:
                        outcomes[name] = steady(workers[name].run, item.board, timeout)
                    per_engine[name].append(outcomes[name])
                results.rows.append((family, item, outcomes))
                results.disagreements += disagreements(item, outcomes)
                done += 1
                said = ", ".join(f"{name} {cell(o, timeout)}" for name, o in outcomes.items())
                print(f"[{done}/{total}] {item.label}: {said}", file=sys.stderr, flush=True)
            for name, outcomes in per_engine.items():
                tried = [o for o in outcomes if o.status in ("timeout", "error")]
                if tried and len(tried) == len(outcomes):
                    given_up[family.kind, name] = family.name
    finally:
        for worker in workers.values():
            worker.close()
    results.seconds = time.perf_counter() - started
    return results


# --- the report --------------------------------------------------------------------------------


def seconds_text(seconds: float) -> str:
    return f"{seconds:.3g} s" if seconds >= 1 else f"{seconds * 1000:.3g} ms"


def cell(outcome: Outcome, timeout: float) -> str:
    """One engine on one board, in words."""
    return {
        "ok": lambda: seconds_text(outcome.seconds),
        "timeout": lambda: f"> {timeout:g} s",
        "skipped": lambda: "not run",
        "missing": lambda: "not installed",
        "error": lambda: "error",
    }[outcome.status]()


def median(outcomes: list[Outcome]) -> float:
    """The median time; a board not answered counts as longer than any answered one."""
    return statistics.median(o.seconds if o.answered else math.inf for o in outcomes)


def family_cell(outcomes: list[Outcome], timeout: float) -> str:
    answered = sum(o.answered for o in outcomes)
    middle = median(outcomes)
    if all(o.status == "missing" for o in outcomes):
        return "not installed"
    if all(o.status == "skipped" for o in outcomes):
        return f"> {timeout:g} s (not run)"
    if math.isinf(middle):
        text = f"> {timeout:g} s" if any(o.status == "timeout" for o in outcomes) else "no answer"
    else:
        text = seconds_text(middle)
    if 0 < answered < len(outcomes) or any(o.status == "error" for o in outcomes):
        text += f" ({answered}/{len(outcomes)} answered)"
    return text


def ratio_cell(outcomes: list[Outcome], yardstick: list[Outcome], timeout: float) -> str:
    """The engine's median over gprolog's median (a bound when gprolog did not answer)."""
    if all(o.status == "missing" for o in yardstick) or all(
        o.status == "missing" for o in outcomes
    ):
        return "n/a"
    mine, theirs = median(outcomes), median(yardstick)
    if math.isinf(mine):
        return "> timeout"
    if math.isinf(theirs):
        return f"< {mine / timeout:.2g}× (gprolog > {timeout:g} s)"
    return f"{mine / theirs:.3g}×"


def by_family(results: Results) -> list[tuple[Family, dict[str, list[Outcome]]]]:
    table: dict[str, tuple[Family, dict[str, list[Outcome]]]] = {}
    for family, _, outcomes in results.rows:
        _, columns = table.setdefault(family.name, (family, {name: [] for name in ENGINES}))
        for name in ENGINES:
            columns[name].append(outcomes[name])
    return list(table.values())


def size_text(family: Family) -> str:
    sizes = sorted({item.cells for item in family.boards})
    return str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]}–{sizes[-1]}"


def answer_text(outcomes: dict[str, Outcome]) -> str:
    answers = {(o.verdict, o.count) for o in outcomes.values() if o.answered}
    if not answers:
        return "no engine answered"
    if len(answers) > 1:
        return "**DISAGREEMENT**"
    ((verdict, count),) = answers
    # A count can pass any float's range (10^308); Decimal rounds it exactly.
    return f"{verdict}, {count if count < 10**15 else f'≈ {Decimal(count):.3g}'}"


def tables(results: Results) -> str:
    """The report in markdown: medians, ratios, agreement, every board."""
    timeout = results.timeout
    families = by_family(results)
    lines = [
        "Median time for the verdict and the count of a board, per family:",
        "",
        f"| family | boards | cells | {' | '.join(ENGINES)} |",
        f"|---|--:|--:|{'--:|' * len(ENGINES)}",
    ]
    for family, columns in families:
        engines = " | ".join(family_cell(columns[name], timeout) for name in ENGINES)
        lines.append(f"| {family.name} | {len(family.boards)} | {size_text(family)} | {engines} |")
    others = ENGINES[1:]
    lines += [
        "",
        "Ratio of each engine's median to gprolog's median (below 1: faster than the original):",
        "",
        f"| family | {' | '.join(others)} |",
        f"|---|{'--:|' * len(others)}",
    ]
    for family, columns in families:
        ratios = " | ".join(
            ratio_cell(columns[name], columns["gprolog"], timeout) for name in others
        )
        lines.append(f"| {family.name} | {ratios} |")
    answered = ", ".join(
        f"{name} {sum(outcomes[name].answered for *_, outcomes in results.rows)}"
        for name in ENGINES
    )
    lines += ["", f"Boards answered, of {len(results.rows)}: {answered}."]
    errors = [
        f"- {item.label}: {name}: {o.message}"
        for _, item, outcomes in results.rows
        for name, o in outcomes.items()
        if o.status == "error"
    ]
    if errors:
        lines += ["", "Errors (no answer, and not a timeout):", ""] + errors + [""]
    if results.disagreements:
        lines += [""] + [f"- {line}" for line in results.disagreements]
    else:
        lines.append(
            "Agreement: on every board, every engine that answered gave the same verdict and "
            "count, and each verdict fits its count."
        )
    lines += [
        "",
        "Every board: the answer of the engines that answered it, and the time of each engine:",
        "",
        f"| board | cells | `?` | answer | {' | '.join(ENGINES)} |",
        f"|---|--:|--:|---|{'--:|' * len(ENGINES)}",
    ]
    for _, item, outcomes in results.rows:
        times = " | ".join(cell(outcomes[name], timeout) for name in ENGINES)
        lines.append(
            f"| {item.label} | {item.cells} | {item.unknowns} | {answer_text(outcomes)} | {times} |"
        )
    return "\n".join(lines) + "\n"


def version(command: list[str]) -> str:
    try:
        text = subprocess.run(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=30
        ).stdout
    except OSError:
        return "not installed"
    found = re.search(r"\d+\.\d+\.\d+", text)
    return found.group(0) if found else "unknown"


def machine() -> str:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass

    def package(name: str) -> str:
        try:
            return package_version(name)
        except PackageNotFoundError:
            return "not installed"

    return (
        f"- CPU: {cpu}, {os.cpu_count()} cores; {platform.platform()}\n"
        f"- Python {platform.python_version()}, miniKanren {package('miniKanren')}, "
        f"pyswip {package('pyswip')}\n"
        f"- SWI-Prolog {version(['swipl', '--version'])}, "
        f"GNU Prolog {version(['gplc', '--version'])}\n"
    )


def report(results: Results, command: str) -> str:
    """The results section of docs/benchmarks.md."""
    floor = results.gprolog_floor
    start = "" if floor is None else f" (of which {seconds_text(floor)} to start it: a 1x1 board)"
    minutes, seconds = divmod(round(results.seconds), 60)
    return (
        f"Command: `{command}`; time limit {results.timeout:g} s per board and engine; "
        f"the whole run took {minutes} min {seconds:02d} s.\n\n"
        f"{machine()}- gprolog's times include starting its process{start}.\n\n"
        f"{tables(results)}"
    )


def write_section(path: Path, section: str) -> None:
    """Put `section` between the markers of `path` (a new file holds only the section)."""
    text = path.read_text() if path.exists() else ""
    block = f"{BEGIN}\n\n{section}\n{END}"
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + block + rest.split(END, 1)[1]
    else:
        text = (text + "\n" if text else "") + block + "\n"
    path.write_text(text)


def plot(results: Results, path: Path) -> None:
    """Time against board size, one colour per engine, log-log; no answer drawn at the limit."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    timeout = results.timeout
    colours = {"gprolog": "C3", "reference": "C1", "prolog": "C0", "kanren": "C2"}
    nudge = {"gprolog": 0.92, "reference": 0.97, "prolog": 1.03, "kanren": 1.08}
    figure, axes = plt.subplots(figsize=(9, 5.5))
    for name in ENGINES:
        done = [
            (item.cells, o.seconds) for _, item, row in results.rows if (o := row[name]).answered
        ]
        late = [item.cells for _, item, row in results.rows if row[name].status == "timeout"]
        if done:
            xs, ys = zip(*done)
            axes.scatter([x * nudge[name] for x in xs], ys, s=22, color=colours[name], label=name)
        if late:
            axes.scatter(
                [x * nudge[name] for x in late],
                [timeout] * len(late),
                s=40,
                marker="^",
                facecolors="none",
                edgecolors=colours[name],
                label=f"{name}: > {timeout:g} s",
            )
    axes.axhline(timeout, color="grey", linestyle="--", linewidth=0.8)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("board size (cells)")
    axes.set_ylabel("verdict + count (seconds)")
    axes.set_title("logicmines: each engine on each board (time limit dashed)")
    axes.grid(True, which="major", linewidth=0.3)
    axes.legend(fontsize=8, ncol=2)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few small boards; writes nothing")
    parser.add_argument("--timeout", type=float, help="seconds per board and engine (default 10)")
    parser.add_argument("--boards", type=int, default=3, help="boards per random/mid-game family")
    parser.add_argument("--no-skip", action="store_true", help="run every engine on every board")
    parser.add_argument("--markdown", type=Path, help=f"results section to write (default {DOCS})")
    parser.add_argument("--plot", type=Path, help=f"PNG to draw (default {PLOT})")
    args = parser.parse_args(argv)
    timeout = args.timeout or (2.0 if args.quick else 10.0)
    markdown = args.markdown or (None if args.quick else DOCS)
    picture = args.plot or (None if args.quick else PLOT)

    results = run(families(args.quick, args.boards), timeout, skip=not args.no_skip)
    command = "python benchmarks/bench.py" + (" " + " ".join(argv or sys.argv[1:])).rstrip()
    section = report(results, command)
    print(section)
    if markdown is not None:
        write_section(markdown, section)
        print(f"wrote {markdown}", file=sys.stderr)
    if picture is not None:
        try:
            plot(results, picture)
            print(f"wrote {picture}", file=sys.stderr)
        except ImportError:
            print("no plot: matplotlib is missing (pip install -e '.[bench]')", file=sys.stderr)
    for line in results.disagreements:
        print(line, file=sys.stderr)
    return 1 if results.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
