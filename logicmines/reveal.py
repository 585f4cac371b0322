"""The game's click rules (docs/rules.md; LeetCode 529): reveal squares, iteratively and purely."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .board import Board, Cell, is_cell, pair_hint, require_board, shown_value
from .words import at, digits_past, off_board, said, too_long_number

__all__ = ["RevealError", "parse_click", "play", "reveal", "status"]

_E, _M, _B = b"EMB"
_ZERO = ord("0")
# The padded grid's border: not a mine, not unrevealed, so the flood never leaves the board.
_EDGE = 0
# 1 for a hidden mine, 0 for everything else. (No X is ever counted: a lost board is refused.)
_IS_MINE = bytes(1 if byte == _M else 0 for byte in range(256))
# Negative numbers are read, so that the message can say the click is off the board.
_CLICK = re.compile(r"\s*([-+]?[0-9]+)\s*,\s*([-+]?[0-9]+)\s*")


class RevealError(ValueError):
    """A click that the rules cannot apply: off the board, on a revealed square, after a loss."""


class ClickTooLong(RevealError):
    """A click written R,C with a number of more digits than int() takes (NUMBER_DIGITS)."""

    def __init__(self, digits: int) -> None:
        super().__init__(f"--click: {too_long_number(digits)}")
        self.digits = digits


def parse_click(text: str) -> Cell:
    """Read a click written `R,C` (0-based row and column, spaces allowed)."""
    match = _CLICK.fullmatch(text)
    if match is None:
        raise RevealError(f"--click expects R,C with two whole numbers, got {said(text)}")
    if digits := digits_past(match.group(1), match.group(2)):
        raise ClickTooLong(digits)
    return int(match.group(1)), int(match.group(2))


def _not_a_game(who: str = "reveal") -> str:
    return (
        f"{who} needs a game board (E M B X 1-8); this is a puzzle board, "
        "which does not say where the mines are"
    )


def status(board: Board) -> str:
    """`lost` if a mine is revealed, `won` if every safe square is revealed, else `playing`, of
    a game board; RevealError for a puzzle board, which has no game to win or lose."""
    require_board("status", board, "game Board")
    if board.kind != "game":
        raise RevealError(_not_a_game("a status"))
    if any("X" in row for row in board.rows):
        return "lost"
    if any("E" in row for row in board.rows):
        return "playing"
    return "won"


def reveal(board: Board, click: Cell) -> Board:
    """The board after one click: a mine explodes, a safe square opens and blanks flood outwards."""
    return _reveal(board, click, "click")


def _reveal(board: Board, click: Cell, name: str) -> Board:
    """`reveal`, its refusals naming the click `name` ("click", or "click 3" of several)."""
    r, c = _check_click(board, click, name)
    if board.rows[r][c] == "M":
        row = board.rows[r]
        rows = list(board.rows)
        rows[r] = row[:c] + "X" + row[c + 1 :]
        return board.with_rows(rows)

    # The board as one flat bytearray with a border of _EDGE all round: every square then has
    # eight neighbours at fixed offsets, and no bounds checks are needed in the loop.
    h, w = board.height, board.width
    span = w + 2
    edge = bytes([_EDGE])
    grid = bytearray(edge * span)
    for row in board.rows:
        grid += edge + row.encode("ascii") + edge
    grid += edge * span

    n, nw, ne = -span, -span - 1, -span + 1
    s, sw, se = span, span - 1, span + 1
    offsets = (nw, n, ne, -1, 1, sw, s, se)
    is_mine = _IS_MINE

    # A square is marked B when it is pushed, so that no square is pushed twice; it is rewritten
    # to its digit when popped if it has a mine beside it. A B is not a mine, so counts are unmoved.
    start = (r + 1) * span + c + 1
    grid[start] = _B
    stack = [start]
    pop, push = stack.pop, stack.append
    while stack:
        i = pop()
        mines = (
            is_mine[grid[i + nw]]
            + is_mine[grid[i + n]]
            + is_mine[grid[i + ne]]
            + is_mine[grid[i - 1]]
            + is_mine[grid[i + 1]]
            + is_mine[grid[i + sw]]
            + is_mine[grid[i + s]]
            + is_mine[grid[i + se]]
        )
        if mines:
            grid[i] = _ZERO + mines
            continue
        for offset in offsets:
            j = i + offset
            if grid[j] == _E:
                grid[j] = _B
                push(j)

    text = grid.decode("ascii")
    rows = tuple(text[k * span + 1 : k * span + 1 + w] for k in range(1, h + 1))
    return board.with_rows(rows)


def play(board: Board, clicks: Iterable[Cell]) -> Board:
    """The board after each click in turn; a click after the game is lost is an error."""
    return play_clicks(board, clicks, "play")


def play_clicks(board: Board, clicks: Iterable[Cell], who: str) -> Board:
    """`play`, its refusals of the board naming the caller `who` (the command line's `reveal`
    plays its clicks through it, named so)."""
    require_board(who, board, "game Board")
    one = is_cell(clicks)
    if one or not isinstance(clicks, Iterable) or isinstance(clicks, (str, bytes)):
        hint = " (reveal(board, click) makes one)" if one else ""
        raise TypeError(
            f"{who} needs its clicks as a list of (row, column) pairs{hint}, "
            f"not {shown_value(clicks)}"
        )
    if board.kind != "game":
        raise RevealError(_not_a_game(who))
    clicks = list(clicks)
    for number, click in enumerate(clicks, start=1):
        if status(board) == "lost":
            raise RevealError(
                f"click {number} {at(click)} comes after the game was lost "
                f"(X at {_where_lost(board)}); no more clicks are allowed"
            )
        # Of several clicks, a refusal says which one: the same square may be clicked twice.
        name = f"click {number}" if len(clicks) > 1 else "click"
        try:
            board = _reveal(board, click, name)
        except TypeError as error:
            if len(clicks) == 1:
                raise
            raise TypeError(f"{who}: {name}: {error}") from None
    return board


def _check_click(board: Board, click: Cell, name: str) -> Cell:
    """The click as (row, column), or a RevealError saying why the rules cannot apply it (a
    TypeError when it is not a pair of whole numbers, or the board not a Board); the messages
    call the click `name`."""
    require_board("reveal", board, "game Board")
    if not is_cell(click):
        raise TypeError(
            "a click is a (row, column) pair of whole numbers, not "
            f"{shown_value(click)}{pair_hint(click)}"
        )
    if board.kind != "game":
        raise RevealError(_not_a_game())
    if status(board) == "lost":
        raise RevealError(
            f"the board already shows X at {_where_lost(board)}: the game is lost, no more clicks"
        )
    if (off := off_board(click, board.height, board.width)) is not None:
        raise RevealError(f"{name} {off}")
    r, c = click
    square = board.rows[r][c]
    if square not in "EM":
        raise RevealError(already_revealed(name, click, square))
    return r, c


def already_revealed(name: str, click: Cell, square: str) -> str:
    """The words for a click (`name`: "click", "click 2") on a revealed square, B or a digit,
    as reveal and solvable both refuse it."""
    shown = "a blank" if square == "B" else f"the digit {square}"
    return f"{name} {at(click)} is on a square already revealed: it shows {shown}"


def _where_lost(board: Board) -> str:
    """Where the first revealed mine is, as `(R,C)`."""
    lost = exploded(board)
    return "(none)" if lost is None else at(lost)


def no_click_after(lost: Cell) -> str:
    """What analyze says of the best next click of a game lost at `lost` (in words and on its
    picture): none, as reveal refuses a click after a loss."""
    return f"best next click: none (the game is lost: the mine at {at(lost)} is open)"


def exploded(board: Board) -> Cell | None:
    """The first opened mine (X) of a game board, in reading order; None when there is none (a
    puzzle board shows none)."""
    require_board("exploded", board, "game Board")
    return next(((r, row.index("X")) for r, row in enumerate(board.rows) if "X" in row), None)
