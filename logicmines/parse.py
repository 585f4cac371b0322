"""Reading boards: the lark grammar turned into `Board`s, or into one clear error."""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import islice

from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedInput
from lark.exceptions import UnexpectedToken, VisitError

from .board import (
    CELLS_SHOWN,
    GAME_CELLS,
    GAME_ONLY,
    PUZZLE_CELLS,
    PUZZLE_ONLY,
    Board,
    shown_value,
)
from .resources import data_path
from .words import escaped, quoted

__all__ = ["ALIASES", "BoardSyntaxError", "CELL_HELP", "decode", "parse_board", "parse_boards"]

CELL_HELP = f"a cell is one of {CELLS_SHOWN['puzzle']} F . (puzzle) or {CELLS_SHOWN['game']} (game)"
QUOTE_HELP = "a bracketed cell is quoted, like \"E\" or 'E'"
ROWS_HELP = 'a bracketed board is a list of rows, like [["E","M"],["E","E"]]'
APART_HELP = "boards are set apart by a blank line"
UNCLOSED = "the input ends inside brackets: a closing ']' is missing"

# Other ways of writing a puzzle cell, read as ours: `.` for unknown, `F` for a flagged mine.
ALIASES = {".": "?", "F": "*"}
_ALIAS_NAMES = {".": "an unknown cell, like '?'", "F": "a flagged mine, like '*'"}
_FROM_ALIASES = str.maketrans(ALIASES)
_PUZZLE_ONLY = PUZZLE_ONLY | frozenset(ALIASES)
_FIRST_PUZZLE = re.compile("[0*?.F]")
_FIRST_GAME = re.compile("[EMBX]")
_BOM = "\ufeff"
# Terminals that only occur inside brackets: an error that expects one of them is inside brackets.
_BRACKET_TERMINALS = frozenset({"BRACKET_ROW", "CELL", "_LBRACK", "_COMMA", "_RBRACK"})
_BLANK_TERMINALS = frozenset({"_NL", "_SEP", "_TAIL", "_HEAD"})
_PUNCTUATION = {"_LBRACK": "'['", "BRACKET_ROW": "'['", "_COMMA": "','", "_RBRACK": "']'"}
# Characters that repr() shows in a way people may not recognise, named as they follow
# "unexpected" in a message.
_INVISIBLE = {
    " ": "space",
    "\t": "tab",
    "\r": "carriage return without a line feed",
    "\x00": "NUL byte",
    _BOM: "byte order mark (U+FEFF)",
}


class BoardSyntaxError(ValueError):
    """A board file that cannot be read, with the place (1-based line and column) that says why.

    `line` and `column` are None for a problem with the file as a whole ("no board found").
    """

    def __init__(
        self,
        source: str,
        line: int | None,
        column: int | None,
        message: str,
        context: str = "",
    ):
        where = source if line is None else f"{source}:{line}:{column}"
        super().__init__(f"{where}: {message}")
        self.source, self.line, self.column = source, line, column
        self.message, self.context = message, context

    def __reduce__(self):  # rebuilt from its arguments when it crosses to another process
        return type(self), (self.source, self.line, self.column, self.message, self.context)


class _Problem(Exception):
    """A complaint from the transformer: its message and its place (line, column) in the text."""

    def __init__(self, line: int, column: int, message: str):
        super().__init__(message)
        self.line, self.column, self.message = line, column, message


# --- the tree, turned into boards ----------------------------------------------------------------


def _kind(cells: Iterable[tuple[str, int, int]]) -> str:
    """The kind of a board whose cells are (char, line, column); complain where kinds first mix."""
    seen: dict[str, tuple[str, int, int]] = {}
    for ch, line, column in cells:
        kind = "puzzle" if ch in _PUZZLE_ONLY else "game" if ch in GAME_ONLY else None
        if kind is None:
            continue
        other = "game" if kind == "puzzle" else "puzzle"
        if other in seen:
            first, first_line, first_column = seen[other]
            raise _Problem(
                line,
                column,
                f"{_named(ch)} is a {kind} cell, but this board already has the {other} cell "
                f"{first!r} (line {first_line}, column {first_column}){_aside(first)}; "
                "a board is a puzzle (0-8 * ? F .) or a game (E M B X 1-8)",
            )
        seen.setdefault(kind, (ch, line, column))
    return "game" if "game" in seen else "puzzle"


