"""An engine whose extra (or system package) is missing says, in one line, what to install.

Each test runs the real command line in a new process where a package cannot be imported: the
process sets `sys.modules[NAME] = None` before logicmines starts, which is how Python itself
marks a module that must not load (`import NAME` then raises ImportError, as it does where the
package was never installed). SWI-Prolog's library and GNU Prolog are taken away through the
environment (LIBSWIPL_PATH, PATH), so pyswip and the gprolog engine fail as they really do.
"""

from __future__ import annotations

import sys

import pytest
from conftest import Run, checkout_env, run_process

BOARD = "1?\n*?\n"  # one solution: every engine that runs answers `unique`
PROLOG_EXTRA = "pip install 'logicmines[prolog]'"
SWI_PROLOG = "apt-get install swi-prolog-nox"
KANREN = "or use `--backend kanren`, which needs nothing outside pip"


def without(modules: list[str], args: list[str], env: dict[str, str] | None = None) -> Run:
    """`logicmines ARGS` on BOARD in a new process in which `modules` cannot be imported."""
    code = (
        "import sys\n"
        f"for name in {modules!r}:\n"
        "    sys.modules[name] = None\n"
        "from logicmines.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    return run_process(
        [sys.executable, "-c", code, *args], BOARD, env={**checkout_env(), **(env or {})}
    )


def one_error_line(run: Run) -> str:
    """Exit status 2, nothing on stdout, one line on stderr and no traceback: the message."""
    assert run.status == 2, run
    assert run.out == ""
    assert "Traceback" not in run.err
    assert run.err.endswith("\n") and run.err.count("\n") == 1, run.err
    assert run.err.startswith("logicmines: error: "), run.err
    return run.err.removeprefix("logicmines: error: ").rstrip("\n")


# --- pyswip: the prolog, reference and clpfd engines ----------------------------------------------


@pytest.mark.parametrize("engine", ["prolog", "reference", "clpfd"])
def test_without_pyswip_an_swi_prolog_engine_names_the_prolog_extra(engine):
    message = one_error_line(without(["pyswip"], ["check", "--backend", engine]))
    assert message == (
        f"{engine}: the Python package pyswip is not installed; the {engine} engine needs the "
        f"extra: {PROLOG_EXTRA} (and SWI-Prolog: {SWI_PROLOG}), {KANREN}"
    )


@pytest.mark.parametrize("command", ["check", "count", "solve", "analyze"])
def test_without_pyswip_every_command_names_the_prolog_extra(command):
    message = one_error_line(without(["pyswip"], [command, "--backend", "prolog"]))
    assert message.startswith("prolog: the Python package pyswip is not installed")
    assert PROLOG_EXTRA in message


@pytest.mark.parametrize("engine", ["prolog", "reference", "clpfd"])
def test_without_swi_prolog_library_the_engine_says_pyswip_is_there_but_not_swi_prolog(engine):
    nowhere = {"LIBSWIPL_PATH": "/nonexistent/libswipl.so", "SWI_HOME_DIR": "/nonexistent"}
    message = one_error_line(without([], ["check", "--backend", engine], nowhere))
    assert message.startswith(
        f"{engine}: SWI-Prolog cannot be loaded (pyswip is installed, but: /nonexistent/libswipl"
    )
    assert f"the {engine} engine needs SWI-Prolog: {SWI_PROLOG}" in message
    assert message.endswith(KANREN)
    assert "pip install" not in message  # pyswip is there: installing it again would not help


# --- clingo -------------------------------------------------------------------------------------


def test_without_clingo_the_clingo_engine_names_the_clingo_extra():
    message = one_error_line(without(["clingo"], ["check", "--backend", "clingo"]))
    assert message == (
        "clingo: the Python package clingo is not installed; the clingo engine needs the extra: "
        f"pip install 'logicmines[clingo]', {KANREN}"
    )


def test_a_clingo_package_that_will_not_load_is_not_called_missing():
    # clingo's own import of its compiled part fails, as it does in a broken installation.
    message = one_error_line(without(["clingo._internal"], ["count", "--backend", "clingo"]))
    assert message.startswith("clingo: the Python package clingo cannot be loaded (")
    assert message.endswith("install it again: pip install --force-reinstall 'logicmines[clingo]'")


# --- GNU Prolog ---------------------------------------------------------------------------------


def test_without_gnu_prolog_the_gprolog_engine_says_to_install_it_from_the_distribution(tmp_path):
    # No gplc on the PATH, and an empty cache: no compiled original to fall back on.
    env = {
        "PATH": str(tmp_path / "no-bin"),
        "XDG_CACHE_HOME": str(tmp_path),
        "TMPDIR": str(tmp_path),
    }
    message = one_error_line(without([], ["check", "--backend", "gprolog"], env))
    assert message == (
        "gprolog: GNU Prolog is not installed (gplc not found): the gprolog engine needs it from "
        "your "
        f"distribution: apt-get install gprolog (no pip extra brings it), {KANREN}"
    )


# --- the default engine needs none of them ------------------------------------------------------


def test_kanren_answers_without_pyswip_or_clingo():
    run = without(["pyswip", "clingo"], ["check", "--json"])
    assert run.status == 0, run
    assert run.records()[0]["verdict"] == "unique"
