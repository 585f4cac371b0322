"""The Python API (docs/python.md): what `logicmines` exports, that each name says what it is, and
that the page's examples run as they are shown."""

from __future__ import annotations

import doctest
import inspect
import re
import subprocess
import sys

import pytest
from conftest import ROOT, checkout_env

import logicmines
from logicmines.backends import REGISTRY, Backend

PAGE = ROOT / "docs" / "python.md"
# The pages whose ```python blocks are run here (the README's "Use from Python" joins them).
PAGES = [PAGE, ROOT / "README.md"]
PUBLIC = [name for name in logicmines.__all__ if name != "__version__"]


def blocks(text: str) -> list[str]:
    """The ```python blocks of a Markdown page."""
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


# --- the page -----------------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_example_on_the_page_prints_what_the_page_shows(page):
    text = page.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False) == (0, len(test.examples))
    assert len(test.examples) >= (8 if page == PAGE else 4)


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_python_block_on_the_page_is_an_example_that_runs(page):
    # A block without `>>>` would be shown to readers but never run.
    found = blocks(page.read_text(encoding="utf-8"))
    assert found
    for block in found:
        assert block.lstrip().startswith(">>> "), block


def test_the_page_imports_only_from_logicmines_itself_and_only_public_names():
    text = PAGE.read_text(encoding="utf-8")
    imports = re.findall(r"^>>> (?:from (\S+) )?import (.+)$", text, flags=re.M)
    assert imports
    for module, names in imports:
        assert module == "logicmines", names
        assert set(names.replace(" ", "").split(",")) <= set(PUBLIC), names


def test_the_page_names_every_public_name():
    text = PAGE.read_text(encoding="utf-8")
    # In prose, as `name` or as a call `name(...)`.
    assert [name for name in PUBLIC if not re.search(f"`{name}[`(]", text)] == []


# --- what `logicmines` exports ------------------------------------------------------------------


