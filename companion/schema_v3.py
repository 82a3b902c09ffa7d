"""Schema 3 of the store: the 21 Days action kinds carry the prefix "d21-", and the state's yes/no
strings are booleans. schema.py lists it as migration 3; store.py runs `upgrade(conn)` inside that
migration's one transaction.

The data below is frozen: it says what schema 2 stored, whatever later code does.
"""

from __future__ import annotations

import json
import zlib

# every 21 Days action kind that schema 2 stored without a prefix
DAYS21_KINDS = frozenset((
    "ability", "activate", "bottle", "colour-token", "day21", "disaster", "dolphin", "end-day", "fishing", "flare",
    "flip-token", "hope", "horvath", "jellyfish", "kid", "logbook", "magnusson", "octopus", "paranoia", "pjotr",
    "place", "plank", "plank-spot", "plant", "play-card", "scruffs", "scruffs-use", "setup-done", "shark-attack",
    "shark-bite", "shark-phase", "special-hope", "steal-die", "swap", "symbol", "tentacle", "weather",
))
# the yes/no flags (global) and setup options of each game, as schema 2 kept them
YES_NO_FLAGS = {"robinson": ("animals-die", "camp-shelter", "food-store", "shortcut")}
YES_NO_OPTIONS = {"robinson": ("friday", "dog"), "21days": ("weather", "kite", "scruffs")}
YES = {"yes": True, "y": True, "true": True, "1": True, "on": True,
       "no": False, "n": False, "false": False, "0": False, "off": False}


def action(game: str, data: dict) -> dict:
    """A stored action as schema 3 writes it."""
    if game == "21days" and data.get("kind") in DAYS21_KINDS:
        return {**data, "kind": "d21-" + data["kind"]}
    return data


def state(game: str, data: dict) -> dict:
    """A stored state as schema 3 keeps it (a new dict; the input is left as it was)."""
    data = json.loads(json.dumps(data))
    flags = data.get("flags") or {}
    for key in YES_NO_FLAGS.get(game, ()):
        if flags.get(key) in ("yes", "no"):
            flags[key] = flags[key] == "yes"
    options = data.get("options") or {}
    for key in YES_NO_OPTIONS.get(game, ()):
        v = options.get(key)
        if isinstance(v, str) and v.strip().lower() in YES:
            options[key] = YES[v.strip().lower()]
    return data


def _json(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def upgrade(conn) -> None:
    """Rewrite the log's 21 Days kinds and convert every cached state (games.state, snapshots)."""
    games = dict(conn.execute("SELECT id, game FROM games").fetchall())
    conn.execute("DROP TRIGGER events_append_only_update")
    for game_id, seq, text in conn.execute("SELECT game_id, seq, action FROM events WHERE type = 'action'").fetchall():
        old = json.loads(text)
        new = action(games.get(game_id, ""), old)
        if new is not old:
            conn.execute("UPDATE events SET action = ? WHERE game_id = ? AND seq = ?", (_json(new), game_id, seq))
    conn.execute("CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events "
                 "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END")
    for game_id, text in conn.execute("SELECT id, state FROM games").fetchall():
        conn.execute("UPDATE games SET state = ? WHERE id = ?", (_json(state(games[game_id], json.loads(text))), game_id))
    for game_id, node, blob in conn.execute("SELECT game_id, node, state FROM snapshots").fetchall():
        data = state(games.get(game_id, ""), json.loads(zlib.decompress(blob).decode()))
        conn.execute("UPDATE snapshots SET state = ? WHERE game_id = ? AND node = ?",
                     (zlib.compress(_json(data).encode(), 6), game_id, node))
