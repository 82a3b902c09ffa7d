"""21 Days, day 21: the chance of rescue when the group plays its best, and the plan that gets it.

The state is what day 21 can still change: the spaces the ship still needs, each survivor's strength
stack and own hope, Diva's songs used, the hope21 ability tokens not yet taken, the kite (pieces on
the raft, pieces up, flying), Rosina's start-of-day location, and the bag (tokens come back to it when
spent). An exact expectimax over that state (memoised, survivors alike in every respect merged) picks
at each point the attempt that gives the best chance: a flare (2 own hope), a shout (only with no hope:
2 strength, and the shout counts even if it spends the shouter's last strength, as long as someone is
left alive), Diva's song (1 hope, 3 at most), a kite roll (2 hope), the hope21 token (3 hope: taken
when it helps, since holding hope stops a survivor shouting), Rosina's location, and with the Dolphin
on the board turning a rolled 1 into a 6 for 3 of the roller's strength. Every roll is the same as in
companion/games/days21/day21.py (Day21); exhaustion comes first if it has not been taken.

The values come from companion/odds/days21/search.py (canonical survivors, every need at once, bounds
and closed forms), kept for the process so the guided game's next question finds its answer; the
Solver here speaks in day 21's own states for the plan, the engine and the tests. Rosina's location
(the only roll that changes a strength stack rather than its total) is valued here, before the search.

Assumptions (the rulebooks do not say; shown with every answer): hope is each survivor's own and cannot
be handed over on day 21; the Dolphin may turn any die a survivor rolls on day 21 (the rulebook says
it "may help"), paid by the roller, who must live through paying; Rosina's fish are shared weakest
first as the engine does; a flying kite's hope goes to its roller.
"""

from __future__ import annotations

from dataclasses import field

from ...action_base import stack_gain, stack_lose
from ...i18n import N_
from ...valuetype import frozen

ASSUMPTIONS = (
    N_("hope is each survivor's own; nobody hands hope over on day 21"),
    N_("a shout may spend the shouter's last strength: it still counts if someone is left alive"),
    N_("the Dolphin (when on the board) may turn any die rolled on day 21 from 1 to 6 for 3 of the roller's strength; the roller must live through paying"),
    N_("Rosina's fish go to the weakest first, as castaway shares them"),
    N_("the hope a flying kite brings goes to the survivor who rolled it"),
)


@frozen
class Rescue:
    """Day 21 as the odds see it. people: (seat, role, stack, hope, hope21 token unused) per survivor;
    role is '' or one of diva, mick, rosina, scruffs (the survivors whose rules differ)."""

    need: int
    people: tuple
    diva_used: int = 0
    kite: tuple | None = None  # (pieces on the raft, pieces up, flying)
    kite_faces: tuple = ("kite", "kite", "kite", "hope", "blank", "blank")
    supply: int = 16
    exhausted: bool = True
    rosina_open: bool = False
    dolphin: bool = False
    diva_most: int = 3
    fish_table: tuple = (1, 2, 3, 4, 4, 5)
    most_each: int = 2
    per_hope: int = 3
    names: dict = field(default_factory=dict, compare=False, hash=False)


def _alive(people) -> bool:
    return any(p[1] for p in people)


def _with(people, i, stack=None, hope=None, token=None):
    role, st, h, tok = people[i]
    new = (role, st if stack is None else stack, h if hope is None else hope, tok if token is None else token)
    return tuple(sorted(people[:i] + (new,) + people[i + 1:]))


def _lose(stack, n):
    return tuple(stack_lose(list(stack), n))


def _bag(r: Rescue, people) -> int:
    return r.supply - sum(p[2] for p in people)


def _give(r: Rescue, people, i, n):
    """give_hope: as many as the bag holds; Mick takes one more when 3 come at once."""
    left = _bag(r, people)
    got = min(n, max(0, left))  # an over-full bag (more hope held than it holds) gives nothing
    if got >= 3 and people[i][0] == "mick" and left - got > 0:
        got += 1
    return _with(people, i, hope=people[i][2] + got) if got else people


_SEARCHES: dict = {}


def shared_search(supply: int, dolphin: bool, diva_most: int, kite_p: dict, need: int):
    """One search per set of rules, kept for the process: the guided game asks again after every roll,
    and each new state is one the last search has already valued (while the need stays within the
    one it was made for). The compiled kernel's search where it is built (companion/odds/days21/kernel.py)."""
    from . import kernel

    key = (supply, dolphin, diva_most, tuple(sorted(kite_p.items())))
    got = _SEARCHES.get(key)
    if got is None or got.K < need:
        if len(_SEARCHES) >= 4:
            _SEARCHES.clear()
        got = _SEARCHES[key] = kernel.make(supply, dolphin, diva_most, kite_p, max(1, need))
    elif got.known() > got.most_kept:  # some hundreds of megabytes: start afresh
        got.forget()
    return got


