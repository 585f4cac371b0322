"""Boards as SVG pictures: analyze's heat map (each unknown cell coloured by its chance of being a
mine) and a plain board, both with a title line and row and column numbers."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from html import escape

from .analysis import Analysis
from .board import Board, Cell
from .frontier import groups
from .reveal import exploded, no_click_after
from .staging import Staged
from .words import escaped, percent, plural

CELL = 30  # pixels
TITLE = 26  # the title line's band at the top
NUMBERS = 16  # the column numbers' band under it
KEY = 18  # a swatch of the legend: its height
KEY_WIDTH = 46  # and its width
LETTER = 6.5  # about how wide a character of 11-pixel text is, to leave room for a line

# The colour scale's steps, by the highest whole percentage each holds (as the cell's label says
# it): exactly 0, 1-4, 5-9, ... up to exactly 100. Finer at the low end, where the next click is
# chosen: 21% and 26% fall in different steps.
STEPS = (0, 4, 9, 14, 19, 24, 29, 39, 49, 59, 74, 99, 100)

# Open cells, unknown cells without a chance (a board with no solution), text.
OPEN = "#f2f2f2"
UNKNOWN = "#b8b8b8"
DIGIT = "#1b1b3a"


def _oklch(lightness: float, chroma: float, hue: float) -> tuple[int, int, int]:
    """An OKLCH colour (Björn Ottosson's perceptual space: lightness 0-1, chroma, hue in degrees)
    in 8-bit sRGB, chroma lowered until it fits in sRGB."""
    for _ in range(40):
        a, b = chroma * math.cos(math.radians(hue)), chroma * math.sin(math.radians(hue))
        cone_l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3
        cone_m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3
        cone_s = (lightness - 0.0894841775 * a - 1.2914855480 * b) ** 3
        linear = (
            4.0767416621 * cone_l - 3.3077115913 * cone_m + 0.2309699292 * cone_s,
            -1.2684380046 * cone_l + 2.6097574011 * cone_m - 0.3413193965 * cone_s,
            -0.0041960863 * cone_l - 0.7034186147 * cone_m + 1.7076147010 * cone_s,
        )
        if all(-1e-4 <= x <= 1 + 1e-4 for x in linear):
            break
        chroma *= 0.93
    return tuple(round(255 * _gamma(min(max(x, 0.0), 1.0))) for x in linear)


def _gamma(x: float) -> float:
    """sRGB's transfer function: linear light to the encoded value."""
    return 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055


def _ramp(t: float) -> tuple[int, int, int]:
    """The scale at t (0: no chance of a mine, 1: a sure mine): lightness falling steadily from
    pale to dark while the hue turns from yellow through green and teal to blue-violet, the path of
    viridis (read backwards). Lightness alone orders the steps, so the scale reads the same to
    eyes that do not tell red from green, and in grey."""
    lightness = 0.95 - 0.63 * t
    chroma = 0.16 - 0.05 * math.sin(math.pi * t)
    hue = 100 + 195 * t
    return _oklch(lightness, chroma, hue)


def _step(p: Fraction) -> int:
    """Which step of the scale a chance falls in, read from its label's whole percentage."""
    shown = int(percent(p))
    return next(k for k, highest in enumerate(STEPS) if shown <= highest)


def _step_label(k: int) -> str:
    """The legend's words for step k: `0%`, `1-4%`, ..., `100%`."""
    low = 0 if k == 0 else STEPS[k - 1] + 1
    return f"{low}%" if low == STEPS[k] else f"{low}\u2013{STEPS[k]}%"


# The steps' colours, computed once: (fill, the colour of text on it).
SCALE = [
    (f"rgb({r},{g},{b})", "#000" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 120 else "#fff")
    for r, g, b in (_ramp(k / (len(STEPS) - 1)) for k in range(len(STEPS)))
]


def colour(p: Fraction) -> str:
    """The fill of a cell with chance `p` of being a mine."""
    return SCALE[_step(p)][0]


# --- pictures ---------------------------------------------------------------------------------


def render_svg(
    analysis: Analysis,
    exact: bool = False,
    index: int | None = None,
    staged: Staged | None = None,
    shown: Board | None = None,
) -> str:
    """The heat map of an analysis: digits and known mines as shown, unknown cells coloured by
    their chance of being a mine and labelled with it (`26%`, in italics: no digit looks like
    that), the best next click framed, row and column numbers (from 0, as `--click` takes them),
    a title line (which board, its solutions, the mine total) and the scale's legend. The count is
    written in short when it is huge, unless `exact`; `index` (from 0) names the board's place in
    its file.

    With `staged` (settle's work on the board, StagedBackend.stage) it also draws the staging:
    a mark in the corner of each cell settle forced, and an outline round each group of
    interchangeable cells that is left to count (frontier.groups).

    `shown`: the board as it was given, named in the title (a game board's analysis is of the
    puzzle it poses: the title says "game"). When it shows a mine opened (reveal.exploded) no
    click is framed: the game is over, and a line below says so."""
    board = analysis.board
    lost = None if shown is None else exploded(shown)
    solutions = plural(analysis.count, "solution", exact)
    heading = f"{_board_name(shown or board, index)}: {solutions}{_mines_said(analysis)}"
    framed = analysis.best is not None and lost is None
    below = [KEY_SAYS + (FRAMED_SAYS if framed else "")]
    if staged is not None:
        below += STAGING_SAYS
    if analysis.reason:
        below.append(f"no solution: {analysis.reason}")
    if lost is not None:
        below.append(no_click_after(lost))

    def cell(rc: Cell) -> tuple[str, str, str]:
        p = analysis.probabilities.get(rc)
        if p is None:
            return _plain_cell(board[rc])
        fill, ink = SCALE[_step(p)]
        label = f"{percent(p)}%"
        size = 10 if len(label) < 4 else 9  # `100%` fits inside its square
        return fill, label, f'class="chance" font-style="italic" font-size="{size}" fill="{ink}"'

    # The tooltip, as before the title line was drawn: where the board came from, its solutions.
    tooltip = f"{escaped(board.source)}: {solutions}"
    picture = _Picture(board, heading, tooltip, below, legend=True)
    picture.grid(cell)
    if framed:
        picture.outline(analysis.best)
    if staged is not None:
        picture.staging(staged)
    return picture.finish()


def render_board(board: Board) -> str:
    """A plain picture of a board: open cells with their digits, unknown cells grey, known mines
    as `*`, with row and column numbers (from 0) and a title line (where it came from, its
    size)."""
    heading = _board_name(board, None)
    picture = _Picture(board, heading, heading, [], legend=False)
    picture.grid(lambda rc: _plain_cell(board[rc]))
    return picture.finish()


STAGING_SAYS = [
    "corner mark: a cell settle forces (one digit, or two sharing cells) before any counting;",
    "outlined, a colour each: a group of interchangeable cells (the same digits touch them)",
]
# The groups' outlines take turns at these colours (dark enough on every step of the scale).
GROUP_INKS = ("#d62728", "#1f3fff", "#ff7f0e", "#9400d3", "#00a000", "#e377c2")
KEY_SAYS = "chance of a mine, in italics with %; bold: revealed digits"
FRAMED_SAYS = "; framed: the best next click"  # said when a click is framed
_CHANCE = 'font-style="italic" font-size="10"'
_NUMBER = 'font-size="10" fill="#555"'
LINE = 16  # a line of 11-pixel text under the legend


def _cell_list(cells: tuple[Cell, ...]) -> str:
    """`0,1 0,2`: a group's cells for its data-cells attribute."""
    return " ".join(f"{r},{c}" for r, c in cells)


def _plain_cell(ch: str) -> tuple[str, str, str]:
    """A cell without a chance: (fill, label, the label's attributes)."""
    bold = f'font-weight="bold" font-size="15" fill="{DIGIT}"'
    if ch in "?EM":  # unknown (a game's M is a mine the player has not found: unknown to them)
        return UNKNOWN, "", ""
    if ch in "0B":
        return OPEN, "", ""
    if ch in "*X":
        return OPEN, "*", bold
    return OPEN, ch, bold


def _board_name(board: Board, index: int | None) -> str:
    """`board 2 (boards.txt:9, 5x4 puzzle)`, or without `board N` when the place is not known."""
    where = f"{escaped(board.source)}:{board.line}, {board.height}x{board.width} {board.kind}"
    return where if index is None else f"board {index + 1} ({where})"


def _mines_said(analysis: Analysis) -> str:
    """The mine total for the title: the one asked for, else the average over the solutions
    (known mines included)."""
    if analysis.mine_total is not None:
        return f" with exactly {plural(analysis.mine_total, 'mine')}"
    if not analysis.count:
        return ""
    known = sum(row.count("*") for row in analysis.board.rows)
    average = known + sum(analysis.probabilities.values(), Fraction(0))
    if all(p in (0, 1) for p in analysis.probabilities.values()):
        return f" with {plural(int(average), 'mine')}"
    said = (
        f"{average.numerator // average.denominator:,}"
        if average.denominator == 1
        else (f"{float(average):,.1f}")
    )
    return f", {said} {'mine' if average == 1 else 'mines'} on average"


class _Picture:
    """An SVG being drawn: a title line, column numbers, row numbers, the board's cells, and under
    them the legend (for a heat map) and lines of text."""

    def __init__(
        self, board: Board, heading: str, tooltip: str, below: list[str], legend: bool
    ) -> None:
        self.board = board
        self.left = 10 + 7 * len(str(board.height - 1))  # room for the row numbers
        self.top = TITLE + NUMBERS
        self.legend = legend
        self.below = below
        bottom = self.top + board.height * CELL
        self.under = bottom + 10  # where the legend starts
        self.width = math.ceil(
            max(
                self.left + board.width * CELL + 6,
                8 + LETTER * 1.25 * len(heading),  # the title is in larger type
                8 + LETTER * max(map(len, below), default=0),
                (8 + KEY_WIDTH * len(STEPS)) if legend else 0,
            )
        )
        self.height = self.under + (KEY + 4 if legend else 0) + LINE * len(below) + 4
        self.parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
            f'height="{self.height}" viewBox="0 0 {self.width} {self.height}" '
            'font-family="sans-serif">',
            # XML has no place for control characters: the file name's are shown escaped.
            f"<title>{escape(tooltip)}</title>",
            f'<rect width="{self.width}" height="{self.height}" fill="white"/>',
        ]
        self.text(4, 18, heading, 'class="title" font-size="14" font-weight="bold"')
        for c in range(board.width):
            x = self.left + c * CELL + CELL / 2
            self.text(x, self.top - 5, str(c), f'class="column" {_NUMBER} text-anchor="middle"')
        for r in range(board.height):
            y = self.top + r * CELL + CELL / 2
            centred = 'text-anchor="end" dominant-baseline="central"'
            self.text(self.left - 4, y, str(r), f'class="row" {_NUMBER} {centred}')

    def text(self, x: float, y: float, words: str, attributes: str = "") -> None:
        self.parts.append(f'<text x="{x:g}" y="{y:g}" {attributes}>{escape(words)}</text>')

    def grid(self, cell: Callable[[Cell], tuple[str, str, str]]) -> None:
        """Every cell: `cell` gives its fill, its label and the label's attributes."""
        for r, c in self.board.cells():
            x, y = self.left + c * CELL, self.top + r * CELL
            fill, label, attributes = cell((r, c))
            self.parts.append(
                f'<rect class="cell" data-row="{r}" data-col="{c}" x="{x}" y="{y}" '
                f'width="{CELL}" height="{CELL}" fill="{fill}" stroke="#8a8a8a"/>'
            )
            if label:
                centre = 'text-anchor="middle" dominant-baseline="central"'
                self.text(x + CELL / 2, y + CELL / 2, label, f"{centre} {attributes}")

    def outline(self, rc: Cell) -> None:
        """The best next click: a black frame with a white one inside it, seen on any step."""
        r, c = rc
        x, y = self.left + c * CELL, self.top + r * CELL
        for inset, ink, width in ((1.5, "#000", 2.5), (3.25, "#fff", 1)):
            self.parts.append(
                f'<rect class="best" x="{x + inset:g}" y="{y + inset:g}" '
                f'width="{CELL - 2 * inset:g}" height="{CELL - 2 * inset:g}" fill="none" '
                f'stroke="{ink}" stroke-width="{width}"/>'
            )

    def staging(self, staged: Staged) -> None:
        """settle's forced cells (a triangle in the top left corner: dark for a mine, white for a
        safe cell) and an outline round each group of every part (frontier.groups)."""
        for (r, c), value in sorted(staged.forced.items()):
            x, y = self.left + c * CELL, self.top + r * CELL
            # Black edged in white for a mine, white edged in black for a safe cell: seen on
            # every step of the scale.
            fill, edge = ("#000", "#fff") if value else ("#fff", "#000")
            self.parts.append(
                f'<path class="forced" data-row="{r}" data-col="{c}" data-value="{value}" '
                f'd="M{x + 1},{y + 1} h11 L{x + 1},{y + 12} Z" fill="{fill}" stroke="{edge}" '
                'stroke-width="1"/>'
            )
        found = [group for part in staged.parts for group in groups(part)]
        for k, group in enumerate(sorted(found, key=lambda g: g.cells)):
            ink = GROUP_INKS[k % len(GROUP_INKS)]
            self.parts.append(
                f'<path class="group" data-cells="{_cell_list(group.cells)}" '
                f'd="{self._outline(set(group.cells))}" fill="none" stroke="{ink}" '
                'stroke-width="2" stroke-linecap="square"/>'
            )

    def _outline(self, cells: set[Cell]) -> str:
        """The edges of `cells` that no other of them shares, each drawn 2.5 pixels inside its
        cell, so that neighbouring groups' outlines stay apart."""
        inset = 2.5
        moves = []
        for r, c in sorted(cells):
            x, y = self.left + c * CELL, self.top + r * CELL
            near, far = inset, CELL - inset
            sides = (
                ((r - 1, c), (x, y + near), (x + CELL, y + near)),
                ((r + 1, c), (x, y + far), (x + CELL, y + far)),
                ((r, c - 1), (x + near, y), (x + near, y + CELL)),
                ((r, c + 1), (x + far, y), (x + far, y + CELL)),
            )
            for other, (x0, y0), (x1, y1) in sides:
                if other in cells:
                    continue
                # A side runs on into the next cell of the group along it; else it stops at
                # the inset corner, where the outline turns.
                if y0 == y1:
                    x0 = x0 if (r, c - 1) in cells else x + near
                    x1 = x1 if (r, c + 1) in cells else x + far
                else:
                    y0 = y0 if (r - 1, c) in cells else y + near
                    y1 = y1 if (r + 1, c) in cells else y + far
                moves.append(f"M{x0:g},{y0:g}L{x1:g},{y1:g}")
        return "".join(moves)

    def finish(self) -> str:
        """The legend and the lines under the board, and the picture as text."""
        y = self.under
        if self.legend:
            self._legend(y)
            y += KEY + 4
        for words in self.below:
            self.text(4, y + 12, words, 'font-size="11"')
            y += LINE
        self.parts.append("</svg>")
        return "\n".join(self.parts) + "\n"

    def _legend(self, y: float) -> None:
        """The scale's steps side by side, each labelled with the percentages it holds."""
        for k, (fill, ink) in enumerate(SCALE):
            x = 4 + k * KEY_WIDTH
            self.parts.append(
                f'<rect class="key" x="{x}" y="{y}" width="{KEY_WIDTH}" height="{KEY}" '
                f'fill="{fill}"/>'
            )
            centre = 'text-anchor="middle" dominant-baseline="central"'
            self.text(
                x + KEY_WIDTH / 2,
                y + KEY / 2,
                _step_label(k),
                f'class="key" {centre} {_CHANCE} fill="{ink}"',
            )
