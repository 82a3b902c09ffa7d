"""A write to a file as castaway's last write left it (companion/filestamp.py) needs neither SQLite's integrity
check nor the full checksum of a log that write found whole; any change to the file since, by any program, a
WAL file holding another connection's commits, a damaged stamp file, or a log the last write did not find
whole, and both are asked again, as for any file."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion import session
from companion.store import Store


@pytest.fixture
def asked(monkeypatch, tmp_path):
    """The full checks the writes ask: "integrity" and ("log", game id)."""
    monkeypatch.setenv("CASTAWAY_CACHE", str(tmp_path / "cache"))
    seen: list = []
    real_q, real_crc = Store._q, Store.log_checksum
    monkeypatch.setattr(Store, "_q", lambda self, sql, args=(): (seen.append("integrity") if "integrity_check" in sql else None)
                        or real_q(self, sql, args))
    monkeypatch.setattr(Store, "log_checksum", lambda self, gid: seen.append(("log", gid)) or real_crc(self, gid))
    return seen


def fresh_process() -> None:
    session._CHECKED.clear()
    session._UNMARKED.clear()


def _game(cli, asked) -> None:
    cli.ok("new", "21days", "--seed", "2", "-p", "Ann")
    cli.ok("move", "ship", "+1")
    fresh_process()
    cli.ok("move", "ship", "+1")  # the log found whole and marked so by the writes before
    fresh_process()
    asked.clear()


def test_a_write_after_castaways_own_asks_nothing_again(cli, db, asked):
    _game(cli, asked)
    for _i in range(3):
        cli.ok("note", "again")
        fresh_process()
    assert asked == []
    cli.ok("status")  # a reader leaves the file as it was
    fresh_process()
    cli.ok("undo")
    assert asked == []


@pytest.mark.parametrize("change", ["same bytes rewritten", "another connection's write", "stamp file damaged",
                                    "stamp file of another file"])
def test_a_file_changed_since_is_checked_in_full(cli, db, asked, tmp_path, change):
    _game(cli, asked)
    stamps = list((tmp_path / "cache" / "stores").glob("*.json"))
    assert len(stamps) == 1
    if change == "same bytes rewritten":
        db.write_bytes(db.read_bytes())
    elif change == "another connection's write":
        c = sqlite3.connect(db)
        c.execute("INSERT INTO settings(key, value) VALUES ('other', 'program')")
        c.commit()
        c.close()
    elif change == "stamp file damaged":
        stamps[0].write_bytes(b"\xff{")
    else:
        text = stamps[0].read_text()
        stamps[0].write_text(text.replace(str(db), str(db) + "x"))
    cli.ok("note", "checked")
    assert "integrity" in asked and ("log", 1) in asked


def test_another_connections_commit_still_in_the_wal_is_checked_in_full(cli, db, asked):
    _game(cli, asked)
    other = sqlite3.connect(db)  # open while castaway writes: its commit stays in the WAL, the file is unchanged
    other.execute("INSERT INTO settings(key, value) VALUES ('other', 'program')")
    other.commit()
    try:
        cli.ok("note", "checked")
    finally:
        other.close()
    assert "integrity" in asked and ("log", 1) in asked


def test_a_log_the_last_write_did_not_find_whole_is_checked(cli, db, asked):
    _game(cli, asked)
    cli.ok("new", "21days", "--seed", "3", "-p", "Bob")  # game 2 is the current one
    cli.ok("note", "game 2")
    fresh_process()
    asked.clear()
    cli.ok("-g", "1", "note", "game 1")  # game 1's mark stands, but the last write found only game 2's log whole
    assert asked == [("log", 1)]


def test_stamps_of_files_that_are_gone_are_removed_once_there_are_many(monkeypatch, tmp_path):
    from companion import filestamp

    monkeypatch.setenv("CASTAWAY_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(filestamp, "KEEP", 5)
    alive = []
    for i in range(8):
        db = tmp_path / f"g{i}.db"
        db.write_bytes(b"x")
        filestamp.left(db, {})
        if i % 2:
            alive.append(db)
        else:
            db.unlink()
    folder = tmp_path / "cache" / "stores"
    assert len(list(folder.glob("*.json"))) < 8  # pruned on the way
    late = tmp_path / "late.db"
    late.write_bytes(b"y")
    filestamp.left(late, {})
    names = {json.loads(f.read_text())["path"] for f in folder.glob("*.json")}
    assert {str(p.resolve()) for p in alive} <= names and str(late.resolve()) in names
    assert all(Path(n).exists() for n in names)  # none of a file that is gone
    assert filestamp.as_left(alive[0]) == {}
