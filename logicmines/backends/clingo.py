"""The clingo engine: the rules as an answer-set program (asp/board.lp), solved by clingo.

How the board reaches the program. ``asp/board.lp`` holds the rules and nothing else; a board
comes as ground facts, ``unknown(R,C).``, ``known(R,C).``, ``digit(R,C,D).`` and, with a mine
total, ``total(N).``, written by `facts` from numbers alone: a cell's row and column, a digit's
value, the total. Each cell is read through a table of the eleven puzzle symbols (anything else is
refused) and every number is a Python int written in decimal, so the text clingo parses is four
predicate names of ours, digits, minus signs, commas, brackets and full stops: nothing a user
wrote can become part of the program. Facts, rather than Symbols handed over through clingo's
backend or an @-function that the grounder calls, for two reasons. They are the program's own
language: `facts(board)` saved in a file and ``python -m clingo asp/board.lp that-file 0`` give
the same answers on clingo's command line, which is how a reader can check us. And they are the
fastest way in that we measured: clingo parses the 40,000 facts of a 200x200 board in about
0.25 s; the same facts as Symbols through the backend take about 0.5 s, and through an
@-function the grounding takes about 0.3 s longer.

Each question grounds the program for its board once (a new Control), then searches:

- ``check`` asks for two answer sets: none, one (the solution) or more;
- ``solutions`` enumerates answer sets, at most ``limit``, each one as it is asked for;
- ``count`` enumerates every answer set (clingo counts them; Python sees none of them);
- ``consequences`` gives the cells that are mines in every answer set (cautious consequences)
  and those that are mines in none (all cells but the brave consequences), without counting
  (with a mine total at an end of the solutions' range, those of the optimal answer sets of the
  program without the total that minimises or maximises the mines);
- ``analyze`` starts from the consequences (exact 0 and 1) and enumerates every answer set to
  give the other cells their exact probabilities.

So ``count`` and ``analyze`` take time in proportion to the number of solutions: fine for small
boards, hopeless for a board with 2**40 solutions, where they give up at the time limit
(`DEFAULT_TIMEOUT` unless told otherwise) with EngineTimeout. On this project's 2-core test
machine ``count`` gets through about a million solutions a second, ``analyze`` (which looks at
each one in Python) about 100,000. The staged engines (``kanren``, ``prolog``) count without
listing. ``check`` and ``consequences`` stop early and are fast on big boards: a 200x200 check
takes about a second.

Time limits: the search runs asynchronously and Python waits for it in slices of at most
`SLICE` seconds; when the time is up the search is cancelled and EngineTimeout is raised (and
Ctrl-C, which Python sees between slices, stops it too). Grounding is not interrupted (it is
linear in the board's size: about 0.6 s for 200x200); the clock is looked at when it ends.
"""

from __future__ import annotations

import atexit
import operator
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..analysis import Analysis
from ..board import Board, Cell, positions
from ..engine import (
    USE_KANREN,
    BackendUnavailable,
    Deadline,
    EngineError,
    EngineTimeout,
    TimeLimit,
)
from ..explain import conflict_words, total_words
from ..resources import data_path
from ..results import CheckResult, Verdict, solved_board
from ..words import plural
from .arguments import checks_arguments

NAME = "clingo"
INSTALL = (
    f"{NAME}: the Python package clingo is not installed; the {NAME} engine needs the extra: "
    f"pip install 'logicmines[clingo]', {USE_KANREN}"
)
SLICE = 0.1  # seconds: how long Python waits for clingo before it looks at the clock again
PATIENCE = 0.5  # seconds a search with a mine total runs before the total's range is looked at
RANGE_SECONDS = 5.0  # the most that looking at the range may take (the search goes on meanwhile)
_NO_MODEL = "the answer-set program has no answer set"
_LISTS_ALL = (
    ": count and analyze list every solution one by one, fine for small boards; "
    "`--backend kanren` counts without listing them"
)
_DIGITS = "012345678"
_EACH_MINE = "{ 1,R,C : mine(R,C) }."  # the number of mines, to optimise


