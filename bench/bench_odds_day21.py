"""Day-21 odds benchmark (one run): the compute time of `castaway odds day21`'s answer (the chance and the
plan, rescue.solve) over a grid of hard tables (the issue's tables and harder ones), each from a fresh
search, with the compiled kernel (companion/odds/days21/_kernel.c) and with the pure-Python Search,
against the 50 ms budget a query; then the maximum and the median of each, and the ratio of the two
measured in this run. A search slower than its limit is cut off and counts as the limit (the kernel's
--limit, Python's --py-limit: a lower bound, shown with >=). Also the whole command's time for the
issue's first table and for the slowest table of the grid.

With --ref, also the tests' oracle (tests/days21_rescue_ref.py: every seat, face and choice enumerated) on the
issue's table without the kite.

Run: .venv/bin/python bench/bench_odds_day21.py [--limit 60] [--py-limit 20] [--no-python] [--no-command] [--ref]
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

from companion.odds.days21 import kernel as kn  # noqa: E402
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


def command_args(r: rs.Rescue) -> list[str]:
    """The `castaway odds day21` arguments for a table (survivors as their stacks)."""
    out = ["--need", str(r.need)]
    for _seat, role, st, h, tok in r.people:
        out += ["--person", ":".join(["/".join(map(str, st)), str(h)] + ([role] if role else []) + (["token"] if tok else []))]
    if r.dolphin:
        out.append("--dolphin")
    if r.kite is not None:
        out += ["--kite", f"{r.kite[0]},{r.kite[1]}"]
    if not r.exhausted:
        out.append("--before-exhaustion")
    return out


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
    ("four 6/6, 4 hope, kite, no Dolphin, need 8", strong(4, 8, dolphin=False)),
    ("four 6/6, 6 hope, kite flying, need 10", strong(6, 10, kite=(0, 3, True))),
    ("four 6/6, 4 hope, a bag of 24, kite, need 8", strong(4, 8, supply=24)),
    ("four 6/6, the whole bag held, Diva and Mick with both hope21 tokens, kite, need 8",
     strong(4, 8, roles=("diva", "mick", "", ""), tokens=(True, True, False, False))),
]


def one(r: rs.Rescue, limit: float, kernel: bool) -> tuple[float, object, int]:
    """Milliseconds of compute (this process's CPU time: the machine may be shared) for rescue.solve from a
    fresh search, the chance (None: cut off at the limit, which counts wall time), and the states the
    search valued."""
    kn.ENABLED = kernel
    rs._SEARCHES.clear()  # a fresh search: nothing known from an earlier table
    try:
        sol = rs.Solver(r)
        sol.search.deadline = time.perf_counter() + limit
        t0 = time.process_time()
        try:
            got = rs.solve(r)["chance"]
        except se.TooLong:
            got = None
        return (time.process_time() - t0) * 1000, got, sol.search.known()
    finally:
        rs._SEARCHES.clear()
        kn.ENABLED = True


def shown(ms: float, got) -> str:
    return f"{'>=' if got is None else '':>2}{ms:9.1f}"


def summary(name: str, times: list[float]) -> str:
    return (f"{name}: max {max(times):.1f} ms, median {statistics.median(times):.1f} ms, "
            f"{sum(t <= BUDGET_MS for t in times)}/{len(times)} within {BUDGET_MS:.0f} ms")


def _children_cpu() -> float:
    import resource

    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def main() -> None:
    limit = float(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else 60.0
    py_limit = float(sys.argv[sys.argv.index("--py-limit") + 1]) if "--py-limit" in sys.argv else 20.0
    python = "--no-python" not in sys.argv and kn.available()
    if not kn.available():
        print("the compiled kernel is not built here: Python's Search only (`make .venv/.installed-test` builds it)")
    fast_t, slow_t = [], []
    w = max(len(label) for label, _r in GRID)
    print(f"{'table':<{w}} {'kernel ms':>11} {'states':>9} {'Python ms':>11} {'ratio':>7}  chance")
    for label, r in GRID:
        ms, got, states = one(r, limit, kn.available())
        fast_t.append(ms)
        line = f"{label:<{w}} {shown(ms, got)} {states:>9}"
        if python:
            pms, pgot, _n = one(r, py_limit, False)
            slow_t.append(pms)
            ratio = f"{'>=' if pgot is None else ''}{pms / ms:.0f}x"
            line += f" {shown(pms, pgot)} {ratio:>7}"
            if got is not None and pgot is not None and abs(got - pgot) > 1e-12:
                line += f"  DIFFERS from Python's {pgot!r}"
        else:
            line += f" {'':>11} {'':>7}"
        line += f"  {got:.6f}" if got is not None else f"  cut off at {limit:g} s"
        print(line + ("" if ms <= BUDGET_MS else "  over budget"), flush=True)
    print(summary("kernel" if kn.available() else "Python", fast_t))
    if slow_t:
        print(summary("Python", slow_t) + f" (each cut off at {py_limit:g} s)")
        print(f"total: kernel {sum(fast_t) / 1000:.2f} s, Python >= {sum(slow_t) / 1000:.1f} s (x{sum(slow_t) / sum(fast_t):.0f} at least)")
    if "--ref" in sys.argv:
        from tests import days21_rescue_ref as ref

        r = issue1(kite=None)
        t0 = time.process_time()
        old = ref.chance(r.need, r.people, supply=r.supply, dolphin=r.dolphin, kite=r.kite, exhausted=r.exhausted,
                         rosina_open=r.rosina_open, diva_used=r.diva_used)
        t_old = time.process_time() - t0
        t_new, new, _n = one(r, limit, kn.available())
        print(f"the issue's table without the kite: the oracle {t_old:.2f} s, this search {t_new / 1000:.3f} s "
              f"(x{t_old / (t_new / 1000):.0f}); chances {old:.15f} and {new:.15f}")
    if "--no-command" not in sys.argv:
        exe = ROOT / ".venv" / "bin" / "castaway"
        worst = GRID[max(range(len(GRID)), key=lambda i: fast_t[i])]
        for label, args in (("the issue's first table", ISSUE1.split()), (f"the slowest table ({worst[0]})", command_args(worst[1]))):
            t0, c0 = time.perf_counter(), _children_cpu()
            subprocess.run([str(exe), "odds", "day21", *args, "--limit", f"{limit:g}"], check=True, capture_output=True)
            print(f"whole command, {label}: {_children_cpu() - c0:.2f} s CPU, {time.perf_counter() - t0:.2f} s wall "
                  f"(castaway odds day21 {' '.join(args)})")


if __name__ == "__main__":
    main()
