"""The guessing policies tried and not kept (benchmarks/bot_variants.py): the count the `fifty`
policy rests on, against plain enumeration, and each policy playing a game."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from oracle import models_with, positions

import logicmines.bot as bot
from logicmines.backends import make_backend
from logicmines.board import Board
from logicmines.bot import play_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import bot_variants  # noqa: E402

ENGINE = make_backend("kanren")
# Everything a policy may change in logicmines.bot, put back after each test.
CHANGED = (
    "PROGRESS_WEIGHT",
    "CANDIDATES",
    "_next_safety",
    "_few_of_each_kind",
    "_most_useful",
    "_candidates",
    "_progress",
    "choose",
    "play_on",
)


def apart(board: Board, a, b) -> set:
    """The squares next to one of the neighbouring cells `a` and `b` but not the other."""
    return (set(board.neighbours(a)) ^ set(board.neighbours(b))) - {a, b}


def analysed(board: Board, mines: int) -> tuple[list, object]:
    """The board's models with `mines` mines, by plain enumeration, and its analysis."""
    return models_with(board, mines), ENGINE.analyze(board, mines)


def coin_flips_by_enumeration(board: Board, cell, models) -> int:
    """The models where `cell` is a mine, an orthogonal neighbour safe and every square next to
    exactly one of them a mine (a pair with an open square beside just one of them never counts),
    summed over the neighbours; at most the models where `cell` is a mine, and where it is safe."""
    r, c = cell
    found = 0
    for other in ((r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)):
        if not (0 <= other[0] < board.height and 0 <= other[1] < board.width):
            continue
        if board[other] != "?":
            continue
        walls = apart(board, cell, other)
        if any(board[d].isdigit() for d in walls):
            continue
        found += sum(
            1
            for rows in models
            if rows[r][c] == "*"
            and rows[other[0]][other[1]] != "*"
            and all(rows[i][j] == "*" for i, j in walls)
        )
    as_mine = sum(1 for rows in models if rows[r][c] == "*")
    return min(found, as_mine, len(models) - as_mine)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_coin_flip_models_match_enumeration(position) -> None:
    board, mines = position
    models, analysis = analysed(board, mines)
    for cell in analysis.probabilities:
        want = coin_flips_by_enumeration(board, cell, models)
        found = bot_variants.coin_flip_models(board, analysis, cell, mines, ENGINE, Fraction(0))
        assert found == want  # share 0: every pair counts


def test_a_cell_walled_in_with_its_neighbour_is_a_coin_flip_in_every_layout_it_is_a_mine() -> None:
    # The 1 at (1,0) has one mine among (0,0), (0,1), (2,0), (2,1). The squares next to just one
    # of (0,0) and (0,1) are the marked mines (0,2) and (1,2): when the mine is at (0,0), no later
    # click can tell it from (0,1).
    board = Board(("??*?", "13*?", "????"))
    analysis = ENGINE.analyze(board, 5)
    assert analysis.probabilities[(0, 0)] * analysis.count == 3
    assert bot_variants.coin_flip_models(board, analysis, (0, 0), 5, ENGINE) == 3
    assert bot_variants.coin_flip_models(board, analysis, (2, 0), 5, ENGINE) == 0


@pytest.mark.parametrize("name", sorted(bot_variants.VARIANTS))
def test_each_policy_changes_the_bot_and_plays_a_game_the_same_way_every_time(
    monkeypatch, name
) -> None:
    before = {attribute: getattr(bot, attribute) for attribute in CHANGED}
    for attribute, value in before.items():
        monkeypatch.setattr(bot, attribute, value)
    bot_variants.VARIANTS[name]()
    assert any(getattr(bot, attribute) is not value for attribute, value in before.items())
    outcomes = {play_game(9, 9, 10, "safe", 3) for _ in range(2)}
    assert len(outcomes) == 1 and next(iter(outcomes)).clicks >= 1


def _expert(*opened: tuple[tuple[int, int], str]) -> Board:
    rows = [["?"] * 30 for _ in range(16)]
    for (r, c), shown in opened:
        rows[r][c] = shown
    return Board(tuple("".join(row) for row in rows))


