"""Guessing policies tried against the autoplay bot's default and not kept (docs/autoplay.md,
"Tried and not kept"). Each is a function that changes `logicmines.bot` in place, so that
`autoplay_bench.py tune --variant NAME` can play it on the same seeds as the default:

    .venv/bin/python benchmarks/autoplay_bench.py tune --games 4000 --seed 500 --rules safe \
        --workers 2 --variant fifty

- `blend`: a click's worth is the chance of surviving it and the next click, where "the next
  click" counts only cells that can still tell something (not dead: some unknown neighbour is
  undecided) and blends the best and second-best of them 4 : 1; progress weighs 1/1000 only.
- `living`: `blend`'s next click with progress at the default's weight, 1/5.
- `twos`: cells touching no digit but two squares straight from one are candidates of their own
  (up to four), beside one of each shape of neighbourhood; at most 14 candidates.
- `fifty`: a cell that, as a mine, would leave a pair of cells no later click can tell apart
  (every square next to exactly one of them a mine) is worth that much more: clicking it now
  costs nothing in the layouts where that pair was going to be a coin flip anyway. A cell that
  is a mine only in such layouts is clicked at once.
- `guess02`, `guess12`, `guess22`: when the safe rule's first click, the corner (0,0), shows a
  digit, the first guess is (0,2) (the edge, two squares along), (1,2) or (2,2) (inside, two
  squares from the corner) instead of the default's choice, which is always a far corner. These
  cells touch the corner's own unknown neighbours, so what they show can settle the corner's
  digit; but they are less likely to be a blank.
- `dominate`: never click a cell when a strictly safer cell is safe in every layout where it is
  (clicking the safer one first survives wherever the first would, and keeps the choice open);
  the default's choice is replaced by the safest such cell, up to three times over.
- `close`: the candidates are only those whose mine probability is at most 3 points above the
  safest cell's (the default weighs all within 10 % of the best safety, so a cell at 15 % can
  be chosen over one at 7.6 % for its progress).
- `firstsafe`: the game's first guess is the safest cell, in the default's order among equals;
  every later guess is the default's.
- `nolink`: progress counts a digit only when it makes a cell safe beyond those that are safe
  wherever the clicked cell is (`linked_safe`): a click's being safe alone, settling a pair
  beside it, is no longer progress.
- `defer`: guesses inside a small walled-in part of the board (fewer than 8 unknown cells, whose
  digits touch no other unknown cell) are put off while a cell elsewhere can be clicked: the
  mine count may settle such a part once the rest is cleared.
- `midplain`: the game's first guess is the default's; every later guess is the exact endgame
  search's when it runs, else the safest cell, the first in reading order among equals (what the
  bot plays with `--ingredients endgame`). It asks what `progress` and `lookahead` win after the
  first guess.
- `longterm`: `fifty` widened as the best published solver weighs long-term risk: besides the
  pairs a cell belongs to, 2x2 blocks that could end with their mines on either diagonal (the
  four squares diagonal to its corners mines), and the cells that wall such a pair or block in:
  clicking one of them now settles that coin flip when it is safe.
- `hotspot`: the published solver's "hotspots", pairs one mine away from a coin flip (the first
  cell a mine in half the layouts, every square that would tell the two apart a mine but one,
  and that one less than 90 % safe): each digit's next-click safety in the two-click chance is
  scaled by how much the click changes the chance of surviving them.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from fractions import Fraction

import logicmines.bot as bot
from logicmines.analysis import Analysis
from logicmines.backends import Backend
from logicmines.board import Board, Cell

# --- blend ---------------------------------------------------------------------------------------


def dead(board: Board, probabilities: dict[Cell, Fraction], cell: Cell) -> bool:
    """Sure to show one digit: none of its unknown neighbours is undecided."""
    return not any(board[n] == "?" and 0 < probabilities[n] < 1 for n in board.neighbours(cell))


def _living_next(analysis: Analysis) -> Fraction:
    """The worth of the next click: 1 with a safe cell that tells something, else the best and
    second-best safety among cells that tell something, blended 4 : 1."""
    probabilities = analysis.probabilities
    if not probabilities:
        return Fraction(1)
    board = analysis.board
    living = sorted(
        p for cell, p in probabilities.items() if p < 1 and not dead(board, probabilities, cell)
    )
    if not living:
        rest = [p for p in probabilities.values() if p < 1]
        return 1 - min(rest) if rest else Fraction(1)
    if living[0] == 0:
        return Fraction(1)
    first = 1 - living[0]
    second = 1 - living[1] if len(living) > 1 else first
    return (4 * first + second) / 5


def blend() -> None:
    bot.PROGRESS_WEIGHT = Fraction(1, 1000)
    bot._next_safety = _living_next


def living() -> None:
    """`blend`'s next click alone: progress keeps the default's weight."""
    bot._next_safety = _living_next


# --- twos ----------------------------------------------------------------------------------------

TWOS = 4


_DEFAULT_FEW = bot._few_of_each_kind


def _few_with_twos(board: Board, cells: list[Cell]) -> list[Cell]:
    """As the default's choice of candidates, but the first TWOS cells touching no digit yet two
    squares straight from one are kept as well (and the default's choice is made among the
    rest)."""

    def two_from_a_digit(cell: Cell) -> bool:
        if any(board[n].isdigit() for n in board.neighbours(cell)):
            return False
        r, c = cell
        steps = ((r + 2, c), (r - 2, c), (r, c + 2), (r, c - 2))
        return any(
            0 <= i < board.height and 0 <= j < board.width and board[(i, j)].isdigit()
            for i, j in steps
        )

    twos = [cell for cell in cells if two_from_a_digit(cell)][:TWOS]
    kept = set(twos) | set(_DEFAULT_FEW(board, [cell for cell in cells if cell not in twos]))
    return [cell for cell in cells if cell in kept]


def twos() -> None:
    bot._few_of_each_kind = _few_with_twos
    bot.CANDIDATES = 14


# --- fifty ---------------------------------------------------------------------------------------

FIFTY_SHARE = Fraction(1, 40)  # pairs that form in fewer models than this share are left out
FIFTY_DISCOUNT = Fraction(9, 10)


def _with_mines(board: Board, cells: list[Cell]) -> Board:
    rows = [list(row) for row in board.rows]
    for r, c in cells:
        rows[r][c] = "*"
    return Board(tuple("".join(row) for row in rows))


def pair_walls(board: Board, a: Cell, b: Cell) -> set[Cell]:
    """The squares next to exactly one of the neighbouring cells `a` and `b`: what they show
    tells the two apart, so a pair whose walls are all mines is a coin flip no click settles."""
    return (set(board.neighbours(a)) ^ set(board.neighbours(b))) - {a, b}


def _formed(
    board: Board, mines_at: list[Cell], safe_at: list[Cell], mines: int, engine: Backend
) -> int:
    """The models with a mine at every cell of `mines_at` and none at `safe_at` (by inclusion
    and exclusion over the cells that must be safe)."""
    total = 0
    for size in range(len(safe_at) + 1):
        for chosen in itertools.combinations(safe_at, size):
            total += (-1) ** size * engine.count(_with_mines(board, [*mines_at, *chosen]), mines)
    return total


def coin_flip_models(
    board: Board,
    analysis: Analysis,
    cell: Cell,
    mines: int,
    engine: Backend,
    share: Fraction | None = None,
) -> int:
    """The models where `cell` is a mine, an orthogonal neighbour is safe, and every square next
    to exactly one of the two is a mine (so no click but theirs could tell them apart), summed
    over the neighbours; at most the models where `cell` is a mine, and where it is safe. Pairs
    formed in fewer than `share` of the models (FIFTY_SHARE unless told) are left out."""
    share = FIFTY_SHARE if share is None else share
    probabilities = analysis.probabilities
    if probabilities[cell] == 0:
        return 0
    r, c = cell
    found = 0
    for other in ((r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)):
        if not (0 <= other[0] < board.height and 0 <= other[1] < board.width):
            continue
        if board[other] != "?" or probabilities[other] == 1:
            continue
        apart = pair_walls(board, cell, other)
        if any(board[d] not in "?*" for d in apart):
            continue  # an open square next to one of them tells them apart
        enablers = [d for d in apart if board[d] == "?"]
        likely = probabilities[cell]
        for d in enablers:
            likely *= probabilities[d]
        if likely < share / 4:
            continue  # even as independent cells, too unlikely to be worth counting
        formed = _formed(board, [cell, *enablers], [other], mines, engine)
        if formed >= share * analysis.count:
            found += formed
    as_mine = probabilities[cell] * analysis.count
    return int(min(found, as_mine, analysis.count - as_mine))


def _pair_flips(board: Board, analysis: Analysis, mines: int, engine: Backend) -> dict[Cell, int]:
    """`coin_flip_models` of every cell at least half as safe as the safest, those with any."""
    probabilities = analysis.probabilities
    best = 1 - min(probabilities.values())
    flips = {}
    for cell in _ranked(board, analysis):
        if 1 - probabilities[cell] < best / 2:
            break
        if found := coin_flip_models(board, analysis, cell, mines, engine):
            flips[cell] = found
    return flips


def _ranked(board: Board, analysis: Analysis) -> list[Cell]:
    """The unknown cells, safest first, in the default's order among equals."""
    probabilities = analysis.probabilities
    return sorted(probabilities, key=lambda cell: bot._order(board, probabilities, cell))


