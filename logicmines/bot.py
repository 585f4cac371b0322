"""The autoplay bot: plays one seeded game to the end, every forced cell first, then its best guess.

Deduction is the judge's (`logicmines.solvable.Position.play`: cheap settling near the last change,
then the exact analysis with the mine total). When nothing is forced, the bot asks the exact
analysis for every unknown cell's mine probability and guesses with the ingredients switched on:

- `tiebreak`: among the safest cells, the one with the fewest unknown neighbours (a corner or an
  edge first), which is likelier to show a number that settles something;
- `progress`: among the cells nearly as safe as the safest, the one most likely to be safe *and*
  make progress: for each digit it could show, the position with that digit is analysed, and the
  digit counts as progress when the analysis then finds a safe cell;
- `lookahead`: the same candidates weighed by the chance of surviving this click *and* the next
  one (the safest click of the position each digit leaves, certain when a cell is forced safe):
  a cell whose digit can only be one value (a dead cell) or leaves a worse guess scores less;
- `endgame`: when few layouts remain, an exact search over them picks the click with the highest
  chance of winning the whole game.

docs/autoplay.md states the policy and the gain measured for each ingredient.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from .analysis import Analysis
from .backends import REGISTRY, Backend, make_backend
from .board import Board, Cell, require_whole, shown_value
from .deal import DealError, Game, check_size, deal
from .engine import valid_timeout
from .solvable import Position
from .words import at, plural

__all__ = [
    "DEFAULT",
    "INGREDIENTS",
    "RULES",
    "Guess",
    "Outcome",
    "first_click",
    "play_game",
    "play_on",
    "progress_chance",
    "two_click_chance",
    "endgame_choice",
]

RULES = ("safe", "zero")  # safe: the first click is never a mine; zero: its 3x3 is mine-free too
INGREDIENTS = ("tiebreak", "progress", "lookahead", "endgame")
# What the bot plays with unless told: every ingredient (docs/autoplay.md measures each one's gain).
DEFAULT = INGREDIENTS
# The zero rule's first click: (ZERO_START, ZERO_START), one square further in, (DENSE_START,
# DENSE_START), on boards where more than DENSE of the squares are mines. Published runs of 100
# million games per square put (2,2) first on 9x9/10 and 16x16/40 and (3,3) first on 16x30/99
# (by 0.36 points); docs/autoplay.md, "Rules and first click", quotes them.
ZERO_START = 2
DENSE_START = 3
DENSE = Fraction(9, 50)
# progress, lookahead: cells whose safety is within this share of the best safety are weighed,
# at most CANDIDATES of them (the safest first): each costs one analysis per digit it could show.
NEAR_BEST = Fraction(9, 10)
CANDIDATES = 10
PROGRESS_WEIGHT = Fraction(1, 5)  # what a click that makes progress is worth beside its safety
# endgame: searched when at most this many layouts remain (enumerating 1,000 and searching them
# takes up to about a second on an expert board; beyond, the search mostly runs out of steps).
ENDGAME_LAYOUTS = 1000
ENDGAME_STEPS = 20_000  # search steps before the exact search gives up (and the guess decides)


@dataclass(frozen=True)
class Guess:
    """One guess: the cell, its mine probability, and how many cells the analysis had as safe at
    the time (always 0: a guess comes only when nothing is forced)."""

    cell: Cell
    risk: Fraction
    safe_known: int
    board: Board  # what the bot knew: the puzzle it guessed on
    why: str = field(default="", compare=False)  # why the bot chose it, in words ("" if unsaid)


@dataclass(frozen=True)
class Outcome:
    """A played game: its seed, whether it was won, clicks made, guesses among them."""

    seed: int
    won: bool
    clicks: int
    guesses: int
    trace: tuple[Guess, ...] = field(default=(), compare=False, repr=False)

    def record(self) -> dict:
        """The game as one JSON object; its seed (64 bits) as a string of digits, which no reader
        rounds to 53 bits (docs/json.md)."""
        seed = str(self.seed)
        return {"seed": seed, "won": self.won, "clicks": self.clicks, "guesses": self.guesses}


class _Table(Position):
    """The judge's position, counting the bot's clicks (a cell opened by a flood is not one)."""

    def __init__(self, height: int, width: int, mines: Iterable[Cell], total: int):
        super().__init__(height, width, mines, total)
        self.clicks = 0

    def open(self, cell: Cell) -> None:
        if cell not in self.opened:
            self.clicks += 1
        super().open(cell)


def first_click(height: int, width: int, mines: int, rule: str) -> Cell:
    """Where the bot opens: a corner when only the click is safe (likeliest to be a zero); under
    the zero rule (the whole 3x3 around it is opened) (2,2), or (3,3) on a board denser in mines
    than DENSE, as far in as the board allows."""
    if rule == "safe":
        return (0, 0)
    start = DENSE_START if Fraction(mines, height * width) > DENSE else ZERO_START
    return (min(start, height - 1), min(start, width - 1))


def _engine(name: str, timeout: float | None = None) -> Backend:
    """The engine `name` of this process with that time limit (None: its own), made once: the
    bot, the benchmarks and the tests share its memo of piece answers."""
    return _made(name, timeout)


@lru_cache(maxsize=8)  # a caller trying many limits keeps the last few engines, not all
def _made(name: str, timeout: float | None) -> Backend:
    return make_backend(name, timeout)


def play_game(
    height: int,
    width: int,
    mines: int,
    rule: str,
    seed: int,
    ingredients: Iterable[str] | None = DEFAULT,
    backend: str = "kanren",
    trace: bool = False,
    timeout: float | None = None,
) -> Outcome:
    """Deal the game of `seed` under `rule` ("safe" or "zero") and play it to a win or a loss,
    with `ingredients` (names from INGREDIENTS; None: all of them, DEFAULT) on engine `backend`.
    With `trace`, the outcome keeps its guesses. `timeout`: the engine's time limit for each
    answer the bot asks of it (an analysis, a count), in seconds (None: the engine's own, as
    get_backend gives it); past it, EngineTimeout.

    Arguments are checked before anything is played (`prepare_game`): TypeError for a number
    that is not a whole number, a rule, ingredient or engine name that is not a str, or
    ingredients given as one string; ValueError for a rule, ingredient or engine it does not
    know; DealError for a size, seed or number of mines that cannot be dealt."""
    used, game = prepare_game("play_game", height, width, mines, rule, seed, ingredients, backend)
    engine = _engine(backend, valid_timeout(timeout, "play_game"))
    layout = {cell for cell in game.board.cells() if game.board[cell] == "M"}
    table = _Table(height, width, layout, mines)
    table.open(game.first)
    guesses: list[Guess] = []
    won = play_on(table, mines, frozenset(used), engine, guesses)
    return Outcome(seed, won, table.clicks, len(guesses), tuple(guesses) if trace else ())


def prepare_game(
    who: str,
    height: int,
    width: int,
    mines: int,
    rule: str,
    seed: int,
    ingredients: Iterable[str] | None,
    backend: str,
) -> tuple[tuple[str, ...], Game]:
    """The arguments of a game checked, each message starting with `who` (the function called:
    play_game, or run_games before a run), and the game of `seed` dealt for the bot's first click
    (`Game.first`): the ingredients as a tuple (None stands for DEFAULT) and the game.

    TypeError for a size, mine count or seed that is not a whole number, a rule, ingredient or
    engine name that is not a str, or ingredients that are one string (a name alone is a tuple,
    `("progress",)`) or no iterable; ValueError for a rule, ingredient or engine it does not
    know; DealError, in `deal`'s words, for a size, seed or number of mines that cannot be dealt
    (the first click kept clear, with its 3x3 under the zero rule). The engine is named only:
    whether it can run here is found when it is made."""
    for name, value in (("height", height), ("width", width), ("mines", mines), ("seed", seed)):
        require_whole(who, name, value)
    if not isinstance(rule, str):
        raise TypeError(f"{who}: rule is a str, one of {', '.join(RULES)}, not {shown_value(rule)}")
    if rule not in RULES:
        raise ValueError(f"{who}: rule is one of {', '.join(RULES)}, not {rule!r}")
    chosen = checked_ingredients(who, ingredients)
    if not isinstance(backend, str):
        raise TypeError(
            f"{who}: backend is an engine's name, one of {', '.join(REGISTRY)}, not "
            f"{shown_value(backend)}"
        )
    if backend not in REGISTRY:
        raise ValueError(f"{who}: no engine {backend!r}; the engines are {', '.join(REGISTRY)}")
    try:
        check_size(height, width)  # before first_click, which divides by the number of squares
        first = first_click(height, width, mines, rule)
        game = deal(height, width, mines, first=first, zero_start=rule == "zero", seed=seed)
    except DealError as error:
        raise DealError(f"{who}: {error}") from None
    return chosen, game


def checked_ingredients(who: str, ingredients: Iterable[str] | None) -> tuple[str, ...]:
    """`prepare_game`'s ingredients checked (see there), as a tuple."""
    if ingredients is None:
        return DEFAULT
    if isinstance(ingredients, str):
        alone = ingredients if ingredients in INGREDIENTS else "progress"
        raise TypeError(
            f"{who}: ingredients are names in a list or tuple, like ({alone!r},), not one string "
            f"{ingredients!r}"
        )
    try:
        chosen = tuple(ingredients)
    except TypeError:
        raise TypeError(
            f"{who}: ingredients are names in a list or tuple (None: all of them), not "
            f"{shown_value(ingredients)}"
        ) from None
    for name in chosen:
        if not isinstance(name, str):
            raise TypeError(f"{who}: an ingredient is a name, a str, not {shown_value(name)}")
        if name not in INGREDIENTS:
            # "none" is the command line's word for no ingredient; here that is ()
            none = " (no ingredient at all is an empty tuple, ())" if name == "none" else ""
            raise ValueError(
                f"{who}: no ingredient {name!r}{none}; the ingredients are {', '.join(INGREDIENTS)}"
            )
    return chosen


