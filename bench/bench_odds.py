"""Odds benchmark (one run): the time of each query against the 50 ms budget, the same distribution
computed by dyce where dyce can express it (as a time ratio, and checked equal), and the Monte Carlo
check through the engine's own actions at 100,000 samples (4 standard errors).

Run: .venv/bin/python bench/bench_odds.py [--mc N]   (--mc 0 skips the Monte Carlo part)
"""

from __future__ import annotations

import math
import random
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.odds.days21 import attacks as d  # noqa: E402
from companion.odds.days21 import rescue as rs  # noqa: E402
from companion.odds.days21 import rolls as rl  # noqa: E402
from companion.odds.dist import marginal, prob  # noqa: E402

BUDGET_MS = 50.0
RAFT = [(3, 5), (2, 4), (5, 1), (3, 3)]
JELLY_A = [(">", 1), (">", 2), ("<", 3), ("<", 4)]


def timed(fn, repeat: int = 5) -> tuple[float, object]:
    best, out = math.inf, None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000, out


def dyce_versions():
    """The distributions dyce can express, each with its castaway twin."""
    from dyce import H
    from dyce.evaluation import expand

    lone = d.Crew(("red",), ("red",), ((4, 6),), {f: 0 for f in range(1, 7)})

    def bites(vis, n):
        if n == 0:
            return H({0: 1})
        return expand(lambda inner: (1 + bites(vis - 1, n - 1)) if inner.outcome > vis else bites(vis, n - 1), H(6))

    fish = [1, 2, 3, 4, 4, 5]
    return [
        ("single bite vs 3", lambda: dict(H(6).gt(3).probability_items())[True],
         lambda: prob(d.shark_bite(d.Crew(("r",), ("r",), ((3,),), {1: 0}), 1), lambda x: x[0] != (3,))),
        ("lone survivor, 4 bites", lambda: dict(bites(4, 4).lowest_terms().probability_items()),
         lambda: d.summary(lone, d.shark_attack(lone, 4))["survivors"][0]["loss"]),
        ("fishing table", lambda: dict(H(6).apply(lambda v: fish[v - 1]).probability_items()), lambda: rl.fishing(fish, (1,))["fish"]),
        ("hope, 3 dice", lambda: dict((3 @ H(6)).apply(lambda v: v // 3).probability_items()),
         lambda: rl.hope_location(3, holders=(False,) * 3)["won"]),
        ("sixes of 3 flares", lambda: dict((3 @ H(6).eq(6)).probability_items()),
         lambda: marginal(rl.flares(3, 1, 1, 20, full=4)["ship"], lambda s: s - 1)),
        ("jellyfish stings", lambda: dict(sum(H(6).apply(lambda v, o=o, n=n: int(not (v > n if o == ">" else v < n))) for o, n in JELLY_A).probability_items()),
         lambda: d.single_summary((6, 6), d.jellyfish((6, 6), JELLY_A))["loss"]),
    ]


def queries():
    crew = d.crew_from_values(RAFT)
    day21 = rs.Rescue(need=3, people=(("red", "", (3, 2), 2, False), ("yellow", "diva", (4,), 3, False),
                                      ("blue", "", (2, 3), 0, True), ("green", "mick", (3,), 1, False)), dolphin=True)
    day21_plain = rs.Rescue(need=4, people=(("red", "", (3, 2), 4, False), ("yellow", "diva", (4,), 3, False),
                                            ("blue", "", (2, 3), 0, True), ("green", "", (3,), 2, False)))
    return [
        ("shark attack, 4 bites, 4 survivors", lambda: d.summary(crew, d.shark_attack(crew, 4))),
        ("octopus fight, 8 tentacles, 4 survivors", lambda: d.summary(crew, d.octopus_fight(crew, 8), key=lambda x: x[0])),
        ("single Shark 6 bite", lambda: d.summary(crew, d.shark_bite(crew, 6))),
        ("jellyfish swim, card A", lambda: d.single_summary((2, 1), d.jellyfish((2, 1), JELLY_A))),
        ("hope location, 3 dice", lambda: rl.hope_location(3)),
        ("fishing", lambda: rl.fishing([1, 2, 3, 4, 4, 5], (5, 2, 6, 3))),
        ("flares, 3 dice", lambda: rl.flares(3, 8, 1, 9, 9)),
        ("paranoia, 4 policies", lambda: [rl.paranoia((2, 3), 2, p) for p in ("none", "live", "dice", "all")]),
        ("the Kid", lambda: rl.kid((1, 4))),
        ("day 21, 4 survivors, need 4", lambda: rs.solve(day21_plain)),
        ("day 21, 4 survivors, Dolphin, need 3", lambda: rs.solve(day21)),
    ]


def monte_carlo(n: int) -> list[tuple[str, float, float, float, bool]]:
    from tests import odds_mc as mc

    crew = d.crew_from_values(RAFT)
    rng = random.Random(2026)
    out = []

    def check(name, exact, sample):
        t0 = time.perf_counter()
        hits = sum(1 for _ in range(n) if sample())
        out.append((name, float(exact), hits / n, time.perf_counter() - t0, mc.within(exact, hits, n)))

    risky = [(3, 5), (2,), (6, 1), (1, 4)]  # yellow can die, green can lose a die
    fa = d.shark_attack(d.crew_from_values(risky), 4)
    check("shark attack: nobody dies", prob(fa, lambda x: all(x)), lambda: all(mc.shark_attack(risky, rng)))
    check("shark attack: green loses a die", prob(fa, lambda x: d.fate(risky[3], x[3]) == "lose_die"),
          lambda: d.fate(risky[3], tuple(mc.shark_attack(risky, rng)[3])) == "lose_die")
    fo = d.octopus_fight(crew, 8)
    check("octopus: 2+ tentacles cut", prob(fo, lambda x: x[1] >= 2), lambda: mc.octopus(RAFT, 8, rng)[1] >= 2)
    fj = d.jellyfish((2, 1), JELLY_A)
    check("jellyfish: swimmer dies", prob(fj, lambda s: not s), lambda: not mc.jellyfish((2, 1), JELLY_A, rng))
    net = rl.hope_location(3, 3, (True, True, True), 13)["net"]
    check("hope: net +3 or more", prob(net, lambda k: k >= 3), lambda: mc.hope(3, (True, True, True), rng) >= 3)
    check("fishing: 3+ strength", prob(rl.fishing([1, 2, 3, 4, 4, 5], (5, 2, 6, 3))["gained"], lambda k: k >= 3),
          lambda: mc.fishing([(5,), (2,), (6,), (3,)], rng) >= 3)
    check("flares: ship back", rl.flares(3, 8, 1, 9, 9)["back"], lambda: mc.flares(3, 8, rng) < 8)
    check("paranoia (pay to live): lose a die", rl.paranoia((2, 3), 2, "live")["lose_die"],
          lambda: len(mc.paranoia((2, 3), 2, "live", rng)) == 1)
    check("the Kid: loses his top die", rl.kid((1, 4))["lose_die"], lambda: mc.kid((1, 4), rng) == [4])
    r21 = rs.Rescue(need=2, people=(("s0", "", (6,), 0, False), ("s1", "", (5,), 2, False), ("s2", "mick", (3,), 1, True)), dolphin=True)
    sol = rs.Solver(r21)
    check("day 21 with the Dolphin: rescued", sol.value(sol.start())[2], lambda: mc.day21(r21, sol, rng))
    return out


def main() -> None:
    n = 100_000
    if "--mc" in sys.argv:
        n = int(sys.argv[sys.argv.index("--mc") + 1])
    print(f"{'query':<42} {'ms':>8}  within {BUDGET_MS:.0f} ms")
    worst = 0.0
    for name, fn in queries():
        ms, _ = timed(fn)
        worst = max(worst, ms)
        print(f"{name:<42} {ms:8.2f}  {'yes' if ms <= BUDGET_MS else 'NO'}")
    print(f"slowest query: {worst:.2f} ms")
    print(f"\n{'same distribution':<26} {'castaway ms':>11} {'dyce ms':>9} {'dyce/castaway':>14}  equal")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, dy, ours in dyce_versions():
            t_d, a = timed(dy)
            t_o, b = timed(ours)
            same = a == (dict(b) if isinstance(b, dict) else b)
            print(f"{name:<26} {t_o:11.3f} {t_d:9.3f} {t_d / t_o:14.1f}  {'yes' if same else 'NO'}")
    if n:
        print(f"\nMonte Carlo through the engine's actions, {n:,} samples each (4 standard errors):")
        print(f"{'check':<38} {'exact':>8} {'engine':>8} {'seconds':>8}  within")
        for name, exact, got, secs, ok in monte_carlo(n):
            print(f"{name:<38} {exact:8.5f} {got:8.5f} {secs:8.1f}  {'yes' if ok else 'NO'}")


if __name__ == "__main__":
    main()
