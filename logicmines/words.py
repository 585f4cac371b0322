"""How numbers, cells, probabilities and quoted input are written for people: each in one
place."""

from __future__ import annotations

import decimal
import math
import re
from fractions import Fraction

Cell = tuple[int, int]

# A count of up to this many digits is written whole in text (the README's 37-digit count of the
# expert board among them); a longer one in short, unless asked for it exactly.
WHOLE_DIGITS = 50
# Python turns an int into decimal digits in time quadratic in their number (a 3-million-digit
# count takes minutes); past this many bits, `decimal` (libmpdec, subquadratic) does it instead.
FAST_BITS = 20_000
_PIECE_BITS = 1024  # the pieces the fast conversion splits a number into, converted directly


def plural(n: int, noun: str, exact: bool = False) -> str:
    """`1 solution`, `2,048 solutions`: the number with digit grouping (in short when it is huge,
    unless `exact`), the noun agreeing."""
    return f"{number(n, exact)} {noun_for(n, noun)}"


def listed(items: list[str]) -> str:
    """Words in a row as a sentence has them: `a`, `a and b`, `a, b and c`."""
    return items[-1] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def number(n: int, exact: bool = False) -> str:
    """A count for people: `2,048` with digit grouping, or, past WHOLE_DIGITS digits and unless
    `exact`, three significant digits and the exact number of digits: `2.49e+2042 (2,043 digits)`.
    """
    if exact or digit_count(n) <= WHOLE_DIGITS:
        return grouped(n)
    lead, exponent = _leading(abs(n))
    sign = "-" if n < 0 else ""
    return f"{sign}{lead[0]}.{lead[1:]}e+{exponent} ({digit_count(n):,} digits)"


def grouped(n: int) -> str:
    """Every digit of `n`, grouped by thousands (`1,048,576`), fast however many there are."""
    return f"{n:,}" if n.bit_length() <= FAST_BITS else format(as_decimal(n), ",")


def digits(n: int) -> str:
    """All the decimal digits of `n` (for JSON), fast however many there are."""
    return str(n) if n.bit_length() <= FAST_BITS else str(as_decimal(n))


def as_decimal(n: int) -> decimal.Decimal:
    """`n` as an exact Decimal, in subquadratic time: split in halves by bits, converted piece by
    piece and put back together with libmpdec's fast multiplication (the method of CPython 3.12's
    `_pylong.int_to_decimal_string`)."""
    powers: dict[int, decimal.Decimal] = {}

    def two_to(bits: int) -> decimal.Decimal:
        if bits not in powers:
            half = bits // 2
            powers[bits] = (
                decimal.Decimal(2) ** bits
                if bits <= _PIECE_BITS
                else two_to(half) * two_to(bits - half)
            )
        return powers[bits]

    def convert(m: int, bits: int) -> decimal.Decimal:
        if bits <= _PIECE_BITS:
            return decimal.Decimal(m)
        half = bits // 2
        high = m >> half
        return convert(m - (high << half), half) + convert(high, bits - half) * two_to(half)

    with decimal.localcontext() as context:
        context.prec, context.Emax = decimal.MAX_PREC, decimal.MAX_EMAX
        context.traps[decimal.Inexact] = True  # exact or nothing
        converted = convert(abs(n), abs(n).bit_length())
    return -converted if n < 0 else converted


def digit_count(n: int) -> int:
    """How many decimal digits `n` has (1 for 0), exactly, without writing them."""
    n = abs(n)
    if n.bit_length() <= FAST_BITS:
        return len(str(n))
    log = math.log10(n)
    exponent = math.floor(log)
    if _near(log - exponent, 0, _error(log)) or _near(log - exponent, 1, _error(log)):
        exponent = _exponent(n, exponent)
    return exponent + 1


def _leading(n: int) -> tuple[str, int]:
    """The first three significant digits of `n` > 0, rounded half to even, and the power of ten
    they stand at: `("249", 2042)` for 2.49e+2042. A logarithm gives them; when it is too close
    to a rounding edge to be trusted, exact integer arithmetic decides."""
    if n.bit_length() <= FAST_BITS:
        return _leading_exactly(n, len(str(n)) - 1)
    log = math.log10(n)
    exponent = math.floor(log)
    scaled = 10 ** (log - exponent + 2)  # 100 <= scaled < 1000
    slack = 4000 * _error(log) + 1e-9
    edges = (_near(log - exponent, 0, _error(log)), _near(log - exponent, 1, _error(log)))
    if any(edges) or _near(scaled - math.floor(scaled), 0.5, slack):
        return _leading_exactly(n, _exponent(n, exponent))
    lead = round(scaled)
    return (str(lead), exponent) if lead < 1000 else ("100", exponent + 1)


def _leading_exactly(n: int, exponent: int) -> tuple[str, int]:
    """`_leading` by integer arithmetic, `exponent` being exactly the number of digits less one."""
    if exponent < 2:
        return str(n * 10 ** (2 - exponent)), exponent
    unit = 10 ** (exponent - 2)
    lead, rest = divmod(n, unit)
    if 2 * rest > unit or (2 * rest == unit and lead % 2):
        lead += 1
    return (str(lead), exponent) if lead < 1000 else ("100", exponent + 1)


