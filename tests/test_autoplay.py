"""autoplay: seeded games give the same results on one worker, K processes and a Dask cluster."""

from __future__ import annotations

import doctest
import inspect
import io
import json
import math
import os
import re
import signal
import subprocess
import sys
import time
import types
from pathlib import Path

import dask
import distributed  # the [cluster] extra, part of the dev install
import pytest
from conftest import ROOT, checkout_env, default_ctrl_c

from logicmines import autoplay
from logicmines.autoplay import Z95, game_seed, run_autoplay, run_games, show_lines, wilson
from logicmines.bot import first_click, play_game
from logicmines.deal import DealError, deal

BEGINNER = (9, 9, 10)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_wilson_interval_of_no_wins_in_ten() -> None:
    # With no wins the lower bound is 0 and the upper one is z^2 / (n + z^2).
    low, high = wilson(0, 10)
    assert low == 0
    assert high == pytest.approx(Z95**2 / (10 + Z95**2))


def test_wilson_bounds_are_the_roots_of_the_score_equation() -> None:
    # The Wilson bounds are the rates p with (x/n - p)^2 = z^2 p (1 - p) / n.
    wins, games = 81, 263
    low, high = wilson(wins, games)
    assert low < wins / games < high
    for p in (low, high):
        assert (wins / games - p) ** 2 == pytest.approx(Z95**2 * p * (1 - p) / games)
    assert (low, high) == pytest.approx((0.2553, 0.3662), abs=1e-4)


def test_wilson_bounds_stay_within_0_and_1() -> None:
    # At no wins or every win the formula's bound is 0 or 1 up to rounding: it must be exactly.
    assert wilson(0, 7)[0] == 0.0
    assert wilson(16, 16)[1] == 1.0
    for games in range(1, 300):
        for wins in range(games + 1):
            low, high = wilson(wins, games)
            assert 0.0 <= low <= wins / games <= high <= 1.0


def test_game_seeds_are_stable_and_distinct() -> None:
    seeds = [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds[:3] == [game_seed(7, 0), game_seed(7, 1), game_seed(7, 2)]
    assert game_seed(7, 0) != game_seed(8, 0)
    assert game_seed(7, 1) != game_seed(8, 0)  # neighbouring runs share no game
    assert all(0 <= s < 2**64 for s in seeds)


def test_game_i_is_played_from_its_own_seed() -> None:
    [outcome] = run_games(*BEGINNER, "safe", 1, seed=3)
    assert outcome == play_game(*BEGINNER, "safe", game_seed(3, 0))
    assert outcome.seed == game_seed(3, 0)


def test_two_workers_give_the_same_results_as_one() -> None:
    one = list(run_games(*BEGINNER, "zero", 6, seed=11))
    two = list(run_games(*BEGINNER, "zero", 6, seed=11, workers=2))
    assert one == two
    assert [o.seed for o in one] == [game_seed(11, i) for i in range(6)]


def test_a_dask_local_cluster_gives_the_same_results_as_one_worker() -> None:
    here = list(run_games(*BEGINNER, "safe", 5, seed=5))
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        there = list(run_games(*BEGINNER, "safe", 5, seed=5, scheduler=client))
        by_address = list(
            run_games(*BEGINNER, "safe", 5, seed=5, scheduler=cluster.scheduler_address)
        )
        err = Terminal()
        assert run_autoplay(
            "beginner", games=2, seed=5, scheduler=cluster.scheduler_address, out=io.StringIO(),
            err=err,
        ) == 0  # fmt: skip
    assert there == here
    assert by_address == here
    # on a terminal the wait for the cluster is said at once (it may last 30 s), then replaced
    said = f"\rconnecting to the Dask scheduler at {cluster.scheduler_address} ...\x1b[K\r2/2 "
    assert err.getvalue().startswith(said)


@pytest.mark.parametrize("screen", [io.StringIO, Terminal])
@pytest.mark.parametrize("refusal", ["seen at once", "left to Dask"])
def test_a_scheduler_not_there_is_one_line_that_asks_whether_one_runs(
    screen, refusal, monkeypatch
) -> None:
    from logicmines import autoplay

    err = screen()
    if refusal == "left to Dask":  # an address that does not answer at all: Dask's own words
        monkeypatch.setattr(autoplay, "_refused", lambda scheduler: None)
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):  # not Dask's 30 s
        status = run_autoplay("beginner", games=1, scheduler="tcp://127.0.0.1:9", err=err)
    assert status == 2
    line = err.getvalue()
    if screen is Terminal:  # the line that said it was connecting is erased first
        said, line = line.split("\r\x1b[K")
        assert said == "\rconnecting to the Dask scheduler at tcp://127.0.0.1:9 ...\x1b[K"
    assert line.startswith("logicmines: error: autoplay: --scheduler tcp://127.0.0.1:9: ")
    assert line.endswith(
        "is a Dask scheduler running there? `dask scheduler` prints its address)\n"
    )
    assert line.count("\n") == 1
    # a port nothing listens on refuses at once, where Dask retried it for its 30 s
    seen = "nothing listens there (connection refused; " in line
    assert seen is (refusal == "seen at once")


