"""The parts of the pages that change with each write, drawn in worker threads: the board's fragment, a pad's
(a seat's or the table's) and the history, each drawn once per version of its game and kept (CACHED of them)
while the game's row in the store stays the same. Day 21's board while its odds are still a lower bound
(board_part's flag) is drawn again at each fetch."""

from __future__ import annotations

import threading
from collections import OrderedDict

from companion import session
from companion.store import Store
from companion.table import Table

from . import page, view
from .boards import board_for
from .pads import TABLE
from .reader import Reader, same_row

CACHED = 8  # drawn fragments kept (pages fetch the newest; a few older ones serve slow readers)


def whose(table: Table, cat) -> str | None:
    """The seat the current question is addressed to (None: the whole table's)."""
    if not view.guided(cat) or table.data.get("over"):
        return None
    step = view.step_of(table, cat)
    return view.seat_of(step, table) if step is not None else None


def icon_of(cat):
    """A drawing for a choice's value where the game's board draws it (the logbook symbols): the board
    module's SYMBOLS maps a value to (icon name, label)."""
    from . import svg

    symbols = getattr(board_for(cat.id), "SYMBOLS", None)
    if not symbols or not callable(getattr(svg, "icon", None)):
        return None

    def icon(value: str):
        entry = symbols.get(value)
        if entry is None:
            return None
        name = entry[0] if isinstance(entry, (tuple, list)) else str(entry)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1.1 -1.1 2.2 2.2" aria-hidden="true">'
                f'{svg.icon(name, 0, 0, 2)}</svg>')

    return icon


def last_events(st: Store, row, cat, n: int = 3) -> list[tuple[int, str]]:
    """The last `n` events of the log in the table's words (an undo names what it took back)."""
    events = st.events(row.id, max(0, row.version - n))
    by_seq = {e.seq: e for e in events}
    for e in events:
        moved = e.result.get("undid") or e.result.get("redid") if isinstance(e.result, dict) else None
        if isinstance(moved, int) and moved not in by_seq:
            other = st.event(row.id, moved)
            if other is not None:
                by_seq[moved] = other
    return [(e.seq, session.event_text(e, by_seq, cat)) for e in reversed(events)]


class Fragments:
    """The fragments drawn, by (game, version, what); `qr` is the join code the board shows (set once the
    server's address is known)."""

    def __init__(self, reader: Reader):
        self.reader = reader
        self.qr = ""
        self._cache: OrderedDict[tuple, tuple] = OrderedDict()  # key -> (row, html)
        self._lock = threading.Lock()  # one drawing at a time: the rules and the log's words are drawn with shared state

    def draw(self, st: Store, game_id: int, what: str) -> tuple[session.Loaded, str]:
        """The game as loaded now and its fragment `what`: "board", "history" or "pad:ROLE" (a seat's pad or
        the table's)."""
        loaded = self.reader.game(st, game_id)
        row = loaded.row
        key = (game_id, row.version, what)
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None and same_row(hit[0], row):
                self._cache.move_to_end(key)
                return loaded, hit[1]
            table, cat = loaded.table, loaded.cat
            pending = False
            if what == "board":
                svg = board_for(cat.id).board_svg(table, cat)
                html, pending = page.board_part(row.version, table, cat, svg, self.qr, log=last_events(st, row, cat),
                                                rolled=st.last_rolled(game_id))
            elif what == "history":
                html = page.history_html(row.version, st.events(game_id), st.live_path(game_id, row.head), row.redo, cat)
            else:  # "pad:ROLE": the pad of a seat, or the table's
                role = what.split(":", 1)[1] if ":" in what else TABLE
                head = st.event(game_id, row.head) if row.head else None
                html = page.pad_fragment(row.version, table, cat, icon=icon_of(cat), role=role, whose=whose(table, cat),
                                         head=session.event_text(head, cat=cat) if head else "", head_seq=row.head)
            if not pending:  # day 21's odds still a lower bound: drawn again when asked
                self._cache[key] = (row, html)
                while len(self._cache) > CACHED:
                    self._cache.popitem(last=False)
            return loaded, html
