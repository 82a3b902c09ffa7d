"""21 Days, day 21, worked out the slow and plain way: the tests' oracle for companion/odds/days21/rescue.py.

It shares no code with the search it checks. From castaway it reads only the rules' data (the catalog's
numbers: what a flare, a shout, a song and a kite roll cost, the kite die's faces, the fishing table); the
rest is written here from the rulebook. Nothing is merged, made canonical or worked out in closed form:
every survivor is kept in their seat, every face of every die is enumerated and every choice the table has
is tried (the Dolphin on any face, not only on a 1), and the chance of a table is the best of its moves,
each the mean over its die's faces of the best of what that face lets the table do.

The rules as the odds take them (companion/odds/days21/rescue.py's assumptions): hope is each survivor's
own; a flare costs 2 own hope, a shout 2 strength and only with no hope (it counts, even spending the
shouter's last strength, if anyone is left alive), Diva's song 1 hope (3 a day at most), a kite roll 2 hope,
the hope21 token gives 3 hope from the bag (Mick one more when 3 come at once and the bag holds it); a 6
moves the ship one space; with the Dolphin on the board a roller who lives through paying 3 strength may
turn their die to its opposite face (7 minus it), never Scruffs, who makes no attempt. Exhaustion (a
strength each; hope goes back to the bag with whoever it kills) comes first if it has not been taken; then
Rosina's location, if it is open: a flare roll, the hope location (a token per 3 points), fishing (the fish
shared weakest first, at most 2 each, nobody past 6; equal survivors in the order of (role, strength
stack, hope, token)), or nothing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from companion import catalog

SIX, DOLPHIN_COST, TOP = 6, 3, 6  # a 6 moves the ship; the Dolphin card: 3 strength, 7 minus the face


def rules() -> dict:
    """The catalog's numbers for day 21."""
    cat = catalog.load("21days")
    d21, kite = cat.rules["day21"], cat.rules["kite"]
    return {"exhaustion": d21["exhaustion"], "flare": d21["flare_cost"], "shout": d21["shout_cost"], "song": d21["diva_cost"],
            "songs": d21["diva_most"], "hope21": d21["hope21"], "kite": kite["cost"], "pieces": kite["suitcases"].count("kite"),
            "kite_faces": tuple(cat.die("kite").parts[0].faces), "fish": tuple(cat.rules["fishing"]["fish"]),
            "fish_each": cat.rules["fishing"]["most_each"], "per_hope": cat.rules["hope_location"]["points_per_hope"]}


class Survivor(NamedTuple):
    role: str  # '', diva, mick, rosina or scruffs
    stack: tuple  # strength dice, the top one first
    hope: int
    token: bool  # the hope21 ability token, not yet taken


class Day(NamedTuple):
    people: tuple  # Survivor per seat, in seat order
    songs: int
    kite: tuple | None  # (pieces on the raft, pieces up, flying)
    rosina: bool  # Rosina's location still to do


def lose(stack: tuple, n: int) -> tuple:
    """n strength lost, one at a time: the top die shows one less; a die at 1 goes."""
    while n > 0 and stack:
        stack = stack[1:] if stack[0] == 1 else (stack[0] - 1, *stack[1:])
        n -= 1
    return stack


def with_seat(day: Day, i: int, **change) -> Day:
    people = list(day.people)
    people[i] = people[i]._replace(**change)
    return day._replace(people=tuple(people))


