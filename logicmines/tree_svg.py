"""A trace's search tree as an SVG picture: each node a choice, each edge the bindings it made,
dead ends crossed out, solutions ringed.

The tree is read off the steps of logicmines.trace: a step that chooses ("try", or "force" when
a digit had one way only) is a node under the node it came from, one level deeper. A kanren
"fail" marks the node whose state the next digit's goal could not extend; a clpfd "fail" is a
choice that propagation refuted, drawn as a node of its own. A "solution" marks the node it was
found at. The root stands for the board as given (for clpfd: after posting the model and what
propagation alone settled).

The tree grows to the right: one column per depth, one row per leaf, so that each edge's label
has its column's room and no two labels overlap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

from .board import Board
from .trace import MOST_STEPS, Step, _cells, describe_any

ROW = 24  # pixels between two leaves
GAP = 18  # the room an edge takes besides its label
LETTER = 6.2  # about how wide a character of 11-pixel text is
TOP = 44  # the title lines' band
RADIUS = 5

SAYS = (
    "each node a choice, its edge the cells it set; dashed: forced (the digit's only way); "
    "red cross: a dead end, back up; green ring: a solution"
)


@dataclass
class Node:
    """One choice of the search, and what came of it."""

    label: str  # the bindings on the edge into it ("" for the root)
    line: str  # the step's line of text, the node's tooltip
    kind: str  # "root", "try", "force" or "fail" (a choice that failed at once, clpfd)
    depth: int
    children: list[Node] = field(default_factory=list)
    failed: bool = False
    solution: bool = False


def search_tree(steps: list[Step], board: Board, backend: str) -> Node:
    """The tree of a trace's steps (the steps of `steps` in order, as trace.steps gives them)."""
    root = Node("", f"the board as given: {board.as_puzzle()}", "root", 0)
    path = [root]
    for step in steps:
        if step.kind == "settle":
            root.line = describe_any(step, board, backend)
            continue
        del path[step.depth + 1 :]
        here = path[-1]
        line = describe_any(step, board, backend).strip()
        if step.kind in ("try", "force"):
            # clpfd's choice is its first cell; the rest is what propagation set after it.
            chosen = step.cells[:1] if backend == "clpfd" else step.cells
            node = Node(_cells(chosen) or "(holds)", line, step.kind, step.depth + 1)
            here.children.append(node)
            path.append(node)
        elif step.kind == "fail" and step.cells:
            node = Node(_cells(step.cells), line, "fail", step.depth + 1, failed=True)
            here.children.append(node)
        elif step.kind == "fail":
            here.failed = True
        elif step.kind == "solution":
            here.solution = True
    return root


def _nodes(root: Node) -> list[Node]:
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(reversed(node.children))
    return found


def render_tree(
    steps: list[Step], board: Board, backend: str, cut: bool = False, heading: str = ""
) -> str:
    """The search tree of a trace as an SVG document. `cut`: the search went on past the steps
    given (the picture says so); `heading`: the title line (else the board's rows)."""
    root = search_tree(steps, board, backend)
    nodes = _nodes(root)
    deepest = max(node.depth for node in nodes)
    # Each column as wide as the longest label of an edge into it.
    widths = [0.0] * (deepest + 1)
    for node in nodes:
        widths[node.depth] = max(widths[node.depth], LETTER * len(node.label))
    x = [16.0]
    for depth in range(1, deepest + 1):
        x.append(x[-1] + GAP + widths[depth] + 10)
    y: dict[int, float] = {}
    leaves = 0

    def place(node: Node) -> float:
        nonlocal leaves
        if not node.children:
            y[id(node)] = TOP + 16 + leaves * ROW
            leaves += 1
        else:
            ys = [place(child) for child in node.children]
            y[id(node)] = (ys[0] + ys[-1]) / 2
        return y[id(node)]

    place(root)  # recursion as deep as the tree: at most MOST_STEPS, well within Python's limit
    solutions = sum(node.solution for node in nodes)
    title = heading or f"{backend} search of {board.as_puzzle()}"
    counts = (
        f"{len(nodes) - 1} choices, {sum(node.failed for node in nodes)} dead ends, "
        f"{solutions} solution{'' if solutions == 1 else 's'}"
        + (f"; cut after {MOST_STEPS} steps" if cut else "")
    )
    width = math.ceil(
        max(x[-1] + 40, 8 + LETTER * 1.2 * len(title), 8 + LETTER * max(len(SAYS), len(counts)))
    )
    height = math.ceil(TOP + 16 + max(leaves, 1) * ROW + 2 * 16)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        _text(4, 16, title, 'class="title" font-size="13" font-weight="bold"'),
        _text(4, 32, counts, 'class="counts"'),
    ]
    for node in nodes:
        for child in node.children:
            parts.append(_edge(x[node.depth], y[id(node)], x[child.depth], y[id(child)], child))
    for node in nodes:
        parts.append(_node(x[node.depth], y[id(node)], node))
    parts.append(_text(4, height - 8, SAYS, 'class="key" fill="#555"'))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _text(x: float, y: float, words: str, attributes: str = "") -> str:
    return f'<text x="{x:g}" y="{y:g}" {attributes}>{escape(words)}</text>'


def _edge(x0: float, y0: float, x1: float, y1: float, child: Node) -> str:
    """An elbow from the parent to the child, its label over the last stretch."""
    bend = x0 + 8
    dash = ' stroke-dasharray="4 3"' if child.kind == "force" else ""
    ink = "#b22" if child.kind == "fail" else "#444"
    return (
        f'<g class="edge {child.kind}"><path d="M{x0:g},{y0:g} H{bend:g} V{y1:g} H{x1:g}" '
        f'fill="none" stroke="{ink}"{dash}/>'
        + _text(bend + 4, y1 - 4, child.label, f'class="binding" fill="{ink}"')
        + "</g>"
    )


def _node(x: float, y: float, node: Node) -> str:
    """A dot; a red cross over it for a dead end; a green ring round it for a solution."""
    classes = " ".join(
        ["node", node.kind]
        + (["failure"] if node.failed else [])
        + (["solution"] if node.solution else [])
    )
    shapes = [f'<circle cx="{x:g}" cy="{y:g}" r="{RADIUS}" fill="#444"/>']
    if node.failed:
        d = RADIUS + 2
        shapes.append(
            f'<path d="M{x - d:g},{y - d:g} L{x + d:g},{y + d:g} M{x - d:g},{y + d:g} '
            f'L{x + d:g},{y - d:g}" stroke="#d00" stroke-width="2.5"/>'
        )
    if node.solution:
        shapes.append(
            f'<circle cx="{x:g}" cy="{y:g}" r="{RADIUS + 4}" fill="none" stroke="#080" '
            'stroke-width="2.5"/>'
        )
    return f'<g class="{classes}"><title>{escape(node.line)}</title>' + "".join(shapes) + "</g>"
