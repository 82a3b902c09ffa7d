"""Dieson Crusoe, the guided game: from the table state alone, what happens next and which action an
answer makes. The same actions as the single `castaway dieson ...` commands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action, register
from ...catalog import GameCatalog
from ...errors import RuleError, UsageError
from ...guide import Ask, Step
from ...table import Table
from . import rules as R
from .afternoon import DcBoost, DcHelp, DcLeather, DcPick, DcShift, DcSwap, die_value, stars_now
from .day import DcDusk, DcEat, DcEvent, DcKeep, DcNight, DcReroll, DcRoll, date_icons, dusk_options, event_preview
from .do import DcDo

MENU_KEYS = ("menu", "line", "need", "place", "area", "gain")
T = {
    "morning": "Morning", "afternoon": "Afternoon", "evening": "Evening",
    "roll": ("Roll the action dice", "Roll {dice}; castaway sorts them smallest first."),
    "reroll": ("Stone rerolls", "You have {stone} stone: 1 stone rerolls any of the dice {dice}."),
    "reroll_ask": "Positions to reroll ('1,3'; with your own dice '1,3=5,2'; Enter or - keeps them)",
    "event": ("The event", "The smallest die, {steps}, moves the event disc to space {pos}: {name}."),
    "pick": ("Action {n} of 3", "Unused dice {dice}; the meeple is on {box}."),
    "pending": ("Die {die} on {box}", "{stars}. Do the action, craft a tool, play with the friend, or adjust first."),
    "move": ("1. Move on the map", "{stars}. Tell castaway what the map shows."),
    "dusk": ("Start of the evening", "{what}"),
    "eat": ("Eating", "1 food, or lose 1 health."),
    "night": ("Weather, raid, dice move, date", "Weather die {w}, Raid die {r} in the {area} area; then day {day}."),
}


@register
@dataclass(frozen=True)
class DcChoose(Action):
    """The guided game's menu answers for the die in hand (which menu, the map's details)."""

    kind: ClassVar[str] = "dc-choose"
    key: str = "menu"
    value: str | None = None

    def text(self) -> str:
        return f"dieson: {self.key} {self.value}"

    def run(self, t: Table, cat: GameCatalog):
        if R.phase(t) != "afternoon" or not R.dc(t).get("pending"):
            raise RuleError("menu answers are for the die in hand in the afternoon")
        if self.key not in MENU_KEYS:
            raise UsageError(f"key {self.key!r}: accepted: {', '.join(MENU_KEYS)}")
        ask = R.flow(t).setdefault("ask", {})
        if self.key == "menu" and self.value is None:
            R.flow(t).pop("ask", None)
        else:
            ask[self.key] = self.value
        return None


def _dice(t: Table) -> str:
    return " ".join(R.die_text(d) for d in R.dc(t)["unused"]) or "none"


def _box(t: Table, cat: GameCatalog) -> str:
    b = R.box_at(cat, t.data["tracks"]["action"])
    return R.BOX_NAMES[b] if b else "the start square"


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
    menu (or nothing to answer) offers them too, so a day never stalls while the friend could help."""
    extra = [c for c in _friend_choices(t) if not c[0].startswith("help:die:")]
    ask = step.ask
    if not extra or ask.multiple or ask.kind not in ("choice", "none") or any(v.startswith("help:") for v, _ in ask.choices):
        return step
    own = step.make
    if ask.kind == "none":
        choices = (("go", "go on"), *extra)
        new = Ask(ask.prompt if ask.prompt != "Enter to go on" else "Go on (Enter), or the friend first?", "choice",
                  choices=choices, default="go")

        def make(a, own=own):
            return own(None) if a == "go" else _pick_make(a)
    else:
        mine = {v for v, _ in ask.choices}
        extra = [c for c in extra if c[0] not in mine]  # the step's own answers keep their meaning
        new = Ask(ask.prompt, "choice", choices=(*ask.choices, *extra), default=ask.default)

        def make(a, own=own, mine=frozenset(mine)):
            return own(a) if a in mine else _pick_make(a)
    return Step(step.phase, step.title, step.say, new, make, step.odds)


