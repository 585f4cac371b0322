"""logicmines play: the game (GameState) and its screen (PlayApp), driven headless by textual's
own test pilot (`App.run_test()`). textual is imported plainly: where it is missing these tests
fail, they do not skip (it comes with the `dev` extra)."""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import pty
import re
import subprocess
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest
import textual  # noqa: F401 (missing textual is a failure here, never a skip)
from conftest import checkout_env, run_main
from oracle import all_models
from textual import events

from logicmines.analysis import Analysis
from logicmines.backends import make_backend
from logicmines.board import Cell
from logicmines.game import GameError, GameState, load_game, new_game
from logicmines.parse import BoardSyntaxError
from logicmines.play_app import KEYS, BoardView, KeysScreen, PlayApp, draw, prepare, run_play
from logicmines.reveal import reveal
from logicmines.solvable import solvable
from logicmines.stats import board_stats
from logicmines.words import percent

# A game of 4 mines (at 0,1 0,2 2,3 3,4) after the click 3,0. Its hidden squares have chances of
# 0, 1/6, 1/3, 5/6 and 1 with the total of 4.
MIDGAME = "EMMEE\n123EE\nBB1ME\nBB1EM\n"
MIDGAME_MINES = {(0, 1), (0, 2), (2, 3), (3, 4)}
# Two mines in the right column; the click 1,0 opened everything left of column 3.
CORNERS = "BB1M\nBB1E\nBB1E\nBB1M\n"


