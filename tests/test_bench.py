"""The benchmark: its quick run end to end (every engine on small boards, in agreement, in
tables), the boards it is given, and the statuses it adds to the package's outcomes."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from logicmines.backends import make_backend
from logicmines.board import Board
from logicmines.compare import Outcome
from logicmines.generate import lattice, random_puzzle, unique_puzzle

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "bench.py"
ENGINES = ("gprolog", "reference", "prolog", "kanren")

sys.path.insert(0, str(BENCH.parent))
import bench  # noqa: E402
import report  # noqa: E402


@dataclass(frozen=True)
class QuickRun:
    status: int
    out: str
    err: str
    markdown: str  # the file given to --markdown, after the run

    def board_row(self, label: str) -> list[str]:
        """The cells of the per-board table's row for the board labelled `label`."""
        for line in self.out.splitlines():
            if line.startswith(f"| {label} |"):
                return [cell.strip() for cell in line.strip("|").split("|")]
        raise AssertionError(f"no row for {label!r} in:\n{self.out}")


@pytest.fixture(scope="module")
def quick(tmp_path_factory) -> QuickRun:
    """One `bench.py --quick` run as a real process, shared by the tests below."""
    markdown = tmp_path_factory.mktemp("bench") / "benchmarks.md"
    markdown.write_text(
        "# Kept above\n\n<!-- results: written by benchmarks/bench.py; everything to the end "
        "marker is replaced -->\nold results\n<!-- end of results -->\n\nKept below.\n"
    )
    done = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--markdown", str(markdown)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    return QuickRun(done.returncode, done.stdout, done.stderr, markdown.read_text())


def test_quick_run_succeeds_with_every_engine_agreeing(quick):
    assert quick.status == 0, quick.err
    assert "DISAGREEMENT" not in quick.out + quick.err
    assert "Agreement: on every board, every engine that answered" in quick.out


def test_quick_run_prints_the_median_table_for_every_engine(quick):
    assert "| family | boards | cells | gprolog | reference | prolog | kanren |" in quick.out
    assert "| rules examples | 3 | 2–20 |" in quick.out
    assert "| family | reference | prolog | kanren |" in quick.out  # the ratios to gprolog


@pytest.mark.parametrize(
    "label, answer",
    [
        ("rules: 1121 / 1??* / 12?* / 0122", "unique, 1"),
        ("rules: 1110 / 2*31 / 3*?? / 2*4? / 112?", "multiple, 4"),
        ("rules: 2?", "none, 0"),
    ],
)
def test_every_engine_answers_the_rules_examples(quick, label, answer):
    _, _, _, said, *times = quick.board_row(label)
    assert said == answer
    assert len(times) == len(ENGINES)
    assert all(time.endswith((" ms", " s")) and not time.startswith(">") for time in times)


def test_a_board_past_the_time_limit_shows_as_timeout(quick):
    # The original lists all 16 solutions of this mid-game by a search that takes ~10 s here.
    *_, gprolog, reference, prolog, kanren = quick.board_row("mid-game Beginner 9x9/10, seed 1")
    assert (gprolog, reference) == ("> 2 s", "> 2 s")
    assert prolog.endswith(" ms") and kanren.endswith(" ms")
    assert "> timeout" in quick.out


def test_quick_run_replaces_only_the_results_section(quick):
    assert quick.markdown.startswith("# Kept above\n")
    assert quick.markdown.endswith("<!-- end of results -->\n\nKept below.\n")
    assert "old results" not in quick.markdown
    assert "| family | boards | cells | gprolog | reference | prolog | kanren |" in quick.markdown


# --- the boards -----------------------------------------------------------------------------------


def test_a_random_puzzle_shows_the_digits_of_its_mine_layout():
    full = random_puzzle(9, 12, 0.2, 0.0, seed=7)
    mines = [cell for cell in full.cells() if full[cell] == "*"]
    assert len(mines) == round(9 * 12 * 0.2)
    assert full == Board.from_mines(9, 12, mines)
    puzzle = random_puzzle(9, 12, 0.2, 0.4, seed=7)  # the same mines, some cells hidden
    hidden = [cell for cell in puzzle.cells() if puzzle[cell] == "?"]
    assert 0 < len(hidden) < 9 * 12
    assert all(puzzle[cell] in ("?", full[cell]) for cell in puzzle.cells())


def test_a_lattice_shows_digits_on_every_other_cell_of_every_other_row():
    board = lattice(7, seed=1)
    for r, c in board.cells():
        assert board[r, c].isdigit() == (r % 2 == 0 and c % 2 == 0)
        assert board[r, c].isdigit() or board[r, c] == "?"
    assert make_backend("kanren").count(board) >= 1  # drawn from a mine layout: it has one


def test_unique_puzzle_is_the_first_random_puzzle_with_one_solution():
    seed, board = unique_puzzle(4, 4, 0.25)
    assert board == random_puzzle(4, 4, 0.2, 0.25, seed)
    assert make_backend("prolog").check(board).verdict.value == "unique"
    for earlier in range(seed):
        other = random_puzzle(4, 4, 0.2, 0.25, earlier)
        assert make_backend("prolog").check(other).verdict.value != "unique"


# --- the benchmark's own statuses, around the package's Outcome -----------------------------------


def runs_of(*outcomes: Outcome):
    """A stand-in for a worker's `run` that gives these outcomes one after another."""
    given = iter(outcomes)
    return lambda board, timeout: next(given)


def test_a_quick_board_is_timed_again_and_the_median_kept():
    seconds = (0.01, 0.05, 0.02, 0.03, 0.04)
    once = runs_of(*(Outcome("unique", 1, s) for s in seconds))
    kept = bench.steady(once, Board(("0",)), 10.0)
    assert (kept.status, kept.verdict, kept.count, kept.seconds) == ("ok", "unique", 1, 0.03)


def test_repeated_runs_that_differ_are_unsteady_and_a_disagreement():
    answers = [Outcome("unique", 1, 0.01), Outcome("multiple", 2, 0.01)] * 3
    said = bench.steady(runs_of(*answers), Board(("0",)), 10.0)
    assert said.status == report.UNSTEADY and not said.answered
    assert "repeated runs differ: unique/1, multiple/2" in said.error
    item = bench.Labelled("a board", Board(("0",)))
    (line,) = bench.disagreements(item, {"kanren": said, "prolog": Outcome("unique", 1, 0.01)})
    assert line.startswith("DISAGREEMENT: a board: kanren answers differently")
    assert report.cell(said, 10.0) == "runs differ"
    others = [Outcome("unique", 1, 0.5), Outcome("unique", 1, 0.7)]
    assert report.family_cell([said, *others], 10.0) == "700 ms (2/3 answered)"


def test_a_family_not_run_shows_as_not_run():
    skipped = Outcome(error="answered none of random 16x16", status=report.SKIPPED)
    assert report.cell(skipped, 10.0) == "not run"
    assert report.family_cell([skipped] * 3, 10.0) == "> 10 s (not run)"
    assert report.ratio_cell([skipped] * 3, [skipped] * 3, 10.0) == "> timeout"


def test_an_answer_that_does_not_fit_its_count_is_a_disagreement():
    item = bench.Labelled("a board", Board(("0",)))
    (line,) = bench.disagreements(item, {"kanren": Outcome("unique", 2, 0.01)})
    assert line == "DISAGREEMENT: a board: kanren says unique with count 2"
