"""Time reading big boards: a 1000x1000 grid and a 200x200 bracketed board (median of 5 runs)."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# Run as `python benchmarks/parse_bench.py` from a checkout, installed or not.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arguments import Parser  # noqa: E402

from logicmines.parse import _parser, parse_boards  # noqa: E402

RUNS = 5


def grid_text(size: int) -> str:
    """A size x size puzzle grid using every puzzle character."""
    row = ("0123*?" * (size // 6 + 1))[:size]
    return (row + "\n") * size


def bracketed_text(size: int) -> str:
    """A size x size game board in the bracketed form, one row to a line."""
    row = "[" + ",".join(('"E"', '"M"', '"B"', '"1"') * (size // 4 + 1))[: 4 * size - 1] + "]"
    return "[" + ",\n ".join([row] * size) + "]\n"


def median_seconds(text: str, size: int) -> float:
    """The median time to parse `text`, after checking that it reads as one size x size board."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        (board,) = parse_boards(text)
        times.append(time.perf_counter() - start)
        if (board.height, board.width) != (size, size):
            raise SystemExit(f"expected a {size}x{size} board, read {board.height}x{board.width}")
    return statistics.median(times)


def main() -> None:
    Parser(description=__doc__).parse_args()  # --help, and nothing else
    print(f"Python {sys.version.split()[0]}")
    start = time.perf_counter()
    _parser()  # built once per process; not part of what is timed
    print(f"building the parser from grammar/board.lark: {time.perf_counter() - start:.3f} s")
    for name, text, size in (
        ("grid", grid_text(1000), 1000),
        ("bracketed", bracketed_text(200), 200),
    ):
        median = median_seconds(text, size)
        cells = size * size
        print(
            f"parse {size}x{size} {name} ({len(text):,} characters): median {median:.3f} s "
            f"of {RUNS} runs ({median / cells * 1e9:.0f} ns per cell)"
        )


if __name__ == "__main__":
    main()
