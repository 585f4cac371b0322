"""Every engine through the one protocol: time limits, compare, and a new engine added by the
recipe in docs/architecture.md."""

from __future__ import annotations

import re

import pytest
from conftest import EXAMPLES, run_main
from hypothesis import given, settings
from hypothesis import strategies as st
from test_kanren import small_boards

from logicmines.backends import REGISTRY, lazy, make_backend
from logicmines.board import Board
from logicmines.engine import EngineTimeout
from logicmines.generate import lattice, random_puzzle

RULES_EXAMPLES = str(EXAMPLES / "spec.txt")  # one solution, four, none
# Slow for every engine: 200 unknown cells, most of them touching digits (hopeless for the
# engines that list every model, a few hundred questions for the staged ones).
SLOW = "\n".join(random_puzzle(20, 20, 0.2, 0.5, seed=3).rows) + "\n"
WHOLE_BOARD_LIMIT = "0.5"
WHOLE_BOARD_ENGINES = ("reference", "gprolog", "clingo", "clpfd")
ALL_UNKNOWN_5X5 = "?????\n" * 5  # 2**25 models: the engines that list them all run out of time
# A 31x31 lattice of digits: one block whose sweep keeps many digits open at once, so that
# clpfd, which counts without listing, takes about 30 s over it.
WIDE_BLOCK = lattice(31, seed=2).render() + "\n"


@pytest.mark.parametrize("name", list(REGISTRY))
def test_each_backend_past_its_timeout_says_so_in_one_line_and_answers_the_other_boards(name):
    # The engines that list every model meet 2**36 of them; the staged ones count those at once
    # (free cells) but ask hundreds of questions about SLOW, and clpfd sweeps a wide block. A
    # process start (gprolog) takes a few ms, so the whole-board engines get a longer limit.
    whole_board = name in WHOLE_BOARD_ENGINES
    board, size = ("??????\n" * 6, "6x6") if whole_board else (SLOW, "20x20")
    if name == "clpfd":
        board, size = WIDE_BLOCK, "31x31"
    seconds = WHOLE_BOARD_LIMIT if whole_board else "0.001"
    run = run_main(["count", "--backend", name, "--timeout", seconds], stdin=board + "\n2?\n")
    assert run.status == 3
    assert run.err.count("\n") == 1
    assert re.fullmatch(
        rf"logicmines: timeout: board 1 \(<stdin>:1, {size} puzzle\): {name}: gave up after "
        rf"{re.escape(seconds)} s \(its time limit\).*\n",
        run.err,
    ), run.err
    second = len(board.splitlines()) + 2
    assert run.out == f"board 2 (<stdin>:{second}, 1x2 puzzle): 0 solutions\n"


@pytest.mark.parametrize(("name", "program"), [("reference", "reference"), ("gprolog", "original")])
@pytest.mark.parametrize("mines", [None, 1])
@pytest.mark.parametrize("command", ["count", "analyze"])
def test_the_programs_that_collect_every_solution_say_so_when_they_give_up(
    name, program, mines, command
):
    # gprolog said only that it gave up; with a total, 20 solutions of 2**20 in a 4x5 game,
    # neither said that every solution is collected first
    total = [] if mines is None else ["--mines", str(mines)]
    run = run_main([command, "--backend", name, "--timeout", "1", *total], stdin="EEEEE\n" * 4)
    assert run.status == 3
    kept = "" if mines is None else " (those with 1 mine picked out afterwards)"
    assert run.err.endswith(
        f"{name}: gave up after 1 s (its time limit): the {program} program collects every "
        f"solution{kept}, which is slow on all but small boards; `--backend prolog` answers the "
        "same question\n"
    ), run.err


