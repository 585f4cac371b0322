"""Win rates of the autoplay bot: each ingredient's gain on the same seeds, and the presets.

    .venv/bin/python benchmarks/autoplay_bench.py ingredients --games 200 --workers 2
    .venv/bin/python benchmarks/autoplay_bench.py presets --games 500 --workers 2
    .venv/bin/python benchmarks/autoplay_bench.py speedup --games 40
    .venv/bin/python benchmarks/autoplay_bench.py tune --games 2000 --seed 102 --rules zero \
        --set NEAR_BEST=95/100 --set CANDIDATES=6
    .venv/bin/python benchmarks/autoplay_bench.py tune --games 4000 --seed 500 --rules safe \
        --workers 2 --variant fifty
    .venv/bin/python benchmarks/autoplay_bench.py tune --games 4000 --start 10000 --rules zero \
        --workers 2 --set PROGRESS_WEIGHT=1/10

Each line printed is one JSON object (a run's summary with what was run); docs/autoplay.md quotes
them. `tune` plays the default bot on expert twice on the same seeds, as it is and with some of
`logicmines.bot`'s constants changed, and prints the paired difference: how the constants were
chosen (docs/autoplay.md); `--variant` plays one of the policies of bot_variants.py instead, ideas
tried and not kept; `--start I` plays games I, I+1, ... of the seed instead of 0, 1, ...;
`--base NAME=VALUE` sets a constant on both sides (`--base DENSE_START=2` replays a zero-rule
run of the bot that opened expert games at (2,2), before 2 December 2026).
The 10,000-game figures: `presets --games 10000 --only expert --workers K` on a machine with K
cores, or with `--scheduler ADDRESS` on a Dask cluster.

What is timed: `seconds_per_game` is a row's wall time, from starting its processes to its last
game, over its games. Every row plays in processes started for it alone (spawned, one with
`--workers 1`), so that none finds the engine's memo of piece answers warmed by an earlier row
that played the same games: the rows of `ingredients`, and the two sides of `speedup` and of
`tune`, start equally cold, and each pays the start of its processes (about a second each; it
weighs on a few games, hardly on hundreds). On a Dask cluster (`--scheduler`) the workers are the
cluster's and may remember earlier rows. `speedup` first times each expert game alone, one after
another in a new process per rule (the median and the slowest: each game finds the memo as the
games before it left it, as in one long run), then plays the same games with 1 and with 2 worker
processes.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from fractions import Fraction  # noqa: E402
from functools import partial  # noqa: E402

from arguments import Parser  # noqa: E402
from bot_variants import VARIANTS  # noqa: E402

import logicmines.bot  # noqa: E402
from logicmines.autoplay import game_seed, run_games, summary  # noqa: E402
from logicmines.bot import DEFAULT, INGREDIENTS, Outcome, play_game  # noqa: E402
from logicmines.cli import _natural, _positive, _seed  # noqa: E402 (the command line's checks)
from logicmines.deal import PRESETS, DealError  # noqa: E402

# Each row adds one ingredient to the row above it: the gain of each is the step between rows.
STEPS = [INGREDIENTS[:n] for n in range(len(INGREDIENTS) + 1)]

# The options that only some subcommands use (--games, --seed and --rules are every one's): given
# to another, which would pass them by unsaid, they are refused.
USED_BY = {
    "--start": ("ingredients", "presets", "tune"),
    "--workers": ("ingredients", "presets", "tune"),  # speedup plays with 1, then 2
    "--scheduler": ("ingredients", "presets"),
    "--only": ("presets",),
    "--set": ("tune",),
    "--base": ("tune",),
    "--variant": ("tune",),
}

# The constants --set and --base may change, each with the least and most values that mean
# something (None: no bound); a constant that is a whole number takes only whole numbers.
TUNABLE: dict[str, tuple[int, int | None]] = {
    "ZERO_START": (0, None),
    "DENSE_START": (0, None),
    "DENSE": (0, 1),
    "NEAR_BEST": (0, 1),
    "CANDIDATES": (1, None),
    "PROGRESS_WEIGHT": (0, None),
    "ENDGAME_LAYOUTS": (0, None),
    "ENDGAME_STEPS": (0, None),
}


def _fresh(work: partial):
    """work() in a new process, spawned: it remembers nothing this process or an earlier row
    worked out (the engine's memo of piece answers)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(work)


def _played(*args, **options) -> list[Outcome]:
    """run_games' outcomes as a list: work a spawned process (_fresh) can be given, and answer."""
    return list(run_games(*args, **options))


def run(
    name: str, rule: str, games: int, seed: int, ingredients, workers, scheduler, first: int = 0
) -> dict:
    height, width, mines = PRESETS[name]
    play = partial(
        _played, height, width, mines, rule, games, seed,
        ingredients=tuple(ingredients), workers=workers, scheduler=scheduler, start=first,
    )  # fmt: skip
    start = time.perf_counter()
    # run_games plays one worker's games in this process, which earlier rows have warmed
    outcomes = _fresh(play) if workers == 1 and scheduler is None else play()
    record = summary(outcomes, time.perf_counter() - start)
    record |= {"preset": name, "rules": rule, "seed": seed, "ingredients": list(ingredients)}
    record["start"] = first
    record["workers"] = workers if scheduler is None else scheduler
    record["won"] = "".join("1" if o.won else "0" for o in outcomes)  # game by game, for pairing
    print(json.dumps(record), flush=True)
    return record


def paired(before: dict, after: dict, step: str) -> dict:
    """What `step` changed on the same seeds: games it newly won, games it newly lost, and the
    sign test's two-sided p-value (exact binomial over the games that changed)."""
    pairs = list(zip(before["won"], after["won"]))
    gained = sum(1 for b, a in pairs if (b, a) == ("0", "1"))
    lost = sum(1 for b, a in pairs if (b, a) == ("1", "0"))
    changed, fewer = gained + lost, min(gained, lost)
    tail = sum(math.comb(changed, k) for k in range(fewer + 1)) / 2**changed if changed else 1
    return {
        "rules": after["rules"],
        "step": step,
        "gained": gained,
        "lost": lost,
        "points": 100 * (gained - lost) / len(pairs),
        "sign_test_p": min(1.0, 2 * tail),
    }


def constants(pairs: list[str], option: str = "--set") -> dict[str, Fraction | int]:
    """NAME=VALUE pairs (given with `option`) as the bot's constants: a value with a slash is a
    fraction."""
    changed = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in TUNABLE or not value:
            raise ValueError(
                f"{option} {pair}: not NAME=VALUE for a constant of logicmines.bot "
                f"({', '.join(TUNABLE)})"
            )
        try:
            number = Fraction(value) if "/" in value else int(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                f"{option} {pair}: {value!r} is not a whole number or a fraction"
            ) from None
        whole = isinstance(getattr(logicmines.bot, name), int)
        if whole and number.denominator != 1:
            raise ValueError(f"{option} {pair}: {name} is a whole number")
        least, most = TUNABLE[name]
        if number < least or (most is not None and number > most):
            bounds = f"from {least} to {most}" if most is not None else f"at least {least}"
            raise ValueError(f"{option} {pair}: {name} is {bounds}")
        changed[name] = int(number) if whole else number
    return changed


def _use(changed: dict, variant: str | None = None) -> None:
    for name, value in changed.items():
        setattr(logicmines.bot, name, value)
    if variant is not None:
        VARIANTS[variant]()


def _tuned_game(args: tuple) -> Outcome:
    rule, seed, index = args
    height, width, mines = PRESETS["expert"]
    return play_game(height, width, mines, rule, game_seed(seed, index))


def tune(
    rule: str,
    games: int,
    seed: int,
    workers: int,
    changed: dict,
    variant: str | None = None,
    first: int = 0,
    base: dict | None = None,
) -> None:
    """The default bot on the same expert games (`games` of them from game `first`) as it is and
    with `changed` constants (and the policy `variant` of bot_variants.py); `base` constants are
    set on both sides (to replay a run of an earlier default)."""
    base = base or {}
    records = []
    for setting, policy in ((base, None), (base | changed, variant)):
        start = time.perf_counter()
        with multiprocessing.get_context("spawn").Pool(workers, _use, (setting, policy)) as pool:
            jobs = [(rule, seed, i) for i in range(first, first + games)]
            outcomes = pool.map(_tuned_game, jobs, chunksize=4)
        record = summary(outcomes, time.perf_counter() - start)
        record |= {"rules": rule, "seed": seed, "start": first}
        record["set"] = {k: str(v) for k, v in setting.items()}
        record["variant"] = policy
        record["won"] = "".join("1" if o.won else "0" for o in outcomes)
        print(json.dumps(record), flush=True)
        records.append(record)
    names = [f"{name}={value}" for name, value in changed.items()] + ([variant] if variant else [])
    step = " ".join(names)
    print(json.dumps(paired(*records, step)), flush=True)


def main() -> None:
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=["ingredients", "presets", "speedup", "tune"])
    parser.add_argument("--games", type=_positive, default=200, help="games per row (default 200)")
    parser.add_argument("--seed", type=_seed, default=0, help="the games' seed (default 0)")
    parser.add_argument(
        "--start",
        type=_natural,
        help="the first game's number in the run (default 0; ingredients, presets, tune)",
    )
    parser.add_argument(
        "--workers",
        type=_positive,
        help="local processes (default 1; not speedup, which plays with 1, then with 2)",
    )
    parser.add_argument(
        "--scheduler", help="a Dask scheduler's address, to play there (ingredients, presets)"
    )
    parser.add_argument(
        "--only",
        choices=list(PRESETS),
        action="append",
        help="presets: this preset only (repeat it for more; default: every preset)",
    )
    parser.add_argument(
        "--rules",
        choices=["safe", "zero"],
        action="append",
        help="the first click's rule (repeat it for both; default: both)",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="tune: a constant of logicmines.bot changed on the second side (repeat it for more)",
    )
    parser.add_argument(
        "--base", action="append", default=[], metavar="NAME=VALUE", help="tune: on both sides"
    )
    parser.add_argument("--variant", choices=sorted(VARIANTS), help="tune: a policy tried")
    options = parser.parse_args()
    if options.what == "ingredients" and options.only:
        parser.error("ingredients are measured on expert only")
    for option, users in USED_BY.items():
        given = getattr(options, option[2:])
        if given not in (None, []) and options.what not in users:
            parser.error(f"{option} is not used by {options.what}, only by {', '.join(users)}")
    options.start = options.start or 0
    options.workers = options.workers or 1
    names = options.only or list(PRESETS)
    rules = options.rules or ["safe", "zero"]
    common = (options.seed, options.workers, options.scheduler)
    if options.scheduler is not None:
        try:  # as the run would connect, before any game: a bad address is one line, not 45
            list(run_games(*PRESETS["beginner"], "safe", 0, scheduler=options.scheduler))
        except (DealError, ValueError, OSError) as failure:
            parser.error(f"--scheduler {options.scheduler}: {failure}")
    if options.what == "ingredients":
        for rule in rules:
            records = [
                run("expert", rule, options.games, options.seed, s, *common[1:], options.start)
                for s in STEPS
            ]
            for before, after in zip(records, records[1:]):
                print(json.dumps(paired(before, after, after["ingredients"][-1])), flush=True)
    elif options.what == "tune":
        try:
            changed = constants(options.set)
            base = constants(options.base, "--base")
        except ValueError as wrong:
            parser.error(str(wrong))
        for rule in rules:
            tune(
                rule, options.games, options.seed, options.workers, changed, options.variant,
                options.start, base,
            )  # fmt: skip
    elif options.what == "presets":
        for name in names:
            for rule in rules:
                run(name, rule, options.games, options.seed, DEFAULT, *common[1:], options.start)
    else:
        for rule in rules:
            print(json.dumps(one_core(rule, options.games, options.seed)), flush=True)
        for workers in (1, 2):
            run("expert", "safe", options.games, options.seed, DEFAULT, workers, None)


def _each_timed(rule: str, games: int, seed: int) -> list[float]:
    height, width, mines = PRESETS["expert"]
    times = []
    for index in range(games):
        start = time.perf_counter()
        play_game(height, width, mines, rule, game_seed(seed, index))
        times.append(time.perf_counter() - start)
    return times


def one_core(rule: str, games: int, seed: int) -> dict:
    """Seconds per expert game, each timed alone, one after another in a new process (the
    median and the slowest)."""
    times = _fresh(partial(_each_timed, rule, games, seed))
    return {
        "rules": rule,
        "games": games,
        "median_seconds": statistics.median(times),
        "slowest_seconds": max(times),
    }


if __name__ == "__main__":
    main()