def _exponent(n: int, guess: int) -> int:
    """The exact power of ten below `n` (10**e <= n < 10**(e+1)), from a guess off by at most
    one."""
    power = 10**guess
    if n < power:
        return guess - 1
    return guess + 1 if n >= power * 10 else guess


def _error(log: float) -> float:
    """A generous bound on how far math.log10 of a huge int can be from the truth."""
    return 64 * math.ulp(log)


def _near(x: float, edge: float, slack: float) -> bool:
    return abs(x - edge) < slack


def log10(n: int) -> float | None:
    """The decimal logarithm of a count, beside its digits in JSON (None for 0, which has none):
    enough to compare or plot counts of any size without reading every digit."""
    return math.log10(n) if n > 0 else None


def fraction(p: Fraction) -> str:
    """An exact probability for JSON: `"3/8"`, always numerator and denominator (`"0/1"`,
    `"1/1"`), every digit of both, fast however many there are."""
    return f"{digits(p.numerator)}/{digits(p.denominator)}"


def noun_for(n: int, noun: str) -> str:
    """The noun alone, agreeing with `n` (`row`, `rows`; `guess`, `guesses`)."""
    if n == 1:
        return noun
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


# Cells are counted from 0, rows top to bottom and columns left to right, everywhere: in sentences,
# in `--click`, on the labels of analyze's grid and picture, and in JSON (boards, by contrast, are
# counted from 1, like the lines of a file).


def at(cell: Cell) -> str:
    """A cell in a sentence, 0-based: `(2,3)` is row 2, column 3."""
    return f"({side(cell[0])},{side(cell[1])})"


def side(n: int) -> str:
    """A row, column or side in a sentence: written out, unless it runs past 20 digits (`100000...
    (61 digits)`), as a hand-edited file or a caller may give."""
    if -(10**20) < n < 10**20:
        return str(n)
    try:
        written = str(n)
    except ValueError:  # past the digits Python converts to text by default
        return f"a number of more than {NUMBER_DIGITS:,} digits"
    return f"{written[:6]}... ({len(written.lstrip('-')):,} digits)"


def off_board(cell: Cell, height: int, width: int) -> str | None:
    """Why `cell` is not on a board of that size (`(9,9) is outside the board (4 rows x 5
    columns)`), or None when it is on it."""
    r, c = cell
    if 0 <= r < height and 0 <= c < width:
        return None
    size = f"{height} {noun_for(height, 'row')} x {width} {noun_for(width, 'column')}"
    return f"{at(cell)} is outside the board ({size})"


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


def escaped(text: str) -> str:
    """`text` safe to show on one line of a terminal: every character that is not printable
    (control characters such as ESC, CR and tab, line separators, bidirectional overrides) written
    the way Python writes it in a string (`\\x1b`, `\\r`, `\\t`, `\\u202e`); the rest unchanged."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    # A byte of a file name that is not UTF-8 comes as a lone surrogate (Python's
    # surrogateescape): shown as the byte it was, \xff, not as \udcff.
    if 0xDC80 <= ord(ch) <= 0xDCFF:
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return repr(ch)[1:-1]


# repr() writes a byte that is not UTF-8 (a lone surrogate, as Python hands it over) as
# '\udcff'; `escaped` writes it '\xff', the byte it was. A backslash typed before 'udcff'
# (repr() doubles it) stays as it is.
_REPR_SURROGATE = re.compile(r"(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])")


def bytes_shown(written: str) -> str:
    """What repr() wrote (alone, or as part of argparse's message), with every `\\udcXX` it wrote
    for a byte that is not UTF-8 written `\\xXX`, the byte it was."""
    return _REPR_SURROGATE.sub(r"\1\\x\2", written)


# The most digits a number given as text may have: Python's int() refuses more by default (4,300),
# and no board, count of mines or seed comes near it.
NUMBER_DIGITS = 4300


def too_long_number(digits: int) -> str:
    """The words for a number given with `digits` digits, more than NUMBER_DIGITS."""
    return f"{digits:,} digits is too long a number"


def digits_past(*numbers: str) -> int:
    """The most digits of `numbers` (written in text, a sign not counted) when that is more than
    NUMBER_DIGITS, which int() refuses and no board comes near; else 0."""
    longest = max(len(number.lstrip("+-")) for number in numbers)
    return longest if longest > NUMBER_DIGITS else 0


def said(text: str, at_most: int = 60) -> str:
    """A value the user gave, quoted in a message as repr() quotes it (`'16y30'`, `'\\t'`), but with
    a byte that is not UTF-8 shown as `\\xff`, as file names are, and cut after `at_most`
    characters (a number of 5,000 digits is not written out in an error line)."""
    if len(text) > at_most:
        return f"{bytes_shown(repr(text[:at_most]))}... ({len(text):,} characters)"
    return bytes_shown(repr(text))


def quoted(text: str, at_most: int = 40) -> str:
    """A piece of the input quoted in a message: escaped, and cut after `at_most` characters."""
    if len(text) <= at_most:
        return escaped(text)
    return f"{escaped(text[:at_most])}... ({len(text):,} characters)"