def _morning(t: Table, cat: GameCatalog, step: str) -> Step:
    s = R.dc(t)
    if step == "roll":
        title, say = T["roll"]
        hand = " ".join(s["hand"])
        return Step(T["morning"], title, say.format(dice=hand),
                    Ask(f"Faces of {hand}, in that order", "dice", dice=tuple(s["hand"])), lambda a: DcRoll(a))
    if step == "reroll" and R.count(t, "stone") > 0:
        title, say = T["reroll"]
        return Step(T["morning"], title, say.format(stone=R.count(t, "stone"), dice=_dice(t)),
                    Ask(T["reroll_ask"], "text", default="-"), _reroll)
    steps, pos, ev = event_preview(t, cat)
    title, say = T["event"]
    say = say.format(steps=steps, pos=pos, name=R.EVENT_NAMES.get(ev, ev))
    if ev == "wood-or-stone":
        return Step(T["morning"], title, say, Ask("Take which?", "choice", choices=(("wood", "1 wood"), ("stone", "1 stone"))),
                    lambda a: DcEvent(a))
    return Step(T["morning"], title, say, Ask("Enter to apply the event"), lambda a: DcEvent())


def _reroll(answer: str):
    raw = (answer or "").strip()
    if raw in ("", "-", "none", "no", "n"):
        return DcKeep()
    spots, _, faces = raw.partition("=")
    try:
        pos = tuple(int(x) for x in spots.replace(" ", "").split(",") if x)
    except ValueError:
        raise UsageError(f"reroll {answer!r}: write positions like 1,3 (or 1,3=5,2 with your own dice), or - to keep") from None
    return DcReroll(pos, faces.strip() or None)


def _afternoon(t: Table, cat: GameCatalog) -> Step:
    s = R.dc(t)
    p = s.get("pending")
    n = len(s["used"]) + 1
    if not p:
        title, say = T["pick"]
        return Step(T["afternoon"], title.format(n=min(n, 3)), say.format(dice=_dice(t), box=_box(t, cat)),
                    Ask("Which die?", "choice", choices=tuple(_pick_choices(t, cat))), lambda a: _pick_make(a))
    ask = R.flow(t).get("ask") or {}
    if ask.get("menu") == "move":
        return _move_step(t, cat, ask)
    box = R.box_at(cat, t.data["tracks"]["action"])
    title, say = T["pending"]
    return Step(T["afternoon"], title.format(die=R.die_text(p["die"]), box="any box" if p.get("anybox") else _box(t, cat)),
                say.format(stars=R.stars_text(stars_now(t, cat, box))),
                Ask("What now?", "choice", choices=tuple(_do_choices(t, cat, p, box))), lambda a: _do_make(a))


def _pick_choices(t: Table, cat: GameCatalog) -> list[tuple[str, str]]:
    s = R.dc(t)
    n = len(R.boxes(cat))
    pos = t.data["tracks"]["action"]
    out = []
    for i, d in enumerate(s["unused"], 1):
        cw = R.box_at(cat, R.action_landing(pos, d["v"], n))
        out.append((f"pick:{i}:cw", f"die {R.die_text(d)} → {R.BOX_NAMES[cw]}"))
        if d["v"] == 1 or d["c"] == "grey":
            ccw = R.box_at(cat, R.action_landing(pos, -d["v"], n))
            out.append((f"pick:{i}:ccw", f"die {R.die_text(d)} back → {R.BOX_NAMES[ccw]}"))
    if s.get("blueprint"):
        for i, d in enumerate(s["unused"], 1):
            out.append((f"swap:{i}", f"swap die {R.die_text(d)} for the Blueprint's {R.die_text(s['blueprint'])}"))
    out += _friend_choices(t)
    return out


