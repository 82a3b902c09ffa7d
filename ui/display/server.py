"""The display's web server: a Starlette app served by uvicorn.

Reading (anyone who reaches the port on loopback; with --lan, the run's view token in ?v= or a pad's ?t=):
  GET  /                        the chosen game's board
  GET  /game/{id}               a game's board page
  GET  /game/{id}/fragment      the part of the board page that changes (the page fetches it on each event)
  GET  /game/{id}/events        server-sent events: the game's version, sent at once and after each write
Joining (anyone who reaches the port; with --pad only):
  GET  /join                    the join page: join as a seat or as the table's pad
  POST /join                    {"as": "red" | "table"}: asks the table; answers {"ask": KEY}
  GET  /join/{KEY}              {"state": "asked" | "refused" | "allowed", "pad": "/pad/1?t=TOKEN" once allowed}
  The terminal running the display asks "a phone asks to join as red: allow? [y/N]"; only then is a token
  made for that phone. `pads` lists the tokens there, `revoke N` ends one.
  The table's pad shows the same question: GET /asks?t=TOKEN lists the phones waiting, POST /asks?t=TOKEN
  {"n": 3, "allow": true} answers one.
Writing (a pad's token in ?t=, else 403 and nothing is written):
  GET  /pad/{id}, /pad/{id}/fragment    the phone pad
  POST /game/{id}/answer        {"version": N, "answer": "3,5" | null, "question": "N:dice"}: the current guided
                                question's answer; "question" (optional: the id the pad fragment's
                                X-Castaway-Question header gave) is checked inside the write: another is 409
  POST /game/{id}/undo          {"version": N, "to": E?}: one step back, or back to event E (one transaction)
  POST /game/{id}/redo          {"version": N, "to": E?}: one step redone, or up to the undone action E
  GET  /pad/{id}/history        the whole log, each event with what an undo back to it (a redo up to it) moves
  A seat's pad answers the questions addressed to its seat and those for the whole table; another seat's
  question is refused (403) and nothing is written.

Nothing served without a token carries one: the board shows the join address only. Every request's Host must
be one of the server's own addresses (else 403); a POST must be application/json and, when it has an Origin,
come from the server's own origin; no CORS headers are sent. Connections: at most MAX_CONNECTIONS, an idle
one (no request in flight) is closed after HEADER_TIMEOUT and the oldest idle ones make room for a new one;
past the cap with all of them busy, a one-line 503.

A watcher thread reads every game's version (one cheap query) every POLL seconds and wakes the event
streams, so a write from any process shows within a fraction of a second. Every answer carries the
version it answered and is applied with that version expected: of a pad answer and a keyboard answer to
the same question only the first applies, the other gets 409. Bad requests get a 4xx and one line.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from uvicorn.protocols.http.h11_impl import H11Protocol

from companion import session
from companion.errors import CompanionError, RuleError, StaleError, UsageError
from companion.i18n import _

from . import page, view
from .boards import board_for

POLL = 0.1  # seconds between two reads of the games' versions
KEEPALIVE = 5.0  # seconds between two comments on an idle event stream (a gone client is noticed then)
MAX_BODY = 4096  # bytes: the largest answer body accepted
MAX_ANSWER = 500  # characters of a typed answer
CACHED = 8  # drawn fragments kept (pages fetch the newest; a few older ones serve slow readers)
STATIC = Path(__file__).resolve().parent / "static"
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
MAX_ID = 2**63 - 1  # the largest id SQLite stores; a larger one is no game
MAX_CONNECTIONS = 64  # open connections at once; past it, with all of them busy, a one-line 503
BACKLOG = 256  # connections the kernel holds for accept(); asyncio also accepts up to this many at one wake,
# before any is shed, so MAX_CONNECTIONS + BACKLOG files stay well under a small machine's 1,024
HEADER_TIMEOUT = 5.0  # seconds a connection may stay without a request in flight (a request's head included)
MAX_ASKS = 8  # phones waiting for the table's answer at once; more are refused (429)
ASK_TIMEOUT = 120.0  # seconds a phone's request to join waits for the table's answer, then lapses
TABLE = "table"  # the role of the table's pad (a seat's pad has the seat's id)


class Refused(Exception):
    """A request refused with a status and one line."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


