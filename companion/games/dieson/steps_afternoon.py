"""Dieson Crusoe, the guided Afternoon: which die (and where it takes the meeple), what to do with the die in
hand, and the map's questions for 1. Move. Every option keeps its number all game (menus.KEY)."""

from __future__ import annotations

from ...catalog import GameCatalog
from ...guide import Ask, Step
from ...i18n import N_, _, ngettext
from ...table import Table
from . import rules as R
from .afternoon import DcBoost, DcHelp, DcLeather, DcPick, DcShift, DcSwap, die_value, stars_now
from .do import DcDo, meeple_on
from .menus import PHASE, DcChoose, box_name, die_label, meeple_box, menu, numbered, res, stars, unused_dice
from .tonight import warning


def afternoon_step(t: Table, cat: GameCatalog) -> Step:
    s = R.dc(t)
    p = s.get("pending")
    n = len(s["used"]) + 1
    ph = _(PHASE["afternoon"])
    if not p:
        return Step(ph, _("Action {n} of 3").format(n=min(n, 3)),
                    _("Unused dice {dice}; the meeple: {box}.").format(dice=unused_dice(t), box=meeple_box(t, cat)),
                    menu(_("Which die?"), _pick_choices(t, cat), t, cat), lambda a: pick_make(a), warning(t, cat))
    ask = R.flow(t).get("ask") or {}
    if ask.get("menu") == "move":
        return _move_step(t, cat, ask)
    box = R.box_at(cat, t.data["tracks"]["action"]) if p.get("anybox") else meeple_on(t, cat)
    title = _("Die {die} on {box}").format(die=die_label(p["die"]), box=_("any box") if p.get("anybox") else meeple_box(t, cat))
    say = _("{stars} for the box's action.").format(stars=stars(stars_now(t, cat, box)).capitalize())
    return Step(ph, title, say, menu(_("What now?"), _do_choices(t, cat, p, box), t, cat), lambda a: _do_make(a))


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
        cw = R.landed_box(cat, R.action_landing(pos, d["v"], n))
        out.append((f"pick:{i}:cw", _("die {die} → {box}").format(die=die_label(d), box=box_name(cw))))
        if d["v"] == 1 or d["c"] == "grey":
            ccw = R.landed_box(cat, R.action_landing(pos, -d["v"], n))
            out.append((f"pick:{i}:ccw", _("die {die} back → {box}").format(die=die_label(d), box=box_name(ccw))))
    if s.get("blueprint"):
        bp = die_label(s["blueprint"])
        for i, d in enumerate(s["unused"], 1):
            if d not in s["unused"][: i - 1]:
                out.append((f"swap:{i}", _("swap die {die} for the Blueprint's {bp}").format(die=die_label(d), bp=bp)))
    out += friend_choices(t, cat)
    return out


def friend_choices(t: Table, cat: GameCatalog) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if not R.friend(t):
        return out
    s = R.dc(t)
    pos = t.data["tracks"]["friend"]
    if pos > 0 and R.arrows(t, cat):  # § My Friend's Help: the icon on the arrow at the disc's space, that one only
        arrow = R.arrow_at(t, cat)
        if arrow is not None:
            kind, what, n = arrow
            if kind == "die":
                assert what is not None, "a die arrow names its icon (parse_arrow)"
                label = _("friend (arrow at {pos}): any action, {icon} {v}").format(pos=pos, icon=_(R.ICON_NAMES[what]), v=s["icons"][what]["v"])
            else:
                label = _("friend (arrow at {pos}): {help}").format(pos=pos, help=R.arrow_text(arrow))
            out.append((f"help:{kind}:{what or n}" + (f":{n}" if kind == "resource" and n != 1 else "") + f"@{pos}", label))
    elif pos > 0:  # the arrows are not known: the table reads its card
        for icon in R.ICONS:
            out.append((f"help:die:{icon}", _("friend: any action, {icon} {v}").format(
                icon=_(R.ICON_NAMES[icon]), v=s["icons"][icon]["v"])))
        for r in R.RESOURCES:
            out.append((f"help:resource:{r}", _("friend: 1 {what}").format(what=res(r))))
        out.append(("help:stars:1", _("friend: 1 extra star")))
    if R.count(t, "leather") >= 1 and t.data["tracks"]["friend"] < 5:
        out.append(("leather", _("1 leather: Friend disc +1")))
    return out


