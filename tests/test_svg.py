"""The pictures (logicmines/svg.py): analyze's heat map of the expert board read back with
xml.etree (coordinates, title, `%` labels, the scale and its legend), and the notebook pictures of
boards and analyses."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from conftest import EXAMPLES, run_main
from hypothesis import given, settings
from oracle import all_models
from test_analyze_compare import SVG, best_click_outline, heat_map, legend, rgb
from test_kanren import small_boards

from logicmines import get_backend, parse_boards
from logicmines.backends.kanren import KanrenBackend
from logicmines.board import Board
from logicmines.generate import random_puzzle
from logicmines.problem import NoSolution
from logicmines.svg import SCALE, STEPS, render_board, render_svg
from logicmines.words import percent

EXPERT = EXAMPLES / "expert.txt"


@pytest.fixture(scope="module")
def expert():
    (board,) = parse_boards(EXPERT.read_text(encoding="utf-8"), str(EXPERT))
    return get_backend("kanren").analyze(board, mines=99)


def _texts(svg: str, kind: str) -> list[ET.Element]:
    return [t for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == kind]


def _cells(svg: str) -> dict[tuple[int, int], ET.Element]:
    rects = ET.fromstring(svg).iter(f"{SVG}rect")
    return {
        (int(r.get("data-row")), int(r.get("data-col"))): r
        for r in rects
        if r.get("class") == "cell"
    }


def test_column_numbers_stand_over_their_columns_from_0(expert):
    svg = render_svg(expert)
    cells = _cells(svg)
    columns = _texts(svg, "column")
    assert [t.text for t in columns] == [str(c) for c in range(30)]
    for label in columns:
        c = int(label.text)
        rect = cells[(0, c)]
        x, width = float(rect.get("x")), float(rect.get("width"))
        assert x < float(label.get("x")) < x + width
        assert float(label.get("y")) < float(rect.get("y"))  # above the top row


def test_row_numbers_stand_left_of_their_rows_from_0(expert):
    svg = render_svg(expert)
    cells = _cells(svg)
    rows = _texts(svg, "row")
    assert [t.text for t in rows] == [str(r) for r in range(16)]
    for label in rows:
        rect = cells[(int(label.text), 0)]
        y, height = float(rect.get("y")), float(rect.get("height"))
        assert y < float(label.get("y")) < y + height
        assert float(label.get("x")) <= float(rect.get("x"))


def test_the_title_line_is_drawn_with_board_solutions_and_mine_total(expert):
    svg = render_svg(expert, index=0)
    (title,) = _texts(svg, "title")
    assert title.text == (
        f"board 1 ({EXPERT}:3, 16x30 puzzle): "
        "1,779,487,192,841,796,356,045,783,040,000 solutions with exactly 99 mines"
    )
    assert float(title.get("y")) < min(float(r.get("y")) for r in _cells(svg).values())
    width = float(ET.fromstring(svg).get("width"))
    assert 8 + 6 * len(title.text) <= width  # room for it


def test_without_a_total_the_title_gives_the_average_number_of_mines():
    (board,) = parse_boards("1?\n??\n")
    analysis = get_backend("kanren").analyze(board)
    (title,) = _texts(render_svg(analysis), "title")
    assert title.text.endswith(":1, 2x2 puzzle: 3 solutions, 1 mine on average")
    (board,) = parse_boards("1??\n")  # 2 solutions: 1 mine, or 2
    (title,) = _texts(render_svg(get_backend("kanren").analyze(board)), "title")
    assert title.text.endswith(": 2 solutions, 1.5 mines on average")


def test_every_unknown_cell_is_labelled_with_its_percentage_in_italics(expert):
    svg = render_svg(expert)
    drawn = heat_map(svg)
    chances = _texts(svg, "chance")
    assert len(chances) == len(expert.probabilities)
    for label in chances:
        assert label.text.endswith("%") and label.get("font-style") == "italic"
    for cell, p in expert.probabilities.items():
        assert drawn[cell][1] == f"{percent(p)}%"


def test_revealed_digits_look_like_no_percentage(expert):
    root = ET.fromstring(render_svg(expert))
    digits = [
        t for t in root.iter(f"{SVG}text") if t.get("class") is None and (t.text or "").isdigit()
    ]
    drawn = heat_map(render_svg(expert))
    board = expert.board
    shown = sorted(cell for cell in board.cells() if board[cell] in "12345678")
    assert sorted(cell for cell, (_, label) in drawn.items() if label and label.isdigit()) == shown
    chance = _texts(render_svg(expert), "chance")[0]
    for digit in digits:
        assert digit.get("font-style") != "italic"
        assert (digit.get("font-size"), digit.get("font-weight")) != (
            chance.get("font-size"),
            chance.get("font-weight"),
        )


def test_each_cell_has_the_colour_its_legend_step_says(expert):
    svg = render_svg(expert)
    drawn, key = heat_map(svg), legend(svg)
    assert len(key) == len(STEPS)
    for cell, p in expert.probabilities.items():
        shown = int(percent(p))
        label = next(name for name in key if _holds(name, shown))
        assert drawn[cell][0] == key[label], (cell, shown, label)


def _holds(name: str, shown: int) -> bool:
    low, _, high = name.rstrip("%").partition("\u2013")
    return int(low) <= shown <= int(high or low)


def test_21_and_26_percent_are_different_steps_and_0_and_100_steps_of_their_own(expert):
    drawn = heat_map(render_svg(expert))
    fills = {label: fill for fill, label in drawn.values() if label and label.endswith("%")}
    assert len({fills["21%"], fills["26%"], fills["0%"], fills["100%"]}) == 4


def test_the_scale_darkens_step_by_step_so_it_reads_without_telling_red_from_green():
    # Lightness alone orders the steps (a viridis-like ramp): the order survives any colour
    # blindness and printing in grey. Each step is visibly darker than the one before.
    luminance = [0.2126 * r + 0.7152 * g + 0.0722 * b for r, g, b in (rgb(f) for f, _ in SCALE)]
    steps = [a - b for a, b in zip(luminance, luminance[1:])]
    assert all(step >= 8 for step in steps), steps
    assert len({fill for fill, _ in SCALE}) == len(STEPS)


def test_the_scale_is_not_red_to_green():
    for fill, _ in SCALE:
        red, green, blue = rgb(fill)
        assert not (red > 1.5 * green and red > 1.5 * blue), fill  # no step is a red


def test_the_best_click_is_framed(expert):
    assert best_click_outline(render_svg(expert)) == expert.best


def test_analysis_shows_itself_in_a_notebook_as_its_heat_map(expert):
    assert expert._repr_svg_() == render_svg(expert)
    ET.fromstring(expert._repr_svg_())


def test_a_board_shows_itself_in_a_notebook_with_coordinates_and_a_title(expert):
    board = expert.board
    svg = board._repr_svg_()
    assert svg == render_board(board)
    cells = _cells(svg)
    assert set(cells) == set(board.cells())
    assert [t.text for t in _texts(svg, "column")] == [str(c) for c in range(board.width)]
    assert [t.text for t in _texts(svg, "row")] == [str(r) for r in range(board.height)]
    (title,) = _texts(svg, "title")
    assert title.text == f"{EXPERT}:3, 16x30 puzzle"
    drawn = heat_map(svg)
    assert all(label is None or "%" not in label for _, label in drawn.values())
    assert drawn[(1, 0)][1] == "3" and drawn[(0, 0)][1] is None  # a digit; an unknown cell
    assert drawn[(0, 0)][0] != drawn[(0, 24)][0]  # unknown and open cells differ


def test_a_game_board_shows_its_hidden_mines_as_unknown_squares():
    (board,) = parse_boards("EM\nB1\n")
    drawn = heat_map(board._repr_svg_())
    assert drawn[(0, 0)] == drawn[(0, 1)]  # E and M look alike: the player cannot tell them
    assert drawn[(1, 1)][1] == "1" and drawn[(1, 0)][1] is None


@pytest.mark.parametrize("engine", ["kanren", "prolog", "reference", "gprolog", "clingo", "clpfd"])
def test_every_engine_s_analysis_of_a_game_pictures_the_game(engine):
    # The analysis is of the puzzle the game poses; its picture is titled as analyze --svg
    # titles it, "game", and frames the best click unless a mine is open.
    (board,) = parse_boards("E1E\nE1E\nEEE\n", "g.txt")
    analysis = get_backend(engine).analyze(board)
    assert analysis.board == board.as_puzzle() and analysis.shown is board
    assert analysis._repr_svg_() == render_svg(analysis, shown=board)
    assert "g.txt:1, 3x3 game" in analysis._repr_svg_()
    (puzzle,) = parse_boards("?1?\n?1?\n???\n", "p.txt")
    assert get_backend(engine).analyze(puzzle).shown is None


# --- the staging layer (--show-staging) -----------------------------------------------------------


def _staging_layer(svg: str) -> tuple[dict[tuple[int, int], int], list[list[tuple[int, int]]]]:
    """Read back from the picture: the forced marks (cell -> value) and each group's cells."""
    paths = list(ET.fromstring(svg).iter(f"{SVG}path"))
    forced = {
        (int(p.get("data-row")), int(p.get("data-col"))): int(p.get("data-value"))
        for p in paths
        if p.get("class") == "forced"
    }
    groups = [
        [tuple(map(int, cell.split(","))) for cell in p.get("data-cells").split()]
        for p in paths
        if p.get("class") == "group"
    ]
    return forced, groups