def _named(ch: str) -> str:
    """A cell in a message; `.` and `F` say what they stand for."""
    return f"{ch!r} ({_ALIAS_NAMES[ch]})" if ch in _ALIAS_NAMES else repr(ch)


def _aside(ch: str) -> str:
    """What `.` and `F` stand for, said after their place in a message."""
    return f", {_ALIAS_NAMES[ch]}" if ch in _ALIAS_NAMES else ""


def _puzzle_rows(rows: Iterable[str]) -> tuple[str, ...]:
    """The rows with `.` read as `?` and `F` as `*` (a row without them is kept as it is)."""
    return tuple(
        row.translate(_FROM_ALIASES) if "." in row or "F" in row else str(row) for row in rows
    )


def _check_width(starts: list[tuple[int, int]], widths: list[int]) -> None:
    """Complain at the first row (placed by its first cell) that is not as wide as the first."""
    for number, ((line, column), width) in enumerate(zip(starts, widths), start=1):
        if width != widths[0]:
            above = "row above has" if number == 2 else "rows above have"
            cells = "cell" if width == 1 else "cells"
            raise _Problem(
                line, column, f"row {number} has {width} {cells}, the {above} {widths[0]}"
            )


class _ToBoards(Transformer):
    def __init__(self, source: str):
        super().__init__()
        self.source = source

    def start(self, boards: list[Board]) -> list[Board]:
        return boards

    def grid(self, rows: list[Token]) -> Board:
        _check_width([(row.line, row.column) for row in rows], [len(row) for row in rows])
        # The first cell of each kind in each row is enough to find where kinds first mix.
        cells = []
        for row in rows:
            firsts = (_FIRST_PUZZLE.search(row), _FIRST_GAME.search(row))
            for i in sorted(m.start() for m in firsts if m):
                cells.append((row[i], row.line, row.column + i))
        kind = _kind(cells)
        read_from = tuple(_GridRow(row.line, row.column) for row in rows)
        return Board(_puzzle_rows(rows), kind, "grid", '"', self.source, rows[0].line, read_from)

    def bracket_row(self, tokens: list[Token]) -> _BracketRow:
        if len(tokens) == 1 and tokens[0].type == "BRACKET_ROW":
            return _BracketRow.whole(tokens[0])
        for cell in tokens:
            inner = cell[1:-1]
            if len(inner) != 1 or inner not in _CELLS:
                if not inner:
                    raise _Problem(cell.line, cell.column, f"an empty cell; {CELL_HELP}")
                if len(inner) > 1:  # "EE": a cell is one character, however good its letters
                    raise _Problem(
                        cell.line,
                        cell.column + 1,
                        f"unexpected {_quote(inner)}; a bracketed cell is one character in "
                        f'quotes, like "E" or "1", and {CELL_HELP}',
                    )
                raise _Problem(
                    cell.line, cell.column + 1, f"unexpected {_show(inner)}; {_cell_help(inner)}"
                )
        return _BracketRow.by_cell(tokens)

    def brackets(self, items: list) -> Board:
        # the rule keeps its punctuation (`!brackets`): the opening [ says where the board starts
        opening = items[0]
        rows: list[_BracketRow] = [item for item in items if isinstance(item, _BracketRow)]
        _check_width([row.place(0) for row in rows], [len(row.cells) for row in rows])
        # As in a grid, the first cell of each kind in each row finds where kinds first mix.
        cells = []
        for row in rows:
            firsts = (_FIRST_PUZZLE.search(row.cells), _FIRST_GAME.search(row.cells))
            for i in sorted(m.start() for m in firsts if m):
                cells.append((row.cells[i], *row.place(i)))
        kind = _kind(cells)
        return Board(
            _puzzle_rows(row.cells for row in rows),
            kind,
            "brackets",
            rows[0].quote,
            self.source,
            opening.line,
            tuple(rows),
        )


_CELLS = PUZZLE_CELLS | GAME_CELLS | frozenset(ALIASES)
_CELL_CHAR = re.compile("[0-8*?.FEMBX]")


