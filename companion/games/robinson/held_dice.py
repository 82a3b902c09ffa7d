"""Robinson Crusoe: dice held before they apply (issue 22, item 4: decide after seeing the die).

The Action dice of a one-pawn action (§ IV.ii, Important: roll all 3 Action dice) and the Weather dice
(§ V. Weather phase) are first recorded as they show (rc-dice: typed at the table, or rolled virtually), held
in the round's flow ("action/held", "weather/held"), and only then applied (rc-resolve, rc-weather). At the
held dice the table may reroll a die (rc-reroll, recorded as a die like any other) and spend determination:
the rulebook lists a Reroll Success token and the characters' skills but prints neither's text (they are
on the cards), so castaway offers a reroll of any held die at the price the table says (decks/robinson/
rules.toml [after_dice], assumed). Who fights the Hungry Animals' beast is asked there too, before the
weather's wounds are given, so the game is never declared lost while that question waits.
"""

from __future__ import annotations

from typing import ClassVar

from ... import dice as dicemod
from ... import rolls
from ...action_base import Action, faces_words, register
from ...bounds import digits_in
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import _
from ...table import Table
from ...valuetype import frozen
from . import rules as R
from .plan import kind_of, needs_dice, next_entry
from .state import flow, label, say, seat_of, where, who

HELD = ("action/held", "weather/held")
ROLLS = ("action/resolve", "weather/roll")


def _expand(die, word: str) -> str:
    """A typed face may be shortened to a unique prefix: s → success, a → adventure."""
    w = word.strip().lower()
    names = list(dict.fromkeys(str(f).lower() for p in die.parts for f in p.faces))
    if w in names:
        return w
    hits = [n for n in names if n.startswith(w)] if w else []
    return hits[0] if len(hits) == 1 else w


def read_faces(cat: GameCatalog, dice_ids, faces) -> tuple[str, ...] | None:
    """The faces typed for the given dice ('s,0,a', 'rr w beast'; a unique prefix is enough), as the dice's own
    face words; None (nothing typed, or 'roll'): rolled virtually. Raises UsageError saying what is accepted."""
    if faces is None or isinstance(faces, (tuple, list)):
        return None if faces is None else tuple(str(f) for f in faces)
    if str(faces).strip().lower() in ("", "roll"):
        return None
    dice = dicemod.parse(cat, list(dice_ids)) if dice_ids else []
    groups = [g for g in str(faces).replace(",", " ").split() if g]
    text = ",".join(_expand(d, g) for d, g in zip(dice, groups)) if len(groups) == len(dice) else str(faces)
    return tuple(str(r.faces[0]) for r in dicemod.parse_faces(dice, text)) if dice else tuple(groups)


def roll(t: Table, cat: GameCatalog, dice_ids: list[str], faces: tuple[str, ...] | None):
    """Faces of the given dice, typed at the table (held to the dice) or rolled virtually, and their records in
    the one shape of dice in a result (rolls.py)."""
    dice = dicemod.parse(cat, list(dice_ids))
    if faces is not None:
        by_face = [{str(f): f for f in d.parts[0].faces} for d in dice]
        if len(faces) != len(dice) or any(str(f) not in m for f, m in zip(faces, by_face)):
            raise UsageError(_("faces {faces!r} for {dice}: one face of each die").format(
                faces=faces_words(faces), dice=" ".join(dice_ids)))
        rolled = [dicemod.RolledDie(d.id, (m[str(f)],)) for d, f, m in zip(dice, faces, by_face)]
    else:
        rolled = dicemod.roll_virtual(dice, t.rng())
    out = [str(r.faces[0]) for r in rolled]
    t.data["last"] = {"roll": " ".join(dice_ids), "faces": out}
    records = [rec for r in rolled for rec in rolls.of_die(cat, r.die, r.faces, faces is not None)]
    return out, records


def weather_dice(t: Table) -> list[str]:
    """The Weather dice this round rolls: the Scenario card's, and the Hungry Animals die once if a card
    called for it (§ V: rolled once even if the scenario asks too)."""
    dice = list(flow(t).get("dice") or [])
    if t.data["flags"]["animals-die"] and "animals" not in dice:
        dice.append("animals")
    return dice


def dice_to_roll(t: Table, cat: GameCatalog) -> list[str]:
    """The dice the round rolls now: the next one-pawn action's 3 Action dice, or this round's Weather dice."""
    if where(t) == "weather/roll":
        return weather_dice(t)
    p = next_entry(t)
    if p is None or not needs_dice(p):
        what = label(t, cat, p) if p is not None else _("nothing")
        raise RuleError(_("{what} rolls no dice: no faces to type").format(what=what), next=Next("rc-resolve"))
    return list(R.action_dice(kind_of(p)))


def held(t: Table) -> dict | None:
    """The dice shown and not applied yet: {"dice": [ids], "faces": [faces], "rerolls": n}, or None."""
    return flow(t).get("held") if where(t) in HELD else None


def held_now(t: Table) -> dict:
    """The dice shown, at a step that holds them (action/held, weather/held: rc-dice put them there)."""
    h = held(t)
    assert h is not None, f"no dice held at {where(t)}"
    return h


def held_words(t: Table) -> str:
    h = held(t) or {}
    return ", ".join(_(str(f)) for f in h.get("faces") or ()) or _("none")