def text(status: int, message: str) -> PlainTextResponse:
    return PlainTextResponse(message.replace("\n", " ").strip() + "\n", status_code=status)


class Hub:
    """The games' versions as last read, and the event streams waiting for a change."""

    def __init__(self):
        self.versions: dict[int, int] = {}
        self.waiting: dict[int, set[asyncio.Event]] = {}
        self.closing = False

    def publish(self, versions: dict[int, int]) -> None:
        changed = [g for g, v in versions.items() if self.versions.get(g) != v]
        self.versions = versions
        for g in changed:
            for ev in self.waiting.get(g, ()):
                ev.set()

    def subscribe(self, game_id: int) -> asyncio.Event:
        ev = asyncio.Event()
        self.waiting.setdefault(game_id, set()).add(ev)
        return ev

    def unsubscribe(self, game_id: int, ev: asyncio.Event) -> None:
        subs = self.waiting.get(game_id)
        if subs is not None:
            subs.discard(ev)
            if not subs:
                del self.waiting[game_id]

    def close(self) -> None:
        self.closing = True
        for subs in self.waiting.values():
            for ev in subs:
                ev.set()

    def streams(self) -> int:
        return sum(len(s) for s in self.waiting.values())


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
        self._stop = threading.Event()
        self._cache: OrderedDict[tuple, tuple[int, str]] = OrderedDict()
        self._render_lock = threading.Lock()
        self._qr = ""
        self._questions: dict[tuple[int, int], str | None] = {}  # (game, version) -> its question id

    # -- the store -----------------------------------------------------------------------------------
    def store(self):
        return session.open_store(self.db)

    def watch(self, loop: asyncio.AbstractEventLoop) -> None:
        """The watcher thread: read the versions every `poll` seconds and wake the streams on a change."""
        st = None
        last: dict[int, int] | None = None
        while not self._stop.is_set():
            try:
                if st is None:
                    st = self.store()
                versions = st.versions()
                if versions != last:
                    last = versions
                    loop.call_soon_threadsafe(self.hub.publish, versions)
            except CompanionError:  # a busy or briefly unreadable file: read again next time
                if st is not None:
                    st.close()
                st = None
            self._stop.wait(self.poll)
        if st is not None:
            st.close()

    # -- rendering (in worker threads) ---------------------------------------------------------------
    def _render(self, game_id: int, what: str) -> tuple[int, str]:
        """(version, html) of a game's board fragment or pad fragment, drawn once per version."""
        with self.store() as st:
            row = st.game(game_id)
            if row is None:
                raise Refused(404, self._no_game(st, game_id))
            key = (game_id, row.version, what)
            with self._render_lock:
                hit = self._cache.get(key)
                if hit is not None:
                    self._cache.move_to_end(key)
                    return hit
                loaded = session.load(st, game_id)
                table, cat = loaded.table, loaded.cat
                if what == "board":
                    svg = board_for(cat.id).board_svg(table, cat)
                    html = page.board_fragment(row.version, table, cat, svg, self._qr, log=self._last_events(st, row, cat),
                                               rolled=st.last_rolled(game_id))
                elif what == "history":
                    html = page.history_html(row.version, st.events(game_id), st.live_path(game_id, row.head), row.redo, cat)
                else:  # "pad:ROLE": the pad of a seat, or the table's
                    role = what.split(":", 1)[1] if ":" in what else TABLE
                    head = st.event(game_id, row.head) if row.head else None
                    html = page.pad_fragment(row.version, table, cat, icon=self._icon(cat), role=role,
                                             whose=self.whose(table, cat), head=session.event_text(head, cat=cat) if head else "",
                                             head_seq=row.head)
                if 'data-pending="1"' in html[:200]:  # day 21's odds still a lower bound: drawn again when asked
                    return row.version, html
                self._cache[key] = (row.version, html)
                while len(self._cache) > CACHED:
                    self._cache.popitem(last=False)
                return row.version, html

    @staticmethod
    def _last_events(st, row, cat, n: int = 3) -> list[tuple[int, str]]:
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

    @staticmethod
    def whose(table, cat) -> str | None:
        """The seat the current question is addressed to (None: the whole table's)."""
        if not view.guided(cat) or table.data.get("over"):
            return None
        step = view.step_of(table, cat)
        return view.seat_of(step, table) if step is not None else None

    def _icon(self, cat):
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

    def _no_game(self, st, game_id: int) -> str:
        known = ", ".join(str(g.id) for g in st.games()) or _("none")
        return _("no game {id} in this database; games: {known}").format(id=game_id, known=known)

    def page(self, game_id: int, what: str, query: str = "", role: str = "") -> str:
        """A board or pad page; `query` (?v= or ?t=) goes into the addresses its script fetches: the page
        itself was asked for with it."""
        version, fragment = self._render(game_id, what if what == "board" else f"pad:{role or TABLE}")
        with self.store() as st:
            loaded = session.load(st, game_id)
        if what == "board":
            return page.board_page(game_id, loaded.cat.id, version, loaded.cat, fragment, query)
        label = _("the table's pad") if role == TABLE else _("the pad of {seat}").format(seat=role)
        return page.pad_page(game_id, version, loaded.cat, fragment, label, asks=role == TABLE)

    def warm(self) -> None:
        """Draw the shown game's board and pad once: the game's rules and catalog are loaded before the
        first request rather than during it."""
        self._render(self.game_id, "board")
        if self.token:
            self._render(self.game_id, f"pad:{TABLE}")

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
            self._qr = qr.svg(self.join_url, _("the address for joining with a phone"))

    def board_query(self) -> str:
        return f"?v={self.view_token}" if self.view_token else ""

    # -- joining -------------------------------------------------------------------------------------
    def roles(self) -> list[tuple[str, str]]:
        """(role, label) a phone may join as: each seat of the shown game, then the table's pad."""
        with self.store() as st:
            table = session.load(st, self.game_id).table
        seats = []
        for seat in table.seats:
            who = table.seat_values(seat).get("survivor")
            seats.append((seat, f"{seat} · {who}" if who else seat))
        return seats + [(TABLE, _("the table's pad"))]

    def ask(self, role: str) -> "Ask":
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

    def check_view(self, request: Request) -> None:
        """With --lan, the board needs the run's view token (or a pad's token): a passer-by sees nothing."""
        if self.view_token is None:
            return
        given = request.query_params.get("v", "")
        if given and secrets.compare_digest(given.encode(), self.view_token.encode()):
            return
        if self.pads.get(request.query_params.get("t", "")) is not None:
            return
        raise Refused(403, _("wrong or missing view token; open the board's address the terminal printed"))

    def game_id_of(self, request: Request) -> int:
        gid = int(request.path_params["game_id"])
        if gid > MAX_ID:
            with self.store() as st:
                raise Refused(404, self._no_game(st, gid))
        return gid

    # -- writing -------------------------------------------------------------------------------------
    def answer(self, game_id: int, version: int, answer: str | None, question: str | None = None, role: str = TABLE) -> str:
        with self.store() as st:
            row = st.game(game_id)
            if row is None:
                raise Refused(404, self._no_game(st, game_id))
            self._fresh(row, version)
            loaded = session.load(st, game_id)
            if not view.guided(loaded.cat):
                raise Refused(409, _("{name} has no guided mode; the pad cannot answer").format(name=_(loaded.cat.name)))
            step = view.step_of(loaded.table, loaded.cat)
            if step is None:
                raise Refused(409, _("game {id} is over; there is no question to answer").format(id=game_id))
            whose = view.seat_of(step, loaded.table)
            if role != TABLE and whose is not None and whose != role:
                raise Refused(403, _("this question is for {whose}: the pad of {seat} cannot answer it; nothing was applied").format(
                    whose=whose, seat=role))
            if question is not None:  # the question the pad showed, checked inside the write (session.answer)
                if not question.startswith(f"{version}:"):
                    raise Refused(400, _("\"question\" {value!r} is not a question of version {version}").format(value=question, version=version))
                ev, _t = session.answer(st, game_id, question, answer)
            else:
                action = step.make(step.ask.parse(answer))
                ev, _t = session.act(st, game_id, action, expect=version)
        said = ev.result.get("say") if isinstance(ev.result, dict) else None
        return f"#{ev.seq} {session.event_text(ev, cat=loaded.cat)}" + (f" → {said}" if said else "")

    def undo(self, game_id: int, version: int, to: int | None = None, redo: bool = False) -> str:
        """Undo (or redo) one step, or back to (up to) event `to`: one transaction held to `version`."""
        with self.store() as st:
            row = st.game(game_id)
            if row is None:
                raise Refused(404, self._no_game(st, game_id))
            self._fresh(row, version)
            if redo and to is not None:
                ev, _t, moved = session.redo_to(st, game_id, to, expect=version)
            elif redo:
                ev, _t, one = session.redo(st, game_id, expect=version)
                moved = [one]
            elif to is None:
                ev, _t, one = session.undo(st, game_id, expect=version)
                moved = [one]
            else:
                ev, _t, moved = session.undo_to(st, game_id, to, expect=version)
            cat = session.load(st, game_id).cat
        lines = "; ".join(f"#{e.seq} {session.event_text(e, cat=cat)}" for e in moved)
        if redo:
            return _("#{seq} redid: {text}").format(seq=ev.seq, text=lines)
        return _("#{seq} undid: {text}").format(seq=ev.seq, text=lines)

    def question(self, game_id: int, version: int) -> str | None:
        """The id of the question the pad shows at `version` (session.question), once per version."""
        key = (game_id, version)
        if key not in self._questions:
            with self.store() as st:
                loaded = session.load(st, game_id)
                if loaded.row.version != version:  # written since the fragment was drawn: the pad reloads
                    return None
                self._questions = {k: v for k, v in self._questions.items() if k[0] != game_id}
                self._questions[key] = session.question(loaded)
        return self._questions[key]

    @staticmethod
    def _fresh(row, version: int) -> None:
        if row.version != version:
            raise Refused(409, _("the question changed: game {id} is at version {now}, the answer was for version {then}; nothing was applied").format(
                id=row.id, now=row.version, then=version))

    def check_token(self, request: Request) -> "Pad":
        if self.token is None:
            raise Refused(403, _("the pad is off: start castaway display with --pad"))
        pad = self.pads.get(request.query_params.get("t", ""))
        if pad is None:
            raise Refused(403, _("wrong, revoked or missing pad token; scan the join code the board shows and ask the table"))
        return pad