def test_json_lines_then_a_summary() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert (
        run_autoplay("beginner", rules="zero", games=4, seed=2, as_json=True, out=out, err=err) == 0
    )
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    games, summary = lines[:-1], lines[-1]
    assert [g["seed"] for g in games] == [str(game_seed(2, i)) for i in range(4)]
    assert all(set(g) == {"seed", "won", "clicks", "guesses"} for g in games)
    wins = sum(g["won"] for g in games)
    assert summary["games"] == 4 and summary["wins"] == wins
    assert summary["win_rate"] == wins / 4
    assert summary["interval"] == pytest.approx(list(wilson(wins, 4)))
    assert summary["guesses_per_game"] == sum(g["guesses"] for g in games) / 4
    assert err.getvalue() == ""  # progress is for a terminal: into a file or a pipe, nothing


def test_progress_on_a_terminal_is_one_line_rewritten_and_ended() -> None:
    err = Terminal()
    assert run_autoplay("beginner", games=3, seed=2, out=io.StringIO(), err=err) == 0
    shown = err.getvalue()
    assert shown.endswith("\n") and shown.count("\n") == 1 and shown.startswith("\r")
    last = shown.split("\r")[-1]
    found = re.fullmatch(
        r"3/3 games, (\d) won \(\d+\.\d %, 95 % ([\d.]+)-([\d.]+)\), [\d.]+ games/s, ETA 0 s"
        r"\x1b\[K\n",
        last,
    )
    assert found, last
    low, high = wilson(int(found[1]), 3)
    assert found.group(2, 3) == (f"{100 * low:.1f}", f"{100 * high:.1f}")  # the 95 % interval


@pytest.mark.parametrize("screen", [False, True])
def test_results_and_progress_share_a_screen_or_not(monkeypatch, screen: bool) -> None:
    # every update drawn (a clock a second on at each look), so that the line is live as
    # each game's result is written: into a file the line stays one line; on the same screen
    # it is erased before each result and drawn again after it
    ticks = iter(range(10**6))
    clock = types.SimpleNamespace(
        monotonic=lambda: float(next(ticks)), perf_counter=time.perf_counter
    )
    monkeypatch.setattr(autoplay, "time", clock)
    out, err = (Terminal() if screen else io.StringIO()), Terminal()
    assert run_autoplay("beginner", games=3, seed=2, as_json=True, out=out, err=err) == 0
    shown = err.getvalue()
    assert shown.count("\n") == 1 and shown.endswith(" ETA 0 s\x1b[K\n")
    drawn = shown.count(" games/s, ETA ")
    assert drawn == 4  # after each of the three games, and the final one
    # erased before the second and third results (none is drawn before the first)
    assert shown.count("\r\x1b[K") == (2 if screen else 0)
    assert len(out.getvalue().splitlines()) == 4  # three games and the summary


def test_a_run_split_by_start_plays_the_same_games_as_in_one_go() -> None:
    whole = list(run_games(*BEGINNER, "safe", 5, seed=3))
    parts = list(run_games(*BEGINNER, "safe", 2, seed=3))
    parts += list(run_games(*BEGINNER, "safe", 3, seed=3, start=2, workers=2))
    assert parts == whole
    out, err = io.StringIO(), io.StringIO()
    assert run_autoplay("beginner", games=3, seed=3, start=2, as_json=True, out=out, err=err) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [g["seed"] for g in lines[:-1]] == [str(game_seed(3, i)) for i in range(2, 5)]
    assert lines[-1]["start"] == 2 and lines[-1]["wins"] == sum(o.won for o in whole[2:])


