"""generate game: dealt boards keep their promises (first click, zero start, no guess), the same
seed gives the same board, and what cannot be dealt is one clear error."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logicmines.deal import (
    PRESETS,
    DealError,
    Draw,
    deal,
    game_lines,
    game_record,
    parse_size,
)
from logicmines.output import DealingProgress
from logicmines.parse import parse_boards
from logicmines.solvable import solvable


def mines_of(board) -> set:
    return {cell for cell in board.cells() if board[cell] == "M"}


@st.composite
def deals(draw, most_cells: int = 64):
    """Options for a small deal: size, mines (at most what fits), first click, seed."""
    height = draw(st.integers(1, 8))
    width = draw(st.integers(1, max(1, most_cells // height)))
    first = (draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1)))
    zero_start = draw(st.booleans())
    kept = 1
    if zero_start:
        r, c = first
        kept = (min(height, r + 2) - max(0, r - 1)) * (min(width, c + 2) - max(0, c - 1))
    mines = draw(st.integers(0, height * width - kept))
    seed = draw(st.integers(0, 2**64 - 1))
    return height, width, mines, first, zero_start, seed


@settings(max_examples=200, deadline=None)
@given(deals())
def test_a_dealt_game_has_its_mines_and_keeps_the_first_click_safe(options):
    height, width, mines, first, zero_start, seed = options
    game = deal(height, width, mines, first=first, zero_start=zero_start, seed=seed)
    layout = mines_of(game.board)
    assert (game.board.height, game.board.width) == (height, width)
    assert len(layout) == mines and first not in layout
    if zero_start:
        assert not layout & {first, *game.board.neighbours(first)}


@settings(max_examples=120, deadline=None)
@given(
    st.integers(4, 8),
    st.integers(4, 8),
    st.floats(0.0, 0.25),
    st.booleans(),
    st.integers(0, 2**64 - 1),
    st.data(),
)
def test_every_no_guess_game_is_won_by_solvable_from_its_first_click(
    height, width, density, zero_start, seed, data
):
    first = (data.draw(st.integers(0, height - 1)), data.draw(st.integers(0, width - 1)))
    mines = round(height * width * density)
    game = deal(height, width, mines, first=first, zero_start=zero_start, no_guess=True, seed=seed)
    layout = mines_of(game.board)
    assert len(layout) == mines and first not in layout
    if zero_start:
        assert not layout & {first, *game.board.neighbours(first)}
    assert solvable(game.board, first, mines).won


@pytest.mark.parametrize("no_guess", [False, True])
def test_the_same_seed_and_options_give_the_same_board(no_guess):
    one = deal(16, 30, 99, no_guess=no_guess, zero_start=True, seed=12)
    two = deal(16, 30, 99, no_guess=no_guess, zero_start=True, seed=12)
    other = deal(16, 30, 99, no_guess=no_guess, zero_start=True, seed=13)
    assert one == two
    assert one.board != other.board


def test_the_generator_contract_is_pinned():
    # The seeded sequence docs/generate.md promises: if this changes, every seed's board changes.
    draw = Draw(0)
    assert [draw.below(100) for _ in range(5)] == [84, 75, 42, 25, 51]
    assert Draw(7).shuffled(list(range(8))) == [2, 0, 5, 3, 6, 4, 1, 7]
    assert deal(9, 9, 10, seed=1).board.rows == (
        "EEEEEEEEE",
        "EMMEEMEEE",
        "EEEEMEEEE",
        "EEEEEEEEE",
        "EEMEEEMEE",
        "EEEEEEEEE",
        "EMEEEEEEM",
        "EEMEEMEEE",
        "EEEEEEEEE",
    )


def test_draw_sample_takes_distinct_items_of_the_list():
    draw = Draw(3)
    picked = draw.sample(range(50), 20)
    assert len(set(picked)) == 20 and set(picked) <= set(range(50))


def test_an_expert_no_guess_game_is_won_by_solvable():
    game = deal(*PRESETS["expert"], no_guess=True, zero_start=True, seed=5)
    assert game.first == (8, 15)
    assert solvable(game.board, game.first, 99).won


def test_a_no_guess_deal_tells_its_progress_after_each_move_and_deals_the_same_game():
    told: list[tuple[int, int]] = []
    game = deal(*PRESETS["expert"], no_guess=True, seed=5, progress=lambda *a: told.append(a))
    assert game.moves > 0 and told == [(n, 4 * 16 * 30) for n in range(1, game.moves + 1)]
    assert game == deal(*PRESETS["expert"], no_guess=True, seed=5)
    deal(9, 9, 10, seed=5, progress=lambda *a: told.append(a))  # no mine moved: not told
    assert len(told) == game.moves


def test_the_dealing_progress_line_counts_moves_and_time_and_is_erased():
    now = [0.0]
    screen = io.StringIO()
    screen.isatty = lambda: True  # type: ignore[method-assign]
    progress = DealingProgress(screen, clock=lambda: now[0])
    progress(3, 1000)  # within the first second: nothing
    now[0] = 125.0
    progress(1, 360_000)
    progress.end()
    assert screen.getvalue() == (
        "\rgenerate game: 1 mine moved for a game that needs no guess (it gives up after "
        "360,000), 2 min so far\x1b[K\r\x1b[K"
    )


def test_the_dealing_line_is_drawn_before_the_first_move_and_the_ticker_stops():
    # A big board's first play takes seconds before any mine moves: the ticker draws the line
    # meanwhile, without the most moves until the deal has said it.
    now = [0.0]
    screen = io.StringIO()
    screen.isatty = lambda: True  # type: ignore[method-assign]
    progress = DealingProgress(screen, clock=lambda: now[0])
    now[0] = 1.5
    progress.tick()
    assert screen.getvalue() == (
        "\rgenerate game: 0 mines moved for a game that needs no guess, 2 s so far\x1b[K"
    )
    now[0] = 4.0
    progress(2, 360_000)
    now[0] = 5.0
    progress.tick()  # no move since: the time goes on
    assert screen.getvalue().endswith("(it gives up after 360,000), 5 s so far\x1b[K")
    progress.begin()
    assert progress.ticker is not None and progress.ticker.is_alive()
    ticker = progress.ticker
    progress.end()
    assert not ticker.is_alive() and screen.getvalue().endswith("\r\x1b[K")


def test_no_ticker_where_stderr_is_not_a_terminal():
    progress = DealingProgress(io.StringIO())
    progress.begin()
    assert progress.ticker is None
    progress.end()


def test_the_printed_game_reads_back_as_the_same_board():
    game = deal(9, 9, 10, no_guess=True, seed=2)
    lines = game_lines(game)
    assert lines[0] == "# 9x9, 10 mines, first click 4,4 (no guess), seed 2"
    [board] = parse_boards("\n".join(lines) + "\n")
    assert board.rows == game.board.rows and board.kind == "game"
    record = game_record(game)
    assert record["rows"] == list(game.board.rows) and record["first"] == [4, 4]
    assert record["no_guess"] is True and record["mines"] == 10


@pytest.mark.parametrize(
    "text, size",
    [
        ("beginner", (9, 9, 10)),
        ("Intermediate", (16, 16, 40)),
        ("expert", (16, 30, 99)),
        ("16x30", (16, 30, None)),
        ("5X7", (5, 7, None)),
    ],
)
def test_sizes_are_hxw_or_a_preset(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: parse_size("16 by 30"), "a size is HxW (like 16x30) or one of beginner"),
        (lambda: parse_size("0x5"), "at least one row and one column, not 0x5"),
        (lambda: parse_size("2000x2000"), "2000x2000 has more than 1,000,000 cells"),
        (lambda: deal(3, 3, 9), "3x3 holds at most 8 mines with the first click at (1,1) kept"),
        (lambda: deal(4, 4, 8, zero_start=True), "4x4 holds at most 7 mines with a zero start"),
        (lambda: deal(3, 3, 1, first=(3, 0)), "first click (3,0) is outside the board"),
        (lambda: deal(3, 3, -1), "cannot be negative"),
        (lambda: deal(3, 3, 1, seed=-1), "a seed is a whole number from 0"),
        (lambda: deal(3, 3, 1, seed=2**64), "from 0 to 2**64 - 1, not 18446744073709551616"),
    ],
)
def test_what_cannot_be_dealt_is_one_clear_error(call, message):
    with pytest.raises(DealError) as raised:
        call()
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: parse_size(16), TypeError, "parse_size needs a size as text, like '16x30'"),
        (lambda: parse_size(None), TypeError, "not None"),
        # the limit is checked though a deal that moves no mine never reads it
        (lambda: deal(5, 5, 3, timeout=-1), DealError, "a timeout is a positive number"),
        (lambda: deal(5, 5, 3, timeout="1"), TypeError, "a timeout is a number of seconds"),
        # a flag by its truth would read "no" as yes
        (lambda: deal(3, 3, 1, no_guess="no"), TypeError, "deal: no_guess must be True or False"),
        (lambda: deal(3, 3, 1, zero_start=1), TypeError, "deal: zero_start must be True or False"),
        (lambda: deal(3, 3, 1, progress=3), TypeError, "deal: progress must be a function or None"),
    ],
)
def test_arguments_of_the_wrong_kind_are_refused_whatever_the_path(call, error, message):
    with pytest.raises(error, match=re.escape(message)):
        call()


def test_a_no_guess_deal_that_cannot_be_found_says_so():
    # The first click shows a 2 and the other three squares hold two mines: whichever they are,
    # nothing tells the safe one apart.
    with pytest.raises(DealError, match="none of its 3 layouts does"):
        deal(2, 2, 2, first=(0, 0), no_guess=True)


@pytest.mark.parametrize(("height", "width", "mines"), [(3, 4, 4), (2, 5, 3), (4, 4, 8), (2, 6, 5)])
def test_a_small_board_with_a_no_guess_game_gets_one_when_moving_mines_gives_up(
    height, width, mines
):
    # Moving mines circled among layouts that all need a guess (3x4 with 4 mines: 19 of its 330
    # layouts need none); every layout is then played, in an order drawn from the seed.
    for seed in range(3):
        game = deal(height, width, mines, no_guess=True, seed=seed)
        assert solvable(game.board, game.first, mines).won
        assert game == deal(height, width, mines, no_guess=True, seed=seed)


def test_the_game_found_after_the_moves_give_up_is_pinned():
    # The moves stop at 200 (4 a square, and at least 200); the layouts are then played in an
    # order drawn from the seed. Like every seeded deal, this board must not change.
    game = deal(3, 4, 4, no_guess=True, seed=0)
    assert (game.board.rows, game.first, game.moves) == (("EMEM", "EEEE", "EMEM"), (1, 2), 200)


def test_a_small_board_with_no_no_guess_game_says_so_having_played_every_layout():
    with pytest.raises(DealError) as refused:
        deal(1, 5, 3, no_guess=True, seed=0)
    assert str(refused.value) == (
        "no game of 1x5 with 3 mines needs no guess from (0,2): none of its 4 layouts does"
    )


def test_a_big_board_the_moves_give_up_on_says_to_try_another_seed_or_count():
    with pytest.raises(DealError) as refused:
        deal(6, 6, 30, no_guess=True, seed=0)
    assert str(refused.value) == (
        "no game of 6x6 with 30 mines that needs no guess was found after moving 200 mines: "
        "try another seed, or another number of mines"
    )
