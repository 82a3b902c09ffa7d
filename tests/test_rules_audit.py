"""The rules audit reads the rulebooks, not the code (docs/rules-GAME.md, part "The rulebooks, section by section").

tests/rulebook_sections.toml lists every section of each rulebook in the rulebook's order. Each listed section
must have its subsection in the game's audit, in the same order, with at least one row; each row names tests that
exist, or says that castaway leaves the rule to the table, only tells it, or does not implement it. Where the
rulebooks themselves are at hand (../shared/rulebooks next to the checkout, or $CASTAWAY_RULEBOOKS), every listed
heading must be in its rulebook's text, in that order.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = tomllib.loads((ROOT / "tests" / "rulebook_sections.toml").read_text(encoding="utf-8"))
GAMES = ("21days", "robinson", "mutinies", "dieson")
PART = "## The rulebooks, section by section"
NO_TEST = ("left to the table", "not implemented", "told")
TEST_NAME = re.compile(r"`?(test_\w+)`?")


def _books_dir() -> Path | None:
    for d in (os.environ.get("CASTAWAY_RULEBOOKS"), ROOT.parent / "shared" / "rulebooks",
              ROOT.parent.parent / "shared" / "rulebooks"):
        if d and Path(d).is_dir():
            return Path(d)
    return None


def _defined_tests() -> set[str]:
    names: set[str] = set()
    for p in (ROOT / "tests").rglob("*.py"):
        names.update(re.findall(r"^\s*def (test_\w+)", p.read_text(encoding="utf-8"), re.M))
    return names


def _audit(game: str) -> list[tuple[str, list[list[str]]]]:
    """The audit part of docs/rules-GAME.md: [(heading, rows)], rows as cell lists, in the doc's order."""
    text = (ROOT / "docs" / f"rules-{game}.md").read_text(encoding="utf-8")
    assert PART in text, f"docs/rules-{game}.md has no part {PART!r}"
    part = text.split(PART, 1)[1].split("\n## ", 1)[0]
    out: list[tuple[str, list[list[str]]]] = []
    for line in part.splitlines():
        if line.startswith("### "):
            out.append((line[4:].strip(), []))
        elif line.startswith("|") and out and not re.match(r"^\|[\s|:-]+\|$", line):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells[:1] != ["rule"]:
                out[-1][1].append(cells)
    return out


def _listed(game: str) -> list[dict]:
    return list(SECTIONS.get(game, {}).get("section", []))


@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_section_has_rows_in_order(game):
    listed = [f"{s['book']} § {s['heading']}" for s in _listed(game)]
    if not listed:
        pytest.skip(f"tests/rulebook_sections.toml lists no section of {game} yet")
    audit = _audit(game)
    headings = [h for h, _ in audit]
    missing = [h for h in listed if h not in headings]
    assert not missing, f"docs/rules-{game}.md has no subsection for {missing}"
    empty = [h for h, rows in audit if h in listed and not rows]
    assert not empty, f"docs/rules-{game}.md: no row under {empty}"
    order = [h for h in headings if h in listed]
    assert order == listed, f"docs/rules-{game}.md: sections out of the rulebook's order"


@pytest.mark.parametrize("game", GAMES)
def test_every_row_names_a_real_test_or_says_why_not(game):
    if not _listed(game):
        pytest.skip(f"tests/rulebook_sections.toml lists no section of {game} yet")
    defined = _defined_tests()
    bad = []
    for heading, rows in _audit(game):
        for cells in rows:
            if len(cells) < 3:
                bad.append(f"{heading}: {cells!r} has no test column")
                continue
            named = TEST_NAME.findall(cells[2])
            if named:
                bad += [f"{heading}: {n} is no test" for n in named if n not in defined]
            elif not any(w in cells[1].lower() for w in NO_TEST):
                bad.append(f"{heading}: row {cells[0][:40]!r} names no test and does not say why")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game", GAMES)
def test_listed_sections_are_the_rulebooks_in_order(game):
    if not _listed(game):
        pytest.skip(f"tests/rulebook_sections.toml lists no section of {game} yet")
    books = _books_dir()
    if books is None:
        pytest.skip("the rulebooks are not next to this checkout (set CASTAWAY_RULEBOOKS)")
    files = SECTIONS[game]["books"]
    texts = {tag: " ".join((books / name).read_text(encoding="utf-8").split()) for tag, name in files.items()}
    at = dict.fromkeys(texts, 0)
    for s in _listed(game):
        text, heading = texts[s["book"]], " ".join(s["heading"].split())
        i = text.find(heading, at[s["book"]])
        assert i >= 0, f"{s['book']} § {heading!r} is not in {files[s['book']]} after the previous section"
        at[s["book"]] = i + len(heading)
