"""21 Days: the bottle location (Receive on 2/4/6 first, then Play on 1/3/5) and the bottle cards'
effects. One card per survivor; a played card leaves the game (Extra hands, the Plank Location and the
Plant stay on the table while they work).
"""

from __future__ import annotations

from typing import ClassVar

from ... import rolls
from ...action_base import Action, register, typed_faces
from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...i18n import N_, _
from ...lognames import word
from ...table import Table
from ...valuetype import frozen
from . import draws
from . import typed as ty
from .core import d21, done, flow, gain, give_hope, hope_taken, is_scruffs, living, lose, move_ship, name, newer_setup, push
from .names import colour, seat

SAY = {
    "receive_ok": N_("{who} rolls {v}: a bottle washes up: {card}."),
    "receive_no": N_("{who} rolls {v}: no bottle (2, 4 or 6 needed)."),
    "play_ok": N_("{who} rolls {v}: they may play their bottle card."),
    "play_no": N_("{who} rolls {v}: the card stays in hand (1, 3 or 5 needed)."),
    "receive_ask": N_("{who} rolls {v}: a bottle washes up. Which bottle card did {who} draw?"),
    "which": N_("which bottle card did {who} draw? The table says it: its number, name or id, or 'draw' (castaway draws)"),
}

# the bottle location's two modes as its spaces read (the log's line says them so; the stored line keeps the id)
MODES = {"receive": N_("receive (2/4/6)"), "play": N_("play (1/3/5)")}


# -- bottle ----------------------------------------------------------------------------------------


def receive_card(t: Table, cat: GameCatalog, seat: str, card: str | None, second: bool = False) -> str:
    """The bottle card drawn to a survivor: the copy the table drew (`card`), or the top one when castaway
    draws (draws.DRAW, or nothing said with virtual decks); `second`: the Bottle swap token lets them hold
    two for a moment."""
    wd = d21(t).get("white_die")
    if wd and wd.get("seat") == seat:
        raise RuleError(_("{seat} has the Extra hands card in play: no new bottle card meanwhile").format(seat=seat))
    if is_scruffs(t, seat):
        raise RuleError(_("Scruffs takes no bottle cards"))
    d = t.deck("bottle")
    if d["held"].get(seat) and not second:
        raise RuleError(_("{seat} already holds a bottle card: play it first (one card per survivor)").format(seat=seat))
    got = draws.take(t, "bottle", card, _("bottle card"))
    if got is None:
        return _("nothing: the bottle deck is empty")
    d["held"].setdefault(seat, []).append(got)
    return _(cat.deck("bottle").card(got.split(":")[0]).name)


def lost_colour(t: Table, cat: GameCatalog, card: str) -> str | None:
    """The colour of a strength card whose survivor is no longer on the raft (None for any other card)."""
    colour_ = cat.deck("bottle").card(card.split(":")[0]).get("colour")
    return colour_ if colour_ and colour_ not in living(t) else None


def received(t: Table, cat: GameCatalog, seat: str, v: int, card: str | None) -> dict:
    """The card drawn at Receive to `seat`. A strength card for a survivor no longer on the raft leaves the
    game and the survivor may take a new one (21-dni-pravidla-cs.txt § Karty láhve): drawn again by
    castaway (virtual decks, 'draw'), or asked again of the table (physical decks)."""
    who = name(t, cat, seat)
    says = []
    while True:
        got = receive_card(t, cat, seat, card)
        held = t.deck("bottle")["held"].get(seat) or []
        gone = lost_colour(t, cat, held[-1]) if held and newer_setup(t) else None
        if gone is None:
            says.append(_(SAY["receive_ok"]).format(who=who, v=v, card=got))
            break
        _leave(t, held[-1])
        says.append(_("{who} draws {card}, but {colour} is no longer on the raft: the card leaves the game and {who} takes a new one.").format(
            who=who, card=got, colour=colour(gone)))
        if draws.asked(t, None) and card != draws.DRAW:
            flow(t)["bottle"] = {"seat": seat, "face": v}
            return {"faces": [v], "say": " ".join(says)}
        card = draws.DRAW
    done(t, "receive")
    return {"faces": [v], "say": " ".join(says)}