def play_on(
    table: _Table, mines: int, used: frozenset[str], engine: Backend, guesses: list[Guess]
) -> bool:
    """Play `table` from where it stands to a win (True) or a loss: every forced cell, then a
    guess, over and over. Each guess is added to `guesses`."""
    while not table.play():
        known = table.board()
        analysis = engine.analyze(known, mines)
        _said.last = None
        cell = choose(known, analysis, mines, used, engine)
        # the words of the choice, when they are about this cell (a choice made some other way,
        # as the benchmarks' variants make theirs, may have left none, or another cell's)
        why = _said.last[1] if _said.last is not None and _said.last[0] == cell else ""
        risk = analysis.probabilities[cell]
        guesses.append(Guess(cell, risk, len(analysis.safe), known, why))
        if cell in table.mines:
            table.clicks += 1
            return False
        table.open(cell)
    return True


class _Said(threading.local):
    """The last choice's cell and the words for why it was made (a traced game keeps them)."""

    last: tuple[Cell, str] | None = None


_said = _Said()


def _say(cell: Cell, why: str) -> Cell:
    _said.last = (cell, why)
    return cell


def _percent(p: Fraction) -> str:
    return f"{100 * float(p):.1f} %"


def choose(
    board: Board, analysis: Analysis, mines: int, ingredients: frozenset[str], engine: Backend
) -> Cell:
    """The cell to click on a position where nothing is forced."""
    probabilities = analysis.probabilities
    if "endgame" in ingredients:
        found = _endgame(board, analysis, mines, engine)
        if found is not None:
            chance, cell = found
            return _say(
                cell,
                f"the best chance of winning the game, {_percent(chance)}, by exact search over "
                f"the {analysis.count:,} layouts of the mines left",
            )
    if "progress" in ingredients or "lookahead" in ingredients:
        return _most_useful(board, analysis, mines, ingredients, engine)
    if "tiebreak" in ingredients:
        cell = min(probabilities, key=lambda cell: _order(board, probabilities, cell))
        return _say(cell, "the safest cell, with the fewest unknown neighbours among equals")
    cell = min(probabilities, key=lambda cell: (probabilities[cell], cell))
    return _say(cell, "the safest cell, the first in reading order among equals")


