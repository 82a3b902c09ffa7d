"""Odds for Dieson Crusoe, 21 Mutinies and Robinson Crusoe: hand-checked cases, dyce, and Monte Carlo
runs of each game's own actions with seeded dice typed in as the table's faces (4 standard errors)."""

from __future__ import annotations

import os
import random
from fractions import Fraction as F

import pytest

from companion import catalog
from companion.games.dieson import rules as R
from companion.odds.dieson import evening as dc
from companion.odds.mutinies import plunder as mu
from companion.odds.robinson import weather as rc
from tests.odds_mc import within

N = int(os.environ.get("ODDS_MC_N", "20000")) // 4


def _check(exact: dict, samples: list) -> None:
    n = len(samples)
    for outcome, p in exact.items():
        hits = sum(1 for s in samples if s == outcome)
        assert within(p, hits, n), f"{outcome}: exact {float(p):.5f}, sampled {hits / n:.5f} over {n}"
    assert all(s in exact for s in samples)


# -- 21 Mutinies --------------------------------------------------------------------------------------


def test_plunder_by_hand_and_dyce():
    from dyce import H

    for b in range(1, 6):
        assert mu.plunder(b)["treasure"] == 1 - F(b, 6) ** 2
        assert mu.plunder(b)["treasure"] == dict((2 @ H(6).gt(b)).ge(1).probability_items())[True]
    assert mu.plunder(1)["both"] == F(25, 36)


def test_tavern_by_hand():
    r = mu.tavern(1)  # alone: 1 free + d6 + 2
    assert r["rum"][0] == {v + 3: F(1, 6) for v in range(1, 7)}
    r = mu.tavern(2, left=2)  # the supply holds 2: the free one and one more for the captain
    assert r["rum"][0] == {2: F(1)} and r["rum"][1] == {0: F(1)}
    r = mu.tavern(2, skip=(1,))  # the henchman's share stays in the tavern
    assert r["rum"][1] == {0: F(1)}


def _mutinies_table(seed: int):
    from companion.games.mutinies import game as mutinies

    cat = catalog.load("mutinies")
    return mutinies.setup(cat, {"count": 3}, seed), cat


def _resolve(t, kind: str, seats_spaces, action: str):
    t.data["flags"]["phase"] = "resolve"
    f = t.data["flow"]
    f["placed"] = [{"seat": s, "space": sp, "action": action} for s, sp in seats_spaces]
    f["queue"] = [{"kind": kind, "i": i} for i in range(len(seats_spaces))]
    f["draw"] = False


@pytest.mark.parametrize("space", [1, 3, 5])
def test_plunder_matches_the_engine(space):
    from companion.games.mutinies import actions as ma
    from companion.games.mutinies import core as core

    t0, cat = _mutinies_table(1)
    rng = random.Random(space)
    hits = 0
    for _ in range(N):
        t = t0.copy()
        seat = core.captain(t) if space == 1 else core.players(t)[1]
        _resolve(t, "wreck", [(seat, space)], "wreck")
        before = t.seat_values(seat)["treasure"]
        ma.Plunder(faces=(rng.randint(1, 6), rng.randint(1, 6))).run(t, cat)
        hits += t.seat_values(seat)["treasure"] > before
    assert within(mu.plunder(cat.rules["wreck"]["beats"][space - 1])["treasure"], hits, N)


def test_tavern_matches_the_engine():
    from companion.games.mutinies import actions as ma
    from companion.games.mutinies import core as core

    t0, cat = _mutinies_table(2)
    order = core.players(t0)
    rng = random.Random(3)
    runs = []
    for _ in range(N):
        t = t0.copy()
        _resolve(t, "tavern", [(s, i + 1) for i, s in enumerate(order)], "tavern")
        t.data["flow"]["queue"] = [{"kind": "tavern", "i": 0}]
        before = [t.seat_values(s)["rum"] for s in order]
        ma.Tavern(face=rng.randint(1, 6)).run(t, cat)
        runs.append(tuple(t.seat_values(s)["rum"] - b for s, b in zip(order, before)))
    exact = mu.tavern(len(order), cat.rules["tavern"]["free_rum"], cat.rules["tavern"]["die_bonus"], t0.pool_left("rum"))
    for i in range(len(order)):
        _check(exact["rum"][i], [r[i] for r in runs])


