"""Reading boards (grammar/board.lark, docs/rules.md): every format that reads, and what every
mistake says."""

from __future__ import annotations

import pickle
import sys

import pytest
from conftest import run_main
from hypothesis import given, settings
from hypothesis import strategies as st

from logicmines.board import Board
from logicmines.parse import (
    APART_HELP,
    CELL_HELP,
    BoardSyntaxError,
    decode,
    parse_board,
    parse_boards,
)


def rows(text: str) -> list[tuple[str, ...]]:
    return [board.rows for board in parse_boards(text)]


def error(text: str, source: str = "boards.txt") -> BoardSyntaxError:
    with pytest.raises(BoardSyntaxError) as caught:
        parse_boards(text, source)
    return caught.value


def place(text: str) -> tuple[int | None, int | None, str]:
    """(line, column, message) of the error that `text` raises."""
    problem = error(text)
    return problem.line, problem.column, problem.message


# --- puzzle and game grids ----------------------------------------------------------------------


def test_puzzle_grid_reads_row_by_row():
    (board,) = parse_boards("1121\n1??*\n12?*\n0122\n")
    assert board.rows == ("1121", "1??*", "12?*", "0122")
    assert (board.kind, board.form) == ("puzzle", "grid")


def test_game_grid_reads_as_a_game():
    (board,) = parse_boards("EEEEE\nEEMEE\nEEEEE\nEEEEE\n")
    assert board.rows == ("EEEEE", "EEMEE", "EEEEE", "EEEEE")
    assert (board.kind, board.form) == ("game", "grid")


def test_game_grid_may_hold_digits_blanks_and_revealed_mines():
    assert parse_board("B1X1B\nB1M1B\n").kind == "game"


def test_grid_of_digits_only_is_a_puzzle():
    assert parse_board("12\n34\n").kind == "puzzle"


def test_one_cell_is_a_board():
    assert rows("?") == [("?",)]


def test_last_row_needs_no_line_break():
    assert rows("12\n3?") == [("12", "3?")]


def test_crlf_line_breaks_read_like_plain_ones():
    text = "# a comment\r\n12\r\n3?\r\n\r\n??\r\n"
    assert rows(text) == [("12", "3?"), ("??",)]


def test_byte_order_mark_at_the_start_is_ignored():
    assert rows("\ufeff12\n??\n") == [("12", "??")]


def test_spaces_and_tabs_around_rows_are_ignored():
    assert rows("  12\t\n\t?? \n") == [("12", "??")]


def test_board_remembers_the_line_where_it_starts():
    boards = parse_boards("# header\n\n12\n??\n\n\n*?\n", "boards.txt")
    assert [(b.source, b.line) for b in boards] == [("boards.txt", 3), ("boards.txt", 7)]


def test_long_rows_read_as_one_row_each():
    board = parse_board("?" * 5000 + "\n" + "0" * 5000)
    assert (board.height, board.width) == (2, 5000)


# --- several boards, blank lines and comments -----------------------------------------------------


def test_blank_line_separates_boards():
    assert rows("12\n??\n\n*?\n") == [("12", "??"), ("*?",)]


def test_several_blank_lines_separate_boards_like_one():
    assert rows("12\n\n\n\n??") == [("12",), ("??",)]


def test_line_of_spaces_and_tabs_is_a_blank_line():
    assert rows("12\n \t \n??") == [("12",), ("??",)]


def test_blank_lines_before_and_after_the_boards_are_ignored():
    assert rows("\n\n  \n12\n\n\n") == [("12",)]


def test_comment_lines_before_between_and_after_boards_are_ignored():
    text = "# first line\n12\n\n# between\n\n??\n# last line"
    assert rows(text) == [("12",), ("??",)]


def test_comment_line_inside_a_grid_is_ignored():
    assert rows("12\n# a note about the next row\n??\n") == [("12", "??")]


def test_comment_line_does_not_separate_boards():
    assert rows("12\n# no blank line here\n??") == [("12", "??")]


def test_indented_comment_lines_are_comments():
    assert rows("  # spaces\n12\n\t# a tab\n??\n \t # both\n") == [("12", "??")]


def test_comment_may_hold_any_character():
    assert rows("# [[ x é \" ' ] #\n12\n") == [("12",)]


def test_hash_after_a_cell_is_not_a_comment():
    assert place("12 # a note\n") == (
        1,
        4,
        "unexpected '#'; a comment is a line of its own that starts with '#'",
    )


def test_hash_inside_a_row_is_not_a_comment():
    # A row is never cut short at a '#' (some notations use '#' as a cell).
    assert place("1?#?\n") == (
        1,
        3,
        "unexpected '#'; a comment is a line of its own that starts with '#'",
    )


# --- the bracketed LeetCode form ----------------------------------------------------------------