def _friend_choices(t: Table) -> list[tuple[str, str]]:
    out = []
    if not R.friend(t):
        return out
    s = R.dc(t)
    if t.data["tracks"]["friend"] > 0:
        for icon in R.ICONS:
            out.append((f"help:die:{icon}", f"friend's help: any action with the {icon} die ({s['icons'][icon]['v']})"))
        for res in R.RESOURCES:
            out.append((f"help:resource:{res}", f"friend's help: 1 {res}"))
        out.append(("help:stars:1", "friend's help: 1 extra star"))
    if R.count(t, "leather") >= 1 and t.data["tracks"]["friend"] < 5:
        out.append(("leather", "pay 1 leather: Friend disc +1"))
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
            out += [(f"do:{b}:{r}", f"{R.BOX_NAMES[b]}: {r}") for r in ("food", "wood", "stone")]
        elif b == "move":
            out.append(("menu:move", f"{R.BOX_NAMES[b]} on the map ({R.stars_text(stars_now(t, cat, b))})"))
        elif b in ("fences", "roofs"):
            need = ("stone", "wood") if b == "fences" else ("leather", "wood")
            if all(R.count(t, r) >= 1 for r in need):  # a menu lists only what can be paid
                out.append((f"do:{b}", f"{R.BOX_NAMES[b]} (1 {need[0]} and 1 wood)"))
        else:
            extra = f" ({R.stars_text(stars_now(t, cat, b))})" if b in R.STAR_BOXES else ""
            out.append((f"do:{b}", f"{R.BOX_NAMES[b]}{extra}"))
    stars = stars_now(t, cat, None)
    for tool in R.tools_open(t):
        if not R.craft_problems(t, cat, tool, stars):
            out.append((f"craft:{tool}", f"craft the {cat.deck('tools').card(tool).name}"))
    if R.friend(t) and not p.get("anybox") and t.data["tracks"]["friend"] < t.limits(cat.tracks["friend"])[1]:
        out.append(("friend", "play with the friend"))
    if not p.get("anybox"):
        if R.count(t, "wood"):
            out += [("shift:1:wood", "1 wood: meeple one box on"), ("shift:-1:wood", "1 wood: meeple one box back")]
        if R.count(t, "health") > 1:
            out += [("shift:1:health", "1 health: meeple one box on"), ("shift:-1:health", "1 health: meeple one box back")]
    if die_value(p) < R.star_top(cat):
        if R.count(t, "food"):
            out.append(("boost:food", "1 food: die +1 for stars"))
        if R.count(t, "health") > 1:
            out.append(("boost:health", "1 health: die +1 for stars"))
    if not any(v.startswith(("do:", "menu:", "craft:")) or v == "friend" for v, _ in out):
        out.append(("idle", "nothing can be done with this die: it goes to its used box with no effect"))
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


def _move_step(t: Table, cat: GameCatalog, ask: dict) -> Step:
    title, say = T["move"]
    p = R.dc(t)["pending"]
    stars = stars_now(t, cat, "move")
    say = say.format(stars=R.stars_text(stars))
    ph = T["afternoon"]
    if "line" not in ask:
        choices = [("plain", "a plain dotted line")]
        if R.count(t, "food") >= 1:  # a menu lists only what can be paid
            choices.append(("food", "a line that asks for 1 food"))
        if R.has(t, "raft") and R.dc(t)["icons"]["weather"]["v"] <= 2:
            choices.append(("escape", "the escape (Raft made, Weather die 1-2)"))
        choices = (*choices, ("back", "back: do something else"))
        return Step(ph, title, say, Ask("Which line?", "choice", choices=choices, default="plain"),
                    lambda a: DcChoose("menu", None) if a == "back" else DcChoose("line", a))
    if "need" not in ask:
        return Step(ph, title, say, Ask("Stars drawn on the line", "number", lo=0, hi=9), lambda a: DcChoose("need", str(a)))
    box = "move"  # with the friend's die help the box is named; otherwise it is the meeple's own
    if stars < int(ask["need"]):
        choices = (("fail", f"move anyway: {R.stars_text(stars)} against {ask['need']}, it fails"), ("back", "back: do something else"))
        return Step(ph, title, say, Ask("Not enough stars", "choice", choices=choices, default="back"),
                    lambda a: DcChoose("menu", None) if a == "back" else DcDo("action", box=box, need=int(ask["need"]), line=ask["line"]))
    if ask["line"] == "escape":
        return Step(ph, title, say, Ask("Enter to sail"), lambda a: DcDo("action", box=box, need=int(ask["need"]), line="escape"))
    if "place" not in ask:
        choices = (("other", "another place"), *((k, v) for k, v in R.PLACE_NAMES.items()))
        return Step(ph, title, say, Ask("Where does the line lead?", "choice", choices=choices, default="other"),
                    lambda a: DcChoose("place", a))
    if "area" not in ask:
        choices = (("same", f"still the {R.area(t).title()} area"), *((a, f"a new area: {a.title()}") for a in cat.flags["area"].values if a != R.area(t)))
        return Step(ph, title, say, Ask("Which area is the place in?", "choice", choices=choices, default="same"),
                    lambda a: DcChoose("area", a))
    choices = (("none", "no resource"), *((r, r) for r in ("food", "wood", "stone", "leather")))
    return Step(ph, title, say, Ask("Resource drawn at the place", "choice", choices=choices, default="none"),
                lambda a: DcDo("action", box=box, need=int(ask["need"]), line=ask["line"], gain=a,
                               place=None if ask["place"] == "other" else ask["place"],
                               area=None if ask["area"] == "same" else ask["area"]))


