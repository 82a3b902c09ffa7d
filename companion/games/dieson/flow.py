"""Dieson Crusoe, the guided game: from the table state alone, what happens next and which action an
answer makes. The same actions as the single `castaway dieson ...` commands.

A step that leaves nothing to the table (the event with no choice, a dusk with no tool at work, the
night) asks nothing: the guided loop does it at once (entry.py: goes_on_alone). Menus number each option
the same way all game (MENU below): the box's action by its number on the action track, the tools from
30 in the deck's order, the friend's help from 60. Before a step that can cost the last health the
table sees what tonight takes (`tonight`): the Weather and Raid dice already lie on the board, so the
loss is certain, not a chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action, register
from ...catalog import GameCatalog
from ...errors import RuleError, UsageError
from ...guide import Ask, Step
from ...i18n import N_, _, ngettext
from ...table import Table
from . import rules as R
from .afternoon import DcBoost, DcHelp, DcLeather, DcPick, DcShift, DcSwap, die_value, stars_now
from .day import DcDusk, DcEat, DcEvent, DcKeep, DcNight, DcReroll, DcRoll, date_icons, dusk_options, event_preview
from .do import DcDo

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
@dataclass(frozen=True)
class DcChoose(Action):
    """The guided game's menu answers for the die in hand (which menu, the map's details), and at the
    meal, that the date space shows other icons than castaway's board data (key icons)."""

    kind: ClassVar[str] = "dc-choose"
    key: str = "menu"
    value: str | None = None

    def text(self) -> str:
        return _("dieson: {key} {value}").format(key=self.key, value=self.value)

    def run(self, t: Table, cat: GameCatalog):
        if self.key not in MENU_KEYS:
            raise UsageError(_("key {key!r}: accepted: {keys}").format(key=self.key, keys=", ".join(MENU_KEYS)))
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
            ask[self.key] = self.value
        return None


def res(name: str) -> str:
    return R.res_name(name)


def box_name(box: str) -> str:
    return _(R.BOX_NAMES[box])


die_label = R.die_label
stars = R.stars_text


def _dice(t: Table) -> str:
    return ", ".join(die_label(d) for d in R.dc(t)["unused"]) or _("none")


def _box(t: Table, cat: GameCatalog) -> str:
    b = R.box_at(cat, t.data["tracks"]["action"])
    return box_name(b) if b else _("the start square")


def next_step(t: Table, cat: GameCatalog) -> Step | None:
    if t.data.get("over"):
        return None
    ph, step = R.phase(t), R.flow(t).get("step")
    if ph == "morning":
        return _anytime(t, _morning(t, cat, step))
    if ph == "afternoon":
        return _anytime(t, _afternoon(t, cat))
    return _anytime(t, _evening(t, cat, step))


def _anytime(t: Table, step: Step) -> Step:
    """§ Play with My Friend: the friend's help and leather for the disc work at any time. A step with a
    menu offers them too (numbered from 60), so a day never stalls while the friend could help. A step
    that asks nothing stays so (the loop does it at once), unless it costs the last health: then the
    table may call the friend first (the step's warning says why)."""
    extra = [c for c in _friend_choices(t) if not c[0].startswith("help:die:")]
    ask = step.ask
    if not extra or ask.multiple or ask.kind not in ("choice", "none") or any(v.startswith("help:") for v, _l in ask.choices):
        return step
    if ask.kind == "none" and step.odds is None:
        return step
    own = step.make
    if ask.kind == "none":
        choices = (("go", _("go on")), *extra)
        new = Ask(_("Go on, or call the friend first?"), "choice", choices=choices, default="go",
                  keys=tuple(str(_key(v)) for v, _l in choices))

        def make(a, own=own):
            return own(None) if a == "go" else _pick_make(a)
    else:
        mine = {v for v, _l in ask.choices}
        extra = [c for c in extra if c[0] not in mine]  # the step's own answers keep their meaning
        keys = (*(ask.keys or tuple(str(i) for i in range(1, len(ask.choices) + 1))), *(str(_key(v)) for v, _l in extra))
        new = Ask(ask.prompt, "choice", choices=(*ask.choices, *extra), default=ask.default, keys=keys)

        def make(a, own=own, mine=frozenset(mine)):
            return own(a) if a in mine else _pick_make(a)
    return Step(step.phase, step.title, step.say, new, make, step.odds)


