"""The store as the display's worker threads read it: one connection per thread, kept open (a request opens
none), and each game as last loaded, used again only while the game's row in the store is the same row (its
version, head, redo list and cached state): the terminal and other processes write to the same file."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from companion import session
from companion.errors import StoreError
from companion.gamerow import GameRow
from companion.i18n import _
from companion.store import Store

from .refusals import Refused


def same_row(a: GameRow, b: GameRow) -> bool:
    """Whether two reads of a game's row hold the same game: nothing a process could write differs."""
    return (a.version, a.head, a._redo, a.state_json, a.game, a.edition) == (b.version, b.head, b._redo, b.state_json, b.game, b.edition)


def no_game(st: Store, game_id: int) -> str:
    known = ", ".join(str(g.id) for g in st.games()) or _("none")
    return _("no game {id} in this database; games: {known}").format(id=game_id, known=known)


class Reader:
    """One open Store per thread and the games last loaded (shared by the threads: a Loaded is read, never
    changed; one replaces another whole)."""

    def __init__(self, db):
        self.db = db
        self._local = threading.local()
        self._games: dict[int, session.Loaded] = {}

    @contextmanager
    def store(self) -> Iterator[Store]:
        """This thread's store. A store that failed (busy, locked, damaged) is closed and opened afresh at the
        next request; a read-only file is opened for each request (it is opened immutable: it would not see a
        later write)."""
        st = getattr(self._local, "store", None)
        if st is None:
            st = session.open_store(self.db)
            if not st.readonly:
                self._local.store = st
        try:
            yield st
        except StoreError:
            self.drop(st)
            raise
        finally:
            if st.readonly:
                st.close()

    def drop(self, st: Store) -> None:
        if getattr(self._local, "store", None) is st:
            self._local.store = None
        st.close()

    def game(self, st: Store, game_id: int) -> session.Loaded:
        """The game as the store holds it now: the one loaded before while its row is the same, else loaded
        afresh (its catalog, its state decoded and checked); no such game: 404."""
        row = st.game(game_id)
        if row is None:
            raise Refused(404, no_game(st, game_id))
        hit = self._games.get(game_id)
        if hit is not None and same_row(hit.row, row):
            return hit
        loaded = session.load(st, game_id)
        self._games[game_id] = loaded
        return loaded