@dataclass(frozen=True)
class _GridRow:
    """Where a row of a grid stands in the text: the line and column of its first cell."""

    line: int
    column: int

    def place(self, index: int) -> tuple[int, int]:
        """The line and column of the character of cell `index`."""
        return self.line, self.column + index


@dataclass(frozen=True)
class _BracketRow:
    """One row of a bracketed board: its cells, and where each cell's character stands."""

    cells: str
    quote: str
    tokens: tuple[Token, ...]  # one BRACKET_ROW token, or one CELL token per cell

    @classmethod
    def whole(cls, token: Token) -> _BracketRow:
        # The token is a well-formed row, so the only cell characters in it are the cells.
        cells = "".join(_CELL_CHAR.findall(token))
        quote = token[_CELL_CHAR.search(token).start() - 1]
        return cls(cells, quote, (token,))

    @classmethod
    def by_cell(cls, tokens: list[Token]) -> _BracketRow:
        return cls("".join(cell[1] for cell in tokens), tokens[0][0], tuple(tokens))

    def place(self, index: int) -> tuple[int, int]:
        """The line and column of the character of cell `index` (found only when needed)."""
        if self.tokens[0].type == "CELL":
            cell = self.tokens[index]
            return cell.line, cell.column + 1
        token = self.tokens[0]
        offset = next(islice(_CELL_CHAR.finditer(token), index, None)).start()
        newlines = token.count("\n", 0, offset)
        if not newlines:
            return token.line, token.column + offset
        return token.line + newlines, offset - token.rfind("\n", 0, offset)


@cache
def _parser() -> Lark:
    grammar = data_path("grammar", "board.lark").read_text(encoding="utf-8")
    if sys.version_info >= (3, 11):
        grammar = _possessive(grammar)
    return Lark(grammar, parser="lalr", propagate_positions=False)


# The terminals that match runs of lines or of space (blank lines, comment lines, the space
# inside brackets). Python's re keeps a few hundred bytes for every repetition of a group it
# may backtrack into: 16 million blank lines took over 4 GB before the parser saw a board. Each
# of these groups ends its terminal, or is followed by what it cannot match, so backtracking
# into it never finds a match the first try missed: made possessive (`*+`, `++`, Python 3.11 and
# later), they match the same text in constant memory.
_RUNS = re.compile(r"^(_HEAD\.3|_SEP|_TAIL\.3|_NL|_GAP):.*$", re.MULTILINE)


def _possessive(grammar: str) -> str:
    def possessive(line: re.Match) -> str:
        return line.group().replace(")*", ")*+").replace(")+", ")++")

    changed, made = _RUNS.subn(possessive, grammar)
    if made != 5:  # pragma: no cover - the grammar's terminals were renamed
        raise RuntimeError(f"grammar/board.lark: expected 5 terminals of runs, found {made}")
    return changed


# --- errors, in plain words ---------------------------------------------------------------------


def _show(ch: str) -> str:
    """One character as people can recognise it in a message."""
    if ch in _INVISIBLE:
        return _INVISIBLE[ch]
    if ch.isprintable():
        return _quote(ch)
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} ({name.lower() if name else 'a control character'})"


def _quote(text: str) -> str:
    """A piece of the input in a message, cut after 40 characters: between single quotes, escaped
    as `words.escaped` does (a backslash shown once, as the file has it; control characters
    escaped); as repr() writes it when it holds a single quote."""
    piece = text[:40]
    shown = repr(piece) if "'" in piece else f"'{escaped(piece)}'"
    return shown if len(text) <= 40 else f"{shown}... ({len(text):,} characters)"


def _position(text: str, pos: int) -> tuple[int, int]:
    """The 1-based line and column of `pos` (lines end at \\n only, as lark counts them)."""
    line_start = text.rfind("\n", 0, pos) + 1
    return text.count("\n", 0, pos) + 1, pos - line_start + 1


def _is_comment_line(line: str) -> bool:
    return line.lstrip(" \t").startswith("#")