def _key(value: str, t: Table | None = None, cat: GameCatalog | None = None) -> int:
    """The menu number of an option's value (KEY)."""
    if value in KEY:
        return KEY[value]
    kind, *rest = value.split(":")
    if kind in ("pick", "swap"):
        return KEY["pick:ccw" if rest[1:] == ["ccw"] else kind] + int(rest[0]) - 1
    if kind == "help" and rest[0] == "die":
        return KEY["help:die"] + R.ICONS.index(rest[1])
    if kind == "help" and rest[0] == "resource":
        return KEY["help:resource"] + R.RESOURCES.index(rest[1])
    if kind == "craft":
        return KEY["craft"] + [c.id for c in cat.deck("tools").cards].index(rest[0])
    if kind in ("do", "menu"):
        return R.boxes(cat).index(rest[0]) + 1
    raise ValueError(f"no menu number for {value!r}")


def _ask(prompt: str, choices, t: Table, cat: GameCatalog, **kw) -> Ask:
    """A menu whose options keep their numbers all game (KEY)."""
    choices = tuple(choices)
    return Ask(prompt, "choice", choices=choices, keys=tuple(str(_key(v, t, cat)) for v, _l in choices), **kw)


# -- what tonight takes -----------------------------------------------------------------------------


def tonight(t: Table, cat: GameCatalog, ate: bool = False) -> tuple[int, list[str], list[str]]:
    """(health after tonight, what each step takes, what would spare the health) as the board stands: the
    meal (food, else health; `ate`: done already), the Weather penalty, the Raid penalty (§ Evening). No
    die is rolled: the Weather and Raid dice lie on their boxes, so this is what will happen unless the
    table changes it."""
    c = dict(t.data["counters"])
    s = R.dc(t)
    bits, spare = [], []
    if not ate:
        if c["food"]:
            c["food"] -= 1
        else:
            c["health"] -= 1
            bits.append(_("no food: -1 health"))
            spare.append(_("food"))
    w = s["icons"]["weather"]["v"]
    roofs, hurt = R.weather_penalty(w, c["roof"])
    c["roof"] -= roofs
    c["health"] -= hurt
    if roofs or hurt:
        bits.append(_("Weather {v}: {what}").format(v=w, what=_losses({"roof": roofs, "health": hurt})))
    if hurt:
        spare.append(_("roofs"))
    if c["health"] > 0:
        r = s["icons"]["raid"]["v"]
        card = cat.deck("areas").card(R.area(t))
        took = {k: min(c[k], n) for k, n in R.raid_penalty(r, card, c["fence"]).items()}
        for k, n in took.items():
            c[k] -= n
        if any(took.values()):
            bits.append(_("Raid {v} ({area}): {what}").format(v=r, area=card.name, what=_losses(took)))
        if took.get("health") and (card.get("raid") or {}).get("fence"):
            spare.append(_("fences"))
    return c["health"], bits, spare


def _losses(d: dict[str, int]) -> str:
    return ", ".join(f"-{n} {res(k)}" for k, n in d.items() if n)


def warning(t: Table, cat: GameCatalog, ate: bool = False):
    """The warning (Step.odds) when tonight takes the last health, else None: who dies, how sure it is
    (certain: no die is rolled), and what would spare them."""
    after, bits, spare = tonight(t, cat, ate)
    if after > 0:
        return None
    who = cat.characters[R.dc(t)["character"]].name
    hp = R.count(t, "health")
    spare.append(_("health"))

    def lines() -> list[str]:
        return [_("Warning: tonight {what}: the {who} dies for certain (health {hp} → 0; the dice lie on the board) "
                  "unless you get {spare} first.").format(what="; ".join(bits), who=who, hp=hp, spare=_(" or ").join(spare))]
    return lines


# -- Morning ------------------------------------------------------------------------------------------


