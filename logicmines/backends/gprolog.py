"""The gprolog engine: the original program, verbatim, compiled by GNU Prolog (a subprocess).

Every answer comes from one run of the compiled original on the whole board, which prints s/1's
verdict, the number of m/2's models and as many of those models as were asked for. It has no
staging and no mine total, so like `reference` it is for small boards: it is the yardstick the
other engines are measured against in `compare` and the benchmark.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

from .. import gprolog
from ..analysis import Analysis, from_models
from ..board import Board
from ..engine import (
    BackendUnavailable,
    EngineError,
    EngineTimeout,
    TimeLimit,
    collects_every,
    every_model,
)
from ..results import CheckResult, Verdict
from ..words import plural
from .arguments import checks_arguments

_NO_MODEL = "the original program finds no solution"


@checks_arguments
class GprologBackend:
    """check / count / solutions / analyze by the verbatim original under GNU Prolog."""

    timeout = TimeLimit()  # seconds or None, checked when set

    name = "gprolog"
    program = "prolog/gprolog/original.pl"
    listing_pace = 1_000_000  # count lists at most this many a second (15x 65,000, see Backend)
    # Like `reference`, it lists every solution (setof/3) on every answer: an 8x8 board of 43
    # unknowns runs for minutes. Without a limit of its own it stops after this long.
    DEFAULT_TIMEOUT = 60.0

    def __init__(self, timeout: float | None = DEFAULT_TIMEOUT) -> None:
        self.timeout = timeout
        try:
            gprolog.executable()  # compiled once per machine, not inside a timed answer
        except gprolog.GprologUnavailable as missing:
            raise BackendUnavailable(str(missing)) from None
        # The last board's answer: `count` right after `check` (as compare asks) runs nothing.
        self._last: tuple[tuple[str, ...], int, gprolog.GprologAnswer] | None = None

    def check(self, board: Board, mines: int | None = None) -> CheckResult:
        puzzle = board.as_puzzle()
        if mines is None:
            answer = self._answer(puzzle, 1)
            verdict, solved = Verdict(answer.verdict), answer.solved
        else:
            solved = self._with_mines(puzzle, mines)
            verdict = (Verdict.NONE, Verdict.UNIQUE, Verdict.MULTIPLE)[min(len(solved), 2)]
        if verdict is Verdict.UNIQUE:
            return CheckResult(verdict, solution=puzzle.with_rows(solved[0]))
        if verdict is Verdict.NONE:
            among = "" if mines is None else f" with exactly {plural(mines, 'mine')}"
            return CheckResult(verdict, reason=f"{_NO_MODEL}{among}")
        return CheckResult(verdict)

    def count(self, board: Board, mines: int | None = None) -> int:
        puzzle = board.as_puzzle()
        if mines is None:
            return self._answer(puzzle, 0).count
        return len(self._with_mines(puzzle, mines))

    def solutions(
        self, board: Board, limit: int | None = None, mines: int | None = None
    ) -> Iterator[Board]:
        """The first `limit` models of m/2 (all for None); with `mines`, the first of those
        with exactly that many mines (the original knows no total: every model is listed and
        filtered)."""
        puzzle = board.as_puzzle()
        if mines is not None:
            solved = self._with_mines(puzzle, mines)
        else:
            # GNU Prolog's integers end at 2^60 (a larger limit read as a number wrapped round
            # to none shown); no run lists 2^31 models before its memory runs out: all of them
            every = limit is None or limit >= 2**31
            solved = self._answer(puzzle, -1 if every else limit).solved
        return iter([puzzle.with_rows(rows) for rows in solved[:limit]])

    def analyze(self, board: Board, mines: int | None = None) -> Analysis:
        """Probabilities by plain enumeration of every m/2 model (small boards only)."""
        puzzle = board.as_puzzle()
        # all of them: the total is applied after
        models = every_model(
            self.name, "the original program", mines, lambda: list(self.solutions(puzzle))
        )
        return from_models(puzzle, models, mines, _NO_MODEL)

    def _with_mines(self, puzzle: Board, mines: int) -> list[tuple[str, ...]]:
        solved = self._answer(puzzle, -1, mines).solved
        return [rows for rows in solved if sum(row.count("*") for row in rows) == mines]

    def _answer(self, puzzle: Board, shown: int, mines: int | None = None) -> gprolog.GprologAnswer:
        """The original's answer, `shown` of its models printed (-1: all); `mines`, the total
        they are to be filtered by afterwards, is for the words of a timeout only."""
        if self._last is not None:
            rows, printed, answer = self._last
            every = printed < 0 or answer.count <= printed  # it printed all of its models
            if rows == puzzle.rows and (every or 0 <= shown <= printed):
                return answer
        try:
            answer = gprolog.run_original(puzzle, timeout=self.timeout, solved=shown)
        except subprocess.TimeoutExpired:
            advice = collects_every("the original program", mines)
            raise EngineTimeout(self.name, self.timeout, advice) from None
        except gprolog.GprologUnavailable as missing:
            raise BackendUnavailable(str(missing)) from None
        except (RuntimeError, OSError) as failure:
            raise EngineError(str(failure)) from None
        self._last = (puzzle.rows, shown, answer)
        return answer
