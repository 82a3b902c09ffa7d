"""The display's connections: uvicorn's h11 protocol kept from being held open (idle connections closed, the
oldest idle ones making room past the cap), each response sent at once (TCP_NODELAY), uvicorn's settings, and
the event loop's handler for running out of file descriptors."""

from __future__ import annotations

import socket
import time

from uvicorn.protocols.http.h11_impl import H11Protocol

from companion.i18n import _

MAX_CONNECTIONS = 64  # open connections at once; past it, with all of them busy, a one-line 503
BACKLOG = 256  # connections the kernel holds for accept(); asyncio also accepts up to this many at one wake,
# before any is shed, so MAX_CONNECTIONS + BACKLOG files stay well under a small machine's 1,024
HEADER_TIMEOUT = 5.0  # seconds a connection may stay without a request in flight (a request's head included)


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
