"""analyze and compare on the command line, and the SVG heat map."""

from __future__ import annotations

import io
import time
import types
import xml.etree.ElementTree as ET
from fractions import Fraction
from itertools import takewhile
from pathlib import Path

import pytest
from conftest import EXAMPLES, run_main

from logicmines import compare as compare_module
from logicmines import gprolog
from logicmines.backends import REGISTRY
from logicmines.backends.kanren import KanrenBackend
from logicmines.board import Board
from logicmines.compare import Outcome
from logicmines.engine import EngineTimeout
from logicmines.output import Out, _cell_list, bands, outcome_record
from logicmines.parse import parse_boards
from logicmines.results import Verdict
from logicmines.svg import render_svg
from logicmines.words import percent, quoted

RULES_EXAMPLES = str(EXAMPLES / "spec.txt")  # the three puzzles of docs/rules.md
EXPERT = str(EXAMPLES / "expert.txt")
SVG = "{http://www.w3.org/2000/svg}"


# --- reading a heat map back --------------------------------------------------------------------


def _box(rect: ET.Element) -> tuple[float, float, float, float]:
    x, y, width, height = (float(rect.get(key, 0)) for key in ("x", "y", "width", "height"))
    return x, y, width, height


def _texts(root: ET.Element) -> list[tuple[float, float, str]]:
    return [(float(t.get("x")), float(t.get("y")), t.text or "") for t in root.iter(f"{SVG}text")]


def heat_map(svg: str) -> dict[tuple[int, int], tuple[str, str | None]]:
    """Every cell of a heat map, by (row, column): its fill and the label drawn inside its square
    (None when it has none), matched by where they stand in the picture."""
    root = ET.fromstring(svg)
    texts = _texts(root)
    cells = {}
    for rect in root.iter(f"{SVG}rect"):
        if rect.get("class") != "cell":
            continue
        x, y, w, h = _box(rect)
        inside = [text for tx, ty, text in texts if x < tx < x + w and y < ty < y + h]
        assert len(inside) <= 1, inside
        cell = (int(rect.get("data-row")), int(rect.get("data-col")))
        cells[cell] = (rect.get("fill"), inside[0] if inside else None)
    return cells


def legend(svg: str) -> dict[str, str]:
    """The colour key under the board: each step's label (`0%`, `1–4%`, ..., `100%`) with the
    fill of the swatch it is written on."""
    root = ET.fromstring(svg)
    swatches = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "key"]
    key = {}
    for tx, ty, text in _texts(root):
        under = [
            rect.get("fill")
            for rect in swatches
            for x, y, w, h in [_box(rect)]
            if x < tx < x + w and y < ty < y + h
        ]
        if under:
            (key[text],) = under
    return key


def rgb(fill: str) -> tuple[int, int, int]:
    """A fill written `rgb(r,g,b)`, as three numbers."""
    assert fill.startswith("rgb(") and fill.endswith(")"), fill
    red, green, blue = (int(part) for part in fill[4:-1].split(","))
    return red, green, blue


def best_click_outline(svg: str) -> tuple[int, int]:
    """The cell the frame (the best next click) stands in."""
    root = ET.fromstring(svg)
    frames = [_box(r) for r in root.iter(f"{SVG}rect") if r.get("class") == "best"]
    assert frames
    middles = {(x + w / 2, y + h / 2) for x, y, w, h in frames}
    assert len(middles) == 1  # the frames are drawn one inside the other
    ((mx, my),) = middles
    for rect in root.iter(f"{SVG}rect"):
        x, y, w, h = _box(rect)
        if rect.get("class") == "cell" and x < mx < x + w and y < my < y + h:
            return int(rect.get("data-row")), int(rect.get("data-col"))
    raise AssertionError("the frame stands in no cell")


# --- analyze ------------------------------------------------------------------------------------


def test_analyze_json_has_its_keys_and_a_grid_of_probabilities():
    records = run_main(["analyze", RULES_EXAMPLES, "--json"]).records()
    unique, four, none = records
    assert set(unique) == {
        "board",
        "count",
        "count_log10",
        "probabilities",
        "fractions",
        "safe",
        "mines",
        "best",
    }
    assert [record["board"] for record in records] == [1, 2, 3]
    assert unique["probabilities"] == [
        [None, None, None, None],
        [None, 1.0, 0.0, None],
        [None, None, 1.0, None],
        [None, None, None, None],
    ]
    assert unique["safe"] == [[1, 2]] and unique["mines"] == [[1, 1], [2, 2]]
    assert unique["fractions"][1][1:3] == ["1/1", "0/1"] and unique["fractions"][0] == [None] * 4
    assert unique["best"] == [1, 2]
    assert four["count"] == "4" and four["probabilities"][2][2] == 0.5
    assert four["fractions"][2][2] == "1/2"
    assert none["count"] == "0" and none["count_log10"] is None
    assert none["best"] is None and "(0,0)" in none["reason"]


