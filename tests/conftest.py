"""What the tests share: running `logicmines` in-process or as a real process; a small SWI stack."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest

from logicmines.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@dataclass(frozen=True)
class Run:
    """What one run of the command line did: its exit status and everything it printed."""

    status: int
    out: str
    err: str

    def records(self) -> list[dict]:
        """The JSON Lines output, one object per line."""
        return [json.loads(line) for line in self.out.splitlines()]


def run_main(args: list[str], stdin: bytes | str = b"") -> Run:
    """Run `logicmines ARGS` in this process, with `stdin` as standard input.

    A plain function rather than a fixture, so that hypothesis can call it many times in one test.
    """
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                status = main(args)
            except SystemExit as stop:  # --help and --version leave through argparse
                status = stop.code if isinstance(stop.code, int) else 0
    finally:
        sys.stdin = saved_stdin
    return Run(status, out.getvalue(), err.getvalue())


def run_process(
    command: list[str], stdin: bytes | str = b"", cwd: Path | str | None = None, env=None
) -> Run:
    """Run a real process (a console script, `python -m logicmines`) and collect what it did."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    done = subprocess.run(command, input=data, capture_output=True, cwd=cwd, env=env, timeout=600)
    return Run(done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))


def checkout_env() -> dict[str, str]:
    """The environment for `python -m logicmines` run from this checkout, installed or not."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def default_ctrl_c() -> None:
    """For Popen's preexec_fn: Ctrl-C as at a terminal. A child inherits an ignored SIGINT, and
    the test run ignores it whenever a shell without job control started it in the background
    (`make test &` in a script, `nohup … &`, some CI runners): POSIX shells start such commands
    with SIGINT ignored, and Python started so never installs its Ctrl-C handler."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def assert_one_error_line(run: Run, where: str) -> str:
    """Exit status 2, nothing on stdout, and one line on stderr: `logicmines: error: WHERE: …`.

    `where` is the exact place (`FILE`, `FILE:LINE` or `FILE:LINE:COL`). Returns the message.
    """
    return _one_error_line(run, re.escape(where))


def assert_one_error_line_about(run: Run, source: str) -> str:
    """Like `assert_one_error_line`, for a place in `source` not known in advance."""
    return _one_error_line(run, re.escape(source) + r"(:[0-9]+:[0-9]+)?")


def _one_error_line(run: Run, place: str) -> str:
    assert run.status == 2, run
    assert run.out == ""
    assert "Traceback" not in run.err
    assert run.err.endswith("\n") and run.err.count("\n") == 1, run.err
    match = re.fullmatch(f"logicmines: error: {place}: (\\S.*)\n", run.err)
    assert match, run.err
    return match.group(match.lastindex)


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in an empty folder, so that file names in messages are short and known."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def small_prolog_stack():
    """SWI-Prolog's stack limit lowered to 20 MB for one test, so that it runs out quickly."""
    from pyswip import Prolog

    [saved] = list(Prolog.query("current_prolog_flag(stack_limit, L)"))
    list(Prolog.query("set_prolog_flag(stack_limit, 20000000)"))
    yield
    list(Prolog.query("set_prolog_flag(stack_limit, %p)", saved["L"]))
