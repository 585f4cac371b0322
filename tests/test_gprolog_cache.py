"""The cache of the compiled original (logicmines/gprolog.py): what it trusts and what it rebuilds.

Every test keeps XDG_CACHE_HOME, HOME and TMPDIR inside its own tmp_path. The attacks of another
local user are played with files that really belong to another uid (made by root with os.chown);
those tests are skipped when the tests do not run as root.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import stat
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from logicmines import gprolog
from logicmines.backends.gprolog import GprologBackend
from logicmines.board import Board
from logicmines.compare import MISSING, Outcome, run_engine
from logicmines.resources import data_path

OTHER = 65534  # nobody: the other local user
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="files of another uid need root to make")
SMALL = Board(("1?",))  # one model: the unknown cell is a mine


@pytest.fixture
def places(tmp_path, monkeypatch):
    """XDG_CACHE_HOME, HOME and TMPDIR inside tmp_path, and nothing remembered from elsewhere."""
    cache_home, home, temp = tmp_path / "cache", tmp_path / "home", tmp_path / "tmp"
    for folder in (cache_home, home, temp):
        folder.mkdir()
    temp.chmod(0o1777)  # like /tmp: anyone may write, no one may rename what is not theirs
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache_home))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr(tempfile, "tempdir", None)  # else it keeps the TMPDIR it saw first
    monkeypatch.setattr(gprolog, "_VERIFIED", {})
    gprolog.executable.cache_clear()
    yield SimpleNamespace(
        tmp=tmp_path,
        cache=cache_home / "logicmines",
        temp=temp,
        mine=temp / f"logicmines-{os.geteuid()}",  # the predictable shared name
    )
    gprolog.executable.cache_clear()  # later tests must not find a path inside this tmp_path


def binary_name() -> str:
    """The cached binary's name, as anyone can work it out from the public program."""
    source = data_path("prolog/gprolog", "original.pl").read_bytes()
    return f"original-{hashlib.sha256(source).hexdigest()[:16]}"


def no_user_cache(places, monkeypatch) -> None:
    """Make the user cache unusable (XDG_CACHE_HOME is a file), so TMPDIR is the only place."""
    not_a_folder = places.tmp / "file"
    not_a_folder.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(not_a_folder))


def plant_script(folder: Path, marker: Path) -> Path:
    """A script under the binary's name that would touch `marker`, with a sidecar that matches."""
    folder.mkdir(exist_ok=True)
    script = folder / binary_name()
    script.write_text(f"#!/bin/sh\ntouch {marker}\necho verdict unique count 1\necho 'solved 1*'\n")
    script.chmod(0o755)
    digest = hashlib.sha256(script.read_bytes()).hexdigest()
    record = {"sha256": digest, "gplc": gprolog._gplc()[1]}  # all of it public knowledge
    gprolog._sidecar(script).write_text(json.dumps(record))
    return script


def give_away(*paths: Path) -> None:
    """Make `paths` belong to the other user (links themselves, not what they point to)."""
    for path in paths:
        os.lchown(path, OTHER, OTHER)


def compare_gprolog() -> Outcome:
    """What `compare` gets from the gprolog engine on a small board."""
    return run_engine("gprolog", SMALL, None)


def assert_refused(outcome: Outcome, because: str) -> str:
    """`compare` says gprolog cannot run here, in one line that names `because`; the message."""
    assert outcome.status == MISSING, outcome
    message = outcome.error.removeprefix("cannot run here: ")
    assert because in message and "\n" not in message, message
    return message


# --- another local user's attacks on the shared fallback folder ---------------------------------


@as_root
def test_a_script_planted_in_another_users_folder_is_never_run(places, monkeypatch):
    no_user_cache(places, monkeypatch)
    marker = places.tmp / "ran"
    script = plant_script(places.mine, marker)
    places.mine.chmod(0o755)  # only its owner can write there: but its owner is the attacker
    give_away(places.mine, script, gprolog._sidecar(script))
    outcome = compare_gprolog()
    assert not marker.exists()
    message = assert_refused(outcome, f"{places.mine} belongs to uid {OTHER}, not to you")
    assert message.startswith("cannot write a cache folder: XDG_CACHE_HOME=")


def test_a_script_planted_in_a_folder_others_can_write_is_never_run(places, monkeypatch):
    no_user_cache(places, monkeypatch)
    marker = places.tmp / "ran"
    plant_script(places.mine, marker)
    places.mine.chmod(0o777)
    outcome = compare_gprolog()
    assert not marker.exists()
    assert_refused(outcome, f"{places.mine} can be written by others (mode 777)")


