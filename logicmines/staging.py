"""The staging both engines share: forced cells first, then parts, groups of cells, and counting.

Nothing here decides whether a digit holds: every question about the rules ("which values can
these groups take?") is a `Piece` handed to an engine, which answers with its models. What is left
is what a miniKanren or Prolog programmer does in the host language anyway: splitting the board
into independent parts, ordering the work so that failure shows early, and multiplying counts.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, compress, islice, product
from math import comb, isqrt

from .board import Cell
from .engine import Piece, PieceMemo
from .frontier import Poly, convolve, count_part, part_models
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

    @property
    def placed(self) -> int:
        """Mines already known: the board's own `*` and the forced mines."""
        return self.problem.known_mines + sum(self.forced.values())


def settle(problem: Problem, memo: PieceMemo) -> Staged:
    """Settle every cell on which all models of one digit, or of two digits sharing cells, agree.

    Repeats until nothing changes. Raises NoSolution, naming the digits, when a digit or a pair of
    digits has no model at all.
    """
    if problem.reason:
        raise NoSolution(problem.reason)
    settling = _Settling(problem, memo)
    while settling.queue:
        settling.look_at(settling.queue.popleft())
    return settling.staged()


class _Settling:
    """The digits of a problem as `settle` narrows them: their open cells and what they need."""

    def __init__(self, problem: Problem, memo: PieceMemo):
        self.problem = problem
        self.memo = memo
        self.constraints = list(problem.constraints)
        self.cells = [set(c.cells) for c in self.constraints]
        self.need = [c.need for c in self.constraints]
        self.by_cell = touching(self.constraints)
        self.forced: dict[Cell, int] = {}
        self.queue = deque(range(len(self.constraints)))
        self.queued = [True] * len(self.constraints)

    def assign(self, cell: Cell, value: int) -> None:
        """Settle `cell` (1: a mine, 0: safe); every digit around it is looked at again."""
        self.forced[cell] = value
        for k in self.by_cell[cell]:
            self.cells[k].discard(cell)
            self.need[k] -= value
            if not self.queued[k]:
                self.queued[k] = True
                self.queue.append(k)

    def look_at(self, i: int) -> None:
        """Settle what digit i says alone, then what it says with each digit sharing cells."""
        self.queued[i] = False
        if self._alone(i):
            return
        mine = self.cells[i]
        partners = {k for cell in mine for k in self.by_cell[cell] if k != i and self.cells[k]}
        for k in sorted(partners):
            if mine & self.cells[k]:
                self._pair(i, k)
            if not mine:
                return

    def _alone(self, i: int) -> bool:
        """Digit i on its own: NoSolution if it cannot hold; True when it settled all its cells
        (none of them mines, or all of them) or has none left."""
        mine = self.cells[i]
        # A need below zero (a neighbour settled as a mine too many) is never asked of an engine.
        fits = 0 <= self.need[i] <= len(mine)
        alone = self.memo.models(_single_piece(len(mine), self.need[i])) if fits else []
        if not alone:
            c = self.constraints[i]
            raise NoSolution(_cannot_hold(c, self.need[i], len(mine)), (c,))
        if not mine:
            return True
        if len(alone) == 1 and alone[0][0] in (0, len(mine)):
            value = 1 if alone[0][0] else 0
            for cell in list(mine):
                self.assign(cell, value)
            return True
        return False

    def _pair(self, i: int, k: int) -> None:
        """Digits i and k together: settle each group of cells on which all their models agree."""
        mine, other = self.cells[i], self.cells[k]
        groups = {"a": mine - other, "s": mine & other, "b": other - mine}
        piece, index = _pair_piece(
            len(groups["a"]), len(groups["s"]), len(groups["b"]), self.need[i], self.need[k]
        )
        models = self.memo.models(piece)
        if not models:
            a, b = self.constraints[i], self.constraints[k]
            raise NoSolution(f"{a.describe()} and {b.describe()} cannot both hold", (a, b))
        for name, position in index.items():
            values = {model[position] for model in models}
            if len(values) == 1 and values <= {0, piece.sizes[position]}:
                value = 1 if values.pop() else 0
                for cell in sorted(groups[name]):
                    self.assign(cell, value)

    def staged(self) -> Staged:
        """What is left once nothing more settles: the narrowed digits, in parts."""
        remaining = [
            c.narrowed(tuple(sorted(self.cells[i])), self.need[i])
            for i, c in enumerate(self.constraints)
            if self.cells[i]
        ]
        touched = {cell for c in remaining for cell in c.cells}
        free = tuple(
            cell
            for cell in self.problem.unknowns
            if cell not in self.forced and cell not in touched
        )
        return Staged(self.problem, self.forced, parts(remaining), free)


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
    left = mines - staged.placed
    if left < 0:
        return 0
    polys = (count_part(part, memo, by_mines=True) for part in staged.parts)
    return with_free(together(polys, left), len(staged.free), left)


def together(polys: Iterable[Poly], up_to: int) -> Poly:
    """Independent things taken together: index m = the ways for all of them to hold m mines
    (m up to `up_to`; more is never needed)."""
    product, fewest = [1], 0
    for poly in polys:
        # Leading zeros (the mines every model of a thing holds) are counted, not multiplied.
        low = next((m for m, ways in enumerate(poly) if ways), None)
        if low is None:
            return [0]  # a thing with no model at all
        fewest += low
        product = convolve(product, poly[low : up_to + 1])[: max(0, up_to - fewest + 1)]
    return ([0] * fewest + product)[: up_to + 1] if product else [0]