def test_text_summary() -> None:
    out = io.StringIO()
    assert run_autoplay("5x5", mines=3, games=3, seed=1, out=out, err=io.StringIO()) == 0
    assert out.getvalue().startswith("5x5, 3 mines, safe start: won ")
    assert "95 % interval" in out.getvalue()
    out = io.StringIO()
    assert run_autoplay("1x2", mines=1, games=2, seed=1, out=out, err=io.StringIO()) == 0
    assert out.getvalue().startswith("1x2, 1 mine, safe start: won 2 of 2 ")


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"size": "huge"}, "a size is HxW"),
        ({"size": "5x5"}, "give --mines N"),
        ({"rules": "classic"}, "--rules is one of safe, zero"),
        ({"games": 0}, "--games must be at least 1"),
        ({"workers": 0}, "--workers must be at least 1"),
        ({"workers": 100_000}, "--workers 100,000 is more than"),
        ({"size": "3x3", "mines": 6, "rules": "zero"}, "holds at most 5 mines"),
        ({"seed": -1}, "a seed is a whole number"),
        ({"backend": "abacus"}, "unknown backend 'abacus'"),
        ({"start": -1}, "--start must be at least 0"),
    ],
)
def test_bad_options_are_one_line_and_status_2(options: dict, said: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run_autoplay(**options, out=out, err=err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().count("\n") == 1
    assert err.getvalue().startswith("logicmines: error: autoplay: ")
    assert said in err.getvalue()


def test_an_engine_that_gives_up_is_a_timeout_line_and_status_3(monkeypatch) -> None:
    from logicmines import autoplay
    from logicmines.engine import EngineTimeout

    played = []

    def gives_up_at_the_third(*args):
        played.append(args)
        if len(played) == 3:
            raise EngineTimeout("clingo", 60.0)
        return play_game(*args)

    monkeypatch.setattr(autoplay, "play_game", gives_up_at_the_third)
    out, err = io.StringIO(), io.StringIO()
    status = run_autoplay("5x5", 3, games=5, seed=1, start=10, backend="clingo", out=out, err=err)
    assert status == 3 and out.getvalue() == ""
    (line,) = err.getvalue().splitlines()[-1:]
    assert line.startswith("logicmines: timeout: game 12 of seed 1: clingo")
    assert line.endswith("(the engines that list every solution play small boards only)")


@pytest.mark.parametrize(
    "engine, seconds, ending",
    [
        ("clingo", "0.3", "fine for small boards; `--backend kanren` counts without listing them"),
        ("kanren", "0.001", "gave up after 0.001 s (its time limit)"),
    ],
)
def test_timeout_stops_a_run_on_the_position_an_engine_takes_longer_over(engine, seconds, ending):
    # clingo lists every solution of a Beginner position (about a minute), and says it is for
    # small boards, once; kanren counts an Expert one in milliseconds, not in one.
    from conftest import run_main

    size = "beginner" if engine == "clingo" else "expert"
    run = run_main(["autoplay", "--size", size, "--games", "2", "--backend", engine,
                    "--timeout", seconds])  # fmt: skip
    assert run.status == 3 and run.out == ""
    (line,) = run.err.splitlines()
    assert line.startswith(f"logicmines: timeout: game 0 of seed 0: {engine}: gave up after ")
    assert line.endswith(ending) and line.count("small boards") <= 1


def test_a_timeout_the_positions_fit_in_changes_no_game() -> None:
    plain = list(run_games(9, 9, 10, "zero", 4, seed=5))
    assert list(run_games(9, 9, 10, "zero", 4, seed=5, timeout=60)) == plain
    assert list(run_games(5, 5, 4, "safe", 3, seed=5, backend="clingo", timeout=30)) == list(
        run_games(5, 5, 4, "safe", 3, seed=5)
    )


def test_clpfd_plays_expert_games_as_kanren_does() -> None:
    # clpfd counts without listing (a sweep over each part of the board), so it plays Expert:
    # every analysis the bot asks of it is kanren's, so every game is the same game. Games 6
    # and 7 of seed 3: won after 8 guesses and 2, over 200 clicks each.
    games = {"start": 6, "seed": 3}
    ours = list(run_games(16, 30, 99, "safe", 2, backend="clpfd", timeout=60, **games))
    assert ours == list(run_games(16, 30, 99, "safe", 2, **games))
    assert [(game.won, game.guesses) for game in ours] == [(True, 8), (True, 2)]


def test_an_engine_that_fails_otherwise_names_the_game_and_is_status_2(monkeypatch) -> None:
    # gprolog out of memory reached the command line without 'autoplay:' or the game's number
    from logicmines import autoplay
    from logicmines.engine import EngineError

    def fails(*args):  # no game is really played: the engine fails at once
        raise EngineError("gprolog: out of memory: the original keeps every solution")

    monkeypatch.setattr(autoplay, "play_game", fails)
    err = io.StringIO()
    options = {"games": 4, "seed": 1, "start": 2, "out": io.StringIO(), "err": err}
    assert run_autoplay("5x5", 3, backend="gprolog", **options) == 2
    (line,) = err.getvalue().splitlines()[-1:]
    assert line.startswith("logicmines: error: autoplay: game 2 of seed 1: gprolog: out of")
    assert line.endswith("(the engines that list every solution play small boards only)")
    # the advice is for the engines that list every solution, not for kanren's failures
    err = io.StringIO()
    assert run_autoplay("5x5", 3, **{**options, "err": err}) == 2
    assert err.getvalue().rstrip().endswith("out of memory: the original keeps every solution")


def test_workers_beyond_the_games_start_no_more_processes(monkeypatch) -> None:
    import multiprocessing

    asked = []
    context = multiprocessing.get_context("spawn")
    real = type(context).Pool

    def pool(self, processes=None, *args, **kwargs):
        asked.append(processes)
        return real(self, processes, *args, **kwargs)

    monkeypatch.setattr(type(context), "Pool", pool)
    games = list(run_games(5, 5, 3, "safe", 2, seed=4, workers=50))
    assert asked == [2] and games == list(run_games(5, 5, 3, "safe", 2, seed=4))


def test_interval_narrows_as_games_grow() -> None:
    widths = [math.fsum((-a, b)) for a, b in (wilson(n // 2, n) for n in (10, 100, 1000))]
    assert widths == sorted(widths, reverse=True)


def test_the_python_examples_in_docs_autoplay_run() -> None:
    text = (ROOT / "docs" / "autoplay.md").read_text(encoding="utf-8")
    examples = re.findall(r"```pycon\n(.*?)```", text, flags=re.S)
    assert len(examples) == 2  # the run and its interval; a game's guesses (one namespace)
    test = doctest.DocTestParser().get_doctest("".join(examples), {}, "docs/autoplay.md", None, 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 8


def _run_in_background(*words: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "logicmines", "autoplay", *words],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=checkout_env(),
        preexec_fn=default_ctrl_c,
        start_new_session=True,  # its own process group: Ctrl-C reaches it and its workers only
    )


def _children(pid: int) -> list[str]:
    """The processes whose parent is `pid` (from /proc, to need no psutil)."""
    found = []
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(status.parent.name)
    return found


@pytest.mark.parametrize(("how", "status"), [("ctrl-c", 130), ("kill", 143)])
def test_a_run_on_workers_stopped_by_ctrl_c_or_kill_ends_them_without_a_traceback(how, status):
    words = ("--size", "9x9", "--mines", "10", "--games", "100000", "--workers", "2")
    run = _run_in_background(*words)
    deadline = time.monotonic() + 60
    while len(_children(run.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)  # the workers started (a spawned process takes about a second)
    time.sleep(2)  # and are playing
    children = _children(run.pid)
    if how == "ctrl-c":
        os.killpg(run.pid, signal.SIGINT)
    else:
        run.send_signal(signal.SIGTERM)
    out, err = run.communicate(timeout=60)
    assert run.returncode == status
    assert err.decode() == ""  # no worker's traceback, no leaked semaphores
    time.sleep(1)
    assert [pid for pid in children if _alive(pid)] == []


def _alive(pid: str) -> bool:
    try:
        state = (Path("/proc") / pid / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_run_whose_reader_goes_away_ends_quietly():
    run = _run_in_background("--size", "3x3", "--mines", "1", "--games", "5000", "--json")
    first = run.stdout.readline()
    run.stdout.close()  # as `| head -1` does
    err = run.stderr.read()
    # 141 as for a command a closed pipe stopped: the run did not end, so not 0
    assert run.wait(timeout=60) == 141 and json.loads(first)["won"] in (True, False)
    assert err.decode() == ""


def test_a_run_past_the_numbers_json_keeps_exactly_is_refused() -> None:
    err = io.StringIO()
    assert run_autoplay("3x3", 1, games=2, start=2**53 - 1, err=err) == 2
    assert "numbered below 2**53 (9,007,199,254,740,992)" in err.getvalue()
    assert "with 2 games goes past" in err.getvalue()
    err = io.StringIO()
    assert run_autoplay("3x3", 1, games=1, start=2**53, err=err) == 2
    assert "with 1 game goes past" in err.getvalue()
    out = io.StringIO()
    assert run_autoplay("3x3", 1, games=1, start=2**53 - 1, as_json=True, out=out) == 0
    assert json.loads(out.getvalue().splitlines()[-1])["start"] == 2**53 - 1


def test_help_says_how_long_each_listing_engine_plays_before_it_stops() -> None:
    """autoplay --help says the engines that list every solution stop a run past --timeout, 60 s
    unless told: each of them is made with that limit (gprolog's help once said it had none)."""
    from logicmines.autoplay import _LISTING
    from logicmines.backends import make_backend

    text = subprocess.run(
        [sys.executable, "-m", "logicmines", "autoplay", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env=checkout_env(),
    ).stdout
    words = " ".join(text.split())
    assert "past --timeout, 60 s unless told" in words
    assert "takes longer than this (no limit; reference, gprolog, clingo and clpfd: 60)" in words
    assert "without a time limit" not in words
    for name in _LISTING:
        assert name in words
        assert make_backend(name).timeout == 60.0


def test_the_short_table_of_docs_autoplay_quotes_the_runs_below_it() -> None:
    """Each win rate and interval of "In short" is one the page reports from its runs further down,
    so the summary cannot drift from them."""
    page = (ROOT / "docs" / "autoplay.md").read_text()
    short, rest = page.split("## In short", 1)[1].split("\n## ", 1)
    quoted = re.findall(r"\d+\.\d %\*{0,2} \(\d+\.\d-\d+\.\d\)", short)
    assert len(quoted) == 6
    for figure in quoted:
        assert figure.replace("**", "") in rest.replace("**", ""), figure


@pytest.mark.parametrize(
    "changed, error, said",
    [
        # "Safe" played a mix of the two rules, "tiebreak" was split into letters (no
        # ingredient at all), ["magic"] was taken, "2" failed deep inside with a raw message
        ({"rule": "Safe"}, ValueError, "run_games: rule is one of safe, zero, not 'Safe'"),
        ({"ingredients": "tiebreak"}, TypeError, "run_games: ingredients are names in a list"),
        ({"ingredients": ["magic"]}, ValueError, "run_games: no ingredient 'magic'; the "),
        ({"games": "2"}, TypeError, "run_games: games must be a whole number, not str '2'"),
        ({"workers": "2"}, TypeError, "run_games: workers must be a whole number"),
        ({"workers": 0}, ValueError, "run_games: workers must be at least 1, not 0"),
        ({"backend": "minisat"}, ValueError, "run_games: no engine 'minisat'; the engines are "),
        # these were not checked until the first game, or not at all (a seed of -1 played)
        ({"height": 0}, DealError, "run_games: a board has at least one row and one column, "),
        ({"width": -3}, DealError, "run_games: a board has at least one row and one column, "),
        ({"height": "9"}, TypeError, "run_games: height must be a whole number, not str '9'"),
        ({"mines": 2.5}, TypeError, "run_games: mines must be a whole number, not float 2.5"),
        ({"seed": -1}, DealError, "run_games: a seed is a whole number from 0 to 2**64 - 1, not "),
        ({"seed": 2**64}, DealError, "run_games: a seed is a whole number from 0 to 2**64 - 1"),
        ({"seed": True}, TypeError, "run_games: seed must be a whole number, not bool True"),
        ({"mines": -1}, DealError, "run_games: the number of mines cannot be negative (-1)"),
        ({"rule": None}, TypeError, "run_games: rule is a str, one of safe, zero, not NoneType"),
        ({"ingredients": 5}, TypeError, "run_games: ingredients are names in a list or tuple "),
        ({"ingredients": "progress"}, TypeError, "run_games: ingredients are names in a list or "
         "tuple, like ('progress',), not one string 'progress'"),
        ({"ingredients": [None]}, TypeError, "run_games: an ingredient is a name, a str, not "),
        ({"ingredients": ["none"]}, ValueError, "run_games: no ingredient 'none' (no ingredient "
         "at all is an empty tuple, ())"),
        ({"backend": None}, TypeError, "run_games: backend is an engine's name, one of kanren"),
        ({"backend": ["kanren"]}, TypeError, "run_games: backend is an engine's name, one of "),
        ({"games": -1}, ValueError, "run_games: games must be at least 0, not -1"),
        ({"start": -1}, ValueError, "run_games: start must be at least 0, not -1"),
        ({"timeout": "1"}, TypeError, "run_games: a timeout is a number of seconds or None, not "
         "str '1'"),
        ({"timeout": 0}, ValueError, "run_games: a timeout is a positive number of seconds"),
    ],
)  # fmt: skip
def test_run_games_checks_its_arguments_when_called(changed, error, said):
    arguments = {"height": 9, "width": 9, "mines": 10, "rule": "safe", "games": 2, **changed}
    with pytest.raises(error) as refused:
        run_games(**arguments)  # refused at the call, before any game is asked for
    assert str(refused.value).startswith(said)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    "size, rule",
    [((5, 5, 30), "safe"), ((3, 3, 6), "zero"), ((16, 30, 472), "zero"), ((1, 1, 1), "safe")],
)
def test_run_games_refuses_mines_that_do_not_fit_in_deal_s_words(size, rule):
    # 5x5 with 30 mines gave a generator, refused only at its first game
    with pytest.raises(DealError) as dealt:
        deal(*size, first=first_click(*size, rule), zero_start=rule == "zero")
    with pytest.raises(DealError) as refused:
        run_games(*size, rule, 1)
    assert str(refused.value) == f"run_games: {dealt.value}"
    assert "holds at most" in str(refused.value)


def test_run_games_is_no_generator_and_checks_before_any_game(monkeypatch) -> None:
    assert not inspect.isgeneratorfunction(run_games)
    played = []
    monkeypatch.setattr(autoplay, "play_game", lambda *args: played.append(args))
    with pytest.raises(DealError, match="^run_games: a board has at least one row"):
        run_games(0, 5, 1, "zero", 1)  # was a ZeroDivisionError at the first next()
    assert played == []


def test_run_games_takes_none_for_every_ingredient_and_fills_the_board() -> None:
    # None is all the ingredients, as run_autoplay takes it; mines may fill all but the click
    assert list(run_games(*BEGINNER, "zero", 2, seed=4, ingredients=None)) == list(
        run_games(*BEGINNER, "zero", 2, seed=4)
    )
    assert [o.won for o in run_games(5, 5, 24, "safe", 2)] == [True, True]
    assert [o.won for o in run_games(3, 3, 5, "zero", 1, seed=2**64 - 1)] == [True]
    assert list(run_games(*BEGINNER, "safe", 0)) == []


def test_wilson_refuses_more_wins_than_games():
    said = r"^wilson: wins must be from 0 to the games \(3\), not 5$"
    with pytest.raises(ValueError, match=said):
        wilson(5, 3)


# --- --show: every guess, why, and the position it was made on --------------------------------


def _shown(**options) -> str:
    out = io.StringIO()
    assert run_autoplay(out=out, err=io.StringIO(), show=True, **options) == 0
    return out.getvalue()


def test_show_is_a_board_file_of_every_guess_that_analyze_agrees_with() -> None:

    from logicmines.backends import make_backend
    from logicmines.parse import parse_boards

    text = _shown(size="intermediate", games=4, seed=6)
    outcomes = list(run_games(16, 16, 40, "safe", 4, seed=6))
    boards = parse_boards(text)  # every line that is not a position is a comment
    assert len(boards) == sum(o.guesses for o in outcomes) > 0
    said = re.findall(
        r"^# guess \d+ of game \d+: \((\d+),(\d+)\), ([\d.]+) % a mine, (.*)$", text, re.M
    )
    assert len(said) == len(boards)
    engine = make_backend("kanren")
    for board, (r, c, risk, rest) in zip(boards, said):
        cell = (int(r), int(c))
        assert board[cell] == "?"
        chance = engine.analyze(board, mines=40).probabilities[cell]
        assert f"{100 * float(chance):.1f}" == risk
        assert rest.startswith(("safe; ", "a mine: the game is lost; "))
        assert re.search(r"; the (best|safest)", rest), rest  # and why
    games = re.findall(
        r"^# game (\d+) of seed 6 \(dealt from seed (\d+)\), first click \(0,0\): (won|lost)",
        text,
        re.M,
    )
    assert [(int(i), int(s), w == "won") for i, s, w in games] == [
        (i, o.seed, o.won) for i, o in enumerate(outcomes)
    ]
    lost = [line for line in text.splitlines() if "a mine: the game is lost" in line]
    assert len(lost) == sum(not o.won for o in outcomes)
    assert text.splitlines()[-1].startswith("# 16x16, 40 mines, safe start: won ")


def test_show_is_the_same_on_two_workers_and_tells_the_endgame_search() -> None:
    one = _shown(size="beginner", games=10, seed=4).splitlines()
    two = _shown(size="beginner", games=10, seed=4, workers=2).splitlines()
    assert two[:-1] == one[:-1] and "guess 1 of game" in "\n".join(one)  # the last: the seconds
    shown = _shown(size="expert", games=3, seed=1)
    assert re.search(r"the best chance of winning the game, [\d.]+ %, by exact search", shown)
    rule = r"the best score \(two clicks \+ progress x 1/5\) of \d+ cells "
    rule += r"(weighed for the [\d,]+ )?nearly as safe as the safest: "
    assert re.search(rule, shown)
    # every score said is the rule applied to the numbers said beside it
    scores = re.findall(
        r"([\d.]+) \(safe ([\d.]+) %, two clicks ([\d.]+) %, progress ([\d.]+) %\)", shown
    )
    assert scores
    for score, safe, two, progress in scores:
        assert float(score) == pytest.approx(float(two) / 100 + float(progress) / 500, abs=2e-3)
        assert float(two) <= float(safe)  # surviving two clicks is no likelier than one


def test_a_lost_game_counts_its_last_click_and_calls_only_its_last_guess_a_mine() -> None:
    lost = next(iter(run_games(16, 16, 40, "safe", 1, seed=0, start=2, trace=True)))
    assert (lost.won, lost.guesses, lost.clicks) == (False, 2, 3)  # (0,0), a safe guess, a mine
    said = [line for line in show_lines(lost, 2, 0, (0, 0)) if line.startswith("# guess")]
    assert ", safe; " in said[0] and "a mine: the game is lost" in said[1]


def test_show_with_json_gives_each_game_its_guesses_exactly() -> None:
    from fractions import Fraction

    from logicmines.board import Board

    out = io.StringIO()
    assert (
        run_autoplay("expert", games=2, seed=1, as_json=True, show=True, out=out, err=io.StringIO())
        == 0
    )
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    outcomes = list(run_games(16, 30, 99, "safe", 2, seed=1, trace=True))
    for record, outcome in zip(lines, outcomes):
        assert len(record["guessed"]) == record["guesses"] == outcome.guesses
        for shown, guess in zip(record["guessed"], outcome.trace):
            assert tuple(shown["cell"]) == guess.cell and shown["why"] == guess.why != ""
            assert Fraction(shown["fraction"]) == guess.risk and shown["risk"] == float(guess.risk)
            assert Board(tuple(shown["rows"])) == guess.board
    assert "guessed" not in lines[-1]


def test_a_choice_made_some_other_way_is_not_given_the_bot_s_words(monkeypatch) -> None:
    import logicmines.bot as bot

    default = bot.choose

    def elsewhere(board, analysis, mines, ingredients, engine):
        chosen = default(board, analysis, mines, ingredients, engine)  # says why for its cell
        others = [cell for cell in analysis.probabilities if cell != chosen]
        return others[0] if others else chosen

    monkeypatch.setattr(bot, "choose", elsewhere)
    outcome = play_game(16, 30, 99, "safe", game_seed(1, 0), trace=True)
    assert outcome.guesses and all(guess.why == "" for guess in outcome.trace)


def test_nouns_ending_in_s_x_ch_sh_take_es() -> None:
    from logicmines.words import plural

    assert [plural(n, "guess") for n in (0, 1, 2)] == ["0 guesses", "1 guess", "2 guesses"]
    assert plural(2, "box") == "2 boxes" and plural(2, "mine") == "2 mines"


def test_the_show_example_in_docs_autoplay_prints_what_the_page_shows() -> None:
    from conftest import run_main

    page = (ROOT / "docs" / "autoplay.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```console\n(.*?)```", page, flags=re.S)
    command, *shown = block.splitlines()
    assert command.startswith("$ logicmines autoplay ")
    run = run_main(command.split()[2:])
    assert run.status == 0

    def timeless(line: str) -> str:
        return re.sub(r"[\d.]+ s per game", "S s per game", line)

    assert [timeless(line) for line in run.out.splitlines()] == [timeless(line) for line in shown]


def test_ingredients_chosen_on_the_command_line_play_as_in_python() -> None:
    from conftest import run_main

    run = run_main(["autoplay", "--size", "beginner", "--games", "6", "--seed", "3",
                    "--ingredients", "endgame,progress", "--json"])  # fmt: skip
    assert run.status == 0, run.err
    *games, summary = [json.loads(line) for line in run.out.splitlines()]
    chosen = ("progress", "endgame")  # in the bot's own order, whatever the order given
    assert summary["ingredients"] == list(chosen)
    played = list(run_games(*BEGINNER, "safe", 6, seed=3, ingredients=chosen))
    assert [(g["won"], g["clicks"], g["guesses"]) for g in games] == [
        (o.won, o.clicks, o.guesses) for o in played
    ]
    plain = run_main(["autoplay", "--size", "beginner", "--games", "6", "--seed", "3",
                      "--ingredients", "none"])  # fmt: skip
    baseline = list(run_games(*BEGINNER, "safe", 6, seed=3, ingredients=()))
    wins = sum(o.won for o in baseline)
    assert plain.out.startswith(f"9x9, 10 mines, safe start (ingredients: none): won {wins} of 6")
    assert "(ingredients" not in run_main(["autoplay", "--size", "beginner", "--games", "1"]).out


def test_all_ingredients_by_name_are_the_default() -> None:
    from conftest import run_main

    # the help said "(default: all)", and `--ingredients all` was "no ingredient 'all'"
    args = ["autoplay", "--size", "beginner", "--games", "3", "--seed", "5", "--json"]
    named, default = run_main([*args, "--ingredients", "all"]), run_main(args)
    assert named.status == default.status == 0
    drop = re.compile(r'"seconds[^,}]*')  # the time each run took
    assert drop.sub("", named.out) == drop.sub("", default.out)


@pytest.mark.parametrize(
    "value, said",
    [
        ("bogus", "no ingredient 'bogus'"),
        ("progress,", "an empty name in 'progress,'"),
        ("none,endgame", "'none' stands alone, not in 'none,endgame'"),
        ("none,", "'none' stands alone, not in 'none,'"),
        ("all,endgame", "'all' stands alone, not in 'all,endgame'"),
    ],
)
def test_an_unknown_ingredient_is_one_line_that_lists_them(value, said) -> None:
    from conftest import run_main

    run = run_main(["autoplay", "--games", "1", "--ingredients", value])
    assert run.status == 2 and run.out == ""
    (line,) = run.err.splitlines()
    assert line.startswith(f"logicmines: error: argument --ingredients: {said}: the ingredients")


def test_run_autoplay_refuses_ingredients_given_as_one_string():
    # it was read letter by letter: "no ingredient 'p'", as if the user had typed that
    with pytest.raises(TypeError, match=r"^run_autoplay: ingredients are names in a list"):
        run_autoplay("beginner", games=1, ingredients="progress", err=io.StringIO())


@pytest.mark.parametrize("timeout, error", [("1", TypeError), (0, ValueError)])
def test_run_autoplay_names_itself_for_a_timeout_it_cannot_use(timeout, error):
    with pytest.raises(error, match=r"^run_autoplay: a timeout is a"):
        run_autoplay("beginner", games=1, timeout=timeout, err=io.StringIO())


def test_workers_beside_a_scheduler_is_refused_before_any_connection() -> None:
    """The games of a cluster run on its own workers: --workers K was taken and not used (and
    a scheduler that is not there was waited for 30 s before the line said so)."""
    from conftest import run_main

    run = run_main(
        ["autoplay", "--size", "4x4", "--mines", "2", "--games", "2", "--workers", "2",
         "--scheduler", "tcp://127.0.0.1:9"]
    )  # fmt: skip
    assert run.status == 2 and run.out == ""
    assert run.err == (
        "logicmines: error: autoplay: --workers K starts local processes, and --scheduler plays "
        "on the cluster's own workers: give one of them\n"
    )


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        (("1", 4), TypeError, "wilson: wins must be a whole number, not str '1'"),
        ((1.5, 4), TypeError, "wilson: wins must be a whole number, not float 1.5"),
        ((1, 4, -1), ValueError, "wilson: z must be a positive number"),  # low above high
        ((1, 4, math.nan), ValueError, "wilson: z must be a positive number"),  # (0, 1)
    ],
)
def test_wilson_refuses_what_is_no_count_of_games_or_width(args, error, words):
    with pytest.raises(error, match="^" + re.escape(words)):
        wilson(*args)


def test_wilson_takes_counts_past_what_a_float_holds():
    # wins / games overflowed past 10**308 games
    assert wilson(10**400, 10**400) == (1.0, 1.0)
    low, high = wilson(10**400, 2 * 10**400)
    assert low == pytest.approx(0.5) and high == pytest.approx(0.5)
    assert wilson(12094, 30000) == pytest.approx((0.39760, 0.40870), abs=5e-6)


def test_run_games_takes_trace_as_true_or_false_only():
    with pytest.raises(TypeError, match=r"^run_games: trace must be True or False, not str 'no'"):
        run_games(*BEGINNER, "safe", 1, trace="no")  # "no" was taken as true
