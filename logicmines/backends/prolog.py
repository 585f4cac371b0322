"""The SWI-Prolog engines: a CLP(FD) piece model under the shared staging, and the reference.

Both run in the one SWI-Prolog that pyswip embeds in this process, started when the first of
them is made (not at `import logicmines`):

- ``prolog`` (`PrologBackend`): the staging of `logicmines.staging`, every question about the
  rules answered by ``pieces:piece_models/4`` (``prolog/pieces.pl``);
- ``reference`` (`ReferenceBackend`): the seeds' original program (``prolog/minesweeper.pl``)
  on the whole board, with no staging at all.

Every question goes through ``guard:guarded/3`` (``prolog/guard.pl``), which runs it once under
the time limit and catches its errors inside Prolog: a time limit or an exhausted stack comes
back as an answer and becomes an `EngineError`.
"""

from __future__ import annotations

import json
import math
import signal
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ..analysis import Analysis, from_models
from ..board import Board
from ..engine import USE_KANREN, Model, Piece, TimeLimit, collects_every, every_model
from ..results import CheckResult, Verdict
from ..words import plural
from . import BackendUnavailable, EngineError, EngineTimeout
from .arguments import checks_arguments
from .staged import StagedBackend


class _TimeLimit(Exception):
    """A query ran out of its time; each backend words its own EngineError."""


class Swipl:
    """The embedded SWI-Prolog: one per process and not thread-safe, so queries take a lock."""

    def __init__(self, prolog: type) -> None:
        self._prolog = prolog
        self._lock = threading.Lock()
        self._loaded: set[str] = set()
        self.load("guard.pl")

    def load(self, name: str) -> None:
        """Load prolog/`name` once per process; callers qualify its predicates by module."""
        from ..resources import data_path

        with self._lock:
            if name in self._loaded:
                return
            path = str(data_path("prolog", name))
            # The path travels as character codes, so a quote (or anything else) in it is data.
            self._run(
                "atom_codes(F, %p), load_files(F, [if(not_loaded), imports([])])",
                [ord(ch) for ch in path],
            )
            self._loaded.add(name)

    def ask(
        self,
        who: str,
        predicate: str,
        args: Sequence[object],
        seconds: float | None,
        advice: str = "",
    ) -> str:
        """Out, as ~w writes it, after `predicate`(Args..., Out) runs once (`predicate` is a
        module-qualified name such as ``pieces:piece_models``, `args` its inputs).

        With `seconds`, the query has a deadline that its search looks at between steps
        (guard.pl's in_time/0) and _TimeLimit is raised when the time is up. An exhausted
        stack (the message ends with `advice`), any other Prolog error, or a goal that fails
        raises EngineError naming `who`.
        """
        # The query names the predicate and nothing else: its inputs, and the time limit, are
        # filled in by _fill, and Python only ever passes integers, lists of integers and
        # (the time limit) a number, never text pasted into a goal.
        closure = f"{predicate}({', '.join(['%p'] * len(args))})" if args else predicate
        limit = 0 if seconds is None else seconds  # guarded/3 takes 0 for no limit
        with self._lock:
            answers = self._run(f"guard:guarded({closure}, %p, Result)", *args, limit)
        if not answers:
            raise EngineError(f"{who}: the Prolog goal failed, which it never should")
        kind, _, text = answers[0]["Result"].partition(" ")
        if kind == "ok":
            return text
        if kind == "time_limit":
            raise _TimeLimit
        if kind == "resource_error":
            raise EngineError(
                f"{who}: SWI-Prolog ran out of {_RESOURCES.get(text, text)} on this board{advice}"
            )
        raise EngineError(f"{who}: SWI-Prolog raised {text}")

    def _run(self, goal: str, *args: object) -> list[dict]:
        """The answers of `goal`, its `%p` filled from `args` (numbers and lists of numbers)."""
        text = _fill(goal, args)
        # list(): a query left open would make the next one raise NestedQueryError.
        try:
            with _interruptible():
                return list(self._prolog.query(text))
        except Exception as why:  # pyswip's PrologError: a malformed goal, a bug of ours
            raise EngineError(f"SWI-Prolog could not run a query: {why}") from why


def _fill(goal: str, args: Sequence[object]) -> str:
    """`goal` with each `%p` replaced by one of `args`, written as a Prolog term.

    Only numbers and (nested) lists of numbers are accepted (TypeError otherwise), so the text
    that reaches SWI-Prolog's reader is predicate names of ours, digits, signs, points and
    brackets: nothing a user wrote can become part of a goal. JSON writes such a value as Prolog
    reads it, and in C: pyswip's own %p builds the same text in Python, a hundred times slower
    (about 4 s for the million codes of a 1000x1000 board).
    """
    pieces = goal.split("%p")
    if len(pieces) != len(args) + 1:
        raise TypeError(f"{goal!r} has {len(pieces) - 1} %p for {len(args)} arguments")
    for arg in args:
        _only_numbers(arg)
    filled = [pieces[0]]
    for arg, rest in zip(args, pieces[1:]):
        filled += [json.dumps(arg), rest]
    return "".join(filled)