@dataclass
class Pad:
    """A token the table gave: its number (for `revoke N`), the role (a seat id, or TABLE) and when."""

    n: int
    token: str
    role: str
    made: float


@dataclass
class Ask:
    """A phone's request to join: its key (known to that phone alone), the role, and the table's answer."""

    n: int
    key: str
    role: str
    state: str = "asked"  # asked, allowed, refused, lapsed (unanswered for ASK_TIMEOUT)
    token: str = ""
    made: float = 0.0


class Pads:
    """The tokens of one run and the phones waiting to join; used from the server and the terminal's
    thread, hence the lock."""

    def __init__(self):
        self._lock = threading.Lock()
        self._pads: dict[str, Pad] = {}
        self._asks: OrderedDict[str, Ask] = OrderedDict()
        self._n = 0
        self._asked = 0

    def add(self, role: str) -> Pad:
        with self._lock:
            self._n += 1
            pad = Pad(self._n, secrets.token_urlsafe(18), role, time.time())
            self._pads[pad.token] = pad
            return pad

    def get(self, token: str) -> Pad | None:
        if not token:
            return None
        with self._lock:
            for known, pad in self._pads.items():
                if secrets.compare_digest(known.encode(), token.encode()):
                    return pad
        return None

    def list(self) -> list[Pad]:
        with self._lock:
            return sorted(self._pads.values(), key=lambda p: p.n)

    def revoke(self, n: int) -> Pad | None:
        with self._lock:
            for token, pad in self._pads.items():
                if pad.n == n:
                    del self._pads[token]
                    return pad
        return None

    def _lapse(self) -> None:
        """Asks left unanswered for ASK_TIMEOUT lapse (the lock is held)."""
        now = time.monotonic()
        for a in self._asks.values():
            if a.state == "asked" and now - a.made > ASK_TIMEOUT:
                a.state = "lapsed"

    def ask(self, role: str) -> Ask | None:
        with self._lock:
            self._lapse()
            waiting = [a for a in self._asks.values() if a.state == "asked"]
            if len(waiting) >= MAX_ASKS:
                return None
            self._asked += 1
            a = Ask(self._asked, secrets.token_urlsafe(18), role, made=time.monotonic())
            self._asks[a.key] = a
            while len(self._asks) > 4 * MAX_ASKS:  # answered asks nobody came back for
                self._asks.popitem(last=False)
            return a

    def waiting(self) -> list[Ask]:
        with self._lock:
            self._lapse()
            return [a for a in self._asks.values() if a.state == "asked"]

    def answer(self, allow: bool, n: int | None = None) -> tuple[Ask, Pad | None] | None:
        """The table's answer to the oldest waiting phone (or to ask `n`); None when none (or not that) waits."""
        with self._lock:
            self._lapse()
            a = next((x for x in self._asks.values() if x.state == "asked" and n in (None, x.n)), None)
        if a is None:
            return None
        pad = self.add(a.role) if allow else None
        with self._lock:
            a.state = "allowed" if allow else "refused"
            a.token = pad.token if pad else ""
        return a, pad

    def state(self, key: str) -> Ask | None:
        """The ask of that key; once allowed, it is handed over and forgotten (the token is given once)."""
        with self._lock:
            self._lapse()
            for known, a in self._asks.items():
                if secrets.compare_digest(known.encode(), key.encode()):
                    if a.state != "asked":
                        del self._asks[known]
                    return a
        return None