def _morning(t: Table, cat: GameCatalog, step: str) -> Step:
    s = R.dc(t)
    ph = _(PHASE["morning"])
    if step == "roll":
        hand = " ".join(R.colour_name(c) for c in s["hand"])
        return Step(ph, _("Roll the action dice"), _("{dice}; castaway sorts them smallest first.").format(dice=hand),
                    Ask(_("Faces in that order (1-6 each)"), "dice", dice=tuple(s["hand"])),
                    lambda a: DcRoll(a))
    steps, pos, ev = event_preview(t, cat)
    event = _("the smallest die, {steps}, moves the event disc to space {pos}: {name}").format(
        steps=steps, pos=pos, name=_(R.EVENT_NAMES.get(ev, ev)))
    if step == "reroll" and R.count(t, "stone") > 0:
        return Step(ph, _("Stone rerolls"), _("You have {stone} stone: 1 stone rerolls any of the dice {dice}. As they lie, {event}.")
                    .format(stone=R.count(t, "stone"), dice=_dice(t), event=event),
                    Ask(_("Positions to reroll (1-3: '1,3'; with your own dice '1,3=5,2'; Enter or - keeps them)"), "text", default="-", id="dc-reroll"),
                    _reroll)
    title, say = _("The event"), event[:1].upper() + event[1:] + "."
    if ev == "wood-or-stone":
        return Step(ph, title, say, Ask(_("Take which?"), "choice", choices=(("wood", _("1 wood")), ("stone", _("1 stone")))),
                    lambda a: DcEvent(a))
    return Step(ph, title, say, Ask(N_("Enter to go on")), lambda a: DcEvent())


def _reroll(answer: str):
    raw = (answer or "").strip()
    if raw in ("", "-", "none", "no", "n", "ne"):
        return DcKeep()
    spots, _eq, faces = raw.partition("=")
    try:
        pos = tuple(int(x) for x in spots.replace(" ", "").split(",") if x)
    except ValueError:
        raise UsageError(_("reroll {answer!r}: write positions like 1,3 (or 1,3=5,2 with your own dice), or - to keep")
                         .format(answer=answer)) from None
    return DcReroll(pos, faces.strip() or None)


# -- Afternoon ----------------------------------------------------------------------------------------


def _afternoon(t: Table, cat: GameCatalog) -> Step:
    s = R.dc(t)
    p = s.get("pending")
    n = len(s["used"]) + 1
    ph = _(PHASE["afternoon"])
    if not p:
        return Step(ph, _("Action {n} of 3").format(n=min(n, 3)),
                    _("Unused dice {dice}; the meeple: {box}.").format(dice=_dice(t), box=_box(t, cat)),
                    _ask(_("Which die?"), _pick_choices(t, cat), t, cat), lambda a: _pick_make(a), warning(t, cat))
    ask = R.flow(t).get("ask") or {}
    if ask.get("menu") == "move":
        return _move_step(t, cat, ask)
    box = R.box_at(cat, t.data["tracks"]["action"])
    title = _("Die {die} on {box}").format(die=die_label(p["die"]), box=_("any box") if p.get("anybox") else _box(t, cat))
    say = _("{stars} for the box's action.").format(stars=stars(stars_now(t, cat, box)).capitalize())
    return Step(ph, title, say, _ask(_("What now?"), _do_choices(t, cat, p, box), t, cat), lambda a: _do_make(a))


def _pick_choices(t: Table, cat: GameCatalog) -> list[tuple[str, str]]:
    """Each unused die once (two dice alike go to the same box: one option), where it takes the meeple."""
    s = R.dc(t)
    n = len(R.boxes(cat))
    pos = t.data["tracks"]["action"]
    out = []
    seen = []
    for i, d in enumerate(s["unused"], 1):
        if d in seen:
            continue
        seen.append(d)
        cw = R.box_at(cat, R.action_landing(pos, d["v"], n))
        out.append((f"pick:{i}:cw", _("die {die} → {box}").format(die=die_label(d), box=box_name(cw))))
        if d["v"] == 1 or d["c"] == "grey":
            ccw = R.box_at(cat, R.action_landing(pos, -d["v"], n))
            out.append((f"pick:{i}:ccw", _("die {die} back → {box}").format(die=die_label(d), box=box_name(ccw))))
    if s.get("blueprint"):
        bp = die_label(s["blueprint"])
        for i, d in enumerate(s["unused"], 1):
            if d not in s["unused"][: i - 1]:
                out.append((f"swap:{i}", _("swap die {die} for the Blueprint's {bp}").format(die=die_label(d), bp=bp)))
    out += _friend_choices(t)
    return out


