"""Who may ask what: the Host a request names must be one of the server's own addresses, a POST must be
application/json from the server's own origin (Guard, ASGI middleware); with --lan the board needs the run's
view token (or a pad's); a pad's address and every write need a pad's token, and letting phones in needs the
table's pad. Each refusal is a status and one line."""

from __future__ import annotations

import secrets

from starlette.requests import Request

from companion.i18n import _

from .pads import TABLE, Pad
from .refusals import Refused, text


def check_view(display, request: Request) -> None:
    """With --lan, the board needs the run's view token (or a pad's token): a passer-by sees nothing."""
    if display.view_token is None:
        return
    given = request.query_params.get("v", "")
    if given and secrets.compare_digest(given.encode(), display.view_token.encode()):
        return
    if display.pads.get(request.query_params.get("t", "")) is not None:
        return
    raise Refused(403, _("wrong or missing view token; open the board's address the terminal printed"))


def check_token(display, request: Request) -> Pad:
    """The pad whose token the request carries (?t=); none, a wrong or a revoked one: 403."""
    if display.token is None:
        raise Refused(403, _("the pad is off: start castaway display with --pad"))
    pad = display.pads.get(request.query_params.get("t", ""))
    if pad is None:
        raise Refused(403, _("wrong, revoked or missing pad token; scan the join code the board shows and ask the table"))
    return pad


def table_pad(display, request: Request) -> Pad:
    """The table's pad (the one that lets phones in); a seat's pad: 403."""
    who = check_token(display, request)
    if who.role != TABLE:
        raise Refused(403, _("only the table's pad lets phones in; this is the pad of {seat}").format(seat=who.role))
    return who


class Guard:
    """ASGI middleware: the Host must be one of the server's own addresses; a POST must be application/json
    and, when it says its Origin, come from the server's own. Refused with 403 or 415 and one line."""

    def __init__(self, app, display):
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
