"""What a request brings: a write's JSON body (bounded in size and time, one flat object), its "version"
field, and the token of the address a page was opened with (passed on to the addresses its script fetches)."""

from __future__ import annotations

import asyncio
import json

from starlette.requests import ClientDisconnect, Request

from companion.i18n import _

from .connections import HEADER_TIMEOUT
from .refusals import Refused

MAX_BODY = 4096  # bytes: the largest answer body accepted
MAX_ANSWER = 500  # characters of a typed answer
MAX_ID = 2**63 - 1  # the largest id SQLite stores; a larger one is no game


async def body(request: Request) -> dict:
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


def version(data: dict) -> int:
    v = data.get("version")
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise Refused(400, _("\"version\" {value!r}: give the version the answer is for, a whole number from 1").format(value=v))
    return v


def query(request: Request, key: str) -> str:
    from urllib.parse import quote

    given = request.query_params.get(key, "")
    return f"?{key}={quote(given)}" if given else ""