def _friend_choices(t: Table) -> list[tuple[str, str]]:
    out = []
    if not R.friend(t):
        return out
    s = R.dc(t)
    if t.data["tracks"]["friend"] > 0:
        for icon in R.ICONS:
            out.append((f"help:die:{icon}", _("friend: any action, {icon} {v}").format(
                icon=_(R.ICON_NAMES[icon]), v=s["icons"][icon]["v"])))
        for r in R.RESOURCES:
            out.append((f"help:resource:{r}", _("friend: 1 {what}").format(what=res(r))))
        out.append(("help:stars:1", _("friend: 1 extra star")))
    if R.count(t, "leather") >= 1 and t.data["tracks"]["friend"] < 5:
        out.append(("leather", _("1 leather: Friend disc +1")))
    return out


def _pick_make(a: str):
    kind, *rest = a.split(":")
    if kind == "pick":
        return DcPick(int(rest[0]), rest[1])
    if kind == "swap":
        return DcSwap(int(rest[0]))
    if kind == "help":
        if rest[0] == "stars":
            return DcHelp("stars", None, int(rest[1]))
        return DcHelp(rest[0], rest[1])
    return DcLeather(1)


def _do_choices(t: Table, cat: GameCatalog, p: dict, box: str | None) -> list[tuple[str, str]]:
    out = []
    boxes = R.boxes(cat) if p.get("anybox") else [box]
    for b in boxes:
        if b == "resource":
            out += [(f"do:{b}:{r}", _("{box}: {what}").format(box=box_name(b), what=res(r))) for r in ("food", "wood", "stone")]
        elif b == "move":
            out.append(("menu:move", _("{box} on the map ({stars})").format(box=box_name(b), stars=stars(stars_now(t, cat, b)))))
        elif b in ("fences", "roofs"):
            need = ("stone", "wood") if b == "fences" else ("leather", "wood")
            if all(R.count(t, r) >= 1 for r in need):  # a menu lists only what can be paid
                out.append((f"do:{b}", _("{box} (1 {what} and 1 wood)").format(box=box_name(b), what=res(need[0]))))
        elif b in R.STAR_BOXES:
            out.append((f"do:{b}", _("{box} ({stars})").format(box=box_name(b), stars=stars(stars_now(t, cat, b)))))
        else:
            out.append((f"do:{b}", box_name(b)))
    now = stars_now(t, cat, None)
    for tool in R.tools_open(t):
        if not R.craft_problems(t, cat, tool, now):
            out.append((f"craft:{tool}", _("craft the {tool}").format(tool=cat.deck("tools").card(tool).name)))
    if R.friend(t) and not p.get("anybox") and t.data["tracks"]["friend"] < t.limits(cat.tracks["friend"])[1]:
        out.append(("friend", _("play with the friend")))
    if not p.get("anybox"):
        if R.count(t, "wood"):
            out += [("shift:1:wood", _("1 wood: meeple one box on")), ("shift:-1:wood", _("1 wood: meeple one box back"))]
        if R.count(t, "health") > 1:
            out += [("shift:1:health", _("1 health: meeple one box on")), ("shift:-1:health", _("1 health: meeple one box back"))]
    if die_value(p) < R.star_top(cat):
        if R.count(t, "food"):
            out.append(("boost:food", _("1 food: die +1 for stars")))
        if R.count(t, "health") > 1:
            out.append(("boost:health", _("1 health: die +1 for stars")))
    if not any(v.startswith(("do:", "menu:", "craft:")) or v == "friend" for v, _l in out):
        out.append(("idle", _("nothing can be done with this die: it goes to its used box with no effect")))
    return out


def _do_make(a: str):
    kind, *rest = a.split(":")
    if kind == "do":
        box = rest[0]
        return DcDo("action", take=rest[1] if len(rest) > 1 else None, box=box)
    if kind == "menu":
        return DcChoose("menu", rest[0])
    if kind == "craft":
        return DcDo("craft", tool=rest[0])
    if kind == "friend":
        return DcDo("friend")
    if kind == "shift":
        return DcShift(int(rest[0]), rest[1])
    if kind == "idle":
        return DcDo("idle")
    return DcBoost(1, rest[0])


