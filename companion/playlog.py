"""The play log's library API: the CLI calls these; each writing function is one transaction.

Reading: entries (filtered), one play, BoardGameGeek ids, the dice typed in at the table.
Writing: add, edit, delete, import (never a duplicate: every play has a unique key), set a BGG id.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from . import catalog as catmod
from . import plays as pl
from .errors import UsageError
from .i18n import _
from .store import Store

BGG_KEY = "bgg_id."


def _rows(store: Store, play_id: int | None = None) -> list[dict]:
    return [{**r, "data": pl.normalize(r["data"])} for r in store.play_rows(play_id)]


def entries(store: Store, game: str | None = None, player: str | None = None, since: str | None = None,
            until: str | None = None) -> list[dict]:
    return pl.select(_rows(store), resolve(game) if game else None, player, since, until)


def resolve(game: str) -> str:
    """A game name as typed: one of the catalog's games or aliases, or one of the play log's own four."""
    key = game.strip().lower()
    if key in pl.games():
        return key
    try:
        return catmod.resolve_game(key)
    except UsageError:
        for g in pl.games().values():
            if key in g.names:
                return g.id
        known = sorted(set(pl.games()) | set(catmod.game_ids()))
        raise UsageError(_("unknown game {game!r}; accepted: {accepted}").format(game=game, accepted=', '.join(known))) from None


def play(store: Store, ref: str | int) -> dict:
    """One play by its number, or 'last' for the newest."""
    text = str(ref).strip().lower()
    if text == "last":
        rows = _rows(store)
        if not rows:
            raise UsageError(_("no plays yet; finish a game (castaway end) or add one: castaway plays add 21days --date 2026-03-14"))
        return rows[-1]
    if not text.isdecimal() or len(text) > 18:
        raise UsageError(_("play {ref!r}: give a play number (see castaway plays list) or 'last'").format(ref=ref))
    rows = _rows(store, int(text))
    if not rows:
        known = [str(r["id"]) for r in store.play_rows()]
        shown = ", ".join(known[-10:]) if known else _("none yet")
        raise UsageError(_("no play {ref!r}; plays: {shown}").format(ref=ref, shown=shown))
    return rows[0]


def bgg_ids(store: Store | None) -> dict[str, int]:
    """Each game's BoardGameGeek id: the user's setting, else the catalog's, else the play log's own
    (no store: no settings yet)."""
    out = {g.id: g.bgg_id for g in pl.games().values() if g.bgg_id}
    for gid in catmod.game_ids():
        try:
            c = catmod.load(gid)
        except UsageError:
            continue
        if c.bgg_id:
            out[gid] = c.bgg_id
    for gid in set(out) | set(pl.games()) | set(catmod.game_ids()):
        v = store.setting(BGG_KEY + gid) if store is not None else None
        if v:
            out[gid] = int(v)
    return out


def set_bgg_id(store: Store, game: str, value: str) -> tuple[str, int]:
    gid = resolve(game)
    text = value.strip()
    if not text.isdecimal() or not 0 < int(text) < 10**9:
        raise UsageError(_("BoardGameGeek id {value!r}: a positive whole number, the one in boardgamegeek.com/boardgame/ID/...").format(value=value))
    with store.write():
        store.set_setting(BGG_KEY + gid, str(int(text)))
    return gid, int(text)


def add(store: Store, data: dict, now: datetime | None = None) -> int:
    record = pl.validate(data, now)
    with store.write():
        return store.add_play(None, record["game"], record, uid=uuid.uuid4().hex)


def edit(store: Store, ref: str, changes: dict, now: datetime | None = None) -> dict:
    with store.write():
        row = play(store, ref)
        new = pl.edit(row["data"], changes, now)
        store.update_play(row["id"], new)
    return {**row, "data": new}


def delete(store: Store, ref: str) -> dict:
    with store.write():
        row = play(store, ref)
        store.delete_play(row["id"])
    return row


def import_entries(store: Store, items: list[dict]) -> tuple[list[int], int]:
    """Add plays whose key is new; returns (new play ids, how many were already there)."""
    added, dupes = [], 0
    with store.write():
        seen = store.play_uids()
        for it in items:
            if it["uid"] in seen:
                dupes += 1
                continue
            gid = it.get("game_id")
            row = store.game(gid) if gid is not None else None
            if row is None:
                gid = None  # the game's history is in another database
            elif row.game != it["data"]["game"]:
                raise UsageError(_("the play {uid} of {game} is linked to game {id}, which is a {other} game here; remove "
                                   "its \"game_id\" to import it unlinked; nothing was imported")
                                 .format(uid=it["uid"], game=it["data"]["game"], id=gid, other=row.game))
            added.append(store.add_play(gid, it["data"]["game"], it["data"], uid=it["uid"]))
            seen.add(it["uid"])
    return added, dupes


def typed_dice(store: Store) -> list[dict]:
    """Every die face typed in from the table, one per die part: {game, die, part, face, game_id, seq}; part
    is the part's name ("outer"), "" for a plain die."""
    return [{"game": game, "die": rec.get("die"), "part": rec.get("part") or "", "face": rec.get("face"),
             "game_id": game_id, "seq": seq} for game, game_id, seq, rec in store.typed_rolls()]
