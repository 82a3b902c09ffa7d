"""What the display shows beside the board, read from the same state and next-step logic as the terminal:
the guided game's current step (phase, title, what to do, the question and its choices), the odds shown
before a risky roll, and the last roll. Plain data; page.py turns it into HTML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.catalog import GameCatalog
from companion.errors import CompanionError
from companion.games import registry
from companion.guide import Ask, Step
from companion.i18n import N_, _
from companion.table import Table
from ui import odds_budget

# colour names of the catalogs' dice -> CSS colours for the faces drawn on the page
DIE_COLOURS = {"red": "#d32f2f", "yellow": "#f9c80e", "blue": "#1e63c6", "green": "#2e8b3d", "white": "#f4f4f4",
               "grey": "#8a8f96", "black": "#222", "orange": "#ef7d22", "purple": "#7b3fa0", "brown": "#8d5a2b"}


@dataclass
class DieChoice:
    """One die of a dice question: its printed name, colour and the faces of each of its parts."""

    name: str
    colour: str | None
    parts: list[tuple[str, list[str]]]  # (part name, faces as typed)


@dataclass
class Now:
    """The guided game's current step, as the page shows it."""

    phase: str
    title: str
    say: str
    kind: str
    prompt: str
    choices: list[tuple[str, str]] = field(default_factory=list)  # (value, label)
    keys: list[str] = field(default_factory=list)  # each choice's number, as the terminal shows it
    chart: bool = False  # the numbers are the game's own (a chart, a board): list them all, however many
    multiple: bool = False
    default: Any = None
    lo: int | None = None
    hi: int | None = None
    dice: list[DieChoice] = field(default_factory=list)
    odds: list[str] = field(default_factory=list)
    odds_pending: bool = False  # the odds shown are a lower bound while the exact search runs (day 21)
    button: str = ""  # a question with nothing to answer: the pad's button ("Go on")
    offers: list[tuple[str, str, str]] = field(default_factory=list)  # (group, value, label): buttons for a typed answer


@dataclass
class Shown:
    """A rolled die for the page: its printed name, colour and the face(s) as digits or words."""

    name: str
    colour: str | None
    face: str


def step_of(table: Table, cat: GameCatalog) -> Step | None:
    """The guided game's next step (None: the game is over, or the game has no guided mode). Where the rules
    ask for a correction before any question (a value set by hand that leaves no next step), the step says
    so and which command makes it: the board keeps showing the table meanwhile."""
    game = registry.get(cat.id)
    if not game.guided:
        return None
    try:
        return game.next_step(table, cat)
    except CompanionError as e:
        return correction_first(e)


def correction_first(e: CompanionError) -> Step:
    """The step shown while the table needs a correction: the refusal, and the command that resolves it;
    answering it (a pad's button) is refused with the same words."""
    from ui.nextwords import words

    nxt = getattr(e, "next", None)
    how = _("At the terminal: {command}").format(command=words(nxt)) if nxt else _("Correct it at the terminal with castaway set")

    def make(_answer):
        raise e
    return Step(_("A correction first"), _("The table needs a correction"), f"{e}\n{how}",
                Ask(N_("Waiting for the correction"), "none", id=CORRECTION), make)


CORRECTION = "correction-first"  # the Ask id of that step: the pad shows it with nothing to press (kind "wait")


def seat_of(step: Step, table: Table) -> str | None:
    """The seat a step is addressed to: its own seat, else the seat of the task it answers; None (or a
    seat the table does not have) is the whole table's."""
    seat = step.seat or (step.task or {}).get("seat")
    return seat if isinstance(seat, str) and seat in table.seats else None


def guided(cat: GameCatalog) -> bool:
    return registry.get(cat.id).guided


def now(table: Table, cat: GameCatalog, with_odds: bool = True) -> Now | None:
    step = step_of(table, cat)
    if step is None:
        return None
    ask: Ask = step.ask
    n = Now(phase=step.phase, title=step.title, say=step.say, kind=ask.kind, prompt=_(ask.prompt),
            choices=[(str(v), str(label)) for _k, v, label in ask.numbered()], keys=[k for k, _v, _l in ask.numbered()],
            chart=bool(ask.keys), multiple=ask.multiple,
            default=ask.default, lo=ask.lo, hi=ask.hi, offers=[(str(g), str(v), str(label)) for g, v, label in ask.offers])
    if ask.kind == "none":
        n.prompt, n.button = go_on(ask.prompt)
    if ask.id == CORRECTION:  # nothing a pad can answer: the terminal corrects the table
        n.kind, n.prompt, n.button = "wait", _(ask.prompt), ""
    if ask.kind == "dice":
        n.dice = dice_of(cat, ask)
    if with_odds and step.background is not None:  # day 21's exact search started as soon as its table is known
        odds_budget.start(step.background)
    if with_odds and step.odds is not None:
        try:
            if getattr(step.odds, "quick", None) is not None:  # day 21: its lower bound until the search is done
                pending: list = []
                n.odds = [str(line) for line in odds_budget.odds_within(step.odds, pending=pending)]
                n.odds_pending = bool(pending)
            else:
                n.odds = [str(line) for line in step.odds()]
        except CompanionError as e:  # odds that cannot be worked out here say why, they never stop the page
            n.odds = [str(e)]
    return n


