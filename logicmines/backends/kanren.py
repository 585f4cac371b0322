"""The kanren backend: Minesweeper's rules as miniKanren relations (pure Python, the default).

The relations, from the smallest up:

- ``pluso(a, b, c)``: a + b = c, for the small whole numbers a board needs (a table of facts, so
  it runs in every direction: ask for every (a, b) that make 3 and it lists them);
- ``mineso(x, n)``: x of a group of n interchangeable cells are mines (0 <= x <= n);
- ``counto(groups, total)``: the groups hold `total` mines in all; a digit k is
  ``counto(<its unknown neighbours, each a group of one>, k - <known mines around it>)``;
- ``pieceo(xs, piece)``: every variable of a piece within its group, every sum of the piece
  holding;
- ``boardo(board, mines)``: a whole board as one relation, the twin of ``board_mines/2`` in
  ``prolog/board.pl``; ``board_models`` runs it. It has no staging: it is for small boards.

The engine does all of the search. `logicmines.staging` hands it small pieces (one digit, two
digits sharing cells, one group in the count along the frontier) and does only what a host
language does around a relational core: split, order, multiply.

The rules come first. At the bottom, under "Performance substitutes", are the two pieces of
plumbing that stand in for kanren's own (`Table` for its `Relation`, `conjo` for its `lall`):
they change how fast and how deep the rules run, not what they say.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import islice

from kanren import eq, lall, run, var
from kanren.core import GoalType
from unification import isvar
from unification.utils import transitive_get as walk

from ..board import Board
from ..engine import Model, Piece
from .staged import StagedBackend

# A digit needs at most 8 mines and touches at most 8 cells, so every number the rules form
# (a group's size, its mines, a partial sum) is a whole number from 0 to 8.
LARGEST = 8


# --- The rules ------------------------------------------------------------------------------------


def pluso(a: object, b: object, c: object) -> GoalType:
    """Holds when a + b = c, all three whole numbers from 0 to 8.

    A table of facts (every such sum), so any of a, b, c may be unknown: forwards it adds,
    backwards it lists every split of c.

    Outside the table it raises rather than fail: a failure would read as "no such sum" when
    the sum exists but the table stops at 8. So when the goal runs, an argument known to be
    anything but a whole number from 0 to 8, or a and b known with a + b past 8, is a
    ValueError that says which. Failing stays for sums that do not hold over the whole numbers:
    pluso(5, b, 3), and any c below 0 (the staging asks that of a digit with too many mines
    around it). The table is not extended because the rules never need more (see LARGEST) and
    because pluso must stay finite when two of a, b, c are unknown: counto runs it forwards
    with the total unknown.
    """

    def pluso_goal(state):
        known = [walk(term, state) for term in (a, b, c)]
        key = tuple(None if isvar(term) else term for term in known)
        try:
            in_table = key in _sums.index
        except TypeError:  # an unhashable term, a list say
            in_table = False
        if not in_table:  # only then is it worth asking why: the common path stays one lookup
            _beyond_the_table(known)
        return _sums(*known)(state)

    return pluso_goal


def _beyond_the_table(known: list[object]) -> None:
    """Raise ValueError when pluso's arguments, as bound, fall outside its table (else the sum
    simply does not hold, and pluso fails)."""
    c = known[2]
    if isinstance(c, int) and c < 0:
        return  # no whole numbers add up to it: a digit with too many mines around it asks this
    for name, value in zip("abc", known):
        if not isvar(value) and not (isinstance(value, int) and 0 <= value <= LARGEST):
            raise ValueError(
                f"pluso: {name} is {value!r}; pluso adds whole numbers from 0 to {LARGEST}"
            )
    x, y = known[0], known[1]
    if not isvar(x) and not isvar(y) and x + y > LARGEST:
        raise ValueError(
            f"pluso: {x} + {y} = {x + y} is past {LARGEST}, the largest sum in its table"
        )


def mineso(x: object, n: object) -> GoalType:
    """Holds when x of a group of n cells are mines: x is one of 0, 1, …, n.

    A table of facts for groups of at most 8 cells (a group shares a digit, which has 8
    neighbours at most), so it runs both ways: n given, it lists x. As pluso does, it raises
    rather than fail where the table stops short of the answer: n known to be anything but a
    whole number from 0 to 8, or x known past 8, is a ValueError. With n unknown it lists n up
    to 8 only.
    """

    def mineso_goal(state):
        known = [walk(term, state) for term in (x, n)]
        count, size = known
        if not isvar(size) and not (isinstance(size, int) and 0 <= size <= LARGEST):
            raise ValueError(f"mineso: n is {size!r}; mineso knows groups of 0 to {LARGEST} cells")
        if isinstance(count, int) and count > LARGEST:
            raise ValueError(f"mineso: x is {count}; a group of at most {LARGEST} cells holds")
        return _within(*known)(state)

    return mineso_goal


def counto(groups: Sequence[tuple[object, int]], total: object) -> GoalType:
    """Holds when the groups, each a (mines, size) pair, hold `total` mines in all.

    Runs forwards (the mines given, total found) and backwards (total given, every way to
    spread it over the groups listed).
    """
    if not groups:
        return eq(total, 0)
    (x, n), *rest = groups
    rest_total = var()
    return lall(pluso(x, rest_total, total), mineso(x, n), counto(rest, rest_total))


def pieceo(xs: Sequence[object], piece: Piece) -> GoalType:
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


def boardo(board: Board, mines: object) -> GoalType:
    """Holds when mines (rows of 0 and 1, 1 a mine) is a layout of the board that every digit fits.

    The board is given, as `board_mines(+Rows, -Mines)` takes its rows: its shape and its digits
    are read in Python. `mines` runs in every direction: a fresh variable lists every layout, a
    grid with some cells fixed lists the layouts that extend it, a whole layout is checked.

    Each cell is one term: a fresh variable for `?`, 1 for `*`, 0 for a digit. Each digit is one
    `counto` over its neighbours' terms (groups of one), with the digit as the total. Digits with
    no unknown neighbour come first: they choose nothing, so a digit its known neighbours already
    contradict fails the board before any search. The rest follow in reading order: a digit's
    unknown neighbours are mostly those of the digits just before it (to its left, in the row
    above), so its goal checks their values as soon as they are chosen, before the search
    branches anywhere else. Unknown cells that no digit touches come last (each is 0 or 1, and
    doubles the layouts).
    """
    puzzle = board.as_puzzle()
    terms = {cell: _term(puzzle[cell]) for cell in puzzle.cells()}
    grid = tuple(tuple(terms[r, c] for c in range(puzzle.width)) for r in range(puzzle.height))
    digits = [cell for cell in puzzle.cells() if puzzle[cell].isdigit()]
    # The sort is stable: within each kind, the digits stay in reading order.
    digits.sort(key=lambda cell: any(isvar(terms[n]) for n in puzzle.neighbours(cell)))
    counted = [
        counto([(terms[n], 1) for n in puzzle.neighbours(cell)], int(puzzle[cell]))
        for cell in digits
    ]
    touched = {n for cell in digits for n in puzzle.neighbours(cell)}
    loose = [mineso(t, 1) for cell, t in terms.items() if isvar(t) and cell not in touched]
    return conjo(eq(mines, grid), *counted, *loose)


def _term(symbol: str) -> object:
    """A cell's term in boardo, as in board.pl: `?` a fresh variable, `*` 1 and a digit 0."""
    return var() if symbol == "?" else 1 if symbol == "*" else 0