def test_analyze_with_a_mine_total_on_both_backends_gives_the_same_numbers():
    kanren = run_main(["analyze", EXPERT, "--mines", "99", "--json"]).records()
    prolog = run_main(["analyze", EXPERT, "--mines", "99", "--json", "--backend", "prolog"])
    assert kanren == prolog.records()
    assert int(kanren[0]["count"]) > 10**30


def test_analyze_draws_percentages_and_names_the_best_click():
    run = run_main(["analyze", RULES_EXAMPLES])
    assert run.status == 0
    assert "\n1    1 100%   0%    *\n" in run.out  # the row number, then the cells
    assert "best next click: 1,2 (row 1, column 2; 0% chance of a mine)" in run.out
    assert "why: (0,0) shows 2" in run.out


def test_analyze_says_how_a_game_board_s_letters_are_drawn():
    # the table is drawn in puzzle cells: a game board's legend names B and X
    game = run_main(["analyze", "-"], stdin="B1EE\nB1XE\nB11E\n").out
    assert "\n0    0    1   0%  50%\n1    0    1    *   0%\n" in game
    assert "them; digits as\n  shown, a blank B as 0 and an open mine X as *; N%" in game
    assert "B as 0" not in run_main(["analyze", "-"], stdin="01??\n01*?\n011?\n").out


def test_analyze_names_no_best_click_when_every_unknown_cell_is_a_mine():
    run = run_main(["analyze", "-"], stdin="1?\n")
    assert "best next click: none (every unknown cell is a mine in every solution)" in run.out
    assert run_main(["analyze", "--json", "-"], stdin="1?\n").records()[0]["best"] is None


def test_analyze_names_no_best_click_when_no_cell_is_unknown():
    run = run_main(["analyze", "-"], stdin="1*\n")
    assert "best next click: none (no cell is unknown)" in run.out.splitlines()
    assert run_main(["analyze", "--json", "-"], stdin="1*\n").records()[0]["best"] is None


def test_analyze_writes_one_svg_per_board(in_tmp):
    run = run_main(["analyze", RULES_EXAMPLES, "--svg", "heat.svg"])
    assert run.status == 0
    for name, (height, width), solutions in [
        ("heat.svg", (4, 4), "1 solution"),
        ("heat-2.svg", (5, 4), "4 solutions"),
        ("heat-3.svg", (1, 2), "0 solutions"),
    ]:
        svg = (in_tmp / name).read_text()
        assert set(heat_map(svg)) == {(r, c) for r in range(height) for c in range(width)}
        assert ET.fromstring(svg).find(f"{SVG}title").text.endswith(f": {solutions}")


def test_analyze_reference_backend_agrees_on_small_boards():
    kanren = run_main(["analyze", RULES_EXAMPLES, "--json"]).records()
    reference = run_main(["analyze", RULES_EXAMPLES, "--json", "--backend", "reference"]).records()
    for k, r in zip(kanren, reference):
        assert (k["count"], k["probabilities"], k["best"]) == (
            r["count"],
            r["probabilities"],
            r["best"],
        )


def test_svg_of_a_board_without_solution_says_why():
    analysis = KanrenBackend().analyze(Board.from_text("2?"))
    texts = [t.text for t in ET.fromstring(render_svg(analysis)).iter(f"{SVG}text")]
    assert any(text and text.startswith("no solution: (0,0) shows 2") for text in texts)


