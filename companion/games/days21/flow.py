"""21 Days: the day in order, as a queue of tasks kept in the table state (`t.data["flow"]["queue"]`).

Weather → Shark phase → Morning symbols → Midday (Scruffs token, placement, then activation in board
order) → Evening symbols → Attack → the next day. Each task is finished by the action that resolves it
(the same action a single command records), so the guided game can stop and resume anywhere and undo
steps back through it. `next_step` turns the head of the queue into a guide.Step.
"""

from __future__ import annotations

from typing import ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...table import Table
from ...valuetype import frozen
from . import typed as ty
from .core import d21, day, done, flow, hope, is_scruffs, living, name, push, survivor
from .names import PLACES as NAMES
from .names import colour, place

SAY = {
    "place_taken": N_("the {loc} location is full ({n} of {n} dice)"),
    "blocked": N_("the {loc} location cannot be used today (weather)"),
    "heavy": N_("Heavy weather: no location can be used today."),
    "kid_only": N_("only The Kid's die goes on the Kid's location"),
    "kid_cost": N_("The Kid's location costs 2 hope, once a day"),
    "receive_held": N_("{seat} already holds a bottle card: only playing it frees the hand"),
    "not_placing": N_("{seat} is not the one placing now ({who} is)"),
    "end": N_("Day {d} ends. The starting player token passes to {s}."),
}


def start(t: Table, cat: GameCatalog) -> None:
    f = flow(t)
    f["queue"] = [{"do": "setup"}] + day_tasks(t, cat)
    f["placements"] = []


def forget(t: Table, seat: str) -> None:
    """A survivor died: their dice leave the board and nothing waits for them."""
    f = flow(t)
    f["placements"] = [p for p in f.get("placements", []) if p[0] != seat]
    f["queue"] = [q for q in f.get("queue", []) if q.get("seat") != seat]


def day_tasks(t: Table, cat: GameCatalog) -> list[dict]:
    from .weather import weather_tasks

    if day(t) >= 21:
        tasks = [{"do": "exhaustion"}]
        if any(survivor(t, s) == "rosina" for s in living(t)):
            tasks.append({"do": "rosina"})
        return tasks + [{"do": "day21"}]
    tasks = []
    # the English rulebook rolls the weather before the sharks, the Czech one at the start of the morning
    early = d21(t).get("weather") is not None and cat.rules.get("weather", {}).get("when") != "morning"
    if early:
        tasks.append({"do": "weather"})
    tasks.append({"do": "shark"})
    if d21(t).get("weather") is not None and not early:
        tasks.append({"do": "weather"})
    tasks += weather_tasks(t)
    tasks += [{"do": "morning"}, {"do": "midday"}, {"do": "evening"}]
    if d21(t).get("plant") is not None:
        tasks.append({"do": "harvest"})
    tasks += [{"do": "attack"}, {"do": "end"}]
    return tasks


def placing_order(t: Table) -> list[str]:
    start_seat = t.data["flags"]["starting"]
    seats = t.seats
    i = seats.index(start_seat)
    ring = seats[i:] + seats[:i]
    return [s for s in ring if s in living(t) and not is_scruffs(t, s)]


def midday_tasks(t: Table, cat: GameCatalog, places: bool, octopus: bool) -> list[dict]:
    from .weather import blocked

    f = flow(t)
    f["placements"] = []
    tasks: list[dict] = []
    order = placing_order(t)
    octo = octopus and t.data["counters"]["tentacles"] > 0 and order
    scruffs = next((s for s in living(t) if is_scruffs(t, s)), None)
    sc = d21(t).get("scruffs") or {}
    if octo:
        f["placements"].append([order[0], "octopus"])
        if scruffs:
            tasks.append({"do": "octopus"})
    if scruffs and t.visible(scruffs) >= 5 and not sc.get("active"):
        tasks.append({"do": "scruffs"})
    if d21(t).get("plant") is not None:
        tasks.append({"do": "plant"})
    if "all" in blocked(t) or not places:
        tasks.append({"do": "activate"})
        return tasks
    for seat in order:
        if octo and seat == order[0]:
            continue
        tasks.append({"do": "place", "seat": seat})
    wd = d21(t).get("white_die")
    if wd and wd.get("markers", 0) > 0 and wd["seat"] in order:
        tasks.append({"do": "place", "seat": wd["seat"], "extra": True})
    tasks.append({"do": "activate"})
    return tasks


