"""The store's schema: its version, the application id that marks a castaway file, and each migration
(SQL text, or a function of the open connection for a migration in Python). store.py runs them, one
transaction each; nothing here opens a database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

APPLICATION_ID = 0x43535457  # 'CSTW'
SCHEMA_VERSION = 4


def _upgrade_v3(conn) -> None:
    from . import schema_v3

    schema_v3.upgrade(conn)


def _upgrade_v4(conn) -> None:
    from . import schema_v4

    schema_v4.upgrade(conn)


MIGRATIONS: dict[int, str | Callable[[Any], None]] = {  # a Python migration is given the open sqlite3 connection
    1: """
    CREATE TABLE games(
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        edition TEXT NOT NULL DEFAULT '',
        title TEXT NOT NULL DEFAULT '',
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'over')),
        version INTEGER NOT NULL,
        head INTEGER NOT NULL,
        redo TEXT NOT NULL DEFAULT '[]',
        state TEXT NOT NULL
    );
    CREATE TABLE events(
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('setup', 'action', 'undo', 'redo')),
        action TEXT,
        result TEXT,
        parent INTEGER,
        head INTEGER NOT NULL,
        at TEXT NOT NULL,
        text TEXT NOT NULL,
        day INTEGER,
        phase TEXT,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
    CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
    CREATE TABLE snapshots(
        game_id INTEGER NOT NULL REFERENCES games(id),
        node INTEGER NOT NULL,
        state BLOB NOT NULL,
        PRIMARY KEY (game_id, node)
    ) WITHOUT ROWID;
    CREATE TABLE plays(
        id INTEGER PRIMARY KEY,
        game_id INTEGER REFERENCES games(id),
        game TEXT NOT NULL,
        created TEXT NOT NULL,
        data TEXT NOT NULL
    );
    CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 2: every play gets a unique key (its source), so an import run twice adds nothing the second time
    2: """
    ALTER TABLE plays ADD COLUMN uid TEXT;
    UPDATE plays SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL;
    CREATE UNIQUE INDEX plays_uid ON plays(uid);
    CREATE INDEX plays_game ON plays(game);
    CREATE INDEX plays_game_id ON plays(game_id);
    """,
    # 3: the 21 Days action kinds carry "d21-", the state's yes/no strings are booleans (schema_v3.py)
    3: lambda conn: _upgrade_v3(conn),
    # 4: actions stored as their typed fields, every result's dice in one shape (schema_v4.py)
    4: lambda conn: _upgrade_v4(conn),
}
