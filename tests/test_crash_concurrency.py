"""Crash and concurrency: kill -9 during writes, two processes writing one game."""

from __future__ import annotations

import random
import re
import subprocess
import sys

from companion import dbcheck, session
from tests.crashlib import WRITER, Writers, one_round, passed, setup_db

ROUNDS, GAMES = 20, 4  # 20 kills, on a fresh game every 5 (bench/bench_crash.py: 120 on one growing log)
LONGEST = 0.1  # a kill comes at most this long after the writer's first write (tens of writes: any moment of one)


def test_kill_9_during_writes_loses_nothing_acknowledged(tmp_path):
    """A writer killed at a random moment, 20 times: each time the file is whole and every write it
    acknowledged is there. The rounds go over four games of their own (five kills each), so each check
    replays a log of hundreds of events rather than one log grown to a thousand."""
    rng = random.Random(2026)
    total_acked = 0
    writers = Writers()
    try:
        for i in range(ROUNDS):
            if i % (ROUNDS // GAMES) == 0:
                db = tmp_path / f"crash{i}.db"
                gid = setup_db(db)
            r = one_round(db, gid, rng, writers, LONGEST)
            assert passed(r), f"round {i}: {r}"
            total_acked += r["acked"]
    finally:
        writers.close()
    assert total_acked >= ROUNDS


WRITES = 60  # each process's commands (200 before): the two start together, and their turns in the log are counted below


def _writer(line: str) -> str | None:
    """Which writer a log line is from: its note or the roll it made `--for` ("a7", "b12"); None for others."""
    m = re.search(r"\b([ab])\d+\b", line)
    return m.group(1) if m else None


def test_two_processes_writing_one_game(tmp_path):
    """Two processes write one game through the CLI, each command held to the version it read: every
    command is applied or refused as stale, the log stays gapless, and both make progress at the same time
    (both start on one signal and meet again halfway, and the log changes hands between them at least twice:
    a loaded machine may leave one unscheduled for a while, never for a whole half)."""
    db = tmp_path / "two.db"
    gid = setup_db(db)
    procs = [
        subprocess.Popen([sys.executable, str(WRITER), "cli", str(db), str(gid), str(WRITES), tag],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for tag in ("a", "b")
    ]
    for p in procs:  # both loaded before either writes: they start together
        assert p.stdout.readline().strip() == "ready", p.stderr.read()
    for p in procs:
        p.stdin.write("go\n")
        p.stdin.flush()
    outputs = [p.communicate(timeout=600) for p in procs]
    lines = []
    for (stdout, stderr), p in zip(outputs, procs):
        assert p.returncode == 0, stderr
        assert "locked" not in stdout + stderr
        lines += [ln for ln in stdout.splitlines() if ln.startswith("rc ")]
    assert len(lines) == 2 * WRITES
    applied = sum(1 for ln in lines if ln.startswith("rc 0"))
    stale = [ln for ln in lines if not ln.startswith("rc 0")]
    for ln in stale:  # every refusal is a stale refusal with its message
        assert ln.startswith("rc 1 ") and "changed since you read it" in ln, ln
    with session.open_store(db) as st:
        events = st.events(gid)
        seqs = [e.seq for e in events]
        assert seqs == list(range(1, len(seqs) + 1))
        assert len(events) == 1 + applied
        assert dbcheck.check(st)["ok"]
        by = [w for w in (_writer(e.text or "") for e in events[1:]) if w]
    assert applied >= WRITES  # both made progress
    assert len(by) == applied and set(by) == {"a", "b"}, by
    turns = sum(1 for x, y in zip(by, by[1:]) if x != y)
    assert turns >= 2, f"the two writers did not overlap: {''.join(by)}"  # a..b..a at least: they wrote at the same time