def with_free(poly: Poly, free: int, left: int) -> int:
    """The ways for things counted by `poly` (index m: ways with m mines) and `free` free cells
    to hold exactly `left` mines between them."""
    ways = binomials(free, left, len(poly))  # index m: C(free, left - m)
    return sum(c * w for c, w in zip(poly, ways))


def binomials(n: int, k: int, count: int) -> list[int]:
    """C(n, k), C(n, k - 1), ...: `count` of them, going down (zero past n and below 0).

    Only the ones asked for: with a total of mines, k is the mines left and may be in the
    hundreds of thousands, and a whole row of such binomials would not fit in memory."""
    row = [0] * max(0, min(count, k - n))  # C(n, i) is zero for i > n
    i = k - len(row)
    value = exact_comb(n, i) if i >= 0 else 0
    while len(row) < count and i >= 0:
        row.append(value)
        value = value * i // (n - i + 1)  # C(n, i - 1) from C(n, i)
        i -= 1
    return row + [0] * (count - len(row))


def exact_comb(n: int, k: int) -> int:
    """C(n, k), also for huge n and k: from its prime factors (Legendre's formula), multiplied
    in a balanced tree. Python 3.11's math.comb takes seconds for C(10**6, 5 * 10**5)."""
    k = min(k, n - k)
    if k < 2000:
        return comb(n, k) if k >= 0 else 0
    factors = []
    for p in _primes(n):
        exponent, a, b, c = 0, n, k, n - k
        while a:
            a, b, c = a // p, b // p, c // p
            exponent += a - b - c
        if exponent:
            factors.append(p**exponent)
    while len(factors) > 1:  # pairs of similar size, so that every product is a balanced one
        pairs = zip(factors[::2], factors[1::2])
        factors = [x * y for x, y in pairs] + ([factors[-1]] if len(factors) % 2 else [])
    return factors[0]


def _primes(n: int) -> list[int]:
    """The primes up to n (a sieve of Eratosthenes)."""
    sieve = bytearray([1]) * (n + 1)
    sieve[:2] = b"\0\0"
    for p in range(2, isqrt(n) + 1):
        if sieve[p]:
            sieve[p * p :: p] = bytes(len(range(p * p, n + 1, p)))
    return list(compress(range(n + 1), sieve))


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
    per_part = _enough_models(staged, memo, limit)
    if per_part is None:
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


def assignments_with_mines(
    staged: Staged, memo: PieceMemo, mines: int, limit: int | None = None
) -> Iterator[dict]:
    """Every solution with exactly `mines` mines in all, lazily, at most `limit`.

    Parts are walked in turn, each model of a part kept only when the parts after it and the
    free cells can still hold the mines left (known from each part's count by mines), so no
    branch is entered that holds no solution; the free cells take what is left last."""
    left = mines - staged.placed
    parts = staged.parts
    # the cells still open hold at most one mine each: past that nothing fits (and a total of
    # 10**20 would make the bit masks below as wide as the total)
    if left < 0 or left > len(staged.problem.unknowns) - len(staged.forced):
        return
    # reach[i]: bit m set when parts i.. and the free cells can hold m mines together.
    cap = (1 << (left + 1)) - 1
    reach = [0] * len(parts) + [((1 << (len(staged.free) + 1)) - 1) & cap]
    for i in range(len(parts) - 1, -1, -1):
        poly = count_part(parts[i], memo, by_mines=True)
        for m, ways in enumerate(poly[: left + 1]):
            if ways:
                reach[i] |= (reach[i + 1] << m) & cap
    if not (reach[0] >> left) & 1:
        return
    found = 0
    # Depth first without recursion (a board can have thousands of parts): one listing per
    # part entered, with the mines each entered part took.
    listings = [part_assignments(parts[0], memo, None)] if parts else []
    chosen: list[dict] = []
    lefts = [left]
    while True:
        if len(chosen) == len(parts):
            for picked in combinations(staged.free, lefts[-1]):
                memo.deadline.left()
                cells = dict(staged.forced)
                for assignment in chosen:
                    cells.update(assignment)
                cells.update(dict.fromkeys(staged.free, 0))
                cells.update(dict.fromkeys(picked, 1))
                yield cells
                found += 1
                if limit is not None and found >= limit:
                    return
            if not parts:
                return
            chosen.pop()
            lefts.pop()
            continue
        i = len(chosen)
        for model in listings[i]:
            memo.deadline.left()
            rest = lefts[-1] - sum(model.values())
            if rest >= 0 and (reach[i + 1] >> rest) & 1:
                chosen.append(model)
                lefts.append(rest)
                if i + 1 < len(parts):
                    listings.append(part_assignments(parts[i + 1], memo, None))
                break
        else:  # this part has no more models that fit: back to the one before
            listings.pop()
            if not chosen:
                return
            chosen.pop()
            lefts.pop()


def _enough_models(staged: Staged, memo: PieceMemo, limit: int | None) -> list[list] | None:
    """Each part's first models, as many as the first `limit` solutions use (all of them with no
    limit); None when some part has none.

    The solutions are taken in the order of `itertools.product`, the free cells varying fastest,
    then the last part: the first `limit` of them use the first models of the earlier parts only.
    """
    listings = [part_assignments(part, memo, None) for part in staged.parts]
    per_part = [list(islice(listing, 1)) for listing in listings]
    if not all(per_part):
        return None
    # Past `limit`, how many placements the free cells have does not matter.
    reach = 2 ** min(len(staged.free), (limit or 1).bit_length())
    for listing, models in reversed(list(zip(listings, per_part))):
        if limit is None:
            models.extend(listing)
        elif reach < limit:
            models.extend(islice(listing, -(-limit // reach) - 1))
            reach *= len(models)
    return per_part
