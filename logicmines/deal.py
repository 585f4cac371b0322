"""generate game: seeded game boards with a safe first click, a zero start, or no guess needed.

A no-guess game is dealt the way good generators do it: lay the mines at random, let the judge of
`logicmines.solvable` play from the first click, and when it is stuck, move a mine from a square
it could not settle to an unknown square away from everything opened (or, when there is none, to
another unknown square), then let it go on from where it was. Moving mines changes digits that
were already read, so once the judge has won, the final layout is played again from the first
click by the same judge: a game is dealt only when that fresh play wins.

Everything is drawn from `Draw`, which uses nothing of Python's `random` but
`random.Random(seed).random()` (whose sequence for an integer seed is stable across Python
versions, unlike `shuffle`, `sample` and `randrange`): the same seed and options give the same
board on every machine. docs/generate.md states the contract.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .board import (
    Board,
    Cell,
    require_callable,
    require_cell,
    require_flag,
    require_whole,
    shown_value,
)
from .engine import Deadline, valid_timeout
from .solvable import Position
from .words import at, digits_past, off_board, plural, said, side, too_long_number

__all__ = [
    "PRESETS",
    "DealError",
    "Draw",
    "Game",
    "deal",
    "game_lines",
    "game_record",
    "parse_size",
]

# Sizes players know by name: height, width, mines.
PRESETS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (16, 30, 99)}
# The most cells a board may have: a 1000x1000 game is already far past any player's.
LARGEST = 1_000_000
# Mines moved before a no-guess deal gives up, per cell of the board.
MOVES_PER_CELL = 4
FEWEST_MOVES = 200  # and at least this many, for small boards with few layouts that need none
# When the moves give up on a board with at most this many layouts, every layout is played, in an
# order drawn from the seed: on a small board moving mines can circle among layouts that all need
# a guess while a few that need none exist (3x4 with 4 mines: 19 of 330).
EVERY_LAYOUT = 20_000

Item = TypeVar("Item")


class DealError(ValueError):
    """A board that cannot be dealt: an impossible size, mine count, first click or seed."""


class Draw:
    """Seeded choices built on `random.Random(seed).random()` alone (stable across versions)."""

    def __init__(self, seed: int):
        self._random = random.Random(seed).random

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1."""
        return min(n - 1, int(self._random() * n))

    def choice(self, items: Sequence[Item]) -> Item:
        return items[self.below(len(items))]

    def sample(self, items: Sequence[Item], k: int) -> list[Item]:
        """k distinct items, in the order drawn (the first k steps of a Fisher-Yates shuffle)."""
        pool = list(items)
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def shuffled(self, items: Sequence[Item]) -> list[Item]:
        return self.sample(items, len(items))


def parse_size(text: str) -> tuple[int, int, int | None]:
    """`HxW` (height by width) or a preset name, as (height, width, the preset's mines or None).
    DealError for text that is neither, TypeError for what is not text."""
    if not isinstance(text, str):
        raise TypeError(f"parse_size needs a size as text, like '16x30', not {shown_value(text)}")
    name = text.strip().lower()
    if name in PRESETS:
        return PRESETS[name]
    match = re.fullmatch(r"\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*", text)
    if match is None:
        names = ", ".join(PRESETS)
        raise DealError(f"a size is HxW (like 16x30) or one of {names}, not {said(text)}")
    if digits := digits_past(match.group(1), match.group(2)):
        raise DealError(too_long_number(digits))
    height, width = int(match.group(1)), int(match.group(2))
    check_size(height, width)
    return height, width, None


def check_size(height: int, width: int) -> None:
    if height < 1 or width < 1:
        raise DealError(f"a board has at least one row and one column, not {height}x{width}")
    if height * width > LARGEST:
        raise DealError(f"{side(height)}x{side(width)} has more than {LARGEST:,} cells")


def check_seed(seed: int) -> int:
    if not 0 <= seed < 2**64:
        raise DealError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed}")
    return seed


