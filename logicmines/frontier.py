"""Counting one part group by group along its frontier, forwards (counts) and back (per group).

A part's cells are grouped by the digits that touch them (cells in one group are
interchangeable). The groups are taken one at a time in an order that keeps few digits open; the
only thing carried from one group to the next is what the open digits still need. For each group
the engine answers one small question, as a piece: "a group of n cells, whose digits still need
these amounts and have this many cells after it: how many mines can it hold, and what will each
digit need afterwards?" Those answers depend on a few small numbers only, so each is asked once.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb
from operator import itemgetter

from .board import Cell
from .engine import Piece, PieceMemo
from .problem import Constraint, touching

Poly = list[int]  # index m: the number of models with m mines (or one entry: all models)


@dataclass(frozen=True)
class Group:
    """Cells touched by exactly the same digits: interchangeable, only how many are mines counts."""

    cells: tuple[Cell, ...]
    constraints: tuple[int, ...]  # indices into the part


def groups(part: list[Constraint]) -> list[Group]:
    """The part's cells grouped by the set of digits that touch them."""
    by_set: dict[tuple[int, ...], list[Cell]] = {}
    for cell, ids in touching(part).items():
        by_set.setdefault(tuple(ids), []).append(cell)
    return [Group(tuple(sorted(cs)), ids) for ids, cs in by_set.items()]


def _digit_orders(part: list[Constraint], gs: list[Group]) -> list[list[int]]:
    """Ways to walk the part's digits: breadth-first along the frontier from one end (a
    pseudo-peripheral digit), which suits long thin frontiers, and row by row and column by column,
    which suit wide blocks of digits."""
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
    everyone = range(len(part))
    return [
        sweep(start),
        sorted(everyone, key=lambda i: part[i].digit),
        sorted(everyone, key=lambda i: part[i].digit[::-1]),
    ]


def _groups_in(order: list[int], gs: list[Group]) -> list[int]:
    """The groups, each at the first digit of `order` that touches it."""
    rank = {c: r for r, c in enumerate(order)}
    by_digit: dict[int, list[int]] = {}
    for g_index, g in enumerate(gs):
        by_digit.setdefault(min(g.constraints, key=rank.__getitem__), []).append(g_index)
    return [g for c in sorted(by_digit, key=rank.__getitem__) for g in by_digit[c]]


@dataclass(frozen=True)
class _Step:
    group: int  # index into the part's groups
    n: int  # its size
    sources: tuple[tuple[int, int], ...]  # per touched digit: (slot in the state or -1, its need)
    caps: tuple[int, ...]  # per touched digit: its cells after this group
    build: tuple[tuple[int, int], ...]  # per slot of the next state: (1, touched) or (0, slot)
    # The same, as item getters, which run at C speed on the millions of states of a wide part:
    given: tuple[int, ...] = ()  # the needs of touched digits not open before this group
    pick_needs: Callable = tuple  # state + given -> the needs of the touched digits
    pick_next: Callable = tuple  # the piece's slacks + state -> the next state


def _plan(part: list[Constraint], gs: list[Group]) -> list[_Step]:
    """The steps of the count, in the order (of those tried) that keeps the fewest digits open
    at the widest point: the number of states can grow with the power of that width."""
    plans = [_plan_for(part, gs, _groups_in(order, gs)) for order in _digit_orders(part, gs)]
    return min(
        plans, key=lambda plan: (max(len(s.build) for s in plan), sum(len(s.build) for s in plan))
    )


def _plan_for(part: list[Constraint], gs: list[Group], order: list[int]) -> list[_Step]:
    left = [0] * len(part)  # cells of each digit not yet taken
    for g in gs:
        for i in g.constraints:
            left[i] += len(g.cells)
    open_digits: list[int] = []
    plan = []
    for g_index in order:
        g = gs[g_index]
        n = len(g.cells)
        touched = g.constraints
        for i in touched:
            left[i] -= n
        slot = {c: k for k, c in enumerate(open_digits)}
        still = [c for c in open_digits if left[c] > 0]
        still += [i for i in touched if i not in slot and left[i] > 0]
        where = {i: j for j, i in enumerate(touched)}
        # A slot of the next state comes from the piece's answer (a digit this group touches:
        # its slack) or unchanged from the state before (a digit it does not touch).
        build = tuple((1, where[c]) if c in where else (0, slot[c]) for c in still)
        sources = tuple((slot.get(i, -1), part[i].need) for i in touched)
        given = tuple(need for k, need in sources if k < 0)
        fresh = iter(range(len(slot), len(slot) + len(given)))
        pick_needs = _picker([k if k >= 0 else next(fresh) for k, _ in sources])
        pick_next = _picker([k if from_piece else len(touched) + k for from_piece, k in build])
        caps = tuple(left[i] for i in touched)
        plan.append(_Step(g_index, n, sources, caps, build, given, pick_needs, pick_next))
        open_digits = still
    return plan