@pytest.mark.parametrize(
    "name, cell", [("guess02", (0, 2)), ("guess12", (1, 2)), ("guess22", (2, 2))]
)
def test_a_first_guess_policy_guesses_its_cell_after_a_corner_digit_and_only_then(
    monkeypatch, name, cell
) -> None:
    for attribute in CHANGED:
        monkeypatch.setattr(bot, attribute, getattr(bot, attribute))
    corner = _expert(((0, 0), "2"))  # the safe rule's first click showed a 2
    later = _expert(((0, 0), "1"), ((0, 29), "1"))  # a later guess: the default's choice stays
    chosen = {corner: [], later: []}
    for policy in (None, name):
        if policy:
            bot_variants.VARIANTS[policy]()
        for board, cells in chosen.items():
            analysis = ENGINE.analyze(board, 99)
            cells.append(bot.choose(board, analysis, 99, frozenset(bot.DEFAULT), ENGINE))
    assert chosen[corner][0] != cell and chosen[corner][1] == cell
    assert chosen[later][1] == chosen[later][0]


@settings(max_examples=60, deadline=None)
@given(positions())
def test_linked_safe_cells_match_enumeration(position) -> None:
    board, mines = position
    models = models_with(board, mines)
    unknown = [cell for cell in board.cells() if board[cell] == "?"]
    for r, c in unknown:
        safe_models = [rows for rows in models if rows[r][c] != "*"]
        if not safe_models:
            continue
        want = {
            (i, j)
            for i, j in unknown
            if (i, j) != (r, c) and all(rows[i][j] != "*" for rows in safe_models)
        }
        chances = bot.digit_chances(board, (r, c), mines, ENGINE)
        assert bot_variants.linked_safe(chances) == want


# Game 1 of seed 900 (safe rule), at a guess: (1,18) can only show a 2 and is safe in 84.7 % of
# the layouts; wherever it is safe, (0,18) is the 1 at (0,17)'s mine, so (4,18) and (4,19), safe
# in 92.4 %, are safe too. The default clicks (1,18) (its progress is certain); `dominate` does not.
SEED_900_GAME_1 = Board(
    (
        "01122**2102*21**11?2??????????",
        "01*2*33*224*323332?2??????????",
        "123321112**3*22*3*324?????????",
        "1*2*2111223322*24*4???????????",
        "1233*22*101*22213*????????????",
        "02*32*2110112*214*????????????",
        "13*211100000223*4*????????????",
        "2*31011101111*214*????????????",
        "3*3111*101*122202**???????????",
        "*23*211101122*2123????????????",
        "123*20000001*23*32????????????",
        "01*210111001112*??2???????????",
        "0111013*20000013??????????????",
        "000001**42101112*?????????????",
        "00000123**211*12??????????????",
        "0000000123*11111??????????????",
    )
)


def test_dominate_clicks_the_safer_cell_that_is_safe_wherever_the_default_choice_is(
    monkeypatch,
) -> None:
    for attribute in CHANGED:
        monkeypatch.setattr(bot, attribute, getattr(bot, attribute))
    board = SEED_900_GAME_1
    analysis = ENGINE.analyze(board, 99)
    ingredients = frozenset(bot.DEFAULT)
    default = bot.choose(board, analysis, 99, ingredients, ENGINE)
    assert default == (1, 18)
    linked = bot_variants.linked_safe(bot.digit_chances(board, default, 99, ENGINE))
    assert {(4, 18), (4, 19)} <= linked
    bot_variants.VARIANTS["dominate"]()
    chosen = bot.choose(board, analysis, 99, ingredients, ENGINE)
    assert chosen in linked
    assert analysis.probabilities[chosen] < analysis.probabilities[default]


def test_nolink_counts_no_progress_for_a_click_whose_only_progress_is_being_safe() -> None:
    board = SEED_900_GAME_1
    analysis = ENGINE.analyze(board, 99)
    # (1,18) can only show a 2; (4,18) can show 4, 5 or 6.
    settles = bot.digit_chances(board, (1, 18), 99, ENGINE, analysis.count)
    assert bot._progress(settles) == 1 - analysis.probabilities[(1, 18)]
    assert bot_variants.progress_beyond(settles) == 0
    tells = bot.digit_chances(board, (4, 18), 99, ENGINE, analysis.count)
    assert not bot_variants.linked_safe(tells)
    assert bot_variants.progress_beyond(tells) == bot._progress(tells) > 0


