"""logicmines play: Minesweeper in the terminal (textual), with exact hints from any engine.

The game itself (deal, reveal, flag, chord, counters, saving) is `logicmines.game.GameState`; this
module draws it, turns keys and mouse clicks into its moves, and asks the chosen engine for the
hint overlay. docs/play.md shows the screen and the keys. (Not `logicmines/play.py`: importing a
submodule of that name would replace the package's `play` function, reveal's, with the module.)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import stat
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path
from typing import TextIO

from .analysis import Analysis
from .backends import Backend, BackendUnavailable, EngineError, make_backend
from .backends.prolog import release_thread
from .board import Cell
from .deal import PRESETS, DealError, Game, dealt_as, parse_size
from .files import UsageError, input_limit, read_text, writable_target, write_whole
from .game import GameError, GameState, load_game, new_game
from .output import error_line
from .parse import BoardSyntaxError
from .reveal import exploded
from .words import click, listed, percent, plural, said

try:
    # textual first: it is the extra's package (rich comes with it), so that a missing extra
    # is named as such
    import textual  # noqa: F401
    from rich.text import Text
    from textual import events, work
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.css.query import NoMatches
    from textual.geometry import Size
    from textual.screen import ModalScreen
    from textual.scroll_view import ScrollView
    from textual.strip import Strip
    from textual.widgets import Static
except ImportError as missing:  # the `play` extra is not installed
    raise BackendUnavailable(
        f"play: the Python package {missing.name or 'textual'} is not installed; logicmines play "
        "needs the extra: pip install 'logicmines[play]'"
    ) from None

__all__ = ["BoardView", "PlayApp", "draw", "run_play"]

# How long the engine may think about one hint overlay, unless --timeout says otherwise.
HINT_TIMEOUT = 10.0
# A square as the player sees it (GameState.square), as one character.
GLYPH = {"E": ".", "F": "F", "B": " ", "X": "X", "M": "*", "W": "x"}
# The colours of the digits most Minesweepers use, in the 16 colours every terminal has.
DIGIT_STYLE = {
    "1": "bold blue",
    "2": "bold green",
    "3": "bold red",
    "4": "bold magenta",
    "5": "bold yellow",
    "6": "bold cyan",
    "7": "bold",
    "8": "bold bright_black",
}
SQUARE_STYLE = {
    "E": "bright_black",
    "F": "bold yellow",
    "B": "",
    "X": "bold white on red",
    "M": "bold red",
    "W": "bold magenta",
}
CURSOR = "reverse"
# The keys screen (?), in lines of at most 76 characters: with its border and padding (4 more
# columns) it fits an 80-column terminal whole.
KEYS = """\
arrows            move the cursor
space, enter      reveal (on a digit with its flags all out: chord)
f                 flag or unflag the square
c                 chord: open the squares around a digit
                  with its flags all out
left click        reveal (on a digit: chord)
right click       flag or unflag
middle click      chord
h                 hints: every hidden square's exact chance of a mine, in %;
                  [ ] the best click, 0 safe for sure, 100 a mine for sure,
                  F30 a flag and its square's chance,
                  F alone a flag on a sure mine
n                 new game        s   save the game        ?   these keys
q                 quit

