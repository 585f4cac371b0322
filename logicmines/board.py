"""Boards: an immutable grid of cells, its neighbours, and the game-to-puzzle view."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Literal

from .words import at, plural

Kind = Literal["puzzle", "game"]
Form = Literal["grid", "brackets"]
Cell = tuple[int, int]

PUZZLE_ONLY = frozenset("0*?")
GAME_ONLY = frozenset("EMBX")
SHARED = frozenset("12345678")
PUZZLE_CELLS = PUZZLE_ONLY | SHARED
GAME_CELLS = GAME_ONLY | SHARED
# The cells of each kind, as messages list them.
CELLS_SHOWN = {"puzzle": "0-8 * ?", "game": "E M B X 1-8"}

# The puzzle a game poses (docs/rules.md): unrevealed squares are unknown, a blank is a 0.
# A revealed mine (X) is a known mine.
_DIGITS = "012345678"
_GAME_TO_PUZZLE = str.maketrans({"E": "?", "M": "?", "B": "0", "X": "*"})


def positions(row: str, ch: str) -> Iterator[int]:
    """The columns where `row` holds `ch`, left to right."""
    c = row.find(ch)
    while c >= 0:
        yield c
        c = row.find(ch, c + 1)


@dataclass(frozen=True)
class Board:
    """A rectangle of one-character cells, of one kind (puzzle or game).

    `form`, `quote`, `source` and `line` remember how and where the board was written, so that
    output can be drawn the way it came in and errors can point at the file.
    """

    rows: tuple[str, ...]
    kind: Kind = "puzzle"
    form: Form = field(default="grid", compare=False)
    quote: str = field(default='"', compare=False)
    source: str = field(default="<board>", compare=False)
    line: int = field(default=1, compare=False)
    # Each row as the parser read it (an object whose place(i) is where cell i stands in the
    # text), so that a message about one cell can point at it; empty for a board made otherwise.
    read_from: tuple = field(default=(), compare=False, repr=False)

    def __getstate__(self) -> dict:
        # A board sent to another process (or copied) goes without where its rows were read:
        # only the command that read the text reports places in it.
        return {**self.__dict__, "read_from": ()}

    def place(self, cell: Cell) -> tuple[int, int] | None:
        """The line and column (from 1) of `cell`'s character in the text the board was read
        from; None for a board not read from text."""
        if not self.read_from:
            return None
        require_cell("place", "cell", cell)
        r, c = cell
        if not (0 <= r < self.height and 0 <= c < self.width):  # not wrapped round, nor past a row
            raise ValueError(f"place: {at(cell)} is not on the {self.height}x{self.width} board")
        return self.read_from[r].place(c)

    def where(self, cell: Cell | None = None) -> str:
        """`SOURCE:LINE:COLUMN` of `cell`'s character, for an error about that square; the
        board's `SOURCE:LINE` when no cell is given or the board was not read from text."""
        place = self.place(cell) if cell is not None else None
        return f"{self.source}:{place[0]}:{place[1]}" if place else f"{self.source}:{self.line}"

    def __post_init__(self) -> None:
        rows = self.rows
        if not isinstance(rows, (tuple, list)) or not all(isinstance(row, str) for row in rows):
            raise TypeError(
                "Board needs its rows as a tuple of strings, one to a row (Board.from_text and "
                f"parse_board read text), not {shown_value(rows)}"
            )
        if isinstance(rows, list):  # kept as a tuple: the board never changes with the list
            object.__setattr__(self, "rows", tuple(rows))
        if self.kind not in ("puzzle", "game"):
            shown = shown_value(self.kind)
            raise ValueError(f"a board's kind is 'puzzle' or 'game', not {shown}")
        if self.form not in ("grid", "brackets"):
            shown = shown_value(self.form)
            raise ValueError(f"a board's form is 'grid' or 'brackets', not {shown}")
        if not isinstance(self.source, str):
            raise TypeError(
                f"a board's source is a file name, a str, not {shown_value(self.source)}"
            )
        if not whole_number(self.line):
            raise TypeError(f"a board's line is a whole number, not {shown_value(self.line)}")
        if self.line < 1:
            raise ValueError(f"a board's line is counted from 1, not {self.line}")
        if self.quote not in ('"', "'"):
            raise ValueError(f"a board's quote is \" or ', not {shown_value(self.quote)}")
        if not self.rows or not self.rows[0]:
            raise ValueError("a board has at least one cell")
        width = len(self.rows[0])
        if any(len(row) != width for row in self.rows):
            raise ValueError("every row of a board has the same number of cells")
        allowed = PUZZLE_CELLS if self.kind == "puzzle" else GAME_CELLS
        for row in self.rows:
            bad = set(row) - allowed
            if bad:
                other = "game" if self.kind == "puzzle" else "puzzle"
                fits = set("".join(self.rows)) <= (GAME_CELLS if other == "game" else PUZZLE_CELLS)
                hint = f" (a {other} board is Board(rows, '{other}'))" if fits else ""
                if not hint and self.kind == "puzzle" and bad & {"F", "."}:
                    hint = " (F and . are read as * and ? by parse_board, not by Board)"
                raise ValueError(
                    f"{sorted(bad)[0]!r} is not a {self.kind} cell: a {self.kind} board's cells "
                    f"are {CELLS_SHOWN[self.kind]}{hint}"
                )

    @classmethod
    def from_mines(cls, height: int, width: int, mines: Iterable[Cell]) -> Board:
        """The fully revealed puzzle board of a mine layout: `*` on every mine, and on every
        other cell the digit that counts the mines around it. A mine named twice is one mine;
        a mine off the board, or a size that is not one, is a ValueError (TypeError for what is
        not a whole number)."""
        for name, value in (("height", height), ("width", width)):
            require_whole("from_mines", name, value)
            if value < 1:
                raise ValueError(f"from_mines: {name} must be at least 1, not {value}")
        if not isinstance(mines, Iterable) or isinstance(mines, (str, bytes)):
            raise TypeError(
                "from_mines: mines must be (row, column) pairs, a set or a list, "
                f"not {shown_value(mines)}"
            )
        cells = set()
        for cell in mines:
            if not is_cell(cell):
                raise TypeError(
                    "from_mines: a mine is a (row, column) pair of whole numbers, "
                    f"not {shown_value(cell)}{pair_hint(cell)}"
                )
            r, c = cell
            if not (0 <= r < height and 0 <= c < width):
                raise ValueError(f"from_mines: the mine ({r}, {c}) is off a {height}x{width} board")
            cells.add((r, c))
        counts = mine_counts(height, width, cells)
        is_mine = [[False] * width for _ in range(height)]
        for r, c in cells:
            is_mine[r][c] = True
        rows = tuple(
            "".join("*" if mine else _DIGITS[n] for mine, n in zip(is_mine[r], counts[r + 1][1:-1]))
            for r in range(height)
        )
        return cls(rows)

    @classmethod
    def from_text(cls, text: str, kind: Kind | None = None) -> Board:
        """A board from its rows in one string, separated by `/`, newlines or spaces:
        `"1121 / 1??*"`. Without `kind`, it is a game board if any of E M B X appears in it, and
        otherwise a puzzle. It reads only the cells `Board` takes: a `#` comment, the bracketed
        LeetCode form and `F` or `.` (for `*` or `?`) are each a ValueError, and a blank line is
        one more separator, not the end of a board. parse_board and parse_boards read all of
        those, as a board file holds them (but not `/` or spaces between rows)."""
        if not isinstance(text, str):
            raise TypeError(f"Board.from_text needs the board's text, not {shown_value(text)}")
        rows = tuple(text.replace("/", " ").split())
        if any(row.startswith("#") for row in rows):  # its words would be rows of odd widths
            raise ValueError(
                "Board.from_text reads cells only, and '#' starts a comment: "
                "parse_board reads a board with its comments"
            )
        if kind is None:
            kind = "game" if any(set(row) & GAME_ONLY for row in rows) else "puzzle"
        return cls(rows, kind)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    def __getitem__(self, cell: Cell) -> str:
        """The letter at `cell`, a (row, column) pair: an IndexError off the board (a negative
        row or column too, which Python would count from the end), a TypeError for what is not
        a pair of whole numbers."""
        try:
            r, c = cell
            # True and False are ints to Python, but not a row or column (is_cell refuses them)
            if r >= 0 and c >= 0 and not (r is True or r is False or c is True or c is False):
                return self.rows[r][c]
        except (TypeError, ValueError, IndexError):
            pass
        if not is_cell(cell):
            raise TypeError(
                "a board is indexed by a (row, column) pair of whole numbers, "
                f"not {shown_value(cell)}"
            )
        raise IndexError(
            f"{tuple(cell)} is off the {self.height}x{self.width} board (rows 0-{self.height - 1}, "
            f"columns 0-{self.width - 1})"
        )

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row."""
        for r in range(self.height):
            for c in range(self.width):
                yield (r, c)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The up to 8 cells around `cell`, each once, all on the board. A cell off the board is
        a ValueError; what is not a (row, column) pair of whole numbers, a TypeError."""
        height, width = len(self.rows), len(self.rows[0])
        # The usual call, with a board's own cell, pays for a few type tests and comparisons.
        if type(cell) is tuple and len(cell) == 2:
            r, c = cell
            if type(r) is int and type(c) is int and 0 <= r < height and 0 <= c < width:
                return neighbours_within(cell, height, width)
        require_cell("neighbours", "cell", cell)
        r, c = cell
        if not (0 <= r < height and 0 <= c < width):
            raise ValueError(f"neighbours: {at(cell)} is not on the {height}x{width} board")
        return neighbours_within((int(r), int(c)), height, width)  # an int subclass, say

    def as_puzzle(self) -> Board:
        """The puzzle this board poses (docs/rules.md): for a game, E and M are ?, B is 0."""
        if self.kind == "puzzle":
            return self
        rows = tuple(row.translate(_GAME_TO_PUZZLE) for row in self.rows)
        return replace(self, rows=rows, kind="puzzle")

    def with_rows(self, rows: tuple[str, ...] | list[str]) -> Board:
        """The same board (kind, form, origin) with other cells: `rows` as `Board` takes them, a
        tuple or list of strings, one to a row (one string is a TypeError there and here)."""
        return replace(self, rows=rows)

    def as_grid(self) -> Board:
        """The same board, to be drawn as a grid whatever form it came in."""
        return replace(self, form="grid")

    def render(self) -> str:
        """The board written the way it came in: a grid, or the bracketed LeetCode form (one row
        to a line, so that it reads as a grid and still pastes back as one list)."""
        if self.form == "grid":
            return "\n".join(self.rows)
        q = self.quote
        rows = ("[" + ",".join(f"{q}{ch}{q}" for ch in row) + "]" for row in self.rows)
        return "[" + ",\n ".join(rows) + "]"

    def __str__(self) -> str:
        return " / ".join(self.rows)

    def _repr_svg_(self) -> str | None:
        """The board as a picture, for Jupyter and IPython, which show an object with this
        method as one: cells, row and column numbers from 0, where it came from. None (IPython
        then shows the text) past SVG_CELLS cells: a 1000x1000 board's picture is 125 MB."""
        if self.height * self.width > SVG_CELLS:
            return None
        from .svg import render_board  # svg draws boards: imported here, not at the top

        return render_board(self)


