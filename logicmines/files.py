"""Files in and out, safely: board files read up to a size limit (a game for `play --load`
too), and pictures and saved games written whole or not at all, never over what is not a file
of its own. The command line and the game share them; errors are `UsageError`, one line."""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile

from .parse import decode
from .words import bytes_shown, plural, said

# The largest input read, unless --max-input or LOGICMINES_MAX_INPUT says otherwise.
MAX_INPUT = 64 * 1024 * 1024
MAX_INPUT_VARIABLE = "LOGICMINES_MAX_INPUT"
_READ_CHUNK = 1024 * 1024
_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3}


class UsageError(Exception):
    """Bad arguments or input: one line on stderr, exit status 2."""


def byte_count(text: str) -> int:
    """A size in bytes: a whole number of at least 1 (a plus sign allowed, as on every count),
    or one with K, M or G (powers of 1024)."""
    found = re.fullmatch(r"\s*\+?([0-9]+)\s*([KMG]?)B?\s*", text, re.IGNORECASE)
    digits = found.group(1).lstrip("0") if found else ""
    if not digits:
        raise argparse.ArgumentTypeError(
            f"expected a number of bytes of at least 1, like 1000000 or 200M, got {said(text)}"
        )
    # Past 30 digits a limit is one no input reaches: read as 10**30, not turned into a huge int.
    count = int(digits) if len(digits) <= 30 else 10**30
    return count * _UNITS[found.group(2).upper()]


def read_text(path: str, limit: int = MAX_INPUT) -> tuple[str, str]:
    """The text of a file ('-': standard input) of at most `limit` bytes and the name messages
    give it (`<stdin>` for standard input), or UsageError (BoardSyntaxError: not UTF-8)."""
    source = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            if sys.stdin is None:
                raise UsageError("<stdin>: standard input is closed; name a board FILE")
            if is_terminal(sys.stdin):
                warn(TERMINAL_HINT)
            data = _read_at_most(sys.stdin.buffer, limit, source)
        elif "\0" in path:  # only from main(argv): no command line holds a NUL byte
            raise UsageError(f"{source}: no such file (a file name holds no NUL byte)")
        else:
            with open(path, "rb") as handle:
                data = _read_at_most(handle, limit, source)
    except FileNotFoundError:
        raise UsageError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{source}: is a folder, not a board file") from None
    except OSError as error:
        raise UsageError(f"{source}: cannot read it ({error.strerror})") from None
    except ValueError:  # a stream closed under us (main() called from Python)
        raise UsageError(f"{source}: cannot read it (it is closed)") from None
    except MemoryError:
        raise UsageError(f"{source}: not enough memory to read it") from None
    return decode(data, source), source


TERMINAL_HINT = "logicmines: reading boards from the terminal; end them with Ctrl-D"


