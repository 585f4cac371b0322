"""The programs in prolog/, run as they are: the SWI ones through pyswip, the original by gplc."""

from __future__ import annotations

import itertools
import json
import math
import random
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import all_models, verdict_of
from pyswip import Prolog
from pyswip.prolog import PrologError
from test_kanren import small_boards

from logicmines.generate import CHALLENGE_NONE as CHALLENGE_NONE_TEXT
from logicmines.generate import midgame

PROLOG_DIR = Path(__file__).resolve().parent.parent / "prolog"
SWI_PROGRAMS = ("common.pl", "guard.pl", "minesweeper.pl", "pieces.pl", "board.pl")
ORIGINAL = PROLOG_DIR / "gprolog" / "original.pl"

# The three example boards of docs/rules.md (and examples/spec.txt): one solution, four, none.
EXAMPLE_UNIQUE = ["1121", "1??*", "12?*", "0122"]
EXAMPLE_UNIQUE_SOLUTION = ["1121", "1*4*", "12**", "0122"]
EXAMPLE_FOUR = ["1110", "2*31", "3*??", "2*4?", "112?"]
EXAMPLE_NONE = ["2?"]
# A board of the code-golf challenge's size with no solution ((2,9) shows 0 beside a mine), with
# many `*`s: the port took seconds on it before it gave `*` GNU Prolog's reading only.
CHALLENGE_NONE = CHALLENGE_NONE_TEXT.replace(" / ", " ").split()


# --- helpers ---------------------------------------------------------------------------------


def codes(rows: list[str]) -> list[list[int]]:
    """A board as the programs take it: a list of rows, each a list of character codes."""
    return [[ord(ch) for ch in row] for row in rows]


def text(board: list[list[int]]) -> list[str]:
    """A board returned by the programs, back as row strings."""
    return ["".join(map(chr, row)) for row in board]


def ask(prolog, goal: str, *args) -> list[dict]:
    """Every answer of goal, with %p placeholders filled from args (numbers and lists only)."""
    return list(prolog.query(goal, *args))


def solved(mines: list[list[bool]]) -> list[str]:
    """The fully revealed board of a mine layout."""
    height, width = len(mines), len(mines[0])
    rows = []
    for r in range(height):
        row = ""
        for c in range(width):
            if mines[r][c]:
                row += "*"
            else:
                row += str(
                    sum(
                        mines[r + dr][c + dc]
                        for dr in (-1, 0, 1)
                        for dc in (-1, 0, 1)
                        if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width
                    )
                )
        rows.append(row)
    return rows


def brute_solutions(rows: list[str]) -> list[list[str]]:
    """Every solution of a puzzle board, found by trying every mine placement on its `?`s."""
    unknown = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "?"]
    found = []
    for bits in itertools.product((False, True), repeat=len(unknown)):
        mines = [[ch == "*" for ch in row] for row in rows]
        for (r, c), bit in zip(unknown, bits, strict=True):
            mines[r][c] = bit
        board = solved(mines)
        if all(
            ch in "*?" or ch == board[r][c]
            for r, row in enumerate(rows)
            for c, ch in enumerate(row)
        ):
            found.append(board)
    return found


def random_board(rng: random.Random, max_side: int = 4, max_unknown: int = 16) -> list[str]:
    """A random puzzle: a real layout with some cells hidden, and now and then a wrong digit."""
    height, width = rng.randint(1, max_side), rng.randint(1, max_side)
    mines = [[rng.random() < 0.3 for _ in range(width)] for _ in range(height)]
    cells = [list(row) for row in solved(mines)]
    spots = [(r, c) for r in range(height) for c in range(width)]
    hidden = rng.sample(spots, min(max_unknown, rng.randint(0, len(spots))))
    for r, c in hidden:
        cells[r][c] = "?"
    digits = [(r, c) for r, c in spots if cells[r][c].isdigit()]
    if digits and rng.random() < 0.2:
        r, c = rng.choice(digits)
        cells[r][c] = str(rng.randint(0, 8))
    return ["".join(row) for row in cells]


def brute_piece(sizes: list[int], sums: list[tuple[list[int], int]]) -> list[list[int]]:
    """Every model of a piece, by trying every value of every variable."""
    return [
        list(values)
        for values in itertools.product(*(range(size + 1) for size in sizes))
        if all(sum(values[i] for i in indices) == total for indices, total in sums)
    ]


