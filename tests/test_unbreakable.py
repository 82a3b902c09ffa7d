"""No input, file or kill can crash castaway, hang it or damage a game (issue 14): a test per item.

Item 2 (a game's command on another game's table) is tested with the game packages; item 10 is
tests/test_fuzz_cli.py.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def one_line_error(r, *quoted: str) -> str:
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.exit_code in (1, 2), (r.exit_code, r.output)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    for q in quoted:
        assert q in lines[0], (q, lines[0])
    return lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- 1. user text is never markup -------------------------------------------------------------------


def test_1_markup_in_names_notes_and_plays_is_shown_as_typed(cli):
    cli.ok("new", "21days", "-p", "[/x]", "-p", "[bold]Bob", "--title", "[/title]", "--seed", "3")
    r = cli.ok("note", "[/bold] hi")
    assert "[/bold] hi" in r.output
    assert "[/x]" in cli.ok("status").output and "[bold]Bob" in cli.ok("status").output
    assert "[/title]" in cli.ok("list").output
    assert "[/bold] hi" in cli.ok("history").output
    cli.ok("end", "--result", "lost", "--yes")
    cli.ok("plays", "add", "mutinies", "-p", "[/x]", "-p", "Ann", "--score", "[/x]=3", "--winner", "[/x]",
           "--result", "won", "--location", "[/loc]", "--comment", "[red]", "--date", "2026-01-02")
    assert "[/x]" in cli.ok("plays", "list").output
    shown = cli.ok("plays", "show", "last").output
    assert "[/loc]" in shown and "[red]" in shown and "[/x]" in shown
    assert "[/x]" in cli.ok("plays", "stats").output


def test_1_an_error_quoting_markup_is_one_plain_line(cli):
    cli.ok("new", "21days", "--seed", "3")
    line = one_line_error(cli("set", "[/bold]", "3"), "[/bold]")
    assert "accepted" in line or "did you mean" in line


# -- 3. numbers are bounded where they enter ------------------------------------------------------


@pytest.mark.parametrize("args, quoted", [
    (["--game", "99999999999999999999", "status"], "--game 99999999999999999999"),
    (["--if-version", "99999999999999999999", "status"], "--if-version"),
    (["use", "99999999999999999999"], "99999999999999999999"),
    (["21days", "shark-bite", "99999999999999999999"], "99999999999999999999"),
    (["plays", "add", "21days", "--duration", "99999999999999999999", "--result", "won"], "--duration"),
    (["plays", "add", "mutinies", "-p", "A", "--score", "A=" + "9" * 400, "--result", "won", "--date", "2026-01-01"], "score"),
    (["plays", "add", "21days", "--result", "won", "--date", "2026-01-01", "--outcome", "day=" + "9" * 5000], "--outcome day="),
    (["plays", "show", "99999999999999999999"], "99999999999999999999"),
    (["print", "kit", "21days", "--bleed", "nan"], "nan"),
    (["--game", "1", "mutinies", "routes", "²", "1d", "0", "0"], "²"),
])
def test_3_huge_numbers_are_refused_in_one_line(cli, db, args, quoted):
    cli.ok("new", "mutinies", "-p", "A", "-p", "B", "--seed", "1")
    cli.ok("new", "21days", "--seed", "1")
    before = digest(db)
    one_line_error(cli(*args), quoted)
    assert digest(db) == before


# -- 4. a refused command never creates the database ----------------------------------------------


@pytest.mark.parametrize("args", [
    ["plays", "bgg-id", "chess", "12"],
    ["plays", "import", "BAD"],
    ["new", "chess"],
    ["resume", "CW1-AAAAAAAA"],
    ["new", "21days", "--strength", "red=9/9"],
])
def test_4_a_refused_command_creates_no_database(cli, tmp_path, args):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    db = tmp_path / "sub" / "dir" / "fresh.db"
    r = cli.runner.invoke(cli.app, ["--db", str(db), *[str(bad) if a == "BAD" else a for a in args]])
    one_line_error(r)
    assert not db.exists() and not (tmp_path / "sub").exists()


# -- 5. imports are bounded -------------------------------------------------------------------------


def test_5_imports_are_bounded_in_size_depth_numbers_and_types(cli, db, tmp_path):
    cli.ok("plays", "add", "21days", "--result", "won", "--date", "2026-01-01")
    before = digest(db)
    one_line_error(cli("plays", "import", "/dev/zero"), "/dev/zero", "regular file")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    one_line_error(cli("plays", "import", str(deep)), "nested too deep", "at most 32")
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"format": "castaway-plays", "version": 1, "plays": [
        {"uid": "a", "game": "21days", "started": "2026-01-01", "players": [{"name": "A", "score": 0}]}]}).replace('"score": 0', '"score": ' + "9" * 400))
    one_line_error(cli("plays", "import", str(big)), "too large", "accepted")
    ids = tmp_path / "ids.json"
    ids.write_text(json.dumps({"games": [{"id": 1, "name": "21 Days"}], "players": [],
                               "plays": [{"gameRefId": [1], "playDate": "2026-01-01 10:00:00"}]}))
    one_line_error(cli("plays", "import", str(ids)), "gameRefId [1]")
    listed = tmp_path / "listed.json"
    listed.write_text(json.dumps({"games": [{"id": [1], "name": "21 Days"}], "plays": []}))
    one_line_error(cli("plays", "import", str(listed)), "a number or text")
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(33 * 1024 * 1024)
    one_line_error(cli("plays", "import", str(huge)), "at most")
    assert digest(db) == before


def test_5_the_docs_state_the_import_size_limit():
    from companion.bounded import IMPORT_LIMIT

    assert IMPORT_LIMIT == 32 * 1024 * 1024
    assert "32 MiB" in (ROOT / "docs" / "your-data.md").read_text()  # moved there from the README


# -- 6. save codes are checked field by field ------------------------------------------------------


def _code(state: dict) -> str:
    from companion import savecode

    return savecode.encode(state)


@pytest.mark.parametrize("change, quoted", [
    (lambda d: d.update(game="chess"), "game"),
    (lambda d: d["tracks"].update(shark=10**9), "tracks.shark"),
    (lambda d: d["tracks"].update(shark="near"), "tracks.shark"),
    (lambda d: d.update(seats=["red", "red"]), "seats"),
    (lambda d: d["seat"]["red"].update(strength=[9, 9]), "seat.red.strength"),
    (lambda d: d["seat"]["red"].update(survivor="nobody"), "survivor"),
    (lambda d: d["decks"]["bottle"]["draw"].append("no-such-card"), "decks.bottle"),
    (lambda d: d["decks"]["bottle"]["draw"].append(d["decks"]["bottle"]["draw"][0]), "each card once"),
    (lambda d: d.update(flow=[]), "flow"),
    (lambda d: d["d21"].update(raft="x"), "d21.raft"),
    (lambda d: d.update(rng=[-1, 0]), "rng"),
    (lambda d: d["pools"]["hope"].update(supply=10**12), "pools.hope.supply"),
    (lambda d: d["counters"].pop("planks"), "counters.planks"),
])
def test_6_a_crafted_save_code_is_refused_before_a_game_is_made(cli, db, change, quoted):
    from companion import catalog, session

    cli.ok("new", "21days", "--seed", "5")
    before = digest(db)
    state = session.setup_table(catalog.load("21days"), {}, 5).data
    change(state)
    one_line_error(cli("resume", _code(state)), "save code", quoted)
    assert digest(db) == before


def test_6_good_save_codes_of_every_game_resume(cli):
    from companion import catalog, session

    for game, opts in (("21days", {"edition": "cs"}), ("robinson", {}), ("mutinies", {"players": ["A", "B"]}), ("dieson", {})):
        state = session.setup_table(catalog.load(game, opts.get("edition")), opts, 9).data
        cli.ok("resume", _code(state))
        cli.ok("status")


# -- 7. damaged databases ---------------------------------------------------------------------------


def _game(cli, db) -> None:
    cli.ok("new", "21days", "--seed", "2")
    for _i in range(3):
        cli.ok("move", "ship", "+1")


def _sql(db: Path, *statements: str) -> None:
    c = sqlite3.connect(db)
    for s in statements:
        c.execute(s)
    c.commit()
    c.close()


def test_7_a_negative_user_version_is_refused_and_left_untouched(cli, db):
    _game(cli, db)
    _sql(db, "PRAGMA user_version = -3")
    before = digest(db)
    one_line_error(cli("status"), "damaged", "schema version is -3")
    assert digest(db) == before


def test_7_a_damaged_cached_state_is_refused_then_repaired_from_the_log(cli, db):
    _game(cli, db)
    want = cli.ok("status", "--json").output
    _sql(db, "UPDATE games SET state = '[1, 2]'")
    one_line_error(cli("status"), "check --repair")
    one_line_error(cli("move", "ship", "+1"), "check --repair")
    r = cli("check")
    assert r.exit_code == 1 and "CACHE DAMAGED" in r.output
    assert "caches rebuilt" in cli.ok("check", "--repair").output
    assert cli.ok("status", "--json").output == want
    assert "replay matches" in cli.ok("check").output


def test_7_damaged_snapshots_are_rebuilt_from_the_log_on_undo(cli, db):
    _game(cli, db)
    _sql(db, "UPDATE snapshots SET state = x'00112233'")
    cli.ok("undo")
    cli.ok("undo")
    assert json.loads(cli.ok("status", "--json").output)["state"]["tracks"]["ship"] == 5
    cli.ok("check", "--repair")
    assert "replay matches" in cli.ok("check").output


def test_7_a_gap_in_the_log_stops_every_write(cli, db):
    _game(cli, db)
    _sql(db, "DROP TRIGGER events_append_only_delete", "DELETE FROM events WHERE seq = 3")
    before = digest(db)
    one_line_error(cli("move", "ship", "+1"), "log is damaged")
    r = cli("check", "--repair")
    assert r.exit_code == 1 and "DAMAGED LOG" in r.output and "gap at event 3" in r.output
    assert digest(db) == before


def _as_nobody(*args: str, db: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CASTAWAY_DB": str(db), "LANG": "C.UTF-8"}
    env.pop("LANGUAGE", None)
    cmd = [sys.executable, "-c", "import cli; cli.main()", *args]
    if os.geteuid() == 0:  # root writes anything: run as nobody so that the modes count
        if not shutil.which("setpriv"):
            pytest.skip("running as root without setpriv")
        cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *cmd]
        probe = subprocess.run([*cmd[:4], sys.executable, "-c", "import cli"], cwd=ROOT, env=env, capture_output=True,
                               text=True, timeout=60)
        if probe.returncode:  # a clone inside a folder closed to other users (mktemp -d makes it 0700)
            pytest.skip(f"user nobody cannot read castaway's source tree at {ROOT} (a folder on the way is closed "
                        f"to other users): {probe.stderr.strip().splitlines()[-1] if probe.stderr.strip() else probe.returncode}")
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_7_a_read_only_file_or_folder_says_read_only(cli, tmp_path):
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="castaway-ro-"))  # a folder another user can reach
    os.chmod(folder, 0o755)
    db = folder / "castaway.db"
    cli.db = db
    _game(cli, db)
    os.chmod(db, 0o444)
    try:
        r = _as_nobody("status", db=db)
        assert r.returncode == 0, r.stderr
        r = _as_nobody("move", "ship", "+1", db=db)
        assert r.returncode == 1 and r.stderr.count("\n") == 1 and "read-only" in r.stderr and "damaged" not in r.stderr
        os.chmod(db, 0o666)
        os.chmod(folder, 0o555)
        r = _as_nobody("move", "ship", "+1", db=db)
        assert r.returncode == 1 and "read-only" in r.stderr and "damaged" not in r.stderr, r.stderr
        assert _as_nobody("check", db=db).returncode == 0
    finally:
        os.chmod(folder, 0o755)
        shutil.rmtree(folder)


# -- 8. CASTAWAY_DECKS is bounded -------------------------------------------------------------------


@pytest.mark.parametrize("text, quoted", [
    ('[[track]]\nid="ship"\nname="S"\nmin=1\nmax=10000000\nstart=5\nsource="x"\n', "out of range"),
    ("a=" + "[" * 5000 + "]" * 5000 + "\n", "nested too deep"),
    ('[[counter]]\nid="hope"\nname="H"\npool=true\nmax=1000000000000\nsource="x"\n', "out of range"),
    ('[[track]]\nid="ship"\nname="S"\nmin=-900\nmax=900\nstart=5\nsource="x"\n', "spaces"),
])
def test_8_user_data_is_bounded(cli, db, tmp_path, monkeypatch, text, quoted):
    from companion import catalog

    cli.ok("new", "21days", "--seed", "1")
    (tmp_path / "decks" / "21days").mkdir(parents=True)
    (tmp_path / "decks" / "21days" / "mine.toml").write_text(text)
    monkeypatch.setenv("CASTAWAY_DECKS", str(tmp_path / "decks"))
    monkeypatch.setenv("CASTAWAY_CACHE", "off")
    catalog._CACHE.clear()
    try:
        one_line_error(cli("status"), "mine.toml", quoted)
        (tmp_path / "decks" / "21days" / "mine.toml").unlink()
        catalog._CACHE.clear()
        cli.ok("status")  # the game is whole once the file is gone
    finally:
        catalog._CACHE.clear()


def test_8_a_data_file_over_the_size_limit_is_refused(cli, tmp_path, monkeypatch):
    from companion import catalog

    (tmp_path / "decks" / "21days").mkdir(parents=True)
    (tmp_path / "decks" / "21days" / "big.toml").write_text("# " + "x" * (1024 * 1024 + 10) + "\n")
    monkeypatch.setenv("CASTAWAY_DECKS", str(tmp_path / "decks"))
    monkeypatch.setenv("CASTAWAY_CACHE", "off")
    catalog._CACHE.clear()
    try:
        one_line_error(cli("new", "21days"), "big.toml", "at most")
    finally:
        catalog._CACHE.clear()


# -- 9. files ----------------------------------------------------------------------------------------


def test_9_temp_files_of_a_killed_print_are_cleaned_by_the_next_write(cli, tmp_path):
    out = tmp_path / "kit"
    out.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True).stdout.strip()
    ours = out / f".21days-cards-a4.pdf.castaway-{dead}-abc123.tmp"
    old = out / ".21days-dice-a4.pdf.k2j4h5g6.tmp"  # the unmarked form of earlier versions
    fresh = out / ".21days-dice-a4.pdf.zzzzzzzz.tmp"
    mine = out / ".notes.tmp"
    for p in (ours, old, fresh, mine):
        p.write_bytes(b"%PDF-half")
    os.utime(old, (1, 1))
    cli.ok("print", "reference", "21days", "--out", str(out))
    left = {p.name for p in out.iterdir()}
    assert ours.name not in left and old.name not in left
    assert fresh.name in left and mine.name in left  # a write may still be going on; not ours at all


def test_9_a_writer_killed_before_its_rename_leaves_a_temp_file_the_next_write_removes(cli, tmp_path):
    out = tmp_path / "kit"
    out.mkdir()
    child = ("import os, sys; import ui.files as f; "
             "f.os.replace = lambda *a: os.kill(os.getpid(), 9); "  # killed at the worst moment: written, not renamed
             "f.write_atomic(sys.argv[1], b'%PDF-1.4' * 50000)")
    r = subprocess.run([sys.executable, "-c", child, str(out / "21days-en-a4-cards.pdf")], cwd=ROOT)
    assert r.returncode == -9
    left = [p.name for p in out.iterdir()]
    assert len(left) == 1 and left[0].startswith(".21days-en-a4-cards.pdf.castaway-") and left[0].endswith(".tmp")
    cli.ok("print", "reference", "21days", "--out", str(out))
    assert sorted(p.name for p in out.iterdir()) == ["21days-en-a4-reference.pdf"]


def test_9_a_name_too_long_is_one_line(cli, tmp_path):
    cli.ok("plays", "add", "21days", "--result", "won", "--date", "2026-01-01")
    one_line_error(cli("plays", "export", "csv", str(tmp_path / ("x" * 300 + ".csv"))), "at most 255")


def test_9_an_export_onto_a_link_replaces_the_link_never_the_file_behind_it(cli, tmp_path):
    cli.ok("plays", "add", "21days", "--result", "won", "--date", "2026-01-01")
    other = tmp_path / "other"
    other.mkdir()
    (other / "keep.csv").write_text("mine\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "plays.csv").symlink_to(other / "keep.csv")
    cli.ok("plays", "export", "csv", str(out / "plays.csv"))
    assert (other / "keep.csv").read_text() == "mine\n"
    assert not (out / "plays.csv").is_symlink() and "play" in (out / "plays.csv").read_text()
    (out / "21days-en-a4-reference.pdf").symlink_to(other / "keep.csv")
    cli.ok("print", "reference", "21days", "--out", str(out))
    assert (other / "keep.csv").read_text() == "mine\n"
    assert not (out / "21days-en-a4-reference.pdf").is_symlink()


def test_9_a_read_only_target_is_refused(cli, tmp_path, monkeypatch):
    cli.ok("plays", "add", "21days", "--result", "won", "--date", "2026-01-01")
    target = tmp_path / "plays.csv"
    target.write_text("old\n")
    target.chmod(0o444)
    monkeypatch.chdir(tmp_path)  # named as typed, short: a long temp path is shortened in the message (past 80 characters)
    one_line_error(cli("plays", "export", "csv", "plays.csv"), "read-only", "plays.csv")
    assert target.read_text() == "old\n"
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "21days-en-a4-reference.pdf").write_bytes(b"old")
    (tmp_path / "kit" / "21days-en-a4-reference.pdf").chmod(0o444)
    one_line_error(cli("print", "reference", "21days", "--out", str(tmp_path / "kit")), "read-only")
    assert (tmp_path / "kit" / "21days-en-a4-reference.pdf").read_bytes() == b"old"


# -- 11. hypothesis profiles ------------------------------------------------------------------------


def test_11_ci_runs_hypothesis_derandomized():
    code = ("import tests.conftest, hypothesis; s = hypothesis.settings.default; "
            "print(s.derandomize, s.database)")
    env = {**os.environ, "CI": "true"}
    env.pop("HYPOTHESIS_PROFILE", None)
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert r.stdout.split() == ["True", "None"], r.stderr
    env.pop("CI")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert r.stdout.split()[0] == "False", r.stderr


def test_11_scruffs_alone_on_the_raft_takes_no_hope():
    """With only Scruffs alive the game goes on (a character still lives), and a hope token's reward
    finds nobody to hold hope instead of failing."""
    from companion import catalog
    from companion.engine import apply
    from companion.games.days21 import game as days21
    from companion.games.days21.core import living
    from companion.games.days21.scruffs import ScruffsToken

    cat = catalog.load("21days")
    t = days21.setup(cat, {"scruffs": True}, 3)
    for seat in t.seats:
        if t.seat_values(seat).get("survivor") == "scruffs":
            t.seat_values(seat)["strength"] = [5]
        else:
            t.seat_values(seat)["strength"] = []
    days21.settle(t, cat)
    assert [t.seat_values(s)["survivor"] for s in living(t)] == ["scruffs"] and not t.data.get("over")
    new, res = apply(t, ScruffsToken(card="hope-2", needs=(6,), face=6), cat)
    assert "no survivor is left" in res["say"] and not new.data.get("over")


def test_11_two_hope_with_scruffs_alone_asks_nobody_and_resolves():
    """The flake's cause: with only Scruffs alive the logbook's two-hope asked 'who gets them?' with no one
    to choose (and any answer was refused: the dog never holds hope). Now nobody is asked."""
    from companion import catalog
    from companion.engine import apply
    from companion.games.days21 import game as days21
    from companion.games.days21.events import Symbol

    cat = catalog.load("21days")
    t = days21.setup(cat, {"scruffs": True}, 3)
    for seat in t.seats:
        t.seat_values(seat)["strength"] = [5] if t.seat_values(seat).get("survivor") == "scruffs" else []
    days21.settle(t, cat)
    new, res = apply(t, Symbol("two-hope"), cat)
    assert "no survivor is left" in res["say"] and new.pool_held("hope") == 0
    from companion.games.days21.steps import _sym

    title, _say, ask, make = _sym(new, cat, {"sym": "two-hope"})
    assert ask.kind != "choice" and make(None) == Symbol("two-hope")