@as_root
def test_links_planted_by_another_user_never_overwrite_your_files(places, monkeypatch):
    no_user_cache(places, monkeypatch)
    victim = places.tmp / "precious.txt"
    victim.write_text("precious\n")
    places.mine.mkdir(mode=0o777)
    name = binary_name()
    # The names a victim writes to (the old code's pid-named copy, the sidecar) point at a file of
    # the victim's; the binary's own name is left free, so that the victim goes on to build.
    links = [places.mine / f"{name}.{os.getpid()}", gprolog._sidecar(places.mine / name)]
    for link in links:
        link.symlink_to(victim)
    give_away(places.mine, *links)
    outcome = compare_gprolog()
    assert victim.read_bytes() == b"precious\n"
    assert stat.S_IMODE(victim.stat().st_mode) == 0o644
    assert_refused(outcome, f"{places.mine} belongs to uid {OTHER}")


def test_a_linked_folder_is_refused_and_its_target_left_alone(places, monkeypatch):
    no_user_cache(places, monkeypatch)
    yours = places.tmp / "yours"
    yours.mkdir(mode=0o700)  # a private folder of the victim's: its owner and mode look right
    places.mine.symlink_to(yours)
    if os.geteuid() == 0:
        give_away(places.mine)
    outcome = compare_gprolog()
    assert list(yours.iterdir()) == []
    assert_refused(outcome, f"{places.mine} is a symbolic link")


def test_links_in_your_own_folder_are_replaced_not_written_through(places):
    victim = places.tmp / "precious.txt"
    victim.write_text("precious\n")
    places.cache.mkdir(mode=0o700)
    binary = places.cache / binary_name()
    for link in (binary, gprolog._sidecar(binary)):
        link.symlink_to(victim)
    assert gprolog.executable() == binary
    assert victim.read_bytes() == b"precious\n"
    assert not binary.is_symlink() and not gprolog._sidecar(binary).is_symlink()


def test_the_folder_is_private_and_the_sidecar_holds_the_binarys_sha256(places):
    binary = gprolog.executable()
    assert binary.parent == places.cache
    assert stat.S_IMODE(places.cache.stat().st_mode) == 0o700
    record = json.loads(gprolog._sidecar(binary).read_text())
    assert record["sha256"] == hashlib.sha256(binary.read_bytes()).hexdigest()
    assert record["gplc"].startswith("Prolog compiler (GNU Prolog)")
    assert [p.name for p in places.cache.iterdir() if p.name.startswith(".")] == []  # no leftovers
    assert gprolog.run_original(SMALL, solved=1).solved == (("1*",),)


# --- a corrupt cached binary is rebuilt ---------------------------------------------------------


def _truncate(binary: Path) -> None:
    binary.write_bytes(binary.read_bytes()[:4096])


def _zero(binary: Path) -> None:
    binary.write_bytes(bytes(binary.stat().st_size))


def _random(binary: Path) -> None:
    binary.write_bytes(os.urandom(binary.stat().st_size))


def _not_executable(binary: Path) -> None:
    binary.chmod(0o600)


def _no_sidecar(binary: Path) -> None:
    gprolog._sidecar(binary).unlink()


def _garbage_sidecar(binary: Path) -> None:
    gprolog._sidecar(binary).write_text("[not json")


DAMAGE = [_truncate, _zero, _random, _not_executable, _no_sidecar, _garbage_sidecar]


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda damage: damage.__name__.strip("_"))
def test_a_damaged_binary_is_rebuilt(places, damage):
    binary = gprolog.executable.__wrapped__()
    damage(binary)
    assert gprolog.executable.__wrapped__() == binary  # a new process looks it up again
    assert gprolog._verified(binary)
    assert gprolog.run_original(SMALL).count == 1


@pytest.mark.parametrize("damage", [_truncate, _zero], ids=["truncate", "zero"])
def test_damage_after_the_lookup_is_seen_before_the_next_run(places, damage):
    binary = gprolog.executable()
    assert gprolog.run_original(SMALL).count == 1
    damage(binary)  # the same process runs it again: no "Exec format error" from now on
    assert gprolog.run_original(SMALL).count == 1
    assert gprolog._verified(binary)


def test_a_verified_binary_that_cannot_run_here_says_so(places):
    binary = gprolog.executable.__wrapped__()
    binary.write_bytes(bytes(16))  # recorded as good, yet no exec format: as on a noexec mount
    record = json.loads(gprolog._sidecar(binary).read_text())
    record["sha256"] = hashlib.sha256(binary.read_bytes()).hexdigest()
    gprolog._sidecar(binary).write_text(json.dumps(record))
    message = assert_refused(compare_gprolog(), f"cannot run the compiled original {binary}: ")
    assert "Exec format error" in message and "programs may run" in message