def _order(board: Board, probabilities: dict[Cell, Fraction], cell: Cell) -> tuple:
    """Safest first; among equals, fewest unknown neighbours, then fewest neighbours at all."""
    around = board.neighbours(cell)
    unknown = sum(1 for n in around if board[n] == "?")
    return (probabilities[cell], unknown, len(around), cell)


def _most_useful(
    board: Board, analysis: Analysis, mines: int, ingredients: frozenset[str], engine: Backend
) -> Cell:
    """Among the cells nearly as safe as the safest, the best blend of safety (or, with
    `lookahead`, of the chance to survive this click and the next) and of progress (`progress`)."""
    probabilities = analysis.probabilities
    near = _candidates(board, probabilities)
    # how many cells were nearly as safe before those touching no digit were thinned out
    best = 1 - min(probabilities.values())
    alike = sum(1 for p in probabilities.values() if 1 - p >= best * NEAR_BEST)
    if len(near) == 1:
        if alike == 1:
            return _say(near[0], "the safest cell, and no other nearly as safe")
        return _say(
            near[0],
            f"the safest cell, weighed for {plural(alike - 1, 'other cell')} as safe, alike in "
            "touching no digit and in their numbers of neighbours and of unknown neighbours",
        )
    told: dict[Cell, tuple[Fraction, Fraction]] = {}

    def score(cell: Cell) -> tuple:
        safety = 1 - probabilities[cell]
        chances = digit_chances(board, cell, mines, engine, analysis.count)
        two, progress = told[cell] = (_two_clicks(chances), _progress(chances))
        value = two if "lookahead" in ingredients else safety
        if "progress" in ingredients:
            value += PROGRESS_WEIGHT * progress
        return (value, safety)

    scores = {cell: score(cell) for cell in near}
    chosen = _best(near, scores)

    def scored(cell: Cell) -> str:
        two, progress = told[cell]
        parts = [f"safe {_percent(1 - probabilities[cell])}"]
        if "lookahead" in ingredients:
            parts.append(f"two clicks {_percent(two)}")
        if "progress" in ingredients:
            parts.append(f"progress {_percent(progress)}")
        return f"{float(scores[cell][0]):.3f} ({', '.join(parts)})"

    rule = "two clicks" if "lookahead" in ingredients else "safe"
    if "progress" in ingredients:
        rule += f" + progress x {PROGRESS_WEIGHT}"
    if alike == len(near):
        weighed = f"{len(near)} cells nearly as safe as the safest"
    else:  # those touching no digit one of each kind of neighbourhood, at most CANDIDATES
        weighed = f"{len(near)} cells weighed for the {alike:,} nearly as safe as the safest"
    why = f"the best score ({rule}) of {weighed}: "
    why += scored(chosen)
    if chosen != near[0]:  # another cell was as safe or safer: how it scored
        safest = near[0]
        which = "as safe" if probabilities[safest] == probabilities[chosen] else "the safest"
        why += f"; {at(safest)}, {which}, scores {scored(safest)}"
    return _say(chosen, why)


