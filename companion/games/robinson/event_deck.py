"""Robinson Crusoe: what the Event deck holds, so that its count follows the table (issue 26).

§ Setup builds it from Event cards only; § I. Event phase: "during the course of the game, you will shuffle some
Adventure and/or Mystery cards into this Event deck". The counter event-deck is the deck's total as the table
corrects it; t.data["rc"]["shuffled"] counts the Adventure and Mystery cards among them (kept once one is shuffled
in: the card effect 'event-adventure +1' or 'event-mystery +1', changes.py; the guided game asks it after an
Adventure card). A drawn card leaves the count; one castaway had not counted in leaves it as it was (the table
drew it, so it was there). "Draw for us" at the Event deck picks a kind from those counts (castaway knows no
card's text: the table takes a card of that kind). At an exploration, "draw for us" picks an Island tile
(rc-tile-draw).
"""

from __future__ import annotations

from typing import ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...errors import RuleError
from ...i18n import N_, _
from ...table import Table
from ...valuetype import frozen
from .state import expect, flow, rc, say

ICONS = ("build", "gather", "explore")
SHUFFLED = ("adventure", "mystery")
TARGETS = {"event-adventure": "adventure", "event-mystery": "mystery"}  # card effects: cards shuffled in
# the words that ask castaway to draw (the table chose no physical deck for this draw)
DRAW_WORDS = ("draw", N_("draw for us"), "losujte", "losujte za nás", "losuj", "táhni")  # 'táhni' as 21 Days takes it


def is_draw(text) -> bool:
    word = " ".join(str(text or "").strip().lower().split())
    return word in DRAW_WORDS or word == _("draw for us").lower()


def shuffled(t: Table) -> dict:
    """Adventure and Mystery cards counted in the Event deck: {"adventure": n, "mystery": n}."""
    got = rc(t).get("shuffled") or {}
    return {k: int(got.get(k, 0)) for k in SHUFFLED}


def shuffle_in(t: Table, kind: str, n: int) -> int:
    """n cards of this kind go into the Event deck (a negative n takes them out, as far as counted); returns the
    change made."""
    now = shuffled(t)
    n = max(n, -now[kind])
    if n:
        rc(t)["shuffled"] = {**now, kind: now[kind] + n}
        c = t.data["counters"]
        c["event-deck"] = max(0, c["event-deck"] + n)
    return n


def take(t: Table, kind: str) -> bool:
    """A card of this kind leaves the Event deck; False when castaway counted none of it there (the count stays)."""
    c, now = t.data["counters"], shuffled(t)
    if kind in SHUFFLED:
        if now[kind] < 1:
            return False
        rc(t)["shuffled"] = {**now, kind: now[kind] - 1}
    elif c["event-deck"] - sum(now.values()) < 1:
        return False
    c["event-deck"] = max(0, c["event-deck"] - 1)
    return True


def virtual_kind(t: Table, book_share: float = 0.5) -> str:
    """A card drawn for the table, each card in the deck as likely: an Adventure or Mystery card as counted in,
    otherwise an Event card, half of them with the Book icon, half with an Adventure icon (one of the three,
    equally likely): castaway does not know which Event cards are left (assumed, decks/robinson/rules.toml
    [rules.virtual_event_deck])."""
    now = shuffled(t)
    events = max(0, t.data["counters"]["event-deck"] - sum(now.values()))
    pool = ["adventure"] * now["adventure"] + ["mystery"] * now["mystery"] + ["event"] * events or ["event"]
    rng = t.rng()
    key = rng.choice(pool)
    if key != "event":
        return key
    return "book" if rng.random() < book_share else rng.choice(ICONS)


# -- the Island tiles: "draw for us" at an exploration ---------------------------------------------------

TILES = tuple(str(n) for n in range(1, 12))  # § Game Components: 11 Island tiles (numbered 1-11: assumed)


@register
@frozen
class RcTileDraw(Action):
    """§ 5. Exploration: 'draw the top Island tile' left to castaway ('draw for us'): a tile number picked among
    those not on the island; the table then takes that tile and says what it shows (rc-tile)."""

    kind: ClassVar[str] = "rc-tile-draw"

    def text(self) -> str:
        return _("tile drawn for the table")

    def run(self, t: Table, cat: GameCatalog):
        expect(t, "action/tile")
        left = [n for n in TILES if n not in rc(t)["tiles"]]
        if not left:
            raise RuleError(_("every Island tile is on the island already"))
        n = t.rng().choice(left)
        flow(t)["drawn"] = n
        return say([_("castaway drew tile {n} for the table: take it and say what it shows").format(n=n)])