@pytest.mark.parametrize("command", ["check", "count", "solve", "analyze"])
def test_every_engine_command_takes_a_timeout(command):
    run = run_main([command, "--timeout", "0.001", "--json"], stdin=SLOW)
    assert run.status == 3
    (record,) = run.records()  # the board's object says why it has no answer
    assert record["board"] == 1 and record["error"].startswith("kanren: gave up after 0.001 s")
    assert "gave up after 0.001 s" in run.err


def test_a_board_answered_in_time_is_not_a_timeout():
    run = run_main(["check", RULES_EXAMPLES, "--timeout", "60"])
    assert run.status == 1  # the second and third boards are not unique
    assert run.err == ""


@pytest.mark.parametrize(
    "value", ["0", "-1", "nan", "inf", "1e300", "soon", "1_0", "\u0661", "0x10"]
)
def test_a_timeout_must_be_a_positive_number_of_seconds(value):
    run = run_main(["check", "--timeout", value], stdin="1?\n")
    assert run.status == 2
    assert "--timeout" in run.err and run.err.count("\n") == 1


def test_the_staging_stops_a_backend_at_its_deadline():
    with pytest.raises(EngineTimeout) as stopped:
        make_backend("kanren", 0.001).count(Board(tuple(SLOW.split())))
    assert stopped.value.seconds == 0.001


def test_compare_says_which_engines_timed_out_and_that_the_others_agree():
    # the engines that list the solutions first: after a count of 2**25, they would not be run
    # (clpfd counts them without listing, every cell a part of its own)
    last = ["kanren", "prolog"]
    engines = ",".join([name for name in REGISTRY if name not in last] + last)
    run = run_main(["compare", "--timeout", "0.3", "--engines", engines], stdin=ALL_UNKNOWN_5X5)
    assert run.status == 0
    assert f"engines agree (3 of {len(REGISTRY)} answered)" in run.out
    assert re.search(r"^  reference  > timeout \(0\.3 s\)$", run.out, re.MULTILINE), run.out
    assert re.search(r"^  clingo     > timeout \(0\.3 s\)$", run.out, re.MULTILINE), run.out
    assert re.search(r"^  gprolog    > timeout \(0\.3 s\)$", run.out, re.MULTILINE), run.out


def test_compare_where_no_engine_answers_in_time_is_a_timeout():
    run = run_main(["compare", "--timeout", "0.001"], stdin=SLOW)
    assert run.status == 3
    (line,) = run.err.splitlines()
    assert line.startswith("logicmines: timeout: board 1 (<stdin>:1, 20x20 puzzle): ")
    assert f"no engine answered within 0.001 s ({len(REGISTRY)} engines timed out: kanren, " in line
    assert "no engine answered" in run.out  # the comparison is still drawn


@pytest.fixture
def registry_kept():
    """REGISTRY as it was afterwards, in its order too (monkeypatch.delitem puts a name back at
    the end, and the engines' order is what the error messages list)."""
    kept = dict(REGISTRY)
    yield
    REGISTRY.clear()
    REGISTRY.update(kept)


def test_compare_does_not_call_one_answer_agreement(registry_kept):
    for name in ("prolog", "gprolog", "clingo", "clpfd"):
        del REGISTRY[name]
    # reference first: after kanren's count of 2**25 it would not be run
    asked = ["compare", "--timeout", "0.3", "--engines", "reference,kanren"]
    (record,) = run_main([*asked, "--json"], stdin=ALL_UNKNOWN_5X5).records()
    assert record["engines"]["reference"]["error"].startswith("reference: gave up after 0.3 s")
    text = run_main(asked, stdin=ALL_UNKNOWN_5X5).out
    assert "only 1 of 2 engines answered: nothing to compare" in text
    assert "engines agree" not in text


OTHER_ENGINES = [name for name in REGISTRY if name != "kanren"]


