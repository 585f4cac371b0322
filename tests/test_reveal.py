"""The game's click rules (docs/rules.md): what one click, and a game of clicks, does to a board."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from logicmines.board import Board
from logicmines.reveal import RevealError, exploded, parse_click, play, reveal, status


def game(text: str) -> Board:
    return Board.from_text(text, kind="game")


# --- the examples in docs/rules.md ------------------------------------------------------------


def test_rules_example_a_blank_click_floods_to_the_digits():
    board = game("EEEEE / EEMEE / EEEEE / EEEEE")
    assert reveal(board, (3, 0)) == game("B1E1B / B1M1B / B111B / BBBBB")


def test_rules_example_a_click_on_the_mine_explodes_it():
    board = game("B1E1B / B1M1B / B111B / BBBBB")
    assert reveal(board, (1, 2)) == game("B1E1B / B1X1B / B111B / BBBBB")


# --- single clicks ----------------------------------------------------------------------------


def test_one_row_board_opens_up_to_the_digit_beside_the_mine():
    assert reveal(game("EEEEME"), (0, 0)) == game("BBB1ME")


def test_one_column_board_opens_up_to_the_digit_beside_the_mine():
    assert reveal(game("E / E / E / M / E"), (0, 0)) == game("B / B / 1 / M / E")


def test_one_square_board_without_a_mine_becomes_blank_and_won():
    after = reveal(game("E"), (0, 0))
    assert after == game("B")
    assert status(after) == "won"


def test_click_next_to_a_mine_shows_its_digit_and_opens_nothing_else():
    board = game("EEE / EME / EEE")
    assert reveal(board, (0, 0)) == game("1EE / EME / EEE")


def test_digit_counts_every_neighbouring_mine():
    board = game("MMM / MEM / MMM")
    assert reveal(board, (1, 1)) == game("MMM / M8M / MMM")


def test_click_on_a_mine_shows_x_and_the_game_is_lost():
    after = reveal(game("EE / EM"), (1, 1))
    assert after == game("EE / EX")
    assert status(after) == "lost"


def test_flood_stops_at_already_revealed_squares_and_leaves_them_alone():
    board = game("EEEE / 1EEE / MEEE")
    assert reveal(board, (0, 3)) == game("BBBB / 11BB / M1BB")


def test_reveal_returns_a_new_board_and_leaves_the_input_unchanged():
    board = game("EEEEE / EEMEE / EEEEE / EEEEE")
    rows = board.rows
    after = reveal(board, (3, 0))
    assert board.rows == rows == ("EEEEE", "EEMEE", "EEEEE", "EEEEE")
    assert after is not board


def test_reveal_keeps_the_board_kind_and_how_it_was_written():
    board = Board(("EE", "EM"), kind="game", form="brackets", quote="'", source="b.txt", line=7)
    after = reveal(board, (0, 0))
    assert (after.kind, after.form, after.quote, after.source, after.line) == (
        "game",
        "brackets",
        "'",
        "b.txt",
        7,
    )


# --- status -----------------------------------------------------------------------------------


def test_status_is_playing_while_a_safe_square_is_unrevealed():
    assert status(game("1E / MM")) == "playing"


def test_status_is_won_when_only_mines_are_unrevealed():
    assert status(game("1M / 11")) == "won"


def test_status_is_lost_when_a_mine_is_revealed_even_if_nothing_else_is_left():
    assert status(game("1X / 11")) == "lost"


# --- games of several clicks ------------------------------------------------------------------


def test_a_game_of_clicks_that_opens_every_safe_square_is_won():
    board = game("EEME / EEEE / MEEE")
    after = play(board, [(0, 0), (0, 3), (2, 3)])
    assert after == game("B1M1 / 1211 / M1BB")
    assert status(after) == "won"


def test_play_with_no_clicks_returns_the_board_as_it_was():
    board = game("EM")
    assert play(board, []) == board


def test_play_applies_clicks_in_order():
    board = game("EEEEE / EEMEE / EEEEE / EEEEE")
    after = play(board, [(3, 0), (1, 2)])
    assert after == game("B1E1B / B1X1B / B111B / BBBBB")


# --- broken promises --------------------------------------------------------------------------


def test_click_below_the_board_is_an_error_naming_its_size():
    with pytest.raises(
        RevealError, match=r"click \(5,0\) is outside the board \(4 rows x 5 columns\)"
    ):
        reveal(game("EEEEE / EEMEE / EEEEE / EEEEE"), (5, 0))


def test_click_right_of_the_board_is_an_error():
    with pytest.raises(RevealError, match=r"outside the board \(1 row x 2 columns\)"):
        reveal(game("EM"), (0, 2))


def test_negative_click_is_outside_the_board_not_counted_from_the_end():
    with pytest.raises(RevealError, match="outside the board"):
        reveal(game("EE / EM"), (-1, 0))


def test_click_on_a_revealed_blank_is_an_error_saying_it_is_blank():
    with pytest.raises(RevealError, match=r"click \(0,0\) .*already revealed.*blank"):
        reveal(game("BB / 11 / EM"), (0, 0))


def test_click_on_a_revealed_digit_is_an_error_saying_which_digit():
    with pytest.raises(RevealError, match=r"click \(1,1\) .*already revealed.*digit 1"):
        reveal(game("BB / 11 / EM"), (1, 1))


def test_of_several_clicks_the_one_refused_is_numbered():
    board = game("EEE / EME / EEE")
    with pytest.raises(RevealError, match=r"^click 3 \(0,0\) is on a square already revealed"):
        play(board, [(0, 0), (2, 2), (0, 0)])
    with pytest.raises(RevealError, match=r"^click 2 \(9,9\) is outside the board"):
        play(board, [(0, 0), (9, 9)])
    with pytest.raises(RevealError, match=r"^click \(9,9\) is outside"):  # one click: no number
        play(board, [(9, 9)])
    with pytest.raises(TypeError, match=r"^play: click 2: a click is a \(row, column\) pair"):
        play(board, [(0, 0), "x"])


def test_click_on_a_lost_board_is_an_error():
    with pytest.raises(RevealError, match=r"already shows X at \(0,1\).*lost"):
        reveal(game("EX / EE"), (1, 0))


def test_the_x_named_is_the_first_in_reading_order():
    # Two X on one row (a board pasted by hand): the first of the row, then of the rows.
    board = game("EEE / XMX / XEE")
    assert exploded(board) == (1, 0)
    assert exploded(game("EE / EE")) is None
    with pytest.raises(RevealError, match=r"already shows X at \(1,0\)"):
        reveal(board, (0, 0))


def test_click_on_a_puzzle_board_is_an_error_since_it_hides_where_mines_are():
    with pytest.raises(RevealError, match="puzzle board.*does not say where the mines are"):
        reveal(Board.from_text("1? / ??"), (0, 1))


def test_click_after_the_game_is_lost_is_an_error_naming_that_click():
    board = game("EEE / EME / EEE")
    with pytest.raises(RevealError, match=r"click 3 \(2,2\) comes after the game was lost"):
        play(board, [(0, 0), (1, 1), (2, 2)])


def test_reveal_error_is_a_value_error():
    assert issubclass(RevealError, ValueError)


# --- reading a click --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "click"),
    [
        ("3,0", (3, 0)),
        (" 3 , 0 ", (3, 0)),
        ("0,12", (0, 12)),
        ("007,1", (7, 1)),
        ("+1,+2", (1, 2)),  # as --mines +2 is 2
        ("-1,+0", (-1, 0)),
    ],
)
def test_parse_click_reads_row_comma_column(text, click):
    assert parse_click(text) == click


@pytest.mark.parametrize(
    "text", ["a,b", "3", "3,", ",3", "1,2,3", "--1,0", "+-1,0", "++1,0", "1.5,2", "", "1 2", "٣,1"]
)
def test_parse_click_rejects_anything_but_two_whole_numbers(text):
    # (A negative number is read, so that reveal can say the click is off the board.)
    with pytest.raises(RevealError, match=r"--click expects R,C with two whole numbers, got "):
        parse_click(text)


def test_parse_click_error_quotes_what_it_got():
    with pytest.raises(RevealError, match=r"got 'a,b'$"):
        parse_click("a,b")


# --- large boards -----------------------------------------------------------------------------


def test_a_1000_by_1000_board_with_one_corner_mine_opens_from_one_click():
    n = 1000
    rows = ["E" * n] * n
    rows[0] = "M" + "E" * (n - 1)
    after = reveal(Board(tuple(rows), kind="game"), (n - 1, n - 1))
    assert sum(row.count("B") for row in after.rows) == n * n - 4
    assert after.rows[0][:3] == "M1B" and after.rows[1][:3] == "11B"
    assert sum(row.count("E") for row in after.rows) == 0
    assert status(after) == "won"


# --- properties on random games ---------------------------------------------------------------


def _flood_by_the_book(board: Board, cell: tuple[int, int]) -> Board:
    """The click rules read literally: recursive, through board.neighbours (small boards only)."""
    grid = [list(row) for row in board.rows]

    def open_(r: int, c: int) -> None:
        if grid[r][c] == "M":
            grid[r][c] = "X"
            return
        mines = sum(grid[i][j] in "MX" for i, j in board.neighbours((r, c)))
        if mines:
            grid[r][c] = str(mines)
            return
        grid[r][c] = "B"
        for i, j in board.neighbours((r, c)):
            if grid[i][j] == "E":
                open_(i, j)

    open_(*cell)
    return board.with_rows(["".join(row) for row in grid])


@st.composite
def games_and_clicks(draw: st.DrawFn) -> tuple[Board, tuple[int, int]]:
    """A game reached by earlier safe clicks, and a click on one of its unrevealed squares."""
    h = draw(st.integers(1, 10))
    w = draw(st.integers(1, 10))
    density = draw(st.integers(0, 5))  # mines per ten squares, so that some floods are large
    dice = draw(st.lists(st.integers(0, 9), min_size=h * w, max_size=h * w))
    board = Board(
        tuple(
            "".join("M" if dice[r * w + c] < density else "E" for c in range(w)) for r in range(h)
        ),
        kind="game",
    )
    for _ in range(draw(st.integers(0, 3))):
        safe = [cell for cell in board.cells() if board[cell] == "E"]
        if not safe:
            break
        board = reveal(board, draw(st.sampled_from(safe)))
    hidden = [cell for cell in board.cells() if board[cell] in "EM"]
    assume(hidden)
    return board, draw(st.sampled_from(hidden))


def _mines_around(board: Board, cell: tuple[int, int]) -> int:
    return sum(board[n] in "MX" for n in board.neighbours(cell))


@settings(max_examples=300)
@given(games_and_clicks())
def test_every_square_the_click_opened_is_safe(case):
    board, click = case
    after = reveal(board, click)
    for cell in board.cells():
        if board[cell] == "E" and after[cell] != "E":
            assert after[cell] == "B" or after[cell] in "12345678"


@settings(max_examples=300)
@given(games_and_clicks())
def test_every_blank_has_no_neighbouring_mine(case):
    board, click = case
    after = reveal(board, click)
    for cell in after.cells():
        if after[cell] == "B":
            assert _mines_around(after, cell) == 0


@settings(max_examples=300)
@given(games_and_clicks())
def test_every_digit_counts_its_neighbouring_mines(case):
    board, click = case
    after = reveal(board, click)
    for cell in after.cells():
        if after[cell] in "12345678":
            assert int(after[cell]) == _mines_around(after, cell)


@settings(max_examples=300)
@given(games_and_clicks())
def test_no_unrevealed_safe_square_touches_a_blank(case):
    board, click = case
    after = reveal(board, click)
    for cell in after.cells():
        if after[cell] == "B":
            assert all(after[n] != "E" for n in after.neighbours(cell))


@settings(max_examples=300)
@given(games_and_clicks())
def test_squares_the_click_did_not_open_are_unchanged(case):
    board, click = case
    after = reveal(board, click)
    for cell in board.cells():
        if board[cell] != "E" and cell != click:
            assert after[cell] == board[cell]
        if board[cell] == "M" and cell != click:
            assert after[cell] == "M"


@settings(max_examples=300)
@given(games_and_clicks())
def test_only_the_clicked_mine_can_become_x(case):
    board, click = case
    after = reveal(board, click)
    exploded = {cell for cell in after.cells() if after[cell] == "X"}
    assert exploded == ({click} if board[click] == "M" else set())


@settings(max_examples=300)
@given(games_and_clicks())
def test_reveal_agrees_with_the_recursive_reading_of_the_rules(case):
    board, click = case
    assert reveal(board, click) == _flood_by_the_book(board, click)


def test_a_negative_click_is_reported_as_outside_the_board():
    board = Board.from_text("EEE / EME")
    with pytest.raises(RevealError, match=r"click \(-1,0\) is outside the board"):
        reveal(board, parse_click("-1,0"))


def test_a_puzzle_board_has_no_status():
    # it answered 'won' for '??': a puzzle board says nothing of where the mines are
    for text in ("??", "1?", "*?"):
        with pytest.raises(RevealError, match=r"^a status needs a game board"):
            status(Board.from_text(text))
    assert status(Board.from_text("EM")) == "playing"
    # play names itself (it said "reveal needs a game board", the words of reveal's own check)
    for clicks in ([(0, 1)], []):
        with pytest.raises(RevealError, match=r"^play needs a game board"):
            play(Board.from_text("1?"), clicks)
    with pytest.raises(RevealError, match=r"^reveal needs a game board"):
        reveal(Board.from_text("1?"), (0, 1))
