"""The clingo backend: the answer-set program's answers against plain enumeration, the command
line with `--backend clingo`, time limits, and the board reaching the program as numbers only."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from fractions import Fraction

import pytest
from conftest import checkout_env, default_ctrl_c, run_main
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import all_models, mines_in, models_with, verdict_of
from test_kanren import small_boards

from logicmines.backends import BackendUnavailable
from logicmines.backends.clingo import ClingoBackend, facts
from logicmines.backends.kanren import KanrenBackend
from logicmines.board import Board
from logicmines.engine import Deadline, EngineTimeout
from logicmines.generate import midgame, random_puzzle
from logicmines.results import Verdict

clingo = ClingoBackend()
ALL_UNKNOWN_5X5 = "?????\n" * 5  # 2**25 solutions: more than clingo lists in half a second


# --- against plain enumeration -----------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(small_boards(), st.one_of(st.none(), st.integers(0, 14)))
def test_verdict_solution_and_count_equal_enumeration(board, mines):
    models = models_with(board, mines)
    assert clingo.count(board, mines) == len(models)
    result = clingo.check(board, mines)
    assert result.verdict.value == verdict_of(len(models))
    if result.verdict is Verdict.UNIQUE:
        assert result.solution.rows == models[0]
    assert (result.reason is not None) == (result.verdict is Verdict.NONE)


@settings(max_examples=100, deadline=None)
@given(small_boards(max_side=4), st.one_of(st.none(), st.integers(0, 5)))
def test_solutions_are_exactly_the_enumerated_models(board, limit):
    found = [s.rows for s in clingo.solutions(board, limit)]
    models = all_models(board)
    if limit is None:
        assert sorted(found) == sorted(models)
    else:
        assert len(found) == min(limit, len(models))
        assert len(set(found)) == len(found) and set(found) <= set(models)


@settings(max_examples=200, deadline=None)
@given(small_boards(max_side=5, max_unknown=10), st.one_of(st.none(), st.integers(0, 12)))
def test_consequences_and_analysis_equal_enumeration(board, mines):
    models = models_with(board, mines)
    puzzle = board.as_puzzle()
    unknown = [cell for cell in puzzle.cells() if puzzle[cell] == "?"]
    shares = {
        cell: Fraction(sum(Board(m)[cell] == "*" for m in models), len(models) or 1)
        for cell in unknown
    }
    forced = clingo.consequences(board, mines)
    analysis = clingo.analyze(board, mines)
    assert analysis.count == len(models)
    if not models:
        assert forced is None and analysis.probabilities == {} and analysis.reason
        return
    assert forced.safe == sorted(cell for cell in unknown if shares[cell] == 0)
    assert forced.mines == sorted(cell for cell in unknown if shares[cell] == 1)
    assert analysis.probabilities == shares
    assert analysis.reason is None


def test_the_board_of_the_rules_has_its_one_solution():
    board = Board.from_text("1121 / 1??* / 12?* / 0122")
    assert str(clingo.check(board).solution) == "1121 / 1*4* / 12** / 0122"
    forced = clingo.consequences(board)
    assert (forced.safe, forced.mines) == ([(1, 2)], [(1, 1), (2, 2)])


def test_a_game_board_is_answered_as_the_puzzle_it_poses():
    game = Board.from_text("B1E1B / B1M1B / B111B / BBBBB")
    assert str(clingo.check(game).solution) == "01110 / 01*10 / 01110 / 00000"
    assert clingo.count(game) == 1


def test_consequences_of_a_midgame_are_the_forced_cells_kanren_counts():
    board = midgame(16, 30, 99, seed=1)
    forced = clingo.consequences(board)
    exact = KanrenBackend().analyze(board)
    assert (forced.safe, forced.mines) == (exact.safe, exact.mines)
    assert forced.safe or forced.mines  # the position forces something: the test means something


def test_no_solution_says_so_with_the_total():
    assert clingo.check(Board.from_text("1?"), mines=2).reason == (
        "every solution holds exactly 1 mine in all, not 2"
    )
    assert clingo.analyze(Board.from_text("1?"), mines=0).count == 0


def test_a_limit_of_no_solutions_lists_none():
    assert list(clingo.solutions(Board.from_text("??"), 0)) == []


# --- the command line -----------------------------------------------------------------------------


def test_solutions_still_held_when_python_ends_end_with_it(tmp_path):
    # clingo aborted the process (status 134, "FATAL: exception not rethrown", files not yet
    # flushed lost) when Python ended while a solutions() loop waited, here, in a thread and
    # behind a generator of the caller's own
    written = tmp_path / "written.txt"
    script = f"""
