"""README.md is a newcomer's five minutes: at most 1,500 words, every command it shows is a real one, and
every file it links to exists (the rest of what castaway does is in docs/)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
WORDS = 1500
GLOBAL_VALUE_OPTIONS = ("--db", "--game", "-g", "--if-version", "--lang")


def test_readme_is_short():
    words = len(README.read_text(encoding="utf-8").split())
    assert words <= WORDS, f"README.md has {words} words (at most {WORDS}): move the detail to docs/"


def commands_shown(text: str) -> list[str]:
    """Every `castaway ...` the README shows: in code spans, and on code lines (after a `$ ` prompt)."""
    found = [m.group(1) for m in re.finditer(r"`(castaway [^`]*)`", text)]
    found += [line.strip().removeprefix("$ ") for line in text.splitlines() if line.strip().startswith("$ castaway ")]
    return found


def command_path(root, words: list[str]) -> tuple[list[str], object] | None:
    """The command the words call (global options skipped), or None when a word is no command there."""
    import typer.main  # noqa: F401

    cmd, path, skip = root, [], False
    for word in words:
        if skip:
            skip = False
            continue
        if not hasattr(cmd, "commands"):
            break
        if word in GLOBAL_VALUE_OPTIONS and not path:
            skip = True
            continue
        if word.startswith("-"):
            continue
        sub = cmd.commands.get(word)
        if sub is None:
            return None
        cmd, path = sub, [*path, word]
    return (path, cmd) if not hasattr(cmd, "commands") else None


def test_every_command_in_the_readme_exists():
    import typer.main

    import cli

    root = typer.main.get_command(cli.app)
    shown = commands_shown(README.read_text(encoding="utf-8"))
    assert len(shown) >= 15
    wrong = [c for c in shown if command_path(root, c.split()[1:]) is None]
    assert not wrong, f"README.md shows commands castaway does not have: {wrong}"


def test_the_readme_links_resolve():
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert links
    missing = [link for link in links if not (ROOT / link).exists()]
    assert not missing, f"README.md links to files that do not exist: {missing}"
