"""Dieson Crusoe: the Morning (roll, stone rerolls, the event) and the Evening (tools at dusk, eating,
weather, raid, dice move, the date). Each procedure is a registered action; § refers to
dieson-crusoe-rulebook-en.txt.
"""

from __future__ import annotations

from typing import ClassVar

from ... import rolls
from ...action_base import Action, register, typed_faces
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...table import Table
from ...valuetype import frozen
from . import rules as R
from . import typed as T

SAY = {
    "rolled": N_("Action dice, smallest first: {dice}."),
    "rerolled": N_("Paid 1 stone; rerolled: {dice}."),
    "kept": N_("Dice kept: {dice}."),
    "event": N_("Event disc {steps} on to space {pos}: {name}."),
    "fire": N_(" Fire: Weather die {old} → {new}."),
    "flag": N_("Flag: Lightning die {v}, the Friend disc moves to {pos}."),
    "trap": N_("Trap: paid 1 food for 1 leather and 2 food."),
    "dog": N_("Watch Dog: paid 1 food for 1 fence."),
    "eat_food": N_("Ate 1 food."),
    "eat_health": N_("No meal: lost 1 health."),
    "weather": N_("Weather die {v}: {what}."),
    "raid": N_("Raid die {v} in the {area} area: {what}."),
    "dice_move": N_("Dice move: hand {hand}; Lightning {l}, Weather {w}, Raid {r}."),
    "date": N_("Day {day}{icons}."),
    "late": N_("Day {day} is past the quest's {duration} days: the game is lost."),
    "dead": N_("Health is 0: the game is lost."),
}


def expected(t: Table) -> Next | None:
    """The action that takes the day on from where it stands (None once the game is over)."""
    ph, step = R.phase(t), R.flow(t).get("step")
    if step == "roll" and ph in ("morning", "afternoon", "evening"):
        return Next("dc-roll")
    if ph == "morning":
        if step == "reroll" and R.count(t, "stone"):
            return Next("dc-event", alt=(Next("dc-reroll", missing=("positions",)),))
        return Next("dc-event")
    if ph == "afternoon":
        return Next("dc-do", missing=("what",)) if R.dc(t).get("pending") else Next("dc-pick", missing=("die",))
    if ph == "evening" and step == "eat":
        return Next("dc-eat", {"pay": "food" if R.count(t, "food") else "health"})
    if ph == "evening":
        return Next("dc-dusk" if step == "dusk" else "dc-night")
    return None


def _need(t: Table, phase: str, steps: tuple[str, ...], what: str) -> None:
    if R.phase(t) != phase or R.flow(t).get("step") not in steps:
        raise RuleError(_("{what} is not now: it is the {phase} ({step})")
                        .format(what=what, phase=R.phase(t), step=R.flow(t).get("step")), next=expected(t))


def _need_roll(t: Table) -> None:
    """The action dice are rolled in the Morning, or first thing in a phase set by hand while they were in hand."""
    if R.flow(t).get("step") != "roll" or R.phase(t) not in ("morning", "afternoon", "evening"):
        raise RuleError(_("{what} is not now: it is the {phase} ({step})")
                        .format(what=_("rolling the action dice"), phase=R.phase(t), step=R.flow(t).get("step")), next=expected(t))


def _losses(d: dict[str, int]) -> str:
    return ", ".join(f"-{n} {R.res_name(k)}" for k, n in d.items() if n) or _("nothing")


def _sorted(dice: list[dict]) -> list[dict]:
    return sorted(dice, key=lambda d: d["v"])


TAKE = ("wood", "stone")
PAY_MEAL = ("food", "health")


# -- Morning -----------------------------------------------------------------------------------------