@dataclass(frozen=True)
class Game:
    """A dealt game: the board (E and M), the first click it was dealt for, and how."""

    board: Board
    first: Cell
    mines: int
    seed: int
    no_guess: bool
    zero_start: bool
    moves: int  # mines moved to make it need no guess


def deal(
    height: int,
    width: int,
    mines: int,
    *,
    first: Cell | None = None,
    no_guess: bool = False,
    zero_start: bool = False,
    seed: int = 0,
    timeout: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Game:
    """A game of `mines` mines whose first click (the centre by default) is safe; with
    `zero_start` its whole 3x3 neighbourhood is mine-free; with `no_guess`, `solvable` wins it
    from that click with the mine total. DealError for what cannot be dealt. `progress(moved,
    most)`, when given, is told after each mine a no-guess deal moves (it changes nothing).
    A size, count, seed, first click, flag, timeout or progress of the wrong type is a TypeError."""
    for argument, value in (("height", height), ("width", width), ("mines", mines), ("seed", seed)):
        require_whole("deal", argument, value)
    if first is not None:
        require_cell("deal", "first", first)
    require_flag("deal", "no_guess", no_guess)
    require_flag("deal", "zero_start", zero_start)
    require_callable("deal", "progress", progress)
    check_size(height, width)
    check_seed(seed)
    valid_timeout(timeout, "deal", DealError)  # refused even where no limit is read (no mine moved)
    first = (height // 2, width // 2) if first is None else tuple(first)
    kept = _kept_clear(height, width, mines, first, zero_start)
    draw = Draw(seed)
    cells = [(r, c) for r in range(height) for c in range(width) if (r, c) not in kept]
    layout = set(draw.sample(cells, mines))
    moves = 0
    if no_guess:
        layout, moves = _no_guess(
            height, width, layout, first, kept, draw, Deadline("generate game", timeout), progress
        )
    rows = tuple(
        "".join("M" if (r, c) in layout else "E" for c in range(width)) for r in range(height)
    )
    return Game(Board(rows, "game"), first, mines, seed, no_guess, zero_start, moves)


def _kept_clear(height: int, width: int, mines: int, first: Cell, zero_start: bool) -> set[Cell]:
    """The squares no mine may be on (the first click, and its neighbours for a zero start), or
    DealError when the mines do not fit around them."""
    if (off := off_board(first, height, width)) is not None:
        raise DealError(f"first click {off}")
    r, c = first
    kept = {first}
    if zero_start:
        kept.update(
            (i, j)
            for i in range(max(0, r - 1), min(height, r + 2))
            for j in range(max(0, c - 1), min(width, c + 2))
        )
    room = height * width - len(kept)
    if mines < 0:
        raise DealError(f"the number of mines cannot be negative ({mines})")
    if mines > room:
        why = (
            f"with a zero start at {at(first)} (its {len(kept)} squares kept clear)"
            if zero_start
            else f"with the first click at {at(first)} kept safe"
        )
        raise DealError(
            f"{height}x{width} holds at most {plural(room, 'mine')} {why}, not {mines:,}"
        )
    return kept


def _no_guess(
    height: int,
    width: int,
    layout: set[Cell],
    first: Cell,
    kept: set[Cell],
    draw: Draw,
    deadline: Deadline,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[set[Cell], int]:
    """The layout with mines moved until the judge wins from `first`, and how many were moved."""
    total = len(layout)

    def fresh(mines: set[Cell]) -> Position:
        position = Position(height, width, mines, total)
        position.open(first)
        return position

    position = fresh(layout)
    moves, most = 0, max(FEWEST_MOVES, MOVES_PER_CELL * height * width)
    while True:
        if position.play(deadline):
            again = fresh(position.mines)
            if again.play(deadline):
                return again.mines, moves
            position = again  # go on from where a fresh play gets stuck
        if moves >= most:
            return _every_layout(height, width, total, first, kept, draw, deadline, moves), moves
        moves += 1
        if progress is not None:
            progress(moves, most)
        if not _move_a_mine(position, draw):
            # Every unknown square is beside the opened ones (the end of the game, or a first
            # click hemmed in by mines): a mine the judge has not found (any mine, when it found
            # them all) goes to a safe square anywhere, opened or not, and the game is played
            # afresh.
            mines = sorted(position.mines)
            stuck = [cell for cell in mines if position.unknown(cell)] or mines
            safe = [
                cell for cell in position.cells() if cell not in position.mines and cell not in kept
            ]
            position.move(draw.choice(stuck), draw.choice(safe))
            position = fresh(position.mines)


def _every_layout(
    height: int,
    width: int,
    total: int,
    first: Cell,
    kept: set[Cell],
    draw: Draw,
    deadline: Deadline,
    moved: int,
) -> set[Cell]:
    """The first layout, in an order drawn from `draw`, that the judge wins from `first`, when the
    board has at most EVERY_LAYOUT of them; DealError when none does, or there are too many
    (after `moved` mines moved in vain)."""
    free = [(r, c) for r in range(height) for c in range(width) if (r, c) not in kept]
    many = math.comb(len(free), total)
    where = f"{height}x{width} with {plural(total, 'mine')}"
    if many > EVERY_LAYOUT:
        raise DealError(
            f"no game of {where} that needs no guess was found after moving "
            f"{plural(moved, 'mine')}: try another seed, or another number of mines"
        )
    for chosen in draw.shuffled(list(itertools.combinations(free, total))):
        position = Position(height, width, set(chosen), total)
        position.open(first)
        if position.play(deadline):
            return set(chosen)
    raise DealError(
        f"no game of {where} needs no guess from {at(first)}: none of its "
        f"{plural(many, 'layout')} does"
    )


def _move_a_mine(position: Position, draw: Draw) -> bool:
    """Move a mine the judge could not settle (or, when every one beside the opened squares is
    found, one of those that wall the unknown squares off) to an unknown square away from
    everything opened, so that the judge can go on from where it is; False when there is no
    such square."""
    unknown = [cell for cell in position.cells() if position.unknown(cell)]
    opened, around = position.opened, position.around
    beside = {cell for cell in unknown if any(n in opened for n in around[cell])}
    away = [cell for cell in unknown if cell not in beside and cell not in position.mines]
    stuck = [cell for cell in unknown if cell in beside and cell in position.mines]
    if not stuck:
        stuck = [
            cell
            for cell in sorted(position.found)
            if any(n in opened for n in around[cell])
            and any(n in beside or n in away for n in around[cell])
        ]
    if not (stuck and away):
        return False
    position.move(draw.choice(stuck), draw.choice(away))
    return True


# --- what the command prints ----------------------------------------------------------------------


def dealt_as(no_guess: bool, zero_start: bool) -> str:
    """How a game was dealt, as its lines say it: ' (no guess, zero start)', ' (zero start)',
    ...; '' for a plain deal. `logicmines.game` reads these words back."""
    how = [word for word, on in (("no guess", no_guess), ("zero start", zero_start)) if on]
    return f" ({', '.join(how)})" if how else ""


def _how(game: Game) -> str:
    return f"{game.board.height}x{game.board.width}, {plural(game.mines, 'mine')}, first click " + (
        f"{game.first[0]},{game.first[1]}"
        + dealt_as(game.no_guess, game.zero_start)
        + f", seed {game.seed}"
    )


def game_lines(game: Game) -> list[str]:
    """The game as text: a comment line saying how it was dealt, then the board."""
    return [f"# {_how(game)}", *game.board.rows]


def game_record(game: Game) -> dict:
    """The game as one JSON object."""
    return {
        "height": game.board.height,
        "width": game.board.width,
        "mines": game.mines,
        "first": list(game.first),
        "seed": str(game.seed),  # up to 2**64 - 1: digits, as counts are (docs/json.md)
        "no_guess": game.no_guess,
        "zero_start": game.zero_start,
        "moves": game.moves,
        "rows": list(game.board.rows),
    }