squares: . hidden   F flag   1-8 mines around   blank: none around
lost:    X the mine that went off   * a mine   x a flag on no mine"""


def draw(state: GameState, cursor: Cell | None = None, analysis: Analysis | None = None) -> Text:
    """The board as the screen shows it: column numbers, then each row after its number. With an
    analysis each square takes four columns instead of three and every hidden square shows its
    chance of being a mine, in %. A column number wider than its square (100 and above, or 1000
    with the chances) has its leading digits on a line above: column 105 is a 1 over 05."""
    size = 4 if analysis else 3
    label = _label_width(state)
    text = Text(no_wrap=True, end="")
    for k, line in enumerate(_column_numbers(state.width, size)):
        if k:
            text.append("\n")
        text.append(" " * label)
        text.append(line, style="dim")
    best = analysis.best if analysis else None
    for r in range(state.height):
        text.append("\n")
        text.append(str(r).rjust(label - 1) + " ", style="dim")
        for c in range(state.width):
            cell = (r, c)
            face, style = _face(state, cell, size, analysis, best)
            if cell == cursor:
                style = f"{style} {CURSOR}".strip()
            text.append(face, style=style)
    return text


def size_name(height: int, width: int, mines: int) -> str:
    """A game's name on the status line: its preset's (beginner, ...), or its size."""
    named = [name for name, size in PRESETS.items() if size == (height, width, mines)]
    return named[0] if named else f"{height}x{width}"


def _label_width(state: GameState) -> int:
    """The columns a row's number takes, with a space on either side."""
    return len(str(state.height - 1)) + 2


