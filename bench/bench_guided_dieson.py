"""Answers per day in scripted Dieson Crusoe games played through the guided loop (`castaway play`).

The real loop of ui/play_cmds.py runs; only the keyboard is replaced by a scripted player who answers
each question as a player at the table would: Enter rolls virtually and takes the default; the die
menu takes a seeded random die; the die-in-hand menu crafts a tool when one can be made, else does the
box's action (or moves on the map), never paying health or calling the friend unasked; the map questions
get a plain line with 1 star (with too few stars the move is tried and fails). Every answer the loop asks for counts, a bare Enter to go on included.
Prints each game's answers per day, then the median per day over all games, the total and the bare Enters.

    .venv/bin/python bench/bench_guided_dieson.py [--seeds 1-5] [--quest 2] [--root DIR]

--root runs another checkout's code (e.g. an export of main) with this same script: before and after.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

p = argparse.ArgumentParser()
p.add_argument("--seeds", default="1-5", help="seeds of the games, e.g. 1-5 or 3")
p.add_argument("--quest", type=int, default=2, help="quest card 1..5 (2: Rescue Signal, 10 days)")
p.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
p.add_argument("--show", action="store_true", help="print the games' output too")
p.add_argument("--trace", action="store_true", help="print each question asked, with its day")
args = p.parse_args()
sys.path.insert(0, args.root)

from guided_harness import ScriptedTable, new_game  # noqa: E402

from companion.guide import Ask  # noqa: E402


class Player(ScriptedTable):
    """The scripted Dieson Crusoe player."""

    UNIT = "day"
    LIMIT = 1500

    def pick(self, ask: Ask, t):
        k, rng = ask.kind, self.rng
        values = [v for v, _label in ask.choices]
        if k == "none" or (k == "choice" and values and values[0] == "go"):
            self.go += 1  # a bare Enter to go on (or 'go on' offered beside the friend's help)
            return None if k == "none" else "go"
        if k == "dice":
            return None
        if k == "confirm":
            return bool(ask.default) if ask.default is not None else False
        if k == "number":
            return ask.default if ask.default is not None else 1
        if k == "text":
            return ask.parse("")
        if ask.multiple:
            return ask.parse("")
        picks = [v for v in values if v.startswith("pick:")]
        if picks:
            return rng.choice(picks)
        crafts = [v for v in values if v.startswith("craft:")]
        if crafts:
            return crafts[0]
        acts = [v for v in values if v.startswith(("do:", "menu:"))]
        if acts:
            return rng.choice(acts)
        if "friend" in values:
            return "friend"
        if "idle" in values:
            return "idle"
        if "fail" in values:  # not enough stars for the line: the move is tried and fails
            return "fail"
        if "plain" in values:
            return "plain"
        if ask.default is not None:
            return ask.parse("")
        return rng.choice([v for v in values if not v.startswith(("help:", "leather"))] or values)


def play(seed: int, tmp: Path) -> Player:
    db = tmp / f"bench-{seed}.db"
    player = Player(db, new_game(db, "dieson", {"quest": str(args.quest)}, seed), random.Random(seed), args.trace)
    player.play(args.show)
    return player


def seeds(text: str) -> list[int]:
    lo, _dash, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def main() -> None:
    days: list[int] = []
    total = go = 0
    print(f"checkout: {args.root}  quest {args.quest}")
    with tempfile.TemporaryDirectory() as folder:
        games = [play(seed, Path(folder)) for seed in seeds(args.seeds)]
    for seed, pl in zip(seeds(args.seeds), games):
        days += list(pl.per.values())
        total, go = total + pl.total, go + pl.go
        print(f"seed {seed}: " + pl.counts(), flush=True)
    print(f"median answers per day: {statistics.median(days)}  (total {total}, bare Enter to go on {go}, days {len(days)})")


if __name__ == "__main__":
    main()
