"""The numbers the course quotes (docs/course/4-clpfd.md and 8-staging.md), measured again.

    .venv/bin/python benchmarks/course_numbers.py [--repeat N] [--limit SECONDS]
        [--only search|staging]

`search`: the same boards counted four ways: generate-and-test (docs/course/generate_and_test.pl:
every unknown cell labelled, then the sums checked), CLP(FD) (prolog/board.pl's
board_labelled_count: the sums posted, then labelling), boardo (the whole board as one miniKanren
conjunction, no staging) and the staged kanren engine (KanrenBackend.count); then the expert
mid-game that the course's issue names, decided (one model, or a verdict) by boardo, board.pl
and the staged engine.

`staging`: the steps of docs/course/8-staging.md, each counting the same boards, the functions
taken from that page itself (its examples are run to define them).

Times are CPU seconds of the process that does the work (SWI-Prolog's own for the Prolog ones,
start-up and loading excluded), the median of N runs. The limit is counted the same way: a run
that has taken --limit CPU seconds of its own is stopped and shown as `> LIMIT` (a Python run by
a timer of the child's processor time, SIGPROF, armed as the work starts; a Prolog one by a
thread of the same swipl that watches the working thread's CPU time), and so is one that needs
more than 4 GB of memory. Wall time only has a backstop: on a busy machine a run may go on
longer than --limit seconds by the clock before it is stopped, and one still going after
10 x --limit + 60 seconds by the clock (its limit's signal not acted on) is stopped there and
shown the same way. Each measurement runs in a fresh process. Every count is checked against
the others on the same board: a disagreement stops the script.
"""

from __future__ import annotations

import doctest
import multiprocessing
import resource
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arguments import Parser  # noqa: E402

from logicmines.backends.kanren import KanrenBackend, board_models  # noqa: E402
from logicmines.board import Board  # noqa: E402
from logicmines.cli import _positive, _seconds  # noqa: E402 (the command line's checks of a number)
from logicmines.generate import lattice, midgame, random_puzzle  # noqa: E402

COURSE = ROOT / "docs" / "course"

# Puzzles with 8, 12, 16, 20 and 24 unknown cells (random mines on 20 % of the cells, 60 % of the
# cells hidden; the first seed that hides that many).
SEARCH_BOARDS = [
    (f"{h}x{w} puzzle", random_puzzle(h, w, 0.2, 0.6, seed))
    for h, w, seed in ((4, 5, 57), (4, 6, 6), (5, 6, 4), (6, 6, 15), (6, 7, 10))
]
EXPERT = ("16x30 mid-game, 99 mines", midgame(16, 30, 99, seed=1))
STAGING_BOARDS = [
    ("9x9 mid-game, 10 mines", midgame(9, 9, 10, seed=2)),
    ("16x16 mid-game, 40 mines", midgame(16, 16, 40, seed=2)),
    ("16x30 mid-game, 99 mines", midgame(16, 30, 99, seed=1)),
    # Digits on every other cell of every other row: one part that stays long, the frontier's case.
    ("10x10 lattice", lattice(10, seed=1)),
    ("12x12 lattice", lattice(12, seed=1)),
]


def backstop(limit: float) -> float:
    """Wall seconds after which a run is stopped whatever its CPU time, in case its limit fails."""
    # Generous, so that only a run whose signal was not acted on reaches it: SWI acts on a signal
    # only between predicate calls (not inside a long foreign call), and prolog/guard.pl records
    # SWI 9.0.4 going deaf to signals thrown inside CLP(FD) propagation.
    return 10 * limit + 60


def prolog_rows(board: Board) -> str:
    return "[" + ", ".join("`" + row + "`" for row in board.as_puzzle().rows) + "]"


# `once(goal)`, stopped once it has taken `limit` CPU seconds of the thread that runs it: a second
# thread looks at that thread's CPU time every 10 ms and throws time_limit_exceeded into it.
# (call_with_time_limit/2 counts wall time, which a busy machine spends on other work.)
CPU_LIMITED = """
    thread_self(Me), thread_statistics(Me, cputime, S), Deadline is S + {limit},
    thread_create((repeat, sleep(0.01), thread_statistics(Me, cputime, Now), Now >= Deadline, !,
                   thread_signal(Me, throw(time_limit_exceeded))), Watch, []),
    call_cleanup(once({goal}),
                 (catch(thread_signal(Watch, thread_exit(done)), _, true), thread_join(Watch, _)))
"""


