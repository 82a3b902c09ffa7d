"""The 21 Days board's symbol chart (issue 17, item 1): every logbook symbol's number with its drawing, the
numbers the guided game takes, on the display page; today's symbols still to come are lit up. Drawn in a
real headless Chromium at 1920x1080 and 1280x720 (screenshots in tests/screens/), and read from the SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from companion import catalog, session
from tests.display_server import SCREENS, Served, browser_missing, drive

NS = "{http://www.w3.org/2000/svg}"


def chart_numbers(cat) -> dict[str, str]:
    return {str(v["n"]): k for k, v in cat.rules["symbol_chart"].items() if isinstance(v, dict)}


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A 2-player game at its first logbook question, answered with the chart's numbers 3 and 11."""
    db = tmp_path_factory.mktemp("chart") / "castaway.db"
    with session.open_store(db, create=True) as st:
        gid = session.new_game(st, "21days", {"players": ["Ann", "Bob"]}, seed=2).row.id
    step = drive(db, gid, lambda s: bool(getattr(s.ask, "keys", None)))
    with session.open_store(db) as st:
        session.act(st, gid, step.make(step.ask.parse("3,11")))
    return db, gid


def test_the_board_draws_every_symbol_by_its_number_and_lights_todays(table):
    from ui.display.boards.days21 import board_svg

    db, gid = table
    with session.open_store(db) as st:
        loaded = session.load(st, gid)
    root = ET.fromstring(board_svg(loaded.table, loaded.cat))
    charts = [g for g in root.iter(f"{NS}g") if g.get("class") == "symbol-chart"]
    assert len(charts) == 1
    cells = [g for g in charts[0].iter(f"{NS}g") if "sym" in (g.get("class") or "").split()]
    want = chart_numbers(catalog.load("21days"))
    assert {c.get("data-n"): c.get("data-symbol") for c in cells} == want and len(want) == 22
    for c in cells:  # the number is written in its cell, beside a drawing
        assert c.get("data-n") in [t.text for t in c.iter(f"{NS}text")]
        assert any(g.get("transform", "").startswith("translate(") for g in c.iter(f"{NS}g")) or c.find(f"{NS}circle") is not None
    lit = {c.get("data-symbol") for c in cells if "lit" in c.get("class").split()}
    assert lit == {want["3"], want["11"]} == {"two-hope", "octopus"}


missing = browser_missing()


@pytest.mark.skipif(missing is not None, reason=missing or "")
def test_the_chart_fits_the_screen_in_chromium(table, browser):
    db, gid = table
    SCREENS.mkdir(exist_ok=True)
    with Served(db, "--game", str(gid)) as served:
        for w, h in ((1920, 1080), (1280, 720)):
            page = browser.new_page(viewport={"width": w, "height": h})
            page.goto(served.board_url)
            page.wait_for_selector("#root .board svg .symbol-chart")
            board, band = page.locator(".board svg").bounding_box(), page.locator(".now").bounding_box()
            chart = page.locator(".symbol-chart").bounding_box()
            assert chart["y"] >= band["y"] + band["height"] and chart["x"] >= board["x"], (w, chart, band)
            assert chart["x"] + chart["width"] <= board["x"] + board["width"] + 1
            assert chart["y"] + chart["height"] <= board["y"] + board["height"] + 1
            cells = page.locator(".symbol-chart .sym")
            assert cells.count() == 22
            boxes = [cells.nth(i).locator("rect").first.bounding_box() for i in range(22)]
            for i, a in enumerate(boxes):  # no two cells overlap; each number is large enough to read
                for b in boxes[i + 1:]:
                    assert (a["x"] + a["width"] <= b["x"] + 1 or b["x"] + b["width"] <= a["x"] + 1
                            or a["y"] + a["height"] <= b["y"] + 1 or b["y"] + b["height"] <= a["y"] + 1), (w, a, b)
                number = cells.nth(i).locator("text").first.bounding_box()
                assert number["height"] >= 0.013 * h, (w, i, number)  # 14 px at 1080, 9.4 px at 720
                assert number["x"] >= a["x"] and number["x"] + number["width"] <= a["x"] + a["width"] + 1
            assert page.locator(".symbol-chart .sym.lit").count() == 2
            page.screenshot(path=str(SCREENS / f"board-21days-chart-{w}x{h}.png"))
            page.close()
