"""The kanren backend: its relations, run both ways, and its answers against plain enumeration."""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kanren import eq, run, var
from oracle import all_models, verdict_of

from logicmines import frontier
from logicmines.backends.kanren import (
    KanrenBackend,
    board_models,
    boardo,
    conjo,
    counto,
    mineso,
    pieceo,
    pluso,
)
from logicmines.board import Board
from logicmines.engine import Piece
from logicmines.frontier import count_part
from logicmines.generate import midgame, random_puzzle
from logicmines.problem import Problem, parts
from logicmines.results import Verdict
from logicmines.staging import NoSolution, settle

kanren = KanrenBackend()


def board(text: str) -> Board:
    return Board.from_text(text)


# --- the relations ------------------------------------------------------------------------------


def test_pluso_runs_forwards():
    x = var()
    assert run(0, x, pluso(2, 3, x)) == (5,)


def test_pluso_runs_backwards_listing_every_split():
    a, b = var(), var()
    assert sorted(run(0, (a, b), pluso(a, b, 3))) == [(0, 3), (1, 2), (2, 1), (3, 0)]


def test_pluso_fails_when_the_sum_does_not_hold():
    b = var()
    assert run(0, b, pluso(5, b, 3)) == ()
    assert run(0, var(), pluso(3, 3, 5)) == ()
    assert run(0, b, pluso(0, b, -1)) == ()  # no whole numbers add up to -1


def test_pluso_says_so_when_a_sum_is_past_its_table():
    x = var()
    with pytest.raises(ValueError, match=r"^pluso: 5 \+ 4 = 9 is past 8"):
        run(0, x, pluso(5, 4, x))


@pytest.mark.parametrize("a, c", [(9, 9), (-1, 3), (1.5, 3), ("1", 3), (0, 12)])
def test_pluso_says_which_argument_is_not_a_number_from_0_to_8(a, c):
    b = var()
    with pytest.raises(ValueError, match=r"^pluso: [ac] is .*; pluso adds whole numbers from 0"):
        run(0, b, pluso(a, b, c))


def test_pluso_checks_its_arguments_as_bound_when_it_runs():
    # x is 9 only by the time pluso runs: the error comes from the goal, not from building it.
    x, y = var(), var()
    goal = conjo(eq(x, 9), pluso(x, 0, y))
    with pytest.raises(ValueError, match="a is 9"):
        run(0, y, goal)


def test_mineso_lists_every_count_a_group_can_hold():
    x = var()
    assert sorted(run(0, x, mineso(x, 3))) == [0, 1, 2, 3]


def test_mineso_rejects_more_mines_than_cells():
    assert run(0, var(), mineso(4, 3)) == ()
    assert run(0, var(), mineso(-1, 3)) == ()


def test_mineso_raises_where_its_table_stops_rather_than_fail():
    # a group of 9 cells is beyond the table: failing would read as "no count fits", as
    # pluso's docstring argues; it had quietly failed
    x = var()
    with pytest.raises(ValueError, match=r"^mineso: n is 9; mineso knows groups of 0 to 8"):
        run(0, x, mineso(x, 9))
    with pytest.raises(ValueError, match=r"^mineso: x is 9; a group of at most 8 cells"):
        run(0, x, mineso(9, x))
    n = var()
    with pytest.raises(ValueError, match=r"^mineso: n is 'a'"):
        run(0, x, conjo(eq(n, "a"), mineso(x, n)))
    # backwards in n it lists the groups the table knows
    assert run(0, x, mineso(6, x)) == (6, 7, 8)


def test_counto_backwards_spreads_a_total_over_cells():
    cells = [var() for _ in range(3)]
    models = run(0, tuple(cells), counto([(c, 1) for c in cells], 2))
    assert sorted(models) == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]


def test_counto_forwards_finds_the_total():
    total = var()
    assert run(0, total, counto([(1, 1), (0, 1), (2, 3)], total)) == (3,)


def test_pieceo_of_two_digits_sharing_cells():
    # a's own cell, the shared pair, b's own cell; a needs 1, b needs 2.
    xs = tuple(var() for _ in range(3))
    piece = Piece((1, 2, 1), (((0, 1), 1), ((1, 2), 2)))
    assert sorted(run(0, xs, pieceo(xs, piece))) == [(0, 1, 1)]


def test_conjo_holds_a_thousand_goals_without_recursion_error():
    xs = [var() for _ in range(1000)]
    goal = conjo(*[mineso(x, 0) for x in xs])
    assert run(1, tuple(xs), goal) == (tuple([0] * 1000),)


# --- small example boards, each with a known answer ---------------------------------------------


