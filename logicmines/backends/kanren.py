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
digits sharing cells, one group in the count along the frontier, one whole part) and does only
what a host language does around a relational core: split, order, multiply.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from kanren import conde, eq, lall, run, var
from kanren.facts import Relation, fact

from ..problem import Piece
from ..staging import Model
from .staged import StagedBackend

# A digit needs at most 8 mines, so every partial sum the rules ever form is at most 8.
LARGEST = 8

pluso = Relation("pluso")
for _c in range(LARGEST + 1):
    for _a in range(_c + 1):
        fact(pluso, _a, _c - _a, _c)


@cache
def _values(n: int) -> tuple[int, ...]:
    return tuple(range(n + 1))


def mineso(x, n: int):
    """Holds when x of a group of n cells are mines: x is one of 0, 1, …, n."""
    return conde(*[[eq(x, k)] for k in _values(n)])


def counto(groups: Sequence[tuple[object, int]], total):
    """Holds when the groups, each a (mines, size) pair, hold `total` mines in all.

    Runs forwards (the mines given, total found) and backwards (total given, every way to
    spread it over the groups listed).
    """
    if not groups:
        return eq(total, 0)
    (x, n), *rest = groups
    rest_total = var()
    return lall(pluso(x, rest_total, total), mineso(x, n), counto(rest, rest_total))


def conjo(*goals):
    """Holds when every goal holds: a depth-first conjunction.

    kanren's `lall` nests one Python generator per goal, so a conjunction of a thousand goals
    exceeds Python's recursion limit. This one keeps one stream per goal on an explicit stack
    instead: any number of goals, and (as the domains here are finite) still every answer.
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


def pieceo(xs: Sequence[object], piece: Piece):
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
        if any(total > LARGEST or total < 0 for _, total in piece.sums):
            return ()  # no digit asks for more than 8 mines, or fewer than none
        xs = tuple(var() for _ in piece.sizes)
        return run(0 if limit is None else limit, xs, pieceo(xs, piece))

    def iter_models(self, piece: Piece) -> Iterator[Model]:
        xs = tuple(var() for _ in piece.sizes)
        return run(None, xs, pieceo(xs, piece))
