"""21 Days: survivors' abilities, the two-sided ability tokens, special hope tokens and the Dolphin
(Scruffs' tokens are in scruffs.py, day 21's moves in day21.py).

Rerolls and die changes (Aleta, the reroll token, the Dolphin, special hope tokens) are paid here; the faces the table then shows are the ones typed into the procedure.
"""

from __future__ import annotations

from typing import ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...lognames import shown
from ...table import Table
from ...valuetype import frozen
from . import typed as ty
from .core import d21, day, done, flow, gain, give_hope, hope, hope_taken, is_scruffs, lose, mark_today, name, pay_hope, push, raft, seat_of, spot_of, used_today
from .names import seat

SPECIAL = {"plusminus1-a": "±1", "plusminus1-b": "±1", "plusminus2": "±2"}  # as printed on the tokens

SAY = {
    "cost": N_("{who} pays {n} hope"),
    "once_day": N_("{who} has used that today already (once a day)"),
    "day21": N_("special hope bonuses cannot be used on day 21 (the token still counts as plain hope)"),
}

ABILITIES = ("maya", "aleta", "tomi", "mechanic", "pastor")


@register
@frozen
class Ability(Action):
    """A survivor's own ability, paid as their card says.

    maya: once a day, 2 hope, +1 strength to `to`. tomi: after fishing, 2 hope, one more fish for `to`
    ('no' lets it be). aleta: on days her strength is 4+, 2 hope, reroll any
    die (type the new face into the procedure). mechanic: 1 hope, gives his bottle card to `to`, who holds
    none and may play it at once. pastor: survivors at his location pass hope freely (`to`=SEAT, `n`).
    """

    kind: ClassVar[str] = "d21-ability"
    who: str = ""  # the survivor's id
    to: str | None = None  # a seat id (Tomi: None keeps his hope)
    n: int = 1
    source: str | None = None  # a seat id

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, who="", to=None, n=1, source=None) -> "Ability":
        who = str(who).strip().lower()
        if who == "tomi" and (to is None or str(to).strip().lower() in ("", "no", "n", "ne")):
            to = None
        return cls(who, ty.seat(t, to), int(n), ty.seat(t, source))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("who", ""), stored.get("to"), stored.get("n", 1), stored.get("source")).to_dict()

    def text(self) -> str:
        return _("ability {who} to {to}").format(who=seat(self.who), to=seat(self.to)) if self.to else _("ability {who}").format(who=seat(self.who))

    def run(self, t: Table, cat: GameCatalog):
        seat = seat_of(t, self.who)
        if seat is None:
            raise RuleError(_("{who!r} is not a living survivor at this table; abilities: {items}").format(who=self.who, items=", ".join(ABILITIES)))
        who = name(t, cat, seat)
        if self.who == "maya":
            if used_today(t, "maya"):
                raise RuleError(_(SAY["once_day"]).format(who=who))
            target = ty.check_seat(t, self.to or seat)
            pay_hope(t, seat, 2, _("Maya's gift"))
            mark_today(t, "maya")
            return {"say": _("Maya pays 2 hope: {who} +{gain} strength.").format(who=name(t, cat, target), gain=gain(t, target, 1))}
        if self.who == "tomi":
            done(t, "tomi")
            if self.to is None:
                return {"say": _("Tomi keeps his hope.")}
            if flow(t).get("fished") != day(t):
                raise RuleError(_("Tomi's extra fish comes when he fishes at the fishing location"))
            target = ty.check_seat(t, self.to)
            pay_hope(t, seat, 2, _("Tomi's extra fish"))
            flow(t).pop("fished", None)
            return {"say": _("Tomi pays 2 hope: {who} +{gain} strength.").format(who=name(t, cat, target), gain=gain(t, target, 1))}
        if self.who == "aleta":
            if t.visible(seat) < 4:
                raise RuleError(_("Aleta's visible strength is {strength}: her reroll needs 4 or more").format(strength=t.visible(seat)))
            pay_hope(t, seat, 2, _("Aleta's reroll"))
            return {"say": _("Aleta pays 2 hope: reroll the die and type the new face.")}
        if self.who == "mechanic":
            target = ty.check_seat(t, self.to or "")
            d = t.deck("bottle")
            cards = d["held"].get(seat) or []
            if not cards:
                raise RuleError(_("the mechanic holds no bottle card to give"))
            if d["held"].get(target) or is_scruffs(t, target):
                raise RuleError(_("{target} cannot take it: only a survivor with no bottle card").format(target=target))
            pay_hope(t, seat, 1, _("the mechanic's gift"))
            card = cards.pop(0)
            if not cards:
                del d["held"][seat]
            d["held"][target] = [card]
            push(t, {"do": "card", "seat": target})
            return {"say": _("The mechanic pays 1 hope and hands {card} to {who}, who may play it now.").format(card=card, who=name(t, cat, target))}
        if self.who == "pastor":
            src = ty.check_seat(t, self.source or "")
            target = ty.check_seat(t, self.to or "")
            here = {s: loc for s, loc in flow(t).get("placements", [])}
            spot = here.get(seat)
            if spot is None or here.get(src) != spot or here.get(target) != spot:
                raise RuleError(_("hope passes freely only between survivors on the pastor's location today"))
            pay_hope(t, src, self.n, _("passing hope"))
            t.seat_values(target)["hope"] = hope(t, target) + self.n
            return {"say": _("{src} passes {n} hope to {target}.").format(src=src, n=self.n, target=target)}
        raise UsageError(_("ability {who!r}: accepted here: {items} (others have commands or act by themselves)").format(who=self.who, items=', '.join(ABILITIES)))


