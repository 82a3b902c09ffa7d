"""21 Days: which guided steps show odds, and the lines they show (guide.Step.odds).

`step_odds(t, cat, q)` gives a callable for the task at the head of the day (or None): the loop in
ui/play_cmds.py calls it just before asking, so nothing is computed for steps without odds.
"""

from __future__ import annotations

from typing import Callable

from ...i18n import N_, Decimal, _
from . import read as rd

SAY = {
    "if_a": N_("If the card is {card}: "),
    "flare": N_("Flare dice ({n}): the ship moves forward {fwd}, back {back}"),
    "hope": N_("Hope dice ({n}): {mean:.1f} tokens on average"),
    "hope_pen": N_("; {pen} to pay back at least one for 1s"),
    "fish": N_("Fishing: {mean:.1f} strength gained on average (room for {room})"),
    "defend": N_("{who}: wounded {lo}, slips free {eq}, cuts the tentacle {hi}"),
    "flare_reroll": N_("With a reroll: forward {fwd}, back {back}"),
    "hope_reroll": N_("With a reroll: {mean:.1f} tokens net on average"),
    "mick": N_("Mick's extra token (the table gives him 3 at once): {p}"),
    "assumed": N_("Assumed: {text}"),
}


def _reroll(t) -> bool:
    """Someone can reroll a die now: Aleta (visible strength 4+, 2 hope) or an unused reroll token."""
    from ...games.days21.core import d21, hope, living, survivor

    for s in living(t):
        if survivor(t, s) == "aleta" and t.visible(s) >= 4 and hope(t, s) >= 2:
            return True
    return any(tok.get("id") == "reroll" and not tok.get("used") and s in living(t)
               for s, tok in (d21(t).get("ability") or {}).items())


def _placed(t, loc: str) -> list[str]:
    from ...games.days21.core import flow, living

    return [s for s, where in flow(t).get("placements", []) if where == loc and s in living(t)]


def _flare(t, cat, q) -> list[str]:
    from ...games.days21.core import anchor, buoy, day
    from ..dist import pct
    from . import rolls as rl

    n = len(_placed(t, "flare"))
    if not n:
        return []
    hi = buoy(cat) if day(t) >= 21 else buoy(cat) - 1
    ship, lo, full = t.data["tracks"]["ship"], cat.tracks["ship"].min, cat.rules["flare"]["full"]
    r = rl.flares(n, ship, lo, hi, anchor(cat), full)
    out = [_(SAY["flare"]).format(n=n, fwd=pct(r["forward"]), back=pct(r["back"]))]
    if _reroll(t):
        from ..dist import prob
        from . import helps as hp

        where = hp.helped(n, lambda f: rl.flare_ship(f, ship, lo, hi, full), "reroll")
        out.append(_(SAY["flare_reroll"]).format(fwd=pct(prob(where, lambda x: x > ship)), back=pct(prob(where, lambda x: x < ship))))
    if n >= full and ship + n > hi:  # the 6s could pass the last space: their order with the 1 matters
        from .report import FLARE_ORDER

        out.append(_(SAY["assumed"]).format(text=_(FLARE_ORDER).format(hi=hi)))
    return out


def _hope(t, cat, q) -> list[str]:
    from ...games.days21.core import hope
    from ..dist import mean, pct
    from . import rolls as rl

    seats = _placed(t, "hope")
    if not seats:
        return []
    from ...games.days21.core import survivor

    rule = cat.rules["hope_location"]
    per, holders = rule["points_per_hope"], tuple(hope(t, s) > 0 for s in seats)
    bag = t.data["pools"]["hope"]["supply"] - sum(hope(t, s) for s in t.seats)
    mick = any(survivor(t, s) == "mick" for s in seats)
    r = rl.hope_location(len(seats), per, holders, bag, rule["full"], mick)
    line = _(SAY["hope"]).format(n=len(seats), mean=Decimal(mean(r["won"])))
    if len(seats) >= rule["full"]:
        line += _(SAY["hope_pen"]).format(pen=pct(1 - r["paid"].get(0, 0)))
    out = [line]
    if mick:
        out.append(_(SAY["mick"]).format(p=pct(r["mick"].get(1, 0))))
    if _reroll(t):
        from . import helps as hp

        net = hp.helped(len(seats), lambda f: (lambda g: g[0] + g[2] - g[1])(rl.hope_payout(f, per, holders, bag, rule["full"], mick)), "reroll")
        out.append(_(SAY["hope_reroll"]).format(mean=Decimal(mean(net))))
    if len(seats) >= rule["full"] and bag < 6 * len(seats) // per:  # a small bag: the order of paying and drawing counts
        from .report import HOPE_ORDER

        out.append(_(SAY["assumed"]).format(text=_(HOPE_ORDER)))
    return out


