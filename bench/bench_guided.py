"""Answers per day in a scripted 21 Days game played through the guided loop (`castaway play`).

The real loop of ui/play_cmds.py runs; only the keyboard is replaced by a scripted table that answers
each question as a group would: Enter rolls virtually and takes the default; a choice without a default
takes a seeded random option; the logbook card shows a seeded random handful of symbols each day.
Every answer the loop asks for counts, a bare Enter included. Prints the answers of each day, the
median, the total and how many were a bare Enter to go on.

    .venv/bin/python bench/bench_guided.py [--seed 7] [--root DIR]

--root runs another checkout's code (e.g. an export of main) with this same script: before and after.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import tempfile
from pathlib import Path

p = argparse.ArgumentParser()
p.add_argument("--seed", type=int, default=7)
p.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
p.add_argument("--players", type=int, default=2)
p.add_argument("--show", action="store_true", help="print the game's output too")
p.add_argument("--trace", action="store_true", help="print each question asked, with its day")
args = p.parse_args()
sys.path.insert(0, args.root)

import typer  # noqa: E402

from companion import session  # noqa: E402
from companion.guide import Ask  # noqa: E402
from ui import common, play_cmds  # noqa: E402

MORNING = ["two-hope", "all-plus1", "all-minus1", "ship-right", "ship-left", "colour-plus2", "reshuffle"]
EVENING = ["all-minus1", "disaster", "shared-loss", "two-hope", "ship-right"]
LIMIT = 3000  # answers: a loop that never ends is a failure of the script, not a long game


class Table:
    """The scripted table: answers each Ask and counts answers per day."""

    def __init__(self, db: Path, gid: int, rng: random.Random):
        self.db, self.gid, self.rng = db, gid, rng
        self.per_day: dict[int, int] = {}
        self.go = 0
        self.total = 0

    def day(self) -> int:
        with session.open_store(self.db) as st:
            return session.load(st, self.gid).table.data["tracks"].get("day", 1)

    def answer(self, ask: Ask, on_word, cat=None):
        self.total += 1
        if self.total > LIMIT:
            raise play_cmds.Quit
        d = self.day()
        self.per_day[d] = self.per_day.get(d, 0) + 1
        got = self.pick(ask)
        if args.trace:
            print(f"day {d:2}  {str(ask.prompt)[:60]!r:64} -> {got!r}", file=sys.stderr)
        return got

    def pick(self, ask: Ask):
        k, rng = ask.kind, self.rng
        prompt = str(ask.prompt)
        if k == "none":
            self.go += 1
            return None
        if k == "dice":
            return None
        if k == "confirm":
            return bool(ask.default) if ask.default is not None else False
        if k == "number":
            return ask.default if ask.default is not None else ask.lo
        values = [v for v, _label in ask.choices]
        if k == "choice":
            if ask.multiple and any(v in MORNING + EVENING + ["places"] for v in values):  # the logbook card
                if "places" in values:
                    return ("places",)
                pool = [v for v in (MORNING if "ship-left" in values and rng.random() < 0.5 else EVENING) if v in values]
                return tuple(rng.sample(pool, rng.choice((0, 1, 1, 2))))
            if ask.default is not None:
                return ask.parse("")
            if ask.multiple and getattr(ask, "also", ()):  # placement: the table placed its dice, types them all
                with session.open_store(self.db) as st:
                    queue = session.load(st, self.gid).table.data["flow"]["queue"]
                n = sum(1 for q in queue if q.get("do") == "place")
                return ask.parse(",".join([rng.choice(values)] + [rng.choice(values) for _ in range(n - 1)]))
            if ask.multiple:
                return (rng.choice(values),)
            return rng.choice(values)
        # text
        if ask.default is not None:
            return ask.parse("")
        low = prompt.lower()
        if "what now" in low or "co teď" in low:
            opts = [o for o in prompt.split("?", 1)[-1].split("|") if o.strip().startswith(("flare", "shout"))]
            return opts[0].strip() if opts else "end"
        if "who loses" in low or "kdo ztrácí" in low:
            with session.open_store(self.db) as st:
                t = session.load(st, self.gid).table
            alive = [s for s in t.seats if s not in t.data.get("dead", []) and t.seat_values(s).get("strength")]
            return ",".join(rng.choice(alive) for _ in range(3))
        if "challenges" in low or "výzv" in low:
            return ">1,>2,<3,<4"
        if "numbers" in low or "čísla" in low:
            return "5,6"
        return "end"


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    db = tmp / "bench.db"
    players = ["Ann", "Bob", "Cid", "Dee"][: args.players]
    with session.open_store(db, create=True) as st:
        gid = session.new_game(st, "21days", {"players": players}, seed=args.seed).row.id
    table = Table(db, gid, random.Random(args.seed))
    common.CTX.db, common.CTX.game = str(db), gid
    play_cmds.ask_until_valid = table.answer
    if not args.show:
        common.out.file = io.StringIO()
        common.err.file = io.StringIO()
    try:
        play_cmds.play_cmd(board=False)
    except typer.Exit:
        pass
    days = sorted(table.per_day)
    print(f"checkout: {args.root}  seed {args.seed}, {args.players} players")
    print("answers per day: " + "  ".join(f"{d}:{table.per_day[d]}" for d in days))
    print(f"median answers per day: {statistics.median(table.per_day.values())}"
          f"  (total {table.total}, bare Enter to go on {table.go}, days {len(days)})")


if __name__ == "__main__":
    main()
