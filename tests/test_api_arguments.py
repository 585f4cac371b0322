"""Python callers who pass arguments of the wrong kind get one TypeError or ValueError that names
the question and the argument, from every engine and from the click functions, before any engine
is asked (docs/python.md)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

import logicmines
from logicmines import Board, RevealError, parse_board, play, reveal, status
from logicmines.backends import REGISTRY
from logicmines.compare import compare
from logicmines.deal import deal
from logicmines.reveal import exploded
from logicmines.setter import make_puzzle
from logicmines.solvable import solvable
from logicmines.stats import board_stats
from logicmines.trace import traced

BOARD = parse_board("1??\n???")
GAME = parse_board("EE\nEM")


@pytest.fixture(scope="module", params=list(REGISTRY))
def engine(request):
    return logicmines.get_backend(request.param)


QUESTIONS = {
    "check": lambda engine, *args, **kwargs: engine.check(*args, **kwargs),
    "count": lambda engine, *args, **kwargs: engine.count(*args, **kwargs),
    "analyze": lambda engine, *args, **kwargs: engine.analyze(*args, **kwargs),
    "solutions": lambda engine, *args, **kwargs: engine.solutions(*args, **kwargs),
}


@pytest.mark.parametrize("question", list(QUESTIONS))
@pytest.mark.parametrize(
    ("board", "shown"),
    [
        ("1??\n???", "str '1??\\n???'"),
        (None, "NoneType None"),
        ([["1", "?"]], "list [['1', '?']]"),
        ("?" * 40, "str"),
    ],
)
def test_a_board_that_is_not_a_board_is_a_type_error_naming_the_question(
    engine, question, board, shown
):
    with pytest.raises(TypeError) as raised:
        QUESTIONS[question](engine, board)
    message = str(raised.value)
    assert message.startswith(f"{question} needs a Board")
    assert message.endswith(f", not {shown}")
    assert ("parse_board(text)" in message) == isinstance(board, str)


@pytest.mark.parametrize("question", list(QUESTIONS))
@pytest.mark.parametrize("mines", ["1", 1.0, True])
def test_a_mine_total_that_is_not_a_whole_number_is_a_type_error(engine, question, mines):
    wanted = rf"^{question}: mines must be a whole number or None, not "
    with pytest.raises(TypeError, match=wanted):
        QUESTIONS[question](engine, BOARD, mines=mines)


@pytest.mark.parametrize("question", list(QUESTIONS))
def test_a_negative_mine_total_is_a_value_error(engine, question):
    with pytest.raises(ValueError, match=rf"^{question}: mines must be at least 0, not -1$"):
        QUESTIONS[question](engine, BOARD, mines=-1)


@pytest.mark.parametrize(
    ("limit", "error", "said"),
    [
        (-1, ValueError, "must be at least 0, not -1"),
        (2.0, TypeError, "must be a whole number or None, not float 2.0"),
    ],
)
def test_a_solution_limit_of_the_wrong_kind_is_refused_when_solutions_is_called(
    engine, limit, error, said
):
    # refused at the call, not when the first solution is asked for
    with pytest.raises(error, match=f"^solutions: limit {said}$"):
        engine.solutions(BOARD, limit=limit)


def test_the_right_arguments_still_get_their_answers_positionally_and_by_name(engine):
    assert engine.count(BOARD, 1) == engine.count(board=BOARD, mines=1) == 3
    assert len(list(engine.solutions(BOARD, 2, mines=1))) == 2
    assert list(engine.solutions(BOARD, limit=0)) == []
    assert engine.count(BOARD, mines=0) == 0  # 0 is a mine total like any other
    assert engine.check(BOARD, mines=1).verdict.value == "multiple"
    assert engine.analyze(BOARD, 1).best == (0, 2)
    assert engine.analyze(BOARD, None).probabilities == engine.analyze(BOARD).probabilities


def test_the_wrapped_questions_keep_their_names_and_docstrings(engine):
    for question in QUESTIONS:
        method = getattr(type(engine), question)
        assert method.__name__ == question
        assert method.__doc__ == getattr(method, "__wrapped__", method).__doc__


# --- clicks -------------------------------------------------------------------------------------


@pytest.mark.parametrize("click", ["0,1", (0,), (0, 1, 2), (0, 1.0), (True, 0), None, 5], ids=repr)
def test_a_click_that_is_not_a_pair_of_whole_numbers_is_a_type_error(click):
    wanted = r"^a click is a \(row, column\) pair of whole numbers, not "
    with pytest.raises(TypeError, match=wanted):
        reveal(GAME, click)
    with pytest.raises(TypeError, match=wanted):
        play(GAME, [click])
    with pytest.raises(TypeError, match=wanted.replace("^", "^play: click 2: ")):
        play(GAME, [(0, 0), click])  # of several, the one that is not a click is numbered


def test_a_click_written_as_a_list_is_a_click():
    assert str(reveal(GAME, [0, 0])) == str(reveal(GAME, (0, 0))) == "1E / EM"


@pytest.mark.parametrize("call", [reveal, play, status, exploded], ids=lambda call: call.__name__)
def test_a_click_function_given_text_is_a_type_error_naming_itself(call):
    # exploded raised AttributeError: 'str' object has no attribute 'rows'
    arguments = {
        "reveal": ("EE", (0, 0)),
        "play": ("EE", [(0, 0)]),
        "status": ("EE",),
        "exploded": ("EE",),
    }
    with pytest.raises(TypeError) as raised:
        call(*arguments[call.__name__])
    assert str(raised.value) == (
        f"{call.__name__} needs a game Board (parse_board(text) reads one from its text), "
        "not str 'EE'"
    )


def test_a_click_off_the_board_is_still_a_reveal_error():
    with pytest.raises(RevealError, match=r"outside the board"):
        reveal(GAME, (5, 5))


# --- boards, text and time limits ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "shown"),
    [
        ("12", "str '12'"),
        ([["1", "?"]], "list [['1', '?']]"),
        (None, "NoneType None"),
        ((1, 2), "tuple (1, 2)"),
    ],
    ids=repr,
)
def test_a_board_whose_rows_are_not_strings_is_a_type_error(rows, shown):
    # Board("12") was a board of two rows of one cell; rows of lists crashed the engines
    with pytest.raises(TypeError) as raised:
        logicmines.Board(rows)
    assert str(raised.value).startswith("Board needs its rows as a tuple of strings, one to a row")
    assert str(raised.value).endswith(f", not {shown}")


def test_a_board_made_from_a_list_keeps_its_own_rows():
    rows = ["1?", "??"]
    board = logicmines.Board(rows)
    rows[0] = "**"
    assert board.rows == ("1?", "??") and hash(board) == hash(logicmines.Board(("1?", "??")))


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        ({"kind": "Puzzle"}, "a board's kind is 'puzzle' or 'game', not str 'Puzzle'"),
        ({"kind": None}, "a board's kind is 'puzzle' or 'game', not NoneType None"),
        ({"form": "lines"}, "a board's form is 'grid' or 'brackets', not str 'lines'"),
    ],
)
def test_a_board_of_an_unknown_kind_or_form_is_a_value_error(arguments, said):
    with pytest.raises(ValueError) as raised:
        logicmines.Board(("1?",), **arguments)
    assert str(raised.value) == said


def test_from_mines_counts_a_mine_named_twice_once_and_refuses_one_off_the_board():
    Board = logicmines.Board
    assert Board.from_mines(2, 2, [(0, 0), (0, 0), [0, 0]]) == Board(("*1", "11"))
    for cell in [(2, 0), (0, 2), (-1, 0), (0, -1)]:
        with pytest.raises(ValueError, match=r"^from_mines: the mine \(.+\) is off a 2x2 board$"):
            Board.from_mines(2, 2, [cell])
    for cell in [(0,), (0, 0.0), "00", None]:
        with pytest.raises(TypeError, match=r"^from_mines: a mine is a \(row, column\) pair"):
            Board.from_mines(2, 2, [cell])
    with pytest.raises(ValueError, match="^from_mines: height must be at least 1, not 0$"):
        Board.from_mines(0, 2, [])
    with pytest.raises(TypeError, match="^from_mines: width must be a whole number, not str '2'$"):
        Board.from_mines(2, "2", [])


@pytest.mark.parametrize(
    "call", [logicmines.parse_board, logicmines.parse_boards], ids=lambda c: c.__name__
)
def test_parsing_what_is_not_text_is_a_type_error_naming_the_call(call):
    name = call.__name__
    with pytest.raises(
        TypeError,
        match=rf"^{name}: text must be a str \(bytes: decode them first\), not bytes b'1\?'$",
    ):
        call(b"1?")
    with pytest.raises(TypeError, match=rf"^{name}: text must be a str, not NoneType None$"):
        call(None)
    with pytest.raises(TypeError, match=rf"^{name}: source must be a str, not int 3$"):
        call("1?", 3)


@pytest.mark.parametrize("timeout", ["5", True, [1]], ids=repr)
def test_a_time_limit_that_is_not_a_number_is_a_type_error(timeout):
    # "5" reached a comparison with a number (a bare TypeError); True was taken as 1 second
    with pytest.raises(TypeError, match="^a timeout is a number of seconds or None, not "):
        logicmines.get_backend("kanren", timeout=timeout)


def test_a_time_limit_out_of_range_is_a_value_error():
    # a Decimal NaN raised decimal.InvalidOperation in the comparison
    for timeout in (0, -1, float("nan"), float("inf"), Decimal("NaN"), Decimal("sNaN"), 10**400):
        with pytest.raises(ValueError, match="^a timeout is a positive number of seconds") as got:
            logicmines.get_backend("kanren", timeout=timeout)
        assert len(str(got.value)) < 200  # a number of 401 digits is cut


@pytest.mark.parametrize("timeout", [Decimal("2.5"), Fraction(5, 2), 2.5], ids=repr)
def test_a_time_limit_may_be_any_real_number_decimals_too(timeout):
    # Decimal, which is no numbers.Real, was a TypeError
    assert logicmines.get_backend("kanren", timeout=timeout).timeout == 2.5
    # and every call that starts a clock of its own takes it too (float + Decimal is a TypeError)
    assert not solvable(Board.from_text("EM / EE"), (1, 0), timeout=timeout).won
    assert make_puzzle(3, 3, seed=1, timeout=timeout).board.height == 3
    assert deal(5, 5, 3, timeout=timeout).board.height == 5
    assert traced(Board.from_text("1?"), "clpfd", 2, timeout)[2]  # its timer thread raised
    assert compare(Board.from_text("1?"), timeout, engines=["kanren"])[1]
    assert compare(Board.from_text("1?"), engines=["kanren"])[1]  # 10 s, as the command's
    # and an engine not run for want of time says so (a Fraction's seconds were a TypeError)
    many = compare(Board(("?" * 12,) * 2), timeout, engines=["kanren", "reference"])[0]
    assert many["reference"].error.endswith("too many for 2.5 s")


def test_a_time_limit_set_on_an_engine_is_checked_as_when_it_is_made(engine):
    # reference, clpfd and gprolog read a limit set later unchecked: 0 was no limit there,
    # nan a Prolog type error, 10**7 an OverflowError
    made_with = engine.timeout
    for timeout in (0, -1, float("nan"), float("inf"), 10**7):
        with pytest.raises(ValueError, match="^a timeout is a positive number of seconds"):
            engine.timeout = timeout
    for timeout in ("5", True):
        with pytest.raises(TypeError, match="^a timeout is a number of seconds or None, not "):
            engine.timeout = timeout
    assert engine.timeout == made_with  # a refused limit leaves the one before
    try:
        engine.timeout = 5
        assert engine.timeout == 5.0 and engine.count(BOARD) == 12
        engine.timeout = None
        assert engine.timeout is None and engine.count(BOARD, mines=1) == 3
    finally:
        engine.timeout = made_with


def test_a_solution_limit_past_what_python_can_count_lists_every_solution(engine):
    # kanren and prolog raised islice's ValueError on the first solution; gprolog listed none
    for limit in (2**63, 10**30):
        assert len(list(engine.solutions(BOARD, limit))) == engine.count(BOARD) == 12
        assert len(list(engine.solutions(BOARD, limit, mines=1))) == 3


@pytest.mark.parametrize(
    ("clicks", "hint"),
    [(None, ""), (5, ""), ("00", ""), ((0, 0), " (reveal(board, click) makes one)")],
    ids=repr,
)
def test_play_given_clicks_that_are_not_a_list_of_clicks_is_a_type_error(clicks, hint):
    with pytest.raises(TypeError) as raised:
        play(GAME, clicks)
    said = str(raised.value)
    assert said.startswith(f"play needs its clicks as a list of (row, column) pairs{hint}, not ")
    assert str(play(GAME, iter([(0, 0)]))) == "1E / EM"  # any iterable of clicks will do


# --- the setters' functions (docs/generate.md) ------------------------------------------------


WALLED = parse_board("EEEEE\nEEMEE\nEEEEE\nEEEEE")


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda: solvable(None, (3, 0)), "solvable needs a game Board, not NoneType None"),
        # compare's board was refused by the first engine's check, in check's name
        (lambda: compare("1?"), "compare needs a Board (parse_board(text)"),
        (lambda: solvable("EEM", (0, 0)), "solvable needs a game Board (parse_board(text)"),
        (lambda: solvable(WALLED, "3,0"), "solvable: click is a (row, column) pair"),
        (lambda: solvable(WALLED, (3.0, 0)), "not tuple (3.0, 0)"),
        (lambda: solvable(WALLED, (True, 0)), "not tuple (True, 0)"),
        (lambda: solvable(WALLED, (3, 0), mines="1"), "solvable: mines must be a whole number"),
        (lambda: solvable(WALLED, (3, 0), mines=True), "or None, not bool True"),
        (lambda: make_puzzle("4", 4), "make_puzzle: height must be a whole number, not str '4'"),
        (lambda: make_puzzle(4, 4.0), "make_puzzle: width must be a whole number, not float 4.0"),
        (lambda: make_puzzle(4, 4, mines="3"), "make_puzzle: mines must be a whole number or"),
        (lambda: make_puzzle(4, 4, density="0.2"), "make_puzzle: density must be a number"),
        (lambda: make_puzzle(4, 4, seed=1.5), "make_puzzle: seed must be a whole number"),
        (lambda: deal("4", 4, 3), "deal: height must be a whole number, not str '4'"),
        (lambda: deal(4, 4, "3"), "deal: mines must be a whole number, not str '3'"),
        (lambda: deal(4, 4, 3, seed=None), "deal: seed must be a whole number, not NoneType"),
        (lambda: deal(4, 4, 3, first="0,0"), "deal: first is a (row, column) pair"),
        (lambda: board_stats("EEM"), "board_stats needs a game Board or a solved puzzle Board"),
        (lambda: board_stats(None), "not NoneType None"),
    ],
)
def test_the_setters_functions_given_the_wrong_kind_of_argument_say_which(call, said):
    with pytest.raises(TypeError) as raised:
        call()
    assert said in str(raised.value)


def test_the_setters_functions_take_a_click_written_as_a_list():
    assert solvable(WALLED, [3, 0], mines=1).won
    assert solvable(WALLED, [3, 0]).click == (3, 0)
    game = deal(4, 4, 3, first=[0, 0], seed=5)
    assert game.first == (0, 0) and game.board[0, 0] == "E"
    assert deal(4, 4, 3, first=[0, 0], seed=5) == deal(4, 4, 3, first=(0, 0), seed=5)


def test_a_board_indexed_off_the_board_or_by_what_is_not_a_cell_says_so():
    board = parse_board("1?\n??")
    assert board[0, 1] == board[[0, 1]] == "?"
    for cell in ((2, 0), (0, 2), (-1, 0), (0, -1)):  # a negative index no longer counts back
        with pytest.raises(IndexError, match=r"is off the 2x2 board \(rows 0-1, columns 0-1\)$"):
            board[cell]
    # (True, 0) gave the cell at (1, 0), where neighbours() and reveal() refuse a bool
    for cell in (0, "a", (0.0, 1), (0, 1, 2), None, (True, 0), (0, False)):
        with pytest.raises(TypeError, match="^a board is indexed by a .row, column. pair of whole"):
            board[cell]


@pytest.mark.parametrize("mines", [None, 3, "01"], ids=repr)
def test_from_mines_given_what_is_not_a_collection_of_mines_is_a_type_error(mines):
    with pytest.raises(TypeError, match="^from_mines: mines must be .row, column. pairs"):
        Board.from_mines(2, 2, mines)


def test_an_argument_the_question_does_not_take_is_named_with_the_question(engine):
    with pytest.raises(
        TypeError, match="^count\\(\\): got an unexpected keyword argument 'extra'$"
    ):
        engine.count(BOARD, extra=1)
    with pytest.raises(TypeError, match="^analyze\\(\\): too many positional arguments$"):
        engine.analyze(BOARD, 1, 2)


@pytest.mark.parametrize(
    ("rows", "kind", "said"),
    [
        (["EM", "EE"], "puzzle", "(a game board is Board(rows, 'game'))"),
        (["1?"], "game", "(a puzzle board is Board(rows, 'puzzle'))"),
        (["EM", "E?"], "puzzle", "cells are 0-8 * ?"),  # neither kind: no hint
        (["9"], "puzzle", "'9' is not a puzzle cell: a puzzle board's cells are 0-8 * ?"),
        # the file's spellings of * and ? are parse_board's, not Board's: it had listed them
        # among the cells it was refusing
        (
            ["F?"],
            "puzzle",
            "cells are 0-8 * ? (F and . are read as * and ? by parse_board, not by Board)",
        ),
        (
            ["1."],
            "puzzle",
            "'.' is not a puzzle cell: a puzzle board's cells are 0-8 * ? "
            "(F and . are read as * and ? by parse_board, not by Board)",
        ),
        (["E."], "game", "a game board's cells are E M B X 1-8"),
    ],
)
def test_a_board_of_cells_of_the_other_kind_says_which_kind_they_are(rows, kind, said):
    with pytest.raises(ValueError) as raised:
        Board(rows, kind)
    assert str(raised.value).endswith(said)


@pytest.mark.parametrize("question", list(QUESTIONS))
def test_a_game_board_whose_marked_mines_contradict_a_digit_is_a_value_error(engine, question):
    """The engines read a game board as the player sees it, M squares unknown: a board whose M
    beside a blank (or more M and X than a digit shows) would otherwise come back as a puzzle
    with the marked mine safe."""
    with pytest.raises(ValueError) as raised:
        QUESTIONS[question](engine, parse_board("BM\nEE"))
    assert str(raised.value) == (
        f"{question}: (0,0) shows a blank but touches 1 marked mine (M or X): "
        "the board contradicts itself"
    )


def test_a_game_board_with_mines_hidden_under_e_is_answered(engine):
    """A board copied from a screen writes unknown mines E: a digit may show more mines than are
    marked around it."""
    assert engine.count(parse_board("2E\nEE")) == 3


def test_an_integer_that_is_not_a_python_int_is_told_how_to_become_one():
    # numpy's int64 was refused as "not a whole number", which it is
    class Integer:  # as numpy's integers are: an __index__, and not an int
        def __index__(self) -> int:
            return 1

        def __repr__(self) -> str:
            return "Integer(1)"

    with pytest.raises(TypeError) as refused:
        logicmines.get_backend("kanren").count(Board(("1?", "??")), mines=Integer())
    assert str(refused.value) == (
        "count: mines must be a whole number or None, not Integer Integer(1) (a Python int is "
        "wanted: int() makes one of it)"
    )
    with pytest.raises(TypeError, match=r"int\(\) makes one of it"):
        solvable(Board(("EE", "EM"), "game"), (Integer(), 0))
    # a click and a mine's place said "not tuple" alone, the long repr left out
    with pytest.raises(TypeError, match=r"not tuple \(a Python int is wanted"):
        logicmines.reveal(Board(("EE", "EM"), "game"), (Integer(), Integer()))
    with pytest.raises(TypeError, match=r"int\(\) makes one of it"):
        Board.from_mines(2, 2, [(Integer(), 0)])


def test_a_game_refuses_squares_off_its_board_in_one_clear_error():
    # a bare IndexError after the deal, (-1,0) read as the last row, a list unhashable
    from logicmines.game import GameError, new_game

    game = new_game(9, 9, 10, seed=1)
    assert game.click([4, 4]) is True
    for move in (game.click, game.flag, game.chord, game.square):
        with pytest.raises(GameError, match=r"^square \(9,0\) is outside the board"):
            move((9, 0))
        with pytest.raises(GameError, match=r"^square \(-1,0\) is outside the board"):
            move((-1, 0))
        with pytest.raises(TypeError, match="a square is a .row, column. pair"):
            move("x")
    assert game.analyze("kanren").count > 0  # an engine's name does, as an engine does
    for mines in ("10", None, 10.5):
        with pytest.raises(TypeError, match="^new_game: mines must be a whole number"):
            new_game(9, 9, mines)


def test_a_place_off_the_board_is_refused_not_wrapped_round():
    board = parse_board("1?\n??")
    assert board.place((1, 1)) == (2, 2)
    for cell in ((5, 5), (0, 5), (-1, 0), (0, 2), (2, 0)):  # just past each edge too
        with pytest.raises(ValueError, match="is not on the 2x2 board"):
            board.place(cell)
    with pytest.raises(TypeError):
        board.place("x")
    with pytest.raises(TypeError, match="^Board.from_text needs the board's text, not NoneType"):
        Board.from_text(None)


def test_an_engine_named_by_what_is_not_a_str_is_a_type_error():
    with pytest.raises(
        TypeError, match=r"^an engine's name is a str, one of kanren, .*not \['kanren'\]$"
    ):
        logicmines.get_backend(["kanren"])


@pytest.mark.parametrize("name", [name for name in REGISTRY if name in ("clingo", "clpfd")])
def test_consequences_checks_its_arguments_as_the_questions_do(name):
    """clingo's and clpfd's forced cells without counting (docs/asp.md) are public too: a marked
    mine beside a blank came back as safe, and a wrong mine total was read as a number by one
    engine and raised a raw Prolog error from the other."""
    engine = logicmines.get_backend(name)
    with pytest.raises(ValueError) as raised:
        engine.consequences(parse_board("BM\nEE"))
    assert str(raised.value) == (
        "consequences: (0,0) shows a blank but touches 1 marked mine (M or X): "
        "the board contradicts itself"
    )
    with pytest.raises(TypeError, match="^consequences needs a Board"):
        engine.consequences("1??\n???")
    for mines in (True, 1.0, "1"):
        with pytest.raises(TypeError, match="^consequences: mines must be a whole number or None"):
            engine.consequences(BOARD, mines=mines)
    with pytest.raises(ValueError, match="^consequences: mines must be at least 0, not -1$"):
        engine.consequences(BOARD, mines=-1)
    forced = engine.consequences(BOARD, mines=1)
    assert forced is not None and forced.safe == [(0, 2), (1, 2)] and forced.mines == []
    assert type(engine).consequences.__name__ == "consequences"
