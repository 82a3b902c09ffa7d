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
streams, so a write from any process shows within a fraction of a second (hub.py). Each worker thread keeps
its store open, and each game as last loaded is used again only while its row in the store is the same
(reader.py); each fragment is drawn once per version (fragments.py). Every answer carries the version it
answered and is applied with that version expected: of a pad answer and a keyboard answer to the same
question only the first applies, the other gets 409. Bad requests get a 4xx and one line.

The app is put together here from its parts: run.py (Display, one run), routes_board.py, routes_pad.py,
routes_join.py, guard.py (who may ask what), writes.py, pads.py, connections.py (uvicorn's protocol and
settings), bodies.py and refusals.py.
"""

from __future__ import annotations

import asyncio
import threading
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.middleware import Middleware

from . import routes_board, routes_join, routes_pad
from .connections import BACKLOG, HEADER_TIMEOUT, MAX_CONNECTIONS, AcceptErrors, Protocol, server_config
from .guard import Guard
from .hub import Hub, watch
from .pads import MAX_ASKS, TABLE, Pads
from .refusals import HANDLERS, Refused
from .run import Display

__all__ = ["BACKLOG", "HEADER_TIMEOUT", "MAX_ASKS", "MAX_CONNECTIONS", "TABLE", "AcceptErrors", "Display", "Hub", "Pads",
           "Protocol", "Refused", "create_app", "server_config"]


def create_app(display: Display) -> Starlette:
    routes = [*routes_board.routes(display), *routes_pad.routes(display), *routes_join.routes(display)]

    @asynccontextmanager
    async def lifespan(app):
        loop = asyncio.get_running_loop()
        with display.open_store() as st:
            display.hub.versions = st.versions()
        watcher = threading.Thread(target=watch, args=(display.open_store, display.hub, loop, display.stop, display.poll),
                                   name="castaway-display-watch", daemon=True)
        watcher.start()
        try:
            yield
        finally:
            display.hub.close()
            display.stop.set()
            watcher.join(timeout=2)

    return Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Guard, display=display)], exception_handlers=HANDLERS)
