"""Where the autoplay bot guesses, and which guesses lose its games.

Plays seeded expert games with their traces (the default bot, `logicmines.bot.play_game`) and
sorts every guess by what the exact analysis of its position says about it:

- `phase`: `first` (the game's first guess), `endgame` (few enough layouts left for the exact
  search, `logicmines.bot.ENDGAME_LAYOUTS`), or `middle` (every other guess);
- `off`: the cell touches no digit (all such cells are equally likely to be mines);
- `dead`: none of the cell's unknown neighbours is undecided, so the digit it would show is
  certain and tells nothing (`bot_variants.dead`);
- `safest`: no unknown cell is less likely to be a mine;
- `risk`: the cell's mine probability, in the bands of `BANDS`;
- `lost`: the click was a mine (the game's last).

docs/autoplay.md quotes the result:

    .venv/bin/python benchmarks/guess_kinds.py --games 2000 --seed 900 --rules safe --workers 2

prints one JSON line: the games and wins, then for each kind of guess how many were made and how
many lost their game (a guess counts in every kind it belongs to; every kind is written, with 0
guesses when none was of it).
"""

from __future__ import annotations

import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from arguments import Parser, expert_games  # noqa: E402
from bot_variants import dead  # noqa: E402

from logicmines.analysis import Analysis  # noqa: E402
from logicmines.autoplay import game_seed  # noqa: E402
from logicmines.board import Board, Cell  # noqa: E402
from logicmines.bot import ENDGAME_LAYOUTS, _engine, play_game  # noqa: E402
from logicmines.cli import _positive  # noqa: E402 (the command line's checks of a number)

# Upper ends of the risk bands (a risk of exactly 1/10 falls in the first band).
BANDS = (
    (Fraction(1, 10), "risk<=10%"),
    (Fraction(1, 5), "risk<=20%"),
    (Fraction(2, 5), "risk<=40%"),
)
COIN_FLIP = "risk>40%"
# Every kind, in the order of the list above: each is written, with 0 when no guess was of it.
KINDS = ("all", "first", "endgame", "middle", "off", "dead", "safest")
KINDS += tuple(name for _, name in BANDS) + (COIN_FLIP,)


def kinds(board: Board, analysis: Analysis, cell: Cell, first: bool) -> list[str]:
    """The kinds the guess of `cell` on `board` (analysed with the mine total) belongs to."""
    probabilities = analysis.probabilities
    risk = probabilities[cell]
    found = ["all"]
    if first:
        found.append("first")
    elif analysis.count <= ENDGAME_LAYOUTS:
        found.append("endgame")
    else:
        found.append("middle")
    if not any(board[n].isdigit() for n in board.neighbours(cell)):
        found.append("off")
    if dead(board, probabilities, cell):
        found.append("dead")
    if risk == min(probabilities.values()):
        found.append("safest")
    found.append(next((name for top, name in BANDS if risk <= top), COIN_FLIP))
    return found


def _game(args: tuple[str, int, int]) -> tuple[bool, list[tuple[list[str], bool]]]:
    """One game: whether it was won, and each guess's kinds with whether it lost the game."""
    rule, seed, index = args
    outcome = play_game(16, 30, 99, rule, game_seed(seed, index), trace=True)
    engine = _engine("kanren")
    guesses = []
    for number, guess in enumerate(outcome.trace):
        analysis = engine.analyze(guess.board, 99)
        lost = not outcome.won and number == len(outcome.trace) - 1
        guesses.append((kinds(guess.board, analysis, guess.cell, number == 0), lost))
    return outcome.won, guesses


def measure(games: int, seed: int, rule: str, workers: int = 1) -> dict:
    """The JSON summary of `games` games of `seed` under `rule`."""
    jobs = [(rule, seed, index) for index in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            played = list(pool.map(_game, jobs, chunksize=4))
    else:
        played = [_game(job) for job in jobs]
    counts = {name: {"guesses": 0, "lost": 0} for name in KINDS}
    for _, guesses in played:
        for names, lost in guesses:
            for name in names:
                tally = counts[name]
                tally["guesses"] += 1
                tally["lost"] += lost
    wins = sum(won for won, _ in played)
    return {"games": games, "seed": seed, "rules": rule, "wins": wins, "kinds": counts}


def main() -> None:
    parser = Parser(description=__doc__.split("\n\n")[0])
    expert_games(parser)
    parser.add_argument(
        "--workers", type=_positive, default=1, help="processes playing (default 1)"
    )
    options = parser.parse_args()
    print(json.dumps(measure(options.games, options.seed, options.rules, options.workers)))


if __name__ == "__main__":
    main()