def random_piece(rng: random.Random) -> tuple[list[int], list[tuple[list[int], int]]]:
    """A small random piece whose sums are sometimes satisfiable, sometimes not."""
    sizes = [rng.choice([0, 1, 1, 1, 2, 3]) for _ in range(rng.randint(1, 5))]
    sums = []
    for _ in range(rng.randint(0, 3)):
        indices = rng.sample(range(len(sizes)), rng.randint(1, len(sizes)))
        reach = sum(sizes[i] for i in indices)
        sums.append((indices, rng.randint(0, reach + 1)))
    return sizes, sums


def as_prolog_sums(sums: list[tuple[list[int], int]]) -> list[list]:
    """Sums in the [Indices, Total] shape that pyswip's %p can write."""
    return [[list(indices), total] for indices, total in sums]


# --- fixtures --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def prolog():
    """SWI-Prolog with the three programs loaded once (pyswip allows one engine per process)."""
    for name in SWI_PROGRAMS:
        Prolog.consult(str(PROLOG_DIR / name))
    return Prolog


@pytest.fixture(scope="session")
def original(tmp_path_factory) -> Path:
    """The verbatim original with its driver, compiled by GNU Prolog."""
    binary = tmp_path_factory.mktemp("gprolog") / "original"
    subprocess.run(
        ["gplc", "--no-top-level", str(ORIGINAL), "-o", str(binary)],
        check=True,
        capture_output=True,
    )
    return binary


def run_original(binary: Path, boards: list[list[str]]) -> list[str]:
    """The driver's lines for the boards, written as blank-line-separated blocks."""
    feed = "\n\n".join("\n".join(rows) for rows in boards) + "\n"
    done = subprocess.run(
        [str(binary)], input=feed, capture_output=True, text=True, check=True, timeout=60
    )
    return done.stdout.splitlines()


# --- the reference port (prolog/minesweeper.pl) ------------------------------------------------


def test_reference_s_holds_for_the_example_board_with_one_solution(prolog):
    assert ask(prolog, "s(%p)", codes(EXAMPLE_UNIQUE)) == [{}]


def test_reference_m_gives_the_example_solution_and_nothing_else(prolog):
    answers = ask(prolog, "m(%p, Solved)", codes(EXAMPLE_UNIQUE))
    assert [text(a["Solved"]) for a in answers] == [EXAMPLE_UNIQUE_SOLUTION]


def test_reference_finds_the_four_solutions_of_the_example_board(prolog):
    answers = ask(prolog, "m(%p, Solved)", codes(EXAMPLE_FOUR))
    got = sorted(tuple(text(a["Solved"])) for a in answers)
    assert got == sorted(tuple(b) for b in brute_solutions(EXAMPLE_FOUR))
    assert len(got) == 4
    assert ask(prolog, "s(%p)", codes(EXAMPLE_FOUR)) == []


def test_reference_finds_no_solution_for_a_corner_two(prolog):
    assert ask(prolog, "m(%p, _)", codes(EXAMPLE_NONE)) == []
    assert ask(prolog, "s(%p)", codes(EXAMPLE_NONE)) == []


@pytest.mark.parametrize(
    "rows",
    [
        ["?"],
        ["*"],
        ["0"],
        ["1?"],
        ["??"],
        ["?1?"],
        ["1?1"],
        ["?", "1"],
        ["?", "?"],
        ["1", "?", "1"],
    ],
)
def test_reference_handles_one_row_and_one_column_boards(prolog, rows):
    answers = ask(prolog, "m(%p, Solved)", codes(rows))
    got = sorted(tuple(text(a["Solved"])) for a in answers)
    assert got == sorted(tuple(b) for b in brute_solutions(rows))


def test_reference_helpers_answer_the_example_boards(prolog):
    for rows, count in ((EXAMPLE_UNIQUE, 1), (EXAMPLE_FOUR, 4), (EXAMPLE_NONE, 0)):
        board = codes(rows)
        assert ask(prolog, "reference_count(%p, N)", board) == [{"N": count}]
        assert ask(prolog, "reference_verdict(%p, V)", board) == [{"V": verdict_of(count)}]


def test_reference_answer_is_the_verdict_place_and_the_one_solution(prolog):
    for rows, place, solution in (
        (EXAMPLE_UNIQUE, 1, EXAMPLE_UNIQUE_SOLUTION),
        (EXAMPLE_FOUR, 2, None),
        (EXAMPLE_NONE, 0, None),
    ):
        [answer] = ask(prolog, "reference_answer(%p, Answer)", codes(rows))
        found, solved = answer["Answer"]
        assert found == place
        assert (text(solved) if solved else None) == solution


