"""21 Days: the helpers every procedure shares (living survivors, hope, strength, ship, raft, colour tokens).

Game state of our own lives in `t.data["d21"]` (raft spots, ability tokens, swap token, weather,
kite, Scruffs markers, per-day uses) and `t.data["flow"]` (where the day stands: see flow.py).
Every random choice takes either what the table typed or a virtual pick from `t.rng()`.
"""

from __future__ import annotations

from ...action_base import parse_int, stack_gain, stack_lose
from ...catalog import GameCatalog
from ...errors import RuleError, UsageError
from ...i18n import N_, _, ngettext
from ...table import Table
from .names import COLOURS, colour, seat_word  # noqa: F401 (the words for seats live with the other names)

ROLL = "roll"  # a parameter meaning: roll (or pick) virtually
DRAW = "draw"  # the table's answer at a draw: castaway draws the card or token for it
DRAW_WORDS = ("draw", "táhni", "tahni")  # the answer in English and in Czech
# the setup option `decks`: the table draws its own cards and tokens (physical) or castaway draws them all
DECKS = {"physical": "physical", "virtual": "virtual", "fyzické": "physical", "fyzicke": "physical",
         "virtuální": "virtual", "virtualni": "virtual"}

SAY = {
    "dead": N_("{seat} is out of the game: nothing more happens to them"),
    "no_hope": N_("{who} holds {have} hope, {need} needed"),
    "no_token": N_("{text!r} is not a living survivor here; accepted: {accepted}"),
}


# -- who is where ---------------------------------------------------------------------------------


def d21(t: Table) -> dict:
    return t.data.setdefault("d21", {})


def physical_decks(t: Table) -> bool:
    """Whether the table draws its own cards and tokens (setup option decks=physical, a new game's default):
    then every draw is asked. A game set up before the option (its setup names no decks) drew virtually."""
    return (t.data.get("options") or {}).get("decks", "virtual") == "physical"


def newer_setup(t: Table) -> bool:
    """Whether the game was set up with the decks option (stored logs from before it replay by the rules they
    were played with: a strength card for a survivor gone stayed in hand)."""
    return "decks" in (t.data.get("options") or {})


def flow(t: Table) -> dict:
    return t.data.setdefault("flow", {"queue": []})


def living(t: Table) -> list[str]:
    dead = t.data.get("dead", [])
    return [s for s in t.seats if s not in dead and t.alive(s)]


def survivor(t: Table, seat: str) -> str:
    return t.seat_values(seat).get("survivor") or seat


def is_scruffs(t: Table, seat: str) -> bool:
    return survivor(t, seat) == "scruffs"


def humans(t: Table) -> list[str]:
    return [s for s in living(t) if not is_scruffs(t, s)]


def seat_of(t: Table, who: str) -> str | None:
    """The seat of a living survivor id (maya, kid, ...) or None."""
    for s in living(t):
        if survivor(t, s) == who:
            return s
    return None


def name(t: Table, cat: GameCatalog, seat: str) -> str:
    who = survivor(t, seat)
    ch = cat.characters.get(who)
    return f"{_(ch.name)} ({colour(seat)})" if ch else colour(seat)


def seat_arg(t: Table, cat: GameCatalog, text: str, among: list[str] | None = None) -> str:
    """A seat or survivor id typed by a user, checked against the living (or a narrower list)."""
    pool = living(t) if among is None else among
    raw = str(text).strip().lower()
    seat = None
    if seat_word(raw) in t.seats:
        seat = seat_word(raw)
    else:
        for s in t.seats:
            if survivor(t, s) == raw:
                seat = s
    if seat is None or seat not in pool:
        accepted = ", ".join(f"{colour(s)} ({survivor(t, s)})" for s in pool) or _("nobody")
        raise UsageError(_(SAY["no_token"]).format(text=text, accepted=accepted))
    return seat


def colour_token(t: Table, cat: GameCatalog, among: list[str], typed: str | None) -> tuple[str, bool]:
    """Colour tokens of `among` dropped: the one typed, or a virtual pick. Returns (seat, virtual)."""
    if not among:
        raise RuleError(_("nobody left for the colour tokens to pick"))
    if typed is None or str(typed).strip().lower() in ("", ROLL):
        if len(among) == 1:
            return among[0], False
        return t.rng().choice(sorted(among, key=t.seats.index)), True
    return seat_arg(t, cat, typed, among), False


