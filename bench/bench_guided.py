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
import random
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

from guided_harness import OWN, ScriptedTable, new_game  # noqa: E402

from companion.guide import Ask  # noqa: E402

MORNING = ["two-hope", "all-plus1", "all-minus1", "ship-right", "ship-left", "colour-plus2", "reshuffle"]
EVENING = ["all-minus1", "disaster", "shared-loss", "two-hope", "ship-right"]


class Table(ScriptedTable):
    """The scripted 21 Days table."""

    UNIT = "day"
    LIMIT = 3000

    def pick(self, ask: Ask, t):
        k, rng = ask.kind, self.rng
        prompt = str(ask.prompt)
        if (got := self.plain(ask, confirm=False)) is not OWN:
            return got
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
                queue = t.data["flow"]["queue"]
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
            alive = [s for s in t.seats if s not in t.data.get("dead", []) and t.seat_values(s).get("strength")]
            return ",".join(rng.choice(alive) for _ in range(3))
        if "challenges" in low or "výzv" in low:
            return ">1,>2,<3,<4"
        if "numbers" in low or "čísla" in low:
            return "5,6"
        return "end"


def main() -> None:
    players = ["Ann", "Bob", "Cid", "Dee"][: args.players]
    db = Path(tempfile.mkdtemp()) / "bench.db"
    table = Table(db, new_game(db, "21days", {"players": players}, args.seed), random.Random(args.seed), args.trace)
    table.play(args.show)
    print(f"checkout: {args.root}  seed {args.seed}, {args.players} players")
    print("answers per day: " + table.counts())
    print(table.summary())


if __name__ == "__main__":
    main()