def _discounted(
    board: Board,
    analysis: Analysis,
    mines: int,
    ingredients: frozenset[str],
    engine: Backend,
    flips_of: Callable[[Board, Analysis, int, Backend], dict[Cell, int]],
) -> Cell:
    """The default's choice (progress and lookahead), with each candidate's worth raised by the
    share of its mine layouts that would be a coin flip anyway, as `flips_of` counts them (the
    models of each cell, in the default's order). A cell that is a mine only in such layouts is
    clicked at once; cells whose raised worth comes near the safest are weighed too."""
    probabilities = analysis.probabilities
    best = 1 - min(probabilities.values())
    flips = flips_of(board, analysis, mines, engine)
    for cell, found in flips.items():
        if found == probabilities[cell] * analysis.count:
            return cell
    near = bot._candidates(board, probabilities)
    floor = best * bot.NEAR_BEST * analysis.count
    near += [
        cell
        for cell, found in flips.items()
        if cell not in near and (1 - probabilities[cell]) * analysis.count + found > floor
    ]
    if len(near) == 1:
        return near[0]

    def score(cell: Cell) -> tuple:
        safety = 1 - probabilities[cell]
        chances = bot.digit_chances(board, cell, mines, engine, analysis.count)
        value = bot._two_clicks(chances) if "lookahead" in ingredients else safety
        if cell in flips:
            value *= 1 + FIFTY_DISCOUNT * flips[cell] / (safety * analysis.count)
        if "progress" in ingredients:
            value += bot.PROGRESS_WEIGHT * bot._progress(chances)
        return (value, safety)

    return bot._best(near, {cell: score(cell) for cell in near})


