"""The benchmark's quick run, end to end: every engine on small boards, in agreement, in tables."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "bench.py"
ENGINES = ("gprolog", "reference", "prolog", "kanren")


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
    assert "| SPEC §1 examples | 3 | 2–20 |" in quick.out
    assert "| family | reference | prolog | kanren |" in quick.out  # the ratios to gprolog


@pytest.mark.parametrize(
    "label, answer",
    [
        ("SPEC: 1121 / 1??* / 12?* / 0122", "unique, 1"),
        ("SPEC: 1110 / 2*31 / 3*?? / 2*4? / 112?", "multiple, 4"),
        ("SPEC: 2?", "none, 0"),
    ],
)
def test_every_engine_answers_the_spec_examples(quick, label, answer):
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