def _only_numbers(arg: object) -> None:
    """TypeError unless `arg` is a finite number or a (nested) list of them."""
    if type(arg) is int:
        return
    if isinstance(arg, (list, tuple)):
        if not all(type(item) is int for item in arg):  # the common case, a list of codes, at once
            for item in arg:
                _only_numbers(item)
    elif not (isinstance(arg, (int, float)) and math.isfinite(arg)):
        raise TypeError(f"a Prolog query takes numbers and lists of numbers, not {arg!r}")


@contextmanager
def _interruptible() -> Iterator[None]:
    """Let Ctrl-C stop the process while SWI-Prolog runs a query.

    pyswip starts SWI-Prolog without its signal handling, and Python only runs its own handler
    (KeyboardInterrupt) between bytecodes, which a long query never reaches. So during a query,
    on the main thread, SIGINT gets its default action: the process ends at once, as any
    program interrupted by Ctrl-C does (status 130 in a shell), with no traceback.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def release_thread() -> None:
    """Let go of the SWI-Prolog engine this thread was given for its queries, when it is not
    the main thread (pyswip gives one to each thread that asks). SWI-Prolog stops its own
    threads when the process ends, and warns on the terminal ("Failed to stop Prolog threads")
    when one is still attached to a Python thread. A later query from the thread gets a new one.
    """
    if _session is None or threading.current_thread() is threading.main_thread():
        return
    from pyswip import core

    with _session._lock:
        if core.PL_thread_self() != -1:
            core._lib.PL_thread_destroy_engine()


_RESOURCES = {"stack": "stack (SWI's stack_limit, 1 GB by default)", "memory": "memory"}
_session: Swipl | None = None
_starting = threading.Lock()


def swipl(who: str) -> Swipl:
    """This process's SWI-Prolog, started on first use; BackendUnavailable (naming the backend
    `who`, saying how to install what is missing) when it cannot be."""
    global _session
    try:
        # Importing pyswip starts SWI-Prolog, or fails when pyswip or libswipl is missing (with
        # an ImportError or one of pyswip's own exceptions). Once imported it is a dict look-up.
        from pyswip import Prolog
    except ImportError as why:
        if why.name != "pyswip":
            raise BackendUnavailable(_cannot_load(who, why)) from why
        raise BackendUnavailable(_no_pyswip(who)) from why
    except Exception as why:
        raise BackendUnavailable(_cannot_load(who, why)) from why
    with _starting:
        if _session is None:
            _session = Swipl(Prolog)
        return _session


def _no_pyswip(who: str) -> str:
    """What to say when the Python package pyswip is not installed."""
    return (
        f"{who}: the Python package pyswip is not installed; the {who} engine needs the extra: "
        "pip install 'logicmines[prolog]' (and SWI-Prolog: apt-get install swi-prolog-nox), "
        + USE_KANREN
    )


def _cannot_load(who: str, why: Exception) -> str:
    """What to say when pyswip is there but SWI-Prolog's shared library is not, or fails."""
    problem = " ".join(str(why).split()) or type(why).__name__
    return (
        f"{who}: SWI-Prolog cannot be loaded (pyswip is installed, but: {problem}); the {who} "
        "engine needs SWI-Prolog: apt-get install swi-prolog-nox (or set LIBSWIPL_PATH and "
        f"SWI_HOME_DIR to where it is), {USE_KANREN}"
    )


# --- prolog: the CLP(FD) piece model under the shared staging -------------------------------------


class PrologBackend(StagedBackend):
    """check / count / solutions with SWI-Prolog's CLP(FD) as the engine (prolog/pieces.pl).

    The staging is the one kanren gets (forced cells, independent parts, counting group by group
    along the frontier), so the verdicts, counts and solution sets are the same; only the
    engine that lists the models of each piece differs. Solutions beyond a `limit` may be
    chosen in another order than kanren's (CLP(FD) labels first-fail, miniKanren interleaves).
    `timeout` works as for every staged backend; a piece that takes too long is stopped inside
    SWI-Prolog with the time that is left.
    """

    name = "prolog"
    program = "prolog/pieces.pl"

    def __init__(self, timeout: float | None = None) -> None:
        super().__init__(timeout)
        self.swipl = swipl(self.name)
        self.swipl.load("pieces.pl")

    def models(self, piece: Piece, limit: int | None = None) -> Sequence[Model]:
        if any(total < 0 for _, total in piece.sums):
            return ()  # no group holds fewer than no mines
        sums = [[list(indices), total] for indices, total in piece.sums]
        with self.clock() as deadline:
            try:
                found = self.swipl.ask(
                    self.name,
                    "pieces:piece_models",
                    [list(piece.sizes), sums, -1 if limit is None else limit],
                    deadline.left(),
                )
            except _TimeLimit:
                raise EngineTimeout(self.name, deadline.seconds) from None
        return tuple(map(tuple, json.loads(found)))


# --- reference: the original program on the whole board -------------------------------------------

