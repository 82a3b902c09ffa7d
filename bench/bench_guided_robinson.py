"""Answers per round in a scripted Robinson Crusoe game played through the guided loop (`castaway play`).

The real loop of ui/play_cmds.py runs (as in bench/bench_guided.py); only the keyboard is replaced by a
scripted table that answers each question as a group would: Enter rolls virtually and takes the default;
the Event deck shows a seeded random card; the weather dice follow a fixed scenario schedule (none before
round 4, the rain die from round 4, rain and winter from round 7); each round the group plans the same
way (a Threat Action when a card waits, an exploration with Friday's pawn while tiles are left, a weapon
when there is wood, then rest or arranging the camp), typing one plan per answer where the prompt takes
one, or all of them in one answer where it takes several separated by ';'. The goal is never met: the
game runs to its last round, or until a character dies. Every answer the loop asks for counts, a bare
Enter included. Prints the answers of each round, the median, the total and how many were a bare Enter
to go on.

    .venv/bin/python bench/bench_guided_robinson.py [--seed 7] [--rounds 10] [--root DIR]

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
p.add_argument("--rounds", type=int, default=10)
p.add_argument("--players", type=int, default=2)
p.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
p.add_argument("--show", action="store_true", help="print the game's output too")
p.add_argument("--trace", action="store_true", help="print each question asked, with its round")
args = p.parse_args()
sys.path.insert(0, args.root)

import typer  # noqa: E402

from companion import session  # noqa: E402
from companion.guide import Ask  # noqa: E402
from ui import common, play_cmds  # noqa: E402

LIMIT = 2000  # answers: a loop that never ends is a failure of the script, not a long game
TILES = [n for n in range(1, 12) if n != 8]  # the Island tiles besides tile 8 (the camp's)


def schedule(rnd: int) -> tuple[str, ...]:
    return ("rain", "winter") if rnd >= 7 else ("rain",) if rnd >= 4 else ()


class Table:
    """The scripted table: answers each Ask and counts answers per round."""

    def __init__(self, db: Path, gid: int, rng: random.Random):
        self.db, self.gid, self.rng = db, gid, rng
        self.per_round: dict[int, int] = {}
        self.go = 0
        self.total = 0
        self.queue: list[str] = []
        self.tiles = list(TILES)
        from companion import catalog

        self.cost = catalog.load("robinson").rules["shelter_cost"]["wood"]

    def table(self):
        with session.open_store(self.db) as st:
            return session.load(st, self.gid).table

    def answer(self, ask: Ask, on_word, cat=None):
        self.total += 1
        if self.total > LIMIT:
            raise play_cmds.Quit
        t = self.table()
        rnd = t.data["tracks"]["round"]
        self.per_round[rnd] = self.per_round.get(rnd, 0) + 1
        got = self.pick(ask, t)
        if args.trace:
            print(f"round {rnd:2}  {str(ask.prompt)[:60]!r:64} -> {got!r}", file=sys.stderr)
        return got

    def pick(self, ask: Ask, t):
        k, prompt = ask.kind, str(ask.prompt)
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
            if set(values) == {"rain", "winter", "animals"}:
                return schedule(t.data["tracks"]["round"])
            if ask.default is not None:
                return ask.parse("")
            if ask.multiple:  # who goes hungry: those with the fewest wounds
                c = t.data["counters"]
                short = len(t.seats) - c["food"] - c["nonperishable"]
                return tuple(sorted(values, key=lambda s: t.seat_values(s)["wounds"])[:short])
            return values[0]
        if prompt.startswith("Plan"):
            return self.plan(prompt, t)
        if prompt.startswith("Card"):
            if self.rng.random() < 0.2:
                return "1"
            return f"{self.rng.choice((3, 4, 5, 6))} Storm {self.rng.choice((1, 2))}"
        if prompt.startswith("Beast"):
            return "2 1 1 1"
        if prompt.startswith("Tile"):
            return f"{self.tiles.pop(0)} plains food wood beast d1"
        if ask.default is not None:  # changes (Enter: nothing), the camp stays
            return ask.parse("")
        return "-"

    def plan(self, prompt: str, t) -> str:
        if not t.data["rc"]["plan"] and not self.queue:
            plans = self.plans(t)
            if "';'" in prompt:  # the prompt takes several plans in one answer
                return "; ".join(plans + ["done"])
            self.queue = plans + ["done"]
        return self.queue.pop(0) if self.queue else "done"

    def plans(self, t) -> list[str]:
        """The group's plan for the round, pawn by pawn."""
        r, c = t.data["rc"], t.data["counters"]
        chars = [t.seat_values(s)["survivor"] for s in t.seats]
        free = {ch: 2 for ch in chars}
        if r["friday"]:
            free["friday"] = 1
        out: list[str] = []

        def take(n: int, allow_friday: bool = True) -> str | None:
            who = [w for w, k in free.items() for _i in range(k) if allow_friday or w != "friday"][:n]
            if len(who) < n:
                return None
            for w in who:
                free[w] -= 1
            return "+".join(who)

        for slot, word in ((1, "threat-right"), (0, "threat-left")):
            card = r["threat"][slot]
            if card:
                pawns = take(card["pawns"] if card.get("icon") != "wreckage" else 1)
                if pawns:
                    out.append(f"{word} {pawns}")
        if self.tiles and free.get("friday"):
            pawns = take(1, allow_friday=False)
            if pawns:
                free["friday"] -= 1
                out.append(f"explore {pawns}+friday")
        wood = c["wood"]
        cost = int(self.cost[str(len(t.seats))])
        if t.data["flags"]["shelter"] != "built" and wood >= cost:
            pawns = take(1, allow_friday=False)
            if pawns:
                wood -= cost
                out.append(f"shelter {pawns} wood")
        placed = [k for k in sorted(r["tiles"], key=int) if k != r["camp"] and r["tiles"][k].get("food")]
        if placed:
            pawns = take(1, allow_friday=False)
            if pawns:
                out.append(f"gather food {placed[0]} {pawns}")
        if wood >= 1:
            pawns = take(1, allow_friday=False)
            if pawns:
                out.append(f"weapon {pawns}")
        for ch in chars:
            while free.get(ch):
                free[ch] -= 1
                out.append(("rest " if t.seat_values(t.seats[chars.index(ch)])["wounds"] else "arrange ") + ch)
        return out


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    db = tmp / "bench.db"
    players = ["Ann", "Bob", "Cid", "Dee"][: args.players]
    options = {"players": players, "rounds": str(args.rounds), "items": "Hammer,Bible"}
    with session.open_store(db, create=True) as st:
        gid = session.new_game(st, "robinson", options, seed=args.seed).row.id
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
    over = table.table().data.get("over") or {}
    rounds = sorted(table.per_round)
    print(f"checkout: {args.root}  seed {args.seed}, {args.players} players, {args.rounds} rounds")
    print("answers per round: " + "  ".join(f"{r}:{table.per_round[r]}" for r in rounds))
    print(f"median answers per round: {statistics.median(table.per_round.values())}"
          f"  (total {table.total}, bare Enter to go on {table.go}, rounds {len(rounds)}, "
          f"game {over.get('result', 'not over')}: {over.get('reason', '')})")


if __name__ == "__main__":
    main()
