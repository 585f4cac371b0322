"""The search tree drawn by logicmines.tree_svg is the trace's: read back from the SVG, it has a
node per choice, a cross per dead end and a ring per solution, as many as the trace has steps of
each kind, and its solutions are the board's."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from oracle import all_models
from test_kanren import small_boards

from logicmines.board import Board
from logicmines.trace import MOST_STEPS, Step, steps
from logicmines.tree_svg import render_tree, search_tree

SVG = "{http://www.w3.org/2000/svg}"


def groups_of(svg: str, kind: str) -> list[ET.Element]:
    """The <g> elements of the picture whose class names `kind`."""
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{SVG}g") if kind in g.get("class", "").split()]


def expected(found: list[Step]) -> dict[str, int]:
    """What the tree should hold, counted off the steps."""
    kinds = [step.kind for step in found]
    choices = kinds.count("try") + kinds.count("force")
    refuted = sum(1 for step in found if step.kind == "fail" and step.cells)  # clpfd's
    return {
        "node": 1 + choices + refuted,
        "edge": choices + refuted,
        "failure": kinds.count("fail"),
        "solution": kinds.count("solution"),
    }


def drawn(svg: str) -> dict[str, int]:
    return {kind: len(groups_of(svg, kind)) for kind in ("node", "edge", "failure", "solution")}


@pytest.mark.parametrize("backend", ["kanren", "clpfd"])
@settings(max_examples=20, deadline=None)
@given(board=small_boards(max_side=4, max_unknown=6))
def test_the_picture_has_a_node_per_choice_and_marks_every_dead_end_and_solution(board, backend):
    found, cut = steps(board, backend, limit=1000)
    svg = render_tree(found, board, backend, cut)
    assert drawn(svg) == expected(found)
    if not cut:  # every solution of the board is at the end of one ringed path
        assert drawn(svg)["solution"] == len(all_models(board))


def test_the_kanren_tree_of_a_small_board():
    board = Board.from_text("??10 / ?2?? / ?100")
    found, _ = steps(board, "kanren", limit=20)
    svg = render_tree(found, board, "kanren")
    assert drawn(svg) == {"node": 14, "edge": 13, "failure": 3, "solution": 2}
    assert len(all_models(board)) == 2
    # The edges are labelled with the bindings: the first digit's three ways.
    labels = [g.find(f"{SVG}text").text for g in groups_of(svg, "edge")]
    assert labels[:3] == [
        "(0,1)=0 (1,2)=0 (1,3)=1",
        "(0,1)=1 (1,2)=0 (1,3)=0",
        "(0,1)=0 (1,2)=1 (1,3)=0",
    ]
    # A dead end is the node whose state the next digit could not extend.
    crossed = groups_of(svg, "failure")
    assert all(g.find(f"{SVG}title").text.startswith("digit") for g in crossed)


def test_a_digit_with_one_way_draws_a_forced_edge():
    board = Board.from_text("11? / ?2? / ???")
    found, _ = steps(board, "kanren")
    assert found[0].kind == "force"
    forced = groups_of(render_tree(found, board, "kanren"), "force")
    assert forced[0].find(f"{SVG}text").text == "(1,0)=1"
    assert forced[0].find(f"{SVG}path").get("stroke-dasharray")


def test_a_clpfd_choice_that_propagation_refutes_is_a_crossed_node_of_its_own():
    board = Board.from_text("??10 / ?2?? / ?100")
    found, _ = steps(board, "clpfd", limit=20)
    tree = search_tree(found, board, "clpfd")
    refuted = [child for child in tree.children if child.kind == "fail"]
    assert [child.label for child in refuted] == ["(0,0)=1"]
    assert refuted[0].failed and not refuted[0].children


def test_a_board_without_solution_is_a_crossed_root():
    board = Board.from_text("2?")
    found, _ = steps(board, "clpfd")
    svg = render_tree(found, board, "clpfd")
    assert drawn(svg) == {"node": 1, "edge": 0, "failure": 1, "solution": 0}


def test_a_cut_trace_says_so():
    board = Board.from_text("?????? / ?????? / ??????")  # 2**18 layouts, no digit to prune them
    found, cut = steps(board, "kanren", limit=None)
    assert cut and len(found) == MOST_STEPS
    svg = render_tree(found, board, "kanren", cut)
    counts = ET.fromstring(svg).find(f"{SVG}text[@class='counts']").text
    assert counts.endswith(f"cut after {MOST_STEPS} steps")


def test_text_from_the_board_file_is_escaped():
    board = Board.from_text("1?")
    found, _ = steps(board, "kanren")
    svg = render_tree(found, board, "kanren", heading="board 1 (<a&b>.txt:1, 1x2 puzzle)")
    title = ET.fromstring(svg).find(f"{SVG}text[@class='title']").text
    assert title == "board 1 (<a&b>.txt:1, 1x2 puzzle)"
