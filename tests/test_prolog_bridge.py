"""The bridge to SWI-Prolog: only numbers cross into a query, and Ctrl-C stops a long one."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
from conftest import EXAMPLES, checkout_env, default_ctrl_c

from logicmines.backends import make_backend
from logicmines.backends import prolog as prolog_module
from logicmines.backends.prolog import Swipl, swipl
from logicmines.board import Board
from logicmines.parse import parse_boards

BOARDS = parse_boards((EXAMPLES / "spec.txt").read_text()) + [
    Board(("B1E1B", "B1M1B", "B111B", "BBBBB"), "game"),
    Board.from_text("1? / ??"),
]


def _strings_in(arg: object) -> list[str]:
    if isinstance(arg, (list, tuple)):
        return [s for item in arg for s in _strings_in(item)]
    return [arg] if isinstance(arg, (str, bytes)) else []


@pytest.mark.parametrize("name", ["prolog", "reference"])
def test_no_string_ever_reaches_a_query(name, monkeypatch):
    seen: list[tuple] = []
    real = prolog_module._fill

    def spy(goal, args):
        seen.append(tuple(args))
        return real(goal, args)

    monkeypatch.setattr(prolog_module, "_fill", spy)
    backend = make_backend(name)
    for board in BOARDS:
        backend.check(board)
        backend.count(board)
        backend.count(board, mines=2)
        list(backend.solutions(board, 3))
        backend.analyze(board)
    assert seen, "the backend asked Prolog nothing"
    assert [s for args in seen for s in _strings_in(args)] == []


def test_the_query_text_holds_only_our_names_and_numbers():
    text = prolog_module._fill("p(%p, %p, %p)", ([[63, 42], [49, 48]], -1, 0.25))
    assert text == "p([[63, 42], [49, 48]], -1, 0.25)"


@pytest.mark.parametrize("bad", ["x). halt", b"codes", [1, "2"], None, {"a": 1}, float("nan")])
def test_a_query_refuses_anything_but_numbers_before_pyswip_sees_it(bad, monkeypatch):
    session = swipl("prolog")
    monkeypatch.setattr(session._prolog, "query", lambda *a, **k: pytest.fail("reached pyswip"))
    with pytest.raises(TypeError, match="numbers and lists of numbers"):
        Swipl._run(session, "true(%p)", bad)


def test_ctrl_c_stops_the_reference_engine_at_once():
    # 6x6 unknown cells: 2**36 models, which the original would list for hours.
    process = subprocess.Popen(
        [sys.executable, "-m", "logicmines", "count", "--backend", "reference", "--timeout", "600"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=checkout_env(),
        preexec_fn=default_ctrl_c,
    )
    process.stdin.write(b"??????\n" * 6)
    process.stdin.close()
    time.sleep(3)  # started, and deep in the query
    assert process.poll() is None
    process.send_signal(signal.SIGINT)
    start = time.monotonic()
    process.wait(timeout=10)
    assert time.monotonic() - start < 1.5
    assert process.returncode in (130, -signal.SIGINT)
    assert b"Traceback" not in process.stderr.read()