def test_close_leaves_out_candidates_much_riskier_than_the_safest(monkeypatch) -> None:
    for attribute in CHANGED:
        monkeypatch.setattr(bot, attribute, getattr(bot, attribute))
    board = SEED_900_GAME_1
    analysis = ENGINE.analyze(board, 99)
    risk = analysis.probabilities
    ingredients = frozenset(bot.DEFAULT)
    default = bot.choose(board, analysis, 99, ingredients, ENGINE)
    safest = min(risk.values())
    assert risk[default] > safest + bot_variants.CLOSE_GAP  # the default trades risk for progress
    bot_variants.VARIANTS["close"]()
    kept = bot._candidates(board, risk)
    assert kept and all(risk[cell] <= safest + bot_variants.CLOSE_GAP for cell in kept)
    assert (
        risk[bot.choose(board, analysis, 99, ingredients, ENGINE)]
        <= safest + bot_variants.CLOSE_GAP
    )


@pytest.mark.parametrize("name", ["firstsafe", "midplain"])
def test_a_policy_for_the_first_guess_and_another_for_later_ones_plays_each_where_it_should(
    monkeypatch, name
) -> None:
    # firstsafe: the safest cell first, the default after; midplain: the default first, then
    # the default with no ingredient but the endgame (the safest cell in reading order)
    for attribute in CHANGED:
        monkeypatch.setattr(bot, attribute, getattr(bot, attribute))
    default = [play_game(16, 30, 99, "zero", seed, trace=True) for seed in range(6)]
    default_choose = bot.choose

    def safest(board, analysis):
        probabilities = analysis.probabilities
        return min(probabilities, key=lambda cell: bot._order(board, probabilities, cell))

    def plain(board, analysis):
        return default_choose(board, analysis, 99, frozenset({"endgame"}), ENGINE)

    def usual(board, analysis):
        return default_choose(board, analysis, 99, frozenset(bot.DEFAULT), ENGINE)

    first, later = {"firstsafe": (safest, usual), "midplain": (usual, plain)}[name]
    bot_variants.VARIANTS[name]()
    changed = [play_game(16, 30, 99, "zero", seed, trace=True) for seed in range(6)]
    differs = 0
    for before, after in zip(default, changed):
        if not after.trace:
            assert not before.trace  # no guess: nothing to change
            continue
        for number, guess in enumerate(after.trace):
            analysis = ENGINE.analyze(guess.board, 99)
            assert guess.cell == (first if number == 0 else later)(guess.board, analysis)
            differs += guess.cell != usual(guess.board, analysis)
    assert differs >= 1


def test_defer_guesses_outside_a_small_walled_in_part_where_the_default_guesses_inside(
    monkeypatch,
) -> None:
    for attribute in CHANGED:
        monkeypatch.setattr(bot, attribute, getattr(bot, attribute))
    default_choose = bot.choose
    bot_variants.defer()
    # game 13 (zero rule) is one where the default guesses in a walled-in corner of 4 cells
    outcome = play_game(16, 30, 99, "zero", 13, trace=True)
    inside = 0
    for guess in outcome.trace:
        walled = bot_variants.walled_in(guess.board)
        if not walled or guess.why.startswith("the best chance of winning"):
            continue  # nothing to put off, or the exact search of the endgame chose
        analysis = ENGINE.analyze(guess.board, 99)
        outside = [c for c, p in analysis.probabilities.items() if c not in walled and p < 1]
        assert not outside or guess.cell not in walled
        monkeypatch.setattr(bot, "_candidates", bot_variants._DEFAULT_CANDIDATES)
        default = default_choose(guess.board, analysis, 99, frozenset(bot.DEFAULT), ENGINE)
        inside += default in walled
        bot_variants.defer()
    assert inside >= 1


def test_walled_in_finds_the_small_parts_that_no_digit_ties_to_the_rest() -> None:
    board = Board(("??*?????", "13*?????", "133?????", "????????"))
    assert bot_variants.walled_in(board) == {(0, 0), (0, 1)}
    # with (1,2) unknown the corner joins the rest: one part
    assert bot_variants.walled_in(Board(("??*?????", "13??????", "133?????", "????????"))) == set()
    assert bot_variants.walled_in(Board(("??", "11"))) == set()  # the only part is not put off