def played(test):
    """An async test of the screen, run to the end in its own event loop (no pytest plugin)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return run


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def app_for(state: GameState, tmp_path: Path, backend: str = "kanren") -> PlayApp:
    return PlayApp(state, make_backend(backend), tmp_path / "saved.txt")


def loaded(text: str, clock=None) -> GameState:
    return load_game(text, "<test>", clock or Clock())


def screen_rows(app: PlayApp) -> list[str]:
    """The board as drawn on the screen, one line per row (the column numbers left out)."""
    field = app.query_one(BoardView)
    return field.text.plain.split("\n")[field.header :]


def face(app: PlayApp, cell: Cell) -> str:
    """The text one square shows on the screen."""
    size = 4 if app.hints and app.analysis else 3
    label = len(str(app.state.height - 1)) + 2  # the row's number, a space either side
    r, c = cell
    return screen_rows(app)[r][label + c * size : label + (c + 1) * size]


def status_line(app: PlayApp) -> str:
    return str(app.query_one("#status").content)


def message(app: PlayApp) -> str:
    return str(app.query_one("#message").content)


async def click(pilot, app: PlayApp, cell: Cell, button: int = 1) -> None:
    """A mouse click on a square, where the screen draws it."""
    size = 4 if app.hints and app.analysis else 3
    label = len(str(app.state.height - 1)) + 2
    field = app.query_one(BoardView)
    r, c = cell
    offset = (label + c * size + 1 - field.shift, r + field.header - field.scroll_y)
    await pilot.click(BoardView, offset=offset, button=button)
    await pilot.pause()


async def hints_shown(pilot, app: PlayApp) -> None:
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()


# --- the game, without a screen -------------------------------------------------------------------


def test_the_first_click_is_never_a_mine():
    # 24 mines in 25 squares: the square clicked first is the only safe one, wherever it is.
    for seed in range(20):
        cell = (seed % 5, seed // 4 % 5)
        game = new_game(5, 5, 24, seed=seed)
        assert game.status == "ready" and not game.dealt
        assert game.click(cell)
        assert game.status == "won" and game.board[cell].isdigit(), (seed, game.board.rows)


def test_a_chord_opens_what_clicking_each_unflagged_neighbour_opens():
    for board_text, flag, digit in [(CORNERS, (0, 3), (0, 2)), (MIDGAME, (2, 3), (3, 2))]:
        game = loaded(board_text)
        expected = game.board
        for n in game.board.neighbours(digit):
            if n != flag and expected[n] in "EM":
                expected = reveal(expected, n)
        assert not game.chord(digit), "a digit without its flags opens nothing"
        game.flag(flag)
        assert game.chord(digit)
        assert game.board == expected


def test_a_chord_with_a_wrong_flag_loses():
    game = loaded(CORNERS)
    game.flag((1, 3))  # no mine there: the mine beside 1,2 is 0,3
    assert game.chord((1, 2))
    assert game.status == "lost" and game.board[(0, 3)] == "X"
    assert game.square((1, 3)) == "W"


def test_a_chord_that_loses_takes_the_flags_off_the_squares_it_opened():
    # the chord's first square is a blank whose opening reaches both flags before the mine at 0,2
    # goes off: the lost screen drew them as x (a flag on no mine) over the opened blanks
    game = loaded("E1MEE\nEEEEE\nEEEEE\n")
    game.flag((1, 0))  # a wrong flag beside the 1: the chord opens the mine
    game.flag((0, 4))
    assert game.chord((0, 1))
    assert game.status == "lost" and game.board.rows == ("B1X1B", "B111B", "BBBBB")
    assert game.flags == set() and game.mines_left == 1
    assert game.square((1, 0)) == "B" and game.square((0, 4)) == "B"


def test_a_new_game_refuses_more_mines_than_fit_around_the_first_click():
    # worded as generate game words it; it had said "a 3x3 game holds from 0 to 0 mines"
    with pytest.raises(GameError) as raised:
        new_game(3, 3, 9)
    assert str(raised.value) == "3x3 holds at most 8 mines with the first click kept safe, not 9"
    with pytest.raises(GameError) as raised:
        new_game(3, 3, 8, zero_start=True)
    assert str(raised.value) == (
        "3x3 holds at most 0 mines with a zero start wherever the first click is (up to 9 "
        "squares kept clear), not 8"
    )
    with pytest.raises(GameError, match=r"^4x4 holds at most 7 mines with a zero start"):
        new_game(4, 4, 8, zero_start=True)
    with pytest.raises(GameError, match=r"^the number of mines cannot be negative \(-1\)$"):
        new_game(4, 4, -1)
    with pytest.raises(GameError, match=r"at least one row"):
        new_game(0, 4, 1)
    assert new_game(3, 3, 0, zero_start=True).mines == 0


def test_play_words_too_many_mines_as_generate_does():
    played = run_main(["play", "--size", "3x3", "--mines", "8", "--zero-start"])
    assert played.status == 2
    assert played.err == (
        "logicmines: error: 3x3 holds at most 0 mines with a zero start wherever the first click "
        "is (up to 9 squares kept clear), not 8\n"
    )
    generated = run_main(["generate", "game", "4x4", "--mines", "8", "--zero-start"])
    assert "4x4 holds at most 7 mines with a zero start at (2,2)" in generated.err


def test_the_timer_starts_at_the_first_move_and_stops_when_the_game_ends():
    clock = Clock()
    game = loaded(CORNERS, clock)
    clock.now += 50
    assert game.seconds() == 0
    game.flag((0, 3))
    clock.now += 7
    assert game.seconds() == 7
    game.click((1, 3))
    game.click((2, 3))
    assert game.status == "won"
    clock.now += 30
    assert game.seconds() == 7


@pytest.mark.parametrize(
    "text, error",
    [
        ("1?\n*?\n", "<test>:1: a puzzle board (0-8 * ?) does not say where the mines are"),
        ("EM\n\nME\n", "<test>: holds 2 boards; play loads a file of one game"),
        (
            "2M\nEE\n",
            "<test>:1:1: (0,0) shows 2 but 1 mine is marked around it (M or X): where the board's "
            "own mines are played, every mine must be marked",
        ),
        ("# flags: 0,0\n1E\n1M\n", "<test>:1:10: the flag at (0,0) is on a revealed square"),
        (
            "# flags: 1,1  5,0\n1E\n1M\n",
            "<test>:1:15: the flag at (5,0) is outside the board (2 rows",
        ),
        ("# flags: 1;1\n1E\n1M\n", "<test>:1:10: a flag is written R,C (row and column from 0)"),
    ],
)
def test_a_bad_game_file_is_one_located_error(text, error):
    with pytest.raises(GameError) as raised:
        load_game(text, "<test>")
    assert str(raised.value).startswith(error)
    assert "\n" not in str(raised.value)


def test_what_is_no_board_at_all_is_a_syntax_error():
    with pytest.raises(BoardSyntaxError, match="<test>"):
        load_game("EZ\n", "<test>")


def test_nothing_can_be_saved_before_the_mines_are_laid():
    with pytest.raises(GameError, match="nothing to save yet"):
        new_game(9, 9, 10).saved_text()


# --- the screen -----------------------------------------------------------------------------------


@played
async def test_the_first_click_opens_a_region(tmp_path):
    game = new_game(9, 9, 10, seed=5, zero_start=True)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert all(set(row[3:]) == {" ", "."} for row in screen_rows(app))  # all hidden
        await click(pilot, app, (2, 6))
        assert game.dealt and game.status in ("playing", "won")
        assert game.board[(2, 6)] == "B"
        opened = [cell for cell in game.board.cells() if game.board[cell] not in "EM"]
        assert len(opened) >= 9
        for cell in game.board.cells():
            shown = face(app, cell).strip()
            letter = game.board[cell]
            want = "." if letter in "EM" else "" if letter == "B" else letter
            assert shown == want, cell
        assert "Clicks   1" in status_line(app)
        assert f"3BV {board_stats(game.board).bbbv:>3}" in status_line(app)


@played
async def test_space_reveals_the_square_under_the_cursor(tmp_path):
    game = new_game(9, 9, 10, seed=1)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("up", "left", "space")
        assert app.cursor == (3, 3)
        assert game.dealt and game.board[(3, 3)] not in "EMX"


@played
async def test_flag_and_unflag_move_the_mine_counter(tmp_path):
    app = app_for(loaded(MIDGAME), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Mines   4" in status_line(app)
        await click(pilot, app, (0, 1), button=3)
        assert face(app, (0, 1)) == " F " and "Mines   3" in status_line(app)
        await click(pilot, app, (0, 1), button=3)
        assert face(app, (0, 1)) == " . " and "Mines   4" in status_line(app)
        app.cursor = (0, 4)
        await pilot.press("f")
        assert face(app, (0, 4)) == " F " and "Mines   3" in status_line(app)
        await click(pilot, app, (0, 4))  # a left click on a flag does nothing
        assert app.state.board[(0, 4)] == "E" and app.state.status == "playing"


@played
async def test_a_chord_on_a_satisfied_digit_opens_its_other_neighbours(tmp_path):
    app = app_for(loaded(CORNERS), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, (0, 3), button=3)
        await click(pilot, app, (0, 2))  # a left click on a digit chords
        assert face(app, (1, 3)) == " 1 "
        app.cursor = (3, 2)
        await pilot.press("c")  # not satisfied: no flag beside it
        assert face(app, (2, 3)) == " . "
        await click(pilot, app, (3, 3), button=3)
        await click(pilot, app, (3, 2), button=2)  # the middle button chords
        assert app.state.status == "won"


@played
async def test_losing_shows_every_mine(tmp_path):
    app = app_for(loaded(MIDGAME), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, (0, 0), button=3)  # a flag on no mine
        await click(pilot, app, (0, 2), button=3)  # a flag on a mine
        await click(pilot, app, (2, 3))
        assert app.state.status == "lost"
        assert face(app, (2, 3)) == " X "
        assert face(app, (0, 0)) == " x "
        assert face(app, (0, 2)) == " F "
        assert face(app, (0, 1)) == " * " and face(app, (3, 4)) == " * "
        assert message(app).startswith("Boom: the mine at 2,3 went off (")
        assert message(app).endswith("n new game, s save, q quit")  # s saves a lost game too
        await click(pilot, app, (0, 4))  # the game is over: nothing more opens
        assert face(app, (0, 4)) == " . "


# Four mines down column 3; a click at 0,0 opens everything left of them.
OPENING = "EEEMEE\nEEEMEE\nEEEMEE\nEEEMEE\n"


@played
async def test_an_opening_over_flags_takes_them_off_and_the_game_saves_and_loads(tmp_path):
    # the flags stayed on the opened squares: drawn as F, stuck (right click could not take them
    # off), the counter at 2 with 4 mines hidden, and s saved a file --load refused
    saved = tmp_path / "opening.txt"
    app = PlayApp(loaded(OPENING), make_backend("kanren"), saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, (0, 1), button=3)
        await click(pilot, app, (2, 0), button=3)
        assert "Mines   2" in status_line(app) and face(app, (0, 1)) == " F "
        await click(pilot, app, (0, 0))
        assert app.state.board.rows[0] == "BB2MEE" and app.state.flags == set()
        assert face(app, (0, 1)) == "   " and face(app, (2, 0)) == "   "
        assert "Mines   4" in status_line(app) and "Clicks   3" in status_line(app)
        await click(pilot, app, (0, 1), button=3)  # a revealed square takes no flag
        assert app.state.flags == set() and "Clicks   3" in status_line(app)
        await pilot.press("s")
        assert message(app).startswith(f"saved to {saved}")
    assert "flags" not in saved.read_text()
    state, _, save_to, _ = prepare(arguments(load=str(saved)))  # as play --load reads it
    assert state.board == app.state.board and state.flags == set() and save_to == saved
    assert (state.mines_left, state.clicks) == (4, 3)


@played
async def test_a_lost_chord_draws_no_wrong_flag_on_the_squares_it_opened(tmp_path):
    app = app_for(loaded("E1MEE\nEEEEE\nEEEEE\n"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, (1, 0), button=3)
        await click(pilot, app, (0, 4), button=3)
        await click(pilot, app, (0, 1), button=2)
        assert app.state.status == "lost" and face(app, (0, 2)) == " X "
        assert face(app, (1, 0)) == "   " and face(app, (0, 4)) == "   "  # were " x "
        assert "Mines   1" in status_line(app)


@played
async def test_winning_flags_every_mine_and_stops(tmp_path):
    app = app_for(loaded(MIDGAME), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        safe = [c for c in app.state.board.cells() if app.state.board[c] == "E"]
        for cell in safe:
            await click(pilot, app, cell)
        assert app.state.status == "won"
        assert message(app).startswith("You won: 4 mines found")
        assert "Mines   0" in status_line(app)
        assert {c for c in app.state.board.cells() if face(app, c) == " F "} == MIDGAME_MINES


@played
async def test_the_clock_tick_after_the_widgets_are_gone_does_nothing(tmp_path):
    # the once-a-second tick could come while the app closed, its widgets gone: NoMatches
    app = app_for(loaded(MIDGAME), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.query_one("#status").remove()
        await pilot.pause()
        app._show_status()  # raised NoMatches: No nodes match '#status'


@played
async def test_a_win_in_under_a_second_gives_no_rate(tmp_path):
    # a win in one click took no time: 3BV 1 made a rate of thousands per second
    clock = Clock()
    app = app_for(loaded("EEE\nEEE\nEEM\n", clock), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        clock.now += 0.4  # the timer starts at the click itself
        await click(pilot, app, (0, 0))
        assert app.state.status == "won"
        assert message(app) == (
            "You won: 1 mine found in 0.0 s, 3BV 1, 1 click. n new game, s save, q quit"
        )
    clock = Clock()
    app = app_for(loaded("EEE\nEEE\nEEM\n", clock), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, (0, 0), button=3)
        await click(pilot, app, (0, 0), button=3)
        clock.now += 4
        await click(pilot, app, (0, 0))
        assert message(app).startswith("You won: 1 mine found in 4.0 s, 3BV 1 (0.25/s), 3 clicks.")


@played
async def test_the_hint_overlay_shows_what_analyze_says(tmp_path):
    game = loaded(MIDGAME)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for cell in (0, 1), (0, 2), (1, 3):  # flags: their chances are shown beside them
            await click(pilot, app, cell, button=3)
        await hints_shown(pilot, app)
        analysis = make_backend("kanren").analyze(game.board, 4)
        assert app.analysis == analysis
        hidden = [cell for cell in game.board.cells() if game.board[cell] in "EM"]
        assert sorted(analysis.probabilities) == hidden
        for cell in hidden:
            shown = face(app, cell)
            want = percent(analysis.probabilities[cell])
            if cell in ((0, 1), (0, 2), (1, 3)):
                assert shown == {"83": "F83 ", "100": "  F ", "0": " F0 "}[want], cell
            elif cell == analysis.best:
                assert shown == f"[{want:>2}]", cell
            else:
                assert shown == f"{want:>3} ", cell
                assert shown[-1] == " " and len(shown) == 4  # a gap before the next square
        assert message(app) == (
            "hints by kanren: 1 safe square, 1 certain mine; best click 1,3 (0%)"
        )


def test_the_hint_overlay_matches_plain_enumeration():
    game = loaded(MIDGAME)
    models = [rows for rows in all_models(game.board) if "".join(rows).count("*") == 4]
    analysis = game.analyze(make_backend("kanren"))
    for cell, chance in analysis.probabilities.items():
        mines = sum(rows[cell[0]][cell[1]] == "*" for rows in models)
        assert chance == Fraction(mines, len(models)), cell
    assert set(analysis.probabilities.values()) == {0, Fraction(1, 6), Fraction(1, 3)} | {
        Fraction(5, 6),
        1,
    }


@played
async def test_hints_follow_the_game_and_turn_off(tmp_path):
    app = app_for(loaded(MIDGAME), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await hints_shown(pilot, app)
        await click(pilot, app, (1, 3))
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.analysis == make_backend("kanren").analyze(app.state.board, 4)
        assert face(app, (1, 3)).strip() == app.state.board[(1, 3)]
        await pilot.press("h")
        assert face(app, (0, 4)) == " . "


@played
async def test_hints_wait_for_the_first_click_which_lays_the_mines(tmp_path):
    # Before the first click no mine is laid: the board's chances (10/81 each here) are not the
    # game's, as the square clicked first is safe wherever it is. The overlay waits for it.
    app = app_for(new_game(9, 9, 10, seed=3, zero_start=True), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await hints_shown(pilot, app)
        assert app.hints and app.analysis is None and not app.state.dealt
        assert message(app) == (
            "hints after the first click: it and its neighbours can never hold a mine, "
            "wherever it is"
        )
        assert face(app, (0, 0)) == " . "
        await click(pilot, app, (4, 4))
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.state.dealt
        assert app.analysis == make_backend("kanren").analyze(app.state.board, 10)
        assert message(app).startswith("hints by kanren: ")
        await pilot.press("n")  # a new game is not dealt either: the overlay waits again
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.hints and app.analysis is None
        assert message(app).startswith("seed 4 (zero start); hints after the first click: it and")


@played
async def test_hints_without_colour_still_mark_the_best_click(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_for(loaded(MIDGAME), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.no_color
        await hints_shown(pilot, app)
        assert face(app, (1, 3)) == "[ 0]" and face(app, (0, 2)) == "100 "


@played
async def test_save_and_load_round_trip(tmp_path):
    clock = Clock()
    game = new_game(9, 9, 10, seed=11, clock=clock)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        clock.now += 12.5
        hidden = next(c for c in game.board.cells() if game.board[c] == "E")
        app.cursor = hidden
        await pilot.press("f", "s")
        before = screen_rows(app)
        assert message(app) == f"saved to {app.save_to}: logicmines play --load {app.save_to}"
    again = load_game(app.save_to.read_text(), str(app.save_to), Clock())
    assert again.board == game.board and again.flags == {hidden}
    assert (again.clicks, again.seconds(), again.mines, again.seed) == (2, 12.5, 10, 11)
    assert again.bbbv == game.bbbv
    app2 = app_for(again, tmp_path)
    async with app2.run_test(size=(80, 24)):
        assert screen_rows(app2) == before
        assert "Clicks   2" in status_line(app2) and "Time   12" in status_line(app2)


def test_a_long_game_keeps_its_seconds_through_saving_and_loading():
    # 1234567.8 s was saved as "1.23457e+06 s", read back as 6 s
    game = loaded(MIDGAME)
    for seconds, said in ((1234567.8, "1234567.8 s"), (2.0, ", 2 s"), (12.25, "12.2 s")):
        game.seconds_before = seconds
        assert said in game.saved_text()
        assert loaded(game.saved_text()).seconds() == round(seconds, 1)


def test_a_game_keeps_how_it_was_dealt_through_saving_and_loading(tmp_path):
    game = new_game(9, 9, 10, seed=3, no_guess=True, zero_start=True, clock=Clock())
    game.click((4, 4))
    text = game.saved_text()
    assert text.startswith("# logicmines play: 9x9, 10 mines (no guess, zero start), seed 3, ")
    again = loaded(text)
    assert (again.no_guess, again.zero_start, again.seed) == (True, True, 3)
    plain = new_game(9, 9, 10, seed=3, clock=Clock())
    plain.click((4, 4))
    assert (loaded(plain.saved_text()).no_guess, loaded(plain.saved_text()).zero_start) == (
        False,
        False,
    )


def test_a_game_from_generate_loads_with_how_it_was_dealt():
    dealt = run_main(["generate", "game", "beginner", "--no-guess", "--zero-start", "--seed", "3"])
    assert dealt.status == 0 and dealt.out.startswith("# 9x9, 10 mines, first click 4,4 (")
    game = loaded(dealt.out)
    assert (game.no_guess, game.zero_start, game.seed, game.clicks) == (True, True, 3, 0)
    other = loaded(run_main(["generate", "game", "5x5", "--mines", "3", "--seed", "9"]).out)
    assert (other.no_guess, other.zero_start, other.seed) == (False, False, 9)


@played
async def test_a_loaded_game_starts_with_the_cursor_on_the_first_click_it_was_dealt_for(tmp_path):
    # the cursor started at the centre, and the line said "no guess": a game no guess wins only
    # from the first click the file names
    dealt = run_main(
        ["generate", "game", "beginner", "--no-guess", "--zero-start", "--first", "0,0"]
        + ["--seed", "3"]
    )
    assert dealt.out.startswith("# 9x9, 10 mines, first click 0,0 (no guess, zero start), seed 3")
    game = loaded(dealt.out)
    assert game.first_click == (0, 0)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.cursor == (0, 0)
        assert message(app) == (
            "9x9, 10 mines, seed 3 (no guess, zero start): first click 0,0, under the cursor: "
            "the mines were laid for it; h hints, ? keys, q quit"
        )
        await pilot.press("h")  # no chance of 12 % at 0,0: the mines were laid for it
        assert message(app) == (
            "hints after the first click: 0,0 is safe, the mines were laid for it"
        )
        assert app.analysis is None
        await pilot.press("h")
        await pilot.press("s")  # before the first click the saved game keeps it
        assert loaded(app.save_to.read_text()).first_click == (0, 0)
        await pilot.press("space")
        assert game.board[(0, 0)] == "B" and game.status == "playing"
        assert game.first_click is None  # the game is under way: nothing to say of it any more
        await pilot.press("s")
        assert "first click" not in app.save_to.read_text()


@played
async def test_n_after_a_game_too_dense_to_deal_again_says_so_and_keeps_the_game(tmp_path):
    # dealt for its corner (4 squares kept clear), 5 mines fit 3x4 with a zero start; a new
    # game, whose first click may fall in the middle (9 kept clear), holds 3: n raised GameError
    dealt = run_main(
        ["generate", "game", "3x4", "--mines", "5", "--zero-start", "--first", "0,0"]
        + ["--seed", "1"]
    )
    assert dealt.status == 0
    game = loaded(dealt.out)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert app.state is game
        assert message(app) == (
            "cannot deal a new game: 3x4 holds at most 3 mines with a zero start wherever the "
            "first click is (up to 9 squares kept clear), not 5; this game goes on"
        )
        await pilot.press("space")  # the loaded game goes on
        assert game.board[(0, 0)] != "E"


def test_a_first_click_is_read_only_where_it_can_be_clicked():
    text = run_main(
        ["generate", "game", "5x5", "--mines", "3", "--first", "1,2", "--seed", "2"]
    ).out
    assert loaded(text).first_click == (1, 2)
    with pytest.raises(GameError) as raised:  # a hand-edited line, off the board
        loaded(text.replace("first click 1,2", "first click 9,2"))
    assert str(raised.value) == (
        "<test>:1:29: the first click at (9,2) is outside the board (5 rows x 5 columns)"
    )
    opened = "\n".join(reveal(loaded(text).board, (1, 2)).rows) + "\n"
    assert loaded(text.splitlines()[0] + "\n" + opened).first_click is None  # already played
    assert loaded(MIDGAME).first_click is None  # no line names one


def test_a_first_click_on_a_mine_is_refused_where_the_line_names_it(tmp_path):
    # the game would say the mines were laid for it, and the click would lose at once
    text = "# 2x2, 1 mine, first click 1,1, seed 18\nEE\nEM\n"
    with pytest.raises(GameError) as raised:
        loaded(text)
    assert str(raised.value) == (
        "<test>:1:28: the first click (1,1) is a mine on the board, where the line says the "
        "mines were laid to keep it safe"
    )
    assert loaded(text.replace("1,1,", "0,0,")).first_click == (0, 0)
    (tmp_path / "g.txt").write_text(text)
    run = run_main(["play", "--load", str(tmp_path / "g.txt")])
    assert run.status == 2 and run.err.count("\n") == 1 and "g.txt:1:28: the first" in run.err


def test_counts_of_a_thousand_and_more_are_read_with_their_digit_grouping():
    from logicmines.deal import deal, game_lines

    text = "\n".join(game_lines(deal(40, 40, 1000, zero_start=True, seed=3))) + "\n"
    assert text.startswith("# 40x40, 1,000 mines, first click 20,20 (zero start), seed 3\n")
    game = loaded(text)
    assert (game.mines, game.zero_start, game.seed) == (1000, True, 3)
    game.clicks = 1234
    game.click((20, 20))
    assert ", 1,235 clicks, " in game.saved_text()
    assert loaded(game.saved_text()).clicks == 1235


def test_a_game_board_without_saved_lines_loads(tmp_path):
    game = loaded("EEEEE\nEEMEE\nEEEEE\nEEEEE\n")  # LeetCode 529, example 1
    assert (game.mines, game.clicks, game.flags, game.status) == (1, 0, set(), "playing")
    game.click((3, 0))
    assert game.board.rows == ("B1E1B", "B1M1B", "B111B", "BBBBB")


@played
async def test_a_board_that_names_no_seed_is_given_none(tmp_path):
    # it said "seed 0", saved "seed 0" into the file, and n dealt "seed 1"
    app = app_for(loaded(MIDGAME), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.state.seed is None
        assert message(app).startswith("4x5, 4 mines: go on")
        await pilot.press("s")
        saved = app.save_to.read_text()
        assert (
            saved.startswith("# logicmines play: 4x5, 4 mines, 0 clicks, ") and "seed" not in saved
        )
        assert loaded(saved).seed is None
        await pilot.press("n")
        assert app.state.seed is not None and not app.state.dealt  # a seed of its own


@played
async def test_new_game_deals_again_with_the_next_seed(tmp_path):
    game = new_game(9, 9, 10, seed=4)
    app = PlayApp(game, make_backend("kanren"))  # saves under a name of its own
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "n")
        assert app.state is not game and app.state.seed == 5 and not app.state.dealt
        assert "Clicks   0" in status_line(app)
        assert app.save_to == Path("logicmines-9x9-seed5.txt")
        assert message(app).startswith("9x9, 10 mines, seed 5: click a square")
        await pilot.press("h", "n")  # with hints on, the line still says the seed
        assert app.state.seed == 6
        assert message(app).startswith("seed 6; hints after the first click: it can never")


@played
async def test_question_mark_shows_the_keys_and_any_key_closes_them(tmp_path):
    app = app_for(new_game(9, 9, 10), tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, KeysScreen)
        keys = str(app.screen.query_one("#keys").content)
        assert "right click       flag or unflag" in keys
        await pilot.press("x")
        assert not isinstance(app.screen, KeysScreen)


@played
async def test_the_keys_fit_an_80_column_terminal_whole(tmp_path):
    # the widest line was 83 characters: in its box (border and padding, 87 in all) the ends of
    # the lines were cut at 80 columns
    app = app_for(new_game(9, 9, 10), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        keys = app.screen.query_one("#keys")
        assert keys.region.x >= 0 and keys.region.right <= 80
        assert keys.region.y >= 0 and keys.region.bottom <= 24
        lines = KEYS.split("\n")
        assert [keys.render_line(y).text.rstrip() for y in range(len(lines))] == lines
        assert max(len(line) for line in lines) + 4 <= 80  # its border and padding: 4 columns


@played
async def test_a_no_guess_game_is_dealt_off_the_screens_thread_and_then_clicked(tmp_path):
    game = new_game(9, 9, 10, seed=3, no_guess=True, zero_start=True)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert game.dealt and not app.dealing and game.clicks == 1
        assert game.board[app.cursor] == "B"  # the zero start opened
        # the game its seed deals for that click, whichever thread deals it: won by logic
        layout = new_game(9, 9, 10, seed=3, no_guess=True, zero_start=True).deal_for(app.cursor)
        assert solvable(layout.board, app.cursor, mines=10).won
        assert game.board == reveal(layout.board, app.cursor)


@played
async def test_while_a_no_guess_game_is_dealt_moves_wait_and_q_quits(tmp_path, monkeypatch):
    release, asked = threading.Event(), []
    real = GameState.deal_for

    def slow(state, first, progress=None):
        asked.append(first)
        progress(1, 100)
        release.wait(30)  # a deal that takes long: until the test lets it go
        return real(state, first, progress)

    monkeypatch.setattr(GameState, "deal_for", slow)
    game = new_game(9, 9, 10, seed=3, no_guess=True)
    app = app_for(game, tmp_path)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("space")
            await pilot.pause()
            assert app.dealing and asked == [(4, 4)]
            assert message(app).startswith("dealing a game that needs no guess")
            assert message(app).endswith("q quits")
            await pilot.press("right", "space", "f", "n", "s")  # ignored, but the cursor moves
            await pilot.pause()
            assert asked == [(4, 4)] and app.state is game and not game.flags
            assert app.cursor == (4, 5) and not app.save_to.exists()
            began = time.monotonic()
            await pilot.press("q")
            await pilot.pause()
            assert not app.is_running and time.monotonic() - began < 5
    finally:
        release.set()
    assert not game.dealt  # the game ended before its mines were laid


@played
async def test_keys_that_arrive_together_close_the_keys_once_and_the_game_goes_on(tmp_path):
    app = app_for(new_game(9, 9, 10), tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        for _ in range(3):  # a held arrow: the keys queue before the first one is handled
            keys.post_message(events.Key("down", None))
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, KeysScreen) and app.is_running
        await pilot.press("space")
        assert app.state.dealt


@played
async def test_a_board_larger_than_the_terminal_scrolls_to_the_cursor_under_its_numbers(tmp_path):
    game = new_game(40, 100, 400, seed=2)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        field = app.query_one(BoardView)
        await pilot.press(*["right"] * 60, *["down"] * 25)
        await pilot.pause()
        assert app.cursor == (39, 99)
        shift, scroll_y = field.shift, field.scroll_y
        assert shift > 0 and scroll_y > 0
        lines = [field.render_line(y).text for y in range(field.scrollable_content_region.height)]
        label = 4  # "39 ": the widest row number and a space either side
        # every row on the screen starts with its own number, and the top line is the columns'
        for y, line in enumerate(lines[1:], start=1):
            assert int(line[:label]) == y + scroll_y - 1
        assert lines[0][:label] == " " * label
        # the cursor's square is in view, under its column's number and after its row's
        r, c = app.cursor
        x, y = label + c * 3 - shift, r + 1 - scroll_y
        assert label <= x < 80 - 3 and 1 <= y
        assert int(lines[y][:label]) == r
        assert lines[0][x : x + 2] == str(c)[-2:]
        assert lines[y][x : x + 3] == " . "
        # a click on a number is not a move
        await pilot.click(BoardView, offset=(1, 5))
        await pilot.click(BoardView, offset=(x + 1, 0))
        await pilot.pause()
        assert not game.dealt
        await click(pilot, app, app.cursor)
        assert game.dealt and game.board[app.cursor] not in "EMX"


def test_draw_is_the_board_with_numbers_around_it():
    game = loaded(CORNERS)
    assert draw(game).plain.split("\n") == [
        "    0  1  2  3 ",
        " 0        1  . ",
        " 1        1  . ",
        " 2        1  . ",
        " 3        1  . ",
    ]


def test_chances_under_ten_percent_carry_their_sign_and_cannot_be_read_as_digits():
    game = loaded(CORNERS)  # hidden: column 3; revealed: the 1s of column 2
    chances = {(0, 3): Fraction(1, 50), (1, 3): Fraction(3, 10), (2, 3): Fraction(1, 20)}
    chances[3, 3] = Fraction(1)
    analysis = Analysis(game.board, 10, chances)
    assert analysis.best == (0, 3)
    rows = draw(game, analysis=analysis).plain.split("\n")[1:]
    assert [row[-4:] for row in rows] == ["[2%]", " 30 ", " 5% ", "100 "]
    assert {row[-8:-4] for row in rows} == {"  1 "}  # the revealed digits: no sign


# --- the command ----------------------------------------------------------------------------------


def arguments(**given) -> argparse.Namespace:
    values = dict(
        preset=None,
        size=None,
        mines=None,
        seed=None,
        no_guess=False,
        zero_start=False,
        load=None,
        save=None,
        backend="kanren",
        timeout=None,
        max_input=None,
    )
    return argparse.Namespace(**{**values, **given})


def test_prepare_reads_presets_and_sizes(tmp_path):
    state, backend, save_to, name = prepare(arguments(preset="expert", seed=7))
    assert (state.height, state.width, state.mines, state.seed, name) == (16, 30, 99, 7, "expert")
    assert backend.name == "kanren" and save_to is None
    assert PlayApp(state, backend).save_to == Path("logicmines-16x30-seed7.txt")
    state, *_ = prepare(arguments(size="20x20", mines=60, zero_start=True))
    assert (state.height, state.width, state.mines, state.zero_start) == (20, 20, 60, True)
    state, *_ = prepare(arguments())
    assert (state.height, state.width, state.mines) == (9, 9, 10)


@pytest.mark.parametrize(
    "given, error",
    [
        ({"size": "20x20"}, "--size 20x20 needs --mines N"),
        ({"preset": "expert", "size": "9x9"}, "give a preset (expert) or --size, not both"),
        ({"size": "9x9", "mines": 81}, "9x9 holds at most 80 mines with the first click kept"),
        ({"size": "nine"}, "a size is HxW"),
        ({"load": "nowhere.txt"}, "nowhere.txt: no such file"),
        ({"load": "."}, ".: is a folder, not a board file"),
        ({"load": "-"}, "--load -: standard input is the game's keyboard"),
        ({"load": "/dev/zero", "max_input": 1000}, "/dev/zero: more than 1,000 bytes"),
        ({"max_input": 1000}, "--max-input limits the --load file, and no --load names one"),
        ({"save": "."}, ".: a folder; s saves the game to a file of its own"),
        ({"save": "/dev/null"}, "/dev/null: not a file of its own; s saves the game to a file"),
        ({"save": "nowhere/x.txt"}, "nowhere/x.txt: there is no folder nowhere to write in"),
        ({"load": "x.txt", "mines": 3}, "--load plays the game the file holds"),
        ({"load": "x.txt", "no_guess": True}, "zero start): leave out --no-guess"),
        (
            {"load": "x.txt", "zero_start": True, "seed": 4},
            "leave out --zero-start and --seed",
        ),
    ],
)
def test_prepare_refuses_bad_arguments_in_one_line(given, error):
    with pytest.raises(ValueError) as raised:
        prepare(arguments(**given))
    assert error in str(raised.value) and "\n" not in str(raised.value)


def test_a_terminal_named_for_load_is_refused_not_waited_on():
    # --load /dev/stdin on a terminal waited for keys without a word (--load - was refused)
    leader, follower = pty.openpty()
    name = os.ttyname(follower)
    os.write(leader, b"EEE\nEEE\n\x04")  # a game and Ctrl-D: read, it would have loaded
    try:
        with pytest.raises(GameError) as raised:
            prepare(arguments(load=name))
    finally:
        os.close(leader)
        os.close(follower)
    assert str(raised.value) == (
        f"--load '{name}': a terminal, the game's keyboard; name a game file"
    )


def test_a_game_loads_from_a_pipe_and_only_s_then_needs_a_file(tmp_path):
    # --load <(cat game.txt): the game is read; s would have to save elsewhere (--save)
    pipe = tmp_path / "game.pipe"
    os.mkfifo(pipe)
    writer = threading.Thread(target=pipe.write_text, args=(MIDGAME,))
    writer.start()
    try:
        state, _, save_to, name = prepare(arguments(load=str(pipe)))
    finally:
        writer.join(timeout=10)
    assert "".join(state.board.rows) == MIDGAME.replace("\n", "") and save_to == pipe
    assert name == "game.pipe"


def test_bad_arguments_are_said_before_the_want_of_a_terminal(capsys):
    assert run_play(arguments(size="0x0", mines=0)) == 2
    err = capsys.readouterr().err
    assert err == "logicmines: error: a board has at least one row and one column, not 0x0\n"


@played
async def test_s_never_saves_over_what_is_not_a_file_of_its_own(tmp_path):
    # a link to /dev/null, made after the game started: s refuses it, and /dev/null stays
    app = app_for(new_game(9, 9, 10, seed=1, clock=Clock()), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")  # the first click lays the mines: there is a game to save
        app.save_to.symlink_to("/dev/null")
        await pilot.press("s")
        assert message(app) == (f"{app.save_to}: not a file of its own; s saves the game to a file")
    assert Path("/dev/null").is_char_device() and app.save_to.is_symlink()


def test_play_without_a_terminal_is_one_error_line_and_status_2(capsys):
    assert run_play(arguments()) == 2
    err = capsys.readouterr().err
    assert err == (
        "logicmines: error: play needs a terminal: standard input, output and error must all be "
        "the terminal (the game is drawn on standard error, so 2>FILE would leave the screen "
        "blank)\n"
    )


def test_play_with_standard_error_closed_is_status_2(monkeypatch):
    # 2>&-: sys.stderr is None, and isatty() on it had ended in an AttributeError, status 1
    monkeypatch.setattr(sys, "stderr", None)
    assert run_play(arguments()) == 2


def test_the_game_leaves_the_package_play_function_alone():
    import logicmines
    from logicmines.reveal import play

    assert logicmines.play is play  # the clicks of reveal, not a module


@pytest.mark.parametrize("missing", [["textual"], ["textual", "rich"]])
def test_without_textual_play_says_what_to_install(missing):
    # without the extra, rich (which comes with textual) is missing too: it was the one named
    code = (
        "import sys\n"
        f"for name in {missing!r}:\n"
        "    sys.modules[name] = None\n"
        "from logicmines.engine import BackendUnavailable\n"
        "try:\n"
        "    import logicmines.play_app\n"
        "except BackendUnavailable as missing:\n"
        "    print(missing)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=checkout_env()
    )
    assert done.stdout == (
        "play: the Python package textual is not installed; logicmines play needs the extra: "
        "pip install 'logicmines[play]'\n"
    ), done.stderr


# --- docs/play.md ---------------------------------------------------------------------------------

PAGE = (Path(__file__).resolve().parent.parent / "docs" / "play.md").read_text(encoding="utf-8")
CAPTURES = re.findall(r"```text\n(.*?)```", PAGE, flags=re.S)


def test_the_captured_screens_are_what_the_game_draws():
    # The page's two captures: `play beginner --zero-start --seed 18`, the first click in the
    # centre, a flag at 1,7; then the same with hints.
    game = new_game(9, 9, 10, seed=18, zero_start=True)
    game.click((4, 4))
    game.flag((1, 7))
    plain, hinted = CAPTURES[0].split("\n")[1:11], CAPTURES[1].split("\n")[1:11]
    assert [line.rstrip() for line in draw(game, None).plain.split("\n")] == plain
    analysis = game.analyze(make_backend("kanren"))
    assert [line.rstrip() for line in draw(game, None, analysis).plain.split("\n")] == hinted


def test_the_saved_game_on_the_page_loads():
    game = load_game(CAPTURES[2], "docs/play.md")
    assert (game.mines, game.flags, game.clicks, game.seconds(), game.seed) == (
        10,
        {(2, 7)},
        2,
        2.0,
        19,
    )


@played
async def test_a_flag_on_the_best_click_keeps_its_f_and_is_not_outlined(tmp_path):
    # it was drawn 'F0]': the outline's '[' gave way to the F
    app = app_for(loaded(MIDGAME), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await hints_shown(pilot, app)
        assert app.analysis.best == (1, 3) and face(app, (1, 3)) == "[ 0]"
        app.cursor = (1, 3)
        await pilot.press("f")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert face(app, (1, 3)) == " F0 "


@played
async def test_a_board_larger_than_the_terminal_starts_with_the_cursor_in_view(tmp_path):
    # the cursor starts at the centre, (25,25): it was off the screen until it moved
    app = app_for(new_game(50, 50, 300, seed=7), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field = app.query_one(BoardView)
        assert field.scroll_y > 0
        await click(pilot, app, app.cursor)  # the square is where the screen shows it
        assert app.state.dealt and app.state.board[app.cursor] not in "EMX"


def columns_on_screen(field: BoardView, label: int) -> list[str]:
    """The column numbers on the screen's top line, one field per square (then the blank
    that is left at the right edge, narrower than a square)."""
    top = field.render_line(0).text[label:]
    return [top[i : i + field.square] for i in range(0, len(top), field.square)]


async def scrolled_whole(field: BoardView, label: int, square: int) -> None:
    """The first column on the screen shows all of its number: every field of the top line is
    a column's number, the columns one after another from the first one scrolled past."""
    first = field.shift // field.square
    assert field.shift % square == 0 and field.square == square
    shown = [f for f in columns_on_screen(field, label) if len(f) == square]
    assert shown, "no column on the screen"
    for k, f in enumerate(shown):
        assert f == str(first + k)[-(square - 1) :].rjust(square - 1) + " ", (first, k, f)