def test_bracketed_board_with_double_quotes():
    (board,) = parse_boards('[["E","E","M"],["E","E","E"]]')
    assert board.rows == ("EEM", "EEE")
    assert (board.kind, board.form, board.quote) == ("game", "brackets", '"')


def test_bracketed_board_with_single_quotes():
    (board,) = parse_boards("[['E','M'],['B','1']]")
    assert board.rows == ("EM", "B1")
    assert board.quote == "'"


def test_bracketed_board_may_mix_quote_styles():
    assert rows("[[\"E\",'M']]") == [("EM",)]


def test_bracketed_board_allows_any_whitespace_and_line_breaks():
    text = '[\n  [ "E" ,\t"M" ] ,\n\n  [\n"E",\r\n "E"\n]\n]'
    assert rows(text) == [("EM", "EE")]


def test_bracketed_board_allows_trailing_commas():
    assert rows('[["E","M",],["E","E",],]') == [("EM", "EE")]


def test_bracketed_board_allows_comment_lines_between_rows():
    text = '[["E","M"],\n  # the second row\n ["E","E"]]'
    assert rows(text) == [("EM", "EE")]


def test_bracketed_board_allows_comment_lines_anywhere_inside():
    text = '# before\n[\n# after [\n  ["E",\n\t# between cells\n"M"]\n  # before ]\n]\n# after'
    assert rows(text) == [("EM",)]


def test_bracketed_puzzle_board_is_a_puzzle():
    (board,) = parse_boards('[["1","?"],["*","1"]]')
    assert (board.rows, board.kind) == (("1?", "*1"), "puzzle")


def test_bracketed_row_split_over_lines_reads_as_one_row():
    assert rows('[["E",\n  "M"],\n ["E",\n  "E"]]') == [("EM", "EE")]


def test_bracketed_board_allows_trailing_commas_on_rows_split_over_lines():
    assert rows("[\n  [\n    'E',\n    'M',\n  ],\n]\n") == [("EM",)]


def test_bracketed_boards_and_grids_mix_in_one_file():
    text = '[["E","M"]]\n\n12\n??\n\n[["B"]]\n'
    assert rows(text) == [("EM",), ("12", "??"), ("B",)]


def test_bracketed_board_remembers_its_line():
    boards = parse_boards('12\n\n\n[["E"],\n ["M"]]')
    assert boards[1].line == 4


def test_a_bracketed_board_starts_at_its_opening_bracket():
    # pasted with the [ on a line of its own (and a comment before the first row), the board was
    # placed at its first cell's line, 3 and 8 here, not where it starts
    text = '[\n  ["E","E"],\n  ["E","M"]\n]\n\n[\n# the second\n  ["B"] ]\n'
    assert [board.line for board in parse_boards(text)] == [1, 6]
    run = run_main(["check", "-"], stdin="# pasted\n" + text)
    assert "board 1 (<stdin>:2, 2x2 game)" in run.out and "board 2 (<stdin>:7, 1x1 game)" in run.out


@st.composite
def boards(draw) -> Board:
    kind = draw(st.sampled_from(["puzzle", "game"]))
    cells = "012345678*?" if kind == "puzzle" else "EMBX12345678"
    height = draw(st.integers(1, 5))
    width = draw(st.integers(1, 5))
    line = st.text(st.sampled_from(cells), min_size=width, max_size=width)
    grid = tuple(draw(st.lists(line, min_size=height, max_size=height)))
    if kind == "game" and not any(set(row) & set("EMBX") for row in grid):
        grid = ("E" + grid[0][1:],) + grid[1:]  # digits alone would read as a puzzle
    form = draw(st.sampled_from(["grid", "brackets"]))
    quote = draw(st.sampled_from(['"', "'"]))
    return Board(grid, kind, form, quote)


@st.composite
def bracketed_with_any_spacing(draw, board: Board) -> str:
    """`board` in the bracketed form, with any whitespace, line breaks and comment lines."""
    gap = st.sampled_from(["", " ", "\t", "\n", "\r\n", "\n  ", "\n# a comment line\n", " \n\n "])

    def listed(items: list[str]) -> str:
        text = "[" + draw(gap)
        for item in items:
            text += item + draw(gap) + "," + draw(gap)
        if draw(st.booleans()):  # no trailing comma
            text = text[: text.rindex(",")]
        return text + draw(gap) + "]"

    quote = draw(st.sampled_from(['"', "'"]))
    return listed([listed([quote + ch + quote for ch in row]) for row in board.rows])


@given(st.data(), boards())
def test_bracketed_board_reads_the_same_whatever_its_spacing(data, board):
    text = data.draw(bracketed_with_any_spacing(board))
    assert parse_board(text).rows == board.rows


@given(st.lists(boards(), min_size=1, max_size=4))
def test_rendered_boards_read_back_as_the_same_boards(written):
    text = "\n\n".join(board.render() for board in written)
    read = parse_boards(text)
    assert read == written
    assert [(b.form, b.quote if b.form == "brackets" else "") for b in read] == [
        (b.form, b.quote if b.form == "brackets" else "") for b in written
    ]


