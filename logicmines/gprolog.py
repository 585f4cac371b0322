"""The verbatim original under GNU Prolog: compiled once with `gplc`, run as a subprocess.

`compare` and the benchmark use it as the yardstick the other engines are measured against. The
executable is cached under `$XDG_CACHE_HOME/logicmines` (or `~/.cache/logicmines`), else in a
private `$TMPDIR/logicmines-<uid>`, named by a hash of the program, with a sidecar that records
its sha256 and the gplc that built it. docs/cache.md says which folders and files are trusted.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .board import Board
from .engine import USE_KANREN
from .resources import data_path
from .words import grouped

try:
    import resource
except ImportError:  # not a POSIX system: no limits to set
    resource = None  # type: ignore[assignment]

# GNU Prolog's default global stack (32 MB) is too small for the original on a 4x4 board of
# unknowns; running out is fatal there, not an exception. 1 GB (in KB), as the driver's notes say.
STACKS = {"GLOBALSZ": "1048576", "TRAILSZ": "262144", "LOCALSZ": "262144"}

# The original collects every solution with setof/3, which GNU Prolog keeps in memory of its
# own, outside the stacks: a board of many solutions grows it by hundreds of MB a second, for as
# long as it runs. The process may take half of this machine's memory (its stacks alone reserve
# about 1.6 GB), and dies with the process that started it, however that one ends.
SMALLEST_MEMORY = 3 * 2**30
STACKS_NEED = 1_700_000 * 1024  # measured: 1,650,000 KB of address space answer `1?`, 1,600,000 not

# GNU Prolog comes from the operating system's packages, not from pip: no extra brings it.
NOT_INSTALLED = (
    "gprolog: GNU Prolog is not installed (gplc not found): the gprolog engine needs it from your "
    f"distribution: apt-get install gprolog (no pip extra brings it), {USE_KANREN}"
)
FIX_FOLDER = "set XDG_CACHE_HOME or TMPDIR to a folder of yours that can be written"


# What GNU Prolog prints when a stack is full: "Fatal Error: cstr stack overflow (size: 16384
# Kb, reached: 16384 Kb, environment variable used: CSTRSZ)".
_STACK_OVERFLOW = re.compile(
    r"(\w+) stack overflow \(size: (\d+) Kb.*environment variable used: (\w+)\)"
)


class GprologUnavailable(RuntimeError):
    """The compiled original cannot run here; the message says what failed and how to fix it."""


class _Refused(Exception):
    """A cache folder that must not be used; the message says why."""


@dataclass(frozen=True)
class GprologAnswer:
    verdict: str  # unique, multiple or none (from s/1)
    count: int  # the number of m/2 models
    solved: tuple[tuple[str, ...], ...] = ()  # the first models asked for, as rows


# Binaries whose sha256 matched their sidecar in this process, by path: (stat signature, sha256).
# A run compares a stat (cheap) and hashes the file again only when it changed since.
_VERIFIED: dict[Path, tuple[tuple[int, ...], str]] = {}


def _uid() -> int:
    """The user id that cache folders and files must belong to."""
    return os.geteuid()


def _one_line(text: str) -> str:
    """`text` with its lines joined, for a message that must stay one line."""
    return " ".join(text.split()) or "no message"


def _sidecar(binary: Path) -> Path:
    """The file beside `binary` that records its sha256 and the gplc version that built it."""
    return binary.with_name(binary.name + ".json")


def _sha256(path: Path) -> str:
    """The sha256 of a file's bytes, in hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as data:
        for block in iter(lambda: data.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _user_place() -> tuple[Path | None, str]:
    """The user's cache folder for logicmines (None and why not), only inside a base that exists."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # the XDG spec says to ignore a relative path
        if os.path.isdir(xdg):
            return Path(xdg) / "logicmines", ""
        return None, f"XDG_CACHE_HOME={xdg} is not a folder"
    home = os.path.expanduser("~")
    base = os.path.join(home, ".cache")
    # Never create HOME or ~/.cache: a service account's HOME=/nonexistent must stay nonexistent.
    if os.path.isabs(home) and os.path.isdir(base):
        return Path(base) / "logicmines", ""
    return None, f"HOME={home} has no .cache folder"


def _places() -> list[tuple[Path | None, str]]:
    """Where the compiled original may be kept, best first: (folder, or None and why not)."""
    temp = os.environ.get("TMPDIR") or tempfile.gettempdir()
    return [_user_place(), (Path(temp) / f"logicmines-{_uid()}", "")]


def _check_ancestors(path: Path) -> None:
    """_Refused unless no one but you and root can rename anything on the way down to `path`."""
    for folder in (path, *path.parents):
        try:
            info = os.stat(folder)
        except OSError as error:
            raise _Refused(f"cannot use {folder}: {error.strerror}") from None
        if info.st_uid not in (0, _uid()):
            raise _Refused(f"{folder} belongs to uid {info.st_uid}, neither you nor root")
        # Others may write in a sticky folder (/tmp) but not rename or delete what is yours.
        if info.st_mode & 0o022 and not info.st_mode & stat.S_ISVTX:
            mode = stat.S_IMODE(info.st_mode)
            raise _Refused(f"{folder} can be written by others (mode {mode:o}) and is not sticky")


def _checked(folder: Path, create: bool) -> Path:
    """`folder` (made with mode 0700 if `create`) once it is yours and private; _Refused if not."""
    parent = Path(os.path.realpath(folder.parent))  # resolved once: a link cannot move it later
    _check_ancestors(parent)
    folder = parent / folder.name
    if create:
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass  # checked below like any folder found there
        except OSError as error:
            raise _Refused(f"cannot make {folder}: {error.strerror}") from None
    try:
        info = os.lstat(folder)  # lstat: a symbolic link is refused, not followed
    except OSError as error:
        raise _Refused(f"cannot use {folder}: {error.strerror}") from None
    if stat.S_ISLNK(info.st_mode):
        raise _Refused(f"{folder} is a symbolic link")
    if not stat.S_ISDIR(info.st_mode):
        raise _Refused(f"{folder} is not a folder")
    if info.st_uid != _uid():
        raise _Refused(f"{folder} belongs to uid {info.st_uid}, not to you")
    if info.st_mode & 0o022:
        raise _Refused(f"{folder} can be written by others (mode {stat.S_IMODE(info.st_mode):o})")
    return folder


def _verified(binary: Path, gplc_version: str | None = None) -> bool:
    """True when `binary` is yours, executable, with the sha256 (and gplc) its sidecar records."""
    try:
        info = os.lstat(binary)
        record = json.loads(_sidecar(binary).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(record, dict) or not stat.S_ISREG(info.st_mode) or info.st_uid != _uid():
        return False
    if not info.st_mode & stat.S_IXUSR:
        return False
    if gplc_version is not None and record.get("gplc") != gplc_version:
        return False  # a new gplc: build again with it
    signature = (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    expected = record.get("sha256")
    if _VERIFIED.get(binary) == (signature, expected):
        return True
    try:
        if _sha256(binary) != expected:
            return False
    except OSError:
        return False
    _VERIFIED[binary] = (signature, expected)
    return True


def _write_new(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a new private file renamed into place (never via a link)."""
    handle, staged = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(staged, path)  # rename replaces a link at `path`, it does not write through it
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(staged)
        raise


def _compile(gplc: str, source: Path, work: Path) -> Path:
    """The original compiled by gplc in the private folder `work`."""
    copy = work / "original.pl"
    shutil.copyfile(source, copy)
    built = work / "original"
    try:
        done = subprocess.run(
            [gplc, "--no-top-level", str(copy), "-o", str(built)],
            capture_output=True,
            text=True,
            cwd=work,
            env={**os.environ, "TMPDIR": str(work)},  # gplc opens its temporaries without O_EXCL
        )
    except OSError as error:
        raise GprologUnavailable(f"cannot run gplc ({gplc}): {error.strerror}") from None
    if done.returncode != 0 or not built.is_file():
        problem = _one_line(done.stderr or done.stdout)
        raise GprologUnavailable(f"gplc could not compile the original: {problem}")
    return built


def _build(gplc: str, version: str, source: Path, target: Path) -> Path:
    """Compile the original to `target` (a checked folder) and record its sha256 beside it."""
    work = Path(tempfile.mkdtemp(prefix=".build-", dir=target.parent))
    try:
        built = _compile(gplc, source, work)
        built.chmod(0o700)
        digest = _sha256(built)
        os.replace(built, target)  # same folder, so atomic: a reader sees the old file or the new
    finally:
        shutil.rmtree(work, ignore_errors=True)
    # Written after the binary: a sidecar that matches always describes a complete binary. Two
    # processes building at once can leave a mismatched pair, which the next check rebuilds.
    record = {"sha256": digest, "gplc": version, "program": _sha256(source)}
    _write_new(_sidecar(target), json.dumps(record).encode("utf-8"))
    return target


def _gplc() -> tuple[str | None, str | None, str]:
    """gplc's path and version (None when it cannot be used), and what is wrong with it if so."""
    gplc = shutil.which("gplc")
    if gplc is None:
        return None, None, NOT_INSTALLED
    try:
        done = subprocess.run([gplc, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as error:
        return None, None, f"gplc ({gplc}) does not run ({error}): reinstall GNU Prolog"
    lines = (done.stdout + done.stderr).splitlines()  # gplc 1.4 prints its version on stderr
    if done.returncode != 0 or not lines:
        return None, None, f"gplc ({gplc}) does not say its version: reinstall GNU Prolog"
    return gplc, lines[0].strip(), ""


@cache
def executable() -> Path:
    """The compiled original, verified by its sha256, built now if no cache holds a good one."""
    source = data_path("prolog/gprolog", "original.pl")
    name = f"original-{hashlib.sha256(source.read_bytes()).hexdigest()[:16]}"
    gplc, version, problem = _gplc()
    places = _places()
    older = None  # a good binary that another gplc built: used if this one cannot build
    for folder, _ in places:
        if folder is None:
            continue
        with contextlib.suppress(_Refused):  # not there, or not safe: never looked inside
            binary = _checked(folder, create=False) / name
            if _verified(binary, version):  # without gplc, any good binary will do
                return binary
            if older is None and _verified(binary):
                older = binary
    if gplc is None:
        raise GprologUnavailable(problem)
    try:
        return _build_somewhere(gplc, version, source, name, places)
    except GprologUnavailable:
        if older is None:
            raise
        return older


def _build_somewhere(
    gplc: str, version: str, source: Path, name: str, places: list[tuple[Path | None, str]]
) -> Path:
    """Build the original in the first safe, writable place; else say what failed in each."""
    problems = []
    for folder, why_not in places:
        if folder is None:
            problems.append(why_not)
            continue
        try:
            return _build(gplc, version, source, _checked(folder, create=True) / name)
        except _Refused as refused:
            problems.append(str(refused))
        except OSError as error:
            problems.append(f"cannot write in {folder}: {error.strerror or error}")
    raise GprologUnavailable(f"cannot write a cache folder: {'; '.join(problems)}; {FIX_FOLDER}")


_forget = executable.cache_clear  # the real cache, even while a test has replaced `executable`


def memory_limit() -> int | None:
    """The bytes of address space the compiled original may take: half of this machine's memory
    (or of the container's, when its control group sets less), at least SMALLEST_MEMORY, and
    never more than this process may take itself (`ulimit -v`); None where the system cannot say
    or set it."""
    if resource is None:
        return None
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None
    limit = max(min(total, _container_memory() or total) // 2, SMALLEST_MEMORY)
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return limit if soft == resource.RLIM_INFINITY else min(limit, soft)


# Where a control group states its memory limit: version 2, then version 1.
_CGROUP_LIMITS = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")


def _container_memory() -> int | None:
    """The memory limit of this process's control group, None when there is none."""
    for place in _CGROUP_LIMITS:
        try:
            text = Path(place).read_text().strip()
        except OSError:
            continue
        return int(text) if text.isdigit() else None  # 'max': no limit
    return None


@cache
def _prctl():
    """Linux's prctl(2), looked up once, before any fork: None elsewhere."""
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError, TypeError):
        return None


_PR_SET_PDEATHSIG = 1


def _bounded(limit: int | None):
    """What the child runs before the original: it is killed when its parent dies (a killed
    logicmines leaves nothing running), and its address space is at most `limit` bytes. Only
    system calls prepared beforehand, since it runs between fork and exec.

    The signal comes when the *thread* that started the child ends, not the process: that is
    the same here only because `subprocess.run` holds its thread until the child has ended (play
    asks for hints from a worker thread). Keep it so."""
    prctl, parent = _prctl(), os.getpid()

    def in_child() -> None:
        if prctl is not None:
            prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() != parent:  # the parent died before that took effect
                os._exit(1)
        if limit is not None and resource is not None:
            try:
                hard = resource.getrlimit(resource.RLIMIT_AS)[1]
                resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
            except (ValueError, OSError):  # past the hard limit: the one in force stays
                pass

    return in_child


def run_original(board: Board, timeout: float | None = None, solved: int = 0) -> GprologAnswer:
    """The original on one board: s/1's verdict, the count of m/2, the first `solved` (-1: all)."""
    # Raises subprocess.TimeoutExpired past `timeout` seconds (the process is killed),
    # GprologUnavailable when the compiled original cannot run here, and RuntimeError when the
    # program fails (GNU Prolog's stack overflow is fatal, not catchable; so is running out of
    # the memory it may take, `memory_limit()`).
    program = executable()
    if not _verified(program):  # changed on disk since it was found (truncated, replaced)
        _forget()
        program = executable()
    text = "\n".join(board.as_puzzle().rows) + "\n"
    limit = memory_limit()
    try:
        done = subprocess.run(
            [str(program)],
            input=text,
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, **STACKS, "LOGICMINES_SOLVED": str(solved)},
            preexec_fn=_bounded(limit),
        )
    except OSError as error:  # verified yet not runnable: a folder mounted noexec, say
        raise GprologUnavailable(
            f"cannot run the compiled original {program}: {error.strerror}; set XDG_CACHE_HOME "
            "or TMPDIR to a folder of yours where programs may run"
        ) from None
    lines = done.stdout.splitlines()
    words = lines[0].split() if lines else []
    if done.returncode != 0 or len(words) != 4 or words[0] != "verdict":
        problem = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[0]
        if "Memory allocation fault" in problem and limit is not None:
            allowed = f"{grouped(limit // 2**20)} MB"
            if limit < STACKS_NEED:
                problem = (
                    f"out of memory: GNU Prolog's stacks alone need about 1.7 GB, and {allowed} "
                    "is allowed here (ulimit -v)"
                )
            else:
                problem = (
                    "out of memory: the original keeps every solution it collects, and may take "
                    f"{allowed} here"
                )
        elif overflow := _STACK_OVERFLOW.search(problem):
            name, size, variable = overflow.groups()
            problem = (
                f"the original ran out of GNU Prolog's {name} stack ({grouped(int(size))} KB, "
                f"set by {variable}), which GNU Prolog cannot recover from; on a board this "
                "large use another engine, like `--backend kanren`"
            )
        raise RuntimeError(f"gprolog: {problem}")
    boards = tuple(tuple(line.split()[1:]) for line in lines[1:] if line.startswith("solved "))
    return GprologAnswer(words[1], int(words[3]), boards)
