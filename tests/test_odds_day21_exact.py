"""Day 21: the search gives exactly the chance the oracle gives (tests/days21_rescue_ref.py: every seat kept
apart, every die face and every choice tried, written from the rules alone, sharing no code with the
search) on a grid of small tables it finishes quickly: every mix of Diva, Mick, Rosina, Scruffs, the
hope21 token, the Dolphin and the kite, with and without exhaustion to come, the bag full or not."""

from __future__ import annotations

import random

import pytest

from companion.odds.days21 import rescue as rs
from tests import days21_rescue_ref as ref

ROLES = ("", "", "diva", "mick", "rosina", "scruffs")
KITES = (None, None, (3, 0, False), (2, 1, False), (1, 2, False), (0, 3, True), (1, 1, False))


def grid(n: int, seed: int = 16):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        people = []
        roles = rng.sample(ROLES, rng.randint(1, 3))
        for i, role in enumerate(roles):
            stack = tuple(rng.randint(1, 4) for _ in range(rng.choice((1, 1, 2))))
            hope = 0 if role == "scruffs" else rng.choice((0, 0, 1, 2, 2, 3, 4))
            tok = role != "scruffs" and rng.random() < 0.3
            people.append((f"s{i}", role, stack, hope, tok))
        fresh = rng.random() < 0.25
        kw = dict(need=rng.randint(1, 3), people=tuple(people), dolphin=rng.random() < 0.5, kite=rng.choice(KITES),
                  supply=rng.choice((16, 16, 9, 6)), exhausted=not fresh, rosina_open=fresh)
        if sum(p[3] for p in people) > kw["supply"]:
            continue
        out.append(kw)
    return out


GRID = grid(70)


@pytest.mark.parametrize("kw", GRID, ids=[f"t{i}" for i in range(len(GRID))])
def test_the_search_equals_the_oracle(kw):
    old = ref.chance(**kw)
    new = rs.solve(rs.Rescue(**kw))["chance"]
    assert abs(old - new) < 1e-12, (kw, old, new)


@pytest.mark.parametrize("kw", GRID[:25], ids=[f"t{i}" for i in range(25)])
def test_every_need_at_once(kw):
    """The search's Solver answers every need 0..4 from day 21's own start as the oracle does."""
    new = rs.Solver(rs.Rescue(**{**kw, "need": 4}))
    a, b = ref.chances(**{**kw, "need": 4}), new.value(new.start())
    assert len(a) == len(b) == 5 and max(abs(x - y) for x, y in zip(a, b)) < 1e-12, (kw, a, b)


def test_a_strong_raft_with_the_dolphin_and_the_kite():
    """Three strong survivors, Mick's token, a small bag, the Dolphin and a kite two pieces up: the oracle
    takes seconds here."""
    kw = dict(need=4, people=(("a", "", (6, 5), 2, False), ("b", "mick", (6, 6), 0, True), ("c", "", (5, 5), 3, False)),
              dolphin=True, kite=(1, 2, False), supply=9)
    assert abs(ref.chance(**kw) - rs.solve(rs.Rescue(**kw))["chance"]) < 1e-12


CORNERS = {  # tables where one rule decides the answer, which the random grid rarely reaches
    "rosina's hope location": dict(need=1, people=(("r", "rosina", (2,), 1, False), ("b", "", (3,), 0, True)), exhausted=False, rosina_open=True),
    "the dolphin needs more than 3 strength": dict(need=1, people=(("r", "rosina", (4,), 0, False), ("b", "", (3,), 0, False)), dolphin=True,
                                                   exhausted=False, rosina_open=True),
    "mick's extra hope needs a token left in the bag": dict(need=2, people=(("m", "mick", (3,), 0, True), ("a", "", (2,), 1, False)), supply=4),
    "mick's extra hope from a bag of 4": dict(need=2, people=(("m", "mick", (3,), 0, True), ("a", "", (2,), 1, False)), supply=5),
    "rosina fishes for a stack of two dice": dict(need=2, people=(("r", "rosina", (1, 3), 0, False), ("d", "diva", (2,), 1, False), ("s", "scruffs", (1,), 0, False)),
                                                  exhausted=False, rosina_open=True),
    "fish for the weakest, the strongest at 6": dict(need=2, people=(("r", "rosina", (6, 2), 2, False), ("a", "", (2,), 0, False), ("b", "", (2,), 0, False)),
                                                     exhausted=False, rosina_open=True),
}


@pytest.mark.parametrize("kw", CORNERS.values(), ids=list(CORNERS))
def test_the_corners_agree(kw):
    old, new = ref.chance(**kw), rs.solve(rs.Rescue(**kw))["chance"]
    assert abs(old - new) < 1e-12, (kw, old, new)