def test_svg_shows_every_cell_with_its_probability():
    analysis = KanrenBackend().analyze(Board.from_text("1110 / 2*31 / 3*?? / 2*4? / 112?"))
    svg = render_svg(analysis)
    root = ET.fromstring(svg)
    cells = root.findall(f"{SVG}rect[@class='cell']")
    assert len(cells) == 20
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert labels.count("50%") == 4  # the four unknown cells, 50 % each
    assert "*" in labels and "4" in labels
    drawn = heat_map(svg)
    unknown = [(2, 2), (2, 3), (3, 3), (4, 3)]  # each a mine in two of the four solutions
    assert [drawn[cell][1] for cell in unknown] == ["50%"] * 4
    assert {drawn[cell][0] for cell in unknown} == {legend(svg)["50–59%"]}
    assert drawn[(3, 2)][1] == "4" and drawn[(1, 2)][1] == "3"  # digits show themselves
    assert drawn[(1, 1)][1] == drawn[(3, 1)][1] == "*"  # and known mines their star
    assert drawn[(0, 3)] == (drawn[(0, 0)][0], None)  # a 0 is drawn as a plain open cell


def test_svg_colours_forced_cells_apart_and_as_its_legend_says():
    board = Board.from_text("1121 / 1??* / 12?* / 0122")  # (1,1) and (2,2) mines, (1,2) safe
    svg = render_svg(KanrenBackend().analyze(board))
    drawn, key = heat_map(svg), legend(svg)
    (mine_fill, mine_label), (safe_fill, safe_label) = drawn[(1, 1)], drawn[(1, 2)]
    assert (mine_label, safe_label) == ("100%", "0%")
    assert drawn[(2, 2)] == (mine_fill, "100%")
    assert mine_fill != safe_fill
    assert (key["100%"], key["0%"]) == (mine_fill, safe_fill)
    assert sum(rgb(mine_fill)) < sum(rgb(safe_fill))  # a sure mine is dark, a safe cell pale
    assert drawn[(0, 2)][1] == "2" and drawn[(1, 3)][1] == "*"
    assert {drawn[cell][0] for cell in [(1, 1), (1, 2), (2, 2)]}.isdisjoint(
        {drawn[(0, 2)][0], drawn[(1, 3)][0]}
    )  # open and known cells are not on the scale
    assert best_click_outline(svg) == (1, 2)


# --- compare ------------------------------------------------------------------------------------


def test_compare_shows_four_engines_agreeing_on_small_boards():
    run = run_main(["compare", RULES_EXAMPLES, "--json"])
    assert run.status == 0
    for record, (verdict, count) in zip(
        run.records(), [("unique", 1), ("multiple", 4), ("none", 0)]
    ):
        assert set(record) == {"board", "engines", "agree"}
        assert record["agree"] is True
        assert set(record["engines"]) == set(REGISTRY)
        for answer in record["engines"].values():
            assert (answer["verdict"], answer["count"]) == (verdict, str(count))
            assert answer["seconds"] >= 0
            assert ("reason" in answer) == (verdict == "none")


def test_compare_says_each_reason_for_no_solution_once_with_the_engines_that_gave_it():
    run = run_main(["compare", "-"], "???\n131\n")
    assert run.status == 0
    lines = run.out.splitlines()
    why = next(i for i, line in enumerate(lines) if line.startswith("  why: "))
    assert lines[why] == (
        "  why: (1,0)=1 and (1,1)=3 cannot both hold (kanren, prolog, clingo, clpfd)"
    )
    assert lines[why + 1 : why + 3] == [
        "       the reference program finds no solution (reference)",
        "       the original program finds no solution (gprolog)",
    ]
    record = run_main(["compare", "--json", "-"], "???\n131\n").records()[0]
    assert record["engines"]["clingo"]["reason"] == "(1,0)=1 and (1,1)=3 cannot both hold"
    solved = run_main(["compare", "-"], "1?\n")
    assert "why:" not in solved.out


@pytest.mark.parametrize("mines", [None, 1])
def test_compare_forced_says_why_there_is_no_solution_as_compare_does(mines):
    total = [] if mines is None else ["--mines", str(mines)]
    plain = run_main(["compare", *total, "-"], "???\n131\n").out.splitlines()
    forced = run_main(["compare", "--forced", *total, "-"], "???\n131\n").out.splitlines()
    said = [line for line in plain if line.startswith("  ") and line.strip()[-1] == ")"]
    assert said and said == forced[-len(said) - 1 : -1]  # the lines after the table, as plain's
    assert forced[-len(said) - 1].startswith("  why: ")
    record = run_main(["compare", "--forced", "--json", "-"], "???\n131\n").records()[0]
    assert record["engines"]["clpfd"]["reason"] == "(1,0)=1 and (1,1)=3 cannot both hold"
    assert "why:" not in run_main(["compare", "--forced", "-"], "1?\n").out