def _numbered(prompt: str, choices, default: str, first: str) -> Ask:
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


def _move_step(t: Table, cat: GameCatalog, ask: dict) -> Step:
    p = R.dc(t)["pending"]
    now = stars_now(t, cat, "move")
    title = _("1. Move on the map")
    said = [stars(now)]  # what the table has told so far, so each question stands on its own line
    if "line" in ask:
        said.append(_("the {line} line").format(line={"plain": _("plain"), "food": _("food"), "escape": _("escape")}.get(ask["line"], ask["line"])))
    if "need" in ask:
        said.append(ngettext("it needs {n} star", "it needs {n} stars", int(ask["need"])).format(n=int(ask["need"])))
    if ask.get("place") not in (None, "other"):
        said.append(R.place_name(ask["place"]))
    say = "; ".join(said).capitalize() + "." + ("" if "line" in ask else " " + _("Tell castaway what the map shows."))
    ph = _(PHASE["afternoon"])
    if "line" not in ask:
        choices = [("plain", _("a plain dotted line"))]
        if R.count(t, "food") >= 1:  # a menu lists only what can be paid
            choices.append(("food", _("a line that asks for 1 food")))
        if R.has(t, "raft") and R.dc(t)["icons"]["weather"]["v"] <= 2:
            choices.append(("escape", _("the escape (Raft made, Weather die 1-2)")))
        choices.append(("back", _("back: do something else")))
        keys = tuple({"plain": "1", "food": "2", "escape": "3", "back": "0"}[v] for v, _l in choices)
        return Step(ph, title, say, Ask(_("Which line?"), "choice", choices=tuple(choices), keys=keys, default="plain"),
                    lambda a: DcChoose("menu", None) if a == "back" else DcChoose("line", a))
    if "need" not in ask:
        return Step(ph, title, say, Ask(_("Stars drawn on the line"), "number", lo=0, hi=9), lambda a: DcChoose("need", str(a)))
    box = "move"  # with the friend's die help the box is named; otherwise it is the meeple's own
    need = int(ask["need"])
    if now < need:
        choices = (("fail", _("move anyway: {stars} against {need}, it fails").format(stars=stars(now), need=need)),
                   ("back", _("back: do something else")))
        return Step(ph, title, say, _numbered(_("Not enough stars"), choices, "back", "back"),
                    lambda a: DcChoose("menu", None) if a == "back" else DcDo("action", box=box, need=need, line=ask["line"]))
    if ask["line"] == "escape":
        return Step(ph, title, say, Ask(N_("Enter to go on")), lambda a: DcDo("action", box=box, need=need, line="escape"))
    if "place" not in ask:
        choices = (("other", _("another place")), *((k, _(v)) for k, v in R.PLACE_NAMES.items()))
        return Step(ph, title, say, _numbered(_("Where does the line lead?"), choices, "other", "other"),
                    lambda a: DcChoose("place", a))
    if "area" not in ask:
        areas = list(cat.flags["area"].values)
        cards = cat.deck("areas")
        choices = (("same", _("still the {area} area").format(area=cards.card(R.area(t)).name)),
                   *((a, _("a new area: {area}").format(area=cards.card(a).name)) for a in areas if a != R.area(t)))
        keys = tuple("0" if v == "same" else str(areas.index(v) + 1) for v, _l in choices)
        return Step(ph, title, say, Ask(_("Which area is the place in?"), "choice", choices=choices, keys=keys, default="same"),
                    lambda a: DcChoose("area", a))
    choices = (("none", _("no resource")), *((r, res(r)) for r in ("food", "wood", "stone", "leather")))
    return Step(ph, title, say, _numbered(_("Resource drawn at the place"), choices, "none", "none"),
                lambda a: DcDo("action", box=box, need=need, line=ask["line"], gain=a,
                               place=None if ask["place"] == "other" else ask["place"],
                               area=None if ask["area"] == "same" else ask["area"]))


# -- Evening ------------------------------------------------------------------------------------------


def _icons_text(w: int, r: int) -> str:
    bits = [_("Weather die +{n}").format(n=w) if w else "", _("Raid die +{n}").format(n=r) if r else ""]
    return ", ".join(b for b in bits if b) or _("no icons")


