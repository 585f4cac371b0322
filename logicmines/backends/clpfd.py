"""The clpfd engine: the whole board as one CLP(FD) model (prolog/board.pl), in SWI-Prolog.

The board goes to Prolog whole, as rows of character codes, with no staging on the Python side:
``board.pl`` posts a 0..1 variable per unknown cell and one sum per digit, and searches by
labeling. So

- ``check`` labels until a second solution (or none) and gives the solution when it is unique:
  fast on big boards (a 50x50 puzzle in some tens of milliseconds), because propagation settles
  most cells and the search stops at two; a search that splits the board into parts, solving
  each alone, takes turns with it, for totals that labeling can meet only by trying the parts'
  placements together; the cells that one value would make fail by propagation alone are set
  first, which spares labeling dead ends in one part met under every choice made in the others
  (a half-played 100x100 game in under a second);
- ``solutions`` lists solutions by labeling, at most ``limit`` (a few, by the split, when it
  finds them first), each sent back as the values of the unknown cells and drawn here;
- ``consequences`` gives the unknown cells that are safe in every solution and those that are
  mines in every solution without counting: one solution, then, for each cell still undecided,
  a search for a solution in which it takes the other value, within the part of the board that
  digits link it to (the same answer as clingo's brave and cautious consequences, and the same
  `Consequences`): a half-played 100x100 game in under a second. Each part is also split, each
  of its cells decided from the numbers of mines of the part's solutions with it safe and with
  it a mine; that takes turns with the searches, and answers parts where they meet dead ends (a
  denser 50x50 game in some seconds, where they ran past a minute). With a mine total, which
  links every cell, labeling spans the whole board, and the split by parts is the faster way (a
  half-played 50x50 game in about a second);
- ``count`` and ``analyze`` count without listing: a cell that one value would make fail by
  propagation alone takes the other first, then each part of the cells the digits link is
  swept cell by cell, each state of what the digits still need carrying its number of ways
  (with a total, one for each number of mines), and the parts' counts are multiplied (with a
  total, as polynomials in the number of mines);
  ``analyze`` sweeps each part back as well, a cell's mine count the ways to and from each
  link it takes as a mine. A half-played 100x100 game's 10**768 solutions in about half a
  second; a block of digits so wide that too many of them are open at once gives up at the
  time limit.

With ``mines``, ``check`` and ``solutions`` post the total as one more constraint of the model (the
sum of every cell) for labeling, not a filter on the solutions; ``count`` and ``analyze`` share it
out among the parts and the free cells (polynomials in the number of mines). Labeling proves a total
that no solution holds only by trying every placement, so the solutions' fewest and most mines,
found part by part without the total, take a turn beside the searches: a total outside them is
answered at once, and named as the reason. `timeout` (seconds, or None for no limit;
`DEFAULT_TIMEOUT` unless told otherwise) bounds each answer: SWI-Prolog stops the query and
EngineTimeout says so, so a board too hard for the time gets that message, never a verdict.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from fractions import Fraction

from ..analysis import Analysis
from ..board import Board
from ..engine import EngineError, EngineTimeout, TimeLimit
from ..explain import conflict_words, total_words
from ..results import CheckResult, Verdict, solved_board
from ..words import plural
from .arguments import checks_arguments
from .clingo import Consequences
from .prolog import _board, _codes, _TimeLimit, swipl

_VERDICTS = (Verdict.NONE, Verdict.UNIQUE, Verdict.MULTIPLE)
_NO_MODEL = "the CLP(FD) model has no solution"
_OWN_LIMIT = object()  # _ask's seconds when not told: the backend's time limit
_SWEEPS = (
    ": count and analyze sweep each part of the board cell by cell, and this one's parts keep "
    "too many digits open at once for that time; `--backend kanren` answers the same question"
)
_LISTS = (
    ": solutions labels the whole board one solution after another, and did not reach as many "
    "as were asked for in that time; fewer (`--limit`), or `--backend kanren`, answers sooner"
)
_SEARCHES = (
    ": check searches the whole board at once, and this one is too hard for it in that time; "
    "`--backend kanren` answers the same question"
)
_FORCED = (
    ": forced cells are searched for on the whole board, and this one is too hard for it in "
    "that time; `--backend kanren` answers the same question"
)
_TOO_BIG = (
    ": the whole board is one CLP(FD) model, meant for boards of up to some thousands of "
    "unknown cells; `--backend kanren` answers the same question"
)


@checks_arguments
class ClpfdBackend:
    """check / count / solutions / analyze by the whole-board CLP(FD) model of prolog/board.pl."""

    timeout = TimeLimit()  # seconds or None, checked when set

    name = "clpfd"
    program = "prolog/board.pl"
    DEFAULT_TIMEOUT = 60.0

    def __init__(self, timeout: float | None = DEFAULT_TIMEOUT) -> None:
        self.swipl = swipl(self.name)
        self.swipl.load("board.pl")
        self.timeout = timeout

    def check(self, board: Board, mines: int | None = None) -> CheckResult:
        started = time.monotonic()
        puzzle = board.as_puzzle()
        found, solved = self._ask("board_answer", puzzle, mines, advice=_SEARCHES)
        verdict = _VERDICTS[found]
        if verdict is Verdict.UNIQUE:
            return CheckResult(verdict, solution=_board(puzzle, solved))
        if verdict is Verdict.NONE:
            return CheckResult(verdict, reason=self._why(puzzle, mines, started))
        return CheckResult(verdict)

    def count(self, board: Board, mines: int | None = None) -> int:
        return self._ask("board_count", board.as_puzzle(), mines, advice=_SWEEPS)

    def solutions(
        self, board: Board, limit: int | None = None, mines: int | None = None
    ) -> Iterator[Board]:
        """The first `limit` solutions (all for None; with exactly `mines` mines in all when
        given, the total one more constraint), found in one query: in labeling order, or the
        split's when a limited search by parts finds them first."""
        puzzle = board.as_puzzle()
        wanted = -1 if limit is None else limit
        # Each solution comes back as the values of the unknown cells alone: the solved boards
        # are drawn here, as the other engines' are.
        found = self._ask("board_model_values", puzzle, mines, wanted, advice=_LISTS)
        unknown = _unknown(puzzle)
        return (solved_board(puzzle, dict(zip(unknown, values, strict=True))) for values in found)

    def consequences(self, board: Board, mines: int | None = None) -> Consequences | None:
        """The unknown cells that are safe in every solution and those that are mines in every
        solution, found without counting (board.pl's board_forced); None when there is none."""
        puzzle = board.as_puzzle()
        found, values = self._ask("board_forced", puzzle, mines, advice=_FORCED)
        if not found:
            return None
        unknown = _unknown(puzzle)
        forced = dict(zip(unknown, values, strict=True))
        return Consequences(
            safe=[cell for cell in unknown if forced[cell] == 0],
            mines=[cell for cell in unknown if forced[cell] == 1],
        )

    def analyze(self, board: Board, mines: int | None = None) -> Analysis:
        """Exact probabilities: each unknown cell's number of solutions in which it is a mine,
        over the number of solutions, both counted in Prolog without listing a solution
        (board.pl's tally/3)."""
        started = time.monotonic()
        puzzle = board.as_puzzle()
        count, values, indexes = self._ask("board_tally_shared", puzzle, mines, advice=_SWEEPS)
        if count == 0:
            return Analysis(puzzle, 0, {}, self._why(puzzle, mines, started), mines)
        unknown = _unknown(puzzle)
        # each distinct number of solutions comes once (cells alike share it): numbers of
        # thousands of digits, written out, read back and reduced, were most of the time of
        # a big board's answer
        chances = [Fraction(tally, count) for tally in values]
        probabilities = {cell: chances[at] for cell, at in zip(unknown, indexes, strict=True)}
        return Analysis(puzzle, count, probabilities, mine_total=mines)

    def _why(self, puzzle: Board, mines: int | None, started: float) -> str:
        """Why the puzzle has no solution, as the model itself finds it (board.pl's board_why:
        a group of digits that cannot hold together, or the fewest and most mines of the
        solutions), within what the question `started` then left of the time limit; the plain
        words when that runs out first."""
        left = None if self.timeout is None else self.timeout - (time.monotonic() - started)
        if left is not None and left <= 0:
            return _no_model(mines)
        try:
            why = self._ask("board_why", puzzle, mines, advice="", seconds=left)
        except EngineError:  # EngineTimeout among them: the answer stands without its reason
            return _no_model(mines)
        if not why:  # pragma: no cover - only asked when the model has no solution
            return _no_model(mines)
        kind, found = why
        if kind == 0:
            return conflict_words(puzzle, [(r, c) for r, c in found])
        return total_words(*found, mines)

    def _ask(
        self,
        predicate: str,
        puzzle: Board,
        mines: int | None,
        *args: object,
        advice: str,
        seconds: float | None | object = _OWN_LIMIT,
    ):
        """The answer of board:`predicate` (its `_with_mines` form when `mines` is given) on
        the puzzle's rows of codes and `args`, read back from JSON, within `seconds` (None for
        no limit; the backend's time limit unless told)."""
        inputs: list[object] = [_codes(puzzle)]
        if mines is not None:
            predicate += "_with_mines"
            inputs.append(mines)
        limit = self.timeout if seconds is _OWN_LIMIT else seconds
        try:
            found = self.swipl.ask(
                self.name, f"board:{predicate}", [*inputs, *args], limit, _TOO_BIG
            )
        except _TimeLimit:
            raise EngineTimeout(self.name, limit, advice) from None
        return json.loads(found)


def _unknown(puzzle: Board) -> list[tuple[int, int]]:
    """The puzzle's `?` cells in reading order: the order of the values board.pl answers with."""
    return [cell for cell in puzzle.cells() if puzzle[cell] == "?"]


def _no_model(mines: int | None) -> str:
    return _NO_MODEL if mines is None else f"{_NO_MODEL} with exactly {plural(mines, 'mine')}"