def _fifty_most_useful(
    board: Board, analysis: Analysis, mines: int, ingredients: frozenset[str], engine: Backend
) -> Cell:
    """The default's choice, each candidate's worth raised by the coin flips of the pairs it
    belongs to (`coin_flip_models`)."""
    return _discounted(board, analysis, mines, ingredients, engine, _pair_flips)


def fifty() -> None:
    bot._most_useful = _fifty_most_useful


# --- guess02, guess12, guess22 ------------------------------------------------------------------


def _first_guess_at(cell: Cell) -> Callable[[], None]:
    """The policy whose first guess, when only the first click is open (it showed a digit), is
    `cell`; every other choice is the default's."""

    def policy() -> None:
        default = bot.choose

        def choose(
            board: Board,
            analysis: Analysis,
            mines: int,
            ingredients: frozenset[str],
            engine: Backend,
        ) -> Cell:
            if board[cell] == "?" and sum(1 for c in board.cells() if board[c] != "?") == 1:
                return cell
            return default(board, analysis, mines, ingredients, engine)

        bot.choose = choose

    return policy


# --- dominate -----------------------------------------------------------------------------------

_DEFAULT_MOST_USEFUL = bot._most_useful


def linked_safe(chances: dict[int, tuple[Fraction, Analysis]]) -> set[Cell]:
    """From `bot.digit_chances` of a cell: the other cells safe in every layout where it is
    safe (safe whatever digit it shows)."""
    found = [set(after.safe) for _, after in chances.values()]
    return set.intersection(*found) if found else set()