def _best(near: list[Cell], scores: dict[Cell, tuple]) -> Cell:
    """The cell of `near` with the highest score, the first in `near` among equals."""
    return max(near, key=lambda cell: (scores[cell], -near.index(cell)))


def _candidates(board: Board, probabilities: dict[Cell, Fraction]) -> list[Cell]:
    """The cells weighed for a guess, safest first: those within NEAR_BEST of the best safety,
    at most CANDIDATES of them."""
    ranked = sorted(probabilities, key=lambda cell: _order(board, probabilities, cell))
    best = 1 - probabilities[ranked[0]]
    near = [cell for cell in ranked if 1 - probabilities[cell] >= best * NEAR_BEST]
    # Cells touching no digit are interchangeable but for their place: a few of them suffice.
    return _few_of_each_kind(board, near)[:CANDIDATES]


def _next_safety(analysis: Analysis) -> Fraction:
    """The safety of the best next click on an analysed position: 1 when a cell is forced safe (or
    nothing is left to open), else that of the safest cell."""
    if not analysis.probabilities or analysis.safe:
        return Fraction(1)
    return 1 - min(analysis.probabilities.values())


def _few_of_each_kind(board: Board, cells: list[Cell]) -> list[Cell]:
    """The cells in order, keeping of those touching no digit only the first of each shape of
    neighbourhood (number of neighbours, number unknown)."""
    kept, seen = [], set()
    for cell in cells:
        around = board.neighbours(cell)
        if any(board[n].isdigit() for n in around):
            kept.append(cell)
            continue
        kind = (len(around), sum(1 for n in around if board[n] == "?"))
        if kind not in seen:
            seen.add(kind)
            kept.append(cell)
    return kept


