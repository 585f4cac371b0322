"""Is there anything to win by searching isolated parts of the board exactly?

Some solvers search a walled-in part of the board exactly as soon as one appears, before the whole
game is small enough for an exact search. This script measures what that could gain the autoplay
bot: it plays seeded expert games with their traces and looks at every guess made inside an
*isolated part*: a connected group of unknown cells (not all of them) whose digits touch no other
unknown cell, so that nothing clicked elsewhere can tell anything about it. When every layout of
the part has the same number of mines, the layouts are equally likely, and the exact search of
`logicmines.bot.win_chance` gives the part's best chance of being cleared; the bot's own cell is
scored the same way. docs/autoplay.md quotes the result:

    .venv/bin/python benchmarks/isolated_parts.py --games 300 --seed 900

prints one JSON line: guesses, guesses made while an isolated part (not the largest group)
existed, guesses inside one with at least 3 layouts, how many of those were worse than the best,
and the chance of clearing the part they lost in all.
"""

from __future__ import annotations

import json
import os
import sys
from fractions import Fraction
from itertools import combinations

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from arguments import Parser, expert_games  # noqa: E402

from logicmines.autoplay import game_seed  # noqa: E402
from logicmines.board import Board, Cell  # noqa: E402
from logicmines.bot import play_game, win_chance  # noqa: E402
from logicmines.stats import _groups  # noqa: E402

LARGEST = 14  # parts with more cells are not enumerated (2^14 placements)


def parts(board: Board) -> list[list[Cell]]:
    """The unknown cells, in groups connected through unknown neighbours, in reading order."""
    unknown = {cell for cell in board.cells() if board[cell] == "?"}
    return [sorted(group) for group in _groups(board, unknown)]


def isolated(board: Board, part: list[Cell]) -> bool:
    """No digit next to the part touches an unknown cell outside it."""
    inside = set(part)
    return not any(
        board[n].isdigit() and any(board[m] == "?" and m not in inside for m in board.neighbours(n))
        for cell in part
        for n in board.neighbours(cell)
    )


def layouts(board: Board, part: list[Cell]) -> list[frozenset[Cell]]:
    """Every placement of mines on the part that agrees with the digits next to it."""
    digits = sorted({n for cell in part for n in board.neighbours(cell) if board[n].isdigit()})
    found = []
    for k in range(len(part) + 1):
        for mines in combinations(part, k):
            placed = set(mines)
            if all(
                int(board[d])
                == sum(1 for n in board.neighbours(d) if n in placed or board[n] == "*")
                for d in digits
            ):
                found.append(frozenset(placed))
    return found


def cell_chance(
    board: Board, part: list[Cell], among: list[frozenset[Cell]], cell: Cell
) -> Fraction:
    """The chance of clearing the part when `cell` is clicked first, then the best play."""
    around = [n for n in board.neighbours(cell) if board[n] == "?"]
    shows: dict[int, list[frozenset[Cell]]] = {}
    for layout in among:
        if cell not in layout:
            shows.setdefault(sum(1 for n in around if n in layout), []).append(layout)
    return sum(
        (
            Fraction(len(some), len(among)) * win_chance(board, part, some)[0]
            for some in shows.values()
        ),
        Fraction(0),
    )


def guess_in_part(
    board: Board, groups: list[list[Cell]], cell: Cell
) -> tuple[Fraction, Fraction] | None:
    """(the bot's chance, the best chance) of clearing the isolated part `cell` lies in, when it
    lies in one with at least 3 layouts of equal mine count; None otherwise. `groups` are the
    board's `parts`."""
    if len(groups) < 2:
        return None
    part = next(group for group in groups if cell in group)
    if len(part) > LARGEST or not isolated(board, part):
        return None
    among = layouts(board, part)
    if len(among) < 3 or len({len(layout) for layout in among}) != 1:
        return None
    return cell_chance(board, part, among, cell), win_chance(board, part, among)[0]


def measure(games: int, seed: int, rule: str) -> dict:
    counts = {"games": games, "seed": seed, "rules": rule, "guesses": 0, "with_isolated_part": 0}
    counts |= {"inside_part_3_layouts": 0, "worse_than_best": 0, "chance_lost": 0.0}
    for index in range(games):
        outcome = play_game(16, 30, 99, rule, game_seed(seed, index), trace=True)
        for guess in outcome.trace:
            counts["guesses"] += 1
            groups = parts(guess.board)
            smaller = sorted(groups, key=len)[:-1]  # all but the largest
            if any(isolated(guess.board, group) for group in smaller):
                counts["with_isolated_part"] += 1
            scored = guess_in_part(guess.board, groups, guess.cell)
            if scored is not None:
                counts["inside_part_3_layouts"] += 1
                counts["worse_than_best"] += scored[0] < scored[1]
                counts["chance_lost"] += float(scored[1] - scored[0])
    return counts


def main() -> None:
    parser = Parser(description=__doc__.split("\n\n")[0])
    expert_games(parser)
    options = parser.parse_args()
    print(json.dumps(measure(options.games, options.seed, options.rules)))


if __name__ == "__main__":
    main()
