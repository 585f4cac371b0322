"""solvable: can a game be won from a click by logic alone, and where does logic get stuck?

The judge plays the way a careful player does: it opens every square that is safe in every
solution of what is showing (the mine total included, when given) and marks every square that
is a mine in every solution, until the game is won or no square is settled. Cheap deductions come
first: `settle` (one digit, then two digits sharing cells) on the digits near what just changed.
Only when those are stuck is the exact analysis asked, on the whole board. Both are sound, and
the exact analysis is complete, so the verdict is exactly "won by logic alone"; the order only
changes how fast it comes. `Position` is the judge's state, which `logicmines.deal` also moves
mines in when it deals games that need no guess.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache

from .analysis import analyze
from .backends import Backend, make_backend
from .board import (
    Board,
    Cell,
    contradiction,
    neighbours_within,
    require_board,
    require_cell,
    require_whole,
)
from .engine import Deadline, valid_timeout
from .problem import Constraint, Problem
from .reveal import already_revealed, exploded
from .staging import settle
from .words import at, off_board, plural

__all__ = [
    "Position",
    "Solvability",
    "SolvableError",
    "solvable",
    "solvable_lines",
    "solvable_record",
]

# How far from a changed square a digit can be and still learn something from the change: a digit
# beside the square (1), and the digits sharing unknown cells with that one (2 further).
_REACH = 3


class SolvableError(ValueError):
    """A game the judge cannot play: not a game board, lost, inconsistent, or a bad click."""


@cache
def _backend() -> Backend:
    """The engine the judge asks (kanren), made once: its memo of answers serves every game."""
    return make_backend("kanren")


class _Around(dict):
    """Each cell's neighbours on a board of one size, worked out when first asked for and kept:
    all of a million cells' take seconds, which a time limit could not interrupt, and a game
    that logic stops early never asks for most of them. A cell off the board is a KeyError."""

    def __init__(self, height: int, width: int):
        super().__init__()
        self.height, self.width = height, width

    def __missing__(self, cell: Cell) -> tuple[Cell, ...]:
        r, c = cell
        if not (0 <= r < self.height and 0 <= c < self.width):
            raise KeyError(cell)
        found = neighbours_within(cell, self.height, self.width)
        self[cell] = found
        return found


@cache
def _neighbours(height: int, width: int) -> _Around:
    """The cells' neighbours on a board of this size, one table per size."""
    return _Around(height, width)


