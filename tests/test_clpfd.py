"""The clpfd backend: the whole-board CLP(FD) model (prolog/board.pl) against plain enumeration,
on big boards against kanren, through the command line with `--backend clpfd`, and its time
limits."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction

import pytest
from conftest import run_main
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from oracle import all_models, mines_in, models_with, verdict_of
from test_kanren import small_boards

from logicmines.analysis import from_models
from logicmines.backends import BackendUnavailable, EngineError
from logicmines.backends.clingo import ClingoBackend, Consequences
from logicmines.backends.clpfd import ClpfdBackend
from logicmines.backends.kanren import KanrenBackend
from logicmines.board import Board
from logicmines.engine import EngineTimeout
from logicmines.generate import lattice, midgame, random_puzzle
from logicmines.results import CheckResult, Verdict

clpfd = ClpfdBackend()
kanren = KanrenBackend()
ALL_UNKNOWN_6X6 = "??????\n" * 6  # 2**36 solutions: more than clpfd labels in a second


# --- against plain enumeration -----------------------------------------------------------------


def held_totals(board: Board, data, most: int = 14) -> int | None:
    # No total, any total up to `most`, or (twice as often) one that some model holds: totals
    # drawn at random are mostly held by none, and a count that mishandled the mines left would
    # pass them.
    held = sorted({mines_in(rows) for rows in all_models(board)})
    totals = [st.none(), st.integers(0, most)] + ([st.sampled_from(held)] * 2 if held else [])
    return data.draw(st.one_of(*totals), label="mines")


@settings(max_examples=150, deadline=None)
@given(small_boards(), st.data())
def test_verdict_solution_and_count_equal_enumeration(board, data):
    mines = held_totals(board, data)
    models = models_with(board, mines)
    assert clpfd.count(board, mines) == len(models)
    result = clpfd.check(board, mines)
    assert result.verdict.value == verdict_of(len(models))
    if result.verdict is Verdict.UNIQUE:
        assert result.solution.rows == models[0]
    assert (result.reason is not None) == (result.verdict is Verdict.NONE)


@settings(max_examples=300, deadline=None)
@given(small_boards(), st.data())
def test_the_split_search_finds_exactly_the_enumerated_models(board, data):
    # split_boards/4 shares the total (if any) out among the parts by their counts and walks
    # each part's cells through its sweep; on boards this small labeling answers first, so it
    # is asked alone here. Every model once: the same list, each in it once, as plain
    # enumeration's.
    mines = held_totals(board, data)
    solved = clpfd._ask("split_models", board.as_puzzle(), mines, -1, advice="")
    found = sorted(tuple(bytes(row).decode() for row in rows) for rows in solved)
    assert found == sorted(models_with(board, mines))


@settings(max_examples=150, deadline=None)
@given(small_boards(), st.data())
def test_listed_values_are_the_listed_boards_in_their_order(board, data):
    # solutions asks board_model_values (the unknown cells' values alone, the boards drawn in
    # Python); board_models draws the same solutions in Prolog, in the same order.
    mines = held_totals(board, data)
    limit = data.draw(st.sampled_from([-1, 1, 2, 5]), label="limit")
    drawn = clpfd._ask("board_models", board.as_puzzle(), mines, limit, advice="")
    expected = [tuple(bytes(row).decode() for row in rows) for rows in drawn]
    listed = [solved.rows for solved in clpfd.solutions(board, None if limit < 0 else limit, mines)]
    assert listed == expected
    if limit < 0:
        assert sorted(listed) == sorted(models_with(board, mines))


def holds(puzzle: Board, rows: tuple[str, ...]) -> bool:
    # A solved board of the puzzle: its shown squares kept, and each digit its mines around.
    if [len(row) for row in rows] != [len(row) for row in puzzle.rows]:
        return False
    solved = puzzle.with_rows(rows)
    for cell in puzzle.cells():
        if puzzle[cell] != "?" and puzzle[cell] != solved[cell]:
            return False
        around = sum(solved[n] == "*" for n in puzzle.neighbours(cell))
        if solved[cell] != "*" and solved[cell] != str(around):
            return False
    return True


def one_solutions_mines(board: Board) -> int:
    (solution,) = kanren.solutions(board, limit=1)
    return sum(row.count("*") for row in solution.rows)


@pytest.mark.parametrize(
    "board, total",
    [
        (lattice(13, seed=2), None),
        (lattice(13, seed=2), "one solution's"),
        (midgame(50, 50, 600, 3), None),
        (midgame(50, 50, 600, 3), "one solution's"),
    ],
)
def test_the_split_lists_distinct_solutions_of_boards_past_enumeration(board, total):
    # Wide parts (a lattice of digits; a dense mid-game whose largest part keeps 434 cells),
    # each walked through its sweep: 200 solutions, each a solved board of the puzzle with the
    # total asked, none twice. A walk that ignored the mines left breaks the total.
    mines = None if total is None else one_solutions_mines(board)
    solved = ClpfdBackend(timeout=60)._ask("split_models", board.as_puzzle(), mines, 200, advice="")
    found = [tuple(bytes(row).decode() for row in rows) for rows in solved]
    assert len(found) == 200 == len(set(found))
    assert all(holds(board.as_puzzle(), rows) for rows in found)
    if mines is not None:
        assert {sum(row.count("*") for row in rows) for rows in found} == {mines}


def test_check_answers_a_big_mid_game_that_labeling_the_whole_board_did_not():
    # Labeling the whole board in either order ran past 60 s here (a dead end in one part met
    # again under every choice made in the others); with the failed literals set first
    # (split_posted/5), the first order answers in its first turn.
    board = midgame(100, 100, 2000, 1)
    assert ClpfdBackend(timeout=40).check(board).verdict is kanren.check(board).verdict


@pytest.mark.parametrize("mines", [None, 600])
def test_check_answers_a_dense_mid_game_that_ran_past_the_time(mines):
    # Past 40 s before the failed literals were set for every way of the turns; now 0.2 s, and
    # 3 to 5 s with the total.
    board = midgame(50, 50, 600, 3)
    ours = ClpfdBackend(timeout=40).check(board, mines)
    assert ours.verdict is kanren.check(board, mines).verdict


@pytest.mark.parametrize("mines", [79, 80, 152, 153])
def test_a_total_at_an_end_of_the_range_is_answered_on_an_expert_mid_game(mines):
    # The solutions hold 79 to 153 mines; labeling with the total posted found none with 79,
    # 152 or 153 in 60 s (a timeout), as each part must then hold its fewest or most mines.
    board = midgame(16, 30, 99, 1)
    assert kanren.check(board, 78).verdict is Verdict.NONE
    assert kanren.check(board, 154).verdict is Verdict.NONE
    assert ClpfdBackend(timeout=30).check(board, mines).verdict is Verdict.MULTIPLE
    found = list(ClpfdBackend(timeout=30).solutions(board, 2, mines))
    assert len(found) == 2 and found[0] != found[1]
    for solved in found:
        assert sum(row.count("*") for row in solved.rows) == mines
        assert kanren.check(solved).verdict is Verdict.UNIQUE  # a whole board: it is its own
        shown = [(cell, board[cell]) for cell in board.cells() if board[cell] != "?"]
        assert all(solved[cell] == value for cell, value in shown)


@settings(max_examples=100, deadline=None)
@given(small_boards(max_side=4), st.one_of(st.none(), st.integers(0, 5)))
def test_solutions_are_exactly_the_enumerated_models(board, limit):
    found = [s.rows for s in clpfd.solutions(board, limit)]
    models = all_models(board)
    if limit is None:
        assert sorted(found) == sorted(models)
    else:
        assert len(found) == min(limit, len(models))
        assert len(set(found)) == len(found) and set(found) <= set(models)


@settings(max_examples=150, deadline=None)
@given(small_boards(max_side=5, max_unknown=10), st.data())
def test_analysis_equals_enumeration(board, data):
    mines = held_totals(board, data, most=12)
    puzzle = board.as_puzzle()
    solved = [puzzle.with_rows(rows) for rows in all_models(board)]
    expected = from_models(puzzle, solved, mines, "")
    analysis = clpfd.analyze(board, mines)
    assert analysis.count == expected.count
    assert analysis.probabilities == expected.probabilities
    assert (analysis.safe, analysis.mines) == (expected.safe, expected.mines)
    assert (analysis.reason is None) == (expected.count > 0)


@pytest.mark.parametrize(
    "text", ["?1?1???", "??1?1?? / ???????", "1?? / ??? / ??1", "?2?2?2? / ???????"]
)
def test_every_total_of_parts_that_hold_several_numbers_of_mines_beside_free_cells(text):
    # A part that holds one number of mines or another, beside cells no digit touches: with a
    # total, a cell's share goes through dividing the polynomial of the whole board by its
    # part's (a sign flipped in that division passed the random boards above).
    board = Board.from_text(text)
    puzzle = board.as_puzzle()
    for mines in sorted({mines_in(rows) for rows in all_models(board)}):
        solved = [puzzle.with_rows(rows) for rows in models_with(board, mines)]
        expected = from_models(puzzle, solved, mines, "")
        analysis = clpfd.analyze(board, mines)
        assert (analysis.count, analysis.probabilities) == (expected.count, expected.probabilities)
        assert clpfd.count(board, mines) == expected.count


def forced_by_enumeration(board: Board, mines: int | None) -> Consequences | None:
    """The unknown cells that are safe, and those that are mines, in every enumerated solution
    (None when there is none)."""
    models = models_with(board, mines)
    if not models:
        return None
    puzzle = board.as_puzzle()
    unknown = [cell for cell in puzzle.cells() if puzzle[cell] == "?"]
    shown = [{model[r][c] for model in models} for r, c in unknown]
    return Consequences(
        safe=[cell for cell, seen in zip(unknown, shown) if "*" not in seen],
        mines=[cell for cell, seen in zip(unknown, shown) if seen == {"*"}],
    )


@settings(max_examples=300, deadline=None)
@given(small_boards(), st.one_of(st.none(), st.integers(0, 14)))
def test_forced_cells_equal_enumeration(board, mines):
    assert clpfd.consequences(board, mines) == forced_by_enumeration(board, mines)


def assert_way_finds_the_forced_cells_of_enumeration(board: Board, mines: int | None, way: str):
    """board.pl's `way` alone (a predicate giving [Found, Values] as board_forced/2 does)
    finds the forced cells that plain enumeration finds, and no solution where it finds none."""
    puzzle = board.as_puzzle()
    found, values = clpfd._ask(way, puzzle, mines, advice="")
    expected = forced_by_enumeration(board, mines)
    if expected is None:
        assert (found, values) == (0, [])
        return
    unknown = [cell for cell in puzzle.cells() if puzzle[cell] == "?"]
    forced = dict(zip(unknown, values, strict=True))
    assert found == 1
    assert [cell for cell in unknown if forced[cell] == 0] == expected.safe
    assert [cell for cell in unknown if forced[cell] == 1] == expected.mines


@settings(max_examples=300, deadline=None)
@given(
    small_boards(),
    st.one_of(st.none(), st.integers(0, 14)),
    st.sampled_from(["split_forced", "labeling_forced"]),
)
def test_each_way_to_the_forced_cells_equals_enumeration(board, mines, way):
    # The split (each part by its counts; with a total, shared out by the parts' ranges) and
    # the labeling take turns, whole board or part by part, and on boards this small one of
    # them always answers first: each is asked alone.
    assert_way_finds_the_forced_cells_of_enumeration(board, mines, way)


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_the_fewest_and_most_mines_of_the_parts_swept_equal_enumeration(board):
    # board.pl's mine_range/2: the parts' fewest and most (each part's numbers of mines by the
    # sweep, swept_counts/3) added up, with the mines shown and the free cells.
    models = models_with(board, None)
    assume(models)
    mines = [sum(row.count("*") for row in model) for model in models]
    found = clpfd._ask("mine_range", board.as_puzzle(), None, advice="")
    assert found == [min(mines), max(mines)]


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_the_sweep_alone_finds_the_forced_cells_of_enumeration(board):
    # board.pl's sweep over each part (swept_part_forced/2), which carries from cell to cell
    # only what the open digits still need, packed four bits a digit, asked without the
    # failed literals or the searches beside it (it is used without a total only).
    assert_way_finds_the_forced_cells_of_enumeration(board, None, "swept_forced")


@pytest.mark.parametrize(
    "board, mines",
    [(midgame(50, 50, 500, 3), 500), (lattice(15, 1), 55)],
    ids=["50x50 mid-game", "15x15 lattice"],
)
def test_the_forced_cells_with_a_total_are_found_part_by_part(board, mines):
    # Searching a second solution for each cell, with the total, took 84 s on the mid-game
    # and 76 s on the lattice (a wide block); the counts of each cell by part take about 1 s
    # and 4 s.
    forced = ClpfdBackend(timeout=30).consequences(board, mines)
    exact = kanren.analyze(board, mines)
    assert (forced.safe, forced.mines) == (exact.safe, exact.mines)


@pytest.mark.parametrize(
    "board",
    [midgame(50, 50, 600, 1), midgame(50, 50, 600, 2), lattice(15, 5), lattice(17, 4)],
    ids=["50x50 mid-game 1", "50x50 mid-game 2", "15x15 lattice", "17x17 lattice"],
)
def test_the_forced_cells_of_wide_blocks_without_a_total_are_swept(board):
    # Labeling alone (a first solution of each part, then a search for each cell) ran past
    # 60 s on the first: a part whose searches meet a dead end far from where they chose. The
    # second has parts of 556 and 345 cells, which the searches and the split by counts in
    # turns left unanswered past 60 s; the failed literals (board.pl's probed/3) settle 265 of
    # its cells and break them up, and the sweep of each part answers in under a second. The
    # lattices of digits, wide blocks, ran past 30 s; swept, under a second each.
    forced = ClpfdBackend(timeout=40).consequences(board)
    exact = kanren.analyze(board)
    assert (forced.safe, forced.mines) == (exact.safe, exact.mines)


def test_a_part_with_no_solution_is_found_before_the_parts_are_decided():
    # One digit of that mid-game changed: the part around it has no solution, which
    # propagation alone does not show. Decided part by part in reading order, the parts before
    # it took 15 s; each part's first solution looked for first, 0.1 s.
    rows = [list(row) for row in midgame(50, 50, 600, 1).rows]
    rows[34][17] = "2"
    board = Board(tuple("".join(row) for row in rows))
    assert kanren.check(board).verdict is Verdict.NONE
    assert ClpfdBackend(timeout=8).consequences(board) is None


@pytest.mark.parametrize("mines", [79, 99, 153])
def test_the_forced_cells_with_a_total_are_found_on_an_expert_mid_game(mines):
    # The solutions hold 79 to 153 mines. Labeling the whole board with the total posted ran
    # out of 60 s with 79 and 153 (each part must hold its fewest or most) and took 3 s with 99
    # (55 s on seed 2); in turns with the split by the parts' ranges, 0.4, 2 and 1 s.
    board = midgame(16, 30, 99, 1)
    forced = ClpfdBackend(timeout=30).consequences(board, mines)
    exact = kanren.analyze(board, mines)
    assert (forced.safe, forced.mines) == (exact.safe, exact.mines)


@pytest.mark.parametrize(
    "text, mines, safe, forced_mines",
    [
        ("??01?", None, [(0, 1)], [(0, 4)]),  # (0, 0) touches no digit: either
        ("1? / ??", None, [], []),
        ("1? / ??", 1, [], []),
        ("??? / ?1?", 1, [], []),
        ("?? / ??", 0, [(0, 0), (0, 1), (1, 0), (1, 1)], []),
        ("???", 3, [], [(0, 0), (0, 1), (0, 2)]),  # the total alone forces every cell
        ("1121 / 1??* / 12?* / 0122", None, [(1, 2)], [(1, 1), (2, 2)]),
    ],
)
def test_forced_cells_of_small_boards(text, mines, safe, forced_mines):
    board = Board.from_text(text)
    assert clpfd.consequences(board, mines) == Consequences(safe, forced_mines)


def test_a_board_with_no_solution_has_no_consequences():
    assert clpfd.consequences(Board.from_text("2?")) is None
    assert clpfd.consequences(Board.from_text("1? / ??"), mines=4) is None


@pytest.mark.parametrize("board", [midgame(16, 30, 99, seed=1), random_puzzle(50, 50, 0.2, 0.3, 1)])
@pytest.mark.parametrize("mines", [None, 99])
def test_forced_cells_of_big_boards_are_clingos_and_kanrens(board, mines):
    # Far past enumeration (10^35 solutions for the Expert position): three formulations that
    # share no code, clingo's brave and cautious consequences, and kanren's exact probabilities.
    ours = ClpfdBackend(timeout=20).consequences(board, mines)
    assert ours == ClingoBackend().consequences(board, mines)
    analysis = kanren.analyze(board, mines)
    if analysis.count == 0:
        assert ours is None
    else:
        assert (ours.safe, ours.mines) == (analysis.safe, analysis.mines)


def test_forced_cells_of_a_half_played_100x100_game_are_kanrens():
    # 6,000 unknown cells: each search labels only the part of the board the cell is linked to.
    board = midgame(100, 100, 2000, seed=1)
    ours, analysis = ClpfdBackend(timeout=30).consequences(board), kanren.analyze(board)
    assert (ours.safe, ours.mines) == (analysis.safe, analysis.mines)


def test_forced_cells_too_hard_for_the_time_get_the_time_limit_never_an_answer():
    # About 7 s: with the total, labeling links every cell to every other, and the sweep
    # of each part's numbers of mines meets a part of 434 cells.
    with pytest.raises(EngineTimeout, match=r"^clpfd: gave up after 0\.5 s .*forced cells"):
        ClpfdBackend(0.5).consequences(midgame(50, 50, 600, seed=3), mines=600)


def test_the_rules_examples_are_answered_as_the_rules_say():
    example = Board.from_text("1121 / 1??* / 12?* / 0122")
    assert clpfd.check(example) == CheckResult(
        Verdict.UNIQUE, solution=example.with_rows(("1121", "1*4*", "12**", "0122"))
    )
    assert clpfd.count(Board.from_text("1110 / 2*31 / 3*?? / 2*4? / 112?")) == 4
    assert clpfd.check(Board.from_text("2?")).reason == (
        "(0,0) shows 2 but only 1 of its neighbours can be a mine"
    )
    assert clpfd.check(Board.from_text("1?"), mines=2).reason == (
        "every solution holds exactly 1 mine in all, not 2"
    )


def test_a_game_board_is_answered_as_the_puzzle_it_poses():
    game = Board(("E1", "EE"), "game")
    assert clpfd.count(game) == kanren.count(game) == 3


def test_the_mine_total_is_a_constraint_of_the_model():
    board = Board(("?" * 8,) * 8)  # 2**64 solutions, 8 of them with one mine
    assert clpfd.count(board, mines=1) == 64
    assert clpfd.check(board, mines=0).solution == Board(("0" * 8,) * 8)


def test_a_long_row_whose_probes_run_past_their_budget_is_answered_in_full():
    # ?1?1...?1?: each failed-literal probe runs along the whole row, so the round stops at its
    # budget (board.pl's probe_round/4) and the sweep does the rest.
    row = Board(("?1" * 300 + "?",))
    assert clpfd.count(row) == 2
    assert clpfd.count(row, mines=151) == clpfd.count(row, mines=150) == 1
    assert clpfd.check(row).verdict is Verdict.MULTIPLE
    analysis = clpfd.analyze(row)
    assert set(analysis.probabilities.values()) == {Fraction(1, 2)}
    assert clpfd.consequences(row) == Consequences(safe=[], mines=[])
    assert [r.rows for r in clpfd.solutions(row, mines=151)] == [("*101" * 150 + "*",)]


@pytest.mark.parametrize("mines", [10**8, 2**31, 10**12, 2**64 + 1])
def test_a_total_far_past_the_cells_has_no_solution_at_once(mines):
    # The tally's polynomials ran up to the mines left: 10^8 on a 2x2 board ran out of stack,
    # and 2^64 + 1 was past what SWI-Prolog's lists can be (a representation error).
    board = Board.from_text("1? / ??")
    limited = ClpfdBackend(timeout=10)
    analysis = limited.analyze(board, mines=mines)
    assert analysis.count == 0
    assert analysis.probabilities == {}
    assert "exactly 1 mine in all" in analysis.reason
    assert limited.consequences(board, mines=mines) is None
    assert limited.count(board, mines=mines) == 0
    assert limited.check(board, mines=mines).verdict is Verdict.NONE
    assert list(limited.solutions(board, mines=mines)) == []
    assert list(limited.solutions(board, mines=mines, limit=2)) == []


# --- big boards, against kanren -------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 25])
def test_a_50x50_puzzle_is_checked_as_kanren_checks_it(seed):
    # Seed 1 has many solutions, seed 25 one. Well within the limit: some tens of milliseconds.
    board = random_puzzle(50, 50, 0.2, 0.3, seed)
    assert ClpfdBackend(timeout=10).check(board) == kanren.check(board)


@pytest.mark.parametrize("seed", [1, 3])
def test_a_half_played_50x50_game_is_checked_as_kanren_checks_it(seed):
    # 1,500 unknown cells: labeling in one fixed order met dead ends here for minutes.
    board = midgame(50, 50, 500, seed)
    assert ClpfdBackend(timeout=10).check(board) == kanren.check(board)


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_an_expert_midgame_with_its_mine_total_is_checked_as_kanren_checks_it(seed):
    # 60 is a total the digits rule out but no single row does: labeling alone proves that only
    # by trying the parts' placements together, and ran out of 60 s; 481 is more than the
    # board's unknown cells. Either way the solutions' fewest and most mines, found part by
    # part, now answer and say why (they took 60 s, or more, as one search over the whole
    # board). A 10 s limit leaves a wide margin: each answer takes about a second at most.
    board = midgame(16, 30, 99, seed)
    engine = ClpfdBackend(timeout=10)
    for mines in (99, 60, 481):
        ours, theirs = engine.check(board, mines), kanren.check(board, mines)
        assert (ours.verdict, ours.solution, ours.reason) == (
            theirs.verdict,
            theirs.solution,
            theirs.reason,
        ), mines
    for mines in (60, 481):
        assert engine.count(board, mines) == 0
        assert list(engine.solutions(board, 2, mines)) == []
        assert engine.consequences(board, mines) is None
        assert engine.analyze(board, mines).reason == kanren.check(board, mines).reason


def test_a_half_played_50x50_game_with_a_total_none_of_its_solutions_has_is_told_why():
    # Whether the digits hold at all was asked by labeling in reading order, which met dead ends
    # here for more than 30 s (so the answer came in plain words); the orders in turns find a
    # solution at once, and the range of its parts takes under a second (5.5 s before clpfd kept
    # the ranges of the parts met on the way).
    board = midgame(50, 50, 500, 3)
    ours = ClpfdBackend(timeout=20).check(board, 100)
    assert ours.reason == kanren.check(board, 100).reason
    assert ours.reason == "the solutions hold between 421 and 757 mines in all, never 100"
    # The orders in turns met dead ends on this one for more than a minute (the words were the
    # plain ones when the limit ran out); the search check makes, the failed literals set and
    # the parts walked beside labeling, finds a solution in a fraction of a second.
    denser = midgame(50, 50, 600, 3)
    reason = ClpfdBackend(timeout=30).check(denser, 5).reason
    assert reason == "the solutions hold between 525 and 769 mines in all, never 5"


def test_an_expert_midgame_has_the_solutions_kanren_lists_first_and_more():
    board = midgame(16, 30, 99, seed=1)
    found = [s.rows for s in clpfd.solutions(board, 3)]
    assert len(set(found)) == 3
    for rows in found:
        assert kanren.count(Board(rows)) == 1  # a solved board: every cell shown, and it holds


# --- time limits ---------------------------------------------------------------------------------


# A 31x31 lattice of digits: one block whose sweep keeps many digits open at once (its count
# took about 30 s here); 2**36 solutions to list on the 6x6 board all unknown.
WIDE_LATTICE = lattice(31, seed=2)


@pytest.mark.parametrize(
    ("question", "board", "says"),
    [
        ("count", WIDE_LATTICE, "count and analyze sweep each part"),
        ("analyze", WIDE_LATTICE, "count and analyze sweep each part"),
        (
            "solutions",
            Board(tuple(ALL_UNKNOWN_6X6.split())),
            "solutions labels the whole board one solution after another",
        ),
    ],
)
def test_a_long_count_or_enumeration_stops_at_the_time_limit(question, board, says):
    # the advice names the question asked (solutions was told about count and analyze)
    engine = ClpfdBackend(0.3)
    with pytest.raises(
        EngineTimeout, match=r"^clpfd: gave up after 0\.3 s \(its time limit\)"
    ) as e:
        list(getattr(engine, question)(board))
    assert says in str(e.value)
    assert engine.count(Board.from_text("1? / ??")) == 3  # SWI-Prolog is fine afterwards


# Many limits in one SWI-Prolog, each stopping a CLP(FD) labeling: with call_with_time_limit/2,
# whose signal could land inside CLP(FD)'s propagation, a few hundred such queries were enough
# for one to run for ever (SWI-Prolog 9.0.4). A child process, so that a hang fails the test.
MANY_LIMITS = """
from logicmines.backends.clpfd import ClpfdBackend
from logicmines.board import Board
from logicmines.engine import EngineTimeout
from logicmines.generate import lattice
boards, done = (lattice(31, seed=2),) * 2 + (Board(("??????",) * 6),), 0
for i in range(150):
    try:
        getattr(ClpfdBackend(0.02), ("count", "analyze", "solutions")[i % 3])(boards[i % 3])
    except EngineTimeout:
        done += 1
