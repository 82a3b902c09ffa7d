"""The deck actions: shuffle, draw, discard, remove and return a card, and a card's id as typed or scanned."""

from __future__ import annotations

from typing import ClassVar

from . import colours
from .action_base import Action, register, require_alive
from .catalog import GameCatalog
from .errors import RuleError, UsageError
from .i18n import N_, _
from .lognames import card as card_name
from .table import Table
from .valuetype import frozen

MOVED = {"discard": N_("discard {deck} {card}"), "remove": N_("remove {deck} {card}")}  # the log's lines of moved cards
RETURNED = {"shuffle": N_("return {deck} {card} (shuffle)"), "top": N_("return {deck} {card} (top)"),
            "bottom": N_("return {deck} {card} (bottom)")}
PILES = {"draw": N_("draw"), "discard": N_("discard"), "out": N_("out-of-the-game"), "table": N_("table")}  # a deck's piles, in words


@register
@frozen
class Shuffle(Action):
    """Gather a deck's discards into its draw pile and shuffle it."""

    kind: ClassVar[str] = "shuffle"
    deck: str

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, deck: str) -> "Shuffle":
        return cls(cat.deck(deck.strip().lower()).id)

    def text(self) -> str:
        return _("shuffle {deck}").format(deck=self.deck)

    def run(self, t: Table, cat: GameCatalog):
        cat.deck(self.deck)
        d = t.deck(self.deck)
        pile = d["draw"] + d["discard"]
        t.rng().shuffle(pile)
        d["draw"], d["discard"] = pile, []
        return {"cards": len(pile)}


@register
@frozen
class Draw(Action):
    """Draw the top card (virtual) or record which physical card was drawn; to a seat or the table.

    deck: the deck's id; card: the physical copy's id ("swarm-a", "food:2"), None to draw the top card;
    to: the seat that takes it, None for the table."""

    kind: ClassVar[str] = "draw"
    deck: str
    card: str | None = None
    to: str | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, deck: str, card: str | None = None, to: str | None = None) -> "Draw":
        """`castaway draw DECK [--card ID] [--to SEAT]` as typed or scanned, read against the table."""
        deck_id = cat.deck(deck.strip().lower()).id
        copy = None if card is None else resolve_card(cat, t, deck_id, card)
        seat = None if to is None or to.strip().lower() == "table" else t.resolve_seat(cat, to)
        return cls(deck_id, copy, seat)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored["deck"], stored.get("card"), stored.get("to")).to_dict()

    def text(self) -> str:
        s = _("draw {deck} {card}").format(deck=self.deck, card=card_name(self.deck, self.card)) if self.card else _("draw {deck}").format(deck=self.deck)
        return _("{line} to {to}").format(line=s, to=colours.word(self.to)) if self.to else s

    def run(self, t: Table, cat: GameCatalog):
        deck = cat.deck(self.deck)
        d = t.deck(self.deck)
        seat = None
        if self.to:
            seat = _seat(t, self.to)
            require_alive(t, cat, seat)
            held = d["held"].get(seat, [])
            if deck.holder_limit is not None and len(held) >= deck.holder_limit:
                raise RuleError(
                    _("{seat} already holds {n} {text} (at most {holder_limit}); play one first").format(seat=seat, n=len(held), text=deck.name.lower(), holder_limit=deck.holder_limit)
                )
        if self.card is None:
            if not d["draw"]:
                raise RuleError(_("the {id} draw pile is empty; shuffle {id} to reuse the discards").format(id=deck.id))
            card = d["draw"].pop(0)
        else:
            card = _copy(t, self.deck, self.card)
            pile, holder = t.find_card(self.deck, card)
            if pile != "draw":
                where = _("held by {holder}").format(holder=holder) if holder else _("in the {pile} pile").format(pile=_(PILES.get(pile, pile)))
                raise RuleError(_("card {card!r} cannot be drawn: it is {where}").format(card=self.card, where=where))
            d["draw"].remove(card)
        if seat:
            d["held"].setdefault(seat, []).append(card)
        else:
            d["table"].append(card)
        t.data["last"] = {"draw": self.deck, "card": card}
        return {"card": card, "to": seat or "table"}


