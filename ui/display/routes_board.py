"""The board's routes (anyone on loopback; with --lan, the run's view token or a pad's): the board page, its
live fragment, its server-sent events, the fonts and static files the pages draw with."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from companion.i18n import _

from .bodies import query
from .guard import check_view
from .refusals import Refused

STATIC = Path(__file__).resolve().parent / "static"
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


def routes(display) -> list:
    hub = display.hub

    async def root(request: Request):
        check_view(display, request)
        return RedirectResponse(f"/game/{display.game_id}{query(request, 'v') or query(request, 't')}", status_code=307)

    async def board(request: Request):
        check_view(display, request)
        q = query(request, "v") or query(request, "t")
        return HTMLResponse(await run_in_threadpool(display.page, display.game_id_of(request), "board", q),
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def fragment(request: Request):
        check_view(display, request)
        version, html = await run_in_threadpool(display.fragment, display.game_id_of(request), "board")
        return HTMLResponse(html, headers={"X-Castaway-Version": str(version), "Cache-Control": "no-store"})

    async def events(request: Request):
        check_view(display, request)
        gid = display.game_id_of(request)
        if gid not in hub.versions:
            raise await run_in_threadpool(display.no_game, gid)
        return StreamingResponse(hub.stream(gid), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def font(request: Request):
        name = request.path_params["name"]
        if name not in FONTS:
            raise Refused(404, _("no font {name!r}").format(name=name))
        spec = find_spec("printables")
        folder = Path(next(iter(spec.submodule_search_locations))) / "fonts"
        return FileResponse(folder / name, media_type="font/ttf", headers={"Cache-Control": "max-age=86400"})

    return [
        Route("/", root),
        Route("/game/{game_id:int}", board),
        Route("/game/{game_id:int}/fragment", fragment),
        Route("/game/{game_id:int}/events", events),
        Route("/static/fonts/{name}", font),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
