"""Robinson Crusoe: where the game's own state lives, and the parsers shared by the CLI and the guide
(the plan's words and pawns are in plan.py, the changes typed at the table in changes.py).

Layout (besides the generic tracks/counters/flags of decks/robinson/):
  t.data["rc"]    rounds, first (index of the First Player's seat), friday, dog, arrange_card,
                  threat [left, right] (None or {"name", "pawns", "icon"}), items [{"name", "uses"}]
                  (uses None: a built Item), future_items, terrains, tiles {number: {...}}, camp,
                  plan [{what, arg, by, helper, pay, cost, done}], weather (schedule or None)
  t.data["flow"]  where the round stands: {"step": ..., and what that step needs}
"""

from __future__ import annotations

import re
import textwrap
from typing import Any, TypedDict

from ...bounds import digits_in
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError, did_you_mean
from ...i18n import N_, _, retranslate
from ...table import Table


class PlanEntry(TypedDict):
    """A planned action as rc(t)["plan"] holds it (plan.RcPlan.run appends it; done once resolved)."""

    what: str  # one of plan.PLAN_WORDS
    arg: str | None  # the Invention, the resource and its tile ('wood@3'), ...
    by: str  # the pawn's owner: a seat or a helper (friday)
    helper: str | None  # the second pawn's owner, if any
    reserve: dict[str, int]  # what it sets aside until it resolves
    own: bool  # a character's own Invention
    done: bool


HELPERS = ("friday", "dog", "extra")
EVENT_KINDS = ("adventure", "mystery", "book", "build", "gather", "explore")
# each planned action's name as the board prints it, in the planning menu's order (plan.PLAN_WORDS)
ACTION = {"threat-left": N_("Threat Action (left card)"), "threat-right": N_("Threat Action (right card)"),
          "hunt": N_("Hunting"), "shelter": N_("Shelter"), "roof": N_("Roof"), "palisade": N_("Palisade"),
          "weapon": N_("Weapon"), "item": N_("Invention into an Item"), "gather": N_("Gathering Resources"),
          "explore": N_("Exploration"), "arrange": N_("Arranging the Camp"), "rest": N_("Rest")}
RESOURCE = {"food": N_("food"), "wood": N_("wood"), "fur": N_("furs")}
# The catalog's names of the tracks, counters and dice (decks/robinson/), which the guided game shows
# through _() (what an action changed, what a dice question accepts, the board): marked here so that the
# translation catalog holds them (the Robinson catalog's other texts, from an English rulebook, are not).
CATALOG_NAMES = (
    N_('Round'),
    N_('Morale'),
    N_('Weapon level'),
    N_('Roof level'),
    N_('Palisade level'),
    N_('Food'),
    N_('Non-perishable food'),
    N_('Wood'),
    N_('Furs'),
    N_('Discovery tokens kept'),
    N_('Future food'),
    N_('Future wood'),
    N_('Future furs'),
    N_('Future discovery tokens'),
    N_('Food sources on the camp tile'),
    N_('Wood sources on the camp tile'),
    N_('Beast cards in the Hunting deck'),
    N_('Cards in the Event deck'),
    N_('Rain cloud tokens in the Weather space'),
    N_('Winter cloud tokens in the Weather space'),
    N_('Storm tokens in the Weather space'),
    N_('Additional pawns'),
    N_("Friday's wounds"),
    N_('Wounds'),
    N_('Determination'),
    N_('Rain weather die'),
    N_('Winter weather die'),
    N_('Hungry Animals weather die'),
    N_('Building success die'),
    N_('Building wound die'),
    N_('Building adventure die'),
    N_('Gathering success die'),
    N_('Gathering wound die'),
    N_('Gathering adventure die'),
    N_('Exploration success die'),
    N_('Exploration wound die'),
    N_('Exploration adventure die'),
)