SVG_CELLS = 40_000  # the most cells a board draws itself for Jupyter (200x200)


def neighbours_within(cell: Cell, height: int, width: int) -> tuple[Cell, ...]:
    """The up to 8 cells around `cell`, each once, inside a board of this size."""
    r, c = cell
    return tuple(
        (i, j)
        for i in range(r - 1 if r else 0, r + 2 if r + 1 < height else height)
        for j in range(c - 1 if c else 0, c + 2 if c + 1 < width else width)
        if i != r or j != c
    )


def mine_counts(height: int, width: int, mines: Iterable[Cell]) -> list[list[int]]:
    """The mines in each cell's 3x3 square, cell (r, c) at [r + 1][c + 1]: the grid has a border
    row and column all round, so that no count needs a bounds check."""
    counts = [[0] * (width + 2) for _ in range(height + 2)]
    for r, c in mines:
        for row in counts[r : r + 3]:
            row[c] += 1
            row[c + 1] += 1
            row[c + 2] += 1
    return counts


def shows(cell: Cell, square: str) -> str:
    """What an opened square shows, in a sentence: "(0,0) shows a blank", "(1,2) shows 3"."""
    return f"{at(cell)} shows {'a blank' if square == 'B' else square}"


def contradicted_digit(board: Board, exact: bool = False) -> tuple[Cell, str, int] | None:
    """The first opened square, in reading order, that the marked mines (M, X, *) around it
    contradict, as (cell, what it shows, marked mines around it); None when there is none."""
    # Contradicted: it touches more marked mines than it shows (a blank, B, shows 0) or, when
    # `exact` (every mine is marked, as on the game's own board), any other number of them.
    # Counted on the rows' text, not cell by cell: a 1000x1000 board takes a tenth of a second.
    rows = board.rows
    if not exact and not any(mark in row for row in rows for mark in "MX*"):
        return None
    marked = ((r, c) for r, row in enumerate(rows) for mark in "MX*" for c in positions(row, mark))
    counts = mine_counts(board.height, board.width, marked)
    for r, row in enumerate(rows):
        around = counts[r + 1]
        for c, square in enumerate(row):
            if square == "B":
                shown = 0
            elif "0" <= square <= "8":
                shown = ord(square) - ord("0")
            else:
                continue
            touching = around[c + 1]
            if touching > shown or (exact and touching != shown):
                return (r, c), square, touching
    return None


