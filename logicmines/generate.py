"""Boards from fixed seeds, for tests, benchmarks and puzzle setters.

The makers of single boards: `random_puzzle` (random mines, a share of the cells hidden),
`unique_puzzle` (the first of those with exactly one solution), `midgame` (a game played by
random safe clicks), `lattice` (digits on every other cell: a two-dimensional frontier). Then the
families the benchmark runs (`Family` of `Labelled` boards), the same boards on every machine:
those whose solutions the engines count, and those beyond the reference's reach, where the
question is the verdict and the forced cells. Every board drawn from a mine layout is drawn by
`Board.from_mines`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .board import Board, Cell
from .reveal import reveal

MINES = 0.2  # the share of mines in random puzzles (Expert has 99/480 = 0.21)


# --- single boards --------------------------------------------------------------------------------


def mine_layout(height: int, width: int, mines: int, rng: random.Random) -> set[Cell]:
    """`mines` distinct cells chosen at random."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    return set(rng.sample(cells, mines))


def game_board(height: int, width: int, mines: set[Cell]) -> Board:
    """A fresh game: every square unrevealed (E), the mines marked M."""
    rows = tuple(
        "".join("M" if (r, c) in mines else "E" for c in range(width)) for r in range(height)
    )
    return Board(rows, "game")


def hide(board: Board, hidden: set[Cell]) -> Board:
    """`board` with the `hidden` cells made unknown (?)."""
    rows = (
        "".join("?" if (r, c) in hidden else ch for c, ch in enumerate(row))
        for r, row in enumerate(board.rows)
    )
    return board.with_rows(tuple(rows))


def random_puzzle(
    height: int, width: int, mine_fraction: float, hidden_fraction: float, seed: int
) -> Board:
    """A solvable-by-construction puzzle: random mines, then a random share of cells hidden (?)."""
    rng = random.Random(seed)
    count = round(height * width * mine_fraction)
    mines = mine_layout(height, width, count, rng)
    hidden = {(r, c) for r in range(height) for c in range(width) if rng.random() < hidden_fraction}
    return hide(Board.from_mines(height, width, mines), hidden)


def unique_puzzle(
    height: int, width: int, hidden_fraction: float, mine_fraction: float = MINES
) -> tuple[int, Board]:
    """The first random puzzle of this size, from seed 0 up, that has exactly one solution (as
    the kanren engine says), with its seed."""
    from .backends import make_backend

    engine = make_backend("kanren")
    seed = 0
    while True:
        board = random_puzzle(height, width, mine_fraction, hidden_fraction, seed)
        if engine.check(board).verdict.value == "unique":
            return seed, board
        seed += 1


def midgame(height: int, width: int, mines: int, seed: int, opened: float = 0.5) -> Board:
    """A real position: random mines, then random safe clicks (the reveal rules, floods and all)
    until at least `opened` of the safe squares are open. Returned as the puzzle it poses."""
    rng = random.Random(seed)
    layout = mine_layout(height, width, mines, rng)
    board = game_board(height, width, layout)
    safe = height * width - mines
    order = [cell for cell in board.cells() if cell not in layout]
    rng.shuffle(order)
    open_squares = 0
    for cell in order:
        if open_squares >= opened * safe:
            break
        if board[cell] != "E":
            continue
        board = reveal(board, cell)
        open_squares = sum(len(row) - row.count("E") - row.count("M") for row in board.rows)
    return board.as_puzzle()


def lattice(n: int, seed: int, mine_fraction: float = 0.3) -> Board:
    """An n x n block of digits on every other cell of every other row, the rest unknown (mines
    at random among them): the frontier is two-dimensional, the hard case for counting along it."""
    rng = random.Random(seed)
    shown = {(r, c) for r in range(0, n, 2) for c in range(0, n, 2)}
    cells = [(r, c) for r in range(n) for c in range(n) if (r, c) not in shown]
    mines = {cell for cell in cells if rng.random() < mine_fraction}
    return hide(Board.from_mines(n, n, mines), set(cells))


# --- the benchmark's families ---------------------------------------------------------------------


@dataclass(frozen=True)
class Labelled:
    """A board and a label that is enough to make it again."""

    label: str
    board: Board

    @property
    def cells(self) -> int:
        return self.board.height * self.board.width

    @property
    def unknowns(self) -> int:
        return sum(row.count("?") for row in self.board.rows)


# The two questions the benchmark asks: the verdict and the count of every solution, or, past
# counting by the whole-board engines, the verdict and the cells forced in every solution.
COUNT, FORCED = "count", "forced"


@dataclass(frozen=True)
class Family:
    """Boards of one family, all asked one `question` (COUNT or FORCED); families of one
    `kind` are listed smallest first."""

    name: str
    kind: str
    boards: list[Labelled]
    question: str = COUNT


