"""benchmarks/rollouts.py: its layouts are drawn uniformly among those plain enumeration finds,
and a position is played out from a click as the bot would play it."""

from __future__ import annotations

import random
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import models_with, positions

from logicmines import bot
from logicmines.backends import make_backend
from logicmines.board import Board

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import rollouts  # noqa: E402

ENGINE = make_backend("kanren")


def _mines_of(rows: tuple[str, ...]) -> frozenset:
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*")


def _as_if_uniform(seen: Counter, models: list, each: int) -> bool:
    """Whether draws of `each` per model on average are what equal shares give: Pearson's
    statistic, far out in its tail (its mean is df, its spread sqrt(2 df))."""
    df = len(models) - 1
    statistic = sum((seen[m] - each) ** 2 / each for m in models)
    return statistic <= df + 8 * (2 * df) ** 0.5 + 10


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 2**32))
def test_layouts_are_drawn_uniformly_among_the_models(case, seed):
    board, mines = case
    models = {_mines_of(rows) for rows in models_with(board, mines)}
    fitting = rollouts.Layouts(board, mines, ENGINE)
    assert fitting.count == len(models)
    draws = 60 * len(models)
    seen = Counter(frozenset(fitting.draw(random.Random(seed + i))) for i in range(draws))
    assert set(seen) == models  # only models, and every one of them
    assert _as_if_uniform(seen, list(models), 60)


@pytest.mark.parametrize(
    "rows, mines",
    [
        (("??1?", "?1??", "?2??", "???0"), 3),
        (("?1?2?", "??2??", "?????", "0????"), 4),
    ],
)
def test_models_of_unequal_weight_are_drawn_as_often_as_the_others(rows, mines):
    # Boards where the models of a part differ in how many ways their groups hold their mines,
    # and where a part's mine count leaves more or fewer ways for the cells touching no digit:
    # drawing a part's model, or its mine count, without those weights is far off here.
    board = Board(rows)
    models = [_mines_of(m) for m in models_with(board, mines)]
    fitting = rollouts.Layouts(board, mines, ENGINE)
    rng = random.Random(7)
    seen = Counter(frozenset(fitting.draw(rng)) for _ in range(100 * len(models)))
    assert _as_if_uniform(seen, models, 100)


def test_the_count_weighs_each_part_by_the_ways_of_the_cells_touching_no_digit():
    # The 1 needs one mine among its three unknown neighbours; the other five cells touch no
    # digit and hold the second mine: 3 x 5 layouts.
    board = Board(("1??", "???", "???"))
    fitting = rollouts.Layouts(board, 2, ENGINE)
    assert fitting.count == len(models_with(board, 2)) == 15


def test_a_click_on_a_mine_loses_and_one_that_settles_the_rest_wins():
    board = Board(("01?", "01?", "01?"))
    assert not rollouts.play_out(board, {(1, 2)}, (1, 2), 1, ENGINE)
    assert rollouts.play_out(board, {(1, 2)}, (0, 2), 1, ENGINE)  # it shows 1: (1,2) is the mine


def test_summary_counts_the_layouts_where_only_one_cell_won():
    weighed = [
        {"wins": {"chosen": [1, 0, 1, 1], "safest": [1, 1, 0, 0]}},
        {"wins": {"chosen": [0, 0, 0, 0], "safest": [0, 1, 0, 0]}},
    ]
    got = rollouts.summary(weighed)
    assert got["decisions"] == 2
    assert got["only_chosen_won"] == 2 and got["only_safest_won"] == 2
    assert got["mean_difference"] == 0.0  # +1/4 on the first decision, -1/4 on the second


def test_both_cells_of_a_decision_are_played_on_the_same_layouts():
    # One layout fits (the mine at (1,2)): the choice (0,2) wins on it, (1,2) is the mine.
    decision = {"rows": ["01?", "01?", "01?"], "mines": 1, "chosen": [0, 2], "safest": [1, 2]}
    weighed = rollouts._weigh((decision, 5, 0))
    assert weighed["wins"] == {"chosen": [1] * 5, "safest": [0] * 5}
    assert rollouts.summary([weighed])["mean_difference"] == 1.0
    assert rollouts.summary([weighed])["standard_error"] is None  # one decision tells none
    assert rollouts.summary([])["mean_difference"] is None


def test_headroom_gives_no_error_it_cannot_estimate():
    one_layout = {
        "chosen": [0, 1],
        "candidates": [_candidate([0, 0], [1]), _candidate([0, 1], [0])],
    }
    got = rollouts.headroom([one_layout])
    assert got["hindsight"] == 1.0 and got["hindsight_error"] is None
    assert got["spread"] is None  # one layout cannot take the draw's noise out
    assert got["split_half"] is None  # nor be split in halves
    got = rollouts.headroom([one_layout, one_layout])
    assert got["hindsight"] == 1.0 and got["hindsight_error"] == 0.0


@pytest.mark.parametrize(
    ("command", "text"),
    [
        ("compare", '[{"rows": []}]'),
        ("candidates", "{}"),
        (
            "candidates",
            '[{"rows": ["1x"], "mines": 1, "chosen": [0, 0], "risk_chosen": "0",'
            ' "risk_safest": "0"}]',
        ),
    ],
)
def test_a_file_that_is_not_decisions_is_refused_in_one_line(tmp_path, capsys, command, text):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    with pytest.raises(SystemExit) as stop:
        rollouts.main([command, str(bad)])
    assert stop.value.code == 2
    assert "bad.json: not a file of decisions written by collect" in capsys.readouterr().err