async def _body(request: Request) -> dict:
    """The JSON object of a write, refused when too long, not JSON or not an object."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise Refused(413, _("request body over {n} bytes").format(n=MAX_BODY))
    raw = b""
    try:
        async with asyncio.timeout(HEADER_TIMEOUT):
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > MAX_BODY:
                    raise Refused(413, _("request body over {n} bytes").format(n=MAX_BODY))
    except TimeoutError:
        raise Refused(408, _("the request body did not come whole within {n} seconds").format(n=int(HEADER_TIMEOUT))) from None
    except ClientDisconnect:  # gone before the body was whole: nothing to answer, nothing written
        raise Refused(400, _("the client left before its request body was whole")) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(400, _("the body is not JSON; send {example}").format(example='{"version": 12, "answer": "3,5"}')) from None
    if not isinstance(data, dict):
        raise Refused(400, _("the body is not a JSON object; send {example}").format(example='{"version": 12, "answer": "3,5"}'))
    nested = sorted(k for k, v in data.items() if isinstance(v, (dict, list)))
    if nested:
        raise Refused(400, _("nested values in {fields}: every field is a number, a text or null").format(fields=", ".join(nested)))
    return data


def no_delay(transport) -> None:
    """Each response leaves at once (TCP_NODELAY). asyncio sets it only on a socket made with proto
    IPPROTO_TCP, and a listening socket made with proto 0 accepts sockets of proto 0: a response's head and
    body are two writes, and the body then waited for the phone's delayed ACK (40 ms on Linux, up to 200 ms
    elsewhere) on every request of a kept-alive connection but the first."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:  # gone already: nothing to answer
            pass


