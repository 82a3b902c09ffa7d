"""Robinson Crusoe: the phases' procedures as registered actions (kinds 'rc-...').

Each checks that the round stands where it applies (t.data["flow"]), changes the table copy it is
given, moves the flow on, and returns {"say": ...} with what happened. The guided game and the
single commands (ui/robinson_cmds.py) record these same actions. The action phase lives in
action_phase.py.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...colours import words
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _, ngettext
from ...lognames import word as shown_word
from ...table import Table
from ...valuetype import frozen
from . import rules as R
from . import state as S
from .changes import apply_changes, changes_words, parse_changes, upgrade_changes
from .event_deck import is_draw, take, virtual_kind
from .state import EVENT_KINDS, check_seats, check_tile, expect, first, flow, goto, heal, parse_event, parse_tile, rc, say, tile_words, where, who, wound, wound_each
from .weather import WEATHER_DIE, RcWeather, RcWeatherDice, weather_dice  # noqa: F401 (the Weather phase: weather.py)

SAY = {  # translated where they are said
    "no_first_event": N_("the first round has no Event phase"),
    "uncounted": N_("castaway had not counted this card in the Event deck (a card shuffled in: the card effect "
                    "'event-adventure +1' or 'event-mystery +1' counts one); the deck's count stays at {n}"),
    "drawn_for_us": N_("castaway drew for the table: {card}; take a card of that kind"),
    "pushed": N_("{name} is pushed off the Threat Action field: resolve its Threat effect (read the card), then "
                 "discard it."),
    "wreck_gone": N_("{name} (a Wreckage card) leaves the Threat Action field with no Threat effect."),
}
ICON = {"build": N_("building"), "gather": N_("gathering"), "explore": N_("exploration")}
# the cards and dice as the guided game names them (and the log's shown line: the stored line keeps the ids)
EVENT = {"adventure": N_("Adventure card"), "mystery": N_("Mystery card"), "book": N_("Event card, Book icon"),
         "build": N_("Event card, Building icon"), "gather": N_("Event card, Gathering icon"),
         "explore": N_("Event card, Exploration icon")}


# -- Event phase -------------------------------------------------------------------------------------


@register
@frozen
class RcEvent(Action):
    """§ I. Event phase: a card drawn from the Event deck; an Event card by its icon, with its name and
    the pawns its Threat Action needs (Adventure and Mystery cards: resolve, then draw again)."""

    kind: ClassVar[str] = "rc-event"
    card: str
    name: str | None = None
    pawns: int | None = None
    legacy: bool = False  # a schema-3 row, replayed as then (state.LEGACY)

    def text(self) -> str:
        card = shown_word(self.card, EVENT)
        named = card != self.card and self.name  # shown: the card's kind in words, then a colon before its name
        bits = [_("event deck: {card}").format(card=card + (":" if named else ""))] + ([_(self.name)] if self.name else [])
        bits += [_("({pawns} pawn)").format(pawns=self.pawns)] if self.pawns else []
        return " ".join(bits)

    @classmethod
    def parse(cls, text: str) -> "RcEvent":
        """An Event deck card as typed: 'book Heavy rain 2' (see state.parse_event); 'draw for us': castaway
        draws (card 'draw')."""
        if is_draw(text):
            return cls("draw")
        return cls(*parse_event(text))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        # schema 3's run read its fields again as one line of words: the same reading here
        new = cls.parse(" ".join(str(x) for x in (stored["card"], stored.get("name") or "", stored.get("pawns") or "")))
        return replace(new, legacy=True).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "event/draw")
        kind, name, pawns = self.card, self.name, self.pawns
        drawn = []
        if kind == "draw" and name is None and pawns is None:  # the table asked castaway to draw
            kind = virtual_kind(t, float(cat.rules.get("virtual_event_deck", {}).get("book_share", 0.5)))
            drawn = [_(SAY["drawn_for_us"]).format(card=_(EVENT[kind]))]
        if kind not in EVENT_KINDS:
            raise UsageError(_("card {card!r}: accepted: {kinds}").format(card=kind, kinds=", ".join(EVENT_KINDS)))
        if pawns not in (None, 1, 2) or (name is not None and not isinstance(name, str)):
            raise UsageError(_("card {card!r}: a threat action takes 1 or 2 pawns, not {pawns}").format(card=kind, pawns=pawns))
        # the physical deck is the truth: a card castaway had not counted in it was there all the same (an
        # Adventure or Mystery card shuffled in uncounted): the count stays (event_deck.take)
        if self.legacy:  # every card drawn, counted in or not, left the count
            t.data["counters"]["event-deck"] = max(0, t.data["counters"]["event-deck"] - 1)
            uncounted = []
        else:
            uncounted = [] if take(t, kind) else [_(SAY["uncounted"]).format(n=t.data["counters"]["event-deck"])]
        uncounted = drawn + uncounted
        if kind in ("adventure", "mystery"):
            flow(t).update(step="effect", card={"kind": kind, "name": name})
            what = _("Adventure card") if kind == "adventure" else _("Mystery card")
            return say([_("{what}: resolve its Event effect (tell castaway what changed), then draw again")
                        .format(what=what), *uncounted])
        card: dict[str, Any] = {"name": name or S.UNNAMED_EVENT.format(n=t.data['tracks']['round']), "pawns": pawns or 1, "icon": kind}
        flow(t).update(step="effect", card=card)
        if kind == "book":
            hint = _("book icon: see what it means on the Scenario card")
        else:
            hint = _("{icon} icon: put the matching token on its Action field").format(icon=_(ICON[kind]))
        return say([_("Event card {name!r}: {hint}; resolve its Event effect").format(name=S.shown(card["name"]), hint=hint),
                    *uncounted])


@register
@frozen
class RcAdjust(Action):
    """What a card did to the table, typed in ('wood -1, cook.wounds +1, roof half'). At a point where
    the round waits for card effects it also moves the round on."""

    kind: ClassVar[str] = "rc-adjust"
    changes: tuple[tuple, ...] = ()  # typed changes: (target, op, value), see changes.parse_changes
    legacy: bool = False  # a schema-3 row, replayed as then (state.LEGACY)

    def text(self) -> str:
        return _("card effects: {changes}").format(changes=changes_words(self.changes))

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, text: str | None) -> "RcAdjust":
        """A card's changes as typed ('wood -1, cook.wounds +1, roof half'), read against the table."""
        return cls(parse_changes(t, cat, text))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return {"kind": cls.kind, "changes": upgrade_changes(t, cat, stored.get("changes", "-")), "legacy": True}

    def run(self, t: Table, cat: GameCatalog):
        S.mark_legacy(t, self.legacy)
        step = where(t)
        lines = apply_changes(t, cat, self.changes, to_future=t.data["flags"]["phase"] == "action")
        if step == "event/effect":
            lines += _after_effect(t)
        elif step == "event/threat":
            goto(t, "morale", "morale")
        elif step == "action/adventure":
            from .action_phase import continue_actions

            lines += continue_actions(t, cat, step)
        elif step == "night/heal":
            goto(t, "night", "end")
        return say(lines or [_("nothing changed")])