# Sentences and names the state keeps in English (old logs replay to the same state); shown through
# shown() in the table's language.
UNNAMED_EVENT = N_("event (round {n})")
LOST_ROUNDS = N_("round {rnd} of {rounds} ended without the scenario goal")
GOAL_MET = N_("the scenario goal is met")
STARTING_ITEMS = (N_("Starting Item A"), N_("Starting Item B"))


def shown(text: str) -> str:
    """A name or sentence from the state as the table reads it (see UNNAMED_EVENT above)."""
    if text in STARTING_ITEMS or text == GOAL_MET:
        return _(text)
    return retranslate(text, (UNNAMED_EVENT, LOST_ROUNDS))


def over_reason(t: Table, cat: GameCatalog, over: dict) -> str:
    """Why the game ended, in the table's language (the state keeps the English words)."""
    dead = [s for s in t.data.get("dead") or [over.get("dead")] if s in t.seats]
    if dead:
        return _("{name} died").format(name=", ".join(who(t, cat, s) for s in dead))
    return shown(over.get("reason", ""))


def rc(t: Table) -> dict:
    return t.data["rc"]


def flow(t: Table) -> dict:
    return t.data["flow"]


def where(t: Table) -> str:
    """Where the round stands: phase/step."""
    return f"{t.data['flags']['phase']}/{flow(t).get('step')}"


# the action that each step of the round waits for (what a refusal names as the way on)
STEP_ACTION = {"event/draw": "rc-event", "event/effect": "rc-adjust", "event/threat": "rc-adjust",
               "morale/morale": "rc-morale", "production/produce": "rc-produce", "action/plan": "rc-plan",
               "action/resolve": "rc-resolve", "action/held": "rc-resolve", "action/tile": "rc-tile",
               "action/adventure": "rc-adjust", "weather/held": "rc-weather",
               "weather/dice": "rc-weather-dice", "weather/roll": "rc-weather", "night/eat": "rc-eat",
               "night/camp": "rc-camp", "night/heal": "rc-night-end", "night/end": "rc-night-end"}
STEP_FIELDS = {"rc-event": ("card",), "rc-adjust": ("changes",), "rc-plan": ("plan",), "rc-tile": ("tile",),
               "rc-camp": ("tile",)}


def step_next(t: Table) -> Next | None:
    """What the round waits for, as a refusal's way on (errors.Next)."""
    kind = STEP_ACTION.get(where(t))
    if kind is None:
        return None
    if kind == "rc-plan":
        return Next(kind, missing=STEP_FIELDS[kind], alt=(Next("rc-plan-done"),))
    return Next(kind, missing=STEP_FIELDS.get(kind, ()))


def expect(t: Table, *steps: str) -> None:
    """Refuse an action the round is not at; the refusal names what the round waits for."""
    if where(t) not in steps:
        raise RuleError(_("that is not where the round stands: now {now}").format(now=where(t)), next=step_next(t))


WIDTH = 78  # the guided game's lines fit an 80-column terminal
NBSP = "\u00a0"  # a space where fit() never breaks a line


def say(lines: list[str]) -> dict:
    """An action's result: what happened, its parts packed into lines that fit the terminal (a part never
    split across two lines unless it is longer than a line on its own)."""
    rows: list[str] = []
    for part in (x for x in lines if x):
        for piece in textwrap.wrap(part, WIDTH - 4, break_long_words=False, break_on_hyphens=False) or [part]:
            if rows and len(rows[-1]) + 2 + len(piece) <= WIDTH - 4 and piece == part:
                rows[-1] += "; " + piece
            else:
                rows.append(piece)
    return {"say": "\n    ".join(rows)}


def fit(text: str, lead: int = 0) -> str:
    """A text wrapped to the terminal's width: its first line starts `lead` columns in (after a title),
    each later line and paragraph ('\n') two columns in."""
    out: list[str] = []
    for i, para in enumerate(str(text).split("\n")):
        first = "x" * lead if i == 0 else "  "
        rows = textwrap.wrap(para, WIDTH, initial_indent=first, subsequent_indent="  ", break_long_words=False,
                             break_on_hyphens=False) or [first]
        if i == 0:
            rows[0] = rows[0][lead:]
        out += rows
    return "\n".join(out).replace(NBSP, " ")