def facts(puzzle: Board, mines: int | None = None, *, assumed: bool = False) -> str:
    """The board (a puzzle) as the facts asp/board.lp reads, one per line, and `total(N).` when
    `mines` is given. Only numbers and our predicate names: a cell that is not one of the eleven
    puzzle symbols is a ValueError, a total that is not a whole number a TypeError.

    With `assumed`, each digit is written `#external digit(R,C,D). [free]`: an atom that the
    search may take as true or false, unless it is assumed true. That is how `why` asks whether
    some of the digits hold together: those assumed must hold, the others may or may not.
    """
    lines = []
    digit, free = ("#external digit", " [free]") if assumed else ("digit", "")
    for r, row in enumerate(puzzle.rows):
        for c, symbol in enumerate(row):
            if symbol == "?":
                lines.append(f"unknown({r},{c}).")
            elif symbol == "*":
                lines.append(f"known({r},{c}).")
            elif symbol in _DIGITS and len(symbol) == 1:
                lines.append(f"{digit}({r},{c},{_DIGITS.index(symbol)}).{free}")
            else:
                raise ValueError(f"{symbol!r} at ({r},{c}) is not a puzzle cell")
    if mines is not None:
        # clingo's numbers are 32-bit: past that a total wraps round (2**32 + 1 would read as 1).
        # No board holds more mines than it has cells, nor fewer than none, so any total beyond
        # those is written as one beyond them: no answer set, as for the total given.
        total = max(-1, min(int(operator.index(mines)), puzzle.height * puzzle.width + 1))
        lines.append(f"total({total}).")  # int(): a plain int's digits
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Consequences:
    """What holds in every solution, found without counting them."""

    safe: list[Cell]  # unknown cells that are a mine in no solution (not brave consequences)
    mines: list[Cell]  # unknown cells that are a mine in every solution (cautious consequences)