def _showing(board: Board, cell: Cell, digit: int) -> Board:
    """The puzzle with `cell` opened and showing `digit`."""
    r, c = cell
    rows = list(board.rows)
    rows[r] = rows[r][:c] + str(digit) + rows[r][c + 1 :]
    return Board(tuple(rows))


def digit_chances(
    board: Board, cell: Cell, mines: int, engine: Backend, total: int | None = None
) -> dict[int, tuple[Fraction, Analysis]]:
    """For each digit the unknown `cell` can show: the chance that it is safe and shows it, and
    the analysis of the position once it does (counting models with the mine total, which is
    `total` when the caller has it)."""
    if total is None:
        total = engine.count(board, mines)
    around = board.neighbours(cell)
    known = sum(1 for n in around if board[n] == "*")
    unknown = sum(1 for n in around if board[n] == "?")
    chances = {}
    for digit in range(known, known + unknown + 1):
        after = engine.analyze(_showing(board, cell, digit), mines)
        if after.count:
            chances[digit] = (Fraction(after.count, total), after)
    return chances


def _progress(chances: dict[int, tuple[Fraction, Analysis]]) -> Fraction:
    """From `digit_chances`: the chance that the click is safe and then a cell is forced safe."""
    return sum((chance for chance, after in chances.values() if after.safe), Fraction(0))


def _two_clicks(chances: dict[int, tuple[Fraction, Analysis]]) -> Fraction:
    """From `digit_chances`: the chance that the click is safe and so is the best click after."""
    return sum((chance * _next_safety(after) for chance, after in chances.values()), Fraction(0))


def progress_chance(board: Board, cell: Cell, mines: int, engine: Backend) -> Fraction:
    """The chance that clicking `cell` is safe and then some other cell is forced safe."""
    return _progress(digit_chances(board, cell, mines, engine))


def two_click_chance(board: Board, cell: Cell, mines: int, engine: Backend) -> Fraction:
    """The chance that clicking `cell` is safe and so is the click after it, when that click is
    the safest cell of the position the first one shows (certain when a cell is forced safe)."""
    return _two_clicks(digit_chances(board, cell, mines, engine))


# --- endgame: exact search over the remaining layouts --------------------------------------------


class _TooBig(Exception):
    """The search ran past its step budget."""


def endgame_choice(board: Board, analysis: Analysis, mines: int, engine: Backend) -> Cell | None:
    """The click with the best chance of winning the whole game, by exact search over every layout
    that remains; None when too many remain to search."""
    found = _endgame(board, analysis, mines, engine)
    return None if found is None else found[1]