def in_prolog(goal: str, answer: str, limit: float) -> tuple[float | None, str]:
    """(CPU seconds, the answer printed) of one goal, in a fresh swipl with board.pl and
    generate_and_test.pl loaded; (None, "") past the limit."""
    timed = (
        f"statistics(cputime, T0), {CPU_LIMITED.format(limit=limit, goal=goal).strip()}, "
        f"statistics(cputime, T1), T is T1 - T0, format('~w ~w~n', [T, {answer}])"
    )
    program = [
        "swipl",
        "-q",
        "-g",
        f"catch(({timed}), time_limit_exceeded, format('timeout~n'))",
        "-t",
        "halt",
        str(ROOT / "prolog" / "board.pl"),
        str(COURSE / "generate_and_test.pl"),
    ]
    try:
        done = subprocess.run(program, capture_output=True, text=True, timeout=backstop(limit))
    except subprocess.TimeoutExpired:  # killed by run(): the thread that watches it did not stop it
        return None, ""
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"swipl failed on {goal}: {done.stderr.strip()}")
    if done.stdout.strip() == "timeout":
        return None, ""
    seconds, printed = done.stdout.split(maxsplit=1)
    return (None, "") if float(seconds) > limit else (float(seconds), printed.strip())


# A child that grows past this much memory stops (MemoryError), and counts as stopped at the limit.
MOST_MEMORY = 4 * 2**30


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MOST_MEMORY, MOST_MEMORY))


def _timed(work, limit: float, pipe) -> None:
    """Send (CPU seconds, answer) of work() down `pipe`, (None, None) when it runs out of memory;
    the process is ended by SIGPROF once the work has taken `limit` CPU seconds."""
    _capped()
    # the process's own CPU time, not the parent's clock: the measure the times are given in
    signal.setitimer(signal.ITIMER_PROF, limit)
    start = time.process_time()
    try:
        answer = work()
    except MemoryError:
        signal.setitimer(signal.ITIMER_PROF, 0)
        pipe.send((None, None))
        return
    seconds = time.process_time() - start
    signal.setitimer(signal.ITIMER_PROF, 0)
    pipe.send((seconds, answer))


def _child(question, args, limit: float, pipe) -> None:
    _timed(lambda: question(*args), limit, pipe)


def _finished(target, args: tuple, limit: float) -> tuple[float | None, object]:
    """(CPU seconds, answer) that `target(*args, limit, pipe)` sends in a fresh process;
    (None, None) when it was stopped, or took more than `limit`."""
    reader, writer = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=target, args=(*args, limit, writer))
    child.start()
    # The child's copy is then the only writing end left, so its exit ends the pipe: poll() wakes
    # when the child is stopped without a word as well as when it answers.
    writer.close()
    deadline = time.monotonic() + backstop(limit)
    sent = None
    # Read before join(): a child whose answer does not fit in the pipe's buffer waits for it to
    # be read, and would never exit.
    if reader.poll(backstop(limit)):
        try:
            sent = reader.recv()
        except EOFError:  # ended without answering: its timer, or a failure (below)
            pass
    reader.close()
    child.join(max(deadline - time.monotonic(), 0))
    backstopped = child.is_alive()  # its timer's signal was not acted on
    if backstopped:
        child.kill()
        child.join()
    if sent is None:
        # SIGPROF is its timer: the work reached the limit
        if backstopped or child.exitcode == -signal.SIGPROF:
            return None, None
        raise RuntimeError(f"a measurement failed (exit {child.exitcode})")
    seconds, answer = sent
    return (None, None) if seconds is None or seconds > limit else (seconds, answer)


def in_python(question, args: tuple, limit: float) -> tuple[float | None, object]:
    """(CPU seconds, answer) of question(*args) in a fresh process; (None, None) past limit."""
    return _finished(_child, (question, args), limit)


def median(runs: list[float | None], limit: float) -> str:
    if any(run is None for run in runs):
        return f"> {limit:g}"
    return f"{statistics.median(runs):.3f}"


def boardo_count(board: Board) -> int:
    return len(board_models(board))


def boardo_first(board: Board) -> int:
    return len(board_models(board, 1))


def staged_count(board: Board) -> int:
    return KanrenBackend().count(board)


def staged_verdict(board: Board) -> str:
    return KanrenBackend().check(board).verdict.value


