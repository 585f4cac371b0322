"""analyze and compare on the command line, and the SVG heat map."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from conftest import EXAMPLES, run_main

from logicmines import compare as compare_module
from logicmines import gprolog
from logicmines.backends.kanren import KanrenBackend
from logicmines.board import Board
from logicmines.compare import Outcome
from logicmines.svg import render_svg

SPEC = str(EXAMPLES / "spec.txt")
EXPERT = str(EXAMPLES / "expert.txt")
SVG = "{http://www.w3.org/2000/svg}"


# --- analyze ------------------------------------------------------------------------------------


def test_analyze_json_has_the_design_keys_and_a_grid_of_probabilities():
    records = run_main(["analyze", SPEC, "--json"]).records()
    unique, four, none = records
    assert set(unique) == {"board", "count", "probabilities", "safe", "mines", "best"}
    assert unique["probabilities"] == [
        [None, None, None, None],
        [None, 1.0, 0.0, None],
        [None, None, 1.0, None],
        [None, None, None, None],
    ]
    assert unique["safe"] == [[1, 2]] and unique["mines"] == [[1, 1], [2, 2]]
    assert unique["best"] == [1, 2]
    assert four["count"] == 4 and four["probabilities"][2][2] == 0.5
    assert none["count"] == 0 and none["best"] is None and "(0,0)" in none["reason"]


def test_analyze_with_a_mine_total_on_both_backends_gives_the_same_numbers():
    kanren = run_main(["analyze", EXPERT, "--mines", "99", "--json"]).records()
    prolog = run_main(["analyze", EXPERT, "--mines", "99", "--json", "--backend", "prolog"])
    assert kanren == prolog.records()
    assert kanren[0]["count"] > 10**30


def test_analyze_draws_percentages_and_names_the_best_click():
    run = run_main(["analyze", SPEC])
    assert run.status == 0
    assert " 100%   0%    *" in run.out
    assert "best next click: 1,2 (0% chance of a mine)" in run.out
    assert "why: (0,0) shows 2" in run.out


def test_analyze_writes_one_svg_per_board(in_tmp):
    run = run_main(["analyze", SPEC, "--svg", "heat.svg"])
    assert run.status == 0
    for name in ("heat.svg", "heat-2.svg", "heat-3.svg"):
        ET.parse(in_tmp / name)


def test_analyze_reference_backend_agrees_on_small_boards():
    kanren = run_main(["analyze", SPEC, "--json"]).records()
    reference = run_main(["analyze", SPEC, "--json", "--backend", "reference"]).records()
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
    root = ET.fromstring(render_svg(analysis))
    cells = root.findall(f"{SVG}rect[@class='cell']")
    assert len(cells) == 20
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert labels.count("50") == 4  # the four unknown cells, 50 % each
    assert "*" in labels and "4" in labels
    assert int(root.get("width")) >= 4 * 28


# --- compare ------------------------------------------------------------------------------------


def test_compare_shows_four_engines_agreeing_on_small_boards():
    run = run_main(["compare", SPEC, "--json"])
    assert run.status == 0
    for record, (verdict, count) in zip(
        run.records(), [("unique", 1), ("multiple", 4), ("none", 0)]
    ):
        assert set(record) == {"board", "engines", "agree"}
        assert record["agree"] is True
        assert set(record["engines"]) == {"kanren", "prolog", "reference", "gprolog"}
        for answer in record["engines"].values():
            assert (answer["verdict"], answer["count"]) == (verdict, count)
            assert answer["seconds"] >= 0


def test_compare_without_gplc_still_answers_and_says_so(monkeypatch):
    monkeypatch.setattr(gprolog.shutil, "which", lambda name: None)
    gprolog.executable.cache_clear()  # forget where an earlier test found it
    monkeypatch.setattr(gprolog, "executable", gprolog.executable.__wrapped__)
    run = run_main(["compare", SPEC])
    assert run.status == 0
    assert "gprolog    not installed: GNU Prolog is not installed" in run.out
    assert run.out.count("engines agree") == 3


def test_compare_keeps_going_when_the_cache_folder_cannot_be_made(monkeypatch, tmp_path):
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(not_a_folder))
    monkeypatch.setattr(gprolog, "executable", gprolog.executable.__wrapped__)
    run = run_main(["compare", SPEC, "--json"])
    assert run.status == 0
    assert run.records()[0]["engines"]["gprolog"]["verdict"] == "unique"


def test_compare_marks_an_engine_past_its_timeout():
    # 4x4 unknown cells: 65,536 models, which the original lists one by one.
    run = run_main(["compare", "--timeout", "0.3", "--json"], stdin="????\n????\n????\n????\n")
    (record,) = run.records()
    assert record["engines"]["reference"] == {"error": "> timeout (0.3 s)"}
    assert record["engines"]["kanren"]["count"] == 2**16
    assert record["agree"] is True


def test_compare_exits_1_when_engines_disagree(monkeypatch):
    real = compare_module.run_engine

    def lying(name, board, timeout):
        outcome = real(name, board, timeout)
        return Outcome("multiple", 5, 0.0) if name == "prolog" else outcome

    monkeypatch.setattr(compare_module, "run_engine", lying)
    run = run_main(["compare", SPEC])
    assert run.status == 1
    assert "ENGINES DISAGREE" in run.out


def test_analyze_with_far_more_mines_than_cells_answers_at_once():
    run = run_main(["analyze", "--mines", "1000000000", "--json"], stdin="1?\n??\n")
    (record,) = run.records()
    assert record["count"] == 0
    assert record["reason"] == "every solution holds exactly 1 mine in all, not 1000000000"


def test_solve_draws_game_solutions_in_game_letters():
    (record,) = run_main(["solve", "--json"], stdin="B1E1B\nB1M1B\nB111B\nBBBBB\n").records()
    assert record["solutions"] == [["B111B", "B1M1B", "B111B", "BBBBB"]]


def test_svg_names_for_later_boards_keep_dotted_folders(in_tmp):
    (in_tmp / "out.d").mkdir()
    run = run_main(["analyze", SPEC, "--svg", "out.d/heat"])
    assert run.status == 0
    assert (in_tmp / "out.d" / "heat-2").is_file()
