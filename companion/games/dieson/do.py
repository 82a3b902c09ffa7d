"""Dieson Crusoe, Afternoon 3-4: do the box's action, craft a tool or play with the friend with the die
in hand, then the die goes to the next used box. § refers to dieson-crusoe-rulebook-en.txt.

The map is not in the rulebook: for 1. Move the table says what the dotted line and the new place
show (stars needed, food or escape line, the resource drawn there, a named place, a new area).
"""

from __future__ import annotations

from typing import ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...lognames import card, word
from ...valuetype import frozen


def shown_value(field: str, value):
    """A field of an action's log line named as printed while the line is shown (lognames); as stored otherwise."""
    if field in ("take", "gain"):
        return word(value, R.RESOURCE_NAMES)
    if field == "place":
        return word(value, R.PLACE_NAMES)
    if field == "area":
        return card("areas", value)
    return value


BITS = {"take": N_("take {value}"), "need": N_("need {value}"), "gain": N_("gain {value}"), "place": N_("place {value}"),
        "area": N_("area {value}")}  # an action's fields in its log line
from ...table import Table
from . import rules as R
from . import typed as T
from .afternoon import LINES, SAY, _pending, stars_now
from .day import friend_on

WHAT = ("action", "craft", "friend", "idle")
TAKE = ("food", "wood", "stone")  # 2. Get one resource
SAY_DO = {
    "gain": N_("{box} with {stars}: {what}."),
    "build": N_("{box}: paid {paid}, +{n} {what}."),
    "hunt_ok": N_("Hunting the {area}: power {power} against {need}{bow}: success, {what}."),
    "hunt_fail": N_("Hunting the {area}: power {power} against {need}: it fails."),
    "move_fail": N_("Move: {stars} against {need} on the line: the move fails."),
    "move_ok": N_("Move with {stars} to {place}{extra}."),
    "escape": N_("Escape with {stars}: you leave the island!"),
    "die_to": N_(" Die to used box {slot}."),
}


def _plus(d: dict[str, int]) -> str:
    return ", ".join(f"+{n} {R.res_name(k)}" for k, n in d.items() if n) or _("nothing")


def meeple_on(t: Table, cat: GameCatalog) -> str:
    """The box the meeple stands on with a die in hand; the start square (the action track set to 0 by hand)
    is refused, the table saying where the die took it."""
    box = R.box_at(cat, t.data["tracks"]["action"])
    if box is None:
        raise RuleError(_("the meeple is on the start square with a die in hand: set the action track to the box the die took it to"),
                        next=Next("set", {"target": "action"}, ("value",)))
    return box