@pytest.mark.parametrize("name", OTHER_ENGINES)
@pytest.mark.parametrize("command", ["check", "count", "solve", "analyze"])
@pytest.mark.parametrize("mines", [[], ["--mines", "4"], ["--mines", "5"]])  # boards 1, 2 have some
def test_each_engine_answers_the_command_line_as_kanren_does(name, command, mines):
    ours = run_main([command, RULES_EXAMPLES, "--json", "--backend", name, *mines])
    theirs = run_main([command, RULES_EXAMPLES, "--json", "--backend", "kanren", *mines])
    assert ours.status == theirs.status and ours.err == ""
    for mine, other in zip(ours.records(), theirs.records(), strict=True):
        for record in (mine, other):
            record.pop("backend", None)
            record.pop("reason", None)  # each engine says in its own words why there is none
            if command == "solve":
                record["solutions"].sort()
        assert mine == other


@pytest.mark.parametrize("name", list(REGISTRY))
def test_the_command_line_says_which_engine_answered(name):
    run = run_main(["check", "--backend", name, "--json"], stdin="1?\n")
    assert run.records() == [{"board": 1, "verdict": "unique", "backend": name, "solution": ["1*"]}]


# --- the recipe: one new file (tests/toy_engine.py) plus one registry line ------------------------


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(REGISTRY, "toy", lazy("toy_engine:ToyBackend"))


def test_a_new_engine_checks_counts_and_analyzes_like_the_others(toy):
    for command in ("check", "count", "analyze", "solve"):
        ours = run_main([command, RULES_EXAMPLES, "--json", "--backend", "toy"]).records()
        theirs = run_main([command, RULES_EXAMPLES, "--json", "--backend", "kanren"]).records()
        for mine, other in zip(ours, theirs, strict=True):
            mine.pop("backend", None)
            other.pop("backend", None)
            assert mine == other


def test_a_new_engine_takes_part_in_compare(toy):
    (record, *_) = run_main(["compare", RULES_EXAMPLES, "--json"]).records()
    assert record["engines"]["toy"]["verdict"] == "unique"
    assert record["agree"] is True


def test_a_new_engine_gets_time_limits_from_the_staging(toy):
    run = run_main(["count", "--backend", "toy", "--timeout", "0.001"], stdin=SLOW)
    assert run.status == 3
    assert "toy: gave up after 0.001 s (its time limit)" in run.err


@pytest.mark.parametrize("name", list(REGISTRY))
@pytest.mark.parametrize("total", [2**31, 2**32 + 1, 2**64 + 1, 10**20 + 1])
def test_a_mine_total_beyond_any_machine_word_has_no_solution_in_every_engine(name, total):
    # 1? / ?? has 3 solutions of 1 mine: a total that wraps round a 32- or 64-bit word to 1
    # would find them (clingo's numbers are 32-bit).
    board = Board(("1?", "??"))
    engine = make_backend(name)
    assert engine.count(board, mines=total) == 0
    found = engine.check(board, mines=total)
    assert found.verdict.value == "none" and str(total) in found.reason.replace(",", "")
    assert list(engine.solutions(board, 5, mines=total)) == []
    assert engine.count(board, mines=1) == 3
    with pytest.raises(ValueError, match="mines must be at least 0"):
        engine.count(board, mines=-total)  # refused before the engine wraps it round


@pytest.mark.parametrize("name", WHOLE_BOARD_ENGINES)
def test_no_solution_with_a_total_of_one_says_mine(name):
    engine = make_backend(name)
    if name in ("clpfd", "clingo"):  # they say how many mines the solutions hold
        found = engine.check(Board(("1?", "??")), mines=2)
        assert found.reason == "every solution holds exactly 1 mine in all, not 2"
    else:
        found = engine.check(Board(("2?", "??")), mines=1)
        assert found.reason.endswith("with exactly 1 mine"), found.reason


