"""Day 21's odds never keep the table waiting (issue 24, item 6): until the exact search is done the prompt shows
a labelled lower bound, the exact chance of the plain plan (rescue.plain_plan), rounded down; it is a true lower
bound of the exact value on a grid of day-21 tables; the guided prompt shows it and the exact lines once they
arrive; day 21's search starts in the background as soon as day 21's table is known."""

from __future__ import annotations

import itertools
import random
import threading
import time

import pytest

from companion.odds.days21 import read as rd
from companion.odds.days21 import rescue as rs
from tests import odds_mc as mc

ROLES = ("", "", "diva", "mick", "rosina", "scruffs")
KITES = (None, (3, 0, False), (1, 2, False), (0, 3, True))


def grid():
    """Day-21 tables: 1 to 4 survivors of every role, stacks of one or two dice, hope 0 to 5, hope21 tokens,
    a full or short bag, the Dolphin, the kite at each stage, exhaustion taken or not, Rosina's location open."""
    rng = random.Random(24)
    for dolphin, kite, exhausted, rosina, supply in itertools.product((False, True), KITES, (True, False), (False, True), (16, 5)):
        for _k in range(3):
            people = []
            for i in range(rng.randint(1, 4)):
                stack = tuple(sorted((rng.randint(1, 6) for _d in range(rng.randint(1, 2))), reverse=True))
                people.append((f"s{i}", rng.choice(ROLES), stack, rng.choice((0, 0, 1, 2, 3, 4, 5)), rng.random() < 0.3))
            yield rs.Rescue(need=rng.randint(1, 6), people=tuple(people), dolphin=dolphin, kite=kite, exhausted=exhausted,
                            rosina_open=rosina, supply=supply, diva_used=rng.choice((0, 0, 2)))


def test_the_plain_plan_is_a_true_lower_bound_of_the_exact_chance():
    n = gaps = 0
    for r in grid():
        low, exact = rs.plain_plan(r)["chance"], rs.solve(r)["chance"]
        assert 0 <= low <= exact + 1e-12, (r, low, exact)
        n += 1
        gaps += exact - low > 1e-9
        if rs.attempts_only(r):  # no Dolphin, kite or Rosina, and a bag for every token: the plain plan is the best
            assert low == pytest.approx(exact, abs=1e-12), r
    assert n == 192 and gaps > 10  # the bound is not the exact value where the board offers more


def test_the_bound_never_reads_higher_than_it_is():
    for p in (0.9689, 0.96999, 0.1, 0.0999, 0.5, 0.0, 1.0, 0.00049):
        shown = rd.floor_pct(p).replace(",", ".").rstrip("%").lstrip("<>")
        assert float(shown) <= p * 100 + 1e-9, (p, shown)
    assert rd.floor_pct(0.9689) == "96%" and rd.floor_pct(0.0999) == "9.9%"


def test_the_quick_line_names_its_plan_and_says_the_best_is_still_worked_out():
    r = rs.Rescue(need=3, people=(("red", "", (3, 2), 2, False), ("yellow", "diva", (4,), 3, False),
                                  ("blue", "", (2, 3), 0, True), ("green", "mick", (3,), 1, False)), dolphin=True)
    t = mc.day21_table(r)
    t0 = time.perf_counter()
    [line] = rd.rescue_quick_lines(t, mc.CAT)
    took = time.perf_counter() - t0
    assert line.startswith("Chance of rescue: at least ") and "flares" in line and "still being worked out" in line, line
    low = rs.plain_plan(rd.rescue_from_table(t, mc.CAT))["chance"]
    exact = rs.solve(rd.rescue_from_table(t, mc.CAT))["chance"]
    assert low < exact
    assert rd.floor_pct(low) in line
    print(f"\nday 21's lower bound: {took * 1000:.2f} ms")
    assert took < 0.05


def test_a_slow_exact_answer_shows_the_bound_then_arrives():
    from companion.odds.days21.steps import Odds
    from ui import odds_budget as ob

    go = threading.Event()

    def exact():
        go.wait(5)
        return ["exact: 46%"]

    pending: list = []
    lines = ob.odds_within(Odds(exact, lambda: ["at least 32%"]), budget=0.05, pending=pending)
    assert lines == ["at least 32%"] and len(pending) == 1
    assert ob.arrived(pending) is None  # not yet
    go.set()
    assert pending[0].done.wait(5)
    assert ob.arrived(pending) == ["exact: 46%"] and pending == []
    # odds without a quick part still say they took too long
    go.clear()
    assert "too long" in ob.odds_within(Odds(exact), budget=0.05, pending=pending)[0] and pending == []
    go.set()


def test_day_21s_search_starts_as_soon_as_day_21s_table_is_known():
    from companion.odds.days21 import steps as st

    r = rs.Rescue(need=3, people=(("red", "", (3, 2), 2, False),))
    t = mc.day21_table(r)
    assert st.background(t, mc.CAT, {"do": "day21"}) is not None
    t.data["tracks"]["day"] = 20
    assert st.background(t, mc.CAT, {"do": "end"}) is not None  # day 20's last step: day 21's table is known
    assert st.background(t, mc.CAT, {"do": "morning"}) is None
    t.data["tracks"]["day"] = 12
    assert st.background(t, mc.CAT, {"do": "end"}) is None


def test_the_guided_day_21_step_carries_its_bound_and_its_background_search():
    from companion.games import registry

    r = rs.Rescue(need=3, people=(("red", "", (3, 2), 2, False), ("yellow", "", (4,), 3, False)))
    t = mc.day21_table(r)
    step = registry.get("21days").next_step(t, mc.CAT)
    assert step.background is not None and step.odds is not None and step.odds.quick is not None
    assert step.odds.quick()[0].startswith("Chance of rescue: at least")
    assert step.odds()[0].startswith("Chance of rescue, playing the best:")