@register
@frozen
class DcRoll(Action):
    """Morning 1: roll the three action dice. faces: the faces typed at the table, one int per die in hand
    order (yellow, yellow, grey), or None to roll them virtually."""

    kind: ClassVar[str] = "dc-roll"
    faces: T.Faces | None = None

    def text(self) -> str:
        s = _("dieson: roll the action dice")
        return typed_faces(s, self.faces)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, faces=None) -> "DcRoll":
        """The faces as typed ('2,4,4'), read against the dice in hand."""
        _need_roll(t)
        return cls(T.faces(cat, R.dc(t)["hand"], faces))

    upgrade = classmethod(T.by_parse)

    def run(self, t: Table, cat: GameCatalog):
        _need_roll(t)
        s = R.dc(t)
        dice = T.rolled(t, cat, s["hand"], self.faces)
        s["hand"] = []
        ph = R.phase(t)
        if ph == "evening":  # a phase set by hand: the dice in hand lie in the used boxes (correct.start_of)
            s["used"] = [*s["used"], *dice]
            R.flow(t)["step"] = "dusk"
        else:
            s["unused"] = _sorted([*s["unused"], *dice])
            R.flow(t)["step"] = "reroll" if ph == "morning" else "pick"
        shown = ", ".join(R.die_label(d) for d in (dice if ph == "evening" else s["unused"]))
        t.data["last"] = {"roll": N_("action dice"), "faces": [R.die_text(d) for d in s["unused"]]}
        return {"faces": [[d["v"]] for d in s["unused"]], "say": _(SAY["rolled"]).format(dice=shown),
                rolls.KEY: T.records(dice, self.faces is not None)}


@register
@frozen
class DcReroll(Action):
    """Morning 1: pay a stone to reroll the unused dice at these positions (1 = leftmost). faces: the new
    faces typed at the table, one int per die in the positions' order, or None to roll them virtually."""

    kind: ClassVar[str] = "dc-reroll"
    positions: tuple[int, ...] = ()
    faces: T.Faces | None = None

    def text(self) -> str:
        where = ",".join(str(p) for p in self.positions)
        s = _("dieson: reroll dice {where} for a stone").format(where=where)
        return typed_faces(s, self.faces)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, positions=(), faces=None) -> "DcReroll":
        """The positions ('1,3') and the new faces ('5,2') as typed, read against the unused dice."""
        _need(t, "morning", ("reroll",), _("a stone reroll"))
        pos = _positions_held(t, T.positions(positions))
        return cls(pos, T.faces(cat, [R.dc(t)["unused"][p - 1]["c"] for p in pos], faces))

    upgrade = classmethod(T.by_parse)

    def run(self, t: Table, cat: GameCatalog):
        _need(t, "morning", ("reroll",), _("a stone reroll"))
        s = R.dc(t)
        pos = _positions_held(t, self.positions)
        R.pay(t, "stone", 1, "a reroll")
        new = T.rolled(t, cat, [s["unused"][p - 1]["c"] for p in pos], self.faces)
        for p, d in zip(pos, new):
            s["unused"][p - 1] = d
        s["unused"] = _sorted(s["unused"])
        shown = ", ".join(R.die_label(d) for d in s["unused"])
        t.data["last"] = {"roll": N_("action dice"), "faces": [R.die_text(d) for d in s["unused"]]}
        return {"faces": [[d["v"]] for d in new], "say": _(SAY["rerolled"]).format(dice=shown),
                rolls.KEY: T.records(new, self.faces is not None)}


def _positions_held(t: Table, positions: tuple[int, ...]) -> tuple[int, ...]:
    """One to three different places among the unused dice."""
    n = len(R.dc(t)["unused"])
    pos = tuple(positions)
    if not pos or len(set(pos)) != len(pos) or any(isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= n for p in pos):
        raise UsageError(_("reroll positions {positions!r}: give one to three different positions 1..{n}, e.g. 1,3")
                         .format(positions=positions, n=n))
    return pos


@register
@frozen
class DcKeep(Action):
    """Morning 1: no (more) rerolls."""

    kind: ClassVar[str] = "dc-keep"

    def text(self) -> str:
        return _("dieson: keep the dice")

    def run(self, t: Table, cat: GameCatalog):
        _need(t, "morning", ("reroll",), _("keeping the dice"))
        R.flow(t)["step"] = "event"
        return {"say": _(SAY["kept"]).format(dice=", ".join(R.die_label(d) for d in R.dc(t)["unused"]))}


