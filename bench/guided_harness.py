"""The scripted table shared by the guided-game benches (bench_guided*.py): it answers each question of the
real `castaway play` loop in place of the keyboard and counts the answers per day or round.

A bench subclasses ScriptedTable with its game's `pick(ask, table)` and the track that counts (`UNIT`: the
day or the round), makes its game, and calls `play()`. The bench puts the checkout it measures on sys.path
before importing this module's users of castaway (its `--root`), so the same script measures before and after.
"""

from __future__ import annotations

import io
import random
import statistics
import sys
from pathlib import Path

import typer

from companion import session
from companion.guide import Ask
from ui import common, play_cmds

OWN = object()  # ScriptedTable.plain: the game's own script answers this one


class ScriptedTable:
    """Answers each Ask through `pick` and counts the answers per unit (day or round); `go` counts the bare
    Enters to go on (a question that takes no answer but Enter)."""

    UNIT = "day"  # the track that counts: "day" or "round"
    LIMIT = 2000  # answers in one game: a loop that never ends is a failure of the script, not a long game

    def __init__(self, db: Path, gid: int, rng: random.Random, trace: bool = False):
        self.db, self.gid, self.rng, self.trace = db, gid, rng, trace
        self.per: dict[int, int] = {}
        self.go = 0
        self.total = 0

    def table(self):
        with session.open_store(self.db) as st:
            return session.load(st, self.gid).table

    def answer(self, ask: Ask, on_word, cat=None):
        self.total += 1
        if self.total > self.LIMIT:
            raise play_cmds.Quit
        t = self.table()
        n = t.data["tracks"].get(self.UNIT, 1)
        self.per[n] = self.per.get(n, 0) + 1
        got = self.pick(ask, t)
        if self.trace:
            print(f"{self.UNIT} {n:2}  {str(ask.prompt)[:60]!r:64} -> {got!r}", file=sys.stderr)
        return got

    def pick(self, ask: Ask, t):
        raise NotImplementedError

    def plain(self, ask: Ask, confirm: bool = False):
        """The answer any table gives alike, or OWN when the game's script must choose: Enter to go on
        (counted in `go`), Enter for a virtual roll, a yes/no's default (else `confirm`), a number's
        default (else its lowest)."""
        if ask.kind == "none":
            self.go += 1
            return None
        if ask.kind == "dice":
            return None
        if ask.kind == "confirm":
            return bool(ask.default) if ask.default is not None else confirm
        if ask.kind == "number":
            return ask.default if ask.default is not None else ask.lo
        return OWN

    def play(self, show: bool = False) -> None:
        """The real guided loop on this table's game, to its end or to the answer limit."""
        common.CTX.db, common.CTX.game = str(self.db), self.gid
        play_cmds.ask_until_valid = self.answer
        if not show:
            common.out.file = io.StringIO()
            common.err.file = io.StringIO()
        try:
            play_cmds.play_cmd(board=False)
        except typer.Exit:
            pass

    def counts(self) -> str:
        return "  ".join(f"{n}:{self.per[n]}" for n in sorted(self.per))

    def summary(self) -> str:
        units = {"day": "days", "round": "rounds"}[self.UNIT]
        return (f"median answers per {self.UNIT}: {statistics.median(self.per.values())}"
                f"  (total {self.total}, bare Enter to go on {self.go}, {units} {len(self.per)})")


def new_game(db: Path, game: str, options: dict, seed: int) -> int:
    with session.open_store(db, create=True) as st:
        return session.new_game(st, game, options, seed=seed).row.id