@checks_arguments
class ClingoBackend:
    """check / count / solutions / analyze by the answer-set program asp/board.lp under clingo.

    `timeout` (seconds, or None to wait as long as it takes) bounds each answer; it defaults to
    `DEFAULT_TIMEOUT` because count and analyze list every solution (see the module's notes).
    """

    timeout = TimeLimit()  # seconds or None, checked when set

    name = NAME
    program = "asp/board.lp"
    listing_pace = 10_000_000  # count lists at most this many a second (10x 1,000,000, see Backend)
    DEFAULT_TIMEOUT = 60.0

    def __init__(self, timeout: float | None = DEFAULT_TIMEOUT) -> None:
        self.timeout = timeout
        try:
            import clingo
        except ImportError as why:
            if why.name != "clingo":  # the package is there, but a part of it will not load
                raise BackendUnavailable(
                    f"{NAME}: the Python package clingo cannot be loaded ({why}); install it "
                    "again: pip install --force-reinstall 'logicmines[clingo]'"
                ) from why
            raise BackendUnavailable(INSTALL) from why
        self._clingo = clingo

    def check(self, board: Board, mines: int | None = None) -> CheckResult:
        puzzle = board.as_puzzle()
        grounded = self._ground(puzzle, mines)
        found = list(grounded.models(2))
        if not found:
            return CheckResult(Verdict.NONE, reason=self._why(puzzle, mines, grounded))
        if len(found) > 1:
            return CheckResult(Verdict.MULTIPLE)
        return CheckResult(Verdict.UNIQUE, solution=solved_board(puzzle, found[0]))

    def count(self, board: Board, mines: int | None = None) -> int:
        return self._ground(board.as_puzzle(), mines, _LISTS_ALL).count()

    def solutions(
        self, board: Board, limit: int | None = None, mines: int | None = None
    ) -> Iterator[Board]:
        """The first `limit` solutions (all for None; with exactly `mines` mines in all when
        given, the total being one more constraint), in clingo's order, lazily: each is given as
        clingo finds it, and the clock runs only while the program is grounded and searched."""
        puzzle = board.as_puzzle()
        if limit is not None and limit <= 0:
            return
        for found in self._ground(puzzle, mines).models(limit):
            yield solved_board(puzzle, found)

    def consequences(self, board: Board, mines: int | None = None) -> Consequences | None:
        """The safe cells and the mines of every solution (brave and cautious consequences, two
        searches, no counting); None when there is no solution."""
        return self._ground(board.as_puzzle(), mines).consequences()

    def analyze(self, board: Board, mines: int | None = None) -> Analysis:
        """Exact probabilities: 0 and 1 from the consequences, the others by enumerating every
        solution (small boards only: past the time limit, EngineTimeout). When the consequences
        decide every unknown cell there is one solution, and nothing is enumerated."""
        puzzle = board.as_puzzle()
        grounded = self._ground(puzzle, mines, _LISTS_ALL)
        forced = grounded.consequences()
        if forced is None:
            return Analysis(puzzle, 0, {}, self._why(puzzle, mines, grounded), mines)
        probabilities = dict.fromkeys(forced.safe, Fraction(0))
        probabilities.update(dict.fromkeys(forced.mines, Fraction(1)))
        undecided = [cell for cell in grounded.unknown if cell not in probabilities]
        if not undecided:
            return Analysis(puzzle, 1, probabilities, mine_total=mines)
        count, tally = grounded.tally(undecided)
        probabilities.update((cell, Fraction(n, count)) for cell, n in zip(undecided, tally))
        return Analysis(puzzle, count, probabilities, mine_total=mines)

    def _why(self, puzzle: Board, mines: int | None, asked: _Grounded) -> str:
        """Why the puzzle, found to have no solution (with exactly `mines` mines in all, when
        given), has none, in one sentence, found by the program itself within what the
        question `asked` has left on its clock (the plain words when the time runs out first).

        Each digit becomes an assumption (`facts(..., assumed=True)`); clingo names a group of
        them that fails together (an unsatisfiable core), cut down until every digit in it is
        needed (or as far as the time allows: a group cut short still fails together, but may
        hold digits it could do without). When the digits hold together, the total is what
        fails: two optimising searches (#minimize, #maximize) give the fewest and the most mines
        of the solutions.
        """
        clock = asked.clock
        try:
            # Grounding is not interrupted: none is begun that the time left would not see
            # through (the question's own took `asked.grounding`; this one is no smaller).
            left = clock.left()
            if left is not None and left < asked.grounding:
                return _no_model(mines)
            group = _Grounded(self._clingo, puzzle, None, clock, "", assumed=True).conflict()
            if group is not None:
                return conflict_words(puzzle, group)
            if mines is None:  # pragma: no cover - the digits hold, so there is a solution
                return _no_model(mines)
            found = asked.range or _range(self._clingo, puzzle, clock)
        except EngineError:  # EngineTimeout among them: the answer stands without its reason
            return _no_model(mines)
        if found is None:  # pragma: no cover - the digits hold, so there is a solution
            return _no_model(mines)
        return total_words(*found, mines)

    def _ground(self, puzzle: Board, mines: int | None, advice: str = "") -> _Grounded:
        clock = Deadline(self.name, self.timeout)
        return _Grounded(self._clingo, puzzle, mines, clock, advice)


def _range(clingo, puzzle: Board, clock: Deadline) -> tuple[int, int] | None:
    """The fewest and the most mines of the puzzle's solutions (no total), by two optimising
    searches (#minimize, #maximize); None when it has no solution. EngineTimeout before a
    grounding when the time is up."""
    found = []
    for aim in ("#minimize", "#maximize"):
        clock.left()
        best = _Grounded(clingo, puzzle, None, clock, "", extra=f"{aim}{_EACH_MINE}").optimum()
        if best is None:
            return None
        found.append(best)
    return found[0], -found[1]  # clingo gives a maximum as its negation


class _RuledOut(Exception):
    """A search with a mine total stopped: the total lies outside the solutions' range."""


class _AtEdge(Exception):
    """A search with a mine total stopped: the total is the solutions' fewest or most mines."""


def _no_model(mines: int | None) -> str:
    return _NO_MODEL if mines is None else f"{_NO_MODEL} with exactly {plural(mines, 'mine')}"