def faces_list(text: str | None, n: int | None, what: str, lo: int = 1, hi: int = 6) -> list[int] | None:
    """Typed die faces '3,5 6' as ints (None when not typed); n = how many are expected (None: any)."""
    if text is None or str(text).strip().lower() in ("", ROLL):
        return None
    bits = [b for b in str(text).replace(",", " ").split() if b]
    example = ",".join(["3"] * (n or 2))
    accepted = (ngettext("{n} face {lo}..{hi}, e.g. {example}", "{n} faces {lo}..{hi}, e.g. {example}", n).format(n=n, lo=lo, hi=hi, example=example)
                if n else _("some faces {lo}..{hi}, e.g. {example}").format(lo=lo, hi=hi, example=example))
    vals = [parse_int(b, _("{what} face").format(what=what), _("accepted: {accepted}").format(accepted=accepted)) for b in bits]
    if n is not None and len(vals) != n:
        raise UsageError(_("{what}: {n} faces typed ({text!r}) for {n2} dice; accepted: {accepted}").format(what=what, n=len(vals), text=text, n2=n, accepted=accepted))
    for v in vals:
        if not lo <= v <= hi:
            raise UsageError(_("{what}: face {v} is not on the die; accepted: {accepted}").format(what=what, v=v, accepted=accepted))
    return vals


def roll(t: Table, n: int) -> list[int]:
    rng = t.rng()
    return [rng.randint(1, 6) for _ in range(n)]


# -- strength, hope, ship -------------------------------------------------------------------------


def visible(t: Table, seat: str) -> int:
    return t.visible(seat)


def lose(t: Table, seat: str, n: int) -> list[int]:
    if seat not in living(t) or n <= 0:
        return t.seat_values(seat).get("strength") or []
    vals = t.seat_values(seat)
    vals["strength"] = stack_lose(vals["strength"], n)
    return vals["strength"]


def gain(t: Table, seat: str, n: int) -> int:
    """Gain visible strength (cap 6 on the top die); returns how much was really gained."""
    if seat not in living(t) or n <= 0:
        return 0
    vals = t.seat_values(seat)
    before = vals["strength"][0]
    vals["strength"] = stack_gain(vals["strength"], n, 6)
    return vals["strength"][0] - before


def hope_taken(who: str, n: int) -> str:
    """'Anna takes 3 hope tokens.', with the language's plural forms (1 žeton, 2 žetony, 5 žetonů)."""
    return ngettext("{who} takes {n} hope token.", "{who} takes {n} hope tokens.", n).format(who=who, n=n)


def hope(t: Table, seat: str) -> int:
    return t.seat_values(seat).get("hope", 0)


def give_hope(t: Table, seat: str, n: int, bonus: bool = True) -> int:
    """Hope from the bag to a survivor, as many as the bag holds; Mick's extra token on 3 at once."""
    if n <= 0 or seat not in living(t) or is_scruffs(t, seat):
        return 0
    got = min(n, t.pool_left("hope"))
    vals = t.seat_values(seat)
    vals["hope"] = vals.get("hope", 0) + got
    if bonus and got >= 3 and survivor(t, seat) == "mick" and t.pool_left("hope") > 0:
        vals["hope"] += 1
        got += 1
    return got


def pay_hope(t: Table, seat: str, n: int, why: str) -> None:
    have = hope(t, seat)
    if have < n:
        raise RuleError(f"{why}: " + _(SAY["no_hope"]).format(who=colour(seat), have=have, need=n))
    t.seat_values(seat)["hope"] = have - n


def take_hope(t: Table, seat: str, n: int) -> int:
    """Lose up to n hope (back to the bag); returns how many were lost."""
    lost = min(n, hope(t, seat))
    t.seat_values(seat)["hope"] = hope(t, seat) - lost
    return lost


def ship_max(t: Table, cat: GameCatalog) -> int:
    """The furthest the ship may go today: the buoy only on day 21."""
    spec = cat.tracks["ship"]
    buoy = next((p for p, lab in spec.labels if lab == "buoy"), spec.max)
    return buoy if day(t) >= 21 else buoy - 1


def anchor(cat: GameCatalog) -> int:
    spec = cat.tracks["ship"]
    return next((p for p, lab in spec.labels if lab == "anchor"), spec.max - 1)


