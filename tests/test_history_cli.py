"""`castaway history` prints every event whatever its result looks like (issue 13: `--last N` crashed on the
faces a 21 Days procedure records as plain numbers)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

FIXTURE = Path(__file__).parent / "fixtures" / "stored_games_v2.db"


def test_history_after_a_plank_loss(cli):
    """The issue's reproducer: a plank lost, then the log, whole and the last N events. (The plank is now
    lost where the logbook shows it: right after `new` the command is refused as out of place.)"""
    cli.ok("new", "21days", "-p", "Ann", "-p", "Bob", "--seed", "1")
    assert cli("21days", "plank", "--face", "3").exit_code == 1
    for step in (["setup-done"], ["shark-phase"], ["logbook", "morning", "plank"]):
        cli.ok("21days", *step)
    cli.ok("21days", "plank", "--face", "3")
    for args in ((), ("--last", "2"), ("--last", "1"), ("-n", "0")):
        r = cli.ok("history", *args)
        assert "plank lost" in r.output and "→  3" in r.output and "Traceback" not in r.output


def test_faces_text_takes_every_shape():
    """Pairs (the shark die's outer/inner), words (the octopus die), numbers, and a generic roll's parts."""
    from cli import faces_text

    assert faces_text([(2, 5), (3, 4)]) == "2/5  3/4"
    assert faces_text(["tentacle"]) == "tentacle"
    assert faces_text([6, 2, 5]) == "6  2  5"
    assert faces_text([[2], [2, 5]]) == "2  2/5"
    assert faces_text(4) == "4"


def test_history_of_every_stored_game(tmp_path, cli):
    """Every game of the four-game fixture (undo and redo included) prints its whole log."""
    db = tmp_path / "stored.db"
    shutil.copy(FIXTURE, db)
    with sqlite3.connect(db) as con:
        ids = [row[0] for row in con.execute("select id from games")]
    assert len(ids) >= 4
    cli.db = db
    for gid in ids:
        r = cli.ok("--game", str(gid), "history", "--last", "0")
        assert r.output.count("#") >= 2