def test_compare_forced_asks_the_reason_within_the_time_left_and_keeps_the_verdict_without_it():
    from logicmines.backends.clpfd import ClpfdBackend
    from logicmines.engine import EngineTimeout

    board = Board.from_text("???\n131")
    engine = ClpfdBackend(timeout=None)

    def gone() -> float:
        raise EngineTimeout("clpfd", 1.0)

    told = compare_module.forced_cells(engine, board, None, lambda: 2.5)
    assert (told.verdict, told.reason) == ("none", "(1,0)=1 and (1,1)=3 cannot both hold")
    assert engine.timeout == 2.5  # the check was asked within what was left
    late = compare_module.forced_cells(engine, board, None, gone)
    assert (late.verdict, late.safe, late.mines, late.reason) == ("none", (), (), None)


def test_compare_runs_only_the_engines_named_in_their_order(monkeypatch):
    started = []
    real = compare_module.run_engine

    def watched(name, board, timeout, mines=None, known=None):
        started.append(name)
        return real(name, board, timeout, mines, known)

    monkeypatch.setattr(compare_module, "run_engine", watched)
    run = run_main(["compare", RULES_EXAMPLES, "--json", "--engines", "reference, kanren"])
    assert run.status == 0
    assert started == ["reference", "kanren"] * 3
    for record, count in zip(run.records(), ["1", "4", "0"], strict=True):
        assert list(record["engines"]) == ["reference", "kanren"] and record["agree"] is True
        assert {answer["count"] for answer in record["engines"].values()} == {count}
    text = run_main(["compare", RULES_EXAMPLES, "--engines", "clingo"]).out
    assert text.splitlines()[2].split()[:3] == ["clingo", "unique", "1"]


@pytest.mark.parametrize(
    "given, said",
    [
        ("", "expected engine names, like kanren,reference, got ''"),
        (",", "expected engine names, like kanren,reference, got ','"),
        ("kanren,,prolog", "an empty name in 'kanren,,prolog': the engines are kanren, "),
        ("minisat", "no engine 'minisat': the engines are kanren, prolog, reference, gprolog, "),
        # an engine compared with itself: 'nothing to compare it with', said of what was asked
        ("kanren,kanren", "kanren is named twice in 'kanren,kanren': name each once"),
        ("reference, kanren,reference", "reference is named twice in 'reference, kanren,refer"),
    ],
)
def test_compare_refuses_engines_it_does_not_have_in_one_line(given, said):
    run = run_main(["compare", RULES_EXAMPLES, "--engines", given])
    assert run.status == 2 and run.out == "" and run.err.count("\n") == 1
    assert run.err.startswith(f"logicmines: error: argument --engines: {said}"), run.err


@pytest.mark.parametrize("words", [["--backend", "kanren"], ["--backend=kanren"]])
def test_compare_given_a_backend_says_it_takes_none_and_what_does_instead(words):
    # `compare --backend kanren FILE` had argparse take kanren for FILE and refuse FILE
    for args in (["compare", *words, RULES_EXAMPLES], ["compare", RULES_EXAMPLES, *words]):
        run = run_main(args)
        assert run.status == 2 and run.out == ""
        assert run.err == (
            "logicmines: error: compare takes no --backend: it runs every engine, or the ones "
            "--engines NAME,... names (see 'logicmines compare --help')\n"
        )


def test_compare_without_gplc_still_answers_and_says_so(monkeypatch, tmp_path):
    # An empty cache: without gplc, a binary verified there would still run (and should).
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(gprolog.shutil, "which", lambda name: None)
    gprolog.executable.cache_clear()  # forget where an earlier test found it
    monkeypatch.setattr(gprolog, "executable", gprolog.executable.__wrapped__)
    run = run_main(["compare", RULES_EXAMPLES])
    assert run.status == 0
    lines = run.out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("  gprolog "))
    wrapped = [lines[first]]  # the reason, wrapped under the table's columns
    more = takewhile(lambda line: line.startswith(" " * 13), lines[first + 1 :])
    wrapped += [line.strip() for line in more]
    assert all(len(line) <= 90 for line in lines[first : first + len(wrapped)])
    row = " ".join(wrapped)
    assert row.startswith("  gprolog    cannot run here: gprolog: GNU Prolog is not installed"), row
    # compare has no --backend to choose another engine: the advice to is left out
    assert row.endswith("apt-get install gprolog (no pip extra brings it)"), row
    assert run.out.count("engines agree") == 3