def contradiction(board: Board, exact: bool = False) -> tuple[Cell, str] | None:
    """`contradicted_digit` of a game board in words: the cell, and what is wrong with it (None
    for a puzzle, whose known mines against its digits are a question: it has no solution)."""
    found = contradicted_digit(board, exact) if board.kind == "game" else None
    if found is None:
        return None
    cell, square, touching = found
    said = shows(cell, square)
    if touching > (0 if square == "B" else int(square)):
        return cell, (
            f"{said} but touches {plural(touching, 'marked mine')} (M or X): the board "
            "contradicts itself"
        )
    # Only when exact: a digit a hidden mine written E could explain, on a board played by its
    # own mines.
    return cell, (
        f"{said} but {plural(touching, 'mine')} {'is' if touching == 1 else 'are'} marked around "
        "it (M or X): where the board's own mines are played, every mine must be marked"
    )


def require_board(who: str, value: object, kind: str = "Board") -> None:
    """TypeError unless `value` is a Board: what a Python caller who passed something else (the
    text of a board, say) is told. `who` names the call, `kind` what it wants."""
    if not isinstance(value, Board):
        hint = " (parse_board(text) reads one from its text)" if isinstance(value, str) else ""
        raise TypeError(f"{who} needs a {kind}{hint}, not {shown_value(value)}")


