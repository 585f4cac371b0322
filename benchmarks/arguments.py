"""The command line every benchmark script shares: argparse's parser, with a mistake told as
logicmines itself tells one, in one line on stderr with status 2 (`bench.py: error: argument
--timeout: ... (see 'bench.py --help')`), not after argparse's lines of usage. The scripts'
subcommands (rollouts.py compare, autoplay_bench.py tune, ...) get the same parser."""

from __future__ import annotations

import argparse
import sys


class Parser(argparse.ArgumentParser):
    def error(self, message: str):
        sys.stderr.write(f"{self.prog}: error: {message} (see '{self.prog} --help')\n")
        sys.exit(2)


def expert_games(parser: argparse.ArgumentParser) -> None:
    """--games, --seed and --rules of the scripts that study the bot's guesses over seeded
    expert games (guess_kinds.py, isolated_parts.py), checked as logicmines checks them."""
    from logicmines.cli import _positive, _seed  # the command line's checks of a number

    parser.add_argument(
        "--games", type=_positive, default=300, help="expert games played (default 300)"
    )
    parser.add_argument("--seed", type=_seed, default=900, help="the games' seed (default 900)")
    parser.add_argument(
        "--rules",
        choices=("safe", "zero"),
        default="safe",
        help="the first click's rule (default safe)",
    )


if __name__ == "__main__":  # the scripts import it; on its own it has nothing to run
    print(
        "arguments.py is not a script: it is the command line the other scripts share; to see "
        "one, run python benchmarks/bench.py --help",
        file=sys.stderr,
    )
    sys.exit(2)