class Position:
    """A game as the judge plays it: where the mines are (the truth), the squares opened, the mines
    found. `total` is the mine total the judge may use (None: it plays without it)."""

    def __init__(self, height: int, width: int, mines: Iterable[Cell], total: int | None = None):
        self.height, self.width = height, width
        self.mines = set(mines)
        self.total = total
        self.around = _neighbours(height, width)
        self.digits: dict[Cell, int] = {}  # the mines around each cell; a cell left out has none
        for mine in self.mines:
            for cell in self.around[mine]:
                self.digits[cell] = self.digits.get(cell, 0) + 1
        self.opened: set[Cell] = set()
        self.found: set[Cell] = set()  # mines the judge has deduced
        self.changed: set[Cell] = set()  # squares opened, found or moved since the last settle

    @property
    def won(self) -> bool:
        """Every safe square is open."""
        return len(self.opened) == self.height * self.width - len(self.mines)

    def cells(self) -> list[Cell]:
        """Every square, in reading order."""
        return [(r, c) for r in range(self.height) for c in range(self.width)]

    def digit(self, cell: Cell) -> int:
        """The mines around `cell`."""
        return self.digits.get(cell, 0)

    def unknown(self, cell: Cell) -> bool:
        return cell not in self.opened and cell not in self.found

    def open(self, cell: Cell) -> None:
        """Open a safe square, and every square a blank floods to (the click rules of reveal)."""
        stack = [cell]
        while stack:
            here = stack.pop()
            if here in self.opened:
                continue
            self.opened.add(here)
            self.changed.add(here)
            if self.digit(here) == 0:
                stack.extend(n for n in self.around[here] if n not in self.opened)

    def move(self, mine: Cell, to: Cell) -> None:
        """Move a mine to a square that is not open (the digits around both change); a mine found
        there is forgotten: the square is unknown again."""
        self.mines.remove(mine)
        self.mines.add(to)
        self.found.discard(mine)
        for cell in self.around[mine]:
            self.digits[cell] -= 1
        for cell in self.around[to]:
            self.digits[cell] = self.digit(cell) + 1
        self.changed.update(self.around[mine])
        self.changed.update(self.around[to])

    def play(self, deadline: Deadline | None = None) -> bool:
        """Deduce and open until the game is won (True) or nothing more is settled (False)."""
        engine = _backend()
        with engine.clock(deadline or Deadline("solvable", None)):
            while not self.won:
                if self._settle_near(engine) or self._settle_exactly(engine):
                    continue
                return False
            return True

    def _digit(self, cell: Cell) -> Constraint | None:
        """The open square's digit as a constraint on its unknown neighbours (None: it has none)."""
        unknown = tuple(n for n in self.around[cell] if self.unknown(n))
        if not unknown:
            return None
        found = sum(1 for n in self.around[cell] if n in self.found)
        return Constraint(cell, self.digit(cell), unknown, self.digit(cell) - found)

    def _settle_near(self, engine: Backend) -> bool:
        """Settle what single digits and pairs of digits near the last changes force; True when
        something was settled."""
        if not self.changed:
            return False
        near = set()
        for r, c in self.changed:
            for i in range(max(0, r - _REACH), min(self.height, r + _REACH + 1)):
                for j in range(max(0, c - _REACH), min(self.width, c + _REACH + 1)):
                    near.add((i, j))
        self.changed = set()
        constraints = []
        for cell in sorted(near & self.opened):
            digit = self._digit(cell)
            if digit is not None:
                constraints.append(digit)
        if not constraints:
            return False
        staged = settle(Problem(self.board(), (), tuple(constraints), 0), engine.memo)
        return self._apply(staged.forced)

    def _settle_exactly(self, engine: Backend) -> bool:
        """Ask the exact analysis of the whole position (with the total, when the judge has it);
        True when it found a safe square."""
        analysis = analyze(Problem.from_board(self.board()), engine.memo, self.total)
        if not analysis.count:  # the truth is always a solution: this cannot happen
            raise AssertionError(f"no solution for a true position: {analysis.reason}")
        safe = analysis.safe
        self._apply(dict.fromkeys(analysis.mines, 1))
        self._apply(dict.fromkeys(safe, 0))
        return bool(safe)

    def _apply(self, forced: dict[Cell, int]) -> bool:
        for cell, value in forced.items():
            if value:
                self.found.add(cell)
                self.changed.add(cell)
        for cell, value in forced.items():
            if not value:
                self.open(cell)
        return bool(forced)

    def board(self) -> Board:
        """What the player knows, as a puzzle: open digits, `*` for mines found, `?` elsewhere."""
        rows = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                cell = (r, c)
                if cell in self.opened:
                    row.append(str(self.digit(cell)))
                elif cell in self.found:
                    row.append("*")
                else:
                    row.append("?")
            rows.append("".join(row))
        return Board(tuple(rows))

    def game(self, like: Board | None = None) -> Board:
        """The game board as far as logic took it: open squares shown (B, 1-8), the others E or M
        (drawn the way `like` was written)."""

        def square(cell: Cell) -> str:
            if cell in self.opened:
                return "B" if self.digit(cell) == 0 else str(self.digit(cell))
            return "M" if cell in self.mines else "E"

        rows = tuple("".join(square((r, c)) for c in range(self.width)) for r in range(self.height))
        if like is None:
            return Board(rows, "game")
        return like.with_rows(rows)

    def stuck(self) -> tuple[Cell, ...]:
        """The squares no deduction settled, in reading order."""
        return tuple(cell for cell in self.cells() if self.unknown(cell))


@dataclass(frozen=True)
class Solvability:
    """The judge's answer: won by logic alone, or where it got stuck."""

    won: bool
    click: Cell
    mines: int | None  # the total the judge used (None: it played without one)
    game: Board  # the game board as far as logic took it (open squares shown)
    known: Board  # the same as a puzzle: digits, `*` for mines deduced, `?` for what is unsettled
    stuck: tuple[Cell, ...]  # unknown squares no deduction settles (empty when won)

    @property
    def frontier(self) -> tuple[Cell, ...]:
        """The stuck squares beside an open one: where the deduction stopped."""
        known = self.known
        return tuple(
            cell for cell in self.stuck if any(known[n].isdigit() for n in known.neighbours(cell))
        )


