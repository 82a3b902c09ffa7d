"""21 Mutinies: the sailors' own actions, resolved after the captain's: the cabin, then the mutiny.

Source: 21-mutinies-rulebook-en.txt § Actions That Can Be Taken Only By Sailors.
"""

from __future__ import annotations

from typing import ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...colours import word
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _, ngettext
from ...lognames import word as shown_word
from ...table import Table
from ...valuetype import frozen
from . import core, purse, spots
from .actions import _done, _head, _placement, resolve_seat, seat_of
from .core import HENCHMAN, flow, name, rule
from .layout import packs

# the cabin's choices (their ids) in the log's shown line
CABIN_WORDS = {"prestige": N_("1 prestige"), "doubloon": N_("1 doubloon from the bank"), "buy": N_("buy prestige"),
               "steal": N_("steal 1 doubloon")}


@register
@packs
@frozen
class Cabin(Action):
    """The cabin: prestige, doubloon (stolen from another player when alone), or buy (5 doubloons → 3 prestige)."""

    kind: ClassVar[str] = "mut-cabin"
    choice: str  # prestige, doubloon, steal or buy
    victim: str | None = None  # steal: the seat robbed

    def text(self) -> str:
        s = _("cabin: {choice}").format(choice=shown_word(self.choice, CABIN_WORDS))
        return _("{line} from {seat}").format(line=s, seat=word(self.victim)) if self.victim else s

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, choice: str, victim: str | None = None) -> "Cabin":
        """`cabin CHOICE [--from SEAT]` as typed; only a theft reads its victim (a colour or a player's name)."""
        c = str(choice).strip().lower()
        if c not in CABIN_WORDS:
            raise UsageError(_("cabin {choice!r}: accepted: prestige, doubloon, steal, buy").format(choice=choice))
        return cls(c, resolve_seat(t, victim) if c == "steal" and victim else None)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored["choice"], stored.get("victim")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        item = _head(t, "cabin")
        p = _placement(t, item)
        seat, who = p["seat"], name(t, p["seat"])
        cab = rule(cat, "cabin")
        choice = self.choice
        if choice == "prestige":
            extra = purse.gain_prestige(t, cat, seat, cab["prestige"])
            said = _("{who}: +{n} prestige").format(who=who, n=cab["prestige"]) + "".join(f"; {e}" for e in extra)
        elif choice == "doubloon":
            said = _("{who}: +{n} doubloon").format(who=who, n=purse.gain(t, seat, "doubloons", cab["doubloon"]))
        elif choice == "steal":
            if len(spots.on(t, "cabin")) != 1:
                raise RuleError(_("only a sailor alone in the cabin may steal"))
            if not self.victim:
                raise RuleError(_("steal from whom? the sailor alone in the cabin robs another player"),
                                next=Next("mut-cabin", {"choice": "steal"}, missing=("victim",)))
            victim = seat_of(t, self.victim)
            if victim in (seat, HENCHMAN):
                raise RuleError(_("{who} steals from another player, not from {victim}").format(who=who, victim=name(t, victim)))
            purse.pay(t, victim, "doubloons", cab["doubloon"], N_("the theft"))
            t.seat_values(seat)["doubloons"] += cab["doubloon"]
            said = _("{who} steals {n} doubloon from {victim}").format(who=who, n=cab["doubloon"], victim=name(t, victim))
        elif choice == "buy":
            purse.pay(t, seat, "doubloons", cab["buy_pay"], N_("3 prestige"))
            extra = purse.gain_prestige(t, cat, seat, cab["buy_prestige"])
            said = ngettext("{who} pays {n} doubloon: +{pp} prestige", "{who} pays {n} doubloons: +{pp} prestige", cab["buy_pay"]).format(
                who=who, n=cab["buy_pay"], pp=cab["buy_prestige"]) + "".join(
                f"; {e}" for e in extra)
        else:
            raise UsageError(_("cabin {choice!r}: accepted: prestige, doubloon, steal, buy").format(choice=self.choice))
        _done(t, cat)
        return {"say": said}


@register
@packs
@frozen
class Mutiny(Action):
    """The mutiny: each mutineer pays and gains (or, unable to pay, neither); the top payer is captain."""

    kind: ClassVar[str] = "mut-mutiny"

    def text(self) -> str:
        return _("resolve the mutiny")

    def run(self, t: Table, cat: GameCatalog):
        _head(t, "mutiny")
        f = flow(t)
        spaces = rule(cat, "mutiny")["spaces"]
        said, paid = [], {}
        for p in spots.on(t, "mutiny"):
            seat, who = p["seat"], name(t, p["seat"])
            p["owes"] = [0, 0, 0]
            if seat == HENCHMAN:
                continue
            d, pp, lp, gd = spaces[p["detail"]]
            if core.value(t, seat, "doubloons") < d or core.value(t, seat, "prestige") < lp:
                said.append(_("{who} can no longer pay for space {k}: pays nothing, gets nothing").format(who=who, k=p["detail"]))
                continue
            purse.pay(t, seat, "doubloons", d, N_("the mutiny"))
            purse.pay(t, seat, "prestige", lp, N_("the mutiny"))
            purse.gain(t, seat, "doubloons", gd)
            extra = purse.gain_prestige(t, cat, seat, pp)
            if lp:
                line = _("{who} pays {n} prestige, gains {d} doubloon").format(who=who, n=lp, d=gd)
            else:
                line = ngettext("{who} pays {n} doubloon, gains {pp} prestige", "{who} pays {n} doubloons, gains {pp} prestige", d).format(
                    who=who, n=d, pp=pp)
            said.append(line + "".join(f"; {e}" for e in extra))
            paid[seat] = d
        if paid:
            ranked = sorted(paid, key=lambda s: -paid[s])
            new = ranked[0]
            if core.two_player(t):
                other = next(s for s in core.players(t) if s != new)
                f["order"] = [new, HENCHMAN, other]
            else:
                f["order"] = ranked + [s for s in f["order"] if s not in paid]
            f["blocked"] = {a: b for a, b in f["blocked"].items() if b.get("until") != "mutiny"}
            f["draw"] = new if f["deck_left"] > 0 else None
            said.append(_("{who} is the new captain; turn order {order}").format(
                who=name(t, new), order=", ".join(name(t, s) for s in f["order"])))
            if not f["draw"]:
                said.append(_("the mutiny deck is spent: no card"))
        else:
            said.append(_("nobody paid for a mutiny: the captain stays"))
        _done(t, cat)
        return {"say": "; ".join(said)}