# --- `.` and `F`: puzzle cells as other solvers write them ---------------------------------------


def test_dot_reads_as_unknown_and_f_as_a_flagged_mine():
    assert rows("1.\nF.\n") == [("1?", "*?")]


def test_board_of_dots_and_flags_is_a_puzzle():
    assert parse_board("F.\n..\n").kind == "puzzle"


def test_dots_and_flags_mix_with_question_marks_and_stars():
    assert rows("?.\n*F\n") == [("??", "**")]


def test_bracketed_puzzle_may_use_dots_and_flags():
    (board,) = parse_boards("[['1','.'],['F','1']]")
    assert (board.rows, board.kind, board.form) == (("1?", "*1"), "puzzle", "brackets")


def test_bracketed_row_of_dots_and_flags_read_cell_by_cell():
    # A comment line inside the row makes it read cell by cell, not as one token.
    assert rows('[[".",\n# note\n"F"]]') == [("?*",)]


def test_lowercase_f_is_not_a_cell():
    assert place("1f\n") == (
        1,
        2,
        f"unexpected 'f'; {CELL_HELP}; the letters are capitals ('F', not 'f')",
    )


@pytest.mark.parametrize("text, column", [("mE\n", 1), ("bE\n", 1), ('[["E","m"]]\n', 8)])
def test_a_small_letter_whose_capital_is_a_cell_says_the_cells_are_capitals(text, column):
    letter = text[column - 1]
    assert place(text) == (
        1,
        column,
        f"unexpected {letter!r}; {CELL_HELP}; the letters are capitals ({letter.upper()!r}, not "
        f"{letter!r})",
    )


AFTER = "after a bracketed board; a board ends at its last ']'"


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("EM extra\n", 1, 4, f"unexpected 'extra'; {CELL_HELP}"),  # not 'E', not 'e'
        ("12\nnone\n", 2, 1, f"unexpected 'none'; {CELL_HELP}"),
        # a row typed small keeps the hint, whatever line it is on
        (
            "EE\nemmb\n",
            2,
            1,
            f"unexpected 'e'; {CELL_HELP}; the letters are capitals ('E', not 'e')",
        ),
        (
            "EE\n" + "a" * 50 + "\n",
            2,
            1,
            f"unexpected '{'a' * 40}'... (50 characters); {CELL_HELP}",
        ),
        ('[["E","M"]] extra\n', 1, 13, f"unexpected 'extra' {AFTER}"),
        ('[["E","M"]]  y\n', 1, 14, f"unexpected 'y' {AFTER}"),
        (
            '[["E","M"]] #x\n',
            1,
            13,
            "unexpected '#'; a comment is a line of its own that starts with '#'",
        ),
        ('[["E","M"] extra]\n', 1, 12, "unexpected 'e'; expected ',' or ']'"),
    ],
)
def test_a_word_is_quoted_whole_and_what_follows_brackets_is_said_to(text, line, column, message):
    assert place(text) == (line, column, message)


def test_unknown_character_message_names_dot_and_f_as_puzzle_cells():
    message = place("1y\n")[2]
    assert message == "unexpected 'y'; a cell is one of 0-8 * ? F . (puzzle) or E M B X 1-8 (game)"


def test_flag_in_a_game_board_is_an_error_that_says_what_it_means():
    assert place("EE\nEF\n") == (
        2,
        2,
        "'F' (a flagged mine, like '*') is a puzzle cell, but this board already has the game "
        "cell 'E' (line 1, column 1); a board is a puzzle (0-8 * ? F .) or a game (E M B X 1-8)",
    )


def test_dot_in_a_game_board_is_an_error_that_says_what_it_means():
    assert place("E.\n")[2].startswith("'.' (an unknown cell, like '?') is a puzzle cell")


def test_game_cell_after_a_flag_names_the_flag_and_its_place():
    assert place("1F\nMM\n") == (
        2,
        1,
        "'M' is a game cell, but this board already has the puzzle cell 'F' (line 1, column 2), "
        "a flagged mine, like '*'; a board is a puzzle (0-8 * ? F .) or a game (E M B X 1-8)",
    )


def test_flag_in_a_bracketed_game_board_is_placed_at_the_cell():
    assert place('[["E","M"],\n ["E","F"]]')[:2] == (2, 8)


@st.composite
def written_with_dots_and_flags(draw) -> tuple[str, str]:
    """A puzzle board as text, and the same text with some `?` written `.` and some `*` `F`."""
    board = draw(boards().filter(lambda board: board.kind == "puzzle"))
    text = board.render()
    other = {"?": ".", "*": "F"}
    swapped = "".join(other[ch] if ch in other and draw(st.booleans()) else ch for ch in text)
    return text, swapped


