"""Kill -9 a writing process at random moments and check that the game survived (test and bench)."""

from __future__ import annotations

import json
import os
import random
import select
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


class Writers:
    """`writer.py fork`: one process, loaded once, that forks a fresh writing process for each round (the
    process killed is a whole process of its own, with its own connection; only Python's start is shared)."""

    WAIT = 60.0  # seconds without a line from the writers: the test fails rather than hang

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, str(WRITER), "fork"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        self.pending = b""
        first = self.line()
        if first.strip() != "ready":
            self.close()
            raise AssertionError(f"writer did not start: {first!r}")

    def send(self, text: str) -> None:
        self.proc.stdin.write(text.encode())

    def line(self) -> str:
        """The next line the writers print, read as it comes (select, no buffer of Python's in between)."""
        while b"\n" not in self.pending:
            if not select.select([self.proc.stdout], [], [], self.WAIT)[0]:
                raise AssertionError(f"no line from the forking writer in {self.WAIT:g} s (so far: {self.pending[-200:]!r})")
            got = os.read(self.proc.stdout.fileno(), 65536)
            if not got:
                raise AssertionError(f"the forking writer ended (left: {self.pending[-200:]!r})")
            self.pending += got
        one, self.pending = self.pending.split(b"\n", 1)
        return one.decode() + "\n"

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


def one_round(db: Path, gid: int, rng: random.Random, writers: Writers | None = None, longest: float = 0.25) -> dict:
    """Start a writer, kill it at a random moment (0 to `longest` seconds after its first write), and check
    that everything it acknowledged is there. `writers`: forked from there (else a process started anew)."""
    seed = str(rng.randrange(10**9))
    if writers is None:
        p = subprocess.Popen([sys.executable, str(WRITER), "crash", str(db), str(gid), seed],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        read, pid = p.stdout.readline, p.pid
    else:
        writers.send(f"{db} {gid} {seed}\n")
        read = writers.line
        pid = int(read().split()[1])
    acked: dict[int, str] = {}
    first = read()
    if not first.startswith("ack"):
        os.kill(pid, signal.SIGKILL)
        raise AssertionError(f"writer did not start: {first!r}")
    seq, text = first.split(" ", 2)[1:]
    acked[int(seq)] = text.strip()
    time.sleep(rng.uniform(0.0, longest))
    os.kill(pid, signal.SIGKILL)
    if writers is None:
        rest = p.communicate()[0].splitlines()
    else:
        rest = list(iter(read, "done\n"))
    for line in rest:
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
