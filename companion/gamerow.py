"""A game's row as the store reads it (GameRow: its cached state and redo list checked when read) and a
snapshot's blob (pack, unpack). Nothing here opens a database: store.py reads the rows.
"""

from __future__ import annotations

import json
import zlib

from .errors import StoreError
from .i18n import _
from .table import Table

GAME_COLS = "id, game, edition, title, created, updated, status, version, head, CAST(redo AS BLOB), CAST(state AS BLOB)"  # untranslated: SQL columns, in GameRow's order


def pack(t: Table) -> bytes:
    return zlib.compress(t.to_json().encode(), 6)


def unpack(blob: bytes) -> Table:
    return Table.from_json(zlib.decompress(blob).decode())


def text(value):
    """A cached text read as bytes (a flipped byte must not stop the row from being read): its text, or
    None when it is not UTF-8, which the reader then reports as a damaged cache."""
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return value


class GameRow:
    __slots__ = ("id", "game", "edition", "title", "created", "updated", "status", "version", "head", "_redo", "state_json")

    def __init__(self, row):
        (self.id, self.game, self.edition, self.title, self.created, self.updated, self.status,
         self.version, self.head, redo, state) = row
        self._redo, self.state_json = text(redo), text(state)

    @property
    def redo(self) -> list[int]:
        try:
            redo = json.loads(self._redo)
        except (ValueError, TypeError, RecursionError):
            redo = None
        if not (isinstance(redo, list) and all(isinstance(n, int) and not isinstance(n, bool) for n in redo)):
            raise StoreError(_("game {id}: its cached redo list is damaged; `castaway check --repair` rebuilds it from the log").format(id=self.id))
        return redo

    @property
    def state(self) -> Table:
        try:
            t = Table.from_json(self.state_json)
        except (ValueError, TypeError, RecursionError):
            t = None
        if t is None or not isinstance(t.data, dict) or not isinstance(t.data.get("game"), str):
            raise StoreError(_("game {id}: its cached state is damaged; `castaway check --repair` rebuilds it from the log").format(id=self.id))
        return t
