"""How fast `castaway status` answers, as ratios measured in one run (machines here are noisy).

1. status on a 200-event game vs the import floor `python -c "import typer, rich.console, sqlite3"`
   (target: at most 1.3; our code adds at most 30% to what Typer and Rich cost anyway)
2. status at 10,000 events vs at 100 events (target: at most 1.2)

Runs are interleaved and the median of each is compared.
"""

from __future__ import annotations

import os
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


def timed(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, cwd=ROOT, env=ENV)
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {r.stderr.decode()}")
    return dt


def compare(a: list[str], b: list[str]) -> tuple[float, float]:
    ta, tb = [], []
    timed(a), timed(b)  # warm the file cache
    for _ in range(RUNS):
        ta.append(timed(a))
        tb.append(timed(b))
    return statistics.median(ta), statistics.median(tb)


def main() -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", "cli.py", "companion", "ui", "printables"], cwd=ROOT, env=ENV)
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        for n in (100, 200, 10_000):
            build(d / f"g{n}.db", n)
        status = lambda n: CASTAWAY + ["--db", str(d / f"g{n}.db"), "status"]  # noqa: E731
        s200, floor = compare(status(200), FLOOR)
        r1 = s200 / floor
        print(f"status at 200 events: {s200 * 1000:.1f} ms; import floor (typer, rich.console, sqlite3): "
              f"{floor * 1000:.1f} ms; ratio {r1:.2f} (target <= 1.3) {'OK' if r1 <= 1.3 else 'OVER'}")
        s10k, s100 = compare(status(10_000), status(100))
        r2 = s10k / s100
        print(f"status at 10,000 events: {s10k * 1000:.1f} ms; at 100 events: {s100 * 1000:.1f} ms; "
              f"ratio {r2:.2f} (target <= 1.2) {'OK' if r2 <= 1.2 else 'OVER'}")


if __name__ == "__main__":
    main()
