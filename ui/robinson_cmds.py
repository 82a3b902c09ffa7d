"""`castaway robinson ...`: Robinson Crusoe's procedures as single commands (the same actions the guided
`castaway play` records).
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from companion import session
from companion.games.robinson import game as robinson  # noqa: F401  (registers the rc-* actions)
from companion.games.robinson.action_phase import RcPlan, RcPlanDone, RcResolve, RcTile
from companion.games.robinson.event_deck import RcTileDraw, is_draw
from companion.games.robinson.guide import next_step
from companion.games.robinson.held_dice import RcDice, RcReroll
from companion.games.robinson.phases import RcAdjust, RcCamp, RcEat, RcEvent, RcGoal, RcMorale, RcNightEnd, RcPhase, RcProduce, RcUseItem, RcWeather, RcWeatherDice
from companion.games.robinson.state import over_reason
from companion.i18n import _
from ui import games
from ui.acting import act
from ui.common import CTX, NUMBERS, command, emit_json, out, store
from ui.text import esc

# How each action is typed, after the game's group (ui/nextwords.py words a refusal's Next with it): {field} is
# filled from what the refusal knows, FIELD is left for the table to give.
WORDS: dict[str, str] = {
    "rc-event": "event {card}",  # untranslated: command words
    "rc-adjust": "effects {changes}",  # untranslated: command words
    "rc-morale": "morale",  # untranslated: command words
    "rc-produce": "produce",  # untranslated: command words
    "rc-plan": "plan {plan}",  # untranslated: command words
    "rc-plans": "plan {plan}",  # untranslated: command words
    "rc-plan-done": "plan done",  # untranslated: command words
    "rc-resolve": "resolve",  # untranslated: command words
    "rc-tile": "tile {tile}",  # untranslated: command words
    "rc-dice": "dice",  # untranslated: command words
    "rc-reroll": "reroll DIE",  # untranslated: command words
    "rc-tile-draw": "tile draw",  # untranslated: command words
    "rc-weather-dice": "weather-dice",  # untranslated: command words
    "rc-weather": "weather",  # untranslated: command words
    "rc-eat": "eat",  # untranslated: command words
    "rc-camp": "camp {tile}",  # untranslated: command words
    "rc-night-end": "night-end",  # untranslated: command words
    "rc-goal": "goal",  # untranslated: command words
    "rc-use-item": "use-item {item}",  # untranslated: command words
    "rc-phase": "phase {phase}",  # untranslated: command words
    "rc-set": "set {field} VALUE",  # untranslated: command words
}


sub = games.group("robinson")


def over_why(table, cat, over: dict) -> str:
    """Why the game ended, for the game-over line (ui/acting.py)."""
    return over_reason(table, cat, over)


Words = Annotated[list[str], typer.Argument(help=_("Words, as the guided game takes them."))]


def _loaded(st):
    return session.load(st, session.current_id(st, CTX.game))


@command("next", app=sub)
def next_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False):
    """What happens next at the table.

    Example: castaway robinson next
    """
    with store() as st:
        loaded = _loaded(st)
    step = next_step(loaded.table, loaded.cat)
    if step is None:
        over = loaded.table.data.get("over") or {}
        return emit_json({"over": over}) if as_json else out.print(_("The game is over: {result}.").format(result=_(str(over.get('result')))), markup=False)
    data = {"phase": step.phase, "title": step.title, "say": step.say, "ask": step.ask.prompt, "kind": step.ask.kind,
            "dice": list(step.ask.dice), "where": loaded.table.data["flow"].get("step")}
    if as_json:
        return emit_json(data)
    out.print(f"[bold]{esc(step.phase)}[/] · {esc(step.title)}: {esc(step.say)}")


@command("event", app=sub)
def event_cmd(words: Words):
    """Record the card drawn from the Event deck: adventure, mystery, or an Event card by its icon (book,
    build, gather, explore) with its name and its threat action's pawns.

    Example: castaway robinson event book Heavy rain 2
    """
    act(lambda t, c: RcEvent.parse(" ".join(words)))


@command("effects", app=sub, context_settings=NUMBERS)
def effects_cmd(words: Words):
    """What a card changed ('wood -1, cook.wounds +1, roof half'); moves the round on where it waits for that.

    Example: castaway robinson effects storm-token +1
    """
    act(lambda t, c: RcAdjust.parse(t, c, " ".join(words)))


@command("morale", app=sub)
def morale_cmd(heal: Annotated[bool, typer.Option("--heal", help=_("At the highest morale: heal 1 wound instead of determination."))] = False):
    """Morale phase: the First Player gains or discards determination.

    Example: castaway robinson morale
    """
    act(lambda t, c: RcMorale.parse(t, c, heal))


@command("produce", app=sub)
def produce_cmd():
    """Production phase: the camp tile's sources give their resources.

    Example: castaway robinson produce
    """
    act(lambda t, c: RcProduce())


@command("plan", app=sub)
def plan_cmd(words: Words):
    """Plan one action with its pawn(s), or 'done' when every pawn is placed.

    Example: castaway robinson plan roof cook+cook fur
    """
    text = " ".join(words)
    act(lambda t, c: RcPlanDone() if text.strip().lower() == "done" else RcPlan.parse(t, c, text))


@command("resolve", app=sub)
def resolve_cmd(
    faces: Annotated[Optional[str], typer.Option("--faces", "-f", help=_("A single pawn's 3 action dice as rolled: success,wound,adventure (s,0,a). Left out: rolled virtually."))] = None,
    beast: Annotated[Optional[str], typer.Option("--beast", help=_("Hunting: the Beast card's strength, weapon loss, food, furs [palisade]."))] = None,
    choice: Annotated[Optional[str], typer.Option("--choice", help=_("Arranging the camp with 4 players: determination or morale."))] = None,
    changes: Annotated[Optional[str], typer.Option("--changes", help=_("A Threat Action: what it cost and gave, e.g. 'wood -1, cook.determination +2'."))] = None,
):
    """Resolve the next planned action (threat, hunting, building, gathering, exploration, camp, rest).

    Example: castaway robinson resolve --faces success,0,adventure
    """
    act(lambda t, c: RcResolve.parse(t, c, faces, beast, choice, changes))


@command("dice", app=sub)
def dice_cmd(faces: Annotated[Optional[str], typer.Option("--faces", "-f", help=_("The dice as they show: a single pawn's 3 action dice (s,0,a) or this round's weather dice (rr,w,beast). Left out: rolled virtually."))] = None):
    """The dice rolled now, held before they apply: then reroll, or resolve / weather to apply them.

    Example: castaway robinson dice --faces fail,wound,0
    """
    act(lambda t, c: RcDice.parse(t, c, faces))


@command("reroll", app=sub, context_settings=NUMBERS)
def reroll_cmd(words: Annotated[list[str], typer.Argument(help=_("The held die (success, wound, adventure, rain, ... or its number), its new face (left out: rolled virtually), and who spends how many determination, e.g. 'success s cook 2'."))]):
    """A held die rolled again, as a character's skill or the Reroll Success token allows (the price as the card says).

    Example: castaway robinson reroll success s cook 2
    """
    act(lambda t, c: RcReroll.parse(t, c, " ".join(words)))


@command("tile", app=sub)
def tile_cmd(words: Words):
    """The Island tile an exploration drew: number, terrain, then food, wood, shelter, beast, mystery, dN ('draw': castaway draws its number).

    Example: castaway robinson tile 5 plains food beast d2
    """
    text = " ".join(words)
    act(lambda t, c: RcTileDraw() if is_draw(text) else RcTile.parse(text))


@command("weather-dice", app=sub)
def weather_dice_cmd(dice: Annotated[Optional[list[str]], typer.Argument(help=_("rain, winter, animals; none for no dice."))] = None):
    """Which Weather dice the Scenario card shows for this round.

    Example: castaway robinson weather-dice rain winter
    """
    act(lambda t, c: RcWeatherDice.parse(dice))


@command("weather", app=sub)
def weather_cmd(faces: Annotated[Optional[str], typer.Option("--faces", "-f", help=_("The weather dice as rolled, in the order rain, winter, animals: rr,w,beast. Left out: rolled virtually."))] = None,
                fighter: Annotated[Optional[str], typer.Option("--fighter", help=_("Who fights the Hungry Animals' beast (a colour, character or name; left out: the First Player)."))] = None):
    """Weather phase: the dice and the tokens in the Weather space, the storm last.

    Example: castaway robinson weather --faces rr,w,beast --fighter cook
    """
    act(lambda t, c: RcWeather.parse(t, c, faces, fighter))


@command("eat", app=sub)
def eat_cmd(hungry: Annotated[Optional[list[str]], typer.Option("--hungry", help=_("Who goes without food when there is not enough (repeat)."))] = None):
    """Night: one food per player; who cannot eat takes 2 wounds.

    Example: castaway robinson eat --hungry cook
    """
    act(lambda t, c: RcEat.parse(t, c, hungry))


@command("camp", app=sub)
def camp_cmd(words: Annotated[Optional[list[str]], typer.Argument(help=_("Leave out to stay; a tile number, or a new tile '5 plains food wood shelter'."))] = None):
    """Night: the camp stays or moves to an adjacent tile (a built Roof and Palisade lose half).

    Example: castaway robinson camp 5
    """
    act(lambda t, c: RcCamp.parse(" ".join(words or [])))


@command("night-end", app=sub)
def night_end_cmd():
    """Night: open-air wounds, food rots, and the next round begins (or the last one ends the game).

    Example: castaway robinson night-end
    """
    act(lambda t, c: RcNightEnd())


@command("goal", app=sub)
def goal_cmd():
    """The Scenario's goal is met: the game is won.

    Example: castaway robinson goal
    """
    act(lambda t, c: RcGoal())


@command("use-item", app=sub)
def use_item_cmd(name: Annotated[str, typer.Argument(help=_("The Starting Item's name (its first letters are enough)."))]):
    """Use a Starting Item (each works twice).

    Example: castaway robinson use-item hammer
    """
    act(lambda t, c: RcUseItem.parse(t, c, name))


@command("phase", app=sub)
def phase_cmd(phase: Annotated[str, typer.Argument(help=_("event, morale, production, action, weather or night."))]):
    """A correction: put the round at the start of a phase.

    Example: castaway robinson phase weather
    """
    act(lambda t, c: RcPhase.parse(phase))


@command("set", app=sub, context_settings=NUMBERS)
def set_cmd(
    field: Annotated[str, typer.Argument(help=_("round (put at its start), threat-left, threat-right, tiles, camp, first, items, rounds, or any "
                                                "field `castaway set` takes (round, phase, morale, wood, blue.wounds, ...)."))],
    value: Annotated[str, typer.Argument(help=_("What the table shows, e.g. 'book Heavy rain 2', '3 beach food; 5 plains "
                                                "food beast', 'Hammer 1, Bible 2'; '-' for an empty threat field."))],
):
    """Correct anything to what the table shows, at any time (a game joined in progress).

    Example: castaway robinson set threat-left "book Heavy rain 2"
    """
    from companion.actions import SetValue
    from companion.errors import UsageError
    from companion.games.robinson.correct import FIELDS, RcSet, fields_accepted

    f = field.strip().lower()

    def make(t, cat):
        if f in FIELDS:
            return RcSet.parse(t, cat, f, value)
        try:
            return SetValue.parse(t, cat, field, value)
        except UsageError as e:
            raise UsageError(_("{error}; or one of Robinson Crusoe's own fields: {fields}").format(
                error=e, fields=fields_accepted())) from None

    act(make)
