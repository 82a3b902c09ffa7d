"""21 Days, day 21: the exact search behind companion/odds/days21/rescue.py, over canonical states.

A survivor is a small tuple (kind, strength, hope, token): only the total strength matters once
Rosina's start-of-day location is past. The state is the sorted tuple of the living survivors, Diva's
songs sung, and the kite; its value is the best chance for every need at once (a list by spaces still
to go, cut where the state can no longer reach). What makes it fast, each step exact:

- canonical survivors: the dead leave the state; a survivor who can never act again (one hope and no
  song or token left, Scruffs) only counts as alive and keeps their hope out of the bag; without the
  Dolphin a survivor with 2k-1 strength acts as one with 2k (the same shouts, the last one fatal);
  Mick without his token is anyone; Diva after her last song is anyone; a kite that can no longer
  fly, or that nobody can roll again, is no kite;
- an upper bound: a need beyond every attempt the state could still make is lost (0) without a search;
- a closed form where no roll changes anything but the count (no Dolphin turn possible, no kite):
  the best plan is the most attempts that count, and the chance is that of enough 6s among them;
- attempts that need no decision and touch nobody else (a survivor's flares when their hope is good
  for nothing else, their shouts but the last when no Dolphin turn is possible) are rolled first:
  any plan does as well with them moved to the front, and then knows more sooner;
- a hope21 token is taken only once its holder has fewer than 2 hope, when the bag holds every token's
  hope: taken earlier it gives the same hope, and it would only stop its holder shouting meanwhile;
- the rest by memoised expectimax: the best attempt at each point, and after a rolled 1 with the
  Dolphin on the board, the better of keeping it or turning it to 6 for 3 of the roller's strength.

What stays hard is a raft of strong survivors with the Dolphin and the kite: every survivor's strength
and hope then matter at once (bench/bench_odds_day21.py measures it).
"""

from __future__ import annotations

from bisect import insort
from math import comb
from time import perf_counter

# survivor kinds (the first field of a canonical survivor)
ANY, DIVA, MICK, INERT = 0, 1, 2, 3
SIXTH = 1 / 6

# A canonical survivor is one int, (kind, strength, hope, token) in bit fields: kind << 13 | strength << 7 |
# hope << 1 | token. Ints compare in the order of those tuples, so a sorted tuple of them is the same
# multiset order; they hash and compare far faster than nested tuples in the memo's keys.
_S, _H = 7, 1
FIELD = 63  # strength and hope each fit in 6 bits (a survivor holds at most two dice and the bag)


def pack(kind: int, s: int, h: int, tok: int) -> int:
    if not (0 <= s <= FIELD and 0 <= h <= FIELD):
        raise ValueError(f"strength {s} or hope {h} is over {FIELD}")
    return kind << 13 | s << _S | h << _H | tok


def unpack(c: int) -> tuple[int, int, int, int]:
    return c >> 13, (c >> _S) & FIELD, (c >> _H) & FIELD, c & 1


def kind_of(c: int) -> int:
    return c >> 13


def hope_of(c: int) -> int:
    return (c >> _H) & FIELD


class TooLong(Exception):
    """The search passed its deadline (what it valued so far stays in its memo)."""


class TooBig(TooLong):
    """The search holds as many states as it may (companion/odds/days21/kernel.py: MOST_STATES); what it
    valued so far stays in its memo."""