def _undominated(
    board: Board, analysis: Analysis, mines: int, ingredients: frozenset[str], engine: Backend
) -> Cell:
    """The default's choice, unless a strictly safer cell is safe wherever it is: then the
    safest such cell (and again for that one, at most three times)."""
    probabilities = analysis.probabilities
    chosen = _DEFAULT_MOST_USEFUL(board, analysis, mines, ingredients, engine)
    for _ in range(3):
        chances = bot.digit_chances(board, chosen, mines, engine, analysis.count)
        safer = [
            cell for cell in linked_safe(chances) if probabilities[cell] < probabilities[chosen]
        ]
        if not safer:
            break
        chosen = min(safer, key=lambda cell: bot._order(board, probabilities, cell))
    return chosen


def dominate() -> None:
    bot._most_useful = _undominated


# --- nolink -------------------------------------------------------------------------------------


def progress_beyond(chances: dict[int, tuple[Fraction, Analysis]]) -> Fraction:
    """From `bot.digit_chances`: the chance that the click is safe and its digit then makes a
    cell safe that is not safe wherever the click is."""
    linked = linked_safe(chances)
    return sum(
        (chance for chance, after in chances.values() if set(after.safe) - linked), Fraction(0)
    )


def nolink() -> None:
    bot._progress = progress_beyond


CLOSE_GAP = Fraction(3, 100)
_DEFAULT_CANDIDATES = bot._candidates


def _close_candidates(board: Board, probabilities: dict[Cell, Fraction]) -> list[Cell]:
    """The default's candidates less those whose mine probability exceeds the safest one's by
    more than CLOSE_GAP."""
    near = _DEFAULT_CANDIDATES(board, probabilities)
    most = probabilities[near[0]] + CLOSE_GAP
    return [cell for cell in near if probabilities[cell] <= most]


def close() -> None:
    bot._candidates = _close_candidates


# --- firstsafe, midplain -----------------------------------------------------------------------

Chooser = Callable[[Board, Analysis, int, frozenset[str], Backend], Cell]


def _first_then(first: Callable[[Chooser], Chooser], later: Callable[[Chooser], Chooser]) -> None:
    """The bot's choice made by `first(default)` for a game's first guess and by `later(default)`
    for every guess after it, where `default` is the default's choice."""
    default_play_on, default_choose = bot.play_on, bot.choose
    pending = [False]
    first_choose, later_choose = first(default_choose), later(default_choose)

    def play_on(table, mines, used, engine, guesses):
        pending[0] = True
        return default_play_on(table, mines, used, engine, guesses)

    def choose(
        board: Board, analysis: Analysis, mines: int, ingredients: frozenset[str], engine: Backend
    ) -> Cell:
        chosen = first_choose if pending[0] else later_choose
        pending[0] = False
        return chosen(board, analysis, mines, ingredients, engine)

    bot.play_on, bot.choose = play_on, choose


