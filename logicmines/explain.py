"""Why a board has no solution: a small group of its digits that cannot hold together."""

from __future__ import annotations

from dataclasses import replace

from .board import Board, Cell
from .engine import PieceMemo
from .frontier import count_part
from .problem import Constraint, NoSolution, Problem, digit_reason, touching
from .staging import Staged, settle, total_count
from .words import at, plural

# Past this many digits, trying to drop each one in turn costs more than a shorter list is worth.
SHRINK_AT_MOST = 40


def explain(
    problem: Problem,
    memo: PieceMemo,
    mines: int | None = None,
    settled: Staged | NoSolution | None = None,
) -> str:
    """Why the problem has no solution (with `mines` in all, when given), in one sentence.

    `settled` is what `settle` already gave for this problem (its result or its NoSolution), so
    that it is not done again.
    """
    if problem.reason:
        return problem.reason
    settled = _settled(problem, memo) if settled is None else settled
    if isinstance(settled, Staged) and total_count(settled, memo) > 0:
        if mines is None:  # pragma: no cover - explain is only asked when there is none
            return "the board has a solution"
        return _mines_reason(settled, memo, mines)
    return _words(conflict(problem, memo, settled))


def conflict(
    problem: Problem, memo: PieceMemo, settled: Staged | NoSolution | None = None
) -> list[Constraint]:
    """A small group of the board's digits that have no model together (none with `problem`'s
    known mines as they are), in reading order, for a problem that has no solution.

    Starts from the digits where the contradiction showed, widens to the digits sharing cells
    with them until the group alone has no model, then drops every digit it can do without.
    """
    settled = _settled(problem, memo) if settled is None else settled
    chosen = list(dict.fromkeys(c.original for c in _where_it_showed(settled, memo)))
    by_cell = {
        cell: [problem.constraints[i] for i in ids]
        for cell, ids in touching(problem.constraints).items()
    }
    while _holds(problem, chosen, memo):
        wider = {n for c in chosen for cell in c.cells for n in by_cell[cell]} - set(chosen)
        if not wider:
            break
        chosen += sorted(wider, key=lambda c: c.digit)
    if len(chosen) <= SHRINK_AT_MOST:
        for c in list(chosen):
            trial = [d for d in chosen if d != c]
            if trial and not _holds(problem, trial, memo):
                chosen = trial
    return sorted(chosen, key=lambda c: c.digit)


def _settled(problem: Problem, memo: PieceMemo) -> Staged | NoSolution:
    try:
        return settle(problem, memo)
    except NoSolution as failure:
        return failure


def _where_it_showed(settled: Staged | NoSolution, memo: PieceMemo) -> list[Constraint]:
    """The digits where settling failed, or the smallest part that has no model."""
    if isinstance(settled, NoSolution):
        return list(settled.digits)
    failing = (
        part
        for part in settled.parts
        if total_count(replace(settled, parts=[part], free=()), memo) == 0
    )
    return min(failing, key=len)


def _holds(problem: Problem, digits: list[Constraint], memo: PieceMemo) -> bool:
    """Whether these digits alone (the board's known mines as they are) have a model."""
    try:
        staged = settle(replace(problem, constraints=tuple(digits), reason=None), memo)
    except NoSolution:
        return False
    return total_count(staged, memo) > 0


def _words(digits: list[Constraint]) -> str:
    return group_words([c.describe() for c in digits])


def group_words(names: list[str]) -> str:
    """A group of digits (each named as `(r,c)=d`) that cannot hold together, in one sentence."""
    if len(names) == 1:
        return f"{names[0]} cannot hold"
    if len(names) == 2:
        return f"{names[0]} and {names[1]} cannot both hold"
    shown = names if len(names) <= 8 else names[:8] + [f"{len(names) - 8} more"]
    return f"{', '.join(shown[:-1])} and {shown[-1]} cannot all hold"


def conflict_words(board: Board, digits: list[Cell]) -> str:
    """Why the puzzle `board` has no solution, given a group of its digits (their cells) that
    cannot hold together: what a single digit lacks, or the group named."""
    if len(digits) == 1:
        reason = digit_reason(board, digits[0])
        if reason:
            return reason
    return group_words([f"{at(cell)}={board[cell]}" for cell in digits])


def total_words(fewest: int, most: int, mines: int) -> str:
    """Why no solution holds `mines` mines in all, when they hold from `fewest` to `most`."""
    if fewest == most:
        return f"every solution holds exactly {plural(fewest, 'mine')} in all, not {mines:,}"
    return f"the solutions hold between {fewest:,} and {most:,} mines in all, never {mines:,}"


def _mines_reason(staged: Staged, memo: PieceMemo, mines: int) -> str:
    """Solutions exist, but none with `mines` mines in all: say how many they hold."""
    fewest = most = staged.placed
    most += len(staged.free)
    for part in staged.parts:
        by_mines = [m for m, c in enumerate(count_part(part, memo, by_mines=True)) if c]
        fewest += min(by_mines)
        most += max(by_mines)
    return total_words(fewest, most, mines)