def capacity(t: Table, cat: GameCatalog, loc: str) -> int:
    r = cat.rules["locations"]
    if loc == "swap":
        token = d21(t).get("swap")
        if not token:
            return 0
        spec = cat.deck("swap").card(token.split(":")[0])
        return 0 if spec.id == "dolphin" else spec.get("places", 1)
    return r.get(loc, 0)


def available(t: Table, cat: GameCatalog, seat: str) -> list[str]:
    """Where this survivor's placement die may go now."""
    from .weather import blocked

    out = []
    placed = [loc for _s, loc in flow(t).get("placements", [])]
    bl = blocked(t)
    for loc in cat.rules["locations"]["order"]:
        if loc == "octopus" or loc in bl or "all" in bl:
            continue
        if loc == "jellyfish" and (d21(t).get("kite") is None or hope(t, seat) < cat.rules["kite"]["cost"]):
            continue
        if loc == "fishing" and "no-fishing" in d21(t).get("today", []):
            continue
        if loc == "plank" and d21(t).get("plank_card") != seat:
            continue
        if loc == "kid" and (survivor(t, seat) != "kid" or hope(t, seat) < 2 or "kid" in d21(t).get("today", [])):
            continue
        if loc == "receive" and (t.deck("bottle")["held"].get(seat) or (d21(t).get("white_die") or {}).get("seat") == seat):
            continue
        if loc == "play" and not t.deck("bottle")["held"].get(seat) and [seat, "receive"] not in flow(t).get("placements", []):
            continue
        if loc == "swap" and str(d21(t).get("swap")).startswith("flare-swap") and hope(t, seat) < cat.rules["flare"]["swap_cost"]:
            continue
        if placed.count(loc) >= capacity(t, cat, loc):
            continue
        out.append(loc)
    return out + ["none"]


@register
@frozen
class Place(Action):
    """A survivor's placement die goes on a location (not rolled yet). extra: the white die of Extra hands."""

    kind: ClassVar[str] = "d21-place"
    seat: str = ""
    location: str = ""
    extra: bool = False

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat="", location="", extra: bool = False) -> "Place":
        who = ty.alive(t, cat, ty.one_seat(t, cat, seat))
        loc = str(location).strip().lower()
        if loc not in (*cat.rules["locations"]["order"], "none"):
            raise UsageError(_("location {location!r}: accepted: {items}").format(location=location, items=", ".join(available(t, cat, who))))
        return cls(who, loc, bool(extra))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat)

    def text(self) -> str:
        return (_("place {seat} on {location} (white die)") if self.extra else _("place {seat} on {location}")).format(seat=colour(self.seat), location=place(self.location))

    def run(self, t: Table, cat: GameCatalog):
        seat = ty.alive(t, cat, self.seat)
        loc = self.location
        if loc not in available(t, cat, seat):
            if loc not in (*cat.rules["locations"]["order"], "none"):
                raise UsageError(_("location {location!r}: accepted: {items}").format(location=self.location, items=", ".join(available(t, cat, seat))))
            raise RuleError(_("{why}; open to {seat}: {items}").format(why=self._why(t, cat, seat, loc), seat=name(t, cat, seat),
                                                                       items=", ".join(_(NAMES.get(a, a)) for a in available(t, cat, seat))))
        head = (flow(t).get("queue") or [{}])[0]
        if head.get("do") == "place" and head.get("seat") != seat:
            raise RuleError(_(SAY["not_placing"]).format(seat=name(t, cat, seat), who=name(t, cat, head.get("seat"))))
        if loc == "kid":
            from .core import mark_today, pay_hope

            pay_hope(t, seat, 2, _("the Kid's location"))
            mark_today(t, "kid")
        if self.extra and loc != "none":
            wd = d21(t).get("white_die")
            if not wd or wd["seat"] != seat or wd["markers"] <= 0:
                raise RuleError(_("{seat} has no Extra hands marker left").format(seat=seat))
            wd["markers"] -= 1
            if wd["markers"] == 0:
                card = wd["card"]
                t.deck("bottle")["table"].remove(card)
                t.deck("bottle")["out"].append(card)
                d21(t)["white_die"] = None
        if loc != "none":
            flow(t).setdefault("placements", []).append([seat, loc])
        done(t, "place")
        return {"say": _("{seat}'s {part}die goes on {names}.").format(seat=_(seat), part=_("white ") if self.extra else '', names=_(NAMES[loc]))}

    @staticmethod
    def _why(t: Table, cat: GameCatalog, seat: str, loc: str) -> str:
        from .weather import blocked

        if loc in blocked(t) or "all" in blocked(t):
            return _(SAY["blocked"]).format(loc=_(NAMES.get(loc, loc)))
        if loc == "kid":
            return _(SAY["kid_only"]) if survivor(t, seat) != "kid" else _(SAY["kid_cost"])
        if loc == "receive" and t.deck("bottle")["held"].get(seat):
            return _(SAY["receive_held"]).format(seat=name(t, cat, seat))
        if loc == "octopus":
            return _("only the logbook's octopus symbol puts a die on the Octopus location")
        if loc == "play":
            return _("{seat} holds no bottle card to play").format(seat=name(t, cat, seat))
        n = capacity(t, cat, loc)
        loc = _(NAMES.get(loc, loc))
        return _(SAY["place_taken"]).format(loc=loc, n=n) if n else _("the {loc} location is not open today").format(loc=loc)