def _next_visible(text: str, pos: int) -> int:
    """The first position at or after `pos` that is neither whitespace nor in a comment line."""
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
        elif text[pos] == "#" and _is_comment_line(text[text.rfind("\n", 0, pos) + 1 : pos + 1]):
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
        else:
            return pos
    return pos


def _end_of_content(text: str) -> int:
    """The position just after the last character that is neither whitespace nor a comment."""
    end = len(text.rstrip())
    while end:
        line_start = text.rfind("\n", 0, end) + 1
        if not _is_comment_line(text[line_start:end]):
            break
        end = len(text[:line_start].rstrip())
    return end


def _unexpected_character(ch: str, allowed: set[str]) -> str:
    """What to say about a character that no terminal allowed here begins with."""
    if ch == "#":
        return "unexpected '#'; a comment is a line of its own that starts with '#'"
    if "CELL" in allowed and ch in "\"'":
        return f"the quote {ch} that opens this cell is not closed on the same line"
    if "CELL" in allowed:
        return f"unexpected {_show(ch)}; {QUOTE_HELP}"
    if "_COMMA" in allowed:
        return f"unexpected {_show(ch)}; expected ',' or ']'"
    if "_LBRACK" in allowed and allowed <= _BRACKET_TERMINALS:
        return f"unexpected {_show(ch)}; {ROWS_HELP}"
    return f"unexpected {_show(ch)}; {_cell_help(ch)}"


_WORD = re.compile(r"[a-z]{2,}")  # a word where a cell should be, quoted whole


def _unexpected_text(text: str, pos: int, allowed: set[str]) -> str:
    """What to say about the character at `pos`, which no terminal allowed here begins with: as
    _unexpected_character says it, but a word (`extra`, `none`) is quoted whole, without the
    hint that cells are capitals, what follows a bracketed board on its line is said to, and a
    line that opens with `{` (a JSON object, as `--json` writes) is said to be JSON."""
    ch = text[pos : pos + 1] or " "
    outside = not allowed & {"CELL", "_COMMA", "_RBRACK"}  # not inside brackets
    if ch == "{" and outside and not text[text.rfind("\n", 0, pos) + 1 : pos].strip():
        return f"unexpected '{{'; JSON (as --json writes it) is not read as a board; {CELL_HELP}"
    if ch == "#" or allowed & _BRACKET_TERMINALS:  # a comment, or inside brackets: as it was
        return _unexpected_character(ch, allowed)
    word = _WORD.match(text, pos)
    if word is not None and not set(word.group()) - set("embfx"):
        word = None  # a row typed small (`emmb`): its first letter draws the capitals hint
    after = _after_brackets(text, pos)
    if word is None and not after:
        return _unexpected_character(ch, allowed)
    shown = _quote(word.group()) if word else _show(ch)
    if after:
        return f"unexpected {shown} after a bracketed board; {after}"
    return f"unexpected {shown}; {CELL_HELP}"


def _after_brackets(text: str, pos: int) -> str:
    """When `pos` follows a bracketed board's last ']' on the same line, the words for it."""
    line = text[text.rfind("\n", 0, pos) + 1 : pos]
    return "a board ends at its last ']'" if line.rstrip(" \t").endswith("]") else ""


def _cell_help(ch: str) -> str:
    """CELL_HELP, and for a small letter whose capital is a cell, that cells are capitals."""
    if ch != ch.upper() and ch.upper() in "EMBF":  # x: a mark of its own, as often as X
        return f"{CELL_HELP}; the letters are capitals ({ch.upper()!r}, not {ch!r})"
    return CELL_HELP


def _describe(token: Token) -> str:
    if token.type in _PUNCTUATION:
        return _PUNCTUATION[token.type]
    text = str(token)
    if token.type == "ROW":
        return _show(text) if len(text) == 1 else _quote(text)
    return f"cell {quoted(text)}"  # the token carries its own quotes