def test_unique_example_has_its_one_solution():
    result = kanren.check(board("1121 / 1??* / 12?* / 0122"))
    assert result.verdict is Verdict.UNIQUE
    assert result.solution.rows == ("1121", "1*4*", "12**", "0122")


def test_four_solution_example():
    b = board("1110 / 2*31 / 3*?? / 2*4? / 112?")
    assert kanren.count(b) == 4
    assert kanren.check(b).verdict is Verdict.MULTIPLE


def test_corner_two_with_one_neighbour_has_no_solution():
    result = kanren.check(board("2?"))
    assert result.verdict is Verdict.NONE
    assert "(0,0)" in result.reason


def test_unconstrained_cells_double_the_count():
    assert kanren.count(board("0?" + "?" * 68)) == 2**68


def test_counts_stay_exact_far_beyond_64_bits():
    assert kanren.count(board("?" * 200)) == 2**200


def test_a_game_board_is_read_as_the_puzzle_it_poses():
    game = Board(("B1E1B", "B1M1B", "B111B", "BBBBB"), "game")
    result = kanren.check(game)
    assert result.verdict is Verdict.UNIQUE
    assert result.solution.rows == ("01110", "01*10", "01110", "00000")


def test_mines_total_narrows_the_count():
    b = board("1110 / 2*31 / 3*?? / 2*4? / 112?")
    by_total = {m: kanren.count(b, mines=m) for m in range(4, 9)}
    assert sum(by_total.values()) == 4
    assert kanren.count(b, mines=1) == 0


def test_a_part_with_no_model_has_no_solution_whatever_the_total():
    # Every digit holds alone and beside each digit it shares cells with, so staging settles
    # the board without failing; the part the digits make up has no model all the same. A count
    # with a total must not leave that part out (the free cells would then give a solution).
    b = board("???? / 13?1 / ?1??")
    staged = settle(Problem.from_board(b), kanren.memo)
    assert [count_part(part, kanren.memo) for part in staged.parts] == [[0]]
    assert all_models(b) == []
    for mines in range(13):
        assert kanren.count(b, mines=mines) == 0
        assert kanren.check(b, mines=mines).verdict is Verdict.NONE


def test_settling_forces_what_single_digits_and_pairs_decide():
    # A digit that needs every unknown cell around it, and a pair (1 2 1 under three cells)
    # that decides its cells between them; the counts would be the same if settling left them.
    assert settle(Problem.from_board(board("1?")), kanren.memo).forced == {(0, 1): 1}
    pair = settle(Problem.from_board(board("??? / 121")), kanren.memo).forced
    assert pair == {(0, 0): 1, (0, 1): 0, (0, 2): 1}
    with pytest.raises(NoSolution, match=r"\(1 placed\)$"):
        settle(Problem.from_board(board("*?2? / 23?2")), kanren.memo)


def test_solutions_respect_the_limit():
    assert len(list(kanren.solutions(board("????"), limit=3))) == 3


# --- against plain enumeration ------------------------------------------------------------------


@st.composite
def small_boards(draw, max_side: int = 6, max_unknown: int = 14):
    """Random puzzles up to max_side x max_side (one row and one column included) with at most
    max_unknown unknown cells, so that enumeration stays quick: sometimes consistent, sometimes
    with wrong digits."""
    h = draw(st.integers(1, max_side))
    w = draw(st.integers(1, max_side))
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    mines = {(r, c) for r in range(h) for c in range(w) if rng.random() < rng.random() * 0.6}
    hidden = draw(st.sampled_from([0.0, 0.3, 0.6, 1.0, rng.random()]))
    noise = draw(st.sampled_from([0.0, 0.0, 0.1]))
    rows = []
    unknown = 0
    for r in range(h):
        row = ""
        for c in range(w):
            if unknown < max_unknown and rng.random() < hidden:
                unknown += 1
                row += "?"
            elif (r, c) in mines:
                row += "*"
            else:
                n = sum((i, j) in mines for i in range(r - 1, r + 2) for j in range(c - 1, c + 2))
                row += str(rng.randint(0, 8) if rng.random() < noise else n)
        rows.append(row)
    return Board(tuple(rows))


@settings(max_examples=400, deadline=None)
@given(small_boards())
def test_count_and_verdict_equal_enumeration(b):
    models = all_models(b)
    assert kanren.count(b) == len(models)
    result = kanren.check(b)
    assert result.verdict.value == verdict_of(len(models))
    if result.verdict is Verdict.UNIQUE:
        assert result.solution.rows == models[0]
    if result.verdict is Verdict.NONE:
        assert result.reason


@settings(max_examples=200, deadline=None)
@given(small_boards(max_side=4))
def test_solutions_are_exactly_the_enumerated_models(b):
    assert sorted(s.rows for s in kanren.solutions(b)) == sorted(all_models(b))