def _mine_sets(board) -> set[frozenset]:
    return {
        frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*")
        for rows in all_models(board)
    }


@settings(max_examples=60, deadline=None)
@given(small_boards(max_side=5, max_unknown=10))
def test_the_staging_layer_marks_forced_cells_and_outlines_interchangeable_groups(board):
    _check_staging_layer(board)


# Random boards rarely leave groups of more than one cell; these 4x5 puzzles do (20 of the 40
# have one, 11 to 14 unknown cells at most, so that enumeration stays quick).
@pytest.mark.parametrize("seed", range(40))
def test_the_staging_layer_of_random_puzzles_against_enumeration(seed):
    board = random_puzzle(4, 5, 0.25, 0.55, seed)
    if sum(row.count("?") for row in board.rows) <= 14:
        _check_staging_layer(board)


def _check_staging_layer(board: Board) -> None:
    """The layer drawn for `board` against plain enumeration of its solutions."""
    engine = KanrenBackend()
    try:
        staged = engine.stage(board)
    except NoSolution:
        assert all_models(board) == []
        return
    svg = render_svg(engine.analyze(board), staged=staged)
    forced, groups = _staging_layer(svg)
    assert forced == staged.forced
    models = _mine_sets(board)
    # Forced: every solution agrees on the cell, as plain enumeration says.
    for cell, value in forced.items():
        assert all((cell in mines) == bool(value) for mines in models)
    # The groups share out exactly the cells left in the parts, and each holds cells that can be
    # swapped in any solution to give a solution.
    left = sorted({cell for part in staged.parts for c in part for cell in c.cells})
    assert sorted(cell for group in groups for cell in group) == left
    for group in groups:
        for a, b in zip(group, group[1:]):
            swap = {a: b, b: a}
            assert {frozenset(swap.get(cell, cell) for cell in mines) for mines in models} == models