@pytest.mark.parametrize("was", ["terminating", "full"])
def test_reference_helpers_leave_the_propagation_flag_as_it_was(prolog, was):
    # They run m/2 with clpfd_propagation full, and put the flag back, even when m/2 raises.
    ask(prolog, f"set_prolog_flag(clpfd_propagation, {was})")
    board = codes(EXAMPLE_FOUR)
    assert ask(prolog, "reference_count(%p, N)", board) == [{"N": 4}]
    assert ask(prolog, "reference_answer(%p, [P, _])", board) == [{"P": 2}]
    raised = "guard:guarded(reference_count(%p), 0.001, Result)"
    assert ask(prolog, raised, codes(["?" * 8] * 4)) == [{"Result": "time_limit"}]
    assert ask(prolog, "current_prolog_flag(clpfd_propagation, F)") == [{"F": was}]


@pytest.mark.parametrize("seed", range(6))
def test_reference_with_mines_keeps_the_solutions_with_that_many_mines(prolog, seed):
    rows = random_board(random.Random(500 + seed), max_unknown=8)
    solutions = brute_solutions(rows)
    for mines in range(len(rows) * len(rows[0]) + 2):
        expected = sorted(b for b in solutions if "".join(b).count("*") == mines)
        assert ask(prolog, "reference_count_with_mines(%p, %p, N)", codes(rows), mines) == [
            {"N": len(expected)}
        ], (rows, mines)
        [answer] = ask(
            prolog, "reference_models_with_mines(%p, %p, -1, Solved)", codes(rows), mines
        )
        assert sorted(text(b) for b in answer["Solved"]) == expected, (rows, mines)
        [first] = ask(prolog, "reference_models_with_mines(%p, %p, 1, Solved)", codes(rows), mines)
        assert len(first["Solved"]) == min(len(expected), 1)


@settings(max_examples=80, deadline=None)
@given(small_boards(max_side=5, max_unknown=9))
def test_reference_counts_and_lists_the_enumerated_models(prolog, board):
    # The port with GNU Prolog's domains gives what plain enumeration gives, board for board.
    models = all_models(board)
    rows = codes(list(board.rows))
    assert ask(prolog, "reference_count(%p, N)", rows) == [{"N": len(models)}], board
    [answer] = ask(prolog, "reference_models(%p, -1, Solved)", rows)
    assert sorted(tuple(text(b)) for b in answer["Solved"]) == sorted(models), board


@pytest.mark.parametrize("limit, expected", [(0, 0), (1, 1), (3, 3), (9, 4), (-1, 4)])
def test_reference_models_stops_at_the_limit(prolog, limit, expected):
    [answer] = ask(prolog, "reference_models(%p, %p, Solved)", codes(EXAMPLE_FOUR), limit)
    assert len(answer["Solved"]) == expected


def test_reference_models_takes_inf_for_all(prolog):
    [answer] = ask(prolog, "reference_models(%p, inf, Solved)", codes(EXAMPLE_FOUR))
    assert len(answer["Solved"]) == 4


@pytest.mark.parametrize(
    "board",
    [
        ["1121"],  # a string (pyswip writes Python str as "..."), not a code list
        [[49, 63], [49]],  # ragged
        [[49, 120]],  # a character that is not a cell
        [],  # no rows
        [[]],  # an empty row
    ],
)
def test_reference_helpers_reject_what_is_not_a_board(prolog, board):
    with pytest.raises(PrologError):
        ask(prolog, "reference_count(%p, _)", board)
    for goal in (
        "reference_models(%p, -1, _)",
        "reference_verdict(%p, _)",
        "reference_answer(%p, _)",
        "reference_count_with_mines(%p, 1, _)",
        "reference_models_with_mines(%p, 1, -1, _)",
    ):
        with pytest.raises(PrologError):
            ask(prolog, goal, board)


@pytest.mark.parametrize("seed", range(8))
def test_reference_count_matches_brute_force(prolog, seed):
    rng = random.Random(seed)
    for _ in range(4):
        rows = random_board(rng, max_unknown=8)
        expected = len(brute_solutions(rows))
        assert ask(prolog, "reference_count(%p, N)", codes(rows)) == [{"N": expected}], rows
        assert ask(prolog, "reference_verdict(%p, V)", codes(rows)) == [
            {"V": verdict_of(expected)}
        ], rows


# --- the piece model (prolog/pieces.pl) ---------------------------------------------------------


def test_piece_posts_constraints_without_labeling(prolog):
    # Propagation alone settles a variable whose sum leaves it no choice.
    [answer] = ask(
        prolog,
        "piece(%p, %p, Vars), Vars = [A, B, _], integer(A), integer(B)",
        [1, 1, 3],
        [[[0, 1], 2]],
    )
    assert (answer["A"], answer["B"]) == (1, 1)


