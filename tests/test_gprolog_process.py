"""The compiled original's process (logicmines/gprolog.py): it dies with the logicmines that
started it, and its memory is bounded, since its setof/3 keeps every solution it collects."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from logicmines import gprolog
from logicmines.backends.gprolog import GprologBackend
from logicmines.board import Board
from logicmines.engine import EngineError

EVERY_CELL_UNKNOWN = Board(("?????",) * 5)  # 2^25 solutions: the original collects them for long
linux = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
# The tests below set address-space limits of 2 to 2.5 GB: a process may lower its own, but
# not raise it past a hard `ulimit -v` that is lower still.
_HARD = resource.getrlimit(resource.RLIMIT_AS)[1]
room_for_limits = pytest.mark.skipif(
    _HARD != resource.RLIM_INFINITY and _HARD < 2500 * 2**20,
    reason="a hard ulimit -v below the limits these tests set",
)


def _originals(pid: int) -> list[int]:
    """The living children of pid that run the compiled original (not gplc or anything else
    the parent may start first)."""
    program = gprolog.executable().resolve()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                runs = Path(os.readlink(entry / "exe"))
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z" and runs == program:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its parent's wait is missing


def _wait_for(condition, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


@linux
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_the_original_dies_with_the_logicmines_that_started_it(tmp_path, how):
    gprolog.executable()  # compiled before the clock starts
    board = tmp_path / "unknown.txt"
    board.write_text("\n".join(EVERY_CELL_UNKNOWN.rows) + "\n")
    command = [sys.executable, "-m", "logicmines", "count", "--backend", "gprolog", str(board)]
    parent = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    child = None
    try:
        assert _wait_for(lambda: _originals(parent.pid)), "the original never started"
        (child,) = _originals(parent.pid)
        parent.send_signal(how)
        parent.wait(timeout=20)
        # it was left running, growing by hundreds of MB a second, until the machine ran out
        assert _wait_for(lambda: not _alive(child)), "the original outlived logicmines"
    finally:
        parent.kill()
        parent.wait()
        if child is not None and _alive(child):
            os.kill(child, signal.SIGKILL)  # never leave it growing, even when the test fails


@room_for_limits
def test_memory_is_half_the_machine_at_least_what_the_stacks_need_and_within_ulimit():
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    total = min(total, gprolog._container_memory() or total)
    half = max(total // 2, gprolog.SMALLEST_MEMORY)
    soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    assert gprolog.memory_limit() == (half if soft == resource.RLIM_INFINITY else min(half, soft))
    # under a soft `ulimit -Sv` (2.5 GB here), the limit the original runs under and names
    script = (
        "import resource; from logicmines import gprolog; "
        "hard = resource.getrlimit(resource.RLIMIT_AS)[1]; "
        "resource.setrlimit(resource.RLIMIT_AS, (2500 * 2**20, hard)); "
        "print(gprolog.memory_limit())"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.split() == [str(2500 * 2**20)], done


@room_for_limits
def test_running_out_of_its_memory_is_one_clear_error(monkeypatch):
    # a small limit, so that the collecting runs into it within seconds, not minutes
    monkeypatch.setattr(gprolog, "memory_limit", lambda: 2 * 2**30)
    engine = GprologBackend(timeout=120)
    with pytest.raises(EngineError) as failure:
        engine.count(EVERY_CELL_UNKNOWN)
    assert str(failure.value) == (
        "gprolog: out of memory: the original keeps every solution it collects, and may take "
        "2,048 MB here"
    )
    assert engine.count(Board(("1?",))) == 1  # and the engine still answers afterwards


@room_for_limits
def test_the_command_line_names_the_board_the_original_ran_out_of_memory_on(tmp_path):
    boards = tmp_path / "boards.txt"
    boards.write_text("1?\n\n" + "\n".join(EVERY_CELL_UNKNOWN.rows) + "\n")
    script = (
        "import resource, sys; from logicmines.cli import main; "
        "resource.setrlimit(resource.RLIMIT_AS, (2048 * 2**20, 2048 * 2**20)); "
        f"sys.exit(main(['count', '--backend', 'gprolog', {str(boards)!r}]))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 2, done
    assert done.stdout == f"board 1 ({boards}:1, 1x2 puzzle): 1 solution\n"
    assert done.stderr == (
        f"logicmines: error: board 2 ({boards}:3, 5x5 puzzle): gprolog: out of memory: the "
        "original keeps every solution it collects, and may take 2,048 MB here\n"
    )


@room_for_limits
def test_a_limit_below_what_the_stacks_need_says_so(monkeypatch):
    # not that the original kept too many solutions: it never started
    monkeypatch.setattr(gprolog, "memory_limit", lambda: 1000 * 2**20)
    with pytest.raises(EngineError) as failure:
        GprologBackend().count(Board(("1?",)))
    assert str(failure.value) == (
        "gprolog: out of memory: GNU Prolog's stacks alone need about 1.7 GB, and 1,000 MB is "
        "allowed here (ulimit -v)"
    )


def test_a_containers_memory_limit_counts_as_the_machines(tmp_path, monkeypatch):
    # inside a container the machine's memory is the host's: its control group's limit decides
    v2, v1 = tmp_path / "memory.max", tmp_path / "memory.limit_in_bytes"
    monkeypatch.setattr(gprolog, "_CGROUP_LIMITS", (str(v2), str(v1)))
    assert gprolog._container_memory() is None  # neither file: no control group limit
    v1.write_text(f"{8 * 2**30}\n")
    assert gprolog._container_memory() == 8 * 2**30
    v2.write_text("max\n")  # version 2 first: 'max' is no limit
    assert gprolog._container_memory() is None
    v2.write_text(f"{2 * 2**30}\n")
    assert gprolog._container_memory() == 2 * 2**30
    if resource.getrlimit(resource.RLIMIT_AS)[0] == resource.RLIM_INFINITY:
        # half of 2 GB is below what the stacks need: the smallest limit stands
        assert gprolog.memory_limit() == gprolog.SMALLEST_MEMORY
        v2.write_text(f"{10 * 2**30}\n")
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        assert gprolog.memory_limit() == max(min(total, 10 * 2**30) // 2, gprolog.SMALLEST_MEMORY)


def test_a_full_stack_of_gnu_prologs_is_named_with_what_to_do():
    # one long row fills the constraint stack (16 MB by default) in a fraction of a second
    with pytest.raises(EngineError) as failure:
        GprologBackend(timeout=60).check(Board(("1" + "?" * 49_999,)))
    assert str(failure.value) == (
        "gprolog: the original ran out of GNU Prolog's cstr stack (16,384 KB, set by CSTRSZ), "
        "which GNU Prolog cannot recover from; on a board this large use another engine, like "
        "`--backend kanren`"
    )
    assert GprologBackend().count(Board(("1?",))) == 1  # and the engine still answers afterwards