def test_a_group_of_three_cells_is_one_outline_round_them():
    # The 1 touches its three unknown neighbours alike: one group of three.
    board = Board.from_text("1? / ??")
    engine = KanrenBackend()
    staged = engine.stage(board)
    svg = render_svg(engine.analyze(board), staged=staged)
    assert _staging_layer(svg)[1] == [[(0, 1), (1, 0), (1, 1)]]
    (outline,) = [p for p in ET.fromstring(svg).iter(f"{SVG}path") if p.get("class") == "group"]
    # An L of three cells: six sides round it, drawn as eight stretches (one per cell side).
    assert outline.get("d").count("M") == 8


def test_without_staging_there_is_no_layer(expert):
    assert _staging_layer(render_svg(expert)) == ({}, [])


def test_analyze_show_staging_draws_the_layer_on_the_svg(in_tmp):
    run = run_main(
        ["analyze", "--svg", "heat.svg", "--show-staging"], stdin="1121\n1??*\n12?*\n0122\n"
    )
    assert run.status == 0
    forced, groups = _staging_layer((in_tmp / "heat.svg").read_text(encoding="utf-8"))
    assert forced == {(1, 1): 1, (1, 2): 0, (2, 2): 1} and groups == []
    text = (in_tmp / "heat.svg").read_text(encoding="utf-8")
    assert "corner mark: a cell settle forces" in text


def test_show_staging_without_svg_is_one_line_and_exit_status_2():
    run = run_main(["analyze", "--show-staging"], stdin="1?\n")
    assert (run.status, run.out) == (2, "")
    assert (
        run.err == "logicmines: error: --show-staging draws on the picture: give --svg FILE too\n"
    )


def test_a_board_without_solution_draws_no_staging(in_tmp):
    run = run_main(["analyze", "--svg", "none.svg", "--show-staging"], stdin="2?\n")
    assert run.status == 0
    assert _staging_layer((in_tmp / "none.svg").read_text(encoding="utf-8")) == ({}, [])


def test_a_board_too_big_to_draw_leaves_the_notebook_its_text():
    # a 1000x1000 board's picture was a 125 MB string for Jupyter to show
    from logicmines.board import SVG_CELLS

    big = Board(("?" * 200,) * 201)
    assert big.height * big.width > SVG_CELLS
    assert big._repr_svg_() is None
    assert KanrenBackend().analyze(big)._repr_svg_() is None
    fits = Board(("?" * 200,) * 200)
    assert fits._repr_svg_().startswith("<svg")
