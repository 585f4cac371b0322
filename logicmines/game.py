"""One game of Minesweeper as `logicmines play` plays it, apart from any screen: the deal after the
first click, reveal, flag, chord, the counters, hints from an engine, and saving to a game board.

The screen (logicmines/play_app.py) only draws a `GameState` and turns keys and clicks into its
moves, so that tests and other front ends can drive a game with plain calls.

A saved game is a game board in LeetCode letters (E M B X 1-8), as `reveal` and `generate game`
write them, after comment lines that keep what the letters cannot say: where the flags are, the
clicks and seconds so far, and, until a square is revealed, the first click the mines were laid
for. Any game board file loads, with or without those lines.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .analysis import Analysis
from .backends import Backend, make_backend
from .board import Board, Cell, require_cell, require_flag, require_whole, shown_value
from .deal import DealError, Game, check_seed, check_size, deal, dealt_as
from .parse import parse_boards
from .reveal import reveal, status
from .stats import StatsError, board_stats
from .words import at, off_board, plural, said

__all__ = ["GameError", "GameState", "load_game", "new_game"]

HIDDEN = "EM"  # the squares not yet revealed: the player cannot tell these two apart
# The comment line a saved game starts with; every field is optional when a game is loaded.
_SAVED = "# logicmines play:"
_FIELD = {
    "seed": re.compile(r"\bseed\s+(\d+)"),
    "clicks": re.compile(r"\b(\d[\d,]*) clicks?\b"),
    "seconds": re.compile(r"\b(\d+(?:\.\d+)?) s\b"),
}
# The comment line `generate game` writes: "# 9x9, 10 mines, first click 4,4 (no guess), seed 3".
_DEALT = re.compile(r"#\s*\d+x\d+, \d[\d,]* mines?, first click \d+,\d+\b")
# The first click the game was dealt for, in either line (a saved game keeps it until a square
# is revealed): safe, and with "no guess" the click logic wins from.
_FIRST = re.compile(r"\bfirst click (\d+),(\d+)\b")
# How the game was dealt, in either line; `n` deals the next games the same way.
_HOW = {"no_guess": re.compile(r"\bno guess\b"), "zero_start": re.compile(r"\bzero start\b")}
_FLAGS = re.compile(r"\s*#\s*flags:(.*?)\s*")
_CELL = re.compile(r"(\d+),(\d+)")


class GameError(ValueError):
    """A game that cannot be started or loaded: one line that says where and what."""


@dataclass
class GameState:
    """A game being played. Before the first click `dealt` is False and the board is all E: the
    mines are laid only then, around the square clicked, so that the first click is safe."""

    height: int
    width: int
    mines: int
    board: Board
    dealt: bool
    seed: int | None = 0  # None: a loaded board that does not say which seed dealt it
    no_guess: bool = False
    zero_start: bool = False
    flags: set[Cell] = field(default_factory=set)
    clicks: int = 0  # every click that changed the board: reveals, chords, flags
    clock: Callable[[], float] = time.monotonic
    seconds_before: float = 0.0  # the time on the clock when the game was loaded
    started: float | None = None  # the clock when this session's first move was made
    ended: float | None = None
    bbbv: int | None = None  # 3BV of the mine layout, once there is one
    dealt_for: Cell | None = None  # the first click a loaded game's mines were laid for, if said

    # --- what the screen shows --------------------------------------------------------------

    @property
    def status(self) -> str:
        """`ready` (nothing dealt yet), `playing`, `won` or `lost`."""
        return status(self.board) if self.dealt else "ready"

    @property
    def over(self) -> bool:
        return self.status in ("won", "lost")

    @property
    def mines_left(self) -> int:
        """The mine counter: the mines not flagged (negative when too many flags are out)."""
        return self.mines - len(self.flags)

    @property
    def first_click(self) -> Cell | None:
        """The square to click first in a game loaded with its mines laid and nothing revealed,
        when its file names the click they were laid for (`generate game` does): only that
        click is sure to be safe (with "no guess", the one logic wins from). None otherwise."""
        if self.dealt_for is None or not self.dealt:
            return None
        if any(row.strip(HIDDEN) for row in self.board.rows):  # a square is revealed
            return None
        return self.dealt_for

    def seconds(self) -> float:
        """The timer: it starts at the first move and stops when the game ends."""
        if self.started is None:
            return self.seconds_before
        end = self.clock() if self.ended is None else self.ended
        return self.seconds_before + end - self.started

    def square(self, cell: Cell) -> str:
        """What the player knows of a square: `F` flagged, `E` hidden, `B` blank, a digit, `X` the
        mine that went off; once the game is over, also `M` an unflagged mine and `W` a flag on a
        square that was no mine."""
        return self.shown(self._on_board(cell))

    def shown(self, cell: Cell) -> str:
        """`square` for a (row, column) tuple known to be on the board, unchecked: the screen
        asks it of every square at every redraw (the check cost a quarter of that time)."""
        letter = self.board[cell]
        if cell in self.flags:
            return "W" if self.status == "lost" and letter != "M" else "F"
        if letter == "M":
            return "M" if self.over else "E"
        return letter

    # --- moves ------------------------------------------------------------------------------

    def click(self, cell: Cell) -> bool:
        """A left click: reveal a hidden square by the LeetCode 529 rules (dealing first, on the
        first click), or chord on a digit. False when it changes nothing (a flag, a blank, a game
        over). DealError when the mines cannot be dealt around this square."""
        cell = self._on_board(cell)
        if self.over or cell in self.flags:
            return False
        if not self.dealt:
            self._deal(cell)
        letter = self.board[cell]
        if letter.isdigit():
            return self.chord(cell)
        if letter not in HIDDEN:
            return False
        self._start()
        self.board = reveal(self.board, cell)
        self._moved()
        return True

    def chord(self, cell: Cell) -> bool:
        """On a digit with as many flags around it as it says: reveal every other hidden square
        around it (a wrong flag loses the game). False when the digit is not satisfied."""
        cell = self._on_board(cell)
        letter = self.board[cell]
        if self.over or not letter.isdigit():
            return False
        around = self.board.neighbours(cell)
        flagged = sum(1 for n in around if n in self.flags)
        hidden = [n for n in around if n not in self.flags and self.board[n] in HIDDEN]
        if flagged != int(letter) or not hidden:
            return False
        self._start()
        for n in hidden:
            if self.board[n] in HIDDEN:  # an earlier one's blank may have opened it already
                self.board = reveal(self.board, n)
                if status(self.board) == "lost":
                    break
        self._moved()
        return True

    def flag(self, cell: Cell) -> bool:
        """A right click: put a flag on a hidden square, or take it off. False elsewhere."""
        cell = self._on_board(cell)
        if self.over or self.board[cell] not in HIDDEN:
            return False
        self._start()
        self.flags ^= {cell}
        self.clicks += 1
        return True

    def deal_for(self, first: Cell, progress: Callable[[int, int], None] | None = None) -> Game:
        """The game a first click at `first` deals (`deal`'s `progress` told as it goes), with
        nothing changed here: a screen deals a slow no-guess game so, away from its own thread,
        then `lay`s it and clicks. DealError when it cannot be dealt."""
        return deal(
            self.height,
            self.width,
            self.mines,
            first=first,
            no_guess=self.no_guess,
            zero_start=self.zero_start,
            seed=self.seed,
            progress=progress,
        )

    def lay(self, game: Game) -> None:
        """Lay the mines of `game` (from `deal_for`): the next click plays on them. TypeError for
        what is no Game; GameError for a game dealt for another size or another total."""
        if not isinstance(game, Game):
            raise TypeError(f"lay needs a Game (deal_for makes one), not {shown_value(game)}")
        board = game.board
        if (board.height, board.width, game.mines) != (self.height, self.width, self.mines):
            raise GameError(
                f"lay: a {board.height}x{board.width} game of {plural(game.mines, 'mine')} "
                f"cannot be laid on this {self.height}x{self.width} game of "
                f"{plural(self.mines, 'mine')}"
            )
        self.board = game.board
        self.dealt = True
        self.bbbv = board_stats(game.board).bbbv

    def _deal(self, first: Cell) -> None:
        self.lay(self.deal_for(first))

    def _start(self) -> None:
        if self.started is None:
            self.started = self.clock()

    def _moved(self) -> None:
        self.clicks += 1
        # A flag on a square the move revealed (an opening or a chord spreads over flags) is gone:
        # the counter, the screen and a saved game (whose flags must be on hidden squares) agree.
        self.flags = {cell for cell in self.flags if self.board[cell] in HIDDEN}
        state = self.status
        if state == "won":
            # Every mine is found: the counter reads 0, as in every Minesweeper.
            self.flags = {cell for cell in self.board.cells() if self.board[cell] == "M"}
        if state in ("won", "lost") and self.ended is None:
            self.ended = self.clock()

    # --- hints ------------------------------------------------------------------------------

    def analyze(self, backend: Backend | str) -> Analysis:
        """Every hidden square's exact chance of being a mine, with the game's mine total, from
        what is revealed alone (flags are the player's guesses, not facts). `backend` is an
        engine or an engine's name."""
        if isinstance(backend, str):
            backend = make_backend(backend)
        elif not callable(getattr(backend, "analyze", None)):
            raise TypeError(
                "analyze needs an engine (get_backend makes one) or an engine's name, not "
                f"{shown_value(backend)}"
            )
        return backend.analyze(self.board, self.mines)

    def _on_board(self, cell: Cell) -> Cell:
        """`cell` as a (row, column) tuple; TypeError when it is no pair of whole numbers,
        GameError when it lies off the board (a bare IndexError, or a wrapped-round square)."""
        require_cell("the game", "a square", cell)
        cell = (cell[0], cell[1])
        if (off := off_board(cell, self.height, self.width)) is not None:
            raise GameError(f"square {off}")
        return cell

    # --- saving -----------------------------------------------------------------------------

    def saved_text(self) -> str:
        """The game as a game board file that `load_game` reads back. GameError before the first
        click: until then there are no mines to save."""
        if not self.dealt:
            raise GameError("nothing to save yet: the mines are laid at the first click")
        clicks = plural(self.clicks, "click")
        # 1234567.8, not :g's 1.23457e+06, which would be read back as 6 s
        seconds = f"{self.seconds():.1f}".removesuffix(".0")
        dealt = dealt_as(self.no_guess, self.zero_start)
        first = self.first_click
        said_first = f", first click {first[0]},{first[1]}" if first is not None else ""
        seed = "" if self.seed is None else f"seed {self.seed}, "  # none made up for it
        lines = [
            f"{_SAVED} {self.height}x{self.width}, {plural(self.mines, 'mine')}{dealt}, "
            f"{seed}{clicks}, {seconds} s{said_first}"
        ]
        if self.flags:
            lines.append("# flags: " + " ".join(f"{r},{c}" for r, c in sorted(self.flags)))
        return "\n".join([*lines, *self.board.rows]) + "\n"


def new_game(
    height: int,
    width: int,
    mines: int,
    *,
    seed: int = 0,
    no_guess: bool = False,
    zero_start: bool = False,
    clock: Callable[[], float] = time.monotonic,
) -> GameState:
    """A game not dealt yet; GameError when no first click could be dealt around, TypeError
    for an argument of the wrong kind (each checked here, not at the first click)."""
    for argument, value in (("height", height), ("width", width), ("mines", mines)):
        require_whole("new_game", argument, value)
    require_whole("new_game", "seed", seed)
    require_flag("new_game", "no_guess", no_guess)
    require_flag("new_game", "zero_start", zero_start)
    try:
        check_size(height, width)
        check_seed(seed)
    except DealError as error:
        raise GameError(str(error)) from None
    # The most squares a first click keeps clear: itself, and its neighbours for a zero start.
    # The first click is not known yet: the mines must fit around it wherever it is.
    kept = min(3, height) * min(3, width) if zero_start else 1
    room = height * width - kept
    if mines < 0:
        raise GameError(f"the number of mines cannot be negative ({mines})")
    if mines > room:
        # as `generate game` says it for the first click it knows
        why = (
            f"with a zero start wherever the first click is (up to {kept} squares kept clear)"
            if zero_start
            else "with the first click kept safe"
        )
        raise GameError(
            f"{height}x{width} holds at most {plural(room, 'mine')} {why}, not {mines:,}"
        )
    board = Board(tuple("E" * width for _ in range(height)), "game")
    return GameState(height, width, mines, board, False, seed, no_guess, zero_start, clock=clock)


def load_game(text: str, source: str, clock: Callable[[], float] = time.monotonic) -> GameState:
    """The game a game board file holds (one board; its flags, clicks and seconds if saved with
    them). BoardSyntaxError for what is no board; GameError, naming `source`, for the rest."""
    boards = parse_boards(text, source)
    if len(boards) != 1:
        raise GameError(f"{source}: holds {len(boards)} boards; play loads a file of one game")
    board = boards[0].as_grid()
    if board.kind != "game":
        raise GameError(
            f"{board.where()}: a puzzle board (0-8 * ?) does not say where the mines are; play "
            "loads a game board (E M B X 1-8), as 'generate game' writes one"
        )
    try:
        bbbv = board_stats(board).bbbv
    except StatsError as error:  # at the square at fault, when there is one
        raise GameError(f"{board.where(error.cell)}: {error}") from None
    mines = sum(row.count("M") + row.count("X") for row in board.rows)
    game = GameState(
        board.height, board.width, mines, board, True, seed=None, clock=clock, bbbv=bbbv
    )  # the seed, when the file says it, is read below
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(_SAVED):
            _read_counters(game, line, f"{source}:{number}")
            _read_how(game, line, f"{source}:{number}")
        elif _DEALT.match(line):
            _read_counters(game, line, f"{source}:{number}", seed_only=True)
            _read_how(game, line, f"{source}:{number}")
        flags = _FLAGS.fullmatch(line)
        if flags:
            game.flags |= _read_flags(board, flags, f"{source}:{number}")
    if game.status == "won":
        game.flags = {cell for cell in board.cells() if board[cell] == "M"}
    return game


def _read_counters(game: GameState, line: str, where: str, seed_only: bool = False) -> None:
    found = {name: pattern.search(line) for name, pattern in _FIELD.items()}
    if found["seed"]:
        seed = int(found["seed"].group(1))
        if seed >= 2**64:  # n would deal from seed 0: not the games the file says
            raise GameError(f"{where}: a seed is a whole number from 0 to 2**64 - 1, not {seed}")
        game.seed = seed
    if seed_only:
        return
    if found["clicks"]:
        game.clicks = int(found["clicks"].group(1).replace(",", ""))
    if found["seconds"]:
        game.seconds_before = float(found["seconds"].group(1))


def _read_how(game: GameState, line: str, where: str) -> None:
    game.no_guess = bool(_HOW["no_guess"].search(line))
    game.zero_start = bool(_HOW["zero_start"].search(line))
    first = _FIRST.search(line)
    if first is not None:
        # The game will say the mines were laid for this click (it is safe): a click off the
        # board or on a mine, as a hand-edited line may name, is refused, as a flag is.
        cell, column = (int(first.group(1)), int(first.group(2))), first.start(1) + 1
        if (off := off_board(cell, game.height, game.width)) is not None:
            raise GameError(f"{where}:{column}: the first click at {off}")
        if game.board[cell] in ("M", "X"):
            raise GameError(
                f"{where}:{column}: the first click {at(cell)} is a mine on the board, where "
                "the line says the mines were laid to keep it safe"
            )
        game.dealt_for = cell


def _read_flags(board: Board, line: re.Match[str], where: str) -> set[Cell]:
    """The cells of a `# flags:` line (`line`, matched by _FLAGS), each a hidden square of the
    board; an error names the line (`where`, FILE:LINE) and the column of the flag it is about."""
    flags = set()
    for written in re.finditer(r"\S+", line.group(1)):
        word, column = written.group(), line.start(1) + written.start() + 1
        match = _CELL.fullmatch(word)
        if match is None:
            raise GameError(
                f"{where}:{column}: a flag is written R,C (row and column from 0), not {said(word)}"
            )
        cell = (int(match.group(1)), int(match.group(2)))
        if (off := off_board(cell, board.height, board.width)) is not None:
            raise GameError(f"{where}:{column}: the flag at {off}")
        if board[cell] not in HIDDEN:
            raise GameError(f"{where}:{column}: the flag at {at(cell)} is on a revealed square")
        flags.add(cell)
    return flags