def _after_effect(t: Table) -> list[str]:
    """After an Event card's effect it takes the rightmost threat space; cards slide left."""
    card = flow(t)["card"]
    if "kind" in card:  # an Adventure or Mystery card: back to the Event deck for the next card
        flow(t).update(step="draw", card=None)
        return []
    threat = rc(t)["threat"]
    pushed = threat[0]
    threat[0], threat[1] = threat[1], card
    lines = [_("{name} goes to the right of the Threat Action field").format(name=S.shown(card["name"]))]
    if pushed and pushed.get("icon") != "wreckage":
        goto(t, "event", "threat", card=pushed)
        lines.append(_(SAY["pushed"]).format(name=S.shown(pushed["name"])))
    else:
        if pushed:
            lines.append(_(SAY["wreck_gone"]).format(name=S.shown(pushed["name"])))
        goto(t, "morale", "morale")
    return lines


# -- Morale and Production -------------------------------------------------------------------------


@register
@frozen
class RcMorale(Action):
    """§ II. Morale phase: the First Player gains or discards determination by the morale level; at the
    highest level they may heal 1 wound instead ('heal')."""

    kind: ClassVar[str] = "rc-morale"
    choice: str | None = None

    def text(self) -> str:
        return _("morale ({choice})").format(choice=self.choice) if self.choice else _("morale")

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, heal: bool = False) -> "RcMorale":
        """The Morale phase's choice: at the highest morale, determination unless told to heal."""
        top = t.limits(cat.tracks["morale"])[1]
        return cls("heal" if heal else ("determination" if t.data["tracks"]["morale"] == top else None))

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "morale/morale")
        level = t.data["tracks"]["morale"]
        top = t.limits(cat.tracks["morale"])[1]
        seat = first(t)
        name = who(t, cat, seat)
        n = R.morale_tokens(level, cat.rules["morale"]["levels"])
        vals = t.seat_values(seat)
        if self.choice not in (None, "determination", "heal"):
            raise UsageError(_("morale choice {choice!r}: accepted: determination, heal").format(choice=self.choice))
        if self.choice == "heal" and level != top:
            raise RuleError(_("healing instead of determination is only at the highest morale ({top}); morale is {level}")
                            .format(top=top, level=level))
        if self.choice == "heal":
            healed = heal(t, seat, 1)
            line = ngettext("morale {level:+d}: {name} heals {n} wound", "morale {level:+d}: {name} heals {n} wounds",
                            healed).format(level=level, name=name, n=healed)
        elif n >= 0:
            vals["determination"] += n
            line = _("morale {level:+d}: {name} gains {n} determination").format(level=level, name=name, n=n) if n \
                else _("morale 0: nothing")
        else:
            left, missing = R.pay(vals["determination"], -n)
            vals["determination"] = left
            wound(t, seat, missing)
            line = _("morale {level:+d}: {name} discards {n} determination").format(level=level, name=name, n=-n - missing)
            if missing:
                line += " " + _("and takes {n} wound(s) for the missing tokens").format(n=missing)
        goto(t, "production", "produce")
        return say([line])


