"""autoplay: play many seeded games with the bot, on one core, K processes or a Dask cluster.

Game i of a run with seed S is dealt from its own seed, `game_seed(S, i)`, and played by
`logicmines.bot.play_game` alone: its result depends on nothing else, so a run gives the same
per-game results whatever the workers. `run_autoplay` is what the command runs; `run_games`
yields the outcomes in game order for other callers (the benchmark, the tests).
"""

from __future__ import annotations

import hashlib
import json
import math
import numbers
import os
import signal
import socket
import sys
import time
from collections.abc import Iterable, Iterator
from fractions import Fraction
from functools import partial
from typing import TextIO

from .backends import make_backend
from .board import Cell, require_flag, require_whole
from .bot import (
    DEFAULT,
    INGREDIENTS,
    RULES,
    Guess,
    Outcome,
    checked_ingredients,
    first_click,
    play_game,
    prepare_game,
)
from .deal import DealError, check_seed, deal, parse_size
from .engine import BackendUnavailable, EngineError, EngineTimeout, valid_timeout
from .files import is_terminal
from .output import error_line, timeout_line
from .words import at, fraction, plural

__all__ = [
    "Z95",
    "game_seed",
    "guess_record",
    "run_autoplay",
    "run_games",
    "show_lines",
    "summary",
    "wilson",
]

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95 % interval


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed`: 64 bits of a hash of both, so that
    neighbouring runs share no games."""
    digest = hashlib.blake2b(f"autoplay {seed} {index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of `wins` out of `games` (0, 1 when no games),
    `z` standard deviations wide each way (Z95, 1.96: the 95 % interval)."""
    require_whole("wilson", "wins", wins)
    require_whole("wilson", "games", games)
    if not (isinstance(z, numbers.Real) and not isinstance(z, bool) and 0 < z < math.inf):
        raise ValueError(f"wilson: z must be a positive number of standard deviations, not {z!r}")
    if not 0 <= wins <= games:
        raise ValueError(f"wilson: wins must be from 0 to the games ({games}), not {wins}")
    if games == 0:
        return 0.0, 1.0
    # As fractions first: wins / games, a float division, overflows past 10**308 games.
    rate, each = float(Fraction(wins, games)), float(Fraction(1, games))
    scale = 1 + z * z * each
    centre = (rate + z * z * each / 2) / scale
    half = z / scale * math.sqrt(rate * (1 - rate) * each + z * z * each * each / 4)
    # The rate lies inside, exactly: with no wins the lower bound is 0, not 3e-17 of rounding.
    return max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))


def _play(args: tuple, index: int) -> Outcome:
    height, width, mines, rule, seed, ingredients, backend, trace, timeout = args
    dealt = game_seed(seed, index)
    return play_game(height, width, mines, rule, dealt, ingredients, backend, trace, timeout)


def run_games(
    height: int,
    width: int,
    mines: int,
    rule: str,
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    ingredients: Iterable[str] | None = DEFAULT,
    backend: str = "kanren",
    start: int = 0,
    trace: bool = False,
    timeout: float | None = None,
) -> Iterator[Outcome]:
    """The outcomes of games `start` to `start` + games - 1 of the run seeded `seed`, in that
    order, played here, in `workers` processes or on the Dask cluster at `scheduler` (an address,
    or a `distributed.Client`). A long run split by `start` plays the same games as in one go.
    With `trace`, each outcome keeps its guesses (`Outcome.trace`: the cell, its risk, the board
    the bot saw and why it chose the cell). `ingredients` and `timeout` (the limit of each answer
    of the engine) as in play_game (None: all of them; the engine's own limit).

    Arguments are checked when it is called, before any game (it is not a generator itself: it
    returns one): TypeError for a number that is not a whole number, a rule, ingredient or engine
    name that is not a str, or ingredients given as one string; ValueError for a rule, ingredient
    or engine it does not know, or games, workers or start out of range; DealError, as `deal`
    says it, for a size, a seed (0 to 2**64 - 1) or a number of mines that cannot be dealt under
    `rule`."""
    ingredients = _check_run(
        height, width, mines, rule, games, seed, workers, ingredients, backend, start
    )
    require_flag("run_games", "trace", trace)  # "no" would be true
    timeout = valid_timeout(timeout, "run_games")
    return _games(
        height, width, mines, rule, games, seed, workers, scheduler, ingredients, backend, start,
        trace, timeout,
    )  # fmt: skip


def _check_run(height, width, mines, rule, games, seed, workers, ingredients, backend, start):
    """run_games's arguments checked (see there); the ingredients as a tuple. The game's own
    (size, mines, rule, seed, ingredients, engine) as play_game checks them: a game is dealt
    from `seed`, and set aside, so that mines that do not fit are said here, in deal's words."""
    for name, value in (("games", games), ("workers", workers), ("start", start)):
        require_whole("run_games", name, value)
    for name, value, least in (("games", games, 0), ("workers", workers, 1), ("start", start, 0)):
        if value < least:
            raise ValueError(f"run_games: {name} must be at least {least}, not {value}")
    chosen, _ = prepare_game("run_games", height, width, mines, rule, seed, ingredients, backend)
    return chosen


def _games(
    height, width, mines, rule, games, seed, workers, scheduler, ingredients, backend, start, trace,
    timeout,
):  # fmt: skip
    args = (height, width, mines, rule, seed, ingredients, backend, trace, timeout)
    play = partial(_play, args)
    indices = range(start, start + games)
    if scheduler is not None:
        yield from _on_dask(play, indices, scheduler)
    elif workers > 1:
        import multiprocessing

        # no more processes than games: each starts in about a second
        processes = max(1, min(workers, games))
        with multiprocessing.get_context("spawn").Pool(processes, _quiet_worker) as pool:
            yield from pool.imap(play, indices)
    else:
        yield from map(play, indices)


def _quiet_worker() -> None:
    """A worker process leaves Ctrl-C to the parent, which stops the pool (its workers then end
    without a traceback each)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_dask(play: partial, indices: range, scheduler: object) -> Iterator[Outcome]:
    try:
        from distributed import Client
    except ImportError:
        raise DealError(
            "--scheduler needs Dask distributed: pip install 'logicmines[cluster]'"
        ) from None
    own = not isinstance(scheduler, Client)
    if own and (refused := _refused(scheduler)):
        raise DealError(
            f"--scheduler {scheduler}: nothing listens there ({refused}; is a Dask scheduler "
            "running there? `dask scheduler` prints its address)"
        )
    try:
        client = Client(scheduler) if own else scheduler
    except OSError as failure:  # Dask's own words: timed out after 30 s, or the address refused
        raise DealError(
            f"--scheduler {scheduler}: {failure} (is a Dask scheduler running there? `dask "
            "scheduler` prints its address)"
        ) from None
    try:
        futures = client.map(play, indices, pure=False)
        for future in futures:
            yield future.result()
    finally:
        if own:
            client.close()


