"""How fast castaway answers, as ratios of CPU time (user + system of the process) measured in one run
(machines here are noisy; wall time is printed beside it).

Against the import floor `python -c "import typer, rich.console, sqlite3"`, on a fresh game: `status`
(target <= 1.3), one write (`note`, and a die typed in from the table, each <= 1.5), `--help` (<= 1.5). A 10,000-event game against a 100-event one:
`status`, `history -n 10` and one write (each <= 1.2). Runs are interleaved and the medians compared.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import actions as A  # noqa: E402
from companion import session  # noqa: E402
from companion.engine import apply  # noqa: E402
from companion.events import Event  # noqa: E402
from companion.store import now  # noqa: E402

RUNS = 25
# As on a player's machine: Python keeps compiled bytecode (this workplace sets PYTHONDONTWRITEBYTECODE).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
CASTAWAY = [sys.executable, "-c", "import cli; cli.main()"]  # this checkout, run as the console script does
FLOOR = [sys.executable, "-c", "import typer, rich.console, sqlite3"]


def build(path: Path, events: int) -> None:
    """A 21 Days game with `events` events (setup included), written fast in one transaction."""
    with session.open_store(path, create=True) as st:
        loaded = session.new_game(st, "21days", {}, seed=3)
        st.conn.execute("PRAGMA synchronous = OFF")  # building the fixture only
        gid, cat = loaded.row.id, loaded.cat
        table = loaded.table
        cycle = [A.Roll(("d6", "d6")), A.Move("ship", 1), A.Move("ship", -1), A.Note("a note"), A.Roll(("shark",))]
        with st.write():
            row = st.game(gid)
            version, head = row.version, row.head
            for i in range(events - 1):
                action = cycle[i % len(cycle)]
                table, result = apply(table, action, cat)
                ev = Event(seq=version + 1, type="action", action=action.to_dict(), result=result, parent=head,
                           head=version + 1, at=now(), text=action.text(), day=1, phase=None)
                st.append(gid, version, ev, table, redo=[], snapshot=True)
                version, head = version + 1, version + 1


def timed(cmd: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of cmd."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, cwd=ROOT, env=ENV)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {r.stderr.decode()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def compare(a: list[str], b: list[str]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The medians ((cpu, wall) of a, (cpu, wall) of b) over interleaved runs."""
    ra, rb = [], []
    timed(a), timed(b)  # warm the file cache (and a first write marks the log whole)
    for _ in range(RUNS):
        ra.append(timed(a))
        rb.append(timed(b))
    med = lambda rs: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs))  # noqa: E731
    return med(ra), med(rb)


def line(what: str, a: str, b: str, target: float, ma, mb) -> bool:
    ratio = ma[0] / mb[0]
    ok = ratio <= target
    print(f"{what}: {a} {ma[0] * 1000:.0f} ms CPU ({ma[1] * 1000:.0f} ms wall), {b} {mb[0] * 1000:.0f} ms CPU "
          f"({mb[1] * 1000:.0f} ms wall); ratio {ratio:.2f} (target <= {target}) {'OK' if ok else 'OVER'}")
    return ok


def main() -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", "cli.py", "companion", "ui", "printables"], cwd=ROOT, env=ENV)
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        for n in (1, 100, 10_000):
            build(d / f"g{n}.db", n)
        run = lambda n, *args: CASTAWAY + ["--db", str(d / f"g{n}.db"), *args]  # noqa: E731
        ok = [
            line("status, fresh game vs import floor", "status", "floor", 1.3, *compare(run(1, "status"), FLOOR)),
            line("one write, fresh game vs import floor", "note", "floor", 1.5, *compare(run(1, "note", "x"), FLOOR)),
            line("a typed roll, fresh game vs import floor", "dice roll", "floor", 1.5,
                 *compare(run(1, "dice", "roll", "d6", "--faces", "3"), FLOOR)),
            line("--help vs import floor", "--help", "floor", 1.5, *compare(CASTAWAY + ["--help"], FLOOR)),
            line("status, 10,000 vs 100 events", "10k", "100", 1.2, *compare(run(10_000, "status"), run(100, "status"))),
            line("history -n 10, 10,000 vs 100 events", "10k", "100", 1.2,
                 *compare(run(10_000, "history", "-n", "10"), run(100, "history", "-n", "10"))),
            line("one write, 10,000 vs 100 events", "10k", "100", 1.2, *compare(run(10_000, "note", "x"), run(100, "note", "x"))),
            line("a typed roll, 10,000 vs 100 events", "10k", "100", 1.2,
                 *compare(run(10_000, "dice", "roll", "d6", "--faces", "3"), run(100, "dice", "roll", "d6", "--faces", "3"))),
        ]
        print(f"{sum(ok)} of {len(ok)} within target")


if __name__ == "__main__":
    main()