@given(st.lists(written_with_dots_and_flags(), min_size=1, max_size=3))
def test_dots_and_flags_read_as_the_same_boards_as_question_marks_and_stars(written):
    plain = "\n\n".join(text for text, _ in written)
    swapped = "\n\n".join(text for _, text in written)
    assert parse_boards(swapped) == parse_boards(plain)


def test_command_line_answers_a_board_of_dots_and_flags_as_its_plain_twin():
    plain = run_main(["solve", "--json"], "1121\n1??*\n12?*\n0122\n")
    swapped = run_main(["solve", "--json"], "1121\n1..F\n12.*\n0122\n")
    assert swapped == plain
    assert plain.records()[0]["solutions"] == [["1121", "1*4*", "12**", "0122"]]


# --- rows of different lengths ------------------------------------------------------------------


def test_longer_second_row_is_reported_at_its_line():
    assert place("12\n123\n") == (2, 1, "row 2 has 3 cells, the row above has 2")


def test_short_row_further_down_is_reported_at_its_own_line():
    assert place("# top\n12\n12\n1\n") == (4, 1, "row 3 has 1 cell, the rows above have 2")


def test_ragged_row_is_placed_at_its_first_cell():
    assert place("  12\n  12\n  123\n")[:2] == (3, 3)


def test_ragged_row_of_a_later_board_counts_rows_within_that_board():
    assert place("1\n\n12\n12\n1\n") == (5, 1, "row 3 has 1 cell, the rows above have 2")


def test_ragged_bracketed_row_is_reported_at_its_first_cell():
    assert place('[["E","M"],\n ["E"]]') == (2, 4, "row 2 has 1 cell, the row above has 2")


# --- characters that are not cells --------------------------------------------------------------


def test_unknown_character_is_reported_at_its_line_and_column():
    assert place("12\n3y\n") == (2, 2, f"unexpected 'y'; {CELL_HELP}")


def test_unknown_character_after_indentation_counts_the_indentation():
    assert place("  12\n  3x\n")[:2] == (2, 4)


def test_unknown_letter_at_the_start_of_a_row():
    assert place("12\nab\n") == (2, 1, f"unexpected 'ab'; {CELL_HELP}")  # a word, whole


def test_lowercase_game_letters_are_not_cells():
    hint = "the letters are capitals ('E', not 'e')"
    assert place("EEe\n") == (1, 3, f"unexpected 'e'; {CELL_HELP}; {hint}")


@pytest.mark.parametrize(
    ("text", "column", "blank"),
    [
        ("1 2\n", 2, "space"),
        ("1\t2\n", 2, "tab"),
        ("12  \t 3\n", 3, "space"),
        ("?\t \t?\n", 2, "tab"),
    ],
)
def test_space_inside_a_row_is_an_error_at_the_blank(text, column, blank):
    # it pointed at the cell after the blank, and called a tab a space
    said = f"unexpected {blank}; the cells of a row are written without spaces"
    assert place(text) == (1, column, said)


def test_nul_byte_is_named_in_words():
    assert place("12\n1\x002\n") == (2, 2, f"unexpected NUL byte; {CELL_HELP}")


def test_lone_carriage_return_is_named_in_words():
    line, column, message = place("12\r34\r")
    assert (line, column) == (1, 3)
    assert message.startswith("unexpected carriage return without a line feed")


def test_invisible_character_is_named_by_its_code_point():
    assert place("12\u00a0\n")[2] == f"unexpected U+00A0 (no-break space); {CELL_HELP}"


def test_control_character_is_named_by_its_code_point():
    assert place("1\x0c2\n")[2] == f"unexpected U+000C (a control character); {CELL_HELP}"


def test_columns_count_characters_not_bytes():
    assert place("# é\n12é\n")[:2] == (2, 3)


# --- puzzle and game cells in one board ---------------------------------------------------------


def test_grid_mixing_puzzle_and_game_cells_is_an_error():
    line, column, message = place("1?\nEE\n")
    assert (line, column) == (2, 1)
    assert message.startswith(
        "'E' is a game cell, but this board already has the puzzle cell '?' (line 1, column 2)"
    )


def test_mixing_within_one_row_is_reported_at_the_second_kind():
    assert place("*1E\n")[:2] == (1, 3)


def test_game_then_puzzle_cell_is_reported_at_the_puzzle_cell():
    line, column, message = place("EM\nE?\n")
    assert (line, column) == (2, 2)
    assert message.startswith("'?' is a puzzle cell, but this board already has the game cell 'E'")


def test_bracketed_board_mixing_kinds_is_reported_at_the_cell():
    assert place('[["E","M"],\n ["E","?"]]')[:2] == (2, 8)


def test_mixing_in_a_bracketed_row_over_two_lines_is_placed_at_the_cell():
    assert place('[["E",\n  "?"]]')[:2] == (2, 4)


