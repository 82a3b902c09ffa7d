"""The pad's routes (a pad's token in ?t=, else 403 and nothing is written): the pad page and its fragment
(with the id of the question it shows), the answer, undo and redo, the history."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from companion.i18n import _

from . import bodies, writes
from .bodies import MAX_ANSWER, MAX_ID
from .guard import check_token
from .refusals import Refused, text


def routes(display) -> list:
    reader = display.reader

    async def pad(request: Request):
        who = check_token(display, request)
        return HTMLResponse(await run_in_threadpool(display.page, display.game_id_of(request), "pad", "", who.role),
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def pad_fragment(request: Request):
        who = check_token(display, request)
        version, html, asked = await run_in_threadpool(display.pad_fragment, display.game_id_of(request), who.role)
        return HTMLResponse(html, headers={"X-Castaway-Version": str(version), "X-Castaway-Question": asked or "",
                                           "Cache-Control": "no-store"})

    async def answer(request: Request):
        who = check_token(display, request)
        data = await bodies.body(request)
        extra = set(data) - {"version", "answer", "question"}
        if extra:
            raise Refused(400, _("unknown fields {fields}; accepted: version, answer, question").format(fields=", ".join(sorted(extra))))
        version = bodies.version(data)
        question = data.get("question")
        if question is not None and (not isinstance(question, str) or len(question) > 100):
            raise Refused(400, _("\"question\" {value!r}: give the id of the question the answer is for, as the pad got it").format(value=question))
        ans = data.get("answer")
        if ans is not None and not isinstance(ans, str):
            raise Refused(400, _("\"answer\" {value!r}: give the answer as text (as typed at the keyboard) or null").format(value=ans))
        if ans is not None and len(ans) > MAX_ANSWER:
            raise Refused(413, _("answer over {n} characters").format(n=MAX_ANSWER))
        return text(200, await run_in_threadpool(writes.answer, reader, display.game_id_of(request), version, ans, question, who.role))

    async def undo(request: Request, redo: bool = False):
        check_token(display, request)
        data = await bodies.body(request)
        extra = set(data) - {"version", "to"}
        if extra:
            raise Refused(400, _("unknown fields {fields}; accepted: version, to").format(fields=", ".join(sorted(extra))))
        to = data.get("to")
        if to is not None and (not isinstance(to, int) or isinstance(to, bool) or not 1 <= to <= MAX_ID):
            raise Refused(400, _("\"to\" {value!r}: give an event's number, as the history lists them, or leave it out").format(value=to))
        return text(200, await run_in_threadpool(writes.undo, reader, display.game_id_of(request), bodies.version(data), to, redo))

    async def redo(request: Request):
        return await undo(request, redo=True)

    async def history(request: Request):
        check_token(display, request)
        version, html = await run_in_threadpool(display.fragment, display.game_id_of(request), "history")
        return HTMLResponse(html, headers={"X-Castaway-Version": str(version), "Cache-Control": "no-store"})

    return [
        Route("/game/{game_id:int}/answer", answer, methods=["POST"]),
        Route("/game/{game_id:int}/undo", undo, methods=["POST"]),
        Route("/game/{game_id:int}/redo", redo, methods=["POST"]),
        Route("/pad/{game_id:int}/history", history),
        Route("/pad/{game_id:int}", pad),
        Route("/pad/{game_id:int}/fragment", pad_fragment),
    ]
