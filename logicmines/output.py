"""How answers are written: JSON Lines for programs, text for people (boards as grids, verdicts
in words, probabilities, engine tables). Every line the command line prints is made here.

The JSON contract (docs/json.md): boards are counted from 1, as in text; cells are `[row,
column]` counted from 0, as `--click` takes them; a count is a string of decimal digits with its
`log10` beside it, and a probability a float with its exact `"num/den"` beside it, so that no
JSON reader (JavaScript and jq read every number as a double) loses a digit."""

from __future__ import annotations

import json
import math
import re
import textwrap
import threading
import time
from dataclasses import dataclass
from typing import TextIO

from .analysis import Analysis
from .board import Board, Cell
from .compare import SKIPPED, TIMEOUT, Outcome, agreement
from .engine import EngineTimeout
from .files import is_terminal
from .results import CheckResult, Verdict
from .reveal import exploded, no_click_after
from .solvable import Solvability, solvable_lines, solvable_record
from .stats import Stats, stats_lines, stats_record
from .words import (
    FAST_BITS,
    click,
    digits,
    escaped,
    fraction,
    grouped,
    log10,
    number,
    percent,
    plural,
)

VERDICT_WORDS = {
    Verdict.UNIQUE: ("unique: exactly one solution", "32"),
    Verdict.MULTIPLE: ("multiple: more than one solution", "33"),
    Verdict.NONE: ("none: no solution", "31"),
}

# A solved game board is drawn in the game's own letters: a mine the player has not found is M,
# a revealed one stays X, a safe square with no mine around it is B.
_PUZZLE_TO_GAME = str.maketrans({"*": "M", "0": "B"})


def title(index: int, board: Board) -> str:
    """`board 2 (boards.txt:9, 5x4 puzzle)`: which board, where it came from, its size."""
    size = f"{board.height}x{board.width} {board.kind}"
    return f"board {index + 1} ({escaped(board.source)}:{board.line}, {size})"


def as_given(board: Board, solution: Board) -> Board:
    """A solution drawn the way its board came in: in its form (a grid, or LeetCode's brackets)
    and, for a game board, in game letters."""
    if board.kind != "game":
        return board.with_rows(solution.rows)
    rows = tuple(
        "".join(
            "X" if given == "X" else solved.translate(_PUZZLE_TO_GAME)
            for given, solved in zip(given_row, solved_row)
        )
        for given_row, solved_row in zip(board.rows, solution.rows)
    )
    return board.with_rows(rows)


def timeout_line(message: str) -> str:
    """The one line (for stderr) that says what got no answer in time: exit status 3. Escaped as
    `error_line` is."""
    return f"logicmines: timeout: {escaped(message)}"


def error_line(message: str) -> str:
    """The one line (for stderr) that says what went wrong and where: exit status 2. Whatever of
    the input it quotes (a file name, a piece of a board) shows its control characters escaped
    (`\\x1b`, `\\r`, `\\t`), so that the line stays one line and the terminal stays as it was."""
    return f"logicmines: error: {escaped(message)}"


def count_fields(n: int) -> dict[str, object]:
    """A count in JSON: every digit as a string, and its decimal logarithm (null for 0)."""
    return {"count": digits(n), "count_log10": log10(n)}


def json_line(fields: dict[str, object]) -> str:
    """`fields` as one line of JSON. Integers stay exact however long; a huge one (a count of
    millions of digits) is written by the fast conversion, since json's own is quadratic."""
    huge: list[int] = []

    def mark(value: object) -> object:
        if isinstance(value, dict):
            return {key: mark(inner) for key, inner in value.items()}
        if type(value) is int and value.bit_length() > FAST_BITS:
            huge.append(value)
            return f"\x00{len(huge) - 1}\x00"
        return value

    text = json.dumps(mark(fields))
    if not huge:
        return text
    return _MARK.sub(lambda found: digits(huge[int(found.group(1))]), text)


# Where json_line left a huge integer out: a string that no field of ours can hold (NUL bytes).
_MARK = re.compile(r'"\\u0000(\d+)\\u0000"')


def _among(mines: int | None, exact: bool) -> str:
    return "" if mines is None else f" with exactly {plural(mines, 'mine', exact)}"


