"""21 Days, day 21: the solver's best chance equals a brute-force search over all plans on small cases,
and the engine's Day21 actions, played by the solver's plan with seeded dice, win as often as it says."""

from __future__ import annotations

import os
import random
from fractions import Fraction as F

import pytest

from companion.odds.days21.rescue import Rescue, Solver, solve
from companion.odds.dist import at_least
from tests import odds_mc as mc

SIXTH = F(1, 6)


# -- an independent brute force, written from the rulebook's day 21 --------------------------------


def moves(people, songs):
    """Every legal attempt: (kind, index). people: [role, total strength, hope, token unused]."""
    out = []
    for i, (role, tot, hope, tok) in enumerate(people):
        if tot <= 0:
            continue
        if hope >= 2:
            out.append(("flare", i))
        if hope == 0 and role != "scruffs":
            out.append(("shout", i))
        if role == "diva" and hope >= 1 and songs < 3:
            out.append(("diva", i))
        if tok:
            out.append(("token", i))
    return out


def apply_move(people, songs, kind, i):
    people = [list(p) for p in people]
    p = people[i]
    if kind == "flare":
        p[2] -= 2
    elif kind == "shout":
        p[1] = max(0, p[1] - 2)
    elif kind == "diva":
        p[2] -= 1
        songs += 1
    elif kind == "token":
        p[2] += 3 + (1 if p[0] == "mick" else 0)
        p[3] = False
    return [tuple(x) for x in people], songs


def best_fixed_plan(people, need):
    """The best chance over every fixed sequence of attempts (no Dolphin: the rolls change nothing but
    the count, so a fixed plan is as good as any): attempts count if someone is alive after them."""
    best = F(0)

    def go(people, songs, counted):
        nonlocal best
        best = max(best, at_least(counted, need, SIXTH))
        for kind, i in moves(people, songs):
            nxt, s2 = apply_move(people, songs, kind, i)
            alive = any(p[1] > 0 for p in nxt)
            go(nxt, s2, counted + (1 if kind != "token" and alive else 0))

    go([tuple(p) for p in people], 0, 0)
    return best


def expectimax(people, songs, need, dolphin):
    """Every adaptive plan, searched without memory: with the Dolphin a 1 may become a 6 for 3 strength."""
    if need <= 0:
        return F(1)
    best = F(0)
    for kind, i in moves(people, songs):
        nxt, s2 = apply_move(people, songs, kind, i)
        if kind == "token":
            best = max(best, expectimax(nxt, s2, need, dolphin))
            continue
        alive = any(p[1] > 0 for p in nxt)
        win = expectimax(nxt, s2, need - 1, dolphin) if alive else expectimax(nxt, s2, need, dolphin)
        miss = expectimax(nxt, s2, need, dolphin)
        one = miss
        if dolphin and nxt[i][1] > 3 and nxt[i][0] != "scruffs":
            paid = [list(p) for p in nxt]
            paid[i][1] -= 3
            one = max(miss, expectimax([tuple(p) for p in paid], s2, need - 1, dolphin))
        best = max(best, SIXTH * win + F(4, 6) * miss + SIXTH * one)
    return best


def rescue(people, need, dolphin=False):
    """people: (role, strength stack, hope, token) -> a Rescue after exhaustion."""
    return Rescue(need=need, people=tuple((f"s{i}", r, tuple(st), h, tok) for i, (r, st, h, tok) in enumerate(people)),
                  dolphin=dolphin)


def totals(people):
    return [(r, sum(st), h, tok) for r, st, h, tok in people]


SMALL = [
    ([("", (3,), 2, False), ("", (4,), 0, False)], 1),
    ([("", (3,), 2, False), ("", (4,), 0, False)], 2),
    ([("diva", (2,), 3, False), ("", (1,), 1, True)], 2),
    ([("", (5,), 0, True), ("mick", (2,), 0, True)], 3),
    ([("", (2,), 0, False)], 1),  # a lone shouter's only shout kills him: it cannot count
    ([("", (1, 2), 0, False), ("", (2,), 4, False), ("diva", (3,), 1, False)], 3),
]


@pytest.mark.parametrize("people,need", SMALL)
def test_best_plan_equals_brute_force_over_all_plans(people, need):
    got = solve(rescue(people, need))["chance"]
    assert abs(got - float(best_fixed_plan(totals(people), need))) < 1e-12
    assert abs(got - float(expectimax(totals(people), 0, need, False))) < 1e-12


@pytest.mark.parametrize("people,need", SMALL[:4] + [([("", (6,), 0, False), ("", (5,), 2, False)], 2)])
def test_best_plan_with_the_dolphin_equals_brute_force(people, need):
    got = solve(rescue(people, need, dolphin=True))["chance"]
    assert abs(got - float(expectimax(totals(people), 0, need, True))) < 1e-12


def test_lone_shouter_cannot_be_rescued_by_his_dying_shout():
    assert solve(rescue([("", (2,), 0, False)], 1))["chance"] == 0
    assert solve(rescue([("", (3,), 0, False)], 1))["chance"] == pytest.approx(1 / 6, abs=1e-15)


def test_the_hope21_token_waits_until_the_shouts_are_done():
    r = rescue([("", (4,), 0, True)], 1)  # shout twice (4 -> 2 -> dead, the last one useless alone)...
    plan = [a[0] for a in solve(r)["plan"]]
    assert plan.index("shout") < plan.index("token")  # ...shout first, then the token's 3 hope: one flare


def test_plan_reads_as_the_solver_plays():
    r = rescue([("", (3,), 2, False), ("", (4,), 0, False)], 2)
    s = solve(r)
    kinds = sorted(a[0] for a in s["plan"])
    assert kinds == ["flare", "shout", "shout", "shout"]  # 4 attempts: 1 flare, shouts 4->2 and 3->1, then the last


N21 = int(os.environ.get("ODDS_MC_N21", "3000"))


@pytest.mark.parametrize("people,need,dolphin", [
    ([("", (3, 2), 2, False), ("diva", (4,), 3, False), ("", (2,), 0, True)], 2, False),
    ([("", (6,), 0, False), ("", (5,), 2, False), ("mick", (3,), 1, True)], 2, True),
])
def test_engine_day21_played_by_the_plan_wins_as_often_as_the_solver_says(people, need, dolphin):
    r = rescue(people, need, dolphin)
    sol = Solver(r)
    exact = sol.value(sol.start())[need]
    rng = random.Random(21)
    wins = sum(mc.day21(r, sol, rng) for _ in range(N21))
    assert mc.within(exact, wins, N21), f"exact {exact:.5f}, engine {wins / N21:.5f} over {N21}"


@pytest.mark.parametrize("people,need", SMALL)
def test_full_search_agrees_with_the_count_of_attempts(people, need):
    r = rescue(people, need)
    sol = Solver(r)
    assert abs(sol.value(sol.start())[need] - solve(r)["chance"]) < 1e-12
