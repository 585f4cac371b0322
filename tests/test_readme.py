"""The README's tour is true: every `$ logicmines …` it shows prints what it shows, run from an
empty folder with the command of a wheel installed in a fresh environment (no extras, unless the
block says `<!-- needs: EXTRAS -->` just before it)."""

from __future__ import annotations

import re
import subprocess

import pytest
from conftest import ROOT
from test_install import clean_env, installed

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"(?:<!-- needs: ([\w,]+) -->\n)?```console\n(.*?)```", README, flags=re.S)


def _commands() -> list[tuple[str, list[str], str]]:
    """(command line, the lines shown after it, the extras it needs) for every command in a
    console block."""
    found = []
    for extras, block in BLOCKS:
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *shown = chunk.rstrip("\n").split("\n")
            found.append((command, shown, extras))
    return found


def _pattern(line: str) -> str:
    """A shown line as a pattern: a number with decimals (a time) matches any such number, and a
    line the README cuts short with `...` matches any line that starts the same way."""
    cut = line.endswith("...")
    pattern = re.escape(line[:-3] if cut else line)
    pattern = re.sub(r"\\ *\d+\\\.\d+", lambda m: r"\s*\d+\.\d+", pattern)
    return pattern + (".*" if cut else "")


def test_the_readme_tour_names_no_file_of_the_checkout():
    commands = [command for command, *_ in _commands()]
    assert len(commands) >= 8 and all("logicmines" in command for command in commands)
    assert not [command for command in commands if "examples/" in command]


def test_the_readme_marks_the_commands_that_need_extras():
    assert {extras for *_, extras in _commands()} == {"", "all"}


@pytest.mark.parametrize("command, shown, extras", _commands(), ids=[c for c, *_ in _commands()])
def test_readme_command_prints_what_the_readme_shows(command, shown, extras, tmp_path):
    done = subprocess.run(
        command,
        shell=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=clean_env(installed(extras)),
        timeout=300,
    )
    printed = (done.stdout + done.stderr).splitlines()
    for number, line in enumerate(shown):
        if line == "...":
            return
        assert number < len(printed), f"{command!r} printed less than the README shows"
        assert re.fullmatch(_pattern(line), printed[number]), (line, printed[number])
    assert len(printed) == len(shown), f"{command!r} printed more than the README shows"