@register
@frozen
class DcDo(Action):
    """Use the die in hand: `action` (the meeple's box, or `box` with the friend's die help), `craft`
    a `tool`, or play with the `friend`. take: the resource for 2. Get one resource. For 1. Move:
    need (stars on the line), line (plain/food/escape), gain (resource at the new place), place
    (mountain-top, watch-dog, raft, or any other name), area (the new area's card, if one)."""

    kind: ClassVar[str] = "dc-do"
    what: str = "action"  # action, craft, friend or idle
    take: str | None = None  # a resource id
    tool: str | None = None  # a tool card's id
    box: str | None = None  # a box's id; None: the meeple's box
    need: int | None = None
    line: str = "plain"
    gain: str | None = None  # a resource id, or "none"
    place: str | None = None  # mountain-top, watch-dog, raft, or the table's own name for it (lower case)
    area: str | None = None  # an area card's id

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, what="action", take=None, tool=None, box=None, need=None, line="plain",
              gain=None, place=None, area=None) -> "DcDo":
        """The die in hand's use as typed ('craft --tool Rope', 'action --take Wood --place Big Rock')."""
        return cls(T.chosen(what, WHAT, "what"), take=T.word(take, TAKE, "take"), tool=T.card(cat, "tools", tool, "tool"),
                   box=T.word(box, R.boxes(cat), "box"), need=need, line=T.chosen(line, LINES, "line"),
                   gain=T.word(gain, (*R.RESOURCES, "none"), "gain"), place=_place(place),
                   area=T.card(cat, "areas", area, "area"))

    upgrade = classmethod(T.by_parse)

    def text(self) -> str:
        if self.what == "craft":
            return _("dieson: craft {tool}").format(tool=card("tools", self.tool))
        if self.what == "friend":
            return _("dieson: play with the friend")
        bits = [_("dieson: action {box}").format(box=word(self.box, R.BOX_NAMES)) if self.box else _("dieson: action")]
        for k in ("take", "need", "gain", "place", "area"):
            v = getattr(self, k)
            if v is not None:
                bits.append(_(BITS[k]).format(value=shown_value(k, v)))
        if self.line != "plain":
            bits.append(_("{line} line").format(line=self.line))
        return ", ".join(bits)

    def run(self, t: Table, cat: GameCatalog):
        p = _pending(t, "an action")
        s = R.dc(t)
        what = T.held(self.what, WHAT, "what")
        if what == "action":
            if p.get("anybox"):
                box = T.held(self.box, R.boxes(cat), _("box (the friend's help: any action)"))
            else:
                box = meeple_on(t, cat)
                if self.box is not None and self.box != box:
                    raise RuleError(_("box {box!r}: the meeple is on {at}").format(box=self.box, at=box))
            result = self._action(t, cat, box, p)
        elif what == "craft":
            result = self._craft(t, cat)
        elif what == "idle":
            result = self._idle(t, cat, p)
        else:
            if p.get("anybox"):
                raise RuleError(_("the friend's die help is for an action or a tool, not for playing with the friend"))
            if not R.friend(t):
                raise RuleError(_("you have no My Friend card (expert rule 2: make the Friend tool first)"))
            hi = t.limits(cat.tracks["friend"])[1]
            if t.data["tracks"]["friend"] >= hi:
                raise RuleError(_("the Friend disc is on the card's last space ({hi}): call for its help first").format(hi=hi))
            result = {"say": _(SAY["friend"]).format(pos=friend_on(t, cat, 1))}
        if what not in ("friend", "idle"):
            s["stars_bonus"] = 0  # the friend's extra stars go with the first stars gained
        s["pending"] = None
        R.flow(t).pop("ask", None)
        if p["from"] == "unused":
            s["used"].append(p["die"])
            result["say"] += _(SAY_DO["die_to"]).format(slot=len(s["used"]))
        if not s["unused"] and len(s["used"]) >= 3:
            t.data["flags"]["phase"] = "evening"
            R.flow(t)["step"] = "dusk"
        return result

    @staticmethod
    def _idle(t: Table, cat: GameCatalog, p: dict) -> dict:
        """The die in hand can do none of the three options: it goes to its used box with no effect (the
        rulebook is silent here; rules.idle_die, assumed)."""
        if not cat.rules.get("idle_die", {}).get("allowed", False):
            raise RuleError(_("a die with no option left is not provided for: correct the table"), next=Next("set", missing=("target",)))
        why = idle_blockers(t, cat, p)
        if why:
            raise RuleError(_("the die in hand can still be used: {why}").format(why=why))
        return {"say": _("Nothing can be done with this die: it goes unused.")}

    # -- the nine boxes -----------------------------------------------------------------------------
    def _action(self, t: Table, cat: GameCatalog, box: str, p: dict) -> dict:
        stars = stars_now(t, cat, box)
        name = _(R.BOX_NAMES[box])
        if box != "move" and any(getattr(self, k) is not None for k in ("need", "gain", "place", "area")):
            raise UsageError(_("need, gain, place and area describe 1. Move; the action is {name}").format(name=name))
        if box != "resource" and self.take is not None:
            raise UsageError(_("take {take!r} is for 2. Get one resource; the action is {name}").format(take=self.take, name=name))
        if box == "resource":
            res = T.held(self.take, TAKE, "take")
            R.gain(t, res, 1)
            return {"box": box, "say": _(SAY_DO["gain"]).format(box=name, stars=R.stars_text(stars), what=f"+1 {R.res_name(res)}")}
        if box in ("stones", "woods", "food"):
            res = {"stones": "stone", "woods": "wood", "food": "food"}[box]
            R.gain(t, res, stars)
            return {"box": box, "stars": stars, "say": _(SAY_DO["gain"]).format(box=name, stars=R.stars_text(stars), what=f"+{stars} {R.res_name(res)}")}
        if box == "recover":
            got = R.gain(t, "health", stars)
            return {"box": box, "stars": stars, "say": _(SAY_DO["gain"]).format(box=name, stars=R.stars_text(stars), what=f"+{got} {R.res_name('health')}")}
        if box in ("fences", "roofs"):
            need = ("stone", "wood") if box == "fences" else ("leather", "wood")
            short = [_("1 {res} (you have {n})").format(res=r, n=R.count(t, r)) for r in need if R.count(t, r) < 1]
            if short:
                raise RuleError(_("{box} needs {what}").format(box=name, what=_(" and ").join(short)))
            for r in need:
                R.pay(t, r, 1, name)
            res = "fence" if box == "fences" else "roof"
            n = 2 + (1 if R.has(t, "rope") else 0)
            R.gain(t, res, n)
            return {"box": box, "say": _(SAY_DO["build"]).format(box=name, paid=_(" and ").join(f"1 {R.res_name(r)}" for r in need), n=n, what=R.res_name(res))}
        if box == "hunt":
            return self._hunt(t, cat, stars, p)
        return self._move(t, cat, stars)

    def _hunt(self, t: Table, cat: GameCatalog, stars: int, p: dict) -> dict:
        card = cat.deck("areas").card(R.area(t))
        power = R.hunt_power(t, cat, stars)
        need = card.get("power")
        bow = R.has(t, "bow") and p["die"]["v"] == 6
        if power < need and not bow:
            return {"box": "hunt", "hunted": False, "say": _(SAY_DO["hunt_fail"]).format(area=card.name, power=power, need=need)}
        got = {}
        for res, n in (card.get("reward") or {}).items():
            got[res] = R.gain(t, res, n)
        if R.has(t, "stone-knife"):
            got["leather"] = got.get("leather", 0) + R.gain(t, "leather", 1)
        hunted = R.dc(t)["hunted"]
        if card.id not in hunted:
            hunted.append(card.id)
        return {"box": "hunt", "hunted": True, "say": _(SAY_DO["hunt_ok"]).format(
            area=card.name, power=power, need=need, bow=_(" (Bow on a 6)") if bow and power < need else "", what=_plus(got))}

    def _move(self, t: Table, cat: GameCatalog, stars: int) -> dict:
        s = R.dc(t)
        line = T.held(self.line, LINES, "line")
        if self.need is None or not isinstance(self.need, int) or not 0 <= self.need <= 9:
            raise UsageError(_("need {need!r}: say the stars on the dotted line, 0..9").format(need=self.need))
        if line == "escape":
            if not R.has(t, "raft"):
                raise RuleError(_("the escape needs the Raft made first"))
            w = s["icons"]["weather"]["v"]
            if w > 2:
                raise RuleError(_("the escape needs the Weather die on 1 or 2; it shows {w}").format(w=w))
        if line == "food" and R.count(t, "food") < 1:
            raise RuleError(_("this line asks for 1 food; you have 0"))
        if stars < self.need:
            return {"box": "move", "moved": False, "say": _(SAY_DO["move_fail"]).format(stars=R.stars_text(stars), need=self.need)}
        if line == "food":
            R.pay(t, "food", 1, _("the line"))
        if line == "escape":
            s["escaped"] = True
            t.data["flags"]["place"] = "escaped"
            return {"box": "move", "moved": True, "say": _(SAY_DO["escape"]).format(stars=R.stars_text(stars))}
        place = self.place or N_("a new place")
        t.data["flags"]["place"] = place
        if place in R.PLACES and place not in s["visited"]:
            s["visited"].append(place)
        extra = []
        if self.area is not None:
            new = T.held(self.area, cat.flags["area"].values, "area")
            if new != R.area(t):
                self._new_area(t, new)
                extra.append(_("the {area} area").format(area=cat.deck("areas").card(new).name))
        if self.gain is not None:
            res = T.held(self.gain, (*R.RESOURCES, "none"), "gain")
            if res != "none" and place not in R.NO_RESOURCE_PLACES:
                R.gain(t, res, 1)
                extra.append(f"+1 {R.res_name(res)}")
        return {"box": "move", "moved": True, "say": _(SAY_DO["move_ok"]).format(
            stars=R.stars_text(stars), place=R.place_name(place), extra=(": " + ", ".join(extra)) if extra else "")}

    @staticmethod
    def _new_area(t: Table, new: str) -> None:
        areas = t.deck("areas")
        for area in list(areas["table"]):
            areas["table"].remove(area)
            areas["discard"].insert(0, area)
        for pile in ("draw", "discard"):
            if new in areas[pile]:
                areas[pile].remove(new)
        areas["table"].append(new)
        t.data["flags"]["area"] = new
        if new not in R.dc(t)["areas"]:
            R.dc(t)["areas"].append(new)

    # -- crafting -----------------------------------------------------------------------------------
    def _craft(self, t: Table, cat: GameCatalog) -> dict:
        tools = cat.deck("tools")
        tool = T.held(self.tool, [c.id for c in tools.cards], "tool")
        card = tools.card(tool)
        stars = stars_now(t, cat, None)
        problems = R.craft_problems(t, cat, tool, stars)
        if problems:
            raise RuleError(_("the {tool} cannot be made: {problems}").format(tool=card.name, problems="; ".join(problems)))
        for res, n in (card.get("cost") or {}).items():
            R.pay(t, res, n, f"the {card.name}")
        d = t.deck("tools")
        d["table"].remove(tool)
        d["held"].setdefault(R.SEAT, []).append(tool)
        s = R.dc(t)
        if tool == "bed":
            lim = t.data["limits"]["health"]
            t.data["limits"]["health"] = [lim[0], lim[1] + 2]
            R.gain(t, "health", 1)
        elif tool == "blueprint":
            s["blueprint"] = {"c": "grey", "v": 6}
        elif tool == "friend":
            s["friend"] = s.get("friend_card") or "jack"
            t.data["tracks"]["friend"] = 0
            friends = t.deck("friends")
            if s["friend"] in friends["draw"]:
                friends["draw"].remove(s["friend"])
            friends["held"][R.SEAT] = [s["friend"]]
        return {"tool": tool, "say": _(SAY["craft"]).format(name=card.name, stars=R.stars_text(stars))}


def _place(text) -> str | None:
    """A place as the table names it, in lower case; nothing typed is the unnamed new place (None)."""
    return (str(text).strip().lower() or None) if text is not None else None


def idle_blockers(t: Table, cat: GameCatalog, p: dict) -> str:
    """What the die in hand can still do (empty: nothing, and it may go unused)."""
    box = R.box_at(cat, t.data["tracks"]["action"])
    boxes = R.boxes(cat) if p.get("anybox") else [box]
    for b in boxes:
        if b == "fences" and not (R.count(t, "stone") and R.count(t, "wood")):
            continue
        if b == "roofs" and not (R.count(t, "leather") and R.count(t, "wood")):
            continue
        if b is not None:
            return _(R.BOX_NAMES[b])
    stars = stars_now(t, cat, None)
    for tool in R.tools_open(t):
        if not R.craft_problems(t, cat, tool, stars):
            return _("craft the {tool}").format(tool=cat.deck("tools").card(tool).name)
    if R.friend(t) and not p.get("anybox") and t.data["tracks"]["friend"] < t.limits(cat.tracks["friend"])[1]:
        return _("play with the friend")
    return ""
