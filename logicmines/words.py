"""How numbers, cells and probabilities are written for people: each in one place."""

from __future__ import annotations

from fractions import Fraction

Cell = tuple[int, int]


def plural(n: int, noun: str) -> str:
    """`1 solution`, `2,048 solutions`: the number with digit grouping, the noun agreeing."""
    return f"{n:,} {noun_for(n, noun)}"


def noun_for(n: int, noun: str) -> str:
    """The noun alone, agreeing with `n` (`row`, `rows`)."""
    return noun if n == 1 else noun + "s"


def at(cell: Cell) -> str:
    """A cell in a sentence, 0-based: `(2,3)` is row 2, column 3."""
    return f"({cell[0]},{cell[1]})"


def click(cell: Cell) -> str:
    """A cell the way `--click` takes it: `2,3`."""
    return f"{cell[0]},{cell[1]}"


def percent(p: Fraction) -> str:
    """A probability for people: 0 and 100 exactly, else a whole percentage from 1 to 99."""
    if p == 0:
        return "0"
    if p == 1:
        return "100"
    return str(min(99, max(1, round(float(p) * 100))))


def seconds(value: float) -> str:
    """A time limit: `0.5 s`, `60 s`."""
    return f"{value:g} s"