def test_mixing_after_a_comment_inside_a_bracketed_row_is_placed_at_the_cell():
    assert place('[["E",\n# note\n  "?"]]')[:2] == (3, 4)


def test_boards_of_different_kinds_in_one_file_are_fine():
    assert [b.kind for b in parse_boards("1?\n\nEM\n")] == ["puzzle", "game"]


# --- malformed brackets -------------------------------------------------------------------------

UNCLOSED = "the input ends inside brackets: a closing ']' is missing"


def test_unclosed_bracket_is_reported_where_the_input_ends():
    assert place('[["E","M"]') == (1, 11, UNCLOSED)


def test_unclosed_bracket_ignores_blank_and_comment_lines_at_the_end():
    assert place('[["E","M"],\n ["E","E"]\n\n# end\n\n') == (2, 11, UNCLOSED)


def test_unclosed_row_is_reported_where_the_input_ends():
    assert place('[["E","M"') == (1, 10, UNCLOSED)


def test_lone_opening_bracket_is_unclosed():
    assert place("[") == (1, 2, UNCLOSED)


def test_unquoted_bracketed_cell_is_an_error():
    assert place('[["E",M]]') == (
        1,
        7,
        "unexpected 'M'; a bracketed cell is quoted, like \"E\" or 'E'",
    )


def test_unquoted_unknown_bracketed_cell_is_an_error():
    assert place("[[x]]") == (1, 3, "unexpected 'x'; a bracketed cell is quoted, like \"E\" or 'E'")


def test_multi_character_bracketed_cell_is_an_error():
    # E and M are both cells: the message says why 'EM' is not one
    said = 'unexpected \'EM\'; a bracketed cell is one character in quotes, like "E" or "1", and '
    assert place('[["E","EM"]]') == (1, 8, said + CELL_HELP)


def test_a_piece_of_the_input_is_shown_as_the_file_has_it():
    # a backslash once, not doubled as repr() writes it; a tab escaped, as it cannot be seen
    said = "a bracketed cell is one character in quotes"
    assert place('[["\\E","M"]]')[2].startswith(f"unexpected '\\E'; {said}")
    assert place('[["E\tE","M"]]')[2].startswith(f"unexpected 'E\\tE'; {said}")
    assert place('[["E\'E","M"]]')[2].startswith(f'unexpected "E\'E"; {said}')
    assert place("1\\")[2] == f"unexpected '\\'; {CELL_HELP}"  # one character, as a cell


def test_unknown_character_in_a_bracketed_cell_is_an_error():
    assert place("[['E','y']]") == (1, 8, f"unexpected 'y'; {CELL_HELP}")


def test_empty_bracketed_cell_is_an_error():
    assert place('[["E",""]]') == (1, 7, f"an empty cell; {CELL_HELP}")


def test_unclosed_quote_is_an_error():
    assert place('[["E]]') == (
        1,
        3,
        'the quote " that opens this cell is not closed on the same line',
    )


def test_quote_closed_on_another_line_is_an_error():
    assert place("[['E\n']]")[:2] == (1, 3)


def test_missing_comma_between_cells_is_an_error():
    assert place('[["E" "M"]]') == (1, 7, "unexpected cell \"M\"; expected ',' or ']'")


def test_missing_comma_between_rows_is_an_error():
    assert place('[["E"]\n ["M"]]') == (2, 2, "unexpected '['; expected ',' or ']'")


def test_flat_list_of_cells_is_an_error():
    line, column, message = place('["E","M"]')
    assert (line, column) == (1, 2)
    assert message.endswith('a bracketed board is a list of rows, like [["E","M"],["E","E"]]')


def test_empty_brackets_are_an_error():
    assert place("[]")[:2] == (1, 2)


def test_empty_bracketed_row_is_an_error():
    assert place('[["E"],[]]')[:2] == (1, 9)


def test_extra_closing_bracket_is_an_error():
    assert place('[["E"]]]') == (1, 8, "unexpected ']'; there is no '[' for it to close")


def test_a_comma_after_a_bracketed_board_is_told_how_boards_are_apart():
    said = "unexpected ','; a bracketed board ends at its last ']', and " + APART_HELP
    assert place('[["E"]],') == (1, 8, said)
    assert place('[["E"]] ,\n[["M"]]') == (1, 9, said)
    assert place("1,")[2] == f"unexpected ','; {CELL_HELP}"  # after a grid row: the cells


def test_quoted_cell_outside_brackets_is_an_error():
    assert place('"E"')[:2] == (1, 1)


def test_trailing_comment_inside_brackets_is_an_error():
    assert place('[["E"], # first row\n ["M"]]')[:2] == (1, 9)


def test_bracketed_board_right_under_a_grid_is_an_error():
    assert place('12\n[["E"]]') == (
        2,
        1,
        "a bracketed board starts here, after another board; boards are set apart by a blank line",
    )


