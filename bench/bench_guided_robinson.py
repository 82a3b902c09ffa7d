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
import random
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

from guided_harness import OWN, ScriptedTable, new_game  # noqa: E402

from companion.guide import Ask  # noqa: E402

TILES = [n for n in range(1, 12) if n != 8]  # the Island tiles besides tile 8 (the camp's)


def schedule(rnd: int) -> tuple[str, ...]:
    return ("rain", "winter") if rnd >= 7 else ("rain",) if rnd >= 4 else ()


class Table(ScriptedTable):
    """The scripted Robinson Crusoe table: a simple plan each round, the weather as scheduled."""

    UNIT = "round"

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.queue: list[str] = []
        self.tiles = list(TILES)
        from companion import catalog

        self.cost = catalog.load("robinson").rules["shelter_cost"]["wood"]

    def pick(self, ask: Ask, t):
        k, prompt = ask.kind, str(ask.prompt)
        if (got := self.plain(ask, confirm=False)) is not OWN:
            return got
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
    players = ["Ann", "Bob", "Cid", "Dee"][: args.players]
    options = {"players": players, "rounds": str(args.rounds), "items": "Hammer,Bible"}
    db = Path(tempfile.mkdtemp()) / "bench.db"
    table = Table(db, new_game(db, "robinson", options, args.seed), random.Random(args.seed), args.trace)
    table.play(args.show)
    over = table.table().data.get("over") or {}
    print(f"checkout: {args.root}  seed {args.seed}, {args.players} players, {args.rounds} rounds")
    print("answers per round: " + table.counts())
    print(table.summary()[:-1] + f", game {over.get('result', 'not over')}: {over.get('reason', '')})")


if __name__ == "__main__":
    main()
