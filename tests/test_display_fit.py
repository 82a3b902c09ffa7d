"""The board page in a real headless Chromium (Debian's package), filled with each game's fullest states:
the most seats with the longest names, every expansion and option, questions with their whole list of
choices, odds before a risky roll, the last roll, the game's end, in English and in Czech, at 1920x1080 and
1280x720. Fails when a text element overflows its box, overlaps another text, or leaves the screen.

The pages are the display's own (page.board_page with the boards' SVG and the pad's QR code), served to
the browser from memory; one browser, one tab per screen size. Each game's first state in a language is
loaded as a page, and its later states are swapped in as the live page swaps a new fragment in (its
#live, its version, then its fitting). A page that fails is screenshotted to
/tmp/shots-board; with CASTAWAY_SCREENSHOTS=1 every page is (72 PNGs: about a third of this test's time).
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import NamedTuple

import pytest

from companion import i18n, session
from companion.errors import CompanionError
from companion.games import registry
from tests.display_server import ROOT, browser_missing

missing = browser_missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=missing or "")

SHOTS = Path("/tmp/shots-board")
SIZES = ((1920, 1080), (1280, 720))
BASE = "http://board.test"
LONG = ["Maximiliána Svobodová-Dvořáková", "Bartholomew Fitzgerald III", "Žofie Přemyslovna Krásná",
        "Wolfgang Amadeus Großmann", "Ángel de la Fuente-Ibáñez"]

# (label, game, setup options, the guided steps after which the board is drawn)
GAMES = [
    ("21days", "21days", {"players": LONG[:4], "weather": "yes", "kite": "yes"}, (14, 45, 90, 150, 600)),
    ("21days-cs", "21days", {"players": LONG[:4], "edition": "cs", "weather": "yes", "kite": "yes"}, (0, 70, 200, 600)),
    ("21days-scruffs", "21days", {"players": LONG[:1], "scruffs": True, "promos": True}, (20,)),
    ("robinson", "robinson", {"players": LONG[:4], "weather": "1:rain+winter+animals", "rounds": "12"}, (0, 6, 600)),
    ("mutinies", "mutinies", {"players": LONG[:5], "cards": "20"}, (0, 40, 150, 280, 600)),
    ("dieson", "dieson", {"quest": "5"}, (0, 20, 40, 600)),
]

WORDS = ["", "1", "2", "3", "roll", "none", "yes", "wood", "food", "gather", "2d 1d1r 0 3d 1r", "1d 0 2r 1d 2d",
         "1d 1d 1d 1d 1d", "0 0 0 0 0", "0 1 1", "1 2 0", ">1,>2,<3,<4", "prestige", "doubloons", "rum", "3", "2",
         "red", "blue", "green", "yellow", "red,blue", "green,yellow,red"]

# the checks, run in the page: each text drawn on the board (SVG <text>) and each piece of text of the
# page beside it, against the screen, the box it is drawn in, and every other text
CHECK = r"""
() => {
  const W = innerWidth, H = innerHeight, bad = [];
  const say = (el) => JSON.stringify((el.textContent || "").trim().slice(0, 48));
  const inside = (a, b, tol) => a.left >= b.left - tol && a.top >= b.top - tol && a.right <= b.right + tol && a.bottom <= b.bottom + tol;
  const hits = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const screen = {left: 0, top: 0, right: W, bottom: H};
  const svg = document.querySelector(".board svg");
  // the drawing's own area: its viewBox letterboxed into the element (preserveAspectRatio meet)
  const sr = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
  const k = Math.min(sr.width / vb.width, sr.height / vb.height);
  const drawn = {left: sr.left + (sr.width - vb.width * k) / 2, top: sr.top + (sr.height - vb.height * k) / 2};
  drawn.right = drawn.left + vb.width * k; drawn.bottom = drawn.top + vb.height * k;
  const boxes = [...svg.querySelectorAll("rect, circle, path")].filter((r) => !r.closest("g.icon"))
    .map((r) => r.getBoundingClientRect()).filter((r) => r.width < (drawn.right - drawn.left) * 0.99);
  const texts = [];
  for (const t of svg.querySelectorAll("text")) {
    if (!(t.textContent || "").trim()) continue;
    const r = t.getBoundingClientRect();
    if (!inside(r, drawn, 1)) bad.push("off the board: " + say(t));
    if (!inside(r, screen, 1)) bad.push("off the screen: " + say(t));
    // its box: the smallest panel, space or band drawn under the middle of the text
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    let box = null;
    for (const b of boxes) {
      if (cx >= b.left && cx <= b.right && cy >= b.top && cy <= b.bottom && (!box || b.width * b.height < box.width * box.height)) box = b;
    }
    // a text's box is its line: glyphs' ascent and descent; what is checked is the middle 60% of it
    const core = {left: r.left + 1, right: r.right - 1, top: r.top + r.height * 0.2, bottom: r.bottom - r.height * 0.2};
    if (box && !inside(core, box, 1)) bad.push("out of its box: " + say(t));
    texts.push([t, core]);
  }
  // the page beside the board: every element holding text
  const own = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  for (const el of document.querySelectorAll("#live *")) {
    if (el.closest("svg") || !own(el)) continue;
    const cs = getComputedStyle(el);
    if (cs.display === "none" || cs.visibility === "hidden") continue;
    const r = el.getBoundingClientRect();
    if (!inside(r, screen, 1)) bad.push("off the screen: " + say(el));
    if (cs.display !== "inline" && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
      bad.push("overflows: " + say(el));
    for (let a = el.parentElement; a && a.id !== "live"; a = a.parentElement) {
      if (getComputedStyle(a).overflow !== "visible" && !inside(r, a.getBoundingClientRect(), 1)) {
        bad.push("cut off by ." + a.className + ": " + say(el)); break;
      }
    }
    const range = document.createRange();
    for (const n of el.childNodes) {
      if (n.nodeType !== 3 || !n.textContent.trim()) continue;
      range.selectNodeContents(n);
      for (const line of range.getClientRects()) {
        const h = line.bottom - line.top;
        texts.push([el, {left: line.left + 1, right: line.right - 1, top: line.top + h * 0.2, bottom: line.bottom - h * 0.2}]);
      }
    }
  }
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const [a, ra] = texts[i], [b, rb] = texts[j];
      if (a === b || a.contains(b) || b.contains(a)) continue;
      if (hits(ra, rb)) bad.push("overlap: " + say(a) + " / " + say(b));
    }
  }
  return [...new Set(bad)];
}
"""


# what the live page does with a new version's fragment (display.js: load, then fit; fit also runs on a
# resize, which is how it is called here)
SWAP = """
([html, version]) => {
  const root = document.getElementById("root");
  document.getElementById("live").innerHTML = html;
  root.dataset.version = String(version);
  delete root.dataset.fitted;
  window.dispatchEvent(new Event("resize"));
}
"""


def answer(ask, rng: random.Random):
    if ask.kind == "dice":
        return None
    if ask.kind == "confirm":
        return rng.random() < 0.7
    if ask.kind == "number":
        return rng.randint(ask.lo or 0, ask.hi or 0)
    if ask.kind == "choice":
        values = [v for v, _label in ask.choices]
        if ask.multiple:
            return tuple(rng.sample(values, min(len(values), rng.randint(0, 3))))
        return rng.choice(values)
    if ask.default is not None and rng.random() < 0.6:
        return ask.parse(None)
    return ask.parse(rng.choice(WORDS))


class Shown(NamedTuple):
    group: str  # the game and the language: one page loaded, its later states swapped in
    name: str
    page: str  # the whole page
    fragment: str  # what the live page swaps in for this state
    version: int


def pages(tmp: Path) -> list[Shown]:
    """The board of every game at each of its states, in English and in Czech (each game played once, in
    English, and drawn in both languages at each state), each language's states of a game together."""
    from ui.display import page, qr
    from ui.display.boards import board_for

    out: list[Shown] = []
    seen: set[str] = set()
    with session.open_store(tmp / "fit.db", create=True) as st:
        for label, game, options, at in GAMES:
            i18n.configure("en")  # as --lang: an edition does not change it
            gid = session.new_game(st, game, dict(options), seed=11).row.id
            rules = registry.get(game)
            rng = random.Random(5)
            done, tries = 0, 0
            for target in at:
                i18n.configure("en")
                while done < target and tries < target * 12:
                    tries += 1
                    cur = session.load(st, gid)
                    step = rules.next_step(cur.table, cur.cat)
                    if step is None:
                        break
                    try:
                        session.act(st, gid, step.make(answer(step.ask, rng)), expect=cur.row.version)
                    except CompanionError:
                        continue
                    done += 1
                for lang in ("en", "cs"):
                    i18n.configure(lang)
                    cur = session.load(st, gid)
                    join = qr.svg("http://192.168.100.200:8765/join?c=WXYZ", i18n._("the address for joining with a phone"))
                    svg = board_for(game).board_svg(cur.table, cur.cat)
                    frag = page.board_fragment(cur.row.version, cur.table, cur.cat, svg, join, rolled=st.last_rolled(gid))
                    name = f"{label}-{lang}-{done:03d}"
                    if name not in seen:  # a game over before a later target: drawn once
                        seen.add(name)
                        out.append(Shown(f"{label}-{lang}", name, page.board_page(gid, game, cur.row.version, cur.cat, frag), frag, cur.row.version))
    i18n.configure(None)
    return sorted(out, key=lambda s: s.group)  # stable: each group's states in their order