def _candidate(cell, wins, risk="1/10", progress="0", two_clicks="0"):
    return {
        "cell": cell,
        "wins": wins,
        "risk": risk,
        "progress": progress,
        "two_clicks": two_clicks,
        "three_clicks": "0",
        "blank": "0",
        "forced_safe": "0",
        "forced_mines": "0",
    }


def test_headroom_scores_the_best_of_one_half_of_the_layouts_on_the_other():
    # The safest cell (first) wins the first half of the layouts and the bot's choice the second
    # (a third cell ties it there, and a tie keeps the bot's choice): the safest cell, picked on
    # the first half, loses both layouts of the second (-1); the second half keeps the choice (0).
    decision = {
        "chosen": [0, 1],
        "candidates": [
            _candidate([0, 0], [1, 1, 0, 0]),
            _candidate([0, 1], [0, 0, 1, 1]),
            _candidate([0, 2], [0, 0, 1, 1]),
        ],
    }
    got = rollouts.headroom([decision])
    assert got["split_half"] == -0.5
    assert got["hindsight"] == 0.0  # the bot's choice ties the best over all four
    assert got["safest"] == 0.0
    decision["candidates"][0]["wins"] = [1, 1, 1, 0]
    got = rollouts.headroom([decision])
    assert got["hindsight"] == 0.25 and got["safest"] == 0.25
    assert got["split_half"] == -0.25  # the safest cell, picked on the first half, wins 1 of 2


def test_the_spread_takes_the_noise_of_the_draw_out():
    # A cell that wins every layout the choice loses lies a whole game away from it; one that
    # wins half of them, at random, may lie anywhere near: the noise alone explains it.
    certain = {
        "chosen": [0, 1],
        "candidates": [_candidate([0, 0], [1, 1, 1, 1]), _candidate([0, 1], [0, 0, 0, 0])],
    }
    assert rollouts.headroom([certain])["spread"] == 1.0
    noisy = {
        "chosen": [0, 1],
        "candidates": [_candidate([0, 0], [1, 0, 1, 0]), _candidate([0, 1], [0, 1, 0, 1])],
    }
    assert rollouts.headroom([noisy])["spread"] == 0.0


def test_a_scoring_that_picks_the_bots_choice_gains_nothing_and_moves_nowhere():
    decision = {
        "chosen": [0, 1],
        "candidates": [
            _candidate([0, 0], [1, 1, 1, 1], risk="1/10", progress="0", two_clicks="81/100"),
            _candidate([0, 1], [1, 0, 0, 1], risk="2/10", progress="1/2", two_clicks="8/10"),
        ],
    }
    got = rollouts.scorings_weighed([decision])
    # one decision gives a gain but no standard error: None, not a made-up 0
    assert got["safest"] == {"gain": 0.5, "error": None, "moved": 1}
    assert got["the bot's: two_clicks + progress/5"] == {"gain": 0.0, "error": None, "moved": 0}
    got = rollouts.scorings_weighed([decision, decision])
    assert got["safest"] == {"gain": 0.5, "error": 0.0, "moved": 2}


def test_every_candidate_is_played_on_the_same_layouts_and_the_bots_rule_picks_its_choice():
    # The 1s hold two of the three mines; the third may lie among the cells touching no digit.
    board = Board(("01???", "01???", "11???", "?????"))
    probabilities = ENGINE.analyze(board, 3).probabilities
    near = bot._candidates(board, probabilities)
    assert len(near) > 1
    chosen = bot._most_useful(board, ENGINE.analyze(board, 3), 3, frozenset(bot.DEFAULT), ENGINE)
    decision = {"rows": list(board.rows), "mines": 3, "chosen": list(chosen)}
    weighed = rollouts._weigh_all((decision, 6, 0))
    assert [tuple(c["cell"]) for c in weighed["candidates"]] == near
    assert all(len(c["wins"]) == 6 for c in weighed["candidates"])
    for c in weighed["candidates"]:  # each click survived is one more chance to lose
        risk, two, three = (Fraction(c[k]) for k in ("risk", "two_clicks", "three_clicks"))
        assert three <= two <= 1 - risk
    assert rollouts.scorings_weighed([weighed])["the bot's: two_clicks + progress/5"]["moved"] == 0
    again = rollouts._weigh_all((decision, 6, 0))  # the layouts come from the seed alone
    assert again == weighed


@pytest.mark.parametrize("command", [["collect", "--games", "1"], ["compare", "d.json"]])
@pytest.mark.parametrize(
    ("out", "said"),
    [
        ("{tmp}/no/such/folder/r.json", "there is no folder {tmp}/no/such/folder to write in"),
        ("{tmp}", "a folder; --out writes the results to a file of its own"),
    ],
)
def test_where_the_results_go_is_checked_before_any_game(
    tmp_path, capsys, monkeypatch, command, out, said
):
    # FileNotFoundError or IsADirectoryError once every game had been played
    monkeypatch.setattr(rollouts, "collect", lambda *args: pytest.fail("games were played"))
    monkeypatch.setattr(rollouts, "_read_decisions", lambda *args: pytest.fail("read first"))
    with pytest.raises(SystemExit) as stop:
        rollouts.main([*command, "--out", out.format(tmp=tmp_path)])
    assert stop.value.code == 2
    assert said.format(tmp=tmp_path) in capsys.readouterr().err


def test_the_smallest_gap_is_read_as_the_fraction_written():
    assert rollouts._gap("0.03") == Fraction(3, 100) == rollouts._gap("3/100")
