"""`castaway display`: the live board for a screen the table shares, and phones as dice pads (--pad).

With --pad the board shows a join code (no token); a phone that opens it asks to join as a seat or as the
table's pad, and this terminal asks "allow? [y/N]". Typed here while the display runs: y / n (the oldest
phone waiting), `pads` (the tokens given), `revoke N`.

Starlette, uvicorn and qrcode are imported inside the command only: other commands start as fast as before.
"""

from __future__ import annotations

import socket
import threading
from typing import Annotated, Optional

import typer

from companion import i18n, session
from companion.errors import CompanionError, UsageError
from companion.i18n import _
from ui.common import CTX, command, err, out, store


def lan_address() -> str:
    """The machine's address on its local network: the one its default route leaves from (a UDP socket
    is connected, which sends nothing)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.254.254.254", 9))
        addr = s.getsockname()[0]
    except OSError:
        addr = ""
    finally:
        s.close()
    if not addr or addr.startswith("127.") or addr == "0.0.0.0":
        raise CompanionError(_("--lan: this machine has no local network address; connect it to the table's network, or leave out --lan"))
    return addr


def bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise CompanionError(_("cannot listen on {host}:{port} ({why}); choose another --port, or leave it out for a free one").format(
            host=host, port=port, why=e.strerror or e)) from None
    from .display.server import BACKLOG

    sock.listen(BACKLOG)
    return sock


YES = ("y", "yes", "a", "ano")
NO = ("", "n", "no", "ne")


def role_name(role: str) -> str:
    from .display.server import TABLE

    return _("the table's pad") if role == TABLE else role


def console_line(display, line: str) -> str | None:
    """What the keeper typed at the display's terminal, done; returns the line to print (None: nothing)."""
    words = line.strip().split()
    cmd = words[0].lower() if words else ""
    pads = display.pads
    if cmd in YES + NO and len(words) <= 1:
        got = pads.answer(cmd in YES) if pads.waiting() else None
        if got is None:
            return None if not cmd else _("no phone is waiting to join")
        ask, pad = got
        if pad is None:
            return _("refused: the phone that asked to join as {role}").format(role=role_name(ask.role))
        return _("pad {n} ({role}) let in; `revoke {n}` ends it").format(n=pad.n, role=role_name(pad.role))
    if cmd == "pads" and len(words) == 1:
        given = pads.list()
        if not given:
            return _("no pads")
        import time

        return "\n".join(_("pad {n}: {role}, since {when}").format(n=p.n, role=role_name(p.role), when=time.strftime("%H:%M:%S", time.localtime(p.made)))
                         for p in given)
    if cmd == "revoke" and len(words) == 2:
        if not words[1].isdigit():
            return _("revoke {n!r}: give a pad's number, as `pads` lists them").format(n=words[1])
        pad = pads.revoke(int(words[1]))
        if pad is None:
            known = ", ".join(str(p.n) for p in pads.list()) or _("none")
            return _("no pad {n}; pads: {known}").format(n=words[1], known=known)
        return _("pad {n} ({role}) revoked: its token writes nothing any more").format(n=pad.n, role=role_name(pad.role))
    return _("{line!r}: accepted: y, n (the phone waiting to join), pads, revoke N").format(line=line.strip())


def console(display, fd: int = 0) -> None:
    """The terminal's thread: each line typed is a console command; ends at end of input. Read from the file
    descriptor itself, not sys.stdin: a thread blocked in sys.stdin would hold its lock when Ctrl-C ends
    the process."""
    import os

    pending = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            return
        if not chunk:
            return
        pending += chunk
        while b"\n" in pending:
            raw, pending = pending.split(b"\n", 1)
            said = console_line(display, raw.decode("utf-8", errors="replace"))
            if said:
                out.print(said, markup=False, highlight=False)


