"""`castaway display` without a browser: the server's answers to good and bad requests, the pad's token,
one answer per question (pad or keyboard), the terminal guided game moving on after a refused answer,
the QR codes, the language, Ctrl-C. All traffic on 127.0.0.1."""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from companion import session
from tests.display_server import ROOT, Served, make_games


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    db = tmp_path_factory.mktemp("display") / "castaway.db"
    ids = make_games(db)
    s = Served(db, "--pad", "--game", str(ids["dieson"]))
    yield db, ids, s
    assert s.stop() == 0, s.output()  # Ctrl-C stops it cleanly
    assert "The display stopped." in s.output() and "Traceback" not in s.output(), s.output()


JSON = {"Content-Type": "application/json"}


def files(db: Path) -> str:
    """The database's bytes (with its write-ahead log), as one digest."""
    h = hashlib.sha256()
    for p in (db, Path(f"{db}-wal")):
        if p.exists():
            h.update(p.read_bytes())
    return h.hexdigest()


def version(db: Path, gid: int) -> int:
    with session.open_store(db) as st:
        return st.game(gid).version


def one_line(r: httpx.Response) -> str:
    body = r.text
    assert body.endswith("\n") and body.count("\n") == 1 and "Traceback" not in body, body
    return body.strip()


def test_board_page_is_read_only_and_carries_game_and_version(served):
    db, ids, s = served
    gid = ids["dieson"]
    r = httpx.get(f"{s.base}/game/{gid}")
    assert r.status_code == 200 and '<html lang="en">' in r.text
    assert f'data-game-id="{gid}"' in r.text and f'data-version="{version(db, gid)}"' in r.text
    assert "<svg" in r.text and 'class="padqr"' in r.text  # the board and the pad's QR code
    assert s.token not in r.text  # the token is only in the QR code's modules, never as text
    r = httpx.get(s.base + "/", follow_redirects=False)
    assert r.status_code == 307 and r.headers["location"] == f"/game/{gid}"
    for asset in ("display.js", "display.css", "pad.js", "pad.css", "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf"):
        assert httpx.get(f"{s.base}/static/{asset}").status_code == 200, asset


def test_requests_without_the_token_get_403_and_change_nothing(served):
    db, ids, s = served
    gid = ids["dieson"]
    before = files(db)
    v = version(db, gid)
    body = {"version": v, "answer": None}
    with httpx.Client(base_url=s.base) as c:
        for t in ("", "?t=", "?t=wrong", f"?t={s.token[:-1]}", f"?t={s.token}x"):
            assert c.get(f"/pad/{gid}{t}").status_code == 403
            assert c.get(f"/pad/{gid}/fragment{t}").status_code == 403
            r = c.post(f"/game/{gid}/answer{t}", json=body)
            assert r.status_code == 403 and "token" in one_line(r)
            assert c.post(f"/game/{gid}/undo{t}", json={"version": v}).status_code == 403
    time.sleep(0.3)
    assert files(db) == before and version(db, gid) == v