def _refused(scheduler: object) -> str | None:
    """Why a TCP address refuses a connection at once (nothing listens on that port), or None:
    Dask's Client retries a refused address until its connect timeout, 30 s by default. The
    connection is opened and closed at once: a scheduler there notes one that ended before its
    handshake."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        _, location = parse_address(str(scheduler))
        host, port = parse_host_port(location, 8786)  # Dask's port when none is named
        socket.create_connection((host, port), timeout=2).close()
    except ConnectionRefusedError as refusal:
        return (refusal.strerror or str(refusal)).lower()
    except (OSError, ValueError, TypeError):  # unreachable, unnamed, not TCP: Dask will say
        return None
    return None


def summary(outcomes: list[Outcome], seconds: float) -> dict:
    """The run as one JSON object: games, wins, the win rate and its 95 % Wilson interval."""
    games, wins = len(outcomes), sum(o.won for o in outcomes)
    low, high = wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "interval": [low, high],
        "guesses_per_game": sum(o.guesses for o in outcomes) / games if games else 0.0,
        "seconds_per_game": seconds / games if games else 0.0,
    }


class _Progress:
    """A line on stderr, rewritten as games finish: games, wins, interval, games/s, ETA. Only on
    a terminal: into a file or a pipe (`2>&1 | jq`) it would be one more line among the results,
    and the summary on stdout says all it says."""

    def __init__(self, games: int, stream: TextIO | None):
        self.games, self.stream = games, stream
        self.start = self.shown = time.monotonic()
        self.live = is_terminal(stream)
        self.open = False  # a live line written and not yet ended
        self.noted = False  # that line is a note, not the games' progress

    def end(self) -> None:
        """End the live line, so that a message after it starts a line of its own; a note
        (`note`), said while waiting, is erased instead: it no longer holds."""
        if self.open:
            self._write("\r\x1b[K" if self.noted else "\n")
            self.open = False

    def make_room(self, out: TextIO) -> None:
        """Before a result on `out`: when `out` is the same screen, erase the live line (it is
        drawn again at once after the result); into a file or a pipe, leave it be."""
        if self.open and is_terminal(out):
            self._write("\r\x1b[K")
            self.open = False
            self.shown = float("-inf")  # drawn again at the next update, below the result

    def note(self, text: str) -> None:
        """A live line saying what the run waits for before its first game (as a cluster is
        reached), replaced by the first update."""
        if self.live:
            self._write("\r" + text + "\x1b[K")
            self.open = self.noted = True

    def update(self, done: int, wins: int, final: bool = False) -> None:
        now = time.monotonic()
        if not self.live or (not final and now - self.shown < 0.5):
            return
        self.shown = now
        rate = done / max(now - self.start, 1e-9)
        low, high = wilson(wins, done)
        eta = (self.games - done) / rate if rate else 0.0
        line = (
            f"{done}/{self.games} games, {wins} won ({100 * wins / max(done, 1):.1f} %, "
            f"95 % {100 * low:.1f}-{100 * high:.1f}), {rate:.2f} games/s, ETA {eta:.0f} s"
        )
        self._write("\r" + line + "\x1b[K" + ("\n" if final else ""))  # [K: the rest erased
        self.noted = False
        self.open = self.live and not final

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)  # type: ignore[union-attr]
            self.stream.flush()  # type: ignore[union-attr]
        except (OSError, ValueError):  # the terminal gone: the games go on
            self.live = self.open = False


# The engines that list every solution, and what a run of theirs that gives up is told.
_LISTING = ("reference", "gprolog", "clingo")
GAME_NUMBERS = 2**53  # --start + --games at most this
_SMALL_BOARDS = " (the engines that list every solution play small boards only)"


def run_autoplay(
    size: str = "expert",
    mines: int | None = None,
    rules: str = "safe",
    games: int = 100,
    seed: int = 0,
    backend: str = "kanren",
    as_json: bool = False,
    workers: int = 1,
    scheduler: str | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
    start: int = 0,
    show: bool = False,
    ingredients: Iterable[str] | None = None,
    timeout: float | None = None,
) -> int:
    """What `logicmines autoplay` runs: the games, progress on `err`, results on `out`; the exit
    status (2 with one line on `err` for options it cannot use). With `show`, every guess of
    every game too: in text, as a board file of the positions guessed on (`show_lines`); in
    JSON, as each game's `guessed`. `ingredients`: the bot's (None: all, `bot.DEFAULT`).
    `timeout`: the engine's limit for each answer the bot asks of it, in seconds (None: its own);
    past it the run stops with status 3."""
    out, err = out or sys.stdout, err or sys.stderr
    ingredients = checked_ingredients("run_autoplay", ingredients)  # a TypeError: a caller's slip
    timeout = valid_timeout(timeout, "run_autoplay")
    progress = _Progress(games, err)  # nothing is drawn before the first game, or a note
    try:
        height, width, mines = _settings(size, mines, rules, games, seed, workers)
        if start < 0:
            raise DealError(f"--start must be at least 0, not {start}")
        if start + games > GAME_NUMBERS:
            # JSON's `start` is a number: past 2**53 JavaScript and jq would round it
            raise DealError(
                f"a run's games are numbered below 2**53 ({GAME_NUMBERS:,}), so that every JSON "
                f"reader keeps --start exactly: --start {start:,} with {plural(games, 'game')} "
                "goes past"
            )
        make_backend(backend, timeout)  # an unknown or missing engine is said here, not in a worker
        outcomes: list[Outcome] = []
        if isinstance(scheduler, str):
            progress.note(f"connecting to the Dask scheduler at {scheduler} ...")
        began = time.perf_counter()
        wins = 0
        for outcome in run_games(
            height, width, mines, rules, games, seed,
            workers=workers, scheduler=scheduler, backend=backend, start=start, trace=show,
            ingredients=ingredients, timeout=timeout,
        ):  # fmt: skip
            index = start + len(outcomes)
            outcomes.append(outcome)
            wins += outcome.won
            if as_json:
                record = outcome.record()
                if show:
                    record["guessed"] = [guess_record(guess) for guess in outcome.trace]
                progress.make_room(out)
                out.write(json.dumps(record) + "\n")
            elif show:
                first = first_click(height, width, mines, rules)
                progress.make_room(out)
                out.write("\n".join(show_lines(outcome, index, seed, first)) + "\n\n")
                out.flush()
            progress.update(len(outcomes), wins)
        progress.update(len(outcomes), wins, final=True)
    except EngineTimeout as failure:
        # An engine that lists every solution (reference, gprolog, clingo) gives up on a board with
        # many unknown cells, any engine past --timeout: a timeout, as in the other commands.
        # The listing engines' own advice says they are for small boards; said here when not.
        progress.end()
        advice = _SMALL_BOARDS if backend in _LISTING and not failure.advice else ""
        err.write(
            timeout_line(f"game {start + len(outcomes)} of seed {seed}: {failure}{advice}") + "\n"
        )
        return 3
    except EngineError as failure:  # gprolog out of memory, say: the game it was playing named
        progress.end()
        advice = _SMALL_BOARDS if backend in _LISTING else ""
        where = f"autoplay: game {start + len(outcomes)} of seed {seed}"
        err.write(error_line(f"{where}: {failure}{advice}") + "\n")
        return 2
    except BrokenPipeError:
        raise  # the reader went away (| head): the command ends quietly, status 141
    except (DealError, ValueError, OSError, BackendUnavailable) as failure:
        progress.end()  # the line that said it was connecting, on a terminal
        err.write(error_line(f"autoplay: {failure}") + "\n")
        return 2
    record = summary(outcomes, time.perf_counter() - began)
    record |= {"size": f"{height}x{width}", "mines": mines, "rules": rules, "seed": str(seed)}
    record["start"] = start
    record["ingredients"] = [name for name in INGREDIENTS if name in ingredients]
    if as_json:
        out.write(json.dumps(record) + "\n")
    else:
        low, high = record["interval"]
        part = f"games {start}-{start + games - 1} of seed {seed}; " if start else ""
        used = record["ingredients"]
        policy = "" if used == list(DEFAULT) else f" (ingredients: {', '.join(used) or 'none'})"
        out.write(
            ("# " if show else "")  # the lines of --show make a board file: this is a comment
            + f"{height}x{width}, {plural(mines, 'mine')}, {rules} start{policy}: won "
            f"{record['wins']} of "
            f"{record['games']} ({part}{100 * record['win_rate']:.1f} %, 95 % interval "
            f"{100 * low:.1f}-{100 * high:.1f} %), {record['guesses_per_game']:.2f} guesses "
            f"and {record['seconds_per_game']:.3f} s per game\n"
        )
    return 0


def show_lines(outcome: Outcome, index: int, seed: int, first: Cell) -> list[str]:
    """A played game (with its trace) as the lines of a board file: a comment that says how the
    game went, then for each guess a comment (the cell, its chance of a mine, whether it was
    safe, why the bot chose it) and the position it was made on, as a puzzle (`*` for the
    mines deduced), a blank line after each: `logicmines analyze --mines N` reads them back."""
    result = "won" if outcome.won else "lost"
    lines = [
        f"# game {index} of seed {seed} (dealt from seed {outcome.seed}), first click "
        f"{at(first)}: {result}, {plural(outcome.clicks, 'click')}, "
        f"{plural(outcome.guesses, 'guess')}"
    ]
    for number, guess in enumerate(outcome.trace, 1):
        last = number == len(outcome.trace)
        went = "a mine: the game is lost" if last and not outcome.won else "safe"
        why = f"; {guess.why}" if guess.why else ""
        lines.append("")
        lines.append(
            f"# guess {number} of game {index}: {at(guess.cell)}, "
            f"{100 * float(guess.risk):.1f} % a mine, {went}{why}"
        )
        lines.extend(guess.board.rows)
    return lines


def guess_record(guess: Guess) -> dict:
    """A guess as a JSON object: the cell, its chance of a mine (a float, and exactly as a
    fraction's string), why, and the position's rows."""
    return {
        "cell": list(guess.cell),
        "risk": float(guess.risk),
        "fraction": fraction(guess.risk),
        "why": guess.why,
        "rows": list(guess.board.rows),
    }


def _settings(
    size: str, mines: int | None, rules: str, games: int, seed: int, workers: int
) -> tuple[int, int, int]:
    """The board's height, width and mines, or DealError saying which option is wrong."""
    height, width, preset = parse_size(size)
    if mines is None:
        if preset is None:
            raise DealError(f"--size {size} is not a preset: give --mines N")
        mines = preset
    if rules not in RULES:
        raise DealError(f"--rules is one of {', '.join(RULES)}, not {rules!r}")
    if games < 1:
        raise DealError(f"--games must be at least 1, not {games}")
    if workers < 1:
        raise DealError(f"--workers must be at least 1, not {workers}")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    most = 8 * (cores or 1)
    if workers > most:
        # each worker is a process with the package loaded (about a second to start, tens of
        # megabytes): thousands of them would swamp the machine before the first game
        raise DealError(
            f"--workers {workers:,} is more than {most} processes (8 for each of the "
            f"{plural(cores or 1, 'core')} this process may use); for more, play on a Dask "
            "cluster (--scheduler)"
        )
    check_seed(seed)
    # The first deal says, in its words, when the mines do not fit beside the first click.
    first = first_click(height, width, mines, rules)
    deal(height, width, mines, first=first, zero_start=rules == "zero")
    return height, width, mines
