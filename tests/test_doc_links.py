"""Every link between the project's own pages leads somewhere: the file exists, and a #part names
one of its headings (as GitHub makes a heading's anchor). Links to the repository on GitHub are
read as links into this checkout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT

REPOSITORY = re.compile(r"https://github\.com/logicmines/logicmines/(?:blob|tree)/main/")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~)")


def pages() -> list[Path]:
    found = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return found + sorted((ROOT / "benchmarks").glob("*.md"))


def prose(path: Path) -> list[str]:
    """The page's lines outside fenced code."""
    lines, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation but - and _ dropped, spaces to -."""
    text = re.sub(r"[`*]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    for line in prose(path):
        if match := re.match(r"#{1,6} (.*)", line):
            name = anchor(match.group(1))
            count = seen.get(name, 0)
            seen[name] = count + 1
            found.add(name if count == 0 else f"{name}-{count}")
    return found


def links(path: Path) -> list[str]:
    return [target for line in prose(path) for target in LINK.findall(line)]


def broken(page: Path, root: Path = ROOT) -> list[str]:
    """The links of `page` that lead nowhere, each with what is wrong."""
    found = []
    for target in links(page):
        if REPOSITORY.match(target):
            file, _, part = REPOSITORY.sub("", target).partition("#")
            where = root / file
        elif re.match(r"[a-z]+:", target):
            continue  # another site, or mailto:
        else:
            file, _, part = target.partition("#")
            where = (page.parent / file) if file else page
        if not where.exists():
            found.append(f"{target}: no such file")
        elif part and where.suffix == ".md" and part not in anchors(where):
            found.append(f"{target}: no heading #{part} in {where.name}")
    return found


@pytest.mark.parametrize("page", pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_link_between_the_pages_leads_somewhere(page: Path):
    assert broken(page) == []


def test_the_anchor_of_a_heading_is_githubs():
    assert anchor("stats: 3BV, openings, islands") == "stats-3bv-openings-islands"
    assert (
        anchor("`endgame`: an exact search (1,000 layouts)")
        == "endgame-an-exact-search-1000-layouts"
    )


def test_a_broken_link_is_found(tmp_path: Path):
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "a.md"
    page.write_text(
        "# Top\n\n[a](b.md#somewhere) [b](b.md#nowhere) [c](#top) [d](c.md) [e](https://x.org)\n"
        "[f](https://github.com/logicmines/logicmines/blob/main/docs/b.md#somewhere)\n"
        "[g](https://github.com/logicmines/logicmines/blob/main/docs/gone.md)\n"
        "```\n[h](inside-code.md)\n```\n"
    )
    (tmp_path / "docs" / "b.md").write_text("# Somewhere\n")
    assert broken(page, root=tmp_path) == [
        "b.md#nowhere: no heading #nowhere in b.md",
        "c.md: no such file",
        "https://github.com/logicmines/logicmines/blob/main/docs/gone.md: no such file",
    ]