def test_compare_keeps_going_when_the_cache_folder_cannot_be_made(monkeypatch, tmp_path):
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(not_a_folder))
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the fallback, private to this test
    gprolog.executable.cache_clear()
    monkeypatch.setattr(gprolog, "executable", gprolog.executable.__wrapped__)
    run = run_main(["compare", RULES_EXAMPLES, "--json"])
    assert run.status == 0
    assert run.records()[0]["engines"]["gprolog"]["verdict"] == "unique"
    assert [folder.name for folder in tmp_path.glob("logicmines-*")]  # built in the fallback


@pytest.mark.parametrize("json_out", [False, True])
def test_compare_with_no_engine_able_to_answer_is_status_2_and_agrees_on_nothing(
    monkeypatch, tmp_path, json_out
):
    # gprolog alone, and it cannot run here: exit status 0 and "agree": true told a script that
    # all was well with nothing compared.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(gprolog.shutil, "which", lambda name: None)
    gprolog.executable.cache_clear()
    monkeypatch.setattr(gprolog, "executable", gprolog.executable.__wrapped__)
    run = run_main(["compare", "--engines", "gprolog"] + ["--json"] * json_out, stdin="1?\n")
    assert run.status == 2
    assert run.err.count("\n") == 1
    assert run.err.startswith(
        "logicmines: error: board 1 (<stdin>:1, 1x2 puzzle): no engine answered (gprolog: "
        "cannot run here: gprolog: GNU Prolog is not installed"
    )
    if json_out:
        assert run.records()[0]["agree"] is None


def test_an_engine_error_that_names_its_engine_is_not_named_twice(monkeypatch):
    def failing(name, board, timeout, mines=None, known=None):
        return Outcome(error=f"{name}: out of memory on this board", status="error")

    monkeypatch.setattr(compare_module, "run_engine", failing)
    run = run_main(["compare", "--engines", "gprolog"], stdin="1?\n")
    assert run.status == 2
    assert run.err == (
        "logicmines: error: board 1 (<stdin>:1, 1x2 puzzle): no engine answered "
        "(gprolog: out of memory on this board)\n"
    )


def test_compare_marks_an_engine_past_its_timeout():
    # 4x5 unknown cells: 2**20 models, which the original lists one by one. kanren last: after
    # its count the others would not be run (too many for their pace). clpfd counts without
    # listing, part by part: every cell is a part of its own here.
    engines = "reference,gprolog,clpfd,prolog,clingo,kanren"
    run = run_main(
        ["compare", "--timeout", "0.3", "--json", "--engines", engines], stdin="?????\n" * 4
    )
    (record,) = run.records()
    # in the words of every command's JSON, with the limit as given (not what was left of it)
    for name in ("reference", "gprolog"):
        (said,) = record["engines"][name].values()
        assert said.startswith(f"{name}: gave up after 0.3 s (its time limit)"), said
    for name in ("clpfd", "kanren"):
        assert record["engines"][name]["count"] == str(2**20)
    assert record["agree"] is True


def test_compare_exits_1_when_engines_disagree(monkeypatch):
    real = compare_module.run_engine

    def lying(name, board, timeout, mines=None, known=None):
        outcome = real(name, board, timeout, mines, known)
        return Outcome("multiple", 5, 0.0) if name == "prolog" else outcome

    monkeypatch.setattr(compare_module, "run_engine", lying)
    run = run_main(["compare", RULES_EXAMPLES])
    assert run.status == 1
    assert "ENGINES DISAGREE" in run.out


def test_compare_forced_gives_every_engine_s_forced_cells_those_of_the_analysis():
    # The Expert mid-game has about 10**35 solutions: no engine that lists them answers its
    # count, and clingo and clpfd, asked for the forced cells instead, answer in a second.
    engines = "kanren,prolog,clingo,clpfd"
    run = run_main(["compare", "--forced", "--json", "--engines", engines, EXPERT])
    (record,) = run.records()
    (board,) = parse_boards(Path(EXPERT).read_text())
    analysis = KanrenBackend().analyze(board)
    assert analysis.safe and analysis.mines
    for name in engines.split(","):
        answer = record["engines"][name]
        assert answer["verdict"] == "multiple" and "count" not in answer
        assert [tuple(c) for c in answer["safe"]] == analysis.safe
        assert [tuple(c) for c in answer["mines"]] == analysis.mines
    assert record["agree"] is True and run.status == 0
    text = run_main(["compare", "--forced", "--engines", engines, EXPERT]).out.rstrip().splitlines()
    assert text[1].split() == ["engine", "verdict", "safe", "mines", "seconds"]
    assert text[2].split()[:4] == [
        "kanren",
        "multiple",
        str(len(analysis.safe)),
        str(len(analysis.mines)),
    ]
    assert text[-2].startswith("  safe in every solution: ")  # once: the engines agree
    assert text[-1].startswith("  a mine in every solution: ")


