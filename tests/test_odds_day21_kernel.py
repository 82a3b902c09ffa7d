"""Day 21: the compiled search (companion/odds/days21/_kernel.c through kernel.py) gives the pure-Python
Search's values (companion/odds/days21/search.py) on every state Search values, over the grid of
tests/test_odds_day21_exact.py and a few strong rafts; it is the search the odds use when it is built;
it stops at its deadline like Search."""

from __future__ import annotations

import time

import pytest

from companion.odds.days21 import kernel
from companion.odds.days21 import rescue as rs
from companion.odds.days21.search import Search, TooLong
from tests.test_odds_day21_exact import GRID

needs_kernel = pytest.mark.skipif(not kernel.available(), reason="the day-21 kernel is not built here (no C compiler at install?)")


def _both(r: rs.Rescue):
    """Search and the kernel's search for one table's rules, and the table's canonical start."""
    sol = rs.Solver(r)
    args = (r.supply, r.dolphin, r.diva_most, sol.kite_p, max(1, r.need))
    return Search(*args), kernel.KernelSearch(*args), sol


def _starts(sol: rs.Solver):
    """The canonical states the search is asked about first (after Rosina's location, if open)."""
    state = sol.start()
    if not state[3]:
        return [state]
    return [nxt for _act, outs in sol.actions(state) for _p, branches in outs for nxt, _d in branches]


def _agree(r: rs.Rescue) -> int:
    py, fast, sol = _both(r)
    for state in _starts(sol):
        py.vec(*sol.canonical(state))
    checked = 0
    for (people, songs, kite), want in list(py.memo.items()):
        got = fast.vec(people, songs, kite)
        n = max(len(got), len(want))
        pad = lambda v: list(v) + [0.0] * (n - len(v))  # noqa: E731
        assert max(abs(a - b) for a, b in zip(pad(got), pad(want))) < 1e-12, (people, songs, kite, got, want)
        checked += 1
    return checked


@needs_kernel
@pytest.mark.parametrize("kw", GRID, ids=[f"t{i}" for i in range(len(GRID))])
def test_kernel_equals_search_on_every_state(kw):
    assert _agree(rs.Rescue(**{**kw, "need": max(kw["need"], 4)})) > 0


STRONG = [
    dict(need=5, people=(("a", "diva", (3, 4), 3, False), ("b", "", (5, 2), 4, False), ("c", "", (2, 6), 4, True),
                         ("d", "", (4, 4), 5, False)), dolphin=True, kite=None),
    dict(need=4, people=(("a", "", (6, 5), 2, False), ("b", "mick", (6, 6), 0, True), ("c", "", (5, 5), 3, False)),
         dolphin=True, kite=(1, 2, False), supply=9),
    dict(need=5, people=(("a", "diva", (6, 6), 2, True), ("b", "", (6, 6), 2, False), ("c", "", (6, 6), 2, False)),
         dolphin=True, kite=(0, 3, True)),
    dict(need=4, people=(("a", "", (6, 6), 5, False), ("b", "", (6, 6), 5, False), ("c", "diva", (6, 6), 5, False)),
         dolphin=True, kite=(2, 1, False), supply=12),  # more hope held than the bag holds
]


@needs_kernel
@pytest.mark.parametrize("kw", STRONG, ids=[f"strong{i}" for i in range(len(STRONG))])
def test_kernel_equals_search_on_strong_rafts(kw):
    assert _agree(rs.Rescue(**kw)) > 1000


@needs_kernel
def test_a_kite_that_can_never_fly_is_no_kite():
    """Three pieces still to go up and 4 hope among the rollers (two rolls): the kite can never fly, so the
    kernel values the table as one without a kite, and that is what Search finds with the kite."""
    people = (("a", "", (6, 6), 4, False), ("b", "", (5, 4), 0, False))
    r = rs.Rescue(need=3, people=people, dolphin=True, kite=(3, 0, False))
    py, fast, sol = _both(r)
    state = sol.canonical(sol.start())
    assert state[2] is not None  # Search keeps the kite
    want = py.vec(*state)
    assert fast.vec(*state) == pytest.approx(want, abs=1e-12)
    bare = _both(r)[1]
    assert bare.vec(state[0], state[1], None) == pytest.approx(want, abs=1e-12)
    assert len(fast.kernel) == len(bare.kernel)  # the same states: the kite never entered the search
    assert _agree(r) > 10