def _endgame(
    board: Board, analysis: Analysis, mines: int, engine: Backend
) -> tuple[Fraction, Cell] | None:
    """`endgame_choice`'s cell and its chance of winning the game; None as there."""
    if analysis.count > ENDGAME_LAYOUTS:
        return None
    unknown = [cell for cell in board.cells() if board[cell] == "?"]
    layouts = [
        frozenset(cell for cell in unknown if solved[cell] == "*")
        for solved in engine.solutions(board, mines=mines)
    ]
    try:
        chance, cell = win_chance(board, unknown, layouts)
    except _TooBig:
        return None
    return None if cell is None else (chance, cell)


def win_chance(
    board: Board, unknown: list[Cell], layouts: list[frozenset[Cell]], budget: int = ENDGAME_STEPS
) -> tuple[Fraction, Cell | None]:
    """The chance of winning when each of `layouts` (the mines among the `unknown` cells) is as
    likely, playing the best click each time, and the first click of such a play. Cells safe in
    every remaining layout are opened for free; a digit is read as the mines around it (a blank's
    flood is one of those free openings: its neighbours are safe in every layout left).

    A set of layouts is a bit mask (bit i: layout i is still possible). For each cell, `shows`
    holds one mask per digit it can show (the layouts where it is safe and shows that digit), so
    clicking splits the layouts still possible by and-ing masks. Cells are tried safest first, and
    the search stops at a cell whose chance of being safe is no better than the best play found."""
    everything = (1 << len(layouts)) - 1
    shows: dict[Cell, list[int]] = {}
    seen: set[tuple[int, ...]] = set()
    for cell in unknown:
        around = [n for n in board.neighbours(cell) if board[n] == "?"]
        masks: dict[int, int] = {}
        for i, layout in enumerate(layouts):
            if cell not in layout:
                digit = sum(1 for n in around if n in layout)
                masks[digit] = masks.get(digit, 0) | 1 << i
        signature = tuple(sorted(masks.values()))
        # A cell that is a mine everywhere, or safe everywhere with one digit, tells nothing; two
        # cells that split the layouts the same way are one choice.
        if not masks or signature == (everything,) or signature in seen:
            continue
        seen.add(signature)
        shows[cell] = list(signature)
    memo: dict[int, tuple[Fraction, Cell | None]] = {}
    steps = 0

    def best(alive: int) -> tuple[Fraction, Cell | None]:
        nonlocal steps
        if alive & (alive - 1) == 0:  # one layout left: every safe cell is known
            return Fraction(1), None
        if alive in memo:
            return memo[alive]
        steps += 1
        if steps > budget:
            raise _TooBig
        size = alive.bit_count()
        choices = []
        for cell, masks in shows.items():
            parts = [part for part in (mask & alive for mask in masks) if part]
            safe = sum(part.bit_count() for part in parts)
            if safe == size and len(parts) > 1:  # safe everywhere and telling layouts apart
                found = sum(part.bit_count() * best(part)[0] for part in parts) / size
                memo[alive] = (found, cell)
                return memo[alive]
            if 0 < safe < size:
                choices.append((-safe, cell, parts))
        choices.sort(key=lambda choice: choice[0])
        answer: tuple[Fraction, Cell | None] = (Fraction(0), None)
        for minus_safe, cell, parts in choices:
            if answer[1] is not None and Fraction(-minus_safe, size) <= answer[0]:
                break  # no cell from here on is even safe often enough to do better
            # Wins summed over the layouts, the larger parts first; the cell is dropped as soon
            # as winning every layout left could no longer beat the best play found.
            won, left = Fraction(0), -minus_safe
            for part in sorted(parts, key=int.bit_count, reverse=True):
                left -= part.bit_count()
                won += part.bit_count() * best(part)[0]
                if answer[1] is not None and won + left <= answer[0] * size:
                    break
            else:
                if won > answer[0] * size or answer[1] is None:
                    answer = (won / size, cell)
        memo[alive] = answer
        return answer

    return best(everything)