def test_compare_forced_says_which_engines_gave_which_cells_when_they_disagree(monkeypatch):
    real = compare_module.run_forced

    def lying(name, board, timeout, mines=None, known=None):
        outcome = real(name, board, timeout, mines, known)
        return (
            Outcome("multiple", None, 0.0, safe=(), mines=((0, 0),))
            if name == "prolog"
            else outcome
        )

    monkeypatch.setattr(compare_module, "run_forced", lying)
    run = run_main(["compare", "--forced", "--engines", "kanren,prolog", "-"], stdin="1?\n??\n")
    assert run.status == 1 and "ENGINES DISAGREE" in run.out
    assert "  a mine in every solution (prolog): 0,0\n" in run.out
    assert "  a mine in every solution (kanren): none\n" in run.out


def test_compare_forced_keeps_its_columns_when_no_engine_answers(monkeypatch):
    # the table fell back to the count's columns
    late = Outcome(seconds=1.0, error="> timeout (1 s)", status=compare_module.TIMEOUT)
    monkeypatch.setattr(compare_module, "run_forced", lambda *args: late)
    run = run_main(["compare", "--forced", "--engines", "kanren,clpfd"], stdin="1?\n??\n")
    assert run.status == 3
    assert run.out.splitlines()[1].split() == ["engine", "verdict", "safe", "mines", "seconds"]


def test_compare_suggests_forced_when_an_engine_cannot_list_the_solutions_in_time():
    run = run_main(
        ["compare", "--engines", "gprolog,kanren", "--timeout", "0.5"], stdin="EEEEE\n" * 4
    )
    assert "  gprolog    > timeout (0.5 s)" in run.out
    assert "(--forced compares the cells forced in every solution instead of the count:" in run.out
    few = run_main(["compare", "--engines", "kanren,gprolog", "--timeout", "5"], stdin="1?\n??\n")
    assert "--forced" not in few.out  # every engine answered


def test_compare_does_not_run_an_engine_that_would_list_more_solutions_than_its_time_allows():
    # The expert example's 10^35 solutions: four engines waited out the limit in turn (40 s).
    run = run_main(["compare", EXPERT])
    assert run.status == 0
    not_run = "not run: it would list each solution, too many for 10 s"
    for name in ("reference", "gprolog", "clingo"):
        assert f"  {name:<10} {not_run}\n" in run.out
    # clpfd counts without listing: three engines that share no code give the same 10^35
    assert "engines agree (3 of 6 answered)" in run.out
    assert run.out.count("141,067,861,394,683,617,915,619,088,793,600,000") == 3
    assert "(--forced compares the cells forced in every solution" in run.out
    (record,) = run_main(["compare", "--json", "--engines", "prolog,reference", EXPERT]).records()
    assert record["engines"]["reference"] == {"error": not_run}
    # a count within its pace, or none known before it (it comes first): the engine is run
    few = run_main(["compare", "--engines", "kanren,reference", "--timeout", "5"], stdin="1?\n??\n")
    assert few.out.count(" multiple ") == 2
    first = run_main(["compare", "--engines", "reference,kanren", "--timeout", "0.2", EXPERT])
    assert "  reference  > timeout (0.2 s)" in first.out
    # --forced: the engines that list the solutions to find the forced cells, after kanren's
    # analysis counted them (clingo and clpfd find them without listing: they are run)
    forced = run_main(["compare", "--forced", "--mines", "99", EXPERT])
    for name in ("reference", "gprolog"):
        assert f"  {name:<10} {not_run}\n" in forced.out
    assert "engines agree (4 of 6 answered)" in forced.out


def test_analyze_with_far_more_mines_than_cells_answers_at_once():
    run = run_main(["analyze", "--mines", "1000000000", "--json"], stdin="1?\n??\n")
    (record,) = run.records()
    assert record["count"] == "0"
    assert record["reason"] == "every solution holds exactly 1 mine in all, not 1,000,000,000"