# The three boards of docs/rules.md: one solution, four, none.
RULES_EXAMPLES = ("1121 / 1??* / 12?* / 0122", "1110 / 2*31 / 3*?? / 2*4? / 112?", "2?")
# A board of the challenge's size with no solution ((2,9) shows 0 beside a mine), with many `*`s:
# docs/relational.md's board for the two solvers' domains.
CHALLENGE_NONE = "01??11*211 / 12??2323*1 / 1*33*2*210 / 12?2122321 / 13?3101**1 / 1***101221"
CHALLENGE_SIZES = ((4, 4), (4, 5), (5, 5), (5, 6), (6, 6), (5, 8), (6, 8), (6, 10))
CHALLENGE_HIDDEN = 0.25
RANDOM_SIZES = (8, 16, 50, 100, 200)
RANDOM_HIDDEN = (0.1, 0.3, 0.5)
MIDGAMES = (
    ("Beginner 9x9/10", 9, 9, 10),
    ("Intermediate 16x16/40", 16, 16, 40),
    ("Expert 16x30/99", 16, 30, 99),
    ("50x50/500", 50, 50, 500),
)


def rules_examples() -> Family:
    boards = [Labelled(f"rules: {text}", Board.from_text(text)) for text in RULES_EXAMPLES]
    return Family("rules examples", "rules", boards)


def challenge_family(sizes: tuple[tuple[int, int], ...] = CHALLENGE_SIZES) -> Family:
    """Puzzles of the size of the original code-golf challenge's examples, each with one
    solution."""
    boards = []
    for height, width in sizes:
        seed, board = unique_puzzle(height, width, CHALLENGE_HIDDEN)
        label = f"{height}x{width}, {CHALLENGE_HIDDEN:.0%} hidden, unique, seed {seed}"
        boards.append(Labelled(label, board))
    (h0, w0), (h1, w1) = sizes[0], sizes[-1]
    return Family(f"challenge size ({h0}x{w0} to {h1}x{w1}, unique)", "challenge", boards)


def random_families(
    sizes: tuple[int, ...], hiddens: tuple[float, ...], seeds: range
) -> list[Family]:
    """One family per hidden share and size (square boards, MINES of the cells mines)."""
    found = []
    for hidden in hiddens:
        for size in sizes:
            name = f"random {size}x{size}, {hidden:.0%} hidden"
            boards = [
                Labelled(
                    f"{name}, {MINES:.0%} mines, seed {seed}",
                    random_puzzle(size, size, MINES, hidden, seed),
                )
                for seed in seeds
            ]
            found.append(Family(name, f"random, {hidden:.0%} hidden", boards))
    return found


def midgame_families(levels: tuple[tuple[str, int, int, int], ...], seeds: range) -> list[Family]:
    """One family per level (name, height, width, mines): positions half opened."""
    found = []
    for level, height, width, mines in levels:
        name = f"mid-game {level}"
        boards = [
            Labelled(f"{name}, seed {seed}", midgame(height, width, mines, seed)) for seed in seeds
        ]
        found.append(Family(name, "mid-game", boards))
    return found


# Beyond the reference's reach: boards with up to 10^768 solutions, where the question is the
# verdict and the forced cells (one board of each, seed 1).
BEYOND_SIZES = (50, 100, 200)
BEYOND_HIDDEN = 0.3
BEYOND_MIDGAMES = (
    ("Expert 16x30/99", 16, 30, 99),
    ("50x50/500", 50, 50, 500),
    ("100x100/2000", 100, 100, 2000),
)
BEYOND_SEED = 1


def beyond_families(
    sizes: tuple[int, ...] = BEYOND_SIZES,
    levels: tuple[tuple[str, int, int, int], ...] = BEYOND_MIDGAMES,
) -> list[Family]:
    """Puzzles (MINES of the cells mines, BEYOND_HIDDEN of them hidden) and mid-games (half
    opened) far past listing their solutions, one board a family, each asked FORCED."""
    found = []
    for size in sizes:
        name = f"forced: random {size}x{size}, {BEYOND_HIDDEN:.0%} hidden"
        board = random_puzzle(size, size, MINES, BEYOND_HIDDEN, BEYOND_SEED)
        label = f"{name}, {MINES:.0%} mines, seed {BEYOND_SEED}"
        found.append(Family(name, "forced: random", [Labelled(label, board)], FORCED))
    for level, height, width, mines in levels:
        name = f"forced: mid-game {level}"
        board = midgame(height, width, mines, BEYOND_SEED)
        label = f"{name}, seed {BEYOND_SEED}"
        found.append(Family(name, "forced: mid-game", [Labelled(label, board)], FORCED))
    return found


def benchmark_families(quick: bool = False, per_family: int = 3) -> list[Family]:
    """The benchmark's families, from fixed seeds: the same boards on every run and machine.
    `quick`: the first of each list only (nine boards, the biggest 50x50)."""
    seeds = range(1, 1 + (1 if quick else per_family))
    return [
        rules_examples(),
        challenge_family(CHALLENGE_SIZES[:2] if quick else CHALLENGE_SIZES),
        *random_families(
            RANDOM_SIZES[:1] if quick else RANDOM_SIZES,
            RANDOM_HIDDEN[:1] if quick else RANDOM_HIDDEN,
            seeds,
        ),
        *midgame_families(MIDGAMES[:1] if quick else MIDGAMES, seeds),
        *(beyond_families(BEYOND_SIZES[:1], BEYOND_MIDGAMES[:1]) if quick else beyond_families()),
    ]
