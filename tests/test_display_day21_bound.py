"""The board's odds on day 21 (#24 item 6): while the exact search runs, the board shows the labelled lower
bound and marks its fragment pending, and page.board_part says so as a flag (the page fetches it again each
second, the server does not cache it); once the search is done the same board shows the exact chance."""

from __future__ import annotations

import time

from companion import catalog
from companion.odds.days21 import rescue as rs
from tests import odds_mc as mc
from ui.display import page, view

CAT = catalog.load("21days")


def test_the_board_shows_day_21s_lower_bound_then_the_exact_chance():
    # both hope21 tokens, the Dolphin, need 8: its exact search takes several times the 0.15 s budget
    r = rs.Rescue(need=8, people=(("red", "diva", (6, 6), 4, True), ("yellow", "mick", (6, 6), 4, True),
                                  ("blue", "", (6, 6), 4, False), ("green", "", (6, 6), 4, False)), dolphin=True)
    t = mc.day21_table(r)
    t0 = time.monotonic()
    first, pending = page.board_part(1, t, CAT, "<svg></svg>")
    shown = time.monotonic() - t0
    assert pending and 'data-pending="1"' in first and "at least" in first, first
    assert shown < 1.0, f"the board waited {shown:.2f} s for its odds"
    deadline = time.monotonic() + 120
    n = view.now(t, CAT)
    while n.odds_pending and time.monotonic() < deadline:
        time.sleep(0.2)
        n = view.now(t, CAT)
    assert not n.odds_pending, "the exact search never finished"
    assert any("playing the best" in line for line in n.odds), n.odds
    done = page.board_part(1, t, CAT, "<svg></svg>")
    assert not done.pending and 'data-pending' not in done.html and done.html == page.board_fragment(1, t, CAT, "<svg></svg>")
    print(f"\nboard: the bound after {shown:.2f} s, the exact chance after {time.monotonic() - t0:.2f} s")