def is_terminal(stream) -> bool:
    """Whether `stream` is a terminal (False when it has no isatty, or is closed or None)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        return False


def _read_at_most(handle, limit: int, source: str) -> bytes:
    """Everything `handle` holds, or UsageError as soon as it holds more than `limit` bytes
    (at most limit+1 are read: /dev/zero or an endless pipe is refused, not read)."""
    chunks, size = [], 0
    while size <= limit:
        wanted = min(_READ_CHUNK, limit + 1 - size)
        chunk = handle.read(wanted)
        chunks.append(chunk)
        size += len(chunk)
        # A buffered read returns less than asked only at the end: stop there rather than ask
        # again, which at a terminal would wait for a second Ctrl-D.
        if len(chunk) < wanted:
            return b"".join(chunks)
    raise UsageError(
        f"{source}: more than {plural(limit, 'byte')}, the input limit; raise it with "
        f"--max-input BYTES or {MAX_INPUT_VARIABLE}"
    )


def input_limit(args: argparse.Namespace) -> int:
    """The largest board file read: --max-input, else $LOGICMINES_MAX_INPUT, else MAX_INPUT."""
    if getattr(args, "max_input", None) is not None:
        return args.max_input
    value = os.environ.get(MAX_INPUT_VARIABLE)
    if value is None or not value.strip():
        return MAX_INPUT
    try:
        return byte_count(value)
    except argparse.ArgumentTypeError as why:
        raise UsageError(f"{MAX_INPUT_VARIABLE}: {bytes_shown(str(why))}") from None


def writable_target(path: str, purpose: str) -> str:
    """The file a write to `path` replaces (links followed), or UsageError that says why it must
    not (`purpose` ends the message: "--svg writes a picture to a file")."""
    # Through a symbolic link to the file it names; never over what is not a file (a device, a
    # pipe, a folder): the new file is renamed over the old, which would replace /dev/null.
    target = os.path.realpath(path)
    if os.path.isdir(target):
        raise UsageError(f"{path}: a folder; {purpose} of its own")
    if os.path.lexists(target) and not os.path.isfile(target) or _is_a_stream(path):
        # /dev/stdout into a file would replace that file, and the answers with it
        raise UsageError(f"{path}: not a file of its own; {purpose}")
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        named = folder if os.path.islink(path) else os.path.dirname(path)  # as given, if it can
        if os.path.lexists(folder):
            raise UsageError(f"{path}: {named} is not a folder")
        raise UsageError(f"{path}: there is no folder {named} to write in")
    return target


def own_target(path: str, purpose: str, board_file: str | None = None) -> str:
    """`writable_target`, and never `board_file` (what the boards were read from, `-` for
    standard input): the file a write to `path` replaces, or UsageError."""
    target = writable_target(path, purpose)
    if board_file is not None and is_the_board_file(target, board_file):
        raise UsageError(f"{path}: the board file itself; {purpose} of its own")
    return target


def write_whole(path: str, text: str, purpose: str, board_file: str | None = None) -> None:
    """`text` written to `path` whole or not at all, where `own_target` allows; UsageError when
    it must not be written, OSError when the writing fails."""
    _replace_file(own_target(path, purpose, board_file), text)


def is_the_board_file(path: str, board_file: str) -> bool:
    """Whether `path` is the file the boards were read from (`-`: what standard input reads,
    as in `analyze --svg b.txt < b.txt`)."""
    try:
        named = os.stat(path)
        if board_file == "-":
            read = os.fstat(sys.stdin.fileno())
        else:
            read = os.stat(board_file)
    except (AttributeError, OSError, ValueError):  # no such file (yet), or no stdin to look at
        return False
    return os.path.samestat(named, read)


def _is_a_stream(path: str) -> bool:
    """Whether `path` is where standard output or error goes, or lies under /dev or /proc
    (as given or its links followed), where a name may stand for a process's open file."""
    system = ("/proc/", "/dev/")
    for name in (os.path.abspath(path), os.path.realpath(path)):
        if name.startswith(system) and not name.startswith("/dev/shm/"):  # shm: files in memory
            return True
    try:
        named = os.stat(path)
    except OSError:
        return False
    for stream in (sys.stdout, sys.stderr):
        try:
            if os.path.samestat(named, os.fstat(stream.fileno())):
                return True
        except (AttributeError, OSError, ValueError):  # closed, or not a file (a test's buffer)
            continue
    return False


def _replace_file(path: str, text: str) -> None:
    """Write `text` to `path` whole or not at all: into a new file beside it, then renamed over it
    (a rename within a folder is atomic), so that a run killed on the way leaves the old file as
    it was, never a cut one. The new file gets the old one's permissions, else the usual ones."""
    folder, name = os.path.split(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fchmod(stream.fileno(), _mode_for(path))
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _mode_for(path: str) -> int:
    """The permissions a file written at `path` gets: the ones it has, else 0o666 less the
    umask (what open() would give)."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def warn(line: str) -> None:
    """Write one line on stderr. When there is no stderr (closed: `2>&-`) or it cannot be written
    (a full disk, a reader gone), the line is lost but the exit status still says what happened:
    it must not turn into a traceback and status 1 ("not unique")."""
    if sys.stderr is None:
        return
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        # Leave nothing buffered for Python to fail on again (and report) at exit.
        sys.stderr = None
