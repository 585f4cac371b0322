"""The verbatim original under GNU Prolog: compiled once with `gplc`, run as a subprocess.

`compare` and the benchmark use it as the yardstick the other engines are measured against. The
executable is cached under `$XDG_CACHE_HOME/logicmines` (or `~/.cache/logicmines`), named by a
hash of the program and of the gplc version, so it is built once per machine.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .board import Board
from .resources import data_path

# GNU Prolog's default global stack (32 MB) is too small for the original on a 4x4 board of
# unknowns; running out is fatal there, not an exception. 1 GB (in KB), as the driver's notes say.
STACKS = {"GLOBALSZ": "1048576", "TRAILSZ": "262144", "LOCALSZ": "262144"}


class GprologUnavailable(RuntimeError):
    """gplc is not installed, or the program does not compile."""


@dataclass(frozen=True)
class GprologAnswer:
    verdict: str  # unique, multiple or none (from s/1)
    count: int  # the number of m/2 models
    solved: tuple[tuple[str, ...], ...] = ()  # the first models asked for, as rows


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "logicmines"


@cache
def executable() -> Path:
    """The compiled original, built now if it is not in the cache yet (looked up once a run)."""
    gplc = shutil.which("gplc")
    if gplc is None:
        raise GprologUnavailable(
            "GNU Prolog is not installed (gplc not found): apt-get install gprolog"
        )
    source = data_path("prolog/gprolog", "original.pl")
    version = subprocess.run([gplc, "--version"], capture_output=True, text=True).stdout
    digest = hashlib.sha256(source.read_bytes() + version.encode()).hexdigest()[:16]
    name = f"original-{digest}"
    for folder in (_cache_dir(), Path(tempfile.gettempdir()) / f"logicmines-{os.getuid()}"):
        target = folder / name
        if target.is_file():
            return target
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return _build(gplc, source, target)
        except OSError:
            continue  # an unwritable cache (a read-only home, say): try the next place
    raise GprologUnavailable(
        "no folder to keep the compiled original in (cache and /tmp unwritable)"
    )


def _build(gplc: str, source: Path, target: Path) -> Path:
    with tempfile.TemporaryDirectory() as work:
        copy = Path(work) / "original.pl"
        shutil.copyfile(source, copy)
        built = Path(work) / "original"
        done = subprocess.run(
            [gplc, "--no-top-level", str(copy), "-o", str(built)],
            capture_output=True,
            text=True,
            cwd=work,
        )
        if done.returncode != 0 or not built.is_file():
            raise GprologUnavailable(f"gplc could not compile the original: {done.stderr.strip()}")
        # Move into place atomically: two processes building at once both end well.
        staged = target.with_suffix(f".{os.getpid()}")
        shutil.copyfile(built, staged)
        staged.chmod(0o755)
        os.replace(staged, target)
    return target


def run_original(board: Board, timeout: float | None = None, solved: int = 0) -> GprologAnswer:
    """s/1's verdict, the number of m/2's models, and the first `solved` of them (-1: all), for
    one board (a game board as its puzzle).

    Raises subprocess.TimeoutExpired past `timeout` seconds (the process is killed), and
    RuntimeError when the program fails (GNU Prolog's stack overflow is fatal, not catchable).
    """
    program = executable()
    text = "\n".join(board.as_puzzle().rows) + "\n"
    done = subprocess.run(
        [str(program)],
        input=text,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **STACKS, "LOGICMINES_SOLVED": str(solved)},
    )
    lines = done.stdout.splitlines()
    words = lines[0].split() if lines else []
    if done.returncode != 0 or len(words) != 4 or words[0] != "verdict":
        problem = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[0]
        raise RuntimeError(f"gprolog: {problem}")
    boards = tuple(tuple(line.split()[1:]) for line in lines[1:] if line.startswith("solved "))
    return GprologAnswer(words[1], int(words[3]), boards)