def _unchanged(default: Chooser) -> Chooser:
    return default


def _safest(default: Chooser) -> Chooser:
    """The safest cell, in the default's order among equals (fewest unknown neighbours)."""

    def choose(board, analysis, mines, ingredients, engine):
        probabilities = analysis.probabilities
        return min(probabilities, key=lambda cell: bot._order(board, probabilities, cell))

    return choose


def _plain(default: Chooser) -> Chooser:
    """The exact endgame search's choice when it runs, else the safest cell, the first in reading
    order among equals: the default with no ingredient but `endgame`."""

    def choose(board, analysis, mines, ingredients, engine):
        return default(board, analysis, mines, ingredients & {"endgame"}, engine)

    return choose


def firstsafe() -> None:
    """The game's first guess is the safest cell (the default's order among equals: fewest
    unknown neighbours), weighed neither for progress nor for the next click; every later guess
    is the default's."""
    _first_then(_safest, _unchanged)


def midplain() -> None:
    """The game's first guess is the default's; every later guess is the exact endgame search's
    when it runs, else the safest cell, the first in reading order among equals."""
    _first_then(_unchanged, _plain)


# --- defer --------------------------------------------------------------------------------------

DEFER_BELOW = 8  # walled-in parts with fewer unknown cells than this are guessed in last


def walled_in(board: Board) -> set[Cell]:
    """The unknown cells of the small walled-in parts: connected groups of unknown cells, fewer
    than DEFER_BELOW and not every unknown cell, whose digits touch no unknown cell outside them
    (`isolated_parts.isolated`), so that nothing clicked elsewhere tells anything about them."""
    from isolated_parts import isolated, parts  # benchmarks/ is on the path of autoplay_bench

    groups = parts(board)
    if len(groups) < 2:
        return set()
    return {
        cell
        for group in groups
        if len(group) < DEFER_BELOW and isolated(board, group)
        for cell in group
    }


def _deferring_candidates(board: Board, probabilities: dict[Cell, Fraction]) -> list[Cell]:
    """The default's candidates among the cells outside small walled-in parts, while any such
    cell may be safe; the default's among all cells otherwise."""
    put_off = walled_in(board)
    rest = {cell: p for cell, p in probabilities.items() if cell not in put_off}
    if not put_off or not any(p < 1 for p in rest.values()):
        return _DEFAULT_CANDIDATES(board, probabilities)
    return _DEFAULT_CANDIDATES(board, rest)


def defer() -> None:
    bot._candidates = _deferring_candidates


# --- longterm ------------------------------------------------------------------------------------

LONG_WALLS = {"pair": 3, "block": 2}  # the most unknown wall squares a shape may still need
LONG_LIKELY = Fraction(1, 100)  # shapes needing more than one of them: skipped below this chance


def coin_flip_shapes(
    board: Board, most: dict[str, int] | None = None
) -> list[tuple[str, tuple[Cell, ...], tuple[Cell, ...]]]:
    """The shapes that could end as a coin flip no click can settle: two orthogonal neighbours
    with one mine between them, or a 2x2 block with two mines on a diagonal, each as (kind, its
    unknown cells, its walls). The walls are the squares next to the shape that would tell its
    two layouts apart (next to one of a pair but not the other; diagonal to a block's corners):
    none may be open, and the coin flip forms when every one is a mine. Only the walls still
    unknown are given, and only shapes with at most `most[kind]` of them (LONG_WALLS unless
    told; a kind left out of `most` is not given)."""
    most = LONG_WALLS if most is None else most
    shapes = []
    for r, c in board.cells():
        groups = []
        if c + 1 < board.width:
            groups.append(("pair", ((r, c), (r, c + 1))))
        if r + 1 < board.height:
            groups.append(("pair", ((r, c), (r + 1, c))))
        if r + 1 < board.height and c + 1 < board.width:
            groups.append(("block", ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))))
        for kind, cells in groups:
            if kind not in most or any(board[cell] != "?" for cell in cells):
                continue
            if kind == "pair":
                walls = pair_walls(board, *cells)
            else:
                walls = {
                    (i, j)
                    for i, j in ((r - 1, c - 1), (r - 1, c + 2), (r + 2, c - 1), (r + 2, c + 2))
                    if 0 <= i < board.height and 0 <= j < board.width
                }
            if any(board[w] not in "?*" for w in walls):
                continue
            unknown = tuple(sorted(w for w in walls if board[w] == "?"))
            if len(unknown) <= most[kind]:
                shapes.append((kind, cells, unknown))
    return shapes