@settings(max_examples=200, deadline=None)
@given(small_boards(max_side=4), st.integers(0, 16))
def test_count_with_a_mine_total_equals_enumeration(b, mines):
    expected = sum(1 for m in all_models(b) if sum(row.count("*") for row in m) == mines)
    assert kanren.count(b, mines=mines) == expected
    verdict = kanren.check(b, mines=mines)
    assert verdict.verdict.value == verdict_of(expected)


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6))
def test_all_unknown_boards_count_every_placement(h, w):
    assert kanren.count(Board(("?" * w,) * h)) == 2 ** (h * w)


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.integers(0, 2**32))
def test_fully_revealed_consistent_boards_are_unique(h, w, seed):
    b = random_puzzle(h, w, 0.3, 0.0, seed)
    result = kanren.check(b)
    assert result.verdict is Verdict.UNIQUE
    assert result.solution == b


# --- boardo: the whole board as one relation -----------------------------------------------------

EXAMPLE = "1121 / 1??* / 12?* / 0122"
EXAMPLE_LAYOUT = ((0, 0, 0, 0), (0, 1, 0, 1), (0, 0, 1, 1), (0, 0, 0, 0))


def test_boardo_lists_the_one_solution_of_the_unique_example():
    assert [s.rows for s in board_models(board(EXAMPLE))] == [("1121", "1*4*", "12**", "0122")]


def test_boardo_has_no_model_of_a_board_with_no_solution():
    for text in ("2?", "1121 / 1??* / 12?* / 0123"):
        assert all_models(board(text)) == []
        assert board_models(board(text)) == []


@pytest.mark.parametrize("h, w", [(1, 1), (2, 3), (3, 3), (3, 4)])
def test_boardo_on_a_board_of_unknowns_lists_every_layout(h, w):
    b = Board(("?" * w,) * h)
    solved = sorted(s.rows for s in board_models(b))
    assert len(solved) == 2 ** (h * w)
    assert solved == sorted(all_models(b))


def test_boardo_respects_the_limit():
    assert len(board_models(board("????"), limit=3)) == 3
    assert board_models(board("????"), limit=0) == []


def test_boardo_backwards_checks_a_whole_layout():
    assert run(0, True, boardo(board(EXAMPLE), EXAMPLE_LAYOUT)) == (True,)
    wrong = ((0, 0, 0, 0), (0, 1, 1, 1), (0, 0, 1, 1), (0, 0, 0, 0))
    assert run(0, True, boardo(board(EXAMPLE), wrong)) == ()


def test_boardo_with_some_cells_fixed_derives_the_rest():
    # 1? / ??: with a mine fixed below the 1, the other two unknown cells are safe.
    x, y = var(), var()
    assert run(0, (x, y), boardo(board("1? / ??"), ((0, x), (1, y)))) == ((0, 0),)
    assert sorted(run(0, (x, y), boardo(board("1? / ??"), ((0, x), (0, y))))) == [(0, 1), (1, 0)]


@settings(max_examples=400, deadline=None)
@given(small_boards(max_side=5, max_unknown=8))
def test_boardo_models_are_exactly_the_enumerated_models(b):
    assert sorted(s.rows for s in board_models(b)) == sorted(all_models(b))


@settings(max_examples=400, deadline=None)
@given(small_boards(max_side=5, max_unknown=8), st.randoms(use_true_random=False))
def test_boardo_backwards_accepts_exactly_the_layouts_enumeration_finds(b, rng):
    # A layout drawn at random over the unknown cells, given to boardo whole: it is accepted
    # exactly when plain enumeration lists the board it draws.
    layout = tuple(
        tuple(
            1 if b[r, c] == "*" else rng.randint(0, 1) if b[r, c] == "?" else 0
            for c in range(b.width)
        )
        for r in range(b.height)
    )
    mines = [(r, c) for r in range(b.height) for c in range(b.width) if layout[r][c]]
    drawn = Board.from_mines(b.height, b.width, mines).rows
    accepted = run(0, True, boardo(b, layout)) == (True,)
    assert accepted == (drawn in all_models(b))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.randoms(use_true_random=False))
def test_counto_backwards_derives_every_digit_of_a_layout(h, w, rng):
    # The layout is given; each digit is the one total its neighbours' mines allow.
    mines = {(r, c) for r in range(h) for c in range(w) if rng.random() < 0.3}
    solved = Board.from_mines(h, w, mines)
    layout = tuple(tuple(int((r, c) in mines) for c in range(w)) for r in range(h))
    assert run(0, True, boardo(solved, layout)) == (True,)
    for cell in solved.cells():
        if cell not in mines:
            total = var()
            around = [(layout[r][c], 1) for r, c in solved.neighbours(cell)]
            assert run(0, total, counto(around, total)) == (int(solved[cell]),)


