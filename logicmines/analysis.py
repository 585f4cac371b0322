"""analyze: every unknown cell's exact mine probability, the forced cells, and why there is none.

Probabilities come from model counts: for a cell in a group of n interchangeable cells, the share
of all solutions in which it is a mine is (mines in the group, summed over all solutions) / n /
(number of solutions). Parts are independent, so without a mine total each part's share is its
own; with a total (`--mines N`) the parts and the free cells are tied together through the number
of mines each holds, and are combined by mine count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd, prod

from .board import SVG_CELLS, Board, Cell
from .engine import PieceMemo
from .explain import explain
from .frontier import PartCounts, Poly, convolve, count_part_groups
from .problem import NoSolution, Problem
from .staging import Staged, binomials, settle, together
from .words import plural

SETTLED = (Fraction(0), Fraction(1))  # a forced cell's share, made once for all of them


class Chances(dict):
    """Every unknown cell's chance of being a mine, as an analysis holds them: a dict that cannot
    be changed (an analysis is frozen, and one shared by threads or kept as a key must stay as it
    was answered) and so can be hashed. `dict(chances)` is a copy that can be changed. As with
    any frozen Python object, a caller set on it can still get past (`dict.update(chances, ...)`);
    the refusal is for mistakes, not for malice."""

    __slots__ = ("_hash",)  # computed at the first hash: a million cells take a second

    def _refuse(self, *args, **kwargs):
        raise TypeError(
            "an analysis's probabilities cannot be changed; dict(analysis.probabilities) is a "
            "copy that can"
        )

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    @classmethod
    def fromkeys(cls, cells, chance=None):  # type: ignore[override]
        # dict.fromkeys would fill an empty Chances through __setitem__, and be refused
        return cls(dict.fromkeys(cells, chance))

    def __hash__(self) -> int:  # type: ignore[override]
        try:
            return self._hash
        except AttributeError:
            self._hash = hash(frozenset(self.items()))
            return self._hash

    def __reduce__(self):
        # pickle (a worker's analysis) would fill the new dict through __setitem__
        return (type(self), (dict(self),))

    def copy(self) -> dict[Cell, Fraction]:
        return dict(self)


@dataclass(frozen=True)
class Analysis:
    """What counting every model says about each unknown cell of a puzzle."""

    board: Board  # the puzzle (a game board's puzzle view)
    count: int
    # every unknown cell; empty when count is 0. Given as any mapping, kept as `Chances`.
    probabilities: Mapping[Cell, Fraction]
    reason: str | None = None  # why there is no solution, when count is 0
    # The number of mines every solution holds in all, when one was asked for (`--mines`).
    mine_total: int | None = field(default=None, compare=False)
    # The board as it was asked, when that was a game board (`board` is the puzzle it poses):
    # its picture's title says "game", and a mine it shows opened frames no click.
    shown: Board | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if type(self.probabilities) is not Chances:
            object.__setattr__(self, "probabilities", Chances(self.probabilities))

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
        order (top row first, then leftmost). A safe cell when there is one; None when there is
        no solution or every unknown cell is a mine (no click is worth making then)."""
        if not self.probabilities:
            return None
        cell = min(self.probabilities, key=lambda cell: (self.probabilities[cell], cell))
        return None if self.probabilities[cell] == 1 else cell

    def _repr_svg_(self) -> str | None:
        """The heat map, for Jupyter and IPython, which show an object with this method as a
        picture (the same drawing as `analyze --svg`); None past SVG_CELLS cells, as a Board."""
        if self.board.height * self.board.width > SVG_CELLS:
            return None
        from .svg import render_svg  # svg draws analyses: imported here, not at the top

        return render_svg(self, shown=self.shown)


def analyze(problem: Problem, memo: PieceMemo, mines: int | None = None) -> Analysis:
    """Exact probabilities for every unknown cell of the problem's board."""
    try:
        staged = settle(problem, memo)
    except NoSolution as failure:
        return Analysis(problem.board, 0, {}, explain(problem, memo, mines, failure), mines)
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
        return Analysis(problem.board, 0, {}, explain(problem, memo, mines, staged), mines)
    count, probabilities = shares
    return Analysis(problem.board, count, probabilities, mine_total=mines)


def _shares(staged: Staged, counted: list[PartCounts]):
    totals = [c.total[0] for c in counted]
    count = 2 ** len(staged.free) * prod(totals)
    if count == 0:
        return None
    probabilities = {cell: SETTLED[value] for cell, value in staged.forced.items()}
    for cell in staged.free:
        probabilities[cell] = Fraction(1, 2)
    for c, total in zip(counted, totals):
        for g, mines in zip(c.groups, c.mines):
            share = Fraction(mines[0], len(g.cells) * total)
            probabilities.update((cell, share) for cell in g.cells)
    return count, probabilities