def test_every_error_an_engine_or_a_game_raises_crosses_to_another_process_whole():
    # autoplay --workers and --scheduler send a game's error back by pickle; an error that
    # cannot be rebuilt there stops the pool's result thread, and the run waits forever.
    import pickle

    from logicmines.deal import DealError
    from logicmines.engine import BackendUnavailable, EngineError
    from logicmines.parse import BoardSyntaxError
    from logicmines.problem import NoSolution
    from logicmines.reveal import RevealError

    errors = [
        EngineTimeout("clingo", 60.0, ": count and analyze list every solution"),
        EngineTimeout("kanren", 0.5),
        EngineError("prolog: resource error"),
        BackendUnavailable("pip install 'logicmines[clingo]'"),
        BoardSyntaxError("game.txt", 2, 3, "unexpected 'x'", "12x"),
        BoardSyntaxError("game.txt", None, None, "no board found"),
        DealError("a 9x9 game holds from 0 to 80 mines"),
        RevealError("click (9,9) is outside the board"),
        NoSolution("(0,0) shows 2 but touches 1 mine"),
    ]
    for error in errors:
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == str(error)
        assert vars(again) == vars(error)


def test_each_thread_asks_on_its_own_clock():
    # One engine's clock was shared: a call made while another thread's ran took that call's
    # limit, and none at all once it ended (a timeout of 1 s ran past 100 s).
    import threading

    from logicmines.backends.kanren import KanrenBackend
    from logicmines.engine import NO_LIMIT, Deadline

    engine = KanrenBackend(timeout=7)
    inside, leave = threading.Event(), threading.Event()
    seen = []

    def other_thread():
        with engine.clock(Deadline("other", 100)) as clock:
            seen.append(clock.seconds)
            inside.set()
            leave.wait(10)

    worker = threading.Thread(target=other_thread)
    worker.start()
    try:
        assert inside.wait(10)
        assert engine.memo.deadline is NO_LIMIT  # this thread asks nothing yet
        with engine.clock() as mine:
            assert mine.seconds == 7  # its own limit, not the other thread's 100 s
    finally:
        leave.set()
        worker.join(10)
    assert seen == [100]
    assert engine.count(Board(("1?", "??"))) == 3


def test_an_engine_with_its_memo_goes_to_another_process_whole():
    import pickle

    from logicmines.backends.kanren import KanrenBackend

    engine = KanrenBackend()
    engine.count(Board(("1?", "??")))
    again = pickle.loads(pickle.dumps(engine.memo))
    assert again.answers == engine.memo.answers


@settings(max_examples=200, deadline=None)
@given(small_boards(max_side=6), st.randoms(use_true_random=False))
def test_a_solved_board_counts_the_same_cell_by_cell_and_all_at_once(board, rng):
    # solved_board counts every mine at once past MANY unknown cells (a 700x700 board of ? took
    # 6 s cell by cell): both ways give the same board.
    import logicmines.results as results

    unknown = [cell for cell in board.cells() if board[cell] == "?"]
    mines = {cell: rng.randint(0, 1) for cell in unknown}
    by_cell = results.solved_board(board, mines)
    for cell in unknown:  # each digit the mines around it, as the board's neighbours say
        around = sum(by_cell[n] == "*" for n in board.neighbours(cell))
        assert by_cell[cell] == ("*" if mines[cell] else str(around))
    saved = results.MANY
    results.MANY = 0
    try:
        assert results.solved_board(board, mines) == by_cell
    finally:
        results.MANY = saved


@pytest.mark.parametrize("name", ["kanren", "prolog", "clingo"])
def test_a_lazy_listing_counts_only_its_own_time_against_the_limit(name, monkeypatch):
    # The caller holds each solution for 0.4 s of a 0.3 s limit: the listing goes on, as its
    # docstring says the clock runs only while a solution is being found. The clock is moved
    # by hand, so that the test does not wait.
    from logicmines import engine

    now = [1000.0]
    monkeypatch.setattr(engine.time, "monotonic", lambda: now[0])
    listing = make_backend(name, 0.3).solutions(Board.from_text("?????"))
    found = []
    for solved in listing:
        found.append(solved)
        now[0] += 0.4  # the caller's time
    assert len(found) == 32
