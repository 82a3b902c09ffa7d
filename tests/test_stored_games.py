"""Games stored before the game packages (schema 2, tests/fixtures/stored_games_v2.db, written by the
code of that time) open, migrate and replay to the same table: every node, undo and redo included."""

from __future__ import annotations

import contextlib
import json
import shutil
from pathlib import Path

from companion import catalog, dbcheck, schema_v3, session
from companion.action_base import REGISTRY
from companion.engine import fold
from companion.games import registry
from companion.schema import SCHEMA_VERSION
from tests.stored_fixture import assert_every_game_migrates, replay, state_digest

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_every_node_of_the_stored_games_replays_as_before(tmp_path):
    db = tmp_path / "old.db"
    shutil.copy(FIXTURES / "stored_games_v2.db", db)
    expected = json.loads((FIXTURES / "stored_games_v2.json").read_text())
    registry.load_actions()
    with session.open_store(db) as st:  # opening migrates
        assert st.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        rows = st.games()
        assert sorted(r.game for r in rows) == sorted(registry.ids())
        for row in rows:
            want = expected[str(row.id)]
            events = st.events(row.id)
            for ev in events:
                if ev.type == "action":  # every kind is known, and a game's own kinds carry its prefix
                    kind = ev.action["kind"]
                    game = registry.owner_of_kind(kind)
                    assert kind in REGISTRY and (game is None or game.id == row.game), kind
            setup = events[0].action
            cat = catalog.load(setup["game"], (setup.get("options") or {}).get("edition"))
            start = session.setup_table(cat, setup.get("options", {}), setup.get("seed", 0), setup.get("state"))
            head, tl, states = fold(events[1:], cat, start)
            assert tl.head == want["head"] == row.head
            assert sorted(states) == sorted(int(n) for n in want["nodes"]) and len(states) > 10
            for node, old in want["nodes"].items():
                assert states[int(node)].data == schema_v3.state(row.game, old), (row.game, node)
                snap = st.snapshot(row.id, int(node))
                assert snap is None or snap.data == states[int(node)].data, (row.game, node)
            assert row.state.data == head.data
        assert dbcheck.check(st)["ok"]


def test_the_conversion_turns_yes_and_no_into_booleans_and_nothing_else():
    old = json.loads((FIXTURES / "stored_games_v2.json").read_text())
    changed = 0
    for g in old.values():
        for data in g["nodes"].values():
            new = schema_v3.state(g["game"], data)
            changed += new != data
            assert "yes" not in json.dumps(new["flags"]) and '"no"' not in json.dumps(new["flags"])
    assert changed  # the Robinson Crusoe game's flags were "yes"/"no"


def test_the_migration_is_one_transaction(tmp_path, monkeypatch):
    """A migration that fails half-way leaves the file as it was (schema 2, the old kinds)."""
    import pytest

    db = tmp_path / "old.db"
    shutil.copy(FIXTURES / "stored_games_v2.db", db)
    before = db.read_bytes()

    def boom(game, data):
        raise RuntimeError("stop")

    monkeypatch.setattr(schema_v3, "state", boom)
    with pytest.raises(RuntimeError):
        session.open_store(db)
    monkeypatch.undo()
    import sqlite3

    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    kinds = {json.loads(a)["kind"] for (a,) in conn.execute("SELECT action FROM events WHERE type = 'action'")}
    conn.close()
    assert not any(k.startswith("d21-") for k in kinds) and kinds & schema_v3.DAYS21_KINDS
    assert len(before) > 0


_digest = state_digest


def test_games_stored_at_schema_3_are_rewritten_typed_and_replay_node_by_node(tmp_path):
    """Schema 4: the actions of tests/fixtures/stored_games_v3.db (the table's text: "3,5", "2/5") are stored
    as their typed fields, every result's dice in one shape; the new replay gives every node's table as
    schema 3's code did (its digest), and the cached states are untouched."""
    db = tmp_path / "v3.db"
    shutil.copy(FIXTURES / "stored_games_v3.db", db)
    expected = json.loads((FIXTURES / "stored_games_v3.json").read_text())
    import sqlite3


    registry.load_actions()
    old = sqlite3.connect(db)
    old_actions = dict(((g, s), a) for g, s, a in old.execute("SELECT game_id, seq, action FROM events WHERE type = 'action'"))
    assert_every_game_migrates(old)
    old.close()
    with session.open_store(db) as st:
        assert st.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        rows = st.games()
        assert len(rows) == len(expected) == 10
        rewritten = 0
        for row in rows:
            want = expected[str(row.id)]
            events, head, tl, states = replay(st, row)
            assert tl.head == want["head"] == row.head
            assert {str(n): _digest(t.data) for n, t in states.items()} == want["nodes"], row.game
            assert row.state.data == head.data
            for ev in events:
                if ev.type == "action":
                    rewritten += json.loads(old_actions[(row.id, ev.seq)]) != ev.action
                    if isinstance(ev.result, dict) and "faces" in ev.result and ev.action["kind"] == "roll":
                        assert "rolls" in ev.result
        assert dbcheck.check(st)["ok"]


def test_the_schema_4_migration_is_one_transaction(tmp_path, monkeypatch):
    """A migration that fails half-way leaves the schema 3 file as it was."""
    import sqlite3

    import pytest

    from companion import schema_v4

    db = tmp_path / "v3.db"
    shutil.copy(FIXTURES / "stored_games_v3.db", db)
    with contextlib.closing(sqlite3.connect(db)) as conn:  # closed now: a reader left open would hold the file
        before = conn.execute("SELECT group_concat(action, '') FROM events").fetchone()[0]

    def boom(conn):
        conn.execute("UPDATE settings SET value = 'x'")
        raise RuntimeError("stop")

    monkeypatch.setattr(schema_v4, "upgrade", boom)
    with pytest.raises(RuntimeError):
        session.open_store(db)
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
        assert conn.execute("SELECT group_concat(action, '') FROM events").fetchone()[0] == before