@register
@frozen
class Places(Action):
    """Several placement dice at once, in placing order: the table placed them, then typed them all.
    places: (seat, location, extra) each; all go on or none does."""

    kind: ClassVar[str] = "d21-place-all"
    places: tuple[tuple[str, str, bool], ...] = ()

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, places=()) -> "Places":
        out = []
        for s, loc, x in places:
            p = Place.parse(t, cat, s, loc, bool(x))
            out.append((p.seat, p.location, p.extra))
        return cls(tuple(out))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat)

    def text(self) -> str:
        return "; ".join(Place(s, loc, bool(x)).text() for s, loc, x in self.places)

    def run(self, t: Table, cat: GameCatalog):
        says = [Place(s, loc, bool(x)).run(t, cat)["say"] for s, loc, x in self.places]
        return {"say": " ".join(says)}


@register
@frozen
class Activate(Action):
    """Every die is placed: the locations are activated in board order."""

    kind: ClassVar[str] = "d21-activate"

    def text(self) -> str:
        return _("activate the locations")

    def run(self, t: Table, cat: GameCatalog):
        done(t, "activate")
        placed = flow(t).get("placements", [])
        tasks = []
        for loc in cat.rules["locations"]["order"]:
            seats = [s for s, where in placed if where == loc]
            if not seats:
                continue
            if loc == "octopus" and "octopus_done" in d21(t).get("today", []):
                continue
            if loc == "jellyfish":
                tasks += [{"do": "dive", "seat": s} for s in seats]
            elif loc == "plank":
                tasks.append({"do": "plank-spot"})
            elif loc in ("receive", "play"):
                tasks += [{"do": loc, "seat": s} for s in seats]
            else:
                tasks.append({"do": loc})
        push(t, *tasks)
        if not tasks:
            return {"say": _("No dice on the board today.")}
        where = {"dive": "jellyfish", "plank-spot": "plank"}
        return {"say": _("Activation order: {items}.").format(items=", ".join(dict.fromkeys(_(NAMES.get(where.get(q["do"], q["do"]), q["do"])) for q in tasks)))}


@register
@frozen
class SetupDone(Action):
    """The physical table is set up as castaway shows it (logbook built, components placed)."""

    kind: ClassVar[str] = "d21-setup-done"

    def text(self) -> str:
        return _("the table is set up")

    def run(self, t: Table, cat: GameCatalog):
        done(t, "setup")
        flow(t).pop("differs", None)
        d21(t)["logbook"] = "built"
        return {"say": _("Day 1 begins.")}


