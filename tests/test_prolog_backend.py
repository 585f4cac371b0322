"""The SWI-Prolog backends: `prolog` answers as kanren does, `reference` as the original does.

Both are held to plain enumeration (tests/oracle.py) and to each other. SWI-Prolog is required:
CI installs it, so nothing here is skipped when it is missing.
"""

from __future__ import annotations

import importlib.abc
import os
import random
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import all_models, mines_in, verdict_of

from logicmines.backends import BackendUnavailable, EngineError
from logicmines.backends.kanren import KanrenBackend
from logicmines.backends.prolog import PrologBackend, ReferenceBackend
from logicmines.board import Board
from logicmines.engine import Piece
from logicmines.generate import midgame
from logicmines.results import CheckResult, Verdict

ROOT = Path(__file__).resolve().parent.parent

kanren = KanrenBackend()
prolog = PrologBackend()
reference = ReferenceBackend()
ENGINES = {"kanren": kanren, "prolog": prolog, "reference": reference}


def board(text: str) -> Board:
    return Board.from_text(text)


# --- boards and pieces for the property tests -----------------------------------------------------


@st.composite
def puzzles(draw, height: int = 5, width: int = 5, unknown: int = 12):
    """A puzzle from a real mine layout with some cells hidden (at most `unknown` of them), and
    now and then a digit that is wrong, so that every verdict turns up."""
    h = draw(st.integers(1, height))
    w = draw(st.integers(1 if h > 1 else 2, width))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    density = draw(st.sampled_from([0.15, 0.3, 0.5, 0.0]))
    hide = draw(st.sampled_from([0.5, 0.8, 0.3, 1.0]))
    wrong = draw(st.sampled_from([0.0, 0.0, 0.1, 0.25]))
    layout = {(r, c) for r in range(h) for c in range(w) if rng.random() < density}
    cells = [(r, c) for r in range(h) for c in range(w)]
    hidden = set(rng.sample(cells, min(unknown, sum(rng.random() < hide for _ in cells))))
    solved = Board.from_mines(h, w, layout)
    rows = []
    for r in range(h):
        row = []
        for c in range(w):
            if (r, c) in hidden:
                row.append("?")
            elif (r, c) in layout:
                row.append("*")
            elif rng.random() < wrong:
                row.append(str(rng.randint(0, 8)))
            else:
                row.append(solved[(r, c)])
        rows.append("".join(row))
    return Board(tuple(rows))


@st.composite
def pieces(draw):
    """A small piece: groups of up to 4 cells, a few sums over them (each at most 8, as a digit
    is), satisfiable or not."""
    sizes = tuple(draw(st.lists(st.integers(0, 4), min_size=0, max_size=5)))
    sums = []
    if sizes:
        for _ in range(draw(st.integers(0, 3))):
            indices = draw(st.lists(st.sampled_from(range(len(sizes))), min_size=1, unique=True))
            reach = sum(sizes[i] for i in indices)
            # kanren's numbers stop at 8 (no digit needs more), as do the staging's pieces.
            sums.append((tuple(indices), draw(st.integers(0, min(reach + 1, 8)))))
    return Piece(sizes, tuple(sums))


def piece_models(piece: Piece) -> list[tuple[int, ...]]:
    """Every model of a piece, by trying every value of every variable."""
    return [
        values
        for values in product(*(range(n + 1) for n in piece.sizes))
        if all(sum(values[i] for i in indices) == total for indices, total in piece.sums)
    ]


# --- the examples of docs/rules.md, on every engine -----------------------------------------------


@pytest.mark.parametrize("name", ENGINES)
def test_rules_board_with_one_solution_is_unique(name):
    result = ENGINES[name].check(board("1121 / 1??* / 12?* / 0122"))
    assert result.verdict is Verdict.UNIQUE
    assert result.solution.rows == ("1121", "1*4*", "12**", "0122")


@pytest.mark.parametrize("name", ENGINES)
def test_rules_board_with_four_solutions(name):
    b = board("1110 / 2*31 / 3*?? / 2*4? / 112?")
    engine = ENGINES[name]
    assert engine.check(b).verdict is Verdict.MULTIPLE
    assert engine.count(b) == 4
    assert sorted(s.rows for s in engine.solutions(b)) == sorted(all_models(b))


