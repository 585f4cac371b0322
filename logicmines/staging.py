"""The staging both engines share: forced cells first, then parts, groups of cells, and counting.

Nothing here decides whether a digit holds: every question about the rules ("which values can
these groups take?") is a `Piece` handed to an engine, which answers with its models. What is left
is what a miniKanren or Prolog programmer does in the host language anyway: splitting the board
into independent parts, ordering the work so that failure shows early, and multiplying counts.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, islice, product
from math import comb
from typing import Protocol

from .board import Cell
from .problem import Constraint, NoSolution, Piece, Problem, parts

Model = tuple[int, ...]


class Engine(Protocol):
    """A logic engine, seen from the staging: it lists the models of a piece."""

    def models(self, piece: Piece, limit: int | None = None) -> Sequence[Model]: ...


class PieceMemo:
    """An engine's answers remembered by piece: the same small shape recurs all over a board."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.answers: dict[Piece, Sequence[Model]] = {}
        self.asked = 0

    def models(self, piece: Piece) -> Sequence[Model]:
        answer = self.answers.get(piece)
        if answer is None:
            self.asked += 1
            answer = self.answers[piece] = tuple(self.engine.models(piece))
        return answer


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
    by_cell: dict[Cell, list[int]] = {}
    for i, c in enumerate(constraints):
        for cell in c.cells:
            by_cell.setdefault(cell, []).append(i)
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
        if not memo.models(_single_piece(len(mine), need[i])):
            raise NoSolution(_cannot_hold(constraints[i], need[i], len(mine)))
        if not mine:
            continue
        if need[i] == 0 or need[i] == len(mine):
            value = 1 if need[i] else 0
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
                    f"{constraints[i].describe()} and {constraints[k].describe()} cannot both hold"
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


# --- groups of interchangeable cells ----------------------------------------------------------


@dataclass(frozen=True)
class Group:
    """Cells touched by exactly the same digits: interchangeable, only how many are mines counts."""

    cells: tuple[Cell, ...]
    constraints: tuple[int, ...]  # indices into the part


def groups(part: list[Constraint]) -> list[Group]:
    """The part's cells grouped by the set of digits that touch them."""
    touching: dict[Cell, list[int]] = {}
    for i, c in enumerate(part):
        for cell in c.cells:
            touching.setdefault(cell, []).append(i)
    by_set: dict[tuple[int, ...], list[Cell]] = {}
    for cell, ids in touching.items():
        by_set.setdefault(tuple(ids), []).append(cell)
    return [Group(tuple(sorted(cs)), ids) for ids, cs in by_set.items()]


def part_piece(part: list[Constraint], gs: list[Group]) -> Piece:
    """The whole part as one piece: a variable per group, a sum per digit."""
    members: list[list[int]] = [[] for _ in part]
    for g_index, g in enumerate(gs):
        for i in g.constraints:
            members[i].append(g_index)
    sizes = tuple(len(g.cells) for g in gs)
    return Piece(sizes, tuple((tuple(m), c.need) for m, c in zip(members, part)))


def _order(part: list[Constraint], gs: list[Group]) -> list[int]:
    """Groups in an order that keeps few digits open at once: digits breadth-first along the
    frontier from one end (a pseudo-peripheral digit), each digit's groups together."""
    linked: list[set[int]] = [set() for _ in part]
    for g in gs:
        for i in g.constraints:
            linked[i].update(g.constraints)

    def sweep(start: int) -> list[int]:
        seen, order, queue = {start}, [start], deque([start])
        while queue:
            i = queue.popleft()
            for k in sorted(linked[i] - seen, key=lambda k: (len(linked[k]), part[k].digit)):
                seen.add(k)
                order.append(k)
                queue.append(k)
        return order

    start = min(range(len(part)), key=lambda i: part[i].digit)
    for _ in range(2):
        start = sweep(start)[-1]
    rank = {c: r for r, c in enumerate(sweep(start))}
    by_digit: dict[int, list[int]] = {}
    for g_index, g in enumerate(gs):
        by_digit.setdefault(min(g.constraints, key=rank.__getitem__), []).append(g_index)
    return [g for c in sorted(by_digit, key=rank.__getitem__) for g in by_digit[c]]


# --- counting, piece by piece -------------------------------------------------------------------