def test_grid_right_under_a_bracketed_board_is_an_error():
    assert place('[["E"]]\n12') == (
        2,
        1,
        "a new board starts here without a blank line above it; "
        "boards are set apart by a blank line",
    )


def test_grid_on_the_line_of_a_bracketed_board_is_an_error():
    assert place('[["E"]] 12')[:2] == (1, 9)


# --- files with no board ------------------------------------------------------------------------


def test_empty_input_has_no_board():
    assert place("") == (None, None, "no board found: the input is empty")


def test_blank_lines_only_have_no_board():
    assert place("\n  \n\t\n") == (None, None, "no board found: only blank lines")


def test_comments_only_have_no_board():
    assert place("# one\n  # two\n") == (
        None,
        None,
        "no board found: only comments and blank lines",
    )


def test_comment_only_without_a_final_line_break_has_no_board():
    assert place("# just this")[2] == "no board found: only comments and blank lines"


def test_file_level_error_names_the_file_without_a_place():
    assert str(error("", "empty.txt")) == "empty.txt: no board found: the input is empty"


# --- how errors read ----------------------------------------------------------------------------


def test_error_reads_file_line_column_message():
    assert str(error("12\n3y\n", "boards.txt")) == f"boards.txt:2:2: unexpected 'y'; {CELL_HELP}"


@pytest.mark.parametrize(
    ("text", "column", "opens", "closes"),
    [
        ('[["E\',"M"],["E","E"]]', 5, '"', "'"),
        ("[['E','M'],['E\" ,'E']]", 15, "'", '"'),
    ],
)
def test_quotes_that_do_not_match_are_pointed_at(text, column, opens, closes):
    # The cell runs on to the next quote of its kind: the message was "unexpected 'M'" three
    # columns on, or "unexpected 'E'".
    with pytest.raises(BoardSyntaxError) as caught:
        parse_boards(text, "f")
    letter = text[column - 2]
    assert str(caught.value).splitlines()[0] == (
        f"f:1:{column}: the quotes around '{letter}' do not match: it opens with {opens} and "
        f"closes with {closes}; a bracketed cell is one character in quotes, like "
        f"{opens}E{opens} or {closes}E{closes}"
    )


@pytest.mark.parametrize("text", ['{"height": 3, "rows": ["?*?"]}', '12\n  {"rows": []}'])
def test_a_json_object_where_a_board_should_be_is_said_to_be_json(text):
    # `generate ... --json | check` met "unexpected '{'" and the cell help alone.
    message = str(error(text)).splitlines()[0]
    assert "unexpected '{'; JSON (as --json writes it) is not read as a board; a cell is" in message


@pytest.mark.parametrize("text", ["1{2", '[["E",\n{"a": 1}]]'])
def test_a_brace_inside_a_row_or_brackets_is_not_said_to_be_json(text):
    assert "JSON" not in str(error(text))


def test_error_carries_the_line_and_a_caret_under_the_column():
    assert error("12\n\t3x\n").context == "\t3x\n\t ^"


def test_error_is_a_value_error():
    assert isinstance(error("x"), ValueError)


@pytest.mark.parametrize(
    ("text", "column", "cell"),
    [
        ('[["E","M],["E","E"]]', 9, '"M],["'),
        ("[['E','M'],['E,'E']]", 15, "'E,'"),
    ],
)
def test_a_missing_closing_quote_is_pointed_at_where_it_belongs(text, column, cell):
    # The cell runs on to the next quote, and the grammar only stops at what follows it: the
    # message was "unexpected 'E'" four columns on.
    with pytest.raises(BoardSyntaxError) as caught:
        parse_boards(text, "f")
    quote = text[2]
    letter = text[column - 2]
    assert str(caught.value).splitlines()[0] == (
        f"f:1:{column}: a quote is missing after '{letter}': a bracketed cell is one character "
        f"in quotes, like {quote}E{quote}, and this one runs on to the next quote ({cell!r})"
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[["EE" "E"]]', """f:1:8: unexpected cell "E"; expected ',' or ']'"""),
        ('[["E","1 " "E"]]', """f:1:12: unexpected cell "E"; expected ',' or ']'"""),
    ],
)
def test_a_cell_of_several_characters_before_a_missing_comma_is_not_a_missing_quote(text, said):
    with pytest.raises(BoardSyntaxError) as caught:
        parse_boards(text, "f")
    assert str(caught.value).splitlines()[0] == said


def test_a_comment_indented_by_a_tab_inside_brackets_is_a_comment():
    with pytest.raises(BoardSyntaxError) as caught:
        parse_boards('[["E","M"]\n\t# c\n', "f")
    assert str(caught.value).splitlines()[0] == (
        "f:1:11: the input ends inside brackets: a closing ']' is missing"
    )


def test_a_row_of_several_wrong_cells_names_the_first():
    with pytest.raises(ValueError, match=r"^'a' is not a puzzle cell"):
        Board(("ab",))