def long_term_by_enumeration(board: Board, models) -> dict:
    """`long_term_influence` of every cell with no shape left out, counted on the models."""
    total = len(models)

    def is_mine(rows, cell):
        return rows[cell[0]][cell[1]] == "*"

    def chance(cell):
        return sum(is_mine(rows, cell) for rows in models)

    best, walled = {}, {}
    for kind, cells, walls in bot_variants.coin_flip_shapes(board):
        if any(chance(cell) in (0, total) for cell in cells) or any(not chance(w) for w in walls):
            continue
        layout = (cells[:1], cells[1:]) if kind == "pair" else (cells[::3], cells[1:3])
        way = "block" if kind == "block" else ("across" if cells[0][0] == cells[1][0] else "down")
        formed = sum(
            1
            for rows in models
            if all(is_mine(rows, cell) for cell in (*walls, *layout[0]))
            and not any(is_mine(rows, cell) for cell in layout[1])
        )
        for cell in cells:
            best[cell, way] = max(best.get((cell, way), 0), formed)
        for w in walls:
            walled[w] = walled.get(w, 0) + formed
    found = {}
    for cell in {cell for cell, _ in best} | set(walled):
        influence = sum(best.get((cell, way), 0) for way in ("across", "down", "block"))
        influence += walled.get(cell, 0)
        found[cell] = min(influence, chance(cell), total - chance(cell))
    return {cell: value for cell, value in found.items() if value}


@settings(max_examples=60, deadline=None)
@given(positions())
def test_long_term_influence_matches_enumeration(position) -> None:
    board, mines = position
    models, analysis = analysed(board, mines)
    found = bot_variants.long_term_influence(board, analysis, mines, ENGINE, Fraction(0))
    assert found == long_term_by_enumeration(board, models)  # likely 0: every shape counts


def test_a_block_walled_in_by_a_mine_is_a_coin_flip_for_each_of_its_cells() -> None:
    # mines at (0,0), (1,1), (2,2) or at (0,1), (1,0), (2,2): every digit sees the same count, and
    # the block's one corner square on the board, (2,2), is a mine in both
    board = Board(("??1", "??2", "12?"))
    analysis = ENGINE.analyze(board, 3)
    assert analysis.count == 2 and analysis.probabilities[(2, 2)] == 1
    found = bot_variants.long_term_influence(board, analysis, 3, ENGINE)
    assert found == {(0, 0): 1, (0, 1): 1, (1, 0): 1, (1, 1): 1}


def hotspots_by_enumeration(board: Board, models) -> list:
    """`hotspots` counted on the models: pairs of unknown orthogonal neighbours, the first a mine
    in exactly half the models, no open square next to just one of them, and of those squares
    all but one a mine in every model, that one less than 9/10 safe."""
    total = len(models)

    def mines_at(cell):
        return sum(rows[cell[0]][cell[1]] == "*" for rows in models)

    found = []
    for r, c in board.cells():
        for other in ((r, c + 1), (r + 1, c)):
            if other[0] >= board.height or other[1] >= board.width:
                continue
            if board[r, c] != "?" or board[other] != "?" or 2 * mines_at((r, c)) != total:
                continue
            walls = apart(board, (r, c), other)
            if any(board[d].isdigit() for d in walls):
                continue
            missing = [d for d in walls if mines_at(d) != total]
            if len(missing) == 1 and 10 * (total - mines_at(missing[0])) < 9 * total:
                found.append((missing[0], ((r, c), other)))
    return sorted(found)


def hotspots_both_ways(board: Board, mines: int) -> tuple[list, list]:
    """`hotspots` on the board's analysis, in order, and counted on its models."""
    models, analysis = analysed(board, mines)
    return sorted(bot_variants.hotspots(board, analysis)), hotspots_by_enumeration(board, models)


@pytest.mark.parametrize(
    "rows, mines",
    [
        (("?*?1", "?**1", "????"), 5),  # a pair down the left edge
        (("???", "??*", "2??"), 5),
        (("????", "????", "2?**"), 7),  # the square is 1/3 safe
        (("*??", "?*?"), 4),
        (("???2", "???*", "1??*"), 7),
        (("????", "?*?3", "?4?3", "??*?"), 9),  # 5 walls unknown, 4 of them certain mines
    ],
)
def test_hotspots_match_enumeration_where_there_is_one(rows, mines) -> None:
    found, want = hotspots_both_ways(Board(rows), mines)
    assert found and found == want


@settings(max_examples=80, deadline=None)
@given(positions())
def test_hotspots_match_enumeration(position) -> None:
    found, want = hotspots_both_ways(*position)
    assert found == want  # mostly none: the parametrized boards above have one