def _fishing(t, cat, q) -> list[str]:
    from ...games.days21.core import living
    from ..dist import mean
    from . import rolls as rl

    r = rl.fishing(cat.rules["fishing"]["fish"], tuple(t.visible(s) for s in living(t)), cat.rules["fishing"]["most_each"])
    return [_(SAY["fish"]).format(mean=Decimal(mean(r["gained"])), room=r["room"])]


def _jelly(t, cat, q) -> list[str]:
    from ...games.days21.core import flow

    j = flow(t).get("jelly") or {}
    seat = j.get("who") or q.get("seat") or flow(t).get("picked")
    if seat is None:
        return []
    if j.get("challenges"):
        return rd.jelly_lines(t, cat, seat, j["challenges"], j.get("card", "typed"))
    known = [c for c in cat.deck("jellyfish").cards if c.get("challenges")]
    out = []
    for c in known:
        ch = [(x[0], int(x[1])) for x in c.get("challenges")]
        out += [_(SAY["if_a"]).format(card=c.name) + line for line in rd.jelly_lines(t, cat, seat, ch, "")]
    return out


def _paranoia(t, cat, q) -> list[str]:
    from ...games.days21.core import flow

    p = flow(t).get("paranoia") or {}
    seat = p.get("who") or flow(t).get("picked")
    if seat is None or "face" in p:
        return []
    return rd.paranoia_lines(t, cat, seat)


def _attack(t, cat, q) -> list[str]:
    from ...games.days21.core import day

    if t.data["tracks"]["shark"] != 1 or day(t) >= 21:
        return []
    return rd.shark_lines(t, cat)


def _tentacle(t, cat, q) -> list[str]:
    from ...games.days21.core import flow, name

    fight = flow(t).get("fight") or {}
    if fight.get("victim") and fight.get("white"):
        w = fight["white"]
        return [_(SAY["defend"]).format(who=name(t, cat, fight["victim"]).split(" (")[0], lo=f"{w - 1}/6", eq="1/6", hi=f"{6 - w}/6")]
    if fight.get("i", 0) == 0 and not fight.get("white"):
        return rd.octopus_lines(t, cat, awake=True)
    return []


ODDS: dict[str, Callable] = {
    "attack": _attack,
    "shark-1": lambda t, cat, q: rd.bite_lines(t, cat, 1),
    "shark-6": lambda t, cat, q: rd.bite_lines(t, cat, 6),
    "octopus": lambda t, cat, q: rd.octopus_lines(t, cat),
    "tentacle": _tentacle,
    "jellyfish": _jelly,
    "dive": _jelly,
    "paranoia": _paranoia,
    "kid": lambda t, cat, q: rd.kid_lines(t, cat),
    "flare": _flare,
    "hope": _hope,
    "fishing": _fishing,
    "exhaustion": lambda t, cat, q: rd.rescue_lines(t, cat),
    "rosina": lambda t, cat, q: rd.rescue_lines(t, cat),
    "day21": lambda t, cat, q: rd.rescue_lines(t, cat),
}


RESCUE = ("exhaustion", "rosina", "day21")  # the tasks whose odds are day 21's search


class Odds:
    """A step's odds lines, computed when shown; `quick` (or None) gives lines at once while they are still
    being worked out: day 21's lower bound, until its exact search is done."""

    def __init__(self, fn: Callable[[], list[str]], quick: Callable[[], list[str]] | None = None):
        self.fn, self.quick = fn, quick

    def __call__(self) -> list[str]:
        return self.fn()


def step_odds(t, cat, q: dict | None) -> Callable[[], list[str]] | None:
    """The odds lines for this task, computed when shown (None: this step shows none)."""
    do = (q or {}).get("do")
    fn = ODDS.get(do) if isinstance(do, str) else None
    if fn is None:
        return None
    if do in RESCUE:
        return Odds(lambda: fn(t, cat, q), lambda: rd.rescue_quick_lines(t, cat))
    return Odds(lambda: fn(t, cat, q))


def background(t, cat, q: dict | None) -> Callable[[], object] | None:
    """Work to start at once, before it is asked for: day 21's exact search as soon as day 21's table is known
    (day 20's last steps, and day 21 itself), so the first day-21 prompt finds its answer."""
    from ...games.days21.core import day

    d = day(t)
    if d >= 21 or (d == 20 and (q or {}).get("do") in ("attack", "end")):
        return lambda: rd.rescue_lines(t, cat)
    return None