@register
@frozen
class RcProduce(Action):
    """§ III. Production phase: each source on the camp tile gives one cube to Available Resources."""

    kind: ClassVar[str] = "rc-produce"

    def text(self) -> str:
        return _("production")

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "production/produce")
        c = t.data["counters"]
        c["food"] += c["camp-food"]
        c["wood"] += c["camp-wood"]
        rc(t)["plan"] = []
        goto(t, "action", "plan")
        return say([_("the camp gives {food} food and {wood} wood").format(food=c["camp-food"], wood=c["camp-wood"])])


# -- Night -------------------------------------------------------------------------------------------


@register
@frozen
class RcEat(Action):
    """§ VI. Night 1: one food per player; each player who cannot eat takes 2 wounds."""

    kind: ClassVar[str] = "rc-eat"
    hungry: tuple[str, ...] = ()  # seats
    legacy: bool = False  # a schema-3 row, replayed as then (state.LEGACY)

    def text(self) -> str:
        return _("night: eat ({who} go hungry)").format(who=words(self.hungry)) if self.hungry else _("night: eat")

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, names) -> "RcEat":
        """Who goes hungry, each by colour, character or player's name."""
        from .state import check_names

        expect(t, "night/eat")
        return cls(tuple(check_names(t, cat, list(names or ()))))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return {**cls.parse(t, cat, stored.get("hungry") or ()).to_dict(), "legacy": True}

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "night/eat")
        S.mark_legacy(t, self.legacy)
        c = t.data["counters"]
        have = c["food"] + c["nonperishable"]
        short = max(0, len(t.seats) - have)
        hungry = check_seats(t, list(self.hungry))
        if not hungry and short == len(t.seats):  # no food at all: everyone goes hungry, nobody to name
            hungry = list(t.seats)
        if len(hungry) != short:
            if short == 0:
                raise RuleError(_("there is food for everyone ({have}); nobody goes hungry").format(have=have))
            raise RuleError(_("{have} food for {players} players: name {short} who go(es) hungry, not {named}")
                            .format(have=have, players=len(t.seats), short=short, named=len(hungry)))
        eaters = len(t.seats) - short
        c["food"], c["nonperishable"], _missing = R.eat(c["food"], c["nonperishable"], eaters)
        for s in hungry:
            wound(t, s, 2)
        goto(t, "night", "camp")
        lines = [_("{n} food eaten").format(n=eaters)] + [_("{name} goes hungry: 2 wounds").format(name=who(t, cat, s))
                                                         for s in hungry]
        return say(lines)