class Solver:
    """The exact search (companion/odds/days21/search.py) seen through day 21's own states, for the plan
    and the guided game: a state is (people, Diva's songs, kite, Rosina's location still open) with
    people as sorted (role, strength stack, hope, token unused) and kite None or (pieces on the raft,
    pieces up, flying)."""

    def __init__(self, r: Rescue):
        self.r = r
        self.K = max(0, r.need)
        kf = list(r.kite_faces)
        self.kite_p = {f: kf.count(f) / len(kf) for f in sorted(set(kf))}
        self.search = shared_search(r.supply, r.dolphin, r.diva_most, self.kite_p, self.K)
        self._values: dict = {}  # (state, need) -> chance: the plan asks about the same states again

    def start(self):
        r = self.r
        people = tuple(sorted((role, tuple(st), h, tok) for _s, role, st, h, tok in r.people))
        if not r.exhausted:
            people = tuple(sorted((role, _lose(st, 1), h if _lose(st, 1) else 0, tok) for role, st, h, tok in people))
        rosina = r.rosina_open and any(p[0] == "rosina" and p[1] for p in people)
        if not rosina:  # from here on only the total strength matters: a stack of one number keeps it
            people = tuple(sorted((role, (sum(st),) if st else (), h, tok) for role, st, h, tok in people))
        return (people, r.diva_used, r.kite, rosina)

    def canonical(self, state):
        from .search import ANY, DIVA, INERT, MICK

        kinds = {"diva": DIVA, "mick": MICK, "scruffs": INERT}
        people, diva, kite, _ro = state
        k = None if kite is None else ("F" if kite[2] else (kite[0], kite[1]))
        return self.search.canon(((kinds.get(role, ANY), sum(st), h, int(bool(tok))) for role, st, h, tok in people if st),
                                 diva, k)

    def value_at(self, state, need: int) -> float:
        if need <= 0:
            return 1.0
        if not _alive(state[0]):
            return 0.0
        got = self._values.get((state, need))
        if got is None:
            if state[3]:  # Rosina's location first: her options, or none
                got = max(self.action_value_at(outs, need) for _act, outs in self.actions(state))
            else:
                got = self.search.value(*self.canonical(state), need)
            self._values[(state, need)] = got
        return got

    def value(self, state) -> list:
        """The chance for every need 0..K."""
        return [self.value_at(state, j) for j in range(self.K + 1)]

    def action_value_at(self, outs, need: int) -> float:
        acc = 0.0
        for p, branches in outs:
            acc += p * max(self.value_at(nxt, need - d) for nxt, d in branches)
        return acc

    def actions(self, state):
        """[(action, [(p, [(next state, spaces moved), ...]), ...])]: several branches = a choice."""
        people, diva, kite, rosina = state
        r = self.r
        out: list[tuple[tuple, list]] = []  # an action is (who, what, person) for Rosina, else (what, person)
        if rosina:
            i = next(j for j, p in enumerate(people) if p[0] == "rosina")
            base = (people, diva, kite, False)
            out.append((("rosina", "flare", people[i]), self._roll(base, i)))
            out.append((("rosina", "hope", people[i]), [(1 / 6, [((_give(r, people, i, v // r.per_hope), diva, kite, False), 0)])
                                                         for v in range(1, 7)]))
            out.append((("rosina", "fishing", people[i]), [(1 / 6, [((_fish(r, people, r.fish_table[v - 1]), diva, kite, False), 0)])
                                                            for v in range(1, 7)]))
            out.append((("rosina", "skip", people[i]), [(1.0, [(base, 0)])]))
            return out
        seen = set()
        for i, person in enumerate(people):
            role, st, h, tok = person
            if not st or person in seen:
                continue
            seen.add(person)
            if h >= 2:
                nxt = _with(people, i, hope=h - 2)
                out.append((("flare", person), self._roll((nxt, diva, kite, False), _find(nxt, role, st, h - 2, tok))))
            if h == 0 and role != "scruffs":
                after = _lose(st, 2)
                nxt = _with(people, i, stack=after)
                out.append((("shout", person), self._roll((nxt, diva, kite, False), _find(nxt, role, after, 0, tok))))
            if role == "diva" and h >= 1 and diva < r.diva_most:
                nxt = _with(people, i, hope=h - 1)
                out.append((("diva", person), self._roll((nxt, diva + 1, kite, False), _find(nxt, role, st, h - 1, tok))))
            if kite is not None and h >= 2 and (kite[2] or kite[0] > 0):
                out.append((("kite", person), self._kite(state, i)))
            if tok and role != "scruffs":
                cleared = _with(people, i, token=False)
                nxt = _give(r, cleared, _find(cleared, role, st, h, False), 3)
                out.append((("token", person), [(1.0, [((nxt, diva, kite, False), 0)])]))
        return out

    def _roll(self, base, j):
        """A d6 attempt by people[j] (already paid): a 6 moves the ship if anyone is alive; a 1 may go to
        the Dolphin for 3 of the roller's strength."""
        people, diva, kite, ro = base
        d = 1 if _alive(people) else 0
        st = people[j][1]
        if self.r.dolphin and sum(st) > 3 and people[j][0] != "scruffs":
            paid = (_with(people, j, stack=_lose(st, 3)), diva, kite, ro)
            return [(1 / 6, [(base, d)]), (4 / 6, [(base, 0)]), (1 / 6, [(base, 0), (paid, 1)])]
        return [(1 / 6, [(base, d)]), (5 / 6, [(base, 0)])]

    def _kite(self, state, i):
        people, diva, kite, _ro = state
        role, st, h, tok = people[i]
        paid = _with(people, i, hope=h - 2)
        j = _find(paid, role, st, h - 2, tok)
        pieces, up, flying = kite
        outs = []
        for face, p in self.kite_p.items():
            if not flying:
                if face == "kite" and pieces > 0:
                    up2 = up + 1
                    outs.append((p, [((paid, diva, (pieces - 1, up2, up2 >= 3), False), 1 if up2 >= 3 else 0)]))
                else:
                    outs.append((p, [((paid, diva, kite, False), 0)]))
            elif face == "kite":
                outs.append((p, [((paid, diva, kite, False), 1)]))
            elif face == "hope":
                outs.append((p, [((_give(self.r, paid, j, 1), diva, kite, False), 0)]))
            else:
                outs.append((p, [((paid, diva, kite, False), 0)]))
        return outs

    def best(self, state, need: int):
        """(action, outcomes, chance) of the best move with `need` spaces to go (None: nothing helps)."""
        best, val = None, 0.0
        for act, outs in self.actions(state):
            v = self.action_value_at(outs, need)
            if v > val + 1e-15:
                best, val = (act, outs), v
        return best, val


def _find(people, role, st, h, tok) -> int | None:
    for j, p in enumerate(people):
        if p == (role, st, h, tok):
            return j
    return None


def _fish(r: Rescue, people, fish: int):
    """Rosina's catch shared as castaway shares it: a fish each for the weakest, then seconds."""
    from ...games.days21.locations import fish_share
    from ...table import Table

    seats = [f"p{i}" for i in range(len(people))]
    t = Table({"seats": seats, "dead": [], "seat": {s: {"strength": list(p[1])} for s, p in zip(seats, people)}})
    got = fish_share(t, fish, r.most_each)
    out = list(people)
    for s in got:
        i = seats.index(s)
        role, st, h, tok = out[i]
        out[i] = (role, tuple(stack_gain(list(st), 1, 6)), h, tok)
    return tuple(sorted(out))


def attempts_only(r: Rescue) -> bool:
    """Without the Dolphin, the kite and Rosina's roll every attempt is a plain 1-in-6 whose result
    changes nothing but the spaces to go: the best plan is the one with the most attempts that count,
    in any order (fatal shouts last), and the chance is P(at least `need` sixes among them). The bag
    must hold enough for every hope21 token (else the full search)."""
    tokens = sum(1 for p in r.people if p[4])
    bag = r.supply - sum(p[3] for p in r.people)
    return not r.dolphin and r.kite is None and not r.rosina_open and bag >= 4 * tokens


def _own_best(role: str, total: int, hope: int, tok: bool, songs: int, most: int):
    """One survivor alone: the most attempts ending alive and ending dead, each with its moves."""
    best = {True: (-1, ()), False: (-1, ())}

    def go(tot, h, tk, sg, n, moves):
        alive = tot > 0
        if n > best[alive][0]:
            best[alive] = (n, moves)
        if not alive:
            return
        if h >= 2:
            go(tot, h - 2, tk, sg, n + 1, moves + ("flare",))
        if h == 0 and role != "scruffs":
            go(max(0, tot - 2), h, tk, sg, n + 1, moves + ("shout",))
        if role == "diva" and h >= 1 and sg < most:
            go(tot, h - 1, tk, sg + 1, n + 1, moves + ("diva",))
        if tk and role != "scruffs":
            go(tot, h + 3 + (1 if role == "mick" else 0), False, sg, n, moves + ("token",))

    go(total, hope, tok, songs, 0, ())
    return best


def _steps(person, moves):
    """(move, the survivor as they are just before it) for each of one survivor's moves."""
    role, st, h, tok = person
    out = []
    for m in moves:
        out.append((m, (role, st, h, tok)))
        if m == "flare":
            h -= 2
        elif m == "shout":
            st = _lose(st, 2)
        elif m == "diva":
            h -= 1
        elif m == "token":
            h, tok = h + 3 + (1 if role == "mick" else 0), False
    return out


def _solve_attempts(r: Rescue, people) -> dict:
    from fractions import Fraction

    from ..dist import at_least

    own = [(p, _own_best(p[0], sum(p[1]), p[2], p[3], r.diva_used, r.diva_most)) for p in people if p[1]]
    picks = []
    for p, b in own:
        alive, dead = b[True], b[False]
        picks.append([p, dead if dead[0] > alive[0] else alive, dead[0] > alive[0]])
    total = sum(pk[1][0] for pk in picks)
    if picks and all(pk[2] for pk in picks):  # everyone would die: the last fatal shout cannot count
        gain = [own[i][1][True][0] - pk[1][0] for i, pk in enumerate(picks)]
        i = max(range(len(picks)), key=lambda k: gain[k])
        picks[i][1], picks[i][2] = own[i][1][True], False  # they stop before their fatal shout
        total += gain[i]
    plan = [step for pk in picks if not pk[2] for step in _steps(pk[0], pk[1][1])]
    plan += [step for pk in picks if pk[2] for step in _steps(pk[0], pk[1][1])]
    chance = float(at_least(max(0, total), r.need, Fraction(1, 6)))
    return {"chance": chance, "need": max(0, r.need), "plan": plan, "dolphin": False, "states": len(own), "attempts": total}


PLAIN_MOVES = {"flare": N_("flares"), "shout": N_("shouts"), "diva": N_("Diva's songs"), "token": N_("day-21 hope tokens")}


def plain_plan(r: Rescue) -> dict:
    """A lower bound of solve(r)'s chance, at once: the exact chance of the plain plan, every flare, song and
    shout each survivor can still make (fatal shouts last; the hope21 tokens taken when the bag holds enough
    for them all, else left), the Dolphin, the kite and Rosina's location never used. The best play can do
    all of this (each of those is a choice), so it does at least as well. {chance, need, plan, moves}: moves
    are the plan's kinds in the order they first come."""
    people = tuple(sorted((role, tuple(st), h, tok) for _s, role, st, h, tok in r.people))
    if not r.exhausted:  # exhaustion first: a strength each, and the hope of whoever it kills goes
        people = tuple(sorted((role, _lose(st, 1), h if _lose(st, 1) else 0, tok) for role, st, h, tok in people))
    if _bag(r, people) < 4 * sum(1 for p in people if p[3] and p[1]):
        people = tuple(sorted((role, st, h, False) for role, st, h, tok in people))
    # Scruffs counts as alive but makes no attempt here, as in the search (search.py's INERT)
    sol = _solve_attempts(r, tuple(p for p in people if p[0] != "scruffs"))
    sol["moves"] = list(dict.fromkeys(m for m, _who in sol["plan"]))
    return sol


def solve(r: Rescue) -> dict:
    """The best chance of rescue, and the plan: the best move at each point along the line where the
    rolls fail (where that line turns hopeless, the line where just enough earlier rolls succeeded)."""
    sol = Solver(r)
    known = sol.search.known()
    state = sol.start()
    if r.need > 0 and attempts_only(r):
        return _solve_attempts(r, state[0])
    need = sol.K
    value = sol.value_at(state, need)
    plan = []
    dolphin = False
    for _ in range(100):
        if need <= 0:
            break
        move, _v = sol.best(state, need)
        if move is None:  # hopeless along this line: go on as if some earlier rolls had come up 6
            need = max((n for n in range(1, need) if sol.value_at(state, n) > 0), default=0)
            continue
        act, outs = move
        plan.append(act)
        for _p, branches in outs:
            if len(branches) > 1:
                (keep, _d0), (turn, d1) = branches
                keep_v, turn_v = sol.value_at(keep, need), sol.value_at(turn, need - d1)
                dolphin = dolphin or turn_v > keep_v + 1e-15
        fails = [(p, br[0][0]) for p, br in outs if br[0][1] == 0]
        if not fails:
            break
        state = max(fails, key=lambda pb: pb[0])[1]
    return {"chance": value, "need": max(0, r.need), "plan": plan, "dolphin": dolphin, "states": sol.search.known() - known}
