"""Every script in benchmarks/ says what it does on --help (and runs nothing then), and
benchmarks/README.md lists every one; a bad number, seed or limit is one line and status 2;
the limits the scripts apply are the ones they state."""

from __future__ import annotations

import os
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
import guess_kinds  # noqa: E402
import reference_port  # noqa: E402
import rollouts  # noqa: E402
import targets  # noqa: E402

# big_boards.stamp(), which heads the tables of targets.py, reference_port.py, big_boards.py and
# bounds.py: the figures copied into the docs carry the commit, the date and the load average
HEADER = re.compile(
    r"Python \d+\.\d+\.\d+\S*; logicmines at commit [0-9a-f]{4,}[^;]*; "
    r"\d{4}-\d\d-\d\d \d\d:\d\d[^;]*; load average \d+\.\d\d, \d+\.\d\d, \d+\.\d\d; (.*)"
)


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


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_script_runs_the_logicmines_of_its_checkout_whatever_else_is_installed(script, tmp_path):
    # targets.py and reference_port.py timed whichever logicmines came first on the path
    (tmp_path / "logicmines").mkdir()
    (tmp_path / "logicmines" / "__init__.py").write_text("raise ImportError('another one')\n")
    done = subprocess.run(
        [sys.executable, str(script), "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert done.returncode == 0 and "another one" not in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("script", "options"),
    [
        ("targets.py", ["--backend", "--runs"]),
        ("guess_kinds.py", ["--games", "--seed", "--rules", "--workers"]),
        ("isolated_parts.py", ["--games", "--seed", "--rules"]),
        ("course_numbers.py", ["--repeat", "--limit", "--only"]),
    ],
)
def test_every_option_says_what_it_does_and_its_default(script, options):
    # `--games GAMES`, `--runs RUNS` and the like, with no word on them
    said = run_script(script, "--help").stdout
    entries = re.split(r"\n(?=  -)", said.split("\noptions:\n", 1)[1].strip("\n"))
    described = {entry.split()[0]: " ".join(entry.split()) for entry in entries}
    del described["-h,"]
    assert sorted(described) == sorted(options), said
    for text in described.values():
        assert "(default" in text, text


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


def test_reference_port_starts_with_the_commit_the_date_and_the_load(monkeypatch, capsys):
    _runs_with({}, monkeypatch)
    assert reference_port.main(["--runs", "2", "--timeout", "30"]) == 0
    first, blank, table = capsys.readouterr().out.split("\n", 2)
    said = HEADER.fullmatch(first)
    assert said, first
    assert said[1] == "2 runs per board and engine, a limit of 30 s per run"
    assert blank == "" and table.startswith("| board | reference (s) | gprolog (s) | ratio |")


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


# --- targets.py -----------------------------------------------------------------------------------


def test_targets_starts_with_the_commit_the_date_and_the_load(monkeypatch, capsys):
    case = targets.Case("a case", "< 1 s", lambda backend: None, ("kanren",))
    monkeypatch.setattr(targets, "cases", lambda: [case])
    monkeypatch.setattr(targets, "make_backend", lambda name: name)
    targets.main(["--backend", "kanren", "--backend", "clingo", "--runs", "1"])
    first, blank, *table = capsys.readouterr().out.splitlines()
    said = HEADER.fullmatch(first)
    assert said and said[1] == "1 run", first
    assert blank == "" and table[0] == "| case | target | kanren | clingo |"
    assert table[2].startswith("| a case | < 1 s | 0.000 s (") and table[2].endswith(" | — |")


def test_targets_refuses_an_engine_given_twice():
    # two columns of the same engine, each timed
    done = run_script(
        "targets.py", "--backend", "kanren", "--backend", "clpfd", "--backend", "kanren"
    )
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line == (
        "targets.py: error: argument --backend: kanren is given twice (see 'targets.py --help')"
    )


# --- guess_kinds.py, course_numbers.py and rollouts.py: what they write ---------------------------


def test_guess_kinds_writes_every_kind_with_0_when_no_guess_was_of_it(monkeypatch):
    # a kind with no guess was left out of the JSON
    played = (False, [(["all", "first", "safest", "risk<=10%"], True)])
    monkeypatch.setattr(guess_kinds, "_game", lambda job: played)
    counts = guess_kinds.measure(1, 900, "safe")["kinds"]
    assert list(counts) == list(guess_kinds.KINDS)
    assert counts["first"] == {"guesses": 1, "lost": 1}
    assert counts["dead"] == counts["risk>40%"] == counts["endgame"] == {"guesses": 0, "lost": 0}
    assert set(guess_kinds.KINDS) == {
        "all", "first", "endgame", "middle", "off", "dead", "safest",
        "risk<=10%", "risk<=20%", "risk<=40%", "risk>40%",
    }  # fmt: skip


def test_course_numbers_says_its_answers_in_plain_words():
    # "(answers: ['multiple'])", a Python list
    assert course_numbers.answers_text({"multiple"}) == "multiple"
    assert course_numbers.answers_text({"2", "1"}) == "1, 2"
    assert course_numbers.answers_text(set()) == "none, every run stopped at the limit"


def test_rollouts_gives_no_standard_error_for_a_single_decision():
    # it wrote 0.0, as if one decision measured the difference exactly
    one = {"wins": {"chosen": [1, 0, 1, 1], "safest": [0, 0, 1, 0]}}
    assert rollouts.summary([one]) == {
        "decisions": 1,
        "mean_difference": 0.5,
        "standard_error": None,
        "only_chosen_won": 2,
        "only_safest_won": 0,
    }
    two = rollouts.summary([one, {"wins": {"chosen": [1, 1], "safest": [1, 1]}}])
    assert two["mean_difference"] == 0.25 and two["standard_error"] == 0.25
    assert rollouts.summary([])["mean_difference"] is None


def test_rollouts_says_why_a_file_cannot_be_read_in_plain_words(tmp_path):
    # "(FileNotFoundError(2, 'No such file or directory'))"
    missing = tmp_path / "missing.json"
    done = run_script("rollouts.py", "compare", str(missing))
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line == (
        f"rollouts.py: error: {missing}: No such file or directory (see 'rollouts.py --help')"
    )