def test_piece_models_of_a_chain_of_two_ones(prolog):
    [answer] = ask(
        prolog, "piece_models(%p, %p, -1, Models)", [1, 1, 1], [[[0, 1], 1], [[1, 2], 1]]
    )
    assert sorted(answer["Models"]) == [[0, 1, 0], [1, 0, 1]]


def test_piece_accepts_sums_written_as_pairs(prolog):
    [answer] = ask(prolog, "piece_models([3, 1], [[0, 1]-2], inf, Models)")
    assert sorted(answer["Models"]) == [[1, 1], [2, 0]]


def test_piece_with_no_variables_has_one_empty_model(prolog):
    assert ask(prolog, "piece_models([], [], -1, Models)") == [{"Models": [[]]}]


def test_piece_that_cannot_hold_has_no_models(prolog):
    assert ask(prolog, "piece_models(%p, %p, -1, Models)", [2, 2], [[[0, 1], 5]]) == [
        {"Models": []}
    ]
    assert ask(prolog, "piece_count(%p, %p, N)", [2, 2], [[[0, 1], 5]]) == [{"N": 0}]


@pytest.mark.parametrize(
    "sizes, sums",
    [
        ([-1], []),  # a negative size
        ([1, 1], [[[2], 1]]),  # an index out of range
        ([1], [[[0], "x"]]),  # a total that is not an integer
        ([1], [7]),  # a sum that is neither Indices-Total nor [Indices, Total]
    ],
)
def test_piece_rejects_malformed_input(prolog, sizes, sums):
    with pytest.raises(PrologError):
        ask(prolog, "piece_count(%p, %p, _)", sizes, sums)


@pytest.mark.parametrize("limit", [0, 1, 2, 5])
def test_piece_models_stops_at_the_limit(prolog, limit):
    [answer] = ask(prolog, "piece_models(%p, [], %p, Models)", [1, 1, 1], limit)
    assert len(answer["Models"]) == min(limit, 8)


@pytest.mark.parametrize("seed", range(30))
def test_piece_models_and_count_match_brute_force(prolog, seed):
    sizes, sums = random_piece(random.Random(seed))
    expected = brute_piece(sizes, sums)
    [answer] = ask(prolog, "piece_models(%p, %p, -1, Models)", sizes, as_prolog_sums(sums))
    assert sorted(answer["Models"]) == expected
    assert ask(prolog, "piece_count(%p, %p, N)", sizes, as_prolog_sums(sums)) == [
        {"N": len(expected)}
    ]


@pytest.mark.parametrize("seed", range(10))
def test_piece_placements_weigh_each_model_by_binomials(prolog, seed):
    sizes, sums = random_piece(random.Random(100 + seed))
    expected = sum(
        math.prod(math.comb(size, value) for size, value in zip(sizes, model, strict=True))
        for model in brute_piece(sizes, sums)
    )
    assert ask(prolog, "piece_placements(%p, %p, N)", sizes, as_prolog_sums(sums)) == [
        {"N": expected}
    ]


# --- the whole-board model (prolog/board.pl) ----------------------------------------------------


def test_board_model_solves_the_example_board(prolog):
    [answer] = ask(prolog, "board_models(%p, -1, Solved)", codes(EXAMPLE_UNIQUE))
    assert [text(board) for board in answer["Solved"]] == [EXAMPLE_UNIQUE_SOLUTION]


def test_board_model_counts_the_example_boards(prolog):
    for rows, count in ((EXAMPLE_UNIQUE, 1), (EXAMPLE_FOUR, 4), (EXAMPLE_NONE, 0)):
        assert ask(prolog, "board_count(%p, N)", codes(rows)) == [{"N": count}]
        assert ask(prolog, "board_verdict(%p, V)", codes(rows)) == [{"V": verdict_of(count)}]


def test_board_mines_is_one_for_a_mine_and_zero_for_a_digit(prolog):
    [answer] = ask(prolog, "board_mines(%p, [[A, B]])", codes(["*1"]))
    assert (answer["A"], answer["B"]) == (1, 0)


def test_board_mines_checked_against_given_values_holds_only_for_the_board_s_own(prolog):
    assert ask(prolog, "board_mines(%p, [[1, 0]])", codes(["*1"]))
    # No digit refutes these: only the reading of each cell does (a mine is never 0).
    assert not ask(prolog, "board_mines(%p, [[0]])", codes(["*"]))
    assert not ask(prolog, "board_mines(%p, [[0, 0]])", codes(["*?"]))
    assert not ask(prolog, "board_mines(%p, [[1, 1]])", codes(["*1"]))