def event_preview(t: Table, cat: GameCatalog) -> tuple[int, int, str]:
    """(steps, landing space, event id) for the smallest unused die."""
    steps = min(d["v"] for d in R.dc(t)["unused"])
    spaces = R.event_spaces(cat)
    pos = R.event_landing(t.data["tracks"]["event"], steps, len(spaces))
    return steps, pos, spaces[pos - 1]


def bump_icon(t: Table, cat: GameCatalog, icon: str, n: int) -> tuple[int, int]:
    die = R.dc(t)["icons"][icon]
    old = die["v"]
    die["v"] = R.clamp_die(cat, old + n)
    return old, die["v"]


def friend_on(t: Table, cat: GameCatalog, n: int) -> int:
    if not R.friend(t):
        return t.data["tracks"]["friend"]
    lo, hi = t.limits(cat.tracks["friend"])
    t.data["tracks"]["friend"] = min(hi, t.data["tracks"]["friend"] + n)
    return t.data["tracks"]["friend"]


@register
@frozen
class DcEvent(Action):
    """Morning 2: the event disc moves by the smallest unused die; its event happens (§ Event List)."""

    kind: ClassVar[str] = "dc-event"
    take: str | None = None  # the wood-or-stone space: which one, "wood" or "stone"

    def text(self) -> str:
        return _("dieson: event, take {what}").format(what=_(self.take)) if self.take else _("dieson: event")

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, take=None) -> "DcEvent":
        return cls(T.word(take, TAKE, "take"))

    upgrade = classmethod(T.by_parse)

    def run(self, t: Table, cat: GameCatalog):
        _need(t, "morning", ("reroll", "event"), _("the event"))
        steps, pos, ev = event_preview(t, cat)
        if self.take is not None and ev != "wood-or-stone":
            raise UsageError(_("take {take!r}: the disc lands on {space!r}, which offers no choice; leave it out")
                             .format(take=self.take, space=R.EVENT_NAMES[ev]))
        t.data["tracks"]["event"] = pos
        got: dict[str, int] = {}
        if ev == "food":
            got["food"] = R.gain(t, "food", 1)
        elif ev == "wood-or-stone":
            if self.take is None:
                raise UsageError(_("the disc lands on wood/stone: say which, take wood or take stone"))
            res = T.held(self.take, TAKE, "take")
            got[res] = R.gain(t, res, 1)
        elif ev == "raid+2":
            bump_icon(t, cat, "raid", 2)
        elif ev == "weather+2":
            bump_icon(t, cat, "weather", 2)
        elif ev == "lose-food":
            got["food"] = -R.lose(t, "food", 2)
        elif ev == "lose-fence-roof":
            got["fence"] = -R.lose(t, "fence", 1)
            got["roof"] = -R.lose(t, "roof", 1)
        elif ev == "friend+1":
            friend_on(t, cat, 1)
        say = _(SAY["event"]).format(steps=steps, pos=pos, name=_(R.EVENT_NAMES[ev]) if ev in R.EVENT_NAMES else ev)
        if R.has(t, "fire"):
            old, new = bump_icon(t, cat, "weather", -1)
            say += _(SAY["fire"]).format(old=old, new=new)
        t.data["flags"]["phase"] = "afternoon"
        R.flow(t)["step"] = "pick"
        return {"event": ev, "space": pos, "steps": steps, "got": got, "say": say}


# -- Evening -----------------------------------------------------------------------------------------


def dusk_options(t: Table) -> list[str]:
    """The optional tools at the start of the Evening that apply tonight."""
    s = R.dc(t)
    out = []
    if R.has(t, "trap") and s["icons"]["lightning"]["v"] in (3, 5) and R.count(t, "food") >= 1:
        out.append("trap")
    if R.has(t, "watch-dog") and s["icons"]["raid"]["v"] in (5, 6) and R.count(t, "food") >= 1:
        out.append("dog")
    return out