def long_term_influence(
    board: Board, analysis: Analysis, mines: int, engine: Backend, likely: Fraction | None = None
) -> dict[Cell, int]:
    """For each unknown cell, the models in which a coin flip it belongs to or walls in would
    form: for each kind of shape (pairs across, pairs down, blocks) the largest count of one of
    its layouts among the shapes the cell belongs to, summed, plus the counts of the shapes it is
    a wall of; at most the models where the cell is a mine, and where it is safe. Shapes needing
    more than one unknown wall, whose walls and cells are less likely than `likely` (LONG_LIKELY
    unless told) as independent cells, are left out."""
    likely = LONG_LIKELY if likely is None else likely
    probabilities = analysis.probabilities
    best: dict[tuple[Cell, str], int] = {}
    walled: dict[Cell, int] = {}
    for kind, cells, walls in coin_flip_shapes(board):
        if any(probabilities[cell] == 1 or probabilities[cell] == 0 for cell in cells):
            continue
        if any(probabilities[w] == 0 for w in walls):
            continue
        if kind == "pair":
            mines_at, safe_at = [cells[0]], [cells[1]]
            way = "across" if cells[0][0] == cells[1][0] else "down"
        else:
            mines_at, safe_at, way = [cells[0], cells[3]], [cells[1], cells[2]], "block"
        chance = Fraction(1)
        for cell in (*walls, *mines_at):
            chance *= probabilities[cell]
        if len(walls) > 1 and chance < likely:
            continue
        formed = _formed(board, [*walls, *mines_at], safe_at, mines, engine)
        if not formed:
            continue
        for cell in cells:
            best[cell, way] = max(best.get((cell, way), 0), formed)
        for w in walls:
            walled[w] = walled.get(w, 0) + formed
    influence: dict[Cell, int] = {}
    for (cell, _), formed in best.items():
        influence[cell] = influence.get(cell, 0) + formed
    for cell, formed in walled.items():
        influence[cell] = influence.get(cell, 0) + formed
    capped = {}
    for cell, found in influence.items():
        as_mine = probabilities[cell] * analysis.count
        capped[cell] = int(min(found, as_mine, analysis.count - as_mine))
    return {cell: capped[cell] for cell in _ranked(board, analysis) if capped.get(cell)}


def _longterm_most_useful(
    board: Board, analysis: Analysis, mines: int, ingredients: frozenset[str], engine: Backend
) -> Cell:
    """`fifty`'s choice with the coin flips of `long_term_influence` (pairs and blocks, and the
    cells that wall them in) instead of the pairs a cell belongs to."""
    return _discounted(board, analysis, mines, ingredients, engine, long_term_influence)


def longterm() -> None:
    bot._most_useful = _longterm_most_useful


# --- hotspot -------------------------------------------------------------------------------------

HOTSPOT_SAFETY = Fraction(9, 10)  # hotspots whose last wall square is this safe are left out


