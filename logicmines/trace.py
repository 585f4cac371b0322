"""The search made visible: the steps an engine takes on a small board, as data and as text.

Two searches can be traced. `kanren_steps` runs the goals of `boardo` (kanren.py) one digit at a
time, depth first, in the order `boardo` puts them, and says what each digit's goal does with
the state it is given: which cells it binds (one of several ways, or the only way: then the digit
forces them) or that it has no way left (the search backs up). `clpfd_steps` posts the board's
model with `board_mines/2` of prolog/board.pl, says which cells propagation alone settles, then
labels the open cells first-fail (in reading order among equal domains), saying after each
choice which cells propagation settles and when a choice fails.

    logicmines trace BOARD_FILE [--backend kanren|clpfd] [--limit N]

prints the steps of each board in the file (the first N solutions, 2 by default: the search
that decides check's verdict); `python -m logicmines.trace` is the same command.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import islice
from pathlib import Path

from unification import isvar
from unification.utils import transitive_get as walk

from .backends.arguments import check_board, check_count
from .backends.kanren import _term, counto, mineso
from .board import Board, Cell, shown_value
from .engine import (
    TRACED,
    BackendUnavailable,
    Deadline,
    EngineError,
    EngineTimeout,
    valid_timeout,
)
from .resources import data_path
from .words import plural

# Past this many steps a trace stops: it is for reading, and a reader cannot read more.
MOST_STEPS = 400


@dataclass(frozen=True)
class Step:
    """One step of a search: what happened (`kind`), how deep, and the cells it set.

    kind is one of: "settle" (set before any choice: propagation after posting), "try" (one of
    several ways; for clpfd the choice itself is `cells[0]`, the rest what propagation then set),
    "force" (the only way a digit has: it forces these cells), "fail" (no way: back up),
    "solution" (every cell set and every digit holds).
    """

    kind: str
    depth: int
    cells: tuple[tuple[Cell, int], ...] = ()
    digit: Cell | None = None


def _cells(cells: tuple[tuple[Cell, int], ...]) -> str:
    return " ".join(f"({r},{c})={value}" for (r, c), value in cells)


# Levels of the search drawn as indentation; a deeper step says its depth in words instead, so
# that on a big board a line does not start 800 spaces in, past the edge of the screen.
MOST_INDENT = 30


def _indent(depth: int) -> str:
    """The start of a step's line at `depth`: two spaces a level, the depth in words past 30."""
    if depth <= MOST_INDENT:
        return "  " * depth
    return "  " * MOST_INDENT + f"[depth {depth}] "


def describe(step: Step, board: Board) -> str:
    """One step as a line of text, indented by its depth."""
    by = f"digit {step.digit[0]},{step.digit[1]} ({board[step.digit]}) " if step.digit else ""
    text = {
        "settle": f"propagation settles {_cells(step.cells)}",
        "try": f"{by}tries {_cells(step.cells)}".strip(),
        "force": f"{by}forces {_cells(step.cells)}".strip(),
        "fail": f"{by}fails: back up".strip(),
        "solution": "solution",
    }[step.kind]
    if step.kind in ("try", "force") and not step.cells:
        text = f"{by}holds already"
    return _indent(step.depth) + text


