"""A backend built from an engine that lists the models of pieces, plus the shared staging."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from ..analysis import Analysis, analyze, analyze_staged, explain
from ..board import Board
from ..problem import Model, NoSolution, Piece, PieceMemo, Problem
from ..results import CheckResult, Verdict, solved_board
from ..staging import Staged, assignments, settle, total_count


class StagedBackend:
    """check / count / solutions for any engine with `models(piece, limit)`."""

    name = "staged"

    def __init__(self) -> None:
        self.memo = PieceMemo(self)

    def models(self, piece: Piece, limit: int | None = None) -> Sequence[Model]:
        raise NotImplementedError

    def stage(self, board: Board) -> Staged:
        """The board's problem with its forced cells settled (NoSolution when it has none)."""
        return settle(Problem.from_board(board), self.memo)

    def count(self, board: Board, mines: int | None = None) -> int:
        try:
            return total_count(self.stage(board), self.memo, mines)
        except NoSolution:
            return 0

    def check(self, board: Board, mines: int | None = None) -> CheckResult:
        problem = Problem.from_board(board)
        try:
            staged = settle(problem, self.memo)
        except NoSolution as failure:
            return CheckResult(Verdict.NONE, reason=explain(problem, self.memo, mines, failure))
        if mines is None:
            # As s/1 asks, but stopping at the second model instead of collecting them all.
            first_two = list(assignments(staged, self.memo, limit=2))
            if not first_two:
                return CheckResult(Verdict.NONE, reason=explain(problem, self.memo, None, staged))
            if len(first_two) > 1:
                return CheckResult(Verdict.MULTIPLE)
            cells = first_two[0]
        else:
            n = total_count(staged, self.memo, mines)
            if n == 0:
                return CheckResult(Verdict.NONE, reason=explain(problem, self.memo, mines, staged))
            if n > 1:
                return CheckResult(Verdict.MULTIPLE)
            # One solution among possibly very many placements that ignore the total: in it,
            # every cell's chance of being a mine is 0 or 1, so the analysis spells it out.
            shares = analyze_staged(staged, self.memo, mines).probabilities
            cells = {cell: int(share) for cell, share in shares.items()}
        return CheckResult(Verdict.UNIQUE, solution=solved_board(staged.problem.board, cells))

    def analyze(self, board: Board, mines: int | None = None) -> Analysis:
        """Every unknown cell's exact mine probability, from model counts."""
        return analyze(Problem.from_board(board), self.memo, mines)

    def solutions(self, board: Board, limit: int | None = None) -> Iterator[Board]:
        try:
            staged = self.stage(board)
        except NoSolution:
            return
        for cells in islice(assignments(staged, self.memo, limit), limit):
            yield solved_board(staged.problem.board, cells)