def hotspots(board: Board, analysis: Analysis) -> list[tuple[Cell, tuple[Cell, ...]]]:
    """The coin flips one mine away: pairs of orthogonal neighbours whose first cell is a mine in
    exactly half the models, and whose walls (`pair_walls`) are all mines but one unknown square
    less than HOTSPOT_SAFETY safe: if that square is a mine and one of the pair is, no click
    settles which. Each as (that square, the pair)."""
    probabilities = analysis.probabilities
    found = []
    for _, cells, walls in coin_flip_shapes(board, {"pair": 6}):  # a pair has 6 walls at most
        if probabilities[cells[0]] != Fraction(1, 2):
            continue
        missing = [w for w in walls if probabilities[w] != 1]
        if len(missing) == 1 and 1 - probabilities[missing[0]] < HOTSPOT_SAFETY:
            found.append((missing[0], cells))
    return found


def hotspot_safety(
    spots: list[tuple[Cell, tuple[Cell, ...]]], analysis: Analysis, cell: Cell | None = None
) -> Fraction:
    """The chance of surviving the coin flips of `spots` that `analysis` leaves, taken as
    independent: the product, over them, of 1 minus half the chance that its square is a mine
    (then the pair is a coin flip). The spots `cell` belongs to (as the square or in the pair)
    are left out: a click there settles them."""
    chance = Fraction(1)
    for square, pair in spots:
        if cell == square or cell in pair:
            continue
        chance *= (1 + (1 - analysis.probabilities[square])) / 2
    return chance


def hotspot_two_clicks(
    chances: dict[int, tuple[Fraction, Analysis]],
    spots: list[tuple[Cell, tuple[Cell, ...]]],
    cell: Cell,
    before: Fraction,
) -> Fraction:
    """The two-click chance of clicking `cell` (from its `digit_chances`), each digit's
    next-click safety scaled by the chance of surviving the `spots` it leaves, over `before`,
    the chance now (`hotspot_safety`)."""
    return sum(
        (
            chance * bot._next_safety(after) * hotspot_safety(spots, after, cell) / before
            for chance, after in chances.values()
        ),
        Fraction(0),
    )


def _hotspot_most_useful(
    board: Board, analysis: Analysis, mines: int, ingredients: frozenset[str], engine: Backend
) -> Cell:
    """The default's choice, where the next click's safety after each digit is scaled by how much
    the click changes the chance of surviving the coin flips one mine away (`hotspots`)."""
    spots = hotspots(board, analysis)
    if not spots or "lookahead" not in ingredients:
        return _DEFAULT_MOST_USEFUL(board, analysis, mines, ingredients, engine)
    probabilities = analysis.probabilities
    near = bot._candidates(board, probabilities)
    if len(near) == 1:
        return near[0]
    before = hotspot_safety(spots, analysis)

    def score(cell: Cell) -> tuple:
        chances = bot.digit_chances(board, cell, mines, engine, analysis.count)
        value = hotspot_two_clicks(chances, spots, cell, before)
        if "progress" in ingredients:
            value += bot.PROGRESS_WEIGHT * bot._progress(chances)
        return (value, 1 - probabilities[cell])

    return bot._best(near, {cell: score(cell) for cell in near})


def hotspot() -> None:
    bot._most_useful = _hotspot_most_useful


VARIANTS: dict[str, Callable[[], None]] = {
    "blend": blend,
    "living": living,
    "twos": twos,
    "fifty": fifty,
    "guess02": _first_guess_at((0, 2)),
    "guess12": _first_guess_at((1, 2)),
    "guess22": _first_guess_at((2, 2)),
    "dominate": dominate,
    "nolink": nolink,
    "close": close,
    "firstsafe": firstsafe,
    "defer": defer,
    "midplain": midplain,
    "longterm": longterm,
    "hotspot": hotspot,
}


if __name__ == "__main__":  # autoplay_bench.py imports it; on its own it plays nothing
    print(
        "bot_variants.py is not a script: run python benchmarks/autoplay_bench.py tune "
        "--variant NAME",
        file=sys.stderr,
    )
    sys.exit(2)
