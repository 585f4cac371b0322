"""analyze: every unknown cell's exact mine probability, the forced cells, and why there is none.

Probabilities come from model counts: for a cell in a group of n interchangeable cells, the share
of all solutions in which it is a mine is (mines in the group, summed over all solutions) / n /
(number of solutions). Parts are independent, so without a mine total each part's share is its
own; with a total (`--mines N`) the parts and the free cells are tied together through the number
of mines each holds, and are combined by mine count.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import prod

from .board import Board, Cell
from .engine import PieceMemo
from .explain import explain
from .frontier import PartCounts, count_part_groups
from .problem import NoSolution, Problem
from .staging import Staged, binomials, settle, together, with_free


@dataclass(frozen=True)
class Analysis:
    """What counting every model says about each unknown cell of a puzzle."""

    board: Board  # the puzzle (a game board's puzzle view)
    count: int
    probabilities: dict[Cell, Fraction]  # every unknown cell; empty when count is 0
    reason: str | None = None  # why there is no solution, when count is 0

    @property
    def safe(self) -> list[Cell]:
        """Unknown cells that are safe in every solution."""
        return sorted(cell for cell, p in self.probabilities.items() if p == 0)

    @property
    def mines(self) -> list[Cell]:
        """Unknown cells that are mines in every solution."""
        return sorted(cell for cell, p in self.probabilities.items() if p == 1)

    @property
    def best(self) -> Cell | None:
        """The cell to click next: the lowest mine probability; among equals, the first in reading
        order (top row first, then leftmost). A safe cell when there is one."""
        if not self.probabilities:
            return None
        return min(self.probabilities, key=lambda cell: (self.probabilities[cell], cell))


def analyze(problem: Problem, memo: PieceMemo, mines: int | None = None) -> Analysis:
    """Exact probabilities for every unknown cell of the problem's board."""
    try:
        staged = settle(problem, memo)
    except NoSolution as failure:
        return Analysis(problem.board, 0, {}, explain(problem, memo, mines, failure))
    return analyze_staged(staged, memo, mines)


def analyze_staged(staged: Staged, memo: PieceMemo, mines: int | None = None) -> Analysis:
    """The same, for a problem whose forced cells are already settled."""
    problem = staged.problem
    counted = [count_part_groups(part, memo, mines is not None) for part in staged.parts]
    if mines is None:
        shares = _shares(staged, counted)
    else:
        shares = _shares_with_total(staged, counted, mines)
    if shares is None:
        return Analysis(problem.board, 0, {}, explain(problem, memo, mines, staged))
    count, probabilities = shares
    return Analysis(problem.board, count, probabilities)


def _shares(staged: Staged, counted: list[PartCounts]):
    totals = [c.total[0] for c in counted]
    count = 2 ** len(staged.free) * prod(totals)
    if count == 0:
        return None
    probabilities = {cell: Fraction(value) for cell, value in staged.forced.items()}
    for cell in staged.free:
        probabilities[cell] = Fraction(1, 2)
    for c, total in zip(counted, totals):
        for g, mines in zip(c.groups, c.mines):
            share = Fraction(mines[0], len(g.cells) * total)
            probabilities.update((cell, share) for cell in g.cells)
    return count, probabilities


def _shares_with_total(staged: Staged, counted: list[PartCounts], mines: int):
    left = mines - staged.placed
    if left < 0:
        return None
    free = len(staged.free)
    if left > free + sum(len(c.total) - 1 for c in counted):
        return None  # more mines than the unknown cells can hold: no need to count up to them
    everything = together((c.total for c in counted), left)  # index m: the parts hold m mines
    count = with_free(everything, free, left)
    if count == 0:
        return None
    probabilities = {cell: Fraction(value) for cell, value in staged.forced.items()}
    if free:
        # A given free cell is a mine: the parts and the other free cells hold the rest.
        as_mine = with_free(everything, free - 1, left - 1) if left else 0
        for cell in staged.free:
            probabilities[cell] = Fraction(as_mine, count)
    ways_free = binomials(free, left)  # index i: ways for the free cells to hold i mines
    for c in counted:
        # The other parts together: everything divided by this part (exact, as power series).
        rest = _divide(everything, c.total, left)
        # index m: ways for the other parts and the free cells to hold `left - m` mines.
        ways = [
            sum(r * ways_free[left - m - k] for k, r in enumerate(rest[: left - m + 1]))
            for m in range(min(len(c.total), left + 1))
        ]
        for g, group_mines in zip(c.groups, c.mines):
            numerator = sum(v * w for v, w in zip(group_mines, ways))
            share = Fraction(numerator, len(g.cells) * count)
            probabilities.update((cell, share) for cell in g.cells)
    return count, probabilities


def _divide(product: list[int], factor: list[int], up_to: int) -> list[int]:
    """The series q with factor x q = product (to x**up_to): what the other parts contribute."""
    shift = next(i for i, v in enumerate(factor) if v)
    factor = factor[shift:]
    quotient: list[int] = []
    for k in range(up_to - shift + 1):
        value = product[k + shift] if k + shift < len(product) else 0
        for i in range(1, min(k, len(factor) - 1) + 1):
            value -= factor[i] * quotient[k - i]
        quotient.append(value // factor[0])
    return quotient


def from_models(puzzle: Board, solved: list[Board], mines: int | None, reason: str) -> Analysis:
    """The same analysis by plain enumeration: from every solved board (for engines that can only
    list models, like the reference program). `reason` is used when there is none."""
    if mines is not None:
        solved = [s for s in solved if sum(row.count("*") for row in s.rows) == mines]
    if not solved:
        why = reason if mines is None else f"{reason} with exactly {mines} mines"
        return Analysis(puzzle, 0, {}, why)
    unknown = [cell for cell in puzzle.cells() if puzzle[cell] == "?"]
    probabilities = {
        cell: Fraction(sum(s[cell] == "*" for s in solved), len(solved)) for cell in unknown
    }
    return Analysis(puzzle, len(solved), probabilities)