@register
@frozen
class MagnussonReroll(Action):
    """The Professor on the octopus location rerolls the octopus die once for 2 hope (or lets it be)."""

    kind: ClassVar[str] = "d21-magnusson"
    reroll: bool = True
    face: str | None = None  # the rerolled octopus die's face word (None: virtual)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, reroll=True, face=None) -> "MagnussonReroll":
        from .attacks import octopus_face

        return cls(bool(reroll), octopus_face(cat, face))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("reroll", True), stored.get("face")).to_dict()

    def text(self) -> str:
        return _("the Professor rerolls the octopus die") if self.reroll else _("the Professor keeps the octopus die")

    def run(self, t: Table, cat: GameCatalog):
        from .attacks import Octopus, professor_at_octopus, start_fight

        f = flow(t)
        octo = f.get("octopus") or {}
        seat = professor_at_octopus(t)
        if seat is None:
            raise RuleError(_("only Prof. Magnusson with his die on the Octopus location rerolls the octopus die"))
        if not octo.get("face") or "octopus_done" not in d21(t).get("today", []):
            raise RuleError(_("the octopus die has not been rolled today"), next=Next("d21-octopus", missing=("face",)))
        if octo.get("rerolled") or f.get("fight") is not None and f["fight"].get("done"):
            raise RuleError(_("the Professor rerolls the octopus die once, before the fight"))
        done(t, "magnusson")
        if not self.reroll:
            if octo.get("face") != "blank" and f.get("fight") is None:
                start_fight(t)
            return {"say": _("The octopus die stands.")}
        pay_hope(t, seat, 2, _("the Professor's reroll"))
        if f.get("fight") is not None:  # a fight begun before the reroll is called off: the die is rolled again
            f.pop("fight", None)
            f["queue"] = [q for q in f["queue"] if q.get("do") != "tentacle"]
        f["queue"].insert(0, {"do": "octopus"})
        res = Octopus(self.face).run(t, cat)
        return {**res, "say": _("The Professor pays 2 hope and rerolls: {say}").format(say=res["say"])}


@register
@frozen
class FlipToken(Action):
    """Use a survivor's ability token (once a game): hope21 (3 hope, day 21 only), reroll (one die of
    anyone, type the new face), strength4 (4 strength shared: to=red,red,blue,kid), swap-seats (to=the other
    survivor: they trade places on the raft). cancel-disaster is used while a disaster is on the table."""

    kind: ClassVar[str] = "d21-flip-token"
    seat: str = ""  # a seat id
    to: tuple[str, ...] = ()  # seat ids

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat="", to=None) -> "FlipToken":
        return cls(ty.seat_of_word(t, seat), ty.seats(t, to))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("seat", ""), stored.get("to")).to_dict()

    def text(self) -> str:
        s = _("{seat}'s ability token").format(seat=seat(self.seat))
        return _("{line} to {to}").format(line=s, to=seat(",".join(self.to))) if self.to else s

    def run(self, t: Table, cat: GameCatalog):
        seat = ty.check_seat(t, self.seat)
        tok = d21(t).get("ability", {}).get(seat)
        if not tok or tok["used"]:
            raise RuleError(_("{seat} has no unused ability token").format(seat=seat))
        a = tok["id"]
        to = [ty.check_seat(t, s) for s in self.to]
        if a == "hope21":
            if day(t) < 21:
                raise RuleError(_("this token's 3 hope come on day 21"))
            got = give_hope(t, seat, 3)
            say = hope_taken(name(t, cat, seat), got)
        elif a == "reroll":
            say = _("Reroll one die of anyone's and type the new face.")
        elif a == "strength4":
            if len(to) == 1:
                to = to * 4  # one survivor takes all four
            if len(to) != 4:  # CS § Oboustranné žetony: 4 strength points shared among the living
                raise UsageError(_("strength4: list who gets each of the 4 points, e.g. red,red,blue,kid"))
            for s in to:
                gain(t, s, 1)
            say = _("4 strength shared: {items}").format(items=", ".join(to))
        elif a == "swap-seats":
            if len(to) != 1 or to[0] == seat:
                raise UsageError(_("swap-seats: name the other survivor, e.g. blue"))
            a_spot, b_spot = spot_of(t, seat), spot_of(t, to[0])
            raft(t)[a_spot], raft(t)[b_spot] = to[0], seat
            say = _("{seat} and {to} trade places on the raft.").format(seat=seat, to=to[0])
        else:
            raise RuleError(_("the cancel-disaster token is used while a disaster card is drawn (avert: token:SEAT)"))
        tok["used"] = True
        return {"say": say}