def _picker(indices: list[int]) -> Callable[[tuple], tuple]:
    """A function that takes these items of a tuple, as a tuple."""
    if len(indices) == 1:
        at = indices[0]
        return lambda values: (values[at],)
    return itemgetter(*indices) if indices else lambda values: ()


def _group_step(n: int, needs: tuple[int, ...], caps: tuple[int, ...], memo: PieceMemo):
    """Ask the engine which mine counts x a group of n cells can hold, given what the digits
    touching it still need (`needs`) and how many of their cells come after it (`caps`)."""

    def ask() -> list[tuple[int, tuple[int, ...]]]:
        sizes = [n]
        sums = []
        for need, cap in zip(needs, caps):
            if cap == 0:
                sums.append(((0,), need))
            else:
                sums.append(((0, len(sizes)), need))
                sizes.append(min(need, cap))
        answer = []
        for model in memo.models(Piece(tuple(sizes), tuple(sums))):
            slack = iter(model[1:])
            answer.append((model[0], tuple(next(slack) if cap else 0 for cap in caps)))
        return answer

    return memo.step((n, needs, caps), ask)


def _moves(step: _Step, state: tuple[int, ...], memo: PieceMemo) -> list:
    """(x, next state) for every mine count x the group can hold in this state."""
    needs = step.pick_needs(state + step.given)
    pick = step.pick_next
    return [(x, pick(after + state)) for x, after in _group_step(step.n, needs, step.caps, memo)]


def _add(target: Poly, poly: Poly, shift: int, factor: int) -> None:
    """target += factor * poly shifted by `shift` mines."""
    end = len(poly) + shift
    if len(target) < end:
        target.extend([0] * (end - len(target)))
    for m, value in enumerate(poly):
        if value:
            target[m + shift] += value * factor


def convolve(a: Poly, b: Poly) -> Poly:
    """The mine-count polynomial of two independent things taken together."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def count_part(part: list[Constraint], memo: PieceMemo, by_mines: bool = False) -> Poly:
    """The number of models of one part: `[count]`, or with `by_mines` index m = models with m
    mines."""
    gs = groups(part)
    states: dict[tuple[int, ...], Poly] = {(): [1]}
    for step in _plan(part, gs):
        states = _forward(step, states, memo, by_mines)
        if not states:
            return [0]
    return states.get((), [0])


def _forward(step: _Step, states: dict, memo: PieceMemo, by_mines: bool) -> dict:
    weights = [comb(step.n, x) for x in range(step.n + 1)]
    new_states: dict[tuple[int, ...], Poly] = {}
    for state, counts in states.items():
        for x, new_state in _moves(step, state, memo):
            target = new_states.get(new_state)
            if target is None:
                target = new_states[new_state] = []
            _add(target, counts, x if by_mines else 0, weights[x])
    return new_states


@dataclass
class PartCounts:
    """A part's models counted in full: in all, and mines per group summed over all models."""

    groups: list[Group]
    total: Poly  # models (by mines in the part, with `by_mines`)
    mines: list[Poly]  # per group: the sum over models of the mines in that group (same indexing)


# The bytes of packed forward layers kept for the way back. A pass whose layers would take more
# keeps every second layer only, then every fourth, and so on, down to half of it; going back,
# the steps between two kept layers are passed forward again from the first, kept the same way in
# what is left. Sized so that a board whose count holds 400 MB (the 30x30 lattice) is analyzed
# within about 1 GB, passing each step forward twice.
HELD = 384 * 2**20