def _header_height(width: int, size: int) -> int:
    """The lines the column numbers take over squares of `size` columns: one for every `size - 1`
    digits of the last column's number."""
    return -(-len(str(width - 1)) // (size - 1))


def _column_numbers(width: int, size: int) -> list[str]:
    """The lines of column numbers, top first: each number's last `size - 1` digits on the line
    next to the squares, the digits before them on the lines above, so that no two columns look
    the same (a single line had shown 100 as 00, the number of column 0)."""
    digits = size - 1
    height = _header_height(width, size)
    lines: list[list[str]] = [[] for _ in range(height)]
    for c in range(width):
        number = str(c).rjust(height * digits)
        for k, line in enumerate(lines):
            line.append(number[k * digits : (k + 1) * digits] + " ")
    return ["".join(line) for line in lines]


def _face(
    state: GameState, cell: Cell, size: int, analysis: Analysis | None, best: Cell | None
) -> tuple[str, str]:
    """A square's text (`size` columns) and style."""
    square = state.shown(cell)  # cells of the board's own range
    chance = analysis.probabilities.get(cell) if analysis else None
    if chance is not None and square in "EF":
        if square == "F":
            # F and the chance (F30); a flag on a sure mine is F alone: F100 would leave no gap
            # before the next square. A flagged square is not outlined (no room for brackets).
            shown = "F" if chance == 1 else "F" + percent(chance)
            return shown.rjust(3) + " ", _heat(chance)
        shown = percent(chance)
        if len(shown) == 1 and shown != "0":
            shown += "%"  # 1 to 9 in %: without colour, a hidden 2 would read as a revealed digit 2
        if cell == best:  # outlined; never 100 while the game goes on
            return f"[{shown:>2}]", f"{_heat(chance)} underline"
        return shown.rjust(3) + " ", _heat(chance)
    glyph = GLYPH.get(square, square)
    style = DIGIT_STYLE.get(square) or SQUARE_STYLE[square]
    return (" " * (size - 2)) + glyph + " ", style


def _heat(chance: Fraction) -> str:
    """Safe for sure on green, a mine for sure on red, the rest green to red by chance."""
    if chance == 0:
        return "bold black on green"
    if chance == 1:
        return "bold white on red"
    return "green" if chance < Fraction(1, 5) else "yellow" if chance < Fraction(1, 2) else "red"


class BoardView(ScrollView, can_focus=False):
    """The board, scrolling when it is larger than the terminal; a click on a square is a move.

    Only the lines on the screen are rendered (textual's line API), so that a move on a board of
    thousands of squares costs no more than on a small one. The arrow keys move the cursor, not
    the view, which follows the cursor; the mouse wheel and the scroll bars scroll it. The column
    numbers (the first `header` lines) and the row numbers (the first `label` columns) stay where
    they are while the squares scroll under them, so every square on the screen keeps its row
    and column in sight."""

    text = Text()
    label = 0
    square = 3  # the columns one square takes: 3, or 4 with the hints' chances
    header = 1  # the lines of column numbers: 2 for the columns from 100 on, without the chances

    def show(self, text: Text, label: int = 0, square: int = 3, header: int = 1) -> None:
        self.text = text
        self.label = label
        self.square = square
        self.header = header
        self._lines = text.split("\n", allow_blank=True)
        self._strips: dict[int, Strip] = {}
        width = max((line.cell_len for line in self._lines), default=0)
        self.virtual_size = Size(width, len(self._lines))
        self.refresh()

    @property
    def shift(self) -> int:
        """How far the squares are drawn to the left: the horizontal scroll rounded up to whole
        squares, so that the first column on the screen shows all of its square and its number
        (a scroll of one character would show column 16's number as 6, and a chance of 20 % as
        0 %). Rounded up, not down, so that the last column is whole when scrolled to the end."""
        scroll_x = self.scroll_offset.x
        return -(-scroll_x // self.square) * self.square

    def render_line(self, y: int) -> Strip:
        scroll_y = self.scroll_offset.y
        shift = self.shift
        # the first lines are the column numbers: always on top; the rows scroll under them
        index = y if y < self.header else y + scroll_y
        width = self.scrollable_content_region.width
        if not 0 <= index < len(getattr(self, "_lines", ())):
            return Strip.blank(width, self.rich_style)
        strip = self._strips.get(index)
        if strip is None:
            line = self._lines[index]
            strip = Strip(line.render(self.app.console), line.cell_len)
            self._strips[index] = strip
        label = min(self.label, width)
        # the row's number stays at the left; the squares scroll under it, as many whole ones as
        # fit (a square cut at the right edge showed the 2 of 21 % as a chance of its own)
        whole = (width - label) // self.square * self.square
        squares = strip.crop_extend(label + shift, label + shift + whole, self.rich_style)
        rest = Strip.blank(width - label - whole, self.rich_style)
        return Strip.join([strip.crop_extend(0, label, self.rich_style), squares, rest])

    def on_resize(self, event: events.Resize) -> None:
        # a smaller window may have left the cursor out of view: follow it, once laid out
        self.call_after_refresh(self.app._keep_cursor_visible)  # type: ignore[attr-defined]

    def on_click(self, event: events.Click) -> None:
        if event.y < self.header or event.x < self.label:
            return  # a column's or a row's number, not a square
        x, y = event.x + self.shift, event.y + self.scroll_offset.y
        self.app.mouse_move(x, y, event.button)  # type: ignore[attr-defined]

    def reveal_square(self, row: int, column: int, centre: bool = False) -> None:
        """Scroll, by whole squares, so that the square at (row, column) is in view, below the
        column numbers and right of the row numbers: as little as that needs, or (`centre`) to
        put it in the middle of the screen."""
        width, height = self.scrollable_content_region.size
        columns = max((width - self.label) // self.square, 1)  # the squares the screen shows
        rows = max(height - self.header, 1)  # under the column numbers
        if centre:
            first_column, first_row = column - columns // 2, row - rows // 2
        else:
            first_column = min(max(self.shift // self.square, column - columns + 1), column)
            first_row = min(max(self.scroll_offset.y, row - rows + 1), row)
        self.scroll_to(
            max(first_column, 0) * self.square, max(first_row, 0), animate=False, immediate=True
        )


class KeysScreen(ModalScreen[None]):
    """The keys, over the game; any key closes it."""

    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen > Static { width: auto; height: auto; border: round $accent; padding: 0 1;
                          background: $surface; }
    """

    closing = False  # dismissed once: keys that arrive before it is gone (a held arrow) are dropped

    def compose(self) -> ComposeResult:
        yield Static(Text(KEYS), id="keys")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self._close()

    def on_click(self) -> None:
        self._close()

    def _close(self) -> None:
        # A second dismiss would pop the game's own screen: textual's ScreenStackError.
        if not self.closing:
            self.closing = True
            self.dismiss()


class StatusLine(Static):
    """The counters above the board, laid out again when the window's width changes."""

    def on_resize(self, event: events.Resize) -> None:
        self.app._show_status()  # type: ignore[attr-defined]


class PlayApp(App[None]):
    """Minesweeper on a `GameState`; hints from `backend`; `s` saves to `save_to`, or (None) to
    a file named after the game's size and seed, in the current folder."""

    TITLE = "logicmines play"
    CSS = """
    #status {
        height: 1; background: $panel; padding: 0 1;
        text-wrap: nowrap; text-overflow: ellipsis;  /* a long name is cut, not wrapped away */
    }
    #board { height: 1fr; }
    #message { height: auto; max-height: 4; padding: 0 1; background: $panel; }
    #message.won { background: $success; color: $text; }
    #message.lost { background: $error; color: $text; }
    """
    BINDINGS = [
        Binding("up", "move(-1, 0)", "up", show=False),
        Binding("down", "move(1, 0)", "down", show=False),
        Binding("left", "move(0, -1)", "left", show=False),
        Binding("right", "move(0, 1)", "right", show=False),
        Binding("space,enter", "reveal", "reveal"),
        Binding("f", "flag", "flag"),
        Binding("c", "chord", "chord"),
        Binding("h", "hints", "hints"),
        Binding("n", "new_game", "new game"),
        Binding("s", "save", "save"),
        Binding("question_mark", "keys", "keys"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(
        self,
        state: GameState,
        backend: Backend,
        save_to: Path | None = None,
        name: str = "",
        loaded: bool = False,
    ):
        super().__init__()
        self.state = state
        self.backend = backend
        self.chosen_file = save_to
        self.game_name = name or size_name(state.height, state.width, state.mines)
        # A game loaded from a file (`loaded`) is saved back to it unless --save chose another;
        # the games `n` deals after it are not that game, and are saved under names of their own.
        self._loaded = loaded and save_to is not None
        # the centre, or the first click a loaded game's mines were laid for (generate game's)
        first = state.first_click
        self.cursor: Cell = (state.height // 2, state.width // 2) if first is None else first
        self.hints = False
        self.analysis: Analysis | None = None  # the overlay's, for the board on the screen
        self._engine_lock = threading.Lock()  # one question to the engine at a time
        # A no-guess game being dealt on another thread (a 300x300 one takes half a minute):
        # the screen answers q and ? meanwhile, and ignores moves.
        self.dealing = False

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        yield BoardView(id="board")
        yield Static(id="message")

    def on_mount(self) -> None:
        self.set_interval(1, self._show_status)
        self._start_message()
        self.refresh_board()
        # the cursor starts at the centre: on a board larger than the screen, scroll to put it
        # in the middle of the screen too
        self.call_after_refresh(self._keep_cursor_visible, True)

    # --- drawing ----------------------------------------------------------------------------

    def refresh_board(self) -> None:
        """Draw the board and the counters again, after any change."""
        analysis = self.analysis if self.hints else None
        size = 4 if analysis else 3
        field = self.query_one(BoardView)
        resized = field.square != size
        label, header = _label_width(self.state), _header_height(self.state.width, size)
        field.show(draw(self.state, self.cursor, analysis), label, size, header)
        if resized:  # the squares grew or shrank (the hints came or went): the cursor stays in view
            self._keep_cursor_visible()
        self._show_status()

    def _show_status(self) -> None:
        state = self.state
        bbbv = "-" if state.bbbv is None else str(state.bbbv)
        mines, seconds, clicks = state.mines_left, int(state.seconds()), state.clicks
        line = (
            f"Mines {mines:>3}   Time {seconds:>4}   3BV {bbbv:>3}   "
            f"Clicks {clicks:>3}   {state.status:<7}"
        )
        try:
            widget = self.query_one("#status", StatusLine)
        except NoMatches:  # the app is closing: its once-a-second tick came after its widgets went
            return
        room = widget.content_region.width
        if room and len(line) > room:
            # a narrow window: what changes as one plays comes first (a long name is cut anyway)
            line = f"Mines {mines}  {seconds}s  {state.status}  Clicks {clicks}  3BV {bbbv}"
        if room and len(line) > room:
            # narrower still: the state first, each number after its initial, and no name; what
            # does not fit is left out whole, as a cut number reads as another (Clicks 2… for 28)
            fields = [f"M{mines}", f"{seconds}s", f"C{clicks}", f"3BV {bbbv}"]
            line = state.status
            for field in fields:
                if len(line) + 1 + len(field) > room:
                    break
                line += " " + field
            widget.update(Text(line))
            return
        name = self.game_name
        if room and len(line) + 3 + min(len(name), 8) > room:
            name = ""  # a name cut to an ellipsis or a letter or two tells nothing
        widget.update(Text(f"{line}   {name}" if name else line))

    def say(self, line: str, kind: str = "") -> None:
        message = self.query_one("#message", Static)
        message.set_classes(kind)
        message.update(Text(line))

    def _start_message(self) -> None:
        state = self.state
        if state.over:
            self._after_move()
            return
        said = dealt_as(state.no_guess, state.zero_start)
        start = "click a square or press space" if not state.dealt else "go on"
        first = state.first_click
        if first is not None:  # a loaded game: only that click is sure to be safe (or no guess)
            start = f"first click {click(first)}, under the cursor: the mines were laid for it"
        seed = "" if state.seed is None else f", seed {state.seed}"
        self.say(
            f"{state.height}x{state.width}, {plural(state.mines, 'mine')}{seed}"
            f"{said}: {start}; h hints, ? keys, q quit"
        )

    # --- moves ------------------------------------------------------------------------------

    def mouse_move(self, x: int, y: int, button: int) -> None:
        """A click at (x, y) of the board widget: left reveals, right flags, middle chords."""
        cell = self._cell_at(x, y)
        if cell is None:
            return
        self.cursor = cell
        if button == 3:
            self.action_flag()
        elif button == 2:
            self.action_chord()
        else:
            self.action_reveal()

    def _cell_at(self, x: int, y: int) -> Cell | None:
        size = 4 if self.hints and self.analysis else 3
        label = _label_width(self.state)
        x -= label
        r, c = y - _header_height(self.state.width, size), x // size if x >= 0 else -1
        if 0 <= r < self.state.height and 0 <= c < self.state.width:
            return r, c
        return None

    def action_move(self, dr: int, dc: int) -> None:
        r, c = self.cursor
        self.cursor = (
            min(max(r + dr, 0), self.state.height - 1),
            min(max(c + dc, 0), self.state.width - 1),
        )
        self.refresh_board()
        self._keep_cursor_visible()

    def _keep_cursor_visible(self, centre: bool = False) -> None:
        self.query_one(BoardView).reveal_square(*self.cursor, centre=centre)

    def action_reveal(self) -> None:
        self._play(self.state.click)

    def action_flag(self) -> None:
        self._play(self.state.flag)

    def action_chord(self) -> None:
        self._play(self.state.chord)

    def _play(self, move) -> None:
        if self.dealing:
            return  # the line says it is dealing, and that q quits
        state = self.state
        first = not state.dealt and move == state.click and self.cursor not in state.flags
        if first and state.no_guess:
            self.dealing = True
            self.say(DEALING + " ...; q quits")
            self._deal_away(state, self.cursor)
            return
        try:
            changed = move(self.cursor)
        except DealError as error:
            self.say(f"cannot deal: {error}", "lost")
            return
        if changed:
            self._after_move()

    @work(thread=True, exclusive=True, group="deal")
    def _deal_away(self, state: GameState, first: Cell) -> None:
        """Deal the no-guess game of a first click at `first` away from the screen's thread,
        saying on the bottom line how many mines it has moved, then play that click."""
        began, told = time.monotonic(), [0.0]

        def progress(moved: int, most: int) -> None:
            now = time.monotonic()
            if now - told[0] >= 0.2:  # a few times a second, not once per mine
                told[0] = now
                line = f"{DEALING}: {plural(moved, 'mine')} moved (it gives up after {most:,}), "
                self._from_thread(self.say, f"{line}{now - began:.0f} s so far; q quits")

        try:
            game = state.deal_for(first, progress)
        except DealError as error:
            self._from_thread(self._not_dealt, state, str(error))
            return
        self._from_thread(self._dealt, state, game, first)

    def _from_thread(self, *call) -> None:
        try:
            self.call_from_thread(*call)
        except RuntimeError:  # the game has ended (q) while it was dealing
            pass

    def _dealt(self, state: GameState, game: Game, first: Cell) -> None:
        self.dealing = False
        if state is not self.state:
            return
        state.lay(game)
        self.say("")
        if state.click(first):
            self._after_move()

    def _not_dealt(self, state: GameState, message: str) -> None:
        self.dealing = False
        if state is self.state:
            self.say(f"cannot deal: {message}", "lost")

    def _after_move(self) -> None:
        state = self.state
        if state.status == "won":
            seconds = state.seconds()
            # 3BV per second from a second on (as shown): a win in one click takes no time to
            # divide by, and made thousands per second
            rate = (
                f" ({state.bbbv / seconds:.2f}/s)" if state.bbbv and round(seconds, 1) >= 1 else ""
            )
            self.say(
                f"You won: {plural(state.mines, 'mine')} found in {seconds:.1f} s, "
                f"3BV {state.bbbv}{rate}, {plural(state.clicks, 'click')}. "
                "n new game, s save, q quit",
                "won",
            )
        elif state.status == "lost":
            blown = exploded(state.board)
            self.say(
                f"Boom: the mine at {click(blown)} went off ({state.seconds():.1f} s). "
                "* mines, x wrong flags; n new game, s save, q quit",
                "lost",
            )
        elif self.hints:
            self.say("thinking ...")
        else:
            self.say("f flag, c chord, h hints, s save, n new game, ? keys, q quit")
        self.analysis = None
        if self.hints and not state.over:
            self._ask_engine()
        self.refresh_board()

    def action_new_game(self) -> None:
        if self.dealing:
            return
        old = self.state
        # a session from --seed S plays S, S+1, ...: replayable; after a board of no known seed,
        # a seed of its own, as a session started without --seed
        seed = secrets.randbelow(2**32) if old.seed is None else (old.seed + 1) % 2**64
        try:
            self.state = new_game(
                old.height,
                old.width,
                old.mines,
                seed=seed,
                no_guess=old.no_guess,
                zero_start=old.zero_start,
                clock=old.clock,
            )
        except GameError as error:
            # a loaded game dealt for a corner's first click (4 squares kept clear) may hold
            # more mines than a game dealt wherever the first click falls can
            self.say(f"cannot deal a new game: {error}; this game goes on", "lost")
            return
        self.analysis = None
        self.cursor = (old.height // 2, old.width // 2)
        if self._loaded:
            self.chosen_file, self._loaded = None, False
            self.game_name = size_name(old.height, old.width, old.mines)
        if self.hints:  # the engine is asked after the first click; the seed is said still
            state = self.state
            dealt = dealt_as(state.no_guess, state.zero_start)
            self.say(f"seed {state.seed}{dealt}; {self._hints_wait()}")
        else:
            self._start_message()
        self.refresh_board()
        self._keep_cursor_visible()

    @property
    def save_to(self) -> Path:
        """Where `s` saves this game."""
        if self.chosen_file is not None:
            return self.chosen_file
        state = self.state
        seed = "" if state.seed is None else f"-seed{state.seed}"
        return Path(f"logicmines-{state.height}x{state.width}{seed}.txt")

    def action_save(self) -> None:
        if self.dealing:
            return  # nothing to save yet: the game starts with the click being dealt for
        try:
            text = self.state.saved_text()
            _write(self.save_to, text)
        except GameError as error:
            self.say(str(error))
        except OSError as error:
            self.say(f"cannot save to {self.save_to}: {error.strerror or error}", "lost")
        else:
            self.say(f"saved to {self.save_to}: logicmines play --load {self.save_to}")

    def action_keys(self) -> None:
        self.push_screen(KeysScreen())

    # --- hints ------------------------------------------------------------------------------

    def action_hints(self) -> None:
        self.hints = not self.hints
        if not self.hints:
            self.say("hints off")
        elif self.state.over:
            self.hints = False
            self.say("the game is over: n for a new one")
        elif not self.state.dealt:
            self.say(self._hints_wait())
        elif (first := self.state.first_click) is not None:  # as good as a first click to come
            self.say(
                f"hints after the first click: {click(first)} is safe, the mines were laid for it"
            )
        else:
            self.say("thinking ...")
            self._ask_engine()
        self.refresh_board()
        self._keep_cursor_visible()

    def _hints_wait(self) -> str:
        """What the hints say before the first click: the mines are laid after it, around the
        square clicked, so no chance of the board as it shows would be the game's."""
        around = " and its neighbours" if self.state.zero_start else ""
        return f"hints after the first click: it{around} can never hold a mine, wherever it is"

    def _ask_engine(self) -> None:
        self.analysis = None
        self._analyze(self.state.board, self.state.mines)

    @work(thread=True, exclusive=True, group="hints")
    def _analyze(self, board, mines: int) -> None:
        with self._engine_lock:
            try:
                analysis = self.backend.analyze(board, mines)
            except EngineError as error:
                self.call_from_thread(self._hint_failed, board, str(error))
                return
            finally:
                release_thread()  # no SWI-Prolog engine left on this thread when the game ends
        self.call_from_thread(self._show_hints, board, analysis)

    def _show_hints(self, board, analysis: Analysis) -> None:
        if not self.hints or board != self.state.board or not self.state.dealt:
            return  # the game moved on while the engine thought
        self.analysis = analysis
        safe, mines = len(analysis.safe), len(analysis.mines)
        best = analysis.best
        line = f"hints by {self.backend.name}: {plural(safe, 'safe square')}, "
        line += f"{plural(mines, 'certain mine')}"
        if best is not None:
            line += f"; best click {click(best)} ({percent(analysis.probabilities[best])}%)"
        self.say(line)
        self.refresh_board()

    def _hint_failed(self, board, message: str) -> None:
        if board == self.state.board and self.state.dealt:
            self.hints = False
            self.say(f"no hints: {message}", "lost")
            self.refresh_board()


SAVES = "s saves the game to a file"
DEALING = "dealing a game that needs no guess"


def _write(path: Path, text: str) -> None:
    """Write the whole file or leave the old one (a new file beside it, then renamed over it),
    never over what is not a file of its own; GameError when it must not be written."""
    try:
        write_whole(str(path), text, SAVES)
    except UsageError as error:
        raise GameError(str(error)) from None


# --- the command ----------------------------------------------------------------------------------


def prepare(args: argparse.Namespace) -> tuple[GameState, Backend, Path | None, str]:
    """The game, the engine, where `s` saves and the game's name, from the command line's
    arguments; GameError, BoardSyntaxError, DealError or BackendUnavailable for bad ones."""
    backend = make_backend(args.backend, HINT_TIMEOUT if args.timeout is None else args.timeout)
    if args.load is not None:
        if args.preset or args.size or args.mines is not None:
            raise GameError("--load plays the game the file holds: leave out the size and --mines")
        dealt = [f"--{o}" for o in ("no-guess", "zero-start") if getattr(args, o.replace("-", "_"))]
        if args.seed is not None:
            dealt.append("--seed")
        if dealt:
            raise GameError(
                "--load plays the game the file holds, and n deals the next ones as the file "
                f"says (its seed, no guess, zero start): leave out {listed(dealt)}"
            )
        if args.load == "-":
            raise GameError("--load -: standard input is the game's keyboard; name a game file")
        if _names_a_terminal(args.load):  # /dev/stdin, /dev/tty: it would wait for keys unsaid
            raise GameError(
                f"--load {said(args.load)}: a terminal, the game's keyboard; name a game file"
            )
        try:  # as a board file is read: its size limit, and the same words when it cannot be
            text, source = read_text(args.load, input_limit(args))
        except UsageError as error:
            raise GameError(str(error)) from None
        state = load_game(text, source)
        if args.save is not None:  # the file it came from is checked when s saves to it
            _check_save(Path(args.save))
        return state, backend, Path(args.save or args.load), Path(args.load).name
    if args.max_input is not None:  # the limit is that of a --load file, and there is none
        raise GameError("--max-input limits the --load file, and no --load names one")
    if args.preset and args.size:
        raise GameError(f"give a preset ({args.preset}) or --size, not both")
    name = args.preset or ("beginner" if not args.size else args.size)
    height, width, mines = parse_size(name if not args.size else args.size)
    if args.mines is not None:
        mines = args.mines
    if mines is None:
        raise GameError(f"--size {args.size} needs --mines N (a preset brings its own)")
    seed = secrets.randbelow(2**32) if args.seed is None else args.seed
    state = new_game(
        height, width, mines, seed=seed, no_guess=args.no_guess, zero_start=args.zero_start
    )
    if args.save is not None:
        _check_save(Path(args.save))
    return state, backend, Path(args.save) if args.save else None, name


def _names_a_terminal(path: str) -> bool:
    """Whether `path` is a terminal (a character device that says so when opened); False for
    anything else, and for what cannot be opened: reading it says why."""
    try:
        if not stat.S_ISCHR(os.stat(path).st_mode):
            return False
        handle = os.open(path, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    except (OSError, ValueError):
        return False
    try:
        return os.isatty(handle)
    finally:
        os.close(handle)


def _check_save(path: Path) -> None:
    """GameError now, before the game starts, for a --save FILE that `s` could never write."""
    try:
        writable_target(str(path), SAVES)
    except UsageError as error:
        raise GameError(str(error)) from None


def run_play(args: argparse.Namespace, out: object = None, stderr: TextIO | None = None) -> int:
    """`logicmines play`: start the game in this terminal; 0 when the player quits, 2 (and one
    line on stderr) for bad arguments, a bad game file, a missing engine or no terminal."""
    stderr = stderr or sys.stderr
    try:
        state, backend, save_to, name = prepare(args)  # bad arguments first, terminal or not
        streams = (sys.stdin, sys.stdout, sys.stderr)  # None when closed (2>&-)
        if not all(stream is not None and stream.isatty() for stream in streams):
            # textual draws the game on standard error: redirected, the screen stays blank
            raise GameError(
                "play needs a terminal: standard input, output and error must all be the terminal "
                "(the game is drawn on standard error, so 2>FILE would leave the screen blank)"
            )
    except (GameError, BoardSyntaxError, DealError, BackendUnavailable) as error:
        if stderr is not None:  # closed: the status says it
            stderr.write(error_line(str(error)) + "\n")
        return 2
    loaded = args.load is not None and not args.save  # saved back to the file it came from
    play_to_the_end(PlayApp(state, backend, save_to, name, loaded=loaded))
    return 0


def play_to_the_end(app: PlayApp, **options) -> None:
    """Run the game (`options` go to `App.run`) until the player quits, then end the process at
    once if an engine is still working out hints, or a no-guess game is still being dealt: they
    cannot be stopped in the middle, and the process would wait for them (up to --timeout, or
    the deal's end) with the game already gone.
    `logicmines play` runs so, as its process is the game's alone."""
    loop = asyncio.new_event_loop()  # on its own loop, run returns once the terminal is back
    app.run(loop=loop, **options)
    if app._engine_lock.locked() or app.dealing:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
    loop.close()
