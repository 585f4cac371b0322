"""analyze: every unknown cell's exact mine probability, the forced cells, and why there is none.

Probabilities come from model counts: for a cell in a group of n interchangeable cells, the share
of all solutions in which it is a mine is (mines in the group, summed over all solutions) / n /
(number of solutions). Parts are independent, so without a mine total each part's share is its
own; with a total (`--mines N`) the parts and the free cells are tied together through the number
of mines each holds, and are combined by mine count.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import prod

from .board import Board, Cell
from .engine import PieceMemo
from .frontier import PartCounts, convolve, count_part_groups
from .problem import Constraint, NoSolution, Problem, touching
from .staging import Staged, settle, total_count


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
    left = mines - staged.problem.known_mines - sum(staged.forced.values())
    if left < 0:
        return None
    free = len(staged.free)
    if left > free + sum(len(c.total) - 1 for c in counted):
        return None  # more mines than the unknown cells can hold: no need to count up to them
    binomials = _binomials(free, left)  # index i: ways for the free cells to hold i mines
    everything = [1]  # index m: the parts together holding m mines
    for c in counted:
        everything = convolve(everything, c.total[: left + 1])[: left + 1]
    count = sum(c * binomials[left - m] for m, c in enumerate(everything))
    if count == 0:
        return None
    probabilities = {cell: Fraction(value) for cell, value in staged.forced.items()}
    if free:
        # A given free cell is a mine: the other free cells hold the rest.
        others = _binomials(free - 1, left)
        as_mine = sum(c * others[left - m - 1] for m, c in enumerate(everything) if m < left)
        for cell in staged.free:
            probabilities[cell] = Fraction(as_mine, count)
    for c in counted:
        # The other parts together: everything divided by this part (exact, as power series).
        rest = _divide(everything, c.total, left)
        # index m: ways for the other parts and the free cells to hold `left - m` mines.
        ways = [
            sum(r * binomials[left - m - k] for k, r in enumerate(rest[: left - m + 1]))
            for m in range(min(len(c.total), left + 1))
        ]
        for g, group_mines in zip(c.groups, c.mines):
            numerator = sum(v * w for v, w in zip(group_mines, ways))
            share = Fraction(numerator, len(g.cells) * count)
            probabilities.update((cell, share) for cell in g.cells)
    return count, probabilities


def _binomials(n: int, up_to: int) -> list[int]:
    """C(n, i) for i = 0..up_to (zero past n)."""
    row = [1]
    for i in range(1, up_to + 1):
        row.append(row[-1] * (n - i + 1) // i if i <= n else 0)
    return row


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


# --- why there is no solution -------------------------------------------------------------------


def _holds(problem: Problem, digits: list[Constraint], memo: PieceMemo) -> bool:
    """Whether these digits alone (the board's known mines as they are) have a model."""
    try:
        staged = settle(replace(problem, constraints=tuple(digits), reason=None), memo)
    except NoSolution:
        return False
    return total_count(staged, memo) > 0


def explain(
    problem: Problem,
    memo: PieceMemo,
    mines: int | None = None,
    settled: Staged | NoSolution | None = None,
) -> str:
    """A small group of digits that cannot hold together, named by cell and value.

    Starts from the digits where the contradiction showed, widens to the digits sharing cells
    with them until the group alone has no model, then drops every digit the group can do
    without. `settled` is what `settle` already gave for this problem (its result or its
    NoSolution), so that it is not done again.
    """
    if problem.reason:
        return problem.reason
    if settled is None:
        try:
            settled = settle(problem, memo)
        except NoSolution as failure:
            settled = failure
    if isinstance(settled, NoSolution):
        group = list(settled.digits)
    else:
        staged = settled
        if total_count(staged, memo) == 0:
            group = min(
                (part for part in staged.parts if total_count(_only(staged, part), memo) == 0),
                key=len,
            )
            group = [_original(problem, c) for c in group]
        elif mines is not None:
            return _mines_reason(staged, memo, mines)
        else:  # pragma: no cover - explain is only called when there is no solution
            return "the board has a solution"
    digits = problem.constraints
    by_cell = {cell: [digits[i] for i in ids] for cell, ids in touching(digits).items()}
    chosen = list(dict.fromkeys(_original(problem, c) for c in group))
    while _holds(problem, chosen, memo):
        wider = {n for c in chosen for cell in c.cells for n in by_cell[cell]} - set(chosen)
        if not wider:
            break
        chosen += sorted(wider, key=lambda c: c.digit)
    if len(chosen) <= 40:
        for c in list(chosen):
            trial = [d for d in chosen if d != c]
            if trial and not _holds(problem, trial, memo):
                chosen = trial
    return _words(chosen)


def _only(staged: Staged, part: list[Constraint]) -> Staged:
    return replace(staged, parts=[part], free=())


def _original(problem: Problem, reduced: Constraint) -> Constraint:
    """The board's own constraint for a digit (staging may have narrowed its cells and need)."""
    for c in problem.constraints:
        if c.digit == reduced.digit:
            return c
    return reduced


def _words(digits: list[Constraint]) -> str:
    names = [c.describe() for c in sorted(digits, key=lambda c: c.digit)]
    if len(names) == 1:
        return f"{names[0]} cannot hold"
    if len(names) == 2:
        return f"{names[0]} and {names[1]} cannot both hold"
    shown = names if len(names) <= 8 else names[:8] + [f"{len(names) - 8} more"]
    return f"{', '.join(shown[:-1])} and {shown[-1]} cannot all hold"


def _mines_reason(staged: Staged, memo: PieceMemo, mines: int) -> str:
    fewest = staged.problem.known_mines + sum(staged.forced.values())
    most = fewest + len(staged.free)
    for part in staged.parts:
        by_mines = [m for m, c in enumerate(count_part_groups(part, memo, True).total) if c]
        fewest += min(by_mines)
        most += max(by_mines)
    if fewest == most:
        held = "mine" if fewest == 1 else "mines"
        return f"every solution holds exactly {fewest} {held} in all, not {mines}"
    return f"the solutions hold between {fewest} and {most} mines in all, never {mines}"


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