@register
@frozen
class DcDusk(Action):
    """Evening, start: the Flag moves the friend on by itself; Trap and Watch Dog are choices."""

    kind: ClassVar[str] = "dc-dusk"
    trap: bool = False
    dog: bool = False

    def text(self) -> str:
        used = [_(n) for n, on in ((N_("trap"), self.trap), (N_("watch dog"), self.dog)) if on]
        s = _("dieson: start of the evening")
        return _("{line} ({bits})").format(line=s, bits=", ".join(used)) if used else s

    def run(self, t: Table, cat: GameCatalog):
        _need(t, "evening", ("dusk",), _("the start of the evening"))
        can = dusk_options(t)
        says = []
        s = R.dc(t)
        if R.has(t, "flag") and s["icons"]["lightning"]["v"] in (2, 4) and R.friend(t):
            says.append(_(SAY["flag"]).format(v=s["icons"]["lightning"]["v"], pos=friend_on(t, cat, 1)))
        for name, wanted, key in (("trap", self.trap, "trap"), ("dog", self.dog, "dog")):
            if not wanted:
                continue
            if name not in can:
                raise RuleError(_("the Trap does not work tonight (it needs the tool made, the Lightning die on 3 or 5 and 1 food)")
                                if name == "trap" else
                                _("the Watch Dog does not work tonight (it needs the tool made, the Raid die on 5 or 6 and 1 food)"))
            R.pay(t, "food", 1, name)
            if name == "trap":
                R.gain(t, "leather", 1)
                R.gain(t, "food", 2)
            else:
                R.gain(t, "fence", 1)
            says.append(_(SAY[key]))
        R.flow(t)["step"] = "eat"
        return {"say": " ".join(says) or _("Nothing at dusk.")}


@register
@frozen
class DcEat(Action):
    """Evening 1: eat 1 food or lose 1 health."""

    kind: ClassVar[str] = "dc-eat"
    pay: str | None = None  # "food" or "health"; None: food while there is any, else health (as the guided game offers)
    icons: bool = False  # the guided game: the table says the next date space shows other icons (asked at night)

    def text(self) -> str:
        s = _("dieson: eat ({pay})").format(pay=_(self.pay) if self.pay else _("food, or health without food"))
        return _("{line}, other date icons").format(line=s) if self.icons else s

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, pay=None, icons: bool = False) -> "DcEat":
        return cls(T.word(pay, PAY_MEAL, "pay"), bool(icons))

    upgrade = classmethod(T.by_parse)

    def run(self, t: Table, cat: GameCatalog):
        _need(t, "evening", ("dusk", "eat"), "eating")
        if R.flow(t)["step"] == "dusk":
            if dusk_options(t) or (R.has(t, "flag") and R.dc(t)["icons"]["lightning"]["v"] in (2, 4) and R.friend(t)):
                raise RuleError(_("the start of the evening comes first"), next=Next("dc-dusk"))
        how = T.held(self.pay or ("food" if R.count(t, "food") else "health"), PAY_MEAL, "pay")
        if how == "food":
            if R.count(t, "food") < 1:
                raise RuleError(_("the meal costs 1 food and you have none: lose 1 health instead"), next=Next("dc-eat", {"pay": "health"}))
            R.pay(t, "food", 1, _("the meal"))
        else:
            R.lose(t, "health", 1)
        R.flow(t)["step"] = "night"
        if self.icons:
            R.flow(t)["icons"] = "ask"
        return {"say": _(SAY["eat_food" if how == "food" else "eat_health"])}


def date_icons(cat: GameCatalog, day: int) -> tuple[int, int]:
    """(weather +, raid +) printed on a date space, from the data file."""
    icons = cat.rules["date_icons"]
    return int(icons["weather"].get(str(day), 0)), int(icons["raid"].get(str(day), 0))


