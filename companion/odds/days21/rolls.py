"""21 Days: exact odds of the locations and the smaller rolls: the Hope location (and the Turtle),
fishing, the flares, Paranoia (paying hope or not) and the Kid's roll. Each enumerates every face of
the dice rolled and applies the same arithmetic as companion/games/days21/locations.py.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from ...action_base import stack_gain, stack_lose
from ..dist import ONE, Dist, add, marginal, prob
from .attacks import fate

SIDES = range(1, 7)


def hope_location(n: int, per: int = 3, holders: tuple[bool, ...] | None = None, bag: int = 16,
                  penalty_at: int = 3, mick: bool = False) -> dict:
    """n dice at the Hope location (per = points a token; the Turtle pays per 1 or 2). With `penalty_at`
    dice there, each 1 costs its roller a token if they hold one (`holders`), before the payout; the
    bag holds `bag` tokens (the tokens paid back go into it first). With Mick among the rollers (`mick`)
    the table gives him the tokens when 3 or more come, and he takes one more if the bag still holds
    one. Returns the distributions of tokens won (Mick's extra included), tokens paid back, the net
    change, and Mick's extra token."""
    holders = tuple(holders) if holders is not None else (True,) * n
    if len(holders) != n:
        raise ValueError("one holder flag per die")
    counts: dict = {}  # (got, lost, more) -> how many of the 6**n rolls give it
    for faces in product(SIDES, repeat=n):
        k = hope_payout(faces, per, holders, bag, penalty_at, mick)
        counts[k] = counts.get(k, 0) + 1
    won: dict = {}
    paid: dict = {}
    net: dict = {}
    extra: dict = {}
    for (got, lost, more), c in counts.items():
        for d, x in ((won, got + more), (paid, lost), (net, got + more - lost), (extra, more)):
            d[x] = d.get(x, 0) + c
    scale = 6**n
    return {name: {x: Fraction(c, scale) for x, c in sorted(d.items())}
            for name, d in (("won", won), ("paid", paid), ("net", net), ("mick", extra))}


def hope_payout(faces, per: int, holders, bag: int, penalty_at: int = 3, mick: bool = False) -> tuple[int, int, int]:
    """(tokens won, tokens paid back for 1s, Mick's extra) for these faces, as the Hope action pays:
    the 1s are paid back first, then the tokens are drawn from the bag."""
    n = len(faces)
    lost = sum(1 for v, h in zip(faces, holders) if v == 1 and h) if n >= penalty_at else 0
    got = min(sum(faces) // per, bag + lost)
    more = 1 if mick and got >= 3 and bag + lost - got > 0 else 0
    return got, lost, more


def fishing(fish_table, visible: tuple[int, ...], most_each: int = 2) -> dict:
    """One fishing die: the fish caught (the table: 1, 2, 3, 4, 4, 5) and the strength the raft gains
    when the fish are shared as castaway shares them (a fish each, weakest first, then seconds; as in
    the rulebook's example a survivor at 6 still takes a fish of the first round), and at best."""
    room = sum(min(most_each, 6 - v) for v in visible if v > 0)
    fish = marginal({v: Fraction(1, 6) for v in SIDES}, lambda v: fish_table[v - 1])
    gained = marginal(fish, lambda f: shared_gain(visible, f, most_each))
    best = marginal(fish, lambda f: best_gain(visible, f, most_each))
    return {"fish": fish, "gained": gained, "best": best, "room": room}


def best_gain(visible: tuple[int, ...], fish: int, most_each: int = 2) -> int:
    """The most strength `fish` fish can bring under the fishing table (21-dni-pravidla-cs.txt § Lokalita
    rybolov): one fish each first, to different survivors; a second fish only once everyone aboard has one,
    at most `most_each` each; a survivor at 6 gains nothing from theirs."""
    alive = [v for v in visible if v > 0]
    one = sum(1 for v in alive if v < 6)
    if fish <= len(alive):
        return min(fish, one)
    seconds = min(fish - len(alive), len(alive) * (most_each - 1))
    two = sum(1 for v in alive if v < 5)
    return one + min(seconds, two)


def shared_gain(visible: tuple[int, ...], fish: int, most_each: int = 2) -> int:
    """The strength `fish` fish bring when shared as castaway's Fishing shares them by default."""
    from ...games.days21.locations import fish_share
    from ...table import Table

    seats = [f"s{i}" for i in range(len(visible))]
    t = Table({"seats": seats, "dead": [], "seat": {s: {"strength": [v]} for s, v in zip(seats, visible)}})
    got: dict = {}
    for s in fish_share(t, fish, most_each):
        got[s] = got.get(s, 0) + 1
    return sum(min(n, 6 - visible[seats.index(s)]) for s, n in got.items())


def flares(n: int, ship: int, lo: int, hi: int, anchor: int | None = None, full: int = 3) -> dict:
    """n dice at the Flare location with the ship on `ship` (it stays within lo..hi: hi is the space
    before the buoy until day 21): each 6 moves it right; with `full` dice there any 1 moves it back one
    (after the 6s). Returns the ship's new space, and the chance of the anchor's hope (reaching it)."""
    counts: dict = {}
    anchored = 0
    for faces in product(SIDES, repeat=n):
        now = flare_ship(faces, ship, lo, hi, full)
        counts[now] = counts.get(now, 0) + 1
        if anchor is not None and faces.count(6) and ship < anchor <= max(now, ship):
            anchored += 1
    where = {x: Fraction(c, 6**n) for x, c in sorted(counts.items())}
    anchor_p = Fraction(anchored, 6**n)
    return {"ship": where, "forward": prob(where, lambda s: s > ship), "back": prob(where, lambda s: s < ship),
            "anchor": anchor_p}


def flare_ship(faces, ship: int, lo: int, hi: int, full: int = 3) -> int:
    """The ship's space after these flare dice, as the Flare action moves it: the 6s first (the ship
    stops at hi), then one space back if `full` dice were rolled and one shows a 1."""
    now = max(lo, min(hi, ship + faces.count(6)))
    if len(faces) >= full and 1 in faces:
        now = max(lo, min(hi, now - 1))
    return now


def paranoia(stack: tuple, hope: int, policy: str = "none") -> dict:
    """Paranoia: the placement die says how much strength is lost; 1 own hope saves 1 point.
    policy: none (pay nothing), live (the least hope that keeps them alive), dice (the least that keeps
    every die, else the least that keeps them alive), all (as much as the face and their hope allow)."""
    final: Dist = {}
    spent: Dist = {}
    total = sum(stack)
    for face in SIDES:
        pay = paranoia_pay(stack, hope, face, policy)
        after = tuple(stack_lose(list(stack), face - pay))
        add(final, after, Fraction(1, 6))
        add(spent, pay, Fraction(1, 6))
    return {"final": final, "spent": dict(sorted(spent.items())), "lose_die": prob(final, lambda s: fate(stack, s) == "lose_die"),
            "die": prob(final, lambda s: fate(stack, s) == "die"), "loss": marginal(final, lambda s: total - sum(s))}


def paranoia_pay(stack: tuple, hope: int, face: int, policy: str) -> int:
    """The hope a policy pays against a Paranoia roll of `face` (see `paranoia`)."""
    most = min(face, hope)
    if policy == "none":
        return 0
    if policy == "all":
        return most
    live = max(0, face - (sum(stack) - 1))
    keep = max(0, face - (stack[0] - 1)) if stack else 0
    if policy == "dice" and keep <= most:
        return keep
    return live if live <= most else 0


def kid(stack: tuple) -> dict:
    """The Kid's location: 1-2 nothing, 3-4 he loses 1 strength, 5-6 a good choice."""
    final: Dist = {}
    for face in SIDES:
        after = tuple(stack_lose(list(stack), 1)) if face in (3, 4) else tuple(stack)
        add(final, after, Fraction(1, 6))
    return {"nothing": Fraction(1, 3), "hurt": Fraction(1, 3), "choice": Fraction(1, 3),
            "lose_die": prob(final, lambda s: fate(stack, s) == "lose_die"), "die": prob(final, lambda s: fate(stack, s) == "die")}


def gain(stack: tuple, n: int) -> tuple:
    return tuple(stack_gain(list(stack), n, 6))


__all__ = ["hope_location", "fishing", "best_gain", "flares", "paranoia", "kid", "ONE"]