@register
@frozen
class Bottle(Action):
    """The bottle location: Receive (2, 4, 6 takes the top bottle card) first, then Play (1, 3, 5 lets the
    survivor play the card they hold). One bottle card per survivor; cards are not passed on."""

    kind: ClassVar[str] = "d21-bottle"
    mode: str = "receive"
    seat: str | None = None
    face: int | None = None
    card: str | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, mode="receive", seat=None, face=None, card=None) -> "Bottle":
        m = str(mode).strip().lower()
        if m not in MODES:
            raise UsageError(_("bottle {mode!r}: accepted: receive, play").format(mode=mode))
        return cls(m, ty.one_seat(t, cat, seat), ty.face(face, _("bottle die")), draws.typed_card(t, cat, "bottle", card))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat, lenient=("card",))

    def _drawn(self, t: Table, cat: GameCatalog) -> dict:
        """The die showed 2, 4 or 6 and the table draws: the card it drew (the die is not rolled again)."""
        pend = flow(t)["bottle"]
        seat, v = pend["seat"], pend["face"]
        if self.face is not None and self.face != v:
            raise RuleError(_("the bottle die showed {v} already; the table says which card it drew").format(v=v))
        if draws.asked(t, self.card):
            raise RuleError(_(SAY["which"]).format(who=name(t, cat, seat)), next=Next("d21-bottle", {"mode": "receive", "drawn": True}, ("card",)))
        flow(t).pop("bottle")
        return received(t, cat, seat, v, self.card)

    def text(self) -> str:
        mode = word(self.mode, MODES)
        s = _("bottle {mode} {seat}").format(mode=mode, seat=seat(self.seat)) if self.seat else _("bottle {mode}").format(mode=mode)
        return typed_faces(s, self.face)

    def run(self, t: Table, cat: GameCatalog):
        if self.mode not in ("receive", "play"):
            raise UsageError(_("bottle {mode!r}: accepted: receive, play").format(mode=self.mode))
        if self.mode == "receive" and flow(t).get("bottle"):
            return self._drawn(t, cat)
        seats = ty.at(t, cat, self.mode, (self.seat,) if self.seat else None, 1)
        if not seats:
            done(t, self.mode)
            return {"say": _("Nobody left at the bottle location.")}
        seat = seats[0]
        vals, virtual = ty.dice(t, ty.one(self.face), 1, _("bottle die"))
        v = vals[0]
        return rolls.add(self._rolled(t, cat, seat, v), ty.records("placement", vals, virtual))

    def _rolled(self, t: Table, cat: GameCatalog, seat: str, v: int) -> dict:
        who = name(t, cat, seat)
        if self.mode == "receive":
            wd = d21(t).get("white_die")
            if v % 2 == 0 and (t.deck("bottle")["held"].get(seat) or (wd and wd.get("seat") == seat)):
                say = _("{who} rolls {v}, but their hand is not free for a new bottle card.").format(who=who, v=v)
            elif v % 2 == 0 and draws.asked(t, self.card):  # the table draws its own card: asked next
                flow(t)["bottle"] = {"seat": seat, "face": v}
                return {"faces": [v], "say": _(SAY["receive_ask"]).format(who=who, v=v)}
            elif v % 2 == 0:
                return received(t, cat, seat, v, self.card)
            else:
                say = _(SAY["receive_no"]).format(who=who, v=v)
            done(t, "receive")
            return {"faces": [v], "say": say}
        done(t, "play")
        if v % 2 == 1 and t.deck("bottle")["held"].get(seat):
            push(t, {"do": "card", "seat": seat})
            return {"faces": [v], "say": _(SAY["play_ok"]).format(who=who, v=v)}
        if v % 2 == 1:
            return {"faces": [v], "say": _("{who} rolls {v} but holds no bottle card.").format(who=who, v=v)}
        return {"faces": [v], "say": _(SAY["play_no"]).format(who=who, v=v)}