def more_files() -> None:
    """Raise the soft limit of open files to the hard one (a flood of connections is met by closing idle
    ones, not by running out)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = hard if hard != resource.RLIM_INFINITY else 65536
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, 65536), hard))
    except (ImportError, ValueError, OSError):
        pass


@command("display")
def display_cmd(
    no_browser: Annotated[bool, typer.Option("--no-browser", help=_("Do not open the board in the default browser."))] = False,
    port: Annotated[Optional[int], typer.Option("--port", help=_("Port to listen on (default: a free one)."))] = None,
    game: Annotated[Optional[int], typer.Option("--game", "-g", help=_("Game id to show (default: the current game)."))] = None,
    lan: Annotated[bool, typer.Option("--lan", help=_("Listen on the local network's address (phones and other screens); prints the board's address, with its view token, and its QR code."))] = False,
    pad: Annotated[bool, typer.Option("--pad", help=_("Phones as pads that answer the guided game's questions: the board shows a join code, and each phone this terminal allows gets its own token."))] = False,
    lang: Annotated[Optional[str], typer.Option("--lang", help=_("Language of the pages: en or cs (default: as for every command; a game of the Czech edition shows Czech)."), metavar="LANG")] = None,
):
    """Show the game live on a screen the whole table sees; with --pad, phones answer the guided questions.

    Example: castaway display --lan --pad
    """
    if port is not None and not 0 <= port <= 65535:
        raise UsageError(_("--port {port}: accepted: 1..65535, or leave it out for a free port").format(port=port))
    if lang is not None:
        try:
            i18n.configure(lang)
        except ValueError:
            raise UsageError(_("--lang {lang!r}: accepted: {accepted}").format(lang=lang, accepted=", ".join(i18n.LANGUAGES))) from None
    with store() as st:
        gid = session.current_id(st, game if game is not None else CTX.game)
        loaded = session.load(st, gid)  # a Czech-edition game turns the language to Czech unless chosen
        db_path = st.path
    i18n.configure(i18n.language())  # one language for the whole run, whichever game a page shows

    from .display.boards import board_for

    board_for(loaded.cat.id)  # a game without a drawing is refused here, before anything listens
    import uvicorn

    from .display import qr
    from .display.server import AcceptErrors, Display, create_app, server_config

    host = lan_address() if lan else "127.0.0.1"
    more_files()
    sock = bind(host, port or 0)
    base = f"http://{host}:{sock.getsockname()[1]}"
    display = Display(db_path, gid, pad=pad, lan=lan)
    display.set_address(base)
    display.warm()  # imports and the first drawing now, so the first page comes at once
    board_url = f"{base}/game/{gid}{display.board_query()}"
    out.print(_("The board of game {id} ({name}): {url}").format(id=gid, name=_(loaded.cat.name), url=board_url), markup=False, soft_wrap=True)
    if lan:
        out.print(_("(the board's address holds a view token: only who has it sees the board)"), markup=False)
        out.print(qr.terminal(board_url), markup=False, highlight=False)
    if pad:
        out.print(_("The table's pad (keep this address to the table: it lets a phone answer):"), markup=False)
        out.print(display.pad_url, markup=False, soft_wrap=True)
        out.print(qr.terminal(display.pad_url), markup=False, highlight=False)
        out.print(_("Phones join at {url} (the board shows its code); this terminal asks whether to let each in. "
                    "Type `pads` to list them, `revoke N` to end one.").format(url=display.join_url), markup=False, soft_wrap=True)
        if not lan:
            out.print(_("Phones reach the pad only with --lan; this one listens on this machine alone."), markup=False)

        def asked(a):
            out.print(_("a phone asks to join as {role}: allow? [y/N]").format(role=role_name(a.role)), markup=False, highlight=False)

        def answered(a, pad_given):
            if pad_given is None:
                said = _("refused at the table's pad: the phone that asked to join as {role}").format(role=role_name(a.role))
            else:
                said = _("pad {n} ({role}) let in at the table's pad; `revoke {n}` ends it").format(n=pad_given.n, role=role_name(pad_given.role))
            out.print(said, markup=False, highlight=False)

        display.on_ask = asked
        display.on_answer = answered
        threading.Thread(target=console, args=(display,), name="castaway-display-console", daemon=True).start()
    out.print(_("Ctrl-C stops the display."), markup=False)

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):
            super().handle_exit(sig, frame)
            if loop is not None:
                loop.call_soon_threadsafe(display.hub.close)

    loop = None
    server = Server(server_config(create_app(display)))

    async def serve():
        nonlocal loop
        import asyncio

        loop = asyncio.get_running_loop()
        loop.set_exception_handler(AcceptErrors(lambda line: err.print(line, markup=False, highlight=False, soft_wrap=True)))
        await server.serve(sockets=[sock])

    if not no_browser:
        import webbrowser

        threading.Timer(0.3, webbrowser.open, args=(board_url,)).start()
    try:
        import asyncio

        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    out.print(_("The display stopped."))