def board_models(board: Board, limit: int | None = None) -> list[Board]:
    """The first `limit` solved boards of `board` (all of them by default), found by boardo.

    No staging: boardo walks every layout the digits allow, one by one. So it is for small
    boards, and the tests use it as an oracle for the staged backend on the kanren side.
    """
    puzzle = board.as_puzzle()
    mines = var()
    layouts = islice(run(None, mines, boardo(puzzle, mines)), limit)
    return [
        Board.from_mines(
            puzzle.height,
            puzzle.width,
            [(r, c) for r, row in enumerate(layout) for c, mine in enumerate(row) if mine == 1],
        )
        for layout in layouts
    ]


# --- The engine the staging asks ------------------------------------------------------------------


class KanrenBackend(StagedBackend):
    """check / count / solutions with miniKanren as the engine."""

    name = "kanren"

    def models(self, piece: Piece, limit: int | None = None) -> Sequence[Model]:
        if any(n > LARGEST for n in piece.sizes):
            raise ValueError(f"a group of {max(piece.sizes)} cells: no digit touches more than 8")
        if limit == 0:
            return ()  # kanren's run(0, ...) would mean "all of them"
        xs = tuple(var() for _ in piece.sizes)
        return run(0 if limit is None else limit, xs, pieceo(xs, piece))


# --- Performance substitutes ----------------------------------------------------------------------
#
# The rules above would read the same with kanren's own pieces: `pluso` and `mineso` as a
# `kanren.facts.Relation` filled with `facts(...)`, and every conjunction a `lall`. Two
# substitutes stand in for those, for speed and depth alone; what the rules say is unchanged.
#
# - `Table` replaces `Relation`. A `Relation` indexes its facts by the arguments as written in
#   the goal, not as bound by the time it runs, and unifies with every fact that index leaves:
#   inside `counto`, whose arguments are mostly variables bound a moment earlier, that is most
#   of the table at every step. `Table` looks up the arguments as bound: one dictionary lookup.
# - `conjo` replaces `lall` where a conjunction may be long. `lall` nests one Python generator
#   per goal, so around a thousand goals exceed Python's recursion limit; `conjo` keeps one
#   stream per goal on a list instead. (`counto` keeps `lall`: it nests one level per group,
#   and a digit has at most 8 neighbours.)


class Table:
    """A relation given by a finite table of facts, like a Prolog predicate made of facts.

    A goal built from it walks its arguments in the state (one step: an argument bound to a
    variable bound to a number reads as the number), looks the facts up by the
    arguments already known (an index per pattern of known positions, built once), and binds the
    rest: so it runs in every direction, as fast as a dictionary lookup.
    """

    def __init__(self, name: str, facts: Iterable[tuple[int, ...]]):
        self.name = name
        self.index: dict[tuple, list[tuple[int, ...]]] = {}
        for fact in facts:
            for mask in range(2 ** len(fact)):
                key = tuple(v if mask >> k & 1 else None for k, v in enumerate(fact))
                self.index.setdefault(key, []).append(fact)

    def __call__(self, *terms: object) -> GoalType:
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


# The facts behind pluso (a + b = c) and mineso (0 <= x <= n), within the numbers a board forms.
_sums = Table("pluso", ((a, c - a, c) for c in range(LARGEST + 1) for a in range(c + 1)))
_within = Table("mineso", ((x, n) for n in range(LARGEST + 1) for x in range(n + 1)))


def conjo(*goals: GoalType) -> GoalType:
    """Holds when every goal holds: a depth-first conjunction.

    It keeps one stream per goal on an explicit stack instead of nesting generators: any number
    of goals, and (as the domains here are finite) still every answer. The staging's pieces are
    small, but a piece stated by hand (the tutorial does) or a whole board (`boardo`) may not be.
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
