"""The autoplay bot: its guesses against plain enumeration, and its play against the judge."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import models_with, position, positions

from logicmines import bot
from logicmines.backends import make_backend
from logicmines.board import Board
from logicmines.bot import (
    INGREDIENTS,
    choose,
    digit_chances,
    endgame_choice,
    first_click,
    play_game,
    progress_chance,
    two_click_chance,
    win_chance,
)
from logicmines.deal import DealError, deal
from logicmines.solvable import solvable

ENGINE = make_backend("kanren")


def around(board: Board, cell, rows) -> int:
    return sum(rows[r][c] == "*" for r, c in board.neighbours(cell))


def by_digit(board: Board, cell, models) -> dict[int, list[tuple[str, ...]]]:
    """The models where `cell` is safe, by the digit it shows in them."""
    split: dict[int, list[tuple[str, ...]]] = {}
    for rows in models:
        if rows[cell[0]][cell[1]] != "*":
            split.setdefault(around(board, cell, rows), []).append(rows)
    return split


POSITIONS = [
    (Board(("1??", "???", "???")), 2),
    (Board(("01??", "12??", "????")), 3),
    (Board(("??1?", "?*2?", "????", "1???")), 4),
]


@pytest.mark.parametrize(("board", "mines"), POSITIONS)
def test_digit_chances_match_enumeration(board: Board, mines: int) -> None:
    models = models_with(board, mines)
    for cell in (c for c in board.cells() if board[c] == "?"):
        chances = digit_chances(board, cell, mines, ENGINE)
        split = by_digit(board, cell, models)
        assert sorted(chances) == sorted(split)
        for digit, showing in split.items():
            chance, after = chances[digit]
            assert chance == Fraction(len(showing), len(models))
            unknown = [c for c in board.cells() if board[c] == "?" and c != cell]
            safe = [c for c in unknown if all(rows[c[0]][c[1]] != "*" for rows in showing)]
            assert after.safe == safe


@settings(max_examples=150, deadline=None)
@given(positions())
def test_digit_chances_match_enumeration_on_random_positions(position) -> None:
    # Every digit a cell could show is asked of the engine, among them digits no layout allows
    # (a neighbour's digit then needs more mines, or fewer, than it can have): those are left out.
    board, mines = position
    models = models_with(board, mines)
    for cell in (c for c in board.cells() if board[c] == "?"):
        chances = digit_chances(board, cell, mines, ENGINE)
        split = by_digit(board, cell, models)
        assert {d: chance for d, (chance, _) in chances.items()} == {
            d: Fraction(len(showing), len(models)) for d, showing in split.items()
        }
        for digit, (_, after) in chances.items():
            assert after.count == len(split[digit])


@pytest.mark.parametrize(("board", "mines"), POSITIONS)
def test_progress_chance_is_the_share_of_models_where_something_is_then_forced(
    board: Board, mines: int
) -> None:
    models = models_with(board, mines)
    unknown = [c for c in board.cells() if board[c] == "?"]
    for cell in unknown:
        useful = 0
        others = [c for c in unknown if c != cell]
        for showing in by_digit(board, cell, models).values():
            if any(all(rows[c[0]][c[1]] != "*" for rows in showing) for c in others):
                useful += len(showing)
        assert progress_chance(board, cell, mines, ENGINE) == Fraction(useful, len(models))


@pytest.mark.parametrize(("board", "mines"), POSITIONS)
def test_two_click_chance_is_the_share_of_models_that_survive_the_click_and_the_safest_next(
    board: Board, mines: int
) -> None:
    models = models_with(board, mines)
    unknown = [c for c in board.cells() if board[c] == "?"]
    for cell in unknown:
        surviving = 0
        others = [c for c in unknown if c != cell]
        for showing in by_digit(board, cell, models).values():
            # the next click: the cell safe in the most of these models (all of them if forced)
            safe_next = max(
                (sum(rows[c[0]][c[1]] != "*" for rows in showing) for c in others),
                default=len(showing),
            )
            surviving += safe_next
        assert two_click_chance(board, cell, mines, ENGINE) == Fraction(surviving, len(models))


def test_lookahead_passes_over_a_dead_cell_for_an_equally_safe_one_that_tells_something() -> None:
    # (0,1) is as safe as (1,0) and (1,1) (1/3 each), but dead: the 1 at (0,0) leaves exactly one
    # mine in (1,0) and (1,1) whenever (0,1) is safe, so it can only show 2 and settles nothing.
    board, mines = Board(("1??2", "??4?", "????")), 5
    analysis = ENGINE.analyze(board, mines)
    safest = min(analysis.probabilities.values())
    assert [analysis.probabilities[c] for c in [(0, 1), (1, 0), (1, 1)]] == [safest] * 3
    assert list(digit_chances(board, (0, 1), mines, ENGINE)) == [2]
    assert two_click_chance(board, (0, 1), mines, ENGINE) < two_click_chance(
        board, (1, 0), mines, ENGINE
    )
    assert choose(board, analysis, mines, frozenset(), ENGINE) == (0, 1)  # reading order
    assert choose(board, analysis, mines, frozenset({"lookahead"}), ENGINE) in {(1, 0), (1, 1)}


@pytest.mark.parametrize(
    ("rows", "mines", "said"),
    [
        # both unknown cells touch no digit and have the same neighbourhood: one is weighed
        (("****", "*??*", "****"), 11, r"the safest cell, weighed for 1 other cell as safe, "),
        # every unknown cell touches a digit, and all are as safe: all six weighed
        (("1??1", "????"), 2, r"of 6 cells nearly as safe as the safest: "),
        # 24 alike but for their neighbourhoods (corner, edge, inside): three weighed
        (("??????",) * 4, 3, r"of 3 cells weighed for the 24 nearly as safe as the safest: "),
    ],
)
def test_the_reason_counts_the_cells_weighed_and_those_they_stand_for(rows, mines, said) -> None:
    from logicmines import bot

    board = Board(rows)
    analysis = ENGINE.analyze(board, mines)
    bot._said.last = None
    cell = choose(board, analysis, mines, frozenset({"progress", "lookahead"}), ENGINE)
    assert bot._said.last is not None and bot._said.last[0] == cell
    assert re.search(said, bot._said.last[1]), bot._said.last[1]


def test_win_chance_of_a_fifty_fifty_is_a_half() -> None:
    board = Board(("1??1",))  # one mine in the middle pair, either cell
    unknown = [(0, 1), (0, 2)]
    chance, cell = win_chance(board, unknown, [frozenset({(0, 1)}), frozenset({(0, 2)})])
    assert chance == Fraction(1, 2)
    assert cell in unknown


def test_win_chance_of_one_mine_in_three_cells_is_two_thirds_from_an_end() -> None:
    # An end cell is safe in 2 of 3 layouts and its digit then tells the other two apart; the
    # middle one is as safe but shows 1 either way, leaving a fifty-fifty.
    board = Board(("???",))
    unknown = list(board.cells())
    chance, cell = win_chance(board, unknown, [frozenset({cell}) for cell in unknown])
    assert chance == Fraction(2, 3)
    assert cell in {(0, 0), (0, 2)}


def test_win_chance_uses_a_free_cell_that_tells_layouts_apart() -> None:
    board = Board(("???", "???"))
    unknown = list(board.cells())
    a = frozenset({(0, 0)})
    b = frozenset({(0, 0), (1, 0)})
    # (0,1) is safe in both and shows 1 or 2: the layouts are told apart for free.
    chance, cell = win_chance(board, unknown, [a, b])
    assert chance == 1
    assert cell == (0, 1)


def best_play(board: Board, layouts: list[frozenset], opened: frozenset) -> Fraction:
    """The chance of winning with the best clicks, by plain recursion: any cell not yet clicked
    and not a mine in every layout may be clicked; it shows the mines around it."""
    if len(layouts) == 1:
        return Fraction(1)
    best = Fraction(0)
    for cell in board.cells():
        if board[cell] != "?" or cell in opened or all(cell in m for m in layouts):
            continue
        shown: dict[int, list] = {}
        for mines in layouts:
            if cell not in mines:
                shown.setdefault(sum(n in mines for n in board.neighbours(cell)), []).append(mines)
        chance = sum(
            len(same) * best_play(board, same, opened | {cell}) for same in shown.values()
        ) / len(layouts)
        best = max(best, chance)
    return best


@pytest.mark.parametrize(("board", "mines"), POSITIONS[:2])
def test_win_chance_is_the_best_plays_chance_by_plain_recursion(board: Board, mines: int) -> None:
    unknown = [c for c in board.cells() if board[c] == "?"]
    layouts = [
        frozenset(c for c in unknown if rows[c[0]][c[1]] == "*")
        for rows in models_with(board, mines)
    ]
    chance, cell = win_chance(board, unknown, layouts)
    assert chance == best_play(board, layouts, frozenset())
    assert 0 < chance < 1


@st.composite
def small_positions(draw) -> tuple[Board, int]:
    """A small board with a random layout, some of its safe squares open: the position and its
    mine total."""
    height = draw(st.integers(1, 3))
    width = draw(st.integers(2, 4))
    cells = [(r, c) for r in range(height) for c in range(width)]
    mines = draw(st.sets(st.sampled_from(cells), max_size=min(5, len(cells) - 1)))
    free = [c for c in cells if c not in mines]
    # At most six squares left unknown: the plain recursion tries every order of clicks.
    opened = draw(st.sets(st.sampled_from(free), min_size=max(0, min(len(free), len(cells) - 6))))
    return position(height, width, mines, opened), len(mines)


@settings(max_examples=300, deadline=None)
@given(small_positions())
def test_win_chance_is_the_best_plays_chance_on_random_positions(position) -> None:
    # The search's masks, free clicks and cut-off against the plain recursion over every click.
    board, mines = position
    unknown = [c for c in board.cells() if board[c] == "?"]
    layouts = [
        frozenset(c for c in unknown if rows[c[0]][c[1]] == "*")
        for rows in models_with(board, mines)
    ]
    chance, cell = win_chance(board, unknown, layouts)
    assert chance == best_play(board, layouts, frozenset())
    if len(layouts) > 1:  # the first click is one of that play's: its chance is the same
        assert cell in unknown and any(cell not in layout for layout in layouts)


def test_win_chance_against_plain_play_out_on_a_small_position() -> None:
    # Brute force: with every layout as likely, no strategy wins more often than the safest cell
    # can keep it alive, and the search's first click is never a cell that is a mine everywhere.
    board, mines = POSITIONS[0]
    models = models_with(board, mines)
    unknown = [c for c in board.cells() if board[c] == "?"]
    layouts = [frozenset(c for c in unknown if rows[c[0]][c[1]] == "*") for rows in models]
    chance, cell = win_chance(board, unknown, layouts)
    safest = max(sum(c not in layout for layout in layouts) for c in unknown) / len(layouts)
    assert 0 < chance <= safest
    assert any(cell not in layout for layout in layouts)


@pytest.mark.parametrize(("rule", "mines"), [("safe", 5), ("zero", 7)])
def test_the_bot_never_clicks_a_known_mine_and_guesses_only_when_nothing_is_forced(
    rule: str, mines: int
) -> None:
    # An engine sharing no code with the bot's (clingo's answer sets) checks every guess.
    judge = make_backend("clingo")
    guesses = 0
    for seed in range(8):
        outcome = play_game(6, 6, mines, rule, seed, trace=True)
        assert len(outcome.trace) == outcome.guesses
        for guess in outcome.trace:
            analysis = judge.analyze(guess.board, mines)
            assert analysis.safe == [], (seed, guess.cell)
            assert analysis.probabilities[guess.cell] < 1
            assert analysis.probabilities[guess.cell] == guess.risk
        guesses += outcome.guesses
    assert guesses > 0  # the check was exercised


def test_the_bot_wins_without_guessing_every_game_the_judge_wins_by_logic() -> None:
    won_by_logic = 0
    for seed in range(12):
        first = first_click(9, 9, 10, "safe")
        game = deal(9, 9, 10, first=first, seed=seed)
        outcome = play_game(9, 9, 10, "safe", seed)
        if solvable(game.board, first, 10).won:
            won_by_logic += 1
            assert outcome.won and outcome.guesses == 0, seed
        else:
            assert outcome.guesses > 0
    assert won_by_logic > 0


@pytest.mark.parametrize("ingredients", [(), ("tiebreak",), INGREDIENTS])
def test_a_game_is_the_same_every_time_it_is_played(ingredients) -> None:
    first = [play_game(9, 9, 10, "zero", seed, ingredients) for seed in range(4)]
    again = [play_game(9, 9, 10, "zero", seed, ingredients) for seed in range(4)]
    assert first == again


def test_tiebreak_takes_the_equally_safe_cell_with_fewest_unknown_neighbours() -> None:
    # Every unknown square is a mine at 1 in 5; (0,1) comes first in reading order with four
    # unknown neighbours, (1,0) has two.
    board = Board(("*??", "???"))
    analysis = ENGINE.analyze(board, 2)
    assert choose(board, analysis, 2, frozenset({"tiebreak"}), ENGINE) == (1, 0)
    assert choose(board, analysis, 2, frozenset(), ENGINE) == (0, 1)


def test_the_endgame_search_takes_as_many_layouts_as_its_limit(monkeypatch) -> None:
    board = Board(("???",))  # one mine: three layouts
    analysis = ENGINE.analyze(board, 1)
    monkeypatch.setattr(bot, "ENDGAME_LAYOUTS", 3)
    assert endgame_choice(board, analysis, 1, ENGINE) == (0, 0)
    monkeypatch.setattr(bot, "ENDGAME_LAYOUTS", 2)
    assert endgame_choice(board, analysis, 1, ENGINE) is None


def test_first_clicks() -> None:
    assert first_click(16, 30, 99, "safe") == (0, 0)
    assert first_click(16, 30, 99, "zero") == (3, 3)  # more than 18 % mines: one square further in
    assert first_click(16, 16, 40, "zero") == (2, 2)
    assert first_click(9, 9, 10, "zero") == (2, 2)
    assert first_click(2, 2, 0, "zero") == (1, 1)
    assert first_click(3, 3, 2, "zero") == (2, 2)  # dense, but the board ends at (2,2)
    assert first_click(10, 10, 18, "zero") == (2, 2)  # 18 % exactly is not denser than 18 %
    assert first_click(10, 10, 19, "zero") == (3, 3)


@pytest.mark.parametrize(
    "changed, error, said",
    [
        # "Safe" played the zero rule's first click without its 3x3 kept clear; "progress" was
        # read as letters and ["nope"] taken, both playing the baseline
        ({"rule": "Safe"}, ValueError, "play_game: rule is one of safe, zero, not 'Safe'"),
        ({"rule": 0}, TypeError, "play_game: rule is a str, one of safe, zero, not int 0"),
        ({"ingredients": "progress"}, TypeError, "play_game: ingredients are names in a list or "
         "tuple, like ('progress',), not one string 'progress'"),
        ({"ingredients": "lookahead,endgame"}, TypeError, "play_game: ingredients are names in a "
         "list or tuple, like ('progress',), not one string 'lookahead,endgame'"),
        ({"ingredients": ["nope"]}, ValueError, "play_game: no ingredient 'nope'; the ingredients "
         "are tiebreak, progress, lookahead, endgame"),
        ({"ingredients": ("progress", 1)}, TypeError, "play_game: an ingredient is a name, a str, "
         "not int 1"),
        ({"ingredients": 5}, TypeError, "play_game: ingredients are names in a list or tuple "
         "(None: all of them), not int 5"),
        ({"backend": None}, TypeError, "play_game: backend is an engine's name, one of kanren, "),
        ({"backend": "minisat"}, ValueError, "play_game: no engine 'minisat'; the engines are "),
        # a ZeroDivisionError and a raw Fraction TypeError, before
        ({"height": 0}, DealError, "play_game: a board has at least one row and one column, not "
         "0x5"),
        ({"height": "5"}, TypeError, "play_game: height must be a whole number, not str '5'"),
        ({"width": 5.0}, TypeError, "play_game: width must be a whole number, not float 5.0"),
        ({"mines": None}, TypeError, "play_game: mines must be a whole number, not NoneType"),
        ({"seed": "7"}, TypeError, "play_game: seed must be a whole number, not str '7'"),
        ({"seed": -1}, DealError, "play_game: a seed is a whole number from 0 to 2**64 - 1, not "
         "-1"),
        ({"width": 2000, "height": 1000}, DealError, "play_game: 1000x2000 has more than "),
        ({"mines": 25}, DealError, "play_game: 5x5 holds at most 16 mines with a zero start at "
         "(3,3) (its 9 squares kept clear), not 25"),
    ],
)  # fmt: skip
def test_play_game_refuses_bad_arguments_in_one_line(changed, error, said) -> None:
    arguments = {"height": 5, "width": 5, "mines": 3, "rule": "zero", "seed": 7, **changed}
    with pytest.raises(error) as refused:
        play_game(**arguments)
    assert str(refused.value).startswith(said)
    assert "\n" not in str(refused.value)


def test_play_game_refuses_mines_that_do_not_fit_in_deal_s_words() -> None:
    for size, rule in [((5, 5, 25), "safe"), ((16, 30, 472), "zero"), ((2, 2, 1), "zero")]:
        with pytest.raises(DealError) as dealt:
            deal(*size, first=first_click(*size, rule), zero_start=rule == "zero")
        with pytest.raises(DealError) as refused:
            play_game(*size, rule, 0)
        assert str(refused.value) == f"play_game: {dealt.value}"


def test_play_game_takes_none_for_every_ingredient_and_any_iterable_of_names() -> None:
    everything = [play_game(9, 9, 10, "zero", seed) for seed in range(3)]
    assert [play_game(9, 9, 10, "zero", seed, None) for seed in range(3)] == everything
    assert [play_game(9, 9, 10, "zero", seed, list(INGREDIENTS)) for seed in range(3)] == everything
    chosen = [play_game(9, 9, 10, "safe", seed, ("endgame", "tiebreak")) for seed in range(3)]
    again = [play_game(9, 9, 10, "safe", seed, iter(["tiebreak", "endgame"])) for seed in range(3)]
    assert again == chosen
    # the edges of what is accepted: every square but the click mined, the largest seed
    assert play_game(5, 5, 24, "safe", 2**64 - 1).won
    assert play_game(3, 3, 5, "zero", 0, ()).won
