"""The table display in a real headless Chromium (Debian's package, driven by Playwright): every game's board
loads, a write from the command line shows within a second, and a phone pad answers a guided dice question.

Screenshots of each board at 1920x1080 and 1280x720 and of the pad at 390x844 go to tests/screens/.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from companion import session
from tests.display_server import ROOT, SCREENS, Served, browser_missing, drive, drive_to_odds, full_page_shot, make_games, version

missing = browser_missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=missing or "")


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    db = tmp_path_factory.mktemp("display") / "castaway.db"
    ids = make_games(db)
    served = Served(db, "--pad", "--game", str(ids["21days"]))
    yield db, ids, served
    rc = served.stop()
    assert rc == 0, served.output()
    assert "Traceback" not in served.output() and "ERROR" not in served.output(), served.output()


def shown_version(page) -> int:
    return int(page.get_attribute("#root", "data-version"))


def test_every_game_board_loads_and_is_screenshotted(table, browser):
    db, ids, served = table
    SCREENS.mkdir(exist_ok=True)
    for w, h in ((1920, 1080), (1280, 720)):
        page = browser.new_page(viewport={"width": w, "height": h})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        for kind, gid in ids.items():
            r = page.goto(f"{served.base}/game/{gid}")
            assert r.status == 200, (r.status, r.text(), served.output())
            page.wait_for_selector("#root .board svg", timeout=5000)
            assert page.get_attribute("#root", "data-game-id") == str(gid)
            assert page.get_attribute("#root", "data-game") == kind
            assert shown_version(page) == version(db, gid)
            assert page.locator(".now h1").inner_text().strip()  # what the table does now
            box = page.locator(".board svg").bounding_box()
            assert box["width"] > w * 0.5 and box["height"] > h * 0.4, box
            # the board's drawing (16:9, letterboxed in its box) takes most of the screen, not half of it
            drawn = min(box["width"], box["height"] * 16 / 9) * min(box["height"], box["width"] * 9 / 16)
            assert drawn > 0.65 * w * h, (kind, w, h, box)
            # what to do now stays whole in its band: the question is on screen, not cut off
            band, ask = page.locator(".now").bounding_box(), page.locator(".now .prompt").bounding_box()
            assert ask["y"] + ask["height"] <= band["y"] + band["height"] + 1, (kind, w, h, band, ask)
            page.screenshot(path=str(SCREENS / f"board-{kind}-{w}x{h}.png"))
        assert not errors, errors
        page.close()


def test_a_command_line_write_shows_on_the_page_within_a_second(table, browser):
    db, ids, served = table
    gid = ids["robinson"]
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    r = page.goto(f"{served.base}/game/{gid}")
    assert r.status == 200, (r.status, r.text(), served.output())
    page.wait_for_selector("#root .board svg", timeout=5000)
    before = shown_version(page)
    r = subprocess.run([sys.executable, "-m", "cli", "--db", str(db), "--game", str(gid), "note", "Ann joins"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    written = time.monotonic()
    page.wait_for_function(f"document.getElementById('root').dataset.version === '{before + 1}'", timeout=1000)
    assert time.monotonic() - written < 1.0
    assert page.locator(".frag").get_attribute("data-version") == str(before + 1)
    page.close()


def test_the_pad_answers_a_guided_dice_question_and_the_game_moves_on(table, browser):
    db, ids, served = table
    gid = ids["dieson"]
    board = browser.new_page(viewport={"width": 1280, "height": 720})
    board.goto(f"{served.base}/game/{gid}")
    pad = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pad.goto(served.pad_url.replace(f"/pad/{ids['21days']}?", f"/pad/{gid}?"))
    pad.wait_for_selector(".ask[data-kind=dice] .dierow")
    before = version(db, gid)
    full_page_shot(pad, SCREENS / "pad-dice-390x844.png")
    rows = pad.locator(".dierow")
    assert rows.count() == 3  # yellow, yellow, grey
    for i, face in enumerate(("5", "2", "6")):
        rows.nth(i).locator(f".face[data-face='{face}']").tap()
    pad.locator("[data-send]").tap()
    pad.wait_for_function(f"document.getElementById('root').dataset.version === '{before + 1}'", timeout=3000)
    assert version(db, gid) == before + 1
    with session.open_store(db) as st:
        ev = st.events(gid)[-1]
        assert ev.type == "action" and "5" in str(ev.result) and "6" in str(ev.result)
        now = session.load(st, gid)
    from ui.display import view

    assert view.now(now.table, now.cat).title != "Roll the action dice"  # the game moved on
    # the board follows, and shows the faces large
    board.wait_for_function(f"document.getElementById('root').dataset.version === '{before + 1}'", timeout=1000)
    faces = board.locator(".roll .face").all_inner_texts()
    assert sorted(f[0] for f in faces) == ["2", "5", "6"], faces
    board.screenshot(path=str(SCREENS / "board-dieson-after-pad-1280x720.png"))
    full_page_shot(pad, SCREENS / "pad-390x844.png")
    # 21 Days: the setup question as buttons; the pad answers Yes and the weather die comes up
    g21 = ids["21days"]
    pad.goto(served.pad_url)
    pad.wait_for_selector(".ask[data-kind=confirm]")
    v21 = version(db, g21)
    pad.locator("[data-answer=y]").tap()
    pad.wait_for_selector(".ask[data-kind=dice]", timeout=3000)
    assert version(db, g21) == v21 + 1
    full_page_shot(pad, SCREENS / "pad-21days-weather-390x844.png")
    # the morning's logbook symbols as icons, sent in the order tapped
    drive(db, g21, lambda step: step.ask.kind == "choice" and step.ask.multiple and "jellyfish" in dict(step.ask.choices))
    v21 = version(db, g21)
    pad.wait_for_selector("[data-pick=jellyfish] svg", timeout=3000)
    pad.locator("[data-pick=jellyfish]").tap()
    pad.locator("[data-pick=two-hope]").tap()
    assert pad.get_attribute("[data-pick=jellyfish]", "data-order") == "1"
    full_page_shot(pad, SCREENS / "pad-21days-logbook-390x844.png")
    pad.locator("[data-send]").tap()
    pad.wait_for_function(f"document.getElementById('root').dataset.version === '{v21 + 1}'", timeout=3000)
    with session.open_store(db) as st:
        text = st.events(g21)[-1].text
    assert text.index("jellyfish") < text.index("two-hope"), text
    # Robinson's "Enter to go on": on the pad a button that says what it does
    pad.goto(served.pad_url.replace(f"/pad/{ids['21days']}?", f"/pad/{ids['robinson']}?"))
    pad.wait_for_selector(".ask[data-kind=none] button.send")
    assert pad.locator(".ask[data-kind=none] button.send").inner_text().strip() == "Go on"
    assert "Enter" not in pad.locator(".ask").inner_text()
    full_page_shot(pad, SCREENS / "pad-go-on-390x844.png")
    board.close()
    pad.close()


def test_the_odds_show_before_a_risky_roll(table, browser):
    """21 Days, driven on to the first roll with odds (the flares): the page lists them beside the board."""
    db, ids, served = table
    gid = ids["21days"]
    drive_to_odds(db, gid)
    for w, h in ((1920, 1080), (1280, 720)):
        page = browser.new_page(viewport={"width": w, "height": h})
        r = page.goto(f"{served.base}/game/{gid}")
        assert r.status == 200
        page.wait_for_selector(".odds li", timeout=5000)
        assert "%" in page.locator(".odds").inner_text()
        assert shown_version(page) == version(db, gid)
        page.screenshot(path=str(SCREENS / f"board-21days-odds-{w}x{h}.png"))
        page.close()
