"""The store: one SQLite file holding games, their append-only event logs, snapshots and plays.

The only module that imports sqlite3 (the schema and its migrations are in schema.py, a game's row and
a snapshot's blob in gamerow.py). Every writing command is one BEGIN IMMEDIATE transaction;
the file is in WAL mode with synchronous=FULL, so a command that returned is on disk, and a
command killed midway leaves nothing behind.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import uuid
import zlib
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

from .errors import StoreError
from .events import Event, live_path
from .gamerow import GAME_COLS, GameRow, pack, text, unpack
from .i18n import _
from .schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION
from .table import Table

PLAYS_NEXT = "plays:next"  # the settings key of the next play's number (a deleted play's number is never reused)

def read_only(path: Path) -> str | None:
    """Why castaway could not write the database file: its own mode, or its folder's (WAL mode needs to make
    files beside it), or a read-only file system; None when it can."""
    try:
        marked = not path.stat().st_mode & stat.S_IWUSR  # root could write it anyway: the mark is respected
    except OSError:
        marked = False
    if marked or not os.access(path, os.W_OK):
        return _("the file is read-only")
    if not os.access(path.parent, os.W_OK):
        return _("its folder is read-only")
    return None


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def default_path() -> Path:
    env = os.environ.get("CASTAWAY_DB")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("castaway", appauthor=False)) / "castaway.db"


class Store:
    """A castaway database file. Open with create=True only for commands that write."""

    def __init__(self, path: str | os.PathLike, create: bool = False):
        self.path = Path(path)
        try:
            exists = self.path.exists() and self.path.stat().st_size > 0
        except OSError as e:  # a folder on the way that this user may not enter
            raise StoreError(_("cannot open {path}: {reason}").format(path=self.path, reason=e.strerror or e)) from None
        if not exists and not create:
            raise StoreError(_("no castaway database at {path}; start a game with: castaway new 21days").format(path=self.path))
        # No Python-level open() of the file here: closing a second descriptor would drop this
        # process's POSIX locks held by SQLite connections on it. SQLite itself refuses a foreign file.
        self.created: list[Path] = []  # folders and the file this open made (see discard_created)
        self.creating = create
        self.whole: bool | None = None  # whether SQLite's integrity check passed (asked at the first write)
        self.problem = ""
        self._as_left: bool | None = None  # None: as_left not found true yet; False: forgotten (forget_as_left)
        self._wrote: int | None = None  # PRAGMA data_version after this store's last commit
        self._logs: dict[str, int] = {}  # the logs found whole (or marked so) by this store: game id -> version
        if not exists:
            missing = [p for p in [self.path.parent, *self.path.parent.parents] if not p.exists()]
            self.created = [*reversed(missing)]
            if not self.path.exists():
                self.created.append(self.path)
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise StoreError(_("cannot create the folder for {path}: {strerror}").format(path=self.path, strerror=e.strerror)) from None
        self.readonly = read_only(self.path) if exists else None
        if not exists and not os.access(self.path.parent, os.W_OK):
            raise StoreError(_("cannot create {path}: its folder is read-only").format(path=self.path))
        try:
            if self.readonly:  # read, never write: the file or its folder cannot be written
                self.conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro&immutable=1", uri=True,
                                            isolation_level=None, timeout=30)
            else:
                self.conn = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        except sqlite3.Error as e:
            raise StoreError(_("cannot open {path}: {e}").format(path=self.path, e=e)) from None
        try:
            self.conn.execute("PRAGMA busy_timeout = 30000")
            self._check_or_migrate(exists)
            self.conn.execute("PRAGMA synchronous = FULL")
            self.conn.execute("PRAGMA foreign_keys = ON")
        except (sqlite3.DatabaseError, UnicodeDecodeError) as e:
            self.conn.close()
            if isinstance(e, UnicodeDecodeError):
                raise StoreError(damaged(self.path, _("its schema is not readable text"))) from None
            why = read_only(self.path) if self.path.exists() else None
            if why or "readonly" in str(e) or "read-only" in str(e):
                raise StoreError(_("{path} is read-only ({why}); castaway cannot open it to write: make it writable").format(path=self.path, why=why or e)) from None
            if exists and "malformed" in str(e):
                raise StoreError(damaged(self.path, e)) from None
            raise StoreError(_("{path} is damaged or not a castaway database ({e}); it was left untouched").format(path=self.path, e=e)) from None
        except StoreError:
            self.conn.close()
            raise

    # -- opening -------------------------------------------------------------------------------
    def _check_or_migrate(self, exists: bool) -> None:
        c = self.conn
        app = c.execute("PRAGMA application_id").fetchone()[0]
        ver = c.execute("PRAGMA user_version").fetchone()[0]
        if ver < 0:
            raise StoreError(_("{path} is damaged: its schema version is {ver} (accepted: 0 to {schema_version}); it was left untouched").format(path=self.path, ver=ver, schema_version=SCHEMA_VERSION))
        if exists:
            tables = c.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if app != APPLICATION_ID and (app != 0 or tables):
                raise StoreError(_("{path} belongs to another program (application id {app:#x}); it was left untouched").format(path=self.path, app=app))
            if ver > SCHEMA_VERSION:
                raise StoreError(
                    _("{path} was written by a newer castaway (schema {ver}, this one reads up to {schema_version}); upgrade castaway; the file was left untouched").format(path=self.path, ver=ver, schema_version=SCHEMA_VERSION)
                )
        if exists and ver == 0 and app == 0 and not self.creating:
            # an empty SQLite file (or one that was never castaway's): a reading command leaves it as it is
            raise StoreError(_("{path} holds no castaway data yet (an empty SQLite file); it was left untouched; "
                               "start a game in it with: castaway new 21days").format(path=self.path))
        if ver < SCHEMA_VERSION:
            if self.readonly:
                raise StoreError(_("{path} needs upgrading to schema {schema_version} but is read-only ({why}); make it writable").format(path=self.path, schema_version=SCHEMA_VERSION, why=self.readonly))
            if not exists:
                c.execute("PRAGMA journal_mode = WAL")
            # each migration in a transaction of its own
            for v in range(ver + 1, SCHEMA_VERSION + 1):
                c.execute("BEGIN IMMEDIATE")
                try:
                    migration = MIGRATIONS[v]
                    if callable(migration):  # a migration in Python
                        migration(c)
                    else:
                        for stmt in _statements(migration):
                            c.execute(stmt)
                    c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    c.execute(f"PRAGMA user_version = {v}")
                    c.execute("COMMIT")
                except BaseException:
                    c.execute("ROLLBACK")
                    raise

    def close(self) -> None:
        untouched = False
        if self._wrote is not None:  # no other connection committed since this store's last write
            try:
                untouched = self.conn.execute("PRAGMA data_version").fetchone()[0] == self._wrote
            except sqlite3.Error:
                pass
        self.conn.close()
        if untouched:
            from . import filestamp

            filestamp.left(self.path, self._logs)

    def as_left(self) -> bool:
        """Whether the file is byte for byte as castaway's last write to it left it (companion/filestamp.py:
        its size, mtime, ctime and inode as they were once that write closed it, no WAL file beside it): its
        integrity was checked by that write (or by the one before, whose file it found so)."""
        if self._as_left is False:  # forget_as_left
            return False
        from . import filestamp

        logs = None if self.creating else filestamp.as_left(self.path)  # asked anew each time: a long-lived store
        if logs is not None and self._as_left is None:  # sees another process's write
            self._logs = {**logs, **self._logs}
            self._as_left = True
        return logs is not None

    def log_as_left(self, game_id: int, version: int) -> bool:
        """Whether the game's log, at `version`, was found whole (or marked so) by castaway's last write and the
        file is as that write left it: its mark stands without its checksum."""
        return self.as_left() and self._logs.get(str(game_id)) == version

    def forget_as_left(self) -> None:
        """Another process wrote since as_left was asked: the file is checked as any other."""
        self._as_left = False

    def discard_created(self) -> None:
        """A command that created this file and then failed takes the file (and the folders it made) away
        again: a refused command leaves no database behind. A file that already holds a game or a play
        (a guided game set up, then interrupted or cut off) is kept: what was committed is the table's."""
        self.conn.close()
        try:  # asked on a connection of its own: the command's own may be closed already
            look = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                kept = look.execute("SELECT EXISTS(SELECT 1 FROM games) OR EXISTS(SELECT 1 FROM plays)").fetchone()[0]
            finally:
                look.close()
        except sqlite3.Error:
            kept = False  # no schema yet: nothing was committed
        if kept:
            self.created = []
            return
        for p in reversed(self.created):
            try:
                if p == self.path:
                    for extra in ("", "-wal", "-shm", "-journal"):
                        Path(str(p) + extra).unlink(missing_ok=True)
                else:
                    p.rmdir()
            except OSError:
                return
        self.created = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @contextmanager
    def write(self) -> Iterator["Store"]:
        """One writing transaction: BEGIN IMMEDIATE takes the write lock before anything is read."""
        if self.readonly:
            raise StoreError(_("{path} is read-only ({why}); nothing was written; make it writable to change it").format(path=self.path, why=self.readonly))
        if self.whole is None and self.as_left():  # checked whole by the write that left it so
            self.whole, self.problem = True, "ok"
        if self.whole is None:  # asked once per open: a file SQLite itself finds damaged takes no write
            problem = self._q("PRAGMA integrity_check(1)").fetchone()[0]
            self.whole = problem == "ok"
            self.problem = problem
        if not self.whole:
            raise StoreError(damaged(self.path, self.problem))
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as e:
            raise StoreError(_("cannot write to {path}: {e}").format(path=self.path, e=e)) from None
        try:
            yield self
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        else:
            try:
                self.conn.execute("COMMIT")
            except sqlite3.DatabaseError as e:
                self.conn.execute("ROLLBACK")
                raise StoreError(_("cannot write to {path}: {e}").format(path=self.path, e=e)) from None
            self._wrote = self.conn.execute("PRAGMA data_version").fetchone()[0]

    def _q(self, sql: str, args: tuple = ()) -> "_Rows":
        """A statement's rows, all read here: a damaged page or text shows while rows are read, not only when
        the statement starts, and becomes one StoreError that says what to do."""
        try:
            cur = self.conn.execute(sql, args)
            return _Rows(cur.fetchall(), cur.lastrowid)
        except sqlite3.IntegrityError as e:
            raise StoreError(_("refused by the database: {e}").format(e=e)) from None
        except OverflowError:
            big = ", ".join(str(a) for a in args if isinstance(a, int) and not -2**63 <= a < 2**63)
            raise StoreError(_("{values}: too large; accepted: whole numbers up to {hi}").format(values=big, hi=2**63 - 1)) from None
        except sqlite3.OperationalError as e:
            if "decode" in str(e):  # a flipped byte in a text: SQLite's pages are whole, one value is not
                column = str(e).split("column ", 1)[-1].split(" ", 1)[0] if "column " in str(e) else "?"
                raise StoreError(_("{path} is damaged: a text in its column {column} is not UTF-8; nothing was written; "
                                   "`castaway check` says which game, `castaway check --repair` rebuilds a game's cached state")
                                 .format(path=self.path, column=column)) from None
            if "locked" in str(e) or "readonly" in str(e):
                raise StoreError(_("cannot use {path}: {e}").format(path=self.path, e=e)) from None
            raise StoreError(damaged(self.path, e)) from None
        except sqlite3.DatabaseError as e:
            raise StoreError(damaged(self.path, e)) from None
        except UnicodeDecodeError:
            raise StoreError(damaged(self.path, _("a text is not UTF-8"))) from None

    # -- games ---------------------------------------------------------------------------------
    def create_game(self, game: str, edition: str, title: str, setup: dict, state: Table) -> int:
        ts = now()
        cur = self._q(
            "INSERT INTO games(game, edition, title, created, updated, status, version, head, redo, state)"
            " VALUES (?, ?, ?, ?, ?, 'active', 1, 0, '[]', ?)",
            (game, edition, title, ts, ts, state.to_json()),
        )
        gid = cur.lastrowid
        assert gid is not None  # an INSERT that succeeded sets it
        self._q(
            "INSERT INTO events(game_id, seq, type, action, result, parent, head, at, text, day, phase)"
            " VALUES (?, 1, 'setup', ?, NULL, NULL, 0, ?, ?, NULL, NULL)",
            (gid, json.dumps(setup, sort_keys=True), ts, f"new {game}"),
        )
        self._q("INSERT INTO snapshots(game_id, node, state) VALUES (?, 0, ?)", (gid, pack(state)))
        return gid

    def game(self, game_id: int) -> GameRow | None:
        row = self._q(f"SELECT {GAME_COLS} FROM games WHERE id = ?", (game_id,)).fetchone()
        return GameRow(row) if row else None

    def games(self) -> list[GameRow]:
        return [GameRow(r) for r in self._q(f"SELECT {GAME_COLS} FROM games ORDER BY id").fetchall()]

    def versions(self) -> dict[int, int]:
        """Each game's version: one cheap read, so a watcher (the table display) sees any process's write."""
        return dict(self._q("SELECT id, version FROM games").fetchall())

    def latest_active(self) -> int | None:
        row = self._q("SELECT id FROM games WHERE status = 'active' ORDER BY updated DESC, id DESC LIMIT 1").fetchone()
        return row[0] if row else None

    def append(self, game_id: int, expect_version: int, ev: Event, state: Table, redo: list[int],
               snapshot: bool) -> None:
        """Add one event and move the game's cached head; the caller holds the write transaction."""
        row = self._q("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row[0] != expect_version or ev.seq != expect_version + 1:
            raise StoreError(_("game {game_id}: event {seq} does not follow version {x}").format(game_id=game_id, seq=ev.seq, x=row and row[0]))
        count, last = self._q("SELECT count(*), max(seq) FROM events WHERE game_id = ?", (game_id,)).fetchone()
        if count != expect_version or last != expect_version:
            raise StoreError(_("game {game_id}: its log is damaged ({count} events, the last numbered {last}, for version {version}); nothing was written; `castaway check` tells more").format(game_id=game_id, count=count, last=last, version=expect_version))
        self._q(
            "INSERT INTO events(game_id, seq, type, action, result, parent, head, at, text, day, phase)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, ev.seq, ev.type, json.dumps(ev.action, sort_keys=True) if ev.action is not None else None,
             json.dumps(ev.result, sort_keys=True) if ev.result is not None else None,
             ev.parent, ev.head, ev.at, ev.text, ev.day, ev.phase),
        )
        if snapshot:
            self._q("INSERT OR REPLACE INTO snapshots(game_id, node, state) VALUES (?, ?, ?)", (game_id, ev.head, pack(state)))
        status = "over" if state.data.get("over") else "active"
        self._q(
            "UPDATE games SET version = ?, head = ?, redo = ?, state = ?, updated = ?, status = ? WHERE id = ?",
            (ev.seq, ev.head, json.dumps(redo), state.to_json(), ev.at, status, game_id),
        )
        whole = self.log_whole(game_id)
        if whole is not None and whole[0] == expect_version:  # the log was whole: with this event it still is
            self.mark_log_whole(game_id, ev.seq, self._log_crc(game_id, ev.seq - 1, ev.seq, whole[1]))

    # -- a log found whole -------------------------------------------------------------------------
    # A game's log replayed from its setup without a fault is marked with its version and a checksum of its
    # rows (settings key "log:<id>"); a write then replays nothing while the rows still give that checksum,
    # and extends the mark by the event it appends. A row changed outside castaway changes the checksum.

    def _log_crc(self, game_id: int, since: int = 0, until: int | None = None, crc: int = 0) -> int:
        """The CRC-32 of the rows' "seq type parent " + action + result bytes, in order: each row's bytes are
        joined by SQLite, so a long log costs one read and one crc32 call, not a Python loop over its rows."""
        rows = self._q(
            "SELECT CAST(CAST(seq AS TEXT) || ' ' || CAST(type AS BLOB) || ' ' || coalesce(CAST(parent AS TEXT), 'None') || ' '"
            " || CAST(coalesce(action, '') AS BLOB) || CAST(coalesce(result, '') AS BLOB) AS BLOB)"
            " FROM events WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (game_id, since, 2**62 if until is None else until))
        return zlib.crc32(b"".join(r[0] for r in rows), crc)

    def log_checksum(self, game_id: int) -> int:
        """A checksum of every row of the game's log (read without decoding a line)."""
        return self._log_crc(game_id)

    def log_whole(self, game_id: int) -> tuple[int, int] | None:
        """(version, checksum) of the game's log when it was last found whole, or None."""
        mark = self.setting(f"log:{game_id}")
        try:
            version, crc = (int(x) for x in (mark or "").split(":"))
        except ValueError:
            return None
        return version, crc

    def mark_log_whole(self, game_id: int, version: int, crc: int) -> None:
        self.set_setting(f"log:{game_id}", f"{version}:{crc}")
        self._logs[str(game_id)] = version

    def events(self, game_id: int, since: int = 0, until: int | None = None) -> list[Event]:
        """The log's events after `since`, up to `until` (the whole rest when None), oldest first."""
        rows = self._q(
            "SELECT seq, type, action, result, parent, head, at, CAST(text AS BLOB), day, phase FROM events"
            " WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (game_id, since, 2**62 if until is None else until),
        ).fetchall()
        try:
            return [
                Event(seq=r[0], type=r[1], action=json.loads(r[2]) if r[2] else None,
                      result=json.loads(r[3]) if r[3] else None, parent=r[4], head=r[5], at=r[6],
                      text=r[7].decode("utf-8", "replace") if r[7] is not None else None,  # the line shown only
                      day=r[8], phase=r[9])
                for r in rows
            ]
        except (ValueError, TypeError, RecursionError):
            bad = next((r[0] for r in rows if not _json_ok(r[2]) or not _json_ok(r[3])), "?")
            raise StoreError(_("game {game_id}: event {seq} of its log is damaged; the log cannot be read past it").format(game_id=game_id, seq=bad)) from None

    def _parents(self, game_id: int) -> dict[int, int]:
        """The game's action events as {seq: parent} (their numbers alone: nothing decoded)."""
        return dict(self._q("SELECT seq, parent FROM events WHERE game_id = ? AND type = 'action'", (game_id,)).fetchall())

    def live_path(self, game_id: int, head: int) -> set[int]:
        """The action events on the path from the setup to `head` (events.live_path over their numbers alone)."""
        return set(live_path(self._parents(game_id), head))

    def last_rolled(self, game_id: int) -> Event | None:
        """The latest event on the game's live path whose result records dice (companion/rolls.py), or None."""
        row = self._q("SELECT head FROM games WHERE id = ?", (game_id,)).fetchone()
        live = self.live_path(game_id, row[0]) if row else set()
        rolled = self._q(
            "SELECT seq FROM events WHERE game_id = ? AND type = 'action' AND json_valid(result)"
            " AND json_type(result, '$.rolls') = 'array' AND json_array_length(result, '$.rolls') > 0 ORDER BY seq DESC",
            (game_id,))
        seq = next((s for (s,) in rolled if s in live), None)
        return self.event(game_id, seq) if seq is not None else None

    def event(self, game_id: int, seq: int) -> Event | None:
        """One event of the log (its row alone is read and decoded)."""
        evs = self.events(game_id, seq - 1, seq)
        return evs[0] if evs else None

    def snapshot(self, game_id: int, node: int) -> Table | None:
        row = self._q("SELECT state FROM snapshots WHERE game_id = ? AND node = ?", (game_id, node)).fetchone()
        if not row:
            return None
        try:  # a snapshot is a cache: a damaged one counts as missing and the state is rebuilt from the log
            t = unpack(row[0])
        except (zlib.error, ValueError, TypeError, RecursionError):
            return None
        return t if isinstance(t.data, dict) and isinstance(t.data.get("game"), str) else None

    # -- plays ---------------------------------------------------------------------------------
    def add_play(self, game_id: int | None, game: str, data: dict, uid: str | None = None) -> int:
        """Write a play; `uid` is its unique key (a fresh one when not given). Its number is never one a
        deleted play had: the next number is kept in the settings (key "plays:next")."""
        top = self._q("SELECT COALESCE(MAX(id), 0) FROM plays").fetchone()[0]
        kept = self.setting(PLAYS_NEXT)
        number = max(top + 1, int(kept) if kept and kept.isdecimal() else 1)
        self._q("INSERT INTO plays(id, game_id, game, created, data, uid) VALUES (?, ?, ?, ?, ?, ?)",
                (number, game_id, game, now(), json.dumps(data, sort_keys=True), uid or uuid.uuid4().hex))
        self.set_setting(PLAYS_NEXT, str(number + 1))
        return number

    def delete_plays_of_event(self, game_id: int, seq: int) -> None:
        """Undoing a game's end takes back the play that end wrote."""
        self._q("DELETE FROM plays WHERE game_id = ? AND json_extract(data, '$.event') = ?", (game_id, seq))

    def plays(self) -> list[tuple[int, int | None, str, str, dict]]:
        rows = self._q("SELECT id, game_id, game, created, data FROM plays ORDER BY id").fetchall()
        return [(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]

    def play_rows(self, play_id: int | None = None) -> list[dict]:
        """Plays as {id, uid, game_id, game, created, data}, oldest first (or the one play asked for)."""
        sql = "SELECT id, uid, game_id, game, created, data FROM plays"
        rows = self._q(sql + (" WHERE id = ?" if play_id is not None else "") + " ORDER BY id",
                       (play_id,) if play_id is not None else ()).fetchall()
        return [{"id": r[0], "uid": r[1], "game_id": r[2], "game": r[3], "created": r[4], "data": json.loads(r[5])}
                for r in rows]

    def play_uids(self) -> set[str]:
        return {r[0] for r in self._q("SELECT uid FROM plays").fetchall()}

    def update_play(self, play_id: int, data: dict) -> None:
        self._q("UPDATE plays SET data = ?, game = ? WHERE id = ?", (json.dumps(data, sort_keys=True), data["game"], play_id))

    def delete_play(self, play_id: int) -> None:
        self._q("DELETE FROM plays WHERE id = ?", (play_id,))

    def typed_rolls(self) -> list[tuple[str, int, int, dict]]:
        """(game, game id, seq, record) of every die typed in from the table (companion/rolls.py: one record
        per die part, "typed" true) in an event on its game's live path (an undone action was a mistake at
        the keyboard, not a throw of the die)."""
        live = {gid: self.live_path(gid, head) for gid, head in self._q("SELECT id, head FROM games WHERE head > 0").fetchall()}
        rows = self._q(
            """
            SELECT g.game, e.game_id, e.seq, r.value FROM events e
            JOIN games g ON g.id = e.game_id
            JOIN json_each(e.result, '$.rolls') r
            WHERE e.type = 'action' AND json_valid(e.result) AND json_type(e.result, '$.rolls') = 'array'
              AND json_extract(r.value, '$.typed') = 1
            ORDER BY e.game_id, e.seq, r.key
            """
        ).fetchall()
        return [(r[0], r[1], r[2], json.loads(r[3])) for r in rows if r[2] in live.get(r[1], ())]

    # -- settings ------------------------------------------------------------------------------
    def setting(self, key: str) -> str | None:
        row = self._q("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_setting(self, key: str, value: str) -> None:
        self._q("INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value))

    def rebuild_cache(self, game_id: int, version: int, head: int, redo: list[int], state: Table,
                      snapshots: dict[int, Table]) -> None:
        """`castaway check --repair`: the game's cached head state and snapshots, as rebuilt from its log
        (the log itself is never touched); the caller holds the write transaction."""
        status = "over" if state.data.get("over") else "active"
        self._q("UPDATE games SET version = ?, head = ?, redo = ?, state = ?, status = ? WHERE id = ?",
                (version, head, json.dumps(redo), state.to_json(), status, game_id))
        self._q("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
        for node, table in sorted(snapshots.items()):
            self._q("INSERT INTO snapshots(game_id, node, state) VALUES (?, ?, ?)", (game_id, node, pack(table)))

    def cache_rows(self, game_id: int) -> tuple[tuple, dict[int, bytes]]:
        """The raw cached values of a game: (version, head, redo, state, status) and {node: snapshot blob}."""
        row = self._q("SELECT version, head, CAST(redo AS BLOB), CAST(state AS BLOB), status FROM games WHERE id = ?",
                      (game_id,)).fetchone()
        row = (row[0], row[1], text(row[2]), text(row[3]), row[4])
        snaps = dict(self._q("SELECT node, state FROM snapshots WHERE game_id = ?", (game_id,)).fetchall())
        return tuple(row), snaps

    def game_ids(self) -> list[int]:
        return [r[0] for r in self._q("SELECT id FROM games ORDER BY id").fetchall()]

    # -- checks used by tests and `castaway check` ----------------------------------------------
    def integrity(self) -> str:
        return self._q("PRAGMA integrity_check").fetchone()[0]


class _Rows(list):
    """The rows of one statement, read whole (and the id of the row an INSERT made)."""

    def __init__(self, rows: list, lastrowid: int | None):
        super().__init__(rows)
        self.lastrowid = lastrowid

    def fetchone(self):
        return self[0] if self else None

    def fetchall(self) -> list:
        return list(self)


def damaged(path: Path, why) -> str:
    """The one line for a file SQLite cannot read whole: what is wrong and what to do."""
    return _("{path} is damaged ({why}); nothing was written; restore a backup, or rescue what SQLite can still read "
             "with: sqlite3 {path} .recover | sqlite3 rescued.db").format(path=path, why=why)


def _json_ok(text) -> bool:
    try:
        json.loads(text) if text else None
        return True
    except (ValueError, TypeError, RecursionError):
        return False


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (trigger bodies keep their inner semicolons)."""
    out, buf = [], []
    for line in script.strip().splitlines():
        buf.append(line)
        joined = "\n".join(buf).strip()
        if joined.endswith(";") and sqlite3.complete_statement(joined):
            out.append(joined)
            buf = []
    if "".join(buf).strip():
        out.append("\n".join(buf))
    return out