class _Layer:
    """One layer of the forward pass, packed: each state's needs as bytes side by side (a need is
    at most 8), and its counts as bytes of one width; a tenth of the dictionary it comes from."""

    def __init__(self, states: dict[tuple[int, ...], Poly]):
        self.width = len(next(iter(states), ()))
        self.packed = b"".join(map(bytes, states))
        self.lengths = array("L", map(len, states.values()))
        numbers = [n for poly in states.values() for n in poly]
        self.digits = max(1, (max(numbers, default=0).bit_length() + 7) // 8)
        self.numbers = b"".join(n.to_bytes(self.digits, "little") for n in numbers)
        self.size = len(self.packed) + len(self.numbers) + self.lengths.itemsize * len(self.lengths)

    def items(self) -> Iterator[tuple[tuple[int, ...], Poly]]:
        """(state, counts) for each state of the layer, as the dictionary's `items()` gives."""
        w, d, numbers = self.width, self.digits, self.numbers
        at = 0
        for k, length in enumerate(self.lengths):
            poly = [
                int.from_bytes(numbers[i : i + d], "little") for i in range(at, at + length * d, d)
            ]
            at += length * d
            yield tuple(self.packed[k * w : k * w + w]), poly


def count_part_groups(part: list[Constraint], memo: PieceMemo, by_mines: bool) -> PartCounts:
    """Forward, then backward along the frontier: how many mines each group holds over all models.

    The backward pass counts, for each state, the ways to complete it. A group's mines summed over
    all models is then, over the states before it and the counts it can hold,
    ways-to-get-here x x x C(n, x) x ways-to-finish.
    """
    gs = groups(part)
    plan = _plan(part, gs)
    mines: list[Poly] = [[0] for _ in gs]
    if not plan:
        return PartCounts(gs, [1], mines)
    kept, reached = _kept(plan, 0, _Layer({(): [1]}), len(plan), HELD, memo, by_mines)
    if not reached:
        return PartCounts(gs, [0], mines)
    after = _back_over(plan, kept, len(plan), {(): [1]}, mines, HELD, memo, by_mines)
    return PartCounts(gs, after.get((), [0]), mines)


def _kept(plan, start: int, first: _Layer, end: int, budget: int, memo: PieceMemo, by_mines):
    """The forward pass from `first` (the layer before step `start`) to step `end`, and the
    layers it keeps as (step, layer): all, if they fit in `budget` bytes, else every `stride`
    steps, within half of it. Also whether the last step leaves a model (the empty state)."""
    kept, held, stride, limit = [(start, first)], first.size, 1, budget
    states: object = first
    for t in range(start, end):
        states = _forward(plan[t], states, memo, by_mines)
        if not states:
            return kept, False
        if t + 1 < end and (t + 1 - start) % stride == 0:
            layer = _Layer(states)
            kept.append((t + 1, layer))
            held += layer.size
            # Half is left for working out the stretches between kept layers again; two layers
            # are always kept, so that each of those stretches is shorter than this one.
            while held > limit and len(kept) > 2:
                stride, limit = stride * 2, budget // 2
                kept = [(at, layer) for at, layer in kept if (at - start) % stride == 0]
                held = sum(layer.size for _, layer in kept)
    return kept, () in states


def _back_over(plan, kept, end, after, mines, budget, memo, by_mines) -> dict:
    """Back from step `end` over the layers `_kept` kept within `budget` bytes, working out the
    stretches between them again in what is left. Fills `mines`; returns the ways to finish
    from each state of the first kept layer."""
    spare = budget - sum(layer.size for _, layer in kept)
    while kept:
        start, layer = kept.pop()  # the layers after it are done with
        spare += layer.size
        if end - start > 1:
            inner, _ = _kept(plan, start, layer, end, spare, memo, by_mines)
            after = _back_over(plan, inner, end, after, mines, spare, memo, by_mines)
        else:
            after, mines[plan[start].group] = _backward(plan[start], layer, after, memo, by_mines)
        end = start
    return after


def _backward(step: _Step, before: _Layer, after: dict, memo: PieceMemo, by_mines: bool):
    """One step back: the ways to finish from each state before `step` that can finish, and the
    step's group's mines summed over all models."""
    weights = [comb(step.n, x) for x in range(step.n + 1)]
    finish: dict[tuple[int, ...], Poly] = {}
    group_mines: Poly = [0]
    for state, counts in before.items():
        ways: Poly = []
        with_mines: Poly = []
        for x, new_state in _moves(step, state, memo):
            rest = after.get(new_state)
            if rest is None:
                continue
            shift = x if by_mines else 0
            _add(ways, rest, shift, weights[x])
            if x:
                _add(with_mines, rest, shift, weights[x] * x)
        if ways:
            finish[state] = ways
        if with_mines:
            _add(group_mines, convolve(counts, with_mines), 0, 1)
    return finish, group_mines


@dataclass
class _Level:
    """One level of the depth-first walk: the moves left to try from `state`, and whether one
    of the moves tried has led to a model."""

    moves: Iterator[tuple[int, tuple[int, ...]]]
    state: tuple[int, ...]
    alive: bool = False


def part_models(part: list[Constraint], memo: PieceMemo) -> Iterator[tuple[list[Group], list]]:
    """The part's models as mines per group, one after another, depth first along the plan."""
    # A state from which no model can be finished is remembered at its step and never tried
    # again: the walk to the next model costs at most one forward pass, and usually far less,
    # as it never builds the table of every state (3.9 GB on a 30x30 lattice) before the first.
    gs = groups(part)
    plan = _plan(part, gs)
    chosen = [0] * len(gs)
    if not plan:
        yield gs, chosen
        return
    dead: list[set[tuple[int, ...]]] = [set() for _ in plan]
    # An explicit stack: a part may have thousands of groups, more than Python's recursion limit.
    stack = [_Level(iter(_moves(plan[0], (), memo)), ())]
    while stack:
        level, t = stack[-1], len(stack) - 1
        move = next(level.moves, None)
        if move is None:
            stack.pop()
            if not level.alive:
                dead[t].add(level.state)
            elif stack:
                stack[-1].alive = True
            continue
        x, new = move
        chosen[plan[t].group] = x
        if t + 1 == len(plan):
            level.alive = True  # every digit is closed: the last state is () and a model
            yield gs, list(chosen)
        elif new not in dead[t + 1]:
            stack.append(_Level(iter(_moves(plan[t + 1], new, memo)), new))