def test_a_built_kernel_loads():
    """A kernel built here (the install's .so beside kernel.py) must load: a broken build is not a skip."""
    from pathlib import Path

    built = [f for f in Path(kernel.__file__).parent.iterdir() if f.name.startswith("_kernel.") and f.suffix in (".so", ".pyd")]
    if not built:
        pytest.skip("the day-21 kernel is not built here (no C compiler at install?)")
    assert kernel.available(), built


@needs_kernel
def test_the_odds_use_the_kernel_when_it_is_built():
    rs._SEARCHES.clear()
    sol = rs.Solver(rs.Rescue(**GRID[0]))
    assert isinstance(sol.search, kernel.KernelSearch)


@needs_kernel
def test_the_kernel_stops_at_its_deadline_and_keeps_what_it_valued():
    r = rs.Rescue(need=5, people=tuple((f"p{i}", "diva" if i == 0 else "", (6, 6), 6, i == 1) for i in range(4)),
                  dolphin=True, kite=(3, 0, False))
    _py, fast, sol = _both(r)
    people, songs, kite = sol.canonical(sol.start())
    fast.deadline = time.perf_counter() + 0.005
    with pytest.raises(TooLong):
        fast.vec(people, songs, kite)
    kept = fast.known()
    assert kept > 0
    fast.deadline = None
    assert fast.value(people, songs, kite, 5) > 0.9
    assert fast.known() > kept


def test_without_the_kernel_the_odds_use_search(monkeypatch):
    monkeypatch.setattr(kernel, "ENABLED", False)
    rs._SEARCHES.clear()
    try:
        sol = rs.Solver(rs.Rescue(**GRID[0]))
        assert type(sol.search) is Search
    finally:
        rs._SEARCHES.clear()


@needs_kernel
def test_a_table_over_the_kernels_memory_stops_with_one_line(cli, monkeypatch):
    """The kernel values states fast enough to fill gigabytes within the time limit: it stops at
    MOST_STATES, and the command says so in one line (exit 1) rather than by the time limit."""
    monkeypatch.setattr(kernel, "MOST_STATES", 2000)
    rs._SEARCHES.clear()
    try:
        r = cli("21days", "odds", "day21", "--need", "5", "--person", "6/6:4:diva", "--person", "6/6:4:token", "--person", "6/6:4",
                "--dolphin", "--kite", "3,0")
    finally:
        rs._SEARCHES.clear()
    assert r.exit_code == 1
    assert r.stdout == ""
    assert r.stderr.strip() == ("error: day 21's search gave up: this table needs more than 0.002 million states, more memory than "
                                "the search may take")


@needs_kernel
def test_more_survivors_than_the_kernel_holds_are_valued_by_search_then_the_kernel(monkeypatch):
    """Seven survivors (the command takes any number): Search values the states over six, the kernel the
    rest; the answer is Search's own."""
    kw = dict(need=3, people=tuple((f"p{i}", role, st, h, tok) for i, (role, st, h, tok) in enumerate(
        [("", (2,), 2, False), ("", (2,), 2, False), ("", (3,), 0, False), ("", (2,), 0, False), ("diva", (4,), 2, False),
         ("", (2,), 2, False), ("", (3,), 0, True)])), dolphin=True)
    rs._SEARCHES.clear()
    fast = rs.solve(rs.Rescue(**kw))["chance"]
    search = rs.Solver(rs.Rescue(**kw)).search
    assert isinstance(search, kernel.KernelSearch) and len(search.slow) > 0 and len(search.kernel) > 0
    monkeypatch.setattr(kernel, "ENABLED", False)
    rs._SEARCHES.clear()
    try:
        assert abs(rs.solve(rs.Rescue(**kw))["chance"] - fast) < 1e-12
    finally:
        rs._SEARCHES.clear()
