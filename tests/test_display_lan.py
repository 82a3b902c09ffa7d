"""Nobody writes to the table without being let in, in a real headless Chromium: a second browser context that
loads the board cannot write (no token, a guessed one, a cross-site text/plain post), and a phone approved at
the display's terminal can. On loopback, and with --lan in a network namespace this test makes (`ip netns
add` and a veth pair: the display in the namespace at 10.213.7.1, the browser outside at 10.213.7.2; no
other address is reached); skipped with the reason where the machine does not allow it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time

import pytest

from tests.display_server import SCREENS, Served, browser_missing, make_games, version

missing = browser_missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=missing or "")
NS_ADDR, HOST_ADDR = "10.213.7.1", "10.213.7.2"  # the namespace's own test network, made and removed here


def _ip(*args: str, ns: str | None = None) -> subprocess.CompletedProcess:
    cmd = ["ip", *(["netns", "exec", ns, "ip"] if ns else []), *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=10)


@pytest.fixture(scope="module")
def netns():
    """A network namespace joined to this one by a veth pair; its name. Removed afterwards."""
    if shutil.which("ip") is None:
        pytest.skip("no `ip` command (Debian's iproute2): the --lan test needs a network namespace")
    if os.geteuid() != 0:
        pytest.skip("making a network namespace needs root")
    pid = os.getpid() % 100000
    name, outer, inner = f"castaway-lan-{pid}", f"cwh{pid}", f"cwn{pid}"
    made = _ip("netns", "add", name)
    if made.returncode != 0:
        pytest.skip(f"this machine does not allow a network namespace: {made.stderr.strip()}")
    try:
        for args, ns in ((("link", "add", outer, "type", "veth", "peer", "name", inner), None),
                         (("link", "set", inner, "netns", name), None),
                         (("addr", "add", f"{HOST_ADDR}/24", "dev", outer), None),
                         (("link", "set", outer, "up"), None),
                         (("link", "set", "lo", "up"), name),
                         (("addr", "add", f"{NS_ADDR}/24", "dev", inner), name),
                         (("link", "set", inner, "up"), name),
                         (("route", "add", "default", "via", HOST_ADDR), name)):
            r = _ip(*args, ns=ns)
            if r.returncode != 0:
                pytest.skip(f"this machine does not allow the test network (ip {' '.join(args)}): {r.stderr.strip()}")
        yield name
    finally:
        _ip("link", "del", outer)
        _ip("netns", "del", name)


def stranger_cannot_write_and_phone_can(browser, s: Served, db, gid: int, board: str, tag: str) -> None:
    v = version(db, gid)
    stranger = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = stranger.new_page()
        r = page.goto(board)
        assert r.status == 200, (r.status, r.text())
        page.wait_for_selector("#root .board svg")
        assert s.token not in page.content()
        tried = page.evaluate("""async ([gid, v]) => {
            const out = [];
            for (const q of ["", "?t=", "?t=guess", location.search]) {
              const r = await fetch(`/game/${gid}/answer${q}`, {method: "POST", headers: {"Content-Type": "application/json"},
                                    body: JSON.stringify({version: v, answer: null})});
              out.push(r.status);
            }
            for (const what of ["undo", "redo"]) {
              const r = await fetch(`/game/${gid}/${what}`, {method: "POST", headers: {"Content-Type": "application/json"},
                                    body: JSON.stringify({version: v, to: 1})});
              out.push(r.status);
            }
            const r = await fetch(`/game/${gid}/undo`, {method: "POST", headers: {"Content-Type": "text/plain"},
                                  body: JSON.stringify({version: v})});
            out.push(r.status);
            out.push((await fetch(`/pad/${gid}/history`)).status);
            return out;
        }""", [gid, v])
        assert tried == [403, 403, 403, 403, 403, 403, 415, 403], tried
        assert version(db, gid) == v  # nothing written
        page.screenshot(path=str(SCREENS / f"board-stranger-{tag}-1280x720.png"))
    finally:
        stranger.close()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        p = phone.new_page()
        assert p.goto(s.base + "/join").status == 200
        mark = len("".join(s.out))
        seat = p.get_attribute("button[data-as]:not([data-as=table])", "data-as")
        p.tap(f"button[data-as={seat}]")
        s.wait_for(f"a phone asks to join as {seat}: allow? [y/N]", after=mark)
        p.wait_for_timeout(500)
        assert "/pad/" not in p.url and version(db, gid) == v  # nothing before the table says yes
        s.type("y")
        p.wait_for_url(re.compile(r".*/pad/\d+\?t=.*"), timeout=5000)
        assert f"the pad of {seat}" in p.inner_text("#root")
        p.locator(".ask [data-answer]").first.tap()
        deadline = time.monotonic() + 5
        while version(db, gid) == v:
            assert time.monotonic() < deadline, p.inner_text("#msg")
            time.sleep(0.05)
        assert version(db, gid) == v + 1
    finally:
        phone.close()


def test_on_loopback_a_second_context_cannot_write_and_an_approved_phone_can(browser, tmp_path):
    db = tmp_path / "loop.db"
    ids = make_games(db)
    with Served(db, "--pad", "--game", str(ids["robinson"]), stdin=True) as s:
        assert s.base.startswith("http://127.0.0.1:")
        stranger_cannot_write_and_phone_can(browser, s, db, ids["robinson"], s.board_url, "loopback")
        assert "Traceback" not in s.output()


def test_with_lan_in_a_network_namespace_a_second_context_cannot_write_and_an_approved_phone_can(browser, netns, tmp_path):
    db = tmp_path / "lan.db"
    ids = make_games(db)
    gid = ids["robinson"]
    with Served(db, "--lan", "--pad", "--game", str(gid), stdin=True, prefix=("ip", "netns", "exec", netns)) as s:
        assert s.base.startswith(f"http://{NS_ADDR}:"), s.output()
        view_url = re.search(r"(http://[\d.]+:\d+/game/\d+\?v=[\w-]+)", "".join(s.out)).group(1)
        stranger = browser.new_context()
        try:
            page = stranger.new_page()
            r = page.goto(s.board_url)  # a passer-by without the view token sees nothing
            assert r.status == 403 and "view token" in r.text()
            assert "<svg" not in page.content()
        finally:
            stranger.close()
        stranger_cannot_write_and_phone_can(browser, s, db, gid, view_url, "lan")
        assert "Traceback" not in s.output()