def pick_make(a: str):
    kind, *rest = a.split(":")
    if kind == "pick":
        return DcPick(int(rest[0]), rest[1])
    if kind == "swap":
        return DcSwap(int(rest[0]))
    if kind == "help":
        last, _at, arrow = rest[-1].partition("@")
        rest[-1] = last
        at = int(arrow) if arrow else None
        if rest[0] == "stars":
            return DcHelp("stars", None, int(rest[1]), arrow=at)
        return DcHelp(rest[0], rest[1], int(rest[2]) if len(rest) > 2 else 1, arrow=at)
    return DcLeather(1)


def _do_choices(t: Table, cat: GameCatalog, p: dict, box: str | None) -> list[tuple[str, str]]:
    out = []
    boxes = R.boxes(cat) if p.get("anybox") or box is None else [box]  # None: the friend's help, any box
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
        if R.count(t, "health"):  # § Afternoon 2: as many times as you like, the last health too
            out += [("shift:1:health", _("1 health: meeple one box on") + _last_health(t)),
                    ("shift:-1:health", _("1 health: meeple one box back") + _last_health(t))]
    if die_value(p) < R.star_top(cat):
        if R.count(t, "food"):
            out.append(("boost:food", _("1 food: die +1 for stars")))
        if R.count(t, "health"):  # § Afternoon 3: as many times as you like, the last health too
            out.append(("boost:health", _("1 health: die +1 for stars") + _last_health(t)))
    if not any(v.startswith(("do:", "menu:", "craft:")) or v == "friend" for v, _l in out):
        out.append(("idle", _("nothing can be done with this die: it goes to its used box with no effect")))
    return out


def _last_health(t: Table) -> str:
    """A warning on a 'pay 1 health' option that would spend the last one (§ End of the Game: health 0 loses)."""
    return " " + _("(your last health: the game is lost)") if R.count(t, "health") == 1 else ""


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
        lines = [("plain", _("a plain dotted line"))]
        if R.count(t, "food") >= 1:  # a menu lists only what can be paid
            lines.append(("food", _("a line that asks for 1 food")))
        if R.has(t, "raft") and R.dc(t)["icons"]["weather"]["v"] <= 2:
            lines.append(("escape", _("the escape (Raft made, Weather die 1-2)")))
        lines.append(("back", _("back: do something else")))
        keys = tuple({"plain": "1", "food": "2", "escape": "3", "back": "0"}[v] for v, _l in lines)
        return Step(ph, title, say, Ask(_("Which line?"), "choice", choices=tuple(lines), keys=keys, default="plain"),
                    lambda a: DcChoose("menu", None) if a == "back" else DcChoose("line", a))
    if "need" not in ask:
        return Step(ph, title, say, Ask(_("Stars drawn on the line"), "number", lo=0, hi=9), lambda a: DcChoose.parse(t, cat, "need", a))
    box = "move"  # with the friend's die help the box is named; otherwise it is the meeple's own
    need = int(ask["need"])
    if now < need:
        choices: tuple[tuple[str, str], ...] = (("fail", _("move anyway: {stars} against {need}, it fails").format(stars=stars(now), need=need)),
                   ("back", _("back: do something else")))
        return Step(ph, title, say, numbered(_("Not enough stars"), choices, "back", "back"),
                    lambda a: DcChoose("menu", None) if a == "back" else DcDo("action", box=box, need=need, line=ask["line"]))
    if ask["line"] == "escape":
        return Step(ph, title, say, Ask(N_("Enter to go on")), lambda a: DcDo("action", box=box, need=need, line="escape"))
    if "place" not in ask:
        choices = (("other", _("another place")), *((k, _(v)) for k, v in R.PLACE_NAMES.items()))
        return Step(ph, title, say, numbered(_("Where does the line lead?"), choices, "other", "other"),
                    lambda a: DcChoose("place", a))
    if "area" not in ask:
        assert cat.flags["area"].values is not None, "the area flag lists the areas"
        areas = list(cat.flags["area"].values)
        cards = cat.deck("areas")
        choices = (("same", _("still the {area} area").format(area=cards.card(R.area(t)).name)),
                   *((a, _("a new area: {area}").format(area=cards.card(a).name)) for a in areas if a != R.area(t)))
        keys = tuple("0" if v == "same" else str(areas.index(v) + 1) for v, _l in choices)
        return Step(ph, title, say, Ask(_("Which area is the place in?"), "choice", choices=choices, keys=keys, default="same"),
                    lambda a: DcChoose("area", a))
    choices = (("none", _("no resource")), *((r, res(r)) for r in ("food", "wood", "stone", "leather")))
    return Step(ph, title, say, numbered(_("Resource drawn at the place"), choices, "none", "none"),
                lambda a: DcDo("action", box=box, need=need, line=ask["line"], gain=a,
                               place=None if ask["place"] == "other" else ask["place"],
                               area=None if ask["area"] == "same" else ask["area"]))
