"""Display: one run of `castaway display`: the database (read through reader.py), the game shown first, the
pads and their tokens, the addresses the server answers to, the fragments drawn, the pages and joining."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path

from starlette.requests import Request

from companion import session
from companion.i18n import _

from . import page
from .bodies import MAX_ID
from .fragments import Fragments
from .hub import POLL, Hub
from .pads import MAX_ASKS, TABLE, Ask, Pads
from .reader import Reader, no_game
from .refusals import Refused


class Display:
    """One run of `castaway display`: the database, the game shown first, the pad's token (None: no pad)."""

    def __init__(self, db: str | Path | None, game_id: int, pad: bool = False, poll: float = POLL, lan: bool = False):
        self.db = db
        self.game_id = game_id
        self.pads = Pads()
        self.token = self.pads.add(TABLE).token if pad else None  # the table's pad, printed at the terminal
        self.view_token = secrets.token_urlsafe(18) if lan else None  # with --lan, the board needs it too
        self.pad_url = ""  # set once the address is known
        self.join_url = ""
        self.hosts: set[str] = set()  # the Host headers accepted: the server's own addresses
        self.origins: set[str] = set()
        self.poll = poll
        self.on_ask = None  # called (on the event loop) with each new Ask: the terminal asks the keeper
        self.on_answer = None  # called with (Ask, Pad | None) when the table's pad answered an ask
        self.hub = Hub()
        self.stop = threading.Event()  # set: the watcher thread ends
        self.reader = Reader(db)
        self.fragments = Fragments(self.reader)

    def open_store(self):
        """A store of its own (the watcher thread's)."""
        return session.open_store(self.db)

    # -- drawing (in worker threads) -----------------------------------------------------------------
    def fragment(self, game_id: int, what: str) -> tuple[int, str]:
        """(version, html) of a game's fragment `what` (fragments.Fragments.draw)."""
        with self.reader.store() as st:
            loaded, html = self.fragments.draw(st, game_id, what)
        return loaded.row.version, html

    def pad_fragment(self, game_id: int, role: str) -> tuple[int, str, str | None]:
        """(version, html, the id of the question it shows: session.question) of a pad's fragment."""
        with self.reader.store() as st:
            loaded, html = self.fragments.draw(st, game_id, f"pad:{role}")
        return loaded.row.version, html, session.question(loaded)

    def page(self, game_id: int, what: str, query: str = "", role: str = "") -> str:
        """A board or pad page; `query` (?v= or ?t=) goes into the addresses its script fetches: the page
        itself was asked for with it."""
        with self.reader.store() as st:
            loaded, fragment = self.fragments.draw(st, game_id, what if what == "board" else f"pad:{role or TABLE}")
        version, cat = loaded.row.version, loaded.cat
        if what == "board":
            return page.board_page(game_id, cat.id, version, cat, fragment, query)
        label = _("the table's pad") if role == TABLE else _("the pad of {seat}").format(seat=role)
        return page.pad_page(game_id, version, cat, fragment, label, asks=role == TABLE)

    def warm(self) -> None:
        """Draw the shown game's board and pad once: the game's rules and catalog are loaded before the
        first request rather than during it."""
        self.fragment(self.game_id, "board")
        if self.token:
            self.fragment(self.game_id, f"pad:{TABLE}")

    def no_game(self, game_id: int) -> Refused:
        with self.reader.store() as st:
            return Refused(404, no_game(st, game_id))

    def game_id_of(self, request: Request) -> int:
        gid = int(request.path_params["game_id"])
        if gid > MAX_ID:
            raise self.no_game(gid)
        return gid

    # -- addresses -----------------------------------------------------------------------------------
    def set_address(self, base: str) -> None:
        """The server's own address (http://HOST:PORT): the Host and Origin accepted, the pad's and the join
        page's addresses, the board's QR code (of the join page: it holds no token)."""
        host = base.split("://", 1)[1]
        name, port = host.rsplit(":", 1)
        self.hosts = {host} | ({f"localhost:{port}"} if name.startswith("127.") else set())
        self.origins = {f"http://{h}" for h in self.hosts}
        if self.token:
            from . import qr

            self.pad_url = f"{base}/pad/{self.game_id}?t={self.token}"
            self.join_url = f"{base}/join"
            self.fragments.qr = qr.svg(self.join_url, _("the address for joining with a phone"))

    def board_query(self) -> str:
        return f"?v={self.view_token}" if self.view_token else ""

    # -- joining -------------------------------------------------------------------------------------
    def shown(self) -> session.Loaded:
        """The game shown first, as the store holds it now."""
        with self.reader.store() as st:
            return self.reader.game(st, self.game_id)

    def roles(self) -> list[tuple[str, str]]:
        """(role, label) a phone may join as: each seat of the shown game, then the table's pad."""
        table = self.shown().table
        seats = []
        for seat in table.seats:
            who = table.seat_values(seat).get("survivor")
            seats.append((seat, f"{seat} · {who}" if who else seat))
        return seats + [(TABLE, _("the table's pad"))]

    def ask(self, role: str) -> Ask:
        if self.token is None:
            raise Refused(403, _("the pad is off: start castaway display with --pad"))
        known = [r for r, _label in self.roles()]
        if role not in known:
            raise Refused(400, _("\"as\" {value!r}: accepted: {accepted}").format(value=role, accepted=", ".join(known)))
        a = self.pads.ask(role)
        if a is None:
            raise Refused(429, _("{n} phones are already waiting for the table's answer; try again in a moment").format(n=MAX_ASKS))
        if self.on_ask is not None:
            self.on_ask(a)
        return a
