"""The benchmark's report: markdown tables, the machine it ran on, the results section of
docs/benchmarks.md, and the plot. `bench.py` runs the boards and hands its `Results` here.

Each engine's answer to one board is the package's own `logicmines.compare.Outcome` (the one
`compare` prints). SKIPPED, an engine not run, is the package's too (compare does not run an
engine that would list more solutions than its time allows); the benchmark gives it to an engine
on a family as well, when it answered none of a smaller family of the same kind, or lists every
solution and the family is past that. UNSTEADY, the benchmark's own, says that repeated runs of
one board gave different answers. Families asked for the count and families asked for the
forced cells get tables of their own, each with the agreement of every pair of engines.
"""

from __future__ import annotations

import math
import os
import platform
import re
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from pathlib import Path

from logicmines.compare import ERROR, MISSING, OK, SKIPPED, TIMEOUT, Outcome
from logicmines.generate import COUNT, FORCED, Family, Labelled

UNSTEADY = "unsteady"  # the benchmark's own status, beside the package's
FAILED = (ERROR, UNSTEADY)  # no answer, and not for lack of time
BEGIN = "<!-- results: written by benchmarks/bench.py; everything to the end marker is replaced -->"
END = "<!-- end of results -->"
COLOURS = {
    "gprolog": "C3",
    "reference": "C1",
    "clpfd": "C4",
    "clingo": "C5",
    "prolog": "C0",
    "kanren": "C2",
}


@dataclass
class Results:
    """What one run measured: every engine's outcome on every board, in the order run."""

    engines: tuple[str, ...]  # the first is the yardstick the others are compared with
    timeout: float
    rows: list[tuple[Family, Labelled, dict[str, Outcome]]] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    gprolog_floor: float | None = None  # seconds for gprolog to start and answer `0`
    seconds: float = 0.0
    # the commit measured, the date and the load average as the run began (big_boards.stamp)
    stamp: str | None = None
    # repeated runs of a quick board, some past the time limit: "label: engine: what was kept"
    notes: list[str] = field(default_factory=list)


# --- cells -------------------------------------------------------------------------------------


def seconds_text(seconds: float) -> str:
    return f"{seconds:.3g} s" if seconds >= 1 else f"{seconds * 1000:.3g} ms"


def cell(outcome: Outcome, timeout: float) -> str:
    """One engine on one board, in words."""
    return {
        OK: lambda: seconds_text(outcome.seconds),
        TIMEOUT: lambda: f"> {timeout:g} s",
        SKIPPED: lambda: "not run",
        MISSING: lambda: "not installed",
        ERROR: lambda: "error",
        UNSTEADY: lambda: "runs differ",
    }[outcome.status]()


def median(outcomes: list[Outcome]) -> float:
    """The median time; a board not answered counts as longer than any answered one."""
    return statistics.median(o.seconds if o.answered else math.inf for o in outcomes)


def family_cell(outcomes: list[Outcome], timeout: float) -> str:
    answered = sum(o.answered for o in outcomes)
    middle = median(outcomes)
    if all(o.status == MISSING for o in outcomes):
        return "not installed"
    if all(o.status == SKIPPED for o in outcomes):
        return f"> {timeout:g} s (not run)"
    if math.isinf(middle):
        text = f"> {timeout:g} s" if any(o.status == TIMEOUT for o in outcomes) else "no answer"
    else:
        text = seconds_text(middle)
    if 0 < answered < len(outcomes) or any(o.status in FAILED for o in outcomes):
        text += f" ({answered}/{len(outcomes)} answered)"
    return text


def ratio_cell(
    outcomes: list[Outcome], yardstick: list[Outcome], timeout: float, who: str = "gprolog"
) -> str:
    """The engine's median over the yardstick's (`who`) median (a bound when one of them did not
    answer; `> timeout` when neither did; a dash when the engine or the yardstick was not run at
    all, as it answered none of a smaller family: no time of its own to divide or be divided)."""
    if all(o.status == MISSING for o in yardstick) or all(o.status == MISSING for o in outcomes):
        return "n/a"
    if all(o.status == SKIPPED for o in outcomes):
        return "— (not run)"
    if all(o.status == SKIPPED for o in yardstick):
        return f"— ({who} not run)"
    mine, theirs = median(outcomes), median(yardstick)
    if math.isinf(mine):
        if math.isinf(theirs):
            return "> timeout"
        return f"> {timeout / theirs:.2g}× (> {timeout:g} s)"
    if math.isinf(theirs):
        return f"< {mine / timeout:.2g}× ({who} > {timeout:g} s)"
    return f"{mine / theirs:.3g}×"


def answer_text(outcomes: dict[str, Outcome]) -> str:
    answers = {o.answer for o in outcomes.values() if o.answered}
    if not answers:
        return "no engine answered"
    if len(answers) > 1:
        return "**DISAGREEMENT**"
    ((verdict, count, safe, mines),) = answers
    if count is None:
        return f"{verdict}; {len(safe)} safe, {len(mines)} mines"
    # A count can pass any float's range (10^308); Decimal rounds it exactly.
    return f"{verdict}, {count if count < 10**15 else f'≈ {Decimal(count):.3g}'}"