def count_part(part: list[Constraint], memo: PieceMemo, by_mines: bool = False) -> list[int]:
    """The number of models of one part; with `by_mines`, a list: index m = models with m mines.

    Groups are taken one at a time along the frontier. The state carried forward is only what the
    digits still open need; for each group the engine answers "how many mines can this group
    hold, and what do the open digits then still need?" as a piece, whose slack variables are
    what each digit leaves to the groups after this one.
    """
    gs = groups(part)
    order = _order(part, gs)
    left = [0] * len(part)  # cells of each digit not yet taken
    for g in gs:
        for i in g.constraints:
            left[i] += len(g.cells)
    open_digits: list[int] = []
    states: dict[tuple[int, ...], list[int]] = {(): [1]}
    steps: dict[tuple, list[tuple[int, tuple[int, ...]]]] = {}
    for g_index in order:
        g = gs[g_index]
        n = len(g.cells)
        touched = g.constraints
        for i in touched:
            left[i] -= n
        slot = {c: k for k, c in enumerate(open_digits)}
        sources = [(slot.get(i, -1), part[i].need) for i in touched]
        caps = tuple(left[i] for i in touched)
        still = [c for c in open_digits if left[c] > 0] + [
            i for i in touched if i not in slot and left[i] > 0
        ]
        where = {i: j for j, i in enumerate(touched)}
        # Each slot of the new state comes from the old state (an untouched digit) or from the
        # piece's answer (a touched digit: its slack).
        build = [(1, where[c]) if c in where else (0, slot[c]) for c in still]
        weights = [comb(n, x) for x in range(n + 1)]
        new_states: dict[tuple[int, ...], list[int]] = {}
        for state, counts in states.items():
            needs = tuple(state[k] if k >= 0 else init for k, init in sources)
            key = (n, needs, caps)
            answer = steps.get(key)
            if answer is None:
                answer = steps[key] = _group_step(n, needs, caps, memo)
            for x, after in answer:
                new_state = tuple(after[k] if from_piece else state[k] for from_piece, k in build)
                w = weights[x]
                shift = x if by_mines else 0
                target = new_states.get(new_state)
                if target is None:
                    target = new_states[new_state] = []
                need_len = len(counts) + shift
                if len(target) < need_len:
                    target.extend([0] * (need_len - len(target)))
                for m, value in enumerate(counts):
                    if value:
                        target[m + shift] += value * w
        states = new_states
        open_digits = still
        if not states:
            return [0]
    return states.get((), [0])


def _group_step(n: int, needs: tuple[int, ...], caps: tuple[int, ...], memo: PieceMemo):
    """Ask the engine which mine counts x a group of n cells can hold, given what the digits
    touching it still need (`needs`) and how many of their cells come after it (`caps`)."""
    sizes = [n]
    sums = []
    for need, cap in zip(needs, caps):
        if cap == 0:
            sums.append(((0,), need))
        else:
            sums.append(((0, len(sizes)), need))
            sizes.append(min(need, cap) if need >= 0 else 0)
    answer = []
    for model in memo.models(Piece(tuple(sizes), tuple(sums))):
        slack = iter(model[1:])
        after = tuple(next(slack) if cap else 0 for cap in caps)
        answer.append((model[0], after))
    return answer


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
        polynomial = _convolve(polynomial, count_part(part, memo, by_mines=True), left)
    free = len(staged.free)
    return sum(c * comb(free, left - m) for m, c in enumerate(polynomial) if 0 <= left - m <= free)


def _convolve(a: list[int], b: list[int], cap: int) -> list[int]:
    out = [0] * min(len(a) + len(b) - 1, cap + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: len(out) - i]):
                out[i + j] += x * y
    return out


# --- listing solutions --------------------------------------------------------------------------


def part_assignments(part: list[Constraint], engine: Engine, limit: int | None) -> Iterator[dict]:
    """The part's models as cell assignments, from the engine's models of the part's groups."""
    gs = groups(part)
    for model in engine.models(part_piece(part, gs), limit):
        choices = [combinations(g.cells, x) for g, x in zip(gs, model)]
        for picked in product(*choices):
            mines = {cell for chosen in picked for cell in chosen}
            yield {cell: int(cell in mines) for g in gs for cell in g.cells}


def assignments(staged: Staged, engine: Engine, limit: int | None = None) -> Iterator[dict]:
    """Every solution as a full assignment of the unknown cells, lazily, at most `limit`."""
    per_part = [list(part_assignments(p, engine, limit)) for p in staged.parts]
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
        cells = dict(staged.forced)
        for assignment in chosen:
            cells.update(assignment)
        cells.update(placement)
        yield cells