# --- bytes: decoding before parsing -------------------------------------------------------------


def test_decode_drops_a_byte_order_mark():
    assert decode(b"\xef\xbb\xbf12\n", "f") == "12\n"


def test_decode_reports_the_first_byte_that_is_not_utf8():
    with pytest.raises(BoardSyntaxError) as caught:
        decode(b"12\n3\xff4\n", "boards.bin")
    assert str(caught.value) == "boards.bin:2:2: not a text file: byte 0xff is not UTF-8"


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\xef\xbb\xbf12\n3\xff4\n", "f:2:2: not a text file: byte 0xff is not UTF-8"),
        # the mark is no character of the line; the \xc3\xa9 before the bad byte is one
        (b"\xef\xbb\xbf\xc3\xa912\xff", "f:1:4: not a text file: byte 0xff is not UTF-8"),
    ],
)
def test_decode_reports_the_bad_byte_of_a_file_with_a_byte_order_mark(data, said):
    # It named the byte three places too early (0x32, the 2), at 1:2.
    with pytest.raises(BoardSyntaxError) as caught:
        decode(data, "f")
    assert str(caught.value) == said


def test_decode_takes_four_bytes_of_alternating_nuls_for_utf16():
    with pytest.raises(BoardSyntaxError, match="a UTF-16 file"):
        decode(b"1\x001\x00", "f")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_decode_says_a_utf16_file_is_one_with_or_without_its_byte_order_mark(encoding):
    # Windows PowerShell 5 writes UTF-16; its bytes are not UTF-8, or are boards with NULs.
    with pytest.raises(BoardSyntaxError) as caught:
        decode("1?\n??\n".encode(encoding), "board.txt")
    assert str(caught.value) == "board.txt:1:1: a UTF-16 file: save it as UTF-8"


@pytest.mark.parametrize("encoding", ["utf-32", "utf-32-le", "utf-32-be"])
def test_decode_says_a_utf32_file_is_one_with_or_without_its_byte_order_mark(encoding):
    # With its mark it was called UTF-16 (the mark starts as UTF-16's does).
    with pytest.raises(BoardSyntaxError) as caught:
        decode("1?\n??\n".encode(encoding), "board.txt")
    assert str(caught.value) == "board.txt:1:1: a UTF-32 file: save it as UTF-8"


def test_nul_bytes_too_few_to_tell_a_wide_encoding_are_left_to_the_grammar():
    # Three NULs and a newline were called a UTF-16 file; they could be one UTF-32 character,
    # but two characters at least tell an encoding: here, NULs where a board should be.
    assert decode(b"\x00\x00\x00\n", "f") == "\x00\x00\x00\n"
    with pytest.raises(BoardSyntaxError, match="NUL"):
        parse_boards(decode(b"\x00\x00\x00\n", "f"), "f")


def test_decode_counts_columns_in_characters():
    with pytest.raises(BoardSyntaxError) as caught:
        decode("é".encode() + b"\x80", "f")
    assert (caught.value.line, caught.value.column) == (1, 2)


# --- any input at all -------------------------------------------------------------------------

# Text built mostly from the characters that matter to the grammar, so that it comes close to
# boards and to every kind of mistake.
BOARDISH = st.text(
    st.sampled_from(list("0123456789*?.FEMBX[]\"', \t\n\r#x\x00\ufeff\u2028\x0c")), max_size=80
)
PIECES = st.lists(
    st.sampled_from(
        ['[["E","M"]', ",", "]", "[", "\n", "\n\n", "# c\n", "  ", "12", "?*", "EE", "'E'", '"?"']
    ),
    max_size=20,
).map("".join)


def assert_board_or_placed_error(text: str) -> None:
    try:
        read = parse_boards(text, "f")
    except BoardSyntaxError as problem:
        assert "\n" not in str(problem)
        if problem.line is None:
            assert problem.message.startswith("no board found")
            return
        lines = text.removeprefix("\ufeff").split("\n")
        assert 1 <= problem.line <= len(lines)
        assert 1 <= problem.column <= len(lines[problem.line - 1]) + 1
    else:
        assert read and all(isinstance(board, Board) for board in read)


@settings(max_examples=500)
@given(st.one_of(BOARDISH, PIECES, st.text(max_size=40)))
def test_any_text_gives_boards_or_a_placed_syntax_error(text):
    assert_board_or_placed_error(text)


@settings(max_examples=300)
@given(st.binary(max_size=60))
def test_any_bytes_give_boards_or_a_placed_syntax_error(data):
    try:
        text = decode(data, "f")
    except BoardSyntaxError as problem:
        assert problem.line >= 1 and problem.column >= 1
        return
    assert_board_or_placed_error(text)


# --- size ---------------------------------------------------------------------------------------