class Protocol(H11Protocol):
    """uvicorn's h11 protocol, kept from being held open: a connection with no request in flight (none yet,
    a request's head still coming, or between two requests) is closed after HEADER_TIMEOUT, and past
    MAX_CONNECTIONS the oldest such connections are closed to make room for the new one. uvicorn's
    limit_concurrency (MAX_CONNECTIONS + 1) answers 503 when all of them are busy."""

    _timer = None

    def connection_made(self, transport) -> None:
        self._since = time.monotonic()
        no_delay(transport)
        super().connection_made(transport)
        if len(self.connections) > MAX_CONNECTIONS:
            idle = sorted((c for c in self.connections if c is not self and isinstance(c, Protocol) and c._idle()),
                          key=lambda c: c._since)
            for c in idle[:len(self.connections) - MAX_CONNECTIONS]:
                c._drop()
        self._timer = self.loop.call_later(HEADER_TIMEOUT, self._check)

    def _idle(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _drop(self) -> None:
        self.connections.discard(self)
        if not self.transport.is_closing():
            self.transport.close()

    def _check(self) -> None:
        self._timer = None
        if self.transport.is_closing():
            return
        left = self._since + HEADER_TIMEOUT - time.monotonic()
        if self._idle() and left <= 0:
            self._drop()
            return
        self._timer = self.loop.call_later(left if self._idle() else HEADER_TIMEOUT, self._check)

    def on_response_complete(self) -> None:
        self._since = time.monotonic()
        super().on_response_complete()

    def connection_lost(self, exc) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        super().connection_lost(exc)


def server_config(app, **kw):
    """uvicorn's settings for the display: the protocol above, its connection cap, short keep-alive, a
    small limit on a request's head, no access log, no Server header."""
    import uvicorn

    return uvicorn.Config(app, http=Protocol, limit_concurrency=MAX_CONNECTIONS + 1, backlog=BACKLOG, timeout_keep_alive=HEADER_TIMEOUT,
                          h11_max_incomplete_event_size=8192, log_level="warning", lifespan="on",
                          timeout_graceful_shutdown=2, access_log=False, server_header=False, **kw)


class AcceptErrors:
    """The event loop's exception handler: "socket.accept() out of system resource" (file descriptors run
    out) is logged once, in one line, not once per retry; everything else as asyncio would."""

    MESSAGE = "socket.accept() out of system resource"  # untranslated: asyncio's own message, matched

    def __init__(self, write):
        self.write, self.seen = write, 0

    def __call__(self, loop, context) -> None:
        if context.get("message", "").startswith(self.MESSAGE):
            self.seen += 1
            if self.seen == 1:
                exc = context.get("exception")
                self.write(_("the display ran out of connections ({why}); it keeps answering the ones it has").format(
                    why=getattr(exc, "strerror", None) or exc))
            return
        loop.default_exception_handler(context)


def _version(data: dict) -> int:
    v = data.get("version")
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise Refused(400, _("\"version\" {value!r}: give the version the answer is for, a whole number from 1").format(value=v))
    return v


def _query(request: Request, key: str) -> str:
    from urllib.parse import quote

    given = request.query_params.get(key, "")
    return f"?{key}={quote(given)}" if given else ""


class Guard:
    """ASGI middleware: the Host must be one of the server's own addresses; a POST must be application/json
    and, when it says its Origin, come from the server's own. Refused with 403 or 415 and one line."""

    def __init__(self, app, display: Display):
        self.app, self.display = app, display

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {}
        for k, v in scope.get("headers", ()):
            headers.setdefault(k.decode("latin-1").lower(), v.decode("latin-1"))
        refused = None
        host = headers.get("host", "")
        if self.display.hosts and host not in self.display.hosts:
            refused = (403, _("Host {host!r} is not this display's address; accepted: {accepted}").format(
                host=host, accepted=", ".join(sorted(self.display.hosts))))
        elif scope["method"] == "POST":
            kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            origin = headers.get("origin")
            if kind != "application/json":
                refused = (415, _("Content-Type {kind!r}: a write is accepted as application/json only").format(kind=kind))
            elif origin is not None and origin not in self.display.origins:
                refused = (403, _("Origin {origin!r}: writes are accepted from this display's own pages only").format(origin=origin))
        if refused is None:
            return await self.app(scope, receive, send)
        await text(*refused)(scope, receive, send)


def create_app(display: Display) -> Starlette:
    hub = display.hub
    _game_id = display.game_id_of

    async def root(request: Request):
        display.check_view(request)
        return RedirectResponse(f"/game/{display.game_id}{_query(request, 'v') or _query(request, 't')}", status_code=307)

    async def board(request: Request):
        display.check_view(request)
        q = _query(request, "v") or _query(request, "t")
        return HTMLResponse(await run_in_threadpool(display.page, _game_id(request), "board", q),
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def fragment(request: Request):
        display.check_view(request)
        version, html = await run_in_threadpool(display._render, _game_id(request), "board")
        return HTMLResponse(html, headers={"X-Castaway-Version": str(version), "Cache-Control": "no-store"})

    async def events(request: Request):
        display.check_view(request)
        gid = _game_id(request)
        if gid not in hub.versions:
            with display.store() as st:
                raise Refused(404, display._no_game(st, gid))
        wake = hub.subscribe(gid)

        async def stream():
            try:
                yield "retry: 1000\n\n"
                sent = None
                while not hub.closing:
                    v = hub.versions.get(gid)
                    if v != sent:
                        sent = v
                        yield f"data: {v}\n\n"
                    try:
                        await asyncio.wait_for(wake.wait(), KEEPALIVE)
                    except asyncio.TimeoutError:
                        yield ": still here\n\n"  # untranslated: a server-sent-events comment line, read by the browser
                    wake.clear()
            finally:
                hub.unsubscribe(gid, wake)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def pad(request: Request):
        who = display.check_token(request)
        return HTMLResponse(await run_in_threadpool(display.page, _game_id(request), "pad", "", who.role),
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def pad_fragment(request: Request):
        who = display.check_token(request)
        gid = _game_id(request)
        version, html = await run_in_threadpool(display._render, gid, f"pad:{who.role}")
        asked = await run_in_threadpool(display.question, gid, version)
        return HTMLResponse(html, headers={"X-Castaway-Version": str(version), "X-Castaway-Question": asked or "",
                                           "Cache-Control": "no-store"})

    async def join_page(request: Request):
        if display.token is None:
            raise Refused(403, _("the pad is off: start castaway display with --pad"))
        with display.store() as st:
            cat = session.load(st, display.game_id).cat
        roles = await run_in_threadpool(display.roles)
        return HTMLResponse(page.join_page(roles, cat), headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def join_ask(request: Request):
        data = await _body(request)
        extra = set(data) - {"as"}
        if extra:
            raise Refused(400, _("unknown fields {fields}; accepted: as").format(fields=", ".join(sorted(extra))))
        role = data.get("as")
        if not isinstance(role, str):
            raise Refused(400, _("\"as\" {value!r}: give a seat or \"table\"").format(value=role))
        a = await run_in_threadpool(display.ask, role)
        return JSONResponse({"ask": a.key, "n": a.n}, status_code=202, headers={"Cache-Control": "no-store"})

    async def join_state(request: Request):
        a = display.pads.state(request.path_params["key"])
        if a is None:
            raise Refused(404, _("no such request to join; ask again from the join page"))
        body = {"state": a.state}
        if a.state == "allowed":
            body["pad"] = f"/pad/{display.game_id}?t={a.token}"
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    def table_pad(request: Request) -> Pad:
        who = display.check_token(request)
        if who.role != TABLE:
            raise Refused(403, _("only the table's pad lets phones in; this is the pad of {seat}").format(seat=who.role))
        return who

    async def asks(request: Request):
        table_pad(request)
        labels = dict(await run_in_threadpool(display.roles))
        return JSONResponse({"asks": [{"n": a.n, "role": a.role, "label": labels.get(a.role, a.role)} for a in display.pads.waiting()]},
                            headers={"Cache-Control": "no-store"})

    async def answer_ask(request: Request):
        table_pad(request)
        data = await _body(request)
        extra = set(data) - {"n", "allow"}
        if extra:
            raise Refused(400, _("unknown fields {fields}; accepted: n, allow").format(fields=", ".join(sorted(extra))))
        n, allow = data.get("n"), data.get("allow")
        if not isinstance(n, int) or isinstance(n, bool) or not isinstance(allow, bool):
            raise Refused(400, _("give {example}: the request's number and true or false").format(example='{"n": 3, "allow": true}'))
        got = display.pads.answer(allow, n)
        if got is None:
            raise Refused(409, _("no phone waits as request {n}; it was answered or lapsed").format(n=n))
        if display.on_answer is not None:
            display.on_answer(*got)
        ask, pad = got
        role = _("the table's pad") if ask.role == TABLE else ask.role
        if pad is None:
            return text(200, _("refused: the phone that asked to join as {role}").format(role=role))
        return text(200, _("pad {n} ({role}) let in").format(n=pad.n, role=role))

    async def answer(request: Request):
        who = display.check_token(request)
        data = await _body(request)
        extra = set(data) - {"version", "answer", "question"}
        if extra:
            raise Refused(400, _("unknown fields {fields}; accepted: version, answer, question").format(fields=", ".join(sorted(extra))))
        version = _version(data)
        question = data.get("question")
        if question is not None and (not isinstance(question, str) or len(question) > 100):
            raise Refused(400, _("\"question\" {value!r}: give the id of the question the answer is for, as the pad got it").format(value=question))
        ans = data.get("answer")
        if ans is not None and not isinstance(ans, str):
            raise Refused(400, _("\"answer\" {value!r}: give the answer as text (as typed at the keyboard) or null").format(value=ans))
        if ans is not None and len(ans) > MAX_ANSWER:
            raise Refused(413, _("answer over {n} characters").format(n=MAX_ANSWER))
        return text(200, await run_in_threadpool(display.answer, _game_id(request), version, ans, question, who.role))

    async def undo(request: Request, redo: bool = False):
        display.check_token(request)
        data = await _body(request)
        extra = set(data) - {"version", "to"}
        if extra:
            raise Refused(400, _("unknown fields {fields}; accepted: version, to").format(fields=", ".join(sorted(extra))))
        to = data.get("to")
        if to is not None and (not isinstance(to, int) or isinstance(to, bool) or not 1 <= to <= MAX_ID):
            raise Refused(400, _("\"to\" {value!r}: give an event's number, as the history lists them, or leave it out").format(value=to))
        return text(200, await run_in_threadpool(display.undo, _game_id(request), _version(data), to, redo))

    async def redo(request: Request):
        return await undo(request, redo=True)

    async def history(request: Request):
        display.check_token(request)
        version, html = await run_in_threadpool(display._render, _game_id(request), "history")
        return HTMLResponse(html, headers={"X-Castaway-Version": str(version), "Cache-Control": "no-store"})

    async def font(request: Request):
        name = request.path_params["name"]
        if name not in FONTS:
            raise Refused(404, _("no font {name!r}").format(name=name))
        spec = find_spec("printables")
        folder = Path(next(iter(spec.submodule_search_locations))) / "fonts"
        return FileResponse(folder / name, media_type="font/ttf", headers={"Cache-Control": "max-age=86400"})

    async def refused(request: Request, exc: Refused):
        return text(exc.status, exc.message)

    async def companion_error(request: Request, exc: CompanionError):
        status = 409 if isinstance(exc, (StaleError, RuleError)) else 400 if isinstance(exc, UsageError) else 503
        return text(status, str(exc))

    async def http_error(request: Request, exc: HTTPException):
        if exc.status_code == 404:
            return text(404, _("not found: {path}").format(path=request.url.path))
        if exc.status_code == 405:
            return text(405, _("method {method} is not accepted at {path}").format(method=request.method, path=request.url.path))
        return text(exc.status_code, str(exc.detail))

    async def server_error(request: Request, exc: Exception):
        return text(500, _("the display failed on this request: {e}").format(e=type(exc).__name__))

    routes = [
        Route("/", root),
        Route("/game/{game_id:int}", board),
        Route("/game/{game_id:int}/fragment", fragment),
        Route("/game/{game_id:int}/events", events),
        Route("/game/{game_id:int}/answer", answer, methods=["POST"]),
        Route("/game/{game_id:int}/undo", undo, methods=["POST"]),
        Route("/game/{game_id:int}/redo", redo, methods=["POST"]),
        Route("/pad/{game_id:int}/history", history),
        Route("/pad/{game_id:int}", pad),
        Route("/pad/{game_id:int}/fragment", pad_fragment),
        Route("/join", join_page),
        Route("/join", join_ask, methods=["POST"]),
        Route("/join/{key}", join_state),
        Route("/asks", asks),
        Route("/asks", answer_ask, methods=["POST"]),
        Route("/static/fonts/{name}", font),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app):
        loop = asyncio.get_running_loop()
        with display.store() as st:
            hub.versions = st.versions()
        watcher = threading.Thread(target=display.watch, args=(loop,), name="castaway-display-watch", daemon=True)
        watcher.start()
        try:
            yield
        finally:
            hub.close()
            display._stop.set()
            watcher.join(timeout=2)

    return Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Guard, display=display)], exception_handlers={
        Refused: refused, CompanionError: companion_error, HTTPException: http_error, Exception: server_error})
