"""The display's web server: a Starlette app served by uvicorn.

Reading (anyone who reaches the port):
  GET  /                        the chosen game's board
  GET  /game/{id}               a game's board page
  GET  /game/{id}/fragment      the part of the board page that changes (the page fetches it on each event)
  GET  /game/{id}/events        server-sent events: the game's version, sent at once and after each write
Writing (the run's pad token in ?t=, else 403 and nothing is written):
  GET  /pad/{id}, /pad/{id}/fragment    the phone pad
  POST /game/{id}/answer        {"version": N, "answer": "3,5" | null}: the current guided question's answer
  POST /game/{id}/undo          {"version": N}

A watcher thread reads every game's version (one cheap query) every POLL seconds and wakes the event
streams, so a write from any process shows within a fraction of a second. Every answer carries the
version it answered and is applied with that version expected: of a pad answer and a keyboard answer to
the same question only the first applies, the other gets 409. Bad requests get a 4xx and one line.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections import OrderedDict
from importlib.util import find_spec
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

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

    def __init__(self, db: str | Path | None, game_id: int, pad: bool = False, poll: float = POLL):
        self.db = db
        self.game_id = game_id
        self.token = secrets.token_urlsafe(18) if pad else None
        self.pad_url = ""  # set once the address is known
        self.poll = poll
        self.hub = Hub()
        self._stop = threading.Event()
        self._cache: OrderedDict[tuple, tuple[int, str]] = OrderedDict()
        self._render_lock = threading.Lock()
        self._qr = ""

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
                    html = page.board_fragment(row.version, table, cat, svg, self._qr)
                else:
                    html = page.pad_fragment(row.version, table, cat, icon=self._icon(cat))
                self._cache[key] = (row.version, html)
                while len(self._cache) > CACHED:
                    self._cache.popitem(last=False)
                return row.version, html

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

    def page(self, game_id: int, what: str) -> str:
        version, fragment = self._render(game_id, what)
        with self.store() as st:
            loaded = session.load(st, game_id)
        if what == "board":
            return page.board_page(game_id, loaded.cat.id, version, loaded.cat, fragment)
        return page.pad_page(game_id, version, loaded.cat, fragment)

    def warm(self) -> None:
        """Draw the shown game's board and pad once: the game's rules and catalog are loaded before the
        first request rather than during it."""
        self._render(self.game_id, "board")
        if self.token:
            self._render(self.game_id, "pad")

    def set_address(self, base: str) -> None:
        if self.token:
            from . import qr

            self.pad_url = f"{base}/pad/{self.game_id}?t={self.token}"
            self._qr = qr.svg(self.pad_url, _("the pad's address"))

    # -- writing -------------------------------------------------------------------------------------
    def answer(self, game_id: int, version: int, answer: str | None) -> str:
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
            action = step.make(step.ask.parse(answer))
            ev, _t = session.act(st, game_id, action, expect=version)
        said = ev.result.get("say") if isinstance(ev.result, dict) else None
        return f"#{ev.seq} {session.event_text(ev, cat=loaded.cat)}" + (f" → {said}" if said else "")

    def undo(self, game_id: int, version: int) -> str:
        with self.store() as st:
            row = st.game(game_id)
            if row is None:
                raise Refused(404, self._no_game(st, game_id))
            self._fresh(row, version)
            ev, _t, undone = session.undo(st, game_id, expect=version)
            cat = session.load(st, game_id).cat
        return _("#{seq} undid: {text}").format(seq=ev.seq, text=session.event_text(undone, cat=cat))

    @staticmethod
    def _fresh(row, version: int) -> None:
        if row.version != version:
            raise Refused(409, _("the question changed: game {id} is at version {now}, the answer was for version {then}; nothing was applied").format(
                id=row.id, now=row.version, then=version))

    def check_token(self, request: Request) -> None:
        if self.token is None:
            raise Refused(403, _("the pad is off: start castaway display with --pad"))
        given = request.query_params.get("t", "")
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            raise Refused(403, _("wrong or missing pad token; scan the QR code the display shows"))


def _game_id(request: Request) -> int:
    return int(request.path_params["game_id"])


async def _body(request: Request) -> dict:
    """The JSON object of a write, refused when too long, not JSON or not an object."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise Refused(413, _("request body over {n} bytes").format(n=MAX_BODY))
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise Refused(413, _("request body over {n} bytes").format(n=MAX_BODY))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, _("the body is not JSON; send {example}").format(example='{"version": 12, "answer": "3,5"}')) from None
    if not isinstance(data, dict):
        raise Refused(400, _("the body is not a JSON object; send {example}").format(example='{"version": 12, "answer": "3,5"}'))
    return data


def _version(data: dict) -> int:
    v = data.get("version")
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise Refused(400, _("\"version\" {value!r}: give the version the answer is for, a whole number from 1").format(value=v))
    return v


def create_app(display: Display) -> Starlette:
    hub = display.hub

    async def root(request: Request):
        return RedirectResponse(f"/game/{display.game_id}", status_code=307)

    async def board(request: Request):
        return HTMLResponse(await run_in_threadpool(display.page, _game_id(request), "board"))

    async def fragment(request: Request):
        version, html = await run_in_threadpool(display._render, _game_id(request), "board")
        return HTMLResponse(html, headers={"X-Castaway-Version": str(version), "Cache-Control": "no-store"})

    async def events(request: Request):
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
        display.check_token(request)
        return HTMLResponse(await run_in_threadpool(display.page, _game_id(request), "pad"),
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def pad_fragment(request: Request):
        display.check_token(request)
        version, html = await run_in_threadpool(display._render, _game_id(request), "pad")
        return HTMLResponse(html, headers={"X-Castaway-Version": str(version), "Cache-Control": "no-store"})

    async def answer(request: Request):
        display.check_token(request)
        data = await _body(request)
        extra = set(data) - {"version", "answer"}
        if extra:
            raise Refused(400, _("unknown fields {fields}; accepted: version, answer").format(fields=", ".join(sorted(extra))))
        version = _version(data)
        ans = data.get("answer")
        if ans is not None and not isinstance(ans, str):
            raise Refused(400, _("\"answer\" {value!r}: give the answer as text (as typed at the keyboard) or null").format(value=ans))
        if ans is not None and len(ans) > MAX_ANSWER:
            raise Refused(413, _("answer over {n} characters").format(n=MAX_ANSWER))
        return text(200, await run_in_threadpool(display.answer, _game_id(request), version, ans))

    async def undo(request: Request):
        display.check_token(request)
        data = await _body(request)
        extra = set(data) - {"version"}
        if extra:
            raise Refused(400, _("unknown fields {fields}; accepted: version").format(fields=", ".join(sorted(extra))))
        return text(200, await run_in_threadpool(display.undo, _game_id(request), _version(data)))

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
        Route("/pad/{game_id:int}", pad),
        Route("/pad/{game_id:int}/fragment", pad_fragment),
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

    return Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        Refused: refused, CompanionError: companion_error, HTTPException: http_error, Exception: server_error})