def buoy(cat: GameCatalog) -> int:
    spec = cat.tracks["ship"]
    return next((p for p, lab in spec.labels if lab == "buoy"), spec.max)


def move_ship(t: Table, cat: GameCatalog, n: int) -> int:
    """Move the ship n spaces (right is +); it stops at the track's ends and before the buoy until day 21."""
    lo = cat.tracks["ship"].min
    now = t.data["tracks"]["ship"]
    new = max(lo, min(ship_max(t, cat), now + n))
    t.data["tracks"]["ship"] = new
    if day(t) >= 21 and new >= buoy(cat) and living(t):
        t.data["over"] = {"result": "won", "how": N_("the rescue ship reached the buoy")}
    return new - now


def day(t: Table) -> int:
    return t.data["tracks"]["day"]


def used_today(t: Table, key: str) -> bool:
    return key in d21(t).setdefault("today", [])


def mark_today(t: Table, key: str) -> None:
    d21(t).setdefault("today", []).append(key)


# -- the raft -------------------------------------------------------------------------------------


def raft(t: Table) -> dict:
    return d21(t).setdefault("raft", {})


def spot_of(t: Table, seat: str) -> str | None:
    for spot, s in raft(t).items():
        if s == seat:
            return spot
    return None


def fin_victim(t: Table, cat: GameCatalog, fin: int) -> tuple[str, str | None]:
    """(spot, seat) a shark fin points at; seat None when nobody living sits there."""
    spot = str(cat.rules["raft"]["fins"][str(fin)])
    seat = raft(t).get(spot)
    if seat is not None and seat not in living(t):
        seat = None
    return spot, seat


# -- where the day stands -------------------------------------------------------------------------


def task(t: Table) -> dict | None:
    q = flow(t).get("queue") or []
    return q[0] if q else None


def done(t: Table, *names: str) -> None:
    """The task at the head of the day's queue is finished if it is one of `names`."""
    q = flow(t).get("queue") or []
    if q and q[0].get("do") in names:
        q.pop(0)


def take_pick(t: Table, for_: str) -> None:
    """A procedure typed with its victim (or left to a virtual drop) while the colour tokens for it are still
    to drop: the drop is part of the command (`jellyfish --who red`)."""
    q = task(t) or {}
    if q.get("do") == "token" and q.get("for") == for_:
        flow(t)["queue"].pop(0)


def push(t: Table, *tasks: dict) -> None:
    """Tasks to do next, before what was already queued."""
    q = flow(t).setdefault("queue", [])
    q[0:0] = list(tasks)


def wound(t: Table, seat: str, n: int, why: str) -> list[int]:
    """A wound from a shark or the octopus; Pjotr may still cancel it (the seat's state is kept)."""
    pj = seat_of(t, "pjotr")
    if why in ("shark", "octopus") and pj and hope(t, pj) >= 2:
        flow(t)["wound"] = {
            "seat": seat,
            "why": why,
            "vals": dict(t.seat_values(seat)),
            "bottle": list(t.deck("bottle")["held"].get(seat, [])),
        }
    return lose(t, seat, n)


# -- the locations' placements (read by the locations and the bottle) -------------------------------


def placements(t: Table) -> list[list[str]]:
    return flow(t).setdefault("placements", [])


def at(t: Table, cat: GameCatalog, loc: str, seats: str | None, most: int | None = None) -> list[str]:
    placed = [s for s, where in placements(t) if where == loc and s in living(t)]
    if seats:
        out = [seat_arg(t, cat, s) for s in seats.replace(",", " ").split()]
        if placed and sorted(out) != sorted(placed):  # the dice placed there are the ones that roll
            raise RuleError(_("--seats {seats!r}: the {loc} location holds the dice of {items} today").format(
                seats=seats, loc=loc, items=", ".join(placed)))
    else:
        out = placed
    if not out and not seats and not any(where == loc for _s, where in placements(t)):
        raise UsageError(_("who rolls at the {loc} location? Give --seats (e.g. red,blue) or place dice in the guided game").format(loc=loc))
    if most is not None and len(out) > most:
        raise RuleError(_("the {loc} location takes at most {most} placement dice, {n} given").format(loc=loc, most=most, n=len(out)))
    return out
