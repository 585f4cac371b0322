"""Weigh one guess of the autoplay bot against another by playing both out on sampled layouts.

A full-game comparison (`autoplay_bench.py tune`) changes a policy everywhere and learns one bit
per game; most games never meet the change, so a difference of a tenth of a point needs tens of
thousands of games. This tool looks at the decisions themselves:

1. `collect` plays seeded games with the default bot and keeps each middle-game guess (more
   layouts than the endgame search takes) where the bot weighed more than one candidate: the
   position, the bot's choice, the safest candidate and the two cells' mine probabilities.
2. `compare` draws layouts of the mines uniformly among all those that fit the position and the
   mine total (`Layouts`), and for each layout plays each of two cells: the bot's choice and
   the safest candidate. After the click the default bot plays the game out on that layout. The
   same layouts serve both cells, so the difference between them is measured on equal terms.
3. `candidates` plays every candidate the bot weighed at each decision on the same layouts, and
   records what the bot scores them by (mine probability, chance of progress, chance of
   surviving two clicks) and a few numbers it does not use (the chance of surviving three
   clicks, the chance of a blank, the cells forced after the click). From that it estimates
   how much a better choice among the same candidates could win (`headroom`) and what other
   scoring rules would have won (`SCORINGS`), each beside the bot's own choice.

The layouts are drawn exactly: the staging splits the unknown cells into independent parts and
the cells touching no digit; each part's models are listed as mines per group of
interchangeable cells; how many mines each part holds is drawn with its weight (the part's
models with that many mines times the ways for the rest to hold the others), then a model of
the part, then which cells of each group. `tests/test_rollouts.py` checks the draws against
plain enumeration.

    .venv/bin/python benchmarks/rollouts.py collect --rules zero --seed 900 --games 100 \\
        --out /tmp/decisions.json
    .venv/bin/python benchmarks/rollouts.py compare /tmp/decisions.json --layouts 40 \\
        --min-gap 0.03 --workers 2
    .venv/bin/python benchmarks/rollouts.py candidates /tmp/decisions.json --layouts 20 \\
        --limit 75 --workers 2

docs/autoplay.md ("Each guess played out") has what it measured.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from fractions import Fraction
from math import comb, sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arguments import Parser  # noqa: E402

import logicmines.bot as bot  # noqa: E402
from logicmines.autoplay import game_seed  # noqa: E402
from logicmines.backends import Backend  # noqa: E402
from logicmines.board import Board, Cell  # noqa: E402
from logicmines.cli import _positive, _seed  # noqa: E402 (the command line's checks of a number)
from logicmines.files import UsageError, writable_target  # noqa: E402
from logicmines.frontier import part_models  # noqa: E402
from logicmines.problem import Problem  # noqa: E402
from logicmines.staging import settle  # noqa: E402


class TooManyModels(Exception):
    """A part has more models than `Layouts` lists."""


def _weighted(rng: random.Random, choices: list[tuple[int, object]]) -> object:
    """One of `choices` (weight, item), each with a chance proportional to its weight."""
    x = rng.randrange(sum(weight for weight, _ in choices))
    for weight, item in choices:
        if x < weight:
            return item
        x -= weight
    raise AssertionError("weights changed while drawing")


class Layouts:
    """Every layout of the mines that fits `board` with `mines` in all, drawn uniformly."""

    def __init__(self, board: Board, mines: int, engine: Backend, most: int = 200_000):
        with engine.clock():
            staged = settle(Problem.from_board(board), engine.memo)
            # per part: mines -> [(weight, mines per group)], the weight being the cells' ways
            self.parts: list[dict[int, list[tuple[int, tuple]]]] = []
            for part in staged.parts:
                by_mines: dict[int, list[tuple[int, tuple]]] = {}
                for listed, (gs, chosen) in enumerate(part_models(part, engine.memo)):
                    if listed == most:
                        raise TooManyModels(f"a part has more than {most} models")
                    weight = 1
                    for group, held in zip(gs, chosen):
                        weight *= comb(len(group.cells), held)
                    by_mines.setdefault(sum(chosen), []).append(
                        (weight, tuple((g.cells, held) for g, held in zip(gs, chosen)))
                    )
                self.parts.append(by_mines)
        self.fixed = {cell for cell in board.cells() if board[cell] == "*"}
        self.fixed |= {cell for cell, mine in staged.forced.items() if mine}
        self.free = list(staged.free)
        self.left = mines - staged.placed
        self.weights = [{m: sum(w for w, _ in ms) for m, ms in p.items()} for p in self.parts]
        # after[k][r]: the ways for parts k, k+1, ... and the free cells to hold r mines
        after = [{r: comb(len(self.free), r) for r in range(max(self.left, 0) + 1)}]
        for weights in reversed(self.weights):
            later = after[0]
            after.insert(
                0, {r: sum(w * later.get(r - m, 0) for m, w in weights.items()) for r in later}
            )
        self.after = after

    @property
    def count(self) -> int:
        """How many layouts fit (the engine's count with the mine total)."""
        return self.after[0].get(self.left, 0)

    def draw(self, rng: random.Random) -> set[Cell]:
        """One layout: the cells that are mines."""
        mines, left = set(self.fixed), self.left
        for k, models in enumerate(self.parts):
            later = self.after[k + 1]
            held = _weighted(
                rng, [(w * later.get(left - m, 0), m) for m, w in self.weights[k].items()]
            )
            for cells, n in _weighted(rng, models[held]):
                mines.update(rng.sample(cells, n))
            left -= held
        mines.update(rng.sample(self.free, left))
        return mines


def play_out(board: Board, layout: set[Cell], click: Cell, total: int, engine: Backend) -> bool:
    """Whether the default bot wins the game `board` shows when the mines are `layout` and its
    next click is `click`."""
    if click in layout:
        return False
    table = bot._Table(board.height, board.width, layout, total)
    for cell in board.cells():
        if board[cell] == "*":
            table.found.add(cell)
        elif board[cell] != "?":
            table.opened.add(cell)
            table.changed.add(cell)
    table.open(click)
    return bot.play_on(table, total, frozenset(bot.DEFAULT), engine, [])


def _decisions_of(args: tuple[int, int, int, str, int]) -> list[dict]:
    """The middle-game guesses of one game where the bot weighed more than one candidate."""
    height, width, mines, rule, seed = args
    kept = []
    choose = bot.choose

    def watching(board, analysis, total, used, engine):
        cell = choose(board, analysis, total, used, engine)
        if analysis.count > bot.ENDGAME_LAYOUTS:
            near = bot._candidates(board, analysis.probabilities)
            if len(near) > 1:
                risk = analysis.probabilities
                kept.append(
                    {
                        "seed": seed,
                        "rows": list(board.rows),
                        "mines": total,
                        "chosen": list(cell),
                        "safest": list(near[0]),
                        "risk_chosen": str(risk[cell]),
                        "risk_safest": str(risk[near[0]]),
                    }
                )
        return cell

    bot.choose = watching
    try:
        bot.play_game(height, width, mines, rule, seed)
    finally:
        bot.choose = choose
    return kept


def collect(rule: str, seed: int, games: int, workers: int, size=(16, 30, 99)) -> list[dict]:
    """The decisions of games 0 .. games-1 of `seed` (expert unless told)."""
    jobs = [(*size, rule, game_seed(seed, i)) for i in range(games)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return [d for found in pool.map(_decisions_of, jobs, chunksize=2) for d in found]


def _drawn(decision: dict, layouts: int, seed: int) -> tuple[Board, int, list[set]] | None:
    """A decision's board and mine total, and `layouts` layouts drawn for it from `seed` (None:
    too many models to draw from)."""
    board = Board(tuple(decision["rows"]))
    total = decision["mines"]
    try:
        fitting = Layouts(board, total, bot._engine("kanren"))
    except TooManyModels:
        return None
    rng = random.Random(seed)
    return board, total, [fitting.draw(rng) for _ in range(layouts)]


def _in_pool(weigh, decisions: list[dict], layouts: int, workers: int, seed: int) -> list[dict]:
    """Each decision weighed by `weigh` in `workers` processes, the decision's index mixed into
    `seed` for its layouts; decisions with too many models to draw from are left out."""
    jobs = [(d, layouts, game_seed(seed, i)) for i, d in enumerate(decisions)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return [w for w in pool.imap(weigh, jobs, chunksize=1) if w is not None]


def _weigh(args: tuple[dict, int, int]) -> dict | None:
    """Both cells of one decision played out on the same `layouts` layouts (None: too many
    models to draw from)."""
    decision, layouts, seed = args
    found = _drawn(decision, layouts, seed)
    if found is None:
        return None
    board, total, drawn = found
    engine = bot._engine("kanren")
    wins = {
        name: [
            int(play_out(board, layout, tuple(decision[name]), total, engine)) for layout in drawn
        ]
        for name in ("chosen", "safest")
    }
    return {**decision, "wins": wins}


def compare(decisions: list[dict], layouts: int, workers: int, seed: int = 0) -> list[dict]:
    """Each decision weighed (`_weigh`)."""
    return _in_pool(_weigh, decisions, layouts, workers, seed)


def _weigh_all(args: tuple[dict, int, int]) -> dict | None:
    """Every candidate the bot weighed at one decision, each played out on the same `layouts`
    layouts, with what the bot scored it by (its mine probability, its chance of progress and
    its chance of surviving two clicks) and what other rules might (the chance of surviving
    three, the chance of a blank, the cells forced after it); None when there are too many
    models to draw from."""
    decision, layouts, seed = args
    found = _drawn(decision, layouts, seed)
    if found is None:
        return None
    board, total, drawn = found
    engine = bot._engine("kanren")
    analysis = engine.analyze(board, total)
    weighed = []
    for cell in bot._candidates(board, analysis.probabilities):
        chances = bot.digit_chances(board, cell, total, engine, analysis.count)
        weighed.append(
            {
                "cell": list(cell),
                "risk": str(analysis.probabilities[cell]),
                "progress": str(bot._progress(chances)),
                "two_clicks": str(bot._two_clicks(chances)),
                "three_clicks": str(three_clicks(board, cell, total, engine, chances)),
                # the chance that it is safe and shows a blank (0), and the cells the analysis
                # then finds safe, and mines, weighed by each digit's chance
                "blank": str(chances[0][0] if 0 in chances else 0),
                "forced_safe": str(sum(c * len(after.safe) for c, after in chances.values())),
                "forced_mines": str(sum(c * len(after.mines) for c, after in chances.values())),
                "wins": [int(play_out(board, layout, cell, total, engine)) for layout in drawn],
            }
        )
    return {**decision, "candidates": weighed}


def three_clicks(
    board: Board, cell: Cell, mines: int, engine: Backend, chances: dict[int, tuple]
) -> Fraction:
    """From `bot.digit_chances` of `cell`: the chance that clicking it is safe and so are the two
    clicks after it, each the safest cell of the position it finds (certain once a cell is
    forced safe, as in the bot's two-click chance)."""
    value = Fraction(0)
    for digit, (chance, after) in chances.items():
        if after.safe or not after.probabilities:
            value += chance
            continue
        shown = bot._showing(board, cell, digit)
        then = min(after.probabilities, key=lambda c: bot._order(shown, after.probabilities, c))
        value += chance * bot._two_clicks(
            bot.digit_chances(shown, then, mines, engine, after.count)
        )
    return value


def compare_all(decisions: list[dict], layouts: int, workers: int, seed: int = 0) -> list[dict]:
    """Each decision's candidates weighed (`_weigh_all`), on layouts drawn as `compare` draws."""
    return _in_pool(_weigh_all, decisions, layouts, workers, seed)


def _chosen(weighed: dict) -> int:
    """Where the bot's choice stands among a decision's candidates."""
    return next(i for i, c in enumerate(weighed["candidates"]) if c["cell"] == weighed["chosen"])


def _mean_and_error(values: list[float]) -> tuple[float | None, float | None]:
    """The mean of `values` and its standard error, each None (null in JSON) where it cannot be
    estimated: the mean of no values, the error of fewer than two."""
    n = len(values)
    if not n:
        return None, None
    mean = sum(values) / n
    if n < 2:
        return mean, None
    return mean, sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) / sqrt(n)


def headroom(weighed: list[dict]) -> dict:
    """How much better than the bot's choice a cell chosen among the same candidates could do,
    per decision, in win share:

    - `split_half`: the candidate that won most on one half of the layouts, scored on the other
      half (both ways round; ties keep the bot's choice). An honest estimate of what a choice
      made by playing each candidate out on that many layouts would gain; a perfect choice
      would gain more.
    - `hindsight`: the candidate that won most on all the layouts, scored on the same ones: an
      upper bound (it is flattered by the luck of the draw).
    - `safest`: the safest candidate, for comparison.
    - `spread`: how far the other candidates' chances lie from the choice's, as a root mean
      square over candidates, the draw's own noise taken out (each difference squared less its
      variance): how different the candidates really are, whichever is better.

    Each has its standard error beside it (`_error`); an error that one decision cannot give, and
    a split or a spread that one layout per decision cannot, are None (null in JSON)."""
    split, hindsight, safest, squares = [], [], [], []
    for w in weighed:
        cands = w["candidates"]
        wins = [c["wins"] for c in cands]
        mine = _chosen(w)
        n = len(wins[mine])
        if n > 1:  # one layout has no halves
            halves = (range(n // 2), range(n // 2, n))
            gains = []
            for pick, score in (halves, halves[::-1]):
                best = max(
                    range(len(cands)), key=lambda i: (sum(wins[i][k] for k in pick), i == mine)
                )
                gains.append(sum(wins[best][k] - wins[mine][k] for k in score) / len(score))
            split.append(sum(gains) / 2)
        for i in range(len(cands)):
            if i != mine:
                diffs = [a - b for a, b in zip(wins[i], wins[mine])]
                mean, error = _mean_and_error(diffs)
                if error is not None:  # one layout cannot tell the draw's noise
                    squares.append(mean**2 - error**2)
        hindsight.append((max(map(sum, wins)) - sum(wins[mine])) / n)
        safest.append((sum(wins[0]) - sum(wins[mine])) / n)
    out = {"decisions": len(weighed)}
    for name, values in (("split_half", split), ("hindsight", hindsight), ("safest", safest)):
        out[name], out[name + "_error"] = _mean_and_error(values)
    out["spread"] = sqrt(max(sum(squares) / len(squares), 0)) if squares else None
    return out


def summary(weighed: list[dict]) -> dict:
    """What the bot's choices won beside the safest cell's: per decision, the difference of the
    two win shares; their mean with its standard error (None, null in JSON, below two
    decisions, where it cannot be estimated; the mean too with none); and over all layouts, how
    often only the choice won and how often only the safest cell did."""
    diffs = []
    only_chosen = only_safest = 0
    for w in weighed:
        a, b = w["wins"]["chosen"], w["wins"]["safest"]
        diffs.append((sum(a) - sum(b)) / len(a))
        only_chosen += sum(1 for x, y in zip(a, b) if x > y)
        only_safest += sum(1 for x, y in zip(a, b) if y > x)
    mean, error = _mean_and_error(diffs)
    return {
        "decisions": len(diffs),
        "mean_difference": mean,
        "standard_error": error,
        "only_chosen_won": only_chosen,
        "only_safest_won": only_safest,
    }


# Scoring rules that choose among the candidates from what `_weigh_all` records: each maps a
# candidate's numbers (`_numbers`) to a value, the highest value clicked (among equals the safest,
# then the first, as the bot does; the bot's own rule is there as a check: it must pick the bot's
# choice every time).
def _numbers(candidate: dict) -> dict[str, Fraction]:
    return {
        "safety": 1 - Fraction(candidate["risk"]),
        "two": Fraction(candidate["two_clicks"]),
        "three": Fraction(candidate["three_clicks"]),
        "progress": Fraction(candidate["progress"]),
        "blank": Fraction(candidate["blank"]),
        "forced": Fraction(candidate["forced_safe"]),
        "settled": Fraction(candidate["forced_safe"]) + Fraction(candidate["forced_mines"]),
    }


_5, _10, _100 = Fraction(1, 5), Fraction(1, 10), Fraction(1, 100)
SCORINGS = {
    "the bot's: two_clicks + progress/5": lambda n: n["two"] + bot.PROGRESS_WEIGHT * n["progress"],
    "safest": lambda n: n["safety"],
    "safety + progress/10": lambda n: n["safety"] + _10 * n["progress"],
    "safety + progress/5": lambda n: n["safety"] + _5 * n["progress"],
    "safety + progress/3": lambda n: n["safety"] + n["progress"] / 3,
    "safety x (1 + progress/2)": lambda n: n["safety"] * (1 + n["progress"] / 2),
    "two_clicks": lambda n: n["two"],
    "two_clicks + progress/10": lambda n: n["two"] + _10 * n["progress"],
    "two_clicks + progress/3": lambda n: n["two"] + n["progress"] / 3,
    "two_clicks x (1 + progress/5)": lambda n: n["two"] * (1 + _5 * n["progress"]),
    "three_clicks": lambda n: n["three"],
    "three_clicks + progress/10": lambda n: n["three"] + _10 * n["progress"],
    "three_clicks + progress/5": lambda n: n["three"] + _5 * n["progress"],
    "safety + blank/5": lambda n: n["safety"] + _5 * n["blank"],
    "two_clicks + blank/5": lambda n: n["two"] + _5 * n["blank"],
    "two_clicks + progress/5 + blank/10": lambda n: (
        n["two"] + _5 * n["progress"] + _10 * n["blank"]
    ),
    "safety + forced/100": lambda n: n["safety"] + _100 * n["forced"],
    "two_clicks + progress/5 + forced/100": lambda n: (
        n["two"] + _5 * n["progress"] + _100 * n["forced"]
    ),
    "two_clicks + progress/5 + settled/100": lambda n: (
        n["two"] + _5 * n["progress"] + _100 * n["settled"]
    ),
}


def scorings_weighed(weighed: list[dict]) -> dict:
    """What each of `SCORINGS` would win beside the bot's choice, per decision, in win share (mean
    and standard error; the same layouts serve every candidate, so only the decisions where a
    rule picks another cell count), and at how many decisions it picks another cell."""
    out = {}
    # per decision: each candidate's numbers, its wins, and where the bot's choice stands
    decisions = [
        ([_numbers(c) for c in w["candidates"]], [c["wins"] for c in w["candidates"]], _chosen(w))
        for w in weighed
    ]
    for name, value in SCORINGS.items():
        gains, moved = [], 0
        for numbers, wins, mine in decisions:
            pick = max(
                range(len(numbers)), key=lambda i: (value(numbers[i]), numbers[i]["safety"], -i)
            )
            moved += pick != mine
            gains.append((sum(wins[pick]) - sum(wins[mine])) / len(wins[mine]))
        mean, error = _mean_and_error(gains)
        out[name] = {"gain": mean, "error": error, "moved": moved}
    return out


def _read_decisions(path: Path) -> list[dict]:
    """The decisions `collect` wrote to `path`; an error names what is wrong."""
    found = json.loads(path.read_text())
    if not isinstance(found, list):
        raise TypeError("a list of decisions is expected")
    for decision in found:
        Board(tuple(decision["rows"]))  # raises ValueError on a square that is not a puzzle's
        if len(decision["chosen"]) != 2 or int(decision["mines"]) < 0:
            raise ValueError(f"a decision's click or mine total is wrong: {decision['chosen']}")
    return found


def _gap(text: str) -> Fraction:
    """--min-gap: a difference of two mine probabilities, from 0 to 1 (0.03, or 3/100)."""
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):  # nan and inf are not fractions
        value = None
    if value is None or not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    c = sub.add_parser("collect", help="keep the middle-game guesses of seeded games")
    c.add_argument("--rules", choices=bot.RULES, default="zero")
    c.add_argument("--seed", type=_seed, default=900)
    c.add_argument("--games", type=_positive, default=100, help="games played (default 100)")
    c.add_argument("--workers", type=_positive, default=1, help="processes (default 1)")
    c.add_argument("--out", required=True, help="where the decisions go (JSON)")
    w = sub.add_parser("compare", help="play the bot's choice and the safest cell out")
    w.add_argument("decisions", help="a file written by collect")
    w.add_argument(
        "--layouts", type=_positive, default=40, help="layouts drawn per decision (default 40)"
    )
    w.add_argument(
        "--min-gap",
        type=_gap,
        default=Fraction(0),
        help="only decisions where the "
        "choice's mine probability exceeds the safest cell's by at least this",
    )
    w.add_argument("--limit", type=_positive, help="at most this many decisions")
    w.add_argument("--seed", type=_seed, default=0)
    w.add_argument("--workers", type=_positive, default=1, help="processes (default 1)")
    w.add_argument("--out", help="where each decision's wins go (JSON)")
    a = sub.add_parser("candidates", help="play every candidate the bot weighed out")
    a.add_argument("decisions", help="a file written by collect")
    a.add_argument(
        "--layouts", type=_positive, default=20, help="layouts drawn per decision (default 20)"
    )
    a.add_argument("--limit", type=_positive, help="at most this many decisions")
    a.add_argument("--seed", type=_seed, default=0)
    a.add_argument("--workers", type=_positive, default=1, help="processes (default 1)")
    a.add_argument("--out", help="where each candidate's wins go (JSON)")
    args = parser.parse_args(argv)
    if args.out is not None:
        try:  # now, not after every game has been played
            writable_target(args.out, "--out writes the results to a file")
        except UsageError as wrong:
            parser.error(str(wrong))
    if args.what == "collect":
        found = collect(args.rules, args.seed, args.games, args.workers)
        Path(args.out).write_text(json.dumps(found))
        differ = sum(1 for d in found if d["chosen"] != d["safest"])
        extra = sum(Fraction(d["risk_chosen"]) - Fraction(d["risk_safest"]) for d in found)
        print(
            f"{len(found)} decisions, {differ} where the bot did not click the safest cell;"
            f" its choices' mine chances exceed the safest cells' by {float(extra):.2f} in all"
        )
        return 0
    try:
        found = _read_decisions(Path(args.decisions))
        gaps = [Fraction(d["risk_chosen"]) - Fraction(d["risk_safest"]) for d in found]
    except OSError as failure:  # its reason in words: "No such file or directory"
        parser.error(f"{args.decisions}: {failure.strerror or failure}")
    except (ValueError, KeyError, TypeError) as failure:
        why = f"a decision without {failure}" if isinstance(failure, KeyError) else str(failure)
        parser.error(f"{args.decisions}: not a file of decisions written by collect ({why})")
    if args.what == "candidates":
        weighed = compare_all(found[: args.limit], args.layouts, args.workers, args.seed)
        result = {"headroom": headroom(weighed), "scorings": scorings_weighed(weighed)}
    else:
        decisions = [
            d for d, gap in zip(found, gaps) if gap >= args.min_gap and d["chosen"] != d["safest"]
        ][: args.limit]
        weighed = compare(decisions, args.layouts, args.workers, args.seed)
        result = summary(weighed)
    if args.out:
        Path(args.out).write_text(json.dumps(weighed))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
