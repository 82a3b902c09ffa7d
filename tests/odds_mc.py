"""21 Days' rules procedures run through the engine's own Action classes, with dice typed in as the table's
faces, to check the exact odds against (tests and bench/bench_odds.py). Each run builds a small table holding
just what the procedure reads. The dice and the colour tokens' picks come from `rng`: a seeded generator (Monte
Carlo runs), or `Paths`, which walks every way they can fall (`distribution`: the engine's exact odds, where
the dice are few enough).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

from companion import catalog
from companion.games.days21 import abilities as ab
from companion.games.days21 import attacks as at
from companion.games.days21 import day21 as day21_moves
from companion.games.days21 import game as days21
from companion.games.days21 import locations as lo
from companion.table import Table

CAT = catalog.load("21days")
COLOURS = ("red", "yellow", "blue", "green")


def table(stacks, hope=None, survivors=None, ship=4, day=5, extra=None) -> Table:
    """Survivors on raft spots 1..n in seat order (red on spot 1...), with these strength stacks."""
    seats = list(COLOURS[: len(stacks)])
    data = {
        "game": "21days", "options": {}, "seats": seats, "dead": [], "over": None, "last": None,
        "seat": {s: {"strength": list(st), "hope": (hope or [0] * len(stacks))[i],
                     "survivor": (survivors or seats)[i]} for i, (s, st) in enumerate(zip(seats, stacks))},
        "d21": {"raft": {str(i + 1): (seats[i] if i < len(seats) else None) for i in range(4)}, "today": [],
                "ability": {}, "kite": None, "swap": None, "just_attacked": False},
        "flow": {"queue": []}, "tracks": {"shark": 1, "ship": ship, "day": day}, "limits": {},
        "counters": {"tentacles": 8, "kite": 0, "planks": 6}, "flags": {"starting": "red"},
        "pools": {"hope": {"supply": 16}}, "rng": [0, 0],
        "decks": {d: {"draw": [], "discard": [], "out": [], "table": [], "held": {}} for d in ("bottle", "jellyfish")},
    }
    if extra:
        extra(data)
    return Table(data)


def run(t: Table, action):
    res = action.run(t, CAT)
    days21.settle(t, CAT)
    return res


def shark_attack(stacks, rng: random.Random) -> list[list[int]]:
    t = table(stacks)
    t.data["flow"]["queue"] = [{"do": "attack"}]
    bites = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(4)]
    done = 0
    while done < 4 and days21.living(t):
        run(t, at.SharkAttack(faces=tuple(bites[done:])))
        aw = t.data["flow"].get("await")
        if aw:
            run(t, at.ColourToken(rng.choice(aw["among"])))
        shark = t.data["flow"].get("shark")
        done = shark["bite"] if shark else 4
    return [t.seat_values(s)["strength"] for s in t.seats]


def shark_bite(stacks, fin: int, rng: random.Random) -> list[list[int]]:
    t = table(stacks)
    t.data["flow"]["queue"] = [{"do": f"shark-{fin}"}]
    run(t, at.SharkBite(fin, (rng.randint(1, 6), rng.randint(1, 6))))
    aw = t.data["flow"].get("await")
    if aw:
        run(t, at.ColourToken(rng.choice(aw["among"])))
    return [t.seat_values(s)["strength"] for s in t.seats]


def octopus(stacks, tentacles: int, rng: random.Random) -> tuple[list, int]:
    t = table(stacks)
    t.data["counters"]["tentacles"] = tentacles
    at.start_fight(t)
    while t.data["flow"].get("queue") and t.data["flow"]["queue"][0].get("do") == "tentacle":
        w = rng.randint(1, 6)
        match = [s for s in days21.living(t) if t.visible(s) == w]
        token = rng.choice(match) if len(match) > 1 else None
        run(t, at.Tentacle(white=w, token=token, defence=rng.randint(1, 6)))
    return [t.seat_values(s)["strength"] for s in t.seats], tentacles - t.data["counters"]["tentacles"]


def jellyfish(stack, challenges, rng: random.Random) -> list[int]:
    t = table([stack])
    t.data["flow"]["queue"] = [{"do": "jellyfish"}]
    faces = tuple(rng.randint(1, 6) for _ in range(4))
    run(t, at.Jellyfish(who="red", faces=faces, challenges=tuple((o, int(n)) for o, n in challenges)))
    return t.seat_values("red")["strength"]


def hope(n: int, holders, rng: random.Random) -> int:
    """Net hope change of the rollers at the Hope location."""
    t = table([[6]] * n, hope=[1 if h else 0 for h in holders])
    t.data["flow"]["queue"] = [{"do": "hope"}]
    before = sum(t.seat_values(s)["hope"] for s in t.seats)
    run(t, lo.Hope(seats=tuple(t.seats), faces=tuple(rng.randint(1, 6) for _ in range(n))))
    return sum(t.seat_values(s)["hope"] for s in t.seats) - before


def fishing(stacks, rng: random.Random) -> int:
    t = table(stacks)
    t.data["flow"]["queue"] = [{"do": "fishing"}]
    before = sum(t.visible(s) for s in t.seats)
    run(t, lo.Fishing(seat="red", face=rng.randint(1, 6)))
    return sum(t.visible(s) for s in t.seats) - before


def flares(n: int, ship: int, rng: random.Random) -> int:
    t = table([[6]] * n, ship=ship)
    t.data["flow"]["queue"] = [{"do": "flare"}]
    run(t, lo.Flare(seats=tuple(t.seats), faces=tuple(rng.randint(1, 6) for _ in range(n))))
    return t.data["tracks"]["ship"]


def paranoia(stack, hope_held: int, policy: str, rng: random.Random) -> list[int]:
    from companion.odds.days21.rolls import paranoia_pay

    t = table([stack], hope=[hope_held])
    t.data["flow"]["queue"] = [{"do": "paranoia"}]
    face = rng.randint(1, 6)
    run(t, at.Paranoia(who="red", face=face, pay=paranoia_pay(tuple(stack), hope_held, face, policy)))
    return t.seat_values("red")["strength"]


def kid(stack, rng: random.Random) -> list[int]:
    t = table([stack], survivors=["kid"])
    t.data["flow"]["queue"] = [{"do": "kid"}]
    t.data["flow"]["placements"] = [["red", "kid"]]  # his die on his location (placed and paid)
    run(t, lo.Kid(face=rng.randint(1, 6)))
    return t.seat_values("red")["strength"]


class Paths:
    """Stands in for random.Random in the procedures above: each randint or choice is a branch, and the walk
    takes one path through them per run (the path's first branches replayed, then the next untried one)."""

    def __init__(self) -> None:
        self.path: list[int] = []  # the branch taken at each pick of the current path
        self.arity: list[int] = []  # how many branches each pick had
        self.at = 0

    def _pick(self, n: int) -> int:
        if self.at == len(self.path):
            self.path.append(0)
            self.arity.append(n)
        assert self.arity[self.at] == n, "a replayed pick changed its number of branches"
        self.at += 1
        return self.path[self.at - 1]

    def randint(self, low: int, high: int) -> int:
        return low + self._pick(high - low + 1)

    def choice(self, among):
        return among[self._pick(len(among))]

    def next_path(self) -> bool:
        """Move on to the next path (False: every path was walked)."""
        del self.path[self.at:], self.arity[self.at:]
        while self.path and self.path[-1] + 1 == self.arity[-1]:
            self.path.pop()
            self.arity.pop()
        if not self.path:
            return False
        self.path[-1] += 1
        self.at = 0
        return True


def distribution(procedure: Callable[[Paths], object], most: int = 20000) -> dict:
    """The exact distribution of what `procedure(rng)` returns over every way its dice and picks can fall
    (each face of a die 1/6, each of n picks 1/n): one engine run per path, at most `most` paths."""
    walk, out, runs = Paths(), {}, 0
    while True:
        outcome = procedure(walk)
        runs += 1
        assert runs <= most, f"more than {most} paths: too many dice for an exhaustive walk"
        chance = Fraction(1)
        for n in walk.arity[:walk.at]:
            chance /= n
        out[outcome] = out.get(outcome, 0) + chance
        if not walk.next_path():
            return out


def within(p_exact, hits: int, n: int, k: float = 4.0) -> bool:
    """The sample share hits/n is within k standard errors of p (exactly equal where p is 0 or 1)."""
    p = float(p_exact)
    if p in (0.0, 1.0):
        return hits == round(p * n)
    return abs(hits / n - p) <= k * math.sqrt(p * (1 - p) / n)


# -- day 21: the solver's best play, carried out by the engine's Day21 actions ----------------------


def day21_table(r, extra=None) -> Table:
    """A day-21 table (after exhaustion) for a Rescue value's people."""
    stacks = [p[2] for p in r.people]
    t = table(stacks, hope=[p[3] for p in r.people], survivors=[p[1] or c for p, c in zip(r.people, COLOURS)],
              ship=CAT.rules["ship_start"]["orange"], day=21, extra=extra)
    from companion.games.days21.core import buoy

    t.data["tracks"]["ship"] = buoy(CAT) - r.need
    t.data["d21"]["today"] = ["exhaustion"]
    t.data["d21"]["ability"] = {c: {"id": "hope21", "used": False} for c, p in zip(t.seats, r.people) if p[4]}
    if r.dolphin:
        t.data["d21"]["swap"] = "dolphin"
    t.data["flow"]["queue"] = [{"do": "day21"}]
    return t


def day21(r, solver, rng: random.Random) -> bool:
    """One day 21 played by the solver's policy through the engine; True if rescued."""
    from companion.odds.days21.rescue import _find  # noqa: F401 (the solver's own lookup)

    t = day21_table(r)
    seats = list(t.seats)
    roles = {c: p[1] for c, p in zip(seats, r.people)}
    for _ in range(200):
        if t.data.get("over"):
            break
        people = []
        for s in seats:
            tok = t.data["d21"]["ability"].get(s)
            people.append((roles[s], tuple(t.seat_values(s)["strength"]), t.seat_values(s).get("hope", 0),
                           bool(tok and not tok["used"])))
        state = (tuple(sorted(people)), sum(1 for k in t.data["d21"]["today"] if k == "diva"), None, False)
        need = CAT.tracks["ship"].max - t.data["tracks"]["ship"]
        move, _v = solver.best(state, need)
        if move is None:
            break
        act, outs = move
        kind, person = act
        seat = next(s for s, p in zip(seats, people) if p == person)
        if kind == "token":
            run(t, ab.FlipToken(seat))
            continue
        face = rng.randint(1, 6)
        turn = False
        if face == 1:
            choice = [b for _p, b in outs if len(b) > 1]
            if choice:
                (keep, _d), (paid, d1) = choice[0]
                turn = solver.value(paid)[need - d1] > solver.value(keep)[need]
        what = {"flare": "flare", "shout": "shout", "diva": "diva"}[kind]
        run(t, day21_moves.Day21(what, seat, 6 if turn else face))
        if turn and not t.data.get("over"):
            run(t, ab.Dolphin(seat, 1))
    return bool(t.data.get("over") and t.data["over"]["result"] == "won")