# what "Enter to ..." (a question with nothing to answer) does, said for a screen and a button
GO_ON = {"go on": N_("Go on"), "apply the event": N_("Apply the event"), "sail": N_("Sail")}


def go_on(prompt: str) -> tuple[str, str]:
    """A keyboard prompt "Enter to go on" as the board says it and as the pad's button says it: the keys
    are the terminal's; a screen names what happens next and a pad has a button for it."""
    if not prompt.startswith("Enter to "):
        return _(prompt), _(GO_ON["go on"])
    button = _(GO_ON.get(prompt[len("Enter to "):].strip(), GO_ON["go on"]))
    return _("When the table is ready: {action}").format(action=button[:1].lower() + button[1:]), button


def dice_of(cat: GameCatalog, ask: Ask) -> list[DieChoice]:
    """A dice question's dice, each named by the question where it names them (a swim roll's challenge)."""
    dice = dice_choices(cat, ask.dice)
    if len(ask.names) == len(dice):
        for d, name in zip(dice, ask.names):
            d.name = str(name)
    return dice


def dice_choices(cat: GameCatalog, expr: tuple[str, ...]) -> list[DieChoice]:
    """The dice a question asks for, one entry per physical die (empty if the expression is not one
    the pad can offer faces for: the pad then offers typing)."""
    from companion import dice

    try:
        parsed = dice.parse(cat, list(expr))
    except CompanionError:
        return []
    return [DieChoice(_(d.name), d.colour, [(p.name, [str(f) for f in p.faces]) for p in d.parts]) for d in parsed]


def last_roll(table: Table, cat: GameCatalog) -> tuple[str, list[Shown]] | None:
    """The last roll recorded: a heading (the dice rolled) and each die with its face."""
    last = table.data.get("last") or {}
    if "roll" not in last:
        return None
    from companion import dice

    faces = [str(f) for f in last.get("faces") or []]
    read = getattr(_board(cat), "roll_shown", None)
    if read is not None:  # a game whose stored faces are its own shorthand reads them itself
        got = read(last, cat)
        if got is not None:
            return _(got[0]), [Shown(_(name), col, face) for name, col, face in got[1]]
    try:
        parsed = dice.parse(cat, str(last["roll"]).split())
    except CompanionError:
        parsed = []
    if parsed and len(parsed) == len(faces):
        shown = [Shown(_(d.name), d.colour, _(d.label(f))) for d, f in zip(parsed, faces)]
        return ", ".join(dict.fromkeys(s.name for s in shown)), shown
    return _(str(last["roll"])), [Shown("", None, f) for f in faces]  # a roll stored by its English name


def rolled(ev, cat: GameCatalog) -> tuple[str, list[Shown], str] | None:
    """The dice an event of the log took (its result's rolls, companion/rolls.py): a heading naming the
    dice, each die part with its face, and when it was rolled (the day or round, and the log's line)."""
    records = [r for r in ((ev.result or {}).get("rolls") or []) if isinstance(r, dict)] if ev is not None else []
    if not records:
        return None
    shown = []
    for r in records:
        die = cat.dice.get(str(r.get("die")))
        name = _(die.name) if die is not None else str(r.get("die"))
        if r.get("part") and die is not None and die.compound:
            name = f"{name} · {_(str(r['part']))}"
        face = die.label(r.get("face")) if die is not None else str(r.get("face"))
        shown.append(Shown(name, die.colour if die is not None else None, _(face)))
    heading = ", ".join(dict.fromkeys(s.name.split(" · ")[0] for s in shown))
    return heading, shown, when(ev, cat)


def when(ev, cat: GameCatalog) -> str:
    """An event's moment as the board says it: "day 20 · flares: roll" (the game's day or round track)."""
    from companion.eventtext import event_text

    what = event_text(ev, cat=cat).strip()
    if ev.day is None:
        return what
    track = "day" if "day" in cat.tracks else "round" if "round" in cat.tracks else None
    label = _(cat.tracks[track].name) if track else _("Day")
    return f"{label} {ev.day} · {what}" if what else f"{label} {ev.day}"


def _board(cat: GameCatalog):
    from .boards import board_for

    try:
        return board_for(cat.id)
    except CompanionError:
        return None


def die_colour(name: str | None) -> str | None:
    return DIE_COLOURS.get((name or "").lower())