print(done, ClpfdBackend(1).count(Board.from_text("1? / ??")))
"""


def test_many_limits_in_one_process_each_stop_their_search():
    ran = subprocess.run(
        [sys.executable, "-c", MANY_LIMITS], capture_output=True, text=True, timeout=120
    )
    assert ran.stdout.split() == ["150", "3"], ran.stderr[-500:]
    # (count and analyze stop in the sweep, between its steps; solutions in CLP(FD) labeling)


def test_a_board_too_hard_for_the_time_gets_the_time_limit_never_a_verdict():
    board = random_puzzle(100, 100, 0.2, 0.3, seed=1)
    with pytest.raises(EngineTimeout, match=r"^clpfd: gave up after 0\.001 s .*check searches"):
        ClpfdBackend(0.001).check(board)


def test_the_time_limit_is_none_or_positive():
    assert ClpfdBackend(None).timeout is None
    assert ClpfdBackend().timeout == ClpfdBackend.DEFAULT_TIMEOUT
    with pytest.raises(ValueError, match="positive number of seconds"):
        ClpfdBackend(0)


def test_out_of_stack_is_an_engine_error_with_advice(small_prolog_stack):
    with pytest.raises(EngineError, match=r"^clpfd: SWI-Prolog ran out of stack") as error:
        clpfd.check(random_puzzle(200, 200, 0.2, 0.3, seed=1))
    assert "--backend kanren" in str(error.value)
    assert clpfd.check(Board.from_text("1? / *?")).verdict is Verdict.UNIQUE


def test_without_pyswip_the_backend_says_how_to_install_swi_prolog(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyswip", None)  # `import pyswip` now fails
    with pytest.raises(BackendUnavailable, match=r"^clpfd: .*apt-get install swi-prolog-nox"):
        ClpfdBackend()


# --- the command line ----------------------------------------------------------------------------


def test_past_the_time_limit_one_line_exit_3_and_the_other_boards_answered():
    run = run_main(
        ["count", "--backend", "clpfd", "--timeout", "0.5"],
        stdin=WIDE_LATTICE.render() + "\n\n2?\n",
    )
    assert run.status == 3
    assert re.fullmatch(
        r"logicmines: timeout: board 1 \(<stdin>:1, 31x31 puzzle\): clpfd: gave up after 0\.5 s "
        r"\(its time limit\): count and analyze sweep each part[^\n]*\n",
        run.err,
    ), run.err
    assert run.out == "board 2 (<stdin>:33, 1x2 puzzle): 0 solutions\n"
