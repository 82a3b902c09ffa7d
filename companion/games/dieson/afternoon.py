"""Dieson Crusoe: the Afternoon. Three actions, each: pick an unused die and move the meeple (pick),
shift it for wood or health (shift), raise the die for stars with food or health (boost), then do the
box's action, craft a tool or play with the friend (do). Also the friend's help, leather for the
friend and the Blueprint swap. § refers to dieson-crusoe-rulebook-en.txt.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...lognames import word
from ...table import Table
from ...valuetype import frozen
from . import rules as R
from . import typed as T
from .day import _need, friend_on

SAY = {
    "pick": N_("Die {die}: the meeple goes {way} {steps} to {box}."),
    "shift": N_("Paid {n} {pay}: the meeple shifts to {box}."),
    "boost": N_("Paid {n} {pay}: the die counts as {v} for stars ({stars})."),
    "help_die": N_("Friend's help: the {icon} die ({v}) does any one action; the meeple stays."),
    "help_res": N_("Friend's help: +{n} {what}."),
    "help_stars": N_("Friend's help: +{n} stars on the next stars you get."),
    "leather": N_("Paid {n} leather: the Friend disc moves to {pos}."),
    "swap": N_("Blueprint: die {old} swapped for the card's {new}."),
    "friend": N_("Played with the friend: the disc moves to {pos}."),
    "craft": N_("Made the {name} with {stars}."),
    "stars": N_("{stars} stars"),
}
LINES = ("plain", "food", "escape")
HELP_KINDS = {"die": N_("a die's action"), "resource": N_("resources"), "stars": N_("stars")}  # in the log's shown line
WAYS = ("cw", "ccw")
HELP = ("die", "resource", "stars")
SHIFT_PAY = ("wood", "health")
BOOST_PAY = ("food", "health")


def _free(t: Table, what: str) -> None:
    _need(t, "afternoon", ("pick",), what)
    if R.dc(t).get("pending"):
        raise RuleError(_("{what} must wait: finish the die in hand first").format(what=what), next=Next("dc-do", missing=("what",)))


def _pending(t: Table, what: str) -> dict:
    _need(t, "afternoon", ("pick",), what)
    p = R.dc(t).get("pending")
    if not p:
        raise RuleError(_("{what} needs a die in hand: pick one first").format(what=what), next=Next("dc-pick", missing=("die",)))
    return p


def die_value(p: dict) -> int:
    return p["die"]["v"] + p.get("boost", 0)


def stars_now(t: Table, cat: GameCatalog, box: str | None) -> int:
    """Stars the die in hand gives on `box`: the star table, the tools' extra star, the friend's help."""
    p = R.dc(t)["pending"]
    stars = R.stars_for(cat, die_value(p)) + R.dc(t).get("stars_bonus", 0)
    for tool, where in R.BONUS_STARS.items():
        if box in where and R.has(t, tool):
            stars += 1
    return stars


@register
@frozen
class DcPick(Action):
    """Afternoon 1-2: use the unused die at `die` (1 = leftmost); the meeple moves that many boxes.
    way: cw, or ccw when the die shows 1 or is grey."""

    kind: ClassVar[str] = "dc-pick"
    die: int = 1
    way: str = "cw"

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, die: int = 1, way="cw") -> "DcPick":
        return cls(die, T.chosen(way, WAYS, "way"))

    upgrade = classmethod(T.by_parse)

    def text(self) -> str:
        return (_("dieson: pick die {die} counter-clockwise") if self.way == "ccw" else _("dieson: pick die {die}")).format(die=self.die)

    def run(self, t: Table, cat: GameCatalog):
        _free(t, _("picking a die"))
        s = R.dc(t)
        n = len(s["unused"])
        if not isinstance(self.die, int) or not 1 <= self.die <= n:
            shown = " ".join(f"{i}={R.die_text(d)}" for i, d in enumerate(s["unused"], 1))
            raise UsageError(_("die {die!r}: accepted: {shown}").format(die=self.die, shown=shown or _("none left")))
        way = T.held(self.way, WAYS, "way")
        d = s["unused"][self.die - 1]
        if way == "ccw" and d["v"] != 1 and d["c"] != "grey":
            raise RuleError(_("die {die} moves clockwise only: counter-clockwise needs a 1 or the grey die").format(die=R.die_text(d)))
        s["unused"].pop(self.die - 1)
        steps = d["v"] if way == "cw" else -d["v"]
        pos = R.action_landing(t.data["tracks"]["action"], steps, len(R.boxes(cat)))
        t.data["tracks"]["action"] = pos
        s["pending"] = {"die": d, "boost": 0, "from": "unused"}
        box = R.landed_box(cat, pos)
        return {"box": box, "say": _(SAY["pick"]).format(die=R.die_label(d), way=_("clockwise") if way == "cw" else _("counter-clockwise"),
                                                        steps=d["v"], box=_(R.BOX_NAMES[box]))}


def _pay(t: Table, how: str, resource: str, n: int, what: str) -> None:
    """Pay n of the resource, or n health: § Afternoon 2 and 3 let you lose health for it "multiple times",
    the last one too (health 0: the game is lost at once, § End of the Game); never more than you have."""
    if how == resource:
        R.pay(t, resource, n, what)
        return
    if R.count(t, "health") < n:
        raise RuleError(_("paying {n} health: you have only {left}").format(n=n, left=R.count(t, "health")))
    R.lose(t, "health", n)


@register
@frozen
class DcShift(Action):
    """Afternoon 2: move the meeple `steps` boxes more (negative: back), 1 wood or 1 health a box."""

    kind: ClassVar[str] = "dc-shift"
    steps: int = 1
    pay: str = "wood"  # or "health"

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, steps: int = 1, pay="wood") -> "DcShift":
        return cls(steps, T.chosen(pay, SHIFT_PAY, "pay"))

    upgrade = classmethod(T.by_parse)

    def text(self) -> str:
        return _("dieson: shift the meeple {steps} for {pay}").format(steps=f"{self.steps:+d}", pay=word(self.pay, R.RESOURCE_NAMES))

    def run(self, t: Table, cat: GameCatalog):
        p = _pending(t, _("shifting the meeple"))
        if p.get("anybox"):
            raise RuleError(_("the friend's help leaves the meeple where it is: no shift"))
        how = T.held(self.pay, SHIFT_PAY, "pay")
        if not isinstance(self.steps, int) or self.steps == 0 or abs(self.steps) > 8:
            raise UsageError(_("shift {steps!r}: give +N or -N boxes, 1..8").format(steps=self.steps))
        n = abs(self.steps)
        _pay(t, how, "wood", n, _("the shift"))
        pos = R.action_landing(t.data["tracks"]["action"], self.steps, len(R.boxes(cat)))
        t.data["tracks"]["action"] = pos
        return {"box": R.landed_box(cat, pos), "say": _(SAY["shift"]).format(n=n, pay=R.res_name(how), box=_(R.BOX_NAMES[R.landed_box(cat, pos)]))}


@register
@frozen
class DcBoost(Action):
    """Afternoon 3: raise the die in hand by n for stars only, 1 food or 1 health each."""

    kind: ClassVar[str] = "dc-boost"
    n: int = 1
    pay: str = "food"  # or "health"

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, n: int = 1, pay="food") -> "DcBoost":
        return cls(n, T.chosen(pay, BOOST_PAY, "pay"))

    upgrade = classmethod(T.by_parse)

    def text(self) -> str:
        return _("dieson: boost the die +{n} for {pay}").format(n=self.n, pay=word(self.pay, R.RESOURCE_NAMES))

    def run(self, t: Table, cat: GameCatalog):
        p = _pending(t, "a boost")
        how = T.held(self.pay, BOOST_PAY, "pay")
        if not isinstance(self.n, int) or self.n < 1:
            raise UsageError(_("boost {n!r}: give how many, from 1").format(n=self.n))
        top = R.star_top(cat)
        if die_value(p) + self.n > top:
            raise RuleError(_("die {value}+{n} is past the star tables' {top}: the stars of a die raised "
                              "that far are in no rulebook; add them to rules.stars.beyond in a file of your own")
                            .format(value=die_value(p), n=self.n, top=top))
        _pay(t, how, "food", self.n, _("the boost"))
        p["boost"] = p.get("boost", 0) + self.n
        v = die_value(p)
        return {"say": _(SAY["boost"]).format(n=self.n, pay=R.res_name(how), v=v, stars=R.stars_text(R.stars_for(cat, v)))}


@register
@frozen
class DcHelp(Action):
    """My Friend's help: the disc goes back to its start for the arrow's benefit, read from the card.
    kind die: what = lightning/weather/raid (any action with that box's die); resource: what = a
    resource, amount of it; stars: amount extra stars on the next stars you get. Where the card's arrows
    are known (the card's data or --opt arrows), the help is the one on the arrow at the disc's space."""

    kind: ClassVar[str] = "dc-help"
    help: str = "resource"  # die, resource or stars
    what: str | None = None  # die: an icon (lightning, weather, raid); resource: a resource; stars: None
    amount: int = 1
    # the Friend disc's space whose arrow gives this help, where the arrows are known; None: the table read
    # the arrow from its card (no arrows known, or a log from before castaway knew them)
    arrow: int | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, help=None, what=None, amount: int | None = None) -> "DcHelp":
        """The arrow's icon and what it gives, as typed ('die Weather', 'resource food'); nothing typed: the
        arrow at the disc's space, where the arrows are known."""
        pos = t.data["tracks"]["friend"]
        known = pos > 0 and R.arrows(t, cat)  # on its start the disc has no arrow to go back along (run says so)
        arrow = None
        if known:
            arrow = R.arrow_at(t, cat)
            if arrow is None:
                raise RuleError(_("no arrow leads back from the Friend disc's space {pos}: play with the friend (or pay "
                                  "leather) to move it on").format(pos=pos))
            if help is None:
                return cls(*arrow, arrow=pos)
        elif help is None and pos > 0:
            raise UsageError(_("which help? the icon on the arrow: die lightning/weather/raid, resource food (..), or stars"))
        made = cls._typed(help or "resource", what, amount)
        if arrow is not None:  # the arrows are known (none at the disc's space is refused above)
            if amount is None and (made.help, made.what) == arrow[:2]:
                made = replace(made, amount=arrow[2])
            return replace(made, arrow=pos)
        return made

    @classmethod
    def _typed(cls, help, what, amount) -> "DcHelp":
        kind = T.chosen(help, HELP, "help")
        n = 1 if amount is None else amount
        if kind == "die":
            return cls(kind, T.word(what, R.ICONS, "die"), 1)
        if kind == "resource":
            return cls(kind, T.word(what, R.RESOURCES, "resource"), n)
        return cls(kind, None, n)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        """A schema-3 help as typed then, with no arrow (the table read it from its card)."""
        return cls._typed(stored.get("help") or "resource", stored.get("what"), stored.get("amount")).to_dict()

    def text(self) -> str:
        what = word(self.help, HELP_KINDS) + (" " + word(self.what, {**R.ICON_NAMES, **R.RESOURCE_NAMES}) if self.what else "") + (f" x{self.amount}" if self.help != "die" and self.amount != 1 else "")
        return _("dieson: friend's help ({what})").format(what=what)

    def run(self, t: Table, cat: GameCatalog):
        if not R.friend(t):
            raise RuleError(_("you have no My Friend card (expert rule 2: make the Friend tool first)"))
        if t.data["tracks"]["friend"] == 0:
            raise RuleError(_("the Friend disc is on its start: play with the friend (or pay leather) to move it on first"))
        kind = T.held(self.help, HELP, "help")
        if kind != "die" and (not isinstance(self.amount, int) or not 1 <= self.amount <= 6):
            raise UsageError(_("amount {amount!r}: the arrow's number, 1..6").format(amount=self.amount))
        s = R.dc(t)
        if kind == "die":
            _free(t, _("the friend's die help"))
        if self.arrow is not None:  # the phase first (a die's help is for the afternoon), then the arrow
            _on_the_arrow(t, cat, self)
        if kind == "die":
            icon = T.held(self.what, R.ICONS, "die")
            d = s["icons"][icon]
            s["pending"] = {"die": dict(d), "boost": 0, "from": "icon", "icon": icon, "anybox": True}
            say = _(SAY["help_die"]).format(icon=_(R.ICON_NAMES[icon]), v=d["v"])
        elif kind == "resource":
            res = T.held(self.what, R.RESOURCES, "resource")
            R.gain(t, res, self.amount)
            say = _(SAY["help_res"]).format(n=self.amount, what=R.res_name(res))
        else:
            s["stars_bonus"] = s.get("stars_bonus", 0) + self.amount
            say = _(SAY["help_stars"]).format(n=self.amount)
        t.data["tracks"]["friend"] = 0
        return {"say": say}


def _on_the_arrow(t: Table, cat: GameCatalog, help: "DcHelp") -> None:
    """§ My Friend's Help: the disc goes back along the arrow of its space, for that arrow's icon only."""
    pos = t.data["tracks"]["friend"]
    if help.arrow != pos:
        raise RuleError(_("the help was read from the arrow at space {was}, but the Friend disc is on {pos} now")
                        .format(was=help.arrow, pos=pos))
    arrow = R.arrow_at(t, cat)
    if arrow is None:
        raise RuleError(_("no arrow leads back from the Friend disc's space {pos}: play with the friend (or pay "
                          "leather) to move it on").format(pos=pos))
    if (help.help, help.what if help.help != "stars" else None, help.amount if help.help != "die" else 1) != arrow:
        raise RuleError(_("the arrow at the Friend disc's space {pos} gives {arrow}, not {asked} (the arrows are the "
                          "card's data, marked assumed: correct them with --opt arrows=... or in a file of your own)")
                        .format(pos=pos, arrow=R.arrow_text(arrow), asked=R.arrow_text((help.help, help.what, help.amount))))


@register
@frozen
class DcLeather(Action):
    """At any time: 1 leather a space moves the Friend disc on."""

    kind: ClassVar[str] = "dc-leather"
    n: int = 1

    def text(self) -> str:
        return _("dieson: {n} leather for the friend").format(n=self.n)

    def run(self, t: Table, cat: GameCatalog):
        if not R.friend(t):
            raise RuleError(_("you have no My Friend card (expert rule 2: make the Friend tool first)"))
        if not isinstance(self.n, int) or self.n < 1:
            raise UsageError(_("leather {n!r}: give how many, from 1").format(n=self.n))
        hi = t.limits(cat.tracks["friend"])[1]
        if t.data["tracks"]["friend"] + self.n > hi:
            raise RuleError(_("the Friend disc is on {pos} of {hi}: {n} more is past the card's end").format(pos=t.data["tracks"]["friend"], hi=hi, n=self.n))
        R.pay(t, "leather", self.n, _("moving the friend"))
        return {"say": _(SAY["leather"]).format(n=self.n, pos=friend_on(t, cat, self.n))}


@register
@frozen
class DcSwap(Action):
    """Blueprint: swap the die on the card for the unused die at `die` (1 = leftmost)."""

    kind: ClassVar[str] = "dc-swap"
    die: int = 1

    def text(self) -> str:
        return _("dieson: blueprint swap with die {die}").format(die=self.die)

    def run(self, t: Table, cat: GameCatalog):
        _free(t, _("the Blueprint swap"))
        s = R.dc(t)
        if not s.get("blueprint"):
            raise RuleError(_("no die on a Blueprint: make the Blueprint first"))
        if not isinstance(self.die, int) or not 1 <= self.die <= len(s["unused"]):
            raise UsageError(_("die {die!r}: accepted: 1..{n}").format(die=self.die, n=len(s["unused"])))
        old = s["unused"][self.die - 1]
        s["unused"][self.die - 1], s["blueprint"] = s["blueprint"], old
        return {"say": _(SAY["swap"]).format(old=R.die_label(old), new=R.die_label(s["unused"][self.die - 1]))}
