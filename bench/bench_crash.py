"""The long crash run: 120 rounds of kill -9 at random moments during writes (the test suite runs 20)."""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.crashlib import one_round, passed, setup_db  # noqa: E402

ROUNDS = 120


def main() -> None:
    rng = random.Random()
    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "crash.db"
        gid = setup_db(db)
        t0 = time.perf_counter()
        acked = failed = 0
        for i in range(ROUNDS):
            r = one_round(db, gid, rng)
            acked += r["acked"]
            if not passed(r):
                failed += 1
                print(f"round {i} FAILED: {r}")
        print(f"{ROUNDS} kill -9 rounds in {time.perf_counter() - t0:.1f} s: {acked} acknowledged events, "
              f"{r['events']} events in the log, {failed} rounds with a problem "
              f"(integrity, gaps, lost acknowledged events, replay != snapshot)")


if __name__ == "__main__":
    main()
