"""The guided game's odds lines, timed (issue 24, item 6): every line a 21 Days prompt shows, on the slowest
tables (three flare dice, three Hope dice with a reroll and Mick, the octopus at 8 tentacles, fishing, a swim,
Paranoia, the Kid, a shark attack, day 21's lower bound), against the 10 ms budget; the first call (cold) and
the best of 5, in milliseconds and as a share of the budget. The helps, the Hope and Flare locations and the
octopus's summary are also timed against the Fraction-by-Fraction versions they replaced (kept here as the
reference, checked equal): the ratio old/new. Day 21's exact search is bench/bench_odds_day21.py's.

Run: .venv/bin/python bench/bench_odds_lines.py
"""

from __future__ import annotations

import math
import sys
import time
from fractions import Fraction
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.odds.days21 import attacks as d  # noqa: E402
from companion.odds.days21 import helps as hp  # noqa: E402
from companion.odds.days21 import read as rd  # noqa: E402
from companion.odds.days21 import rescue as rs  # noqa: E402
from companion.odds.days21 import rolls as rl  # noqa: E402
from companion.odds.days21 import steps as st  # noqa: E402
from companion.odds.dist import add, marginal, prob  # noqa: E402
from tests import odds_mc as mc  # noqa: E402

BUDGET_MS = 10.0
SIDES = range(1, 7)


def timed(fn, repeat: int = 5) -> tuple[float, float, object]:
    """(first call ms, best of `repeat` ms, result)."""
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times[0], min(times), out


def placed(t, where: str, n: int):
    t.data["flow"]["placements"] = [[s, where] for s in t.seats[:n]]
    return t


def tables():
    """(name, the task, its table) for each guided odds line, at its slowest."""
    four = [(3, 5), (2, 4), (5, 1), (3, 3)]
    aleta = dict(hope=[2, 0, 2, 1], survivors=["aleta", "tomi", "mick", "red"])
    r21 = rs.Rescue(need=3, people=(("red", "", (3, 2), 2, False), ("yellow", "diva", (4,), 3, False),
                                    ("blue", "", (2, 3), 0, True), ("green", "mick", (3,), 1, False)), dolphin=True)
    yield "three flare dice", "flare", placed(mc.table(four[:3], ship=9), "flare", 3)
    yield "three flare dice, a reroll (Aleta)", "flare", placed(mc.table([(4,), (4,), (5,), (3,)], ship=9, **aleta), "flare", 3)
    yield "three Hope dice", "hope", placed(mc.table(four[:3], hope=[1, 0, 2]), "hope", 3)
    yield "three Hope dice, a reroll, Mick", "hope", placed(mc.table([(4,), (4,), (5,), (3,)], **aleta), "hope", 3)
    yield "octopus, 8 tentacles, 4 survivors", "octopus", mc.table(four)
    yield "octopus with Pjotr", "octopus", mc.table(four, hope=[0, 0, 4, 0], survivors=["red", "yellow", "pjotr", "green"])
    yield "fishing, 4 survivors", "fishing", mc.table(four)
    yield "shark attack, 4 survivors", "attack", mc.table(four)
    yield "Shark 6 bite", "shark-6", mc.table(four)
    swim = mc.table(four)
    swim.data["flow"]["jelly"] = {"who": "red"}
    yield "jellyfish, every known card", "jellyfish", swim
    para = mc.table(four, hope=[3, 0, 0, 0])
    para.data["flow"]["paranoia"] = {"who": "red"}
    yield "Paranoia, 4 policies", "paranoia", para
    yield "the Kid", "kid", mc.table(four, survivors=["kid", "yellow", "blue", "green"])
    yield "day 21's lower bound", "day21-quick", mc.day21_table(r21)


# -- the versions replaced, as the reference -----------------------------------------------------------


def old_helped(n, score, help, value=None):
    value = value or (lambda s: s)
    out: dict = {}
    w = Fraction(1, 6**n)
    for faces in product(SIDES, repeat=n):
        best, best_v = None, None
        for dd in (hp.options(faces, help) if help else [{faces: Fraction(1)}]):
            v = sum(p * value(score(f)) for f, p in dd.items())
            if best_v is None or v > best_v:
                best, best_v = dd, v
        for f, p in best.items():
            add(out, score(f), w * p)
    return dict(sorted(out.items()))