def test_star_import_gives_exactly_the_public_names():
    namespace: dict = {}
    exec("from logicmines import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(logicmines.__all__)


def test_the_names_of_the_issue_are_exported():
    from logicmines import Analysis, Board, get_backend, parse_boards  # noqa: F401


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_name_has_a_docstring_of_its_own(name):
    thing = getattr(logicmines, name)
    assert thing.__doc__ and thing.__doc__.strip()
    if inspect.isclass(thing):  # not one inherited from a base class
        assert "__doc__" in vars(thing) and vars(thing)["__doc__"], name


@pytest.mark.parametrize("method", ["check", "count", "solutions", "analyze"])
def test_every_question_of_the_backend_protocol_has_a_docstring(method):
    assert getattr(Backend, method).__doc__.strip()


def test_importing_logicmines_starts_no_engine():
    code = "import sys, logicmines; sys.exit(bool({'pyswip', 'clingo'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], env=checkout_env(), check=False)
    assert done.returncode == 0


def test_version_is_a_string_of_dotted_numbers():
    assert re.fullmatch(r"[0-9]+(\.[0-9]+)*", logicmines.__version__)


# --- get_backend --------------------------------------------------------------------------------


def test_get_backend_and_make_backend_are_one_function():
    assert logicmines.get_backend is logicmines.make_backend


def test_get_backend_makes_kanren_by_default():
    engine = logicmines.get_backend()
    assert (engine.name, engine.timeout) == ("kanren", None)


def test_backend_names_are_the_registry_default_first():
    assert logicmines.backend_names() == list(REGISTRY)
    assert logicmines.backend_names()[0] == "kanren"


@pytest.mark.parametrize("name", list(REGISTRY))
def test_get_backend_makes_the_engine_of_that_name_with_that_time_limit(name):
    engine = logicmines.get_backend(name, timeout=2.5)
    assert (engine.name, engine.timeout) == (name, 2.5)


@pytest.mark.parametrize("name", list(REGISTRY))
def test_without_a_time_limit_only_the_whole_board_engines_stop_after_60_seconds(name):
    # As docs/python.md says: reference, gprolog, clingo and clpfd, which search the whole board.
    expected = 60.0 if name in ("reference", "gprolog", "clingo", "clpfd") else None
    assert logicmines.get_backend(name).timeout == expected


def test_a_fresh_backend_list_is_not_the_registry_itself():
    names = logicmines.backend_names()
    names.append("toy")
    assert "toy" not in REGISTRY


def test_unknown_backend_name_is_a_value_error_that_lists_the_names():
    with pytest.raises(ValueError, match="unknown backend 'minikanren'; choose one of kanren, "):
        logicmines.get_backend("minikanren")


@pytest.mark.parametrize("name", list(REGISTRY))
def test_every_engine_is_a_backend(name):
    assert isinstance(logicmines.get_backend(name), Backend)


def test_what_answers_no_question_is_not_a_backend():
    assert not isinstance(object(), Backend)
    assert not isinstance(logicmines.parse_board("1?"), Backend)


def test_engines_list_the_same_solutions_each_in_its_own_order():
    # As docs/python.md says: so a limit below the count may give different solutions.
    board = logicmines.parse_board("??\n??")
    every = {
        name: [str(s) for s in logicmines.get_backend(name).solutions(board)] for name in REGISTRY
    }
    assert all(sorted(found) == sorted(every["kanren"]) for found in every.values())
    assert len(every["kanren"]) == 16
    first = {name: found[:2] for name, found in every.items()}
    assert first["kanren"] == ["00 / 00", "*1 / 11"]
    assert first["reference"] == ["** / **", "*3 / **"]
    for name in REGISTRY:
        engine = logicmines.get_backend(name)
        assert [str(s) for s in engine.solutions(board, limit=2)] == first[name], name


# --- Board's own methods ------------------------------------------------------------------------


def test_neighbours_are_the_cells_around_on_the_board():
    board = logicmines.Board(("123", "456", "78?"))
    assert board.neighbours((0, 0)) == ((0, 1), (1, 0), (1, 1))
    assert len(board.neighbours((1, 1))) == 8
    assert board.neighbours([2, 2]) == ((1, 1), (1, 2), (2, 1))
    for r, c in board.cells():
        around = {(i, j) for i in range(r - 1, r + 2) for j in range(c - 1, c + 2)}
        on_board = {cell for cell in around if 0 <= cell[0] < 3 and 0 <= cell[1] < 3}
        assert set(board.neighbours((r, c))) == on_board - {(r, c)}


@pytest.mark.parametrize("cell", [(-1, 0), (0, -1), (2, 0), (0, 2), (5, 5)])
def test_neighbours_of_a_cell_off_the_board_is_a_value_error(cell):
    # (-1, 0) gave (-2, 0) and others, all off the board
    board = logicmines.Board(("12", "3?"))
    with pytest.raises(ValueError, match=r"^neighbours: \(.*\) is not on the 2x2 board$"):
        board.neighbours(cell)


@pytest.mark.parametrize("cell", ["ab", None, (0,), (0, 1, 2), (0.0, 1), (True, 0), {0, 1}])
def test_neighbours_of_what_is_not_a_cell_is_a_type_error_that_names_it(cell):
    board = logicmines.Board(("12", "3?"))
    with pytest.raises(TypeError, match=r"^neighbours: cell is a \(row, column\) pair"):
        board.neighbours(cell)


def test_a_cell_of_python_ints_is_not_told_to_become_ints():
    # The hint for numpy's integers was given for (0.5, 1) too, because of its 1.
    with pytest.raises(TypeError) as refused:
        logicmines.Board(("12", "3?")).neighbours((0.5, 1))
    assert str(refused.value).endswith("whole numbers, not tuple (0.5, 1)")


def test_with_rows_keeps_the_board_and_changes_its_cells():
    game = logicmines.parse_board('[["E","M"],["E","E"]]', "game.txt")
    after = game.with_rows(["B1", "BM"])
    assert (after.rows, after.kind, after.form, after.source) == (
        ("B1", "BM"),
        "game",
        "brackets",
        "game.txt",
    )


def test_with_rows_refuses_one_string_as_board_does():
    board = logicmines.Board(("12",))
    with pytest.raises(TypeError) as as_board:
        logicmines.Board("12")
    with pytest.raises(TypeError) as with_rows:
        board.with_rows("12")  # was read as the rows "1" and "2"
    assert str(with_rows.value) == str(as_board.value)


@pytest.mark.parametrize(
    ("fields", "error", "said"),
    [
        ({"source": None}, TypeError, "a board's source is a file name, a str, not NoneType None"),
        ({"line": "x"}, TypeError, "a board's line is a whole number, not str 'x'"),
        ({"line": 0}, ValueError, "a board's line is counted from 1, not 0"),
        ({"quote": "x"}, ValueError, "a board's quote is \" or ', not str 'x'"),
        # a value is shown while its repr is at most 20 characters, past that only its type
        ({"line": "x" * 18}, TypeError, f"a board's line is a whole number, not str '{'x' * 18}'"),
        ({"line": "x" * 19}, TypeError, "a board's line is a whole number, not str"),
    ],
)
def test_a_board_refuses_a_field_that_would_garble_its_messages(fields, error, said):
    # where a board came from is written into every message about it
    with pytest.raises(error) as raised:
        logicmines.Board(("1?",), **fields)
    assert str(raised.value) == said
