"""Every script in benchmarks/ says what it does on --help (and runs nothing then), and
benchmarks/README.md lists every one; a bad number, seed or limit is one line and status 2;
the limits the scripts apply are the ones they state."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from logicmines.compare import ERROR, TIMEOUT, Outcome

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
README = (BENCHMARKS / "README.md").read_text()
# Modules the scripts import, which the README lists as "not a script".
NOT_SCRIPTS = sorted(re.findall(r"^\| `([a-z_]+\.py)` \| not a script", README, re.MULTILINE))
SCRIPTS = sorted(
    path
    for path in BENCHMARKS.glob("*.py")
    if "__main__" in path.read_text() and path.name not in NOT_SCRIPTS
)

sys.path.insert(0, str(BENCHMARKS))
import course_numbers  # noqa: E402
import reference_port  # noqa: E402


def run_script(script: str, *words: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *words],
        capture_output=True,
        text=True,
        timeout=120,
    )


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
    listed = set(re.findall(r"^\| `([a-z_]+\.py)` \|", README, re.MULTILINE))
    assert listed == {path.name for path in BENCHMARKS.glob("*.py")}


def test_the_readme_names_the_modules_that_are_not_scripts():
    # Not inside the test below: were the README's wording to change, NOT_SCRIPTS would be empty,
    # pytest would skip that test's empty parameter set, and this check with it.
    assert NOT_SCRIPTS == ["arguments.py", "bot_variants.py", "report.py"]


@pytest.mark.parametrize("module", NOT_SCRIPTS)
def test_a_module_that_is_not_a_script_says_what_to_run_instead(module):
    # report.py --frob ran nothing, printed nothing and exited 0
    done = run_script(module, "--frob")
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"{module} is not a script: ") and "run python benchmarks/" in line


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
        # nan and inf were tracebacks; 0 and -1 were taken as no limit at all
        ("bounds.py", ["--memory", "nan"]),
        ("bounds.py", ["--memory", "inf"]),
        ("bounds.py", ["--memory", "0"]),
        ("bounds.py", ["--memory", "-1"]),
        ("course_numbers.py", ["--limit", "nan"]),
        ("course_numbers.py", ["--limit", "inf"]),
        # an IndexError after 10 s of work, or nothing done at all
        ("generate_bench.py", ["--seeds", "0"]),
        ("generate_bench.py", ["--seeds", "-1"]),
        ("isolated_parts.py", ["--games", "0"]),
        ("isolated_parts.py", ["--games", "-1"]),
        # -1 dropped the last decision (a slice), 0 did nothing
        ("rollouts.py", ["compare", "d.json", "--limit", "-1"]),
        ("rollouts.py", ["candidates", "d.json", "--limit", "0"]),
        ("rollouts.py", ["compare", "d.json", "--min-gap", "nan"]),
        ("rollouts.py", ["compare", "d.json", "--min-gap", "inf"]),
        # seeds, refused as `logicmines autoplay --seed -1` refuses them
        ("autoplay_bench.py", ["presets", "--seed", "-1"]),
        ("guess_kinds.py", ["--seed", "-1"]),
        ("isolated_parts.py", ["--seed", "-5"]),
        ("rollouts.py", ["collect", "--out", "r.json", "--seed", "-1"]),
    ],
)
def test_a_bad_number_is_one_line_and_status_2_before_anything_runs(script, words):
    # --runs 0 ended in a StatisticsError traceback, --timeout nan or -1 in a ValueError one
    done = run_script(script, *words)
    assert done.returncode == 2 and done.stdout == "", (done.stdout, done.stderr)
    (line,) = done.stderr.splitlines()  # one line, as logicmines says it: no usage lines first
    said = rf"{re.escape(script)}( [a-z]+)?: error: argument {words[-2]}: expected "
    assert re.match(said, line), done.stderr
    assert line.endswith("--help')")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("script", "words"),
    [
        ("autoplay_bench.py", ["presets"]),
        ("guess_kinds.py", []),
        ("isolated_parts.py", []),
        ("rollouts.py", ["collect", "--out", "r.json"]),
        ("rollouts.py", ["compare", "d.json"]),
    ],
)
def test_a_seed_past_2_to_the_64_is_refused_as_the_command_line_refuses_it(script, words):
    done = run_script(script, *words, "--seed", str(2**64))
    assert done.returncode == 2 and done.stdout == "", done.stderr
    (line,) = done.stderr.splitlines()
    assert f"argument --seed: a seed is a whole number from 0 to 2**64 - 1, not {2**64} (" in line


# --- reference_port.py --------------------------------------------------------------------------


def _runs_with(failing: dict[str, Outcome], monkeypatch) -> None:
    """reference_port's engines, faked: every board answered in 0.5 s but those of `failing`
    (a board's label -> what the reference engine gives on it)."""
    boards = [*reference_port.eleven(), reference_port.NO_SOLUTION]

    def run_engine(name, board, timeout):
        label = next(label for label, one in boards if one == board)
        if name == "reference" and label in failing:
            return failing[label]
        return Outcome("unique", 1, 0.5)

    monkeypatch.setattr(reference_port, "run_engine", run_engine)
    monkeypatch.setattr(reference_port, "warm_up", lambda engines: None)


def test_reference_port_shows_a_timeout_and_goes_on_to_the_totals(monkeypatch, capsys):
    # It ended the table at the board, with "...: None" and status 1.
    late = "5x6, 25% hidden, unique, seed 0"
    timed_out = Outcome(error="> timeout (1 s)", status=TIMEOUT)
    _runs_with({late: timed_out}, monkeypatch)
    assert reference_port.main(["--runs", "2", "--timeout", "1"]) == 3
    out, err = capsys.readouterr()
    assert err == f"reference gave no answer on {late}: > timeout (1 s)\n"
    rows = [line for line in out.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) == 1 + 12 + 1  # the header, every board, the totals
    assert f"| {late} | > 1.000 | 0.500 | > 2.0x |" in rows
    # ten boards at 0.5 s and one at least 1 s: a lower bound
    assert "| **the eleven** | > 6.00 | 5.50 | > 1.1x |" in rows
    assert rows[-1].startswith("| 6x10, no solution (relational.md) | 0.500 | 0.500 |")


def test_reference_port_shows_a_failure_and_exits_2(monkeypatch, capsys):
    failed = Outcome(error="swipl died", status=ERROR)
    _runs_with({"rules: 2?": failed}, monkeypatch)
    assert reference_port.main(["--runs", "1"]) == 2
    out, err = capsys.readouterr()
    assert err == "reference gave no answer on rules: 2?: swipl died\n"
    assert "| rules: 2? | failed | 0.500 | — |" in out
    assert "| **the eleven** | failed | 5.50 | — |" in out


# --- course_numbers.py: --limit counts CPU seconds, as its times do ------------------------------


def _spin() -> int:
    while True:
        pass


def _idle() -> int:
    time.sleep(0.6)
    return 7


def _deaf() -> int:
    signal.signal(signal.SIGPROF, signal.SIG_IGN)  # its CPU timer goes off, and nothing stops
    return _spin()


def _wordy() -> str:
    return "x" * 2**20  # sixteen times what a pipe's buffer holds


def test_course_numbers_stops_a_python_run_at_its_cpu_limit():
    start = time.perf_counter()
    assert course_numbers.in_python(_spin, (), 0.2) == (None, None)
    assert time.perf_counter() - start < 10


def test_course_numbers_does_not_stop_a_python_run_that_waits_by_the_clock():
    # The limit was wall time: a child the machine had left waiting was stopped below it.
    seconds, answer = course_numbers.in_python(_idle, (), 0.2)
    assert answer == 7 and seconds < 0.2


def test_course_numbers_stops_a_prolog_run_at_its_cpu_limit_and_not_by_the_clock():
    assert course_numbers.in_prolog("(repeat, fail ; N = 1)", "N", 0.2) == (None, "")
    # call_with_time_limit/2 counted the wall time spent asleep
    seconds, printed = course_numbers.in_prolog("(sleep(0.6), N = 1)", "N", 0.2)
    assert printed == "1" and seconds < 0.2


def test_course_numbers_reads_an_answer_bigger_than_a_pipe_holds():
    # Joined before it was read, such a child waits for ever for its answer to be taken.
    start = time.perf_counter()
    seconds, answer = course_numbers.in_python(_wordy, (), 5)
    assert answer == _wordy() and seconds < 5
    assert time.perf_counter() - start < 30


def test_course_numbers_stops_a_python_run_whose_limit_is_not_acted_on(monkeypatch):
    # Its only limit was the signal: a child that did not act on it was waited for, for ever.
    monkeypatch.setattr(course_numbers, "backstop", lambda limit: 1.5)
    start = time.perf_counter()
    assert course_numbers.in_python(_deaf, (), 0.2) == (None, None)
    assert time.perf_counter() - start < 10


def test_course_numbers_stops_a_prolog_run_whose_limit_is_not_acted_on(monkeypatch):
    # The watching thread throws once and ends; a goal that catches it goes on, as one deaf to it
    # would (SWI acts on a signal only between predicate calls).
    monkeypatch.setattr(course_numbers, "backstop", lambda limit: 1.5)
    deaf = "(catch((repeat, fail), time_limit_exceeded, true), repeat, fail ; N = 1)"
    start = time.perf_counter()
    assert course_numbers.in_prolog(deaf, "N", 0.2) == (None, "")
    assert time.perf_counter() - start < 10


def test_course_numbers_backstop_is_generous():
    # Only a run whose limit failed reaches it, not one slowed by a busy machine.
    assert course_numbers.backstop(0.2) == 62 and course_numbers.backstop(60) == 660