def _shares_with_total(staged: Staged, counted: list[PartCounts], mines: int):
    """The count with `mines` mines in all and each unknown cell's share (None: no solution)."""
    left = mines - staged.placed
    free = len(staged.free)
    if left < 0 or left > free + sum(len(c.total) - 1 for c in counted):
        return None  # more mines than the unknown cells can hold: no need to count up to them
    if not all(any(c.total) for c in counted):
        return None
    # Each part holds at least its fewest mines: counted beyond those, its polynomial is short
    # (on a mid-game most parts hold a fixed number of mines, and most others one of two or three).
    lows = [_lowest(c.total) for c in counted]
    polys = [c.total[low:] for c, low in zip(counted, lows)]
    left -= sum(lows)
    if left < 0:
        return None
    everything = together(polys, left)  # index j: the parts hold j mines beyond their fewest
    # index j: the ways for the free cells to hold the rest when the parts hold j
    ways_free = binomials(free, left, sum(len(p) - 1 for p in polys) + 1)
    count = sum(e * w for e, w in zip(everything, ways_free))
    if count == 0:
        return None
    probabilities = {cell: SETTLED[value] for cell, value in staged.forced.items()}
    if free:
        # A given free cell is a mine in C(free - 1, r - 1) = C(free, r) x r / free of the ways for
        # the free cells to hold r mines: one row of binomials (each may have a million digits).
        held = sum(e * w * (left - j) for j, (e, w) in enumerate(zip(everything, ways_free)))
        as_mine = Fraction(held // free, count)
        probabilities.update((cell, as_mine) for cell in staged.free)
    # The binomials share a large factor (half their digits on a 300x300 mid-game): divided out,
    # the ways for the others and every share are worked out on numbers half as long.
    common = _common_factor(ways_free)
    whole = count // common
    others = _ways_for_others(polys, [w // common for w in ways_free], whole)
    for c, low, poly in zip(counted, lows, polys):
        ways = others[tuple(poly)]  # index j: the others' ways when this part holds low + j
        for g, group_mines in zip(c.groups, c.mines):
            if len(poly) == 1:  # the same share as without a total, in small numbers
                held = group_mines[low] if low < len(group_mines) else 0
                share = Fraction(held, len(g.cells) * poly[0])
            else:
                numerator = sum(v * w for v, w in zip(group_mines[low:], ways))
                share = Fraction(numerator, len(g.cells) * whole)
            probabilities.update((cell, share) for cell in g.cells)
    return count, probabilities


def _common_factor(numbers: list[int]) -> int:
    """The greatest common divisor of `numbers` (gcd only where a remainder says it changes)."""
    common = 0
    for n in numbers:
        if common != 1 and (common == 0 or n % common):
            common = gcd(common, n)
    return common or 1


def _lowest(poly: Poly) -> int:
    """The fewest mines with any model."""
    return next(m for m, ways in enumerate(poly) if ways)


def _ways_for_others(polys: list[Poly], ways: list[int], count: int) -> dict[tuple, list[int]]:
    """For each distinct polynomial of `polys`: index j = the ways for the other parts and the
    free cells when its part holds j mines (`ways[j]`: the free cells' ways when all hold j;
    `count`: the ways for all of them together)."""
    blocks = Counter(tuple(p) for p in polys)
    # A part with a fixed number of mines (about half of them on a mid-game) only scales the rest.
    found = {poly: [count // poly[0]] for poly in blocks if len(poly) == 1}
    scale = prod(poly[0] ** times for poly, times in blocks.items() if len(poly) == 1)
    # Dividing the product of all by each part cost parts x mines multiplications of two huge
    # numbers (167 s on a 200x200 mid-game). Instead the distinct polynomials are split in halves,
    # each half getting `ways` read through the other half's polynomials one at a time: huge
    # numbers times a part's small ones only, about twice the work of one product of all.
    varying = sorted(((p, k) for p, k in blocks.items() if len(p) > 1), key=lambda b: len(b[0]))
    stack = [(varying, ways)] if varying else []
    while stack:
        inside, outside = stack.pop()  # outside[j]: the ways when the parts inside hold j
        if len(inside) == 1:
            [(poly, times)] = inside
            found[poly] = [scale * w for w in _through(outside, [(poly, times - 1)])]
            continue
        half = _half(inside)
        stack.append((inside[:half], _through(outside, inside[half:])))
        stack.append((inside[half:], _through(outside, inside[:half])))
    return found


def _half(blocks: list[tuple[tuple[int, ...], int]]) -> int:
    """Where to split the blocks so that reading through either side costs about the same."""
    costs = [(len(poly) - 1) * times + 1 for poly, times in blocks]
    total, running = sum(costs), 0
    for k, cost in enumerate(costs[:-1]):
        running += cost
        if 2 * running >= total:
            return k + 1
    return len(blocks) - 1


def _through(outside: list[int], blocks: list[tuple[tuple[int, ...], int]]) -> list[int]:
    """`outside` read through these parts (each polynomial `times` over): index j = the ways for
    them and everything outside when the rest holds j mines."""
    for poly, times in blocks:
        power = [1]
        for _ in range(times):  # one pass with the power, not one per part: its numbers stay small
            power = convolve(power, list(poly))
        n = len(outside) - len(power) + 1
        through = [0] * n
        for i, c in enumerate(power):
            if c:
                through = [t + c * w for t, w in zip(through, outside[i : i + n])]
        outside = through
    return outside


def from_models(puzzle: Board, solved: list[Board], mines: int | None, reason: str) -> Analysis:
    """The same analysis by plain enumeration: from every solved board (for engines that can only
    list models, like the reference program). `reason` is used when there is none."""
    if mines is not None:
        solved = [s for s in solved if sum(row.count("*") for row in s.rows) == mines]
    if not solved:
        why = reason if mines is None else f"{reason} with exactly {plural(mines, 'mine')}"
        return Analysis(puzzle, 0, {}, why, mines)
    unknown = [cell for cell in puzzle.cells() if puzzle[cell] == "?"]
    probabilities = {
        cell: Fraction(sum(s[cell] == "*" for s in solved), len(solved)) for cell in unknown
    }
    return Analysis(puzzle, len(solved), probabilities, mine_total=mines)