class Search:
    """V(people, songs, kite, need) for one set of rules. people: sorted tuple of packed survivors (see
    pack); kite: None, 'F' (flying) or (pieces on the raft, pieces up)."""

    most_kept = 1_000_000  # states kept between two questions (rescue.shared_search): some hundreds of MB

    def __init__(self, supply: int, dolphin: bool, diva_most: int, kite_p: dict, most_need: int = 12):
        self.K = most_need
        self.supply = supply
        self.dolphin = dolphin
        self.diva_most = diva_most
        self.p_kite = kite_p.get("kite", 0.0)
        self.p_hope = kite_p.get("hope", 0.0)
        self.p_blank = 1.0 - self.p_kite - self.p_hope
        self.memo: dict = {}
        self.deadline: float | None = None  # time.perf_counter() value; checked every 1024 new states
        self.closed: dict = {}
        self._person: dict = {}
        self._bound: dict = {}
        self._binom: dict = {}

    def known(self) -> int:
        """How many states the search holds valued (what a question asked again reads back)."""
        return len(self.memo)

    def forget(self) -> None:
        """Forget every state valued."""
        self.memo.clear()

    # -- canonical forms ---------------------------------------------------------------------------

    def person(self, kind: int, s: int, h: int, tok: int, songs_left: bool):
        """The canonical survivor (packed), or None when dead."""
        if s <= 0:
            return None
        if kind == DIVA and not songs_left:
            kind = ANY
        if kind == MICK and not tok:
            kind = ANY
        if kind == INERT or (h == 1 and not tok and kind != DIVA):
            return pack(INERT, 1, h, 0)
        if not self.dolphin:
            s += s & 1
        elif s == 1:
            s = 2
        return pack(kind, s, h, tok)

    def canon(self, people, songs: int, kite):
        """people: any iterable of (kind, strength, hope, token)."""
        left = songs < self.diva_most
        out = []
        for p in people:
            c = self.person(p[0], p[1], p[2], p[3], left)
            if c is not None:
                out.append(c)
        out.sort()
        if not any(kind_of(c) == DIVA for c in out):
            songs = 0
        if kite is not None and ((kite != "F" and kite[0] + kite[1] < 3)
                                 or not any(hope_of(c) >= 2 or c & 1 for c in out)):
            kite = None  # it can never fly, or nobody can roll it again
        return tuple(out), songs, kite

    def swap(self, people, i, raw, songs, kite):
        """people with people[i] replaced by the raw survivor (packed, not yet canonical), canonical."""
        pc = self._person
        left = songs < self.diva_most
        key = raw << 1 | left
        c = pc.get(key, 0)
        if c == 0:
            c = pc[key] = self.person(*unpack(raw), left)
        old = people[i]
        if c is None:
            out = people[:i] + people[i + 1:]
        elif (i == 0 or people[i - 1] <= c) and (i + 1 == len(people) or c <= people[i + 1]):
            out = people[:i] + (c,) + people[i + 1:]
        else:
            lst = list(people[:i] + people[i + 1:])
            insort(lst, c)
            out = tuple(lst)
        if old >> 13 == DIVA and (c is None or c >> 13 != DIVA):
            songs = 0
        # the kite stays while someone can roll it: someone with 2+ hope or a token
        if kite is not None and (c is None or not (c & 1 or (c >> _H) & FIELD >= 2)) and (old & 1 or (old >> _H) & FIELD >= 2):
            for q in out:
                if q & 1 or (q >> _H) & FIELD >= 2:
                    break
            else:
                kite = None
        return out, songs, kite

    # -- bounds and the closed form ------------------------------------------------------------------

    def _attempts(self, c, songs):
        """The most attempts survivor c could still make (each brings at most one space)."""
        kind, s, h, tok = unpack(c)
        if kind == INERT:
            return 0
        h += 4 * tok  # 3, and Mick's extra
        sung = min(h, self.diva_most - songs) if kind == DIVA else 0
        return sung + (h - sung) // 2 + (s + 1) // 2

    def bound(self, people, songs) -> int:
        got = self._bound.get((people, songs))
        if got is None:
            got = self._bound[(people, songs)] = sum(self._attempts(c, songs) for c in people)
        return got

    def plain(self, people, kite) -> bool:
        """No roll can change anything but the count: no Dolphin turn is possible and no kite, and the
        bag holds every token's hope."""
        if kite is not None:
            return False
        if self.dolphin and any(unpack(c)[1] > 3 and kind_of(c) != INERT for c in people):
            return False
        return self.bag_holds(people)

    def count(self, people, songs) -> int:
        """With plain rolls: the most attempts that count (an attempt counts if someone lives after it).
        Each survivor's best line ending alive and ending dead; if all would end dead, the one losing
        least by stopping before their fatal shout stops."""
        total, gains, alive_any = 0, [], False
        for c in people:
            alive, dead = self._own(c, songs)
            if dead > alive:
                total += dead
                gains.append(alive - dead)
            else:
                total += alive
                alive_any = True
        if people and not alive_any:
            total += max(gains)
        return total

    def passive(self, people, kite):
        """Survivors whose next attempts need no decision and touch nobody else: their flares when their
        hope is good for nothing else (no kite, no songs, no token, a bag holding every token's hope,
        no Dolphin turn possible), their shouts but the last when no Dolphin turn is possible. Such
        attempts are best made first (any plan does as well moving them to the front, and knows more
        sooner), so they are rolled at once: (the survivors after them, how many), or None."""
        out, k = [], 0
        ample = None
        for c in people:
            kind, s, h, tok = unpack(c)
            if tok or kind == INERT or (kind == DIVA and h):
                out.append(c)
                continue
            if h >= 2 and kite is None and (not self.dolphin or s <= 3):
                if ample is None:
                    ample = self.bag_holds(people)
                if ample:
                    k += h // 2
                    h &= 1
            if h == 0 and s > 2 and (not self.dolphin or s <= 5):
                k += (s + 1) // 2 - 1
                s = 2
            out.append(c if (s, h) == unpack(c)[1:3] else self.person(kind, s, h, 0, True))
        if not k:
            return None
        out.sort()
        return tuple(out), k

    def binom(self, n: int, j: int) -> float:
        """P(exactly j 6s in n rolls)."""
        key = (n, -1 - j)
        got = self._binom.get(key)
        if got is None:
            got = self._binom[key] = comb(n, j) * SIXTH**j * (5 / 6) ** (n - j)
        return got

    def bag_holds(self, people) -> bool:
        hope = tok = 0
        for c in people:
            hope += (c >> _H) & FIELD
            tok += c & 1
        return self.supply - hope >= 4 * tok

    def _own(self, c, songs):
        key = (c, songs)
        got = self.closed.get(key)
        if got is not None:
            return got
        kind, s, h, tok = unpack(c)
        best = [-1, -1]  # most attempts ending alive, ending dead
        most = self.diva_most

        def go(s, h, tok, sg, n):
            if s <= 0:
                if n > best[1]:
                    best[1] = n
                return
            if n > best[0]:
                best[0] = n
            if kind == INERT:
                return
            if h >= 2:
                go(s, h - 2, tok, sg, n + 1)
            if h == 0:
                go(s - 2, h, tok, sg, n + 1)
            if kind == DIVA and h >= 1 and sg < most:
                go(s, h - 1, tok, sg + 1, n + 1)
            if tok:
                go(s, h + 3 + (kind == MICK), 0, sg, n)

        go(s, h, tok, songs, 0)
        self.closed[key] = got = (best[0], best[1])
        return got

    def at_least(self, n: int, k: int) -> float:
        key = (n, k)
        got = self._binom.get(key)
        if got is None:
            got = sum(comb(n, j) * SIXTH**j * (5 / 6) ** (n - j) for j in range(k, n + 1)) if k > 0 else 1.0
            self._binom[key] = got
        return got

    # -- the search ----------------------------------------------------------------------------------

    def value(self, people, songs, kite, need) -> float:
        """The best chance to move the ship `need` more spaces (at most K), from a canonical state."""
        if need <= 0:
            return 1.0
        if need > self.K:
            raise ValueError(f"need {need} is over this search's {self.K}")
        v = self.vec(people, songs, kite)
        return v[need] if need < len(v) else 0.0

    def vec(self, people, songs, kite) -> list:
        """The best chance for every need 0..L (L: K, or less where more is out of reach: 0 beyond)."""
        key = (people, songs, kite)
        got = self.memo.get(key)
        if got is not None:
            return got
        if not people:
            got = DEAD
        elif (pre := self.passive(people, kite)) is not None:
            rest, k = pre
            v = self.vec(rest, songs, kite)
            top = min(self.K, len(v) - 1 + k)
            w = [self.binom(k, j) for j in range(k + 1)]
            got = [1.0] + [sum(w[j] * (v[n - j] if n - j < len(v) else 0.0) if n > j else w[j]
                               for j in range(k + 1)) for n in range(1, top + 1)]
        else:
            top = min(self.K, self.bound(people, songs))
            if top <= 0:
                got = DEAD
            elif self.plain(people, kite):
                n = self.count(people, songs)
                got = [1.0] + [self.at_least(n, j) for j in range(1, top + 1)]
            else:
                got = self.best(people, songs, kite, top)
        self.memo[key] = got
        if self.deadline is not None and not len(self.memo) & 1023 and perf_counter() > self.deadline:
            raise TooLong
        return got

    def best(self, people, songs, kite, top) -> list:
        """The best chance for every need 0..top over every attempt from a canonical state (each need
        takes its own best attempt)."""
        got = [1.0] + [0.0] * top
        rng = range(1, top + 1)
        for _act, v in self.moves(people, songs, kite, top):
            for n in rng:
                if v[n] > got[n]:
                    got[n] = v[n]
        return got

    def moves(self, people, songs, kite, top):
        """(move, chances for needs 0..top) for each attempt from a canonical state: move is (kind, index
        in people)."""
        out = []
        seen = None
        most = self.diva_most
        ample = None
        for i, c in enumerate(people):
            if c == seen:
                continue
            seen = c
            kind = c >> 13
            if kind == INERT:
                continue
            h = (c >> _H) & FIELD
            if h >= 2:
                out.append((("flare", i), self.roll(people, i, c - 4, songs, kite, top)))
            if h == 0:
                out.append((("shout", i), self.roll(people, i, c - (2 << _S), songs, kite, top)))
            if kind == DIVA and h >= 1 and songs < most:
                out.append((("diva", i), self.roll(people, i, c - 2, songs + 1, kite, top)))
            if kite is not None and h >= 2:
                out.append((("kite", i), self.kite(people, i, c - 4, songs, kite, top)))
            if c & 1:
                if ample is None:
                    ample = self.bag_holds(people)
                if h <= 1 or not ample:  # with the bag holding every token's hope, a token waits
                    bag = self.supply - sum((p >> _H) & FIELD for p in people)  # until its hope is needed
                    got = min(3, max(0, bag))  # (see module doc)
                    if got >= 3 and kind == MICK and bag - got > 0:
                        got += 1
                    if got:  # from an empty bag a token brings nothing: kept, it can still bring hope later
                        nxt = self.swap(people, i, c - 1 + (got << _H), songs, kite)
                        out.append((("token", i), pad(self.vec(*nxt), top)))
        return out

    def roll(self, people, i, paid, songs, kite, top) -> list:
        """A d6 attempt by people[i], already paid (paid: the roller after paying, packed)."""
        nxt = self.swap(people, i, paid, songs, kite)
        v = pad(self.vec(*nxt), top)
        if not nxt[0]:  # nobody left: a 6 moves the ship for nobody
            return v
        if self.dolphin and (paid >> _S) & FIELD > 3:
            t = pad(self.vec(*self.swap(people, i, paid - (3 << _S), songs, kite)), top)
            return [1.0] + [(v[n - 1] + 4 * v[n] + (v[n] if v[n] >= t[n - 1] else t[n - 1])) * SIXTH for n in range(1, top + 1)]
        return [1.0] + [(v[n - 1] + 5 * v[n]) * SIXTH for n in range(1, top + 1)]

    def kite(self, people, i, paid, songs, kite, top) -> list:
        base = self.swap(people, i, paid, songs, kite)
        miss = pad(self.vec(*base), top)
        pk = self.p_kite
        if kite != "F":
            pieces, up = kite
            if up + 1 >= 3:
                hit = pad(self.vec(*self.swap(people, i, paid, songs, "F")), top)
                return [1.0] + [pk * hit[n - 1] + (1 - pk) * miss[n] for n in range(1, top + 1)]
            hit = pad(self.vec(*self.swap(people, i, paid, songs, (pieces - 1, up + 1))), top)
            return [1.0] + [pk * hit[n] + (1 - pk) * miss[n] for n in range(1, top + 1)]
        bag = self.supply - sum((p >> _H) & FIELD for p in base[0])
        hoped = pad(self.vec(*self.swap(people, i, paid + (1 << _H), songs, kite)), top) if bag > 0 else miss
        ph, pb = self.p_hope, self.p_blank
        return [1.0] + [pk * miss[n - 1] + ph * hoped[n] + pb * miss[n] for n in range(1, top + 1)]

DEAD = [1.0]


def pad(v: list, top: int) -> list:
    """v for needs 0..top (0 beyond what it holds)."""
    return v if len(v) > top else v + [0.0] * (top + 1 - len(v))