@register
@frozen
class PlantGrow(Action):
    """The Plant promo grows a step before Midday placement; after its third day's evening it is harvested:
    3 hope and 2 strength, shared as you like (hope_to 'red,red,blue', strength_to 'yellow,blue')."""

    kind: ClassVar[str] = "d21-plant"
    harvest: bool = False
    hope_to: tuple[str, ...] | None = None
    strength_to: tuple[str, ...] | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, harvest: bool = False, hope_to=None, strength_to=None) -> "PlantGrow":
        return cls(bool(harvest), ty.living_seats(t, cat, hope_to), ty.living_seats(t, cat, strength_to))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat, lenient=("hope_to", "strength_to"))

    def text(self) -> str:
        return _("the plant is harvested") if self.harvest else _("the plant grows")

    def run(self, t: Table, cat: GameCatalog):
        from .core import gain, give_hope

        p = d21(t).get("plant")
        if p is None:
            raise RuleError(_("the Plant card is not in play"))
        if not self.harvest:
            p["days"] += 1
            done(t, "plant")
            return {"say": _("The plant grows (day {days} of 3).").format(days=p['days'])}
        done(t, "harvest")
        if p["days"] < 3:
            return {"say": _("The plant is not ripe yet ({days} of 3 days).").format(days=p['days'])}
        people = [s for s in living(t) if not is_scruffs(t, s)]
        # Scruffs holds no hope: with only Scruffs left the plant's hope stays in the bag
        hto = [ty.alive(t, cat, s) for s in self.hope_to or ()] or [people[i % len(people)] for i in range(3 if people else 0)]
        sto = [ty.alive(t, cat, s) for s in self.strength_to or ()] or sorted(living(t), key=t.visible)[:1] * 2
        if len(hto) > 3 or len(sto) > 2:
            raise UsageError(_("the plant gives 3 hope and 2 strength"))
        for s in hto:
            give_hope(t, s, 1, bonus=False)
        for s in sto:
            gain(t, s, 1)
        d21(t)["plant"] = None
        card = next((c for c in t.deck("bottle")["table"] if c.startswith("plant")), None)
        if card:
            t.deck("bottle")["table"].remove(card)
            t.deck("bottle")["out"].append(card)
        if not hto:
            return {"say": _("Harvest: strength for {items}; the hope stays in the bag (Scruffs holds none).").format(items=', '.join(sto))}
        return {"say": _("Harvest: hope for {items}, strength for {items2}.").format(items=', '.join(hto), items2=', '.join(sto))}


@register
@frozen
class EndDay(Action):
    """The day is over: the starting player token passes clockwise and the next logbook page comes up."""

    kind: ClassVar[str] = "d21-end-day"

    def text(self) -> str:
        return _("end of the day")

    def run(self, t: Table, cat: GameCatalog):
        d = day(t)
        if d >= 21:
            raise RuleError(_("day 21 ends with the rescue, or when the table stops calling the ship"),
                            next=Next("d21-day21", {"what": "end"}))
        if t.data["tracks"]["shark"] == 1 and not d21(t).get("just_attacked"):
            q = [x.get("do") for x in flow(t).get("queue", [])]
            if "attack" in q:
                raise RuleError(_("the sharks attack first (shark card at 1)"), next=Next("d21-shark-attack"))
        x = d21(t)
        skip = x.get("skip_pages", 0)
        new = min(21, d + 1 + skip)
        x["skip_pages"] = 0
        t.data["tracks"]["day"] = new
        order = placing_order(t)
        cur = t.data["flags"]["starting"]
        ring = t.seats[t.seats.index(cur) + 1:] + t.seats[: t.seats.index(cur) + 1]
        nxt = next((s for s in ring if s in order), cur)
        t.data["flags"]["starting"] = nxt
        x["today"] = []
        w = x.get("weather")
        if w is not None:
            w["today"], w["tomorrow"] = w.get("tomorrow"), None
        f = flow(t)
        f["placements"] = []
        for k in ("picked", "wound", "fished", "octopus", "jelly", "disaster", "paranoia", "kid"):
            f.pop(k, None)
        f["queue"] = day_tasks(t, cat)
        say = _(SAY["end"]).format(d=d, s=colour(nxt))
        if skip:
            say += _(" {skip} logbook page(s) removed: it is now day {new}.").format(skip=skip, new=new)
        return {"day": new, "say": say}