# --- tables ------------------------------------------------------------------------------------


def asked(results: Results, question: str) -> list[tuple[Family, Labelled, dict[str, Outcome]]]:
    """The rows of the boards asked `question` (COUNT or FORCED)."""
    return [row for row in results.rows if row[0].question == question]


def by_family(
    results: Results, question: str = COUNT
) -> list[tuple[Family, dict[str, list[Outcome]]]]:
    table: dict[str, tuple[Family, dict[str, list[Outcome]]]] = {}
    for family, _, outcomes in asked(results, question):
        empty = {name: [] for name in results.engines}
        _, columns = table.setdefault(family.name, (family, empty))
        for name in results.engines:
            columns[name].append(outcomes[name])
    return list(table.values())


def size_text(family: Family) -> str:
    sizes = sorted({item.cells for item in family.boards})
    return str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]}–{sizes[-1]}"


def median_table(results: Results) -> list[str]:
    engines = results.engines
    lines = [
        "Median time for the verdict and the count of a board, per family:",
        "",
        f"| family | boards | cells | {' | '.join(engines)} |",
        f"|---|--:|--:|{'--:|' * len(engines)}",
    ]
    for family, columns in by_family(results):
        times = " | ".join(family_cell(columns[name], results.timeout) for name in engines)
        lines.append(f"| {family.name} | {len(family.boards)} | {size_text(family)} | {times} |")
    return lines


def ratio_table(results: Results) -> list[str]:
    yardstick, *others = results.engines
    lines = [
        "",
        f"Ratio of each engine's median to {yardstick}'s median "
        "(below 1: faster than the original):",
        "",
        f"| family | {' | '.join(others)} |",
        f"|---|{'--:|' * len(others)}",
    ]
    for family, columns in by_family(results):
        ratios = " | ".join(
            ratio_cell(columns[name], columns[yardstick], results.timeout, yardstick)
            for name in others
        )
        lines.append(f"| {family.name} | {ratios} |")
    return lines


def agreement_lines(results: Results) -> list[str]:
    answered = ", ".join(
        f"{name} {sum(outcomes[name].answered for *_, outcomes in results.rows)}"
        for name in results.engines
    )
    lines = ["", f"Boards answered, of {len(results.rows)}: {answered}."]
    errors = [
        f"- {item.label}: {name}: {o.error}"
        for _, item, outcomes in results.rows
        for name, o in outcomes.items()
        if o.status in FAILED
    ]
    if errors:
        lines += ["", "Errors (no answer, and not a timeout):", ""] + errors + [""]
    if results.notes:
        lines += ["", "Quick boards timed again, some runs past the time limit:", ""]
        lines += [f"- {note}" for note in results.notes] + [""]
    if results.disagreements:
        lines += [""] + [f"- {line}" for line in results.disagreements]
    else:
        lines.append(
            "Agreement: on every board, every engine that answered gave the same answer (the "
            "verdict and the count, or the verdict and the forced cells), and each verdict fits "
            "its count."
        )
    return lines


def pairs(results: Results, question: str) -> dict[tuple[str, str], tuple[int, int]]:
    """For each pair of engines: on how many boards asked `question` both answered, and on how
    many of those they gave the same answer."""
    rows = asked(results, question)
    found = {}
    for i, one in enumerate(results.engines):
        for other in results.engines[i + 1 :]:
            both = [o for *_, o in rows if o[one].answered and o[other].answered]
            same = sum(o[one].answer == o[other].answer for o in both)
            found[one, other] = (len(both), same)
    return found


def pair_table(results: Results, question: str) -> list[str]:
    """A matrix: for each pair of engines, 'agreed/both answered' (— where they never both
    answered), over the boards asked `question`."""
    rows = asked(results, question)
    engines = tuple(  # those run on these boards
        name for name in results.engines if any(o[name].status != SKIPPED for *_, o in rows)
    )
    counted = pairs(results, question)
    what = "verdict and count" if question == COUNT else "verdict and forced cells"
    lines = [
        "",
        f"Agreement of each pair of engines on the {what} ({len(rows)} "
        "boards): the boards on which they agreed, of those both answered:",
        "",
        f"| | {' | '.join(engines[1:])} |",
        f"|---|{'--:|' * (len(engines) - 1)}",
    ]
    for i, one in enumerate(engines[:-1]):
        cells = []
        for j, other in enumerate(engines[1:], start=1):
            if j <= i:
                cells.append("")
                continue
            both, same = counted[one, other]
            cells.append("—" if both == 0 else f"{same}/{both}" + ("" if same == both else " ✗"))
        lines.append(f"| {one} | {' | '.join(cells)} |")
    return lines


