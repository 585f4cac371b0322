"""benchmarks/autoplay_bench.py: its `--set` constants, its refusals, `tune --start`, which
plays the games of the seed from the one it names (docs/autoplay.md quotes such runs), and rows
that each play in processes of their own."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import logicmines.bot
from logicmines.autoplay import game_seed
from logicmines.bot import DEFAULT, play_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import autoplay_bench  # noqa: E402


def test_constants_are_read_as_fractions_or_whole_numbers():
    got = autoplay_bench.constants(["PROGRESS_WEIGHT=1/10", "CANDIDATES=6"])
    assert got == {"PROGRESS_WEIGHT": Fraction(1, 10), "CANDIDATES": 6}


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--set", "NOPE=1"], "--set NOPE=1: not NAME=VALUE for a constant"),
        (["--set", "CANDIDATES=x"], "'x' is not a whole number or a fraction"),
        (["--set", "PROGRESS_WEIGHT=1/0"], "'1/0' is not a whole number or a fraction"),
        (["--base", "DENSE_START=y"], "--base DENSE_START=y: 'y' is not a whole number"),
        # "--games and --workers must be positive, --start at least 0", whichever was wrong
        (["--start", "-1"], "argument --start: expected a whole number of at least 0, got '-1'"),
        (["--games", "0"], "argument --games: expected a whole number of at least 1, got '0'"),
        (["--workers", "0"], "argument --workers: expected a whole number of at least 1, got '0'"),
        # the pool's workers failed with a traceback each, or the values were taken
        (["--set", "CANDIDATES=0"], "--set CANDIDATES=0: CANDIDATES is at least 1"),
        (["--set", "CANDIDATES=5/2"], "--set CANDIDATES=5/2: CANDIDATES is a whole number"),
        (["--set", "NEAR_BEST=-3"], "--set NEAR_BEST=-3: NEAR_BEST is from 0 to 1"),
        (["--set", "NEAR_BEST=3/2"], "--set NEAR_BEST=3/2: NEAR_BEST is from 0 to 1"),
        (["--base", "DENSE_START=-3"], "--base DENSE_START=-3: DENSE_START is at least 0"),
        (["--set", "PROGRESS_WEIGHT=-1/5"], "PROGRESS_WEIGHT is at least 0"),
        (["--set", "RULES=1"], "--set RULES=1: not NAME=VALUE for a constant"),
    ],
)
def test_bad_arguments_are_refused_in_one_line(monkeypatch, capsys, arguments, said):
    _refused(monkeypatch, capsys, ["tune", "--rules", "safe", *arguments], said)


def _refused(monkeypatch, capsys, arguments: list[str], said: str) -> None:
    monkeypatch.setattr(sys, "argv", ["autoplay_bench.py", *arguments])
    monkeypatch.setattr(autoplay_bench, "run", _not_here)
    monkeypatch.setattr(autoplay_bench, "tune", _not_here)
    monkeypatch.setattr(autoplay_bench, "one_core", _not_here)
    with pytest.raises(SystemExit) as stop:
        autoplay_bench.main()
    assert stop.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert said in line and line.endswith("(see 'autoplay_bench.py --help')")


def test_a_bad_scheduler_is_refused_in_one_line(monkeypatch, capsys):
    # a traceback of 45 lines, where `logicmines autoplay --scheduler bogus` gives one line
    _refused(monkeypatch, capsys, ["presets", "--scheduler", "bogus"], "--scheduler bogus: ")


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        # `ingredients --base CANDIDATES=0` ran the ingredients, the constant unset and unsaid
        (
            ["ingredients", "--base", "CANDIDATES=0"],
            "--base is not used by ingredients, only by tune",
        ),
        (["presets", "--set", "CANDIDATES=6"], "--set is not used by presets, only by tune"),
        (["speedup", "--variant", "fifty"], "--variant is not used by speedup, only by tune"),
        (
            ["speedup", "--start", "5"],
            "--start is not used by speedup, only by ingredients, presets, tune",
        ),
        (["speedup", "--workers", "2"], "--workers is not used by speedup, only by ingredients, "),
        (
            ["tune", "--scheduler", "x:1"],
            "--scheduler is not used by tune, only by ingredients, presets",
        ),
        (["tune", "--only", "expert"], "--only is not used by tune, only by presets"),
        (["ingredients", "--only", "expert"], "ingredients are measured on expert only"),
    ],
)
def test_an_option_the_subcommand_does_not_use_is_refused(monkeypatch, capsys, arguments, said):
    _refused(monkeypatch, capsys, arguments, said)


def test_presets_plays_from_the_game_given_with_start(monkeypatch):
    played = []
    monkeypatch.setattr(autoplay_bench, "run", lambda *args: played.append(args))
    argv = ["autoplay_bench.py", "presets", "--only", "beginner", "--rules", "safe", "--start", "5"]
    monkeypatch.setattr(sys, "argv", argv)
    autoplay_bench.main()
    assert played == [("beginner", "safe", 200, 0, DEFAULT, 1, None, 5)]


def test_tune_starts_at_the_game_it_is_told(capsys):
    autoplay_bench.tune("zero", 3, 0, 1, {}, first=10_000)
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]

    def won(games: range) -> str:
        return "".join(
            "1" if play_game(16, 30, 99, "zero", game_seed(0, i)).won else "0" for i in games
        )

    expected = won(range(10_000, 10_003))
    assert expected != won(range(3))  # so games 0-2 in its place would not pass
    assert [r["won"] for r in records[:2]] == [expected, expected]  # as it is, and unchanged
    assert records[0]["start"] == 10_000
    assert records[2]["gained"] == records[2]["lost"] == 0


def test_tune_sets_base_constants_on_both_sides(capsys, monkeypatch):
    autoplay_bench.tune("zero", 6, 0, 1, {}, base={"DENSE_START": 2})
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]

    def won(start: int) -> str:
        monkeypatch.setattr("logicmines.bot.DENSE_START", start)
        return "".join(
            "1" if play_game(16, 30, 99, "zero", game_seed(0, i)).won else "0" for i in range(6)
        )

    at_22, at_33 = won(2), won(3)
    assert at_22 != at_33  # so a side left at the default's (3,3) would not pass
    assert [r["won"] for r in records[:2]] == [at_22, at_22]
    assert [r["set"] for r in records[:2]] == [{"DENSE_START": "2"}] * 2


def test_every_constant_tune_may_set_is_the_bots_with_its_default_in_range():
    for name, (least, most) in autoplay_bench.TUNABLE.items():
        value = getattr(logicmines.bot, name)
        assert least <= value and (most is None or value <= most), name
        assert autoplay_bench.constants([f"{name}={value}"]) == {name: value}


def _not_here(*args, **kwargs):
    raise AssertionError("a game was played in the benchmark's own process")


def test_a_one_worker_row_plays_in_a_process_of_its_own(monkeypatch, capsys):
    # It played here, finding the engine's memo warmed by the rows before it on the same games:
    # the speed-up's one-worker side, and every row of `ingredients` at --workers 1.
    monkeypatch.setattr("logicmines.autoplay._play", _not_here)
    record = autoplay_bench.run("beginner", "safe", 3, 0, DEFAULT, 1, None)
    monkeypatch.undo()
    expected = "".join(
        "1" if play_game(9, 9, 10, "safe", game_seed(0, i)).won else "0" for i in range(3)
    )
    assert record["won"] == expected and record["workers"] == 1
    assert json.loads(capsys.readouterr().out) == record


def test_the_games_timed_alone_are_played_in_a_process_of_their_own(monkeypatch):
    monkeypatch.setattr(autoplay_bench, "play_game", _not_here)
    timed = autoplay_bench.one_core("zero", 2, 0)
    assert timed["games"] == 2 and 0 < timed["median_seconds"] <= timed["slowest_seconds"]