@played
async def test_a_board_scrolled_sideways_shows_whole_columns(tmp_path):
    # scrolled one character past a square, the first column on the screen showed 16 as 6,
    # and with hints a chance of 20 % as " 0" (safe to the eye)
    game = new_game(30, 60, 360, seed=5, zero_start=True)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        field = app.query_one(BoardView)
        label = 4
        for _ in range(3):
            await pilot.press(*["right"] * 7)
            await pilot.pause()
            await scrolled_whole(field, label, 3)
        await pilot.press(*["right"] * 30)  # to the last column: it is whole too
        await pilot.pause()
        assert app.cursor[1] == 59
        last = [f for f in columns_on_screen(field, label) if f.strip()][-1]
        assert last == "59 "
        # the wheel and the scroll bar scroll by characters: the squares still move by whole ones
        for x in (1, 2, 4, 50, 100, 101):
            field.scroll_to(x=x, animate=False, immediate=True)
            await pilot.pause()
            await scrolled_whole(field, label, 3)
            # the first column on the screen, in the fifth row on it
            cell = app._cell_at(label + field.shift + 1, field.scroll_y + 5)
            assert cell == (field.scroll_y + 4, field.shift // 3)
            await click(pilot, app, cell)
        assert game.dealt
        # with hints each square takes four columns: the scroll moves by four
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.analysis is not None  # the clicks of this seed open squares, none a mine
        # the squares grew under the cursor: it is still on the screen
        x = label + app.cursor[1] * 4 - field.shift
        assert label <= x <= field.scrollable_content_region.width - 4
        for _ in range(3):
            await pilot.press(*["left"] * 5)
            await pilot.pause()
            await scrolled_whole(field, label, 4)


def column_names(lines: list[str], label: int, square: int) -> list[str]:
    """The column numbers the top `lines` show, one per square: each read top to bottom."""
    width = min(len(line) for line in lines)
    return [
        "".join(line[x : x + square] for line in lines).replace(" ", "")
        for x in range(label, width - square + 1, square)
    ]


def test_columns_from_100_on_carry_their_hundreds_on_a_line_above():
    # the column numbers had shown 100 as 00 and 149 as 49: the numbers of columns 0 and 49
    game = new_game(2, 150, 10)
    lines = draw(game).plain.split("\n")
    assert len(lines) == 2 + 2  # the hundreds, the tens and units, then the rows
    assert column_names(lines[:2], 3, 3) == [str(c) for c in range(150)]
    assert lines[0][3 : 3 + 100 * 3].strip() == ""  # nothing over 0 to 99
    assert lines[0][3 + 100 * 3 :] == " 1 " * 50 and lines[1][3 + 100 * 3 :].startswith("00 01 ")
    # with the chances a square is 4 wide: one line holds up to 999, and 1000 gets a line above
    analysis = Analysis(game.board, 10, {})
    assert len(draw(game, analysis=analysis).plain.split("\n")) == 1 + 2
    wide = new_game(1, 1001, 10)
    lines = draw(wide, analysis=Analysis(wide.board, 10, {})).plain.split("\n")
    assert column_names(lines[:2], 3, 4) == [str(c) for c in range(1001)]
    assert draw(new_game(9, 100, 10)).plain.split("\n")[0].endswith(" 98 99 ")  # one line


@played
async def test_a_board_150_wide_scrolls_under_two_lines_of_column_numbers(tmp_path):
    game = new_game(12, 150, 200, seed=4, zero_start=True)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 20)) as pilot:
        field = app.query_one(BoardView)
        await pilot.press(*["right"] * 30)  # from the centre, 6,75, to 6,105
        await pilot.pause()
        assert app.cursor == (6, 105) and field.header == 2
        lines = [field.render_line(y).text for y in range(field.scrollable_content_region.height)]
        first = field.shift // 3
        shown = column_names(lines[:2], 4, 3)
        assert shown == [str(first + k) for k in range(len(shown))] and "105" in shown
        assert first < 100  # the columns either side of 100 on the screen, each its own
        # the rows start under the two lines, each after its own number
        assert [int(line[:4]) for line in lines[2:14]] == list(range(12))
        # a click lands on the square drawn there, not one row off; one on the numbers is no move
        await pilot.click(BoardView, offset=(4 + (105 - first) * 3 + 1, 1))
        await pilot.pause()
        assert not game.dealt
        await click(pilot, app, (6, 105))
        assert game.dealt and game.board[(6, 105)] not in "EMX"
        await pilot.resize_terminal(80, 8)  # a short window keeps the cursor's row in view
        await pilot.press("down", "down", "down", "down", "down")
        await pilot.pause()
        await pilot.pause()
        y = 11 + 2 - field.scroll_y
        assert 2 <= y < field.scrollable_content_region.height
        assert int(field.render_line(y).text[:4]) == 11