def test_board_model_rejects_a_ragged_board(prolog):
    with pytest.raises(PrologError):
        ask(prolog, "board_count(%p, _)", [[49, 63], [49]])


@pytest.mark.parametrize("seed", range(25))
def test_board_model_matches_brute_force(prolog, seed):
    rows = random_board(random.Random(1000 + seed), max_unknown=12)
    expected = brute_solutions(rows)
    assert ask(prolog, "board_count(%p, N)", codes(rows)) == [{"N": len(expected)}], rows
    [answer] = ask(prolog, "board_models(%p, -1, Solved)", codes(rows))
    assert sorted(text(board) for board in answer["Solved"]) == sorted(expected), rows


@pytest.mark.parametrize("seed", range(10))
def test_board_model_with_a_mine_total_and_its_tally_match_brute_force(prolog, seed):
    rows = random_board(random.Random(2000 + seed), max_unknown=10)
    solutions = brute_solutions(rows)
    unknown = [i for i, ch in enumerate("".join(rows)) if ch == "?"]
    tally = [sum("".join(b)[i] == "*" for b in solutions) for i in unknown]
    assert ask(prolog, "board_tally(%p, T)", codes(rows)) == [{"T": [len(solutions), tally]}]
    for mines in range(len(rows) * len(rows[0]) + 2):
        expected = sorted(b for b in solutions if "".join(b).count("*") == mines)
        [answer] = ask(prolog, "board_models_with_mines(%p, %p, -1, S)", codes(rows), mines)
        assert sorted(text(b) for b in answer["S"]) == expected, (rows, mines)
        assert ask(prolog, "board_count_with_mines(%p, %p, N)", codes(rows), mines) == [
            {"N": len(expected)}
        ]
        [found] = ask(prolog, "board_answer_with_mines(%p, %p, A)", codes(rows), mines)
        assert found["A"][0] == min(len(expected), 2)


def test_board_turns_end_when_a_way_fails_outright(prolog):
    # The ways are one search in different orders: one that fails has proved that none
    # succeeds. Ways that failed were retried with the budget doubled, past what an integer
    # holds (a representation error, not an answer).
    assert not ask(prolog, "board:raced([fail, fail], _, any, 1000)")
    assert not ask(prolog, "board:raced([fail], %p, 1, 1000)", codes(["1?", "??"]))
    assert not ask(prolog, "board:raced([fail, true], _, any, 1000)")  # the first proved it
    assert ask(prolog, "board:raced([(X = 1, true)], _, any, 1000)") == [{"X": 1}]


# --- the examples in the programs' comments: `?- Query` followed by its `%@` answer lines --------


def examples(path: Path) -> list[tuple[str, list[str]]]:
    """(query, the answer lines shown for it) for every example in a program's comments.

    An example is a line `?- Query` (it may go on over more lines), then the lines `%@ ...` that
    the SWI-Prolog toplevel prints for it, in a block comment or after a `%` comment marker.
    """
    found, query, shown = [], None, None
    for raw in path.read_text().splitlines() + [""]:
        line = raw.strip()
        if line.startswith("%") and not line.startswith("%@"):
            line = line[1:].strip()
        if line.startswith("?- "):
            query, shown = line[3:], []
        elif query is not None and line.startswith("%@"):
            shown.append(line[3:])
        elif query is not None and not shown and line:
            query += " " + line
        else:
            if query is not None and shown:
                found.append((query, shown))
            query, shown = None, None
    return found


def program_examples() -> list[tuple[str, str, list[str]]]:
    return [
        (name, query, shown)
        for name in SWI_PROGRAMS
        for query, shown in examples(PROLOG_DIR / name)
    ]


