"""Damaged files never crash castaway (issue 25, items 3 and 4): every command says in one line what is
damaged and what to do; a file SQLite finds damaged, and a game whose log does not replay, take no write;
a cached state or a save code is checked field by field before use; a game set up with other catalog data
is "built with other data than now", never damaged."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from companion import catalog, session

READING = (("status",), ("list",), ("history",), ("check",), ("plays", "list"), ("status", "--json"))
WRITING = (("move", "ship", "+1"), ("undo",), ("note", "hi"), ("check", "--repair"), ("use", "1"))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def one_line(r, *quoted: str) -> str:
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 1 and len(lines) == 1 and lines[0].startswith("error: "), (r.exit_code, r.output, r.stderr)
    for q in quoted:
        assert q in lines[0], (q, lines[0])
    return lines[0]


def _game(cli, db: Path) -> None:
    cli.ok("new", "21days", "--seed", "2", "-p", "Ann")
    for _i in range(3):
        cli.ok("move", "ship", "+1")
    session._CHECKED.clear()  # a fresh process: nothing found whole yet


def _sql(db: Path, *statements: str) -> None:
    c = sqlite3.connect(db)
    for s in statements:
        c.execute(s)
    c.commit()
    c.close()


def _pages(db: Path) -> int:
    c = sqlite3.connect(db)
    c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    n = c.execute("PRAGMA page_count").fetchone()[0]
    c.close()
    return n


@pytest.mark.parametrize("page", range(2, 12))
def test_a_zeroed_page_gives_one_line_and_takes_no_write(cli, db, page):
    _game(cli, db)
    size = 4096
    if page > _pages(db):
        pytest.skip(f"the file has only {_pages(db)} pages")
    data = bytearray(db.read_bytes())
    data[(page - 1) * size:page * size] = bytes(size)
    db.write_bytes(bytes(data))
    before = digest(db)
    for args in READING + WRITING:
        r = cli(*args)
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
        if args[0] == "check":  # its report says what is damaged and what to do, on stdout
            assert r.exit_code == 1 and ".recover" in r.output, (args, r.output)
        elif r.exit_code:
            line = one_line(r)
            assert "damaged" in line or "no game" in line or "nothing to" in line, (args, line)
        if args in WRITING and r.exit_code == 0:
            pytest.fail(f"castaway {' '.join(args)} wrote to a damaged file: {r.output}")
    assert digest(db) == before


def test_a_file_failing_the_integrity_check_refuses_every_write_and_says_what_to_do(cli, db):
    _game(cli, db)
    _pages(db)
    c = sqlite3.connect(db)  # the plays' index page cleared: the games still read, SQLite's check fails
    root = c.execute("SELECT rootpage FROM sqlite_master WHERE type = 'index' AND name = 'plays_uid'").fetchone()
    c.close()
    assert root, "the plays have an index on uid"
    data = bytearray(db.read_bytes())
    start = (root[0] - 1) * 4096
    data[start:start + 4096] = bytes(4096)
    db.write_bytes(bytes(data))
    before = digest(db)
    for args in WRITING:
        if args[0] != "check":
            one_line(cli(*args), "damaged", "restore a backup", ".recover")
    for args in (("check",), ("check", "--repair")):
        r = cli(*args)
        assert r.exit_code == 1 and "integrity: DAMAGED" in r.stdout and ".recover" in r.stdout, r.output
    assert digest(db) == before


def test_a_text_that_is_not_utf8_is_one_line_and_a_cached_one_is_repaired(cli, db):
    _game(cli, db)
    want = json.loads(cli.ok("status", "--json").stdout)["state"]
    c = sqlite3.connect(db)
    c.execute("UPDATE games SET state = CAST(state AS BLOB) || x'ff'")
    c.commit()
    c.close()
    session._CHECKED.clear()
    one_line(cli("status"), "cached state is damaged", "check --repair")
    one_line(cli("move", "ship", "+1"), "check --repair")
    r = cli("check")
    assert r.exit_code == 1 and "CACHE DAMAGED" in r.stdout
    assert "caches rebuilt" in cli.ok("check", "--repair").stdout
    assert json.loads(cli.ok("status", "--json").stdout)["state"] == want


def test_a_flipped_byte_in_a_log_line_is_shown_not_a_crash(cli, db):
    _game(cli, db)
    _sql(db, "DROP TRIGGER events_append_only_update",
         "UPDATE events SET text = CAST('move ship ' || char(43) AS BLOB) || x'ff' WHERE seq = 2")
    r = cli.ok("history")
    assert "\ufffd" in r.stdout


@pytest.mark.parametrize("key", ["tentacles", "planks"])
def test_a_cached_state_missing_a_key_is_refused_then_repaired(cli, db, key):
    _game(cli, db)
    want = cli.ok("status", "--json").stdout
    _sql(db, f"UPDATE games SET state = json_remove(state, '$.counters.{key}')")
    session._CHECKED.clear()
    before = digest(db)
    for args in (("status",), ("play",), ("move", "ship", "+1"), ("undo",)):
        one_line(cli(*args, input=""), f"counters.{key}", "check --repair")
    assert digest(db) == before
    assert "caches rebuilt" in cli.ok("check", "--repair").stdout
    assert cli.ok("status", "--json").stdout == want


def test_a_log_that_does_not_replay_takes_no_write(cli, db):
    _game(cli, db)
    _sql(db, "DROP TRIGGER events_append_only_update",
         """UPDATE events SET action = replace(action, '"ship"', '"no-such-track"') WHERE seq = 3""")
    session._CHECKED.clear()
    before = digest(db)
    for args in (("move", "ship", "+1"), ("undo",), ("note", "hi"), ("end", "--result", "lost", "--yes")):
        one_line(cli(*args), "game 1: its log does not replay", "castaway check")
    r = cli("check", "--repair")
    assert r.exit_code == 1 and "DAMAGED LOG" in r.stdout
    assert digest(db) == before
    cli.ok("status")  # reading goes on: the cache still shows the table


def test_a_damaged_event_takes_no_write(cli, db):
    _game(cli, db)
    _sql(db, "DROP TRIGGER events_append_only_update", "UPDATE events SET action = '{\"kind\": ' WHERE seq = 2")
    session._CHECKED.clear()
    before = digest(db)
    one_line(cli("move", "ship", "+1"), "event 2", "damaged")
    assert digest(db) == before


def test_a_save_code_whose_queued_step_has_no_seat_is_refused_at_resume(cli, db):
    from companion import savecode

    state = session.setup_table(catalog.load("21days"), {}, 5).data
    state["flow"]["queue"].insert(0, {"do": "place"})
    r = cli("resume", savecode.encode(state))
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.exit_code == 2 and len(lines) == 1, r.output
    assert "flow.queue[0]" in lines[0] and "seat" in lines[0] and "nothing was created" in lines[0]
    assert not db.exists()
    state["flow"]["queue"][0]["seat"] = "purple"
    assert "flow.queue[0].seat" in cli("resume", savecode.encode(state)).stderr
    state["flow"]["queue"][0]["seat"] = "red"
    cli.ok("resume", savecode.encode(state))


HOPE0 = ('[[counter]]\nid = "hope"\nname = "Hope"\nmin = 0\nmax = 0\nstart = 0\nper_seat = true\npool = true\n'
         'assumed = "a table without hope"\n')


def test_an_override_changing_a_rules_number_is_built_with_other_data_never_damaged(cli, db, tmp_path, monkeypatch):
    cli.ok("new", "21days", "--seed", "3")
    cli.ok("set", "red.hope", "2")
    folder = tmp_path / "decks"
    (folder / "21days").mkdir(parents=True)
    (folder / "21days" / "mine.toml").write_text(HOPE0)
    monkeypatch.setenv("CASTAWAY_DECKS", str(folder))
    monkeypatch.setattr(catalog, "_CACHE", {})
    session._CHECKED.clear()
    before = digest(db)
    r = cli("check")
    assert r.exit_code == 0 and "built with other data than now" in r.stdout, r.stdout
    assert "DAMAGED" not in r.stdout and "damaged" not in r.stdout
    r = cli("check", "--repair")
    assert r.exit_code == 0 and "built with other data than now" in r.stdout
    assert digest(db) == before  # nothing rebuilt: a repair would silently change the stored game
    cli.ok("move", "ship", "+1")  # it goes on as stored


def test_a_log_found_whole_is_not_replayed_again_until_a_row_changes(cli, db, monkeypatch):
    """A write replays a game's log only when its rows changed since it was last found whole (the store's
    mark: version and checksum), so a write to a long game costs what it costs on a short one."""
    _game(cli, db)
    calls = []
    real = session.replay
    monkeypatch.setattr(session, "replay", lambda st, gid: calls.append(gid) or real(st, gid))
    cli.ok("move", "ship", "-1")
    session._CHECKED.clear()
    cli.ok("undo")
    session._CHECKED.clear()
    cli.ok("move", "ship", "+1")
    assert calls == []  # marked whole by the writes before (each extends the mark by its own event)
    _sql(db, "DROP TRIGGER events_append_only_update",
         """UPDATE events SET action = replace(action, '"ship"', '"no-such-track"') WHERE seq = 3""")
    session._CHECKED.clear()
    one_line(cli("move", "ship", "+1"), "game 1: its log does not replay")
    assert calls == [1]
