"""Reading commands leave a foreign or empty SQLite file as it was; a read-only database is refused for
writing even when the user (root) could write it anyway (issue 25, item 7)."""

from __future__ import annotations

import hashlib
import os
import sqlite3

import pytest


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("make", ["empty", "foreign"])
def test_reading_commands_leave_an_empty_or_foreign_sqlite_file_untouched(cli, db, make):
    c = sqlite3.connect(db)
    if make == "foreign":
        c.execute("CREATE TABLE notes(x)")
        c.execute("INSERT INTO notes VALUES (1)")
    else:
        c.execute("CREATE TABLE t(x)")
        c.execute("DROP TABLE t")
    c.commit()
    c.close()
    before = _digest(db)
    for args in (("list",), ("status",), ("history",), ("check",), ("plays", "list"), ("list", "--json")):
        r = cli(*args)
        assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "left untouched" in r.stderr, (args, r.output)
        assert _digest(db) == before, args
    assert sorted(p.name for p in db.parent.iterdir()) == [db.name]


def test_a_read_only_database_is_refused_for_writing_even_by_root(cli, db):
    cli.ok("new", "21days", "--seed", "2")
    os.chmod(db, 0o444)
    try:
        before = _digest(db)
        cli.ok("status")
        for args in (("move", "ship", "+1"), ("note", "x"), ("check", "--repair")):
            r = cli(*args)
            if args[0] == "check":
                continue  # nothing to repair: it only reads
            assert r.exit_code == 1 and "read-only" in r.stderr and "damaged" not in r.stderr, (args, r.output)
        assert _digest(db) == before
    finally:
        os.chmod(db, 0o644)


def test_a_guided_game_quit_before_its_setup_leaves_no_database(tmp_path):
    """`castaway play </dev/null` ends at the first setup question: the database it would have made is not
    left behind (issue 25 item 7)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    db = tmp_path / "sub" / "never.db"
    env = {**os.environ, "CASTAWAY_DB": str(db)}
    r = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "play"], cwd=root, env=env, stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "Paused before the game started" in r.stdout, r.stdout + r.stderr
    assert not db.exists()
    assert not db.parent.exists() or not any(db.parent.iterdir())  # no -wal or -shm file either
