"""21 Days: the draws from the table's decks and token piles (bottle, disaster and jellyfish cards, the swap
location tokens, the Scruffs tokens, the kite's suitcases).

With physical decks (setup option decks=physical, a new game's default) every draw is the table's:
castaway asks which card or token came up, answered by its number (the deck's list, the same all game
long), its name, its id (or its QR code), or "draw" (Czech "táhni"): castaway draws for the table. With
virtual decks (decks=virtual) castaway draws whenever nothing is said.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...action_base import Action, register
from ...card_actions import resolve_card
from ...catalog import GameCatalog
from ...errors import RuleError, UsageError
from ...i18n import N_, _, folded
from ...table import Table
from ...valuetype import frozen
from .core import DRAW, DRAW_WORDS, ROLL, physical_decks

# the menu's option for castaway drawing: typed as 'draw' (its value) or, in Czech, as its label 'táhni'
DRAW_LABEL = N_("draw (castaway draws)")

__all__ = ["DRAW_LABEL", "DRAW", "SetupSwap", "asked", "choices", "copy_of", "numbered", "put_swap", "take", "typed_card"]


def numbered(cat: GameCatalog, deck: str) -> list[tuple[str, str, str]]:
    """The deck's cards as the table picks them: (number, card id, name), numbered in the deck's order."""
    return [(str(i), c.id, _(c.name)) for i, c in enumerate(cat.deck(deck).cards, 1)]


def typed_card(t: Table, cat: GameCatalog, deck: str, text: Any) -> str | None:
    """What the table answered at a draw, parsed once: None (nothing said, or 'roll'), DRAW (castaway draws
    for the table), or the card's copy id at this table (from its number, name, id or QR code)."""
    if text is None:
        return None
    raw = str(text).strip()
    low = raw.lower()
    if low in ("", ROLL):
        return None
    if low in DRAW_WORDS:
        return DRAW
    if low in t.deck(deck)["draw"]:  # a copy's own id (a QR code, a stored action)
        return low
    rows = numbered(cat, deck)
    base = None
    if low.isdecimal():
        base = next((cid for n, cid, _name in rows if n == low), None)
        if base is None:
            raise UsageError(_("card {text!r}: accepted: a number 1..{n}, the card's name or id, or 'draw' (castaway draws)").format(text=raw, n=len(rows)))
    elif low in {cid for _n, cid, _name in rows}:
        base = low
    else:
        base = next((cid for _n, cid, name in rows if folded(low) in (folded(name), folded(cat.deck(deck).card(cid).name))), None)
    if base is None:
        return resolve_card(cat, t, deck, raw)
    return copy_of(t, deck, base, raw)


def copy_of(t: Table, deck: str, base: str, text: str = "") -> str:
    """A copy of the card `base` at this table: one in the draw pile first, else any (the draw then refuses
    it with where it is)."""
    d = t.deck(deck)
    pool = d["draw"] + [c for c in t.deck_cards(deck) if c not in d["draw"]]
    for c in pool:
        if c.split(":")[0] == base:
            return c
    raise RuleError(_("card {text!r} is not at this table").format(text=text or base))


def asked(t: Table, card: str | None) -> bool:
    """Whether this draw waits for the table to say what it drew: nothing said, and physical decks."""
    return card is None and physical_decks(t)


def take(t: Table, deck: str, card: str | None, what: str) -> str | None:
    """The card drawn, out of the draw pile: the one the table drew (`card`), or the top one when castaway
    draws (DRAW, or nothing said with virtual decks). None: the draw pile is empty."""
    d = t.deck(deck)
    if card is None or card == DRAW:
        return d["draw"].pop(0) if d["draw"] else None
    if card not in d["draw"]:
        raise RuleError(_("{what} {card!r} is not in the draw pile").format(what=what, card=card))
    d["draw"].remove(card)
    return card


def choices(t: Table, cat: GameCatalog, deck: str) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """A guided question's choices for a draw: the cards still in the draw pile, each by its number, and
    'draw' (0): castaway draws for the table."""
    left = {c.split(":")[0] for c in t.deck(deck)["draw"]} or {c.id for c in cat.deck(deck).cards}
    rows = [(n, cid, name) for n, cid, name in numbered(cat, deck) if cid in left]
    return ((DRAW, _(DRAW_LABEL)), *((cid, name) for _n, cid, name in rows)), ("0", *(n for n, _c, _l in rows))


def put_swap(t: Table, token: str) -> None:
    """The swap location token the table turned up at setup on the board (the one shown goes back)."""
    from .core import d21

    d, x = t.deck("swap"), d21(t)
    old = x.get("swap")
    if token == old:
        return
    if old and old in d["table"]:
        d["table"].remove(old)
        d["draw"].append(old)
    if token not in d["draw"]:
        raise RuleError(_("swap location token {token!r} is not in the stack").format(token=token))
    d["draw"].remove(token)
    d["table"].append(token)
    x["swap"] = token


@register
@frozen
class SetupSwap(Action):
    """Setup H: the swap location cards are shuffled and one is turned up at random; with physical decks
    the table says which (token: its copy id, or DRAW: castaway's pick, shown, stands)."""

    kind: ClassVar[str] = "d21-setup-swap"
    token: str | None = None

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, token=None) -> "SetupSwap":
        got = typed_card(t, cat, "swap", token)
        if got is None:
            raise UsageError(_("which swap location token did the table turn up? Its number, name or id, or 'draw' (castaway draws)"))
        return cls(got)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored.get("token")).to_dict()

    def text(self) -> str:
        from ...lognames import card

        return _("setup: swap location {token}").format(token=_("castaway's draw") if self.token == DRAW else card("swap", self.token))

    def run(self, t: Table, cat: GameCatalog):
        from .core import d21

        x = d21(t)
        assert self.token is not None, "parse gives a copy id or DRAW"
        if self.token != DRAW:
            put_swap(t, self.token)
        asks = x.get("to_ask") or []
        if "swap" in asks:
            asks.remove("swap")
        shown = x["swap"]
        return {"say": _("Swap location: {name}.").format(name=_(cat.deck("swap").card(shown.split(":")[0]).name))}