@register
@frozen
class RcDice(Action):
    """The dice of a one-pawn action or of the Weather phase as they show: typed at the table (faces), or
    rolled virtually (None). They are held until the table applies them (rc-resolve, rc-weather)."""

    kind: ClassVar[str] = "rc-dice"
    faces: tuple[str, ...] | None = None

    def text(self) -> str:
        return _("dice {faces}").format(faces=faces_words(self.faces)) if self.faces else _("dice rolled")

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, faces) -> "RcDice":
        """The faces as typed ('s,0,a'; nothing or 'roll': rolled virtually), read against the dice rolled now."""
        if where(t) not in ROLLS:
            raise RuleError(_("no dice are rolled now (the round stands at {now})").format(now=where(t)))
        return cls(read_faces(cat, dice_to_roll(t, cat), faces))

    def run(self, t: Table, cat: GameCatalog):
        step = where(t)
        if step not in ROLLS:
            raise RuleError(_("no dice are rolled now (the round stands at {now})").format(now=step))
        dice = dice_to_roll(t, cat)
        if not dice:
            raise RuleError(_("no weather dice this round: there are no faces to type"), next=Next("rc-weather"))
        faces, records = roll(t, cat, dice, self.faces)
        flow(t).update(step="held", held={"dice": dice, "faces": faces, "rerolls": 0})
        out = say([_("the dice show {faces}: decide now, before they apply").format(faces=held_words(t))])
        out["faces"] = [[f] for f in faces]
        out[rolls.KEY] = records
        return out


def die_of(t: Table, cat: GameCatalog, word: str) -> int:
    """Which held die a word names: its id ('build-wound'), its kind ('wound', 'rain'), or its number (1..)."""
    h = held(t) or {"dice": []}
    ids = list(h["dice"])
    w = str(word).strip().lower()
    if digits_in(w, 1, len(ids)):
        return int(w) - 1
    for i, d in enumerate(ids):
        if w in (d, d.rpartition("-")[2]):
            return i
    accepted = ", ".join(d.rpartition("-")[2] for d in ids) or _("none")
    raise UsageError(_("die {die!r}: accepted: {dice}, or its number 1-{n}").format(die=word, dice=accepted, n=len(ids)))


@register
@frozen
class RcReroll(Action):
    """A held die rolled again (a character's skill or the Reroll Success token, as its card says): its new
    face typed (or None: rolled virtually); `payer` spends `cost` determination for it (the card's price,
    said by the table; 0 for a token)."""

    kind: ClassVar[str] = "rc-reroll"
    die: int  # which held die (0-based)
    face: str | None = None
    payer: str | None = None  # a seat
    cost: int = 0

    def text(self) -> str:
        bits = [_("reroll die {n}").format(n=self.die + 1)] + ([self.face] if self.face else [])
        if self.payer and self.cost:
            bits.append(_("({who} spends {n} determination)").format(who=self.payer, n=self.cost))
        return " ".join(bits)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, text: str) -> "RcReroll":
        """'reroll success', 'reroll success s', 'reroll wound 0 cook 2' (Cook spends 2 determination)."""
        shown = held(t)
        if shown is None:
            raise RuleError(_("no dice are held now: a reroll comes once the dice show"))
        words = str(text).strip().split()
        if words and words[0].lower() in ("reroll", _("reroll")):
            words = words[1:]
        accepted = _("write 'reroll DIE [FACE] [WHO N]', e.g. 'reroll success', 'reroll wound 0 cook 2' (Cook "
                     "spends 2 determination)")
        if not words:
            raise UsageError(_("reroll {text!r}: {accepted}").format(text=text, accepted=accepted))
        i = die_of(t, cat, words[0])
        rest = words[1:]
        cost, payer = 0, None
        if len(rest) >= 2 and rest[-1].isdecimal():
            cost, payer = int(rest[-1]), seat_of(t, cat, rest[-2])
            rest = rest[:-2]
        if len(rest) > 1:
            raise UsageError(_("reroll {text!r}: {accepted}").format(text=text, accepted=accepted))
        typed = read_faces(cat, [shown["dice"][i]], rest[0]) if rest else None  # None: castaway rolls ('roll')
        return cls(i, None if typed is None else typed[0], payer, cost)

    def run(self, t: Table, cat: GameCatalog):
        h = held(t)
        if h is None:
            raise RuleError(_("no dice are held now: a reroll comes once the dice show"))
        if isinstance(self.die, bool) or not isinstance(self.die, int) or not 0 <= self.die < len(h["dice"]):
            raise UsageError(_("die {die!r}: accepted: 1-{n}").format(die=self.die, n=len(h["dice"])))
        if isinstance(self.cost, bool) or not isinstance(self.cost, int) or self.cost < 0:
            raise UsageError(_("reroll cost {cost!r}: a number of determination tokens").format(cost=self.cost))
        lines = []
        if self.cost:
            if self.payer not in t.seats:
                raise UsageError(_("seat {seat!r} is not at this table; accepted: {seats}").format(
                    seat=self.payer, seats=", ".join(t.seats)))
            vals = t.seat_values(self.payer)
            if vals["determination"] < self.cost:
                raise RuleError(_("{name} has {have} determination, not {n}").format(
                    name=who(t, cat, self.payer), have=vals["determination"], n=self.cost))
            vals["determination"] -= self.cost
            lines.append(_("{name} spends {n} determination").format(name=who(t, cat, self.payer), n=self.cost))
        die = h["dice"][self.die]
        (face,), records = roll(t, cat, [die], None if self.face is None else (self.face,))
        old = h["faces"][self.die]
        h["faces"] = [*h["faces"][:self.die], face, *h["faces"][self.die + 1:]]
        h["rerolls"] = int(h.get("rerolls", 0)) + 1
        lines.insert(0, _("{die} rerolled: {old} → {new}").format(die=_(cat.die(die).name), old=_(old), new=_(face)))
        out = say(lines)
        out["faces"] = [[face]]
        out[rolls.KEY] = records
        return out