def toplevel(path: Path, query: str, more: int) -> tuple[str, str]:
    """What `swipl path` prints (stdout, stderr) for a query typed at its toplevel, asked for
    `more` answers after the first (`;`). Its input is not a terminal, so the toplevel writes
    an answer followed by a space, not ` ;` and a new line, before the next one."""
    done = subprocess.run(
        ["swipl", "-q", str(path)],
        input=query + "\n" + ";\n" * more,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.stdout.rstrip(), done.stderr


def test_every_swi_program_is_checked_here_and_shows_examples():
    assert sorted(path.name for path in PROLOG_DIR.glob("*.pl")) == sorted(SWI_PROGRAMS)
    for name in SWI_PROGRAMS:
        path = PROLOG_DIR / name
        found = examples(path)
        assert found, name
        # Every answer line belongs to an example, so none is left unchecked by a typo.
        answers = sum(line.lstrip("% ").startswith("@") for line in path.read_text().splitlines())
        assert answers == sum(len(shown) for _, shown in found), name


@pytest.mark.parametrize(
    "name, query, shown", program_examples(), ids=[f"{n}: {q}" for n, q, _ in program_examples()]
)
def test_example_prints_the_answers_it_shows(name, query, shown):
    more = sum(line.endswith(" ;") for line in shown)
    printed, errors = toplevel(PROLOG_DIR / name, query, more)
    assert errors == ""
    assert printed == "\n".join(shown).replace(" ;\n", " ")


# --- the verbatim original under GNU Prolog (prolog/gprolog/original.pl) ------------------------


def between_markers(path: Path, first: str, last: str) -> list[str]:
    """The lines of a file after the line starting with first, before the one starting with last."""
    lines = path.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = next(i for i, line in enumerate(lines) if line.startswith(last))
    return lines[start + 1 : end]


def test_original_is_the_493_byte_program():
    program = between_markers(ORIGINAL, "% ---- the original", "% ---- end of the original")
    assert len("\n".join(program).encode()) == 493
    assert program[-1] == "s(A):-setof(B,m(A,B),[_])."


# Every change the port makes to the original's clauses, as (the port's text, the original's):
# the domain GNU Prolog gives every finite-domain variable, stated where SWI-Prolog would go below
# it, and the sum of c/3 posted with less of SWI's work (see the `% CHANGE:` comment above each).
PORT_CHANGES = (
    ("neighbour_sum([A,B,C,D,E,F,G,H],T)", "T#=A+B+C+D+E+F+G+H"),
    ("Y#=X-48,Y#>=0", "Y#=X-48"),
    ("N#>0,M#=", "M#="),
    ("in_time,q(H,E)", "q(H,E)"),
)


def original_clauses() -> list[str]:
    return between_markers(ORIGINAL, "% ---- the original", "% ---- end of the original")


def port_clauses() -> tuple[list[str], list[int]]:
    """The port's clauses (one a line) and the places of those a `% CHANGE:` comment precedes."""
    port = between_markers(
        PROLOG_DIR / "minesweeper.pl", "% ---- the reference program", "% ---- helpers"
    )
    clauses, marked = [], []
    for line in port:
        if line.startswith("% CHANGE:"):
            marked.append(len(clauses))
        elif line and not line.startswith("%"):
            clauses.append(line)
    return clauses, marked


def change_helpers() -> str:
    """The predicates that the port's changed clauses call (their own section of the port)."""
    return "\n".join(
        between_markers(
            PROLOG_DIR / "minesweeper.pl",
            "% ---- helpers of the port's changes",
            "% ---- helpers for callers",
        )
    )


def test_port_is_the_original_but_for_its_marked_changes():
    program = original_clauses()
    clauses, marked = port_clauses()
    assert len(clauses) == len(program)
    # Each changed clause has its comment that says why, and each such comment its change.
    changed = [i for i, (ours, theirs) in enumerate(zip(clauses, program)) if ours != theirs]
    assert changed == marked
    undone = list(clauses)
    for ours, theirs in PORT_CHANGES:
        [place] = [i for i, line in enumerate(clauses) if ours in line]
        assert clauses[place].count(ours) == 1
        undone[place] = clauses[place].replace(ours, theirs)
    assert undone == program
    assert len(PORT_CHANGES) == len(marked)


def counting(clauses: list[str], count: str, boards: list[list[str]]) -> str:
    """A program of `clauses` in which every call of q/2 and c/3 is counted (`count`, given the
    counter's name, is the goal that adds one to it), and the boards as `board/1` facts."""
    renamed = [re.sub(r"^([qc])\(", r"\g<1>0(", line) for line in clauses]
    wrappers = [
        f"q(A,B):-{count.format('q')},q0(A,B).",
        f"c(A,B,C):-{count.format('c')},c0(A,B,C).",
    ]
    facts = [f"board({json.dumps(codes(rows))})." for rows in boards]
    return "\n".join([*renamed, *wrappers, *facts]) + "\n"


def test_port_searches_as_the_original_does_call_for_call(tmp_path):
    # The same answers, in the same order, from the same search: as many calls of q/2 (reading
    # and writing a cell) and of c/3 (posting a digit) in SWI-Prolog as in GNU Prolog, board by
    # board. Each board is asked three times: for every solution (Solved unbound), then, when it
    # has one, whether its first solution is one (Solved given), and for the solutions that
    # start with that solution's first row (Solved partly given).
    rng = random.Random(7)
    boards = [EXAMPLE_UNIQUE, EXAMPLE_FOUR, EXAMPLE_NONE, CHALLENGE_NONE]
    boards += [random_board(rng, max_side=5, max_unknown=9) for _ in range(24)]
    report = (
        "board(B),findall(S,m(B,S),All),member(Mode,[all,given,first_row]),"
        "(Mode=all->true;All=[First|_],(Mode=given->Solved=First;First=[Row|_],Solved=[Row|_])),"
        "{reset},findall(Solved,m(B,Solved),L),length(L,N),{read},write(Mode-N-Q-C-L),nl"
    )
    gnu = tmp_path / "gnu.pl"
    gnu.write_text(
        counting(original_clauses(), "g_inc({})", boards)
        + ":- initialization(main).\nmain:-"
        + report.format(reset="g_assign(q,0),g_assign(c,0)", read="g_read(q,Q),g_read(c,C)")
        + ",fail.\nmain.\n"
    )
    subprocess.run(
        ["gplc", "--no-top-level", str(gnu), "-o", str(tmp_path / "gnu")],
        check=True,
        capture_output=True,
    )
    by_gnu = subprocess.run(
        [str(tmp_path / "gnu")], capture_output=True, text=True, check=True, timeout=60
    )
    swi = tmp_path / "swi.pl"
    swi.write_text(
        ":- use_module(library(clpfd)).\n"
        + f":- use_module('{PROLOG_DIR / 'guard.pl'}', [in_time/0]).\n"
        + counting(port_clauses()[0], "flag({},I,I+1)", boards)
        + change_helpers()
        + "\nmain:-forall(("
        + report.format(reset="flag(q,_,0),flag(c,_,0)", read="flag(q,Q,Q),flag(c,C,C)")
        + "),true).\n"
    )
    # Under SWI's default propagation and under the full propagation the port's helpers use.
    for propagation in ("terminating", "full"):
        by_swi = subprocess.run(
            ["swipl", "-q", "-g", f"set_prolog_flag(clpfd_propagation, {propagation})"]
            + ["-g", "main", "-t", "halt", str(swi)],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        )
        assert by_swi.stdout == by_gnu.stdout, propagation
    modes = [line.split("-")[0] for line in by_gnu.stdout.splitlines()]
    assert modes.count("all") == len(boards)
    assert modes.count("given") > len(boards) / 2


def test_original_gives_the_example_answers(original):
    assert run_original(original, [EXAMPLE_UNIQUE, EXAMPLE_FOUR, EXAMPLE_NONE]) == [
        "verdict unique count 1",
        "verdict multiple count 4",
        "verdict none count 0",
    ]


def test_original_driver_skips_comments_blank_lines_and_carriage_returns(original):
    feed = "# two boards\n\n\n1121\r\n 1??* \n12?*\n0122\n\n\n# the next\n2?"
    done = subprocess.run(
        [str(original)], input=feed, capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.splitlines() == ["verdict unique count 1", "verdict none count 0"]


def test_original_driver_prints_nothing_for_no_boards(original):
    done = subprocess.run([str(original)], input="", capture_output=True, text=True, check=True)
    assert done.stdout == ""


def test_original_and_swi_port_agree_on_random_boards(prolog, original):
    rng = random.Random(2024)
    boards = [random_board(rng, max_unknown=8) for _ in range(20)]
    lines = run_original(original, boards)
    assert len(lines) == len(boards)
    for rows, line in zip(boards, lines, strict=True):
        [count] = ask(prolog, "reference_count(%p, N)", codes(rows))
        [verdict] = ask(prolog, "reference_verdict(%p, V)", codes(rows))
        assert line == f"verdict {verdict['V']} count {count['N']}", rows
        assert count["N"] == len(brute_solutions(rows)), rows


# A goal with a findall/3 inside a findall/3, for call_with_inference_limit/3 to stop.
NESTED_FINDALL = "findall(Y, (between(1, 5, X), findall(Z, between(1, X, Z), Y)), _)"


def test_guarded_finds_its_outcome_among_what_a_stopped_goal_leaves(prolog):
    # In SWI-Prolog 9.0.4 a goal stopped by call_with_inference_limit/3 while a findall/3 inside
    # it ends can leave that findall's results in the findall/3 of the query around it (one
    # asked from Python, as guarded/3's is): around board.pl's ways in turns, taking guarded/3's
    # outcome as the only member of its findall failed ("the Prolog goal failed").
    stopped = f"call_with_inference_limit({NESTED_FINDALL}, %p, _)"
    leaking = [
        limit
        for limit in range(1, 201)
        if ask(prolog, f"findall(x, {stopped}, L)", limit) != [{"L": ["x"]}]
    ]
    assert leaking, "this SWI-Prolog no longer leaks: guard.pl's note on it may go"
    goal = f"guard:guarded([Out]>>({stopped}, Out = done), 0, R)"
    for limit in range(1, 201):
        assert [answer["R"] for answer in ask(prolog, goal, limit)] == ["ok done"]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_sweep_step_checks_every_digit_at_once_as_one_at_a_time(prolog, data):
    # successor/4 checks all the digits a cell touches with a few masks (step_masks/2): each
    # slot holds a need of 0 to 8 in four bits, Left (0 to 7) cells of its digit come after.
    # The rule, one digit at a time: with the cell taking Value, every touched need less Value
    # is at least 0 and at most Left. A need left over where Left was too small would stay in
    # a slot that a later digit takes over, so the check is part of the answer, not a pruning.
    # Up to 20 slots: 80 bits, past SWI-Prolog's small integers.
    slots = data.draw(st.lists(st.integers(0, 19), max_size=8, unique=True), label="slots")
    lefts = [data.draw(st.integers(0, 7), label="left") for _ in slots]
    needs = data.draw(st.lists(st.integers(0, 8), min_size=20, max_size=20), label="needs")
    value = data.draw(st.integers(0, 1), label="value")
    state = sum(need << (4 * slot) for slot, need in enumerate(needs))
    touched = [[4 * slot, left] for slot, left in zip(slots, lefts, strict=True)]
    holds = all(0 <= needs[slot] - value <= left for slot, left in zip(slots, lefts, strict=True))
    expected = state - value * sum(1 << (4 * slot) for slot in slots)
    # Numbers past 64 bits go through pyswip as text (codes in, an atom out).
    [found] = ask(
        prolog,
        "findall(Text, (findall(S-L, member([S, L], %p), T), board:step_masks(T, M), "
        "number_codes(State, %p), board:successor(step(0, M), State, %p, Next), "
        "format(atom(Text), '~d', [Next])), Texts)",
        touched,
        list(str(state).encode()),
        value,
    )
    assert [str(text) for text in found["Texts"]] == ([str(expected)] if holds else [])


def test_failed_literal_probing_of_a_long_row_stays_within_its_budget(prolog):
    # On ?1?1...?1? every probe runs along the whole row and fails nowhere: probing took the
    # square of its length (140 million inferences for 2,001 cells, 4.9 s), until each round
    # got a budget of 5,000 a cell (board.pl's probe_round/4). Inferences, unlike seconds, do
    # not depend on the machine.
    [found] = ask(
        prolog,
        "statistics(inferences, I0), board:count(%p, any, C), statistics(inferences, I1), "
        "D is I1 - I0",
        codes(["?1" * 1000 + "?"]),
    )
    assert found["C"] == 2
    assert found["D"] < 20_000_000


def test_the_failed_literals_are_probed_again_only_in_the_parts_a_round_changed(prolog):
    # On this half-played 100x100 game a round of probes over every cell sets some cells, and a
    # second round sets more: rounds over the whole board took at least three rounds' work
    # (four: 9.4 million inferences against 2.7 million for one). A round that changes one
    # part changes nothing another part's probes see, so probing part by part (board.pl's
    # probed/3) takes one round's work and little more (4.4 million). Inferences, unlike
    # seconds, do not depend on the machine.
    rows = codes(list(midgame(100, 100, 2000, seed=1).rows))
    [found] = ask(
        prolog,
        "board:board_posted(%p, any, M1, [L1|_], _, _), foldl(board:row_places, M1, 0, _), "
        "include(board:linked, L1, V1), statistics(inferences, A0), "
        "board:probe_round(V1, 10**15, false, _), statistics(inferences, A1), R is A1 - A0, "
        "board:probe_round(V1, 10**15, false, Again), "
        "board:board_posted(%p, any, M2, [L2|_], _, S2), foldl(board:row_places, M2, 0, _), "
        "statistics(inferences, B0), board:probed(raced, L2, S2), statistics(inferences, B1), "
        "P is B1 - B0",
        rows,
        rows,
    )
    assert found["Again"] == "true"  # a second round over every cell would set more
    assert found["P"] < 2 * found["R"]
