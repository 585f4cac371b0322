"""The staging both engines share: forced cells first, then parts, groups of cells, and counting.

Nothing here decides whether a digit holds: every question about the rules ("which values can
these groups take?") is a `Piece` handed to an engine, which answers with its models. What is left
is what a miniKanren or Prolog programmer does in the host language anyway: splitting the board
into independent parts, ordering the work so that failure shows early, and multiplying counts.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, islice, product
from math import comb

from .board import Cell
from .engine import Piece, PieceMemo
from .frontier import convolve, count_part, part_models
from .problem import Constraint, NoSolution, Problem, parts, touching

# --- forced cells ----------------------------------------------------------------------------


def _single_piece(n: int, need: int) -> Piece:
    return Piece((n,), (((0,), need),))


def _pair_piece(only_a: int, shared: int, only_b: int, need_a: int, need_b: int):
    """The piece of two digits sharing cells, as groups: a's own cells, the shared ones, b's own."""
    sizes, index = [], {}
    for name, n in (("a", only_a), ("s", shared), ("b", only_b)):
        if n:
            index[name] = len(sizes)
            sizes.append(n)
    a = tuple(index[k] for k in ("a", "s") if k in index)
    b = tuple(index[k] for k in ("s", "b") if k in index)
    return Piece(tuple(sizes), ((a, need_a), (b, need_b))), index


@dataclass
class Staged:
    """A puzzle after the forced cells are settled: what is left to count."""

    problem: Problem
    forced: dict[Cell, int]  # cell -> 1 (mine) or 0 (safe), for unknown cells every model agrees on
    parts: list[list[Constraint]]  # independent parts of the remaining constraints
    free: tuple[Cell, ...]  # unknown cells that touch no remaining digit


def settle(problem: Problem, memo: PieceMemo) -> Staged:
    """Settle every cell on which all models of one digit, or of two digits sharing cells, agree.

    Repeats until nothing changes. Raises NoSolution, naming the digits, when a digit or a pair of
    digits has no model at all.
    """
    if problem.reason:
        raise NoSolution(problem.reason)
    constraints = list(problem.constraints)
    cells = [set(c.cells) for c in constraints]
    need = [c.need for c in constraints]
    by_cell = touching(constraints)
    forced: dict[Cell, int] = {}
    queue = deque(range(len(constraints)))
    queued = [True] * len(constraints)

    def assign(cell: Cell, value: int) -> None:
        forced[cell] = value
        for k in by_cell[cell]:
            cells[k].discard(cell)
            need[k] -= value
            if not queued[k]:
                queued[k] = True
                queue.append(k)

    while queue:
        i = queue.popleft()
        queued[i] = False
        mine = cells[i]
        alone = memo.models(_single_piece(len(mine), need[i]))
        if not alone:
            raise NoSolution(_cannot_hold(constraints[i], need[i], len(mine)), (constraints[i],))
        if not mine:
            continue
        if len(alone) == 1 and alone[0][0] in (0, len(mine)):
            # The digit alone settles its cells: none of them, or all of them, are mines.
            value = 1 if alone[0][0] else 0
            for cell in list(mine):
                assign(cell, value)
            continue
        partners = {k for cell in mine for k in by_cell[cell] if k != i and cells[k]}
        for k in sorted(partners):
            other = cells[k]
            shared = mine & other
            if not shared:
                continue
            piece, index = _pair_piece(
                len(mine - other), len(shared), len(other - mine), need[i], need[k]
            )
            models = memo.models(piece)
            if not models:
                raise NoSolution(
                    f"{constraints[i].describe()} and {constraints[k].describe()} cannot both hold",
                    (constraints[i], constraints[k]),
                )
            groups = {"a": mine - other, "s": shared, "b": other - mine}
            for name, position in index.items():
                values = {model[position] for model in models}
                if len(values) == 1:
                    (x,) = values
                    size = piece.sizes[position]
                    if x in (0, size):
                        for cell in sorted(groups[name]):
                            assign(cell, 1 if x else 0)
            if not mine:
                break
    remaining = [
        Constraint(c.digit, c.value, tuple(sorted(cells[i])), need[i])
        for i, c in enumerate(constraints)
        if cells[i]
    ]
    touched = {cell for c in remaining for cell in c.cells}
    free = tuple(cell for cell in problem.unknowns if cell not in forced and cell not in touched)
    return Staged(problem, forced, parts(remaining), free)


def _cannot_hold(constraint: Constraint, need: int, unknown: int) -> str:
    placed = constraint.need - need
    if need < 0:
        return (
            f"{constraint.describe()} cannot hold: the cells around it that other digits force "
            f"hold more than {constraint.value} mines"
        )
    return (
        f"{constraint.describe()} cannot hold: other digits leave it {unknown} open cells "
        f"for {need} more mines ({placed} placed)"
    )


# --- totals over parts ----------------------------------------------------------------------


def total_count(staged: Staged, memo: PieceMemo, mines: int | None = None) -> int:
    """The exact number of solutions; with `mines`, of those with exactly that many mines in all."""
    if mines is None:
        total = 2 ** len(staged.free)
        for part in staged.parts:
            total *= count_part(part, memo)[0]
            if not total:
                return 0
        return total
    left = mines - staged.problem.known_mines - sum(staged.forced.values())
    if left < 0:
        return 0
    polynomial = [1]
    for part in staged.parts:
        polynomial = convolve(polynomial, count_part(part, memo, by_mines=True))[: left + 1]
    free = len(staged.free)
    return sum(c * comb(free, left - m) for m, c in enumerate(polynomial) if 0 <= left - m <= free)


# --- listing solutions --------------------------------------------------------------------------


def part_assignments(part: list[Constraint], memo: PieceMemo, limit: int | None) -> Iterator[dict]:
    """The part's models as cell assignments: each model of its groups, spread over the cells in
    every way (a group of n cells holding x mines, C(n, x) ways)."""
    found = 0
    for gs, model in part_models(part, memo):
        choices = [combinations(g.cells, x) for g, x in zip(gs, model)]
        for picked in product(*choices):
            mines = {cell for chosen in picked for cell in chosen}
            yield {cell: int(cell in mines) for g in gs for cell in g.cells}
            found += 1
            if limit is not None and found >= limit:
                return


def assignments(staged: Staged, memo: PieceMemo, limit: int | None = None) -> Iterator[dict]:
    """Every solution as a full assignment of the unknown cells, lazily, at most `limit`."""
    per_part = [list(part_assignments(p, memo, limit)) for p in staged.parts]
    if any(not models for models in per_part):
        return
    free = staged.free
    # itertools.product would first list 2**len(free) placements of the free cells; count instead.
    solutions = (
        (chosen, {cell: (bits >> k) & 1 for k, cell in enumerate(free)})
        for chosen in product(*per_part)
        for bits in range(2 ** len(free))
    )
    for chosen, placement in islice(solutions, limit):
        memo.deadline.left()
        cells = dict(staged.forced)
        for assignment in chosen:
            cells.update(assignment)
        cells.update(placement)
        yield cells
