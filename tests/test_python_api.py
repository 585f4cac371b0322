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
def test_without_a_time_limit_only_the_listing_engines_stop_after_60_seconds(name):
    # As docs/python.md says: reference, gprolog, clingo and clpfd list every solution one by one.
    expected = 60.0 if name in ("reference", "gprolog", "clingo", "clpfd") else None
    assert logicmines.get_backend(name).timeout == expected


def test_a_fresh_backend_list_is_not_the_registry_itself():
    names = logicmines.backend_names()
    names.append("toy")
    assert "toy" not in REGISTRY


def test_unknown_backend_name_is_a_value_error_that_lists_the_names():
    with pytest.raises(ValueError, match="unknown backend 'minikanren'; choose one of kanren, "):
        logicmines.get_backend("minikanren")
