"""What the tests of the stored fixture games share: a state's digest (as the fixtures' generators wrote it),
and the check that the schema 4 migration would rewrite every game of a schema-3 file, one row per action."""

from __future__ import annotations

import hashlib
import json


def state_digest(data: dict) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()


def assert_every_game_migrates(conn) -> None:
    """Every game of an open schema-3 connection gets one rewritten row per action from schema_v4 (a game it
    would leave as it was fails, named)."""
    from companion import schema_v4
    from companion.games import registry

    registry.load_actions()
    for game_id, game, head, state in conn.execute("SELECT id, game, head, state FROM games").fetchall():
        n = conn.execute("SELECT count(*) FROM events WHERE game_id = ? AND type = 'action'", (game_id,)).fetchone()[0]
        assert len(schema_v4._game(conn, game_id, game, head, state)) == n, f"game {game_id} ({game}) would be left unmigrated"


def replay(st, row):
    """A stored game replayed from its log alone (every cache ignored): (events, head table, timeline, every
    node's table)."""
    from companion import catalog
    from companion.engine import fold
    from companion.setuptable import setup_table

    events = st.events(row.id)
    setup = events[0].action
    cat = catalog.load(setup["game"], (setup.get("options") or {}).get("edition"))
    start = setup_table(cat, setup.get("options", {}), setup.get("seed", 0), setup.get("state"))
    head, tl, states = fold(events[1:], cat, start)
    return events, head, tl, states
