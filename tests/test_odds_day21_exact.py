"""Day 21: the fast search gives exactly the chance today's solver gives (tests/days21_rescue_ref.py, the
expectimax over every state, kept as it was) on a grid of small tables it finishes quickly: every mix of
Diva, Mick, Rosina, Scruffs, the hope21 token, the Dolphin and the kite, with and without exhaustion to
come, the bag full or not."""

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
def test_fast_search_equals_todays_solver(kw):
    old = ref.solve(ref.Rescue(**kw))["chance"]
    new = rs.solve(rs.Rescue(**kw))["chance"]
    assert abs(old - new) < 1e-12, (kw, old, new)


@pytest.mark.parametrize("kw", GRID[:25], ids=[f"t{i}" for i in range(25)])
def test_every_need_at_once(kw):
    """The search answers one need at a time; today's solver every need at once: all agree."""
    r_old, r_new = ref.Rescue(**kw), rs.Rescue(**{**kw, "need": 4})
    old, new = ref.Solver(ref.Rescue(**{**kw, "need": 4})), rs.Solver(r_new)
    assert r_old.people == r_new.people
    a, b = old.value(old.start()), new.value(new.start())
    assert max(abs(x - y) for x, y in zip(a, b)) < 1e-12



def test_a_strong_raft_with_the_dolphin_and_the_kite():
    """Three strong survivors, Mick's token, a small bag, the Dolphin and a kite two pieces up: today's
    solver takes seconds here."""
    kw = dict(need=4, people=(("a", "", (6, 5), 2, False), ("b", "mick", (6, 6), 0, True), ("c", "", (5, 5), 3, False)),
              dolphin=True, kite=(1, 2, False), supply=9)
    assert abs(ref.solve(ref.Rescue(**kw))["chance"] - rs.solve(rs.Rescue(**kw))["chance"]) < 1e-12