# --- without gplc -------------------------------------------------------------------------------


def test_without_gplc_a_verified_binary_still_runs(places, monkeypatch):
    binary = gprolog.executable.__wrapped__()
    monkeypatch.setattr(gprolog.shutil, "which", lambda name: None)
    assert gprolog.executable.__wrapped__() == binary
    assert GprologBackend().count(SMALL) == 1


def test_without_gplc_an_unverified_binary_is_not_run(places, monkeypatch):
    marker = places.tmp / "ran"
    script = plant_script(places.cache, marker)
    script.write_text(script.read_text() + "# changed after its sha256 was recorded\n")
    monkeypatch.setattr(gprolog.shutil, "which", lambda name: None)
    outcome = compare_gprolog()
    assert not marker.exists()
    assert_refused(outcome, "GNU Prolog is not installed (gplc not found)")


def test_a_binary_of_another_gplc_is_rebuilt_when_gplc_is_here(places, monkeypatch):
    binary = gprolog.executable.__wrapped__()
    record = json.loads(gprolog._sidecar(binary).read_text())
    gprolog._sidecar(binary).write_text(json.dumps({**record, "gplc": "an older gplc"}))
    assert gprolog.executable.__wrapped__() == binary
    assert json.loads(gprolog._sidecar(binary).read_text())["gplc"] == record["gplc"]


def test_a_binary_of_another_gplc_still_runs_when_no_new_one_can_be_built(places, monkeypatch):
    binary = gprolog.executable.__wrapped__()
    record = json.loads(gprolog._sidecar(binary).read_text())
    gprolog._sidecar(binary).write_text(json.dumps({**record, "gplc": "an older gplc"}))

    def cannot_build(*_):
        raise gprolog.GprologUnavailable("cannot write a cache folder: all read-only")

    monkeypatch.setattr(gprolog, "_build_somewhere", cannot_build)
    assert gprolog.executable.__wrapped__() == binary
    assert compare_gprolog().count == 1


# --- which folders are made ---------------------------------------------------------------------


def test_a_missing_home_is_not_created(places, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME")
    absent = places.tmp / "nonexistent"
    monkeypatch.setenv("HOME", str(absent))
    assert gprolog.executable().parent == places.mine
    assert not absent.exists()
    assert stat.S_IMODE(places.mine.stat().st_mode) == 0o700


def test_a_home_without_a_cache_folder_gets_none(places, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert gprolog.executable().parent == places.mine
    assert list((places.tmp / "home").iterdir()) == []


def test_only_the_logicmines_folder_is_made_in_an_existing_cache(places, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME")
    (places.tmp / "home" / ".cache").mkdir()
    binary = gprolog.executable()
    assert binary.parent == places.tmp / "home" / ".cache" / "logicmines"


@contextlib.contextmanager
def read_only_folders(tmp_path: Path):
    """A HOME with a .cache, and a TMPDIR, that this process cannot write in: (home, tmpdir)."""
    if os.geteuid() != 0:
        home, temp = tmp_path / "ro-home", tmp_path / "ro-tmp"
        (home / ".cache").mkdir(parents=True)
        temp.mkdir()
        for folder in (home / ".cache", temp):
            folder.chmod(0o555)
        try:
            yield home, temp
        finally:
            for folder in (home / ".cache", temp):
                folder.chmod(0o755)
        return
    # Root writes anywhere: run as nobody for a while, in a folder nobody may enter (tmp_path and
    # pytest's folders above it are private to root).
    outer = Path(tempfile.mkdtemp(prefix="logicmines-test-", dir="/tmp"))
    try:
        outer.chmod(0o755)
        home, temp = outer / "home", outer / "tmp"
        (home / ".cache").mkdir(parents=True)
        temp.mkdir()
        os.seteuid(OTHER)
        try:
            yield home, temp
        finally:
            os.seteuid(0)
    finally:
        shutil.rmtree(outer)


def test_read_only_home_and_tmpdir_are_named_as_such(places, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME")
    with read_only_folders(places.tmp) as (home, temp):
        monkeypatch.setenv("HOME", str(home))
        monkeypatch.setenv("TMPDIR", str(temp))
        message = assert_refused(compare_gprolog(), "cannot write a cache folder: ")
        mine = temp / f"logicmines-{os.geteuid()}"
    assert f"cannot make {home / '.cache' / 'logicmines'}: Permission denied" in message
    assert f"cannot make {mine}: Permission denied" in message
    assert message.endswith("set XDG_CACHE_HOME or TMPDIR to a folder of yours that can be written")
    assert "compile" not in message
