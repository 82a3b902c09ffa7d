"""`castaway dieson ...`: Dieson Crusoe's procedures as single commands (the same actions the guided
`castaway play` records).
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from companion import session
from companion.games.dieson import game as dieson  # noqa: F401  (registers the dc-* actions)
from companion.games.dieson import rules as R
from companion.games.dieson.afternoon import DcBoost, DcHelp, DcLeather, DcPick, DcShift, DcSwap
from companion.games.dieson.day import DcDusk, DcEat, DcEvent, DcKeep, DcNight, DcReroll, DcRoll
from companion.games.dieson.do import DcDo
from companion.games.dieson.flow import next_step
from companion.i18n import _
from ui import games
from ui.acting import act
from ui.common import CTX, NUMBERS, command, emit_json, out, store
from ui.text import esc

# How each action is typed, after the game's group (ui/nextwords.py words a refusal's Next with it): {field} is
# filled from what the refusal knows, FIELD is left for the table to give.
WORDS: dict[str, str] = {
    "dc-roll": "roll", "dc-reroll": "reroll {positions}", "dc-keep": "keep", "dc-event": "event",  # untranslated: command words
    "dc-pick": "pick {die}", "dc-shift": "shift {steps}", "dc-boost": "boost {n}", "dc-do": "do {what}",  # untranslated: command words
    "dc-help": "help {help} {what}", "dc-leather": "leather {n}", "dc-swap": "swap {die}",  # untranslated: command words
    "dc-dusk": "dusk", "dc-eat": "eat --pay {pay}", "dc-night": "night",  # untranslated: command words
    "dc-set": "set {field} VALUE",  # untranslated: command words
}


sub = games.group("dieson")


@command("next", app=sub)
def next_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False):
    """What happens next at the table, and the command for it.

    Example: castaway dieson next
    """
    with store() as st:
        loaded = session.load(st, session.current_id(st, CTX.game))
    step = next_step(loaded.table, loaded.cat)
    if step is None:
        data = {"over": loaded.table.data.get("over")}
        return emit_json(data) if as_json else out.print(_("The game is over: {result}.").format(result=data["over"]["result"]), markup=False)
    from companion.games.dieson.day import expected
    from ui.nextwords import words

    nxt = expected(loaded.table)
    data = {"phase": step.phase, "title": step.title, "say": step.say, "ask": step.ask.prompt,
            "choices": [v for v, _l in step.ask.choices], "command": words(nxt) if nxt else None}
    if as_json:
        return emit_json(data)
    out.print(f"[bold]{esc(step.phase)} · {esc(step.title)}[/]: {esc(step.say)}")
    for v, label in step.ask.choices:
        out.print(f"  [dim]{esc(v)}[/] {esc(label)}")
    if nxt:
        out.print(_("[dim]command:[/] {command}").format(command=esc(words(nxt))))


@command("roll", app=sub)
def roll_cmd(faces: Annotated[Optional[str], typer.Option("--faces", "-f", help=_("Your dice in hand order (yellow,yellow,grey): 2,4,4."))] = None):
    """Morning: roll the three action dice (virtually, or the faces you rolled).

    Example: castaway dieson roll --faces 2,4,4
    """
    act(lambda t, cat: DcRoll.parse(t, cat, faces))


@command("reroll", app=sub)
def reroll_cmd(
    positions: Annotated[str, typer.Argument(help=_("Which unused dice, 1 = leftmost: 1,3."))],
    faces: Annotated[Optional[str], typer.Option("--faces", "-f", help=_("The new faces you rolled."))] = None,
):
    """Morning: pay 1 stone to reroll one, two or three dice.

    Example: castaway dieson reroll 1,3 --faces 5,2
    """
    act(lambda t, cat: DcReroll.parse(t, cat, positions, faces))


@command("keep", app=sub)
def keep_cmd():
    """Morning: no more rerolls.

    Example: castaway dieson keep
    """
    act(DcKeep())


@command("event", app=sub)
def event_cmd(take: Annotated[Optional[str], typer.Option("--take", help=_("On the wood/stone space: wood or stone."))] = None):
    """Morning: move the event disc by the smallest unused die and apply the event.

    Example: castaway dieson event --take stone
    """
    act(lambda t, cat: DcEvent.parse(t, cat, take))


@command("pick", app=sub)
def pick_cmd(
    die: Annotated[int, typer.Argument(help=_("The unused die, 1 = leftmost."))],
    back: Annotated[bool, typer.Option("--back", "--ccw", help=_("Counter-clockwise (a 1 or the grey die)."))] = False,
):
    """Afternoon: use an unused die; the meeple moves that many boxes.

    Example: castaway dieson pick 3 --back
    """
    act(DcPick(die, "ccw" if back else "cw"))


@command("shift", app=sub, context_settings=NUMBERS)
def shift_cmd(
    steps: Annotated[int, typer.Argument(help=_("+N or -N boxes."))],
    pay: Annotated[str, typer.Option(help=_("wood or health, one per box."))] = "wood",
):
    """Afternoon: move the meeple to adjacent boxes, 1 wood (or 1 health) each.

    Example: castaway dieson shift -1 --pay wood
    """
    act(lambda t, cat: DcShift.parse(t, cat, steps, pay))


@command("boost", app=sub)
def boost_cmd(
    n: Annotated[int, typer.Argument(help=_("How much higher the die counts for stars."))] = 1,
    pay: Annotated[str, typer.Option(help=_("food or health, one per step."))] = "food",
):
    """Afternoon: raise the die in hand for stars, 1 food (or 1 health) a step.

    Example: castaway dieson boost 1 --pay food
    """
    act(lambda t, cat: DcBoost.parse(t, cat, n, pay))


@command("do", app=sub)
def do_cmd(
    what: Annotated[str, typer.Argument(help=_("action, craft, friend, or idle (a die that can do none of them)."))] = "action",
    tool: Annotated[Optional[str], typer.Option(help=_("craft: the tool, e.g. rope."))] = None,
    take: Annotated[Optional[str], typer.Option(help=_("2. Get one resource: food, wood or stone."))] = None,
    box: Annotated[Optional[str], typer.Option(help=_("With the friend's die help: any box (move, hunt, woods, ...)."))] = None,
    need: Annotated[Optional[int], typer.Option(help=_("1. Move: the stars drawn on the dotted line."))] = None,
    line: Annotated[str, typer.Option(help=_("1. Move: plain, food (the line asks 1 food) or escape."))] = "plain",
    gain: Annotated[Optional[str], typer.Option(help=_("1. Move: the resource drawn at the new place."))] = None,
    place: Annotated[Optional[str], typer.Option(help=_("1. Move: mountain-top, watch-dog, raft, or another name."))] = None,
    area: Annotated[Optional[str], typer.Option(help=_("1. Move: the new area's card if you enter one."))] = None,
):
    """Afternoon: with the die in hand, do the box's action, craft a tool or play with the friend.

    Example: castaway dieson do action --need 2 --gain wood --area deer
    """
    act(lambda t, cat: DcDo.parse(t, cat, what, take=take, tool=tool, box=box, need=need, line=line, gain=gain, place=place, area=area))


@command("help", app=sub)
def help_cmd(
    kind: Annotated[Optional[str], typer.Argument(help=_("die, resource or stars (the arrow's icon); none: the arrow at the Friend disc's space, where the card's arrows are known."))] = None,
    what: Annotated[Optional[str], typer.Argument(help=_("die: lightning/weather/raid; resource: food, wood, ..."))] = None,
    amount: Annotated[Optional[int], typer.Option(help=_("The arrow's number (resource or stars)."))] = None,
):
    """My Friend's help: the disc goes back to its start for the benefit on its arrow.

    Example: castaway dieson help die weather
    """
    act(lambda t, cat: DcHelp.parse(t, cat, kind, what, amount))


@command("leather", app=sub)
def leather_cmd(n: Annotated[int, typer.Argument(help=_("How many leather."))] = 1):
    """Any time: 1 leather moves the Friend disc on one space.

    Example: castaway dieson leather 1
    """
    act(DcLeather(n))


@command("swap", app=sub)
def swap_cmd(die: Annotated[int, typer.Argument(help=_("The unused die to swap, 1 = leftmost."))]):
    """Afternoon, with the Blueprint: swap its die for an unused die.

    Example: castaway dieson swap 1
    """
    act(DcSwap(die))


@command("dusk", app=sub)
def dusk_cmd(
    trap: Annotated[bool, typer.Option("--trap", help=_("Use the Trap (Lightning 3 or 5, 1 food)."))] = False,
    dog: Annotated[bool, typer.Option("--dog", help=_("Use the Watch Dog (Raid 5 or 6, 1 food)."))] = False,
):
    """Evening: the start-of-evening tools (the Flag acts by itself).

    Example: castaway dieson dusk --trap
    """
    act(DcDusk(trap, dog))


@command("eat", app=sub)
def eat_cmd(pay: Annotated[Optional[str], typer.Option(help=_("food or health (left out: food while you have any, else health)."))] = None):
    """Evening: eat 1 food, or lose 1 health (with no food left, health is what you pay).

    Example: castaway dieson eat --pay food
    """
    act(lambda t, cat: DcEat.parse(t, cat, pay))


@command("night", app=sub)
def night_cmd(icons: Annotated[Optional[str], typer.Option(help=_("Icons on the new date space: 'weather+1 raid+2' or none (default: the data file's)."))] = None):
    """Evening: weather and raid penalties, the dice move, and the date moves on.

    Example: castaway dieson night --icons "weather+1"
    """
    act(lambda t, cat: DcNight.parse(t, cat, icons))


@command("set", app=sub)
def set_cmd(
    field: Annotated[str, typer.Argument(help=_("tools, dice, used, lightning, weather, raid, health, hearts or day (the date and that day's start; the other tracks, counters and flags: castaway set)."))],
    value: Annotated[str, typer.Argument(help=_("What the table shows: tools comma apart (rope,basket), dice faces with g after the grey one (3,5g), or none."))],
):
    """A correction: the tools made, the unused dice, the used boxes, an icon box's die, health or the maximum health as the table shows them.

    Example: castaway dieson set tools rope,basket
    """
    from companion.games.dieson.correct import DcSet

    act(lambda t, cat: DcSet.parse(t, cat, field, value))


@command("tables", app=sub, table=False)
def tables_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False):
    """The board's tables castaway uses (star table, event track, action boxes, tools' costs), and which are assumed.

    Example: castaway dieson tables
    """
    from companion import catalog

    cat = catalog.load("dieson")
    tools = [{"id": c.id, "name": c.name, "stars": c.get("stars"), "cost": c.get("cost"), "rope": bool(c.get("needs_rope")),
              "location": c.get("location"), "assumed": bool(c.assumed)} for c in cat.deck("tools").cards]
    data = {"stars": cat.rules["stars"]["table"], "events": R.event_spaces(cat), "boxes": R.boxes(cat),
            "dice_move": cat.rules["dice_move"]["to"], "tools": tools}
    if as_json:
        return emit_json(data)
    out.print(_("[bold]Stars[/] {stars}  [dim](assumed)[/]").format(
        stars="  ".join(f"{v}:{s}★" for v, s in enumerate(data["stars"], 1))))
    out.print(_("[bold]Event track[/] {spaces}").format(
        spaces=" → ".join(f"{i}:{_(R.EVENT_NAMES[e])}" for i, e in enumerate(data["events"], 1))))
    out.print(_("[bold]Action boxes[/] {boxes}").format(boxes=" → ".join(_(R.BOX_NAMES[b]) for b in data["boxes"])))
    out.print(_("[bold]Used dice go to[/] {moves}").format(moves=", ".join(f"{i}→{x}" for i, x in enumerate(data["dice_move"], 1))))
    for tl in tools:
        cost = ", ".join(f"{n} {k}" for k, n in (tl["cost"] or {}).items())
        extra = (" + rope" if tl["rope"] else "") + (_(" at {place}").format(place=tl["location"]) if tl["location"] else "")
        out.print(f"  {tl['name']:<12} {tl['stars']}★ {cost}{extra}" + (_("  [dim](assumed)[/]") if tl["assumed"] else ""))