# The searches of `_Grounded.models` not yet ended. clingo aborts the whole process ("FATAL:
# exception not rethrown", status 134, unwritten files lost) when Python exits while one of its
# searches, started with async_=True, waits for the caller to ask for the next answer set: a
# solutions() loop kept open in a notebook or a module's global, say. Closing each at exit
# ends the search as leaving the loop does.
_SEARCHES: weakref.WeakSet[Iterator[dict[Cell, int]]] = weakref.WeakSet()


@atexit.register
def _close_searches() -> None:
    for search in list(_SEARCHES):
        try:
            search.close()
        except Exception:  # pragma: no cover - running in another thread as Python ends, or
            pass  # clingo's own error: the other searches are closed all the same


class _Grounded:
    """One board's program, grounded, and the clock of the question asked of it."""

    def __init__(
        self,
        clingo,
        puzzle: Board,
        mines: int | None,
        clock: Deadline,
        advice: str,
        *,
        assumed: bool = False,
        extra: str = "",
        optimal: bool = False,
    ):
        """`assumed`: the digits as assumptions (see `facts`); `extra`: one more statement of
        ours (an optimisation) added to the program; `optimal`: the searches see only the
        optimal answer sets of that optimisation (after the first ones found on the way)."""
        self.clingo, self.clock, self.advice = clingo, clock, advice
        self.puzzle, self.mines = puzzle, mines
        self.range: tuple[int, int] | None = None  # the solutions' fewest and most mines
        self._range_asked = False
        self.messages: list[str] = []
        self.unknown = [(r, c) for r, row in enumerate(puzzle.rows) for c in positions(row, "?")]
        began = time.monotonic()
        text = facts(puzzle, mines, assumed=assumed)
        self.control = clingo.Control(["--models=0"], logger=self._log)
        if optimal:
            self.control.configuration.solve.opt_mode = "optN"
            self.control.configuration.solver.opt_strategy = "usc"  # as in `optimum`
        try:
            self.control.add("base", [], _program())
            self.control.add("base", [], text + extra)
            self.control.ground([("base", [])])
        except RuntimeError as why:
            raise EngineError(f"{NAME}: could not ground the program: {self._said(why)}") from None
        self.grounding = time.monotonic() - began  # seconds, the facts written and grounded
        self._left()

    def models(self, limit: int | None) -> Iterator[dict[Cell, int]]:
        """The mines of the first `limit` answer sets (all for None), each as clingo finds it.
        The search waits while the caller holds an answer set, and that time is not the
        search's: the clock is put off by it. Leaving the loop early cancels the search, and
        so does the end of the program while the caller still holds the loop (_close_searches)."""
        search = self._models(limit)
        _SEARCHES.add(search)
        return search

    def _models(self, limit: int | None) -> Iterator[dict[Cell, int]]:
        self.control.configuration.solve.enum_mode = "auto"
        given = 0
        try:
            with self._failing(), self.control.solve(yield_=True, async_=True) as handle:
                while limit is None or given < limit:
                    handle.resume()
                    self._wait(handle)
                    model = handle.model()
                    if model is None:
                        return
                    found = dict.fromkeys(_cells(model.symbols(shown=True)), 1)
                    given += 1
                    away = time.monotonic()
                    yield found
                    self.clock.put_off(time.monotonic() - away)
        except _RuledOut:
            return

    def count(self) -> int:
        """The number of answer sets, counted by clingo as it enumerates them: the last one's
        number (no Python per answer set; clingo's statistics, floats, cost more to read)."""
        last: list[int] = []
        self._solve(on_last=lambda model: last.append(model.number))
        return last[0] if last else 0

    def consequences(self) -> Consequences | None:
        """Brave, then cautious consequences: clingo's last model in each enumeration mode.

        A mine total at an end of the solutions' range (found after PATIENCE, as `_wait` says)
        is asked again of the program without the total that optimises the number of mines
        (`_at_edge`): the solutions with the fewest (most) mines are its optimal answer sets,
        whose consequences clingo gives with the total's count left out. With the total, an
        Expert mid-game whose solutions hold 79 to 153 mines got neither consequence in 60 s
        at 79 nor at 153 (each part must hold its own fewest mines, which the count over every
        cell tells only once the parts' placements have been tried together); optimised
        (core-guided, as `optimum`), each takes some 0.01 s."""
        last: dict[str, set[Cell]] = {}
        for mode in ("brave", "cautious"):

            def keep(model, mode: str = mode) -> None:
                last[mode] = set(_cells(model.symbols(shown=True)))

            try:
                if not self._solve(on_last=keep, mode=mode, edge=True):
                    return None
            except _AtEdge:
                return self._at_edge().consequences()
        safe = [cell for cell in self.unknown if cell not in last["brave"]]
        mines = [cell for cell in self.unknown if cell in last["cautious"]]
        return Consequences(safe, mines)

    def tally(self, cells: list[Cell]) -> tuple[int, list[int]]:
        """The number of answer sets, and in how many of them each of `cells` is a mine."""
        symbol, number = self.clingo.Function, self.clingo.Number
        index = {symbol("mine", [number(r), number(c)]): i for i, (r, c) in enumerate(cells)}
        tally = [0] * len(cells)
        seen = [0]

        def add(model) -> None:
            seen[0] += 1
            for atom in model.symbols(shown=True):
                i = index.get(atom)
                if i is not None:
                    tally[i] += 1

        self._solve(add)
        return seen[0], tally

    def conflict(self) -> list[Cell] | None:
        """For a program grounded with its digits `assumed`: a group of digits (their cells, in
        reading order) that fail together and hold as soon as any one of them is left out; None
        when every digit holds together. Past the time limit while cutting the group down, the
        group as far as it got (it still fails together)."""
        cells = {
            atom.literal: tuple(n.number for n in atom.symbol.arguments[:2])
            for atom in self.control.symbolic_atoms.by_signature("digit", 3)
        }
        group = self._core(sorted(cells, key=cells.__getitem__))
        if group is None:
            return None
        i = 0
        try:
            while i < len(group):
                smaller = self._core(group[:i] + group[i + 1 :])
                if smaller is None:
                    i += 1  # needed: without it the rest hold, so it stays in every smaller core
                else:
                    group = smaller
        except EngineTimeout:
            pass
        return sorted(cells[literal] for literal in group)

    def _core(self, literals: list[int]) -> list[int] | None:
        """None when the digits of these literals hold together; else those of them in the
        core clingo found (a group that fails), in the order given."""
        core: list[set[int]] = []
        if self._solve(lambda model: False, assumptions=literals, core=core):  # one is enough
            return None
        failing = core[0] if core else set(literals)
        return [literal for literal in literals if literal in failing]

    def optimum(self) -> int | None:
        """The cost of the best answer set of an optimising program; None when it has none."""
        self.control.configuration.solve.opt_mode = "opt"
        # Core-guided: proves the optimum from below (unsatisfiable cores) where clingo's default
        # branch and bound improves one model at a time. On an Expert mid-game of 10^35
        # solutions, the fewest and most mines (79, 153) take 0.01 s each instead of past 60 s.
        self.control.configuration.solver.opt_strategy = "usc"
        best: list[int] = []
        if not self._solve(on_last=lambda model: best.append(sum(model.cost))):
            return None
        return best[0]  # (the sum of an empty cost, 0, when the board has no unknown cell)

    def _solve(
        self,
        on_model: Callable | None = None,
        on_last: Callable | None = None,
        mode: str = "auto",
        assumptions: list[int] | None = None,
        core: list[set[int]] | None = None,
        edge: bool = False,
    ) -> bool:
        """One search to its end (or until `on_model` says False), within the time left, with
        the program literals `assumptions` held true; True when there is an answer set. When
        there is none, the literals of the core clingo gives are added to `core`. With `edge`,
        _AtEdge when the mine total turns out to be an end of the solutions' range."""
        self.control.configuration.solve.enum_mode = mode
        with (
            self._failing(),
            self.control.solve(
                assumptions=assumptions or (), on_model=on_model, async_=True
            ) as handle,
        ):
            try:
                self._wait(handle, edge)  # EngineTimeout leaves `with`: the search is cancelled
            except _RuledOut:
                return False
            found = handle.get().satisfiable
            if found and on_last is not None:
                on_last(handle.last())  # (clingo's own on_last is for searches that block)
            if not found and core is not None:
                core.append({abs(literal) for literal in handle.core()})
            return found

    @contextmanager
    def _failing(self) -> Iterator[None]:
        """clingo's RuntimeError as our EngineError, with what clingo logged."""
        try:
            yield
        except EngineError:  # our own (EngineTimeout): a RuntimeError too, but no failure
            raise
        except RuntimeError as why:
            raise EngineError(f"{NAME}: the search failed: {self._said(why)}") from None

    def _wait(self, handle, edge: bool = False) -> None:
        """Until the search ends, looking at the clock every SLICE seconds; EngineTimeout when
        the time is up first (an answer found by then is still taken). A search with a mine
        total still running after PATIENCE seconds has the total looked at once against the
        solutions' range (`_ruled_out`), and stops (_RuledOut) when the total lies outside, or,
        with `edge`, (_AtEdge) when the total is one of its ends."""
        began = time.monotonic()
        while True:
            try:
                left = self.clock.left()
            except EngineTimeout:
                if handle.wait(0):
                    return
                raise EngineTimeout(NAME, self.clock.seconds, self.advice) from None
            if handle.wait(SLICE if left is None else min(left, SLICE)):
                return
            if time.monotonic() - began >= PATIENCE and self._ruled_out():
                handle.cancel()
                raise _RuledOut
            if edge and self.range is not None and self.mines in self.range:
                handle.cancel()
                raise _AtEdge

    def _ruled_out(self) -> bool:
        """Whether the mine total lies outside the solutions' fewest and most mines (or there
        is no solution at all), looked at once per question: clingo proves that no answer set
        holds a total by its search alone, which on an Expert mid-game asked with 60 mines
        (its solutions hold 79 to 153) took 8 s, where the two optimising searches of the range
        take 0.02 s. The search goes on in clingo's own thread meanwhile; the range gets at
        most RANGE_SECONDS of the time left and is not begun when a grounding may not fit."""
        if self.mines is None or self._range_asked:
            return False
        self._range_asked = True
        try:
            left = self.clock.left()
        except EngineTimeout:  # the search's own wait says so, with its advice
            return False
        if left is not None and left < 2 * self.grounding:
            return False
        try:
            found = _range(
                self.clingo, self.puzzle, Deadline(NAME, min(left or RANGE_SECONDS, RANGE_SECONDS))
            )
        except EngineError:  # out of its own time, or clingo failed: the search answers alone
            return False
        if found is None:
            return True
        self.range = found
        return not found[0] <= self.mines <= found[1]

    def _at_edge(self) -> _Grounded:
        """The program without the mine total, optimising the number of mines towards the end
        of the range the total is at, its searches seeing only the optimal answer sets: the
        solutions with the total (the question's clock goes on)."""
        aim = "#minimize" if self.mines == self.range[0] else "#maximize"
        return _Grounded(
            self.clingo,
            self.puzzle,
            None,
            self.clock,
            self.advice,
            extra=f"{aim}{_EACH_MINE}",
            optimal=True,
        )

    def _left(self) -> float | None:
        try:
            return self.clock.left()
        except EngineTimeout:
            raise EngineTimeout(NAME, self.clock.seconds, self.advice) from None

    def _log(self, code, message: str) -> None:
        self.messages.append(" ".join(message.split()))

    def _said(self, why: Exception) -> str:
        return "; ".join(self.messages) or str(why)


@cache
def _program() -> str:
    """The text of asp/board.lp, read once per process."""
    return data_path("asp", "board.lp").read_text(encoding="utf-8")


def _cells(atoms) -> Iterator[Cell]:
    """The cells of `mine(R,C)` atoms."""
    for atom in atoms:
        r, c = atom.arguments
        yield (r.number, c.number)
