"""Robinson Crusoe: § V. Weather phase as registered actions: which Weather dice the Scenario card shows this
round (rc-weather-dice), then facing the weather (rc-weather: the dice held by rc-dice, typed, or rolled, plus
the tokens in the Weather space). Who fights the Hungry Animals' beast is the table's choice, asked before the
weather applies (held_dice.py)."""

from __future__ import annotations

from typing import ClassVar

from ... import rolls
from ...action_base import Action, register, typed_faces
from ...catalog import GameCatalog
from ...colours import word
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...lognames import word as shown_word
from ...table import Table
from ...valuetype import frozen
from . import rules as R
from .held_dice import held, read_faces, roll, weather_dice
from .state import check_seats, expect, first, goto, mark_legacy, say, seat_of, who, wound, wound_each

WEATHER_DIE = {"rain": N_("Rain die"), "winter": N_("Winter die"), "animals": N_("Hungry Animals die")}


@register
@frozen
class RcWeatherDice(Action):
    """Which Weather dice the Scenario card shows for this round."""

    kind: ClassVar[str] = "rc-weather-dice"
    dice: tuple[str, ...] = ()

    def text(self) -> str:
        shown = [shown_word(d, WEATHER_DIE) for d in self.dice]
        return _("weather dice: {dice}").format(dice=(" " if shown == list(self.dice) else ", ").join(shown) or _("none"))

    @classmethod
    def parse(cls, words) -> "RcWeatherDice":
        """The Weather dice named ('rain winter'; 'none' for no dice)."""
        return cls(tuple(d.strip().lower() for d in (words or []) if d.strip().lower() != "none"))

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "weather/dice")
        for d in self.dice:
            if d not in ("rain", "winter", "animals"):
                raise UsageError(_("weather die {die!r}: accepted: rain, winter, animals").format(die=d))
        goto(t, "weather", "roll", dice=list(dict.fromkeys(self.dice)))
        return None


@register
@frozen
class RcWeather(Action):
    """§ V. Weather phase: the dice (typed or rolled) plus the tokens in the Weather space. fighter: the
    player whose character fights the Hungry Animals' beast (the rulebook does not say who: the table
    decides; castaway's suggestion, and the default, is the First Player)."""

    kind: ClassVar[str] = "rc-weather"
    faces: tuple[str, ...] | None = None  # one face per weather die, in the order rain, winter, animals; None: rolled
    fighter: str | None = None  # a seat
    legacy: bool = False  # a schema-3 row, replayed as then (state.LEGACY)

    def text(self) -> str:
        s = _("weather")
        s = typed_faces(s, self.faces)
        return _("{line}, {fighter} fights").format(line=s, fighter=word(self.fighter)) if self.fighter else s

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, faces: str | None = None, fighter: str | None = None) -> "RcWeather":
        """The weather dice as typed ('rr,w,beast'; none or 'roll': rolled virtually) and who fights the beast (a
        colour, character or player's name), read against the dice this round rolls."""
        expect(t, "weather/roll", "weather/held")
        dice = weather_dice(t)
        typed = read_faces(cat, dice, faces)
        shown_dice = held(t)
        if typed is not None and shown_dice is not None:
            raise RuleError(_("the weather dice show already ({faces}): apply them").format(
                faces=", ".join(shown_dice["faces"])), next=Next("rc-weather"))
        if typed is not None and not dice:
            raise RuleError(_("no weather dice this round: there are no faces to type"), next=Next("rc-weather"))
        return cls(typed, seat_of(t, cat, fighter) if fighter else None)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        dice = weather_dice(t)  # schema 3 left faces typed for no dice unread
        faces = read_faces(cat, dice, stored.get("faces")) if dice else None
        fighter = stored.get("fighter")
        return cls(faces, seat_of(t, cat, fighter) if fighter else None, legacy=True).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "weather/roll", "weather/held")
        mark_legacy(t, self.legacy)
        dice = weather_dice(t)
        shown_dice = held(t)
        if self.faces is not None and not dice:
            raise RuleError(_("no weather dice this round: there are no faces to type"), next=Next("rc-weather"))
        if self.faces is not None and shown_dice is not None:
            raise RuleError(_("the weather dice show already ({faces}): apply them").format(
                faces=", ".join(shown_dice["faces"])), next=Next("rc-weather"))
        if self.fighter is not None:
            check_seats(t, [self.fighter])
        if shown_dice is not None:  # held (rc-dice): recorded there
            dice, rolled, records = list(shown_dice["dice"]), list(shown_dice["faces"]), []
        else:
            rolled, records = roll(t, cat, dice, self.faces) if dice else ([], [])
        c = t.data["counters"]
        w = R.weather_from(rolled, c["rain-token"], c["winter-token"], c["storm-token"])
        beast = cat.rules["weather_beast"]
        o = R.face_weather(w, c["roof"], c["food"], c["nonperishable"], c["wood"], c["palisade"], c["weapon"],
                           int(beast["strength"]))
        c["food"], c["nonperishable"], c["wood"], c["palisade"] = o.food, o.nonperishable, o.wood, o.palisade
        wound_each(t, o.wounds_each)
        fighter = self.fighter or first(t)
        wound(t, fighter, o.fighter_wounds)
        lines = list(o.lines) or [_("no weather this round")]
        if o.wounds_each:
            lines.append(_("{n} wound(s) for each player").format(n=o.wounds_each))
        if o.fighter_wounds:
            lines.append(_("{name} fights the beast: {n} wound(s)").format(name=who(t, cat, fighter), n=o.fighter_wounds))
        c["rain-token"] = c["winter-token"] = c["storm-token"] = 0
        t.data["flags"]["animals-die"] = False
        goto(t, "night", "eat")
        out = {**say(lines), "wounds_each": o.wounds_each, "fighter_wounds": o.fighter_wounds}
        if dice:
            out.update(dice=dice, faces=[[f] for f in rolled])
        if records:
            out[rolls.KEY] = records
        return out