import threading
import logicmines as lm
engine = lm.get_backend("clingo")
held = (solution for solution in engine.solutions(lm.Board.from_text("?? / ??")))
print(next(held))
kept = []
def hold():
    kept.append(engine.solutions(lm.Board.from_text("???")))
    next(kept[0])
thread = threading.Thread(target=hold)
thread.start()
thread.join()
open({str(written)!r}, "w").write("written")
"""
    ended = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=checkout_env()
    )
    assert (ended.returncode, ended.stderr) == (0, "")
    assert ended.stdout == "00 / 00\n"
    assert written.read_text() == "written"


def test_past_the_time_limit_one_line_exit_3_and_the_other_boards_answered():
    run = run_main(
        ["count", "--backend", "clingo", "--timeout", "0.5"], stdin=ALL_UNKNOWN_5X5 + "\n2?\n"
    )
    assert run.status == 3
    assert re.fullmatch(
        r"logicmines: timeout: board 1 \(<stdin>:1, 5x5 puzzle\): clingo: gave up after 0\.5 s "
        r"\(its time limit\): count and analyze list every solution[^\n]*\n",
        run.err,
    ), run.err
    assert run.out == "board 2 (<stdin>:7, 1x2 puzzle): 0 solutions\n"


@pytest.mark.parametrize("question", ["count", "analyze", "solutions"])
def test_a_long_enumeration_stops_at_the_time_limit(question, monkeypatch):
    # A listing's clock is put off by the time its caller holds each solution (here, list()
    # keeping thousands of boards): that time is the caller's, so it is not counted here.
    held = [0.0]
    put_off = Deadline.put_off

    def counted(deadline, seconds):
        held[0] += seconds
        put_off(deadline, seconds)

    monkeypatch.setattr(Deadline, "put_off", counted)
    engine = ClingoBackend(0.3)
    board = Board(("?" * 6,) * 6)  # 2**36 solutions
    started = time.monotonic()
    with pytest.raises(EngineTimeout, match=r"^clingo: gave up after 0\.3 s \(its time limit\)"):
        answer = getattr(engine, question)(board)
        list(answer)
    assert time.monotonic() - started - held[0] < 1.5


def test_solutions_are_given_as_they_are_found():
    # 2**36 solutions: listing them all first would not end within the limit, so the first
    # three come only from a listing that gives each as it is found; breaking off cancels it.
    board = Board(("?" * 6,) * 6)
    listing = ClingoBackend(0.5).solutions(board)
    first = [next(listing) for _ in range(3)]
    assert len({solved.rows for solved in first}) == 3
    assert all(KanrenBackend().count(solved) == 1 for solved in first)  # each a solution
    listing.close()
    assert clingo.count(Board.from_text("1?")) == 1  # the engine answers on after the break


def test_the_clock_is_looked_at_when_grounding_ends():
    board = random_puzzle(60, 60, 0.2, 0.3, seed=1)  # grounding alone takes some milliseconds
    with pytest.raises(EngineTimeout, match=r"^clingo: gave up after 0\.001 s"):
        ClingoBackend(0.001).check(board)


def test_ctrl_c_stops_a_long_enumeration_at_once():
    code = (
        "from logicmines.backends.clingo import ClingoBackend\n"
        "from logicmines.board import Board\n"
        "engine = ClingoBackend(None)\n"
        "print('counting', flush=True)\n"
        "engine.count(Board(('?' * 60,)))\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=checkout_env(),
        preexec_fn=default_ctrl_c,
    )
    assert process.stdout.readline() == b"counting\n"
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    started = time.monotonic()
    _, err = process.communicate(timeout=30)
    assert time.monotonic() - started < 2
    assert b"KeyboardInterrupt" in err


def test_without_clingo_the_backend_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "clingo", None)  # `import clingo` raises ImportError
    with pytest.raises(BackendUnavailable, match=re.escape("pip install 'logicmines[clingo]'")):
        ClingoBackend()
    run = run_main(["check", "--backend", "clingo"], stdin="1?\n")
    assert run.status == 2 and run.out == ""
    assert run.err.count("\n") == 1 and "pip install 'logicmines[clingo]'" in run.err


# --- user text never becomes program text ---------------------------------------------------------

FACT = re.compile(r"(unknown|known)\(\d+,\d+\)\.|digit\(\d+,\d+,[0-8]\)\.|total\(-?\d+\)\.")


@settings(max_examples=100, deadline=None)
@given(small_boards(), st.one_of(st.none(), st.integers(-5, 50)))
def test_facts_hold_only_our_predicates_and_numbers(board, mines):
    lines = facts(board.as_puzzle(), mines).splitlines()
    assert all(FACT.fullmatch(line) for line in lines), lines
    assert len(lines) == board.height * board.width + (mines is not None)


class _Forged:
    """Something shaped like a board, carrying program text where a cell should be."""

    rows = ("1?", "?:- #false. %")


class _LoudInt(int):
    """A whole number that writes itself as program text."""

    def __str__(self) -> str:
        return "1). #false. total(2"

    __repr__ = __format__ = lambda self, *spec: str(self)  # noqa: E731


def test_program_text_in_a_cell_or_a_total_is_refused_or_written_as_a_number():
    with pytest.raises(ValueError, match="is not a puzzle cell"):
        facts(_Forged())
    with pytest.raises(TypeError):
        facts(Board.from_text("1?"), "1). #false. %")  # type: ignore[arg-type]
    assert facts(Board.from_text("1?"), _LoudInt(1)).splitlines()[-1] == "total(1)."
    assert clingo.count(Board.from_text("1?"), _LoudInt(1)) == 1


def test_a_board_from_a_file_with_program_text_in_its_name_is_only_numbers(in_tmp):
    name = "x). #false. %.txt"
    (in_tmp / name).write_text("1?\n")
    run = run_main(["count", "--backend", "clingo", name])
    assert run.status == 0 and run.out.endswith(": 1 solution\n"), run


def test_a_total_below_the_range_is_ruled_out_by_the_range_not_by_the_search():
    """On this Expert mid-game, clingo's search took 8 s to prove that no answer set holds 60
    mines (79 to 153 do); once a search with a total has run half a second, the range is looked
    at, and the search stops. A 4 s limit fails without it."""
    board = midgame(16, 30, 99, seed=1)
    engine = ClingoBackend(timeout=4)
    assert engine.check(board, 60).reason == KanrenBackend().check(board, 60).reason
    assert engine.count(board, 60) == 0
    assert engine.consequences(board, 60) is None
    assert list(engine.solutions(board, 2, 60)) == []
    assert engine.analyze(board, 60).count == 0


@settings(max_examples=150, deadline=None)
@given(small_boards(max_side=5, max_unknown=10), st.booleans())
def test_the_optimal_answer_sets_at_an_end_of_the_range_have_the_consequences_of_the_total(
    board, most
):
    """The form a total at an end of the range is asked in (the total left out, the number of
    mines optimised, only optimal answer sets seen) has the consequences of the solutions with
    that total, against plain enumeration; asked directly, as a small board's search with the
    total finishes long before the range is looked at."""
    models = all_models(board)
    if not models:
        return
    counts = [mines_in(model) for model in models]
    total = max(counts) if most else min(counts)
    grounded = clingo._ground(board.as_puzzle(), total)
    grounded.range = (min(counts), max(counts))
    forced = grounded._at_edge().consequences()
    puzzle = board.as_puzzle()
    unknown = [cell for cell in puzzle.cells() if puzzle[cell] == "?"]
    kept = [Board(m) for m, n in zip(models, counts) if n == total]
    assert forced.safe == [cell for cell in unknown if all(m[cell] != "*" for m in kept)]
    assert forced.mines == [cell for cell in unknown if all(m[cell] == "*" for m in kept)]


def test_the_forced_cells_with_a_total_at_an_end_of_the_range_are_found_on_an_expert_board():
    """midgame(16, 30, 99, 1) has solutions with 79 to 153 mines. With 79 or 153, the search
    with the total found neither consequence in 60 s; after half a second the range is looked
    at and the optimal answer sets answer in about a second in all. A 20 s limit leaves a wide
    margin."""
    board = midgame(16, 30, 99, seed=1)
    for mines in (79, 153):
        forced = ClingoBackend(timeout=20).consequences(board, mines)
        exact = KanrenBackend().analyze(board, mines)
        assert (forced.safe, forced.mines) == (exact.safe, exact.mines)


def test_a_mine_total_no_solution_of_a_big_board_holds_is_told_the_range_as_kanren_tells_it():
    """The fewest and most mines of an Expert mid-game's 10^35 solutions: clingo's default
    branch and bound ran out of 60 s on each and left the plain words; the core-guided
    optimisation proves them at once. A 10 s limit leaves a wide margin."""
    board = midgame(16, 30, 99, seed=1)
    for mines in (481, 400):
        ours = ClingoBackend(timeout=10).check(board, mines)
        assert ours.verdict is Verdict.NONE
        assert (
            ours.reason
            == KanrenBackend().check(board, mines).reason
            == (f"the solutions hold between 79 and 153 mines in all, never {mines}")
        )
