"""Dieson Crusoe, the guided game: from the table state alone, what happens next and which action an
answer makes. The same actions as the single `castaway dieson ...` commands.

A step that leaves nothing to the table (the event with no choice, a dusk with no tool at work, the
night) asks nothing: the guided loop does it at once (entry.py: goes_on_alone). Menus number each option
the same way all game (menus.py): the box's action by its number on the action track, the tools from
30 in the deck's order, the friend's help from 60. Before a step that can cost the last health the
table sees what tonight takes (`tonight`): the Weather and Raid dice already lie on the board, so the
loss is certain, not a chance.
"""

from __future__ import annotations

from ...catalog import GameCatalog
from ...errors import UsageError
from ...guide import Ask, Step
from ...i18n import N_, _
from ...table import Table
from . import rules as R
from .correct import DcSet
from .day import DcDusk, DcEat, DcEvent, DcKeep, DcNight, DcReroll, DcRoll, date_icons, dusk_options, event_preview
from .menus import PHASE, menu_key, unused_dice
from .steps_afternoon import afternoon_step, friend_choices, pick_make
from .tonight import tonight, warning
from .typed import parse_icons


def next_step(t: Table, cat: GameCatalog) -> Step | None:
    if t.data.get("over"):
        return None
    ph, step = R.phase(t), R.flow(t).get("step")
    if step == "roll":
        return _anytime(t, cat, _roll(t, cat, ph))
    if ph == "morning":
        return _anytime(t, cat, _morning(t, cat, step))
    if ph == "afternoon":
        return _anytime(t, cat, afternoon_step(t, cat))
    return _anytime(t, cat, _evening(t, cat, step))


def _anytime(t: Table, cat: GameCatalog, step: Step) -> Step:
    """§ Play with My Friend: the friend's help and leather for the disc work at any time. A step with a
    menu offers them too (numbered from 60), so a day never stalls while the friend could help. A step
    that asks nothing stays so (the loop does it at once), unless it costs the last health: then the
    table may call the friend first (the step's warning says why)."""
    extra = [c for c in friend_choices(t, cat) if not c[0].startswith("help:die:")]
    ask = step.ask
    if not extra or ask.multiple or ask.kind not in ("choice", "none") or any(v.startswith("help:") for v, _l in ask.choices):
        return step
    if ask.kind == "none" and step.odds is None:
        return step
    own = step.make
    if ask.kind == "none":
        choices = (("go", _("go on")), *extra)
        new = Ask(_("Go on, or call the friend first?"), "choice", choices=choices, default="go",
                  keys=tuple(str(menu_key(v)) for v, _l in choices))

        def make(a):
            return own(None) if a == "go" else pick_make(a)
    else:
        mine = {v for v, _l in ask.choices}
        extra = [c for c in extra if c[0] not in mine]  # the step's own answers keep their meaning
        keys = (*(ask.keys or tuple(str(i) for i in range(1, len(ask.choices) + 1))), *(str(menu_key(v)) for v, _l in extra))
        new = Ask(ask.prompt, "choice", choices=(*ask.choices, *extra), default=ask.default, keys=keys)

        def make(a):
            return own(a) if a in mine else pick_make(a)
    return Step(step.phase, step.title, step.say, new, make, step.odds)

# -- Morning ------------------------------------------------------------------------------------------


def _roll(t: Table, cat: GameCatalog, phase: str) -> Step:
    """The action dice in hand: the Morning's roll, or their faces first in a phase the table set by hand."""
    hand = " ".join(R.colour_name(c) for c in R.dc(t)["hand"])
    if phase == "morning":
        title, say = _("Roll the action dice"), _("{dice}; castaway sorts them smallest first.").format(dice=hand)
    else:
        title = _("The action dice as they lie")
        say = (_("{dice}: the faces of the dice in the used boxes, in box order.") if phase == "evening"
               else _("{dice}: the faces of the unused dice.")).format(dice=hand)
    return Step(_(PHASE.get(phase, phase)), title, say, Ask(_("Faces in that order (1-6 each)"), "dice", dice=tuple(R.dc(t)["hand"])),
                lambda a: DcRoll.parse(t, cat, a))


def _morning(t: Table, cat: GameCatalog, step: str | None) -> Step:
    ph = _(PHASE["morning"])
    steps, pos, ev = event_preview(t, cat)
    event = _("the smallest die, {steps}, moves the event disc to space {pos}: {name}").format(
        steps=steps, pos=pos, name=_(R.EVENT_NAMES.get(ev, ev)))
    if step == "reroll" and R.count(t, "stone") > 0:
        return Step(ph, _("Stone rerolls"), _("You have {stone} stone: 1 stone rerolls any of the dice {dice}. As they lie, {event}.")
                    .format(stone=R.count(t, "stone"), dice=unused_dice(t), event=event),
                    Ask(_("Positions to reroll (1-3: '1,3'; with your own dice '1,3=5,2'; Enter or - keeps them)"), "text", default="-", id="dc-reroll"),
                    lambda a: _reroll(t, cat, a))
    title, say = _("The event"), event[:1].upper() + event[1:] + "."
    if ev == "wood-or-stone":
        return Step(ph, title, say, Ask(_("Take which?"), "choice", choices=(("wood", _("1 wood")), ("stone", _("1 stone")))),
                    lambda a: DcEvent(a))
    return Step(ph, title, say, Ask(N_("Enter to go on")), lambda a: DcEvent())


def _reroll(t: Table, cat: GameCatalog, answer: str):
    """'1,3' rerolls those dice virtually, '1,3=5,2' with the table's own faces; '-' keeps them."""
    raw = (answer or "").strip()
    if raw in ("", "-", "none", "no", "n", "ne"):
        return DcKeep()
    spots, _eq, faces = raw.partition("=")
    try:
        pos = tuple(int(x) for x in spots.replace(" ", "").split(",") if x)
    except ValueError:
        raise UsageError(_("reroll {answer!r}: write positions like 1,3 (or 1,3=5,2 with your own dice), or - to keep")
                         .format(answer=answer)) from None
    return DcReroll.parse(t, cat, pos, faces.strip() or None)

# -- Evening ------------------------------------------------------------------------------------------


def _icons_text(w: int, r: int) -> str:
    bits = [_("Weather die +{n}").format(n=w) if w else "", _("Raid die +{n}").format(n=r) if r else ""]
    return ", ".join(b for b in bits if b) or _("no icons")


def _evening(t: Table, cat: GameCatalog, step: str | None) -> Step:
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
    if step == "night" and len(s["used"]) != len(cat.rules["dice_move"]["to"]):  # a count set by hand: asked before the dice move
        return Step(ph, _("The used boxes"), _("The used boxes hold {n} dice; the dice move takes three.").format(n=len(s["used"])),
                    Ask(_("Dice in the used boxes, box 1 first (faces, g after the grey one: 3,5g)"), "text", id="dc-used",
                        hint=_("three faces, g after the grey one: 3,5g,2")),
                    lambda a: DcSet.parse(t, cat, "used", a))
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