def cursor_in_view(app: PlayApp, label: int) -> bool:
    field = app.query_one(BoardView)
    width, height = field.scrollable_content_region.size
    r, c = app.cursor
    x, y = label + c * field.square - field.shift, r + 1 - field.scroll_y
    return label <= x <= width - field.square and 1 <= y < height


@played
async def test_no_square_is_cut_at_the_right_edge_and_a_smaller_window_follows_the_cursor(
    tmp_path,
):
    # at 40 columns every row ended with ' 2' (part of 21 %); shrunk, the view stayed at the
    # top left with the cursor at (15,25) until the next arrow key
    app = app_for(new_game(16, 30, 99, seed=7), tmp_path)
    async with app.run_test(size=(130, 25)) as pilot:
        await pilot.press(*["down"] * 7, *["right"] * 10)  # the cursor to (15,25)
        await pilot.pause()
        assert app.cursor == (15, 25) and cursor_in_view(app, 4)
        field = app.query_one(BoardView)
        for size in ((40, 15), (31, 10), (47, 12)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert cursor_in_view(app, 4), size
            width = field.scrollable_content_region.width
            for y in range(field.scrollable_content_region.height):
                line = field.render_line(y).text
                whole = 4 + (width - 4) // 3 * 3
                assert len(line) == width and line[whole:].strip() == "", (size, y, line)
            await scrolled_whole(field, 4, 3)


@played
async def test_a_board_larger_than_the_terminal_starts_centred_on_the_cursor(tmp_path):
    app = app_for(new_game(30, 60, 360, seed=5), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field = app.query_one(BoardView)
        width, height = field.scrollable_content_region.size
        r, c = app.cursor
        x, y = 4 + c * 3 - field.shift, r + 1 - field.scroll_y
        # in the middle, a square or a line either way: not at the edge it was scrolled to
        assert abs(x + 1 - (4 + width) / 2) <= 3, (x, width)
        assert abs(y - (1 + height) / 2) <= 1, (y, height)


@played
async def test_the_state_of_a_loaded_game_stays_on_the_status_line(tmp_path):
    # the file's name came before the state: a long one pushed "playing" off an 80-column line
    saved = tmp_path / ("a-long-name-for-a-saved-game-" * 2 + ".txt")
    game = new_game(9, 9, 10, seed=11)
    game.click((4, 4))
    saved.write_text(game.saved_text())
    state = load_game(saved.read_text(), str(saved), Clock())
    app = PlayApp(state, make_backend("kanren"), saved, saved.name, loaded=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = app.query_one("#status")
        shown = status.render_line(0).text
        assert "Clicks   1   playing   a-long-name-for" in shown and shown.rstrip().endswith("…")


@played
async def test_a_narrow_window_keeps_the_clicks_and_the_state_on_the_status_line():
    # at 40 columns the wide line ("Mines  10   Time    0   3BV ...") had cut off the clicks
    # and whether the game is being played, won or lost
    game = new_game(9, 9, 10, seed=11)
    game.click((4, 4))
    app = PlayApp(game, make_backend("kanren"))
    async with app.run_test(size=(44, 24)) as pilot:
        await pilot.pause()
        shown = app.query_one("#status").render_line(0).text
        assert shown.strip().startswith("Mines 10  0s  playing  Clicks 1  3BV 14"), shown
        await pilot.resize_terminal(100, 24)
        await pilot.pause()
        await pilot.pause()
        assert "Clicks   1   playing   beginner" in status_line(app)
        await pilot.resize_terminal(44, 24)
        await pilot.pause()
        await pilot.pause()
        assert "  playing  Clicks 1  3BV 14" in status_line(app)


@played
async def test_a_name_with_no_room_is_left_out_not_shown_as_an_ellipsis():
    # at 60 columns the counters fit and "beginner" did not: the line ended in a lone "…"
    game = new_game(9, 9, 10, seed=11)
    game.click((4, 4))
    app = PlayApp(game, make_backend("kanren"))
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        shown = app.query_one("#status").render_line(0).text.rstrip()
        assert shown.endswith("playing") and "…" not in shown, shown
        await pilot.resize_terminal(72, 24)
        await pilot.pause()
        await pilot.pause()
        assert status_line(app).rstrip().endswith("playing   beginner")


@played
async def test_a_narrower_window_cuts_no_number_and_keeps_the_state_first():
    # at 30 columns the line read "Clicks 2…" for 28 clicks; at 12, "lost" was gone
    game = new_game(9, 9, 10, seed=11)
    game.click((4, 4))
    game.clicks = 28
    app = PlayApp(game, make_backend("kanren"))
    async with app.run_test(size=(30, 24)) as pilot:
        await pilot.pause()
        assert game.bbbv == 14
        shown = app.query_one("#status").render_line(0).text
        assert shown.strip() == "playing M10 0s C28 3BV 14", shown
        await pilot.resize_terminal(20, 24)  # what does not fit is left out whole
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("#status").render_line(0).text.strip() == "playing M10 0s C28"
    app = PlayApp(loaded(MIDGAME), make_backend("kanren"))
    async with app.run_test(size=(12, 24)) as pilot:
        app.state.click((2, 3))
        app.refresh_board()
        await pilot.pause()
        assert app.query_one("#status").render_line(0).text.strip() == "lost M4 0s"


@played
async def test_n_after_load_does_not_save_the_next_game_over_the_loaded_one(tmp_path):
    saved = tmp_path / "mine.txt"
    game = new_game(9, 9, 10, seed=11)
    game.click((4, 4))
    saved.write_text(game.saved_text())
    state = load_game(saved.read_text(), str(saved), Clock())
    app = PlayApp(state, make_backend("kanren"), saved, saved.name, loaded=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.save_to == saved and "mine.txt" in status_line(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.save_to == Path("logicmines-9x9-seed12.txt")
        # named as a game dealt with --preset beginner would be, not as the file was
        assert "mine.txt" not in status_line(app) and status_line(app).endswith("  beginner")
    # a file chosen with --save (of any name) stays the file of every game
    chosen = tmp_path / "other" / "mine.txt"
    app = PlayApp(state, make_backend("kanren"), chosen, saved.name, loaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert app.save_to == chosen


def test_a_hand_edited_seed_is_read_or_refused_never_taken_as_0():
    game = new_game(5, 5, 3, seed=4)
    game.click((2, 2))
    text = game.saved_text()
    assert loaded(text.replace("seed 4", "seed  4")).seed == 4  # it was read as 0
    with pytest.raises(GameError, match=r"^<test>:1: a seed is a whole number from 0 to 2\*\*64"):
        loaded(text.replace("seed 4", f"seed {2**64}"))


def test_hints_by_a_prolog_engine_leave_no_warning_when_the_game_ends(tmp_path):
    # SWI-Prolog printed 'Failed to stop Prolog threads' on the terminal after the game, as the
    # hints' thread still held an engine of its own when the process ended
    script = f"""
import asyncio
from logicmines.backends import make_backend
from logicmines.game import load_game
from logicmines.play_app import PlayApp

async def main():
    app = PlayApp(load_game({MIDGAME!r}, "<test>"), make_backend("prolog"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.analysis is not None
        await pilot.press("q")

asyncio.run(main())
print("played")
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert done.returncode == 0 and done.stdout.strip().endswith("played"), done
    assert "Prolog threads" not in done.stderr + done.stdout, done


def test_quitting_while_the_engine_thinks_does_not_wait_for_it(tmp_path):
    # the process waited for the hint's answer (up to --timeout) with the screen already gone
    script = f"""
import asyncio, threading, time
from logicmines.backends import make_backend
from logicmines.game import load_game
from logicmines.play_app import PlayApp, play_to_the_end

class Slow:
    name = "slow"
    def __init__(self):
        self.asked = threading.Event()
    def analyze(self, board, mines=None):
        self.asked.set()
        time.sleep(60)  # an engine deep in one answer
        return make_backend("kanren").analyze(board, mines)

engine = Slow()

async def player(pilot):
    await pilot.press("h")
    while not engine.asked.is_set():
        await asyncio.sleep(0.01)
    await pilot.press("q")

# as run_play plays it
play_to_the_end(PlayApp(load_game({MIDGAME!r}, "<test>"), engine), headless=True, auto_pilot=player)
print("not reached: the process ends at once")
"""
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert done.returncode == 0 and "not reached" not in done.stdout, done
    assert time.monotonic() - start < 30, "the game waited for the engine's answer"


@pytest.mark.parametrize(
    ("make", "words"),
    [
        # each was taken, and every click after it failed in deal's words, or compared a str
        (lambda: new_game(9.0, 9, 10), "new_game: height must be a whole number, not float 9.0"),
        (lambda: new_game(9, "9", 10), "new_game: width must be a whole number, not str '9'"),
        (lambda: new_game(9, 9, 10, seed=1.0), "new_game: seed must be a whole number"),
        (lambda: new_game(9, 9, 10, no_guess="yes"), "new_game: no_guess must be True or False"),
        (lambda: new_game(9, 9, 10, zero_start=1), "new_game: zero_start must be True or False"),
        (lambda: new_game(9, 9, 10).lay(None), "lay needs a Game (deal_for makes one)"),
        (lambda: new_game(9, 9, 10).analyze(None), "analyze needs an engine (get_backend"),
    ],
)
def test_a_game_made_or_asked_with_the_wrong_kind_of_argument_is_a_type_error_at_once(make, words):
    with pytest.raises(TypeError) as raised:
        make()
    assert str(raised.value).startswith(words)


def test_a_deal_for_another_game_is_not_laid():
    game = new_game(9, 9, 10)
    with pytest.raises(GameError, match=r"^lay: a 5x5 game of 3 mines cannot be laid on this 9x9"):
        game.lay(new_game(5, 5, 3).deal_for((0, 0)))
    assert not game.dealt
    game.lay(game.deal_for((4, 4)))
    assert game.dealt and game.click((4, 4))