def test_bad_requests_get_a_4xx_and_one_line_and_change_nothing(served):
    db, ids, s = served
    gid = ids["dieson"]
    before = files(db)
    v = version(db, gid)
    t = f"?t={s.token}"
    cases = [
        ("GET", "/game/999", None, 404, "no game 999"),
        ("GET", "/game/999/fragment", None, 404, "no game 999"),
        ("GET", "/game/999/events", None, 404, "no game 999"),
        ("GET", f"/pad/999{t}", None, 404, "no game 999"),
        ("GET", "/game/abc", None, 404, "not found"),
        ("GET", "/nothing/here", None, 404, "not found"),
        ("GET", "/static/fonts/secret.ttf", None, 404, "no font"),
        ("GET", "/static/../../cli.py", None, 404, "not found"),
        ("POST", f"/game/999/answer{t}", {"version": 1, "answer": None}, 404, "no game 999"),
        ("POST", f"/game/{gid}/answer{t}", b"{not json", 400, "not JSON"),
        ("POST", f"/game/{gid}/answer{t}", b"\xff\xfe", 400, "not JSON"),
        ("POST", f"/game/{gid}/answer{t}", [1, 2], 400, "not a JSON object"),
        ("POST", f"/game/{gid}/answer{t}", {"answer": "1,2,3"}, 400, '"version"'),
        ("POST", f"/game/{gid}/answer{t}", {"version": "7", "answer": "1"}, 400, '"version"'),
        ("POST", f"/game/{gid}/answer{t}", {"version": True, "answer": "1"}, 400, '"version"'),
        ("POST", f"/game/{gid}/answer{t}", {"version": v, "answer": 5}, 400, '"answer"'),
        ("POST", f"/game/{gid}/answer{t}", {"version": v, "answer": "1", "admin": 1}, 400, "unknown fields admin"),
        ("POST", f"/game/{gid}/answer{t}", {"version": v, "answer": "9,9,9"}, 400, "'9'"),
        ("POST", f"/game/{gid}/answer{t}", {"version": v, "answer": "1,2"}, 400, "give one per die"),
        ("POST", f"/game/{gid}/answer{t}", {"version": v, "answer": "x" * 600}, 413, "over 500"),
        ("POST", f"/game/{gid}/answer{t}", b'{"version": 1, "answer": "' + b"1" * 5000 + b'"}', 413, "over 4096 bytes"),
        ("POST", f"/game/{gid}/answer{t}", {"version": v + 5, "answer": "1,2,3"}, 409, "nothing was applied"),
        ("POST", f"/game/{gid}/undo{t}", {"version": v, "extra": 1}, 400, "unknown fields extra"),
        ("GET", f"/game/{gid}/answer{t}", None, 405, "method GET"),
        ("PUT", f"/game/{gid}/answer{t}", {"version": v}, 405, "method PUT"),
        ("DELETE", f"/game/{gid}", None, 405, "method DELETE"),
        ("POST", f"/game/{gid}", {"version": v}, 405, "method POST"),
    ]
    with httpx.Client(base_url=s.base) as c:
        for method, path, body, status, says in cases:
            kw = {"content": body, "headers": JSON} if isinstance(body, bytes) else {"json": body} if body is not None else {}
            r = c.request(method, path, **kw)
            assert r.status_code == status, (method, path, r.status_code, r.text)
            assert says in one_line(r), (path, r.text)
        # a body sent in chunks (no length said beforehand) is cut off at the limit
        r = c.post(f"/game/{gid}/answer{t}", content=iter([b"x" * 3000, b"x" * 3000]), headers=JSON)
        assert r.status_code == 413 and "over 4096 bytes" in one_line(r)
    time.sleep(0.3)
    assert files(db) == before and version(db, gid) == v


def test_a_pad_answer_and_a_keyboard_answer_to_one_question_apply_once(served):
    db, ids, s = served
    gid = ids["dieson"]
    v = version(db, gid)
    t = f"?t={s.token}"
    r = httpx.post(f"{s.base}/game/{gid}/answer{t}", json={"version": v, "answer": "4,4,1"})
    assert r.status_code == 200 and one_line(r).startswith(f"#{v + 1} ")
    # the same question answered again (a second phone, or a late tap): refused, nothing written
    r = httpx.post(f"{s.base}/game/{gid}/answer{t}", json={"version": v, "answer": "3,3,3"})
    assert r.status_code == 409 and "nothing was applied" in one_line(r)
    # the keyboard's answer to that question goes through the same version check
    from companion.errors import StaleError
    from ui.display import view

    with session.open_store(db) as st:
        loaded = session.load(st, gid)
        with pytest.raises(StaleError):
            step = view.step_of(loaded.table, loaded.cat)
            session.act(st, gid, step.make(step.ask.parse(None)), expect=v)
    assert version(db, gid) == v + 1
    # undo from the pad, with its version
    r = httpx.post(f"{s.base}/game/{gid}/undo{t}", json={"version": v + 1})
    assert r.status_code == 200 and "undid" in one_line(r)
    r = httpx.post(f"{s.base}/game/{gid}/undo{t}", json={"version": v + 1})
    assert r.status_code == 409
    assert version(db, gid) == v + 2


def test_the_event_stream_sends_the_version_and_each_change(served):
    db, ids, s = served
    gid = ids["robinson"]
    from companion.actions import Note

    seen = []
    with httpx.stream("GET", f"{s.base}/game/{gid}/events", timeout=10) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith("data:"):
                seen.append(int(line[5:]))
                if len(seen) == 1:
                    with session.open_store(db) as st:
                        session.act(st, gid, Note("hello"))
                else:
                    break
    assert seen[1] == seen[0] + 1


