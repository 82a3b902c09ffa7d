"""Kill -9 a writing process at random moments and check that the game survived (test and bench)."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion import dbcheck, session

WRITER = Path(__file__).resolve().parent / "procs" / "writer.py"


def setup_db(path: Path) -> int:
    with session.open_store(path, create=True) as st:
        return session.new_game(st, "21days", {}, seed=5).row.id


def one_round(db: Path, gid: int, rng: random.Random) -> dict:
    """Start a writer, kill it at a random moment, and check everything it acknowledged is there."""
    p = subprocess.Popen([sys.executable, str(WRITER), "crash", str(db), str(gid), str(rng.randrange(10**9))],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    acked: dict[int, str] = {}
    first = p.stdout.readline()
    if not first.startswith("ack"):
        p.kill()
        raise AssertionError(f"writer did not start: {first!r} {p.stderr.read()}")
    seq, text = first.split(" ", 2)[1:]
    acked[int(seq)] = text.strip()
    time.sleep(rng.uniform(0.0, 0.25))
    p.send_signal(signal.SIGKILL)
    rest, _ = p.communicate()
    for line in rest.splitlines():
        if line.startswith("ack "):
            seq, text = line.split(" ", 2)[1:]
            acked[int(seq)] = text.strip()
    return check(db, gid, acked)


def check(db: Path, gid: int, acked: dict[int, str]) -> dict:
    with session.open_store(db) as st:
        integrity = st.integrity()
        row = st.game(gid)
        events = st.events(gid)
        seqs = [e.seq for e in events]
        report = dbcheck.check(st)
        snaps_ok = all(st.snapshot(gid, e.seq) is not None for e in events if e.type == "action")
        stored = {e.seq: e.text for e in events}
    missing = [s for s, text in acked.items() if stored.get(s) != text]
    whole = all(e.at and e.text and (e.type != "action" or isinstance(e.action, dict)) for e in events)
    return {
        "integrity": integrity,
        "gapless": seqs == list(range(1, len(seqs) + 1)) and seqs[-1] == row.version,
        "acked": len(acked),
        "missing": missing,
        "replay_ok": report["ok"],
        "snapshots_ok": snaps_ok,
        "whole": whole,
        "events": len(events),
    }


def passed(r: dict) -> bool:
    return r["integrity"] == "ok" and r["gapless"] and not r["missing"] and r["replay_ok"] and r["snapshots_ok"] and r["whole"]


if __name__ == "__main__":
    print(json.dumps(one_round(Path(sys.argv[1]), int(sys.argv[2]), random.Random())))