class Oracle:
    def __init__(self, supply: int, dolphin: bool):
        self.r = rules()
        self.supply, self.dolphin = supply, dolphin
        self.best = lru_cache(maxsize=None)(self._best)

    def _best(self, day: Day, need: int) -> float:
        """The chance of `need` more spaces when the table plays its best from `day`."""
        if need <= 0:
            return 1.0
        if not any(p.stack for p in day.people):
            return 0.0
        chances = [0.0]  # doing nothing more
        for faces, outcomes in self.moves(day):
            total = 0.0
            for face in faces:
                total += max(self.best(nxt, need - moved) for nxt, moved in outcomes(face))
            chances.append(total / len(faces))
        return max(chances)

    # -- what the table may do -------------------------------------------------------------------
    def moves(self, day: Day):
        """(the die's faces, face -> [(the day after, spaces the ship moved)]) for each move open now."""
        r, d6 = self.r, tuple(range(1, 7))
        if day.rosina:
            i = next(j for j, p in enumerate(day.people) if p.role == "rosina")
            after = day._replace(rosina=False)
            yield d6, lambda f: self.rolled(after, i, f)
            yield d6, lambda f: [(self.give(after, i, f // r["per_hope"]), 0)]
            yield d6, lambda f: [(self.fish(after, r["fish"][f - 1]), 0)]
            yield (None,), lambda f: [(after, 0)]
            return
        for i, p in enumerate(day.people):
            if not p.stack:
                continue
            if p.hope >= r["flare"]:
                paid = with_seat(day, i, hope=p.hope - r["flare"])
                yield d6, lambda f, paid=paid, i=i: self.rolled(paid, i, f)
            if p.hope == 0 and p.role != "scruffs":
                paid = with_seat(day, i, stack=lose(p.stack, r["shout"]))
                yield d6, lambda f, paid=paid, i=i: self.rolled(paid, i, f)
            if p.role == "diva" and p.hope >= r["song"] and day.songs < r["songs"]:
                paid = with_seat(day, i, hope=p.hope - r["song"])._replace(songs=day.songs + 1)
                yield d6, lambda f, paid=paid, i=i: self.rolled(paid, i, f)
            if day.kite is not None and p.hope >= r["kite"] and (day.kite[2] or day.kite[0] > 0):
                paid = with_seat(day, i, hope=p.hope - r["kite"])
                yield r["kite_faces"], lambda f, paid=paid, i=i: [self.kite_rolled(paid, i, f)]
            if p.token and p.role != "scruffs":
                yield (None,), lambda f, i=i: [(self.give(with_seat(day, i, token=False), i, r["hope21"]), 0)]

    def rolled(self, day: Day, i: int, face: int) -> list:
        """A d6 rolled by seat i (paid already): the ship moves on a 6 while anyone is alive; with the Dolphin,
        the roller may pay for the opposite face."""
        alive = any(p.stack for p in day.people)
        out = [(day, 1 if face == SIX and alive else 0)]
        p = day.people[i]
        if self.dolphin and p.role != "scruffs" and sum(p.stack) > DOLPHIN_COST:
            out.append((with_seat(day, i, stack=lose(p.stack, DOLPHIN_COST)), 1 if 7 - face == SIX else 0))
        return out

    def kite_rolled(self, day: Day, i: int, face: str) -> tuple:
        pieces, up, flying = day.kite
        if not flying:
            if face != "kite" or pieces == 0:
                return day, 0
            up += 1
            return day._replace(kite=(pieces - 1, up, up >= self.r["pieces"])), 1 if up >= self.r["pieces"] else 0
        if face == "kite":
            return day, 1
        return (self.give(day, i, 1), 0) if face == "hope" else (day, 0)

    def give(self, day: Day, i: int, n: int) -> Day:
        """n hope from the bag to seat i, as many as it holds; Mick takes one more on 3 at once."""
        p = day.people[i]
        if n <= 0 or not p.stack or p.role == "scruffs":
            return day
        left = self.supply - sum(q.hope for q in day.people)
        got = min(n, max(0, left))
        if got >= 3 and p.role == "mick" and left - got > 0:
            got += 1
        return with_seat(day, i, hope=p.hope + got)

    def fish(self, day: Day, n: int) -> Day:
        """n fish: one each, weakest first, then seconds to the weakest; a fish is a strength on the top die."""
        people = day.people
        living = [i for i, p in enumerate(people) if p.stack]
        got = dict.fromkeys(living, 0)
        for i in sorted(living, key=lambda i: (people[i].stack[0] >= TOP, people[i].stack[0], people[i]))[:n]:
            got[i] += 1
        while sum(got.values()) < n:
            more = [i for i in living if got[i] < self.r["fish_each"]]
            if not more:
                break
            shown = {i: people[i].stack[0] + got[i] for i in more}
            got[min(more, key=lambda i: (min(TOP, shown[i]) >= TOP, shown[i], people[i]))] += 1
        for i, k in got.items():
            st = people[i].stack
            day = with_seat(day, i, stack=(min(TOP, st[0] + k), *st[1:]))
        return day


def start(people, exhausted: bool, rosina_open: bool, diva_used: int, kite) -> Day:
    seats, tired = [], rules()["exhaustion"]
    for _seat, role, stack, hope, token in people:
        stack = tuple(stack)
        if not exhausted:
            stack = lose(stack, tired)
        seats.append(Survivor(role, stack, hope if stack else 0, bool(token)))
    rosina = rosina_open and any(p.role == "rosina" and p.stack for p in seats)
    return Day(tuple(seats), diva_used, tuple(kite) if kite is not None else None, rosina)


def chance(need: int, people, supply: int = 16, dolphin: bool = False, kite=None, exhausted: bool = True,
           rosina_open: bool = False, diva_used: int = 0) -> float:
    """The best chance of rescue with `need` spaces to go; people: (seat, role, strength stack, hope, token)."""
    return chances(need, people, supply, dolphin, kite, exhausted, rosina_open, diva_used)[-1]


def chances(need: int, people, supply: int = 16, dolphin: bool = False, kite=None, exhausted: bool = True,
            rosina_open: bool = False, diva_used: int = 0) -> list[float]:
    """The best chance for every need 0..need."""
    oracle = Oracle(supply, dolphin)
    day = start(people, exhausted, rosina_open, diva_used, kite)
    return [oracle.best(day, n) for n in range(max(0, need) + 1)]
