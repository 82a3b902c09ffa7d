"""21 Mutinies: money, rum and tokens: paying and gaining doubloons, rum and prestige (the prestige
track's bonus spaces pay once each), drawing jewels and treasures, a trade-route token's price.

Source: 21-mutinies-rulebook-en.txt § Initial Setup 1a (the bonus spaces), § The Actions.
"""

from __future__ import annotations

import re

from ...catalog import GameCatalog
from ...errors import RuleError, UsageError
from ...i18n import _
from ...table import Table
from .core import HENCHMAN, KEYS, flow, name, rule, value


def pay(t: Table, seat: str, key: str, n: int, why: str) -> None:
    """Hand n doubloons/rum back (to the bank or the tavern) or lose n prestige; refuse if short."""
    if n <= 0:
        return
    have = value(t, seat, key)
    if have < n:
        raise RuleError(_("{who} cannot pay {n} {what} for {why}: holds only {have}").format(
            who=name(t, seat), n=n, what=_(KEYS.get(key, key)), why=_(why), have=have))
    t.seat_values(seat)[key] = have - n


def can_pay(t: Table, seat: str, doubloons: int, rum: int = 0) -> bool:
    return value(t, seat, "doubloons") >= doubloons and value(t, seat, "rum") >= rum


def gain(t: Table, seat: str, key: str, n: int) -> int:
    """Take up to n doubloons/rum from the bank or the tavern; returns how many there were to take."""
    if n <= 0 or seat == HENCHMAN:
        return 0
    got = min(n, t.pool_left(key)) if key in t.data["pools"] else n
    t.seat_values(seat)[key] += got
    return got


def lose_prestige(t: Table, cat: GameCatalog, seat: str, n: int) -> int:
    """Lose up to n prestige; the track stops at its floor (an assumed rule)."""
    floor = rule(cat, "prestige-floor")["floor"]
    have = value(t, seat, "prestige")
    lost = max(0, min(n, have - floor))
    t.seat_values(seat)["prestige"] = have - lost
    return lost


def gain_prestige(t: Table, cat: GameCatalog, seat: str, n: int, bonus: bool = True) -> list[str]:
    """Move the prestige disc up; each bonus space reached for the first time pays its bonus once."""
    if n <= 0 or seat == HENCHMAN:
        return []
    old = value(t, seat, "prestige")
    new = old + n
    t.seat_values(seat)["prestige"] = new
    said: list[str] = []
    if not bonus:
        return said
    claimed = flow(t)["claimed"].setdefault(seat, [])
    for space, kind in sorted(flow(t)["board"]["bonuses"].items(), key=lambda kv: int(kv[0])):
        pos = int(space)
        if old < pos <= new and pos not in claimed:
            claimed.append(pos)
            said.append(_("bonus space {pos}: {bonus}").format(pos=pos, bonus=take_bonus(t, seat, kind)))
    return said


def take_bonus(t: Table, seat: str, kind: str) -> str:
    if kind == "doubloon":
        return _("{n} doubloon").format(n=gain(t, seat, "doubloons", 1))
    if kind == "rum":
        return _("{n} rum").format(n=gain(t, seat, "rum", 1))
    if kind == "treasure":
        return _("a treasure token") if draw_treasure(t, seat) else _("no treasure left")
    return _("a face-down jewel") if draw_jewel(t, seat) else _("no jewel left")


def draw_jewel(t: Table, seat: str) -> bool:
    """A jewel from the stack, face down, to the seat (the henchman's goes face up next to the board)."""
    return _draw(t, seat, "jewel")


def draw_treasure(t: Table, seat: str) -> bool:
    return _draw(t, seat, "treasure")


def _draw(t: Table, seat: str, what: str) -> bool:
    """One of a stack (jewels, treasures) to the seat, or beside the board for the henchman; False when
    the stack is empty."""
    c = t.data["counters"]
    if c[what + "s"] <= 0:
        return False
    c[what + "s"] -= 1
    if seat == HENCHMAN:
        c[what + "s-out"] += 1
    else:
        t.seat_values(seat)[what] += 1
    return True


def parse_cost(text: str) -> list[int]:
    """A trade-route token's price as typed: '2' or '2d' (doubloons), '1r' (rum), '2d1r', '0' or 'free'."""
    raw = str(text).strip().lower().replace(" ", "").replace("+", "")
    accepted = _("accepted: doubloons and rum like 2d1r, 3d, 1r, 2 (doubloons) or 0")
    if raw in ("0", "free", "-"):
        return [0, 0]
    if raw.isdecimal():
        return [int(raw), 0]
    parts = re.fullmatch(r"(?:(\d+)d)?(?:(\d+)r)?", raw)
    if not raw or not parts or not (parts.group(1) or parts.group(2)):
        raise UsageError(_("token cost {text!r}: {accepted}").format(text=text, accepted=accepted))
    d, r = int(parts.group(1) or 0), int(parts.group(2) or 0)
    if d > 50 or r > 25:
        raise UsageError(_("token cost {text!r} is more than the game holds; {accepted}").format(text=text, accepted=accepted))
    return [d, r]


def checked_cost(cost) -> list[int]:
    """A typed price (doubloons, rum) held to what the game holds, as the routes keep it: [d, r]."""
    ok = (isinstance(cost, (tuple, list)) and len(cost) == 2
          and all(not isinstance(n, bool) and isinstance(n, int) and n >= 0 for n in cost))
    if not ok or cost[0] > 50 or cost[1] > 25:
        raise UsageError(_("token cost {text!r}: accepted: doubloons and rum like 2d1r, 3d, 1r, 2 (doubloons) or 0").format(text=cost))
    return [cost[0], cost[1]]


def cost_text(cost) -> str:
    if cost is None:
        return "?"
    d, r = cost
    bits = ([f"{d}d"] if d else []) + ([f"{r}r"] if r else [])
    return "".join(bits) or _("free")