def goto(t: Table, phase: str, step: str, **extra) -> None:
    t.data["flags"]["phase"] = phase
    t.data["flow"] = {"step": step, **extra}


FIRST_STEP = {"event": "draw", "morale": "morale", "production": "produce", "action": "plan", "weather": "dice",
              "night": "eat"}


def restart(t: Table, phase: str) -> None:
    """The round put at the start of a phase (a correction of the round or the phase): the first round has no
    Event phase, so its start is the Morale phase; the Action phase starts with an empty plan."""
    if phase not in FIRST_STEP or (phase == "event" and t.data["tracks"]["round"] == 1):
        phase = "event" if t.data["tracks"]["round"] > 1 else "morale"
    if phase == "action":
        rc(t)["plan"] = []
    goto(t, phase, FIRST_STEP[phase])


# the steps of each phase (STEP_ACTION above, and the phases' own goto)
PHASE_STEPS = {"event": ("draw", "effect", "threat"), "morale": ("morale",), "production": ("produce",),
               "action": ("plan", "resolve", "held", "tile", "adventure"),
               "weather": ("dice", "roll", "held"),
               "night": ("eat", "camp", "heal", "end")}


def follow_corrections(t: Table) -> None:
    """After any action: a phase set by a correction (set phase NAME) rather than by the round's own steps
    leaves a step of another phase behind; the round is then put at the start of the phase set, so the
    next step is worked out from the corrected table. (A round set alone keeps the phase the table is in.)"""
    phase = t.data["flags"]["phase"]
    if flow(t).get("step") not in PHASE_STEPS.get(phase, ()):
        restart(t, phase)


def first(t: Table) -> str:
    return t.seats[rc(t)["first"] % len(t.seats)]


def who(t: Table, cat: GameCatalog, seat: str) -> str:
    if seat in HELPERS:  # Friday and the dog in the table's language, as the board names them
        return _(cat.characters[seat].name) if seat in cat.characters else seat
    c = t.seat_values(seat).get("survivor")
    return cat.characters[c].name if c in cat.characters else seat


def life(t: Table, cat: GameCatalog, seat: str) -> int:
    return int(cat.characters[t.seat_values(seat)["survivor"]].get("life", 12))


def wound(t: Table, seat: str, n: int) -> None:
    if n > 0:
        t.seat_values(seat)["wounds"] += n


# A schema-3 row (its kind's upgrade sets legacy) replays as the code of its time did, so that a stored game's
# every node gives back its table (schema_v4.py): its deck count, one death marked, wounds past the track.
LEGACY = "legacy"


def mark_legacy(t: Table, legacy: bool) -> None:
    """Before a schema-3 row runs: game.settle reads (and takes away) the mark after this action."""
    if legacy:
        rc(t)[LEGACY] = True


def wound_each(t: Table, n: int) -> None:
    for s in t.seats:
        wound(t, s, n)


def heal(t: Table, seat: str, n: int = 1) -> int:
    if seat == "friday":
        c = t.data["counters"]
        healed = min(n, c["friday-wounds"])
        c["friday-wounds"] -= healed
        return healed
    vals = t.seat_values(seat)
    healed = min(n, vals["wounds"])
    vals["wounds"] -= healed
    return healed


def wound_pawn(t: Table, owner: str, n: int) -> None:
    """Wounds for whoever took an action: a player's character, or Friday (his own life track)."""
    if owner == "friday":
        if n > 0:
            t.data["counters"]["friday-wounds"] += n
    else:
        wound(t, owner, n)


def determination(t: Table, owner: str, n: int) -> bool:
    """Determination tokens to whoever took an action; Friday keeps none (castaway's reading: the tokens go
    to a player's own supply). Returns whether they were given."""
    if owner in HELPERS:
        return False
    t.seat_values(owner)["determination"] += n
    return True