@pytest.mark.parametrize("name", ENGINES)
def test_corner_two_with_one_neighbour_has_no_solution_and_a_reason(name):
    result = ENGINES[name].check(board("2?"))
    assert result.verdict is Verdict.NONE
    assert result.solution is None
    assert result.reason
    assert ENGINES[name].count(board("2?")) == 0
    assert list(ENGINES[name].solutions(board("2?"))) == []


def test_reference_says_its_program_finds_no_solution():
    assert reference.check(board("2?")).reason == "the reference program finds no solution"
    assert reference.check(board("1?"), mines=2).reason == (
        "the reference program finds no solution with exactly 2 mines"
    )


@pytest.mark.parametrize("name", ENGINES)
def test_a_game_board_is_read_as_the_puzzle_it_poses(name):
    game = Board(("B1E1B", "B1M1B", "B111B", "BBBBB"), "game")  # the rules' first click's result
    result = ENGINES[name].check(game)
    assert result.verdict is Verdict.UNIQUE
    assert result.solution.rows == ("01110", "01*10", "01110", "00000")
    assert ENGINES[name].count(game) == 1


@pytest.mark.parametrize("name", ENGINES)
def test_mine_total_splits_the_four_solutions(name):
    b = board("1110 / 2*31 / 3*?? / 2*4? / 112?")
    expected = {m: sum(mines_in(s) == m for s in all_models(b)) for m in range(3, 10)}
    assert {m: ENGINES[name].count(b, mines=m) for m in range(3, 10)} == expected


# --- prolog against kanren and enumeration --------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(pieces())
def test_prolog_lists_every_model_of_a_piece(piece):
    expected = piece_models(piece)
    assert sorted(PrologBackend().models(piece)) == expected
    assert sorted(KanrenBackend().models(piece)) == expected


@settings(max_examples=100, deadline=None)
@given(pieces(), st.integers(0, 4))
def test_prolog_stops_a_piece_at_the_limit(piece, limit):
    found = PrologBackend().models(piece, limit)
    assert len(found) == min(limit, len(piece_models(piece)))
    assert len(set(found)) == len(found)
    assert set(found) <= set(piece_models(piece))


@settings(max_examples=300, deadline=None)
@given(puzzles())
def test_prolog_and_kanren_give_the_verdict_count_and_solutions_of_enumeration(b):
    # Fresh backends: every piece of this board reaches the engine, none comes from the memo.
    p, k = PrologBackend(), KanrenBackend()
    models = sorted(all_models(b))
    assert p.count(b) == k.count(b) == len(models)
    result = p.check(b)
    assert result == k.check(b)
    assert result.verdict.value == verdict_of(len(models))
    if result.verdict is Verdict.UNIQUE:
        assert result.solution.rows == models[0]
    assert sorted(s.rows for s in p.solutions(b)) == models
    assert sorted(s.rows for s in k.solutions(b)) == models


@settings(max_examples=200, deadline=None)
@given(puzzles(), st.integers(0, 12))
def test_prolog_and_kanren_agree_with_a_mine_total(b, mines):
    p, k = PrologBackend(), KanrenBackend()
    models = [m for m in all_models(b) if mines_in(m) == mines]
    assert p.count(b, mines=mines) == k.count(b, mines=mines) == len(models)
    result = p.check(b, mines=mines)
    assert result.verdict == k.check(b, mines=mines).verdict
    assert result.verdict.value == verdict_of(len(models))
    if result.verdict is Verdict.UNIQUE:
        assert result.solution.rows == models[0]


@settings(max_examples=100, deadline=None)
@given(puzzles(), st.integers(0, 5))
def test_prolog_lists_at_most_limit_solutions_all_of_them_real(b, limit):
    # Which ones may differ from kanren's: CLP(FD) and miniKanren search in different orders.
    models = set(all_models(b))
    found = [s.rows for s in PrologBackend().solutions(b, limit)]
    assert len(found) == len(set(found)) == min(limit, len(models))
    assert set(found) <= models


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("opened", [0.2, 0.5])
def test_prolog_and_kanren_count_expert_midgames_exactly_alike(seed, opened):
    b = midgame(16, 30, 99, seed=seed, opened=opened)
    p, k = PrologBackend(), KanrenBackend()
    assert p.count(b) == k.count(b)
    total = p.count(b, mines=99)
    assert total == k.count(b, mines=99)
    assert total > 0
    assert p.check(b) == k.check(b)


def test_prolog_counts_stay_exact_far_beyond_64_bits():
    assert prolog.count(board("0?" + "?" * 198)) == 2**198  # the ? beside the 0 is safe


