"""Counting one part group by group along its frontier, forwards (counts) and back (per group).

A part's cells are grouped by the digits that touch them (cells in one group are
interchangeable). The groups are taken one at a time in an order that keeps few digits open; the
only thing carried from one group to the next is what the open digits still need. For each group
the engine answers one small question, as a piece: "a group of n cells, whose digits still need
these amounts and have this many cells after it: how many mines can it hold, and what will each
digit need afterwards?" Those answers depend on a few small numbers only, so each is asked once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb

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
        plan.append(_Step(g_index, n, sources, tuple(left[i] for i in touched), build))
        open_digits = still
    return plan


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


def _moves(step: _Step, state: tuple[int, ...], memo: PieceMemo):
    """(x, next state) for every mine count x the group can hold in this state."""
    needs = tuple(state[k] if k >= 0 else need for k, need in step.sources)
    for x, after in _group_step(step.n, needs, step.caps, memo):
        yield x, tuple(after[k] if from_piece else state[k] for from_piece, k in step.build)


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


def count_part_groups(part: list[Constraint], memo: PieceMemo, by_mines: bool) -> PartCounts:
    """Forward, then backward along the frontier: how many mines each group holds over all models.

    The forward pass keeps each layer of states; the backward pass counts, for each state, the
    ways to complete it. A group's mines summed over all models is then, over the states before
    it and the counts it can hold, ways-to-get-here x x x C(n, x) x ways-to-finish.
    """
    gs = groups(part)
    plan = _plan(part, gs)
    layers = [{(): [1]}]
    for step in plan:
        layers.append(_forward(step, layers[-1], memo, by_mines))
    if () not in layers[-1]:
        return PartCounts(gs, [0], [[0] for _ in gs])
    after: dict[tuple[int, ...], Poly] = {(): [1]}
    mines: list[Poly] = [[0] for _ in gs]
    for step, before in zip(reversed(plan), reversed(layers[:-1])):
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
        mines[step.group] = group_mines
        after = finish
    return PartCounts(gs, after.get((), [0]), mines)


def part_models(part: list[Constraint], memo: PieceMemo) -> Iterator[tuple[list[Group], list]]:
    """The part's models as mines per group, one after another, without ever meeting a dead end.

    The forward pass lists the states each step can reach; the backward pass keeps those from
    which the last step can still be reached; a depth-first walk through what is kept then meets
    a model at every leaf, so the first few models of even a huge part come at once.
    """
    gs = groups(part)
    plan = _plan(part, gs)
    layers: list[set[tuple[int, ...]]] = [{()}]
    for step in plan:
        layers.append({new for state in layers[-1] for _, new in _moves(step, state, memo)})
    alive = [set() for _ in layers]
    alive[-1] = layers[-1] & {()}
    for t in range(len(plan) - 1, -1, -1):
        alive[t] = {
            state
            for state in layers[t]
            if any(new in alive[t + 1] for _, new in _moves(plan[t], state, memo))
        }
    if () not in alive[0]:
        return
    chosen = [0] * len(gs)
    # An explicit stack: a part may have thousands of groups, more than Python's recursion limit.
    stack = [iter(_alive_moves(plan, 0, (), alive, memo))] if plan else []
    if not plan:
        yield gs, chosen
        return
    while stack:
        t = len(stack) - 1
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            continue
        x, new = move
        chosen[plan[t].group] = x
        if t + 1 == len(plan):
            yield gs, list(chosen)
        else:
            stack.append(iter(_alive_moves(plan, t + 1, new, alive, memo)))


def _alive_moves(plan: list[_Step], t: int, state: tuple[int, ...], alive, memo: PieceMemo):
    return [(x, new) for x, new in _moves(plan[t], state, memo) if new in alive[t + 1]]