def seat_of(t: Table, cat: GameCatalog, name: str) -> str:
    """A seat by colour, character id, or the player's name."""
    key = str(name).strip().lower()
    for seat in t.seats:
        if key and (t.seat_values(seat).get("player") or "").lower() == key:
            return seat
    try:
        return t.resolve_seat(cat, name)
    except UsageError:
        names = [n for s in t.seats if (n := t.seat_values(s).get("player"))]
        chars = [t.seat_values(s)["survivor"] for s in t.seats]
        raise UsageError(_("nobody called {name!r} at this table; accepted: {accepted}").format(
            name=name, accepted=", ".join(names + chars + list(t.seats)))) from None


def label(t: Table, cat: GameCatalog, p: PlanEntry) -> str:
    """A planned action as the table reads it: 'Gathering Resources: wood (tile 3) · Cook + Friday'."""
    what = p["what"]
    if what.startswith("threat"):
        card = rc(t)["threat"][0 if what == "threat-left" else 1]
        text = _("Threat Action: {card}").format(card=card["name"]) if card else _(ACTION[what])
    elif what == "item":
        text = _("Item: {name}").format(name=p.get("arg"))
    elif what == "gather":
        res, _sep, tile = str(p.get("arg") or "").partition("@")
        text = _(ACTION[what]) + ": " + _(RESOURCE.get(res, res)) + (" " + _("(tile {tile})").format(tile=tile) if tile else "")
    else:
        text = _(ACTION[what])
    helper = p.get("helper")
    pawns = who(t, cat, p["by"]) + (" + " + who(t, cat, helper) if helper else "")
    return f"{text} · {pawns}"

def weather_dice_for(t: Table) -> tuple[str, ...] | None:
    """The dice the scenario card shows for this round, from the schedule given at setup (None: ask)."""
    sched = rc(t).get("weather")
    if sched is None:
        return None
    rnd = t.data["tracks"]["round"]
    dice: tuple[str, ...] = ()
    for start, ds in sched:
        if start <= rnd:
            dice = tuple(ds)
    return dice


def parse_schedule(text: str) -> list[list] | None:
    """'4:rain 7:rain+winter 10:rain+winter+animals' → [[4, [rain]], ...]; '' or 'ask' → None."""
    raw = (text or "").strip().lower()
    if raw in ("", "-", "ask"):
        return None
    out = []
    for part in re.split(r"[\s;]+", raw):
        rnd, _colon, dice = part.partition(":")
        names = [d for d in re.split(r"[+,]", dice) if d and d != "none"]
        if not rnd.isdecimal() or any(d not in ("rain", "winter", "animals") for d in names):
            raise UsageError(_("weather schedule {text!r}: write ROUND:DICE from that round on, e.g. "
                               "'4:rain 7:rain+winter 10:rain+winter+animals' (dice: rain, winter, animals)")
                             .format(text=text))
        out.append([int(rnd), names])
    return sorted(out)


def parse_event(text: str) -> tuple[str, str | None, int | None]:
    """'book Heavy rain 2' / '3 Heavy rain 2' / 'adventure' → (kind, name, pawns)."""
    words = str(text).strip().split()
    if not words:
        raise UsageError(_("empty answer; {accepted}").format(accepted=_(EVENT_HELP)))
    k = words[0].lower()
    if digits_in(k, 1, len(EVENT_KINDS)):  # a number by its menu
        k = EVENT_KINDS[int(k) - 1]
    if k not in EVENT_KINDS:
        raise UsageError(_("card {text!r}: {word!r}; {accepted}").format(text=text, word=words[0], accepted=_(EVENT_HELP)))
    rest = words[1:]
    pawns = None
    if rest and rest[-1].isdecimal():
        pawns = int(rest[-1])
        rest = rest[:-1]
        if pawns not in (1, 2):
            raise UsageError(_("card {text!r}: a threat action takes 1 or 2 pawns, not {pawns}").format(text=text, pawns=pawns))
    return k, " ".join(rest) or None, pawns