@register
@frozen
class SpecialHope(Action):
    """Spend a special hope token (±1 or ±2 on a die, wrapping 6↔1); it leaves the game. Not on day 21."""

    kind: ClassVar[str] = "d21-special-hope"
    seat: str = ""  # a seat id
    token: str = ""  # the special hope token's id

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat="", token="") -> "SpecialHope":
        return cls(ty.seat_of_word(t, seat), str(token).strip().lower())

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("seat", ""), stored.get("token", "")).to_dict()

    def text(self) -> str:
        return _("{seat} spends special hope {token}").format(seat=seat(self.seat), token=SPECIAL.get(self.token, self.token) if shown() else self.token)

    def run(self, t: Table, cat: GameCatalog):
        if day(t) >= 21:
            raise RuleError(_(SAY["day21"]))
        seat = ty.check_seat(t, self.seat)
        sp = d21(t)["special"]
        if self.token not in sp:
            raise UsageError(_("special hope token {token!r}: accepted: {items}").format(token=self.token, items=', '.join(sp)))
        if sp[self.token] == "used":
            raise RuleError(_("special hope token {token} has been used already").format(token=self.token))
        pay_hope(t, seat, 1, _("a special hope token"))
        sp[self.token] = "used"
        t.data["pools"]["hope"]["supply"] -= 1
        step = 2 if self.token.startswith("plusminus2") else 1
        return {"say": _("{seat} spends the ±{step} token: change one die by {step} up or down (6 and 1 wrap) and type it.").format(seat=seat, step=step)}


def in_attack(t: Table) -> bool:
    """A shark or octopus attack is being rolled (CS § Výměnná lokalita: the Dolphin fears both)."""
    f = flow(t)
    head = (f.get("queue") or [{}])[0].get("do")
    return bool(f.get("shark") or f.get("fight")) or head in ("shark-1", "shark-6", "octopus", "magnusson", "tentacle") or \
        (head == "attack" and t.data["tracks"]["shark"] == 1 and day(t) < 21) or \
        (f.get("await") or {}).get("what") in ("bite", "tentacle")


@register
@frozen
class Dolphin(Action):
    """With the Dolphin on the board a survivor pays 3 strength to turn a die they rolled to 7 minus it.
    Never in shark or octopus attacks, never for Scruffs."""

    kind: ClassVar[str] = "d21-dolphin"
    seat: str = ""  # a seat id
    face: int | None = None  # the die they rolled (not a roll of its own: the turned face is typed next)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat="", face=None) -> "Dolphin":
        return cls(ty.seat_of_word(t, seat), ty.face(face, _("Dolphin")))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("seat", ""), stored.get("face")).to_dict()

    def text(self) -> str:
        s = _("{seat} throws a die to the Dolphin").format(seat=seat(self.seat))
        return f"{s} ({self.face} → {7 - self.face})" if self.face else s

    def run(self, t: Table, cat: GameCatalog):
        if not str(d21(t).get("swap") or "").startswith("dolphin"):
            raise RuleError(_("the Dolphin is not on the board"))
        seat = ty.check_seat(t, self.seat)
        if is_scruffs(t, seat):
            raise RuleError(_("the Dolphin does not help Scruffs"))
        flow(t)  # the day's flow exists from here on (the state replays as it was stored)
        if in_attack(t):
            raise RuleError(_("the Dolphin keeps away from shark and octopus attacks"))
        if self.face is not None and not 1 <= self.face <= 6:
            raise UsageError(_("face {face}: accepted 1..6").format(face=self.face))
        lose(t, seat, 3)
        turned = _(" {face} becomes {turned}.").format(face=self.face, turned=7 - self.face) if self.face else _(" Type the turned face (7 minus the roll).")
        return {"say": _("{who} pays 3 strength to the Dolphin.{turned}").format(who=name(t, cat, seat), turned=turned)}