def kanren_steps(board: Board, limit: int | None = 2) -> Iterator[Step]:
    """The steps of boardo's depth-first search, digit goal by digit goal, up to `limit`
    solutions (None: all of them).

    The goals are built as `boardo` builds them and taken in its order; a test checks that the
    solutions come out in board_models' order, so the trace is that search."""
    puzzle = board.as_puzzle()
    terms = {cell: _term(puzzle[cell]) for cell in puzzle.cells()}
    digits = [cell for cell in puzzle.cells() if puzzle[cell].isdigit()]
    digits.sort(key=lambda cell: any(isvar(terms[n]) for n in puzzle.neighbours(cell)))
    # Each goal with the digit it states and the unknown cells it can bind (in reading order).
    # A digit's goal is made when the search first reaches it: a trace stops after a few
    # hundred steps, and making all of a big board's goals first took seconds and gigabytes.
    goals: list[tuple[Cell | None, Callable[[], object], list[Cell]]] = [
        (
            cell,
            partial(counto, [(terms[n], 1) for n in puzzle.neighbours(cell)], int(puzzle[cell])),
            [n for n in puzzle.neighbours(cell) if isvar(terms[n])],
        )
        for cell in digits
    ]
    touched = {n for cell in digits for n in puzzle.neighbours(cell)}
    goals += [
        (None, partial(mineso, t, 1), [cell])
        for cell, t in terms.items()
        if isvar(t) and cell not in touched
    ]
    made: dict[int, object] = {}
    found = 0

    def search(state, depth: int) -> Iterator[Step]:
        nonlocal found
        if depth == len(goals):
            found += 1
            yield Step("solution", depth)
            return
        cell, make, reach = goals[depth]
        goal = made.get(depth)
        if goal is None:
            goal = made[depth] = make()
        # Only the goal's own cells can change: looking at those alone keeps a step's cost
        # the size of a digit, not of the board.
        open_before = [c for c in reach if isvar(walk(terms[c], state))]
        ways = list(goal(state))
        if not ways:
            yield Step("fail", depth, digit=cell)
        for way in ways:
            if limit is not None and found >= limit:
                return
            values = ((c, walk(terms[c], way)) for c in open_before)
            new = tuple((c, value) for c, value in values if not isvar(value))
            yield Step("force" if len(ways) == 1 else "try", depth, new, cell)
            yield from search(way, depth + 1)

    yield from search({}, 0)


# The tracing search for clpfd, in Prolog: board_mines/2 posts the model, then each choice and
# what propagation does after it is written as one line of numbers.
_CLPFD_TRACE = r"""
:- use_module(library(clpfd)).
:- use_module(library(solution_sequences)).

trace_board(Rows, Limit) :-
    (   board:board_mines(Rows, Mines)
    ->  unknown_cells(Rows, Mines, 0, Cells),
        settled(Cells, Open, Set),
        format("settle 0~w~n", [Set]),
        forall(limit(Limit, search(Open, 0)), true)
    ;   format("fail 0~n")
    ).

% unknown_cells(+Rows, +Mines, +R, -Cells): c(R, C, Mine) for each `?`, in reading order, Mine
% the very variable board_mines/2 posted (findall/3 would copy it, constraints and all).
unknown_cells([], [], _, []).
unknown_cells([Row|Rows], [Ms|Mss], R, Cells) :-
    row_cells(Row, Ms, R, 0, Cells, Rest),
    R1 is R + 1,
    unknown_cells(Rows, Mss, R1, Rest).

row_cells([], [], _, _, Cells, Cells).
row_cells([Code|Codes], [M|Ms], R, C, Cells, Rest) :-
    (   Code =:= 0'?
    ->  Cells = [c(R, C, M)|More]
    ;   Cells = More
    ),
    C1 is C + 1,
    row_cells(Codes, Ms, R, C1, More, Rest).

% settled(+Cells, -Open, -Set): Open the cells still open, Set the others as text `R C V ...`.
settled([], [], '').
settled([c(R, C, V)|Cells], Open, Set) :-
    settled(Cells, Open0, Set0),
    (   integer(V)
    ->  Open = Open0,
        format(atom(Set), " ~w ~w ~w~w", [R, C, V, Set0])
    ;   Open = [c(R, C, V)|Open0],
        Set = Set0
    ).

% first_fail(+Open, -Cell, -Rest): the first open cell of the smallest domain, and the others.
first_fail([Cell|Cells], Best, Rest) :-
    smallest(Cells, Cell, Best),
    exclude(==(Best), [Cell|Cells], Rest).

smallest([], Best, Best).
smallest([c(R, C, V)|Cells], c(R0, C0, V0), Best) :-
    fd_size(V, N), fd_size(V0, N0),
    (   N < N0
    ->  smallest(Cells, c(R, C, V), Best)
    ;   smallest(Cells, c(R0, C0, V0), Best)
    ).

search([], Depth) :-
    format("solution ~w~n", [Depth]).
search(Open, Depth) :-
    Open = [_|_],
    first_fail(Open, c(R, C, V), Rest),
    member(X, [0, 1]),
    (   V = X
    ->  settled(Rest, Still, Set),
        format("try ~w ~w ~w ~w~w~n", [Depth, R, C, X, Set]),
        Deeper is Depth + 1,
        search(Still, Deeper)
    ;   format("fail ~w ~w ~w ~w~n", [Depth, R, C, X]),
        fail
    ).
"""


