"""Bad input: one line on stderr, exit 1 or 2, no traceback, and the database file untouched."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BAD = [
    # unknown names
    ["new", "chess"],
    ["new", ""],
    ["new", "21days", "--survivor", "nobody"],
    ["new", "21days", "--survivor", "maya", "--survivor", "horvath"],
    ["new", "21days", "--strength", "red=7/1"],
    ["new", "21days", "--strength", "purple=1/1"],
    ["new", "21days", "--strength", "red"],
    ["new", "21days", "--difficulty", "extreme"],
    ["new", "21days", "--seed", "-4"],
    ["new", "21days", "--player", ""],
    ["new", "21days", "--opt", "noequals"],
    ["use", "99"],
    ["use", "x"],
    ["set", "sharks", "3"],
    ["set", "shark", "9"],
    ["set", "shark", "99999999999999999999999999"],
    ["set", "shark", ""],
    ["set", "shark", "drei"],
    ["set", "", "3"],
    ["set", "strength", "3"],
    ["set", "purple.strength", "3"],
    ["set", "red.strength", "7"],
    ["set", "red.strength", "1,2,3"],
    ["set", "phase", "lunch"],
    ["move", "shark", "-7"],
    ["move", "shark", "+0"],
    ["move", "shark", "3"],
    ["move", "shark", "+99999999999999999"],
    ["move", "phase", "+1"],
    ["move", "žralok", "+1"],
    ["move", "ship", "-100"],
    ["move", "red.hope", "+40"],
    ["move", "red.hope", "+0"],
    ["move", "red.hope", "1"],
    ["move", "hope", "+2"],
    ["move", "red.hope", "-5"],
    ["move", "tentacles", "-9"],
    ["move", "planks", "+1"],
    ["dice", "roll", "dragon"],
    ["dice", "roll", "d0"],
    ["dice", "roll", "1000d6"],
    ["dice", "roll", "2d6", "--faces", "1"],
    ["dice", "roll", "2d6", "--faces", "1,7"],
    ["dice", "roll", "2d6", "--faces", ""],
    ["dice", "roll", "shark", "--faces", "2"],
    ["dice", "roll", "octopus", "--faces", "🐙"],
    ["dice", "roll", ""],
    ["cards", "draw", "maps"],
    ["cards", "draw", "bottle", "--card", "treasure"],
    ["cards", "draw", "bottle", "--card", ""],
    ["cards", "draw", "bottle", "--card", "disaster/exhaustion"],
    ["cards", "draw", "bottle", "--to", "purple"],
    ["cards", "discard", "bottle", "four-hope:2"],
    ["cards", "discard", "bottle", "nothing"],
    ["cards", "return", "bottle", "four-hope"],
    ["cards", "return", "bottle", "four-hope", "--top", "--bottom"],
    ["cards", "remove", "jellyfish", "swarm-z"],
    ["cards", "shuffle", "cards"],
    ["note", ""],
    ["note", "x" * 3000],
    ["redo"],
    ["end", "--result", "draw", "--yes"],
    ["history", "--last", "-3"],
    ["rules", "assumptions", "monopoly"],
    ["--if-version", "1", "move", "ship", "+1"],
    ["--if-version", "999", "move", "ship", "+1"],
    ["--game", "42", "status"],
    ["frobnicate"],
]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def prepared(cli, db):
    cli.ok("new", "21days", "--seed", "4")
    cli.ok("move", "ship", "+1")  # version 2: --if-version 1 is stale
    assert not Path(str(db) + "-wal").exists() or Path(str(db) + "-wal").stat().st_size == 0
    return digest(db)


@pytest.mark.parametrize("args", BAD, ids=[" ".join(a)[:40] for a in BAD])
def test_bad_input_is_refused_cleanly(cli, db, prepared, args):
    r = cli(*args)
    assert r.exit_code in (1, 2), f"exit {r.exit_code}: {r.output}"
    assert "Traceback" not in r.output and r.exception is None or isinstance(r.exception, SystemExit)
    if args not in (["frobnicate"], ["new", "chess"], ["new", ""]):  # each case reaches its command
        assert "No such command" not in r.stderr, r.stderr
    if r.exit_code == 1:  # our own refusals: exactly one line
        lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert digest(db) == prepared, "the database changed"


def test_error_messages_quote_the_input_and_say_what_is_accepted(cli, prepared):
    r = cli("set", "shark", "9")
    assert r.stderr.strip() == "error: shark 9 is off the track: it runs 1..5"
    r = cli("dice", "roll", "dragon")
    assert "'dragon'" in r.stderr and "shark" in r.stderr
    r = cli("cards", "draw", "bottle", "--card", "treasure")
    assert "'treasure'" in r.stderr and "four-hope" in r.stderr


def run_cli(db: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "import cli; cli.main()", "--db", str(db), *args],
                          capture_output=True, text=True, cwd=ROOT)


def test_damaged_file_is_refused_and_left_untouched(tmp_path):
    db = tmp_path / "d.db"
    db.write_bytes(b"this is a shopping list, not a database\n" * 50)
    before = digest(db)
    for args in (["status"], ["new", "21days"], ["move", "ship", "+1"]):
        r = run_cli(db, *args)
        assert r.returncode == 1, r.stderr
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
        assert "left untouched" in r.stderr or "damaged" in r.stderr
    assert digest(db) == before


def test_truncated_database_is_refused(tmp_path, cli, db):
    cli.ok("new", "21days", "--seed", "1")
    data = db.read_bytes()
    bad = tmp_path / "t.db"
    bad.write_bytes(data[: len(data) // 3])
    before = digest(bad)
    r = run_cli(bad, "status")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert digest(bad) == before


def test_newer_schema_is_refused(tmp_path, cli, db):
    cli.ok("new", "21days", "--seed", "1")
    con = sqlite3.connect(db)
    con.execute("PRAGMA user_version = 99")
    con.close()
    before = digest(db)
    r = run_cli(db, "status")
    assert r.returncode == 1 and "newer castaway (schema 99" in r.stderr
    assert digest(db) == before


def test_foreign_sqlite_file_is_refused(tmp_path):
    db = tmp_path / "other.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE recipes(name TEXT)")
    con.commit()
    con.close()
    before = digest(db)
    r = run_cli(db, "new", "21days")
    assert r.returncode == 1 and "belongs to another program" in r.stderr
    assert digest(db) == before


def test_reading_a_missing_database_creates_nothing(tmp_path):
    db = tmp_path / "none.db"
    r = run_cli(db, "status")
    assert r.returncode == 1 and "no castaway database" in r.stderr
    assert not db.exists()


def test_status_does_not_import_the_print_libraries(cli, db):
    cli.ok("new", "21days", "--seed", "1")
    code = (
        "import sys, cli\n"
        "sys.argv = ['castaway', '--db', sys.argv[1], 'status']\n"
        "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'qrcode', 'PIL'))\n"
        "print('HEAVY', heavy)\n"
    )
    r = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True, text=True, cwd=ROOT)
    assert "HEAVY []" in r.stdout, r.stdout + r.stderr
