"""Every script in benchmarks/ says what it does on --help (and runs nothing then), and
benchmarks/README.md lists every one."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(path for path in BENCHMARKS.glob("*.py") if "__main__" in path.read_text())


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_help_says_what_the_script_does_and_runs_nothing(script):
    done = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: {script.name}"), done.stdout
    # the description is whole: a sentence that ends, not the first line of one
    description = done.stdout.split("\n\n")[1]
    assert re.search(r"[.?)]$", description.strip()), description


def test_the_readme_lists_every_script():
    readme = (BENCHMARKS / "README.md").read_text()
    listed = set(re.findall(r"^\| `([a-z_]+\.py)` \|", readme, re.MULTILINE))
    assert listed == {path.name for path in BENCHMARKS.glob("*.py")}


@pytest.mark.parametrize(
    ("script", "words"),
    [
        ("reference_port.py", ["--runs", "0"]),
        ("reference_port.py", ["--timeout", "nan"]),
        ("bench.py", ["--timeout", "-1"]),
        ("bench.py", ["--boards", "-2"]),
        ("big_boards.py", ["--runs", "0"]),
        ("bounds.py", ["--timeout", "0"]),
        ("targets.py", ["--runs", "x"]),
        ("course_numbers.py", ["--repeat", "0"]),
        ("guess_kinds.py", ["--workers", "0"]),
    ],
)
def test_a_bad_number_is_one_line_and_status_2_before_anything_runs(script, words):
    # --runs 0 ended in a StatisticsError traceback, --timeout nan or -1 in a ValueError one
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *words],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == "", (done.stdout, done.stderr)
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"{script}: error: argument {words[-2]}: expected "), done.stderr
    assert "Traceback" not in done.stderr