# --- a 200x200 board whose answer is known by construction ----------------------------------------


def with_hidden(solved: Board, hidden: set) -> Board:
    """The puzzle left when the cells in `hidden` of a solved board are covered with `?`."""
    return Board(
        tuple(
            "".join("?" if (r, c) in hidden else ch for c, ch in enumerate(row))
            for r, row in enumerate(solved.rows)
        )
    )


def far_apart_hidden_cells(solved: Board, away_from=None) -> set:
    """Every third cell of every third row, if a digit touches it (and it is more than two cells
    from `away_from`). No digit touches two of them, so each is decided by any digit beside it,
    alone: the puzzle they leave has exactly one solution, `solved`."""
    cells = set()
    for r in range(1, solved.height, 3):
        for c in range(1, solved.width, 3):
            if away_from and max(abs(r - away_from[0]), abs(c - away_from[1])) <= 2:
                continue
            if any(solved[n] != "*" for n in solved.neighbours((r, c))):
                cells.add((r, c))
    return cells


def mine_layout(n: int, seed: int) -> set:
    rng = random.Random(seed)
    return {(r, c) for r in range(n) for c in range(n) if rng.random() < 0.2}


@pytest.mark.parametrize("name", ["kanren", "prolog"])
def test_a_200_by_200_board_with_thousands_of_decided_cells_is_unique(name):
    solved = Board.from_mines(200, 200, mine_layout(200, seed=200))
    hidden = far_apart_hidden_cells(solved)
    assert len(hidden) > 4000 and any(solved[cell] == "*" for cell in hidden)
    puzzle = with_hidden(solved, hidden)
    result = ENGINES[name].check(puzzle)
    assert result.verdict is Verdict.UNIQUE
    assert result.solution == solved
    assert ENGINES[name].count(puzzle) == 1


