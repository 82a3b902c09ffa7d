"""Answers per round in a scripted 21 Mutinies game played through the guided loop (`castaway play`).

The real loop of ui/play_cmds.py runs (the approach of bench/bench_guided.py); only the keyboard is
replaced by a scripted table that answers each question as a group would: Enter rolls virtually and
takes the default; a choice without a default takes a seeded random option (a pawn's place: treasure
tokens and voluntary cards, which the menu also offers, are kept for the end); the trade routes' new
tokens get seeded random prices; a black market trade reads a fixed payout; the final scoring turns the
treasure tokens over as prestige. Every answer the loop asks for counts, a bare Enter included. Prints
the answers of each round, the median, the total and how many were a bare Enter to go on.

    .venv/bin/python bench/bench_guided_mutinies.py [--seed 7] [--players 3] [--root DIR] [--show --lang cs]

--root runs another checkout's code (e.g. an export of main) with this same script: before and after.
The script reads the table's state, not the questions' words, so it answers any wording alike.
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
p.add_argument("--players", type=int, default=3)
p.add_argument("--show", action="store_true", help="print the game's output too")
p.add_argument("--trace", action="store_true", help="print each question asked, with its round")
p.add_argument("--lang", default="en", help="the language the game speaks (with --show: read it as a player would)")
args = p.parse_args()
sys.path.insert(0, args.root)

from guided_harness import OWN, ScriptedTable, new_game  # noqa: E402

from companion.guide import Ask  # noqa: E402

COSTS = ["0", "1d", "2d", "1d1r", "1r", "3d", "2d1r"]


class Table(ScriptedTable):
    """The scripted 21 Mutinies table."""

    UNIT = "round"

    def pick(self, ask: Ask, t):
        k, rng = ask.kind, self.rng
        if (got := self.plain(ask, confirm=True)) is not OWN:
            return got
        if k == "choice":
            if ask.default is not None:
                return ask.parse("")
            values = [v for v, _label in ask.choices]
            places = [v for v in values if not v.startswith(("treasure:", "card:"))]  # tokens count at the end
            return rng.choice(places or values)
        if ask.default is not None:
            return ask.parse("")
        f = t.data["flow"]
        if f.get("scoring"):  # the treasure tokens turned over
            seat = f["scoring"]["todo"][0][1]
            return ",".join(["prestige"] * t.seat_values(seat)["treasure"])
        unknown = [sq for sq in f["routes"] if sq["token"] and sq["cost"] is None]
        if unknown and not f["queue"]:  # the new tokens' prices
            return " ".join(rng.choice(COSTS) for _ in unknown)
        return "0 2 1"  # a black market trade: no rum; the board's chart read as 2 doubloons, 1 prestige


def main() -> None:
    if args.lang != "en":
        from companion import i18n

        i18n.set_language(args.lang)
    players = ["Ann", "Bob", "Cid", "Dee", "Eve"][: args.players]
    db = Path(tempfile.mkdtemp()) / "bench.db"
    table = Table(db, new_game(db, "mutinies", {"players": players}, args.seed), random.Random(args.seed), args.trace)
    table.play(args.show)
    over = bool(table.table().data.get("over"))
    print(f"checkout: {args.root}  seed {args.seed}, {args.players} players, game {'over' if over else 'NOT over'}")
    print("answers per round: " + table.counts())
    print(table.summary())


if __name__ == "__main__":
    main()
