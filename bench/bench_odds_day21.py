"""Day-21 odds benchmark (one run): the compute time of `castaway odds day21`'s answer over a grid of
hard tables (the issue's tables and harder ones), each from a fresh search, against the 50 ms budget a
query; then the maximum and the median. Tables slower than --limit seconds are cut off and count as
the limit (a lower bound). Also the whole command's time for the issue's first table.

With --ref, also today's solver before this search (tests/days21_rescue_ref.py) on the issue's table
without the kite, and the ratio of the two times measured in this run.

Run: .venv/bin/python bench/bench_odds_day21.py [--limit 60] [--no-command] [--ref]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.setrecursionlimit(100000)

from companion.odds.days21 import rescue as rs  # noqa: E402
from companion.odds.days21 import search as se  # noqa: E402

BUDGET_MS = 50.0
ISSUE1 = "--need 5 --person 3/4:3:diva --person 5/2:4 --person 2/6:4:token --person 4/4:5 --dolphin --kite 3,0"


def strong(hope: int, need: int, kite=(3, 0, False), dolphin=True, roles=("diva", "", "", ""), tokens=(False, True, False, False),
           exhausted=True, supply=16):
    people = tuple((f"p{i}", roles[i], (6, 6), hope, tokens[i]) for i in range(4))
    return rs.Rescue(need=need, people=people, dolphin=dolphin, kite=kite, exhausted=exhausted, rosina_open=not exhausted,
                     supply=supply)


def issue1(need=5, kite=(3, 0, False)):
    return rs.Rescue(need=need, people=(("p1", "diva", (3, 4), 3, False), ("p2", "", (5, 2), 4, False),
                                        ("p3", "", (2, 6), 4, True), ("p4", "", (4, 4), 5, False)), dolphin=True, kite=kite)


GRID = [
    ("issue: 4 survivors, Diva, token, Dolphin, kite 3,0, need 5", issue1()),
    ("issue: the same without the kite", issue1(kite=None)),
    ("issue: four 6/6, 4 hope each, Diva, token, Dolphin, kite, need 5", strong(4, 5)),
    ("issue: the same with 6 hope each (more than the bag holds)", strong(6, 5)),
    ("issue: four 6/6, 4 hope, no kite, need 5", strong(4, 5, kite=None)),
    ("four 6/6, 4 hope, kite, need 8", strong(4, 8)),
    ("four 6/6, 3 hope, kite flying, need 6", strong(3, 6, kite=(0, 3, True))),
    ("four 6/6, 2 hope, Mick and Diva with tokens, kite 2,1, need 6",
     strong(2, 6, kite=(2, 1, False), roles=("diva", "mick", "", ""), tokens=(True, True, False, False))),
    ("before exhaustion, Rosina open, four 6/6, 3 hope, kite, need 5", strong(3, 5, roles=("rosina", "diva", "", ""), exhausted=False)),
    ("four 6/6, 0 hope (shouts only), Dolphin, need 8", strong(0, 8, kite=None, tokens=(False,) * 4)),
]


def one(r: rs.Rescue, limit: float) -> tuple[float, object]:
    rs._SEARCHES.clear()  # a fresh search: nothing known from an earlier table
    sol = rs.Solver(r)
    sol.search.deadline = time.perf_counter() + limit
    t0 = time.perf_counter()
    try:
        got = rs.solve(r)["chance"]
    except se.TooLong:
        got = None
    return (time.perf_counter() - t0) * 1000, got


def main() -> None:
    limit = float(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else 60.0
    times = []
    print(f"{'table':<72} {'ms':>10}  chance")
    for label, r in GRID:
        ms, got = one(r, limit)
        times.append(ms)
        shown = f"{got:.6f}" if got is not None else f"cut off at {limit:.0f} s"
        flag = "" if ms <= BUDGET_MS else "  over budget"
        print(f"{label:<72} {ms:>10.1f}  {shown}{flag}", flush=True)
    print(f"max {max(times):.1f} ms, median {statistics.median(times):.1f} ms (budget {BUDGET_MS:.0f} ms a query; "
          f"{sum(t <= BUDGET_MS for t in times)}/{len(times)} within it)")
    if "--ref" in sys.argv:
        from tests import days21_rescue_ref as ref

        r = issue1(kite=None)
        t0 = time.perf_counter()
        old = ref.solve(ref.Rescue(**{k: v for k, v in r.__dict__.items()}))["chance"]
        t_old = time.perf_counter() - t0
        t_new, new = one(r, limit)
        print(f"the issue's table without the kite: the earlier solver {t_old:.2f} s, this search {t_new / 1000:.2f} s "
              f"(x{t_old / (t_new / 1000):.1f}); chances {old:.15f} and {new:.15f}")
    if "--no-command" not in sys.argv:
        exe = ROOT / ".venv" / "bin" / "castaway"
        t0 = time.perf_counter()
        subprocess.run([str(exe), "odds", "day21", *ISSUE1.split()], check=True, capture_output=True)
        print(f"whole command, the issue's first table: {time.perf_counter() - t0:.2f} s (castaway odds day21 {ISSUE1})")


if __name__ == "__main__":
    main()