def test_solve_draws_game_solutions_in_game_letters():
    (record,) = run_main(["solve", "--json"], stdin="B1E1B\nB1M1B\nB111B\nBBBBB\n").records()
    assert record["solutions"] == [["B111B", "B1M1B", "B111B", "BBBBB"]]


@pytest.mark.parametrize(
    ("name", "kind"), [("heat.png", "PNG"), ("tree.JPG", "JPEG"), ("a.pdf", "PDF")]
)
@pytest.mark.parametrize("command", ["analyze", "trace"])
def test_svg_under_another_picture_s_name_is_refused_before_anything_is_written(
    in_tmp, command, name, kind
):
    # SVG text went into heat.png, heat-2.png, ..., which a viewer refuses
    run = run_main([command, RULES_EXAMPLES, "--svg", name])
    assert run.status == 2 and run.out == ""
    svg = name.rsplit(".", 1)[0] + ".svg"
    assert run.err == (
        f"logicmines: error: --svg '{name}': the picture is SVG (text), not {kind}; name it "
        f"'{svg}'\n"
    )
    assert list(in_tmp.iterdir()) == []


def test_svg_names_for_later_boards_keep_dotted_folders(in_tmp):
    (in_tmp / "out.d").mkdir()
    run = run_main(["analyze", RULES_EXAMPLES, "--svg", "out.d/heat"])
    assert run.status == 0
    assert (in_tmp / "out.d" / "heat-2").is_file()
    assert len(heat_map((in_tmp / "out.d" / "heat-2").read_text())) == 5 * 4  # the second board


def test_compare_keeps_its_table_narrow_however_long_the_count():
    board = "?" * 2000 + "\n"  # 2**2000 solutions: 603 digits
    for exact in ([], ["--exact"]):
        out = run_main(["compare", "--timeout", "0.5", *exact], stdin=board).out
        table = [line for line in out.splitlines() if not line.startswith("  exact count: ")]
        assert max(map(len, table)) <= 80, out
        assert "1.15e+602 (603 digits)" in out
    assert f"  exact count: {2**2000:,} (kanren, prolog" in out  # --exact: whole, below


def test_analyze_numbers_rows_and_columns_and_draws_a_wide_board_in_bands():
    out = run_main(["analyze", "--mines", "99", EXPERT]).out
    lines = out.splitlines()
    headers = [line.split() for line in lines if line.startswith("    ") and line.split()[0] == "0"]
    headers += [line.split() for line in lines if line.lstrip().startswith("15   16")]
    assert headers == [[str(c) for c in range(15)], [str(c) for c in range(15, 30)]]
    assert max(map(len, lines[1:36])) <= 100  # the grid, after the title line
    # Read back: the cell under column label c in the row labelled r is what JSON says of (r, c).
    (record,) = run_main(["analyze", "--mines", "99", "--json", EXPERT]).records()
    grid = {}
    band = []
    for line in lines[1:]:
        if not line.strip():
            continue
        words = line.split()
        if line.startswith("    "):
            band = [int(c) for c in words]
        elif words[0].isdigit() and len(words) == len(band) + 1:
            grid.update(((int(words[0]), c), cell) for c, cell in zip(band, words[1:]))
    assert len(grid) == 16 * 30
    for (r, c), cell in grid.items():
        exact = record["fractions"][r][c]
        assert cell == (
            board_cell(EXPERT, r, c) if exact is None else percent(Fraction(exact)) + "%"
        )
    row, column = record["best"]
    assert f"best next click: {row},{column} (row {row}, column {column};" in out
    assert grid[(row, column)] == "0%"


def board_cell(path: str, r: int, c: int) -> str:
    """What the board file shows at (r, c), counted from 0."""
    rows = [line for line in open(path, encoding="utf-8").read().splitlines() if line[:1] != "#"]
    return rows[r][c]


def test_compare_called_from_python_refuses_one_name_as_a_string_and_an_empty_list():
    board = Board.from_text("1?")
    with pytest.raises(TypeError, match=r"^compare: engines is a list of engine names"):
        compare_module.compare(board, 5, engines="kanren")  # was run letter by letter: 'k'
    for nothing in ((), []):  # ran every engine
        with pytest.raises(ValueError, match=r"^compare: engines names none"):
            compare_module.compare(board, 5, engines=nothing)
    outcomes, agree = compare_module.compare(board, 5, engines=["kanren"])
    assert list(outcomes) == ["kanren"] and agree


