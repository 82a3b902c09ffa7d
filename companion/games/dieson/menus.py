"""Dieson Crusoe, the guided game's menus: each option's number, the same in every menu all game (KEY),
the menu answers for the die in hand (DcChoose), and the names the steps show."""

from __future__ import annotations

from typing import ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...errors import RuleError, UsageError
from ...guide import Ask
from ...i18n import N_, _
from ...table import Table
from ...valuetype import frozen
from . import rules as R

MENU_KEYS = ("menu", "line", "need", "place", "area", "gain", "icons")
PHASE = {"morning": N_("Morning"), "afternoon": N_("Afternoon"), "evening": N_("Evening")}

# Each option's number, the same in every menu all game (Ask.keys). The box's own action is its number
# on the action track (2. Get one resource: 21-23, one per resource); tools from 30 in the deck's order.
KEY = {
    "pick": 1, "pick:ccw": 4, "swap": 7,  # + the die's place among the unused dice, smallest first
    "do:resource:food": 21, "do:resource:wood": 22, "do:resource:stone": 23,
    "craft": 30,  # + the tool's place in the tool deck
    "friend": 50, "shift:1:wood": 51, "shift:-1:wood": 52, "shift:1:health": 53, "shift:-1:health": 54,
    "boost:food": 55, "boost:health": 56,
    "help:die": 60,  # + lightning 0, weather 1, raid 2
    "help:resource": 63,  # + the resource's place in R.RESOURCES
    "help:stars:1": 69, "leather": 70, "idle": 0, "go": 0,
}


@register
@frozen
class DcChoose(Action):
    """The guided game's menu answers for the die in hand (which menu, the map's details), and at the
    meal, that the date space shows other icons than castaway's board data (key icons)."""

    kind: ClassVar[str] = "dc-choose"
    key: str = "menu"
    value: str | int | None = None  # an option's id; need: the stars on the line, an int

    def text(self) -> str:
        return _("dieson: {key} {value}").format(key=self.key, value=self.value)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, key="menu", value=None) -> "DcChoose":
        """A menu answer; the stars on the line as a number (typed '2', or 2)."""
        if key == "need" and value is not None and not isinstance(value, int):
            try:
                value = int(str(value).strip())
            except ValueError:
                raise UsageError(_("need {need!r}: say the stars on the dotted line, 0..9").format(need=value)) from None
        return cls(key, value)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("key", "menu"), stored.get("value")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        if self.key not in MENU_KEYS:
            raise UsageError(_("key {key!r}: accepted: {keys}").format(key=self.key, keys=", ".join(MENU_KEYS)))
        if self.key == "need" and (isinstance(self.value, bool) or not isinstance(self.value, int) or not 0 <= self.value <= 9):
            raise UsageError(_("need {need!r}: say the stars on the dotted line, 0..9").format(need=self.value))
        if self.key == "icons":
            if R.phase(t) != "evening" or R.flow(t).get("step") != "eat":
                raise RuleError(_("the date icons are asked at the meal, before the night"))
            R.flow(t)["icons"] = "ask"
            return None
        if R.phase(t) != "afternoon" or not R.dc(t).get("pending"):
            raise RuleError(_("menu answers are for the die in hand in the afternoon"))
        ask = R.flow(t).setdefault("ask", {})
        if self.key == "menu" and self.value is None:
            R.flow(t).pop("ask", None)
        else:
            ask[self.key] = str(self.value) if self.key == "need" else self.value  # the flow keeps the stars as written
        return None


def res(name: str) -> str:
    return R.res_name(name)


def box_name(box: str) -> str:
    return _(R.BOX_NAMES[box])


die_label = R.die_label
stars = R.stars_text


def unused_dice(t: Table) -> str:
    return ", ".join(die_label(d) for d in R.dc(t)["unused"]) or _("none")


def meeple_box(t: Table, cat: GameCatalog) -> str:
    b = R.box_at(cat, t.data["tracks"]["action"])
    return box_name(b) if b else _("the start square")


def menu_key(value: str, t: Table | None = None, cat: GameCatalog | None = None) -> int:
    """The menu number of an option's value (KEY)."""
    value = value.partition("@")[0]  # the friend's help: the arrow's space does not change its number
    if value in KEY:
        return KEY[value]
    kind, *rest = value.split(":")
    if kind == "help" and rest[0] == "stars":
        return KEY["help:stars:1"]
    if kind in ("pick", "swap"):
        return KEY["pick:ccw" if rest[1:] == ["ccw"] else kind] + int(rest[0]) - 1
    if kind == "help" and rest[0] == "die":
        return KEY["help:die"] + R.ICONS.index(rest[1])
    if kind == "help" and rest[0] == "resource":
        return KEY["help:resource"] + R.RESOURCES.index(rest[1])
    if kind in ("craft", "do", "menu"):  # numbered in the catalog's order
        assert cat is not None, f"{kind}'s number is read from the catalog"
        if kind == "craft":
            return KEY["craft"] + [c.id for c in cat.deck("tools").cards].index(rest[0])
        return R.boxes(cat).index(rest[0]) + 1
    raise ValueError(f"no menu number for {value!r}")


def menu(prompt: str, choices, t: Table, cat: GameCatalog, **kw) -> Ask:
    """A menu whose options keep their numbers all game (KEY)."""
    choices = tuple(choices)
    return Ask(prompt, "choice", choices=choices, keys=tuple(str(menu_key(v, t, cat)) for v, _l in choices), **kw)


def numbered(prompt: str, choices, default: str, first: str) -> Ask:
    """A short menu numbered in the order given, `first` (the 'other' or 'back' option) as 0."""
    choices = tuple(choices)
    keys, n = [], 0
    for v, _l in choices:
        if v == first:
            keys.append("0")
        else:
            n += 1
            keys.append(str(n))
    return Ask(prompt, "choice", choices=choices, keys=tuple(keys), default=default)
