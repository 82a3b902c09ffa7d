"""A refused request's answer: one line of text with its status (Refused, raised anywhere in a request), and
the app's exception handlers, which turn every error into such a line (no traceback reaches a phone)."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse

from companion.errors import CompanionError, RuleError, StaleError, UsageError
from companion.i18n import _


class Refused(Exception):
    """A request refused with a status and one line."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


def text(status: int, message: str) -> PlainTextResponse:
    return PlainTextResponse(message.replace("\n", " ").strip() + "\n", status_code=status)


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


HANDLERS = {Refused: refused, CompanionError: companion_error, HTTPException: http_error, Exception: server_error}
