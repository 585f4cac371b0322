"""The benchmark: its quick run end to end (every engine on small boards, in agreement, in
tables; the boards beyond the reference's reach, with their forced cells), the boards it is
given, where it writes, the statuses it adds to the package's outcomes, and the package's two
runners it measures with (`run_engine`, `run_forced`), with and without a mine total."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from oracle import models_with, verdict_of

from logicmines.backends import backend_names, make_backend
from logicmines.board import Board
from logicmines.compare import Outcome, compare, run_forced
from logicmines.generate import (
    FORCED,
    beyond_families,
    lattice,
    midgame,
    random_puzzle,
    unique_puzzle,
)

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "bench.py"
ENGINES = ("gprolog", "reference", "clpfd", "clingo", "prolog", "kanren")
HEADER = "| family | boards | cells | gprolog | reference | clpfd | clingo | prolog | kanren |"
# big_boards.stamp(): what the tables copied into the docs carry
STAMP = (
    r"logicmines at commit [0-9a-f]{4,}[^;]*; \d{4}-\d\d-\d\d \d\d:\d\d[^;]*; "
    r"load average \d+\.\d\d, \d+\.\d\d, \d+\.\d\d"
)

sys.path.insert(0, str(BENCH.parent))
import bench  # noqa: E402
import big_boards  # noqa: E402
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


def test_the_benchmark_runs_every_registered_engine():
    assert sorted(bench.ENGINES) == sorted(backend_names()) and bench.ENGINES[0] == "gprolog"


def test_quick_run_prints_the_median_table_for_every_engine(quick):
    assert HEADER in quick.out
    assert "| rules examples | 3 | 2–20 |" in quick.out
    assert "| family | reference | clpfd | clingo | prolog | kanren |" in quick.out  # ratios


def test_quick_run_gives_the_agreement_of_every_pair_of_engines_on_the_count(quick):
    # 7 boards asked for the count: gprolog and reference answer 6 (not the Beginner mid-game).
    table = quick.out.split("on the verdict and count (7 boards)")[1]
    assert "| gprolog | 6/6 | 6/6 | 6/6 | 6/6 | 6/6 |" in table
    assert "| clpfd |  |  | 7/7 | 7/7 | 7/7 |" in table


@pytest.mark.parametrize(
    "label",
    [
        "forced: random 50x50, 30% hidden, 20% mines, seed 1",
        "forced: mid-game Expert 16x30/99, seed 1",
    ],
)
def test_beyond_the_references_reach_four_engines_give_the_forced_cells(quick, label):
    _, cells, unknown, said, *times = quick.board_row(label)
    board = next(i.board for f in beyond_families() for i in f.boards if i.label == label)
    analysis = make_backend("kanren").analyze(board)
    assert said == f"multiple; {len(analysis.safe)} safe, {len(analysis.mines)} mines"
    assert (int(cells), int(unknown)) == (
        board.height * board.width,
        sum(r.count("?") for r in board.rows),
    )
    gprolog, reference, *answered = times
    assert (gprolog, reference) == ("not run", "not run")
    assert all(time.endswith((" ms", " s")) and not time.startswith(">") for time in answered)


def test_quick_run_gives_the_agreement_of_the_engines_that_give_forced_cells(quick):
    table = quick.out.split("on the verdict and forced cells (2 boards)")[1]
    assert "| | clingo | prolog | kanren |" in table  # gprolog and reference: not run
    assert "| clpfd | 2/2 | 2/2 | 2/2 |" in table
    assert "| prolog |  |  | 2/2 |" in table


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
    *_, gprolog, reference, clpfd, clingo, prolog, kanren = quick.board_row(
        "mid-game Beginner 9x9/10, seed 1"
    )
    assert (gprolog, reference) == ("> 2 s", "> 2 s")
    assert all(time.endswith(" ms") for time in (clpfd, clingo, prolog, kanren))
    assert "> timeout" in quick.out


def test_quick_run_gives_the_commit_date_and_load_below_the_command(quick):
    # figures copied into the docs carried the command only
    command, stamp = quick.out.split("\n\n")[:2]
    assert command.startswith("Command: `python benchmarks/bench.py --quick --markdown ")
    assert re.fullmatch(STAMP + r" \(1, 5 and 15 minutes\) when the run began\.", stamp), stamp
    assert stamp in quick.markdown


def test_the_stamp_names_the_commit_the_date_and_the_load_average():
    assert re.fullmatch(STAMP, big_boards.stamp())


def test_a_report_gives_the_stamp_it_is_given_below_the_command():
    results = report.Results(("kanren",), 1.0, stamp="logicmines at commit abc1234; then; load")
    section = report.report(results, "python benchmarks/bench.py")
    _, stamp, _ = section.split("\n\n", 2)
    assert (
        stamp
        == "logicmines at commit abc1234; then; load (1, 5 and 15 minutes) when the run began."
    )


def test_quick_run_replaces_only_the_results_section(quick):
    assert quick.markdown.startswith("# Kept above\n")
    assert quick.markdown.endswith("<!-- end of results -->\n\nKept below.\n")
    assert "old results" not in quick.markdown
    assert HEADER in quick.markdown


# --- where it writes ------------------------------------------------------------------------------


def test_a_full_run_writes_outside_git_unless_told_to_update_the_docs():
    results = bench.RESULTS
    assert results.relative_to(ROOT).as_posix() == "benchmarks/results"
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", str(results / "benchmarks.md")], cwd=ROOT, check=False
    )
    assert ignored.returncode == 0  # .gitignore keeps it out of git
    assert bench.destinations(False, False, None, None) == (
        results / "benchmarks.md",
        results / "benchmarks.png",
    )
    assert bench.destinations(False, True, None, None) == (bench.DOCS, bench.PLOT)
    assert bench.destinations(True, False, None, None) == (None, None)


def test_told_where_one_goes_a_full_run_writes_that_one_only():
    # --markdown FILE alone drew the plot in benchmarks/results/ (making the folder), and
    # --update-docs --markdown FILE replaced docs/benchmarks.png but not docs/benchmarks.md
    told, drawn = Path("elsewhere.md"), Path("elsewhere.svg")
    assert bench.destinations(False, False, told, None) == (told, None)
    assert bench.destinations(False, False, None, drawn) == (None, drawn)
    assert bench.destinations(False, False, told, drawn) == (told, drawn)


@pytest.mark.parametrize("told", [["--markdown", "x.md"], ["--plot", "x.png"]])
def test_update_docs_is_refused_beside_markdown_or_plot(capsys, monkeypatch, told):
    monkeypatch.setattr(bench, "run", _run_stopped)
    with pytest.raises(SystemExit) as stop:
        bench.main(["--update-docs", *told])
    assert stop.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "--update-docs writes docs/benchmarks.md and docs/benchmarks.png, both: not with" in line


def test_markdown_alone_runs_without_matplotlib_and_draws_nothing(tmp_path, capsys, monkeypatch):
    _without_matplotlib(monkeypatch)
    monkeypatch.setattr(bench, "run", lambda found, timeout, skip: empty_results())
    monkeypatch.setattr(bench, "report", lambda results, command: "the results section")
    monkeypatch.setattr(bench, "plot", _not_drawn)
    markdown = tmp_path / "b.md"
    assert bench.main(["--markdown", str(markdown)]) == 0
    assert "the results section" in markdown.read_text()
    assert capsys.readouterr().err.splitlines() == [f"wrote {markdown}"]


def _not_drawn(results, path):
    raise AssertionError(f"a plot was drawn in {path}")


def _without_matplotlib(monkeypatch) -> None:
    """`import matplotlib` fails from now on, as where it is not installed."""
    for name in ("matplotlib", "matplotlib.backend_bases", "matplotlib.pyplot"):
        monkeypatch.setitem(sys.modules, name, None)


@pytest.mark.parametrize(
    ("options", "picture"),
    [
        ([], "{root}/benchmarks/results/benchmarks.png"),
        (["--update-docs"], "{root}/docs/benchmarks.png"),
        (["--plot", "{tmp}/p.xyz"], "{tmp}/p.xyz"),  # its suffix is never looked at
        (["--quick", "--plot", "{tmp}/p.png"], "{tmp}/p.png"),
        (["--markdown", "{tmp}/b.md", "--plot", "{tmp}/p"], "{tmp}/p.png"),
    ],
)
def test_a_plot_without_matplotlib_is_refused_before_the_run(
    tmp_path, capsys, monkeypatch, options, picture
):
    # the whole run went on, then said "no plot" and exited 0, the old picture left in place
    _without_matplotlib(monkeypatch)
    monkeypatch.setattr(bench, "run", _run_stopped)
    with pytest.raises(SystemExit) as stop:
        bench.main([o.format(tmp=tmp_path) for o in options])
    assert stop.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    drawn = picture.format(root=ROOT, tmp=tmp_path)
    assert f": error: {drawn}: the plot needs matplotlib, which is not installed: " in line
    assert "`make bench` installs it, as pip install -e '.[bench]' does" in line
    assert not (tmp_path / "b.md").exists()


class Ran(Exception):
    """The benchmark started its run."""


def _run_stopped(found, timeout, skip):
    raise Ran(len(found))


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--markdown", "{tmp}"], "{tmp}: a folder; --markdown writes the results section"),
        (["--markdown", "{tmp}/a-file/new/b.md"], "{tmp}/a-file/new/b.md: {tmp}/a-file is not a"),
        (["--plot", "{tmp}"], "{tmp}: a folder; --plot draws a picture in a file"),
        (["--plot", "{tmp}/a-file/p.png"], "{tmp}/a-file/p.png: {tmp}/a-file is not a folder"),
        (["--plot", "{tmp}/p.txt"], "{tmp}/p.txt: --plot draws a picture in a file named for"),
    ],
)
def test_where_the_results_go_is_checked_before_the_run(
    tmp_path, capsys, monkeypatch, options, said
):
    # IsADirectoryError, or matplotlib's "Format 'txt' is not supported", after the whole run
    (tmp_path / "a-file").write_text("")
    monkeypatch.setattr(bench, "run", _run_stopped)
    # the formats matplotlib draws, as plot_formats reads them (CI installs no matplotlib)
    monkeypatch.setattr(bench, "plot_formats", lambda: {"png", "svg", "pdf"})
    with pytest.raises(SystemExit) as stop:
        bench.main(["--quick", *(o.format(tmp=tmp_path) for o in options)])
    assert stop.value.code == 2
    assert said.format(tmp=tmp_path) in capsys.readouterr().err.splitlines()[-1]


def test_the_results_go_into_folders_made_for_them_after_the_run(tmp_path, capsys, monkeypatch):
    # they were refused ("there is no folder ... to write in"); before that, they were made
    out = tmp_path / "out"
    markdown, picture = out / "run1" / "b.md", out / "pictures" / "p"
    made = []
    monkeypatch.setattr(
        bench, "run", lambda found, timeout, skip: made.append(out.exists()) or empty_results()
    )
    monkeypatch.setattr(bench, "report", lambda results, command: "the results section")
    monkeypatch.setattr(bench, "plot", lambda results, path: path.write_text("a picture"))
    monkeypatch.setattr(bench, "plot_formats", lambda: {"png", "svg", "pdf"})  # not installed
    assert bench.main(["--quick", "--markdown", str(markdown), "--plot", str(picture)]) == 0
    assert made == [False]  # not while the run may yet be stopped
    assert "the results section" in markdown.read_text()
    # no suffix: a PNG, where matplotlib would have drawn it
    assert (out / "pictures" / "p.png").read_text() == "a picture"
    assert capsys.readouterr().err.splitlines() == [f"wrote {markdown}", f"wrote {picture}.png"]


def empty_results() -> report.Results:
    return report.Results(engines=("kanren",), timeout=1.0)


def test_a_plot_named_without_a_suffix_is_a_png_where_matplotlib_would_draw_it(tmp_path):
    # matplotlib 3.11's savefig writes "p" and "q." to p.png and q.png
    assert bench.drawn_at(Path("out/p")) == Path("out/p.png")
    assert bench.drawn_at(Path("out/p.")) == Path("out/p.png")
    assert bench.drawn_at(Path("out/p.svg")) == Path("out/p.svg")
    assert bench.drawn_at(tmp_path) == tmp_path  # a folder, refused as given


def test_a_quick_run_says_it_ignores_boards_and_update_docs(capsys, monkeypatch):
    # --quick --boards 3 ran its nine boards and --quick --update-docs wrote nothing, unsaid
    monkeypatch.setattr(bench, "run", _run_stopped)
    with pytest.raises(Ran):
        bench.main(["--quick", "--boards", "3", "--update-docs"])
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("note: --quick ") and line.endswith("--boards and --update-docs ignored")
    with pytest.raises(Ran):
        bench.main(["--quick"])
    assert capsys.readouterr().err == ""


def test_the_help_gives_the_default_number_of_boards(capsys):
    with pytest.raises(SystemExit):
        bench.main(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "boards per random/mid-game family (default 3)" in said
    # it said "default 10", which --quick is not
    assert "seconds per board and engine (default 10; 2 with --quick)" in said
    assert "docs/benchmarks.png (not with --markdown or --plot); a full run told none" in said
    assert "(no plot then, unless --plot)" in said and "no results section is written" in said
    # it said "PNG to draw", though the suffix names any format matplotlib writes
    assert (
        "the picture to draw, its format by its suffix: .png, .svg, .pdf, ... (none: .png)" in said
    )


# --- the boards -----------------------------------------------------------------------------------


def test_the_boards_beyond_the_references_reach_are_asked_for_forced_cells():
    found = beyond_families()
    assert [f.question for f in found] == [FORCED] * 6
    sizes = [(i.board.height, i.board.width) for f in found for i in f.boards]
    assert sizes == [(50, 50), (100, 100), (200, 200), (16, 30), (50, 50), (100, 100)]
    assert found[0].boards[0].board == random_puzzle(50, 50, 0.2, 0.3, seed=1)
    assert found[-1].boards[0].board == midgame(100, 100, 2000, seed=1)


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


def opened(board: Board) -> int:
    return sum(1 for row in board.rows for square in row if square not in "?*")


def test_a_midgame_opens_the_share_asked_and_stops_there():
    # Half of the 72 safe squares: this game reaches 36 exactly, and stops at that click.
    assert opened(midgame(9, 9, 9, seed=4)) == 36
    for seed in range(20):
        assert opened(midgame(16, 16, 40, seed)) >= 108  # half of 216 by default
        assert opened(midgame(16, 16, 40, seed, opened=0.2)) >= 0.2 * 216


@pytest.mark.parametrize(("hidden", "first"), [(0.25, 0), (0.5, 1)])
def test_unique_puzzle_is_the_first_random_puzzle_with_one_solution(hidden, first):
    seed, board = unique_puzzle(4, 4, hidden)
    assert seed == first
    assert board == random_puzzle(4, 4, 0.2, hidden, seed)
    assert make_backend("prolog").check(board).verdict.value == "unique"
    for earlier in range(seed):
        other = random_puzzle(4, 4, 0.2, hidden, earlier)
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


def late_run() -> Outcome:
    return Outcome(error="> timeout (0.002 s)", status="timeout", seconds=0.002)


def test_a_repeat_past_the_limit_is_no_other_answer_but_the_longest_run():
    # `bench.py --quick --timeout 0.002`: "DISAGREEMENT ... repeated runs differ: unique/1,
    # timeout, unique/1, ..." and status 1
    answers = [Outcome("unique", 1, s) for s in (0.001, 0.002, 0.003, 0.004)]
    notes: list[str] = []
    kept = bench.steady(runs_of(answers[0], late_run(), *answers[1:]), Board(("0",)), 0.005, notes)
    assert kept.status == "ok" and (kept.verdict, kept.count) == ("unique", 1)
    assert kept.seconds == 0.003  # the median of 0.001 to 0.004 and the late one, the longest
    assert notes == [
        "1 of 5 repeated runs past the time limit (the others answered unique/1): counted as "
        "the longest in the median"
    ]
    item = bench.Labelled("a board", Board(("0",)))
    assert bench.disagreements(item, {"clingo": kept, "kanren": Outcome("unique", 1, 0.01)}) == []


def test_most_repeats_past_the_limit_make_a_timeout_and_no_disagreement():
    notes: list[str] = []
    first, late = Outcome("unique", 1, 0.001), late_run()
    kept = bench.steady(
        runs_of(first, late, late, Outcome("unique", 1, 0.001), late), Board(("0",)), 0.002, notes
    )
    assert kept.status == "timeout" and not kept.answered
    assert report.cell(kept, 0.002) == "> 0.002 s"
    assert notes == [
        "3 of 5 repeated runs past the time limit (the others answered unique/1): shown as a "
        "timeout"
    ]
    item = bench.Labelled("a board", Board(("0",)))
    assert bench.disagreements(item, {"clingo": kept, "kanren": first}) == []


def test_answers_that_differ_are_unsteady_whatever_runs_past_the_limit():
    runs = [Outcome("unique", 1, 0.01), late_run(), Outcome("multiple", 2, 0.01)] + [late_run()] * 2
    said = bench.steady(runs_of(*runs), Board(("0",)), 10.0)
    assert said.status == report.UNSTEADY
    assert said.error == "repeated runs differ: unique/1, timeout, multiple/2, timeout, timeout"


def test_a_repeat_that_fails_is_the_boards_outcome():
    failed = Outcome(error="kanren worker died (exit -9) answering", status="error")
    runs = [Outcome("unique", 1, 0.01), failed] + [Outcome("unique", 1, 0.01)] * 3
    assert bench.steady(runs_of(*runs), Board(("0",)), 10.0) == failed


def test_a_family_not_run_shows_as_not_run():
    skipped = Outcome(error="answered none of random 16x16", status=report.SKIPPED)
    assert report.cell(skipped, 10.0) == "not run"
    assert report.family_cell([skipped] * 3, 10.0) == "> 10 s (not run)"
    assert report.ratio_cell([skipped] * 3, [skipped] * 3, 10.0) == "— (not run)"
    # it said "> 20× (> 10 s)": a bound from a time the engine never took
    answered = [Outcome("unique", 1, 0.5)] * 3
    assert report.ratio_cell([skipped] * 3, answered, 10.0) == "— (not run)"


def test_a_ratio_to_a_yardstick_not_run_says_so_and_gives_no_bound():
    # it said "< 0.05× (gprolog > 10 s)": gprolog's time guessed from a smaller family's
    skipped = Outcome(error="answered none of random 16x16", status=report.SKIPPED)
    answered = [Outcome("unique", 1, 0.5)] * 3
    assert report.ratio_cell(answered, [skipped] * 3, 10.0) == "— (gprolog not run)"
    late = [Outcome(error="> timeout (10 s)", status="timeout")] * 3
    assert report.ratio_cell(late, [skipped] * 3, 10.0) == "— (gprolog not run)"


def test_a_ratio_where_only_the_engine_timed_out_is_a_lower_bound():
    late = Outcome(error="> timeout (10 s)", status="timeout")
    answered = [Outcome("unique", 1, 0.5)] * 3
    # it wrote '> timeout', as when neither answered; the yardstick's time gives a bound
    assert report.ratio_cell([late] * 3, answered, 10.0) == "> 20× (> 10 s)"
    assert report.ratio_cell(answered, [late] * 3, 10.0) == "< 0.05× (gprolog > 10 s)"
    assert report.ratio_cell([late] * 3, [late] * 3, 10.0) == "> timeout"


def test_an_answer_that_does_not_fit_its_count_is_a_disagreement():
    item = bench.Labelled("a board", Board(("0",)))
    (line,) = bench.disagreements(item, {"kanren": Outcome("unique", 2, 0.01)})
    assert line == "DISAGREEMENT: a board: kanren says unique with count 2"


def test_disagreeing_forced_cells_are_a_disagreement():
    item = bench.Labelled("a board", Board(("0",)))
    one = Outcome("multiple", seconds=0.1, safe=((0, 1),), mines=())
    other = Outcome("multiple", seconds=0.1, safe=(), mines=((0, 1),))
    (line,) = bench.disagreements(item, {"clingo": one, "kanren": other})
    assert line == (
        "DISAGREEMENT: a board: clingo multiple/1 safe/0 mines, kanren multiple/0 safe/1 mines"
    )
    assert bench.disagreements(item, {"clingo": one, "kanren": one}) == []


# --- the package's runners, against plain enumeration -------------------------------------------

SMALL = [
    "1121 / 1??* / 12?* / 0122",  # one solution
    "1110 / 2*31 / 3*?? / 2*4? / 112?",  # four
    "2?",  # none
    "??01?",  # two, with a cell safe and a cell a mine in both
    "1? / ?? / ??",  # 5 unknown cells, a digit: 24 solutions
]


@pytest.mark.parametrize("text", SMALL)
@pytest.mark.parametrize("mines", [None, 1, 2, 5])
def test_compare_with_a_mine_total_gives_every_engine_the_enumerated_count(text, mines):
    board = Board.from_text(text)
    outcomes, agree = compare(board, 20.0, mines=mines)
    assert set(outcomes) == set(backend_names())
    count = len(models_with(board, mines))
    assert agree
    for name, outcome in outcomes.items():
        assert (outcome.verdict, outcome.count) == (verdict_of(count), count), name


@pytest.mark.parametrize("text", SMALL)
@pytest.mark.parametrize("mines", [None, 1, 2, 5])
@pytest.mark.parametrize("engine", ["clpfd", "clingo", "prolog", "kanren", "reference"])
def test_run_forced_gives_the_enumerated_verdict_and_forced_cells(text, mines, engine):
    board = Board.from_text(text)
    models = models_with(board, mines)
    unknown = [cell for cell in board.cells() if board[cell] == "?"]
    shown = {cell: {m[cell[0]][cell[1]] for m in models} for cell in unknown}
    outcome = run_forced(engine, board, 20.0, mines)
    assert outcome.verdict == verdict_of(len(models)) and outcome.count is None
    if models:
        assert outcome.safe == tuple(c for c in unknown if "*" not in shown[c])
        assert outcome.mines == tuple(c for c in unknown if shown[c] == {"*"})
    else:
        assert outcome.safe == outcome.mines == ()