@dataclass
class Out:
    """Where answers go: JSON Lines, or text for people (with colour only on a terminal).
    One method per kind of answer; each writes one board's answer."""

    stream: TextIO
    json: bool
    colour: bool
    exact: bool = False  # text: write huge counts in full rather than in short

    def line(self, text: str = "") -> None:
        self.stream.write(text + "\n")

    def record(self, **fields: object) -> None:
        self.stream.write(json_line(fields) + "\n")

    def paint(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.colour else text

    def grid(self, board: Board) -> None:
        for row in board.render().splitlines():
            self.line("  " + row)

    # --- one board's answer, per command ----------------------------------------------------

    def check(self, index: int, board: Board, result: CheckResult, backend: str) -> None:
        solution = None if result.solution is None else as_given(board, result.solution)
        if self.json:
            fields: dict[str, object] = {
                "board": index + 1,
                "verdict": result.verdict.value,
                "backend": backend,
            }
            if solution is not None:
                fields["solution"] = list(solution.rows)
            if result.reason is not None:
                fields["reason"] = result.reason
            self.record(**fields)
            return
        words, colour = VERDICT_WORDS[result.verdict]
        self.line(f"{title(index, board)}: {self.paint(words, colour)}")
        self.grid(board)
        if solution is not None:
            self.line("solution:")
            self.grid(solution)
        if result.reason:
            self.line(f"why: {result.reason}")
        self.line()

    def count(self, index: int, board: Board, n: int, mines: int | None, backend: str) -> None:
        if self.json:
            self.record(board=index + 1, **count_fields(n), backend=backend)
        else:
            solutions = plural(n, "solution", self.exact)
            self.line(f"{title(index, board)}: {solutions}{_among(mines, self.exact)}")

    def solutions(
        self,
        index: int,
        board: Board,
        found: list[Board],
        limit: int,
        mines: int | None = None,
        backend: str | None = None,
    ) -> None:
        """The first `limit` of `found` (those with `mines` mines in all, when given), found by
        `backend`; more than `limit` found means the list is cut."""
        complete = len(found) <= limit
        shown = [as_given(board, s) for s in found[:limit]]
        if self.json:
            rows = [list(s.rows) for s in shown]
            total = {} if mines is None else {"mines": mines}
            engine = {} if backend is None else {"backend": backend}
            self.record(board=index + 1, solutions=rows, complete=complete, **total, **engine)
            return
        # A cut list says so first: "2 solutions" of a board with 2**400 read as its count.
        listed = f"{plural(len(shown), 'solution')}{_among(mines, self.exact)}"
        if not complete:
            listed = f"the first {listed} (there are more: count says how many)"
        self.line(f"{title(index, board)}: {listed}")
        for position, solution in enumerate(shown, start=1):
            self.line(f"solution {position}:")
            self.grid(solution)
        self.line()

    def reveal(self, index: int, board: Board, after: Board, state: str, many: bool) -> None:
        """The board after the clicks; `many`: the file holds several boards (each titled)."""
        if self.json:
            self.record(board=index + 1, rows=list(after.rows), status=state)
        elif many:
            self.line(f"{title(index, board)}: {state}")
            self.line(after.render())
            self.line()
        else:
            self.line(after.render())
            self.line(state)

    def solvable(self, index: int, board: Board, answer: Solvability, many: bool) -> None:
        """Won by logic alone, or where it got stuck; `many`: each board is titled."""
        if self.json:
            self.record(board=index + 1, **solvable_record(answer))
            return
        if many:
            self.line(f"{title(index, board)}:")
        for line in solvable_lines(answer):
            self.line(line)

    def stats(self, index: int, board: Board, numbers: Stats, many: bool) -> None:
        if self.json:
            self.record(board=index + 1, **stats_record(numbers))
        else:
            self.line((f"{title(index, board)}: " if many else "") + stats_lines(numbers)[0])

    def analysis(self, index: int, board: Board, analysis: Analysis, mines: int | None) -> None:
        lost = exploded(board)
        if self.json:
            record = analysis_record(index, analysis)
            if lost is not None:  # no click follows a loss: reveal refuses one
                record["best"] = None
            self.record(**record)
            return
        solutions = plural(analysis.count, "solution", self.exact)
        self.line(f"{title(index, board)}: {solutions}{_among(mines, self.exact)}")
        if analysis.reason:
            self.line(f"why: {analysis.reason}")
        else:
            self._draw_analysis(analysis, lost, game=board.kind == "game")
        self.line()

    def comparison(
        self, index: int, board: Board, outcomes: dict[str, Outcome], forced: bool = False
    ) -> None:
        """compare's answer for a board: the engines' outcomes (`forced`: from run_forced)."""
        answered, agree = agreement(outcomes)
        if self.json:
            engines = {name: outcome_record(outcome) for name, outcome in outcomes.items()}
            # No answer, nothing to agree on: null, so that a filter on agreement skips it.
            self.record(board=index + 1, engines=engines, agree=agree if answered else None)
            return
        self.line(f"{title(index, board)}: {self._agreement(answered, len(outcomes), agree)}")
        if forced:
            self._draw_forced(outcomes)
        else:
            self._draw_comparison(outcomes)
        self.line()

    def timeout(self, index: int, board: Board, error: EngineTimeout) -> str:
        """The one line (for stderr) that says a board got no answer within the time limit."""
        return timeout_line(f"{title(index, board)}: {error}")

    def no_answer(self, index: int, board: Board, late: list[str], seconds: float | None) -> str:
        """The one line (for stderr) that says no engine compared answered a board in time."""
        limit = "" if seconds is None else f" within {seconds:g} s"
        engines = plural(len(late), "engine")
        return timeout_line(
            f"{title(index, board)}: no engine answered{limit} "
            f"({engines} timed out: {', '.join(late)})"
        )

    # --- the drawings ---------------------------------------------------------------------------

    def _draw_analysis(
        self, analysis: Analysis, lost: Cell | None = None, game: bool = False
    ) -> None:
        """The board with each unknown cell's chance of being a mine in percent (`26%`), digits
        and known mines as shown (a `game` board's B as 0 and X as *, as the legend then says),
        row and column numbers around it (a wide board in bands of columns, so that no line is
        much over 100 characters); then the forced cells and the best click, in the same
        numbers."""
        board = analysis.board
        margin = len(str(board.height - 1))
        for number_of_band, (first, last) in enumerate(bands(board.width)):
            if number_of_band:
                self.line()
            header = "".join(f"{c:>{CELL_WIDTH}}" for c in range(first, last))
            self.line(" " * margin + header)
            for r in range(board.height):
                cells = [f"{r:>{margin}}"]
                for c in range(first, last):
                    p = analysis.probabilities.get((r, c))
                    if p is None:
                        cells.append(f"{board[(r, c)]:>{CELL_WIDTH}}")
                        continue
                    colour = "32" if p == 0 else "31;1" if p == 1 else "31" if p > 0.5 else "33"
                    cells.append(self.paint(f"{percent(p) + '%':>{CELL_WIDTH}}", colour))
                self.line("".join(cells))
        if game:
            self.line("  (rows and columns numbered from 0, as --click takes them; digits as")
            self.line("  shown, a blank B as 0 and an open mine X as *; N%: the chance that an")
            self.line("  unknown square (E or M) is a mine)")
        else:
            self.line("  (rows and columns numbered from 0, as --click takes them; digits and * as")
            self.line("  shown; N%: the chance that an unknown cell is a mine)")
        self.line(f"safe in every solution: {_cell_list(analysis.safe)}")
        self.line(f"a mine in every solution: {_cell_list(analysis.mines)}")
        if lost is not None:
            self.line(no_click_after(lost))
        elif analysis.best is not None:
            p = analysis.probabilities[analysis.best]
            r, c = analysis.best
            self.line(
                f"best next click: {click(analysis.best)} (row {r}, column {c}; "
                f"{percent(p)}% chance of a mine)"
            )
        elif analysis.probabilities:
            self.line("best next click: none (every unknown cell is a mine in every solution)")
        else:
            self.line("best next click: none (no cell is unknown)")

    def _agreement(self, answered: int, engines: int, agree: bool) -> str:
        if not agree:
            return self.paint("ENGINES DISAGREE", "31;1")
        if answered == 0:
            return "no engine answered"
        if answered == 1 and engines == 1:
            return "1 engine answered: nothing to compare it with"
        if answered == 1:
            return f"only 1 of {engines} engines answered: nothing to compare"
        if answered < engines:
            return f"engines agree ({answered} of {engines} answered)"
        return "engines agree"

    def _draw_comparison(self, outcomes: dict[str, Outcome]) -> None:
        """One line per engine: verdict, count, seconds (or why there is no answer); for a board
        with no solution, each reason the engines gave, once, with the engines that gave it. A
        count stands in short in the table however long, so that the table stays narrow; with
        --exact, each count written short is then given whole below it, once for the engines
        that share it."""
        counts = {name: number(o.count) for name, o in outcomes.items() if o.answered}
        width = max([len("count"), *map(len, counts.values())])
        self.line(f"  {'engine':<10} {'verdict':<9} {'count':>{width}} {'seconds':>9}")
        for name, o in outcomes.items():
            if not o.answered:
                self._error_row(name, o.error)
            else:
                self.line(f"  {name:<10} {o.verdict:<9} {counts[name]:>{width}} {o.seconds:>9.3f}")
        self._draw_reasons(outcomes)
        many = any(o.answered and o.count >= MANY_TO_LIST for o in outcomes.values())
        if many and any(o.status in (TIMEOUT, SKIPPED) for o in outcomes.values()):
            self.line(
                "  (--forced compares the cells forced in every solution instead of the count:"
            )
            self.line("  clingo and clpfd find those without listing the solutions one by one)")
        if not self.exact:
            return
        shared: dict[int, list[str]] = {}
        for name, o in outcomes.items():
            if o.answered and counts[name] != grouped(o.count):
                shared.setdefault(o.count, []).append(name)
        for n, names in shared.items():
            self.line(f"  exact count: {grouped(n)} ({', '.join(names)})")

    def _draw_reasons(self, outcomes: dict[str, Outcome]) -> None:
        """For a board with no solution, each reason the engines gave, once, with the engines
        that gave it."""
        reasons: dict[str, list[str]] = {}
        for name, o in outcomes.items():
            if o.answered and o.reason:
                reasons.setdefault(o.reason, []).append(name)
        for i, (reason, names) in enumerate(reasons.items()):
            self.line(f"  {'why:' if i == 0 else '':<4} {reason} ({', '.join(names)})")

    def _error_row(self, name: str, error: str) -> None:
        """An engine's row without an answer: why, wrapped under the table's columns (an engine
        out of stack says so in some 200 characters), without the engine's name twice."""
        said = error.removeprefix(f"{name}: ")
        lead = f"  {name:<10} "
        for line in textwrap.wrap(said, ROW_WIDTH - len(lead), break_on_hyphens=False) or [""]:
            self.line(lead + line)
            lead = " " * len(lead)

    def _draw_forced(self, outcomes: dict[str, Outcome]) -> None:
        """compare --forced: one line per engine, its verdict, how many cells it found safe in
        every solution and how many a mine in every solution, seconds (or why there is no
        answer); then those cells, once if the engines agree, else once for each answer with
        the engines that gave it; for a board with no solution, why, as without --forced."""
        self.line(f"  {'engine':<10} {'verdict':<9} {'safe':>6} {'mines':>6} {'seconds':>9}")
        answers: dict[tuple, list[str]] = {}
        for name, o in outcomes.items():
            if not o.answered:
                self._error_row(name, o.error)
                continue
            safe, mines = o.safe or (), o.mines or ()
            self.line(
                f"  {name:<10} {o.verdict:<9} {len(safe):>6,} {len(mines):>6,} {o.seconds:>9.3f}"
            )
            answers.setdefault((safe, mines), []).append(name)
        for (safe, mines), names in answers.items():
            if all(outcomes[name].verdict == "none" for name in names):
                continue  # no solution: every cell is safe and a mine in all of none
            whose = "" if len(answers) == 1 else f" ({', '.join(names)})"
            self.line(f"  safe in every solution{whose}: {_cell_list(list(safe))}")
            self.line(f"  a mine in every solution{whose}: {_cell_list(list(mines))}")
        self._draw_reasons(outcomes)


# compare's table: an engine's reason for giving no answer is wrapped within this many columns.
ROW_WIDTH = 90

# A count from which compare suggests --forced when an engine ran out of time: more solutions
# than the engines that list them one by one list within its default 10 s.
MANY_TO_LIST = 1_000_000

# Analyze's text grid: each cell takes this many characters (`100%` and a space), and a wide board
# is drawn in bands of at most BAND columns.
CELL_WIDTH = 5
BAND = 20


def bands(width: int, most: int = BAND) -> list[tuple[int, int]]:
    """The columns of a board `width` wide in bands of at most `most`, as even as can be:
    (first, past the last) for each, left to right (30 columns: 0-14 and 15-29)."""
    count = -(-width // most)
    size = -(-width // count)
    return [(first, min(first + size, width)) for first in range(0, width, size)]


# A list of cells in text names at most this many (the line stays about 100 characters wide).
LISTED = 15


def _cell_list(cells: list[tuple[int, int]]) -> str:
    if not cells:
        return "none"
    shown = " ".join(click(c) for c in cells[:LISTED])
    return shown + (f" and {len(cells) - LISTED:,} more" if len(cells) > LISTED else "")


def analysis_record(index: int, analysis: Analysis) -> dict[str, object]:
    """analyze's JSON object: the count as count_fields writes it; probabilities as a grid of
    floats and the same grid exact (`"num/den"`), null where a cell is not unknown; cells as
    [row, column] from 0."""
    board = analysis.board
    shares = analysis.probabilities
    grid = [[shares.get((r, c)) for c in range(board.width)] for r in range(board.height)]
    exact = {p: fraction(p) for p in set(shares.values())}  # a group's cells share one value
    fields: dict[str, object] = {
        "board": index + 1,
        **count_fields(analysis.count),
        "probabilities": [[None if p is None else float(p) for p in row] for row in grid],
        "fractions": [[None if p is None else exact[p] for p in row] for row in grid],
        "safe": [list(cell) for cell in analysis.safe],
        "mines": [list(cell) for cell in analysis.mines],
        "best": list(analysis.best) if analysis.best else None,
    }
    if analysis.reason:
        fields["reason"] = analysis.reason
    return fields


def outcome_record(outcome: Outcome) -> dict[str, object]:
    """One engine's answer in compare's JSON: verdict, count (as count_fields writes it),
    seconds and, when there is no solution, the reason the engine gave; or only the error that
    says why there is no answer."""
    if not outcome.answered:
        return {"error": outcome.said or outcome.error}
    seconds = round(outcome.seconds, 6) if math.isfinite(outcome.seconds) else None
    if outcome.safe is not None:  # compare --forced: the forced cells, no count
        forced = {
            "safe": [list(c) for c in outcome.safe],
            "mines": [list(c) for c in outcome.mines or ()],
        }
        record = {"verdict": outcome.verdict, **forced, "seconds": seconds}
    else:
        record = {"verdict": outcome.verdict, **count_fields(outcome.count), "seconds": seconds}
    if outcome.reason is not None:
        record["reason"] = outcome.reason
    return record


# The stretch of time over which generate puzzle's progress line measures its pace.
PACE_SECONDS = 10.0
# Before this many seconds, the progress line says no time left.
SURE_SECONDS = 2.0
# The progress line's time left is at most this many times what the pace of the moment gives.
GROWTH_CAP = 2.0


class MakingProgress:
    """`generate puzzle`'s progress on a terminal, one line rewritten in place: the cells weighed
    so far, their rate and the time left. Nothing for a making done within `quiet` seconds (the
    usual board), nothing at all when `stream` is not a terminal; the line is erased at the end,
    so that what stays on the screen is the board alone."""

    def __init__(self, stream: TextIO | None, clock=None, quiet: float = 1.0):
        self.stream, self.clock = stream, clock or time.monotonic
        self.start = self.clock()
        self.quiet, self.shown, self.open = quiet, None, False
        self.live = is_terminal(stream)
        self.lock = threading.Lock()  # DealingProgress draws from a second thread too
        self.drawn: list[tuple[float, int]] = [(self.start, 0)]  # (when, done) of each line

    def __call__(self, done: int, cells: int) -> None:
        if not self.live:
            return
        now = self.clock()
        if now - self.start < self.quiet or (self.shown is not None and now - self.shown < 0.5):
            return
        self.shown = now
        self._write(f"\r{self.line(done, cells, now - self.start)}\x1b[K")
        self.open = True

    def line(self, done: int, cells: int, elapsed: float) -> str:
        # The rate at the pace of the last PACE_SECONDS or more (of the last half of the time so
        # far, when that is shorter): over the half second since the line before, the time left
        # of a --minimal making swung from 2 min to 47 s, 3 min and 7 min, as a few cells there
        # take a search of the whole board. The time left counts with cells that cost more and
        # more (the later a cell, the more of the board is hidden): at the pace of the moment, a
        # 100x100 --minimal making promised 4 s where 18 were left, 10 s where 13 were. So the
        # time a cell took over the stretch of the same length before is set beside this one's,
        # and the growth from one to the other goes on, in proportion, over the cells left
        # (replayed from that making's lines: 19 s and 14 s), up to GROWTH_CAP times what the
        # pace of the moment gives: a few cells of a second each among cells of milliseconds
        # make a growth that is not there, and a cheap start followed by a steady pace promised
        # five times the time left. No time left before SURE_SECONDS: too little has been seen
        # (the first line promised 2 s of 22).
        now = self.start + elapsed
        self.drawn.append((now, done))
        stretch = min(PACE_SECONDS, elapsed / 2)
        when, before = self._at(now - stretch)
        pace = (done - before) / (now - when) if now > when else 0.0
        said = f"generate puzzle: {grouped(done)} of {grouped(cells)} cells weighed"
        said += f", {pace:,.0f} a second"
        if elapsed < SURE_SECONDS:
            return said
        left = 0.0
        if pace:
            cost, middle = 1 / pace, (done + before) / 2  # seconds a cell, about `middle` cells in
            growth = 0.0  # seconds more a cell, for each cell further in
            earlier, first = self._at(when - stretch)
            if when > earlier and before > first:
                slower = cost - (when - earlier) / (before - first)
                growth = max(0.0, slower / (middle - (before + first) / 2))
            left = (cells - done) * (cost + growth * ((cells + done) / 2 - middle))
            left = min(left, GROWTH_CAP * (cells - done) * cost)
        keep = self.drawn.index(self._at(now - 2 * PACE_SECONDS))
        self.drawn = self.drawn[keep:]  # older lines are no longer measured from
        return f"{said}, about {_duration(left, up=True)} left"

    def _at(self, moment: float) -> tuple[float, int]:
        """The (when, done) of the last line drawn at `moment` or before (the start, at the
        earliest)."""
        return next((p for p in reversed(self.drawn) if p[0] <= moment), self.drawn[0])

    def end(self) -> None:
        if self.open:
            self._write("\r\x1b[K")
            self.open = False

    def _write(self, text: str) -> None:
        with self.lock:
            if not self.live:
                return
            try:
                self.stream.write(text)
                self.stream.flush()
            except (OSError, ValueError):  # a terminal gone: the board still comes
                self.live = False


class DealingProgress(MakingProgress):
    """`generate game --no-guess`'s progress, as MakingProgress shows it: the mines moved so far
    and the most it will move before it gives up. No time left: any move may be the last.

    A big board's first play, before any move, takes seconds: `begin()` starts a thread that
    draws the line twice a second from then on (the time goes on even when no mine moves), and
    `end()` stops it."""

    def __init__(self, stream: TextIO | None, clock=None, quiet: float = 1.0):
        super().__init__(stream, clock, quiet)
        self.done, self.most = 0, None
        self.stop = threading.Event()
        self.ticker: threading.Thread | None = None

    def __call__(self, done: int, most: int) -> None:
        self.done, self.most = done, most
        super().__call__(done, most)

    def begin(self) -> None:
        """Draw the line from the second thread until `end()`, on a terminal only."""
        if self.live and self.ticker is None:
            self.ticker = threading.Thread(target=self._tick_on, daemon=True)
            self.ticker.start()

    def _tick_on(self) -> None:
        while not self.stop.wait(0.5):
            self.tick()

    def tick(self) -> None:
        """The line as it stands now: the moves told so far, and the time."""
        super().__call__(self.done, self.most)

    def line(self, done: int, most: int | None, elapsed: float) -> str:
        limit = "" if most is None else f" (it gives up after {grouped(most)})"
        return (
            f"generate game: {plural(done, 'mine')} moved for a game that needs no guess"
            f"{limit}, {_duration(elapsed)} so far"
        )

    def end(self) -> None:
        self.stop.set()
        if self.ticker is not None:
            self.ticker.join()
            self.ticker = None
        super().end()


def _duration(seconds: float, up: bool = False) -> str:
    """Seconds as `12 s` or `3 min`; `up` rounds a time still to come up, not to the nearest
    (1.4 s left is `2 s`: a time left said too short is the one that disappoints)."""
    if seconds < 90:
        return f"{math.ceil(seconds) if up else round(seconds):.0f} s"
    minutes = seconds / 60
    return f"{math.ceil(minutes) if up else round(minutes):,} min"
