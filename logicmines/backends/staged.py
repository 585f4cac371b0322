"""A backend built from an engine that lists the models of pieces, plus the shared staging."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import islice

from ..analysis import Analysis, analyze, analyze_staged
from ..board import Board
from ..engine import NO_LIMIT, Deadline, Model, Piece, PieceMemo, TimeLimit
from ..explain import explain
from ..problem import NoSolution, Problem
from ..results import CheckResult, Verdict, solved_board
from ..staging import Staged, assignments, assignments_with_mines, settle, total_count
from .arguments import checks_arguments


@checks_arguments
class StagedBackend:
    """check / count / solutions / analyze for any engine with `models(piece, limit)`.

    `timeout` (seconds, or None for no limit) bounds each check, count and analyze, and the
    listing of solutions: the memo looks at the clock before every question to the engine and
    at every step of the staging, and raises EngineTimeout when it has run out. An engine whose
    one call can take long reads `memo.deadline.left()` and stops itself within it.
    """

    timeout = TimeLimit()  # seconds or None, checked when set

    name = "staged"

    def __init__(self, timeout: float | None = None) -> None:
        self.timeout = timeout
        self.memo = PieceMemo(self)

    @contextmanager
    def clock(self, deadline: Deadline | None = None) -> Iterator[Deadline]:
        """Run one operation against `deadline` (a new one of `timeout` seconds by default); an
        operation inside another runs on the outer one's clock."""
        if self.memo.deadline is not NO_LIMIT:
            yield self.memo.deadline
            return
        self.memo.deadline = deadline or Deadline(self.name, self.timeout)
        try:
            yield self.memo.deadline
        finally:
            self.memo.deadline = NO_LIMIT

    def models(self, piece: Piece, limit: int | None = None) -> Sequence[Model]:
        raise NotImplementedError

    def stage(self, board: Board) -> Staged:
        """The board's problem with its forced cells settled (NoSolution when it has none)."""
        return settle(Problem.from_board(board), self.memo)

    def count(self, board: Board, mines: int | None = None) -> int:
        with self.clock():
            try:
                return total_count(self.stage(board), self.memo, mines)
            except NoSolution:
                return 0

    def check(self, board: Board, mines: int | None = None) -> CheckResult:
        with self.clock():
            return self._check(Problem.from_board(board), mines)

    def analyze(self, board: Board, mines: int | None = None) -> Analysis:
        """Every unknown cell's exact mine probability, from model counts."""
        with self.clock():
            return analyze(Problem.from_board(board), self.memo, mines)

    def solutions(
        self, board: Board, limit: int | None = None, mines: int | None = None
    ) -> Iterator[Board]:
        """The first `limit` solutions (with exactly `mines` mines in all, when given), lazily;
        the clock runs only while one is being found."""
        deadline = Deadline(self.name, self.timeout)
        found = self._solutions(board, limit, mines)
        while True:
            with self.clock(deadline):
                solved = next(found, None)
            if solved is None:
                return
            away = time.monotonic()
            yield solved
            deadline.put_off(time.monotonic() - away)  # the caller's time, not the search's

    def _solutions(self, board: Board, limit: int | None, mines: int | None) -> Iterator[Board]:
        if limit is not None and limit > sys.maxsize:
            limit = None  # no listing ever reaches it, and islice takes no more than maxsize
        try:
            staged = self.stage(board)
        except NoSolution:
            return
        if mines is None:
            listing = assignments(staged, self.memo, limit)
        else:
            listing = assignments_with_mines(staged, self.memo, mines, limit)
        for cells in islice(listing, limit):
            yield solved_board(staged.problem.board, cells)

    def _check(self, problem: Problem, mines: int | None) -> CheckResult:
        try:
            staged = settle(problem, self.memo)
        except NoSolution as failure:
            return CheckResult(Verdict.NONE, reason=explain(problem, self.memo, mines, failure))
        if mines is None:
            # As s/1 asks, but stopping at the second model instead of collecting them all.
            first_two = list(assignments(staged, self.memo, limit=2))
            found = len(first_two)
            cells = first_two[0] if found == 1 else None
        else:
            found = min(total_count(staged, self.memo, mines), 2)
            # One solution among possibly very many placements that ignore the total: in it,
            # every cell's chance of being a mine is 0 or 1, so the analysis spells it out.
            shares = analyze_staged(staged, self.memo, mines).probabilities if found == 1 else {}
            cells = {cell: int(share) for cell, share in shares.items()}
        if found == 0:
            return CheckResult(Verdict.NONE, reason=explain(problem, self.memo, mines, staged))
        if found > 1:
            return CheckResult(Verdict.MULTIPLE)
        return CheckResult(Verdict.UNIQUE, solution=solved_board(problem.board, cells))