def _seat(t: Table, seat: str) -> str:
    if seat not in t.seats:
        raise UsageError(_("no seat {name!r} at this table; accepted: {items}").format(name=seat, items=", ".join(t.seats)))
    return seat


def _copy(t: Table, deck_id: str, card: str) -> str:
    """A physical copy's id, held to the table (a typed action's card, not text to read)."""
    if card not in t.deck_cards(deck_id):
        raise RuleError(_("card {text!r} is not at this table").format(text=card))
    return card


def resolve_card(cat: GameCatalog, t: Table, deck_id: str, text: str) -> str:
    """A card id as typed or scanned (optionally 'deck/card' from a QR code) to its physical copy id."""
    raw = str(text).strip().lower()
    if not raw:
        raise UsageError(_("empty card name; accepted: the ids of the {deck_id} deck").format(deck_id=deck_id))
    if raw.startswith("castaway:"):
        raw = raw.split(":", 1)[1]
    if "/" in raw:
        dk, raw = raw.split("/", 1)
        if dk != deck_id:
            raise UsageError(_("card {text!r} belongs to the {dk} deck, not {deck_id}").format(text=text, dk=dk, deck_id=deck_id))
    base = raw.split(":", 1)[0]
    cat.deck(deck_id).card(base)  # raises with the accepted ids
    if raw in t.deck_cards(deck_id):
        return raw
    raise RuleError(_("card {text!r} is not at this table").format(text=text))


@frozen
class _MoveCard(Action):
    """A card moved from wherever it is (deck: the deck's id; card: the physical copy's id)."""

    deck: str
    card: str
    dest: ClassVar[str] = ""

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, deck: str, card: str, **more):
        deck_id = cat.deck(deck.strip().lower()).id
        return cls(deck_id, resolve_card(cat, t, deck_id, card), **more)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        more = {k: v for k, v in stored.items() if k not in ("kind", "deck", "card")}
        return cls.parse(t, cat, stored["deck"], stored["card"], **more).to_dict()

    def text(self) -> str:
        said = MOVED.get(self.kind)
        return _(said).format(deck=self.deck, card=card_name(self.deck, self.card)) if said else f"{self.kind} {self.deck} {self.card}"

    def take(self, t: Table, cat: GameCatalog) -> str:
        cat.deck(self.deck)
        card = _copy(t, self.deck, self.card)
        pile, holder = t.find_card(self.deck, card)
        if pile == self.dest:
            raise RuleError(_("card {card!r} is already in the {dest} pile").format(card=card, dest=_(PILES.get(self.dest, self.dest))))
        d = t.deck(self.deck)
        if holder:
            d["held"][holder].remove(card)
            if not d["held"][holder]:
                del d["held"][holder]
        else:
            d[pile].remove(card)
        return card


@register
@frozen
class Discard(_MoveCard):
    kind: ClassVar[str] = "discard"
    dest: ClassVar[str] = "discard"

    def run(self, t, cat):
        card = self.take(t, cat)
        t.deck(self.deck)["discard"].insert(0, card)
        return {"card": card}


@register
@frozen
class RemoveCard(_MoveCard):
    """Take a card out of the game (back into the box)."""

    kind: ClassVar[str] = "remove"
    dest: ClassVar[str] = "out"

    def run(self, t, cat):
        card = self.take(t, cat)
        t.deck(self.deck)["out"].append(card)
        return {"card": card}


@register
@frozen
class ReturnCard(_MoveCard):
    """Put a card back into the draw pile: shuffled in (default), on top, or at the bottom."""

    kind: ClassVar[str] = "return"
    dest: ClassVar[str] = "draw"
    where: str = "shuffle"

    def text(self) -> str:
        said = RETURNED.get(self.where)
        return _(said).format(deck=self.deck, card=card_name(self.deck, self.card)) if said else f"return {self.deck} {self.card} ({self.where})"

    def run(self, t, cat):
        if self.where not in ("shuffle", "top", "bottom"):
            raise UsageError(_("return to {where!r}: accepted: shuffle, top, bottom").format(where=self.where))
        card = self.take(t, cat)
        d = t.deck(self.deck)
        if self.where == "top":
            d["draw"].insert(0, card)
        elif self.where == "bottom":
            d["draw"].append(card)
        else:
            d["draw"].append(card)
            t.rng().shuffle(d["draw"])
        return {"card": card}
