"""A process that writes to a game until it is killed (crash tests) or has issued N commands (concurrency).

crash DB GAME SEED      loop forever over session calls; print "ack SEQ TEXT" after each commit
fork                    load once, print "ready", then for each line "DB GAME SEED" read on stdin fork a
                        writer as `crash` does (it prints "pid PID" first, and opens the store itself);
                        print "done" once it has ended (killed): a kill test pays Python's start once
cli DB GAME N TAG       print "ready" once loaded, wait for a line on stdin (so two writers start together),
                        then issue N writing commands through the CLI, each built on the version read just
                        before (--if-version); print "rc CODE <stderr line>" for each. Halfway, each waits
                        for the other to be halfway too (a file DB.TAG.half), so that a writer the machine
                        leaves unscheduled for a while still writes while the other does, in each half
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion import actions as A  # noqa: E402
from companion import card_actions as C  # noqa: E402
from companion import session  # noqa: E402
from companion.errors import CompanionError  # noqa: E402


def crash(db: str, gid: int, seed: int) -> None:
    rng = random.Random(seed)
    store = session.open_store(db)
    moves = [
        lambda: A.Roll(("d6", "d6")),
        lambda: A.Roll(("shark",), ((rng.randint(1, 6), rng.randint(1, 6)),)),
        lambda: A.Move("ship", rng.choice([-1, 1])),
        lambda: A.Move(f"{rng.choice(['red', 'yellow', 'blue'])}.hope", rng.choice([-1, 1])),
        lambda: C.Draw("disaster"),
        lambda: C.Shuffle("disaster"),
        lambda: A.Note("x" * rng.randint(1, 500)),
    ]
    while True:
        r = rng.random()
        try:
            if r < 0.1:
                ev, _t, _u = session.undo(store, gid)
            elif r < 0.15:
                ev, _t, _u = session.redo(store, gid)
            else:
                ev, _t = session.act(store, gid, rng.choice(moves)())
        except CompanionError:
            continue
        # the whole line in one write (a pipe takes a write of under 4 KiB whole): a kill never leaves half a
        # line, whether Python's output is buffered or not (PYTHONUNBUFFERED writes print's parts one by one)
        sys.stdout.write(f"ack {ev.seq} {ev.text}\n")
        sys.stdout.flush()


def cli(db: str, gid: int, n: int, tag: str) -> None:
    from cli import app
    from tests.clirunner import CliRunner

    runner = CliRunner()
    store = session.open_store(db)
    runner.invoke(app, ["--db", db, "--game", str(gid), "status"])  # the commands built and imported before the start
    print("ready", flush=True)
    sys.stdin.readline()
    other = "b" if tag == "a" else "a"
    for i in range(n):
        if i == n // 2:
            Path(f"{db}.{tag}.half").touch()
            deadline = time.monotonic() + 120  # then go on: the test reports that the two did not overlap
            while not Path(f"{db}.{other}.half").exists() and time.monotonic() < deadline:
                time.sleep(0.005)
        version = store.game(gid).version
        args = ["--db", db, "--game", str(gid), "--if-version", str(version)]
        args += ["dice", "roll", "2d6", "--for", f"{tag}{i}"] if i % 2 else ["note", f"{tag}{i}"]
        r = runner.invoke(app, args)
        line = (r.stderr or "").strip().replace("\n", " | ")
        print(f"rc {r.exit_code} {line}", flush=True)


def fork() -> None:
    import os

    print("ready", flush=True)
    for line in sys.stdin:
        db, gid, seed = line.split()
        child = os.fork()
        if child == 0:
            try:
                print(f"pid {os.getpid()}", flush=True)
                crash(db, int(gid), int(seed))
            finally:  # a writer that fails never goes on as a second forking process
                os._exit(1)
        os.waitpid(child, 0)
        sys.stdout.write("\ndone\n")  # on a line of its own, whatever the killed writer left
        sys.stdout.flush()


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "crash":
        crash(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif mode == "fork":
        fork()
    else:
        cli(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