def whole_number(value: object) -> bool:
    """Is `value` an int (and not a bool, which Python counts as one)?"""
    return isinstance(value, int) and not isinstance(value, bool)


def is_cell(value: object) -> bool:
    """Is `value` a (row, column) pair of whole numbers (a tuple or a list)?"""
    return isinstance(value, (tuple, list)) and len(value) == 2 and all(map(whole_number, value))


def require_whole(who: str, argument: str, value: object, optional: bool = False) -> None:
    """TypeError unless `value` is a whole number (or None, when `optional`): a count or a
    size given as a string or a float is refused before it reaches a comparison."""
    if (value is None and optional) or whole_number(value):
        return
    wanted = "a whole number or None" if optional else "a whole number"
    raise TypeError(f"{who}: {argument} must be {wanted}, not {shown_value(value)}{_as_int(value)}")


def _as_int(value: object) -> str:
    """For an integer that is not a Python int (numpy's int64, say): how to make it one. Nothing
    for an int, which needs no telling (a pair `(0.5, 1)` is refused for its 0.5, not its 1)."""
    if whole_number(value) or isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return ""
    return " (a Python int is wanted: int() makes one of it)"


def require_flag(who: str, argument: str, value: object) -> None:
    """TypeError unless `value` is True or False: a flag given as "no" or 0 would be read by its
    truth, which is not always what was meant ("no" is true)."""
    if not isinstance(value, bool):
        raise TypeError(f"{who}: {argument} must be True or False, not {shown_value(value)}")


def require_callable(who: str, argument: str, value: object) -> None:
    """TypeError unless `value` is None or can be called (a progress report, say)."""
    if value is not None and not callable(value):
        raise TypeError(f"{who}: {argument} must be a function or None, not {shown_value(value)}")


def require_cell(who: str, argument: str, value: object) -> None:
    """TypeError unless `value` is a (row, column) pair of whole numbers."""
    if not is_cell(value):
        raise TypeError(
            f"{who}: {argument} is a (row, column) pair of whole numbers, not "
            f"{shown_value(value)}{pair_hint(value)}"
        )


def pair_hint(value: object) -> str:
    """For a pair refused as a cell whose numbers are integers but not Python ints (numpy's
    int64, say, from argmin): how to make them ints; nothing otherwise."""
    inner = value if isinstance(value, (tuple, list)) else ()
    return next((_as_int(n) for n in inner if _as_int(n)), "")


def shown_value(value: object) -> str:
    """A wrong argument for a message: its type, and the value itself when that is short."""
    shown = repr(value)
    name = type(value).__name__
    return f"{name} {shown}" if len(shown) <= 20 else name