def old_hope_location(n, per, holders, bag, penalty_at=3, mick=False):
    won, paid, net, extra = {}, {}, {}, {}
    w = Fraction(1, 6**n)
    for faces in product(SIDES, repeat=n):
        got, lost, more = rl.hope_payout(faces, per, holders, bag, penalty_at, mick)
        add(won, got + more, w)
        add(paid, lost, w)
        add(net, got + more - lost, w)
        add(extra, more, w)
    return {"won": dict(sorted(won.items())), "paid": dict(sorted(paid.items())), "net": dict(sorted(net.items())),
            "mick": dict(sorted(extra.items()))}


def old_summary(crew, final, key=lambda s: s):
    people = []
    for i, (seat, nm, stk) in enumerate(zip(crew.seats, crew.names, crew.stacks)):
        if not stk:
            continue
        people.append({"seat": seat, "name": nm, "strength": list(stk),
                       "loss": marginal(final, lambda x, i=i, stk=stk: sum(stk) - sum(key(x)[i])),
                       "lose_die": prob(final, lambda x, i=i, stk=stk: d.fate(stk, key(x)[i]) == "lose_die"),
                       "die": prob(final, lambda x, i=i, stk=stk: d.fate(stk, key(x)[i]) == "die")})
    nobody = prob(final, lambda x: all(key(x)[i] for i in d.alive(crew.stacks)))
    return {"survivors": people, "nobody_dies": nobody}


def compared():
    reroll_hope = (lambda f: (lambda g: g[0] + g[2] - g[1])(rl.hope_payout(f, 3, (True, False, True), 12, 3, True)))
    flare = (lambda f: rl.flare_ship(f, 8, 1, 9, 3))
    crew = d.crew_from_values([(3, 5), (2, 4), (5, 1), (3, 3)])
    fight = d.octopus_fight(crew, 8)
    yield ("3 Hope dice with a reroll", lambda: old_helped(3, reroll_hope, "reroll"), lambda: hp.helped(3, reroll_hope, "reroll"))
    yield ("3 flare dice with a ±2 token", lambda: old_helped(3, flare, "plusminus2"), lambda: hp.helped(3, flare, "plusminus2"))
    yield ("3 Hope dice, Mick", lambda: old_hope_location(3, 3, (True, False, True), 12, 3, True),
           lambda: rl.hope_location(3, 3, (True, False, True), 12, 3, True))
    yield ("octopus summary, 8 tentacles", lambda: old_summary(crew, fight, key=lambda x: x[0]),
           lambda: d.summary(crew, fight, key=lambda x: x[0]))


def others():
    """The other games' odds before a roll: Robinson's Weather dice (three, with tokens), Dieson's hunt."""
    from companion import catalog
    from companion.odds.dieson.evening import hunt_chance
    from companion.odds.robinson.weather import weather

    rc, dc = catalog.load("robinson"), catalog.load("dieson")
    yield "Robinson: weather, 3 dice, 3 tokens", lambda: [weather(rc, ["rain", "winter", "animals"], 1, 2, 1, 3, 1, 2, (1, 1, 1))]
    yield "Dieson: the hunt, 3 dice", lambda: [hunt_chance(dc, 6, 10, 1)]


def main() -> None:
    print(f"{'guided odds line':<38} {'first ms':>9} {'best ms':>8} {'of 10 ms':>9}  within")
    worst = 0.0
    lines_of = [((lambda t=t: rd.rescue_quick_lines(t, mc.CAT)) if do == "day21-quick" else (lambda t=t, do=do: st.ODDS[do](t, mc.CAT, {"do": do})), name)
                for name, do, t in tables()]
    for name, fn in [*((n, f) for f, n in lines_of), *others()]:
        first, best, lines = timed(fn)
        assert lines, name
        worst = max(worst, best)
        print(f"{name:<38} {first:9.2f} {best:8.2f} {best / BUDGET_MS:8.0%}  {'yes' if best <= BUDGET_MS else 'NO'}")
    print(f"slowest line (best of 5): {worst:.2f} ms")
    print(f"\n{'the same distribution':<32} {'before ms':>10} {'now ms':>8} {'before/now':>11}  equal")
    for name, old, new in compared():
        _f, t_old, a = timed(old)
        _g, t_new, b = timed(new)
        print(f"{name:<32} {t_old:10.2f} {t_new:8.2f} {t_old / max(t_new, 1e-6):11.1f}  {'yes' if a == b else 'NO'}")
    if math.isfinite(worst) and worst > BUDGET_MS:
        print("(over the budget: a loaded machine? run again alone)")


if __name__ == "__main__":
    main()