# The predicates of prolog/minesweeper.pl that the reference asks (each gets Out as its last
# argument). Out is written by ~w and read back as JSON, so it holds numbers and lists only: a
# verdict comes as its place in _VERDICTS, a count as an integer (JSON keeps a big one exact,
# where pyswip stops at 2^63).
_VERDICTS = (Verdict.NONE, Verdict.UNIQUE, Verdict.MULTIPLE)
_ANSWER = "minesweeper:reference_answer"
_MODELS = "minesweeper:reference_models"
_COUNT = "minesweeper:reference_count"
_MODELS_WITH_MINES = "minesweeper:reference_models_with_mines"
_COUNT_WITH_MINES = "minesweeper:reference_count_with_mines"

_NO_MODEL = "the reference program finds no solution"


@checks_arguments
class ReferenceBackend:
    """check / count / solutions / analyze by the seeds' original program, ported
    (prolog/minesweeper.pl).

    It runs m/2 on the whole board, with no staging: `check` is s/1 (every solution collected
    by setof/3, unique when there is exactly one), `count` counts m/2's answers one by one,
    `solutions` lists m/2's answers in its order, `analyze` tallies each unknown cell over
    every answer listed. So it is slow by nature: its time grows with
    the number of solutions, fine for the example boards of docs/rules.md and boards of a dozen
    unknown cells, hopeless for a 16x16 board with a third of it hidden. It is here as the
    meaning that the other engines are checked against, not as a tool for big boards.

    The original knows nothing of a total number of mines: given `mines`, check and count keep
    only m/2's answers with exactly that many mines (`*`s, the known ones included), found by
    listing all of them, which is slower still.

    `timeout` (seconds, or None to wait as long as it takes) bounds each call; it defaults to
    `DEFAULT_TIMEOUT`, because SWI-Prolog runs without signal handling inside Python, so Ctrl-C
    cannot stop a query. A time limit reached or a Prolog stack exhausted raises EngineError.
    """

    timeout = TimeLimit()  # seconds or None, checked when set

    name = "reference"
    program = "prolog/minesweeper.pl"
    listing_pace = 50_000  # count lists at most this many a second (10x 5,000, see Backend)
    DEFAULT_TIMEOUT = 60.0

    def __init__(self, timeout: float | None = DEFAULT_TIMEOUT) -> None:
        self.swipl = swipl(self.name)
        self.swipl.load("minesweeper.pl")
        self.timeout = timeout

    def check(self, board: Board, mines: int | None = None) -> CheckResult:
        puzzle = board.as_puzzle()
        rows = _codes(puzzle)
        if mines is None:
            place, solved = self._ask(_ANSWER, rows)
            verdict = _VERDICTS[place]
        else:
            found = self._ask(_MODELS_WITH_MINES, rows, mines, 2)
            verdict = _VERDICTS[len(found)]
            solved = found[0] if found else []
        if verdict is Verdict.UNIQUE:
            return CheckResult(verdict, solution=_board(puzzle, solved))
        if verdict is Verdict.NONE:
            among = "" if mines is None else f" with exactly {plural(mines, 'mine')}"
            return CheckResult(verdict, reason=f"{_NO_MODEL}{among}")
        return CheckResult(verdict)

    def count(self, board: Board, mines: int | None = None) -> int:
        rows = _codes(board.as_puzzle())
        if mines is None:
            return self._ask(_COUNT, rows)
        return self._ask(_COUNT_WITH_MINES, rows, mines)

    def analyze(self, board: Board, mines: int | None = None) -> Analysis:
        """Probabilities by plain enumeration of every m/2 model (small boards only)."""
        puzzle = board.as_puzzle()
        # all of them: the total is applied after
        models = every_model(
            self.name, "the reference program", mines, lambda: list(self.solutions(puzzle))
        )
        return from_models(puzzle, models, mines, _NO_MODEL)

    def solutions(
        self, board: Board, limit: int | None = None, mines: int | None = None
    ) -> Iterator[Board]:
        """m/2's first `limit` answers (all for None; with `mines`, of those with exactly that
        many mines), found in one query before the first."""
        puzzle = board.as_puzzle()
        wanted = -1 if limit is None else limit
        if mines is None:
            solved = self._ask(_MODELS, _codes(puzzle), wanted)
        else:
            solved = self._ask(_MODELS_WITH_MINES, _codes(puzzle), mines, wanted)
        return iter([_board(puzzle, rows) for rows in solved])

    def _ask(self, predicate: str, *args: object):
        advice = (
            ": the reference program is meant for small boards; "
            "`--backend prolog` answers the same question"
        )
        try:
            return json.loads(self.swipl.ask(self.name, predicate, args, self.timeout, advice))
        except _TimeLimit:
            # the _with_mines predicates take the rows, then the total
            mines = args[1] if predicate in (_MODELS_WITH_MINES, _COUNT_WITH_MINES) else None
            advice = collects_every("the reference program", mines)
            raise EngineTimeout(self.name, self.timeout, advice) from None


def _codes(puzzle: Board) -> list[list[int]]:
    """A board as the Prolog programs take it: rows of character codes."""
    return [[ord(ch) for ch in row] for row in puzzle.rows]


def _board(puzzle: Board, rows: list[list[int]]) -> Board:
    return puzzle.with_rows(["".join(map(chr, row)) for row in rows])
