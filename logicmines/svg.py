"""analyze's picture as an SVG heat map: each unknown cell coloured by its mine probability."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from .analysis import Analysis
from .words import escaped, percent, plural

CELL = 28  # pixels
LEGEND = 44  # the legend's height under the board
LEGEND_WIDTH = 420  # the picture is at least this wide, so that the legend is never cut


def _colour(p: Fraction) -> str:
    """Green (safe) through yellow to red (a mine), in RGB."""
    x = float(p)
    if x <= 0.5:
        r, g = int(80 + 350 * x), 190
    else:
        r, g = 255, int(190 - 300 * (x - 0.5))
    return f"rgb({min(r, 255)},{max(g, 40)},70)"


def render_svg(analysis: Analysis, exact: bool = False) -> str:
    """The board drawn cell by cell: digits and known mines as shown, unknown cells coloured by
    their chance of being a mine and labelled with it in percent, the best next click outlined.
    The title gives the number of solutions (in short when it is huge, unless `exact`)."""
    board = analysis.board
    why = f"no solution: {analysis.reason}" if analysis.reason else ""
    width = max(board.width * CELL, LEGEND_WIDTH, 8 + 6 * len(why))
    height = board.height * CELL
    full = height + LEGEND + (18 if why else 0)
    solutions = plural(analysis.count, "solution", exact)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{full}" '
        f'viewBox="0 0 {width} {full}" font-family="sans-serif" '
        f'font-size="{CELL // 2}">',
        # XML has no place for control characters: the file name's are shown escaped.
        f"<title>{escape(f'{escaped(board.source)}: {solutions}')}</title>",
        f'<rect width="{width}" height="{full}" fill="white"/>',
    ]
    for r, c in board.cells():
        x, y = c * CELL, r * CELL
        ch = board[(r, c)]
        p = analysis.probabilities.get((r, c))
        if p is not None:
            fill, label = _colour(p), percent(p)
        elif ch == "*":
            fill, label = "#444", "*"
        elif ch == "?":
            fill, label = "#bbb", "?"
        else:
            fill, label = "#eee", "" if ch == "0" else ch
        parts.append(
            f'<rect class="cell" data-row="{r}" data-col="{c}" x="{x}" y="{y}" width="{CELL}" '
            f'height="{CELL}" fill="{fill}" stroke="#999"/>'
        )
        if label:
            colour = "white" if ch == "*" else "black"
            size = CELL * 2 // 5 if p is not None and len(label) > 1 else CELL // 2
            parts.append(
                f'<text x="{x + CELL / 2}" y="{y + CELL / 2}" text-anchor="middle" '
                f'dominant-baseline="central" font-size="{size}" fill="{colour}">{label}</text>'
            )
    if analysis.best is not None:
        r, c = analysis.best
        parts.append(
            f'<rect x="{c * CELL + 2}" y="{r * CELL + 2}" width="{CELL - 4}" height="{CELL - 4}" '
            'fill="none" stroke="blue" stroke-width="3"/>'
        )
    parts.extend(_legend(height + 8, why))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _legend(y: int, why: str) -> list[str]:
    """The colours' key under the board at height `y`, and why there is no solution, if so."""
    parts = []
    for k, p in enumerate(
        (Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1))
    ):
        parts.append(
            f'<rect x="{4 + k * 40}" y="{y}" width="16" height="16" fill="{_colour(p)}"/>'
            f'<text x="{24 + k * 40}" y="{y + 13}" font-size="11">{percent(p)}%</text>'
        )
    legend = "chance of a mine; blue: best click"
    parts.append(f'<text x="{24 + 5 * 40}" y="{y + 13}" font-size="11">{legend}</text>')
    if why:
        parts.append(f'<text x="4" y="{y + 34}" font-size="11">{escape(why)}</text>')
    return parts