@register
@frozen
class PlayCard(Action):
    """Play the bottle card a survivor holds: its effect is applied and the card leaves the game.

    faces: dice the card itself asks for (Four flares: 4); colour cards pick their colour themselves.
    keep: do not play after all (the card stays in hand).
    """

    kind: ClassVar[str] = "d21-play-card"
    seat: str = ""
    faces: tuple[int, ...] | None = None
    keep: bool = False
    card: str | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat="", faces=None, keep: bool = False, card=None) -> "PlayCard":
        return cls(ty.alive(t, cat, ty.one_seat(t, cat, seat)), ty.faces(faces, _("four flares")), bool(keep), ty.card(t, cat, "bottle", card))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return ty.upgraded(cls, stored, t, cat)

    def text(self) -> str:
        if self.keep:
            return _("{seat} keeps the bottle card").format(seat=seat(self.seat))
        s = _("{seat} plays the bottle card").format(seat=seat(self.seat))
        return typed_faces(s, self.faces)

    def run(self, t: Table, cat: GameCatalog):
        seat = ty.alive(t, cat, self.seat)
        held = t.deck("bottle")["held"].get(seat) or []
        if not held:
            raise RuleError(_("{seat} holds no bottle card").format(seat=seat))
        if self.card:
            card = self.card
            if card not in held:
                raise RuleError(_("{seat} does not hold {card!r}; they hold {items}").format(seat=seat, card=self.card, items=', '.join(held)))
        else:
            card = held[0]
        if self.keep:
            if len(held) > 1:
                raise RuleError(_("{seat} holds two bottle cards: play one of them").format(seat=seat))
            done(t, "card")
            return {"say": _("{who} keeps the card for later.").format(who=name(t, cat, seat))}
        done(t, "card")
        say, faces, virtual = card_effect(t, cat, seat, card, self.faces)
        res = {"card": card, "faces": faces, "say": say}
        return rolls.add(res, ty.records("d6", faces, virtual)) if faces else res


def _leave(t: Table, card: str, pile: str = "out") -> None:
    d = t.deck("bottle")
    for holder, cards in list(d["held"].items()):
        if card in cards:
            cards.remove(card)
            if not cards:
                del d["held"][holder]
    d[pile].append(card)


def card_effect(t: Table, cat: GameCatalog, seat: str, card: str, typed: tuple[int, ...] | None) -> tuple[str, list, bool]:
    """A bottle card's effect: (what happened, the dice it took, whether they were rolled virtually)."""
    cid = card.split(":")[0]
    spec = cat.deck("bottle").card(cid)
    who = name(t, cat, seat)
    faces: list = []
    virtual = False
    if cid == "four-flares":
        faces, virtual = ty.dice(t, typed, 4, _("four flares"))
        before = t.data["tracks"]["ship"]
        move_ship(t, cat, faces.count(6))
        say = _("Four flares {items}: the ship moves {n:+d}.").format(items=','.join(map(str, faces)), n=t.data['tracks']['ship'] - before)
    elif cid == "ship-right":
        move_ship(t, cat, 1)
        say = _("The ship moves to {ship}.").format(ship=t.data['tracks']['ship'])
    elif cid == "four-hope":
        got = give_hope(t, seat, spec.get('hope', 4))
        say = hope_taken(who, got)
    elif cid == "plank-back":
        from .attacks import restore_plank

        say = restore_plank(t, cat)
    elif cid == "no-disaster":
        d21(t).setdefault("today", []).append("cancel-disaster")
        say = _("Today's disaster card is cancelled.")
    elif cid == "white-die":
        d21(t)["white_die"] = {"seat": seat, "markers": spec.get("markers", 3), "card": card}
        _leave(t, card, "table")
        return _("{who} puts 3 markers on Extra hands: an extra white placement die on 3 days of their choice.").format(who=who), faces, virtual
    elif spec.get("colour"):
        colour = spec.get("colour")
        if colour in living(t):
            say = _("{who} gains {gain} strength.").format(who=name(t, cat, colour), gain=gain(t, colour, spec.get('strength', 2)))
        else:
            say = _("{colour} is no longer on the raft: the card leaves the game.").format(colour=colour)
    elif cid == "blowfish":
        for s in living(t):
            lose(t, s, 1)
        say = _("Blowfish: every survivor loses 1 strength.")
    elif cid == "bye-bye-shark":
        from .attacks import shark_top

        t.data["tracks"]["shark"] = shark_top(t)
        say = _("The shark card goes back to {shark_top}.").format(shark_top=shark_top(t))
    elif cid == "plank-location":
        d21(t)["plank_card"] = seat
        _leave(t, card, "table")
        return _("{who} lays out the Plank location: their die may go there; a 6 brings a plank back.").format(who=who), faces, virtual
    elif cid == "plant":
        d21(t)["plant"] = {"days": 0}
        _leave(t, card, "table")
        return _("The plant is set under the bottle deck: it grows each day before Midday."), faces, virtual
    elif cid == "rotten-fish":
        say = _("Rotten fish: thrown overboard, the hand is free again.")
    else:
        say = _("{name}: apply the card as printed, correcting the table by hand; it is not described in the rulebooks.").format(name=_(spec.name))
    _leave(t, card)
    return _("{who} plays {card}.").format(who=who, card=_(spec.name)) + " " + say, faces, virtual