def _evening(t: Table, cat: GameCatalog, step: str) -> Step:
    s = R.dc(t)
    ph = _(PHASE["evening"])
    if step == "dusk":
        can = dusk_options(t)
        bits = []
        if R.has(t, "flag") and s["icons"]["lightning"]["v"] in (2, 4) and R.friend(t):
            bits.append(_("the Flag moves the friend on 1"))
        title = _("Start of the evening")
        if can:
            names = {"trap": _("Trap: 1 food for 1 leather and 2 food"), "dog": _("Watch Dog: 1 food for 1 fence")}
            return Step(ph, title, "; ".join(bits) or _("Tools that work tonight."),
                        Ask(_("Use which tools tonight?"), "choice", choices=tuple((c, names[c]) for c in can),
                            multiple=True, default="-"),
                        lambda a: DcDusk(trap="trap" in a, dog="dog" in a))
        return Step(ph, title, "; ".join(bits) or _("No tool works tonight."), Ask(N_("Enter to go on")), lambda a: DcDusk())
    day = t.data["tracks"]["day"] + 1
    late = day > R.quest_card(t, cat).get("duration")
    w_up, r_up = date_icons(cat, day)
    if step == "eat":
        _after, bits, _spare = tonight(t, cat)
        said = "; ".join(bits) or _("nothing")
        say = (_("1 food, or lose 1 health. Tonight as the dice lie: {what}.") if R.count(t, "food")
               else _("No food: you lose 1 health. Tonight as the dice lie: {what}.")).format(what=said)
        if late:
            say += " " + _("Day {day} is past the quest's time: the game is lost tonight.").format(day=day)
        else:
            say += " " + _("Then day {day}: the date space shows {icons} (castaway's board data).").format(
                day=day, icons=_icons_text(w_up, r_up))
        choices = [("food", _("eat 1 food"))] if R.count(t, "food") else []
        choices.append(("health", _("lose 1 health") if R.count(t, "food") else _("lose 1 health (no food)")))
        if not late:
            choices.append(("icons", _("eat; the date space shows other icons")))
        keys = tuple({"food": "1", "health": "2", "icons": "3"}[v] for v, _l in choices)
        pay = choices[0][0]

        def make(a, pay=pay):
            if a == "icons":
                return DcEat(pay, icons=True)
            return DcEat(a)
        return Step(ph, _("Eating"), say, Ask(_("The meal?"), "choice", choices=tuple(choices), keys=keys, default=pay),
                    make, warning(t, cat))
    title = _("Weather, raid, dice move, date")
    say = _("Weather die {w}, Raid die {r} in the {area} area; then day {day}.").format(
        w=s["icons"]["weather"]["v"], r=s["icons"]["raid"]["v"], area=cat.deck("areas").card(R.area(t)).name, day=day)
    odds = warning(t, cat, ate=True)
    if late:
        return Step(ph, title, say + " " + _("That is past the quest's time."), Ask(N_("Enter to go on")), lambda a: DcNight(), odds)
    if R.flow(t).get("icons") == "ask":
        default = " ".join(x for x in (f"weather+{w_up}" if w_up else "", f"raid+{r_up}" if r_up else "") if x) or "none"
        return Step(ph, title, say, Ask(_("Icons on date space {day} (weather+1, raid+2, both, or none)").format(day=day),
                                        "text", default=default, id="dc-icons"), lambda a: DcNight(*parse_icons(a)), odds)
    return Step(ph, title, say + " " + _("Date space {day}: {icons}.").format(day=day, icons=_icons_text(w_up, r_up)),
                Ask(N_("Enter to go on")), lambda a: DcNight(), odds)


def parse_icons(text: str) -> tuple[int, int]:
    """'weather+1 raid+2' / 'none' → (1, 2)."""
    raw = (text or "").strip().lower()
    w = r = 0
    if raw in ("", "none", "-", "žádné"):
        return 0, 0
    for word in raw.replace(",", " ").split():
        name, _plus, n = word.partition("+")
        if name not in ("weather", "raid") or n not in ("1", "2"):
            raise UsageError(_("date icons {text!r}: write weather+1, raid+2 (each +1 or +2), or none").format(text=text))
        if name == "weather":
            w = int(n)
        else:
            r = int(n)
    return w, r