# -- Robinson Crusoe ------------------------------------------------------------------------------------


def test_robinson_weather_by_hand():
    cat = catalog.load("robinson")
    r = rc.weather(cat, [], roof=0, food=0, nonperishable=0, wood=0, palisade=0, weapon=0)
    assert r["wounds_each"] == {0: F(1)}
    faces = cat.die("rain").parts[0].faces
    r = rc.weather(cat, ["rain"], roof=1, food=0, nonperishable=0, wood=5, palisade=0, weapon=0)
    over = F(sum(1 for f in faces if f.count("r") > 1), len(faces))  # clouds past the roof cost food: none, a wound
    assert r["wounds_each"].get(1, 0) == over


def _robinson_table(seed: int):
    from companion.games.robinson import game as robinson

    cat = catalog.load("robinson")
    t = robinson.setup(cat, {"players": ["A", "B"]}, seed)
    return t, cat


def test_robinson_weather_matches_the_engine():
    from companion.games.robinson import phases as ra
    from companion.games.robinson.state import goto

    t0, cat = _robinson_table(4)
    c = t0.data["counters"]
    c.update({"roof": 1, "food": 2, "nonperishable": 0, "wood": 1, "palisade": 1, "weapon": 1})
    dice = ["rain", "winter", "animals"]
    faces = [cat.die(d).parts[0].faces for d in dice]
    rng = random.Random(5)
    runs = []
    for _ in range(N):
        t = t0.copy()
        goto(t, "weather", "roll", dice=list(dice))
        ra.RcWeather(faces=tuple(rng.choice(f) for f in faces)).run(t, cat)
        cc = t.data["counters"]
        runs.append((2 - cc["food"], 1 - cc["wood"], 1 - cc["palisade"]))
    exact = rc.weather(cat, dice, 1, 2, 0, 1, 1, 1)
    from companion.odds.dist import marginal

    _check(marginal(exact["joint"], lambda k: (k[2], k[3], k[4])), runs)


# -- Dieson Crusoe ---------------------------------------------------------------------------------------


def test_dieson_hunt_by_hand():
    cat = catalog.load("dieson")
    table = cat.rules["stars"]["table"]
    assert dc.hunt_boosts(cat, 2, 2 + table[2], 3) == 0
    top = max(R.star_values(cat))  # the stars of a die raised as far as the star tables go
    assert dc.hunt_boosts(cat, 0, top + 1, 1) is None
    assert dc.hunt_boosts(cat, 0, table[-1] + 1, 6) == 2  # raised past 6 (rules.stars.beyond, assumed)
    assert dc.hunt_boosts(cat, 0, top + 1, 6, bow=True) == 0


def test_dieson_evening_matches_the_engine():
    from companion.games.dieson import day as dd
    from companion.games.dieson import game as dieson
    from companion.games.dieson import rules as R

    cat = catalog.load("dieson")
    t0 = dieson.setup(cat, {}, 6)
    s = R.dc(t0)
    s["icons"]["weather"]["v"], s["icons"]["raid"]["v"] = 4, 4
    t0.data["counters"].update({"food": 1, "roof": 0, "fence": 1})
    area = cat.deck("areas").card(R.area(t0))
    exact = dc.evening(cat, 4, 4, area, 1, 0, 1, t0.data["tracks"]["event"], R.has(t0, "fire"), len(s["hand"]))
    rng = random.Random(7)
    runs = []
    for _ in range(N):
        t = t0.copy()
        before = {k: t.data["counters"][k] for k in ("health", "food", "roof", "fence")}
        dd.DcRoll(faces=tuple(rng.randint(1, 6) for _ in R.dc(t)["hand"])).run(t, cat)
        dd.DcKeep().run(t, cat)
        ev = dd.event_preview(t, cat)[2]
        dd.DcEvent(take="wood" if ev == "wood-or-stone" else None).run(t, cat)
        t.data["flags"]["phase"] = "evening"
        R.flow(t)["step"] = "eat"
        dd.DcEat("food" if t.data["counters"]["food"] > 0 else "health").run(t, cat)
        R.dc(t)["used"] = [{"c": "yellow", "v": 1}] * 3
        dd.DcNight().run(t, cat)
        runs.append(tuple(max(0, before[k] - t.data["counters"][k]) for k in ("health", "food", "roof", "fence")))
    _check(exact["joint"], runs)
