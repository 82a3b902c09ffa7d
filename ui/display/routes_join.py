"""Joining (with --pad only): the join page, a phone's request to join as a seat or as the table's pad and
its state, and the table's pad's list of the phones waiting and its answer to one."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from companion.i18n import _

from . import bodies, page
from .guard import table_pad
from .pads import TABLE
from .refusals import Refused, text


def routes(display) -> list:
    async def join_page(request: Request):
        if display.token is None:
            raise Refused(403, _("the pad is off: start castaway display with --pad"))
        cat = (await run_in_threadpool(display.shown)).cat
        roles = await run_in_threadpool(display.roles)
        return HTMLResponse(page.join_page(roles, cat), headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def join_ask(request: Request):
        data = await bodies.body(request)
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

    async def asks(request: Request):
        table_pad(display, request)
        labels = dict(await run_in_threadpool(display.roles))
        return JSONResponse({"asks": [{"n": a.n, "role": a.role, "label": labels.get(a.role, a.role)} for a in display.pads.waiting()]},
                            headers={"Cache-Control": "no-store"})

    async def answer_ask(request: Request):
        table_pad(display, request)
        data = await bodies.body(request)
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

    return [
        Route("/join", join_page),
        Route("/join", join_ask, methods=["POST"]),
        Route("/join/{key}", join_state),
        Route("/asks", asks),
        Route("/asks", answer_ask, methods=["POST"]),
    ]