@settings(max_examples=400, deadline=None)
@given(small_boards(max_side=5, max_unknown=8))
def test_staged_backend_counts_what_boardo_lists(b):
    # boardo as the oracle on the kanren side: the same rules, with no staging at all.
    solved = sorted(s.rows for s in board_models(b))
    assert kanren.count(b) == len(solved)
    assert sorted(s.rows for s in kanren.solutions(b)) == solved


def test_boardo_holds_a_thousand_digits_without_recursion_error():
    # One row of 1200 cells: over a thousand goals, past where `lall` exceeds the recursion limit.
    rng = random.Random(1)
    solved = Board.from_mines(1, 1200, [(0, c) for c in range(1200) if rng.random() < 0.3])
    hidden = "".join("?" if c % 50 == 0 else x for c, x in enumerate(solved.rows[0]))
    models = board_models(Board((hidden,)))
    assert solved in models
    assert len(models) == kanren.count(Board((hidden,)))


# --- size -----------------------------------------------------------------------------------------


def test_a_200_by_200_board_answers_without_recursion_error():
    limit = sys.getrecursionlimit()
    b = random_puzzle(200, 200, 0.2, 0.3, seed=7)
    assert kanren.check(b).verdict in (Verdict.UNIQUE, Verdict.MULTIPLE)
    assert sys.getrecursionlimit() == limit


def test_expert_midgame_count_is_exact_and_agrees_with_the_mine_split():
    b = midgame(16, 30, 99, seed=3)
    total = kanren.count(b)
    unknown = sum(row.count("?") for row in b.rows)
    known = sum(row.count("*") for row in b.rows)
    assert total == sum(kanren.count(b, mines=m) for m in range(known, known + unknown + 1))
    assert total > 10**20


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_counting_along_the_frontier_alone_equals_enumeration(b):
    # The count piece by piece, without settling forced cells first, on whole parts.
    problem = Problem.from_board(b)
    expected = len(all_models(b))
    if problem.reason:
        assert expected == 0
        return
    total = 2 ** len(problem.free_cells())
    for part in parts(list(problem.constraints)):
        total *= count_part(part, kanren.memo)[0]
    assert total == expected


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_mine_distribution_of_parts_equals_enumeration(b):
    problem = Problem.from_board(b)
    if problem.reason:
        return
    known = sum(row.count("*") for row in b.rows)
    by_mines = [1]
    for part in parts(list(problem.constraints)):
        by_mines = _times(by_mines, count_part(part, kanren.memo, by_mines=True))
    free = len(problem.free_cells())
    by_mines = _times(by_mines, [comb(free, k) for k in range(free + 1)])
    expected: dict[int, int] = {}
    for model in all_models(b):
        m = sum(row.count("*") for row in model) - known
        expected[m] = expected.get(m, 0) + 1
    assert {m: c for m, c in enumerate(by_mines) if c} == expected


def _times(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


@pytest.mark.parametrize("walk", [0, 1, 2], ids=["breadth-first", "by-rows", "by-columns"])
@settings(max_examples=100, deadline=None)
@given(board=small_boards())
def test_every_walk_along_the_frontier_counts_the_same(walk, board):
    # The count may take the digits in any of the orders it chooses between; each gives the
    # number of models plain enumeration finds.
    problem = Problem.from_board(board)
    if problem.reason:
        return

    def plan_walking(part, gs):
        return frontier._plan_for(
            part, gs, frontier._groups_in(frontier._digit_orders(part, gs)[walk], gs)
        )

    total = 2 ** len(problem.free_cells())
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(frontier, "_plan", plan_walking)
        for part in parts(list(problem.constraints)):
            total *= count_part(part, kanren.memo)[0]
    assert total == len(all_models(board))


def test_a_huge_total_on_a_prime_number_of_cells_counts_exactly():
    # 4001 is prime: the exact binomial's factors must take it in. Probabilities stay exact.
    board = Board(("?" * 4001,))
    assert KanrenBackend().count(board, 2000) == comb(4001, 2000)
    analysis = KanrenBackend().analyze(board, 2000)
    assert analysis.count == comb(4001, 2000)
    assert analysis.probabilities[(0, 0)] == Fraction(2000, 4001)


def test_the_chances_of_cells_no_digit_touches_are_exact_fractions():
    chances = KanrenBackend().analyze(Board.from_text("??")).probabilities
    assert chances == {(0, 0): Fraction(1, 2), (0, 1): Fraction(1, 2)}
    assert all(type(p) is Fraction for p in chances.values())
