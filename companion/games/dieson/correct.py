"""Dieson Crusoe: corrections. The table is the source of truth: every field it shows can be set at any time,
and the day is then put at the start of the day or phase the table is in (the flow rebuilt from the state).

The generic `set`/`move`/`next` change one track, counter or flag; `reconcile` (run by settle after every
action) puts the flow back in step: a phase set by hand starts that phase (the date moves the date disc
alone: the day goes on where it stands), an area card set by hand is the one showing. The fields no track or flag holds (the tools made, the
dice in the used boxes, the action dice as they lie, the icon dice) are set with `dc-set` (DcSet), which
says what the rules could not have reached instead of clamping it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...errors import UsageError
from ...i18n import _
from ...table import Table
from ...valuetype import frozen
from . import rules as R

# The flow's steps each phase may stand at ("roll": the action dice are in hand and their faces are asked first).
PHASE_STEPS = {"morning": ("roll", "reroll", "event"), "afternoon": ("roll", "pick"), "evening": ("roll", "dusk", "eat", "night")}
FIELDS = ("tools", "dice", "used", *R.ICONS, "health", "hearts", "day", "done")
NUMBERS = ("health", "hearts", "day")  # a whole number: health, the maximum health (the character's hearts, +2 with the Bed)


def action_dice(t: Table) -> list[dict]:
    """The action dice that show a face today: in the used boxes, in hand for an action, unused (that order)."""
    s = R.dc(t)
    p = s.get("pending")
    return [*s["used"], *([p["die"]] if p and p.get("from") == "unused" else []), *s["unused"]]


def start_of(t: Table, phase: str) -> None:
    """Put the day at the start of `phase`: Morning, the action dice in hand; Afternoon, all three unused;
    Evening, all three in the used boxes. A die still in hand has no face yet: it is asked first (step roll)."""
    s = R.dc(t)
    fl = R.flow(t)
    for k in ("ask", "icons"):
        fl.pop(k, None)
    shown = action_dice(t)
    s["pending"] = None
    t.data["flags"]["phase"] = phase
    if phase == "morning":
        s["hand"] = [*s["hand"], *(d["c"] for d in shown)]
        s["unused"], s["used"] = [], []
        fl["step"] = "roll"
    elif phase == "afternoon":
        s["unused"], s["used"] = sorted(shown, key=lambda d: d["v"]), []
        fl["step"] = "roll" if s["hand"] else "pick"
    else:
        s["used"], s["unused"] = shown, []
        fl["step"] = "roll" if s["hand"] else "dusk"


def reconcile(t: Table, cat: GameCatalog) -> None:
    """After any action: a phase set by hand starts that phase (its steps no longer match the flow's). The
    procedures keep phase and step in step themselves, so this changes nothing after them (nor in a log
    stored before: no phase could be set by hand then)."""
    fl = R.flow(t)
    ph = R.phase(t)
    if ph not in PHASE_STEPS:  # "setup" or "over" set by hand, with the game not over: the day's start
        ph = "morning"
    if fl.get("step") not in PHASE_STEPS[ph] or ph != R.phase(t):
        start_of(t, ph)
    s = R.dc(t)
    if ph == "afternoon" and fl["step"] == "pick" and not (s["unused"] or s["hand"] or s.get("pending")):
        start_of(t, "evening")  # fewer dice than three set by hand: no die is left for the afternoon


# -- dc-set: the fields no track or flag holds ---------------------------------------------------------


def parse_die(text: Any, what: str) -> tuple[int, str]:
    """'5' (yellow) or '5g' (grey) as (face, colour)."""
    raw = str(text).strip().lower()
    grey = raw.endswith("g")
    digits = raw[:-1] if grey else raw
    if not digits.isdecimal() or not 1 <= int(digits) <= 6:
        raise UsageError(_("{what} {text!r}: a die is a face 1..6, with g after the grey one (5 or 5g)").format(what=what, text=text))
    return int(digits), "grey" if grey else "yellow"


def parse_dice(text: Any, what: str) -> tuple[tuple[int, str], ...]:
    if isinstance(text, (tuple, list)):
        return tuple((int(v), str(c)) for v, c in text)
    raw = str(text).strip().lower()
    if raw in ("", "none", "-", "0", "žádné", "žádná"):
        return ()
    return tuple(parse_die(w, what) for w in raw.replace(" ", ",").split(",") if w)


def parse_tools(cat: GameCatalog, text: Any) -> tuple[str, ...]:
    if isinstance(text, (tuple, list)):
        return tuple(text)
    raw = str(text).strip().lower()
    if raw in ("", "none", "-", "žádné", "žádný"):
        return ()
    tools = cat.deck("tools").cards
    out = []
    for w in (x.strip() for x in raw.split(",")):
        if not w:
            continue
        hit = [c.id for c in tools if w in (c.id, c.name.lower(), c.id.replace("-", " "))]
        if not hit:
            raise UsageError(_("tool {text!r}: accepted: {accepted}").format(text=w, accepted=", ".join(c.id for c in tools)))
        out.append(hit[0])
    return tuple(dict.fromkeys(out))


def quest_goals(t: Table, cat: GameCatalog) -> list[str]:
    """The quest's conditions other than its tools: hunt:deer, place:mountain-top, area:cannibals, escaped."""
    return [n for n in R.quest_card(t, cat).get("needs") if not n.startswith("tool:")]


def parse_done(t: Table, cat: GameCatalog, text: Any) -> tuple[str, ...]:
    """The quest's conditions met, by id (hunt:deer) or by the word after the colon (deer), comma apart; none."""
    if isinstance(text, (tuple, list)):
        return tuple(text)
    raw = str(text).strip().lower()
    if raw in ("", "none", "-", "žádné", "žádná"):
        return ()
    goals = quest_goals(t, cat)
    out = []
    for w in (x.strip() for x in raw.split(",")):
        if not w:
            continue
        hit = [g for g in goals if w in (g, g.partition(":")[2])]
        if not hit:
            raise UsageError(_("done {need!r}: accepted: {needs}").format(need=w, needs=", ".join(goals) or "none"))
        out.append(hit[0])
    return tuple(dict.fromkeys(out))


def _die(v: int, c: str) -> dict:
    return {"c": c, "v": v}


@register
@frozen
class DcSet(Action):
    """A correction: a field of the table as it shows it (FIELDS). tools: the tool ids made; dice, used: the
    dice as (face, colour) pairs; lightning, weather, raid: one (face, colour) pair."""

    kind: ClassVar[str] = "dc-set"
    field: str
    value: tuple = ()

    def text(self) -> str:
        if self.field in ("tools", "done"):
            shown = ", ".join(self.value) or "none"
        elif self.field in NUMBERS:
            shown = ",".join(str(v) for v in self.value)
        else:
            shown = ",".join(f"{v}{'g' if c == 'grey' else ''}" for v, c in self.value) or "none"
        return _("dieson: correction: {field} {value}").format(field=self.field, value=shown)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, field: str, text: Any) -> "DcSet":
        key = str(field).strip().lower()
        if key not in FIELDS:
            raise UsageError(_("field {field!r}: accepted: {fields}")
                             .format(field=field, fields=", ".join(FIELDS)))
        if key == "tools":
            return cls(key, parse_tools(cat, text))
        if key == "done":
            return cls(key, parse_done(t, cat, text))
        if key in NUMBERS:
            raw = str(text[0] if isinstance(text, (tuple, list)) and text else text).strip()
            if not raw.isdecimal():
                raise UsageError(_("{what} {text!r}: accepted: a whole number from 0").format(what=key, text=text))
            return cls(key, (int(raw),))
        dice = parse_dice(text, key)
        if key in R.ICONS and len(dice) != 1:
            raise UsageError(_("{what} {text!r}: a die is a face 1..6, with g after the grey one (5 or 5g)").format(what=key, text=text))
        return cls(key, dice)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored["field"], stored["value"]).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        if self.field not in FIELDS:
            raise UsageError(_("field {field!r}: accepted: {fields}")
                             .format(field=self.field, fields=", ".join(FIELDS)))
        warn: list[str] = []
        if self.field == "tools":
            self._tools(t, cat, warn)
        elif self.field == "done":
            self._done(t, cat)
        elif self.field in NUMBERS:
            self._number(t, cat, warn)
        else:
            dice = [_die(v, c) for v, c in self.value]
            for d in dice:
                if d["c"] not in ("yellow", "grey") or isinstance(d["v"], bool) or not 1 <= d["v"] <= 6:
                    raise UsageError(_("{what} {text!r}: a die is a face 1..6, with g after the grey one (5 or 5g)").format(what=self.field, text=d))
            getattr(self, "_" + ("icon" if self.field in R.ICONS else self.field))(t, dice, warn)
        say = _("Corrected: {line}.").format(line=self.text().split(": ", 2)[-1])
        return {"say": say, "warnings": warn}

    def _tools(self, t: Table, cat: GameCatalog, warn: list[str]) -> None:
        ids = [c.id for c in cat.deck("tools").cards]
        for tool in self.value:
            if tool not in ids:
                raise UsageError(_("tool {text!r}: accepted: {accepted}").format(text=tool, accepted=", ".join(ids)))
        d = t.deck("tools")
        s = R.dc(t)
        made = R.tools_made(t)
        for tool in self.value:
            if tool not in made and tool not in d["table"]:
                warn.append(_("Warning: the {tool} is not in play in this game: the rules could not have made it.")
                            .format(tool=cat.deck("tools").card(tool).name))
        new = list(self.value)
        for tool in [*made, *new]:
            for pile in ("table", "out", "draw", "discard"):
                if tool in d.get(pile, []):
                    d[pile].remove(tool)
        d["table"] = [*d["table"], *(x for x in made if x not in new)]
        d["table"].sort(key=ids.index)
        d["held"][R.SEAT] = new
        lim = t.data["limits"]["health"]
        if ("bed" in new) != ("bed" in made):  # § Tool List: the Bed's +2 maximum health
            lim[1] += 2 if "bed" in new else -2
            if R.count(t, "health") > lim[1]:
                warn.append(_("Warning: health {health} is past the maximum of {max} without the Bed: health is {max} now.")
                            .format(health=R.count(t, "health"), max=lim[1]))
                t.data["counters"]["health"] = lim[1]
        if "blueprint" in new and "blueprint" not in made and not s.get("blueprint"):
            s["blueprint"] = {"c": "grey", "v": 6}
        elif "blueprint" not in new:
            s["blueprint"] = None
        if "friend" in new and not s.get("friend"):
            s["friend"] = s.get("friend_card") or "jack"
            friends = t.deck("friends")
            if s["friend"] in friends["draw"]:
                friends["draw"].remove(s["friend"])
            friends["held"][R.SEAT] = [s["friend"]]
        elif "friend" in made and "friend" not in new and 2 in s.get("expert", []):
            s["friend"] = None

    def _done(self, t: Table, cat: GameCatalog) -> None:
        """The quest's conditions the table has met already (its tools are the tools made): each one met is
        recorded, each one left out is taken back; the quest is won at once when nothing is missing."""
        needs = quest_goals(t, cat)
        for need in self.value:
            if need not in needs:
                raise UsageError(_("done {need!r}: accepted: {needs}").format(need=need, needs=", ".join(needs) or "none"))
        s = R.dc(t)
        for need in needs:
            on = need in self.value
            if need == "escaped":
                s["escaped"] = on
                continue
            kind, _colon, what = need.partition(":")
            held = {"place": s["visited"], "area": s["areas"], "hunt": s["hunted"]}[kind]
            if on and what not in held:
                held.append(what)
            elif not on and what in held:
                held.remove(what)

    def _number(self, t: Table, cat: GameCatalog, warn: list[str]) -> None:
        """Health, or the maximum health. Health past the maximum raises the maximum to it, said in a warning:
        the rules could not reach it, and a maximum kept lower would cut it at the next gain."""
        n = self.value[0] if len(self.value) == 1 else None
        if isinstance(n, bool) or not isinstance(n, int) or n < (1 if self.field == "hearts" else 0):
            raise UsageError(_("{what} {text!r}: accepted: a whole number from 0").format(what=self.field, text=self.value))
        if self.field == "day":  # the date and that day's start: the Morning, the action dice in hand
            top = cat.tracks["day"].max
            if not 1 <= n <= top:
                raise UsageError(_("day {n}: the date track runs 1..{top}").format(n=n, top=top))
            t.data["tracks"]["day"] = n
            start_of(t, "morning")
            duration = R.quest_card(t, cat).get("duration")
            if n > duration:
                warn.append(_("Warning: day {day} is past the quest's {duration} days: the rules could not reach it (the game is lost past its time).")
                            .format(day=n, duration=duration))
            return
        lim = t.data["limits"]["health"]
        if self.field == "hearts":
            lim[1] = n
            if R.count(t, "health") > n:
                warn.append(_("Warning: health {health} is past the new maximum of {max}: health is {max} now.")
                            .format(health=R.count(t, "health"), max=n))
                t.data["counters"]["health"] = n
            return
        if n > lim[1]:
            warn.append(_("Warning: health {health} is past the maximum of {max}: the rules could not reach it; the maximum is {health} now.")
                        .format(health=n, max=lim[1]))
            lim[1] = n
        t.data["counters"]["health"] = n

    def _check_count(self, t: Table, warn: list[str]) -> None:
        s = R.dc(t)
        n = len(s["hand"]) + len(action_dice(t))
        greys = sum(1 for c in s["hand"] if c == "grey") + sum(1 for d in action_dice(t) if d["c"] == "grey")
        if n != 3 or greys > 1:
            warn.append(_("Warning: the action dice are now {n} ({greys} grey): the rules keep three, one of them grey at most.")
                        .format(n=n, greys=greys))

    def _dice(self, t: Table, dice: list[dict], warn: list[str]) -> None:
        """The unused dice as they lie: in the Morning the roll is done (the stone rerolls come next); later the
        Afternoon goes on with them (the Evening once none is left)."""
        s = R.dc(t)
        if s.get("pending") and s["pending"].get("from") == "unused":
            s["used"].append(s["pending"]["die"])
        s["pending"] = None
        R.flow(t).pop("ask", None)
        s["unused"] = sorted(dice, key=lambda d: d["v"])
        s["hand"] = []
        if R.phase(t) == "morning":
            if R.flow(t).get("step") == "roll":
                R.flow(t)["step"] = "reroll"
        elif dice:
            t.data["flags"]["phase"] = "afternoon"
            R.flow(t)["step"] = "pick"
        else:
            start_of(t, "evening")
        self._check_count(t, warn)

    def _used(self, t: Table, dice: list[dict], warn: list[str]) -> None:
        """The used boxes as they lie: the Afternoon goes on with the other action dice unused (the Evening when
        none is left). A used die is one of the three action dice: it leaves the hand or the unused ones."""
        s = R.dc(t)
        if len(dice) > 3:
            warn.append(_("Warning: there are three used boxes, not {n}: the rules could not fill more.").format(n=len(dice)))
        was = R.flow(t)["step"] if R.phase(t) == "evening" else None  # the evening goes on where it stood
        start_of(t, "afternoon")
        for d in dice:
            if d["c"] in s["hand"]:
                s["hand"].remove(d["c"])
                continue
            same = [u for u in s["unused"] if u == d] or [u for u in s["unused"] if u["c"] == d["c"]]
            if same:
                s["unused"].remove(same[0])
        s["used"] = list(dice)
        if not s["unused"] and not s["hand"]:
            start_of(t, "evening")
            if was in PHASE_STEPS["evening"] and was != "roll":
                R.flow(t)["step"] = was
        else:
            R.flow(t)["step"] = "roll" if s["hand"] else "pick"
        self._check_count(t, warn)

    def _icon(self, t: Table, dice: list[dict], warn: list[str]) -> None:
        R.dc(t)["icons"][self.field] = dice[0]