def _read_until(proc, fd_buf: list[bytes], needle: str, seconds: float = 15) -> str:
    deadline = time.monotonic() + seconds
    while needle not in b"".join(fd_buf).decode(errors="replace"):
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {needle!r} in: {b''.join(fd_buf).decode(errors='replace')}")
        ready, _w, _x = select.select([proc.stdout, proc.stderr], [], [], left)
        for f in ready:
            chunk = os.read(f.fileno(), 65536)
            if chunk:
                fd_buf.append(chunk)
    return b"".join(fd_buf).decode(errors="replace")


def test_the_terminal_game_moves_on_when_the_pad_answered_first(served):
    """The keyboard's answer comes after the pad's: it is refused, and `castaway play` asks the new question."""
    db, ids, s = served
    gid = ids["21days"]
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    proc = subprocess.Popen([sys.executable, "-m", "cli", "--db", str(db), "--game", str(gid), "play", "--no-board"],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    buf: list[bytes] = []
    try:
        _read_until(proc, buf, "Is the table set up like this?")
        v = version(db, gid)
        r = httpx.post(f"{s.base}/game/{gid}/answer?t={s.token}", json={"version": v, "answer": "y"})
        assert r.status_code == 200, r.text
        proc.stdin.write(b"y\n")
        proc.stdin.flush()
        text = _read_until(proc, buf, "Weather die [")  # the new question, asked after the refusal
        assert "changed since you read it" in text
        assert version(db, gid) == v + 1
        proc.stdin.close()
        _read_until(proc, buf, "Paused")
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_qr_codes_decode_to_their_address():
    import zxingcpp
    from PIL import Image

    from ui.display import qr

    url = "http://192.168.1.20:54321/pad/3?t=AbC-dEf_123456789012345"
    m = qr.matrix(url)
    n = len(m)
    img = Image.new("L", (n * 8, n * 8), 255)
    px = img.load()
    for y in range(n * 8):
        for x in range(n * 8):
            if m[y // 8][x // 8]:
                px[x, y] = 0
    assert [r.text for r in zxingcpp.read_barcodes(img)] == [url]
    # the SVG's path covers exactly the dark modules
    svg = qr.svg(url)
    import re

    dark = set()
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)", svg):
        dark |= {(int(x) + i, int(y)) for i in range(int(w))}
    assert dark == {(x, y) for y in range(n) for x in range(n) if m[y][x]}
    # the terminal's text: '█' light above and below, ' ' dark, '▀' light above, '▄' light below
    rows = [ln for ln in qr.terminal(url).splitlines() if ln]
    img = Image.new("L", (len(rows[0]) * 8, len(rows) * 16), 255)
    px = img.load()
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            top_light, bottom_light = {"█": (1, 1), " ": (0, 0), "\xa0": (0, 0), "▀": (1, 0), "▄": (0, 1)}[ch]
            for yy in range(16):
                light = top_light if yy < 8 else bottom_light
                for xx in range(8):
                    px[c * 8 + xx, r * 16 + yy] = 255 if light else 0
    from PIL import ImageOps

    found = zxingcpp.read_barcodes(ImageOps.expand(img, 32, 0))
    assert [r.text for r in found] == [url]


def test_the_command_prints_the_pad_address_on_a_line_of_its_own_and_its_qr(served):
    db, ids, s = served
    lines = "".join(s.out).splitlines()
    assert s.pad_url in lines
    assert s.pad_url.startswith("http://127.0.0.1:")
    assert any("▀" in ln or "▄" in ln for ln in lines)  # its QR code (decoded in test_qr_codes_...)


def test_czech_pages_with_lang_cs_and_for_a_czech_edition_game(tmp_path):
    db = tmp_path / "cs.db"
    make_games(db)
    with session.open_store(db) as st:
        cs = session.new_game(st, "21days", {"players": ["Ann"], "edition": "cs"}, seed=3).row.id
    from companion import i18n

    i18n.set_language("en")
    with Served(db, "--game", "1", "--lang", "cs") as s:
        page = httpx.get(s.board_url).text
        assert 'lang="cs"' in page and "Poslední hod" not in page  # no roll yet
        assert "Připojte telefon" not in page  # no pad: no QR code
        r = httpx.post(f"{s.base}/game/1/answer?t=anything", json={"version": 1, "answer": None})
        assert r.status_code == 403 and "--pad" in one_line(r)  # no pad: no writes at all
        assert httpx.get(f"{s.base}/pad/1").status_code == 403
    assert s.proc.returncode == 0 and "Zobrazení skončilo." in s.output(), s.output()
    with Served(db, "--game", str(cs), "--pad", env={"LANG": "C"}) as s:
        page = httpx.get(s.board_url).text
        assert 'lang="cs"' in page and "Připojte telefon" in page
        pad = httpx.get(s.pad_url).text
        assert "Historie" in pad and "Ano" in pad  # nothing to undo yet: no Undo button


def test_bad_command_lines_are_refused_with_one_line(cli, db):
    cli.ok("new", "robinson", "-p", "Ann")
    r = cli("display", "--no-browser", "--port", "70000")
    assert r.exit_code == 2 and "--port 70000" in r.output
    r = cli("display", "--no-browser", "--game", "42")
    assert r.exit_code == 2 and "no game 42" in r.output
    r = cli("display", "--no-browser", "--lang", "xx")
    assert r.exit_code == 2 and "--lang 'xx'" in r.output


def test_a_busy_port_is_refused_with_one_line(cli, db):
    import socket

    cli.ok("new", "robinson", "-p", "Ann")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        r = cli("display", "--no-browser", "--port", str(port))
    assert r.exit_code == 1 and f"cannot listen on 127.0.0.1:{port}" in r.output


def test_board_for_names_the_games_and_refuses_others():
    from companion.errors import CompanionError
    from ui.display.boards import board_for

    with pytest.raises(CompanionError, match="unknown game 'chess'"):
        board_for("chess")
    for game in ("21days", "robinson", "mutinies", "dieson"):
        assert callable(board_for(game).board_svg)


def test_lan_address_is_not_loopback():
    from companion.errors import CompanionError
    from ui.display_cmds import lan_address

    try:
        addr = lan_address()
    except CompanionError as e:  # a machine with no network says so in one line
        assert "--lan" in str(e)
    else:
        assert not addr.startswith("127.")


def test_twenty_followers_through_300_writes_end_on_the_final_version_with_flat_memory(served):
    """A load test: 20 event-stream followers that fetch the fragment on each event, as pages do, while
    300 writes go in through the session API. Figures are printed (pytest -s shows them)."""
    from companion.actions import Note

    db, ids, served = served
    gid = ids["mutinies"]
    followers = 20
    last = [0] * followers
    statuses: dict[int, int] = {}

    def write(n: int) -> None:
        with session.open_store(db) as st:
            for i in range(n):
                session.act(st, gid, Note(f"load {i}"))

    async def run():
        async with httpx.AsyncClient(base_url=served.base, timeout=30) as client:
            async def follow(i: int):
                async with client.stream("GET", f"/game/{gid}/events") as r:
                    async for line in r.aiter_lines():
                        if line.startswith("data:"):
                            assert int(line[5:]) > 0  # a version number
                            f = await client.get(f"/game/{gid}/fragment")
                            statuses[f.status_code] = statuses.get(f.status_code, 0) + 1
                            last[i] = int(f.headers["X-Castaway-Version"])

            tasks = [asyncio.create_task(follow(i)) for i in range(followers)]
            start = version(db, gid)
            await _until(lambda: all(v == start for v in last), 5)
            await asyncio.to_thread(write, 60)  # warm up: caches, thread pool, allocator
            await _until(lambda: all(v == start + 60 for v in last), 5)
            rss0 = served.rss_kb()
            t0 = time.monotonic()
            await asyncio.to_thread(write, 150)
            rss_half = served.rss_kb()
            await asyncio.to_thread(write, 150)
            took = time.monotonic() - t0
            final = version(db, gid)
            ok = await _until(lambda: all(v == final for v in last), 5)
            rss1 = served.rss_kb()
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            return start, final, ok, rss0, rss_half, rss1, took

    # in a thread of its own: where this worker's Chromium is open, Playwright's sync API runs an event loop in this one
    with concurrent.futures.ThreadPoolExecutor(1) as apart:
        start, final, ok, rss0, rss_half, rss1, took = apart.submit(asyncio.run, run()).result()
    print(f"\nload: {followers} followers, 300 writes in {took:.2f} s; final version {final}; "
          f"fragment fetches {statuses}; server RSS {rss0} kB, after 150 writes {rss_half} kB, "
          f"after 300 {rss1} kB ({rss1 - rss0:+d} kB)")
    assert ok and last == [final] * followers, (last, final)
    assert final == start + 360
    assert set(statuses) == {200}, statuses
    assert rss1 - rss0 < 8 * 1024 and rss1 - rss_half < 2 * 1024, (rss0, rss_half, rss1)  # flat: no growth per write


async def _until(cond, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True
