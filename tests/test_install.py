"""Installing: the wheel carries its data files and works in a fresh environment, from any folder.

Slow (it builds a wheel and installs it with its dependencies into a new virtual environment), so
one environment serves every test in this file.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT, run_process


def _clean_env() -> dict[str, str]:
    """The environment without anything that would let Python find the checkout instead."""
    env = dict(os.environ)
    for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"):
        env.pop(name, None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(command: list[str], cwd: Path) -> None:
    done = subprocess.run(
        command, cwd=cwd, env=_clean_env(), capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from this checkout."""
    folder = tmp_path_factory.mktemp("wheel")
    _run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(folder)],
        ROOT,
    )
    (built,) = folder.glob("logicmines-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh virtual environment with the wheel and its dependencies."""
    folder = tmp_path_factory.mktemp("venv")
    _run([sys.executable, "-m", "venv", str(folder)], folder)
    bin_folder = folder / ("Scripts" if os.name == "nt" else "bin")
    _run([str(bin_folder / "python"), "-m", "pip", "install", "-q", str(wheel)], folder)
    return bin_folder


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
    run = run_process([str(venv / "python"), "-c", code], cwd=elsewhere, env=_clean_env())
    assert run.status == 0, run.err
    assert not Path(run.out).resolve().is_relative_to(ROOT)


def test_installed_command_checks_a_file_from_another_folder(venv, elsewhere):
    command = [str(venv / "logicmines"), "check", "spec.txt", "--json"]
    run = run_process(command, cwd=elsewhere, env=_clean_env())
    assert run.err == ""
    assert run.status == 1  # its second and third boards are not unique
    verdicts = [record["verdict"] for record in run.records()]
    assert verdicts == ["unique", "multiple", "none"]


def test_installed_command_reads_standard_input(venv, elsewhere):
    run = run_process(
        [str(venv / "logicmines"), "count"], stdin="??\n", cwd=elsewhere, env=_clean_env()
    )
    assert (run.status, run.out) == (0, "board 1 (<stdin>:1, 1x2 puzzle): 4 solutions\n")


def test_installed_command_reports_bad_input_in_one_line(venv, elsewhere):
    run = run_process(
        [str(venv / "logicmines"), "check"], stdin="1x\n", cwd=elsewhere, env=_clean_env()
    )
    assert run.status == 2
    assert run.err.startswith("logicmines: error: <stdin>:1:2: unexpected 'x'")
    assert run.err.count("\n") == 1


def test_installed_python_dash_m_shows_the_help(venv, elsewhere):
    run = run_process(
        [str(venv / "python"), "-m", "logicmines", "--help"], cwd=elsewhere, env=_clean_env()
    )
    assert run.status == 0
    assert run.out.startswith("usage: logicmines ")
    assert "examples:" in run.out


def test_installed_python_dash_m_answers_like_the_command(venv, elsewhere):
    args = ["solve", "spec.txt", "--json", "--limit", "2"]
    module = run_process(
        [str(venv / "python"), "-m", "logicmines", *args], cwd=elsewhere, env=_clean_env()
    )
    script = run_process([str(venv / "logicmines"), *args], cwd=elsewhere, env=_clean_env())
    assert module == script
    assert module.status == 0
