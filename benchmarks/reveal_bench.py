"""Time one flooding click on large open boards: the iterative reveal must stay near linear."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# Run as `python benchmarks/reveal_bench.py` from a checkout, installed or not.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arguments import Parser  # noqa: E402

from logicmines.board import Board  # noqa: E402
from logicmines.reveal import reveal, status  # noqa: E402


def open_board(size: int) -> Board:
    """A size x size game with one mine in the top-left corner: one click opens the rest."""
    rows = ["E" * size] * size
    rows[0] = "M" + "E" * (size - 1)
    return Board(tuple(rows), kind="game")


def time_click(board: Board) -> float:
    """Seconds for one click in the far corner, after checking that it opened every safe square."""
    size = board.height
    start = time.perf_counter()
    after = reveal(board, (size - 1, size - 1))
    seconds = time.perf_counter() - start
    if status(after) != "won":
        raise SystemExit(f"{size}x{size}: the click did not open every safe square")
    return seconds


def main() -> None:
    Parser(description=__doc__).parse_args()  # --help, and nothing else
    print(f"Python {sys.version.split()[0]}")
    for size, runs in ((1000, 5), (3000, 1)):
        board = open_board(size)
        times = [time_click(board) for _ in range(runs)]
        median = statistics.median(times)
        per_cell = median / (size * size - 1) * 1e9
        print(
            f"reveal {size}x{size}, one click opens {size * size - 1:,} squares: "
            f"median {median:.3f} s of {runs} run{'s' if runs > 1 else ''} "
            f"({per_cell:.0f} ns per square)"
        )


if __name__ == "__main__":
    main()