@register
@frozen
class DcNight(Action):
    """Evening 2-5: weather and raid penalties, the dice move, and the date moves on.

    weather_up / raid_up: the icons on the new date space as the board shows them (None: the data file's).
    """

    kind: ClassVar[str] = "dc-night"
    weather_up: int | None = None
    raid_up: int | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, icons=None) -> "DcNight":
        """The new date space's icons as typed ('weather+1 raid+2', 'none'); None: the data file's."""
        return cls() if icons is None else cls(*T.parse_icons(icons))

    def text(self) -> str:
        icons = ""
        if self.weather_up is not None or self.raid_up is not None:
            icons = " " + _("(date icons: weather +{weather}, raid +{raid})").format(weather=self.weather_up or 0, raid=self.raid_up or 0)
        return _("dieson: weather, raid, dice move, next day") + icons

    def run(self, t: Table, cat: GameCatalog):
        _need(t, "evening", ("night",), _("the night"))
        R.flow(t).pop("icons", None)
        for n, what in ((self.weather_up, "weather"), (self.raid_up, "raid")):
            if n is not None and (not isinstance(n, int) or not 0 <= n <= 2):
                raise UsageError(_("{what} +{n}: a date space raises a die by 0, 1 or 2").format(what=what, n=n))
        s = R.dc(t)
        says = []
        w = s["icons"]["weather"]["v"]
        roofs, hurt = R.weather_penalty(w, R.count(t, "roof"))
        R.lose(t, "roof", roofs)
        R.lose(t, "health", hurt)
        says.append(_(SAY["weather"]).format(v=w, what=_losses({"roof": roofs, "health": hurt})))
        if R.count(t, "health") == 0:
            return self._lost(t, says, _(SAY["dead"]))
        r = s["icons"]["raid"]["v"]
        card = cat.deck("areas").card(R.area(t))
        took = R.raid_penalty(r, card, R.count(t, "fence"))
        real = {k: R.lose(t, k, n) for k, n in took.items()}
        says.append(_(SAY["raid"]).format(v=r, area=card.name, what=_losses(real)))
        if R.count(t, "health") == 0:
            return self._lost(t, says, _(SAY["dead"]))
        # dice move: the icon boxes' dice to the hand, the used dice along the arrows
        if len(s["used"]) != len(cat.rules["dice_move"]["to"]):
            raise RuleError(_("the used boxes hold {n} dice: the dice move takes three; correct the used boxes first")
                            .format(n=len(s["used"])), next=Next("dc-set", {"field": "used"}))
        s["hand"] = [s["icons"][i]["c"] for i in R.ICONS]
        for slot, icon in enumerate(cat.rules["dice_move"]["to"]):
            s["icons"][icon] = s["used"][slot]
        s["used"] = []
        says.append(_(SAY["dice_move"]).format(hand=" ".join(R.colour_name(c) for c in s["hand"]), l=s["icons"]["lightning"]["v"],
                                            w=s["icons"]["weather"]["v"], r=s["icons"]["raid"]["v"]))
        day = t.data["tracks"]["day"] + 1
        duration = R.quest_card(t, cat).get("duration")
        if day > duration:
            return self._lost(t, says, _(SAY["late"]).format(day=day, duration=duration), day_over=True)
        t.data["tracks"]["day"] = day
        dw, dr = date_icons(cat, day)
        wu = dw if self.weather_up is None else self.weather_up
        ru = dr if self.raid_up is None else self.raid_up
        icons = []
        if wu:
            icons.append(_("Weather die +{n} → {v}").format(n=wu, v=bump_icon(t, cat, "weather", wu)[1]))
        if ru:
            icons.append(_("Raid die +{n} → {v}").format(n=ru, v=bump_icon(t, cat, "raid", ru)[1]))
        says.append(_(SAY["date"]).format(day=day, icons=(": " + ", ".join(icons)) if icons else ""))
        t.data["flags"]["phase"] = "morning"
        R.flow(t)["step"] = "roll"
        return {"say": " ".join(says), "day": day}

    @staticmethod
    def _lost(t: Table, says: list[str], why: str, day_over: bool = False):
        says.append(why)
        t.data["over"] = {"result": "lost", "why": "time" if day_over else "health"}
        t.data["flags"]["phase"] = "over"
        return {"say": " ".join(says), "lost": True}