def _unexpected_token(text: str, token: Token, expected: set[str]) -> tuple[int, str]:
    """Where (a position in text) and what to say about a token the grammar does not allow here."""
    pos = token.start_pos
    if token.type in _BLANK_TERMINALS or token.type in _PUNCTUATION:
        pos = _next_visible(text, pos)  # the visible character, not the blank before it
    if expected and expected <= _BRACKET_TERMINALS:
        if pos >= len(text):
            return _end_of_content(text), UNCLOSED
        if token.type in _BLANK_TERMINALS:
            return pos, _unexpected_character(text[pos], expected)
        if "CELL" in expected and token.type == "_RBRACK":
            return pos, f"unexpected ']'; a row holds at least one cell, and {QUOTE_HELP}"
        if "CELL" in expected:
            return pos, f"unexpected {_describe(token)}; {QUOTE_HELP}"
        if "_COMMA" in expected:
            return pos, f"unexpected {_describe(token)}; expected ',' or ']'"
        return pos, f"unexpected {_describe(token)}; {ROWS_HELP}"
    # Outside brackets: something follows a board that cannot follow it.
    before = text[:pos].rstrip(" \t")[-1:]
    if token.type in _BLANK_TERMINALS:  # after a bracketed board, a line that is not blank
        if pos >= len(text) or text[pos] not in "[012345678*?.FEMBX":
            return pos, _unexpected_text(text, pos, set())
        return pos, f"a new board starts here without a blank line above it; {APART_HELP}"
    if token.type in ("_LBRACK", "BRACKET_ROW"):
        return pos, f"a bracketed board starts here, after another board; {APART_HELP}"
    if token.type == "ROW" and before == "]":
        return pos, f"a board starts here, after a bracketed board; {APART_HELP}"
    if token.type == "ROW":
        gap = len(text[:pos].rstrip(" \t"))
        if text[gap : gap + 1] in (" ", "\t"):  # the blank inside the row is what is wrong
            return (
                gap,
                f"unexpected {_show(text[gap])}; the cells of a row are written without spaces",
            )
        return pos, f"unexpected {_describe(token)}; the cells of a row are written without spaces"
    if token.type == "CELL":
        return pos, f"{_describe(token)} is outside brackets; {ROWS_HELP}"
    if token.type == "_RBRACK":
        return pos, "unexpected ']'; there is no '[' for it to close"
    if token.type == "_COMMA" and before == "]":  # [[...]],  as if boards were a list
        return pos, f"unexpected ','; a bracketed board ends at its last ']', and {APART_HELP}"
    return pos, f"unexpected {_describe(token)}; {CELL_HELP}"


def _context(text: str, line: int, column: int) -> str:
    """The line at fault and a caret under the column (tabs kept, so that the caret lines up)."""
    lines = text.split("\n")
    shown = lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""
    pad = "".join(ch if ch == "\t" else " " for ch in shown[: column - 1])
    return f"{shown}\n{pad}^"


def _unclosed_quote(error: UnexpectedToken) -> tuple[int, str] | None:
    """Where a bracketed cell's closing quote is missing or is the other kind of quote, when that
    is why the parse stopped: the cell ran on to the next quote of its kind (`"M],["`, `"E',"`),
    so what follows it makes no sense to the grammar."""
    history = getattr(error, "token_history", None) or ()
    cell = history[-1] if history else None
    if cell is None or cell.type != "CELL" or len(cell) <= 3 or cell[1] not in _CELLS:
        return None
    quote = cell[0]
    after = cell[2:-1].lstrip()
    other = "'" if quote == '"' else '"'
    if after[:1] == other and after[1:].lstrip()[:1] in (",", "]"):  # "E', "M": mixed quotes
        return cell.start_pos + 2 + len(cell[2:-1]) - len(after), (
            f"the quotes around {_show(cell[1])} do not match: it opens with {quote} and "
            f"closes with {other}; a bracketed cell is one character in quotes, like "
            f"{quote}E{quote} or {other}E{other}"
        )
    if after[:1] not in (",", "]"):  # "EE" "E": two letters, then a missing comma
        return None
    return cell.start_pos + 2, (
        f"a quote is missing after {_show(cell[1])}: a bracketed cell is one character in "
        f"quotes, like {quote}E{quote}, and this one runs on to the next quote "
        f"({_quote(str(cell))})"
    )


