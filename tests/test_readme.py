"""The README's tour is true: every `$ logicmines …` it shows prints what it shows."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from conftest import ROOT, checkout_env

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```console\n(.*?)```", README, flags=re.S)


def _commands() -> list[tuple[str, list[str]]]:
    """(command line, the lines shown after it) for every command in a console block."""
    found = []
    for block in BLOCKS:
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *shown = chunk.rstrip("\n").split("\n")
            found.append((command, shown))
    return found


def _pattern(line: str) -> str:
    """A shown line as a pattern: a number with decimals (a time) matches any such number, and a
    line the README cuts short with `...` matches any line that starts the same way."""
    cut = line.endswith("...")
    pattern = re.escape(line[:-3] if cut else line)
    pattern = re.sub(r"\\ *\d+\\\.\d+", lambda m: r"\s*\d+\.\d+", pattern)
    return pattern + (".*" if cut else "")


@pytest.mark.parametrize("command, shown", _commands(), ids=[c for c, _ in _commands()])
def test_readme_command_prints_what_the_readme_shows(command, shown, tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    program = f"{sys.executable} -m logicmines"
    done = subprocess.run(
        command.replace("logicmines", program, 1)
        if command.startswith("logicmines")
        else command.replace("| logicmines", f"| {program}"),
        shell=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=checkout_env(),
        timeout=120,
    )
    printed = (done.stdout + done.stderr).splitlines()
    for number, line in enumerate(shown):
        if line == "...":
            return
        assert number < len(printed), f"{command!r} printed less than the README shows"
        assert re.fullmatch(_pattern(line), printed[number]), (line, printed[number])
    assert len(printed) == len(shown), f"{command!r} printed more than the README shows"