@pytest.mark.parametrize("name", ["kanren", "prolog"])
def test_a_200_by_200_board_with_one_cell_no_digit_touches_has_two_solutions(name):
    # The middle of a 3x3 block of mines, hidden: every neighbour is a mine, no digit says
    # anything about it, so it doubles the count of the otherwise unique board.
    centre = (100, 100)
    block = {(100 + dr, 100 + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - {centre}
    layout = (mine_layout(200, seed=201) - {centre}) | block
    safe_centre = Board.from_mines(200, 200, layout)
    mined_centre = Board.from_mines(200, 200, layout | {centre})
    hidden = far_apart_hidden_cells(safe_centre, away_from=centre) | {centre}
    puzzle = with_hidden(safe_centre, hidden)
    assert ENGINES[name].check(puzzle).verdict is Verdict.MULTIPLE
    assert ENGINES[name].count(puzzle) == 2
    solutions = sorted(s.rows for s in ENGINES[name].solutions(puzzle))
    assert solutions == sorted([safe_centre.rows, mined_centre.rows])


# --- the reference program against both -----------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(puzzles(height=3, width=4, unknown=8))
def test_reference_agrees_with_prolog_kanren_and_enumeration(b):
    models = sorted(all_models(b))
    assert reference.count(b) == prolog.count(b) == kanren.count(b) == len(models)
    result = reference.check(b)
    assert result.verdict == prolog.check(b).verdict == kanren.check(b).verdict
    if result.verdict is Verdict.UNIQUE:
        assert result.solution == prolog.check(b).solution
    assert sorted(s.rows for s in reference.solutions(b)) == models


@settings(max_examples=40, deadline=None)
@given(puzzles(height=3, width=4, unknown=8), st.integers(0, 12))
def test_reference_filters_its_models_by_a_mine_total(b, mines):
    expected = sum(mines_in(m) == mines for m in all_models(b))
    assert reference.count(b, mines=mines) == prolog.count(b, mines=mines) == expected
    verdict = reference.check(b, mines=mines).verdict
    assert verdict == prolog.check(b, mines=mines).verdict
    assert verdict.value == verdict_of(expected)


def test_reference_counts_every_placement_of_an_open_board():
    assert reference.count(board("??? / ??? / ???")) == 2**9


@pytest.mark.parametrize("limit, expected", [(0, 0), (1, 1), (3, 3), (10, 4), (None, 4)])
def test_reference_solutions_stop_at_the_limit(limit, expected):
    b = board("1110 / 2*31 / 3*?? / 2*4? / 112?")
    assert len(list(reference.solutions(b, limit))) == expected


# --- giving up: time limits and Prolog's resources ------------------------------------------------


def test_reference_gives_up_when_its_time_is_up():
    slow = ReferenceBackend(timeout=0.2)
    with pytest.raises(EngineError, match=r"^reference: gave up after 0\.2 s"):
        slow.count(board("????? / ????? / ????? / ????? / ?????"))
    with pytest.raises(EngineError, match=r"^reference: gave up after 0\.2 s"):
        slow.check(board("????? / ????? / ????? / ????? / ?????"))
    # SWI-Prolog is fine afterwards.
    assert slow.count(board("1? / ??")) == 3


def test_prolog_gives_up_on_a_piece_that_takes_too_long():
    slow = PrologBackend(timeout=0.2)
    with pytest.raises(EngineError, match=r"^prolog: gave up after 0\.2 s"):
        slow.models(Piece((1,) * 40, ()))  # 2**40 models
    assert sorted(slow.models(Piece((1, 1), (((0, 1), 1),)))) == [(0, 1), (1, 0)]


def test_prolog_gives_up_on_a_board_when_its_time_is_up():
    hasty = PrologBackend(timeout=1e-9)
    with pytest.raises(EngineError, match=r"^prolog: gave up after 1e-09 s"):
        hasty.count(midgame(16, 30, 99, seed=1))


def test_prolog_with_a_time_limit_gives_the_same_answers():
    b = midgame(16, 30, 99, seed=2)
    assert PrologBackend(timeout=60).count(b, mines=99) == kanren.count(b, mines=99)


@pytest.mark.parametrize("timeout", [0, -1, float("nan")])
def test_a_timeout_is_a_positive_number_of_seconds(timeout):
    with pytest.raises(ValueError, match="positive number of seconds"):
        PrologBackend(timeout=timeout)
    with pytest.raises(ValueError, match="positive number of seconds"):
        ReferenceBackend(timeout=timeout)


def test_reference_out_of_stack_is_an_engine_error(small_prolog_stack):
    big = Board(("0" * 300,) * 300)
    with pytest.raises(EngineError, match=r"^reference: SWI-Prolog ran out of stack") as error:
        reference.check(big)
    assert "--backend prolog" in str(error.value)
    assert reference.check(board("1? / *?")).verdict is Verdict.UNIQUE
    # The advice holds: every digit is shown, so the board is its own one solution.
    assert prolog.check(big) == CheckResult(Verdict.UNIQUE, solution=big)


# --- without SWI-Prolog ---------------------------------------------------------------------------


def assert_says_how_to_install(error: BackendUnavailable) -> None:
    message = str(error)
    assert "apt-get install swi-prolog-nox" in message
    assert "--backend kanren" in message


@pytest.mark.parametrize("make", [PrologBackend, ReferenceBackend])
def test_missing_pyswip_says_how_to_install_swi_prolog(monkeypatch, make):
    monkeypatch.setitem(sys.modules, "pyswip", None)  # `import pyswip` now fails
    with pytest.raises(BackendUnavailable) as error:
        make()
    assert_says_how_to_install(error.value)
    assert "pip install 'logicmines[prolog]'" in str(error.value)
    assert str(error.value).startswith(f"{make.name}: ")


class _NoLibswipl(importlib.abc.MetaPathFinder):
    """Makes `import pyswip` fail as it does where libswipl is missing: with an exception that
    is not an ImportError (pyswip raises its own)."""

    def find_spec(self, name, path=None, target=None):
        if name == "pyswip":
            raise RuntimeError("SWI-Prolog shared library not found")
        return None


def test_missing_libswipl_says_how_to_install_swi_prolog(monkeypatch):
    monkeypatch.delitem(sys.modules, "pyswip")
    monkeypatch.setattr(sys, "meta_path", [_NoLibswipl(), *sys.meta_path])
    with pytest.raises(BackendUnavailable) as error:
        PrologBackend()
    assert_says_how_to_install(error.value)
    assert str(error.value).startswith("prolog: SWI-Prolog cannot be loaded")
    assert "shared library not found" in str(error.value)


def test_importing_logicmines_does_not_start_swi_prolog():
    code = (
        "import sys, logicmines, logicmines.backends, logicmines.backends.prolog, logicmines.cli; "
        "sys.exit('pyswip' in sys.modules)"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    assert subprocess.run([sys.executable, "-c", code], env=env, check=False).returncode == 0