@register
@frozen
class RcCamp(Action):
    """§ VI. Night 2: the camp stays, or moves to an adjacent tile (a known tile by number, or a new one
    with its sources: '5 plains food wood shelter')."""

    kind: ClassVar[str] = "rc-camp"
    to: str | None = None  # the tile's number; None: the camp stays
    tile: dict | None = None  # a tile not on the island yet, as described (state.parse_tile)

    def text(self) -> str:
        if self.tile:
            return _("camp moves to tile {tile}").format(tile=tile_words(self.tile))
        return _("camp moves to tile {tile}").format(tile=self.to) if self.to else _("camp stays")

    @classmethod
    def parse(cls, text: str | None) -> "RcCamp":
        """Nothing (or 'stay'): the camp stays; a tile number; or a new tile '5 plains food wood shelter'."""
        words = str(text or "").strip().split()
        if not words or (len(words) == 1 and words[0].lower() in ("stay", "-", "no")):
            return cls()
        if len(words) == 1:
            return cls(words[0])
        tile = parse_tile(" ".join(words))
        return cls(tile["tile"], tile)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(stored.get("to")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "night/camp")
        goto(t, "night", "heal")
        if not self.to:
            return say([_("the camp stays")])
        r = rc(t)
        if self.tile is None:
            if self.to not in r["tiles"]:
                known = ", ".join(sorted(r["tiles"])) or _("none")
                raise RuleError(_("tile {tile!r} is not on the island yet (known: {known}); describe it: "
                                  "'{tile} plains food wood shelter'").format(tile=self.to, known=known),
                                next=Next("rc-camp", missing=("tile",)))
            tile = r["tiles"][self.to]
        else:
            tile = dict(check_tile(self.tile))
            r["tiles"][tile["tile"]] = tile
        if tile["tile"] == r["camp"]:
            raise RuleError(_("the camp is already on tile {tile}").format(tile=r["camp"]))
        c, f = t.data["counters"], t.data["flags"]
        built = f["shelter"] == "built"
        roof, pal = R.camp_move(c["roof"], c["palisade"], built)
        lines = [_("the camp moves from tile {old} to tile {new}").format(old=r["camp"], new=tile["tile"])]
        if (roof, pal) != (c["roof"], c["palisade"]):
            lines.append(_("roof {roof} → {new_roof}, palisade {palisade} → {new_palisade}").format(
                roof=c["roof"], new_roof=roof, palisade=c["palisade"], new_palisade=pal))
        c["roof"], c["palisade"] = roof, pal
        r["camp"] = tile["tile"]
        c["camp-food"], c["camp-wood"] = tile["food"], tile["wood"]
        f["camp-shelter"] = bool(tile["shelter"])
        if f["shortcut"]:
            f["shortcut"] = False
            lines.append(_("the Shortcut token is discarded: the Shortcut goes back to its Invention side"))
        return say(lines)


