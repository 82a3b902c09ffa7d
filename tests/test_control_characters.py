"""Control characters in user text are shown escaped in every terminal output (issue 25, item 5): a note,
a player's name or an imported comment never retitles, clears or recolours the terminal."""

from __future__ import annotations

import json
import re

RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")
NOTE = "\x1b]0;pwned\x07 hi"
NAME = "Ann\x1b[31mRED\x9b2J"


def _clean(r, *args) -> str:
    text = r.stdout + (r.stderr if r.stderr_bytes else "")
    assert not RAW.search(text), (args, repr(text[:400]))
    return text


def test_notes_names_and_plays_are_shown_escaped(cli, tmp_path):
    cli.ok("new", "21days", "--seed", "2", "-p", NAME, "-p", "Bob")
    cli.ok("note", NOTE)
    cli.ok("end", "--result", "lost", "--yes")
    for args in (("history",), ("status",), ("list",), ("plays", "list"), ("plays", "show", "1"), ("plays", "stats")):
        text = _clean(cli.ok(*args), *args)
        if args[0] in ("history", "plays", "status") and args[-1] not in ("list", "stats"):
            assert "\\x1b" in text, (args, text)
    assert "\\x1b]0;pwned\\x07 hi" in cli.ok("history").stdout


def test_an_imported_comment_and_an_error_quoting_input_are_shown_escaped(cli, tmp_path):
    cli.ok("new", "21days", "--seed", "2")
    cli.ok("end", "--result", "won", "--yes")
    out = tmp_path / "plays.json"
    cli.ok("plays", "export", "json", str(out))
    doc = json.loads(out.read_text())
    doc["plays"][0]["uid"] = "other"
    doc["plays"][0]["comments"] = "good\x1b[2J game\nsecond line"
    out.write_text(json.dumps(doc))
    cli.ok("plays", "import", str(out))
    text = _clean(cli.ok("plays", "show", "2"), "plays show")
    assert "good\\x1b[2J game" in text
    _clean(cli("move", "\x1b[2Jship", "+1"), "move")
    _clean(cli("use", "\x1b[2J"), "use")
