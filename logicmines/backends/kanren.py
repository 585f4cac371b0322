"""The kanren backend: Minesweeper's rules as miniKanren relations (pure Python, the default).

The relations, from the smallest up:

- ``pluso(a, b, c)``: a + b = c, for the small whole numbers a board needs (a table relation, so
  it runs in every direction: ask for every (a, b) that make 3 and it lists them);
- ``mineso(x, n)``: x of a group of n interchangeable cells are mines (0 <= x <= n);
- ``counto(groups, total)``: the groups hold `total` mines in all; a digit k is
  ``counto(<its unknown neighbours, each a group of one>, k - <known mines around it>)``;
- ``pieceo(xs, piece)``: every variable of a piece within its group, every sum of the piece
  holding.

The engine does all of the search. `logicmines.staging` hands it small pieces (one digit, two
digits sharing cells, one group in the count along the frontier) and does only what a host
language does around a relational core: split, order, multiply.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from kanren import eq, lall, run, var
from unification import isvar
from unification.utils import transitive_get as walk

from ..engine import Model, Piece
from .staged import StagedBackend

# A goal takes a state (a substitution) and yields the states in which it holds.
Goal = Callable[[Mapping], Iterator[Mapping]]

# A digit needs at most 8 mines and touches at most 8 cells, so every number the rules form
# (a group's size, its mines, a partial sum) is a whole number from 0 to 8.
LARGEST = 8


class Table:
    """A relation given by a finite table of facts, like a Prolog predicate made of facts.

    A goal built from it reifies its arguments against the state, looks the facts up by the
    arguments already known (an index per pattern of known positions, built once), and binds the
    rest: so it runs in every direction, as fast as a dictionary lookup. (kanren's own `Relation`
    indexes by the arguments as written, not as bound in the state, and unifies with every fact.)
    """

    def __init__(self, name: str, facts: Iterable[tuple[int, ...]]):
        self.name = name
        self.index: dict[tuple, list[tuple[int, ...]]] = {}
        for fact in facts:
            for mask in range(2 ** len(fact)):
                key = tuple(v if mask >> k & 1 else None for k, v in enumerate(fact))
                self.index.setdefault(key, []).append(fact)

    def __call__(self, *terms: object) -> Goal:
        def table_goal(state):
            walked = [walk(t, state) for t in terms]
            key = tuple(None if isvar(t) else t for t in walked)
            for fact in self.index.get(key, ()):
                bound = state
                for term, value in zip(walked, fact):
                    if isvar(term):
                        current = walk(term, bound)
                        if isvar(current):
                            bound = {**bound, current: value}
                        elif current != value:
                            break
                else:
                    yield bound

        return table_goal


pluso = Table(
    "pluso",
    ((a, c - a, c) for c in range(LARGEST + 1) for a in range(c + 1)),
)
pluso.__doc__ = "pluso(a, b, c) holds when a + b = c, all whole numbers from 0 to 8."

_within = Table("mineso", ((x, n) for n in range(LARGEST + 1) for x in range(n + 1)))


def mineso(x: object, n: object) -> Goal:
    """Holds when x of a group of n cells are mines: x is one of 0, 1, …, n."""
    return _within(x, n)


def counto(groups: Sequence[tuple[object, int]], total: object) -> Goal:
    """Holds when the groups, each a (mines, size) pair, hold `total` mines in all.

    Runs forwards (the mines given, total found) and backwards (total given, every way to
    spread it over the groups listed).
    """
    if not groups:
        return eq(total, 0)
    (x, n), *rest = groups
    rest_total = var()
    return lall(pluso(x, rest_total, total), mineso(x, n), counto(rest, rest_total))


def conjo(*goals: Goal) -> Goal:
    """Holds when every goal holds: a depth-first conjunction.

    kanren's `lall` nests one Python generator per goal, so a conjunction of a thousand goals
    exceeds Python's recursion limit. This one keeps one stream per goal on an explicit stack
    instead: any number of goals, and (as the domains here are finite) still every answer. The
    staging's pieces are small, but a piece stated by hand (the tutorial does) may not be.
    """

    def conjo_goal(state):
        if not goals:
            yield state
            return
        streams = [goals[0](state)]
        while streams:
            state_next = next(streams[-1], None)
            if state_next is None:
                streams.pop()
            elif len(streams) == len(goals):
                yield state_next
            else:
                streams.append(goals[len(streams)](state_next))

    return conjo_goal


def pieceo(xs: Sequence[object], piece: Piece) -> Goal:
    """Holds when xs (one per variable) is a model of the piece: each sum holds, each x in range.

    Sums come in the piece's order, so that a variable bound by one sum is checked by the next
    sum that mentions it; variables no sum mentions are listed last.
    """
    goals = [
        counto([(xs[i], piece.sizes[i]) for i in indices], total) for indices, total in piece.sums
    ]
    mentioned = {i for indices, _ in piece.sums for i in indices}
    goals += [mineso(xs[i], n) for i, n in enumerate(piece.sizes) if i not in mentioned]
    return conjo(*goals)


class KanrenBackend(StagedBackend):
    """check / count / solutions with miniKanren as the engine."""

    name = "kanren"

    def models(self, piece: Piece, limit: int | None = None) -> Sequence[Model]:
        if any(n > LARGEST for n in piece.sizes):
            raise ValueError(f"a group of {max(piece.sizes)} cells: no digit touches more than 8")
        xs = tuple(var() for _ in piece.sizes)
        return run(0 if limit is None else limit, xs, pieceo(xs, piece))
