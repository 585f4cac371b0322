"""Installing: the wheel carries its data files and works in a fresh environment, from any folder,
with no extras (the kanren engine) and with all of them.

Slow (it builds a wheel and installs it with its dependencies into new virtual environments), so
one wheel and one environment per set of extras serve the whole test session: the README's tour
(tests/test_readme.py) runs against them too.
"""

from __future__ import annotations

import atexit
import functools
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT, run_process

from logicmines import __version__
from logicmines.cli import EXAMPLES as HELP_EXAMPLES
from logicmines.resources import example_names


def clean_env(bin_folder: Path | None = None) -> dict[str, str]:
    """The environment without anything that would let Python find the checkout instead; with
    `bin_folder` first on PATH, so that `logicmines` is the installed command."""
    env = dict(os.environ)
    for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"):
        env.pop(name, None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    if bin_folder is not None:
        env["PATH"] = os.pathsep.join([str(bin_folder), env.get("PATH", "")])
    return env


def _run(command: list[str], cwd: Path) -> None:
    done = subprocess.run(
        command, cwd=cwd, env=clean_env(), capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"


@functools.cache
def _scratch() -> Path:
    """A folder for this session's wheel and environments, removed when the session ends."""
    folder = Path(tempfile.mkdtemp(prefix="logicmines-install-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


@functools.cache
def built_wheel() -> Path:
    """A wheel built from this checkout, once per session."""
    folder = _scratch() / "wheel"
    folder.mkdir()
    _run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(folder)],
        ROOT,
    )
    (built,) = folder.glob("logicmines-*.whl")
    return built


@functools.cache
def installed(extras: str = "") -> Path:
    """The bin folder of a fresh virtual environment (no system site-packages) holding the wheel
    with these extras (`""`: none, `"all"`: every engine pip can bring) and their dependencies;
    made once per session and set of extras."""
    folder = _scratch() / f"venv-{extras or 'bare'}"
    _run([sys.executable, "-m", "venv", str(folder)], _scratch())
    bin_folder = folder / ("Scripts" if os.name == "nt" else "bin")
    wanted = f"{built_wheel()}[{extras}]" if extras else str(built_wheel())
    _run([str(bin_folder / "python"), "-m", "pip", "install", "-q", wanted], folder)
    return bin_folder


@pytest.fixture
def wheel() -> Path:
    return built_wheel()


@pytest.fixture
def venv() -> Path:
    """The bin folder of a fresh environment with the wheel and no extras."""
    return installed()


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A folder that is not the checkout, holding a copy of examples/spec.txt."""
    (tmp_path / "spec.txt").write_text((EXAMPLES / "spec.txt").read_text())
    return tmp_path


def test_wheel_carries_the_grammar(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "logicmines/_data/grammar/board.lark" in names


def test_wheel_carries_every_prolog_program(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    programs = sorted(p.relative_to(ROOT / "prolog") for p in (ROOT / "prolog").rglob("*.pl"))
    assert programs, "the checkout has Prolog programs"
    for program in programs:
        assert f"logicmines/_data/prolog/{program.as_posix()}" in names


def test_wheel_carries_the_answer_set_program(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    programs = sorted(p.name for p in (ROOT / "asp").glob("*.lp"))
    assert programs, "the checkout has answer-set programs"
    for program in programs:
        assert f"logicmines/_data/asp/{program}" in names


def test_installed_package_is_not_the_checkout(venv, elsewhere):
    code = "import logicmines, sys; sys.stdout.write(logicmines.__file__)"
    run = run_process([str(venv / "python"), "-c", code], cwd=elsewhere, env=clean_env())
    assert run.status == 0, run.err
    assert not Path(run.out).resolve().is_relative_to(ROOT)


def test_installed_command_checks_a_file_from_another_folder(venv, elsewhere):
    command = [str(venv / "logicmines"), "check", "spec.txt", "--json"]
    run = run_process(command, cwd=elsewhere, env=clean_env())
    assert run.err == ""
    assert run.status == 1  # its second and third boards are not unique
    verdicts = [record["verdict"] for record in run.records()]
    assert verdicts == ["unique", "multiple", "none"]


def test_installed_command_reads_standard_input(venv, elsewhere):
    run = run_process(
        [str(venv / "logicmines"), "count"], stdin="??\n", cwd=elsewhere, env=clean_env()
    )
    assert (run.status, run.out) == (0, "board 1 (<stdin>:1, 1x2 puzzle): 4 solutions\n")


def test_installed_command_reports_bad_input_in_one_line(venv, elsewhere):
    run = run_process(
        [str(venv / "logicmines"), "check"], stdin="1x\n", cwd=elsewhere, env=clean_env()
    )
    assert run.status == 2
    assert run.err.startswith("logicmines: error: <stdin>:1:2: unexpected 'x'")
    assert run.err.count("\n") == 1


def test_installed_python_dash_m_shows_the_help(venv, elsewhere):
    run = run_process(
        [str(venv / "python"), "-m", "logicmines", "--help"], cwd=elsewhere, env=clean_env()
    )
    assert run.status == 0
    assert run.out.startswith("usage: logicmines ")
    assert "examples:" in run.out


def test_installed_python_dash_m_answers_like_the_command(venv, elsewhere):
    args = ["solve", "spec.txt", "--json", "--limit", "2"]
    module = run_process(
        [str(venv / "python"), "-m", "logicmines", *args], cwd=elsewhere, env=clean_env()
    )
    script = run_process([str(venv / "logicmines"), *args], cwd=elsewhere, env=clean_env())
    assert module == script
    assert module.status == 0


def test_wheel_carries_every_example_board(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in example_names():
        assert f"logicmines/_data/examples/{name}.txt" in names


def test_wheel_carries_the_type_marker_and_both_licences(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "logicmines/py.typed" in names
    info = f"logicmines-{__version__}.dist-info"
    assert {f"{info}/licenses/LICENSE", f"{info}/licenses/LICENSE-CC-BY-SA.md"} <= names


def test_wheel_metadata_names_the_version_the_licence_and_the_extras(wheel):
    metadata = zipfile.ZipFile(wheel).read(f"logicmines-{__version__}.dist-info/METADATA")
    lines = metadata.decode("utf-8").splitlines()
    assert f"Version: {__version__}" in lines
    assert "License-Expression: MIT AND CC-BY-SA-3.0" in lines
    required = [line for line in lines if line.startswith("Requires-Dist:")]
    core = [line for line in required if "extra ==" not in line]
    assert sorted(line.split()[1].lower() for line in core) == ["lark>=1.1", "minikanren>=1.0.3"]
    assert any("pyswip" in line and "extra == 'prolog'" in line for line in required)
    assert any("clingo" in line and "extra == 'clingo'" in line for line in required)


def test_installed_without_extras_has_no_pyswip_and_no_clingo(venv, elsewhere):
    code = "import importlib.util as u; print(u.find_spec('pyswip'), u.find_spec('clingo'))"
    run = run_process([str(venv / "python"), "-c", code], cwd=elsewhere, env=clean_env())
    assert (run.status, run.out) == (0, "None None\n")


@pytest.mark.parametrize("engine, extra", [("prolog", "prolog"), ("clingo", "clingo")])
def test_installed_without_extras_an_engine_names_its_extra(venv, elsewhere, engine, extra):
    command = [str(venv / "logicmines"), "check", "spec.txt", "--backend", engine]
    run = run_process(command, cwd=elsewhere, env=clean_env())
    assert (run.status, run.out) == (2, "")
    assert run.err.count("\n") == 1 and "Traceback" not in run.err
    assert f"pip install 'logicmines[{extra}]'" in run.err


def test_installed_version_is_the_packages(venv, elsewhere):
    run = run_process([str(venv / "logicmines"), "--version"], cwd=elsewhere, env=clean_env())
    assert (run.status, run.out) == (0, f"logicmines {__version__}\n")


def test_installed_examples_print_the_checkouts_files(venv, tmp_path):
    for name in example_names():
        run = run_process(
            [str(venv / "logicmines"), "examples", name], cwd=tmp_path, env=clean_env()
        )
        assert (run.status, run.err) == (0, "")
        assert run.out == (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8")


# play is interactive: it needs a terminal (and the play extra).
@pytest.mark.parametrize("command", [c for c in HELP_EXAMPLES if c != "play"])
def test_every_help_example_runs_from_an_empty_folder_without_extras(venv, tmp_path, command):
    line = HELP_EXAMPLES[command]
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", line],
        cwd=tmp_path,
        env=clean_env(venv),
        capture_output=True,
        text=True,
        timeout=300,
    )
    # check's example board file has boards that are not unique, and solvable's example is a
    # game that logic alone cannot win: status 1 is their answer.
    expected = 1 if command in ("check", "solvable") else 0
    assert done.returncode == expected, f"{line}: {done.returncode}\n{done.stderr}"
    assert "Traceback" not in done.stderr and "error" not in done.stderr, done.stderr
    if line.startswith("logicmines examples spec > "):
        written = tmp_path / shlex.split(line)[-1]
        assert written.read_text() == (EXAMPLES / "spec.txt").read_text()
    if "--svg" in line:
        assert "<svg" in (tmp_path / "expert.svg").read_text()
    if "completion" in line:
        assert done.stdout == ""
