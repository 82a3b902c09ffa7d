"""Schema 4 of the store: an action is stored as its typed fields (faces as numbers, seats as seat ids, cards
as copy ids), no longer as the text the table typed; every result records its dice in one shape
(companion/rolls.py). schema.py lists it as migration 4; store.py runs `upgrade(conn)` inside that
migration's one transaction.

Each game's log is replayed from its setup: every stored action is read by its kind's `Action.upgrade`
against the table it applied to, run again, and its result recomputed (the generator's state is part of the
table, so a virtual roll gives the same faces). A game is rewritten only when every node of the new replay
equals its cached snapshot and the cached head state; a game that does not replay (damaged, or built with
other data than now) is left exactly as it was, for `castaway check` to report.
"""

from __future__ import annotations

import json
import zlib


def _canon(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def upgrade(conn) -> None:
    from .games import registry

    registry.load_actions()
    games = conn.execute("SELECT id, game, head, state FROM games").fetchall()
    rewrites = []
    for game_id, game, head, state in games:
        try:
            rewrites += _game(conn, game_id, game, head, state)
        except Exception:  # noqa: BLE001 - any failure to replay: the game stays as it was
            continue
    if not rewrites:
        return
    conn.execute("DROP TRIGGER events_append_only_update")
    conn.executemany("UPDATE events SET action = ?, result = ? WHERE game_id = ? AND seq = ?", rewrites)
    conn.execute("CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events "
                 "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END")


def _game(conn, game_id: int, game: str, head: int, state: str) -> list[tuple]:
    from . import catalog
    from .action_base import REGISTRY
    from .actions import from_dict
    from .engine import apply
    from .setuptable import setup_table

    rows = conn.execute("SELECT seq, type, action, parent FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
    if not rows or rows[0][1] != "setup":
        return []
    setup = json.loads(rows[0][2])
    edition = (setup.get("options") or {}).get("edition") or (setup.get("state") or {}).get("edition")
    cat = catalog.load(setup["game"], edition)
    states = {0: setup_table(cat, setup.get("options", {}), setup.get("seed", 0), setup.get("state"))}
    out = []
    for seq, typ, action, parent in rows[1:]:
        if typ != "action":
            continue
        stored = json.loads(action)
        base = states[parent]
        new = REGISTRY[stored["kind"]].upgrade(stored, base, cat)
        table, result = apply(base, from_dict(new), cat)
        states[seq] = table
        out.append((_canon(new), None if result is None else _canon(result), game_id, seq))
    cached = {node: json.loads(zlib.decompress(blob).decode()) for node, blob in
              conn.execute("SELECT node, state FROM snapshots WHERE game_id = ?", (game_id,)).fetchall()}
    cached[head] = json.loads(state)
    for node, data in cached.items():
        if node not in states or _canon(states[node].data) != _canon(data):
            return []  # the new replay does not give the table the game holds: leave the game as it was
    return out
