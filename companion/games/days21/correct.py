"""21 Days: the table is the truth. A correction (`castaway set`, `move`, `next`) is recorded as the game's
own `d21-set` (Correct): the generic set or move, then the day's flow put where the corrected table stands.
The day or the phase set by hand puts the table at the start of that day or phase (the logbook's page
follows the day; the guided game asks that step next); a plank count takes planks off the raft (outermost
first, flare side then bottle side, as the plank die's even and odd faces do) or puts the last lost back,
and `set planks flare-1,bottle-1` names the planks that are gone. A correction the rules could not reach
is kept, with a one-line warning in its result (the terminal prints it under the command's line); nothing
is clamped. A log stored before keeps its plain set and move, replayed as they were.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...action_base import Action, register
from ...actions import Move, SetValue
from ...card_actions import resolve_card
from ...catalog import GameCatalog
from ...errors import UsageError
from ...i18n import N_, _
from ...table import Table
from ...valuetype import frozen
from .core import buoy, d21, day, flow, seat_arg

# where a phase set by hand starts in the day's tasks (the logbook phase: the morning's symbols first)
STARTS = {"weather": ("weather",), "shark": ("shark",), "morning": ("morning",), "logbook": ("morning",), "midday": ("midday",),
          "evening": ("evening",), "attack": ("attack",), "day21": ("exhaustion", "rosina", "day21")}
TRANSIENT = ("picked", "wound", "fished", "octopus", "jelly", "disaster", "paranoia", "kid", "await", "fight")

SAY = {
    "phase_day21": N_("phase {phase} on day {day}: the rules reach it only on day 21; the table's word is kept"),
    "phase_day": N_("phase {phase} on day 21: day 21 has no such phase; the table's word is kept, day 21's steps come next"),
    "over": N_("phase over: the game goes on until the table ends it; the table's word is kept"),
    "buoy": N_("the ship is on the buoy ({buoy}) on day {day}: the rules reach it only on day 21; the table's word is kept"),
    "revived": N_("{seat} is back on the raft: the rules never bring the dead back; the table's word is kept"),
    "dead_hope": N_("{seat} has died and holds {n} hope: the rules give the dead none; the table's word is kept"),
}


@register
@frozen
class Correct(Action):
    """A correction of what the table shows: target and value as `set` takes them (value None: a move by
    delta); gone: the planks that are gone, by name, when the table named them."""

    kind: ClassVar[str] = "d21-set"
    target: str = ""
    value: Any = None
    delta: int | None = None
    gone: tuple[str, ...] | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, target: str, text: str) -> "Correct":
        tg = t.resolve(cat, target)
        raw = str(text).strip().lower()
        if tg.spec.id == "planks" and raw and not raw.isdecimal():
            return cls(tg.label, None, None, plank_names(cat, raw))
        return cls(tg.label, SetValue.parse(t, cat, target, text).value)

    def text(self) -> str:
        if self.gone is not None:
            what = _("set planks {n}, gone: {gone}").format(n=6 - len(self.gone), gone=", ".join(self.gone) or "-")
        elif self.delta is not None:
            what = Move(self.target, self.delta).text()
        else:
            what = SetValue(self.target, self.value).text()
        return _("correction: {what}").format(what=what)

    def run(self, t: Table, cat: GameCatalog):
        tg = t.resolve(cat, self.target)
        comp = tg.spec.id
        if self.gone is not None:
            set_planks(t, cat, self.gone)
        elif self.delta is not None:
            Move(tg.label, self.delta).run(t, cat)
        else:
            SetValue(tg.label, self.value).run(t, cat)
        warnings: list[str] = []
        if comp == "planks" and self.gone is None:
            _planks(t, cat)
        if comp in ("day", "phase") and "flow" in t.data:
            warnings += restart(t, cat, t.data["flags"].get("phase") if comp == "phase" else None)
        warnings += _reached(t, cat)
        out: dict = {"day": day(t)} if comp == "day" else {}
        if warnings:
            out.update(warning=warnings, say=" ".join(warnings))
        return out or None


@register
@frozen
class SetupDiffers(Action):
    """The guided setup's check answered no: the table is not set up as castaway shows it, so the guided game
    asks what differs (each answer a correction) until the table says it is set up."""

    kind: ClassVar[str] = "d21-setup-differs"

    def text(self) -> str:
        return _("the table is set up otherwise")

    def run(self, t: Table, cat: GameCatalog):
        flow(t)["differs"] = True
        return {"say": _("Say what differs, one thing at a time.")}


def differs(t: Table, cat: GameCatalog, text: str):
    """An answer to "what differs?": TARGET VALUE as `castaway set` takes it (ship 5, red.strength 4,3,
    planks flare-1), or a part `21days fix` takes (swap dolphin, held red rotten-fish), recorded as a correction."""
    target, _sep, value = str(text).strip().partition(" ")
    word = target.strip().lower()
    if word in ("swap", "special", "ability"):  # the parts that are no track or count (TableFix)
        return TableFix.parse(t, cat, word, "", value.replace(",", " ").split())
    if word == "held":
        seat, _sep, cards = value.strip().partition(" ")
        return TableFix.parse(t, cat, word, seat, cards.replace(",", " ").split())
    if not value.strip():
        raise UsageError(_("{text!r}: write what differs and what the table shows, e.g. ship 5 or red.strength 4,3; '-' when nothing more differs").format(text=text))
    return Correct.parse(t, cat, target, value.strip())


def plank_names(cat: GameCatalog, text: str) -> tuple[str, ...]:
    """The planks that are gone, as typed: flare-1,bottle-2 (flare-1: the flare side's outermost), or '-'."""
    names = list(cat.rules["raft"]["planks_flare"]) + list(cat.rules["raft"]["planks_bottle"])
    if text.strip() in ("-", "none"):
        return ()
    gone = tuple(dict.fromkeys(b.strip() for b in text.replace(" ", ",").split(",") if b.strip()))
    for b in gone:
        if b not in names:
            raise UsageError(_("plank {plank!r}: accepted: a number 0..6, or the planks that are gone among {items}, e.g. flare-1,bottle-1, or '-'").format(
                plank=b, items=", ".join(names)))
    return gone


def restart(t: Table, cat: GameCatalog, phase: str | None) -> list[str]:
    """The table at the start of today (the day track's day), at `phase` if the table named one."""
    from .flow import day_tasks

    f, x = flow(t), d21(t)
    setup = (f.get("queue") or [{}])[0].get("do") == "setup"
    for k in TRANSIENT:
        f.pop(k, None)
    f["placements"] = []
    x["today"] = []
    x["just_attacked"] = False
    x["skip_pages"] = 0
    tasks = day_tasks(t, cat)
    out: list[str] = []
    if phase == "over":
        out.append(_(SAY["over"]))
    elif phase == "setup":
        setup = True
    elif phase is not None:
        starts = STARTS.get(phase, ())
        at = next((i for i, q in enumerate(tasks) if q.get("do") in starts), None)
        if at is None:
            key = "phase_day21" if phase == "day21" else "phase_day"
            out.append(_(SAY[key]).format(phase=phase, day=day(t)))
        else:
            tasks = tasks[at:]
        setup = False
    f["queue"] = ([{"do": "setup"}] if setup else []) + tasks
    if not setup:
        x["logbook"] = "built"
    return out


def _planks(t: Table, cat: GameCatalog) -> None:
    """`set planks N`: the raft's planks follow the count (outermost first, flare side then bottle side)."""
    x = d21(t)
    if "planks" not in x or len(x["planks"]) == t.data["counters"]["planks"]:
        return
    want = t.data["counters"]["planks"]
    gone = list(x.get("lost_planks") or [])
    sides = [list(cat.rules["raft"]["planks_flare"]), list(cat.rules["raft"]["planks_bottle"])]
    side = 0
    while sum(map(len, sides)) - len(gone) > want and len(gone) < sum(map(len, sides)):
        left = [p for p in sides[side] if p not in gone] or [p for p in sides[1 - side] if p not in gone]
        gone.append(left[0])
        side = 1 - side
    while sum(map(len, sides)) - len(gone) < want and gone:
        gone.pop()
    set_planks(t, cat, tuple(gone))


def set_planks(t: Table, cat: GameCatalog, gone: tuple[str, ...]) -> None:
    """The planks that are gone, by name (flare-1 is the flare side's outermost), the others on the raft; a
    survivor on a spot whose plank is gone moves to a free spot (the table put them somewhere)."""
    x = d21(t)
    order = list(cat.rules["raft"]["planks_flare"]) + list(cat.rules["raft"]["planks_bottle"])
    x["planks"] = [p for p in order if p not in gone]
    x["lost_planks"] = [p for p in gone]
    x["lost_spots"] = [str(s) for s, p in cat.rules["raft"]["spot_plank"].items() if p in gone]
    r = x.get("raft") or {}
    for s in x["lost_spots"]:
        seat = r.get(s)
        r[s] = None
        free = [k for k, who in r.items() if who is None and k not in x["lost_spots"]]
        if seat and free:
            r[free[0]] = seat
    t.data["counters"]["planks"] = len(x["planks"])


def _reached(t: Table, cat: GameCatalog) -> list[str]:
    """The corrected table's parts the rules could not reach: kept, each with its warning."""
    out = []
    if t.data["tracks"]["ship"] >= buoy(cat) and day(t) < 21:
        out.append(_(SAY["buoy"]).format(buoy=buoy(cat), day=day(t)))
    dead = t.data.get("dead", [])
    for seat in list(dead):
        if t.alive(seat):
            dead.remove(seat)
            out.append(_(SAY["revived"]).format(seat=seat))
        elif t.seat_values(seat).get("hope", 0) > 0:
            out.append(_(SAY["dead_hope"]).format(seat=seat, n=t.seat_values(seat)["hope"]))
    return out


FIXES = ("swap", "held", "special", "ability")


@register
@frozen
class TableFix(Action):
    """What the table shows of the parts that are no track or counter: the swap location's token (items: it),
    the bottle cards a survivor holds (seat, items: the cards, none: ()), the special hope tokens used
    (items: the tokens), the ability tokens used (items: the seats)."""

    kind: ClassVar[str] = "d21-fix"
    what: str = ""
    seat: str = ""
    items: tuple[str, ...] = ()

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, what: str, seat: str = "", items=()) -> "TableFix":
        what = str(what).strip().lower()
        bits = tuple(b for b in (str(i).strip().lower() for i in items) if b and b not in ("-", "none"))
        if what == "swap":
            if len(bits) != 1:
                raise UsageError(_("swap: name the one token on the swap location; accepted: {items}").format(items=", ".join(c.id for c in cat.deck("swap").cards)))
            return cls(what, "", (resolve_card(cat, t, "swap", bits[0]),))
        if what == "held":  # a hand is a living survivor's, each card one at this table ('roll' draws none here)
            who = seat_arg(t, cat, seat)
            return cls(what, who, tuple(resolve_card(cat, t, "bottle", b) for b in bits))
        if what == "special":
            ids = list(cat.rules["special_hope"]["ids"])
            for b in bits:
                if b not in ids:
                    raise UsageError(_("special hope token {token!r}: accepted: {items}").format(token=b, items=", ".join(ids)))
            return cls(what, "", bits)
        if what == "ability":
            return cls(what, "", tuple(seat_arg(t, cat, b) for b in bits))
        raise UsageError(_("{what!r}: accepted: {items}").format(what=what, items=", ".join(FIXES)))

    def text(self) -> str:
        shown = ", ".join(self.items) or "-"
        if self.what == "held":
            return _("correction: {seat} holds {items}").format(seat=self.seat, items=shown)
        return _("correction: {what} {items}").format(what=self.what, items=shown)

    def run(self, t: Table, cat: GameCatalog):
        x = d21(t)
        if self.what == "swap":
            d, new = t.deck("swap"), self.items[0]
            old = x.get("swap")
            if old and old in d["table"]:
                d["table"].remove(old)
                d["draw"].append(old)
            pile, _seat = t.find_card("swap", new)
            (d[pile] if pile != "held" else d["held"][_seat]).remove(new)
            d["table"].append(new)
            x["swap"] = new
        elif self.what == "held":
            d = t.deck("bottle")
            for c in d["held"].pop(self.seat, []):
                d["draw"].append(c)
            for c in self.items:
                pile, who = t.find_card("bottle", c)
                (d[pile] if pile != "held" else d["held"][who]).remove(c)
                d["held"].setdefault(self.seat, []).append(c)
        elif self.what == "special":
            for tok, where in x["special"].items():
                used = tok in self.items
                if used != (where == "used"):  # a used token leaves the game: the bag holds one hope less
                    x["special"][tok] = "used" if used else "bag"
                    t.data["pools"]["hope"]["supply"] += -1 if used else 1
        elif self.what == "ability":
            for seat, tok in (x.get("ability") or {}).items():
                tok["used"] = seat in self.items
        return None