def _evening(t: Table, cat: GameCatalog, step: str) -> Step:
    s = R.dc(t)
    ph = T["evening"]
    if step == "dusk":
        can = dusk_options(t)
        bits = []
        if R.has(t, "flag") and s["icons"]["lightning"]["v"] in (2, 4) and R.friend(t):
            bits.append("the Flag moves the friend on 1")
        title, say = T["dusk"]
        if can:
            names = {"trap": "Trap: 1 food for 1 leather and 2 food", "dog": "Watch Dog: 1 food for 1 fence"}
            return Step(ph, title, say.format(what="; ".join(bits) or "Tools that work tonight."),
                        Ask("Use which?", "choice", choices=tuple((c, names[c]) for c in can), multiple=True, default="-"),
                        lambda a: DcDusk(trap="trap" in a, dog="dog" in a))
        return Step(ph, title, say.format(what="; ".join(bits) or "No tool works tonight."), Ask("Enter to go on"), lambda a: DcDusk())
    if step == "eat":
        title, say = T["eat"]
        if R.count(t, "food"):
            return Step(ph, title, say, Ask("Pay with?", "choice", choices=(("food", "1 food"), ("health", "1 health")), default="food"),
                        lambda a: DcEat(a))
        return Step(ph, title, "No food: you lose 1 health.", Ask("Enter to go on"), lambda a: DcEat("health"))
    title, say = T["night"]
    day = t.data["tracks"]["day"] + 1
    say = say.format(w=s["icons"]["weather"]["v"], r=s["icons"]["raid"]["v"], area=R.area(t).title(), day=day)
    if day > R.quest_card(t, cat).get("duration"):
        return Step(ph, title, say + " That is past the quest's time.", Ask("Enter to go on"), lambda a: DcNight())
    w, r = date_icons(cat, day)
    default = " ".join(x for x in (f"weather+{w}" if w else "", f"raid+{r}" if r else "") if x) or "none"
    return Step(ph, title, say, Ask(f"Icons on date space {day} (e.g. weather+1 raid+2, or none)", "text", default=default),
                lambda a: DcNight(*parse_icons(a)))


def parse_icons(text: str) -> tuple[int, int]:
    """'weather+1 raid+2' / 'none' → (1, 2)."""
    raw = (text or "").strip().lower()
    w = r = 0
    if raw in ("", "none", "-"):
        return 0, 0
    for word in raw.replace(",", " ").split():
        name, _, n = word.partition("+")
        if name not in ("weather", "raid") or n not in ("1", "2"):
            raise UsageError(f"date icons {text!r}: write weather+1, raid+2 (each +1 or +2), or none")
        if name == "weather":
            w = int(n)
        else:
            r = int(n)
    return w, r