def test_a_1000_by_1000_grid_parses():
    text = "\n".join("0?*1" * 250 for _ in range(1000)) + "\n"
    board = parse_board(text)
    assert (board.height, board.width) == (1000, 1000)
    assert board.rows[999][998:] == "*1"


def test_a_200_by_200_bracketed_board_parses():
    row = "[" + ",".join(['"E"'] * 199 + ['"M"']) + "]"
    board = parse_board("[" + ",\n ".join([row] * 200) + "]")
    assert (board.height, board.width, board.kind) == (200, 200, "game")
    assert board.rows[0][-1] == "M"


def test_a_board_knows_where_its_cells_stand_until_it_leaves_the_process():
    grid, brackets = parse_boards('# c\n  1?\n# c\n ??\n\n[["E", "M"],\n  ["B","1"]]\n', "f")
    assert [grid.place(cell) for cell in grid.cells()] == [(2, 3), (2, 4), (4, 2), (4, 3)]
    assert [brackets.place(cell) for cell in brackets.cells()] == [(6, 4), (6, 9), (7, 5), (7, 9)]
    for board in (grid, brackets):
        sent = pickle.loads(pickle.dumps(board))
        assert sent == board and sent.place((0, 0)) is None


# --- runs of lines in constant memory ------------------------------------------------------------


def _both_parsers():
    from lark import Lark

    from logicmines.parse import _possessive
    from logicmines.resources import data_path

    grammar = data_path("grammar", "board.lark").read_text(encoding="utf-8")
    return (
        Lark(grammar, parser="lalr", propagate_positions=False),
        Lark(_possessive(grammar), parser="lalr", propagate_positions=False),
    )


@pytest.mark.skipif(sys.version_info < (3, 11), reason="possessive repeats came in Python 3.11")
@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="\n\r \t#1?E*[],\"'x", max_size=40))
def test_the_possessive_grammar_reads_every_text_as_the_grammar_does(text):
    # The runs of blank and comment lines are matched possessively on Python 3.11 and later (16
    # million blank lines took 4 GB); the texts read, and the errors met, are the same.
    plain, possessive = _both_parsers_cached()

    def outcome(parser):
        try:
            return str(parser.parse(text))
        except Exception as error:  # the same kind of error, at the same place
            return (
                type(error).__name__,
                getattr(error, "line", None),
                getattr(error, "column", None),
            )

    assert outcome(possessive) == outcome(plain)


_PARSERS: list = []


def _both_parsers_cached():
    if not _PARSERS:
        _PARSERS.extend(_both_parsers())
    return _PARSERS


def test_a_million_blank_lines_read_in_little_memory():
    import tracemalloc

    text = "\n" * 1_000_000 + "1?\n" + "\n" * 1_000_000 + "# c\n" * 1_000 + "??\n"
    tracemalloc.start()
    try:
        boards = parse_boards(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [board.rows for board in boards] == [("1?",), ("??",)]
    assert boards[1].line == 2_001_002
    if sys.version_info >= (3, 11):
        assert peak < 100_000_000, peak  # it was about 300 bytes a line more, 600 MB here


# --- Board.from_text: rows in one string, not a board file ---------------------------------------


def test_from_text_reads_rows_apart_by_slashes_newlines_or_spaces():
    for text in ("12 / 3?", "12\n3?", "12 3?", " 12/3? "):
        assert Board.from_text(text).rows == ("12", "3?"), text


@pytest.mark.parametrize(
    "text, kind",
    [("12 / 3?", "puzzle"), ("12 / 3E", "game"), ("1M", "game"), ("B1", "game"), ("X1", "game")],
)
def test_from_text_makes_a_game_board_when_a_game_letter_appears(text, kind):
    assert Board.from_text(text).kind == kind


def test_from_text_takes_the_kind_it_is_given():
    assert Board.from_text("12 / 34", "game").kind == "game"


@pytest.mark.parametrize(
    "text",
    ["# a note\n12\n3?", '[["E","M"],["E","E"]]', "1F\n.?"],
    ids=["comment", "brackets", "F."],
)
def test_from_text_refuses_what_only_a_board_file_holds(text):
    with pytest.raises(ValueError):
        Board.from_text(text)
    assert parse_board(text)


@pytest.mark.parametrize("text", ["# a note\n12\n3?", "#note\n12", "12 # a note"])
def test_from_text_says_a_comment_is_for_parse_board(text):
    # "# a note" was split into rows and told "every row of a board has the same number of cells"
    with pytest.raises(ValueError, match="'#' starts a comment: parse_board reads"):
        Board.from_text(text)


def test_from_text_reads_a_blank_line_as_one_more_separator():
    assert Board.from_text("12\n\n3?").rows == ("12", "3?")
    assert rows("12\n\n3?") == [("12",), ("3?",)]


def test_a_board_file_does_not_set_rows_apart_by_slashes():
    with pytest.raises(BoardSyntaxError, match="unexpected '/'"):
        parse_board("12 / 3?")