def test_no_text_overflows_overlaps_or_leaves_the_screen(browser, tmp_path):
    SHOTS.mkdir(exist_ok=True)
    served: dict[str, str] = {}
    fonts = ROOT / "printables" / "fonts"

    def route(r):
        path = r.request.url[len(BASE):].split("?")[0]
        if path.startswith("/static/fonts/"):
            r.fulfill(path=str(fonts / path.rsplit("/", 1)[1]), content_type="font/ttf")
        elif path in served:
            r.fulfill(body=served[path], content_type="text/html; charset=utf-8")
        else:
            r.abort()

    shown = pages(tmp_path)
    problems = {}
    for w, h in SIZES:
        tab = browser.new_page(viewport={"width": w, "height": h})
        tab.route(f"{BASE}/**", route)
        group = None
        for one in shown:
            name = one.name
            if one.group != group:
                group = one.group
                served["/" + name] = one.page
                tab.goto(f"{BASE}/{name}")
            else:
                tab.evaluate(SWAP, [one.fragment, one.version])
            tab.wait_for_function(f"document.getElementById('root').dataset.fitted === '{one.version}'", timeout=5000)
            tab.evaluate("document.fonts.ready")
            tab.evaluate("document.getElementById('conn').hidden = true")  # no live server behind these pages
            bad = tab.evaluate(CHECK)
            if bad or os.environ.get("CASTAWAY_SCREENSHOTS"):
                tab.screenshot(path=str(SHOTS / f"{name}-{w}x{h}.png"))
            if bad:
                problems[f"{name} {w}x{h}"] = bad
        tab.close()
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
