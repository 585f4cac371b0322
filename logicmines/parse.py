"""Reading boards: the lark grammar turned into `Board`s, or into one clear error."""

from __future__ import annotations

import re
from functools import cache

from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput
from lark.exceptions import UnexpectedToken, VisitError

from .board import GAME_CELLS, GAME_ONLY, PUZZLE_CELLS, PUZZLE_ONLY, Board
from .resources import data_path

_FIRST_PUZZLE = re.compile("[0*?]")
_FIRST_GAME = re.compile("[EMBX]")
CELL_HELP = "a cell is one of 0-8 * ? (puzzle) or E M B X 1-8 (game)"


class BoardSyntaxError(ValueError):
    """A board file that cannot be read, with the place (1-based line and column) that says why."""

    def __init__(self, source: str, line: int, column: int, message: str, context: str = ""):
        super().__init__(f"{source}:{line}:{column}: {message}")
        self.source, self.line, self.column = source, line, column
        self.message, self.context = message, context


class _Problem(Exception):
    """A complaint from the transformer: message and token, placed in the file by `parse_boards`."""

    def __init__(self, token: Token, message: str, offset: int = 0):
        super().__init__(message)
        self.token, self.message, self.offset = token, message, offset


def _kind(cells: list[tuple[str, Token, int]]) -> str:
    """The kind of a grid whose cells are (char, token, offset); complain where kinds mix."""
    seen: dict[str, tuple[str, Token]] = {}
    for ch, token, offset in cells:
        kind = "puzzle" if ch in PUZZLE_ONLY else "game" if ch in GAME_ONLY else None
        if kind is None:
            continue
        other = "game" if kind == "puzzle" else "puzzle"
        if other in seen:
            first, first_token = seen[other]
            raise _Problem(
                token,
                f"{ch!r} is a {kind} cell, but this board already has the {other} cell {first!r} "
                f"(line {first_token.line}); a board is a puzzle (0-8 * ?) or a game (E M B X 1-8)",
                offset,
            )
        seen.setdefault(kind, (ch, token))
    return "game" if "game" in seen else "puzzle"


def _check_width(tokens: list[Token], widths: list[int]) -> None:
    for number, (token, width) in enumerate(zip(tokens, widths), start=1):
        if width != widths[0]:
            above = "row above has" if number == 2 else "rows above have"
            cells = "cell" if width == 1 else "cells"
            raise _Problem(token, f"row {number} has {width} {cells}, the {above} {widths[0]}")


class _ToBoards(Transformer):
    def __init__(self, source: str):
        super().__init__()
        self.source = source

    def start(self, boards: list[Board]) -> list[Board]:
        return boards

    def grid(self, rows: list[Token]) -> Board:
        _check_width(rows, [len(row) for row in rows])
        # The first cell of each kind in each row is enough to find where kinds first mix.
        cells = []
        for row in rows:
            firsts = (_FIRST_PUZZLE.search(row), _FIRST_GAME.search(row))
            found = sorted(m.start() for m in firsts if m)
            cells.extend((row[i], row, i) for i in found)
        kind = _kind(cells)
        return Board(tuple(str(row) for row in rows), kind, "grid", '"', self.source, rows[0].line)

    def bracket_row(self, cells: list[Token]) -> tuple[Token, str]:
        chars = []
        for cell in cells:
            inner = cell[1:-1]
            if len(inner) != 1 or inner not in PUZZLE_CELLS | GAME_CELLS:
                shown = f"unexpected {inner!r}" if inner else "an empty cell"
                raise _Problem(cell, f"{shown}; {CELL_HELP}", 1 if inner else 0)
            chars.append(inner)
        return cells[0], "".join(chars)

    def brackets(self, rows: list[tuple[Token, str]]) -> Board:
        _check_width([token for token, _ in rows], [len(text) for _, text in rows])
        cells = [(ch, token, 0) for token, text in rows for ch in text]
        kind = _kind(cells)
        quote = rows[0][0][0]
        return Board(
            tuple(t for _, t in rows), kind, "brackets", quote, self.source, rows[0][0].line
        )


@cache
def _parser() -> Lark:
    grammar = data_path("grammar", "board.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=False)


def _describe(token: Token) -> str:
    if token.type == "$END":
        return "end of input"
    if token.type in ("_NL", "_SEP", "_TAIL"):
        return "a line break"
    return repr(str(token).strip() or str(token))


def _context(text: str, line: int, column: int) -> str:
    lines = text.splitlines() or [""]
    shown = lines[line - 1] if 0 < line <= len(lines) else ""
    return f"{shown}\n{' ' * (column - 1)}^"


def _end_position(text: str) -> tuple[int, int]:
    line = text.count("\n") + 1
    return line, len(text) - (text.rfind("\n") + 1) + 1


def _syntax_error(text: str, source: str, error: UnexpectedInput) -> BoardSyntaxError:
    if isinstance(error, UnexpectedEOF):
        line, column = _end_position(text)
        message = "the input ends inside brackets: a closing ']' is missing"
    elif isinstance(error, UnexpectedCharacters):
        line, column = error.line, error.column
        ch = text[error.pos_in_stream]
        if {"_COMMA", "_RBRACK"} & set(error.allowed) and ch not in "[],":
            message = f"unexpected {ch!r}; expected ',' or ']' between cells"
        elif "CELL" in error.allowed:
            message = f"unexpected {ch!r}; a bracketed cell is quoted, like \"E\" or 'E'"
        else:
            message = f"unexpected {ch!r}; {CELL_HELP}"
    elif isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END":
            line, column = _end_position(text)
            message = "the input ends inside brackets: a closing ']' is missing"
        else:
            line, column = token.line, token.column
            if token.type == "_LBRACK":
                message = "a bracketed board must be set apart from the board above by a blank line"
            elif "CELL" in error.expected:
                message = (
                    f"unexpected {_describe(token)}; a bracketed cell is quoted, like \"E\" or 'E'"
                )
            elif "_COMMA" in error.expected:
                message = f"unexpected {_describe(token)}; expected ',' or ']' between cells"
            elif token.type == "ROW" and "ROW" not in error.expected:
                message = (
                    f"unexpected {_describe(token)}; boards are separated by blank lines "
                    "and a row has no spaces"
                )
            else:
                message = f"unexpected {_describe(token)}"
    else:  # pragma: no cover - lark has no other kinds of UnexpectedInput
        line, column, message = 1, 1, str(error)
    return BoardSyntaxError(source, line, column, message, _context(text, line, column))


def decode(data: bytes, source: str) -> str:
    """The text of a board file, or a BoardSyntaxError at the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        byte = data[error.start]
        raise BoardSyntaxError(
            source, line, column, f"not a text file: byte 0x{byte:02x} is not UTF-8"
        ) from None


def parse_boards(text: str, source: str = "<board>") -> list[Board]:
    """Every board in `text`, in order; a BoardSyntaxError for anything that is not a board."""
    try:
        tree = _parser().parse(text)
        boards = _ToBoards(source).transform(tree)
    except UnexpectedInput as error:
        raise _syntax_error(text, source, error) from None
    except VisitError as error:
        problem = error.orig_exc
        if not isinstance(problem, _Problem):
            raise
        token = problem.token
        line, column = token.line, token.column + problem.offset
        raise BoardSyntaxError(
            source, line, column, problem.message, _context(text, line, column)
        ) from None
    if not boards:
        raise BoardSyntaxError(source, 1, 1, "no board found (only blank lines or comments)")
    return boards


def parse_board(text: str, source: str = "<board>") -> Board:
    """The one board in `text` (the first, if there are several)."""
    return parse_boards(text, source)[0]