def test_the_text_answer_s_small_rules():
    # A chance is never shown as 0 % or 100 % unless it is one; nor shortened below 41 characters.
    assert (percent(Fraction(1, 1000)), percent(Fraction(999, 1000))) == ("1", "99")
    assert quoted("a" * 40) == "a" * 40 and quoted("a" * 41).endswith("... (41 characters)")
    # 25 columns in two bands, not three; 15 cells listed whole, the 16th "and 1 more".
    assert bands(25) == [(0, 13), (13, 25)]
    cells = [(0, c) for c in range(16)]
    assert _cell_list(cells[:15]).endswith(" 0,14") and _cell_list(cells).endswith("and 1 more")
    record = outcome_record(Outcome(verdict="unique", count=1, seconds=0.0001234))
    assert record["seconds"] == 0.000123


def test_analyze_paints_each_chance_by_its_band_and_numbers_rows_from_0():
    def shown(rows, mines, colour):
        board = Board(rows)
        out = Out(io.StringIO(), json=False, colour=colour)
        out.analysis(0, board, KanrenBackend().analyze(board, mines), mines)
        return out.stream.getvalue().splitlines()

    painted = "\n".join(shown(("0??", "???", "1??"), 3, True))
    for chance, code in (("0%", "32"), ("67%", "31"), ("100%", "31;1")):
        assert f"\x1b[{code}m{chance:>5}\x1b[0m" in painted
    assert "\x1b[33m  50%\x1b[0m" in "\n".join(shown(("??",), 1, True))  # one half is yellow
    # Ten rows are numbered 0-9: one column for the numbers.
    lines = shown(tuple("?" for _ in range(10)), 1, False)
    assert lines[1:3] == ["     0", "0  10%"] and lines[11] == "9  10%"


def test_compare_of_a_game_board_asks_every_engine_the_puzzle_it_poses():
    # The whole-board engines read puzzles: a game's E is unknown, not a cell of its own.
    outcomes, agree = compare_module.compare(
        Board.from_text("1E", kind="game"), forced=True, engines=("clingo", "clpfd", "kanren")
    )
    assert agree
    assert {name: (o.verdict, o.mines) for name, o in outcomes.items()} == dict.fromkeys(
        ("clingo", "clpfd", "kanren"), ("unique", ((0, 1),))
    )


class _Fake:
    """An engine for run_engine's clock: `check` takes the seconds given; `count` answers at
    once, or gives up (`late`) as an engine out of time does."""

    listing_pace = 100  # solutions a second

    def __init__(self, checking=0.0, late=False):
        self.checking, self.late = checking, late
        self.timeout = None

    def check(self, board, mines=None):
        time.sleep(self.checking)
        return types.SimpleNamespace(verdict=Verdict.MULTIPLE, reason=None)

    def count(self, board, mines=None):
        if self.late:
            raise EngineTimeout("fake", self.timeout)
        return 7


def _faked(monkeypatch, fake, making=0.0):
    def make(name, timeout=None):
        time.sleep(making)
        return fake

    monkeypatch.setattr(compare_module, "make_backend", make)


def test_run_engine_s_clock_starts_once_the_engine_is_made_and_spans_both_questions(monkeypatch):
    board = Board(("??",))
    _faked(monkeypatch, _Fake(), making=0.3)  # starting the engine is not answering
    assert compare_module.run_engine("fake", board, 0.2).status == "ok"
    _faked(monkeypatch, _Fake(checking=0.3))  # count gets what check left: nothing
    assert compare_module.run_engine("fake", board, 0.2).status == "timeout"
    # An engine out of time on count is said to have given up after the whole limit.
    _faked(monkeypatch, _Fake(checking=0.1, late=True))
    late = compare_module.run_engine("fake", board, 0.5)
    assert (late.status, late.said) == ("timeout", "fake: gave up after 0.5 s (its time limit)")


def test_a_listing_engine_is_skipped_only_past_what_it_lists_in_the_limit(monkeypatch):
    board = Board(("??",))
    _faked(monkeypatch, _Fake())
    assert compare_module.run_engine("fake", board, 1.0, known=100).status == "ok"
    assert compare_module.run_engine("fake", board, 1.0, known=101).status == "skipped"
