"""The questions' arguments, checked before any engine sees them.

A Python caller who passes the text of a board instead of a `Board`, or a count as a string, gets
one TypeError or ValueError that names the question and the argument, instead of an
AttributeError from deep inside an engine. Every backend class is decorated with `checks_arguments`.
The same wrapper gives an engine's analysis of a game board that board as asked (`Analysis.shown`:
the analysis is of the puzzle it poses), which no engine need do itself.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable
from typing import TypeVar

from ..board import contradiction, require_board, require_whole

QUESTIONS = ("check", "count", "solutions", "analyze")
# Checked as the questions are: clingo's and clpfd's forced cells without counting (docs/asp.md).
CHECKED = (*QUESTIONS, "consequences")
# The arguments that hold a count, and the least value each may take.
COUNTS = {"mines": 0, "limit": 0}

T = TypeVar("T", bound=type)


def checks_arguments(cls: T) -> T:
    """`cls` with each of the questions it defines (and `consequences`, where it has it)
    checking its arguments first; its analysis of a game board keeps that board as `shown`."""
    for name in CHECKED:
        method = cls.__dict__.get(name)
        if method is not None:
            setattr(cls, name, _checked(name, method))
    return cls


def _checked(name: str, method: Callable) -> Callable:
    signature = inspect.signature(method)

    @functools.wraps(method)
    def checked(*args, **kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as error:  # an unknown keyword, an argument too many: name the question
            raise TypeError(f"{name}(): {error}") from None
        board = bound.arguments.get("board")
        check_board(name, board)
        for argument, least in COUNTS.items():
            if argument in bound.arguments:
                check_count(name, argument, bound.arguments[argument], least)
        answer = method(*args, **kwargs)
        if name == "analyze" and board.kind == "game":
            answer = dataclasses.replace(answer, shown=board)
        return answer

    return checked


def check_board(question: str, board: object) -> None:
    """TypeError unless `board` is a Board; ValueError for a game board whose marked mines
    contradict its digits. The engines forget where a game board's M squares are, as a player
    does not see them: such a board would be answered as if they were not there (a mine beside a
    blank coming back as safe)."""
    require_board(question, board)
    found = contradiction(board)
    if found is not None:
        raise ValueError(f"{question}: {found[1]}")


def check_count(question: str, argument: str, value: object, least: int) -> None:
    """TypeError unless `value` is None or a whole number; ValueError if it is below `least`."""
    require_whole(question, argument, value, optional=True)
    if value is not None and value < least:
        raise ValueError(f"{question}: {argument} must be at least {least}, not {value}")