def board_table(results: Results, question: str = COUNT) -> list[str]:
    engines = results.engines
    if question == COUNT:
        heading = "Every board: the answer of the engines that answered it, and the time of each:"
    else:
        heading = (
            "Beyond the reference's reach, every board: the verdict and the number of forced "
            "cells (safe in every solution; mines in every solution) that the engines that "
            "answered agree on, and the time of each engine (gprolog and reference list every "
            "solution, so they are not run here):"
        )
    lines = [
        "",
        heading,
        "",
        f"| board | cells | `?` | answer | {' | '.join(engines)} |",
        f"|---|--:|--:|---|{'--:|' * len(engines)}",
    ]
    for _, item, outcomes in asked(results, question):
        times = " | ".join(cell(outcomes[name], results.timeout) for name in engines)
        answer = answer_text(outcomes)
        lines.append(f"| {item.label} | {item.cells} | {item.unknowns} | {answer} | {times} |")
    return lines


def tables(results: Results) -> str:
    """The report in markdown: medians, ratios, agreement, every board; then the boards beyond
    the reference's reach, with the agreement of every pair of engines on each question."""
    lines = median_table(results) + ratio_table(results)
    lines += agreement_lines(results) + pair_table(results, COUNT) + board_table(results)
    if asked(results, FORCED):
        lines += board_table(results, FORCED) + pair_table(results, FORCED)
    return "\n".join(lines) + "\n"


# --- the machine and the results section -------------------------------------------------------


def version(command: list[str]) -> str:
    try:
        text = subprocess.run(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=30
        ).stdout
    except OSError:
        return "not installed"
    found = re.search(r"\d+\.\d+\.\d+", text)
    return found.group(0) if found else "unknown"


def package(name: str) -> str:
    try:
        return package_version(name)
    except PackageNotFoundError:
        return "not installed"


def machine() -> str:
    """The machine and the versions of everything measured, as a markdown list."""
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"- CPU: {cpu}, {os.cpu_count()} cores; {platform.platform()}\n"
        f"- Python {platform.python_version()}, miniKanren {package('miniKanren')}, "
        f"pyswip {package('pyswip')}, clingo {package('clingo')}\n"
        f"- SWI-Prolog {version(['swipl', '--version'])}, "
        f"GNU Prolog {version(['gplc', '--version'])}\n"
    )


def report(results: Results, command: str) -> str:
    """The results section of docs/benchmarks.md."""
    floor = results.gprolog_floor
    start = "" if floor is None else f" (of which {seconds_text(floor)} to start it: a 1x1 board)"
    minutes, seconds = divmod(round(results.seconds), 60)
    stamp = ""
    if results.stamp is not None:  # the load average over 1, 5 and 15 minutes
        stamp = f"{results.stamp} (1, 5 and 15 minutes) when the run began.\n\n"
    return (
        f"Command: `{command}`; time limit {results.timeout:g} s per board and engine; "
        f"the whole run took {minutes} min {seconds:02d} s.\n\n"
        f"{stamp}"
        f"{machine()}- gprolog's times include starting its process{start}.\n\n"
        f"{tables(results)}"
    )


def write_section(path: Path, section: str) -> None:
    """Put `section` between the markers of `path` (a new file holds only the section)."""
    text = path.read_text() if path.exists() else ""
    block = f"{BEGIN}\n\n{section}\n{END}"
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + block + rest.split(END, 1)[1]
    else:
        text = (text + "\n" if text else "") + block + "\n"
    path.write_text(text)


# --- the plot ----------------------------------------------------------------------------------


def plot_formats() -> set[str] | None:
    """The file suffixes `plot` can draw in (png, svg, pdf, ...), without the dot; None when
    matplotlib is missing."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        return None
    return set(FigureCanvasBase.get_supported_filetypes())


def plot(results: Results, path: Path) -> None:
    """Time against board size, one colour per engine, log-log; no answer drawn at the limit."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    timeout = results.timeout
    figure, axes = plt.subplots(figsize=(9, 5.5))
    for i, name in enumerate(results.engines):
        nudge = 0.92 + 0.16 * i / max(1, len(results.engines) - 1)  # side by side, not on top
        colour = COLOURS.get(name, f"C{4 + i}")
        counted = asked(results, COUNT)
        done = [(item.cells, o.seconds) for _, item, row in counted if (o := row[name]).answered]
        late = [item.cells for _, item, row in counted if row[name].status == TIMEOUT]
        if done:
            xs, ys = zip(*done)
            axes.scatter([x * nudge for x in xs], ys, s=22, color=colour, label=name)
        if late:
            axes.scatter(
                [x * nudge for x in late],
                [timeout] * len(late),
                s=40,
                marker="^",
                facecolors="none",
                edgecolors=colour,
                label=f"{name}: > {timeout:g} s",
            )
    axes.axhline(timeout, color="grey", linestyle="--", linewidth=0.8)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("board size (cells)")
    axes.set_ylabel("verdict + count (seconds)")
    axes.set_title("logicmines: each engine on each board (time limit dashed)")
    axes.grid(True, which="major", linewidth=0.3)
    axes.legend(fontsize=8, ncol=2)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


if __name__ == "__main__":  # bench.py imports it; on its own it has nothing to report
    print(
        "report.py is not a script: it makes bench.py's tables; run python benchmarks/bench.py",
        file=sys.stderr,
    )
    sys.exit(2)
