"""The course (docs/course/) is true: its Prolog toplevel examples print what they show, and the
variant it works in every engine (digits that count only the 4 orthogonal neighbours) gives the
same solutions in each, those of plain enumeration.

The `>>>` examples and the worked solutions of the pages run as doctests (pytest collects the
pages' Markdown with --doctest-glob); this file runs what a doctest cannot: the `?-` queries
typed at SWI-Prolog's toplevel, shown with the `%@` lines it prints, and the `$ ` commands of the
pages' sh blocks, shown with what they print.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import random
import re
import subprocess
from pathlib import Path

import clingo
import pytest
from conftest import ROOT
from kanren import run, var
from oracle import all_models
from test_prolog_programs import examples, toplevel

from logicmines.backends.clingo import facts
from logicmines.backends.kanren import boardo
from logicmines.board import Board

COURSE = ROOT / "docs" / "course"
PAGES = sorted(COURSE.glob("*.md"))


def toplevel_examples(page: Path) -> list[tuple[list[str], str, list[str]]]:
    """(files to load, query, lines shown) for every `?-` example in the page's Prolog blocks.

    A block holds examples when its first line is `% $ swipl FILE...` (the files, from the
    project's top, that the toplevel was started with). A query may go on over several lines;
    the `%@` lines after it are what the toplevel prints."""
    found = []
    for block in re.findall(r"```prolog\n(.*?)```", page.read_text(), flags=re.S):
        lines = block.splitlines()
        if not lines or not lines[0].startswith("% $ swipl "):
            continue
        files = lines[0].removeprefix("% $ swipl ").split()
        query, shown = None, []
        for line in [*lines[1:], ""]:
            if line.startswith("?- "):
                query, shown = line[3:], []
            elif query is not None and line.startswith("%@"):
                shown.append(line[3:])
            elif query is not None and not shown and line:
                query += " " + line.strip()
            else:
                if query is not None and shown:
                    found.append((files, query, shown))
                query, shown = None, []
    return found


EXAMPLES = [(page.name, *example) for page in PAGES for example in toplevel_examples(page)]


def test_the_course_has_pages_and_toplevel_examples():
    assert len(PAGES) == 9  # the index and eight chapters
    # Every %@ line of a page belongs to an example, so a typo cannot leave one unchecked.
    for page in PAGES:
        answers = sum(line.startswith("%@") for line in page.read_text().splitlines())
        examples = [shown for name, _, _, shown in EXAMPLES if name == page.name]
        assert answers == sum(len(shown) for shown in examples), page.name


@pytest.mark.parametrize(
    "page, files, query, shown", EXAMPLES, ids=[f"{p}: {q}" for p, _, q, _ in EXAMPLES]
)
def test_toplevel_example_prints_what_the_page_shows(page, files, query, shown):
    more = sum(line.endswith(" ;") for line in shown)
    done = subprocess.run(
        ["swipl", "-q", *[str(ROOT / name) for name in files]],
        input=query + "\n" + ";\n" * more,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.stderr == ""
    # Its input is not a terminal, so the toplevel writes ` ` instead of ` ;` and a new line
    # between answers.
    assert done.stdout.rstrip() == "\n".join(shown).replace(" ;\n", " ")


def shell_examples(page: Path) -> list[tuple[str, list[str]]]:
    """(command, lines printed) for every `$ ` line of the page's sh blocks; the lines after a
    command, up to the next one or the end of the block, are what it prints."""
    found = []
    for block in re.findall(r"```sh\n(.*?)```", page.read_text(), flags=re.S):
        for part in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *printed = part.rstrip("\n").split("\n")
            found.append((command, printed))
    return found


SHELL_EXAMPLES = [(page.name, *example) for page in PAGES for example in shell_examples(page)]


def test_the_course_has_shell_examples():
    assert SHELL_EXAMPLES


@pytest.mark.parametrize(
    "page, command, printed", SHELL_EXAMPLES, ids=[f"{p}: {c}" for p, c, _ in SHELL_EXAMPLES]
)
def test_shell_example_prints_what_the_page_shows(page, command, printed):
    done = subprocess.run(
        ["sh", "-c", command], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == printed


PROGRAMS = sorted(COURSE.glob("*.pl"))
PROGRAM_EXAMPLES = [(path.name, *example) for path in PROGRAMS for example in examples(path)]


@pytest.mark.parametrize(
    "name, query, shown", PROGRAM_EXAMPLES, ids=[f"{n}: {q}" for n, q, _ in PROGRAM_EXAMPLES]
)
def test_course_program_example_prints_what_it_shows(name, query, shown):
    more = sum(line.endswith(" ;") for line in shown)
    printed, errors = toplevel(COURSE / name, query, more)
    assert errors == ""
    assert printed == "\n".join(shown).replace(" ;\n", " ")


# --- the orthogonal variant (docs/course/7-search.md): digits count up, down, left, right ---
#
# Each engine's variant is its own program with the one line of geometry changed, as the page
# shows; here every one runs on random small boards, against plain enumeration.

BOARD_WINDOW = "Around = [A1, A2, A3, B1, B3, C1, C2, C3],"
BOARD_CROSS = "Around = [A2, B1, B3, C2],"
ORIGINAL_C = "c(A/_-B/_-C/_,D/_-_/T-E/_,F/_-G/_-H/_):-T#=A+B+C+D+E+F+G+H."
ORIGINAL_CROSS = "c(_/_-B/_-_/_,D/_-_/T-E/_,_/_-G/_-_/_):-T#=B+D+E+G."
ASP_WINDOW = "R2 = R-1..R+1, C2 = C-1..C+1"
ASP_CROSS = "|R2-R|+|C2-C| = 1"


class Cross(Board):
    """A board whose digits count only the 4 orthogonal neighbours."""

    def neighbours(self, cell):
        r, c = cell
        around = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
        return tuple((i, j) for i, j in around if 0 <= i < self.height and 0 <= j < self.width)


def changed(text: str, old: str, new: str) -> str:
    """text with the one line that holds old changed to hold new."""
    assert text.count(old) == 1
    return text.replace(old, new)


def mines_of(rows) -> frozenset:
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*")


def by_enumeration(rows: list[str]) -> set[frozenset]:
    return {mines_of(solved) for solved in all_models(Cross(tuple(rows)))}


def by_kanren(rows: list[str]) -> set[frozenset]:
    board = Cross(tuple(rows))
    mines = var()
    return {
        frozenset((r, c) for r, row in enumerate(layout) for c, m in enumerate(row) if m == 1)
        for layout in run(0, mines, boardo(board, mines))
    }


def by_asp(rows: list[str], program: str) -> set[frozenset]:
    control = clingo.Control(["0"])
    control.add("base", [], program)
    control.add("base", [], facts(Board(tuple(rows))))
    control.ground([("base", [])])
    found = set()
    control.solve(
        on_model=lambda m: found.add(
            frozenset((s.arguments[0].number, s.arguments[1].number) for s in m.symbols(shown=True))
        )
    )
    return found


def cross_boards(count: int) -> list[list[str]]:
    """Random puzzles whose digits count orthogonal neighbours, some cells hidden, now and then
    a wrong digit."""
    rng = random.Random(14)
    boards = []
    for _ in range(count):
        h, w = rng.randint(1, 4), rng.randint(1, 4)
        mines = {(r, c) for r in range(h) for c in range(w) if rng.random() < 0.3}
        shape = Cross(("?" * w,) * h)
        rows = []
        for r in range(h):
            row = ""
            for c in range(w):
                if rng.random() < 0.5:
                    row += "?"
                elif (r, c) in mines:
                    row += "*"
                else:
                    n = sum(cell in mines for cell in shape.neighbours((r, c)))
                    row += str(rng.randint(0, 4) if rng.random() < 0.1 else n)
            rows.append(row)
        boards.append(rows)
    return boards


def by_clpfd(rows: list[str], folder: Path) -> set[frozenset]:
    """The solutions of board.pl with its window changed (saved in folder), by board_models/3."""
    listed = "[" + ", ".join("`" + row + "`" for row in rows) + "]"
    goal = (
        f"board_models({listed}, -1, Solved), "
        "forall(member(S, Solved), (write(solved), forall(member(R, S), format(' ~s', [R])), nl))"
    )
    done = subprocess.run(
        ["swipl", "-q", "-g", goal, "-t", "halt", str(folder / "board.pl")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    # The changed line leaves A1 and C1 unused: SWI warns of singletons, and that is all.
    assert done.returncode == 0 and "ERROR" not in done.stderr, done.stderr
    return {mines_of(line.split()[1:]) for line in done.stdout.splitlines()}


def by_original(boards: list[list[str]], folder: Path) -> list[set[frozenset]]:
    """Each board's solutions from the verbatim original with c/3 changed, compiled by gplc, its
    driver printing every solved board."""
    source = folder / "original.pl"
    text = (ROOT / "prolog" / "gprolog" / "original.pl").read_text()
    source.write_text(changed(text, ORIGINAL_C, ORIGINAL_CROSS))
    binary = folder / "original"
    subprocess.run(
        ["gplc", "--no-top-level", str(source), "-o", str(binary)], check=True, capture_output=True
    )
    done = subprocess.run(
        [str(binary)],
        input="\n\n".join("\n".join(rows) for rows in boards) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LOGICMINES_SOLVED": "-1"},
        check=True,
    )
    found: list[set[frozenset]] = []
    for line in done.stdout.splitlines():
        if line.startswith("verdict"):
            found.append(set())
        else:
            assert line.startswith("solved "), line
            found[-1].add(mines_of(line.split()[1:]))
    return found


def test_the_four_engines_agree_on_the_orthogonal_variant(tmp_path):
    boards = cross_boards(40)
    expected = [by_enumeration(rows) for rows in boards]
    assert any(len(e) > 1 for e in expected) and any(not e for e in expected)
    # The variant's rules are not the usual ones: on some boards the solutions differ.
    usual = [{mines_of(s) for s in all_models(Board(tuple(rows)))} for rows in boards]
    assert usual != expected

    assert [by_kanren(rows) for rows in boards] == expected

    board_pl = (ROOT / "prolog" / "board.pl").read_text()
    (tmp_path / "board.pl").write_text(changed(board_pl, BOARD_WINDOW, BOARD_CROSS))
    for helper in ("common.pl", "guard.pl"):
        (tmp_path / helper).write_text((ROOT / "prolog" / helper).read_text())
    assert [by_clpfd(rows, tmp_path) for rows in boards] == expected

    assert by_original(boards, tmp_path) == expected

    board_lp = changed((ROOT / "asp" / "board.lp").read_text(), ASP_WINDOW, ASP_CROSS)
    assert [by_asp(rows, board_lp) for rows in boards] == expected


# --- the notebook (docs/course/notebook.ipynb): every code cell prints what it shows -------------


def cell_outputs(source: str, namespace: dict) -> list[tuple[str, str]]:
    """What a code cell shows, run as Jupyter runs it: (kind, text) for what it prints, and for
    the value of its last line when that is an expression (its repr, and its SVG if it has one)."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    printed = io.StringIO()
    value = None
    with contextlib.redirect_stdout(printed):
        exec(compile(tree, "<cell>", "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
    shown = [("stdout", printed.getvalue())] if printed.getvalue() else []
    if value is not None:
        shown.append(("text/plain", repr(value)))
        if hasattr(value, "_repr_svg_"):
            shown.append(("image/svg+xml", value._repr_svg_()))
    return shown


def stored_outputs(cell: dict) -> list[tuple[str, str]]:
    shown = []
    for output in cell["outputs"]:
        if output["output_type"] == "stream":
            shown.append((output["name"], "".join(output["text"])))
        else:
            assert output["output_type"] == "execute_result", output
            for kind in ("text/plain", "image/svg+xml"):
                if kind in output["data"]:
                    shown.append((kind, "".join(output["data"][kind])))
    return shown


def test_every_notebook_cell_shows_what_it_stored(monkeypatch):
    notebook = json.loads((COURSE / "notebook.ipynb").read_text())
    monkeypatch.chdir(COURSE)
    namespace: dict = {}
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert len(code) >= 8
    pictures = 0
    for cell in code:
        shown = cell_outputs("".join(cell["source"]), namespace)
        assert shown == stored_outputs(cell), "".join(cell["source"])
        pictures += any(kind == "image/svg+xml" for kind, _ in shown)
    assert pictures >= 3