def clpfd_steps(
    board: Board, limit: int | None = 2, most: int | None = None, timeout: float | None = None
) -> list[Step]:
    """The steps of a CLP(FD) search on board.pl's model, up to `limit` solutions (None: all of
    them): what
    propagation settles after posting, then each choice (cell and value, first-fail), what
    propagation settles after it, and the choices that fail. With `most`, SWI-Prolog is stopped
    once it has said that many steps (a search that fails often can say a great many); past
    `timeout` seconds, it is stopped and EngineTimeout raised."""
    timeout = valid_timeout(timeout, "clpfd_steps")  # a float, as threading.Timer takes it
    puzzle = board.as_puzzle()
    # The rows go in a file of their own: on the command line a big board would pass the
    # system's limit on the length of one argument (128 KiB on Linux).
    rows = "[" + ", ".join("`" + row + "`" for row in puzzle.rows) + "]"
    goal = f"trace_rows(Rows), trace_board(Rows, {'inf' if limit is None else int(limit)})"
    with tempfile.TemporaryDirectory() as folder:
        program, given = Path(folder) / "trace.pl", Path(folder) / "rows.pl"
        try:
            program.write_text(_CLPFD_TRACE)
            given.write_text(f"trace_rows({rows}).\n")
        except OSError as error:  # a full disk, say: the path is a passing name of this run's
            raise EngineError(
                f"cannot write swipl's program in the temporary folder: {error.strerror or error}"
            ) from None
        command = ["swipl", "-q", "-g", goal, "-t", "halt", str(data_path("prolog", "board.pl"))]
        try:
            swipl = subprocess.Popen(
                [*command, str(program), str(given)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        except FileNotFoundError:
            raise BackendUnavailable(
                "the clpfd trace needs SWI-Prolog's swipl on the PATH "
                "(apt-get install swi-prolog-nox)"
            ) from None
        late = threading.Event()

        def stop() -> None:
            late.set()
            swipl.kill()

        timer = threading.Timer(timeout, stop) if timeout is not None else None
        with swipl:
            if timer is not None:
                timer.start()
            try:
                found = []
                for line in swipl.stdout:
                    found.append(_clpfd_step(line))
                    if most is not None and len(found) >= most:
                        swipl.kill()
                        return found
                problem = swipl.stderr.read().strip()
                code = swipl.wait()
            finally:
                if timer is not None:
                    timer.cancel()
            if late.is_set():
                raise EngineTimeout("clpfd", timeout)
            if code != 0:
                raise EngineError(f"swipl: {_swipl_problem(problem, code, puzzle)}")
    return found


def _swipl_problem(problem: str, code: int, board: Board) -> str:
    """The first line of what swipl said on failing, without the goal this module gave it (its
    own words, not the user's); a stack overrun says what it was doing."""
    if not problem:
        return f"exit status {code}"
    first = re.sub(r"^(ERROR: )?-g [^:]*: ", "", problem.splitlines()[0])
    if first.startswith("Stack limit"):
        first += (
            f" tracing a {board.height}x{board.width} board: trace it with the kanren backend "
            "(the default), which needs far less"
        )
    return first


def _clpfd_step(line: str) -> Step:
    kind, depth, *numbers = line.split()
    values = [int(n) for n in numbers]
    if kind == "fail" and values:
        r, c, x = values
        return Step("fail", int(depth), (((r, c), x),))
    triples = tuple(((a, b), v) for a, b, v in zip(values[::3], values[1::3], values[2::3]))
    return Step(kind, int(depth), triples)


def describe_clpfd(step: Step) -> str:
    """A clpfd step as a line: the choice first, then what propagation set after it."""
    pad = _indent(step.depth)
    if step.kind == "try":
        (choice, value), *then = step.cells
        after = f"; propagation sets {_cells(tuple(then))}" if then else ""
        return f"{pad}try ({choice[0]},{choice[1]})={value}{after}"
    if step.kind == "fail" and step.cells:
        return f"{pad}try {_cells(step.cells)}: propagation fails, back up"
    if step.kind == "settle":
        return f"{pad}propagation settles {_cells(step.cells) or 'nothing'}"
    return pad + ("no solution: propagation fails" if step.kind == "fail" else "solution")


def steps(board: Board, backend: str = "kanren", limit: int | None = 2) -> tuple[list[Step], bool]:
    """The first MOST_STEPS steps of the search on `board` (backend "kanren" or "clpfd"), up to
    its `limit`-th solution, and whether the search went on past those steps."""
    shown, cut, _ = _traced("steps", board, backend, limit)
    return shown, cut


def traced(
    board: Board, backend: str = "kanren", limit: int | None = 2, timeout: float | None = None
) -> tuple[list[Step], bool, bool]:
    """`steps`, and whether the search was seen to its end: every solution found, none left
    past the `limit`-th (the search is run for one solution more, within MOST_STEPS steps, to
    know; what it shows still stops at the `limit`-th). Past `timeout` seconds (None: no
    limit), EngineTimeout."""
    return _traced("traced", board, backend, limit, timeout)


def _traced(
    who: str, board: Board, backend: str, limit: int | None, timeout: float | None = None
) -> tuple[list[Step], bool, bool]:
    """`traced`, its arguments checked once, in the name of the function `who` asked."""
    _check_trace(who, board, backend, limit)
    wanted = None if limit is None else limit + 1
    clock = Deadline(backend, timeout)
    if backend == "kanren":
        found = []
        for step in islice(kanren_steps(board, wanted), MOST_STEPS + 1):
            clock.left()  # EngineTimeout once the time is up
            found.append(step)
    else:
        found = clpfd_steps(board, wanted, most=MOST_STEPS + 1, timeout=clock.seconds)
    solutions = [i for i, step in enumerate(found) if step.kind == "solution"]
    ended = len(found) <= MOST_STEPS and (limit is None or len(solutions) <= limit)
    if limit is not None and len(solutions) >= limit:
        found = found[: solutions[limit - 1] + 1]
    return found[:MOST_STEPS], len(found) > MOST_STEPS, ended


def _check_trace(who: str, board: object, backend: object, limit: object) -> None:
    """What the engines' questions check of their arguments (backends.arguments), for a trace:
    a Board whose marked mines do not contradict its digits, a search there is a trace of, a
    limit of at least one solution (None: all)."""
    check_board(who, board)  # the search forgets the M squares, as the engines do
    if backend not in TRACED:
        raise ValueError(
            f"{who}: a trace is of kanren's search or clpfd's, not {shown_value(backend)}"
        )
    check_count(who, "limit", limit, 1)


def describe_any(step: Step, board: Board, backend: str) -> str:
    """A step of either search as a line of text."""
    return describe(step, board) if backend == "kanren" else describe_clpfd(step)


def trace(board: Board, backend: str = "kanren", limit: int | None = 2) -> list[str]:
    """The search on `board` as lines of text, at most MOST_STEPS of them, and the line that
    ends it (`last_line`): the search went on past them or past the `limit`, or a kanren search
    ended without a solution."""
    shown, cut, ended = _traced("trace", board, backend, limit)
    lines = [describe_any(step, board, backend) for step in shown]
    last = last_line(shown, backend, cut, ended, limit)
    return lines if last is None else [*lines, last]


def last_line(
    found: list[Step], backend: str, cut: bool, ended: bool, limit: int | None
) -> str | None:
    """The line that ends a trace (`traced`'s answer): cut at MOST_STEPS, stopped at the
    `limit`, or, for a kanren search that ended without a solution, that there is none (its
    last step is a failed digit; clpfd's says it in its own last step). None otherwise."""
    if cut:
        return f"... (cut after {len(found)} steps)"
    if not ended:
        return stopped(limit)
    if backend == "kanren" and not any(step.kind == "solution" for step in found):
        return "no solution: no choice is left to try"
    return None


def stopped(limit: int) -> str:
    """The last line of a trace that `limit` stopped before the search's end."""
    solutions = plural(limit, "solution")
    return f"... (stopped after {solutions}, the limit asked for; the search had not ended)"


def step_record(step: Step) -> dict[str, object]:
    """A step as JSON fields: kind, depth, the cells it set as [row, column, value], and the
    digit whose goal it was (kanren) as [row, column]."""
    fields: dict[str, object] = {"kind": step.kind, "depth": step.depth}
    fields["cells"] = [[r, c, value] for (r, c), value in step.cells]
    if step.digit is not None:
        fields["digit"] = list(step.digit)
    return fields


def main(argv: list[str] | None = None) -> int:
    """`python -m logicmines.trace FILE [OPTIONS]`: `logicmines trace`, by the name the course
    first gives it; the same options, output, errors and exit statuses."""
    from .cli import main as command_line  # the command line imports this module, not at the top

    return command_line(["trace", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