def measure(ways: dict, repeat: int, limit: float) -> tuple[dict[str, str], set]:
    """Each way's median time and the set of answers they gave."""
    times, answers = {}, set()
    for name, run in ways.items():
        runs = []
        for _ in range(repeat):
            seconds, answer = run()
            runs.append(seconds)
            if seconds is None:
                break
            answers.add(str(answer))
        times[name] = median(runs, limit)
    return times, answers


def answers_text(answers: set[str]) -> str:
    """The answers the ways gave, in plain words: `multiple`, `1, 2`."""
    return ", ".join(sorted(answers)) or "none, every run stopped at the limit"


def search_table(repeat: int, limit: float) -> None:
    print("## search: generate-and-test, CLP(FD), boardo, staged kanren (count every solution)")
    print()
    header = ["board", "unknown", "solutions", "generate-and-test", "CLP(FD)", "boardo", "staged"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for name, board in SEARCH_BOARDS:
        rows = prolog_rows(board)
        ways = {
            "gt": lambda rows=rows: in_prolog(f"gt_count({rows}, N)", "N", limit),
            "clpfd": lambda rows=rows: in_prolog(f"board_labelled_count({rows}, N)", "N", limit),
            "boardo": lambda board=board: in_python(boardo_count, (board,), limit),
            "staged": lambda board=board: in_python(staged_count, (board,), limit),
        }
        times, answers = measure(ways, repeat, limit)
        if len(answers) != 1:
            raise SystemExit(f"{name}: the counts disagree: {answers_text(answers)}")
        unknown = str(board).count("?")
        cells = [name, str(unknown), answers.pop(), *times.values()]
        print("| " + " | ".join(cells) + " |")
    print()
    name, board = EXPERT
    rows = prolog_rows(board)
    ways = {
        "boardo": lambda: in_python(boardo_first, (board,), limit),
        "clpfd": lambda: in_prolog(f"board_verdict({rows}, V)", "V", limit),
        "staged": lambda: in_python(staged_verdict, (board,), limit),
    }
    times, answers = measure(ways, repeat, limit)
    print(
        f"{name} ({str(board).count('?')} unknown), check: "
        + ", ".join(f"{way} {seconds} s" for way, seconds in times.items())
        + f" (answers: {answers_text(answers)})"
    )
    print()


def page_namespace(page: Path) -> dict:
    """The names a course page defines, by running its examples in order."""
    namespace: dict = {}
    test = doctest.DocTestParser().get_doctest(page.read_text(), namespace, page.name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=lambda _: None, clear_globs=False)
    if result.failed:
        raise SystemExit(f"{page.name}: {result.failed} examples fail; run its doctests")
    return test.globs


def _staging_child(step: str, board: Board, limit: float, pipe) -> None:
    steps = page_namespace(COURSE / "8-staging.md")["STEPS"]  # untimed: before the limit starts
    _timed(lambda: steps[step](board), limit, pipe)


def staging_step(step: str, board: Board, limit: float) -> tuple[float | None, object]:
    return _finished(_staging_child, (step, board), limit)


def staging_table(repeat: int, limit: float) -> None:
    steps = list(page_namespace(COURSE / "8-staging.md")["STEPS"])
    print("## staging: each step of docs/course/8-staging.md, counting every solution")
    print()
    print("| board | unknown | " + " | ".join(steps) + " |")
    print("|" + "---|" * (len(steps) + 2))
    for name, board in STAGING_BOARDS:
        ways = {
            step: lambda step=step, board=board: staging_step(step, board, limit) for step in steps
        }
        times, answers = measure(ways, repeat, limit)
        if len(answers) > 1:
            raise SystemExit(f"{name}: the counts disagree: {answers_text(answers)}")
        unknown = str(board).count("?")
        print(f"| {name} | {unknown} | " + " | ".join(times.values()) + " |")
    print()


def main() -> None:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--repeat",
        type=_positive,
        default=3,
        help="runs of each measurement, each in a new process; the median shown (default 3)",
    )
    parser.add_argument(
        "--limit", type=_seconds, default=60.0, help="CPU seconds a run may take (default 60)"
    )
    parser.add_argument(
        "--only", choices=("search", "staging"), help="one of the two tables (default: both)"
    )
    args = parser.parse_args()
    print(f"CPU seconds, median of {args.repeat}; '> {args.limit:g}': stopped at the limit")
    print()
    if args.only in (None, "search"):
        search_table(args.repeat, args.limit)
    if args.only in (None, "staging"):
        staging_table(args.repeat, args.limit)


if __name__ == "__main__":
    main()