EVENT_HELP = N_("accepted: 1 adventure, 2 mystery (card drawn from the Event deck), or an Event card by its icon: "
              "3 book, 4 build, 5 gather, 6 explore, then optionally its name and its threat action's pawns, "
              "e.g. '3 Heavy rain 2'")


def parse_tile(text: str) -> dict:
    """'5 plains food wood shelter beast mystery d2' → a tile's facts."""
    words = str(text).strip().lower().split()
    accepted = _("write the tile's number, its terrain, then what it shows: food, wood, shelter, beast, "
                 "mystery, and dN for N discovery tokens; e.g. '5 plains food beast d2'")
    if len(words) < 2 or not words[0].isdecimal():
        raise UsageError(_("tile {text!r}: {accepted}").format(text=text, accepted=accepted))
    tile: dict[str, Any] = {"tile": words[0], "terrain": words[1], "food": 0, "wood": 0, "shelter": False, "beast": False,
            "mystery": False, "discoveries": 0}
    for w in words[2:]:
        if w in ("food", "wood"):
            tile[w] += 1
        elif w in ("shelter", "beast", "mystery"):
            tile[w] = True
        elif re.fullmatch(r"d\d", w):
            tile["discoveries"] = int(w[1:])
        else:
            raise UsageError(_("tile {text!r}: {word!r} is not understood; {accepted}").format(text=text, word=w, accepted=accepted))
    return tile


def check_seats(t: Table, seats: list[str]) -> list[str]:
    """Seats as an action holds them: each one at this table, none twice."""
    out = []
    for s in seats:
        if s not in t.seats:
            raise UsageError(_("seat {seat!r} is not at this table; accepted: {seats}").format(seat=s, seats=", ".join(t.seats)))
        if s in out:
            raise UsageError(_("{name!r} is named twice").format(name=s))
        out.append(s)
    return out


TILE_KEYS: dict[str, type[Any]] = {"tile": str, "terrain": str, "food": int, "wood": int, "shelter": bool, "beast": bool, "mystery": bool,
             "discoveries": int}


def check_tile(tile) -> dict:
    """A tile as an action holds it (parse_tile's facts), refused when a fact is missing or of the wrong kind."""
    if not isinstance(tile, dict) or set(tile) - set(TILE_KEYS) or not {"tile", "terrain"} <= set(tile) or any(
            not isinstance(v, TILE_KEYS[k]) or (TILE_KEYS[k] is int and (isinstance(v, bool) or v < 0))
            for k, v in tile.items()) or not tile["tile"].isdecimal():
        raise UsageError(_("tile {tile!r}: a tile's number, terrain, and what it shows").format(tile=tile))
    return tile


def check_names(t: Table, cat: GameCatalog, names: list[str]) -> list[str]:
    out = []
    for n in names:
        s = seat_of(t, cat, n)
        if s in out:
            raise UsageError(_("{name!r} is named twice").format(name=n))
        out.append(s)
    return out


def characters_for(cat: GameCatalog, n: int) -> list[str]:
    """The characters a game of n players draws from (§ Setup: 2 players only Carpenter, Cook, Explorer)."""
    pool = [c.id for c in cat.characters.values() if c.role == "player"]
    if n == 2:
        pool = [c for c in pool if cat.characters[c].get("duo")]
    return sorted(pool)


def unknown_character(cat: GameCatalog, name: str) -> UsageError:
    return UsageError(_("character {name!r}; ").format(name=name) + did_you_mean(name, characters_for(cat, 4)))


def tile_words(tile: dict) -> str:
    """A tile as the table describes it: '5 plains food wood shelter beast d2'."""
    shows = ["food"] * int(tile.get("food", 0)) + ["wood"] * int(tile.get("wood", 0))
    shows += [k for k in ("shelter", "beast", "mystery") if tile.get(k)]
    shows += [f"d{tile['discoveries']}"] if tile.get("discoveries") else []
    return " ".join([str(tile["tile"]), str(tile["terrain"]), *shows])
