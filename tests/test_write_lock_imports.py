"""A write imports everything it needs before it takes the write lock (session._prepare, Game.prepare): for
each game's first write of each kind in a fresh process, no module is imported between BEGIN IMMEDIATE and
the end of the transaction (the store's write context, watched in the child process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import contextlib, json, sys
from companion import store
real = store.Store.write
grown = []

@contextlib.contextmanager
def watched(self):
    with real(self) as st:  # BEGIN IMMEDIATE has run: the lock is held from here
        before = set(sys.modules)
        try:
            yield st
        finally:
            grown.append(sorted(set(sys.modules) - before))

store.Store.write = watched
import cli
sys.argv = ["castaway", *sys.argv[1:]]
try:
    cli.main()
except SystemExit as e:
    code = e.code
else:
    code = 0
sys.stderr.write("GROWN " + json.dumps([code, grown]) + "\\n")
"""

GAMES = {  # the setup, a correction, and a first answer to the guided game
    "21days": (("21days", "--seed", "3"), ("move", "ship", "+1"), "1\n"),
    "robinson": (("robinson", "--seed", "3"), ("set", "round", "2"), "\n"),
    "mutinies": (("mutinies", "--seed", "3", "-p", "Ann", "-p", "Bob"), ("set", "round", "2"), "2d 1d1r 0 1r\n"),
    "dieson": (("dieson", "--seed", "3"), ("move", "day", "+1"), "\n"),
}


def written(db: Path, *args: str, stdin: str = "") -> list[list[str]]:
    r = subprocess.run([sys.executable, "-c", PROBE, "--db", str(db), *args], capture_output=True, text=True, cwd=ROOT,
                       input=stdin)
    line = next((ln for ln in r.stderr.splitlines() if ln.startswith("GROWN ")), None)
    assert line is not None, r.stderr
    code, grown = json.loads(line[len("GROWN "):])
    assert grown, f"castaway {' '.join(args)} wrote nothing: {r.stdout}{r.stderr}"
    assert code == 0 or args[0] == "play", (args, r.stdout, r.stderr)
    return grown


@pytest.mark.parametrize("game", list(GAMES))
def test_no_module_is_imported_while_the_write_lock_is_held(game, tmp_path):
    setup, correction, answer = GAMES[game]
    db = tmp_path / "castaway.db"
    r = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "--db", str(db), "new", *setup],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    for args, stdin in ((("note", "a note"), ""), (("play", "--no-board"), answer), (correction, ""), (("undo",), ""),
                        (("redo",), ""), (("end", "--yes"), "")):
        for grown in written(db, *args, stdin=stdin):
            assert grown == [], (game, args, grown)