def test_a_pair_one_mine_from_a_coin_flip_is_a_hotspot_settled_by_its_cells() -> None:
    # 4 mines: (1,0) and (1,1) marked, one of the pair (0,1), (0,2); (0,0) a mine half the time.
    # If (0,0) is a mine, every square next to just one of the pair is a mine: a coin flip.
    board = Board(("???", "**?"))
    analysis = ENGINE.analyze(board, 4)
    spots = bot_variants.hotspots(board, analysis)
    assert spots == hotspots_by_enumeration(board, models_with(board, 4))
    assert spots == [((0, 0), ((0, 1), (0, 2)))]
    assert bot_variants.hotspot_safety(spots, analysis) == Fraction(3, 4)  # 1/2 safe, else 1/2
    for settles in ((0, 0), (0, 1), (0, 2)):  # the square, or a cell of the pair
        assert bot_variants.hotspot_safety(spots, analysis, settles) == 1
    assert bot_variants.hotspot_safety(spots, analysis, (1, 2)) == Fraction(3, 4)


def hotspot_two_clicks_by_enumeration(board: Board, models, cell, spots) -> Fraction:
    """`hotspot_two_clicks` counted on the models: for each digit `cell` can show, its share of
    the models, times the best safety of another cell among them, times the product over the
    spots `cell` is not in of (1 + its square's safety among them) / 2, over the product over
    every spot on every model (a click that settles a spot gains its share)."""
    r, c = cell

    def survival(among, settled=()):
        chance = Fraction(1)
        for square, pair in spots:
            if square not in settled and not set(pair) & set(settled):
                safe = sum(rows[square[0]][square[1]] != "*" for rows in among)
                chance *= (1 + Fraction(safe, len(among))) / 2
        return chance

    def shows(rows):
        return sum(rows[i][j] == "*" for i, j in board.neighbours(cell))

    others = [o for o in board.cells() if board[o] == "?" and o != cell]
    total = Fraction(0)
    for digit in sorted({shows(rows) for rows in models if rows[r][c] != "*"}):
        among = [rows for rows in models if rows[r][c] != "*" and shows(rows) == digit]
        best = max(
            (Fraction(sum(rows[i][j] != "*" for rows in among), len(among)) for i, j in others),
            default=Fraction(1),
        )
        total += Fraction(len(among), len(models)) * best * survival(among, [cell])
    return total / survival(models)


@pytest.mark.parametrize(
    "rows, mines",
    [(("???", "**?"), 4), (("?*?1", "?**1", "????"), 5), (("???2", "???*", "1??*"), 7)],
)
def test_hotspot_two_clicks_match_enumeration(rows, mines) -> None:
    board = Board(rows)
    models, analysis = analysed(board, mines)
    spots = bot_variants.hotspots(board, analysis)
    before = bot_variants.hotspot_safety(spots, analysis)
    scaled = False
    for cell in analysis.probabilities:
        if analysis.probabilities[cell] == 1:
            continue
        chances = bot.digit_chances(board, cell, mines, ENGINE, analysis.count)
        found = bot_variants.hotspot_two_clicks(chances, spots, cell, before)
        assert found == hotspot_two_clicks_by_enumeration(board, models, cell, spots)
        scaled |= found != bot._two_clicks(chances)
    assert spots and scaled  # the hotspots change some cell's worth


def test_hotspot_chooses_by_the_scaled_two_clicks_and_progress(monkeypatch) -> None:
    # The first guess of game 51 (safe rule): the pair (14,18), (15,18) is walled in but for
    # (13,19), and what some candidates show changes the chance that (13,19) is a mine.
    board = play_game(16, 30, 99, "safe", 51, trace=True).trace[0].board
    analysis = ENGINE.analyze(board, 99)
    assert bot_variants.hotspots(board, analysis) == [((13, 19), ((14, 18), (15, 18)))]
    worth, scaled = {}, bot_variants.hotspot_two_clicks

    def seen(chances, spots, cell, before):
        value = scaled(chances, spots, cell, before)
        worth[cell] = value + bot.PROGRESS_WEIGHT * bot._progress(chances)
        return value

    monkeypatch.setattr(bot_variants, "hotspot_two_clicks", seen)
    chosen = bot_variants._hotspot_most_useful(board, analysis, 99, frozenset(bot.DEFAULT), ENGINE)
    assert set(worth) == set(bot._candidates(board, analysis.probabilities))
    assert len(worth) > 1 and worth[chosen] == max(worth.values())