def _syntax_error(text: str, source: str, error: UnexpectedInput) -> BoardSyntaxError:
    if isinstance(error, UnexpectedCharacters):
        pos = error.pos_in_stream
        message = _unexpected_text(text, pos, set(error.allowed or ()))
    elif isinstance(error, UnexpectedToken) and (unclosed := _unclosed_quote(error)):
        pos, message = unclosed
    elif isinstance(error, UnexpectedToken) and error.token.type != "$END":
        pos, message = _unexpected_token(text, error.token, set(error.expected or ()))
    else:  # the end of the input: only brackets can be left open there
        pos, message = _end_of_content(text), UNCLOSED
    line, column = _position(text, pos)
    return BoardSyntaxError(source, line, column, message, _context(text, line, column))


# --- the public functions -----------------------------------------------------------------------


def _wide(data: bytes) -> str | None:
    """The encoding, "UTF-16" or "UTF-32", when the bytes look like it (Windows PowerShell 5
    writes UTF-16): its byte order mark, or a board's characters each with one (UTF-16) or three
    (UTF-32) NUL bytes beside it, always on the same side; else None."""
    head = data[:64]
    if head[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"):
        return "UTF-32"
    if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "UTF-16"
    for width, name in ((4, "UTF-32"), (2, "UTF-16")):
        lanes = [head[i::width] for i in range(width)]  # the bytes at each place in a character
        full = sum(1 for lane in lanes if all(lane))
        empty = sum(1 for lane in lanes if not any(lane))
        if len(head) >= 2 * width and full == 1 and empty == width - 1:
            return name
    return None


def decode(data: bytes, source: str) -> str:
    """The text of a board file (a UTF-8 byte order mark dropped), or a BoardSyntaxError at the
    first byte that is not UTF-8, or at a second byte order mark right after the first (a stray
    character, like any other)."""
    if wide := _wide(data):
        raise BoardSyntaxError(source, 1, 1, f"a {wide} file: save it as UTF-8")
    # The mark is dropped before decoding, not by "utf-8-sig": that codec's error offsets count
    # from after the mark, so the bytes they point into must be the same ones.
    body = data.removeprefix(_BOM.encode())
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        before = body[: error.start]
        line = before.count(b"\n") + 1
        # A column counts characters, so count the (valid) characters before the bad byte.
        line_start = before.rfind(b"\n") + 1
        column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        byte = body[error.start]
        raise BoardSyntaxError(
            source, line, column, f"not a text file: byte 0x{byte:02x} is not UTF-8"
        ) from None
    if text.startswith(_BOM):  # a second one: parse_boards would drop it as if it were the first
        message = _unexpected_character(_BOM, set())
        raise BoardSyntaxError(source, 1, 1, message, _context(text, 1, 1))
    return text


def parse_boards(text: str, source: str = "<board>") -> list[Board]:
    """Every board in `text`, in order; a BoardSyntaxError for anything that is not a board
    (a TypeError for what is not text: bytes are decoded first)."""
    _require_text("parse_boards", text, source)
    if text.startswith(_BOM):
        text = text[1:]
    try:
        tree = _parser().parse(text)
        boards = _ToBoards(source).transform(tree)
    except UnexpectedInput as error:
        raise _syntax_error(text, source, error) from None
    except VisitError as error:
        problem = error.orig_exc
        if not isinstance(problem, _Problem):
            raise
        line, column = problem.line, problem.column
        raise BoardSyntaxError(
            source, line, column, problem.message, _context(text, line, column)
        ) from None
    if not boards:
        what = (
            "the input is empty"
            if not text
            else "only blank lines"
            if not text.strip()
            else "only comments and blank lines"
        )
        raise BoardSyntaxError(source, None, None, f"no board found: {what}")
    return boards


def parse_board(text: str, source: str = "<board>") -> Board:
    """The one board in `text` (the first, if there are several)."""
    _require_text("parse_board", text, source)
    return parse_boards(text, source)[0]


def _require_text(who: str, text: object, source: object) -> None:
    """TypeError unless the text and the source's name are both str."""
    for name, value in (("text", text), ("source", source)):
        if not isinstance(value, str):
            hint = " (bytes: decode them first)" if isinstance(value, (bytes, bytearray)) else ""
            raise TypeError(f"{who}: {name} must be a str{hint}, not {shown_value(value)}")
