"""Crash and concurrency: kill -9 during writes, two processes writing one game."""

from __future__ import annotations

import random
import subprocess
import sys

from companion import dbcheck, session
from tests.crashlib import WRITER, one_round, passed, setup_db


def test_kill_9_during_writes_loses_nothing_acknowledged(tmp_path):
    db = tmp_path / "crash.db"
    gid = setup_db(db)
    rng = random.Random(2026)
    total_acked = 0
    for i in range(20):
        r = one_round(db, gid, rng)
        assert passed(r), f"round {i}: {r}"
        total_acked += r["acked"]
    assert total_acked >= 20


WRITES = 60  # each process's commands (200 before: the same check, a third of the time)


def test_two_processes_writing_one_game(tmp_path):
    """Two processes write one game through the CLI, each command held to the version it read: every
    command is applied or refused as stale, the log stays gapless, and both make progress."""
    db = tmp_path / "two.db"
    gid = setup_db(db)
    procs = [
        subprocess.Popen([sys.executable, str(WRITER), "cli", str(db), str(gid), str(WRITES), tag],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for tag in ("a", "b")
    ]
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
    assert applied >= WRITES  # both made progress