@register
@frozen
class RcNightEnd(Action):
    """§ VI. Night 3-5: open-air wounds, food rots unless stored, the round marker moves on and the
    First Player token passes clockwise; after the last round the game is lost. It may follow the
    camp step directly: healing (a card effect 'cook.wounds -1') is only for those who have a way to."""

    kind: ClassVar[str] = "rc-night-end"

    def text(self) -> str:
        return _("night ends")

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "night/heal", "night/end")  # healing is optional: nothing to heal goes straight on
        c, f, r = t.data["counters"], t.data["flags"], rc(t)
        lines = []
        if f["shelter"] != "built" and not f["camp-shelter"]:
            wound_each(t, 1)
            lines.append(_("no shelter: 1 wound each for sleeping in the open air"))
        if not f["food-store"] and c["food"]:
            lines.append(_("{n} food rots").format(n=c["food"]))
            c["food"] = 0
        rnd = t.data["tracks"]["round"]
        if rnd >= r["rounds"]:
            t.data["over"] = {"result": "lost", "reason": S.LOST_ROUNDS.format(rnd=rnd, rounds=r['rounds'])}
            lines.append(_("the last round is over and the goal is not met: the game is lost"))
            return say(lines)
        t.data["tracks"]["round"] = rnd + 1
        r["first"] = (r["first"] + 1) % len(t.seats)
        goto(t, "event", "draw")
        lines.append(_("round {n}; {name} is the First Player").format(n=rnd + 1, name=who(t, cat, first(t))))
        return say(lines)


@register
@frozen
class RcGoal(Action):
    """The scenario's goal is met (the table confirms): the game is won."""

    kind: ClassVar[str] = "rc-goal"

    def text(self) -> str:
        return _("scenario goal met")

    def run(self, t: Table, cat: GameCatalog):
        t.data["over"] = {"result": "won", "reason": S.GOAL_MET}
        return say([_("the scenario goal is met in round {n}: everyone wins").format(n=t.data["tracks"]["round"])])


@register
@frozen
class RcUseItem(Action):
    """Use a Starting Item: each can be used twice in the game."""

    kind: ClassVar[str] = "rc-use-item"
    item: str

    def text(self) -> str:
        return _("use {item}").format(item=self.item)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, text: str) -> "RcUseItem":
        """A Starting Item by its name or its name's first letters: the item's name as the table holds it."""
        items = [i for i in rc(t)["items"] if i["uses"] is not None]
        key = str(text).strip().lower()
        match = [i for i in items if i["name"].lower() == key] or [
            i for i in items if i["name"].lower().startswith(key)]
        if len(match) != 1:
            names = ", ".join(i["name"] for i in items) or _("none")
            raise UsageError(_("starting item {item!r}; accepted: {names}").format(item=text, names=names))
        return cls(match[0]["name"])

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored["item"]).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        items = [i for i in rc(t)["items"] if i["uses"] is not None]
        match = [i for i in items if i["name"] == self.item]
        if len(match) != 1:
            names = ", ".join(i["name"] for i in items) or _("none")
            raise UsageError(_("starting item {item!r}; accepted: {names}").format(item=self.item, names=names))
        item = match[0]
        if item["uses"] < 1:
            raise RuleError(_("{item} is used up (each Starting Item works twice)").format(item=item["name"]))
        item["uses"] -= 1
        return say([_("{item}: {n} use(s) left").format(item=item["name"], n=item["uses"])])


@register
@frozen
class RcPhase(Action):
    """A correction: put the round at the start of a phase (the table is the source of truth)."""

    kind: ClassVar[str] = "rc-phase"
    phase: str

    def text(self) -> str:
        return _("phase set to {phase}").format(phase=self.phase)

    @classmethod
    def parse(cls, text: str) -> "RcPhase":
        return cls(str(text).strip().lower())

    def run(self, t: Table, cat: GameCatalog):
        if self.phase not in S.FIRST_STEP:
            raise UsageError(_("phase {phase!r}: accepted: {phases}").format(phase=self.phase, phases=", ".join(R.PHASES)))
        S.restart(t, self.phase)
        if self.phase == "event" and t.data["tracks"]["round"] == 1:
            return say([_(SAY["no_first_event"]) + _("; the round is put at the start of the Morale phase")])
        return None
