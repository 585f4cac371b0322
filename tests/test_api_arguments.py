"""Python callers who pass arguments of the wrong kind get one TypeError or ValueError that names
the question and the argument, from every engine and from the click functions, before any engine
is asked (docs/python.md)."""

from __future__ import annotations

import pytest

import logicmines
from logicmines import RevealError, parse_board, play, reveal, status
from logicmines.backends import REGISTRY

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
        play(GAME, [(0, 0), click])


def test_a_click_written_as_a_list_is_a_click():
    assert str(reveal(GAME, [0, 0])) == str(reveal(GAME, (0, 0))) == "1E / EM"


@pytest.mark.parametrize("call", [reveal, play, status], ids=lambda call: call.__name__)
def test_a_click_function_given_text_is_a_type_error_naming_itself(call):
    arguments = {"reveal": ("EE", (0, 0)), "play": ("EE", [(0, 0)]), "status": ("EE",)}
    with pytest.raises(TypeError) as raised:
        call(*arguments[call.__name__])
    assert str(raised.value) == (
        f"{call.__name__} needs a game Board (parse_board(text) reads one from its text), "
        "not str 'EE'"
    )


def test_a_click_off_the_board_is_still_a_reveal_error():
    with pytest.raises(RevealError, match=r"outside the board"):
        reveal(GAME, (5, 5))