def solvable(
    game: Board, click: Cell, mines: int | None = None, timeout: float | None = None
) -> Solvability:
    """Play `game` (a LeetCode game board, mines marked M) from `click` by deduction alone, with
    the mine total `mines` when given. SolvableError for a board or click it cannot play."""
    valid_timeout(timeout, "solvable")
    deadline = Deadline("solvable", timeout)  # from the call: reading the game counts too
    layout = check_game(game, click, mines)
    click = tuple(click)
    position = Position(game.height, game.width, layout, mines)
    for cell in game.cells():
        if game[cell] not in "EM":
            position.opened.add(cell)
            position.changed.add(cell)
    position.open(click)
    won = position.play(deadline)
    known = position.board()
    if won:  # every safe square is open, so each one left is a mine, and known to be one
        known = replace(known, rows=tuple(row.replace("?", "*") for row in known.rows))
    return Solvability(
        won, click, mines, position.game(game), known, () if won else position.stuck()
    )


def check_game(game: Board, click: Cell, mines: int | None = None) -> set[Cell]:
    """The mines of a game the judge can play from `click`, or SolvableError saying why not
    (TypeError for a game that is not a Board, a click that is not a pair of whole numbers, a
    total that is not a whole number)."""
    require_board("solvable", game, "game Board")
    require_cell("solvable", "click", click)
    require_whole("solvable", "mines", mines, optional=True)
    click = tuple(click)
    if game.kind != "game":
        raise SolvableError(
            "solvable needs a game board (E M B X 1-8, mines marked M); this is a puzzle board, "
            "which does not say where the mines are"
        )
    lost = exploded(game)
    if lost is not None:
        raise SolvableError(f"the board shows X at {at(lost)}: the game is already lost")
    layout = {cell for cell in game.cells() if game[cell] == "M"}
    if (wrong := contradiction(game, exact=True)) is not None:
        raise SolvableError(wrong[1])  # worded as every command words it
    if mines is not None and mines < 0:
        raise SolvableError(f"the number of mines cannot be negative ({mines:,})")
    if mines is not None and mines != len(layout):
        raise SolvableError(
            f"the board holds {plural(len(layout), 'mine')} (M), not {mines:,}: the mine total "
            "(--mines) must be theirs"
        )
    if (off := off_board(click, game.height, game.width)) is not None:
        raise SolvableError(f"click {off}")
    if game[click] == "M":
        raise SolvableError(f"click {at(click)} is on a mine: the game would be lost")
    if game[click] != "E":
        raise SolvableError(already_revealed("click", click, game[click]))
    return layout


# --- what the command prints ----------------------------------------------------------------------


def solvable_lines(answer: Solvability) -> list[str]:
    """The answer as text: yes, or no with the position where logic got stuck."""
    start = f"from {at(answer.click)}" + (
        "" if answer.mines is None else f" with {plural(answer.mines, 'mine')} in all"
    )
    if answer.won:
        return [f"yes: won by logic alone {start}"]
    frontier = answer.frontier
    cells = " ".join(at(cell) for cell in frontier[:20])
    more = f" and {len(frontier) - 20} more" if len(frontier) > 20 else ""
    return [
        f"no: stuck {start}, {plural(len(answer.stuck), 'unknown square')} that no deduction "
        "settles (? below; * marks the mines deduced)",
        *("  " + row for row in answer.known.rows),
        f"stuck beside the open squares: {cells or '(none)'}{more}",
    ]


def solvable_record(answer: Solvability) -> dict:
    """The answer as one JSON object."""
    return {
        "solvable": answer.won,
        "click": list(answer.click),
        "mines": answer.mines,
        "rows": list(answer.game.rows),
        "known": list(answer.known.rows),
        "stuck": [list(cell) for cell in answer.stuck],
        "frontier": [list(cell) for cell in answer.frontier],
    }
